# The README's commands. `make run` and `make test` do all the set-up themselves.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
HOST ?= 127.0.0.1
PORT ?= 8000
WORKERS ?= 3

.PHONY: run test coverage-gate lint bench install frontend migrate worker clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

$(VENV)/.installed: $(BIN)/python requirements.txt requirements-dev.txt
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -r requirements-dev.txt
	touch $@

node_modules/.installed: package.json package-lock.json
	npm ci --no-audit --no-fund --silent
	touch $@

install: $(VENV)/.installed frontend

frontend: node_modules/.installed

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

lint: install
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

# Every app against its own coverage gate (pyproject.toml, [tool.coverage-gate]).
# COVERAGE_GATE=0 leaves the gate to the caller: .ci/run gates its two runs together.
COVERAGE_GATE ?= 1

test: install lint
	$(BIN)/python -m pytest --cov --cov-branch --cov-report=term $(PYTEST_ARGS)
	@if [ "$(COVERAGE_GATE)" = 1 ]; then $(MAKE) --no-print-directory coverage-gate; fi

coverage-gate:
	$(BIN)/coverage json --quiet
	$(BIN)/python tools/coverage_gate.py data/coverage.json

bench: install
	@for script in $(filter-out bench/_%,$(wildcard bench/*.py)); do \
		echo "== $$script"; $(BIN)/python $$script || exit 1; done

clean:
	rm -rf $(VENV) node_modules data/staticfiles
