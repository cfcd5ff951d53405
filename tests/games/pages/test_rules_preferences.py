"""Answer rules in the preferences: set once, shown on the page, and set for the player's seat
as each of their games starts, by a move of the system that the log and its replay hold."""

import re

import pytest
from django.test import Client

from games import engine
from games.models import Move, Profile
from games.selectors.history import state_at
from tests.helpers import preferences_saved, started, state_of

pytestmark = pytest.mark.django_db

RULES = {
    "use": "on",
    "gifts": "on",
    "keep": "2",
    "growing": "",
    "otherwise": "decline",
    "plant": "on",
}


def client_of(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def save_rules(user, form: dict):
    """The rules posted with the rest of the page as it is; an empty box left unticked."""
    rules = {name: value or None for name, value in form.items()}
    return preferences_saved(client_of(user), **rules)


def test_a_new_profile_has_no_answer_rules_and_a_game_starts_with_none(alice, bob, carol):
    game = started([alice, bob, carol])

    assert Profile.of(alice).answer_rules is None
    assert state_of(game).book is None
    assert game.seq == 0


def test_the_rules_saved_are_shown_on_the_page_and_set_for_the_seat_as_a_game_starts(
    alice, bob, carol
):
    page = save_rules(bob, RULES).content.decode()
    assert "Your preferences are saved." in page
    assert 'name="keep" value="2"' in page
    assert re.search(r'name="otherwise" value="decline"[^>]*checked', page)
    assert re.search(r'name="growing" id="id_growing">', page)  # left unticked

    game = started([alice, bob, carol])

    bobs = game.seats.get(user=bob).position
    [move] = game.moves.filter(kind="rules")
    assert (move.seat.position, move.actor) == (bobs, Move.Actor.SYSTEM)
    view = engine.view(state_of(game), bobs)["book"]
    expected = {"gifts": True, "keep": 2, "growing": False, "otherwise": "decline", "plant": True}
    assert view["rules"] == {**expected, "away": False}
    others = [seat.position for seat in game.seats.exclude(user=bob)]
    assert all(engine.view(state_of(game), seat)["book"]["rules"] is None for seat in others)
    # The log and its replay hold it.
    assert engine.to_dict(state_at(game=game, seq=game.seq)) == game.state
    # The start player is called all the same.
    assert game.outbox_set.filter(kind="your_turn").count() == 1


def test_junk_rules_are_refused_with_a_message_and_nothing_changes(alice):
    save_rules(alice, RULES)

    keep_refused = "Keep back a whole number of cards from 0 to 10"
    for junk, says in (
        ({**RULES, "keep": "11"}, keep_refused),
        ({**RULES, "keep": "many"}, keep_refused),
        ({**RULES, "otherwise": "?"}, "is not one of the available choices"),
    ):
        page = save_rules(alice, junk).content.decode()
        assert says in page
        assert Profile.objects.get(user=alice).answer_rules["keep"] == 2


def test_unticking_the_rules_leaves_new_games_without_them(alice):
    save_rules(alice, RULES)

    save_rules(alice, {**RULES, "use": ""})

    assert Profile.objects.get(user=alice).answer_rules is None


def test_a_duel_without_trading_starts_without_the_rules_it_has_no_use_for(alice, bob):
    save_rules(bob, RULES)

    game = started([alice, bob])

    assert game.status == game.Status.RUNNING
    assert not game.moves.filter(kind="rules").exists()
    assert state_of(game).book is None
