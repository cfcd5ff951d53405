"""The trade book on the game page: standing offers posted, shown and taken, answer rules, the
pass and the turn plan set through the page's forms, refusals read on the board, and what the
book did for a player while they were away."""

import re
from datetime import timedelta
from html import unescape as html_unescape

import pytest
from django.core.cache import caches
from django.urls import reverse
from django.utils import timezone

from games.engine.beans import BEAN_KEYS
from games.models import Game, Move, Seat
from games.selectors.book import AWAY_PRESETS
from tests.games.helpers import (
    answers_everything,
    card_ids_in,
    everyone_at_the_page,
    post_move,
    seq_of,
    start_trading,
)
from tests.helpers import state_of, user_at

pytestmark = pytest.mark.django_db

BY_RULES = "(by your answer rules)."
DONE = "Done for you since your last visit"


def form_move(client, game: Game, position: int, fields: dict, **headers):
    """A move of the seat at `position` posted as the page's forms post it: the move's fields."""
    client.force_login(user_at(game, position))
    return client.post(
        reverse("games:move", args=[game.id]),
        {"expected_seq": seq_of(game), **fields},
        **headers,
    )


def page_of(client, game: Game, position: int | None) -> str:
    if position is not None:
        client.force_login(user_at(game, position))
    return client.get(reverse("games:game", args=[game.id])).content.decode()


def bean_of(state, card: int) -> str:
    return BEAN_KEYS[state.card_beans[card]]


def trading_table(game: Game) -> tuple[int, int, int]:
    """The game in its first trading phase: the active seat and the two others."""
    active = start_trading(game)
    first, second = [seat for seat in range(3) if seat != active]
    return active, first, second


def test_a_player_posts_a_standing_offer_through_the_page_and_sees_it(client, started_game):
    state = state_of(started_game)
    maker = (state.active + 1) % 3
    card = state.hands[maker][-1]
    wanted = bean_of(state, state.faceup[0]) if state.faceup else "blue"

    response = form_move(
        client,
        started_game,
        maker,
        {"kind": "stand", "give": [card], f"ask_{wanted}": "2", "receive_field": "1"},
    )

    assert response.status_code == 200
    offer = next(iter(state_of(started_game).book.standing.values()))
    assert (offer.maker, offer.give) == (maker, (card,))
    html = page_of(client, started_game, maker)
    mine = html[html.index("Your standing offers") : html.index("Post a standing offer")]
    assert f'data-card="{card}"' in mine
    assert f"standing offer {offer.id}" in mine
    assert f'id="move-withdraw-offer{offer.id}"' in mine


def test_another_seat_sees_a_standing_offers_cards_by_bean_only(client, started_game):
    state = state_of(started_game)
    maker = (state.active + 1) % 3
    gives = state.hands[maker][:2]
    form_move(client, started_game, maker, {"kind": "stand", "give": gives, "ask_blue": "1"})
    offer_id = next(iter(state_of(started_game).book.standing))

    for other in range(3):
        if other == maker:
            continue
        html = page_of(client, started_game, other)
        theirs = html[html.index("Standing offers of the others") :]
        assert f"standing offer {offer_id}" in theirs
        assert theirs.count(f"bean-{bean_of(state, gives[0])}") >= 1
        assert not card_ids_in(html) & set(state.hands[maker])


def test_a_spectator_sees_no_trade_book(client, started_game, dave):
    client.force_login(dave)
    assert "Trade book" not in page_of(client, started_game, None)


def standing_for_a_faceup_card(client, game: Game):
    """In the active player's trading, another player stands their front card for a face-up
    card: (active, maker, the state before, the card, the face-up card, the offer's number)."""
    active, maker, _ = trading_table(game)
    state = state_of(game)
    card, faceup = state.hands[maker][0], state.faceup[0]
    form_move(
        client, game, maker, {"kind": "stand", "give": [card], f"ask_{bean_of(state, faceup)}": "1"}
    )
    return active, maker, state, card, faceup, next(iter(state_of(game).book.standing))


def test_the_active_player_takes_a_standing_offer_with_its_take_button(client, started_game):
    active, maker, state, card, faceup, offer_id = standing_for_a_faceup_card(client, started_game)

    html = page_of(client, started_game, active)
    assert f'id="take-offer{offer_id}"' in html
    assert "&quot;kind&quot;:&quot;take&quot;" not in html  # no bare button for the move
    ticked = re.findall(
        rf'name="give" value="(\d+)" id="take{offer_id}-give\d+"[^>]* checked', html
    )
    response = form_move(
        client,
        started_game,
        active,
        {"kind": "take", "offer": str(offer_id), "give": ticked},
        HTTP_HX_REQUEST="true",
    )

    assert response.status_code == 200
    after = state_of(started_game)
    assert card in after.to_plant[active]
    assert faceup in after.to_plant[maker]
    assert after.book.standing == {}
    assert f'id="take-offer{offer_id}"' not in response.content.decode()


def test_answer_rules_set_on_the_page_accept_a_gift_at_once_and_only_their_player_reads_so(
    client, started_game
):
    active, receiver, third = trading_table(started_game)
    # Before: what the game does for them, said beside the rules they may set instead.
    defaults = 'id="book-defaults"'
    assert defaults in page_of(client, started_game, receiver)
    response = form_move(
        client,
        started_game,
        receiver,
        {"kind": "rules", "gifts": "on", "keep": "2", "otherwise": "decline"},
    )
    assert response.status_code == 200
    assert defaults not in page_of(client, started_game, receiver)
    rules = state_of(started_game).book.rules[receiver]
    assert (rules.gifts, rules.keep, rules.growing, rules.otherwise) == (True, 2, False, "decline")
    html = page_of(client, started_game, receiver)
    assert 'id="rules-gifts" checked' in html and 'id="rules-growing">' in html
    assert 'value="2"' in html[html.index('id="rules-keep"') - 120 :][:200]

    gift = state_of(started_game).faceup[0]
    client.force_login(user_at(started_game, active))
    offer = {"kind": "offer", "to": receiver, "give": [gift], "ask": {}}
    post_move(client, started_game, offer, seq_of(started_game))

    assert gift in state_of(started_game).to_plant[receiver]
    assert BY_RULES in page_of(client, started_game, receiver)
    assert BY_RULES not in page_of(client, started_game, active)
    assert BY_RULES not in page_of(client, started_game, third)


def test_a_preset_for_offers_while_away_says_what_it_does_and_one_tap_sets_it(client, started_game):
    active, receiver, third = trading_table(started_game)
    html = page_of(client, started_game, receiver)
    panel = html[html.index('id="book-away"') :][:6000]
    for said in (
        "Ask me about every offer",
        "Take the gifts that fit",
        "Trust the table",
        "I am away: decline everything",
        "Every offer made to you is declined, gifts too, until you change this.",
    ):
        assert said in panel
    assert "in force" not in panel
    button = re.search(
        r'<input type="hidden" name="action" value="([^"]*)"><button[^>]*>Trust', panel
    )
    action = html_unescape(button[1])

    response = form_move(client, started_game, receiver, {"action": action})

    assert response.status_code == 200
    rules = state_of(started_game).book.rules[receiver]
    assert (rules.gifts, rules.growing, rules.plant, rules.away) == (True, True, True, False)
    panel = page_of(client, started_game, receiver)
    now = re.search(r'<li class="preset preset-now">.*?</li>', panel, re.S)[0]
    assert "Trust the table" in now and "in force" in now
    # Their answer rules are theirs alone: the others see no preset in force.
    assert "preset-now" not in page_of(client, started_game, third)


def test_the_pass_button_passes_and_the_table_sees_who_passed(client, started_game):
    everyone_at_the_page(started_game)  # no pass assumed for anyone as trading begins
    active, passer, other = trading_table(started_game)
    html = page_of(client, started_game, passer)
    assert 'id="move-pass"' in html
    assert 'id="move-pass"' not in page_of(client, started_game, active)
    assert "gifts too, are then declined for you." in html  # what passing does to offers

    client.force_login(user_at(started_game, passer))
    response = post_move(client, started_game, {"kind": "pass"}, seq_of(started_game))

    assert response.status_code == 200
    name = Seat.objects.get(game=started_game, position=passer).name
    assert f"Passed in this trading phase: {name}." in page_of(client, started_game, other)
    assert 'id="move-pass"' not in page_of(client, started_game, passer)
    # At the table, on the passer's seat, for the others and for a spectator.
    badge = re.compile(rf'id="seat-{passer}".*?</header>', re.DOTALL)
    pages = [page_of(client, started_game, other)]
    client.logout()
    pages.append(page_of(client, started_game, None))
    for page in pages:
        assert 'class="badge badge-passed"' in badge.search(page)[0]
        assert "badge-passed" not in badge.sub("", page)  # on no other seat


def test_a_turn_plan_set_on_the_page_plays_the_turn(client, started_game):
    state = state_of(started_game)
    active, front = state.active, state.hands[state.active][0]
    # The two cards turned up are of the front card's bean: kept, they grow its field.
    beans = state.card_beans
    alike = [card for card in state.deck if beans[card] == beans[front]][:2]
    state.deck = [card for card in state.deck if card not in alike] + alike
    Game.objects.filter(pk=started_game.pk).update(state=state.to_dict())
    others = [seat for seat in range(3) if seat != active]
    for other in others:  # they answer at once and plant what they take: nobody is waited for
        form_move(
            client,
            started_game,
            other,
            {"kind": "rules", "gifts": "on", "plant": "on", "otherwise": "decline"},
        )
    response = form_move(
        client,
        started_game,
        active,
        {
            "kind": "plan",
            "front_card": str(front),
            "plant_front": "0",
            "next_card": str(state.hands[active][1]),
            "plant_next": "",
            "faceup": "give",
            "trading": "end",
            "kept": "on",
        },
    )

    assert response.status_code == 200
    after = state_of(started_game)
    grown = after.fields[active][0]
    assert grown[0] == front and sorted(grown[1:]) == sorted(alike)
    following = (active + 1) % 3
    assert after.turn == state.turn + 1 and after.active == following
    html = page_of(client, started_game, active)
    assert "You ended trading (by your turn plan)." in html
    assert "(by your turn plan)" not in page_of(client, started_game, following)


def test_the_page_shows_the_plan_and_drops_it(client, started_game):
    state = state_of(started_game)
    seat = (state.active + 1) % 3
    front = state.hands[seat][0]
    form_move(
        client,
        started_game,
        seat,
        {"kind": "plan", "front_card": str(front), "plant_front": "1", "trading": "passed"},
    )
    assert state_of(started_game).book.plans[seat].plant == [[front, 1]]
    html = page_of(client, started_game, seat)
    plan = html[html.index('id="book-plan"') :]
    assert re.search(r'id="plan-front">.*?<option value="1" selected>', plan)
    assert '<option value="passed" selected>' in plan

    response = form_move(client, started_game, seat, {"kind": "plan"})

    assert response.status_code == 200
    assert seat not in state_of(started_game).book.plans
    assert 'id="plan-drop"' not in response.content.decode()


def test_a_plan_for_every_turn_set_on_the_page_says_in_words_what_it_does(client, started_game):
    state = state_of(started_game)
    seat = (state.active + 1) % 3

    form_move(
        client,
        started_game,
        seat,
        {
            "kind": "plan",
            "plant_front": "obvious",
            "plant_next": "",
            "harvest": "best",
            "hand": "offer",
            "faceup": "offer",
            "trading": "passed",
            "kept": "on",
            "every": "on",
        },
    )

    plan = state_of(started_game).book.plans[seat]
    assert (plan.obvious, plan.every, plan.hand, plan.plant) == (1, True, "offer", [])
    html = page_of(client, started_game, seat)
    panel = html[html.index('id="book-plan"') :]
    summary = re.search(r'<p id="plan-summary">(.*?)</p>', panel)[1]
    assert summary.startswith("For every turn of yours, until you change it:")
    assert "the field that earns most is harvested" in summary
    assert "the rest of your hand stays as it is" in summary
    assert re.search(r'id="plan-front">.*?<option value="obvious" selected>', panel)
    assert re.search(r'id="plan-harvest">.*?<option value="best" selected>', panel)
    assert 'id="plan-every" checked' in panel
    assert 'id="plan-summary"' not in page_of(client, started_game, state.active)


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        (
            {"kind": "plan", "plant_front": "", "plant_next": "obvious"},
            "Only a front card that goes where it obviously goes lets the next follow.",
        ),
        ({"kind": "plan", "plant_front": "obvious", "harvest": "9"}, "Say which field to harvest"),
        (
            {"kind": "plan", "front_card": "{second}", "plant_front": "0"},
            "A plan plants the cards at the front of your hand, in order.",
        ),
        ({"kind": "rules", "keep": "99"}, "Keep back a whole number of cards from 0 to 10."),
        ({"kind": "rules", "keep": "lots"}, "&#x27;keep&#x27; must be a whole number."),
        ({"kind": "plan", "faceup": "burn"}, "Say what to do with the face-up cards"),
        ({"kind": "stand", "give": ["{second}"], "receive_field": "7"}, "You have no field"),
    ],
)
def test_junk_from_the_book_forms_is_refused_with_the_engines_words_and_changes_nothing(
    client, started_game, fields, message
):
    state = state_of(started_game)
    seat = (state.active + 1) % 3
    fields = {
        name: [v.format(second=state.hands[seat][1]) for v in value]
        if isinstance(value, list)
        else value.format(second=state.hands[seat][1])
        for name, value in fields.items()
    }
    if fields["kind"] == "stand":
        fields["ask_blue"] = "1"
    before = seq_of(started_game)

    response = form_move(client, started_game, seat, fields, HTTP_HX_REQUEST="true")

    assert response.status_code == 400
    assert message in response.content.decode()
    assert seq_of(started_game) == before
    assert state_of(started_game).book is None


def gifted_by_rule(client, game: Game) -> tuple[int, int]:
    """The receiver's rules accept the gift the active player makes them: (active, receiver)."""
    active, receiver, _ = trading_table(game)
    form_move(client, game, receiver, {"kind": "rules", "gifts": "on"})
    client.force_login(user_at(game, active))
    gift = state_of(game).faceup[0]
    post_move(client, game, {"kind": "offer", "to": receiver, "give": [gift], "ask": {}}, game.seq)
    return active, receiver


def test_a_player_back_from_away_reads_what_was_done_for_them_and_no_one_else_does(
    client, started_game
):
    Seat.objects.filter(game=started_game).update(last_seen_at=timezone.now() - timedelta(hours=1))
    gifted_by_rule(client, started_game)
    receiver = next(iter(state_of(started_game).book.rules))

    html = page_of(client, started_game, receiver)
    done = html[html.index(DONE) : html.index('id="board"')]
    assert done.count("<li") == 1 and BY_RULES in done
    for other in range(3):
        if other != receiver:
            assert DONE not in page_of(client, started_game, other)


def test_a_player_back_from_away_reads_that_their_standing_offer_was_taken(client, started_game):
    active, maker, _ = trading_table(started_game)
    Seat.objects.filter(game=started_game).update(last_seen_at=timezone.now() - timedelta(hours=1))
    card = state_of(started_game).hands[maker][0]
    form_move(client, started_game, maker, {"kind": "stand", "give": [card]})
    Seat.objects.filter(game=started_game).update(last_seen_at=timezone.now() - timedelta(hours=1))
    offer_id = next(iter(state_of(started_game).book.standing))
    client.force_login(user_at(started_game, active))
    post_move(client, started_game, {"kind": "take", "offer": offer_id}, seq_of(started_game))

    html = page_of(client, started_game, maker)

    done = html[html.index(DONE) : html.index('id="board"')]
    assert done.count("<li") == 1 and "as a gift" in done


def test_what_was_done_before_the_last_visit_or_while_the_page_is_open_is_not_listed(
    client, started_game
):
    _, receiver = gifted_by_rule(client, started_game)
    seat = Seat.objects.filter(game=started_game, position=receiver)

    def listed_after(seen) -> bool:
        seat.update(last_seen_at=seen)
        caches["pages"].clear()  # a page loaded afresh, as once its kept copy has expired
        return DONE in page_of(client, started_game, receiver)

    now = timezone.now()
    Move.objects.filter(game=started_game).update(created_at=now - timedelta(hours=2))
    assert listed_after(now - timedelta(hours=3))
    assert not listed_after(now - timedelta(hours=1))  # the gift came before the last visit
    assert not listed_after(now)  # the page is open: its poll came just now


def test_a_players_own_moves_are_not_listed_as_done_for_them(client, started_game):
    _, receiver = gifted_by_rule(client, started_game)
    client.force_login(user_at(started_game, receiver))
    post_move(client, started_game, {"kind": "rules", "away": True}, seq_of(started_game))

    html = page_of(client, started_game, receiver)

    done = html[html.index(DONE) : html.index('id="board"')]
    assert done.count("<li") == 1 and BY_RULES in done


def test_the_page_of_a_player_back_from_away_costs_one_query_more(
    client, started_game, django_assert_max_num_queries
):
    _, receiver = gifted_by_rule(client, started_game)
    client.force_login(user_at(started_game, receiver))
    # as for every game page (session, version, user, game, seats, log, chat, deadlines), and
    # the moves since the player's last visit
    with django_assert_max_num_queries(9):
        response = client.get(reverse("games:game", args=[started_game.id]))
    assert DONE in response.content.decode()


def test_the_book_has_no_bare_buttons_for_its_moves_but_the_presets(client, started_game):
    state = state_of(started_game)
    html = page_of(client, started_game, (state.active + 1) % 3)
    assert "Trade book" in html
    for kind in ("stand", "plan", "take"):
        assert f"&quot;kind&quot;:&quot;{kind}&quot;" not in html
    assert html.count("&quot;kind&quot;:&quot;rules&quot;") == len(AWAY_PRESETS)


def gift_offered(client, game: Game) -> tuple[int, int, int, int]:
    """The active player offers a face-up card to the next seat as a gift: (active, receiver,
    the card, the offer's id)."""
    active, receiver, _ = trading_table(game)
    gift = state_of(game).faceup[0]
    client.force_login(user_at(game, active))
    post_move(client, game, {"kind": "offer", "to": receiver, "give": [gift], "ask": {}}, game.seq)
    return active, receiver, gift, next(iter(state_of(game).offers))


def end_trading(client, game: Game, active: int) -> None:
    client.force_login(user_at(game, active))
    post_move(client, game, {"kind": "end_trading"}, seq_of(game))


def test_accepting_with_a_field_chosen_plants_the_card_there_without_the_player(
    client, started_game
):
    active, receiver, gift, offer_id = gift_offered(client, started_game)
    bean = bean_of(state_of(started_game), gift)
    html = page_of(client, started_game, receiver)
    assert re.search(rf'<select name="receive_field" id="accept{offer_id}-field">', html)
    assert f'name="receive_bean" value="{bean}"' in html

    response = form_move(
        client,
        started_game,
        receiver,
        {"kind": "accept", "offer": str(offer_id), "receive_field": "1", "receive_bean": bean},
    )
    assert response.status_code == 200
    end_trading(client, started_game, active)

    after = state_of(started_game)
    assert after.fields[receiver][1] == [gift]
    assert gift not in after.to_plant[receiver]
    assert "(the field you named with the trade)." in page_of(client, started_game, receiver)


def test_accepting_with_the_obvious_field_leaves_the_planting_to_the_player(client, started_game):
    active, receiver, gift, offer_id = gift_offered(client, started_game)
    bean = bean_of(state_of(started_game), gift)
    form_move(
        client,
        started_game,
        receiver,
        {"kind": "accept", "offer": str(offer_id), "receive_field": "", "receive_bean": bean},
    )
    end_trading(client, started_game, active)

    assert state_of(started_game).to_plant[receiver] == [gift]


def test_accepting_with_a_field_the_player_has_not_is_refused_and_changes_nothing(
    client, started_game
):
    _, receiver, gift, offer_id = gift_offered(client, started_game)
    before = seq_of(started_game)
    bean = bean_of(state_of(started_game), gift)

    response = form_move(
        client,
        started_game,
        receiver,
        {"kind": "accept", "offer": str(offer_id), "receive_field": "7", "receive_bean": bean},
        HTTP_HX_REQUEST="true",
    )

    assert response.status_code == 400
    assert "You have no field 8." in response.content.decode()
    assert seq_of(started_game) == before
    assert offer_id in state_of(started_game).offers


def test_taking_a_standing_offer_with_a_field_chosen_plants_the_card_there(client, started_game):
    active, maker, state, card, faceup, offer_id = standing_for_a_faceup_card(client, started_game)
    # The face-up card she keeps waits for her, whatever its bean (the defaults would plant
    # it beside the card taken when they share a bean).
    answers_everything(started_game, user_at(started_game, active))
    html = page_of(client, started_game, active)
    assert f'id="take{offer_id}-field"' in html
    empty = next(i for i, field in enumerate(state.fields[active]) if not field)

    form_move(
        client,
        started_game,
        active,
        {
            "kind": "take",
            "offer": str(offer_id),
            "give": [str(faceup)],
            "receive_field": str(empty),
            "receive_bean": bean_of(state, card),
        },
    )
    end_trading(client, started_game, active)

    assert state_of(started_game).fields[active][empty] == [card]
