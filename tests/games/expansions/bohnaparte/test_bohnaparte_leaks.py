"""Bohnaparte's face-down cards never leave the server: a battle card chosen face down and the
cards of a munitions depot appear in no other seat's page, board partial, log or mail, for 3 to
6 players, with and without cavalry."""

import re

import pytest
from django.urls import reverse

from games import engine
from games.engine.bohnaparte.battle import depot_usable
from games.engine.bohnaparte.board import part
from games.mail import compose
from games.models import Game, Outbox
from tests.games.campaigns import attack_face_down, bohnaparte_game, to_attack
from tests.games.helpers import card_ids_in
from tests.helpers import fresh, make_user, state_of, user_at

pytestmark = pytest.mark.django_db

NAMES = ("alice", "bob", "carol", "dave", "erin", "frank")
# Cards named in the Bohnaparte forms, besides the patterns every page test uses.
FORM_CARD = re.compile(r'name="cards?" value="(\d+)"')


def shown_cards(html: str) -> set[int]:
    return card_ids_in(html) | {int(card) for card in FORM_CARD.findall(html)}


def with_depots(game: Game) -> Game:
    """Every seat holds a munitions depot of two cards from the deck (the base game only)."""
    state = state_of(game)
    for seat in range(state.players):
        part(state).depots[seat] = [state.deck.pop(), state.deck.pop()]
    Game.objects.filter(pk=game.pk).update(state=engine.to_dict(state))
    return fresh(game)


def what_each_sees(client, game: Game, position: int | None) -> str:
    """The whole page, the board partial and the log page, as one seat (None: a spectator)."""
    if position is None:
        client.force_login(make_user("spectator"))
    else:
        client.force_login(user_at(game, position))
    pages = [
        client.get(reverse("games:game", args=[game.id])),
        client.get(reverse("games:game", args=[game.id]), HTTP_HX_REQUEST="true"),
        client.get(reverse("games:log", args=[game.id])),
    ]
    assert [page.status_code for page in pages] == [200, 200, 200]
    return "".join(page.content.decode() for page in pages)


@pytest.mark.parametrize("cavalry", [False, True], ids=["base", "cavalry"])
@pytest.mark.parametrize("count", [3, 4, 5, 6])
def test_no_face_down_battle_card_or_depot_card_reaches_another_seat(client, count, cavalry):
    users = [make_user(name) for name in NAMES[:count]]
    game, attacker, target = to_attack(bohnaparte_game(users, cavalry=cavalry))
    if not cavalry:
        game = with_depots(game)
    state = state_of(game)
    # A depot card where one may fight (not in a swamp), else a card of the hand.
    usable = depot_usable(state, attacker, target)
    card = usable[0] if usable else state.hands[attacker][0]
    state = attack_face_down(game, attacker, target, card)
    depots = part(state).depots

    for position in [None, *range(count)]:
        hidden = {card} if position != attacker else set()
        for seat, cards in enumerate(depots):
            if seat != position and cards:
                hidden |= set(cards)
        assert hidden or position == attacker
        seen = shown_cards(what_each_sees(client, game, position))
        assert not seen & hidden, f"seat {position} of {count} sees {seen & hidden}"

    for row in Outbox.objects.filter(game=game, seq=game.seq).select_related("user"):
        message = compose.row_message(row)
        text = message.body + message.alternatives[0][0]
        assert "from your munitions depot" not in text and "from your hand" not in text
