#!/usr/bin/env bash
# Runs the whole arts test suite, the multi-process (MPI) tests included.
# Installs what the tests need when it is missing (Open MPI, libclang for
# the MPI bindings, METIS for fracture-fem's Open MPI build, Chromium for
# the headless check of `arts trace view`'s page, cargo-nextest). Fails
# first on unformatted code, a clippy warning or a dependency that runs up
# the layers.
set -euo pipefail
cd "$(dirname "$0")/.."

need=()
for pkg in openmpi-bin libopenmpi-dev mpich libclang-dev chromium libmetis-dev; do
    dpkg -s "$pkg" >/dev/null 2>&1 || need+=("$pkg")
done
if [ ${#need[@]} -gt 0 ]; then
    echo "installing: ${need[*]}"
    sudo=""
    [ "$(id -u)" -ne 0 ] && sudo="sudo"
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${need[@]}"
fi

if ! command -v cargo-nextest >/dev/null 2>&1; then
    cargo install --locked cargo-nextest
fi

# The habits the build enforces: formatting, lints, and the layering of the
# crates (no runtime depends on an app, an experiment or the CLI) and of
# each crate's folders (no import circle across two of them).
cargo fmt --all --check
cargo clippy --workspace --all-targets --all-features --quiet -- -D warnings
python3 scripts/check-layers.py --self-test
# No import circle spans two folders of a crate (issue 50).
python3 scripts/import-circles.py --self-test crates/*/src

# cli_trace_view renders a trace's page in headless Chromium; here its
# absence is a failure, not a skip.
ARTS_REQUIRE_CHROMIUM=1 cargo nextest run --workspace --all-features --no-fail-fast "$@"
# The input-reader fuzzers again, 4x their default cases (fixed seed).
FUZZ_CASES=4 cargo nextest run -p arts-cli --all-features -E 'binary(fuzz_readers)' "$@"
cargo test --workspace --all-features --doc --quiet
# The API docs build without a warning (broken or private links, bad HTML).
RUSTDOCFLAGS="-D warnings" cargo doc --workspace --all-features --no-deps --quiet
