"""The browser itself reads the site's manifest, and would put the site on a phone's home
screen, opening on the player's games."""

import os

import pytest
from django.db import connections
from playwright.sync_api import expect, sync_playwright

from .conftest import CHROMIUM_ARGS
from .helpers import session_cookie, shoot

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

PHONE = {"width": 390, "height": 844}


@pytest.fixture
def phone(tmp_path):
    """A phone-sized Chromium with a profile of its own on disk: the browser contexts of the
    other tests are incognito, where Chromium installs nothing."""
    with sync_playwright() as playwright:
        context = playwright.chromium.launch_persistent_context(
            str(tmp_path / "profile"),
            executable_path=os.environ.get("CHROMIUM_PATH", "/usr/bin/chromium"),
            args=CHROMIUM_ARGS,
            viewport=PHONE,
            is_mobile=True,
            has_touch=True,
        )
        yield context
        context.close()
        # As the browser fixture does: the test's ORM calls had a connection of their own.
        connections.close_all()


def test_chromium_reads_the_manifest_in_the_players_language_and_finds_the_site_installable(
    live_server, phone
):
    base = live_server.url
    phone.add_cookies([session_cookie(base, "hanna", language="de", zone="Europe/Berlin")])
    page = phone.new_page()
    page.goto(f"{base}/")
    expect(page.get_by_role("heading", name="Meine Spiele")).to_be_visible()
    shoot(page, "installable-home-phone")

    cdp = phone.new_cdp_session(page)
    read = cdp.send("Page.getAppManifest")
    assert read["url"] == f"{base}/manifest.webmanifest"
    assert read["errors"] == []
    manifest = read["manifest"]
    assert manifest["startUrl"] == manifest["scope"] == manifest["id"] == f"{base}/"
    assert manifest["display"] == "kStandalone"
    assert manifest["name"] == "Bohnanza"
    assert manifest["description"].startswith("Bohnen anbauen, handeln und ernten")
    assert manifest["themeColor"] == "rgba(90,125,42,1)"
    assert [(icon["url"], icon["sizes"]) for icon in manifest["icons"]] == [
        (f"{base}/static/img/icon-192.png", "192x192"),
        (f"{base}/static/img/icon-512.png", "512x512"),
        (f"{base}/static/img/icon-maskable-512.png", "512x512"),
    ]
    # What keeps Chromium from offering to install the site: nothing.
    assert cdp.send("Page.getInstallabilityErrors") == {"installabilityErrors": []}
