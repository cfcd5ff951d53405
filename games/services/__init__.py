"""Writes: one function per use case, each in one transaction (see DESIGN.md).

Services take keyword arguments only and raise the errors of `games.basics.refusals`; the engine's
IllegalMove passes through unchanged, and nothing is written when anything is raised. What
must follow a commit (a bot's move, a mail) is queued through `games.task_queue`.
"""

from games.services.profiles import (
    NAME_MAX,
    answer_rules_save,
    display_name_checked,
    locale_save,
    preferences_save,
    profile_get_or_create,
    profile_rename,
    reminders_save,
    seat_calls_save,
)

from .boards import boards_render
from .bot_moves import bot_move
from .chat import chat_post
from .housekeeping import housekeeping
from .imports import RECORD_MAX_BYTES, Imported, game_import
from .link_actions import Outcome, link_act
from .lobby import (
    Invitations,
    game_add_bot,
    game_cancel,
    game_create,
    game_create_seated,
    game_start,
    invitations_mail,
    seat_join,
    seat_leave,
)
from .mailing import digest_readers, digest_send, invitation_send, outbox_flush, outbox_send
from .moves import MoveResult, game_finished, move_submit, move_submit_as
from .plans import plan_submit
from .push import push_deliver, push_subscribe, push_unsubscribe, pushes_retry
from .seats import RECLAIMED, seat_mute, seat_reclaim, seat_resign
from .timeouts import deadline_expire, deadlines_sweep, reminders_send
from .vacations import vacation_end, vacation_start
from .vapid import public_key as vapid_public_key
from .webhooks import webhook_deliver, webhook_remove, webhook_save, webhook_turn_on, webhooks_retry

__all__ = [
    "boards_render",
    "NAME_MAX",
    "RECORD_MAX_BYTES",
    "RECLAIMED",
    "Imported",
    "Invitations",
    "MoveResult",
    "Outcome",
    "answer_rules_save",
    "bot_move",
    "chat_post",
    "deadline_expire",
    "deadlines_sweep",
    "digest_readers",
    "digest_send",
    "display_name_checked",
    "game_add_bot",
    "game_cancel",
    "game_create",
    "game_create_seated",
    "game_finished",
    "game_import",
    "game_start",
    "housekeeping",
    "invitation_send",
    "invitations_mail",
    "link_act",
    "locale_save",
    "move_submit",
    "move_submit_as",
    "outbox_flush",
    "outbox_send",
    "plan_submit",
    "preferences_save",
    "seat_calls_save",
    "push_deliver",
    "push_subscribe",
    "push_unsubscribe",
    "pushes_retry",
    "reminders_save",
    "profile_get_or_create",
    "profile_rename",
    "reminders_send",
    "seat_join",
    "seat_leave",
    "seat_mute",
    "seat_reclaim",
    "seat_resign",
    "vacation_end",
    "vacation_start",
    "vapid_public_key",
    "webhook_deliver",
    "webhook_remove",
    "webhook_save",
    "webhook_turn_on",
    "webhooks_retry",
]
