"""The reminder ladder: reminders at shares of a deadline's clock left, each once per wait, one
mail when several are due at once, none while the player has the game's page open."""

import re
from datetime import timedelta

import pytest
import time_machine
from django.urls import reverse

from games.models import Deadline, Outbox, Profile, Seat
from games.services.profiles import profile_get_or_create
from games.services.timeouts import deadline_expire, reminders_send
from tests.helpers import preferences_saved

pytestmark = pytest.mark.django_db


def start_players_wait(game) -> Deadline:
    return Deadline.objects.select_related("seat__user").get(game=game, done=False)


def at_share_left(deadline: Deadline, share: float):
    """The moment when `share` of the deadline's clock is left."""
    return deadline.due_at - (deadline.due_at - deadline.started_at) * share


def reminders_at(deadline: Deadline, share: float) -> int:
    with time_machine.travel(at_share_left(deadline, share), tick=False):
        return reminders_send()


def reminder_rungs(deadline: Deadline) -> list[int]:
    rows = Outbox.objects.filter(user=deadline.seat.user, kind="reminder").order_by("id")
    return list(rows.values_list("rung", flat=True))


def choose(user, ladder: str) -> None:
    Profile.objects.filter(user=user).update(reminders=ladder)


def test_the_default_ladder_reminds_at_half_and_at_a_tenth_of_the_clock_left(started_game):
    wait = start_players_wait(started_game)
    due_at = wait.due_at

    assert reminders_at(wait, 0.51) == 0
    assert reminders_at(wait, 0.5) == 1
    assert reminders_at(wait, 0.49) == 0
    assert reminders_at(wait, 0.11) == 0
    assert reminders_at(wait, 0.1) == 1
    assert reminders_at(wait, 0.01) == 0

    assert reminder_rungs(wait) == [1, 2]
    # The reminders move no clock.
    assert start_players_wait(started_game).due_at == due_at


def test_a_later_step_already_due_sends_one_reminder_not_a_burst(started_game):
    wait = start_players_wait(started_game)

    assert reminders_at(wait, 0.05) == 1
    assert reminders_at(wait, 0.04) == 0

    assert reminder_rungs(wait) == [2]


def test_no_reminder_while_the_page_is_open_and_that_step_passes(started_game):
    wait = start_players_wait(started_game)
    half = at_share_left(wait, 0.5)
    Seat.objects.filter(id=wait.seat_id).update(last_seen_at=half - timedelta(seconds=5))

    assert reminders_at(wait, 0.5) == 0
    assert reminders_at(wait, 0.3) == 0  # the page is closed now, but that step has passed
    assert reminders_at(wait, 0.1) == 1

    assert reminder_rungs(wait) == [2]


def test_a_player_may_be_reminded_at_a_tenth_only(started_game):
    wait = start_players_wait(started_game)
    choose(wait.seat.user, Profile.Reminders.TENTH)

    assert reminders_at(wait, 0.5) == 0
    assert reminders_at(wait, 0.1) == 1
    assert reminder_rungs(wait) == [1]


def test_a_player_may_be_reminded_at_half_a_quarter_and_a_tenth(started_game):
    wait = start_players_wait(started_game)
    choose(wait.seat.user, Profile.Reminders.HALF_QUARTER_TENTH)

    assert [reminders_at(wait, share) for share in (0.5, 0.3, 0.25, 0.1)] == [1, 0, 1, 1]
    assert reminder_rungs(wait) == [1, 2, 3]


def test_a_player_who_wants_no_reminders_gets_none(started_game):
    wait = start_players_wait(started_game)
    choose(wait.seat.user, Profile.Reminders.NONE)

    assert [reminders_at(wait, share) for share in (0.5, 0.1, 0.01)] == [0, 0, 0]
    assert reminder_rungs(wait) == []


def test_each_wait_has_its_own_ladder(started_game):
    wait = start_players_wait(started_game)
    assert reminders_at(wait, 0.1) == 1
    with time_machine.travel(at_share_left(wait, 0.1), tick=False):
        deadline_expire(deadline_id=wait.id, now=wait.due_at)  # her move is made for her

    [trading] = Deadline.objects.filter(game=started_game, done=False)
    assert trading.seat_id == wait.seat_id and trading.rungs_passed == 0
    assert reminders_at(trading, 0.5) == 1
    assert reminder_rungs(wait) == [2, 1]


def test_the_preferences_page_saves_the_ladder_and_quiet_hours(client, alice):
    client.force_login(alice)
    profile_get_or_create(user=alice)
    preferences_saved(client, reminders="tenth", quiet_from="22:00", quiet_until="07:00")

    profile = Profile.objects.get(user=alice)
    assert profile.reminders == "tenth"
    assert (str(profile.quiet_from), str(profile.quiet_until)) == ("22:00:00", "07:00:00")
    page = client.get(reverse("links:preferences")).content.decode()
    assert re.search(r'value="tenth"[^>]*checked', page)
    assert 'value="22:00"' in page

    response = preferences_saved(
        client, reminders="half_tenth", quiet_from="22:00", quiet_until=None
    )
    assert "Quiet hours need a start and a different end, or neither." in response.content.decode()
    assert Profile.objects.get(user=alice).reminders == "tenth"
