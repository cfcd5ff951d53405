"""A tournament's calls: your table of a round is ready, a round is over, the event is over.

Written as outbox rows of no game in the transaction that seats the round or ends it, where
each player routes a tournament's calls (`games.calls.routing`, the group "event": by default
mail and push), and sent after the commit by the games' own machinery (a row without a game
carries its subject and link, worded in its recipient's language when it is sent)."""

from datetime import datetime

from django.conf import settings
from django.contrib.auth import get_user_model
from django.urls import reverse
from django.utils.translation import gettext_noop

from games.calls import outbox
from tournaments.models import Placing, Round, Tournament
from tournaments.standings import Line

TABLE_READY = gettext_noop("Your table of round {round} of {event} is ready")
ROUND_OVER = gettext_noop("Round {round} of {event} is over")
EVENT_OVER = gettext_noop("{event} is over")


def _event_url(tournament: Tournament) -> str:
    return settings.SITE_URL + reverse("tournaments:event", args=[tournament.id])


def _users(ids) -> dict:
    return get_user_model().objects.select_related("profile").in_bulk(list(ids))


def table_ready_write(*, tournament: Tournament, round: Round, now: datetime) -> int:
    """A row for every player seated in the round, linking their table's game."""
    placings = Placing.objects.filter(round=round, table__isnull=False).values_list(
        "user_id", "table__game_id", "table__number"
    )
    users = _users(user_id for user_id, _game, _table in placings)
    written = 0
    for user_id, game_id, table in placings:
        context = {
            "subject": TABLE_READY,
            "open_url": settings.SITE_URL + reverse("games:game", args=[game_id]),
            "event_url": _event_url(tournament),
            "event": tournament.name,
            "round": round.number,
            "table": table,
        }
        written += _written(users[user_id], round.id, "table_ready", context, now)
    return written


def round_over_write(
    *, tournament: Tournament, round: Round, lines: list[Line], now: datetime
) -> int:
    """A row for every player of the standings: their place after the round."""
    return _standings_rows(tournament, lines, round.id, "round_over", ROUND_OVER, now, round.number)


def event_over_write(*, tournament: Tournament, lines: list[Line], now: datetime) -> int:
    """A row for every player of the final standings: their place."""
    return _standings_rows(
        tournament, lines, tournament.id, "event_over", EVENT_OVER, now, tournament.rounds
    )


def _standings_rows(tournament, lines, seq, kind, subject, now, number) -> int:
    users = _users(line.user for line in lines)
    written = 0
    for line in lines:
        context = {
            "subject": subject,
            "open_url": _event_url(tournament),
            "event": tournament.name,
            "round": number,
            "place": line.place,
            "points": line.points,
            "coins": line.coins,
            "players": len(lines),
        }
        written += _written(users[line.user], seq, kind, context, now)
    return written


def _written(user, seq: int, kind: str, context: dict, now: datetime) -> int:
    return outbox.news_write(user=user, seq=seq, kind=kind, context=context, now=now) is not None
