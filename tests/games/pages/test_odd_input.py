"""Odd input found by fuzzing the whole site: each gets a readable answer and changes nothing."""

import pytest
from django.contrib.auth import get_user_model
from django.core import mail
from django.urls import reverse

from games.models import ChatMessage, Game, Move
from games.services.lobby import game_create, game_start, seat_join
from games.services.moves import move_submit
from tests.games.helpers import play_until
from tests.helpers import state_of, user_at


@pytest.mark.parametrize("query", ["?counter=" + "1" * 5000, "?counter=²"])
def test_a_counter_offer_number_of_any_length_or_script_shows_the_page(
    client, started_game, alice, query
):
    client.force_login(alice)
    assert client.get(reverse("games:game", args=[started_game.id]) + query).status_code == 200


def test_the_history_viewer_takes_a_superscript_move_number_as_the_start(client, started_game):
    Game.objects.filter(pk=started_game.id).update(status=Game.Status.FINISHED)
    response = client.get(reverse("games:history", args=[started_game.id]) + "?seq=²")
    assert response.status_code == 200


def test_an_invitation_token_beyond_ascii_is_refused_with_a_reason(client, alice, bob):
    game = game_create(
        user=alice, edition="rio-grande", players=3, options={}, is_open=False
    )
    client.force_login(bob)
    response = client.post(reverse("games:invite", args=[game.id, "é"]), follow=True)
    assert "by invitation only" in response.content.decode()
    assert not game.seats.filter(user=bob).exists()


def test_a_game_name_with_line_breaks_is_kept_on_one_line_and_its_mail_goes_out(
    client, alice, bob, carol, django_capture_on_commit_callbacks
):
    client.force_login(alice)
    client.post(
        reverse("games:create"),
        {
            "name": "Beans\r\nBcc: someone@example.com\nParty",
            "edition": "rio-grande",
            "players": 3,
            "time_control": "daily",
            "is_open": "1",
        },
    )
    game = Game.objects.get()
    assert game.name == "Beans Bcc: someone@example.com Party"
    for user in (bob, carol):
        seat_join(game_id=game.id, user=user)
    with django_capture_on_commit_callbacks(execute=True):
        game_start(game_id=game.id, user=alice)
    assert [m.subject for m in mail.outbox if "Party" in m.subject]


def test_chat_waits_for_the_game_to_start(client, open_game, alice):
    client.force_login(alice)
    response = client.post(
        reverse("games:chat", args=[open_game.id]), {"text": "hi"}, HTTP_HX_REQUEST="true"
    )
    assert response.status_code == 409
    assert not ChatMessage.objects.exists()


def test_a_move_is_stored_without_the_keys_the_rules_do_not_read(client, started_game):
    state = state_of(started_game)
    active = state.active
    client.force_login(user_at(started_game, active))
    action = {"kind": "plant", "card": state.hands[active][0], "field": 0, "note": "hello"}
    response = client.post(
        reverse("games:move", args=[started_game.id]),
        {"action": action, "expected_seq": 0},
        content_type="application/json",
    )
    assert response.status_code == 200
    assert Move.objects.get(game=started_game, seq=1).payload == {
        "kind": "plant",
        "card": action["card"],
        "field": 0,
    }


def test_the_third_player_reads_that_an_offer_was_made_not_what_it_holds(client, started_game):
    state = state_of(play_until(started_game, lambda state: state.phase == "trade"))
    active, other = state.active, (state.active + 1) % state.players
    third = next(seat for seat in range(state.players) if seat not in (active, other))
    move_submit(
        game_id=started_game.id,
        user=user_at(started_game, other),
        action={"kind": "offer", "to": active, "give": state.hands[other][:2]},
        expected_seq=Game.objects.get(pk=started_game.id).seq,
    )
    names = state.names
    pages = {}
    for seat in (active, other, third):
        client.force_login(user_at(started_game, seat))
        pages[seat] = client.get(reverse("games:log", args=[started_game.id])).content.decode()
    assert f"{names[other]} made {names[active]} an offer (offer 1)." in pages[third]
    assert "offered you a gift of" in pages[active]
    assert "You offered" in pages[other]
    assert "a gift of" not in pages[third]


def test_an_address_longer_than_the_user_table_keeps_is_refused_at_sign_up(client, db):
    address = "a" * 250 + "@example.com"
    password = "a-long-enough-password-1"

    response = client.post(
        "/accounts/signup/", {"email": address, "password1": password, "password2": password}
    )

    assert response.status_code == 200
    assert "at most 254 characters" in response.content.decode()
    assert not get_user_model().objects.exists()
