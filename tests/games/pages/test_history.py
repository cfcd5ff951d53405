"""A finished game: its scores, the seed checked against its hash, the replay face up."""

import re

import pytest
from django.urls import reverse

from games import engine
from games.services.profiles import profile_get_or_create
from tests.games.helpers import book_move, card_ids_in, play_until, visible_text
from tests.helpers import fresh, state_of, user_at

pytestmark = pytest.mark.django_db


def test_a_finished_game_shows_scores_the_seed_and_a_replay_with_every_hand(client, started_game):
    play_until(started_game, lambda state: state.over)
    client.force_login(user_at(started_game, 0))
    html = client.get(reverse("games:game", args=[started_game.id])).content.decode()
    assert "The end" in html
    assert started_game.seed in html
    assert "hx-trigger" not in html  # the poll stops
    assert "badge-active" not in html  # nobody's turn any more
    assert "Your hand" in html
    check = client.get(reverse("games:seed", args=[started_game.id])).content.decode()
    assert "matches the hash" in check

    history = reverse("games:history", args=[started_game.id])
    start = client.get(history + "?seq=0").content.decode()
    assert "Every hand, face up" in start
    names = state_of(started_game).names
    dealt, _ = engine.new_game(started_game.edition, names, started_game.seed)
    assert {card for hand in dealt.hands for card in hand} <= card_ids_in(start)
    middle = client.get(history + f"?seq={started_game.seq // 2}")
    assert middle.status_code == 200
    assert client.get(history + "?seq=junk").status_code == 200


def test_the_replay_is_only_for_finished_games(client, started_game):
    client.force_login(user_at(started_game, 0))
    assert client.get(reverse("games:history", args=[started_game.id])).status_code == 404
    assert client.get(reverse("games:seed", args=[started_game.id])).status_code == 404


@pytest.fixture
def finished_game(started_game):
    return play_until(started_game, lambda state: state.over)


def test_the_replay_names_whose_answer_rules_made_a_move_to_every_reader(client, started_game):
    active = state_of(started_game).active
    to = (active + 1) % 3
    book_move(started_game, to, "rules", gifts=True, plant=True)
    game = play_until(started_game, lambda state: state.phase == "trade" and not state.offers)
    book_move(game, active, "offer", to=to, give=[state_of(game).faceup[0]])
    accepted = fresh(game).seq
    play_until(game, lambda state: state.over)
    name = state_of(game).names[to]
    history = reverse("games:history", args=[game.id]) + f"?seq={accepted}"

    for reader in (to, active):
        client.force_login(user_at(game, reader))
        lines = visible_text(client.get(history).content.decode())
        assert f"(by {name}'s answer rules)." in lines
        assert "your answer rules" not in lines


def test_a_step_asked_for_by_the_replay_controls_is_its_partial_and_its_address(
    client, finished_game
):
    client.force_login(user_at(finished_game, 0))
    history = reverse("games:history", args=[finished_game.id])
    whole = client.get(history + "?seq=5")
    step = client.get(history + "?seq=5", HTTP_HX_REQUEST="true")
    html = step.content.decode()
    assert "<html" not in html and 'id="replay-seq"' not in html  # not the page, not the slider
    assert 'id="replay-step" data-seq="5"' in html
    assert "Every hand, face up" in html
    assert len(step.content) < len(whole.content)
    assert step["HX-Push-Url"] == history + "?seq=5"  # a step shown can be linked to
    assert "HX-Request" in step["Vary"] and "HX-Request" in whole["Vary"]
    beyond = client.get(history + f"?seq={finished_game.seq + 50}", HTTP_HX_REQUEST="true")
    assert beyond["HX-Push-Url"] == history + f"?seq={finished_game.seq}"


def test_a_step_the_back_button_finds_unkept_is_the_whole_page(client, finished_game):
    client.force_login(user_at(finished_game, 0))
    history = reverse("games:history", args=[finished_game.id])
    restored = client.get(
        history + "?seq=3", HTTP_HX_REQUEST="true", HTTP_HX_HISTORY_RESTORE_REQUEST="true"
    )
    html = restored.content.decode()
    assert "<html" in html and 'id="replay-seq"' in html
    assert 'id="replay-step" data-seq="3"' in html


def test_the_whole_log_shows_each_moves_number_once_and_opens_the_replay_there(
    client, finished_game
):
    client.force_login(user_at(finished_game, 0))
    html = client.get(reverse("games:log", args=[finished_game.id])).content.decode()
    log = re.search(r'<(ol|ul) class="full-log"[^>]*>(.*?)</\1>', html, re.S)
    # A browser numbers the items of an ordered list: "1." before move 0's "0".
    assert log.group(1) == "ul"
    history = reverse("games:history", args=[finished_game.id])
    lines = re.findall(r'<li class="ev-[a-z_]+">(.*?)</li>', log.group(2), re.S)
    assert len(lines) > finished_game.seq
    for line in lines:
        assert re.match(rf'<a class="seq" href="{history}\?seq=\d+"', line), line
    seq, planted = re.search(
        rf'href="{history}\?seq=(\d+)"[^>]*>\d+</a> [^<]*planted (a [^<]*)</li>', log.group(2)
    ).groups()
    moment = client.get(f"{history}?seq={seq}").content.decode()
    what_happened = re.search(r'class="what-happened".*?</section>', moment, re.S).group()
    assert f"Move {seq}</h2>" in what_happened and f"planted {planted}" in what_happened


def test_the_log_of_a_running_game_links_no_replay_and_grows_with_its_stream(
    client, started_game
):
    client.force_login(user_at(started_game, 0))
    html = client.get(reverse("games:log", args=[started_game.id])).content.decode()
    assert reverse("games:history", args=[started_game.id]) not in html
    assert '<span class="seq">0</span>' in html
    stream = reverse("games:stream", args=[started_game.id])
    assert f'data-stream="{stream}?since={started_game.seq}&amp;chat=0&amp;stamp=' in html
    assert 'hx-trigger="live" hx-select="#full-log"' in html


def test_the_log_of_a_finished_game_follows_no_stream(client, finished_game):
    client.force_login(user_at(finished_game, 0))
    html = client.get(reverse("games:log", args=[finished_game.id])).content.decode()
    assert "data-stream" not in html and "live.js" not in html


def test_the_german_replay_calls_a_turn_a_zug_as_the_rest_of_the_site_does(client, finished_game):
    alice = user_at(finished_game, 0)
    profile = profile_get_or_create(user=alice)
    profile.language = "de"
    profile.save()
    client.force_login(alice)
    html = client.get(reverse("games:history", args=[finished_game.id])).content.decode()
    assert "<label>Zug <select" in html
    assert "Runde" not in html


def test_the_turn_list_of_the_replay_shows_the_turn_of_the_move_shown(client, finished_game):
    client.force_login(user_at(finished_game, 0))
    turns = list(finished_game.snapshots.order_by("seq").values_list("seq", "turn"))
    (start, turn), (next_start, _) = turns[3], turns[4]
    assert next_start - start > 1
    html = client.get(
        reverse("games:history", args=[finished_game.id]) + f"?seq={start + 1}"
    ).content.decode()
    assert f'<option value="{start}" selected>{turn}</option>' in html
