//! Migration storm across processes: `mpirun -np 4 target/debug/examples/mpi_storm [pes_per_process] [strategy] [elements] [rounds]`.

use arts_core::{Config, LbConfig, LbPeriod};

fn main() {
    let mpi = arts_mpi::Mpi::init().expect("MPI starts");
    let mut args = std::env::args().skip(1);
    let per: u32 = args.next().and_then(|a| a.parse().ok()).unwrap_or(1);
    let name = args.next().unwrap_or_else(|| "rotate".into());
    let n: u32 = args.next().and_then(|a| a.parse().ok()).unwrap_or(24);
    let rounds: u32 = args.next().and_then(|a| a.parse().ok()).unwrap_or(10);
    let lb = LbConfig::new(&name, LbPeriod::EverySync).expect("a strategy name");
    let cfg = mpi.config(
        &Config {
            lb: Some(lb),
            ..Config::default()
        },
        per,
    );
    let params = arts_apps::storm::Params {
        elements: n,
        rounds,
        failure: None,
        seed: arts_apps::storm::DEFAULT_SEED,
    };
    let (r, report) = arts_apps::storm::run(&cfg, params).expect("runs");
    if mpi.rank() == 0 {
        println!("{r:?} lb steps {}", report.lb_steps().len());
    }
}
