"""How a bot uses the trade book, so that a table of people and bots moves at the people's pace:
it sets answer rules once (gifts that fit and offers of a bean it grows are taken, offers that
would cost one of the next cards of its hand or that no rule takes are declined, received cards
go to the obvious field), stands offers of the cards its fields cannot take (for nothing, to
whoever is active) and asks whoever is active for the beans it grows, and as the active player
takes the standing offers that are worth more to its fields than what they cost. Everything
else is its own bot's to decide, but for a pass when it has nothing to offer in another's
trading. It decides from what its seat may see, as every bot does."""

from typing import Final

from ..beans import BEAN_KEYS
from ..book.part import ANSWER, DECLINE, Standing
from ..book.standing import has_trading, suggested_payment, takable
from ..fields import grows
from ..legal import may_offer
from ..state import State
from .base import BaseBot
from .heuristic import HeuristicBot, misfits
from .sight import seat_state
from .strong import LOOK_AHEAD, card_worth

RULES: Final = {
    "kind": "rules",
    "gifts": True,
    "keep": LOOK_AHEAD,
    "growing": True,
    "away": False,
    "otherwise": DECLINE,
    "plant": True,
}
MOST_STANDING: Final = 3  # a bot's standing offers at a time
PASS: Final = {"kind": "pass", "offers": ANSWER}
END_TRADING: Final = {"kind": "end_trading"}
MOST_OFFERED: Final = 4  # cards a bot offers in a turn, each time it offers one counted


class BookBot(BaseBot):
    """`rules`: whether it sets answer rules; a bot that answers each offer itself the moment
    it is made (as at the site) needs none."""

    def __init__(self, bot: HeuristicBot, rules: bool = True):
        super().__init__(bot.rng)
        self.bot = bot
        self.rules = rules

    def memory(self) -> dict:
        return self.bot.memory()

    def recall(self, memory: dict) -> None:
        self.bot.recall(memory)

    def choose(self, state: State, seat: int, awaited: bool = True) -> dict | None:
        seen = seat_state(state, seat)
        move = book_move(seen, seat, self.rules) or self.bot.decide(seen, seat, awaited)
        if move is not None and move["kind"] == "offer" and self._offered_enough(seen):
            # As a person would: a few offers a turn, then it is done.
            move = END_TRADING if seat == seen.active else None
        if move is None and seat != seen.active and may_offer(seen, seat):
            # Nothing from it in this trading phase: it says so, so that a plan waiting for
            # everyone to pass need not wait for it; it still answers what it is offered.
            return PASS
        return move


    def _offered_enough(self, state: State) -> bool:
        """Whether it has offered MOST_OFFERED cards in this turn already (the bot's memory
        counts each card each time it is offered)."""
        bot = self.bot
        return bot.offered_turn == state.turn and len(bot.offered) >= MOST_OFFERED


def book_move(state: State, seat: int, rules: bool = True) -> dict | None:
    if state.over or not has_trading(state):
        return None
    book = state.book
    if rules and (book is None or seat not in book.rules):
        return dict(RULES)
    standing = list(book.standing.values()) if book is not None else []
    if state.phase == "trade" and seat == state.active:
        taken = _best_to_take(state, seat, standing)
        if taken is not None:
            return taken
    wanted = _wanted(state, seat)
    mine = [offer for offer in standing if offer.maker == seat]
    for offer in mine:
        if not _still_wanted(state, seat, offer):
            return {"kind": "withdraw", "offer": offer.id}
    if seat == state.active and state.phase == "plant":
        return None  # the front card is planted first: a standing offer of it would lapse
    posted = [_key(offer) for offer in mine]
    for key in wanted:
        if len(posted) >= MOST_STANDING:
            break
        if key not in posted:
            give, ask = key
            return {"kind": "stand", "give": list(give), "ask": dict(ask)}
    return None


def _key(offer: Standing) -> tuple[tuple[int, ...], dict]:
    return offer.give, {BEAN_KEYS[bean]: count for bean, count in offer.ask.items()}


def _still_wanted(state: State, seat: int, offer: Standing) -> bool:
    """Whether a standing offer of the bot's is still worth leaving up: the cards it gives grow
    none of its fields, the beans it asks grow one. One that has merely stopped being among
    those it would post now stays: taking it down and posting another is one more line in the
    log for everyone, and little to gain."""
    beans = state.card_beans
    if any(grows(state, seat, beans[card]) for card in offer.give):
        return False
    return all(grows(state, seat, bean) for bean in offer.ask)


def _wanted(state: State, seat: int) -> list[tuple[tuple[int, ...], dict]]:
    """The standing offers the bot wants now: each card of the next ones of its hand that its
    fields cannot take, for nothing; then a bean of each field it grows, asked for nothing,
    the fullest field first."""
    beans = state.card_beans
    hand = state.hands[seat]
    wanted: list[tuple[tuple[int, ...], dict]] = [
        ((card,), {}) for card in misfits(state, seat, hand[: LOOK_AHEAD + 1])
    ]
    fields = sorted((field for field in state.fields[seat] if field), key=len, reverse=True)
    for field in fields:
        wanted.append(((), {BEAN_KEYS[beans[field[0]]]: 1}))
    return wanted


def _best_to_take(state: State, seat: int, offers: list[Standing]) -> dict | None:
    """The standing offer whose cards are worth most to the fields over what it costs, when
    that is more than nothing (a gift, when all it gives grows a field)."""
    beans = state.card_beans
    best: tuple[float, dict] | None = None
    for offer in offers:
        if not takable(state, seat, offer):
            continue
        pay = suggested_payment(state, seat, offer)
        if pay is None:
            continue
        gain = 0.0
        for card in offer.give:
            gain += card_worth(state, seat, card)
        for card in pay:
            gain -= card_worth(state, seat, card)
        fits = all(grows(state, seat, beans[card]) for card in offer.give)
        wanted = gain > 0 or (not pay and offer.give and fits)
        if wanted and (best is None or gain > best[0]):
            best = (gain, {"kind": "take", "offer": offer.id, "give": pay})
    return best[1] if best else None
