"""Bohnaparte's own phases: the choice of camps before the first turn, the monastery's draw
before planting, the attacks and their battles, and the cavalry variant's draw with a
merchant. The base game's planting, trading and drawing phases are played as they are.

- "choose_camp" (the opening): from the seat after the start player, clockwise, each seat
  takes a free camp; the start player, choosing last, then begins (seed 003: the last to
  choose starts).
- "monastery": the active seat's cavalry stands up again; a seat holding monasteries may draw
  one card for each (seed 003: "può pescare", it may), then plants.
- "attack" (phase 4): the active seat attacks, one coin an attack, until it ends its attacks;
  it is skipped for a seat without a coin or without a land to attack.
- "battle": an attack waits for the defender's card (and, after a beaten cavalry, for the
  attacker's card of the second round). A neutral land defends with the deck's top card at
  once: it is drawn blind, so the seat left of the attacker, who draws it at a table, has no
  choice to make and the game does not wait for it.
- "merchant_draw" (cavalry, phase 5): a merchant's owner draws as ever, then takes as many
  cards as drawn from those and the merchant's two, in any order; the rest stay face up on
  the merchant. Without a merchant it is the base game's draw.
"""

from ..beans import BEAN_KEYS
from ..deck import keys, take_cards
from ..ending import finish_game
from ..events import Event
from ..expansions import draw_count
from ..language import gettext
from ..phases import PHASES, Phase
from ..state import State
from ..turn import ActiveSeatPhase, advance, begin_turn, enter
from . import battle as fights
from .board import board_map, count_of_kind, held_count, part, targets
from .lands import KINDS, MONASTERY, PADDOCK, TOKENS
from .listing import camp_chooser, free_camps

# The opening: camps chosen from the seat after the start player round to the start player.


def camp_chosen(state: State, seat: int, land: int, events: list[Event]) -> None:
    ours = part(state)
    ours.owners[land] = seat
    ours.camps[seat] = land
    events.append(Event("camp_chosen", seat, {"land": land}))
    if None in ours.camps:
        state.active = camp_chooser(state)
    else:
        begin_turn(state, events)


class _ChooseCamp(Phase):
    def enter(self, state: State, events: list[Event]) -> None:
        state.active = camp_chooser(state)

    def waiting_for(self, state: State) -> list[int]:
        return [camp_chooser(state)]

    def prompt(self, state: State, seat: int) -> str:
        return "choose_camp"

    def default_move(self, state: State, seat: int) -> dict | None:
        return {"kind": "choose_camp", "land": free_camps(state)[0]}


# Before phase 1: cavalry stands up, monasteries may draw.


def monasteries_left(state: State) -> int:
    held = count_of_kind(state, state.active, MONASTERY)
    return held - part(state).monastery_draws


def monastery_draw(state: State, seat: int, events: list[Event]) -> None:
    """Battle values 6 to 12 become a coin, 14 to 20 are discarded (RULES.md 6.1)."""
    deck_events: list[Event] = []
    card = take_cards(state, 1, deck_events)[0]
    coin = fights.card_value(state, card) <= 12
    (state.coins[seat] if coin else state.discard).append(card)
    part(state).monastery_draws += 1
    bean = BEAN_KEYS[state.card_beans[card]]
    events.append(Event("monastery_drew", seat, {"bean": bean, "earned": int(coin)}))
    events.extend(deck_events)
    if not monasteries_left(state) or state.ending:
        advance(state, events)


class _Monastery(ActiveSeatPhase):
    def enter(self, state: State, events: list[Event]) -> None:
        ours = part(state)
        kinds = board_map(state).kinds
        owners = ours.owners
        ours.tapped = [
            land for land in ours.tapped if owners[land] != state.active or kinds[land] != PADDOCK
        ]
        ours.monastery_draws = 0
        if not monasteries_left(state) or state.ending:
            advance(state, events)

    def prompt(self, state: State, seat: int) -> str:
        return "monastery"

    def default_move(self, state: State, seat: int) -> dict | None:
        """The draw is what a monastery is for, and it costs nothing."""
        return {"kind": "monastery_draw"}


# Phase 4: attacks.


def may_attack(state: State, seat: int) -> bool:
    return bool(state.coins[seat]) and bool(targets(state, seat))


class _Attack(ActiveSeatPhase):
    def enter(self, state: State, events: list[Event]) -> None:
        part(state).battle = None
        if not may_attack(state, state.active):
            advance(state, events)

    def prompt(self, state: State, seat: int) -> str:
        return "attack"

    def default_move(self, state: State, seat: int) -> dict | None:
        return {"kind": "end_attacks"}


# A battle, until it needs a card from a seat.


def proceed(state: State, events: list[Event]) -> None:
    """Carry the battle on: draw for a neutral land, fight when both cards are in, start the
    cavalry's second round; stop where a seat must choose a card or the battle is over."""
    battle = part(state).battle
    while True:
        needed = fights.chooser(battle)
        if needed is None:
            won = fights.fight(state, battle, events)
            if not won and battle["attack_from"] == fights.CAVALRY:
                _second_round(state, battle, events)
                continue
            _after_battle(state, battle, won, events)
            return
        seat, side = needed
        if seat is None:  # a neutral land: the deck defends
            battle["defence_from"] = fights.DECK
            battle["defence"] = fights.draw(state, events)
        elif not fights.may_fight(state, seat, battle["land"]):
            battle[f"{side}_from"] = fights.NONE
        else:
            return


def _second_round(state: State, battle: dict, events: list[Event]) -> None:
    part(state).tapped.append(battle["cavalry"])
    events.append(
        Event(
            "cavalry_beaten",
            battle["attacker"],
            {"land": battle["land"], "paddock": battle["cavalry"]},
        )
    )
    battle.update(round=2, attack=None, attack_from=None, defence=None, defence_from=None)


def _after_battle(state: State, battle: dict, won: bool, events: list[Event]) -> None:
    ours = part(state)
    attacker, defender, land = battle["attacker"], battle["defender"], battle["land"]
    if won:
        ours.owners[land] = attacker
        kind = board_map(state).kinds[land]
        data = {"land": land, "land_kind": kind, "from": defender}
        events.append(Event("conquered", attacker, data))
    ours.battle = None
    if held_count(state, attacker) >= TOKENS:
        _game_ends(state, attacker, "twelve_lands", events)
    elif defender is not None and not held_count(state, defender):
        _game_ends(state, defender, "no_land", events)
    elif battle["final"] or (state.ending and not battle["ending"]):
        _game_ends(state, None, "exhaustion", events)
    else:
        enter(state, "attack", events)


def _game_ends(state: State, seat: int | None, cause: str, events: list[Event]) -> None:
    events.append(Event("game_ends", seat, {"cause": cause}))
    finish_game(state, events)


class _Battle(Phase):
    def enter(self, state: State, events: list[Event]) -> None:
        proceed(state, events)

    def waiting_for(self, state: State) -> list[int]:
        needed = fights.chooser(part(state).battle)
        return [needed[0]]

    def prompt(self, state: State, seat: int) -> tuple[str, dict]:
        battle = part(state).battle
        if seat == battle["attacker"]:
            return "second_round", {}
        land = battle["land"]
        return "defend", {
            "attacker": state.names[battle["attacker"]],
            "land_name": gettext(KINDS[board_map(state).kinds[land]].name),
            "land_number": land + 1,
        }

    def default_move(self, state: State, seat: int) -> dict | None:
        """The blind top card: what a player who does not answer would be dealt by chance."""
        return {"kind": "battle_card", "card": _default_card(state, seat)}


def _default_card(state: State, seat: int):
    """The top of the deck, or when none can be drawn, the front card of the hand (a seat
    the battle waits for has one, or a depot card)."""
    if fights.deck_available(state):
        return fights.DECK
    if state.hands[seat]:
        return state.hands[seat][0]
    return fights.depot_usable(state, seat, part(state).battle["land"])[0]


# Phase 5 with cavalry: the merchant.


class _MerchantDraw(ActiveSeatPhase):
    def enter(self, state: State, events: list[Event]) -> None:
        ours = part(state)
        active = state.active
        if ours.merchants[active] is None or state.ending:
            PHASES["draw"].enter(state, events)
            return
        deck_events: list[Event] = []
        drawn = take_cards(state, draw_count(state, active), deck_events)
        secret = {"cards": drawn, "beans": keys(state, drawn)}
        events.append(Event.private("drew", active, {"count": len(drawn)}, secret))
        events.extend(deck_events)
        if state.ending:  # the pile ran out for the last time while drawing: the game ends now
            state.hands[active] += drawn
            finish_game(state, events)
        else:
            ours.drawn = drawn

    def prompt(self, state: State, seat: int) -> str:
        return "merchant"

    def default_move(self, state: State, seat: int) -> dict | None:
        """The drawn cards, as they came: the merchant keeps its own."""
        return {"kind": "merchant_take", "cards": list(part(state).drawn)}


STEPS = (
    _ChooseCamp("choose_camp"),
    _Monastery("monastery"),
    _Attack("attack"),
    _Battle("battle"),
    _MerchantDraw("merchant_draw"),
)
