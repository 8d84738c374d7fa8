//! A copy-state-saving model with a large state and a payload, driven into many
//! rollbacks, must equal the sequential engine; bad events give the same clear
//! error on every engine; optimistic memory stays bounded on long runs.

use arts_pdes::models::phold::{Phold, PholdParams};
use arts_pdes::{
    EventCtx, EventFault, LpId, LpMapping, Model, PdesError, RunConfig, StatKind, StatSpec,
    SyncMode, Time, mix64, run,
};

/// Gossip: each LP keeps an 8-word state it scrambles with every message and
/// forwards 0, 1 or 2 messages to random LPs with a tiny lookahead.
struct Gossip {
    lps: u32,
    lookahead: Time,
}

#[derive(Clone, Copy)]
struct Note {
    word: u64,
    hops: u32,
}

#[derive(Clone, Default)]
struct Board {
    words: [u64; 8],
    heard: u64,
    forwarded: u64,
    last_time: f64,
}

const GOSSIP_STATS: [StatSpec; 3] = [
    StatSpec {
        name: "heard",
        kind: StatKind::Sum,
    },
    StatSpec {
        name: "forwarded",
        kind: StatKind::Sum,
    },
    StatSpec {
        name: "latest",
        kind: StatKind::Max,
    },
];

impl Model for Gossip {
    type State = Board;
    type Msg = Note;
    type Undo = Board;
    fn name(&self) -> &str {
        "gossip"
    }
    fn lp_count(&self) -> u32 {
        self.lps
    }
    fn lookahead(&self) -> Time {
        self.lookahead
    }
    fn init(&self, lp: LpId, ctx: &mut EventCtx<'_, Note>) -> Board {
        for i in 0..4 {
            let d = self.lookahead + ctx.rng().exponential(1.0);
            ctx.send(
                lp,
                d,
                Note {
                    word: lp as u64 * 10 + i,
                    hops: 0,
                },
            );
        }
        Board::default()
    }
    fn handle(&self, s: &mut Board, m: &Note, _u: &mut Board, ctx: &mut EventCtx<'_, Note>) {
        let slot = (m.word % 8) as usize;
        s.words[slot] = mix64(s.words[slot] ^ m.word ^ ctx.now().to_bits());
        s.heard += 1;
        s.last_time = ctx.now();
        let u = ctx.rng().unif();
        let fanout = if u < 0.05 {
            0
        } else if u < 0.10 {
            2
        } else {
            1
        };
        for _ in 0..fanout {
            let dst = ctx.rng().integer(0, self.lps as u64 - 1) as LpId;
            let d = self.lookahead + ctx.rng().exponential(0.5);
            ctx.send(
                dst,
                d,
                Note {
                    word: s.words[slot],
                    hops: m.hops + 1,
                },
            );
            s.forwarded += 1;
        }
    }
    fn save(&self, s: &Board, _m: &Note) -> Board {
        s.clone()
    }
    fn rollback(&self, s: &mut Board, _m: &Note, u: Board) {
        *s = u;
    }
    fn stats(&self) -> &[StatSpec] {
        &GOSSIP_STATS
    }
    fn lp_stats(&self, s: &Board, out: &mut [f64]) {
        out[0] = s.heard as f64;
        out[1] = s.forwarded as f64;
        out[2] = s.last_time;
    }
    fn checksum(&self, s: &Board) -> u64 {
        s.words.iter().fold(s.heard, |h, w| mix64(h ^ w))
    }
}

fn cfg(sync: SyncMode, pes: usize, end: f64, window: f64) -> RunConfig {
    let mut c = RunConfig::new(sync, pes, end, 5);
    c.window = window;
    c.mapping = LpMapping::RoundRobin;
    c.gvt_interval = 32;
    c
}

#[test]
fn copy_state_saving_model_with_many_rollbacks_matches_sequential() {
    let m = Gossip {
        lps: 40,
        lookahead: 0.001,
    };
    let oracle = run(&m, &cfg(SyncMode::Sequential, 1, 30.0, f64::INFINITY), None).unwrap();
    assert!(oracle.committed_events > 1000);
    let mut rolled = 0;
    for (pes, window) in [(2, f64::INFINITY), (4, 0.5), (5, f64::INFINITY)] {
        let r = run(&m, &cfg(SyncMode::Optimistic, pes, 30.0, window), None).unwrap();
        assert!(oracle.same_results(&r), "optimistic on {pes} PEs differs");
        rolled += r.rolled_back_events;
    }
    let c = run(
        &m,
        &cfg(SyncMode::Conservative, 3, 30.0, f64::INFINITY),
        None,
    )
    .unwrap();
    assert!(oracle.same_results(&c));
    assert!(rolled > 0);
}

/// A model that misbehaves at one chosen event of one LP.
struct Faulty {
    lps: u32,
    bad_lp: LpId,
    bad_at: u64,
    kind: u8,
}

impl Model for Faulty {
    type State = u64;
    type Msg = ();
    type Undo = u64;
    fn name(&self) -> &str {
        "faulty"
    }
    fn lp_count(&self) -> u32 {
        self.lps
    }
    fn lookahead(&self) -> Time {
        0.5
    }
    fn init(&self, lp: LpId, ctx: &mut EventCtx<'_, ()>) -> u64 {
        ctx.send(lp, 1.0, ());
        0
    }
    fn handle(&self, s: &mut u64, _m: &(), _u: &mut u64, ctx: &mut EventCtx<'_, ()>) {
        *s += 1;
        let next = ctx.rng().integer(0, self.lps as u64 - 1) as LpId;
        let delay = 0.5 + ctx.rng().exponential(1.0);
        if ctx.lp() == self.bad_lp && *s == self.bad_at {
            match self.kind {
                0 => ctx.send(next, -1.0, ()),
                1 => ctx.send(self.lps + 3, delay, ()),
                2 => ctx.send(next, 0.25, ()),
                _ => ctx.send(next, f64::NAN, ()),
            }
        } else {
            ctx.send(next, delay, ());
        }
    }
    fn save(&self, s: &u64, _m: &()) -> u64 {
        *s
    }
    fn rollback(&self, s: &mut u64, _m: &(), u: u64) {
        *s = u;
    }
    fn checksum(&self, s: &u64) -> u64 {
        *s
    }
}

#[test]
fn bad_events_give_the_same_error_on_every_engine() {
    for kind in 0..4u8 {
        let m = Faulty {
            lps: 32,
            bad_lp: 7,
            bad_at: 3,
            kind,
        };
        let expected = match run(
            &m,
            &cfg(SyncMode::Sequential, 1, 100.0, f64::INFINITY),
            None,
        ) {
            Err(PdesError::Event(e)) => e,
            other => panic!("sequential should fail, got {other:?}"),
        };
        assert_eq!(expected.model, "faulty");
        assert_eq!(expected.lp, 7);
        match (kind, &expected.fault) {
            (0, EventFault::BelowLookahead { .. })
            | (1, EventFault::DstOutOfRange { dst: 35, lps: 32 })
            | (2, EventFault::BelowLookahead { .. })
            | (3, EventFault::NotFinite { .. }) => {}
            (k, f) => panic!("kind {k}: unexpected fault {f:?}"),
        }
        let text = expected.to_string();
        assert!(
            text.contains("model faulty") && text.contains("LP 7"),
            "{text}"
        );
        for (sync, pes) in [
            (SyncMode::Conservative, 3),
            (SyncMode::Optimistic, 2),
            (SyncMode::Optimistic, 4),
        ] {
            match run(&m, &cfg(sync, pes, 100.0, f64::INFINITY), None) {
                // (String comparison: a NaN delay is not equal to itself.)
                Err(PdesError::Event(e)) => {
                    assert_eq!(e.to_string(), expected.to_string(), "{sync:?} on {pes} PEs")
                }
                other => panic!("{sync:?} should fail, got {other:?}"),
            }
        }
    }
}

#[test]
fn bad_configurations_are_rejected_before_running() {
    let m = Phold::new(PholdParams {
        lps: 8,
        lookahead: 0.0,
        ..PholdParams::default()
    })
    .unwrap();
    let err = |c: RunConfig| match run(&m, &c, None) {
        Err(PdesError::Config(msg)) => msg,
        other => panic!("expected a config error, got {other:?}"),
    };
    assert!(err(RunConfig::new(SyncMode::Optimistic, 9, 10.0, 1)).contains("--pes 9"));
    assert!(err(RunConfig::new(SyncMode::Optimistic, 0, 10.0, 1)).contains("--pes 0"));
    assert!(err(RunConfig::new(SyncMode::Conservative, 2, 10.0, 1)).contains("lookahead"));
    assert!(err(RunConfig::new(SyncMode::Sequential, 1, -1.0, 1)).contains("end time"));
    let mut c = RunConfig::new(SyncMode::Optimistic, 2, 10.0, 1);
    c.window = 0.0;
    assert!(err(c).contains("--window"));
}

#[test]
fn optimistic_memory_is_bounded_by_the_window_not_the_run_length() {
    let m = Phold::new(PholdParams {
        lps: 2048,
        remote: 0.5,
        ..PholdParams::default()
    })
    .unwrap();
    let peak = |end: f64| {
        let mut c = RunConfig::new(SyncMode::Optimistic, 2, end, 9);
        c.window = 4.0;
        let r = run(&m, &c, None).unwrap();
        (r.peak_uncommitted_events, r.committed_events)
    };
    let (short_peak, short_events) = peak(50.0);
    let (long_peak, long_events) = peak(1000.0);
    assert!(long_events > 15 * short_events);
    // Events in a window of 4 time units: 2048 LPs * 4 / 2 per LP = 4096
    // (plus what runs ahead between GVT rounds). Twenty times the run length
    // must not grow the peak much.
    assert!(
        long_peak < 4 * short_peak.max(4096),
        "peak {long_peak} vs {short_peak}"
    );
    assert!(long_peak < 40_000, "peak uncommitted {long_peak}");
}
