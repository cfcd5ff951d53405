"""HTTP: thin views. Each parses, calls one service or selector, and renders (see DESIGN.md)."""

from functools import wraps

from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from . import deadlines, presence, selectors, services
from .engine import IllegalMove
from .errors import GameNotFound, NotYourSeat, ServiceError, StaleMove
from .forms import (
    BadMove,
    ChatForm,
    GameCreateForm,
    InviteMailForm,
    parse_move,
    small_number,
)
from .models import Game

STALE = "The game moved on before your move arrived; here is the board as it is now."


@require_GET
def home(request):
    context = {"open_games": selectors.open_games()}
    if request.user.is_authenticated:
        context["my_games"] = selectors.my_games(user=request.user)
    return render(request, "home.html", context)


@login_required
@require_http_methods(["GET", "POST"])
def game_create(request):
    form = GameCreateForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            game = services.game_create(
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
    return render(request, "games/create.html", {"form": form})


@require_GET
def game_detail(request, game_id: int):
    game = get_object_or_404(Game, pk=game_id)
    if request.htmx.target == "lobby" and game.status != Game.Status.OPEN:
        return HttpResponse(headers={"HX-Refresh": "true"})  # started or cancelled: reload
    if game.status in (Game.Status.OPEN, Game.Status.CANCELLED) or not game.state:
        return render(
            request, "games/lobby.html", selectors.game_lobby(game=game, user=request.user)
        )
    return render_game(request, game, counter=small_number(request.GET.get("counter", "")))


def started_game(game_id: int) -> Game:
    return get_object_or_404(Game, pk=game_id, state__isnull=False)


def render_game(request, game: Game, *, status: int = 200, error: str = "", counter=None):
    """The board partial for htmx, the whole page otherwise."""
    page = selectors.game_page(
        game=game, user=request.user, session_key=request.session.session_key
    )
    page["chat_last"] = selectors.last_chat_id(page["chat"])
    page["error"] = error
    page["error_kind"] = {409: "stale", 403: "refused"}.get(status, "error")
    if counter is not None:
        page["prefill"] = selectors.counter_offer(page, counter)
    template = "games/game.html#board" if request.htmx else "games/game.html"
    return render(request, template, page, status=status)


def board_on_error(view):
    """Refused moves come back as the fresh board with the reason, and the right status."""

    @wraps(view)
    def wrapper(request, game_id: int):
        try:
            return view(request, game_id)
        except StaleMove:
            status, message = 409, STALE
        except IllegalMove as refusal:
            status, message = 400, refusal.reason
        except BadMove as refusal:
            status, message = 400, str(refusal)
        except GameNotFound:
            raise Http404 from None
        except ServiceError as refusal:
            status, message = refusal.status_code, refusal.message
        game = get_object_or_404(Game, pk=game_id)
        if not game.state:
            return HttpResponse(message, status=status, content_type="text/plain")
        return render_game(request, game, status=status, error=message)

    return wrapper


@require_POST
@board_on_error
def game_move(request, game_id: int):
    if not request.user.is_authenticated:
        raise NotYourSeat("Log in to play.")
    action, expected_seq = parse_move(request)
    result = services.move_submit(
        game_id=game_id, user=request.user, action=action, expected_seq=expected_seq
    )
    return render_game(request, result.game)


@require_GET
def game_poll(request, game_id: int):
    """204 while nothing changed (one query, no session, no engine work), else the board.
    The `UnchangedPoll` middleware gives most of these answers before the session, auth and
    the rest of the middleware run; what it passes on has been checked already."""
    if not getattr(request, "poll_checked", False):
        unchanged = poll_unchanged(request, game_id)
        if unchanged is not None:
            return unchanged
    return render_game(request, started_game(game_id))


def poll_unchanged(request, game_id: int) -> HttpResponse | None:
    """The poll's answer when it needs no board: 404 for no such game, 204 while nothing
    changed since the page's seq and chat message; None when the board must go out. The
    page's presence token marks it open, so its player gets no mail meanwhile."""
    changes = selectors.game_changes(game_id=game_id)
    if changes is None:
        raise Http404
    # The cookie, not the session: reading it costs no query.
    session_key = request.COOKIES.get(settings.SESSION_COOKIE_NAME, "")
    presence.seat_seen(token=request.GET.get("seen", ""), session_key=session_key)
    request.poll_checked = True
    seq, last_chat = changes
    chat = request.GET.get("chat")  # the page sends its last message; other clients need not
    if request.GET.get("since") == str(seq) and chat in (None, str(last_chat or 0)):
        return HttpResponse(status=204)
    return None


@require_POST
@board_on_error
def chat_post(request, game_id: int):
    if not request.user.is_authenticated:
        raise NotYourSeat("Log in to talk.")
    form = ChatForm(request.POST)
    if not form.is_valid():
        raise BadMove("A message has 1 to 500 characters.")
    services.chat_post(game_id=game_id, user=request.user, text=form.cleaned_data["text"])
    if not request.htmx:
        return redirect("games:game", game_id=game_id)
    return render_game(request, started_game(game_id))


@require_GET
def game_log(request, game_id: int):
    page = selectors.game_page(game=started_game(game_id), user=request.user, log_moves=None)
    return render(request, "games/log.html", page)


@require_GET
def game_history(request, game_id: int):
    game = get_object_or_404(Game, pk=game_id, status=Game.Status.FINISHED)
    seq = min(small_number(request.GET.get("seq", "")) or 0, game.seq)
    return render(request, "games/history.html", selectors.history(game=game, seq=seq))


@require_GET
def seed_check(request, game_id: int):
    """The server's own check of the revealed seed; the page's button checks in the browser."""
    game = get_object_or_404(Game, pk=game_id, status=Game.Status.FINISHED)
    context = {"game": game, "matches": selectors.seed_matches(game)}
    return render(request, "games/seed.html", context)


# Before the start: seats and the invitation.


def lobby_action(service: str, done: str):
    """A POST that calls one lobby service and goes back to the game's page."""

    @login_required
    @require_POST
    def view(request, game_id: int):
        try:
            getattr(services, service)(game_id=game_id, user=request.user)
        except ServiceError as error:
            messages.error(request, error.message)
        else:
            messages.success(request, done)
        return redirect("games:game", game_id=game_id)

    view.__name__ = service
    return view


game_join = lobby_action("seat_join", "You have a seat.")
game_leave = lobby_action("seat_leave", "You left the game.")
game_add_bot = lobby_action("game_add_bot", "A bot took a seat.")
game_start = lobby_action("game_start", "The game has begun.")
game_cancel = lobby_action("game_cancel", "The game is cancelled.")


@login_required
@require_http_methods(["GET", "POST"])
def game_invite(request, game_id: int, token: str):
    """GET shows what joining means (links never act on GET); POST takes the seat."""
    game = get_object_or_404(Game, pk=game_id)
    if request.method == "GET":
        return render(
            request, "games/join.html", selectors.game_lobby(game=game, user=request.user)
        )
    try:
        services.seat_join(game_id=game_id, user=request.user, token=token)
    except ServiceError as error:
        messages.error(request, error.message)
    return redirect("games:game", game_id=game_id)


@login_required
@require_POST
def game_invite_mail(request, game_id: int):
    """The creator mails the invitation link. A refusal comes back on the lobby page with the
    addresses as typed, so that one typo costs no retyping."""
    game = get_object_or_404(Game, pk=game_id)
    form = InviteMailForm(request.POST)
    status = 400
    if form.is_valid():
        try:
            invitations = services.invitations_mail(
                game_id=game.id, user=request.user, addresses=form.cleaned_data["addresses"]
            )
        except ServiceError as error:
            form.add_error("addresses", error.message)
            status = error.status_code
        else:
            report_invitations(request, invitations)
            return redirect("games:game", game_id=game.id)
    context = {**selectors.game_lobby(game=game, user=request.user), "invite_form": form}
    return render(request, "games/lobby.html", context, status=status)


def report_invitations(request, invitations: services.Invitations) -> None:
    if invitations.sent:
        messages.success(request, f"Invitation sent to {', '.join(invitations.sent)}.")
    if invitations.already_invited:
        messages.warning(
            request,
            "Invited a short while ago, so not mailed again: "
            f"{', '.join(invitations.already_invited)}.",
        )


# A bot standing in for a player's seat.


@login_required
@require_POST
def seat_reclaim(request, game_id: int):
    try:
        deadlines.seat_reclaim(game_id=game_id, user=request.user)
    except ServiceError as error:
        messages.error(request, error.message)
    else:
        messages.success(request, deadlines.RECLAIMED)
    return redirect("games:game", game_id=game_id)
