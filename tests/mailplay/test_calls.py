"""A player who plays by mail is never left waiting unknowing: each step the game waits on them
for comes with a mail that shows it, whatever mail they had before; every reply is answered;
an offer written on an older mail is made when it can be."""

from datetime import timedelta

import pytest
from django.core import mail as sent_mail

from games import engine
from games.calls.mailing import outbox_flush
from games.mail import compose, links
from games.models import Move
from games.services.moves import move_submit
from mailplay.services import reply_receive
from tests.games.helpers import answers_everything
from tests.helpers import fresh, state_of

from .helpers import board_mail, last_mail_to, reply
from .test_trade_book_replies import others, trading

pytestmark = pytest.mark.django_db


def last_mails(user) -> list:
    return [m for m in sent_mail.outbox if m.to == [user.email]]


def flushed():
    outbox_flush(older_than=timedelta(0))


def shows_now(game, mail) -> bool:
    """The mail's board is the game as it is: a reply to it plays on the current step."""
    return links.read_reply_address(mail.reply_to[0]).seq == fresh(game).seq


def faceup_bean(game) -> str:
    state = state_of(game)
    return engine.BEANS[state.card_beans[state.faceup[0]]].name.lower()


def seat_of(game, user) -> int:
    return fresh(game).seats.get(user=user).position


def by_page(game, user, action: dict) -> None:
    move_submit(game_id=game.id, user=user, action=action, expected_seq=fresh(game).seq)


def test_a_player_whose_offer_was_taken_is_called_to_plant_what_they_got(table):
    active, _ = trading(table)
    bob, _ = others(table, active)
    asked = faceup_bean(table)
    outcome = reply_receive(
        raw=reply(board_mail(table, bob), f"offer {active.username} give 1 ask faceup {asked}")
    )
    assert outcome.startswith("played: offer"), outcome
    offer = max(state_of(table).offers)
    by_page(table, active, {"kind": "accept", "offer": offer, "give": []})
    flushed()
    told = len(last_mails(bob))

    by_page(table, active, {"kind": "end_trading"})
    flushed()

    assert seat_of(table, bob) in engine.to_call(state_of(table))
    call = last_mail_to(bob)
    assert len(last_mails(bob)) == told + 1
    assert shows_now(table, call)
    assert f"plant {asked} in field" in call.body
    # What happened since his last mail, the trade among it, is listed in the call.
    assert "you traded 1 " in call.body.lower()
    assert f"to {active.username} for 1 {asked}." in call.body.lower()


def test_a_second_offer_reaches_a_player_who_has_not_answered_the_first(table):
    active, answer = trading(table)
    bob, _ = others(table, active)
    hand = state_of(table).hands[seat_of(table, active)]
    for place in (1, 2):
        outcome = reply_receive(
            raw=reply(last_mail_to(active), f"offer {bob.username} give {place}")
        )
        assert outcome.startswith("played: offer"), outcome
        flushed()
    first, second = sorted(state_of(table).offers)

    call = last_mail_to(bob)
    assert shows_now(table, call)
    assert f"accept {first}" in call.body and f"accept {second}" in call.body
    outcome = reply_receive(raw=reply(call, f"accept {second}"))
    assert outcome == f"played: accept {second}"
    assert hand[1] in state_of(table).to_plant[seat_of(table, bob)]


def test_a_declined_offer_is_told_to_its_maker_who_has_an_offer_to_answer(table):
    active, answer = trading(table)
    bob, _ = others(table, active)
    for user in (active, bob):  # their offers wait for answers, gifts too
        answers_everything(table, user)
    outcome = reply_receive(raw=reply(board_mail(table, bob), f"offer {active.username} give 1"))
    assert outcome.startswith("played: offer"), outcome
    mine = max(state_of(table).offers)
    reply_receive(raw=reply(answer, f"offer {bob.username} give 1"))
    flushed()
    theirs = max(state_of(table).offers)
    assert f"accept {theirs}" in last_mail_to(bob).body  # the call he has not answered

    by_page(table, active, {"kind": "decline", "offer": mine})
    flushed()

    call = last_mail_to(bob)
    assert shows_now(table, call)
    assert f"{active.username} declined your offer" in call.subject
    assert f"accept {theirs}" in call.body


def test_an_offer_written_on_a_mail_from_before_trading_opened_is_made(table):
    active = fresh(table).seats.get(position=state_of(table).active).user
    bob, _ = others(table, active)
    before_trading = board_mail(table, bob)
    trading(table)

    outcome = reply_receive(raw=reply(before_trading, f"offer {active.username} give 1"))

    assert outcome == f"played: offer {active.username} give 1"
    # Made (and perhaps taken at once: a gift of a bean the active player grows).
    assert fresh(table).moves.filter(kind="offer", seat__position=seat_of(table, bob)).exists()


def a_gift_by_mail(table) -> tuple:
    """The active player offers the next player a gift by mail: the two players, the gift's
    number, and how many mails the receiver has had."""
    active, answer = trading(table)
    bob, _ = others(table, active)
    reply_receive(raw=reply(answer, f"offer {bob.username} give 1"))
    flushed()
    return active, bob, max(state_of(table).offers), len(last_mails(bob))


def test_a_reply_that_leaves_the_game_waiting_on_others_is_answered_by_the_next_call(table):
    active, bob, offer, mails = a_gift_by_mail(table)
    raw = reply(last_mail_to(bob), f"accept {offer}")

    assert reply_receive(raw=raw) == f"played: accept {offer}; answered by the next mail"
    flushed()

    assert seat_of(table, bob) not in engine.to_call(state_of(table))
    assert len(last_mails(bob)) == mails  # nothing new to decide: no mail yet
    reply_receive(raw=reply(last_mail_to(active), "end"))
    flushed()
    [called] = last_mails(bob)[mails:]
    assert "Your last reply was played: its moves were made." in called.body
    took = Move.objects.get(game=table, kind="accept").events[0]
    worded = engine.describe(
        engine.Event.from_dict(took).for_seat(seat_of(table, bob)),
        state_of(table).names,
        seat_of(table, bob),
    )
    assert f"  - {worded}" in called.body
    thread = compose.thread_headers(game_id=table.id, user_id=bob.pk)["References"]
    assert called.extra_headers["References"] == thread


def test_a_line_left_unread_that_looks_meant_as_a_move_is_answered_at_once(table):
    _, bob, offer, mails = a_gift_by_mail(table)

    # The second move is cut off by an empty line, and a slip follows it.
    outcome = reply_receive(raw=reply(last_mail_to(bob), f"accept {offer}\n\nplnat 1\n\nBob"))

    assert outcome == f"played: accept {offer}"
    [answered] = last_mails(bob)[mails:]
    assert "These lines of your reply are no moves and were not read:" in answered.body
    assert "  plnat 1" in answered.body
