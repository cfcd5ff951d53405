"""What the tournaments' pages show: an event (its format and tie-breaks, players, rounds, the
standings after any round), a round's tables, a player's next games, the lists of events, a
player's results, and an event's whole record.

Only what anyone may see: names, finished games' places and coins, which game each table
plays. Never a running game's cards, nor the seeds that draw seats or deal cards."""

from dataclasses import dataclass, field

from django.core.paginator import Paginator
from django.db.models import Count, Q
from django.utils import timezone

from games import engine
from games.clocks import timecontrol
from games.models import Game, Profile
from tournaments.models import Entry, Placing, Round, Table, Tournament
from tournaments.standings import Line, bye_points

from .standings import event_standings, seeded

STANDINGS_PER_PAGE = 100
TABLES_PER_PAGE = 60
EVENTS_PER_PAGE = 30
PROFILE_EVENTS = 20


# Lines of the standings that say why a player is seated no more (knocked out goes without
# saying).
NOTED = (Entry.Status.DROPPED, Entry.Status.WITHDRAWN)


@dataclass
class Standing:
    line: Line
    name: str
    # Dropped or withdrawn, in the reader's words; else empty.
    note: str


@dataclass
class EventPage:
    tournament: Tournament
    edition: str
    time_control: str
    bye_points: int
    rounds: list[Round]
    # The round the standings are after (none before round 1 ends).
    after: Round | None
    standings: object  # a page of Standing lines
    field: list[Entry]
    waiting: list[Entry]
    mine: Entry | None
    my_game: Game | None
    check_in_open: bool

    @property
    def finished(self) -> list[Round]:
        """The rounds over, after each of which the standings may be shown."""
        return [played for played in self.rounds if played.finished_at is not None]

    @property
    def keep(self) -> str:
        """What a link to another page of the standings keeps of this one's address."""
        return f"after={self.after.number}&" if self.after else ""


def event_page(*, tournament: Tournament, viewer, after: int | None, page: int) -> EventPage:
    order = seeded(tournament)
    rounds = list(tournament.round_set.all())
    finished = [played for played in rounds if played.finished_at is not None]
    shown = next((played for played in finished if played.number == after), None)
    shown = shown or (finished[-1] if finished else None)
    lines = event_standings(tournament, upto=shown.number, order=order) if shown else []
    standings = Paginator(lines, STANDINGS_PER_PAGE).get_page(page)
    statuses = dict(order)
    names = _names([line.user for line in standings])
    standings.object_list = [
        Standing(
            line,
            names[line.user],
            Entry.Status(statuses[line.user]).label if statuses[line.user] in NOTED else "",
        )
        for line in standings
    ]
    entries = tournament.entries.select_related("user__profile")
    mine = entries.filter(user=viewer).first() if viewer.is_authenticated else None
    return EventPage(
        tournament=tournament,
        edition=engine.EDITIONS[tournament.edition].title(tournament.table_size),
        time_control=timecontrol.PRESETS[tournament.time_control].label,
        bye_points=bye_points(tournament.table_size),
        rounds=rounds,
        after=shown,
        standings=standings,
        # Before the first round, who is in and who waits; then the standings say it.
        field=[] if rounds else list(entries.filter(status=Entry.Status.PLAYING)),
        waiting=[] if rounds else list(entries.filter(status=Entry.Status.WAITING)),
        mine=mine,
        my_game=_running_game(tournament, viewer) if mine else None,
        check_in_open=timezone.now() >= tournament.check_in_opens,
    )


def _names(user_ids: list[int]) -> dict[int, str]:
    return dict(Profile.objects.filter(user_id__in=user_ids).values_list("user_id", "display_name"))


def _running_game(tournament: Tournament, viewer) -> Game | None:
    return (
        Game.objects.filter(
            tournament_table__round__tournament=tournament,
            seats__user=viewer,
            status=Game.Status.RUNNING,
        )
        .only("id", "name", "name_words")
        .first()
    )


@dataclass
class TableView:
    number: int
    game_id: int
    finished: bool
    seats: list[Placing] = field(default_factory=list)


@dataclass
class RoundPage:
    tournament: Tournament
    round: Round
    tables: object  # a page of TableView
    byes: list[Placing]


def round_page(*, tournament: Tournament, number: int, page: int) -> RoundPage | None:
    # A number beyond a round's column is no round (and no query).
    found = tournament.round_set.filter(number=number).first() if number < 2**15 else None
    if found is None:
        return None
    # The page's tables alone, and only their seats (and the byes): not the whole round's.
    shown = Paginator(
        Table.objects.filter(round=found)
        .select_related("game")
        .only("id", "number", "game_id", "game__status")
        .order_by("number"),
        TABLES_PER_PAGE,
    ).get_page(page)
    tables = {
        table.id: TableView(table.number, table.game_id, table.game.status == Game.Status.FINISHED)
        for table in shown
    }
    byes = []
    placings = Placing.objects.filter(
        Q(table__in=list(tables)) | Q(table__isnull=True), round=found
    ).select_related("user__profile")
    for placing in placings.order_by("position", "id"):
        if placing.table_id is None:
            byes.append(placing)
        else:
            tables[placing.table_id].seats.append(placing)
    shown.object_list = list(tables.values())
    return RoundPage(tournament=tournament, round=found, tables=shown, byes=byes)


@dataclass
class MyGame:
    tournament: Tournament
    round: int
    table: int
    game_id: int


def my_games(*, viewer) -> tuple[list[MyGame], list[Entry]]:
    """The viewer's running tournament games, and the events they are in that wait to start
    or for their next round."""
    games = [
        MyGame(table.round.tournament, table.round.number, table.number, table.game_id)
        for table in Table.objects.filter(
            game__seats__user=viewer, game__status=Game.Status.RUNNING
        )
        .select_related("round__tournament")
        .order_by("round__ends_at")
    ]
    entries = list(
        Entry.objects.filter(
            user=viewer,
            status__in=[Entry.Status.PLAYING, Entry.Status.WAITING],
            tournament__status__in=[Tournament.Status.SIGNUP, Tournament.Status.RUNNING],
        )
        .select_related("tournament")
        .order_by("tournament__starts_at")
    )
    return games, entries


def events_open() -> list[Tournament]:
    return list(
        Tournament.objects.filter(
            status__in=[Tournament.Status.SIGNUP, Tournament.Status.RUNNING]
        ).order_by("starts_at")[:EVENTS_PER_PAGE]
    )


def events_archive(*, page: int):
    finished = Tournament.objects.filter(status=Tournament.Status.FINISHED).order_by(
        "-finished_at", "-id"
    )
    return Paginator(finished, EVENTS_PER_PAGE).get_page(page)


def player_results(user_id: int) -> tuple[str, dict] | None:
    """A player's finished events, newest first, with their place and the field's size: the
    tournaments' part of the player's page (`leagues.selectors.players.add_profile_section`),
    none for a player of no event."""
    results = list(
        Entry.objects.filter(
            user_id=user_id, tournament__status=Tournament.Status.FINISHED, place__isnull=False
        )
        .select_related("tournament")
        .annotate(
            field_size=Count(
                "tournament__entries",
                filter=~Q(tournament__entries__status=Entry.Status.WAITING),
            )
        )
        .order_by("-tournament__finished_at")[:PROFILE_EVENTS]
    )
    return ("tournaments/results.html", {"results": results}) if results else None
