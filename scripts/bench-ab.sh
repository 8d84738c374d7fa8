#!/usr/bin/env bash
# The headline figures of `scripts/bench-all.sh`, two `arts` binaries side
# by side: the builds alternate (A, B, A, B, ...) on every benchmark, each
# pair starting once both cores were >= 90% idle for a second, so that a
# refactor is judged against the build before it in the same minutes.
#
#   scripts/bench-ab.sh BIN_A BIN_B OUT [ROUNDS] [BENCH...]   # default 2 rounds, all
#
# BENCH names a subset (core zones-none zones-greedy hotspot-none
# hotspot-refine dispatch pdes jacobi-2pe). Writes
# OUT/<bench>-<A|B>-<round>.json (rounds already in OUT are kept and counted)
# and prints, per figure, the median of each build's runs and B/A; step
# times are means over the timed window (total / steps).
set -euo pipefail
[ $# -ge 3 ] || { echo "usage: $0 BIN_A BIN_B OUT [ROUNDS]" >&2; exit 2; }
a=$1 b=$2 out=$3 rounds=${4:-2}
shift $(($# < 4 ? $# : 4))
only=" $* "
mkdir -p "$out"

quiet() {  # waits (up to 5 min) for one second with both cores >= 90% idle
    local i k t x y
    for i in $(seq 300); do
        read -ra x < /proc/stat; sleep 1; read -ra y < /proc/stat
        t=0; for k in 1 2 3 4 5 6 7 8; do t=$((t + y[k] - x[k])); done
        [ $(((y[4] - x[4]) * 100 / t)) -ge 90 ] && return 0
    done
}

benches=(
    "core|bench core --repeat 3"
    "zones-none|run zones --pes 2 --base 128 --iters 200"
    "zones-greedy|run zones --pes 2 --base 128 --iters 200 --lb greedy --lb-period 10"
    "hotspot-none|run hotspot --pes 2"
    "hotspot-refine|run hotspot --pes 2 --lb refine --lb-period 1"
    "dispatch|bench dispatch"
    "pdes|bench pdes --end-time 1000 --engines conservative,optimistic --pes 2 --reps 5"
    "jacobi-2pe|run jacobi2d --grid 4096x4096 --objects 16x16 --iters 100 --pes 2"
)
first=$(($(ls "$out" | sed -n 's/.*-A-\([0-9]*\)\.json$/\1/p' | sort -n | tail -1) + 1))
for round in $(seq "$first" $((first + rounds - 1))); do
    for entry in "${benches[@]}"; do
        name=${entry%%|*}; args=${entry#*|}
        [ "$only" = "  " ] || [[ "$only" == *" $name "* ]] || continue
        quiet
        for side in A B; do
            bin=$a; [ "$side" = B ] && bin=$b
            echo "== round $round $name $side (load $(cut -d' ' -f1 /proc/loadavg))" >&2
            # shellcheck disable=SC2086
            "$bin" --json $args > "$out/$name-$side-$round.json"
        done
    done
done

python3 - "$out" <<'PY'
import glob, json, os, statistics, sys
out = sys.argv[1]
figures = [
    ("core", "same_pe_send_dispatch_ns"), ("core", "cross_pe_latency_ns"),
    ("core", "jacobi_vs_sequential_ratio"), ("core", "jacobi_vs_threads_ratio"),
    ("core", "overdecomposition_ratio"), ("core", "instrumentation_overhead_ratio"),
    ("core", "migration_1mib_ms"),
    ("zones-none", "step_mean_s"), ("zones-greedy", "step_mean_s"),
    ("hotspot-none", "utilization_mean"), ("hotspot-refine", "utilization_mean"),
    ("dispatch", "efficiency_2_threads"), ("dispatch", "vs_rayon_ratio"),
    ("dispatch", "dispatch_overhead_ns"),
    ("jacobi-2pe", "step_mean_s"),
]
def value(path, key):
    d = json.load(open(path))
    if key == "step_mean_s":  # the mean over the timed window
        steps = d.get("step_times_s") or []
        return sum(steps) / len(steps) if steps else None
    return d.get(key)
print(f"{'figure':<48} {'A (median)':>12} {'B (median)':>12} {'B/A':>7}")
for bench, key in figures:
    vals = {}
    for side in "AB":
        vs = [value(p, key) for p in sorted(glob.glob(os.path.join(out, f"{bench}-{side}-*.json")))]
        vs = [v for v in vs if isinstance(v, (int, float))]
        vals[side] = statistics.median(vs) if vs else None
    a, b = vals["A"], vals["B"]
    ratio = f"{b / a:7.3f}" if a and b else "      -"
    fa = f"{a:12.6g}" if a is not None else "           -"
    fb = f"{b:12.6g}" if b is not None else "           -"
    print(f"{bench + ' ' + key:<48} {fa} {fb} {ratio}")
# PDES: events per second of each engine.
rates = {}
for side in "AB":
    for p in glob.glob(os.path.join(out, f"pdes-{side}-*.json")):
        for r in json.load(open(p))["rows"]:
            rates.setdefault((r["sync"], r["pes"], side), []).append(r["events_per_s"])
for sync, pes in sorted({(k[0], k[1]) for k in rates}):
    a, b = (statistics.median(rates.get((sync, pes, s), [0])) for s in "AB")
    print(f"{'pdes ' + sync + ' ' + str(pes) + ' PEs events_per_s':<48} {a:12.6g} {b:12.6g} {b / a if a else 0:7.3f}")
PY
