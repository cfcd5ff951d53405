"""The preferences page in a browser: edits in two sections, one Save; a refusal shown beside its
box with every edit still there, and the next Save keeping them all."""

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from games.calls import routing
from games.models import Profile

from .helpers import logged_in, shoot

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def test_a_refused_save_keeps_every_edit_and_the_next_save_keeps_them_all(live_server, browser):
    page = logged_in(browser, live_server.url, "alice")
    page.goto(live_server.url + reverse("links:preferences"))

    page.get_by_label("Your name at the table").fill("Alice Bee")
    page.get_by_label("Your move by Daily digest").check()  # mail is ticked already
    page.get_by_label("Quiet from").fill("22:00")
    page.get_by_label("Quiet until").fill("07:00")
    page.get_by_role("button", name="Save").click()

    expect(page.get_by_role("alert")).to_contain_text("Nothing was saved")
    expect(page.locator("#calls-move")).to_contain_text("not both")
    shoot(page, "preferences-refused")
    expect(page.get_by_label("Your name at the table")).to_have_value("Alice Bee")
    expect(page.get_by_label("Quiet from")).to_have_value("22:00")
    expect(page.get_by_label("Your move by Daily digest")).to_be_checked()
    page.get_by_label("Your move by Mail").uncheck()
    page.get_by_role("button", name="Save").click()

    expect(page.get_by_text("Your preferences are saved.")).to_be_visible()
    profile = Profile.objects.get(user__username="alice")
    assert profile.display_name == "Alice Bee"
    assert str(profile.quiet_from) == "22:00:00"
    assert "digest" in profile.calls[routing.MOVE]
    assert "mail" not in profile.calls[routing.MOVE]
    page.context.close()
