import random

import pytest
from django.utils import timezone

from games import engine, signals
from games.models import Game, Move, Snapshot
from games.refusals import GameNotRunning, NotYourSeat, ServiceError, StaleMove
from games.services.moves import game_finished, move_submit, move_submit_as
from tests.games.helpers import good_move, on_the_last_pass, play_next, play_until, position_of
from tests.helpers import fresh, state_of, user_at

pytestmark = pytest.mark.django_db


def unchanged(game: Game):
    """The parts of a game a refused move must leave alone."""
    game = fresh(game)
    return game.seq, game.state, game.status, Move.objects.filter(game=game).count()


def test_the_start_player_plants_and_the_log_and_the_cache_follow(started_game):
    starter = user_at(started_game, 0)
    front = state_of(started_game).hands[0][0]

    result = move_submit(
        game_id=started_game.id,
        user=starter,
        action={"kind": "plant", "card": front, "field": 0},
        expected_seq=0,
    )

    game = fresh(started_game)
    move = game.moves.get(seq=1)
    assert result.seq == game.seq == 1
    assert result.move == move
    assert [event.kind for event in result.events] == ["planted"]
    assert (move.seat.user, move.actor, move.kind) == (starter, "player", "plant")
    assert move.payload == {"kind": "plant", "card": front, "field": 0}
    assert move.events == [event.to_dict() for event in result.events]
    assert engine.from_dict(game.state).fields[0][0] == [front]


def test_a_player_without_a_seat_cannot_move(started_game, dave):
    before = unchanged(started_game)

    with pytest.raises(NotYourSeat) as raised:
        move_submit(
            game_id=started_game.id,
            user=dave,
            action=good_move(started_game, 0),
            expected_seq=0,
        )

    assert raised.value.status_code == 403
    assert unchanged(started_game) == before


def test_one_seat_cannot_act_for_another(started_game):
    other = user_at(started_game, 1)
    before = unchanged(started_game)

    with pytest.raises(engine.IllegalMove):
        move_submit(
            game_id=started_game.id,
            user=other,
            action={**good_move(started_game, 0), "seat": 0},
            expected_seq=0,
        )

    assert unchanged(started_game) == before


def test_a_move_from_a_stale_page_is_refused_with_the_current_seq(started_game):
    play_next(started_game)
    before = unchanged(started_game)
    position = engine.waiting_for(state_of(started_game))[0]

    with pytest.raises(StaleMove) as raised:
        move_submit(
            game_id=started_game.id,
            user=user_at(started_game, position),
            action=good_move(started_game, position),
            expected_seq=0,
        )

    assert (raised.value.seq, raised.value.status_code) == (1, 409)
    assert unchanged(started_game) == before


def test_an_illegal_move_writes_nothing_and_says_why(started_game):
    before = unchanged(started_game)
    hand = state_of(started_game).hands[0]

    with pytest.raises(engine.IllegalMove, match="front card"):
        move_submit(
            game_id=started_game.id,
            user=user_at(started_game, 0),
            action={"kind": "plant", "card": hand[1], "field": 0},
            expected_seq=0,
        )

    assert unchanged(started_game) == before


def test_nobody_moves_in_a_game_that_has_not_started(open_game, alice):
    with pytest.raises(GameNotRunning):
        move_submit(
            game_id=open_game.id, user=alice, action={"kind": "stop_planting"}, expected_seq=0
        )


def test_a_move_that_is_not_plain_data_is_refused(started_game):
    before = unchanged(started_game)

    for action in ({"kind": "plant", "card": {1, 2}}, {"kind": "plant", "card": float("nan")}):
        with pytest.raises(ServiceError, match="plain data"):
            move_submit(
                game_id=started_game.id,
                user=user_at(started_game, 0),
                action=action,
                expected_seq=0,
            )

    assert unchanged(started_game) == before


def test_a_move_made_for_a_seat_records_who_made_it(started_game):
    result = move_submit_as(
        game_id=started_game.id,
        position=0,
        action=good_move(started_game, 0),
        expected_seq=0,
        actor="system",
    )

    assert (result.move.seat.position, result.move.actor) == (0, "system")
    with pytest.raises(ServiceError, match="no seat at position 7"):
        move_submit_as(
            game_id=started_game.id, position=7, action={}, expected_seq=1, actor="bot"
        )
    with pytest.raises(ServiceError, match="Unknown actor"):
        move_submit_as(
            game_id=started_game.id, position=0, action={}, expected_seq=1, actor="god"
        )


def test_each_new_turn_is_snapshotted(started_game):
    game = play_until(started_game, lambda state: state.turn == 3)

    snapshots = list(Snapshot.objects.filter(game=game))
    assert [snapshot.turn for snapshot in snapshots] == [1, 2, 3]
    assert snapshots[-1].seq == game.seq
    assert snapshots[-1].state == game.state
    for snapshot in snapshots[1:]:
        started = [e["kind"] for e in game.moves.get(seq=snapshot.seq).events]
        assert "turn_started" in started


def test_a_finished_game_takes_no_more_moves(started_game):
    game = play_until(started_game, lambda state: state.over)

    assert game.status == Game.Status.FINISHED
    assert game.finished_at is not None
    with pytest.raises(GameNotRunning):
        move_submit(
            game_id=game.id,
            user=user_at(game, 0),
            action={"kind": "end_trading"},
            expected_seq=game.seq,
        )


KINDS = [
    "plant", "harvest", "buy_field", "offer", "accept", "decline", "withdraw", "end_trading",
    "stop_planting", "discard", "end_turn", "setup", "", "PLANT", None, 3, ["plant"],
]  # fmt: skip
KEYS = ["card", "field", "offer", "to", "give", "ask", "ask_faceup", "seat", "kind"]
VALUES = [
    None,
    True,
    False,
    -1,
    0,
    1,
    2,
    3,
    5,
    50,
    2**63,
    -(2**70),
    1.5,
    float("inf"),
    "0",
    "",
    "blue",
    [],
    {},
    [0, 1],
    [3, 3, 3],
    {"blue": 1},
    {"blue": -2},
    {"7": 1},
    [[1]],
    "x" * 3000,
]


def random_action(rng: random.Random, state: engine.State):
    roll = rng.random()
    if roll < 0.05:
        return rng.choice([None, "plant", 17, [], ["kind", "plant"], True])
    action = {"kind": rng.choice(KINDS)}
    for key in rng.sample(KEYS, rng.randint(0, 4)):
        action[key] = rng.choice(VALUES)
    if roll < 0.5:
        # Plausible numbers: real card ids, fields and offers, just not the right ones.
        cards = state.all_cards()
        for key in ("card", "field", "offer", "to"):
            if key in action:
                action[key] = rng.choice([rng.choice(cards), rng.randint(-1, 4)])
        if "give" in action:
            action["give"] = rng.sample(cards, rng.randint(0, 3))
    return action


def is_legal(state: engine.State, position: int, action) -> bool:
    try:
        engine.apply(state.copy(), position, action)
    except engine.IllegalMove:
        return False
    return True


def test_a_thousand_random_or_malformed_moves_are_refused_and_change_nothing(
    started_game, alice, bob, carol, dave
):
    game = play_until(started_game, lambda state: state.phase == "trade")
    rng = random.Random(4)
    state = state_of(game)
    before = unchanged(game)
    users = [alice, bob, carol, dave]
    positions = {user.pk: position_of(game, user) for user in (alice, bob, carol)}
    refused = 0
    while refused < 1000:
        user = rng.choice(users)
        action = random_action(rng, state)
        expected_seq = game.seq if rng.random() < 0.9 else rng.choice([0, game.seq + 1, -1, "1"])
        position = positions.get(user.pk)
        if expected_seq == game.seq and position is not None and is_legal(state, position, action):
            continue  # a random move that happens to be legal is not what this test is about
        with pytest.raises((engine.IllegalMove, ServiceError)):
            move_submit(
                game_id=game.id, user=user, action=action, expected_seq=expected_seq
            )
        refused += 1

    assert unchanged(game) == before


def test_a_move_keeps_a_pinned_number_of_queries(started_game, django_assert_num_queries):
    """Lock the game, read the seats (with users and profiles) once, write the move and the
    cache, read the open deadlines, charge the bank, close the old deadline, open the next."""
    starter = user_at(started_game, 0)
    front = state_of(started_game).hands[0][0]

    with django_assert_num_queries(10):  # the eight above, in a savepoint and its release
        move_submit(
            game_id=started_game.id,
            user=starter,
            action={"kind": "plant", "card": front, "field": 0},
            expected_seq=0,
        )


def test_the_move_that_ends_the_game_finishes_it_once_and_tells_the_listeners(started_game):
    heard = []

    def listener(sender, game, outcome, **kwargs):
        heard.append((game.id, game.status, outcome))

    signals.game_finished.connect(listener)
    try:
        game = play_until(on_the_last_pass(started_game), lambda state: state.over)
        game_finished(game=game, state=state_of(game), now=timezone.now())
    finally:
        signals.game_finished.disconnect(listener)

    state = state_of(game)
    assert heard == [(game.id, Game.Status.FINISHED, engine.outcome(state))]
    assert (game.status, game.finished_at is not None) == (Game.Status.FINISHED, True)
    assert heard[0][2]["places"] and heard[0][2]["counts"] == "coins"
