"""The lobby: a user's games and why they wait, the open games, a game before its start."""

import secrets

from django.db.models import Count, Max, OuterRef, Prefetch, Subquery
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from games import engine, live
from games.clocks import timecontrol
from games.engine import bots
from games.models import Game, Seat

# How a bot seat is shown beside its name, by its kind ("heuristic" is the normal bot's former
# name; "random" plays any legal move).
BOT_LEVELS = {
    "easy": gettext_lazy("easy bot"),
    "normal": gettext_lazy("normal bot"),
    "strong": gettext_lazy("strong bot"),
    "expert": gettext_lazy("expert bot"),
    "heuristic": gettext_lazy("normal bot"),
    "random": gettext_lazy("random bot"),
}
# How a bot account's seat is shown beside its name: a program plays it through the bot API.
BOT_ACCOUNT = gettext_lazy("bot account")


def level_of(seat: Seat) -> str:
    """What a seat's name is marked with: a bot's level, "bot account", or nothing (load the
    seat with its user's profile; an imported game's people have neither user nor bot)."""
    if seat.bot:
        return BOT_LEVELS.get(seat.bot, BOT_LEVELS["normal"])
    return BOT_ACCOUNT if seat.user_id is not None and seat.plays_by_program else ""


def my_games(*, user) -> list[dict]:
    """The user's games not cancelled, those waiting for them first."""
    my_seat = Seat.objects.filter(game=OuterRef("pk"), user=user).values("position")[:1]
    games = (
        Game.objects.filter(seats__user=user)
        .exclude(status=Game.Status.CANCELLED)
        .annotate(my_position=Subquery(my_seat))
        .prefetch_related(Prefetch("seats", queryset=Seat.objects.only("game", "name", "position")))
        .order_by("-updated_at")
    )
    rows = []
    for game in games:
        seats = list(game.seats.all())
        row = {"game": game, "reason": None, "waiting_for": [], "seats": seats}
        if game.status == Game.Status.RUNNING and game.state:
            state = engine.from_dict(game.state)
            names = {seat.position: seat.name for seat in seats}
            # A seat whose turn plan carries its step is waited for by nobody's hand.
            called = engine.to_call(state)
            row["waiting_for"] = [names[position] for position in called]
            if game.my_position in called:
                row["reason"] = engine.prompt(state, game.my_position).reason
        rows.append(row)
    rows.sort(key=lambda row: row["reason"] is None)
    return rows


def open_games(*, limit: int = 50) -> list[Game]:
    """Games anyone may join that still have a free seat."""
    games = (
        Game.objects.filter(status=Game.Status.OPEN, is_open=True)
        .annotate(taken=Count("seats"))
        .prefetch_related(Prefetch("seats", queryset=Seat.objects.select_related("user__profile")))
        .order_by("-created_at")[:limit]
    )
    return [game for game in games if game.taken < game.players]


def open_games_version() -> str:
    """What the open games are now, as the lobby's stream says it: how many, and when the
    latest of them changed (a game made, joined, left, started or cancelled changes it)."""
    found = Game.objects.filter(status=Game.Status.OPEN, is_open=True).aggregate(
        count=Count("id"), last=Max("updated_at")
    )
    return f"{found['count']}.{live.stamp(found['last']) if found['last'] else 0}"


def game_lobby(*, game: Game, user) -> dict:
    """The page of a game that has not started: its seats and what this user may do."""
    seats = list(game.seats.select_related("user__profile"))
    mine = Seat.of_user(seats, user)
    creator = user.is_authenticated and game.created_by_id == user.id
    full = len(seats) >= game.players
    for seat in seats:
        seat.level = level_of(seat)
    return {
        "game": game,
        "bot_levels": [(level, BOT_LEVELS[level]) for level in bots.LEVELS],
        "edition": engine.EDITIONS[game.edition],
        "title": engine.EDITIONS[game.edition].title(game.players),
        "time_control": timecontrol.describe(game),
        "options": [
            _(option.label)
            for option in engine.EDITIONS[game.edition].options
            if game.options.get(option.key) and option.applies(game.players)
        ],
        "seats": seats,
        "free": range(max(game.players - len(seats), 0)),
        "mine": mine,
        "creator": creator,
        "full": full,
        "can_join": mine is None and not full and user.is_authenticated,
    }


def invited(*, game: Game, token) -> bool:
    """Whether `token` is the game's invitation token (compared as bytes: compare_digest
    refuses strings with characters beyond ASCII)."""
    return isinstance(token, str) and secrets.compare_digest(
        token.encode(), game.invite_token.encode()
    )


# Other apps' parts of the home page (the bot API's challenges made to the player), each a
# function of the user giving (template, context) or None; they register here, so that the
# games never import them.
_HOME_SECTIONS: list = []


def add_home_section(section) -> None:
    _HOME_SECTIONS.append(section)


def home_sections(*, user) -> list[tuple[str, dict]]:
    return [shown for section in _HOME_SECTIONS if (shown := section(user)) is not None]
