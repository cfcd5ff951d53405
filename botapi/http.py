"""What both versions of the bot API share: the token's check, the refusals an operation
declares, and how each refusal is answered (the sentence a player would read, in the reader's
language, with its status; a stale move with the game's move number)."""

from typing import Annotated

from django.conf import settings
from django.utils.csp import CSP
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.csp import csp_override
from ninja import NinjaAPI, Schema, Swagger
from ninja.errors import AuthenticationError, HttpError, ValidationError
from ninja.security import HttpBearer
from pydantic import StringConstraints

from botapi import ratelimit
from botapi import services as bot_services
from botapi.models import ApiToken
from games.engine import IllegalMove
from games.engine.move_kinds import MOVES
from games.refusals import NotAllowed, ServiceError, StaleMove

# Ids and move numbers past these are no row's (and past what a database integer holds).
ID_MAX = 2**31 - 1


def served(version: str) -> dict:
    """What each version's NinjaAPI is made with besides its description. The docs page:
    Swagger UI from the site's own static files ("ninja" is an installed app), its script in a
    file of its own; its style sheet draws small icons as data: images, the one thing the
    site's CSP is widened for, on this page alone. No online validator: its badge is an image
    from another site."""
    return {
        "title": "Bohnanza bot API",
        "version": version,
        "urls_namespace": f"botapi-v{version}",
        "auth": TokenAuth(),
        "docs": Swagger(settings={"validatorUrl": None}),
        "docs_decorator": csp_override({**settings.SECURE_CSP, "img-src": [CSP.SELF, "data:"]}),
    }


# A text a program sends: no NUL, which no database text holds (the pages' forms refuse it too).
Text = Annotated[str, StringConstraints(pattern=r"^[^\x00]*$")]


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


class Refusal(Schema):
    """A request refused: the sentence a player would read, in the reader's language."""

    detail: str
    # A stale move's: the game's move number now.
    seq: int | None = None


class Problem(Schema):
    field: str
    problem: str


class Invalid(Schema):
    """A request the schema does not allow: each field that is wrong, and how, in the reader's
    language."""

    detail: list[Problem]


# What each refusal means, as the schema says it.
MEANINGS = {
    400: "A move the rules do not allow now, or a request the game refuses: `detail` says why.",
    401: "No live token of a bot account under `Authorization: Bearer`.",
    403: "The token lacks the scope this needs, or the seat or game is not the account's.",
    404: "No such game, or none open to this account.",
    409: "A conflict with the game as it is now: `detail` says which.",
    415: "The body is not sent as JSON.",
    422: "The request does not fit the schema: each field and its problem.",
    429: "Too many requests, or too many waiting at once.",
}


def refusals(*statuses: int, stale=None) -> dict:
    """The refusals an operation may answer with: those it names, and the token's (401, and
    429 past its rate); `stale` is the schema of its 409."""
    schemas = {422: Invalid, 409: stale or Refusal}
    return {status: schemas.get(status, Refusal) for status in (401, 429, *statuses)}


def described(*statuses: int) -> dict:
    """The openapi_extra of an operation: what each of its refusals means, and 429's
    Retry-After. Keyed by the number, as the responses are: under "429" the served schema
    named the status twice, and Swagger UI refused the whole document."""
    responses: dict = {
        status: {"description": MEANINGS[status]} for status in (401, 429, *statuses)
    }
    responses[429]["headers"] = {
        "Retry-After": {
            "description": "Seconds to wait before asking again.",
            "schema": {"type": "integer"},
        }
    }
    return {"responses": responses}


def answers(schema, *statuses: int, stale=None, ok: int = 200) -> dict:
    """An operation's `response` and `openapi_extra`: its answer, and its refusals. A key an
    answer does not have is left out, not sent as null: an action in `legal` holds the keys
    its move reads, and is sent back as it is."""
    return {
        "response": {ok: schema, **refusals(*statuses, stale=stale)},
        "openapi_extra": described(*statuses),
        "exclude_unset": True,
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
    "model_type": gettext_lazy("it must be an object"),
    "string_too_long": gettext_lazy("it is too long"),
    "string_pattern_mismatch": gettext_lazy("it holds a character it may not"),
    "string_type": gettext_lazy("it must be a text"),
    "json_invalid": gettext_lazy("it is not JSON"),
    "list_type": gettext_lazy("it must be a list"),
    "bool_type": gettext_lazy("it must be true or false"),
    "bool_parsing": gettext_lazy("it must be true or false"),
    "extra_forbidden": gettext_lazy("this kind of move does not read it"),
    "union_tag_invalid": gettext_lazy("it is no kind of move"),
    "union_tag_not_found": gettext_lazy("it needs a 'kind'"),
}
_NOT_TAKEN = gettext_lazy("it is not a value it takes")
# The places pydantic names that are the framework's, not the program's fields.
_NOT_FIELDS = {"body", "query", "path", "move", "join", "game", "bot", "challenge"}


def _field(loc) -> str:
    """The field's name as the program wrote it: no framework's place, and not the kind of move
    pydantic checked an action against (`action.plant.card` is the action's `card`)."""
    names: list[str] = []
    for part in loc:
        text = str(part)
        if text in _NOT_FIELDS or (names[-1:] == ["action"] and text in MOVES):
            continue
        names.append(text)
    return ".".join(names)


def scoped(request, scope: str):
    """The token's user, if the token carries `scope`."""
    token: ApiToken = request.auth
    if scope not in token.scope_list:
        raise NotAllowed(
            _("This token lacks the scope {scope!r} this asks for.").format(scope=scope)
        )
    return token.user


class NotJson(ServiceError):
    status_code = 415


def json_only(request) -> None:
    """A body is JSON: one sent as another type is refused, not read as if it were."""
    if request.content_type != "application/json":
        raise NotJson(_("Send the body as JSON, with Content-Type: application/json."))


def answer_refusals(api: NinjaAPI) -> None:
    """Each refusal answered as the schema says, on `api`."""

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
            problem = _PROBLEMS.get(
                found.get("type", ""), gettext_lazy("it is not a value it takes")
            )
            loc = tuple(found.get("loc", ()))
            if found.get("type", "").startswith("union_tag"):  # the kind of move is the field
                loc += ("kind",)
            field = _field(loc) or _("the request")
            problems.append({"field": field, "problem": str(problem)})
        return api.create_response(request, {"detail": problems}, status=422)

    @api.exception_handler(HttpError)
    def unparsed(request, error: HttpError):
        """The framework's: a body it could not read (a 400 in English) is a body that is not
        JSON, worded as the schema's other problems."""
        if error.status_code != 400:
            return api.create_response(request, {"detail": str(error)}, status=error.status_code)
        problem = {"field": _("the request"), "problem": str(_PROBLEMS["json_invalid"])}
        return api.create_response(request, {"detail": [problem]}, status=422)

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

    @api.exception_handler(ratelimit.TooManyHeld)
    def too_many_held(request, error: ratelimit.TooManyHeld):
        response = api.create_response(request, {"detail": error.sentence()}, status=429)
        response["Retry-After"] = str(error.retry_after)
        return response
