//! Jacobi2D on the runtime equals the sequential reference bit for bit, for
//! many PE and object counts (more PEs than cores, one object per PE,
//! more than 1000 objects per PE) and with serialized messages.

use std::sync::Arc;

use arts_apps::jacobi2d::{Params, reference, run};
use arts_apps::{hotspot, zones};
use arts_core::{Config, LbConfig, LbPeriod, Map};

fn check(rows: usize, cols: usize, objs: (u32, u32), iters: u32, cfg: Config, map: Map) {
    let params = Params {
        rows,
        cols,
        objs_x: objs.0,
        objs_y: objs.1,
        iters,
    };
    let p = params.problem().unwrap();
    let r = Arc::new(reference(&p));
    let out = run(&p, &cfg, map, Some(r.clone())).unwrap();
    assert_eq!(out.max_diff, 0.0, "{params:?} on {} PEs", cfg.pes);
    assert_eq!(out.residuals, r.residuals, "{params:?} on {} PEs", cfg.pes);
    assert_eq!(out.report.pes.len(), cfg.pes as usize);
}

fn pes(n: u32) -> Config {
    Config {
        pes: n,
        ..Config::default()
    }
}

#[test]
fn one_pe_one_object() {
    check(30, 20, (1, 1), 10, pes(1), Map::Block);
}

#[test]
fn one_object_per_pe() {
    check(64, 64, (2, 1), 15, pes(2), Map::Block);
    check(64, 64, (2, 2), 15, pes(4), Map::RoundRobin);
}

#[test]
fn more_pes_than_cores() {
    check(96, 80, (6, 5), 12, pes(8), Map::RoundRobin);
}

#[test]
fn over_a_thousand_objects_per_pe() {
    check(64, 128, (32, 64), 6, pes(2), Map::Block);
}

#[test]
fn uneven_blocks_and_serialized_messages() {
    let cfg = Config {
        serialize_local: true,
        ..pes(3)
    };
    check(53, 41, (7, 3), 9, cfg, Map::RoundRobin);
}

#[test]
fn without_instrumentation_and_with_tracing() {
    let cfg = Config {
        instrument: false,
        ..pes(2)
    };
    check(40, 40, (4, 4), 5, cfg, Map::Block);
    let cfg = Config {
        trace: true,
        ..pes(2)
    };
    check(40, 40, (4, 4), 5, cfg, Map::Block);
}

fn with_lb(pes: u32, strategy: &str, period: LbPeriod) -> Config {
    Config {
        pes,
        lb: Some(LbConfig {
            strategy: Arc::from(arts_lb::by_name(strategy).unwrap()),
            period,
            record_inputs: false,
            speeds: None,
        }),
        ..Config::default()
    }
}

#[test]
fn rotate_every_step_stays_bit_identical() {
    check(
        48,
        40,
        (4, 4),
        12,
        with_lb(3, "rotate", LbPeriod::EverySync),
        Map::Block,
    );
    check(
        33,
        20,
        (5, 2),
        9,
        with_lb(2, "rotate", LbPeriod::Steps(2)),
        Map::RoundRobin,
    );
}

#[test]
fn zones_with_greedy_stays_valid_and_moves_zones() {
    let p = zones::Params {
        zones_x: 4,
        zones_y: 4,
        base: 8,
        iters: 12,
        ..zones::Params::default()
    }
    .problem()
    .unwrap();
    let r = Arc::new(zones::reference(&p));
    let out = zones::run(
        &p,
        &with_lb(2, "greedy", LbPeriod::Steps(4)),
        Map::Block,
        Some(r),
    )
    .unwrap();
    assert_eq!(out.max_diff, 0.0);
    // at_sync after every step but the last: syncs 4 and 8 balance
    assert_eq!(out.report.lb_steps().len(), 2);
}

#[test]
fn hotspot_with_periodic_lb_stays_valid() {
    let p = hotspot::Params {
        rows: 64,
        cols: 48,
        objs_x: 8,
        objs_y: 4,
        iters: 10,
        radius: 0.2,
        work: 4,
        growth: 2.0,
    }
    .problem()
    .unwrap();
    let r = Arc::new(hotspot::reference(&p));
    for s in ["refine", "metis", "greedy-comm"] {
        let out = hotspot::run(
            &p,
            &with_lb(3, s, LbPeriod::Steps(3)),
            Map::Block,
            Some(r.clone()),
        )
        .unwrap();
        assert_eq!(out.max_diff, 0.0, "{s}");
    }
}
