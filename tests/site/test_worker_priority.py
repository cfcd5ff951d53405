"""A worker niced by its process manager stays behind the web: started in a session of its own
(systemd, honcho, the soak), it puts its whole session's scheduling group behind the web's, for
Linux shares the CPU between sessions before it looks at nice values. Started in a session
shared with the web (`make run`), it leaves the group alone."""

import os
import subprocess
import sys

from django.conf import settings

from bohnanza_site.worker_priority import AUTOGROUP

REPORT = (
    "from bohnanza_site.worker_priority import session_niced_as_worker;"
    "from tests.site.test_worker_priority import group_nice;"
    "print(session_niced_as_worker());"
    "print(group_nice())"
)


def group_nice() -> str:
    """This process's session group's nice value. A session that never had a group of its own
    (the machine's first, where CI may run) is in the default group: its file reads empty, and
    it weighs as nice 0."""
    if not os.path.exists(AUTOGROUP):
        return "no groups"
    with open(AUTOGROUP) as group:
        shown = group.read().split()
    return shown[-1] if shown else "0"


def _worker_start(*launcher: str) -> list[str]:
    """What the worker's start-up gives its session's group, and the group's nice after it."""
    done = subprocess.run(
        [*launcher, "nice", "-n", "10", sys.executable, "-c", REPORT],
        cwd=settings.BASE_DIR,
        capture_output=True,
        text=True,
        check=True,
    )
    return done.stdout.splitlines()


def test_a_niced_worker_in_a_session_of_its_own_puts_the_session_behind_the_web():
    own = group_nice()
    if os.path.exists(AUTOGROUP):
        assert _worker_start("setsid", "--wait") == ["10", "10"]
    else:  # a kernel without session groups: the nice value alone decides
        assert _worker_start("setsid", "--wait") == ["None", "no groups"]
    assert group_nice() == own  # the web's session, here the test's, is as it was


def test_a_niced_worker_sharing_the_web_s_session_leaves_the_session_as_it_is():
    assert _worker_start() == ["None", group_nice()]
