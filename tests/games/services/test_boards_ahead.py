"""After a move, the boards of the other open pages are rendered by a worker ahead of their
poll, in each reader's language and zone: the poll finds its board ready and the web renders
nothing while the player waits."""

import re

import pytest
from django.core.cache import cache
from django.urls import reverse
from django.utils import timezone

from games.models import Game, Profile, Seat
from games.selectors import kept_boards
from games.services.boards import boards_render
from tests.games.helpers import play_next
from tests.helpers import poll_address, user_at

pytestmark = pytest.mark.django_db


def _unmasked(html: bytes) -> bytes:
    return re.sub(rb'name="csrfmiddlewaretoken" value="[^"]+"', b"csrf", html)


def test_an_open_pages_poll_after_anothers_move_gets_a_board_rendered_ahead_in_its_language(
    client,
    started_game,
    settings,
    eager_celery,
    django_capture_on_commit_callbacks,
    templates_rendered,
):
    settings.BOARDS_RENDER_AHEAD = True
    bob = user_at(started_game, (started_game.state["active"] + 1) % 3)
    Profile.objects.filter(user=bob).update(language="de", time_zone="Europe/Berlin")
    client.force_login(bob)
    poll = poll_address(client.get(reverse("games:game", args=[started_game.id])).content.decode())
    assert client.get(poll, HTTP_HX_REQUEST="true").status_code == 204  # his page is open

    with django_capture_on_commit_callbacks(execute=True):
        play_next(started_game)  # the active player's move, from another seat
    templates_rendered.clear()
    ahead = client.get(poll, HTTP_HX_REQUEST="true")

    assert ahead.status_code == 200
    assert "board" not in templates_rendered  # served as the worker rendered it
    assert "Feld 1" in ahead.content.decode()  # in Bob's German
    # The board he would have had rendered for him, his tokens in it (a CSRF token is masked
    # anew for each use).
    cache.clear()
    again = client.get(poll, HTTP_HX_REQUEST="true")
    assert _unmasked(again.content) == _unmasked(ahead.content)
    assert "board" in templates_rendered


def test_a_page_nobody_has_open_is_not_rendered_ahead(
    started_game, settings, eager_celery, django_capture_on_commit_callbacks, templates_rendered
):
    settings.BOARDS_RENDER_AHEAD = True

    with django_capture_on_commit_callbacks(execute=True):
        play_next(started_game)

    assert "board" not in templates_rendered


def test_a_late_task_renders_the_board_as_the_game_is_now_and_the_tasks_after_find_it_kept(
    started_game, templates_rendered
):
    Seat.objects.filter(game=started_game).update(last_seen_at=timezone.now())
    play_next(started_game)
    play_next(started_game)  # a second move before the first move's task runs

    assert boards_render(game_id=started_game.id) == 3
    assert templates_rendered.count("board") == 3
    assert boards_render(game_id=started_game.id) == 3  # the second move's task
    assert templates_rendered.count("board") == 3
    game = Game.objects.get(pk=started_game.pk)
    kept_boards.board(game, list(game.seats.all()), user_at(game, 0))  # her poll, now
    assert templates_rendered.count("board") == 3


def test_when_moves_outrun_the_boards_rendered_ahead_a_poll_gets_the_newest_kept_then_the_current(
    client, started_game, templates_rendered
):
    bob = user_at(started_game, (started_game.state["active"] + 1) % 3)
    client.force_login(bob)
    poll = poll_address(client.get(reverse("games:game", args=[started_game.id])).content.decode())
    assert client.get(poll, HTTP_HX_REQUEST="true").status_code == 204  # his page is open
    first = play_next(started_game).game
    assert boards_render(game_id=first.id)  # a worker renders the board of this move
    current = play_next(first).game  # and the next move comes before its board is rendered
    templates_rendered.clear()

    behind = client.get(poll, HTTP_HX_REQUEST="true")

    assert behind.status_code == 200
    assert "board" not in templates_rendered  # nothing rendered while Bob waits
    next_poll = poll_address(behind.content.decode())
    assert f"since={first.seq}&" in next_poll
    now = client.get(next_poll, HTTP_HX_REQUEST="true")
    assert now.status_code == 200  # his next tick brings the game as it is
    last_poll = poll_address(now.content.decode())
    assert f"since={current.seq}&" in last_poll
    assert client.get(last_poll, HTTP_HX_REQUEST="true").status_code == 204
