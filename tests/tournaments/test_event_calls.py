"""A tournament's calls: the table ready, the round over, the event over, routed as the
player routes their calls to move unless they chose otherwise."""

from django.urls import reverse

from games.calls import payloads
from games.mail import compose
from games.models import Outbox, Profile
from games.services.profiles import profile_get_or_create

from .helpers import event, players, round_games, round_played, started


def test_players_are_called_when_their_table_is_ready_and_when_rounds_and_the_event_end(alice):
    field = players(4)
    profile_get_or_create(user=field[3])
    Profile.objects.filter(user=field[3]).update(calls={"move": ["push"]})
    tournament = started(event(alice, rounds=2), field)
    [game] = round_games(tournament, 1)

    ready = Outbox.objects.filter(kind="table_ready")
    assert sorted(row.user.username for row in ready) == ["player01", "player02", "player03"]
    assert all(
        row.context["open_url"].endswith(reverse("games:game", args=[game.id])) for row in ready
    )
    round_played(tournament, 1)
    round_played(tournament, 2)

    for kind in ("table_ready", "round_over", "event_over"):
        row = Outbox.objects.filter(kind=kind).first()
        message = compose.row_message(row)
        assert "Winter Swiss" in message.subject and row.context["open_url"] in message.body
        assert payloads.PUSH_LINES[kind]
    over = Outbox.objects.get(kind="event_over", user=field[0])
    assert "You finished" in compose.row_message(over).body
