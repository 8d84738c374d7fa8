//! Ranks as virtual processors: point-to-point semantics through the
//! runtime, migration that keeps stacks and heaps, and failures named by rank.

use std::sync::Arc;

use arts_ampi::{ANY_SOURCE, ANY_TAG, AmpiError, Mpi, MpiError, RunOptions, WORLD, run};
use arts_core::{LbConfig, LbPeriod};

type Program = Arc<arts_ampi::ProgramFn>;

fn program(
    f: impl Fn(&mut Mpi<'_>) -> Result<(), MpiError> + Clone + Send + Sync + 'static,
) -> Program {
    Arc::new(f)
}

/// `rotate` (every rank moves) at every balancing point.
fn rotate_at_every_sync() -> LbConfig {
    LbConfig {
        strategy: Arc::from(arts_lb::by_name("rotate").unwrap()),
        period: LbPeriod::EverySync,
        record_inputs: false,
        speeds: None,
    }
}

#[test]
fn point_to_point_keeps_order_wildcards_and_status() {
    let report = run(
        &RunOptions::new(5, 2),
        program(|mpi| {
            let (r, n) = (mpi.rank(), mpi.size());
            // The ring below runs on its own communicator: rank 0's ANY_TAG
            // receives on WORLD must not see it.
            let ring = mpi.comm_dup(WORLD)?;
            if r == 0 {
                // Every other rank sends tags 1, 2, 3, then 9.
                let s = mpi.probe(ANY_SOURCE, 9, WORLD)?;
                assert_eq!((s.tag, s.bytes), (9, 8));
                let mut seen = vec![Vec::new(); n as usize];
                for _ in 0..4 * (n - 1) {
                    let mut b = [0i32; 4];
                    let s = mpi.recv(&mut b, ANY_SOURCE, ANY_TAG, WORLD)?;
                    assert_eq!(s.count, 2, "a shorter message fills part of the buffer");
                    assert_eq!(b[..2], [s.source, s.tag]);
                    seen[s.source as usize].push(s.tag);
                }
                for (src, tags) in seen.iter().enumerate().skip(1) {
                    assert_eq!(tags, &[1, 2, 3, 9], "non-overtaking from rank {src}");
                }
                assert!(mpi.iprobe(ANY_SOURCE, ANY_TAG, WORLD)?.is_none());
            } else {
                for tag in [1, 2, 3, 9] {
                    mpi.send(&[r, tag], 0, tag, WORLD)?;
                }
            }
            // Non-blocking exchange in a ring, completed with waitany.
            let right = (r + 1) % n;
            let left = (r + n - 1) % n;
            let mut a = [0u64; 3];
            let mut reqs = vec![Some(mpi.irecv(&mut a, left, 4, ring)?), None];
            reqs[1] = Some(mpi.isend(&[r as u64; 3], right, 4, ring)?);
            let mut done = 0;
            while done < 2 {
                mpi.waitany(&mut reqs)?.1?;
                done += 1;
            }
            assert!(reqs.iter().all(Option::is_none));
            drop(reqs);
            assert_eq!(a, [left as u64; 3]);
            mpi.record("ok", 1.0);
            Ok(())
        }),
    )
    .unwrap();
    assert_eq!(report.values["ok"].len(), 5);
}

#[test]
fn overlapping_non_blocking_duplications_neither_deadlock_nor_share_contexts() {
    let report = run(
        &RunOptions::new(5, 2),
        program(|mpi| {
            let (r, n) = (mpi.rank(), mpi.size());
            // Rank r is in two pairs: with its right neighbour (`right`)
            // and with its left one (`left`).
            let (mut right, mut left) = (None, None);
            for i in 0..n {
                let color = if r == i || r == (i + 1) % n { 0 } else { 1 };
                let c = mpi.comm_split(WORLD, color, 0)?.unwrap();
                match () {
                    _ if r == i => right = Some(c),
                    _ if r == (i + 1) % n => left = Some(c),
                    _ => mpi.comm_free(c)?,
                }
            }
            let (right, left) = (right.unwrap(), left.unwrap());
            // A blocking dup would deadlock here (each rank waits for its
            // right neighbour first); a blocking one of WORLD in between
            // must get a context neither pending copy gets.
            let (right2, a) = mpi.comm_idup(right)?;
            let (left2, b) = mpi.comm_idup(left)?;
            let world2 = mpi.comm_dup(WORLD)?;
            mpi.waitall(vec![a, b])?;
            // Every rank sends its rank on each copy; ANY_SOURCE receives
            // see only the partner on that copy.
            let right_partner = mpi.comm_rank(right2)? ^ 1;
            let left_partner = mpi.comm_rank(left2)? ^ 1;
            let s1 = mpi.isend(&[r], right_partner, 7, right2)?;
            let s2 = mpi.isend(&[r], left_partner, 7, left2)?;
            let s3 = mpi.isend(&[r], (r + 1) % n, 7, world2)?;
            let mut got = [0i32; 3];
            mpi.recv(&mut got[..1], ANY_SOURCE, ANY_TAG, right2)?;
            mpi.recv(&mut got[1..2], ANY_SOURCE, ANY_TAG, left2)?;
            mpi.recv(&mut got[2..], ANY_SOURCE, ANY_TAG, world2)?;
            mpi.waitall(vec![s1, s2, s3])?;
            assert_eq!(got, [(r + 1) % n, (r + n - 1) % n, (r + n - 1) % n]);
            mpi.record("ok", 1.0);
            Ok(())
        }),
    )
    .unwrap();
    assert_eq!(report.values["ok"].len(), 5);
}

#[test]
fn truncation_and_bad_ranks_fail_naming_the_rank_and_call() {
    let err = run(
        &RunOptions::new(2, 1),
        program(|mpi| {
            if mpi.rank() == 0 {
                mpi.send(&[1u64, 2, 3], 1, 0, WORLD)?;
            } else {
                let mut b = [0u64; 2];
                mpi.recv(&mut b, 0, 0, WORLD)?;
            }
            Ok(())
        }),
    )
    .unwrap_err();
    assert_eq!(
        err.to_string(),
        "rank 1: recv: a message of 24 bytes (from rank 0, tag 0) is truncated by a buffer of 16 bytes"
    );
    let err = run(
        &RunOptions::new(3, 2),
        program(|mpi| {
            if mpi.rank() == 2 {
                mpi.send(&[0u8], 3, 0, WORLD)?;
            }
            if mpi.rank() == 1 {
                mpi.send(&[0u8], 0, -5, WORLD)?;
            }
            Ok(())
        }),
    )
    .unwrap_err();
    let text = err.to_string();
    assert!(
        text.contains("rank 2: send: rank 3 is not in the communicator of 3 ranks"),
        "{text}"
    );
    assert!(text.contains("rank 1: send: tag -5 is invalid"), "{text}");
}

#[test]
fn a_collective_called_by_only_some_ranks_is_a_deadlock_naming_them() {
    let err = run(
        &RunOptions::new(6, 2),
        program(|mpi| {
            if mpi.rank() % 3 != 0 {
                mpi.barrier(WORLD)?;
            } else if mpi.rank() == 3 {
                let mut b = [0u8];
                mpi.recv(&mut b, 0, 42, WORLD)?;
            }
            Ok(())
        }),
    )
    .unwrap_err();
    assert!(matches!(err, AmpiError::Deadlock(_)), "{err:?}");
    assert_eq!(
        err.to_string(),
        "deadlock: ranks 1, 2, 4, 5 blocked in barrier; rank 3 blocked in recv"
    );
}

#[test]
fn a_panicking_rank_is_named() {
    let err = run(
        &RunOptions::new(4, 2),
        program(|mpi| {
            if mpi.rank() == 2 {
                panic!("boom at step {}", 7);
            }
            mpi.barrier(WORLD)
        }),
    )
    .unwrap_err();
    let text = err.to_string();
    assert!(
        text.starts_with("rank 2: panicked: boom at step 7"),
        "{text}"
    );
    assert!(text.contains("blocked in barrier"), "{text}");
}

#[test]
fn bad_options_are_refused_before_running() {
    let p = program(|_| Ok(()));
    for opts in [RunOptions::new(0, 1), RunOptions::new(1, 0)] {
        assert!(matches!(run(&opts, p.clone()), Err(AmpiError::Usage(_))));
    }
    let mut small = RunOptions::new(1, 1);
    small.stack_size = 1024;
    assert!(matches!(run(&small, p), Err(AmpiError::Usage(_))));
}

/// Every rank checks a local array, a Box and a raw pointer into a Vec
/// after each `migrate()`; `rotate` moves every rank at every step.
#[test]
fn migration_moves_ranks_and_keeps_locals_heap_and_pointers() {
    let mut opts = RunOptions::new(6, 3);
    opts.lb = Some(rotate_at_every_sync());
    let report = run(
        &opts,
        program(|mpi| {
            let r = mpi.rank();
            let local = [r as u64 * 3; 64];
            let boxed = Box::new(vec![r as f64; 1000]);
            let mut v: Vec<u32> = (0..4096).map(|i| i as u32 ^ r as u32).collect();
            let p: *mut u32 = &mut v[100];
            mpi.declare_heap(4096 * 4 + 8000);
            let mut pes = vec![mpi.pe()];
            for step in 0..4u32 {
                // SAFETY: `v` is alive and not reallocated.
                unsafe { *p += 1 };
                mpi.migrate();
                pes.push(mpi.pe());
                assert!(local.iter().all(|&x| x == r as u64 * 3));
                assert!(boxed.iter().all(|&x| x == r as f64));
                // SAFETY: as above.
                assert_eq!(unsafe { *p }, (100 ^ r as u32) + step + 1);
                assert_eq!(v[100], (100 ^ r as u32) + step + 1);
                // Messages still reach the moved ranks.
                let n = mpi.size();
                let mut got = [0i32];
                mpi.sendrecv(&[r], (r + 1) % n, 0, &mut got, (r + n - 1) % n, 0, WORLD)?;
                assert_eq!(got[0], (r + n - 1) % n);
            }
            let moved = pes.windows(2).filter(|w| w[0] != w[1]).count();
            mpi.record("moved", moved as f64);
            Ok(())
        }),
    )
    .unwrap();
    assert!(report.migrations() > 0, "rotate moved nothing");
    assert!(report.rank_moves > 0);
    assert!(report.values["moved"].iter().sum::<f64>() > 0.0);
    // Within a process only the registry key travels, not the stack or heap.
    let bytes: u64 = report.lb_steps.iter().map(|s| s.migrated_bytes).sum();
    assert!(bytes < 64 * report.migrations(), "{bytes} bytes moved");
}

/// `async_migrate` returns at once: the ranks go on exchanging messages
/// while the step gathers, and `rotate` moves every rank at a blocking call
/// (locals, heap and a raw pointer intact). Every call is one step on every
/// rank: a `migrate()` after it waits for the pending step, then joins one
/// more.
#[test]
fn async_migrate_moves_ranks_while_they_communicate_on() {
    let mut opts = RunOptions::new(6, 3);
    opts.lb = Some(rotate_at_every_sync());
    let report = run(
        &opts,
        program(|mpi| {
            let (r, n) = (mpi.rank(), mpi.size());
            let local = [r as u64 * 7; 32];
            let mut v: Vec<u32> = (0..1024).map(|i| i ^ r as u32).collect();
            let p: *mut u32 = &mut v[10];
            let mut pes = vec![mpi.pe()];
            for step in 0..4u32 {
                mpi.async_migrate();
                for round in 0..5 {
                    let mut got = [0i32];
                    let (to, from) = ((r + 1) % n, (r + n - 1) % n);
                    mpi.sendrecv(&[r * 100 + round], to, round, &mut got, from, round, WORLD)?;
                    assert_eq!(got[0], from * 100 + round);
                    pes.push(mpi.pe());
                }
                // SAFETY: `v` is alive and not reallocated.
                unsafe { *p += 1 };
                assert!(local.iter().all(|&x| x == r as u64 * 7));
                assert_eq!(v[10], (10 ^ r as u32) + step + 1);
            }
            mpi.migrate();
            let moved = pes.windows(2).filter(|w| w[0] != w[1]).count();
            mpi.record("moved", moved as f64);
            Ok(())
        }),
    )
    .unwrap();
    assert!(report.migrations() > 0, "rotate moved nothing");
    assert!(report.values["moved"].iter().sum::<f64>() > 0.0);
    assert_eq!(
        report.lb_steps.len(),
        5,
        "four async_migrate() calls and one migrate(), one step each"
    );
}

#[test]
fn ranks_may_outnumber_pes_by_far_and_blocking_does_not_block_the_pe() {
    // 64 ranks on 2 PEs pass a token around a ring: every hop blocks a rank
    // in recv while its PE runs the others.
    let report = run(
        &RunOptions::new(64, 2),
        program(|mpi| {
            let (r, n) = (mpi.rank(), mpi.size());
            let mut token = [0u32];
            if r == 0 {
                mpi.send(&[1u32], 1, 0, WORLD)?;
                mpi.recv(&mut token, n - 1, 0, WORLD)?;
                mpi.record("token", token[0] as f64);
            } else {
                mpi.recv(&mut token, r - 1, 0, WORLD)?;
                mpi.send(&[token[0] + 1], (r + 1) % n, 0, WORLD)?;
            }
            Ok(())
        }),
    )
    .unwrap();
    assert_eq!(report.value("token"), Some(64.0));
}

/// `migrate_to` moves one rank to the PE it asks for (no load balancer):
/// it continues there with its locals, heap and a raw pointer intact, and
/// messages sent to it meanwhile follow it.
#[test]
fn migrate_to_continues_on_the_requested_pe_with_locals_intact() {
    let report = run(
        &RunOptions::new(4, 3),
        program(|mpi| {
            let r = mpi.rank();
            if r != 0 {
                mpi.send(&[r as u64 * 10], 0, 1, WORLD)?;
                return Ok(());
            }
            let local = [7u64, 11, 13];
            let heap = vec![r as u64 + 5; 1000];
            let ptr = heap.as_ptr();
            let start = mpi.pe();
            assert_eq!(mpi.migrate_to(start)?, start, "staying is a no-op");
            assert!(matches!(
                mpi.migrate_to(3),
                Err(MpiError::InvalidPe { pe: 3, .. })
            ));
            let now = mpi.migrate_to(2)?;
            assert_eq!((now, mpi.pe()), (2, 2));
            assert_eq!(local, [7, 11, 13]);
            assert_eq!(heap.as_ptr(), ptr);
            assert!(heap.iter().all(|&x| x == 5));
            let mut sum = 0;
            for _ in 1..mpi.size() {
                let mut b = [0u64];
                mpi.recv(&mut b, ANY_SOURCE, 1, WORLD)?;
                sum += b[0];
            }
            mpi.record("sum", sum as f64);
            mpi.record("start_pe", f64::from(start));
            let end = mpi.pe();
            mpi.record("end_pe", f64::from(end));
            Ok(())
        }),
    )
    .unwrap();
    assert_eq!(report.value("sum"), Some(60.0));
    assert_eq!(report.value("start_pe"), Some(0.0));
    assert_eq!(report.value("end_pe"), Some(2.0));
    assert_eq!(
        report.outcomes[0].pes,
        vec![0, 2],
        "rank 0 ran on PE 0, then 2"
    );
}

#[test]
fn isomalloc_without_its_allocator_is_refused_naming_it() {
    // This test binary keeps the system allocator.
    let opts = RunOptions {
        isomalloc: true,
        ..RunOptions::new(2, 1)
    };
    let err = run(&opts, program(|_| Ok(()))).unwrap_err();
    assert!(err.to_string().contains("IsoAlloc"), "{err}");
}

#[test]
fn owned_sends_and_waitsome_testsome_testany_complete_every_request() {
    let report = run(
        &RunOptions::new(4, 2),
        program(|mpi| {
            let (r, n) = (mpi.rank(), mpi.size());
            let (right, left) = ((r + 1) % n, (r + n - 1) % n);
            let big: Vec<u8> = (0..200_000u32).map(|i| (i as u8) ^ (r as u8)).collect();
            let want = |from: i32| -> Vec<u8> {
                (0..200_000u32).map(|i| (i as u8) ^ (from as u8)).collect()
            };
            let (mut a, mut b, mut c) = (vec![0u8; 200_000], [0i32; 1], vec![0u8; 200_000]);
            // Owned sends: a large one (by rendezvous) and a small
            // synchronous one; the vector is the send's until it is done.
            let mut reqs = vec![
                Some(mpi.irecv(&mut a, left, 1, WORLD)?),
                Some(mpi.irecv(&mut b, right, 2, WORLD)?),
                Some(mpi.isend_owned(big.clone(), right, 1, WORLD, false)?),
                Some(mpi.isend_owned(r.to_ne_bytes().to_vec(), left, 2, WORLD, true)?),
            ];
            let mut done = Vec::new();
            while done.len() < 4 {
                let some = mpi.waitsome(&mut reqs);
                assert!(!some.is_empty(), "waitsome returns at least one");
                for (i, completion) in some {
                    completion?;
                    done.push(i);
                }
            }
            done.sort_unstable();
            assert_eq!(done, [0, 1, 2, 3]);
            assert!(mpi.waitsome(&mut reqs).is_empty(), "none active");
            drop(reqs);
            // testsome and testany polling loops.
            let mut reqs = vec![
                Some(mpi.irecv(&mut c, left, 3, WORLD)?),
                Some(mpi.isend_owned(big, right, 3, WORLD, false)?),
            ];
            let mut left_to_do = 2;
            while left_to_do > 0 {
                for (_, completion) in mpi.testsome(&mut reqs) {
                    completion?;
                    left_to_do -= 1;
                }
            }
            assert!(mpi.testany(&mut reqs).is_none(), "none active");
            drop(reqs);
            assert_eq!(a, want(left));
            assert_eq!(c, want(left));
            assert_eq!(b, [right]);
            Ok(())
        }),
    );
    report.expect("every request completes");
}

#[test]
fn a_truncated_receive_is_one_outcome_of_waitsome_and_waitany_beside_the_others() {
    let report = run(
        &RunOptions::new(2, 2),
        program(|mpi| {
            if mpi.rank() == 1 {
                for tag in 0..4 {
                    mpi.send(&[tag + 1; 4], 0, tag, WORLD)?;
                }
                return Ok(());
            }
            let (mut whole, mut short) = ([0i32; 4], [0i32; 2]);
            let mut reqs = vec![
                Some(mpi.irecv(&mut whole, 1, 0, WORLD)?),
                Some(mpi.irecv(&mut short, 1, 1, WORLD)?),
            ];
            let mut outcomes = Vec::new();
            while outcomes.len() < 2 {
                outcomes.extend(mpi.waitsome(&mut reqs));
            }
            outcomes.sort_by_key(|o| o.0);
            assert!(
                matches!(outcomes[0].1, Ok(s) if s.bytes == 16),
                "{outcomes:?}"
            );
            assert!(
                matches!(outcomes[1].1, Err(MpiError::Truncated { bytes: 16, .. })),
                "{outcomes:?}"
            );
            drop(reqs);
            assert_eq!(whole, [1; 4]);
            // waitany: the failed one is reported; the other stays pending.
            let (mut short, mut whole) = ([0i32; 2], [0i32; 4]);
            let mut reqs = vec![
                Some(mpi.irecv(&mut short, 1, 2, WORLD)?),
                Some(mpi.irecv(&mut whole, 1, 3, WORLD)?),
            ];
            let (i, first) = mpi.waitany(&mut reqs)?;
            assert!(i == 0 && first.is_err(), "{i} {first:?}");
            assert!(reqs[1].is_some(), "the other is still to complete");
            let (j, second) = mpi.waitany(&mut reqs)?;
            assert!(j == 1 && second.is_ok(), "{j} {second:?}");
            drop(reqs);
            assert_eq!(whole, [4; 4]);
            Ok(())
        }),
    );
    report.expect("both outcomes are reported");
}

#[test]
fn matched_probes_claim_their_message_and_cancel_withdraws_unmatched_receives() {
    let report = run(
        &RunOptions::new(4, 2),
        program(|mpi| {
            let (r, n) = (mpi.rank(), mpi.size());
            let big = |from: i32| -> Vec<u8> {
                (0..200_000u32).map(|i| (i as u8) ^ (from as u8)).collect()
            };
            if r != 0 {
                mpi.send(&[r], 0, 1, WORLD)?;
                mpi.send(&big(r), 0, 2, WORLD)?;
                return mpi.barrier(WORLD);
            }
            // A claimed message is not matched by a wildcard receive
            // posted after the probe: only mrecv gets it.
            let (msg, s) = mpi.mprobe(ANY_SOURCE, 1, WORLD)?;
            assert_eq!((s.tag, s.bytes), (1, 4));
            let mut others = Vec::new();
            for _ in 2..n {
                let mut v = [0i32];
                let got = mpi.recv(&mut v, ANY_SOURCE, 1, WORLD)?;
                assert_ne!(got.source, s.source, "the claimed message was received");
                others.push(v[0]);
            }
            let mut v = [0i32];
            let got = mpi.mrecv(msg, &mut v)?;
            assert_eq!((got.source, v[0]), (s.source, s.source));
            others.push(v[0]);
            others.sort_unstable();
            assert_eq!(others, (1..n).collect::<Vec<_>>());
            // Large messages (by rendezvous) through improbe and imrecv.
            for _ in 1..n {
                let (msg, s) = loop {
                    if let Some(found) = mpi.improbe(ANY_SOURCE, 2, WORLD)? {
                        break found;
                    }
                };
                assert_eq!(s.bytes, 200_000);
                let mut buf = vec![0u8; 200_000];
                let req = mpi.imrecv(msg, &mut buf)?;
                assert_eq!(mpi.wait(req)?.source, s.source);
                assert_eq!(buf, big(s.source));
            }
            // Nothing matches tag 99: the receive is cancelled.
            let mut never = [0i32];
            let req = mpi.irecv(&mut never, 1, 99, WORLD)?;
            mpi.cancel(&req);
            let s = mpi.wait(req)?;
            assert!(s.cancelled() && s.bytes == 0, "{s:?}");
            // A receive that matched completes as usual.
            mpi.send(&[7i32], 0, 3, WORLD)?;
            mpi.probe(0, 3, WORLD)?;
            let mut got = [0i32];
            let req = mpi.irecv(&mut got, 0, 3, WORLD)?;
            mpi.cancel(&req);
            let s = mpi.wait(req)?;
            assert!(!s.cancelled() && got == [7], "{s:?}");
            mpi.barrier(WORLD)
        }),
    );
    report.expect("matched probes and cancel");
}

#[test]
fn resumptions_count_the_suspensions_a_call_made() {
    let report = run(
        &RunOptions::new(2, 1),
        Arc::new(|mpi: &mut Mpi<'_>| {
            let r = mpi.rank();
            let before = mpi.resumptions();
            // An eager send to the other rank completes without suspending.
            mpi.send(&[r], 1 - r, 0, WORLD)?;
            let after_send = mpi.resumptions();
            let mut got = [0i32];
            mpi.recv(&mut got, 1 - r, 0, WORLD)?;
            mpi.barrier(WORLD)?;
            let after_wait = mpi.resumptions();
            assert_eq!(after_send, before, "a send that completes at once");
            assert!(after_wait > after_send, "the barrier suspends this rank");
            mpi.record("ok", 1.0);
            Ok(())
        }),
    )
    .unwrap();
    assert_eq!(report.values["ok"].len(), 2);
}

#[test]
fn a_rank_in_waitall_is_resumed_once_all_its_receives_completed() {
    // Rank 0 waits for one message from each other rank, sent one after
    // the other along a chain of tokens, each arriving while it waits:
    // resumed at each, it would be resumed three times.
    let report = run(
        &RunOptions::new(4, 1),
        program(|mpi| {
            let r = mpi.rank();
            if r == 0 {
                let mut got = [[0i32]; 3];
                let [a, b, c] = &mut got;
                let mut reqs = vec![
                    mpi.irecv(a, 1, 0, WORLD)?,
                    mpi.irecv(b, 2, 0, WORLD)?,
                    mpi.irecv(c, 3, 0, WORLD)?,
                ];
                reqs.push(mpi.isend(&[0i32], 1, 1, WORLD)?);
                let before = mpi.resumptions();
                mpi.waitall(reqs)?;
                mpi.record("resumed in waitall", (mpi.resumptions() - before) as f64);
                assert_eq!(got, [[1], [2], [3]]);
            } else {
                let mut token = [0i32];
                mpi.recv(&mut token, r - 1, 1, WORLD)?;
                mpi.send(&[r], 0, 0, WORLD)?;
                if r < 3 {
                    mpi.send(&[r], r + 1, 1, WORLD)?;
                }
            }
            Ok(())
        }),
    )
    .unwrap();
    assert_eq!(report.values["resumed in waitall"], vec![1.0]);
}

#[test]
fn a_ranks_load_is_what_it_measures_or_what_it_says() {
    let mut opts = RunOptions::new(4, 2);
    opts.lb = Some(LbConfig {
        strategy: Arc::from(arts_lb::by_name("greedy").unwrap()),
        period: LbPeriod::EverySync,
        record_inputs: true,
        speeds: None,
    });
    let report = run(
        &opts,
        program(|mpi| {
            let spin = |ms| {
                let t = std::time::Instant::now();
                while t.elapsed() < std::time::Duration::from_millis(ms) {}
            };
            match mpi.rank() {
                // Work the balancer does not see.
                0 => {
                    mpi.measure_load(false);
                    spin(40);
                    mpi.barrier(WORLD)?;
                    spin(40);
                    mpi.measure_load(true);
                }
                // Work it sees.
                1 => {
                    spin(40);
                    mpi.barrier(WORLD)?;
                }
                // A load the rank gives itself.
                2 => {
                    mpi.barrier(WORLD)?;
                    mpi.set_load(5.0);
                }
                _ => mpi.barrier(WORLD)?,
            }
            mpi.migrate();
            Ok(())
        }),
    )
    .unwrap();
    let input = report.lb_steps[0].input.as_ref().expect("recorded");
    let mut loads: Vec<(u64, f64)> = input.objects.iter().map(|o| (o.id, o.load_s)).collect();
    loads.sort_by_key(|&(id, _)| id);
    let load: Vec<f64> = loads.iter().map(|&(_, l)| l).collect();
    // Measured loads are wall-clock times scaled to the CPU share the PE
    // got, so compare them: rank 1 spun as long as rank 0 did unmeasured.
    assert!(load[0] < 0.005, "paused rank 0: {load:?}");
    assert!(load[1] > 50.0 * load[0], "measured rank 1: {load:?}");
    assert_eq!(load[2], 5.0, "rank 2 said 5 s: {load:?}");
}
