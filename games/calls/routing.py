"""Where a player's calls go: for each kind of call, which channels (mail, push, webhook, the
daily digest), as the player chose for all their games (`Profile.calls`) or for one game
(`Seat.calls`, which wins), else by the defaults.

The kinds of mail rows fall into groups a player chooses for:

- "move": the game waits for your move (your turn, a plain "waits for you", and an expansion's
  calls: an attack to defend, a camp to choose);
- "trades": an offer to answer, your offer accepted or declined, and the beans a trade gave you
  to plant: everything a trade asks of you or tells you;
- "reminder": your time runs short, and a bot took your seat because it ran out;
- "end": a game's end; "league": a league's news (a season's end);
- "event": a tournament's calls (your table of a round is ready, a round is over, the event is
  over), and a challenge made to the player.

A choice is a list of channels, stored only for the groups a player changed; an empty list
sends nothing. Mail and the digest exclude each other (a mail at once, or a line in the
morning's mail). The defaults follow what the player has set up: a reminder goes by push where
they have a device with push on, else by mail.
"""

from dataclasses import dataclass, field
from typing import Final

from django.db.models import CharField, Value

from games.calls.channels import DELIVERED, DIGEST, MAIL, NAMES, PUSH, WEBHOOK
from games.models import Profile, Seat

MOVE: Final = "move"
TRADE: Final = "trades"
REMINDER: Final = "reminder"
END: Final = "end"
LEAGUE: Final = "league"
EVENT: Final = "event"
GROUPS: Final = (MOVE, TRADE, REMINDER, END, LEAGUE, EVENT)
# What a player may choose for one game (league news and a tournament's calls are no game's).
GAME_GROUPS: Final = (MOVE, TRADE, REMINDER, END)

_GROUP_OF: Final = {
    "offer": TRADE,
    "offer_accepted": TRADE,
    "offer_declined": TRADE,
    "plant_received": TRADE,
    "reminder": REMINDER,
    "bot_standing_in": REMINDER,
    "game_over": END,
    "season_over": LEAGUE,
    "table_ready": EVENT,
    "round_over": EVENT,
    "event_over": EVENT,
    "challenge": EVENT,
}
DEFAULTS: Final = {
    MOVE: (MAIL, PUSH, WEBHOOK),
    TRADE: (MAIL, PUSH, WEBHOOK),
    REMINDER: (PUSH,),  # or mail, for a player with no device (`_default`)
    END: (MAIL,),
    LEAGUE: (DIGEST,),
    EVENT: (MAIL, PUSH, WEBHOOK),
}
# A group a player has not chosen for goes where they chose their calls of another: a
# tournament's calls where their calls to move go (a player who wants no mail gets none).
_FOLLOWS: Final = {EVENT: MOVE}
# Every kind of call sent nowhere.
NOWHERE: Final = {group: [] for group in GROUPS}


def group_of(kind: str) -> str:
    """The group of a mail row's kind; a call to move unless named otherwise."""
    return _GROUP_OF.get(kind, MOVE)


@dataclass(frozen=True)
class Route:
    """Where one row goes: by mail at once or in the digest, and to the addresses (their ids)
    of each delivered channel that gets it (`channels.DELIVERED`)."""

    mail: bool = False
    digest: bool = False
    addresses: dict[str, list[int]] = field(default_factory=dict)

    @property
    def nowhere(self) -> bool:
        return not (self.mail or self.digest or self.addresses)


def route(user, seat: Seat | None, kind: str) -> Route:
    """Where a row of this kind for `user` goes (in `seat`'s game, or of none): one query for
    the player's addresses (webhook, devices), none when the choice names no delivered
    channel. The user comes with their profile; a muted seat gets nothing."""
    if seat is not None and seat.muted:
        return Route()
    group = group_of(kind)
    chosen = chosen_of(Profile.of(user), seat, group)
    # A reminder's default (push) looks the devices up too: without one, it goes by mail.
    wanted = DEFAULTS[group] if chosen is None else chosen
    addresses = {}
    if any(channel.name in wanted for channel in DELIVERED):
        addresses = _addresses(user.pk)
    if chosen is None:
        chosen = _default(group, PUSH in addresses)
    by_mail = bool(user.email)
    return Route(
        mail=by_mail and MAIL in chosen,
        digest=by_mail and DIGEST in chosen and MAIL not in chosen,
        addresses={name: ids for name, ids in addresses.items() if name in chosen},
    )


def chosen_of(profile: Profile | None, seat: Seat | None, group: str) -> list[str] | None:
    """The channels chosen for the group, for the seat's game or else for all the player's
    games (or those chosen for the group it follows, `_FOLLOWS`); None: the default."""
    for choice in (seat.calls if seat is not None else {}, profile.calls if profile else {}):
        if group in choice:
            return choice[group]
    return chosen_of(profile, seat, _FOLLOWS[group]) if group in _FOLLOWS else None


def _default(group: str, has_device: bool) -> tuple[str, ...]:
    if group == REMINDER and not has_device:
        return (MAIL,)
    return DEFAULTS[group]


def _addresses(user_id: int) -> dict[str, list[int]]:
    """The player's addresses, by delivered channel (those with none left out), in one
    query."""
    each = [
        channel.addresses(user_id).values_list(Value(channel.name, output_field=CharField()), "id")
        for channel in DELIVERED
    ]
    found: dict[str, list[int]] = {}
    for name, pk in each[0].union(*each[1:], all=True):
        found.setdefault(name, []).append(pk)
    return {
        channel.name: sorted(found[channel.name]) for channel in DELIVERED if channel.name in found
    }


def effective(profile: Profile | None, seat: Seat | None, groups, *, has_device: bool) -> dict:
    """What each group gets, as a page shows it: the choices, and the defaults where none."""
    return {
        group: list(chosen)
        if (chosen := chosen_of(profile, seat, group)) is not None
        else list(_default(group, has_device))
        for group in groups
    }


def changed(choices: dict, base: dict) -> dict:
    """What to store of a page's choices: the groups that differ from `base` (the defaults, or
    the player's choices for a game's), so that the rest keeps following it (a default that
    follows the player's devices, a choice for all games changed later)."""
    return {
        group: sorted(set(channels), key=NAMES.index)
        for group, channels in choices.items()
        if set(channels) != set(base[group])
    }


# Why choices cannot be stored.
UNKNOWN: Final = "unknown"
MAIL_AND_DIGEST: Final = "mail_and_digest"


def refused(choices: dict, groups) -> str:
    """Why these choices cannot be stored (a group or channel unknown: UNKNOWN; mail and the
    digest both: MAIL_AND_DIGEST), or "" for good ones."""
    if not isinstance(choices, dict):
        return UNKNOWN
    for group, channels in choices.items():
        if group not in groups or not isinstance(channels, list):
            return UNKNOWN
        if any(channel not in NAMES for channel in channels):
            return UNKNOWN
        if MAIL in channels and DIGEST in channels:
            return MAIL_AND_DIGEST
    return ""


def wants_mail(profile: Profile | None) -> bool:
    """Whether any kind of call goes by mail or the digest for this player (an invitation is
    not sent to one who wants none)."""
    return any(
        MAIL in channels or DIGEST in channels
        for channels in effective(profile, None, GROUPS, has_device=True).values()
    )
