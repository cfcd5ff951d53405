"""The words of the Bean Duel's kinds of move (`steps`): discarding a card, a button on it and
"discard <bean>" in a mail, and ending the turn, "end"."""

from ..beans import bean_name
from ..language import gettext, gettext_noop
from ..move_words import (
    Button,
    Command,
    CommandError,
    MoveWords,
    Step,
    bean,
    bean_of,
    example_beans,
    legal,
)


class _Discard(MoveWords):
    def buttons(self, move: dict, view: dict) -> list[Button]:
        action = {"kind": "discard", "card": move["card"]}
        return [Button("card", gettext("Discard"), action, key=move["card"])]

    def commands(self, move: dict, view: dict) -> list[Command]:
        return [Command(f"discard {bean_name(bean_of(view, move['card'])).lower()}", "")]

    def read(self, rest: list[str], view: dict, hand: list[int]) -> dict:
        if not rest:
            raise CommandError(
                gettext("Say which bean to discard: “discard {bean}”.").format(
                    bean=example_beans()["ask"]
                )
            )
        key = bean(" ".join(rest), view)
        for move in legal(view, "discard"):
            if bean_of(view, move["card"]) == key:
                return {"kind": "discard", "card": move["card"]}
        raise CommandError(gettext("You cannot discard a {bean} now.").format(bean=bean_name(key)))


WORDS = (
    _Discard("discard", ("discard",)),
    Step(
        "end_turn",
        "end",
        ("turn", "trading"),
        gettext_noop("End my turn"),
        gettext_noop("end your turn"),
    ),
)
