"""The expert bot plays the strong bot's moves, checked by playing the game on in worlds dealt
from what its seat may see: fair (the hidden cards and the deck dealt otherwise change nothing),
legal over whole games, the same moves for the same sight, and within its budget of worlds."""

import random

import pytest

from games.engine import apply
from games.engine.bots import LEVELS, make_bot
from games.engine.bots.book import BookBot
from games.engine.bots.expert import ExpertBot
from games.engine.bots.strong import StrongBot
from games.engine.phases import PHASES
from games.engine.playout import play

from .helpers import TABLES, edition_and_options, reshuffled, states_along

NO_TIME_CAP = float("inf")  # only the count of worlds bounds a decision in these tests


def expert(seed: str, samples: int = 3) -> ExpertBot:
    return ExpertBot(random.Random(seed), samples=samples, time_cap=NO_TIME_CAP)


def _decisions(state, players):
    """Each seat's question now: awaited, or asked whether it wants to offer something."""
    waiting = PHASES[state.phase].waiting_for(state)
    return [(seat, seat in waiting) for seat in range(players)]


@pytest.mark.parametrize(("edition", "players"), [("rio-grande", 4), ("amigo-classic", 3)])
def test_it_decides_the_same_whatever_the_cards_it_cannot_see(edition, players):
    rng = random.Random(f"expert/{edition}")
    searched = 0
    for state in states_along(edition, players, f"fair/{edition}", every=17):
        for seat, awaited in _decisions(state, players):
            other = reshuffled(state, seat, rng)
            bot, bot_otherwise = expert(f"bot/{seat}"), expert(f"bot/{seat}")
            assert bot.choose(state, seat, awaited) == bot_otherwise.choose(other, seat, awaited)
            assert bot.worlds_dealt == bot_otherwise.worlds_dealt
            searched += bot.worlds_dealt > 0
    assert searched > 10


@pytest.mark.parametrize(("edition", "players"), [*TABLES[::3], ("rio-grande", 2)])
def test_its_moves_are_legal_over_whole_games(edition, players):
    """One expert among strong bots, with the rules' invariants checked after every move."""
    name, options = edition_and_options(edition)
    bot = expert("legal", samples=2)
    seats = [bot, *(StrongBot(random.Random(f"legal/{seat}")) for seat in range(1, players))]

    outcome = play(name, players, "legal", ["expert", "strong"], options=options, seated=seats)

    assert outcome.finished and outcome.illegal == 0 and outcome.violations == []
    assert (bot.worlds_dealt > 0) == (players > 2)  # the Bean Duel's moves are the strong bot's


@pytest.mark.parametrize("rules", [False, True])
def test_with_the_trade_book_as_at_the_site_its_moves_are_legal(rules):
    """At the site a bot seat stands offers in the trade book (`rules` False: it answers each
    offer itself), and as the active player takes the standing offers of others."""
    bot = expert("book", samples=2)
    seats = [
        BookBot(bot, rules),
        *(BookBot(StrongBot(random.Random(f"book/{seat}")), rules) for seat in range(1, 4)),
    ]

    outcome = play("rio-grande", 4, "book", ["expert", "strong"], seated=seats)

    assert outcome.finished and outcome.illegal == 0 and outcome.violations == []
    assert any(action["kind"] == "stand" for _, action in outcome.log)
    assert bot.worlds_dealt > 0


@pytest.mark.parametrize(("edition", "players"), [("bohnaparte", 3), ("rio-grande", 2)])
def test_where_expansions_play_it_plays_the_strong_bots_moves(edition, players):
    """Bohnaparte and the Bean Duel have moves of their own that it does not look ahead on."""
    for state in states_along(edition, players, "fallback", every=5):
        for seat, awaited in _decisions(state, players):
            bot, strong = expert("fallback"), StrongBot(random.Random("fallback"))
            assert bot.choose(state, seat, awaited) == strong.choose(state, seat, awaited)
            assert bot.worlds_dealt == 0


def test_the_same_sight_gives_the_same_move_whatever_the_bots_seed():
    decisions = 0
    for state in states_along("rio-grande", 4, "same", every=31):
        for seat, awaited in _decisions(state, 4):
            first, second = expert("one seed"), expert("another seed")
            assert first.choose(state, seat, awaited) == second.choose(state, seat, awaited)
            decisions += first.worlds_dealt > 0
    assert decisions > 5


def test_it_deals_no_more_worlds_than_its_budget():
    """Each searched decision deals exactly its count of worlds when no time cap stops it."""
    searched = 0
    for state in states_along("rio-grande", 4, "budget", every=13):
        seat = PHASES[state.phase].waiting_for(state)[0]
        bot = expert("budget", samples=4)
        bot.choose(state, seat)
        assert bot.worlds_dealt in (0, 4)
        searched += bot.worlds_dealt == 4
    assert searched > 5


def test_a_time_cap_ends_the_search_after_the_first_world():
    """However short the cap, a decision deals one world and plays every candidate in it."""
    for state in states_along("rio-grande", 4, "cap", every=13):
        seat = PHASES[state.phase].waiting_for(state)[0]
        bot = ExpertBot(random.Random("cap"), samples=50, time_cap=0.0)
        move = bot.choose(state, seat)
        assert bot.worlds_dealt <= 1
        if bot.worlds_dealt:
            apply(state, seat, move)  # a legal move all the same
            return
    pytest.fail("no decision was searched")


def test_it_is_the_strongest_level_offered():
    assert LEVELS[-1] == "expert"
    assert isinstance(make_bot("expert", "x"), ExpertBot)
