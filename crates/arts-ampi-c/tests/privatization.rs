//! Item 3: globals and statics are private per rank, across blocking calls
//! and migration between PEs.

mod common;

use std::sync::Arc;

use arts_ampi::RunOptions;
use arts_core::{LbConfig, LbPeriod};

fn rotate() -> LbConfig {
    LbConfig {
        strategy: Arc::from(arts_lb::by_name("rotate").unwrap()),
        period: LbPeriod::EverySync,
        record_inputs: false,
        speeds: None,
    }
}

#[test]
fn every_rank_keeps_its_own_globals_across_blocking_calls_and_migration() {
    let dir = tempfile::tempdir().unwrap();
    let Some(so) = common::build("globals", dir.path()) else {
        return;
    };
    let mut opts = RunOptions::new(6, 2);
    opts.lb = Some(rotate());
    let report = common::run_with(&so, opts, &[]).unwrap();
    assert!(report.migrations() > 0, "the ranks moved");
    assert!(report.rank_moves > 0, "ranks resumed on another PE");
    assert_eq!(
        report.lb_steps.len(),
        4,
        "two AMPI_Migrate and two AMPI_Async_Migrate calls, one step each"
    );
}

#[test]
fn each_rank_has_its_own_copy_of_a_global() {
    let dir = tempfile::tempdir().unwrap();
    let Some(so) = common::build("globals", dir.path()) else {
        return;
    };
    let prog = arts_ampi_c::CProgram::open(&so, 3, Vec::new()).unwrap();
    let a: Vec<usize> = (0..3)
        .map(|r| prog.global_address(r, c"g_rank") as usize)
        .collect();
    assert!(a.iter().all(|&x| x != 0));
    assert!(a[0] != a[1] && a[1] != a[2] && a[0] != a[2], "{a:?}");
}

#[test]
fn a_process_opens_copies_for_its_own_ranks_only() {
    let dir = tempfile::tempdir().unwrap();
    let Some(so) = common::build("globals", dir.path()) else {
        return;
    };
    // Ranks 1 and 2 of 4 (a process's share under mpirun).
    let prog = arts_ampi_c::CProgram::open_ranks(&so, 4, 1..3, Vec::new()).unwrap();
    assert_eq!(prog.ranks(), 4);
    let a: Vec<usize> = (0..4)
        .map(|r| prog.global_address(r, c"g_rank") as usize)
        .collect();
    assert_eq!((a[0], a[3]), (0, 0), "not opened here: {a:?}");
    assert!(a[1] != 0 && a[2] != 0 && a[1] != a[2], "{a:?}");
}
