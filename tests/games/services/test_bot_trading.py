"""Bots trading with a player: offers to a player who trades, and a bot trading as the active
player, whose offers wait for the player's answer, and who leaves the player time to offer it
something, as long as the bot's patience."""

import random
import re
from datetime import timedelta

import pytest
from django.core import mail as sent_mail
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from games import engine, task_queue, tasks
from games.clocks import timecontrol
from games.engine.state import Offer
from games.mail.compose import row_message
from games.models import Deadline, Game, Move, Outbox, Seat
from games.presence import PAGE_OPEN
from games.services import bot_moves, timeouts
from games.services.lobby import game_add_bot, game_create, game_start, seat_join
from games.services.moves import move_submit
from games.services.timeouts import deadlines_sweep
from tests.games.helpers import (
    answers_everything,
    at_the_page,
    good_move,
    let_patience_run_out,
    play_as,
    position_of,
    table,
)
from tests.helpers import fresh, shown_at, state_of

# The bots' tasks run when a move's transaction commits, so these tests commit for real.
pytestmark = pytest.mark.django_db(transaction=True)

# A deal in which the bots make alice offers early, both in her turns and in theirs.
SEED = "seed-1"


@pytest.fixture
def game(alice, monkeypatch):
    """Alice and two heuristic bots seated as they joined, so alice starts, and a fixed seed:
    the same game every run."""
    monkeypatch.setattr(random.SystemRandom, "shuffle", lambda self, seats: None)
    created = table(alice, ["heuristic", "heuristic"])
    Game.objects.filter(pk=created.pk).update(seed=SEED, seed_hash=engine.seed_hash(SEED))
    return game_start(game_id=created.id, user=alice)


def offer_from_active_bot(state: engine.State, to: int) -> Offer | None:
    """The offer a bot trading as the active player has made to `to` and waits on."""
    if state.active == to:
        return None
    offers = state.offers.values()
    return next((o for o in offers if o.maker == state.active and o.to == to), None)


def a_bot_waits_for_alice(game: Game, alice) -> Game:
    """A bot trading as the active player has made alice an offer, which waits for her: she
    answers every offer herself (a gift of a bean she grows would be taken by the defaults)."""
    mine = position_of(game, alice)
    game = answers_everything(game, alice)
    return play_as(game, alice, lambda state: offer_from_active_bot(state, mine))


def alice_page(game: Game, alice) -> str:
    client = Client()
    client.force_login(alice)
    return client.get(reverse("games:game", args=[game.id])).content.decode()


def moves_after(game: Game, seq: int) -> list[tuple[str, str]]:
    moves = game.moves.filter(seq__gt=seq).order_by("seq")
    return [(move.kind, move.actor) for move in moves]


def test_bots_beside_alice_offer_her_once_a_turn_each_for_face_up_cards_they_grow(game, alice):
    mine = position_of(game, alice)
    seen: dict[int, tuple[int, Offer]] = {}

    def note_offers_to_alice_in_her_trading(state: engine.State) -> bool:
        if state.phase == "trade" and state.active == mine:
            seen.update({offer.id: (state.turn, offer) for offer in state.offers.values()})
        return state.turn >= 15

    play_as(game, alice, note_offers_to_alice_in_her_trading, decline_offers=True)

    offers = [(turn, offer) for turn, offer in seen.values() if offer.to == mine]
    per_bot_and_turn = [(turn, offer.maker) for turn, offer in offers]
    assert len(offers) >= 3
    assert all(offer.ask_faceup for _, offer in offers)
    assert len(set(per_bot_and_turn)) == len(per_bot_and_turn)  # declined, never offered again
    bots = set(Seat.objects.filter(game=game, user=None).values_list("position", flat=True))
    assert {maker for _, maker in per_bot_and_turn} <= bots


def test_a_bot_answers_an_offer_alice_makes_it_at_once(game, alice):
    mine = position_of(game, alice)
    game = play_as(game, alice, lambda state: state.phase == "trade" and not state.offers)
    state = state_of(game)
    assert state.active == mine

    result = move_submit(
        game_id=game.id,
        user=alice,
        action={"kind": "offer", "to": (mine + 1) % state.players, "give": [state.faceup[0]]},
        expected_seq=game.seq,
    )

    assert not state_of(game).offers
    assert moves_after(game, result.seq)[0] in {("accept", "bot"), ("decline", "bot")}


def test_a_bots_offer_waits_for_alice_who_accepts_and_the_bot_ends_trading_after_its_patience(
    game, alice
):
    game = a_bot_waits_for_alice(game, alice)
    mine = position_of(game, alice)
    state = state_of(game)
    offer = offer_from_active_bot(state, mine)
    made = game.moves.get(kind="offer", seat__position=state.active, seq=game.seq)

    assert Outbox.objects.get(user=alice, game=game, seq=made.seq, kind="offer").sent_at
    patience = Deadline.objects.get(game=game, seat__position=state.active, done=False)
    until = shown_at(patience.due_at)
    offer_mail = [m for m in sent_mail.outbox if "has an offer for you" in m.body][-1]
    assert f"waits for your answer until {until}" in offer_mail.body
    # Her page shows it too, on the bot's own clock.
    shown = re.escape(shown_at(patience.due_at))
    bot_clock = rf"Ends trading at the latest at\s*<time[^>]*>{shown}<"
    assert re.search(bot_clock, alice_page(game, alice))
    assert not offer.ask and not offer.ask_faceup  # a gift: alice gives nothing for it
    at_the_page(game, alice)  # she follows the mail to her page
    result = move_submit(
        game_id=game.id,
        user=alice,
        action={"kind": "accept", "offer": offer.id, "give": []},
        expected_seq=game.seq,
    )

    assert [event.kind for event in result.events] == ["traded"]
    assert set(offer.give) <= set(state_of(game).to_plant[mine])  # hers to plant
    assert moves_after(game, result.seq) == []  # alice may still offer something
    let_patience_run_out(game)
    assert moves_after(game, result.seq)[0] == ("end_trading", "bot")
    assert not game.moves.filter(kind="withdraw", payload__offer=offer.id).exists()


def test_a_waiting_bot_answers_alices_counter_offer_and_keeps_waiting(game, alice):
    game = a_bot_waits_for_alice(game, alice)
    mine = position_of(game, alice)
    state = state_of(game)
    waiting_offer = offer_from_active_bot(state, mine)

    result = move_submit(
        game_id=game.id,
        user=alice,
        action={"kind": "offer", "to": state.active, "give": [state.hands[mine][0]]},
        expected_seq=game.seq,
    )

    assert moves_after(game, result.seq)[0][1] == "bot"  # accepted or declined at once
    assert list(state_of(game).offers) == [waiting_offer.id]


def test_an_unanswered_bot_offer_is_withdrawn_when_the_bots_patience_runs_out(game, alice):
    game = a_bot_waits_for_alice(game, alice)
    bot = state_of(game).active
    made = game.moves.get(kind="offer", seat__position=bot, seq=game.seq)
    row = Deadline.objects.get(game=game, seat__position=bot, done=False)
    patience = timecontrol.PRESETS["daily"].bot_patience
    assert abs(row.due_at - (made.created_at + patience)) < timedelta(seconds=5)

    assert deadlines_sweep(now=row.due_at - timedelta(seconds=1)) == 0
    assert fresh(game).seq == made.seq  # still waiting for alice
    assert deadlines_sweep(now=row.due_at + timedelta(seconds=1)) == 1

    assert moves_after(game, made.seq)[:2] == [("withdraw", "bot"), ("end_trading", "bot")]
    made_for = game.moves.filter(actor=Move.Actor.SYSTEM, seq__gt=0)
    assert all(move.payload.get("assumed") for move in made_for)  # passes, no timeout
    assert set(Seat.objects.filter(game=game).values_list("timeouts", flat=True)) == {0}
    assert not Seat.objects.filter(game=game, bot_standing_in=True).exists()
    assert position_of(game, alice) in engine.waiting_for(state_of(game))


def test_a_bot_whose_patience_ran_out_makes_no_new_offer_and_ends_trading(game, alice, monkeypatch):
    game = a_bot_waits_for_alice(game, alice)
    state = state_of(game)
    row = Deadline.objects.get(game=game, seat__position=state.active, done=False)
    another = {
        "kind": "offer",
        "to": position_of(game, alice),
        "give": [state.hands[state.active][0]],
    }
    bot_of = bot_moves._bot_of

    class OffersWhileTrading:
        """The table's bot, but one that would offer something more."""

        def __init__(self, bot):
            self.bot, self.rng = bot, bot.rng

        def choose(self, state, seat, awaited=True):
            if state.phase == "trade":
                return another
            return self.bot.choose(state, seat, awaited=awaited)

        def memory(self):
            return self.bot.memory()

    monkeypatch.setattr(bot_moves, "_bot_of", lambda *seat: OffersWhileTrading(bot_of(*seat)))
    waited_at = fresh(game).seq
    deadlines_sweep(now=row.due_at + timedelta(seconds=1))

    assert moves_after(game, waited_at)[0] == ("end_trading", "bot")
    assert not game.moves.filter(kind="offer", seq__gt=waited_at).exists()


def test_a_bot_that_fails_when_its_patience_runs_out_still_lets_the_game_go_on(
    game, alice, monkeypatch
):
    game = a_bot_waits_for_alice(game, alice)
    row = Deadline.objects.get(game=game, seat__position=state_of(game).active, done=False)

    def broken(**kwargs):
        raise RuntimeError("the bot fell over")

    monkeypatch.setattr(timeouts, "bot_move", broken)  # the sweep's call
    monkeypatch.setattr(tasks, "bot_move", broken)  # the task's
    waited_at = fresh(game).seq
    deadlines_sweep(now=row.due_at + timedelta(seconds=1))

    assert moves_after(game, waited_at) == [("end_trading", "system")]
    assert set(Seat.objects.filter(game=game).values_list("timeouts", flat=True)) == {0}


def a_bot_trades_without_offers_of_its_own(game: Game, alice) -> Game:
    mine = position_of(game, alice)
    return play_as(
        game,
        alice,
        lambda state: (
            state.phase == "trade"
            and state.active != mine
            and not any(offer.maker == state.active for offer in state.offers.values())
        ),
        at_page=True,
    )


def test_a_bot_trading_as_the_active_player_leaves_alice_its_patience_to_offer(game, alice):
    game = a_bot_trades_without_offers_of_its_own(game, alice)
    bot = state_of(game).active
    row = Deadline.objects.get(game=game, seat__position=bot, done=False)
    waited_from = game.seq
    patience = timecontrol.PRESETS["daily"].bot_patience
    assert abs(row.due_at - (row.started_at + patience)) < timedelta(seconds=5)
    # Beside her offer builder, she reads that the bot waits for her offers, and until when.
    shown = re.escape(shown_at(row.due_at))
    name = re.escape(state_of(game).names[bot])
    notice = rf"{name} waits for your offers until\s*<time[^>]*>{shown}<.*?, then ends trading\."
    assert re.search(notice, alice_page(game, alice), re.DOTALL)

    assert deadlines_sweep(now=row.due_at - timedelta(seconds=1)) == 0
    assert fresh(game).seq == waited_from  # alice may still offer
    assert deadlines_sweep(now=row.due_at + timedelta(seconds=1)) == 1
    assert moves_after(game, waited_from)[0] == ("end_trading", "bot")
    assert set(Seat.objects.filter(game=game).values_list("timeouts", flat=True)) == {0}


def test_a_bot_trading_does_not_wait_for_alice_while_her_page_is_closed(game, alice):
    """She makes her moves when called and leaves: no bot's trading waits for her offers, so
    the game only ever waits for her (to move, to answer a bot's offer, to plant)."""
    mine = position_of(game, alice)
    while (state := state_of(game)).turn < 7:
        game = fresh(game)
        where = f"turn {state.turn}, {state.phase}, active {state.active}"
        assert mine in engine.waiting_for(state), f"the game waits for a bot at {where}"
        move_submit(
            game_id=game.id, user=alice, action=good_move(game, mine), expected_seq=game.seq
        )
    ended = game.moves.filter(kind="end_trading", actor=Move.Actor.BOT)
    assert ended.count() >= 2


def test_a_bot_waiting_for_offers_tells_alice_she_may_pass_and_goes_on_once_she_has(game, alice):
    game = a_bot_trades_without_offers_of_its_own(game, alice)
    waited_from = fresh(game).seq
    page = alice_page(game, alice)
    hint = '<a href="#book-pass">Nothing to offer? Pass, and it waits for you no longer.</a>'
    assert hint in page and 'id="book-pass"' in page

    move_submit(game_id=game.id, user=alice, action={"kind": "pass"}, expected_seq=waited_from)

    # The bot ends trading at once, not when its patience runs out.
    assert moves_after(game, waited_from)[:2] == [("pass", "player"), ("end_trading", "bot")]


def test_a_bot_trading_waits_no_longer_once_alice_has_closed_her_page(game, alice):
    game = a_bot_trades_without_offers_of_its_own(game, alice)
    waited_from = fresh(game).seq
    Seat.objects.filter(game=game, user=alice).update(last_seen_at=None)

    # Her standing offers are there for it to take: asked again, it ends trading now instead
    # of waiting out its patience for her.
    bot_moves.bot_move(game_id=game.id, expected_seq=waited_from)

    assert moves_after(game, waited_from)[0] == ("end_trading", "bot")


def test_a_bot_waiting_for_alice_at_her_page_looks_again_once_it_could_have_closed(
    game, alice, monkeypatch
):
    game = a_bot_trades_without_offers_of_its_own(game, alice)
    waited_from = fresh(game).seq
    later = []
    monkeypatch.setattr(
        task_queue,
        "after_commit",
        lambda job, *args, countdown=0: later.append((job, args, countdown)),
    )
    at_the_page(game, alice)

    bot_moves.bot_move(game_id=game.id, expected_seq=waited_from)

    assert fresh(game).seq == waited_from  # it waits for her offers
    assert later == [(task_queue.BOT_MOVE, (game.id, waited_from), PAGE_OPEN.total_seconds())]
    # She leaves without a move: when it looks again, her page no longer counts as open.
    seen = timezone.now() - PAGE_OPEN - timedelta(seconds=1)
    Seat.objects.filter(game=game, user=alice).update(last_seen_at=seen)
    bot_moves.bot_move(game_id=game.id, expected_seq=waited_from)
    assert moves_after(game, waited_from)[0] == ("end_trading", "bot")


def test_alices_offer_to_a_waiting_bot_is_answered_and_the_bot_waits_on(game, alice):
    game = a_bot_trades_without_offers_of_its_own(game, alice)
    mine = position_of(game, alice)
    state = state_of(game)
    bot = state.active
    before = Deadline.objects.get(game=game, seat__position=bot, done=False)

    result = move_submit(
        game_id=game.id,
        user=alice,
        action={"kind": "offer", "to": bot, "give": [state.hands[mine][0]]},
        expected_seq=game.seq,
    )

    assert moves_after(game, result.seq) in ([("accept", "bot")], [("decline", "bot")])
    assert not state_of(game).offers
    # Still trading, its patience counted again from its answer.
    assert state_of(game).phase == "trade" and state_of(game).active == bot
    after = Deadline.objects.get(game=game, seat__position=bot, done=False)
    assert after.due_at >= before.due_at
    let_patience_run_out(game)
    assert moves_after(game, result.seq)[1] == ("end_trading", "bot")


def test_a_bot_standing_in_for_an_absent_player_ends_trading_without_waiting(alice, bob):
    game = game_create(user=alice, edition="rio-grande", players=3, options={})
    seat_join(game_id=game.id, user=bob)
    game_add_bot(game_id=game.id, user=alice, bot="heuristic")
    Seat.objects.filter(game=game, user=bob).update(bot_standing_in=True)
    game_start(game_id=game.id, user=alice)
    mine, bobs = position_of(game, alice), position_of(game, bob)
    house_bot = Seat.objects.get(game=game, user=None).position

    while not game.moves.filter(seat__position=bobs, kind="end_trading").exists():
        state = state_of(game)
        if mine in engine.waiting_for(state):
            action = good_move(game, mine)
            move_submit(game_id=game.id, user=alice, action=action, expected_seq=game.seq)
        else:
            # Only the house's bot waits for alice; the seat a bot plays for bob never does.
            assert state.active == house_bot and state.phase == "trade"
            let_patience_run_out(game)

    ended = game.moves.get(seat__position=bobs, kind="end_trading")
    assert ended.actor == Move.Actor.BOT
    made_for = game.moves.filter(actor=Move.Actor.SYSTEM, seq__gt=0)
    assert all(move.payload.get("assumed") for move in made_for)  # passes, no timeout


def test_a_bots_patience_never_outlasts_the_trading_window():
    game = Game(time_control="daily", trading_window=timedelta(minutes=30))

    assert timecontrol.bot_patience(game) == timedelta(minutes=30)
    assert timecontrol.bot_patience(Game(time_control="fast")) == timedelta(minutes=1)


def test_the_bots_beside_alice_stand_offers_she_reads_by_bean_only(game, alice):
    mine = position_of(game, alice)

    game = play_as(
        game,
        alice,
        lambda state: (
            state.book is not None
            and any(offer.maker != mine for offer in state.book.standing.values())
        ),
    )

    stood = game.moves.filter(kind="stand")
    assert stood and {move.actor for move in stood} == {Move.Actor.BOT}
    standing = engine.view(state_of(game), mine)["book"]["standing"]
    theirs = [offer for offer in standing if offer["maker"] != mine]
    assert theirs and all(card["id"] is None for o in theirs for card in o["give"])
    assert not state_of(game).book.rules  # a bot answers each offer itself, without rules


def gift_a_trading_bot_grows(state: engine.State, mine: int) -> int | None:
    """A card of alice's hand whose bean a field of the bot trading as the active player grows."""
    if state.phase != "trade" or state.active == mine or state.offers:
        return None
    beans = state.card_beans
    grown = {beans[field[0]] for field in state.fields[state.active] if field}
    return next((card for card in state.hands[mine] if beans[card] in grown), None)


def test_a_bot_trading_as_the_active_player_takes_alices_standing_gift_at_once(game, alice):
    mine = position_of(game, alice)
    game = play_as(
        game, alice, lambda state: gift_a_trading_bot_grows(state, mine) is not None, at_page=True
    )
    state = state_of(game)
    bot, card = state.active, gift_a_trading_bot_grows(state, mine)
    Seat.objects.filter(game=game, user=alice).update(last_seen_at=None)  # she stands it by mail

    result = move_submit(
        game_id=game.id,
        user=alice,
        action={"kind": "stand", "give": [card], "ask": {}},
        expected_seq=game.seq,
    )

    offer = next(event.data["offer"] for event in result.events if event.kind == "stood")
    taken = game.moves.get(kind="take", seq=result.seq + 1)
    assert (taken.seat.position, taken.actor, taken.payload["offer"]) == (bot, "bot", offer)
    state = state_of(game)
    assert card not in state.hands[mine]
    assert card in state.to_plant[bot] or any(card in field for field in state.fields[bot])
    accepted = row_message(Outbox.objects.get(user=alice, game=game, kind="offer_accepted"))
    # A gift brings her nothing: no word of beans waiting beside her fields.
    assert "as a gift" in accepted.body
    assert "The beans you received" not in accepted.body


def test_a_bots_offer_starts_no_clock_of_alices_and_costs_her_no_time_nor_a_timeout(game, alice):
    game = a_bot_waits_for_alice(game, alice)
    mine = position_of(game, alice)
    state = state_of(game)
    offer = offer_from_active_bot(state, mine)
    seat = Seat.objects.get(game=game, position=mine)

    assert mine in engine.waiting_for(state)  # the rules still let her answer
    assert not Deadline.objects.filter(game=game, seat=seat, done=False).exists()
    move_submit(
        game_id=game.id,
        user=alice,
        action={"kind": "decline", "offer": offer.id},
        expected_seq=game.seq,
    )
    after = Seat.objects.get(pk=seat.pk)
    assert (after.bank, after.timeouts) == (seat.bank, 0)


def test_a_bots_offer_asking_for_a_bean_alice_lacks_says_why_she_cannot_accept(game, alice):
    game = a_bot_waits_for_alice(game, alice)
    mine = position_of(game, alice)
    state = state_of(game)
    offer = offer_from_active_bot(state, mine)
    held = {state.card_beans[card] for card in state.hands[mine]}
    lacking = next(bean for bean in sorted(set(state.card_beans)) if bean not in held)
    offer.ask = {lacking: 2}
    Game.objects.filter(pk=game.pk).update(state=engine.to_dict(state))

    html = alice_page(fresh(game), alice)

    assert f'id="accept-offer{offer.id}"' not in html
    name = engine.BEANS[lacking].name
    assert f"You cannot accept: it asks for 2 × {name}, and your hand does not hold them." in html
