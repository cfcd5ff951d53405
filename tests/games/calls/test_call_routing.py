"""Where calls go: each kind of call (your move, trades, reminders, a game's end, league news) by
the channels its player chose, for all their games or for one, else by the defaults."""

import importlib
import json
from datetime import timedelta

import pytest
import time_machine
from django.contrib.auth import get_user_model
from django.core import mail as sent_mail
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from django.urls import reverse
from django.utils import timezone

from games import tasks
from games.calls import channels, outbox, payloads, routing
from games.calls.mailing import outbox_send
from games.models import (
    Deadline,
    Outbox,
    Profile,
    PushDelivery,
    PushSubscription,
    Seat,
    Webhook,
    WebhookDelivery,
)
from games.services.lobby import game_create, game_start, seat_join
from games.services.profiles import seat_calls_save
from games.services.timeouts import reminders_send
from tests.games.helpers import calls_routed
from tests.helpers import preferences_saved, state_of, user_at

pytestmark = pytest.mark.django_db


def set_up(user, *, hook: bool = True, device: bool = True) -> None:
    """The player's webhook and one device with push, as their preferences page saves them."""
    if hook:
        Webhook.objects.create(user=user, url=f"https://hooks.example.com/{user.username}")
    if device:
        PushSubscription.objects.create(
            user=user, endpoint=f"https://push.example.com/{user.username}", p256dh="k", auth="a"
        )


def channels_of(row: Outbox | None) -> set[str]:
    """Where a row went: mail at once, the digest, the webhook, push."""
    if row is None:
        return set()
    went = set()
    if row.digest:
        went.add("digest")
    elif not row.skipped:
        went.add("mail")
    if WebhookDelivery.objects.filter(outbox=row).exists():
        went.add("webhook")
    if PushDelivery.objects.filter(outbox=row).exists():
        went.add("push")
    return went


def starters_call(game) -> Outbox | None:
    starter = user_at(game, state_of(game).active)
    return Outbox.objects.filter(user=starter, game=game, kind="your_turn").first()


def started_with(users, calls: dict | None = None):
    for user in users:
        set_up(user)
        if calls is not None:
            calls_routed(user, calls)
    game = game_create(user=users[0], edition="rio-grande", players=3, options={})
    for user in users[1:]:
        seat_join(game_id=game.id, user=user)
    return game_start(game_id=game.id, user=users[0])


def seat_of(game, position: int) -> Seat:
    return Seat.objects.select_related("user__profile").get(game=game, position=position)


def call(seat: Seat, kind: str = "your_turn", now=None) -> Outbox | None:
    """A row of this kind for the seat, as a move writes it (the seat's page closed)."""
    game = seat.game
    return outbox.outbox_write(
        seat=seat, game=game, seq=game.seq + 1, kind=kind, context={}, now=now or timezone.now()
    )


def test_by_default_your_move_goes_by_mail_push_and_webhook(alice, bob, carol):
    game = started_with([alice, bob, carol])

    assert channels_of(starters_call(game)) == {"mail", "push", "webhook"}


def test_by_default_trades_go_as_your_move_and_a_games_end_by_mail_only(alice, bob, carol):
    game = started_with([alice, bob, carol])
    seat = seat_of(game, 1)

    assert channels_of(call(seat, "offer")) == {"mail", "push", "webhook"}
    assert channels_of(call(seat, "plant_received")) == {"mail", "push", "webhook"}
    assert channels_of(call(seat, "game_over")) == {"mail"}


def test_by_default_league_news_waits_for_the_digest(alice):
    set_up(alice)

    assert channels_of(league_news(alice)) == {"digest"}


def league_news(user) -> Outbox | None:
    user = get_user_model().objects.select_related("profile").get(pk=user.pk)
    context = {"subject": "{season} of {league} is over", "season": "Season 1"}
    context |= {"league": "Bean Counters", "open_url": "https://bohnanza.example/leagues/7/"}
    return outbox.news_write(
        user=user, seq=1, kind="season_over", context=context, now=timezone.now()
    )


def test_league_news_in_the_digest_carries_its_own_link(alice):
    league_news(alice)

    tasks.mail_digest_task()
    [digest] = sent_mail.outbox
    assert "Season 1 of Bean Counters is over" in digest.body
    assert "https://bohnanza.example/leagues/7/" in digest.body


def test_league_news_by_push_opens_the_league(alice):
    set_up(alice, hook=False)
    calls_routed(alice, {routing.LEAGUE: [channels.PUSH]})

    row = league_news(alice)

    assert channels_of(row) == {"push"}
    pushed = json.loads(payloads.push_payload(row, now=timezone.now()))
    assert pushed["url"] == "https://bohnanza.example/leagues/7/"
    assert pushed["title"] == "Season 1 of Bean Counters is over"
    assert pushed["body"] == "The season is over: see the table."


def test_push_and_webhook_go_only_where_the_player_set_them_up(alice, bob, carol):
    game = started_with([alice, bob, carol])
    Webhook.objects.all().delete()
    PushSubscription.objects.all().delete()

    assert channels_of(call(seat_of(game, 1))) == {"mail"}


def test_a_games_own_choice_beats_the_players_for_that_game_only(alice, bob, carol):
    game = started_with([alice, bob, carol], {routing.MOVE: [channels.MAIL]})
    user = seat_of(game, 1).user
    other = game_create(user=user, edition="rio-grande", players=3, options={})

    seat_calls_save(user=user, game_id=game.id, calls={routing.MOVE: [channels.PUSH]})

    assert channels_of(call(seat_of(game, 1))) == {"push"}
    in_other = Seat.objects.select_related("user__profile", "game").get(game=other, user=user)
    assert channels_of(call(in_other)) == {"mail"}
    # Back to the player's choice for all their games.
    seat_calls_save(user=user, game_id=game.id, calls=None)
    assert channels_of(call(seat_of(game, 1), "waiting")) == {"mail"}


def test_none_sends_nothing_on_any_channel(alice, bob, carol):
    game = started_with([alice, bob, carol], routing.NOWHERE)
    seat = seat_of(game, 1)

    for kind in ("your_turn", "offer", "reminder", "bot_standing_in", "game_over"):
        assert call(seat, kind) is None
    assert not Outbox.objects.filter(game=game).exists()
    assert not WebhookDelivery.objects.exists() and not PushDelivery.objects.exists()


def test_a_silenced_game_sends_nothing_while_the_others_still_call(alice, bob, carol):
    game = started_with([alice, bob, carol])
    user = seat_of(game, 1).user
    other = game_create(user=user, edition="rio-grande", players=3, options={})

    seat_calls_save(user=user, game_id=game.id, calls={group: [] for group in routing.GAME_GROUPS})

    assert call(seat_of(game, 1)) is None
    assert other.seats.get(user=user).calls == {}


def start_players_wait(game) -> Deadline:
    return Deadline.objects.select_related("seat__user").get(game=game, done=False)


def reminded_at_half(game) -> Outbox | None:
    wait = start_players_wait(game)
    with time_machine.travel(wait.due_at - (wait.due_at - wait.started_at) / 2, tick=False):
        reminders_send()
    return Outbox.objects.filter(user=wait.seat.user, kind="reminder").first()


def test_a_reminder_goes_by_push_where_a_device_has_push_on(alice, bob, carol):
    game = started_with([alice, bob, carol])

    assert channels_of(reminded_at_half(game)) == {"push"}


def test_a_reminder_goes_by_mail_to_a_player_without_a_device(alice, bob, carol):
    game = game_create(user=alice, edition="rio-grande", players=3, options={})
    for user in (bob, carol):
        seat_join(game_id=game.id, user=user)
    game = game_start(game_id=game.id, user=alice)

    assert channels_of(reminded_at_half(game)) == {"mail"}


def test_reminders_go_by_every_channel_routed_for_them(alice, bob, carol):
    game = started_with(
        [alice, bob, carol], {routing.REMINDER: [channels.MAIL, channels.PUSH, channels.WEBHOOK]}
    )

    assert channels_of(reminded_at_half(game)) == {"mail", "push", "webhook"}


def test_a_kind_routed_to_the_digest_lands_in_the_digest_only(alice, bob, carol):
    game = started_with([alice, bob, carol], {routing.MOVE: [channels.DIGEST]})
    row = starters_call(game)

    assert channels_of(row) == {"digest"}
    assert not outbox_send(outbox_id=row.id)
    assert sent_mail.outbox == []
    tasks.mail_digest_task()
    [digest] = sent_mail.outbox
    assert digest.to == [row.user.email] and "digest" in digest.subject


def test_quiet_hours_hold_a_reminder_by_push_until_they_end(alice, bob, carol):
    game = started_with([alice, bob, carol])
    wait = start_players_wait(game)
    half = wait.due_at - (wait.due_at - wait.started_at) / 2
    profile = Profile.objects.get(user=wait.seat.user)
    profile.quiet_from = (half - timedelta(hours=1)).time()
    profile.quiet_until = (half + timedelta(hours=2)).time()
    profile.save()

    row = reminded_at_half(game)

    [push] = PushDelivery.objects.filter(outbox=row)
    assert push.next_at > half and push.next_at.time() == profile.quiet_until


def test_no_channel_gets_a_call_while_the_page_is_open(alice, bob, carol):
    game = started_with([alice, bob, carol])
    Seat.objects.filter(game=game, position=1).update(last_seen_at=timezone.now())

    assert call(seat_of(game, 1)) is None
    assert not PushDelivery.objects.filter(outbox__seq__gt=0).exists()


def test_a_players_routing_and_channels_are_read_in_one_query(
    alice, bob, carol, django_assert_num_queries
):
    game = started_with([alice, bob, carol])
    seat = seat_of(game, 1)

    with django_assert_num_queries(1):
        route = routing.route(seat.user, seat, "your_turn")
    webhook, device = seat.user.webhook.id, seat.user.push_subscriptions.get().id
    assert route == routing.Route(
        mail=True, addresses={channels.PUSH: [device], channels.WEBHOOK: [webhook]}
    )
    with django_assert_num_queries(0):  # mail only: nothing to look up
        assert routing.route(seat.user, seat, "game_over") == routing.Route(mail=True)


@pytest.mark.django_db(transaction=True)
def test_the_data_migration_moves_each_mail_choice_into_the_routing():
    executor = MigrationExecutor(connection)
    before = [("games", "0018_deadline_started_seq")]
    executor.migrate(before)
    old = executor.loader.project_state(before).apps
    choices = ("every", "board", "digest", "none")
    for choice in choices:
        user = old.get_model("auth", "User").objects.create(
            username=choice, email=f"{choice}@example.com"
        )
        old.get_model("games", "Profile").objects.create(
            user=user, display_name=choice, mail=choice
        )

    executor = MigrationExecutor(connection)
    executor.migrate(executor.loader.graph.leaf_nodes())  # through the routing's, to the last

    migrated = {
        profile.user.username: (profile.mail, profile.calls)
        for profile in Profile.objects.select_related("user")
    }
    from_mail = importlib.import_module("games.migrations.0019_call_routing").FROM_MAIL
    assert migrated == {
        "every": ("every", {}),
        "board": ("board", {}),
        "digest": ("every", from_mail["digest"]),
        "none": ("every", from_mail["none"]),
    }
    assert from_mail["digest"][routing.MOVE] == ["digest", "push", "webhook"]
    assert from_mail["none"][routing.MOVE] == ["push", "webhook"]
    assert not routing.wants_mail(Profile.objects.get(user__username="none"))
    MigrationExecutor(connection).migrate(executor.loader.graph.leaf_nodes())


def test_the_preferences_page_shows_the_table_and_keeps_what_was_ticked(client, alice):
    set_up(alice, hook=False)
    client.force_login(alice)
    page = client.get(reverse("links:preferences")).content.decode()
    # Defaults, labelled for a screen reader: a reminder by push (alice has a device).
    assert 'aria-label="Reminders by Push" checked' in page
    assert 'aria-label="Reminders by Mail">' in page
    assert "Time is running out in Friday beans" in page  # what a reminder says

    response = preferences_saved(
        client,
        follow=False,
        mail="every",
        **{
            "calls-move": ["mail", "push"],
            "calls-trades": ["push"],
            "calls-reminder": ["push"],
            "calls-end": ["digest"],
            "calls-league": ["digest"],
        },
    )

    assert response.status_code == 302
    # Only what differs from the defaults is kept.
    assert Profile.objects.get(user=alice).calls == {
        routing.MOVE: ["mail", "push"],
        routing.TRADE: ["push"],
        routing.END: ["digest"],
    }
    page = client.get(reverse("links:preferences")).content.decode()
    assert 'aria-label="Trades by Mail">' in page
    assert 'aria-label="Trades by Push" checked' in page
    assert 'aria-label="A game&#x27;s end by Daily digest" checked' in page


@pytest.mark.parametrize(
    ("posted", "said"),
    [
        ({"calls-move": ["pigeon"]}, "mail, push, webhook or the daily digest for each kind"),
        ({"calls-move": ["mail", "digest"]}, "Choose mail or the daily digest"),
        ({"mail": "shout"}, "Choose what your mails carry"),
    ],
)
def test_the_preferences_page_refuses_junk_with_a_message_and_changes_nothing(
    client, alice, posted, said
):
    calls_routed(alice, {routing.MOVE: [channels.PUSH]})
    client.force_login(alice)

    response = preferences_saved(client, **posted)

    assert response.status_code == 200
    assert said in response.content.decode()
    assert Profile.objects.get(user=alice).calls == {routing.MOVE: [channels.PUSH]}


def test_the_page_warns_when_nothing_calls_a_player_to_move(client, alice):
    client.force_login(alice)
    calls_routed(alice, {routing.MOVE: []})
    page = client.get(reverse("links:preferences")).content.decode()
    assert "Nothing calls you to your move: only the game's page" in page

    # One who plays by replying needs the board in a mail: trades by push only leave the page.
    Profile.objects.filter(user=alice).update(mail=Profile.Mail.BOARD)
    calls_routed(alice, {routing.TRADE: [channels.PUSH]})
    page = client.get(reverse("links:preferences")).content.decode()
    assert "You play by replying to mail, but your move or your trades come by no mail" in page
    calls_routed(alice, {})
    page = client.get(reverse("links:preferences")).content.decode()
    assert "You play by replying to mail" not in page


def test_a_game_links_to_its_own_calls_where_its_player_silences_it(client, alice, bob, carol):
    game = started_with([alice, bob, carol])
    client.force_login(bob)
    calls_url = reverse("links:game_calls", args=[game.id])
    assert calls_url in client.get(reverse("games:game", args=[game.id])).content.decode()
    assert "follows your choices for all your games" in client.get(calls_url).content.decode()

    client.post(calls_url, {})  # every box unticked

    seat = Seat.objects.get(game=game, user=bob)
    assert seat.calls == {group: [] for group in routing.GAME_GROUPS}
    page = client.get(calls_url).content.decode()
    assert "This game has choices of its own" in page
    assert "Nothing calls you to your move" in page

    client.post(calls_url, {"follow": "1"})
    assert Seat.objects.get(game=game, user=bob).calls == {}


def test_only_a_player_of_the_game_chooses_its_calls(client, alice, bob, carol, dave):
    game = started_with([alice, bob, carol])
    client.force_login(dave)
    calls_url = reverse("links:game_calls", args=[game.id])

    assert client.get(calls_url).status_code == 404
    assert client.post(calls_url, {}).status_code == 404


def test_a_call_by_every_channel_costs_one_lookup_and_its_writes(
    alice, bob, carol, django_assert_num_queries
):
    game = started_with([alice, bob, carol])
    seat = Seat.objects.select_related("user__profile", "game").get(game=game, position=1)

    # The player's channels (one union), the row (a look, a savepoint, the insert, its
    # release), the webhook's delivery, the device's.
    with django_assert_num_queries(7):
        row = call(seat)
    assert channels_of(row) == {"mail", "push", "webhook"}
