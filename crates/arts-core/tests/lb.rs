//! Load balancing inside the runtime: elements migrate (rotate every step)
//! while random messages are in flight; every message is delivered exactly
//! once, reductions stay correct, and measured loads reach the strategy.

use std::sync::Arc;

use arts_core::*;
use rand::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;
use serde::{Deserialize, Serialize};

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

/// Each round: send a burst of messages to random elements, contribute the
/// round's reduction, then `at_sync` (with `rotate`, every element moves).
#[derive(Serialize, Deserialize)]
struct Roamer {
    me: u32,
    seed: u64,
    round: u32,
    rounds: u32,
    sent: u64,
    received: u64,
    sum_out: u64,
    sum_in: u64,
    /// Padding so that migrations move real data.
    ballast: Vec<u64>,
}

#[derive(Clone, Serialize, Deserialize)]
enum RoamMsg {
    Go,
    Data(u64),
    Report,
}

fn mix(x: u64) -> u64 {
    let mut h = x.wrapping_mul(0x9E37_79B9_7F4A_7C15);
    h ^= h >> 31;
    h
}

impl Chare for Roamer {
    type Msg = RoamMsg;
    type Init = u32;
    fn new(index: Index, &rounds: &u32) -> Self {
        Roamer {
            me: index.x(),
            seed: 99 + index.x() as u64,
            round: 0,
            rounds,
            sent: 0,
            received: 0,
            sum_out: 0,
            sum_in: 0,
            ballast: vec![index.x() as u64; 512],
        }
    }
    fn receive(&mut self, msg: RoamMsg, ctx: &mut Ctx<'_, Self>) {
        let me = ctx.this_proxy();
        let n = me.shape().len() as u32;
        match msg {
            RoamMsg::Go => {
                let mut rng = Xoshiro256PlusPlus::seed_from_u64(self.seed);
                self.seed = rng.random();
                for _ in 0..rng.random_range(1..200) {
                    let to = rng.random_range(0..n);
                    let tag = mix(((self.me as u64) << 32) | self.sent);
                    self.sent += 1;
                    self.sum_out = self.sum_out.wrapping_add(tag);
                    ctx.send_prio(&me, to, RoamMsg::Data(tag), rng.random_range(-1..=1));
                }
                // Some elements work harder, so that loads differ.
                let spin = (self.me % 4) as u64 * 2_000;
                let mut x = 0u64;
                for i in 0..spin {
                    x = x.wrapping_add(mix(i));
                }
                std::hint::black_box(x);
                ctx.contribute(
                    self.me as u64 + self.round as u64,
                    Reducer::Sum,
                    Callback::Main(self.round),
                );
                self.round += 1;
                ctx.at_sync();
            }
            RoamMsg::Data(tag) => {
                self.received += 1;
                self.sum_in = self.sum_in.wrapping_add(tag);
            }
            RoamMsg::Report => {
                assert!(self.ballast.iter().all(|&b| b == self.me as u64));
                ctx.contribute(
                    RedValue::I64s(vec![
                        self.sent as i64,
                        self.received as i64,
                        self.sum_out as i64,
                        self.sum_in as i64,
                    ]),
                    Reducer::Sum,
                    Callback::Main(u32::MAX),
                );
            }
        }
    }
    fn resume_from_sync(&mut self, ctx: &mut Ctx<'_, Self>) {
        if self.round < self.rounds {
            let me = ctx.this_proxy();
            ctx.send(&me, self.me, RoamMsg::Go);
        }
    }
}

fn roam(cfg: Config, n: u32, rounds: u32) -> RunReport {
    let (sums, report) = run(&cfg, |d| {
        let a = d.create_array::<Roamer>("roamers", Shape::d1(n), Map::RoundRobin, rounds);
        d.broadcast(&a, RoamMsg::Go);
        for r in 0..rounds {
            let expect: u64 = (0..n as u64).map(|x| x + r as u64).sum();
            assert_eq!(
                d.wait_callback(r).unwrap(),
                RedValue::U64(expect),
                "round {r}"
            );
        }
        d.wait_quiescence().unwrap();
        d.broadcast(&a, RoamMsg::Report);
        d.wait_callback(u32::MAX).unwrap()
    })
    .unwrap();
    let RedValue::I64s(v) = sums else {
        panic!("{sums:?}")
    };
    assert!(v[0] > 0);
    assert_eq!(v[1], v[0], "every message delivered exactly once (count)");
    assert_eq!(
        v[3], v[2],
        "every message delivered exactly once (checksum)"
    );
    report
}

#[test]
fn rotate_every_step_under_message_traffic() {
    let report = roam(lb_config(3, "rotate", LbPeriod::EverySync), 24, 12);
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
    roam(cfg, 17, 6);
}

#[test]
fn step_period_balances_every_nth_sync() {
    let report = roam(lb_config(2, "greedy", LbPeriod::Steps(3)), 16, 9);
    assert_eq!(report.lb_steps().len(), 3);
}

#[test]
fn greedy_and_refine_keep_results_correct() {
    for s in ["greedy", "refine", "greedy-comm", "metis"] {
        roam(lb_config(2, s, LbPeriod::EverySync), 20, 4);
    }
}

#[test]
fn wrong_speed_count_is_a_config_error() {
    let mut cfg = lb_config(2, "greedy", LbPeriod::EverySync);
    cfg.lb.as_mut().unwrap().speeds = Some(vec![1.0]);
    assert!(matches!(run(&cfg, |_| ()), Err(RunError::Config(_))));
}

#[test]
fn at_sync_without_lb_resumes_at_once() {
    let cfg = Config {
        pes: 2,
        ..Config::default()
    };
    let report = roam(cfg, 8, 5);
    assert!(report.lb_steps().is_empty());
}
