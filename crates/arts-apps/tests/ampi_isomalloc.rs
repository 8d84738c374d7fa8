//! The registered AMPI programs in isomalloc slots: every move copies the
//! rank out of its slot and back (the path a move to another process
//! takes), and the programs stay valid.

use std::sync::Arc;

use arts_ampi::iso::IsoAlloc;
use arts_ampi::{RunOptions, run};
use arts_apps::ampi::{Params, build};
use arts_core::{LbConfig, LbPeriod};

#[global_allocator]
static ALLOC: IsoAlloc<std::alloc::System> = IsoAlloc::new(std::alloc::System);

fn in_slots(vp: u32, pes: u32) -> RunOptions {
    RunOptions {
        isomalloc: true,
        ..RunOptions::new(vp, pes)
    }
}

fn rotate() -> Option<LbConfig> {
    Some(LbConfig {
        strategy: Arc::from(arts_lb::by_name("rotate").unwrap()),
        period: LbPeriod::EverySync,
        record_inputs: false,
        speeds: None,
    })
}

#[test]
fn stencil3d_in_slots_stays_bit_identical_under_rotation() {
    let params = Params {
        size: 12,
        iters: Some(6),
        migrate_every: 2,
        ..Params::default()
    };
    let mut opts = in_slots(5, 2);
    opts.lb = rotate();
    let built = build("stencil3d", &params, 5).unwrap();
    let report = run(&opts, built.program).unwrap();
    assert_eq!(report.value("valid"), Some(1.0));
    assert!(report.rank_moves > 0);
}

#[test]
fn every_message_of_a_storm_arrives_once_while_ranks_in_slots_move() {
    let params = Params {
        bytes: 6000,
        iters: Some(15),
        ..Params::default()
    };
    let mut opts = in_slots(7, 3);
    opts.lb = rotate();
    let report = run(&opts, build("storm", &params, 7).unwrap().program).unwrap();
    assert_eq!(report.value("valid"), Some(1.0));
    assert!(report.rank_moves >= 7 * 14);
}
