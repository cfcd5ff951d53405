import os

from django.core.wsgi import get_wsgi_application

from bohnanza_site.warm_up import warm_up

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "bohnanza_site.settings")

application = get_wsgi_application()
warm_up()  # the apps are ready: what the first requests would wait for, before they come
