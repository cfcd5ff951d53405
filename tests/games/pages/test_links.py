import re
from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from games import engine
from games.clocks import timecontrol
from games.mail import links
from games.models import Deadline, Move, Outbox, Profile, Seat
from games.services.moves import move_submit
from games.services.profiles import profile_get_or_create
from tests.games.helpers import play_until
from tests.helpers import fresh, preferences_saved, state_of, user_at

pytestmark = pytest.mark.django_db


def path_of(url: str) -> str:
    return url.removeprefix("http://127.0.0.1:8000")


def link(game, position: int, action: str, offer=None, now=None) -> str:
    return path_of(
        links.link_url(
            action=action,
            user_id=user_at(game, position).pk,
            game_id=game.id,
            offer=offer,
            now=now,
        )
    )


def everything(game):
    """All a link could change."""
    game = fresh(game)
    return (
        game.seq,
        game.state,
        game.status,
        Move.objects.filter(game=game).count(),
        list(Seat.objects.filter(game=game).values_list("muted", "bot_standing_in")),
        list(Deadline.objects.filter(game=game).values_list("id", "done", "due_at")),
        Outbox.objects.count(),
        list(Profile.objects.values_list("mail", "away_until")),
    )


@pytest.fixture
def offered(started_game):
    """Trading, with an open gift from the active player to the next seat."""
    game = play_until(started_game, lambda state: state.phase == "trade" and not state.offers)
    state = state_of(game)
    to = (state.active + 1) % state.players
    move_submit(
        game_id=game.id,
        user=user_at(game, state.active),
        action={"kind": "offer", "to": to, "give": [state.faceup[0]]},
        expected_seq=game.seq,
    )
    game = fresh(game)
    [offer] = state_of(game).offers
    return game, state.active, to, offer


def every_link(game, active: int, to: int, offer: int) -> list[str]:
    return [
        link(game, to, "open"),
        link(game, to, "mute"),
        link(game, to, "accept", offer),
        link(game, to, "decline", offer),
        link(game, active, "end_trading"),
    ]


def test_opening_any_link_changes_nothing(client, offered):
    game, active, to, offer = offered
    before = everything(game)

    for url in every_link(game, active, to, offer):
        response = client.get(url)
        assert response.status_code == 200, url
        assert b'method="post"' in response.content

    assert everything(game) == before


def test_opening_any_link_signed_in_as_its_player_changes_nothing(client, offered):
    game, active, to, offer = offered
    before = everything(game)

    for position, url in zip(
        (to, to, to, to, active), every_link(game, active, to, offer), strict=True
    ):
        client.force_login(user_at(game, position))
        assert client.get(url).status_code == 200

    assert everything(game) == before


def test_the_confirm_page_says_what_accepting_would_do(client, offered):
    game, _, to, offer = offered

    page = client.get(link(game, to, "accept", offer)).content.decode()

    assert f"Accept offer {offer}" in page
    assert "It is a gift" in page


def test_an_expired_link_gets_a_clear_page_and_changes_nothing(client, offered):
    game, _, to, offer = offered
    long_ago = timezone.now() - timedelta(days=4)
    before = everything(game)

    for action in ("accept", "decline"):
        url = link(game, to, action, offer, now=long_ago)
        for response in (client.get(url), client.post(url)):
            assert response.status_code == 410
            assert "This link has expired" in response.content.decode()

    assert everything(game) == before


def test_a_tampered_link_gets_a_clear_page_and_changes_nothing(client, offered):
    game, active, to, offer = offered
    url = link(game, to, "decline", offer)
    token = url.split("/")[-2]
    # Another user's id in the payload, with the old signature.
    payload, rest = token.split(":", 1)
    forged = links.make_token(
        action="decline", user_id=user_at(game, active).pk, game_id=game.id, offer=offer
    ).split(":", 1)[0]
    before = everything(game)

    for bad in (
        url.replace(token, f"{forged}:{rest}"),
        url.replace(token, token[:-3] + "abc"),
        url.replace(token, token[:20]),
        "/l/not-a-token/",
    ):
        for response in (client.get(bad), client.post(bad)):
            assert response.status_code == 400, bad
            assert "This link does not work" in response.content.decode()

    assert everything(game) == before


def test_posting_accept_takes_the_offer(client, offered):
    game, _, to, offer = offered

    response = client.post(link(game, to, "accept", offer))

    assert response.status_code == 200
    assert "You accepted the offer" in response.content.decode()
    move = fresh(game).moves.latest("seq")
    assert (move.kind, move.seat.position, move.actor) == ("accept", to, "player")
    assert state_of(game).to_plant[to]


def test_accepting_from_the_mail_hands_over_the_cards_the_page_ticks(client, started_game):
    game = play_until(started_game, lambda state: state.phase == "trade" and not state.offers)
    state = state_of(game)
    to = (state.active + 1) % state.players
    beans = [state.card_beans[card] for card in state.hands[to]]
    wanted = max(set(beans), key=beans.count)  # the bean it holds most of, to choose among
    move_submit(
        game_id=game.id,
        user=user_at(game, state.active),
        action={
            "kind": "offer",
            "to": to,
            "give": [state.faceup[0]],
            "ask": {engine.BEANS[wanted].key: 1},
        },
        expected_seq=game.seq,
    )
    game = fresh(game)
    [offer] = state_of(game).offers
    client.force_login(user_at(game, to))
    page = client.get(reverse("games:game", args=[game.id])).content.decode()
    ticked = [int(card) for card in re.findall(r'name="give" value="(\d+)"[^>]* checked', page)]

    client.post(link(game, to, "accept", offer))

    move = fresh(game).moves.latest("seq")
    assert move.kind == "accept"
    assert move.payload["give"] == ticked
    assert len(ticked) == 1


def test_posting_decline_signed_in_declines_and_goes_to_the_game(client, offered):
    game, _, to, offer = offered
    client.force_login(user_at(game, to))

    response = client.post(link(game, to, "decline", offer))

    assert response.status_code == 302
    assert response["Location"] == reverse("games:game", kwargs={"game_id": game.id})
    assert fresh(game).moves.latest("seq").kind == "decline"
    assert not state_of(game).offers


def test_posting_end_trading_ends_trading(client, offered):
    game, active, _, _ = offered

    client.post(link(game, active, "end_trading"))

    assert fresh(game).moves.latest("seq").kind == "end_trading"
    assert state_of(game).phase != "trade"


def test_a_link_used_twice_explains_that_the_offer_is_gone(client, offered):
    game, _, to, offer = offered
    url = link(game, to, "decline", offer)
    client.post(url)
    seq = fresh(game).seq

    response = client.post(url)

    assert response.status_code == 409
    assert "no longer open" in response.content.decode()
    assert fresh(game).seq == seq


def test_posting_mute_stops_mail_about_the_game(client, offered):
    game, _, to, _ = offered

    client.post(link(game, to, "mute"))

    assert Seat.objects.get(game=game, position=to).muted


def test_posting_open_goes_to_the_game(client, offered):
    game, _, to, _ = offered

    response = client.post(link(game, to, "open"))

    assert response["Location"] == reverse("games:game", kwargs={"game_id": game.id})


def test_a_link_for_another_player_is_refused_to_someone_signed_in(client, offered, dave):
    game, _, to, offer = offered
    client.force_login(dave)
    before = everything(game)

    for response in (
        client.get(link(game, to, "decline", offer)),
        client.post(link(game, to, "decline", offer)),
    ):
        assert response.status_code == 403
        assert "This link is for someone else" in response.content.decode()

    assert everything(game) == before


def test_the_preferences_page_sets_mail_and_mutes_a_game(client, started_game):
    user = user_at(started_game, 1)
    client.force_login(user)
    assert client.get(reverse("links:preferences")).status_code == 200

    response = preferences_saved(
        client,
        follow=False,
        mail="board",
        **{"calls-move": ["mail", "push"]},
        muted=str(started_game.id),
    )

    assert response.status_code == 302
    assert profile_get_or_create(user=user).mail == "board"
    assert Seat.objects.get(game=started_game, user=user).muted


def test_the_preferences_page_starts_a_vacation(client, started_game):
    user = user_at(started_game, 0)
    client.force_login(user)
    [deadline] = Deadline.objects.filter(game=started_game, done=False)

    preferences_saved(client, away_days="3")

    assert Deadline.objects.get(id=deadline.id).due_at - deadline.due_at == timedelta(days=3)
    page = client.get(reverse("links:preferences")).content.decode()
    assert f"{timecontrol.VACATION_DAYS_PER_YEAR - 3} of" in page


@pytest.mark.parametrize("days", ["0", "31", "abc", "²"])
def test_a_vacation_of_no_whole_number_of_days_says_what_to_choose(client, started_game, days):
    user = user_at(started_game, 0)
    client.force_login(user)
    [deadline] = Deadline.objects.filter(game=started_game, done=False)

    page = preferences_saved(client, away_days=days).content.decode()

    assert f"Choose a whole number of days, 1 to {timecontrol.VACATION_DAYS_PER_YEAR}." in page
    assert Deadline.objects.get(id=deadline.id).due_at == deadline.due_at


def test_the_preferences_page_needs_a_signed_in_player(client):
    response = client.get(reverse("links:preferences"))

    assert response.status_code == 302


def test_the_preferences_page_says_what_each_mail_setting_sends(client, alice):
    client.force_login(alice)

    page = client.get(reverse("links:preferences")).content.decode()

    assert "One mail when a game starts waiting for you while you are away" in page
    assert "Each morning at 07:00 UTC, one mail listing what waited for you" in page
    assert "A notification on each browser or phone where you turned push on" in page
    assert "A message to your webhook's address (below)" in page
