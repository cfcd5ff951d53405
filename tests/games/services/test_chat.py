import pytest
from django.urls import reverse

from games.models import ChatMessage
from games.refusals import NotYourSeat, ServiceError
from games.services.chat import chat_post
from tests.helpers import user_at

pytestmark = pytest.mark.django_db


def test_a_seated_player_posts_a_message_without_surrounding_space(started_game, bob):
    message = chat_post(
        game_id=started_game.id, user=bob, text="  I'll give you a Chili \n"
    )

    assert message.text == "I'll give you a Chili"
    assert message.seat.user == bob
    assert list(started_game.chat.all()) == [message]


def test_only_seated_players_chat(started_game, dave):
    with pytest.raises(NotYourSeat):
        chat_post(game_id=started_game.id, user=dave, text="Hello?")

    assert not ChatMessage.objects.exists()


@pytest.mark.parametrize(("text", "reason"), [("   ", "Write something"), ("b" * 501, "500")])
def test_empty_and_overlong_messages_are_refused(started_game, bob, text, reason):
    with pytest.raises(ServiceError, match=reason):
        chat_post(game_id=started_game.id, user=bob, text=text)

    assert not ChatMessage.objects.exists()


def test_a_message_of_exactly_500_characters_is_posted(started_game, carol):
    assert len(chat_post(game_id=started_game.id, user=carol, text="c" * 500).text) == 500


def test_the_chat_form_posts_a_message(client, started_game):
    client.force_login(user_at(started_game, 2))
    response = client.post(
        reverse("games:chat", args=[started_game.id]), {"text": "hello"}, HTTP_HX_REQUEST="true"
    )
    assert response.status_code == 200
    assert ChatMessage.objects.get(game=started_game).text == "hello"


def test_a_spectator_cannot_chat(client, started_game, dave):
    client.force_login(dave)
    response = client.post(reverse("games:chat", args=[started_game.id]), {"text": "hi"})
    assert response.status_code == 403
    assert not ChatMessage.objects.exists()
