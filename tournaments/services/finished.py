"""What the tournaments app does when a game ends by the rules, in the transaction of its last
move: the table's results, and the next step of the event once the round's last game is
over (queued for after the commit: seating a round is too much for a move's transaction)."""

from games import task_queue
from games.models import Game
from leagues.places import final_places
from tournaments.models import Placing, Table
from tournaments.standings import table_results

ADVANCE = "tournaments.tasks.tournament_advance_task"


def game_finished_heard(sender, *, game: Game, outcome: dict, **kwargs) -> None:
    """The receiver of `games.signals.game_finished`: places as the ratings count them (a
    player who resigned, or whose seat a bot played to the end, is last), the coins, and who
    timed out (a bot stood in for them) or resigned."""
    table = Table.objects.select_related("round").filter(game=game).first()
    if table is None:
        return
    seats = sorted(game.seats.all(), key=lambda seat: seat.position)
    gone = [seat.position for seat in seats if seat.bot_standing_in]
    places = final_places(outcome["places"], [*outcome["resigned"], *gone])
    scored = table_results(
        table.round.number,
        [
            (seat.user_id, place, coins)
            for seat, place, coins in zip(seats, places, outcome["scores"], strict=True)
        ],
    )
    by_user = {result.user: result for result in scored}
    timed_out = {
        seat.user_id
        for seat in seats
        if seat.bot_standing_in
        or seat.resigned_at is not None
        or seat.timeouts >= game.timeouts_before_bot
    }
    placings = list(table.placings.all())
    for placing in placings:
        result = by_user[placing.user_id]
        placing.place, placing.coins = result.place, result.coins
        placing.ahead_on_coins = result.ahead_on_coins
        placing.timed_out = placing.user_id in timed_out
    Placing.objects.bulk_update(placings, ["place", "coins", "ahead_on_coins", "timed_out"])
    others = Game.objects.filter(tournament_table__round=table.round_id).exclude(
        status=Game.Status.FINISHED
    )
    if not others.exists():
        task_queue.after_commit(ADVANCE, table.round.tournament_id)
