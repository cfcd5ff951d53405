"""A demo data set for a fresh site: players, a year of finished rated games, and a public
league whose season is running, some of its games ended and the others waiting.

The finished games are real: bots play them in the engine from their own seeds, each move is
stored in the log as a move of the site would be, and each game ends through the games' own
"game finished" service, which rates it. A few moves are marked as made by the site for a
player whose time ran out, so that profiles show a reliability figure. Demo players get no
mail.
"""

import random
import secrets
from datetime import datetime, timedelta

from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils import timezone

from games import engine
from games.calls import routing
from games.engine import bots
from games.models import Game, Move, Profile, Seat
from games.services.moves import game_finished, move_submit_as
from leagues.models import League

from .leagues import league_create, season_sign_up, season_start

PREFIX = "demo-"
NAMES = (
    "Ada", "Bea", "Cleo", "Dora", "Edda", "Fritz", "Gus", "Hanna", "Ines", "Jonas",
    "Kai", "Lena", "Milo", "Nina", "Otto", "Pia", "Quinn", "Rosa", "Sven", "Tilda",
)  # fmt: skip
# Player counts of the finished games, and how often each comes.
SIZES = (3, 4, 4, 4, 5, 5, 6)
TIMEOUT_SHARE = 0.02
SEASON_PLAYERS = 32
SEASON_GROUP = 8


def demo_build(
    *, players: int = 200, games: int = 1000, seed: str = "demo", now: datetime | None = None
) -> dict:
    """Build the set, unless demo players exist already. Returns what was made."""
    User = get_user_model()
    if User.objects.filter(username__startswith=PREFIX).exists():
        return {}
    now = now or timezone.now()
    rng = random.Random(seed)
    users = _players(players)
    for number in range(games):
        # A year of games, oldest first: the ratings grow in the order the games ended.
        ended = now - timedelta(days=365) * (1 - number / games)
        size = rng.choice(SIZES)
        edition = "rio-grande" if size > 5 or rng.random() < 0.3 else "amigo-classic"
        _finished_game(rng.sample(users, size), edition, f"{seed}/{number}", ended, rng)
    league = _running_season(users[:SEASON_PLAYERS], now)
    return {"players": len(users), "games": games, "league": league.id}


def _players(count: int) -> list:
    User = get_user_model()
    User.objects.bulk_create(
        User(username=f"{PREFIX}{number:03d}", email=f"{PREFIX}{number:03d}@example.invalid")
        for number in range(1, count + 1)
    )
    users = list(User.objects.filter(username__startswith=PREFIX).order_by("username"))
    Profile.objects.bulk_create(
        Profile(
            user=user,
            display_name=f"{NAMES[index % len(NAMES)]} {index // len(NAMES) + 1}",
            calls=routing.NOWHERE,
        )
        for index, user in enumerate(users)
    )
    return users


@transaction.atomic
def _finished_game(users: list, edition: str, seed: str, ended: datetime, rng) -> Game:
    names = [user.profile.display_name for user in users]
    state, setup = engine.new_game(edition, names, seed)
    game = Game.objects.create(
        name=f"{names[0]}'s game",
        edition=edition,
        players=len(users),
        status=Game.Status.RUNNING,
        is_open=False,
        invite_token=secrets.token_urlsafe(16),
        created_by=users[0],
        seed=seed,
        seed_hash=engine.seed_hash(seed),
        started_at=ended - timedelta(days=rng.randint(3, 20)),
    )
    seats = Seat.objects.bulk_create(
        Seat(game=game, position=position, user=user, name=name)
        for position, (user, name) in enumerate(zip(users, names, strict=True))
    )
    moves = [
        Move(
            game=game,
            seq=0,
            actor=Move.Actor.SYSTEM,
            kind="setup",
            payload={"edition": edition, "names": names, "options": {}},
            events=[event.to_dict() for event in setup],
        )
    ]
    players = [bots.make_bot("heuristic", f"{seed}/{position}") for position in range(len(users))]
    while not state.over:
        position = engine.waiting_for(state)[0]
        action = players[position].choose(state, position)
        events = engine.apply(state, position, action)
        timed_out = rng.random() < TIMEOUT_SHARE
        moves.append(
            Move(
                game=game,
                seq=len(moves),
                seat=seats[position],
                actor=Move.Actor.SYSTEM if timed_out else Move.Actor.PLAYER,
                kind=action["kind"],
                payload=action,
                events=[event.to_dict() for event in events],
            )
        )
    Move.objects.bulk_create(moves)
    game.state = engine.to_dict(state)
    game.seq = len(moves) - 1
    game.save(update_fields=["state", "seq"])
    game_finished(game=game, state=state, now=ended)
    return game


def _running_season(users: list, now: datetime) -> League:
    """A public league of the first players: its season started, a third of its games played
    to the end by bots through the site's own moves, the others waiting."""
    organiser = users[0]
    organiser.is_staff = True
    organiser.save(update_fields=["is_staff"])
    league = league_create(
        user=organiser,
        name="Demo League",
        edition="amigo-classic",
        players=4,
        group_size=SEASON_GROUP,
        is_public=True,
        now=now,
    )
    season = league.seasons.get()
    for user in users:
        season_sign_up(season_id=season.id, user=user, now=now)
    season_start(season_id=season.id, user=organiser, now=now)
    running = Game.objects.filter(league_game__group__season=season).order_by("id")
    for game in list(running)[::3]:
        _played_out(game)
    return league


def _played_out(game: Game) -> None:
    players = [bots.make_bot("heuristic", f"{game.seed}/{n}") for n in range(game.players)]
    while game.status == Game.Status.RUNNING:
        state = engine.from_dict(game.state)
        position = engine.waiting_for(state)[0]
        game = move_submit_as(
            game_id=game.id,
            position=position,
            action=players[position].choose(state, position),
            expected_seq=game.seq,
            actor=Move.Actor.PLAYER,
        ).game
