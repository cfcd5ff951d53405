"""What a monitor asks the site: whether the web answers (`/healthz`), and whether the background
work goes on (`/health`, from the time of the last deadlines' sweep); and what the staff see
on every page when it has stopped."""

from datetime import timedelta

import pytest
from django.utils import timezone

from games.services.timeouts import deadlines_sweep
from tests.helpers import make_user

pytestmark = pytest.mark.django_db


def test_the_web_answers_without_the_database(client, django_assert_num_queries):
    with django_assert_num_queries(0):
        assert client.get("/healthz").content == b"ok"


def test_health_says_when_the_sweeps_have_stopped(client, settings):
    settings.BEAT_STALE_AFTER = 60
    assert client.get("/health").status_code == 503  # never swept: no beat has run here
    deadlines_sweep(now=timezone.now() - timedelta(seconds=61))
    stale = client.get("/health")
    assert stale.status_code == 503 and stale.json()["last_sweep_seconds_ago"] >= 61
    deadlines_sweep()
    assert client.get("/health").json() == {
        "web": "ok",
        "workers": "ok",
        "last_sweep_seconds_ago": 0,
    }


def test_staff_see_on_every_page_that_the_background_work_has_stopped(client):
    staff, player = make_user("operator"), make_user("alice")
    staff.is_staff = True
    staff.save()
    deadlines_sweep(now=timezone.now() - timedelta(minutes=5))
    client.force_login(player)
    assert 'id="workers-stopped"' not in client.get("/").content.decode()
    client.force_login(staff)
    assert 'id="workers-stopped"' in client.get("/").content.decode()
    deadlines_sweep()
    assert 'id="workers-stopped"' not in client.get("/").content.decode()
