"""Reads for pages (see DESIGN.md): each function gathers what one page shows.

Nothing here writes. A game's board is built from `engine.view(state, seat)` only.
"""

from .boards import (
    chat_messages,
    counter_offer,
    game_changes,
    game_log,
    game_page,
    last_chat_id,
    may_watch,
    may_watch_closed,
    page_head,
    seat_view,
)
from .exports import game_record, game_record_text
from .guides import how_to_play
from .history import game_replay, history, replay_turns, seed_matches, state_at
from .link_previews import Preview, accept_move, link_preview
from .lobby import game_lobby, invited, my_games, open_games
from .profiles import (
    locale_of,
    name_of,
    profile_of,
    push_devices_of,
    running_seats,
    seat_of,
    webhook_of,
)

__all__ = [
    "Preview",
    "accept_move",
    "chat_messages",
    "counter_offer",
    "game_changes",
    "game_lobby",
    "invited",
    "game_log",
    "game_page",
    "game_record",
    "game_record_text",
    "game_replay",
    "history",
    "how_to_play",
    "last_chat_id",
    "link_preview",
    "locale_of",
    "may_watch",
    "may_watch_closed",
    "my_games",
    "name_of",
    "open_games",
    "page_head",
    "profile_of",
    "push_devices_of",
    "replay_turns",
    "running_seats",
    "seat_of",
    "seat_view",
    "seed_matches",
    "state_at",
    "webhook_of",
]
