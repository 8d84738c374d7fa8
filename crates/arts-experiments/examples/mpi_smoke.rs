//! Smoke run: `mpirun -np 2 target/debug/examples/mpi_smoke [pes_per_process] [lb]`.

use std::sync::Arc;

use arts_apps::jacobi2d::{Params, reference, run};
use arts_core::{Config, LbConfig, LbPeriod, Map};

fn main() {
    let mpi = arts_mpi::Mpi::init().expect("MPI starts");
    let mut args = std::env::args().skip(1);
    let per: u32 = args.next().and_then(|a| a.parse().ok()).unwrap_or(2);
    let period = if std::env::var("EVERY").is_ok() {
        LbPeriod::EverySync
    } else {
        LbPeriod::Steps(2)
    };
    let lb = args
        .next()
        .map(|name| LbConfig::new(&name, period).expect("a strategy name"));
    let p = Params {
        rows: 64,
        cols: 48,
        objs_x: 4,
        objs_y: 3,
        iters: 10,
    }
    .problem()
    .unwrap();
    let r = Arc::new(reference(&p));
    let cfg = mpi.config(
        &Config {
            lb,
            ..Config::default()
        },
        per,
    );
    let out = run(&p, &cfg, Map::RoundRobin, Some(r)).expect("runs");
    println!(
        "rank {} diff {} pes {} processes {} lb steps {} migrations {}",
        mpi.rank(),
        out.max_diff,
        out.report.pes.len(),
        out.report.processes,
        out.report.lb_steps().len(),
        out.report
            .lb_steps()
            .iter()
            .map(|s| s.migrations)
            .sum::<u64>()
    );
}
