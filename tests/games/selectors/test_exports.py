"""A game to take home: a finished game's record as JSON and as text from its page, a running
game's holding only what the reader's seat may see, and a record brought back to the check
page or to `manage.py import_game`, replayed and kept as an imported game."""

import json
from datetime import datetime
from zoneinfo import ZoneInfo

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import CommandError, call_command
from django.urls import reverse
from django.utils import formats, translation

from games import engine, records, signals
from games.models import Game, Move
from tests.games.campaigns import attack_face_down, bohnaparte_game, to_attack
from tests.games.helpers import play_until, speak
from tests.helpers import make_user, started, state_of, user_at

pytestmark = pytest.mark.django_db

# Keys whose numbers count or number things and never name a card: any other number in a
# running game's record may be a card, and is looked for among the hidden ones.
NOT_CARDS = {
    "seat", "seq", "turn", "active", "start_player", "planted", "hand_size", "coins", "count",
    "payout", "deck_size", "discard_size", "exhaustions", "exhaustions_to_end", "players",
    "position", "seen_by", "waiting_for", "offer", "to", "maker", "field", "fields", "cost",
    "third_field_cost", "beans", "format", "resigned", "next_offer", "land", "lands", "points",
    "camp", "owner", "row", "column", "neighbours", "tokens", "depot_size", "attacker",
    "costs", "defender", "paid", "land_number", "round", "targets",
}  # fmt: skip


def numbers(value, key: str = "") -> set[int]:
    """Every number of the record that may name a card."""
    if key in NOT_CARDS:
        return set()
    if isinstance(value, dict):
        return {n for k, v in value.items() for n in numbers(v, k)}
    if isinstance(value, list):
        return {n for item in value for n in numbers(item, key)}
    return {value} if type(value) is int else set()


def record_of(client, game: Game, user=None) -> tuple[dict, str]:
    if user is None:
        client.logout()
    else:
        client.force_login(user)
    response = client.get(reverse("games:record_json", args=[game.id]))
    assert response.status_code == 200
    assert response["Content-Disposition"] == f'attachment; filename="bohnanza-{game.id}.json"'
    text = response.content.decode()
    return json.loads(text), text


def finished(game: Game) -> Game:
    return play_until(game, lambda state: state.over)


def test_a_finished_games_record_holds_its_table_seed_every_move_with_its_time_and_scores(
    client, started_game
):
    game = finished(started_game)
    data, _ = record_of(client, game, user_at(game, 0))
    state = state_of(game)
    assert data["format"] == 1
    assert data["game"]["edition"] == "rio-grande" and data["game"]["status"] == "finished"
    assert [seat["name"] for seat in data["seats"]] == state.names
    assert data["seed"] == game.seed and data["seed_hash"] == game.seed_hash
    stored = list(game.moves.filter(seq__gt=0).order_by("seq"))
    assert [move["action"] for move in data["moves"]] == [move.payload for move in stored]
    assert [datetime.fromisoformat(move["at"]) for move in data["moves"]] == [
        move.created_at for move in stored
    ]
    assert data["result"]["scores"] == engine.outcome(state)["scores"]
    assert records.check(records.read(data)).same
    # An onlooker of a finished game may take it home too: everything is face up by then.
    assert record_of(client, game)[0] == data


def test_the_text_record_is_worded_in_the_readers_language_and_times_in_their_zone(
    client, started_game
):
    game = finished(started_game)
    alice = user_at(game, 0)
    speak(alice, "de", "Asia/Tokyo")
    client.force_login(alice)
    response = client.get(reverse("games:record_text", args=[game.id]))
    assert response["Content-Type"] == "text/plain; charset=utf-8"
    text = response.content.decode()
    assert "Zeiten in Asia/Tokyo." in text
    assert "Das Spiel, Zug für Zug:" in text
    assert game.seed in text
    last = game.moves.order_by("seq").last()
    tokyo = last.created_at.astimezone(ZoneInfo("Asia/Tokyo"))
    with translation.override("de"):  # the site's format of a log line, as German writes it
        assert f"[{formats.date_format(tokyo, 'D j M, H:i')}] #{last.seq} " in text
    outcome = engine.outcome(state_of(game))
    assert "\nTaler:\n" in text
    for seat, name in enumerate(state_of(game).names):
        assert f"\n{outcome['places'][seat]}. {name}: {outcome['scores'][seat]}\n" in text


def hidden_from(state: engine.State, position: int | None) -> set[int]:
    """The cards `position` may not know: the deck and every other seat's hand."""
    hidden = set(state.deck)
    for seat, hand in enumerate(state.hands):
        if seat != position:
            hidden |= set(hand)
    return hidden


def test_a_running_games_record_shows_no_other_hand_no_deck_order_and_no_seed(client):
    users = [make_user(name) for name in ("alice", "bob", "carol", "dave")]
    game = play_until(started(users), lambda state: state.turn == 3)
    state = state_of(game)
    for position in [None, *range(4)]:
        data, text = record_of(client, game, None if position is None else user_at(game, position))
        assert data["game"]["status"] == "running" and data["seen_by"] == position
        assert "seed" not in data and "moves" not in data
        assert game.seed not in text
        assert (
            game.seed
            not in client.get(reverse("games:record_text", args=[game.id])).content.decode()
        )
        named = numbers(data)
        assert not named & hidden_from(state, position), position
        if position is not None:  # the reader's own hand is there: the search finds cards
            assert set(state.hands[position]) <= named
            assert "hand" in json.dumps(data["log"])  # its own deal, worded
    # The public log is the log page's, line for line, for an onlooker.
    data, _ = record_of(client, game)
    lines = [event["text"] for move in data["log"] for event in move["events"]]
    assert lines and all(lines)


def test_a_face_down_battle_card_is_in_no_other_seats_record(client):
    users = [make_user(name) for name in ("alice", "bob", "carol")]
    game, attacker, target = to_attack(bohnaparte_game(users))
    card = state_of(game).hands[attacker][0]
    state = attack_face_down(game, attacker, target, card)
    for position in [None, *range(3)]:
        data, text = record_of(client, game, None if position is None else user_at(game, position))
        named = numbers(data)
        hidden = hidden_from(state, position) | ({card} if position != attacker else set())
        assert not named & hidden, position
        assert game.seed not in text
    assert card in numbers(record_of(client, game, user_at(game, attacker))[0])


def checked(client, content: bytes, name: str = "record.json"):
    upload = SimpleUploadedFile(name, content, content_type="application/json")
    return client.post(reverse("games:import"), {"record": upload})


def test_a_record_brought_back_replays_and_is_kept_as_an_imported_game_no_table_counts(
    client, started_game
):
    game = finished(started_game)
    data, text = record_of(client, game, user_at(game, 0))
    heard = []
    signals.game_finished.connect(heard.append, dispatch_uid="test-import")
    try:
        response = checked(client, text.encode())
    finally:
        signals.game_finished.disconnect(dispatch_uid="test-import")
    assert response.status_code == 200
    page = response.content.decode()
    assert "The record replays to the same result" in page
    imported = Game.objects.get(imported=True)
    assert heard == []  # no rating, no league hears of it
    assert imported.status == Game.Status.FINISHED and imported.created_by == user_at(game, 0)
    assert reverse("games:history", args=[imported.id]) in page
    assert state_of(imported).result["scores"] == data["result"]["scores"]
    assert imported.seed == game.seed and imported.seq == game.seq
    assert imported.started_at == game.started_at
    assert list(imported.moves.order_by("seq").values_list("payload", "created_at"))[1:] == list(
        game.moves.filter(seq__gt=0).order_by("seq").values_list("payload", "created_at")
    )
    for seq in (0, imported.seq // 2, imported.seq):
        history = client.get(reverse("games:history", args=[imported.id]) + f"?seq={seq}")
        assert history.status_code == 200
    shown = client.get(reverse("games:game", args=[imported.id])).content.decode()
    assert "Imported from a game record" in shown
    assert "trading window" not in shown  # it was played on no clock of this site
    assert "(bot)" not in shown  # its people have no user here, and are no bots for that
    # Its own record is the record it came from, but for its name.
    again, _ = record_of(client, imported)
    assert again["moves"] == data["moves"] and again["result"] == data["result"]


def test_a_private_games_record_is_kept_for_its_importer_alone(client, started_game):
    Game.objects.filter(id=started_game.id).update(is_open=False)
    game = finished(started_game)
    importer = user_at(game, 0)
    data, text = record_of(client, game, importer)
    assert data["game"]["open"] is False

    page = checked(client, text.encode()).content.decode()

    imported = Game.objects.get(imported=True)
    assert "that you alone may look at" in page and not imported.is_open
    assert client.get(reverse("games:game", args=[imported.id])).status_code == 200
    for stranger in (make_user("stranger"), user_at(game, 1)):
        client.force_login(stranger)
        for address in ("games:game", "games:history", "games:record_json", "games:log"):
            answer = client.get(reverse(address, args=[imported.id]))
            assert answer.status_code in (302, 404), address
            assert "Imported from a game record" not in answer.content.decode()
    client.logout()
    assert client.get(reverse("games:game", args=[imported.id])).status_code in (302, 404)


def test_a_visitor_may_check_a_record_but_nothing_is_kept(client, started_game):
    game = finished(started_game)
    _, text = record_of(client, game)
    client.logout()
    response = client.post(reverse("games:import"), {"text": text})
    assert response.status_code == 200
    assert "The record replays to the same result" in response.content.decode()
    assert not Game.objects.filter(imported=True).exists()


def test_a_record_whose_scores_differ_is_told_so_and_not_kept(client, started_game):
    game = finished(started_game)
    data, _ = record_of(client, game, user_at(game, 0))
    data["result"]["scores"][0] += 5
    response = checked(client, json.dumps(data).encode())
    assert response.status_code == 200
    assert "The record replays, but not to the result it states." in response.content.decode()
    assert not Game.objects.filter(imported=True).exists()


@pytest.mark.parametrize(
    ("content", "said"),
    [
        (b"{not json", "This file is not a game record: it is not JSON."),
        (b"\xff\xfe\x00junk", "This file is not a game record: it is not text."),
        (b"[1, 2, 3]", "This file is not a game record: it has no format number."),
        (b'{"format": 7}', "This record is in format 7, which this site does not read"),
        (b"", "Choose a record&#x27;s file, or paste its text."),
    ],
    ids=["not-json", "not-text", "no-format", "unknown-format", "empty"],
)
def test_a_file_that_is_not_a_record_is_refused_with_why_and_nothing_is_kept(
    client, alice, content, said
):
    client.force_login(alice)
    before = Game.objects.count()
    response = checked(client, content) if content else client.post(reverse("games:import"))
    assert response.status_code == 400
    assert said in response.content.decode()
    assert Game.objects.count() == before


def test_a_record_with_an_illegal_move_or_of_a_running_game_is_refused(client, started_game):
    alice = user_at(started_game, 0)
    running, _ = record_of(client, started_game, alice)
    response = checked(client, json.dumps(running).encode())
    assert response.status_code == 400
    assert "This record is of a game still running" in response.content.decode()
    game = finished(started_game)
    data, _ = record_of(client, game, alice)
    data["moves"][2]["action"] = {"kind": "harvest", "field": 7}
    response = checked(client, json.dumps(data).encode())
    assert response.status_code == 400
    assert "Move 3 of the record is not legal: " in response.content.decode()
    assert not Game.objects.filter(imported=True).exists()


def test_the_finished_games_pages_link_to_its_record_and_the_check(client, started_game):
    game = finished(started_game)
    client.force_login(user_at(game, 0))
    page = client.get(reverse("games:game", args=[game.id])).content.decode()
    replay = client.get(reverse("games:history", args=[game.id])).content.decode()
    for html in (page, replay):
        assert reverse("games:record_json", args=[game.id]) in html
        assert reverse("games:record_text", args=[game.id]) in html
    assert reverse("games:import") in replay
    assert client.get(reverse("games:import")).status_code == 200


def test_import_game_checks_a_file_and_keeps_it_for_an_owner(
    client, started_game, tmp_path, capsys
):
    game = finished(started_game)
    _, text = record_of(client, game)
    path = tmp_path / "game.json"
    path.write_text(text)
    call_command("import_game", str(path))
    assert "replays to the same result" in capsys.readouterr().out
    assert not Game.objects.filter(imported=True).exists()
    call_command("import_game", str(path), "--owner", "alice")
    assert "kept as imported game" in capsys.readouterr().out
    imported = Game.objects.get(imported=True, created_by__username="alice")
    call_command("replay_check", "--game", str(imported.id))  # its log rebuilds its state
    assert "mismatches=0" in capsys.readouterr().out
    path.write_text(text.replace('"format": 1', '"format": 2'))
    with pytest.raises(CommandError, match="format 2"):
        call_command("import_game", str(path))
    with pytest.raises(CommandError, match="no-such-file"):
        call_command("import_game", str(tmp_path / "no-such-file.json"))
    assert Move.objects.filter(game__imported=True).count() == game.seq + 1
