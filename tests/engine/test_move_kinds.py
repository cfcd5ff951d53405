"""Every kind of move of every edition is registered whole: its checks and handler, its
listing, what a move chosen on an older board reads, and a line in the log for each kind of
event it emits."""

import pytest

from games.engine import IllegalMove, apply, default_move, move_words, trimmed, view, waiting_for
from games.engine.bohnaparte.moves import BohnaparteMove
from games.engine.events import has_wording
from games.engine.expansions import EXPANSIONS, expansion_kinds
from games.engine.move_kinds import MOVES, MoveKind

from .helpers import ALICE, game

# A game of each edition and variant: the base game, the Bean Duel, Bohnaparte and its cavalry.
GAMES = [
    ("amigo-classic", 4),
    ("amigo-1997", 3),
    ("rio-grande", 2),
    ("rio-grande", 5),
    ("bohnaparte", 4),
    ("bohnaparte/cavalry", 4),
]
EXPANSION_KINDS = {kind for expansion in EXPANSIONS.values() for kind in expansion.moves}


def kinds_of(state) -> list[str]:
    """The kinds of move a game knows: the base game's and its expansions'."""
    base = [name for name in MOVES if name not in EXPANSION_KINDS]
    return base + list(expansion_kinds(state))


def missing_parts(kind: MoveKind, state) -> list[str]:
    """The parts a kind lacks, found by asking each of a game it belongs to."""
    missing = []
    action = {"kind": kind.name}
    try:
        kind.apply(state.copy(), ALICE, action, [])
    except IllegalMove:
        pass
    except NotImplementedError:
        missing.append("handler")
    for part, ask in (
        ("listing", lambda: kind.moves(state, ALICE)),
        ("staleness check", lambda: kind.what_changed(state, state.copy(), ALICE, action)),
    ):
        try:
            ask()
        except NotImplementedError:
            missing.append(part)
    if not kind.emits:
        missing.append("events")
    missing += [f"wording of {event}" for event in kind.emits if not has_wording(event)]
    return missing


@pytest.mark.parametrize("edition, players", GAMES)
def test_every_kind_of_move_of_every_edition_has_every_part(edition, players):
    state = game(edition, players)

    for name in kinds_of(state):
        assert name in MOVES, f"{name} is not registered"
        assert missing_parts(MOVES[name], state) == [], name


def test_every_registered_kind_belongs_to_an_edition_and_each_expansion_kind_to_one():
    known = {name for edition, players in GAMES for name in kinds_of(game(edition, players))}
    claimed = [kind for expansion in EXPANSIONS.values() for kind in expansion.moves]

    assert known == set(MOVES)
    assert len(claimed) == len(set(claimed))


def test_a_kind_without_a_handler_listing_staleness_check_or_wording_is_found_out():
    bare = MoveKind("bare", (), ("bare_done",))

    assert missing_parts(bare, game()) == [
        "handler",
        "listing",
        "staleness check",
        "wording of bare_done",
    ]


def test_a_bohnaparte_kind_that_carries_nothing_out_is_found_out():
    hollow = BohnaparteMove("hollow", (), ("attacked",))

    assert missing_parts(hollow, game("bohnaparte", 4)) == [
        "handler",
        "listing",
        "staleness check",
    ]


def test_a_move_keeps_only_the_keys_its_kind_reads():
    assert trimmed({"kind": "battle_card", "card": "deck", "land": 3}) == {
        "kind": "battle_card",
        "card": "deck",
    }
    assert trimmed({"kind": "end_turn", "card": 3}) == {"kind": "end_turn"}


# Moves a player makes with a form of the page's own, not a kind's button or command: leaving
# the game (the resign form) and, for Bohnaparte, its map, battles and depot.
PAGE_ONLY = {"resign"} | set(EXPANSIONS["bohnaparte"].moves)


def test_every_kind_a_player_writes_by_mail_or_taps_on_the_page_has_its_words_beside_it():
    spoken = {name for name in MOVES if name not in PAGE_ONLY}

    assert spoken == set(move_words.WORDS)
    for name in spoken:
        words = move_words.of(name)
        assert words.verbs, f"{name} has no command word"
        assert all(words in move_words.by_verb(verb) for verb in words.verbs)


def test_a_move_of_each_kind_listed_is_shown_as_a_button_a_form_or_a_command():
    """Every legal move the page or a mail lists has somewhere to be made: its kind's buttons,
    a form of the page's own (an offer, an accept, a take), or at least a command."""
    for edition, players in GAMES[:4]:
        state = game(edition, players)
        for _ in range(120):
            if state.over:
                break
            seat = waiting_for(state)[0]
            page = view(state, seat)
            for move in page["legal"]:
                words = move_words.of(move["kind"])
                assert words.form or words.buttons(move, page), move
                assert words.commands(move, page), move
            apply(state, seat, default_move(state, seat))
