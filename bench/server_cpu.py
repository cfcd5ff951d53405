"""CPU time the server side spends, read from /proc: the gunicorn master and its workers, and
every PostgreSQL and Redis process on the machine (the bench runs alone on it).

Dividing it by the requests served gives what a request costs the server, whatever the load
generator, which shares the machine, costs itself.
"""

import os
from pathlib import Path

SERVICES = ("postgres", "redis-server")
_TICK = os.sysconf("SC_CLK_TCK")


def _stat(pid: str) -> tuple[str, int, float] | None:
    """(command, parent pid, CPU seconds) of a process, or None if it has gone."""
    try:
        text = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    command = text[text.index("(") + 1 : text.rindex(")")]
    fields = text[text.rindex(")") + 2 :].split()
    # Fields 14 and 15 of stat(5), utime and stime, are at 11 and 12 after the command.
    return command, int(fields[1]), (int(fields[11]) + int(fields[12])) / _TICK


def _stats() -> dict[int, tuple[str, int, float] | None]:
    return {int(pid): _stat(pid) for pid in os.listdir("/proc") if pid.isdigit()}


def tree_seconds(roots: list[int]) -> dict[int, float]:
    """CPU seconds used so far by each of the processes `roots` and their children, by pid."""
    stats = _stats()
    return {
        pid: stat[2]
        for pid, stat in stats.items()
        if stat is not None and (pid in roots or stat[1] in roots)
    }


def cpu_seconds(server_pid: int) -> float:
    """CPU seconds used so far by the server process, its children and the services."""
    stats = _stats()
    total = 0.0
    for pid, stat in stats.items():
        if stat is None:
            continue
        command, parent, seconds = stat
        if pid == server_pid or parent == server_pid or command.startswith(SERVICES):
            total += seconds
    return total
