//! The Fortran binding (`mpif.h`, `arts-mpif90`): gfortran's names for the
//! MPI calls (lower case, one trailing underscore), every argument by
//! reference and the error code in a last `ierr` argument, each forwarding
//! to the C call. Handles are the C ones (Fortran `INTEGER`s); a status is
//! `INTEGER status(MPI_STATUS_SIZE)` laid out as the C `MPI_Status`;
//! `LOGICAL` is gfortran's (`.TRUE.` = 1); the `index` of `MPI_Waitany`
//! and the `indices` of `MPI_Waitsome` count from 1.
//!
//! `STOP` and `ERROR STOP` end the rank, not the process: the host exports
//! gfortran's `_gfortran_stop_*` functions, which programs bind to first
//! (and `_gfortran_set_args`, [`args`]).
//!
//! `MPI_STATUS_IGNORE` and `MPI_STATUSES_IGNORE` are constant arrays in
//! `mpif.h` whose first words hold a pattern no status has ([`IGNORE`]):
//! a status argument holding it is ignored (and, being constant, never
//! written). `MPI_IN_PLACE` and `MPI_BOTTOM` are common blocks of
//! `mpif.h`: the loader finds each rank's copies of them (`Vp::fortran`),
//! and a buffer at one of those addresses is C's constant.

use std::ffi::{c_char, c_int, c_void};

use crate::abi::{MPI_UNDEFINED, MpiStatus};
use crate::ampi::*;
use crate::coll::collectives::*;
use crate::coll::ops::{ARTS_MPI_Op_commutative, ARTS_MPI_Op_create, ARTS_MPI_Op_free};
use crate::comm::communicators::*;
use crate::comm::group::*;
use crate::comm::info::*;
use crate::comm::inter::*;
use crate::comm::names::{ARTS_MPI_Comm_get_name, ARTS_MPI_Comm_set_name};
use crate::env::errors::*;
use crate::env::init::*;
use crate::io::file::*;
use crate::io::query::*;
use crate::io::shared::*;
use crate::io::split::*;
use crate::p2p::generalized::*;
use crate::p2p::persistent::*;
use crate::p2p::requests::*;
use crate::p2p::send_recv::*;
use crate::rma::dynamic::*;
use crate::rma::passive::*;
use crate::rma::pscw::*;
use crate::rma::shm::*;
use crate::rma::window::*;
use crate::state::errhandler::ErrFn;
use crate::state::tables::UserFn;
use crate::state::{FortranCommons, current};
use crate::topo::cart::*;
use crate::topo::graph::*;
use crate::types::calls::*;

/// The first two words of `MPI_STATUS_IGNORE` and `MPI_STATUSES_IGNORE`
/// in `mpif.h` (a source and a tag no message has).
const IGNORE: [c_int; 2] = [-1_999_999, -1_999_998];

/// The C status behind a Fortran status argument (null: ignored).
fn status(p: *mut c_int) -> *mut MpiStatus {
    // SAFETY: a Fortran status is an array of MPI_STATUS_SIZE (>= 2) integers.
    if p.is_null() || unsafe { [*p, *p.add(1)] } == IGNORE {
        std::ptr::null_mut()
    } else {
        p.cast()
    }
}

/// The running rank's copies of `mpif.h`'s `MPI_IN_PLACE` and
/// `MPI_BOTTOM` (zeros outside a rank).
fn commons() -> FortranCommons {
    let vp = current();
    // SAFETY: the running rank's state; no reference to it is live here
    // (the binding calls the C functions after this).
    if vp.is_null() {
        FortranCommons::default()
    } else {
        unsafe { (*vp).fortran }
    }
}

/// C's `MPI_BOTTOM` (null) where choice buffer `p` is the running rank's
/// Fortran one (the address of its copy of the `MPI_BOTTOM` common
/// block), else `p`.
fn bottom(p: *mut c_void) -> *mut c_void {
    match p as usize {
        0 => p,
        a if a == commons().bottom => std::ptr::null_mut(),
        _ => p,
    }
}

/// C's `MPI_IN_PLACE` where `p` is the running rank's Fortran one, else
/// as [`bottom`].
fn in_place(p: *mut c_void) -> *mut c_void {
    match p as usize {
        0 => p,
        a if a == commons().in_place => IN_PLACE.cast_mut(),
        _ => bottom(p),
    }
}

/// The first words of `MPI_UNWEIGHTED` and `MPI_WEIGHTS_EMPTY` in
/// `mpif.h` (constant arrays: no weight is negative).
const NO_WEIGHTS: [c_int; 2] = [-1_999_997, -1_999_996];

/// C's `MPI_UNWEIGHTED` or `MPI_WEIGHTS_EMPTY` where `p` is the Fortran
/// one (an array whose first word is [`NO_WEIGHTS`]'s), else `p`.
fn weights(p: *mut c_int) -> *mut c_int {
    // SAFETY: a Fortran weights argument is an array of at least one
    // INTEGER (or one of the constants).
    match (!p.is_null()).then(|| unsafe { *p }) {
        Some(w) if w == NO_WEIGHTS[0] => std::ptr::without_provenance_mut(2),
        Some(w) if w == NO_WEIGHTS[1] => std::ptr::without_provenance_mut(3),
        _ => p,
    }
}

/// Stores the C call's result in `ierr`.
fn done(ierr: *mut c_int, rc: c_int) {
    if !ierr.is_null() {
        // SAFETY: `ierr` is the program's INTEGER (checked non-null).
        unsafe { *ierr = rc };
    }
}

/// Fortran's `MPI_PCONTROL(LEVEL)` (MPI gives it no `IERROR`): profiling
/// control, for a profiling library that intercepts it; arts has none, so,
/// as under Open MPI, it does nothing (C's `MPI_Pcontrol`, variadic, is
/// inline in mpi.h).
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn mpi_pcontrol_(_level: *const c_int) {}

/// Fortran's `MPI_F_SYNC_REG(BUF)` (MPI 4.0 §19.1.17; no `IERROR`): a call
/// the compiler cannot see through, so that it keeps `BUF` in memory, not
/// in registers, across a non-blocking operation's completion. Being an
/// opaque external call is all it does, as in every MPI.
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn mpi_f_sync_reg_(_buf: *mut c_void) {}

/// The Rust type of an argument of kind `$k`.
macro_rules! fty {
    (i) => { *const c_int };      // INTEGER in
    (o) => { *mut c_int };        // INTEGER (or LOGICAL) out
    (a) => { *const c_int };      // INTEGER array in
    (r) => { *const [c_int; 3] }; // INTEGER ranges(3, n) in
    (w) => { *mut c_int };        // weights, MPI_UNWEIGHTED or MPI_WEIGHTS_EMPTY
    (m) => { *mut c_int };        // INTEGER array in and out (requests)
    (b) => { *mut c_void };       // choice buffer
    (p) => { *mut c_void };       // choice buffer or MPI_IN_PLACE
    (e) => { Option<ErrFn> };     // error handler subroutine
    (s) => { *mut c_int };        // status
    (x) => { *const isize };      // INTEGER(KIND=MPI_ADDRESS_KIND) in
    (xa) => { *const isize };     // INTEGER(KIND=MPI_ADDRESS_KIND) array in
    (xo) => { *mut isize };       // INTEGER(KIND=MPI_ADDRESS_KIND) out
    (l) => { *const i64 };        // INTEGER(KIND=MPI_OFFSET_KIND) in
    (lo) => { *mut i64 };         // INTEGER(KIND=MPI_OFFSET_KIND) out
    (v) => { *const isize };      // attribute value: INTEGER(KIND=MPI_ADDRESS_KIND) in
    (vi) => { *const c_int };     // MPI-1's attribute value: INTEGER in
}

/// What the C call gets for argument `$a` of kind `$k`.
macro_rules! fval {
    (i, $a:ident) => {
        *$a
    };
    (x, $a:ident) => {
        *$a
    };
    (l, $a:ident) => {
        *$a
    };
    (v, $a:ident) => {
        *$a as *mut c_void
    };
    (vi, $a:ident) => {
        *$a as isize as *mut c_void
    };
    (s, $a:ident) => {
        status($a)
    };
    (p, $a:ident) => {
        in_place($a)
    };
    (b, $a:ident) => {
        bottom($a)
    };
    (w, $a:ident) => {
        weights($a)
    };
    ($k:ident, $a:ident) => {
        $a
    };
}

/// Defines Fortran subroutine `$f` forwarding to C function `$c`.
macro_rules! fortran {
    ($($f:ident => $c:ident($($a:ident: $k:ident),*);)*) => {$(
        #[doc = concat!("Fortran's `", stringify!($c), "` (`ierr` last).")]
        #[unsafe(no_mangle)]
        pub(crate) unsafe extern "C-unwind" fn $f($($a: fty!($k),)* ierr: *mut c_int) {
            // SAFETY: the program passes each argument by reference, as
            // Fortran does; `fval!` reads the inputs.
            let rc = unsafe { $c($(fval!($k, $a)),*) };
            done(ierr, rc);
        }
    )*};
}

// The hand-written calls of a few families, after the macros they use.
pub(crate) mod args;
mod attrs;
mod grequest;
mod mpi1;
mod pup;
pub(crate) mod rng;
mod status;
mod text;

fortran! {
    mpi_finalize_ => ARTS_MPI_Finalize();
    mpi_initialized_ => ARTS_MPI_Initialized(flag: o);
    mpi_finalized_ => ARTS_MPI_Finalized(flag: o);
    mpi_query_thread_ => ARTS_MPI_Query_thread(provided: o);
    mpi_abort_ => ARTS_MPI_Abort(comm: i, code: i);
    mpi_get_version_ => ARTS_MPI_Get_version(version: o, subversion: o);
    mpi_error_class_ => ARTS_MPI_Error_class(code: i, class: o);
    mpi_comm_set_errhandler_ => ARTS_MPI_Comm_set_errhandler(comm: i, handler: i);
    mpi_comm_get_errhandler_ => ARTS_MPI_Comm_get_errhandler(comm: i, handler: o);
    mpi_add_error_class_ => ARTS_MPI_Add_error_class(class: o);
    mpi_add_error_code_ => ARTS_MPI_Add_error_code(class: i, code: o);

    mpi_get_address_ => ARTS_MPI_Get_address(location: b, address: xo);
    mpi_get_elements_ => ARTS_MPI_Get_elements(status: s, datatype: i, count: o);
    mpi_get_elements_x_ => ARTS_MPI_Get_elements_x(status: s, datatype: i, count: lo);
    mpi_type_size_x_ => ARTS_MPI_Type_size_x(datatype: i, size: lo);
    mpi_type_get_extent_x_ => ARTS_MPI_Type_get_extent_x(datatype: i, lb: lo, extent: lo);
    mpi_type_get_true_extent_x_ => ARTS_MPI_Type_get_true_extent_x(datatype: i, lb: lo,
        extent: lo);
    mpi_op_commutative_ => ARTS_MPI_Op_commutative(op: i, commute: o);
    mpi_comm_test_inter_ => ARTS_MPI_Comm_test_inter(comm: i, flag: o);
    mpi_comm_remote_size_ => ARTS_MPI_Comm_remote_size(comm: i, size: o);
    mpi_comm_get_parent_ => ARTS_MPI_Comm_get_parent(parent: o);
    mpi_file_get_errhandler_ => ARTS_MPI_File_get_errhandler(fh: i, errhandler: o);
    mpi_type_create_f90_real_ => ARTS_MPI_Type_create_f90_real(p: i, r: i, newtype: o);
    mpi_type_create_f90_complex_ => ARTS_MPI_Type_create_f90_complex(p: i, r: i, newtype: o);
    mpi_type_create_f90_integer_ => ARTS_MPI_Type_create_f90_integer(r: i, newtype: o);
    mpi_comm_remote_group_ => ARTS_MPI_Comm_remote_group(comm: i, group: o);
    mpi_intercomm_create_ => ARTS_MPI_Intercomm_create(local_comm: i, local_leader: i,
        peer_comm: i, remote_leader: i, tag: i, newintercomm: o);
    mpi_intercomm_merge_ => ARTS_MPI_Intercomm_merge(intercomm: i, high: i, newintracomm: o);
    mpi_cart_map_ => ARTS_MPI_Cart_map(comm: i, ndims: i, dims: a, periods: a, newrank: o);
    mpi_win_get_group_ => ARTS_MPI_Win_get_group(win: i, group: o);
    mpi_type_create_darray_ => ARTS_MPI_Type_create_darray(size: i, rank: i, ndims: i,
        gsizes: a, distribs: a, dargs: a, psizes: a, order: i, oldtype: i, newtype: o);
    mpi_type_get_envelope_ => ARTS_MPI_Type_get_envelope(datatype: i, num_integers: o,
        num_addresses: o, num_datatypes: o, combiner: o);
    mpi_type_get_contents_ => ARTS_MPI_Type_get_contents(datatype: i, max_integers: i,
        max_addresses: i, max_datatypes: i, integers: m, addresses: xo, datatypes: m);
    mpi_dist_graph_create_ => ARTS_MPI_Dist_graph_create(comm_old: i, n: i, sources: a,
        degrees: a, destinations: a, weights: w, info: i, reorder: i, comm_dist_graph: o);
    mpi_dist_graph_create_adjacent_ => ARTS_MPI_Dist_graph_create_adjacent(comm_old: i,
        indegree: i, sources: a, sourceweights: w, outdegree: i, destinations: a,
        destweights: w, info: i, reorder: i, comm_dist_graph: o);
    mpi_dist_graph_neighbors_ => ARTS_MPI_Dist_graph_neighbors(comm: i, maxindegree: i,
        sources: m, sourceweights: w, maxoutdegree: i, destinations: m, destweights: w);
    mpi_comm_set_info_ => ARTS_MPI_Comm_set_info(comm: i, info: i);
    mpi_comm_get_info_ => ARTS_MPI_Comm_get_info(comm: i, info_used: o);
    mpi_comm_dup_with_info_ => ARTS_MPI_Comm_dup_with_info(comm: i, info: i, newcomm: o);
    mpi_comm_idup_ => ARTS_MPI_Comm_idup(comm: i, newcomm: o, request: o);
    mpi_comm_idup_with_info_ => ARTS_MPI_Comm_idup_with_info(comm: i, info: i, newcomm: o,
        request: o);
    mpi_win_set_info_ => ARTS_MPI_Win_set_info(win: i, info: i);
    mpi_win_get_info_ => ARTS_MPI_Win_get_info(win: i, info_used: o);
    mpi_file_set_info_ => ARTS_MPI_File_set_info(fh: i, info: i);
    mpi_file_get_info_ => ARTS_MPI_File_get_info(fh: i, info_used: o);
    mpi_file_get_amode_ => ARTS_MPI_File_get_amode(fh: i, amode: o);
    mpi_file_get_group_ => ARTS_MPI_File_get_group(fh: i, group: o);
    mpi_file_get_byte_offset_ => ARTS_MPI_File_get_byte_offset(fh: i, offset: l, disp: lo);
    mpi_file_get_type_extent_ => ARTS_MPI_File_get_type_extent(fh: i, datatype: i, extent: xo);
    mpi_file_set_atomicity_ => ARTS_MPI_File_set_atomicity(fh: i, flag: i);
    mpi_file_get_atomicity_ => ARTS_MPI_File_get_atomicity(fh: i, flag: o);
    mpi_file_preallocate_ => ARTS_MPI_File_preallocate(fh: i, size: l);

    mpi_send_ => ARTS_MPI_Send(buf: b, count: i, datatype: i, dest: i, tag: i, comm: i);
    mpi_ssend_ => ARTS_MPI_Ssend(buf: b, count: i, datatype: i, dest: i, tag: i, comm: i);
    mpi_rsend_ => ARTS_MPI_Rsend(buf: b, count: i, datatype: i, dest: i, tag: i, comm: i);
    mpi_bsend_ => ARTS_MPI_Bsend(buf: b, count: i, datatype: i, dest: i, tag: i, comm: i);
    mpi_recv_ => ARTS_MPI_Recv(buf: b, count: i, datatype: i, source: i, tag: i, comm: i,
        status: s);
    mpi_isend_ => ARTS_MPI_Isend(buf: b, count: i, datatype: i, dest: i, tag: i, comm: i,
        request: o);
    mpi_issend_ => ARTS_MPI_Issend(buf: b, count: i, datatype: i, dest: i, tag: i, comm: i,
        request: o);
    mpi_irecv_ => ARTS_MPI_Irecv(buf: b, count: i, datatype: i, source: i, tag: i, comm: i,
        request: o);
    mpi_sendrecv_ => ARTS_MPI_Sendrecv(sendbuf: b, sendcount: i, sendtype: i, dest: i,
        sendtag: i, recvbuf: b, recvcount: i, recvtype: i, source: i, recvtag: i, comm: i,
        status: s);
    mpi_sendrecv_replace_ => ARTS_MPI_Sendrecv_replace(buf: b, count: i, datatype: i, dest: i,
        sendtag: i, source: i, recvtag: i, comm: i, status: s);
    mpi_probe_ => ARTS_MPI_Probe(source: i, tag: i, comm: i, status: s);
    mpi_iprobe_ => ARTS_MPI_Iprobe(source: i, tag: i, comm: i, flag: o, status: s);
    mpi_wait_ => ARTS_MPI_Wait(request: m, status: s);
    mpi_waitall_ => ARTS_MPI_Waitall(count: i, requests: m, statuses: s);
    mpi_test_ => ARTS_MPI_Test(request: m, flag: o, status: s);
    mpi_testall_ => ARTS_MPI_Testall(count: i, requests: m, flag: o, statuses: s);
    mpi_request_free_ => ARTS_MPI_Request_free(request: m);
    mpi_cancel_ => ARTS_MPI_Cancel(request: m);
    mpi_get_count_ => ARTS_MPI_Get_count(status: s, datatype: i, count: o);

    mpi_barrier_init_ => ARTS_MPI_Barrier_init(comm: i, info: i, request: o);
    mpi_bcast_init_ => ARTS_MPI_Bcast_init(buf: b, count: i, datatype: i, root: i, comm: i, info: i, request: o);
    mpi_reduce_init_ => ARTS_MPI_Reduce_init(sendbuf: p, recvbuf: b, count: i, datatype: i, op: i, root: i, comm: i, info: i, request: o);
    mpi_allreduce_init_ => ARTS_MPI_Allreduce_init(sendbuf: p, recvbuf: b, count: i, datatype: i, op: i, comm: i, info: i, request: o);
    mpi_scan_init_ => ARTS_MPI_Scan_init(sendbuf: p, recvbuf: b, count: i, datatype: i, op: i, comm: i, info: i, request: o);
    mpi_exscan_init_ => ARTS_MPI_Exscan_init(sendbuf: p, recvbuf: b, count: i, datatype: i, op: i, comm: i, info: i, request: o);
    mpi_reduce_scatter_init_ => ARTS_MPI_Reduce_scatter_init(sendbuf: p, recvbuf: b, recvcounts: a, datatype: i, op: i, comm: i, info: i, request: o);
    mpi_reduce_scatter_block_init_ => ARTS_MPI_Reduce_scatter_block_init(sendbuf: p, recvbuf: b, recvcount: i, datatype: i, op: i, comm: i, info: i, request: o);
    mpi_gather_init_ => ARTS_MPI_Gather_init(sendbuf: p, sendcount: i, sendtype: i, recvbuf: b, recvcount: i, recvtype: i, root: i, comm: i, info: i, request: o);
    mpi_gatherv_init_ => ARTS_MPI_Gatherv_init(sendbuf: p, sendcount: i, sendtype: i, recvbuf: b, recvcounts: a, displs: a, recvtype: i, root: i, comm: i, info: i, request: o);
    mpi_scatter_init_ => ARTS_MPI_Scatter_init(sendbuf: p, sendcount: i, sendtype: i, recvbuf: p, recvcount: i, recvtype: i, root: i, comm: i, info: i, request: o);
    mpi_scatterv_init_ => ARTS_MPI_Scatterv_init(sendbuf: p, sendcounts: a, displs: a, sendtype: i, recvbuf: p, recvcount: i, recvtype: i, root: i, comm: i, info: i, request: o);
    mpi_allgather_init_ => ARTS_MPI_Allgather_init(sendbuf: p, sendcount: i, sendtype: i, recvbuf: b, recvcount: i, recvtype: i, comm: i, info: i, request: o);
    mpi_allgatherv_init_ => ARTS_MPI_Allgatherv_init(sendbuf: p, sendcount: i, sendtype: i, recvbuf: b, recvcounts: a, displs: a, recvtype: i, comm: i, info: i, request: o);
    mpi_alltoall_init_ => ARTS_MPI_Alltoall_init(sendbuf: p, sendcount: i, sendtype: i, recvbuf: b, recvcount: i, recvtype: i, comm: i, info: i, request: o);
    mpi_alltoallv_init_ => ARTS_MPI_Alltoallv_init(sendbuf: p, sendcounts: a, sdispls: a, sendtype: i, recvbuf: b, recvcounts: a, rdispls: a, recvtype: i, comm: i, info: i, request: o);
    mpi_neighbor_allgather_init_ => ARTS_MPI_Neighbor_allgather_init(sendbuf: b, sendcount: i, sendtype: i, recvbuf: b, recvcount: i, recvtype: i, comm: i, info: i, request: o);
    mpi_neighbor_allgatherv_init_ => ARTS_MPI_Neighbor_allgatherv_init(sendbuf: b, sendcount: i, sendtype: i, recvbuf: b, recvcounts: a, displs: a, recvtype: i, comm: i, info: i, request: o);
    mpi_neighbor_alltoall_init_ => ARTS_MPI_Neighbor_alltoall_init(sendbuf: b, sendcount: i, sendtype: i, recvbuf: b, recvcount: i, recvtype: i, comm: i, info: i, request: o);
    mpi_neighbor_alltoallv_init_ => ARTS_MPI_Neighbor_alltoallv_init(sendbuf: b, sendcounts: a, sdispls: a, sendtype: i, recvbuf: b, recvcounts: a, rdispls: a, recvtype: i, comm: i, info: i, request: o);
    mpi_alltoallw_ => ARTS_MPI_Alltoallw(sendbuf: p, sendcounts: a, sdispls: a, sendtypes: a,
        recvbuf: b, recvcounts: a, rdispls: a, recvtypes: a, comm: i);
    mpi_ialltoallw_ => ARTS_MPI_Ialltoallw(sendbuf: p, sendcounts: a, sdispls: a, sendtypes: a,
        recvbuf: b, recvcounts: a, rdispls: a, recvtypes: a, comm: i, request: o);
    mpi_alltoallw_init_ => ARTS_MPI_Alltoallw_init(sendbuf: p, sendcounts: a, sdispls: a,
        sendtypes: a, recvbuf: b, recvcounts: a, rdispls: a, recvtypes: a, comm: i, info: i,
        request: o);
    mpi_neighbor_alltoallw_ => ARTS_MPI_Neighbor_alltoallw(sendbuf: b, sendcounts: a,
        sdispls: xa, sendtypes: a, recvbuf: b, recvcounts: a, rdispls: xa, recvtypes: a, comm: i);
    mpi_ineighbor_alltoallw_ => ARTS_MPI_Ineighbor_alltoallw(sendbuf: b, sendcounts: a,
        sdispls: xa, sendtypes: a, recvbuf: b, recvcounts: a, rdispls: xa, recvtypes: a, comm: i,
        request: o);
    mpi_neighbor_alltoallw_init_ => ARTS_MPI_Neighbor_alltoallw_init(sendbuf: b, sendcounts: a,
        sdispls: xa, sendtypes: a, recvbuf: b, recvcounts: a, rdispls: xa, recvtypes: a, comm: i,
        info: i, request: o);
    mpi_barrier_ => ARTS_MPI_Barrier(comm: i);
    mpi_ibarrier_ => ARTS_MPI_Ibarrier(comm: i, request: o);
    mpi_bcast_ => ARTS_MPI_Bcast(buf: b, count: i, datatype: i, root: i, comm: i);
    mpi_ibcast_ => ARTS_MPI_Ibcast(buf: b, count: i, datatype: i, root: i, comm: i,
        request: o);
    mpi_reduce_ => ARTS_MPI_Reduce(sendbuf: p, recvbuf: b, count: i, datatype: i, op: i,
        root: i, comm: i);
    mpi_ireduce_ => ARTS_MPI_Ireduce(sendbuf: p, recvbuf: b, count: i, datatype: i, op: i,
        root: i, comm: i, request: o);
    mpi_allreduce_ => ARTS_MPI_Allreduce(sendbuf: p, recvbuf: b, count: i, datatype: i, op: i,
        comm: i);
    mpi_iallreduce_ => ARTS_MPI_Iallreduce(sendbuf: p, recvbuf: b, count: i, datatype: i,
        op: i, comm: i, request: o);
    mpi_scan_ => ARTS_MPI_Scan(sendbuf: p, recvbuf: b, count: i, datatype: i, op: i, comm: i);
    mpi_exscan_ => ARTS_MPI_Exscan(sendbuf: p, recvbuf: b, count: i, datatype: i, op: i,
        comm: i);
    mpi_gather_ => ARTS_MPI_Gather(sendbuf: p, sendcount: i, sendtype: i, recvbuf: b,
        recvcount: i, recvtype: i, root: i, comm: i);
    mpi_gatherv_ => ARTS_MPI_Gatherv(sendbuf: p, sendcount: i, sendtype: i, recvbuf: b,
        recvcounts: a, displs: a, recvtype: i, root: i, comm: i);
    mpi_scatter_ => ARTS_MPI_Scatter(sendbuf: p, sendcount: i, sendtype: i, recvbuf: p,
        recvcount: i, recvtype: i, root: i, comm: i);
    mpi_scatterv_ => ARTS_MPI_Scatterv(sendbuf: p, sendcounts: a, displs: a, sendtype: i,
        recvbuf: p, recvcount: i, recvtype: i, root: i, comm: i);
    mpi_allgather_ => ARTS_MPI_Allgather(sendbuf: p, sendcount: i, sendtype: i, recvbuf: b,
        recvcount: i, recvtype: i, comm: i);
    mpi_allgatherv_ => ARTS_MPI_Allgatherv(sendbuf: p, sendcount: i, sendtype: i, recvbuf: b,
        recvcounts: a, displs: a, recvtype: i, comm: i);
    mpi_alltoall_ => ARTS_MPI_Alltoall(sendbuf: p, sendcount: i, sendtype: i, recvbuf: b,
        recvcount: i, recvtype: i, comm: i);
    mpi_alltoallv_ => ARTS_MPI_Alltoallv(sendbuf: p, sendcounts: a, sdispls: a, sendtype: i,
        recvbuf: b, recvcounts: a, rdispls: a, recvtype: i, comm: i);
    mpi_reduce_scatter_ => ARTS_MPI_Reduce_scatter(sendbuf: p, recvbuf: b, recvcounts: a,
        datatype: i, op: i, comm: i);
    mpi_reduce_scatter_block_ => ARTS_MPI_Reduce_scatter_block(sendbuf: p, recvbuf: b,
        recvcount: i, datatype: i, op: i, comm: i);
    mpi_op_free_ => ARTS_MPI_Op_free(op: m);

    mpi_type_contiguous_ => ARTS_MPI_Type_contiguous(count: i, oldtype: i, newtype: o);
    mpi_type_vector_ => ARTS_MPI_Type_vector(count: i, blocklength: i, stride: i, oldtype: i,
        newtype: o);
    mpi_type_indexed_ => ARTS_MPI_Type_indexed(count: i, blocklengths: a, displacements: a,
        oldtype: i, newtype: o);
    mpi_type_create_struct_ => ARTS_MPI_Type_create_struct(count: i, blocklengths: a,
        displacements: xa, types: a, newtype: o);
    mpi_type_create_resized_ => ARTS_MPI_Type_create_resized(oldtype: i, lb: x, extent: x,
        newtype: o);
    mpi_type_create_subarray_ => ARTS_MPI_Type_create_subarray(ndims: i, sizes: a,
        subsizes: a, starts: a, order: i, oldtype: i, newtype: o);
    mpi_type_commit_ => ARTS_MPI_Type_commit(datatype: m);
    mpi_type_free_ => ARTS_MPI_Type_free(datatype: m);
    mpi_type_size_ => ARTS_MPI_Type_size(datatype: i, size: o);
    mpi_type_get_extent_ => ARTS_MPI_Type_get_extent(datatype: i, lb: xo, extent: xo);

    mpi_comm_rank_ => ARTS_MPI_Comm_rank(comm: i, rank: o);
    mpi_comm_size_ => ARTS_MPI_Comm_size(comm: i, size: o);
    mpi_comm_dup_ => ARTS_MPI_Comm_dup(comm: i, newcomm: o);
    mpi_comm_split_ => ARTS_MPI_Comm_split(comm: i, color: i, key: i, newcomm: o);
    mpi_comm_free_ => ARTS_MPI_Comm_free(comm: m);
    mpi_comm_compare_ => ARTS_MPI_Comm_compare(comm1: i, comm2: i, result: o);
    mpi_comm_group_ => ARTS_MPI_Comm_group(comm: i, group: o);
    mpi_group_incl_ => ARTS_MPI_Group_incl(group: i, n: i, ranks: a, newgroup: o);
    mpi_group_free_ => ARTS_MPI_Group_free(group: m);
    mpi_comm_create_ => ARTS_MPI_Comm_create(comm: i, group: i, newcomm: o);
    mpi_comm_create_group_ => ARTS_MPI_Comm_create_group(comm: i, group: i, tag: i, newcomm: o);

    mpi_dims_create_ => ARTS_MPI_Dims_create(nnodes: i, ndims: i, dims: m);
    mpi_cart_create_ => ARTS_MPI_Cart_create(comm: i, ndims: i, dims: a, periods: a,
        reorder: i, comm_cart: o);
    mpi_cart_coords_ => ARTS_MPI_Cart_coords(comm: i, rank: i, maxdims: i, coords: o);
    mpi_cart_rank_ => ARTS_MPI_Cart_rank(comm: i, coords: a, rank: o);
    mpi_cart_shift_ => ARTS_MPI_Cart_shift(comm: i, direction: i, disp: i, source: o,
        dest: o);
    mpi_cart_get_ => ARTS_MPI_Cart_get(comm: i, maxdims: i, dims: o, periods: o, coords: o);
    mpi_cartdim_get_ => ARTS_MPI_Cartdim_get(comm: i, ndims: o);
    mpi_cart_sub_ => ARTS_MPI_Cart_sub(comm: i, remain_dims: a, newcomm: o);


    mpi_ibsend_ => ARTS_MPI_Ibsend(buf: b, count: i, datatype: i, dest: i, tag: i, comm: i,
        request: o);
    mpi_irsend_ => ARTS_MPI_Irsend(buf: b, count: i, datatype: i, dest: i, tag: i, comm: i,
        request: o);
    mpi_buffer_attach_ => ARTS_MPI_Buffer_attach(buffer: b, size: i);
    mpi_mprobe_ => ARTS_MPI_Mprobe(source: i, tag: i, comm: i, message: o, status: s);
    mpi_improbe_ => ARTS_MPI_Improbe(source: i, tag: i, comm: i, flag: o, message: o,
        status: s);
    mpi_mrecv_ => ARTS_MPI_Mrecv(buf: b, count: i, datatype: i, message: m, status: s);
    mpi_imrecv_ => ARTS_MPI_Imrecv(buf: b, count: i, datatype: i, message: m, request: o);
    mpi_send_init_ => ARTS_MPI_Send_init(buf: b, count: i, datatype: i, dest: i, tag: i,
        comm: i, request: o);
    mpi_ssend_init_ => ARTS_MPI_Ssend_init(buf: b, count: i, datatype: i, dest: i, tag: i,
        comm: i, request: o);
    mpi_recv_init_ => ARTS_MPI_Recv_init(buf: b, count: i, datatype: i, source: i, tag: i,
        comm: i, request: o);
    mpi_start_ => ARTS_MPI_Start(request: m);
    mpi_startall_ => ARTS_MPI_Startall(count: i, requests: m);
    mpi_request_get_status_ => ARTS_MPI_Request_get_status(request: i, flag: o, status: s);

    mpi_igather_ => ARTS_MPI_Igather(sendbuf: p, sendcount: i, sendtype: i, recvbuf: b,
        recvcount: i, recvtype: i, root: i, comm: i, request: o);
    mpi_igatherv_ => ARTS_MPI_Igatherv(sendbuf: p, sendcount: i, sendtype: i, recvbuf: b,
        recvcounts: a, displs: a, recvtype: i, root: i, comm: i, request: o);
    mpi_iscatter_ => ARTS_MPI_Iscatter(sendbuf: b, sendcount: i, sendtype: i, recvbuf: p,
        recvcount: i, recvtype: i, root: i, comm: i, request: o);
    mpi_iscatterv_ => ARTS_MPI_Iscatterv(sendbuf: b, sendcounts: a, displs: a, sendtype: i,
        recvbuf: p, recvcount: i, recvtype: i, root: i, comm: i, request: o);
    mpi_iallgather_ => ARTS_MPI_Iallgather(sendbuf: p, sendcount: i, sendtype: i, recvbuf: b,
        recvcount: i, recvtype: i, comm: i, request: o);
    mpi_iallgatherv_ => ARTS_MPI_Iallgatherv(sendbuf: p, sendcount: i, sendtype: i,
        recvbuf: b, recvcounts: a, displs: a, recvtype: i, comm: i, request: o);
    mpi_ialltoall_ => ARTS_MPI_Ialltoall(sendbuf: p, sendcount: i, sendtype: i, recvbuf: b,
        recvcount: i, recvtype: i, comm: i, request: o);
    mpi_ialltoallv_ => ARTS_MPI_Ialltoallv(sendbuf: p, sendcounts: a, sdispls: a,
        sendtype: i, recvbuf: b, recvcounts: a, rdispls: a, recvtype: i, comm: i,
        request: o);
    mpi_iscan_ => ARTS_MPI_Iscan(sendbuf: p, recvbuf: b, count: i, datatype: i, op: i,
        comm: i, request: o);
    mpi_iexscan_ => ARTS_MPI_Iexscan(sendbuf: p, recvbuf: b, count: i, datatype: i, op: i,
        comm: i, request: o);
    mpi_ireduce_scatter_ => ARTS_MPI_Ireduce_scatter(sendbuf: p, recvbuf: b, recvcounts: a,
        datatype: i, op: i, comm: i, request: o);
    mpi_ireduce_scatter_block_ => ARTS_MPI_Ireduce_scatter_block(sendbuf: p, recvbuf: b,
        recvcount: i, datatype: i, op: i, comm: i, request: o);
    mpi_reduce_local_ => ARTS_MPI_Reduce_local(inbuf: b, inoutbuf: b, count: i, datatype: i,
        op: i);

    mpi_type_create_hvector_ => ARTS_MPI_Type_create_hvector(count: i, blocklength: i,
        stride: x, oldtype: i, newtype: o);
    mpi_type_create_hindexed_ => ARTS_MPI_Type_create_hindexed(count: i, blocklengths: a,
        displacements: xa, oldtype: i, newtype: o);
    mpi_type_create_indexed_block_ => ARTS_MPI_Type_create_indexed_block(count: i,
        blocklength: i, displacements: a, oldtype: i, newtype: o);
    mpi_type_create_hindexed_block_ => ARTS_MPI_Type_create_hindexed_block(count: i,
        blocklength: i, displacements: xa, oldtype: i, newtype: o);
    mpi_type_dup_ => ARTS_MPI_Type_dup(oldtype: i, newtype: o);
    mpi_type_match_size_ => ARTS_MPI_Type_match_size(typeclass: i, size: i, datatype: o);
    mpi_type_get_true_extent_ => ARTS_MPI_Type_get_true_extent(datatype: i, true_lb: xo,
        true_extent: xo);
    mpi_pack_ => ARTS_MPI_Pack(inbuf: b, incount: i, datatype: i, outbuf: b, outsize: i,
        position: m, comm: i);
    mpi_unpack_ => ARTS_MPI_Unpack(inbuf: b, insize: i, position: m, outbuf: b, outcount: i,
        datatype: i, comm: i);
    mpi_pack_size_ => ARTS_MPI_Pack_size(incount: i, datatype: i, comm: i, size: o);

    mpi_comm_split_type_ => ARTS_MPI_Comm_split_type(comm: i, split_type: i, key: i, info: i,
        newcomm: o);
    mpi_group_excl_ => ARTS_MPI_Group_excl(group: i, n: i, ranks: a, newgroup: o);
    mpi_group_size_ => ARTS_MPI_Group_size(group: i, size: o);
    mpi_group_rank_ => ARTS_MPI_Group_rank(group: i, rank: o);
    mpi_group_translate_ranks_ => ARTS_MPI_Group_translate_ranks(group1: i, n: i, ranks1: a,
        group2: i, ranks2: o);
    mpi_group_union_ => ARTS_MPI_Group_union(group1: i, group2: i, newgroup: o);
    mpi_group_intersection_ => ARTS_MPI_Group_intersection(group1: i, group2: i,
        newgroup: o);
    mpi_group_difference_ => ARTS_MPI_Group_difference(group1: i, group2: i, newgroup: o);
    mpi_group_compare_ => ARTS_MPI_Group_compare(group1: i, group2: i, result: o);

    mpi_comm_create_errhandler_ => ARTS_MPI_Comm_create_errhandler(function: e,
        errhandler: o);
    // Window and file handlers are made the same way (mpi.h's macros).
    mpi_win_create_errhandler_ => ARTS_MPI_Comm_create_errhandler(function: e,
        errhandler: o);
    mpi_file_create_errhandler_ => ARTS_MPI_Comm_create_errhandler(function: e,
        errhandler: o);
    mpi_errhandler_free_ => ARTS_MPI_Errhandler_free(errhandler: m);
    mpi_comm_call_errhandler_ => ARTS_MPI_Comm_call_errhandler(comm: i, errorcode: i);
    mpi_grequest_complete_ => ARTS_MPI_Grequest_complete(request: i);
    mpi_win_call_errhandler_ => ARTS_MPI_Win_call_errhandler(win: i, errorcode: i);
    mpi_file_call_errhandler_ => ARTS_MPI_File_call_errhandler(fh: i, errorcode: i);
    mpi_info_create_ => ARTS_MPI_Info_create(info: o);
    mpi_info_dup_ => ARTS_MPI_Info_dup(info: i, newinfo: o);
    mpi_info_free_ => ARTS_MPI_Info_free(info: m);
    mpi_info_get_nkeys_ => ARTS_MPI_Info_get_nkeys(info: i, nkeys: o);

    mpi_neighbor_allgather_ => ARTS_MPI_Neighbor_allgather(sendbuf: b, sendcount: i,
        sendtype: i, recvbuf: b, recvcount: i, recvtype: i, comm: i);
    mpi_neighbor_allgatherv_ => ARTS_MPI_Neighbor_allgatherv(sendbuf: b, sendcount: i,
        sendtype: i, recvbuf: b, recvcounts: a, displs: a, recvtype: i, comm: i);
    mpi_neighbor_alltoall_ => ARTS_MPI_Neighbor_alltoall(sendbuf: b, sendcount: i,
        sendtype: i, recvbuf: b, recvcount: i, recvtype: i, comm: i);
    mpi_neighbor_alltoallv_ => ARTS_MPI_Neighbor_alltoallv(sendbuf: b, sendcounts: a,
        sdispls: a, sendtype: i, recvbuf: b, recvcounts: a, rdispls: a, recvtype: i, comm: i);
    mpi_graph_create_ => ARTS_MPI_Graph_create(comm: i, nnodes: i, index: a, edges: a, reorder: i,
        comm_graph: o);
    mpi_graphdims_get_ => ARTS_MPI_Graphdims_get(comm: i, nnodes: o, nedges: o);
    mpi_graph_get_ => ARTS_MPI_Graph_get(comm: i, maxindex: i, maxedges: i, index: m, edges: m);
    mpi_graph_neighbors_count_ => ARTS_MPI_Graph_neighbors_count(comm: i, rank: i,
        nneighbors: o);
    mpi_graph_neighbors_ => ARTS_MPI_Graph_neighbors(comm: i, rank: i, maxneighbors: i,
        neighbors: m);
    mpi_graph_map_ => ARTS_MPI_Graph_map(comm: i, nnodes: i, index: a, edges: a, newrank: o);
    mpi_topo_test_ => ARTS_MPI_Topo_test(comm: i, status: o);

    mpi_file_close_ => ARTS_MPI_File_close(fh: m);
    mpi_file_read_at_ => ARTS_MPI_File_read_at(fh: i, offset: l, buf: b, count: i,
        datatype: i, status: s);
    mpi_file_write_at_ => ARTS_MPI_File_write_at(fh: i, offset: l, buf: b, count: i,
        datatype: i, status: s);
    mpi_file_read_at_all_ => ARTS_MPI_File_read_at_all(fh: i, offset: l, buf: b, count: i,
        datatype: i, status: s);
    mpi_file_write_at_all_ => ARTS_MPI_File_write_at_all(fh: i, offset: l, buf: b, count: i,
        datatype: i, status: s);
    mpi_file_read_ => ARTS_MPI_File_read(fh: i, buf: b, count: i, datatype: i, status: s);
    mpi_file_write_ => ARTS_MPI_File_write(fh: i, buf: b, count: i, datatype: i, status: s);
    mpi_file_read_all_ => ARTS_MPI_File_read_all(fh: i, buf: b, count: i, datatype: i,
        status: s);
    mpi_file_write_all_ => ARTS_MPI_File_write_all(fh: i, buf: b, count: i, datatype: i,
        status: s);
    mpi_file_seek_ => ARTS_MPI_File_seek(fh: i, offset: l, whence: i);
    mpi_file_get_position_ => ARTS_MPI_File_get_position(fh: i, offset: lo);
    mpi_file_get_size_ => ARTS_MPI_File_get_size(fh: i, size: lo);
    mpi_file_set_size_ => ARTS_MPI_File_set_size(fh: i, size: l);
    mpi_file_sync_ => ARTS_MPI_File_sync(fh: i);
    mpi_file_read_shared_ => ARTS_MPI_File_read_shared(fh: i, buf: b, count: i, datatype: i,
        status: s);
    mpi_file_write_shared_ => ARTS_MPI_File_write_shared(fh: i, buf: b, count: i, datatype: i,
        status: s);
    mpi_file_read_ordered_ => ARTS_MPI_File_read_ordered(fh: i, buf: b, count: i, datatype: i,
        status: s);
    mpi_file_write_ordered_ => ARTS_MPI_File_write_ordered(fh: i, buf: b, count: i, datatype: i,
        status: s);
    mpi_file_seek_shared_ => ARTS_MPI_File_seek_shared(fh: i, offset: l, whence: i);
    mpi_file_get_position_shared_ => ARTS_MPI_File_get_position_shared(fh: i, offset: lo);
    mpi_file_read_all_begin_ => ARTS_MPI_File_read_all_begin(fh: i, buf: b, count: i, datatype: i);
    mpi_file_read_all_end_ => ARTS_MPI_File_read_all_end(fh: i, buf: b, status: s);
    mpi_file_write_all_begin_ => ARTS_MPI_File_write_all_begin(fh: i, buf: b, count: i, datatype: i);
    mpi_file_write_all_end_ => ARTS_MPI_File_write_all_end(fh: i, buf: b, status: s);
    mpi_file_read_ordered_begin_ => ARTS_MPI_File_read_ordered_begin(fh: i, buf: b, count: i, datatype: i);
    mpi_file_read_ordered_end_ => ARTS_MPI_File_read_ordered_end(fh: i, buf: b, status: s);
    mpi_file_write_ordered_begin_ => ARTS_MPI_File_write_ordered_begin(fh: i, buf: b, count: i, datatype: i);
    mpi_file_write_ordered_end_ => ARTS_MPI_File_write_ordered_end(fh: i, buf: b, status: s);
    mpi_file_read_at_all_begin_ => ARTS_MPI_File_read_at_all_begin(fh: i, offset: l, buf: b, count: i, datatype: i);
    mpi_file_read_at_all_end_ => ARTS_MPI_File_read_at_all_end(fh: i, buf: b, status: s);
    mpi_file_write_at_all_begin_ => ARTS_MPI_File_write_at_all_begin(fh: i, offset: l, buf: b, count: i, datatype: i);
    mpi_file_write_at_all_end_ => ARTS_MPI_File_write_at_all_end(fh: i, buf: b, status: s);
    mpi_file_iread_at_ => ARTS_MPI_File_iread_at(fh: i, offset: l, buf: b, count: i, datatype: i,
        request: o);
    mpi_file_iread_ => ARTS_MPI_File_iread(fh: i, buf: b, count: i, datatype: i, request: o);
    mpi_file_iwrite_at_ => ARTS_MPI_File_iwrite_at(fh: i, offset: l, buf: b, count: i, datatype: i,
        request: o);
    mpi_file_iwrite_ => ARTS_MPI_File_iwrite(fh: i, buf: b, count: i, datatype: i, request: o);
    mpi_file_iread_at_all_ => ARTS_MPI_File_iread_at_all(fh: i, offset: l, buf: b, count: i, datatype: i,
        request: o);
    mpi_file_iread_all_ => ARTS_MPI_File_iread_all(fh: i, buf: b, count: i, datatype: i, request: o);
    mpi_file_iwrite_at_all_ => ARTS_MPI_File_iwrite_at_all(fh: i, offset: l, buf: b, count: i, datatype: i,
        request: o);
    mpi_file_iwrite_all_ => ARTS_MPI_File_iwrite_all(fh: i, buf: b, count: i, datatype: i, request: o);
    mpi_file_iread_shared_ => ARTS_MPI_File_iread_shared(fh: i, buf: b, count: i, datatype: i, request: o);
    mpi_file_iwrite_shared_ => ARTS_MPI_File_iwrite_shared(fh: i, buf: b, count: i, datatype: i, request: o);

    mpi_win_create_ => ARTS_MPI_Win_create(base: b, size: x, disp_unit: i, info: i, comm: i,
        win: o);
    mpi_win_create_dynamic_ => ARTS_MPI_Win_create_dynamic(info: i, comm: i, win: o);
    mpi_win_attach_ => ARTS_MPI_Win_attach(win: i, base: b, size: x);
    mpi_win_detach_ => ARTS_MPI_Win_detach(win: i, base: b);
    mpi_win_allocate_shared_ => ARTS_MPI_Win_allocate_shared(size: x, disp_unit: i, info: i,
        comm: i, baseptr: b, win: o);
    mpi_win_shared_query_ => ARTS_MPI_Win_shared_query(win: i, rank: i, size: xo,
        disp_unit: o, baseptr: b);
    mpi_win_free_ => ARTS_MPI_Win_free(win: m);
    mpi_win_fence_ => ARTS_MPI_Win_fence(assert: i, win: i);
    mpi_win_set_errhandler_ => ARTS_MPI_Win_set_errhandler(win: i, handler: i);
    mpi_win_get_errhandler_ => ARTS_MPI_Win_get_errhandler(win: i, handler: o);
    mpi_win_lock_ => ARTS_MPI_Win_lock(lock_type: i, rank: i, assert: i, win: i);
    mpi_win_unlock_ => ARTS_MPI_Win_unlock(rank: i, win: i);
    mpi_win_lock_all_ => ARTS_MPI_Win_lock_all(assert: i, win: i);
    mpi_win_unlock_all_ => ARTS_MPI_Win_unlock_all(win: i);
    mpi_win_flush_ => ARTS_MPI_Win_flush(rank: i, win: i);
    mpi_win_flush_local_ => ARTS_MPI_Win_flush_local(rank: i, win: i);
    mpi_win_flush_all_ => ARTS_MPI_Win_flush_all(win: i);
    mpi_win_flush_local_all_ => ARTS_MPI_Win_flush_local_all(win: i);
    mpi_win_sync_ => ARTS_MPI_Win_sync(win: i);
    mpi_win_post_ => ARTS_MPI_Win_post(group: i, assert: i, win: i);
    mpi_win_start_ => ARTS_MPI_Win_start(group: i, assert: i, win: i);
    mpi_win_complete_ => ARTS_MPI_Win_complete(win: i);
    mpi_win_wait_ => ARTS_MPI_Win_wait(win: i);
    mpi_win_test_ => ARTS_MPI_Win_test(win: i, flag: o);
    mpi_put_ => ARTS_MPI_Put(origin: b, origin_count: i, origin_type: i, target: i, disp: x,
        target_count: i, target_type: i, win: i);
    mpi_get_ => ARTS_MPI_Get(origin: b, origin_count: i, origin_type: i, target: i, disp: x,
        target_count: i, target_type: i, win: i);
    mpi_get_accumulate_ => ARTS_MPI_Get_accumulate(origin: b, origin_count: i, origin_type: i,
        result: b, result_count: i, result_type: i, target: i, disp: x, target_count: i,
        target_type: i, op: i, win: i);
    mpi_rput_ => ARTS_MPI_Rput(origin: b, origin_count: i, origin_type: i, target: i, disp: x,
        target_count: i, target_type: i, win: i, request: o);
    mpi_rget_ => ARTS_MPI_Rget(origin: b, origin_count: i, origin_type: i, target: i, disp: x,
        target_count: i, target_type: i, win: i, request: o);
    mpi_raccumulate_ => ARTS_MPI_Raccumulate(origin: b, origin_count: i, origin_type: i,
        target: i, disp: x, target_count: i, target_type: i, op: i, win: i, request: o);
    mpi_rget_accumulate_ => ARTS_MPI_Rget_accumulate(origin: b, origin_count: i, origin_type: i,
        result: b, result_count: i, result_type: i, target: i, disp: x, target_count: i,
        target_type: i, op: i, win: i, request: o);
    mpi_fetch_and_op_ => ARTS_MPI_Fetch_and_op(origin: b, result: b, datatype: i, target: i,
        disp: x, op: i, win: i);
    mpi_compare_and_swap_ => ARTS_MPI_Compare_and_swap(origin: b, compare: b, result: b,
        datatype: i, target: i, disp: x, win: i);
    mpi_accumulate_ => ARTS_MPI_Accumulate(origin: b, origin_count: i, origin_type: i,
        target: i, disp: x, target_count: i, target_type: i, op: i, win: i);

    ampi_migrate_ => ARTS_AMPI_Migrate(hints: i);
    ampi_migrateto_ => ARTS_AMPI_Migrateto(pe: i);
    ampi_async_migrate_ => ARTS_AMPI_Async_Migrate();
    ampi_migrate_to_pe_ => ARTS_AMPI_Migrate_to_pe(pe: i);
    ampi_setmigratable_ => ARTS_AMPI_Setmigratable(comm: i, mig: i);
    ampi_checkpoint_state_ => ARTS_AMPI_Checkpoint_state(step: l, state: b, bytes: l);
    ampi_memcheckpoint_state_ => ARTS_AMPI_MemCheckpoint_state(step: l, state: b, bytes: l);
    ampi_restored_state_ => ARTS_AMPI_Restored_state(step: lo, state: b, capacity: l,
        bytes: lo, flag: o);
    ampi_ireduce_ => ARTS_MPI_Ireduce(sendbuf: p, recvbuf: b, count: i, datatype: i, op: i,
        root: i, comm: i, request: o);
    ampi_iallreduce_ => ARTS_MPI_Iallreduce(sendbuf: p, recvbuf: b, count: i, datatype: i,
        op: i, comm: i, request: o);
    ampi_ialltoall_ => ARTS_MPI_Ialltoall(sendbuf: p, sendcount: i, sendtype: i, recvbuf: b,
        recvcount: i, recvtype: i, comm: i, request: o);
    ampi_iallgather_ => ARTS_MPI_Iallgather(sendbuf: p, sendcount: i, sendtype: i, recvbuf: b,
        recvcount: i, recvtype: i, comm: i, request: o);
    ampi_load_start_measure_ => ARTS_AMPI_Load_start_measure();
    ampi_load_stop_measure_ => ARTS_AMPI_Load_stop_measure();

    // MPI-1's names of the error handler calls, and the rest of the audit's simple calls.
    mpi_errhandler_create_ => ARTS_MPI_Comm_create_errhandler(function: e, errhandler: o);
    mpi_errhandler_set_ => ARTS_MPI_Comm_set_errhandler(comm: i, errhandler: i);
    mpi_errhandler_get_ => ARTS_MPI_Comm_get_errhandler(comm: i, errhandler: o);
    mpi_file_set_errhandler_ => ARTS_MPI_File_set_errhandler(fh: i, errhandler: i);
    mpi_bsend_init_ => ARTS_MPI_Bsend_init(buf: b, count: i, datatype: i, dest: i, tag: i,
        comm: i, request: o);
    mpi_rsend_init_ => ARTS_MPI_Rsend_init(buf: b, count: i, datatype: i, dest: i, tag: i,
        comm: i, request: o);
    mpi_group_range_incl_ => ARTS_MPI_Group_range_incl(group: i, n: i, ranges: r,
        newgroup: o);
    mpi_group_range_excl_ => ARTS_MPI_Group_range_excl(group: i, n: i, ranges: r,
        newgroup: o);
    mpi_ineighbor_allgather_ => ARTS_MPI_Ineighbor_allgather(sendbuf: b, sendcount: i,
        sendtype: i, recvbuf: b, recvcount: i, recvtype: i, comm: i, request: o);
    mpi_ineighbor_allgatherv_ => ARTS_MPI_Ineighbor_allgatherv(sendbuf: b, sendcount: i,
        sendtype: i, recvbuf: b, recvcounts: a, displs: a, recvtype: i, comm: i, request: o);
    mpi_ineighbor_alltoall_ => ARTS_MPI_Ineighbor_alltoall(sendbuf: b, sendcount: i,
        sendtype: i, recvbuf: b, recvcount: i, recvtype: i, comm: i, request: o);
    mpi_ineighbor_alltoallv_ => ARTS_MPI_Ineighbor_alltoallv(sendbuf: b, sendcounts: a,
        sdispls: a, sendtype: i, recvbuf: b, recvcounts: a, rdispls: a, recvtype: i, comm: i,
        request: o);
    mpi_is_thread_main_ => ARTS_MPI_Is_thread_main(flag: o);
    mpi_status_set_elements_ => ARTS_MPI_Status_set_elements(status: s, datatype: i,
        count: i);
    mpi_status_set_elements_x_ => ARTS_MPI_Status_set_elements_x(status: s, datatype: i,
        count: l);
    mpi_status_set_cancelled_ => ARTS_MPI_Status_set_cancelled(status: s, flag: i);
    mpi_test_cancelled_ => ARTS_MPI_Test_cancelled(status: s, flag: o);
    mpi_dist_graph_neighbors_count_ => ARTS_MPI_Dist_graph_neighbors_count(comm: i,
        indegree: o, outdegree: o, weighted: o);
    mpi_free_mem_ => ARTS_MPI_Free_mem(base: b);
    mpi_win_allocate_ => ARTS_MPI_Win_allocate(size: x, disp_unit: i, info: i, comm: i,
        baseptr: b, win: o);
}

/// Fortran's `MPI_Init(ierr)`.
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn mpi_init_(ierr: *mut c_int) {
    // SAFETY: MPI_Init takes null arguments (C's `MPI_Init(NULL, NULL)`).
    done(ierr, unsafe {
        ARTS_MPI_Init(std::ptr::null_mut(), std::ptr::null_mut())
    });
}

/// Fortran's `MPI_Init_thread(required, provided, ierr)`.
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn mpi_init_thread_(
    required: *const c_int,
    provided: *mut c_int,
    ierr: *mut c_int,
) {
    // SAFETY: by reference, as above.
    let rc = unsafe {
        ARTS_MPI_Init_thread(
            std::ptr::null_mut(),
            std::ptr::null_mut(),
            *required,
            provided,
        )
    };
    done(ierr, rc);
}

/// Fortran's `MPI_Wtime()`.
#[unsafe(no_mangle)]
pub(crate) extern "C-unwind" fn mpi_wtime_() -> f64 {
    ARTS_MPI_Wtime()
}

/// Fortran's `MPI_Aint_add(base, disp)`.
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn mpi_aint_add_(
    base: *const isize,
    disp: *const isize,
) -> isize {
    // SAFETY: by reference, as Fortran passes them.
    unsafe { ARTS_MPI_Aint_add(*base, *disp) }
}

/// Fortran's `MPI_Aint_diff(addr1, addr2)`.
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn mpi_aint_diff_(
    addr1: *const isize,
    addr2: *const isize,
) -> isize {
    // SAFETY: as above.
    unsafe { ARTS_MPI_Aint_diff(*addr1, *addr2) }
}

/// Fortran's `MPI_Wtick()`.
#[unsafe(no_mangle)]
pub(crate) extern "C-unwind" fn mpi_wtick_() -> f64 {
    ARTS_MPI_Wtick()
}

/// Fortran's `AMPI_My_pe()`.
#[unsafe(no_mangle)]
pub(crate) extern "C-unwind" fn ampi_my_pe_() -> c_int {
    // SAFETY: no arguments.
    unsafe { ARTS_AMPI_My_pe() }
}

/// Fortran's `AMPI_Load_set_value(value, ierr)` (`DOUBLE PRECISION` seconds).
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn ampi_load_set_value_(value: *const f64, ierr: *mut c_int) {
    // SAFETY: by reference.
    done(ierr, unsafe { ARTS_AMPI_Load_set_value(*value) });
}

/// Fortran's `AMPI_MemCheckpoint(ierr)`.
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn ampi_memcheckpoint_(ierr: *mut c_int) {
    done(ierr, ARTS_AMPI_MemCheckpoint());
}

/// Fortran's `AMPI_Checkpoint(dname, ierr)`.
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn ampi_checkpoint_(
    dname: *const c_char,
    ierr: *mut c_int,
    dname_len: usize,
) {
    let dir = c_string(dname, dname_len);
    // SAFETY: a C string.
    done(ierr, unsafe { ARTS_AMPI_Checkpoint(dir.as_ptr()) });
}

/// Fortran's `MPI_Alloc_mem(size, info, baseptr, ierr)`: `size` and
/// `baseptr` are `INTEGER(KIND=MPI_ADDRESS_KIND)` (the program reaches the
/// block through a Cray pointer or `C_F_POINTER`).
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn mpi_alloc_mem_(
    size: *const isize,
    info: *const c_int,
    baseptr: *mut isize,
    ierr: *mut c_int,
) {
    // SAFETY: by reference; C writes the block's address into `*baseptr`.
    done(ierr, unsafe {
        ARTS_MPI_Alloc_mem(*size as std::ffi::c_long, *info, baseptr.cast())
    });
}

/// Fortran's `MPI_Buffer_detach(buffer_addr, size, ierr)`: the buffer's
/// address is not given back (Fortran has no use for it), its size is.
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn mpi_buffer_detach_(
    _buffer_addr: *mut c_void,
    size: *mut c_int,
    ierr: *mut c_int,
) {
    let mut addr: *mut c_void = std::ptr::null_mut();
    // SAFETY: `addr` receives C's address of the buffer.
    done(ierr, unsafe {
        ARTS_MPI_Buffer_detach((&raw mut addr).cast(), size)
    });
}

/// Runs C call `call` writing a string of at most `room` bytes, then
/// copies it to the Fortran `CHARACTER(len)` at `out` (if the call
/// succeeded) and its result to `ierr`.
fn string_out(
    room: c_int,
    out: *mut c_char,
    len: usize,
    ierr: *mut c_int,
    call: impl FnOnce(*mut c_char) -> c_int,
) {
    let mut tmp = vec![0u8; room as usize + 1];
    let rc = call(tmp.as_mut_ptr().cast());
    if rc == 0 {
        to_fortran(&tmp, out, len);
    }
    done(ierr, rc);
}

/// Copies the C string the call wrote into `tmp` to the Fortran
/// `CHARACTER(len)` at `out`, padded with blanks.
fn to_fortran(tmp: &[u8], out: *mut c_char, len: usize) {
    let text = tmp.split(|&c| c == 0).next().unwrap_or(&[]);
    let n = text.len().min(len);
    // SAFETY: the program's CHARACTER variable holds `len` bytes.
    unsafe {
        std::ptr::copy_nonoverlapping(text.as_ptr().cast(), out, n);
        std::ptr::write_bytes(out.add(n), b' ', len - n);
    }
}

/// Fortran's `MPI_Get_processor_name(name, resultlen, ierr)`.
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn mpi_get_processor_name_(
    name: *mut c_char,
    resultlen: *mut c_int,
    ierr: *mut c_int,
    name_len: usize,
) {
    let room = crate::abi::MPI_MAX_PROCESSOR_NAME;
    // SAFETY: the buffer has room for MPI_MAX_PROCESSOR_NAME bytes.
    string_out(room, name, name_len, ierr, |buf| unsafe {
        ARTS_MPI_Get_processor_name(buf, resultlen)
    });
}

/// Fortran's `MPI_Error_string(code, string, resultlen, ierr)`.
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn mpi_error_string_(
    code: *const c_int,
    string: *mut c_char,
    resultlen: *mut c_int,
    ierr: *mut c_int,
    string_len: usize,
) {
    let room = crate::abi::MPI_MAX_ERROR_STRING;
    // SAFETY: by reference; the buffer has room for MPI_MAX_ERROR_STRING bytes.
    string_out(room, string, string_len, ierr, |buf| unsafe {
        ARTS_MPI_Error_string(*code, buf, resultlen)
    });
}

/// Fortran's `MPI_Op_create(function, commute, op, ierr)`: the function
/// takes `(invec, inoutvec, len, datatype)` by reference, as C's does.
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn mpi_op_create_(
    function: Option<UserFn>,
    commute: *const c_int,
    op: *mut c_int,
    ierr: *mut c_int,
) {
    // SAFETY: by reference.
    done(ierr, unsafe { ARTS_MPI_Op_create(function, *commute, op) });
}

/// Counts a C index (from 0) from 1, as Fortran does.
fn from_one(i: *mut c_int) {
    // SAFETY: the program's INTEGER.
    unsafe {
        if !i.is_null() && *i != MPI_UNDEFINED {
            *i += 1;
        }
    }
}

/// Fortran's `MPI_Waitany(count, requests, index, status, ierr)` (index from 1).
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn mpi_waitany_(
    count: *const c_int,
    requests: *mut c_int,
    index: *mut c_int,
    st: *mut c_int,
    ierr: *mut c_int,
) {
    // SAFETY: by reference.
    let rc = unsafe { ARTS_MPI_Waitany(*count, requests, index, status(st)) };
    from_one(index);
    done(ierr, rc);
}

/// Fortran's `MPI_Testany(count, requests, index, flag, status, ierr)` (index from 1).
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn mpi_testany_(
    count: *const c_int,
    requests: *mut c_int,
    index: *mut c_int,
    flag: *mut c_int,
    st: *mut c_int,
    ierr: *mut c_int,
) {
    // SAFETY: by reference.
    let rc = unsafe { ARTS_MPI_Testany(*count, requests, index, flag, status(st)) };
    from_one(index);
    done(ierr, rc);
}

/// `MPI_Waitsome` or `MPI_Testsome` (C's `some`) with the indices counted
/// from 1.
fn some(
    some: unsafe extern "C-unwind" fn(
        c_int,
        *mut c_int,
        *mut c_int,
        *mut c_int,
        *mut MpiStatus,
    ) -> c_int,
    incount: *const c_int,
    requests: *mut c_int,
    outcount: *mut c_int,
    indices: *mut c_int,
    statuses: *mut c_int,
    ierr: *mut c_int,
) {
    // SAFETY: by reference; the C call writes `*outcount` indices.
    let rc = unsafe { some(*incount, requests, outcount, indices, status(statuses)) };
    if rc == 0 {
        // SAFETY: the program's INTEGER and array of at least `*outcount`.
        let n = unsafe { *outcount };
        for k in 0..n.max(0) as usize {
            // SAFETY: as above.
            from_one(unsafe { indices.add(k) });
        }
    }
    done(ierr, rc);
}

/// Fortran's `MPI_Waitsome(incount, requests, outcount, indices, statuses, ierr)`.
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn mpi_waitsome_(
    incount: *const c_int,
    requests: *mut c_int,
    outcount: *mut c_int,
    indices: *mut c_int,
    statuses: *mut c_int,
    ierr: *mut c_int,
) {
    some(
        ARTS_MPI_Waitsome,
        incount,
        requests,
        outcount,
        indices,
        statuses,
        ierr,
    );
}

/// Fortran's `MPI_Testsome(incount, requests, outcount, indices, statuses, ierr)`.
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn mpi_testsome_(
    incount: *const c_int,
    requests: *mut c_int,
    outcount: *mut c_int,
    indices: *mut c_int,
    statuses: *mut c_int,
    ierr: *mut c_int,
) {
    some(
        ARTS_MPI_Testsome,
        incount,
        requests,
        outcount,
        indices,
        statuses,
        ierr,
    );
}

/// How a Fortran `STOP` (code 0 or the number given) or `ERROR STOP` ended
/// its rank: the payload the loader catches, as it does `state::Fatal`.
pub(crate) struct Stopped {
    /// The stop code (`ERROR STOP` without one: 1).
    pub code: c_int,
    /// Whether it was `ERROR STOP`.
    pub error: bool,
}

/// Prints what gfortran prints for a stop with a message, then ends the rank.
fn stop(what: &str, message: Option<String>, quiet: bool, code: c_int, error: bool) -> ! {
    if !quiet && let Some(m) = message {
        eprintln!("{what} {m}");
    }
    std::panic::resume_unwind(Box::new(Stopped { code, error }))
}

/// The `len` bytes at `s`, as text (None for a null pointer).
fn fortran_text(s: *const c_char, len: usize) -> Option<String> {
    if s.is_null() {
        return None;
    }
    // SAFETY: gfortran passes the string and its length.
    let bytes = unsafe { std::slice::from_raw_parts(s.cast::<u8>(), len) };
    Some(String::from_utf8_lossy(bytes).into_owned())
}

/// gfortran's `STOP 'text'` (and plain `STOP`): the rank ends, successfully.
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn _gfortran_stop_string(
    s: *const c_char,
    len: usize,
    quiet: bool,
) {
    stop("STOP", fortran_text(s, len), quiet, 0, false)
}

/// gfortran's `STOP n`: the rank ends with code `n`.
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn _gfortran_stop_numeric(code: c_int, quiet: bool) {
    stop("STOP", Some(code.to_string()), quiet, code, false)
}

/// gfortran's `ERROR STOP 'text'`: the rank fails.
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn _gfortran_error_stop_string(
    s: *const c_char,
    len: usize,
    quiet: bool,
) {
    stop("ERROR STOP", fortran_text(s, len), quiet, 1, true)
}

/// gfortran's `ERROR STOP n`: the rank fails with code `n`.
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn _gfortran_error_stop_numeric(code: c_int, quiet: bool) {
    stop("ERROR STOP", Some(code.to_string()), quiet, code, true)
}

/// A Fortran `CHARACTER(len)` argument as a C string (trailing blanks
/// dropped, as Fortran pads).
fn c_string(s: *const c_char, len: usize) -> std::ffi::CString {
    without_nuls(fortran_text(s, len).unwrap_or_default().trim_end())
}

/// An info key or value from Fortran: leading blanks dropped too, as MPI
/// says of both (MPI 4.0 §10.1).
fn info_string(s: *const c_char, len: usize) -> std::ffi::CString {
    without_nuls(fortran_text(s, len).unwrap_or_default().trim())
}

/// `text` as a C string, any NUL in it dropped.
fn without_nuls(text: &str) -> std::ffi::CString {
    std::ffi::CString::new(text.replace('\0', "")).unwrap_or_default()
}

/// Fortran's `MPI_File_open(comm, filename, amode, info, fh, ierr)`.
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn mpi_file_open_(
    comm: *const c_int,
    filename: *const c_char,
    amode: *const c_int,
    info: *const c_int,
    fh: *mut c_int,
    ierr: *mut c_int,
    filename_len: usize,
) {
    let name = c_string(filename, filename_len);
    // SAFETY: by reference; `name` is a C string.
    done(ierr, unsafe {
        ARTS_MPI_File_open(*comm, name.as_ptr(), *amode, *info, fh)
    });
}

/// Fortran's `MPI_File_delete(filename, info, ierr)`.
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn mpi_file_delete_(
    filename: *const c_char,
    info: *const c_int,
    ierr: *mut c_int,
    filename_len: usize,
) {
    let name = c_string(filename, filename_len);
    // SAFETY: as above.
    done(ierr, unsafe { ARTS_MPI_File_delete(name.as_ptr(), *info) });
}

/// Fortran's `MPI_File_set_view(fh, disp, etype, filetype, datarep, info, ierr)`.
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn mpi_file_set_view_(
    fh: *const c_int,
    disp: *const i64,
    etype: *const c_int,
    filetype: *const c_int,
    datarep: *const c_char,
    info: *const c_int,
    ierr: *mut c_int,
    datarep_len: usize,
) {
    let rep = c_string(datarep, datarep_len);
    // SAFETY: as above.
    let rc = unsafe { ARTS_MPI_File_set_view(*fh, *disp, *etype, *filetype, rep.as_ptr(), *info) };
    done(ierr, rc);
}

/// Fortran's `MPI_Pack_external(datarep, inbuf, incount, datatype, outbuf,
/// outsize, position, ierr)` (`outsize` and `position` of
/// `MPI_ADDRESS_KIND`).
#[unsafe(no_mangle)]
#[allow(clippy::too_many_arguments)]
pub(crate) unsafe extern "C-unwind" fn mpi_pack_external_(
    datarep: *const c_char,
    inbuf: *mut c_void,
    incount: *const c_int,
    datatype: *const c_int,
    outbuf: *mut c_void,
    outsize: *const isize,
    position: *mut isize,
    ierr: *mut c_int,
    datarep_len: usize,
) {
    let rep = c_string(datarep, datarep_len);
    // SAFETY: by reference; `rep` is a C string.
    done(ierr, unsafe {
        ARTS_MPI_Pack_external(
            rep.as_ptr(),
            bottom(inbuf),
            *incount,
            *datatype,
            outbuf,
            *outsize,
            position,
        )
    });
}

/// Fortran's `MPI_Unpack_external(datarep, inbuf, insize, position,
/// outbuf, outcount, datatype, ierr)` (`insize` and `position` of
/// `MPI_ADDRESS_KIND`).
#[unsafe(no_mangle)]
#[allow(clippy::too_many_arguments)]
pub(crate) unsafe extern "C-unwind" fn mpi_unpack_external_(
    datarep: *const c_char,
    inbuf: *mut c_void,
    insize: *const isize,
    position: *mut isize,
    outbuf: *mut c_void,
    outcount: *const c_int,
    datatype: *const c_int,
    ierr: *mut c_int,
    datarep_len: usize,
) {
    let rep = c_string(datarep, datarep_len);
    // SAFETY: by reference; `rep` is a C string.
    done(ierr, unsafe {
        ARTS_MPI_Unpack_external(
            rep.as_ptr(),
            inbuf,
            *insize,
            position,
            bottom(outbuf),
            *outcount,
            *datatype,
        )
    });
}

/// Fortran's `MPI_Pack_external_size(datarep, incount, datatype, size,
/// ierr)` (`size` of `MPI_ADDRESS_KIND`).
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn mpi_pack_external_size_(
    datarep: *const c_char,
    incount: *const c_int,
    datatype: *const c_int,
    size: *mut isize,
    ierr: *mut c_int,
    datarep_len: usize,
) {
    let rep = c_string(datarep, datarep_len);
    // SAFETY: by reference; `rep` is a C string.
    done(ierr, unsafe {
        ARTS_MPI_Pack_external_size(rep.as_ptr(), *incount, *datatype, size)
    });
}

/// Fortran's `MPI_Comm_set_name(comm, name, ierr)`.
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn mpi_comm_set_name_(
    comm: *const c_int,
    name: *const c_char,
    ierr: *mut c_int,
    name_len: usize,
) {
    let name = c_string(name, name_len);
    // SAFETY: by reference; `name` is a C string.
    done(ierr, unsafe {
        ARTS_MPI_Comm_set_name(*comm, name.as_ptr())
    });
}

/// Fortran's `MPI_Comm_get_name(comm, name, resultlen, ierr)`.
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn mpi_comm_get_name_(
    comm: *const c_int,
    name: *mut c_char,
    resultlen: *mut c_int,
    ierr: *mut c_int,
    name_len: usize,
) {
    let room = crate::abi::MPI_MAX_OBJECT_NAME;
    // SAFETY: by reference; the buffer has room for MPI_MAX_OBJECT_NAME bytes.
    string_out(room, name, name_len, ierr, |buf| unsafe {
        ARTS_MPI_Comm_get_name(*comm, buf, resultlen)
    });
}

/// Fortran's `MPI_Info_set(info, key, value, ierr)`.
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn mpi_info_set_(
    info: *const c_int,
    key: *const c_char,
    value: *const c_char,
    ierr: *mut c_int,
    key_len: usize,
    value_len: usize,
) {
    let (key, value) = (info_string(key, key_len), info_string(value, value_len));
    // SAFETY: by reference; C strings.
    done(ierr, unsafe {
        ARTS_MPI_Info_set(*info, key.as_ptr(), value.as_ptr())
    });
}

/// Fortran's `MPI_Info_get(info, key, valuelen, value, flag, ierr)`.
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn mpi_info_get_(
    info: *const c_int,
    key: *const c_char,
    valuelen: *const c_int,
    value: *mut c_char,
    flag: *mut c_int,
    ierr: *mut c_int,
    key_len: usize,
    value_len: usize,
) {
    let key = info_string(key, key_len);
    let mut tmp = vec![0u8; crate::abi::MPI_MAX_INFO_VAL as usize + 1];
    // SAFETY: by reference; `tmp` holds any value and its NUL.
    let rc = unsafe {
        ARTS_MPI_Info_get(
            *info,
            key.as_ptr(),
            *valuelen,
            tmp.as_mut_ptr().cast(),
            flag,
        )
    };
    // SAFETY: `flag` was written when the call succeeded.
    if rc == 0 && unsafe { *flag } != 0 {
        to_fortran(&tmp, value, value_len);
    }
    done(ierr, rc);
}

/// Fortran's `MPI_Info_get_string(info, key, buflen, value, flag, ierr)`
/// (MPI 4.0): at most `buflen` characters of `key`'s value in `value`
/// (untouched if `buflen` is 0), and in `buflen` the value's length.
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn mpi_info_get_string_(
    info: *const c_int,
    key: *const c_char,
    buflen: *mut c_int,
    value: *mut c_char,
    flag: *mut c_int,
    ierr: *mut c_int,
    key_len: usize,
    value_len: usize,
) {
    let key = info_string(key, key_len);
    // SAFETY: by reference.
    let wanted = usize::try_from(unsafe { *buflen })
        .unwrap_or(0)
        .min(value_len);
    let mut tmp = vec![0u8; wanted + 1];
    let mut room = if wanted == 0 { 0 } else { wanted as c_int + 1 };
    // SAFETY: `tmp` holds `room` bytes; `key` is a C string.
    let rc = unsafe {
        ARTS_MPI_Info_get_string(
            *info,
            key.as_ptr(),
            &mut room,
            tmp.as_mut_ptr().cast(),
            flag,
        )
    };
    // SAFETY: `flag` was written when the call succeeded.
    if rc == 0 && unsafe { *flag } != 0 {
        if wanted > 0 {
            to_fortran(&tmp, value, value_len);
        }
        // SAFETY: by reference; C counts the NUL, Fortran does not.
        unsafe { *buflen = room - 1 };
    }
    done(ierr, rc);
}

/// Fortran's `MPI_Info_create_env(info, ierr)` (MPI 4.0).
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn mpi_info_create_env_(info: *mut c_int, ierr: *mut c_int) {
    // SAFETY: `info` is the program's INTEGER.
    done(ierr, unsafe {
        ARTS_MPI_Info_create_env(0, std::ptr::null(), info)
    });
}

/// Fortran's `MPI_Info_get_valuelen(info, key, valuelen, flag, ierr)`.
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn mpi_info_get_valuelen_(
    info: *const c_int,
    key: *const c_char,
    valuelen: *mut c_int,
    flag: *mut c_int,
    ierr: *mut c_int,
    key_len: usize,
) {
    let key = info_string(key, key_len);
    // SAFETY: by reference; a C string.
    done(ierr, unsafe {
        ARTS_MPI_Info_get_valuelen(*info, key.as_ptr(), valuelen, flag)
    });
}

/// Fortran's `MPI_Info_get_nthkey(info, n, key, ierr)`.
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn mpi_info_get_nthkey_(
    info: *const c_int,
    n: *const c_int,
    key: *mut c_char,
    ierr: *mut c_int,
    key_len: usize,
) {
    let room = crate::abi::MPI_MAX_INFO_KEY;
    // SAFETY: by reference; the buffer holds any key and its NUL.
    string_out(room, key, key_len, ierr, |buf| unsafe {
        ARTS_MPI_Info_get_nthkey(*info, *n, buf)
    });
}

/// Fortran's `MPI_Info_delete(info, key, ierr)`.
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn mpi_info_delete_(
    info: *const c_int,
    key: *const c_char,
    ierr: *mut c_int,
    key_len: usize,
) {
    let key = info_string(key, key_len);
    // SAFETY: by reference; a C string.
    done(ierr, unsafe { ARTS_MPI_Info_delete(*info, key.as_ptr()) });
}

/// `use mpi_f08`'s non-blocking calls (and the others that keep their
/// buffer, as `MPI_Put` and `MPI_Win_create`) pass this the call's name
/// (`name_len` bytes) instead of making it when a buffer is a
/// non-contiguous array section: the compiler would pass a temporary copy,
/// gone before the operation ends (`MPI_SUBARRAYS_SUPPORTED` is
/// `.FALSE.`). It fails with `MPI_ERR_BUFFER` on `MPI_COMM_WORLD`'s
/// handler, naming the call and the way out.
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn arts_f08_noncontiguous(
    name: *const c_char,
    name_len: usize,
    ierr: *mut c_int,
) {
    let call = c_string(name, name_len);
    let call = call.to_string_lossy();
    let message = format!(
        "{call}: the buffer is a non-contiguous array section, which a call that \
         keeps its buffer would only see a temporary copy of (MPI_SUBARRAYS_SUPPORTED \
         is .FALSE.); pass a contiguous array, or describe the section with a derived datatype"
    );
    let rc = crate::state::entry("mpi_f08", crate::abi::MPI_COMM_WORLD, |_| {
        Err(crate::state::fail::Fail::new(
            crate::abi::ERR_BUFFER,
            message,
        ))
    });
    done(ierr, rc);
}
