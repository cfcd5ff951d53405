"""What the bot API v2 sends and receives, as typed dicts named as the schema's components
(`/api/v2/openapi.json`): each action whole, the answers by the keys a bot reads (the schema
has the rest); the site's tests check each against the served schema. A move is one of the
action types, told apart by `kind`; `SeatState.legal` lists them ready to send."""

from typing import Any, Literal, NotRequired, TypedDict


class PlantAction(TypedDict):
    kind: Literal["plant"]
    card: int
    field: int


class StopPlantingAction(TypedDict):
    kind: Literal["stop_planting"]


class HarvestAction(TypedDict):
    kind: Literal["harvest"]
    field: int


class BuyFieldAction(TypedDict):
    kind: Literal["buy_field"]


class OfferAction(TypedDict):
    kind: Literal["offer"]
    to: int
    give: NotRequired[list[int]]
    ask: NotRequired[dict[str, int]]
    ask_faceup: NotRequired[list[int]]


class AcceptAction(TypedDict):
    kind: Literal["accept"]
    offer: int
    give: NotRequired[list[int]]
    fields: NotRequired[dict[str, int]]


class DeclineAction(TypedDict):
    kind: Literal["decline"]
    offer: int


class WithdrawAction(TypedDict):
    kind: Literal["withdraw"]
    offer: int


class EndTradingAction(TypedDict):
    kind: Literal["end_trading"]


class ResignAction(TypedDict):
    kind: Literal["resign"]


class PassAction(TypedDict):
    kind: Literal["pass"]
    offers: NotRequired[Literal["decline", "answer"]]
    assumed: NotRequired[bool]


class UsualAction(TypedDict):
    kind: Literal["usual"]


# The base game's and the trade book's moves; an expansion's are dicts of their own kind.
Action = (
    PlantAction
    | StopPlantingAction
    | HarvestAction
    | BuyFieldAction
    | OfferAction
    | AcceptAction
    | DeclineAction
    | WithdrawAction
    | EndTradingAction
    | ResignAction
    | PassAction
    | UsualAction
    | dict[str, Any]
)


class Card(TypedDict):
    id: int | None
    bean: str


class FieldView(TypedDict):
    index: int  # from 0, as moves name it
    number: int  # from 1, as sentences name it
    bean: str | None
    count: int
    cards: list[int]


class Player(TypedDict):
    seat: int  # the position at the table, from 0
    name: str
    hand_size: int
    coins: int
    fields: list[FieldView]


class View(TypedDict):
    """What a bot mostly reads of a seat's view; the schema's `View` has the rest."""

    seat: int
    phase: str
    active: int
    players: list[Player]
    hand: list[Card]  # front first: the next card to plant first
    faceup: list[Card]
    offers: list[dict[str, Any]]
    over: bool
    result: dict[str, Any] | None


class Form(TypedDict):
    kind: str
    limits: dict[str, Any]


class SeatState(TypedDict):
    seat_id: int
    game: int
    status: str  # open, running, finished or cancelled
    seq: int  # the game's move number, sent back as a move's expected_seq
    awaited: bool
    options: dict[str, Any]
    view: View | None
    legal: list[Action]  # each ready to send as it is
    forms: list[Form]  # the open-ended moves, with their limits


class Event(TypedDict):
    seq: int
    kind: str
    seat: int | None
    data: dict[str, Any]
    text: str


class SeatUpdate(TypedDict):
    events: list[Event]
    seat: SeatState


class SeatRow(TypedDict):
    seat_id: int
    game: int
    status: str
    awaited: bool


class OpenGame(TypedDict):
    game: int
    edition: str
    players: int
    seats_taken: int
    time_control: str
    rated: bool


class AccountUpdate(TypedDict):
    awaited: list[SeatState]
    seats: list[SeatRow]
    games: list[OpenGame]


class AwaitedLine(TypedDict):
    """A line of the account's stream: a seat the game waits for, with its events since the
    stream last told of it and its state."""

    type: Literal["awaited"]
    events: list[Event]
    seat: SeatState


class GameLine(TypedDict):
    type: Literal["started", "over"]
    seat: SeatRow


class ChallengeOut(TypedDict):
    challenge: int
    game: int
    by: str
    to_you: bool


class ChallengeLine(TypedDict):
    type: Literal["challenge"]
    challenge: ChallengeOut


class ChallengeGoneLine(TypedDict):
    type: Literal["challenge_gone"]
    challenge: int
    status: str


class OpenGamesLine(TypedDict):
    type: Literal["open_games"]
    games: list[OpenGame]


AccountLine = AwaitedLine | GameLine | ChallengeLine | ChallengeGoneLine | OpenGamesLine


class Lobby(TypedDict):
    game: int
    status: str
    invite_token: str | None
    seats: list[dict[str, Any]]
