"""A card received in a trade, or the front card of the hand, that no field of the player takes:
the page says why and shows the harvests that make room, instead of a card with no button."""

import re

import pytest
from django.urls import reverse

from games import engine
from games.models import Game
from tests.games.helpers import fields_without, front_card_that_fits_no_field, start_trading
from tests.helpers import state_of, user_at

pytestmark = pytest.mark.django_db


def received_a_card_that_fits_no_field(game: Game) -> tuple[int, int]:
    """In the trading phase, a seat other than the active one has fields of other beans and
    has received a card that none takes. The seat and the card."""
    active = start_trading(game)
    state = state_of(game)
    seat = (active + 1) % len(state.hands)
    received = state.deck.pop(0)
    fields_without(state, seat, state.card_beans[received])
    state.to_plant[seat].append(received)
    Game.objects.filter(pk=game.pk).update(state=engine.to_dict(state))
    return seat, received


def page_of(client, game: Game, seat: int) -> str:
    client.force_login(user_at(game, seat))
    return client.get(reverse("games:game", args=[game.id])).content.decode()


def assert_the_harvests_are_open(game: Game, seat: int, mine: str) -> None:
    """In the player's part of the page, the harvests that make room are open: all that may be
    made, and one at least."""
    opened = re.findall(r'<details class="confirm" open>.*?id="(move-harvest-field\d)"', mine, re.S)
    legal = engine.legal_actions(state_of(game), seat)
    assert opened, "at least one field may be harvested to make room"
    assert sorted(opened) == sorted(
        f"move-harvest-field{a['field']}" for a in legal if a["kind"] == "harvest"
    )


def test_a_received_card_that_fits_no_field_says_to_harvest_first_with_the_harvests_open(
    client, started_game
):
    seat, card = received_a_card_that_fits_no_field(started_game)
    html = page_of(client, started_game, seat)

    to_plant = html[html.index('class="to-plant"') :]
    assert f'data-card="{card}"' in to_plant[: to_plant.index("</li>")]
    assert "No field takes this card: harvest a field first" in to_plant[: to_plant.index("</li>")]
    mine = html[html.index('class="player me') : html.index('class="to-plant"')]
    assert_the_harvests_are_open(started_game, seat, mine)


def test_a_front_card_that_fits_no_field_says_to_harvest_first_with_the_harvests_open(
    client, started_game
):
    seat, front = front_card_that_fits_no_field(started_game)
    html = page_of(client, started_game, seat)

    hand = html[html.index(f'id="hand-{front}"') :]
    assert "No field takes this card: harvest a field first" in hand[: hand.index("</li>")]
    assert 'id="move-plant-' not in hand[: hand.index("</li>")]
    mine = html[html.index('class="player me') : html.index('class="hand-area"')]
    assert_the_harvests_are_open(started_game, seat, mine)


def test_a_front_card_a_field_takes_says_nothing_of_harvests(client, started_game):
    html = page_of(client, started_game, state_of(started_game).active)

    assert "No field takes this card" not in html
    assert '<details class="confirm" open>' not in html
