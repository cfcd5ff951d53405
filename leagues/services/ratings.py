"""Ratings: each rated game updates its players' ratings once, in the transaction of its last
move, and `ratings_rebuild` replays every rated game in order to the same table.

A game is rated when every seat was a signed-in player at the start, it ended by the rules,
every seat had at least one turn, and its players did not agree to play it unrated (an unrated
tournament's, `Game.rated`). A game a bot account played in is rated in the bots' pool
of its edition and size (pools.py). Places are the seats' results (see results.py): a player
who resigned, or whose seat a bot played to the end, finishes last.
"""

from django.db import transaction
from openskill.models import PlackettLuce

from games import engine
from games.models import Game, Profile
from leagues.models import Rating, RatingChange, SeatResult
from leagues.pools import pool_of

MODEL = PlackettLuce()
START = MODEL.rating()


def game_rate(*, game: Game, results: list[SeatResult]) -> list[RatingChange]:
    """Rate a finished game, if it counts; the changes it made (none for an unrated game)."""
    users = [result.user_id for result in results]
    bots = Profile.objects.filter(user_id__in=users, is_bot=True).exists()
    pool = pool_of(game.edition, game.players, bots=bots)
    if pool is None or not _counts(game, results):
        return []
    ratings = _locked_ratings(pool.key, [result.user_id for result in results])
    before = [ratings[result.user_id] for result in results]
    teams = MODEL.rate(
        [[MODEL.rating(mu=rating.mu, sigma=rating.sigma)] for rating in before],
        ranks=[result.place for result in results],
    )
    changes = []
    for result, rating, (after,) in zip(results, before, teams, strict=True):
        change = RatingChange(
            user_id=result.user_id,
            game=game,
            pool=pool.key,
            place=result.place,
            mu_before=rating.mu,
            sigma_before=rating.sigma,
            value_before=rating.value,
            rated_at=game.finished_at,
        )
        rating.set(after.mu, after.sigma)
        rating.games += 1
        rating.wins += result.place == 1
        change.mu, change.sigma, change.value = rating.mu, rating.sigma, rating.value
        changes.append(change)
    Rating.objects.bulk_update(before, ["mu", "sigma", "value", "games", "wins"])
    return RatingChange.objects.bulk_create(changes)


def _counts(game: Game, results: list[SeatResult]) -> bool:
    """Whether the game is rated: signed-in players only from the start (a bot's seat has no
    user), ended by the rules, and long enough for every seat to have had a turn."""
    if not game.rated or game.status != Game.Status.FINISHED or len(results) != game.players:
        return False
    if any(result.user_id is None for result in results):
        return False
    return engine.from_dict(game.state).turn >= game.players


def _locked_ratings(pool: str, user_ids: list[int]) -> dict[int, Rating]:
    """The players' ratings in the pool, locked (two games may end at once), new players at
    the starting values."""
    Rating.objects.bulk_create(
        [_new_rating(user_id, pool) for user_id in user_ids], ignore_conflicts=True
    )
    rows = Rating.objects.select_for_update().filter(pool=pool, user_id__in=user_ids)
    return {rating.user_id: rating for rating in rows.order_by("user_id")}


def _new_rating(user_id: int, pool: str) -> Rating:
    rating = Rating(user_id=user_id, pool=pool)
    rating.set(START.mu, START.sigma)
    return rating


@transaction.atomic
def ratings_rebuild() -> int:
    """Forget every rating and replay every finished game in the order the games ended: the
    table it gives is the one the games gave as they ended. Returns the games rated."""
    RatingChange.objects.all().delete()
    Rating.objects.all().delete()
    finished = (
        Game.objects.filter(status=Game.Status.FINISHED)
        .order_by("finished_at", "id")
        .prefetch_related("results")
    )
    rated = 0
    for game in finished.iterator(chunk_size=200):
        rated += bool(game_rate(game=game, results=list(game.results.all())))
    return rated
