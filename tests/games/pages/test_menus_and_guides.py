"""The site's menu in each language, and the how-to page's word on the third field."""

import re

import pytest
from django.urls import reverse

from games.services.profiles import profile_get_or_create

pytestmark = pytest.mark.django_db

# Words the menu may keep from English, as the language itself uses them.
LOANWORDS = {("it", "Ratings"), ("nl", "Ratings")}


def menu_links(html: str) -> list[str]:
    nav = html.split('<header class="site-header">')[1].split("<nav>")[1].split("</nav>")[0]
    return [re.sub(r"\s+", " ", text).strip() for text in re.findall(r"<a [^>]*>([^<]+)</a>", nav)]


def test_every_menu_entry_is_translated_in_each_language(client, alice):
    profile = profile_get_or_create(user=alice)
    client.force_login(alice)
    home = reverse("games:home")
    english = menu_links(client.get(home).content.decode())
    for language in ("de", "fr", "it", "nl"):
        profile.language = language
        profile.save(update_fields=["language"])
        client.force_login(alice)  # the session takes the language at log-in
        words = menu_links(client.get(home).content.decode())
        for word, english_word in zip(words, english, strict=True):
            if (language, english_word) not in LOANWORDS:
                assert word != english_word, f"{language}: {word}"


def test_the_german_menu_names_the_ratings_in_german(client):
    html = client.get(reverse("games:home"), HTTP_ACCEPT_LANGUAGE="de").content.decode()

    assert "Wertungen" in menu_links(html)


@pytest.mark.parametrize(("edition", "players"), [("rio-grande", 3), ("amigo-classic", 3)])
def test_a_table_that_starts_with_three_fields_is_not_told_a_third_cannot_be_bought(
    client, edition, players
):
    url = reverse("games:how_to_play", args=[edition])
    html = client.get(url, {"players": players}).content.decode()

    assert "starts with 3 bean fields" in html
    assert "A third field cannot be bought" not in html
    assert "There is no further field to buy." in html


def test_a_table_of_two_fields_that_buys_none_is_told_so(client):
    url = reverse("games:how_to_play", args=["amigo-classic"])
    html = client.get(url, {"players": 4}).content.decode()

    assert "A third field cannot be bought." in html
