"""Reads for pages (see DESIGN.md).

A game page is built from `engine.view(state, seat)` and nothing else of the state: the view
holds only what that seat may see. The log goes through `Event.for_seat` for the same reason.
"""

from collections import Counter

from django.db import InterfaceError, OperationalError, connection
from django.db.models import Count, OuterRef, Prefetch, Subquery
from django.utils import timezone

from . import engine, presence, timecontrol
from .engine import BEANS
from .models import ChatMessage, Deadline, Game, Move, Seat, Snapshot

BEAN_NAMES = {bean.key: bean.name for bean in BEANS}
# The board shows the latest moves' events; the whole log has its own page.
BOARD_LOG_MOVES = 40
CHAT_MESSAGES = 100


def seat_of(*, game: Game, user) -> Seat | None:
    if not user.is_authenticated:
        return None
    return next((seat for seat in game.seats.all() if seat.user_id == user.id), None)


def game_page(
    *, game: Game, user, session_key: str | None = None, log_moves: int | None = BOARD_LOG_MOVES
) -> dict:
    """Everything the game page shows to `user` (a spectator if it has no seat), in the session
    whose key is given (for the presence token of the page's poll)."""
    seats = list(game.seats.all())
    mine = next((s for s in seats if user.is_authenticated and s.user_id == user.id), None)
    position = mine.position if mine else None
    view = engine.view(engine.from_dict(game.state), position)
    names = [player["name"] for player in view["players"]]
    page = {
        "game": game,
        "seq": game.seq,
        "seat": position,
        "view": view,
        "names": names,
        "bots": {s.position for s in seats if s.bot},
        "log": game_log(game=game, seat=position, names=names, last_moves=log_moves),
        "chat": chat_messages(game=game),
        "can_chat": mine is not None,
        "presence": presence.presence_token(mine.id, session_key) if mine else "",
        # The reclaim banner: a bot plays this seat after too many timeouts.
        "stood_in": mine if mine and mine.bot_standing_in else None,
    }
    page.update(_board(view))
    if not view["over"]:
        clocks = _clocks(game, seats)
        for player in page["players"]:
            player["clock"] = clocks[player["seat"]]
    return page


def _clocks(game: Game, seats: list[Seat]) -> dict[int, dict | None]:
    """Each player's time bank, and their deadline while the game waits for them (one query).
    Bots answer at once and have no bank; a bot trading as the active player shows until when
    it waits for answers to its offers (its patience)."""
    due = {row.seat_id: row for row in Deadline.objects.filter(game=game, done=False)}
    now = timezone.now()
    clocks: dict[int, dict | None] = {}
    for seat in seats:
        row = due.get(seat.id)
        trading = row is not None and row.kind == Deadline.Kind.TRADING
        if seat.plays_as_bot and not trading:
            clocks[seat.position] = None
            continue
        bank = timecontrol.bank_left(game, seat)
        clocks[seat.position] = {
            "bank": None if seat.plays_as_bot else timecontrol.humanize(bank),
            "due": row.due_at if row else None,
            "left": timecontrol.humanize(row.due_at - now) if row else "",
            "trading": trading,
            "bot": seat.plays_as_bot,
        }
    return clocks


def game_log(*, game: Game, seat: int | None, names: list[str], last_moves=None) -> list[dict]:
    """Each move's events in the wording `seat` may read, oldest first."""
    moves = Move.objects.filter(game=game).values_list("seq", "events")
    if last_moves is None:
        rows = list(moves.order_by("seq"))
    else:
        rows = list(moves.order_by("-seq")[:last_moves])[::-1]
    lines = []
    for seq, events in rows:
        for stored in events:
            event = engine.Event.from_dict(stored).for_seat(seat)
            lines.append(
                {"seq": seq, "kind": event["kind"], "text": engine.describe(event, names, seat)}
            )
    return lines


def chat_messages(*, game: Game) -> list[dict]:
    rows = (
        ChatMessage.objects.filter(game=game)
        .order_by("-id")
        .values("id", "seat__name", "text", "created_at")[:CHAT_MESSAGES]
    )
    return [
        {"id": row["id"], "name": row["seat__name"], "text": row["text"], "at": row["created_at"]}
        for row in reversed(rows)
    ]


_CHANGES_SQL = (
    f"SELECT g.seq, (SELECT MAX(c.id) FROM {ChatMessage._meta.db_table} c"
    f" WHERE c.game_id = g.id) FROM {Game._meta.db_table} g WHERE g.id = %s"
)


def game_changes(*, game_id: int) -> tuple[int, int | None] | None:
    """(seq, latest chat message id) in one plain query: the poll's whole cost while nothing
    changed, so it skips the ORM's query building.

    A kept database connection is health-checked with a query of its own on each request's
    first use; that would double the poll's cost. This query is the check instead: if the
    connection broke meanwhile (the database restarted), it is replaced and asked once more."""
    if not 0 < game_id < 2**63:  # no such row, and more than SQLite's integers can hold
        return None
    connection.health_check_done = True
    try:
        return _changes(game_id)
    except (OperationalError, InterfaceError):
        if connection.in_atomic_block or connection.is_usable():
            raise
        connection.close()
        return _changes(game_id)


def _changes(game_id: int) -> tuple[int, int | None] | None:
    with connection.cursor() as cursor:
        cursor.execute(_CHANGES_SQL, [game_id])
        return cursor.fetchone()


def last_chat_id(chat: list[dict]) -> int:
    return chat[-1]["id"] if chat else 0


# The board: the view rearranged for the template. Only the view is read here.


def _board(view: dict) -> dict:
    seat = view["seat"]
    legal = view["legal"]
    plant: dict[int, list[int]] = {}
    harvest: set[int] = set()
    discard: set[int] = set()
    simple: set[str] = set()
    offer_action = None
    accepts: dict[int, dict] = {}
    declines: set[int] = set()
    withdraws: set[int] = set()
    buy_cost = None
    for action in legal:
        kind = action["kind"]
        if kind == "plant":
            plant[action["card"]] = action["fields"]
        elif kind == "harvest":
            harvest.add(action["field"])
        elif kind == "discard":
            discard.add(action["card"])
        elif kind == "buy_field":
            buy_cost = action["cost"]
        elif kind == "offer":
            offer_action = action
        elif kind == "accept":
            accepts[action["offer"]] = action
        elif kind == "decline":
            declines.add(action["offer"])
        elif kind == "withdraw":
            withdraws.add(action["offer"])
        else:
            simple.add(kind)
    waiting = set(view["waiting_for"])
    players = []
    for player in view["players"]:
        is_me = player["seat"] == seat
        fields = [
            {**field, "index": i, "harvest": is_me and i in harvest}
            for i, field in enumerate(player["fields"])
        ]
        players.append(
            {
                **player,
                "is_me": is_me,
                "is_active": player["seat"] == view["active"] and not view["over"],
                "awaited": player["seat"] in waiting,
                "fields": fields,
                "to_plant": [_with_plant(card, plant) for card in player["to_plant"]],
            }
        )
    hand = None
    if view["hand"] is not None:
        hand = [
            {**_with_plant(card, plant), "front": i == 0, "discard": card["id"] in discard}
            for i, card in enumerate(view["hand"])
        ]
    faceup = [
        {**_with_plant(card, plant), "discard": card["id"] in discard} for card in view["faceup"]
    ]
    return {
        "players": players,
        "me": players[seat] if seat is not None else None,
        "hand": hand,
        "faceup": faceup,
        "can": simple,
        "buy_cost": buy_cost,
        "trade": _trade(view, offer_action, accepts, declines, withdraws),
        "status": _status(view),
        "result": _result(view),
    }


def _with_plant(card: dict, plant: dict[int, list[int]]) -> dict:
    fields = plant.get(card["id"], [])
    return {**card, "plant": [{"field": f, "label": f"Plant in field {f + 1}"} for f in fields]}


def _trade(view, offer_action, accepts, declines, withdraws) -> dict:
    names = [player["name"] for player in view["players"]]
    offers_to_me, offers_from_me = [], []
    for offer in view["offers"]:
        entry = {
            **offer,
            "maker_name": names[offer["maker"]],
            "to_name": names[offer["to"]],
            "asks": [(BEAN_NAMES[key], key, n) for key, n in offer["ask"].items()],
        }
        if offer["mine"]:
            entry["can_withdraw"] = offer["id"] in withdraws
            offers_from_me.append(entry)
        else:
            accept = accepts.get(offer["id"])
            entry["can_decline"] = offer["id"] in declines
            entry["accept"] = _accept_choices(view, accept) if accept else None
            offers_to_me.append(entry)
    builder = None
    if offer_action:
        known = {card["id"]: card for card in (view["hand"] or []) + view["faceup"]}
        faceup_ids = {card["id"] for card in view["faceup"]}
        builder = {
            "partners": [(seat, names[seat]) for seat in offer_action["to"]],
            "give": [
                {**known[card], "faceup": card in faceup_ids}
                for card in offer_action["give"]
                if card in known
            ],
            "ask_faceup": [known[card] for card in offer_action["ask_faceup"] if card in known],
            "ask": [(key, BEAN_NAMES[key]) for key in offer_action["ask"]],
        }
    return {"to_me": offers_to_me, "from_me": offers_from_me, "builder": builder}


def _accept_choices(view: dict, accept: dict) -> dict:
    """Every hand card of an asked bean, the first ones ticked as a suggestion."""
    beans = {card["id"]: card["bean"] for card in view["hand"] or []}
    cards = []
    for key, count in accept["ask"].items():
        for i, card in enumerate(accept["choices"].get(key, [])):
            cards.append({"id": card, "bean": beans.get(card, key), "ticked": i < count})
    return {"cards": cards}


def counter_offer(page: dict, offer_id: int) -> dict | None:
    """A new offer prefilled from one made to this seat: give what it asks, ask what it gives."""
    offer = next((o for o in page["trade"]["to_me"] if o["id"] == offer_id), None)
    builder = page["trade"]["builder"]
    if offer is None or builder is None:
        return None
    wanted = Counter(offer["ask"])
    give: set[int] = {card["id"] for card in offer["ask_faceup"]}
    for card in builder["give"]:
        if wanted[card["bean"]] > 0 and not card["faceup"]:
            give.add(card["id"])
            wanted[card["bean"]] -= 1
    faceup = {card["id"] for card in builder["ask_faceup"]}
    ask_faceup = {card["id"] for card in offer["give"] if card["id"] in faceup}
    ask = Counter(card["bean"] for card in offer["give"] if card["id"] not in ask_faceup)
    return {"to": offer["maker"], "give": give, "ask_faceup": ask_faceup, "ask": dict(ask)}


def _status(view: dict) -> str:
    """One sentence: what the game waits for, from this seat's point of view."""
    if view["over"]:
        return view["result"]["summary"]
    seat, names = view["seat"], [p["name"] for p in view["players"]]
    waiting = view["waiting_for"]
    kinds = {action["kind"] for action in view["legal"]}
    if seat in waiting:
        return _my_task(view, kinds)
    others = [names[s] for s in waiting if s != seat]
    if not others:
        return "Waiting for the game to go on."
    if view["phase"] == "trade" and seat is not None and "offer" in kinds:
        return f"{names[view['active']]} is trading: you may make an offer. Waiting for " + (
            _names(others) + "."
        )
    return f"Waiting for {_names(others)}."


def _my_task(view: dict, kinds: set[str]) -> str:
    phase = view["phase"]
    if phase == "plant":
        if view["planted"] == 0:
            return "Your turn: plant the front card of your hand."
        return "Your turn: plant the next card too, or stop planting."
    if phase == "trade":
        if any(not offer["mine"] for offer in view["offers"]):
            return "An offer waits for your answer."
        return "Your turn: trade the face-up cards and your hand, then end trading."
    if phase == "plant_traded":
        return "Plant your traded beans."
    if phase == "duel_offer":
        return "Your turn: plant or discard each card your opponent left on offer."
    if phase == "duel_plant":
        return "Your turn: plant from your hand, then plant one more, discard one or stop."
    if phase == "duel_reveal":
        return "Your turn: plant the cards you turned up that you want, then end your turn."
    return "It is your move."


def _names(names: list[str]) -> str:
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def _result(view: dict) -> dict | None:
    result = view["result"]
    if not result:
        return None
    ranking = sorted(
        (
            {
                "name": view["players"][seat]["name"],
                "coins": coins,
                "hand": result["hand_sizes"][seat],
                "winner": seat in result["winners"],
            }
            for seat, coins in enumerate(result["scores"])
        ),
        key=lambda row: (-row["winner"], -row["coins"]),
    )
    return {**result, "ranking": ranking}


def waiting_reason(view: dict) -> str | None:
    """Why a game waits for the seat whose view this is, for "my games" and mails."""
    seat = view["seat"]
    if seat is None or view["over"] or seat not in view["waiting_for"]:
        return None
    if view["phase"] == "trade" and any(not offer["mine"] for offer in view["offers"]):
        return "an offer waits for your answer"
    if view["phase"] == "plant_traded":
        return "plant your traded beans"
    return "your turn"


# The lobby.


def my_games(*, user) -> list[dict]:
    """The user's games not cancelled, those waiting for them first."""
    my_seat = Seat.objects.filter(game=OuterRef("pk"), user=user).values("position")[:1]
    games = (
        Game.objects.filter(seats__user=user)
        .exclude(status=Game.Status.CANCELLED)
        .annotate(my_position=Subquery(my_seat))
        .prefetch_related(Prefetch("seats", queryset=Seat.objects.only("game", "name", "position")))
        .order_by("-updated_at")
    )
    rows = []
    for game in games:
        seats = list(game.seats.all())
        row = {"game": game, "reason": None, "waiting_for": [], "seats": seats}
        if game.status == Game.Status.RUNNING and game.state:
            state = engine.from_dict(game.state)
            waiting = engine.waiting_for(state)
            names = {seat.position: seat.name for seat in seats}
            row["waiting_for"] = [names[position] for position in waiting]
            if game.my_position in waiting:
                row["reason"] = waiting_reason(engine.view(state, game.my_position))
        rows.append(row)
    rows.sort(key=lambda row: row["reason"] is None)
    return rows


def open_games(*, limit: int = 50) -> list[Game]:
    """Games anyone may join that still have a free seat."""
    games = (
        Game.objects.filter(status=Game.Status.OPEN, is_open=True)
        .annotate(taken=Count("seats"))
        .prefetch_related("seats")
        .order_by("-created_at")[:limit]
    )
    return [game for game in games if game.taken < game.players]


def game_lobby(*, game: Game, user) -> dict:
    """The page of a game that has not started: its seats and what this user may do."""
    seats = list(game.seats.all())
    mine = next((s for s in seats if user.is_authenticated and s.user_id == user.id), None)
    creator = user.is_authenticated and game.created_by_id == user.id
    full = len(seats) >= game.players
    return {
        "game": game,
        "edition": engine.EDITIONS[game.edition],
        "options": [
            option.label
            for option in engine.EDITIONS[game.edition].options
            if game.options.get(option.key)
        ],
        "seats": seats,
        "free": range(max(game.players - len(seats), 0)),
        "mine": mine,
        "creator": creator,
        "full": full,
        "can_join": mine is None and not full and user.is_authenticated,
    }


# The end: the history viewer and the seed.


def history(*, game: Game, seq: int) -> dict:
    """The game as it stood after move `seq`, every hand face up (finished games only)."""
    snapshot = (
        Snapshot.objects.filter(game=game, seq__lte=seq).order_by("-seq").only("seq", "state")
    ).first()
    if snapshot is None:
        raise Snapshot.DoesNotExist("No snapshot to start the replay from.")
    state = engine.from_dict(snapshot.state)
    moves = list(
        Move.objects.filter(game=game, seq__gt=snapshot.seq, seq__lte=seq)
        .select_related("seat")
        .order_by("seq")
    )
    for move in moves:
        engine.apply(state, move.seat.position, move.payload)
    events = Move.objects.filter(game=game, seq=seq).values_list("events", flat=True).first()
    public = engine.view(state, None)
    names = [player["name"] for player in public["players"]]
    # Everything face up: each seat's own view gives its hand.
    hands = [(name, engine.view(state, seat)["hand"]) for seat, name in enumerate(names)]
    return {
        **_board(public),
        "game": game,
        "seq": seq,
        "last": game.seq,
        "view": public,
        "hands": hands,
        "lines": [
            engine.describe(engine.Event.from_dict(e).for_seat(e["seat"]), names, None)
            for e in events or []
        ],
        "turns": list(
            Snapshot.objects.filter(game=game).order_by("seq").values_list("seq", "turn")
        ),
    }


def seed_matches(game: Game) -> bool:
    return game.status == Game.Status.FINISHED and engine.seed_hash(game.seed) == game.seed_hash
