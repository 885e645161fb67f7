# Arbitre. The two commands the README gives: `make run` and `make test`.
SHELL := /bin/bash
.SHELLFLAGS := -eu -o pipefail -c
.DEFAULT_GOAL := run

PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
MANAGE := $(PY) manage.py
HOST ?= 127.0.0.1
PORT ?= 8000
WORKERS ?= 3
# Debian packages the code needs: a C compiler and the Python headers (the helpmate search's
# extension); WeasyPrint's Pango stack (and HarfBuzz subsetting,
# which halves its render time), gettext for the translations, fonts, and chromium for
# the browser tests (Playwright drives Debian's chromium, never a downloaded one); the
# PostgreSQL client (backups), Java (the Nu HTML validator of the test suite), and poppler
# and zbar (the certificate tests render a page and read its QR code).
DEBIAN_PACKAGES := gcc libc6-dev python3-dev libpango-1.0-0 libpangoft2-1.0-0 libharfbuzz0b libharfbuzz-subset0 \
	fonts-dejavu-core gettext chromium poppler-utils zbar-tools postgresql-client \
	default-jre-headless

export PIP_DISABLE_PIP_VERSION_CHECK := 1

.PHONY: run dev logins test install system-packages python-packages build data serve lint \
	test-sqlite test-postgresql bench bench-exam bench-scale messages clean

## Installing -------------------------------------------------------------------------

system-packages:
	@missing=""; for package in $(DEBIAN_PACKAGES); do \
		dpkg-query -W -f='$${Status}' $$package 2>/dev/null | grep -q "install ok installed" \
			|| missing="$$missing $$package"; \
	done; \
	if [ -n "$$missing" ]; then \
		echo "Installing Debian packages:$$missing"; \
		if [ "$$(id -u)" = 0 ]; then SUDO=""; else SUDO="sudo"; fi; \
		$$SUDO apt-get update -qq && \
		DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq --no-install-recommends $$missing >/dev/null; \
	fi

$(VENV)/.installed: requirements.lock requirements.txt requirements-dev.txt
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install -q --upgrade pip
	$(PY) -m pip install -q -r requirements.lock
	touch $@

python-packages: $(VENV)/.installed

install: system-packages python-packages

## Building ---------------------------------------------------------------------------

# The C extension (the exhaustive helpmate search), compiled translations and collected
# static files; all generated, never committed.
build: install
	bin/build-native $(PY)
	$(MANAGE) compilemessages --ignore=.venv -v0
	$(MANAGE) collectstatic --noinput -v0

# Idempotent: running it twice changes nothing.
data: build
	$(MANAGE) migrate --noinput -v0
	$(MANAGE) load_demo
	$(MANAGE) load_rulebook
	$(MANAGE) load_questions
	$(MANAGE) load_courses
	$(MANAGE) load_demo
	$(MANAGE) warm_engine_cache

## Running ----------------------------------------------------------------------------

# As in production (bin/serve): DEBUG off, hashed static files, a secret key kept in
# var/secret_key; only the cookies go over plain HTTP, on the loopback address.
run: data
	@$(MAKE) --no-print-directory logins
	HOST=$(HOST) PORT=$(PORT) WORKERS=$(WORKERS) VENV=$(VENV) bin/serve

# For development: DEBUG on (tracebacks, static files straight from the apps), runserver
# reloading the code on every change. Never expose it beyond the loopback address.
dev: data
	@$(MAKE) --no-print-directory logins
	DEBUG=1 $(MANAGE) runserver $(HOST):$(PORT)

logins:
	@echo
	@echo "Arbitre: http://$(HOST):$(PORT)/"
	@echo "Demo logins (password: arbitre-demo):"
	@echo "  trainee      stagiaire@demo.arbitre.fr"
	@echo "  trainer      formateur@demo.arbitre.fr, formatrice@demo.arbitre.fr"
	@echo "  grader       correcteur@demo.arbitre.fr, correctrice@demo.arbitre.fr"
	@echo "  exam staff   examens@demo.arbitre.fr"
	@echo "  admin        admin@demo.arbitre.fr"
	@echo "Graders, exam staff and admin give a 2FA code: $(MANAGE) demo_totp EMAIL prints it."
	@echo

## Testing ----------------------------------------------------------------------------

lint: install
	$(VENV)/bin/ruff check .

# In CI (CI=true) the suite runs twice: on SQLite, then on a throw-away PostgreSQL
# database (pytest-django creates test_<name> and drops it afterwards). The second run
# leaves out the tests that never reach a database (--database-tests-only, tests/conftest.py):
# pytest-django refuses them any access, so SQLite's run has just given their result for both.
# `make test-postgresql` on its own runs them all.
test: build lint
	$(MAKE) --no-print-directory test-sqlite
	@if [ "$${CI:-}" = "true" ] || [ -n "$${TEST_POSTGRESQL:-}" ]; then \
		$(MAKE) --no-print-directory test-postgresql POSTGRESQL_PYTEST_ARGS=--database-tests-only; \
	fi

# The machine has two cores: pytest-xdist runs the suite on both.
TEST_WORKERS ?= 2

test-sqlite:
	@echo "== test suite on SQLite"
	env -u DATABASE_URL ARBITRE_TESTING=1 $(VENV)/bin/pytest -q -n $(TEST_WORKERS) $(PYTEST_ARGS)

POSTGRESQL_SERVER ?= postgres://postgres@127.0.0.1:5432
POSTGRESQL_DATABASE := arbitre_ci_$(shell date +%s)
# pytest-django creates test_<name> (test_<name>_gw0, _gw1… under pytest-xdist) and drops
# them; the drop is repeated with FORCE afterwards so that an interrupted or leaky run
# never leaves databases behind.
test-postgresql:
	@echo "== test suite on PostgreSQL"
	status=0; DATABASE_URL=$(POSTGRESQL_SERVER)/$(POSTGRESQL_DATABASE) ARBITRE_TESTING=1 \
		$(VENV)/bin/pytest -q -n $(TEST_WORKERS) --create-db $(POSTGRESQL_PYTEST_ARGS) $(PYTEST_ARGS) || status=$$?; \
	$(PY) -c 'import psycopg, sys; connection = psycopg.connect(sys.argv[1], autocommit=True); \
		names = [row[0] for row in connection.execute("SELECT datname FROM pg_database WHERE datname LIKE %s", \
		(sys.argv[2] + "%",))]; [connection.execute("DROP DATABASE IF EXISTS " + name + " WITH (FORCE)") for name in names]' \
		"$(POSTGRESQL_SERVER)/postgres" "test_$(POSTGRESQL_DATABASE)"; \
	exit $$status

## Benchmarks (not part of make test) ---------------------------------------------------

# bench_uvt_pairing_load.py is the one HTTP load run here (issue 20): a UVT mock with a pairing
# question sat by UVT_CANDIDATES candidates through bin/serve, on SQLite (about 6 minutes on
# two idle cores); bench-exam repeats it on PostgreSQL.
UVT_CANDIDATES ?= 500
bench: data
	@mkdir -p bench/results
	@for script in bench/bench_*.py; do \
		[ -e "$$script" ] || { echo "no benchmark found"; exit 1; }; \
		case "$$script" in \
			*bench_exam_load.py|*bench_scale.py) continue ;; \
			*bench_uvt_pairing_load.py) CANDIDATES=$(UVT_CANDIDATES) DATABASE=sqlite $(PY) $$script ;; \
			*) $(PY) $$script ;; \
		esac; \
	done
	@echo "Figures written to bench/results/"

# An online exam session through the real HTTP stack (bin/serve, as `make run` serves):
# CANDIDATES candidates on SQLite, then on PostgreSQL, then the fault run (the app server
# killed and restarted mid-exam), then the UVT pairing mock (see bench) on PostgreSQL. Each run
# uses its own throw-away database.
CANDIDATES ?= 2000
bench-exam: build
	@mkdir -p bench/results
	CANDIDATES=$(CANDIDATES) DATABASE=sqlite $(PY) bench/bench_exam_load.py
	CANDIDATES=$(CANDIDATES) DATABASE=postgresql $(PY) bench/bench_exam_load.py
	CANDIDATES=$(CANDIDATES) DATABASE=sqlite FAULT=1 $(PY) bench/bench_exam_load.py
	CANDIDATES=$(UVT_CANDIDATES) DATABASE=postgresql $(PY) bench/bench_uvt_pairing_load.py

# Two app servers (gunicorn, one worker each) against one PostgreSQL and one Redis: the
# deployment guide's layout; throughput with one server then two, and a candidate whose
# requests alternate between them (sessions, autosave, deadlines, 2FA lock-out).
bench-scale: build
	@mkdir -p bench/results
	cd bench && ../$(PY) bench_scale.py

## Maintenance ------------------------------------------------------------------------

# Regenerates the .po files after strings changed in the code (translators then edit them).
messages: install
	$(MANAGE) makemessages -l fr -l en --ignore=.venv --ignore=var --no-obsolete
	$(MANAGE) makemessages -d djangojs -l fr -l en --ignore=.venv --ignore=var --no-obsolete
	$(PY) bin/fill-french-plurals

clean:
	rm -rf var/static bench/results/*.json
