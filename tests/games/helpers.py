"""Small helpers that find seats and legal moves in stored games, and read and post pages."""

import json
import re
from datetime import UTC, datetime, time, timedelta
from html import unescape

from django.urls import reverse
from django.utils import timezone

from games import engine
from games.calls import channels, routing
from games.engine import bots
from games.engine.book.move_words import NO_RULES
from games.mail import links
from games.models import Deadline, Game, Profile, Seat
from games.services.lobby import game_add_bot, game_create
from games.services.moves import MoveResult, move_submit
from games.services.profiles import profile_get_or_create
from games.services.timeouts import deadlines_sweep
from tests.helpers import fresh, started, state_of, user_at

# Where a page names a card: card markup, the JSON a button posts, and the offer checkboxes.
CARD_ID_PATTERNS = (
    re.compile(r'data-card="(\d+)"'),
    re.compile(r"&quot;card&quot;:(\d+)"),
    re.compile(r'name="(?:give|ask_faceup)" value="(\d+)"'),
)


def card_ids_in(html: str) -> set[int]:
    return {int(found) for pattern in CARD_ID_PATTERNS for found in pattern.findall(html)}


def seq_of(game: Game) -> int:
    game.refresh_from_db()
    return game.seq


def position_of(game: Game, user) -> int:
    return game.seats.get(user=user).position


# The bots that make the good moves, by game and seat: a bot remembers the offers it made this
# turn (a bot made afresh would make a declined offer again, and again).
_GOOD_BOTS: dict = {}


def good_move(game: Game, position: int) -> dict:
    """What the heuristic bot would do for that seat now."""
    state = state_of(game)
    key = (game.id, game.seed, position)
    if key not in _GOOD_BOTS:
        _GOOD_BOTS[key] = bots.make_bot("heuristic", f"tests/{position}")
    return _GOOD_BOTS[key].choose(state, position)


def awaited(game: Game):
    """The first seat the game waits for, its user and a good move for it."""
    position = engine.waiting_for(state_of(game))[0]
    return position, user_at(game, position), good_move(game, position)


def front_plant(game: Game) -> tuple[int, dict]:
    """The active seat, and its move planting the front card in the first field it fits."""
    state = state_of(game)
    plant = next(a for a in engine.legal_actions(state, state.active) if a["kind"] == "plant")
    return state.active, {"kind": "plant", "card": plant["card"], "field": plant["fields"][0]}


def start_trading(game: Game) -> int:
    """Play the active player's planting so that the game is in the trade phase; returns the
    active seat."""
    play_until(game, lambda state: state.phase == "trade")
    return state_of(game).active


def post_move(client, game: Game, action, expected_seq: int, **headers):
    return client.post(
        reverse("games:move", args=[game.id]),
        {"action": json.dumps(action), "expected_seq": expected_seq},
        **headers,
    )


def play_next(game: Game) -> MoveResult:
    """The first seat the game waits for makes a good move, through move_submit."""
    game = fresh(game)
    position = engine.waiting_for(engine.from_dict(game.state))[0]
    return move_submit(
        game_id=game.id,
        user=user_at(game, position),
        action=good_move(game, position),
        expected_seq=game.seq,
    )


def play_until(game: Game, done) -> Game:
    """Good moves until `done(state)` holds; the game row, reloaded."""
    while not done(state_of(game)):
        play_next(game)
    return fresh(game)


def on_the_last_pass(game: Game, left: int = 1) -> Game:
    """The game with its draw pile down to `left` cards for the last time, the others
    discarded: its next reveal or draw ends it. (The cache no longer replays from the log.)"""
    state = state_of(game)
    state.discard += state.deck[:-left]
    del state.deck[:-left]
    state.exhaustions = state.rules.exhaustions_to_end - 1
    Game.objects.filter(pk=game.pk).update(state=engine.to_dict(state))
    return fresh(game)


def a_whole_game(users: list) -> Game:
    """A game of `users` started and played with good moves to its end (eight turns, then its
    last pass): every kind of call a game sends, sent."""
    game = play_until(started(users), lambda state: state.turn >= 8)
    return play_until(on_the_last_pass(game), lambda state: state.over)


def hidden_words_in(text: str) -> set[str]:
    """The beans' names and keys among the words of `text`: a call never names a card."""
    words = set(text.replace("(", " ").split())
    return words & ({bean.name for bean in engine.BEANS} | {bean.key for bean in engine.BEANS})


def play_as(game: Game, user, until, decline_offers: bool = False, at_page: bool = False) -> Game:
    """`user` makes good moves (or declines the offers made to them) until `until(state)`
    holds; the game row, reloaded. The bots have made every move they wanted before each one;
    a bot trading as the active player has its patience run out when the game waits for it only.
    `at_page`: the user has the game page open while they play (a bot trading waits for their
    offers)."""
    mine = position_of(game, user)
    while not until(state := state_of(game)):
        game = fresh(game)
        assert game.status == Game.Status.RUNNING, "the game ended first"
        if mine not in engine.waiting_for(state):
            let_patience_run_out(game)
            continue
        offers = [offer.id for offer in state.offers.values() if offer.to == mine]
        if decline_offers and offers:
            action = {"kind": "decline", "offer": offers[0]}
        else:
            action = good_move(game, mine)
        if at_page:
            at_the_page(game, user)
        move_submit(game_id=game.id, user=user, action=action, expected_seq=game.seq)
    return fresh(game)


def answers_everything(game: Game, user) -> Game:
    """The user sets answer rules with every part off: every offer made to them, gifts too,
    and every card they receive waits for them (the game's defaults no longer act for them)."""
    game = fresh(game)
    action = {"kind": "rules", **NO_RULES}
    move_submit(game_id=game.id, user=user, action=action, expected_seq=game.seq)
    return fresh(game)


def at_the_page(game: Game, user) -> None:
    """The user's game page is open: its poll has just been seen (as `presence.seat_seen`
    records it)."""
    _seen(Seat.objects.filter(game=game, user=user))


def everyone_at_the_page(game: Game, but: int | None = None) -> None:
    """Every player (but the one at position `but`) has the game page open: no pass is assumed
    for them as trading begins."""
    _seen(Seat.objects.filter(game=game).exclude(position=but))


def _seen(seats) -> None:
    seats.update(last_seen_at=timezone.now())


def let_patience_run_out(game: Game) -> None:
    """A bot trading as the active player waits for the people to offer something: time passes
    until the first open deadline falls due, and the sweep moves the bot on."""
    due = Deadline.objects.filter(game=game, done=False).order_by("due_at").first()
    deadlines_sweep(now=due.due_at + timedelta(seconds=1))


class CacheDown:
    """The shared cache with its server gone: put in place of a module's `cache`."""

    def add(self, *args, **kwargs):
        raise ConnectionError("Redis is down")


# Where calls went for a player who chose "no mail", and "one mail a day", before calls were
# routed by kind (and where the data migration puts them).
NO_MAIL = {
    routing.MOVE: [channels.PUSH, channels.WEBHOOK],
    routing.TRADE: [channels.PUSH, channels.WEBHOOK],
    routing.REMINDER: [channels.PUSH],
    routing.END: [channels.PUSH, channels.WEBHOOK],
    routing.LEAGUE: [],
}
DIGEST = {
    routing.MOVE: [channels.DIGEST, channels.PUSH, channels.WEBHOOK],
    routing.TRADE: [channels.DIGEST, channels.PUSH, channels.WEBHOOK],
    routing.REMINDER: [channels.PUSH],
    routing.END: [channels.DIGEST],
    routing.LEAGUE: [channels.DIGEST],
}


def calls_routed(user, calls: dict) -> None:
    """The player's calls go where `calls` says, for all their games."""
    profile = profile_get_or_create(user=user)
    profile.calls = calls
    profile.save(update_fields=["calls"])


def table(alice, bots: list[str]) -> Game:
    """Alice's Rio Grande game with the named bots in its other seats, not yet started."""
    game = game_create(user=alice, edition="rio-grande", players=len(bots) + 1, options={})
    for bot in bots:
        game_add_bot(game_id=game.id, user=alice, bot=bot)
    return game


def visible_text(html: str) -> str:
    """What a reader sees: no markup, no script, entities read."""
    html = re.sub(r"<(script|style)\b.*?</\1>", " ", html, flags=re.S)
    return unescape(re.sub(r"<[^>]+>", " ", html))


def speak(user, language: str, zone: str = "UTC") -> None:
    profile = profile_get_or_create(user=user)
    profile.language, profile.time_zone = language, zone
    profile.save()


# Late November: Tokyo is 9 hours ahead of UTC, New York 5 hours behind.
MORNING_IN_NEW_YORK = datetime(2026, 11, 27, 13, 30, tzinfo=UTC)  # 22:30 in Tokyo
MORNING_IN_TOKYO = datetime(2026, 11, 27, 22, 0, tzinfo=UTC)  # 07:00 in Tokyo, 17:00 in NY


def quiet_at_night(user, zone: str) -> None:
    profile_get_or_create(user=user)
    Profile.objects.filter(user=user).update(
        time_zone=zone, quiet_from=time(22, 0), quiet_until=time(7, 0)
    )


def opens(url: str, user, game) -> bool:
    """Whether `url` is a signed link that opens `game` for `user`."""
    link = links.read_token(url.rstrip("/").rsplit("/", 1)[1])
    return (link.action, link.user_id, link.game_id) == ("open", user.id, game.id)


def fields_without(state: engine.State, seat: int, bean: int) -> None:
    """The seat's fields planted with two cards each of beans other than `bean`, a bean a
    field, taken from the draw pile (what they held discarded), so that every card is still
    somewhere once."""
    beans = state.card_beans
    others = {}
    for card in state.deck:
        if beans[card] != bean:
            others.setdefault(beans[card], []).append(card)
    pairs = [cards[:2] for cards in others.values() if len(cards) >= 2]
    for field, pair in zip(state.fields[seat], pairs[: len(state.fields[seat])], strict=True):
        state.discard += field
        field[:] = pair
        for card in pair:
            state.deck.remove(card)


def front_card_that_fits_no_field(game: Game) -> tuple[int, int]:
    """The start player, to plant, has fields of beans other than their front card's. The seat
    and the front card."""
    state = state_of(game)
    seat = state.active
    front = state.hands[seat][0]
    fields_without(state, seat, state.card_beans[front])
    Game.objects.filter(pk=game.pk).update(state=engine.to_dict(state))
    return seat, front


def book_move(game, position: int, kind: str, **params):
    """A move of the seat at `position` (a trade book's rules, an offer ...), made as its page
    would make it."""
    game.refresh_from_db()
    return move_submit(
        game_id=game.id,
        user=user_at(game, position),
        action={"kind": kind, **params},
        expected_seq=game.seq,
    )
