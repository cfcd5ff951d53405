"""What a bot account reads: its seats, each seat as its page shows it, the events since a
move, the games it may join, and its tokens. Nothing here writes."""

import time

from django.db.models import Q
from django.utils.translation import gettext as _

from botapi.legal import open_moves
from botapi.models import ApiToken, Challenge
from games import engine, live
from games.clocks import timecontrol
from games.models import Game, Move, Seat
from games.refusals import NotYourSeat
from games.selectors.boards import game_changes, game_log, seat_lines, seat_view
from games.selectors.lobby import open_games
from leagues.pools import pool_of

WAIT_MAX = 30


def seats_held(*, user) -> list[dict]:
    """The bot account's seats in games not cancelled, with whether each waits for it."""
    seats = (
        Seat.objects.filter(user=user)
        .exclude(game__status=Game.Status.CANCELLED)
        .select_related("game")
        .order_by("-game__updated_at")
    )
    return [_seat_row(seat) for seat in seats]


def _seat_row(seat: Seat) -> dict:
    game = seat.game
    awaited = False
    if game.status == Game.Status.RUNNING and game.state:
        awaited = seat.position in engine.to_call(engine.from_dict(game.state))
    return {
        "seat": seat.id,
        "seat_id": seat.id,
        "game": game.id,
        "name": game.title,
        "edition": game.edition,
        "options": game.options,
        "players": game.players,
        "status": game.status,
        "position": seat.position,
        "seq": game.seq,
        "awaited": awaited,
    }


def seat_held(*, user, seat_id: int) -> Seat:
    """The seat, if `user` holds it; another's seat is refused as no seat of theirs."""
    seat = Seat.objects.select_related("game").filter(pk=seat_id, user=user).first()
    if seat is None:
        raise NotYourSeat(_("You hold no seat with this number."))
    return seat


def seat_page(*, seat: Seat) -> dict:
    """The seat as its page shows it: the game's public facts and, once it has begun, the
    seat's view, clocks and log (`selectors.seat_view`)."""
    page = {**_seat_row(seat), "view": None, "clocks": [], "log": []}
    if seat.game.state:
        page.update(seat_view(game=seat.game, seat=seat))
    return page


def _changed(*, seat: Seat, after: int, wait: int) -> int:
    """Waits until the game's move number passes `after`, the game row changes otherwise (it
    starts, say), or `wait` seconds are over; at once for a game that is over. Each look is the
    page poll's one plain query, made again as soon as the game's channel says it changed
    (`live.listening`). The game's move number."""
    deadline = time.monotonic() + min(max(wait, 0), WAIT_MAX)
    if seat.game.status in (Game.Status.FINISHED, Game.Status.CANCELLED):
        deadline = 0
    first = None
    with live.listening([live.table(seat.game_id)]) as heard:
        while True:
            changes = game_changes(game_id=seat.game_id)
            seq = changes[0] if changes else 0
            changed_at = changes[3] if changes else None
            first = first or changed_at
            if seq > after or changed_at != first or time.monotonic() >= deadline:
                seat.game.refresh_from_db()
                return seq
            heard(deadline - time.monotonic())


def seat_events(*, seat: Seat, after: int, wait: int) -> dict:
    """The log lines the seat reads of the moves after `after`, as soon as there are any, or
    after `wait` seconds (a long-poll: the program needs no loop of its own); at once for a
    game that is over, and as soon as the game changes otherwise (it starts, say)."""
    seq = _changed(seat=seat, after=after, wait=wait)
    row = _seat_row(seat)
    lines = []
    if seat.game.state and seq > after:
        names = engine.from_dict(seat.game.state).names
        lines = game_log(game=seat.game, seat=seat.position, names=names, after=after)
    return {**row, "events": lines}


def events_after(*, seat: Seat, after: int) -> list[dict]:
    """The events of the moves after `after` as the seat's page shows them: each with the data
    the engine gave it as the seat may see it (`Event.for_seat`, as the page's log) and its
    line for the reader."""
    if not seat.game.state:
        return []
    names = engine.from_dict(seat.game.state).names
    rows = Move.objects.filter(game=seat.game, seq__gt=after).order_by("seq")
    return [
        {
            "seq": seq,
            "kind": event["kind"],
            "seat": event["seat"],
            "data": {key: value for key, value in event.items() if key not in ("kind", "seat")},
            "text": text,
            "at": at,
        }
        for seq, events, at in rows.values_list("seq", "events", "created_at")
        for event, text in seat_lines(events, seat.position, names)
    ]


def seat_state(*, seat: Seat) -> dict:
    """The seat for v2: the game's facts and, once it has begun, its view with the moves open
    to it as concrete actions (`legal.open_moves`), and its clocks; each field and seat also
    numbered from 1, as the sentences number them."""
    state = {**_seat_row(seat), "view": None, "legal": [], "forms": [], "clocks": []}
    if seat.game.state:
        page = seat_view(game=seat.game, seat=seat)
        view = page["view"]
        players = [
            {
                **player,
                "number": player["seat"] + 1,
                "fields": [
                    {**field, "index": index, "number": index + 1}
                    for index, field in enumerate(player["fields"])
                ],
            }
            for player in view["players"]
        ]
        state["legal"], state["forms"] = open_moves(view)
        # The view's own `legal` is the page's templates: the state's `legal` spells them out.
        shown = {key: value for key, value in view.items() if key != "legal"}
        state.update(view={**shown, "players": players}, clocks=page["clocks"])
    return state


def seat_update(*, seat: Seat, after: int) -> dict:
    """The events after `after` and the seat as it is now."""
    return {"events": events_after(seat=seat, after=after), "seat": seat_state(seat=seat)}


def seat_wait(*, seat: Seat, after: int, wait: int) -> dict:
    """The events after `after` and the seat as it is then, as soon as the game changes (a
    long-poll); at once for a game that is over."""
    _changed(seat=seat, after=after, wait=wait)
    return seat_update(seat=seat, after=after)


def lobby_of(*, game: Game, user) -> dict:
    """A game that has not started as its maker reads it: its seats, who holds each."""
    return {
        "game": game.id,
        "name": game.title,
        "edition": game.edition,
        "players": game.players,
        "status": game.status,
        "time_control": game.time_control,
        "open": game.is_open,
        "invite_token": None if game.is_open else game.invite_token,
        "seats": [
            {"name": seat.name, "bot": seat.bot or None, "yours": seat.user_id == user.pk}
            for seat in game.seats.order_by("id")
        ],
    }


_NOT_OVER = (Game.Status.OPEN, Game.Status.RUNNING)


def _looks(*, user) -> list[tuple]:
    """What the account-wide wait watches: each of its games not over (id, status, move
    number, when it last changed), how many open games it may join, and how many challenges
    made to it wait for an answer."""
    games = Game.objects.filter(seats__user=user, status__in=_NOT_OVER)
    held = list(games.order_by("id").values_list("id", "status", "seq", "updated_at"))
    joinable = Game.objects.filter(status=Game.Status.OPEN, is_open=True).exclude(seats__user=user)
    asked = Challenge.objects.filter(challenged=user, status=Challenge.Status.PENDING)
    return [*held, ("open", joinable.count()), ("challenges", asked.count())]


def seats_live(*, user) -> list[dict]:
    """The account's seats in games not over, each with whether the game waits for it."""
    seats = Seat.objects.filter(user=user, game__status__in=_NOT_OVER).select_related("game")
    return [_seat_row(seat) for seat in seats.order_by("-game__updated_at")]


def seats_by_id(*, user, ids) -> list[dict]:
    """These seats of the account's, as `seats_held` shows them."""
    seats = Seat.objects.filter(user=user, pk__in=ids).select_related("game").order_by("pk")
    return [_seat_row(seat) for seat in seats]


def account_wait(*, user, wait: int) -> dict:
    """The seats the game waits for (each with its state) as soon as there is one, or the
    account's games or the open games change (a game starts or ends, one is opened, a
    challenge arrives), or after `wait` seconds; with every seat held, the open games it may
    join and the challenges not yet answered."""
    deadline = time.monotonic() + min(max(wait, 0), WAIT_MAX)
    held = seats_live(user=user)
    keys = [live.LOBBY, *(live.table(row["game"]) for row in held)]
    with live.listening(keys) as heard:
        first = _looks(user=user)
        held = seats_live(user=user)  # as it is once subscribed: nothing after is missed
        while not any(row["awaited"] for row in held) and time.monotonic() < deadline:
            heard(deadline - time.monotonic())
            if _looks(user=user) != first:
                held = seats_live(user=user)
                break
    awaited = Seat.objects.select_related("game").filter(
        pk__in=[row["seat"] for row in held if row["awaited"]]
    )
    return {
        "awaited": [seat_state(seat=seat) for seat in awaited],
        "seats": held,
        "games": games_open(user=user),
        "challenges": challenges_open(user=user),
    }


def challenges_open(*, user) -> list[dict]:
    """The challenges not yet answered made to the account or by it, in games not started."""
    challenges = (
        Challenge.objects.filter(status=Challenge.Status.PENDING, game__status=Game.Status.OPEN)
        .filter(Q(challenged=user) | Q(challenger=user))
        .select_related("game", "challenger__profile", "challenged__profile")
    )
    return [
        {
            "challenge": challenge.id,
            "game": challenge.game_id,
            "edition": challenge.game.edition,
            "players": challenge.game.players,
            "time_control": challenge.game.time_control,
            "by": challenge.challenger.profile.display_name,
            "to": challenge.challenged.profile.display_name,
            "to_you": challenge.challenged_id == user.pk,
        }
        for challenge in challenges
    ]


def challenges_section(user) -> tuple[str, dict] | None:
    """The home page's part for the challenges made to the player, if any: who asks, to which
    game, with its clocks."""
    challenges = (
        Challenge.objects.filter(
            challenged=user, status=Challenge.Status.PENDING, game__status=Game.Status.OPEN
        )
        .select_related("game", "challenger__profile")
        .order_by("pk")
    )
    shown = [
        {
            "challenge": challenge,
            "by": challenge.challenger.profile.display_name,
            "edition": engine.EDITIONS[challenge.game.edition].title(challenge.game.players),
            "time_control": timecontrol.describe(challenge.game),
        }
        for challenge in challenges
    ]
    return ("botapi/challenges.html", {"challenges": shown}) if shown else None


def games_open(*, user) -> list[dict]:
    """The open games with a free seat the account holds none of, with their time control,
    seats taken, and whether a game it joins is rated (a site bot at the table makes it not)."""
    return [
        {
            "game": game.id,
            "name": game.title,
            "edition": game.edition,
            "options": game.options,
            "players": game.players,
            "seats_taken": game.taken,
            "time_control": game.time_control,
            "time_control_text": timecontrol.describe(game),
            "rated": pool_of(game.edition, game.players, bots=True) is not None
            and not any(seat.bot for seat in game.seats.all()),
        }
        for game in open_games()
        if all(seat.user_id != user.pk for seat in game.seats.all())
    ]


def tokens_of(*, user) -> list[ApiToken]:
    return list(ApiToken.objects.filter(user=user))
