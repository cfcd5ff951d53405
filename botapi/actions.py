"""The moves a program sends, typed in the schema: one model a kind of move, made from the
engine's registry of kinds (`move_kinds.MOVES`) and the type of each key a kind reads, joined in
one union told apart by `kind`. A new kind made of keys typed here is typed in the schema
without a change to the API; a kind with a key not typed here fails
`tests/botapi/test_v2.py`."""

from enum import StrEnum
from typing import Annotated, Literal, Union

from ninja import Schema
from pydantic import ConfigDict, Field, create_model

from games.engine.beans import BEAN_KEYS
from games.engine.book.part import BEST, FACEUP, HAND_OFFERED, OTHERWISE, PASS_OFFERS, TRADE_ENDS
from games.engine.move_kinds import MOVES
from games.engine.phases import PHASES

Bean = StrEnum("Bean", {key.replace("-", "_"): key for key in BEAN_KEYS})
Bean.__doc__ = "A kind of bean, by its key."
# The steps of a turn (an expansion's too), and the state's before the first and after the last.
Phase = StrEnum("Phase", {name: name for name in ("setup", *PHASES, "over")})
Phase.__doc__ = "A step of the turn (an expansion's too), or the game's setup or end."

Card = Annotated[int, Field(ge=0, description="A card's id.")]
FieldIndex = Annotated[
    int, Field(ge=0, description="A field of the seat's, counted from 0 (sentences say 1 more).")
]
Position = Annotated[
    int, Field(ge=0, description="A seat at the table, by its position counted from 0.")
]
Id = Annotated[int, Field(ge=0)]


def _choice(words: tuple[str, ...]):
    return Literal[tuple(words)]  # type: ignore[valid-type]


# The type of each key a kind of move reads, and what it means.
KEYS: dict[str, tuple[object, str]] = {
    "card": (Card, "The card the move is about."),
    "field": (FieldIndex, "The field, counted from 0."),
    "to": (Position, "The seat the offer is made to."),
    "give": (list[Card], "The cards given, by id."),
    "ask": (dict[Bean, Annotated[int, Field(ge=1)]], "How many beans of each kind are asked."),
    "ask_faceup": (list[Card], "The face-up cards asked for (of the active player), by id."),
    "offer": (Id, "The offer, by its id."),
    "fields": (
        dict[Bean, FieldIndex],
        "The field each bean received goes to, by bean (counted from 0).",
    ),
    "gifts": (bool, "Accept every offer that asks nothing."),
    "keep": (Annotated[int, Field(ge=0, le=10)], "The hand's first cards no rule gives away."),
    "growing": (bool, "Accept offers of beans the seat grows, for cards it does not need."),
    "away": (bool, "Let the rules answer only while the player is away."),
    "otherwise": (_choice(OTHERWISE), "What becomes of an offer no rule decides."),
    "plant": (
        bool | list[Annotated[list[int], Field(min_length=2, max_length=2)]],
        "For `rules`: plant gifts where they obviously go. For `plan`: the cards it plants, "
        "each as [card, field].",
    ),
    "offers": (_choice(PASS_OFFERS), "Offers made after the pass: declined, or still answered."),
    "assumed": (bool, "A pass the site assumes for a seat away (the site's own)."),
    "obvious": (
        Annotated[int, Field(ge=0, le=2)],
        "Cards from the front of the hand planted where they obviously go.",
    ),
    "harvest": (
        FieldIndex | Literal[BEST] | None,  # type: ignore[valid-type]
        'The field harvested when a card fits none, or "best".',
    ),
    "faceup": (_choice(("", *FACEUP)), "What becomes of the face-up cards."),
    "hand": (_choice(("", *HAND_OFFERED)), "What becomes of the rest of the hand."),
    "trading": (_choice(("", *TRADE_ENDS)), "When trading ends."),
    "kept": (bool, "Keep the face-up cards planted first."),
    "every": (bool, "The plan holds for every turn, not only the next."),
    "land": (Id, "A land of the map, by its number."),
    "cavalry": (Id | None, "The cavalry that attacks, by its id."),
    "mine": (Id, "The mine, by its land's number."),
    "cards": (list[Card], "The cards taken, in the order they join the hand."),
}


def _model_name(kind: str) -> str:
    return "".join(part.capitalize() for part in kind.split("_")) + "Action"


class _Strict(Schema):
    model_config = ConfigDict(extra="forbid")


def _models() -> dict[str, type[Schema]]:
    made = {}
    for name, kind in MOVES.items():
        made[name] = create_model(
            _model_name(name),
            __base__=_Strict,
            __doc__=(type(kind).__doc__ or "").strip() or f"A move of the kind `{name}`.",
            kind=(Literal[name], Field(description="The kind of move.")),  # type: ignore[valid-type]
            **{key: (KEYS[key][0], Field(None, description=KEYS[key][1])) for key in kind.keys},
        )
    return made


ACTIONS: dict[str, type[Schema]] = _models()
Action = Annotated[Union[tuple(ACTIONS.values())], Field(discriminator="kind")]  # noqa: UP007


def as_move(action: Schema) -> dict:
    """The move as the engine reads it: the keys the program sent."""
    return action.model_dump(mode="json", exclude_unset=True)
