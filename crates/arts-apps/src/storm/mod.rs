//! `storm`: a migration stress workload. Every round each element sends a
//! burst of messages with random priorities to random elements, contributes
//! to the round's reduction and calls `at_sync`; with a load balancer that
//! moves elements (e.g. `rotate`), elements migrate while messages are in
//! flight. At the end every element reports counts and checksums of what it
//! sent and received, so that lost or duplicated messages are detected.
//! Element state and one message in eight are larger than the MPI
//! transport's eager buffers (half of those in a zero-copy `Bulk`, half in
//! a serde-copied `Vec<u8>`), so large and small messages interleave on
//! every path.

pub mod saved_state;

use std::time::Instant;

use arts_core::*;
use rand::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;
use serde::{Deserialize, Serialize};

use arts_core::checkpoint::hold::{self, HoldMsg, HoldPoint};
use arts_core::checkpoint::session::one_image;
use saved_state::{MainState, Session, pauses_after};

/// Each round: send a burst of messages to random elements, contribute the
/// round's reduction, then `at_sync` (with `rotate`, every element moves).
#[derive(Serialize, Deserialize)]
pub struct Roamer {
    me: u32,
    seed: u64,
    round: u32,
    rounds: u32,
    sent: u64,
    received: u64,
    sum_out: u64,
    sum_in: u64,
    /// Padding so that migrations move real data (32 KiB).
    ballast: Vec<u64>,
    /// Waiting for the main program after a round (a checkpoint).
    paused: bool,
    /// The round an on-demand checkpoint stops after.
    hold: HoldPoint,
}

impl Roamer {
    /// Whether this state, restored as element `index` after `round` of
    /// `rounds` rounds, is one a run could have saved: its own index, the
    /// round, its ballast intact, no more received than the run sends.
    fn restorable(&self, index: u64, round: u32, rounds: u32) -> Result<(), String> {
        if u64::from(self.me) != index {
            return Err(format!("it says it is element {}", self.me));
        }
        if self.round != round || self.rounds != rounds {
            return Err(format!(
                "it is at round {} of {}, the checkpoint at {round} of {rounds}",
                self.round, self.rounds
            ));
        }
        if self.ballast.len() != 4096 || self.ballast.iter().any(|&b| b != u64::from(self.me)) {
            return Err("its ballast was altered".into());
        }
        Ok(())
    }
}

/// Messages of a [`Roamer`].
#[message]
#[derive(Clone)]
pub enum RoamMsg {
    /// Run a round.
    Go,
    /// A tag and two payloads derived from it (each empty or `BULK_BYTES`
    /// bytes): one zero-copy, one serde-copied.
    Data(u64, Bulk, #[serde(with = "arts_core::wire::bytes")] Vec<u8>),
    /// Contribute the counts and checksums.
    Report,
    /// An on-demand checkpoint's phase (see [`arts_core::checkpoint::hold`]);
    /// `Hold(HoldMsg::Release)` also goes on after waiting for the main
    /// program at any checkpoint (or after a restart).
    Hold(HoldMsg),
}

/// The storm's reduction results.
#[derive(Clone, Copy, Debug, Serialize)]
enum StormTag {
    /// Round `n`'s sum over elements of `element + round`.
    Round(u32),
    /// Sent, received, and their checksums.
    Report,
}

/// Size of the large payloads.
const BULK_BYTES: usize = 20_000;

/// The payload of the message with `tag` whose tag is `at` modulo 16.
fn payload(tag: u64, at: u64) -> Vec<u8> {
    if tag % 16 == at {
        vec![tag as u8; BULK_BYTES]
    } else {
        Vec::new()
    }
}

fn mix(x: u64) -> u64 {
    let mut h = x.wrapping_mul(0x9E37_79B9_7F4A_7C15);
    h ^= h >> 31;
    h
}

/// A failure to inject, for testing how a run stops.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Failure {
    /// Element `element` panics in round `round` (the run stops with an error).
    Panic {
        /// The element.
        element: u32,
        /// The round.
        round: u32,
    },
    /// The process hosting element `element` aborts in round `round`.
    Abort {
        /// The element.
        element: u32,
        /// The round.
        round: u32,
    },
    /// The process hosting element `element` stops itself (SIGSTOP) in
    /// round `round`: it hangs without exiting, as a frozen machine would.
    Stop {
        /// The element.
        element: u32,
        /// The round.
        round: u32,
    },
}

/// The seed `arts run storm` uses unless given `--seed`.
pub const DEFAULT_SEED: u64 = 99;

/// Parameters of a storm run.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Params {
    /// Number of elements.
    pub elements: u32,
    /// Number of rounds (each ends with `at_sync`).
    pub rounds: u32,
    /// A failure to inject, if any.
    pub failure: Option<Failure>,
    /// Seeds every element's random stream (element `i` uses `seed + i`).
    pub seed: u64,
}

impl Roamer {
    fn maybe_fail(&self, failure: Option<Failure>) {
        match failure {
            Some(Failure::Panic { element, round })
                if element == self.me && round == self.round =>
            {
                panic!("injected failure in round {round}")
            }
            Some(Failure::Abort { element, round })
                if element == self.me && round == self.round =>
            {
                eprintln!(
                    "storm: element {element} aborts its process in round {round} (injected)"
                );
                std::process::abort()
            }
            Some(Failure::Stop { element, round }) if element == self.me && round == self.round => {
                eprintln!("storm: element {element} stops its process in round {round} (injected)");
                // SAFETY: raise only sends a signal to this process.
                unsafe {
                    libc::raise(libc::SIGSTOP);
                }
            }
            _ => {}
        }
    }
}

/// Read-only data of the array.
pub struct Setup {
    /// The parameters.
    pub params: Params,
    /// Wait for the main program after every this many rounds (0: never).
    pub checkpoint_every: u32,
}

impl Chare for Roamer {
    type Msg = RoamMsg;
    type Init = Setup;
    fn new(index: Index, s: &Setup) -> Self {
        let p = &s.params;
        let rounds = p.rounds;
        Roamer {
            me: index.x(),
            seed: p.seed.wrapping_add(index.x() as u64),
            round: 0,
            rounds,
            sent: 0,
            received: 0,
            sum_out: 0,
            sum_in: 0,
            ballast: vec![index.x() as u64; 4096],
            paused: false,
            hold: HoldPoint::default(),
        }
    }
    fn receive(&mut self, msg: RoamMsg, ctx: &mut Ctx<'_, Self>) {
        let all = ctx.this_proxy();
        let n = all.shape().len() as u32;
        match msg {
            RoamMsg::Go => {
                self.maybe_fail(ctx.init().params.failure);
                let mut rng = Xoshiro256PlusPlus::seed_from_u64(self.seed);
                self.seed = rng.random();
                for _ in 0..rng.random_range(1..200) {
                    let to = rng.random_range(0..n);
                    let tag = mix(((self.me as u64) << 32) | self.sent);
                    self.sent += 1;
                    self.sum_out = self.sum_out.wrapping_add(tag);
                    let msg = RoamMsg::Data(tag, payload(tag, 0).into(), payload(tag, 8));
                    ctx.send_prio(all.at(to), msg, rng.random_range(-1..=1));
                }
                // Some elements work harder, so that loads differ.
                let spin = (self.me % 4) as u64 * 2_000;
                let mut x = 0u64;
                for i in 0..spin {
                    x = x.wrapping_add(mix(i));
                }
                std::hint::black_box(x);
                let round = Callback::main(StormTag::Round(self.round));
                ctx.contribute(self.me as u64 + self.round as u64, Reducer::Sum, round);
                self.round += 1;
                let every = ctx.init().checkpoint_every;
                if pauses_after(self.round, every, self.rounds) || self.hold.stops_at(self.round) {
                    // The main program checkpoints at quiescence (every
                    // message of the round delivered), then resumes us.
                    self.paused = true;
                } else {
                    ctx.at_sync();
                }
            }
            RoamMsg::Data(tag, zero_copy, copied) => {
                assert!(
                    zero_copy[..] == payload(tag, 0)[..] && copied == payload(tag, 8),
                    "a payload arrived altered"
                );
                self.received += 1;
                self.sum_in = self.sum_in.wrapping_add(tag);
            }
            RoamMsg::Report => {
                // Restored states are checked before a restart (`restorable`):
                // an altered ballast here is the runtime's doing.
                assert!(self.ballast.iter().all(|&b| b == self.me as u64));
                ctx.contribute(
                    vec![self.sent, self.received, self.sum_out, self.sum_in],
                    Reducer::Sum,
                    Callback::main(StormTag::Report),
                );
            }
            // An on-demand checkpoint: stop after the round under way, or go on.
            RoamMsg::Hold(msg) => self
                .hold
                .at_boundary(msg, &mut self.paused, self.round, ctx),
        }
    }
    fn resume_from_sync(&mut self, ctx: &mut Ctx<'_, Self>) {
        if self.round < self.rounds {
            ctx.send_self(RoamMsg::Go);
        }
    }
}

impl Params {
    /// The bytes a run needs at most, estimated before allocating: every
    /// element's state (its 32 KiB ballast) and one round's burst of up to
    /// 200 messages, one in sixteen carrying two `BULK_BYTES` payloads.
    pub fn memory_bytes(&self) -> u64 {
        let burst = 200 * (64 + 2 * BULK_BYTES as u64 / 16);
        arts_core::limits::mul(&[self.elements as u64, 4096 * 8 + 256 + burst])
    }
}

/// What a storm run verified.
#[derive(Clone, Debug, PartialEq)]
pub struct StormResult {
    /// Messages sent.
    pub sent: u64,
    /// Messages received.
    pub received: u64,
    /// Whether every message was received exactly once (counts and checksums).
    pub exactly_once: bool,
    /// Whether every round's reduction had the expected value.
    pub reductions_ok: bool,
}

/// Runs a storm.
pub fn run(config: &Config, p: Params) -> Result<(StormResult, RunReport), RunError> {
    let (result, report, _) = run_session(config, p, Session::default())?;
    Ok((result, report))
}

/// What a storm run did besides verifying.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct SessionResult {
    /// Checkpoints written.
    pub checkpoints: usize,
    /// The run stopped after this many rounds, right after an on-demand
    /// checkpoint asked to stop: its messages were not counted (the
    /// [`StormResult`] says 0 sent and received, not exactly once).
    pub stopped_at: Option<u32>,
}

/// [`run`], checkpointing and/or resuming from a checkpoint as `session`
/// says; also returns how many checkpoints were written.
pub fn run_session(
    config: &Config,
    p: Params,
    session: Session,
) -> Result<(StormResult, RunReport, SessionResult), RunError> {
    let (n, rounds) = (p.elements, p.rounds);
    let every = session.save.as_ref().map_or(0, |c| c.every);
    let setup = Setup {
        params: p,
        checkpoint_every: every,
    };
    let main = |d: &mut Driver| -> Result<(StormResult, SessionResult), RunError> {
        let (a, first, mut state) = match &session.resume {
            Some(r) => {
                let a =
                    d.restore_array::<Roamer>("storm", one_image(r)?, Map::RoundRobin, setup)?;
                d.wait_quiescence()?;
                d.broadcast(&a, RoamMsg::Hold(HoldMsg::Release));
                (a, r.step, r.state.clone())
            }
            None => {
                let a = d.create_array::<Roamer>("storm", Shape::d1(n), Map::RoundRobin, setup);
                d.broadcast(&a, RoamMsg::Go);
                let state = MainState {
                    params: Params { failure: None, ..p },
                    reductions_ok: true,
                };
                (a, 0, state)
            }
        };
        let mut done = SessionResult::default();
        let mut holder = session.holder(d, "storm-hold", n as u64);
        let mut writer = session.writer();
        let mut progress =
            arts_util::progress::Steps::begin("rounds", rounds.saturating_sub(first).into());
        for r in first..rounds {
            let expect: u64 = (0..n as u64).map(|x| x + r as u64).sum();
            state.reductions_ok &= d.wait_callback::<u64>(StormTag::Round(r))? == expect;
            progress.step();
            let Some(plan) = &session.save else {
                continue;
            };
            let round = r + 1;
            let on_demand = holder.after_step(d, round, (1, rounds), |d, m| {
                hold::each(d, &a, RoamMsg::Hold(m))
            })?;
            if on_demand.is_some() || pauses_after(round, plan.every, rounds) {
                let stop = on_demand == Some(true);
                let go_on = |d: &mut Driver| {
                    if !stop {
                        d.broadcast(&a, RoamMsg::Hold(HoldMsg::Release));
                    }
                };
                let at = (Instant::now(), go_on);
                saved_state::take(d, &mut writer, &a, plan, (round, &state), at)?;
                done.checkpoints += 1;
                holder.checkpointed();
                if stop {
                    // Stopped: nothing was counted or checked.
                    done.stopped_at = Some(round);
                    let result = StormResult {
                        sent: 0,
                        received: 0,
                        exactly_once: false,
                        reductions_ok: state.reductions_ok,
                    };
                    return Ok((result, done));
                }
            }
        }
        d.wait_quiescence()?;
        d.broadcast(&a, RoamMsg::Report);
        let v: Vec<u64> = d.wait_callback(StormTag::Report)?;
        let result = StormResult {
            sent: v[0],
            received: v[1],
            exactly_once: v[0] == v[1] && v[2] == v[3],
            reductions_ok: state.reductions_ok,
        };
        Ok((result, done))
    };
    let (result, report) = arts_core::run(config, main)?;
    let (result, done) = result?;
    Ok((result, report, done))
}
