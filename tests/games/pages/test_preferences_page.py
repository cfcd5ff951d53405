"""The preferences page is one form with one Save: every section's edits are saved together, and
a refusal keeps them all, saying what to fix beside the box it is about."""

import re
from datetime import time

import pytest
from django.urls import reverse

from games.calls import routing
from games.models import Profile, Seat, Webhook
from games.services.profiles import profile_get_or_create
from tests.games.helpers import visible_text
from tests.helpers import form_posted, preferences_saved, started

pytestmark = pytest.mark.django_db


# Edits of two sections besides the one refused.
EDITS = {"display_name": "Alice Bee", "quiet_from": "22:00", "quiet_until": "07:00"}


def row_of(page: str, group: str) -> str:
    """The calls table's row of a kind of call, as the page shows it."""
    return re.search(rf'<tr>\s*<th scope="row" id="calls-{group}">.*?</tr>', page, re.S)[0]


def field_of(page: str, name: str) -> str:
    """The box of a field, with its label, help and errors, as the page shows it."""
    start = page.index(f'id="field-{name}"')
    return re.split(r'id="field-|</section>', page[start + 1 :], maxsplit=1)[0]


def test_the_page_is_one_form_with_one_save(client, alice):
    profile_get_or_create(user=alice)
    client.force_login(alice)

    page = client.get(reverse("links:preferences")).content.decode()

    main = page.split("<main")[1]
    assert main.count("<form") == 1
    assert re.findall(r'<button type="submit"[^>]*>([^<]*)</button>', main) == ["Save"]


def test_edits_to_every_section_are_saved_by_the_one_save(client, alice, bob, carol):
    game = started([alice, bob, carol])
    profile_get_or_create(user=alice)
    client.force_login(alice)

    response = preferences_saved(
        client,
        display_name="Alice Bee",
        language="de",
        time_zone="Europe/Berlin",
        **{"calls-trades": ["push"]},
        muted=str(game.id),
        reminders="tenth",
        quiet_from="22:00",
        quiet_until="07:00",
        use="on",
        keep="2",
        otherwise="decline",
        away_days="3",
    )

    assert "Deine Einstellungen sind gespeichert." in visible_text(response.content.decode())
    profile = Profile.objects.get(user=alice)
    assert (profile.display_name, profile.language, profile.time_zone) == (
        "Alice Bee",
        "de",
        "Europe/Berlin",
    )
    assert profile.calls == {routing.TRADE: ["push"]}
    assert Seat.objects.get(game=game, user=alice).muted
    assert (profile.reminders, profile.quiet_from, profile.quiet_until) == (
        "tenth",
        time(22),
        time(7),
    )
    assert profile.answer_rules["keep"] == 2 and profile.answer_rules["otherwise"] == "decline"
    assert profile.away_until is not None


def test_mail_and_the_digest_for_one_kind_is_refused_beside_its_row_keeping_every_edit(
    client, alice
):
    profile_get_or_create(user=alice)
    client.force_login(alice)

    response = preferences_saved(
        client,
        follow=False,
        **EDITS,
        **{"calls-move": ["mail", "digest"], "calls-trades": ["push", "webhook"]},
    )

    assert response.status_code == 200
    page = response.content.decode()
    assert "Nothing was saved: fix what is marked below." in visible_text(page)
    move = row_of(page, "move")
    assert "Choose mail or the daily digest for a kind of call, not both." in move
    assert re.search(r'value="mail"[^>]*checked', move)
    assert re.search(r'value="digest"[^>]*checked', move)
    trades = row_of(page, "trades")
    assert re.search(r'value="push"[^>]*checked', trades)
    assert not re.search(r'value="mail"[^>]*checked', trades)
    assert "not both" not in trades
    kept = form_posted(page, "preferences")
    assert kept["display_name"] == ["Alice Bee"]
    assert (kept["quiet_from"], kept["quiet_until"]) == (["22:00"], ["07:00"])
    profile = Profile.objects.get(user=alice)
    assert (profile.display_name, profile.calls, profile.quiet_from) == ("alice", {}, None)


def test_a_refusal_of_the_service_is_said_beside_its_box_and_saves_nothing(client, alice):
    profile_get_or_create(user=alice)
    client.force_login(alice)

    response = preferences_saved(client, follow=False, **EDITS, webhook_url="https://10.1.2.3/hook")

    page = response.content.decode()
    assert "leads into a private network (10.1.2.3)" in field_of(page, "webhook_url")
    kept = form_posted(page, "preferences")
    assert (kept["display_name"], kept["quiet_from"]) == (["Alice Bee"], ["22:00"])
    assert not Webhook.objects.exists()
    profile = Profile.objects.get(user=alice)
    assert (profile.display_name, profile.quiet_from) == ("alice", None)


def test_quiet_hours_with_no_end_are_refused_beside_them(client, alice):
    profile_get_or_create(user=alice)
    client.force_login(alice)

    page = preferences_saved(client, follow=False, quiet_from="22:00").content.decode()

    assert "Quiet hours need a start and a different end, or neither." in field_of(
        page, "quiet_from"
    )
    assert Profile.objects.get(user=alice).quiet_from is None


def test_a_games_calls_refused_keep_the_other_boxes_ticked(client, alice, bob, carol):
    game = started([alice, bob, carol])
    client.force_login(alice)
    url = reverse("links:game_calls", args=[game.id])

    response = client.post(
        url, {"calls-move": ["mail", "digest"], "calls-trades": ["webhook"], "calls-end": []}
    )

    assert response.status_code == 200
    page = response.content.decode()
    assert "Choose mail or the daily digest for a kind of call, not both." in row_of(page, "move")
    assert re.search(r'value="webhook"[^>]*checked', row_of(page, "trades"))
    assert not re.search(r'value="mail"[^>]*checked', row_of(page, "trades"))
    assert Seat.objects.get(game=game, user=alice).calls == {}
