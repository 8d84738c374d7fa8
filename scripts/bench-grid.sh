#!/usr/bin/env bash
# Runs the grid experiments whose figures BENCHMARKS.md records (issue 18),
# writing JSON, CSV and SVG into the directory given (default: bench-grid/).
# About 15 minutes; run it on an otherwise idle machine.
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:-bench-grid}
mkdir -p "$out"
cargo build --release -p arts-cli
arts=target/release/arts
log() { echo "== $* (load: $(cut -d' ' -f1 /proc/loadavg))" >&2; }

log "delay layer accuracy and cost"
$arts grid delay --trips 60 --cost-reps 7 --json > "$out/delay.json"
log "latency sweep 2048x2048"
$arts grid sweep --grids 2048 --objects-per-pe 1,4,16,64,256 --iters 40 \
    --out "$out/sweep-2048" --json > "$out/sweep-2048.json"
log "prioritization around the knee"
$arts grid sweep --grids 2048 --objects-per-pe 16,64 --latencies 2,2.5,3,3.5,4 \
    --variants block,block+prio --iters 60 --out "$out/prio" --json > "$out/prio.json"
log "latency sweep 8192x8192"
$arts grid sweep --grids 8192 --objects-per-pe 4,16,64 --latencies 0,8,16,32,64 \
    --iters 20 --out "$out/sweep-8192" --json > "$out/sweep-8192.json"
log "heterogeneity"
$arts grid heterogeneity --iters 60 --out "$out/heterogeneity" --json > "$out/heterogeneity.json"
log "LB cost"
$arts grid lb-cost --iters 12 --lb-every 5 --out "$out/lb-cost" --json > "$out/lb-cost.json"
log "done: $out"
