"""Celery tasks of the tournaments app: thin, each calling the service of the same name."""

from celery import shared_task

from tournaments.services.rounds import tournament_advance, tournaments_advance


@shared_task
def tournaments_advance_task() -> None:
    tournaments_advance()


@shared_task
def tournament_advance_task(tournament_id: int) -> None:
    tournament_advance(tournament_id=tournament_id)
