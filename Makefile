# The commands of the README: `make demo`, `make serve` and `make test`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
PORT ?= 8000
# HOST=0.0.0.0 serves the house network: phones open the links on this machine's address.
HOST ?= 127.0.0.1
STAMP := $(VENV)/.installed

.PHONY: install demo serve test test-quick lint bench clean

# The pages' translations (locale/*/LC_MESSAGES/django.po) compiled to .mo with Babel: no
# system gettext needed; only the catalogs changed since they were last compiled.
install: $(STAMP)
	$(BIN)/python -m ledger.languages

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

# The demo runs in debug mode unless DJANGO_DEBUG is set to something false (false, 0, no, off).
DEMO_DEBUG := $(if $(filter-out true on ok y yes 1,$(shell printf '%s' '$(DJANGO_DEBUG)' | tr A-Z a-z)),,yes)

# The players' links point at DJANGO_PUBLIC_URL; when it is unset and HOST is not the loopback,
# at this machine's address on the house network (ledger/public_url.py).
DEMO_PUBLIC = export DJANGO_PUBLIC_URL="$${DJANGO_PUBLIC_URL:-$$($(BIN)/python -m ledger.public_url $(HOST) $(PORT))}"; \
	if [ -n "$$DJANGO_PUBLIC_URL" ]; then echo "Phones on the house network open $$DJANGO_PUBLIC_URL (DJANGO_PUBLIC_URL)."; fi;

demo: install
ifeq ($(DEMO_DEBUG),yes)
	@echo "The demo runs in debug mode (DJANGO_DEBUG defaults to true): an error shows Django's debug page."
	@echo "To switch it off and see the plain 404/500 pages, as in production: DJANGO_DEBUG=false make demo"
	@set -e; $(DEMO_PUBLIC) \
	$(BIN)/python manage.py migrate --noinput; \
	$(BIN)/python manage.py load_demo --port $(PORT); \
	exec $(BIN)/python manage.py runserver $(HOST):$(PORT)
else
	@echo "The demo runs with DJANGO_DEBUG=false: errors show the plain 404/500 pages, as in production"
	@echo "(served over plain http on $(HOST), with a throwaway secret key unless DJANGO_SECRET_KEY is set)."
	@set -e; $(DEMO_PUBLIC) \
	export DJANGO_SECRET_KEY="$${DJANGO_SECRET_KEY:-$$($(BIN)/python -c 'import secrets; print(secrets.token_urlsafe(50))')}"; \
	export DJANGO_SECURE_SSL_REDIRECT="$${DJANGO_SECURE_SSL_REDIRECT:-false}"; \
	$(BIN)/python manage.py migrate --noinput; \
	$(BIN)/python manage.py collectstatic --noinput -v0; \
	$(BIN)/python manage.py load_demo --port $(PORT); \
	exec $(BIN)/python manage.py runserver $(HOST):$(PORT)
endif

# The real site for a home game on this machine (manage.py serve_house): production settings,
# gunicorn, plain HTTP on the house network only. BANKER_HOUSE, BANKER_OWNER, BANKER_PASSWORD
# answer the first start's questions; HOST=0.0.0.0 serves the tablet and the phones.
serve: install
	@set -e; export DJANGO_DEBUG=false BANKER_HOUSE_NETWORK=true; \
	export DJANGO_PUBLIC_URL="$${DJANGO_PUBLIC_URL:-$$($(BIN)/python -m ledger.public_url $(HOST) $(PORT))}"; \
	exec $(BIN)/python manage.py serve_house --host $(HOST) --port $(PORT)

lint: install
	$(BIN)/ruff check .
	$(BIN)/mypy

# The tests run on every core (pytest-xdist), each worker with its own test database
# (tests/conftest.py); worksteal hands a free worker the tests still queued on a busy one.
# TEST_WORKERS=0 runs them in this one process.
TEST_WORKERS ?= auto
PYTEST := $(BIN)/python -m pytest -n $(TEST_WORKERS) --dist worksteal

test: lint
	$(PYTEST)

# What a developer runs often: everything but the browser and the long (`slow`) tests.
test-quick: install
	$(PYTEST) -m "not browser and not slow"

bench: install
	$(BIN)/python -m pip install --quiet -e '.[dev,bench]'
	$(BIN)/python -m bench

clean:
	rm -rf $(VENV) db.sqlite3* .test-db.sqlite3* staticfiles .pytest_cache .ruff_cache .hypothesis
