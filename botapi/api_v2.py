"""The bot API, version 2: every move typed in the schema (`actions`), the moves open to a seat
as concrete actions (`legal`), events with their data, a long-poll that answers with the
events and the seat as it is then (per seat, or over the whole account), and games made,
filled, started, left and cancelled from a program. Served at /api/v2/ (schema at
/api/v2/openapi.json, browsable at /api/v2/docs).

Thin views, as v1's: each checks its token's scope, calls one service or selector, and answers;
a move goes through the page's own service, and a refusal is the sentence a player reads."""

from datetime import datetime
from typing import Annotated, Any, Literal

from ninja import Field, NinjaAPI, Path, Query, Schema, Status

from botapi import ratelimit, selectors, streams
from botapi import services as bot_services
from botapi.actions import Action, Bean, Phase, as_move
from botapi.http import (
    ID_MAX,
    Refusal,
    Text,
    answer_refusals,
    answers,
    json_only,
    scoped,
    served,
)
from botapi.models import ApiToken
from games.engine.bots import LEVELS
from games.refusals import StaleMove
from games.services import lobby
from games.services.moves import move_submit
from games.services.plans import plan_submit


class NamedAPI(NinjaAPI):
    """Each operation is named by its function (`seat_move`), as a generated client calls it."""

    def get_openapi_operation_id(self, operation) -> str:
        return operation.view_func.__name__

    def get_openapi_schema(self, **kwargs):
        """A stream's lines are served as NDJSON or server-sent events, not as one JSON."""
        schema = super().get_openapi_schema(**kwargs)
        for path, operations in schema["paths"].items():
            if path.endswith("/stream"):
                responses = operations["get"]["responses"]
                content = responses[200]["content"]
                line = content.pop("application/json")
                content.update({"application/x-ndjson": line, "text/event-stream": line})
                responses[204] = {"description": "This server holds no streams: use the wait."}
        return schema


api = NamedAPI(
    **served("2"),
    description=(
        "A bot account plays its seats with a token from its API page, sent as "
        "`Authorization: Bearer <token>`. Scopes: `play` (seats, views, events, moves) and "
        "`join` (open games, taking a seat, making and running games).\n\n"
        "Numbering: a seat at the table is its `position`, counted from 0, in moves, views and "
        "events (`seat` inside them); the seat's id in paths is `seat_id`. Fields are counted "
        "from 0 (`index`) in moves; sentences count both from 1 (`number`, given beside).\n\n"
        "A bot plays with one wait and one move a turn: `GET /wait` (or "
        "`/seats/{seat_id}/wait`) answers as soon as the game waits for one of its seats, "
        "with the seat's view and its moves as concrete actions (`legal`); `POST "
        "/seats/{seat_id}/moves` answers with the seat as it is after the move."
    ),
)
answer_refusals(api)


class Card(Schema):
    id: int | None = Field(description="The card's id; null for a card of a hidden hand.")
    bean: Bean


class FieldView(Schema):
    index: int = Field(description="Counted from 0, as moves name it.")
    number: int = Field(description="Counted from 1, as sentences name it.")
    bean: Bean | None
    count: int
    payout: int = Field(description="The coins a harvest would earn now.")
    cards: list[int]
    protected: bool


class Player(Schema):
    seat: int = Field(description="The position at the table, counted from 0.")
    number: int = Field(description="The position counted from 1, as sentences say it.")
    name: str
    hand_size: int
    coins: int
    fields: list[FieldView]
    to_plant: list[Card]


class Offer(Schema):
    id: int
    maker: int = Field(description="The position of the seat that made it.")
    to: int = Field(description="The position of the seat it is made to.")
    give: list[Card]
    ask: dict[Bean, int]
    ask_faceup: list[Card]
    gift: bool
    mine: bool


class Prompt(Schema):
    key: str
    awaited: bool
    params: dict[str, Any]
    text: str = Field(description="What the seat is asked, in the reader's language.")
    reason: str


class Result(Schema):
    """How a finished game ranks its seats, each list by position."""

    counts: str = Field(description="What the scores count: coins, or an expansion's score.")
    scores: list[int]
    hand_sizes: list[int]
    places: list[int] = Field(description="Each seat's place, from 1; equal seats share one.")
    winners: list[int] = Field(description="The positions in first place.")
    tie_break: str | None = Field(description="The rule that decided a shared best score.")
    resigned: list[int]
    summary: str = Field(description="The result in a sentence.")


class View(Schema):
    """What the seat may see, as its page shows it: its own hand, everything public, nothing
    hidden (no other hand, no face-down card, no deck order; the seed once the game is over).
    An expansion adds its own part under its own key."""

    model_config = {"extra": "allow"}
    edition: str
    edition_name: str
    seat: int = Field(description="This seat's position, counted from 0.")
    turn: int
    phase: Phase
    active: int = Field(description="The position of the active player.")
    start_player: int
    planted: int
    players: list[Player]
    hand: list[Card] = Field(description="The hand, front first: the next card to plant first.")
    faceup: list[Card]
    deck_size: int
    discard_size: int
    discard_top: Card | None
    exhaustions: int
    exhaustions_to_end: int
    ending: bool
    offers: list[Offer]
    waiting_for: list[int]
    prompt: Prompt
    may_resign: bool
    seed_hash: str
    seed: str | None
    over: bool
    result: Result | None
    resigned: list[int]
    bean_types: list[Bean]
    third_field_cost: int | None
    book: dict[str, Any] | None = Field(
        None, description="The trade book: standing offers, this seat's rules, plan and passes."
    )


class Form(Schema):
    """An open-ended move (an offer, a standing offer, rules, a plan, or one whose key takes
    more values than a list could spell out): send an action of its `kind` built within
    `limits`, which names the values each key may take (for an offer: `to` the seats it may be
    made to, `give` the hand's cards, `ask` the beans it may ask for, `ask_faceup` the face-up
    cards; for an accept: `choices`, the cards of each asked bean, and `give` the suggested
    payment). The engine checks the rest and refuses with a sentence."""

    kind: str
    limits: dict[str, Any]


class Clock(Schema):
    """A seat's clock; null for a site bot's, which answers at once."""

    bank: str | None = Field(description="The time bank left, in words (null for a bot).")
    due: datetime | None = Field(description="When its deadline falls, while it is awaited.")
    left: str = Field(description="The time to the deadline, in words.")
    trading: bool = Field(description="Whether the deadline is the trading window's.")
    bot: bool = Field(description="Whether a bot plays the seat.")


class SeatRow(Schema):
    seat_id: int = Field(description="The seat's id, as paths name it.")
    game: int
    name: str
    edition: str
    options: dict[str, bool | int | str]
    players: int
    status: str = Field(description="open, running, finished or cancelled.")
    position: int | None = Field(
        description="The position at the table, from 0 (null before the game starts)."
    )
    seq: int = Field(description="The game's move number now.")
    awaited: bool = Field(description="Whether the game waits for this seat now.")


class SeatState(SeatRow):
    view: View | None
    legal: list[Action] = Field(
        description="Every move open to the seat now, each an action to send back unchanged "
        "(a choice is one action an alternative); leaving the game (`resign`) and the trade "
        "book's `pass` and `usual` are among them while they are open."
    )
    forms: list[Form]
    clocks: list[Clock | None] = Field(description="Each position's clock, by position.")


class Event(Schema):
    seq: int = Field(description="The move that caused it.")
    kind: str
    seat: int | None = Field(description="The position it is about, from 0.")
    data: dict[str, Any] = Field(
        description="The engine's data of the event, as this seat may see it."
    )
    text: str = Field(description="Its line of the log, in the reader's language.")
    at: datetime


class SeatUpdate(Schema):
    events: list[Event] = Field(description="The events after the move number asked about.")
    seat: SeatState


class Stale(Refusal):
    """A move chosen on an older board: the game's move number now, and the seat as it is."""

    seat: SeatState


class Table(Schema):
    game: int
    edition: str
    players: int
    time_control: str = Field(description="The preset's key.")


class OpenGame(Table):
    name: str
    options: dict[str, bool | int | str]
    seats_taken: int
    time_control_text: str = Field(description="The clocks in a line, in the reader's language.")
    rated: bool = Field(description="Whether the game is rated if the bot account joins it.")


class ChallengeOut(Table):
    challenge: int
    by: str = Field(description="The challenger's name.")
    to: str = Field(description="The challenged account's name.")
    to_you: bool = Field(description="Whether it is made to this account (else by it).")


class AccountUpdate(Schema):
    awaited: list[SeatState] = Field(description="The seats the games wait for now.")
    seats: list[SeatRow] = Field(description="Every seat held in a game not over.")
    games: list[OpenGame] = Field(description="The open games it may join.")
    challenges: list[ChallengeOut] = Field(description="The challenges not yet answered.")


class SeatLine(SeatUpdate):
    """A line of a seat's stream: the events since the last line, and the seat as it is."""

    type: Literal["update"]


class AwaitedLine(SeatUpdate):
    """A seat the game waits for now (again at each move while it does), with its events
    since the stream last told of it (at first, since its own last move) and its state."""

    type: Literal["awaited"]


class GameLine(Schema):
    """A game of the account started (`started`) or ended, or was cancelled (`over`)."""

    type: Literal["started", "over"]
    seat: SeatRow


class ChallengeLine(Schema):
    """A challenge made to the account or by it, not yet answered."""

    type: Literal["challenge"]
    challenge: ChallengeOut


class ChallengeGoneLine(Schema):
    """A challenge answered (`accepted`, `declined`) or whose game went."""

    type: Literal["challenge_gone"]
    challenge: int
    status: str


class OpenGamesLine(Schema):
    """The open games the account may join, whenever they change."""

    type: Literal["open_games"]
    games: list[OpenGame]


AccountLine = Annotated[
    AwaitedLine | GameLine | ChallengeLine | ChallengeGoneLine | OpenGamesLine,
    Field(discriminator="type"),
]


class Me(Schema):
    name: str
    scopes: list[str]


class MoveIn(Schema):
    action: Action
    expected_seq: int = Field(ge=0, le=ID_MAX, description="The move number the seat saw.")


class TableIn(Schema):
    edition: Text = Field(max_length=40, description="An edition's key (rio-grande, …).")
    players: int = Field(ge=2, le=7)
    options: dict[Text, bool | int | Text] = Field(default_factory=dict)
    time_control: Text = Field("daily", max_length=12, description="A preset's key.")


class ChallengeIn(TableIn):
    name: Text = Field(
        max_length=40, description="The name of the account challenged, a person's or a bot's."
    )


class GameIn(TableIn):
    is_open: bool = Field(True, description="Anyone may join; else only by invitation.")
    name: Text = Field("", max_length=80)
    sits: bool = Field(True, description="Whether the bot account takes a seat itself.")


class LobbySeat(Schema):
    name: str
    bot: str | None = Field(description="The site bot's level, null for an account.")
    yours: bool


class Lobby(Schema):
    game: int
    name: str
    edition: str
    players: int
    status: str
    time_control: str
    open: bool
    invite_token: str | None = Field(description="Joins a game only for the invited.")
    seats: list[LobbySeat]


class BotIn(Schema):
    level: Literal[LEVELS] = Field("normal", description="How well the site's bot plays.")  # type: ignore[valid-type]


class JoinIn(Schema):
    token: Text | None = Field(None, max_length=64)


@api.get("/me", **answers(Me))
def me(request):
    """The bot account's name at the table and the scopes of this token."""
    token: ApiToken = request.auth
    return {"name": token.user.profile.display_name, "scopes": token.scope_list}


@api.get("/seats", **answers(list[SeatRow], 403))
def seats(request):
    """The seats the bot account holds, each with whether the game waits for it now."""
    return selectors.seats_held(user=scoped(request, "play"))


@api.get("/wait", **answers(AccountUpdate, 403, 422))
def account_wait(request, wait: int = Query(selectors.WAIT_MAX, ge=0, le=selectors.WAIT_MAX)):
    """Every seat of the account at once: answers as soon as a game waits for one of them
    (with each such seat's view and moves), a game of the account starts or ends, or a game
    opens to join; else after `wait` seconds. A token holds 4 waiting at most."""
    user = scoped(request, "play")
    with ratelimit.waiting(token_id=request.auth.pk, wait=wait) as allowed:
        return selectors.account_wait(user=user, wait=allowed)


@api.get("/stream", **answers(AccountLine, 403, 429, ok=200))
def account_stream(request):
    """The account's stream: a line (NDJSON; server-sent events with `Accept:
    text/event-stream`) each time a game waits for one of its seats (with the seat's events
    and state), a game of its starts or ends, a challenge comes or goes, or the open games
    change; the state of all of it at once on connecting. An empty line every 10 s keeps it
    open; after 30 minutes it ends, to be opened again. A bot plays with this stream and one
    POST a move. Served by the site's stream processes; elsewhere 204 (use `GET /wait`)."""
    user = scoped(request, "play")
    followed = streams.AccountFollowed(user=user)
    return streams.response(request, streams.account_stream, followed)


@api.get("/seats/{seat_id}/stream", **answers(SeatLine, 403, 422, 429, ok=200))
def seat_stream(
    request,
    seat_id: int = Path(..., ge=1, le=ID_MAX),
    after: int = Query(-1, ge=-1, le=ID_MAX, description="The move number the program saw."),
):
    """A seat's stream: at once, and each time the game changes, a line with the events after
    the last move number sent (at first `after`, or `Last-Event-ID`) and the seat as it is
    then; it ends once the game is over, or after 30 minutes. NDJSON, or server-sent events
    (each `id:` the move number) with `Accept: text/event-stream`. Served by the site's
    stream processes; elsewhere 204 (use `/seats/{seat_id}/wait`)."""
    user = scoped(request, "play")
    held = selectors.seat_held(user=user, seat_id=seat_id)
    resumed = request.headers.get("Last-Event-ID", "")
    followed = streams.SeatFollowed(
        seat_id=held.pk,
        game_id=held.game_id,
        user=user,
        seq=int(resumed) if resumed.isdigit() and len(resumed) < 10 else after,
    )
    return streams.response(request, streams.seat_stream, followed)


@api.get("/seats/{seat_id}", **answers(SeatState, 403, 422))
def seat(request, seat_id: int = Path(..., ge=1, le=ID_MAX)):
    """A seat as its page shows it: the view, the moves open to it as concrete actions, and
    the clocks."""
    held = selectors.seat_held(user=scoped(request, "play"), seat_id=seat_id)
    return selectors.seat_state(seat=held)


@api.get("/seats/{seat_id}/wait", **answers(SeatUpdate, 403, 422))
def seat_wait(
    request,
    seat_id: int = Path(..., ge=1, le=ID_MAX),
    after: int = Query(0, ge=-1, le=ID_MAX, description="The move number the program saw."),
    wait: int = Query(selectors.WAIT_MAX, ge=0, le=selectors.WAIT_MAX),
):
    """The events after move `after` and the seat as it is then, as soon as a move is made or
    the game starts (a long-poll of at most `wait` seconds; at once on a game that is over).
    A token holds 4 waiting at most."""
    held = selectors.seat_held(user=scoped(request, "play"), seat_id=seat_id)
    with ratelimit.waiting(token_id=request.auth.pk, wait=wait) as allowed:
        return selectors.seat_wait(seat=held, after=after, wait=allowed)


@api.post("/seats/{seat_id}/moves", **answers(SeatUpdate, 400, 403, 409, 415, 422, stale=Stale))
def seat_move(request, move: MoveIn, seat_id: int = Path(..., ge=1, le=ID_MAX)):
    """A move of the seat, made on the game as it was at `expected_seq`, through the page's
    own service; the events since `expected_seq` and the seat as it is after it. A refusal
    changes nothing; a stale move (409) carries the game's move number and the seat now."""
    json_only(request)
    user = scoped(request, "play")
    held = selectors.seat_held(user=user, seat_id=seat_id)
    action = as_move(move.action)
    made = dict(game_id=held.game_id, user=user, action=action, expected_seq=move.expected_seq)
    try:
        if action["kind"] == "plan":  # as the page's, with no hour its trading ends by
            plan_submit(**made, trading_ends_at=None)
        else:
            move_submit(**made)
    except StaleMove as stale:
        held.game.refresh_from_db()
        answer = {
            "detail": stale.message,
            "seq": stale.seq,
            "seat": selectors.seat_state(seat=held),
        }
        return api.create_response(request, answer, status=409)
    held.game.refresh_from_db()
    return selectors.seat_update(seat=held, after=move.expected_seq)


@api.get("/games", **answers(list[OpenGame], 403))
def games(request):
    """The open games with a free seat that the bot account does not sit at: their time
    control, seats taken, and whether they are rated."""
    return selectors.games_open(user=scoped(request, "join"))


@api.post("/games", **answers(Lobby, 400, 403, 415, 422, ok=201))
def game_create(request, game: GameIn):
    """A new game: its edition, players, options, time control, whether anyone may join, and
    whether the bot account sits at it (a person or other bots may fill every seat)."""
    json_only(request)
    user = scoped(request, "join")
    made = lobby.game_create(user=user, **game.model_dump())
    return Status(201, selectors.lobby_of(game=made, user=user))


@api.post("/games/{game_id}/join", **answers(SeatState, 403, 404, 409, 415, 422))
def game_join(request, join: JoinIn, game_id: int = Path(..., ge=1, le=ID_MAX)):
    """A seat in an open game (with `token` from its invitation where it is only for the
    invited). Joining a game twice is a conflict (409)."""
    json_only(request)
    held = lobby.seat_join(game_id=game_id, user=scoped(request, "join"), token=join.token)
    return selectors.seat_state(seat=held)


@api.post("/games/{game_id}/bots", **answers(Lobby, 403, 404, 415, 422))
def game_add_bot(request, bot: BotIn, game_id: int = Path(..., ge=1, le=ID_MAX)):
    """One of the site's bots in a free seat of a game the account made."""
    json_only(request)
    user = scoped(request, "join")
    held = lobby.game_add_bot(game_id=game_id, user=user, bot=bot.level)
    return selectors.lobby_of(game=held.game, user=user)


@api.post("/games/{game_id}/start", **answers(Lobby, 403, 404, 422))
def game_start(request, game_id: int = Path(..., ge=1, le=ID_MAX)):
    """Starts a game the account made once every seat is taken: the seating is drawn."""
    user = scoped(request, "join")
    return selectors.lobby_of(game=lobby.game_start(game_id=game_id, user=user), user=user)


@api.post("/games/{game_id}/leave", **answers(None, 403, 404, 422, ok=204))
def game_leave(request, game_id: int = Path(..., ge=1, le=ID_MAX)):
    """Gives up the account's seat in a game that has not started."""
    lobby.seat_leave(game_id=game_id, user=scoped(request, "join"))
    return Status(204, None)


@api.post("/games/{game_id}/cancel", **answers(None, 403, 404, 422, ok=204))
def game_cancel(request, game_id: int = Path(..., ge=1, le=ID_MAX)):
    """Cancels a game the account made that has not started."""
    lobby.game_cancel(game_id=game_id, user=scoped(request, "join"))
    return Status(204, None)


@api.get("/challenges", **answers(list[ChallengeOut], 403))
def challenges(request):
    """The challenges not yet answered, made to the account or by it."""
    return selectors.challenges_open(user=scoped(request, "join"))


@api.post("/challenges", **answers(ChallengeOut, 400, 403, 415, 422, ok=201))
def challenge_create(request, challenge: ChallengeIn):
    """Challenges the account called `name` (a person finds it on their home page, a bot on its
    stream and wait): a game by invitation only with a seat for this account, which the
    challenged takes by accepting."""
    json_only(request)
    user = scoped(request, "join")
    made = bot_services.challenge_create(user=user, **challenge.model_dump())
    [shown] = [row for row in selectors.challenges_open(user=user) if row["challenge"] == made.pk]
    return Status(201, shown)


@api.post("/challenges/{challenge_id}/accept", **answers(SeatState, 403, 404, 409, 422))
def challenge_accept(request, challenge_id: int = Path(..., ge=1, le=ID_MAX)):
    """Takes the seat a challenge made to the account keeps for it."""
    user = scoped(request, "join")
    held = bot_services.challenge_accept(user=user, challenge_id=challenge_id)
    return selectors.seat_state(seat=held)


@api.post("/challenges/{challenge_id}/decline", **answers(None, 403, 404, 409, 422, ok=204))
def challenge_decline(request, challenge_id: int = Path(..., ge=1, le=ID_MAX)):
    """Says no to a challenge made to the account."""
    bot_services.challenge_decline(user=scoped(request, "join"), challenge_id=challenge_id)
    return Status(204, None)
