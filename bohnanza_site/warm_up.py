"""A web process readies, before it takes its first request, what that request would otherwise
wait for: every view imported (the URLconf), every template of the site compiled (the cached
loader keeps them), every language's catalogue and hyphenation dictionary read, the time zones
listed. Without it, a process's first game page took 0.3-0.4 s and its first in German over a
second, where later ones take some 50 ms (`python -m bench.cold_start`). It costs the process's
start as much, before any player waits on it."""

from pathlib import Path

from django.conf import settings
from django.template.loader import get_template
from django.urls import get_resolver
from django.utils import translation

from games.templatetags.beans import hyphenation
from games.wording.locales import zone_names

TEMPLATE_ENDINGS = (".html", ".txt", ".js")


def warm_up() -> None:
    get_resolver().reverse_dict  # noqa: B018 (imports every URLconf and view, and indexes them)
    for name in site_templates():
        get_template(name)
    for language, _ in settings.LANGUAGES:
        with translation.override(language):  # reads its catalogue, kept for the process
            hyphenation(language)
    zone_names()


def site_templates() -> list[str]:
    """The names of the site's own templates (those of the installed apps load as they are
    asked for)."""
    root = Path(settings.BASE_DIR) / "templates"
    return sorted(
        str(path.relative_to(root)) for path in root.rglob("*") if path.suffix in TEMPLATE_ENDINGS
    )
