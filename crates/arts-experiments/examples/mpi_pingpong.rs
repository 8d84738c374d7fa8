//! arts ping-pong and bandwidth across two processes against raw MPI (and
//! raw MPI in the transport's pattern of calls), best of several
//! interleaved repetitions:
//! `mpirun -np 2 target/release/examples/mpi_pingpong [round_trips] [reps]`.

use arts_core::Config;

fn main() {
    let mpi = arts_mpi::Mpi::init().expect("MPI starts");
    let mut args = std::env::args().skip(1);
    let n: u32 = args.next().and_then(|a| a.parse().ok()).unwrap_or(50_000);
    let reps: u32 = args.next().and_then(|a| a.parse().ok()).unwrap_or(5);
    let cfg = mpi.config(&Config::default(), 1);
    let (mut raw, mut pattern, mut arts) = (f64::MAX, f64::MAX, f64::MAX);
    let (mut raw_bw, mut arts_bw) = (0.0f64, 0.0f64);
    for _ in 0..reps {
        raw = raw.min(arts_mpi::rawbench::pingpong_ns(&mpi, n));
        pattern = pattern.min(arts_mpi::rawbench::pattern_pingpong_ns(&mpi, n));
        arts = arts.min(arts_experiments::microbench::pingpong_ns(&cfg, false, n).expect("runs"));
        raw_bw = raw_bw.max(arts_mpi::rawbench::bandwidth_bytes_per_s(
            &mpi,
            1 << 20,
            100,
        ));
        arts_bw = arts_bw.max(
            arts_experiments::microbench::bandwidth_bytes_per_s(&cfg, 1 << 20, 100, true)
                .expect("runs"),
        );
    }
    if mpi.rank() == 0 {
        println!(
            "one-way: raw MPI {raw:.0} ns, its transport pattern {pattern:.0} ns ({:.2}x), arts {arts:.0} ns ({:.2}x); 1 MiB: raw {:.2} GB/s, arts {:.2} GB/s ({:.2})",
            pattern / raw,
            arts / raw,
            raw_bw / 1e9,
            arts_bw / 1e9,
            arts_bw / raw_bw
        );
    }
}
