"""The words of the trade book's kinds of move (`moves`): taking a standing offer, posting
one, passing, the answer rules and turn plan, and the usual way of both ("usual"), as a mail
writes them (see `move_words`).
On the page the book has a panel of its own, with a form for each."""

from ..beans import bean_name
from ..language import gettext
from ..move_words import (
    Command,
    CommandError,
    MoveWords,
    beans_counted,
    counted,
    example_beans,
    give_ask,
    is_number,
    legal,
    number,
    offer_number,
    register,
)
from .part import BEST

# The word for a plan planting the cards where they obviously go.
OBVIOUS = "obvious"
# The answer rules a word switches on, and the rules and plan as left empty (the plan's parts
# of words, "faceup keep", "hand offer" and "trading end", are strings).
RULE_SWITCHES = ("gifts", "growing", "plant", "away")
NO_RULES = {
    "gifts": False,
    "keep": 0,
    "growing": False,
    "away": False,
    "otherwise": "ask",
    "plant": False,
}
NO_PLAN = {
    "plant": [],
    "obvious": 0,
    "harvest": None,
    "faceup": "",
    "hand": "",
    "trading": "",
    "kept": False,
    "every": False,
}


def rules_words(rules: dict | None) -> list[str]:
    """The seat's answer rules as the words of a rules command that sets them."""
    if rules is None:
        return []
    words = [word for word in RULE_SWITCHES if rules[word]]
    if rules["keep"]:
        words += ["keep", str(rules["keep"])]
    if rules["otherwise"] == "decline":
        words.append("decline")
    return words


def plan_words(plan: dict | None) -> list[str]:
    """The seat's turn plan as the words of a plan command that makes it."""
    if plan is None:
        return []
    words = ["plant", *(str(field + 1) for _card, field in plan["plant"])] if plan["plant"] else []
    if plan["obvious"]:
        words += ["plant", OBVIOUS, *(["next"] if plan["obvious"] == 2 else [])]
    if plan["harvest"] is not None:
        harvest = plan["harvest"]
        words += ["harvest", harvest if harvest == BEST else str(harvest + 1)]
    for key, empty in NO_PLAN.items():
        if isinstance(empty, str) and plan[key]:
            words += [key, plan[key]]
    return words + [key for key in ("kept", "every") if plan[key]]


class _Take(MoveWords):
    def commands(self, move: dict, view: dict) -> list[Command]:
        paid = ", ".join(counted(move["ask"]))
        note = gettext("paying {cards}").format(cards=paid) if paid else gettext("a gift")
        return [Command(f"take {move['offer']}", note)]

    def read(self, rest: list[str], view: dict, hand: list[int]) -> dict:
        """Taking a standing offer, paid with the cards the game suggests. One the seat cannot
        take is still sent, for the game to say why."""
        offer = offer_number(rest)
        move = next((m for m in legal(view, "take") if m["offer"] == offer), None)
        return {"kind": "take", "offer": offer, "give": move["give"] if move else []}


class _Stand(MoveWords):
    def read(self, rest: list[str], view: dict, hand: list[int]) -> dict:
        """A standing offer: the beans it gives are the hand's cards of them nearest its back
        (the cards due to be planted next stay)."""
        give_words, ask_words = give_ask(
            rest,
            gettext("Write a standing offer as “stand give 2 {give} ask 1 {ask}”.").format(
                **example_beans()
            ),
        )
        back_first = list(reversed(view["hand"] or []))
        give: list[int] = []
        for key, count in beans_counted(give_words, view).items():
            cards = [card["id"] for card in back_first if card["bean"] == key][:count]
            if len(cards) < count:
                raise CommandError(
                    gettext("Your hand holds {have} {bean}, not {count}.").format(
                        have=len(cards), bean=bean_name(key), count=count
                    )
                )
            give += cards
        return {"kind": "stand", "give": give, "ask": beans_counted(ask_words, view)}


class _Pass(MoveWords):
    def read(self, rest: list[str], view: dict, hand: list[int]) -> dict:
        return {"kind": "pass"}


class _Rules(MoveWords):
    def read(self, rest: list[str], view: dict, hand: list[int]) -> dict:
        """The seat's answer rules changed by the words: each rule's word switches it on,
        "keep 2" keeps the hand's first two cards, "ask" or "decline" says what becomes of the
        rest, "back" ends "away", and "off" clears them all first."""
        if not rest:
            raise CommandError(gettext("Say which answer rules: “rules gifts keep 2 decline”."))
        rules = {**NO_RULES, **(view["book"]["rules"] or {})}
        words = list(rest)
        while words:
            word = words.pop(0)
            if word == "off":
                rules = dict(NO_RULES)
            elif word in RULE_SWITCHES:
                rules[word] = True
            elif word == "back":
                rules["away"] = False
            elif word in ("ask", "decline"):
                rules["otherwise"] = word
            elif word == "keep":
                rules["keep"] = number(
                    words.pop(0) if words else "", gettext("number of cards to keep")
                )
            else:
                raise CommandError(
                    gettext(
                        "“{word}” is no answer rule: write gifts, growing, keep 2, ask, decline, "
                        "plant, away, back or off."
                    ).format(word=word)
                )
        return {"kind": "rules", **rules}


class _Plan(MoveWords):
    def read(self, rest: list[str], view: dict, hand: list[int]) -> dict:
        """The seat's turn plan changed by the words: "plant 1 2" plants the front card of the
        hand in field 1 and the next in field 2, "plant obvious" the front card where it
        obviously goes ("plant obvious next": and the next onto a field growing its bean),
        "harvest 2" or "harvest best" names the field harvested when a card fits none,
        "faceup", "hand" and "trading" take their choice, "kept" plants kept cards in the obvious
        field, "every" keeps the plan for every turn ("once": for the next only), and "off"
        drops the plan first."""
        if not rest:
            raise CommandError(gettext("Say what to plan: “plan plant 1 trading end”."))
        current = view["book"]["plan"] or NO_PLAN
        plan = {key: current[key] for key in NO_PLAN}
        words = list(rest)
        while words:
            word = words.pop(0)
            if word == "off":
                plan = dict(NO_PLAN)
            elif word in ("kept", "every"):
                plan[word] = True
            elif word == "once":
                plan["every"] = False
            elif isinstance(NO_PLAN.get(word), str):
                plan[word] = words.pop(0) if words else "?"  # the game says what it takes
            elif word == "harvest":
                plan["harvest"] = _harvest_word(words.pop(0) if words else "")
            elif word == "plant":
                plan["plant"], plan["obvious"] = _planting_words(words, view)
            else:
                raise CommandError(
                    gettext(
                        "“{word}” is no part of a turn plan: write plant 1 2, plant obvious, "
                        "harvest 2 or best, faceup keep, offer or give, hand offer, trading end "
                        "or passed, kept, every, once, or off."
                    ).format(word=word)
                )
        return {"kind": "plan", **plan}


def _harvest_word(word: str) -> int | str:
    if word == BEST:
        return BEST
    return number(word, gettext("field to harvest")) - 1


def _planting_words(words: list[str], view: dict) -> tuple[list[list[int]], int]:
    """The plan's planting from the words after "plant" (taken from `words`): the fields of the
    front cards, or "obvious" (and "next")."""
    if words and words[0] == OBVIOUS:
        words.pop(0)
        if words and words[0] == "next":
            words.pop(0)
            return [], 2
        return [], 1
    front = [card["id"] for card in view["hand"] or []]
    fields = []
    while words and is_number(words[0]) and len(fields) < 2:
        fields.append(int(words.pop(0)) - 1)
    if not fields:
        raise CommandError(gettext("Say the field for your front card: “plan plant 1”."))
    if len(fields) > len(front):
        raise CommandError(gettext("Your hand has no card {number}.").format(number=len(fields)))
    return [[card, field] for card, field in zip(front, fields, strict=False)], 0


class _Usual(MoveWords):
    def read(self, rest: list[str], view: dict, hand: list[int]) -> dict:
        return {"kind": "usual"}


register(_Take("take", ("take",), form="take"))
register(_Stand("stand", ("stand",), written_out=True))
register(_Pass("pass", ("pass",), bare=()))
register(_Rules("rules", ("rules",), written_out=True))
register(_Plan("plan", ("plan",), written_out=True))
register(_Usual("usual", ("usual",), bare=(), written_out=True))
