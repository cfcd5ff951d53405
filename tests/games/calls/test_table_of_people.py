"""A whole game of four people who each look in only when the site calls them: they open the
page, then make their moves as it posts them (through the service). With the trade book, the
game never waits for someone it did not call, and each of them is called about once a round,
not three times a turn."""

from datetime import timedelta

import pytest
import time_machine
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from games import engine
from games.calls.outbox import CALLS
from games.engine.bots import make_bot
from games.engine.bots.book import BookBot
from games.models import Outbox, Seat
from games.services.moves import move_submit
from tests.helpers import make_user, started, state_of

pytestmark = pytest.mark.django_db

NAMES = ("alice", "bob", "carol", "dave")
# Each person answers a call an hour later (the order of the calls is what counts here).
LATER = timedelta(hours=1)
MOST_MOVES_A_VISIT = 200


class Person:
    """A player who decides as the strong bot does, using the trade book as the bots do, from
    what their seat may see; looks at the game only when called, makes every move they want
    then, and leaves."""

    def __init__(self, user, game, position: int):
        self.user = user
        self.position = position
        self.client = Client()
        self.client.force_login(user)
        self.bot = BookBot(make_bot("strong", f"people/{position}"))
        self.game = game
        self.visits = 0
        self.stand_ins = 0

    def calls(self) -> list[Outbox]:
        return list(
            Outbox.objects.filter(user=self.user, game=self.game, kind__in=CALLS).order_by("id")
        )

    def visit(self) -> None:
        """Open the page (the poll marks the seat as looked at), then move while there is
        something to do."""
        self.visits += 1
        page = self.client.get(reverse("games:game", args=[self.game.id]))
        assert page.status_code == 200
        Seat.objects.filter(game=self.game, position=self.position).update(
            last_seen_at=timezone.now()
        )
        for _ in range(MOST_MOVES_A_VISIT):
            state = state_of(self.game)
            if state.over:
                return
            awaited = self.position in engine.to_call(state)
            move = self.bot.choose(state, self.position, awaited)
            if move is None and awaited:  # nothing it wants: the least move, as a timeout
                move = engine.default_move(state, self.position)
                self.stand_ins += 1
            if move is None:
                return
            move_submit(
                game_id=self.game.id, user=self.user, action=move, expected_seq=self.game.seq
            )
        raise AssertionError(f"{self.user} made {MOST_MOVES_A_VISIT} moves in one visit")


def test_four_people_who_look_in_only_when_called_play_a_whole_game():
    users = [make_user(name) for name in NAMES]
    with time_machine.travel(timezone.now(), tick=False) as clock:
        game = started(users)
        people = [
            Person(seat.user, game, seat.position) for seat in game.seats.order_by("position")
        ]
        answered: set[int] = set()  # the calls a visit has followed
        while True:
            state = state_of(game)
            if state.over:
                break
            waiting = [
                person
                for person in people
                if any(call.id not in answered for call in person.calls())
            ]
            stranded = [
                seat
                for seat in engine.to_call(state)
                if not any(person.position == seat for person in waiting)
            ]
            assert not stranded, f"turn {state.turn}: the game waits for {stranded}, uncalled"
            clock.shift(LATER)
            person = min(
                waiting,
                key=lambda p: min(c.id for c in p.calls() if c.id not in answered),
            )
            answered.update(call.id for call in person.calls())
            person.visit()

    turns = state.turn
    calls = [len(person.calls()) for person in people]
    per_player_turn = sum(calls) / (len(people) * turns)
    trades = sum(
        1 for move in game.moves.all() for event in move.events if event["kind"] == "traded"
    )
    kinds = sorted({call.kind for person in people for call in person.calls()})
    stand_ins = sum(person.stand_ins for person in people)
    print(
        f"turns {turns}, calls {calls} ({', '.join(kinds)}), {per_player_turn:.2f} a player a"
        f" turn, trades {trades}, least moves made for a player who wanted none {stand_ins}"
    )
    assert state.result is not None
    assert per_player_turn <= 1
    assert trades >= 40
