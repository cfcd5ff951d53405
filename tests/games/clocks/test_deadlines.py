from datetime import timedelta

import pytest
from django.utils import timezone

from games import engine
from games.clocks import timecontrol
from games.models import Deadline, Move, Outbox, Seat
from games.refusals import ServiceError
from games.services import timeouts
from games.services.lobby import game_create, game_start, seat_join
from games.services.moves import move_submit
from games.services.profiles import profile_get_or_create
from games.services.seats import seat_reclaim
from games.services.timeouts import deadline_expire, deadlines_sweep
from games.services.vacations import vacation_end, vacation_start
from tests.games.helpers import play_until
from tests.helpers import fresh, state_of, system_moves, user_at

pytestmark = pytest.mark.django_db


def open_deadlines(game):
    return list(Deadline.objects.filter(game=game, done=False).select_related("seat"))


def pass_deadline(deadline: Deadline) -> None:
    Deadline.objects.filter(id=deadline.id).update(due_at=timezone.now() - timedelta(seconds=1))


def in_trade(game):
    return play_until(game, lambda state: state.phase == "trade" and not state.offers)


def gift_offer(game, to: int) -> int:
    """The active player offers a face-up card to `to` as a gift; returns the offer id."""
    game = fresh(game)
    state = engine.from_dict(game.state)
    result = move_submit(
        game_id=game.id,
        user=user_at(game, state.active),
        action={"kind": "offer", "to": to, "give": [state.faceup[0]]},
        expected_seq=game.seq,
    )
    return next(event.data["offer"] for event in result.events if event.kind == "offered")


def test_the_start_player_has_one_deadline_the_length_of_the_bank(started_game):
    [deadline] = open_deadlines(started_game)

    assert deadline.seat.position == 0
    assert deadline.kind == Deadline.Kind.MOVE
    assert deadline.started_seq == 0
    assert deadline.due_at - deadline.started_at == timecontrol.PRESETS["daily"].bank_start


def test_a_passed_deadline_plants_the_forced_card_and_stops_planting(started_game):
    [deadline] = open_deadlines(started_game)
    front = state_of(started_game).hands[0][0]
    pass_deadline(deadline)

    assert deadlines_sweep() == 1

    moves = system_moves(started_game)
    assert [move.kind for move in moves] == ["plant", "stop_planting"]
    assert moves[0].payload["card"] == front
    assert all(move.seat.position == 0 for move in moves)
    state = state_of(started_game)
    assert state.phase == "trade"
    seat = Seat.objects.get(game=started_game, position=0)
    assert seat.timeouts == 1
    assert not seat.bot_standing_in
    [trading] = open_deadlines(started_game)
    assert (trading.seat.position, trading.kind) == (0, Deadline.Kind.TRADING)


def test_expiring_the_same_deadline_twice_makes_one_set_of_moves(started_game):
    [deadline] = open_deadlines(started_game)
    pass_deadline(deadline)

    assert deadline_expire(deadline_id=deadline.id) == 2
    assert deadline_expire(deadline_id=deadline.id) == 0
    assert deadlines_sweep() == 0

    assert len(system_moves(started_game)) == 2


def second_game_due(alice, bob, carol):
    """Another started game of the same players whose first deadline has passed."""
    game = game_create(user=alice, edition="rio-grande", players=3, options={})
    for user in (bob, carol):
        seat_join(game_id=game.id, user=user)
    game = game_start(game_id=game.id, user=alice)
    [deadline] = open_deadlines(game)
    pass_deadline(deadline)
    return game


def test_a_sweep_that_leaves_due_rows_queues_the_next_at_once(
    started_game, alice, bob, carol, monkeypatch, eager_celery, django_capture_on_commit_callbacks
):
    [deadline] = open_deadlines(started_game)
    pass_deadline(deadline)
    other_game = second_game_due(alice, bob, carol)
    monkeypatch.setattr(timeouts, "SWEEP_BATCH", 1)

    with django_capture_on_commit_callbacks(execute=True):
        deadlines_sweep()  # one row, then the next sweep, queued at once, the other

    assert [move.kind for move in system_moves(started_game)] == ["plant", "stop_planting"]
    assert [move.kind for move in system_moves(other_game)] == ["plant", "stop_planting"]


def test_two_sweeps_reading_the_same_due_rows_expire_each_deadline_once(
    started_game, alice, bob, carol, monkeypatch
):
    [deadline] = open_deadlines(started_game)
    pass_deadline(deadline)
    other_game = second_game_due(alice, bob, carol)
    expire = timeouts.deadline_expire
    second_sweep: dict[str, int] = {}

    def expire_while_a_second_sweep_runs(*, deadline_id, now):
        if "expired" not in second_sweep:
            # The first sweep has read its due rows; a second one reads the same rows.
            second_sweep["expired"] = 0
            second_sweep["expired"] = deadlines_sweep(now=now)
        return expire(deadline_id=deadline_id, now=now)

    monkeypatch.setattr(timeouts, "deadline_expire", expire_while_a_second_sweep_runs)

    first = deadlines_sweep()

    assert first + second_sweep["expired"] == 2
    assert [move.kind for move in system_moves(started_game)] == ["plant", "stop_planting"]
    assert [move.kind for move in system_moves(other_game)] == ["plant", "stop_planting"]


def test_a_deadline_whose_expiry_failed_half_way_is_expired_whole_by_the_next_sweep(
    started_game, monkeypatch
):
    [deadline] = open_deadlines(started_game)
    pass_deadline(deadline)
    default_moves = timeouts._default_moves

    def dies_after_the_moves(*args):
        default_moves(*args)
        raise RuntimeError("the worker was killed")

    with monkeypatch.context() as patched:
        patched.setattr(timeouts, "_default_moves", dies_after_the_moves)
        assert deadlines_sweep() == 0
    assert system_moves(started_game) == []

    assert deadlines_sweep() == 1
    assert deadlines_sweep() == 0
    assert [move.kind for move in system_moves(started_game)] == ["plant", "stop_planting"]


def test_a_deadline_read_just_before_the_players_move_landed_does_nothing(started_game):
    [deadline] = open_deadlines(started_game)
    pass_deadline(deadline)
    move_submit(
        game_id=started_game.id,
        user=user_at(started_game, 0),
        action={"kind": "plant", "card": state_of(started_game).hands[0][0], "field": 0},
        expected_seq=0,
    )

    assert deadline_expire(deadline_id=deadline.id) == 0

    assert system_moves(started_game) == []
    assert Deadline.objects.get(id=deadline.id).done


def test_a_players_own_move_replaces_the_deadline_and_charges_the_bank(started_game):
    [deadline] = open_deadlines(started_game)
    Deadline.objects.filter(id=deadline.id).update(
        started_at=deadline.started_at - timedelta(hours=10)
    )
    starter = user_at(started_game, 0)
    move_submit(
        game_id=started_game.id,
        user=starter,
        action={"kind": "plant", "card": state_of(started_game).hands[0][0], "field": 0},
        expected_seq=0,
    )

    assert Deadline.objects.get(id=deadline.id).done
    [fresh_deadline] = open_deadlines(started_game)
    preset = timecontrol.PRESETS["daily"]
    bank = Seat.objects.get(game=started_game, position=0).bank
    # Ten hours used, twelve earned: the bank grew by about two hours.
    assert abs(bank - (preset.bank_start + timedelta(hours=2))) < timedelta(minutes=1)
    assert abs((fresh_deadline.due_at - fresh_deadline.started_at) - bank) < timedelta(seconds=1)


def test_the_trading_window_ends_trading_for_the_active_player(started_game):
    game = in_trade(started_game)
    active = state_of(game).active
    [trading] = open_deadlines(game)
    assert (trading.seat.position, trading.kind) == (active, Deadline.Kind.TRADING)
    assert trading.due_at - trading.started_at == timecontrol.PRESETS["daily"].trading_window
    pass_deadline(trading)

    deadlines_sweep()

    assert [move.kind for move in system_moves(game)][-1:] == ["end_trading"]
    assert state_of(game).phase != "trade"


def test_the_trading_window_does_not_restart_when_the_active_player_makes_offers(started_game):
    game = in_trade(started_game)
    [before] = open_deadlines(game)
    state = state_of(game)
    other = (state.active + 1) % state.players

    gift_offer(game, other)

    rows = {row.seat.position: row for row in open_deadlines(game)}
    assert rows[state.active].id == before.id
    assert rows[state.active].due_at == before.due_at
    assert rows[other].kind == Deadline.Kind.MOVE


def test_a_player_who_does_not_answer_has_the_offers_made_to_it_declined(started_game):
    game = in_trade(started_game)
    state = state_of(game)
    other = (state.active + 1) % state.players
    offer = gift_offer(game, other)
    answer = next(row for row in open_deadlines(game) if row.seat.position == other)
    pass_deadline(answer)

    deadlines_sweep()

    [move] = system_moves(game)
    assert (move.seat.position, move.kind, move.payload) == (
        other,
        "decline",
        {"kind": "decline", "offer": offer},
    )
    state = state_of(game)
    assert state.phase == "trade" and not state.offers
    # The active player's trading window is still running.
    [trading] = open_deadlines(game)
    assert trading.seat.position == state.active


def test_after_too_many_missed_turns_a_bot_stands_in_until_the_player_reclaims_the_seat(
    started_game, django_capture_on_commit_callbacks
):
    game = fresh(started_game)
    game.timeouts_before_bot = 1
    game.save(update_fields=["timeouts_before_bot"])
    [deadline] = open_deadlines(game)
    pass_deadline(deadline)

    with django_capture_on_commit_callbacks(execute=True):
        deadlines_sweep()

    seat = Seat.objects.get(game=game, position=0)
    assert seat.bot_standing_in
    assert Outbox.objects.filter(user=seat.user, kind="bot_standing_in").exists()
    # The bot took over at once: the turn went on without waiting for the trading window.
    assert Move.objects.filter(game=game, actor=Move.Actor.BOT, seat=seat).exists()

    seat_reclaim(game_id=game.id, user=seat.user)

    seat.refresh_from_db()
    assert (seat.bot_standing_in, seat.timeouts) == (False, 0)


def test_each_missed_turn_counts_once_however_many_of_its_steps_run_out(started_game):
    game = fresh(started_game)
    game.timeouts_before_bot = 2
    game.save(update_fields=["timeouts_before_bot"])
    for _ in range(2):  # the planting, then the trading window of the same turn
        row = next(r for r in open_deadlines(game) if r.seat.position == 0)
        pass_deadline(row)
        deadlines_sweep()

    seat = Seat.objects.get(game=game, position=0)
    assert seat.timeouts == 1
    assert not seat.bot_standing_in


def test_a_vacation_stretches_deadlines_up_to_the_yearly_allowance(started_game):
    [deadline] = open_deadlines(started_game)
    starter = user_at(started_game, 0)
    allowance = timecontrol.VACATION_DAYS_PER_YEAR

    assert vacation_start(user=starter, days=allowance - 2) == allowance - 2
    assert vacation_start(user=starter, days=5) == 2
    assert vacation_start(user=starter, days=1) == 0

    stretched = Deadline.objects.get(id=deadline.id)
    assert stretched.due_at - deadline.due_at == timedelta(days=allowance)
    profile = profile_get_or_create(user=starter)
    assert profile.vacation_days_used == allowance
    assert profile.away_until > timezone.now() + timedelta(days=allowance - 1)


def test_a_deadline_written_while_the_player_is_away_is_stretched_too(started_game):
    second = user_at(started_game, 1)
    vacation_start(user=second, days=3)
    [deadline] = open_deadlines(started_game)
    pass_deadline(deadline)
    deadlines_sweep()  # the start player's turn runs out: trading begins
    game = in_trade(started_game)
    gift_offer(game, 1)

    answer = next(row for row in open_deadlines(game) if row.seat.position == 1)
    bank = timecontrol.PRESETS["daily"].bank_start
    assert answer.due_at - answer.started_at > bank + timedelta(days=3) - timedelta(minutes=1)


def test_coming_back_early_gives_the_unused_days_back(started_game):
    [deadline] = open_deadlines(started_game)
    starter = user_at(started_game, 0)
    now = timezone.now()
    vacation_start(user=starter, days=10, now=now)

    back_at = now + timedelta(days=3, hours=5)
    back = vacation_end(user=starter, now=back_at)

    assert back == 6  # 6 days and 19 hours were left: the whole days come back
    assert profile_get_or_create(user=starter).vacation_days_used == 4
    assert Deadline.objects.get(id=deadline.id).due_at - deadline.due_at == timedelta(days=4)
    assert vacation_end(user=starter, now=back_at) == 0  # not away any more


def test_a_game_can_forbid_vacations(started_game):
    game = fresh(started_game)
    game.vacation_allowed = False
    game.save(update_fields=["vacation_allowed"])
    [deadline] = open_deadlines(game)

    vacation_start(user=user_at(game, 0), days=7)

    assert Deadline.objects.get(id=deadline.id).due_at == deadline.due_at


def capped(game, days: int):
    game = fresh(game)
    game.vacation_days_cap = days
    game.save(update_fields=["vacation_days_cap"])
    return game


def test_a_game_with_a_cap_waits_no_longer_than_its_cap_over_all_vacations(started_game):
    """A league allows fewer days than a friendly game: its deadlines wait 5 days of the 7
    asked, then none of the next vacation's, while the yearly allowance pays for all 10."""
    game = capped(started_game, 5)
    [deadline] = open_deadlines(game)
    starter = user_at(game, 0)
    now = timezone.now()

    assert vacation_start(user=starter, days=7, now=now) == 7
    vacation_end(user=starter, now=now + timedelta(days=7, hours=1))
    assert vacation_start(user=starter, days=3, now=now + timedelta(days=8)) == 3

    assert Deadline.objects.get(id=deadline.id).due_at - deadline.due_at == timedelta(days=5)
    assert profile_get_or_create(user=starter).vacation_days_used == 10


def test_back_early_a_capped_game_gives_back_only_the_days_it_was_still_to_wait(started_game):
    """A capped game waits during the first days of a vacation: back after 2 days of 10, a
    game capped at 5 gives back 3 days, an uncapped one 8."""
    game = capped(started_game, 5)
    [deadline] = open_deadlines(game)
    starter = user_at(game, 0)
    now = timezone.now()
    vacation_start(user=starter, days=10, now=now)

    assert vacation_end(user=starter, now=now + timedelta(days=2)) == 8

    assert Deadline.objects.get(id=deadline.id).due_at - deadline.due_at == timedelta(days=2)
    assert Seat.objects.get(id=deadline.seat_id).vacation_days_taken == 2


def test_a_vacation_leaves_the_deadlines_of_a_bot_standing_in_alone(started_game):
    """The bot is not away: it keeps waiting its patience only."""
    [deadline] = open_deadlines(started_game)
    Seat.objects.filter(id=deadline.seat_id).update(bot_standing_in=True)

    vacation_start(user=user_at(started_game, 0), days=7)

    assert Deadline.objects.get(id=deadline.id).due_at == deadline.due_at


def test_a_vacation_resets_with_the_new_year(started_game):
    starter = user_at(started_game, 0)
    last_year = timezone.now() - timedelta(days=366)
    vacation_start(user=starter, days=timecontrol.VACATION_DAYS_PER_YEAR, now=last_year)

    assert vacation_start(user=starter, days=3) == 3


def test_a_fast_game_hands_a_seat_to_a_bot_after_the_two_timeouts_its_preset_allows(
    alice, bob, carol
):
    game = game_create(user=alice, edition="rio-grande", players=3, options={}, time_control="fast")
    for user in (bob, carol):
        seat_join(game_id=game.id, user=user)
    game = game_start(game_id=game.id, user=alice)
    assert (game.bank_start, game.trading_window, game.timeouts_before_bot) == (
        timedelta(minutes=2),
        timedelta(minutes=3),
        2,
    )
    starter = Seat.objects.get(game=game, position=0)
    seen = []
    while starter.timeouts < 2 and len(seen) < 40:
        for row in open_deadlines(game):
            pass_deadline(row)
        deadlines_sweep()
        starter.refresh_from_db()
        seen.append((starter.timeouts, starter.bot_standing_in))

    assert (1, False) in seen
    assert (starter.timeouts, starter.bot_standing_in) == (2, True)


def test_the_fast_preset_adds_twenty_seconds_a_move(alice):
    game = game_create(user=alice, edition="rio-grande", players=3, options={}, time_control="fast")

    assert timecontrol.bank_after_move(game, Seat(bank=timedelta(seconds=5)), timedelta(0)) == (
        timedelta(seconds=25)
    )


def test_a_time_control_that_is_not_offered_is_refused(alice):
    with pytest.raises(ServiceError, match="time controls offered"):
        game_create(user=alice, edition="rio-grande", players=3, options={}, time_control="blitz")


def test_a_player_who_moves_again_is_back_without_reclaiming(started_game):
    Seat.objects.filter(game=started_game, position=0).update(timeouts=2, bot_standing_in=True)

    move_submit(
        game_id=started_game.id,
        user=user_at(started_game, 0),
        action={"kind": "plant", "card": state_of(started_game).hands[0][0], "field": 0},
        expected_seq=0,
    )

    seat = Seat.objects.get(game=started_game, position=0)
    assert (seat.timeouts, seat.bot_standing_in) == (0, False)
