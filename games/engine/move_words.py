"""A kind of move in words: the buttons that make its moves on the game page, and the commands
that write them in a mail, with how a line of a reply reads back into a move.

A kind's words live beside the kind (the base game's in `action_words`, the trade book's in
`book/move_words`, the Duel's in `duel/move_words`) and are registered with it, an expansion's
through `Expansion.kind_words`. The page and the mail go through a view's legal moves and ask each
move's words; they never name a kind. A kind without words (Bohnaparte's) is shown by its
expansion's own part of the page and made on the page only.
"""

import re
from dataclasses import dataclass
from typing import Final

from .beans import BEANS, bean_name
from .language import gettext, ngettext
from .typed_numbers import small_number

BEAN_KEYS: Final = {bean.key: bean for bean in BEANS}


class CommandError(ValueError):
    """A line that is not a move the player can make now; the message says why."""


@dataclass(frozen=True, slots=True)
class Command:
    text: str  # what to write back
    note: str  # what it does, for the player
    example: bool = False  # a form to fill in, not a move chosen for the player: not numbered


@dataclass(frozen=True, slots=True)
class Button:
    """A button on the page that makes one move. `place` is where it shows: on a card ("card",
    `key` its id), a field of the seat's ("field", `key` its index), an offer ("offer", `key`
    its id), the seat's own fields ("seat") or with the turn's steps ("turn"). A button with a
    `confirm` (what opens it, the question it asks) is asked first."""

    place: str
    label: str
    action: dict
    key: int | None = None
    style: str = ""
    confirm: tuple[str, str] | None = None

    @property
    def kind(self) -> str:
        return self.action["kind"]

    @property
    def params(self) -> dict:
        return {name: value for name, value in self.action.items() if name != "kind"}


class MoveWords:
    """The words of one kind of move; each kind overrides what it has."""

    def __init__(
        self,
        kind: str,
        verbs: tuple[str, ...],
        *,
        bare: tuple[str, ...] | None = None,
        written_out: bool = False,
        form: str = "",
    ) -> None:
        self.kind = kind
        # The first word of its commands, and the words a command of that word alone may
        # carry: with others the line is a sentence ("End of my moves", "Pass my regards"),
        # not the command. None: the command reads any words after it.
        self.verbs = verbs
        self.bare = None if bare is None else frozenset(bare)
        # Written out whole, it reads nothing of the board but the cards it names: made on the
        # game as it is when the reply arrives, whichever of the player's mails it answers.
        self.written_out = written_out
        # Made with a form of its own on the page (an offer, an accept that chooses its
        # payment): the board gathers its moves under this name for that form.
        self.form = form

    def buttons(self, move: dict, view: dict) -> list[Button]:
        """The buttons that make this legal move on the page."""
        return []

    def commands(self, move: dict, view: dict) -> list[Command]:
        """This legal move as the commands a mail lists (none: a move made on the page only)."""
        return []

    def read(self, rest: list[str], view: dict, hand: list[int]) -> dict:
        """The move a reply's line of this kind stands for, from the words after its verb.
        `hand`: the hand as the mail showed it (card numbers name its places)."""
        raise NotImplementedError(self.kind)


class Step(MoveWords):
    """A move that is its kind alone, one button with the turn's steps: stop planting, end
    trading (and the Duel's end of the turn)."""

    def __init__(self, kind: str, verb: str, bare: tuple[str, ...], label: str, note: str):
        super().__init__(kind, (verb,), bare=bare)
        self.label = label  # the button's words, a message id worded when shown
        self.note = note  # what the command does, in the mail's list: a message id too

    def buttons(self, move: dict, view: dict) -> list[Button]:
        return [Button("turn", gettext(self.label), {"kind": self.kind})]

    def commands(self, move: dict, view: dict) -> list[Command]:
        return [Command(self.verbs[0], gettext(self.note))]

    def read(self, rest: list[str], view: dict, hand: list[int]) -> dict:
        return {"kind": self.kind}


WORDS: Final[dict[str, MoveWords]] = {}
_BY_VERB: Final[dict[str, list[MoveWords]]] = {}


def register(words: MoveWords) -> MoveWords:
    WORDS[words.kind] = words
    for verb in words.verbs:
        _BY_VERB.setdefault(verb, []).append(words)
    return words


def of(kind: str) -> MoveWords | None:
    return WORDS.get(kind)


def by_verb(verb: str) -> list[MoveWords]:
    """The kinds whose commands start with the word, in the order they were registered."""
    return _BY_VERB.get(verb, [])


# What the kinds' words share: the view's cards, beans and numbers as a reply writes them.


def coins(n: int) -> str:
    return ngettext("{n} coin", "{n} coins", n).format(n=n)


def counted(beans: dict[str, int]) -> list[str]:
    return [f"{n} {bean_name(key)}" for key, n in beans.items()]


def legal(view: dict, kind: str) -> list[dict]:
    return [move for move in view["legal"] if move["kind"] == kind]


def bean_of(view: dict, card: int) -> str:
    """The bean of a card the seat sees (its hand, the face-up cards, its cards to plant)."""
    for card_view in (
        *(view["hand"] or []),
        *view["faceup"],
        *view["players"][view["seat"]]["to_plant"],
    ):
        if card_view["id"] == card:
            return card_view["bean"]
    raise AssertionError(f"card {card} is not the seat's to name")


def plain(name: str) -> str:
    """A bean's name as a reply may write it: in any case, with or without its spaces, hyphens
    and apostrophes."""
    return re.sub(r"[\W_]+", "", name.casefold())


def _bean_names(view: dict) -> dict[str, str]:
    """The game's beans by each name a reply may give them: the key, the English name and the
    name in the reader's language."""
    return {
        plain(name): key
        for key in view["bean_types"]
        for name in (key, BEAN_KEYS[key].name, bean_name(key))
    }


def example_beans() -> dict[str, str]:
    """The beans the examples of commands name, as the reader's language names them."""
    return {"give": bean_name("chili").lower(), "ask": bean_name("soy").lower()}


def bean(word: str, view: dict) -> str:
    key = _bean_names(view).get(plain(word))
    if key is None:
        raise CommandError(
            gettext("There is no bean called “{word}” in this game.").format(word=word)
        )
    return key


# A bean's name in a reply is a word or a few ("rote bohne", "fagiolo da giardino").
_LONGEST_NAME = 4


def pop_bean(words: list[str], view: dict) -> str:
    """The bean named by the first words, taken from them: the longest name that fits."""
    names = _bean_names(view)
    for length in range(min(_LONGEST_NAME, len(words)), 0, -1):
        key = names.get(plain("".join(words[:length])))
        if key is not None:
            del words[:length]
            return key
    return bean(words.pop(0) if words else "", view)


def is_number(word: str) -> bool:
    return small_number(word) is not None


def number(word: str, what: str) -> int:
    if not is_number(word):
        raise CommandError(
            gettext("Give the {what} as a number, not “{word}”.").format(what=what, word=word)
        )
    return int(word)


def offer_number(rest: list[str]) -> int:
    if not rest:
        raise CommandError(gettext("Say which offer, by its number: “accept 3”."))
    return number(rest[0], gettext("offer"))


def hand_card(place: str, hand: list[int]) -> int:
    at = number(place, gettext("card's place in your hand"))
    if not 1 <= at <= len(hand):
        raise CommandError(gettext("Your hand has no card {number}.").format(number=at))
    return hand[at - 1]


# "give <cards> [ask <beans>]", or "ask <beans>".
_GIVE_ASK = re.compile(r"give (?P<give>.*?)(?: ask (?P<ask>.*))?$|ask (?P<ask2>.*)$")


def give_ask(rest: list[str], example: str) -> tuple[list[str], list[str]]:
    """The words of what an offer gives and of what it asks."""
    found = _GIVE_ASK.match(" ".join(rest))
    if not found:
        raise CommandError(example)
    return (found["give"] or "").split(), (found["ask"] or found["ask2"] or "").split()


def faceup_card(words: list[str], view: dict, taken: list[int]) -> int:
    """The face-up card of the bean the first words name, taken from them."""
    key = pop_bean(words, view)
    for card in view["faceup"]:
        if card["bean"] == key and card["id"] not in taken:
            return card["id"]
    raise CommandError(gettext("There is no {bean} face up.").format(bean=bean_name(key)))


def beans_counted(words: list[str], view: dict, faceup: list[int] | None = None) -> dict:
    """Beans with how many of each ("2 soy red"); with `faceup`, "faceup soy" names a face-up
    card, put in it."""
    found: dict[str, int] = {}
    while words:
        word = words.pop(0)
        if word == "nothing":
            continue
        if word == "faceup" and faceup is not None:
            faceup.append(faceup_card(words, view, faceup))
            continue
        count = 1
        if is_number(word):
            count = int(word)
        else:
            words.insert(0, word)
        key = pop_bean(words, view)
        found[key] = found.get(key, 0) + count
    return found
