//! Intercommunicators (`MPI_Intercomm_create`, `MPI_Intercomm_merge`, the
//! remote group's size and members): `arts_ampi`'s, with the new
//! communicator's error handler taken from the one it is made from.

use std::ffi::c_int;

use arts_ampi::{Comm, WORLD};

use crate::abi::{ERR_COMM, MPI_COMM_NULL, MPI_COMM_WORLD};
use crate::comm::communicators::inherit;
use crate::state::fail::{Fail, comm_of, out};
use crate::state::{Vp, entry};

/// `MPI_Intercomm_create` (collective over both groups): the leaders trade
/// their groups with messages of `tag` on `peer_comm`.
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn ARTS_MPI_Intercomm_create(
    local_comm: c_int,
    local_leader: c_int,
    peer_comm: c_int,
    remote_leader: c_int,
    tag: c_int,
    newintercomm: *mut c_int,
) -> c_int {
    entry("MPI_Intercomm_create", local_comm, |vp| {
        let newintercomm = out(newintercomm, "newintercomm")?;
        let local = comm_of(local_comm)?;
        let leader = vp.mpi().comm_rank(local)? == local_leader;
        // Only the local leader reads `peer_comm` and `remote_leader`.
        let peer = if leader { comm_of(peer_comm)? } else { WORLD };
        let Comm(new) = vp
            .mpi()
            .intercomm_create(local, local_leader, peer, remote_leader, tag)?;
        inherit(vp, local_comm, new as c_int);
        *newintercomm = new as c_int;
        Ok(())
    })
}

/// `MPI_Intercomm_merge` (collective over both groups): the group whose
/// ranks pass `high` false first.
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn ARTS_MPI_Intercomm_merge(
    intercomm: c_int,
    high: c_int,
    newintracomm: *mut c_int,
) -> c_int {
    entry("MPI_Intercomm_merge", intercomm, |vp| {
        let newintracomm = out(newintracomm, "newintracomm")?;
        let Comm(new) = vp.mpi().intercomm_merge(comm_of(intercomm)?, high != 0)?;
        inherit(vp, intercomm, new as c_int);
        *newintracomm = new as c_int;
        Ok(())
    })
}

/// `MPI_Comm_test_inter`: whether `comm` is an intercommunicator.
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn ARTS_MPI_Comm_test_inter(
    comm: c_int,
    flag: *mut c_int,
) -> c_int {
    entry("MPI_Comm_test_inter", comm, |vp| {
        let flag = out(flag, "flag")?;
        *flag = c_int::from(vp.mpi().comm_is_inter(comm_of(comm)?)?);
        Ok(())
    })
}

/// `MPI_Comm_get_parent`: `MPI_COMM_NULL` (arts starts no processes
/// with `MPI_Comm_spawn`, so no rank has a parent).
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn ARTS_MPI_Comm_get_parent(parent: *mut c_int) -> c_int {
    entry("MPI_Comm_get_parent", MPI_COMM_WORLD, |_| {
        *out(parent, "parent")? = MPI_COMM_NULL;
        Ok(())
    })
}

/// `MPI_Comm_remote_size`: the size of intercommunicator `comm`'s remote group.
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn ARTS_MPI_Comm_remote_size(
    comm: c_int,
    size: *mut c_int,
) -> c_int {
    entry("MPI_Comm_remote_size", comm, |vp| {
        let size = out(size, "size")?;
        *size = vp.mpi().comm_remote_members(comm_of(comm)?)?.len() as c_int;
        Ok(())
    })
}

/// `MPI_Comm_remote_group`: intercommunicator `comm`'s remote group.
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn ARTS_MPI_Comm_remote_group(
    comm: c_int,
    group: *mut c_int,
) -> c_int {
    entry("MPI_Comm_remote_group", comm, |vp| {
        let group = out(group, "group")?;
        let members = vp.mpi().comm_remote_members(comm_of(comm)?)?;
        *group = vp.groups.add(members);
        Ok(())
    })
}

/// The arts communicator of `comm`, refused if it is an intercommunicator
/// (for calls defined on intracommunicators: topologies, windows, files).
pub(crate) fn intra(vp: &mut Vp, comm: c_int) -> Result<Comm, Fail> {
    let c = comm_of(comm)?;
    match vp.mpi().comm_is_inter(c)? {
        false => Ok(c),
        true => Err(Fail::new(
            ERR_COMM,
            format!(
                "communicator {comm} is an intercommunicator; this call takes an intracommunicator"
            ),
        )),
    }
}
