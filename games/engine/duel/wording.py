"""The Bean Duel's words: its events' lines in the log, its prompts and its steps in the guide."""

from typing import Final

from ..beans import bean_name
from ..events import bean_summary
from ..language import gettext, gettext_noop
from ..prompts import LEAST, Wording


def _discarded(e, who, you, names, viewer):
    params = {"who": who, "bean": bean_name(e["bean"])}
    source = e.get("source", "")
    if source == "offer":
        if you:
            return gettext("You discarded a {bean} from the offer.").format(**params)
        return gettext("{who} discarded a {bean} from the offer.").format(**params)
    if source == "hand":
        if you:
            return gettext("You discarded a {bean} from the hand.").format(**params)
        return gettext("{who} discarded a {bean} from the hand.").format(**params)
    if you:
        return gettext("You discarded a {bean}.").format(**params)
    return gettext("{who} discarded a {bean}.").format(**params)


def _turn_ended(e, who, you, names, viewer):
    if not e["beans"]:
        if you:
            return gettext("You ended the turn.")
        return gettext("{who} ended the turn.").format(who=who)
    params = {"who": who, "beans": bean_summary(e["beans"])}
    if you:
        return gettext("You ended the turn, leaving {beans} on offer.").format(**params)
    return gettext("{who} ended the turn, leaving {beans} on offer.").format(**params)


def _took_discard(e, who, you, *_):
    if you:
        return gettext("You took a {bean} from the discard pile.").format(bean=bean_name(e["bean"]))
    return gettext("{who} took a {bean} from the discard pile.").format(
        who=who, bean=bean_name(e["bean"])
    )


EVENTS: Final = {
    "discarded": _discarded,
    "took_discard": _took_discard,
    "turn_ended": _turn_ended,
}

PROMPTS: Final = {
    "duel_offer": Wording(
        gettext_noop("Your turn: plant or discard each card your opponent left on offer."),
        gettext_noop("your turn"),
        gettext_noop("make your move"),
        LEAST,
    ),
    "duel_plant": Wording(
        gettext_noop(
            "Your turn: plant the front card of your hand; then you may plant the next one and "
            "discard one card from your hand."
        ),
        gettext_noop("your turn"),
        gettext_noop("make your move"),
        LEAST,
    ),
    "duel_plant_next": Wording(
        gettext_noop("Plant the next card too, discard one card from your hand, or stop planting."),
        gettext_noop("your turn"),
        gettext_noop("plant a second card, discard one or stop planting"),
        gettext_noop("stop planting for you"),
    ),
    "duel_plant_done": Wording(
        gettext_noop("Discard one card from your hand, or stop planting."),
        gettext_noop("your turn"),
        gettext_noop("discard one card or stop planting"),
        gettext_noop("stop planting for you"),
    ),
    "duel_reveal": Wording(
        gettext_noop("Your turn: plant the cards you turned up that you want, then end your turn."),
        gettext_noop("your turn"),
        gettext_noop("make your move"),
        LEAST,
    ),
}

# The steps of its turn, for the guide (the draw is the base game's).
STEPS: Final = {
    "duel_offer": (
        gettext_noop("Take the offer"),
        gettext_noop("Plant or discard each card your opponent left on offer."),
    ),
    "duel_plant": (
        gettext_noop("Plant from your hand"),
        gettext_noop(
            "Plant the front card of your hand, and perhaps the next. You may also discard one "
            "card from anywhere in your hand."
        ),
    ),
    "duel_reveal": (
        gettext_noop("Turn up and offer"),
        gettext_noop(
            "Turn up {reveal} and plant those you want; the others stay on offer for your opponent."
        ),
    ),
}
