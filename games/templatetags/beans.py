"""Cards and moves in templates: a bean card with its meter, and a move button.

Both are built in Python rather than included templates: a board holds dozens of each, and an
include costs several times as much to render.
"""

import json
from functools import cache

from django import template
from django.middleware.csrf import get_token
from django.templatetags.static import static
from django.urls import reverse
from django.utils.html import format_html, format_html_join
from django.utils.safestring import mark_safe

from ..engine import BEANS

register = template.Library()

FRONT_MARK = mark_safe('<span class="front-mark">front</span>')

BEAN_INFO = {
    bean.key: {
        "key": bean.key,
        "name": bean.name,
        # (beans needed, coins) for the tiers the card has.
        "meter": [(needed, coins) for coins, needed in enumerate(bean.meter, 1) if needed],
    }
    for bean in BEANS
}


@register.filter
def bean_name(key: str) -> str:
    return BEAN_INFO[key]["name"] if key in BEAN_INFO else ""


@register.simple_tag
@cache
def beans_sprite() -> str:
    return static("img/beans.svg")


@register.simple_tag
def card(bean: str | None, card_id=None, size: str = "", front: bool = False) -> str:
    """A bean card; `card_id` is given only where the viewer may know the card."""
    before, after = _card_around_id(bean, size, front)
    if card_id is None or bean not in BEAN_INFO:
        return mark_safe(before + after)
    return format_html('{} data-card="{}"{}', before, card_id, after)


@cache
def _card_around_id(bean: str | None, size: str, front: bool) -> tuple[str, str]:
    """A card's HTML before and after its card id: the same for every card of one bean, size
    and front mark, so it is built once (a board shows dozens of cards)."""
    classes = "card" + (f" card-{size}" if size else "")
    info = BEAN_INFO.get(bean)
    if info is None:
        return (
            format_html('<span class="{} card-empty"', classes),
            mark_safe('><span class="card-name">empty</span></span>'),
        )
    classes += f" bean-{info['key']}" + (" card-front" if front else "")
    meter = ""
    if size != "mini":
        tiers = format_html_join("", '<span class="tier"><b>{}</b>→{}</span>', info["meter"])
        meter = format_html(
            '<span class="meter" title="Beans needed for 1, 2, 3, 4 coins">{}</span>', tiers
        )
    return (
        format_html('<span class="{}"', classes),
        format_html(
            '><svg class="bean-art" aria-hidden="true" focusable="false">'
            '<use href="{}#{}"></use></svg><span class="card-name">{}</span>{}{}</span>',
            beans_sprite(),
            info["key"],
            info["name"],
            meter,
            FRONT_MARK if front else "",
        ),
    )


@register.simple_tag(takes_context=True)
def move_button(context, label: str, kind: str, style: str = "", **params) -> str:
    """A one-button form posting one move: to the move endpoint, with htmx or without.

    The button's id names its move, so when a poll swaps the board in, htmx gives the keyboard
    focus back to the same button."""
    url = reverse("games:move", args=[context["game"].id])
    action = json.dumps({"kind": kind, **params}, separators=(",", ":"))
    button_id = "-".join(["move", kind, *(f"{name}{value}" for name, value in params.items())])
    return format_html(
        '<form class="move" method="post" action="{}" hx-post="{}">'
        '<input type="hidden" name="csrfmiddlewaretoken" value="{}">'
        '<input type="hidden" name="expected_seq" value="{}">'
        '<input type="hidden" name="action" value="{}">'
        '<button type="submit" id="{}"{}>{}</button></form>',
        url,
        url,
        get_token(context["request"]),
        context["seq"],
        action,
        button_id,
        format_html(' class="{}"', style) if style else "",
        label,
    )
