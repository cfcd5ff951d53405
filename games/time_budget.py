"""Batch work cut to a time budget: no task may outlive the broker's visibility timeout (see
the task settings in bohnanza_site/settings.py), so a periodic task that finds a long backlog
takes on items for a few seconds and leaves the rest to its next run."""

import time
from collections.abc import Iterable, Iterator

# Seconds a batch takes on new items for: with the item in hand when it runs out (a mail sent
# within the mail server's timeout), well inside the tasks' hard time limit.
BATCH_SECONDS = 4.0


def for_a_while[T](items: Iterable[T], seconds: float = BATCH_SECONDS) -> Iterator[T]:
    """The items, one by one, until `seconds` have passed (the first one always)."""
    end = time.monotonic() + seconds
    for item in items:
        yield item
        if time.monotonic() >= end:
            return
