PY ?= .venv/bin/python
BIN := $(dir $(PY))
STAMP := .venv/.requirements-installed

.PHONY: venv lint test run bench

venv: $(STAMP)

# Reinstalls only when a requirements file is newer than the stamp.
$(STAMP): requirements/base.txt requirements/dev.txt
	test -d .venv || python3 -m venv .venv
	$(PY) -m pip install -r requirements/dev.txt
	touch $@

lint: venv
	$(BIN)ruff check .
	$(BIN)lint-imports

test: venv lint
	$(BIN)pytest -q

# The worker (with beat) runs beside runserver; the trap stops it when runserver ends (Ctrl-C).
run: venv
	$(PY) manage.py migrate --noinput
	@mkdir -p var; \
	$(BIN)celery -A bohnanza_site worker --beat -l info & pid=$$!; echo $$pid > var/celery.pid; \
	trap 'kill $$pid 2>/dev/null; wait $$pid; rm -f var/celery.pid' EXIT; \
	trap 'exit 130' INT TERM; \
	echo "Bohnanza is running at http://127.0.0.1:8000/"; \
	$(PY) manage.py runserver 127.0.0.1:8000

bench: venv
	$(PY) -m bench
