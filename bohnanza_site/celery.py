import os

from celery import Celery
from celery.signals import task_postrun, task_prerun, worker_init
from django.db import close_old_connections

from bohnanza_site.worker_priority import session_niced_as_worker

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "bohnanza_site.settings")

app = Celery("bohnanza_site")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()


@worker_init.connect
def _niced_session(**_) -> None:
    session_niced_as_worker()


# A task's database connection is kept for the next, as a web request's is (CONN_MAX_AGE, with
# its health check): Celery's own handling closes it before and after every task
# (CELERY_DB_REUSE_MAX in settings keeps that to once in a long while), and a new PostgreSQL
# connection cost a bot move more than its own queries. As around a request, one that broke or
# outlived its age is closed and the next use checks it first.
# A task run eagerly (tests) runs inside its caller's transaction, which is left alone.
@task_prerun.connect
@task_postrun.connect
def _connections_looked_at(task=None, **_) -> None:
    if task is not None and not getattr(task.request, "is_eager", False):
        close_old_connections()
