"""A game played by replying to mail, over real SMTP both ways, with a real worker: three
players never open a page, for a hundred replies, and the game is played on to its end. The
same moves made through the pages give the same game."""

import json
import re
import smtplib
from email.message import EmailMessage
from email.policy import SMTP
from email.utils import make_msgid
from functools import partial

import pytest
from django.test import Client
from django.urls import reverse

from bench.async_infra import free_port, wait_until
from games import engine
from games.mail import links
from games.models import Game, Move, Outbox, Profile
from games.services import lobby
from games.services.lobby import game_create, game_start, seat_join
from games.services.moves import move_submit
from games.services.profiles import profile_get_or_create
from mailplay.models import InboundReply
from mailplay.receiver import ReplyReceiver

from .helpers import users

pytestmark = [pytest.mark.integration, pytest.mark.django_db(transaction=True)]

SEED = "played by mail"
COMMAND = re.compile(r"^\s+(\d+)  (\S.*?)(?:   \((.*)\))?$", re.MULTILINE)
# Seconds a mail or the reading of a reply may take: a tenth of a second on a quiet machine,
# far longer on a shared one running the browser tests beside these (a loaded CI run); once,
# with two more busy processes on a 2-core machine, over a minute. The speed is measured in
# the benchmarks (`make bench`: a reply's p95 is under 0.1 s), not here.
PATIENCE = 180
# Replies the players send before the game goes on through the services: some ten turns, with
# gifts, trades, an answer to an offer and a harvest out of turn among them.
REPLIES = 100


@pytest.fixture(scope="module")
def worker(workers):
    return workers()


@pytest.fixture
def receiver():
    port = free_port()
    running = ReplyReceiver(host="127.0.0.1", port=port)
    running.start()
    yield port
    running.stop()


@pytest.fixture
def seated_in_order(monkeypatch):
    """Seats in the order players joined, so that two games can be played alike."""
    monkeypatch.setattr(lobby.secrets.SystemRandom, "shuffle", lambda self, seats: None)


def a_game(players) -> Game:
    alice, *others = players
    game = game_create(user=alice, edition="rio-grande", players=3, options={})
    Game.objects.filter(pk=game.pk).update(seed=SEED, seed_hash=engine.seed_hash(SEED))
    for user in others:
        seat_join(game_id=game.id, user=user)
    return game_start(game_id=game.id, user=alice)


class Mailbox:
    """The mails each player got that ask for a reply, read as a mail client shows them."""

    def __init__(self, smtp, game: Game):
        self.smtp = smtp
        self.game = game

    def quiet(self) -> bool:
        """Every mail the game has written so far has gone out."""
        return not Outbox.objects.filter(
            game=self.game, sent_at=None, skipped="", digest=False
        ).exists()

    def freshest(self, user):
        """The mail showing the latest board, as a player answers the top of their inbox."""
        mails = [m for m in self.smtp.messages(to=user.email) if m.message["Reply-To"]]
        return max(mails, key=lambda m: links.read_reply_address(m.message["Reply-To"]).seq)


def choose(text: str, names: dict[str, str], me: str, active: str, turn: int, done: set) -> str:
    """What a player in no hurry answers to a mail: the moves it lists, a trade or a gift now
    and then, and once a harvest while it is not their turn."""
    commands = [words for _, words, _ in COMMAND.findall(text.replace("\r\n", "\n"))]
    faceup = re.search(r"^Face up: (.*)$", text, re.MULTILINE)
    accepts = [c for c in commands if c.startswith("accept")]
    if accepts:
        return accepts[0]
    if me != active and "off-turn harvest" not in done:
        harvests = [c for c in commands if c.startswith("harvest")]
        answer = [c for c in commands if c.startswith(("decline", "plant"))]
        if harvests and answer:
            done.add("off-turn harvest")
            return f"{harvests[0]}\n{answer[0]}"
    if "end" in commands and faceup and me == active and turn not in done:
        done.add(turn)
        bean = faceup[1].split(", ")[0].lower()
        other = next(name for name in names.values() if name != me)
        return f"offer {other} give faceup {bean}"  # a gift of a face-up card
    if "end" in commands and me != active and faceup and f"ask{turn}" not in done:
        done.add(f"ask{turn}")
        bean = faceup[1].split(", ")[0].lower()
        return f"offer {active} give 1 ask faceup {bean}"  # a trade for a face-up card
    for prefix in ("plant", "decline", "stop", "end", "discard", "harvest"):
        found = [c for c in commands if c.startswith(prefix)]
        if found:
            return found[0]
    raise AssertionError(f"no move in the mail:\n{text}")


def finish_through_the_services(game: Game) -> None:
    """The rest of the game as the players' replies would make it (each seat's default move),
    without the mail, which adds nothing more after the first turns."""
    state = engine.from_dict(game.state)
    while not state.over:
        seat = engine.waiting_for(state)[0]
        user = game.seats.get(position=seat).user
        action = engine.default_move(state, seat)
        game = move_submit(game_id=game.id, user=user, action=action, expected_seq=game.seq).game
        state = engine.from_dict(game.state)


def outcome_of(message_id: str) -> str | None:
    """What became of a reply, once the worker has read it."""
    read = InboundReply.objects.filter(message_id=message_id).exclude(outcome="")
    return read.values_list("outcome", flat=True).first()


def send_reply(
    port: int, user, received, body: str, *, quote_header: str = "On Monday, Bohnanza wrote:"
) -> str:
    """The reply a mail client sends: the body on top, the mail quoted below its header."""
    message = EmailMessage()
    message["From"] = user.email
    message["To"] = received.message["Reply-To"]
    message["Subject"] = f"Re: {received.message['Subject']}"
    message["Message-ID"] = make_msgid()
    quoted = "\n".join(f"> {line}" for line in received.text().splitlines())
    message.set_content(f"{body}\n\n{quote_header}\n{quoted}")
    with smtplib.SMTP("127.0.0.1", port) as client:
        client.sendmail(user.email, [message["To"]], message.as_bytes(policy=SMTP))
    return message["Message-ID"]


def test_three_players_play_by_replying_to_their_mail_and_the_game_goes_on_to_its_end(
    worker, smtp, receiver, seated_in_order
):
    smtp.clear()
    players = users(3)
    for user in players:
        profile_get_or_create(user=user)
    Profile.objects.filter(user__in=players).update(mail=Profile.Mail.BOARD)
    game = a_game(players)
    box, done = Mailbox(smtp, game), set()
    names = {user.email: game.seats.get(user=user).name for user in players}

    for replies in range(1200):
        game.refresh_from_db()
        state = engine.from_dict(game.state)
        if state.over or (replies >= REPLIES and "off-turn harvest" in done):
            break
        user = game.seats.get(position=engine.waiting_for(state)[0]).user
        wait_until(box.quiet, PATIENCE, what=f"the mails of move {game.seq} to go out")
        received = box.freshest(user)
        me, active = names[user.email], state.names[state.active]
        body = choose(received.text(), names, me, active, state.turn, done)
        message_id = send_reply(receiver, user, received, body)
        outcome = wait_until(
            partial(outcome_of, message_id),
            PATIENCE,
            what=f"the reply “{body}” to be read",
        )
        assert outcome.startswith("played"), outcome

    finish_through_the_services(game)
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED
    moves = list(game.moves.filter(seq__gt=0).order_by("seq"))
    # Every move a player's own, but the passes the site assumed for those away from the table.
    made_for = [move for move in moves if move.actor != Move.Actor.PLAYER]
    assert all(move.kind == "pass" and move.payload.get("assumed") for move in made_for)
    kinds = {move.kind for move in moves}
    assert {"offer", "accept", "harvest", "plant", "end_trading"} <= kinds
    assert "off-turn harvest" in done
    offers = [move.payload for move in moves if move.kind == "offer"]
    assert any(not offer.get("ask") and not offer.get("ask_faceup") for offer in offers)

    # The same moves through the pages make the same game.
    again = a_game(players)
    client = Client()
    for move in moves:
        again.refresh_from_db()
        client.force_login(again.seats.get(position=move.seat.position).user)
        response = client.post(
            reverse("games:move", args=[again.id]),
            {"action": json.dumps(move.payload), "expected_seq": again.seq},
        )
        assert response.status_code == 200, response.content.decode()[:300]
    again.refresh_from_db()
    assert again.state == game.state
