"""Taking a seat back from the bot that stands in for it after too many missed turns."""

import json
import re
from datetime import timedelta

import pytest
from django.conf import settings
from django.core import mail as sent_mail
from django.urls import reverse
from django.utils import timezone

from games import engine
from games.clocks import timecontrol
from games.models import Deadline, Game, Seat
from games.services.moves import move_submit
from games.services.seats import seat_resign
from games.services.timeouts import deadlines_sweep
from tests.games.helpers import on_the_last_pass, play_until
from tests.helpers import fresh, state_of, user_at

pytestmark = pytest.mark.django_db

BANNER = "A bot is playing for you"


@pytest.fixture
def stood_in(started_game, django_capture_on_commit_callbacks) -> Seat:
    """The start player let a turn run out; with a limit of one, a bot now plays the seat."""
    Game.objects.filter(id=started_game.id).update(timeouts_before_bot=1)
    Deadline.objects.filter(game=started_game, done=False).update(
        due_at=timezone.now() - timedelta(seconds=1)
    )
    with django_capture_on_commit_callbacks(execute=True):
        deadlines_sweep()
    seat = Seat.objects.get(game=started_game, position=0)
    assert seat.bot_standing_in
    return seat


def page(client, game) -> str:
    return client.get(reverse("games:game", args=[game.id])).content.decode()


def reclaim(client, game):
    return client.post(reverse("games:reclaim", args=[game.id]), follow=True)


def seats(game) -> list[tuple]:
    return list(Seat.objects.filter(game=game).values_list("bot_standing_in", "timeouts"))


def test_the_banner_shows_only_to_the_player_a_bot_stands_in_for(client, stood_in, dave):
    game = stood_in.game
    client.force_login(stood_in.user)
    html = page(client, game)
    assert f"{BANNER} since turn {stood_in.last_timeout_turn}" in html
    assert reverse("games:reclaim", args=[game.id]) in html
    assert "Take your seat back" in html

    for other in (user_at(game, 1), dave):
        client.force_login(other)
        assert BANNER not in page(client, game)
    client.logout()
    assert BANNER not in page(client, game)


def test_taking_the_seat_back_makes_it_human_and_the_banner_goes(client, stood_in):
    client.force_login(stood_in.user)

    response = reclaim(client, stood_in.game)

    assert response.redirect_chain == [(reverse("games:game", args=[stood_in.game.id]), 302)]
    html = response.content.decode()
    assert "your seat is yours again" in html
    assert BANNER not in html
    stood_in.refresh_from_db()
    assert (stood_in.bot_standing_in, stood_in.timeouts) == (False, 0)


@pytest.mark.parametrize(
    ("who", "reason"),
    [
        ("other player", "No bot is playing for you"),
        ("spectator", "You have no seat in this game."),
    ],
)
def test_no_one_else_can_take_the_seat_back(client, stood_in, dave, who, reason):
    game = stood_in.game
    client.force_login(user_at(game, 1) if who == "other player" else dave)
    before = seats(game)

    response = reclaim(client, game)

    assert response.status_code == 200
    assert reason in response.content.decode()
    assert seats(game) == before


def test_an_anonymous_reclaim_is_sent_to_log_in(client, stood_in):
    before = seats(stood_in.game)

    response = client.post(reverse("games:reclaim", args=[stood_in.game.id]))

    assert response["Location"].startswith(reverse("account_login"))
    assert seats(stood_in.game) == before


def test_a_seat_of_a_finished_game_cannot_be_taken_back(client, stood_in):
    Game.objects.filter(id=stood_in.game.id).update(status=Game.Status.FINISHED)
    client.force_login(stood_in.user)

    response = reclaim(client, stood_in.game)

    assert "The game is over" in response.content.decode()
    assert fresh(stood_in.game).seats.get(id=stood_in.id).bot_standing_in


def test_the_bot_standing_in_mail_takes_the_seat_back_with_a_signed_link(client, stood_in):
    [message] = [
        m for m in sent_mail.outbox if m.extra_headers["X-Bohnanza-Kind"] == "bot_standing_in"
    ]
    [url] = re.findall(r"Take my seat back: (\S+)", message.body)
    assert url in message.alternatives[0][0]
    path = url.removeprefix(settings.SITE_URL)

    assert "Take your seat in" in client.get(path).content.decode()
    assert Seat.objects.get(id=stood_in.id).bot_standing_in  # opening the link changed nothing
    client.force_login(stood_in.user)
    response = client.post(path, follow=True)

    assert "your seat is yours again" in response.content.decode()
    assert not Seat.objects.get(id=stood_in.id).bot_standing_in
    assert "already yours" in client.get(path).content.decode()


def test_the_banner_comes_and_goes_with_the_board_without_a_reload(client, stood_in):
    """The banner is part of the board htmx swaps in: there while the bot plays, and gone
    once the player's own move has taken the seat back."""
    game = fresh(stood_in.game)
    client.force_login(stood_in.user)
    poll = reverse("games:poll", args=[game.id]) + "?since=0"
    board = client.get(poll, HTTP_HX_REQUEST="true").content.decode()
    assert board.lstrip().startswith('<div id="board"')
    assert BANNER in board

    mine = engine.view(engine.from_dict(game.state), stood_in.position)["legal"]
    action = next(a for a in mine if a["kind"] == "harvest")
    response = client.post(
        reverse("games:move", args=[game.id]),
        {"action": json.dumps(action), "expected_seq": game.seq},
        HTTP_HX_REQUEST="true",
    )

    board = response.content.decode()
    assert response.status_code == 200
    assert board.lstrip().startswith('<div id="board"')
    assert BANNER not in board
    assert not Seat.objects.get(id=stood_in.id).bot_standing_in


@pytest.fixture
def bot_trading_for_alice(started_game) -> Seat:
    """The active player's seat in its trading phase, a bot standing in for it, and its
    trading deadline cut to the bot's patience."""
    game = play_until(started_game, lambda state: state.phase == "trade")
    seat = Seat.objects.get(game=game, position=state_of(game).active)
    Seat.objects.filter(id=seat.id).update(bot_standing_in=True, timeouts=1)
    row = Deadline.objects.get(seat=seat, done=False, kind=Deadline.Kind.TRADING)
    row.due_at = timezone.now() + timecontrol.bot_patience(game)
    row.save(update_fields=["due_at"])
    assert row.due_at < row.started_at + timecontrol.trading_window(game)
    return Seat.objects.get(id=seat.id)


def trading_due(seat: Seat):
    return Deadline.objects.get(seat=seat, done=False, kind=Deadline.Kind.TRADING).due_at


@pytest.mark.parametrize("how", ["reclaim button", "own move"])
def test_a_player_back_from_a_bot_gets_the_whole_trading_window_again(
    client, bot_trading_for_alice, how
):
    seat = bot_trading_for_alice
    game = fresh(seat.game)
    row = Deadline.objects.get(seat=seat, done=False, kind=Deadline.Kind.TRADING)
    if how == "reclaim button":
        client.force_login(seat.user)
        reclaim(client, game)
    else:
        state = state_of(game)
        offer = {"kind": "offer", "to": (seat.position + 1) % 3, "give": [state.faceup[0]]}
        move_submit(game_id=game.id, user=seat.user, action=offer, expected_seq=game.seq)

    assert trading_due(seat) == row.started_at + timecontrol.trading_window(game)
    seat.refresh_from_db()
    assert (seat.bot_standing_in, seat.timeouts) == (False, 0)


def test_a_player_who_resigned_is_offered_no_seat_back_and_the_final_table_says_so(
    client, stood_in, django_capture_on_commit_callbacks
):
    game = stood_in.game
    with django_capture_on_commit_callbacks(execute=True):
        seat_resign(game_id=game.id, user=stood_in.user)
    client.force_login(stood_in.user)

    running = page(client, game)
    game = play_until(on_the_last_pass(fresh(game)), lambda state: state.over)
    finished = page(client, game)

    for html in (running, finished):
        assert BANNER not in html and "Take your seat back" not in html
    table = finished.split('class="scores"')[1].split("</table>")[0]
    last_row = table.split("<tr")[-1]
    assert stood_in.name in last_row and "resigned" in last_row
    assert "A player who resigned ranks last" in finished
