"""Leagues and their seasons: creating them, signing up, the start that forms the groups and
creates every game of their schedules, and the end that promotes, relegates, mails everyone
and opens the next season's sign-up."""

import secrets
from datetime import datetime, timedelta

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop, ngettext

from games import engine
from games.clocks import timecontrol
from games.models import Game
from games.refusals import NotAllowed, ServiceError
from games.services.lobby import game_create_seated
from games.services.profiles import profile_get_or_create
from games.time_budget import for_a_while
from games.wording.kept import worded
from leagues.models import Entry, Group, League, LeagueGame, Rating, Season
from leagues.pools import pool_of
from leagues.schedule import schedule
from leagues.selectors.seasons import season_tables

from .season_mail import season_over_write

# How long a season's sign-up stays open unless the organiser says otherwise.
SIGNUP_DAYS = 7
GAME_NAME = gettext_noop("%(league)s, %(season)s, division %(division)d, game %(number)d")
NEWCOMER = 10**4  # sorts a player with no division after every division


@transaction.atomic
def league_create(
    *,
    user,
    name: str,
    edition: str,
    players: int,
    group_size: int,
    time_control: str = timecontrol.DEFAULT_PRESET,
    vacation_days: int = 7,
    promoted: int = 2,
    is_public: bool = False,
    allow_bots: bool = False,
    now: datetime | None = None,
) -> League:
    """A league and its first season, open for sign-up. Public leagues are for staff to run."""
    if is_public and not user.is_staff:
        raise NotAllowed(_("Only the site's staff can run a public league."))
    name = " ".join(str(name).split())[:80]
    if not name:
        raise ServiceError(_("Give the league a name."))
    try:
        engine.resolve(edition, players)
    except engine.SetupError as error:
        raise ServiceError(str(error)) from None
    if type(group_size) is not int or not players <= group_size <= 2 * players:
        raise ServiceError(
            _("A group has from %(low)d to %(high)d players at tables of %(players)d.")
            % {"low": players, "high": 2 * players, "players": players}
        )
    if time_control not in timecontrol.PRESETS:
        raise ServiceError(_("Choose one of the time controls offered."))
    if (
        type(vacation_days) is not int
        or not 0 <= vacation_days <= timecontrol.VACATION_DAYS_PER_YEAR
    ):
        raise ServiceError(_("Vacation days must be a whole number from 0 to 30."))
    if type(promoted) is not int or not 0 <= promoted <= group_size // 2:
        raise ServiceError(_("At most half of a group can go up or down."))
    league = League.objects.create(
        name=name,
        organiser=user,
        is_public=is_public,
        invite_token=secrets.token_urlsafe(16),
        edition=edition,
        players=players,
        group_size=group_size,
        time_control=time_control,
        vacation_days=vacation_days,
        promoted=promoted,
        allow_bots=bool(allow_bots),
    )
    _season_open(league, number=1, now=now or timezone.now())
    return league


def _season_open(league: League, *, number: int, now: datetime) -> Season:
    closes = now + timedelta(days=SIGNUP_DAYS)
    return Season.objects.create(
        league=league,
        number=number,
        edition=league.edition,
        players=league.players,
        time_control=league.time_control,
        signup_opens=now,
        signup_closes=closes,
        starts_at=closes,
    )


def _locked_season(season_id: int) -> Season:
    season = (
        Season.objects.select_for_update(of=("self",))
        .select_related("league")
        .filter(pk=season_id)
        .first()
    )
    if season is None:
        raise ServiceError(_("There is no such season."))
    return season


def may_sign_up(season: Season, user, token: str | None = None) -> bool:
    """A public league's season is open to everyone; a private one to its invitation link,
    its organiser and the players of its earlier seasons."""
    league = season.league
    if league.is_public or league.organiser_id == user.pk:
        return True
    if isinstance(token, str) and secrets.compare_digest(
        token.encode(), league.invite_token.encode()
    ):
        return True
    return Entry.objects.filter(season__league=league, user=user).exists()


@transaction.atomic
def season_sign_up(*, season_id: int, user, token: str | None = None, now=None) -> Entry:
    season = _locked_season(season_id)
    now = now or timezone.now()
    if season.status != Season.Status.SIGNUP or now > season.signup_closes:
        raise NotAllowed(_("The sign-up for this season is closed."))
    if not may_sign_up(season, user, token):
        raise NotAllowed(_("This league is by invitation only."))
    if season.entries.filter(user=user).exists():
        raise NotAllowed(_("You have signed up for this season already."))
    profile = profile_get_or_create(user=user)
    if profile.is_bot and not season.league.allow_bots:
        raise NotAllowed(_("This league is for people: bot accounts may not sign up."))
    last = (
        Entry.objects.filter(season__league=season.league, user=user, next_division__isnull=False)
        .order_by("-season__number")
        .values_list("next_division", flat=True)
        .first()
    )
    return Entry.objects.create(season=season, user=user, division=last)


@transaction.atomic
def season_leave(*, season_id: int, user) -> None:
    season = _locked_season(season_id)
    if season.status != Season.Status.SIGNUP:
        raise NotAllowed(_("The season has started: resign from its games instead."))
    deleted, _count = season.entries.filter(user=user).delete()
    if not deleted:
        raise NotAllowed(_("You have not signed up for this season."))


@transaction.atomic
def season_start(*, season_id: int, user, now: datetime | None = None) -> Season:
    """The organiser (or staff) starts the season before its start date."""
    season = _locked_season(season_id)
    if user.pk != season.league.organiser_id and not user.is_staff:
        raise NotAllowed(_("Only the league's organiser can start its season."))
    if season.status != Season.Status.SIGNUP:
        raise NotAllowed(_("This season has started already."))
    return _started(season, now or timezone.now())


def seasons_start_due(*, now: datetime | None = None) -> int:
    """Start every season whose start date has come, each in its own transaction. A season
    with too few players for a table keeps its sign-up open another SIGNUP_DAYS days.
    Returns the seasons started."""
    now = now or timezone.now()
    due = Season.objects.filter(status=Season.Status.SIGNUP, starts_at__lte=now)
    started = 0
    for season_id in for_a_while(list(due.values_list("id", flat=True))):
        with transaction.atomic():
            season = _locked_season(season_id)
            if season.status != Season.Status.SIGNUP:
                continue
            try:
                _started(season, now)
            except NotAllowed:
                season.signup_closes = season.starts_at = now + timedelta(days=SIGNUP_DAYS)
                season.save(update_fields=["signup_closes", "starts_at"])
            else:
                started += 1
    return started


def _started(season: Season, now: datetime) -> Season:
    """Form the groups (see _ordered_entries) and create every group's games at once."""
    league = season.league
    entries = _ordered_entries(season)
    if len(entries) < season.players:
        raise NotAllowed(
            ngettext(
                "A season needs at least %(count)d players; %(signed)d has signed up.",
                "A season needs at least %(count)d players; %(signed)d have signed up.",
                len(entries),
            )
            % {"count": season.players, "signed": len(entries)}
        )
    for division, members in enumerate(_groups(entries, league.group_size), start=1):
        group = Group.objects.create(season=season, division=division)
        Entry.objects.filter(pk__in=[entry.pk for entry in members]).update(group=group)
        for number, order in enumerate(schedule(len(members), season.players), start=1):
            name = {
                "msgid": GAME_NAME,
                "league": league.name,
                "season": season.words(),
                "division": division,
                "number": number,
            }
            game = game_create_seated(
                users=[members[index].user for index in order],
                edition=season.edition,
                name=worded(name)[:80],
                name_words=name,
                time_control=season.time_control,
                vacation_days=league.vacation_days,
            )
            LeagueGame.objects.create(group=group, game=game, number=number)
    season.status = Season.Status.RUNNING
    season.starts_at = now
    season.save(update_fields=["status", "starts_at"])
    return season


def _ordered_entries(season: Season) -> list[Entry]:
    """The players in the order the divisions are filled: the division last season's end
    gave them (newcomers after everyone), then rating, then last season's place."""
    pool = pool_of(season.edition, season.players)
    entries = list(season.entries.select_related("user").order_by("created_at", "id"))
    users = [entry.user_id for entry in entries]
    ratings = dict(
        Rating.objects.filter(pool=pool.key, user_id__in=users).values_list("user_id", "value")
    )
    last_places = dict(
        Entry.objects.filter(
            season__league=season.league_id, season__number=season.number - 1, user_id__in=users
        ).values_list("user_id", "place")
    )
    return sorted(
        entries,
        key=lambda entry: (
            NEWCOMER if entry.division is None else entry.division,
            -ratings.get(entry.user_id, 0),
            last_places.get(entry.user_id) or NEWCOMER,
        ),
    )


def _groups(entries: list[Entry], size: int) -> list[list[Entry]]:
    """As many groups of at least `size` players as there are players for, the players left
    over spread one a group from the top."""
    count = max(1, len(entries) // size)
    base, extra = divmod(len(entries), count)
    groups, start = [], 0
    for index in range(count):
        end = start + base + (1 if index < extra else 0)
        groups.append(entries[start:end])
        start = end
    return groups


def season_game_finished(*, game: Game, now: datetime) -> Season | None:
    """A league game ended: when it was its season's last, the season ends. Runs in the
    transaction of the game's last move."""
    season = (
        Season.objects.select_for_update()
        .filter(groups__games__game=game, status=Season.Status.RUNNING)
        .first()
    )
    if season is None:
        return None
    running = Game.objects.filter(league_game__group__season=season).exclude(
        status=Game.Status.FINISHED
    )
    if running.exists():
        return None
    return season_finish(season=season, now=now)


def season_finish(*, season: Season, now: datetime) -> Season:
    """The final tables: each player's place is kept, the top of each division goes up and
    the bottom down (as many as the league says), everyone is mailed their table and new
    division, and the next season opens for sign-up. Returns the next season."""
    league = season.league
    tables = season_tables(season=season)
    bottom = len(tables)
    moves: dict[int, tuple[int, int]] = {}
    for table in tables:
        size = len(table.lines)
        for index, line in enumerate(table.lines):
            division = table.division
            if index < league.promoted and division > 1:
                division -= 1
            elif index >= size - league.promoted and table.division < bottom:
                division += 1
            moves[line.user_id] = (line.place, division)
    entries = list(season.entries.all())
    for entry in entries:
        entry.place, entry.next_division = moves.get(entry.user_id, (None, None))
    Entry.objects.bulk_update(entries, ["place", "next_division"])
    season.status = Season.Status.FINISHED
    season.finished_at = now
    season.save(update_fields=["status", "finished_at"])
    following = _season_open(league, number=season.number + 1, now=now)
    season_over_write(season=season, tables=tables, moves=moves, following=following)
    return following
