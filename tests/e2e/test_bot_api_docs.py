"""The bot API's interactive docs render under the site's Content-Security-Policy, from files the
site serves itself."""

import pytest
from playwright.sync_api import expect

from .helpers import shoot

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def test_the_api_docs_list_every_operation_with_no_console_error(live_server, browser):
    context = browser.new_context(viewport={"width": 1200, "height": 900})
    page = context.new_page()
    errors: list[str] = []
    page.on("console", lambda message: message.type == "error" and errors.append(message.text))
    page.on("pageerror", lambda error: errors.append(str(error)))
    asked_elsewhere: list[str] = []
    page.on(
        "request",
        lambda request: (
            request.url.startswith(live_server.url) or asked_elsewhere.append(request.url)
        ),
    )

    page.goto(f"{live_server.url}/api/v2/docs")

    expect(page.locator(".opblock-summary-path").first).to_be_visible()
    paths = page.locator(".opblock-summary-path").all_inner_texts()
    assert "/api/v2/seats/{seat_id}/moves" in {path.strip().replace("\u200b", "") for path in paths}
    expect(page.get_by_role("heading", name="Bohnanza bot API")).to_be_visible()
    page.locator(".opblock-post .opblock-summary").first.click()
    page.get_by_role("button", name="Try it out").click()
    expect(page.locator(".opblock-post textarea.body-param__text")).to_be_visible()
    shoot(page, "bot-api-docs")
    assert errors == []
    assert asked_elsewhere == []
    context.close()
