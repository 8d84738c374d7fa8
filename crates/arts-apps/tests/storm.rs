//! Load balancing inside the runtime, under message traffic: elements
//! migrate (for `rotate`, every element at every step) while random messages
//! are in flight; every message is delivered exactly once, reductions stay
//! correct, and measured loads and communication reach the strategy.

use std::sync::Arc;

use arts_apps::storm;
use arts_core::{Config, LbConfig, LbPeriod, RunReport};

fn lb_config(pes: u32, strategy: &str, period: LbPeriod) -> Config {
    Config {
        pes,
        lb: Some(LbConfig {
            strategy: Arc::from(arts_lb::by_name(strategy).unwrap()),
            period,
            record_inputs: true,
            speeds: None,
        }),
        ..Config::default()
    }
}

fn storm(cfg: Config, n: u32, rounds: u32) -> RunReport {
    let params = storm::Params {
        elements: n,
        rounds,
        failure: None,
        seed: storm::DEFAULT_SEED,
    };
    let (r, report) = storm::run(&cfg, params).unwrap();
    assert!(r.sent > 0);
    assert!(r.exactly_once, "{r:?}");
    assert!(r.reductions_ok, "{r:?}");
    report
}

#[test]
fn rotate_every_step_under_message_traffic() {
    let report = storm(lb_config(3, "rotate", LbPeriod::EverySync), 24, 12);
    let steps = report.lb_steps();
    assert_eq!(steps.len(), 12);
    for s in steps {
        assert_eq!(s.migrations, 24, "rotate moves every element");
        assert!(s.migrated_bytes >= 24 * 512 * 8);
        let input = s.input.as_ref().unwrap();
        assert_eq!(input.objects.len(), 24);
        assert!(!input.comm.is_empty(), "communication graph measured");
        assert!(
            input.objects.iter().any(|o| o.load_s > 0.0),
            "loads measured"
        );
    }
}

#[test]
fn rotate_with_serialized_messages_and_more_pes_than_cores() {
    let cfg = Config {
        serialize_local: true,
        ..lb_config(5, "rotate", LbPeriod::EverySync)
    };
    storm(cfg, 17, 6);
}

#[test]
fn step_period_balances_every_nth_sync() {
    let report = storm(lb_config(2, "greedy", LbPeriod::Steps(3)), 16, 9);
    assert_eq!(report.lb_steps().len(), 3);
}

#[test]
fn every_strategy_keeps_results_correct() {
    for s in ["greedy", "refine", "greedy-comm", "metis"] {
        storm(lb_config(2, s, LbPeriod::EverySync), 20, 4);
    }
}

#[test]
fn at_sync_without_lb_resumes_at_once() {
    let cfg = Config {
        pes: 2,
        ..Config::default()
    };
    let report = storm(cfg, 8, 5);
    assert!(report.lb_steps().is_empty());
}

#[test]
fn injected_panic_stops_the_run_with_the_element_named() {
    let params = storm::Params {
        elements: 6,
        rounds: 4,
        failure: Some(storm::Failure::Panic {
            element: 3,
            round: 2,
        }),
        seed: storm::DEFAULT_SEED,
    };
    let err = storm::run(&lb_config(2, "rotate", LbPeriod::EverySync), params).unwrap_err();
    let text = err.to_string();
    assert!(
        text.contains("storm") && text.contains("injected failure in round 2"),
        "{text}"
    );
}
