"""The trade book by mail: the board mail lists it as the reader's seat sees it, and replies
post, take and withdraw standing offers, pass, and set answer rules and turn plans."""

from datetime import timedelta

import pytest
from django.core import mail as sent_mail

from games import engine
from games.calls.mailing import outbox_flush
from games.engine.beans import bean_name
from games.engine.book.part import BEST_HARVEST
from games.mail.board_text import WHOLE_TURN
from mailplay.services import reply_receive
from tests.helpers import fresh, state_of

from .helpers import awaited, board_mail, first_call, last_mail_to, reply

pytestmark = pytest.mark.django_db


def others(game, player):
    """The two players the game does not wait for, in seat order."""
    return [seat.user for seat in fresh(game).seats.order_by("position").exclude(user=player)]


def trading(game):
    """The active player plants and turns up the face-up cards; their answer mail, in the
    trading phase."""
    outbox_flush(older_than=timedelta(0))
    active = awaited(game)
    assert reply_receive(raw=reply(last_mail_to(active), "1\nstop")) == "played: 1, stop"
    assert state_of(game).phase == "trade"
    return active, last_mail_to(active)


def back_bean(game, user):
    """The bean of the card at the back of the player's hand, as a command names it."""
    state = state_of(game)
    position = fresh(game).seats.get(user=user).position
    card = state.hands[position][-1]
    return card, bean_name(engine.BEANS[state.card_beans[card]].key).lower()


def unchanged(game):
    game = fresh(game)
    return game.seq, game.state


def test_a_standing_offer_posted_by_reply_is_listed_with_its_number_to_each_seat(table):
    active = awaited(table)
    bob, carol = others(table, active)
    card, bean = back_bean(table, bob)
    number = state_of(table).next_offer

    outcome = reply_receive(raw=reply(board_mail(table, bob), f"stand give {bean}"))

    assert outcome == f"played: stand give {bean}"
    [offer] = state_of(table).book.standing.values()
    bob_seat = fresh(table).seats.get(user=bob).position
    assert (offer.maker, offer.give, offer.ask) == (bob_seat, (card,), {})
    # Bob is told what was made, with his offer and how to withdraw it.
    answer = last_mail_to(bob)
    assert answer.subject.startswith("Played: your reply")
    assert "Your moves were made:\n  You offered a gift of 1 " in answer.body
    assert "You get a mail when" in answer.body
    shown = bean_name(engine.BEANS[state_of(table).card_beans[card]].key)
    mine = f"Your standing offer {number}: {shown} for nothing   -> withdraw {number}"
    assert mine in answer.body
    assert mine.replace(">", "&gt;") in answer.alternatives[0][0]  # and in the HTML part
    # Carol reads it by its bean, under its number, and may not take it: she is not active.
    reply_receive(raw=reply(board_mail(table, carol), "rules gifts"))
    seen = last_mail_to(carol).body
    assert f"Standing offer {number} from {bob.username}: {shown} for nothing\n" in seen
    assert "Your answer rules: rules gifts" in seen


def test_the_active_player_takes_a_standing_offer_by_replying_take_and_its_number(table):
    active = awaited(table)
    bob, _ = others(table, active)
    card, bean = back_bean(table, bob)
    number = state_of(table).next_offer
    reply_receive(raw=reply(board_mail(table, bob), f"stand give {bean}"))
    _, message = trading(table)
    assert f"take {number}   (a gift)" in message.body
    assert f"from {bob.username}: " in message.body and f"-> take {number}" in message.body

    outcome = reply_receive(raw=reply(message, f"take {number}"))

    assert outcome == f"played: take {number}"
    state = state_of(table)
    assert card in state.to_plant[state.active]
    assert not state.book.standing
    assert fresh(table).moves.order_by("-seq").first().kind == "take"
    assert "Your moves were made:\n  " in last_mail_to(active).body
    assert f"gave you 1 {bean_name(engine.BEANS[state.card_beans[card]].key)} as a gift" in (
        last_mail_to(active).body
    )


def test_a_standing_offer_posted_while_the_active_player_trades_calls_them_to_take_it(table):
    active, _ = trading(table)
    bob, _ = others(table, active)
    card, bean = back_bean(table, bob)
    number = state_of(table).next_offer
    mails = len([m for m in sent_mail.outbox if m.to == [active.email]])

    reply_receive(raw=reply(board_mail(table, bob), f"stand give {bean}"))
    outbox_flush(older_than=timedelta(0))

    called = [m for m in sent_mail.outbox if m.to == [active.email]]
    assert len(called) == mails + 1  # one call, with the move it opens
    assert f"take {number}   (a gift)" in called[-1].body
    reply_receive(raw=reply(board_mail(table, carol_of(table, active, bob)), "rules gifts"))
    outbox_flush(older_than=timedelta(0))
    assert len([m for m in sent_mail.outbox if m.to == [active.email]]) == mails + 1


def carol_of(table, active, bob):
    return next(user for user in others(table, active) if user != bob)


def test_the_call_of_a_players_turn_offers_the_whole_turn_in_one_line_and_it_plays(table):
    active, message = first_call(table)
    assert WHOLE_TURN in message.body
    before = fresh(table).seq

    outcome = reply_receive(raw=reply(message, WHOLE_TURN))

    # The whole turn played, and the game waits on others: the next call is the answer.
    assert outcome == f"played: {WHOLE_TURN}; answered by the next mail"
    # The plan played on at once: the front card planted, the face-up cards turned up, and
    # trading goes on until all have passed (the others here are away: at once).
    state = state_of(table)
    position = fresh(table).seats.get(user=active).position
    assert fresh(table).moves.get(seq=before + 1).kind == "plan"
    assert (state.phase, state.active) != ("plant", position)
    assert any(field for field in state.fields[position])


def test_a_standing_offer_asking_beans_is_paid_with_the_suggested_cards(table):
    active = awaited(table)
    bob, _ = others(table, active)
    _, message = trading(table)
    state = state_of(table)
    paid = state.hands[state.active][-1]
    asked = bean_name(engine.BEANS[state.card_beans[paid]].key).lower()
    card, bean = back_bean(table, bob)
    number = state.next_offer
    reply_receive(raw=reply(board_mail(table, bob), f"stand give 1 {bean} ask 1 {asked}"))

    outcome = reply_receive(raw=reply(board_mail(table, active), f"take {number}"))

    assert outcome == f"played: take {number}"
    state = state_of(table)
    bob_seat = fresh(table).seats.get(user=bob).position
    assert card in state.to_plant[state.active]
    assert len(state.to_plant[bob_seat]) == 1
    assert (
        engine.BEANS[state.card_beans[state.to_plant[bob_seat][0]]].key
        == engine.BEANS[state.card_beans[paid]].key
    )


def test_a_player_withdraws_their_standing_offer_by_its_number(table):
    bob, _ = others(table, awaited(table))
    _, bean = back_bean(table, bob)
    number = state_of(table).next_offer
    reply_receive(raw=reply(board_mail(table, bob), f"stand give {bean}"))

    assert reply_receive(raw=reply(board_mail(table, bob), f"withdraw {number}")).startswith(
        "played"
    )
    assert not state_of(table).book.standing


def test_a_player_passes_while_the_active_player_trades_and_not_before(table):
    bob, carol = others(table, awaited(table))
    before = unchanged(table)

    early = reply_receive(raw=reply(board_mail(table, carol), "pass"))

    assert (
        early
        == "refused: “pass”: You can pass only while the active player trades. Nothing was changed."
    )
    assert unchanged(table) == before
    trading(table)
    assert "You may pass for this trading phase" in _board_of(table, carol)

    assert reply_receive(raw=reply(board_mail(table, carol), "pass")) == "played: pass"
    carol_seat = fresh(table).seats.get(user=carol).position
    assert state_of(table).book.has_said_pass(carol_seat, state_of(table).turn)
    answer = last_mail_to(carol).body
    assert "Your moves were made:\n  You passed" in answer and "You may pass" not in answer


def _board_of(game, user):
    """The board mail of a player the game does not wait for: the answer to a reply of theirs
    (one that changes nothing a page shows but their rules)."""
    reply_receive(raw=reply(board_mail(game, user), "rules ask"))
    return last_mail_to(user).body


def test_answer_rules_set_by_reply_accept_a_gift_at_once(table):
    active = awaited(table)
    bob, carol = others(table, active)

    outcome = reply_receive(
        raw=reply(board_mail(table, carol), "rules gifts growing keep 2 decline plant")
    )

    assert outcome.startswith("played")
    carol_seat = fresh(table).seats.get(user=carol).position
    rules = state_of(table).book.rules[carol_seat].to_dict()
    assert rules == {
        "gifts": True,
        "keep": 2,
        "growing": True,
        "away": False,
        "otherwise": "decline",
        "plant": True,
    }
    assert "Your answer rules: rules gifts growing plant keep 2 decline" in last_mail_to(carol).body
    _, message = trading(table)
    gift = state_of(table).hands[state_of(table).active][0]

    played = reply_receive(raw=reply(message, f"offer {carol.username} give 1"))

    assert played == f"played: offer {carol.username} give 1"
    state = state_of(table)
    assert gift not in state.hands[state.active]
    assert not state.offers
    planted = [card for field in state.fields[carol_seat] for card in field] + state.to_plant[
        carol_seat
    ]
    assert gift in planted


def test_rules_away_back_and_off_change_only_what_they_name(table):
    _, carol = others(table, awaited(table))
    seat = fresh(table).seats.get(user=carol).position

    def rules():
        return state_of(table).book.rules[seat].to_dict()

    reply_receive(raw=reply(board_mail(table, carol), "rules gifts keep 1"))
    reply_receive(raw=reply(board_mail(table, carol), "rules away"))
    assert rules()["away"] and rules()["gifts"] and rules()["keep"] == 1
    reply_receive(raw=reply(board_mail(table, carol), "rules back"))
    assert not rules()["away"] and rules()["gifts"]
    reply_receive(raw=reply(board_mail(table, carol), "rules off growing"))
    assert rules() == {
        "gifts": False,
        "keep": 0,
        "growing": True,
        "away": False,
        "otherwise": "ask",
        "plant": False,
    }


def test_a_turn_plan_set_by_reply_is_shown_to_its_player_alone(table):
    bob, carol = others(table, awaited(table))
    seat = fresh(table).seats.get(user=bob).position
    front = state_of(table).hands[seat][0]

    outcome = reply_receive(
        raw=reply(board_mail(table, bob), "plan plant 1 faceup offer trading end kept")
    )

    assert outcome.startswith("played")
    plan = state_of(table).book.plans[seat]
    assert (plan.plant, plan.faceup, plan.trading, plan.kept) == (
        [[front, 0]],
        "offer",
        "end",
        True,
    )
    assert "Your turn plan: plan plant 1 faceup offer trading end kept" in last_mail_to(bob).body
    assert "You have no turn plan." in _board_of(table, carol)
    reply_receive(raw=reply(board_mail(table, bob), "plan off"))
    assert seat not in state_of(table).book.plans


def test_a_plan_for_every_turn_set_by_reply_is_read_back_in_the_same_words(table):
    bob, _carol = others(table, awaited(table))
    seat = fresh(table).seats.get(user=bob).position
    words = "plan plant obvious next harvest best hand offer trading passed kept every"

    outcome = reply_receive(raw=reply(board_mail(table, bob), words))

    assert outcome.startswith("played")
    plan = state_of(table).book.plans[seat]
    assert (plan.obvious, plan.harvest, plan.hand, plan.trading, plan.kept, plan.every) == (
        2,
        BEST_HARVEST,
        "offer",
        "passed",
        True,
        True,
    )
    assert f"Your turn plan: {words}" in last_mail_to(bob).body
    reply_receive(raw=reply(board_mail(table, bob), "plan once harvest 2"))
    plan = state_of(table).book.plans[seat]
    assert (plan.every, plan.harvest, plan.obvious) == (False, 1, 2)


@pytest.mark.parametrize(
    ("line", "reason"),
    [
        ("take 99", "There is no offer 99."),
        ("plan harvest soon", "Give the field to harvest as a number, not “soon”."),
        ("rules keep 99", "Keep back a whole number of cards from 0 to 10."),
        ("rules sometimes", "“sometimes” is no answer rule"),
        ("stand give 9 soy", "Your hand holds"),
        (
            "plan faceup never",
            'Say what to do with the face-up cards: keep them ("keep"), offer them to those who '
            'grow them ("offer") or give them to anyone ("give").',
        ),
        ("withdraw 99", ""),
    ],
)
def test_a_book_command_that_cannot_be_made_changes_nothing_and_says_why(table, line, reason):
    active, message = trading(table)
    before = unchanged(table)

    outcome = reply_receive(raw=reply(message, line))

    assert outcome.startswith(f"refused: “{line}”: {reason}")
    assert outcome.endswith("Nothing was changed.")
    assert unchanged(table) == before
    assert f"“{line}”: {reason}" in last_mail_to(active).body
