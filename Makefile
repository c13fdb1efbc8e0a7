# Townboard: `make run` starts the server with the built front end; `make test` runs every test.

# Builds go outside the source tree so that clones share them.
CARGO_TARGET_DIR ?= $(HOME)/.cache/townboard/target
export CARGO_TARGET_DIR
DEBUG_BIN := $(CARGO_TARGET_DIR)/debug/townboard
RELEASE_BIN := $(CARGO_TARGET_DIR)/release/townboard
# The fuzzer's Python packages, outside the source tree like the builds.
VENV := $(HOME)/.cache/townboard/venv

.PHONY: run demo test test-rust test-pg test-web e2e fuzz bench soak web web-deps browser fmt lint

# The release binary carries the built front end: it runs from any directory.
run: web
	cargo build --release --bin townboard
	$(RELEASE_BIN) serve

# A living system in one command: the demo network in ./data (seeded once; refused on other data), then the server.
demo: web
	cargo build --release --bin townboard
	$(RELEASE_BIN) seed-demo
	$(RELEASE_BIN) serve

# The front end is built first, so the server is compiled once with it.
test: web test-rust test-pg test-web e2e fuzz

# Each test in a process of its own, by cargo-nextest where the machine has it: the tests of every
# binary share the cores (cargo test runs one binary after another, and a binary's slowest test
# leaves the other core idle). By cargo test where it has not.
RUST_TESTS = $(shell cargo nextest --version >/dev/null 2>&1 && echo "cargo nextest run --no-fail-fast" || echo "cargo test")

# The object storage tests run against moto's S3 server (crates/server/tests/storage.rs).
test-rust: $(VENV)/bin/moto_server
	TOWNBOARD_TEST_S3=$(VENV)/bin/moto_server $(RUST_TESTS) --workspace

# The server tests again on PostgreSQL when TOWNBOARD_TEST_PG names a server (postgres://user@host:port).
# The whole workspace, as test-rust: a narrower selection of packages resolves other features of
# the dependencies and would compile the server again.
test-pg: $(VENV)/bin/moto_server
	@if [ -n "$$TOWNBOARD_TEST_PG" ]; then \
		TOWNBOARD_TEST_S3=$(VENV)/bin/moto_server TOWNBOARD_TEST_BACKEND=postgres $(RUST_TESTS) --workspace; \
	else echo "TOWNBOARD_TEST_PG is not set: PostgreSQL tests skipped"; fi

test-web: web-deps
	cd web && npm run lint && npm test

# The server binary of the tests' build (cargo builds it for the server's tests): a plain `cargo
# build` resolves the dependencies without the tests' features and would compile the server again.
e2e: web browser
	cargo test --workspace --no-run
	cd web && TOWNBOARD_BIN=$(DEBUG_BIN) npx playwright test

# Schemathesis against /api/openapi.json of a fresh server: a few thousand generated requests, no 5xx.
fuzz: $(VENV)/bin/st
	cargo test --workspace --no-run
	$(VENV)/bin/python fuzz/api_fuzz.py --bin $(DEBUG_BIN)

$(VENV)/bin/st:
	python3 -m venv $(VENV)
	$(VENV)/bin/pip install -q schemathesis==4.32.5 cryptography==50.0.2

# A local S3-compatible server for the object storage tests.
$(VENV)/bin/moto_server:
	python3 -m venv $(VENV)
	$(VENV)/bin/pip install -q 'moto[server]==5.2.5'

# Generates the data set, starts the release server on it and loads it from a second process, on
# SQLite, on PostgreSQL and with two processes on PostgreSQL; prints the passes side by side and
# writes bench/results.json. Both binaries are built in one cargo call, so they share one feature
# set and the server is compiled once.
BENCH_BIN := $(CARGO_TARGET_DIR)/release/townboard-bench
release-bench:
	cargo build --release -p townboard-server -p townboard-bench

bench: release-bench
	$(BENCH_BIN) --bin $(RELEASE_BIN) $(BENCH_ARGS)

# Ten minutes of fixed mixed load on the SQLite data set, the server's memory printed each minute.
soak: release-bench
	$(BENCH_BIN) --bin $(RELEASE_BIN) --passes sqlite --soak-minutes 10

web: web-deps
	cd web && npm run build

web-deps:
	@[ -d web/node_modules ] && [ web/node_modules/.package-lock.json -nt web/package-lock.json ] || (cd web && npm ci)

# Debian's Chromium (and a Korean font for readable screenshots) for the end-to-end tests.
browser:
	@command -v chromium >/dev/null && dpkg -s fonts-nanum >/dev/null 2>&1 || \
		(apt-get update -q && DEBIAN_FRONTEND=noninteractive apt-get install -y -q chromium fonts-nanum)

fmt:
	cargo fmt --all

lint:
	cargo clippy --workspace --all-targets -- -D warnings
	cd web && npx tsc -b && npm run lint
