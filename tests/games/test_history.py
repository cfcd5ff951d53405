"""A finished game: its scores, the seed checked against its hash, the replay face up."""

import pytest
from django.urls import reverse

from games import engine
from tests.helpers import state_of, user_at

from .helpers import card_ids_in, play_until

pytestmark = pytest.mark.django_db


def test_a_finished_game_shows_scores_the_seed_and_a_replay_with_every_hand(client, started_game):
    play_until(started_game, lambda state: state.over)
    client.force_login(user_at(started_game, 0))
    html = client.get(reverse("games:game", args=[started_game.id])).content.decode()
    assert "The end" in html
    assert started_game.seed in html
    assert "hx-trigger" not in html  # the poll stops
    assert "badge-active" not in html  # nobody's turn any more
    assert "Your hand" in html
    check = client.get(reverse("games:seed", args=[started_game.id])).content.decode()
    assert "matches the hash" in check

    history = reverse("games:history", args=[started_game.id])
    start = client.get(history + "?seq=0").content.decode()
    assert "Every hand, face up" in start
    names = state_of(started_game).names
    dealt, _ = engine.new_game(started_game.edition, names, started_game.seed)
    assert {card for hand in dealt.hands for card in hand} <= card_ids_in(start)
    middle = client.get(history + f"?seq={started_game.seq // 2}")
    assert middle.status_code == 200
    assert client.get(history + "?seq=junk").status_code == 200


def test_the_replay_is_only_for_finished_games(client, started_game):
    client.force_login(user_at(started_game, 0))
    assert client.get(reverse("games:history", args=[started_game.id])).status_code == 404
    assert client.get(reverse("games:seed", args=[started_game.id])).status_code == 404
