"""A mailbox a person can read: the turn in each subject, the text wrapped as format=flowed
(RFC 3676), which a reader that knows the format joins again, and the signature marked."""

import re

import pytest
from django.core import mail as sent_mail

from bench.async_infra import shown
from games.mail import compose
from mailplay.services import reply_receive
from tests.helpers import fresh, state_of

from .helpers import first_call, last_mail_to, reply
from .test_languages import offer_by_reply

pytestmark = pytest.mark.django_db

LINK = re.compile(r"https?://\S+")


def test_a_reply_is_answered_under_a_subject_with_the_turn(table):
    player, call = first_call(table)

    reply_receive(raw=reply(call, "1\nstop"))

    turn = state_of(fresh(table)).turn
    assert (
        last_mail_to(player).subject == f"Played: your reply in {fresh(table).title} (turn {turn})"
    )


def test_every_mail_of_a_game_played_by_reply_has_short_lines_flowed_and_a_signature(table):
    offer_by_reply(table, "de", "fr")  # a call, the answer to a reply, an offer

    kinds = {message.extra_headers.get("X-Bohnanza-Kind") for message in sent_mail.outbox}
    assert {"your_turn", "offer", "reply_answer"} <= kinds
    for message in sent_mail.outbox:
        part = message.message().get_body(("plain",))
        text = part.get_content()
        lines = text.splitlines()
        assert part.get_content_type() == "text/plain"
        assert part.get_param("format") == "flowed" and part.get_content_charset() == "utf-8"
        assert [line for line in lines if len(line) > 78 and not LINK.fullmatch(line.strip())] == []
        assert "-- " in lines and "--" not in lines
        assert any(line.endswith(" ") and line != "-- " for line in lines)  # soft breaks
        assert LINK.findall(text) == LINK.findall(message.body)  # every link whole
        # Read as flowed, the text is the mail as written.
        assert shown(part).split() == message.body.split()


def test_a_long_hand_breaks_between_its_cards_and_a_link_stays_whole():
    cards = "  ".join(f"{n}) Black-eyed" for n in range(1, 12))
    fields = ", ".join(f"{n}: 3 Garden Bean" for n in range(1, 7))
    link = "http://127.0.0.1:8000/l/" + "x" * 90
    text = f"Your hand, front first: {cards}\nYour fields: {fields}\nOpen the game: {link}\n--"

    lines = compose.flowed(text).splitlines()

    assert lines[-3:] == ["Open the game: ", link, "-- "]
    assert all(len(line) <= 72 for line in lines[:-2])
    hand, fields = lines[:3], lines[3:5]
    assert all(line.endswith("Black-eyed  ") for line in hand[:-1])
    assert all(
        re.fullmatch(r"(Your hand, front first: )?(\d+\) Black-eyed *)+", line) for line in hand
    )
    assert fields[0].endswith("Garden Bean, ") and fields[1].startswith("4: 3 Garden Bean")
