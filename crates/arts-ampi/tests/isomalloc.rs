//! Ranks in isomalloc slots: every move copies the rank out of its slot and
//! back (the path a move to another process takes), and the rank goes on
//! with its locals, heap data, pointers, held messages and collectives in
//! flight intact.

use std::sync::Arc;

use arts_ampi::iso::{IsoAlloc, in_slot};
use arts_ampi::{ANY_SOURCE, Mpi, MpiError, Op, RunOptions, WORLD, run};
use arts_core::{LbConfig, LbPeriod};

#[global_allocator]
static ALLOC: IsoAlloc<std::alloc::System> = IsoAlloc::new(std::alloc::System);

fn in_slots(vp: u32, pes: u32) -> RunOptions {
    RunOptions {
        isomalloc: true,
        ..RunOptions::new(vp, pes)
    }
}

fn rotate() -> Option<LbConfig> {
    Some(LbConfig {
        strategy: Arc::from(arts_lb::by_name("rotate").unwrap()),
        period: LbPeriod::EverySync,
        record_inputs: false,
        speeds: None,
    })
}

/// Checks that `data` still holds what `fill` wrote for `rank`.
fn intact(data: &[u64], rank: i32) -> bool {
    data.iter()
        .enumerate()
        .all(|(i, v)| *v == (i as u64).wrapping_mul(31) ^ rank as u64)
}

#[test]
fn ranks_in_slots_migrate_with_stack_heap_and_pointers_intact() {
    let mut opts = in_slots(6, 3);
    opts.lb = rotate();
    let report = run(
        &opts,
        Arc::new(|mpi: &mut Mpi<'_>| {
            let r = mpi.rank();
            // 1 MiB of heap, a box, a pointer into the heap, and a local.
            let data: Vec<u64> = (0..1 << 17)
                .map(|i: u64| i.wrapping_mul(31) ^ r as u64)
                .collect();
            let boxed = Box::new([r as u8; 100]);
            let inner: *const u64 = &data[1000];
            let local = [r; 16];
            assert!(in_slot(data.as_ptr().cast()) && in_slot(inner.cast()));
            assert!(
                in_slot((&local as *const [i32; 16]).cast()),
                "the stack is in the slot"
            );
            let mut pes = vec![mpi.pe()];
            for step in 0..4 {
                mpi.migrate();
                pes.push(mpi.pe());
                // SAFETY: `inner` points into `data`, alive and unmoved.
                assert_eq!(unsafe { *inner }, 1000u64.wrapping_mul(31) ^ r as u64);
                assert!(intact(&data, r), "rank {r} step {step}: heap data");
                assert_eq!(*boxed, [r as u8; 100]);
                assert_eq!(local, [r; 16]);
                // Allocations after a move still come from the slot.
                let fresh = vec![step; 1000];
                assert!(in_slot(fresh.as_ptr().cast()));
                // And the ranks still talk: a ring exchange.
                let n = mpi.size();
                let mut got = [0i32];
                let req = mpi.irecv(&mut got, (r + n - 1) % n, step, WORLD)?;
                mpi.send(&[r], (r + 1) % n, step, WORLD)?;
                mpi.wait(req)?;
                assert_eq!(got[0], (r + n - 1) % n);
            }
            mpi.record(
                "moved",
                pes.windows(2).filter(|w| w[0] != w[1]).count() as f64,
            );
            Ok(())
        }),
    )
    .unwrap();
    assert!(
        report.values["moved"].iter().all(|&m| m == 4.0),
        "{:?}",
        report.values
    );
    assert!(report.rank_moves >= 24);
    assert!(report.migrations() >= 24);
}

#[test]
fn a_rank_moves_with_its_unexpected_messages_and_a_collective_in_flight() {
    let report = run(
        &in_slots(4, 2),
        Arc::new(|mpi: &mut Mpi<'_>| {
            let (r, n) = (mpi.rank(), mpi.size());
            // Every rank starts an allreduce; rank 0 moves before waiting,
            // so the others' contributions reach it as held messages.
            let mine = [r as u64 + 1];
            let mut sum = [0u64];
            let req = mpi.iallreduce(&mine, &mut sum, &Op::Sum, WORLD)?;
            if r == 0 {
                for i in 1..n {
                    let mut go = [0u8];
                    mpi.recv(&mut go, i, 1, WORLD)?;
                }
                // Every other rank has sent its 20 messages by now.
                let there = mpi.migrate_to(1)?;
                assert_eq!(there, 1);
                let back = mpi.migrate_to(0)?;
                assert_eq!(back, 0);
                mpi.wait(req)?;
                let mut seen = 0;
                for _ in 0..20 * (n - 1) {
                    let mut m = [0i32; 2];
                    let s = mpi.recv(&mut m, ANY_SOURCE, 7, WORLD)?;
                    assert_eq!(m[0], s.source);
                    seen += m[1];
                }
                mpi.record("seen", f64::from(seen));
            } else {
                for k in 0..20 {
                    mpi.send(&[r, k], 0, 7, WORLD)?;
                }
                mpi.send(&[1u8], 0, 1, WORLD)?;
                mpi.wait(req)?;
            }
            assert_eq!(sum[0], u64::from(n as u32 * (n as u32 + 1) / 2));
            Ok(())
        }),
    )
    .unwrap();
    assert_eq!(
        report.value("seen"),
        Some(f64::from(3 * (0..20).sum::<i32>()))
    );
    assert!(report.migrations() >= 2 || report.rank_moves >= 2);
}

#[test]
fn a_failed_rank_in_a_slot_is_reported_and_its_slot_given_back() {
    for _ in 0..2 {
        // The second run claims the same slots: the first gave them back.
        let err = run(
            &in_slots(3, 2),
            Arc::new(|mpi: &mut Mpi<'_>| {
                if mpi.rank() == 1 {
                    return Err(MpiError::Count {
                        call: "test",
                        what: format!("rank {} gives up", mpi.rank()),
                    });
                }
                Ok(())
            }),
        )
        .unwrap_err();
        assert!(
            err.to_string().contains("rank 1: test: rank 1 gives up"),
            "{err}"
        );
    }
}

fn saving_into(
    dir: &std::path::Path,
    restored: Option<arts_ampi::rank_state::Restored>,
) -> RunOptions {
    RunOptions {
        checkpoints: Some(Arc::new(arts_ampi::rank_state::Checkpoints {
            dir: Some(dir.to_path_buf()),
            keep: 3,
            program: "whole".into(),
            restored,
            memory: None,
        })),
        ..in_slots(4, 2)
    }
}

#[test]
fn ranks_saved_whole_restart_from_the_call_with_their_stack_and_heap() {
    let root = tempfile::tempdir().unwrap();
    // Each rank builds a heap list with a pointer into it and a local, then
    // checkpoints whole twice; a restart continues after the call, where
    // only the stack and the heap can tell which step it was.
    let program = Arc::new(|mpi: &mut Mpi<'_>| {
        let r = mpi.rank();
        let mut heap: Vec<u64> = Vec::with_capacity(5010);
        heap.extend((0..5000).map(|i| i * 7 + r as u64));
        let at: *const u64 = &heap[4321];
        let mut step = 0u64;
        for _ in 0..2 {
            step += 1;
            heap.push(step);
            mpi.checkpoint_ranks(step)?;
            // SAFETY: `at` points into `heap`, never reallocated (capacity).
            let ok = unsafe { *at } == 4321 * 7 + r as u64 && heap.last() == Some(&step);
            mpi.record("intact", f64::from(u8::from(ok)));
        }
        let mut sum = [0u64];
        mpi.allreduce(&[step], &mut sum, &Op::Sum, WORLD)?;
        mpi.record("steps", sum[0] as f64);
        Ok(())
    });
    let first = run(&saving_into(root.path(), None), program.clone()).unwrap();
    assert!(first.values["intact"].iter().all(|&v| v == 1.0));
    // Restart from the first checkpoint, on 1 and on 3 PEs: every rank
    // resumes from its first call and makes the second one.
    for pes in [1, 3] {
        let ckpt = arts_ampi::rank_state::open(&root.path().join("ckpt-1"), "whole", 4).unwrap();
        assert!(ckpt.whole.is_some() && ckpt.step == 1);
        let mut opts = saving_into(root.path(), Some(ckpt));
        opts.pes = pes;
        let again = run(&opts, program.clone()).unwrap();
        // Records made before the checkpoint came along in the slots.
        assert_eq!(again.values["intact"], vec![1.0; 8], "pes {pes}");
        assert_eq!(again.values["steps"], vec![8.0; 4]);
    }
    // Without isomalloc: the call fails, and a restart is refused.
    let err = run(
        &RunOptions {
            isomalloc: false,
            ..saving_into(root.path(), None)
        },
        program.clone(),
    )
    .unwrap_err();
    assert!(err.to_string().contains("isomalloc slots"), "{err}");
    let ckpt = arts_ampi::rank_state::open(&root.path().join("ckpt-2"), "whole", 4).unwrap();
    let opts = RunOptions {
        isomalloc: false,
        ..saving_into(root.path(), Some(ckpt))
    };
    let err = run(&opts, program).unwrap_err();
    assert!(err.to_string().contains("only with --isomalloc"), "{err}");
}
