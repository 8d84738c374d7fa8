//! The table of every exported function: the `ARTS_*` functions behind
//! `mpi.h`, the Fortran binding's `mpi_*_` (`mpif.h`), `__wrap_calloc` (programs are linked with `--wrap=calloc`) and
//! C++'s global `operator new`/`delete` (`crate::loader::malloc`).
//! The host binary references it ([`exported_names`]), so the linker keeps
//! every function, and its build script exports these symbols to the
//! programs it loads. A test checks the `ARTS_*` names against the
//! `#define`s of `mpi.h`.

/// Exported function names and addresses.
pub struct Exports(pub &'static [(&'static str, *const ())]);

// SAFETY: the table is immutable: names and code addresses only.
unsafe impl Sync for Exports {}

/// Every exported function.
#[used]
pub static EXPORTS: Exports = Exports(&[
    (
        "__wrap_calloc",
        crate::loader::malloc::rank_calloc as *const (),
    ),
    (
        "_gfortran_stop_string",
        crate::fortran::_gfortran_stop_string as *const (),
    ),
    (
        "_gfortran_stop_numeric",
        crate::fortran::_gfortran_stop_numeric as *const (),
    ),
    (
        "_gfortran_error_stop_string",
        crate::fortran::_gfortran_error_stop_string as *const (),
    ),
    (
        "_gfortran_error_stop_numeric",
        crate::fortran::_gfortran_error_stop_numeric as *const (),
    ),
    ("_Znwm", crate::loader::malloc::cxx_new as *const ()),
    ("_ZdlPv", crate::loader::malloc::cxx_delete as *const ()),
    (
        "ARTS_AMPI_Migrate",
        crate::ampi::ARTS_AMPI_Migrate as *const (),
    ),
    (
        "ARTS_AMPI_Async_Migrate",
        crate::ampi::ARTS_AMPI_Async_Migrate as *const (),
    ),
    (
        "ARTS_AMPI_Migrateto",
        crate::ampi::ARTS_AMPI_Migrateto as *const (),
    ),
    (
        "ARTS_AMPI_Migrate_to_pe",
        crate::ampi::ARTS_AMPI_Migrate_to_pe as *const (),
    ),
    (
        "ARTS_AMPI_Setmigratable",
        crate::ampi::ARTS_AMPI_Setmigratable as *const (),
    ),
    ("ARTS_AMPI_My_pe", crate::ampi::ARTS_AMPI_My_pe as *const ()),
    (
        "ARTS_AMPI_Checkpoint",
        crate::ampi::ARTS_AMPI_Checkpoint as *const (),
    ),
    (
        "ARTS_AMPI_MemCheckpoint",
        crate::ampi::ARTS_AMPI_MemCheckpoint as *const (),
    ),
    (
        "ARTS_AMPI_Checkpoint_state",
        crate::ampi::ARTS_AMPI_Checkpoint_state as *const (),
    ),
    (
        "ARTS_AMPI_MemCheckpoint_state",
        crate::ampi::ARTS_AMPI_MemCheckpoint_state as *const (),
    ),
    (
        "ARTS_AMPI_Restored_state",
        crate::ampi::ARTS_AMPI_Restored_state as *const (),
    ),
    (
        "ARTS_MPI_Dims_create",
        crate::topo::cart::ARTS_MPI_Dims_create as *const (),
    ),
    (
        "ARTS_MPI_Cart_create",
        crate::topo::cart::ARTS_MPI_Cart_create as *const (),
    ),
    (
        "ARTS_MPI_Cart_coords",
        crate::topo::cart::ARTS_MPI_Cart_coords as *const (),
    ),
    (
        "ARTS_MPI_Cart_rank",
        crate::topo::cart::ARTS_MPI_Cart_rank as *const (),
    ),
    (
        "ARTS_MPI_Cart_shift",
        crate::topo::cart::ARTS_MPI_Cart_shift as *const (),
    ),
    (
        "ARTS_MPI_Cart_get",
        crate::topo::cart::ARTS_MPI_Cart_get as *const (),
    ),
    (
        "ARTS_MPI_Cartdim_get",
        crate::topo::cart::ARTS_MPI_Cartdim_get as *const (),
    ),
    (
        "ARTS_MPI_Cart_sub",
        crate::topo::cart::ARTS_MPI_Cart_sub as *const (),
    ),
    (
        "ARTS_MPI_Barrier",
        crate::coll::collectives::ARTS_MPI_Barrier as *const (),
    ),
    (
        "ARTS_MPI_Alltoallw",
        crate::coll::collectives::ARTS_MPI_Alltoallw as *const (),
    ),
    (
        "ARTS_MPI_Ialltoallw",
        crate::coll::collectives::ARTS_MPI_Ialltoallw as *const (),
    ),
    (
        "ARTS_MPI_Alltoallw_init",
        crate::coll::collectives::ARTS_MPI_Alltoallw_init as *const (),
    ),
    (
        "ARTS_MPI_Neighbor_alltoallw",
        crate::coll::collectives::ARTS_MPI_Neighbor_alltoallw as *const (),
    ),
    (
        "ARTS_MPI_Ineighbor_alltoallw",
        crate::coll::collectives::ARTS_MPI_Ineighbor_alltoallw as *const (),
    ),
    (
        "ARTS_MPI_Neighbor_alltoallw_init",
        crate::coll::collectives::ARTS_MPI_Neighbor_alltoallw_init as *const (),
    ),
    (
        "ARTS_MPI_Barrier_init",
        crate::coll::collectives::ARTS_MPI_Barrier_init as *const (),
    ),
    (
        "ARTS_MPI_Bcast_init",
        crate::coll::collectives::ARTS_MPI_Bcast_init as *const (),
    ),
    (
        "ARTS_MPI_Reduce_init",
        crate::coll::collectives::ARTS_MPI_Reduce_init as *const (),
    ),
    (
        "ARTS_MPI_Allreduce_init",
        crate::coll::collectives::ARTS_MPI_Allreduce_init as *const (),
    ),
    (
        "ARTS_MPI_Scan_init",
        crate::coll::collectives::ARTS_MPI_Scan_init as *const (),
    ),
    (
        "ARTS_MPI_Exscan_init",
        crate::coll::collectives::ARTS_MPI_Exscan_init as *const (),
    ),
    (
        "ARTS_MPI_Reduce_scatter_init",
        crate::coll::collectives::ARTS_MPI_Reduce_scatter_init as *const (),
    ),
    (
        "ARTS_MPI_Reduce_scatter_block_init",
        crate::coll::collectives::ARTS_MPI_Reduce_scatter_block_init as *const (),
    ),
    (
        "ARTS_MPI_Gather_init",
        crate::coll::collectives::ARTS_MPI_Gather_init as *const (),
    ),
    (
        "ARTS_MPI_Gatherv_init",
        crate::coll::collectives::ARTS_MPI_Gatherv_init as *const (),
    ),
    (
        "ARTS_MPI_Scatter_init",
        crate::coll::collectives::ARTS_MPI_Scatter_init as *const (),
    ),
    (
        "ARTS_MPI_Scatterv_init",
        crate::coll::collectives::ARTS_MPI_Scatterv_init as *const (),
    ),
    (
        "ARTS_MPI_Allgather_init",
        crate::coll::collectives::ARTS_MPI_Allgather_init as *const (),
    ),
    (
        "ARTS_MPI_Allgatherv_init",
        crate::coll::collectives::ARTS_MPI_Allgatherv_init as *const (),
    ),
    (
        "ARTS_MPI_Alltoall_init",
        crate::coll::collectives::ARTS_MPI_Alltoall_init as *const (),
    ),
    (
        "ARTS_MPI_Alltoallv_init",
        crate::coll::collectives::ARTS_MPI_Alltoallv_init as *const (),
    ),
    (
        "ARTS_MPI_Neighbor_allgather_init",
        crate::coll::collectives::ARTS_MPI_Neighbor_allgather_init as *const (),
    ),
    (
        "ARTS_MPI_Neighbor_allgatherv_init",
        crate::coll::collectives::ARTS_MPI_Neighbor_allgatherv_init as *const (),
    ),
    (
        "ARTS_MPI_Neighbor_alltoall_init",
        crate::coll::collectives::ARTS_MPI_Neighbor_alltoall_init as *const (),
    ),
    (
        "ARTS_MPI_Neighbor_alltoallv_init",
        crate::coll::collectives::ARTS_MPI_Neighbor_alltoallv_init as *const (),
    ),
    (
        "ARTS_MPI_Ibarrier",
        crate::coll::collectives::ARTS_MPI_Ibarrier as *const (),
    ),
    (
        "ARTS_MPI_Bcast",
        crate::coll::collectives::ARTS_MPI_Bcast as *const (),
    ),
    (
        "ARTS_MPI_Ibcast",
        crate::coll::collectives::ARTS_MPI_Ibcast as *const (),
    ),
    (
        "ARTS_MPI_Reduce",
        crate::coll::collectives::ARTS_MPI_Reduce as *const (),
    ),
    (
        "ARTS_MPI_Ireduce",
        crate::coll::collectives::ARTS_MPI_Ireduce as *const (),
    ),
    (
        "ARTS_MPI_Allreduce",
        crate::coll::collectives::ARTS_MPI_Allreduce as *const (),
    ),
    (
        "ARTS_MPI_Iallreduce",
        crate::coll::collectives::ARTS_MPI_Iallreduce as *const (),
    ),
    (
        "ARTS_MPI_Scan",
        crate::coll::collectives::ARTS_MPI_Scan as *const (),
    ),
    (
        "ARTS_MPI_Gather",
        crate::coll::collectives::ARTS_MPI_Gather as *const (),
    ),
    (
        "ARTS_MPI_Gatherv",
        crate::coll::collectives::ARTS_MPI_Gatherv as *const (),
    ),
    (
        "ARTS_MPI_Scatter",
        crate::coll::collectives::ARTS_MPI_Scatter as *const (),
    ),
    (
        "ARTS_MPI_Scatterv",
        crate::coll::collectives::ARTS_MPI_Scatterv as *const (),
    ),
    (
        "ARTS_MPI_Allgather",
        crate::coll::collectives::ARTS_MPI_Allgather as *const (),
    ),
    (
        "ARTS_MPI_Allgatherv",
        crate::coll::collectives::ARTS_MPI_Allgatherv as *const (),
    ),
    (
        "ARTS_MPI_Alltoall",
        crate::coll::collectives::ARTS_MPI_Alltoall as *const (),
    ),
    (
        "ARTS_MPI_Alltoallv",
        crate::coll::collectives::ARTS_MPI_Alltoallv as *const (),
    ),
    (
        "ARTS_MPI_Reduce_scatter",
        crate::coll::collectives::ARTS_MPI_Reduce_scatter as *const (),
    ),
    (
        "ARTS_MPI_Reduce_scatter_block",
        crate::coll::collectives::ARTS_MPI_Reduce_scatter_block as *const (),
    ),
    (
        "ARTS_MPI_Iallgather",
        crate::coll::collectives::ARTS_MPI_Iallgather as *const (),
    ),
    (
        "ARTS_MPI_Ialltoall",
        crate::coll::collectives::ARTS_MPI_Ialltoall as *const (),
    ),
    (
        "ARTS_MPI_Exscan",
        crate::coll::collectives::ARTS_MPI_Exscan as *const (),
    ),
    ("ampi_migrate_", crate::fortran::ampi_migrate_ as *const ()),
    (
        "ampi_migrateto_",
        crate::fortran::ampi_migrateto_ as *const (),
    ),
    ("ampi_my_pe_", crate::fortran::ampi_my_pe_ as *const ()),
    ("mpi_abort_", crate::fortran::mpi_abort_ as *const ()),
    (
        "mpi_accumulate_",
        crate::fortran::mpi_accumulate_ as *const (),
    ),
    (
        "mpi_allgather_",
        crate::fortran::mpi_allgather_ as *const (),
    ),
    (
        "mpi_allgatherv_",
        crate::fortran::mpi_allgatherv_ as *const (),
    ),
    (
        "mpi_allreduce_",
        crate::fortran::mpi_allreduce_ as *const (),
    ),
    ("mpi_alltoall_", crate::fortran::mpi_alltoall_ as *const ()),
    (
        "mpi_alltoallv_",
        crate::fortran::mpi_alltoallv_ as *const (),
    ),
    ("mpi_barrier_", crate::fortran::mpi_barrier_ as *const ()),
    (
        "mpi_alltoallw_",
        crate::fortran::mpi_alltoallw_ as *const (),
    ),
    (
        "mpi_ialltoallw_",
        crate::fortran::mpi_ialltoallw_ as *const (),
    ),
    (
        "mpi_alltoallw_init_",
        crate::fortran::mpi_alltoallw_init_ as *const (),
    ),
    (
        "mpi_neighbor_alltoallw_",
        crate::fortran::mpi_neighbor_alltoallw_ as *const (),
    ),
    (
        "mpi_ineighbor_alltoallw_",
        crate::fortran::mpi_ineighbor_alltoallw_ as *const (),
    ),
    (
        "mpi_neighbor_alltoallw_init_",
        crate::fortran::mpi_neighbor_alltoallw_init_ as *const (),
    ),
    (
        "mpi_barrier_init_",
        crate::fortran::mpi_barrier_init_ as *const (),
    ),
    (
        "mpi_bcast_init_",
        crate::fortran::mpi_bcast_init_ as *const (),
    ),
    (
        "mpi_reduce_init_",
        crate::fortran::mpi_reduce_init_ as *const (),
    ),
    (
        "mpi_allreduce_init_",
        crate::fortran::mpi_allreduce_init_ as *const (),
    ),
    (
        "mpi_scan_init_",
        crate::fortran::mpi_scan_init_ as *const (),
    ),
    (
        "mpi_exscan_init_",
        crate::fortran::mpi_exscan_init_ as *const (),
    ),
    (
        "mpi_reduce_scatter_init_",
        crate::fortran::mpi_reduce_scatter_init_ as *const (),
    ),
    (
        "mpi_reduce_scatter_block_init_",
        crate::fortran::mpi_reduce_scatter_block_init_ as *const (),
    ),
    (
        "mpi_gather_init_",
        crate::fortran::mpi_gather_init_ as *const (),
    ),
    (
        "mpi_gatherv_init_",
        crate::fortran::mpi_gatherv_init_ as *const (),
    ),
    (
        "mpi_scatter_init_",
        crate::fortran::mpi_scatter_init_ as *const (),
    ),
    (
        "mpi_scatterv_init_",
        crate::fortran::mpi_scatterv_init_ as *const (),
    ),
    (
        "mpi_allgather_init_",
        crate::fortran::mpi_allgather_init_ as *const (),
    ),
    (
        "mpi_allgatherv_init_",
        crate::fortran::mpi_allgatherv_init_ as *const (),
    ),
    (
        "mpi_alltoall_init_",
        crate::fortran::mpi_alltoall_init_ as *const (),
    ),
    (
        "mpi_alltoallv_init_",
        crate::fortran::mpi_alltoallv_init_ as *const (),
    ),
    (
        "mpi_neighbor_allgather_init_",
        crate::fortran::mpi_neighbor_allgather_init_ as *const (),
    ),
    (
        "mpi_neighbor_allgatherv_init_",
        crate::fortran::mpi_neighbor_allgatherv_init_ as *const (),
    ),
    (
        "mpi_neighbor_alltoall_init_",
        crate::fortran::mpi_neighbor_alltoall_init_ as *const (),
    ),
    (
        "mpi_neighbor_alltoallv_init_",
        crate::fortran::mpi_neighbor_alltoallv_init_ as *const (),
    ),
    ("mpi_bcast_", crate::fortran::mpi_bcast_ as *const ()),
    ("mpi_bsend_", crate::fortran::mpi_bsend_ as *const ()),
    (
        "mpi_buffer_attach_",
        crate::fortran::mpi_buffer_attach_ as *const (),
    ),
    ("mpi_cancel_", crate::fortran::mpi_cancel_ as *const ()),
    (
        "mpi_cart_coords_",
        crate::fortran::mpi_cart_coords_ as *const (),
    ),
    (
        "mpi_cart_create_",
        crate::fortran::mpi_cart_create_ as *const (),
    ),
    ("mpi_cart_get_", crate::fortran::mpi_cart_get_ as *const ()),
    (
        "mpi_cart_rank_",
        crate::fortran::mpi_cart_rank_ as *const (),
    ),
    (
        "mpi_cart_shift_",
        crate::fortran::mpi_cart_shift_ as *const (),
    ),
    ("mpi_cart_sub_", crate::fortran::mpi_cart_sub_ as *const ()),
    (
        "mpi_cartdim_get_",
        crate::fortran::mpi_cartdim_get_ as *const (),
    ),
    (
        "mpi_comm_call_errhandler_",
        crate::fortran::mpi_comm_call_errhandler_ as *const (),
    ),
    (
        "mpi_comm_compare_",
        crate::fortran::mpi_comm_compare_ as *const (),
    ),
    (
        "mpi_comm_create_",
        crate::fortran::mpi_comm_create_ as *const (),
    ),
    (
        "mpi_comm_create_errhandler_",
        crate::fortran::mpi_comm_create_errhandler_ as *const (),
    ),
    ("mpi_comm_dup_", crate::fortran::mpi_comm_dup_ as *const ()),
    (
        "mpi_comm_free_",
        crate::fortran::mpi_comm_free_ as *const (),
    ),
    (
        "mpi_comm_get_attr_",
        crate::fortran::mpi_comm_get_attr_ as *const (),
    ),
    (
        "mpi_comm_get_errhandler_",
        crate::fortran::mpi_comm_get_errhandler_ as *const (),
    ),
    (
        "mpi_comm_get_name_",
        crate::fortran::mpi_comm_get_name_ as *const (),
    ),
    (
        "mpi_comm_group_",
        crate::fortran::mpi_comm_group_ as *const (),
    ),
    (
        "mpi_comm_rank_",
        crate::fortran::mpi_comm_rank_ as *const (),
    ),
    (
        "mpi_comm_set_errhandler_",
        crate::fortran::mpi_comm_set_errhandler_ as *const (),
    ),
    (
        "mpi_comm_set_name_",
        crate::fortran::mpi_comm_set_name_ as *const (),
    ),
    (
        "mpi_comm_size_",
        crate::fortran::mpi_comm_size_ as *const (),
    ),
    (
        "mpi_comm_split_",
        crate::fortran::mpi_comm_split_ as *const (),
    ),
    (
        "mpi_comm_split_type_",
        crate::fortran::mpi_comm_split_type_ as *const (),
    ),
    (
        "mpi_compare_and_swap_",
        crate::fortran::mpi_compare_and_swap_ as *const (),
    ),
    (
        "mpi_dims_create_",
        crate::fortran::mpi_dims_create_ as *const (),
    ),
    (
        "mpi_errhandler_free_",
        crate::fortran::mpi_errhandler_free_ as *const (),
    ),
    (
        "mpi_error_class_",
        crate::fortran::mpi_error_class_ as *const (),
    ),
    (
        "mpi_error_string_",
        crate::fortran::mpi_error_string_ as *const (),
    ),
    ("mpi_exscan_", crate::fortran::mpi_exscan_ as *const ()),
    (
        "mpi_fetch_and_op_",
        crate::fortran::mpi_fetch_and_op_ as *const (),
    ),
    (
        "mpi_file_close_",
        crate::fortran::mpi_file_close_ as *const (),
    ),
    (
        "mpi_file_delete_",
        crate::fortran::mpi_file_delete_ as *const (),
    ),
    (
        "mpi_file_get_position_",
        crate::fortran::mpi_file_get_position_ as *const (),
    ),
    (
        "mpi_file_get_size_",
        crate::fortran::mpi_file_get_size_ as *const (),
    ),
    (
        "mpi_file_open_",
        crate::fortran::mpi_file_open_ as *const (),
    ),
    (
        "mpi_file_read_",
        crate::fortran::mpi_file_read_ as *const (),
    ),
    (
        "mpi_file_read_all_",
        crate::fortran::mpi_file_read_all_ as *const (),
    ),
    (
        "mpi_file_read_at_",
        crate::fortran::mpi_file_read_at_ as *const (),
    ),
    (
        "mpi_file_read_at_all_",
        crate::fortran::mpi_file_read_at_all_ as *const (),
    ),
    (
        "mpi_file_seek_",
        crate::fortran::mpi_file_seek_ as *const (),
    ),
    (
        "mpi_file_set_size_",
        crate::fortran::mpi_file_set_size_ as *const (),
    ),
    (
        "mpi_file_set_view_",
        crate::fortran::mpi_file_set_view_ as *const (),
    ),
    (
        "mpi_file_sync_",
        crate::fortran::mpi_file_sync_ as *const (),
    ),
    (
        "mpi_file_read_shared_",
        crate::fortran::mpi_file_read_shared_ as *const (),
    ),
    (
        "mpi_file_write_shared_",
        crate::fortran::mpi_file_write_shared_ as *const (),
    ),
    (
        "mpi_file_read_ordered_",
        crate::fortran::mpi_file_read_ordered_ as *const (),
    ),
    (
        "mpi_file_write_ordered_",
        crate::fortran::mpi_file_write_ordered_ as *const (),
    ),
    (
        "mpi_file_seek_shared_",
        crate::fortran::mpi_file_seek_shared_ as *const (),
    ),
    (
        "mpi_file_get_position_shared_",
        crate::fortran::mpi_file_get_position_shared_ as *const (),
    ),
    (
        "mpi_file_read_all_begin_",
        crate::fortran::mpi_file_read_all_begin_ as *const (),
    ),
    (
        "mpi_file_read_all_end_",
        crate::fortran::mpi_file_read_all_end_ as *const (),
    ),
    (
        "mpi_file_write_all_begin_",
        crate::fortran::mpi_file_write_all_begin_ as *const (),
    ),
    (
        "mpi_file_write_all_end_",
        crate::fortran::mpi_file_write_all_end_ as *const (),
    ),
    (
        "mpi_file_read_ordered_begin_",
        crate::fortran::mpi_file_read_ordered_begin_ as *const (),
    ),
    (
        "mpi_file_read_ordered_end_",
        crate::fortran::mpi_file_read_ordered_end_ as *const (),
    ),
    (
        "mpi_file_write_ordered_begin_",
        crate::fortran::mpi_file_write_ordered_begin_ as *const (),
    ),
    (
        "mpi_file_write_ordered_end_",
        crate::fortran::mpi_file_write_ordered_end_ as *const (),
    ),
    (
        "mpi_file_read_at_all_begin_",
        crate::fortran::mpi_file_read_at_all_begin_ as *const (),
    ),
    (
        "mpi_file_read_at_all_end_",
        crate::fortran::mpi_file_read_at_all_end_ as *const (),
    ),
    (
        "mpi_file_write_at_all_begin_",
        crate::fortran::mpi_file_write_at_all_begin_ as *const (),
    ),
    (
        "mpi_file_write_at_all_end_",
        crate::fortran::mpi_file_write_at_all_end_ as *const (),
    ),
    (
        "mpi_file_iread_at_",
        crate::fortran::mpi_file_iread_at_ as *const (),
    ),
    (
        "mpi_file_iread_",
        crate::fortran::mpi_file_iread_ as *const (),
    ),
    (
        "mpi_file_iwrite_at_",
        crate::fortran::mpi_file_iwrite_at_ as *const (),
    ),
    (
        "mpi_file_iwrite_",
        crate::fortran::mpi_file_iwrite_ as *const (),
    ),
    (
        "mpi_file_iread_at_all_",
        crate::fortran::mpi_file_iread_at_all_ as *const (),
    ),
    (
        "mpi_file_iread_all_",
        crate::fortran::mpi_file_iread_all_ as *const (),
    ),
    (
        "mpi_file_iwrite_at_all_",
        crate::fortran::mpi_file_iwrite_at_all_ as *const (),
    ),
    (
        "mpi_file_iwrite_all_",
        crate::fortran::mpi_file_iwrite_all_ as *const (),
    ),
    (
        "mpi_file_iread_shared_",
        crate::fortran::mpi_file_iread_shared_ as *const (),
    ),
    (
        "mpi_file_iwrite_shared_",
        crate::fortran::mpi_file_iwrite_shared_ as *const (),
    ),
    (
        "mpi_file_write_",
        crate::fortran::mpi_file_write_ as *const (),
    ),
    (
        "mpi_file_write_all_",
        crate::fortran::mpi_file_write_all_ as *const (),
    ),
    (
        "mpi_file_write_at_",
        crate::fortran::mpi_file_write_at_ as *const (),
    ),
    (
        "mpi_file_write_at_all_",
        crate::fortran::mpi_file_write_at_all_ as *const (),
    ),
    ("mpi_finalize_", crate::fortran::mpi_finalize_ as *const ()),
    (
        "mpi_finalized_",
        crate::fortran::mpi_finalized_ as *const (),
    ),
    ("mpi_gather_", crate::fortran::mpi_gather_ as *const ()),
    ("mpi_gatherv_", crate::fortran::mpi_gatherv_ as *const ()),
    ("mpi_get_", crate::fortran::mpi_get_ as *const ()),
    (
        "mpi_get_accumulate_",
        crate::fortran::mpi_get_accumulate_ as *const (),
    ),
    (
        "mpi_get_count_",
        crate::fortran::mpi_get_count_ as *const (),
    ),
    (
        "mpi_get_processor_name_",
        crate::fortran::mpi_get_processor_name_ as *const (),
    ),
    (
        "mpi_get_version_",
        crate::fortran::mpi_get_version_ as *const (),
    ),
    (
        "mpi_group_compare_",
        crate::fortran::mpi_group_compare_ as *const (),
    ),
    (
        "mpi_group_difference_",
        crate::fortran::mpi_group_difference_ as *const (),
    ),
    (
        "mpi_group_excl_",
        crate::fortran::mpi_group_excl_ as *const (),
    ),
    (
        "mpi_group_free_",
        crate::fortran::mpi_group_free_ as *const (),
    ),
    (
        "mpi_group_incl_",
        crate::fortran::mpi_group_incl_ as *const (),
    ),
    (
        "mpi_group_intersection_",
        crate::fortran::mpi_group_intersection_ as *const (),
    ),
    (
        "mpi_group_rank_",
        crate::fortran::mpi_group_rank_ as *const (),
    ),
    (
        "mpi_group_size_",
        crate::fortran::mpi_group_size_ as *const (),
    ),
    (
        "mpi_group_translate_ranks_",
        crate::fortran::mpi_group_translate_ranks_ as *const (),
    ),
    (
        "mpi_group_union_",
        crate::fortran::mpi_group_union_ as *const (),
    ),
    (
        "mpi_iallgather_",
        crate::fortran::mpi_iallgather_ as *const (),
    ),
    (
        "mpi_iallgatherv_",
        crate::fortran::mpi_iallgatherv_ as *const (),
    ),
    (
        "mpi_iallreduce_",
        crate::fortran::mpi_iallreduce_ as *const (),
    ),
    (
        "mpi_ialltoall_",
        crate::fortran::mpi_ialltoall_ as *const (),
    ),
    (
        "mpi_ialltoallv_",
        crate::fortran::mpi_ialltoallv_ as *const (),
    ),
    ("mpi_ibarrier_", crate::fortran::mpi_ibarrier_ as *const ()),
    ("mpi_ibcast_", crate::fortran::mpi_ibcast_ as *const ()),
    ("mpi_ibsend_", crate::fortran::mpi_ibsend_ as *const ()),
    ("mpi_iexscan_", crate::fortran::mpi_iexscan_ as *const ()),
    ("mpi_igather_", crate::fortran::mpi_igather_ as *const ()),
    ("mpi_igatherv_", crate::fortran::mpi_igatherv_ as *const ()),
    ("mpi_improbe_", crate::fortran::mpi_improbe_ as *const ()),
    ("mpi_imrecv_", crate::fortran::mpi_imrecv_ as *const ()),
    (
        "mpi_info_create_",
        crate::fortran::mpi_info_create_ as *const (),
    ),
    (
        "mpi_info_delete_",
        crate::fortran::mpi_info_delete_ as *const (),
    ),
    ("mpi_info_dup_", crate::fortran::mpi_info_dup_ as *const ()),
    (
        "mpi_info_free_",
        crate::fortran::mpi_info_free_ as *const (),
    ),
    ("mpi_info_get_", crate::fortran::mpi_info_get_ as *const ()),
    (
        "mpi_info_get_nkeys_",
        crate::fortran::mpi_info_get_nkeys_ as *const (),
    ),
    (
        "mpi_info_get_nthkey_",
        crate::fortran::mpi_info_get_nthkey_ as *const (),
    ),
    (
        "mpi_info_get_valuelen_",
        crate::fortran::mpi_info_get_valuelen_ as *const (),
    ),
    ("mpi_info_set_", crate::fortran::mpi_info_set_ as *const ()),
    ("mpi_init_", crate::fortran::mpi_init_ as *const ()),
    (
        "mpi_init_thread_",
        crate::fortran::mpi_init_thread_ as *const (),
    ),
    (
        "mpi_initialized_",
        crate::fortran::mpi_initialized_ as *const (),
    ),
    ("mpi_iprobe_", crate::fortran::mpi_iprobe_ as *const ()),
    ("mpi_irecv_", crate::fortran::mpi_irecv_ as *const ()),
    ("mpi_ireduce_", crate::fortran::mpi_ireduce_ as *const ()),
    (
        "mpi_ireduce_scatter_",
        crate::fortran::mpi_ireduce_scatter_ as *const (),
    ),
    (
        "mpi_ireduce_scatter_block_",
        crate::fortran::mpi_ireduce_scatter_block_ as *const (),
    ),
    ("mpi_irsend_", crate::fortran::mpi_irsend_ as *const ()),
    ("mpi_iscan_", crate::fortran::mpi_iscan_ as *const ()),
    ("mpi_iscatter_", crate::fortran::mpi_iscatter_ as *const ()),
    (
        "mpi_iscatterv_",
        crate::fortran::mpi_iscatterv_ as *const (),
    ),
    ("mpi_isend_", crate::fortran::mpi_isend_ as *const ()),
    ("mpi_issend_", crate::fortran::mpi_issend_ as *const ()),
    ("mpi_mprobe_", crate::fortran::mpi_mprobe_ as *const ()),
    ("mpi_mrecv_", crate::fortran::mpi_mrecv_ as *const ()),
    (
        "mpi_neighbor_allgather_",
        crate::fortran::mpi_neighbor_allgather_ as *const (),
    ),
    (
        "mpi_neighbor_allgatherv_",
        crate::fortran::mpi_neighbor_allgatherv_ as *const (),
    ),
    (
        "mpi_neighbor_alltoall_",
        crate::fortran::mpi_neighbor_alltoall_ as *const (),
    ),
    (
        "mpi_neighbor_alltoallv_",
        crate::fortran::mpi_neighbor_alltoallv_ as *const (),
    ),
    (
        "mpi_op_create_",
        crate::fortran::mpi_op_create_ as *const (),
    ),
    ("mpi_op_free_", crate::fortran::mpi_op_free_ as *const ()),
    ("mpi_pack_", crate::fortran::mpi_pack_ as *const ()),
    (
        "mpi_pack_size_",
        crate::fortran::mpi_pack_size_ as *const (),
    ),
    ("mpi_probe_", crate::fortran::mpi_probe_ as *const ()),
    ("mpi_put_", crate::fortran::mpi_put_ as *const ()),
    ("mpi_rput_", crate::fortran::mpi_rput_ as *const ()),
    ("mpi_rget_", crate::fortran::mpi_rget_ as *const ()),
    (
        "mpi_raccumulate_",
        crate::fortran::mpi_raccumulate_ as *const (),
    ),
    (
        "mpi_rget_accumulate_",
        crate::fortran::mpi_rget_accumulate_ as *const (),
    ),
    (
        "mpi_query_thread_",
        crate::fortran::mpi_query_thread_ as *const (),
    ),
    ("mpi_recv_", crate::fortran::mpi_recv_ as *const ()),
    (
        "mpi_recv_init_",
        crate::fortran::mpi_recv_init_ as *const (),
    ),
    ("mpi_reduce_", crate::fortran::mpi_reduce_ as *const ()),
    (
        "mpi_reduce_local_",
        crate::fortran::mpi_reduce_local_ as *const (),
    ),
    (
        "mpi_reduce_scatter_",
        crate::fortran::mpi_reduce_scatter_ as *const (),
    ),
    (
        "mpi_reduce_scatter_block_",
        crate::fortran::mpi_reduce_scatter_block_ as *const (),
    ),
    (
        "mpi_request_free_",
        crate::fortran::mpi_request_free_ as *const (),
    ),
    (
        "mpi_request_get_status_",
        crate::fortran::mpi_request_get_status_ as *const (),
    ),
    ("mpi_rsend_", crate::fortran::mpi_rsend_ as *const ()),
    ("mpi_scan_", crate::fortran::mpi_scan_ as *const ()),
    ("mpi_scatter_", crate::fortran::mpi_scatter_ as *const ()),
    ("mpi_scatterv_", crate::fortran::mpi_scatterv_ as *const ()),
    ("mpi_send_", crate::fortran::mpi_send_ as *const ()),
    (
        "mpi_send_init_",
        crate::fortran::mpi_send_init_ as *const (),
    ),
    ("mpi_sendrecv_", crate::fortran::mpi_sendrecv_ as *const ()),
    (
        "mpi_sendrecv_replace_",
        crate::fortran::mpi_sendrecv_replace_ as *const (),
    ),
    ("mpi_ssend_", crate::fortran::mpi_ssend_ as *const ()),
    (
        "mpi_ssend_init_",
        crate::fortran::mpi_ssend_init_ as *const (),
    ),
    ("mpi_start_", crate::fortran::mpi_start_ as *const ()),
    ("mpi_startall_", crate::fortran::mpi_startall_ as *const ()),
    ("mpi_test_", crate::fortran::mpi_test_ as *const ()),
    ("mpi_testall_", crate::fortran::mpi_testall_ as *const ()),
    ("mpi_testany_", crate::fortran::mpi_testany_ as *const ()),
    ("mpi_testsome_", crate::fortran::mpi_testsome_ as *const ()),
    (
        "mpi_topo_test_",
        crate::fortran::mpi_topo_test_ as *const (),
    ),
    (
        "mpi_graph_create_",
        crate::fortran::mpi_graph_create_ as *const (),
    ),
    (
        "mpi_graphdims_get_",
        crate::fortran::mpi_graphdims_get_ as *const (),
    ),
    (
        "mpi_graph_get_",
        crate::fortran::mpi_graph_get_ as *const (),
    ),
    (
        "mpi_graph_neighbors_count_",
        crate::fortran::mpi_graph_neighbors_count_ as *const (),
    ),
    (
        "mpi_graph_neighbors_",
        crate::fortran::mpi_graph_neighbors_ as *const (),
    ),
    (
        "mpi_graph_map_",
        crate::fortran::mpi_graph_map_ as *const (),
    ),
    (
        "mpi_type_commit_",
        crate::fortran::mpi_type_commit_ as *const (),
    ),
    (
        "mpi_type_contiguous_",
        crate::fortran::mpi_type_contiguous_ as *const (),
    ),
    (
        "mpi_type_create_hindexed_",
        crate::fortran::mpi_type_create_hindexed_ as *const (),
    ),
    (
        "mpi_type_create_hindexed_block_",
        crate::fortran::mpi_type_create_hindexed_block_ as *const (),
    ),
    (
        "mpi_type_create_hvector_",
        crate::fortran::mpi_type_create_hvector_ as *const (),
    ),
    (
        "mpi_type_create_indexed_block_",
        crate::fortran::mpi_type_create_indexed_block_ as *const (),
    ),
    (
        "mpi_type_create_resized_",
        crate::fortran::mpi_type_create_resized_ as *const (),
    ),
    (
        "mpi_type_create_struct_",
        crate::fortran::mpi_type_create_struct_ as *const (),
    ),
    (
        "mpi_type_create_subarray_",
        crate::fortran::mpi_type_create_subarray_ as *const (),
    ),
    ("mpi_type_dup_", crate::fortran::mpi_type_dup_ as *const ()),
    (
        "mpi_type_free_",
        crate::fortran::mpi_type_free_ as *const (),
    ),
    (
        "mpi_type_get_extent_",
        crate::fortran::mpi_type_get_extent_ as *const (),
    ),
    (
        "mpi_type_get_true_extent_",
        crate::fortran::mpi_type_get_true_extent_ as *const (),
    ),
    (
        "mpi_type_indexed_",
        crate::fortran::mpi_type_indexed_ as *const (),
    ),
    (
        "mpi_type_size_",
        crate::fortran::mpi_type_size_ as *const (),
    ),
    (
        "mpi_type_vector_",
        crate::fortran::mpi_type_vector_ as *const (),
    ),
    ("mpi_unpack_", crate::fortran::mpi_unpack_ as *const ()),
    ("mpi_wait_", crate::fortran::mpi_wait_ as *const ()),
    ("mpi_waitall_", crate::fortran::mpi_waitall_ as *const ()),
    ("mpi_waitany_", crate::fortran::mpi_waitany_ as *const ()),
    ("mpi_waitsome_", crate::fortran::mpi_waitsome_ as *const ()),
    (
        "mpi_win_create_",
        crate::fortran::mpi_win_create_ as *const (),
    ),
    (
        "mpi_win_fence_",
        crate::fortran::mpi_win_fence_ as *const (),
    ),
    ("mpi_win_post_", crate::fortran::mpi_win_post_ as *const ()),
    (
        "mpi_win_start_",
        crate::fortran::mpi_win_start_ as *const (),
    ),
    (
        "mpi_win_complete_",
        crate::fortran::mpi_win_complete_ as *const (),
    ),
    ("mpi_win_wait_", crate::fortran::mpi_win_wait_ as *const ()),
    ("mpi_win_test_", crate::fortran::mpi_win_test_ as *const ()),
    (
        "mpi_win_set_errhandler_",
        crate::fortran::mpi_win_set_errhandler_ as *const (),
    ),
    (
        "mpi_win_get_errhandler_",
        crate::fortran::mpi_win_get_errhandler_ as *const (),
    ),
    ("mpi_win_lock_", crate::fortran::mpi_win_lock_ as *const ()),
    (
        "mpi_win_unlock_",
        crate::fortran::mpi_win_unlock_ as *const (),
    ),
    (
        "mpi_win_lock_all_",
        crate::fortran::mpi_win_lock_all_ as *const (),
    ),
    (
        "mpi_win_unlock_all_",
        crate::fortran::mpi_win_unlock_all_ as *const (),
    ),
    (
        "mpi_win_flush_",
        crate::fortran::mpi_win_flush_ as *const (),
    ),
    (
        "mpi_win_flush_local_",
        crate::fortran::mpi_win_flush_local_ as *const (),
    ),
    (
        "mpi_win_flush_all_",
        crate::fortran::mpi_win_flush_all_ as *const (),
    ),
    (
        "mpi_win_flush_local_all_",
        crate::fortran::mpi_win_flush_local_all_ as *const (),
    ),
    ("mpi_win_sync_", crate::fortran::mpi_win_sync_ as *const ()),
    ("mpi_win_free_", crate::fortran::mpi_win_free_ as *const ()),
    (
        "mpi_win_allocate_shared_",
        crate::fortran::mpi_win_allocate_shared_ as *const (),
    ),
    (
        "mpi_win_shared_query_",
        crate::fortran::mpi_win_shared_query_ as *const (),
    ),
    ("mpi_wtick_", crate::fortran::mpi_wtick_ as *const ()),
    ("mpi_wtime_", crate::fortran::mpi_wtime_ as *const ()),
    (
        "ARTS_MPI_Get_accumulate",
        crate::rma::window::ARTS_MPI_Get_accumulate as *const (),
    ),
    (
        "ARTS_MPI_Fetch_and_op",
        crate::rma::window::ARTS_MPI_Fetch_and_op as *const (),
    ),
    (
        "ARTS_MPI_Compare_and_swap",
        crate::rma::window::ARTS_MPI_Compare_and_swap as *const (),
    ),
    (
        "ARTS_MPI_File_open",
        crate::io::file::ARTS_MPI_File_open as *const (),
    ),
    (
        "ARTS_MPI_File_close",
        crate::io::file::ARTS_MPI_File_close as *const (),
    ),
    (
        "ARTS_MPI_File_delete",
        crate::io::file::ARTS_MPI_File_delete as *const (),
    ),
    (
        "ARTS_MPI_File_set_view",
        crate::io::file::ARTS_MPI_File_set_view as *const (),
    ),
    (
        "ARTS_MPI_File_read_at",
        crate::io::file::ARTS_MPI_File_read_at as *const (),
    ),
    (
        "ARTS_MPI_File_read",
        crate::io::file::ARTS_MPI_File_read as *const (),
    ),
    (
        "ARTS_MPI_File_write_at",
        crate::io::file::ARTS_MPI_File_write_at as *const (),
    ),
    (
        "ARTS_MPI_File_write",
        crate::io::file::ARTS_MPI_File_write as *const (),
    ),
    (
        "ARTS_MPI_File_read_at_all",
        crate::io::file::ARTS_MPI_File_read_at_all as *const (),
    ),
    (
        "ARTS_MPI_File_read_all",
        crate::io::file::ARTS_MPI_File_read_all as *const (),
    ),
    (
        "ARTS_MPI_File_write_at_all",
        crate::io::file::ARTS_MPI_File_write_at_all as *const (),
    ),
    (
        "ARTS_MPI_File_write_all",
        crate::io::file::ARTS_MPI_File_write_all as *const (),
    ),
    (
        "ARTS_MPI_File_seek",
        crate::io::file::ARTS_MPI_File_seek as *const (),
    ),
    (
        "ARTS_MPI_File_get_position",
        crate::io::file::ARTS_MPI_File_get_position as *const (),
    ),
    (
        "ARTS_MPI_File_get_size",
        crate::io::file::ARTS_MPI_File_get_size as *const (),
    ),
    (
        "ARTS_MPI_File_set_size",
        crate::io::file::ARTS_MPI_File_set_size as *const (),
    ),
    (
        "ARTS_MPI_File_sync",
        crate::io::file::ARTS_MPI_File_sync as *const (),
    ),
    (
        "ARTS_MPI_File_set_errhandler",
        crate::io::file::ARTS_MPI_File_set_errhandler as *const (),
    ),
    (
        "ARTS_MPI_File_read_all_begin",
        crate::io::split::ARTS_MPI_File_read_all_begin as *const (),
    ),
    (
        "ARTS_MPI_File_read_all_end",
        crate::io::split::ARTS_MPI_File_read_all_end as *const (),
    ),
    (
        "ARTS_MPI_File_write_all_begin",
        crate::io::split::ARTS_MPI_File_write_all_begin as *const (),
    ),
    (
        "ARTS_MPI_File_write_all_end",
        crate::io::split::ARTS_MPI_File_write_all_end as *const (),
    ),
    (
        "ARTS_MPI_File_read_ordered_begin",
        crate::io::split::ARTS_MPI_File_read_ordered_begin as *const (),
    ),
    (
        "ARTS_MPI_File_read_ordered_end",
        crate::io::split::ARTS_MPI_File_read_ordered_end as *const (),
    ),
    (
        "ARTS_MPI_File_write_ordered_begin",
        crate::io::split::ARTS_MPI_File_write_ordered_begin as *const (),
    ),
    (
        "ARTS_MPI_File_write_ordered_end",
        crate::io::split::ARTS_MPI_File_write_ordered_end as *const (),
    ),
    (
        "ARTS_MPI_File_read_at_all_begin",
        crate::io::split::ARTS_MPI_File_read_at_all_begin as *const (),
    ),
    (
        "ARTS_MPI_File_read_at_all_end",
        crate::io::split::ARTS_MPI_File_read_at_all_end as *const (),
    ),
    (
        "ARTS_MPI_File_write_at_all_begin",
        crate::io::split::ARTS_MPI_File_write_at_all_begin as *const (),
    ),
    (
        "ARTS_MPI_File_write_at_all_end",
        crate::io::split::ARTS_MPI_File_write_at_all_end as *const (),
    ),
    (
        "ARTS_MPI_File_iread_at",
        crate::io::file::ARTS_MPI_File_iread_at as *const (),
    ),
    (
        "ARTS_MPI_File_iread",
        crate::io::file::ARTS_MPI_File_iread as *const (),
    ),
    (
        "ARTS_MPI_File_iwrite_at",
        crate::io::file::ARTS_MPI_File_iwrite_at as *const (),
    ),
    (
        "ARTS_MPI_File_iwrite",
        crate::io::file::ARTS_MPI_File_iwrite as *const (),
    ),
    (
        "ARTS_MPI_File_iread_at_all",
        crate::io::file::ARTS_MPI_File_iread_at_all as *const (),
    ),
    (
        "ARTS_MPI_File_iread_all",
        crate::io::file::ARTS_MPI_File_iread_all as *const (),
    ),
    (
        "ARTS_MPI_File_iwrite_at_all",
        crate::io::file::ARTS_MPI_File_iwrite_at_all as *const (),
    ),
    (
        "ARTS_MPI_File_iwrite_all",
        crate::io::file::ARTS_MPI_File_iwrite_all as *const (),
    ),
    (
        "ARTS_MPI_File_iread_shared",
        crate::io::shared::ARTS_MPI_File_iread_shared as *const (),
    ),
    (
        "ARTS_MPI_File_iwrite_shared",
        crate::io::shared::ARTS_MPI_File_iwrite_shared as *const (),
    ),
    (
        "ARTS_MPI_File_read_shared",
        crate::io::shared::ARTS_MPI_File_read_shared as *const (),
    ),
    (
        "ARTS_MPI_File_write_shared",
        crate::io::shared::ARTS_MPI_File_write_shared as *const (),
    ),
    (
        "ARTS_MPI_File_read_ordered",
        crate::io::shared::ARTS_MPI_File_read_ordered as *const (),
    ),
    (
        "ARTS_MPI_File_write_ordered",
        crate::io::shared::ARTS_MPI_File_write_ordered as *const (),
    ),
    (
        "ARTS_MPI_File_seek_shared",
        crate::io::shared::ARTS_MPI_File_seek_shared as *const (),
    ),
    (
        "ARTS_MPI_File_get_position_shared",
        crate::io::shared::ARTS_MPI_File_get_position_shared as *const (),
    ),
    (
        "ARTS_MPI_Dist_graph_create_adjacent",
        crate::topo::graph::ARTS_MPI_Dist_graph_create_adjacent as *const (),
    ),
    (
        "ARTS_MPI_Dist_graph_neighbors_count",
        crate::topo::graph::ARTS_MPI_Dist_graph_neighbors_count as *const (),
    ),
    (
        "ARTS_MPI_Dist_graph_neighbors",
        crate::topo::graph::ARTS_MPI_Dist_graph_neighbors as *const (),
    ),
    (
        "ARTS_MPI_Topo_test",
        crate::topo::graph::ARTS_MPI_Topo_test as *const (),
    ),
    (
        "ARTS_MPI_Graph_create",
        crate::topo::graph::ARTS_MPI_Graph_create as *const (),
    ),
    (
        "ARTS_MPI_Graphdims_get",
        crate::topo::graph::ARTS_MPI_Graphdims_get as *const (),
    ),
    (
        "ARTS_MPI_Graph_get",
        crate::topo::graph::ARTS_MPI_Graph_get as *const (),
    ),
    (
        "ARTS_MPI_Graph_neighbors_count",
        crate::topo::graph::ARTS_MPI_Graph_neighbors_count as *const (),
    ),
    (
        "ARTS_MPI_Graph_neighbors",
        crate::topo::graph::ARTS_MPI_Graph_neighbors as *const (),
    ),
    (
        "ARTS_MPI_Graph_map",
        crate::topo::graph::ARTS_MPI_Graph_map as *const (),
    ),
    (
        "ARTS_MPI_Neighbor_allgather",
        crate::coll::collectives::ARTS_MPI_Neighbor_allgather as *const (),
    ),
    (
        "ARTS_MPI_Ineighbor_allgather",
        crate::coll::collectives::ARTS_MPI_Ineighbor_allgather as *const (),
    ),
    (
        "ARTS_MPI_Neighbor_allgatherv",
        crate::coll::collectives::ARTS_MPI_Neighbor_allgatherv as *const (),
    ),
    (
        "ARTS_MPI_Ineighbor_allgatherv",
        crate::coll::collectives::ARTS_MPI_Ineighbor_allgatherv as *const (),
    ),
    (
        "ARTS_MPI_Neighbor_alltoall",
        crate::coll::collectives::ARTS_MPI_Neighbor_alltoall as *const (),
    ),
    (
        "ARTS_MPI_Ineighbor_alltoall",
        crate::coll::collectives::ARTS_MPI_Ineighbor_alltoall as *const (),
    ),
    (
        "ARTS_MPI_Neighbor_alltoallv",
        crate::coll::collectives::ARTS_MPI_Neighbor_alltoallv as *const (),
    ),
    (
        "ARTS_MPI_Ineighbor_alltoallv",
        crate::coll::collectives::ARTS_MPI_Ineighbor_alltoallv as *const (),
    ),
    (
        "ARTS_MPI_Win_create",
        crate::rma::window::ARTS_MPI_Win_create as *const (),
    ),
    (
        "ARTS_MPI_Win_allocate",
        crate::rma::window::ARTS_MPI_Win_allocate as *const (),
    ),
    (
        "ARTS_MPI_Win_allocate_shared",
        crate::rma::shm::ARTS_MPI_Win_allocate_shared as *const (),
    ),
    (
        "ARTS_MPI_Win_shared_query",
        crate::rma::shm::ARTS_MPI_Win_shared_query as *const (),
    ),
    (
        "ARTS_MPI_Win_free",
        crate::rma::window::ARTS_MPI_Win_free as *const (),
    ),
    (
        "ARTS_MPI_Win_fence",
        crate::rma::window::ARTS_MPI_Win_fence as *const (),
    ),
    (
        "ARTS_MPI_Win_post",
        crate::rma::pscw::ARTS_MPI_Win_post as *const (),
    ),
    (
        "ARTS_MPI_Win_start",
        crate::rma::pscw::ARTS_MPI_Win_start as *const (),
    ),
    (
        "ARTS_MPI_Win_complete",
        crate::rma::pscw::ARTS_MPI_Win_complete as *const (),
    ),
    (
        "ARTS_MPI_Win_wait",
        crate::rma::pscw::ARTS_MPI_Win_wait as *const (),
    ),
    (
        "ARTS_MPI_Win_test",
        crate::rma::pscw::ARTS_MPI_Win_test as *const (),
    ),
    (
        "ARTS_MPI_Win_set_errhandler",
        crate::rma::window::ARTS_MPI_Win_set_errhandler as *const (),
    ),
    (
        "ARTS_MPI_Win_get_errhandler",
        crate::rma::window::ARTS_MPI_Win_get_errhandler as *const (),
    ),
    (
        "ARTS_MPI_Win_lock",
        crate::rma::passive::ARTS_MPI_Win_lock as *const (),
    ),
    (
        "ARTS_MPI_Win_unlock",
        crate::rma::passive::ARTS_MPI_Win_unlock as *const (),
    ),
    (
        "ARTS_MPI_Win_lock_all",
        crate::rma::passive::ARTS_MPI_Win_lock_all as *const (),
    ),
    (
        "ARTS_MPI_Win_unlock_all",
        crate::rma::passive::ARTS_MPI_Win_unlock_all as *const (),
    ),
    (
        "ARTS_MPI_Win_flush",
        crate::rma::passive::ARTS_MPI_Win_flush as *const (),
    ),
    (
        "ARTS_MPI_Win_flush_local",
        crate::rma::passive::ARTS_MPI_Win_flush_local as *const (),
    ),
    (
        "ARTS_MPI_Win_flush_all",
        crate::rma::passive::ARTS_MPI_Win_flush_all as *const (),
    ),
    (
        "ARTS_MPI_Win_flush_local_all",
        crate::rma::passive::ARTS_MPI_Win_flush_local_all as *const (),
    ),
    (
        "ARTS_MPI_Win_sync",
        crate::rma::passive::ARTS_MPI_Win_sync as *const (),
    ),
    (
        "ARTS_MPI_Put",
        crate::rma::window::ARTS_MPI_Put as *const (),
    ),
    (
        "ARTS_MPI_Get",
        crate::rma::window::ARTS_MPI_Get as *const (),
    ),
    (
        "ARTS_MPI_Rput",
        crate::rma::window::ARTS_MPI_Rput as *const (),
    ),
    (
        "ARTS_MPI_Rget",
        crate::rma::window::ARTS_MPI_Rget as *const (),
    ),
    (
        "ARTS_MPI_Raccumulate",
        crate::rma::window::ARTS_MPI_Raccumulate as *const (),
    ),
    (
        "ARTS_MPI_Rget_accumulate",
        crate::rma::window::ARTS_MPI_Rget_accumulate as *const (),
    ),
    (
        "ARTS_MPI_Accumulate",
        crate::rma::window::ARTS_MPI_Accumulate as *const (),
    ),
    (
        "ARTS_MPI_Comm_create_errhandler",
        crate::env::errors::ARTS_MPI_Comm_create_errhandler as *const (),
    ),
    (
        "ARTS_MPI_Errhandler_free",
        crate::env::errors::ARTS_MPI_Errhandler_free as *const (),
    ),
    (
        "ARTS_MPI_Comm_call_errhandler",
        crate::env::errors::ARTS_MPI_Comm_call_errhandler as *const (),
    ),
    (
        "ARTS_MPI_Info_create",
        crate::comm::info::ARTS_MPI_Info_create as *const (),
    ),
    (
        "ARTS_MPI_Info_dup",
        crate::comm::info::ARTS_MPI_Info_dup as *const (),
    ),
    (
        "ARTS_MPI_Info_free",
        crate::comm::info::ARTS_MPI_Info_free as *const (),
    ),
    (
        "ARTS_MPI_Info_set",
        crate::comm::info::ARTS_MPI_Info_set as *const (),
    ),
    (
        "ARTS_MPI_Info_delete",
        crate::comm::info::ARTS_MPI_Info_delete as *const (),
    ),
    (
        "ARTS_MPI_Info_get",
        crate::comm::info::ARTS_MPI_Info_get as *const (),
    ),
    (
        "ARTS_MPI_Info_get_valuelen",
        crate::comm::info::ARTS_MPI_Info_get_valuelen as *const (),
    ),
    (
        "ARTS_MPI_Info_get_nkeys",
        crate::comm::info::ARTS_MPI_Info_get_nkeys as *const (),
    ),
    (
        "ARTS_MPI_Info_get_nthkey",
        crate::comm::info::ARTS_MPI_Info_get_nthkey as *const (),
    ),
    (
        "ARTS_MPI_Get_library_version",
        crate::env::init::ARTS_MPI_Get_library_version as *const (),
    ),
    (
        "ARTS_MPI_Request_get_status",
        crate::p2p::requests::ARTS_MPI_Request_get_status as *const (),
    ),
    (
        "ARTS_MPI_Type_dup",
        crate::types::calls::ARTS_MPI_Type_dup as *const (),
    ),
    (
        "ARTS_MPI_Type_get_true_extent",
        crate::types::calls::ARTS_MPI_Type_get_true_extent as *const (),
    ),
    (
        "ARTS_MPI_Type_create_hindexed_block",
        crate::types::calls::ARTS_MPI_Type_create_hindexed_block as *const (),
    ),
    (
        "ARTS_MPI_Comm_create_keyval",
        crate::comm::attrs::ARTS_MPI_Comm_create_keyval as *const (),
    ),
    (
        "ARTS_MPI_Comm_free_keyval",
        crate::comm::attrs::ARTS_MPI_Comm_free_keyval as *const (),
    ),
    (
        "ARTS_MPI_Comm_set_attr",
        crate::comm::attrs::ARTS_MPI_Comm_set_attr as *const (),
    ),
    (
        "ARTS_MPI_Comm_delete_attr",
        crate::comm::attrs::ARTS_MPI_Comm_delete_attr as *const (),
    ),
    (
        "ARTS_MPI_Comm_set_name",
        crate::comm::names::ARTS_MPI_Comm_set_name as *const (),
    ),
    (
        "ARTS_MPI_Comm_get_name",
        crate::comm::names::ARTS_MPI_Comm_get_name as *const (),
    ),
    (
        "ARTS_MPI_Alloc_mem",
        crate::env::init::ARTS_MPI_Alloc_mem as *const (),
    ),
    (
        "ARTS_MPI_Free_mem",
        crate::env::init::ARTS_MPI_Free_mem as *const (),
    ),
    (
        "ARTS_MPI_Igather",
        crate::coll::collectives::ARTS_MPI_Igather as *const (),
    ),
    (
        "ARTS_MPI_Igatherv",
        crate::coll::collectives::ARTS_MPI_Igatherv as *const (),
    ),
    (
        "ARTS_MPI_Iscatter",
        crate::coll::collectives::ARTS_MPI_Iscatter as *const (),
    ),
    (
        "ARTS_MPI_Iscatterv",
        crate::coll::collectives::ARTS_MPI_Iscatterv as *const (),
    ),
    (
        "ARTS_MPI_Iallgatherv",
        crate::coll::collectives::ARTS_MPI_Iallgatherv as *const (),
    ),
    (
        "ARTS_MPI_Ialltoallv",
        crate::coll::collectives::ARTS_MPI_Ialltoallv as *const (),
    ),
    (
        "ARTS_MPI_Iscan",
        crate::coll::collectives::ARTS_MPI_Iscan as *const (),
    ),
    (
        "ARTS_MPI_Iexscan",
        crate::coll::collectives::ARTS_MPI_Iexscan as *const (),
    ),
    (
        "ARTS_MPI_Ireduce_scatter",
        crate::coll::collectives::ARTS_MPI_Ireduce_scatter as *const (),
    ),
    (
        "ARTS_MPI_Ireduce_scatter_block",
        crate::coll::collectives::ARTS_MPI_Ireduce_scatter_block as *const (),
    ),
    (
        "ARTS_MPI_Reduce_local",
        crate::coll::collectives::ARTS_MPI_Reduce_local as *const (),
    ),
    (
        "ARTS_MPI_Comm_rank",
        crate::comm::communicators::ARTS_MPI_Comm_rank as *const (),
    ),
    (
        "ARTS_MPI_Comm_size",
        crate::comm::communicators::ARTS_MPI_Comm_size as *const (),
    ),
    (
        "ARTS_MPI_Comm_dup",
        crate::comm::communicators::ARTS_MPI_Comm_dup as *const (),
    ),
    (
        "ARTS_MPI_Comm_split",
        crate::comm::communicators::ARTS_MPI_Comm_split as *const (),
    ),
    (
        "ARTS_MPI_Comm_split_type",
        crate::comm::communicators::ARTS_MPI_Comm_split_type as *const (),
    ),
    (
        "ARTS_MPI_Comm_free",
        crate::comm::communicators::ARTS_MPI_Comm_free as *const (),
    ),
    (
        "ARTS_MPI_Comm_compare",
        crate::comm::communicators::ARTS_MPI_Comm_compare as *const (),
    ),
    (
        "ARTS_MPI_Comm_set_errhandler",
        crate::comm::communicators::ARTS_MPI_Comm_set_errhandler as *const (),
    ),
    (
        "ARTS_MPI_Comm_get_errhandler",
        crate::comm::communicators::ARTS_MPI_Comm_get_errhandler as *const (),
    ),
    (
        "ARTS_MPI_Init",
        crate::env::init::ARTS_MPI_Init as *const (),
    ),
    (
        "ARTS_MPI_Init_thread",
        crate::env::init::ARTS_MPI_Init_thread as *const (),
    ),
    (
        "ARTS_MPI_Finalize",
        crate::env::init::ARTS_MPI_Finalize as *const (),
    ),
    (
        "ARTS_MPI_Initialized",
        crate::env::init::ARTS_MPI_Initialized as *const (),
    ),
    (
        "ARTS_MPI_Finalized",
        crate::env::init::ARTS_MPI_Finalized as *const (),
    ),
    (
        "ARTS_MPI_Query_thread",
        crate::env::init::ARTS_MPI_Query_thread as *const (),
    ),
    (
        "ARTS_MPI_Is_thread_main",
        crate::env::init::ARTS_MPI_Is_thread_main as *const (),
    ),
    (
        "ARTS_MPI_Abort",
        crate::env::init::ARTS_MPI_Abort as *const (),
    ),
    (
        "ARTS_MPI_Get_processor_name",
        crate::env::init::ARTS_MPI_Get_processor_name as *const (),
    ),
    (
        "ARTS_MPI_Get_version",
        crate::env::init::ARTS_MPI_Get_version as *const (),
    ),
    (
        "ARTS_MPI_Wtime",
        crate::env::init::ARTS_MPI_Wtime as *const (),
    ),
    (
        "ARTS_MPI_Wtick",
        crate::env::init::ARTS_MPI_Wtick as *const (),
    ),
    (
        "ARTS_MPI_Error_string",
        crate::env::errors::ARTS_MPI_Error_string as *const (),
    ),
    (
        "ARTS_MPI_Error_class",
        crate::env::errors::ARTS_MPI_Error_class as *const (),
    ),
    (
        "ARTS_MPI_Op_create",
        crate::coll::ops::ARTS_MPI_Op_create as *const (),
    ),
    (
        "ARTS_MPI_Op_free",
        crate::coll::ops::ARTS_MPI_Op_free as *const (),
    ),
    (
        "ARTS_MPI_Send",
        crate::p2p::send_recv::ARTS_MPI_Send as *const (),
    ),
    (
        "ARTS_MPI_Ssend",
        crate::p2p::send_recv::ARTS_MPI_Ssend as *const (),
    ),
    (
        "ARTS_MPI_Rsend",
        crate::p2p::send_recv::ARTS_MPI_Rsend as *const (),
    ),
    (
        "ARTS_MPI_Recv",
        crate::p2p::send_recv::ARTS_MPI_Recv as *const (),
    ),
    (
        "ARTS_MPI_Isend",
        crate::p2p::send_recv::ARTS_MPI_Isend as *const (),
    ),
    (
        "ARTS_MPI_Issend",
        crate::p2p::send_recv::ARTS_MPI_Issend as *const (),
    ),
    (
        "ARTS_MPI_Irsend",
        crate::p2p::send_recv::ARTS_MPI_Irsend as *const (),
    ),
    (
        "ARTS_MPI_Bsend",
        crate::p2p::send_recv::ARTS_MPI_Bsend as *const (),
    ),
    (
        "ARTS_MPI_Ibsend",
        crate::p2p::send_recv::ARTS_MPI_Ibsend as *const (),
    ),
    (
        "ARTS_MPI_Buffer_attach",
        crate::p2p::send_recv::ARTS_MPI_Buffer_attach as *const (),
    ),
    (
        "ARTS_MPI_Buffer_detach",
        crate::p2p::send_recv::ARTS_MPI_Buffer_detach as *const (),
    ),
    (
        "ARTS_MPI_Irecv",
        crate::p2p::send_recv::ARTS_MPI_Irecv as *const (),
    ),
    (
        "ARTS_MPI_Sendrecv",
        crate::p2p::send_recv::ARTS_MPI_Sendrecv as *const (),
    ),
    (
        "ARTS_MPI_Sendrecv_replace",
        crate::p2p::send_recv::ARTS_MPI_Sendrecv_replace as *const (),
    ),
    (
        "ARTS_MPI_Probe",
        crate::p2p::send_recv::ARTS_MPI_Probe as *const (),
    ),
    (
        "ARTS_MPI_Comm_group",
        crate::comm::group::ARTS_MPI_Comm_group as *const (),
    ),
    (
        "ARTS_MPI_Group_incl",
        crate::comm::group::ARTS_MPI_Group_incl as *const (),
    ),
    (
        "ARTS_MPI_Group_excl",
        crate::comm::group::ARTS_MPI_Group_excl as *const (),
    ),
    (
        "ARTS_MPI_Group_union",
        crate::comm::group::ARTS_MPI_Group_union as *const (),
    ),
    (
        "ARTS_MPI_Group_intersection",
        crate::comm::group::ARTS_MPI_Group_intersection as *const (),
    ),
    (
        "ARTS_MPI_Group_difference",
        crate::comm::group::ARTS_MPI_Group_difference as *const (),
    ),
    (
        "ARTS_MPI_Group_size",
        crate::comm::group::ARTS_MPI_Group_size as *const (),
    ),
    (
        "ARTS_MPI_Group_rank",
        crate::comm::group::ARTS_MPI_Group_rank as *const (),
    ),
    (
        "ARTS_MPI_Group_translate_ranks",
        crate::comm::group::ARTS_MPI_Group_translate_ranks as *const (),
    ),
    (
        "ARTS_MPI_Group_compare",
        crate::comm::group::ARTS_MPI_Group_compare as *const (),
    ),
    (
        "ARTS_MPI_Group_free",
        crate::comm::group::ARTS_MPI_Group_free as *const (),
    ),
    (
        "ARTS_MPI_Comm_create",
        crate::comm::group::ARTS_MPI_Comm_create as *const (),
    ),
    (
        "ARTS_MPI_Comm_get_attr",
        crate::comm::communicators::ARTS_MPI_Comm_get_attr as *const (),
    ),
    (
        "ARTS_MPI_Attr_get",
        crate::comm::communicators::ARTS_MPI_Attr_get as *const (),
    ),
    (
        "ARTS_MPI_Pack",
        crate::types::calls::ARTS_MPI_Pack as *const (),
    ),
    (
        "ARTS_MPI_Unpack",
        crate::types::calls::ARTS_MPI_Unpack as *const (),
    ),
    (
        "ARTS_MPI_Pack_size",
        crate::types::calls::ARTS_MPI_Pack_size as *const (),
    ),
    (
        "ARTS_MPI_Mprobe",
        crate::p2p::send_recv::ARTS_MPI_Mprobe as *const (),
    ),
    (
        "ARTS_MPI_Improbe",
        crate::p2p::send_recv::ARTS_MPI_Improbe as *const (),
    ),
    (
        "ARTS_MPI_Mrecv",
        crate::p2p::send_recv::ARTS_MPI_Mrecv as *const (),
    ),
    (
        "ARTS_MPI_Imrecv",
        crate::p2p::send_recv::ARTS_MPI_Imrecv as *const (),
    ),
    (
        "ARTS_MPI_Send_init",
        crate::p2p::persistent::ARTS_MPI_Send_init as *const (),
    ),
    (
        "ARTS_MPI_Ssend_init",
        crate::p2p::persistent::ARTS_MPI_Ssend_init as *const (),
    ),
    (
        "ARTS_MPI_Rsend_init",
        crate::p2p::persistent::ARTS_MPI_Rsend_init as *const (),
    ),
    (
        "ARTS_MPI_Bsend_init",
        crate::p2p::persistent::ARTS_MPI_Bsend_init as *const (),
    ),
    (
        "ARTS_MPI_Recv_init",
        crate::p2p::persistent::ARTS_MPI_Recv_init as *const (),
    ),
    (
        "ARTS_MPI_Start",
        crate::p2p::persistent::ARTS_MPI_Start as *const (),
    ),
    (
        "ARTS_MPI_Startall",
        crate::p2p::persistent::ARTS_MPI_Startall as *const (),
    ),
    (
        "ARTS_MPI_Cancel",
        crate::p2p::requests::ARTS_MPI_Cancel as *const (),
    ),
    (
        "ARTS_MPI_Test_cancelled",
        crate::p2p::requests::ARTS_MPI_Test_cancelled as *const (),
    ),
    (
        "ARTS_MPI_Iprobe",
        crate::p2p::send_recv::ARTS_MPI_Iprobe as *const (),
    ),
    (
        "ARTS_MPI_Wait",
        crate::p2p::requests::ARTS_MPI_Wait as *const (),
    ),
    (
        "ARTS_MPI_Waitall",
        crate::p2p::requests::ARTS_MPI_Waitall as *const (),
    ),
    (
        "ARTS_MPI_Waitany",
        crate::p2p::requests::ARTS_MPI_Waitany as *const (),
    ),
    (
        "ARTS_MPI_Waitsome",
        crate::p2p::requests::ARTS_MPI_Waitsome as *const (),
    ),
    (
        "ARTS_MPI_Test",
        crate::p2p::requests::ARTS_MPI_Test as *const (),
    ),
    (
        "ARTS_MPI_Testany",
        crate::p2p::requests::ARTS_MPI_Testany as *const (),
    ),
    (
        "ARTS_MPI_Testsome",
        crate::p2p::requests::ARTS_MPI_Testsome as *const (),
    ),
    (
        "ARTS_MPI_Testall",
        crate::p2p::requests::ARTS_MPI_Testall as *const (),
    ),
    (
        "ARTS_MPI_Request_free",
        crate::p2p::requests::ARTS_MPI_Request_free as *const (),
    ),
    (
        "ARTS_MPI_Get_count",
        crate::p2p::requests::ARTS_MPI_Get_count as *const (),
    ),
    (
        "ARTS_MPI_Type_contiguous",
        crate::types::calls::ARTS_MPI_Type_contiguous as *const (),
    ),
    (
        "ARTS_MPI_Type_vector",
        crate::types::calls::ARTS_MPI_Type_vector as *const (),
    ),
    (
        "ARTS_MPI_Type_create_hvector",
        crate::types::calls::ARTS_MPI_Type_create_hvector as *const (),
    ),
    (
        "ARTS_MPI_Type_indexed",
        crate::types::calls::ARTS_MPI_Type_indexed as *const (),
    ),
    (
        "ARTS_MPI_Type_create_struct",
        crate::types::calls::ARTS_MPI_Type_create_struct as *const (),
    ),
    (
        "ARTS_MPI_Type_create_resized",
        crate::types::calls::ARTS_MPI_Type_create_resized as *const (),
    ),
    (
        "ARTS_MPI_Type_commit",
        crate::types::calls::ARTS_MPI_Type_commit as *const (),
    ),
    (
        "ARTS_MPI_Type_free",
        crate::types::calls::ARTS_MPI_Type_free as *const (),
    ),
    (
        "ARTS_MPI_Type_size",
        crate::types::calls::ARTS_MPI_Type_size as *const (),
    ),
    (
        "ARTS_MPI_Type_get_extent",
        crate::types::calls::ARTS_MPI_Type_get_extent as *const (),
    ),
    (
        "ARTS_MPI_Type_create_hindexed",
        crate::types::calls::ARTS_MPI_Type_create_hindexed as *const (),
    ),
    (
        "ARTS_MPI_Type_create_indexed_block",
        crate::types::calls::ARTS_MPI_Type_create_indexed_block as *const (),
    ),
    (
        "ARTS_MPI_Type_create_subarray",
        crate::types::calls::ARTS_MPI_Type_create_subarray as *const (),
    ),
    (
        "ARTS_MPI_Get_address",
        crate::types::calls::ARTS_MPI_Get_address as *const (),
    ),
    (
        "ARTS_MPI_Get_elements",
        crate::p2p::requests::ARTS_MPI_Get_elements as *const (),
    ),
    (
        "ARTS_MPI_Get_elements_x",
        crate::p2p::requests::ARTS_MPI_Get_elements_x as *const (),
    ),
    (
        "ARTS_MPI_Type_size_x",
        crate::types::calls::ARTS_MPI_Type_size_x as *const (),
    ),
    (
        "ARTS_MPI_Type_get_extent_x",
        crate::types::calls::ARTS_MPI_Type_get_extent_x as *const (),
    ),
    (
        "ARTS_MPI_Type_get_true_extent_x",
        crate::types::calls::ARTS_MPI_Type_get_true_extent_x as *const (),
    ),
    (
        "ARTS_MPI_Type_extent",
        crate::types::calls::ARTS_MPI_Type_extent as *const (),
    ),
    (
        "ARTS_MPI_Type_lb",
        crate::types::calls::ARTS_MPI_Type_lb as *const (),
    ),
    (
        "ARTS_MPI_Type_ub",
        crate::types::calls::ARTS_MPI_Type_ub as *const (),
    ),
    (
        "ARTS_MPI_Type_set_name",
        crate::comm::names::ARTS_MPI_Type_set_name as *const (),
    ),
    (
        "ARTS_MPI_Type_get_name",
        crate::comm::names::ARTS_MPI_Type_get_name as *const (),
    ),
    (
        "ARTS_MPI_Win_set_name",
        crate::comm::names::ARTS_MPI_Win_set_name as *const (),
    ),
    (
        "ARTS_MPI_Win_get_name",
        crate::comm::names::ARTS_MPI_Win_get_name as *const (),
    ),
    (
        "ARTS_MPI_Win_create_keyval",
        crate::comm::attrs::ARTS_MPI_Win_create_keyval as *const (),
    ),
    (
        "ARTS_MPI_Win_free_keyval",
        crate::comm::attrs::ARTS_MPI_Win_free_keyval as *const (),
    ),
    (
        "ARTS_MPI_Win_set_attr",
        crate::comm::attrs::ARTS_MPI_Win_set_attr as *const (),
    ),
    (
        "ARTS_MPI_Win_get_attr",
        crate::rma::window::ARTS_MPI_Win_get_attr as *const (),
    ),
    (
        "ARTS_MPI_Win_delete_attr",
        crate::comm::attrs::ARTS_MPI_Win_delete_attr as *const (),
    ),
    (
        "ARTS_MPI_Win_get_group",
        crate::rma::window::ARTS_MPI_Win_get_group as *const (),
    ),
    (
        "ARTS_MPI_Type_create_keyval",
        crate::comm::attrs::ARTS_MPI_Type_create_keyval as *const (),
    ),
    (
        "ARTS_MPI_Type_free_keyval",
        crate::comm::attrs::ARTS_MPI_Type_free_keyval as *const (),
    ),
    (
        "ARTS_MPI_Type_set_attr",
        crate::comm::attrs::ARTS_MPI_Type_set_attr as *const (),
    ),
    (
        "ARTS_MPI_Type_get_attr",
        crate::types::calls::ARTS_MPI_Type_get_attr as *const (),
    ),
    (
        "ARTS_MPI_Type_delete_attr",
        crate::comm::attrs::ARTS_MPI_Type_delete_attr as *const (),
    ),
    (
        "ARTS_MPI_Op_commutative",
        crate::coll::ops::ARTS_MPI_Op_commutative as *const (),
    ),
    (
        "ARTS_MPI_Group_range_incl",
        crate::comm::group::ARTS_MPI_Group_range_incl as *const (),
    ),
    (
        "ARTS_MPI_Group_range_excl",
        crate::comm::group::ARTS_MPI_Group_range_excl as *const (),
    ),
    (
        "ARTS_MPI_Comm_test_inter",
        crate::comm::communicators::ARTS_MPI_Comm_test_inter as *const (),
    ),
    (
        "ARTS_MPI_Cart_map",
        crate::topo::cart::ARTS_MPI_Cart_map as *const (),
    ),
    (
        "ARTS_MPI_Add_error_class",
        crate::env::errors::ARTS_MPI_Add_error_class as *const (),
    ),
    (
        "ARTS_MPI_Add_error_code",
        crate::env::errors::ARTS_MPI_Add_error_code as *const (),
    ),
    (
        "ARTS_MPI_Add_error_string",
        crate::env::errors::ARTS_MPI_Add_error_string as *const (),
    ),
    (
        "ARTS_MPI_Status_set_elements",
        crate::p2p::requests::ARTS_MPI_Status_set_elements as *const (),
    ),
    (
        "ARTS_MPI_Status_set_elements_x",
        crate::p2p::requests::ARTS_MPI_Status_set_elements_x as *const (),
    ),
    (
        "ARTS_MPI_Status_set_cancelled",
        crate::p2p::requests::ARTS_MPI_Status_set_cancelled as *const (),
    ),
    (
        "mpi_add_error_class_",
        crate::fortran::mpi_add_error_class_ as *const (),
    ),
    (
        "mpi_add_error_code_",
        crate::fortran::mpi_add_error_code_ as *const (),
    ),
    (
        "mpi_get_address_",
        crate::fortran::mpi_get_address_ as *const (),
    ),
    (
        "mpi_get_elements_",
        crate::fortran::mpi_get_elements_ as *const (),
    ),
    (
        "mpi_get_elements_x_",
        crate::fortran::mpi_get_elements_x_ as *const (),
    ),
    (
        "mpi_type_size_x_",
        crate::fortran::mpi_type_size_x_ as *const (),
    ),
    (
        "mpi_type_get_extent_x_",
        crate::fortran::mpi_type_get_extent_x_ as *const (),
    ),
    (
        "mpi_type_get_true_extent_x_",
        crate::fortran::mpi_type_get_true_extent_x_ as *const (),
    ),
    (
        "mpi_op_commutative_",
        crate::fortran::mpi_op_commutative_ as *const (),
    ),
    (
        "mpi_comm_test_inter_",
        crate::fortran::mpi_comm_test_inter_ as *const (),
    ),
    ("mpi_cart_map_", crate::fortran::mpi_cart_map_ as *const ()),
    (
        "mpi_win_get_group_",
        crate::fortran::mpi_win_get_group_ as *const (),
    ),
    (
        "ARTS_MPI_Comm_set_info",
        crate::comm::info::ARTS_MPI_Comm_set_info as *const (),
    ),
    (
        "ARTS_MPI_Comm_get_info",
        crate::comm::info::ARTS_MPI_Comm_get_info as *const (),
    ),
    (
        "ARTS_MPI_Comm_dup_with_info",
        crate::comm::communicators::ARTS_MPI_Comm_dup_with_info as *const (),
    ),
    (
        "ARTS_MPI_Win_set_info",
        crate::comm::info::ARTS_MPI_Win_set_info as *const (),
    ),
    (
        "ARTS_MPI_Win_get_info",
        crate::comm::info::ARTS_MPI_Win_get_info as *const (),
    ),
    (
        "ARTS_MPI_File_set_info",
        crate::comm::info::ARTS_MPI_File_set_info as *const (),
    ),
    (
        "ARTS_MPI_File_get_info",
        crate::comm::info::ARTS_MPI_File_get_info as *const (),
    ),
    (
        "ARTS_MPI_Dist_graph_create",
        crate::topo::graph::ARTS_MPI_Dist_graph_create as *const (),
    ),
    (
        "ARTS_MPI_File_get_view",
        crate::io::query::ARTS_MPI_File_get_view as *const (),
    ),
    (
        "ARTS_MPI_File_get_amode",
        crate::io::query::ARTS_MPI_File_get_amode as *const (),
    ),
    (
        "ARTS_MPI_File_get_group",
        crate::io::query::ARTS_MPI_File_get_group as *const (),
    ),
    (
        "ARTS_MPI_File_get_byte_offset",
        crate::io::query::ARTS_MPI_File_get_byte_offset as *const (),
    ),
    (
        "ARTS_MPI_File_get_type_extent",
        crate::io::query::ARTS_MPI_File_get_type_extent as *const (),
    ),
    (
        "ARTS_MPI_File_set_atomicity",
        crate::io::query::ARTS_MPI_File_set_atomicity as *const (),
    ),
    (
        "ARTS_MPI_File_get_atomicity",
        crate::io::query::ARTS_MPI_File_get_atomicity as *const (),
    ),
    (
        "ARTS_MPI_File_preallocate",
        crate::io::query::ARTS_MPI_File_preallocate as *const (),
    ),
    (
        "ARTS_MPI_Type_get_envelope",
        crate::types::calls::ARTS_MPI_Type_get_envelope as *const (),
    ),
    (
        "ARTS_MPI_Type_get_contents",
        crate::types::calls::ARTS_MPI_Type_get_contents as *const (),
    ),
    (
        "ARTS_MPI_Type_create_darray",
        crate::types::calls::ARTS_MPI_Type_create_darray as *const (),
    ),
    (
        "mpi_type_create_darray_",
        crate::fortran::mpi_type_create_darray_ as *const (),
    ),
    (
        "mpi_type_get_envelope_",
        crate::fortran::mpi_type_get_envelope_ as *const (),
    ),
    (
        "mpi_type_get_contents_",
        crate::fortran::mpi_type_get_contents_ as *const (),
    ),
    (
        "mpi_dist_graph_create_",
        crate::fortran::mpi_dist_graph_create_ as *const (),
    ),
    (
        "mpi_comm_set_info_",
        crate::fortran::mpi_comm_set_info_ as *const (),
    ),
    (
        "mpi_comm_get_info_",
        crate::fortran::mpi_comm_get_info_ as *const (),
    ),
    (
        "mpi_comm_dup_with_info_",
        crate::fortran::mpi_comm_dup_with_info_ as *const (),
    ),
    (
        "mpi_win_set_info_",
        crate::fortran::mpi_win_set_info_ as *const (),
    ),
    (
        "mpi_win_get_info_",
        crate::fortran::mpi_win_get_info_ as *const (),
    ),
    (
        "mpi_file_set_info_",
        crate::fortran::mpi_file_set_info_ as *const (),
    ),
    (
        "mpi_file_get_info_",
        crate::fortran::mpi_file_get_info_ as *const (),
    ),
    (
        "mpi_file_get_amode_",
        crate::fortran::mpi_file_get_amode_ as *const (),
    ),
    (
        "mpi_file_get_group_",
        crate::fortran::mpi_file_get_group_ as *const (),
    ),
    (
        "mpi_file_get_byte_offset_",
        crate::fortran::mpi_file_get_byte_offset_ as *const (),
    ),
    (
        "mpi_file_get_type_extent_",
        crate::fortran::mpi_file_get_type_extent_ as *const (),
    ),
    (
        "mpi_file_set_atomicity_",
        crate::fortran::mpi_file_set_atomicity_ as *const (),
    ),
    (
        "mpi_file_get_atomicity_",
        crate::fortran::mpi_file_get_atomicity_ as *const (),
    ),
    (
        "mpi_file_preallocate_",
        crate::fortran::mpi_file_preallocate_ as *const (),
    ),
]);

/// The exported names (and, through the table, a reference to every
/// function, which keeps them in the binary).
pub fn exported_names() -> Vec<&'static str> {
    let table = std::hint::black_box(&EXPORTS);
    table.0.iter().map(|e| e.0).collect()
}
