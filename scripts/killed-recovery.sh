#!/usr/bin/env bash
# Killed-process recovery (issue 22): the time a job launched by `arts
# launch` loses when one of its two ranks is SIGKILLed right after the
# checkpoint of step 100, against the same job uninterrupted, in the same
# round. Prints one line per run and the loss per round.
#
#   scripts/killed-recovery.sh [ROUNDS] [BIN...]     (default: 3, target/release/arts)
#
# Several binaries alternate within each round (an A/B on a noisy machine).
# Needs Open MPI (`mpirun`) and a release build with `--features mpi`.
set -euo pipefail

rounds=${1:-3}
shift || true
bins=("${@:-target/release/arts}")
dir=/dev/shm/arts-killed-recovery

job() {
    "$1" --json launch --np 2 --mpirun "mpirun --allow-run-as-root --oversubscribe" \
        --checkpoint-dir "$dir" -- run jacobi2d --grid 4096x4096 --iters 200 \
        --pes-per-process 1 --checkpoint-every 20
}

# One rank of the job (not the launcher, not mpirun).
a_rank() {
    for p in $(pgrep -f "run jacobi2d"); do
        case "$(tr '\0' ' ' </proc/"$p"/cmdline 2>/dev/null)" in
        *launch* | *mpirun* | *prterun* | *orterun* | "") ;;
        *) echo "$p" && return ;;
        esac
    done
}

now() { date +%s.%N; }
# a - b, for timestamps (python3: bc is not on every machine).
minus() { python3 -c "import sys; print(float(sys.argv[1]) - float(sys.argv[2]))" "$1" "$2"; }

for r in $(seq 1 "$rounds"); do
    for bin in "${bins[@]}"; do
        rm -rf "$dir"
        t0=$(now)
        job "$bin" >/tmp/killed-recovery-plain.json
        plain=$(minus "$(now)" "$t0")

        rm -rf "$dir"
        t0=$(now)
        job "$bin" >/tmp/killed-recovery-killed.json &
        launcher=$!
        while [ "$(ls -d "$dir"/hold-*/ckpt-100 2>/dev/null | wc -l)" -lt 2 ]; do
            sleep 0.05
        done
        killed_at=$(minus "$(now)" "$t0")
        kill -9 "$(a_rank)"
        wait "$launcher"
        killed=$(minus "$(now)" "$t0")
        result=$(python3 -c '
import json, sys
d = [json.loads(l) for l in open(sys.argv[1]) if l.startswith("{")][-1]
print("valid", d["valid"], "from step", d["resumed_from_step"], "reference reused", d.get("reference_reused"))
' /tmp/killed-recovery-killed.json 2>/dev/null || echo "no report")
        printf '%s round %d: uninterrupted %.1f s, killed at %.1f s, ended %.1f s, lost %.1f s; %s\n' \
            "$bin" "$r" "$plain" "$killed_at" "$killed" "$(minus "$killed" "$plain")" "$result"
    done
done
rm -rf "$dir"
