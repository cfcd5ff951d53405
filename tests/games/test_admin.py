"""The admin keeps the game's secrets until the end: staff may hold a seat too."""

import pytest
from django.urls import reverse

from games.models import Game, Move, Outbox, Snapshot


@pytest.fixture
def staff(client, started_game, alice):
    """alice, who plays in the game, is also staff."""
    alice.is_staff = alice.is_superuser = True
    alice.save()
    client.force_login(alice)
    return client


def pages(client, game: Game) -> list[str]:
    """The admin change pages of the game, its setup move, a snapshot and a mail row."""
    rows = [
        ("game", game.id),
        ("move", Move.objects.get(game=game, seq=0).id),
        ("snapshot", Snapshot.objects.filter(game=game).first().id),
        ("outbox", Outbox.objects.filter(game=game).first().id),
    ]
    return [
        client.get(reverse(f"admin:games_{model}_change", args=[pk])).content.decode()
        for model, pk in rows
    ]


def test_staff_who_play_see_no_hand_no_deck_and_no_seed_while_the_game_runs(staff, started_game):
    for html in pages(staff, started_game):
        assert started_game.seed not in html
        assert "hands" not in html and "deck" not in html and "secret" not in html


def test_once_the_game_is_finished_the_admin_shows_everything(staff, started_game):
    Game.objects.filter(pk=started_game.id).update(status=Game.Status.FINISHED)
    game_page, move_page, snapshot_page, _ = pages(staff, started_game)
    assert started_game.seed in game_page and "hands" in game_page
    assert "secret" in move_page
    assert "hands" in snapshot_page
