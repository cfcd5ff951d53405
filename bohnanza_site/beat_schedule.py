"""The beat's schedule, kept in a file but never fatal to the beat.

Celery's beat keeps, in a shelve file, when each periodic task last ran, so that a daily one
(the mail digest) is not missed or doubled across a restart. On Python 3.13 that file is SQLite,
and a write to it can fail ("locking protocol", "database is locked": another beat on the same
file, one killed while writing). Celery lets such an error end the beat, and a worker's embedded
beat (`make run`) is not started again: deadlines would never time out, held mail never go.
This scheduler says so in the log and goes on: a save that fails leaves the schedule in memory,
and the file is tried again at the next save and at the close; a file that cannot be opened or
written as the beat starts, even after Celery has removed it, gives a schedule in memory alone,
as if the file had been new.
"""

import logging

from celery.beat import PersistentScheduler

log = logging.getLogger(__name__)


class _InMemory(dict):
    """A schedule store with nothing behind it."""

    def sync(self) -> None:
        pass

    def close(self) -> None:
        pass


class KeptSchedule(PersistentScheduler):
    _in_memory = False

    def _open_schedule(self):
        return _InMemory() if self._in_memory else super()._open_schedule()

    def setup_schedule(self) -> None:
        try:
            super().setup_schedule()
        except Exception as error:
            self._saved(self._store.close)
            self._in_memory_after(error)
            super().setup_schedule()

    def _destroy_open_corrupted_schedule(self, exc):
        try:
            return super()._destroy_open_corrupted_schedule(exc)
        except Exception as error:
            self._in_memory_after(error)
            return self._open_schedule()

    def _in_memory_after(self, error: Exception) -> None:
        log.warning(
            "the beat's schedule file %s cannot be opened (%s): the beat keeps its schedule "
            "in memory until it starts again",
            self.schedule_filename,
            error,
        )
        self._in_memory = True

    def sync(self) -> None:
        self._saved(super().sync)

    def close(self) -> None:
        self._saved(super().close)

    def _saved(self, save) -> None:
        try:
            save()
        except Exception as error:
            log.warning(
                "the beat's schedule could not be saved to %s (%s): it goes on from memory",
                self.schedule_filename,
                error,
            )
