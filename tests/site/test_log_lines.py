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
