"""Prompts: what the game asks of a seat now, as a message id with parameters, and its wording.

Each awaited phase names the prompt of a seat it waits for; a seat it does not wait for is told
whom the game waits for. One prompt has four wordings, for the four places that tell a player
about it: the status line of the page (`task`), the reason a list of games gives (`reason`),
what a reminder asks for (`ask`) and what the game will do when the time runs out (`default`).
"""

from dataclasses import dataclass, field
from typing import Final

from .events import listing
from .language import gettext, gettext_noop


@dataclass(frozen=True, slots=True)
class Wording:
    task: str
    reason: str = ""
    ask: str = ""
    default: str = ""


LEAST: Final = gettext_noop("make the least move that lets the game go on")

WORDINGS: Final[dict[str, Wording]] = {
    "move": Wording(
        gettext_noop("It is your move."),
        gettext_noop("your turn"),
        gettext_noop("make your move"),
        LEAST,
    ),
    "plant_front": Wording(
        gettext_noop("Your turn: plant the front card of your hand."),
        gettext_noop("your turn"),
        gettext_noop("make your move"),
        LEAST,
    ),
    "plant_next": Wording(
        gettext_noop("Your turn: plant the next card too, or stop planting."),
        gettext_noop("your turn"),
        gettext_noop("plant a second card or stop planting"),
        gettext_noop("stop planting for you"),
    ),
    "trade": Wording(
        gettext_noop("Your turn: trade the face-up cards and your hand, then end trading."),
        gettext_noop("your turn"),
        gettext_noop("finish trading"),
        gettext_noop("end trading for you"),
    ),
    "trade_answer": Wording(
        gettext_noop("An offer waits for your answer."),
        gettext_noop("an offer waits for your answer"),
        gettext_noop("finish trading"),
        gettext_noop("end trading for you"),
    ),
    "answer": Wording(
        gettext_noop("An offer waits for your answer."),
        gettext_noop("an offer waits for your answer"),
        gettext_noop("answer the offers made to you"),
        gettext_noop("decline them for you"),
    ),
    "plant_received": Wording(
        gettext_noop("Plant the beans you received."),
        gettext_noop("plant the beans you received"),
        gettext_noop("plant the beans you received"),
        gettext_noop("plant them for you"),
    ),
    "plant_kept": Wording(
        gettext_noop(
            "Plant the cards beside your fields: the face-up cards you kept and any you received."
        ),
        gettext_noop("plant the cards you kept and received"),
        gettext_noop("plant the cards you kept and received"),
        gettext_noop("plant them for you"),
    ),
    # Seats the game does not wait for.
    "wait": Wording(gettext_noop("Waiting for {waiting}.")),
    "may_offer": Wording(
        gettext_noop("{active} is trading: you may make an offer. Waiting for {waiting}.")
    ),
    "wait_nobody": Wording(gettext_noop("Waiting for the game to go on.")),
    "over": Wording("{summary}"),
}


def names(listed: list[str]) -> str:
    """'alice', 'alice and bob', 'alice, bob and carol'."""
    return listing(listed)


@dataclass(frozen=True, slots=True)
class Prompt:
    key: str
    awaited: bool  # whether the game waits for this seat now
    params: dict = field(default_factory=dict)

    def _worded(self, text: str) -> str:
        text = gettext(text)
        if not self.params:
            return text
        params = dict(self.params)
        if "waiting" in params:
            params["waiting"] = names(params["waiting"])
        return text.format(**params)

    @property
    def text(self) -> str:
        return self._worded(WORDINGS[self.key].task)

    @property
    def reason(self) -> str:
        return gettext(WORDINGS[self.key].reason)

    @property
    def ask(self) -> str:
        return gettext(WORDINGS[self.key].ask)

    @property
    def default(self) -> str:
        return gettext(WORDINGS[self.key].default)

    def to_dict(self) -> dict:
        return {
            "key": self.key,
            "awaited": self.awaited,
            "params": self.params,
            "text": self.text,
            "reason": self.reason,
        }
