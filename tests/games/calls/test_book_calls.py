"""Calls to move and the trade book: nobody is mailed, reminded or listed as awaited for a step
their answer rules or their turn plan has made, or carries, for them."""

from datetime import timedelta

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from games import engine
from games.models import Deadline, Outbox
from games.selectors.lobby import my_games
from games.services.timeouts import reminders_send
from tests.games.helpers import book_move, everyone_at_the_page, play_until
from tests.helpers import state_of, user_at

pytestmark = pytest.mark.django_db


def mails(game, user, kind: str) -> list[Outbox]:
    return list(Outbox.objects.filter(game=game, user=user, kind=kind))


def test_a_player_whose_rules_accept_a_gift_is_not_called_to_answer_it_but_reads_the_trade(
    started_game,
):
    active = state_of(started_game).active
    to = (active + 1) % 3
    book_move(started_game, to, "rules", gifts=True, plant=True)
    game = play_until(started_game, lambda state: state.phase == "trade" and not state.offers)
    card = state_of(game).faceup[0]

    book_move(game, active, "offer", to=to, give=[card])

    receiver = user_at(game, to)
    assert mails(game, receiver, "offer") == []
    state = state_of(game)
    assert not state.offers
    assert card in state.to_plant[to]  # accepted, to be planted once trading ends
    client = Client()
    client.force_login(receiver)
    page = client.get(reverse("games:game", args=[game.id])).content.decode()
    assert "(by your answer rules)" in page


def test_a_player_whose_plan_plays_their_whole_turn_gets_no_your_turn_mail(started_game):
    state = state_of(started_game)
    planner = (state.active + 1) % 3
    front = state.hands[planner][0]
    book_move(
        started_game, planner, "plan", plant=[[front, 0]], faceup="keep", trading="end", kept=True
    )
    planner_user = user_at(started_game, planner)

    game = play_until(started_game, lambda state: state.active == (planner + 1) % 3)

    state = state_of(game)
    assert state.fields[planner][0][0] == front  # the plan planted it
    assert planner not in state.book.plans  # and is carried out
    assert mails(game, planner_user, "your_turn") == []
    assert mails(game, user_at(game, state.active), "your_turn")  # the next player is called


def test_no_reminder_and_no_call_in_my_games_while_a_plan_carries_the_trading(started_game):
    # The others are at the table (no pass is assumed for them): the plan waits for theirs.
    everyone_at_the_page(started_game, but=state_of(started_game).active)
    game = play_until(started_game, lambda state: state.phase == "trade" and not state.offers)
    active = state_of(game).active
    trader = user_at(game, active)
    book_move(game, active, "plan", trading="passed")
    [window] = Deadline.objects.filter(game=game, seat__position=active, done=False)
    now = timezone.now()
    Deadline.objects.filter(id=window.id).update(
        started_at=now - timedelta(days=1), due_at=now + timedelta(minutes=50)
    )

    assert engine.waiting_for(state_of(game)) == [active]  # the window still runs for them
    assert reminders_send() == 0
    assert mails(game, trader, "reminder") == []
    [row] = [row for row in my_games(user=trader) if row["game"].id == game.id]
    assert (row["reason"], row["waiting_for"]) == (None, [])

    book_move(game, active, "plan")  # the plan dropped: the trading is theirs again
    assert reminders_send() == 1
    [row] = [row for row in my_games(user=trader) if row["game"].id == game.id]
    assert row["reason"] is not None
