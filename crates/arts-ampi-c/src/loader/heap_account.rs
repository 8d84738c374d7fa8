//! A C rank's heap account ([`Heap`], held in its state) and the run's
//! bound on it ([`HeapLimit`], each rank's share of `--max-memory`). The
//! `malloc` family that counts into the running rank's account, and ends
//! the rank past its share, is `super::heap_share`.
//!
//! A leaf: the account knows nothing of the running rank, so the rank's
//! state holds it without an import circle.

use std::sync::Arc;

use arts_core::limits::{self, MemoryBudget, human_bytes};

/// A run's bound on each rank's heap.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HeapLimit {
    /// Bytes each rank's program may hold in live blocks.
    pub bytes: u64,
    /// Where the share comes from, as the failure names it (e.g.
    /// `--max-memory 256M`).
    pub source: String,
}

impl HeapLimit {
    /// Each of `ranks` ranks' share of `budget` bytes, less `runtime` (the
    /// bytes the runtime, the ranks' stacks and the program's copies hold,
    /// beside the heaps); `None` when nothing is left.
    pub fn share(budget: u64, runtime: u64, ranks: u32, source: String) -> Option<HeapLimit> {
        let left = budget.checked_sub(runtime)?;
        let bytes = left / u64::from(ranks.max(1));
        (bytes > 0).then_some(HeapLimit { bytes, source })
    }

    /// Each rank's share of an explicit `--max-memory` (`budget`) for its
    /// program's heap: the bound less the runtime, the `stacks` and a copy
    /// of the `program` per rank, over the ranks of the run `opts` (all of
    /// them, also under mpirun, where each process hosts fewer). Without an
    /// explicit bound heaps are not bounded (`None`). Refused (one line)
    /// when nothing is left for the heaps.
    pub fn for_run(
        budget: &MemoryBudget,
        opts: &arts_ampi::RunOptions,
        stacks: u64,
        program: &std::path::Path,
    ) -> Result<Option<HeapLimit>, String> {
        if !budget.explicit {
            return Ok(None);
        }
        let copy = std::fs::metadata(program).map_or(0, |m| m.len());
        let runtime = limits::runtime_bytes(opts.vp as u64, opts.pes as u64)
            .saturating_add(stacks)
            .saturating_add(limits::mul(&[copy, opts.vp as u64]));
        let source = format!("--max-memory {}", human_bytes(budget.bytes));
        HeapLimit::share(budget.bytes, runtime, opts.vp, source)
            .map(Some)
            .ok_or_else(|| {
                format!(
                    "--max-memory {} leaves nothing for the heaps of {} ranks: the runtime, \
                     their stacks and copies of the program need about {}; raise --max-memory \
                     or run fewer ranks",
                    human_bytes(budget.bytes),
                    opts.vp,
                    human_bytes(runtime)
                )
            })
    }
}

/// One rank's heap account.
#[derive(Default)]
pub(crate) struct Heap {
    /// Usable bytes of the rank's live blocks.
    pub(super) live: u64,
    /// The bound (`None`: nothing counted).
    pub(super) limit: Option<Arc<HeapLimit>>,
}

impl Heap {
    /// An account bounded by `limit` (`None`: unbounded, nothing counted).
    pub(crate) fn new(limit: Option<Arc<HeapLimit>>) -> Heap {
        Heap { live: 0, limit }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_run_shares_only_an_explicit_budget_and_refuses_one_too_small() {
        let opts = arts_ampi::RunOptions::new(4, 2);
        let program = std::path::Path::new("/nonexistent/prog.so");
        let implicit = MemoryBudget {
            bytes: 1 << 40,
            explicit: false,
        };
        assert_eq!(HeapLimit::for_run(&implicit, &opts, 0, program), Ok(None));
        let big = MemoryBudget::new(Some(1 << 40));
        let share = HeapLimit::for_run(&big, &opts, 0, program)
            .unwrap()
            .unwrap();
        assert!(share.bytes > 0 && share.bytes < (1 << 40) / 4, "{share:?}");
        assert_eq!(
            share.source,
            format!("--max-memory {}", human_bytes(1 << 40))
        );
        let tiny = MemoryBudget::new(Some(1));
        let e = HeapLimit::for_run(&tiny, &opts, 0, program).unwrap_err();
        assert!(e.contains("leaves nothing for the heaps of 4 ranks"), "{e}");
    }
}
