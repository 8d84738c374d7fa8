//! PHOLD, the standard PDES benchmark, with ROSS-compatible knobs.
//!
//! Every LP starts with `events_per_lp` events for itself at `lookahead + Exp(mean)`.
//! Handling an event schedules exactly one new event: with probability `remote`
//! to a uniformly random LP (any LP, as in ROSS, so the model does not depend on
//! the PE count), otherwise to itself, at `now + lookahead + Exp(mean)`.
//! ROSS subtracts the lookahead from its `--mean`; our `mean_delay` is the mean
//! of the exponential part only (ROSS `--mean=2 --lookahead=1` = ours
//! `mean_delay = 1, lookahead = 1`).
//!
//! Rollback uses reverse computation for the counters (the undo record keeps
//! ROSS's one "was remote" bit) and incremental state saving for the float sum
//! of delays, which subtraction could not restore bit-exactly.

use crate::key::{LpId, MAX_LPS, Time};
use crate::model::{EventCtx, Model, StatKind, StatSpec};
use crate::rng::mix64;

/// PHOLD parameters (ROSS-compatible: ROSS `--mean=M --lookahead=L` is ours
/// `--mean-delay M-L --lookahead L`).
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "clap", derive(clap::Args))]
pub struct PholdParams {
    /// Total number of LPs.
    #[cfg_attr(feature = "clap", arg(long, default_value_t = 16_384))]
    pub lps: u32,
    /// Initial events per LP.
    #[cfg_attr(feature = "clap", arg(long, default_value_t = 1))]
    pub events_per_lp: u32,
    /// Mean of the exponential part of every delay.
    #[cfg_attr(
        feature = "clap",
        arg(long, default_value_t = 1.0, allow_negative_numbers = true)
    )]
    pub mean_delay: Time,
    /// Fixed part of every delay, the model's lookahead.
    #[cfg_attr(
        feature = "clap",
        arg(long, default_value_t = 1.0, allow_negative_numbers = true)
    )]
    pub lookahead: Time,
    /// Probability that an event goes to a uniformly random LP (else to itself).
    #[cfg_attr(
        feature = "clap",
        arg(long, default_value_t = 0.1, allow_negative_numbers = true)
    )]
    pub remote: f64,
}

impl PholdParams {
    /// The bytes a run needs, estimated before allocating: every initial
    /// event pending at once (measured ≈ 35 bytes each with its queue entry
    /// and saved state; 48 leaves room for the optimistic engine's history).
    /// Saturates instead of overflowing.
    pub fn memory_bytes(&self) -> u64 {
        (self.lps as u64)
            .saturating_mul(self.events_per_lp as u64)
            .saturating_mul(48)
    }
}

impl Default for PholdParams {
    fn default() -> Self {
        PholdParams {
            lps: 16_384,
            events_per_lp: 1,
            mean_delay: 1.0,
            lookahead: 1.0,
            remote: 0.1,
        }
    }
}

/// The PHOLD model.
#[derive(Clone, Debug)]
pub struct Phold {
    p: PholdParams,
}

/// One PHOLD LP's state.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct PholdState {
    /// Events handled.
    pub received: u64,
    /// Events sent to a random LP.
    pub remote_sent: u64,
    /// Sum of all delays this LP drew.
    pub delay_sum: f64,
}

/// PHOLD's undo record: the "was remote" bit and the saved delay sum.
#[derive(Clone, Copy, Debug, Default)]
pub struct PholdUndo {
    remote: bool,
    delay_sum: f64,
}

const STATS: [StatSpec; 3] = [
    StatSpec {
        name: "remote_sends",
        kind: StatKind::Sum,
    },
    StatSpec {
        name: "max_events_per_lp",
        kind: StatKind::Max,
    },
    StatSpec {
        name: "delay_sum",
        kind: StatKind::Sum,
    },
];

impl Phold {
    /// Validates the parameters (one line naming the bad value).
    pub fn new(p: PholdParams) -> Result<Phold, String> {
        if p.lps == 0 || p.lps > MAX_LPS {
            return Err(format!("--lps {}: must be 1..={MAX_LPS}", p.lps));
        }
        if p.events_per_lp == 0 {
            return Err("--events-per-lp 0: must be at least 1".into());
        }
        if !p.mean_delay.is_finite() || p.mean_delay < 0.0 {
            return Err(format!(
                "--mean-delay {}: must be a finite number >= 0",
                p.mean_delay
            ));
        }
        if !p.lookahead.is_finite() || p.lookahead < 0.0 {
            return Err(format!(
                "--lookahead {}: must be a finite number >= 0",
                p.lookahead
            ));
        }
        if p.lookahead + p.mean_delay <= 0.0 {
            return Err(
                "--lookahead and --mean-delay are both 0: events would never advance time".into(),
            );
        }
        if !(0.0..=1.0).contains(&p.remote) {
            return Err(format!("--remote {}: must be in [0, 1]", p.remote));
        }
        Ok(Phold { p })
    }

    /// The parameters.
    pub fn params(&self) -> &PholdParams {
        &self.p
    }

    /// Draws a delay; with zero lookahead it is nudged up to the smallest step
    /// that still advances `now` (exponential draws can be 0 or below an ulp).
    #[inline]
    fn delay(&self, now: Time, ctx: &mut EventCtx<'_, ()>) -> Time {
        let d = self.p.lookahead + ctx.rng().exponential(self.p.mean_delay);
        if self.p.lookahead > 0.0 {
            d
        } else {
            d.max(now.next_up() - now)
        }
    }
}

/// PHOLD's LP state in a checkpoint: its three fields, little-endian.
struct PholdStateCodec;

impl crate::model::StateCodec<PholdState> for PholdStateCodec {
    fn put(&self, s: &PholdState, out: &mut Vec<u8>) {
        out.extend_from_slice(&s.received.to_le_bytes());
        out.extend_from_slice(&s.remote_sent.to_le_bytes());
        out.extend_from_slice(&s.delay_sum.to_bits().to_le_bytes());
    }

    fn get(&self, bytes: &[u8]) -> Option<PholdState> {
        let word = |i: usize| -> Option<u64> {
            Some(u64::from_le_bytes(
                bytes.get(i * 8..i * 8 + 8)?.try_into().ok()?,
            ))
        };
        (bytes.len() == 24).then_some(())?;
        Some(PholdState {
            received: word(0)?,
            remote_sent: word(1)?,
            delay_sum: f64::from_bits(word(2)?),
        })
    }
}

impl Model for Phold {
    type State = PholdState;
    type Msg = ();
    type Undo = PholdUndo;

    fn name(&self) -> &str {
        "phold"
    }

    fn lp_count(&self) -> u32 {
        self.p.lps
    }

    fn lookahead(&self) -> Time {
        self.p.lookahead
    }

    fn codec(&self) -> Option<&dyn crate::model::MsgCodec<()>> {
        Some(&crate::model::UnitCodec)
    }

    fn state_codec(&self) -> Option<&dyn crate::model::StateCodec<PholdState>> {
        Some(&PholdStateCodec)
    }

    fn init(&self, lp: LpId, ctx: &mut EventCtx<'_, ()>) -> PholdState {
        let mut s = PholdState::default();
        for _ in 0..self.p.events_per_lp {
            let d = self.delay(0.0, ctx);
            s.delay_sum += d;
            ctx.send(lp, d, ());
        }
        s
    }

    #[inline]
    fn handle(
        &self,
        s: &mut PholdState,
        _msg: &(),
        undo: &mut PholdUndo,
        ctx: &mut EventCtx<'_, ()>,
    ) {
        s.received += 1;
        let remote = ctx.rng().unif() < self.p.remote;
        let dst = if remote {
            s.remote_sent += 1;
            ctx.rng().integer(0, self.p.lps as u64 - 1) as LpId
        } else {
            ctx.lp()
        };
        undo.remote = remote;
        let d = self.delay(ctx.now(), ctx);
        s.delay_sum += d;
        ctx.send(dst, d, ());
    }

    #[inline]
    fn save(&self, s: &PholdState, _msg: &()) -> PholdUndo {
        PholdUndo {
            remote: false,
            delay_sum: s.delay_sum,
        }
    }

    #[inline]
    fn rollback(&self, s: &mut PholdState, _msg: &(), undo: PholdUndo) {
        s.received -= 1;
        if undo.remote {
            s.remote_sent -= 1;
        }
        s.delay_sum = undo.delay_sum;
    }

    fn stats(&self) -> &[StatSpec] {
        &STATS
    }

    fn lp_stats(&self, s: &PholdState, out: &mut [f64]) {
        out[0] = s.remote_sent as f64;
        out[1] = s.received as f64;
        out[2] = s.delay_sum;
    }

    fn checksum(&self, s: &PholdState) -> u64 {
        mix64(s.received) ^ mix64(s.remote_sent.rotate_left(21)) ^ s.delay_sum.to_bits()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{RunConfig, SyncMode, run};

    #[test]
    fn bad_parameters_are_rejected_with_the_flag_name() {
        let bad = |f: fn(&mut PholdParams)| {
            let mut p = PholdParams::default();
            f(&mut p);
            Phold::new(p).unwrap_err()
        };
        assert!(bad(|p| p.lps = 0).contains("--lps"));
        assert!(bad(|p| p.remote = 1.5).contains("--remote"));
        assert!(bad(|p| p.mean_delay = -1.0).contains("--mean-delay"));
        assert!(bad(|p| p.lookahead = f64::NAN).contains("--lookahead"));
        assert!(bad(|p| p.events_per_lp = 0).contains("--events-per-lp"));
    }

    #[test]
    fn event_population_is_conserved_and_rate_matches_delays() {
        let m = Phold::new(PholdParams {
            lps: 256,
            events_per_lp: 2,
            ..PholdParams::default()
        })
        .unwrap();
        let r = run(&m, &RunConfig::new(SyncMode::Sequential, 1, 100.0, 1), None).unwrap();
        // 512 events in flight, each hop takes 2 time units on average:
        // about 512 * 100 / 2 = 25,600 events.
        let c = r.committed_events as f64;
        assert!((c - 25_600.0).abs() < 0.05 * 25_600.0, "committed {c}");
        let remote = r.stats[0].1;
        assert!(
            (remote / c - 0.1).abs() < 0.02,
            "remote fraction {}",
            remote / c
        );
    }

    #[test]
    fn zero_lookahead_still_advances_time() {
        let m = Phold::new(PholdParams {
            lps: 16,
            lookahead: 0.0,
            mean_delay: 1e-18,
            ..PholdParams::default()
        })
        .unwrap();
        let r = run(&m, &RunConfig::new(SyncMode::Sequential, 1, 1e-15, 3), None).unwrap();
        assert!(r.committed_events > 0);
    }
}
