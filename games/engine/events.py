"""What happened, as data, with a public wording for everyone and a private one for its seat."""

from typing import Final

from .beans import BEANS, bean_name
from .language import gettext, gettext_noop, ngettext


class Event:
    """`data` is public; `secret` (cards only its seat may know) goes to that seat alone, and
    to the seats named in `readers` (an offer's receiver)."""

    # No __slots__ and no optional parameter: CPython then makes an Event without going
    # through a generic call, and the engine makes hundreds of them in a game.
    secret: dict | None = None  # set only by `private`
    readers: tuple[int, ...] = ()
    # On whose behalf the seat's move was made (the trade book's "rule", "pass", "plan" or
    # "named" field), for that seat alone to read: the others see the move as if its player
    # had made it.
    by: str = ""

    def __init__(self, kind: str, seat: int | None, data: dict):
        self.kind = kind
        self.seat = seat
        self.data = data

    @staticmethod
    def private(
        kind: str,
        seat: int | None,
        data: dict,
        secret: dict | None,
        readers: tuple[int, ...] = (),
    ) -> "Event":
        """An event with cards that only its seat, and the `readers`, may see."""
        event = Event(kind, seat, data)
        event.secret = secret
        if readers:
            event.readers = readers
        return event

    def for_seat(self, seat: int | None) -> dict:
        """The event as the given seat may see it (None: a spectator)."""
        out = {"kind": self.kind, "seat": self.seat, **self.data}
        if self.by and seat == self.seat and seat is not None:
            out["by"] = self.by
        if self.secret is None or seat is None:
            return out
        if seat == self.seat or seat in self.readers:
            out.update(self.secret)
        return out

    def to_dict(self) -> dict:
        """Everything, for storage on the server only."""
        stored: dict = {
            "kind": self.kind,
            "seat": self.seat,
            "data": self.data,
            "secret": self.secret,
        }
        if self.readers:
            stored["readers"] = list(self.readers)
        if self.by:
            stored["by"] = self.by
        return stored

    @classmethod
    def from_dict(cls, data: dict) -> "Event":
        """From `to_dict`; events stored before `readers` existed have none."""
        event = cls.private(
            data["kind"], data["seat"], data["data"], data["secret"], tuple(data.get("readers", ()))
        )
        if "by" in data:
            event.by = data["by"]
        return event

    def __repr__(self) -> str:
        return f"Event({self.kind!r}, {self.seat!r}, {self.data!r})"


def bean_names(beans: list[str]) -> str:
    return ", ".join(bean_name(key) for key in beans) or gettext("nothing")


def bean_summary(beans: list[str]) -> str:
    """'2 Blue and 1 Garden'."""
    counts: dict[str, int] = {}
    for key in beans:
        counts[key] = counts.get(key, 0) + 1
    parts = [
        gettext("{count} {bean}").format(count=count, bean=bean_name(key))
        for key, count in counts.items()
    ]
    if not parts:
        return gettext("nothing")
    return listing(parts)


def listing(parts: list[str]) -> str:
    """'a', 'a and b', 'a, b and c' in the reader's language."""
    if len(parts) == 1:
        return parts[0]
    return gettext("{items} and {last}").format(items=", ".join(parts[:-1]), last=parts[-1])


BEANS_BY_KEY: Final = {bean.key: bean for bean in BEANS}


def void_worded(reason: str, maker: str) -> str:
    """Why an offer lapsed, in the reader's language: the reason is stored as its English
    message id (events stored before the ids were kept it worded, and read as they are)."""
    return gettext(reason).format(maker=maker)


def cards_worded(n: int) -> str:
    return ngettext("{n} card", "{n} cards", n).format(n=n)


def coins_worded(n: int) -> str:
    return ngettext("{n} coin", "{n} coins", n).format(n=n)


def describe(event: dict, names: list[str], viewer: int | None) -> str:
    """One line of the game log, from an event as `Event.for_seat(viewer)` gives it."""
    seat = event.get("seat")
    you = seat is not None and seat == viewer
    who = gettext("You") if you else (names[seat] if seat is not None else "")
    wording = _WORDING.get(event["kind"])
    text = wording(event, who, you, names, viewer) if wording else event["kind"]
    by = event.get("by")
    if by and text:  # the remark before the sentence's full stop
        line = text.removesuffix(".")
        if you:
            return gettext(_BY[by]).format(line=line)
        return gettext(_BY_OTHERS[by]).format(line=line, who=names[seat])
    return text


# A line of the reader's own move made on their behalf by the trade book.
_BY: Final = {
    "rule": gettext_noop("{line} (by your answer rules)."),
    "pass": gettext_noop("{line} (you had passed)."),
    "plan": gettext_noop("{line} (by your turn plan)."),
    "named": gettext_noop("{line} (the field you named with the trade)."),
    "default": gettext_noop("{line} (as the game does unless your answer rules say otherwise)."),
}
# The same remarks on another's move, as the replay shows every seat's own lines to any reader:
# whose book it was is named, since the line may name another player first ("alice gave bob a
# Soy as a gift").
_BY_OTHERS: Final = {
    "rule": gettext_noop("{line} (by {who}'s answer rules)."),
    "pass": gettext_noop("{line} ({who} had passed)."),
    "plan": gettext_noop("{line} (by {who}'s turn plan)."),
    "named": gettext_noop("{line} (the field {who} named with the trade)."),
    "default": gettext_noop("{line} (as the game does unless {who}'s answer rules say otherwise)."),
}


def _name(names: list[str], seat: int, viewer: int | None) -> str:
    return gettext("you") if seat == viewer else names[seat]


def _drew(e, who, you, names, viewer):
    if you and "beans" in e:
        return gettext("You drew {beans}.").format(beans=bean_names(e["beans"]))
    if you:
        return gettext("You drew {cards}.").format(cards=cards_worded(e["count"]))
    return gettext("{who} drew {cards}.").format(who=who, cards=cards_worded(e["count"]))


def _dealt(e, who, you, names, viewer):
    if you and "beans" in e:
        return gettext("You were dealt {beans}.").format(beans=bean_names(e["beans"]))
    if you:
        return gettext("You were dealt {cards}.").format(cards=cards_worded(e["count"]))
    return gettext("{who} was dealt {cards}.").format(who=who, cards=cards_worded(e["count"]))


def _planted(e, who, you, names, viewer):
    params = {"who": who, "bean": bean_name(e["bean"]), "field": e["field"] + 1}
    if e.get("source") == "offer":
        if you:
            return gettext("You planted a {bean} from the offer in field {field}.").format(**params)
        return gettext("{who} planted a {bean} from the offer in field {field}.").format(**params)
    if you:
        return gettext("You planted a {bean} in field {field}.").format(**params)
    return gettext("{who} planted a {bean} in field {field}.").format(**params)


def _harvested(e, who, you, names, viewer):
    params = {
        "who": who,
        "n": e["beans"],
        "bean": bean_name(e["bean"]),
        "field": e["field"] + 1,
        "coins": coins_worded(e["coins"]),
    }
    if you:
        return gettext("You harvested {n} {bean} from field {field} for {coins}.").format(**params)
    return gettext("{who} harvested {n} {bean} from field {field} for {coins}.").format(**params)


def _offered(e, who, you, names, viewer):
    to = _name(names, e["to"], viewer)
    params = {"who": who, "to": to, "offer": e["offer"]}
    if "give" not in e:  # the offer is for its maker's and its receiver's eyes only
        return gettext("{who} made {to} an offer (offer {offer}).").format(**params)
    params["gives"] = bean_summary(e["give"])
    params["asks"] = bean_summary(e["ask"] + e["ask_faceup"])
    # An offer to the reader has sentences of its own: "vous a proposé", not "a proposé à vous".
    to_you = e["to"] == viewer
    if not e["ask"] and not e["ask_faceup"]:
        if you:
            return gettext("You offered {to} a gift of {gives} (offer {offer}).").format(**params)
        if to_you:
            return gettext("{who} offered you a gift of {gives} (offer {offer}).").format(**params)
        return gettext("{who} offered {to} a gift of {gives} (offer {offer}).").format(**params)
    if not e["give"]:
        if you:
            return gettext("You asked {to} for a gift of {asks} (offer {offer}).").format(**params)
        if to_you:
            return gettext("{who} asked you for a gift of {asks} (offer {offer}).").format(**params)
        return gettext("{who} asked {to} for a gift of {asks} (offer {offer}).").format(**params)
    if you:
        return gettext("You offered {to} {gives} for {asks} (offer {offer}).").format(**params)
    if to_you:
        return gettext("{who} offered you {gives} for {asks} (offer {offer}).").format(**params)
    return gettext("{who} offered {to} {gives} for {asks} (offer {offer}).").format(**params)


def _gave(giver: int, taker: int, beans: list[str], names: list[str], viewer: int | None) -> str:
    params = {"to": _name(names, taker, viewer), "beans": bean_summary(beans)}
    if giver == viewer:
        return gettext("You gave {to} {beans} as a gift.").format(**params)
    if taker == viewer:  # "à vous", "a te": languages put "you" elsewhere than a name
        return gettext("{who} gave you {beans} as a gift.").format(who=names[giver], **params)
    return gettext("{who} gave {to} {beans} as a gift.").format(who=names[giver], **params)


def _traded(e, who, you, names, viewer):
    if not e["received"]:
        return _gave(e["maker"], e["to"], e["given"], names, viewer)
    if not e["given"]:
        return _gave(e["to"], e["maker"], e["received"], names, viewer)
    params = {
        "to": _name(names, e["to"], viewer),
        "given": bean_summary(e["given"]),
        "received": bean_summary(e["received"]),
    }
    if e["maker"] == viewer:
        return gettext("You traded {given} to {to} for {received}.").format(**params)
    if e["to"] == viewer:
        return gettext("{who} traded you {given} for {received}.").format(
            who=names[e["maker"]], **params
        )
    return gettext("{who} traded {given} to {to} for {received}.").format(
        who=names[e["maker"]], **params
    )


def _turn_started(e, who, you, names, viewer):
    if you:
        return gettext("Your turn {turn} began.").format(turn=e["turn"])
    return gettext("{who}'s turn {turn} began.").format(who=who, turn=e["turn"])


def _said(you_text: str, their_text: str):
    """A line with no parameter but its subject: one wording for the reader, one for others."""

    def worded(e, who, you, *_):
        return gettext(you_text) if you else gettext(their_text).format(who=who)

    return worded


def _voided(e, who, you, names, viewer):
    reason = void_worded(e["reason"], names[e["seat"]])
    return gettext("Offer {offer} lapsed: {reason}").format(offer=e["offer"], reason=reason)


def _harvest_word(e, who, you, *_):
    if you:
        return gettext("You bought a third field for {coins}.").format(
            coins=coins_worded(e["cost"])
        )
    return gettext("{who} bought a third field for {coins}.").format(
        who=who, coins=coins_worded(e["cost"])
    )


def _offer_closed(you_text: str, their_text: str):
    def worded(e, who, you, *_):
        text = gettext(you_text) if you else gettext(their_text)
        return text.format(who=who, offer=e["offer"])

    return worded


def _revealed(e, who, you, *_):
    if you:
        return gettext("You turned up {beans}.").format(beans=bean_names(e["beans"]))
    return gettext("{who} turned up {beans}.").format(who=who, beans=bean_names(e["beans"]))


def _game_ending(e, *_):
    reason = e["reason"]  # a message id, worded for the reader
    return gettext("The game will end after this turn: {reason}").format(reason=gettext(reason))


_WORDING: Final = {
    "game_started": lambda e, *_: gettext("The game began. Seed hash {hash}…").format(
        hash=e["seed_hash"][:12]
    ),
    "dealt": _dealt,
    "turn_started": _turn_started,
    "planted": _planted,
    "planting_stopped": _said(
        gettext_noop("You stopped planting."), gettext_noop("{who} stopped planting.")
    ),
    "revealed": _revealed,
    "harvested": _harvested,
    "field_bought": _harvest_word,
    "offered": _offered,
    "traded": _traded,
    "declined": _offer_closed(
        gettext_noop("You declined offer {offer}."), gettext_noop("{who} declined offer {offer}.")
    ),
    "withdrawn": _offer_closed(
        gettext_noop("You withdrew offer {offer}."), gettext_noop("{who} withdrew offer {offer}.")
    ),
    "voided": _voided,
    "trading_ended": _said(
        gettext_noop("You ended trading."), gettext_noop("{who} ended trading.")
    ),
    "drew": _drew,
    "exhausted": lambda e, *_: gettext(
        "The draw pile ran out (exhaustion {count} of {of})."
    ).format(count=e["count"], of=e["of"]),
    "reshuffled": lambda e, *_: gettext(
        "The discard pile was shuffled into a new draw pile of {cards}."
    ).format(cards=cards_worded(e["count"])),
    "game_ending": _game_ending,
    "resigned": _said(
        gettext_noop("You resigned: the seat is played to the end without you."),
        gettext_noop("{who} resigned: the seat is played to the end without them."),
    ),
}


def has_wording(kind: str) -> bool:
    """Whether the log words events of this kind (`describe` shows any other by its name)."""
    return kind in _WORDING


def register_wordings(wordings: dict) -> None:
    """An expansion's own kinds of event and their lines in the log, worded as `_WORDING`'s."""
    _WORDING.update(wordings)
