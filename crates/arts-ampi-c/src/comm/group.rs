//! Groups: ordered sets of ranks, local to the rank that makes them
//! (`MPI_Comm_group`, `MPI_Group_incl`/`excl`/`union`/`intersection`/
//! `difference`, `translate_ranks`, `compare`), and `MPI_Comm_create`, the
//! collective that makes a communicator of a group's members. A group is
//! its members' `MPI_COMM_WORLD` ranks in group order; `MPI_GROUP_EMPTY`
//! is handle 0.

use std::ffi::c_int;

use arts_ampi::Comm;

use crate::abi::*;
use crate::comm::communicators::inherit;
use crate::state::fail::{Fail, comm_of, count, ints, out};
use crate::state::{Vp, entry};

/// The members of group `group` at the `n` positions `ranks`, checked.
fn at(members: &[u32], ranks: &[c_int]) -> Result<Vec<u32>, Fail> {
    let mut seen = vec![false; members.len()];
    ranks
        .iter()
        .map(|&r| {
            let i = usize::try_from(r).ok().filter(|&i| i < members.len());
            let i = i.ok_or_else(|| {
                Fail::new(
                    ERR_RANK,
                    format!("rank {r} is not in the group of {}", members.len()),
                )
            })?;
            if std::mem::replace(&mut seen[i], true) {
                return Err(Fail::new(ERR_RANK, format!("rank {r} is listed twice")));
            }
            Ok(members[i])
        })
        .collect()
}

/// Runs `body` on the groups as call `call`, storing the group it makes
/// at `newgroup`.
fn make(
    call: &'static str,
    newgroup: *mut c_int,
    body: impl FnOnce(&mut Vp) -> Result<Vec<u32>, Fail>,
) -> c_int {
    entry(call, MPI_COMM_WORLD, |vp| {
        let newgroup = out(newgroup, "newgroup")?;
        let members = body(vp)?;
        *newgroup = vp.groups.add(members);
        Ok(())
    })
}

/// `MPI_Comm_group`: the members of `comm`, in rank order.
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn ARTS_MPI_Comm_group(
    comm: c_int,
    group: *mut c_int,
) -> c_int {
    make("MPI_Comm_group", group, |vp| {
        Ok(vp.mpi().comm_members(comm_of(comm)?)?)
    })
}

/// `MPI_Group_incl`: the members at `ranks`, in that order.
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn ARTS_MPI_Group_incl(
    group: c_int,
    n: c_int,
    ranks: *const c_int,
    newgroup: *mut c_int,
) -> c_int {
    make("MPI_Group_incl", newgroup, |vp| {
        let ranks = ints(ranks, count(n, "n")?, "ranks")?;
        at(vp.groups.get(group)?, ranks)
    })
}

/// `MPI_Group_excl`: the members not at `ranks`, in group order.
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn ARTS_MPI_Group_excl(
    group: c_int,
    n: c_int,
    ranks: *const c_int,
    newgroup: *mut c_int,
) -> c_int {
    make("MPI_Group_excl", newgroup, |vp| {
        let ranks = ints(ranks, count(n, "n")?, "ranks")?;
        let members = vp.groups.get(group)?;
        let out = at(members, ranks)?;
        Ok(members
            .iter()
            .copied()
            .filter(|m| !out.contains(m))
            .collect())
    })
}

/// `MPI_Group_union`: the first group's members, then the second's not in it.
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn ARTS_MPI_Group_union(
    group1: c_int,
    group2: c_int,
    newgroup: *mut c_int,
) -> c_int {
    make("MPI_Group_union", newgroup, |vp| {
        let (a, b) = (vp.groups.get(group1)?, vp.groups.get(group2)?);
        let extra = b.iter().filter(|m| !a.contains(m));
        Ok(a.iter().chain(extra).copied().collect())
    })
}

/// `MPI_Group_intersection`: the first group's members also in the second.
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn ARTS_MPI_Group_intersection(
    group1: c_int,
    group2: c_int,
    newgroup: *mut c_int,
) -> c_int {
    make("MPI_Group_intersection", newgroup, |vp| {
        let (a, b) = (vp.groups.get(group1)?, vp.groups.get(group2)?);
        Ok(a.iter().copied().filter(|m| b.contains(m)).collect())
    })
}

/// `MPI_Group_difference`: the first group's members not in the second.
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn ARTS_MPI_Group_difference(
    group1: c_int,
    group2: c_int,
    newgroup: *mut c_int,
) -> c_int {
    make("MPI_Group_difference", newgroup, |vp| {
        let (a, b) = (vp.groups.get(group1)?, vp.groups.get(group2)?);
        Ok(a.iter().copied().filter(|m| !b.contains(m)).collect())
    })
}

/// `MPI_Group_size`.
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn ARTS_MPI_Group_size(
    group: c_int,
    size: *mut c_int,
) -> c_int {
    entry("MPI_Group_size", MPI_COMM_WORLD, |vp| {
        *out(size, "size")? = vp.groups.get(group)?.len() as c_int;
        Ok(())
    })
}

/// `MPI_Group_rank`: this rank's position in the group, or `MPI_UNDEFINED`.
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn ARTS_MPI_Group_rank(
    group: c_int,
    rank: *mut c_int,
) -> c_int {
    entry("MPI_Group_rank", MPI_COMM_WORLD, |vp| {
        let me = vp.rank as u32;
        let members = vp.groups.get(group)?;
        *out(rank, "rank")? = members
            .iter()
            .position(|&m| m == me)
            .map_or(MPI_UNDEFINED, |i| i as c_int);
        Ok(())
    })
}

/// `MPI_Group_translate_ranks`: the positions in `group2` of the members
/// at `ranks1` of `group1` (`MPI_UNDEFINED` where absent; `MPI_PROC_NULL`
/// stays).
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn ARTS_MPI_Group_translate_ranks(
    group1: c_int,
    n: c_int,
    ranks1: *const c_int,
    group2: c_int,
    ranks2: *mut c_int,
) -> c_int {
    entry("MPI_Group_translate_ranks", MPI_COMM_WORLD, |vp| {
        let n = count(n, "n")?;
        let ranks1 = ints(ranks1, n, "ranks1")?;
        let (a, b) = (vp.groups.get(group1)?, vp.groups.get(group2)?);
        if n > 0 && ranks2.is_null() {
            return Err(Fail::new(ERR_ARG, "ranks2 is a null pointer"));
        }
        for (k, &r) in ranks1.iter().enumerate() {
            let t = if r == MPI_PROC_NULL {
                MPI_PROC_NULL
            } else {
                let m = at(a, &[r])?[0];
                b.iter()
                    .position(|&x| x == m)
                    .map_or(MPI_UNDEFINED, |i| i as c_int)
            };
            // SAFETY: the program passes room for `n` ranks (non-null).
            unsafe { *ranks2.add(k) = t };
        }
        Ok(())
    })
}

/// `MPI_Group_compare`: `MPI_IDENT` (same members, same order),
/// `MPI_SIMILAR` (same members) or `MPI_UNEQUAL`.
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn ARTS_MPI_Group_compare(
    group1: c_int,
    group2: c_int,
    result: *mut c_int,
) -> c_int {
    entry("MPI_Group_compare", MPI_COMM_WORLD, |vp| {
        let (a, b) = (vp.groups.get(group1)?, vp.groups.get(group2)?);
        *out(result, "result")? = if a == b {
            MPI_IDENT
        } else if a.len() == b.len() && a.iter().all(|m| b.contains(m)) {
            MPI_SIMILAR
        } else {
            MPI_UNEQUAL
        };
        Ok(())
    })
}

/// `MPI_Group_free`: the handle becomes `MPI_GROUP_NULL` (also for
/// `MPI_GROUP_EMPTY`, which the constructors give for an empty group and
/// which stays, as under Open MPI and MPICH).
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn ARTS_MPI_Group_free(group: *mut c_int) -> c_int {
    entry("MPI_Group_free", MPI_COMM_WORLD, |vp| {
        let g = out(group, "group")?;
        vp.groups.get(*g)?;
        vp.groups.free(*g);
        *g = MPI_GROUP_NULL;
        Ok(())
    })
}

/// Communicator `comm` and the members (`WORLD` ranks) of `group`, which
/// must all be in it.
fn group_in(vp: &mut Vp, comm: c_int, group: c_int) -> Result<(Comm, Vec<u32>), Fail> {
    let c = comm_of(comm)?;
    let members = vp.mpi().comm_members(c)?;
    let group_members = vp.groups.get(group)?.to_vec();
    if let Some(m) = group_members.iter().find(|m| !members.contains(m)) {
        return Err(Fail::new(
            ERR_GROUP,
            format!("the group has rank {m} of MPI_COMM_WORLD, which is not in the communicator"),
        ));
    }
    Ok((c, group_members))
}

/// `MPI_Comm_create` (collective over `comm`): a communicator of
/// `group`'s members, ranked in group order; `MPI_COMM_NULL` for the
/// ranks of `comm` not in it. The group must be a subset of `comm`. Since
/// MPI-2.2 each rank may pass its own group if the groups are disjoint
/// (row and column communicators): each group becomes a communicator of
/// its own, named among the others by its lowest member.
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn ARTS_MPI_Comm_create(
    comm: c_int,
    group: c_int,
    newcomm: *mut c_int,
) -> c_int {
    entry("MPI_Comm_create", comm, |vp| {
        let newcomm = out(newcomm, "newcomm")?;
        let (c, group_members) = group_in(vp, comm, group)?;
        let me = vp.rank as u32;
        // Disjoint groups have distinct lowest members; equal groups, one.
        // On an intercommunicator each group passes a group of its own
        // ranks, and the two members' parts are joined.
        let lowest = match vp.mpi().comm_is_inter(c)? {
            true => 0,
            false => group_members.iter().min().map_or(0, |&m| m as c_int),
        };
        let (color, key) = match group_members.iter().position(|&m| m == me) {
            Some(i) => (lowest, i as c_int),
            None => (arts_ampi::UNDEFINED, 0),
        };
        *newcomm = match vp.mpi().comm_split(c, color, key)? {
            Some(Comm(new)) => {
                // Overlapping groups (erroneous) would join ranks whose
                // groups differ: refuse rather than give a wrong communicator.
                if vp.mpi().comm_members(Comm(new))? != group_members {
                    vp.mpi().comm_free(Comm(new))?;
                    return Err(Fail::new(
                        ERR_GROUP,
                        "the ranks passed groups that overlap but differ (they must \
                         be equal or disjoint)",
                    ));
                }
                inherit(vp, comm, new as c_int);
                new as c_int
            }
            None => MPI_COMM_NULL,
        };
        Ok(())
    })
}

/// `MPI_Comm_create_group` (MPI-3; collective over `group`'s members
/// only): a communicator of `group`'s members, ranked in group order,
/// made without the other ranks of `comm`; `tag` tells apart calls that
/// run at once.
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn ARTS_MPI_Comm_create_group(
    comm: c_int,
    group: c_int,
    tag: c_int,
    newcomm: *mut c_int,
) -> c_int {
    entry("MPI_Comm_create_group", comm, |vp| {
        let newcomm = out(newcomm, "newcomm")?;
        crate::p2p::send_recv::check_tag(tag)?;
        let (_, group_members) = group_in(vp, comm, group)?;
        if !group_members.contains(&(vp.rank as u32)) {
            return Err(Fail::new(
                ERR_GROUP,
                "the calling rank is not in the group (only its members call)",
            ));
        }
        let internal = arts_ampi::Comm(vp.shadow(comm)? as u32);
        *newcomm = match vp.mpi().comm_create_group(internal, &group_members, tag)? {
            Some(Comm(new)) => {
                inherit(vp, comm, new as c_int);
                new as c_int
            }
            None => MPI_COMM_NULL,
        };
        Ok(())
    })
}

/// The ranks of `n` triplets `(first, last, stride)` at `ranges`, in order.
fn ranks_in(ranges: *const [c_int; 3], n: c_int) -> Result<Vec<c_int>, Fail> {
    let n = count(n, "n")?;
    if n > 0 && ranges.is_null() {
        return Err(Fail::new(ERR_ARG, "ranges is a null pointer"));
    }
    let mut ranks = Vec::new();
    for i in 0..n {
        // SAFETY: the program passes `n` triplets (checked non-null).
        let [first, last, stride] = unsafe { *ranges.add(i) };
        if stride == 0 {
            return Err(Fail::new(ERR_ARG, format!("range {i} has stride 0")));
        }
        let mut r = first;
        while (stride > 0 && r <= last) || (stride < 0 && r >= last) {
            ranks.push(r);
            r = r
                .checked_add(stride)
                .ok_or_else(|| Fail::new(ERR_ARG, format!("range {i} overflows")))?;
        }
    }
    Ok(ranks)
}

/// `MPI_Group_range_incl`: the members at the ranks of each triplet
/// `(first, last, stride)`, in order.
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn ARTS_MPI_Group_range_incl(
    group: c_int,
    n: c_int,
    ranges: *const [c_int; 3],
    newgroup: *mut c_int,
) -> c_int {
    make("MPI_Group_range_incl", newgroup, |vp| {
        let ranks = ranks_in(ranges, n)?;
        at(vp.groups.get(group)?, &ranks)
    })
}

/// `MPI_Group_range_excl`: the members not at the ranks of the triplets,
/// in group order.
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn ARTS_MPI_Group_range_excl(
    group: c_int,
    n: c_int,
    ranges: *const [c_int; 3],
    newgroup: *mut c_int,
) -> c_int {
    make("MPI_Group_range_excl", newgroup, |vp| {
        let ranks = ranks_in(ranges, n)?;
        let members = vp.groups.get(group)?;
        let out = at(members, &ranks)?;
        Ok(members
            .iter()
            .copied()
            .filter(|m| !out.contains(m))
            .collect())
    })
}
