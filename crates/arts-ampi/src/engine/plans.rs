//! The collective algorithms, as plans for one rank (`n` ranks, this one
//! `r`): dissemination barrier, binomial-tree broadcast and reduction
//! (reduction always towards rank 0, then to the root, so that
//! non-commutative operations combine in rank order), linear gathers and
//! scatters, pairwise all-to-all, neighbor exchanges and linear-chain scans.
//! Counts are in bytes.

use super::schedule::{Local, Plan, Round};

/// Adds a dissemination barrier: ⌈log2 n⌉ rounds of zero-byte messages.
pub fn barrier(plan: &mut Plan, n: u32, r: u32) {
    let (token, got) = (plan.buf(Vec::new()), plan.buf(Vec::new()));
    let mut k = 1;
    while k < n {
        plan.round(Round {
            sends: vec![((r + k) % n, token, None)],
            recvs: vec![((r + n - k) % n, got)],
            then: Vec::new(),
        });
        k *= 2;
    }
}

/// Adds a binomial-tree broadcast of buffer `buf` from `root` (received into `buf`).
pub fn bcast(plan: &mut Plan, n: u32, r: u32, root: u32, buf: usize) {
    let vr = (r + n - root) % n;
    let abs = |v: u32| (v + root) % n;
    let mut mask = 1u32;
    while mask < n {
        if vr & mask != 0 {
            plan.round(Round {
                recvs: vec![(abs(vr - mask), buf)],
                ..Round::default()
            });
            break;
        }
        mask <<= 1;
    }
    let mut sends = Vec::new();
    mask >>= 1;
    while mask > 0 {
        if vr + mask < n {
            sends.push((abs(vr + mask), buf, None));
        }
        mask >>= 1;
    }
    if !sends.is_empty() {
        plan.round(Round {
            sends,
            ..Round::default()
        });
    }
}

/// Adds a binomial-tree reduction of `acc` (with `plan.op`) to `root`; the
/// root's `acc` holds the result, combined in rank order.
pub fn reduce(plan: &mut Plan, n: u32, r: u32, root: u32, acc: usize) {
    let tmp = plan.buf(Vec::new());
    let mut mask = 1u32;
    while mask < n {
        if r & mask == 0 {
            let src = r | mask;
            if src < n {
                plan.round(Round {
                    recvs: vec![(src, tmp)],
                    then: vec![Local::Combine {
                        lower: acc,
                        higher: tmp,
                        into: acc,
                    }],
                    ..Round::default()
                });
            }
        } else {
            plan.round(Round {
                sends: vec![(r & !mask, acc, None)],
                ..Round::default()
            });
            break;
        }
        mask <<= 1;
    }
    if root != 0 && r == 0 {
        plan.round(Round {
            sends: vec![(root, acc, None)],
            ..Round::default()
        });
    }
    if root != 0 && r == root {
        plan.round(Round {
            recvs: vec![(0, acc)],
            ..Round::default()
        });
    }
}

/// Adds a linear gather of `mine` to `root` (`counts[i]` bytes from rank
/// `i`); returns the root's buffer of the concatenation.
pub fn gatherv(
    plan: &mut Plan,
    n: u32,
    r: u32,
    root: u32,
    mine: usize,
    counts: &[usize],
) -> Option<usize> {
    if r != root {
        plan.round(Round {
            sends: vec![(root, mine, None)],
            ..Round::default()
        });
        return None;
    }
    let out = plan.buf(Vec::new());
    let mut recvs = Vec::new();
    let mut parts = Vec::new();
    for i in 0..n {
        let slot = if i == r { mine } else { plan.buf(Vec::new()) };
        if i != r {
            recvs.push((i, slot));
        }
        parts.push((slot, counts[i as usize]));
    }
    plan.round(Round {
        recvs,
        then: vec![Local::Concat { parts, into: out }],
        ..Round::default()
    });
    Some(out)
}

fn offsets(counts: &[usize]) -> Vec<usize> {
    let mut off = Vec::with_capacity(counts.len() + 1);
    off.push(0);
    for c in counts {
        off.push(off.last().copied().unwrap_or(0) + c);
    }
    off
}

/// Adds a linear scatter of the root's `src` (`counts[i]` bytes to rank
/// `i`); returns the buffer of this rank's part.
pub fn scatterv(plan: &mut Plan, n: u32, r: u32, root: u32, src: usize, counts: &[usize]) -> usize {
    let part = plan.buf(Vec::new());
    if r != root {
        plan.round(Round {
            recvs: vec![(root, part)],
            ..Round::default()
        });
        return part;
    }
    let off = offsets(counts);
    let sends = (0..n)
        .filter(|&i| i != r)
        .map(|i| (i, src, Some(off[i as usize]..off[i as usize + 1])))
        .collect();
    plan.round(Round {
        sends,
        then: vec![Local::Slice {
            from: src,
            range: off[r as usize]..off[r as usize + 1],
            into: part,
        }],
        ..Round::default()
    });
    part
}

/// Adds a linear scatter whose root holds each rank's part in a buffer of
/// its own (`parts[i]` for rank `i`; empty elsewhere): each part goes out
/// whole (shared, not copied again); returns the buffer of this rank's part.
pub fn scatter(plan: &mut Plan, n: u32, r: u32, root: u32, parts: &[usize]) -> usize {
    if r != root {
        let part = plan.buf(Vec::new());
        plan.round(Round {
            recvs: vec![(root, part)],
            ..Round::default()
        });
        return part;
    }
    let sends = (0..n)
        .filter(|&i| i != r)
        .map(|i| (i, parts[i as usize], None))
        .collect();
    plan.round(Round {
        sends,
        ..Round::default()
    });
    parts[r as usize]
}

/// Adds an all-to-all exchange: `send[i]` bytes of `src` to rank `i`,
/// `recv[i]` bytes from it; returns the buffer of the concatenation.
pub fn alltoallv(
    plan: &mut Plan,
    n: u32,
    r: u32,
    src: usize,
    send: &[usize],
    recv: &[usize],
) -> usize {
    let off = offsets(send);
    let out = plan.buf(Vec::new());
    let slots: Vec<usize> = (0..n).map(|_| plan.buf(Vec::new())).collect();
    let others = (0..n).filter(|&i| i != r);
    plan.round(Round {
        sends: others
            .clone()
            .map(|i| (i, src, Some(off[i as usize]..off[i as usize + 1])))
            .collect(),
        recvs: others.map(|i| (i, slots[i as usize])).collect(),
        then: vec![
            Local::Slice {
                from: src,
                range: off[r as usize]..off[r as usize + 1],
                into: slots[r as usize],
            },
            Local::Concat {
                parts: (0..n as usize).map(|i| (slots[i], recv[i])).collect(),
                into: out,
            },
        ],
    });
    out
}

/// Adds an inclusive scan of `acc` along the ranks (a linear chain).
pub fn scan(plan: &mut Plan, n: u32, r: u32, acc: usize) {
    if r > 0 {
        let prefix = plan.buf(Vec::new());
        plan.round(Round {
            recvs: vec![(r - 1, prefix)],
            then: vec![Local::Combine {
                lower: prefix,
                higher: acc,
                into: acc,
            }],
            ..Round::default()
        });
    }
    if r + 1 < n {
        plan.round(Round {
            sends: vec![(r + 1, acc, None)],
            ..Round::default()
        });
    }
}

/// Adds an exclusive scan of `acc` along the ranks (a linear chain): rank
/// `r > 0` receives the combination of ranks `0..r`, returned as its result
/// buffer, and passes it on combined with its own `acc`; rank 0 gets none.
pub fn exscan(plan: &mut Plan, n: u32, r: u32, acc: usize) -> Option<usize> {
    let prefix = (r > 0).then(|| {
        let prefix = plan.buf(Vec::new());
        let then = if r + 1 < n {
            vec![Local::Combine {
                lower: prefix,
                higher: acc,
                into: acc,
            }]
        } else {
            Vec::new()
        };
        plan.round(Round {
            recvs: vec![(r - 1, prefix)],
            then,
            ..Round::default()
        });
        prefix
    });
    if r + 1 < n {
        plan.round(Round {
            sends: vec![(r + 1, acc, None)],
            ..Round::default()
        });
    }
    prefix
}

/// Adds a neighbor exchange: `send[i]` bytes of `src` to rank `dests[i]`,
/// `recv[j]` bytes from rank `sources[j]` (repeated ranks match in list
/// order); returns the buffer of the concatenation in `sources` order.
pub fn neighbors(
    plan: &mut Plan,
    src: usize,
    dests: &[u32],
    send: &[usize],
    sources: &[u32],
    recv: &[usize],
) -> usize {
    let off = offsets(send);
    let out = plan.buf(Vec::new());
    let slots: Vec<usize> = sources.iter().map(|_| plan.buf(Vec::new())).collect();
    plan.round(Round {
        sends: (dests.iter().enumerate())
            .map(|(i, &d)| (d, src, Some(off[i]..off[i + 1])))
            .collect(),
        recvs: sources.iter().zip(&slots).map(|(&s, &b)| (s, b)).collect(),
        then: vec![Local::Concat {
            parts: slots.iter().zip(recv).map(|(&b, &n)| (b, n)).collect(),
            into: out,
        }],
    });
    out
}
