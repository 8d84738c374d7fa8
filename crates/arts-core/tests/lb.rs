//! Load-balancing configuration checks of the runtime (migration under
//! traffic is tested with the `storm` workload in `arts-apps`).

use arts_core::*;

#[test]
fn wrong_speed_count_is_a_config_error() {
    let cfg = Config {
        pes: 2,
        lb: Some(
            LbConfig::new("greedy", LbPeriod::EverySync)
                .unwrap()
                .with_speeds(vec![1.0]),
        ),
        ..Config::default()
    };
    assert!(matches!(run(&cfg, |_| ()), Err(RunError::Config(_))));
}

/// Elements whose given loads rise with the index: element `i` costs
/// `i + 1` ms, so a block mapping on 2 PEs is 36 against 100 ms. Each step every element syncs; after `steps` steps it
/// contributes to the main program.
#[derive(serde::Serialize, serde::Deserialize)]
struct Skewed {
    i: u32,
    left: u32,
}

impl Chare for Skewed {
    type Msg = ();
    type Init = u32;
    fn new(i: Index, steps: &u32) -> Self {
        Skewed {
            i: i.x(),
            left: *steps,
        }
    }
    fn receive(&mut self, (): (), ctx: &mut Ctx<'_, Self>) {
        ctx.set_load(f64::from(self.i + 1) * 1e-3);
        ctx.at_sync();
    }
    fn resume_from_sync(&mut self, ctx: &mut Ctx<'_, Self>) {
        self.left -= 1;
        if self.left == 0 {
            ctx.contribute((), Reducer::Sum, Callback::main(()));
        } else {
            ctx.send_self(());
        }
    }
}

/// The LB steps of a run of `Skewed` (16 elements, block-mapped on 2 PEs) under `lb`.
fn skewed_steps(lb: LbConfig) -> Vec<LbStepRecord> {
    let cfg = Config {
        pes: 2,
        lb: Some(lb),
        ..Config::default()
    };
    let ((), report) = run(&cfg, |d| {
        let a = d.create_array::<Skewed>("skewed", Shape::d1(16), Map::Block, 4);
        d.broadcast(&a, ());
        d.wait_callback::<()>(()).unwrap();
    })
    .unwrap();
    report.lb_steps().to_vec()
}

#[test]
fn none_moves_nothing_where_a_strategy_would() {
    let none = skewed_steps(LbConfig::new("none", LbPeriod::EverySync).unwrap());
    assert_eq!(none.len(), 4);
    for s in &none {
        assert_eq!((s.migrations, s.placement), (0, "none"), "{s:?}");
    }
    // The same input makes a strategy move (so the check above can fail).
    let greedy = skewed_steps(LbConfig::new("greedy", LbPeriod::EverySync).unwrap());
    let moved: u64 = greedy.iter().map(|s| s.migrations).sum();
    assert!(moved > 0, "{greedy:?}");
    assert!(
        greedy
            .iter()
            .all(|s| ["greedy", "refine", "current"].contains(&s.placement))
    );
}
