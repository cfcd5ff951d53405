"""The bot API over HTTP with JSON, described by the OpenAPI schema django-ninja builds from
these functions (served at /api/v1/openapi.json, browsable at /api/v1/docs).

Thin views as the pages' (DESIGN.md): each checks its token's scope, calls one service or
selector, and answers. A move goes through the same service as a page's; a refusal is the
sentence a player would read, with a 4xx status, and changes nothing.
"""

from typing import Any

from django.utils.translation import gettext as _
from ninja import Field, NinjaAPI, Path, Query, Schema

from botapi import ratelimit, selectors
from botapi.http import (
    ID_MAX,
    Refusal,
    answer_refusals,
    json_only,
    scoped,
    served,
)
from botapi.http import described as _described
from botapi.http import refusals as _refusals
from botapi.models import ApiToken
from games.refusals import ServiceError, StaleMove
from games.services.lobby import seat_join
from games.services.moves import move_submit
from games.services.plans import plan_submit

# v1 answers until this day; each answer says so (RFC 9745's Deprecation, RFC 8594's Sunset),
# and links to v2's documentation.
DEPRECATED_AT = "@1796601600"  # 2026-12-07, when v2 was published
SUNSET = "Wed, 30 Jun 2027 23:59:59 GMT"


class DeprecatedAPI(NinjaAPI):
    """Every answer, a refusal's too, says v1 is deprecated and when it stops answering."""

    def create_response(self, request, data, *args, **kwargs):
        response = super().create_response(request, data, *args, **kwargs)
        response["Deprecation"] = DEPRECATED_AT
        response["Sunset"] = SUNSET
        response["Link"] = '</api/v2/docs>; rel="successor-version"'
        return response


api = DeprecatedAPI(
    **served("1"),
    description=(
        "Deprecated: v1 answers until 2027-06-30; use /api/v2/. "
        "A bot account plays its seats with a token from its API page. Scopes: `play` (seats, "
        "views, events, moves) and `join` (open games, taking a seat)."
    ),
)


class StaleRefusal(Refusal):
    """A stale move: the game's move number now, and the seat as it is now."""

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


def refusals(*statuses: int) -> dict:
    return _refusals(*statuses, stale=StaleRefusal)


answer_refusals(api)


@api.get("/me", response={200: Me, **refusals()}, openapi_extra=_described())
def me(request):
    """The bot account's name at the table and the scopes of this token."""
    token: ApiToken = request.auth
    return {"name": token.user.profile.display_name, "scopes": token.scope_list}


@api.get("/seats", response={200: list[Seat], **refusals(403)}, openapi_extra=_described(403))
def seats(request):
    """The seats the bot account holds, each with whether the game waits for it now."""
    return selectors.seats_held(user=scoped(request, "play"))


@api.get(
    "/seats/{seat_id}",
    response={200: SeatPage, **refusals(403, 422)},
    openapi_extra=_described(403, 422),
)
def seat(request, seat_id: int = Path(..., ge=1, le=ID_MAX)):
    """A seat as its page shows it: the view (hand, prompt, legal moves), clocks and log."""
    held = selectors.seat_held(user=scoped(request, "play"), seat_id=seat_id)
    return selectors.seat_page(seat=held)


@api.get(
    "/seats/{seat_id}/events",
    response={200: SeatEvents, **refusals(403, 422)},
    openapi_extra=_described(403, 422),
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
    openapi_extra=_described(400, 403, 409, 415, 422),
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


@api.get(
    "/invitations", response={200: list[OpenGame], **refusals(403)}, openapi_extra=_described(403)
)
def invitations(request):
    """The open games with a free seat that the bot account does not sit at."""
    return selectors.games_open(user=scoped(request, "join"))


@api.post(
    "/games/{game_id}/join",
    response={200: Seat, **refusals(400, 403, 404, 409, 415, 422)},
    openapi_extra=_described(400, 403, 404, 409, 415, 422),
)
def game_join(request, join: JoinIn, game_id: int = Path(..., ge=1, le=ID_MAX)):
    """A seat in an open game (with `token` from its invitation link where it is only for
    people with the link)."""
    json_only(request)
    user = scoped(request, "join")
    held = seat_join(game_id=game_id, user=user, token=join.token)
    return selectors.seat_page(seat=held)
