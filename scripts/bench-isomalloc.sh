#!/bin/sh
# Moving an AMPI rank between processes with isomalloc (issue 19), beside
# its baseline measured in the same run: one 1 MiB message between the two
# processes with Open MPI (pingpong.c built with mpicc: one-way time).
#
#   cargo build --release -p arts-cli --features mpi && sh scripts/bench-isomalloc.sh [reps]
#
# `arts ampi run carry --isomalloc`: rank 0 carries --bytes of heap to the
# other process and back, 50 moves, median time per move (`migrate_to` to
# its return on the other side: the copy out of the slot, the message, the
# copy into the slot, the wake). Also within one process (2 PEs), where a
# move leaves the slot in place.
#
# The same move for a C rank (`tests/c/carry.c` built with arts-mpicc:
# its program copy, globals and malloc'ed heap in its slot; AMPI_Migrateto,
# timed with MPI_Wtime).
#
# Checkpoints of 8 ranks of stencil3d 256^3 (2 PEs) to ${CKPT_DIR:-/tmp}:
# whole ranks (`--whole-checkpoints`: every slot) beside the ranks' own
# state (`checkpoint()`: each rank's grid). The time of a checkpoint is the
# step that took it minus the median of the others; the rate, the
# checkpoint directory's bytes over that time.
# Alternating runs; every value is printed, then the medians.
set -e
cd "$(dirname "$0")/.."
reps=${1:-3}
arts=target/release/arts
dir=$(mktemp -d)
mpicc -O2 crates/arts-ampi-c/tests/c/pingpong.c -o "$dir/pingpong.ompi"
sh crates/arts-ampi-c/bin/arts-mpicc -O2 crates/arts-ampi-c/tests/c/carry.c -o "$dir/carry.so"
mpirun="mpirun --allow-run-as-root --oversubscribe -np 2"
median() { sort -g | awk '{a[NR]=$1} END {print (NR%2) ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2}'; }
field() { sed -n "s/.*$1=\([0-9.e+-]*\).*/\1/p" | head -1; }
moved() { python3 -c 'import json,sys; v=json.load(sys.stdin)["values"]; assert v["valid"]==[1.0] and v["moves"]==[50.0]; print(v["move_median_us"][0])'; }
carry="ampi run carry --vp 2 --iters 50 --isomalloc"
names="ompi_1m x_0 x_1m x_16m in_1m c_1m whole state"
ckpt=$(mktemp -d "${CKPT_DIR:-/tmp}/bench-ckpt.XXXXXX")
trap 'rm -rf "$dir" "$ckpt"' EXIT
# Rate of the checkpoint taken after step 2 of 4, in GB/s.
rate() {
    python3 -c 'import json,sys,os
d=json.load(sys.stdin); assert d["valid"]
t=d["step_times_s"]; rest=sorted(t[:2]+t[3:]); took=t[2]-rest[len(rest)//2]
root=sys.argv[1]+"/ckpt-2"; size=sum(os.path.getsize(os.path.join(root,f)) for f in os.listdir(root))
print(size/took/1e9)' "$1"
}
stencil="ampi run stencil3d --vp 8 --pes 2 --size 256 --iters 4 --checkpoint-every 2 --keep 1"
for f in $names; do : > "$dir/$f"; done
for r in $(seq "$reps"); do
    $mpirun "$dir/pingpong.ompi" 1048576 500 | field latency_us >> "$dir/ompi_1m"
    $mpirun $arts --json $carry --pes-per-process 1 --bytes 8 | moved >> "$dir/x_0"
    $mpirun $arts --json $carry --pes-per-process 1 --bytes 1M | moved >> "$dir/x_1m"
    $mpirun $arts --json $carry --pes-per-process 1 --bytes 16M | moved >> "$dir/x_16m"
    $arts --json $carry --pes 2 --bytes 1M | moved >> "$dir/in_1m"
    $mpirun $arts ampi run --vp 2 --pes-per-process 1 --isomalloc "$dir/carry.so" -- 1048576 50 \
        | grep 'valid=1' | field move_median_us >> "$dir/c_1m"
    $arts --json $stencil --isomalloc --whole-checkpoints --checkpoint-dir "$ckpt/w" | rate "$ckpt/w" >> "$dir/whole"
    $arts --json $stencil --checkpoint-dir "$ckpt/s" | rate "$ckpt/s" >> "$dir/state"
done
for f in $names; do
    echo "$f: $(tr '\n' ' ' < "$dir/$f")"
done
m() { median < "$dir/$1"; }
awk -v o="$(m ompi_1m)" -v a="$(m x_0)" -v b="$(m x_1m)" -v c="$(m x_16m)" -v d="$(m in_1m)" \
    -v w="$(m whole)" -v s="$(m state)" -v cc="$(m c_1m)" 'BEGIN {
    printf "1 MiB message, Open MPI: %.0f us one-way\n", o
    printf "rank move across processes, us: 8 B of heap %.0f, 1 MiB %.0f (%.1fx the message), 16 MiB %.0f\n", a, b, b / o, c
    printf "rank move within a process, 1 MiB: %.0f us\n", d
    printf "C rank move across processes, 1 MiB of malloc heap: %.0f us (%.2fx the Rust rank)\n", cc, cc / b
    printf "checkpoint of 8 ranks, GB/s: whole ranks %.2f, their own state %.2f\n", w, s
}'
