"""The beat's housekeeping keeps the tables to what is read again: closed deadlines go, and
mail rows a month after they were sent; open waits and mail still to send stay."""

from datetime import timedelta

from django.utils import timezone

from games import engine
from games.models import Deadline, Outbox
from games.services.housekeeping import housekeeping
from games.services.moves import move_submit
from tests.games.helpers import good_move
from tests.helpers import state_of, user_at


def test_closed_deadlines_and_month_old_mail_go_and_open_waits_and_mail_to_send_stay(
    started_game,
):
    game = started_game
    for _ in range(3):
        [mover] = engine.waiting_for(state_of(game))
        move_submit(
            game_id=game.id,
            user=user_at(game, mover),
            action=good_move(game, mover),
            expected_seq=game.seq,
        )
        game.refresh_from_db()
    open_waits = set(Deadline.objects.filter(done=False).values_list("id", flat=True))
    assert Deadline.objects.filter(done=True).exists()
    now = timezone.now()
    [old] = Outbox.objects.filter(game=game, kind="your_turn")
    Outbox.objects.filter(id=old.id).update(sent_at=now - timedelta(days=31))
    recent = Outbox.objects.create(
        user=old.user, game=game, seq=98, kind="offer", sent_at=now - timedelta(days=29)
    )
    waiting = Outbox.objects.create(user=old.user, game=game, seq=99, kind="offer", digest=True)

    removed = housekeeping(now=now)

    assert removed["deadlines"] > 0 and removed["mails"] == 1
    assert set(Deadline.objects.values_list("id", flat=True)) == open_waits
    assert set(
        Outbox.objects.filter(id__in=[old.id, recent.id, waiting.id]).values_list("id", flat=True)
    ) == {
        recent.id,
        waiting.id,
    }
    assert housekeeping(now=now) == {"deadlines": 0, "mails": 0}
