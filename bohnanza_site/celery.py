import os

from celery import Celery

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "bohnanza_site.settings")

app = Celery("bohnanza_site")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()
