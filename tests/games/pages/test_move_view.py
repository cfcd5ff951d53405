"""The move endpoint: a move posted as a button, a form or JSON, and everything that is not one."""

import json
import random

import pytest
from django.contrib.auth.models import AnonymousUser
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from games.engine.beans import BEAN_KEYS
from games.selectors.boards import game_page
from games.services.lobby import game_create
from games.services.moves import move_submit
from tests.games.helpers import front_plant, post_move, seq_of, start_trading
from tests.helpers import fresh, state_of, user_at

pytestmark = pytest.mark.django_db


def test_a_move_posted_as_a_button_is_applied_and_the_board_comes_back(client, started_game):
    active, action = front_plant(started_game)
    client.force_login(user_at(started_game, active))
    response = post_move(client, started_game, action, started_game.seq, HTTP_HX_REQUEST="true")
    assert response.status_code == 200
    assert state_of(started_game).fields[active][action["field"]] == [action["card"]]
    html = response.content.decode()
    assert html.lstrip().startswith('<div id="board"')
    assert f'data-seq="{started_game.seq}"' in html


def test_a_move_posted_as_json_is_applied(client, started_game):
    active, action = front_plant(started_game)
    client.force_login(user_at(started_game, active))
    response = client.post(
        reverse("games:move", args=[started_game.id]),
        json.dumps({"action": action, "expected_seq": started_game.seq}),
        content_type="application/json",
    )
    assert response.status_code == 200
    assert seq_of(started_game) == 1


def test_a_player_without_a_seat_is_refused_403_and_nothing_changes(client, started_game, dave):
    active, action = front_plant(started_game)
    before = state_of(started_game).to_dict()
    client.force_login(dave)
    response = post_move(client, started_game, action, started_game.seq)
    assert response.status_code == 403
    assert state_of(started_game).to_dict() == before
    assert started_game.moves.count() == 1


def test_an_anonymous_move_is_refused_403(anonymous_client, started_game):
    active, action = front_plant(started_game)
    response = post_move(anonymous_client, started_game, action, started_game.seq)
    assert response.status_code == 403
    assert seq_of(started_game) == 0


def test_a_seat_cannot_make_another_seats_move_and_reads_why(client, started_game):
    active, action = front_plant(started_game)
    before = state_of(started_game).to_dict()
    client.force_login(user_at(started_game, (active + 1) % 3))
    response = post_move(client, started_game, action, started_game.seq, HTTP_HX_REQUEST="true")
    assert response.status_code == 400
    assert "It is not the time for you to plant." in response.content.decode()
    assert state_of(started_game).to_dict() == before


def test_a_stale_post_gets_409_with_the_fresh_board(client, started_game):
    active, action = front_plant(started_game)
    client.force_login(user_at(started_game, active))
    assert post_move(client, started_game, action, 0).status_code == 200
    _, second = front_plant(started_game)
    response = post_move(client, started_game, second, 0, HTTP_HX_REQUEST="true")
    assert response.status_code == 409
    html = response.content.decode()
    assert 'data-seq="1"' in html
    assert "The game moved on" in html
    assert seq_of(started_game) == 1


JUNK_BODIES = [
    ("application/json", "{"),
    ("application/json", "[]"),
    ("application/json", '"plant"'),
    ("application/json", "null"),
    ("application/json", '{"action": "plant", "expected_seq": 0}'),
    ("application/json", '{"action": {"kind": 5}, "expected_seq": 0}'),
    ("application/json", '{"action": {"kind": "plant"}}'),
    ("application/json", '{"action": {"kind": "plant"}, "expected_seq": "zero"}'),
    ("application/json", '{"action": {"kind": "plant"}, "expected_seq": -1}'),
    ("application/json", '{"action": {"kind": "plant"}, "expected_seq": 1e999}'),
    (
        "application/json",
        '{"action": {"kind": "plant", "card": "x", "field": []}, "expected_seq": 0}',
    ),
    (
        "application/json",
        '{"action": {"kind": "offer", "to": 1, "give": {"a": 1}}, "expected_seq": 0}',
    ),
    ("application/json", '{"action": {"kind": "offer", "ask": {"gold": 9}}, "expected_seq": 0}'),
    ("application/json", '{"action": {"kind": "accept", "offer": NaN}, "expected_seq": 0}'),
    (
        "application/json",
        '{"action": {"kind": "harvest", "field": 99999999999999999999}, "expected_seq": 0}',
    ),
    ("application/json", b"\xff\xfe not utf-8"),
    ("application/x-www-form-urlencoded", ""),
    ("application/x-www-form-urlencoded", "action=%7B&expected_seq=0"),
    ("application/x-www-form-urlencoded", "action=%7B%7D&expected_seq=0"),
    ("application/x-www-form-urlencoded", "kind=plant&card=abc&field=0&expected_seq=0"),
    ("application/x-www-form-urlencoded", "kind=offer&to=1&give=1&give=x&expected_seq=0"),
    ("application/x-www-form-urlencoded", "kind=offer&to=1&ask_blue=-3&expected_seq=0"),
    ("application/x-www-form-urlencoded", "kind=offer&for_one=1%3Atofu&expected_seq=0"),
    ("application/x-www-form-urlencoded", "kind=offer&for_one=x%3Ablue&expected_seq=0"),
    ("application/x-www-form-urlencoded", "kind=plant&expected_seq=99999999999999999999"),
    # Digits to str.isdigit that int() refuses, and JSON nested beyond Python's recursion.
    ("application/x-www-form-urlencoded", "kind=end_trading&expected_seq=%C2%B2"),
    ("application/x-www-form-urlencoded", "kind=plant&card=%C2%B2&field=0&expected_seq=0"),
    ("application/x-www-form-urlencoded", "kind=offer&to=1&ask_blue=%C2%B3&expected_seq=0"),
    ("application/x-www-form-urlencoded", "action=" + "%5B" * 100_000 + "&expected_seq=0"),
    ("application/json", '{"action": ' + "[" * 100_000 + "]" * 100_000 + ', "expected_seq": 0}'),
    ("multipart/form-data; boundary=x", "--x\r\nnot a part\r\n--x--"),
    ("text/plain", "plant everything"),
]


@pytest.mark.parametrize(("content_type", "body"), JUNK_BODIES)
def test_junk_posted_to_the_move_endpoint_gets_a_4xx_and_changes_nothing(
    client, started_game, content_type, body
):
    active, _ = front_plant(started_game)
    client.force_login(user_at(started_game, active))
    response = client.post(
        reverse("games:move", args=[started_game.id]), body, content_type=content_type
    )
    assert 400 <= response.status_code < 500
    assert seq_of(started_game) == 0


def random_junk(rng: random.Random, front: int):
    """A move that cannot be legal: never the active player's front card planted."""
    values = [
        None,
        True,
        -1,
        0,
        1,
        2,
        3,
        99,
        2**40,
        1.5,
        "",
        "0",
        "blue",
        [],
        [1, "a"],
        {},
        {"blue": 1},
    ]
    kinds = [
        "plant",
        "harvest",
        "offer",
        "accept",
        "decline",
        "withdraw",
        "end_trading",
        "stop_planting",
        "buy_field",
        "discard",
        "end_turn",
        "",
        "PLANT",
        7,
        None,
    ]
    action = {"kind": rng.choice(kinds)}
    for key in rng.sample(["card", "field", "offer", "to", "give", "ask", "ask_faceup"], 3):
        action[key] = rng.choice(values)
    if action.get("card") == front:
        action["card"] = -1
    return action


def test_four_hundred_random_posts_give_only_4xx_and_change_nothing(started_game):
    rng = random.Random(4)
    active, _ = front_plant(started_game)
    front = state_of(started_game).hands[active][0]
    before = state_of(started_game).to_dict()
    clients = []
    for position in range(3):
        clients.append(Client(HTTP_HX_REQUEST="true"))
        clients[-1].force_login(user_at(started_game, position))
    url = reverse("games:move", args=[started_game.id])
    statuses = set()
    for i in range(400):
        client = clients[i % 3]
        seq = rng.choice([0, 0, 0, 1, -1, "0", "x", None])
        action = random_junk(rng, front)
        if i % 2:
            body = json.dumps({"action": action, "expected_seq": seq})
            response = client.post(url, body, content_type="application/json")
        else:
            data = (
                {"action": json.dumps(action)}
                if i % 4
                else {k: v for k, v in action.items() if isinstance(v, str | int)}
            )
            if seq is not None:
                data["expected_seq"] = seq
            response = client.post(url, data)
        statuses.add(response.status_code)
    assert all(400 <= status < 500 for status in statuses), statuses
    assert state_of(started_game).to_dict() == before


def test_an_offer_built_from_form_fields_is_made_and_shown_to_both(client, started_game):
    active = start_trading(started_game)
    other = (active + 1) % 3
    state = state_of(started_game)
    gift = state.faceup[0]
    client.force_login(user_at(started_game, active))
    response = client.post(
        reverse("games:move", args=[started_game.id]),
        {
            "kind": "offer",
            "to": other,
            "give": [gift],
            "ask_blue": "0",
            "expected_seq": started_game.seq,
        },
        HTTP_HX_REQUEST="true",
    )
    assert response.status_code == 200, response.content.decode()[:500]
    assert "Your offers" in response.content.decode()
    client.force_login(user_at(started_game, other))
    html = client.get(reverse("games:game", args=[started_game.id])).content.decode()
    assert "Offers to you" in html
    assert "offers you a gift" in html
    # The status line, always in sight, leads to the offers further down the page.
    assert 'An offer waits for your answer. <a href="#offers-to-you" class="to-offers">' in html
    assert 'id="offers-to-you"' in html


def test_an_offers_quick_button_sends_it_to_a_player_for_one_more_bean(client, started_game):
    active = start_trading(started_game)
    other = (active + 1) % 3
    gift = state_of(started_game).faceup[0]
    client.force_login(user_at(started_game, active))
    response = client.post(
        reverse("games:move", args=[started_game.id]),
        {
            "kind": "offer",
            "give": [gift],
            "ask_blue": "1",
            "for_one": f"{other}:chili",
            "expected_seq": started_game.seq,
        },
        HTTP_HX_REQUEST="true",
    )

    assert response.status_code == 200, response.content.decode()[:500]
    (offer,) = state_of(started_game).offers.values()
    asked = {BEAN_KEYS[bean]: n for bean, n in offer.ask.items()}
    assert (offer.to, asked) == (other, {"blue": 1, "chili": 1})


def test_the_board_endpoints_of_a_game_not_yet_started_answer_without_a_board(client, alice):
    game = game_create(user=alice, edition="amigo-classic", players=3, options={})
    client.force_login(alice)
    assert client.get(reverse("games:poll", args=[game.id]) + "?since=0").status_code == 204
    assert client.get(reverse("games:poll", args=[game.id]) + "?since=5").status_code == 404
    response = client.post(
        reverse("games:move", args=[game.id]),
        {"action": '{"kind": "end_trading"}', "expected_seq": 0},
    )
    assert response.status_code == 409
    assert client.get(reverse("games:log", args=[game.id])).status_code == 404


def test_an_htmx_move_post_keeps_a_pinned_number_of_queries(client, started_game, settings):
    """The session and its user, the move's ten (see test_move_submit), and the board's log
    and chat: the seats, the state and the deadlines come from the move itself (16 before)."""
    # Sessions read from the database, as without Redis: with Redis the session comes from the
    # cache, one query fewer.
    settings.SESSION_ENGINE = "django.contrib.sessions.backends.db"
    active, action = front_plant(started_game)
    client.force_login(user_at(started_game, active))
    # The session, as a player's page has it.
    client.get(reverse("games:game", args=[started_game.id]))

    with CaptureQueriesContext(connection) as queries:
        response = post_move(client, started_game, action, started_game.seq, HTTP_HX_REQUEST="true")

    assert response.status_code == 200
    assert len(queries) == 14


def test_the_board_after_a_move_shows_what_a_fresh_load_of_it_shows(started_game):
    """Every seat's, a spectator's too: what the move carried to its page is exactly what the
    page would read, hidden hands and all."""
    active, action = front_plant(started_game)
    mover = user_at(started_game, active)

    result = move_submit(
        game_id=started_game.id, user=mover, action=action, expected_seq=started_game.seq
    )

    readers = [user_at(started_game, position) for position in range(3)] + [AnonymousUser()]
    for reader in readers:
        carried = game_page(
            game=result.game,
            user=reader,
            seats=result.seats,
            state=result.state,
            deadlines=result.deadlines,
        )
        assert carried == game_page(game=fresh(started_game), user=reader)
