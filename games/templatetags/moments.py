"""A moment in a template, in one of the site's formats: `{{ at|moment:"when" }}` (see
games/wording/moments.py)."""

from django import template

from games.wording import moments

register = template.Library()


@register.filter
def moment(value, kind: str = "when") -> str:
    return moments.shown(value, moments.FORMATS[kind]) if value else ""
