import re
from datetime import timedelta
from html import escape, unescape
from urllib.parse import quote

import pytest
from django.core import mail as sent_mail
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from games import deadlines, engine, mail, presence, services
from games.engine.events import bean_names
from games.models import Deadline, Outbox, Profile, Seat

from .helpers import fresh, play_until, state_of, user_at

pytestmark = pytest.mark.django_db


def rows(game, kind=None):
    found = Outbox.objects.filter(game=game).order_by("id")
    return list(found.filter(kind=kind) if kind else found)


def bodies(message) -> tuple[str, str]:
    [(html, mimetype)] = message.alternatives
    assert mimetype == "text/html"
    return message.body, html


def set_preference(user, choice: str) -> None:
    profile = deadlines.profile_for(user)
    profile.mail = choice
    profile.save()


def offer_in_trade(game, to: int | None = None):
    """Play to the trade phase; the active player offers a face-up card as a gift."""
    game = play_until(game, lambda state: state.phase == "trade" and not state.offers)
    state = state_of(game)
    to = (state.active + 1) % state.players if to is None else to
    services.move_submit(
        game_id=game.id,
        user=user_at(game, state.active),
        action={"kind": "offer", "to": to, "give": [state.faceup[0]]},
        expected_seq=game.seq,
    )
    return fresh(game), to


def test_the_start_of_a_game_mails_the_start_player_its_turn(started_game):
    [row] = rows(started_game)
    starter = user_at(started_game, 0)

    assert mail.outbox_send(outbox_id=row.id)

    [message] = sent_mail.outbox
    text, html = bodies(message)
    assert message.to == [starter.email]
    assert message.subject == f"Your turn in {started_game.name}"
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
    mail.outbox_send(outbox_id=row.id)
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

    assert mail.outbox_send(outbox_id=row.id)
    assert not mail.outbox_send(outbox_id=row.id)

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


def test_an_accepted_and_a_declined_offer_mail_the_player_who_made_it(started_game):
    game, to = offer_in_trade(started_game)
    state = state_of(game)
    [offer] = state.offers.values()
    services.move_submit(
        game_id=game.id,
        user=user_at(game, to),
        action={"kind": "accept", "offer": offer.id, "give": []},
        expected_seq=fresh(game).seq,
    )
    game, other = offer_in_trade(game, to=(state.active + 2) % state.players)
    [offer] = state_of(game).offers.values()
    services.move_submit(
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
    message = mail.build_message(accepted)
    assert "End trading" in message.body
    # A player's offer stays open until withdrawn: no "waits until" as in a bot's offer.
    assert rows(game, "offer") and all("open_until" not in r.context for r in rows(game, "offer"))


def test_the_end_of_trading_asks_everyone_with_traded_beans_to_plant_them(started_game):
    game, to = offer_in_trade(started_game)
    [offer] = state_of(game).offers.values()
    services.move_submit(
        game_id=game.id,
        user=user_at(game, to),
        action={"kind": "accept", "offer": offer.id, "give": []},
        expected_seq=game.seq,
    )
    game = fresh(game)
    active = state_of(game).active
    services.move_submit(
        game_id=game.id,
        user=user_at(game, active),
        action={"kind": "end_trading"},
        expected_seq=game.seq,
    )

    planters = engine.waiting_for(state_of(game))
    assert to in planters
    # The active player ended trading on the page: no mail to it about its own move.
    assert {row.user for row in rows(game, "plant_traded")} == {
        user_at(game, p) for p in planters if p != active
    }
    [row] = [r for r in rows(game, "plant_traded") if r.user == user_at(game, to)]
    assert row.context["count"] == 1


def test_a_player_who_wants_no_mail_gets_no_row(started_game):
    set_preference(user_at(started_game, 1), Profile.Mail.NONE)

    game, to = offer_in_trade(started_game, to=1)

    assert rows(game, "offer") == []


def test_a_muted_game_and_an_open_page_get_no_mail(started_game):
    Seat.objects.filter(game=started_game, position=1).update(muted=True)
    Seat.objects.filter(game=started_game, position=2).update(last_seen_at=timezone.now())

    game, _ = offer_in_trade(started_game, to=1)
    state = state_of(game)
    services.move_submit(
        game_id=game.id,
        user=user_at(game, state.active),
        action={"kind": "offer", "to": 2, "give": [state.faceup[-1]]},
        expected_seq=game.seq,
    )

    assert rows(game, "offer") == []


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

    services.move_submit(
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
    token = presence.presence_token(seat.id, client.session.session_key)
    assert f"seen={quote(token)}" in unescape(poll_url)

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
    set_preference(row.user, Profile.Mail.NONE)

    assert not mail.outbox_send(outbox_id=row.id)

    assert sent_mail.outbox == []
    assert fresh_row(row).skipped == "no mail wanted"


def test_a_digest_reader_gets_one_mail_a_day_with_everything(started_game):
    reader = user_at(started_game, 1)
    set_preference(reader, Profile.Mail.DIGEST)
    game, _ = offer_in_trade(started_game, to=1)
    waiting = [row for row in rows(game) if row.user == reader]
    assert waiting and all(row.digest for row in waiting)

    assert mail.outbox_flush(older_than=timedelta(0)) >= 0
    assert [m for m in sent_mail.outbox if m.to == [reader.email]] == []

    assert mail.mail_digest() == 1
    [digest] = [m for m in sent_mail.outbox if m.to == [reader.email]]
    assert digest.subject.startswith("Your Bohnanza digest")
    assert game.name in digest.body
    assert mail.mail_digest() == 0


def test_the_flush_sends_rows_whose_task_was_lost(started_game):
    [row] = rows(started_game)

    assert mail.outbox_flush(older_than=timedelta(0)) == 1
    assert mail.outbox_flush(older_than=timedelta(0)) == 0

    assert len(sent_mail.outbox) == 1
    assert fresh_row(row).sent_at is not None


def test_a_deadline_within_the_hour_sends_one_reminder(started_game):
    [deadline] = Deadline.objects.filter(game=started_game, done=False)
    now = timezone.now()
    Deadline.objects.filter(id=deadline.id).update(
        started_at=now - timedelta(days=1), due_at=now + timedelta(minutes=50)
    )

    assert deadlines.reminders_send() == 1
    assert deadlines.reminders_send() == 0

    [row] = rows(started_game, "reminder")
    message = mail.build_message(row)
    assert message.subject == f"Time is running out in {started_game.name}"
    assert "about 50 minutes" in message.body
    assert "make your move" in message.body


def test_a_deadline_far_away_is_not_reminded_yet(started_game):
    assert deadlines.reminders_send() == 0


def test_the_end_of_the_game_mails_everyone_the_result(started_game):
    game = fresh(started_game)
    state = state_of(game)
    state.over = True
    state.result = {
        "scores": [3, 9, 5],
        "hand_sizes": [0, 0, 0],
        "winners": [1],
        "tie_break": None,
        "summary": f"Game over. {state.names[1]} wins with 9 coins.",
    }
    events = [engine.Event("game_over", None, {**state.result, "seed": state.seed})]

    written = mail.mail_after_move(game=game, state=state, events=events, seq=99)

    assert len(written) == 3
    winner = next(row for row in written if row.context["seat"] == 1)
    message = mail.build_message(winner)
    assert "Congratulations, you won!" in message.body
    assert f"{state.names[1]} (you): 9 coins" in message.body
    assert state.seed not in message.body
