"""The pace bench's model: whom it calls, what a call costs, what the rows change."""

from bench import pace
from bench.paced_game import PacedGame, callable_now, play, real_choice
from games.engine import apply, legal_actions, new_game


def _trade_phase_with_an_offer():
    state, _ = new_game("rio-grande", ["a", "b", "c", "d"], "pace-test")
    while state.phase == "plant":
        plant = next(move for move in legal_actions(state, 0) if move["kind"] == "plant")
        apply(state, 0, {"kind": "plant", "card": plant["card"], "field": plant["fields"][0]})
        if state.phase == "plant":
            apply(state, 0, {"kind": "stop_planting"})
    apply(state, 0, {"kind": "offer", "to": 1, "give": [state.faceup[0]]})
    return state


def test_an_offer_calls_its_receiver_and_not_the_active_player_who_waits_for_the_answer():
    state = _trade_phase_with_an_offer()

    assert [callable_now(state, seat) for seat in range(4)] == [False, True, False, False]
    assert real_choice(state, 1)


def test_without_trading_only_the_active_player_is_called_once_a_turn():
    game = PacedGame(4, "pace-test/floor", 6.0, cap=0)
    figures = game.play()

    assert sum(figures.calls) == figures.turns
    assert figures.asked == {"plant_front": figures.turns}
    # Seat 0 starts: it has the last, partial turn when the turns do not divide evenly.
    assert figures.calls == [-(-(figures.turns - seat) // 4) for seat in range(4)]
    assert figures.offers == figures.trades == 0
    assert figures.days > 0


def test_trading_costs_calls_and_days_over_the_floor():
    floor = play(4, "pace-test/1", 6.0, cap=0)
    trading = play(4, "pace-test/1", 6.0, cap=None)

    assert trading.trades > 0
    assert sum(trading.calls) > 2 * sum(floor.calls)
    assert trading.days > 2 * floor.days
    assert trading.calls_per_player_turn > 1
    assert {"answer", "trade", "plant_received"} <= set(trading.asked)


def test_the_cap_holds_every_seat_to_its_offers_a_turn_where_the_bots_make_more():
    capped = play(4, "pace-test/2", 6.0, cap=2)
    free = play(4, "pace-test/2", 6.0, cap=None)

    assert capped.most_offers_a_turn == 2
    assert free.most_offers_a_turn > 2
    assert sum(capped.calls) < sum(free.calls)


def test_a_seed_gives_the_same_game_and_longer_delays_only_stretch_it():
    first = play(3, "pace-test/3", 6.0, cap=None)
    again = play(3, "pace-test/3", 6.0, cap=None)
    slower = play(3, "pace-test/3", 12.0, cap=None)

    assert first == again
    assert slower.calls == first.calls and slower.trades == first.trades
    assert abs(slower.days - 2 * first.days) < 1e-6


def test_the_command_prints_a_row_for_each_way_of_trading(capsys):
    pace.main(["--players", "3", "--hours", "6", "--games", "2", "--seed", "pace-test"])

    out = capsys.readouterr().out.splitlines()
    assert len(out) == 7
    assert out[1].split()[:3] == ["players", "trading", "days"]
    assert [line.split()[1:3] for line in out[2:6]] == [
        ["as", "it"],
        ["at", "most"],
        ["no", "trading"],
        ["with", "the"],
    ]
    assert all(line.split()[0] == "3" for line in out[2:6])


def test_asked_why_each_row_says_what_its_calls_were_for(capsys):
    pace.main(["--players", "3", "--hours", "6", "--games", "1", "--why"])

    out = capsys.readouterr().out.splitlines()
    # The row without trading, the last but the trade book's: each call is a turn's start.
    assert out[-5].split()[1:4] == ["no", "trading", "at"]
    assert out[-4].split() == ["calls", "a", "game", "for:", "plant_front", out[-5].split()[7]]
    assert out[-2].split()[:5] == ["calls", "a", "game", "for:", "plant_front"]


def test_with_the_trade_book_a_game_keeps_its_trades_and_calls_each_player_about_once_a_round():
    games = [play(4, f"pace-test/book/{game}", 6.0, cap=None, book=True) for game in range(8)]
    floor = [play(4, f"pace-test/book/{game}", 6.0, cap=0) for game in range(8)]

    days = sorted(game.days for game in games)
    assert (days[3] + days[4]) / 2 <= 15
    assert sum(game.trades for game in games) / len(games) >= 80
    assert max(game.calls_per_player_turn for game in games) <= 1
    # Near the floor without trading, which calls only the active player once a turn.
    assert sum(game.days for game in games) < 1.5 * sum(game.days for game in floor)
