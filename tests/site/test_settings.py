"""The site's settings: production behind a TLS proxy, and a local site that is easy to read."""

import io
import logging
import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.core import mail
from django.test import Client, override_settings
from django.urls import reverse

from bohnanza_site.celery import app as celery_app
from bohnanza_site.console_mail import ReadableConsoleBackend
from bohnanza_site.logging_filters import QuietPolls

ROOT = Path(__file__).resolve().parents[2]
PRODUCTION = {
    "DEBUG": "false",
    "SECRET_KEY": "a-production-secret-of-more-than-fifty-characters-0123456789abcdef",
    "SITE_URL": "https://beans.example.org",
    "ALLOWED_HOSTS": "beans.example.org",
    "BEHIND_TLS_PROXY": "true",
    "MAIL_AUTHSERV_ID": "mx.beans.example.org",
}


def manage(*args: str, env: dict) -> subprocess.CompletedProcess:
    # As a server is started: none of the test run's own switches (the browser tests allow
    # async-unsafe calls, which the deployment check rightly refuses).
    unset = ("DEBUG", "SITE_URL", "DJANGO_ALLOW_ASYNC_UNSAFE")
    clean = {k: v for k, v in os.environ.items() if k not in unset}
    return subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=ROOT,
        env={**clean, **env},
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_the_deployment_check_passes_with_the_production_settings_readme_lists():
    done = manage("check", "--deploy", "--fail-level", "WARNING", env=PRODUCTION)

    assert done.returncode == 0, done.stdout + done.stderr
    assert "System check identified no issues" in done.stdout


def test_without_them_the_deployment_check_warns():
    done = manage("check", "--deploy", "--fail-level", "WARNING", env={"DEBUG": "false"})

    assert done.returncode != 0
    assert "SECURE_HSTS_SECONDS" in done.stdout + done.stderr
    assert "MAIL_AUTHSERV_ID is not set" in done.stdout + done.stderr


def login_post_behind_a_proxy():
    """A login posted through the TLS proxy, as a browser on https://beans.example.org sends
    it: the proxy forwards it over plain HTTP with X-Forwarded-Proto."""
    browser = Client(enforce_csrf_checks=True, HTTP_HOST="beans.example.org")
    page = browser.get(reverse("account_login"), HTTP_X_FORWARDED_PROTO="https")
    return browser.post(
        reverse("account_login"),
        {
            "login": "nobody@example.org",
            "password": "x",
            "csrfmiddlewaretoken": page.cookies["csrftoken"].value,
        },
        HTTP_X_FORWARDED_PROTO="https",
        HTTP_ORIGIN="https://beans.example.org",
        HTTP_REFERER="https://beans.example.org/accounts/login/",
    )


@pytest.mark.django_db
def test_behind_a_tls_proxy_a_post_passes_the_csrf_check_only_with_the_proxy_settings():
    with override_settings(ALLOWED_HOSTS=["beans.example.org"]):
        refused = login_post_behind_a_proxy()
    with override_settings(
        ALLOWED_HOSTS=["beans.example.org"],
        SECURE_PROXY_SSL_HEADER=("HTTP_X_FORWARDED_PROTO", "https"),
        CSRF_TRUSTED_ORIGINS=["https://beans.example.org"],
    ):
        passed = login_post_behind_a_proxy()

    assert refused.status_code == 403
    assert passed.status_code == 200  # the form again, saying the login failed
    assert "CSRF verification failed" not in passed.content.decode()


def test_console_mail_shows_the_text_as_written_with_links_whole():
    stream = io.StringIO()
    link = "http://127.0.0.1:8000/l/" + "x" * 120 + "/"
    message = mail.EmailMultiAlternatives("Your turn", f"Open the game: {link}\n", to=["a@b.org"])
    message.attach_alternative("<p>Open</p>", "text/html")

    ReadableConsoleBackend(stream=stream).send_messages([message])

    printed = stream.getvalue()
    assert link in printed and "Subject: Your turn" in printed
    assert "quoted-printable" not in printed


def test_answered_polls_stay_out_of_the_development_servers_log_and_failed_ones_show():
    def record(line: str, status: str) -> logging.LogRecord:
        return logging.LogRecord("django.server", 20, "", 0, '"%s" %s %s', (line, status, 0), None)

    quiet = QuietPolls()
    assert not quiet.filter(record("GET /games/4/poll/?since=3 HTTP/1.1", "204"))
    assert quiet.filter(record("GET /games/4/poll/?since=3 HTTP/1.1", "500"))
    assert quiet.filter(record("POST /games/4/move/ HTTP/1.1", "200"))


def test_a_workers_printed_mails_reach_the_terminal_as_they_are():
    assert celery_app.conf.worker_redirect_stdouts is False
