//! Only the arts ping-pong across two processes (for profiling):
//! `mpirun -np 2 target/release/examples/mpi_latency [round_trips]`.

use arts_core::Config;

fn main() {
    let mpi = arts_mpi::Mpi::init().expect("MPI starts");
    let n: u32 = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(50_000);
    let cfg = mpi.config(&Config::default(), 1);
    let ns = arts_experiments::microbench::pingpong_ns(&cfg, false, n).expect("runs");
    if mpi.rank() == 0 {
        println!("arts one-way {ns:.0} ns");
    }
}
