"""Every player reads pages, mails and refusals in their own language and time zone."""

import io
import re
import zoneinfo
from datetime import datetime
from html import unescape
from pathlib import Path

import pytest
from babel.messages.extract import extract_python
from babel.messages.pofile import read_po
from django.conf import settings
from django.core import mail as sent_mail
from django.urls import reverse
from django.utils import formats, timezone, translation
from django.utils.translation.template import templatize

from games.calls.mailing import outbox_send
from games.engine.beans import bean_name
from games.models import Outbox
from games.services.profiles import profile_get_or_create
from tests.games.helpers import front_plant, play_next, post_move, speak, visible_text
from tests.helpers import preferences_saved, state_of, user_at

pytestmark = pytest.mark.django_db

# Words a page, a mail or a refusal shows only in English: none of the other languages' own
# words is one of them.
ENGLISH_ONLY = re.compile(
    r"\b(Your|your|You|you|the|The|and|Field|field|Harvest|harvest|Plant|plant|Trading|"
    r"trading|offer|Offer|coins?|turn|hand|Log|Send|Resign|waiting|Waiting)\b"
)
TRANSLATED = [code for code, _ in settings.LANGUAGES if code != "en"]


def english_words(text: str) -> set[str]:
    return set(ENGLISH_ONLY.findall(text))


@pytest.mark.parametrize("language", TRANSLATED)
def test_every_catalogue_translates_every_message_and_keeps_its_placeholders(language):
    path = Path(settings.BASE_DIR) / "locale" / language / "LC_MESSAGES" / "django.po"
    catalogue = read_po(path.open("rb"))
    placeholders = re.compile(r"\{[a-z_]+(?:!r)?\}|%\([a-z_]+\)s|%%s")
    assert len(catalogue) > 500
    assert not catalogue.fuzzy
    for message in catalogue:
        if not message.id:
            continue
        sources = list(message.id) if message.pluralizable else [message.id]
        targets = list(message.string) if message.pluralizable else [message.string]
        assert all(targets), f"untranslated in {language}: {message.id!r}"
        assert "fuzzy" not in message.flags, f"fuzzy in {language}: {message.id!r}"
        wanted = set(placeholders.findall(sources[-1]))
        for target in targets:
            assert set(placeholders.findall(target)) == wanted, (language, message.id, target)


def marked_messages() -> set[tuple[str | None, str]]:
    """(context, message id) of every message the code and the templates mark, read as
    makemessages reads them (templates through Django's own templatize)."""
    keywords = ("_", "gettext", "gettext_lazy", "gettext_noop", "ngettext", "pgettext")
    root = Path(settings.BASE_DIR)
    sources = [
        path.read_bytes()
        for folder in ("games", "mailplay", "leagues", "tournaments", "botapi", "bohnanza_site")
        for path in (root / folder).glob("**/*.py")
        if "migrations" not in path.parts
    ]
    for path in (root / "templates").glob("**/*.*"):
        code = templatize(path.read_text(), origin=str(path))
        # Babel's reader wants Python; templatize's filler lines are only indented text.
        sources.append("\n".join(line.strip() for line in code.splitlines()).encode())
    marked = set()
    for source in sources:
        for _line, function, messages, _comments in extract_python(
            io.BytesIO(source), keywords, [], {}
        ):
            texts = (messages,) if isinstance(messages, str) else messages or (None,)
            found = (texts[0], texts[1]) if function == "pgettext" else (None, texts[0])
            if found[1]:
                marked.add(found)
    return marked


@pytest.mark.parametrize("language", TRANSLATED)
def test_every_message_the_code_marks_is_in_every_catalogue(language):
    path = Path(settings.BASE_DIR) / "locale" / language / "LC_MESSAGES" / "django.po"
    catalogue = read_po(path.open("rb"))
    listed = {
        (message.context, message.id[0] if message.pluralizable else message.id)
        for message in catalogue
        if message.id
    }

    assert marked_messages() - listed == set()
    assert ("bean", "Blue") in listed


@pytest.mark.parametrize(
    ("language", "bean_names"),
    [
        ("de", ["Blaubohne", "Feuerbohne", "Saubohne", "Brechbohne", "Rote Bohne"]),
        ("nl", ["Blauwe boon", "Vuurboon", "Sojaboon", "Kidneyboon", "Tuinboon"]),
        ("fr", ["Haricot bleu", "Piment", "Fève", "Haricot rouge", "Haricot vert"]),
        ("it", ["Fagiolo Blu", "Fagiolo Peperoncino", "Fagiolo di Soia", "Fagiolo Rosso"]),
    ],
)
def test_beans_are_named_as_each_languages_editions_name_them(language, bean_names):
    with translation.override(language):
        names = {bean_name(key) for key in ("blue", "chili", "stink", "green", "soy", "red")}
        names.add(bean_name("garden"))
    assert set(bean_names) <= names


def test_the_game_page_in_german_has_no_english_word_left(client, started_game, alice, bob, carol):
    for user in (alice, bob, carol):
        speak(user, "de")
    client.force_login(alice)
    german = visible_text(
        client.get(reverse("games:game", args=[started_game.id])).content.decode()
    )
    speak(alice, "en")
    client.force_login(alice)
    english = visible_text(
        client.get(reverse("games:game", args=[started_game.id])).content.decode()
    )

    assert {"Your", "Log"} <= english_words(english)
    assert english_words(german) == set()
    assert "Protokoll" in german
    assert "Aufgedeckt" in german or "Keine Karten aufgedeckt." in german


def test_a_refused_move_in_german_says_why_in_german(client, started_game):
    active, action = front_plant(started_game)
    other = user_at(started_game, (active + 1) % 3)
    speak(other, "de")
    client.force_login(other)
    response = post_move(client, started_game, action, started_game.seq, HTTP_HX_REQUEST="true")
    refusal = re.search(r'role="alert">([^<]*)<', response.content.decode())[1]

    assert response.status_code == 400
    assert unescape(refusal) == "Du bist gerade nicht mit Anbauen an der Reihe."
    assert english_words(visible_text(response.content.decode())) == set()


def test_a_mail_goes_out_in_its_recipients_language_and_zone_whoever_made_the_move(started_game):
    second, third = user_at(started_game, 1), user_at(started_game, 2)
    speak(second, "de", "Europe/Berlin")
    speak(third, "en", "America/New_York")
    # Whoever moves, in whatever language their own request is in, the mail is the reader's.
    with translation.override("fr"):
        while state_of(started_game).active != 2:
            play_next(started_game)
    for row in Outbox.objects.filter(game=started_game, kind="your_turn").exclude(
        user=user_at(started_game, 0)
    ):
        assert outbox_send(outbox_id=row.id)
    by_address = {message.to[0]: message for message in sent_mail.outbox}
    german, english = by_address[second.email], by_address[third.email]
    german_due = Outbox.objects.get(user=second, kind="your_turn").context["due"]
    english_due = Outbox.objects.get(user=third, kind="your_turn").context["due"]

    # The game its creator did not name is named in the reader's language too.
    assert german.subject == "Du bist am Zug in Spiel von alice (Zug 2)"
    assert english_words(german.body) == set()
    assert english_words(visible_text(german.alternatives[0][0])) == set()
    assert f"Deine Zeit läuft am {local(german_due, 'Europe/Berlin', 'de')}" in german.body
    assert english.subject == f"Your turn in {started_game.name} (turn 3)"
    assert f"Your time runs out on {local(english_due, 'America/New_York', 'en')}" in english.body


def local(due: str, zone: str, language: str) -> str:
    """A deadline as its reader's mail words it: their day names, their zone's hour."""
    at = datetime.fromisoformat(due).astimezone(zoneinfo.ZoneInfo(zone))
    with translation.override(language), timezone.override(zoneinfo.ZoneInfo(zone)):
        return formats.date_format(at, "D j M, H:i T")


def test_a_visitor_gets_the_language_their_browser_asks_for(client):
    page = client.get(reverse("games:home"), HTTP_ACCEPT_LANGUAGE="nl,en;q=0.5").content.decode()

    assert 'lang="nl"' in page
    assert "Open spellen" in page


def test_a_player_sets_their_language_and_zone_and_the_next_page_uses_them(client, alice):
    alice = alice
    client.force_login(alice)
    response = preferences_saved(client, language="it", time_zone="Europe/Rome")

    assert "Le tue preferenze sono salvate." in response.content.decode()
    profile = profile_get_or_create(user=alice)
    assert (profile.language, profile.time_zone) == ("it", "Europe/Rome")
    assert "Preferenze" in client.get(reverse("links:preferences")).content.decode()


def labels_of(page: str) -> set[str]:
    """The words of a page's labels and legends, each as a reader reads it."""
    found = re.findall(r"<(label|legend)\b[^>]*>(.*?)</\1>", page, re.S)
    return {" ".join(visible_text(words).split()) for _tag, words in found} - {""}


def test_every_box_of_the_german_preferences_page_is_labelled_in_german(client, alice):
    client.force_login(alice)
    english = labels_of(client.get(reverse("links:preferences")).content.decode())
    speak(alice, "de")
    client.force_login(alice)  # the session takes the language at log-in

    german = labels_of(client.get(reverse("links:preferences")).content.decode())

    assert "So viele Tage in Urlaub gehen:" in german
    assert english & german == set()


@pytest.mark.parametrize(
    ("language", "zone"),
    [("xx", "Mars/Olympus"), ("de", "localtime"), ("de", "Factory"), ("de", "posix/Europe/Rome")],
)
def test_a_zone_or_language_the_site_does_not_know_is_refused_and_nothing_changes(
    client, alice, language, zone
):
    alice = alice
    client.force_login(alice)
    response = preferences_saved(client, language=language, time_zone=zone)

    assert response.status_code == 200
    assert "is not one of the available choices" in response.content.decode()
    profile = profile_get_or_create(user=alice)
    assert (profile.language, profile.time_zone) == ("en", "UTC")


def test_sign_up_takes_the_browsers_language_and_zone(client):
    response = client.post(
        reverse("account_signup"),
        {
            "email": "dave@example.com",
            "display_name": "dave",
            "password1": "a long bean password",
            "password2": "a long bean password",
            "time_zone": "Europe/Amsterdam",
        },
        HTTP_ACCEPT_LANGUAGE="fr",
    )

    assert response.status_code == 302
    profile = profile_get_or_create(user=response.wsgi_request.user)
    assert (profile.language, profile.time_zone) == ("fr", "Europe/Amsterdam")


def test_how_to_play_shows_each_editions_turn_and_meters_in_the_readers_language(client):
    url = reverse("games:how_to_play", args=["rio-grande"])
    duel = visible_text(client.get(url + "?players=2", HTTP_ACCEPT_LANGUAGE="de").content.decode())
    five = visible_text(client.get(url + "?players=5", HTTP_ACCEPT_LANGUAGE="fr").content.decode())

    assert "Das Bohnen-Duell (Rio Grande, 2 Spieler)" in duel
    assert "Aufdecken und anbieten" in duel and "Aufdecken und handeln" not in duel
    assert "Du erntest ein Feld nur in deinem eigenen Zug." in duel
    # Rio Grande at five leaves out the coffee beans; the meters are the cards' own.
    assert "Retourner et échanger" in five
    assert "Piochez 3 cartes" in five
    assert "Haricot café" not in five
    assert re.search(r"Haricot cacao\s+4\s+–\s+2\s+3\s+4", five)


def test_how_to_play_bohnaparte_explains_its_lands_and_its_other_ends(client):
    url = reverse("games:how_to_play", args=["bohnaparte"]) + "?players=4"
    english = visible_text(client.get(url, HTTP_ACCEPT_LANGUAGE="en").content.decode())
    german = visible_text(client.get(url, HTTP_ACCEPT_LANGUAGE="de").content.decode())

    assert "It defends with at least 18." in english
    assert "as soon as a player holds 12 lands, or none" in english
    assert "A paddock's cavalry attacks first, with 17" in english
    assert "Die Landkarte und ihre Länder" in german
    assert "Es verteidigt sich mit mindestens 16." in german
    assert "It defends" not in german


def test_the_game_page_links_to_how_to_play_its_edition(client, started_game, alice):
    client.force_login(alice)
    page = client.get(reverse("games:game", args=[started_game.id])).content.decode()

    assert 'href="/how-to-play/rio-grande/?players=3"' in page


def test_every_page_links_to_how_to_play_whose_page_links_to_every_edition(client, alice):
    visitor = client.get(reverse("games:home")).content.decode()
    client.force_login(alice)
    player = client.get(reverse("links:preferences")).content.decode()

    for page in (visitor, player):
        header = page.split('<header class="site-header">')[1].split("</header>")[0]
        assert '<a href="/how-to-play/">How to play</a>' in header
    guide = client.get("/how-to-play/").content.decode()
    assert "How to play: Bohnanza (Amigo, current rules)" in visible_text(guide)
    editions = guide.split('<nav class="editions"')[1].split("</nav>")[0]
    assert '<a href="/how-to-play/rio-grande/">Bohnanza (Rio Grande;' in editions
    assert '<a href="/how-to-play/bohnaparte/">' in editions
    assert "<strong>Bohnanza (Amigo, current rules)</strong>" in editions


def test_how_to_play_an_unknown_edition_is_not_found(client):
    assert client.get(reverse("games:how_to_play", args=["chess"])).status_code == 404


def test_how_to_play_for_a_junk_number_of_players_shows_the_smallest_table(client):
    url = reverse("games:how_to_play", args=["bohnaparte"])
    for players in ("9" * 5000, "²", "-3"):
        response = client.get(url, {"players": players})
        assert response.status_code == 200
        assert "<strong>3 players</strong>" in response.content.decode()
