"""The rules in brief, for a "How to play" page: each step of an edition's turn in a sentence
or two, and the numbers its rules resolve to, worded in the reader's language."""

from typing import Final

from .beans import BEANS, bean_name
from .editions import EDITIONS
from .ending import tie_break_worded
from .events import cards_worded
from .expansions import EXPANSIONS
from .language import gettext, gettext_noop

# Each step of a turn (Rules.turn): its name, and what the player does in it; an expansion
# adds its own (`register_steps`).
_STEPS: Final[dict[str, tuple[str, str]]] = {
    "plant": (
        gettext_noop("Plant from your hand"),
        gettext_noop(
            "Plant the front card of your hand in a field: on beans of its kind, or in an "
            "empty field. Then you may plant the next card too, never a third. Your hand "
            "keeps its order all game."
        ),
    ),
    "trade": (
        gettext_noop("Turn up and trade"),
        gettext_noop(
            "Turn up the top {reveal} of the draw pile. Trade them and any cards of your "
            "hand with the other players, who trade only with you. Gifts are allowed."
        ),
    ),
    "plant_traded": (
        gettext_noop("Plant what was kept and traded"),
        gettext_noop(
            "You plant the face-up cards you kept, and every player plants the cards they "
            "received, before the turn goes on."
        ),
    ),
    "draw": (
        gettext_noop("Draw"),
        gettext_noop("Draw {draw}, one at a time, to the back of your hand."),
    ),
}


# What wins, by what the game counts (Rules.counts).
_GOALS: Final = {
    "coins": gettext_noop(
        "Plant beans, trade them and harvest them for coins: the most coins at the end wins."
    ),
    "points": gettext_noop(
        "Coins pay for attacks on the map; the lands you hold at the end score victory points, "
        "and the most points wins."
    ),
}


def register_steps(steps: dict[str, tuple[str, str]]) -> None:
    _STEPS.update(steps)


def turn_steps(edition: str, players: int, options: dict | None = None) -> list[dict]:
    """The steps of this game's turn, in order, each with its name and what happens."""
    rules = EDITIONS[edition].resolve(players, dict(options or {}))
    # Worded with their noun, so that a count of one would read in the singular.
    numbers = {"reveal": cards_worded(rules.reveal), "draw": cards_worded(rules.draw)}
    return [
        {"name": gettext(_STEPS[step][0]), "text": gettext(_STEPS[step][1]).format(**numbers)}
        for step in rules.turn
    ]


def facts(edition: str, players: int, options: dict | None = None) -> dict:
    """The numbers of this game: the deal, the fields, the third field, the end, the tie-break,
    and each bean in the deck with its meter."""
    rules = EDITIONS[edition].resolve(players, dict(options or {}))
    return {
        "goal": gettext(_GOALS[rules.counts]),
        # 6 and 7 players are dealt 3, 4, 5 to the first seats and 6 to the rest: "3–6".
        "deal": "–".join(str(n) for n in sorted({min(rules.deal), max(rules.deal)})),
        "fields": rules.fields_at_start,
        "third_field_cost": rules.third_field_cost,
        "exhaustions": rules.exhaustions_to_end,
        "tie_break": tie_break_worded(rules.tie_break),
        "harvest_in_own_turn_only": rules.harvest_in_own_turn_only is not None,
        # What an expansion adds (Bohnaparte: its map, lands, depot, end and cavalry).
        "more": [
            {"name": gettext(name), "text": gettext(text)}
            for key in rules.expansions
            for name, text in EXPANSIONS[key].guide
        ],
        "beans": [
            {
                "key": BEANS[bean].key,
                "name": bean_name(BEANS[bean].key),
                "cards": BEANS[bean].count,
                "meter": list(BEANS[bean].meter),
            }
            for bean in rules.beans
        ],
    }
