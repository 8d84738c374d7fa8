//! Intercommunicators: built from two disjoint groups, point-to-point
//! messages to the other group, the collectives that move data from one
//! group to the other, merge, dup and split, and the calls that refuse
//! them.

use std::sync::Arc;

use arts_ampi::{ANY_SOURCE, ANY_TAG, Mpi, MpiError, Op, PROC_NULL, ROOT, RunOptions, WORLD, run};

/// Ranks 0, 2, 4 (group A) and 1, 3 (group B) of 5, joined; returns the
/// intercommunicator and whether this rank is in A.
fn even_odd(mpi: &mut Mpi<'_>) -> Result<(arts_ampi::Comm, bool), MpiError> {
    let r = mpi.rank();
    let local = mpi.comm_split(WORLD, r % 2, r)?.unwrap();
    let in_a = r % 2 == 0;
    let remote_leader = if in_a { 1 } else { 0 };
    let inter = mpi.intercomm_create(local, 0, WORLD, remote_leader, 99)?;
    mpi.comm_free(local)?;
    Ok((inter, in_a))
}

#[test]
fn an_intercommunicator_connects_two_groups() {
    let program: Arc<arts_ampi::ProgramFn> = Arc::new(|mpi: &mut Mpi<'_>| {
        let r = mpi.rank();
        let (inter, in_a) = even_odd(mpi)?;
        let (a, b) = (vec![0u32, 2, 4], vec![1u32, 3]);
        let (mine, theirs) = if in_a { (&a, &b) } else { (&b, &a) };
        let lr = mpi.comm_rank(inter)?;
        let nr = theirs.len() as i32;
        assert!(mpi.comm_is_inter(inter)?);
        assert_eq!(mpi.comm_size(inter)?, mine.len() as i32);
        assert_eq!(mine[lr as usize], r as u32);
        assert_eq!(&mpi.comm_remote_members(inter)?, theirs);

        // Point to point: ranks name the other group's ranks.
        let sends: Vec<_> = (0..nr)
            .map(|to| mpi.isend(&[r], to, 5, inter))
            .collect::<Result<_, _>>()?;
        let mut from = vec![None; nr as usize];
        for _ in 0..nr {
            let mut got = [0i32];
            let s = mpi.recv(&mut got, ANY_SOURCE, ANY_TAG, inter)?;
            assert_eq!(theirs[s.source as usize], got[0] as u32);
            from[s.source as usize] = Some(got[0]);
        }
        assert!(from.iter().all(Option::is_some));
        mpi.waitall(sends)?;

        // Broadcast from A's rank 1.
        let mut v = [0i32];
        let root = match (in_a, lr) {
            (true, 1) => {
                v[0] = 42;
                ROOT
            }
            (true, _) => PROC_NULL,
            (false, _) => 1,
        };
        mpi.bcast(&mut v, root, inter)?;
        assert_eq!(v[0], if in_a && lr != 1 { 0 } else { 42 });

        // All-reduce: each group gets the other's sum.
        let mut sum = [0i32];
        mpi.allreduce(&[r], &mut sum, &Op::Sum, inter)?;
        assert_eq!(sum[0], if in_a { 4 } else { 6 });

        // Reduce of A's ranks to B's rank 0.
        let root = match (in_a, lr) {
            (true, _) => 0,
            (false, 0) => ROOT,
            (false, _) => PROC_NULL,
        };
        let mut total = [-1i32];
        mpi.reduce(&[r * 10], &mut total, &Op::Sum, root, inter)?;
        assert_eq!(total[0], if root == ROOT { 60 } else { -1 });

        // Gather of B's ranks to A's rank 0; scatter from B's rank 1 to A.
        let root = match (in_a, lr) {
            (true, 0) => ROOT,
            (true, _) => PROC_NULL,
            (false, _) => 0,
        };
        let mut all = vec![0i32; if root == ROOT { 2 } else { 0 }];
        mpi.gather(&[r], &mut all, root, inter)?;
        if root == ROOT {
            assert_eq!(all, [1, 3]);
        }
        let root = match (in_a, lr) {
            (false, 1) => ROOT,
            (false, _) => PROC_NULL,
            (true, _) => 1,
        };
        let send = if root == ROOT {
            vec![10, 20, 30]
        } else {
            vec![]
        };
        let mut part = vec![0i32; usize::from(in_a)];
        mpi.scatter(&send, &mut part, root, inter)?;
        if in_a {
            assert_eq!(part, [10 * (lr + 1)]);
        }

        // All-gather and all-to-all: the other group's data.
        let mut all = vec![0i32; nr as usize];
        mpi.allgather(&[r], &mut all, inter)?;
        assert_eq!(all, theirs.iter().map(|&w| w as i32).collect::<Vec<_>>());
        let send: Vec<i32> = (0..nr).map(|i| r * 100 + i).collect();
        let mut got = vec![0i32; nr as usize];
        mpi.alltoall(&send, &mut got, inter)?;
        let want: Vec<i32> = theirs.iter().map(|&w| w as i32 * 100 + lr).collect();
        assert_eq!(got, want);
        mpi.barrier(inter)?;

        // A copy has contexts of its own.
        let copy = mpi.comm_dup(inter)?;
        let s = mpi.isend(&[r], 0, 1, copy)?;
        let s2 = mpi.isend(&[-r], 0, 1, inter)?;
        if lr == 0 {
            for _ in 0..nr {
                let mut got = [0i32];
                let st = mpi.recv(&mut got, ANY_SOURCE, 1, copy)?;
                assert_eq!(got[0], theirs[st.source as usize] as i32);
                mpi.recv(&mut got, st.source, 1, inter)?;
                assert_eq!(got[0], -(theirs[st.source as usize] as i32));
            }
        }
        mpi.waitall(vec![s, s2])?;

        // A non-blocking copy, and a reduce-scatter of the other group's sum.
        let (icopy, req) = mpi.comm_idup(inter)?;
        mpi.wait(req)?;
        assert_eq!(&mpi.comm_remote_members(icopy)?, theirs);
        // Both groups reduce 6 elements: A's 3 ranks get 2, B's 2 get 3.
        let per = 6 / mine.len();
        let counts = vec![per; mine.len()];
        let send: Vec<i32> = (0..6).map(|i| r + i).collect();
        let mut part = vec![0i32; per];
        mpi.reduce_scatter(&send, &mut part, &counts, &Op::Sum, icopy)?;
        let other_sum: i32 = theirs.iter().map(|&w| w as i32).sum();
        let first = lr * per as i32;
        let want: Vec<i32> = (first..first + per as i32)
            .map(|i| other_sum + i * theirs.len() as i32)
            .collect();
        assert_eq!(part, want);
        mpi.comm_free(icopy)?;

        // Merged, B (high) after A.
        let merged = mpi.intercomm_merge(inter, !in_a)?;
        assert!(!mpi.comm_is_inter(merged)?);
        assert_eq!(mpi.comm_size(merged)?, 5);
        let want = if in_a { lr } else { 3 + lr };
        assert_eq!(mpi.comm_rank(merged)?, want);
        let mut sum = [0i32];
        mpi.allreduce(&[r], &mut sum, &Op::Sum, merged)?;
        assert_eq!(sum[0], 10);

        // Split: {0} with {1}, {2, 4} with {3}; rank 4 asks for none.
        let color = if r == 4 {
            arts_ampi::UNDEFINED
        } else {
            i32::from(r >= 2)
        };
        let part = mpi.comm_split(inter, color, -r)?;
        match r {
            4 => assert!(part.is_none()),
            _ => {
                let part = part.unwrap();
                let want: &[u32] = match r {
                    0 => &[1],
                    1 => &[0],
                    2 => &[3],
                    _ => &[2],
                };
                assert_eq!(mpi.comm_remote_members(part)?, want);
                mpi.comm_free(part)?;
            }
        }

        // Calls defined on intracommunicators only refuse it.
        let e = mpi.comm_create_group(inter, &[r as u32], 0).unwrap_err();
        assert!(matches!(e, MpiError::CommKind { inter: true, .. }), "{e}");
        let mut out = [0i32];
        let e = mpi.scan(&[r], &mut out, &Op::Sum, inter).unwrap_err();
        assert!(e.to_string().contains("is an intercommunicator"), "{e}");
        for c in [merged, copy, inter] {
            mpi.comm_free(c)?;
        }
        mpi.record("ok", 1.0);
        Ok(())
    });
    let report = run(&RunOptions::new(5, 2), program).unwrap();
    assert_eq!(report.values["ok"].len(), 5);
}
