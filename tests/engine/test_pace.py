"""The pace bench's model: whom it calls, what the trade book and the bots change, its tables."""

from bench import pace
from bench.paced_game import PATIENCE, WINDOW, PacedGame, called, play, turn_plan
from games.engine import apply, legal_actions, new_game, to_call

NOBODY = pace.NO_BOOK
SEED = "pace-test"


def _trading():
    state, _ = new_game("rio-grande", ["a", "b", "c", "d"], SEED)
    while state.phase == "plant":
        plant = next(move for move in legal_actions(state, 0) if move["kind"] == "plant")
        apply(state, 0, {"kind": "plant", "card": plant["card"], "field": plant["fields"][0]})
        if state.phase == "plant":
            apply(state, 0, {"kind": "stop_planting"})
    return state


def test_an_offer_calls_its_receiver_and_not_the_active_player_who_waits_for_the_answer():
    state = _trading()
    apply(state, 0, {"kind": "offer", "to": 1, "give": [state.faceup[0]]})

    assert to_call(state) == [1, 0]
    assert called(state) == [1]


def test_a_plan_that_carries_the_trading_leaves_the_active_player_uncalled():
    state = _trading()
    assert called(state) == [0]

    apply(state, 0, {**turn_plan("passed"), "faceup": "", "hand": ""})

    assert state.phase == "trade"
    assert called(state) == []


def test_a_seed_gives_the_same_game_and_slower_people_see_more_trading_windows_close():
    first = play(3, f"{SEED}/1", 6.0, [NOBODY] * 3)
    again = play(3, f"{SEED}/1", 6.0, [NOBODY] * 3)
    slower = play(3, f"{SEED}/1", 12.0, [NOBODY] * 3)

    assert first == again
    assert first.trades > 0
    assert slower.days > first.days
    # The trading window does not stretch with the people: more of it closes on them.
    assert slower.trades < first.trades


def test_trusting_book_users_are_called_less_than_once_a_round_and_no_window_is_waited_out():
    nobody = play(4, f"{SEED}/2", 6.0, [NOBODY] * 4)
    passed = play(4, f"{SEED}/2", 6.0, [pace.TRUSTING] * 4)
    at_once = play(4, f"{SEED}/2", 6.0, [pace.TRUSTING_END] * 4)

    assert at_once.calls_per_turn([0, 1, 2, 3]) < 0.1
    assert passed.calls_per_turn([0, 1, 2, 3]) < 0.1
    assert nobody.calls_per_turn([0, 1, 2, 3]) > 0.5
    assert at_once.trades > 0 and passed.trades > 0
    # The people away pass as trading begins: no trading phase lasts the whole window.
    assert passed.hours < passed.turns * WINDOW


def test_against_the_bots_a_bot_waits_for_the_person_only_while_they_are_at_the_page():
    habits = [NOBODY, pace.SITE_BOT, pace.SITE_BOT, pace.SITE_BOT]
    game = PacedGame(4, f"{SEED}/3", 6.0, habits)
    figures = game.play()

    assert figures.calls[1:] == [0, 0, 0]
    assert figures.calls[0] > figures.active[0] > 0
    bot_turns = sum(figures.active[1:])
    # A bot waits its patience only when its trading begins while the person visits.
    assert 0 < figures.bots_waited < PATIENCE * bot_turns / 2
    assert figures.trades > 0


def test_the_command_prints_each_table_the_same_for_a_seed(capsys):
    argv = ["--players", "4", "--hours", "6", "--games", "2", "--seed", SEED]
    pace.main(argv)
    out = capsys.readouterr().out.splitlines()
    pace.main(argv)

    assert capsys.readouterr().out.splitlines()[:-1] == out[:-1]
    assert out[1].split()[:3] == ["players", "table", "days"]
    rows = [line for line in out if line.startswith("      4  ")]
    assert [row[9:46].rstrip() for row in rows] == [table.name for table in pace.TABLES]
    assert sum("at the seats without the book" in line for line in out) == 1
    assert sum("calls to the person a turn of theirs" in line for line in out) == 1
    assert out[-1].startswith("pace: ")


def test_asked_why_each_table_says_what_its_calls_were_for(capsys):
    pace.main(["--games", "1", "--why"])

    out = capsys.readouterr().out.splitlines()
    whys = [line.split() for line in out if "calls a game for:" in line]
    assert len(whys) == len(pace.TABLES) - 1  # the bots alone are never called
    # Plans that end at once: each call is a turn's start, a plan that stopped, or an offer
    # made by hand to answer.
    assert set(whys[2][4::2]) <= {"plant_front", "plant_kept", "answer", "trade", "trade_answer"}
