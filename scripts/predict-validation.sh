#!/usr/bin/env bash
# Prediction against measurement (docs/predict.md): records jacobi2d, zones
# and leanmd on 1 PE, predicts 2 PEs in one process and 2 processes x 2 PEs,
# measures the same configurations and writes OUT/validation.csv and its
# chart, OUT/validation.svg (`arts predict validation`). Both
# sides are medians of REPS: REPS runs of each configuration, and the
# predictions from REPS recordings (one recording is one 1-PE run, as noisy
# as any other). Predictions are for this machine (--cores $(nproc):
# 2 x 2 PEs on 2 cores share them). Needs a release build (cargo build --release -p
# arts-cli --features mpi) and, for the multi-process rows, mpirun.
# Usage: scripts/predict-validation.sh [OUT] [REPS]
set -euo pipefail
out=${1:-target/predict-validation}
reps=${2:-3}
arts=${ARTS:-target/release/arts}
mkdir -p "$out"
mpirun_cmd=(mpirun --allow-run-as-root --oversubscribe -np 2)

declare -A args=(
  [jacobi2d]="--iters 100"
  [zones]="--iters 100"
  [leanmd]="--steps 20"
)

# total_time_s of a run's JSON.
total() { python3 -c 'import json,sys; print(json.load(sys.stdin)["total_time_s"])'; }
median() { python3 -c 'import sys,statistics; print(statistics.median(float(x) for x in sys.argv[1:]))' "$@"; }

echo "app,target,measured_s,predicted_s,error,recorded_1pe_s,plain_1pe_s" > "$out/validation.csv"
for app in jacobi2d zones leanmd; do
  a=${args[$app]}
  plain=(); two=(); mpi=(); recorded=()
  for r in $(seq "$reps"); do
    # shellcheck disable=SC2086
    recorded+=("$("$arts" run $app $a --pes 1 --record "$out/$app.$r.rec" --json | total)")
    # shellcheck disable=SC2086
    plain+=("$("$arts" run $app $a --pes 1 --json | total)")
    # shellcheck disable=SC2086
    two+=("$("$arts" run $app $a --pes 2 --json | total)")
    if command -v mpirun > /dev/null; then
      # shellcheck disable=SC2086
      mpi+=("$("${mpirun_cmd[@]}" "$arts" run $app $a --pes-per-process 2 --json 2>/dev/null | head -1 | total)")
    fi
  done
  for target in "2:1" "4:2"; do
    pes=${target%:*}; procs=${target#*:}
    if [ "$procs" = 2 ]; then
      [ ${#mpi[@]} -gt 0 ] || continue
      measured=$(median "${mpi[@]}")
    else
      measured=$(median "${two[@]}")
    fi
    predictions=()
    for r in $(seq "$reps"); do
      predictions+=("$("$arts" predict --record "$out/$app.$r.rec" --pes "$pes" --processes "$procs" --cores "$(nproc)" --json \
        | python3 -c 'import json,sys; print(json.load(sys.stdin)["time_s"])')")
    done
    predicted=$(median "${predictions[@]}")
    error=$(python3 -c "print(f'{($predicted)/($measured)-1:+.3f}')")
    echo "$app,${procs}x$((pes / procs)),$measured,$predicted,$error,$(median "${recorded[@]}"),$(median "${plain[@]}")" >> "$out/validation.csv"
  done
done
"$arts" predict validation --csv "$out/validation.csv" --svg "$out/validation.svg"
