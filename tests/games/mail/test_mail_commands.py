"""The board in plain text, the moves as commands, and commands read back as moves."""

import random

import pytest
from django.template.loader import render_to_string
from django.utils import translation

from games import engine
from games.engine.beans import bean_name
from games.engine.move_words import CommandError
from games.engine.simulate import play
from games.mail import commands
from games.mail.board_text import board_text
from mailplay import commands as reply

NAMES = ["alice", "bob", "carol"]


def states(edition="rio-grande", players=3, seed="text", every=7):
    """Positions of a game between careful bots, one in `every` moves."""
    outcome = play(edition, players, seed, ["heuristic"])
    state, _ = engine.new_game(edition, NAMES[:players], seed)
    for number, (seat, action) in enumerate(outcome.log):
        engine.apply(state, seat, action)
        if number % every == 0 and not state.over:
            yield state


def reads(view, line: str) -> dict:
    hand = [card["id"] for card in view["hand"] or []]
    numbered = [command.text for command in commands.commands(view)]
    return reply.parse(line, view, hand, numbered)


@pytest.mark.parametrize(("edition", "players"), [("rio-grande", 3), ("rio-grande", 2)])
def test_every_command_listed_reads_back_as_a_move_the_rules_allow(edition, players):
    kinds = set()
    for state in states(edition, players):
        for seat in engine.waiting_for(state):
            view = engine.view(state, seat)
            listed = commands.commands_text(view).splitlines()
            for number, command in enumerate(commands.commands(view), 1):
                # as written, by its number, and copied whole from the mail's list
                for line in (command.text, str(number), listed[number - 1]):
                    move = reads(view, line)
                    engine.apply(state.copy(), seat, move)
                    kinds.add(move["kind"])
    assert {"plant", "harvest", "stop_planting"} <= kinds
    assert kinds & {"end_trading", "end_turn"}


def test_the_board_shows_the_hand_in_order_the_fields_the_coins_and_the_offers():
    state = next(s for s in states() if s.phase == "trade")
    seat = state.active
    other = (seat + 1) % 3
    number = state.next_offer
    engine.apply(state, other, {"kind": "offer", "to": seat, "give": [state.hands[other][0]]})
    view = engine.view(state, seat)

    text = board_text(view)

    hand = "  ".join(
        f"{i}) {bean_name(card['bean'])}" for i, card in enumerate(view["hand"], 1)
    )
    assert f"Your hand, front first: {hand}" in text
    assert "Your fields: 1: " in text
    assert f"Offer {number} from {NAMES[other]}: " in text
    assert "Face up: " in text
    assert text.startswith(view["prompt"]["text"])
    others = [name for i, name in enumerate(NAMES) if i != seat]
    assert all(f"{name}: " in text for name in others)


def test_a_seats_board_says_nothing_of_the_other_hands_or_the_deck():
    rng = random.Random(5)
    for state in states(every=11):
        for seat in range(3):
            hidden = state.copy()
            # Other hands and the draw pile dealt anew: the same counts, other cards.
            pool = [card for other in range(3) if other != seat for card in hidden.hands[other]]
            pool += hidden.deck
            rng.shuffle(pool)
            for other in range(3):
                if other != seat:
                    size = len(hidden.hands[other])
                    hidden.hands[other], pool = pool[:size], pool[size:]
            hidden.deck = pool
            assert board_text(engine.view(hidden, seat)) == board_text(
                engine.view(state, seat)
            )


def test_an_offer_is_written_with_hand_places_beans_and_face_up_cards():
    state = next(s for s in states() if s.phase == "trade" and s.faceup)
    seat, other = state.active, (state.active + 1) % 3
    view = engine.view(state, seat)
    faceup = bean_name(view["faceup"][0]["bean"]).lower()

    move = reads(view, f"Offer {NAMES[other]} give 1, 2 faceup {faceup} ask 2 soy red")

    assert move == {
        "kind": "offer",
        "to": other,
        "give": [view["hand"][0]["id"], view["hand"][1]["id"], view["faceup"][0]["id"]],
        "ask": {"soy": 2, "red": 1},
        "ask_faceup": [],
    }


def test_the_offer_example_names_a_player_of_the_game_and_has_no_number_to_reply():
    state = next(s for s in states() if s.phase == "trade")
    view = engine.view(state, state.active)
    moves = commands.commands(view)
    others = [name for seat, name in enumerate(NAMES) if seat != state.active]

    listed = commands.commands_text(view).splitlines()

    [example] = [line for line in listed if line.strip().startswith("offer ")]
    assert example.startswith("      offer ") and example.endswith("(an example)")
    assert example.split()[1] in others
    assert len(listed) == len(moves) + 1 and not any(m.text.startswith("offer") for m in moves)
    with pytest.raises(CommandError, match="There is no move number"):
        reads(view, str(len(moves) + 1))
    with pytest.raises(
        CommandError, match="Write an offer as “offer (.+) give"
    ) as refusal:
        reads(view, "offer someone")
    assert refusal.value.args[0].split("“offer ")[1].split()[0] in others


def test_beans_are_read_by_their_names_in_the_readers_language_in_any_case_or_in_english():
    state = next(s for s in states() if s.phase == "trade")
    view = engine.view(state, state.active)
    other = NAMES[(state.active + 1) % 3]

    with translation.override("fr"):
        move = reads(view, f"offer {other} ask 2 HARICOT CAFÉ 1 haricotrouge soy")
        board = board_text(view)
        front = bean_name(view["hand"][0]["bean"])

    assert move["ask"] == {"coffee": 2, "red": 1, "soy": 1}
    english = {bean.key: bean.name for bean in engine.BEANS}[view["hand"][0]["bean"]]
    assert f"1) {front}" in board and front != english


def test_the_examples_in_a_refusal_name_the_beans_in_the_readers_language():
    view = engine.view(next(states()), 0)

    with translation.override("de"), pytest.raises(CommandError) as refusal:
        reads(view, "stand 2 soy")

    assert "stand give 2 feuerbohne ask 1 sojabohne" in str(refusal.value)


@pytest.mark.parametrize(
    ("line", "reason"),
    [
        ("hello there", "is not one of the moves the mail lists"),
        ("99", "There is no move number 99"),
        ("harvest", "Say which field"),
        ("harvest two", "Give the field as a number"),
        ("accept", "Say which offer"),
        ("offer nobody give 1", "There is no player called “nobody”"),
        ("offer bob give 40", "Your hand has no card 40"),
        ("offer bob ask 1 gold", "There is no bean called “gold”"),
        ("discard soy", "You cannot discard a Soy now"),
        ("²", "is not one of the moves the mail lists"),
        ("harvest ²", "Give the field as a number"),
        ("harvest " + "9" * 5000, "Give the field as a number"),
        ("offer bob ask ² soy", "There is no bean called “²”"),
        ("take", "Say which offer"),
        ("stand 2 soy", "Write a standing offer as “stand give 2 chili ask 1 soy”"),
        ("stand give 2", "There is no bean called “”"),
        ("rules", "Say which answer rules"),
        ("rules keep", "Give the number of cards to keep as a number"),
        ("rules always", "“always” is no answer rule"),
        ("plan plant", "Say the field for your front card"),
        ("plan dance", "“dance” is no part of a turn plan"),
    ],
)
def test_a_line_that_is_no_move_says_why(line, reason):
    state = next(s for s in states() if s.phase == "trade" and s.active == 0)
    view = engine.view(state, 0)
    with pytest.raises(CommandError, match=reason):
        reads(view, line)


def test_accepting_gives_the_cards_the_page_would_tick_unless_told_which():
    rng = random.Random(3)
    for state in states(every=3):
        for seat in range(3):
            view = engine.view(state, seat)
            for move in (m for m in view["legal"] if m["kind"] == "accept"):
                assert reads(view, f"accept {move['offer']}")["give"] == move["give"]
                hand = [card["id"] for card in view["hand"]]
                places = rng.sample(range(1, len(hand) + 1), min(2, len(hand)))
                chosen = reads(view, f"accept {move['offer']} using {','.join(map(str, places))}")
                assert chosen["give"] == [hand[p - 1] for p in places]
                return
    pytest.fail("no offer to accept came up")


def test_a_mail_says_when_the_game_page_offers_moves_its_commands_do_not():
    plain = [engine.view(state, seat) for state in states() for seat in engine.waiting_for(state)]
    conquest = [
        engine.view(state, seat)
        for state in states("bohnaparte", 3, every=3)
        for seat in engine.waiting_for(state)
    ]

    assert not any(commands.page_only(view) for view in plain)
    attacking = [view for view in conquest if view["phase"] == "attack"]
    assert attacking and all(commands.page_only(view) for view in attacking)
    for template in ("mail/base.txt", "mail/base.html"):
        said = render_to_string(template, {"commands": "  1  plant", "page_only": True})
        assert "More moves are open to you on the game page than this mail lists." in said
        assert "More moves" not in render_to_string(template, {"commands": "  1  plant"})


def test_a_reply_is_read_as_a_judge_reads_it_its_words_around_the_moves_left_unread():
    lines = ["Hi all,", "", "plant chili in field 1.", "5.", "End.", "Cheers,", "Ann", "", "3"]

    moves, unread = reply.read_out(lines)

    assert moves == ["plant chili in field 1.", "5.", "End."]
    assert unread == ["Hi all,", "Cheers,", "Ann", "3"]


def test_the_punctuation_ending_a_sentence_is_not_read():
    state = next(states())
    view = engine.view(state, engine.waiting_for(state)[0])
    first = commands.commands(view)[0].text

    assert reads(view, f"{first}.") == reads(view, first)
    assert reads(view, "1!") == reads(view, "1")


def test_a_sentence_beginning_with_a_commands_word_is_no_command():
    assert not reply.is_command("End of my moves.")
    assert not reply.is_command("Pass my regards to Bob!")
    assert not reply.is_command("2 cheers")
    assert all(map(reply.is_command, ["end turn", "buy field", "3 pass", "Stop."]))


def _accept_note(state, seat: int) -> str:
    [command] = [
        c for c in commands.commands(engine.view(state, seat)) if c.text.startswith("accept")
    ]
    return command.note


def test_accepting_an_offer_says_the_face_up_cards_it_asks():
    state = next(s for s in states() if s.phase == "trade" and s.faceup and not s.offers)
    seat, other = state.active, (state.active + 1) % 3
    faceup = state.faceup[0]
    bean = engine.BEANS[state.card_beans[faceup]].key
    engine.apply(
        state,
        other,
        {"kind": "offer", "to": seat, "give": [state.hands[other][0]], "ask_faceup": [faceup]},
    )

    assert _accept_note(state, seat) == f"giving the face-up {bean_name(bean)}"
    with translation.override("de"):
        assert _accept_note(state, seat) == f"du gibst die aufgedeckte {bean_name(bean)}"


def test_accepting_an_offer_says_which_beans_of_the_hand_it_gives():
    state = next(s for s in states() if s.phase == "trade" and s.hands[s.active] and not s.offers)
    seat, other = state.active, (state.active + 1) % 3
    bean = engine.BEANS[state.card_beans[state.hands[seat][-1]]].key
    engine.apply(
        state,
        other,
        {"kind": "offer", "to": seat, "give": [state.hands[other][0]], "ask": {bean: 1}},
    )

    assert _accept_note(state, seat) == f"giving 1 {bean_name(bean)} from your hand"
    with translation.override("fr"):
        name = bean_name(bean)
        assert _accept_note(state, seat) == f"en donnant 1 {name} de votre main"
