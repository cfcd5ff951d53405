import os

from celery import Celery
from celery.signals import worker_init

from bohnanza_site.worker_priority import session_niced_as_worker

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "bohnanza_site.settings")

app = Celery("bohnanza_site")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()


@worker_init.connect
def _niced_session(**_) -> None:
    session_niced_as_worker()
