"""HTTP: thin views. Each parses, calls one service or selector, and renders (see DESIGN.md)."""

from functools import wraps

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.cache import patch_vary_headers
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_GET, require_http_methods, require_POST
from django_htmx.http import push_url

from games.engine import IllegalMove
from games.engine.bots import LEVELS
from games.engine.typed_numbers import small_number
from games.models import Game
from games.pages import board_cache
from games.pages.forms import (
    BadMove,
    ChatForm,
    GameCreateForm,
    InviteMailForm,
    RecordForm,
    parse_move,
    trading_hour,
)
from games.pages.watching import watched_changes
from games.refusals import GameNotFound, NotYourSeat, ServiceError, StaleMove
from games.selectors import exports, guides
from games.selectors.boards import game_page, last_chat_id, may_watch, page_head
from games.selectors.history import history, replay_turns, seed_matches
from games.selectors.lobby import (
    game_lobby,
    home_sections,
    invited,
    my_games,
    open_games,
    open_games_version,
)
from games.services import chat, imports, lobby, seats
from games.services.lobby import Invitations, invitations_mail, seat_join
from games.services.moves import move_submit
from games.services.plans import plan_submit


@require_GET
def home(request):
    context = {"open_games": open_games(), "open_version": open_games_version()}
    if request.user.is_authenticated:
        context["my_games"] = my_games(user=request.user)
        context["sections"] = home_sections(user=request.user)
    return render(request, "home.html", context)


@login_required
@require_http_methods(["GET", "POST"])
def game_create(request):
    form = GameCreateForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            game = lobby.game_create(
                user=request.user,
                edition=data["edition"],
                players=data["players"],
                options=data["options"],
                is_open=data["is_open"],
                name=data["name"],
                time_control=data["time_control"],
            )
        except ServiceError as error:
            form.add_error(None, error.message)
        else:
            return redirect("games:game", game_id=game.id)
    if request.htmx:  # the edition chosen: its options alone
        options = form.option_fields(request.GET.get("edition", ""))
        return render(request, "games/create.html#options", {"options": options})
    return render(request, "games/create.html", {"form": form, "options": form.option_fields()})


def visible_game(request, game_id: int, **conditions) -> Game:
    """The game, if this visitor may see it: a game only for people with the link is shown to
    its seats alone, and to everyone else it does not exist."""
    game = get_object_or_404(Game, pk=game_id, **conditions)
    if not may_watch(game=game, user=request.user):
        raise Http404
    return game


@require_GET
def game_detail(request, game_id: int):
    key = board_cache.page_key(request, game_id)
    kept = board_cache.kept_page(request, key)
    if kept is not None:
        return kept
    game = visible_game(request, game_id)
    if request.htmx.target == "lobby" and game.status != Game.Status.OPEN:
        return HttpResponse(headers={"HX-Refresh": "true"})  # started or cancelled: reload
    if game.status in (Game.Status.OPEN, Game.Status.CANCELLED) or not game.state:
        return render(request, "games/lobby.html", game_lobby(game=game, user=request.user))
    response = render_game(request, game, counter=small_number(request.GET.get("counter", "")))
    board_cache.keep_page(key, response)
    return response


def started_game(request, game_id: int) -> Game:
    return visible_game(request, game_id, state__isnull=False)


def render_game(
    request,
    game: Game,
    *,
    status: int = 200,
    error: str = "",
    counter=None,
    moved=None,
    since: int | None = None,
):
    """The board alone for htmx, the whole page otherwise; after a move (`moved`, the
    service's result) from the seats, state and deadlines that move read and wrote. `since`: a
    poll's, the move its page's board shows (kept_boards.board)."""
    if moved is None:
        game_seats, state, deadlines = list(game.seats.select_related("user__profile")), None, None
    else:
        game_seats, state, deadlines = moved.seats, moved.state, moved.deadlines
    board = board_cache.board_html(
        request,
        game,
        game_seats,
        state=state,
        deadlines=deadlines,
        error=error,
        status=status,
        counter=counter,
        since=since,
    )
    if request.htmx:
        return HttpResponse(board, status=status)
    page = {**page_head(game=game, seats=game_seats, user=request.user), "board": board}
    return render(request, "games/game.html", page, status=status)


def board_on_error(view):
    """Refused moves come back as the fresh board with the reason, and the right status."""

    @wraps(view)
    def wrapper(request, game_id: int):
        try:
            return view(request, game_id)
        except StaleMove as stale:
            status, message = 409, stale.message
        except IllegalMove as refusal:
            status, message = 400, refusal.reason
        except BadMove as refusal:
            status, message = 400, str(refusal)
        except GameNotFound:
            raise Http404 from None
        except ServiceError as refusal:
            status, message = refusal.status_code, refusal.message
        game = get_object_or_404(Game, pk=game_id)
        if not game.state or not may_watch(game=game, user=request.user):
            return HttpResponse(message, status=status, content_type="text/plain")
        return render_game(request, game, status=status, error=message)

    return wrapper


@require_POST
@board_on_error
def game_move(request, game_id: int):
    if not request.user.is_authenticated:
        raise NotYourSeat(_("Log in to play."))
    action, expected_seq = parse_move(request)
    move = dict(game_id=game_id, user=request.user, action=action, expected_seq=expected_seq)
    if action["kind"] == "plan":  # with the hour the player's trading ends by
        result = plan_submit(**move, trading_ends_at=trading_hour(request))
    else:
        result = move_submit(**move)
    return render_game(request, result.game, moved=result)


@require_GET
def game_poll(request, game_id: int):
    """204 while nothing changed (one query, no session, no engine work), else the board.
    The `UnchangedPoll` middleware gives most of these answers before the session, auth and
    the rest of the middleware run; what it passes on has been checked already."""
    if not getattr(request, "poll_checked", False):
        unchanged = poll_unchanged(request, game_id, watcher=request.user)
        if unchanged is not None:
            return unchanged
    since = small_number(request.GET.get("since", ""))
    # The move the page's stream said the game is at: a board kept from before it will not do.
    at = small_number(request.GET.get("at", ""))
    if since is not None and at is not None:
        since = max(since, at - 1)
    return render_game(request, started_game(request, game_id), since=since)


def poll_unchanged(request, game_id: int, watcher=None) -> HttpResponse | None:
    """The poll's answer when it needs no board: 404 for no such game, 204 while nothing
    changed since the page's seq and chat message; None when the board must go out. The
    page's presence token marks it open, so its player gets no mail meanwhile. A private
    game polled without a seat's token is answered once the `watcher` is known (the view
    passes its user; the middleware, which loads none, leaves it to the view)."""
    changes = watched_changes(request, game_id, watcher)
    if changes is None:
        return None
    seq, last_chat = changes
    request.poll_checked = True
    last = request.GET.get("chat")  # the page sends its last message; other clients need not
    if request.GET.get("since") == str(seq) and last in (None, str(last_chat or 0)):
        return HttpResponse(status=204)
    return None


@require_POST
@board_on_error
def chat_post(request, game_id: int):
    if not request.user.is_authenticated:
        raise NotYourSeat(_("Log in to talk."))
    form = ChatForm(request.POST)
    if not form.is_valid():
        raise BadMove(_("A message has 1 to 500 characters."))
    chat.chat_post(game_id=game_id, user=request.user, text=form.cleaned_data["text"])
    if not request.htmx:
        return redirect("games:game", game_id=game_id)
    return render_game(request, started_game(request, game_id))


@require_GET
def game_log(request, game_id: int):
    page = game_page(game=started_game(request, game_id), user=request.user, log_moves=None)
    page["chat_last"] = last_chat_id(page["chat"])  # what its stream says it was made at
    return render(request, "games/log.html", page)


@require_GET
def how_to_play(request, edition: str = ""):
    try:
        page = guides.how_to_play(edition=edition, players=request.GET.get("players", ""))
    except GameNotFound:
        raise Http404 from None
    return render(request, "games/how_to_play.html", page)


@require_GET
def game_history(request, game_id: int):
    game = visible_game(request, game_id, status=Game.Status.FINISHED)
    seq = min(small_number(request.GET.get("seq", "")) or 0, game.seq)
    page = history(game=game, seq=seq)
    # A step asked for by the page's controls is its partial, and the address follows it; a
    # link opened, a reload or a step the browser's history has not kept is the whole page.
    if request.htmx and not request.htmx.history_restore_request:
        response = push_url(
            render(request, "games/history.html#step", page), f"{request.path}?seq={seq}"
        )
    else:
        page.update(replay_turns(game=game, seq=seq))
        response = render(request, "games/history.html", page)
    patch_vary_headers(response, ("HX-Request",))
    return response


@require_GET
def seed_check(request, game_id: int):
    """The server's own check of the revealed seed; the page's button checks in the browser."""
    game = visible_game(request, game_id, status=Game.Status.FINISHED)
    context = {"game": game, "matches": seed_matches(game)}
    return render(request, "games/seed.html", context)


# A game to take home, and a record brought back.


@require_GET
def game_record(request, game_id: int):
    """The game as JSON: a finished game's whole record, a running game's as this visitor's
    seat sees it."""
    game = started_game(request, game_id)
    record = exports.game_record(game=game, user=request.user)
    response = JsonResponse(record, json_dumps_params={"indent": 1, "ensure_ascii": False})
    response["Content-Disposition"] = f'attachment; filename="bohnanza-{game.id}.json"'
    return response


@require_GET
def game_record_text(request, game_id: int):
    game = started_game(request, game_id)
    text = exports.game_record_text(game=game, user=request.user)
    response = HttpResponse(text, content_type="text/plain; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="bohnanza-{game.id}.txt"'
    return response


@require_http_methods(["GET", "POST"])
def game_import(request):
    """A record checked by replaying it; a signed-in player's, when it replays to the result
    it states, kept as an imported game to look back at."""
    form = RecordForm(request.POST, request.FILES) if request.method == "POST" else RecordForm()
    context, status = {"form": form}, 200
    if request.method == "POST":
        status = 400
        if form.is_valid():
            user = request.user if request.user.is_authenticated else None
            try:
                context["imported"] = imports.game_import(user=user, text=form.cleaned_data["text"])
            except ServiceError as error:
                form.add_error(None, error.message)
            else:
                status = 200
    return render(request, "games/import.html", context, status=status)


# Before the start: seats and the invitation.


def back_to_game(request, game_id: int):
    """To the game's page after a POST, or home (where its message shows) when that page is
    not this visitor's to see."""
    game = Game.objects.filter(pk=game_id).first()
    if game is None or not may_watch(game=game, user=request.user):
        return redirect("games:home")
    return redirect("games:game", game_id=game_id)


def lobby_action(service, done: str):
    """A POST that calls one service about a seat or a game's set-up and goes back to the
    game's page, with what happened or why not."""

    @login_required
    @require_POST
    def view(request, game_id: int):
        try:
            service(game_id=game_id, user=request.user)
        except ServiceError as error:
            messages.error(request, error.message)
        else:
            messages.success(request, done)
        return back_to_game(request, game_id)

    view.__name__ = service.__name__
    return view


game_join = lobby_action(lobby.seat_join, gettext_lazy("You have a seat."))
game_leave = lobby_action(lobby.seat_leave, gettext_lazy("You left the game."))


@login_required
@require_POST
def game_add_bot(request, game_id: int):
    """A bot of the level chosen in the lobby (the normal one if none was)."""
    level = request.POST.get("level", "normal")
    if level not in LEVELS:  # the lobby offers these; the other bots are for tests and tools
        messages.error(request, _("Choose the bot's level: easy, normal, strong or expert."))
        return back_to_game(request, game_id)
    try:
        lobby.game_add_bot(game_id=game_id, user=request.user, bot=level)
    except ServiceError as error:
        messages.error(request, error.message)
    else:
        messages.success(request, _("A bot took a seat."))
    return back_to_game(request, game_id)


game_start = lobby_action(lobby.game_start, gettext_lazy("The game has begun."))
game_cancel = lobby_action(lobby.game_cancel, gettext_lazy("The game is cancelled."))


@login_required
@require_http_methods(["GET", "POST"])
def game_invite(request, game_id: int, token: str):
    """GET shows what joining means (links never act on GET); POST takes the seat."""
    game = get_object_or_404(Game, pk=game_id)
    if request.method == "GET":
        # A game only for people with the link shows itself to the link and its seats alone.
        if not invited(game=game, token=token) and not may_watch(game=game, user=request.user):
            raise Http404("There is no such game.")
        return render(request, "games/join.html", game_lobby(game=game, user=request.user))
    try:
        seat_join(game_id=game_id, user=request.user, token=token)
    except ServiceError as error:
        messages.error(request, error.message)
    return back_to_game(request, game_id)


@login_required
@require_POST
def game_invite_mail(request, game_id: int):
    """The creator mails the invitation link. A refusal comes back on the lobby page with the
    addresses as typed, so that one typo costs no retyping."""
    game = get_object_or_404(Game, pk=game_id)
    if not may_watch(game=game, user=request.user):  # its lobby is no one else's
        raise Http404("There is no such game.")
    form = InviteMailForm(request.POST)
    status = 400
    if form.is_valid():
        try:
            invitations = invitations_mail(
                game_id=game.id, user=request.user, addresses=form.cleaned_data["addresses"]
            )
        except ServiceError as error:
            form.add_error("addresses", error.message)
            status = error.status_code
        else:
            report_invitations(request, invitations)
            return redirect("games:game", game_id=game.id)
    context = {**game_lobby(game=game, user=request.user), "invite_form": form}
    return render(request, "games/lobby.html", context, status=status)


def report_invitations(request, invitations: Invitations) -> None:
    if invitations.sent:
        messages.success(
            request,
            _("Invitation sent to {addresses}.").format(addresses=", ".join(invitations.sent)),
        )
    if invitations.already_invited:
        messages.warning(
            request,
            _("Invited a short while ago, so not mailed again: {addresses}.").format(
                addresses=", ".join(invitations.already_invited)
            ),
        )


# A player's seat in a running game: back from a bot's stand-in, or leaving for good.


seat_reclaim = lobby_action(seats.seat_reclaim, seats.RECLAIMED)
seat_resign = lobby_action(
    seats.seat_resign,
    gettext_lazy("You have resigned. A bot plays your seat to the end, and it ranks last."),
)
