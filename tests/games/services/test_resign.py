"""Leaving a running game for good: a bot plays the seat to the end, and it ranks last."""

import pytest
from django.urls import reverse

from games import engine
from games.models import Game, Move, Seat
from games.refusals import GameNotRunning, NotAllowed, NotYourSeat
from games.services.lobby import game_create
from games.services.seats import seat_reclaim, seat_resign
from tests.games.helpers import on_the_last_pass, play_until
from tests.helpers import fresh, state_of, user_at

# The bot that takes the seat moves when the resignation commits.
pytestmark = pytest.mark.django_db(transaction=True)


def page(client, game) -> str:
    return client.get(reverse("games:game", args=[game.id])).content.decode()


def test_a_player_resigns_from_the_page_and_a_bot_plays_their_turn_at_once(client, started_game):
    starter = user_at(started_game, 0)
    client.force_login(starter)
    assert 'id="resign"' in page(client, started_game)

    response = client.post(reverse("games:resign", args=[started_game.id]), follow=True)

    assert "You have resigned" in response.content.decode()
    game = fresh(started_game)
    seat = Seat.objects.get(game=game, user=starter)
    assert seat.resigned_at is not None and seat.plays_as_bot
    moves = list(game.moves.order_by("seq").values_list("kind", "actor")[1:])
    assert moves[0] == ("resign", Move.Actor.PLAYER)
    assert ("plant", Move.Actor.BOT) in moves[1:]
    assert state_of(game).resigned == [0]
    assert 'id="resign"' not in page(client, game)


def test_a_resigned_player_cannot_take_the_seat_back_or_resign_again(started_game):
    starter = user_at(started_game, 0)
    seat_resign(game_id=started_game.id, user=starter)

    with pytest.raises(NotAllowed, match="You resigned from this game"):
        seat_reclaim(game_id=started_game.id, user=starter)
    with pytest.raises(NotAllowed, match="resigned from this game already"):
        seat_resign(game_id=started_game.id, user=starter)


def test_only_a_player_of_a_running_game_can_resign(client, started_game, dave):
    waiting = game_create(user=dave, edition="rio-grande", players=3, options={})
    with pytest.raises(NotYourSeat):
        seat_resign(game_id=started_game.id, user=dave)
    with pytest.raises(GameNotRunning):
        seat_resign(game_id=waiting.id, user=dave)
    response = client.post(reverse("games:resign", args=[started_game.id]))
    assert response.status_code == 302 and "/accounts/login/" in response.url
    assert fresh(started_game).seq == 0


def test_a_player_who_resigned_ranks_last_and_gets_no_mail_but_the_result(started_game):
    leaver = user_at(started_game, 1)
    seat_resign(game_id=started_game.id, user=leaver)

    game = play_until(on_the_last_pass(started_game), lambda state: state.over)

    outcome = engine.outcome(state_of(game))
    assert game.status == Game.Status.FINISHED
    assert outcome["resigned"] == [1]
    assert outcome["places"][1] == 3
    kinds = set(leaver.outbox_set.filter(game=game).values_list("kind", flat=True))
    assert kinds <= {"game_over", "your_turn"}
    assert "game_over" in kinds
