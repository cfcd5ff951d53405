"""The event's pages: format and tie-breaks before the start, rounds and standings after each
round, a round's tables, my next games, the archive, the record; bad input gets a message."""

import json
from datetime import timedelta

from django.urls import reverse
from django.utils import timezone

from tournaments.models import Tournament

from .helpers import event, players, round_played, started


def test_the_event_page_states_the_format_and_tie_breaks_before_the_start(client, alice):
    tournament = event(alice)
    page = client.get(reverse("tournaments:event", args=[tournament.id])).content.decode()
    assert "Winter Swiss" in page and "Buchholz" in page and "Swiss" in page
    assert "The rules' own tie-break" in page
    assert 'id="sign-up"' not in page  # a visitor is asked to log in


def test_a_player_signs_up_and_checks_in_from_the_event_page(client, bob, alice):
    tournament = event(alice)
    client.force_login(bob)
    for action in ("sign_up", "check_in"):
        response = client.post(reverse(f"tournaments:{action}", args=[tournament.id]))
        assert response.status_code == 302
    entry = tournament.entries.get()
    assert entry.user == bob and entry.checked_in_at is not None
    page = client.get(reverse("tournaments:event", args=[tournament.id])).content.decode()
    assert 'id="withdraw"' in page


def test_mid_event_the_page_shows_rounds_tables_and_standings_in_few_queries(
    client, alice, django_assert_max_num_queries
):
    field = players(8)
    tournament = started(event(alice, rounds=2), field)
    round_played(tournament, 1)
    client.force_login(field[0])
    url = reverse("tournaments:event", args=[tournament.id])
    with django_assert_max_num_queries(12):
        page = client.get(url).content.decode()
    assert "Standings after round 1" in page and 'id="my-game"' in page
    assert page.count("<tr") == 1 + 8
    tables = client.get(reverse("tournaments:round", args=[tournament.id, 1])).content.decode()
    assert tables.count("place ") == 8
    mine = client.get(reverse("tournaments:mine")).content.decode()
    assert "round 2" in mine


def test_the_record_exports_rounds_tables_and_standings_and_no_seed(client, alice):
    field = players(4)
    tournament = started(event(alice, rounds=1), field)
    round_played(tournament, 1)
    record = json.loads(client.get(reverse("tournaments:record", args=[tournament.id])).content)
    assert record["status"] == "finished"
    assert len(record["rounds"][0]["tables"][0]["seats"]) == 4
    assert [line["place"] for line in record["standings"]][0] == 1
    assert tournament.seed not in json.dumps(record)
    archive = client.get(reverse("tournaments:archive")).content.decode()
    assert "Winter Swiss" in archive


def test_a_bad_event_form_is_refused_with_a_message_and_creates_nothing(client, alice):
    client.force_login(alice)
    starts = (timezone.localtime() + timedelta(days=1)).strftime("%Y-%m-%dT%H:%M")
    form = {
        "name": "Bean Cup",
        "format": "knockout",
        "edition": "amigo-classic",
        "table_size": "4",
        "time_control": "daily",
        "rounds": "3",
        "through": "4",
        "through_by": "table",
        "limit": "32",
        "starts_at": starts,
    }
    response = client.post(reverse("tournaments:events"), form)
    assert response.status_code == 400
    assert "From 1 to 2 players of each table can go through." in response.content.decode()
    for bad in ({"table_size": "9"}, {"starts_at": "yesterday"}, {"edition": "x"}):
        assert client.post(reverse("tournaments:events"), {**form, **bad}).status_code == 400
    assert not Tournament.objects.exists()
    response = client.post(reverse("tournaments:events"), {**form, "through": "2"})
    assert response.status_code == 302
    assert Tournament.objects.get().through == 2


def test_no_such_event_or_round_is_not_found(client, alice):
    tournament = event(alice)
    assert client.get(reverse("tournaments:event", args=[2**63])).status_code == 404
    assert client.get(reverse("tournaments:round", args=[tournament.id, 2**40])).status_code == 404


def test_a_players_page_keeps_their_event_results(client, alice):
    field = players(4)
    tournament = started(event(alice, rounds=1), field)
    round_played(tournament, 1)
    place = tournament.entries.get(user=field[0]).place
    page = client.get(reverse("leagues:player", args=[field[0].pk])).content.decode()
    assert 'id="event-results"' in page and f"{place} / 4" in page
    assert (
        'id="event-results"'
        not in client.get(reverse("leagues:player", args=[alice.pk])).content.decode()
    )


def test_check_in_is_offered_only_once_it_opens(client, alice, bob):
    now = timezone.now()
    tournament = event(alice, starts_at=now + timedelta(days=3), now=now)
    client.force_login(bob)
    client.post(reverse("tournaments:sign_up", args=[tournament.id]))
    page = client.get(reverse("tournaments:event", args=[tournament.id])).content.decode()
    assert 'id="check-in"' not in page and "Check-in opens" in page


def test_a_finished_knockout_shows_how_far_everyone_came(client, alice):
    field = players(8)
    tournament = started(event(alice, format=Tournament.Format.KNOCKOUT, through=2), field)
    for number in (1, 2):
        round_played(tournament, number)
    page = client.get(reverse("tournaments:event", args=[tournament.id])).content.decode()
    assert "Final standings" in page and "Reached" in page
    assert page.count("<tr") == 1 + 8
