"""Bohnaparte's lines of the game log and its prompts, in the engine's English message ids.

A land is named by its kind and its number on the map counted from 1 ("farm 8"), as fields
are ("field 2").
"""

from typing import Final

from ..beans import bean_name
from ..events import bean_names, coins_worded
from ..language import gettext, gettext_noop
from ..prompts import Wording
from .lands import KINDS


def land_name(kind: str, land: int) -> str:
    return f"{gettext(KINDS[kind].name)} {land + 1}"


def _land(e: dict, names: list[str], viewer) -> str:
    """'your farm 8', "bob's farm 8", 'the neutral farm 8'."""
    params = {"land": land_name(e["land_kind"], e["land"])}
    holder = e["defender"] if "defender" in e else e["from"]
    if holder is None:
        return gettext("the neutral {land}").format(**params)
    if holder == viewer:
        return gettext("your {land}").format(**params)
    return gettext("{name}'s {land}").format(name=names[holder], **params)


def _source(source: str, e: dict) -> str:
    if "bean" in e:  # the seat's own card, which it knows
        bean = bean_name(e["bean"])
        if source == "hand":
            return gettext("a {bean} from your hand").format(bean=bean)
        return gettext("a {bean} from your munitions depot").format(bean=bean)
    return gettext(_SOURCES[source])


_SOURCES: Final = {
    "hand": gettext_noop("a card from the hand"),
    "depot": gettext_noop("a card from the munitions depot"),
    "deck": gettext_noop("the top card of the deck"),
    "cavalry": gettext_noop("the cavalry"),
    "none": gettext_noop("no card at all"),
}


def _either(you: bool, yours: str, theirs: str, **params) -> str:
    """The line for its own seat ("You ...") or for the others ("alice ...")."""
    return (gettext(yours) if you else gettext(theirs)).format(**params)


def _attacked(e, who, you, names, viewer):
    return _either(
        you,
        gettext_noop("You attacked {target} with {card} (1 coin)."),
        gettext_noop("{who} attacked {target} with {card} (1 coin)."),
        who=who,
        target=_land(e, names, viewer),
        card=_source(e["source"], e),
    )


def _battle_card(e, who, you, names, viewer):
    card = _source(e["source"], e)
    if e["side"] == "defence":
        return _either(
            you,
            gettext_noop("You defend with {card}."),
            gettext_noop("{who} defends with {card}."),
            who=who,
            card=card,
        )
    return _either(
        you,
        gettext_noop("You fight on with {card}."),
        gettext_noop("{who} fights on with {card}."),
        who=who,
        card=card,
    )


def _fighter(e, side: str, seat, names, viewer) -> str:
    bean, value = e[f"{side}_bean"], e[f"{side}_value"]
    if e[f"{side}_from"] == "cavalry":
        card = gettext("cavalry")
    elif bean is None:
        card = gettext("no card")
    else:
        card = bean_name(bean)
    params = {"card": card, "value": value}
    if seat is None:
        return gettext("the deck's {card} ({value})").format(**params)
    if seat == viewer:
        return gettext("your {card} ({value})").format(**params)
    return gettext("{name}'s {card} ({value})").format(name=names[seat], **params)


def _battle(e, who, you, names, viewer):
    params = {
        "target": _land(e, names, viewer),
        "attack": _fighter(e, "attack", e["seat"], names, viewer),
        "defence": _fighter(e, "defence", e["defender"], names, viewer),
    }
    if e["won"] and e["cannon"]:
        text = gettext_noop(
            "Battle for {target}: {attack} against {defence}: the attack succeeds (the cannon "
            "wins the tie)."
        )
    elif e["won"]:
        text = gettext_noop("Battle for {target}: {attack} against {defence}: the attack succeeds.")
    else:
        text = gettext_noop("Battle for {target}: {attack} against {defence}: the attack fails.")
    return gettext(text).format(**params)


def _conquered(e, who, you, names, viewer):
    return _either(
        you,
        gettext_noop("You took {target}."),
        gettext_noop("{who} took {target}."),
        who=who,
        target=_land(e, names, viewer),
    )


def _monastery_drew(e, who, you, names, viewer):
    params = {"who": who, "bean": bean_name(e["bean"])}
    if e["earned"]:
        return _either(
            you,
            gettext_noop("You drew a {bean} at a monastery: a coin."),
            gettext_noop("{who} drew a {bean} at a monastery: a coin."),
            **params,
        )
    return _either(
        you,
        gettext_noop("You drew a {bean} at a monastery: discarded."),
        gettext_noop("{who} drew a {bean} at a monastery: discarded."),
        **params,
    )


def _stored(e, who, you, names, viewer):
    if "bean" in e:
        return gettext("You put a {bean} into your munitions depot.").format(
            bean=bean_name(e["bean"])
        )
    return gettext("{who} put a card into the munitions depot.").format(who=who)


def _merchant_swapped(e, who, you, names, viewer):
    params = {"who": who, "shows": bean_names(e["beans"]), "taken": bean_names(e["taken"])}
    if not e["taken"]:
        return _either(
            you,
            gettext_noop("You kept the cards drawn; the merchant shows {shows}."),
            gettext_noop("{who} kept the cards drawn; the merchant shows {shows}."),
            **params,
        )
    return _either(
        you,
        gettext_noop("You took {taken} from the merchant, which now shows {shows}."),
        gettext_noop("{who} took {taken} from the merchant, which now shows {shows}."),
        **params,
    )


def _game_ends(e, who, you, names, viewer):
    if e["cause"] == "twelve_lands":
        return _either(
            you,
            gettext_noop("You hold 12 lands: the game ends."),
            gettext_noop("{who} holds 12 lands: the game ends."),
            who=who,
        )
    if e["cause"] == "no_land":
        return _either(
            you,
            gettext_noop("You hold no land any more: the game ends."),
            gettext_noop("{who} holds no land any more: the game ends."),
            who=who,
        )
    return gettext("The draw pile ran out during the attack: the game ends with it.")


def _said(yours: str, theirs: str, **fields):
    """A line whose parameters are the event's own fields (`fields`: name -> how to read it)."""

    def worded(e, who, you, *_):
        params = {name: read(e) for name, read in fields.items()}
        return _either(you, yours, theirs, who=who, **params)

    return worded


def _fortress_land(e) -> str:
    return land_name(e["land_kind"], e["land"])


EVENTS: Final = {
    "camp_chosen": _said(
        gettext_noop("You chose camp {camp}."),
        gettext_noop("{who} chose camp {camp}."),
        camp=lambda e: e["land"] + 1,
    ),
    "monastery_drew": _monastery_drew,
    "monastery_skipped": _said(
        gettext_noop("You went on without drawing at a monastery."),
        gettext_noop("{who} went on without drawing at a monastery."),
    ),
    "stored": _stored,
    "depot_bought": _said(
        gettext_noop("You bought a munitions depot for {paid}."),
        gettext_noop("{who} bought a munitions depot for {paid}."),
        paid=lambda e: coins_worded(e["paid"]),
    ),
    "fortress_built": _said(
        gettext_noop("You emptied mine {mine} and built a fortress under {land} for {paid}."),
        gettext_noop("{who} emptied mine {mine} and built a fortress under {land} for {paid}."),
        mine=lambda e: e["mine"] + 1,
        land=_fortress_land,
        paid=lambda e: coins_worded(e["paid"]),
    ),
    "merchant_bought": _said(
        gettext_noop("You bought a merchant for {paid}: it shows {beans}."),
        gettext_noop("{who} bought a merchant for {paid}: it shows {beans}."),
        paid=lambda e: coins_worded(e["paid"]),
        beans=lambda e: bean_names(e["beans"]),
    ),
    "merchant_swapped": _merchant_swapped,
    "attacked": _attacked,
    "battle_card": _battle_card,
    "battle": _battle,
    "cavalry_beaten": _said(
        gettext_noop("Your cavalry was beaten and is tapped: a second round follows."),
        gettext_noop("{who}'s cavalry was beaten and is tapped: a second round follows."),
    ),
    "conquered": _conquered,
    "attacks_ended": _said(
        gettext_noop("You ended the attacks."), gettext_noop("{who} ended the attacks.")
    ),
    "game_ends": _game_ends,
}

PROMPTS: Final = {
    "choose_camp": Wording(
        gettext_noop("Choose your camp."),
        gettext_noop("choose your camp"),
        gettext_noop("choose your camp"),
        gettext_noop("choose a free camp for you"),
    ),
    "monastery": Wording(
        gettext_noop(
            "Your turn: draw a card at your monastery (a bean worth 6 to 12 becomes a coin), "
            "or go on to planting."
        ),
        gettext_noop("your turn"),
        gettext_noop("draw at your monastery or go on"),
        gettext_noop("draw at your monastery for you"),
    ),
    "attack": Wording(
        gettext_noop("Your turn: attack a land next to yours for 1 coin, or end your attacks."),
        gettext_noop("your turn"),
        gettext_noop("attack or end your attacks"),
        gettext_noop("end your attacks for you"),
    ),
    "defend": Wording(
        gettext_noop(
            "{attacker} attacks your {land_name} {land_number}: choose a battle card, or the top "
            "of the deck."
        ),
        gettext_noop("you are attacked"),
        gettext_noop("choose a battle card"),
        gettext_noop("defend with the top of the deck for you"),
    ),
    "second_round": Wording(
        gettext_noop("Your cavalry was beaten: choose a battle card for the second round."),
        gettext_noop("your attack goes on"),
        gettext_noop("choose a battle card"),
        gettext_noop("fight with the top of the deck for you"),
    ),
    "merchant": Wording(
        gettext_noop(
            "Your turn: take as many cards as you drew, from them and your merchant's, in the "
            "order you want them."
        ),
        gettext_noop("your turn"),
        gettext_noop("take your cards"),
        gettext_noop("take the cards drawn for you"),
    ),
}
