# The README's commands. `make run` and `make test` do all the set-up themselves.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
HOST ?= 127.0.0.1
PORT ?= 8000
WORKERS ?= 3

.PHONY: run test coverage-gate lint bench install install-dev frontend migrate worker clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

# Two stamps: what the desk needs to serve (`make run`), and the test tools on top of it
# (`make test`), so the download before an event is only the first. Each is redone when
# its requirements file changes; the tools' stamp after the desk's.
$(VENV)/.installed-desk: $(BIN)/python requirements.txt
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -r requirements.txt
	touch $@

$(VENV)/.installed-dev: $(VENV)/.installed-desk requirements-dev.txt
	$(BIN)/pip install --quiet -r requirements-dev.txt
	touch $@

# The same for the npm packages: htmx for the desk; axe-core too for the browser tests.
# `npm ci` empties node_modules first, so the full install stamps both.
node_modules/.installed-desk: package.json package-lock.json
	npm ci --omit=dev --no-audit --no-fund --silent
	touch $@

node_modules/.installed-dev: package.json package-lock.json
	npm ci --no-audit --no-fund --silent
	touch $@ node_modules/.installed-desk

install: $(VENV)/.installed-desk frontend

install-dev: $(VENV)/.installed-dev node_modules/.installed-dev

frontend: node_modules/.installed-desk

migrate: install
	$(BIN)/python manage.py migrate --noinput

# The official's sign-in is the last thing printed before the desk serves: gunicorn
# starts quietly (warnings and errors only) and then logs each request as it comes.
run: migrate
	$(BIN)/python manage.py collectstatic --noinput --verbosity 0
	$(BIN)/python manage.py load_demo --if-empty
	@signin="$$(HOST=$(HOST) PORT=$(PORT) $(BIN)/python manage.py create_official --demo)" \
		|| exit 1; \
	printf '\n%s\n\n' "$$signin"; \
	exec env HOST=$(HOST) $(BIN)/gunicorn config.wsgi --bind $(HOST):$(PORT) --workers $(WORKERS) \
		--log-level warning --access-logfile - --forwarded-allow-ips '*'

worker: install
	$(BIN)/celery -A config worker --loglevel INFO --concurrency 2

lint: install-dev
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

# A run without PostgreSQL leaves out of its report the code only PostgreSQL runs (marked
# "# PostgreSQL only"; pyproject.toml): there it cannot run. .ci/run's gate over both runs
# counts it.
ifeq ($(filter postgres://% postgresql://%,$(DATABASE_URL)),)
export COVERAGE_SQLITE_ALONE :=
endif

# Every app against its own coverage gate (pyproject.toml, [tool.coverage-gate]).
# COVERAGE_GATE=0 leaves the gate to the caller: .ci/run gates its two runs together.
COVERAGE_GATE ?= 1

test: install-dev lint
	$(BIN)/python -m pytest --cov --cov-branch --cov-report=term $(PYTEST_ARGS)
	@if [ "$(COVERAGE_GATE)" = 1 ]; then $(MAKE) --no-print-directory coverage-gate; fi

coverage-gate: install-dev
	$(BIN)/coverage json --quiet
	$(BIN)/python tools/coverage_gate.py data/coverage.json

bench: install-dev
	@for script in $(filter-out bench/_%,$(wildcard bench/*.py)); do \
		echo "== $$script"; $(BIN)/python $$script || exit 1; done

clean:
	rm -rf $(VENV) node_modules data/staticfiles
