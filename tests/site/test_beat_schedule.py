"""The beat goes on when the file that keeps its schedule fails: deadlines still time out and
held mail still goes, and the log says what went wrong."""

import dbm.sqlite3
import logging
import shelve
import sqlite3
from datetime import timedelta

from django.utils import timezone
from kombu.utils.imports import symbol_by_name

from bohnanza_site.celery import app

SWEEP = "deadlines-sweep"


def the_site_s_beat(filename) -> object:
    """The scheduler the site's beat runs (the setting, not a class the test picks)."""
    return symbol_by_name(app.conf.beat_scheduler)(app=app, schedule_filename=str(filename))


def queued_by(beat, ticks: int = 40) -> list[str]:
    """The periodic tasks the beat queues in so many ticks, all of them due."""
    for entry in beat.schedule.values():
        entry.last_run_at -= timedelta(days=2)
    queued: list[str] = []
    beat.apply_async = lambda entry, **_: queued.append(entry.name)
    beat.producer = None  # nothing is sent: apply_async only notes the task
    for _ in range(ticks):
        beat.tick()
    return queued


def test_a_beat_whose_schedule_cannot_be_saved_for_a_while_goes_on_from_memory(tmp_path, caplog):
    beat = the_site_s_beat(tmp_path / "schedule")
    saves = []
    save = beat._store.sync

    def locked_at_first() -> None:
        saves.append("tried")
        if len(saves) == 1:
            raise sqlite3.OperationalError("locking protocol")
        save()

    beat._store.sync = locked_at_first
    caplog.set_level(logging.WARNING, logger="bohnanza_site.beat_schedule")
    beat._do_sync()

    assert SWEEP in queued_by(beat)
    assert "could not be saved" in caplog.text and "locking protocol" in caplog.text
    beat.close()  # the file free again, the schedule is kept in it
    with shelve.open(str(tmp_path / "schedule")) as kept:
        assert kept["entries"][SWEEP].last_run_at > timezone.now() - timedelta(minutes=1)


def test_a_beat_whose_schedule_file_cannot_be_opened_keeps_it_in_memory(tmp_path, caplog):
    in_the_way = tmp_path / "a-file"
    in_the_way.write_text("")
    caplog.set_level(logging.WARNING, logger="bohnanza_site.beat_schedule")

    beat = the_site_s_beat(in_the_way / "schedule")

    assert SWEEP in queued_by(beat)
    assert "cannot be opened" in caplog.text
    beat.close()


def test_a_beat_whose_schedule_file_fails_as_it_starts_keeps_it_in_memory(
    tmp_path, caplog, monkeypatch
):
    def locked(*_):
        raise dbm.sqlite3.error("locking protocol")

    caplog.set_level(logging.WARNING, logger="bohnanza_site.beat_schedule")
    with monkeypatch.context() as file_locked:  # what another beat on the same file once did
        file_locked.setattr(shelve.Shelf, "__setitem__", locked)
        beat = the_site_s_beat(tmp_path / "schedule")

    assert SWEEP in queued_by(beat)
    assert "cannot be opened" in caplog.text and "locking protocol" in caplog.text
    beat.close()
