"""A game record replays to the result it states: 100 finished games of every edition and table,
exported and imported through the engine alone (no database, so it runs in seconds and each
table is a test of its own, spread over the processes of a parallel run); and what a record
that cannot be replayed is told."""

import json

import pytest

from games import records
from games.engine.playout import play
from tests.engine.helpers import ALL_TABLES, NAMES, edition_and_options

GAMES = 100
BOTS = ["normal", "easy", "strong"]


def exported(edition: str, players: int, options: dict, seed: str) -> tuple[dict, list[int]]:
    """A game played to its end by bots, as the file a player takes home (read back from its
    JSON text), and its scores as played."""
    played = play(edition, players, seed, BOTS, check=False, options=options)
    assert played.finished
    record = records.finished_record(
        game={"name": seed, "edition": edition, "options": options, "status": "finished"},
        seats=[
            {"position": seat, "name": NAMES[seat], "bot": bot}
            for seat, bot in enumerate(played.bots)
        ],
        seed=seed,
        moves=[
            {"seq": seq, "seat": seat, "actor": "bot", "action": action, "at": None}
            for seq, (seat, action) in enumerate(played.log, start=1)
        ],
        result={
            **dict.fromkeys(records.RESULT_KEYS),
            "counts": played.counts,
            "scores": played.scores,
            "winners": played.winners,
        },
    )
    return json.loads(json.dumps(record)), played.scores


def test_a_record_of_a_played_game_replays_to_its_scores():
    data, scores = exported("rio-grande", 4, {}, "records/one")
    verdict = records.check(records.read(data))
    assert verdict.same
    assert verdict.replayed["scores"] == scores


@pytest.mark.parametrize(("table", "players"), ALL_TABLES)
def test_a_hundred_exported_games_of_each_table_replay_to_the_same_scores(table, players):
    edition, options = edition_and_options(table)
    for number in range(GAMES):
        data, scores = exported(edition, players, options, f"records/{table}/{players}/{number}")
        verdict = records.check(records.read(data))
        assert verdict.same, (table, players, number)
        assert verdict.replayed["scores"] == scores


def test_a_record_whose_scores_were_changed_replays_but_to_other_scores():
    data, scores = exported("amigo-classic", 3, {}, "records/changed")
    data["result"]["scores"] = [score + 1 for score in scores]
    verdict = records.check(records.read(data))
    assert verdict.finished and not verdict.same
    assert verdict.replayed["scores"] == scores


def refusal(data) -> str:
    with pytest.raises(records.RecordError) as refused:
        records.check(records.read(data))
    return refused.value.message


def test_a_file_that_is_no_record_is_told_so():
    assert "no format number" in refusal(["not", "a", "record"])
    assert "no format number" in refusal({"moves": []})


def test_a_record_of_an_unknown_format_is_told_which_formats_are_read():
    data, _ = exported("rio-grande", 3, {}, "records/format")
    data["format"] = 2
    assert refusal(data) == (
        "This record is in format 2, which this site does not read (it reads format 1)."
    )


def test_an_illegal_move_is_named_by_its_number_and_the_rules_reason():
    data, _ = exported("rio-grande", 3, {}, "records/illegal")
    data["moves"][4]["action"] = {"kind": "plant", "card": 9999, "field": 0}
    assert refusal(data).startswith("Move 5 of the record is not legal: ")


def test_a_move_of_a_seat_not_at_the_table_is_malformed():
    data, _ = exported("rio-grande", 3, {}, "records/seat")
    data["moves"][0]["seat"] = 3
    assert refusal(data).startswith("Move 1 of the record is malformed")


def test_a_record_cut_short_replays_to_no_end():
    data, _ = exported("rio-grande", 3, {}, "records/short")
    data["moves"] = data["moves"][:10]
    verdict = records.check(records.read(data))
    assert not verdict.finished and not verdict.same


def test_a_seed_that_does_not_match_its_hash_is_refused():
    data, _ = exported("rio-grande", 3, {}, "records/seed")
    data["seed"] = "another seed"
    assert refusal(data) == "The record's seed does not match its hash."


def test_an_unknown_edition_cannot_be_set_up():
    data, _ = exported("rio-grande", 3, {}, "records/edition")
    data["game"]["edition"] = "chess"
    assert refusal(data).startswith("The record's game cannot be set up: ")


def test_a_seat_whose_bot_is_not_a_name_is_refused():
    data, _ = exported("rio-grande", 3, {}, "records/bot")
    data["seats"][1]["bot"] = [1]
    assert refusal(data) == "The record names a bot this site does not have."


@pytest.mark.parametrize("text", ["Beans\u0000", "Beans \ud800"])
def test_a_text_no_database_may_store_is_refused_wherever_it_is(text):
    data, _ = exported("rio-grande", 3, {}, "records/text")
    data["game"]["name"] = text
    assert refusal(data).startswith("The record holds a character no text may hold")
    data["game"]["name"] = "Beans"
    data["moves"][0]["action"]["note"] = text
    assert refusal(data).startswith("The record holds a character no text may hold")
