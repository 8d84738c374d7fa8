//! `Mpi::checkpoint` and `Mpi::restored`: checkpoints of the ranks' own
//! state (see `crate::rank_state`).

use serde::Serialize;
use serde::de::DeserializeOwned;

use super::{Mpi, UNDEFINED, WORLD};
use crate::Op;
use crate::error::MpiError;
use crate::rank_state::{Checkpoints, MemStore, main_state_for, state_entry};

impl Mpi<'_> {
    /// Collective over `WORLD`: saves every rank's `state` as the run's
    /// checkpoint after `step` (into the run's checkpoint directory, by rank
    /// 0) and returns when it is written. A later run of the same program on
    /// as many ranks continues from it through [`Mpi::restored`].
    pub fn checkpoint<S: Serialize>(&mut self, step: u64, state: &S) -> Result<(), MpiError> {
        let call = "checkpoint";
        let plan = self.shared().checkpoints.clone();
        let Some((plan, dir)) = plan.as_ref().and_then(|p| Some((p, p.dir.clone()?))) else {
            return Err(checkpoint_error(
                call,
                "the run has no checkpoint directory",
            ));
        };
        self.save_states(call, state, |ranks, main| {
            crate::iso::outside(|| crate::rank_state::write(plan, &dir, ranks, step, main))
        })
    }

    /// As [`Mpi::checkpoint`], into `dir` (any directory, the same on every
    /// rank; a run without a checkpoint directory too): AMPI's
    /// `AMPI_Checkpoint(dname)` for ranks saved by their registered data.
    pub fn checkpoint_to<S: Serialize>(
        &mut self,
        step: u64,
        dir: &std::path::Path,
        state: &S,
    ) -> Result<(), MpiError> {
        let call = "checkpoint";
        let Some(plan) = self.shared().checkpoints.clone() else {
            return Err(checkpoint_error(call, "the run takes no checkpoints"));
        };
        self.save_states(call, state, |ranks, main| {
            crate::iso::outside(|| crate::rank_state::write(&plan, dir, ranks, step, main))
        })
    }

    /// AMPI's `AMPI_Checkpoint`: collective over `WORLD`; every rank is
    /// saved *whole* — its stack, heap and MPI state — as the run's
    /// checkpoint after `step` (into the run's checkpoint directory), and
    /// the call returns once it is written. A run restarted from it
    /// (`--restart DIR`, same program and rank count, any PEs and
    /// processes, the same build of arts) continues from this call's
    /// return. Needs isomalloc (`RunOptions::isomalloc`). The checkpoint is
    /// taken when every rank waits here and no message is in flight.
    pub fn checkpoint_ranks(&mut self, step: u64) -> Result<(), MpiError> {
        self.save_ranks("checkpoint_ranks", step, false)
    }

    /// As [`Mpi::checkpoint_ranks`], into `dir` (any directory, the same
    /// on every rank; a run without `--checkpoint-dir` too): AMPI's
    /// `AMPI_Checkpoint(dname)`. `--restart DIR/ckpt-K` continues from it.
    pub fn checkpoint_ranks_to(
        &mut self,
        step: u64,
        dir: &std::path::Path,
    ) -> Result<(), MpiError> {
        self.shared().checkpoint_to = Some(dir.to_path_buf());
        let saved = self.save_ranks("checkpoint_ranks", step, false);
        self.shared().checkpoint_to = None;
        saved
    }

    /// AMPI's `AMPI_MemCheckpoint`: as [`Mpi::checkpoint_ranks`], but the
    /// ranks are kept in memory, Charm++'s double checkpoint: every
    /// process's share in its hold of the run's node-local store
    /// (`--checkpoint-dir`, a tmpfs such as `/dev/shm/job`) and a copy in
    /// its buddy's hold (a process on another node when there is one). A
    /// restart from the store (`--restart DIR`) continues from the call,
    /// from the copies where a node's store was lost.
    pub fn mem_checkpoint_ranks(&mut self, step: u64) -> Result<(), MpiError> {
        self.save_ranks("mem_checkpoint_ranks", step, true)
    }

    /// Waits in `call` until the run has saved every rank whole after
    /// `step`, on disk or in memory.
    fn save_ranks(
        &mut self,
        call: &'static str,
        step: u64,
        in_memory: bool,
    ) -> Result<(), MpiError> {
        if crate::iso::current().is_none() {
            return Err(checkpoint_error(
                call,
                "ranks are saved whole only in isomalloc slots (--isomalloc)",
            ));
        }
        // Not a clone of the plan: nothing of this process may stay on the
        // stack across the wait, which a restart resumes in another.
        let named = self.shared().checkpoint_to.is_some();
        let has = |p: &Checkpoints| match in_memory {
            true => p.memory.is_some(),
            false => p.dir.is_some() || named,
        };
        if !self.shared().checkpoints.as_deref().is_some_and(has) {
            return Err(checkpoint_error(
                call,
                match in_memory {
                    true => "the run has no checkpoint store (--checkpoint-dir)",
                    false => "the run has no checkpoint directory",
                },
            ));
        }
        self.settle(call);
        self.shared().checkpointed = None;
        self.shared().checkpoint_step = Some((step, in_memory));
        self.large_as_messages();
        while self.shared().checkpointed.is_none() {
            // The run takes the checkpoint when every rank waits here.
            self.block("checkpoint_ranks");
        }
        match self.shared().checkpointed.take() {
            Some(Err(why)) => Err(checkpoint_error(call, &why)),
            _ => Ok(()),
        }
    }

    /// AMPI's `AMPI_MemCheckpoint`: collective over `WORLD`, like
    /// [`Mpi::checkpoint`], but the checkpoint is kept in memory: in this
    /// process's hold of the run's node-local store (`--checkpoint-dir`, a
    /// tmpfs such as `/dev/shm/job`), which outlives the process, and, when
    /// the ranks span several processes, a second copy in the hold of the
    /// process that keeps process 0's copies (its buddy, on another node
    /// when there is one), written by that process's first rank. A restart
    /// from the store (`--restart DIR`) continues from either copy.
    pub fn mem_checkpoint<S: Serialize>(&mut self, step: u64, state: &S) -> Result<(), MpiError> {
        let call = "mem_checkpoint";
        let plan = self.shared().checkpoints.clone();
        let Some((plan, store)) = plan.as_ref().and_then(|p| Some((p, p.memory.clone()?))) else {
            return Err(checkpoint_error(
                call,
                "the run has no checkpoint store (--checkpoint-dir)",
            ));
        };
        let ranks = self.size() as u32;
        let mut main = self.gather_states(state)?;
        let copy = self.buddy_copy(main.as_mut(), &store)?;
        let mut written = Ok(());
        if let Some(main) = main.or(copy) {
            written = crate::iso::outside(|| {
                crate::rank_state::write_hold(plan, &store, ranks, step, &main).map(drop)
            });
        }
        self.agree(written, "another rank could not keep the checkpoint")
            .map_err(|what| checkpoint_error(call, &what))
    }

    /// Rank 0's `main` on the first rank of the process that keeps process
    /// 0's copies (`None` elsewhere, and when the ranks live in one
    /// process). Collective over `WORLD`.
    fn buddy_copy(
        &mut self,
        main: Option<&mut Vec<u8>>,
        store: &MemStore,
    ) -> Result<Option<Vec<u8>>, MpiError> {
        let me = self.rank();
        let keeps = store.ward == 0 && store.process != 0;
        let mut keeper = [0i32];
        let mine = [if keeps { me } else { i32::MAX }];
        self.allreduce(&mine, &mut keeper, &Op::Min, WORLD)?;
        let keeper = keeper[0];
        if keeper == i32::MAX {
            return Ok(None);
        }
        let color = if me == 0 || me == keeper {
            0
        } else {
            UNDEFINED
        };
        let Some(pair) = self.comm_split(WORLD, color, me)? else {
            return Ok(None);
        };
        let mut len = [main.as_ref().map_or(0, |m| m.len() as u64)];
        self.bcast(&mut len, 0, pair)?;
        let mut copy = Vec::new();
        let buf = match main {
            Some(main) => main,
            None => {
                copy = vec![0u8; len[0] as usize];
                &mut copy
            }
        };
        self.bcast(buf.as_mut_slice(), 0, pair)?;
        self.comm_free(pair)?;
        Ok((me == keeper).then_some(copy))
    }

    /// Gathers every rank's `state` on rank 0, which `write`s them (the
    /// rank count and the main state); returns once written, on every rank.
    /// Collective over `WORLD`.
    fn save_states<S: Serialize>(
        &mut self,
        call: &'static str,
        state: &S,
        write: impl FnOnce(u32, &[u8]) -> Result<std::path::PathBuf, String>,
    ) -> Result<(), MpiError> {
        let ranks = self.size() as u32;
        let mut written = Ok(());
        if let Some(main_state) = self.gather_states(state)? {
            written = write(ranks, &main_state).map(drop);
        }
        self.agree(written, "rank 0 could not write the checkpoint")
            .map_err(|what| checkpoint_error(call, &what))
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
        self.checkpoint_dir().is_some()
    }

    /// The run's checkpoint directory, if it has one.
    pub fn checkpoint_dir(&mut self) -> Option<std::path::PathBuf> {
        self.shared().checkpoints.as_ref()?.dir.clone()
    }

    /// This rank's state in the checkpoint the run continues from, with the
    /// step it was saved at (`None`: the run starts afresh, or its ranks
    /// were restored whole and have no separate state).
    pub fn restored<S: DeserializeOwned>(&mut self) -> Result<Option<(u64, S)>, MpiError> {
        let rank = self.rank() as usize;
        let Some(plan) = self.shared().checkpoints.clone() else {
            return Ok(None);
        };
        let Some(restored) = plan.restored.as_ref().filter(|r| r.whole.is_none()) else {
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

/// A failed checkpoint call.
fn checkpoint_error(call: &'static str, what: &str) -> MpiError {
    MpiError::Checkpoint {
        call,
        what: what.to_string(),
    }
}
