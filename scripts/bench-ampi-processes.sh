#!/bin/sh
# AMPI ranks on two processes (issue 19) against Open MPI, in the same run:
# the same C sources built with arts-mpicc (run by `arts ampi run` under
# mpirun, one rank and one PE per process) and with Open MPI's mpicc.
#
#   cargo build --release -p arts-cli --features mpi && sh scripts/bench-ampi-processes.sh [reps]
#
# 1. ping-pong one-way latency, 8 B (pingpong.c), and the Rust API's
#    `pingpong` program;
# 2. ping-pong of 1 MiB messages: bandwidth = bytes / one-way time, sent
#    with MPI_Send and with MPI_Isend + MPI_Wait (C);
# 3. stencil2d.c at one rank per process (2048², 200 steps): time_s.
# Alternating runs; every value is printed, then the medians and ratios.
set -e
cd "$(dirname "$0")/.."
reps=${1:-3}
arts=target/release/arts
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
for p in pingpong stencil2d; do
    sh crates/arts-ampi-c/bin/arts-mpicc -O2 crates/arts-ampi-c/tests/c/$p.c -o "$dir/$p.so"
    mpicc -O2 crates/arts-ampi-c/tests/c/$p.c -o "$dir/$p.ompi"
done
mpirun="mpirun --allow-run-as-root --oversubscribe -np 2"
median() { sort -g | awk '{a[NR]=$1} END {print (NR%2) ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2}'; }
field() { sed -n "s/.*$1=\([0-9.e+-]*\).*/\1/p" | head -1; }
latency() { python3 -c 'import json,sys; print(json.load(sys.stdin)["latency_us"])'; }
mib=1048576
for f in lat_ompi lat_c lat_rust big_ompi big_c big_rust isend_ompi isend_c st_ompi st_c; do : > "$dir/$f"; done
for r in $(seq "$reps"); do
    $mpirun "$dir/pingpong.ompi" 8 50000 | field latency_us >> "$dir/lat_ompi"
    $mpirun $arts ampi run --vp 2 "$dir/pingpong.so" -- 8 50000 | field latency_us >> "$dir/lat_c"
    $mpirun $arts --json ampi run pingpong --vp 2 --iters 50000 | latency >> "$dir/lat_rust"
    $mpirun "$dir/pingpong.ompi" $mib 500 | field latency_us >> "$dir/big_ompi"
    $mpirun $arts ampi run --vp 2 "$dir/pingpong.so" -- $mib 500 | field latency_us >> "$dir/big_c"
    $mpirun $arts --json ampi run pingpong --vp 2 --bytes 1M --iters 500 | latency >> "$dir/big_rust"
    $mpirun "$dir/pingpong.ompi" $mib 500 isend | field latency_us >> "$dir/isend_ompi"
    $mpirun $arts ampi run --vp 2 "$dir/pingpong.so" -- $mib 500 isend | field latency_us >> "$dir/isend_c"
    $mpirun "$dir/stencil2d.ompi" 2048 200 1 0 2>&1 >/dev/null | field time_s >> "$dir/st_ompi"
    $mpirun $arts ampi run --vp 2 "$dir/stencil2d.so" -- 2048 200 1 0 2>&1 >/dev/null | field time_s >> "$dir/st_c"
done
for f in lat_ompi lat_c lat_rust big_ompi big_c big_rust isend_ompi isend_c st_ompi st_c; do
    echo "$f: $(tr '\n' ' ' < "$dir/$f")"
done
m() { median < "$dir/$1"; }
awk -v lo="$(m lat_ompi)" -v lc="$(m lat_c)" -v lr="$(m lat_rust)" \
    -v bo="$(m big_ompi)" -v bc="$(m big_c)" -v br="$(m big_rust)" \
    -v io="$(m isend_ompi)" -v ic="$(m isend_c)" \
    -v so="$(m st_ompi)" -v sc="$(m st_c)" -v mib=$mib 'BEGIN {
    printf "latency 8 B, us: Open MPI %.3f, C on arts %.3f (%.2fx), Rust API %.3f (%.2fx)\n", lo, lc, lc / lo, lr, lr / lo
    printf "1 MiB bandwidth, GB/s: Open MPI %.2f, C on arts %.2f (%.2fx), Rust API %.2f (%.2fx)\n", mib / bo / 1e3, mib / bc / 1e3, bo / bc, mib / br / 1e3, bo / br
    printf "1 MiB bandwidth by MPI_Isend, GB/s: Open MPI %.2f, C on arts %.2f (%.2fx)\n", mib / io / 1e3, mib / ic / 1e3, io / ic
    printf "stencil2d 2048^2 x 200, s: Open MPI %.3f, C on arts %.3f (%.2fx)\n", so, sc, sc / so
}'
