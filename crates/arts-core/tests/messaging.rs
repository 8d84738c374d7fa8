//! End-to-end tests of messaging, priorities, reductions, broadcast,
//! quiescence and failure handling on the in-process runtime.

use arts_core::*;
use rand::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;
use serde::{Deserialize, Serialize};

fn config(pes: u32) -> Config {
    Config {
        pes,
        ..Config::default()
    }
}

// ---------------------------------------------------------------- ping-pong

#[derive(Serialize, Deserialize)]
struct Pinger {
    peer: u32,
}

#[message]
#[derive(Clone)]
enum Ping {
    Ball(u32),
    Done,
}

impl Chare for Pinger {
    type Msg = Ping;
    type Init = ();
    fn new(index: Index, _: &()) -> Self {
        Pinger {
            peer: 1 - index.x(),
        }
    }
    fn receive(&mut self, msg: Ping, ctx: &mut Ctx<'_, Self>) {
        let peer = ctx.this_proxy().at(self.peer);
        match msg {
            Ping::Ball(0) => {
                ctx.send(peer, Ping::Done);
                ctx.contribute((), Reducer::Sum, Callback::main(7));
            }
            Ping::Ball(n) => ctx.send(peer, Ping::Ball(n - 1)),
            Ping::Done => ctx.contribute((), Reducer::Sum, Callback::main(7)),
        }
    }
}

#[test]
fn ping_pong_across_pes_and_serialized() {
    for serialize_local in [false, true] {
        let cfg = Config {
            serialize_local,
            ..config(2)
        };
        let (v, report) = run(&cfg, |d| {
            let a = d.create_array::<Pinger>("ping", Shape::d1(2), Map::RoundRobin, ());
            d.send(a.at(0), Ping::Ball(1001));
            d.wait_callback::<()>(7)
        })
        .unwrap();
        v.unwrap();
        assert_eq!(report.pes.len(), 2);
        assert!(report.pes.iter().all(|p| p.counters.messages > 400));
    }
}

// ------------------------------------------------------- randomized stress

/// Each element sends `budget` messages to random elements with random
/// priorities, in bursts with random pauses, and checks on receipt that
/// messages from one sender with one priority arrive in the order sent.
#[derive(Serialize, Deserialize)]
struct Stress {
    me: u32,
    rng_seed: u64,
    budget: u64,
    sent: u64,
    /// next expected sequence number per (sender, priority)
    expect: Vec<u64>,
    /// next sequence number to send per (destination, priority)
    next: Vec<u64>,
    received: u64,
    checksum_in: u64,
    checksum_out: u64,
}

const PRIOS: u32 = 5; // priorities -2..=2
const BURST: u32 = 64;

#[message]
#[derive(Clone)]
enum StressMsg {
    Go,
    Data { from: u32, prio: i32, seq: u64 },
    Report,
}

fn tag(from: u32, to: u32, prio: i32, seq: u64) -> u64 {
    let mut h = ((from as u64) << 40) ^ ((to as u64) << 20) ^ (((prio + 2) as u64) << 60) ^ seq;
    h ^= h >> 33;
    h = h.wrapping_mul(0xff51_afd7_ed55_8ccd);
    h ^ (h >> 29)
}

fn slot(peer: u32, prio: i32) -> usize {
    (peer * PRIOS + (prio + 2) as u32) as usize
}

impl Chare for Stress {
    type Msg = StressMsg;
    type Init = (u32, u64);
    fn new(index: Index, &(n, budget): &(u32, u64)) -> Self {
        Stress {
            me: index.x(),
            rng_seed: 1234 + index.x() as u64,
            budget,
            sent: 0,
            expect: vec![0; (n * PRIOS) as usize],
            next: vec![0; (n * PRIOS) as usize],
            received: 0,
            checksum_in: 0,
            checksum_out: 0,
        }
    }
    fn receive(&mut self, msg: StressMsg, ctx: &mut Ctx<'_, Self>) {
        let me = ctx.this_proxy();
        let n = me.shape().len() as u32;
        match msg {
            StressMsg::Go => {
                let mut rng = Xoshiro256PlusPlus::seed_from_u64(self.rng_seed);
                self.rng_seed = rng.random();
                for _ in 0..BURST {
                    if self.sent == self.budget {
                        break;
                    }
                    let to = rng.random_range(0..n);
                    let prio = rng.random_range(-2..=2);
                    let seq = self.next[slot(to, prio)];
                    self.next[slot(to, prio)] += 1;
                    self.checksum_out = self.checksum_out.wrapping_add(tag(self.me, to, prio, seq));
                    ctx.send_prio(
                        me.at(to),
                        StressMsg::Data {
                            from: self.me,
                            prio,
                            seq,
                        },
                        prio,
                    );
                    self.sent += 1;
                }
                if rng.random_ratio(1, 200) {
                    std::thread::sleep(std::time::Duration::from_micros(rng.random_range(1..100)));
                }
                if self.sent < self.budget {
                    ctx.send_prio(ctx.me(), StressMsg::Go, 3);
                }
            }
            StressMsg::Data { from, prio, seq } => {
                let s = slot(from, prio);
                assert_eq!(
                    seq, self.expect[s],
                    "FIFO violated: from {from} prio {prio}"
                );
                self.expect[s] += 1;
                self.received += 1;
                self.checksum_in = self.checksum_in.wrapping_add(tag(from, self.me, prio, seq));
            }
            StressMsg::Report => ctx.contribute(
                vec![
                    self.sent,
                    self.received,
                    self.checksum_out,
                    self.checksum_in,
                ],
                Reducer::Sum,
                Callback::main(1),
            ),
        }
    }
}

fn stress(pes: u32, n: u32, budget: u64) {
    let (sums, _) = run(&config(pes), |d| {
        let a = d.create_array::<Stress>("stress", Shape::d1(n), Map::RoundRobin, (n, budget));
        d.broadcast(&a, StressMsg::Go);
        d.wait_quiescence().unwrap();
        d.broadcast(&a, StressMsg::Report);
        d.wait_callback::<Vec<u64>>(1).unwrap()
    })
    .unwrap();
    let v = sums;
    assert_eq!(v[0], n as u64 * budget, "all sent");
    assert_eq!(v[1], v[0], "every message received exactly once (count)");
    assert_eq!(v[3], v[2], "every message received exactly once (checksum)");
}

#[test]
fn stress_million_messages_random_priorities() {
    stress(4, 64, 16_384); // 1,048,576 messages over 4 PEs (more PEs than cores)
}

#[test]
fn stress_single_pe() {
    stress(1, 16, 2_000);
}

// ------------------------------------------------------------ reductions

#[derive(Serialize, Deserialize)]
struct Reducing {
    x: u32,
}

#[message]
#[derive(Clone)]
enum RedMsg {
    Rounds(u32),
}

fn concat(acc: &mut RedValue, other: RedValue) -> Result<(), String> {
    match (acc, other) {
        (RedValue::Bytes(a), RedValue::Bytes(b)) => {
            a.extend(b);
            a.sort();
            Ok(())
        }
        _ => Err("concat takes bytes".into()),
    }
}

impl Chare for Reducing {
    type Msg = RedMsg;
    type Init = ();
    fn new(index: Index, _: &()) -> Self {
        Reducing { x: index.x() }
    }
    fn receive(&mut self, RedMsg::Rounds(r): RedMsg, ctx: &mut Ctx<'_, Self>) {
        // Several reductions in flight at once, completing in order.
        for round in 0..r {
            let v = (self.x + round) as f64;
            match round % 4 {
                0 => ctx.contribute(v, Reducer::Sum, Callback::main(round)),
                1 => ctx.contribute(v, Reducer::Max, Callback::main(round)),
                2 => ctx.contribute(vec![v, -v], Reducer::Min, Callback::main(round)),
                _ => ctx.contribute(
                    vec![self.x as u8],
                    Reducer::Custom("concat", concat),
                    Callback::main(round),
                ),
            }
        }
    }
}

#[test]
fn reductions_builtin_and_custom_in_order() {
    for pes in [1, 3] {
        let n = 50u32;
        let (vals, _) = run(&config(pes), |d| {
            let a = d.create_array::<Reducing>("red", Shape::d1(n), Map::Block, ());
            d.broadcast(&a, RedMsg::Rounds(8));
            (0..8u32)
                .map(|t| d.wait_callback::<RedValue>(t).unwrap())
                .collect::<Vec<_>>()
        })
        .unwrap();
        let sum0: f64 = (0..n).map(|x| x as f64).sum();
        assert_eq!(vals[0], RedValue::F64(sum0));
        assert_eq!(vals[1], RedValue::F64((n - 1 + 1) as f64));
        assert_eq!(vals[2], RedValue::F64s(vec![2.0, -((n - 1 + 2) as f64)]));
        assert_eq!(vals[3], RedValue::Bytes((0..n as u8).collect()));
        assert_eq!(vals[4], RedValue::F64(sum0 + 4.0 * n as f64));
    }
}

// --------------------------------------------------- element callbacks

#[derive(Serialize, Deserialize)]
struct Echo {
    got: Option<f64>,
}

impl Chare for Echo {
    type Msg = u8;
    type Init = ();
    fn new(_: Index, _: &()) -> Self {
        Echo { got: None }
    }
    fn receive(&mut self, step: u8, ctx: &mut Ctx<'_, Self>) {
        let all = ctx.this_proxy();
        match step {
            0 => ctx.contribute(1.0, Reducer::Sum, Callback::broadcast(&all, 9u32)),
            _ => ctx.contribute(self.got.unwrap(), Reducer::Min, Callback::main(2)),
        }
    }
    fn reduction(&mut self, result: Reduced, ctx: &mut Ctx<'_, Self>) {
        assert_eq!(result.tag::<u32>(), Some(9));
        self.got = result.value::<f64>();
        ctx.send_self(1);
    }
}

#[test]
fn reduction_result_broadcast_to_elements() {
    let (v, _) = run(&config(2), |d| {
        let a = d.create_array::<Echo>("echo", Shape::d2(3, 4), Map::RoundRobin, ());
        d.broadcast(&a, 0);
        d.wait_callback::<f64>(2).unwrap()
    })
    .unwrap();
    assert_eq!(v, 12.0);
}

// --------------------------------------------------------------- failures

#[derive(Serialize, Deserialize)]
struct Fragile;

#[message]
#[derive(Clone)]
struct Poke(u32);

impl Chare for Fragile {
    type Msg = Poke;
    type Init = ();
    fn new(_: Index, _: &()) -> Self {
        Fragile
    }
    fn receive(&mut self, Poke(n): Poke, ctx: &mut Ctx<'_, Self>) {
        if ctx.index() == Index::from((1, 2)) {
            panic!("boom {n}");
        }
        ctx.contribute(n as u64, Reducer::Sum, Callback::main(0));
    }
}

#[test]
fn panic_in_entry_method_stops_the_run_naming_the_element() {
    let err = run(&config(2), |d| {
        let a = d.create_array::<Fragile>("fragile", Shape::d2(2, 3), Map::Block, ());
        d.broadcast(&a, Poke(5));
        d.wait_callback::<u64>(0)
    })
    .unwrap_err();
    match err {
        RunError::EntryPanic {
            array,
            index,
            method,
            message,
            ..
        } => {
            assert_eq!(array, "fragile");
            assert_eq!(index, Index::from((1, 2)));
            assert_eq!(method, "poke");
            assert_eq!(message, "boom 5");
        }
        other => panic!("unexpected {other:?}"),
    }
}

#[test]
fn zero_pes_is_a_config_error() {
    let err = run(&config(0), |_| ()).unwrap_err();
    assert!(matches!(err, RunError::Config(_)));
}

#[test]
fn every_pe_thread_calls_the_start_handler_once() {
    let seen = std::sync::Arc::new(std::sync::Mutex::new(Vec::new()));
    let s = seen.clone();
    let cfg = Config {
        start_handler: Some(StartHandler(std::sync::Arc::new(move |pe| {
            let name = std::thread::current().name().map(str::to_string);
            s.lock().unwrap().push((pe, name));
        }))),
        ..config(3)
    };
    run(&cfg, |d| d.wait_quiescence().unwrap()).unwrap();
    let mut seen = seen.lock().unwrap().clone();
    seen.sort();
    let want: Vec<_> = (0..3)
        .map(|pe| (pe, Some(format!("arts-pe-{pe}"))))
        .collect();
    assert_eq!(seen, want);
}

#[test]
fn quiescence_with_nothing_to_do() {
    let ((), _) = run(&config(3), |d| d.wait_quiescence().unwrap()).unwrap();
}

#[test]
fn traces_record_entry_spans() {
    let cfg = Config {
        trace: true,
        ..config(2)
    };
    let (_, report) = run(&cfg, |d| {
        let a = d.create_array::<Pinger>("ping", Shape::d1(2), Map::RoundRobin, ());
        d.send(a.at(0), Ping::Ball(10));
        d.wait_callback::<()>(7).unwrap()
    })
    .unwrap();
    let spans = report.trace().unwrap();
    let entries = spans
        .iter()
        .filter(|s| matches!(s.kind, arts_trace::SpanKind::Entry { .. }))
        .count();
    assert!(entries >= 11, "{entries} entry spans");
}

#[test]
fn concat_gathers_a_distributed_field_in_element_order() {
    /// Element `i` holds the values `10 i, 10 i + 1, ..., 10 i + i` (its
    /// share of the field differs in length).
    #[derive(serde::Serialize, serde::Deserialize)]
    struct Piece(u32);
    impl Chare for Piece {
        type Msg = ();
        type Init = ();
        fn new(i: Index, _: &()) -> Self {
            Piece(i.x())
        }
        fn receive(&mut self, (): (), ctx: &mut Ctx<'_, Self>) {
            let mine: Vec<u64> = (0..=self.0).map(|k| u64::from(10 * self.0 + k)).collect();
            ctx.contribute(mine, Reducer::Concat, Callback::main(()));
        }
    }
    let cfg = Config {
        pes: 3,
        ..Config::default()
    };
    let (field, _) = run(&cfg, |d| {
        let a = d.create_array::<Piece>("piece", Shape::d1(7), Map::RoundRobin, ());
        d.broadcast(&a, ());
        d.wait_callback::<Vec<u64>>(()).unwrap()
    })
    .unwrap();
    let expected: Vec<u64> = (0..7u64)
        .flat_map(|i| (0..=i).map(move |k| 10 * i + k))
        .collect();
    assert_eq!(field, expected);
}

// ------------------------------------------------------------ shared cores

/// Reports, once, whether its PE shares a core (`Ctx::shares_cores`).
#[derive(Serialize, Deserialize)]
struct CoreProbe;

impl Chare for CoreProbe {
    type Msg = Poke;
    type Init = ();
    fn new(_: Index, _: &()) -> Self {
        CoreProbe
    }
    fn receive(&mut self, _: Poke, ctx: &mut Ctx<'_, Self>) {
        ctx.relax();
        let shares = u64::from(ctx.shares_cores());
        ctx.contribute(shares, Reducer::Sum, Callback::main(0));
    }
}

/// How many of 8 elements found their PE sharing a core, on `pes` PEs.
fn sharing(pes: u32) -> u64 {
    let (n, _) = run(&config(pes), |d| {
        let a = d.create_array::<CoreProbe>("probe", Shape::d1(8), Map::RoundRobin, ());
        d.broadcast(&a, Poke(0));
        d.wait_callback::<u64>(0)
    })
    .unwrap();
    n.unwrap()
}

#[test]
fn pes_share_cores_only_where_they_outnumber_them() {
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get() as u32);
    assert_eq!(sharing(1), 0);
    assert_eq!(sharing(cores), 0);
    assert_eq!(sharing(cores + 1), 8);
}
