"""The table's chat: free talk, promises nobody has to keep."""

from django.db import transaction
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from games.models import ChatMessage, Game
from games.refusals import GameNotRunning, ServiceError
from games.services.guards import get_game, user_seat

CHAT_MAX_CHARS = 500


@transaction.atomic
def chat_post(*, game_id: int, user, text: str) -> ChatMessage:
    game = get_game(game_id)
    seat = user_seat(game, user)
    if game.status not in (Game.Status.RUNNING, Game.Status.FINISHED):
        raise GameNotRunning(_("The table talks once the game has started."))
    text = text.strip() if isinstance(text, str) else ""
    if not text:
        raise ServiceError(_("Write something first."))
    if len(text) > CHAT_MAX_CHARS:
        raise ServiceError(
            ngettext(
                "A message can be at most {count} character long.",
                "A message can be at most {count} characters long.",
                CHAT_MAX_CHARS,
            ).format(count=CHAT_MAX_CHARS)
        )
    message = ChatMessage.objects.create(game=game, seat=seat, text=text)
    Game.touch([game.id])
    return message
