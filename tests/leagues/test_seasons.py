"""Leagues and seasons: sign-up, groups and games at the start, promotion and relegation and
the mail at the end, the next season's sign-up."""

from datetime import timedelta

import pytest
from django.core import mail

from games.calls import channels, routing
from games.calls.mailing import outbox_send
from games.mail import compose
from games.models import Deadline, Game, Outbox, Profile
from games.refusals import NotAllowed, ServiceError
from games.services.profiles import profile_get_or_create
from games.services.vacations import vacation_start
from leagues.models import Entry, Rating, Season
from leagues.services import leagues as services
from tests.helpers import user_at

from .helpers import ended_with

pytestmark = pytest.mark.django_db


@pytest.fixture
def eight(django_user_model, alice, bob, carol, dave):
    more = [
        django_user_model.objects.create_user(username=name, email=f"{name}@example.com")
        for name in ("erin", "frank", "grace", "heidi")
    ]
    return [alice, bob, carol, dave, *more]


def league_of(organiser, **settings):
    defaults = {"name": "Bean Counters", "edition": "amigo-1997", "players": 4, "group_size": 4}
    return services.league_create(user=organiser, **{**defaults, **settings})


def signed_up(league, users) -> Season:
    season = league.seasons.get()
    for user in users:
        services.season_sign_up(season_id=season.id, user=user, token=league.invite_token)
    return season


def test_a_private_league_is_joined_by_its_invitation_link_only(alice, bob, carol):
    league = league_of(alice)
    season = league.seasons.get()

    with pytest.raises(NotAllowed, match="by invitation only"):
        services.season_sign_up(season_id=season.id, user=bob)
    with pytest.raises(NotAllowed, match="by invitation only"):
        services.season_sign_up(season_id=season.id, user=bob, token="guess")
    services.season_sign_up(season_id=season.id, user=bob, token=league.invite_token)
    services.season_sign_up(season_id=season.id, user=alice)

    assert (league.organiser, league.is_public, season.status) == (alice, False, "signup")
    assert set(season.entries.values_list("user__username", flat=True)) == {"alice", "bob"}
    with pytest.raises(NotAllowed, match="already"):
        services.season_sign_up(season_id=season.id, user=bob)


def test_only_staff_run_public_leagues_and_bad_settings_are_refused(alice):
    with pytest.raises(NotAllowed, match="staff"):
        league_of(alice, is_public=True)
    with pytest.raises(ServiceError, match="from 4 to 8 players"):
        league_of(alice, group_size=3)
    with pytest.raises(ServiceError, match="2 to 7 players"):
        league_of(alice, edition="rio-grande", players=9, group_size=9)
    alice.is_staff = True
    assert league_of(alice, is_public=True).is_public


def test_the_start_creates_every_game_with_seats_and_start_players_rotated(four, alice):
    league = league_of(alice, time_control="relaxed", vacation_days=0)
    season = signed_up(league, four)

    services.season_start(season_id=season.id, user=alice)

    games = list(Game.objects.filter(league_game__group__season=season).order_by("id"))
    assert len(games) == 4 and {game.status for game in games} == {Game.Status.RUNNING}
    assert {(g.time_control, g.vacation_allowed, g.is_open) for g in games} == {
        ("relaxed", False, False)
    }
    starters = {user_at(game, 0) for game in games}
    assert starters == set(four)
    for user in four:
        assert sorted(game.seats.get(user=user).position for game in games) == [0, 1, 2, 3]
    with pytest.raises(NotAllowed, match="started already"):
        services.season_start(season_id=season.id, user=alice)


def test_a_league_game_waits_for_vacations_no_longer_than_its_league_allows(four, alice):
    league = league_of(alice, vacation_days=3)
    season = signed_up(league, four)
    services.season_start(season_id=season.id, user=alice)
    game = Game.objects.filter(league_game__group__season=season).first()
    deadline = Deadline.objects.get(game=game, done=False)

    vacation_start(user=deadline.seat.user, days=10)

    assert Deadline.objects.get(id=deadline.id).due_at - deadline.due_at == timedelta(days=3)


def test_only_the_organiser_starts_a_season_and_only_with_a_table_of_players(alice, bob):
    league = league_of(alice)
    season = signed_up(league, [alice, bob])

    with pytest.raises(NotAllowed, match="organiser"):
        services.season_start(season_id=season.id, user=bob)
    with pytest.raises(NotAllowed, match="at least 4 players; 2 have"):
        services.season_start(season_id=season.id, user=alice)


def test_groups_are_formed_by_rating(eight, alice):
    for rank, user in enumerate(reversed(eight)):  # heidi rated highest, alice lowest
        Rating.objects.create(
            user=user, pool="bohnanza-4-5", mu=25, sigma=5, value=1600 - rank, games=3
        )
    season = signed_up(league_of(alice), eight)

    services.season_start(season_id=season.id, user=alice)

    divisions = dict(
        Entry.objects.filter(season=season).values_list("user__username", "group__division")
    )
    assert {name for name, division in divisions.items() if division == 1} == {
        "erin",
        "frank",
        "grace",
        "heidi",
    }


def finish_season(season, order):
    """Every game ends with the players ranked as `order` says (its first wins each game)."""
    for game in Game.objects.filter(league_game__group__season=season).order_by("id"):
        users = [user_at(game, position) for position in range(game.players)]
        ended_with(game, coins=[20 - order.index(user) for user in users])


def test_the_end_promotes_relegates_mails_everyone_and_opens_the_next_sign_up(eight, alice):
    league = league_of(alice, promoted=1)
    season = signed_up(league, eight)
    services.season_start(season_id=season.id, user=alice)
    by_division = {
        division: [e.user for e in season.entries.filter(group__division=division)]
        for division in (1, 2)
    }
    order = by_division[1] + by_division[2]
    # League news goes to the daily digest unless a player chose mail for it.
    Profile.objects.filter(user__in=order).update(calls={routing.LEAGUE: [channels.MAIL]})

    finish_season(season, order)

    season.refresh_from_db()
    assert season.status == Season.Status.FINISHED
    entries = {e.user: e for e in season.entries.all()}
    top1, last1 = by_division[1][0], by_division[1][-1]
    top2, last2 = by_division[2][0], by_division[2][-1]
    assert (entries[top1].place, entries[top1].next_division) == (1, 1)
    assert (entries[last1].place, entries[last1].next_division) == (4, 2)
    assert (entries[top2].place, entries[top2].next_division) == (1, 1)
    assert (entries[last2].place, entries[last2].next_division) == (4, 2)
    rows = Outbox.objects.filter(kind="season_over")
    assert rows.count() == 8
    following = league.seasons.get(number=2)
    assert following.status == Season.Status.SIGNUP

    row = rows.get(user=top2)
    outbox_send(outbox_id=row.id)
    sent = mail.outbox[-1]
    assert sent.subject == "Season 1 of Bean Counters is over"
    assert "You finished 1 in division 2" in sent.body
    assert "You go up: next season you play in division 1." in sent.body
    assert f"/leagues/{league.id}/" in sent.body
    for user in by_division[2]:
        assert user.username in sent.body

    services.season_sign_up(season_id=following.id, user=top2)
    assert following.entries.get(user=top2).division == 1

    # The seasons are named by their numbers, worded in each recipient's language.
    german = profile_get_or_create(user=top1)
    german.language = "de"
    german.save(update_fields=["language"])
    outbox_send(outbox_id=rows.get(user=top1).id)
    sent = mail.outbox[-1]
    assert sent.subject == "Saison 1 von Bean Counters ist vorbei"
    assert "Saison 2" in sent.body and "Season" not in sent.body


def test_a_season_starts_by_itself_on_its_start_date_or_waits_for_more_players(four, alice, bob):
    full = signed_up(league_of(alice, name="Full"), four)
    short = signed_up(league_of(alice, name="Short"), [alice, bob])
    later = full.starts_at + timedelta(minutes=1)

    assert services.seasons_start_due(now=full.starts_at - timedelta(minutes=1)) == 0
    assert services.seasons_start_due(now=later) == 1

    full.refresh_from_db()
    short.refresh_from_db()
    assert full.status == Season.Status.RUNNING
    assert Game.objects.filter(league_game__group__season=full).count() == 4
    assert short.status == Season.Status.SIGNUP
    assert short.starts_at == short.signup_closes == later + timedelta(days=services.SIGNUP_DAYS)
    assert not Game.objects.filter(league_game__group__season=short).exists()


def test_a_league_games_mail_names_it_in_its_readers_language(alice, bob, carol, dave):
    four = [alice, bob, carol, dave]
    for user in four:
        profile = profile_get_or_create(user=user)
        profile.language = "de"
        profile.save(update_fields=["language"])
    league = league_of(alice)
    season = signed_up(league, four)
    services.season_start(season_id=season.id, user=alice)
    row = Outbox.objects.filter(kind="your_turn", game__league_game__group__season=season).first()
    number = row.game.league_game.number

    message = compose.row_message(row)

    name = f"Bean Counters, Saison 1, Division 1, Spiel {number}"
    assert message.subject == f"Du bist am Zug in {name} (Zug 1)"
    assert name in message.body and "Season" not in message.body
