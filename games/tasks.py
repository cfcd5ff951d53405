"""Celery tasks: thin and idempotent, each calling the service of the same name (see DESIGN.md).

The tasks the lower layers queue after a commit are named in `games.task_queue`."""

import threading

from celery import shared_task
from django.db import transaction
from django.utils import timezone
from django.utils.module_loading import import_string

from games import task_queue
from games.calls import channels
from games.calls.digest import digest_readers, digest_send
from games.calls.mailing import invitation_send, outbox_flush, outbox_send
from games.calls.outbox import call_once_away
from games.services.boards import boards_render
from games.services.bot_moves import bot_move
from games.services.housekeeping import housekeeping
from games.services.timeouts import deadlines_sweep, reminders_send

_eager = threading.local()


@shared_task(name=task_queue.BOT_MOVE)
def bot_move_task(game_id: int, seq: int) -> None:
    """Run eagerly (tests, CELERY_TASK_ALWAYS_EAGER), each bot move would start the next from
    inside its own commit, one stack level deeper per move, and a table of bots would overflow
    the stack. A call that arrives while another is running in the same thread is therefore
    queued, and the outermost call works the queue off in a loop. A worker runs each task on
    its own, so there the queue only ever holds the task itself."""
    if getattr(_eager, "queue", None) is not None:
        _eager.queue.append((game_id, seq))
        return
    _eager.queue = [(game_id, seq)]
    try:
        while _eager.queue:
            queued_game, queued_seq = _eager.queue.pop(0)
            bot_move(game_id=queued_game, expected_seq=queued_seq)
    finally:
        _eager.queue = None


@shared_task(name=task_queue.CALL_ONCE_AWAY)
def call_once_away_task(seat_id: int, look: str = "") -> None:
    with transaction.atomic():
        call_once_away(seat_id=seat_id, now=timezone.now(), look=look)


@shared_task(name=task_queue.BOARDS_RENDER)
def boards_render_task(game_id: int) -> None:
    """Lost, it costs the web a render at the next poll: nothing is owed."""
    boards_render(game_id=game_id)


# Time and mail (see DESIGN.md, "Time and messages").


@shared_task(name=task_queue.OUTBOX_SEND)
def outbox_send_task(outbox_id: int) -> None:
    """A worker killed mid-send leaves the task to another (settings, "Tasks"); the row's
    sent_at, checked under a row lock, keeps the mail from going out twice."""
    outbox_send(outbox_id=outbox_id)


@shared_task(name=task_queue.DELIVER)
def deliver_task(channel: str, delivery_id: int) -> None:
    """The first attempt at a delivery by a delivered channel (a webhook's post, a push);
    later ones are its retries', when their back-off ends."""
    import_string(channels.delivered(channel).deliver)(delivery_id=delivery_id)


@shared_task
def deliveries_retry_task() -> None:
    """A task a delivered channel, each well inside the tasks' time limit."""
    for channel in channels.DELIVERED:
        channel_retry_task.delay(channel.name)


@shared_task
def channel_retry_task(channel: str) -> None:
    import_string(channels.delivered(channel).retry)()


@shared_task(name=task_queue.INVITATION_SEND)
def invitation_send_task(game_id: int, address: str) -> None:
    invitation_send(game_id=game_id, address=address)


@shared_task(name=task_queue.DEADLINES_SWEEP)
def deadlines_sweep_task() -> None:
    deadlines_sweep()


@shared_task
def reminders_task() -> None:
    reminders_send()


@shared_task
def outbox_flush_task() -> None:
    """Rows whose send task was lost (the broker was down at commit, or restarted)."""
    outbox_flush()


@shared_task
def housekeeping_task() -> None:
    housekeeping()


@shared_task
def mail_digest_task() -> None:
    """One task a player, each well inside the tasks' time limit (settings, "Tasks")."""
    for user_id in digest_readers():
        digest_send_task.delay(user_id)


@shared_task(name=task_queue.DIGEST_SEND)
def digest_send_task(user_id: int) -> None:
    digest_send(user_id=user_id)
