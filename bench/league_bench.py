"""Server time of the league page, the leaderboard and the player profile on the demo set
(200 players, 1,000 finished games, a running season), beside the game page's.

Measured in one process with Django's test client and DEBUG off, so the figure is the time
the site takes to answer (database included), without the network or a load generator. The
set is built once in its own PostgreSQL database (BENCH_LEAGUES_DATABASE_URL, default a
`bohnanza_bench_leagues` database on the local PostgreSQL).
"""

import sys

from bench.in_site import measure_in_site, pages_timed

DEFAULT_URL = "postgres://postgres@127.0.0.1:5432/bohnanza_bench_leagues"
REQUESTS = 40


def main() -> None:
    measure_in_site(
        name="leagues",
        url_variable="BENCH_LEAGUES_DATABASE_URL",
        default_url=DEFAULT_URL,
        module="bench.league_bench",
        commands=(["leagues_demo"],),
    )


def measure() -> None:
    """Runs inside the configured site: each page requested REQUESTS times after a warm-up."""
    # Django's modules are imported here, once the settings named by the environment apply:
    # `make bench` imports this module before any site is configured.
    import django

    django.setup()
    from django.test import Client
    from django.urls import reverse

    from games.models import Game
    from leagues.models import League, Rating

    league = League.objects.get(name="Demo League")
    game = Game.objects.filter(
        league_game__group__season__league=league, status=Game.Status.RUNNING
    ).first()
    player = game.seats.get(position=0).user
    busiest = Rating.objects.order_by("-games").first()
    client = Client()
    client.force_login(player)
    game_page = reverse("games:game", args=[game.id])
    pages = (
        ("game page", game_page),
        ("game page, rendered afresh", f"{game_page}?counter=999999"),
        ("league page", reverse("leagues:league", args=[league.id])),
        ("leaderboard", reverse("leagues:ratings", args=["bohnanza-4-5"])),
        ("player profile", reverse("leagues:player", args=[busiest.user_id])),
    )
    print(f"leagues (PostgreSQL, demo set, one process, {REQUESTS} requests a page)")
    pages_timed(client, pages, REQUESTS)


if __name__ == "__main__":
    if "--measure" in sys.argv:
        measure()
    else:
        main()
