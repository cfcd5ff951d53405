"""Whatever a mail server or a mail service delivers: no exception escapes the worker's entry
point, every message ends answered or dropped with a log line, and the inbound webhook answers
junk with a 4xx, never a 500."""

import logging

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mailplay.models import InboundReply
from mailplay.tasks import queue_reply

from .helpers import awaited, board_mail

pytestmark = pytest.mark.django_db

FUZZ = settings(
    max_examples=150,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)

# Anything but line breaks, which would end the header; those come in their own strategy.
header_text = st.text(st.characters(codec="utf-8", exclude_characters="\r\n"), max_size=40)
wild_header = st.one_of(header_text, st.binary(max_size=40).map(lambda b: b.replace(b"\n", b" ")))
commands = st.sampled_from([b"1", b"1\x00", b"end.", b"\x00", b"", b"harvest 9\r\n\r\n-- \r\nme"])
bodies = st.one_of(
    st.binary(max_size=300),
    st.text(max_size=300).map(lambda text: text.encode("utf-8", "surrogatepass")),
    commands,
)
bodies = st.integers(0, 1).flatmap(lambda roll: bodies if roll else commands)
names = st.sampled_from(
    ["Authentication-Results", "Auto-Submitted", "Precedence", "X-Spam-Flag", "Cc", "Received"]
)


def mostly(usual, wild):
    """The usual four times in five, so that the wild values meet a reply read to its end."""
    return st.integers(0, 4).flatmap(lambda roll: wild if roll == 4 else usual)


def raw(value) -> bytes:
    return value if isinstance(value, bytes) else value.encode()


@st.composite
def messages(draw, player_email: str, reply_address: str) -> bytes:
    senders = [player_email, f"{player_email}, mallory@example.org", f'"Player" <{player_email}>']
    sender = draw(mostly(st.sampled_from(senders), wild_header))
    to = draw(mostly(st.just(reply_address), wild_header))
    charset = draw(st.one_of(st.sampled_from(["utf-8", "x-unknown", "latin-1", ""]), header_text))
    encoding = draw(st.sampled_from(["8bit", "base64", "quoted-printable", "7bit", "x-rot13"]))
    kind = draw(st.sampled_from(["text/plain", "text/html", "multipart/alternative", "x/y"]))
    headers = [
        b"From: " + raw(sender),
        b"To: " + raw(to),
        b"Subject: " + raw(draw(wild_header)),
        b"Message-ID: " + raw(draw(wild_header)),
        b"Content-Type: " + kind.encode() + b'; charset="' + raw(charset) + b'"',
        b"Content-Transfer-Encoding: " + encoding.encode(),
    ]
    extra = draw(st.lists(st.tuples(mostly(names, header_text), wild_header), max_size=3))
    headers += [raw(name) + b": " + raw(value) for name, value in extra]
    headers = draw(st.permutations(headers))
    return b"\r\n".join(headers) + b"\r\n\r\n" + draw(bodies)


def test_no_message_is_lost_to_an_exception(table, caplog):
    player = awaited(table)
    reply_address = board_mail(table, player).reply_to[0]

    @FUZZ
    @given(message=messages(player.email, reply_address))
    def receive(message):
        caplog.clear()
        read_before = InboundReply.objects.count()
        with caplog.at_level(logging.INFO, logger="mailplay"):
            queue_reply(message, [])  # raises if anything escaped
        outcomes = [r.getMessage() for r in caplog.records if r.funcName == "reply_receive"]
        assert len(outcomes) == 1, outcomes
        if InboundReply.objects.count() > read_before:
            outcome = InboundReply.objects.latest("pk").outcome
            assert outcome.split(":")[0] in {"played", "refused", "ignored"}, outcome
            assert outcome in outcomes[0]
        else:
            assert outcomes[0].endswith("a message already read")

    receive()
