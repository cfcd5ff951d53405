"""The pages before the start: creating a game, joining by invitation, bots, leaving, cancelling."""

import re

import pytest
from django.urls import reverse
from django.utils.html import escape

from games.clocks import timecontrol
from games.models import Game
from games.pages.forms import edition_choices
from games.services.lobby import game_create, seat_join

pytestmark = pytest.mark.django_db


def test_a_game_is_created_joined_by_invitation_filled_with_a_bot_and_started(client, alice, bob):
    client.force_login(alice)
    response = client.post(
        reverse("games:create"),
        {
            "name": "Friday beans",
            "edition": "amigo-1997",
            "players": "3",
            "is_open": "0",
            "time_control": "relaxed",
            "option_three_fields_at_three": "on",
        },
    )
    game = Game.objects.get(name="Friday beans")
    assert response.status_code == 302
    assert game.options == {"three_fields_at_three": True, "cheap_third_field_at_five": False}
    assert (game.is_open, game.time_control) == (False, "relaxed")
    page = client.get(reverse("games:game", args=[game.id])).content.decode()
    invite = reverse("games:invite", args=[game.id, game.invite_token])
    assert invite in page

    client.force_login(bob)
    assert "Take a seat" in client.get(invite).content.decode()
    assert game.seats.count() == 1  # a GET never takes a seat
    client.post(invite)
    assert game.seats.count() == 2

    client.force_login(alice)
    client.post(reverse("games:add_bot", args=[game.id]))
    client.post(reverse("games:start", args=[game.id]))
    game.refresh_from_db()
    assert game.status == Game.Status.RUNNING


def test_an_invitation_only_game_refuses_a_join_without_the_token(client, alice, bob):
    game = game_create(
        user=alice, edition="amigo-classic", players=3, options={}, is_open=False
    )
    client.force_login(bob)
    response = client.post(reverse("games:join", args=[game.id]), follow=True)
    assert "by invitation only" in response.content.decode()
    assert game.seats.count() == 1


def test_the_create_form_refuses_a_player_count_the_edition_does_not_allow(client, alice):
    client.force_login(alice)
    response = client.post(
        reverse("games:create"), {"edition": "amigo-classic", "players": "2", "is_open": "1"}
    )
    assert response.status_code == 200
    assert "played by 3 to 5 players" in response.content.decode()
    assert not Game.objects.exists()


def test_a_player_leaves_and_the_creator_cancels(client, alice, bob):
    game = game_create(user=alice, edition="amigo-classic", players=3, options={})
    seat_join(game_id=game.id, user=bob)
    client.force_login(bob)
    client.post(reverse("games:leave", args=[game.id]))
    assert game.seats.count() == 1
    client.force_login(alice)
    client.post(reverse("games:cancel", args=[game.id]))
    game.refresh_from_db()
    assert game.status == Game.Status.CANCELLED


def test_the_lobby_shows_the_time_control_and_cancelling_asks_first(client, alice):
    game = game_create(
        user=alice,
        edition="amigo-classic",
        players=3,
        options={},
        time_control="relaxed",
    )
    client.force_login(alice)

    html = client.get(reverse("games:game", args=[game.id])).content.decode()

    assert "Relaxed: 5 days bank, 1 day more per move" in html
    cancel = html[html.index("Cancel the game…") - 200 :]
    assert "<details" in cancel[:200] and 'id="cancel-game"' in cancel


def test_the_create_form_refuses_an_option_for_another_player_count(client, alice):
    client.force_login(alice)
    response = client.post(
        reverse("games:create"),
        {
            "edition": "amigo-1997",
            "players": "4",
            "is_open": "1",
            "time_control": "daily",
            "option_three_fields_at_three": "on",
        },
    )

    assert response.status_code == 200
    assert "Only for games of 3 players." in response.content.decode()
    assert not Game.objects.exists()


def test_the_creator_picks_each_bots_level_and_the_lobby_shows_it_by_its_name(client, alice):
    game = game_create(user=alice, edition="rio-grande", players=4, options={})
    client.force_login(alice)
    page = client.get(reverse("games:game", args=[game.id])).content.decode()
    assert '<option value="strong">strong bot</option>' in page
    assert '<option value="expert">expert bot</option>' in page

    for level in ("strong", "easy", "expert"):
        client.post(reverse("games:add_bot", args=[game.id]), {"level": level})
    for junk in ("genius", "random", "x" * 10_000):
        response = client.post(
            reverse("games:add_bot", args=[game.id]), {"level": junk}, follow=True
        )
        assert "x" * 100 not in response.content.decode()

    assert (
        "Choose the bot&#x27;s level: easy, normal, strong or expert." in response.content.decode()
    )
    bots = sorted(game.seats.exclude(bot="").values_list("bot", flat=True))
    assert bots == ["easy", "expert", "strong"]
    page = client.get(reverse("games:game", args=[game.id])).content.decode()
    for seat in game.seats.exclude(bot=""):
        assert f'{seat.name} <span class="muted">({seat.bot} bot)</span>' in page


def test_the_game_page_shows_each_bots_level_by_its_name(client, alice):
    game = game_create(user=alice, edition="rio-grande", players=3, options={})
    client.force_login(alice)
    for level in ("expert", "easy"):
        client.post(reverse("games:add_bot", args=[game.id]), {"level": level})
    client.post(reverse("games:start", args=[game.id]))

    page = client.get(reverse("games:game", args=[game.id])).content.decode()

    for seat in game.seats.exclude(bot=""):
        assert f'{seat.name} <span class="muted">({seat.bot} bot)</span></h2>' in page
    assert f'{game.seats.get(user=alice).name} <span class="muted">(you)' in page


def test_the_create_form_shows_each_edition_and_time_control_whole_and_the_chosen_editions_options(
    client, alice
):
    client.force_login(alice)
    url = reverse("games:create")

    html = client.get(url).content.decode()
    rio = client.get(url, {"edition": "rio-grande"}, HTTP_HX_REQUEST="true").content.decode()
    bohnaparte = client.get(url, {"edition": "bohnaparte"}, HTTP_HX_REQUEST="true")

    # A radio button each: on a phone a select cut the editions' long names.
    for _key, label in [*edition_choices(), *timecontrol.choices()]:
        whole = re.escape(escape(str(label)))
        assert re.search(rf"<label[^>]*>\s*<input[^>]*>\s*{whole}</label>", html)
    assert 'hx-get="/games/new/"' in html and 'hx-trigger="load, change"' in html
    assert "option_cavalry" in html and "option_three_fields_at_three" in html  # without a script
    assert "option_cavalry" not in rio and "option_three_fields_at_three" not in rio
    assert "option_cavalry" in bohnaparte.content.decode()


def test_a_normal_bot_is_labelled_with_its_level_like_the_others(client, alice):
    game = game_create(user=alice, edition="rio-grande", players=3, options={})
    client.force_login(alice)
    client.post(reverse("games:add_bot", args=[game.id]), {"level": "normal"})
    lobby = client.get(reverse("games:game", args=[game.id])).content.decode()
    client.post(reverse("games:add_bot", args=[game.id]), {"level": "normal"})
    client.post(reverse("games:start", args=[game.id]))

    page = client.get(reverse("games:game", args=[game.id])).content.decode()

    assert '<option value="normal" selected>normal bot</option>' in lobby
    assert '<span class="muted">(normal bot)</span>' in lobby
    for seat in game.seats.exclude(bot=""):
        assert f'{seat.name} <span class="muted">(normal bot)</span></h2>' in page
