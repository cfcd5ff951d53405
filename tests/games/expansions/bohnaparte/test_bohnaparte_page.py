"""Bohnaparte on the game page: the map, the victory points, the depot, and a form for every
move, posted to the ordinary move endpoint."""

import re
from html import unescape

import pytest
from django.urls import reverse

from games import engine
from games.engine.bohnaparte.board import part
from games.engine.bohnaparte.listing import MOVE_KINDS
from games.engine.bohnaparte.maps import MAPS
from games.models import Deadline, Game
from games.services.moves import move_submit
from games.services.timeouts import deadlines_sweep
from tests.games.campaigns import bohnaparte_game, to_attack
from tests.games.helpers import good_move, play_until, post_move, seq_of
from tests.helpers import fresh, started, state_of, user_at

pytestmark = pytest.mark.django_db


@pytest.fixture
def campaign(alice, bob, carol):
    return bohnaparte_game([alice, bob, carol])


def page_of(client, game: Game, position: int) -> str:
    client.force_login(user_at(game, position))
    return client.get(reverse("games:game", args=[game.id])).content.decode()


def form_move(client, game: Game, fields: dict):
    """A move posted as the page's forms post it: the move's own fields."""
    return client.post(
        reverse("games:move", args=[game.id]),
        {"expected_seq": seq_of(game), **fields},
        HTTP_HX_REQUEST="true",
    )


def test_the_page_draws_the_map_with_every_land_and_each_seats_victory_points(client, campaign):
    state = state_of(campaign)
    lands = len(part(state).owners)

    html = page_of(client, campaign, 0)

    assert '<svg class="map"' in html
    assert len(re.findall(r'<g class="land land-', html)) == lands
    assert "Victory points" in html
    assert ">Monastery<" in html and ">City<" in html


def test_the_first_chooser_picks_a_camp_with_a_button_and_the_map_shows_their_token(
    client, campaign
):
    state = state_of(campaign)
    chooser = engine.waiting_for(state)[0]
    html = page_of(client, campaign, chooser)
    assert "Choose your camp" in html
    camp = next(
        action["land"]
        for action in engine.legal_actions(state, chooser)
        if action["kind"] == "choose_camp"
    )

    response = post_move(client, campaign, {"kind": "choose_camp", "land": camp}, seq_of(campaign))

    assert response.status_code == 200
    assert part(state_of(campaign)).owners[camp] == chooser
    html = page_of(client, campaign, chooser)
    assert f'data-land="{camp}"' in html
    assert "Choose your camp" not in html


def test_an_attack_from_the_form_waits_for_the_defender_who_answers_on_their_page(client, campaign):
    game, attacker, target = to_attack(campaign)
    defender = part(state_of(game)).owners[target]
    assert "Attack for 1 coin" in page_of(client, game, attacker)

    response = form_move(client, game, {"kind": "attack", "land": target, "card": "deck"})

    assert response.status_code == 200
    state = state_of(game)
    assert engine.waiting_for(state) == [defender]
    html = page_of(client, game, defender)
    assert "Your battle card, face down" in html
    assert "attacks your" in html
    response = form_move(client, game, {"kind": "battle_card", "card": "deck"})
    assert response.status_code == 200
    kinds = [line["kind"] for line in fresh(game).moves.last().events]
    assert "battle" in kinds


def test_the_attack_form_says_which_targets_a_depot_card_may_not_be_played_against(
    client, campaign
):
    game = play_until(campaign, lambda state: state.phase == "attack")
    state = state_of(game)
    attacker = state.active
    board = part(state)
    near, swamp = next(
        found
        for kind in ("farm", "village", "city", "monastery", "mine", "iron_mine", "forest")
        for found in _pairs(state, kind, "swamp")
        if board.owners[found[1]] is None
    )
    board.owners[near] = attacker  # the swamp beside it is a target, with other lands
    board.depots[attacker] = [state.deck.pop()]
    depot_card = board.depots[attacker][0]
    Game.objects.filter(pk=game.pk).update(state=engine.to_dict(state))
    attacks = [a for a in engine.legal_actions(state, attacker) if a["kind"] == "attack"]
    refused = [a["land"] for a in attacks if depot_card not in a["cards"]]
    assert refused == [swamp] and len(attacks) > 1

    html = unescape(page_of(client, game, attacker))

    form = html[html.index('id="attack-form"') :]
    label = form[form.index(f'id="attack-card{depot_card}"') :]
    label = label[: label.index("</label>")]
    swamp_name = re.search(rf'<option value="{swamp}">([^<]*)</option>', form)[1]
    assert re.search(rf"not against {re.escape(swamp_name)}\s*</span>", label)
    hand_card = state.hands[attacker][0] if state.hands[attacker] else None
    if hand_card is not None:
        hand_label = form[form.index(f'id="attack-card{hand_card}"') :]
        assert "not against" not in hand_label[: hand_label.index("</label>")]


def _pairs(state, near: str, far: str):
    chart = MAPS[part(state).map]
    for land in chart.lands:
        if chart.kinds[land] == near:
            for other in chart.neighbours[land]:
                if chart.kinds[other] == far:
                    yield land, other


def test_an_attack_on_a_land_out_of_reach_is_refused_with_a_reason_and_changes_nothing(
    client, campaign
):
    game, _, _ = to_attack(campaign)
    state = state_of(game)
    reach = {a.get("land") for a in engine.legal_actions(state, state.active)}
    far = next(
        land
        for land, owner in enumerate(part(state).owners)
        if land not in reach and owner != state.active
    )
    before = seq_of(game)
    client.force_login(user_at(game, state.active))

    response = form_move(client, game, {"kind": "attack", "land": far, "card": "deck"})

    assert response.status_code == 400
    assert re.search(r"river|next to one of yours", response.content.decode())
    assert seq_of(game) == before


def test_a_defender_who_does_not_answer_defends_with_the_top_of_the_deck(campaign):
    game, attacker, target = to_attack(campaign)
    defender = part(state_of(game)).owners[target]
    move_submit(
        game_id=game.id,
        user=user_at(game, attacker),
        action={"kind": "attack", "land": target, "card": "deck"},
        expected_seq=game.seq,
    )
    due = Deadline.objects.get(game=game, done=False, seat__position=defender)
    Deadline.objects.filter(id=due.id).update(due_at=due.due_at.replace(year=2000))

    assert deadlines_sweep() >= 1

    battle = next(
        event
        for event in fresh(game).moves.order_by("-seq").first().events
        if event["kind"] == "battle"
    )
    assert battle["data"]["defence_from"] == "deck"


def test_a_depot_shows_its_cards_to_its_owner_and_only_a_count_to_the_others(client, campaign):
    game = play_until(campaign, lambda state: state.turn >= 1 and state.phase != "choose_camp")
    state = state_of(game)
    owner = state.active
    ours = part(state)
    ours.depots[owner] = [state.deck[-1], state.deck[-2]]
    del state.deck[-2:]
    Game.objects.filter(pk=game.pk).update(state=engine.to_dict(state), seq=game.seq)
    hidden = set(ours.depots[owner])

    mine = page_of(client, game, owner)
    other = page_of(client, game, (owner + 1) % 3)

    assert "Your munitions depot" in mine
    assert hidden <= {int(card) for card in re.findall(r'data-card="(\d+)"', mine)}
    assert "2 cards face down" in other
    assert not hidden & {int(card) for card in re.findall(r'data-card="(\d+)"', other)}


def test_buying_a_depot_from_the_page_takes_three_coins(client, campaign):
    game = play_until(campaign, lambda state: state.turn >= 1 and state.phase != "choose_camp")
    state = state_of(game)
    seat = state.active
    state.coins[seat] = state.deck[-3:]
    del state.deck[-3:]
    Game.objects.filter(pk=game.pk).update(state=engine.to_dict(state))
    assert "Buy a munitions depot" in page_of(client, game, seat)

    response = post_move(client, game, {"kind": "buy_depot"}, seq_of(game))

    assert response.status_code == 200
    after = state_of(game)
    assert part(after).depots[seat] == [] and not after.coins[seat]


def test_the_finished_game_ranks_by_victory_points(client, campaign):
    game = play_until(campaign, lambda state: state.over)

    html = page_of(client, game, 0)

    result = html[html.index('aria-label="The end"') :]
    assert "<th>Victory points</th>" in result
    assert "victory points" in result


def test_the_cavalry_page_shows_merchants_and_no_depot(client, alice, bob, carol):
    game = bohnaparte_game([alice, bob, carol], cavalry=True)

    html = page_of(client, game, 0)

    assert "<th>Merchant</th>" in html
    assert "munitions depot" not in html


@pytest.mark.parametrize("cavalry", [False, True], ids=["base", "cavalry"])
def test_a_whole_game_is_played_with_the_controls_the_pages_offer(
    client, alice, bob, carol, cavalry
):
    """Each Bohnaparte move a good player makes is offered on its page (a button or a form of
    that kind) and is posted to the move endpoint, to the end of the game; the base game's
    moves between them, which other tests post from their pages, go through the service."""
    game = bohnaparte_game([alice, bob, carol], cavalry=cavalry)
    offered = set()
    while (state := state_of(game)).over is False:
        position = engine.waiting_for(state)[0]
        action = good_move(game, position)
        user = user_at(game, position)
        if action["kind"] not in MOVE_KINDS:
            move_submit(game_id=game.id, user=user, action=action, expected_seq=seq_of(game))
            continue
        html = page_of(client, game, position)
        kind = action["kind"]
        assert f'value="{kind}"' in html or f"&quot;kind&quot;:&quot;{kind}&quot;" in html
        offered.add(kind)
        response = post_move(client, game, action, seq_of(game), HTTP_HX_REQUEST="true")
        assert response.status_code == 200, response.content.decode()[:300]

    assert {"choose_camp", "attack"} <= offered
    html = page_of(client, game, 0)
    assert "Game over" in html
    assert client.get(reverse("games:log", args=[game.id])).status_code == 200
    replay = client.get(reverse("games:history", args=[game.id]), {"seq": seq_of(game) // 2})
    assert '<svg class="map"' in replay.content.decode()


@pytest.mark.parametrize(
    ("fields", "reason"),
    [
        ({"land": "north", "card": "deck"}, "'land' must be a whole number."),
        ({"land": "TARGET", "card": "top"}, "'card' must be a whole number."),
        ({"land": "99999", "card": "deck"}, "There is no such land on the map."),
        ({"land": "TARGET"}, "Choose a battle card"),
    ],
)
def test_a_malformed_attack_gets_a_clear_refusal_and_changes_nothing(
    client, campaign, fields, reason
):
    game, attacker, target = to_attack(campaign)
    before = seq_of(game)
    client.force_login(user_at(game, attacker))
    if fields["land"] == "TARGET":  # a land the attacker may attack
        fields = {**fields, "land": str(target)}

    response = form_move(client, game, {"kind": "attack", **fields})

    assert response.status_code == 400
    assert reason in unescape(response.content.decode())
    assert seq_of(game) == before


def test_a_merchants_owner_takes_cards_in_the_order_chosen_on_the_page(client, alice, bob, carol):
    game = play_until(
        bohnaparte_game([alice, bob, carol], cavalry=True),
        lambda state: state.turn >= 1 and state.phase != "choose_camp",
    )
    state = state_of(game)
    for seat in range(state.players):
        part(state).merchants[seat] = [state.deck.pop(), state.deck.pop()]
    Game.objects.filter(pk=game.pk).update(state=engine.to_dict(state))
    game = play_until(game, lambda state: state.phase == "merchant_draw")
    state = state_of(game)
    seat = state.active
    drawn, offered = part(state).drawn, part(state).merchants[seat]
    html = page_of(client, game, seat)
    assert "Take these cards" in html and 'id="take-slot1"' in html
    chosen = [offered[1], *drawn[1:], drawn[0]][: len(drawn)]

    response = form_move(client, game, {"kind": "merchant_take", "cards": chosen})

    assert response.status_code == 200
    after = state_of(game)
    assert after.hands[seat][-len(chosen) :] == chosen
    assert offered[1] not in part(after).merchants[seat]


def test_the_map_costs_the_page_no_query_more(client, campaign, django_assert_max_num_queries):
    game, attacker, _ = to_attack(campaign)
    client.force_login(user_at(game, attacker))
    # as for every game page: session, version, user, game, seats, log, chat, deadlines
    with django_assert_max_num_queries(8):
        response = client.get(reverse("games:game", args=[game.id]))
    assert response.status_code == 200
    assert '<svg class="map"' in response.content.decode()


def test_each_holders_lands_carry_their_own_mark_even_where_names_share_a_letter(client, alice):
    game = started([alice], "bohnaparte", bots=2)
    state = state_of(game)
    owners = part(state).owners
    owners[0], owners[1], owners[2] = 0, 1, 2
    Game.objects.filter(pk=game.pk).update(state=engine.to_dict(state))

    client.force_login(alice)
    html = client.get(reverse("games:game", args=[game.id])).content.decode()

    marks = re.findall(r'class="token-letter">(\w+)<', html)
    assert len(marks) == 3 and len(set(marks)) == 3
    for mark, seat in zip(marks, (0, 1, 2), strict=True):
        name = game.seats.get(position=seat).name
        assert re.search(rf'class="token-mark"[^>]*>{mark}</span> {name}', html)


def test_a_phone_is_told_that_the_map_scrolls_sideways(client, campaign):
    html = page_of(client, campaign, 0)

    assert "swipe it sideways to see all of it" in html
    assert 'class="map-wrap" tabindex="0"' in html
