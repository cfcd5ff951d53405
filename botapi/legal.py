"""The moves open to a seat as a program sends them: concrete actions it may send back
unchanged, each choice an alternative of its own (a card that may go to two fields is two
plant moves), and, for the moves that are open-ended (an offer, a standing offer, answer rules,
a plan), the form's limits: the values each key may take.

The engine's view lists its moves as the page needs them (`legal`: a plant with the `fields` it
may go to, an offer with the seats and cards it may name); leaving the game and the trade
book's moves are open at any time (`may_resign`, `book`). Nothing here decides what is legal:
this only spells out what the view says."""

from itertools import combinations

from pydantic import ValidationError

from botapi.actions import ACTIONS
from games.engine.book.moves import MAX_KEEP
from games.engine.book.part import BEST, FACEUP, HAND_OFFERED, MOST_OBVIOUS, OTHERWISE, TRADE_ENDS
from games.engine.move_kinds import MOVES

BOTH = [False, True]
# Ways to pay an offer listed one by one up to this many; past it, the suggested payment and
# the form with every card that may pay.
MOST_PAYMENTS = 8


def _concrete(action: dict) -> dict | None:
    """The action with the keys its kind reads, if it is one a program may send as it is."""
    kind = MOVES[action["kind"]]
    trimmed = {key: action[key] for key in ("kind", *kind.keys) if key in action}
    try:
        ACTIONS[kind.name].model_validate(trimmed)
    except ValidationError:
        return None
    return trimmed


def _alternatives(template: dict) -> list[dict]:
    """A template naming the values a key may take under its plural (`fields` for `field`) as
    one action for each value; one naming the cards that may pay for each bean asked
    (`choices`, with `ask` and the suggested `give`) as one action a payment."""
    keys = MOVES[template["kind"]].keys
    for key in keys:
        plural = f"{key}s"
        if plural not in keys and isinstance(template.get(plural), list):
            rest = {name: value for name, value in template.items() if name != plural}
            return [{**rest, key: value} for value in template[plural]]
    if "choices" in template and "ask" in template:
        return _payments(template)
    return [template]


def _payments(template: dict) -> list[dict]:
    """Each way to pay what an offer asks from the cards that may, the suggested one first;
    the template alone past MOST_PAYMENTS ways."""
    ways: list[list[int]] = [[]]
    for bean, count in template["ask"].items():
        picks = list(combinations(template["choices"][bean], count))
        ways = [way + list(pick) for way in ways for pick in picks]
        if len(ways) > MOST_PAYMENTS:
            return [template]
    suggested = sorted(template["give"])
    ways.sort(key=lambda way: sorted(way) != suggested)
    return [{**template, "give": way} for way in ways]


def open_moves(view: dict) -> tuple[list[dict], list[dict]]:
    """(the concrete actions, the open-ended forms with their limits) of a seat's view."""
    actions: list[dict] = []
    forms: list[dict] = []
    for template in view["legal"]:
        alternatives = _alternatives(template)
        concrete = [found for found in map(_concrete, alternatives) if found is not None]
        actions.extend(concrete)
        if len(concrete) < len(alternatives) or (
            len(alternatives) == 1 and concrete and concrete[0] != template
        ):
            limits = {key: value for key, value in template.items() if key != "kind"}
            forms.append({"kind": template["kind"], "limits": limits})
    book = view.get("book") or {}
    if book.get("may_pass"):
        actions += [{"kind": "pass"}, {"kind": "pass", "offers": "answer"}]
    if book.get("may_stand"):
        forms += _book_forms(view)
        actions.append({"kind": "usual"})
    if view.get("may_resign"):
        actions.append({"kind": "resign"})
    return actions, forms


def _book_forms(view: dict) -> list[dict]:
    hand = [card["id"] for card in view["hand"]]
    fields = list(range(len(view["players"][view["seat"]]["fields"])))
    beans = view["bean_types"]
    forms = [
        {"kind": "stand", "limits": {"give": hand, "ask": beans, "fields": fields}},
        {
            "kind": "rules",
            "limits": {
                "gifts": BOTH,
                "keep": list(range(MAX_KEEP + 1)),
                "growing": BOTH,
                "away": BOTH,
                "otherwise": list(OTHERWISE),
                "plant": BOTH,
            },
        },
    ]
    if view["book"].get("may_plan_planting"):
        plan = {
            "plant": [[card, field] for card in hand[:2] for field in fields],
            "obvious": list(range(MOST_OBVIOUS + 1)),
            "harvest": [*fields, BEST],
            "faceup": ["", *FACEUP],
            "hand": ["", *HAND_OFFERED],
            "trading": ["", *TRADE_ENDS],
            "kept": BOTH,
            "every": BOTH,
        }
        forms.append({"kind": "plan", "limits": plan})
    return forms
