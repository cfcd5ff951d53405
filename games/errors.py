"""Errors the services raise. Each message is written for the person who caused it, and each
class carries the HTTP status a view answers with. The engine's IllegalMove is not wrapped: it
passes through the services as it is (a view answers it like a ServiceError, with 400)."""


class ServiceError(Exception):
    status_code = 400

    def __init__(self, message: str):
        super().__init__(message)
        self.message = message


class GameNotFound(ServiceError):
    status_code = 404

    def __init__(self, message: str = "There is no such game."):
        super().__init__(message)


class NotYourSeat(ServiceError):
    status_code = 403

    def __init__(self, message: str = "You have no seat in this game."):
        super().__init__(message)


class NotAllowed(ServiceError):
    status_code = 403


class GameNotRunning(ServiceError):
    status_code = 409

    def __init__(self, message: str = "The game is not running."):
        super().__init__(message)


class StaleMove(ServiceError):
    """The page showed an older position; `seq` is the game's current one."""

    status_code = 409

    def __init__(self, seq: int):
        super().__init__("The game has moved on since this page was loaded.")
        self.seq = seq
