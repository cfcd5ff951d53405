"""Bohnaparte's moves. Each is checked completely before anything changes.

{"kind": "choose_camp", "land": 4}
{"kind": "monastery_draw"}, {"kind": "monastery_skip"}
{"kind": "store", "card": 17}                 a card due to be planted, to the depot instead
{"kind": "buy_depot"}                         3 coins, at any time
{"kind": "build_fortress", "mine": 9, "land": 4}   2 coins, in one's own turn
{"kind": "buy_merchant"}                      cavalry: 3 coins, once, holding a forest
{"kind": "attack", "land": 12, "card": 17}    1 coin; "card" a hand or depot card, or "deck"
{"kind": "attack", "land": 12, "cavalry": 20} cavalry rides the first round
{"kind": "battle_card", "card": "deck"}       the defender's card (or a second round's)
{"kind": "end_attacks"}
{"kind": "merchant_take", "cards": [31, 8, 77]}   the cards for the hand, in order
"""

from ..actions import Handler, handles, whole_number
from ..beans import BEAN_KEYS
from ..deck import keys, take_cards
from ..errors import IllegalMove
from ..events import Event
from ..fields import pay
from ..language import gettext, gettext_noop, ngettext
from ..phases import PHASES
from ..state import State
from ..turn import advance, enter
from . import battle as fights
from .board import (
    board_map,
    full_mines,
    holds_forest,
    part,
    ready_cavalry,
    targets,
)
from .lands import (
    ATTACK_COST,
    CAMP,
    DEPOT_COST,
    FORTRESS_COST,
    KEY,
    MERCHANT_CARDS,
    MERCHANT_COST,
    RIVER,
)
from .phases import camp_chosen, chooser, merchant_pool, monastery_draw, proceed


def move(kind: str, *keys: str):
    """Register a Bohnaparte move: in any other game it is no move at all."""

    def register(handler: Handler) -> Handler:
        def checked(state: State, seat: int, action: dict, events: list[Event]) -> None:
            if KEY not in state.ext:
                raise IllegalMove(
                    gettext("There is no move {kind!r} in this game.").format(kind=kind)
                )
            handler(state, seat, action, events)

        handles(kind, *keys)(checked)
        return handler

    return register


def _land(state: State, action: dict, key: str = "land") -> int:
    land = whole_number(action, key)
    if not 0 <= land < len(board_map(state).kinds):
        raise IllegalMove(gettext("There is no such land on the map."))
    return land


def _afford(state: State, seat: int, cost: int, what: str) -> None:
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


@move("choose_camp", "land")
def _choose_camp(state: State, seat: int, action: dict, events: list[Event]) -> None:
    if state.phase != "choose_camp":
        raise IllegalMove(gettext("The camps were chosen before the first turn."))
    if seat != chooser(state):
        raise IllegalMove(
            gettext("It is {name}'s turn to choose a camp.").format(
                name=state.names[chooser(state)]
            )
        )
    land = _land(state, action)
    if board_map(state).kinds[land] != CAMP:
        raise IllegalMove(gettext("Choose one of the camps."))
    if part(state)["owners"][land] is not None:
        raise IllegalMove(gettext("That camp is taken; choose a free one."))
    camp_chosen(state, seat, land, events)


@move("monastery_draw")
def _monastery_draw(state: State, seat: int, action: dict, events: list[Event]) -> None:
    if state.phase != "monastery" or seat != state.active:
        raise IllegalMove(
            gettext("You may draw at your monasteries only at the start of your turn.")
        )
    monastery_draw(state, seat, events)


def _go_on(state: State, seat: int, phase: str, refusal: str, said: str, events) -> None:
    """The active seat leaves its phase: the monastery's draws, or its attacks."""
    if state.phase != phase or seat != state.active:
        raise IllegalMove(gettext(refusal))
    events.append(Event(said, seat, {}))
    advance(state, events)


@move("monastery_skip")
def _monastery_skip(state: State, seat: int, action: dict, events: list[Event]) -> None:
    refusal = gettext_noop("You may draw at your monasteries only at the start of your turn.")
    _go_on(state, seat, "monastery", refusal, "monastery_skipped", events)


def depot_room(state: State, seat: int) -> bool:
    depot = part(state)["depots"][seat]
    return depot is not None and len(depot) < state.players


@move("store", "card")
def _store(state: State, seat: int, action: dict, events: list[Event]) -> None:
    """A card due to be planted goes face down into the depot: it counts as planted."""
    card = whole_number(action, "card")
    phase = PHASES[state.phase]
    if card not in phase.plantable(state, seat):
        raise IllegalMove(
            gettext(
                "Only a card you must plant now (in phase 1 or 3) can go into your munitions depot."
            )
        )
    depot = part(state)["depots"][seat]
    if depot is None:
        raise IllegalMove(gettext("You have no munitions depot."))
    if len(depot) >= state.players:
        raise IllegalMove(
            gettext("Your munitions depot is full: it holds {count} cards.").format(
                count=state.players
            )
        )
    phase.place(state, seat).remove(card)
    depot.append(card)
    bean = BEAN_KEYS[state.card_beans[card]]
    events.append(
        Event.private("stored", seat, {"source": phase.plants_from}, {"card": card, "bean": bean})
    )
    phase.after_plant(state, seat, events)


@move("buy_depot")
def _buy_depot(state: State, seat: int, action: dict, events: list[Event]) -> None:
    if _cavalry_game(state):
        raise IllegalMove(
            gettext(
                "With cavalry there are no munitions depots: buy a merchant while you hold a "
                "forest."
            )
        )
    if part(state)["depots"][seat] is not None:
        raise IllegalMove(gettext("You have a munitions depot already."))
    _afford(state, seat, DEPOT_COST, gettext_noop("A munitions depot"))
    pay(state, seat, DEPOT_COST)
    part(state)["depots"][seat] = []
    events.append(Event("depot_bought", seat, {"paid": DEPOT_COST}))


@move("build_fortress", "mine", "land")
def _build_fortress(state: State, seat: int, action: dict, events: list[Event]) -> None:
    if _cavalry_game(state):
        raise IllegalMove(
            gettext("With cavalry there are no fortresses: their cards are the forests.")
        )
    if seat != state.active or state.phase == "choose_camp":
        raise IllegalMove(gettext("You can build a fortress only in your own turn."))
    mine = _land(state, action, "mine")
    land = _land(state, action)
    ours = part(state)
    if mine not in full_mines(state, seat):
        raise IllegalMove(
            gettext("A fortress takes the stone of a mine you hold that is not empty.")
        )
    if ours["owners"][land] != seat:
        raise IllegalMove(gettext("A fortress goes under one of your own lands."))
    if land in ours["fortresses"]:
        raise IllegalMove(gettext("That land has a fortress under it already."))
    _afford(state, seat, FORTRESS_COST, gettext_noop("A fortress"))
    pay(state, seat, FORTRESS_COST)
    ours["emptied"].append(mine)
    ours["fortresses"].append(land)
    data = {"mine": mine, "land": land, "land_kind": board_map(state).kinds[land]}
    events.append(Event("fortress_built", seat, {**data, "paid": FORTRESS_COST}))


@move("buy_merchant")
def _buy_merchant(state: State, seat: int, action: dict, events: list[Event]) -> None:
    if not _cavalry_game(state):
        raise IllegalMove(
            gettext("Merchants come with the cavalry variant; buy a munitions depot.")
        )
    ours = part(state)
    if ours["merchants"][seat] is not None:
        raise IllegalMove(
            gettext("You have bought your merchant already: one a player, once a game.")
        )
    if not holds_forest(state, seat):
        raise IllegalMove(gettext("Only a player holding a forest may buy a merchant."))
    _afford(state, seat, MERCHANT_COST, gettext_noop("A merchant"))
    if state.ending:
        raise IllegalMove(
            gettext(
                "The draw pile has run out for the last time: no cards are left for a merchant."
            )
        )
    pay(state, seat, MERCHANT_COST)
    deck_events: list[Event] = []
    cards = take_cards(state, MERCHANT_CARDS, deck_events)
    ours["merchants"][seat] = cards
    events.append(
        Event(
            "merchant_bought",
            seat,
            {"paid": MERCHANT_COST, "cards": cards, "beans": keys(state, cards)},
        )
    )
    events.extend(deck_events)


@move("attack", "land", "card", "cavalry")
def _attack(state: State, seat: int, action: dict, events: list[Event]) -> None:
    if state.phase != "attack" or seat != state.active:
        raise IllegalMove(
            gettext("You can attack only in your own turn, after planting (phase 4).")
        )
    land = _land(state, action)
    if land not in targets(state, seat):
        raise IllegalMove(_why_not_target(state, seat, land))
    _afford(state, seat, ATTACK_COST, gettext_noop("An attack"))
    cavalry = action.get("cavalry")
    if cavalry is not None:
        if "card" in action:
            raise IllegalMove(gettext("Attack with your cavalry or with a card, not both."))
        if cavalry not in ready_cavalry(state, seat):
            raise IllegalMove(
                gettext("Only a cavalry of a horse paddock you hold, not tapped, can ride.")
            )
        source, card = fights.CAVALRY, None
    else:
        source, card = fights.parse_choice(state, seat, action, land)
    pay(state, seat, ATTACK_COST)
    battle = fights.new_battle(state, seat, land, cavalry)
    part(state)["battle"] = battle
    data = {
        "land": land,
        "land_kind": board_map(state).kinds[land],
        "defender": battle["defender"],
        "source": source,
        "paid": ATTACK_COST,
    }
    if card is None:
        events.append(Event("attacked", seat, data))
    else:
        bean = BEAN_KEYS[state.card_beans[card]]
        events.append(Event.private("attacked", seat, data, {"card": card, "bean": bean}))
    if source != fights.CAVALRY:
        battle["attack"] = fights.take(state, seat, source, card, events)
        battle["attack_from"] = source
    enter(state, "battle", events)


def _why_not_target(state: State, seat: int, land: int) -> str:
    if board_map(state).kinds[land] == RIVER:
        return gettext("A river can be neither crossed nor attacked.")
    if part(state)["owners"][land] == seat:
        return gettext("That land is yours already.")
    return gettext("You can attack only a land next to one of yours.")


@move("battle_card", "card")
def _battle_card(state: State, seat: int, action: dict, events: list[Event]) -> None:
    battle = part(state)["battle"]
    needed = fights.chooser(battle) if state.phase == "battle" else None
    if needed is None or needed[0] != seat:
        raise IllegalMove(gettext("No battle is waiting for a card from you."))
    side = needed[1]
    land = battle["land"]
    source, card = fights.parse_choice(state, seat, action, land)
    data = {"land": land, "side": side, "source": source}
    if card is None:
        events.append(Event("battle_card", seat, data))
    else:
        bean = BEAN_KEYS[state.card_beans[card]]
        events.append(Event.private("battle_card", seat, data, {"card": card, "bean": bean}))
    battle[side] = fights.take(state, seat, source, card, events)
    battle[f"{side}_from"] = source
    proceed(state, events)


@move("end_attacks")
def _end_attacks(state: State, seat: int, action: dict, events: list[Event]) -> None:
    refusal = gettext_noop("Only the active player, in the attack phase, can end the attacks.")
    _go_on(state, seat, "attack", refusal, "attacks_ended", events)


@move("merchant_take", "cards")
def _merchant_take(state: State, seat: int, action: dict, events: list[Event]) -> None:
    if state.phase != "merchant_draw" or seat != state.active:
        raise IllegalMove(
            gettext("You swap cards with your merchant when you draw at the end of your turn.")
        )
    ours = part(state)
    pool = merchant_pool(state)
    wanted = len(ours["drawn"])
    chosen = action.get("cards")
    if not isinstance(chosen, list) or any(type(card) is not int for card in chosen):
        raise IllegalMove(
            gettext("'cards' must list the cards you take, in the order they join your hand.")
        )
    if len(set(chosen)) != len(chosen) or not set(chosen) <= set(pool):
        raise IllegalMove(gettext("Take only cards you drew or cards on your merchant, each once."))
    if len(chosen) != wanted:
        raise IllegalMove(
            gettext("Take exactly {count} cards, as many as you drew.").format(count=wanted)
        )
    taken = [card for card in chosen if card in ours["merchants"][seat]]
    state.hands[seat] += chosen
    ours["merchants"][seat] = [card for card in pool if card not in chosen]
    ours["drawn"] = []
    left = ours["merchants"][seat]
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
