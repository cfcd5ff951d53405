"""No log line names a credential: a signed link followed, a bad one, an invitation token, a
token sent under any scheme; whatever logs it, the line the handlers write hides it."""

import logging

import pytest
from django.test import Client

from games.mail import links
from tests.helpers import make_user, started

pytestmark = pytest.mark.django_db


@pytest.fixture
def written():
    """The lines the site's console handler would write, filtered as it filters them."""
    lines = []

    class Kept(logging.Handler):
        def emit(self, record):
            lines.append(self.format(record))

    kept = Kept()
    kept.filters = list(logging.getHandlerByName("console").filters)
    for logger in (logging.getLogger(), logging.getLogger("django.server")):
        logger.addHandler(kept)
    yield lines
    for logger in (logging.getLogger(), logging.getLogger("django.server")):
        logger.removeHandler(kept)


def test_a_signed_link_an_invitation_and_a_token_are_hidden_in_every_line(written):
    alice, bob = make_user("alice"), make_user("bob")
    game = started([alice, bob])
    link = links.link_url(action="open", user_id=alice.pk, game_id=game.id)
    token = link.rstrip("/").rsplit("/", 1)[1]
    client = Client()

    client.get(link.replace(token, token[:-3] + "xyz"))  # a link whose signature fails: 404
    logging.getLogger("django.server").info('"GET %s HTTP/1.1" %s %s', link, "302", "0")
    logging.getLogger("django.request").warning("Not Found: %s", links.invitation_url(game))
    logging.getLogger("django").error("Unexpected auth - 'Token %s'", "s3cr3t-t0ken-value")

    text = "\n".join(written)
    assert "/l/…" in text
    assert token not in text and token[:-3] not in text
    assert game.invite_token not in text
    assert "s3cr3t-t0ken-value" not in text


SCHEMES = ["Token", "token", "Basic", "bearer", "Bearer:", "JWT", ""]
# The loggers whose records come from a request; a handler on one of them sees a record before
# the root's handlers (whose filter would hide what a test's capture saw after it).
FIRST = ("django", "ninja", "allauth", "botapi", "games")


@pytest.fixture
def as_made():
    """Each record's message as the first handler of its logger receives it."""
    messages = []

    class Kept(logging.Handler):
        def emit(self, record):
            messages.append(f"{record.msg}{record.args}{record.getMessage()}")

    kept = Kept(logging.DEBUG)
    for name in FIRST:
        logging.getLogger(name).addHandler(kept)
    yield messages
    for name in FIRST:
        logging.getLogger(name).removeHandler(kept)


def test_no_record_holds_a_token_a_password_a_session_or_a_link(caplog, settings, as_made):
    """Each wrong scheme, a bad password and a bad signed link: no record, as it is made and as
    the root's capture holds it, names the secret."""
    alice = make_user("alice")
    game = started([alice, make_user("bob")])
    link = links.link_url(action="open", user_id=alice.pk, game_id=game.id)
    bad_link = link.replace(link.rstrip("/")[-4:], "zzzz")
    token, password = "bzsecret0.s3cr3t-t0ken-value", "alice-wrong-password-9f"
    settings.DEBUG = True  # where a framework would log a header whole
    client = Client()
    client.cookies["sessionid"] = "s3ss10n-value-77"
    with caplog.at_level(logging.DEBUG):
        for scheme in SCHEMES:
            header = f"{scheme} {token}".strip()
            for path in ("/api/v1/me", "/api/v1/seats", "/api/v2/me", "/api/v2/wait?wait=0"):
                assert client.get(path, HTTP_AUTHORIZATION=header).status_code == 401
        client.post("/accounts/login/", {"login": "alice@example.com", "password": password})
        assert client.get(bad_link).status_code in (400, 404)
        logging.getLogger("django").error("Unexpected auth - 'Token %s'", token)
    logged = "".join(as_made) + caplog.text
    logged += "".join(f"{record.msg}{record.args}" for record in caplog.records)
    signature = bad_link.rstrip("/").rsplit(":", 1)[1]
    for secret in (token, token.split(".")[1], password, "s3ss10n-value-77", signature):
        assert secret not in logged, secret
    assert "/l/…" in logged  # the bad link was logged, without its token
