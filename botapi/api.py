"""The bot API over HTTP with JSON, described by the OpenAPI schema django-ninja builds from
these functions (served at /api/v1/openapi.json, browsable at /api/v1/docs).

Thin views as the pages' (DESIGN.md): each checks its token's scope, calls one service or
selector, and answers. A move goes through the same service as a page's; a refusal is the
sentence a player would read, with a 4xx status, and changes nothing.
"""

from typing import Any

from django.conf import settings
from django.utils.csp import CSP
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.csp import csp_override
from ninja import Field, NinjaAPI, Path, Query, Schema, Swagger
from ninja.errors import AuthenticationError, ValidationError
from ninja.security import HttpBearer

from botapi import ratelimit, selectors
from botapi import services as bot_services
from botapi.models import ApiToken
from games.engine import IllegalMove
from games.refusals import NotAllowed, ServiceError, StaleMove
from games.services.lobby import seat_join
from games.services.moves import move_submit
from games.services.plans import plan_submit

# Ids and move numbers past these are no row's (and past what a database integer holds).
ID_MAX = 2**31 - 1


class RateLimited(Exception):
    def __init__(self, seconds: int):
        self.seconds = seconds


class TokenAuth(HttpBearer):
    """`Authorization: Bearer <token>`: a live token of a bot account, within its rate. The
    header is read here, not by the base class, which logs a header of another scheme whole
    (`Token <the secret>`) under DEBUG: no credential reaches a log."""

    def __call__(self, request):
        scheme, _, token = request.headers.get(self.header, "").partition(" ")
        if scheme.lower() != self.openapi_scheme or not token.strip():
            return None
        return self.authenticate(request, token.strip())

    def authenticate(self, request, token: str) -> ApiToken | None:
        found = bot_services.token_used(raw=token)
        if found is not None:
            wait = ratelimit.retry_after(token_id=found.pk)
            if wait is not None:
                raise RateLimited(wait)
        return found


api = NinjaAPI(
    title="Bohnanza bot API",
    version="1",
    urls_namespace="botapi-v1",
    auth=TokenAuth(),
    # The docs page: Swagger UI from the site's own static files ("ninja" is an installed app),
    # its script in a file of its own; its style sheet draws small icons as data: images, the
    # one thing the site's CSP is widened for, on this page alone. No online validator: its
    # badge is an image from another site.
    docs=Swagger(settings={"validatorUrl": None}),
    docs_decorator=csp_override({**settings.SECURE_CSP, "img-src": [CSP.SELF, "data:"]}),
    description=(
        "A bot account plays its seats with a token from its API page. Scopes: `play` (seats, "
        "views, events, moves) and `join` (open games, taking a seat)."
    ),
)


class Refusal(Schema):
    detail: str
    # A stale move's: the game's move number now, and the seat as it is now.
    seq: int | None = None
    page: dict[str, Any] | None = None


class Seat(Schema):
    seat: int
    game: int
    name: str
    edition: str
    options: dict[str, Any]
    players: int
    status: str
    position: int | None
    seq: int
    awaited: bool


class SeatPage(Seat):
    view: dict[str, Any] | None
    clocks: list[dict[str, Any] | None]
    log: list[dict[str, Any]]


class SeatEvents(Seat):
    events: list[dict[str, Any]]


class MoveIn(Schema):
    action: dict[str, Any]
    expected_seq: int = Field(ge=0, le=ID_MAX)


class OpenGame(Schema):
    game: int
    name: str
    edition: str
    options: dict[str, Any]
    players: int
    seats_taken: int


class JoinIn(Schema):
    token: str | None = Field(None, max_length=64)


class Me(Schema):
    name: str
    scopes: list[str]


class Problem(Schema):
    field: str
    problem: str


class Invalid(Schema):
    """A request the schema does not allow: each field that is wrong, and how, in the reader's
    language."""

    detail: list[Problem]


def refusals(*statuses: int) -> dict:
    """The refusals an operation may answer with: those it names, and the token's (401, and
    429 past its rate)."""
    return {status: Invalid if status == 422 else Refusal for status in (401, 429, *statuses)}


# 429 says when to ask again. Keyed by the number, as the responses are: under "429" the served
# schema named the status twice, and Swagger UI refused the whole document.
RETRY_AFTER = {
    "responses": {
        429: {
            "description": "Too many requests, or too many waiting at once.",
            "headers": {
                "Retry-After": {
                    "description": "Seconds to wait before asking again.",
                    "schema": {"type": "integer"},
                }
            },
        }
    }
}
# What a field's problem is, by pydantic's type of error; others are "not a value it takes".
_PROBLEMS = {
    "missing": gettext_lazy("it is missing"),
    "int_parsing": gettext_lazy("it must be a whole number"),
    "int_type": gettext_lazy("it must be a whole number"),
    "greater_than_equal": gettext_lazy("it is too small"),
    "less_than_equal": gettext_lazy("it is too large"),
    "dict_type": gettext_lazy("it must be an object"),
    "model_attributes_type": gettext_lazy("it must be an object"),
    "string_too_long": gettext_lazy("it is too long"),
    "string_type": gettext_lazy("it must be a text"),
    "json_invalid": gettext_lazy("it is not JSON"),
}
# The places pydantic names that are the framework's, not the program's fields.
_NOT_FIELDS = {"body", "query", "path", "move", "join"}


def scoped(request, scope: str):
    """The token's user, if the token carries `scope`."""
    token: ApiToken = request.auth
    if scope not in token.scope_list:
        raise NotAllowed(
            _("This token lacks the scope {scope!r} this asks for.").format(scope=scope)
        )
    return token.user


@api.exception_handler(ServiceError)
def refused(request, error: ServiceError):
    seq = error.seq if isinstance(error, StaleMove) else None
    return api.create_response(
        request, {"detail": error.message, "seq": seq}, status=error.status_code
    )


@api.exception_handler(ValidationError)
def invalid(request, error: ValidationError):
    problems = []
    for found in error.errors:
        names = [str(part) for part in found.get("loc", ()) if str(part) not in _NOT_FIELDS]
        problem = _PROBLEMS.get(found.get("type", ""), gettext_lazy("it is not a value it takes"))
        problems.append({"field": ".".join(names) or _("the request"), "problem": str(problem)})
    return api.create_response(request, {"detail": problems}, status=422)


def json_only(request) -> None:
    """A body is JSON: one sent as another type is refused, not read as if it were."""
    if request.content_type != "application/json":
        raise NotJson(_("Send the body as JSON, with Content-Type: application/json."))


class NotJson(ServiceError):
    status_code = 415


@api.exception_handler(IllegalMove)
def illegal(request, error: IllegalMove):
    return api.create_response(request, {"detail": error.reason}, status=400)


@api.exception_handler(AuthenticationError)
def unknown_token(request, error: AuthenticationError):
    return api.create_response(
        request,
        {
            "detail": _(
                "This token opens nothing: it is unknown or revoked, or its account is no "
                "longer a bot account."
            )
        },
        status=401,
    )


@api.exception_handler(RateLimited)
def rate_limited(request, error: RateLimited):
    response = api.create_response(
        request, {"detail": _("Too many requests: wait a moment.")}, status=429
    )
    response["Retry-After"] = str(error.seconds)
    return response


@api.exception_handler(ratelimit.TooManyWaits)
def too_many_waits(request, error: ratelimit.TooManyWaits):
    response = api.create_response(
        request,
        {
            "detail": _(
                "This token has {most} requests waiting already: wait for one to answer."
            ).format(most=error.most)
        },
        status=429,
    )
    response["Retry-After"] = "1"
    return response


@api.get("/me", response={200: Me, **refusals()}, openapi_extra=RETRY_AFTER)
def me(request):
    """The bot account's name at the table and the scopes of this token."""
    token: ApiToken = request.auth
    return {"name": token.user.profile.display_name, "scopes": token.scope_list}


@api.get("/seats", response={200: list[Seat], **refusals(403)}, openapi_extra=RETRY_AFTER)
def seats(request):
    """The seats the bot account holds, each with whether the game waits for it now."""
    return selectors.seats_held(user=scoped(request, "play"))


@api.get(
    "/seats/{seat_id}",
    response={200: SeatPage, **refusals(403, 422)},
    openapi_extra=RETRY_AFTER,
)
def seat(request, seat_id: int = Path(..., ge=1, le=ID_MAX)):
    """A seat as its page shows it: the view (hand, prompt, legal moves), clocks and log."""
    held = selectors.seat_held(user=scoped(request, "play"), seat_id=seat_id)
    return selectors.seat_page(seat=held)


@api.get(
    "/seats/{seat_id}/events",
    response={200: SeatEvents, **refusals(403, 422)},
    openapi_extra=RETRY_AFTER,
)
def seat_events(
    request,
    seat_id: int = Path(..., ge=1, le=ID_MAX),
    after: int = Query(0, ge=-1, le=ID_MAX),
    wait: int = Query(selectors.WAIT_MAX, ge=0, le=selectors.WAIT_MAX),
):
    """The seat's log lines after move `after`, as soon as a move is made (a long-poll of at
    most `wait` seconds; at once on a game that is over). A token holds 4 waiting at most."""
    held = selectors.seat_held(user=scoped(request, "play"), seat_id=seat_id)
    with ratelimit.waiting(token_id=request.auth.pk, wait=wait) as allowed:
        return selectors.seat_events(seat=held, after=after, wait=allowed)


@api.post(
    "/seats/{seat_id}/moves",
    response={200: SeatPage, **refusals(400, 403, 409, 415, 422)},
    openapi_extra=RETRY_AFTER,
)
def seat_move(request, move: MoveIn, seat_id: int = Path(..., ge=1, le=ID_MAX)):
    """A move of the seat, made on the game as it was at `expected_seq`, through the page's
    own service; the seat as it is after it. A refusal changes nothing."""
    json_only(request)
    user = scoped(request, "play")
    held = selectors.seat_held(user=user, seat_id=seat_id)
    if not isinstance(move.action.get("kind"), str):
        raise ServiceError(_("The move needs an object with a 'kind'."))
    made = dict(game_id=held.game_id, user=user, action=move.action, expected_seq=move.expected_seq)
    try:
        if move.action["kind"] == "plan":  # as the page's, with no hour its trading ends by
            plan_submit(**made, trading_ends_at=None)
        else:
            move_submit(**made)
    except StaleMove as stale:  # with the seat as it is now, as the page shows the board
        held.game.refresh_from_db()
        page = selectors.seat_page(seat=held)
        answer = {"detail": stale.message, "seq": stale.seq, "page": page}
        return api.create_response(request, answer, status=409)
    held.game.refresh_from_db()
    return selectors.seat_page(seat=held)


@api.get("/invitations", response={200: list[OpenGame], **refusals(403)}, openapi_extra=RETRY_AFTER)
def invitations(request):
    """The open games with a free seat that the bot account does not sit at."""
    return selectors.games_to_join(user=scoped(request, "join"))


@api.post(
    "/games/{game_id}/join",
    response={200: Seat, **refusals(400, 403, 404, 409, 415, 422)},
    openapi_extra=RETRY_AFTER,
)
def game_join(request, join: JoinIn, game_id: int = Path(..., ge=1, le=ID_MAX)):
    """A seat in an open game (with `token` from its invitation link where it is only for
    people with the link)."""
    json_only(request)
    user = scoped(request, "join")
    held = seat_join(game_id=game_id, user=user, token=join.token)
    return selectors.seat_page(seat=held)
