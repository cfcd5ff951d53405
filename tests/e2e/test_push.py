"""Push turned on in a browser: the site's service worker registers and is active at the site's
root, and the browser's subscription reaches the server, which lists the device.

Headless Chromium here has no push service to reach, so `pushManager.subscribe` cannot succeed
for real: in this test only, `PushManager.prototype.subscribe` is replaced (by an init script,
before the page's own scripts run) with a function that keeps the options it was given and
returns a subscription-like object carrying keys made in the test. Everything else is the page's
own: the permission asked, the worker registered, the subscription posted."""

import base64
import json
import os

import pytest
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.serialization import Encoding, PublicFormat
from playwright.sync_api import expect

from games.calls.vapid import public_key as vapid_public_key
from games.models import PushSubscription

from .helpers import session_cookie, shoot

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def b64url(raw: bytes) -> str:
    return base64.urlsafe_b64encode(raw).rstrip(b"=").decode()


def test_the_worker_registers_at_the_root_and_the_subscription_reaches_the_server(
    live_server, browser, settings
):
    # The made-up push service is on this machine (nothing is pushed to it here).
    settings.PUSH_ALLOW_LOCAL = True
    base = live_server.url
    endpoint = "http://127.0.0.1:9/push/hanna"
    key = ec.generate_private_key(ec.SECP256R1()).public_key()
    p256dh = b64url(key.public_bytes(Encoding.X962, PublicFormat.UncompressedPoint))
    auth = b64url(os.urandom(16))
    subscription = {"endpoint": endpoint, "keys": {"p256dh": p256dh, "auth": auth}}
    context = browser.new_context(permissions=["notifications"])
    context.add_cookies([session_cookie(base, "hanna")])
    made = json.dumps(subscription)
    context.add_init_script(
        f"""
        PushManager.prototype.subscribe = async function (options) {{
          const key = new Uint8Array(options.applicationServerKey);
          localStorage.setItem("serverKey", btoa(String.fromCharCode(...key)));
          const made = {made};
          return {{ endpoint: made.endpoint, toJSON: () => made }};
        }};
        """
    )
    page = context.new_page()
    page.goto(f"{base}/l/preferences/")

    page.get_by_role("button", name="Turn push on in this browser").click()

    expect(page.get_by_text("Push is on for this browser")).to_be_visible()
    expect(page.locator(".push-devices")).to_contain_text("Chrome on Linux, on since")
    shoot(page, "push-on")
    worker = page.evaluate(
        """navigator.serviceWorker.ready.then(
             (r) => [r.scope, r.active.scriptURL, r.active.state])"""
    )
    assert worker == [f"{base}/", f"{base}/sw.js", "activated"]
    sent_key = base64.b64decode(page.evaluate("localStorage.getItem('serverKey')"))
    assert b64url(sent_key) == vapid_public_key()
    [row] = PushSubscription.objects.all()
    assert (row.user.username, row.endpoint, row.p256dh, row.auth) == (
        "hanna",
        endpoint,
        p256dh,
        auth,
    )

    page.get_by_label("Turn off").check()
    page.get_by_role("button", name="Save").click()
    expect(page.get_by_text("Push is off for that device.")).to_be_visible()
    expect(page.locator(".push-devices")).to_have_count(0)
    assert not PushSubscription.objects.exists()
    context.close()
