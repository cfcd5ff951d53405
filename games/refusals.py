"""Errors the services raise. Each message is written for the person who caused it, and each
class carries the HTTP status a view answers with. The engine's IllegalMove is not wrapped: it
passes through the services as it is (a view answers it like a ServiceError, with 400)."""

from django.utils.translation import gettext, gettext_lazy


class ServiceError(Exception):
    status_code = 400

    def __init__(self, message: str):
        super().__init__(message)
        self.message = message


class ValueRefused(ServiceError):
    """One of the values a player gave is refused: `field` names it as the service's keyword
    does, so that a page says why beside the box it came from."""

    def __init__(self, message: str, field: str):
        super().__init__(message)
        self.field = field


class GameNotFound(ServiceError):
    status_code = 404

    def __init__(self, message: str = ""):
        super().__init__(message or gettext("There is no such game."))


class NotYourSeat(ServiceError):
    status_code = 403

    def __init__(self, message: str = ""):
        super().__init__(message or gettext("You have no seat in this game."))


class NotAllowed(ServiceError):
    status_code = 403


class Conflict(ServiceError):
    """Already so: a seat taken twice."""

    status_code = 409


class GameNotRunning(ServiceError):
    status_code = 409

    def __init__(self, message: str = ""):
        super().__init__(message or gettext("The game is not running."))


class StaleMove(ServiceError):
    """The page showed an older position, and the move no longer means there what it meant on
    it; `seq` is the game's current move number, `reason` says what changed."""

    status_code = 409

    def __init__(self, seq: int, reason: str = ""):
        super().__init__(
            gettext(
                "The game moved on before your move arrived: {reason} Here is the board as it "
                "is now."
            ).format(reason=reason[0].lower() + reason[1:])
            if reason
            else gettext(
                "The game moved on before your move arrived. Here is the board as it is now."
            )
        )
        self.seq = seq
        self.reason = reason


# Said whenever a player asks for a seat back that no bot plays.
NO_BOT_STANDING_IN = gettext_lazy("No bot is playing for you: your seat is already yours.")
