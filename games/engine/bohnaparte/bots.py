"""Bohnaparte's decisions for the bots: camps, monasteries, depots, fortresses, merchants,
attacks and defences. The expansion gives these to the careful and random bots for
Bohnaparte's own phases and moves (`Bohnaparte.bot_move`, `random_move`); they decide
everything else as in the base game.

Every decision is made from a `Sight`: what the seat may see (its own hand, depot and drawn
cards, the public map and tokens, coins and hand sizes, fields, face-up cards, merchants and
the top of the discard pile), never another hand, a face-down card or the order of the deck.

The careful bot weighs lands in victory points. An attack is worth its chance of winning
times what the land brings (its points, what it does each turn, and what the loser loses),
less the coin and the card it costs; the bot attacks where that is best and above nothing.
The defender's card is unknown: a neutral land's is a card drawn from the cards the bot has
not seen; a player defends with the best of a few of them (their hand and depot). A defence
picks the card that loses the land least often for what the card is worth, so a card that
wins is played when one can be spared, the top of the deck otherwise.
"""

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Final

from ..beans import BEANS
from ..phases import PHASES
from ..state import State
from . import battle as fights
from .board import board_map, may_buy_merchant, part
from .lands import (
    CAMP,
    CANNON_TARGETS,
    CANNON_TIE_LIMIT,
    CAVALRY_VALUE,
    DEPOT_COST,
    FARM,
    FOREST,
    FORTRESS_BONUS,
    FORTRESS_COST,
    IRON_MINE,
    KINDS,
    MINE,
    MONASTERY,
    PADDOCK,
    SWAMP,
    TOKENS,
    VILLAGE,
)
from .maps import Map
from .view import board_view

OWN_PHASES: Final = frozenset(("choose_camp", "monastery", "attack", "battle", "merchant_draw"))

# What a land does for its holder, in victory points, besides its own points: a card more
# each turn, coins, a cannon, cavalry, a merchant and a way across rivers; a mine's stone is a
# fortress (a point, and 2 for defence) until it is used.
EFFECT: Final = {FARM: 0.6, VILLAGE: 0.8, MONASTERY: 0.4, IRON_MINE: 0.5, PADDOCK: 0.7, FOREST: 0.8}
FULL_MINE: Final = 1.2
COIN: Final = 0.45  # what a coin is worth, in victory points: the price of an attack
TAKEN_FROM: Final = 0.5  # what a rival's loss is worth to the bot, for each point it loses
SPARE_CARD: Final = -0.1  # a hand card that fits no field: spending it is a relief
FIELD_CARD: Final = 0.3  # a hand card that grows a field
DEPOT_CARD: Final = 0.25  # a depot card, kept for battles


@dataclass
class Sight:
    """What the seat may see, gathered once for a decision."""

    seat: int
    state_phase: str
    active: int
    turn: int
    players: int
    ending: bool
    chart: Map
    board: dict  # view.board_view for the seat
    owners: list[int | None]
    hand: list[int]
    coins: list[int]
    hand_sizes: list[int]
    field_beans: list[list[tuple[int, int]]]  # each seat's fields as (bean, count)
    unseen: dict[int, int]  # battle value -> how many cards the seat has not seen
    beans: tuple[int, ...] = field(repr=False, default=())

    def value(self, card: int) -> int:
        return BEANS[self.beans[card]].count


def sight(state: State, seat: int) -> Sight:
    board = board_view(state, seat)
    beans = state.card_beans
    seen = list(state.hands[seat]) + list(state.faceup)
    for own in (board["depot"] or [], board["drawn"] or []):
        seen += [card["id"] for card in own]
    for player in board["players"]:
        seen += [card["id"] for card in player["merchant"] or []]
    for fields in state.fields:
        for cards in fields:
            seen += cards
    if state.discard:
        seen.append(state.discard[-1])
    unseen: dict[int, int] = {}
    for bean in state.rules.beans:
        unseen[BEANS[bean].count] = BEANS[bean].count
    for card in seen:
        unseen[BEANS[beans[card]].count] -= 1
    own_battle = board["battle"]
    if own_battle:
        for side in ("attack", "defence"):
            if own_battle[side]:
                unseen[BEANS[beans[own_battle[side]["id"]]].count] -= 1
    return Sight(
        seat=seat,
        state_phase=state.phase,
        active=state.active,
        turn=state.turn,
        players=state.players,
        ending=state.ending,
        chart=board_map(state),
        board=board,
        owners=[land["owner"] for land in board["lands"]],
        hand=list(state.hands[seat]),
        coins=[len(stack) for stack in state.coins],
        hand_sizes=[len(hand) for hand in state.hands],
        field_beans=[
            [(beans[cards[0]], len(cards)) for cards in fields if cards] for fields in state.fields
        ],
        unseen={value: count for value, count in unseen.items() if count > 0},
        beans=beans,
    )


def choose(state: State, seat: int, awaited: bool) -> dict | None:
    """The careful bot's Bohnaparte move, or None to leave the move to its base game."""
    if state.phase in OWN_PHASES:
        if not awaited:
            return None
        # Before attacking, what the coins buy for good.
        purchase = _purchase_or_store(state, seat) if state.phase == "attack" else None
        return purchase or _phase_move(sight(state, seat))
    return _purchase_or_store(state, seat)


# The phases of Bohnaparte's own.


def _phase_move(seen: Sight) -> dict | None:
    phase = seen.state_phase
    if phase == "choose_camp":
        return {"kind": "choose_camp", "land": _camp(seen)}
    if phase == "monastery":
        return {"kind": "monastery_draw"}
    if phase == "attack":
        return _attack(seen) or {"kind": "end_attacks"}
    if phase == "battle":
        return {"kind": "battle_card", "card": _battle_card(seen)}
    return {"kind": "merchant_take", "cards": _merchant_cards(seen)}


def _camp(seen: Sight) -> int:
    """The free camp farthest from the camps already taken."""
    chart = seen.chart
    owners = seen.owners
    free = [land for land in chart.lands if chart.kinds[land] == CAMP and owners[land] is None]
    taken = [land for land in chart.lands if chart.kinds[land] == CAMP and owners[land] is not None]
    return max(free, key=lambda land: sum(_distance(chart, land, other) for other in taken))


def _distance(chart: Map, start: int, goal: int) -> int:
    reached = {start}
    frontier = [start]
    steps = 0
    while frontier and goal not in reached:
        steps += 1
        frontier = [n for land in frontier for n in chart.neighbours[land] if n not in reached]
        reached.update(frontier)
    return steps


def _merchant_cards(seen: Sight) -> list[int]:
    """The drawn and merchant cards that best fit the fields, those for growing fields first."""
    pool = [card["id"] for card in seen.board["drawn"]]
    merchant = seen.board["players"][seen.seat]["merchant"]
    wanted = len(pool)
    pool += [card["id"] for card in merchant]
    growing = {bean for bean, _ in seen.field_beans[seen.seat]}
    empty = len(seen.field_beans[seen.seat]) < 2

    def worth(card: int) -> tuple:
        bean = seen.beans[card]
        return (bean in growing, empty, seen.value(card))

    return sorted(pool, key=worth, reverse=True)[:wanted]


# Purchases and the depot, at any time.


def _purchase_or_store(state: State, seat: int) -> dict | None:
    """A merchant as soon as it can be had, a depot when coins are plenty and the game is
    young, a fortress whenever a mine's stone and two coins are there, and a card for the
    depot rather than a field it would spoil."""
    coins = len(state.coins[seat])
    ours = part(state)
    if board_map(state).cavalry:
        return {"kind": "buy_merchant"} if may_buy_merchant(state, seat) else None
    depot = ours.depots[seat]
    late = state.exhaustions >= state.rules.exhaustions_to_end - 1
    if depot is None and coins >= DEPOT_COST + 2 and not late:
        return {"kind": "buy_depot"}
    if seat == state.active and coins >= FORTRESS_COST and state.turn:
        fortress = _fortress(sight(state, seat))
        if fortress:
            return fortress
    if depot is not None and len(depot) < state.players:
        plantable = PHASES[state.phase].plantable(state, seat)
        if plantable:
            return _store(sight(state, seat), plantable)
    return None


def _store(seen: Sight, plantable) -> dict | None:
    """Keep for battles a card that fits no field, or a strong one no field grows."""
    fields = seen.field_beans[seen.seat]
    growing = {bean for bean, _ in fields}
    free_field = len(fields) < 2
    for card in plantable:
        bean = seen.beans[card]
        if bean in growing:
            continue
        if not free_field or seen.value(card) >= 18:
            return {"kind": "store", "card": card}
    return None


def _fortress(seen: Sight) -> dict | None:
    chart = seen.chart
    lands = seen.board["lands"]
    owners = seen.owners
    mines = [
        land
        for land in chart.lands
        if owners[land] == seen.seat and chart.kinds[land] == MINE and not lands[land]["empty"]
    ]
    candidates = [
        land for land in chart.lands if owners[land] == seen.seat and not lands[land]["fortress"]
    ]
    if not mines or not candidates:
        return None

    def exposure(land: int) -> tuple:
        rivals = sum(1 for n in chart.neighbours[land] if owners[n] not in (None, seen.seat))
        return (KINDS[chart.kinds[land]].points + (chart.kinds[land] in CANNON_TARGETS), rivals)

    return {"kind": "build_fortress", "mine": mines[0], "land": max(candidates, key=exposure)}


# Battles: the chances of a card against an unknown one.


def _distribution(seen: Sight) -> list[tuple[int, float]]:
    total = sum(seen.unseen.values())
    return sorted((value, count / total) for value, count in seen.unseen.items())


def _best_of(dist: list[tuple[int, float]], draws: int) -> list[tuple[int, float]]:
    """The distribution of the best of `draws` cards drawn from `dist`."""
    below = 0.0
    out = []
    for value, chance in dist:
        reached = below + chance
        out.append((value, reached**draws - below**draws))
        below = reached
    return out


def _defended(seen: Sight, land: int, value: int) -> int:
    fortified = seen.board["lands"][land]["fortress"]
    return max(value + FORTRESS_BONUS * fortified, KINDS[seen.chart.kinds[land]].least_defence)


def _defence_dist(seen: Sight, land: int) -> list[tuple[int, float]]:
    dist = _distribution(seen)
    owner = seen.owners[land]
    if owner is None:
        return dist
    depot = seen.board["players"][owner]["depot"] or 0
    if seen.chart.kinds[land] == SWAMP:
        depot = 0
    draws = 1 + min(seen.hand_sizes[owner], 4) // 2 + depot
    return _best_of(dist, min(draws, 5))


def _wins(seen: Sight, land: int, attack: int, defence_dist, cannon: bool) -> float:
    chance = 0.0
    for value, p in defence_dist:
        defence = _defended(seen, land, value)
        if attack > defence or (cannon and attack == defence < CANNON_TIE_LIMIT):
            chance += p
    return chance


def _card_cost(seen: Sight, card: int, in_depot: bool) -> float:
    if in_depot:
        return DEPOT_CARD
    growing = {bean for bean, _ in seen.field_beans[seen.seat]}
    return FIELD_CARD if seen.beans[card] in growing else SPARE_CARD


def _options(
    seen: Sight, land: int
) -> list[tuple[str, int | None, list[tuple[int, float]], float]]:
    """Each card the seat may fight with at `land`: (source, card, its value's distribution,
    what spending it costs). Hand and depot cards are known; the deck's is any unseen card."""
    options: list[tuple[str, int | None, list[tuple[int, float]], float]] = [
        ("hand", card, [(seen.value(card), 1.0)], _card_cost(seen, card, False))
        for card in seen.hand
    ]
    if seen.chart.kinds[land] != SWAMP:
        for card in seen.board["depot"] or []:
            options.append(("depot", card["id"], [(seen.value(card["id"]), 1.0)], DEPOT_CARD))
    if seen.unseen:
        options.append(("deck", None, _distribution(seen), 0.0))
    return options


def _land_worth(seen: Sight, land: int) -> float:
    kind = seen.chart.kinds[land]
    lands = seen.board["lands"]
    worth = lands[land]["points"] + EFFECT.get(kind, 0.0)
    if kind == MINE and not lands[land]["empty"]:
        worth += FULL_MINE
    return worth


def _attack(seen: Sight) -> dict | None:
    if not seen.coins[seen.seat]:
        return None
    best: tuple[float, dict] | None = None
    cannon = seen.board["players"][seen.seat]["cannon"]
    cavalry = [c["paddock"] for c in seen.board["players"][seen.seat]["cavalry"] if not c["tapped"]]
    mine = seen.board["players"][seen.seat]
    for land in seen.board["targets"]:
        owner = seen.owners[land]
        gain = _land_worth(seen, land)
        if owner is not None:
            gain += TAKEN_FROM * seen.board["lands"][land]["points"]
        if mine["lands"] + 1 >= TOKENS:
            leading = mine["points"] + gain > max(
                p["points"] for p in seen.board["players"] if p["seat"] != seen.seat
            )
            gain += 5 if leading else -5
        defence = _defence_dist(seen, land)
        hits = cannon and (
            seen.chart.kinds[land] in CANNON_TARGETS or seen.board["lands"][land]["fortress"]
        )
        card_options = []
        for source, card, dist, cost in _options(seen, land):
            chance = sum(p * _wins(seen, land, value, defence, hits) for value, p in dist)
            card_options.append((chance * gain - cost, source, card, chance, cost))
        if not card_options:
            continue
        worth, source, card, chance, cost = max(card_options, key=lambda o: o[0])
        move = {"kind": "attack", "land": land, "card": "deck" if card is None else card}
        if cavalry:
            riding = _wins(seen, land, CAVALRY_VALUE, defence, False)
            with_cavalry = riding * gain + (1 - riding) * worth
            if with_cavalry > worth:
                worth = with_cavalry
                move = {"kind": "attack", "land": land, "cavalry": cavalry[0]}
        worth -= COIN
        if worth > 0 and (best is None or worth > best[0]):
            best = (worth, move)
    return best[1] if best else None


def _battle_card(seen: Sight):
    battle = seen.board["battle"]
    land = battle["land"]
    if battle["attacker"] == seen.seat:  # the second round after a beaten cavalry
        defence = _defence_dist(seen, land)
        cannon = seen.board["players"][seen.seat]["cannon"]
        hits = cannon and (
            seen.chart.kinds[land] in CANNON_TARGETS or seen.board["lands"][land]["fortress"]
        )
        gain = _land_worth(seen, land)
        _, card, _, _ = max(
            _options(seen, land),
            key=lambda o: (
                sum(p * _wins(seen, land, v, defence, hits) for v, p in o[2]) * gain - o[3]
            ),
        )
        return "deck" if card is None else card
    return _defence_card(seen, battle)


def _defence_card(seen: Sight, battle: dict):
    land = battle["land"]
    source = battle["attack_from"]
    dist = _distribution(seen)
    if source == fights.CAVALRY:
        attack = [(CAVALRY_VALUE, 1.0)]
    elif source == fights.DECK:
        attack = dist
    else:  # a card chosen from a hand or depot: a strong one, as a rule
        attack = _best_of(dist, 3)
    attacker = battle["attacker"]
    cannon = seen.board["players"][attacker]["cannon"] and (
        seen.chart.kinds[land] in CANNON_TARGETS or seen.board["lands"][land]["fortress"]
    )
    loss = _land_worth(seen, land)
    if seen.board["players"][seen.seat]["lands"] == 1:
        loss += 10  # the last land: losing it ends the game with nothing
    best = None
    for _, card, own, cost in _options(seen, land):
        held = 0.0
        for mine, p_mine in own:
            defence = _defended(seen, land, mine)
            for value, p in attack:
                if not (value > defence or (cannon and value == defence < CANNON_TIE_LIMIT)):
                    held += p_mine * p
        score = (1 - held) * loss + cost
        if best is None or score < best[0]:
            best = (score, card)
    return "deck" if best[1] is None else best[1]


# The random bot's choices among Bohnaparte's listed moves.


def random_move(listed: dict, pick: Callable[[list], object], sample) -> dict:
    """A move made from one entry of `legal_actions`, its parameters picked at random."""
    kind = listed["kind"]
    if kind == "attack":
        choices = [("card", card) for card in listed["cards"]]
        if listed["deck"]:
            choices.append(("card", "deck"))
        choices += [("cavalry", paddock) for paddock in listed["cavalry"]]
        key, value = pick(choices)
        return {"kind": kind, "land": listed["land"], key: value}
    if kind == "battle_card":
        return {"kind": kind, "card": pick([*listed["cards"], *(["deck"] * listed["deck"])])}
    if kind == "merchant_take":
        return {"kind": kind, "cards": sample(listed["cards"], listed["take"])}
    if kind == "build_fortress":
        return {"kind": kind, "mine": listed["mine"], "land": pick(listed["lands"])}
    return {key: value for key, value in listed.items() if key in ("kind", "card", "land")}
