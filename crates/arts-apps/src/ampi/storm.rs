//! `storm`: a stress of delivery under migration. In each of `--iters`
//! rounds every rank sends 1–4 messages of `--bytes` (at least 16) to
//! pseudo-random ranks, calls `migrate()` while they are on their way, then
//! receives what the others sent it. Each message carries its sender and
//! number; every rank works out which messages were sent to it and checks
//! that each arrived exactly once with its payload intact, and those of
//! each sender in the order they were sent (MPI's order: same sender, same
//! tag), and rank 0 records `valid`. With `--lb rotate --isomalloc` under
//! `mpirun` the ranks change process every round, messages in flight
//! following them or waiting in their engines.

use std::sync::Arc;

use super::{Built, Params};
use arts_ampi::ANY_SOURCE;
use arts_ampi::Op;
use arts_ampi::{AmpiError, MpiError};
use arts_ampi::{Mpi, WORLD};

/// Rounds when `--iters` is not given.
const DEFAULT_ROUNDS: u32 = 10;

/// A pseudo-random number from a few integers (splitmix64).
fn mix(a: u64, b: u64, c: u64) -> u64 {
    let mut z = a
        .wrapping_mul(0x9e37_79b9_7f4a_7c15)
        .wrapping_add(b.wrapping_mul(0xbf58_476d_1ce4_e5b9))
        .wrapping_add(c);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// Byte `i` of message `j` of `src` in `round`.
fn byte(src: u64, round: u64, j: u64, i: usize) -> u8 {
    mix(src, round, j).wrapping_add(i as u64) as u8
}

pub(super) fn build(params: &Params, _vp: u32) -> Result<Built, AmpiError> {
    let bytes = params.bytes.max(16);
    let rounds = params.iters.unwrap_or(DEFAULT_ROUNDS);
    let program = move |mpi: &mut Mpi<'_>| -> Result<(), MpiError> {
        let (me, n) = (mpi.rank() as u64, mpi.size() as usize);
        let mut intact = true;
        for round in 0..u64::from(rounds) {
            let sends = |src: u64| 1 + mix(src, round, 99) % 4;
            let dest = |src: u64, j: u64| mix(src, round, j) % n as u64;
            let mut reqs = Vec::new();
            for j in 0..sends(me) {
                let mut msg: Vec<u8> = (0..bytes).map(|i| byte(me, round, j, i)).collect();
                msg[..8].copy_from_slice(&me.to_le_bytes());
                msg[8..16].copy_from_slice(&j.to_le_bytes());
                reqs.push(mpi.isend(&msg, dest(me, j) as i32, round as i32, WORLD)?);
            }
            mpi.waitall(reqs)?;
            mpi.migrate();
            // (sender, number) of every message sent here, not seen yet.
            let mut expected: Vec<(u64, u64)> = (0..n as u64)
                .flat_map(|src| (0..sends(src)).map(move |j| (src, j)))
                .filter(|&(src, j)| dest(src, j) == me)
                .collect();
            // The number of the last message received from each sender.
            let mut last: Vec<Option<u64>> = vec![None; n];
            for _ in 0..expected.len() {
                let mut got = vec![0u8; bytes];
                let s = mpi.recv(&mut got, ANY_SOURCE, round as i32, WORLD)?;
                let src = u64::from_le_bytes(got[..8].try_into().expect("8 bytes"));
                let j = u64::from_le_bytes(got[8..16].try_into().expect("8 bytes"));
                let at = expected.iter().position(|&e| e == (src, j));
                if let Some(before) = last.get_mut(src as usize) {
                    intact &= before.is_none_or(|b| b < j);
                    *before = Some(j);
                }
                intact &= s.source as u64 == src
                    && s.bytes == bytes
                    && (16..bytes).all(|i| got[i] == byte(src, round, j, i));
                match at {
                    Some(i) => drop(expected.swap_remove(i)),
                    None => intact = false,
                }
            }
            intact &= expected.is_empty();
        }
        let mut all = [0u8];
        mpi.reduce(&[u8::from(intact)], &mut all, &Op::Land, 0, WORLD)?;
        if me == 0 {
            mpi.record("valid", f64::from(all[0]));
        }
        Ok(())
    };
    Ok(Built {
        program: Arc::new(program),
        memory_bytes: (bytes * 8) as u64,
    })
}
