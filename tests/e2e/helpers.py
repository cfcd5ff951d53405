"""What browser tests do on the site's pages: sign up, log in, take screenshots."""

from pathlib import Path

from django.contrib.auth import get_user_model
from django.test import Client
from playwright.sync_api import Page, expect

from games import services

ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"
PASSWORD = "plenty-of-beans-42"


def sign_up(page: Page, base: str, name: str) -> None:
    page.goto(f"{base}/accounts/signup/")
    page.fill("input[name=email]", f"{name}@example.com")
    page.fill("input[name=display_name]", name)
    page.fill("input[name=password1]", PASSWORD)
    page.fill("input[name=password2]", PASSWORD)
    page.locator("main form button[type=submit]").click()
    expect(page.locator(".site-header .who")).to_have_text(name)


def session_cookie(base: str, name: str, language: str = "en", zone: str = "UTC") -> dict:
    """The session cookie of a player made for the test (without the sign-up form, which other
    tests cover), who reads the site in `language` and `zone`."""
    user = get_user_model().objects.create_user(username=name, email=f"{name}@example.com")
    services.profile_get_or_create(user=user, language=language, time_zone=zone)
    client = Client()
    client.force_login(user)
    return {"name": "sessionid", "value": client.cookies["sessionid"].value, "url": base}


def logged_in(
    browser,
    base: str,
    name: str,
    width: int = 1200,
    height: int = 900,
    language: str = "en",
    zone: str = "UTC",
) -> Page:
    """A page of a new browser context, signed in as a player made for the test."""
    context = browser.new_context(viewport={"width": width, "height": height})
    context.add_cookies([session_cookie(base, name, language, zone)])
    return context.new_page()


def shoot(page: Page, name: str) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=True)
