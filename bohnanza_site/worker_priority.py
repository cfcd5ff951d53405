"""A niced worker stays behind the web wherever it runs.

Linux puts each session (setsid) in a scheduling group of its own (autogrouping, on by default)
and shares the CPU fairly between the groups; a process's nice value counts only against the
processes of its own group. A worker that a process manager starts in a session of its own
(systemd, honcho, the soak) at nice 10 would still get as much CPU as the web's whole session,
and the web's answers would wait behind bot moves. So a worker that leads its own session gives
its nice value to the session's group too (`/proc/self/autogroup`). A worker sharing a session
with other processes (`make run`) leaves the group alone: it would lower them with it. Where
cgroups share out the CPU instead (systemd with the CPU controller), the unit's CPUWeight decides
(deploy/systemd).
"""

import logging
import os

log = logging.getLogger(__name__)
AUTOGROUP = "/proc/self/autogroup"


def session_niced_as_worker() -> int | None:
    """The nice value given to this session's group, or None when it is left as it is."""
    nice = os.getpriority(os.PRIO_PROCESS, 0)
    if nice <= 0 or os.getsid(0) != os.getpid():
        return None
    try:
        with open(AUTOGROUP, "w") as group:
            group.write(str(nice))
    except OSError as error:  # a kernel without autogroups
        log.info("the worker's session group keeps its priority: %s", error)
        return None
    return nice
