"""Accounts: the name a player shows at the table, and logins nobody can lock another out of."""

import re

import pytest
from django.contrib.auth import get_user_model
from django.core import mail as sent_mail
from django.test import Client
from django.urls import reverse

from games.models import Profile
from games.refusals import ServiceError
from games.services.profiles import display_name_checked, profile_get_or_create
from tests.games.helpers import visible_text
from tests.helpers import preferences_saved

pytestmark = pytest.mark.django_db
PASSWORD = "plenty-of-beans-42"


def sign_up(client, email: str, name: str):
    return client.post(
        reverse("account_signup"),
        {"email": email, "display_name": name, "password1": PASSWORD, "password2": PASSWORD},
    )


def test_a_new_player_chooses_the_name_others_see_at_sign_up(client):
    response = sign_up(client, "ann.lee@example.com", "  Ann   Lee ")

    assert response.status_code == 302
    profile = Profile.objects.get(user__email="ann.lee@example.com")
    assert profile.display_name == "Ann Lee"


def test_a_name_taken_in_any_case_is_refused_at_sign_up_and_nothing_is_made(client):
    sign_up(client, "ann@example.com", "Bean Queen")

    response = sign_up(Client(), "other@example.com", "bean queen")

    assert response.status_code == 200
    assert "The name &#x27;bean queen&#x27; is taken" in response.content.decode()
    assert not get_user_model().objects.filter(email="other@example.com").exists()


@pytest.mark.parametrize("name", ["a", "@ann", "ann@example.com", "   ", "x" * 41, "<b>"])
def test_a_name_that_is_no_name_is_refused_with_what_a_name_may_hold(name):
    with pytest.raises(ServiceError, match="A name has 2 to 40 letters"):
        display_name_checked(name)


def test_a_player_renames_themselves_on_the_preferences_page(client, alice, bob):
    profile_get_or_create(user=bob, display_name="Bob")
    client.force_login(alice)
    page = client.get(reverse("links:preferences")).content.decode()
    assert 'name="display_name"' in page

    taken = preferences_saved(client, display_name="BOB")
    assert "is taken" in taken.content.decode()
    preferences_saved(client, display_name="Alice Bee")

    assert profile_get_or_create(user=alice).display_name == "Alice Bee"


def test_players_without_a_chosen_name_get_one_of_their_own(django_user_model):
    chose = django_user_model.objects.create_user(username="c1", email="chose@one.example")
    profile_get_or_create(user=chose, display_name="sam")
    first = django_user_model.objects.create_user(username="sam", email="x1@one.example")
    second = django_user_model.objects.create_user(username="pat", email="pat@two.example")

    names = [profile_get_or_create(user=user).display_name for user in (first, second)]

    assert names == ["sam 2", "pat"]  # the user name, made unique; never the address


def test_wrong_passwords_from_one_client_do_not_lock_the_owner_out_elsewhere(client, alice):
    stranger = Client(REMOTE_ADDR="203.0.113.9")
    login = reverse("account_login")
    for _ in range(6):
        stranger.post(login, {"login": alice.email, "password": "wrong guess"})

    owner = Client(REMOTE_ADDR="198.51.100.7")
    response = owner.post(login, {"login": alice.email, "password": "alice-beans-password"})

    assert response.status_code == 302
    assert owner.session.get("_auth_user_id") == str(alice.pk)


def test_the_sites_own_mails_greet_from_the_site_by_name(client):
    sign_up(client, "ann@example.com", "Ann")
    Client().post(reverse("account_reset_password"), {"email": "ann@example.com"})

    [reset] = [m for m in sent_mail.outbox if "Password" in m.subject]
    assert reset.subject.startswith("[Bohnanza] ")
    assert "127.0.0.1:8000" not in reset.subject
    assert "Bohnanza" in reset.body


def test_the_name_chosen_at_sign_up_greets_the_player_heads_the_page_and_signs_the_mail(client):
    sign_up(client, "newcomer@example.com", "Bean Queen")

    html = client.get(reverse("games:home")).content.decode()

    assert "You are logged in as Bean Queen." in html
    assert '<span class="who">Bean Queen</span>' in html
    [confirm] = [m for m in sent_mail.outbox if "Confirm" in m.subject]
    assert "user Bean Queen has given your email address" in confirm.body
    assert "newcomer" not in html.split('class="who"')[1][:40]


@pytest.mark.parametrize(
    ("language", "subject"), [("de", "E-Mail-Adresse"), ("fr", "adresse e-mail")]
)
def test_the_confirmation_mail_speaks_the_language_chosen_on_the_form_not_the_browsers(
    client, language, subject
):
    client.post(
        reverse("account_signup"),
        {
            "email": "ann@example.com",
            "display_name": "Ann",
            "language": language,
            "password1": PASSWORD,
            "password2": PASSWORD,
        },
        HTTP_ACCEPT_LANGUAGE="en",
    )

    [confirm] = sent_mail.outbox
    assert subject in confirm.subject, confirm.subject


def test_a_new_name_heads_the_page_at_once(client):
    sign_up(client, "ann@example.com", "Ann")

    preferences_saved(client, display_name="Annabel")

    html = client.get(reverse("games:home")).content.decode()
    assert '<span class="who">Annabel</span>' in html


def test_sign_up_mails_the_confirmation_and_the_log_in_page_a_sign_in_code_on_request(client):
    sign_up(client, "ann@example.com", "Ann")
    client.logout()

    asked = client.post(reverse("account_request_login_code"), {"email": "ann@example.com"})

    subjects = [message.subject for message in sent_mail.outbox]
    assert asked.status_code == 302
    assert any("Confirm" in subject for subject in subjects)
    assert any("Log-in code" in subject for subject in subjects)


def heading_and_buttons(page: str) -> list[str]:
    """The page's heading and the words of its main form's buttons."""
    main = page.split("<main")[1]
    found = re.findall(r"<h1[^>]*>(.*?)</h1>|<button[^>]*>(.*?)</button>", main, re.S)
    return [" ".join(visible_text(heading or button).split()) for heading, button in found]


@pytest.mark.parametrize(
    ("language", "log_in", "log_out"),
    [("en", "Log in", "Log out"), ("nl", "Inloggen", "Uitloggen"), ("it", "Accedi", "Esci")],
)
def test_the_account_pages_say_log_in_and_log_out_as_the_sites_header_does(
    client, alice, language, log_in, log_out
):
    profile_get_or_create(user=alice, language=language)
    asked = {"HTTP_ACCEPT_LANGUAGE": language}
    login = client.get(reverse("account_login"), **asked).content.decode()
    assert f'<a href="{reverse("account_login")}">{log_in}</a>' in login  # the header's
    assert heading_and_buttons(login)[:2] == [log_in, log_in]

    logged_in = client.post(
        reverse("account_login"),
        {"login": alice.email, "password": "alice-beans-password"},
        follow=True,
        **asked,
    ).content.decode()
    logout = client.get(reverse("account_logout")).content.decode()
    logged_out = client.post(reverse("account_logout"), follow=True).content.decode()

    assert f'<a href="{reverse("account_logout")}">{log_out}</a>' in logged_in
    assert heading_and_buttons(logout) == [log_out, log_out]
    english = re.compile(r"(?i)sign(ed)?.(in|out)\b")
    for page in (login, logged_in, logout, logged_out):
        assert not english.search(visible_text(page))
