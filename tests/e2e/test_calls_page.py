"""The table of where calls go fits a phone in every language, whatever its channels' names."""

import pytest
from django.urls import reverse

from .helpers import logged_in

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


@pytest.mark.parametrize("language", ["en", "de", "fr", "it", "nl"])
def test_the_calls_table_fits_a_390_px_phone(live_server, browser, language):
    page = logged_in(browser, live_server.url, "alice", width=390, height=844, language=language)
    page.goto(live_server.url + reverse("links:preferences"))

    assert page.locator("table.calls").count() == 1
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
