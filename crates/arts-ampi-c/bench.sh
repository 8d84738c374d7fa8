#!/bin/sh
# The "AMPI C ABI" figures of BENCHMARKS.md, each beside its baseline
# measured in the same run (release build; Open MPI's mpicc/mpirun needed
# for the Open MPI rows):
#
#   cargo build --release -p arts-cli && sh crates/arts-ampi-c/bench.sh [reps]
#
# 1. ping-pong latency (8 B, 2 ranks on 1 PE and on 2 PEs): the C program
#    through the ABI vs the Rust API's `pingpong`;
# 2. yield through the scheduler with per-rank globals (C, MPI_Iprobe)
#    vs the Rust API's Mpi::poll, and the bare VP context switch
#    (`arts ampi bench --quick`; private globals add nothing to it);
# 3. stencil2d at 1 VP per PE (2 on 2 PEs) vs the same source under
#    `mpirun -np 2`;
# 4. stencil2d with the top half of the grid 2x (and 3x) as costly, V=8 on
#    2 PEs, AMPI_Migrate every 10 steps with --lb greedy --lb-period 1, vs
#    `mpirun -np 2` (whose first process gets the whole costly half). A
#    perfect balance gains at most 1 - 1.5/2 = 25% (1 - 2/3 = 33% for 3x).
# 5. with --isomalloc (the program copied into each rank's slot, its
#    malloc served from there): the 1-PE ping-pong, the yield and the
#    stencil at 1 VP per PE beside the same runs without.
# 6. MPI_Alltoallv of 1 MiB per pair, V=8 on 2 PEs, vs `mpirun -np 8` on
#    the same data (a2a.c: seconds per call, the slowest rank's, mean of 10).
# Medians of `reps` (default 3) alternating runs.
set -e
cd "$(dirname "$0")/../.."
reps=${1:-3}
arts=target/release/arts
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
for p in pingpong stencil2d yield a2a; do
    sh crates/arts-ampi-c/bin/arts-mpicc -O2 crates/arts-ampi-c/tests/c/$p.c -o "$dir/$p.so"
    mpicc -O2 crates/arts-ampi-c/tests/c/$p.c -o "$dir/$p.ompi"
done
mpirun="mpirun --allow-run-as-root --oversubscribe --bind-to none"
median() { sort -g | awk '{a[NR]=$1} END {print (NR%2) ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2}'; }
field() { sed -n "s/.*$1=\([0-9.e+-]*\).*/\1/p" | head -1; }
range() { sort -g "$1" | awk 'NR==1 {lo=$1} {hi=$1} END {printf "%.4g-%.4g", lo, hi}'; }

n=${STENCIL_N:-2048}
iters=${STENCIL_ITERS:-200}
: > "$dir/c_pp"; : > "$dir/r_pp"; : > "$dir/c_pp1"; : > "$dir/r_pp1"; : > "$dir/c_y"; : > "$dir/r_y"; : > "$dir/sw"
: > "$dir/a1"; : > "$dir/o1"; : > "$dir/ai"; : > "$dir/oi"; : > "$dir/ai3"; : > "$dir/oi3"
: > "$dir/c_pp1_iso"; : > "$dir/c_y_iso"; : > "$dir/a1_iso"; : > "$dir/a2a"; : > "$dir/o2a"
for r in $(seq "$reps"); do
    $arts ampi run --vp 2 --pes 1 "$dir/pingpong.so" -- 8 50000 | field latency_us >> "$dir/c_pp1"
    $arts --json ampi run pingpong --vp 2 --pes 1 --bytes 8 --iters 50000 \
        | python3 -c 'import json,sys; print(json.load(sys.stdin)["latency_us"])' >> "$dir/r_pp1"
    $arts ampi run --vp 2 --pes 1 --isomalloc "$dir/pingpong.so" -- 8 50000 | field latency_us >> "$dir/c_pp1_iso"
    $arts ampi run --vp 2 --pes 2 "$dir/pingpong.so" -- 8 20000 | field latency_us >> "$dir/c_pp"
    $arts --json ampi run pingpong --vp 2 --pes 2 --bytes 8 --iters 20000 \
        | python3 -c 'import json,sys; print(json.load(sys.stdin)["latency_us"])' >> "$dir/r_pp"
    $arts ampi run --vp 1 --pes 1 "$dir/yield.so" -- 200000 | field ns_per_call >> "$dir/c_y"
    $arts ampi run --vp 1 --pes 1 --isomalloc "$dir/yield.so" -- 200000 | field ns_per_call >> "$dir/c_y_iso"
    $arts --json ampi bench --quick > "$dir/bench.json"
    python3 -c 'import json,sys; r=json.load(open(sys.argv[1])); print([f["value"] for f in r["figures"] if "Mpi::poll" in f["name"]][0])' "$dir/bench.json" >> "$dir/r_y"
    python3 -c 'import json,sys; r=json.load(open(sys.argv[1])); print([f["value"] for f in r["figures"] if "coroutine suspend" in f["name"]][0])' "$dir/bench.json" >> "$dir/sw"
    $arts ampi run --vp 2 --pes 2 "$dir/stencil2d.so" -- $n $iters 1 0 2>&1 >/dev/null | field time_s >> "$dir/a1"
    $mpirun -np 2 "$dir/stencil2d.ompi" $n $iters 1 0 2>&1 >/dev/null | field time_s >> "$dir/o1"
    $arts ampi run --vp 2 --pes 2 --isomalloc "$dir/stencil2d.so" -- $n $iters 1 0 2>&1 >/dev/null | field time_s >> "$dir/a1_iso"
    $arts ampi run --vp 8 --pes 2 --lb greedy --lb-period 1 "$dir/stencil2d.so" -- $n $iters 2 10 2>&1 >/dev/null | field time_s >> "$dir/ai"
    $mpirun -np 2 "$dir/stencil2d.ompi" $n $iters 2 0 2>&1 >/dev/null | field time_s >> "$dir/oi"
    $arts ampi run --vp 8 --pes 2 --lb greedy --lb-period 1 "$dir/stencil2d.so" -- $n $iters 3 10 2>&1 >/dev/null | field time_s >> "$dir/ai3"
    $mpirun -np 2 "$dir/stencil2d.ompi" $n $iters 3 0 2>&1 >/dev/null | field time_s >> "$dir/oi3"
    $arts ampi run --vp 8 --pes 2 "$dir/a2a.so" -- 1048576 10 v | field seconds_per_call >> "$dir/a2a"
    $mpirun -np 8 "$dir/a2a.ompi" 1048576 10 v | field seconds_per_call >> "$dir/o2a"
done
c_pp=$(median < "$dir/c_pp"); r_pp=$(median < "$dir/r_pp")
c_pp1=$(median < "$dir/c_pp1"); r_pp1=$(median < "$dir/r_pp1"); sw=$(median < "$dir/sw")
for f in c_pp1 r_pp1 c_pp r_pp c_y r_y sw a1 o1 ai oi ai3 oi3 c_pp1_iso c_y_iso a1_iso a2a o2a; do
    echo "raw $f: $(tr '\n' ' ' < "$dir/$f") (range $(range "$dir/$f"))"
done
c_y=$(median < "$dir/c_y"); r_y=$(median < "$dir/r_y")
a1=$(median < "$dir/a1"); o1=$(median < "$dir/o1")
ai=$(median < "$dir/ai"); oi=$(median < "$dir/oi")
ai3=$(median < "$dir/ai3"); oi3=$(median < "$dir/oi3")
echo "reps=$reps stencil n=$n iters=$iters"
# Ratio of each interleaved pair (arts run / its baseline run): median and range.
pair() { paste "$dir/$1" "$dir/$2" | awk '{print $1/$2}' > "$dir/ratio"; echo "$(median < "$dir/ratio") (range $(range "$dir/ratio"))"; }
echo "pair ratios: pingpong 1 PE $(pair c_pp1 r_pp1); 2 PEs $(pair c_pp r_pp); yield $(pair c_y r_y)"
echo "pair ratios: stencil 1 VP/PE $(pair a1 o1); 2x imbalance $(pair ai oi); 3x $(pair ai3 oi3)"
echo "pair ratios: alltoallv 1 MiB/pair V=8 P=2 / Open MPI np=8 $(pair a2a o2a) (target <= 1.2)"
echo "pair ratios, --isomalloc / without: pingpong 1 PE $(pair c_pp1_iso c_pp1); yield $(pair c_y_iso c_y); stencil 1 VP/PE $(pair a1_iso a1)"
awk -v a="$c_pp1" -v b="$r_pp1" 'BEGIN {printf "pingpong 8B 1 PE: C ABI %.3f us, Rust API %.3f us, ratio %.3f (target <= 1.1)\n", a, b, a/b}'
awk -v a="$c_pp" -v b="$r_pp" 'BEGIN {printf "pingpong 8B 2 PEs: C ABI %.3f us, Rust API %.3f us, ratio %.3f (target <= 1.1)\n", a, b, a/b}'
awk -v a="$c_y" -v b="$r_y" -v s="$sw" 'BEGIN {printf "yield: C (MPI_Iprobe, private globals) %.1f ns, Rust Mpi::poll %.1f ns, ratio %.3f; bare VP switch %.1f ns (target <= 100)\n", a, b, a/b, s}'
awk -v a="$a1" -v b="$o1" 'BEGIN {printf "stencil 1 VP/PE: arts %.4f s, Open MPI np=2 %.4f s, ratio %.3f (target <= 1.10)\n", a, b, a/b}'
awk -v a="$ai" -v b="$oi" 'BEGIN {printf "stencil 2x imbalance: arts V=8 P=2 greedy every 10 steps %.4f s, Open MPI np=2 %.4f s, arts faster by %.1f%% (target >= 25%%)\n", a, b, 100*(1-a/b)}'
awk -v a="$ai3" -v b="$oi3" 'BEGIN {printf "stencil 3x imbalance: arts V=8 P=2 greedy every 10 steps %.4f s, Open MPI np=2 %.4f s, arts faster by %.1f%% (bound 33%%)\n", a, b, 100*(1-a/b)}'
