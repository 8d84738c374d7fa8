#!/bin/sh
# pairs.sh: issue 53's two timing figures, as alternated pairs of runs.
#
#   ./pairs.sh virt   ARTS SO PAIRS [program args...]
#       V = 2 then V = 64 on 2 PEs, --no-crack --no-plastic: mean step of
#       each (wall), CPU seconds of each run (user + system, set-up
#       included), CPU of the steps alone (the program's `process cpu of
#       the steps`, per step), their ratios
#   ./pairs.sh greedy ARTS SO PAIRS [program args...]
#       V = 64 on 2 PEs, --migrate 300, without then with --lb greedy:
#       mean steps, their ratio, the no-balancing run's last chunk-cost
#       ratio, the balanced run's energy balance and whether its checksum
#       is the unbalanced one's, the no-balancing run's `halves` (max/avg
#       of the element loops' cost of ranks 0..31 and 32..63 over the
#       run: the PEs' under arts' initial block placement); then the
#       balanced run's LB steps (from arts' --json): how many, their time
#       in all (`migration_time_s`, the wait for every rank included),
#       ranks moved, and the PEs' max/avg load before and after each (the
#       most balancing could gain is 1 - avg/max of the "before" figure)
#
# Each line ends with the load average. Example (from the repository root):
#   examples/fracture-fem/pairs.sh virt target/release/arts examples/fracture-fem/fracture.so 4
set -e
mode=$1 arts=$2 so=$3 pairs=$4
if [ -z "$pairs" ] || { [ "$mode" != virt ] && [ "$mode" != greedy ]; }; then
    echo "error: usage: pairs.sh virt|greedy ARTS SO PAIRS [program args...]" >&2
    exit 2
fi
shift 4
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# run NAME [arts args...] -- [program args...]: output in $tmp/NAME, CPU seconds last
run() {
    name=$1
    shift
    /usr/bin/time -f "cpu %U %S" -o "$tmp/$name.cpu" "$arts" ampi run "$@" >"$tmp/$name" 2>&1
}
field() { sed -n "s/.*$2 \([0-9.e+-]*\).*/\1/p" "$tmp/$1" | tail -1; }
cpu() { awk '{print $2 + $3}' "$tmp/$1.cpu"; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.3f", b / a }'; }
i=1
while [ "$i" -le "$pairs" ]; do
    if [ "$mode" = virt ]; then
        run v2 --vp 2 --pes 2 "$so" -- --no-crack --no-plastic "$@"
        run v64 --vp 64 --pes 2 "$so" -- --no-crack --no-plastic "$@"
        a=$(field v2 "mean step") b=$(field v64 "mean step")
        c=$(field v2 "steps [0-9.]* s,") d=$(field v64 "steps [0-9.]* s,")
        echo "pair $i V2 $a s V64 $b s ratio $(ratio "$a" "$b") cpu $(cpu v2) $(cpu v64) s ratio $(ratio "$(cpu v2)" "$(cpu v64)") step-cpu $c $d s ratio $(ratio "$c" "$d") load $(cut -d' ' -f1-3 /proc/loadavg)"
    else
        run none --vp 64 --pes 2 "$so" -- --migrate 300 "$@"
        run greedy --json --vp 64 --pes 2 --lb greedy --lb-period 1 "$so" -- --migrate 300 "$@"
        # --json: the report on stdout, the program's lines on stderr
        grep '^{"program"' "$tmp/greedy" >"$tmp/greedy.json"
        a=$(field none "mean step") b=$(field greedy "mean step")
        same=no
        [ "$(grep checksum "$tmp/none")" = "$(grep checksum "$tmp/greedy")" ] && same=yes
        echo "pair $i none $a s greedy $b s ratio $(ratio "$a" "$b") imb-end $(field none "steps: heaviest .*ratio") halves $(field none "the whole run") balance $(field greedy "max error") same-checksum $same load $(cut -d' ' -f1-3 /proc/loadavg)"
        python3 - "$tmp/greedy.json" <<'PY'
import json, sys
h = json.load(open(sys.argv[1]))["lb_history"]
fmt = lambda xs: " ".join("%.2f" % x for x in xs)
print("  lb-steps %d lb-time %.4f s moved %d pe-max/avg before %s after %s" % (
    len(h), sum(s["migration_time_s"] for s in h), sum(s["migrations"] for s in h),
    fmt(s["max_avg_before"] for s in h), fmt(s["max_avg_after"] for s in h)))
PY
    fi
    i=$((i + 1))
done
