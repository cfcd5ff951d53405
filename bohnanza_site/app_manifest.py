"""The web app manifest: what a phone needs to put the site on its home screen, opening on the
player's games (the home page lists them). Worded in the reader's language: the page asks for it
with its cookies, so a signed-in player's own; no database query of its own."""

from django.conf import settings
from django.http import JsonResponse
from django.templatetags.static import static
from django.urls import reverse
from django.utils import translation
from django.utils.translation import gettext
from django.views.decorators.http import require_GET

# The site's colours (static/css/site.css): the accent for the system bars, the page's
# background for the splash screen. base.html's theme-color meta says the same.
THEME_COLOR = "#5a7d2a"
BACKGROUND_COLOR = "#fbf8f1"
# (file under static/img/, size, purpose): the favicon's rounded square for "any", and a
# full-bleed one whose bean stays inside the safe circle for a platform that cuts its own shape.
ICONS = (
    ("img/icon-192.png", 192, "any"),
    ("img/icon-512.png", 512, "any"),
    ("img/icon-maskable-512.png", 512, "maskable"),
)


@require_GET
def app_manifest(request):
    home = reverse("games:home")
    manifest = {
        "id": home,
        "name": settings.SITE_NAME,
        "short_name": settings.SITE_NAME,
        "description": gettext(
            "Plant, trade and harvest beans with friends, one move at a time. Nobody has to be "
            "online at once: you get an e-mail when it is your turn."
        ),
        "lang": translation.get_language(),
        "start_url": home,
        "scope": home,
        "display": "standalone",
        "theme_color": THEME_COLOR,
        "background_color": BACKGROUND_COLOR,
        "icons": [
            {
                "src": static(path),
                "sizes": f"{size}x{size}",
                "type": "image/png",
                "purpose": purpose,
            }
            for path, size, purpose in ICONS
        ],
    }
    return JsonResponse(
        manifest,
        content_type="application/manifest+json",
        json_dumps_params={"ensure_ascii": False},
    )
