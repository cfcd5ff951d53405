"""A finished game looked back at: the replay move by move, the seed, and the log replayed."""

from games import engine
from games.models import Game, Move, Snapshot

from .boards import board
from .parts import board_parts


def game_replay(*, game: Game) -> engine.State:
    """The state rebuilt from the move log alone (and the seed), up to the game's `seq` as it
    was read: what the cache must equal, however many moves were made since that read. Raises
    engine.ReplayError naming the first move that does not replay."""
    moves = list(
        game.moves.filter(seq__lte=game.seq)
        .order_by("seq")
        .values_list("seq", "kind", "seat__position", "payload")
    )
    if not moves or moves[0][0] != 0 or moves[0][1] != "setup":
        raise engine.ReplayError(0, "the move log has no setup.")
    setup = moves[0][3]
    return engine.replay(
        setup["edition"],
        setup["names"],
        game.seed,
        setup["options"],
        [(position, payload) for _, _, position, payload in moves[1:]],
    )


def state_at(*, game: Game, seq: int) -> engine.State:
    """The game as it stood after move `seq`: the snapshot of that turn, and the moves since."""
    snapshot = (
        Snapshot.objects.filter(game=game, seq__lte=seq).order_by("-seq").only("seq", "state")
    ).first()
    if snapshot is None:
        raise Snapshot.DoesNotExist("No snapshot to start the replay from.")
    moves = Move.objects.filter(game=game, seq__gt=snapshot.seq, seq__lte=seq).order_by("seq")
    return engine.replay_onto(
        engine.from_dict(snapshot.state),
        moves.values_list("seat__position", "payload"),
        first=snapshot.seq + 1,
    )


def history(*, game: Game, seq: int) -> dict:
    """The game as it stood after move `seq`, every hand face up (finished games only)."""
    state = state_at(game=game, seq=seq)
    events = Move.objects.filter(game=game, seq=seq).values_list("events", flat=True).first()
    public = engine.view(state, None)
    names = [player["name"] for player in public["players"]]
    # Everything face up: each seat's own view gives its hand.
    hands = [(name, engine.view(state, seat)["hand"]) for seat, name in enumerate(names)]
    return {
        **board(public),
        "game": game,
        "seq": seq,
        "last": game.seq,
        "view": public,
        **board_parts(public),
        "hands": hands,
        "lines": [
            line
            for line in (
                engine.describe(engine.Event.from_dict(e).for_seat(e["seat"]), names, None)
                for e in events or []
            )
            if line
        ],
    }


def replay_turns(*, game: Game, seq: int) -> dict:
    """The replay page's list of turns, each by the move it starts at (where its snapshot was
    taken), and the turn move `seq` is in; a step fetched alone has no need of them."""
    turns = list(Snapshot.objects.filter(game=game).order_by("seq").values_list("seq", "turn"))
    return {
        "turns": turns,
        "turn_at": max((turn_seq for turn_seq, _ in turns if turn_seq <= seq), default=0),
    }


def seed_matches(game: Game) -> bool:
    return game.status == Game.Status.FINISHED and engine.seed_hash(game.seed) == game.seed_hash
