"""Version 2 of the bot API: typed moves sent back as the seat's `legal` lists them, events
with their data and nothing hidden, the long-polls, refusals in the reader's language, and
games made and run from a program."""

import json
import time

import pytest

from botapi.actions import ACTIONS, KEYS
from botapi.legal import open_moves
from games import engine
from games.engine.move_kinds import MOVES
from games.services.lobby import game_create, seat_join
from tests.botapi.conftest import bot_account
from tests.botapi.helpers import bearer, started_while_waiting

pytestmark = pytest.mark.django_db(transaction=True)
V2 = "/api/v2"


def post(client, token: str, path: str, body=None):
    return client.post(f"{V2}{path}", body or {}, content_type="application/json", **bearer(token))


def test_every_kind_of_move_is_typed_from_the_registry():
    assert set(ACTIONS) == set(MOVES)
    assert all(key in KEYS for kind in MOVES.values() for key in kind.keys)


def test_each_legal_move_is_an_action_sent_back_unchanged(client, table):
    game, seat, token = table
    state = client.get(f"{V2}/seats/{seat.id}", **bearer(token)).json()
    assert state["awaited"] and {"kind": "resign"} in state["legal"]
    for action in state["legal"]:
        ACTIONS[action["kind"]].model_validate(action)  # every key its kind's, each one value
    assert [form["kind"] for form in state["forms"]][-3:-1] == ["stand", "rules"]
    fields = state["view"]["players"][seat.position]["fields"]
    assert [(field["index"], field["number"]) for field in fields][:2] == [(0, 1), (1, 2)]
    action = state["legal"][0]

    moved = post(
        client, token, f"/seats/{seat.id}/moves", {"action": action, "expected_seq": game.seq}
    )

    assert moved.status_code == 200, moved.json()
    update = moved.json()
    assert update["seat"]["seq"] > game.seq
    [mine, *_] = update["events"]
    assert mine["seq"] == game.seq + 1 and mine["kind"] in MOVES[action["kind"]].emits
    assert mine["text"] and isinstance(mine["data"], dict)


def cards_named(data) -> set[int]:
    """Every card id under a key about cards, at any depth."""
    if isinstance(data, dict):
        found = {v for k, v in data.items() if k in ("card", "cards") and isinstance(v, int)}
        return found.union(*(cards_named(value) for value in data.values()))
    if isinstance(data, list):
        return {v for v in data if isinstance(v, int)}.union(*map(cards_named, data))
    return set()


def test_events_name_no_card_of_another_hand_or_of_the_deck(client, table):
    game, seat, token = table
    update = client.get(f"{V2}/seats/{seat.id}/wait?after=-1&wait=0", **bearer(token)).json()
    state = engine.from_dict(game.state)
    others = [hand for position, hand in enumerate(state.hands) if position != seat.position]
    hidden = set(state.deck).union(*others)
    events = update["events"]
    assert events[0]["kind"] == "game_started"
    dealt = [event for event in events if event["kind"] == "dealt"]
    assert [bool(event["data"].get("cards")) for event in dealt] == [
        event["seat"] == seat.position for event in dealt
    ]
    assert not cards_named([event["data"] for event in events]) & hidden
    assert all("seed" not in event["data"] for event in events)


def test_a_stale_move_answers_409_with_the_seq_and_the_seat_now(client, table):
    game, seat, token = table
    action = {"action": {"kind": "end_trading"}, "expected_seq": game.seq + 1}
    stale = post(client, token, f"/seats/{seat.id}/moves", action)
    assert stale.status_code == 409
    assert stale.json()["seq"] == game.seq and stale.json()["seat"]["seq"] == game.seq


@pytest.mark.parametrize(
    "action, problem",
    [
        ({"kind": "dance"}, {"field": "action.kind", "problem": "ce n’est pas un genre de coup"}),
        (
            {"kind": "plant", "card": 1, "pot": 0},
            {"field": "action.pot", "problem": "ce genre de coup ne le lit pas"},
        ),
    ],
)
def test_a_move_the_schema_refuses_is_worded_for_the_reader(client, table, action, problem):
    game, seat, token = table
    refused = client.post(
        f"{V2}/seats/{seat.id}/moves",
        {"action": action, "expected_seq": game.seq},
        content_type="application/json",
        HTTP_ACCEPT_LANGUAGE="fr",
        **bearer(token),
    )
    assert refused.status_code == 422
    assert refused.json()["detail"] == [problem]


def test_the_account_wait_wakes_when_a_game_starts(client, robo, alice):
    user, token = robo
    with started_while_waiting(user, alice) as (seat, began):
        answer = client.get(f"{V2}/wait?wait=10", **bearer(token)).json()

    assert time.monotonic() - began < 5
    assert [row["seat_id"] for row in answer["seats"]] == [seat.id]
    assert answer["seats"][0]["status"] == "running"


def test_a_program_hosts_a_game_it_does_not_sit_at_with_a_person_and_site_bots(client, robo, alice):
    user, token = robo
    table = {"edition": "rio-grande", "players": 3, "sits": False}
    nul = post(client, token, "/games", {**table, "name": "a\x00b"})  # no database holds it
    assert nul.json()["detail"] == [{"field": "name", "problem": "it holds a character it may not"}]
    made = post(client, token, "/games", table)
    assert made.status_code == 201, made.json()
    game_id = made.json()["game"]
    for _ in range(2):
        assert post(client, token, f"/games/{game_id}/bots", {"level": "easy"}).status_code == 200
    seat_join(game_id=game_id, user=alice)
    started = post(client, token, f"/games/{game_id}/start")
    assert started.json()["status"] == "running"
    assert [seat["yours"] for seat in started.json()["seats"]] == [False] * 3
    assert post(client, token, f"/games/{game_id}/cancel").status_code == 403


def test_a_game_is_listed_joined_once_left_and_cancelled(client, robo, alice):
    user, token = robo
    game = game_create(
        user=alice, edition="rio-grande", players=3, options={}, time_control="daily"
    )
    [listed] = client.get(f"{V2}/games", **bearer(token)).json()
    assert (listed["game"], listed["seats_taken"], listed["time_control"]) == (game.id, 1, "daily")
    assert isinstance(listed["rated"], bool)
    assert post(client, token, f"/games/{game.id}/join").status_code == 200
    assert post(client, token, f"/games/{game.id}/join").status_code == 409
    assert post(client, token, f"/games/{game.id}/leave").status_code == 204
    assert post(client, token, f"/games/{game.id}/cancel").status_code == 403


def test_v1_says_it_is_deprecated_and_when_it_stops(client, robo):
    _, token = robo
    answer = client.get("/api/v1/me", **bearer(token))
    assert answer.status_code == 200
    assert answer["Deprecation"].startswith("@") and "2027" in answer["Sunset"]


def test_a_bot_account_challenges_another_by_name_which_accepts_or_declines(client, robo):
    _, token = robo
    rival, rival_token = bot_account("Rival")
    asked = {"name": "rival", "edition": "rio-grande", "players": 2}
    assert post(client, token, "/challenges", {**asked, "name": "nobody"}).status_code == 400
    made = post(client, token, "/challenges", asked).json()
    assert (made["by"], made["to"], made["to_you"]) == ("robo", "Rival", False)
    again = post(client, token, "/challenges", asked).json()

    waited = client.get(f"{V2}/wait?wait=0", **bearer(rival_token)).json()
    assert [row["challenge"] for row in waited["challenges"]] == [
        again["challenge"],
        made["challenge"],
    ]
    seat = post(client, rival_token, f"/challenges/{made['challenge']}/accept")
    assert seat.status_code == 200 and seat.json()["game"] == made["game"]
    assert post(client, rival_token, f"/challenges/{made['challenge']}/accept").status_code == 409
    assert post(client, rival_token, f"/challenges/{again['challenge']}/decline").status_code == 204
    assert post(client, token, f"/challenges/{again['challenge']}/accept").status_code == 404
    assert client.get(f"{V2}/challenges", **bearer(rival_token)).json() == []
    assert post(client, token, f"/games/{made['game']}/start").json()["status"] == "running"


def test_a_body_that_is_not_json_is_worded_for_the_reader_and_text_is_refused(client, table):
    game, seat, token = table
    body = json.dumps({"action": {"kind": "end_trading"}, "expected_seq": game.seq})
    as_text = client.post(
        f"{V2}/seats/{seat.id}/moves", body, content_type="text/plain", **bearer(token)
    )
    assert as_text.status_code == 415
    refused = client.post(
        f"{V2}/seats/{seat.id}/moves",
        "{not json",
        content_type="application/json",
        HTTP_ACCEPT_LANGUAGE="de",
        **bearer(token),
    )
    assert refused.status_code == 422
    assert refused.json()["detail"] == [{"field": "die Anfrage", "problem": "es ist kein JSON"}]


def test_each_way_to_pay_an_offer_is_an_action_of_its_own_the_suggested_first():
    asked = {"kind": "accept", "offer": 4, "ask": {"chili": 1, "soy": 2}}
    few = {**asked, "choices": {"chili": [5, 9], "soy": [1, 2, 3]}, "give": [9, 2, 3]}
    many = {**asked, "choices": {"chili": [5, 9, 11], "soy": [1, 2, 3]}, "give": [9, 2, 3]}

    actions, forms = open_moves({"legal": [few], "may_resign": False})
    assert [action["give"] for action in actions] == [
        [9, 2, 3],
        [5, 1, 2],
        [5, 1, 3],
        [5, 2, 3],
        [9, 1, 2],
        [9, 1, 3],
    ]
    assert all(set(action) == {"kind", "offer", "give"} for action in actions) and forms == []
    actions, forms = open_moves({"legal": [many], "may_resign": False})
    assert actions == [{"kind": "accept", "offer": 4, "give": [9, 2, 3]}]
    assert forms == [
        {"kind": "accept", "limits": {key: many[key] for key in many if key != "kind"}}
    ]
