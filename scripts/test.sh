#!/usr/bin/env bash
# Runs the whole arts test suite. Installs what the tests need when it is missing.
set -euo pipefail
cd "$(dirname "$0")/.."

if ! command -v cargo-nextest >/dev/null 2>&1; then
    cargo install --locked cargo-nextest
fi

cargo nextest run --workspace --no-fail-fast "$@"
cargo test --workspace --doc --quiet
