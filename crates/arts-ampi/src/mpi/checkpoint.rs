//! `Mpi::checkpoint` and `Mpi::restored`: checkpoints of the ranks' own
//! state (see `crate::checkpoint`).

use serde::Serialize;
use serde::de::DeserializeOwned;

use super::{Mpi, WORLD};
use crate::Op;
use crate::checkpoint::{main_state_for, rotate_hold, state_entry, write_hold};
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
        let plan = plan.as_ref().expect("checked above");
        let ranks = self.size() as u32;
        let mut written = Ok(());
        if let Some(main_state) = self.gather_states(state)? {
            written = crate::checkpoint::write(plan, &dir, ranks, step, &main_state).map(drop);
        }
        self.agree(written, "rank 0 could not write the checkpoint")
            .map_err(fail)
    }

    /// AMPI's `AMPI_MemCheckpoint`: collective over `WORLD`, like
    /// [`Mpi::checkpoint`], but the checkpoint is kept by every process of
    /// the job, each in its own hold of the run's node-local store
    /// (`--checkpoint-dir`, e.g. `/dev/shm/job`), not written once to a
    /// directory every process sees. A restart from the store (`--restart
    /// DIR`) needs any one surviving hold. Returns once every process keeps
    /// it. (Today a run's ranks all live in one process: one hold.)
    pub fn mem_checkpoint<S: Serialize>(&mut self, step: u64, state: &S) -> Result<(), MpiError> {
        let call = "mem_checkpoint";
        let fail = |what: String| MpiError::Checkpoint { call, what };
        let plan = self.shared().checkpoints.clone();
        let Some((plan, store)) = plan.as_ref().and_then(|p| Some((p, p.memory.clone()?))) else {
            return Err(fail(
                "the run has no checkpoint store (--checkpoint-dir)".into(),
            ));
        };
        let gathered = self.gather_states(state)?;
        // The lowest rank in each process keeps that process's copy.
        let n = self.size() as usize;
        let mut processes = vec![0u32; n];
        self.allgather(&[store.process], &mut processes, WORLD)?;
        let first = processes.iter().position(|&p| p == store.process);
        let keeper = first == Some(self.rank() as usize);
        let color = if keeper { 0 } else { crate::UNDEFINED };
        let keepers = self.comm_split(WORLD, color, self.rank())?;
        let mut kept = Ok(());
        if let Some(keepers) = keepers {
            // Rank 0 keeps its process's copy and is the keepers' rank 0.
            let mut main_state = gathered.unwrap_or_default();
            let mut len = [main_state.len() as u64];
            self.bcast(&mut len, 0, keepers)?;
            main_state.resize(len[0] as usize, 0);
            self.bcast(&mut main_state, 0, keepers)?;
            self.comm_free(keepers)?;
            kept = write_hold(plan, &store, n as u32, step, &main_state).map(drop);
        }
        let kept_everywhere = self.agree(kept, "another process could not keep its copy");
        if keeper && kept_everywhere.is_ok() {
            rotate_hold(plan, &store);
        }
        kept_everywhere.map_err(fail)
    }

    /// Every rank's serialized `state`, as a checkpoint's main state, on
    /// rank 0 (`None` on the others): each rank sends its entry as the main
    /// state lays it out, and they are gathered in place. Collective over
    /// `WORLD`.
    fn gather_states<S: Serialize>(&mut self, state: &S) -> Result<Option<Vec<u8>>, MpiError> {
        let mine = state_entry(state);
        let n = self.size() as usize;
        let root = self.rank() == 0;
        let mut lens = vec![0u64; if root { n } else { 0 }];
        self.gather(&[mine.len() as u64], &mut lens, 0, WORLD)?;
        let counts: Vec<usize> = lens.iter().map(|&l| l as usize).collect();
        let mut main = match root {
            true => main_state_for(n, counts.iter().sum()),
            false => vec![0u8; 8],
        };
        self.gatherv(&mine, &mut main[8..], &counts, 0, WORLD)?;
        Ok(root.then_some(main))
    }

    /// Whether `mine` succeeded on every rank of `WORLD`: this rank's error,
    /// or `elsewhere` when only another rank failed. Collective.
    fn agree(&mut self, mine: Result<(), String>, elsewhere: &str) -> Result<(), String> {
        let mut all = [0u8];
        self.allreduce(&[u8::from(mine.is_ok())], &mut all, &Op::Min, WORLD)
            .map_err(|e| e.to_string())?;
        match (mine, all[0]) {
            (Err(why), _) => Err(why),
            (Ok(()), 1) => Ok(()),
            (Ok(()), _) => Err(elsewhere.to_string()),
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
