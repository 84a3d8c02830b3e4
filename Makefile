# The README's two commands: `make run` serves the app, `make test` runs every test.
# Each creates the virtual environment on first use and reinstalls when requirements change.
VENV ?= .venv
PYTHON ?= python3
BIN = $(VENV)/bin

REPLICAS ?= 2

.PHONY: run test test-fast lint format bench bench-browser bench-beyond bench-load table clean

run: $(VENV)/.runtime-installed
	$(BIN)/python scripts/warm_up.py & STAGE_PREWARM=1 $(BIN)/streamlit run app.py

# N replicas behind HAProxy on one port (Debian: apt-get install haproxy); Ctrl-C stops all.
.PHONY: cluster
cluster: $(VENV)/.runtime-installed
	$(BIN)/python scripts/cluster.py --replicas $(REPLICAS)

# Every test but the cluster's runs on TEST_WORKERS processes (the 25 slowest are listed at the
# end, for the suite's time budget: 12 minutes on a quiet fresh clone), a test file each at a time
# (pytest-xdist's loadfile: a file's shared fixtures, its server and browser among them, are
# built once per process), in tests/conftest.py's order: the browser files first, the short
# files last to fill in (--no-loadscope-reorder: xdist's own order left a minutes-long browser
# file running alone at the end). The cluster tests, which start replicas behind a load
# balancer and kill them, run after them one at a time.
TEST_WORKERS ?= 2
XDIST = -n $(TEST_WORKERS) --dist loadfile --no-loadscope-reorder

# The stage's JavaScript first (node --test on its ES modules, Debian: apt-get install nodejs),
# then every Python test in the two runs above; both run, and a failure in either fails the
# target. Without node its tests are skipped loudly, except under CI=true.
test: $(VENV)/.dev-installed
	@if command -v node >/dev/null 2>&1; then node --test tests/js/*.test.mjs; \
	elif [ "$$CI" = true ]; then echo "node is missing: the stage's tests cannot run" >&2; exit 1; \
	else echo "SKIPPED tests/js: node is missing (apt-get install nodejs)" >&2; fi
	@status=0; \
	$(BIN)/python -m pytest $(XDIST) -m "not cluster" --durations=25 || status=$$?; \
	$(BIN)/python -m pytest -m cluster || status=$$?; \
	exit $$status

# For your own iteration (under 2 minutes on a quiet machine, on one process, the other core
# left to the editor): what a change to core or to a page's
# words needs. The stage's JavaScript (node --test), then tests/core, tests/app and tests/poll
# without the tests marked slow: no browser, no server, no AppTest page run, no PostgreSQL, none
# measured at 0.5 s or more (tests/slow_tests.txt, marked by tests/conftest.py; pyproject.toml's
# markers). CI runs `make test`, which runs them all.
test-fast: $(VENV)/.dev-installed
	@if command -v node >/dev/null 2>&1; then node --test tests/js/*.test.mjs; \
	else echo "SKIPPED tests/js: node is missing (apt-get install nodejs)" >&2; fi
	$(BIN)/python -m pytest -q -m "not slow" tests/core tests/app tests/poll

# The JavaScript's formatter: prettier at the exact version package-lock.json pins, 100 columns
# (package.json's "prettier"), over the stage's, the pages' and the node tests' modules.
JS_FILES = "ui/**/*.js" "tests/js/**/*.mjs"

lint: $(VENV)/.dev-installed node_modules/.installed
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	node_modules/.bin/prettier --check $(JS_FILES)

format: $(VENV)/.dev-installed node_modules/.installed
	$(BIN)/ruff format .
	$(BIN)/ruff check --fix .
	node_modules/.bin/prettier --write $(JS_FILES)

node_modules/.installed: package.json package-lock.json
	npm ci --no-audit --no-fund --ignore-scripts
	touch $@

bench: $(VENV)/.dev-installed
	$(BIN)/python -m bench.kl_curve
	$(BIN)/python -m bench.recompute
	$(BIN)/python -m bench.poll_store
	$(BIN)/python -m bench.cache_thrash

bench-browser: $(VENV)/.dev-installed
	$(BIN)/python -m bench.stage_latency

bench-beyond: $(VENV)/.dev-installed
	$(BIN)/python -m bench.beyond_core
	$(BIN)/python -m bench.beyond_pages

bench-load: $(VENV)/.dev-installed
	$(BIN)/python -m bench.load --keys beta,n,b,sigma
	$(BIN)/python -m bench.profile_rerun

# Load and faults through `make cluster` (HAProxy): takes ~30 min on 2 shared cores.
.PHONY: bench-cluster
bench-cluster: $(VENV)/.dev-installed
	$(BIN)/python -m bench.cluster_load

# The offline Playground (scripts/static_site.py): dist/playground/, opened from any static host or
# straight from disk (file://), no Python. APP_URL is the full app its page links to.
APP_URL ?= http://localhost:8501/
.PHONY: static
static: $(VENV)/.runtime-installed
	$(BIN)/python scripts/static_site.py --out dist/playground --app-url "$(APP_URL)"

table: $(VENV)/.runtime-installed
	$(BIN)/python -m core

$(VENV)/bin/python:
	$(PYTHON) -m venv $(VENV)

$(VENV)/.runtime-installed: requirements.txt | $(VENV)/bin/python
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -r requirements.txt
	touch $@

$(VENV)/.dev-installed: requirements.txt requirements-dev.txt | $(VENV)/bin/python
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -r requirements-dev.txt
	touch $@ $(VENV)/.runtime-installed

clean:
	rm -rf $(VENV) node_modules .pytest_cache .ruff_cache .hypothesis artifacts
