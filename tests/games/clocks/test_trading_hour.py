"""The hour a player sets with their turn plan by which their trading ends ("or at 18:00"):
their trading window's deadline falls due then, in their own time zone, unless the window ends
first; the timeout sweep then ends trading; the hour is over with that window."""

from datetime import UTC, datetime, time, timedelta

import pytest
import time_machine
from django.urls import reverse

from games.models import Deadline, Game, Profile, Seat
from games.services.timeouts import deadlines_sweep
from tests.games.helpers import everyone_at_the_page, play_until, seq_of
from tests.helpers import state_of, user_at

pytestmark = pytest.mark.django_db

SIX_PM = time(18, 0)


def utc(day: int, hour: int, minute: int = 0) -> datetime:
    """A time of a day of March 2026 (New York on summer time, UTC-4; Tokyo UTC+9)."""
    return datetime(2026, 3, day, hour, minute, tzinfo=UTC)


def plan_with_hour(client, game: Game, position: int, hour: str, **fields):
    """The seat's turn plan posted through the page's plan form, with the hour."""
    client.force_login(user_at(game, position))
    return client.post(
        reverse("games:move", args=[game.id]),
        {"expected_seq": seq_of(game), "kind": "plan", "trading_ends_at": hour, **fields},
        HTTP_HX_REQUEST="true",
    )


def seat_at(game: Game, position: int) -> Seat:
    return Seat.objects.get(game=game, position=position)


def trading_row(game: Game) -> Deadline:
    return Deadline.objects.get(game=game, done=False, kind=Deadline.Kind.TRADING)


def living_in(game: Game, position: int, zone: str) -> None:
    Profile.objects.update_or_create(user=user_at(game, position), defaults={"time_zone": zone})


@pytest.mark.parametrize(
    ("zone", "trading_starts", "due"),
    [
        # noon in Tokyo: 18:00 there comes six hours later, within the 12-hour window
        ("Asia/Tokyo", utc(10, 3), utc(10, 9)),
        # 19:00 in Tokyo: the next 18:00 is 23 hours away, the window ends first
        ("Asia/Tokyo", utc(10, 10), utc(10, 22)),
        # noon in New York (summer time, UTC-4): 18:00 there is 22:00 UTC
        ("America/New_York", utc(10, 16), utc(10, 22)),
        # 19:00 in New York: the window ends at 11:00 UTC, before 18:00 comes again
        ("America/New_York", utc(10, 23), utc(11, 11)),
    ],
)
def test_the_trading_window_ends_at_the_players_hour_in_their_zone_or_at_its_end(
    client, started_game, zone, trading_starts, due
):
    active = state_of(started_game).active
    living_in(started_game, active, zone)
    with time_machine.travel(trading_starts, tick=False):
        assert plan_with_hour(client, started_game, active, "18:00").status_code == 200
        play_until(started_game, lambda state: state.phase == "trade")

    row = trading_row(started_game)
    assert (row.seat.position, row.started_at, row.due_at) == (active, trading_starts, due)

    assert deadlines_sweep(now=due - timedelta(seconds=1)) == 0
    assert state_of(started_game).phase == "trade"
    assert deadlines_sweep(now=due + timedelta(seconds=1)) == 1
    assert state_of(started_game).phase != "trade"  # trading ended
    assert seat_at(started_game, active).trading_ends_at_time is None  # its window is over


def test_an_hour_set_while_trading_brings_the_running_window_forward(client, started_game):
    active = state_of(started_game).active
    living_in(started_game, active, "Asia/Tokyo")
    start = utc(10, 3)  # noon in Tokyo
    with time_machine.travel(start, tick=False):
        everyone_at_the_page(started_game)  # nobody's pass is assumed: the plan waits
        play_until(started_game, lambda state: state.phase == "trade")
    assert trading_row(started_game).due_at == start + timedelta(hours=12)

    with time_machine.travel(start + timedelta(hours=1), tick=False):
        response = plan_with_hour(client, started_game, active, "15:30", trading="passed")

    assert response.status_code == 200
    assert trading_row(started_game).due_at == utc(10, 6, 30)
    html = response.content.decode()
    assert 'value="15:30"' in html and "trading ends by 15:30" in html


def test_a_player_who_is_not_active_keeps_the_hour_for_their_turn_and_drops_it_with_the_plan(
    client, started_game
):
    state = state_of(started_game)
    seat = (state.active + 1) % 3

    plan_with_hour(client, started_game, seat, "18:00", trading="end")

    assert seat_at(started_game, seat).trading_ends_at_time == SIX_PM
    assert trading_row_for(started_game, seat) is None
    response = plan_with_hour(client, started_game, seat, "")
    assert seat_at(started_game, seat).trading_ends_at_time is None
    assert 'id="plan-ends-at"' not in response.content.decode()


def trading_row_for(game: Game, position: int) -> Deadline | None:
    return Deadline.objects.filter(
        game=game, done=False, kind=Deadline.Kind.TRADING, seat__position=position
    ).first()


@pytest.mark.parametrize("junk", ["25:00", "abc", "18:60", "6pm"])
def test_a_junk_hour_is_refused_with_a_message_and_changes_nothing(client, started_game, junk):
    seat = (state_of(started_game).active + 1) % 3
    plan_with_hour(client, started_game, seat, "18:00")
    before = seq_of(started_game)

    response = plan_with_hour(client, started_game, seat, junk, trading="passed")

    assert response.status_code == 400
    assert "Give the hour trading ends as HH:MM, from 00:00 to 23:59." in response.content.decode()
    assert seq_of(started_game) == before
    assert seat_at(started_game, seat).trading_ends_at_time == SIX_PM
    assert seat not in (state_of(started_game).book.plans if state_of(started_game).book else {})
