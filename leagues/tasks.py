"""Celery tasks of the leagues app: thin, each calling the service of the same name."""

from celery import shared_task

from leagues.services.leagues import seasons_start_due


@shared_task
def seasons_start_due_task() -> None:
    seasons_start_due()
