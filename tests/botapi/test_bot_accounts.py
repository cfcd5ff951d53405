"""Bot accounts: their tokens, their marks beside their names, their own rating pools and the
leagues that let them in."""

import pytest

from botapi.models import ApiToken
from botapi.tokens import digest
from games.services.lobby import game_create
from leagues.models import Rating
from leagues.services import leagues as league_services
from tests.botapi.conftest import bot_account
from tests.botapi.helpers import bearer
from tests.helpers import started
from tests.leagues.helpers import ended_with

pytestmark = pytest.mark.django_db


def test_a_token_is_shown_once_and_kept_only_as_the_digest_of_its_secret(client, alice):
    client.force_login(alice)
    client.post("/account/api/", {"is_bot": "1"})
    page = client.post("/account/api/", {"create": "1", "name": "laptop", "scopes": ["play"]})
    shown = page.context["new_token"]
    prefix, secret = shown.split(".")
    stored = ApiToken.objects.get(user=alice)
    assert (stored.prefix, stored.digest, stored.scopes) == (prefix, digest(secret), "play")
    assert secret not in str(ApiToken.objects.filter(pk=stored.pk).values().get())
    assert secret not in client.get("/account/api/").content.decode()
    assert client.get("/api/v1/me", **bearer(shown)).json() == {
        "name": "alice",
        "scopes": ["play"],
    }


def test_the_api_page_links_to_the_apis_docs(client, alice):
    client.force_login(alice)
    client.post("/account/api/", {"is_bot": "1"})

    page = client.get("/account/api/").content.decode()

    assert '<a href="/api/v2/docs">/api/v2/docs</a>' in page


def test_a_persons_account_gets_no_token(client, alice):
    client.force_login(alice)
    page = client.post("/account/api/", {"create": "1", "name": "laptop", "scopes": ["play"]})
    assert page.status_code == 403
    assert not ApiToken.objects.exists()


def test_a_bot_account_is_marked_as_one_beside_its_name_at_the_table_and_in_the_lobby(
    client, alice
):
    robo, _ = bot_account("robo")
    waiting = game_create(user=robo, edition="rio-grande", players=3, options={})
    assert "robo (bot account)" in client.get("/").content.decode()
    lobby = client.get(f"/games/{waiting.id}/").content.decode()
    assert 'robo <span class="muted">(bot account)</span>' in lobby
    game = started([alice, robo])
    client.force_login(alice)
    page = client.get(f"/games/{game.id}/").content.decode()
    assert 'robo <span class="muted">(bot account)</span>' in page
    assert 'alice <span class="muted">(bot account)' not in page


def test_a_game_with_a_bot_account_is_rated_in_the_bots_pool_and_marked_there(
    client, alice, bob, carol
):
    robo, _ = bot_account("robo")
    ended_with(started([alice, bob, carol, robo], edition="amigo-1997"), coins=[9, 6, 6, 2])
    pools = set(Rating.objects.values_list("pool", flat=True))
    assert pools == {"bohnanza-4-5-bots"}
    Rating.objects.update(games=5)
    board = client.get("/ratings/bohnanza-4-5-bots/").content.decode()
    assert "Bohnanza, 4 or 5 players, with bots" in board
    assert 'robo</a> <span class="muted">(bot account)</span>' in board
    assert "(bot account)" in client.get(f"/players/{robo.pk}/").content.decode()


def test_a_bot_account_signs_up_only_for_a_league_that_allows_bots(client, alice):
    robo, _ = bot_account("robo")
    people = league_services.league_create(
        user=alice, name="People", edition="rio-grande", players=3, group_size=3, promoted=1
    )
    open_to_bots = league_services.league_create(
        user=alice,
        name="Open",
        edition="rio-grande",
        players=3,
        group_size=3,
        promoted=1,
        allow_bots=True,
    )
    with pytest.raises(league_services.NotAllowed, match="bot accounts may not sign up"):
        league_services.season_sign_up(
            season_id=people.seasons.get().id, user=robo, token=people.invite_token
        )
    entry = league_services.season_sign_up(
        season_id=open_to_bots.seasons.get().id, user=robo, token=open_to_bots.invite_token
    )
    assert entry.user == robo
    client.force_login(alice)
    said = "bot accounts may sign up"
    assert said in client.get(f"/leagues/{open_to_bots.id}/").content.decode()
    assert said not in client.get(f"/leagues/{people.id}/").content.decode()
