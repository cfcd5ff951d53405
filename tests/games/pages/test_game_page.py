"""The game page: what each seat sees, its buttons, clocks and log, and what it costs."""

import json
import re
from html import unescape

import pytest
from django.urls import reverse
from django.utils import timezone

from games import engine
from games.models import Deadline, Game, Seat
from games.selectors.book import AWAY_PRESETS, NO_RULES
from games.services.chat import chat_post
from games.services.lobby import game_create, game_start, seat_join
from games.services.moves import move_submit
from tests.games.helpers import awaited, card_ids_in, front_plant, start_trading
from tests.helpers import shown_at, started, state_of, user_at

pytestmark = pytest.mark.django_db


def test_each_seat_sees_its_own_hand_and_never_another_seats_hand_cards(client, started_game):
    state = state_of(started_game)
    for position in range(3):
        client.force_login(user_at(started_game, position))
        html = client.get(reverse("games:game", args=[started_game.id])).content.decode()
        shown = card_ids_in(html)
        assert set(state.hands[position]) <= shown
        for other in range(3):
            if other != position:
                assert not shown & set(state.hands[other]), f"seat {position} sees seat {other}"


def test_the_hand_is_shown_in_order_with_the_front_card_marked(client, started_game):
    state = state_of(started_game)
    client.force_login(user_at(started_game, 0))
    html = client.get(reverse("games:game", args=[started_game.id])).content.decode()
    hand_html = html[html.index('aria-label="Your hand"') :]
    order = [int(card) for card in re.findall(r'data-card="(\d+)"', hand_html)]
    assert order[: len(state.hands[0])] == state.hands[0]
    assert f'card-front" data-card="{state.hands[0][0]}"' in hand_html


def test_a_spectator_page_shows_no_hand_and_no_hand_card(client, started_game, dave):
    state = state_of(started_game)
    client.force_login(dave)
    html = client.get(reverse("games:game", args=[started_game.id])).content.decode()
    assert "Your hand" not in html
    assert "you are watching" in html
    assert not card_ids_in(html) & {card for hand in state.hands for card in hand}
    assert "seen=" not in html  # no seat, so no presence token


def test_an_anonymous_visitor_sees_the_spectator_page(anonymous_client, started_game):
    response = anonymous_client.get(reverse("games:game", args=[started_game.id]))
    assert response.status_code == 200
    assert "Your hand" not in response.content.decode()


def test_a_bot_gets_no_clock(client, alice):
    game = started([alice], "amigo-classic", bots=2)
    client.force_login(alice)
    html = client.get(reverse("games:game", args=[game.id])).content.decode()

    players_html = re.findall(r'<section class="player.*?</section>', html, re.S)
    with_clock = [player for player in players_html if 'class="clock"' in player]
    assert len(players_html) == 3
    assert len(with_clock) == 1
    assert "(you)" in with_clock[0]


def test_move_buttons_carry_unique_ids_so_a_poll_keeps_the_keyboard_focus(client, started_game):
    client.force_login(user_at(started_game, state_of(started_game).active))
    html = client.get(reverse("games:game", args=[started_game.id])).content.decode()

    buttons = re.findall(r'<button type="submit"( id="[^"]*")?', html)
    ids = re.findall(r' id="([^"]+)"', html)
    assert buttons and all(button_id for button_id in buttons)
    assert len(ids) == len(set(ids))


def test_the_board_shows_who_must_move_by_when_and_every_bank(client, started_game):
    active = state_of(started_game).active
    deadline = Deadline.objects.get(game=started_game, done=False)
    client.force_login(user_at(started_game, (active + 1) % 3))
    html = client.get(reverse("games:game", args=[started_game.id])).content.decode()

    players = re.findall(r'<section class="player.*?</section>', html, re.S)
    clocks = [player for player in players if "Must move by" in player]
    assert len(clocks) == 1
    assert "badge-active" in clocks[0]  # at the start, only the active player must move
    assert shown_at(deadline.due_at) in clocks[0]
    assert all("bank about 2 days" in player for player in players)


def test_only_the_awaited_seat_gets_buttons_for_its_legal_moves(client, started_game):
    active, action = front_plant(started_game)
    client.force_login(user_at(started_game, active))
    html = client.get(reverse("games:game", args=[started_game.id])).content.decode()
    assert "Plant in field" in html
    client.force_login(user_at(started_game, (active + 1) % 3))
    html = client.get(reverse("games:game", args=[started_game.id])).content.decode()
    assert "Plant in field" not in html
    assert "End trading" not in html


def test_the_log_shows_private_wording_only_to_its_own_seat(client, started_game):
    client.force_login(user_at(started_game, 0))
    html = client.get(reverse("games:game", args=[started_game.id])).content.decode()
    assert "You were dealt" in html
    assert re.search(r"\w+ was dealt 5 cards", html)


def test_a_counter_offer_is_prefilled_from_the_offer(client, started_game):
    active = start_trading(started_game)
    other = (active + 1) % 3
    state = state_of(started_game)
    wanted = engine.BEANS[state.card_beans[state.hands[other][0]]].key
    move_submit(
        game_id=started_game.id,
        user=user_at(started_game, active),
        action={"kind": "offer", "to": other, "give": [state.faceup[0]], "ask": {wanted: 1}},
        expected_seq=started_game.seq,
    )
    client.force_login(user_at(started_game, other))
    offer_id = state_of(started_game).next_offer - 1
    html = client.get(
        reverse("games:game", args=[started_game.id]) + f"?counter={offer_id}",
        HTTP_HX_REQUEST="true",
    ).content.decode()
    assert "Counter-offer" in html
    assert "data-dirty" in html
    assert re.search(rf'name="ask_faceup" value="{state.faceup[0]}"[^>]* checked', html)


@pytest.mark.parametrize("counter", ["²", "abc", "-1", "99999999999999999999"])
def test_a_junk_counter_offer_number_shows_the_page_without_a_prefill(
    client, started_game, counter
):
    client.force_login(user_at(started_game, 0))
    response = client.get(reverse("games:game", args=[started_game.id]), {"counter": counter})
    assert response.status_code == 200
    assert "Counter-offer" not in response.content.decode()


def test_the_game_page_keeps_a_pinned_number_of_queries(
    client, started_game, django_assert_max_num_queries
):
    for _ in range(6):
        position, user, action = awaited(started_game)
        move_submit(
            game_id=started_game.id, user=user, action=action, expected_seq=started_game.seq
        )
        chat_post(game_id=started_game.id, user=user, text="moved")
    client.force_login(user_at(started_game, 0))
    # A player with the page open (no lines of what the trade book did while they were away,
    # which cost a query of their own): whose moves the deal gives each seat varies.
    Seat.objects.filter(game=started_game).update(last_seen_at=timezone.now())
    # session, the game's version (for the page kept by it), user, game, seats, log, chat,
    # and the open deadlines (the clocks)
    with django_assert_max_num_queries(8):
        response = client.get(reverse("games:game", args=[started_game.id]))
    assert response.status_code == 200


def posted_moves(html: str) -> list[dict]:
    return [
        json.loads(unescape(found)) for found in re.findall(r'name="action" value="([^"]*)"', html)
    ]


def expected_buttons(legal: list[dict], book: dict) -> list[dict]:
    """The one-button moves the page should offer for these legal moves, and for the trade book
    as the view shows it (the pass, withdrawing a standing offer and the presets of the answer
    rules are not listed moves)."""
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
        elif kind not in ("offer", "accept", "take"):
            buttons.append({"kind": kind})
    if book["may_pass"]:
        buttons.append({"kind": "pass"})
    buttons += [{"kind": "withdraw", "offer": o["id"]} for o in book["standing"] if o["mine"]]
    if book["may_stand"]:  # the presets of the answer rules, but the one in force
        in_force = {**NO_RULES, **book["rules"]} if book["rules"] else None
        presets = ({**NO_RULES, **chosen} for chosen in AWAY_PRESETS.values())
        buttons += [{"kind": "rules", **rules} for rules in presets if rules != in_force]
    return buttons


@pytest.mark.parametrize(("edition", "count"), [("amigo-classic", 3), ("rio-grande", 2)])
def test_every_button_is_a_legal_move_and_every_legal_move_has_one(
    client, alice, bob, carol, edition, count
):
    game = started([alice, bob, carol][:count], edition)
    kinds_seen = set()
    for step in range(60):
        state = state_of(game)
        for position in range(count):
            legal = engine.legal_actions(state, position)
            client.force_login(user_at(game, position))
            html = client.get(reverse("games:game", args=[game.id])).content.decode()
            buttons = posted_moves(html)
            assert sorted(map(json.dumps, buttons)) == sorted(
                map(json.dumps, expected_buttons(legal, engine.view(state, position)["book"]))
            ), (step, position)
            assert ("Make an offer" in html) == any(a["kind"] == "offer" for a in legal)
            kinds_seen |= {button["kind"] for button in buttons}
        position, user, action = awaited(game)
        move_submit(game_id=game.id, user=user, action=action, expected_seq=game.seq)
    assert {"plant", "harvest"} <= kinds_seen


def page_of(client, game, user) -> str:
    client.force_login(user)
    return client.get(reverse("games:game", args=[game.id])).content.decode()


def test_a_rio_grande_table_of_three_is_not_called_the_bean_duel(client, alice, bob, carol):
    created = game_create(
        user=alice, edition="rio-grande", players=3, options={}, time_control="fast"
    )
    for user in (bob, carol):
        seat_join(game_id=created.id, user=user)
    game = game_start(game_id=created.id, user=alice)

    html = page_of(client, game, alice)

    assert "Bohnanza (Rio Grande)" in html and "Bean Duel" not in html
    assert "Fast (live play): 2 minutes bank, 20 seconds more per move" in html


def test_your_fields_moves_and_hand_come_before_the_other_players(client, started_game):
    active = state_of(started_game).active
    html = page_of(client, started_game, user_at(started_game, active))

    mine, hand = html.index('class="player me'), html.index('aria-label="Your hand"')
    others = html.index('<div class="players">')
    assert html.index('id="status"') < mine < hand < others
    assert len(re.findall(r'<section class="player[ "]', html)) == 3


def test_every_time_on_the_page_is_machine_readable_for_the_readers_own_zone(client, started_game):
    position, user, action = awaited(started_game)
    move_submit(game_id=started_game.id, user=user, action=action, expected_seq=started_game.seq)
    chat_post(game_id=started_game.id, user=user, text="Soy, anyone?")

    html = page_of(client, started_game, user)

    stamp = r'<time datetime="\d{4}-\d\d-\d\dT[^"]+"'
    assert re.search(stamp + " data-countdown>", html)  # a deadline
    assert len(re.findall(stamp + r">\d\d:\d\d</time>", html)) >= 2  # a log and a chat line


def test_a_seat_may_ask_to_be_told_of_its_move_and_a_spectator_is_not_asked(
    client, started_game, dave
):
    assert 'id="notify"' in page_of(client, started_game, user_at(started_game, 0))
    assert 'id="notify"' not in page_of(client, started_game, dave)


def test_a_lone_bean_says_why_it_cannot_be_harvested_while_another_field_is_crowded(
    client, started_game
):
    state = state_of(started_game)
    seat = state.active
    hand = state.hands[seat]
    state.fields[seat] = [hand[:1], []]
    state.fields[seat][1] = [card for card in state.deck if state.card_beans[card] == 2][:2]
    for card in state.fields[seat][1]:
        state.deck.remove(card)
    hand.remove(state.fields[seat][0][0])
    Game.objects.filter(pk=started_game.pk).update(state=engine.to_dict(state))

    html = page_of(client, started_game, user_at(started_game, seat))

    assert "Why no harvest?" in html
    assert "the bean protection rule" in html
