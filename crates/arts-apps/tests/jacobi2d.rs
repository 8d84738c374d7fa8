//! Jacobi2D on the runtime equals the sequential reference bit for bit, for
//! many PE and object counts (more PEs than cores, one object per PE,
//! more than 1000 objects per PE) and with serialized messages.

use std::sync::Arc;

use arts_apps::jacobi2d::{Params, reference, run};
use arts_core::{Config, Map};

fn check(rows: usize, cols: usize, objs: (u32, u32), iters: u32, cfg: Config, map: Map) {
    let p = Params {
        rows,
        cols,
        objs_x: objs.0,
        objs_y: objs.1,
        iters,
    };
    let r = Arc::new(reference(&p));
    let out = run(&p, &cfg, map, Some(r.clone())).unwrap();
    assert_eq!(out.max_diff, 0.0, "{p:?} on {} PEs", cfg.pes);
    assert_eq!(out.residuals, r.residuals, "{p:?} on {} PEs", cfg.pes);
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
