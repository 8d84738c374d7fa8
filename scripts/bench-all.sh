#!/usr/bin/env bash
# Runs every arts benchmark whose figures BENCHMARKS.md records, writing one
# JSON file per benchmark into the directory given (default: bench-out/).
# Run it on an otherwise idle machine: every figure is a ratio against a
# baseline measured in the same run, but two cores shared with other work
# still skew ratios that need both cores.
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:-bench-out}
mkdir -p "$out"
cargo build --release -p arts-cli --features mpi
arts=target/release/arts
mpirun=(mpirun --allow-run-as-root -np 2)
log() { echo "== $* (load: $(cut -d' ' -f1 /proc/loadavg))" >&2; }

log "bench core";      $arts bench core --repeat 7 --json > "$out/core.json"
# zones with 128-point base zones (steps of ~8 ms; with the default 64 a
# step is ~2 ms and timer noise decides the ratio), 200 steps.
zones=(run zones --pes 2 --base 128 --iters 200 --json)
log "zones no LB";     $arts "${zones[@]}" > "$out/zones-none.json"
log "zones greedy";    $arts "${zones[@]}" --lb greedy --lb-period 10 > "$out/zones-greedy.json"
log "hotspot no LB";   $arts run hotspot --pes 2 --json > "$out/hotspot-none.json"
log "hotspot refine";  $arts run hotspot --pes 2 --lb refine --lb-period 1 --json > "$out/hotspot-refine.json"
log "hotspot greedy";  $arts run hotspot --pes 2 --lb greedy --lb-period 1 --json > "$out/hotspot-greedy.json"
log "bench dispatch";  $arts bench dispatch --json > "$out/dispatch.json"
log "bench pdes";      $arts bench pdes --end-time 1000 --engines conservative,optimistic --pes 2 --reps 5 --json > "$out/pdes.json"
log "bench mpi";       "${mpirun[@]}" $arts bench mpi --repeat 3 --json > "$out/mpi.json"
log "jacobi2d vs Charm++ configuration, 1 and 2 PEs"
$arts run jacobi2d --grid 4096x4096 --objects 16x16 --iters 100 --pes 1 --json > "$out/jacobi-4096-1pe.json"
$arts run jacobi2d --grid 4096x4096 --objects 16x16 --iters 100 --pes 2 --json > "$out/jacobi-4096-2pe.json"
log "done: $out"
