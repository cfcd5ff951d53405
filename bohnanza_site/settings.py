"""Settings for the Bohnanza site.

With no environment set, everything runs locally: SQLite and a file-system Celery broker under
var/, mail to the console. DATABASE_URL, REDIS_URL and EMAIL_HOST switch to real services.
"""

import os
from pathlib import Path

import dj_database_url
from celery.schedules import crontab
from django.utils.csp import CSP
from kombu import Queue

BASE_DIR = Path(__file__).resolve().parent.parent
VAR_DIR = BASE_DIR / "var"
VAR_DIR.mkdir(exist_ok=True)


def env_bool(name: str, default: bool) -> bool:
    value = os.environ.get(name)
    if value is None or value == "":
        return default
    return value.strip().lower() in {"1", "true", "yes", "on"}


def env_list(name: str, default: str) -> list[str]:
    return [item.strip() for item in os.environ.get(name, default).split(",") if item.strip()]


SECRET_KEY = os.environ.get(
    "SECRET_KEY", "django-insecure-local-development-only-do-not-use-in-production"
)
DEBUG = env_bool("DEBUG", True)
ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", "localhost,127.0.0.1,testserver")

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    # Before staticfiles, so runserver leaves static files to WhiteNoise as in production.
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "django_htmx",
    "allauth",
    "allauth.account",
    "anymail",
    # django-ninja's templates and the Swagger UI files it ships, served by the site: the docs
    # pages (/api/v2/docs, /api/v1/docs) would otherwise load them from a CDN, which the CSP
    # refuses.
    "ninja",
    "games",
    "mailplay",
    "leagues",
    "tournaments",
    "botapi",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    # Answers most polls before the rest (sessions, auth, CSRF, messages) would run.
    "games.middleware.UnchangedPoll",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    # A visitor's language from Accept-Language; a player's own is put in by PlayerLocale.
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "games.middleware.PlayerLocale",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django.middleware.csp.ContentSecurityPolicyMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    "allauth.account.middleware.AccountMiddleware",
]

ROOT_URLCONF = "bohnanza_site.urls"
WSGI_APPLICATION = "bohnanza_site.wsgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "games.pages.notices.staff_notices",
            ],
        },
    },
]

DATABASES = {
    "default": dj_database_url.config(
        default=f"sqlite:///{VAR_DIR / 'db.sqlite3'}",
        conn_max_age=600,
        conn_health_checks=True,
    )
}
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # runserver and the worker write the same file. A transaction that takes the write lock
    # when it begins waits its turn (up to the timeout) instead of failing with "database is
    # locked" when it would upgrade from reading; WAL lets pages read meanwhile.
    DATABASES["default"]["OPTIONS"] = {
        "transaction_mode": "IMMEDIATE",
        "timeout": 20,
        "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
    }
    # A file, not memory: the browser tests' live server answers polls and moves in several
    # threads at once, and SQLite's in-memory test database is one connection shared by all.
    # One file per test run, so that runs side by side do not share it.
    DATABASES["default"]["TEST"] = {"NAME": str(VAR_DIR / f"test-{os.getpid()}.sqlite3")}

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

AUTHENTICATION_BACKENDS = [
    "django.contrib.auth.backends.ModelBackend",
    "allauth.account.auth_backends.AuthenticationBackend",
]

LANGUAGE_CODE = "en"
LANGUAGES = [
    ("en", "English"),
    ("de", "Deutsch"),
    ("it", "Italiano"),
    ("nl", "Nederlands"),
    ("fr", "Français"),
]
# Compiled from the .po files by `make` (pybabel), not kept in the repository.
LOCALE_PATHS = [BASE_DIR / "locale"]
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATIC_ROOT = VAR_DIR / "static"
STATIC_ROOT.mkdir(exist_ok=True)
STATICFILES_DIRS = [BASE_DIR / "static"]
if not DEBUG:
    # Hashed, compressed files from collectstatic; they need `manage.py collectstatic` first.
    STORAGES = {
        "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
        "staticfiles": {"BACKEND": "whitenoise.storage.CompressedManifestStaticFilesStorage"},
    }

SECURE_CSP = {"default-src": [CSP.SELF]}

# Where links in mails point, and the site's own origin.
SITE_URL = os.environ.get("SITE_URL", "http://127.0.0.1:8000").rstrip("/")
SITE_NAME = os.environ.get("SITE_NAME", "Bohnanza")
# Production (see README): HTTPS from SITE_URL turns on secure cookies, HSTS and the redirect to
# HTTPS; BEHIND_TLS_PROXY trusts the proxy's X-Forwarded-Proto and X-Forwarded-For, so that a
# request the proxy received over HTTPS is one, and each client is told apart by its address.
HTTPS = SITE_URL.startswith("https://")
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS", SITE_URL)
if HTTPS:
    SESSION_COOKIE_SECURE = True
    CSRF_COOKIE_SECURE = True
    SECURE_SSL_REDIRECT = env_bool("SECURE_SSL_REDIRECT", True)
    SECURE_HSTS_SECONDS = int(os.environ.get("SECURE_HSTS_SECONDS", str(60 * 60 * 24 * 365)))
    # Set both false for a domain whose subdomains are not all served over HTTPS.
    SECURE_HSTS_INCLUDE_SUBDOMAINS = env_bool("SECURE_HSTS_INCLUDE_SUBDOMAINS", True)
    SECURE_HSTS_PRELOAD = env_bool("SECURE_HSTS_PRELOAD", True)
if env_bool("BEHIND_TLS_PROXY", False):
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    ALLAUTH_TRUSTED_PROXY_COUNT = int(os.environ.get("TRUSTED_PROXY_COUNT", "1"))

LOGIN_REDIRECT_URL = "/"
ACCOUNT_LOGIN_METHODS = {"email"}
ACCOUNT_SIGNUP_FIELDS = ["email*", "password1*", "password2*"]
ACCOUNT_EMAIL_VERIFICATION = "optional"
ACCOUNT_FORMS = {"signup": "games.pages.forms.SignupForm"}
ACCOUNT_LOGIN_BY_CODE_ENABLED = True
ACCOUNT_ADAPTER = "games.pages.account_adapter.AccountAdapter"
ACCOUNT_USER_DISPLAY = "games.pages.account_adapter.user_display"
ACCOUNT_EMAIL_SUBJECT_PREFIX = f"[{SITE_NAME}] "
# Failed logins are limited per client address only: a limit per account would let anyone lock
# its owner out by typing wrong passwords on purpose.
ACCOUNT_RATE_LIMITS = {"login_failed": "10/m/ip,30/h/ip"}

# Django 6.1 configures mail with MAILERS; the EMAIL_BACKEND and EMAIL_* settings are deprecated.
# The environment keeps the familiar EMAIL_* names.
if os.environ.get("EMAIL_HOST"):
    MAILERS = {
        "default": {
            "BACKEND": "django.core.mail.backends.smtp.EmailBackend",
            "OPTIONS": {
                "host": os.environ["EMAIL_HOST"],
                # Unset, the backend picks 587 with TLS and 25 without.
                "port": int(os.environ["EMAIL_PORT"]) if os.environ.get("EMAIL_PORT") else None,
                "username": os.environ.get("EMAIL_HOST_USER", ""),
                "password": os.environ.get("EMAIL_HOST_PASSWORD", ""),
                "use_tls": env_bool("EMAIL_USE_TLS", False),
                # Inside the tasks' time limit (TASK_TIME_LIMIT below).
                "timeout": 5,
            },
        }
    }
else:
    # Readable on a terminal: the plain text as written, links whole.
    MAILERS = {"default": {"BACKEND": "bohnanza_site.console_mail.ReadableConsoleBackend"}}
DEFAULT_FROM_EMAIL = os.environ.get("DEFAULT_FROM_EMAIL", "Bohnanza <bohnanza@localhost>")
# Replies to mails that ask for a move come here, tagged (play+<tag>@...); the site receives
# them by SMTP/LMTP (manage.py mail_receiver) or a mail service's inbound webhook (anymail).
MAIL_REPLY_ADDRESS = os.environ.get("MAIL_REPLY_ADDRESS", "play@bohnanza.localhost")
MAIL_RECEIVER_PORT = int(os.environ.get("MAIL_RECEIVER_PORT", "8025"))
# The largest reply the receiver takes (a reply with a photo from a phone fits; 10 MB of text
# is refused as it comes in, before it is parsed).
MAIL_RECEIVER_MAX_BYTES = int(os.environ.get("MAIL_RECEIVER_MAX_BYTES", str(8 * 1024 * 1024)))
# A certificate (PEM, with its chain) and its key make the receiver offer STARTTLS.
MAIL_RECEIVER_TLS_CERT = os.environ.get("MAIL_RECEIVER_TLS_CERT", "")
MAIL_RECEIVER_TLS_KEY = os.environ.get("MAIL_RECEIVER_TLS_KEY", "")
# The name the receiving mail server writes first in its Authentication-Results header (its
# authserv-id, RFC 8601; often its host name). Set, only its results are read and a reply needs
# its pass for the sender's domain (mailplay/reading.py); `check --deploy` warns while unset.
MAIL_AUTHSERV_ID = os.environ.get("MAIL_AUTHSERV_ID", "")
# A sender gets at most this many answers an hour to replies that could not be played.
MAIL_REPLY_ANSWERS_PER_HOUR = 5
ANYMAIL = {"WEBHOOK_SECRET": os.environ.get("ANYMAIL_WEBHOOK_SECRET", "")}
# The mail service whose inbound webhook posts replies (anymail's name: "mailgun", "postmark",
# "amazon_ses", ...); only its /anymail/<service>/inbound/ is routed. Empty: none.
MAIL_INBOUND_SERVICE = os.environ.get("MAIL_INBOUND_SERVICE", "")
# Webhooks go only to https:// servers on the public internet. True lets them go to this
# machine over plain http too: for tests with a local receiver, never for a site.
WEBHOOK_ALLOW_LOCAL = False
# Web Push signs each message with a VAPID key pair (base64url: the private key's 32 bytes, the
# public key's 65); VAPID_SUBJECT is a mailto: address push services may write to. Without a
# configured pair, one is made once and kept in var/vapid-private-key (games/calls/vapid.py).
VAPID_PRIVATE_KEY = os.environ.get("VAPID_PRIVATE_KEY", "")
VAPID_PUBLIC_KEY = os.environ.get("VAPID_PUBLIC_KEY", "")
VAPID_SUBJECT = os.environ.get(
    "VAPID_SUBJECT", "mailto:" + DEFAULT_FROM_EMAIL.split("<")[-1].strip(">")
)
VAPID_KEY_FILE = VAR_DIR / "vapid-private-key"
# Pushes go only to https:// push services on the public internet. True lets them go to this
# machine over plain http too: for tests with a local push service, never for a site.
PUSH_ALLOW_LOCAL = False

REDIS_URL = os.environ.get("REDIS_URL", "")
# Tasks, chosen so that a worker killed at any moment strands nothing for long (DESIGN.md, "Tasks
# and a killed worker"). Every task is idempotent, so each may run again:
# - acknowledged when done, not when taken, and given back when its worker process dies: a
#   task a killed worker was running, or had taken, is run again;
# - a worker takes one task a process at a time, so it holds no backlog another could run;
# - no task runs longer than TASK_TIME_LIMIT: the sends wait at most 5 s for a server, the
#   periodic batches take on work for 4 s (games/time_budget.py), the digests go a task a
#   player. So Redis may give a task that is not acknowledged after VISIBILITY_TIMEOUT to another
#   worker without running one twice at once, and it looks for such tasks every second: a task
#   a killed worker held runs again within some 11 s. (Its lock on that search expires after
#   5 s, not 5 min, in case the worker was killed holding it.)
TASK_TIME_LIMIT = 8
VISIBILITY_TIMEOUT = 10
CELERY_TASK_ACKS_LATE = True
CELERY_TASK_REJECT_ON_WORKER_LOST = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
CELERY_TASK_TIME_LIMIT = TASK_TIME_LIMIT
# A job that cannot be queued is picked up by the sweeps, so the web gives up on a broker that is
# away after two quick tries (about 0.3 s) instead of four (1.3 s), and then waits 5 s before it
# tries again (games/task_queue.py).
CELERY_TASK_PUBLISH_RETRY_POLICY = {
    "max_retries": 1,
    "interval_start": 0.2,
    "interval_step": 0,
    "interval_max": 0.2,
}
if REDIS_URL:
    CELERY_BROKER_URL = REDIS_URL
    CELERY_BROKER_TRANSPORT_OPTIONS = {
        "visibility_timeout": VISIBILITY_TIMEOUT,
        "unacked_restore_interval": 1,
        "unacked_restore_throttle": 1,
        "unacked_mutex_expire": 5,
    }
else:
    CELERY_BROKER_URL = "filesystem://localhost//"
    # Kombu's, with each message written whole before a worker can take it (see the module).
    CELERY_BROKER_TRANSPORT = "bohnanza_site.filesystem_broker:Transport"
    _celery_dir = VAR_DIR / "celery"
    _celery_folders = {name: _celery_dir / name for name in ("queue", "control")}
    for _folder in _celery_folders.values():
        _folder.mkdir(parents=True, exist_ok=True)
    # Kombu writes to data_folder_out and reads from data_folder_in; the web process and the
    # worker share these settings, so both must name the same folder.
    CELERY_BROKER_TRANSPORT_OPTIONS = {
        "data_folder_in": str(_celery_folders["queue"]),
        "data_folder_out": str(_celery_folders["queue"]),
        "control_folder": str(_celery_folders["control"]),
    }
# The caches hold only what may be lost (presence throttles, invitation repeats). "default"
# is shared through Redis when there is one, kept per process otherwise; "process" is always
# this process's own, for what saves asking the shared one.
CACHES = {
    "default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"},
    "process": {
        "BACKEND": "django.core.cache.backends.locmem.LocMemCache",
        "LOCATION": "process",
        "OPTIONS": {"MAX_ENTRIES": 10_000},
    },
    # Whole game pages, each for the session that loaded it (some 35 kB each): a few hundred.
    "pages": {
        "BACKEND": "django.core.cache.backends.locmem.LocMemCache",
        "LOCATION": "pages",
        "OPTIONS": {"MAX_ENTRIES": 500},
    },
}
if REDIS_URL:
    # While Redis is away the shared cache answers as an empty one (bohnanza_site/shared_cache):
    # the pages go on, from the database. A Redis that takes half a second is as good as away.
    CACHES["default"] = {
        "BACKEND": "bohnanza_site.shared_cache.SharedCache",
        "LOCATION": REDIS_URL,
        "KEY_PREFIX": "bohnanza",
        "OPTIONS": {"socket_connect_timeout": 0.5, "socket_timeout": 0.5},
    }
    # Sessions are read from Redis and written through to the database, which keeps them when
    # Redis loses them. Only a shared cache will do: a per-process one would keep a session
    # alive in one process after its player logged out through another.
    SESSION_ENGINE = "django.contrib.sessions.backends.cached_db"
# After a move a worker renders the boards of the open pages ahead of their poll
# (games/services/boards.py); only worth it where the workers and the web share a cache.
BOARDS_RENDER_AHEAD = env_bool("BOARDS_RENDER_AHEAD", bool(REDIS_URL))
# Those renders have a queue of their own: a poll comes within 2 s of the move, and a render
# queued behind a backlog of bot moves and mails would come after it, leaving the web to render
# while the player waits. The clocks have one too: a deadline's sweep and the reminders are due
# at a time, and a backlog of bot moves must not make a timeout late (a queue of few tasks:
# the many timed calls held for open pages wait in the default one). A worker takes from its
# queues in turn (Redis: round robin), so such a task waits for at most one task of each other
# queue. Every worker takes them all.
CELERY_TASK_QUEUES = (Queue("celery"), Queue("boards"), Queue("clocks"))
CELERY_TASK_ROUTES = {
    "games.tasks.boards_render_task": {"queue": "boards"},
    "games.tasks.deadlines_sweep_task": {"queue": "clocks"},
    "games.tasks.reminders_task": {"queue": "clocks"},
}
# Requests a bot API token may make: so many per window of so many seconds.
BOTAPI_RATE_LIMIT = os.environ.get("BOTAPI_RATE_LIMIT", "300/60")
# Long-polls a token may hold waiting at once, and a web process (of its 8 threads).
BOTAPI_WAITS = os.environ.get("BOTAPI_WAITS", "4/4")
# Streams a token may hold at once in a stream process (botapi/streams.py).
BOTAPI_STREAMS = int(os.environ.get("BOTAPI_STREAMS", "8"))
CELERY_RESULT_BACKEND = None
CELERY_TASK_IGNORE_RESULT = True
CELERY_TASK_ALWAYS_EAGER = env_bool("CELERY_TASK_ALWAYS_EAGER", False)
CELERY_TIMEZONE = TIME_ZONE
# What a task prints (the console's mails under `make run`) goes to the terminal as it is,
# not through the worker's log as "WARNING/ForkPoolWorker-1" lines.
CELERY_WORKER_REDIRECT_STDOUTS = False
CELERY_BEAT_SCHEDULE_FILENAME = str(VAR_DIR / "celerybeat-schedule")
# A schedule file that fails is logged, not the end of the beat (bohnanza_site/beat_schedule.py).
CELERY_BEAT_SCHEDULER = "bohnanza_site.beat_schedule:KeptSchedule"
# The sweeps expire unrun after a few periods (the deadlines' after three, so one that waited
# behind a long task still runs), so a worker that was down does not run a backlog.
_SWEEP = float(os.environ.get("DEADLINE_SWEEP_SECONDS", "5"))
_FLUSH = float(os.environ.get("OUTBOX_FLUSH_SECONDS", "30"))
# A last sweep older than this many seconds says the beat or the workers have stopped (/health).
BEAT_STALE_AFTER = float(os.environ.get("BEAT_STALE_AFTER", str(max(60.0, 6 * _SWEEP))))
# The hour (UTC) the daily digests go out.
MAIL_DIGEST_HOUR = int(os.environ.get("MAIL_DIGEST_HOUR", "7"))
CELERY_BEAT_SCHEDULE = {
    "deadlines-sweep": {
        "task": "games.tasks.deadlines_sweep_task",
        "schedule": _SWEEP,
        "options": {"expires": 3 * _SWEEP},
    },
    "reminders": {
        "task": "games.tasks.reminders_task",
        "schedule": 15.0,
        "options": {"expires": 15},
    },
    "outbox-flush": {
        "task": "games.tasks.outbox_flush_task",
        "schedule": _FLUSH,
        "options": {"expires": _FLUSH},
    },
    # Webhook posts and pushes whose back-off, or their player's quiet hours, have ended: a
    # task a delivered channel (games/calls/channels.py).
    "deliveries-retry": {
        "task": "games.tasks.deliveries_retry_task",
        "schedule": 60.0,
        "options": {"expires": 60},
    },
    # Closed deadlines and month-old mail rows (games/services/housekeeping.py).
    "housekeeping": {
        "task": "games.tasks.housekeeping_task",
        "schedule": 3600.0,
        "options": {"expires": 3600},
    },
    "mail-digest": {
        "task": "games.tasks.mail_digest_task",
        "schedule": crontab(hour=MAIL_DIGEST_HOUR, minute=0),
    },
    # League seasons whose start date has come: a few minutes late is soon enough.
    "seasons-start": {
        "task": "leagues.tasks.seasons_start_due_task",
        "schedule": 300.0,
        "options": {"expires": 300},
    },
    # Tournaments: starts, rounds over, rounds' deadlines; a round's last game queues its
    # event's next step at once, so this is the net under it.
    "tournaments-advance": {
        "task": "tournaments.tasks.tournaments_advance_task",
        "schedule": 60.0,
        "options": {"expires": 60},
    },
}

# Configures the handlers below and hides credentials in every record as it is made.
LOGGING_CONFIG = "bohnanza_site.logging_filters.configure"
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "formatters": {
        "plain": {"format": "%(asctime)s %(levelname)s %(name)s: %(message)s"},
    },
    "filters": {
        "quiet_polls": {"()": "bohnanza_site.logging_filters.QuietPolls"},
    },
    "handlers": {
        "console": {
            "class": "logging.StreamHandler",
            "formatter": "plain",
        },
        "server": {
            "class": "logging.StreamHandler",
            "filters": ["quiet_polls"],
        },
    },
    "root": {"handlers": ["console"], "level": "INFO"},
    "loggers": {
        "django.server": {"handlers": ["server"], "level": "INFO", "propagate": False},
        # Each due task, every few seconds, and each task that succeeded: noise. Failures are
        # warnings and errors, and still show.
        "celery.beat": {"level": "WARNING"},
        "celery.app.trace": {"level": "WARNING"},
        # The reply receiver's SMTP library logs every connection, the check of its own port
        # at start included; what becomes of each reply is kept (InboundReply) and logged by
        # the site itself.
        "mail.log": {"level": "WARNING"},
    },
}
