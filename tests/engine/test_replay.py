"""Determinism: a seed and a list of moves rebuild a game exactly; states survive JSON."""

import json
import random

import pytest

from games.engine import (
    Event,
    apply,
    from_dict,
    new_game,
    replay,
    simulate,
    to_dict,
    trimmed,
    view,
)
from games.engine.deck import shuffled

from .helpers import ALICE, ALL_TABLES, BOB, NAMES, act, arrange, game, random_moves


def played(edition: str, players: int, seed: str, stop: int | None = None):
    """A game played by random legal moves (up to `stop` moves), with its log of moves and of
    the events each one caused."""
    state = game(edition, players, seed)
    log, events = [], []
    for number, (seat, move, caused) in enumerate(random_moves(state, random.Random(seed))):
        log.append((seat, move))
        events.append([event.to_dict() for event in caused])
        if number + 1 == stop:
            break
    return state, log, events


def replayed(edition: str, players: int, seed: str, log):
    state = game(edition, players, seed)
    events = [[event.to_dict() for event in apply(state, seat, move)] for seat, move in log]
    return state, events


@pytest.mark.parametrize(("edition", "players"), ALL_TABLES)
def test_replaying_the_moves_of_a_game_from_its_seed_rebuilds_it_exactly(edition, players):
    original, log, events = played(edition, players, f"replay/{players}")

    state, replay_events = replayed(edition, players, f"replay/{players}", log)

    assert original.over
    assert to_dict(state) == to_dict(original)
    assert replay_events == events


@pytest.mark.parametrize(("edition", "players"), ALL_TABLES)
def test_a_log_trimmed_to_the_keys_each_kind_reads_replays_the_same_game(edition, players):
    original, log, events = played(edition, players, f"trim/{players}")
    trimmed_log = [(seat, trimmed({**move, "note": "\u0000 not a rule"})) for seat, move in log]

    state, replay_events = replayed(edition, players, f"trim/{players}", trimmed_log)

    assert not any("note" in move for _, move in trimmed_log)
    assert to_dict(state) == to_dict(original)
    assert replay_events == events


def test_replaying_half_a_game_rebuilds_the_state_at_that_point():
    original, log, _ = played("rio-grande", 5, "half", stop=700)

    state = replay("rio-grande", NAMES[:5], "half", {}, log)

    assert not original.over
    assert to_dict(state) == to_dict(original)


def test_a_bot_games_log_replays_to_the_same_result():
    outcome = simulate.play("amigo-classic", 4, "bot replay", ["heuristic", "random"])
    names = [f"seat{seat}" for seat in range(4)]

    state = replay("amigo-classic", names, "bot replay", {}, outcome.log)

    assert state.over
    assert state.result["scores"] == outcome.scores
    assert state.result["winners"] == outcome.winners


def test_the_same_seed_deals_the_same_cards():
    first, first_events = new_game("rio-grande", NAMES[:4], "same")
    second, second_events = new_game("rio-grande", NAMES[:4], "same")

    assert to_dict(first) == to_dict(second)
    assert [e.to_dict() for e in first_events] == [e.to_dict() for e in second_events]


@pytest.mark.parametrize("size", [0, 1, 2, 3, 17, 64, 104, 154])
def test_a_shuffle_puts_the_cards_in_the_order_random_shuffle_gives(size):
    """Every recorded game was dealt with `random.shuffle`; the engine's own loop must keep
    each seed's deck."""
    state = game(seed=f"shuffle {size}")
    shuffles = state.shuffles
    cards = list(range(size))
    expected = list(cards)
    random.Random(f"{state.seed}/{shuffles}").shuffle(expected)

    assert shuffled(state, cards) == expected
    assert state.shuffles == shuffles + 1


def test_events_survive_storage_with_their_secrets():
    _, events = new_game("rio-grande", NAMES[:3], "stored events")

    assert any(event.secret for event in events)
    for event in events:
        stored = Event.from_dict(json.loads(json.dumps(event.to_dict())))
        assert stored.to_dict() == event.to_dict()
        for viewer in (None, *range(3)):
            assert stored.for_seat(viewer) == event.for_seat(viewer)


def test_different_seeds_deal_different_cards():
    deals = {json.dumps(new_game("rio-grande", NAMES[:4], f"seed {n}")[0].hands) for n in range(20)}

    assert len(deals) == 20


@pytest.mark.parametrize("stop", [1, 5, 40, 300])
def test_a_state_survives_json_mid_game_and_plays_on_identically(stop):
    state, _, _ = played("amigo-1997", 5, "json", stop=stop)

    text = json.dumps(to_dict(state))
    restored = from_dict(json.loads(text))

    assert to_dict(restored) == to_dict(state)
    rng_a, rng_b = random.Random("on"), random.Random("on")
    for (_, move_a, _), (_, move_b, _) in zip(
        random_moves(state, rng_a), random_moves(restored, rng_b), strict=True
    ):
        assert move_a == move_b
    assert to_dict(restored) == to_dict(state)


def test_a_saved_state_is_a_copy_that_later_moves_do_not_change():
    state, _, _ = played("rio-grande", 4, "copy", stop=50)
    saved = to_dict(state)
    frozen = json.dumps(saved)

    for _ in zip(range(100), random_moves(state, random.Random("more")), strict=False):
        pass

    assert json.dumps(saved) == frozen


def test_a_state_with_open_offers_survives_json():
    state = arrange(game(), hands={ALICE: ["red"], BOB: ["soy"]}, faceup=["blue"], phase="trade")
    act(state, ALICE, "offer", to=BOB, give=state.hands[ALICE], ask={"soy": 1, "black-eyed": 2})
    act(state, BOB, "offer", to=ALICE, ask_faceup=state.faceup)

    restored = from_dict(json.loads(json.dumps(to_dict(state))))

    assert to_dict(restored) == to_dict(state)
    assert view(restored, BOB) == view(state, BOB)
    blue = restored.faceup[0]
    act(restored, ALICE, "accept", offer=2)
    assert restored.to_plant[BOB] == [blue]
