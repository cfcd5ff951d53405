"""Work that follows a commit, queued by name (in the manner of Zulip's send_event_on_commit).

A write that wants a task run once it has committed names the task here; the tasks module, the
top of the web layer, defines the tasks under these names. So no module below the tasks
imports them, and a task never sees an uncommitted write.
"""

import logging
import time
from functools import partial

from celery import current_app
from django.db import transaction
from kombu.exceptions import OperationalError as BrokerAway

log = logging.getLogger(__name__)
# After the broker failed to take a job, jobs are not offered to it for so many seconds: a move
# made while Redis is away answers at once instead of waiting out the publisher's retries for
# each of its jobs. The sweeps pick up what they were for.
BROKER_RETRY_AFTER = 5.0
_broker = {"away_until": 0.0}

BOT_MOVE = "games.tasks.bot_move_task"
OUTBOX_SEND = "games.tasks.outbox_send_task"
INVITATION_SEND = "games.tasks.invitation_send_task"
DELIVER = "games.tasks.deliver_task"
DIGEST_SEND = "games.tasks.digest_send_task"
BOARDS_RENDER = "games.tasks.boards_render_task"
CALL_ONCE_AWAY = "games.tasks.call_once_away_task"
# The beat's, queued again by a sweep that left due rows.
DEADLINES_SWEEP = "games.tasks.deadlines_sweep_task"


def after_commit(job: str, *args, countdown: float = 0) -> None:
    """Queue `job` with `args` when the current transaction commits (at once outside one), to
    run `countdown` seconds later. Robust: a broker that is down must not turn a committed move
    into an error; what the job was for is picked up again by the sweeps (deadlines, the outbox
    flush). A job for later is dropped where tasks run eagerly (tests): there is no later."""
    if countdown and current_app.conf.task_always_eager:
        return
    transaction.on_commit(partial(_queue, job, args, countdown), robust=True)


def _queue(job: str, args: tuple, countdown: float = 0) -> None:
    if time.monotonic() < _broker["away_until"]:
        log.warning("%s%r not queued: the broker was away a moment ago", job, args)
        return
    try:
        current_app.tasks[job].apply_async(args, countdown=countdown or None)
    except BrokerAway as error:
        _broker["away_until"] = time.monotonic() + BROKER_RETRY_AFTER
        log.warning("%s%r not queued: the broker is away (%s)", job, args, error)
