"""The site can be put on a phone's home screen: a manifest and its icons, linked from every
page, opening on the player's games, in the reader's language."""

import re
import struct

import pytest
from django.urls import reverse

from games.services.profiles import profile_get_or_create
from tests.helpers import make_user

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def static_files(settings):
    """The static files served as the development server and the browser tests serve them
    (the test client's WhiteNoise, made for each client, reads this when it starts)."""
    settings.WHITENOISE_USE_FINDERS = True


def png_size(body: bytes) -> tuple[int, int]:
    """Width and height from a PNG's header (its signature, then the IHDR chunk)."""
    assert body[:8] == b"\x89PNG\r\n\x1a\n"
    assert body[12:16] == b"IHDR"
    return struct.unpack(">II", body[16:24])


def served(client, url: str) -> bytes:
    response = client.get(url)
    assert response.status_code == 200, url
    return b"".join(response.streaming_content) if response.streaming else response.content


def manifest_of(client, **headers) -> dict:
    response = client.get(reverse("app_manifest"), headers=headers)
    assert response.status_code == 200
    assert response["Content-Type"] == "application/manifest+json"
    return response.json()


def test_a_visitor_gets_a_manifest_that_opens_the_site_on_its_home_page_standing_alone(
    anonymous_client, django_assert_num_queries
):
    with django_assert_num_queries(0):
        manifest = manifest_of(anonymous_client)
    home = reverse("games:home")
    assert manifest["name"] == manifest["short_name"] == "Bohnanza"
    assert manifest["description"].startswith("Plant, trade and harvest beans")
    assert manifest["lang"] == "en"
    assert manifest["start_url"] == manifest["scope"] == manifest["id"] == home
    assert manifest["display"] == "standalone"
    assert manifest["theme_color"] == "#5a7d2a"
    assert manifest["background_color"] == "#fbf8f1"


def test_the_manifests_icons_are_served_at_the_sizes_it_declares_one_of_them_maskable(
    anonymous_client,
):
    icons = manifest_of(anonymous_client)["icons"]
    for icon in icons:
        assert icon["type"] == "image/png"
        width, height = png_size(served(anonymous_client, icon["src"]))
        assert icon["sizes"] == f"{width}x{height}"
    assert {(icon["sizes"], icon["purpose"]) for icon in icons} == {
        ("192x192", "any"),
        ("512x512", "any"),
        ("512x512", "maskable"),
    }


def test_the_manifest_speaks_the_visitors_language_and_a_players_own(client):
    german = manifest_of(client, accept_language="de")
    assert german["lang"] == "de"
    assert german["description"].startswith("Bohnen anbauen, handeln und ernten")

    player = make_user("fleur")
    profile_get_or_create(user=player, language="fr")
    client.force_login(player)
    french = manifest_of(client, accept_language="de")
    assert french["lang"] == "fr"
    assert french["description"] != german["description"]
    assert french["description"].startswith("Plantez, échangez et récoltez des haricots")


def test_every_page_links_the_manifest_the_theme_colour_and_the_icon_for_apples_home_screen(
    anonymous_client,
):
    page = served(anonymous_client, reverse("games:home")).decode()
    manifest = re.search(r'<link rel="manifest" href="([^"]+)"', page)
    assert manifest and manifest[1] == reverse("app_manifest")
    theme = re.search(r'<meta name="theme-color" content="([^"]+)"', page)
    assert theme and theme[1] == manifest_of(anonymous_client)["theme_color"]
    apple = re.search(r'<link rel="apple-touch-icon" href="([^"]+)"', page)
    assert apple and png_size(served(anonymous_client, apple[1])) == (180, 180)
