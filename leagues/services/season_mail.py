"""The mail at the end of a season: the player's final table and where they play next.

Written as outbox rows in the transaction of the season's last move, where each player routes
league news (by default the daily digest), and sent after the commit by the games' own mail
machinery (a row without a game carries its subject and link)."""

from django.conf import settings
from django.contrib.auth import get_user_model
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext_noop

from games.calls import outbox
from games.models import Outbox
from leagues.models import Season
from leagues.selectors.seasons import GroupTable


def season_over_write(
    *,
    season: Season,
    tables: list[GroupTable],
    moves: dict[int, tuple[int, int]],
    following: Season,
) -> list[Outbox]:
    """One row per player who routes league news somewhere: `moves` gives each player's
    final place and next division."""
    now = timezone.now()
    users = get_user_model().objects.select_related("profile").in_bulk(list(moves))
    url = settings.SITE_URL + reverse("leagues:league", args=[season.league_id])
    # Worded when the mail is sent, in its recipient's language (games.mail.compose.subject_of).
    subject = gettext_noop("{season} of {league} is over")
    rows = []
    for table in tables:
        lines = [
            {"place": line.place, "name": line.name, "points": line.points, "score": line.score}
            for line in table.lines
        ]
        for line in table.lines:
            place, division = moves[line.user_id]
            context = {
                "subject": subject,
                "open_url": url,
                "you": line.name,
                "league": season.league.name,
                "season": season.words(),
                "division": table.division,
                "table": lines,
                "place": place,
                "next_division": division,
                "next_season": following.words(),
            }
            row = outbox.news_write(
                user=users[line.user_id],
                seq=season.id,
                kind="season_over",
                context=context,
                now=now,
            )
            if row is not None:
                rows.append(row)
    return rows
