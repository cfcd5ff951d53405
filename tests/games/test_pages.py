"""The game pages: what each seat sees, and how the move, poll and lobby endpoints answer."""

import json
import random
import re
from html import unescape

import pytest
from django.contrib.auth import get_user_model
from django.db import connection
from django.test import Client
from django.urls import reverse

from games import engine, presence, services
from games.engine.bots import make_bot
from games.models import ChatMessage, Deadline, Game

from .helpers import CacheDown

pytestmark = pytest.mark.django_db

# Where a page names a card: card markup, the JSON a button posts, and the offer checkboxes.
CARD_ID_PATTERNS = (
    re.compile(r'data-card="(\d+)"'),
    re.compile(r"&quot;card&quot;:(\d+)"),
    re.compile(r'name="(?:give|ask_faceup)" value="(\d+)"'),
)


def card_ids_in(html: str) -> set[int]:
    return {int(found) for pattern in CARD_ID_PATTERNS for found in pattern.findall(html)}


def make_user(name: str):
    """Without a password: the tests log in with force_login, and hashing one is slow."""
    return get_user_model().objects.create_user(username=name, email=f"{name}@example.com")


@pytest.fixture
def players():
    return {name: make_user(name) for name in ("alice", "bob", "carol")}


@pytest.fixture
def game(players):
    """A started 3-player game of alice, bob and carol (seats drawn at random)."""
    created = services.game_create(
        user=players["alice"], edition="amigo-classic", players=3, options={}, name="Beans"
    )
    for name in ("bob", "carol"):
        services.seat_join(game_id=created.id, user=players[name], token=created.invite_token)
    return services.game_start(game_id=created.id, user=players["alice"])


def state_of(game: Game) -> engine.State:
    game.refresh_from_db()
    return engine.from_dict(game.state)


def seq_of(game: Game) -> int:
    game.refresh_from_db()
    return game.seq


def user_at(game: Game, position: int):
    return game.seats.get(position=position).user


def awaited(game: Game):
    """The first seat the game waits for, its user and a legal move the bot would make."""
    state = state_of(game)
    position = engine.waiting_for(state)[0]
    action = make_bot("heuristic", f"test/{game.seq}").choose(state, position)
    return position, user_at(game, position), action


def post_move(client, game: Game, action, expected_seq: int, **headers):
    return client.post(
        reverse("games:move", args=[game.id]),
        {"action": json.dumps(action), "expected_seq": expected_seq},
        **headers,
    )


def front_plant(game: Game) -> tuple[int, dict]:
    state = state_of(game)
    plant = next(a for a in engine.legal_actions(state, state.active) if a["kind"] == "plant")
    return state.active, {"kind": "plant", "card": plant["card"], "field": plant["fields"][0]}


# What each seat sees


def test_each_seat_sees_its_own_hand_and_never_another_seats_hand_cards(client, game):
    state = state_of(game)
    for position in range(3):
        client.force_login(user_at(game, position))
        html = client.get(reverse("games:game", args=[game.id])).content.decode()
        shown = card_ids_in(html)
        assert set(state.hands[position]) <= shown
        for other in range(3):
            if other != position:
                assert not shown & set(state.hands[other]), f"seat {position} sees seat {other}"


def test_the_hand_is_shown_in_order_with_the_front_card_marked(client, game):
    state = state_of(game)
    client.force_login(user_at(game, 0))
    html = client.get(reverse("games:game", args=[game.id])).content.decode()
    hand_html = html[html.index('aria-label="Your hand"') :]
    order = [int(card) for card in re.findall(r'data-card="(\d+)"', hand_html)]
    assert order[: len(state.hands[0])] == state.hands[0]
    assert f'card-front" data-card="{state.hands[0][0]}"' in hand_html


def test_a_spectator_page_shows_no_hand_and_no_hand_card(client, game):
    state = state_of(game)
    client.force_login(make_user("dave"))
    html = client.get(reverse("games:game", args=[game.id])).content.decode()
    assert "Your hand" not in html
    assert "you are watching" in html
    assert not card_ids_in(html) & {card for hand in state.hands for card in hand}
    assert "seen=" not in html  # no seat, so no presence token


def test_an_anonymous_visitor_sees_the_spectator_page(anonymous_client, game):
    response = anonymous_client.get(reverse("games:game", args=[game.id]))
    assert response.status_code == 200
    assert "Your hand" not in response.content.decode()


def test_a_bot_gets_no_clock(client, players):
    created = services.game_create(
        user=players["alice"], edition="amigo-classic", players=3, options={}
    )
    for _ in range(2):
        services.game_add_bot(game_id=created.id, user=players["alice"])
    game = services.game_start(game_id=created.id, user=players["alice"])
    client.force_login(players["alice"])
    html = client.get(reverse("games:game", args=[game.id])).content.decode()

    players_html = re.findall(r'<section class="player.*?</section>', html, re.S)
    with_clock = [player for player in players_html if 'class="clock"' in player]
    assert len(players_html) == 3
    assert len(with_clock) == 1
    assert "(you)" in with_clock[0]


def test_move_buttons_carry_unique_ids_so_a_poll_keeps_the_keyboard_focus(client, game):
    client.force_login(user_at(game, state_of(game).active))
    html = client.get(reverse("games:game", args=[game.id])).content.decode()

    buttons = re.findall(r'<button type="submit"( id="[^"]*")?', html)
    ids = re.findall(r' id="([^"]+)"', html)
    assert buttons and all(button_id for button_id in buttons)
    assert len(ids) == len(set(ids))


def test_the_board_shows_who_must_move_by_when_and_every_bank(client, game):
    active = state_of(game).active
    deadline = Deadline.objects.get(game=game, done=False)
    client.force_login(user_at(game, (active + 1) % 3))
    html = client.get(reverse("games:game", args=[game.id])).content.decode()

    players = re.findall(r'<section class="player.*?</section>', html, re.S)
    clocks = [player for player in players if "Must move by" in player]
    assert len(clocks) == 1
    assert "badge-active" in clocks[0]  # at the start, only the active player must move
    assert f"{deadline.due_at:%a %-d %b, %H:%M} UTC" in clocks[0]
    assert all("bank about 2 days" in player for player in players)


def test_only_the_awaited_seat_gets_buttons_for_its_legal_moves(client, game):
    active, action = front_plant(game)
    client.force_login(user_at(game, active))
    html = client.get(reverse("games:game", args=[game.id])).content.decode()
    assert "Plant in field" in html
    client.force_login(user_at(game, (active + 1) % 3))
    html = client.get(reverse("games:game", args=[game.id])).content.decode()
    assert "Plant in field" not in html
    assert "End trading" not in html


def test_the_log_shows_private_wording_only_to_its_own_seat(client, game):
    client.force_login(user_at(game, 0))
    html = client.get(reverse("games:game", args=[game.id])).content.decode()
    assert "You were dealt" in html
    assert re.search(r"\w+ was dealt 5 cards", html)


# The move endpoint


def test_a_move_posted_as_a_button_is_applied_and_the_board_comes_back(client, game):
    active, action = front_plant(game)
    client.force_login(user_at(game, active))
    response = post_move(client, game, action, game.seq, HTTP_HX_REQUEST="true")
    assert response.status_code == 200
    assert state_of(game).fields[active][action["field"]] == [action["card"]]
    html = response.content.decode()
    assert html.lstrip().startswith('<div id="board"')
    assert f'data-seq="{game.seq}"' in html


def test_a_move_posted_as_json_is_applied(client, game):
    active, action = front_plant(game)
    client.force_login(user_at(game, active))
    response = client.post(
        reverse("games:move", args=[game.id]),
        json.dumps({"action": action, "expected_seq": game.seq}),
        content_type="application/json",
    )
    assert response.status_code == 200
    assert seq_of(game) == 1


def test_a_player_without_a_seat_is_refused_403_and_nothing_changes(client, game):
    active, action = front_plant(game)
    before = state_of(game).to_dict()
    client.force_login(make_user("dave"))
    response = post_move(client, game, action, game.seq)
    assert response.status_code == 403
    assert state_of(game).to_dict() == before
    assert game.moves.count() == 1


def test_an_anonymous_move_is_refused_403(anonymous_client, game):
    active, action = front_plant(game)
    response = post_move(anonymous_client, game, action, game.seq)
    assert response.status_code == 403
    assert seq_of(game) == 0


def test_a_seat_cannot_make_another_seats_move_and_reads_why(client, game):
    active, action = front_plant(game)
    before = state_of(game).to_dict()
    client.force_login(user_at(game, (active + 1) % 3))
    response = post_move(client, game, action, game.seq, HTTP_HX_REQUEST="true")
    assert response.status_code == 400
    assert "It is not the time for you to plant." in response.content.decode()
    assert state_of(game).to_dict() == before


def test_a_stale_post_gets_409_with_the_fresh_board(client, game):
    active, action = front_plant(game)
    client.force_login(user_at(game, active))
    assert post_move(client, game, action, 0).status_code == 200
    _, second = front_plant(game)
    response = post_move(client, game, second, 0, HTTP_HX_REQUEST="true")
    assert response.status_code == 409
    html = response.content.decode()
    assert 'data-seq="1"' in html
    assert "The game moved on" in html
    assert seq_of(game) == 1


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
    client, game, content_type, body
):
    active, _ = front_plant(game)
    client.force_login(user_at(game, active))
    response = client.post(reverse("games:move", args=[game.id]), body, content_type=content_type)
    assert 400 <= response.status_code < 500
    assert seq_of(game) == 0


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


def test_a_thousand_random_posts_give_only_4xx_and_change_nothing(game):
    rng = random.Random(4)
    active, _ = front_plant(game)
    front = state_of(game).hands[active][0]
    before = state_of(game).to_dict()
    clients = []
    for position in range(3):
        clients.append(Client(HTTP_HX_REQUEST="true"))
        clients[-1].force_login(user_at(game, position))
    url = reverse("games:move", args=[game.id])
    statuses = set()
    for i in range(1000):
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
    assert state_of(game).to_dict() == before


# Offers through the forms


def start_trading(game: Game) -> int:
    """Play the active player's planting so that the game is in the trade phase."""
    state = state_of(game)
    active = state.active
    while state.phase == "plant":
        action = make_bot("heuristic", "trade").choose(state, active)
        services.move_submit(
            game_id=game.id, user=user_at(game, active), action=action, expected_seq=game.seq
        )
        state = state_of(game)
    assert state.phase == "trade"
    return active


def test_an_offer_built_from_form_fields_is_made_and_shown_to_both(client, game):
    active = start_trading(game)
    other = (active + 1) % 3
    state = state_of(game)
    gift = state.faceup[0]
    client.force_login(user_at(game, active))
    response = client.post(
        reverse("games:move", args=[game.id]),
        {"kind": "offer", "to": other, "give": [gift], "ask_blue": "0", "expected_seq": game.seq},
        HTTP_HX_REQUEST="true",
    )
    assert response.status_code == 200, response.content.decode()[:500]
    assert "Your offers" in response.content.decode()
    client.force_login(user_at(game, other))
    html = client.get(reverse("games:game", args=[game.id])).content.decode()
    assert "Offers to you" in html
    assert "offers you a gift" in html
    assert "An offer waits for your answer." in html


def test_a_counter_offer_is_prefilled_from_the_offer(client, game):
    active = start_trading(game)
    other = (active + 1) % 3
    state = state_of(game)
    wanted = engine.BEANS[state.card_beans[state.hands[other][0]]].key
    services.move_submit(
        game_id=game.id,
        user=user_at(game, active),
        action={"kind": "offer", "to": other, "give": [state.faceup[0]], "ask": {wanted: 1}},
        expected_seq=game.seq,
    )
    client.force_login(user_at(game, other))
    offer_id = state_of(game).next_offer - 1
    html = client.get(
        reverse("games:game", args=[game.id]) + f"?counter={offer_id}", HTTP_HX_REQUEST="true"
    ).content.decode()
    assert "Counter-offer" in html
    assert "data-dirty" in html
    assert f'name="ask_faceup" value="{state.faceup[0]}" checked' in html


@pytest.mark.parametrize("counter", ["²", "abc", "-1", "99999999999999999999"])
def test_a_junk_counter_offer_number_shows_the_page_without_a_prefill(client, game, counter):
    client.force_login(user_at(game, 0))
    response = client.get(reverse("games:game", args=[game.id]), {"counter": counter})
    assert response.status_code == 200
    assert "Counter-offer" not in response.content.decode()


# The poll


def test_the_poll_answers_204_with_one_query_while_nothing_changed(
    client, game, django_assert_num_queries
):
    client.force_login(user_at(game, 0))
    url = reverse("games:poll", args=[game.id]) + f"?since={game.seq}&chat=0"
    with django_assert_num_queries(1):
        response = client.get(url, HTTP_HX_REQUEST="true")
    assert response.status_code == 204


@pytest.mark.skipif(
    connection.vendor != "postgresql", reason="a server connection that breaks: PostgreSQL only"
)
@pytest.mark.django_db(transaction=True)
def test_the_poll_answers_after_the_database_connection_broke(client, game):
    """The poll skips the connection's own health check: its query is the check, and a
    broken connection is replaced instead of answering with an error."""
    client.force_login(user_at(game, 0))
    url = reverse("games:poll", args=[game.id]) + f"?since={game.seq}&chat=0"
    assert client.get(url, HTTP_HX_REQUEST="true").status_code == 204
    connection.connection.close()  # as a database restart leaves a kept connection

    assert client.get(url, HTTP_HX_REQUEST="true").status_code == 204
    assert connection.is_usable()


def test_the_poll_answers_and_marks_the_page_open_while_the_shared_cache_is_down(
    client, game, monkeypatch
):
    client.force_login(user_at(game, 0))
    page = client.get(reverse("games:game", args=[game.id])).content.decode()
    [url] = re.findall(r'hx-get="([^"]*/poll/[^"]*seen=[^"]*)"', page)

    monkeypatch.setattr(presence, "cache", CacheDown())

    assert client.get(unescape(url), HTTP_HX_REQUEST="true").status_code == 204
    assert game.seats.get(position=0).last_seen_at is not None


@pytest.mark.parametrize("junk", ["x", "1:" + "a" * 43 + "%00", "²:" + "a" * 43, "9" * 500])
def test_a_poll_with_a_junk_presence_token_answers_and_marks_nothing(client, game, junk):
    url = reverse("games:poll", args=[game.id]) + f"?since={game.seq}&chat=0&seen={junk}"
    assert client.get(url, HTTP_HX_REQUEST="true").status_code == 204
    assert not game.seats.filter(last_seen_at__isnull=False).exists()


def test_an_open_pages_poll_writes_its_presence_only_now_and_then(
    client, game, django_assert_num_queries
):
    client.force_login(user_at(game, 0))
    page = client.get(reverse("games:game", args=[game.id])).content.decode()
    [url] = re.findall(r'hx-get="([^"]*/poll/[^"]*seen=[^"]*)"', page)
    with django_assert_num_queries(2):  # the changes, and the presence
        assert client.get(unescape(url), HTTP_HX_REQUEST="true").status_code == 204
    with django_assert_num_queries(1):
        assert client.get(unescape(url), HTTP_HX_REQUEST="true").status_code == 204


def test_the_poll_returns_the_board_when_a_move_was_made(client, game):
    active, action = front_plant(game)
    services.move_submit(game_id=game.id, user=user_at(game, active), action=action, expected_seq=0)
    client.force_login(user_at(game, active))
    response = client.get(
        reverse("games:poll", args=[game.id]) + "?since=0&chat=0", HTTP_HX_REQUEST="true"
    )
    assert response.status_code == 200
    assert 'data-seq="1"' in response.content.decode()


def test_the_poll_returns_the_board_when_someone_chatted(client, game):
    services.chat_post(game_id=game.id, user=user_at(game, 1), text="Blue for chili, anyone?")
    client.force_login(user_at(game, 0))
    response = client.get(
        reverse("games:poll", args=[game.id]) + "?since=0&chat=0", HTTP_HX_REQUEST="true"
    )
    assert response.status_code == 200
    assert "Blue for chili, anyone?" in response.content.decode()


def test_the_chat_form_posts_a_message(client, game):
    client.force_login(user_at(game, 2))
    response = client.post(
        reverse("games:chat", args=[game.id]), {"text": "hello"}, HTTP_HX_REQUEST="true"
    )
    assert response.status_code == 200
    assert ChatMessage.objects.get(game=game).text == "hello"


def test_a_spectator_cannot_chat(client, game):
    client.force_login(make_user("dave"))
    response = client.post(reverse("games:chat", args=[game.id]), {"text": "hi"})
    assert response.status_code == 403
    assert not ChatMessage.objects.exists()


# Query counts


def test_the_game_page_keeps_a_pinned_number_of_queries(
    client, game, django_assert_max_num_queries
):
    for _ in range(6):
        position, user, action = awaited(game)
        services.move_submit(game_id=game.id, user=user, action=action, expected_seq=game.seq)
        services.chat_post(game_id=game.id, user=user, text="moved")
    client.force_login(user_at(game, 0))
    # session, user, game, seats, log, chat, and the open deadlines (the clocks)
    with django_assert_max_num_queries(7):
        response = client.get(reverse("games:game", args=[game.id]))
    assert response.status_code == 200


def test_a_changed_poll_keeps_a_pinned_number_of_queries(
    client, game, django_assert_max_num_queries
):
    client.force_login(user_at(game, 0))
    # Not an htmx request, so the whole page: the game page's queries and the changes.
    with django_assert_max_num_queries(8):
        response = client.get(reverse("games:poll", args=[game.id]) + "?since=-1")
    assert response.status_code == 200


def test_the_lobby_keeps_a_pinned_number_of_queries(
    client, players, game, django_assert_max_num_queries
):
    for _ in range(3):
        services.game_create(user=players["bob"], edition="amigo-classic", players=4, options={})
    client.force_login(players["alice"])
    with django_assert_max_num_queries(6):
        response = client.get(reverse("games:home"))
    assert response.status_code == 200


# The lobby


def test_my_games_says_why_a_game_waits_for_me(client, game):
    position, user, _ = awaited(game)
    client.force_login(user)
    html = client.get(reverse("games:home")).content.decode()
    assert "your turn" in html
    client.force_login(user_at(game, (position + 1) % 3))
    html = client.get(reverse("games:home")).content.decode()
    assert "your turn" not in html
    assert "waiting for" in html


def test_a_game_is_created_joined_by_invitation_filled_with_a_bot_and_started(client, players):
    client.force_login(players["alice"])
    response = client.post(
        reverse("games:create"),
        {
            "name": "Friday beans",
            "edition": "amigo-1997",
            "players": "3",
            "is_open": "0",
            "time_control": "relaxed",
            "option_three_fields_at_three": "on",
        },
    )
    game = Game.objects.get(name="Friday beans")
    assert response.status_code == 302
    assert game.options == {"three_fields_at_three": True, "cheap_third_field_at_five": False}
    assert (game.is_open, game.time_control) == (False, "relaxed")
    page = client.get(reverse("games:game", args=[game.id])).content.decode()
    invite = reverse("games:invite", args=[game.id, game.invite_token])
    assert invite in page

    client.force_login(players["bob"])
    assert "Take a seat" in client.get(invite).content.decode()
    assert game.seats.count() == 1  # a GET never takes a seat
    client.post(invite)
    assert game.seats.count() == 2

    client.force_login(players["alice"])
    client.post(reverse("games:add_bot", args=[game.id]))
    client.post(reverse("games:start", args=[game.id]))
    game.refresh_from_db()
    assert game.status == Game.Status.RUNNING


def test_an_invitation_only_game_refuses_a_join_without_the_token(client, players):
    game = services.game_create(
        user=players["alice"], edition="amigo-classic", players=3, options={}, is_open=False
    )
    client.force_login(players["bob"])
    response = client.post(reverse("games:join", args=[game.id]), follow=True)
    assert "by invitation only" in response.content.decode()
    assert game.seats.count() == 1


def test_the_create_form_refuses_a_player_count_the_edition_does_not_allow(client, players):
    client.force_login(players["alice"])
    response = client.post(
        reverse("games:create"), {"edition": "amigo-classic", "players": "2", "is_open": "1"}
    )
    assert response.status_code == 200
    assert "played by 3 to 5 players" in response.content.decode()
    assert not Game.objects.exists()


def test_a_player_leaves_and_the_creator_cancels(client, players):
    game = services.game_create(
        user=players["alice"], edition="amigo-classic", players=3, options={}
    )
    services.seat_join(game_id=game.id, user=players["bob"])
    client.force_login(players["bob"])
    client.post(reverse("games:leave", args=[game.id]))
    assert game.seats.count() == 1
    client.force_login(players["alice"])
    client.post(reverse("games:cancel", args=[game.id]))
    game.refresh_from_db()
    assert game.status == Game.Status.CANCELLED


# The end


def play_to_the_end(game: Game) -> None:
    for _ in range(3000):
        if state_of(game).over:
            return
        position, user, action = awaited(game)
        services.move_submit(game_id=game.id, user=user, action=action, expected_seq=game.seq)
    raise AssertionError("the game did not end")


def test_a_finished_game_shows_scores_the_seed_and_a_replay_with_every_hand(client, game):
    play_to_the_end(game)
    client.force_login(user_at(game, 0))
    html = client.get(reverse("games:game", args=[game.id])).content.decode()
    assert "The end" in html
    assert game.seed in html
    assert "hx-trigger" not in html  # the poll stops
    assert "badge-active" not in html  # nobody's turn any more
    assert "Your hand" in html
    check = client.get(reverse("games:seed", args=[game.id])).content.decode()
    assert "matches the hash" in check

    history = reverse("games:history", args=[game.id])
    start = client.get(history + "?seq=0").content.decode()
    assert "Every hand, face up" in start
    dealt = engine.new_game("amigo-classic", state_of(game).names, game.seed)[0].hands
    assert {card for hand in dealt for card in hand} <= card_ids_in(start)
    middle = client.get(history + f"?seq={game.seq // 2}")
    assert middle.status_code == 200
    assert client.get(history + "?seq=junk").status_code == 200


def test_the_replay_is_only_for_finished_games(client, game):
    client.force_login(user_at(game, 0))
    assert client.get(reverse("games:history", args=[game.id])).status_code == 404
    assert client.get(reverse("games:seed", args=[game.id])).status_code == 404


# Buttons come from the legal moves, and only from them


def posted_moves(html: str) -> list[dict]:
    return [
        json.loads(unescape(found)) for found in re.findall(r'name="action" value="([^"]*)"', html)
    ]


def expected_buttons(legal: list[dict]) -> list[dict]:
    """The one-button moves the page should offer for these legal moves."""
    buttons = []
    for action in legal:
        kind = action["kind"]
        if kind == "plant":
            buttons += [
                {"kind": "plant", "card": action["card"], "field": f} for f in action["fields"]
            ]
        elif kind in ("decline", "withdraw"):
            buttons.append({"kind": kind, "offer": action["offer"]})
        elif kind in ("harvest", "discard"):
            key = "field" if kind == "harvest" else "card"
            buttons.append({"kind": kind, key: action[key]})
        elif kind not in ("offer", "accept"):
            buttons.append({"kind": kind})
    return buttons


@pytest.mark.parametrize(("edition", "count"), [("amigo-classic", 3), ("rio-grande", 2)])
def test_every_button_is_a_legal_move_and_every_legal_move_has_one(client, players, edition, count):
    names = ["alice", "bob", "carol"][:count]
    created = services.game_create(
        user=players["alice"], edition=edition, players=count, options={}
    )
    for name in names[1:]:
        services.seat_join(game_id=created.id, user=players[name])
    game = services.game_start(game_id=created.id, user=players["alice"])
    kinds_seen = set()
    for step in range(60):
        state = state_of(game)
        for position in range(count):
            legal = engine.legal_actions(state, position)
            client.force_login(user_at(game, position))
            html = client.get(reverse("games:game", args=[game.id])).content.decode()
            buttons = posted_moves(html)
            assert sorted(map(json.dumps, buttons)) == sorted(
                map(json.dumps, expected_buttons(legal))
            ), (step, position)
            assert ("Make an offer" in html) == any(a["kind"] == "offer" for a in legal)
            kinds_seen |= {button["kind"] for button in buttons}
        position, user, action = awaited(game)
        services.move_submit(game_id=game.id, user=user, action=action, expected_seq=game.seq)
    assert {"plant", "harvest"} <= kinds_seen


@pytest.mark.parametrize("game_id", [123456, 2**31 + 5, 10**30])
def test_a_poll_for_a_game_that_does_not_exist_gets_a_404(client, game_id):
    assert client.get(f"/games/{game_id}/poll/?since=0&chat=0").status_code == 404


def test_the_board_endpoints_of_a_game_not_yet_started_answer_without_a_board(client, players):
    game = services.game_create(
        user=players["alice"], edition="amigo-classic", players=3, options={}
    )
    client.force_login(players["alice"])
    assert client.get(reverse("games:poll", args=[game.id]) + "?since=0").status_code == 204
    assert client.get(reverse("games:poll", args=[game.id]) + "?since=5").status_code == 404
    response = client.post(
        reverse("games:move", args=[game.id]),
        {"action": '{"kind": "end_trading"}', "expected_seq": 0},
    )
    assert response.status_code == 409
    assert client.get(reverse("games:log", args=[game.id])).status_code == 404
