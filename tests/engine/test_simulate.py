"""The simulator's command line: options, and what it reports for a game of victory points."""

import pytest

from games.engine.simulate import main, seated_bots


def test_a_bohnaparte_run_reports_victory_points_and_what_ended_each_game(capsys):
    code = main(
        [
            "--edition",
            "bohnaparte",
            "--players",
            "3",
            "--games",
            "2",
            "--seed",
            "cli",
            "--option",
            "cavalry",
            "--option",
            "end_at_third_exhaustion",
        ]
    )

    line = capsys.readouterr().out
    assert code == 0
    assert "games=2 finished=2 invariant_violations=0 illegal_actions=0" in line
    assert "mean_winner_points=" in line and "mean_points=" in line
    assert "ended_by_" in line and "coins" not in line


def test_a_coin_game_reports_coins(capsys):
    assert main(["--edition", "amigo-classic", "--players", "3", "--games", "1"]) == 0

    line = capsys.readouterr().out
    assert "mean_winner_coins=" in line and "points" not in line


def test_an_option_the_edition_does_not_have_is_refused(capsys):
    with pytest.raises(SystemExit):
        main(["--edition", "amigo-classic", "--option", "cavalry"])

    assert "amigo-classic has no option 'cavalry'" in capsys.readouterr().err


def test_a_mixed_table_reports_each_kind_of_bot(capsys):
    code = main(["--players", "4", "--games", "4", "--bots", "heuristic,random"])

    lines = capsys.readouterr().out.splitlines()
    assert code == 0
    by_kind = {line.split()[0]: line for line in lines[1:]}
    assert set(by_kind) == {"bot=heuristic", "bot=random"}
    assert "seats=8 " in by_kind["bot=random"] and "par=25.0%" in by_kind["bot=random"]
    wins = [float(line.split("wins=")[1].split()[0]) for line in by_kind.values()]
    assert sum(wins) == 4.0  # ties share a win
    assert all("mean_coins=" in line and "zero_pay_harvests=" in line for line in by_kind.values())


def test_rotated_bots_sit_at_every_seat_in_turn():
    seats = [seated_bots(["expert", "strong", "strong", "strong"], 4, game) for game in range(5)]
    repeated = [seated_bots(["expert", "strong"], 4, game) for game in range(2)]

    assert [row.index("expert") for row in seats] == [0, 1, 2, 3, 0]
    assert repeated == [["expert", "strong"] * 2, ["strong", "expert"] * 2]


def test_a_run_split_in_parts_plays_the_same_games(capsys):
    common = ["--players", "4", "--bots", "heuristic,random", "--rotate", "--seed", "parts"]

    main([*common, "--games", "3"])
    whole = capsys.readouterr().out.splitlines()
    main([*common, "--games", "1", "--first", "2"])
    last = capsys.readouterr().out.splitlines()
    main([*common, "--games", "2"])
    first = capsys.readouterr().out.splitlines()

    def wins(lines):
        return {line.split()[0]: float(line.split("wins=")[1].split()[0]) for line in lines[1:]}

    assert {kind: wins(first)[kind] + wins(last)[kind] for kind in wins(whole)} == wins(whole)
    assert "win_share=" in whole[1] and "%-" in whole[1]  # with its 95 % interval
