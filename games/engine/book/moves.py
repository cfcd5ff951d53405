"""The trade book's kinds of move: post a standing offer (`stand`), take one as the active
player (`take`), set the answer rules (`rules`), pass for the current trading phase (`pass`)
and plan the turn (`plan`). Withdrawing a standing offer is the base game's `withdraw`.

Standing offers, rules, passes and plans are not among the moves of the game `legal_actions`
lists (as leaving the game is not): a seat may set them at any time, and the page shows them
from the view's `book` (`view.book_view`). Taking a standing offer is a move of the trading
phase, listed with the others.
"""

from ..beans import BEAN_KEYS
from ..conflicts import card_unchanged
from ..errors import IllegalMove
from ..events import Event
from ..language import gettext, gettext_noop
from ..move_kinds import MoveKind, register, whole_number
from ..phases import PHASES
from ..state import State
from ..trading import no_such_offer
from .part import (
    ANSWER,
    BEST,
    BEST_HARVEST,
    DECLINE,
    FACEUP,
    HAND_OFFERED,
    MOST_OBVIOUS,
    NO_HARVEST,
    OTHERWISE,
    PASS_OFFERS,
    TRADE_ENDS,
    AnswerRules,
    TurnPlan,
)
from .standing import (
    book_of,
    check_take,
    has_trading,
    parse_fields,
    parse_standing,
    post,
    standing_gone,
    suggested_payment,
    takable,
    take,
)
from .usual import USUAL_PLAN, USUAL_RULES

MAX_KEEP = 10  # the hand's first cards a rule may keep back


class _Stand(MoveKind):
    def apply(self, state: State, seat: int, action: dict, events: list[Event]) -> None:
        post(state, parse_standing(state, seat, action), events)

    def moves(self, state: State, seat: int) -> list[dict]:
        return []

    def what_changed(self, before: State, now: State, seat: int, action: dict) -> str | None:
        """The cards it gives, still in the hand."""
        cards = action.get("give", [])
        for card in cards if isinstance(cards, list) else ():
            if card_unchanged(before, now, seat, card):
                return gettext("A card of your offer is no longer where your page showed it.")
        return None


class _Take(MoveKind):
    def apply(self, state: State, seat: int, action: dict, events: list[Event]) -> None:
        offer_id = action.get("offer")
        book = state.book
        offer = book.standing.get(offer_id) if book and type(offer_id) is int else None
        if offer is None:
            raise no_such_offer(state, offer_id)
        chosen = check_take(state, seat, offer, action)
        beans = state.card_beans
        fields = parse_fields(
            state, seat, action.get("fields", {}), [beans[card] for card in offer.give]
        )
        take(state, seat, offer, chosen, fields, events)

    def moves(self, state: State, seat: int) -> list[dict]:
        """Each standing offer the active player can pay for, with the cards of each asked
        bean in the hand and face up (`choices`) and those suggested (`give`)."""
        book = state.book
        if book is None:
            return []
        beans = state.card_beans
        moves = []
        for offer in book.standing.values():
            if not takable(state, seat, offer):
                continue
            give = suggested_payment(state, seat, offer)
            if give is None:
                continue
            choices = {
                BEAN_KEYS[bean]: [
                    card for card in [*state.hands[seat], *state.faceup] if beans[card] == bean
                ]
                for bean in offer.ask
            }
            ask = {BEAN_KEYS[bean]: count for bean, count in offer.ask.items()}
            moves.append(
                {"kind": "take", "offer": offer.id, "ask": ask, "choices": choices, "give": give}
            )
        return moves

    def what_changed(self, before: State, now: State, seat: int, action: dict) -> str | None:
        """A standing offer never changes, so the offer named is still open or it is gone."""
        return standing_gone(before, now, action)


def _flag(action: dict, key: str) -> bool:
    value = action.get(key, False)
    if type(value) is not bool:
        raise IllegalMove(gettext("'{key}' must be true or false.").format(key=key))
    return value


class _Rules(MoveKind):
    def apply(self, state: State, seat: int, action: dict, events: list[Event]) -> None:
        if not has_trading(state):
            raise IllegalMove(gettext("This game has no trading phase for rules to answer in."))
        keep = action.get("keep", 0)
        if type(keep) is not int or not 0 <= keep <= MAX_KEEP:
            raise IllegalMove(
                gettext("Keep back a whole number of cards from 0 to {most}.").format(most=MAX_KEEP)
            )
        otherwise = action.get("otherwise", OTHERWISE[0])
        if otherwise not in OTHERWISE:
            raise IllegalMove(
                gettext(
                    'Say whether offers no rule decides are asked ("ask") or declined ("decline").'
                )
            )
        rules = AnswerRules(
            _flag(action, "gifts"),
            keep,
            _flag(action, "growing"),
            _flag(action, "away"),
            str(otherwise),
            _flag(action, "plant"),
        )
        book_of(state).rules[seat] = rules
        events.append(Event.private("rules_set", seat, {}, rules.to_dict()))

    def moves(self, state: State, seat: int) -> list[dict]:
        return []

    def what_changed(self, before: State, now: State, seat: int, action: dict) -> str | None:
        """Nothing: rules read the board only when they answer."""
        return None


class _Pass(MoveKind):
    def apply(self, state: State, seat: int, action: dict, events: list[Event]) -> None:
        if state.phase != "trade":
            raise IllegalMove(gettext("You can pass only while the active player trades."))
        if seat == state.active:
            raise IllegalMove(gettext("The active player ends trading rather than passing."))
        if state.book is not None and state.book.has_said_pass(seat, state.turn):
            raise IllegalMove(gettext("You have passed in this trading phase already."))
        offers = action.get("offers", DECLINE)
        if offers not in PASS_OFFERS:
            raise IllegalMove(
                gettext(
                    "Say whether offers made to you after your pass are declined "
                    '("decline") or still yours to answer ("answer").'
                )
            )
        # A pass the site assumed for a seat away from the table: it answers what it is offered
        # and ends with the seat's own offer.
        assumed = _flag(action, "assumed")
        book = book_of(state)
        if book.passed_turn != state.turn:
            book.passed_turn, book.passed, book.answering, book.assumed = state.turn, [], [], []
        book.back(seat, state.turn)  # a pass of its own replaces one assumed for it
        book.passed.append(seat)
        if offers == ANSWER or assumed:
            book.answering.append(seat)
        if assumed:
            book.assumed.append(seat)
        events.append(Event("passed", seat, {"assumed": True} if assumed else {}))

    def moves(self, state: State, seat: int) -> list[dict]:
        return []

    def what_changed(self, before: State, now: State, seat: int, action: dict) -> str | None:
        """The trading phase it passes in."""
        if (before.turn, before.phase) != (now.turn, now.phase):
            return gettext("The turn has moved on since your page showed it.")
        return None


class _Plan(MoveKind):
    def apply(self, state: State, seat: int, action: dict, events: list[Event]) -> None:
        if not has_trading(state):
            raise IllegalMove(gettext("Turn plans are for games with a trading phase."))
        plant = _planting(state, seat, action.get("plant", []))
        faceup = _choice(
            action,
            "faceup",
            FACEUP,
            gettext_noop(
                'Say what to do with the face-up cards: keep them ("keep"), offer them to those '
                'who grow them ("offer") or give them to anyone ("give").'
            ),
        )
        trading = _choice(
            action,
            "trading",
            TRADE_ENDS,
            gettext_noop(
                'Say when trading ends: at once ("end"), or once all have passed ("passed").'
            ),
        )
        hand = _choice(
            action,
            "hand",
            HAND_OFFERED,
            gettext_noop(
                'Say what to do with the rest of your hand: leave it as it is ("") or offer the '
                'next cards that grow in none of your fields to whoever grows them ("offer").'
            ),
        )
        kept = _flag(action, "kept")
        every = _flag(action, "every")
        obvious = _obvious(action, plant, every)
        harvest = _harvest(state, seat, action)
        if harvest != NO_HARVEST and not (plant or obvious or kept):
            raise IllegalMove(
                gettext("A plan harvests only to plant its own cards: say what it plants.")
            )
        if not (plant or obvious or faceup or hand or trading or kept):
            # No plan: the one the seat had is dropped, and its line says whether there was one.
            dropped = book_of(state).plans.pop(seat, None) is not None
            events.append(Event.private("planned", seat, {}, {"plan": None, "dropped": dropped}))
            return
        plan = TurnPlan(
            plant, faceup, trading, kept, obvious=obvious, harvest=harvest, every=every, hand=hand
        )
        book_of(state).plans[seat] = plan
        events.append(Event.private("planned", seat, {}, {"plan": plan.to_dict()}))

    def moves(self, state: State, seat: int) -> list[dict]:
        return []

    def what_changed(self, before: State, now: State, seat: int, action: dict) -> str | None:
        """The cards it plants, still at the front of the hand."""
        pairs = action.get("plant", [])
        for pair in pairs if isinstance(pairs, list) else ():
            if isinstance(pair, list) and pair and card_unchanged(before, now, seat, pair[0]):
                return gettext("A card of your plan is no longer where your page showed it.")
        return None


def _choice(action: dict, key: str, allowed: tuple[str, ...], refusal: str) -> str:
    """A part of the plan that is one of its words, or "" (left to the player)."""
    value = action.get(key, "")
    if value != "" and value not in allowed:
        raise IllegalMove(gettext(refusal))
    return str(value)


def _obvious(action: dict, plant: list[list[int]], every: bool) -> int:
    """How many cards from the front of the hand the plan plants where they obviously go."""
    obvious = action.get("obvious", 0)
    if type(obvious) is not int or not 0 <= obvious <= MOST_OBVIOUS:
        raise IllegalMove(
            gettext(
                "Say how many cards from the front of your hand go where they obviously go: "
                "0, 1 or {most}."
            ).format(most=MOST_OBVIOUS)
        )
    if obvious and plant:
        raise IllegalMove(
            gettext("Name the fields your cards go to, or let them go where they obviously go.")
        )
    if every and plant:
        raise IllegalMove(
            gettext(
                "A plan for every turn cannot name this turn's cards: let them go where they "
                "obviously go."
            )
        )
    return obvious


def _harvest(state: State, seat: int, action: dict) -> int:
    """The field the plan harvests when a card it plants fits none."""
    value = action.get("harvest")
    if value is None:
        return NO_HARVEST
    if value == BEST:
        return BEST_HARVEST
    if type(value) is not int or not 0 <= value < len(state.fields[seat]):
        raise IllegalMove(
            gettext(
                "Say which field to harvest when a card fits none: a field of yours, or "
                '"best" for the one whose harvest earns most.'
            )
        )
    return value


def _planting(state: State, seat: int, value) -> list[list[int]]:
    """The cards to plant from the hand and their fields: the front card, then the next."""
    if not isinstance(value, list) or len(value) > 2:
        raise IllegalMove(gettext("A plan plants the front card, and the next one at most."))
    if not value:
        return []
    if seat == state.active and (PHASES[state.phase].plants_from != "hand" or state.planted):
        raise IllegalMove(gettext("Your planting this turn has begun: plan the rest of it."))
    hand = state.hands[seat]
    pairs = []
    for i in range(len(value)):
        pair = value[i]
        if not isinstance(pair, list) or len(pair) != 2:
            raise IllegalMove(gettext("Name each card to plant with its field."))
        card = whole_number({"card": pair[0]}, "card")
        field = whole_number({"field": pair[1]}, "field")
        if i >= len(hand) or hand[i] != card:
            raise IllegalMove(
                gettext("A plan plants the cards at the front of your hand, in order.")
            )
        if not 0 <= field < len(state.fields[seat]):
            raise IllegalMove(gettext("You have no field {field}.").format(field=field + 1))
        if not _takes(state, seat, pairs, card, field):
            raise IllegalMove(
                gettext("Field {field} does not take that card: plan another field.").format(
                    field=field + 1
                )
            )
        pairs.append([card, field])
    return pairs


def _takes(state: State, seat: int, before: list[list[int]], card: int, field: int) -> bool:
    """Whether the field takes the card as the fields are now, after the cards the plan plants
    before it."""
    beans = state.card_beans
    own = state.fields[seat][field]
    bean = beans[own[0]] if own else -1
    for earlier, where in before:
        if where == field and bean < 0:
            bean = beans[earlier]
    return bean < 0 or bean == beans[card]


class _Usual(MoveKind):
    """The usual rules and a plan for every turn, in one move (`usual.py`)."""

    def apply(self, state: State, seat: int, action: dict, events: list[Event]) -> None:
        RULES.apply(state, seat, USUAL_RULES, events)
        PLAN.apply(state, seat, USUAL_PLAN, events)

    def moves(self, state: State, seat: int) -> list[dict]:
        return []

    def what_changed(self, before: State, now: State, seat: int, action: dict) -> str | None:
        """Nothing: the usual way reads the board only as it plays."""
        return None


STAND = register(_Stand("stand", ("give", "ask", "fields"), ("stood",)))
TAKE = register(_Take("take", ("offer", "give", "fields"), ("traded", "voided")))
RULES = register(
    _Rules("rules", ("gifts", "keep", "growing", "away", "otherwise", "plant"), ("rules_set",))
)
PASS = register(_Pass("pass", ("offers", "assumed"), ("passed",)))
PLAN = register(
    _Plan(
        "plan",
        ("plant", "obvious", "harvest", "faceup", "hand", "trading", "kept", "every"),
        ("planned",),
    )
)
USUAL = register(_Usual("usual", (), ("rules_set", "planned")))
