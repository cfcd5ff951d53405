"""A web process readies everything its pages read from disk before it takes its first request:
after the warm-up, a first game page in any language reads no template, no catalogue and no
hyphenation dictionary while its player waits."""

import pyphen
import pytest
from django.template import engines
from django.template.loaders import app_directories, filesystem
from django.urls import reverse
from django.utils.translation import trans_real

from bohnanza_site.warm_up import warm_up
from games.models import Profile
from tests.helpers import make_user, started

pytestmark = pytest.mark.django_db


# The site's English is British English (templates/base.html).
HTML_LANG = {"en": "en-GB"}


def read_while_waiting(*_, **__):
    raise AssertionError("read from disk while a player waits")


@pytest.mark.parametrize("language", ["de", "fr", "en"])
def test_after_the_warm_up_a_first_game_page_reads_nothing_from_disk(client, monkeypatch, language):
    players = [make_user(name) for name in ("alice", "bob", "carol")]
    game = started(players)
    Profile.objects.filter(user=players[1]).update(language=language)
    client.force_login(players[1])
    # As in a process just started: no catalogue read, no template compiled.
    monkeypatch.setattr(trans_real, "_translations", {})
    for loader in engines["django"].engine.template_loaders:
        loader.reset()

    warm_up()
    for loader in (filesystem.Loader, app_directories.Loader):
        monkeypatch.setattr(loader, "get_contents", read_while_waiting)
    monkeypatch.setattr(pyphen.Pyphen, "__init__", read_while_waiting)
    monkeypatch.setattr(trans_real.DjangoTranslation, "__init__", read_while_waiting)
    page = client.get(reverse("games:game", args=[game.id]))

    assert page.status_code == 200
    assert f'lang="{HTML_LANG.get(language, language)}"' in page.content.decode()
