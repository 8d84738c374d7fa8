#!/bin/sh
# pairs.sh: issue 53's two timing figures, as alternated pairs of runs.
#
#   ./pairs.sh virt   ARTS SO PAIRS [program args...]
#       V = 2 then V = 64 on 2 PEs, --no-crack --no-plastic: mean step of
#       each (wall), CPU seconds of each run (user + system), their ratios
#   ./pairs.sh greedy ARTS SO PAIRS [program args...]
#       V = 64 on 2 PEs, --migrate 300, without then with --lb greedy:
#       mean steps, their ratio, the no-balancing run's last chunk-cost
#       ratio, the balanced run's energy balance and whether its checksum
#       is the unbalanced one's
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
        echo "pair $i V2 $a s V64 $b s ratio $(ratio "$a" "$b") cpu $(cpu v2) $(cpu v64) s ratio $(ratio "$(cpu v2)" "$(cpu v64)") load $(cut -d' ' -f1-3 /proc/loadavg)"
    else
        run none --vp 64 --pes 2 "$so" -- --migrate 300 "$@"
        run greedy --vp 64 --pes 2 --lb greedy --lb-period 1 "$so" -- --migrate 300 "$@"
        a=$(field none "mean step") b=$(field greedy "mean step")
        same=no
        [ "$(grep checksum "$tmp/none")" = "$(grep checksum "$tmp/greedy")" ] && same=yes
        echo "pair $i none $a s greedy $b s ratio $(ratio "$a" "$b") imb-end $(field none "steps: heaviest .*ratio") balance $(field greedy "max error") same-checksum $same load $(cut -d' ' -f1-3 /proc/loadavg)"
    fi
    i=$((i + 1))
done
