"""What a webhook or a push is sent for an outbox row: the row's subject (the game's name, what
it waits for, the turn) and the link that opens the game, in the recipient's language; for a
webhook shaped for the address (Discord, Slack, or plain JSON) and signed, for a push with a
line saying what the game waits for.

Built from the row alone, as its mail is: its context holds only what the recipient may know,
and of that only the subject's words and the game's name, id and turn are sent.
"""

import hashlib
import hmac
import json
from datetime import datetime
from urllib.parse import urlsplit

from django.utils.translation import gettext, gettext_noop

from games.mail import compose, links
from games.models import Outbox, Profile
from games.wording import locales

DISCORD_HOSTS = {"discord.com", "discordapp.com", "ptb.discord.com", "canary.discord.com"}
SLACK_HOSTS = {"hooks.slack.com"}
SIGNATURE_HEADER = "X-Bohnanza-Signature"
TIMESTAMP_HEADER = "X-Bohnanza-Timestamp"
# The button of a push that takes up the usual way of the trade book.
USUAL = gettext_noop("Play my obvious moves")
# A push's second line, under the subject, by kind: what the game waits for. Worded when it is
# sent, in its recipient's language; a kind not named here (an expansion's) gets WAITS.
WAITS = gettext_noop("The game waits for your move.")
PUSH_LINES = {
    "your_turn": gettext_noop("It is your turn."),
    "offer": gettext_noop("An offer waits for your answer."),
    "offer_accepted": gettext_noop("Your offer was accepted."),
    "offer_declined": gettext_noop("Your offer was declined."),
    "plant_received": gettext_noop("Beans you got in trade wait to be planted."),
    "game_over": gettext_noop("See how the game ended."),
    "reminder": gettext_noop("Your time for this move runs short."),
    "bot_standing_in": gettext_noop("A bot plays your seat until you are back."),
    "season_over": gettext_noop("The season is over: see the table."),
    "table_ready": gettext_noop("Your table of the round is ready."),
    "round_over": gettext_noop("The round is over: see the standings."),
    "event_over": gettext_noop("The event is over: see the final standings."),
    "challenge": gettext_noop("A player challenges you to a game."),
}


def shape(url: str) -> str:
    """ "discord", "slack" or "json": how a body for this address is written."""
    parts = urlsplit(url)
    host = (parts.hostname or "").lower()
    if host in DISCORD_HOSTS and parts.path.startswith("/api/webhooks/"):
        return "discord"
    if host in SLACK_HOSTS:
        return "slack"
    return "json"


def _worded(row: Outbox, now: datetime) -> tuple[str, str, str]:
    """The row's subject and game's name, in its recipient's language, and the signed link
    that opens the game (a row about no game, a league's news, carries its own link)."""
    text = compose.subject_of(row)
    game = compose.worded(row.context).get("game", "")
    if row.game_id is None:
        return text, game, row.context.get("open_url", "")
    open_url = links.link_url(action="open", user_id=row.user_id, game_id=row.game_id, now=now)
    return text, game, open_url


def push_payload(row: Outbox, *, now: datetime) -> bytes:
    """What a push shows: the subject as its title, what the game waits for, and the link."""
    with locales.reader(Profile.of(row.user)):
        title, _game, open_url = _worded(row, now)
        line = gettext(PUSH_LINES.get(row.kind, WAITS))
        actions = []
        if row.context.get("usual"):  # the usual way of the trade book, a tap away
            usual_url = links.link_url(
                action="usual", user_id=row.user_id, game_id=row.game_id, now=now
            )
            actions.append({"action": "usual", "title": gettext(USUAL), "url": usual_url})
    tag = f"game-{row.game_id}" if row.game_id else f"{row.kind}-{row.seq}"
    payload = {"title": title, "body": line, "url": open_url, "tag": tag, "actions": actions}
    return json.dumps(payload, ensure_ascii=False).encode()


def body(row: Outbox, *, url: str, delivery_id: int, now: datetime) -> bytes:
    with locales.reader(Profile.of(row.user)):
        text, game, open_url = _worded(row, now)
    kind = shape(url)
    if kind == "discord":
        # A game's name is its creator's words: it must not ping a channel.
        payload = {"content": f"{text}\n{open_url}", "allowed_mentions": {"parse": []}}
    elif kind == "slack":
        payload = {"text": f"{_slack_escaped(text)}\n{open_url}"}
    else:
        payload = {
            "id": delivery_id,
            "kind": row.kind,
            "game": game,
            "game_id": row.game_id,
            "turn": None if row.kind in compose.NO_TURN else row.context.get("turn"),
            "text": text,
            "url": open_url,
        }
    return json.dumps(payload, ensure_ascii=False).encode()


def _slack_escaped(text: str) -> str:
    """Slack reads &, < and > as markup (a link, a mention)."""
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def signature(secret: str, timestamp: int, content: bytes) -> str:
    """As Stripe signs: HMAC-SHA256 of the timestamp, a dot and the body, so that a body seen
    once cannot be sent again later under a new time."""
    signed = f"{timestamp}.".encode() + content
    return "sha256=" + hmac.new(secret.encode(), signed, hashlib.sha256).hexdigest()


def signed_headers(secret: str, content: bytes, *, now: datetime, delivery_id: int) -> dict:
    timestamp = int(now.timestamp())
    return {
        "Content-Type": "application/json",
        "User-Agent": "Bohnanza-Webhook/1",
        "X-Bohnanza-Delivery": str(delivery_id),
        TIMESTAMP_HEADER: str(timestamp),
        SIGNATURE_HEADER: signature(secret, timestamp, content),
    }
