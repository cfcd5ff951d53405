"""Cards and moves in templates: a bean card with its meter, and a move button.

Both are built in Python rather than included templates: a board holds dozens of each, and an
include costs several times as much to render.
"""

import json
from functools import cache

import pyphen
from django import template
from django.templatetags.static import static
from django.urls import reverse
from django.utils import translation
from django.utils.html import format_html, format_html_join
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _

from ..engine import BEANS
from ..engine.beans import bean_name as engine_bean_name

register = template.Library()

BEAN_INFO = {
    bean.key: {
        "key": bean.key,
        # (beans needed, coins) for the tiers the card has.
        "meter": [(needed, coins) for coins, needed in enumerate(bean.meter, 1) if needed],
    }
    for bean in BEANS
}


@register.filter
def bean_name(key: str) -> str:
    return engine_bean_name(key) if key in BEAN_INFO else ""


@register.simple_tag
@cache
def beans_sprite() -> str:
    return static("img/beans.svg")


@register.simple_tag
def card(bean: str | None, card_id=None, size: str = "", front: bool = False) -> str:
    """A bean card; `card_id` is given only where the viewer may know the card."""
    before, after = _card_around_id(bean, size, front, translation.get_language())
    if card_id is None or bean not in BEAN_INFO:
        return mark_safe(before + after)
    return format_html('{} data-card="{}"{}', before, card_id, after)


@cache
def _card_around_id(bean: str | None, size: str, front: bool, language: str) -> tuple[str, str]:
    """A card's HTML before and after its card id: the same for every card of one bean, size,
    front mark and language, so it is built once (a board shows dozens of cards)."""
    classes = "card" + (f" card-{size}" if size else "")
    info = BEAN_INFO.get(bean)
    if info is None:
        return (
            format_html('<span class="{} card-empty"', classes),
            format_html('><span class="card-name">{}</span></span>', _("empty")),
        )
    classes += f" bean-{info['key']}" + (" card-front" if front else "")
    meter = ""
    if size != "mini":
        tiers = format_html_join("", '<span class="tier"><b>{}</b>→{}</span>', info["meter"])
        meter = format_html(
            '<span class="meter" title="{}">{}</span>',
            _("Beans needed for 1, 2, 3, 4 coins"),
            tiers,
        )
    return (
        format_html('<span class="{}"', classes),
        format_html(
            '><svg class="bean-art" aria-hidden="true" focusable="false">'
            '<use href="{}#{}"></use></svg><span class="card-name">{}</span>{}{}</span>',
            beans_sprite(),
            info["key"],
            # A mini card is as wide as its name; a bigger one breaks it where the reader's
            # language may (a German name would run out of the card).
            engine_bean_name(info["key"]) if size == "mini" else _breakable(info["key"], language),
            meter,
            format_html('<span class="front-mark">{}</span>', _("front")) if front else "",
        ),
    )


def _breakable(bean: str, language: str) -> str:
    """The bean's name with soft hyphens where the reader's language breaks its long words."""
    dictionary = hyphenation(language)
    if dictionary is None:  # a language without a dictionary: the name as it is
        return engine_bean_name(bean)
    return " ".join(
        dictionary.inserted(word, hyphen="\u00ad") if len(word) > 7 and word.isalpha() else word
        for word in engine_bean_name(bean).split(" ")
    )


@cache
def hyphenation(language: str) -> pyphen.Pyphen | None:
    """Where the language breaks words (its dictionary read once a process: it takes a third of
    a second), or None for a language without one."""
    try:
        return pyphen.Pyphen(lang=language, left=3, right=3)
    except KeyError:
        return None


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
        context["csrf_token"],
        context["seq"],
        action,
        button_id,
        format_html(' class="{}"', style) if style else "",
        label,
    )


@register.simple_tag(takes_context=True)
def move_form(context, button) -> str:
    """The one-button form of a move's button as its kind's words give it
    (`engine.move_words.Button`)."""
    return move_button(context, button.label, button.kind, button.style, **button.params)
