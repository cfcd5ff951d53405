"""Celery tasks: thin and idempotent, each calling the service of the same name (see DESIGN.md).

The tasks the lower layers queue after a commit are named in `games.task_queue`."""

import threading

from celery import shared_task
from django.db import transaction
from django.utils import timezone

from games import task_queue
from games.calls.digest import digest_readers, digest_send
from games.calls.mailing import invitation_send, outbox_flush, outbox_send
from games.calls.outbox import call_once_away
from games.calls.push import push_deliver, pushes_retry
from games.calls.webhooks import webhook_deliver, webhooks_retry
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


@shared_task(name=task_queue.WEBHOOK_DELIVER)
def webhook_deliver_task(delivery_id: int) -> None:
    """The first attempt at a delivery; later ones are the sweep's, when their back-off ends."""
    webhook_deliver(delivery_id=delivery_id)


@shared_task
def webhooks_retry_task() -> None:
    webhooks_retry()


@shared_task(name=task_queue.PUSH_DELIVER)
def push_deliver_task(delivery_id: int) -> None:
    """The first attempt at a push; later ones are the sweep's."""
    push_deliver(delivery_id=delivery_id)


@shared_task
def pushes_retry_task() -> None:
    pushes_retry()


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
