"""The trade book's part of the state: each seat's standing offers, answer rules and turn plan,
the passes of the current trading phase, and the fields named for cards received.

Saved as plain data under the state's "book" only once a seat has used it, so a game that
never does is saved as before.
"""

from typing import Final

# How an offer that no rule decides is answered.
ASK: Final = "ask"  # the seat is called to answer it
DECLINE: Final = "decline"
OTHERWISE: Final = (ASK, DECLINE)

# What a pass does with the offers made to the seat after it: declined, or still the seat's to
# answer (a bot's pass: nothing from it, but it answers what it is offered).
ANSWER: Final = "answer"
PASS_OFFERS: Final = (DECLINE, ANSWER)

# What a plan does with a face-up card that grows none of the active player's fields.
KEEP: Final = "keep"
OFFER: Final = "offer"  # offered for nothing to each player who grows it, in turn
GIVE: Final = "give"  # offered for nothing to each player, those who grow it or have room first
FACEUP: Final = (KEEP, OFFER, GIVE)

# When a plan ends trading.
END: Final = "end"  # once the plan's offers are answered
PASSED: Final = "passed"  # once every other player has passed, or the trading window closes
TRADE_ENDS: Final = (END, PASSED)

# The field a plan harvests when the card it plants fits none: none (the plan stops), the one
# whose harvest earns most, or a field by its index.
NO_HARVEST: Final = -1
BEST_HARVEST: Final = -2
BEST: Final = "best"
# How many cards from the front of the hand a plan plants where they obviously go, at most.
MOST_OBVIOUS: Final = 2
# What a plan does with the rest of the hand: leaves it as it is (""), or offers for nothing
# each of the next cards it plants that grows none of the seat's fields, to those who grow it.
HAND_OFFERED: Final = (OFFER,)
# How many cards from the front of the hand a plan offers so: those planted next.
NEXT_CARDS: Final = 2


class Standing:
    """An offer to whoever is the active player, made by a seat that is not: the cards it gives
    from its hand, the beans it asks (paid from the active player's hand or face-up cards), and
    the field each asked bean goes to (bean -> field; others to the obvious field)."""

    def __init__(
        self,
        id: int,
        maker: int,
        give: tuple[int, ...],
        ask: dict[int, int],
        fields: dict[int, int],
    ):
        self.id = id
        self.maker = maker
        self.give = give
        self.ask = ask
        self.fields = fields

    def to_dict(self) -> dict:
        return {
            "id": self.id,
            "maker": self.maker,
            "give": list(self.give),
            "ask": {str(bean): count for bean, count in self.ask.items()},
            "fields": {str(bean): field for bean, field in self.fields.items()},
        }

    @classmethod
    def from_dict(cls, data: dict) -> "Standing":
        return cls(
            data["id"],
            data["maker"],
            tuple(data["give"]),
            {int(bean): count for bean, count in data["ask"].items()},
            {int(bean): field for bean, field in data["fields"].items()},
        )


class AnswerRules:
    """A seat's answer rules, applied to every offer made to it, in this order: `away` declines
    everything; `gifts` accepts a gift whose every card finds a field; `keep` declines an offer
    it could pay only with one of the hand's first `keep` cards; `growing` accepts an offer that
    gives a bean a field of the seat grows, when every card it gives finds a field. Neither
    accepts cards that would leave the front card of the hand no field; what none of
    them decides is left to the seat (`otherwise` "ask") or declined. `plant` plants what the
    seat receives in the obvious field."""

    def __init__(
        self,
        gifts: bool = False,
        keep: int = 0,
        growing: bool = False,
        away: bool = False,
        otherwise: str = ASK,
        plant: bool = False,
    ):
        self.gifts = gifts
        self.keep = keep
        self.growing = growing
        self.away = away
        self.otherwise = otherwise
        self.plant = plant

    def to_dict(self) -> dict:
        return {
            "gifts": self.gifts,
            "keep": self.keep,
            "growing": self.growing,
            "away": self.away,
            "otherwise": self.otherwise,
            "plant": self.plant,
        }

    @classmethod
    def from_dict(cls, data: dict) -> "AnswerRules":
        return cls(
            bool(data["gifts"]),
            int(data["keep"]),
            bool(data["growing"]),
            bool(data["away"]),
            str(data["otherwise"]),
            bool(data["plant"]),
        )


class TurnPlan:
    """A seat's plan of its next turn (or of the rest of the one it is in), or of every turn of
    its from then on (`every`). Its parts:

    - `plant`: the cards to plant from the hand and where, [card, field] pairs, the front card
      first (one pair plants the front card alone); or `obvious`: how many cards from the front
      of the hand go where they obviously go (the front card to the field growing its bean, else
      an empty one; the next only onto a field growing its bean). A plan for every turn cannot
      name this turn's cards, so it plants the obvious way or not at all.
    - `harvest`: the field harvested when the card to plant fits none (`NO_HARVEST`: the plan
      stops there; `BEST_HARVEST`: the field whose harvest earns most).
    - `faceup`: what to do with each face-up card that grows none of its fields.
    - `hand`: what to do with the rest of the hand: "" leaves it as it is, `OFFER` offers each
      of the next two cards that grows none of its fields to those who grow it, for nothing.
    - `trading`: when trading ends.
    - `kept`: whether the cards it keeps are planted in the obvious field.

    A part left empty is the player's to do when it comes.
    `turn` is the game's turn the plan is carried out in, once it has begun; `asked` the face-up
    cards the plan has offered in it and to whom, [card, seat] pairs; `stopped` the turn a plan
    for every turn stopped in (it goes on in the next)."""

    def __init__(
        self,
        plant: list[list[int]],
        faceup: str,
        trading: str,
        kept: bool,
        turn: int = 0,
        asked: list[list[int]] | None = None,
        obvious: int = 0,
        harvest: int = NO_HARVEST,
        every: bool = False,
        stopped: int = 0,
        hand: str = "",
    ):
        self.plant = plant
        self.faceup = faceup
        self.trading = trading
        self.kept = kept
        self.turn = turn
        self.asked: list[list[int]] = asked if asked is not None else []
        self.obvious = obvious
        self.harvest = harvest
        self.every = every
        self.stopped = stopped
        self.hand = hand

    def carried_in(self, turn: int) -> bool:
        """Whether the plan still plays the seat's part in this turn (it has not stopped)."""
        return self.stopped != turn

    def next_turn(self) -> None:
        """A plan for every turn, once a turn of its is over: ready for the seat's next."""
        self.turn = self.stopped = 0
        self.asked = []

    def to_dict(self) -> dict:
        harvest = self.harvest
        return {
            "plant": [list(pair) for pair in self.plant],
            "obvious": self.obvious,
            "harvest": BEST if harvest == BEST_HARVEST else None if harvest < 0 else harvest,
            "faceup": self.faceup,
            "hand": self.hand,
            "trading": self.trading,
            "kept": self.kept,
            "every": self.every,
            "turn": self.turn,
            "asked": [list(pair) for pair in self.asked],
            "stopped": self.stopped,
        }

    @classmethod
    def from_dict(cls, data: dict) -> "TurnPlan":
        harvest = data.get("harvest")
        return cls(
            [[int(card), int(field)] for card, field in data["plant"]],
            str(data["faceup"]),
            str(data["trading"]),
            bool(data["kept"]),
            int(data["turn"]),
            [[int(card), int(seat)] for card, seat in data["asked"]],
            int(data.get("obvious", 0)),
            BEST_HARVEST if harvest == BEST else NO_HARVEST if harvest is None else int(harvest),
            bool(data.get("every", False)),
            int(data.get("stopped", 0)),
            str(data.get("hand", "")),
        )


class Book:
    def __init__(self) -> None:
        self.standing: dict[int, Standing] = {}
        self.rules: dict[int, AnswerRules] = {}  # by seat
        self.plans: dict[int, TurnPlan] = {}  # by seat
        self.passed: list[int] = []  # seats that passed in the trading phase of `passed_turn`
        self.answering: list[int] = []  # those of them who still answer the offers made to them
        self.assumed: list[int] = []  # passes assumed for a seat away: its own offer ends them
        self.passed_turn = 0
        self.plant_to: list[list[int]] = []  # [seat, card, field]: a field named for a card

    def passes(self, turn: int) -> list[int]:
        """The seats that passed in this turn's trading phase."""
        return self.passed if self.passed_turn == turn else []

    def declines_for(self, seat: int, turn: int) -> bool:
        """Whether the seat passed in this turn's trading phase and the offers made to it are
        declined for it (a pass that still answers them leaves them to the seat)."""
        return seat in self.passes(turn) and seat not in self.answering

    def has_said_pass(self, seat: int, turn: int) -> bool:
        """Whether the seat passed in this turn's trading phase itself (not a pass assumed)."""
        return seat in self.passes(turn) and seat not in self.assumed

    def back(self, seat: int, turn: int) -> None:
        """A seat whose pass was assumed makes an offer: it is back in the trading."""
        if seat in self.assumed and self.passed_turn == turn:
            self.passed.remove(seat)
            self.answering.remove(seat)
            self.assumed.remove(seat)

    def to_dict(self) -> dict:
        return {
            "standing": [offer.to_dict() for offer in self.standing.values()],
            "rules": {str(seat): rules.to_dict() for seat, rules in self.rules.items()},
            "plans": {str(seat): plan.to_dict() for seat, plan in self.plans.items()},
            "passed": list(self.passed),
            "answering": list(self.answering),
            "assumed": list(self.assumed),
            "passed_turn": self.passed_turn,
            "plant_to": [list(entry) for entry in self.plant_to],
        }

    @classmethod
    def from_dict(cls, data: dict) -> "Book":
        book = cls()
        for offer in data["standing"]:
            book.standing[int(offer["id"])] = Standing.from_dict(offer)
        for seat, rules in data["rules"].items():
            book.rules[int(seat)] = AnswerRules.from_dict(rules)
        for seat, plan in data["plans"].items():
            book.plans[int(seat)] = TurnPlan.from_dict(plan)
        book.passed = [int(seat) for seat in data["passed"]]
        book.answering = [int(seat) for seat in data.get("answering", ())]
        book.assumed = [int(seat) for seat in data.get("assumed", ())]
        book.passed_turn = int(data["passed_turn"])
        book.plant_to = [[int(value) for value in entry] for entry in data["plant_to"]]
        return book
