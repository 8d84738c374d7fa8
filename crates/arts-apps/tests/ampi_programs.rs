//! The registered programs run and validate.

use std::sync::Arc;

use arts_ampi::{AmpiError, AmpiReport, RunOptions, run};
use arts_apps::ampi::{PROGRAMS, Params, build};
use arts_core::{LbConfig, LbPeriod};

/// Runs `name` on `vp` ranks over `pes` PEs, balancing with `lb` at every
/// `migrate()`; checks it is bit-identical to its reference.
fn run_valid(name: &str, params: &Params, (vp, pes): (u32, u32), lb: Option<&str>) -> AmpiReport {
    let built = build(name, params, vp).unwrap();
    let mut opts = RunOptions::new(vp, pes);
    opts.lb = lb.map(|name| LbConfig {
        strategy: Arc::from(arts_lb::by_name(name).unwrap()),
        period: LbPeriod::EverySync,
        record_inputs: false,
        speeds: None,
    });
    let report = run(&opts, built.program).unwrap();
    assert_eq!(report.value("valid"), Some(1.0), "{name} vp={vp} pes={pes}");
    assert_eq!(report.value("max_abs_diff"), Some(0.0));
    report
}

#[test]
fn stencil3d_is_bit_identical_for_odd_rank_counts_with_migration() {
    for (vp, pes, lb) in [
        (1, 1, None),
        (7, 3, Some("rotate")),
        (12, 2, Some("greedy")),
    ] {
        let params = Params {
            size: 13,
            iters: Some(6),
            imbalance: 3.0,
            migrate_every: 2,
            ..Params::default()
        };
        let report = run_valid("stencil3d", &params, (vp, pes), lb);
        assert_eq!(report.values["step_time_s"].len(), 6);
        if lb == Some("rotate") {
            assert!(report.rank_moves > 0, "rotate moves ranks");
        }
    }
}

#[test]
fn pingpong_and_multiping_measure_latency() {
    let params = Params {
        iters: Some(50),
        bytes: 64,
        ..Params::default()
    };
    let r = run(
        &RunOptions::new(2, 2),
        build("pingpong", &params, 2).unwrap().program,
    )
    .unwrap();
    assert!(r.value("latency_us").unwrap() > 0.0);
    assert_eq!(r.value("pairs"), Some(1.0));
    let r = run(
        &RunOptions::new(7, 2),
        build("pingpong-pairs", &params, 7).unwrap().program,
    )
    .unwrap();
    assert_eq!(r.value("pairs"), Some(3.0));
    // The paper's multi-ping: pipelined pings cost less each than a ping-pong's one-way trip
    // needs at least a send and a receive; both are measured in the same run.
    let r = run(
        &RunOptions::new(3, 2),
        build("multiping", &params, 3).unwrap().program,
    )
    .unwrap();
    assert!(r.value("multiping_us").unwrap() > 0.0);
    assert!(r.value("pingpong_us").unwrap() > 0.0);
    assert_eq!(r.value("burst"), Some(32.0));
}

#[test]
fn bad_program_parameters_are_usage_errors() {
    let p = Params::default();
    let usage = |r: Result<_, AmpiError>| matches!(r, Err(AmpiError::Usage(_)));
    assert!(usage(build("nbody", &p, 4).map(drop)));
    assert!(usage(build("pingpong", &p, 1).map(drop)));
    let small = Params {
        size: 4,
        ..p.clone()
    };
    assert!(
        usage(build("stencil3d", &small, 5).map(drop)),
        "5 > 4 cannot be split"
    );
    let bad = Params {
        imbalance: 0.5,
        ..p
    };
    assert!(usage(build("stencil3d", &bad, 2).map(drop)));
    let bad = Params {
        heavy_fraction: -0.1,
        ..p
    };
    assert!(usage(build("stencil3d", &bad, 2).map(drop)));
    let bad = Params { zones: 0, ..p };
    assert!(usage(build("bt-mz", &bad, 1).map(drop)));
    assert!(usage(build("multiping", &p, 1).map(drop)));
    assert_eq!(PROGRAMS.len(), 8);
}

#[test]
fn bt_mz_is_bit_identical_on_any_rank_count_with_migration() {
    for (vp, pes, lb) in [
        (1, 1, None),
        (5, 2, Some("greedy")),
        (16, 3, Some("rotate")),
    ] {
        let params = Params {
            size: 5,
            zones: 4,
            iters: Some(6),
            migrate_every: 2,
            ..Params::default()
        };
        let report = run_valid("bt-mz", &params, (vp, pes), lb);
        assert!(report.value("zone_spread").unwrap() > 20.0);
        if lb == Some("rotate") {
            assert!(report.rank_moves > 0, "rotate moves ranks");
        }
    }
    let too_many = build("bt-mz", &Params::default(), 17).err().unwrap();
    assert!(
        too_many.to_string().contains("exceed the 16 zones"),
        "{too_many}"
    );
}
