//! `carry`: rank 0 carries `--bytes` of heap from PE to PE — to the next PE
//! in turn, `--iters` moves — timing each move and checking, after it, the
//! heap's contents, a pointer into the heap and an array on its stack. The
//! other ranks wait in a barrier. With `--isomalloc` under `mpirun` the
//! moves cross processes: the figure of migrating a rank with 1 MiB of heap.

use std::sync::Arc;

use super::{Built, Params};
use arts_ampi::{AmpiError, MpiError};
use arts_ampi::{Mpi, WORLD};

/// Moves when `--iters` is not given.
const DEFAULT_MOVES: u32 = 20;

/// The byte at position `i` of the carried heap.
fn pattern(i: usize) -> u8 {
    (i % 251) as u8
}

pub(super) fn build(params: &Params, _vp: u32) -> Result<Built, AmpiError> {
    let bytes = params.bytes;
    let moves = params.iters.unwrap_or(DEFAULT_MOVES);
    let program = move |mpi: &mut Mpi<'_>| -> Result<(), MpiError> {
        if mpi.rank() == 0 {
            let heap: Vec<u8> = (0..bytes).map(pattern).collect();
            let inner = heap.as_ptr().wrapping_add(bytes / 2);
            let stack = std::hint::black_box([0x5eed_u64; 64]);
            let (mut times, mut intact, mut left) = (Vec::new(), true, 0u32);
            for _ in 0..moves {
                let from = mpi.pe();
                let to = (from + 1) % mpi.num_pes();
                let start = mpi.wtime();
                let now = mpi.migrate_to(to)?;
                times.push(mpi.wtime() - start);
                left += u32::from(now != from);
                intact &= heap.iter().enumerate().all(|(i, b)| *b == pattern(i))
                    && stack == [0x5eed; 64]
                    // SAFETY: `inner` points into `heap`, alive and unmoved.
                    && (bytes == 0 || unsafe { *inner } == pattern(bytes / 2));
            }
            times.sort_by(f64::total_cmp);
            let median = times.get(times.len() / 2).copied().unwrap_or(0.0);
            mpi.record("move_median_us", median * 1e6);
            mpi.record("moves", f64::from(left));
            mpi.record("valid", f64::from(u8::from(intact)));
        }
        mpi.barrier(WORLD)
    };
    Ok(Built {
        program: Arc::new(program),
        memory_bytes: bytes as u64 * 2,
    })
}
