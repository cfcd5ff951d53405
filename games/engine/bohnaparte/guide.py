"""Bohnaparte's rules in brief, for the "How to play" page (RULES.md section 6, our words)."""

from typing import Final

from ..language import gettext_noop

GUIDE: Final = (
    (
        gettext_noop("The map"),
        gettext_noop(
            "Each player has a camp and 12 tokens; a land belongs to whoever has a token on it. "
            "Camps are chosen in turn order before the first turn, and the last to choose starts."
        ),
    ),
    (
        gettext_noop("Village"),
        gettext_noop("Its holder draws one more card in phase 5. It defends with at least 16."),
    ),
    (
        gettext_noop("City"),
        gettext_noop("Worth 3 victory points. It defends with at least 18."),
    ),
    (gettext_noop("Farm"), gettext_noop("Its holder turns up one more card in phase 2.")),
    (
        gettext_noop("Swamp"),
        gettext_noop("No card from a munitions depot may fight in a battle for it."),
    ),
    (
        gettext_noop("Monastery"),
        gettext_noop(
            "Before planting, its holder draws a card: a battle value of 6 to 12 becomes a "
            "coin, a higher one is discarded."
        ),
    ),
    (
        gettext_noop("Mine"),
        gettext_noop(
            "Its holder may pay 2 coins to empty it and build a fortress under one of their "
            "lands: 2 more defence, and 1 more victory point to whoever holds that land."
        ),
    ),
    (
        gettext_noop("Iron mine"),
        gettext_noop(
            "Its holder has a cannon: attacking a village, a city or a fortified land, they win "
            "ties, except 20 against 20."
        ),
    ),
    (
        gettext_noop("River"),
        gettext_noop("It can be neither crossed nor attacked, and it scores nothing."),
    ),
    (
        gettext_noop("Munitions depot"),
        gettext_noop(
            "Any player may buy one, at any time, for 3 coins. It holds as many cards face down "
            "as there are players: a card you would plant in phase 1 or 3 may go there instead, "
            "to fight battles with."
        ),
    ),
    (
        gettext_noop("Victory"),
        gettext_noop(
            "The game also ends as soon as a player holds 12 lands, or none. Every land held "
            "scores 1 victory point (a city 3, a river none, a fortress 1 more); coins count for "
            "nothing."
        ),
    ),
    (
        gettext_noop("The cavalry variant"),
        gettext_noop(
            "Forests and horse paddocks take the place of fortresses and iron mines, and a "
            "merchant that of the depot. A forest defends with at least 17 and lets its holder "
            "attack across a river next to it. A paddock's cavalry attacks first, with 17; "
            "beaten, it is tapped until its holder's next turn and a normal second round "
            "follows. A forest's holder may buy the merchant once, for 3 coins: its two face-up "
            "cards may be swapped for the cards drawn in phase 5."
        ),
    ),
)

# The steps Bohnaparte adds to a turn, for the guide.
STEPS: Final = {
    "monastery": (
        gettext_noop("The monastery"),
        gettext_noop(
            "A player who holds a monastery draws a card before planting: a card of battle "
            "value 6 to 12 becomes a coin, a higher one is discarded."
        ),
    ),
    "attack": (
        gettext_noop("Attack"),
        gettext_noop(
            "Pay a coin to attack a land next to one of yours. Attacker and defender each pick a "
            "battle card; the higher value wins the land, and a tie goes to the defender. "
            "Attack as often as you like."
        ),
    ),
    "merchant_draw": (
        gettext_noop("Draw or buy from the merchant"),
        gettext_noop(
            "Draw {draw} to the back of your hand; a merchant's owner may swap them for "
            "the cards it shows."
        ),
    ),
}
