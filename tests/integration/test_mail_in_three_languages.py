"""A whole game played by replying over SMTP, between an English, a German and a French player
who never open a page, with a real worker: after every reply, each seat the game waits on has
a mail showing the step it waits on them for, the reply has had exactly one answer (at once,
or the player's next mail where the reply left the game waiting on others), and every mail so
far is in its reader's language, in one thread per player, wrapped for a mail client. The
English and French players write each turn in one reply, the German one a move a reply; the
mails a player a turn are counted for each."""

import re
from collections import Counter
from functools import cache, partial

import pytest
from django.utils import translation
from django.utils.translation import trans_real

from bench.async_infra import wait_until
from games import engine
from games.engine.beans import bean_name
from games.mail import links
from games.models import Game, Profile
from games.selectors.history import state_at
from games.services.profiles import profile_get_or_create

from .helpers import users
from .test_play_by_mail import (
    COMMAND,
    PATIENCE,
    Mailbox,
    a_game,
    outcome_of,
    receiver,
    seated_in_order,
    send_reply,
    worker,
)

pytestmark = [pytest.mark.integration, pytest.mark.django_db(transaction=True)]

__all__ = [
    "receiver",
    "seated_in_order",
    "worker",
]  # the fixtures, shared with the game in one language

LANGUAGES = ("en", "de", "fr")
# How each player's mail client introduces the quoted mail, and how they sign.
QUOTE_HEADER = {
    "en": "On Monday, Bohnanza wrote:",
    "de": "Am Montag, 2. März 2026 schrieb Bohnanza:",
    "fr": "Le lundi 2 mars 2026, Bohnanza a écrit :",
}
GREETING = {"en": "Cheers,", "de": "Viele Grüße", "fr": "Cordialement,"}
# The steps in which the game waits for a player to plant cards beside their fields.
TO_PLANT = ("plant_kept", "plant_received")
# What the outcome of a reply ends with, and its player's next mail says, when that mail is
# its answer.
FOLDED = "answered by the next mail"
REPLY_PLAYED = "Your last reply was played: its moves were made."
# A line a mail client shows as it is: no longer than this, but for a link.
LONGEST_LINE = 78
# Pieces of a catalogue's sentences shorter than this are not looked for in another language's
# mail (a word or two is shared across languages: "Bohnanza", "Chili").
SENTENCE_PIECE = 20
_PLACEHOLDER = re.compile(r"\{[^}]*\}|%\([^)]*\)[sd]|%[sd]|<[^>]*>|\n")


@cache
def _catalogue(language: str) -> dict[str, str]:
    """msgid -> the sentence in `language` (English: the msgid), for the singular sentences."""
    catalog = trans_real.translation(language)._catalog
    return {
        msgid: (msgid if language == "en" else text)
        for msgid, text in catalog.items()
        if isinstance(msgid, str) and text
    }


@cache
def foreign_pieces(reader: str) -> frozenset[str]:
    """The pieces of sentences of the other two languages that the reader's language words
    otherwise: none may appear in a mail to this reader."""
    own = _catalogue(reader)
    pieces = set()
    for other in LANGUAGES:
        if other == reader:
            continue
        for msgid, text in _catalogue(other).items():
            mine = own.get(msgid, msgid)
            if mine == text:
                continue
            for piece in _PLACEHOLDER.split(text):
                piece = piece.strip(" .,:;()“”")
                if len(piece) >= SENTENCE_PIECE and " " in piece and piece not in mine:
                    pieces.add(piece)
    return frozenset(pieces)


@cache
def foreign_beans(reader: str) -> frozenset[str]:
    """Bean names of the other languages that the reader's language names otherwise."""
    names = {}
    for language in LANGUAGES:
        with translation.override(language):
            names[language] = {bean.key: bean_name(bean.key) for bean in engine.BEANS}
    return frozenset(
        name
        for language in LANGUAGES
        if language != reader
        for key, name in names[language].items()
        if name.lower() not in names[reader][key].lower()
    )


def foreign_words(text: str, reader: str) -> list[str]:
    shown = "\n".join(line for line in text.splitlines() if "://" not in line)
    found = [piece for piece in foreign_pieces(reader) if piece in shown]
    found += [
        name
        for name in foreign_beans(reader)
        if re.search(rf"(?<!\w){re.escape(name)}(?!\w)", shown, re.IGNORECASE)
    ]
    return found


def long_lines(message) -> list[str]:
    """Lines of the plain text as sent (format=flowed: as a client shows it unflowed or not)."""
    text = message.get_body(("plain",)).get_content()
    return [line for line in text.splitlines() if len(line) > LONGEST_LINE and "://" not in line]


class Players:
    """Three players, one a language, each answering the freshest mail they have."""

    def __init__(self, smtp, game: Game, people: list, port: int):
        self.smtp, self.game, self.port = smtp, game, port
        self.box = Mailbox(smtp, game)
        self.language = {
            user.email: language for user, language in zip(people, LANGUAGES, strict=True)
        }
        self.people = {game.seats.get(user=user).position: user for user in people}
        self.done: set = set()
        # The German player answers step by step: a move a reply, and no turn plans.
        self.steps = {people[LANGUAGES.index("de")].email}
        self.folded: Counter = Counter()
        self.offered: dict[int, int] = {}

    def mails(self, user) -> list:
        return self.smtp.messages(to=user.email)

    def answers(self, user) -> int:
        return sum(1 for mail in self.mails(user) if mail.kind == "reply_answer")

    def answered_since(self, user, answers: int) -> bool:
        return self.answers(user) > answers

    def reply(self, user, state) -> tuple[str, str]:
        received = self.box.freshest(user)
        language = self.language[user.email]
        body = self.choose(received.text(), user, state, language)
        name = user.username.split("-")[0].title()
        signed = f"{body}\n\n{GREETING[language]}\n{name}"
        quote_header = QUOTE_HEADER[language]
        return send_reply(self.port, user, received, signed, quote_header=quote_header), body

    def choose(self, text: str, user, state, language: str) -> str:
        """What a player who uses the trade book answers, writing in one reply what they can
        see to write: answer rules at the first reply; offers answered as the mail lists them;
        two turns in three carried by a turn plan; on the third, the first card planted and an
        offer of a trade in the first reply, then a gift of a face-up card, the end of trading
        and the cards to plant in the next; the cards they must plant written all at once (as
        the careful default plants them); and the plan of their next turn in the reply that
        ends one. Beans go by the names of the player's language."""
        commands = [words for _, words, _ in COMMAND.findall(text.replace("\r\n", "\n"))]
        me = next(p for p, person in self.people.items() if person == user)
        rules = []  # after the move: rules set first could answer the offer it answers
        if user.email not in self.done:
            self.done.add(user.email)
            rules.append("rules gifts growing plant")
        lines = [next((c for c in commands if c.startswith(("accept", "decline"))), "")]
        if not lines[0] and me == state.active:
            lines = self.turn(state, me, language, commands)
        if not any(lines):
            lines = self.planting(state.copy(), me, language)
        for prefix in ("plant", "stop", "end", "discard", "harvest"):
            lines = [line for line in lines if line] or [
                c for c in commands if c.startswith(prefix)
            ][:1]
        assert lines, f"no move in the mail:\n{text}"
        if user.email in self.steps:
            lines = lines[:1]
        return "\n".join([*lines, *rules])

    def turn(self, state, me: int, language: str, commands: list[str]) -> list[str]:
        planning = self.people[me].email not in self.steps
        if planning and state.turn // state.players % 3 and not state.planted:
            return self.plan(state, me, language)
        if not state.planted and engine.prompt(state, me).key == "plant_front":
            offer = self.trade_offer(state, me, language)  # of the hand as the mail shows it
            return [*self.front_planted(state.copy(), me, language), "stop", offer]
        if "end" not in commands:
            return []
        state = state.copy()
        lines = []
        if state.faceup and self.offered.get(me) != state.turn:
            self.offered[me] = state.turn  # one offer of a face-up card a turn
            after = (me + 1) % state.players
            lines.append(f"offer {state.names[after]} give faceup {self.named(state, language)}")
            engine.apply(state, me, {"kind": "offer", "to": after, "give": [state.faceup[0]]})
        engine.apply(state, me, {"kind": "end_trading"})
        return [*lines, "end", *self.planting(state, me, language)]

    def front_planted(self, state, me: int, language: str) -> list[str]:
        """The front card planted as the careful default plants it (after a harvest it needs),
        written out."""
        lines = []
        while not state.planted:
            move = engine.default_move(state, me)
            lines.append(self.written(state, move, language))
            engine.apply(state, me, move)
        return lines

    def planting(self, state, me: int, language: str) -> list[str]:
        """The harvests and plantings of the cards the player must plant, as the careful
        default makes them, written out (made on `state`); and when that ends their turn, the
        plan of the next, where it can be made."""
        lines = []
        while me in engine.to_call(state) and engine.prompt(state, me).key in TO_PLANT:
            move = engine.default_move(state, me)
            lines.append(self.written(state, move, language))
            engine.apply(state, me, move)
        if state.active != me and not state.over:
            lines.append(self.next_plan(state, me))
        return lines

    def written(self, state, move: dict, language: str) -> str:
        if move["kind"] == "harvest":
            return f"harvest {move['field'] + 1}"
        return f"plant {self.named(state, language, move['card'])} in field {move['field'] + 1}"

    @staticmethod
    def named(state, language: str, card: int | None = None) -> str:
        """The bean of a card (the first face-up one, unless named) in the player's words."""
        card = state.faceup[0] if card is None else card
        with translation.override(language):
            return bean_name(engine.BEANS[state.card_beans[card]].key).lower()

    def plan(self, state, me: int, language: str) -> list[str]:
        """At the start of the turn its plan, after the harvest that makes room for the front
        card if it needs one."""
        lines, state = [], state.copy()
        if not self.fields_for_front(state, me):
            harvest = engine.default_move(state, me)
            lines.append(self.written(state, harvest, language))
            engine.apply(state, me, harvest)
        return [*lines, self.next_plan(state, me)]

    def next_plan(self, state, me: int) -> str:
        """The plan of the player's next turn (or of this one, at its start): the front card
        into the field that grows its bean, or an empty one; trading ended; kept cards
        planted. Nothing where no field takes the front card now."""
        fields = self.fields_for_front(state, me)
        if not fields or self.people[me].email in self.steps:
            return ""
        return f"plan plant {fields[0] + 1} trading end kept"

    @staticmethod
    def fields_for_front(state, me: int) -> list[int]:
        """The fields that take the front card of the hand, those growing its bean first."""
        if not state.hands[me]:
            return []
        beans = state.card_beans
        bean = beans[state.hands[me][0]]
        growing = [i for i, f in enumerate(state.fields[me]) if f and beans[f[0]] == bean]
        return growing + [i for i, f in enumerate(state.fields[me]) if not f]

    def trade_offer(self, state, me: int, language: str) -> str:
        """The hand's last card for one bean of its front card's, to the player after next."""
        hand = state.hands[me]
        if len(hand) < 2:
            return ""
        to = state.names[(me + 2) % state.players]
        return f"offer {to} give {len(hand)} ask 1 {self.named(state, language, hand[0])}"


def called_at_the_step(players: Players, state) -> list[str]:
    """Each seat the game waits on has a mail (its freshest) that shows the step it waits for:
    what fails."""
    failures = []
    for position in engine.to_call(state):
        user = players.people[position]
        mail = players.box.freshest(user)
        shown = links.read_reply_address(mail.message["Reply-To"]).seq
        then = state_at(game=players.game, seq=shown)
        if engine.call_key(then, position) != engine.call_key(state, position):
            failures.append(
                f"{state.names[position]} awaited at {engine.prompt(state, position).key} "
                f"(move {players.game.seq}); their last mail shows move {shown}"
            )
    return failures


def test_an_english_a_german_and_a_french_player_play_a_whole_game_by_mail(
    worker, smtp, receiver, seated_in_order
):
    smtp.clear()
    people = users(3)
    for user, language in zip(people, LANGUAGES, strict=True):
        profile_get_or_create(user=user)
        Profile.objects.filter(user=user).update(mail=Profile.Mail.BOARD, language=language)
    game = a_game(people)
    players = Players(smtp, game, people, receiver)
    replies = 0

    for _ in range(1500):
        wait_until(players.box.quiet, PATIENCE, what=f"the mails of move {game.seq} to go out")
        game.refresh_from_db()
        state = engine.from_dict(game.state)
        if state.over:
            break
        assert not called_at_the_step(players, state), called_at_the_step(players, state)
        user = players.people[engine.to_call(state)[0]]
        answered = players.answers(user)
        message_id, body = players.reply(user, state)
        replies += 1
        outcome = wait_until(
            partial(outcome_of, message_id), PATIENCE, what=f"the reply “{body}” to be read"
        )
        assert outcome.startswith("played"), f"{body!r}: {outcome}"
        if outcome.endswith(FOLDED):  # answered by the player's next mail
            players.folded[user.email] += 1
        else:
            wait_until(
                partial(players.answered_since, user, answered),
                PATIENCE,
                what=f"the answer to “{body}”",
            )
        wait_until(players.box.quiet, PATIENCE, what="the mails of the reply to go out")
        answers = answered + (not outcome.endswith(FOLDED))
        assert players.answers(user) == answers, f"{body!r} had more than one answer"

    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED
    kinds = set(game.moves.values_list("kind", flat=True))
    assert {"offer", "accept", "plant", "rules", "end_trading"} <= kinds

    turns, pace = engine.from_dict(game.state).turn, []
    for user in people:
        language = players.language[user.email]
        mails = players.mails(user)
        threads = {(mail.message["References"] or "-").split()[0] for mail in mails}
        assert len(threads) == 1, (
            f"{user.email}'s mails form {len(threads)} threads: "
            f"{[(m.kind, m.message['Subject']) for m in mails if not m.message['References']]}"
        )
        for mail in mails:
            subject = mail.message["Subject"]
            assert not foreign_words(f"{subject}\n{mail.text()}", language), (
                f"{language} mail “{subject}” holds {foreign_words(mail.text(), language)}"
            )
            assert not long_lines(mail.message), f"“{subject}”: {long_lines(mail.message)}"
        # Each reply answered by the next mail was: that mail says so.
        with translation.override(language):
            said = translation.gettext(REPLY_PLAYED)
        assert sum(said in mail.text() for mail in mails) == players.folded[user.email]
        per_turn = len(mails) / turns
        kinds = Counter(mail.kind for mail in mails)
        style = "step by step" if user.email in players.steps else "a turn a reply"
        print(
            f"{language} ({style}): {len(mails)} mails in {turns} turns, {per_turn:.2f} a turn, "
            f"{players.folded[user.email]} replies answered by the next mail: {kinds}"
        )
        pace.append((per_turn, user.email in players.steps))
    assert all(per_turn <= (2.5 if steps else 1.5) for per_turn, steps in pace), pace
    assert replies >= turns
