//! The collectives of an intercommunicator, as plans for one rank of its
//! local group (`nl` ranks, this one `r`). A plan numbers the local ranks
//! `0..nl` and the remote group's ranks from `nl` on
//! (`CommInfo::coll_world`). Data goes from one group to the other: a
//! rooted collective's data moves between the root (`Role::Root`) and the
//! other group, whose ranks name the root by its remote rank
//! (`Role::Remote`); the rest of the root's group takes no part
//! (`Role::Idle`). Where a group combines or spreads data among itself,
//! it does so with the intracommunicator algorithms of `plans` over its
//! local ranks, through its rank 0. Counts are in bytes.

use super::plans;
use super::schedule::{Local, Plan, Round};

/// This rank's part in a rooted intercommunicator collective.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Role {
    /// The root (`MPI_ROOT`).
    Root,
    /// Another rank of the root's group (`MPI_PROC_NULL`): no part.
    Idle,
    /// A rank of the other group; the root is this remote rank.
    Remote(u32),
}

/// Rank `i` of the remote group, as the plan numbers it.
fn remote(nl: u32, i: u32) -> u32 {
    nl + i
}

fn send_round(plan: &mut Plan, to: u32, buf: usize) {
    plan.round(Round {
        sends: vec![(to, buf, None)],
        ..Round::default()
    });
}

fn recv_round(plan: &mut Plan, from: u32, buf: usize) {
    plan.round(Round {
        recvs: vec![(from, buf)],
        ..Round::default()
    });
}

/// Adds, on rank 0 only, a round that sends `mine` to the other group's
/// rank 0 and receives its counterpart; returns the buffer it lands in.
fn trade(
    plan: &mut Plan,
    nl: u32,
    r: u32,
    mine: usize,
    then: impl FnOnce(usize) -> Vec<Local>,
) -> usize {
    let theirs = plan.buf(Vec::new());
    if r == 0 {
        plan.round(Round {
            sends: vec![(remote(nl, 0), mine, None)],
            recvs: vec![(remote(nl, 0), theirs)],
            then: then(theirs),
        });
    }
    theirs
}

/// Adds a barrier: each group's barrier, its rank 0 trading a token with
/// the other group's, then a broadcast that lets the group go.
pub fn barrier(plan: &mut Plan, nl: u32, r: u32) {
    plans::barrier(plan, nl, r);
    let token = plan.buf(Vec::new());
    let got = trade(plan, nl, r, token, |_| Vec::new());
    plans::bcast(plan, nl, r, 0, got);
}

/// Adds a broadcast of the root's `buf` to every rank of the other group
/// (into `buf`): the root sends it to that group's rank 0, which
/// broadcasts it there.
pub fn bcast(plan: &mut Plan, nl: u32, r: u32, role: Role, buf: usize) {
    match role {
        Role::Root => send_round(plan, remote(nl, 0), buf),
        Role::Idle => {}
        Role::Remote(root) => {
            if r == 0 {
                recv_round(plan, remote(nl, root), buf);
            }
            plans::bcast(plan, nl, r, 0, buf);
        }
    }
}

/// Adds a reduction (with `plan.op`) of the other group's `acc`s, in rank
/// order, to the root; returns the root's buffer of the result.
pub fn reduce(plan: &mut Plan, nl: u32, r: u32, role: Role, acc: usize) -> Option<usize> {
    match role {
        Role::Root => {
            recv_round(plan, remote(nl, 0), acc);
            Some(acc)
        }
        Role::Idle => None,
        Role::Remote(root) => {
            plans::reduce(plan, nl, r, 0, acc);
            if r == 0 {
                send_round(plan, remote(nl, root), acc);
            }
            None
        }
    }
}

/// Adds an all-reduce: every rank gets the reduction of the *other*
/// group's `acc`s (each group reduces to its rank 0, the two trade their
/// results and broadcast what they got); returns the result's buffer.
pub fn allreduce(plan: &mut Plan, nl: u32, r: u32, acc: usize) -> usize {
    plans::reduce(plan, nl, r, 0, acc);
    let theirs = trade(plan, nl, r, acc, |_| Vec::new());
    plans::bcast(plan, nl, r, 0, theirs);
    theirs
}

/// Adds a reduce-scatter: the reduction of the *other* group's `acc`s,
/// `counts[i]` bytes of it to local rank `i` (each group reduces to its
/// rank 0, the two trade their results and scatter what they got);
/// returns the buffer of this rank's part.
pub fn reduce_scatter(plan: &mut Plan, nl: u32, r: u32, acc: usize, counts: &[usize]) -> usize {
    plans::reduce(plan, nl, r, 0, acc);
    let theirs = trade(plan, nl, r, acc, |_| Vec::new());
    plans::scatterv(plan, nl, r, 0, theirs, counts)
}

/// Adds the sharing of a value one group's rank 0 holds in `buf`
/// (`provider`: this rank's group): it goes to the other group's rank 0,
/// and each group broadcasts it from its rank 0.
pub fn share(plan: &mut Plan, nl: u32, r: u32, provider: bool, buf: usize) {
    if r == 0 {
        match provider {
            true => send_round(plan, remote(nl, 0), buf),
            false => recv_round(plan, remote(nl, 0), buf),
        }
    }
    plans::bcast(plan, nl, r, 0, buf);
}

/// Adds an all-reduce over both groups with a commutative `plan.op`:
/// every rank gets the reduction of every `acc` of both groups (their rank
/// 0s trade their group's result and combine); returns its buffer.
pub fn allreduce_both(plan: &mut Plan, nl: u32, r: u32, acc: usize) -> usize {
    plans::reduce(plan, nl, r, 0, acc);
    trade(plan, nl, r, acc, |theirs| {
        vec![Local::Combine {
            lower: acc,
            higher: theirs,
            into: acc,
        }]
    });
    plans::bcast(plan, nl, r, 0, acc);
    acc
}

/// The root's receives of one part from each remote rank (`counts[i]`
/// bytes from rank `i`), concatenated into a new buffer it returns.
fn receive_parts(
    plan: &mut Plan,
    nl: u32,
    counts: &[usize],
    sends: Vec<(u32, usize, Option<std::ops::Range<usize>>)>,
) -> usize {
    let out = plan.buf(Vec::new());
    let slots: Vec<usize> = counts.iter().map(|_| plan.buf(Vec::new())).collect();
    plan.round(Round {
        sends,
        recvs: (0..counts.len() as u32)
            .map(|i| (remote(nl, i), slots[i as usize]))
            .collect(),
        then: vec![Local::Concat {
            parts: slots.iter().copied().zip(counts.iter().copied()).collect(),
            into: out,
        }],
    });
    out
}

/// Adds a gather of the other group's `mine`s to the root (`counts[i]`
/// bytes from remote rank `i`, read at the root); returns the root's
/// buffer of the concatenation.
pub fn gatherv(
    plan: &mut Plan,
    nl: u32,
    role: Role,
    mine: usize,
    counts: &[usize],
) -> Option<usize> {
    match role {
        Role::Root => Some(receive_parts(plan, nl, counts, Vec::new())),
        Role::Idle => None,
        Role::Remote(root) => {
            send_round(plan, remote(nl, root), mine);
            None
        }
    }
}

/// The byte ranges of consecutive parts of `counts` bytes.
fn ranges(counts: &[usize]) -> Vec<std::ops::Range<usize>> {
    let mut at = 0;
    counts
        .iter()
        .map(|&c| {
            at += c;
            at - c..at
        })
        .collect()
}

/// Adds a scatter of the root's `src` (`counts[i]` bytes to remote rank
/// `i`, read at the root) to the other group; returns the buffer of this
/// rank's part (in the other group).
pub fn scatterv(
    plan: &mut Plan,
    nl: u32,
    role: Role,
    src: usize,
    counts: &[usize],
) -> Option<usize> {
    match role {
        Role::Root => {
            let sends = ranges(counts)
                .into_iter()
                .enumerate()
                .map(|(i, range)| (remote(nl, i as u32), src, Some(range)))
                .collect();
            plan.round(Round {
                sends,
                ..Round::default()
            });
            None
        }
        Role::Idle => None,
        Role::Remote(root) => {
            let part = plan.buf(Vec::new());
            recv_round(plan, remote(nl, root), part);
            Some(part)
        }
    }
}

/// Adds an all-gather: `mine` to every remote rank, and from each remote
/// rank `i` `counts[i]` bytes; returns the buffer of their concatenation.
pub fn allgatherv(plan: &mut Plan, nl: u32, mine: usize, counts: &[usize]) -> usize {
    let sends = (0..counts.len() as u32)
        .map(|i| (remote(nl, i), mine, None))
        .collect();
    receive_parts(plan, nl, counts, sends)
}

/// Adds an all-to-all: `send[i]` bytes of `src` to remote rank `i`,
/// `recv[i]` bytes from it; returns the buffer of the concatenation.
pub fn alltoallv(plan: &mut Plan, nl: u32, src: usize, send: &[usize], recv: &[usize]) -> usize {
    let sends = ranges(send)
        .into_iter()
        .enumerate()
        .map(|(i, range)| (remote(nl, i as u32), src, Some(range)))
        .collect();
    receive_parts(plan, nl, recv, sends)
}
