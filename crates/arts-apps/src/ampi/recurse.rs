//! `recurse`: every rank recurses `--size` levels deep with a 1 KiB frame
//! per level, then the ranks agree on the depth reached — a check of
//! `--stack-size` (too small a stack is reported naming the rank).

use std::sync::Arc;

use super::{Built, Params};
use arts_ampi::Op;
use arts_ampi::{AmpiError, MpiError};
use arts_ampi::{Mpi, WORLD};

/// Bytes of the array each level keeps on the stack.
const FRAME: usize = 1024;

/// Recurses `levels` deep; returns the number of levels.
#[inline(never)]
fn descend(levels: usize) -> usize {
    let frame = std::hint::black_box([levels as u8; FRAME]);
    if levels == 0 {
        return 0;
    }
    let below = descend(levels - 1);
    std::hint::black_box(frame[FRAME - 1]);
    below + 1
}

pub(super) fn build(params: &Params, vp: u32) -> Result<Built, AmpiError> {
    let levels = params.size;
    let program = move |mpi: &mut Mpi<'_>| -> Result<(), MpiError> {
        let depth = [descend(levels) as u64];
        let mut least = [0u64];
        mpi.allreduce(&depth, &mut least, &Op::Min, WORLD)?;
        if mpi.rank() == 0 {
            mpi.record("depth", least[0] as f64);
        }
        Ok(())
    };
    Ok(Built {
        program: Arc::new(program),
        memory_bytes: vp as u64 * (levels * FRAME) as u64,
    })
}
