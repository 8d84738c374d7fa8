#!/bin/sh
# virt-profile.sh: where a V = 64 step's extra time goes against V = 2
# (issue 53's virtualization figure), on one PE (--pes 1: all ranks on one
# core, no idle PE spinning), --no-crack --no-plastic.
#
#   ./virt-profile.sh funcs ARTS SO STEPS [program args...]
#       perf record (cpu-clock, 1 kHz) of V = 2 and V = 64, each a run of
#       STEPS and one of 4 x STEPS steps; per function, the difference of
#       the two runs over 3 x STEPS steps (the set-up cancels: every rank
#       builds the whole mesh, most of a short V = 64 run): microseconds a
#       step, V = 2, V = 64, the difference. The ranks' copies of the
#       program are unlinked once loaded, so perf shows their samples as
#       offsets; they are named from SO's own symbol table (`prog:`).
#   ./virt-profile.sh pages ARTS SO [program args...]
#       the pages a step touches: each of V = 2 and V = 64 runs long, and
#       after its set-up the kernel's referenced bits are cleared
#       (/proc/PID/clear_refs) and read back 0.2 s later (smaps'
#       Referenced, ~100 steps at 256 x 128 cells): kB in all, in the heap
#       (anonymous mappings above 300 kB and [heap]), in the program's
#       copies, in small anonymous mappings (the ranks' stacks), three
#       windows each.
#
# Each part ends with the load average. Example (from the repository root):
#   examples/fracture-fem/virt-profile.sh funcs target/release/arts \
#       examples/fracture-fem/fracture.so 500 --nx 256 --ny 128
set -e
mode=$1 arts=$2 so=$3
usage() {
    echo "error: usage: virt-profile.sh funcs ARTS SO STEPS [args...] | pages ARTS SO [args...]" >&2
    exit 2
}
[ -n "$so" ] || usage
[ -x "$arts" ] || { echo "error: virt-profile.sh: $arts is not an executable" >&2; exit 2; }
[ -f "$so" ] || { echo "error: virt-profile.sh: no program $so" >&2; exit 2; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
load() { echo "load $(cut -d' ' -f1-3 /proc/loadavg)"; }
case "$mode" in
funcs)
    steps=$4
    case "$steps" in '' | *[!0-9]*) usage ;; esac
    [ "$steps" -gt 0 ] || usage
    shift 4
    command -v perf >/dev/null || { echo "error: virt-profile.sh: perf is not installed" >&2; exit 2; }
    nm -n "$so" | awk '$2 ~ /^[tT]$/ { print $1, $3 }' >"$tmp/syms"
    for v in 2 64; do
        for n in "$steps" $((4 * steps)); do
            perf record -q -F 1000 -e cpu-clock -o "$tmp/v$v-$n.data" \
                "$arts" ampi run --vp "$v" --pes 1 "$so" -- --no-crack --no-plastic --steps "$n" "$@" \
                >"$tmp/v$v-$n.out" 2>&1 || { cat "$tmp/v$v-$n.out" >&2; exit 1; }
            perf report -i "$tmp/v$v-$n.data" --sort sym --stdio -F sample,sym 2>/dev/null >"$tmp/v$v-$n.txt"
        done
    done
    python3 - "$tmp" "$steps" <<'PY'
import bisect, re, sys
tmp, steps = sys.argv[1], int(sys.argv[2])
syms = [(int(a, 16), s) for a, s in (l.split() for l in open(tmp + "/syms"))]
starts = [a for a, _ in syms]
def table(v, n):
    agg = {}
    for line in open("%s/v%d-%d.txt" % (tmp, v, n)):
        m = re.match(r"\s*(\d+)\s+\[(.)\]\s+(.*)", line)
        if not m:
            continue
        count, kind, sym = int(m.group(1)), m.group(2), m.group(3).strip()
        if sym.startswith("0x"):
            i = bisect.bisect_right(starts, int(sym, 16)) - 1
            sym = "prog:" + (syms[i][1] if i >= 0 else "?")
        elif kind == "k":
            sym = "[kernel]"
        agg[sym] = agg.get(sym, 0) + count
    return agg
# samples at 1 kHz are milliseconds; per step over the 3 x STEPS extra steps
per = {}
for v in (2, 64):
    a, b = table(v, steps), table(v, 4 * steps)
    per[v] = {k: (b.get(k, 0) - a.get(k, 0)) * 1e3 / (3 * steps) for k in set(a) | set(b)}
keys = sorted(set(per[2]) | set(per[64]), key=lambda k: -max(per[64].get(k, 0), per[2].get(k, 0)))
print("%-60s %10s %10s %10s" % ("us a step (1 PE)", "V = 2", "V = 64", "diff"))
print("%-60s %10.0f %10.0f %10.0f" % ("all", sum(per[2].values()), sum(per[64].values()),
                                      sum(per[64].values()) - sum(per[2].values())))
for k in keys[:30]:
    x, y = per[2].get(k, 0), per[64].get(k, 0)
    print("%-60s %10.1f %10.1f %10.1f" % (k[:60], x, y, y - x))
PY
    for v in 2 64; do
        echo "V = $v: $(grep 'process cpu' "$tmp/v$v-$((4 * steps)).out" | sed 's/ (rank.*//')"
    done
    load
    ;;
pages)
    shift 3
    for v in 2 64; do
        "$arts" ampi run --vp "$v" --pes 1 "$so" -- --no-crack --no-plastic --steps 1000000 "$@" \
            >"$tmp/v$v.out" 2>&1 &
        pid=$!
        # the program's step header: every rank has passed its set-up
        while ! grep -q '^ *step ' "$tmp/v$v.out" 2>/dev/null; do
            kill -0 "$pid" 2>/dev/null || { cat "$tmp/v$v.out" >&2; exit 1; }
            sleep 0.2
        done
        sleep 1
        for w in 1 2 3; do
            echo 1 >"/proc/$pid/clear_refs"
            sleep 0.2
            python3 - "$v" "/proc/$pid/smaps" <<'PY'
import re, sys
tot = heap = prog = small = 0
name, size = "", 0
for line in open(sys.argv[2]):
    m = re.match(r"([0-9a-f]+)-([0-9a-f]+) \S+ \S+ \S+ \S+ *(.*)", line)
    if m:
        name, size = m.group(3).strip(), (int(m.group(2), 16) - int(m.group(1), 16)) // 1024
    elif line.startswith("Referenced:"):
        kb = int(line.split()[1])
        tot += kb
        if "rank-" in name or "fracture" in name:
            prog += kb
        elif name == "" and size <= 300:
            small += kb
        elif name in ("", "[heap]"):
            heap += kb
print("V = %s: %d kB referenced, heap %d, program copies %d, small anonymous (stacks) %d"
      % (sys.argv[1], tot, heap, prog, small))
PY
        done
        kill "$pid"
        wait "$pid" 2>/dev/null || true
    done
    load
    ;;
*) usage ;;
esac
