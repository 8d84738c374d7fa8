//! Collectives through the runtime, for several rank and PE counts (ranks
//! not a multiple of PEs included), against sequential reductions.

use std::sync::Arc;

use arts_ampi::{Loc, Mpi, MpiError, Op, RunOptions, UNDEFINED, WORLD, run};

fn on_all(
    vp: u32,
    pes: u32,
    f: impl Fn(&mut Mpi<'_>) -> Result<(), MpiError> + Clone + Send + Sync + 'static,
) {
    let report = run(&RunOptions::new(vp, pes), Arc::new(f)).unwrap();
    assert_eq!(report.value("ok"), Some(1.0), "vp={vp} pes={pes}");
    assert_eq!(report.values["ok"].len(), vp as usize);
}

#[test]
fn blocking_collectives_match_sequential_results() {
    for (vp, pes) in [(1, 1), (4, 2), (7, 3), (10, 4)] {
        on_all(vp, pes, |mpi| {
            let (r, n) = (mpi.rank(), mpi.size());
            let (ru, nu) = (r as usize, n as usize);
            mpi.barrier(WORLD)?;
            // bcast from the last rank
            let mut b = if r == n - 1 { [7i32, 8, 9] } else { [0; 3] };
            mpi.bcast(&mut b, n - 1, WORLD)?;
            assert_eq!(b, [7, 8, 9]);
            // reduce / allreduce
            let mine = [r as i64, 1, -(r as i64)];
            let mut sum = [0i64; 3];
            mpi.reduce(&mine, &mut sum, &Op::Sum, n / 2, WORLD)?;
            let total = (n as i64) * (n as i64 - 1) / 2;
            if r == n / 2 {
                assert_eq!(sum, [total, n as i64, -total]);
            }
            let mut all = [0i64; 3];
            mpi.allreduce(&mine, &mut all, &Op::Min, WORLD)?;
            assert_eq!(all, [0, 1, -(n as i64 - 1)]);
            let loc = [Loc {
                value: (r % 3) as f64,
                index: r as i64,
            }];
            let mut best = [Loc {
                value: 0.0,
                index: 0,
            }];
            mpi.allreduce(&loc, &mut best, &Op::MaxLoc, WORLD)?;
            let want_v = if n >= 3 { 2.0 } else { (n - 1) as f64 };
            assert_eq!(
                best[0],
                Loc {
                    value: want_v,
                    index: want_v as i64
                }
            );
            let mut flags = [0u8; 2];
            mpi.allreduce(&[(r % 2) as u8, 1], &mut flags, &Op::Land, WORLD)?;
            assert_eq!(flags, [u8::from(n == 1 && r % 2 == 1), 1]);
            mpi.allreduce(&[(r % 2) as u8, 0], &mut flags, &Op::Lor, WORLD)?;
            assert_eq!(flags, [u8::from(n > 1), 0]);
            let mut bits = [0u32];
            mpi.allreduce(&[1u32 << (ru % 32)], &mut bits, &Op::Bor, WORLD)?;
            assert_eq!(bits[0].count_ones() as usize, nu.min(32));
            mpi.allreduce(&[u32::MAX ^ (1 << (ru % 32))], &mut bits, &Op::Band, WORLD)?;
            assert_eq!(bits[0].count_zeros() as usize, nu.min(32));
            let mut prod = [0.0f64];
            mpi.allreduce(&[2.0], &mut prod, &Op::Prod, WORLD)?;
            assert_eq!(prod[0], 2f64.powi(n));
            // gather / gatherv / scatter / scatterv
            let mut g = vec![0u16; 2 * nu];
            mpi.gather(&[r as u16, 100], &mut g, 0, WORLD)?;
            if r == 0 {
                let want: Vec<u16> = (0..n as u16).flat_map(|i| [i, 100]).collect();
                assert_eq!(g, want);
            }
            let counts: Vec<usize> = (0..nu).map(|i| i % 3).collect();
            let mut gv = vec![0u64; counts.iter().sum()];
            mpi.gatherv(&vec![r as u64; ru % 3], &mut gv, &counts, n - 1, WORLD)?;
            if r == n - 1 {
                let want: Vec<u64> = (0..nu).flat_map(|i| vec![i as u64; i % 3]).collect();
                assert_eq!(gv, want);
            }
            let src: Vec<i32> = (0..2 * n).collect();
            let mut part = [0i32; 2];
            mpi.scatter(&src, &mut part, 0, WORLD)?;
            assert_eq!(part, [2 * r, 2 * r + 1]);
            let src: Vec<u64> = (0..counts.iter().sum::<usize>() as u64).collect();
            let mut part = vec![0u64; ru % 3];
            mpi.scatterv(&src, &counts, &mut part, 0, WORLD)?;
            let off: usize = counts[..ru].iter().sum();
            assert_eq!(
                part,
                (off as u64..(off + ru % 3) as u64).collect::<Vec<_>>()
            );
            // allgather(v), alltoall(v)
            let mut ag = vec![0i32; nu];
            mpi.allgather(&[r * r], &mut ag, WORLD)?;
            assert_eq!(ag, (0..n).map(|i| i * i).collect::<Vec<_>>());
            let mut agv = vec![0u64; counts.iter().sum()];
            mpi.allgatherv(&vec![r as u64; ru % 3], &mut agv, &counts, WORLD)?;
            assert_eq!(
                agv,
                (0..nu)
                    .flat_map(|i| vec![i as u64; i % 3])
                    .collect::<Vec<_>>()
            );
            let send: Vec<i32> = (0..n).map(|i| 100 * r + i).collect();
            let mut recv = vec![0i32; nu];
            mpi.alltoall(&send, &mut recv, WORLD)?;
            assert_eq!(recv, (0..n).map(|i| 100 * i + r).collect::<Vec<_>>());
            // rank r sends i+1 elements to rank i, receives r+1 from each.
            let scounts: Vec<usize> = (1..=nu).collect();
            let send: Vec<i32> = (0..nu).flat_map(|i| vec![r; i + 1]).collect();
            let rcounts = vec![ru + 1; nu];
            let mut recv = vec![0i32; nu * (ru + 1)];
            mpi.alltoallv(&send, &scounts, &mut recv, &rcounts, WORLD)?;
            assert_eq!(
                recv,
                (0..n).flat_map(|i| vec![i; ru + 1]).collect::<Vec<_>>()
            );
            // reduce_scatter, scan
            let counts = vec![2usize; nu];
            let send: Vec<u32> = (0..2 * n as u32).collect();
            let mut mine = [0u32; 2];
            mpi.reduce_scatter(&send, &mut mine, &counts, &Op::Sum, WORLD)?;
            assert_eq!(
                mine,
                [2 * r as u32 * n as u32, (2 * r as u32 + 1) * n as u32]
            );
            let mut pre = [0i64];
            mpi.scan(&[r as i64 + 1], &mut pre, &Op::Sum, WORLD)?;
            assert_eq!(pre[0], (r as i64 + 1) * (r as i64 + 2) / 2);
            mpi.record("ok", 1.0);
            Ok(())
        });
    }
}

#[test]
fn split_and_dup_make_independent_communicators() {
    on_all(9, 2, |mpi| {
        let r = mpi.rank();
        let color = if r == 4 { UNDEFINED } else { r % 2 };
        let sub = mpi.comm_split(WORLD, color, -r)?;
        if r == 4 {
            assert!(sub.is_none());
        } else {
            let sub = sub.expect("a member");
            let size = mpi.comm_size(sub)?;
            assert_eq!(size, 4, "even ranks 0, 2, 6, 8; odd ranks 1, 3, 5, 7");
            // key -r: the highest WORLD rank is rank 0 of the part.
            let mut ranks = vec![0i32; size as usize];
            mpi.allgather(&[r], &mut ranks, sub)?;
            assert!(ranks.windows(2).all(|w| w[0] > w[1]), "{ranks:?}");
            let dup = mpi.comm_dup(sub)?;
            let me = mpi.comm_rank(dup)?;
            // The same tag on the two communicators never mixes.
            let peer = (me + 1) % size;
            let from = (me + size - 1) % size;
            mpi.send(&[1u8], peer, 0, dup)?;
            mpi.send(&[2u8], peer, 0, sub)?;
            let mut b = [0u8];
            mpi.recv(&mut b, from, 0, sub)?;
            assert_eq!(b, [2]);
            mpi.recv(&mut b, from, 0, dup)?;
            assert_eq!(b, [1]);
            mpi.comm_free(dup)?;
            assert!(mpi.comm_rank(dup).is_err());
        }
        mpi.barrier(WORLD)?;
        mpi.record("ok", 1.0);
        Ok(())
    });
}

#[test]
fn nonblocking_collectives_progress_while_the_rank_computes() {
    on_all(6, 2, |mpi| {
        let r = mpi.rank();
        let n = mpi.size();
        let send = [r as f64];
        let mut sum = [0.0];
        let mut everyone = vec![0i32; n as usize];
        let mut tests = 0u32;
        let mut acc = 0.0f64;
        {
            let mut a = mpi.iallreduce(&send, &mut sum, &Op::Sum, WORLD)?;
            let b = mpi.iallgather(&[r], &mut everyone, WORLD)?;
            let c = mpi.ibarrier(WORLD)?;
            // Point-to-point traffic while the collectives are in flight.
            let right = (r + 1) % n;
            let left = (r + n - 1) % n;
            let mut got = [0i32];
            mpi.sendrecv(&[r], right, 3, &mut got, left, 3, WORLD)?;
            assert_eq!(got[0], left);
            // Compute in slices, testing between them.
            loop {
                for i in 0..10_000 {
                    acc += (i as f64).sqrt();
                }
                tests += 1;
                if mpi.test(&mut a)?.is_some() {
                    break;
                }
            }
            mpi.waitall(vec![b, c])?;
        }
        assert!(acc > 0.0 && tests >= 1);
        assert_eq!(sum[0], (n * (n - 1) / 2) as f64);
        assert_eq!(everyone, (0..n).collect::<Vec<_>>());
        let mut buf = if r == 2 { [5u8; 4] } else { [0; 4] };
        let req = mpi.ibcast(&mut buf, 2, WORLD)?;
        mpi.wait(req)?;
        assert_eq!(buf, [5; 4]);
        let mut red = [0i32];
        let req = mpi.ireduce(&[1], &mut red, &Op::Sum, 0, WORLD)?;
        mpi.wait(req)?;
        if r == 0 {
            assert_eq!(red[0], n);
        }
        let mut t = vec![0i32; n as usize];
        let s: Vec<i32> = (0..n).map(|i| i * 10 + r).collect();
        let req = mpi.ialltoall(&s, &mut t, WORLD)?;
        mpi.wait(req)?;
        assert_eq!(t, (0..n).map(|i| r * 10 + i).collect::<Vec<_>>());
        mpi.record("ok", 1.0);
        Ok(())
    });
}

#[test]
fn the_vector_and_prefix_collectives_run_started_together() {
    for (vp, pes) in [(1, 1), (5, 2), (7, 3)] {
        on_all(vp, pes, |mpi| {
            let (r, n) = (mpi.rank(), mpi.size());
            let (ru, nu) = (r as usize, n as usize);
            let counts: Vec<usize> = (0..nu).map(|i| i % 3 + 1).collect();
            let total: usize = counts.iter().sum();
            let off: usize = counts[..ru].iter().sum();
            let mine = vec![r as u64; ru % 3 + 1];
            let (mut g, mut gv, mut part, mut partv) = (
                vec![0i32; nu],
                vec![0u64; total],
                [0i32; 2],
                vec![0u64; ru % 3 + 1],
            );
            let mut agv = vec![0u64; total];
            let scounts: Vec<usize> = (1..=nu).collect();
            let a2a: Vec<i32> = (0..nu).flat_map(|i| vec![r; i + 1]).collect();
            let mut a2av = vec![0i32; nu * (ru + 1)];
            let rs_send: Vec<u32> = (0..total as u32).collect();
            let mut rs = vec![0u32; counts[ru]];
            let (mut inc, mut exc) = ([0i64], [-1i64]);
            let src: Vec<i32> = (0..2 * n).collect();
            let srcv: Vec<u64> = (0..total as u64).collect();
            {
                let reqs = vec![
                    mpi.igather(&[r], &mut g, n - 1, WORLD)?,
                    mpi.igatherv(&mine, &mut gv, &counts, 0, WORLD)?,
                    mpi.iscatter(&src, &mut part, 0, WORLD)?,
                    mpi.iscatterv(&srcv, &counts, &mut partv, n - 1, WORLD)?,
                    mpi.iallgatherv(&mine, &mut agv, &counts, WORLD)?,
                    mpi.ialltoallv(&a2a, &scounts, &mut a2av, &vec![ru + 1; nu], WORLD)?,
                    mpi.ireduce_scatter(&rs_send, &mut rs, &counts, &Op::Sum, WORLD)?,
                    mpi.iscan(&[r as i64 + 1], &mut inc, &Op::Sum, WORLD)?,
                    mpi.iexscan(&[r as i64 + 1], &mut exc, &Op::Sum, WORLD)?,
                ];
                // Point-to-point traffic while they are in flight.
                let mut got = [0i32];
                mpi.sendrecv(&[r], (r + 1) % n, 9, &mut got, (r + n - 1) % n, 9, WORLD)?;
                assert_eq!(got[0], (r + n - 1) % n);
                mpi.waitall(reqs)?;
            }
            let gathered: Vec<u64> = (0..nu).flat_map(|i| vec![i as u64; i % 3 + 1]).collect();
            if r == n - 1 {
                assert_eq!(g, (0..n).collect::<Vec<_>>());
            }
            if r == 0 {
                assert_eq!(gv, gathered);
            }
            assert_eq!(part, [2 * r, 2 * r + 1]);
            assert_eq!(
                partv,
                (off as u64..(off + ru % 3 + 1) as u64).collect::<Vec<_>>()
            );
            assert_eq!(agv, gathered);
            assert_eq!(
                a2av,
                (0..n).flat_map(|i| vec![i; ru + 1]).collect::<Vec<_>>()
            );
            let want: Vec<u32> = (off..off + counts[ru])
                .map(|x| x as u32 * n as u32)
                .collect();
            assert_eq!(rs, want);
            assert_eq!(inc[0], (r as i64 + 1) * (r as i64 + 2) / 2);
            // Rank 0's receive buffer is left as it was.
            assert_eq!(
                exc[0],
                if r == 0 {
                    -1
                } else {
                    r as i64 * (r as i64 + 1) / 2
                }
            );
            let mut blocking = [7i64];
            mpi.exscan(&[2i64], &mut blocking, &Op::Prod, WORLD)?;
            assert_eq!(blocking[0], if r == 0 { 7 } else { 1 << r });
            mpi.record("ok", 1.0);
            Ok(())
        });
    }
}

#[test]
fn neighbor_exchanges_match_repeated_neighbors_in_list_order() {
    for (vp, pes) in [(1, 1), (2, 2), (5, 2)] {
        on_all(vp, pes, |mpi| {
            let (r, n) = (mpi.rank() as u32, mpi.size() as u32);
            let (left, right) = ((r + n - 1) % n, (r + 1) % n);
            // To the right twice (parts 0 and 2), to the left once (part 1,
            // two elements); from the left twice, from the right once.
            let send = [10 * r, 10 * r + 1, 10 * r + 2, 10 * r + 3];
            let mut recv = [0u32; 4];
            let req = mpi.ineighbor_alltoallv(
                &send,
                &[1, 2, 1],
                &[right, left, right],
                &mut recv,
                &[1, 2, 1],
                &[left, right, left],
                WORLD,
            )?;
            mpi.wait(req)?;
            let (l, rr) = (10 * left, 10 * right);
            assert_eq!(recv, [l, rr + 1, rr + 2, l + 3], "rank {r}");
            let mut none: [u32; 0] = [];
            mpi.neighbor_alltoallv(&[] as &[u32], &[], &[], &mut none, &[], &[], WORLD)?;
            let e = mpi
                .neighbor_alltoallv(&[1u32], &[1], &[n], &mut [0u32], &[1], &[0], WORLD)
                .unwrap_err();
            assert!(e.to_string().contains("neighbor"), "{e}");
            mpi.record("ok", 1.0);
            Ok(())
        });
    }
}

#[test]
fn collective_argument_errors_name_the_call() {
    let report = run(
        &RunOptions::new(3, 1),
        Arc::new(|mpi: &mut Mpi<'_>| {
            let mut b = [0u8; 2];
            let e = mpi.bcast(&mut b, 3, WORLD).unwrap_err();
            assert_eq!(
                e.to_string(),
                "ibcast: rank 3 is not in the communicator of 3 ranks"
            );
            let mut f = [0.0f64];
            let e = mpi.allreduce(&[1.0], &mut f, &Op::Land, WORLD).unwrap_err();
            assert!(
                e.to_string().contains("land") && e.to_string().contains("f64"),
                "{e}"
            );
            let mut short = [0i32; 2];
            let e = mpi.allgather(&[1], &mut short, WORLD).unwrap_err();
            assert!(e.to_string().starts_with("iallgather:"), "{e}");
            mpi.record("ok", 1.0);
            Ok(())
        }),
    )
    .unwrap();
    assert_eq!(report.values["ok"].len(), 3);
}
