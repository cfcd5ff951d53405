"""What happened, as data, with a public wording for everyone and a private one for its seat."""

from .beans import BEANS


class Event:
    """`data` is public; `secret` (cards only its seat may know) goes to that seat alone, and
    to the seats named in `readers` (an offer's receiver)."""

    # No __slots__ and no optional parameter: CPython then makes an Event without going
    # through a generic call, and the engine makes hundreds of them in a game.
    secret: dict | None = None  # set only by `private`
    readers: tuple[int, ...] = ()

    def __init__(self, kind: str, seat: int | None, data: dict):
        self.kind = kind
        self.seat = seat
        self.data = data

    @classmethod
    def private(
        cls, kind: str, seat: int, data: dict, secret: dict, readers: tuple[int, ...] = ()
    ) -> "Event":
        """An event with cards that only its seat, and the `readers`, may see."""
        event = cls(kind, seat, data)
        event.secret = secret
        if readers:
            event.readers = readers
        return event

    def for_seat(self, seat: int | None) -> dict:
        """The event as the given seat may see it (None: a spectator)."""
        out = {"kind": self.kind, "seat": self.seat, **self.data}
        if self.secret is None or seat is None:
            return out
        if seat == self.seat or seat in self.readers:
            out.update(self.secret)
        return out

    def to_dict(self) -> dict:
        """Everything, for storage on the server only."""
        stored = {"kind": self.kind, "seat": self.seat, "data": self.data, "secret": self.secret}
        if self.readers:
            stored["readers"] = list(self.readers)
        return stored

    @classmethod
    def from_dict(cls, data: dict) -> "Event":
        """From `to_dict`; events stored before `readers` existed have none."""
        return cls.private(
            data["kind"], data["seat"], data["data"], data["secret"], tuple(data.get("readers", ()))
        )

    def __repr__(self) -> str:
        return f"Event({self.kind!r}, {self.seat!r}, {self.data!r})"


def bean_names(beans: list[str]) -> str:
    return ", ".join(BEANS_BY_KEY[key].name for key in beans) or "nothing"


def bean_summary(beans: list[str]) -> str:
    """'2 Blue and 1 Garden'."""
    counts: dict[str, int] = {}
    for key in beans:
        counts[key] = counts.get(key, 0) + 1
    parts = [f"{count} {BEANS_BY_KEY[key].name}" for key, count in counts.items()]
    if not parts:
        return "nothing"
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]


BEANS_BY_KEY = {bean.key: bean for bean in BEANS}


def _cards(n: int) -> str:
    return f"{n} card" if n == 1 else f"{n} cards"


def _coins(n: int) -> str:
    return f"{n} coin" if n == 1 else f"{n} coins"


def describe(event: dict, names: list[str], viewer: int | None) -> str:
    """One line of the game log, from an event as `Event.for_seat(viewer)` gives it."""
    seat = event.get("seat")
    you = seat is not None and seat == viewer
    who = "You" if you else (names[seat] if seat is not None else "")
    wording = _WORDING.get(event["kind"])
    return wording(event, who, you, names, viewer) if wording else event["kind"]


def _name(names: list[str], seat: int, viewer: int | None) -> str:
    return "you" if seat == viewer else names[seat]


def _drew(e, who, you, names, viewer):
    if you and "beans" in e:
        return f"You drew {bean_names(e['beans'])}."
    return f"{who} drew {_cards(e['count'])}."


def _dealt(e, who, you, names, viewer):
    if you and "beans" in e:
        return f"You were dealt {bean_names(e['beans'])}."
    return f"{who} {'were' if you else 'was'} dealt {_cards(e['count'])}."


def _planted(e, who, you, names, viewer):
    source = {"hand": "", "to_plant": "", "offer": " from the offer", "revealed": ""}.get(
        e.get("source", ""), ""
    )
    return f"{who} planted a {BEANS_BY_KEY[e['bean']].name}{source} in field {e['field'] + 1}."


def _harvested(e, who, you, names, viewer):
    bean = BEANS_BY_KEY[e["bean"]].name
    return (
        f"{who} harvested {e['beans']} {bean} from field {e['field'] + 1} for {_coins(e['coins'])}."
    )


def _offered(e, who, you, names, viewer):
    if "give" not in e:  # the offer is for its maker's and its receiver's eyes only
        return f"{who} made {_name(names, e['to'], viewer)} an offer (offer {e['offer']})."
    gives = bean_summary(e["give"])
    asks = bean_summary(e["ask"] + e["ask_faceup"])
    to = _name(names, e["to"], viewer)
    if not e["ask"] and not e["ask_faceup"]:
        return f"{who} offered {to} a gift of {gives} (offer {e['offer']})."
    if not e["give"]:
        return f"{who} asked {to} for a gift of {asks} (offer {e['offer']})."
    return f"{who} offered {to} {gives} for {asks} (offer {e['offer']})."


def _traded(e, who, you, names, viewer):
    maker = _name(names, e["maker"], viewer)
    maker = maker[0].upper() + maker[1:]
    to = _name(names, e["to"], viewer)
    if not e["received"]:
        return f"{maker} gave {to} {bean_summary(e['given'])} as a gift."
    if not e["given"]:
        giver = to[0].upper() + to[1:]
        taker = _name(names, e["maker"], viewer)
        return f"{giver} gave {taker} {bean_summary(e['received'])} as a gift."
    return f"{maker} traded {bean_summary(e['given'])} to {to} for {bean_summary(e['received'])}."


def _discarded(e, who, you, names, viewer):
    source = {"offer": " from the offer", "hand": " from the hand"}.get(e.get("source", ""), "")
    return f"{who} discarded a {BEANS_BY_KEY[e['bean']].name}{source}."


def _turn_ended(e, who, you, names, viewer):
    if not e["beans"]:
        return f"{who} ended the turn."
    return f"{who} ended the turn, leaving {bean_summary(e['beans'])} on offer."


_WORDING = {
    "game_started": lambda e, *_: "The game began. Seed hash " + e["seed_hash"][:12] + "….",
    "dealt": _dealt,
    "turn_started": lambda e, who, you, *_: (
        f"{'Your' if you else who + chr(39) + 's'} turn {e['turn']} began."
    ),
    "planted": _planted,
    "planting_stopped": lambda e, who, you, *_: f"{who} stopped planting.",
    "revealed": lambda e, who, *_: f"{who} turned up {bean_names(e['beans'])}.",
    "harvested": _harvested,
    "field_bought": lambda e, who, you, *_: f"{who} bought a third field for {_coins(e['cost'])}.",
    "offered": _offered,
    "traded": _traded,
    "declined": lambda e, who, you, names, viewer: f"{who} declined offer {e['offer']}.",
    "withdrawn": lambda e, who, you, names, viewer: f"{who} withdrew offer {e['offer']}.",
    "voided": lambda e, *_: f"Offer {e['offer']} lapsed: {e['reason']}",
    "trading_ended": lambda e, who, *_: f"{who} ended trading.",
    "drew": _drew,
    "exhausted": lambda e, *_: f"The draw pile ran out (exhaustion {e['count']} of {e['of']}).",
    "reshuffled": lambda e, *_: (
        f"The discard pile was shuffled into a new draw pile of {_cards(e['count'])}."
    ),
    "discarded": _discarded,
    "took_discard": lambda e, who, *_: (
        f"{who} took a {BEANS_BY_KEY[e['bean']].name} from the discard pile."
    ),
    "turn_ended": _turn_ended,
    "game_ending": lambda e, *_: f"The game will end after this turn: {e['reason']}",
    "game_over": lambda e, *_: e["summary"],
}
