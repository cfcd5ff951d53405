"""A card received in a trade that no field of the player takes: the page says why and shows
the harvests that make room, instead of a card with no button."""

import re

import pytest
from django.urls import reverse

from games import engine
from games.models import Game
from tests.helpers import state_of, user_at

from .helpers import start_trading

pytestmark = pytest.mark.django_db


def received_a_card_that_fits_no_field(game: Game) -> tuple[int, int]:
    """In the trading phase, a seat other than the active one has two fields of two other beans
    and has received a card of a third (the cards taken from the draw pile, so that every card
    is still somewhere once). The seat and the card."""
    active = start_trading(game)
    state = state_of(game)
    seat = (active + 1) % len(state.hands)
    beans = state.card_beans
    first_of = {}
    for card in state.deck:
        first_of.setdefault(beans[card], card)
    received, *planted = list(first_of.values())[: 1 + len(state.fields[seat])]
    for field, card in zip(state.fields[seat], planted, strict=True):
        state.discard += field
        field[:] = [card, next(c for c in state.deck if beans[c] == beans[card] and c != card)]
    for card in [received, *(c for field in state.fields[seat] for c in field)]:
        state.deck.remove(card)
    state.to_plant[seat].append(received)
    Game.objects.filter(pk=game.pk).update(state=engine.to_dict(state))
    return seat, received


def test_a_received_card_that_fits_no_field_says_to_harvest_first_with_the_harvests_open(
    client, started_game
):
    seat, card = received_a_card_that_fits_no_field(started_game)
    client.force_login(user_at(started_game, seat))
    html = client.get(reverse("games:game", args=[started_game.id])).content.decode()

    to_plant = html[html.index('class="to-plant"') :]
    assert f'data-card="{card}"' in to_plant[: to_plant.index("</li>")]
    assert "No field takes this card: harvest a field first" in to_plant[: to_plant.index("</li>")]
    mine = html[html.index('class="player me') : html.index('class="to-plant"')]
    opened = r'<details class="confirm" open>.*?id="(move-harvest-field\d)"'
    harvests = re.findall(opened, mine, re.S)
    legal = engine.legal_actions(state_of(started_game), seat)
    assert sorted(harvests) == sorted(
        f"move-harvest-field{a['field']}" for a in legal if a["kind"] == "harvest"
    )
    assert harvests, "at least one field may be harvested to make room"

