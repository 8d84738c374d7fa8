//! Periodic, asynchronous balancing (`LbPeriod::Periodic`): elements that
//! never call `at_sync` migrate every few milliseconds while messages and
//! broadcasts are in flight and entry methods sleep at random; none is
//! lost or duplicated, no element is moved in the middle of an entry
//! method, and an array that calls `at_sync` keeps its sync steps.

use std::sync::Arc;
use std::time::Duration;

use arts_core::*;
use rand::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;
use serde::{Deserialize, Serialize};

/// Every 3 ms, every element moves to the next PE (`rotate`).
fn periodic(pes: u32, strategy: &str) -> Config {
    Config {
        pes,
        instrument: true,
        lb: Some(LbConfig {
            strategy: Arc::from(arts_lb::by_name(strategy).unwrap()),
            period: LbPeriod::Periodic(0.003),
            record_inputs: false,
            speeds: Some(vec![1.0; pes as usize]),
        }),
        ..Config::default()
    }
}

#[derive(Serialize, Deserialize)]
struct Roamer {
    me: u32,
    seed: u64,
    budget: u64,
    sent: u64,
    received: u64,
    sum_out: u64,
    sum_in: u64,
    /// Broadcasts received: how many, and the sum of their numbers.
    bcasts: (u64, u64),
    /// Set while an entry method runs: a migrated copy must never have it.
    in_entry: bool,
    /// The PEs it ran on.
    pes_seen: Vec<u32>,
}

#[message]
#[derive(Clone)]
enum RoamMsg {
    Go,
    Data(u64),
    Bcast(u64),
    Report,
}

fn tag(from: u32, n: u64) -> u64 {
    let h = (u64::from(from) << 40 ^ n).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    h ^ (h >> 31)
}

impl Chare for Roamer {
    type Msg = RoamMsg;
    type Init = u64;
    fn new(index: Index, &budget: &u64) -> Self {
        Roamer {
            me: index.x(),
            seed: 99 + u64::from(index.x()),
            budget,
            sent: 0,
            received: 0,
            sum_out: 0,
            sum_in: 0,
            bcasts: (0, 0),
            in_entry: false,
            pes_seen: Vec::new(),
        }
    }
    fn receive(&mut self, msg: RoamMsg, ctx: &mut Ctx<'_, Self>) {
        assert!(
            !self.in_entry,
            "element {} moved inside an entry method",
            self.me
        );
        self.in_entry = true;
        if !self.pes_seen.contains(&ctx.pe()) {
            self.pes_seen.push(ctx.pe());
        }
        let all = ctx.this_proxy();
        match msg {
            RoamMsg::Go => {
                let mut rng = Xoshiro256PlusPlus::seed_from_u64(self.seed);
                self.seed = rng.random();
                let n = all.shape().len() as u32;
                for _ in 0..8 {
                    if self.sent == self.budget {
                        break;
                    }
                    let t = tag(self.me, self.sent);
                    self.sum_out = self.sum_out.wrapping_add(t);
                    ctx.send(all.at(rng.random_range(0..n)), RoamMsg::Data(t));
                    self.sent += 1;
                }
                if rng.random_ratio(1, 8) {
                    std::thread::sleep(Duration::from_micros(rng.random_range(1..300)));
                }
                if self.sent < self.budget {
                    ctx.send(ctx.me(), RoamMsg::Go);
                }
            }
            RoamMsg::Data(t) => {
                self.received += 1;
                self.sum_in = self.sum_in.wrapping_add(t);
            }
            RoamMsg::Bcast(k) => {
                self.bcasts.0 += 1;
                self.bcasts.1 += k;
            }
            RoamMsg::Report => ctx.contribute(
                vec![
                    self.sent,
                    self.received,
                    self.sum_out,
                    self.sum_in,
                    self.bcasts.0,
                    self.bcasts.1,
                    self.pes_seen.len() as u64,
                ],
                Reducer::Sum,
                Callback::main(1),
            ),
        }
        self.in_entry = false;
    }
}

#[test]
fn elements_migrate_under_traffic_and_broadcasts_without_loss() {
    let (pes, n, budget, bcasts) = (3u32, 24u32, 3000u64, 40u64);
    let (v, report) = run(&periodic(pes, "rotate"), |d| {
        let a = d.create_array::<Roamer>("roam", Shape::d1(n), Map::Block, budget);
        d.broadcast(&a, RoamMsg::Go);
        for k in 1..=bcasts {
            d.broadcast(&a, RoamMsg::Bcast(k));
            std::thread::sleep(Duration::from_micros(500));
        }
        d.wait_quiescence().unwrap();
        d.broadcast(&a, RoamMsg::Report);
        d.wait_callback::<Vec<u64>>(1).unwrap()
    })
    .unwrap();
    let n64 = u64::from(n);
    assert_eq!(v[0], n64 * budget, "all sent");
    assert_eq!(v[1], v[0], "every message received once (count)");
    assert_eq!(v[3], v[2], "every message received once (checksum)");
    assert_eq!(
        v[4],
        n64 * bcasts,
        "every broadcast reached every element once"
    );
    assert_eq!(v[5], n64 * bcasts * (bcasts + 1) / 2, "each broadcast once");
    let moved: u64 = report.lb_steps().iter().map(|s| s.migrations).sum();
    assert!(
        moved >= u64::from(n),
        "periodic steps moved elements: {moved}"
    );
    assert!(v[6] > n64, "elements ran on more than one PE: {}", v[6]);
}

/// Works unsynced for a while (its first five messages, 1 ms each: the
/// periodic steps move it meanwhile, and it enters `at_sync` while they
/// do), then calls `at_sync` every round and counts the resumes.
#[derive(Serialize, Deserialize)]
struct Syncer {
    round: u32,
    rounds: u32,
}

impl Chare for Syncer {
    type Msg = u8;
    type Init = u32;
    fn new(_: Index, &rounds: &u32) -> Self {
        Syncer { round: 0, rounds }
    }
    fn receive(&mut self, warmup: u8, ctx: &mut Ctx<'_, Self>) {
        if warmup > 0 {
            std::thread::sleep(Duration::from_millis(1));
            ctx.send(ctx.me(), warmup - 1);
            return;
        }
        std::thread::sleep(Duration::from_micros(200));
        ctx.at_sync();
    }
    fn resume_from_sync(&mut self, ctx: &mut Ctx<'_, Self>) {
        self.round += 1;
        if self.round == self.rounds {
            ctx.contribute(u64::from(self.round), Reducer::Sum, Callback::main(2));
        } else {
            ctx.send(ctx.me(), 0);
        }
    }
}

#[test]
fn an_array_that_calls_at_sync_keeps_its_sync_steps_beside_a_periodic_one() {
    let (n, rounds) = (8u32, 30u32);
    let (total, report) = run(&periodic(2, "rotate"), |d| {
        let roam = d.create_array::<Roamer>("roam", Shape::d1(8), Map::Block, 2000);
        let sync = d.create_array::<Syncer>("sync", Shape::d1(n), Map::Block, rounds);
        d.broadcast(&roam, RoamMsg::Go);
        d.broadcast(&sync, 5);
        let total = d.wait_callback::<u64>(2).unwrap();
        d.wait_quiescence().unwrap();
        d.broadcast(&roam, RoamMsg::Report);
        let v = d.wait_callback::<Vec<u64>>(1).unwrap();
        assert_eq!((v[1], v[3]), (v[0], v[2]), "roamers' messages once each");
        total
    })
    .unwrap();
    assert_eq!(
        total,
        u64::from(n * rounds),
        "every element resumed every round"
    );
    let steps = report.lb_steps();
    let sync_steps = steps.iter().filter(|s| s.array == "sync").count();
    // Seconds(0.003)-like: a sync balances when the period has passed.
    assert!(
        sync_steps >= 1,
        "the sync array balanced at its sync points"
    );
    assert!(steps.iter().any(|s| s.array == "roam" && s.migrations > 0));
}
