"""An event's life: the sign-up and its waiting list, withdrawals, check-in, the start, a
round's deadline ending its games by their clocks, and players who timed out dropping."""

from datetime import timedelta

import pytest
from django.utils import timezone

from botapi.services import bot_account_set
from games.models import Deadline, Game, Seat
from games.refusals import NotAllowed, ServiceError
from games.services.timeouts import deadlines_sweep
from tests.leagues.helpers import ended_with
from tournaments.models import Entry, Tournament
from tournaments.services.events import (
    tournament_check_in,
    tournament_sign_up,
    tournament_withdraw,
)
from tournaments.services.rounds import tournament_advance, tournaments_advance

from .helpers import event, players, round_games, started


def test_a_full_field_puts_players_on_the_waiting_list_and_a_withdrawal_lets_the_first_in(
    alice, bob, carol, dave
):
    tournament = event(alice, table_size=3, limit=3)
    for user in (alice, bob, carol, dave):
        tournament_sign_up(tournament_id=tournament.id, user=user)
    assert tournament.entries.get(user=dave).status == Entry.Status.WAITING

    tournament_withdraw(tournament_id=tournament.id, user=bob)

    assert tournament.entries.get(user=dave).status == Entry.Status.PLAYING
    with pytest.raises(NotAllowed):
        tournament_sign_up(tournament_id=tournament.id, user=alice)


def test_check_in_opens_a_day_before_the_start_and_bots_stay_out_of_a_rated_event(alice, bob):
    now = timezone.now()
    tournament = event(alice, starts_at=now + timedelta(days=3), now=now)
    tournament_sign_up(tournament_id=tournament.id, user=alice)
    with pytest.raises(NotAllowed, match="Check-in opens a day before the start."):
        tournament_check_in(tournament_id=tournament.id, user=alice)
    bot_account_set(user=bob, is_bot=True)
    with pytest.raises(NotAllowed, match="bot accounts may not sign up"):
        tournament_sign_up(tournament_id=tournament.id, user=bob)


def test_only_players_who_checked_in_are_seated_and_the_waiting_list_fills_their_places(alice):
    field = players(6)
    tournament = event(alice, table_size=3, limit=5)
    for user in field:
        tournament_sign_up(tournament_id=tournament.id, user=user)
    for user in field[1:]:  # the first does not check in; the sixth waited
        tournament_check_in(tournament_id=tournament.id, user=user)

    tournaments_advance(now=tournament.starts_at)

    statuses = dict(tournament.entries.values_list("user__username", "status"))
    assert statuses["player01"] == Entry.Status.DROPPED
    assert statuses["player06"] == Entry.Status.PLAYING
    # 5 at tables of 3: a table of 3 and one of 2 is not Bohnanza; a bye instead.
    assert [game.players for game in round_games(tournament, 1)] == [3]


def test_an_event_too_small_for_a_table_is_cancelled(alice, bob):
    tournament = started(event(alice, table_size=3), [alice, bob])
    assert tournament.status == Tournament.Status.CANCELLED


def test_at_a_rounds_deadline_the_clocks_end_its_games_and_who_timed_out_drops(alice):
    field = players(8)
    tournament = started(event(alice, rounds=2), field)
    first, second = round_games(tournament, 1)
    ended_with(first, [10, 9, 8, 7])
    # The round's deadline has come before the game's clocks ran out.
    late = timezone.now()
    tournament.round_set.update(ends_at=late - timedelta(seconds=1))
    tournament_advance(tournament_id=tournament.id, now=late)
    waits = Deadline.objects.filter(game=second, done=False)
    assert waits.filter(due_at=late).exists() and not waits.filter(due_at__gt=late).exists()

    # Each sweep times the awaited seat out; the event calls the next deadline in at once.
    for _ in range(20):
        deadlines_sweep(now=late)
        if Seat.objects.filter(game=second, bot_standing_in=True).exists():
            break
        tournament_advance(tournament_id=tournament.id, now=late)
    stood_in = Seat.objects.get(game=second, bot_standing_in=True).user
    ended_with(Game.objects.get(pk=second.pk), [6, 7, 8, 9])
    tournament_advance(tournament_id=tournament.id, now=late)

    assert tournament.entries.get(user=stood_in).status == Entry.Status.DROPPED
    seated = {seat.user for game in round_games(tournament, 2) for seat in game.seats.all()}
    assert stood_in not in seated and len(seated) == 7


def test_an_event_refuses_what_it_cannot_run(alice):
    now = timezone.now()
    for bad, message in (
        ({"table_size": 6}, "Tables seat from 2 to 5 players."),
        ({"edition": "amigo-classic", "table_size": 2}, "not 2"),
        ({"rounds": 0}, "A Swiss event plays from 1 to 15 rounds."),
        ({"limit": 3}, "An event takes from 4 to 2000 players."),
        ({"starts_at": now - timedelta(minutes=1), "now": now}, "after now"),
        ({"format": "knockout", "through": 3}, "From 1 to 2 players"),
        ({"name": "  "}, "Give the event a name."),
    ):
        with pytest.raises(ServiceError, match=message):
            event(alice, **bad)
    assert not Tournament.objects.exists()


def test_a_player_who_withdraws_mid_event_is_seated_in_no_later_round(alice):
    field = players(8)
    tournament = started(event(alice, rounds=2), field)
    tournament_withdraw(tournament_id=tournament.id, user=field[0])
    for game in round_games(tournament, 1):
        ended_with(game, [10, 9, 8, 7])
    tournament_advance(tournament_id=tournament.id, now=timezone.now())

    seated = {seat.user for game in round_games(tournament, 2) for seat in game.seats.all()}
    assert field[0] not in seated and len(seated) == 7
    assert tournament.entries.get(user=field[0]).status == Entry.Status.WITHDRAWN
