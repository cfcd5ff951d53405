"""What tests of every folder do with the site's data: sign a player up, start a table, and read
a stored game."""

import re
from html import unescape
from html.parser import HTMLParser

from django.contrib.auth import get_user_model
from django.urls import reverse

from games import engine
from games.mail.context import due_context
from games.models import Game, Move
from games.services.lobby import game_add_bot, game_create, game_start, seat_join


def make_user(name: str):
    """A signed-up player called `name`, with the e-mail name@example.com and the password
    name-beans-password (the tests hash passwords with a fast hasher, see tests/conftest.py)."""
    return get_user_model().objects.create_user(
        username=name, email=f"{name}@example.com", password=f"{name}-beans-password"
    )


def started(users, edition: str = "rio-grande", options=None, bots: int = 0) -> Game:
    """A running game of `users` (the first created it) and `bots` bot seats."""
    game = game_create(
        user=users[0], edition=edition, players=len(users) + bots, options=options or {}
    )
    for user in users[1:]:
        seat_join(game_id=game.id, user=user)
    for _ in range(bots):
        game_add_bot(game_id=game.id, user=users[0])
    return game_start(game_id=game.id, user=users[0])


def fresh(game: Game) -> Game:
    return Game.objects.get(pk=game.pk)


def state_of(game: Game) -> engine.State:
    """The game's state now; the game row passed in is brought up to date too."""
    game.refresh_from_db()
    return engine.from_dict(game.state)


def system_moves(game: Game) -> list[Move]:
    """The moves the game made for a seat whose time ran out (not the passes assumed for the
    players away as a trading phase began)."""
    moves = Move.objects.filter(game=game, actor=Move.Actor.SYSTEM, seq__gt=0).order_by("seq")
    return [move for move in moves if not move.payload.get("assumed")]


def user_at(game: Game, position: int):
    return game.seats.get(position=position).user


def poll_address(page: str) -> str:
    """The address a game page polls, with its presence token, as the browser sends it."""
    [address] = re.findall(r'hx-get="([^"]*/poll/[^"]*seen=[^"]*)"', page)
    return unescape(address)


def shown_at(at) -> str:
    """A deadline as pages and mails show it, in the code's own format and the reader's zone."""
    return due_context(at, at)["due_text"]


class _FormReader(HTMLParser):
    """What a browser posts of one form, left as it is: its text fields and hidden fields, its
    ticked boxes and chosen radio buttons, its chosen options, its text areas."""

    def __init__(self, form_id: str):
        super().__init__()
        self.form_id, self.inside, self.posted = form_id, False, {}
        self.select: str | None = None
        self.textarea: str | None = None

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "form":
            self.inside = attrs.get("id") == self.form_id
        if not self.inside or "disabled" in attrs:
            return
        name = attrs.get("name")
        if tag == "input" and name and attrs.get("type") not in ("submit", "button"):
            box = attrs.get("type") in ("checkbox", "radio")
            if box and "checked" not in attrs:
                return
            self.posted.setdefault(name, []).append(attrs.get("value", "on" if box else ""))
        elif tag == "select":
            self.select = name
        elif tag == "option" and self.select and "selected" in attrs:
            self.posted.setdefault(self.select, []).append(attrs.get("value", ""))
        elif tag == "textarea" and name:
            self.textarea = name
            self.posted[name] = [""]

    def handle_data(self, data):
        if self.textarea:
            self.posted[self.textarea][0] += data

    def handle_endtag(self, tag):
        if tag == "form":
            self.inside = False
        elif tag == "select":
            self.select = None
        elif tag == "textarea":
            self.textarea = None


def form_posted(page: str, form_id: str) -> dict[str, list[str]]:
    """What the page's form `form_id` posts as the page shows it, untouched."""
    reader = _FormReader(form_id)
    reader.feed(page)
    assert reader.posted, f"no form {form_id!r} on the page"
    return reader.posted


def preferences_saved(client, follow: bool = True, headers=None, **changes):
    """The preferences page posted by its Save as a player who changed only `changes` would
    post it (a field's value, or its values; None: left empty, or unticked)."""
    url = reverse("links:preferences")
    posted = form_posted(client.get(url).content.decode(), "preferences")
    for name, value in changes.items():
        posted.pop(name, None)
        if value is not None:
            posted[name] = value if isinstance(value, list) else [value]
    return client.post(url, posted, follow=follow, headers=headers)
