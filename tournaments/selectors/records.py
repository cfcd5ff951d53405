"""An event's whole record as data: its settings, every round's tables and byes with each
seat's result, and the standings (final once it is over). What the pages show, no more: no
seed, no running game's state."""

from games.models import Profile
from tournaments.models import Placing, Tournament

from .standings import event_standings, seeded


def event_record(*, tournament: Tournament) -> dict:
    order = seeded(tournament)
    names = dict(
        Profile.objects.filter(user_id__in=[user_id for user_id, _status in order]).values_list(
            "user_id", "display_name"
        )
    )
    rounds = {
        played.id: {
            "number": played.number,
            "started_at": played.started_at.isoformat(),
            "ends_at": played.ends_at.isoformat(),
            "finished_at": played.finished_at.isoformat() if played.finished_at else None,
            "tables": {},
            "byes": [],
        }
        for played in tournament.round_set.all()
    }
    placings = Placing.objects.filter(round__tournament=tournament).select_related("table")
    for placing in placings.order_by("round__number", "table__number", "position"):
        shown = rounds[placing.round_id]
        if placing.table_id is None:
            shown["byes"].append(names[placing.user_id])
            continue
        table = shown["tables"].setdefault(
            placing.table.number,
            {"table": placing.table.number, "game": placing.table.game_id, "seats": []},
        )
        table["seats"].append(
            {
                "player": names[placing.user_id],
                "position": placing.position,
                "place": placing.place,
                "coins": placing.coins if placing.place is not None else None,
                "timed_out": placing.timed_out,
            }
        )
    return {
        "event": tournament.name,
        "format": tournament.format,
        "edition": tournament.edition,
        "table_size": tournament.table_size,
        "time_control": tournament.time_control,
        "rounds_planned": tournament.rounds,
        "through": tournament.through if tournament.is_knockout else None,
        "through_by": tournament.through_by if tournament.is_knockout else None,
        "rated": tournament.rated,
        "status": tournament.status,
        "starts_at": tournament.starts_at.isoformat(),
        "finished_at": tournament.finished_at.isoformat() if tournament.finished_at else None,
        "tie_breaks": [
            *(["reached", "last_place"] if tournament.is_knockout else []),
            "points",
            "coins",
            "rules",
            "buchholz",
        ],
        "rounds": [
            {**shown, "tables": list(shown["tables"].values())} for shown in rounds.values()
        ],
        "standings": [
            {
                "place": line.place,
                "player": names[line.user],
                "points": line.points,
                "coins": line.coins,
                "rules": line.rules,
                "buchholz": line.buchholz,
                "played": line.played,
                "byes": line.byes,
            }
            for line in event_standings(tournament, order=order)
        ],
    }
