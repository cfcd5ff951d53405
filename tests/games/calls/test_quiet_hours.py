"""Quiet hours: calls to move and reminders written during a player's quiet hours (in their zone)
wait until the hours end, except a reminder that would then come too late; the clocks run on."""

from datetime import timedelta

import pytest
import time_machine
from django.core import mail as sent_mail

from games import engine
from games.calls import quiet
from games.calls.mailing import outbox_flush
from games.models import Deadline, Game, Outbox, Profile, Seat
from games.services.moves import move_submit
from games.services.timeouts import deadlines_sweep, reminders_send
from games.wording import durations
from tests.games.helpers import (
    MORNING_IN_NEW_YORK,
    MORNING_IN_TOKYO,
    answers_everything,
    play_until,
    quiet_at_night,
)
from tests.helpers import started, state_of, user_at

pytestmark = pytest.mark.django_db


def mailed_to(user) -> list[str]:
    return [message.subject for message in sent_mail.outbox if message.to == [user.email]]


def test_quiet_hours_wrap_midnight_in_the_players_zone(alice):
    quiet_at_night(alice, "Asia/Tokyo")
    profile = Profile.objects.get(user=alice)

    assert quiet.quiet_end(profile, MORNING_IN_NEW_YORK) == MORNING_IN_TOKYO
    assert quiet.quiet_end(profile, MORNING_IN_TOKYO - timedelta(hours=3)) == MORNING_IN_TOKYO
    assert quiet.quiet_end(profile, MORNING_IN_TOKYO) is None
    assert quiet.quiet_end(profile, MORNING_IN_NEW_YORK - timedelta(minutes=31)) is None


def carol_trading(game, carol):
    """The game played on to Carol's turn, trading, with no offer made yet. The others answer
    every offer themselves (a gift of a bean they grow would be taken by the defaults)."""
    carols = position(game, carol)
    for seat in game.seats.exclude(user=carol):
        game = answers_everything(game, seat.user)
    return play_until(
        game, lambda state: state.phase == "trade" and not state.offers and state.active == carols
    )


def test_a_call_in_tokyos_night_waits_for_its_morning_while_new_york_is_called_at_once(
    alice, bob, carol, django_capture_on_commit_callbacks
):
    quiet_at_night(alice, "Asia/Tokyo")
    quiet_at_night(bob, "America/New_York")
    with time_machine.travel(MORNING_IN_NEW_YORK - timedelta(hours=1), tick=False) as clock:
        game = started([alice, bob, carol])
        # Carol's turn, trading: she has something to offer each of the others.
        game = carol_trading(game, carol)
        trading = Deadline.objects.get(game=game, done=False)
        # The mails of the turns so far are out of the way, and both players came back since
        # their last calls, and left again.
        Outbox.objects.all().delete()
        Seat.objects.filter(game=game).update(mailed_at=None)

        clock.move_to(MORNING_IN_NEW_YORK)
        with django_capture_on_commit_callbacks(execute=True):
            offer(game, carol, position(game, alice), 0)
            offer(game, carol, position(game, bob), 1)

        held = Outbox.objects.get(user=alice, kind="offer")
        assert held.send_after == MORNING_IN_TOKYO and held.sent_at is None
        assert mailed_to(alice) == []
        assert Outbox.objects.get(user=bob, kind="offer").sent_at == MORNING_IN_NEW_YORK
        assert len(mailed_to(bob)) == 1

        clock.move_to(MORNING_IN_TOKYO - timedelta(seconds=1))
        assert outbox_flush() == 0
        clock.move_to(MORNING_IN_TOKYO)
        assert outbox_flush() == 1
        assert len(mailed_to(alice)) == 1
        assert outbox_flush() == 0

    # The trading window ran through her quiet hours as ever.
    assert Deadline.objects.get(id=trading.id).due_at == trading.due_at
    assert trading.due_at == trading.started_at + timedelta(hours=12)


def test_a_call_held_is_not_sent_when_the_player_looked_at_the_game_meanwhile(
    alice, bob, carol, django_capture_on_commit_callbacks
):
    for player in (alice, bob, carol):
        quiet_at_night(player, "Asia/Tokyo")
    with time_machine.travel(MORNING_IN_NEW_YORK, tick=False) as clock:
        with django_capture_on_commit_callbacks(execute=True):
            game = started([alice, bob, carol])
        starter = user_at(game, 0)
        assert Outbox.objects.get(user=starter, kind="your_turn").send_after == MORNING_IN_TOKYO
        Seat.objects.filter(game=game, user=starter).update(
            last_seen_at=MORNING_IN_NEW_YORK + timedelta(hours=1)
        )

        clock.move_to(MORNING_IN_TOKYO)
        assert outbox_flush() == 0
    row = Outbox.objects.get(user=starter, kind="your_turn")
    assert (row.sent_at, row.skipped) == (MORNING_IN_TOKYO, "seen meanwhile")
    assert sent_mail.outbox == []


@pytest.mark.parametrize(
    ("due_in", "held"),
    [(timedelta(hours=12), True), (timedelta(hours=3), False)],
    ids=["deadline-after-the-quiet-hours", "deadline-within-the-quiet-hours"],
)
def test_a_reminder_waits_for_the_morning_unless_the_deadline_comes_first(
    alice, bob, carol, django_capture_on_commit_callbacks, due_in, held
):
    with time_machine.travel(MORNING_IN_NEW_YORK - timedelta(days=1), tick=False) as clock:
        game = started([alice, bob, carol])
        Outbox.objects.all().delete()  # the call at the start is out of the way
        starter = user_at(game, 0)
        quiet_at_night(starter, "Asia/Tokyo")
        wait = Deadline.objects.get(game=game, done=False)
        due_at = MORNING_IN_NEW_YORK + due_in
        Deadline.objects.filter(id=wait.id).update(due_at=due_at)

        clock.move_to(MORNING_IN_NEW_YORK)
        with django_capture_on_commit_callbacks(execute=True):
            assert reminders_send() == 1

        row = Outbox.objects.get(user=starter, kind="reminder")
        assert row.send_after == (MORNING_IN_TOKYO if held else None)
        assert len(mailed_to(starter)) == int(not held)

        clock.move_to(MORNING_IN_TOKYO)
        assert outbox_flush() == int(held)
        [reminder] = [message for message in sent_mail.outbox if message.to == [starter.email]]
        # It tells the time left when it goes out.
        sent_at = MORNING_IN_TOKYO if held else MORNING_IN_NEW_YORK
        assert f"your time runs out in {durations.humanize(due_at - sent_at)}" in reminder.body

    # Her clock is the game's: it ran out (or will) when it was due, quiet hours or not.
    assert Deadline.objects.get(id=wait.id).due_at == due_at


def test_the_clock_runs_out_during_the_quiet_hours(alice, bob, carol):
    with time_machine.travel(MORNING_IN_NEW_YORK - timedelta(days=1), tick=False) as clock:
        game = started([alice, bob, carol])
        quiet_at_night(user_at(game, 0), "Asia/Tokyo")
        wait = Deadline.objects.get(game=game, done=False)
        Deadline.objects.filter(id=wait.id).update(due_at=MORNING_IN_NEW_YORK)

        clock.move_to(MORNING_IN_NEW_YORK)
        assert deadlines_sweep() == 1
    assert engine.from_dict(Game.objects.get(id=game.id).state).phase == "trade"


def test_a_held_call_a_later_one_supersedes_is_not_sent(
    alice, bob, carol, django_capture_on_commit_callbacks
):
    quiet_at_night(alice, "Asia/Tokyo")
    Profile.objects.filter(user=alice).update(mail=Profile.Mail.BOARD)  # she plays by mail
    with time_machine.travel(MORNING_IN_NEW_YORK - timedelta(hours=1), tick=False) as clock:
        game = started([alice, bob, carol])
        game = carol_trading(game, carol)
        Outbox.objects.all().delete()
        # A reply of hers was played, its answer left to her next mail.
        Seat.objects.filter(game=game, user=alice).update(reply_unanswered=True)

        clock.move_to(MORNING_IN_NEW_YORK)
        with django_capture_on_commit_callbacks(execute=True):
            offer(game, carol, position(game, alice), 0)
            game.refresh_from_db()
            offer(game, carol, position(game, alice), 0)

        first, second = Outbox.objects.filter(user=alice, kind="offer").order_by("seq")
        assert first.skipped == "superseded" and second.sent_at is None

        clock.move_to(MORNING_IN_TOKYO)
        assert outbox_flush() == 1
        [morning] = [m for m in sent_mail.outbox if m.to == [alice.email]]
        # The one mail she gets shows the board as it is: both offers to answer.
        offers = sorted(state_of(game).offers)
        assert all(f"accept {number}" in morning.body for number in offers)
        # And it answers her reply, as the call it replaced would have.
        assert "Your last reply was played: its moves were made." in morning.body


def position(game: Game, user) -> int:
    return Seat.objects.get(game=game, user=user).position


def offer(game: Game, maker, to: int, faceup: int) -> None:
    state = state_of(game)
    move_submit(
        game_id=game.id,
        user=maker,
        action={"kind": "offer", "to": to, "give": [state.faceup[faceup]]},
        expected_seq=game.seq,
    )
