"""Invitations: a mail to an address that may have no account yet, sent by a task."""

from django.core.mail import EmailMultiAlternatives
from django.utils.translation import gettext

from games import engine, task_queue
from games.mail import links
from games.mail.compose import compose
from games.models import Game, Profile
from games.wording import locales


def invitation_message(game: Game, address: str) -> EmailMultiAlternatives:
    """Only what the lobby shows anyone holding the link, and the link itself. The address
    may have no account, so the mail is worded in its sender's language."""
    with locales.reader(Profile.of(game.created_by)):
        return _invitation_compose(game, address)


def _invitation_compose(game: Game, address: str) -> EmailMultiAlternatives:
    context = {
        "game": game.name_words or game.name,
        "inviter": game.seats.get(user_id=game.created_by_id).name,
        "edition": engine.EDITIONS[game.edition].title(game.players),
        "players": game.players,
        "invitation_url": links.invitation_url(game),
    }
    return compose(
        to=address,
        subject=gettext("{inviter} invites you to play Bohnanza in {game}").format(**context),
        template="invitation",
        context=context,
        headers={"X-Bohnanza-Kind": "invitation"},
    )


def invitations_queue(*, game_id: int, addresses: list[str]) -> None:
    """Invitations go to an address, not to a user, so they cannot be outbox rows (one per
    user and move): each goes to a task after the commit. A lost task loses the mail, and the
    creator can send it again once the repeat guard has passed."""
    for address in addresses:
        task_queue.after_commit(task_queue.INVITATION_SEND, game_id, address)
