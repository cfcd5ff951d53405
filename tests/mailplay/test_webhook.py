"""The inbound webhook of the configured mail service: a reply it posts is played; junk, another
service's address and a message its spam filter flagged are refused, never with a 500."""

import base64
import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.helpers import fresh

from .helpers import awaited, board_mail, reply

pytestmark = pytest.mark.django_db

INBOUND = "/anymail/postmark/inbound/"
SERVICES = ["mailgun", "sendgrid", "amazon_ses", "mailjet", "sparkpost", "brevo", "postal"]


@pytest.fixture(autouse=True)
def postmark(settings):
    settings.MAIL_INBOUND_SERVICE = "postmark"
    settings.ANYMAIL = {"WEBHOOK_SECRET": "user:secret"}


def post(client, url: str, body: bytes):
    credentials = base64.b64encode(b"user:secret").decode()
    return client.post(
        url, body, content_type="application/json", HTTP_AUTHORIZATION=f"Basic {credentials}"
    )


def posted_reply(game, body: str, **headers) -> bytes:
    player = awaited(game)
    raw = reply(board_mail(game, player), body, **headers)
    return json.dumps({"RawEmail": raw.decode(), "FromFull": {"Email": player.email}}).encode()


def test_a_reply_the_configured_service_posts_is_played(table, client):
    before = fresh(table).seq

    response = post(client, INBOUND, posted_reply(table, "1"))

    assert response.status_code == 200
    assert fresh(table).seq == before + 1


def test_a_reply_the_services_spam_filter_flagged_is_dropped(table, client):
    before = fresh(table).seq

    response = post(client, INBOUND, posted_reply(table, "1", X_Spam_Status="Yes"))

    assert response.status_code == 200  # taken, so that the service does not post it again
    assert fresh(table).seq == before


@pytest.mark.parametrize("body", [b"{", b"[1,2]", b"", b'{"RecordType": "Bounce"}', b"\xff"])
def test_a_body_that_is_no_message_is_answered_400(client, body):
    assert post(client, INBOUND, body).status_code == 400


@pytest.mark.parametrize("service", SERVICES)
def test_services_the_site_is_not_configured_for_are_not_routed(client, service):
    assert post(client, f"/anymail/{service}/inbound/", b"{}").status_code == 404
    assert post(client, f"/anymail/{service}/tracking/", b"{}").status_code == 404


def test_no_service_is_routed_when_none_is_configured(client, settings):
    settings.MAIL_INBOUND_SERVICE = ""

    assert post(client, INBOUND, b"{}").status_code == 404


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=12), inner),
    max_leaves=8,
)
postmark_like = st.fixed_dictionaries(
    {},
    optional={
        key: json_values
        for key in ["RawEmail", "FromFull", "ToFull", "Headers", "TextBody", "Attachments"]
    },
)
bodies = st.one_of(
    st.binary(max_size=200),
    json_values.map(lambda value: json.dumps(value).encode()),
    postmark_like.map(lambda value: json.dumps(value).encode()),
)


@pytest.mark.django_db
def test_no_body_gets_a_500(client):
    @settings(
        max_examples=150,
        deadline=None,
        suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
    )
    @given(body=bodies, service=st.sampled_from(["postmark", *SERVICES]))
    def posted(body, service):
        response = post(client, f"/anymail/{service}/inbound/", body)
        assert response.status_code in {200, 400, 403, 404}, (response.status_code, body)

    posted()
