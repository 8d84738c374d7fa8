//! Folding final LP states into the run checksum and model statistics, always in
//! LP-id order so the result does not depend on which PE held which LP.

use crate::exec::LpCore;
use crate::key::LpId;
use crate::model::{Model, StatKind};
use crate::rng::mix64;

/// Accumulates the checksum and statistics over LPs given in increasing id order.
pub(crate) struct Summary {
    checksum: u64,
    values: Vec<f64>,
    scratch: Vec<f64>,
    next: LpId,
}

impl Summary {
    pub(crate) fn new<M: Model>(model: &M) -> Summary {
        let values = model
            .stats()
            .iter()
            .map(|s| match s.kind {
                StatKind::Sum => 0.0,
                StatKind::Max => f64::NEG_INFINITY,
                StatKind::Min => f64::INFINITY,
            })
            .collect::<Vec<_>>();
        Summary {
            checksum: 0x243f_6a88_85a3_08d3,
            scratch: vec![0.0; values.len()],
            values,
            next: 0,
        }
    }

    /// Adds LP `lp` (must be the next id in order).
    pub(crate) fn add<M: Model>(&mut self, model: &M, lp: LpId, core: &LpCore<M::State>) {
        model.finished(lp, &core.state);
        let h = lp_hash(model, core);
        self.scratch.iter_mut().for_each(|v| *v = 0.0);
        if !self.values.is_empty() {
            model.lp_stats(&core.state, &mut self.scratch);
        }
        let stats = std::mem::take(&mut self.scratch);
        self.add_digest(model, lp, h, &stats);
        self.scratch = stats;
    }

    /// Adds LP `lp` (the next id in order) by its hash ([`lp_hash`]) and
    /// statistics, computed where the LP lived.
    pub(crate) fn add_digest<M: Model>(&mut self, model: &M, lp: LpId, h: u64, stats: &[f64]) {
        assert_eq!(lp, self.next, "LPs must be summarized in id order");
        self.next += 1;
        self.checksum = mix64(self.checksum.rotate_left(7) ^ h ^ lp as u64);
        for ((acc, v), spec) in self.values.iter_mut().zip(stats).zip(model.stats()) {
            match spec.kind {
                StatKind::Sum => *acc += *v,
                StatKind::Max => *acc = acc.max(*v),
                StatKind::Min => *acc = acc.min(*v),
            }
        }
    }

    /// The checksum and the named statistics.
    pub(crate) fn finish<M: Model>(self, model: &M) -> (u64, Vec<(&'static str, f64)>) {
        let stats = model
            .stats()
            .iter()
            .zip(self.values)
            .map(|(s, v)| (s.name, v))
            .collect();
        (self.checksum, stats)
    }
}

/// One LP's contribution to the run checksum (state, random stream, sends).
pub(crate) fn lp_hash<M: Model>(model: &M, core: &LpCore<M::State>) -> u64 {
    mix64(
        model.checksum(&core.state)
            ^ mix64(core.rng.draws().wrapping_add(0x1234_5678))
            ^ mix64(core.seq).rotate_left(17),
    )
}

/// Summarizes LPs handed back by PEs as `(id, core)` lists in any order.
pub(crate) fn summarize_parts<M: Model>(
    model: &M,
    parts: Vec<Vec<(LpId, LpCore<M::State>)>>,
) -> (u64, Vec<(&'static str, f64)>) {
    let mut all: Vec<Option<LpCore<M::State>>> = (0..model.lp_count()).map(|_| None).collect();
    for part in parts {
        for (lp, core) in part {
            all[lp as usize] = Some(core);
        }
    }
    let mut sum = Summary::new(model);
    for (lp, core) in all.iter().enumerate() {
        let core = core.as_ref().expect("every LP is returned by its PE");
        sum.add(model, lp as LpId, core);
    }
    sum.finish(model)
}
