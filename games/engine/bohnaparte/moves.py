"""Bohnaparte's moves but the attacks (`attacks`), each registered once: its checks and
handler, its listing (`listing`), what a move chosen on an older board reads, and the events it
emits (worded in `wording`). Each is checked completely before anything changes.

{"kind": "choose_camp", "land": 4}
{"kind": "monastery_draw"}, {"kind": "monastery_skip"}
{"kind": "store", "card": 17}                 a card due to be planted, to the depot instead
{"kind": "buy_depot"}                         3 coins, at any time
{"kind": "build_fortress", "mine": 9, "land": 4}   2 coins, in one's own turn
{"kind": "buy_merchant"}                      cavalry: 3 coins, once, holding a forest
{"kind": "merchant_take", "cards": [31, 8, 77]}   the cards for the hand, in order
"""

from ..beans import BEAN_KEYS
from ..conflicts import same_step, still_plantable
from ..deck import keys, take_cards
from ..errors import IllegalMove
from ..events import Event
from ..fields import pay
from ..language import gettext, gettext_noop, ngettext
from ..move_kinds import MoveKind, whole_number
from ..phases import PHASES
from ..state import State
from ..turn import advance
from .board import board_map, full_mines, holds_forest, part
from .lands import CAMP, DEPOT_COST, FORTRESS_COST, KEY, MERCHANT_CARDS, MERCHANT_COST
from .listing import (
    active_in,
    buy_depot_moves,
    buy_merchant_moves,
    camp_chooser,
    camp_moves,
    fortress_moves,
    merchant_moves,
    merchant_pool,
    store_moves,
)
from .phases import camp_chosen, monasteries_left, monastery_draw


class BohnaparteMove(MoveKind):
    """A Bohnaparte move: in any other game it is no move at all."""

    def apply(self, state: State, seat: int, action: dict, events: list[Event]) -> None:
        if KEY not in state.ext:
            raise IllegalMove(
                gettext("There is no move {kind!r} in this game.").format(kind=self.name)
            )
        self.carry_out(state, seat, action, events)

    def carry_out(self, state: State, seat: int, action: dict, events: list[Event]) -> None:
        """The move's checks, then what it does, in a game of Bohnaparte."""
        raise NotImplementedError(self.name)


def land_changed(before: State, now: State, land) -> str | None:
    """A land's holder and fortress as the page showed them (a land's number as a move
    brought it: anything else is left for `apply` to refuse)."""
    owners = part(before).owners
    if type(land) is not int or not 0 <= land < len(owners):
        return None
    if owners[land] != part(now).owners[land] or (land in part(before).fortresses) != (
        land in part(now).fortresses
    ):
        return gettext("Land {land} has changed since your page showed it.").format(land=land + 1)
    return None


def land_of(state: State, action: dict, key: str = "land") -> int:
    land = whole_number(action, key)
    if not 0 <= land < len(board_map(state).kinds):
        raise IllegalMove(gettext("There is no such land on the map."))
    return land


def afford(state: State, seat: int, cost: int, what: str) -> None:
    have = len(state.coins[seat])
    if have < cost:
        raise IllegalMove(
            ngettext(
                "{what} costs {cost} coin; you have {have}.",
                "{what} costs {cost} coins; you have {have}.",
                cost,
            ).format(what=gettext(what), cost=cost, have=have)
        )


def _cavalry_game(state: State) -> bool:
    return board_map(state).cavalry


class GoOn(BohnaparteMove):
    """The active seat leaves a phase of its own: the monastery's draws, or its attacks. After
    any number of draws or attacks, leaving means doing no more: it reads only the step."""

    def __init__(self, name: str, phase: str, refusal: str, said: str) -> None:
        super().__init__(name, (), (said,))
        self.phase = phase
        self.refusal = refusal  # a message id, worded when the move is refused
        self.said = said

    def carry_out(self, state: State, seat: int, action: dict, events: list[Event]) -> None:
        if state.phase != self.phase or seat != state.active:
            raise IllegalMove(gettext(self.refusal))
        events.append(Event(self.said, seat, {}))
        advance(state, events)

    def moves(self, state: State, seat: int) -> list[dict]:
        return [{"kind": self.name}] if active_in(state, seat, self.phase) else []

    def open(self, state: State, seat: int) -> bool:
        return active_in(state, seat, self.phase)

    def what_changed(self, before: State, now: State, seat: int, action: dict) -> str | None:
        return same_step(before, now)


class _ChooseCamp(BohnaparteMove):
    def carry_out(self, state: State, seat: int, action: dict, events: list[Event]) -> None:
        if state.phase != "choose_camp":
            raise IllegalMove(gettext("The camps were chosen before the first turn."))
        if seat != camp_chooser(state):
            raise IllegalMove(
                gettext("It is {name}'s turn to choose a camp.").format(
                    name=state.names[camp_chooser(state)]
                )
            )
        land = land_of(state, action)
        if board_map(state).kinds[land] != CAMP:
            raise IllegalMove(gettext("Choose one of the camps."))
        if part(state).owners[land] is not None:
            raise IllegalMove(gettext("That camp is taken; choose a free one."))
        camp_chosen(state, seat, land, events)

    def moves(self, state: State, seat: int) -> list[dict]:
        return camp_moves(state, seat)

    def open(self, state: State, seat: int) -> bool:
        # A seat chooses while a camp is free: there is one for every seat.
        return state.phase == "choose_camp" and seat == camp_chooser(state)

    def what_changed(self, before: State, now: State, seat: int, action: dict) -> str | None:
        """The step, and the camp: free when the page showed it."""
        if land_changed(before, now, action.get("land")):
            return gettext("That camp has been taken since your page showed it.")
        return same_step(before, now)


class _MonasteryDraw(BohnaparteMove):
    def carry_out(self, state: State, seat: int, action: dict, events: list[Event]) -> None:
        if state.phase != "monastery" or seat != state.active:
            raise IllegalMove(
                gettext("You may draw at your monasteries only at the start of your turn.")
            )
        monastery_draw(state, seat, events)

    def moves(self, state: State, seat: int) -> list[dict]:
        if not active_in(state, seat, "monastery"):
            return []
        return [{"kind": "monastery_draw", "left": monasteries_left(state)}]

    def open(self, state: State, seat: int) -> bool:
        return active_in(state, seat, "monastery")

    def what_changed(self, before: State, now: State, seat: int, action: dict) -> str | None:
        """The step, and the draws made at the monasteries in it: a draw made meanwhile (by
        the clock, or in another tab) would make this one the next."""
        if part(before).monastery_draws != part(now).monastery_draws:
            return gettext("A card has been drawn at your monasteries since your page showed it.")
        return same_step(before, now)


class _Store(BohnaparteMove):
    def carry_out(self, state: State, seat: int, action: dict, events: list[Event]) -> None:
        """A card due to be planted goes face down into the depot: it counts as planted."""
        card = whole_number(action, "card")
        phase = PHASES[state.phase]
        if card not in phase.plantable(state, seat):
            raise IllegalMove(
                gettext(
                    "Only a card you must plant now (in phase 1 or 3) can go into your munitions "
                    "depot."
                )
            )
        depot = part(state).depots[seat]
        if depot is None:
            raise IllegalMove(gettext("You have no munitions depot."))
        if len(depot) >= state.players:
            raise IllegalMove(
                ngettext(
                    "Your munitions depot is full: it holds {count} card.",
                    "Your munitions depot is full: it holds {count} cards.",
                    state.players,
                ).format(count=state.players)
            )
        phase.place(state, seat).remove(card)
        depot.append(card)
        bean = BEAN_KEYS[state.card_beans[card]]
        data = {"source": phase.plants_from}
        events.append(Event.private("stored", seat, data, {"card": card, "bean": bean}))
        phase.after_plant(state, seat, events)

    def moves(self, state: State, seat: int) -> list[dict]:
        return store_moves(state, seat)

    def what_changed(self, before: State, now: State, seat: int, action: dict) -> str | None:
        """Where the card waited to be planted, as for planting it."""
        return still_plantable(before, now, seat, action.get("card"))


class _BuyDepot(BohnaparteMove):
    def carry_out(self, state: State, seat: int, action: dict, events: list[Event]) -> None:
        if _cavalry_game(state):
            raise IllegalMove(
                gettext(
                    "With cavalry there are no munitions depots: buy a merchant while you hold a "
                    "forest."
                )
            )
        if part(state).depots[seat] is not None:
            raise IllegalMove(gettext("You have a munitions depot already."))
        afford(state, seat, DEPOT_COST, gettext_noop("A munitions depot"))
        pay(state, seat, DEPOT_COST)
        part(state).depots[seat] = []
        events.append(Event("depot_bought", seat, {"paid": DEPOT_COST}))

    def moves(self, state: State, seat: int) -> list[dict]:
        return buy_depot_moves(state, seat)

    def what_changed(self, before: State, now: State, seat: int, action: dict) -> str | None:
        """Nothing but its price and the seat's coins, which are checked as it is made."""
        return None


class _BuildFortress(BohnaparteMove):
    def carry_out(self, state: State, seat: int, action: dict, events: list[Event]) -> None:
        if _cavalry_game(state):
            raise IllegalMove(
                gettext("With cavalry there are no fortresses: their cards are the forests.")
            )
        if seat != state.active or state.phase == "choose_camp":
            raise IllegalMove(gettext("You can build a fortress only in your own turn."))
        mine = land_of(state, action, "mine")
        land = land_of(state, action)
        ours = part(state)
        if mine not in full_mines(state, seat):
            raise IllegalMove(
                gettext("A fortress takes the stone of a mine you hold that is not empty.")
            )
        if ours.owners[land] != seat:
            raise IllegalMove(gettext("A fortress goes under one of your own lands."))
        if land in ours.fortresses:
            raise IllegalMove(gettext("That land has a fortress under it already."))
        afford(state, seat, FORTRESS_COST, gettext_noop("A fortress"))
        pay(state, seat, FORTRESS_COST)
        ours.emptied.append(mine)
        ours.fortresses.append(land)
        data = {"mine": mine, "land": land, "land_kind": board_map(state).kinds[land]}
        events.append(Event("fortress_built", seat, {**data, "paid": FORTRESS_COST}))

    def moves(self, state: State, seat: int) -> list[dict]:
        return fortress_moves(state, seat)

    def what_changed(self, before: State, now: State, seat: int, action: dict) -> str | None:
        """The mine (its holder, and its stone) and the land the fortress goes under."""
        mine = action.get("mine")
        if type(mine) is int and (mine in part(before).emptied) != (mine in part(now).emptied):
            return gettext("Land {land} has changed since your page showed it.").format(
                land=mine + 1
            )
        return land_changed(before, now, mine) or land_changed(before, now, action.get("land"))


class _BuyMerchant(BohnaparteMove):
    def carry_out(self, state: State, seat: int, action: dict, events: list[Event]) -> None:
        if not _cavalry_game(state):
            raise IllegalMove(
                gettext("Merchants come with the cavalry variant; buy a munitions depot.")
            )
        ours = part(state)
        if ours.merchants[seat] is not None:
            raise IllegalMove(
                gettext("You have bought your merchant already: one a player, once a game.")
            )
        if not holds_forest(state, seat):
            raise IllegalMove(gettext("Only a player holding a forest may buy a merchant."))
        afford(state, seat, MERCHANT_COST, gettext_noop("A merchant"))
        if state.ending:
            raise IllegalMove(
                gettext(
                    "The draw pile has run out for the last time: no cards are left for a merchant."
                )
            )
        pay(state, seat, MERCHANT_COST)
        deck_events: list[Event] = []
        cards = take_cards(state, MERCHANT_CARDS, deck_events)
        ours.merchants[seat] = cards
        events.append(
            Event(
                "merchant_bought",
                seat,
                {"paid": MERCHANT_COST, "cards": cards, "beans": keys(state, cards)},
            )
        )
        events.extend(deck_events)

    def moves(self, state: State, seat: int) -> list[dict]:
        return buy_merchant_moves(state, seat)

    def what_changed(self, before: State, now: State, seat: int, action: dict) -> str | None:
        """Nothing but its price, the seat's coins and its forest, checked as it is made: the
        merchant's cards are drawn blind."""
        return None


class _MerchantTake(BohnaparteMove):
    def carry_out(self, state: State, seat: int, action: dict, events: list[Event]) -> None:
        if state.phase != "merchant_draw" or seat != state.active:
            raise IllegalMove(
                gettext("You swap cards with your merchant when you draw at the end of your turn.")
            )
        ours = part(state)
        pool = merchant_pool(state)
        wanted = len(ours.drawn)
        chosen = action.get("cards")
        if not isinstance(chosen, list) or any(type(card) is not int for card in chosen):
            raise IllegalMove(
                gettext("'cards' must list the cards you take, in the order they join your hand.")
            )
        if len(set(chosen)) != len(chosen) or not set(chosen) <= set(pool):
            raise IllegalMove(
                gettext("Take only cards you drew or cards on your merchant, each once.")
            )
        if len(chosen) != wanted:
            raise IllegalMove(
                ngettext(
                    "Take exactly {count} card, as many as you drew.",
                    "Take exactly {count} cards, as many as you drew.",
                    wanted,
                ).format(count=wanted)
            )
        taken = [card for card in chosen if card in ours.merchants[seat]]
        state.hands[seat] += chosen
        ours.merchants[seat] = [card for card in pool if card not in chosen]
        ours.drawn = []
        left = ours.merchants[seat]
        events.append(
            Event(
                "merchant_swapped",
                seat,
                {
                    "taken": keys(state, taken),
                    "cards": left,
                    "beans": keys(state, left),
                },
            )
        )
        advance(state, events)

    def moves(self, state: State, seat: int) -> list[dict]:
        return merchant_moves(state, seat)

    def open(self, state: State, seat: int) -> bool:
        return active_in(state, seat, "merchant_draw")

    def what_changed(self, before: State, now: State, seat: int, action: dict) -> str | None:
        """The step: the cards drawn and those on the merchant change within it only by this
        move, which ends it."""
        return same_step(before, now)


KINDS = (
    _ChooseCamp("choose_camp", ("land",), ("camp_chosen",)),
    _MonasteryDraw("monastery_draw", (), ("monastery_drew",)),
    GoOn(
        "monastery_skip",
        "monastery",
        gettext_noop("You may draw at your monasteries only at the start of your turn."),
        "monastery_skipped",
    ),
    _Store("store", ("card",), ("stored",)),
    _BuyDepot("buy_depot", (), ("depot_bought",)),
    _BuildFortress("build_fortress", ("mine", "land"), ("fortress_built",)),
    _BuyMerchant("buy_merchant", (), ("merchant_bought",)),
    _MerchantTake("merchant_take", ("cards",), ("merchant_swapped",)),
)
