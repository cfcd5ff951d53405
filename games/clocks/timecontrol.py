"""Time controls: a bank of time per player (start, increment per move, cap) and a trading window.

A seat's clock runs while the engine waits for it. Its deadline is the bank left when the wait
began; each move it makes costs the time it took and earns the increment, up to the cap. The
active player's trading phase has a window of its own instead of the bank, so a long
negotiation does not eat the time meant for planting.

A bot moves at once, but as the active player it waits for players to answer its offers, and
to offer it something before it ends trading, for its patience at most: long enough for a
player who comes when mailed, short enough that one who does not come holds up the table for a
fraction of the trading window only.
"""

from dataclasses import dataclass
from datetime import UTC, datetime, time, timedelta
from types import SimpleNamespace
from zoneinfo import ZoneInfo

from django.utils.translation import gettext, gettext_lazy

from games.wording import durations

# Days a player may be away per calendar year; deadlines stretch by the days taken.
VACATION_DAYS_PER_YEAR = 30
# The reminder ladders a player chooses from (`Profile.Reminders`): the shares of a deadline's
# clock (from the start of the wait to the deadline) left when each reminder goes out, largest
# first.
LADDERS: dict[str, tuple[float, ...]] = {
    "half_tenth": (1 / 2, 1 / 10),
    "tenth": (1 / 10,),
    "half_quarter_tenth": (1 / 2, 1 / 4, 1 / 10),
    "none": (),
}
DEFAULT_LADDER = "half_tenth"
LONGEST_LADDER = max(len(rungs) for rungs in LADDERS.values())



def _clocks_line(clocks) -> str:
    return gettext(
        "{start} bank, {increment} more per move (at most {cap}), trading window {window}"
    ).format(
        start=durations.exact(clocks.bank_start),
        increment=durations.exact(clocks.bank_increment),
        cap=durations.exact(clocks.bank_cap),
        window=durations.exact(clocks.trading_window),
    )


@dataclass(frozen=True, slots=True)
class Preset:
    key: str
    label: str
    bank_start: timedelta
    bank_increment: timedelta
    bank_cap: timedelta
    trading_window: timedelta
    timeouts_before_bot: int
    bot_patience: timedelta

    def describe(self) -> str:
        return _clocks_line(self)


PRESETS: dict[str, Preset] = {
    preset.key: preset
    for preset in (
        Preset(
            "fast",
            gettext_lazy("Fast (live play)"),
            bank_start=timedelta(minutes=2),
            bank_increment=timedelta(seconds=20),
            bank_cap=timedelta(minutes=5),
            trading_window=timedelta(minutes=3),
            timeouts_before_bot=2,
            # Players at the table answer in seconds; a minute is plenty and costs little.
            bot_patience=timedelta(minutes=1),
        ),
        Preset(
            "daily",
            gettext_lazy("Daily"),
            bank_start=timedelta(days=2),
            bank_increment=timedelta(hours=12),
            bank_cap=timedelta(days=3),
            trading_window=timedelta(hours=12),
            timeouts_before_bot=3,
            # Players look in a few times a day: a sixth of the window, then the table goes on.
            bot_patience=timedelta(hours=2),
        ),
        Preset(
            "relaxed",
            gettext_lazy("Relaxed"),
            bank_start=timedelta(days=5),
            bank_increment=timedelta(days=1),
            bank_cap=timedelta(days=7),
            trading_window=timedelta(days=1),
            timeouts_before_bot=3,
            # Players who look in once or twice a day: a quarter of the window, the same half-day.
            bot_patience=timedelta(hours=6),
        ),
    )
}
DEFAULT_PRESET = "daily"


def choices() -> list[tuple[str, str]]:
    """The presets for a form, worded in the reader's language."""
    return [(preset.key, f"{preset.label}: {preset.describe()}") for preset in PRESETS.values()]


def apply_preset(game, key: str) -> None:
    """Copy a preset's clocks onto a game being created (the caller saves): a game keeps the
    clocks it was created with, whatever later becomes of the preset."""
    preset = PRESETS[key]
    game.time_control = preset.key
    game.bank_start = preset.bank_start
    game.bank_increment = preset.bank_increment
    game.bank_cap = preset.bank_cap
    game.trading_window = preset.trading_window
    game.timeouts_before_bot = preset.timeouts_before_bot


def describe(game) -> str:
    """The game's clocks in a line: its preset's name and what the game's own clocks give."""
    preset = PRESETS.get(game.time_control, PRESETS[DEFAULT_PRESET])
    names = ("bank_start", "bank_increment", "bank_cap", "trading_window")
    clocks = SimpleNamespace(**{name: _setting(game, name) for name in names})
    return f"{preset.label}: {_clocks_line(clocks)}"


def _setting(game, name: str) -> timedelta:
    """The game's own value, or its preset's when the game was stored without one."""
    value = getattr(game, name)
    if value is None:
        value = getattr(PRESETS.get(game.time_control, PRESETS[DEFAULT_PRESET]), name)
    return value


def bank_start(game) -> timedelta:
    return _setting(game, "bank_start")


def trading_window(game) -> timedelta:
    return _setting(game, "trading_window")


def trading_ends(game, started_at: datetime, hour: time | None, zone: str) -> datetime:
    """When a trading window begun at `started_at` ends: at the window's end, or earlier at the
    first `hour` of the player's day in `zone` after it began. The hour never lengthens it."""
    end = started_at + trading_window(game)
    if hour is None:
        return end
    local = started_at.astimezone(ZoneInfo(zone))
    at = datetime.combine(local.date(), hour, tzinfo=local.tzinfo)
    if at <= local:
        at = datetime.combine(local.date() + timedelta(days=1), hour, tzinfo=local.tzinfo)
    return min(end, at.astimezone(UTC))


def bot_patience(game) -> timedelta:
    """How long a bot trading as the active player waits for the answers to its offers, and for
    the people's offers: its preset's patience, never longer than the game's trading window.
    Not a game setting: bots are the house's, not the table's."""
    preset = PRESETS.get(game.time_control, PRESETS[DEFAULT_PRESET])
    return min(preset.bot_patience, trading_window(game))


def bank_left(game, seat) -> timedelta:
    return seat.bank if seat.bank is not None else bank_start(game)


def bank_after_move(game, seat, used: timedelta) -> timedelta:
    """The bank once a move that took `used` is made: what is left plus the increment, capped."""
    left = max(timedelta(0), bank_left(game, seat) - max(used, timedelta(0)))
    return min(_setting(game, "bank_cap"), left + _setting(game, "bank_increment"))


def vacation_days_left(profile, now: datetime) -> int:
    used = profile.vacation_days_used if profile.vacation_year == now.year else 0
    return max(0, VACATION_DAYS_PER_YEAR - used)


def rungs_reached(ladder: str, started_at: datetime, due_at: datetime, now: datetime) -> int:
    """How many steps of the ladder a wait from `started_at` to `due_at` has reached by `now`
    (all those whose share of the clock is left or less)."""
    clock, left = due_at - started_at, due_at - now
    return sum(1 for share in LADDERS.get(ladder, LADDERS[DEFAULT_LADDER]) if left <= clock * share)
