"""A moment in a template, in one of the site's formats: `{{ at|moment:"when" }}` (see
games/wording/moments.py); or as a game's stream names it: `{{ game.updated_at|stamp }}`."""

from django import template

from games import live
from games.wording import moments

register = template.Library()


@register.filter
def moment(value, kind: str = "when") -> str:
    return moments.shown(value, moments.FORMATS[kind]) if value else ""


@register.filter
def stamp(value) -> int | str:
    """When a row last changed, as the game's stream names it (`live.version`)."""
    return live.stamp(value) if value else ""
