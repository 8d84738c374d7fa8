#!/usr/bin/env bash
# Runs the Blue Gene/L torus reproduction (docs/validation-bgl.md) and the
# torus benchmarks (docs/benchmarks/torus.md): one JSON file per run in the
# directory given (default bench-out/torus). `scripts/torus-tables.py DIR`
# prints the tables. The 64K-node per-packet stage takes about 4 minutes;
# the whole script about 15 on 2 idle cores.
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:-bench-out/torus}
mkdir -p "$out"
cargo build --release -p arts-cli
arts=target/release/arts
run() { # name, then arts pdes torus flags
  local name=$1; shift
  echo "== $name (load: $(cut -d' ' -f1 /proc/loadavg))" >&2
  $arts pdes torus --json "$@" > "$out/$name.json"
}

# Ideal mapping, one cell per node, 4K..64K nodes (paper Figs. 1-2).
for d in 16x16x16 32x16x16 32x32x16 32x32x32 64x32x32; do
  run "ideal-$d" --dims "$d" --sync sequential
done
# Parallel engines at 4K nodes, events/s (identical figures checked by checksum).
run ideal-16x16x16-opt2 --dims 16x16x16 --sync optimistic --pes 2
run ideal-16x16x16-cons2 --dims 16x16x16 --sync conservative --pes 2
# Random mapping at 64 and 512 nodes (paper Fig. 3), with the aggregated
# mode compared at both sizes.
for d in 4x4x4 8x8x8; do
  run "random-$d" --dims "$d" --mapping random --sync sequential --compare-aggregate 16
  run "ideal-small-$d" --dims "$d" --sync sequential
done
run random-8x8x8-opt2 --dims 8x8x8 --mapping random --sync optimistic --pes 2
# Aggregated mode at 4K nodes, both mappings.
run agg-ideal-16x16x16 --dims 16x16x16 --sync sequential --compare-aggregate 16
run agg-random-16x16x16 --dims 16x16x16 --mapping random --sync sequential --compare-aggregate 16
# Throttling sweep, 512 nodes, random mapping (paper Table 1).
for us in 0 1 2 3 4 5 6 7 8 9 10 11; do
  run "throttle-$us" --dims 8x8x8 --mapping random --inject-delay "$us" --sync sequential
done
# Fixed total problem of 3.2e7 atoms over 8..512 nodes (paper Fig. 4).
for d in 2x2x2 4x2x2 4x4x2 4x4x4 8x4x4 8x8x4 8x8x8; do
  n=$(( $(echo "$d" | sed 's/x/*/g') ))
  atoms=$(( 32000000 / n ))
  run "fixed-random-$d" --dims "$d" --mapping random --ljs-atoms "$atoms" --sync sequential
  run "fixed-ideal-$d" --dims "$d" --ljs-atoms "$atoms" --sync sequential
done
# Sensitivity to the virtual-channel buffer size, 512 nodes, random mapping.
for v in 8 16 32; do
  run "vc-$v" --dims 8x8x8 --mapping random --vc-packets "$v" --sync sequential
done
echo "done: $out" >&2
