"""One-click links for mails: signed, expiring, and harmless to open.

A link names one action for one user in one game. Opening it (GET) shows what would happen
and a button; only the button's POST acts, because mail scanners open every link they see.
The link itself is the permission, as for an unsubscribe link: the mail went to that user's
address. Someone signed in as another user is turned away.
"""

from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core import signing
from django.urls import reverse
from django.utils import timezone

from . import engine
from .deadlines import NO_BOT_STANDING_IN, RECLAIMED, seat_reclaim
from .engine.events import bean_summary
from .models import Game, Seat

SALT = "games.links"
LIFETIMES = {
    "open": timedelta(days=30),
    "mute": timedelta(days=30),
    "accept": timedelta(days=3),
    "decline": timedelta(days=3),
    "end_trading": timedelta(days=3),
    # A bot may stand in for days before the player reads the mail.
    "reclaim": timedelta(days=30),
}


class LinkInvalid(Exception):
    """Tampered with, cut short, or not one of ours."""


class LinkExpired(Exception):
    def __init__(self, link: "Link"):
        super().__init__("This link has expired.")
        self.link = link


@dataclass(frozen=True, slots=True)
class Link:
    action: str
    user_id: int
    game_id: int
    offer: int | None
    expires_at: datetime


def make_token(
    *, action: str, user_id: int, game_id: int, offer: int | None = None, now=None
) -> str:
    now = now or timezone.now()
    expires = int((now + LIFETIMES[action]).timestamp())
    payload = {"a": action, "u": user_id, "g": game_id, "x": expires}
    if offer is not None:
        payload["o"] = offer
    return signing.dumps(payload, salt=SALT, compress=True)


def read_token(token: str, *, now=None) -> Link:
    try:
        payload = signing.loads(token, salt=SALT)
        link = Link(
            action=payload["a"],
            user_id=int(payload["u"]),
            game_id=int(payload["g"]),
            offer=payload.get("o"),
            expires_at=datetime.fromtimestamp(payload["x"], tz=UTC),
        )
    except (signing.BadSignature, KeyError, TypeError, ValueError, OverflowError) as error:
        raise LinkInvalid() from error
    if link.action not in LIFETIMES:
        raise LinkInvalid()
    if (now or timezone.now()) >= link.expires_at:
        raise LinkExpired(link)
    return link


def link_url(
    *, action: str, user_id: int, game_id: int, offer: int | None = None, now=None
) -> str:
    token = make_token(action=action, user_id=user_id, game_id=game_id, offer=offer, now=now)
    return settings.SITE_URL + reverse("links:confirm", kwargs={"token": token})


def preferences_url() -> str:
    return settings.SITE_URL + reverse("links:preferences")


def invitation_url(game: Game) -> str:
    """Not signed: the game's own invitation token is the permission to join."""
    path = reverse("games:invite", kwargs={"game_id": game.id, "token": game.invite_token})
    return settings.SITE_URL + path


def game_path(game_id: int) -> str:
    return reverse("games:game", kwargs={"game_id": game_id})


@dataclass(frozen=True, slots=True)
class Preview:
    """What the confirm page says: the question, the button, or why it cannot be done."""

    game: Game
    title: str
    question: str
    button: str
    details: list[str]
    problem: str = ""


def link_preview(*, link: Link) -> Preview:
    """Read-only: what the link would do now."""
    game = Game.objects.filter(id=link.game_id).first()
    seat = Seat.objects.filter(game_id=link.game_id, user_id=link.user_id).first()
    if game is None or seat is None:
        raise LinkInvalid()
    if link.action == "open":
        return Preview(game, "Open the game", f"Go to {game.name}?", "Open the game", [])
    if link.action == "mute":
        question = f"Stop all mail about {game.name}? You can turn it back on in your preferences."
        return Preview(game, "Mute this game", question, "Mute this game", [])
    problem = _problem(game)
    if link.action == "reclaim":
        if not problem and not seat.bot_standing_in:
            problem = NO_BOT_STANDING_IN
        question = f"Take your seat in {game.name} back from the bot?"
        return Preview(game, "Take your seat back", question, "Take my seat back", [], problem)
    state = engine.from_dict(game.state) if game.state else None
    if link.action == "end_trading":
        if not problem and not _legal(state, seat.position, "end_trading"):
            problem = "Trading is already over, or it is not yours to end."
        return Preview(
            game,
            "End trading",
            f"End trading in {game.name}? Open offers lapse and you plant what is left face up.",
            "End trading",
            [],
            problem,
        )
    offer = _offer_view(state, seat.position, link.offer) if state else None
    if not problem and offer is None:
        problem = "That offer is no longer open."
    details = _offer_lines(state, offer) if offer else []
    if link.action == "accept":
        if not problem and _give_cards(state, seat.position, link.offer) is None:
            problem = "You do not have the beans this offer asks for."
        question = f"Accept offer {link.offer} in {game.name}?"
        return Preview(game, "Accept the offer", question, "Accept", details, problem)
    question = f"Decline offer {link.offer} in {game.name}?"
    return Preview(game, "Decline the offer", question, "Decline", details, problem)


def _problem(game: Game) -> str:
    if game.status != Game.Status.RUNNING:
        return "This game is no longer running."
    return ""


def _legal(state, position: int, kind: str) -> bool:
    return state is not None and any(
        action["kind"] == kind for action in engine.legal_actions(state, position)
    )


def _offer_view(state, position: int, offer_id) -> dict | None:
    for offer in engine.view(state, position)["offers"]:
        if offer["id"] == offer_id and offer["to"] == position:
            return offer
    return None


def _offer_lines(state, offer: dict) -> list[str]:
    maker = state.names[offer["maker"]]
    gives = bean_summary([card["bean"] for card in offer["give"]])
    asks = [bean for bean, count in offer["ask"].items() for _ in range(count)]
    asks += [card["bean"] for card in offer["ask_faceup"]]
    lines = [f"{maker} gives you {gives}."]
    if asks:
        lines.append(f"{maker} asks for {bean_summary(asks)}.")
    else:
        lines.append("It is a gift: nothing is asked in return.")
    return lines


def _give_cards(state, position: int, offer_id: int) -> list[int] | None:
    """The hand cards an accept hands over: those asked for, taken from the back of the hand,
    so the cards due to be planted next stay. None if the hand lacks them."""
    offer = state.offers.get(offer_id)
    if offer is None:
        return None
    hand = state.hands[position]
    give: list[int] = []
    for bean, count in offer.ask.items():
        cards = [card for card in reversed(hand) if state.card_beans[card] == bean][:count]
        if len(cards) < count:
            return None
        give += cards
    return give


@dataclass(frozen=True, slots=True)
class Outcome:
    ok: bool
    message: str
    redirect_to: str


def link_act(*, link: Link) -> Outcome:
    """The POST: carry the action out as the link's user, through the ordinary services."""
    from .errors import ServiceError
    from .services import move_submit

    preview = link_preview(link=link)
    game = preview.game
    back = game_path(game.id)
    if link.action == "open":
        return Outcome(True, "", back)
    user = get_user_model().objects.get(pk=link.user_id)
    if link.action == "mute":
        Seat.objects.filter(game_id=game.id, user=user).update(muted=True)
        return Outcome(True, f"No more mail about {game.name}.", back)
    if preview.problem:
        return Outcome(False, preview.problem, back)
    if link.action == "reclaim":
        return _reclaim(game, user, back)
    state = engine.from_dict(game.state)
    position = Seat.objects.get(game_id=game.id, user=user).position
    if link.action == "accept":
        action = {
            "kind": "accept",
            "offer": link.offer,
            "give": _give_cards(state, position, link.offer),
        }
        done = "You accepted the offer. Plant your new beans after trading ends."
    elif link.action == "decline":
        action = {"kind": "decline", "offer": link.offer}
        done = "You declined the offer."
    else:
        action = {"kind": "end_trading"}
        done = "You ended trading."
    try:
        move_submit(game_id=game.id, user=user, action=action, expected_seq=game.seq)
    except (ServiceError, engine.IllegalMove) as error:
        return Outcome(False, getattr(error, "message", str(error)), back)
    return Outcome(True, done, back)


def _reclaim(game: Game, user, back: str) -> Outcome:
    from .errors import ServiceError

    try:
        seat_reclaim(game_id=game.id, user=user)
    except ServiceError as error:
        return Outcome(False, error.message, back)
    return Outcome(True, RECLAIMED, back)
