"""A count of one reads in the singular in every language, on the page or in the mail where
players see it: "1 volta", "1 scartata", "Il vous reste 1 jour"."""

import pytest
from django.core import mail as sent_mail
from django.urls import reverse
from django.utils import timezone, translation

from games import engine
from games.calls import channels, routing
from games.calls.mailing import outbox_send
from games.calls.outbox import bot_standing_in_write
from games.clocks.timecontrol import VACATION_DAYS_PER_YEAR
from games.engine.events import describe
from games.models import Game, Outbox, Seat
from games.refusals import ServiceError
from games.services import chat, lobby
from games.services.chat import chat_post
from games.services.lobby import invitations_mail
from games.services.profiles import profile_get_or_create
from tests.games.helpers import calls_routed, speak, visible_text
from tests.helpers import fresh, state_of, user_at

pytestmark = pytest.mark.django_db


def page(client, user, language: str, url: str) -> str:
    """What `user` reads at `url` in `language`: the visible words, one space apart."""
    speak(user, language)
    client.force_login(user)
    return " ".join(visible_text(client.get(url).content.decode()).split())


def test_the_duels_how_to_play_says_the_pile_runs_out_once(client):
    wanted = {
        "en": "The game ends when the draw pile has run out 1 time.",
        "de": "Das Spiel endet, wenn der Nachziehstapel 1 Mal aufgebraucht ist.",
        "fr": "La partie se termine quand la pioche a été épuisée 1 fois.",
        "it": "La partita finisce quando il mazzo si è esaurito 1 volta.",
        "nl": "Het spel eindigt als de trekstapel 1 keer op is.",
    }
    url = reverse("games:how_to_play", args=["rio-grande"]) + "?players=2"
    for language, sentence in wanted.items():
        rules = visible_text(client.get(url, HTTP_ACCEPT_LANGUAGE=language).content.decode())
        assert sentence in rules, language


def test_one_discarded_card_and_one_run_out_pile_read_singular_on_the_board(client, started_game):
    state = state_of(started_game)
    state.discard.append(state.deck.pop())
    state.exhaustions = 1
    Game.objects.filter(pk=started_game.pk).update(state=engine.to_dict(state))
    game = fresh(started_game)
    wanted = {
        "en": ("1 discarded", "ran out 1 of 2 times"),
        "de": ("1 abgeworfen", "1 von 2 Malen aufgebraucht"),
        "fr": ("1 défaussée", "épuisée 1 fois sur 2"),
        "it": ("1 scartata", "esaurito 1 volta su 2"),
        "nl": ("1 afgelegd", "1 van 2 keer op"),
    }
    for language, (discarded, ran_out) in wanted.items():
        board = page(client, user_at(game, 0), language, reverse("games:game", args=[game.id]))
        assert discarded in board and ran_out in board, language


def test_one_seat_taken_reads_singular_on_the_home_page(client, open_game, bob):
    wanted = {
        "en": ("1 of 3 seats taken", "1 of 3 seats"),
        "de": ("1 von 3 Plätzen besetzt", "1 von 3 Plätzen"),
        "fr": ("1 place prise sur 3", "1 place sur 3"),
        "it": ("1 posto su 3 occupato", "1 posto su 3"),
        "nl": ("1 van 3 plaatsen bezet", "1 van 3 plaatsen"),
    }
    for language, (mine, others) in wanted.items():
        home = reverse("games:home")
        assert mine in page(client, open_game.created_by, language, home), language
        assert others in page(client, bob, language, home), language


def test_one_vacation_day_left_reads_singular_on_the_preferences(client, alice):
    profile = profile_get_or_create(user=alice)
    profile.vacation_year = timezone.now().year
    profile.vacation_days_used = VACATION_DAYS_PER_YEAR - 1
    profile.save()
    days = VACATION_DAYS_PER_YEAR
    wanted = {
        "en": f"You have 1 of {days} vacation days left this year.",
        "de": f"Du hast in diesem Jahr noch 1 von {days} Urlaubstagen.",
        "fr": f"Il vous reste 1 jour de vacances sur {days} cette année.",
        "it": f"Quest'anno ti resta 1 giorno di vacanza su {days}.",
        "nl": f"Je hebt dit jaar nog 1 van {days} vakantiedagen.",
    }
    for language, sentence in wanted.items():
        preferences = page(client, alice, language, reverse("links:preferences"))
        assert sentence in preferences, language


def sent_in(user, language: str, row: Outbox) -> sent_mail.EmailMultiAlternatives:
    speak(user, language)
    sent_mail.outbox.clear()
    Outbox.objects.filter(id=row.id).update(sent_at=None)
    assert outbox_send(outbox_id=row.id)
    [message] = sent_mail.outbox
    return message


def test_a_bot_standing_in_after_one_timeout_says_one_turn(started_game):
    seat = Seat.objects.get(game=started_game, position=1)
    Seat.objects.filter(id=seat.id).update(timeouts=1, bot_standing_in=True)
    bot_standing_in_write(game=started_game, seat=seat, now=timezone.now())
    row = Outbox.objects.get(kind="bot_standing_in")
    wanted = {
        "en": "your time ran out in 1 turn, so",
        "de": "deine Zeit ist in 1 Zug abgelaufen",
        "fr": "votre temps s'est écoulé sur 1 tour,",
        "it": "il tuo tempo è scaduto per 1 turno,",
        "nl": "je tijd was in 1 beurt om,",
    }
    for language, words in wanted.items():
        message = sent_in(seat.user, language, row)
        assert words in message.body and words in message.alternatives[0][0], language


def row_without_game(user, kind: str, subject: str, **context) -> Outbox:
    """A mail about no game (a season's end, a webhook turned off), as its service writes it."""
    context.update(subject=subject, open_url="https://example.com/", you=user.username)
    return Outbox.objects.create(user=user, seq=1, kind=kind, context=context)


def test_a_season_table_line_of_one_point_reads_singular(alice):
    calls_routed(alice, {routing.LEAGUE: [channels.MAIL]})
    row = row_without_game(
        alice,
        "season_over",
        "{season} of {league} is over",
        league="Bean Counters",
        season="Season 1",
        division=1,
        table=[
            {"place": 1, "name": "bob", "points": 2, "score": 40},
            {"place": 2, "name": "alice", "points": 1, "score": 30},
        ],
        place=2,
        next_division=1,
        next_season="Season 2",
    )
    wanted = {
        "en": ("1 point, score 30", "1 point<"),
        "de": ("1 Punkt, Wertung 30", "1 Punkt<"),
        "fr": ("1 point, score 30", "1 point<"),
        "it": ("1 punto, punteggio 30", "1 punto<"),
        "nl": ("1 punt, score 30", "1 punt<"),
    }
    for language, (text, html) in wanted.items():
        message = sent_in(alice, language, row)
        assert text in message.body and html in message.alternatives[0][0], language


def test_a_webhook_turned_off_after_one_failure_says_one_delivery(alice):
    row = row_without_game(
        alice,
        "webhook_off",
        "Your webhook is turned off",
        url="https://hooks.example.com/beans",
        failures=1,
    )
    wanted = {
        "en": "1 delivery failed",
        "de": "1 Zustellung ist gescheitert",
        "fr": "1 envoi a échoué",
        "it": "1 consegna è fallita",
        "nl": "1 bezorging is mislukt",
    }
    for language, words in wanted.items():
        message = sent_in(alice, language, row)
        assert words in message.body and words in message.alternatives[0][0], language


def test_a_log_line_of_a_purchase_for_one_coin_reads_singular():
    event = {"kind": "depot_bought", "seat": 0, "paid": 1}
    wanted = {
        "en": "You bought a munitions depot for 1 coin.",
        "de": "Du hast ein Munitionsdepot für 1 Taler gekauft.",
        "fr": "Vous avez acheté un dépôt de munitions pour 1 thaler.",
        "it": "Hai comprato un deposito delle munizioni per 1 moneta.",
        "nl": "Je hebt een munitiedepot gekocht voor 1 munt.",
    }
    for language, line in wanted.items():
        with translation.override(language):
            assert describe(event, ["alice", "bob"], 0) == line, language


def refused_in_every_language(refusal, wanted: dict[str, str]) -> None:
    for language, words in wanted.items():
        with translation.override(language), pytest.raises(ServiceError) as refused:
            refusal()
        assert str(refused.value) == words, language


def test_a_chat_limit_of_one_character_is_refused_in_the_singular(monkeypatch, started_game):
    monkeypatch.setattr(chat, "CHAT_MAX_CHARS", 1)
    user = user_at(started_game, 0)

    refused_in_every_language(
        lambda: chat_post(game_id=started_game.id, user=user, text="hi"),
        {
            "en": "A message can be at most 1 character long.",
            "de": "Eine Nachricht darf höchstens 1 Zeichen lang sein.",
            "fr": "Un message peut compter au plus 1 caractère.",
            "it": "Un messaggio può essere lungo al massimo 1 carattere.",
            "nl": "Een bericht mag hoogstens 1 teken lang zijn.",
        },
    )


def test_an_invitation_limit_of_one_address_is_refused_in_the_singular(
    monkeypatch, open_game, alice
):
    monkeypatch.setattr(lobby, "INVITES_PER_SUBMISSION", 1)
    two = ["bob@example.com", "carol@example.com"]

    refused_in_every_language(
        lambda: invitations_mail(game_id=open_game.id, user=alice, addresses=two),
        {
            "en": "At most 1 address at a time, please.",
            "de": "Höchstens 1 Adresse auf einmal, bitte.",
            "fr": "Au plus 1 adresse à la fois, s'il vous plaît.",
            "it": "Al massimo 1 indirizzo alla volta, per favore.",
            "nl": "Hoogstens 1 adres tegelijk, alsjeblieft.",
        },
    )
