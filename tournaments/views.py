"""Pages of the tournaments app: thin views over the selectors and services, and the record."""

import json

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from games.engine.typed_numbers import small_number
from games.refusals import ServiceError
from tournaments.forms import TournamentForm
from tournaments.models import Tournament
from tournaments.selectors.pages import (
    event_page,
    events_archive,
    events_open,
    my_games,
    round_page,
)
from tournaments.selectors.records import event_record
from tournaments.services import events as services


def _event(tournament_id: int) -> Tournament:
    if tournament_id >= 2**63:
        raise Http404("There is no such event.")
    return get_object_or_404(
        Tournament.objects.select_related("organiser__profile"), pk=tournament_id
    )


@require_http_methods(["GET", "POST"])
def events(request):
    form = TournamentForm(request.POST or None)
    if request.method == "POST":
        if not request.user.is_authenticated:
            return redirect("account_login")
        if form.is_valid():
            try:
                created = services.tournament_create(user=request.user, **form.cleaned_data)
            except ServiceError as error:
                form.add_error(None, error.message)
            else:
                return redirect("tournaments:event", created.id)
    context = {"events": events_open(), "form": form}
    return render(request, "tournaments/events.html", context, status=400 if form.errors else 200)


@require_GET
def archive(request):
    page = events_archive(page=small_number(request.GET.get("page", "")) or 1)
    return render(request, "tournaments/archive.html", {"page": page})


@login_required
@require_GET
def mine(request):
    games, entries = my_games(viewer=request.user)
    return render(request, "tournaments/mine.html", {"games": games, "entries": entries})


@require_GET
def event(request, tournament_id: int):
    page = event_page(
        tournament=_event(tournament_id),
        viewer=request.user,
        after=small_number(request.GET.get("after", "")),
        page=small_number(request.GET.get("page", "")) or 1,
    )
    return render(request, "tournaments/event.html", {"page": page})


@require_GET
def round_tables(request, tournament_id: int, number: int):
    page = round_page(
        tournament=_event(tournament_id),
        number=number,
        page=small_number(request.GET.get("page", "")) or 1,
    )
    if page is None:
        raise Http404("There is no such round.")
    return render(request, "tournaments/round.html", {"page": page})


@require_GET
def record(request, tournament_id: int):
    body = json.dumps(event_record(tournament=_event(tournament_id)), indent=1)
    return HttpResponse(body, content_type="application/json")


def _action(request, tournament_id: int, action, done: str):
    found = _event(tournament_id)
    try:
        action(tournament_id=found.id, user=request.user)
    except ServiceError as error:
        messages.error(request, error.message)
    else:
        messages.success(request, done)
    return redirect("tournaments:event", found.id)


@login_required
@require_POST
def sign_up(request, tournament_id: int):
    return _action(request, tournament_id, services.tournament_sign_up, _("You have signed up."))


@login_required
@require_POST
def withdraw(request, tournament_id: int):
    return _action(request, tournament_id, services.tournament_withdraw, _("You have withdrawn."))


@login_required
@require_POST
def check_in(request, tournament_id: int):
    return _action(request, tournament_id, services.tournament_check_in, _("You have checked in."))
