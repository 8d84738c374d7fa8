//! Communicator calls: rank, size, dup (blocking or not), split (by color or by where ranks
//! run), free, compare and error
//! handlers (a new communicator inherits its parent's handler and
//! Cartesian topology is kept by `MPI_Comm_dup`).

use std::ffi::{c_int, c_void};

use arts_ampi::{Comm, WORLD};

use crate::abi::*;
use crate::comm::attrs;
use crate::state::fail::{Fail, comm_of, out};
use crate::state::object::Object;
use crate::state::request::CReq;
use crate::state::{Vp, entry};

/// Registers `new` as derived from `old`: inherits the error handler.
pub(crate) fn inherit(vp: &mut Vp, old: c_int, new: c_int) {
    let h = vp.errhandler(old);
    vp.errhandlers.insert(new, h);
}

/// `MPI_Comm_rank`.
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn ARTS_MPI_Comm_rank(comm: c_int, rank: *mut c_int) -> c_int {
    entry("MPI_Comm_rank", comm, |vp| {
        let rank = out(rank, "rank")?;
        *rank = vp.mpi().comm_rank(comm_of(comm)?)?;
        Ok(())
    })
}

/// `MPI_Comm_size`.
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn ARTS_MPI_Comm_size(comm: c_int, size: *mut c_int) -> c_int {
    entry("MPI_Comm_size", comm, |vp| {
        let size = out(size, "size")?;
        *size = vp.mpi().comm_size(comm_of(comm)?)?;
        Ok(())
    })
}

/// `MPI_Comm_dup` (collective).
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn ARTS_MPI_Comm_dup(
    comm: c_int,
    newcomm: *mut c_int,
) -> c_int {
    entry("MPI_Comm_dup", comm, |vp| {
        let newcomm = out(newcomm, "newcomm")?;
        *newcomm = MPI_COMM_NULL;
        *newcomm = dup(vp, comm)?;
        Ok(())
    })
}

/// `MPI_Comm_dup_with_info` (collective): `MPI_Comm_dup`; the hints are
/// checked and not used.
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn ARTS_MPI_Comm_dup_with_info(
    comm: c_int,
    info: c_int,
    newcomm: *mut c_int,
) -> c_int {
    entry("MPI_Comm_dup_with_info", comm, |vp| {
        let newcomm = out(newcomm, "newcomm")?;
        crate::comm::info::check(vp, info)?;
        *newcomm = MPI_COMM_NULL;
        *newcomm = dup(vp, comm)?;
        Ok(())
    })
}

/// `MPI_Comm_idup` (collective, non-blocking): `*newcomm` is set at once
/// and may be used once `*request` completes; attributes are copied now.
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn ARTS_MPI_Comm_idup(
    comm: c_int,
    newcomm: *mut c_int,
    request: *mut c_int,
) -> c_int {
    entry("MPI_Comm_idup", comm, |vp| idup(vp, comm, newcomm, request))
}

/// `MPI_Comm_idup_with_info`: `MPI_Comm_idup`; the hints are checked and
/// not used.
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn ARTS_MPI_Comm_idup_with_info(
    comm: c_int,
    info: c_int,
    newcomm: *mut c_int,
    request: *mut c_int,
) -> c_int {
    entry("MPI_Comm_idup_with_info", comm, |vp| {
        crate::comm::info::check(vp, info)?;
        idup(vp, comm, newcomm, request)
    })
}

fn idup(vp: &mut Vp, comm: c_int, newcomm: *mut c_int, request: *mut c_int) -> Result<(), Fail> {
    let newcomm = out(newcomm, "newcomm")?;
    let request = out(request, "request")?;
    *newcomm = MPI_COMM_NULL;
    let (Comm(new), req) = vp.mpi().comm_idup(comm_of(comm)?)?;
    // A failed attribute copy drops `req`: the duplication finishes
    // unseen, on a communicator already released.
    *newcomm = derive(vp, comm, new as c_int)?;
    *request = vp.add_req(CReq::pending(req));
    Ok(())
}

/// A duplicate of `comm` with its topology, error handler and attributes
/// (collective).
fn dup(vp: &mut Vp, comm: c_int) -> Result<c_int, Fail> {
    let Comm(new) = vp.mpi().comm_dup(comm_of(comm)?)?;
    derive(vp, comm, new as c_int)
}

/// Gives `new`, a duplicate of `comm`, `comm`'s topology, error handler
/// and attributes; on failure releases it.
fn derive(vp: &mut Vp, comm: c_int, new: c_int) -> Result<c_int, Fail> {
    inherit(vp, comm, new);
    if let Some(cart) = vp.carts.get(&comm).cloned() {
        vp.carts.insert(new, cart);
    }
    if let Some(graph) = vp.graphs.get(&comm).cloned() {
        vp.graphs.insert(new, graph);
    }
    if let Err(fail) = attrs::copy_all(vp, Object::Comm(comm), new) {
        attrs::undo_dup(vp, Object::Comm(new));
        release(vp, new)?;
        return Err(fail);
    }
    Ok(new)
}

/// Splits `comm` by `color` (`MPI_UNDEFINED`: no part), ordered by `key`;
/// returns the new communicator or `MPI_COMM_NULL`.
fn split(vp: &mut Vp, comm: c_int, color: c_int, key: c_int) -> Result<c_int, Fail> {
    let color = if color == MPI_UNDEFINED {
        arts_ampi::UNDEFINED
    } else {
        color
    };
    Ok(match vp.mpi().comm_split(comm_of(comm)?, color, key)? {
        Some(Comm(new)) => {
            inherit(vp, comm, new as c_int);
            new as c_int
        }
        None => MPI_COMM_NULL,
    })
}

/// `MPI_Comm_split` (collective); `MPI_UNDEFINED` gives `MPI_COMM_NULL`.
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn ARTS_MPI_Comm_split(
    comm: c_int,
    color: c_int,
    key: c_int,
    newcomm: *mut c_int,
) -> c_int {
    entry("MPI_Comm_split", comm, |vp| {
        let newcomm = out(newcomm, "newcomm")?;
        if color < 0 && color != MPI_UNDEFINED {
            return Err(Fail::new(
                ERR_ARG,
                format!("color {color} is neither >= 0 nor MPI_UNDEFINED"),
            ));
        }
        *newcomm = split(vp, comm, color, key)?;
        Ok(())
    })
}

/// `MPI_Comm_split_type` (collective): `MPI_COMM_TYPE_SHARED` (and
/// `AMPI_COMM_TYPE_PROCESS`) groups the ranks running in one process, which
/// share its memory; `AMPI_COMM_TYPE_PE` the ranks on one PE. Where a rank
/// runs is taken at the call: a rank that migrates later stays in its part.
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn ARTS_MPI_Comm_split_type(
    comm: c_int,
    split_type: c_int,
    key: c_int,
    _info: c_int,
    newcomm: *mut c_int,
) -> c_int {
    entry("MPI_Comm_split_type", comm, |vp| {
        let newcomm = out(newcomm, "newcomm")?;
        let color = match split_type {
            MPI_UNDEFINED => MPI_UNDEFINED,
            MPI_COMM_TYPE_SHARED | AMPI_COMM_TYPE_PROCESS => vp.mpi().process() as c_int,
            AMPI_COMM_TYPE_PE => vp.mpi().pe() as c_int,
            _ => {
                return Err(Fail::new(
                    ERR_ARG,
                    format!(
                        "split type {split_type} is not MPI_COMM_TYPE_SHARED, \
                         AMPI_COMM_TYPE_PROCESS, AMPI_COMM_TYPE_PE or MPI_UNDEFINED"
                    ),
                ));
            }
        };
        *newcomm = split(vp, comm, color, key)?;
        Ok(())
    })
}

/// `MPI_Comm_free` (not `MPI_COMM_WORLD` or `MPI_COMM_SELF`).
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn ARTS_MPI_Comm_free(comm: *mut c_int) -> c_int {
    let c = if comm.is_null() {
        MPI_COMM_WORLD
    } else {
        // SAFETY: checked non-null; the program passes a valid pointer.
        unsafe { *comm }
    };
    entry("MPI_Comm_free", c, |vp| {
        let comm = out(comm, "comm")?;
        if *comm == MPI_COMM_WORLD || *comm == MPI_COMM_SELF {
            return Err(Fail::new(
                ERR_COMM,
                "MPI_COMM_WORLD and MPI_COMM_SELF cannot be freed",
            ));
        }
        comm_of(*comm)?;
        attrs::delete_all(vp, Object::Comm(*comm))?;
        release(vp, *comm)?;
        *comm = MPI_COMM_NULL;
        Ok(())
    })
}

/// Frees communicator `comm` (its attributes already deleted) and what the
/// rank keeps of it.
fn release(vp: &mut Vp, comm: c_int) -> Result<(), Fail> {
    vp.mpi().comm_free(Comm(comm as u32))?;
    if let Some(shadow) = vp.shadows.remove(&comm) {
        vp.mpi().comm_free(Comm(shadow as u32))?;
    }
    vp.carts.remove(&comm);
    vp.graphs.remove(&comm);
    vp.errhandlers.remove(&comm);
    vp.names.remove(&Object::Comm(comm));
    Ok(())
}

/// `MPI_Comm_compare`.
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn ARTS_MPI_Comm_compare(
    comm1: c_int,
    comm2: c_int,
    result: *mut c_int,
) -> c_int {
    entry("MPI_Comm_compare", comm1, |vp| {
        let result = out(result, "result")?;
        // Each communicator's groups: its members, and an
        // intercommunicator's remote group.
        let groups = |comm: c_int| -> Result<[Vec<u32>; 2], Fail> {
            let c = comm_of(comm)?;
            let remote = match vp.mpi().comm_is_inter(c)? {
                true => vp.mpi().comm_remote_members(c)?,
                false => Vec::new(),
            };
            Ok([vp.mpi().comm_members(c)?, remote])
        };
        let (a, b) = (groups(comm1)?, groups(comm2)?);
        *result = if comm1 == comm2 {
            MPI_IDENT
        } else if a == b {
            MPI_CONGRUENT
        } else {
            let sorted = |mut g: [Vec<u32>; 2]| {
                g.iter_mut().for_each(|v| v.sort_unstable());
                g
            };
            if sorted(a) == sorted(b) {
                MPI_SIMILAR
            } else {
                MPI_UNEQUAL
            }
        };
        Ok(())
    })
}

/// `MPI_Comm_set_errhandler`: `MPI_ERRORS_ARE_FATAL`, `MPI_ERRORS_RETURN`
/// or one of `MPI_Comm_create_errhandler`.
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn ARTS_MPI_Comm_set_errhandler(
    comm: c_int,
    handler: c_int,
) -> c_int {
    entry("MPI_Comm_set_errhandler", comm, |vp| {
        vp.mpi().comm_size(comm_of(comm)?)?;
        vp.set_errhandler(comm, handler)
    })
}

/// `MPI_Comm_get_errhandler`.
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn ARTS_MPI_Comm_get_errhandler(
    comm: c_int,
    handler: *mut c_int,
) -> c_int {
    entry("MPI_Comm_get_errhandler", comm, |vp| {
        let handler = out(handler, "errhandler")?;
        vp.mpi().comm_size(comm_of(comm)?)?;
        *handler = vp.errhandler(comm);
        Ok(())
    })
}

/// `MPI_Comm_get_attr` of a predefined attribute: `*attribute_val` (a
/// `void *` slot) points at its `int` value. `MPI_TAG_UB` is the largest
/// tag, `MPI_HOST` `MPI_PROC_NULL`, `MPI_IO` `MPI_ANY_SOURCE` (every rank
/// may do I/O), `MPI_WTIME_IS_GLOBAL` 0 (clocks of processes on different
/// machines are not synchronized), `MPI_UNIVERSE_SIZE` the number of
/// ranks, `MPI_APPNUM` 0 (one program), `MPI_LASTUSEDCODE` the largest
/// error code (`MPI_Add_error_code`). A user key (`crate::comm::attrs`): `*attribute_val` is the value
/// set; any other key: `*flag` false.
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn ARTS_MPI_Comm_get_attr(
    comm: c_int,
    keyval: c_int,
    attribute_val: *mut c_void,
    flag: *mut c_int,
) -> c_int {
    entry("MPI_Comm_get_attr", comm, |vp| {
        get_attr(vp, comm, keyval, attribute_val, flag)
    })
}

/// `MPI_Attr_get`: the MPI-1 name of `MPI_Comm_get_attr`.
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn ARTS_MPI_Attr_get(
    comm: c_int,
    keyval: c_int,
    attribute_val: *mut c_void,
    flag: *mut c_int,
) -> c_int {
    entry("MPI_Attr_get", comm, |vp| {
        get_attr(vp, comm, keyval, attribute_val, flag)
    })
}

fn get_attr(
    vp: &mut Vp,
    comm: c_int,
    keyval: c_int,
    attribute_val: *mut c_void,
    flag: *mut c_int,
) -> Result<(), Fail> {
    comm_of(comm)?;
    let value = match keyval {
        MPI_TAG_UB => i32::MAX,
        MPI_HOST => MPI_PROC_NULL,
        MPI_IO => MPI_ANY_SOURCE,
        MPI_WTIME_IS_GLOBAL => 0,
        MPI_UNIVERSE_SIZE => vp.mpi().comm_size(WORLD)?,
        MPI_APPNUM => 0,
        MPI_LASTUSEDCODE => crate::env::errors::last_used_code(vp),
        _ => return attrs::get_user_attr(vp, Object::Comm(comm), keyval, attribute_val, flag),
    };
    let flag = out(flag, "flag")?;
    let slot = out(attribute_val.cast::<*mut c_int>(), "attribute_val")?;
    let at = &mut vp.predefined[keyval as usize];
    *at = value;
    *slot = at;
    *flag = 1;
    Ok(())
}
