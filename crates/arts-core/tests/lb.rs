//! Load-balancing configuration checks of the runtime (migration under
//! traffic is tested with the `storm` workload in `arts-apps`).

use std::sync::Arc;

use arts_core::*;

#[test]
fn wrong_speed_count_is_a_config_error() {
    let cfg = Config {
        pes: 2,
        lb: Some(LbConfig {
            strategy: Arc::from(arts_lb::by_name("greedy").unwrap()),
            period: LbPeriod::EverySync,
            record_inputs: false,
            speeds: Some(vec![1.0]),
        }),
        ..Config::default()
    };
    assert!(matches!(run(&cfg, |_| ()), Err(RunError::Config(_))));
}
