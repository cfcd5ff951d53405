import itertools
import re
from datetime import timedelta
from html import escape, unescape
from types import SimpleNamespace
from urllib.parse import parse_qs, urlsplit

import pytest
import time_machine
from django.core import mail as sent_mail
from django.forms.models import model_to_dict
from django.test import Client
from django.urls import reverse
from django.utils import timezone, translation

from games import engine, presence, task_queue, tasks, time_budget
from games.calls import outbox, routing
from games.calls.mailing import outbox_flush, outbox_send
from games.engine import Event
from games.engine.events import bean_names
from games.mail import compose
from games.mail.context import MAX_RECENT_LINES, common_context
from games.models import Deadline, Game, Move, Outbox, Profile, Seat
from games.services.lobby import game_add_bot, game_create, game_start
from games.services.moves import move_submit
from games.services.timeouts import deadlines_sweep, reminders_send
from tests.games.helpers import DIGEST, calls_routed, on_the_last_pass, play_until
from tests.helpers import fresh, state_of, user_at

pytestmark = pytest.mark.django_db


def rows(game, kind=None):
    found = Outbox.objects.filter(game=game).order_by("id")
    return list(found.filter(kind=kind) if kind else found)


def bodies(message) -> tuple[str, str]:
    [(html, mimetype)] = message.alternatives
    assert mimetype == "text/html"
    return message.body, html


def offer_in_trade(game, to: int | None = None):
    """Play to the trade phase; the active player offers a face-up card as a gift."""
    game = play_until(game, lambda state: state.phase == "trade" and not state.offers)
    state = state_of(game)
    to = (state.active + 1) % state.players if to is None else to
    move_submit(
        game_id=game.id,
        user=user_at(game, state.active),
        action={"kind": "offer", "to": to, "give": [state.faceup[0]]},
        expected_seq=game.seq,
    )
    return fresh(game), to


def test_the_start_of_a_game_mails_the_start_player_its_turn(started_game):
    [row] = rows(started_game)
    starter = user_at(started_game, 0)

    assert outbox_send(outbox_id=row.id)

    [message] = sent_mail.outbox
    text, html = bodies(message)
    assert message.to == [starter.email]
    assert message.subject == f"Your turn in {started_game.name} (turn 1)"
    front = engine.BEANS[state_of(started_game).card_beans[state_of(started_game).hands[0][0]]]
    assert started_game.name in text
    assert escape(started_game.name) in html
    assert f"Plant the front card of your hand first: a {front.name} bean." in text
    assert f"<strong>{front.name}</strong>" in html
    assert "Open the game: http://" in text  # a signed link
    assert fresh_row(row).sent_at is not None


def fresh_row(row):
    return Outbox.objects.get(id=row.id)


def test_a_mail_never_shows_another_seats_cards_or_the_seed(started_game):
    [row] = rows(started_game)
    outbox_send(outbox_id=row.id)
    text, html = bodies(sent_mail.outbox[0])
    state = state_of(started_game)
    dealt = [
        engine.Event.from_dict(stored)
        for stored in fresh(started_game).moves.get(seq=0).events
        if stored["kind"] == "dealt"
    ]

    for event in dealt:
        beans = bean_names(event.secret["beans"])
        if event.seat == 0:
            assert f"You were dealt {beans}." in text
        else:
            assert beans not in text + html
            assert f"{state.names[event.seat]} was dealt {len(event.secret['cards'])} cards" in text
    assert started_game.seed not in text + html


def test_sending_a_row_twice_sends_one_mail(started_game):
    [row] = rows(started_game)

    assert outbox_send(outbox_id=row.id)
    assert not outbox_send(outbox_id=row.id)

    assert len(sent_mail.outbox) == 1


def test_a_move_mails_on_commit_through_the_task(started_game, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        game, to = offer_in_trade(started_game)

    offered = [m for m in sent_mail.outbox if "made you an offer" in m.subject]
    [message] = offered
    assert message.to == [user_at(game, to).email]
    text, html = bodies(message)
    assert "Accept:" in text and "Decline:" in text
    assert "gift" in text
    assert all(row.sent_at for row in rows(game, "offer"))


def accepted_offer(game):
    """The active player's gift, accepted by the player it was made to; the state before."""
    game, to = offer_in_trade(game)
    state = state_of(game)
    [offer] = state.offers.values()
    move_submit(
        game_id=game.id,
        user=user_at(game, to),
        action={"kind": "accept", "offer": offer.id, "give": []},
        expected_seq=fresh(game).seq,
    )
    return game, to, state


def test_an_accepted_and_a_declined_offer_mail_the_player_who_made_it(started_game):
    game, to, state = accepted_offer(started_game)
    game, other = offer_in_trade(game, to=(state.active + 2) % state.players)
    [offer] = state_of(game).offers.values()
    move_submit(
        game_id=game.id,
        user=user_at(game, other),
        action={"kind": "decline", "offer": offer.id},
        expected_seq=game.seq,
    )

    maker = user_at(game, state.active)
    assert [row.user for row in rows(game, "offer_accepted")] == [maker]
    assert [row.user for row in rows(game, "offer_declined")] == [maker]
    accepted = rows(game, "offer_accepted")[0]
    assert accepted.context["taker"] == state.names[to]
    assert accepted.context["trading"] is True  # the mail carries an "end trading" link
    message = compose.row_message(accepted)
    assert "End trading" in message.body
    # A player's offer stays open until withdrawn: no "waits until" as in a bot's offer.
    assert rows(game, "offer") and all("open_until" not in r.context for r in rows(game, "offer"))


def test_the_end_of_trading_asks_everyone_with_traded_beans_to_plant_them(started_game):
    game, to = offer_in_trade(started_game)
    [offer] = state_of(game).offers.values()
    move_submit(
        game_id=game.id,
        user=user_at(game, to),
        action={"kind": "accept", "offer": offer.id, "give": []},
        expected_seq=game.seq,
    )
    game = fresh(game)
    active = state_of(game).active
    move_submit(
        game_id=game.id,
        user=user_at(game, active),
        action={"kind": "end_trading"},
        expected_seq=game.seq,
    )

    planters = engine.waiting_for(state_of(game))
    assert to in planters
    # The active player ended trading on the page: no mail to it about its own move.
    assert {row.user for row in rows(game, "plant_received")} == {
        user_at(game, p) for p in planters if p != active
    }
    [row] = [r for r in rows(game, "plant_received") if r.user == user_at(game, to)]
    assert row.context["count"] == 1


def test_a_player_who_wants_no_mail_gets_no_row(started_game):
    calls_routed(user_at(started_game, 1), routing.NOWHERE)

    game, to = offer_in_trade(started_game, to=1)

    assert rows(game, "offer") == []


def test_a_muted_game_and_an_open_page_get_no_mail(started_game):
    Seat.objects.filter(game=started_game, position=1).update(muted=True)
    Seat.objects.filter(game=started_game, position=2).update(last_seen_at=timezone.now())

    game, _ = offer_in_trade(started_game, to=1)
    state = state_of(game)
    move_submit(
        game_id=game.id,
        user=user_at(game, state.active),
        action={"kind": "offer", "to": 2, "give": [state.faceup[-1]]},
        expected_seq=game.seq,
    )

    assert rows(game, "offer") == []


@pytest.fixture
def later(monkeypatch) -> list:
    """The jobs queued after a commit, as (job, args), not run."""
    queued = []
    monkeypatch.setattr(
        task_queue, "after_commit", lambda job, *args, countdown=0: queued.append((job, args))
    )
    return queued


def test_a_player_whose_page_closed_just_before_their_turn_is_called_once_it_counts_closed(
    started_game, later
):
    game = started_game
    state = state_of(game)
    following = (state.active + 1) % state.players
    seat = Seat.objects.get(game=game, position=following)
    # Their page was open until 10 s ago: as their turn begins, it still counts as open.
    closed = timezone.now() - timedelta(seconds=10)
    Seat.objects.filter(id=seat.id).update(last_seen_at=closed)
    game = play_until(game, lambda state: state.active == following)

    assert [row for row in rows(game) if row.user == seat.user] == []
    [look] = looks(later, seat)
    # The look queued for when the page no longer counts as open calls them.
    row = outbox.call_once_away(seat_id=seat.id, now=closed + presence.PAGE_OPEN, look=look)
    assert (row.user, row.kind) == (seat.user, "waiting")
    assert "waits for you" in compose.subject_of(row)
    # Called once: a second look finds them called and not back since.
    assert outbox.call_once_away(seat_id=seat.id, now=timezone.now()) is None


def test_a_player_still_at_the_page_is_not_called_and_looked_at_again(started_game, later):
    game = started_game
    seat = Seat.objects.get(game=game, position=state_of(game).active)
    Seat.objects.filter(id=seat.id).update(last_seen_at=timezone.now())

    assert outbox.call_once_away(seat_id=seat.id, now=timezone.now()) is None
    assert len(looks(later, seat)) == 1  # a look queued before looks were named goes on
    assert rows(game, "waiting") == []


def poll_with_open_page(client, game, position: int):
    """What the page of the player at `position` sends every two seconds."""
    seat = Seat.objects.get(game=game, position=position)
    client.force_login(seat.user)
    page = client.get(reverse("games:game", args=[game.id])).content.decode()
    [poll_url] = re.findall(r'hx-get="([^"]*/poll/[^"]*)"', page)
    return client.get(unescape(poll_url), HTTP_HX_REQUEST="true")


def test_a_player_whose_page_polls_gets_no_mail_about_the_next_move(client, started_game):
    game = play_until(started_game, lambda state: state.phase == "trade" and not state.offers)
    state = state_of(game)
    other = (state.active + 1) % state.players
    assert poll_with_open_page(client, game, other).status_code == 204

    move_submit(
        game_id=game.id,
        user=user_at(game, state.active),
        action={"kind": "offer", "to": other, "give": [state.faceup[-1]]},
        expected_seq=game.seq,
    )

    assert rows(game, "offer") == []


def test_the_poll_marks_the_page_open_at_most_every_few_seconds(client, started_game):
    poll_with_open_page(client, started_game, 1)
    seen = Seat.objects.get(game=started_game, position=1).last_seen_at
    poll_with_open_page(client, started_game, 1)

    assert seen is not None
    assert Seat.objects.get(game=started_game, position=1).last_seen_at == seen


def test_a_forged_presence_token_marks_nothing(client, started_game):
    seat = Seat.objects.get(game=started_game, position=1)
    url = reverse("games:poll", args=[started_game.id])
    for token in (f"{seat.id}:forged", str(seat.id), "x" * 300):
        client.get(url, {"since": started_game.seq, "seen": token})

    assert Seat.objects.get(id=seat.id).last_seen_at is None


def test_a_presence_token_works_only_with_its_own_session_and_only_for_a_day(
    client, started_game, monkeypatch
):
    seat = Seat.objects.get(game=started_game, position=1)
    client.force_login(seat.user)
    page = client.get(reverse("games:game", args=[started_game.id])).content.decode()
    [poll_url] = re.findall(r'hx-get="([^"]*/poll/[^"]*)"', page)
    # Signed for this seat and game (the signature's time is the page's, so it is read back).
    seen = parse_qs(urlsplit(unescape(poll_url)).query)["seen"][0]
    assert seen.startswith(f"{seat.id}-{started_game.id}:")

    Client().get(unescape(poll_url))  # the URL alone, as a log would hold it
    assert Seat.objects.get(id=seat.id).last_seen_at is None
    with monkeypatch.context() as patch:
        patch.setattr(presence, "TOKEN_AGE", timedelta(seconds=-1))  # a day has passed
        client.get(unescape(poll_url))
    assert Seat.objects.get(id=seat.id).last_seen_at is None

    client.get(unescape(poll_url))
    assert Seat.objects.get(id=seat.id).last_seen_at is not None


def test_a_preference_changed_after_writing_is_respected_when_sending(started_game):
    [row] = rows(started_game)
    calls_routed(row.user, routing.NOWHERE)

    assert not outbox_send(outbox_id=row.id)

    assert sent_mail.outbox == []
    assert fresh_row(row).skipped == "no mail wanted"


def test_a_digest_reader_gets_one_mail_a_day_with_everything(started_game):
    reader = user_at(started_game, 1)
    calls_routed(reader, DIGEST)
    game, _ = offer_in_trade(started_game, to=1)
    waiting = [row for row in rows(game) if row.user == reader]
    assert waiting and all(row.digest for row in waiting)

    others = Outbox.objects.filter(sent_at__isnull=True, digest=False).count()
    assert outbox_flush(older_than=timedelta(0)) == others
    assert [m for m in sent_mail.outbox if m.to == [reader.email]] == []

    tasks.mail_digest_task()
    [digest] = [m for m in sent_mail.outbox if m.to == [reader.email]]
    assert digest.subject.startswith("Your Bohnanza digest")
    assert game.name in digest.body
    tasks.mail_digest_task()
    assert len([m for m in sent_mail.outbox if m.to == [reader.email]]) == 1


def test_the_flush_sends_rows_whose_task_was_lost(started_game):
    [row] = rows(started_game)

    assert outbox_flush(older_than=timedelta(0)) == 1
    assert outbox_flush(older_than=timedelta(0)) == 0

    assert len(sent_mail.outbox) == 1
    assert fresh_row(row).sent_at is not None


def test_a_flush_with_a_backlog_sends_for_seconds_and_leaves_the_rest_to_its_next_run(
    started_game, monkeypatch
):
    """No task may outlive the broker's visibility timeout (settings, "Tasks")."""
    [row] = rows(started_game)
    copied = model_to_dict(row, exclude=["id", "user", "game", "rung"])
    for rung in range(1, 6):  # five more rows for the same step (unique by their rung)
        Outbox.objects.create(**copied, user=row.user, game=row.game, rung=rung)
    seconds = itertools.count()
    monkeypatch.setattr(time_budget, "time", SimpleNamespace(monotonic=lambda: next(seconds)))

    assert outbox_flush(older_than=timedelta(0)) == time_budget.BATCH_SECONDS
    assert outbox_flush(older_than=timedelta(0)) == 6 - time_budget.BATCH_SECONDS
    assert len(sent_mail.outbox) == 6


def test_a_deadline_within_the_hour_sends_one_reminder(started_game):
    [deadline] = Deadline.objects.filter(game=started_game, done=False)
    now = timezone.now()
    Deadline.objects.filter(id=deadline.id).update(
        started_at=now - timedelta(days=1), due_at=now + timedelta(minutes=50)
    )

    assert reminders_send() == 1
    assert reminders_send() == 0

    [row] = rows(started_game, "reminder")
    message = compose.row_message(row)
    assert message.subject == f"Time is running out in {started_game.name} (turn 1)"
    assert "about 50 minutes" in message.body
    assert "make your move" in message.body


def test_a_deadline_far_away_is_not_reminded_yet(started_game):
    assert reminders_send() == 0


def test_the_end_of_the_game_mails_everyone_the_result_in_the_order_of_their_places(
    started_game,
):
    game = play_until(on_the_last_pass(started_game), lambda state: state.over)
    state = state_of(game)
    outcome = engine.outcome(state)

    written = rows(game, "game_over")

    assert len(written) == 3
    winner = outcome["winners"][0]
    message = compose.row_message(next(row for row in written if row.context["seat"] == winner))
    assert "Congratulations, you won!" in message.body
    coins = outcome["scores"][winner]
    assert f"{state.names[winner]} (you): {coins} coin" in message.body
    listed = [score["place"] for score in written[0].context["scores"]]
    assert listed == sorted(outcome["places"])


def test_a_player_away_from_a_fast_table_gets_one_call_until_back_and_a_reminder_a_wait(
    alice, django_capture_on_commit_callbacks
):
    game = game_create(user=alice, edition="rio-grande", players=4, options={}, time_control="fast")
    for _ in range(3):
        game_add_bot(game_id=game.id, user=alice)
    # Her timeouts never hand the seat to a bot here: the game goes on waiting for her.
    Game.objects.filter(id=game.id).update(timeouts_before_bot=99)
    with django_capture_on_commit_callbacks(execute=True):
        game = game_start(game_id=game.id, user=alice)
    seat = Seat.objects.get(game=game, user=alice)

    def alices_mail() -> list[str]:
        rows = Outbox.objects.filter(user=alice, game=game).order_by("id")
        return list(rows.values_list("kind", flat=True))

    for _ in range(12):  # about three turns of the table, alice never there
        now = timezone.now()
        for row in Deadline.objects.filter(game=game, done=False):
            Deadline.objects.filter(id=row.id).update(
                started_at=now - timedelta(minutes=10), due_at=now + timedelta(seconds=20)
            )
        reminders_send(now=now)
        Deadline.objects.filter(game=game, done=False).update(due_at=now)
        with django_capture_on_commit_callbacks(execute=True):
            deadlines_sweep(now=now + timedelta(seconds=1))

    assert state_of(game).turn > 4 and not state_of(game).over
    assert len([kind for kind in alices_mail() if kind in outbox.CALLS]) == 1
    # Each of her waits was reminded once, at its last step (both steps of her ladder were
    # due at once: one mail, not two).
    reminded = Deadline.objects.filter(seat=seat, rungs_passed=2).count()
    assert alices_mail().count("reminder") == reminded > 1
    assert {row.rung for row in Outbox.objects.filter(user=alice, kind="reminder")} == {2}
    assert set(alices_mail()) <= {*outbox.CALLS, "reminder"}

    # She looked in after that mail and left: the next time the game waits for her while she
    # is away, one more call.
    now = timezone.now()
    Seat.objects.filter(id=seat.id).update(
        mailed_at=now - timedelta(minutes=10), last_seen_at=now - timedelta(minutes=5)
    )
    turn = state_of(game).turn
    while state_of(game).turn < turn + 5:  # round the table to her turn again
        with django_capture_on_commit_callbacks(execute=True):
            Deadline.objects.filter(game=game, done=False).update(due_at=timezone.now())
            deadlines_sweep(now=timezone.now() + timedelta(seconds=1))
    assert len([kind for kind in alices_mail() if kind in outbox.CALLS]) == 2


def test_a_players_mails_about_a_game_form_one_thread_of_their_own(started_game):
    game, _, state = accepted_offer(started_game)
    maker = user_at(game, state.active)

    threads = {
        (row.user_id, row.kind): compose.row_message(row).extra_headers["References"]
        for row in Outbox.objects.filter(game=game)
    }

    mine = {root for (user, _), root in threads.items() if user == maker.id}
    assert len([key for key in threads if key[0] == maker.id]) >= 2  # their turn, the accept
    assert len(mine) == 1 and len(set(threads.values())) == len({u for u, _ in threads})
    message = compose.row_message(rows(game, "offer_accepted")[0])
    assert message.extra_headers["In-Reply-To"] == message.extra_headers["References"]
    assert f"game-{game.id}." in message.extra_headers["References"]


def log_lines(game, position: int, after: int, upto: int) -> list[str]:
    """The log lines seat `position` may read of the moves after `after` up to `upto`."""
    state = state_of(game)
    return [
        line
        for move in Move.objects.filter(game=game, seq__gt=after, seq__lte=upto)
        for stored in move.events
        if stored["kind"] != "game_started"
        and (
            line := engine.describe(
                Event.from_dict(stored).for_seat(position), state.names, position
            )
        )
    ]


def test_what_happened_lists_every_move_since_the_players_last_mail(started_game):
    game = play_until(started_game, lambda state: state.turn == 6)
    longer = 0
    for row in rows(game, "your_turn"):
        mails = Outbox.objects.filter(user=row.user, game=game, seq__lt=row.seq)
        previous = mails.order_by("seq").last()
        if previous is None:
            continue
        position = Seat.objects.get(game=game, user=row.user).position
        listed = log_lines(game, position, previous.seq, row.seq)
        earlier = len(listed) - MAX_RECENT_LINES
        if earlier > 0:  # a long wait (trades, say) lists its last lines after a count
            listed = [f"…and {earlier} earlier", *listed[-MAX_RECENT_LINES:]]
        assert row.context["recent"] == listed
        assert all(line in compose.row_message(row).body for line in listed)
        longer += len(listed) > len(log_lines(game, position, row.seq - 1, row.seq))
    assert longer  # a mail that lists more than its last move


def test_what_happened_after_a_long_silence_lists_the_last_moves_and_counts_the_others(
    started_game,
):
    position = state_of(started_game).active
    user = user_at(started_game, position)
    calls_routed(user, routing.NOWHERE)
    # Silent until the turn before the player's trades (the defaults may plant what is traded
    # and end it in the same move): the next mail is an offer or the call to play.
    game = play_until(
        started_game,
        lambda state: (
            state.turn >= 9
            and state.active == (position - 1) % state.players
            and state.phase in ("trade", "plant_traded")
        ),
    )
    calls_routed(user, {})
    profile = Profile.of(user)
    profile.language = "de"
    profile.save()
    game = play_until(game, lambda state: state.turn == 12)

    [previous, row, *_] = Outbox.objects.filter(user=user, game=game).order_by("seq", "id")

    # The first call, then the next: the turn, or an offer of theirs taken before it (a plan
    # may carry the turn without a call).
    assert previous.seq == 0 and row.kind in (
        "your_turn",
        "offer_accepted",
        "offer",
        "plant_received",
    )
    with translation.override("de"):
        listed = log_lines(game, position, previous.seq, row.seq)
    assert len(listed) > 40
    assert row.context["recent"] == [f"…und {len(listed) - 30} frühere", *listed[-30:]]


def test_a_row_written_without_the_turn_tells_the_games_turn_in_its_subject(started_game):
    [row] = rows(started_game)
    row.context.pop("turn")

    assert compose.subject_of(row) == f"Your turn in {started_game.name} (turn 1)"


def test_a_page_left_open_while_the_game_moves_on_has_one_look_pending_not_one_a_move(
    started_game, later
):
    game = started_game
    seat = Seat.objects.get(game=game, position=state_of(game).active)
    Seat.objects.filter(id=seat.id).update(last_seen_at=timezone.now())
    context = common_context(game, state_of(game), seat.position)

    for seq in range(100, 105):  # moves that each find the page open and hold a call back
        outbox.outbox_write(
            seat=Seat.objects.get(id=seat.id),
            game=game,
            seq=seq,
            kind="waiting",
            context=context,
            now=timezone.now(),
        )
    [look] = looks(later, seat)
    # A backlog makes the look late: a move after its time still finds it pending.
    with time_machine.travel(timezone.now() + timedelta(seconds=outbox.LOOK_AGAIN + 60)):
        Seat.objects.filter(id=seat.id).update(last_seen_at=timezone.now())  # still there
        outbox.outbox_write(
            seat=Seat.objects.get(id=seat.id),
            game=game,
            seq=105,
            kind="waiting",
            context=context,
            now=timezone.now(),
        )
    assert looks(later, seat) == [look]

    # The look runs, finds the page still open, and goes on under a new name; a copy of it
    # (the broker gives a task due later than its visibility timeout again) ends.
    assert outbox.call_once_away(seat_id=seat.id, now=timezone.now(), look=look) is None
    assert outbox.call_once_away(seat_id=seat.id, now=timezone.now(), look=look) is None
    [_, renamed] = looks(later, seat)
    assert renamed != look


def looks(later: list, seat) -> list[str]:
    """The names of the looks queued at the seat."""
    return [
        args[1] for job, args in later if job == task_queue.CALL_ONCE_AWAY and args[0] == seat.id
    ]
