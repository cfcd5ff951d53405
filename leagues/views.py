"""Pages of the leagues app: thin views over the selectors and services, and the exports."""

from dataclasses import asdict

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from games.engine.typed_numbers import small_number
from games.refusals import ServiceError
from leagues import exports
from leagues.forms import LeagueForm
from leagues.models import League, Season
from leagues.pools import LEADERBOARD_MIN_GAMES, POOLS
from leagues.selectors.leagues import (
    league_page,
    may_see,
    standings_rows,
    user_leagues,
    visible_leagues,
)
from leagues.selectors.players import player_page, profile_sections
from leagues.selectors.ratings import LEADERBOARD_SIZE, leaderboard
from leagues.selectors.seasons import season_tables
from leagues.services import leagues as services

DEFAULT_POOL = "bohnanza-4-5"


def _pool(key: str):
    if key not in POOLS:
        raise Http404("There is no such leaderboard.")
    return POOLS[key]


@require_GET
def ratings(request, pool: str = DEFAULT_POOL):
    context = {
        "pool": _pool(pool),
        "pools": POOLS.values(),
        "standings": leaderboard(pool=pool),
        "size": LEADERBOARD_SIZE,
        "min_games": LEADERBOARD_MIN_GAMES,
    }
    return render(request, "leagues/ratings.html", context)


@require_GET
def ratings_export(request, pool: str, fmt: str):
    rows = [asdict(row) for row in leaderboard(pool=_pool(pool).key, limit=None)]
    if fmt == "csv":
        return exports.as_csv(rows, f"ratings-{pool}")
    return exports.as_json(rows, pool=pool, min_games=LEADERBOARD_MIN_GAMES)


@require_GET
def player(request, user_id: int):
    # An id beyond the database's integers is no player (and no query).
    page = player_page(user_id=user_id, viewer=request.user) if user_id < 2**63 else None
    if page is None:
        raise Http404("There is no such player.")
    context = {
        "page": page,
        "leagues": user_leagues(user_id=user_id, viewer=request.user),
        "sections": profile_sections(user_id=user_id),
    }
    return render(request, "leagues/player.html", context)


@require_http_methods(["GET", "POST"])
def leagues(request):
    form = LeagueForm(request.POST or None)
    if request.method == "POST":
        if not request.user.is_authenticated:
            return redirect("account_login")
        if form.is_valid():
            try:
                league = services.league_create(user=request.user, **form.cleaned_data)
            except ServiceError as error:
                form.add_error(None, error.message)
            else:
                return redirect("leagues:league", league.id)
    context = {"leagues": visible_leagues(user=request.user), "form": form}
    return render(request, "leagues/leagues.html", context, status=400 if form.errors else 200)


def _visible(request, league_id: int, token: str | None = None) -> League:
    league = get_object_or_404(League.objects.select_related("organiser__profile"), pk=league_id)
    if not may_see(league, request.user, token or request.GET.get("token")):
        raise Http404("There is no such league.")
    return league


@require_GET
def league(request, league_id: int, token: str | None = None):
    found = _visible(request, league_id, token)
    number = request.GET.get("season")
    page = league_page(
        league=found,
        user=request.user,
        number=small_number(number or ""),
        sort=request.GET.get("sort", "place"),
    )
    if page is None:
        raise Http404("There is no such season.")
    context = {"page": page, "token": token or request.GET.get("token", "")}
    return render(request, "leagues/league.html", context)


def _season_action(request, season_id: int, action, done: str):
    season = get_object_or_404(Season, pk=season_id)
    try:
        action(season)
    except ServiceError as error:
        messages.error(request, error.message)
    else:
        messages.success(request, done)
    # Back to the league as the player came: a private league's invitation shows it to them.
    token = request.POST.get("token", "")
    if token and may_see(season.league, request.user, token):
        return redirect("leagues:invite", season.league_id, token)
    return redirect("leagues:league", season.league_id)


@login_required
@require_POST
def season_sign_up(request, season_id: int):
    return _season_action(
        request,
        season_id,
        lambda season: services.season_sign_up(
            season_id=season.id, user=request.user, token=request.POST.get("token")
        ),
        _("You have signed up."),
    )


@login_required
@require_POST
def season_leave(request, season_id: int):
    return _season_action(
        request,
        season_id,
        lambda season: services.season_leave(season_id=season.id, user=request.user),
        _("You have left the season's sign-up."),
    )


@login_required
@require_POST
def season_start(request, season_id: int):
    return _season_action(
        request,
        season_id,
        lambda season: services.season_start(season_id=season.id, user=request.user),
        _("The season has started: every game of it is under way."),
    )


@require_GET
def standings_export(request, season_id: int, fmt: str):
    season = get_object_or_404(Season.objects.select_related("league"), pk=season_id)
    _visible(request, season.league_id)
    rows = standings_rows(tables=season_tables(season=season))
    name = f"standings-{season.league_id}-{season.number}"
    if fmt == "csv":
        return exports.as_csv(rows, name)
    return exports.as_json(rows, league=season.league.name, season=season.title)
