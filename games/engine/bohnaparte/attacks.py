"""Bohnaparte's attacks, each kind of move registered once (see `moves`).

{"kind": "attack", "land": 12, "card": 17}    1 coin; "card" a hand or depot card, or "deck"
{"kind": "attack", "land": 12, "cavalry": 20} cavalry rides the first round
{"kind": "battle_card", "card": "deck"}       the defender's card (or a second round's)
{"kind": "end_attacks"}
"""

from ..beans import BEAN_KEYS
from ..conflicts import same_step
from ..errors import IllegalMove
from ..events import Event
from ..fields import pay
from ..language import gettext, gettext_noop
from ..state import State
from ..turn import enter
from . import battle as fights
from .board import board_map, part, ready_cavalry, targets
from .lands import ATTACK_COST, RIVER
from .listing import attack_moves, battle_moves
from .moves import BohnaparteMove, GoOn, afford, land_changed, land_of
from .phases import proceed

# What a battle's moves make of it besides the card laid: the fight, a cavalry beaten in the
# first round, the land conquered, and the end of the game it may bring.
BATTLE_EVENTS = ("battle", "cavalry_beaten", "conquered", "game_ends")


def _where(state: State, seat: int, card) -> str | None:
    """Where a card a seat may fight with waits: the deck is drawn blind, and always there."""
    if card == fights.DECK:
        return fights.DECK
    if card in state.hands[seat]:
        return fights.HAND
    if card in (part(state).depots[seat] or ()):
        return fights.DEPOT
    return None


def _card_unchanged(before: State, now: State, seat: int, card) -> str | None:
    if _where(before, seat, card) != _where(now, seat, card):
        return gettext("That card is no longer where your page showed it.")
    return None


class _Attack(BohnaparteMove):
    def carry_out(self, state: State, seat: int, action: dict, events: list[Event]) -> None:
        if state.phase != "attack" or seat != state.active:
            raise IllegalMove(
                gettext("You can attack only in your own turn, after planting (phase 4).")
            )
        land = land_of(state, action)
        if land not in targets(state, seat):
            raise IllegalMove(_why_not_target(state, seat, land))
        afford(state, seat, ATTACK_COST, gettext_noop("An attack"))
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
        part(state).battle = battle
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

    def moves(self, state: State, seat: int) -> list[dict]:
        return attack_moves(state, seat)

    def what_changed(self, before: State, now: State, seat: int, action: dict) -> str | None:
        """The step, the land attacked (its holder and fortress), the card it attacks with
        where it waited, and the cavalry's paddock."""
        cavalry = action.get("cavalry")
        return (
            same_step(before, now)
            or land_changed(before, now, action.get("land"))
            or (land_changed(before, now, cavalry) if cavalry is not None else None)
            or (
                _card_unchanged(before, now, seat, action.get("card")) if "card" in action else None
            )
        )


def _why_not_target(state: State, seat: int, land: int) -> str:
    if board_map(state).kinds[land] == RIVER:
        return gettext("A river can be neither crossed nor attacked.")
    if part(state).owners[land] == seat:
        return gettext("That land is yours already.")
    return gettext("You can attack only a land next to one of yours.")


class _BattleCard(BohnaparteMove):
    def carry_out(self, state: State, seat: int, action: dict, events: list[Event]) -> None:
        battle = part(state).battle
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

    def moves(self, state: State, seat: int) -> list[dict]:
        return battle_moves(state, seat)

    def what_changed(self, before: State, now: State, seat: int, action: dict) -> str | None:
        """The battle, the very one the page showed (its land, sides, round and the cards
        laid in it: a battle settled by the clock and another begun against the same seat,
        even at the same land, differ in those), and the card where it waited."""
        if before.turn != now.turn or part(before).battle != part(now).battle:
            return gettext("The battle your page showed has been settled since.")
        return _card_unchanged(before, now, seat, action.get("card"))


KINDS = (
    _Attack("attack", ("land", "card", "cavalry"), ("attacked", *BATTLE_EVENTS)),
    _BattleCard("battle_card", ("card",), ("battle_card", *BATTLE_EVENTS)),
    GoOn(
        "end_attacks",
        "attack",
        gettext_noop("Only the active player, in the attack phase, can end the attacks."),
        "attacks_ended",
    ),
)
