"""The game page: the board of one seat, its clocks, log and chat, and the poll's check.

A game page is built from `engine.view(state, seat)` and nothing else of the state: the view
holds only what that seat may see. The log goes through `Event.for_seat` for the same reason.
"""

from collections import Counter, defaultdict
from datetime import UTC, datetime

from django.db import InterfaceError, OperationalError, connection
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from games import engine
from games.clocks import timecontrol
from games.engine import move_words
from games.engine.beans import bean_name
from games.engine.ending import tie_break_worded, worded_summary
from games.engine.move_words import Button
from games.models import ChatMessage, Deadline, Game, Move, Seat
from games.wording import durations

from .book import done_for_you, payment_choices, trade_book, with_trading_hour
from .lobby import level_of
from .parts import board_parts
from .watchers import watched_by_rule

# What a game's scores count, as the result table heads its column.
SCORE_LABELS = {"coins": gettext_lazy("Coins"), "points": gettext_lazy("Victory points")}
# The board shows the latest moves' events; the whole log has its own page.
BOARD_LOG_MOVES = 40
CHAT_MESSAGES = 100


def game_page(
    *,
    game: Game,
    user,
    seats: list[Seat] | None = None,
    state: engine.State | None = None,
    deadlines: list[Deadline] | None = None,
    poll_token: str = "",
    log_moves: int | None = BOARD_LOG_MOVES,
) -> dict:
    """Everything the game's board shows to `user` (a spectator if it has no seat);
    `poll_token` is the presence token its poll carries. The seats, the state and the open
    deadlines are read here unless the caller has them already (a move's service does)."""
    seats = list(game.seats.select_related("user__profile")) if seats is None else seats
    state = engine.from_dict(game.state) if state is None else state
    mine = Seat.of_user(seats, user)
    position = mine.position if mine else None
    view = engine.view(state, position)
    names = [player["name"] for player in view["players"]]
    page = {
        "game": game,
        "seq": game.seq,
        "seat": position,
        "view": view,
        "names": names,
        "log": game_log(game=game, seat=position, names=names, last_moves=log_moves),
        "chat": chat_messages(game=game),
        "presence": poll_token if mine else "",
        # The reclaim banner: a bot plays this seat after too many timeouts, while it may be
        # taken back (not once its player resigned, nor when the game is over).
        "stood_in": mine if _may_reclaim(mine, view) else None,
    }
    page.update(board(view))
    if page["book"] is not None:  # a seated player's
        with_trading_hour(page["book"], mine.trading_ends_at_time)
    page.update(board_parts(view))
    # A bot's seat shows its level by its name, a bot account's that it is one; a player's seat
    # a bot stands in for shows nothing.
    levels = {seat.position: level_of(seat) for seat in seats}
    for player in page["players"]:
        player["level"] = levels.get(player["seat"], "")
    if not view["over"]:
        if deadlines is None:
            deadlines = list(Deadline.objects.filter(game=game, done=False))
        clocks = _clocks(game, seats, deadlines)
        for player in page["players"]:
            player["clock"] = clocks[player["seat"]]
        page["trading"]["bot_waits"] = _bot_waiting_for_offers(page)
    return page


def seat_view(*, game: Game, seat: Seat) -> dict:
    """What one seat's page shows, as data for a program that plays the seat (the bot API):
    the same view of the seat, its clocks and its log as the page reads them, and nothing
    else of the state."""
    seats = list(game.seats.all())
    view = engine.view(engine.from_dict(game.state), seat.position)
    names = [player["name"] for player in view["players"]]
    clocks = {}
    if not view["over"]:
        clocks = _clocks(game, seats, list(Deadline.objects.filter(game=game, done=False)))
    return {
        "view": view,
        "clocks": [clocks.get(position) for position in range(len(names))],
        "log": game_log(game=game, seat=seat.position, names=names, last_moves=BOARD_LOG_MOVES),
    }


def _may_reclaim(mine: Seat | None, view: dict) -> bool:
    return bool(mine and mine.bot_standing_in and mine.resigned_at is None and not view["over"])


def _bot_waiting_for_offers(page: dict) -> dict | None:
    """A bot trading as the active player waits its patience for offers before it ends
    trading: said beside the offer builder, with until when, to a player who may offer."""
    active = next((p for p in page["players"] if p["is_active"]), None)
    clock = active["clock"] if active else None
    if not (clock and clock["bot"] and clock["trading"] and page["trading"]["builder"]):
        return None
    return {"name": active["name"], "due": clock["due"], "left": clock["left"]}


def page_head(*, game: Game, seats: list[Seat], user) -> dict:
    """What the game page shows around its board: the game, what its visitor may do, and what
    the trade book did for them while they were away (kept above the board for the whole visit:
    the board is replaced as the game goes on)."""
    mine = Seat.of_user(seats, user)
    running = game.status == Game.Status.RUNNING
    return {
        "game": game,
        "seat": mine.position if mine else None,
        "edition_title": engine.EDITIONS[game.edition].title(game.players),
        "time_control": timecontrol.describe(game),
        "can_chat": mine is not None,
        "notify": mine is not None and running,
        "may_resign": mine is not None and running and mine.resigned_at is None,
        "done_for_you": done_for_you(game=game, seats=seats, mine=mine, now=timezone.now()),
    }


def _clocks(game: Game, seats: list[Seat], deadlines: list[Deadline]) -> dict[int, dict | None]:
    """Each player's time bank, and their deadline while the game waits for them. Bots answer
    at once and have no bank; a bot trading as the active player shows until when it waits
    for answers to its offers (its patience)."""
    due = {row.seat_id: row for row in deadlines}
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
            "bank": None if seat.plays_as_bot else durations.humanize(bank),
            "due": row.due_at if row else None,
            "left": durations.humanize(row.due_at - now) if row else "",
            "trading": trading,
            "bot": seat.plays_as_bot,
        }
    return clocks


def game_log(
    *, game: Game, seat: int | None, names: list[str], last_moves=None, after: int = -1
) -> list[dict]:
    """Each move's events (of the moves after `after`) in the wording `seat` may read, oldest
    first."""
    moves = Move.objects.filter(game=game, seq__gt=after).values_list("seq", "events", "created_at")
    if last_moves is None:
        rows = list(moves.order_by("seq"))
    else:
        rows = list(moves.order_by("-seq")[:last_moves])[::-1]
    return [
        {"seq": seq, "kind": event["kind"], "text": text, "at": at}
        for seq, events, at in rows
        for event, text in seat_lines(events, seat, names)
    ]


def seat_lines(events: list[dict], seat: int | None, names: list[str]) -> list[tuple[dict, str]]:
    """A move's stored events as `seat` may see them, each with its line of the log."""
    lines = []
    for stored in events:
        event = engine.Event.from_dict(stored).for_seat(seat)
        text = engine.describe(event, names, seat)
        if text:  # a line for its own seat only (a rule set, a plan) reads "" to others
            lines.append((event, text))
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
    f" WHERE c.game_id = g.id), g.is_open, g.updated_at FROM {Game._meta.db_table} g"
    " WHERE g.id = %s"
)


def may_watch(*, game: Game, user) -> bool:
    """Anyone may watch a game open to anyone; a game only for people with the link is for
    its seats alone (the link itself opens the page to join it), and for whom another app's
    rule lets watch it (a league's games, its players)."""
    return game.is_open or may_watch_closed(game_id=game.pk, user=user)


def may_watch_closed(*, game_id: int, user) -> bool:
    """Whether this user may watch a game that is not open to anyone: a seat's, the one who
    made it (an imported game has no seat of theirs), or another app's rule."""
    theirs = Game.objects.filter(Q(seats__user_id=user.pk) | Q(created_by_id=user.pk), pk=game_id)
    return (user.is_authenticated and theirs.exists()) or watched_by_rule(
        game_id=game_id, user=user
    )


def game_changes(*, game_id: int) -> tuple[int, int | None, bool, datetime] | None:
    """(seq, latest chat message id, whether anyone may watch, when it last changed) in one
    plain query: the poll's whole cost while nothing changed, so it skips the ORM's query
    building.

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


def _changes(game_id: int) -> tuple[int, int | None, bool, datetime] | None:
    with connection.cursor() as cursor:
        cursor.execute(_CHANGES_SQL, [game_id])
        row = cursor.fetchone()
    if row is None:
        return None
    seq, chat, is_open, updated_at = row
    # SQLite hands back text and integers where PostgreSQL hands back the types.
    if isinstance(updated_at, str):
        updated_at = datetime.fromisoformat(updated_at).replace(tzinfo=UTC)
    return seq, chat, bool(is_open), updated_at


def last_chat_id(chat: list[dict]) -> int:
    return chat[-1]["id"] if chat else 0


# The board: the view rearranged for the template. Only the view is read here.


def board(view: dict) -> dict:
    """The view arranged for the page: each legal move's buttons where it shows (on a card, a
    field, an offer, the seat or with the turn's steps) and the moves made with a form of their
    own gathered by form, as each kind's words say (`engine.move_words`). A kind without words
    is shown by its expansion's part of the page."""
    seat = view["seat"]
    placed: dict[tuple[str, int | None], list[Button]] = defaultdict(list)
    forms: dict[str, list[dict]] = defaultdict(list)
    for action in view["legal"]:
        words = move_words.of(action["kind"])
        if words is None:
            continue
        if words.form:
            forms[words.form].append(action)
        for button in words.buttons(action, view):
            placed[(button.place, button.key)].append(button)

    def on(place: str, key: int | None = None) -> list[Button]:
        return placed.get((place, key), [])

    waiting = set(view["waiting_for"])
    book = view.get("book") or {}
    passed, away = set(book.get("passed", ())), set(book.get("assumed", ()))
    players = []
    for player in view["players"]:
        is_me = player["seat"] == seat
        fields = [
            {**field, "index": i, "buttons": on("field", i) if is_me else []}
            for i, field in enumerate(player["fields"])
        ]
        to_plant = [
            {**card, "buttons": on("card", card["id"]), "fits": _fits(card, fields)}
            for card in player["to_plant"]
        ]
        players.append(
            {
                **player,
                "is_me": is_me,
                "is_active": player["seat"] == view["active"] and not view["over"],
                "awaited": player["seat"] in waiting,
                # A pass assumed for a seat away is shown as "away", and not to that seat:
                # its player, here now, may still offer.
                "passed": player["seat"] in passed - away,
                "away": player["seat"] in away and not is_me,
                "fields": fields,
                "to_plant": to_plant,
                "buttons": on("seat") if is_me else [],
                # A card received that no field takes: the harvests that make room are shown.
                "fits_none": is_me and not all(card["fits"] for card in to_plant),
                "may_harvest": is_me and any(field["buttons"] for field in fields),
            }
        )
    hand = None
    if view["hand"] is not None:
        hand = [
            {**card, "buttons": on("card", card["id"]), "front": i == 0}
            for i, card in enumerate(view["hand"])
        ]
        if hand and view["prompt"]["key"] == "plant_front" and not hand[0]["buttons"]:
            # The front card must be planted and no field takes it: as for a card received.
            me = players[seat]
            hand[0]["fits_none"] = not _fits(hand[0], me["fields"])
            me["fits_none"] = me["fits_none"] or hand[0]["fits_none"]
    faceup = [{**card, "buttons": on("card", card["id"])} for card in view["faceup"]]
    # The others in seating order, the next to play first; a spectator sees everyone so.
    others = players[seat + 1 :] + players[:seat] if seat is not None else players
    return {
        "players": players,
        "me": players[seat] if seat is not None else None,
        "others": others,
        "hand": hand,
        "faceup": faceup,
        "turn_buttons": on("turn"),
        "trading": _trading(view, forms, on),
        "book": trade_book(
            view,
            {move["offer"]: move for move in forms["take"]},
            [player["name"] for player in view["players"]],
        ),
        "status": view["prompt"]["text"],
        "result": result_table(view),
    }


def _fits(card: dict, fields: list[dict]) -> bool:
    """Whether a field takes the card: an empty one, or one of its bean."""
    return any(field["bean"] in (None, card["bean"]) for field in fields)


def _trading(view: dict, forms: dict[str, list[dict]], on) -> dict:
    """The offers made to the seat and by it, each with its buttons, and the offer builder."""
    offer_action = forms["offer"][0] if forms["offer"] else None
    accepts = {move["offer"]: move for move in forms["accept"]}
    names = [player["name"] for player in view["players"]]
    offers_to_me, offers_from_me = [], []
    for offer in view["offers"]:
        entry = {
            **offer,
            "maker_name": names[offer["maker"]],
            "to_name": names[offer["to"]],
            "asks": [(bean_name(key), key, n) for key, n in offer["ask"].items()],
        }
        entry["buttons"] = on("offer", offer["id"])
        if offer["mine"]:
            offers_from_me.append(entry)
        else:
            accept = accepts.get(offer["id"])
            entry["accept"] = payment_choices(view, accept, offer) if accept else None
            entry["cannot_accept"] = "" if accept else _beans_short(view, offer)
            offers_to_me.append(entry)
    builder = None
    if offer_action:
        known = {card["id"]: card for card in (view["hand"] or []) + view["faceup"]}
        faceup_ids = {card["id"] for card in view["faceup"]}
        askable = set(offer_action["ask"])
        builder = {
            "partners": [
                {"seat": seat, "name": names[seat], "beans": _growing(view, seat, askable)}
                for seat in offer_action["to"]
            ],
            "give": [
                {**known[card], "faceup": card in faceup_ids}
                for card in offer_action["give"]
                if card in known
            ],
            "ask_faceup": [known[card] for card in offer_action["ask_faceup"] if card in known],
            "ask": [(key, bean_name(key)) for key in offer_action["ask"]],
        }
    return {"to_me": offers_to_me, "from_me": offers_from_me, "builder": builder}


def _growing(view: dict, seat: int, askable: set[str]) -> list[tuple[str, str]]:
    """The beans growing in a seat's fields that an offer may ask for, each once: an offer to
    that player for one of them is one tap."""
    keys = dict.fromkeys(f["bean"] for f in view["players"][seat]["fields"] if f["bean"])
    return [(key, bean_name(key)) for key in keys if key in askable]


def counter_offer(page: dict, offer_id: int) -> dict | None:
    """A new offer prefilled from one made to this seat: give what it asks, ask what it gives."""
    offer = next((o for o in page["trading"]["to_me"] if o["id"] == offer_id), None)
    builder = page["trading"]["builder"]
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


def _beans_short(view: dict, offer: dict) -> str:
    """Why an offer to the seat has no Accept: the beans it asks for that the hand lacks."""
    held = Counter(card["bean"] for card in view["hand"] or [])
    short = [(key, n) for key, n in offer["ask"].items() if held[key] < n]
    if not short:
        return ""
    beans = ", ".join(f"{n} × {bean_name(key)}" for key, n in short)
    return _("You cannot accept: it asks for {beans}, and your hand does not hold them.").format(
        beans=beans
    )


def result_table(view: dict) -> dict | None:
    """The engine's outcome, with the seats in the order of their places."""
    result = view["result"]
    if not result:
        return None
    players = view["players"]
    ranking = [
        {
            "name": players[seat]["name"],
            "coins": result["scores"][seat],
            "hand": result["hand_sizes"][seat],
            "place": result["places"][seat],
            "winner": seat in result["winners"],
            "resigned": seat in result.get("resigned", ()),
        }
        for seat in sorted(range(len(players)), key=lambda seat: (result["places"][seat], seat))
    ]
    return {
        **result,
        "ranking": ranking,
        "summary": worded_summary(result, [player["name"] for player in players]),
        "tie_break": tie_break_worded(result["tie_break"]) if result["tie_break"] else "",
        "score_label": SCORE_LABELS[result["counts"]],
    }
