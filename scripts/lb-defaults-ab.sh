#!/usr/bin/env bash
# Load balancing at the default settings, two `arts` binaries side by side
# (issue 17's figures): hotspot utilization with each strategy that moves
# load, and zones/greedy step time over the ideal. Runs alternate A, B, A,
# B, ...; each pair starts only once both cores were ≥ 90% idle for a
# second (other tenants' builds otherwise decide the result).
#
#   scripts/lb-defaults-ab.sh BIN_A BIN_B [ROUNDS]     # default 8 rounds
#
# Prints one line per run: app strategy A|B figure migrations load, then
# per app, strategy and binary the median, range and how many runs meet
# the target (hotspot ≥ 0.80, zones ≤ 1.10).
set -euo pipefail
[ $# -ge 2 ] || { echo "usage: $0 BIN_A BIN_B [ROUNDS]" >&2; exit 2; }
a=$1 b=$2 rounds=${3:-8}
out=$(mktemp)
trap 'rm -f "$out"' EXIT

quiet() {  # waits (up to 20 min) for one second with both cores ≥ 90% idle
    local i k t x y
    for i in $(seq 1200); do
        read -ra x < /proc/stat; sleep 1; read -ra y < /proc/stat
        t=0; for k in 1 2 3 4 5 6 7 8; do t=$((t + y[k] - x[k])); done
        [ $(((y[4] - x[4]) * 100 / t)) -ge 90 ] && return 0
    done
}

figure() {  # BIN APP STRATEGY -> "figure migrations"
    "$1" --json run "$2" --pes 2 --lb "$3" 2>/dev/null | python3 -c '
import json, sys
d = json.load(sys.stdin)
f = d["utilization_mean"] if d["app"] == "hotspot" else d["step_time_median_s"] / d["ideal_step_time_s"]
print("%.3f %d" % (f, d["migrations"]))'
}

for _ in $(seq "$rounds"); do
    for run in "hotspot metis" "hotspot greedy" "hotspot greedy-comm" "hotspot refine" "zones greedy"; do
        quiet
        for side in A B; do
            bin=$a; [ "$side" = B ] && bin=$b
            echo "$run $side $(figure "$bin" $run) $(cut -d' ' -f1 /proc/loadavg)" | tee -a "$out"
        done
    done
done

python3 - "$out" <<'EOF'
import statistics, sys
from collections import defaultdict
runs = defaultdict(list)
for line in open(sys.argv[1]):
    app, strategy, side, figure, migrations, _ = line.split()
    runs[(app, strategy, side)].append((float(figure), int(migrations)))
for (app, strategy, side), v in sorted(runs.items()):
    f = [x for x, _ in v]
    meets = sum(x >= 0.80 if app == "hotspot" else x <= 1.10 for x in f)
    print(f"{app} {strategy} {side}: median {statistics.median(f):.3f} "
          f"({min(f):.3f}-{max(f):.3f}), meets {meets}/{len(f)}, "
          f"migrations median {statistics.median(m for _, m in v):.0f} max {max(m for _, m in v)}")
EOF
