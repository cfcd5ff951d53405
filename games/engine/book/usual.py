"""The usual way to play with the book, taken up in one move (`usual`), from the first call a
player gets: answer rules that take gifts (when they cost no field) and plant what comes in the
obvious field, leaving every other offer to the player; and a plan for every turn that plants
the front card where it obviously goes (harvesting the field that earns most when it fits
none), offers the face-up cards that grow in none of the player's fields to those who grow
them, plants the cards kept, and ends trading once all have passed. Nothing in it gives away a
card from the hand."""

from typing import Final

from .part import ASK, BEST, OFFER, PASSED

USUAL_RULES: Final = {
    "kind": "rules",
    "gifts": True,
    "keep": 0,
    "growing": False,
    "away": False,
    "otherwise": ASK,
    "plant": True,
}
USUAL_PLAN: Final = {
    "kind": "plan",
    "plant": [],
    "obvious": 1,
    "harvest": BEST,
    "faceup": OFFER,
    "hand": "",
    "trading": PASSED,
    "kept": True,
    "every": True,
}
