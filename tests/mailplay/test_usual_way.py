"""A player who never opened the trade book takes up its usual way in one step from their first
call: a click in the mail, the reply "usual", a button on the page or under the push."""

import json
import re

import pytest
from django.urls import reverse
from django.utils import timezone

from games import engine
from games.calls import payloads
from games.models import Outbox
from mailplay.services import reply_receive
from tests.helpers import fresh, state_of, user_at

from .helpers import awaited, board_mail, last_mail_to, reply

pytestmark = pytest.mark.django_db
USUAL_LINE = re.compile(r"Play my obvious moves: (\S+)")


def took_up_the_usual_way(game, position: int) -> bool:
    book = state_of(game).book
    plan = book.plans.get(position) if book is not None else None
    return plan is not None and plan.every and book.rules[position].gifts


def test_the_first_call_offers_the_usual_way_and_its_link_takes_it_up_in_one_click(client, table):
    player = awaited(table)
    position = fresh(table).seats.get(user=player).position
    mail = last_mail_to(player)
    assert "Reply “usual”, or:" in mail.body
    url = USUAL_LINE.search(mail.body)[1].removeprefix("http://127.0.0.1:8000")

    preview = client.get(url).content.decode()
    assert "Let the game play your obvious moves" in preview
    assert "the rest of your hand stays as it is" in preview
    assert not took_up_the_usual_way(table, position)  # opening the link changes nothing

    client.post(url)

    assert took_up_the_usual_way(table, position)
    again = client.get(url).content.decode()
    assert "You have rules or a plan of your own in this game" in again


def test_the_reply_usual_takes_it_up_and_the_next_calls_no_longer_offer_it(table):
    player = awaited(table)
    position = fresh(table).seats.get(user=player).position
    before = Outbox.objects.order_by("id").last().id

    outcome = reply_receive(raw=reply(board_mail(table, player), "usual"))

    assert outcome.startswith("played")
    assert took_up_the_usual_way(table, position)
    # Her plan plays her turn and the next player is called, still offered the usual way;
    # the answer to her reply no longer offers it to her.
    later = Outbox.objects.filter(id__gt=before)
    assert [(row.kind, row.context["usual"]) for row in later] == [("your_turn", True)]
    answer = last_mail_to(player).body
    assert "by your turn plan" in answer and "Reply “usual”" not in answer
    assert "Your turn plan: plan plant obvious harvest best faceup offer trading passed" in answer


def test_the_page_offers_the_usual_way_until_it_is_taken_up(client, table):
    game = fresh(table)
    position = engine.from_dict(game.state).active
    client.force_login(user_at(game, position))
    page = client.get(reverse("games:game", args=[game.id])).content.decode()
    assert 'id="usual-set"' in page

    response = client.post(
        reverse("games:move", args=[game.id]), {"expected_seq": game.seq, "kind": "usual"}
    )

    assert response.status_code in (200, 302)
    assert took_up_the_usual_way(game, position)
    page = client.get(reverse("games:game", args=[game.id])).content.decode()
    assert 'id="usual-set"' not in page
    assert 'id="plan-summary"' in page


def test_a_push_call_carries_the_usual_way_as_a_button(table):
    player = awaited(table)
    row = Outbox.objects.filter(user=player).order_by("id").last()

    pushed = json.loads(payloads.push_payload(row, now=timezone.now()))

    [action] = pushed["actions"]
    assert (action["action"], action["title"]) == ("usual", "Play my obvious moves")
    assert action["url"].startswith("http") and action["url"] != pushed["url"]
