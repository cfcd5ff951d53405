"""Bohnaparte by mail: "you are attacked" with a one-click defence from the deck, and the
final scores in victory points."""

import re
from urllib.parse import urlsplit

import pytest

from games import engine
from games.engine import BEANS
from games.engine.bohnaparte.board import board_map, part
from games.engine.bohnaparte.lands import MONASTERY, PADDOCK
from games.mail import compose
from games.models import Game, Outbox
from games.services.moves import move_submit
from tests.games.campaigns import bohnaparte_game, to_attack
from tests.games.helpers import play_until
from tests.helpers import fresh, state_of, user_at

pytestmark = pytest.mark.django_db


def attacked(users):
    """An attack on a seat's land, made with a card from the attacker's hand; the game, the
    attacker's card and the defender."""
    game, attacker, target = to_attack(bohnaparte_game(users))
    state = state_of(game)
    card = state.hands[attacker][0]
    defender = part(state).owners[target]
    move_submit(
        game_id=game.id,
        user=user_at(game, attacker),
        action={"kind": "attack", "land": target, "card": card},
        expected_seq=game.seq,
    )
    return fresh(game), card, defender


def mail_to(game, defender):
    """The defender's "you are attacked" mail, as it is sent."""
    [row] = Outbox.objects.filter(game=game, kind="attacked")
    assert row.user == user_at(game, defender)
    return compose.row_message(row)


def defend_path(message) -> str:
    url = re.search(r"Defend with the top of the deck: (\S+)", message.body).group(1)
    return urlsplit(url).path


def test_the_defender_is_mailed_with_a_link_to_defend_and_one_to_choose(alice, bob, carol):
    game, card, defender = attacked([alice, bob, carol])

    message = mail_to(game, defender)

    assert "attacks your" in message.subject
    assert "Defend with the top of the deck: http" in message.body
    assert "Choose a card on the game page: http" in message.body
    bean = engine.BEANS[state_of(game).card_beans[card]].name
    assert bean not in message.body.split("Choose your battle card")[0]


def test_opening_the_defence_link_changes_nothing_and_posting_it_defends(client, alice, bob, carol):
    game, _, defender = attacked([alice, bob, carol])
    path = defend_path(mail_to(game, defender))
    before = fresh(game).seq

    page = client.get(path)

    assert page.status_code == 200
    assert "top card of the deck" in page.content.decode()
    assert fresh(game).seq == before
    client.force_login(user_at(game, defender))
    client.post(path)
    events = [event["kind"] for event in fresh(game).moves.order_by("-seq").first().events]
    assert "battle" in events
    assert fresh(game).seq > before


def test_the_defence_link_after_the_battle_says_so_and_changes_nothing(client, alice, bob, carol):
    game, _, defender = attacked([alice, bob, carol])
    path = defend_path(mail_to(game, defender))
    move_submit(
        game_id=game.id,
        user=user_at(game, defender),
        action={"kind": "battle_card", "card": "deck"},
        expected_seq=game.seq,
    )
    before = fresh(game).seq

    response = client.post(path)

    assert "no longer waits for your card" in response.content.decode()
    assert fresh(game).seq == before


def test_the_end_of_the_game_mails_the_scores_in_victory_points(alice, bob, carol):
    game = play_until(bohnaparte_game([alice, bob, carol]), lambda state: state.over)

    row = Outbox.objects.filter(game=game, kind="game_over").first()
    scores = compose.row_message(row).body.split("Final scores:")[1]

    assert "victory point" in scores
    assert " coin" not in scores


def test_an_attacker_whose_cavalry_was_beaten_is_mailed_to_choose_a_second_card(alice, bob, carol):
    game, attacker, target = to_attack(bohnaparte_game([alice, bob, carol], cavalry=True))
    state = state_of(game)
    chart = board_map(state)
    paddock = next(land for land in chart.lands if chart.kinds[land] == PADDOCK and land != target)
    part(state).owners[paddock] = attacker
    defender = part(state).owners[target]
    blue = next(card for card in state.deck if BEANS[state.card_beans[card]].count == 20)
    state.deck.remove(blue)
    state.hands[defender].append(blue)
    Game.objects.filter(pk=game.pk).update(state=engine.to_dict(state))
    move_submit(
        game_id=game.id,
        user=user_at(game, attacker),
        action={"kind": "attack", "land": target, "cavalry": paddock},
        expected_seq=fresh(game).seq,
    )

    move_submit(
        game_id=game.id,
        user=user_at(game, defender),
        action={"kind": "battle_card", "card": blue},
        expected_seq=fresh(game).seq,
    )

    [row] = Outbox.objects.filter(game=game, kind="second_round")
    assert row.user == user_at(game, attacker)
    message = compose.row_message(row)
    assert "cavalry was beaten" in message.subject
    assert "second round" in message.body


def test_each_seat_is_mailed_when_it_is_its_turn_to_choose_a_camp(alice, bob, carol):
    game = bohnaparte_game([alice, bob, carol])
    first = engine.waiting_for(state_of(game))[0]
    assert [row.user for row in Outbox.objects.filter(game=game, kind="choose_camp")] == [
        user_at(game, first)
    ]
    camp = next(
        action["land"]
        for action in engine.legal_actions(state_of(game), first)
        if action["kind"] == "choose_camp"
    )

    move_submit(
        game_id=game.id,
        user=user_at(game, first),
        action={"kind": "choose_camp", "land": camp},
        expected_seq=game.seq,
    )

    second = engine.waiting_for(state_of(game))[0]
    rows = Outbox.objects.filter(game=game, kind="choose_camp").order_by("id")
    assert [row.user for row in rows] == [user_at(game, first), user_at(game, second)]
    assert "Choose your camp" in compose.row_message(rows.last()).subject


def test_a_turn_that_begins_at_the_monasteries_is_mailed_as_the_page_tells_it(alice, bob, carol):
    game = play_until(bohnaparte_game([alice, bob, carol]), lambda state: state.phase == "attack")
    state = state_of(game)
    following = (state.active + 1) % state.players
    monastery = board_map(state).kinds.index(MONASTERY)
    part(state).owners[monastery] = following
    Game.objects.filter(pk=game.pk).update(state=engine.to_dict(state))
    game = play_until(game, lambda state: state.active == following)
    state = state_of(game)
    row = Outbox.objects.filter(game=game, kind="your_turn", user=user_at(game, following))

    message = compose.row_message(row.latest("id"))

    assert engine.prompt(state, following).text in message.body
    assert "monaster" in message.body
    assert "Plant the front card" not in message.body
