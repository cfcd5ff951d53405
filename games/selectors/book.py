"""The trade book on the game page: a seat's standing offers, answer rules and turn plan, the
standing offers of the others (their cards by bean only, as the view gives them), and the lines
of what the book did on the seat's behalf since its player last looked.

Built from the view's `book` and its legal "take" moves; the moves made on a seat's behalf are
read from the log through `Event.for_seat`, which tells that seat alone who made them.
"""

from datetime import datetime, time

from django.utils.translation import gettext as _

from games import engine, presence
from games.engine.beans import bean_name
from games.engine.book.part import AnswerRules
from games.engine.book.usual import USUAL_PLAN
from games.engine.book.wording import plan_summary
from games.engine.move_words import Button
from games.models import Game, Move, Seat

# The lines of what was done on a seat's behalf the page shows, the newest.
DONE_FOR_YOU_LINES = 10
# The rules form of a seat that has set none shows the engine's defaults.
NO_RULES = AnswerRules().to_dict()
# What a player may say, in a word, of the offers made to them while they are away: each a
# whole set of answer rules (`engine.book.part.AnswerRules`), by its name.
AWAY_PRESETS = {
    "ask": {},
    "gifts": {"gifts": True, "plant": True},
    "trusting": {"gifts": True, "growing": True, "plant": True},
    "away": {"away": True},
}


def trade_book(view: dict, takes: dict[int, dict], names: list[str]) -> dict | None:
    """The panel of a seat in a game with a trading phase; None for a spectator or a game
    without one (or over). `takes` are the legal "take" moves by standing offer."""
    book = view["book"]
    seat = view["seat"]
    if seat is None or not book["may_stand"]:
        return None
    hand = view["hand"] or []
    mine, others = [], []
    for offer in book["standing"]:
        entry = {
            **offer,
            "asks": [(key, n) for key, n in offer["ask"].items()],
            "maker_name": names[offer["maker"]],
        }
        if offer["mine"]:
            mine.append(entry)
        else:
            take = takes.get(offer["id"])
            entry["take"] = payment_choices(view, take, offer) if take else None
            others.append(entry)
    fields = len(view["players"][seat]["fields"])
    return {
        "mine": mine,
        "others": others,
        "hand": hand,
        "beans": [(key, bean_name(key)) for key in view["bean_types"]],
        "fields": list(range(fields)),
        "rules": book["rules"] or NO_RULES,
        "has_rules": book["rules"] is not None,
        "may_pass": book["may_pass"],
        "passed": [names[other] for other in book["passed"]],
        "plan": _plan(book["plan"], hand if book["may_plan_planting"] else []),
        "usual": usual_lines() if book["rules"] is None and book["plan"] is None else [],
        "presets": away_presets(book["rules"]),
    }


def away_presets(rules: dict | None) -> list[dict]:
    """The presets of the answer rules, each with the button that sets it, what it will do in
    the reader's words, and whether it is the one in force."""
    says = {
        "ask": (
            _("Ask me about every offer"),
            _("Nothing is answered for you: every offer, gifts too, waits for you."),
        ),
        "gifts": (
            _("Take the gifts that fit"),
            _(
                "Gifts whose beans find a field of yours are taken, and what you receive is "
                "planted where it obviously goes; every other offer waits for you."
            ),
        ),
        "trusting": (
            _("Trust the table"),
            _(
                "Gifts that find a field, and offers of beans you grow that find one, are "
                "accepted, paid with the cards from the back of your hand; what you receive is "
                "planted where it obviously goes; every other offer waits for you."
            ),
        ),
        "away": (
            _("I am away: decline everything"),
            _("Every offer made to you is declined, gifts too, until you change this."),
        ),
    }
    presets = []
    for name, chosen in AWAY_PRESETS.items():
        action = {"kind": "rules", **NO_RULES, **chosen}
        label, said = says[name]
        presets.append(
            {
                "button": Button("book", label, action, style="secondary"),
                "says": said,
                "now": rules is not None and {**NO_RULES, **rules} == {**NO_RULES, **chosen},
            }
        )
    return presets


def payment_choices(view: dict, move: dict, offer: dict) -> dict:
    """Every card of an asked bean a legal "accept" or "take" of `offer` may pay with (from the
    hand, and for a take face up too), those the engine suggests ticked; and the beans the offer
    gives with the seat's fields, to name the one they are planted in."""
    known = {card["id"]: card["bean"] for card in (view["hand"] or []) + view["faceup"]}
    faceup = {card["id"] for card in view["faceup"]}
    suggested = set(move["give"])
    cards = [
        {
            "id": card,
            "bean": known.get(card, key),
            "ticked": card in suggested,
            "faceup": card in faceup,
        }
        for key in move["ask"]
        for card in move["choices"].get(key, [])
    ]
    fields = len(view["players"][view["seat"]]["fields"])
    receives = list(dict.fromkeys(card["bean"] for card in offer["give"]))
    return {"cards": cards, "receives": receives, "fields": list(range(fields))}


def _plan(plan: dict | None, hand: list[dict]) -> dict:
    """The plan as the form shows it: the field of the front card and of the next (when the
    plan names the cards at the front of the hand now), the rest as the plan says, and the
    whole of it in words."""
    plan = plan or {}
    pairs = plan.get("plant", [])
    planted = [
        field for (card, field), front in zip(pairs, hand, strict=False) if card == front["id"]
    ]
    return {
        "set": bool(plan),
        "front": hand[0] if hand else None,
        "next": hand[1] if len(hand) > 1 else None,
        "front_field": planted[0] if planted else None,
        "next_field": planted[1] if len(planted) > 1 else None,
        "obvious": plan.get("obvious", 0),
        "harvest": plan.get("harvest"),
        "faceup": plan.get("faceup", ""),
        "hand": plan.get("hand", ""),
        "trading": plan.get("trading", ""),
        "kept": plan.get("kept", False),
        "every": plan.get("every", False),
        "summary": plan_summary(plan) if plan else "",
    }


def usual_lines() -> list[str]:
    """What the usual way of the book (`engine.book.usual`) does, in the reader's words."""
    return [
        _("Gifts that cost you no field are taken for you; every other offer still waits for you."),
        _("What you receive is planted in the obvious field."),
        plan_summary(USUAL_PLAN),
        _("You can change or drop it all in the trade book at any time."),
    ]


def with_trading_hour(book: dict, hour: time | None) -> None:
    """The plan part of the panel with the hour of the player's day their trading ends by at
    the latest, which the site keeps beside the engine's plan (`Seat.trading_ends_at_time`)."""
    plan = book["plan"]
    plan["ends_at"] = hour
    plan["set"] = plan["set"] or hour is not None


def _done_for(event: dict, position: int) -> bool:
    """A move made on the seat's behalf, a plan of its that stopped, or a standing offer of its
    that the active player took."""
    if event["kind"] == "traded" and event.get("standing"):
        return event["maker"] == position
    return event["seat"] == position and (bool(event.get("by")) or event["kind"] == "plan_stopped")


def done_for_you(*, game: Game, seats: list[Seat], mine: Seat | None, now: datetime) -> list[dict]:
    """The log lines of the moves the trade book made on the seat `mine` since its player last
    had the page open, the newest last; none for a spectator, or a player whose page is open now
    (they saw those lines come). One query, made only for a player back from away in a game
    whose trade book is in use (only its moves are made on a seat's behalf)."""
    if mine is None or presence.page_open(mine, now) or "book" not in (game.state or {}):
        return []
    moves = Move.objects.filter(game=game)
    if mine.last_seen_at is not None:
        moves = moves.filter(created_at__gt=mine.last_seen_at)
    names = [seat.name for seat in sorted(seats, key=lambda seat: seat.position or 0)]
    lines = []
    for events, at in moves.order_by("seq").values_list("events", "created_at"):
        for stored in events:
            event = engine.Event.from_dict(stored).for_seat(mine.position)
            if _done_for(event, mine.position):
                text = engine.describe(event, names, mine.position)
                lines.append({"kind": event["kind"], "text": text, "at": at})
    return lines[-DONE_FOR_YOU_LINES:]
