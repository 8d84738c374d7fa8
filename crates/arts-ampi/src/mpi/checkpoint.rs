//! `Mpi::checkpoint` and `Mpi::restored`: checkpoints of the ranks' own
//! state (see `crate::checkpoint`).

use serde::Serialize;
use serde::de::DeserializeOwned;

use super::{Mpi, WORLD};
use crate::error::MpiError;

impl Mpi<'_> {
    /// Collective over `WORLD`: saves every rank's `state` as the run's
    /// checkpoint after `step` (into the run's checkpoint directory, by rank
    /// 0) and returns when it is written. A later run of the same program on
    /// as many ranks continues from it through [`Mpi::restored`].
    pub fn checkpoint<S: Serialize>(&mut self, step: u64, state: &S) -> Result<(), MpiError> {
        let call = "checkpoint";
        let fail = |what: String| MpiError::Checkpoint { call, what };
        let plan = self.shared().checkpoints.clone();
        let Some(dir) = plan.as_ref().and_then(|p| p.dir.clone()) else {
            return Err(fail("the run has no checkpoint directory".into()));
        };
        let mine = arts_core::wire::encode(state);
        let n = self.size() as usize;
        let root = self.rank() == 0;
        let mut lens = vec![0u64; if root { n } else { 0 }];
        self.gather(&[mine.len() as u64], &mut lens, 0, WORLD)?;
        let counts: Vec<usize> = lens.iter().map(|&l| l as usize).collect();
        let mut all = vec![0u8; counts.iter().sum()];
        self.gatherv(&mine, &mut all, &counts, 0, WORLD)?;
        let mut written = [0u8];
        let mut why = String::new();
        if root {
            let mut states = Vec::with_capacity(n);
            let mut at = 0;
            for c in &counts {
                states.push(all[at..at + c].to_vec());
                at += c;
            }
            let plan = plan.as_ref().expect("checked above");
            match crate::checkpoint::write(plan, &dir, step, &states) {
                Ok(_) => written[0] = 1,
                Err(e) => why = e,
            }
        }
        self.bcast(&mut written, 0, WORLD)?;
        match written[0] {
            1 => Ok(()),
            _ if root => Err(fail(why)),
            _ => Err(fail("rank 0 could not write the checkpoint".into())),
        }
    }

    /// Whether the run has a checkpoint directory ([`Mpi::checkpoint`] can write).
    pub fn checkpointing(&mut self) -> bool {
        self.shared()
            .checkpoints
            .as_ref()
            .is_some_and(|p| p.dir.is_some())
    }

    /// This rank's state in the checkpoint the run continues from, with the
    /// step it was saved at (`None`: the run starts afresh).
    pub fn restored<S: DeserializeOwned>(&mut self) -> Result<Option<(u64, S)>, MpiError> {
        let rank = self.rank() as usize;
        let Some(plan) = self.shared().checkpoints.clone() else {
            return Ok(None);
        };
        let Some(restored) = plan.restored.as_ref() else {
            return Ok(None);
        };
        let state =
            arts_core::wire::decode(&restored.states[rank]).map_err(|e| MpiError::Checkpoint {
                call: "restored",
                what: format!("rank {rank}'s state is not this program's: {e}"),
            })?;
        Ok(Some((restored.step, state)))
    }
}
