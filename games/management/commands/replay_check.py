"""Replay every stored game's move log and compare the result with the cached state."""

import json

from django.core.management.base import BaseCommand, CommandError

from games import engine
from games.models import Game
from games.selectors.history import game_replay


class Command(BaseCommand):
    help = "Replays each started game from its move log and reports where the cache differs."

    def add_arguments(self, parser):
        parser.add_argument("--game", type=int, help="check only the game with this id")

    def handle(self, *args, game: int | None = None, **options):
        games = Game.objects.filter(state__isnull=False).order_by("pk")
        if game is not None:
            games = games.filter(pk=game)
        checked = mismatches = 0
        for stored in games.iterator(chunk_size=100):
            checked += 1
            problem = replay_difference(stored)
            if problem:
                mismatches += 1
                self.stdout.write(f"game {stored.pk}: {problem}")
        self.stdout.write(f"replay check: games={checked} mismatches={mismatches}")
        if mismatches:
            raise CommandError(f"replay check failed: mismatches={mismatches}")


def replay_difference(game: Game) -> str | None:
    """How the game's cached state differs from its replay, or None. Only the moves up to the
    game's `seq` as it was read count: on a live site, moves made since are the next check's."""
    try:
        replayed = game_replay(game=game)
    except engine.ReplayError as error:
        return f"the move log does not replay: {error}"
    seqs = list(game.moves.filter(seq__lte=game.seq).order_by("seq").values_list("seq", flat=True))
    if seqs != list(range(len(seqs))) or seqs[-1] != game.seq:
        return f"the move log is not seq 0 to {game.seq} without gaps"
    # Through JSON, as the cache was stored, so that tuples and lists compare equal.
    expected = json.loads(json.dumps(engine.to_dict(replayed)))
    if expected != game.state:
        keys = sorted(key for key in expected if expected[key] != game.state.get(key))
        return f"the cached state differs from the replay in {', '.join(keys) or 'its keys'}"
    return None
