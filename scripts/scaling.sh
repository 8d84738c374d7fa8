#!/usr/bin/env bash
# scripts/scaling.sh --out DIR [--budget SECONDS] [--pes LIST] [more flags of
# `arts experiment scaling`]
#
# Runs the scaling campaign (docs/scaling.md) with only a release `arts`
# binary and, for the multi-process rows, an Open MPI it can find:
#   arts:    $ARTS, else target/release/arts of this script's repository,
#            else an `arts` beside this script.
#   mpirun:  $MPIRUN; else a prefix unpacked from Debian's packages
#            (`dpkg -x`) in $OMPI_ROOT, or in `ompi/` beside this script or
#            beside the arts binary (OPAL_PREFIX, PATH and LD_LIBRARY_PATH
#            are set for it); else `mpirun` on PATH. None: those rows are
#            skipped with a note in summary.json.
#   C:       the AMPI study's C program is compiled with `arts-mpicc` when
#            one is on PATH or in the repository (and a C compiler exists).
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(dirname "$here")"

arts="${ARTS:-}"
if [ -z "$arts" ]; then
    for c in "$root/target/release/arts" "$here/arts"; do
        if [ -x "$c" ]; then arts="$c"; break; fi
    done
fi
if [ -z "$arts" ] || [ ! -x "$arts" ]; then
    echo "error: no arts binary: build one (cargo build --release -p arts-cli --features mpi) or set ARTS=/path/to/arts" >&2
    exit 2
fi

extra=()
mpirun="${MPIRUN:-}"
if [ -z "$mpirun" ]; then
    for r in "${OMPI_ROOT:-}" "$here/ompi" "$(dirname "$arts")/ompi"; do
        if [ -n "$r" ] && [ -x "$r/usr/bin/orterun" ]; then
            r="$(cd "$r" && pwd)"
            export OPAL_PREFIX="$r/usr"
            export PATH="$r/usr/bin:$PATH"
            export LD_LIBRARY_PATH="$r/usr/lib/x86_64-linux-gnu:$r/usr/lib/x86_64-linux-gnu/openmpi/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
            mpirun="$r/usr/bin/orterun"
            break
        fi
    done
fi
if [ -z "$mpirun" ] && command -v mpirun > /dev/null; then
    mpirun="$(command -v mpirun)"
fi
if [ -n "$mpirun" ]; then
    extra+=(--mpirun "$mpirun")
fi

source_c="$root/crates/arts-ampi-c/tests/c/stencil2d.c"
[ -f "$source_c" ] || source_c="$here/stencil2d.c"
mpicc="$(command -v arts-mpicc || true)"
[ -n "$mpicc" ] || { [ -x "$root/crates/arts-ampi-c/bin/arts-mpicc" ] && mpicc="$root/crates/arts-ampi-c/bin/arts-mpicc"; } || true
if [ -f "$source_c" ]; then
    extra+=(--c-source "$source_c")
fi
if [ -n "$mpicc" ]; then
    extra+=(--mpicc "$mpicc")
fi

exec "$arts" experiment scaling "${extra[@]}" "$@"
