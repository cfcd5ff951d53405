# Python may keep compiled modules: a machine that says otherwise (PYTHONDONTWRITEBYTECODE) makes
# every process compile the whole site and every test again, some 10 s a test process.
unexport PYTHONDONTWRITEBYTECODE

PY ?= .venv/bin/python
BIN := $(dir $(PY))
STAMP := .venv/.requirements-installed
# The interpreter the virtualenv is made from: python3.13 if it is on the path, else python3
# (which .python-version makes 3.13 under pyenv). Anything older is refused with a way out.
PYTHON ?= $(shell command -v python3.13 || command -v python3)

.PHONY: venv engine messages lint test test-clocks run demo bench soak

venv: $(STAMP)

# Reinstalls only when a requirements file is newer than the stamp.
$(STAMP): requirements/base.txt requirements/dev.txt
	@$(PYTHON) -c 'import sys; sys.exit(sys.version_info < (3, 13))' || { \
	  echo "Bohnanza needs Python 3.13 or newer; $(PYTHON) is $$($(PYTHON) --version 2>&1)."; \
	  echo "Install it (for example 'pyenv install 3.13' or 'uv python install 3.13'), then"; \
	  echo "run make again, or name it: make PYTHON=/path/to/python3.13 ..."; exit 1; }
	test -d .venv || $(PYTHON) -m venv .venv
	$(PY) -m pip install -r requirements/dev.txt
	touch $@

# The engine compiled to C by mypyc (games/engine/compiled.py says how it is chosen), built
# again when an engine module changed. Where the build fails, or is older than the sources, the
# engine runs as plain Python.
ENGINE_BUILT := var/.engine-built
engine: $(ENGINE_BUILT)

$(ENGINE_BUILT): $(shell find games/engine -name '*.py') $(STAMP)
	@mkdir -p var
	$(PY) -m build_engine
	touch $@

# The translations: each language's .po compiled to the .mo Django reads (build output, not
# kept in the repository), by Babel, so no system gettext is needed.
MO := $(patsubst %.po,%.mo,$(wildcard locale/*/LC_MESSAGES/django.po))
messages: $(MO)

locale/%/LC_MESSAGES/django.mo: locale/%/LC_MESSAGES/django.po $(STAMP)
	$(BIN)pybabel compile --statistics -i $< -o $@

lint: venv
	$(BIN)ruff check .
	$(BIN)lint-imports

# In parallel, three processes on two cores: the browser and integration tests wait much of their
# time for a page, a worker or a bot, and a third process fills those waits (two took 922 s on
# this 2-core machine, three 668 s). The integration tests share one process (see their
# conftest). The engine's own tests run a second time on the plain Python engine. The ten
# slowest tests are listed, to keep the suite's time in sight.
test: venv engine messages lint
	$(BIN)pytest -q -n 3 --dist loadgroup --durations=10
	@echo "The engine's own tests again, on the plain Python engine:"
	BOHNANZA_ENGINE=python $(BIN)pytest -q -n auto tests/engine

# The site's tests (not the browser's or the integration's) with the clock set to instants that
# catch out a test building a date or a time itself: the first minutes of a year, a leap day's
# last hour, and the night Europe's clocks go forward (deadlines two days later cross it).
CLOCKS ?= 2027-01-01T00:30:00+00:00 2028-02-29T23:30:00+00:00 2027-03-28T00:30:00+00:00
test-clocks: venv engine messages
	@for at in $(CLOCKS); do echo "The clock at $$at:"; \
	  BOHNANZA_TEST_NOW=$$at $(BIN)pytest -q -n auto -m "not e2e and not integration" \
	    tests/games tests/mailplay tests/leagues tests/botapi || exit 1; done

# The worker (with beat), the receiver of replies to mails and the site run side by side, and
# the trap stops them all when the site ends or the shell is asked to stop: by Ctrl-C, or by
# a SIGTERM make passes on (the shell waits on the site with `wait`, which a signal
# interrupts, where a command run in the foreground would hold the trap until it ended). It
# says so in one line: a stop asked for is no error for make to report. (make passes no SIGINT
# on: one sent to make alone, not to its process group as Ctrl-C does, stops nothing.) The
# worker is started again whenever it dies
# (bohnanza_site/supervised_worker.py), and /health says when the sweeps have stopped. PORT
# picks the site's port (make run PORT=8001), which the links in mails name too unless SITE_URL
# says otherwise. The site is served by an ASGI server (uvicorn), which holds the game pages'
# streams (docs/pages.md, "Live updates"); static files come from the apps (DEBUG).
PORT ?= 8000
run: venv engine messages
	$(PY) manage.py migrate --noinput
	@mkdir -p var; \
	export SITE_URL="$${SITE_URL:-http://127.0.0.1:$(PORT)}"; \
	$(PY) -m bohnanza_site.supervised_worker --queue-folder var/celery/queue -l warning & pid=$$!; \
	echo $$pid > var/celery.pid; \
	$(PY) manage.py mail_receiver & rpid=$$!; \
	trap 'kill $$pid $$rpid $$spid 2>/dev/null; wait $$pid $$rpid $$spid; rm -f var/celery.pid; echo "Bohnanza stopped."' EXIT; \
	trap 'exit 0' INT TERM; \
	echo "Bohnanza is running at http://127.0.0.1:$(PORT)/"; \
	$(if $(DEMO),,echo "Nothing to look at yet? 'make demo' adds players, rated games and a running league.";) \
	$(BIN)uvicorn bohnanza_site.asgi:application --host 127.0.0.1 --port $(PORT) --log-level warning & spid=$$!; \
	wait $$spid

# Demo data (200 players, 1,000 finished rated games, a league with a running season), built
# once, then the site as `make run` serves it.
demo: venv
	$(PY) manage.py migrate --noinput
	$(PY) manage.py leagues_demo
	$(MAKE) run DEMO=1

bench: venv engine messages
	$(PY) -m bench

# The soak (bench/soak.py): two web instances, two workers and a beat, PostgreSQL, Redis and a
# mail server under paced page and poll load for MINUTES minutes with GAMES games, a worker
# killed and a web instance restarted on the way; it prints what held and what it cost.
MINUTES ?= 6
GAMES ?= 60
soak: venv engine messages
	$(PY) -m bench.soak --minutes $(MINUTES) --games $(GAMES)
