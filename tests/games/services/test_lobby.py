import pytest
from django.utils import translation

from games import engine
from games.models import Game, Move, Profile, Seat, Snapshot
from games.refusals import Conflict, NotAllowed, NotYourSeat, ServiceError
from games.services.lobby import (
    game_add_bot,
    game_cancel,
    game_create,
    game_start,
    seat_join,
    seat_leave,
)
from games.services.profiles import profile_get_or_create

pytestmark = pytest.mark.django_db


def test_a_new_profile_is_named_after_the_local_part_of_the_email(alice):
    profile = profile_get_or_create(user=alice)

    assert profile.display_name == "alice"
    assert profile_get_or_create(user=alice) == profile
    assert Profile.objects.count() == 1


def test_creating_a_game_seats_its_creator_and_shows_only_the_hash_of_the_seed(alice):
    game = game_create(
        user=alice,
        edition="amigo-1997",
        players=3,
        options={"three_fields_at_three": True},
        is_open=False,
        name="  Beans on Sunday ",
    )

    assert game.status == Game.Status.OPEN
    assert game.name == "Beans on Sunday"
    assert not game.is_open
    assert game.seed_hash == engine.seed_hash(game.seed)
    assert len(game.invite_token) >= 20
    assert [(seat.user, seat.name, seat.position) for seat in game.seats.all()] == [
        (alice, "alice", None)
    ]


def test_an_option_for_another_player_count_is_refused(alice):
    with pytest.raises(ServiceError, match="for games of 3 players only"):
        game_create(
            user=alice,
            edition="amigo-1997",
            players=4,
            options={"three_fields_at_three": True},
        )

    assert not Game.objects.exists()


def test_a_game_without_a_name_is_named_after_its_creator(alice):
    game = game_create(user=alice, edition="rio-grande", players=3, options={})

    assert game.name == "alice's game"
    with translation.override("de"):
        assert game.title == "Spiel von alice"
    with translation.override("fr"):
        assert game.title == "Partie de alice"


@pytest.mark.parametrize(
    ("edition", "players", "options", "message"),
    [
        ("amigo-classic", 6, {}, "played by 3 to 5 players, not 6"),
        ("rio-grande", 3, {"no_such_option": True}, "no option 'no_such_option'"),
        ("monopoly", 3, {}, "no edition called 'monopoly'"),
        ("rio-grande", "3", {}, "whole number"),
        ("rio-grande", 3, ["fast"], "switches"),
    ],
)
def test_a_game_the_editions_do_not_allow_is_refused_with_the_reason(
    alice, edition, players, options, message
):
    with pytest.raises(ServiceError, match=message):
        game_create(user=alice, edition=edition, players=players, options=options)

    assert not Game.objects.exists()


def test_anyone_can_join_an_open_game(open_game, bob):
    seat = seat_join(game_id=open_game.id, user=bob)

    assert (seat.user, seat.name, seat.position) == (bob, "bob", None)


def test_an_invitation_only_game_needs_the_invitation_token(alice, bob, carol):
    game = game_create(
        user=alice, edition="rio-grande", players=3, options={}, is_open=False
    )

    with pytest.raises(NotAllowed, match="invitation only"):
        seat_join(game_id=game.id, user=bob)
    with pytest.raises(NotAllowed, match="invitation only"):
        seat_join(game_id=game.id, user=bob, token="guessed")
    seat_join(game_id=game.id, user=carol, token=game.invite_token)

    assert list(game.seats.values_list("name", flat=True)) == ["alice", "carol"]


def test_nobody_joins_the_same_game_twice(open_game, bob):
    seat_join(game_id=open_game.id, user=bob)

    with pytest.raises(Conflict, match="already have a seat"):
        seat_join(game_id=open_game.id, user=bob)


def test_nobody_joins_a_full_game(open_game, bob, carol, dave):
    seat_join(game_id=open_game.id, user=bob)
    seat_join(game_id=open_game.id, user=carol)

    with pytest.raises(NotAllowed, match="Every seat is taken"):
        seat_join(game_id=open_game.id, user=dave)


def test_nobody_joins_a_game_that_has_started_or_was_cancelled(started_game, alice, dave):
    with pytest.raises(NotAllowed, match="already started"):
        seat_join(game_id=started_game.id, user=dave)

    game = game_create(user=alice, edition="rio-grande", players=3, options={})
    game_cancel(game_id=game.id, user=alice)
    with pytest.raises(NotAllowed, match="cancelled"):
        seat_join(game_id=game.id, user=dave)


def test_joining_a_game_that_does_not_exist_is_a_not_found(bob):
    with pytest.raises(ServiceError) as raised:
        seat_join(game_id=987654, user=bob)

    assert raised.value.status_code == 404


def test_a_player_can_leave_before_the_start_but_the_creator_must_cancel(open_game, alice, bob):
    seat_join(game_id=open_game.id, user=bob)

    seat_leave(game_id=open_game.id, user=bob)
    with pytest.raises(NotYourSeat):
        seat_leave(game_id=open_game.id, user=bob)
    with pytest.raises(NotAllowed, match="cancel it"):
        seat_leave(game_id=open_game.id, user=alice)

    assert list(open_game.seats.values_list("name", flat=True)) == ["alice"]


def test_nobody_leaves_a_running_game(started_game, bob):
    with pytest.raises(NotAllowed):
        seat_leave(game_id=started_game.id, user=bob)


def test_the_creator_fills_free_seats_with_bots_of_their_own_names(alice):
    game = game_create(user=alice, edition="rio-grande", players=4, options={})

    first = game_add_bot(game_id=game.id, user=alice)
    second = game_add_bot(game_id=game.id, user=alice, bot="random")
    game_add_bot(game_id=game.id, user=alice)

    assert (first.name, first.bot, first.user) == ("Bot Anna", "heuristic", None)
    assert (second.name, second.bot) == ("Bot Ben", "random")
    with pytest.raises(NotAllowed, match="Every seat is taken"):
        game_add_bot(game_id=game.id, user=alice)


def test_only_the_creator_adds_bots_and_only_bots_that_exist(open_game, alice, bob):
    seat_join(game_id=open_game.id, user=bob)

    with pytest.raises(NotAllowed, match="created the game"):
        game_add_bot(game_id=open_game.id, user=bob)
    with pytest.raises(ServiceError, match="no bot called 'genius'"):
        game_add_bot(game_id=open_game.id, user=alice, bot="genius")

    assert open_game.seats.count() == 2


def test_a_game_starts_only_with_every_seat_taken_and_only_by_its_creator(open_game, alice, bob):
    seat_join(game_id=open_game.id, user=bob)

    with pytest.raises(NotAllowed, match="2 of 3"):
        game_start(game_id=open_game.id, user=alice)
    game_add_bot(game_id=open_game.id, user=alice)
    with pytest.raises(NotAllowed, match="created the game"):
        game_start(game_id=open_game.id, user=bob)

    assert Game.objects.get(pk=open_game.pk).status == Game.Status.OPEN
    assert not Move.objects.exists()


def test_starting_seats_everyone_logs_the_setup_and_snapshots_the_first_turn(started_game):
    game = Game.objects.get(pk=started_game.pk)
    seats = list(game.seats.order_by("position"))
    setup = game.moves.get()

    assert game.status == Game.Status.RUNNING
    assert game.started_at is not None
    assert game.seq == 0
    assert [seat.position for seat in seats] == [0, 1, 2]
    assert sorted(seat.name for seat in seats) == ["alice", "bob", "carol"]
    assert (setup.seq, setup.kind, setup.actor, setup.seat) == (0, "setup", "system", None)
    assert setup.payload == {
        "edition": "rio-grande",
        "names": [seat.name for seat in seats],
        "options": {},
    }
    assert "seed" not in setup.payload
    assert [event["kind"] for event in setup.events][:2] == ["game_started", "dealt"]
    state = engine.from_dict(game.state)
    assert state.names == setup.payload["names"]
    assert (state.active, state.turn, state.phase) == (0, 1, "plant")
    snapshot = Snapshot.objects.get(game=game)
    assert (snapshot.seq, snapshot.turn, snapshot.state) == (0, 1, game.state)


def test_the_seating_and_the_start_player_are_drawn_at_random(alice, bob, carol):
    starters = set()
    for _ in range(30):
        game = game_create(user=alice, edition="rio-grande", players=3, options={})
        seat_join(game_id=game.id, user=bob)
        seat_join(game_id=game.id, user=carol)
        game_start(game_id=game.id, user=alice)
        starters.add(game.seats.get(position=0).name)

    assert starters == {"alice", "bob", "carol"}


def test_players_whose_seats_carry_the_same_name_get_names_of_their_own_at_the_start(
    open_game, alice, bob, carol
):
    # A seat keeps the name its player had on joining: two players may have held one name
    # in turn, each renamed in between.
    for user in (bob, carol):
        seat_join(game_id=open_game.id, user=user)
    Seat.objects.filter(game=open_game).update(name="Bean")

    game = game_start(game_id=open_game.id, user=alice)

    assert sorted(game.seats.values_list("name", flat=True)) == ["Bean", "Bean 2", "Bean 3"]
    assert sorted(engine.from_dict(game.state).names) == ["Bean", "Bean 2", "Bean 3"]


def test_only_the_creator_cancels_a_game(open_game, alice, bob):
    seat_join(game_id=open_game.id, user=bob)
    with pytest.raises(NotAllowed, match="created the game"):
        game_cancel(game_id=open_game.id, user=bob)

    game_cancel(game_id=open_game.id, user=alice)

    assert Game.objects.get(pk=open_game.pk).status == Game.Status.CANCELLED


def test_a_running_game_cannot_be_cancelled(started_game, alice):
    with pytest.raises(NotAllowed, match="already started"):
        game_cancel(game_id=started_game.id, user=alice)

    assert Game.objects.get(pk=started_game.pk).status == Game.Status.RUNNING
