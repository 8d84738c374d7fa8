! mpi-interfaces.h: the `mpi` module's calls (arts-mpif90 makes the module of
! mpif.h and this file). Written by scripts/gen-fortran-interfaces.py from mpif-calls.h
! and mpi.h; do not edit (run the script). Explicit interfaces, as MPI asks
! of the module, check each call's arguments at compile time (choice
! buffers take any type and rank: gfortran's NO_ARG_CHECK); the calls
! without one (MPI-1's datatype calls with INTEGER displacements, ...)
! are EXTERNAL, with implicit interfaces, as in mpif.h.
interface
subroutine AMPI_Async_Migrate(ierror)
import
integer, intent(out) :: ierror
end subroutine AMPI_Async_Migrate
subroutine AMPI_Checkpoint(dname, ierror)
import
character(len=*), intent(in) :: dname
integer, intent(out) :: ierror
end subroutine AMPI_Checkpoint
subroutine AMPI_Checkpoint_state(step, state, bytes, ierror)
import
integer(kind=8), intent(in) :: step
!GCC$ ATTRIBUTES NO_ARG_CHECK :: state
type(*), dimension(*) :: state
integer(kind=8), intent(in) :: bytes
integer, intent(out) :: ierror
end subroutine AMPI_Checkpoint_state
subroutine AMPI_Load_set_value(value, ierror)
import
double precision, intent(in) :: value
integer, intent(out) :: ierror
end subroutine AMPI_Load_set_value
subroutine AMPI_Load_start_measure(ierror)
import
integer, intent(out) :: ierror
end subroutine AMPI_Load_start_measure
subroutine AMPI_Load_stop_measure(ierror)
import
integer, intent(out) :: ierror
end subroutine AMPI_Load_stop_measure
subroutine AMPI_MemCheckpoint(ierror)
import
integer, intent(out) :: ierror
end subroutine AMPI_MemCheckpoint
subroutine AMPI_MemCheckpoint_state(step, state, bytes, ierror)
import
integer(kind=8), intent(in) :: step
!GCC$ ATTRIBUTES NO_ARG_CHECK :: state
type(*), dimension(*) :: state
integer(kind=8), intent(in) :: bytes
integer, intent(out) :: ierror
end subroutine AMPI_MemCheckpoint_state
subroutine AMPI_Migrate(hints, ierror)
import
integer, intent(in) :: hints
integer, intent(out) :: ierror
end subroutine AMPI_Migrate
subroutine AMPI_Migrateto(destPE, ierror)
import
integer, intent(in) :: destPE
integer, intent(out) :: ierror
end subroutine AMPI_Migrateto
subroutine AMPI_Migrate_to_pe(destPE, ierror)
import
integer, intent(in) :: destPE
integer, intent(out) :: ierror
end subroutine AMPI_Migrate_to_pe
subroutine AMPI_Restored_state(step, state, capacity, bytes, flag, ierror)
import
integer(kind=8) :: step
!GCC$ ATTRIBUTES NO_ARG_CHECK :: state
type(*), dimension(*) :: state
integer(kind=8), intent(in) :: capacity
integer(kind=8) :: bytes
logical :: flag
integer, intent(out) :: ierror
end subroutine AMPI_Restored_state
subroutine AMPI_Setmigratable(comm, mig, ierror)
import
integer, intent(in) :: comm
integer, intent(in) :: mig
integer, intent(out) :: ierror
end subroutine AMPI_Setmigratable
subroutine MPI_Abort(comm, errorcode, ierror)
import
integer, intent(in) :: comm
integer, intent(in) :: errorcode
integer, intent(out) :: ierror
end subroutine MPI_Abort
subroutine MPI_Accumulate(origin_addr, origin_count, origin_datatype, target_rank, target_disp, &
    target_count, target_datatype, op, win, ierror)
import
!GCC$ ATTRIBUTES NO_ARG_CHECK :: origin_addr
type(*), dimension(*) :: origin_addr
integer, intent(in) :: origin_count
integer, intent(in) :: origin_datatype
integer, intent(in) :: target_rank
integer(kind=MPI_ADDRESS_KIND), intent(in) :: target_disp
integer, intent(in) :: target_count
integer, intent(in) :: target_datatype
integer, intent(in) :: op
integer, intent(in) :: win
integer, intent(out) :: ierror
end subroutine MPI_Accumulate
subroutine MPI_Add_error_class(errorclass, ierror)
import
integer :: errorclass
integer, intent(out) :: ierror
end subroutine MPI_Add_error_class
subroutine MPI_Add_error_code(errorclass, errorcode, ierror)
import
integer, intent(in) :: errorclass
integer :: errorcode
integer, intent(out) :: ierror
end subroutine MPI_Add_error_code
subroutine MPI_Add_error_string(errorcode, string, ierror)
import
integer, intent(in) :: errorcode
character(len=*), intent(in) :: string
integer, intent(out) :: ierror
end subroutine MPI_Add_error_string
subroutine MPI_Allgather(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm, ierror)
import
!GCC$ ATTRIBUTES NO_ARG_CHECK :: sendbuf
type(*), dimension(*) :: sendbuf
integer, intent(in) :: sendcount
integer, intent(in) :: sendtype
!GCC$ ATTRIBUTES NO_ARG_CHECK :: recvbuf
type(*), dimension(*) :: recvbuf
integer, intent(in) :: recvcount
integer, intent(in) :: recvtype
integer, intent(in) :: comm
integer, intent(out) :: ierror
end subroutine MPI_Allgather
subroutine MPI_Allgatherv(sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, recvtype, &
    comm, ierror)
import
!GCC$ ATTRIBUTES NO_ARG_CHECK :: sendbuf
type(*), dimension(*) :: sendbuf
integer, intent(in) :: sendcount
integer, intent(in) :: sendtype
!GCC$ ATTRIBUTES NO_ARG_CHECK :: recvbuf
type(*), dimension(*) :: recvbuf
integer, intent(in) :: recvcounts(*)
integer, intent(in) :: displs(*)
integer, intent(in) :: recvtype
integer, intent(in) :: comm
integer, intent(out) :: ierror
end subroutine MPI_Allgatherv
subroutine MPI_Allgatherv_init(sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, recvtype, &
    comm, info, request, ierror)
import
!GCC$ ATTRIBUTES NO_ARG_CHECK :: sendbuf
type(*), dimension(*) :: sendbuf
integer, intent(in) :: sendcount
integer, intent(in) :: sendtype
!GCC$ ATTRIBUTES NO_ARG_CHECK :: recvbuf
type(*), dimension(*) :: recvbuf
integer, intent(in) :: recvcounts(*)
integer, intent(in) :: displs(*)
integer, intent(in) :: recvtype
integer, intent(in) :: comm
integer, intent(in) :: info
integer :: request
integer, intent(out) :: ierror
end subroutine MPI_Allgatherv_init
subroutine MPI_Allgather_init(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm, &
    info, request, ierror)
import
!GCC$ ATTRIBUTES NO_ARG_CHECK :: sendbuf
type(*), dimension(*) :: sendbuf
integer, intent(in) :: sendcount
integer, intent(in) :: sendtype
!GCC$ ATTRIBUTES NO_ARG_CHECK :: recvbuf
type(*), dimension(*) :: recvbuf
integer, intent(in) :: recvcount
integer, intent(in) :: recvtype
integer, intent(in) :: comm
integer, intent(in) :: info
integer :: request
integer, intent(out) :: ierror
end subroutine MPI_Allgather_init
subroutine MPI_Allreduce(sendbuf, recvbuf, count, datatype, op, comm, ierror)
import
!GCC$ ATTRIBUTES NO_ARG_CHECK :: sendbuf
type(*), dimension(*) :: sendbuf
!GCC$ ATTRIBUTES NO_ARG_CHECK :: recvbuf
type(*), dimension(*) :: recvbuf
integer, intent(in) :: count
integer, intent(in) :: datatype
integer, intent(in) :: op
integer, intent(in) :: comm
integer, intent(out) :: ierror
end subroutine MPI_Allreduce
subroutine MPI_Allreduce_init(sendbuf, recvbuf, count, datatype, op, comm, info, request, ierror)
import
!GCC$ ATTRIBUTES NO_ARG_CHECK :: sendbuf
type(*), dimension(*) :: sendbuf
!GCC$ ATTRIBUTES NO_ARG_CHECK :: recvbuf
type(*), dimension(*) :: recvbuf
integer, intent(in) :: count
integer, intent(in) :: datatype
integer, intent(in) :: op
integer, intent(in) :: comm
integer, intent(in) :: info
integer :: request
integer, intent(out) :: ierror
end subroutine MPI_Allreduce_init
subroutine MPI_Alltoall(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm, ierror)
import
!GCC$ ATTRIBUTES NO_ARG_CHECK :: sendbuf
type(*), dimension(*) :: sendbuf
integer, intent(in) :: sendcount
integer, intent(in) :: sendtype
!GCC$ ATTRIBUTES NO_ARG_CHECK :: recvbuf
type(*), dimension(*) :: recvbuf
integer, intent(in) :: recvcount
integer, intent(in) :: recvtype
integer, intent(in) :: comm
integer, intent(out) :: ierror
end subroutine MPI_Alltoall
subroutine MPI_Alltoallv(sendbuf, sendcounts, sdispls, sendtype, recvbuf, recvcounts, rdispls, &
    recvtype, comm, ierror)
import
!GCC$ ATTRIBUTES NO_ARG_CHECK :: sendbuf
type(*), dimension(*) :: sendbuf
integer, intent(in) :: sendcounts(*)
integer, intent(in) :: sdispls(*)
integer, intent(in) :: sendtype
!GCC$ ATTRIBUTES NO_ARG_CHECK :: recvbuf
type(*), dimension(*) :: recvbuf
integer, intent(in) :: recvcounts(*)
integer, intent(in) :: rdispls(*)
integer, intent(in) :: recvtype
integer, intent(in) :: comm
integer, intent(out) :: ierror
end subroutine MPI_Alltoallv
subroutine MPI_Alltoallv_init(sendbuf, sendcounts, sdispls, sendtype, recvbuf, recvcounts, rdispls, &
    recvtype, comm, info, request, ierror)
import
!GCC$ ATTRIBUTES NO_ARG_CHECK :: sendbuf
type(*), dimension(*) :: sendbuf
integer, intent(in) :: sendcounts(*)
integer, intent(in) :: sdispls(*)
integer, intent(in) :: sendtype
!GCC$ ATTRIBUTES NO_ARG_CHECK :: recvbuf
type(*), dimension(*) :: recvbuf
integer, intent(in) :: recvcounts(*)
integer, intent(in) :: rdispls(*)
integer, intent(in) :: recvtype
integer, intent(in) :: comm
integer, intent(in) :: info
integer :: request
integer, intent(out) :: ierror
end subroutine MPI_Alltoallv_init
subroutine MPI_Alltoallw(sendbuf, sendcounts, sdispls, sendtypes, recvbuf, recvcounts, rdispls, &
    recvtypes, comm, ierror)
import
!GCC$ ATTRIBUTES NO_ARG_CHECK :: sendbuf
type(*), dimension(*) :: sendbuf
integer, intent(in) :: sendcounts(*)
integer, intent(in) :: sdispls(*)
integer, intent(in) :: sendtypes(*)
!GCC$ ATTRIBUTES NO_ARG_CHECK :: recvbuf
type(*), dimension(*) :: recvbuf
integer, intent(in) :: recvcounts(*)
integer, intent(in) :: rdispls(*)
integer, intent(in) :: recvtypes(*)
integer, intent(in) :: comm
integer, intent(out) :: ierror
end subroutine MPI_Alltoallw
subroutine MPI_Alltoallw_init(sendbuf, sendcounts, sdispls, sendtypes, recvbuf, recvcounts, &
    rdispls, recvtypes, comm, info, request, ierror)
import
!GCC$ ATTRIBUTES NO_ARG_CHECK :: sendbuf
type(*), dimension(*) :: sendbuf
integer, intent(in) :: sendcounts(*)
integer, intent(in) :: sdispls(*)
integer, intent(in) :: sendtypes(*)
!GCC$ ATTRIBUTES NO_ARG_CHECK :: recvbuf
type(*), dimension(*) :: recvbuf
integer, intent(in) :: recvcounts(*)
integer, intent(in) :: rdispls(*)
integer, intent(in) :: recvtypes(*)
integer, intent(in) :: comm
integer, intent(in) :: info
integer :: request
integer, intent(out) :: ierror
end subroutine MPI_Alltoallw_init
subroutine MPI_Alltoall_init(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm, &
    info, request, ierror)
import
!GCC$ ATTRIBUTES NO_ARG_CHECK :: sendbuf
type(*), dimension(*) :: sendbuf
integer, intent(in) :: sendcount
integer, intent(in) :: sendtype
!GCC$ ATTRIBUTES NO_ARG_CHECK :: recvbuf
type(*), dimension(*) :: recvbuf
integer, intent(in) :: recvcount
integer, intent(in) :: recvtype
integer, intent(in) :: comm
integer, intent(in) :: info
integer :: request
integer, intent(out) :: ierror
end subroutine MPI_Alltoall_init
subroutine MPI_Attr_delete(comm, keyval, ierror)
import
integer, intent(in) :: comm
integer, intent(in) :: keyval
integer, intent(out) :: ierror
end subroutine MPI_Attr_delete
subroutine MPI_Barrier(comm, ierror)
import
integer, intent(in) :: comm
integer, intent(out) :: ierror
end subroutine MPI_Barrier
subroutine MPI_Barrier_init(comm, info, request, ierror)
import
integer, intent(in) :: comm
integer, intent(in) :: info
integer :: request
integer, intent(out) :: ierror
end subroutine MPI_Barrier_init
subroutine MPI_Bcast(buffer, count, datatype, root, comm, ierror)
import
!GCC$ ATTRIBUTES NO_ARG_CHECK :: buffer
type(*), dimension(*) :: buffer
integer, intent(in) :: count
integer, intent(in) :: datatype
integer, intent(in) :: root
integer, intent(in) :: comm
integer, intent(out) :: ierror
end subroutine MPI_Bcast
subroutine MPI_Bcast_init(buffer, count, datatype, root, comm, info, request, ierror)
import
!GCC$ ATTRIBUTES NO_ARG_CHECK :: buffer
type(*), dimension(*) :: buffer
integer, intent(in) :: count
integer, intent(in) :: datatype
integer, intent(in) :: root
integer, intent(in) :: comm
integer, intent(in) :: info
integer :: request
integer, intent(out) :: ierror
end subroutine MPI_Bcast_init
subroutine MPI_Bsend(buf, count, datatype, dest, tag, comm, ierror)
import
!GCC$ ATTRIBUTES NO_ARG_CHECK :: buf
type(*), dimension(*) :: buf
integer, intent(in) :: count
integer, intent(in) :: datatype
integer, intent(in) :: dest
integer, intent(in) :: tag
integer, intent(in) :: comm
integer, intent(out) :: ierror
end subroutine MPI_Bsend
subroutine MPI_Bsend_init(buf, count, datatype, dest, tag, comm, request, ierror)
import
!GCC$ ATTRIBUTES NO_ARG_CHECK :: buf
type(*), dimension(*) :: buf
integer, intent(in) :: count
integer, intent(in) :: datatype
integer, intent(in) :: dest
integer, intent(in) :: tag
integer, intent(in) :: comm
integer :: request
integer, intent(out) :: ierror
end subroutine MPI_Bsend_init
subroutine MPI_Buffer_attach(buffer, size, ierror)
import
!GCC$ ATTRIBUTES NO_ARG_CHECK :: buffer
type(*), dimension(*) :: buffer
integer, intent(in) :: size
integer, intent(out) :: ierror
end subroutine MPI_Buffer_attach
subroutine MPI_Cancel(request, ierror)
import
integer :: request
integer, intent(out) :: ierror
end subroutine MPI_Cancel
subroutine MPI_Cartdim_get(comm, ndims, ierror)
import
integer, intent(in) :: comm
integer :: ndims
integer, intent(out) :: ierror
end subroutine MPI_Cartdim_get
subroutine MPI_Cart_coords(comm, rank, maxdims, coords, ierror)
import
integer, intent(in) :: comm
integer, intent(in) :: rank
integer, intent(in) :: maxdims
integer :: coords(*)
integer, intent(out) :: ierror
end subroutine MPI_Cart_coords
subroutine MPI_Cart_create(comm_old, ndims, dims, periods, reorder, comm_cart, ierror)
import
integer, intent(in) :: comm_old
integer, intent(in) :: ndims
integer, intent(in) :: dims(*)
logical, intent(in) :: periods(*)
logical, intent(in) :: reorder
integer :: comm_cart
integer, intent(out) :: ierror
end subroutine MPI_Cart_create
subroutine MPI_Cart_get(comm, maxdims, dims, periods, coords, ierror)
import
integer, intent(in) :: comm
integer, intent(in) :: maxdims
integer :: dims(*)
logical :: periods(*)
integer :: coords(*)
integer, intent(out) :: ierror
end subroutine MPI_Cart_get
subroutine MPI_Cart_map(comm, ndims, dims, periods, newrank, ierror)
import
integer, intent(in) :: comm
integer, intent(in) :: ndims
integer, intent(in) :: dims(*)
logical, intent(in) :: periods(*)
integer :: newrank
integer, intent(out) :: ierror
end subroutine MPI_Cart_map
subroutine MPI_Cart_rank(comm, coords, rank, ierror)
import
integer, intent(in) :: comm
integer, intent(in) :: coords(*)
integer :: rank
integer, intent(out) :: ierror
end subroutine MPI_Cart_rank
subroutine MPI_Cart_shift(comm, direction, disp, rank_source, rank_dest, ierror)
import
integer, intent(in) :: comm
integer, intent(in) :: direction
integer, intent(in) :: disp
integer :: rank_source
integer :: rank_dest
integer, intent(out) :: ierror
end subroutine MPI_Cart_shift
subroutine MPI_Cart_sub(comm, remain_dims, newcomm, ierror)
import
integer, intent(in) :: comm
logical, intent(in) :: remain_dims(*)
integer :: newcomm
integer, intent(out) :: ierror
end subroutine MPI_Cart_sub
subroutine MPI_Comm_call_errhandler(comm, errorcode, ierror)
import
integer, intent(in) :: comm
integer, intent(in) :: errorcode
integer, intent(out) :: ierror
end subroutine MPI_Comm_call_errhandler
subroutine MPI_Comm_compare(comm1, comm2, result, ierror)
import
integer, intent(in) :: comm1
integer, intent(in) :: comm2
integer :: result
integer, intent(out) :: ierror
end subroutine MPI_Comm_compare
subroutine MPI_Comm_create(comm, group, newcomm, ierror)
import
integer, intent(in) :: comm
integer, intent(in) :: group
integer :: newcomm
integer, intent(out) :: ierror
end subroutine MPI_Comm_create
subroutine MPI_Comm_create_errhandler(comm_errhandler_fn, errhandler, ierror)
import
external :: comm_errhandler_fn
integer :: errhandler
integer, intent(out) :: ierror
end subroutine MPI_Comm_create_errhandler
subroutine MPI_Comm_create_group(comm, group, tag, newcomm, ierror)
import
integer, intent(in) :: comm
integer, intent(in) :: group
integer, intent(in) :: tag
integer :: newcomm
integer, intent(out) :: ierror
end subroutine MPI_Comm_create_group
subroutine MPI_Comm_create_keyval(comm_copy_attr_fn, comm_delete_attr_fn, comm_keyval, extra_state, &
    ierror)
import
external :: comm_copy_attr_fn
external :: comm_delete_attr_fn
integer :: comm_keyval
integer(kind=MPI_ADDRESS_KIND), intent(in) :: extra_state
integer, intent(out) :: ierror
end subroutine MPI_Comm_create_keyval
subroutine MPI_Comm_delete_attr(comm, comm_keyval, ierror)
import
integer, intent(in) :: comm
integer, intent(in) :: comm_keyval
integer, intent(out) :: ierror
end subroutine MPI_Comm_delete_attr
subroutine MPI_Comm_dup(comm, newcomm, ierror)
import
integer, intent(in) :: comm
integer :: newcomm
integer, intent(out) :: ierror
end subroutine MPI_Comm_dup
subroutine MPI_Comm_dup_with_info(comm, info, newcomm, ierror)
import
integer, intent(in) :: comm
integer, intent(in) :: info
integer :: newcomm
integer, intent(out) :: ierror
end subroutine MPI_Comm_dup_with_info
subroutine MPI_Comm_free(comm, ierror)
import
integer :: comm
integer, intent(out) :: ierror
end subroutine MPI_Comm_free
subroutine MPI_Comm_free_keyval(comm_keyval, ierror)
import
integer :: comm_keyval
integer, intent(out) :: ierror
end subroutine MPI_Comm_free_keyval
subroutine MPI_Comm_get_attr(comm, comm_keyval, attribute_val, flag, ierror)
import
integer, intent(in) :: comm
integer, intent(in) :: comm_keyval
integer(kind=MPI_ADDRESS_KIND), intent(out) :: attribute_val
logical :: flag
integer, intent(out) :: ierror
end subroutine MPI_Comm_get_attr
subroutine MPI_Comm_get_errhandler(comm, errhandler, ierror)
import
integer, intent(in) :: comm
integer :: errhandler
integer, intent(out) :: ierror
end subroutine MPI_Comm_get_errhandler
subroutine MPI_Comm_get_info(comm, info_used, ierror)
import
integer, intent(in) :: comm
integer :: info_used
integer, intent(out) :: ierror
end subroutine MPI_Comm_get_info
subroutine MPI_Comm_get_name(comm, comm_name, resultlen, ierror)
import
integer, intent(in) :: comm
character(len=*) :: comm_name
integer :: resultlen
integer, intent(out) :: ierror
end subroutine MPI_Comm_get_name
subroutine MPI_Comm_get_parent(parent, ierror)
import
integer :: parent
integer, intent(out) :: ierror
end subroutine MPI_Comm_get_parent
subroutine MPI_Comm_group(comm, group, ierror)
import
integer, intent(in) :: comm
integer :: group
integer, intent(out) :: ierror
end subroutine MPI_Comm_group
subroutine MPI_Comm_idup(comm, newcomm, request, ierror)
import
integer, intent(in) :: comm
integer :: newcomm
integer :: request
integer, intent(out) :: ierror
end subroutine MPI_Comm_idup
subroutine MPI_Comm_idup_with_info(comm, info, newcomm, request, ierror)
import
integer, intent(in) :: comm
integer, intent(in) :: info
integer :: newcomm
integer :: request
integer, intent(out) :: ierror
end subroutine MPI_Comm_idup_with_info
subroutine MPI_Comm_rank(comm, rank, ierror)
import
integer, intent(in) :: comm
integer :: rank
integer, intent(out) :: ierror
end subroutine MPI_Comm_rank
subroutine MPI_Comm_remote_group(comm, group, ierror)
import
integer, intent(in) :: comm
integer :: group
integer, intent(out) :: ierror
end subroutine MPI_Comm_remote_group
subroutine MPI_Comm_remote_size(comm, size, ierror)
import
integer, intent(in) :: comm
integer :: size
integer, intent(out) :: ierror
end subroutine MPI_Comm_remote_size
subroutine MPI_Comm_set_attr(comm, comm_keyval, attribute_val, ierror)
import
integer, intent(in) :: comm
integer, intent(in) :: comm_keyval
integer(kind=MPI_ADDRESS_KIND), intent(in) :: attribute_val
integer, intent(out) :: ierror
end subroutine MPI_Comm_set_attr
subroutine MPI_Comm_set_errhandler(comm, errhandler, ierror)
import
integer, intent(in) :: comm
integer, intent(in) :: errhandler
integer, intent(out) :: ierror
end subroutine MPI_Comm_set_errhandler
subroutine MPI_Comm_set_info(comm, info, ierror)
import
integer, intent(in) :: comm
integer, intent(in) :: info
integer, intent(out) :: ierror
end subroutine MPI_Comm_set_info
subroutine MPI_Comm_set_name(comm, comm_name, ierror)
import
integer, intent(in) :: comm
character(len=*), intent(in) :: comm_name
integer, intent(out) :: ierror
end subroutine MPI_Comm_set_name
subroutine MPI_Comm_size(comm, size, ierror)
import
integer, intent(in) :: comm
integer :: size
integer, intent(out) :: ierror
end subroutine MPI_Comm_size
subroutine MPI_Comm_split(comm, color, key, newcomm, ierror)
import
integer, intent(in) :: comm
integer, intent(in) :: color
integer, intent(in) :: key
integer :: newcomm
integer, intent(out) :: ierror
end subroutine MPI_Comm_split
subroutine MPI_Comm_split_type(comm, split_type, key, info, newcomm, ierror)
import
integer, intent(in) :: comm
integer, intent(in) :: split_type
integer, intent(in) :: key
integer, intent(in) :: info
integer :: newcomm
integer, intent(out) :: ierror
end subroutine MPI_Comm_split_type
subroutine MPI_Comm_test_inter(comm, flag, ierror)
import
integer, intent(in) :: comm
logical :: flag
integer, intent(out) :: ierror
end subroutine MPI_Comm_test_inter
subroutine MPI_Compare_and_swap(origin_addr, compare_addr, result_addr, datatype, target_rank, &
    target_disp, win, ierror)
import
!GCC$ ATTRIBUTES NO_ARG_CHECK :: origin_addr
type(*), dimension(*) :: origin_addr
!GCC$ ATTRIBUTES NO_ARG_CHECK :: compare_addr
type(*), dimension(*) :: compare_addr
!GCC$ ATTRIBUTES NO_ARG_CHECK :: result_addr
type(*), dimension(*) :: result_addr
integer, intent(in) :: datatype
integer, intent(in) :: target_rank
integer(kind=MPI_ADDRESS_KIND), intent(in) :: target_disp
integer, intent(in) :: win
integer, intent(out) :: ierror
end subroutine MPI_Compare_and_swap
subroutine MPI_Dims_create(nnodes, ndims, dims, ierror)
import
integer, intent(in) :: nnodes
integer, intent(in) :: ndims
integer :: dims(*)
integer, intent(out) :: ierror
end subroutine MPI_Dims_create
subroutine MPI_Dist_graph_create(comm_old, n, sources, degrees, destinations, weights, info, &
    reorder, comm_dist_graph, ierror)
import
integer, intent(in) :: comm_old
integer, intent(in) :: n
integer, intent(in) :: sources(*)
integer, intent(in) :: degrees(*)
integer, intent(in) :: destinations(*)
integer, intent(in) :: weights(*)
integer, intent(in) :: info
logical, intent(in) :: reorder
integer :: comm_dist_graph
integer, intent(out) :: ierror
end subroutine MPI_Dist_graph_create
subroutine MPI_Dist_graph_create_adjacent(comm_old, indegree, sources, sourceweights, outdegree, &
    destinations, destweights, info, reorder, comm_dist_graph, ierror)
import
integer, intent(in) :: comm_old
integer, intent(in) :: indegree
integer, intent(in) :: sources(*)
integer, intent(in) :: sourceweights(*)
integer, intent(in) :: outdegree
integer, intent(in) :: destinations(*)
integer, intent(in) :: destweights(*)
integer, intent(in) :: info
logical, intent(in) :: reorder
integer :: comm_dist_graph
integer, intent(out) :: ierror
end subroutine MPI_Dist_graph_create_adjacent
subroutine MPI_Dist_graph_neighbors(comm, maxindegree, sources, sourceweights, maxoutdegree, &
    destinations, destweights, ierror)
import
integer, intent(in) :: comm
integer, intent(in) :: maxindegree
integer :: sources(*)
integer :: sourceweights(*)
integer, intent(in) :: maxoutdegree
integer :: destinations(*)
integer :: destweights(*)
integer, intent(out) :: ierror
end subroutine MPI_Dist_graph_neighbors
subroutine MPI_Dist_graph_neighbors_count(comm, indegree, outdegree, weighted, ierror)
import
integer, intent(in) :: comm
integer :: indegree
integer :: outdegree
logical :: weighted
integer, intent(out) :: ierror
end subroutine MPI_Dist_graph_neighbors_count
subroutine MPI_Errhandler_create(function, errhandler, ierror)
import
external :: function
integer :: errhandler
integer, intent(out) :: ierror
end subroutine MPI_Errhandler_create
subroutine MPI_Errhandler_free(errhandler, ierror)
import
integer :: errhandler
integer, intent(out) :: ierror
end subroutine MPI_Errhandler_free
subroutine MPI_Errhandler_get(comm, errhandler, ierror)
import
integer, intent(in) :: comm
integer :: errhandler
integer, intent(out) :: ierror
end subroutine MPI_Errhandler_get
subroutine MPI_Errhandler_set(comm, errhandler, ierror)
import
integer, intent(in) :: comm
integer, intent(in) :: errhandler
integer, intent(out) :: ierror
end subroutine MPI_Errhandler_set
subroutine MPI_Error_class(errorcode, errorclass, ierror)
import
integer, intent(in) :: errorcode
integer :: errorclass
integer, intent(out) :: ierror
end subroutine MPI_Error_class
subroutine MPI_Error_string(errorcode, string, resultlen, ierror)
import
integer, intent(in) :: errorcode
character(len=*) :: string
integer :: resultlen
integer, intent(out) :: ierror
end subroutine MPI_Error_string
subroutine MPI_Exscan(sendbuf, recvbuf, count, datatype, op, comm, ierror)
import
!GCC$ ATTRIBUTES NO_ARG_CHECK :: sendbuf
type(*), dimension(*) :: sendbuf
!GCC$ ATTRIBUTES NO_ARG_CHECK :: recvbuf
type(*), dimension(*) :: recvbuf
integer, intent(in) :: count
integer, intent(in) :: datatype
integer, intent(in) :: op
integer, intent(in) :: comm
integer, intent(out) :: ierror
end subroutine MPI_Exscan
subroutine MPI_Exscan_init(sendbuf, recvbuf, count, datatype, op, comm, info, request, ierror)
import
!GCC$ ATTRIBUTES NO_ARG_CHECK :: sendbuf
type(*), dimension(*) :: sendbuf
!GCC$ ATTRIBUTES NO_ARG_CHECK :: recvbuf
type(*), dimension(*) :: recvbuf
integer, intent(in) :: count
integer, intent(in) :: datatype
integer, intent(in) :: op
integer, intent(in) :: comm
integer, intent(in) :: info
integer :: request
integer, intent(out) :: ierror
end subroutine MPI_Exscan_init
subroutine MPI_Fetch_and_op(origin_addr, result_addr, datatype, target_rank, target_disp, op, win, &
    ierror)
import
!GCC$ ATTRIBUTES NO_ARG_CHECK :: origin_addr
type(*), dimension(*) :: origin_addr
!GCC$ ATTRIBUTES NO_ARG_CHECK :: result_addr
type(*), dimension(*) :: result_addr
integer, intent(in) :: datatype
integer, intent(in) :: target_rank
integer(kind=MPI_ADDRESS_KIND), intent(in) :: target_disp
integer, intent(in) :: op
integer, intent(in) :: win
integer, intent(out) :: ierror
end subroutine MPI_Fetch_and_op
subroutine MPI_File_call_errhandler(fh, errorcode, ierror)
import
integer, intent(in) :: fh
integer, intent(in) :: errorcode
integer, intent(out) :: ierror
end subroutine MPI_File_call_errhandler
subroutine MPI_File_close(fh, ierror)
import
integer :: fh
integer, intent(out) :: ierror
end subroutine MPI_File_close
subroutine MPI_File_create_errhandler(file_errhandler_fn, errhandler, ierror)
import
external :: file_errhandler_fn
integer :: errhandler
integer, intent(out) :: ierror
end subroutine MPI_File_create_errhandler
subroutine MPI_File_delete(filename, info, ierror)
import
character(len=*), intent(in) :: filename
integer, intent(in) :: info
integer, intent(out) :: ierror
end subroutine MPI_File_delete
subroutine MPI_File_get_amode(fh, amode, ierror)
import
integer, intent(in) :: fh
integer :: amode
integer, intent(out) :: ierror
end subroutine MPI_File_get_amode
subroutine MPI_File_get_atomicity(fh, flag, ierror)
import
integer, intent(in) :: fh
logical :: flag
integer, intent(out) :: ierror
end subroutine MPI_File_get_atomicity
subroutine MPI_File_get_byte_offset(fh, offset, disp, ierror)
import
integer, intent(in) :: fh
integer(kind=MPI_OFFSET_KIND), intent(in) :: offset
integer(kind=MPI_OFFSET_KIND) :: disp
integer, intent(out) :: ierror
end subroutine MPI_File_get_byte_offset
subroutine MPI_File_get_errhandler(file, errhandler, ierror)
import
integer, intent(in) :: file
integer :: errhandler
integer, intent(out) :: ierror
end subroutine MPI_File_get_errhandler
subroutine MPI_File_get_group(fh, group, ierror)
import
integer, intent(in) :: fh
integer :: group
integer, intent(out) :: ierror
end subroutine MPI_File_get_group
subroutine MPI_File_get_info(fh, info_used, ierror)
import
integer, intent(in) :: fh
integer :: info_used
integer, intent(out) :: ierror
end subroutine MPI_File_get_info
subroutine MPI_File_get_position(fh, offset, ierror)
import
integer, intent(in) :: fh
integer(kind=MPI_OFFSET_KIND) :: offset
integer, intent(out) :: ierror
end subroutine MPI_File_get_position
subroutine MPI_File_get_position_shared(fh, offset, ierror)
import
integer, intent(in) :: fh
integer(kind=MPI_OFFSET_KIND) :: offset
integer, intent(out) :: ierror
end subroutine MPI_File_get_position_shared
subroutine MPI_File_get_size(fh, size, ierror)
import
integer, intent(in) :: fh
integer(kind=MPI_OFFSET_KIND) :: size
integer, intent(out) :: ierror
end subroutine MPI_File_get_size
subroutine MPI_File_get_type_extent(fh, datatype, extent, ierror)
import
integer, intent(in) :: fh
integer, intent(in) :: datatype
integer(kind=MPI_ADDRESS_KIND) :: extent
integer, intent(out) :: ierror
end subroutine MPI_File_get_type_extent
subroutine MPI_File_get_view(fh, disp, etype, filetype, datarep, ierror)
import
integer, intent(in) :: fh
integer(kind=MPI_OFFSET_KIND) :: disp
integer :: etype
integer :: filetype
character(len=*) :: datarep
integer, intent(out) :: ierror
end subroutine MPI_File_get_view
subroutine MPI_File_iread(fh, buf, count, datatype, request, ierror)
import
integer, intent(in) :: fh
!GCC$ ATTRIBUTES NO_ARG_CHECK :: buf
type(*), dimension(*) :: buf
integer, intent(in) :: count
integer, intent(in) :: datatype
integer :: request
integer, intent(out) :: ierror
end subroutine MPI_File_iread
subroutine MPI_File_iread_all(fh, buf, count, datatype, request, ierror)
import
integer, intent(in) :: fh
!GCC$ ATTRIBUTES NO_ARG_CHECK :: buf
type(*), dimension(*) :: buf
integer, intent(in) :: count
integer, intent(in) :: datatype
integer :: request
integer, intent(out) :: ierror
end subroutine MPI_File_iread_all
subroutine MPI_File_iread_at(fh, offset, buf, count, datatype, request, ierror)
import
integer, intent(in) :: fh
integer(kind=MPI_OFFSET_KIND), intent(in) :: offset
!GCC$ ATTRIBUTES NO_ARG_CHECK :: buf
type(*), dimension(*) :: buf
integer, intent(in) :: count
integer, intent(in) :: datatype
integer :: request
integer, intent(out) :: ierror
end subroutine MPI_File_iread_at
subroutine MPI_File_iread_at_all(fh, offset, buf, count, datatype, request, ierror)
import
integer, intent(in) :: fh
integer(kind=MPI_OFFSET_KIND), intent(in) :: offset
!GCC$ ATTRIBUTES NO_ARG_CHECK :: buf
type(*), dimension(*) :: buf
integer, intent(in) :: count
integer, intent(in) :: datatype
integer :: request
integer, intent(out) :: ierror
end subroutine MPI_File_iread_at_all
subroutine MPI_File_iread_shared(fh, buf, count, datatype, request, ierror)
import
integer, intent(in) :: fh
!GCC$ ATTRIBUTES NO_ARG_CHECK :: buf
type(*), dimension(*) :: buf
integer, intent(in) :: count
integer, intent(in) :: datatype
integer :: request
integer, intent(out) :: ierror
end subroutine MPI_File_iread_shared
subroutine MPI_File_iwrite(fh, buf, count, datatype, request, ierror)
import
integer, intent(in) :: fh
!GCC$ ATTRIBUTES NO_ARG_CHECK :: buf
type(*), dimension(*) :: buf
integer, intent(in) :: count
integer, intent(in) :: datatype
integer :: request
integer, intent(out) :: ierror
end subroutine MPI_File_iwrite
subroutine MPI_File_iwrite_all(fh, buf, count, datatype, request, ierror)
import
integer, intent(in) :: fh
!GCC$ ATTRIBUTES NO_ARG_CHECK :: buf
type(*), dimension(*) :: buf
integer, intent(in) :: count
integer, intent(in) :: datatype
integer :: request
integer, intent(out) :: ierror
end subroutine MPI_File_iwrite_all
subroutine MPI_File_iwrite_at(fh, offset, buf, count, datatype, request, ierror)
import
integer, intent(in) :: fh
integer(kind=MPI_OFFSET_KIND), intent(in) :: offset
!GCC$ ATTRIBUTES NO_ARG_CHECK :: buf
type(*), dimension(*) :: buf
integer, intent(in) :: count
integer, intent(in) :: datatype
integer :: request
integer, intent(out) :: ierror
end subroutine MPI_File_iwrite_at
subroutine MPI_File_iwrite_at_all(fh, offset, buf, count, datatype, request, ierror)
import
integer, intent(in) :: fh
integer(kind=MPI_OFFSET_KIND), intent(in) :: offset
!GCC$ ATTRIBUTES NO_ARG_CHECK :: buf
type(*), dimension(*) :: buf
integer, intent(in) :: count
integer, intent(in) :: datatype
integer :: request
integer, intent(out) :: ierror
end subroutine MPI_File_iwrite_at_all
subroutine MPI_File_iwrite_shared(fh, buf, count, datatype, request, ierror)
import
integer, intent(in) :: fh
!GCC$ ATTRIBUTES NO_ARG_CHECK :: buf
type(*), dimension(*) :: buf
integer, intent(in) :: count
integer, intent(in) :: datatype
integer :: request
integer, intent(out) :: ierror
end subroutine MPI_File_iwrite_shared
subroutine MPI_File_open(comm, filename, amode, info, fh, ierror)
import
integer, intent(in) :: comm
character(len=*), intent(in) :: filename
integer, intent(in) :: amode
integer, intent(in) :: info
integer :: fh
integer, intent(out) :: ierror
end subroutine MPI_File_open
subroutine MPI_File_preallocate(fh, size, ierror)
import
integer, intent(in) :: fh
integer(kind=MPI_OFFSET_KIND), intent(in) :: size
integer, intent(out) :: ierror
end subroutine MPI_File_preallocate
subroutine MPI_File_read(fh, buf, count, datatype, status, ierror)
import
integer, intent(in) :: fh
!GCC$ ATTRIBUTES NO_ARG_CHECK :: buf
type(*), dimension(*) :: buf
integer, intent(in) :: count
integer, intent(in) :: datatype
integer :: status(MPI_STATUS_SIZE)
integer, intent(out) :: ierror
end subroutine MPI_File_read
subroutine MPI_File_read_all(fh, buf, count, datatype, status, ierror)
import
integer, intent(in) :: fh
!GCC$ ATTRIBUTES NO_ARG_CHECK :: buf
type(*), dimension(*) :: buf
integer, intent(in) :: count
integer, intent(in) :: datatype
integer :: status(MPI_STATUS_SIZE)
integer, intent(out) :: ierror
end subroutine MPI_File_read_all
subroutine MPI_File_read_all_begin(fh, buf, count, datatype, ierror)
import
integer, intent(in) :: fh
!GCC$ ATTRIBUTES NO_ARG_CHECK :: buf
type(*), dimension(*) :: buf
integer, intent(in) :: count
integer, intent(in) :: datatype
integer, intent(out) :: ierror
end subroutine MPI_File_read_all_begin
subroutine MPI_File_read_all_end(fh, buf, status, ierror)
import
integer, intent(in) :: fh
!GCC$ ATTRIBUTES NO_ARG_CHECK :: buf
type(*), dimension(*) :: buf
integer :: status(MPI_STATUS_SIZE)
integer, intent(out) :: ierror
end subroutine MPI_File_read_all_end
subroutine MPI_File_read_at(fh, offset, buf, count, datatype, status, ierror)
import
integer, intent(in) :: fh
integer(kind=MPI_OFFSET_KIND), intent(in) :: offset
!GCC$ ATTRIBUTES NO_ARG_CHECK :: buf
type(*), dimension(*) :: buf
integer, intent(in) :: count
integer, intent(in) :: datatype
integer :: status(MPI_STATUS_SIZE)
integer, intent(out) :: ierror
end subroutine MPI_File_read_at
subroutine MPI_File_read_at_all(fh, offset, buf, count, datatype, status, ierror)
import
integer, intent(in) :: fh
integer(kind=MPI_OFFSET_KIND), intent(in) :: offset
!GCC$ ATTRIBUTES NO_ARG_CHECK :: buf
type(*), dimension(*) :: buf
integer, intent(in) :: count
integer, intent(in) :: datatype
integer :: status(MPI_STATUS_SIZE)
integer, intent(out) :: ierror
end subroutine MPI_File_read_at_all
subroutine MPI_File_read_at_all_begin(fh, offset, buf, count, datatype, ierror)
import
integer, intent(in) :: fh
integer(kind=MPI_OFFSET_KIND), intent(in) :: offset
!GCC$ ATTRIBUTES NO_ARG_CHECK :: buf
type(*), dimension(*) :: buf
integer, intent(in) :: count
integer, intent(in) :: datatype
integer, intent(out) :: ierror
end subroutine MPI_File_read_at_all_begin
subroutine MPI_File_read_at_all_end(fh, buf, status, ierror)
import
integer, intent(in) :: fh
!GCC$ ATTRIBUTES NO_ARG_CHECK :: buf
type(*), dimension(*) :: buf
integer :: status(MPI_STATUS_SIZE)
integer, intent(out) :: ierror
end subroutine MPI_File_read_at_all_end
subroutine MPI_File_read_ordered(fh, buf, count, datatype, status, ierror)
import
integer, intent(in) :: fh
!GCC$ ATTRIBUTES NO_ARG_CHECK :: buf
type(*), dimension(*) :: buf
integer, intent(in) :: count
integer, intent(in) :: datatype
integer :: status(MPI_STATUS_SIZE)
integer, intent(out) :: ierror
end subroutine MPI_File_read_ordered
subroutine MPI_File_read_ordered_begin(fh, buf, count, datatype, ierror)
import
integer, intent(in) :: fh
!GCC$ ATTRIBUTES NO_ARG_CHECK :: buf
type(*), dimension(*) :: buf
integer, intent(in) :: count
integer, intent(in) :: datatype
integer, intent(out) :: ierror
end subroutine MPI_File_read_ordered_begin
subroutine MPI_File_read_ordered_end(fh, buf, status, ierror)
import
integer, intent(in) :: fh
!GCC$ ATTRIBUTES NO_ARG_CHECK :: buf
type(*), dimension(*) :: buf
integer :: status(MPI_STATUS_SIZE)
integer, intent(out) :: ierror
end subroutine MPI_File_read_ordered_end
subroutine MPI_File_read_shared(fh, buf, count, datatype, status, ierror)
import
integer, intent(in) :: fh
!GCC$ ATTRIBUTES NO_ARG_CHECK :: buf
type(*), dimension(*) :: buf
integer, intent(in) :: count
integer, intent(in) :: datatype
integer :: status(MPI_STATUS_SIZE)
integer, intent(out) :: ierror
end subroutine MPI_File_read_shared
subroutine MPI_File_seek(fh, offset, whence, ierror)
import
integer, intent(in) :: fh
integer(kind=MPI_OFFSET_KIND), intent(in) :: offset
integer, intent(in) :: whence
integer, intent(out) :: ierror
end subroutine MPI_File_seek
subroutine MPI_File_seek_shared(fh, offset, whence, ierror)
import
integer, intent(in) :: fh
integer(kind=MPI_OFFSET_KIND), intent(in) :: offset
integer, intent(in) :: whence
integer, intent(out) :: ierror
end subroutine MPI_File_seek_shared
subroutine MPI_File_set_atomicity(fh, flag, ierror)
import
integer, intent(in) :: fh
logical, intent(in) :: flag
integer, intent(out) :: ierror
end subroutine MPI_File_set_atomicity
subroutine MPI_File_set_errhandler(file, errhandler, ierror)
import
integer, intent(in) :: file
integer, intent(in) :: errhandler
integer, intent(out) :: ierror
end subroutine MPI_File_set_errhandler
subroutine MPI_File_set_info(fh, info, ierror)
import
integer, intent(in) :: fh
integer, intent(in) :: info
integer, intent(out) :: ierror
end subroutine MPI_File_set_info
subroutine MPI_File_set_size(fh, size, ierror)
import
integer, intent(in) :: fh
integer(kind=MPI_OFFSET_KIND), intent(in) :: size
integer, intent(out) :: ierror
end subroutine MPI_File_set_size
subroutine MPI_File_set_view(fh, disp, etype, filetype, datarep, info, ierror)
import
integer, intent(in) :: fh
integer(kind=MPI_OFFSET_KIND), intent(in) :: disp
integer, intent(in) :: etype
integer, intent(in) :: filetype
character(len=*), intent(in) :: datarep
integer, intent(in) :: info
integer, intent(out) :: ierror
end subroutine MPI_File_set_view
subroutine MPI_File_sync(fh, ierror)
import
integer, intent(in) :: fh
integer, intent(out) :: ierror
end subroutine MPI_File_sync
subroutine MPI_File_write(fh, buf, count, datatype, status, ierror)
import
integer, intent(in) :: fh
!GCC$ ATTRIBUTES NO_ARG_CHECK :: buf
type(*), dimension(*) :: buf
integer, intent(in) :: count
integer, intent(in) :: datatype
integer :: status(MPI_STATUS_SIZE)
integer, intent(out) :: ierror
end subroutine MPI_File_write
subroutine MPI_File_write_all(fh, buf, count, datatype, status, ierror)
import
integer, intent(in) :: fh
!GCC$ ATTRIBUTES NO_ARG_CHECK :: buf
type(*), dimension(*) :: buf
integer, intent(in) :: count
integer, intent(in) :: datatype
integer :: status(MPI_STATUS_SIZE)
integer, intent(out) :: ierror
end subroutine MPI_File_write_all
subroutine MPI_File_write_all_begin(fh, buf, count, datatype, ierror)
import
integer, intent(in) :: fh
!GCC$ ATTRIBUTES NO_ARG_CHECK :: buf
type(*), dimension(*) :: buf
integer, intent(in) :: count
integer, intent(in) :: datatype
integer, intent(out) :: ierror
end subroutine MPI_File_write_all_begin
subroutine MPI_File_write_all_end(fh, buf, status, ierror)
import
integer, intent(in) :: fh
!GCC$ ATTRIBUTES NO_ARG_CHECK :: buf
type(*), dimension(*) :: buf
integer :: status(MPI_STATUS_SIZE)
integer, intent(out) :: ierror
end subroutine MPI_File_write_all_end
subroutine MPI_File_write_at(fh, offset, buf, count, datatype, status, ierror)
import
integer, intent(in) :: fh
integer(kind=MPI_OFFSET_KIND), intent(in) :: offset
!GCC$ ATTRIBUTES NO_ARG_CHECK :: buf
type(*), dimension(*) :: buf
integer, intent(in) :: count
integer, intent(in) :: datatype
integer :: status(MPI_STATUS_SIZE)
integer, intent(out) :: ierror
end subroutine MPI_File_write_at
subroutine MPI_File_write_at_all(fh, offset, buf, count, datatype, status, ierror)
import
integer, intent(in) :: fh
integer(kind=MPI_OFFSET_KIND), intent(in) :: offset
!GCC$ ATTRIBUTES NO_ARG_CHECK :: buf
type(*), dimension(*) :: buf
integer, intent(in) :: count
integer, intent(in) :: datatype
integer :: status(MPI_STATUS_SIZE)
integer, intent(out) :: ierror
end subroutine MPI_File_write_at_all
subroutine MPI_File_write_at_all_begin(fh, offset, buf, count, datatype, ierror)
import
integer, intent(in) :: fh
integer(kind=MPI_OFFSET_KIND), intent(in) :: offset
!GCC$ ATTRIBUTES NO_ARG_CHECK :: buf
type(*), dimension(*) :: buf
integer, intent(in) :: count
integer, intent(in) :: datatype
integer, intent(out) :: ierror
end subroutine MPI_File_write_at_all_begin
subroutine MPI_File_write_at_all_end(fh, buf, status, ierror)
import
integer, intent(in) :: fh
!GCC$ ATTRIBUTES NO_ARG_CHECK :: buf
type(*), dimension(*) :: buf
integer :: status(MPI_STATUS_SIZE)
integer, intent(out) :: ierror
end subroutine MPI_File_write_at_all_end
subroutine MPI_File_write_ordered(fh, buf, count, datatype, status, ierror)
import
integer, intent(in) :: fh
!GCC$ ATTRIBUTES NO_ARG_CHECK :: buf
type(*), dimension(*) :: buf
integer, intent(in) :: count
integer, intent(in) :: datatype
integer :: status(MPI_STATUS_SIZE)
integer, intent(out) :: ierror
end subroutine MPI_File_write_ordered
subroutine MPI_File_write_ordered_begin(fh, buf, count, datatype, ierror)
import
integer, intent(in) :: fh
!GCC$ ATTRIBUTES NO_ARG_CHECK :: buf
type(*), dimension(*) :: buf
integer, intent(in) :: count
integer, intent(in) :: datatype
integer, intent(out) :: ierror
end subroutine MPI_File_write_ordered_begin
subroutine MPI_File_write_ordered_end(fh, buf, status, ierror)
import
integer, intent(in) :: fh
!GCC$ ATTRIBUTES NO_ARG_CHECK :: buf
type(*), dimension(*) :: buf
integer :: status(MPI_STATUS_SIZE)
integer, intent(out) :: ierror
end subroutine MPI_File_write_ordered_end
subroutine MPI_File_write_shared(fh, buf, count, datatype, status, ierror)
import
integer, intent(in) :: fh
!GCC$ ATTRIBUTES NO_ARG_CHECK :: buf
type(*), dimension(*) :: buf
integer, intent(in) :: count
integer, intent(in) :: datatype
integer :: status(MPI_STATUS_SIZE)
integer, intent(out) :: ierror
end subroutine MPI_File_write_shared
subroutine MPI_Finalize(ierror)
import
integer, intent(out) :: ierror
end subroutine MPI_Finalize
subroutine MPI_Finalized(flag, ierror)
import
logical :: flag
integer, intent(out) :: ierror
end subroutine MPI_Finalized
subroutine MPI_Free_mem(base, ierror)
import
!GCC$ ATTRIBUTES NO_ARG_CHECK :: base
type(*), dimension(*) :: base
integer, intent(out) :: ierror
end subroutine MPI_Free_mem
subroutine MPI_Gather(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root, comm, &
    ierror)
import
!GCC$ ATTRIBUTES NO_ARG_CHECK :: sendbuf
type(*), dimension(*) :: sendbuf
integer, intent(in) :: sendcount
integer, intent(in) :: sendtype
!GCC$ ATTRIBUTES NO_ARG_CHECK :: recvbuf
type(*), dimension(*) :: recvbuf
integer, intent(in) :: recvcount
integer, intent(in) :: recvtype
integer, intent(in) :: root
integer, intent(in) :: comm
integer, intent(out) :: ierror
end subroutine MPI_Gather
subroutine MPI_Gatherv(sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, recvtype, root, &
    comm, ierror)
import
!GCC$ ATTRIBUTES NO_ARG_CHECK :: sendbuf
type(*), dimension(*) :: sendbuf
integer, intent(in) :: sendcount
integer, intent(in) :: sendtype
!GCC$ ATTRIBUTES NO_ARG_CHECK :: recvbuf
type(*), dimension(*) :: recvbuf
integer, intent(in) :: recvcounts(*)
integer, intent(in) :: displs(*)
integer, intent(in) :: recvtype
integer, intent(in) :: root
integer, intent(in) :: comm
integer, intent(out) :: ierror
end subroutine MPI_Gatherv
subroutine MPI_Gatherv_init(sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, recvtype, &
    root, comm, info, request, ierror)
import
!GCC$ ATTRIBUTES NO_ARG_CHECK :: sendbuf
type(*), dimension(*) :: sendbuf
integer, intent(in) :: sendcount
integer, intent(in) :: sendtype
!GCC$ ATTRIBUTES NO_ARG_CHECK :: recvbuf
type(*), dimension(*) :: recvbuf
integer, intent(in) :: recvcounts(*)
integer, intent(in) :: displs(*)
integer, intent(in) :: recvtype
integer, intent(in) :: root
integer, intent(in) :: comm
integer, intent(in) :: info
integer :: request
integer, intent(out) :: ierror
end subroutine MPI_Gatherv_init
subroutine MPI_Gather_init(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root, comm, &
    info, request, ierror)
import
!GCC$ ATTRIBUTES NO_ARG_CHECK :: sendbuf
type(*), dimension(*) :: sendbuf
integer, intent(in) :: sendcount
integer, intent(in) :: sendtype
!GCC$ ATTRIBUTES NO_ARG_CHECK :: recvbuf
type(*), dimension(*) :: recvbuf
integer, intent(in) :: recvcount
integer, intent(in) :: recvtype
integer, intent(in) :: root
integer, intent(in) :: comm
integer, intent(in) :: info
integer :: request
integer, intent(out) :: ierror
end subroutine MPI_Gather_init
subroutine MPI_Get(origin_addr, origin_count, origin_datatype, target_rank, target_disp, &
    target_count, target_datatype, win, ierror)
import
!GCC$ ATTRIBUTES NO_ARG_CHECK :: origin_addr
type(*), dimension(*) :: origin_addr
integer, intent(in) :: origin_count
integer, intent(in) :: origin_datatype
integer, intent(in) :: target_rank
integer(kind=MPI_ADDRESS_KIND), intent(in) :: target_disp
integer, intent(in) :: target_count
integer, intent(in) :: target_datatype
integer, intent(in) :: win
integer, intent(out) :: ierror
end subroutine MPI_Get
subroutine MPI_Get_accumulate(origin_addr, origin_count, origin_datatype, result_addr, &
    result_count, result_datatype, target_rank, target_disp, target_count, target_datatype, op, &
    win, ierror)
import
!GCC$ ATTRIBUTES NO_ARG_CHECK :: origin_addr
type(*), dimension(*) :: origin_addr
integer, intent(in) :: origin_count
integer, intent(in) :: origin_datatype
!GCC$ ATTRIBUTES NO_ARG_CHECK :: result_addr
type(*), dimension(*) :: result_addr
integer, intent(in) :: result_count
integer, intent(in) :: result_datatype
integer, intent(in) :: target_rank
integer(kind=MPI_ADDRESS_KIND), intent(in) :: target_disp
integer, intent(in) :: target_count
integer, intent(in) :: target_datatype
integer, intent(in) :: op
integer, intent(in) :: win
integer, intent(out) :: ierror
end subroutine MPI_Get_accumulate
subroutine MPI_Get_address(location, address, ierror)
import
!GCC$ ATTRIBUTES NO_ARG_CHECK :: location
type(*), dimension(*) :: location
integer(kind=MPI_ADDRESS_KIND) :: address
integer, intent(out) :: ierror
end subroutine MPI_Get_address
subroutine MPI_Get_count(status, datatype, count, ierror)
import
integer, intent(in) :: status(MPI_STATUS_SIZE)
integer, intent(in) :: datatype
integer :: count
integer, intent(out) :: ierror
end subroutine MPI_Get_count
subroutine MPI_Get_elements(status, datatype, count, ierror)
import
integer, intent(in) :: status(MPI_STATUS_SIZE)
integer, intent(in) :: datatype
integer :: count
integer, intent(out) :: ierror
end subroutine MPI_Get_elements
subroutine MPI_Get_elements_x(status, datatype, count, ierror)
import
integer, intent(in) :: status(MPI_STATUS_SIZE)
integer, intent(in) :: datatype
integer(kind=MPI_COUNT_KIND) :: count
integer, intent(out) :: ierror
end subroutine MPI_Get_elements_x
subroutine MPI_Get_library_version(version, resultlen, ierror)
import
character(len=*) :: version
integer :: resultlen
integer, intent(out) :: ierror
end subroutine MPI_Get_library_version
subroutine MPI_Get_processor_name(name, resultlen, ierror)
import
character(len=*) :: name
integer :: resultlen
integer, intent(out) :: ierror
end subroutine MPI_Get_processor_name
subroutine MPI_Get_version(version, subversion, ierror)
import
integer :: version
integer :: subversion
integer, intent(out) :: ierror
end subroutine MPI_Get_version
subroutine MPI_Graphdims_get(comm, nnodes, nedges, ierror)
import
integer, intent(in) :: comm
integer :: nnodes
integer :: nedges
integer, intent(out) :: ierror
end subroutine MPI_Graphdims_get
subroutine MPI_Graph_create(comm_old, nnodes, index, edges, reorder, comm_graph, ierror)
import
integer, intent(in) :: comm_old
integer, intent(in) :: nnodes
integer, intent(in) :: index(*)
integer, intent(in) :: edges(*)
logical, intent(in) :: reorder
integer :: comm_graph
integer, intent(out) :: ierror
end subroutine MPI_Graph_create
subroutine MPI_Graph_get(comm, maxindex, maxedges, index, edges, ierror)
import
integer, intent(in) :: comm
integer, intent(in) :: maxindex
integer, intent(in) :: maxedges
integer :: index(*)
integer :: edges(*)
integer, intent(out) :: ierror
end subroutine MPI_Graph_get
subroutine MPI_Graph_map(comm, nnodes, index, edges, newrank, ierror)
import
integer, intent(in) :: comm
integer, intent(in) :: nnodes
integer, intent(in) :: index(*)
integer, intent(in) :: edges(*)
integer :: newrank
integer, intent(out) :: ierror
end subroutine MPI_Graph_map
subroutine MPI_Graph_neighbors(comm, rank, maxneighbors, neighbors, ierror)
import
integer, intent(in) :: comm
integer, intent(in) :: rank
integer, intent(in) :: maxneighbors
integer :: neighbors(*)
integer, intent(out) :: ierror
end subroutine MPI_Graph_neighbors
subroutine MPI_Graph_neighbors_count(comm, rank, nneighbors, ierror)
import
integer, intent(in) :: comm
integer, intent(in) :: rank
integer :: nneighbors
integer, intent(out) :: ierror
end subroutine MPI_Graph_neighbors_count
subroutine MPI_Grequest_complete(request, ierror)
import
integer, intent(in) :: request
integer, intent(out) :: ierror
end subroutine MPI_Grequest_complete
subroutine MPI_Grequest_start(query_fn, free_fn, cancel_fn, extra_state, request, ierror)
import
external :: query_fn
external :: free_fn
external :: cancel_fn
integer(kind=MPI_ADDRESS_KIND), intent(in) :: extra_state
integer :: request
integer, intent(out) :: ierror
end subroutine MPI_Grequest_start
subroutine MPI_Group_compare(group1, group2, result, ierror)
import
integer, intent(in) :: group1
integer, intent(in) :: group2
integer :: result
integer, intent(out) :: ierror
end subroutine MPI_Group_compare
subroutine MPI_Group_difference(group1, group2, newgroup, ierror)
import
integer, intent(in) :: group1
integer, intent(in) :: group2
integer :: newgroup
integer, intent(out) :: ierror
end subroutine MPI_Group_difference
subroutine MPI_Group_excl(group, n, ranks, newgroup, ierror)
import
integer, intent(in) :: group
integer, intent(in) :: n
integer, intent(in) :: ranks(*)
integer :: newgroup
integer, intent(out) :: ierror
end subroutine MPI_Group_excl
subroutine MPI_Group_free(group, ierror)
import
integer :: group
integer, intent(out) :: ierror
end subroutine MPI_Group_free
subroutine MPI_Group_incl(group, n, ranks, newgroup, ierror)
import
integer, intent(in) :: group
integer, intent(in) :: n
integer, intent(in) :: ranks(*)
integer :: newgroup
integer, intent(out) :: ierror
end subroutine MPI_Group_incl
subroutine MPI_Group_intersection(group1, group2, newgroup, ierror)
import
integer, intent(in) :: group1
integer, intent(in) :: group2
integer :: newgroup
integer, intent(out) :: ierror
end subroutine MPI_Group_intersection
subroutine MPI_Group_range_excl(group, n, ranges, newgroup, ierror)
import
integer, intent(in) :: group
integer, intent(in) :: n
integer :: ranges(*)
integer :: newgroup
integer, intent(out) :: ierror
end subroutine MPI_Group_range_excl
subroutine MPI_Group_range_incl(group, n, ranges, newgroup, ierror)
import
integer, intent(in) :: group
integer, intent(in) :: n
integer :: ranges(*)
integer :: newgroup
integer, intent(out) :: ierror
end subroutine MPI_Group_range_incl
subroutine MPI_Group_rank(group, rank, ierror)
import
integer, intent(in) :: group
integer :: rank
integer, intent(out) :: ierror
end subroutine MPI_Group_rank
subroutine MPI_Group_size(group, size, ierror)
import
integer, intent(in) :: group
integer :: size
integer, intent(out) :: ierror
end subroutine MPI_Group_size
subroutine MPI_Group_translate_ranks(group1, n, ranks1, group2, ranks2, ierror)
import
integer, intent(in) :: group1
integer, intent(in) :: n
integer, intent(in) :: ranks1(*)
integer, intent(in) :: group2
integer :: ranks2(*)
integer, intent(out) :: ierror
end subroutine MPI_Group_translate_ranks
subroutine MPI_Group_union(group1, group2, newgroup, ierror)
import
integer, intent(in) :: group1
integer, intent(in) :: group2
integer :: newgroup
integer, intent(out) :: ierror
end subroutine MPI_Group_union
subroutine MPI_Iallgather(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm, &
    request, ierror)
import
!GCC$ ATTRIBUTES NO_ARG_CHECK :: sendbuf
type(*), dimension(*) :: sendbuf
integer, intent(in) :: sendcount
integer, intent(in) :: sendtype
!GCC$ ATTRIBUTES NO_ARG_CHECK :: recvbuf
type(*), dimension(*) :: recvbuf
integer, intent(in) :: recvcount
integer, intent(in) :: recvtype
integer, intent(in) :: comm
integer :: request
integer, intent(out) :: ierror
end subroutine MPI_Iallgather
subroutine MPI_Iallgatherv(sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, recvtype, &
    comm, request, ierror)
import
!GCC$ ATTRIBUTES NO_ARG_CHECK :: sendbuf
type(*), dimension(*) :: sendbuf
integer, intent(in) :: sendcount
integer, intent(in) :: sendtype
!GCC$ ATTRIBUTES NO_ARG_CHECK :: recvbuf
type(*), dimension(*) :: recvbuf
integer, intent(in) :: recvcounts(*)
integer, intent(in) :: displs(*)
integer, intent(in) :: recvtype
integer, intent(in) :: comm
integer :: request
integer, intent(out) :: ierror
end subroutine MPI_Iallgatherv
subroutine MPI_Iallreduce(sendbuf, recvbuf, count, datatype, op, comm, request, ierror)
import
!GCC$ ATTRIBUTES NO_ARG_CHECK :: sendbuf
type(*), dimension(*) :: sendbuf
!GCC$ ATTRIBUTES NO_ARG_CHECK :: recvbuf
type(*), dimension(*) :: recvbuf
integer, intent(in) :: count
integer, intent(in) :: datatype
integer, intent(in) :: op
integer, intent(in) :: comm
integer :: request
integer, intent(out) :: ierror
end subroutine MPI_Iallreduce
subroutine MPI_Ialltoall(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm, request, &
    ierror)
import
!GCC$ ATTRIBUTES NO_ARG_CHECK :: sendbuf
type(*), dimension(*) :: sendbuf
integer, intent(in) :: sendcount
integer, intent(in) :: sendtype
!GCC$ ATTRIBUTES NO_ARG_CHECK :: recvbuf
type(*), dimension(*) :: recvbuf
integer, intent(in) :: recvcount
integer, intent(in) :: recvtype
integer, intent(in) :: comm
integer :: request
integer, intent(out) :: ierror
end subroutine MPI_Ialltoall
subroutine MPI_Ialltoallv(sendbuf, sendcounts, sdispls, sendtype, recvbuf, recvcounts, rdispls, &
    recvtype, comm, request, ierror)
import
!GCC$ ATTRIBUTES NO_ARG_CHECK :: sendbuf
type(*), dimension(*) :: sendbuf
integer, intent(in) :: sendcounts(*)
integer, intent(in) :: sdispls(*)
integer, intent(in) :: sendtype
!GCC$ ATTRIBUTES NO_ARG_CHECK :: recvbuf
type(*), dimension(*) :: recvbuf
integer, intent(in) :: recvcounts(*)
integer, intent(in) :: rdispls(*)
integer, intent(in) :: recvtype
integer, intent(in) :: comm
integer :: request
integer, intent(out) :: ierror
end subroutine MPI_Ialltoallv
subroutine MPI_Ialltoallw(sendbuf, sendcounts, sdispls, sendtypes, recvbuf, recvcounts, rdispls, &
    recvtypes, comm, request, ierror)
import
!GCC$ ATTRIBUTES NO_ARG_CHECK :: sendbuf
type(*), dimension(*) :: sendbuf
integer, intent(in) :: sendcounts(*)
integer, intent(in) :: sdispls(*)
integer, intent(in) :: sendtypes(*)
!GCC$ ATTRIBUTES NO_ARG_CHECK :: recvbuf
type(*), dimension(*) :: recvbuf
integer, intent(in) :: recvcounts(*)
integer, intent(in) :: rdispls(*)
integer, intent(in) :: recvtypes(*)
integer, intent(in) :: comm
integer :: request
integer, intent(out) :: ierror
end subroutine MPI_Ialltoallw
subroutine MPI_Ibarrier(comm, request, ierror)
import
integer, intent(in) :: comm
integer :: request
integer, intent(out) :: ierror
end subroutine MPI_Ibarrier
subroutine MPI_Ibcast(buffer, count, datatype, root, comm, request, ierror)
import
!GCC$ ATTRIBUTES NO_ARG_CHECK :: buffer
type(*), dimension(*) :: buffer
integer, intent(in) :: count
integer, intent(in) :: datatype
integer, intent(in) :: root
integer, intent(in) :: comm
integer :: request
integer, intent(out) :: ierror
end subroutine MPI_Ibcast
subroutine MPI_Ibsend(buf, count, datatype, dest, tag, comm, request, ierror)
import
!GCC$ ATTRIBUTES NO_ARG_CHECK :: buf
type(*), dimension(*) :: buf
integer, intent(in) :: count
integer, intent(in) :: datatype
integer, intent(in) :: dest
integer, intent(in) :: tag
integer, intent(in) :: comm
integer :: request
integer, intent(out) :: ierror
end subroutine MPI_Ibsend
subroutine MPI_Iexscan(sendbuf, recvbuf, count, datatype, op, comm, request, ierror)
import
!GCC$ ATTRIBUTES NO_ARG_CHECK :: sendbuf
type(*), dimension(*) :: sendbuf
!GCC$ ATTRIBUTES NO_ARG_CHECK :: recvbuf
type(*), dimension(*) :: recvbuf
integer, intent(in) :: count
integer, intent(in) :: datatype
integer, intent(in) :: op
integer, intent(in) :: comm
integer :: request
integer, intent(out) :: ierror
end subroutine MPI_Iexscan
subroutine MPI_Igather(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root, comm, &
    request, ierror)
import
!GCC$ ATTRIBUTES NO_ARG_CHECK :: sendbuf
type(*), dimension(*) :: sendbuf
integer, intent(in) :: sendcount
integer, intent(in) :: sendtype
!GCC$ ATTRIBUTES NO_ARG_CHECK :: recvbuf
type(*), dimension(*) :: recvbuf
integer, intent(in) :: recvcount
integer, intent(in) :: recvtype
integer, intent(in) :: root
integer, intent(in) :: comm
integer :: request
integer, intent(out) :: ierror
end subroutine MPI_Igather
subroutine MPI_Igatherv(sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, recvtype, root, &
    comm, request, ierror)
import
!GCC$ ATTRIBUTES NO_ARG_CHECK :: sendbuf
type(*), dimension(*) :: sendbuf
integer, intent(in) :: sendcount
integer, intent(in) :: sendtype
!GCC$ ATTRIBUTES NO_ARG_CHECK :: recvbuf
type(*), dimension(*) :: recvbuf
integer, intent(in) :: recvcounts(*)
integer, intent(in) :: displs(*)
integer, intent(in) :: recvtype
integer, intent(in) :: root
integer, intent(in) :: comm
integer :: request
integer, intent(out) :: ierror
end subroutine MPI_Igatherv
subroutine MPI_Improbe(source, tag, comm, flag, message, status, ierror)
import
integer, intent(in) :: source
integer, intent(in) :: tag
integer, intent(in) :: comm
logical :: flag
integer :: message
integer :: status(MPI_STATUS_SIZE)
integer, intent(out) :: ierror
end subroutine MPI_Improbe
subroutine MPI_Imrecv(buf, count, datatype, message, request, ierror)
import
!GCC$ ATTRIBUTES NO_ARG_CHECK :: buf
type(*), dimension(*) :: buf
integer, intent(in) :: count
integer, intent(in) :: datatype
integer :: message
integer :: request
integer, intent(out) :: ierror
end subroutine MPI_Imrecv
subroutine MPI_Ineighbor_allgather(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, &
    comm, request, ierror)
import
!GCC$ ATTRIBUTES NO_ARG_CHECK :: sendbuf
type(*), dimension(*) :: sendbuf
integer, intent(in) :: sendcount
integer, intent(in) :: sendtype
!GCC$ ATTRIBUTES NO_ARG_CHECK :: recvbuf
type(*), dimension(*) :: recvbuf
integer, intent(in) :: recvcount
integer, intent(in) :: recvtype
integer, intent(in) :: comm
integer :: request
integer, intent(out) :: ierror
end subroutine MPI_Ineighbor_allgather
subroutine MPI_Ineighbor_allgatherv(sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, &
    recvtype, comm, request, ierror)
import
!GCC$ ATTRIBUTES NO_ARG_CHECK :: sendbuf
type(*), dimension(*) :: sendbuf
integer, intent(in) :: sendcount
integer, intent(in) :: sendtype
!GCC$ ATTRIBUTES NO_ARG_CHECK :: recvbuf
type(*), dimension(*) :: recvbuf
integer, intent(in) :: recvcounts(*)
integer, intent(in) :: displs(*)
integer, intent(in) :: recvtype
integer, intent(in) :: comm
integer :: request
integer, intent(out) :: ierror
end subroutine MPI_Ineighbor_allgatherv
subroutine MPI_Ineighbor_alltoall(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm, &
    request, ierror)
import
!GCC$ ATTRIBUTES NO_ARG_CHECK :: sendbuf
type(*), dimension(*) :: sendbuf
integer, intent(in) :: sendcount
integer, intent(in) :: sendtype
!GCC$ ATTRIBUTES NO_ARG_CHECK :: recvbuf
type(*), dimension(*) :: recvbuf
integer, intent(in) :: recvcount
integer, intent(in) :: recvtype
integer, intent(in) :: comm
integer :: request
integer, intent(out) :: ierror
end subroutine MPI_Ineighbor_alltoall
subroutine MPI_Ineighbor_alltoallv(sendbuf, sendcounts, sdispls, sendtype, recvbuf, recvcounts, &
    rdispls, recvtype, comm, request, ierror)
import
!GCC$ ATTRIBUTES NO_ARG_CHECK :: sendbuf
type(*), dimension(*) :: sendbuf
integer, intent(in) :: sendcounts(*)
integer, intent(in) :: sdispls(*)
integer, intent(in) :: sendtype
!GCC$ ATTRIBUTES NO_ARG_CHECK :: recvbuf
type(*), dimension(*) :: recvbuf
integer, intent(in) :: recvcounts(*)
integer, intent(in) :: rdispls(*)
integer, intent(in) :: recvtype
integer, intent(in) :: comm
integer :: request
integer, intent(out) :: ierror
end subroutine MPI_Ineighbor_alltoallv
subroutine MPI_Ineighbor_alltoallw(sendbuf, sendcounts, sdispls, sendtypes, recvbuf, recvcounts, &
    rdispls, recvtypes, comm, request, ierror)
import
!GCC$ ATTRIBUTES NO_ARG_CHECK :: sendbuf
type(*), dimension(*) :: sendbuf
integer, intent(in) :: sendcounts(*)
integer(kind=MPI_ADDRESS_KIND), intent(in) :: sdispls(*)
integer, intent(in) :: sendtypes(*)
!GCC$ ATTRIBUTES NO_ARG_CHECK :: recvbuf
type(*), dimension(*) :: recvbuf
integer, intent(in) :: recvcounts(*)
integer(kind=MPI_ADDRESS_KIND), intent(in) :: rdispls(*)
integer, intent(in) :: recvtypes(*)
integer, intent(in) :: comm
integer :: request
integer, intent(out) :: ierror
end subroutine MPI_Ineighbor_alltoallw
subroutine MPI_Info_create(info, ierror)
import
integer :: info
integer, intent(out) :: ierror
end subroutine MPI_Info_create
subroutine MPI_Info_delete(info, key, ierror)
import
integer, intent(in) :: info
character(len=*), intent(in) :: key
integer, intent(out) :: ierror
end subroutine MPI_Info_delete
subroutine MPI_Info_dup(info, newinfo, ierror)
import
integer, intent(in) :: info
integer :: newinfo
integer, intent(out) :: ierror
end subroutine MPI_Info_dup
subroutine MPI_Info_free(info, ierror)
import
integer :: info
integer, intent(out) :: ierror
end subroutine MPI_Info_free
subroutine MPI_Info_get(info, key, valuelen, value, flag, ierror)
import
integer, intent(in) :: info
character(len=*), intent(in) :: key
integer, intent(in) :: valuelen
character(len=*) :: value
logical :: flag
integer, intent(out) :: ierror
end subroutine MPI_Info_get
subroutine MPI_Info_get_nkeys(info, nkeys, ierror)
import
integer, intent(in) :: info
integer :: nkeys
integer, intent(out) :: ierror
end subroutine MPI_Info_get_nkeys
subroutine MPI_Info_get_nthkey(info, n, key, ierror)
import
integer, intent(in) :: info
integer, intent(in) :: n
character(len=*) :: key
integer, intent(out) :: ierror
end subroutine MPI_Info_get_nthkey
subroutine MPI_Info_get_string(info, key, buflen, value, flag, ierror)
import
integer, intent(in) :: info
character(len=*), intent(in) :: key
integer :: buflen
character(len=*) :: value
logical :: flag
integer, intent(out) :: ierror
end subroutine MPI_Info_get_string
subroutine MPI_Info_get_valuelen(info, key, valuelen, flag, ierror)
import
integer, intent(in) :: info
character(len=*), intent(in) :: key
integer :: valuelen
logical :: flag
integer, intent(out) :: ierror
end subroutine MPI_Info_get_valuelen
subroutine MPI_Info_set(info, key, value, ierror)
import
integer, intent(in) :: info
character(len=*), intent(in) :: key
character(len=*), intent(in) :: value
integer, intent(out) :: ierror
end subroutine MPI_Info_set
subroutine MPI_Initialized(flag, ierror)
import
logical :: flag
integer, intent(out) :: ierror
end subroutine MPI_Initialized
subroutine MPI_Intercomm_create(local_comm, local_leader, peer_comm, remote_leader, tag, &
    newintercomm, ierror)
import
integer, intent(in) :: local_comm
integer, intent(in) :: local_leader
integer, intent(in) :: peer_comm
integer, intent(in) :: remote_leader
integer, intent(in) :: tag
integer :: newintercomm
integer, intent(out) :: ierror
end subroutine MPI_Intercomm_create
subroutine MPI_Intercomm_merge(intercomm, high, newintracomm, ierror)
import
integer, intent(in) :: intercomm
logical, intent(in) :: high
integer :: newintracomm
integer, intent(out) :: ierror
end subroutine MPI_Intercomm_merge
subroutine MPI_Iprobe(source, tag, comm, flag, status, ierror)
import
integer, intent(in) :: source
integer, intent(in) :: tag
integer, intent(in) :: comm
logical :: flag
integer :: status(MPI_STATUS_SIZE)
integer, intent(out) :: ierror
end subroutine MPI_Iprobe
subroutine MPI_Irecv(buf, count, datatype, source, tag, comm, request, ierror)
import
!GCC$ ATTRIBUTES NO_ARG_CHECK :: buf
type(*), dimension(*) :: buf
integer, intent(in) :: count
integer, intent(in) :: datatype
integer, intent(in) :: source
integer, intent(in) :: tag
integer, intent(in) :: comm
integer :: request
integer, intent(out) :: ierror
end subroutine MPI_Irecv
subroutine MPI_Ireduce(sendbuf, recvbuf, count, datatype, op, root, comm, request, ierror)
import
!GCC$ ATTRIBUTES NO_ARG_CHECK :: sendbuf
type(*), dimension(*) :: sendbuf
!GCC$ ATTRIBUTES NO_ARG_CHECK :: recvbuf
type(*), dimension(*) :: recvbuf
integer, intent(in) :: count
integer, intent(in) :: datatype
integer, intent(in) :: op
integer, intent(in) :: root
integer, intent(in) :: comm
integer :: request
integer, intent(out) :: ierror
end subroutine MPI_Ireduce
subroutine MPI_Ireduce_scatter(sendbuf, recvbuf, recvcounts, datatype, op, comm, request, ierror)
import
!GCC$ ATTRIBUTES NO_ARG_CHECK :: sendbuf
type(*), dimension(*) :: sendbuf
!GCC$ ATTRIBUTES NO_ARG_CHECK :: recvbuf
type(*), dimension(*) :: recvbuf
integer, intent(in) :: recvcounts(*)
integer, intent(in) :: datatype
integer, intent(in) :: op
integer, intent(in) :: comm
integer :: request
integer, intent(out) :: ierror
end subroutine MPI_Ireduce_scatter
subroutine MPI_Ireduce_scatter_block(sendbuf, recvbuf, recvcount, datatype, op, comm, request, &
    ierror)
import
!GCC$ ATTRIBUTES NO_ARG_CHECK :: sendbuf
type(*), dimension(*) :: sendbuf
!GCC$ ATTRIBUTES NO_ARG_CHECK :: recvbuf
type(*), dimension(*) :: recvbuf
integer, intent(in) :: recvcount
integer, intent(in) :: datatype
integer, intent(in) :: op
integer, intent(in) :: comm
integer :: request
integer, intent(out) :: ierror
end subroutine MPI_Ireduce_scatter_block
subroutine MPI_Irsend(buf, count, datatype, dest, tag, comm, request, ierror)
import
!GCC$ ATTRIBUTES NO_ARG_CHECK :: buf
type(*), dimension(*) :: buf
integer, intent(in) :: count
integer, intent(in) :: datatype
integer, intent(in) :: dest
integer, intent(in) :: tag
integer, intent(in) :: comm
integer :: request
integer, intent(out) :: ierror
end subroutine MPI_Irsend
subroutine MPI_Iscan(sendbuf, recvbuf, count, datatype, op, comm, request, ierror)
import
!GCC$ ATTRIBUTES NO_ARG_CHECK :: sendbuf
type(*), dimension(*) :: sendbuf
!GCC$ ATTRIBUTES NO_ARG_CHECK :: recvbuf
type(*), dimension(*) :: recvbuf
integer, intent(in) :: count
integer, intent(in) :: datatype
integer, intent(in) :: op
integer, intent(in) :: comm
integer :: request
integer, intent(out) :: ierror
end subroutine MPI_Iscan
subroutine MPI_Iscatter(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root, comm, &
    request, ierror)
import
!GCC$ ATTRIBUTES NO_ARG_CHECK :: sendbuf
type(*), dimension(*) :: sendbuf
integer, intent(in) :: sendcount
integer, intent(in) :: sendtype
!GCC$ ATTRIBUTES NO_ARG_CHECK :: recvbuf
type(*), dimension(*) :: recvbuf
integer, intent(in) :: recvcount
integer, intent(in) :: recvtype
integer, intent(in) :: root
integer, intent(in) :: comm
integer :: request
integer, intent(out) :: ierror
end subroutine MPI_Iscatter
subroutine MPI_Iscatterv(sendbuf, sendcounts, displs, sendtype, recvbuf, recvcount, recvtype, root, &
    comm, request, ierror)
import
!GCC$ ATTRIBUTES NO_ARG_CHECK :: sendbuf
type(*), dimension(*) :: sendbuf
integer, intent(in) :: sendcounts(*)
integer, intent(in) :: displs(*)
integer, intent(in) :: sendtype
!GCC$ ATTRIBUTES NO_ARG_CHECK :: recvbuf
type(*), dimension(*) :: recvbuf
integer, intent(in) :: recvcount
integer, intent(in) :: recvtype
integer, intent(in) :: root
integer, intent(in) :: comm
integer :: request
integer, intent(out) :: ierror
end subroutine MPI_Iscatterv
subroutine MPI_Isend(buf, count, datatype, dest, tag, comm, request, ierror)
import
!GCC$ ATTRIBUTES NO_ARG_CHECK :: buf
type(*), dimension(*) :: buf
integer, intent(in) :: count
integer, intent(in) :: datatype
integer, intent(in) :: dest
integer, intent(in) :: tag
integer, intent(in) :: comm
integer :: request
integer, intent(out) :: ierror
end subroutine MPI_Isend
subroutine MPI_Issend(buf, count, datatype, dest, tag, comm, request, ierror)
import
!GCC$ ATTRIBUTES NO_ARG_CHECK :: buf
type(*), dimension(*) :: buf
integer, intent(in) :: count
integer, intent(in) :: datatype
integer, intent(in) :: dest
integer, intent(in) :: tag
integer, intent(in) :: comm
integer :: request
integer, intent(out) :: ierror
end subroutine MPI_Issend
subroutine MPI_Is_thread_main(flag, ierror)
import
logical :: flag
integer, intent(out) :: ierror
end subroutine MPI_Is_thread_main
subroutine MPI_Keyval_create(copy_fn, delete_fn, keyval, extra_state, ierror)
import
external :: copy_fn
external :: delete_fn
integer :: keyval
integer, intent(in) :: extra_state
integer, intent(out) :: ierror
end subroutine MPI_Keyval_create
subroutine MPI_Keyval_free(keyval, ierror)
import
integer :: keyval
integer, intent(out) :: ierror
end subroutine MPI_Keyval_free
subroutine MPI_Mprobe(source, tag, comm, message, status, ierror)
import
integer, intent(in) :: source
integer, intent(in) :: tag
integer, intent(in) :: comm
integer :: message
integer :: status(MPI_STATUS_SIZE)
integer, intent(out) :: ierror
end subroutine MPI_Mprobe
subroutine MPI_Mrecv(buf, count, datatype, message, status, ierror)
import
!GCC$ ATTRIBUTES NO_ARG_CHECK :: buf
type(*), dimension(*) :: buf
integer, intent(in) :: count
integer, intent(in) :: datatype
integer :: message
integer :: status(MPI_STATUS_SIZE)
integer, intent(out) :: ierror
end subroutine MPI_Mrecv
subroutine MPI_Neighbor_allgather(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm, &
    ierror)
import
!GCC$ ATTRIBUTES NO_ARG_CHECK :: sendbuf
type(*), dimension(*) :: sendbuf
integer, intent(in) :: sendcount
integer, intent(in) :: sendtype
!GCC$ ATTRIBUTES NO_ARG_CHECK :: recvbuf
type(*), dimension(*) :: recvbuf
integer, intent(in) :: recvcount
integer, intent(in) :: recvtype
integer, intent(in) :: comm
integer, intent(out) :: ierror
end subroutine MPI_Neighbor_allgather
subroutine MPI_Neighbor_allgatherv(sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, &
    recvtype, comm, ierror)
import
!GCC$ ATTRIBUTES NO_ARG_CHECK :: sendbuf
type(*), dimension(*) :: sendbuf
integer, intent(in) :: sendcount
integer, intent(in) :: sendtype
!GCC$ ATTRIBUTES NO_ARG_CHECK :: recvbuf
type(*), dimension(*) :: recvbuf
integer, intent(in) :: recvcounts(*)
integer, intent(in) :: displs(*)
integer, intent(in) :: recvtype
integer, intent(in) :: comm
integer, intent(out) :: ierror
end subroutine MPI_Neighbor_allgatherv
subroutine MPI_Neighbor_allgatherv_init(sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, &
    recvtype, comm, info, request, ierror)
import
!GCC$ ATTRIBUTES NO_ARG_CHECK :: sendbuf
type(*), dimension(*) :: sendbuf
integer, intent(in) :: sendcount
integer, intent(in) :: sendtype
!GCC$ ATTRIBUTES NO_ARG_CHECK :: recvbuf
type(*), dimension(*) :: recvbuf
integer, intent(in) :: recvcounts(*)
integer, intent(in) :: displs(*)
integer, intent(in) :: recvtype
integer, intent(in) :: comm
integer, intent(in) :: info
integer :: request
integer, intent(out) :: ierror
end subroutine MPI_Neighbor_allgatherv_init
subroutine MPI_Neighbor_allgather_init(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, &
    comm, info, request, ierror)
import
!GCC$ ATTRIBUTES NO_ARG_CHECK :: sendbuf
type(*), dimension(*) :: sendbuf
integer, intent(in) :: sendcount
integer, intent(in) :: sendtype
!GCC$ ATTRIBUTES NO_ARG_CHECK :: recvbuf
type(*), dimension(*) :: recvbuf
integer, intent(in) :: recvcount
integer, intent(in) :: recvtype
integer, intent(in) :: comm
integer, intent(in) :: info
integer :: request
integer, intent(out) :: ierror
end subroutine MPI_Neighbor_allgather_init
subroutine MPI_Neighbor_alltoall(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm, &
    ierror)
import
!GCC$ ATTRIBUTES NO_ARG_CHECK :: sendbuf
type(*), dimension(*) :: sendbuf
integer, intent(in) :: sendcount
integer, intent(in) :: sendtype
!GCC$ ATTRIBUTES NO_ARG_CHECK :: recvbuf
type(*), dimension(*) :: recvbuf
integer, intent(in) :: recvcount
integer, intent(in) :: recvtype
integer, intent(in) :: comm
integer, intent(out) :: ierror
end subroutine MPI_Neighbor_alltoall
subroutine MPI_Neighbor_alltoallv(sendbuf, sendcounts, sdispls, sendtype, recvbuf, recvcounts, &
    rdispls, recvtype, comm, ierror)
import
!GCC$ ATTRIBUTES NO_ARG_CHECK :: sendbuf
type(*), dimension(*) :: sendbuf
integer, intent(in) :: sendcounts(*)
integer, intent(in) :: sdispls(*)
integer, intent(in) :: sendtype
!GCC$ ATTRIBUTES NO_ARG_CHECK :: recvbuf
type(*), dimension(*) :: recvbuf
integer, intent(in) :: recvcounts(*)
integer, intent(in) :: rdispls(*)
integer, intent(in) :: recvtype
integer, intent(in) :: comm
integer, intent(out) :: ierror
end subroutine MPI_Neighbor_alltoallv
subroutine MPI_Neighbor_alltoallv_init(sendbuf, sendcounts, sdispls, sendtype, recvbuf, recvcounts, &
    rdispls, recvtype, comm, info, request, ierror)
import
!GCC$ ATTRIBUTES NO_ARG_CHECK :: sendbuf
type(*), dimension(*) :: sendbuf
integer, intent(in) :: sendcounts(*)
integer, intent(in) :: sdispls(*)
integer, intent(in) :: sendtype
!GCC$ ATTRIBUTES NO_ARG_CHECK :: recvbuf
type(*), dimension(*) :: recvbuf
integer, intent(in) :: recvcounts(*)
integer, intent(in) :: rdispls(*)
integer, intent(in) :: recvtype
integer, intent(in) :: comm
integer, intent(in) :: info
integer :: request
integer, intent(out) :: ierror
end subroutine MPI_Neighbor_alltoallv_init
subroutine MPI_Neighbor_alltoallw(sendbuf, sendcounts, sdispls, sendtypes, recvbuf, recvcounts, &
    rdispls, recvtypes, comm, ierror)
import
!GCC$ ATTRIBUTES NO_ARG_CHECK :: sendbuf
type(*), dimension(*) :: sendbuf
integer, intent(in) :: sendcounts(*)
integer(kind=MPI_ADDRESS_KIND), intent(in) :: sdispls(*)
integer, intent(in) :: sendtypes(*)
!GCC$ ATTRIBUTES NO_ARG_CHECK :: recvbuf
type(*), dimension(*) :: recvbuf
integer, intent(in) :: recvcounts(*)
integer(kind=MPI_ADDRESS_KIND), intent(in) :: rdispls(*)
integer, intent(in) :: recvtypes(*)
integer, intent(in) :: comm
integer, intent(out) :: ierror
end subroutine MPI_Neighbor_alltoallw
subroutine MPI_Neighbor_alltoallw_init(sendbuf, sendcounts, sdispls, sendtypes, recvbuf, &
    recvcounts, rdispls, recvtypes, comm, info, request, ierror)
import
!GCC$ ATTRIBUTES NO_ARG_CHECK :: sendbuf
type(*), dimension(*) :: sendbuf
integer, intent(in) :: sendcounts(*)
integer(kind=MPI_ADDRESS_KIND), intent(in) :: sdispls(*)
integer, intent(in) :: sendtypes(*)
!GCC$ ATTRIBUTES NO_ARG_CHECK :: recvbuf
type(*), dimension(*) :: recvbuf
integer, intent(in) :: recvcounts(*)
integer(kind=MPI_ADDRESS_KIND), intent(in) :: rdispls(*)
integer, intent(in) :: recvtypes(*)
integer, intent(in) :: comm
integer, intent(in) :: info
integer :: request
integer, intent(out) :: ierror
end subroutine MPI_Neighbor_alltoallw_init
subroutine MPI_Neighbor_alltoall_init(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, &
    comm, info, request, ierror)
import
!GCC$ ATTRIBUTES NO_ARG_CHECK :: sendbuf
type(*), dimension(*) :: sendbuf
integer, intent(in) :: sendcount
integer, intent(in) :: sendtype
!GCC$ ATTRIBUTES NO_ARG_CHECK :: recvbuf
type(*), dimension(*) :: recvbuf
integer, intent(in) :: recvcount
integer, intent(in) :: recvtype
integer, intent(in) :: comm
integer, intent(in) :: info
integer :: request
integer, intent(out) :: ierror
end subroutine MPI_Neighbor_alltoall_init
subroutine MPI_Op_commutative(op, commute, ierror)
import
integer, intent(in) :: op
logical :: commute
integer, intent(out) :: ierror
end subroutine MPI_Op_commutative
subroutine MPI_Op_create(user_fn, commute, op, ierror)
import
external :: user_fn
logical, intent(in) :: commute
integer :: op
integer, intent(out) :: ierror
end subroutine MPI_Op_create
subroutine MPI_Op_free(op, ierror)
import
integer :: op
integer, intent(out) :: ierror
end subroutine MPI_Op_free
subroutine MPI_Pack(inbuf, incount, datatype, outbuf, outsize, position, comm, ierror)
import
!GCC$ ATTRIBUTES NO_ARG_CHECK :: inbuf
type(*), dimension(*) :: inbuf
integer, intent(in) :: incount
integer, intent(in) :: datatype
!GCC$ ATTRIBUTES NO_ARG_CHECK :: outbuf
type(*), dimension(*) :: outbuf
integer, intent(in) :: outsize
integer :: position
integer, intent(in) :: comm
integer, intent(out) :: ierror
end subroutine MPI_Pack
subroutine MPI_Pack_external(datarep, inbuf, incount, datatype, outbuf, outsize, position, ierror)
import
character(len=*), intent(in) :: datarep
!GCC$ ATTRIBUTES NO_ARG_CHECK :: inbuf
type(*), dimension(*) :: inbuf
integer, intent(in) :: incount
integer, intent(in) :: datatype
!GCC$ ATTRIBUTES NO_ARG_CHECK :: outbuf
type(*), dimension(*) :: outbuf
integer(kind=MPI_ADDRESS_KIND), intent(in) :: outsize
integer(kind=MPI_ADDRESS_KIND) :: position
integer, intent(out) :: ierror
end subroutine MPI_Pack_external
subroutine MPI_Pack_external_size(datarep, incount, datatype, size, ierror)
import
character(len=*), intent(in) :: datarep
integer, intent(in) :: incount
integer, intent(in) :: datatype
integer(kind=MPI_ADDRESS_KIND) :: size
integer, intent(out) :: ierror
end subroutine MPI_Pack_external_size
subroutine MPI_Pack_size(incount, datatype, comm, size, ierror)
import
integer, intent(in) :: incount
integer, intent(in) :: datatype
integer, intent(in) :: comm
integer :: size
integer, intent(out) :: ierror
end subroutine MPI_Pack_size
subroutine MPI_Probe(source, tag, comm, status, ierror)
import
integer, intent(in) :: source
integer, intent(in) :: tag
integer, intent(in) :: comm
integer :: status(MPI_STATUS_SIZE)
integer, intent(out) :: ierror
end subroutine MPI_Probe
subroutine MPI_Put(origin_addr, origin_count, origin_datatype, target_rank, target_disp, &
    target_count, target_datatype, win, ierror)
import
!GCC$ ATTRIBUTES NO_ARG_CHECK :: origin_addr
type(*), dimension(*) :: origin_addr
integer, intent(in) :: origin_count
integer, intent(in) :: origin_datatype
integer, intent(in) :: target_rank
integer(kind=MPI_ADDRESS_KIND), intent(in) :: target_disp
integer, intent(in) :: target_count
integer, intent(in) :: target_datatype
integer, intent(in) :: win
integer, intent(out) :: ierror
end subroutine MPI_Put
subroutine MPI_Query_thread(provided, ierror)
import
integer :: provided
integer, intent(out) :: ierror
end subroutine MPI_Query_thread
subroutine MPI_Raccumulate(origin_addr, origin_count, origin_datatype, target_rank, target_disp, &
    target_count, target_datatype, op, win, request, ierror)
import
!GCC$ ATTRIBUTES NO_ARG_CHECK :: origin_addr
type(*), dimension(*) :: origin_addr
integer, intent(in) :: origin_count
integer, intent(in) :: origin_datatype
integer, intent(in) :: target_rank
integer(kind=MPI_ADDRESS_KIND), intent(in) :: target_disp
integer, intent(in) :: target_count
integer, intent(in) :: target_datatype
integer, intent(in) :: op
integer, intent(in) :: win
integer :: request
integer, intent(out) :: ierror
end subroutine MPI_Raccumulate
subroutine MPI_Recv(buf, count, datatype, source, tag, comm, status, ierror)
import
!GCC$ ATTRIBUTES NO_ARG_CHECK :: buf
type(*), dimension(*) :: buf
integer, intent(in) :: count
integer, intent(in) :: datatype
integer, intent(in) :: source
integer, intent(in) :: tag
integer, intent(in) :: comm
integer :: status(MPI_STATUS_SIZE)
integer, intent(out) :: ierror
end subroutine MPI_Recv
subroutine MPI_Recv_init(buf, count, datatype, source, tag, comm, request, ierror)
import
!GCC$ ATTRIBUTES NO_ARG_CHECK :: buf
type(*), dimension(*) :: buf
integer, intent(in) :: count
integer, intent(in) :: datatype
integer, intent(in) :: source
integer, intent(in) :: tag
integer, intent(in) :: comm
integer :: request
integer, intent(out) :: ierror
end subroutine MPI_Recv_init
subroutine MPI_Reduce(sendbuf, recvbuf, count, datatype, op, root, comm, ierror)
import
!GCC$ ATTRIBUTES NO_ARG_CHECK :: sendbuf
type(*), dimension(*) :: sendbuf
!GCC$ ATTRIBUTES NO_ARG_CHECK :: recvbuf
type(*), dimension(*) :: recvbuf
integer, intent(in) :: count
integer, intent(in) :: datatype
integer, intent(in) :: op
integer, intent(in) :: root
integer, intent(in) :: comm
integer, intent(out) :: ierror
end subroutine MPI_Reduce
subroutine MPI_Reduce_init(sendbuf, recvbuf, count, datatype, op, root, comm, info, request, ierror)
import
!GCC$ ATTRIBUTES NO_ARG_CHECK :: sendbuf
type(*), dimension(*) :: sendbuf
!GCC$ ATTRIBUTES NO_ARG_CHECK :: recvbuf
type(*), dimension(*) :: recvbuf
integer, intent(in) :: count
integer, intent(in) :: datatype
integer, intent(in) :: op
integer, intent(in) :: root
integer, intent(in) :: comm
integer, intent(in) :: info
integer :: request
integer, intent(out) :: ierror
end subroutine MPI_Reduce_init
subroutine MPI_Reduce_local(inbuf, inoutbuf, count, datatype, op, ierror)
import
!GCC$ ATTRIBUTES NO_ARG_CHECK :: inbuf
type(*), dimension(*) :: inbuf
!GCC$ ATTRIBUTES NO_ARG_CHECK :: inoutbuf
type(*), dimension(*) :: inoutbuf
integer, intent(in) :: count
integer, intent(in) :: datatype
integer, intent(in) :: op
integer, intent(out) :: ierror
end subroutine MPI_Reduce_local
subroutine MPI_Reduce_scatter(sendbuf, recvbuf, recvcounts, datatype, op, comm, ierror)
import
!GCC$ ATTRIBUTES NO_ARG_CHECK :: sendbuf
type(*), dimension(*) :: sendbuf
!GCC$ ATTRIBUTES NO_ARG_CHECK :: recvbuf
type(*), dimension(*) :: recvbuf
integer, intent(in) :: recvcounts(*)
integer, intent(in) :: datatype
integer, intent(in) :: op
integer, intent(in) :: comm
integer, intent(out) :: ierror
end subroutine MPI_Reduce_scatter
subroutine MPI_Reduce_scatter_block(sendbuf, recvbuf, recvcount, datatype, op, comm, ierror)
import
!GCC$ ATTRIBUTES NO_ARG_CHECK :: sendbuf
type(*), dimension(*) :: sendbuf
!GCC$ ATTRIBUTES NO_ARG_CHECK :: recvbuf
type(*), dimension(*) :: recvbuf
integer, intent(in) :: recvcount
integer, intent(in) :: datatype
integer, intent(in) :: op
integer, intent(in) :: comm
integer, intent(out) :: ierror
end subroutine MPI_Reduce_scatter_block
subroutine MPI_Reduce_scatter_block_init(sendbuf, recvbuf, recvcount, datatype, op, comm, info, &
    request, ierror)
import
!GCC$ ATTRIBUTES NO_ARG_CHECK :: sendbuf
type(*), dimension(*) :: sendbuf
!GCC$ ATTRIBUTES NO_ARG_CHECK :: recvbuf
type(*), dimension(*) :: recvbuf
integer, intent(in) :: recvcount
integer, intent(in) :: datatype
integer, intent(in) :: op
integer, intent(in) :: comm
integer, intent(in) :: info
integer :: request
integer, intent(out) :: ierror
end subroutine MPI_Reduce_scatter_block_init
subroutine MPI_Reduce_scatter_init(sendbuf, recvbuf, recvcounts, datatype, op, comm, info, request, &
    ierror)
import
!GCC$ ATTRIBUTES NO_ARG_CHECK :: sendbuf
type(*), dimension(*) :: sendbuf
!GCC$ ATTRIBUTES NO_ARG_CHECK :: recvbuf
type(*), dimension(*) :: recvbuf
integer, intent(in) :: recvcounts(*)
integer, intent(in) :: datatype
integer, intent(in) :: op
integer, intent(in) :: comm
integer, intent(in) :: info
integer :: request
integer, intent(out) :: ierror
end subroutine MPI_Reduce_scatter_init
subroutine MPI_Request_free(request, ierror)
import
integer :: request
integer, intent(out) :: ierror
end subroutine MPI_Request_free
subroutine MPI_Request_get_status(request, flag, status, ierror)
import
integer, intent(in) :: request
logical :: flag
integer :: status(MPI_STATUS_SIZE)
integer, intent(out) :: ierror
end subroutine MPI_Request_get_status
subroutine MPI_Rget(origin_addr, origin_count, origin_datatype, target_rank, target_disp, &
    target_count, target_datatype, win, request, ierror)
import
!GCC$ ATTRIBUTES NO_ARG_CHECK :: origin_addr
type(*), dimension(*) :: origin_addr
integer, intent(in) :: origin_count
integer, intent(in) :: origin_datatype
integer, intent(in) :: target_rank
integer(kind=MPI_ADDRESS_KIND), intent(in) :: target_disp
integer, intent(in) :: target_count
integer, intent(in) :: target_datatype
integer, intent(in) :: win
integer :: request
integer, intent(out) :: ierror
end subroutine MPI_Rget
subroutine MPI_Rget_accumulate(origin_addr, origin_count, origin_datatype, result_addr, &
    result_count, result_datatype, target_rank, target_disp, target_count, target_datatype, op, &
    win, request, ierror)
import
!GCC$ ATTRIBUTES NO_ARG_CHECK :: origin_addr
type(*), dimension(*) :: origin_addr
integer, intent(in) :: origin_count
integer, intent(in) :: origin_datatype
!GCC$ ATTRIBUTES NO_ARG_CHECK :: result_addr
type(*), dimension(*) :: result_addr
integer, intent(in) :: result_count
integer, intent(in) :: result_datatype
integer, intent(in) :: target_rank
integer(kind=MPI_ADDRESS_KIND), intent(in) :: target_disp
integer, intent(in) :: target_count
integer, intent(in) :: target_datatype
integer, intent(in) :: op
integer, intent(in) :: win
integer :: request
integer, intent(out) :: ierror
end subroutine MPI_Rget_accumulate
subroutine MPI_Rput(origin_addr, origin_count, origin_datatype, target_rank, target_disp, &
    target_count, target_datatype, win, request, ierror)
import
!GCC$ ATTRIBUTES NO_ARG_CHECK :: origin_addr
type(*), dimension(*) :: origin_addr
integer, intent(in) :: origin_count
integer, intent(in) :: origin_datatype
integer, intent(in) :: target_rank
integer(kind=MPI_ADDRESS_KIND), intent(in) :: target_disp
integer, intent(in) :: target_count
integer, intent(in) :: target_datatype
integer, intent(in) :: win
integer :: request
integer, intent(out) :: ierror
end subroutine MPI_Rput
subroutine MPI_Rsend(buf, count, datatype, dest, tag, comm, ierror)
import
!GCC$ ATTRIBUTES NO_ARG_CHECK :: buf
type(*), dimension(*) :: buf
integer, intent(in) :: count
integer, intent(in) :: datatype
integer, intent(in) :: dest
integer, intent(in) :: tag
integer, intent(in) :: comm
integer, intent(out) :: ierror
end subroutine MPI_Rsend
subroutine MPI_Rsend_init(buf, count, datatype, dest, tag, comm, request, ierror)
import
!GCC$ ATTRIBUTES NO_ARG_CHECK :: buf
type(*), dimension(*) :: buf
integer, intent(in) :: count
integer, intent(in) :: datatype
integer, intent(in) :: dest
integer, intent(in) :: tag
integer, intent(in) :: comm
integer :: request
integer, intent(out) :: ierror
end subroutine MPI_Rsend_init
subroutine MPI_Scan(sendbuf, recvbuf, count, datatype, op, comm, ierror)
import
!GCC$ ATTRIBUTES NO_ARG_CHECK :: sendbuf
type(*), dimension(*) :: sendbuf
!GCC$ ATTRIBUTES NO_ARG_CHECK :: recvbuf
type(*), dimension(*) :: recvbuf
integer, intent(in) :: count
integer, intent(in) :: datatype
integer, intent(in) :: op
integer, intent(in) :: comm
integer, intent(out) :: ierror
end subroutine MPI_Scan
subroutine MPI_Scan_init(sendbuf, recvbuf, count, datatype, op, comm, info, request, ierror)
import
!GCC$ ATTRIBUTES NO_ARG_CHECK :: sendbuf
type(*), dimension(*) :: sendbuf
!GCC$ ATTRIBUTES NO_ARG_CHECK :: recvbuf
type(*), dimension(*) :: recvbuf
integer, intent(in) :: count
integer, intent(in) :: datatype
integer, intent(in) :: op
integer, intent(in) :: comm
integer, intent(in) :: info
integer :: request
integer, intent(out) :: ierror
end subroutine MPI_Scan_init
subroutine MPI_Scatter(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root, comm, &
    ierror)
import
!GCC$ ATTRIBUTES NO_ARG_CHECK :: sendbuf
type(*), dimension(*) :: sendbuf
integer, intent(in) :: sendcount
integer, intent(in) :: sendtype
!GCC$ ATTRIBUTES NO_ARG_CHECK :: recvbuf
type(*), dimension(*) :: recvbuf
integer, intent(in) :: recvcount
integer, intent(in) :: recvtype
integer, intent(in) :: root
integer, intent(in) :: comm
integer, intent(out) :: ierror
end subroutine MPI_Scatter
subroutine MPI_Scatterv(sendbuf, sendcounts, displs, sendtype, recvbuf, recvcount, recvtype, root, &
    comm, ierror)
import
!GCC$ ATTRIBUTES NO_ARG_CHECK :: sendbuf
type(*), dimension(*) :: sendbuf
integer, intent(in) :: sendcounts(*)
integer, intent(in) :: displs(*)
integer, intent(in) :: sendtype
!GCC$ ATTRIBUTES NO_ARG_CHECK :: recvbuf
type(*), dimension(*) :: recvbuf
integer, intent(in) :: recvcount
integer, intent(in) :: recvtype
integer, intent(in) :: root
integer, intent(in) :: comm
integer, intent(out) :: ierror
end subroutine MPI_Scatterv
subroutine MPI_Scatterv_init(sendbuf, sendcounts, displs, sendtype, recvbuf, recvcount, recvtype, &
    root, comm, info, request, ierror)
import
!GCC$ ATTRIBUTES NO_ARG_CHECK :: sendbuf
type(*), dimension(*) :: sendbuf
integer, intent(in) :: sendcounts(*)
integer, intent(in) :: displs(*)
integer, intent(in) :: sendtype
!GCC$ ATTRIBUTES NO_ARG_CHECK :: recvbuf
type(*), dimension(*) :: recvbuf
integer, intent(in) :: recvcount
integer, intent(in) :: recvtype
integer, intent(in) :: root
integer, intent(in) :: comm
integer, intent(in) :: info
integer :: request
integer, intent(out) :: ierror
end subroutine MPI_Scatterv_init
subroutine MPI_Scatter_init(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root, comm, &
    info, request, ierror)
import
!GCC$ ATTRIBUTES NO_ARG_CHECK :: sendbuf
type(*), dimension(*) :: sendbuf
integer, intent(in) :: sendcount
integer, intent(in) :: sendtype
!GCC$ ATTRIBUTES NO_ARG_CHECK :: recvbuf
type(*), dimension(*) :: recvbuf
integer, intent(in) :: recvcount
integer, intent(in) :: recvtype
integer, intent(in) :: root
integer, intent(in) :: comm
integer, intent(in) :: info
integer :: request
integer, intent(out) :: ierror
end subroutine MPI_Scatter_init
subroutine MPI_Send(buf, count, datatype, dest, tag, comm, ierror)
import
!GCC$ ATTRIBUTES NO_ARG_CHECK :: buf
type(*), dimension(*) :: buf
integer, intent(in) :: count
integer, intent(in) :: datatype
integer, intent(in) :: dest
integer, intent(in) :: tag
integer, intent(in) :: comm
integer, intent(out) :: ierror
end subroutine MPI_Send
subroutine MPI_Sendrecv(sendbuf, sendcount, sendtype, dest, sendtag, recvbuf, recvcount, recvtype, &
    source, recvtag, comm, status, ierror)
import
!GCC$ ATTRIBUTES NO_ARG_CHECK :: sendbuf
type(*), dimension(*) :: sendbuf
integer, intent(in) :: sendcount
integer, intent(in) :: sendtype
integer, intent(in) :: dest
integer, intent(in) :: sendtag
!GCC$ ATTRIBUTES NO_ARG_CHECK :: recvbuf
type(*), dimension(*) :: recvbuf
integer, intent(in) :: recvcount
integer, intent(in) :: recvtype
integer, intent(in) :: source
integer, intent(in) :: recvtag
integer, intent(in) :: comm
integer :: status(MPI_STATUS_SIZE)
integer, intent(out) :: ierror
end subroutine MPI_Sendrecv
subroutine MPI_Sendrecv_replace(buf, count, datatype, dest, sendtag, source, recvtag, comm, status, &
    ierror)
import
!GCC$ ATTRIBUTES NO_ARG_CHECK :: buf
type(*), dimension(*) :: buf
integer, intent(in) :: count
integer, intent(in) :: datatype
integer, intent(in) :: dest
integer, intent(in) :: sendtag
integer, intent(in) :: source
integer, intent(in) :: recvtag
integer, intent(in) :: comm
integer :: status(MPI_STATUS_SIZE)
integer, intent(out) :: ierror
end subroutine MPI_Sendrecv_replace
subroutine MPI_Send_init(buf, count, datatype, dest, tag, comm, request, ierror)
import
!GCC$ ATTRIBUTES NO_ARG_CHECK :: buf
type(*), dimension(*) :: buf
integer, intent(in) :: count
integer, intent(in) :: datatype
integer, intent(in) :: dest
integer, intent(in) :: tag
integer, intent(in) :: comm
integer :: request
integer, intent(out) :: ierror
end subroutine MPI_Send_init
subroutine MPI_Ssend(buf, count, datatype, dest, tag, comm, ierror)
import
!GCC$ ATTRIBUTES NO_ARG_CHECK :: buf
type(*), dimension(*) :: buf
integer, intent(in) :: count
integer, intent(in) :: datatype
integer, intent(in) :: dest
integer, intent(in) :: tag
integer, intent(in) :: comm
integer, intent(out) :: ierror
end subroutine MPI_Ssend
subroutine MPI_Ssend_init(buf, count, datatype, dest, tag, comm, request, ierror)
import
!GCC$ ATTRIBUTES NO_ARG_CHECK :: buf
type(*), dimension(*) :: buf
integer, intent(in) :: count
integer, intent(in) :: datatype
integer, intent(in) :: dest
integer, intent(in) :: tag
integer, intent(in) :: comm
integer :: request
integer, intent(out) :: ierror
end subroutine MPI_Ssend_init
subroutine MPI_Start(request, ierror)
import
integer :: request
integer, intent(out) :: ierror
end subroutine MPI_Start
subroutine MPI_Startall(count, requests, ierror)
import
integer, intent(in) :: count
integer :: requests(*)
integer, intent(out) :: ierror
end subroutine MPI_Startall
subroutine MPI_Status_set_cancelled(status, flag, ierror)
import
integer :: status(MPI_STATUS_SIZE)
logical, intent(in) :: flag
integer, intent(out) :: ierror
end subroutine MPI_Status_set_cancelled
subroutine MPI_Status_set_elements(status, datatype, count, ierror)
import
integer :: status(MPI_STATUS_SIZE)
integer, intent(in) :: datatype
integer, intent(in) :: count
integer, intent(out) :: ierror
end subroutine MPI_Status_set_elements
subroutine MPI_Status_set_elements_x(status, datatype, count, ierror)
import
integer :: status(MPI_STATUS_SIZE)
integer, intent(in) :: datatype
integer(kind=MPI_COUNT_KIND), intent(in) :: count
integer, intent(out) :: ierror
end subroutine MPI_Status_set_elements_x
subroutine MPI_Test(request, flag, status, ierror)
import
integer :: request
logical :: flag
integer :: status(MPI_STATUS_SIZE)
integer, intent(out) :: ierror
end subroutine MPI_Test
subroutine MPI_Testall(count, requests, flag, statuses, ierror)
import
integer, intent(in) :: count
integer :: requests(*)
logical :: flag
integer :: statuses(MPI_STATUS_SIZE, *)
integer, intent(out) :: ierror
end subroutine MPI_Testall
subroutine MPI_Testany(count, requests, index, flag, status, ierror)
import
integer, intent(in) :: count
integer :: requests(*)
integer :: index
logical :: flag
integer :: status(MPI_STATUS_SIZE)
integer, intent(out) :: ierror
end subroutine MPI_Testany
subroutine MPI_Testsome(incount, requests, outcount, indices, statuses, ierror)
import
integer, intent(in) :: incount
integer :: requests(*)
integer :: outcount
integer :: indices(*)
integer :: statuses(MPI_STATUS_SIZE, *)
integer, intent(out) :: ierror
end subroutine MPI_Testsome
subroutine MPI_Test_cancelled(status, flag, ierror)
import
integer, intent(in) :: status(MPI_STATUS_SIZE)
logical :: flag
integer, intent(out) :: ierror
end subroutine MPI_Test_cancelled
subroutine MPI_Topo_test(comm, status, ierror)
import
integer, intent(in) :: comm
integer :: status
integer, intent(out) :: ierror
end subroutine MPI_Topo_test
subroutine MPI_Type_commit(datatype, ierror)
import
integer :: datatype
integer, intent(out) :: ierror
end subroutine MPI_Type_commit
subroutine MPI_Type_contiguous(count, oldtype, newtype, ierror)
import
integer, intent(in) :: count
integer, intent(in) :: oldtype
integer :: newtype
integer, intent(out) :: ierror
end subroutine MPI_Type_contiguous
subroutine MPI_Type_create_darray(size, rank, ndims, array_of_gsizes, array_of_distribs, &
    array_of_dargs, array_of_psizes, order, oldtype, newtype, ierror)
import
integer, intent(in) :: size
integer, intent(in) :: rank
integer, intent(in) :: ndims
integer, intent(in) :: array_of_gsizes(*)
integer, intent(in) :: array_of_distribs(*)
integer, intent(in) :: array_of_dargs(*)
integer, intent(in) :: array_of_psizes(*)
integer, intent(in) :: order
integer, intent(in) :: oldtype
integer :: newtype
integer, intent(out) :: ierror
end subroutine MPI_Type_create_darray
subroutine MPI_Type_create_f90_complex(p, r, newtype, ierror)
import
integer, intent(in) :: p
integer, intent(in) :: r
integer :: newtype
integer, intent(out) :: ierror
end subroutine MPI_Type_create_f90_complex
subroutine MPI_Type_create_f90_integer(r, newtype, ierror)
import
integer, intent(in) :: r
integer :: newtype
integer, intent(out) :: ierror
end subroutine MPI_Type_create_f90_integer
subroutine MPI_Type_create_f90_real(p, r, newtype, ierror)
import
integer, intent(in) :: p
integer, intent(in) :: r
integer :: newtype
integer, intent(out) :: ierror
end subroutine MPI_Type_create_f90_real
subroutine MPI_Type_create_hindexed(count, blocklengths, displacements, oldtype, newtype, ierror)
import
integer, intent(in) :: count
integer, intent(in) :: blocklengths(*)
integer(kind=MPI_ADDRESS_KIND), intent(in) :: displacements(*)
integer, intent(in) :: oldtype
integer :: newtype
integer, intent(out) :: ierror
end subroutine MPI_Type_create_hindexed
subroutine MPI_Type_create_hindexed_block(count, blocklength, displacements, oldtype, newtype, &
    ierror)
import
integer, intent(in) :: count
integer, intent(in) :: blocklength
integer(kind=MPI_ADDRESS_KIND), intent(in) :: displacements(*)
integer, intent(in) :: oldtype
integer :: newtype
integer, intent(out) :: ierror
end subroutine MPI_Type_create_hindexed_block
subroutine MPI_Type_create_hvector(count, blocklength, stride, oldtype, newtype, ierror)
import
integer, intent(in) :: count
integer, intent(in) :: blocklength
integer(kind=MPI_ADDRESS_KIND), intent(in) :: stride
integer, intent(in) :: oldtype
integer :: newtype
integer, intent(out) :: ierror
end subroutine MPI_Type_create_hvector
subroutine MPI_Type_create_indexed_block(count, blocklength, displacements, oldtype, newtype, &
    ierror)
import
integer, intent(in) :: count
integer, intent(in) :: blocklength
integer, intent(in) :: displacements(*)
integer, intent(in) :: oldtype
integer :: newtype
integer, intent(out) :: ierror
end subroutine MPI_Type_create_indexed_block
subroutine MPI_Type_create_keyval(type_copy_attr_fn, type_delete_attr_fn, type_keyval, extra_state, &
    ierror)
import
external :: type_copy_attr_fn
external :: type_delete_attr_fn
integer :: type_keyval
integer(kind=MPI_ADDRESS_KIND), intent(in) :: extra_state
integer, intent(out) :: ierror
end subroutine MPI_Type_create_keyval
subroutine MPI_Type_create_resized(oldtype, lb, extent, newtype, ierror)
import
integer, intent(in) :: oldtype
integer(kind=MPI_ADDRESS_KIND), intent(in) :: lb
integer(kind=MPI_ADDRESS_KIND), intent(in) :: extent
integer :: newtype
integer, intent(out) :: ierror
end subroutine MPI_Type_create_resized
subroutine MPI_Type_create_struct(count, blocklengths, displacements, types, newtype, ierror)
import
integer, intent(in) :: count
integer, intent(in) :: blocklengths(*)
integer(kind=MPI_ADDRESS_KIND), intent(in) :: displacements(*)
integer, intent(in) :: types(*)
integer :: newtype
integer, intent(out) :: ierror
end subroutine MPI_Type_create_struct
subroutine MPI_Type_create_subarray(ndims, sizes, subsizes, starts, order, oldtype, newtype, ierror)
import
integer, intent(in) :: ndims
integer, intent(in) :: sizes(*)
integer, intent(in) :: subsizes(*)
integer, intent(in) :: starts(*)
integer, intent(in) :: order
integer, intent(in) :: oldtype
integer :: newtype
integer, intent(out) :: ierror
end subroutine MPI_Type_create_subarray
subroutine MPI_Type_delete_attr(datatype, type_keyval, ierror)
import
integer, intent(in) :: datatype
integer, intent(in) :: type_keyval
integer, intent(out) :: ierror
end subroutine MPI_Type_delete_attr
subroutine MPI_Type_dup(oldtype, newtype, ierror)
import
integer, intent(in) :: oldtype
integer :: newtype
integer, intent(out) :: ierror
end subroutine MPI_Type_dup
subroutine MPI_Type_free(datatype, ierror)
import
integer :: datatype
integer, intent(out) :: ierror
end subroutine MPI_Type_free
subroutine MPI_Type_free_keyval(type_keyval, ierror)
import
integer :: type_keyval
integer, intent(out) :: ierror
end subroutine MPI_Type_free_keyval
subroutine MPI_Type_get_attr(datatype, type_keyval, attribute_val, flag, ierror)
import
integer, intent(in) :: datatype
integer, intent(in) :: type_keyval
integer(kind=MPI_ADDRESS_KIND), intent(out) :: attribute_val
logical :: flag
integer, intent(out) :: ierror
end subroutine MPI_Type_get_attr
subroutine MPI_Type_get_contents(datatype, max_integers, max_addresses, max_datatypes, &
    array_of_integers, array_of_addresses, array_of_datatypes, ierror)
import
integer, intent(in) :: datatype
integer, intent(in) :: max_integers
integer, intent(in) :: max_addresses
integer, intent(in) :: max_datatypes
integer :: array_of_integers(*)
integer(kind=MPI_ADDRESS_KIND) :: array_of_addresses(*)
integer :: array_of_datatypes(*)
integer, intent(out) :: ierror
end subroutine MPI_Type_get_contents
subroutine MPI_Type_get_envelope(datatype, num_integers, num_addresses, num_datatypes, combiner, &
    ierror)
import
integer, intent(in) :: datatype
integer :: num_integers
integer :: num_addresses
integer :: num_datatypes
integer :: combiner
integer, intent(out) :: ierror
end subroutine MPI_Type_get_envelope
subroutine MPI_Type_get_extent(datatype, lb, extent, ierror)
import
integer, intent(in) :: datatype
integer(kind=MPI_ADDRESS_KIND) :: lb
integer(kind=MPI_ADDRESS_KIND) :: extent
integer, intent(out) :: ierror
end subroutine MPI_Type_get_extent
subroutine MPI_Type_get_extent_x(datatype, lb, extent, ierror)
import
integer, intent(in) :: datatype
integer(kind=MPI_COUNT_KIND) :: lb
integer(kind=MPI_COUNT_KIND) :: extent
integer, intent(out) :: ierror
end subroutine MPI_Type_get_extent_x
subroutine MPI_Type_get_name(datatype, type_name, resultlen, ierror)
import
integer, intent(in) :: datatype
character(len=*) :: type_name
integer :: resultlen
integer, intent(out) :: ierror
end subroutine MPI_Type_get_name
subroutine MPI_Type_get_true_extent(datatype, true_lb, true_extent, ierror)
import
integer, intent(in) :: datatype
integer(kind=MPI_ADDRESS_KIND) :: true_lb
integer(kind=MPI_ADDRESS_KIND) :: true_extent
integer, intent(out) :: ierror
end subroutine MPI_Type_get_true_extent
subroutine MPI_Type_get_true_extent_x(datatype, true_lb, true_extent, ierror)
import
integer, intent(in) :: datatype
integer(kind=MPI_COUNT_KIND) :: true_lb
integer(kind=MPI_COUNT_KIND) :: true_extent
integer, intent(out) :: ierror
end subroutine MPI_Type_get_true_extent_x
subroutine MPI_Type_indexed(count, blocklengths, displacements, oldtype, newtype, ierror)
import
integer, intent(in) :: count
integer, intent(in) :: blocklengths(*)
integer, intent(in) :: displacements(*)
integer, intent(in) :: oldtype
integer :: newtype
integer, intent(out) :: ierror
end subroutine MPI_Type_indexed
subroutine MPI_Type_match_size(typeclass, size, datatype, ierror)
import
integer, intent(in) :: typeclass
integer, intent(in) :: size
integer :: datatype
integer, intent(out) :: ierror
end subroutine MPI_Type_match_size
subroutine MPI_Type_set_attr(datatype, type_keyval, attribute_val, ierror)
import
integer, intent(in) :: datatype
integer, intent(in) :: type_keyval
integer(kind=MPI_ADDRESS_KIND), intent(in) :: attribute_val
integer, intent(out) :: ierror
end subroutine MPI_Type_set_attr
subroutine MPI_Type_set_name(datatype, type_name, ierror)
import
integer, intent(in) :: datatype
character(len=*), intent(in) :: type_name
integer, intent(out) :: ierror
end subroutine MPI_Type_set_name
subroutine MPI_Type_size(datatype, size, ierror)
import
integer, intent(in) :: datatype
integer :: size
integer, intent(out) :: ierror
end subroutine MPI_Type_size
subroutine MPI_Type_size_x(datatype, size, ierror)
import
integer, intent(in) :: datatype
integer(kind=MPI_COUNT_KIND) :: size
integer, intent(out) :: ierror
end subroutine MPI_Type_size_x
subroutine MPI_Type_vector(count, blocklength, stride, oldtype, newtype, ierror)
import
integer, intent(in) :: count
integer, intent(in) :: blocklength
integer, intent(in) :: stride
integer, intent(in) :: oldtype
integer :: newtype
integer, intent(out) :: ierror
end subroutine MPI_Type_vector
subroutine MPI_Unpack(inbuf, insize, position, outbuf, outcount, datatype, comm, ierror)
import
!GCC$ ATTRIBUTES NO_ARG_CHECK :: inbuf
type(*), dimension(*) :: inbuf
integer, intent(in) :: insize
integer :: position
!GCC$ ATTRIBUTES NO_ARG_CHECK :: outbuf
type(*), dimension(*) :: outbuf
integer, intent(in) :: outcount
integer, intent(in) :: datatype
integer, intent(in) :: comm
integer, intent(out) :: ierror
end subroutine MPI_Unpack
subroutine MPI_Unpack_external(datarep, inbuf, insize, position, outbuf, outcount, datatype, ierror)
import
character(len=*), intent(in) :: datarep
!GCC$ ATTRIBUTES NO_ARG_CHECK :: inbuf
type(*), dimension(*) :: inbuf
integer(kind=MPI_ADDRESS_KIND), intent(in) :: insize
integer(kind=MPI_ADDRESS_KIND) :: position
!GCC$ ATTRIBUTES NO_ARG_CHECK :: outbuf
type(*), dimension(*) :: outbuf
integer, intent(in) :: outcount
integer, intent(in) :: datatype
integer, intent(out) :: ierror
end subroutine MPI_Unpack_external
subroutine MPI_Wait(request, status, ierror)
import
integer :: request
integer :: status(MPI_STATUS_SIZE)
integer, intent(out) :: ierror
end subroutine MPI_Wait
subroutine MPI_Waitall(count, requests, statuses, ierror)
import
integer, intent(in) :: count
integer :: requests(*)
integer :: statuses(MPI_STATUS_SIZE, *)
integer, intent(out) :: ierror
end subroutine MPI_Waitall
subroutine MPI_Waitany(count, requests, index, status, ierror)
import
integer, intent(in) :: count
integer :: requests(*)
integer :: index
integer :: status(MPI_STATUS_SIZE)
integer, intent(out) :: ierror
end subroutine MPI_Waitany
subroutine MPI_Waitsome(incount, requests, outcount, indices, statuses, ierror)
import
integer, intent(in) :: incount
integer :: requests(*)
integer :: outcount
integer :: indices(*)
integer :: statuses(MPI_STATUS_SIZE, *)
integer, intent(out) :: ierror
end subroutine MPI_Waitsome
subroutine MPI_Win_allocate(size, disp_unit, info, comm, baseptr, win, ierror)
import
integer(kind=MPI_ADDRESS_KIND), intent(in) :: size
integer, intent(in) :: disp_unit
integer, intent(in) :: info
integer, intent(in) :: comm
!GCC$ ATTRIBUTES NO_ARG_CHECK :: baseptr
type(*), dimension(*) :: baseptr
integer :: win
integer, intent(out) :: ierror
end subroutine MPI_Win_allocate
subroutine MPI_Win_allocate_shared(size, disp_unit, info, comm, baseptr, win, ierror)
import
integer(kind=MPI_ADDRESS_KIND), intent(in) :: size
integer, intent(in) :: disp_unit
integer, intent(in) :: info
integer, intent(in) :: comm
!GCC$ ATTRIBUTES NO_ARG_CHECK :: baseptr
type(*), dimension(*) :: baseptr
integer :: win
integer, intent(out) :: ierror
end subroutine MPI_Win_allocate_shared
subroutine MPI_Win_attach(win, base, size, ierror)
import
integer, intent(in) :: win
!GCC$ ATTRIBUTES NO_ARG_CHECK :: base
type(*), dimension(*) :: base
integer(kind=MPI_ADDRESS_KIND), intent(in) :: size
integer, intent(out) :: ierror
end subroutine MPI_Win_attach
subroutine MPI_Win_call_errhandler(win, errorcode, ierror)
import
integer, intent(in) :: win
integer, intent(in) :: errorcode
integer, intent(out) :: ierror
end subroutine MPI_Win_call_errhandler
subroutine MPI_Win_complete(win, ierror)
import
integer, intent(in) :: win
integer, intent(out) :: ierror
end subroutine MPI_Win_complete
subroutine MPI_Win_create(base, size, disp_unit, info, comm, win, ierror)
import
!GCC$ ATTRIBUTES NO_ARG_CHECK :: base
type(*), dimension(*) :: base
integer(kind=MPI_ADDRESS_KIND), intent(in) :: size
integer, intent(in) :: disp_unit
integer, intent(in) :: info
integer, intent(in) :: comm
integer :: win
integer, intent(out) :: ierror
end subroutine MPI_Win_create
subroutine MPI_Win_create_dynamic(info, comm, win, ierror)
import
integer, intent(in) :: info
integer, intent(in) :: comm
integer :: win
integer, intent(out) :: ierror
end subroutine MPI_Win_create_dynamic
subroutine MPI_Win_create_errhandler(win_errhandler_fn, errhandler, ierror)
import
external :: win_errhandler_fn
integer :: errhandler
integer, intent(out) :: ierror
end subroutine MPI_Win_create_errhandler
subroutine MPI_Win_create_keyval(win_copy_attr_fn, win_delete_attr_fn, win_keyval, extra_state, &
    ierror)
import
external :: win_copy_attr_fn
external :: win_delete_attr_fn
integer :: win_keyval
integer(kind=MPI_ADDRESS_KIND), intent(in) :: extra_state
integer, intent(out) :: ierror
end subroutine MPI_Win_create_keyval
subroutine MPI_Win_delete_attr(win, win_keyval, ierror)
import
integer, intent(in) :: win
integer, intent(in) :: win_keyval
integer, intent(out) :: ierror
end subroutine MPI_Win_delete_attr
subroutine MPI_Win_detach(win, base, ierror)
import
integer, intent(in) :: win
!GCC$ ATTRIBUTES NO_ARG_CHECK :: base
type(*), dimension(*) :: base
integer, intent(out) :: ierror
end subroutine MPI_Win_detach
subroutine MPI_Win_fence(assert, win, ierror)
import
integer, intent(in) :: assert
integer, intent(in) :: win
integer, intent(out) :: ierror
end subroutine MPI_Win_fence
subroutine MPI_Win_flush(rank, win, ierror)
import
integer, intent(in) :: rank
integer, intent(in) :: win
integer, intent(out) :: ierror
end subroutine MPI_Win_flush
subroutine MPI_Win_flush_all(win, ierror)
import
integer, intent(in) :: win
integer, intent(out) :: ierror
end subroutine MPI_Win_flush_all
subroutine MPI_Win_flush_local(rank, win, ierror)
import
integer, intent(in) :: rank
integer, intent(in) :: win
integer, intent(out) :: ierror
end subroutine MPI_Win_flush_local
subroutine MPI_Win_flush_local_all(win, ierror)
import
integer, intent(in) :: win
integer, intent(out) :: ierror
end subroutine MPI_Win_flush_local_all
subroutine MPI_Win_free(win, ierror)
import
integer :: win
integer, intent(out) :: ierror
end subroutine MPI_Win_free
subroutine MPI_Win_free_keyval(win_keyval, ierror)
import
integer :: win_keyval
integer, intent(out) :: ierror
end subroutine MPI_Win_free_keyval
subroutine MPI_Win_get_attr(win, win_keyval, attribute_val, flag, ierror)
import
integer, intent(in) :: win
integer, intent(in) :: win_keyval
integer(kind=MPI_ADDRESS_KIND), intent(out) :: attribute_val
logical :: flag
integer, intent(out) :: ierror
end subroutine MPI_Win_get_attr
subroutine MPI_Win_get_errhandler(win, errhandler, ierror)
import
integer, intent(in) :: win
integer :: errhandler
integer, intent(out) :: ierror
end subroutine MPI_Win_get_errhandler
subroutine MPI_Win_get_group(win, group, ierror)
import
integer, intent(in) :: win
integer :: group
integer, intent(out) :: ierror
end subroutine MPI_Win_get_group
subroutine MPI_Win_get_info(win, info_used, ierror)
import
integer, intent(in) :: win
integer :: info_used
integer, intent(out) :: ierror
end subroutine MPI_Win_get_info
subroutine MPI_Win_get_name(win, win_name, resultlen, ierror)
import
integer, intent(in) :: win
character(len=*) :: win_name
integer :: resultlen
integer, intent(out) :: ierror
end subroutine MPI_Win_get_name
subroutine MPI_Win_lock(lock_type, rank, assert, win, ierror)
import
integer, intent(in) :: lock_type
integer, intent(in) :: rank
integer, intent(in) :: assert
integer, intent(in) :: win
integer, intent(out) :: ierror
end subroutine MPI_Win_lock
subroutine MPI_Win_lock_all(assert, win, ierror)
import
integer, intent(in) :: assert
integer, intent(in) :: win
integer, intent(out) :: ierror
end subroutine MPI_Win_lock_all
subroutine MPI_Win_post(group, assert, win, ierror)
import
integer, intent(in) :: group
integer, intent(in) :: assert
integer, intent(in) :: win
integer, intent(out) :: ierror
end subroutine MPI_Win_post
subroutine MPI_Win_set_attr(win, win_keyval, attribute_val, ierror)
import
integer, intent(in) :: win
integer, intent(in) :: win_keyval
integer(kind=MPI_ADDRESS_KIND), intent(in) :: attribute_val
integer, intent(out) :: ierror
end subroutine MPI_Win_set_attr
subroutine MPI_Win_set_errhandler(win, errhandler, ierror)
import
integer, intent(in) :: win
integer, intent(in) :: errhandler
integer, intent(out) :: ierror
end subroutine MPI_Win_set_errhandler
subroutine MPI_Win_set_info(win, info, ierror)
import
integer, intent(in) :: win
integer, intent(in) :: info
integer, intent(out) :: ierror
end subroutine MPI_Win_set_info
subroutine MPI_Win_set_name(win, win_name, ierror)
import
integer, intent(in) :: win
character(len=*), intent(in) :: win_name
integer, intent(out) :: ierror
end subroutine MPI_Win_set_name
subroutine MPI_Win_shared_query(win, rank, size, disp_unit, baseptr, ierror)
import
integer, intent(in) :: win
integer, intent(in) :: rank
integer(kind=MPI_ADDRESS_KIND) :: size
integer :: disp_unit
!GCC$ ATTRIBUTES NO_ARG_CHECK :: baseptr
type(*), dimension(*) :: baseptr
integer, intent(out) :: ierror
end subroutine MPI_Win_shared_query
subroutine MPI_Win_start(group, assert, win, ierror)
import
integer, intent(in) :: group
integer, intent(in) :: assert
integer, intent(in) :: win
integer, intent(out) :: ierror
end subroutine MPI_Win_start
subroutine MPI_Win_sync(win, ierror)
import
integer, intent(in) :: win
integer, intent(out) :: ierror
end subroutine MPI_Win_sync
subroutine MPI_Win_test(win, flag, ierror)
import
integer, intent(in) :: win
logical :: flag
integer, intent(out) :: ierror
end subroutine MPI_Win_test
subroutine MPI_Win_unlock(rank, win, ierror)
import
integer, intent(in) :: rank
integer, intent(in) :: win
integer, intent(out) :: ierror
end subroutine MPI_Win_unlock
subroutine MPI_Win_unlock_all(win, ierror)
import
integer, intent(in) :: win
integer, intent(out) :: ierror
end subroutine MPI_Win_unlock_all
subroutine MPI_Win_wait(win, ierror)
import
integer, intent(in) :: win
integer, intent(out) :: ierror
end subroutine MPI_Win_wait
subroutine PMPI_Abort(comm, errorcode, ierror)
import
integer, intent(in) :: comm
integer, intent(in) :: errorcode
integer, intent(out) :: ierror
end subroutine PMPI_Abort
subroutine PMPI_Accumulate(origin_addr, origin_count, origin_datatype, target_rank, target_disp, &
    target_count, target_datatype, op, win, ierror)
import
!GCC$ ATTRIBUTES NO_ARG_CHECK :: origin_addr
type(*), dimension(*) :: origin_addr
integer, intent(in) :: origin_count
integer, intent(in) :: origin_datatype
integer, intent(in) :: target_rank
integer(kind=MPI_ADDRESS_KIND), intent(in) :: target_disp
integer, intent(in) :: target_count
integer, intent(in) :: target_datatype
integer, intent(in) :: op
integer, intent(in) :: win
integer, intent(out) :: ierror
end subroutine PMPI_Accumulate
subroutine PMPI_Add_error_class(errorclass, ierror)
import
integer :: errorclass
integer, intent(out) :: ierror
end subroutine PMPI_Add_error_class
subroutine PMPI_Add_error_code(errorclass, errorcode, ierror)
import
integer, intent(in) :: errorclass
integer :: errorcode
integer, intent(out) :: ierror
end subroutine PMPI_Add_error_code
subroutine PMPI_Add_error_string(errorcode, string, ierror)
import
integer, intent(in) :: errorcode
character(len=*), intent(in) :: string
integer, intent(out) :: ierror
end subroutine PMPI_Add_error_string
subroutine PMPI_Allgather(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm, ierror)
import
!GCC$ ATTRIBUTES NO_ARG_CHECK :: sendbuf
type(*), dimension(*) :: sendbuf
integer, intent(in) :: sendcount
integer, intent(in) :: sendtype
!GCC$ ATTRIBUTES NO_ARG_CHECK :: recvbuf
type(*), dimension(*) :: recvbuf
integer, intent(in) :: recvcount
integer, intent(in) :: recvtype
integer, intent(in) :: comm
integer, intent(out) :: ierror
end subroutine PMPI_Allgather
subroutine PMPI_Allgatherv(sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, recvtype, &
    comm, ierror)
import
!GCC$ ATTRIBUTES NO_ARG_CHECK :: sendbuf
type(*), dimension(*) :: sendbuf
integer, intent(in) :: sendcount
integer, intent(in) :: sendtype
!GCC$ ATTRIBUTES NO_ARG_CHECK :: recvbuf
type(*), dimension(*) :: recvbuf
integer, intent(in) :: recvcounts(*)
integer, intent(in) :: displs(*)
integer, intent(in) :: recvtype
integer, intent(in) :: comm
integer, intent(out) :: ierror
end subroutine PMPI_Allgatherv
subroutine PMPI_Allgatherv_init(sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, &
    recvtype, comm, info, request, ierror)
import
!GCC$ ATTRIBUTES NO_ARG_CHECK :: sendbuf
type(*), dimension(*) :: sendbuf
integer, intent(in) :: sendcount
integer, intent(in) :: sendtype
!GCC$ ATTRIBUTES NO_ARG_CHECK :: recvbuf
type(*), dimension(*) :: recvbuf
integer, intent(in) :: recvcounts(*)
integer, intent(in) :: displs(*)
integer, intent(in) :: recvtype
integer, intent(in) :: comm
integer, intent(in) :: info
integer :: request
integer, intent(out) :: ierror
end subroutine PMPI_Allgatherv_init
subroutine PMPI_Allgather_init(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm, &
    info, request, ierror)
import
!GCC$ ATTRIBUTES NO_ARG_CHECK :: sendbuf
type(*), dimension(*) :: sendbuf
integer, intent(in) :: sendcount
integer, intent(in) :: sendtype
!GCC$ ATTRIBUTES NO_ARG_CHECK :: recvbuf
type(*), dimension(*) :: recvbuf
integer, intent(in) :: recvcount
integer, intent(in) :: recvtype
integer, intent(in) :: comm
integer, intent(in) :: info
integer :: request
integer, intent(out) :: ierror
end subroutine PMPI_Allgather_init
subroutine PMPI_Allreduce(sendbuf, recvbuf, count, datatype, op, comm, ierror)
import
!GCC$ ATTRIBUTES NO_ARG_CHECK :: sendbuf
type(*), dimension(*) :: sendbuf
!GCC$ ATTRIBUTES NO_ARG_CHECK :: recvbuf
type(*), dimension(*) :: recvbuf
integer, intent(in) :: count
integer, intent(in) :: datatype
integer, intent(in) :: op
integer, intent(in) :: comm
integer, intent(out) :: ierror
end subroutine PMPI_Allreduce
subroutine PMPI_Allreduce_init(sendbuf, recvbuf, count, datatype, op, comm, info, request, ierror)
import
!GCC$ ATTRIBUTES NO_ARG_CHECK :: sendbuf
type(*), dimension(*) :: sendbuf
!GCC$ ATTRIBUTES NO_ARG_CHECK :: recvbuf
type(*), dimension(*) :: recvbuf
integer, intent(in) :: count
integer, intent(in) :: datatype
integer, intent(in) :: op
integer, intent(in) :: comm
integer, intent(in) :: info
integer :: request
integer, intent(out) :: ierror
end subroutine PMPI_Allreduce_init
subroutine PMPI_Alltoall(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm, ierror)
import
!GCC$ ATTRIBUTES NO_ARG_CHECK :: sendbuf
type(*), dimension(*) :: sendbuf
integer, intent(in) :: sendcount
integer, intent(in) :: sendtype
!GCC$ ATTRIBUTES NO_ARG_CHECK :: recvbuf
type(*), dimension(*) :: recvbuf
integer, intent(in) :: recvcount
integer, intent(in) :: recvtype
integer, intent(in) :: comm
integer, intent(out) :: ierror
end subroutine PMPI_Alltoall
subroutine PMPI_Alltoallv(sendbuf, sendcounts, sdispls, sendtype, recvbuf, recvcounts, rdispls, &
    recvtype, comm, ierror)
import
!GCC$ ATTRIBUTES NO_ARG_CHECK :: sendbuf
type(*), dimension(*) :: sendbuf
integer, intent(in) :: sendcounts(*)
integer, intent(in) :: sdispls(*)
integer, intent(in) :: sendtype
!GCC$ ATTRIBUTES NO_ARG_CHECK :: recvbuf
type(*), dimension(*) :: recvbuf
integer, intent(in) :: recvcounts(*)
integer, intent(in) :: rdispls(*)
integer, intent(in) :: recvtype
integer, intent(in) :: comm
integer, intent(out) :: ierror
end subroutine PMPI_Alltoallv
subroutine PMPI_Alltoallv_init(sendbuf, sendcounts, sdispls, sendtype, recvbuf, recvcounts, &
    rdispls, recvtype, comm, info, request, ierror)
import
!GCC$ ATTRIBUTES NO_ARG_CHECK :: sendbuf
type(*), dimension(*) :: sendbuf
integer, intent(in) :: sendcounts(*)
integer, intent(in) :: sdispls(*)
integer, intent(in) :: sendtype
!GCC$ ATTRIBUTES NO_ARG_CHECK :: recvbuf
type(*), dimension(*) :: recvbuf
integer, intent(in) :: recvcounts(*)
integer, intent(in) :: rdispls(*)
integer, intent(in) :: recvtype
integer, intent(in) :: comm
integer, intent(in) :: info
integer :: request
integer, intent(out) :: ierror
end subroutine PMPI_Alltoallv_init
subroutine PMPI_Alltoallw(sendbuf, sendcounts, sdispls, sendtypes, recvbuf, recvcounts, rdispls, &
    recvtypes, comm, ierror)
import
!GCC$ ATTRIBUTES NO_ARG_CHECK :: sendbuf
type(*), dimension(*) :: sendbuf
integer, intent(in) :: sendcounts(*)
integer, intent(in) :: sdispls(*)
integer, intent(in) :: sendtypes(*)
!GCC$ ATTRIBUTES NO_ARG_CHECK :: recvbuf
type(*), dimension(*) :: recvbuf
integer, intent(in) :: recvcounts(*)
integer, intent(in) :: rdispls(*)
integer, intent(in) :: recvtypes(*)
integer, intent(in) :: comm
integer, intent(out) :: ierror
end subroutine PMPI_Alltoallw
subroutine PMPI_Alltoallw_init(sendbuf, sendcounts, sdispls, sendtypes, recvbuf, recvcounts, &
    rdispls, recvtypes, comm, info, request, ierror)
import
!GCC$ ATTRIBUTES NO_ARG_CHECK :: sendbuf
type(*), dimension(*) :: sendbuf
integer, intent(in) :: sendcounts(*)
integer, intent(in) :: sdispls(*)
integer, intent(in) :: sendtypes(*)
!GCC$ ATTRIBUTES NO_ARG_CHECK :: recvbuf
type(*), dimension(*) :: recvbuf
integer, intent(in) :: recvcounts(*)
integer, intent(in) :: rdispls(*)
integer, intent(in) :: recvtypes(*)
integer, intent(in) :: comm
integer, intent(in) :: info
integer :: request
integer, intent(out) :: ierror
end subroutine PMPI_Alltoallw_init
subroutine PMPI_Alltoall_init(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm, &
    info, request, ierror)
import
!GCC$ ATTRIBUTES NO_ARG_CHECK :: sendbuf
type(*), dimension(*) :: sendbuf
integer, intent(in) :: sendcount
integer, intent(in) :: sendtype
!GCC$ ATTRIBUTES NO_ARG_CHECK :: recvbuf
type(*), dimension(*) :: recvbuf
integer, intent(in) :: recvcount
integer, intent(in) :: recvtype
integer, intent(in) :: comm
integer, intent(in) :: info
integer :: request
integer, intent(out) :: ierror
end subroutine PMPI_Alltoall_init
subroutine PMPI_Attr_delete(comm, keyval, ierror)
import
integer, intent(in) :: comm
integer, intent(in) :: keyval
integer, intent(out) :: ierror
end subroutine PMPI_Attr_delete
subroutine PMPI_Barrier(comm, ierror)
import
integer, intent(in) :: comm
integer, intent(out) :: ierror
end subroutine PMPI_Barrier
subroutine PMPI_Barrier_init(comm, info, request, ierror)
import
integer, intent(in) :: comm
integer, intent(in) :: info
integer :: request
integer, intent(out) :: ierror
end subroutine PMPI_Barrier_init
subroutine PMPI_Bcast(buffer, count, datatype, root, comm, ierror)
import
!GCC$ ATTRIBUTES NO_ARG_CHECK :: buffer
type(*), dimension(*) :: buffer
integer, intent(in) :: count
integer, intent(in) :: datatype
integer, intent(in) :: root
integer, intent(in) :: comm
integer, intent(out) :: ierror
end subroutine PMPI_Bcast
subroutine PMPI_Bcast_init(buffer, count, datatype, root, comm, info, request, ierror)
import
!GCC$ ATTRIBUTES NO_ARG_CHECK :: buffer
type(*), dimension(*) :: buffer
integer, intent(in) :: count
integer, intent(in) :: datatype
integer, intent(in) :: root
integer, intent(in) :: comm
integer, intent(in) :: info
integer :: request
integer, intent(out) :: ierror
end subroutine PMPI_Bcast_init
subroutine PMPI_Bsend(buf, count, datatype, dest, tag, comm, ierror)
import
!GCC$ ATTRIBUTES NO_ARG_CHECK :: buf
type(*), dimension(*) :: buf
integer, intent(in) :: count
integer, intent(in) :: datatype
integer, intent(in) :: dest
integer, intent(in) :: tag
integer, intent(in) :: comm
integer, intent(out) :: ierror
end subroutine PMPI_Bsend
subroutine PMPI_Bsend_init(buf, count, datatype, dest, tag, comm, request, ierror)
import
!GCC$ ATTRIBUTES NO_ARG_CHECK :: buf
type(*), dimension(*) :: buf
integer, intent(in) :: count
integer, intent(in) :: datatype
integer, intent(in) :: dest
integer, intent(in) :: tag
integer, intent(in) :: comm
integer :: request
integer, intent(out) :: ierror
end subroutine PMPI_Bsend_init
subroutine PMPI_Buffer_attach(buffer, size, ierror)
import
!GCC$ ATTRIBUTES NO_ARG_CHECK :: buffer
type(*), dimension(*) :: buffer
integer, intent(in) :: size
integer, intent(out) :: ierror
end subroutine PMPI_Buffer_attach
subroutine PMPI_Cancel(request, ierror)
import
integer :: request
integer, intent(out) :: ierror
end subroutine PMPI_Cancel
subroutine PMPI_Cartdim_get(comm, ndims, ierror)
import
integer, intent(in) :: comm
integer :: ndims
integer, intent(out) :: ierror
end subroutine PMPI_Cartdim_get
subroutine PMPI_Cart_coords(comm, rank, maxdims, coords, ierror)
import
integer, intent(in) :: comm
integer, intent(in) :: rank
integer, intent(in) :: maxdims
integer :: coords(*)
integer, intent(out) :: ierror
end subroutine PMPI_Cart_coords
subroutine PMPI_Cart_create(comm_old, ndims, dims, periods, reorder, comm_cart, ierror)
import
integer, intent(in) :: comm_old
integer, intent(in) :: ndims
integer, intent(in) :: dims(*)
logical, intent(in) :: periods(*)
logical, intent(in) :: reorder
integer :: comm_cart
integer, intent(out) :: ierror
end subroutine PMPI_Cart_create
subroutine PMPI_Cart_get(comm, maxdims, dims, periods, coords, ierror)
import
integer, intent(in) :: comm
integer, intent(in) :: maxdims
integer :: dims(*)
logical :: periods(*)
integer :: coords(*)
integer, intent(out) :: ierror
end subroutine PMPI_Cart_get
subroutine PMPI_Cart_map(comm, ndims, dims, periods, newrank, ierror)
import
integer, intent(in) :: comm
integer, intent(in) :: ndims
integer, intent(in) :: dims(*)
logical, intent(in) :: periods(*)
integer :: newrank
integer, intent(out) :: ierror
end subroutine PMPI_Cart_map
subroutine PMPI_Cart_rank(comm, coords, rank, ierror)
import
integer, intent(in) :: comm
integer, intent(in) :: coords(*)
integer :: rank
integer, intent(out) :: ierror
end subroutine PMPI_Cart_rank
subroutine PMPI_Cart_shift(comm, direction, disp, rank_source, rank_dest, ierror)
import
integer, intent(in) :: comm
integer, intent(in) :: direction
integer, intent(in) :: disp
integer :: rank_source
integer :: rank_dest
integer, intent(out) :: ierror
end subroutine PMPI_Cart_shift
subroutine PMPI_Cart_sub(comm, remain_dims, newcomm, ierror)
import
integer, intent(in) :: comm
logical, intent(in) :: remain_dims(*)
integer :: newcomm
integer, intent(out) :: ierror
end subroutine PMPI_Cart_sub
subroutine PMPI_Comm_call_errhandler(comm, errorcode, ierror)
import
integer, intent(in) :: comm
integer, intent(in) :: errorcode
integer, intent(out) :: ierror
end subroutine PMPI_Comm_call_errhandler
subroutine PMPI_Comm_compare(comm1, comm2, result, ierror)
import
integer, intent(in) :: comm1
integer, intent(in) :: comm2
integer :: result
integer, intent(out) :: ierror
end subroutine PMPI_Comm_compare
subroutine PMPI_Comm_create(comm, group, newcomm, ierror)
import
integer, intent(in) :: comm
integer, intent(in) :: group
integer :: newcomm
integer, intent(out) :: ierror
end subroutine PMPI_Comm_create
subroutine PMPI_Comm_create_errhandler(comm_errhandler_fn, errhandler, ierror)
import
external :: comm_errhandler_fn
integer :: errhandler
integer, intent(out) :: ierror
end subroutine PMPI_Comm_create_errhandler
subroutine PMPI_Comm_create_group(comm, group, tag, newcomm, ierror)
import
integer, intent(in) :: comm
integer, intent(in) :: group
integer, intent(in) :: tag
integer :: newcomm
integer, intent(out) :: ierror
end subroutine PMPI_Comm_create_group
subroutine PMPI_Comm_create_keyval(comm_copy_attr_fn, comm_delete_attr_fn, comm_keyval, &
    extra_state, ierror)
import
external :: comm_copy_attr_fn
external :: comm_delete_attr_fn
integer :: comm_keyval
integer(kind=MPI_ADDRESS_KIND), intent(in) :: extra_state
integer, intent(out) :: ierror
end subroutine PMPI_Comm_create_keyval
subroutine PMPI_Comm_delete_attr(comm, comm_keyval, ierror)
import
integer, intent(in) :: comm
integer, intent(in) :: comm_keyval
integer, intent(out) :: ierror
end subroutine PMPI_Comm_delete_attr
subroutine PMPI_Comm_dup(comm, newcomm, ierror)
import
integer, intent(in) :: comm
integer :: newcomm
integer, intent(out) :: ierror
end subroutine PMPI_Comm_dup
subroutine PMPI_Comm_dup_with_info(comm, info, newcomm, ierror)
import
integer, intent(in) :: comm
integer, intent(in) :: info
integer :: newcomm
integer, intent(out) :: ierror
end subroutine PMPI_Comm_dup_with_info
subroutine PMPI_Comm_free(comm, ierror)
import
integer :: comm
integer, intent(out) :: ierror
end subroutine PMPI_Comm_free
subroutine PMPI_Comm_free_keyval(comm_keyval, ierror)
import
integer :: comm_keyval
integer, intent(out) :: ierror
end subroutine PMPI_Comm_free_keyval
subroutine PMPI_Comm_get_attr(comm, comm_keyval, attribute_val, flag, ierror)
import
integer, intent(in) :: comm
integer, intent(in) :: comm_keyval
integer(kind=MPI_ADDRESS_KIND), intent(out) :: attribute_val
logical :: flag
integer, intent(out) :: ierror
end subroutine PMPI_Comm_get_attr
subroutine PMPI_Comm_get_errhandler(comm, errhandler, ierror)
import
integer, intent(in) :: comm
integer :: errhandler
integer, intent(out) :: ierror
end subroutine PMPI_Comm_get_errhandler
subroutine PMPI_Comm_get_info(comm, info_used, ierror)
import
integer, intent(in) :: comm
integer :: info_used
integer, intent(out) :: ierror
end subroutine PMPI_Comm_get_info
subroutine PMPI_Comm_get_name(comm, comm_name, resultlen, ierror)
import
integer, intent(in) :: comm
character(len=*) :: comm_name
integer :: resultlen
integer, intent(out) :: ierror
end subroutine PMPI_Comm_get_name
subroutine PMPI_Comm_get_parent(parent, ierror)
import
integer :: parent
integer, intent(out) :: ierror
end subroutine PMPI_Comm_get_parent
subroutine PMPI_Comm_group(comm, group, ierror)
import
integer, intent(in) :: comm
integer :: group
integer, intent(out) :: ierror
end subroutine PMPI_Comm_group
subroutine PMPI_Comm_idup(comm, newcomm, request, ierror)
import
integer, intent(in) :: comm
integer :: newcomm
integer :: request
integer, intent(out) :: ierror
end subroutine PMPI_Comm_idup
subroutine PMPI_Comm_idup_with_info(comm, info, newcomm, request, ierror)
import
integer, intent(in) :: comm
integer, intent(in) :: info
integer :: newcomm
integer :: request
integer, intent(out) :: ierror
end subroutine PMPI_Comm_idup_with_info
subroutine PMPI_Comm_rank(comm, rank, ierror)
import
integer, intent(in) :: comm
integer :: rank
integer, intent(out) :: ierror
end subroutine PMPI_Comm_rank
subroutine PMPI_Comm_remote_group(comm, group, ierror)
import
integer, intent(in) :: comm
integer :: group
integer, intent(out) :: ierror
end subroutine PMPI_Comm_remote_group
subroutine PMPI_Comm_remote_size(comm, size, ierror)
import
integer, intent(in) :: comm
integer :: size
integer, intent(out) :: ierror
end subroutine PMPI_Comm_remote_size
subroutine PMPI_Comm_set_attr(comm, comm_keyval, attribute_val, ierror)
import
integer, intent(in) :: comm
integer, intent(in) :: comm_keyval
integer(kind=MPI_ADDRESS_KIND), intent(in) :: attribute_val
integer, intent(out) :: ierror
end subroutine PMPI_Comm_set_attr
subroutine PMPI_Comm_set_errhandler(comm, errhandler, ierror)
import
integer, intent(in) :: comm
integer, intent(in) :: errhandler
integer, intent(out) :: ierror
end subroutine PMPI_Comm_set_errhandler
subroutine PMPI_Comm_set_info(comm, info, ierror)
import
integer, intent(in) :: comm
integer, intent(in) :: info
integer, intent(out) :: ierror
end subroutine PMPI_Comm_set_info
subroutine PMPI_Comm_set_name(comm, comm_name, ierror)
import
integer, intent(in) :: comm
character(len=*), intent(in) :: comm_name
integer, intent(out) :: ierror
end subroutine PMPI_Comm_set_name
subroutine PMPI_Comm_size(comm, size, ierror)
import
integer, intent(in) :: comm
integer :: size
integer, intent(out) :: ierror
end subroutine PMPI_Comm_size
subroutine PMPI_Comm_split(comm, color, key, newcomm, ierror)
import
integer, intent(in) :: comm
integer, intent(in) :: color
integer, intent(in) :: key
integer :: newcomm
integer, intent(out) :: ierror
end subroutine PMPI_Comm_split
subroutine PMPI_Comm_split_type(comm, split_type, key, info, newcomm, ierror)
import
integer, intent(in) :: comm
integer, intent(in) :: split_type
integer, intent(in) :: key
integer, intent(in) :: info
integer :: newcomm
integer, intent(out) :: ierror
end subroutine PMPI_Comm_split_type
subroutine PMPI_Comm_test_inter(comm, flag, ierror)
import
integer, intent(in) :: comm
logical :: flag
integer, intent(out) :: ierror
end subroutine PMPI_Comm_test_inter
subroutine PMPI_Compare_and_swap(origin_addr, compare_addr, result_addr, datatype, target_rank, &
    target_disp, win, ierror)
import
!GCC$ ATTRIBUTES NO_ARG_CHECK :: origin_addr
type(*), dimension(*) :: origin_addr
!GCC$ ATTRIBUTES NO_ARG_CHECK :: compare_addr
type(*), dimension(*) :: compare_addr
!GCC$ ATTRIBUTES NO_ARG_CHECK :: result_addr
type(*), dimension(*) :: result_addr
integer, intent(in) :: datatype
integer, intent(in) :: target_rank
integer(kind=MPI_ADDRESS_KIND), intent(in) :: target_disp
integer, intent(in) :: win
integer, intent(out) :: ierror
end subroutine PMPI_Compare_and_swap
subroutine PMPI_Dims_create(nnodes, ndims, dims, ierror)
import
integer, intent(in) :: nnodes
integer, intent(in) :: ndims
integer :: dims(*)
integer, intent(out) :: ierror
end subroutine PMPI_Dims_create
subroutine PMPI_Dist_graph_create(comm_old, n, sources, degrees, destinations, weights, info, &
    reorder, comm_dist_graph, ierror)
import
integer, intent(in) :: comm_old
integer, intent(in) :: n
integer, intent(in) :: sources(*)
integer, intent(in) :: degrees(*)
integer, intent(in) :: destinations(*)
integer, intent(in) :: weights(*)
integer, intent(in) :: info
logical, intent(in) :: reorder
integer :: comm_dist_graph
integer, intent(out) :: ierror
end subroutine PMPI_Dist_graph_create
subroutine PMPI_Dist_graph_create_adjacent(comm_old, indegree, sources, sourceweights, outdegree, &
    destinations, destweights, info, reorder, comm_dist_graph, ierror)
import
integer, intent(in) :: comm_old
integer, intent(in) :: indegree
integer, intent(in) :: sources(*)
integer, intent(in) :: sourceweights(*)
integer, intent(in) :: outdegree
integer, intent(in) :: destinations(*)
integer, intent(in) :: destweights(*)
integer, intent(in) :: info
logical, intent(in) :: reorder
integer :: comm_dist_graph
integer, intent(out) :: ierror
end subroutine PMPI_Dist_graph_create_adjacent
subroutine PMPI_Dist_graph_neighbors(comm, maxindegree, sources, sourceweights, maxoutdegree, &
    destinations, destweights, ierror)
import
integer, intent(in) :: comm
integer, intent(in) :: maxindegree
integer :: sources(*)
integer :: sourceweights(*)
integer, intent(in) :: maxoutdegree
integer :: destinations(*)
integer :: destweights(*)
integer, intent(out) :: ierror
end subroutine PMPI_Dist_graph_neighbors
subroutine PMPI_Dist_graph_neighbors_count(comm, indegree, outdegree, weighted, ierror)
import
integer, intent(in) :: comm
integer :: indegree
integer :: outdegree
logical :: weighted
integer, intent(out) :: ierror
end subroutine PMPI_Dist_graph_neighbors_count
subroutine PMPI_Errhandler_create(function, errhandler, ierror)
import
external :: function
integer :: errhandler
integer, intent(out) :: ierror
end subroutine PMPI_Errhandler_create
subroutine PMPI_Errhandler_free(errhandler, ierror)
import
integer :: errhandler
integer, intent(out) :: ierror
end subroutine PMPI_Errhandler_free
subroutine PMPI_Errhandler_get(comm, errhandler, ierror)
import
integer, intent(in) :: comm
integer :: errhandler
integer, intent(out) :: ierror
end subroutine PMPI_Errhandler_get
subroutine PMPI_Errhandler_set(comm, errhandler, ierror)
import
integer, intent(in) :: comm
integer, intent(in) :: errhandler
integer, intent(out) :: ierror
end subroutine PMPI_Errhandler_set
subroutine PMPI_Error_class(errorcode, errorclass, ierror)
import
integer, intent(in) :: errorcode
integer :: errorclass
integer, intent(out) :: ierror
end subroutine PMPI_Error_class
subroutine PMPI_Error_string(errorcode, string, resultlen, ierror)
import
integer, intent(in) :: errorcode
character(len=*) :: string
integer :: resultlen
integer, intent(out) :: ierror
end subroutine PMPI_Error_string
subroutine PMPI_Exscan(sendbuf, recvbuf, count, datatype, op, comm, ierror)
import
!GCC$ ATTRIBUTES NO_ARG_CHECK :: sendbuf
type(*), dimension(*) :: sendbuf
!GCC$ ATTRIBUTES NO_ARG_CHECK :: recvbuf
type(*), dimension(*) :: recvbuf
integer, intent(in) :: count
integer, intent(in) :: datatype
integer, intent(in) :: op
integer, intent(in) :: comm
integer, intent(out) :: ierror
end subroutine PMPI_Exscan
subroutine PMPI_Exscan_init(sendbuf, recvbuf, count, datatype, op, comm, info, request, ierror)
import
!GCC$ ATTRIBUTES NO_ARG_CHECK :: sendbuf
type(*), dimension(*) :: sendbuf
!GCC$ ATTRIBUTES NO_ARG_CHECK :: recvbuf
type(*), dimension(*) :: recvbuf
integer, intent(in) :: count
integer, intent(in) :: datatype
integer, intent(in) :: op
integer, intent(in) :: comm
integer, intent(in) :: info
integer :: request
integer, intent(out) :: ierror
end subroutine PMPI_Exscan_init
subroutine PMPI_Fetch_and_op(origin_addr, result_addr, datatype, target_rank, target_disp, op, win, &
    ierror)
import
!GCC$ ATTRIBUTES NO_ARG_CHECK :: origin_addr
type(*), dimension(*) :: origin_addr
!GCC$ ATTRIBUTES NO_ARG_CHECK :: result_addr
type(*), dimension(*) :: result_addr
integer, intent(in) :: datatype
integer, intent(in) :: target_rank
integer(kind=MPI_ADDRESS_KIND), intent(in) :: target_disp
integer, intent(in) :: op
integer, intent(in) :: win
integer, intent(out) :: ierror
end subroutine PMPI_Fetch_and_op
subroutine PMPI_File_call_errhandler(fh, errorcode, ierror)
import
integer, intent(in) :: fh
integer, intent(in) :: errorcode
integer, intent(out) :: ierror
end subroutine PMPI_File_call_errhandler
subroutine PMPI_File_close(fh, ierror)
import
integer :: fh
integer, intent(out) :: ierror
end subroutine PMPI_File_close
subroutine PMPI_File_create_errhandler(file_errhandler_fn, errhandler, ierror)
import
external :: file_errhandler_fn
integer :: errhandler
integer, intent(out) :: ierror
end subroutine PMPI_File_create_errhandler
subroutine PMPI_File_delete(filename, info, ierror)
import
character(len=*), intent(in) :: filename
integer, intent(in) :: info
integer, intent(out) :: ierror
end subroutine PMPI_File_delete
subroutine PMPI_File_get_amode(fh, amode, ierror)
import
integer, intent(in) :: fh
integer :: amode
integer, intent(out) :: ierror
end subroutine PMPI_File_get_amode
subroutine PMPI_File_get_atomicity(fh, flag, ierror)
import
integer, intent(in) :: fh
logical :: flag
integer, intent(out) :: ierror
end subroutine PMPI_File_get_atomicity
subroutine PMPI_File_get_byte_offset(fh, offset, disp, ierror)
import
integer, intent(in) :: fh
integer(kind=MPI_OFFSET_KIND), intent(in) :: offset
integer(kind=MPI_OFFSET_KIND) :: disp
integer, intent(out) :: ierror
end subroutine PMPI_File_get_byte_offset
subroutine PMPI_File_get_errhandler(file, errhandler, ierror)
import
integer, intent(in) :: file
integer :: errhandler
integer, intent(out) :: ierror
end subroutine PMPI_File_get_errhandler
subroutine PMPI_File_get_group(fh, group, ierror)
import
integer, intent(in) :: fh
integer :: group
integer, intent(out) :: ierror
end subroutine PMPI_File_get_group
subroutine PMPI_File_get_info(fh, info_used, ierror)
import
integer, intent(in) :: fh
integer :: info_used
integer, intent(out) :: ierror
end subroutine PMPI_File_get_info
subroutine PMPI_File_get_position(fh, offset, ierror)
import
integer, intent(in) :: fh
integer(kind=MPI_OFFSET_KIND) :: offset
integer, intent(out) :: ierror
end subroutine PMPI_File_get_position
subroutine PMPI_File_get_position_shared(fh, offset, ierror)
import
integer, intent(in) :: fh
integer(kind=MPI_OFFSET_KIND) :: offset
integer, intent(out) :: ierror
end subroutine PMPI_File_get_position_shared
subroutine PMPI_File_get_size(fh, size, ierror)
import
integer, intent(in) :: fh
integer(kind=MPI_OFFSET_KIND) :: size
integer, intent(out) :: ierror
end subroutine PMPI_File_get_size
subroutine PMPI_File_get_type_extent(fh, datatype, extent, ierror)
import
integer, intent(in) :: fh
integer, intent(in) :: datatype
integer(kind=MPI_ADDRESS_KIND) :: extent
integer, intent(out) :: ierror
end subroutine PMPI_File_get_type_extent
subroutine PMPI_File_get_view(fh, disp, etype, filetype, datarep, ierror)
import
integer, intent(in) :: fh
integer(kind=MPI_OFFSET_KIND) :: disp
integer :: etype
integer :: filetype
character(len=*) :: datarep
integer, intent(out) :: ierror
end subroutine PMPI_File_get_view
subroutine PMPI_File_iread(fh, buf, count, datatype, request, ierror)
import
integer, intent(in) :: fh
!GCC$ ATTRIBUTES NO_ARG_CHECK :: buf
type(*), dimension(*) :: buf
integer, intent(in) :: count
integer, intent(in) :: datatype
integer :: request
integer, intent(out) :: ierror
end subroutine PMPI_File_iread
subroutine PMPI_File_iread_all(fh, buf, count, datatype, request, ierror)
import
integer, intent(in) :: fh
!GCC$ ATTRIBUTES NO_ARG_CHECK :: buf
type(*), dimension(*) :: buf
integer, intent(in) :: count
integer, intent(in) :: datatype
integer :: request
integer, intent(out) :: ierror
end subroutine PMPI_File_iread_all
subroutine PMPI_File_iread_at(fh, offset, buf, count, datatype, request, ierror)
import
integer, intent(in) :: fh
integer(kind=MPI_OFFSET_KIND), intent(in) :: offset
!GCC$ ATTRIBUTES NO_ARG_CHECK :: buf
type(*), dimension(*) :: buf
integer, intent(in) :: count
integer, intent(in) :: datatype
integer :: request
integer, intent(out) :: ierror
end subroutine PMPI_File_iread_at
subroutine PMPI_File_iread_at_all(fh, offset, buf, count, datatype, request, ierror)
import
integer, intent(in) :: fh
integer(kind=MPI_OFFSET_KIND), intent(in) :: offset
!GCC$ ATTRIBUTES NO_ARG_CHECK :: buf
type(*), dimension(*) :: buf
integer, intent(in) :: count
integer, intent(in) :: datatype
integer :: request
integer, intent(out) :: ierror
end subroutine PMPI_File_iread_at_all
subroutine PMPI_File_iread_shared(fh, buf, count, datatype, request, ierror)
import
integer, intent(in) :: fh
!GCC$ ATTRIBUTES NO_ARG_CHECK :: buf
type(*), dimension(*) :: buf
integer, intent(in) :: count
integer, intent(in) :: datatype
integer :: request
integer, intent(out) :: ierror
end subroutine PMPI_File_iread_shared
subroutine PMPI_File_iwrite(fh, buf, count, datatype, request, ierror)
import
integer, intent(in) :: fh
!GCC$ ATTRIBUTES NO_ARG_CHECK :: buf
type(*), dimension(*) :: buf
integer, intent(in) :: count
integer, intent(in) :: datatype
integer :: request
integer, intent(out) :: ierror
end subroutine PMPI_File_iwrite
subroutine PMPI_File_iwrite_all(fh, buf, count, datatype, request, ierror)
import
integer, intent(in) :: fh
!GCC$ ATTRIBUTES NO_ARG_CHECK :: buf
type(*), dimension(*) :: buf
integer, intent(in) :: count
integer, intent(in) :: datatype
integer :: request
integer, intent(out) :: ierror
end subroutine PMPI_File_iwrite_all
subroutine PMPI_File_iwrite_at(fh, offset, buf, count, datatype, request, ierror)
import
integer, intent(in) :: fh
integer(kind=MPI_OFFSET_KIND), intent(in) :: offset
!GCC$ ATTRIBUTES NO_ARG_CHECK :: buf
type(*), dimension(*) :: buf
integer, intent(in) :: count
integer, intent(in) :: datatype
integer :: request
integer, intent(out) :: ierror
end subroutine PMPI_File_iwrite_at
subroutine PMPI_File_iwrite_at_all(fh, offset, buf, count, datatype, request, ierror)
import
integer, intent(in) :: fh
integer(kind=MPI_OFFSET_KIND), intent(in) :: offset
!GCC$ ATTRIBUTES NO_ARG_CHECK :: buf
type(*), dimension(*) :: buf
integer, intent(in) :: count
integer, intent(in) :: datatype
integer :: request
integer, intent(out) :: ierror
end subroutine PMPI_File_iwrite_at_all
subroutine PMPI_File_iwrite_shared(fh, buf, count, datatype, request, ierror)
import
integer, intent(in) :: fh
!GCC$ ATTRIBUTES NO_ARG_CHECK :: buf
type(*), dimension(*) :: buf
integer, intent(in) :: count
integer, intent(in) :: datatype
integer :: request
integer, intent(out) :: ierror
end subroutine PMPI_File_iwrite_shared
subroutine PMPI_File_open(comm, filename, amode, info, fh, ierror)
import
integer, intent(in) :: comm
character(len=*), intent(in) :: filename
integer, intent(in) :: amode
integer, intent(in) :: info
integer :: fh
integer, intent(out) :: ierror
end subroutine PMPI_File_open
subroutine PMPI_File_preallocate(fh, size, ierror)
import
integer, intent(in) :: fh
integer(kind=MPI_OFFSET_KIND), intent(in) :: size
integer, intent(out) :: ierror
end subroutine PMPI_File_preallocate
subroutine PMPI_File_read(fh, buf, count, datatype, status, ierror)
import
integer, intent(in) :: fh
!GCC$ ATTRIBUTES NO_ARG_CHECK :: buf
type(*), dimension(*) :: buf
integer, intent(in) :: count
integer, intent(in) :: datatype
integer :: status(MPI_STATUS_SIZE)
integer, intent(out) :: ierror
end subroutine PMPI_File_read
subroutine PMPI_File_read_all(fh, buf, count, datatype, status, ierror)
import
integer, intent(in) :: fh
!GCC$ ATTRIBUTES NO_ARG_CHECK :: buf
type(*), dimension(*) :: buf
integer, intent(in) :: count
integer, intent(in) :: datatype
integer :: status(MPI_STATUS_SIZE)
integer, intent(out) :: ierror
end subroutine PMPI_File_read_all
subroutine PMPI_File_read_all_begin(fh, buf, count, datatype, ierror)
import
integer, intent(in) :: fh
!GCC$ ATTRIBUTES NO_ARG_CHECK :: buf
type(*), dimension(*) :: buf
integer, intent(in) :: count
integer, intent(in) :: datatype
integer, intent(out) :: ierror
end subroutine PMPI_File_read_all_begin
subroutine PMPI_File_read_all_end(fh, buf, status, ierror)
import
integer, intent(in) :: fh
!GCC$ ATTRIBUTES NO_ARG_CHECK :: buf
type(*), dimension(*) :: buf
integer :: status(MPI_STATUS_SIZE)
integer, intent(out) :: ierror
end subroutine PMPI_File_read_all_end
subroutine PMPI_File_read_at(fh, offset, buf, count, datatype, status, ierror)
import
integer, intent(in) :: fh
integer(kind=MPI_OFFSET_KIND), intent(in) :: offset
!GCC$ ATTRIBUTES NO_ARG_CHECK :: buf
type(*), dimension(*) :: buf
integer, intent(in) :: count
integer, intent(in) :: datatype
integer :: status(MPI_STATUS_SIZE)
integer, intent(out) :: ierror
end subroutine PMPI_File_read_at
subroutine PMPI_File_read_at_all(fh, offset, buf, count, datatype, status, ierror)
import
integer, intent(in) :: fh
integer(kind=MPI_OFFSET_KIND), intent(in) :: offset
!GCC$ ATTRIBUTES NO_ARG_CHECK :: buf
type(*), dimension(*) :: buf
integer, intent(in) :: count
integer, intent(in) :: datatype
integer :: status(MPI_STATUS_SIZE)
integer, intent(out) :: ierror
end subroutine PMPI_File_read_at_all
subroutine PMPI_File_read_at_all_begin(fh, offset, buf, count, datatype, ierror)
import
integer, intent(in) :: fh
integer(kind=MPI_OFFSET_KIND), intent(in) :: offset
!GCC$ ATTRIBUTES NO_ARG_CHECK :: buf
type(*), dimension(*) :: buf
integer, intent(in) :: count
integer, intent(in) :: datatype
integer, intent(out) :: ierror
end subroutine PMPI_File_read_at_all_begin
subroutine PMPI_File_read_at_all_end(fh, buf, status, ierror)
import
integer, intent(in) :: fh
!GCC$ ATTRIBUTES NO_ARG_CHECK :: buf
type(*), dimension(*) :: buf
integer :: status(MPI_STATUS_SIZE)
integer, intent(out) :: ierror
end subroutine PMPI_File_read_at_all_end
subroutine PMPI_File_read_ordered(fh, buf, count, datatype, status, ierror)
import
integer, intent(in) :: fh
!GCC$ ATTRIBUTES NO_ARG_CHECK :: buf
type(*), dimension(*) :: buf
integer, intent(in) :: count
integer, intent(in) :: datatype
integer :: status(MPI_STATUS_SIZE)
integer, intent(out) :: ierror
end subroutine PMPI_File_read_ordered
subroutine PMPI_File_read_ordered_begin(fh, buf, count, datatype, ierror)
import
integer, intent(in) :: fh
!GCC$ ATTRIBUTES NO_ARG_CHECK :: buf
type(*), dimension(*) :: buf
integer, intent(in) :: count
integer, intent(in) :: datatype
integer, intent(out) :: ierror
end subroutine PMPI_File_read_ordered_begin
subroutine PMPI_File_read_ordered_end(fh, buf, status, ierror)
import
integer, intent(in) :: fh
!GCC$ ATTRIBUTES NO_ARG_CHECK :: buf
type(*), dimension(*) :: buf
integer :: status(MPI_STATUS_SIZE)
integer, intent(out) :: ierror
end subroutine PMPI_File_read_ordered_end
subroutine PMPI_File_read_shared(fh, buf, count, datatype, status, ierror)
import
integer, intent(in) :: fh
!GCC$ ATTRIBUTES NO_ARG_CHECK :: buf
type(*), dimension(*) :: buf
integer, intent(in) :: count
integer, intent(in) :: datatype
integer :: status(MPI_STATUS_SIZE)
integer, intent(out) :: ierror
end subroutine PMPI_File_read_shared
subroutine PMPI_File_seek(fh, offset, whence, ierror)
import
integer, intent(in) :: fh
integer(kind=MPI_OFFSET_KIND), intent(in) :: offset
integer, intent(in) :: whence
integer, intent(out) :: ierror
end subroutine PMPI_File_seek
subroutine PMPI_File_seek_shared(fh, offset, whence, ierror)
import
integer, intent(in) :: fh
integer(kind=MPI_OFFSET_KIND), intent(in) :: offset
integer, intent(in) :: whence
integer, intent(out) :: ierror
end subroutine PMPI_File_seek_shared
subroutine PMPI_File_set_atomicity(fh, flag, ierror)
import
integer, intent(in) :: fh
logical, intent(in) :: flag
integer, intent(out) :: ierror
end subroutine PMPI_File_set_atomicity
subroutine PMPI_File_set_errhandler(file, errhandler, ierror)
import
integer, intent(in) :: file
integer, intent(in) :: errhandler
integer, intent(out) :: ierror
end subroutine PMPI_File_set_errhandler
subroutine PMPI_File_set_info(fh, info, ierror)
import
integer, intent(in) :: fh
integer, intent(in) :: info
integer, intent(out) :: ierror
end subroutine PMPI_File_set_info
subroutine PMPI_File_set_size(fh, size, ierror)
import
integer, intent(in) :: fh
integer(kind=MPI_OFFSET_KIND), intent(in) :: size
integer, intent(out) :: ierror
end subroutine PMPI_File_set_size
subroutine PMPI_File_set_view(fh, disp, etype, filetype, datarep, info, ierror)
import
integer, intent(in) :: fh
integer(kind=MPI_OFFSET_KIND), intent(in) :: disp
integer, intent(in) :: etype
integer, intent(in) :: filetype
character(len=*), intent(in) :: datarep
integer, intent(in) :: info
integer, intent(out) :: ierror
end subroutine PMPI_File_set_view
subroutine PMPI_File_sync(fh, ierror)
import
integer, intent(in) :: fh
integer, intent(out) :: ierror
end subroutine PMPI_File_sync
subroutine PMPI_File_write(fh, buf, count, datatype, status, ierror)
import
integer, intent(in) :: fh
!GCC$ ATTRIBUTES NO_ARG_CHECK :: buf
type(*), dimension(*) :: buf
integer, intent(in) :: count
integer, intent(in) :: datatype
integer :: status(MPI_STATUS_SIZE)
integer, intent(out) :: ierror
end subroutine PMPI_File_write
subroutine PMPI_File_write_all(fh, buf, count, datatype, status, ierror)
import
integer, intent(in) :: fh
!GCC$ ATTRIBUTES NO_ARG_CHECK :: buf
type(*), dimension(*) :: buf
integer, intent(in) :: count
integer, intent(in) :: datatype
integer :: status(MPI_STATUS_SIZE)
integer, intent(out) :: ierror
end subroutine PMPI_File_write_all
subroutine PMPI_File_write_all_begin(fh, buf, count, datatype, ierror)
import
integer, intent(in) :: fh
!GCC$ ATTRIBUTES NO_ARG_CHECK :: buf
type(*), dimension(*) :: buf
integer, intent(in) :: count
integer, intent(in) :: datatype
integer, intent(out) :: ierror
end subroutine PMPI_File_write_all_begin
subroutine PMPI_File_write_all_end(fh, buf, status, ierror)
import
integer, intent(in) :: fh
!GCC$ ATTRIBUTES NO_ARG_CHECK :: buf
type(*), dimension(*) :: buf
integer :: status(MPI_STATUS_SIZE)
integer, intent(out) :: ierror
end subroutine PMPI_File_write_all_end
subroutine PMPI_File_write_at(fh, offset, buf, count, datatype, status, ierror)
import
integer, intent(in) :: fh
integer(kind=MPI_OFFSET_KIND), intent(in) :: offset
!GCC$ ATTRIBUTES NO_ARG_CHECK :: buf
type(*), dimension(*) :: buf
integer, intent(in) :: count
integer, intent(in) :: datatype
integer :: status(MPI_STATUS_SIZE)
integer, intent(out) :: ierror
end subroutine PMPI_File_write_at
subroutine PMPI_File_write_at_all(fh, offset, buf, count, datatype, status, ierror)
import
integer, intent(in) :: fh
integer(kind=MPI_OFFSET_KIND), intent(in) :: offset
!GCC$ ATTRIBUTES NO_ARG_CHECK :: buf
type(*), dimension(*) :: buf
integer, intent(in) :: count
integer, intent(in) :: datatype
integer :: status(MPI_STATUS_SIZE)
integer, intent(out) :: ierror
end subroutine PMPI_File_write_at_all
subroutine PMPI_File_write_at_all_begin(fh, offset, buf, count, datatype, ierror)
import
integer, intent(in) :: fh
integer(kind=MPI_OFFSET_KIND), intent(in) :: offset
!GCC$ ATTRIBUTES NO_ARG_CHECK :: buf
type(*), dimension(*) :: buf
integer, intent(in) :: count
integer, intent(in) :: datatype
integer, intent(out) :: ierror
end subroutine PMPI_File_write_at_all_begin
subroutine PMPI_File_write_at_all_end(fh, buf, status, ierror)
import
integer, intent(in) :: fh
!GCC$ ATTRIBUTES NO_ARG_CHECK :: buf
type(*), dimension(*) :: buf
integer :: status(MPI_STATUS_SIZE)
integer, intent(out) :: ierror
end subroutine PMPI_File_write_at_all_end
subroutine PMPI_File_write_ordered(fh, buf, count, datatype, status, ierror)
import
integer, intent(in) :: fh
!GCC$ ATTRIBUTES NO_ARG_CHECK :: buf
type(*), dimension(*) :: buf
integer, intent(in) :: count
integer, intent(in) :: datatype
integer :: status(MPI_STATUS_SIZE)
integer, intent(out) :: ierror
end subroutine PMPI_File_write_ordered
subroutine PMPI_File_write_ordered_begin(fh, buf, count, datatype, ierror)
import
integer, intent(in) :: fh
!GCC$ ATTRIBUTES NO_ARG_CHECK :: buf
type(*), dimension(*) :: buf
integer, intent(in) :: count
integer, intent(in) :: datatype
integer, intent(out) :: ierror
end subroutine PMPI_File_write_ordered_begin
subroutine PMPI_File_write_ordered_end(fh, buf, status, ierror)
import
integer, intent(in) :: fh
!GCC$ ATTRIBUTES NO_ARG_CHECK :: buf
type(*), dimension(*) :: buf
integer :: status(MPI_STATUS_SIZE)
integer, intent(out) :: ierror
end subroutine PMPI_File_write_ordered_end
subroutine PMPI_File_write_shared(fh, buf, count, datatype, status, ierror)
import
integer, intent(in) :: fh
!GCC$ ATTRIBUTES NO_ARG_CHECK :: buf
type(*), dimension(*) :: buf
integer, intent(in) :: count
integer, intent(in) :: datatype
integer :: status(MPI_STATUS_SIZE)
integer, intent(out) :: ierror
end subroutine PMPI_File_write_shared
subroutine PMPI_Finalize(ierror)
import
integer, intent(out) :: ierror
end subroutine PMPI_Finalize
subroutine PMPI_Finalized(flag, ierror)
import
logical :: flag
integer, intent(out) :: ierror
end subroutine PMPI_Finalized
subroutine PMPI_Free_mem(base, ierror)
import
!GCC$ ATTRIBUTES NO_ARG_CHECK :: base
type(*), dimension(*) :: base
integer, intent(out) :: ierror
end subroutine PMPI_Free_mem
subroutine PMPI_Gather(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root, comm, &
    ierror)
import
!GCC$ ATTRIBUTES NO_ARG_CHECK :: sendbuf
type(*), dimension(*) :: sendbuf
integer, intent(in) :: sendcount
integer, intent(in) :: sendtype
!GCC$ ATTRIBUTES NO_ARG_CHECK :: recvbuf
type(*), dimension(*) :: recvbuf
integer, intent(in) :: recvcount
integer, intent(in) :: recvtype
integer, intent(in) :: root
integer, intent(in) :: comm
integer, intent(out) :: ierror
end subroutine PMPI_Gather
subroutine PMPI_Gatherv(sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, recvtype, root, &
    comm, ierror)
import
!GCC$ ATTRIBUTES NO_ARG_CHECK :: sendbuf
type(*), dimension(*) :: sendbuf
integer, intent(in) :: sendcount
integer, intent(in) :: sendtype
!GCC$ ATTRIBUTES NO_ARG_CHECK :: recvbuf
type(*), dimension(*) :: recvbuf
integer, intent(in) :: recvcounts(*)
integer, intent(in) :: displs(*)
integer, intent(in) :: recvtype
integer, intent(in) :: root
integer, intent(in) :: comm
integer, intent(out) :: ierror
end subroutine PMPI_Gatherv
subroutine PMPI_Gatherv_init(sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, recvtype, &
    root, comm, info, request, ierror)
import
!GCC$ ATTRIBUTES NO_ARG_CHECK :: sendbuf
type(*), dimension(*) :: sendbuf
integer, intent(in) :: sendcount
integer, intent(in) :: sendtype
!GCC$ ATTRIBUTES NO_ARG_CHECK :: recvbuf
type(*), dimension(*) :: recvbuf
integer, intent(in) :: recvcounts(*)
integer, intent(in) :: displs(*)
integer, intent(in) :: recvtype
integer, intent(in) :: root
integer, intent(in) :: comm
integer, intent(in) :: info
integer :: request
integer, intent(out) :: ierror
end subroutine PMPI_Gatherv_init
subroutine PMPI_Gather_init(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root, comm, &
    info, request, ierror)
import
!GCC$ ATTRIBUTES NO_ARG_CHECK :: sendbuf
type(*), dimension(*) :: sendbuf
integer, intent(in) :: sendcount
integer, intent(in) :: sendtype
!GCC$ ATTRIBUTES NO_ARG_CHECK :: recvbuf
type(*), dimension(*) :: recvbuf
integer, intent(in) :: recvcount
integer, intent(in) :: recvtype
integer, intent(in) :: root
integer, intent(in) :: comm
integer, intent(in) :: info
integer :: request
integer, intent(out) :: ierror
end subroutine PMPI_Gather_init
subroutine PMPI_Get(origin_addr, origin_count, origin_datatype, target_rank, target_disp, &
    target_count, target_datatype, win, ierror)
import
!GCC$ ATTRIBUTES NO_ARG_CHECK :: origin_addr
type(*), dimension(*) :: origin_addr
integer, intent(in) :: origin_count
integer, intent(in) :: origin_datatype
integer, intent(in) :: target_rank
integer(kind=MPI_ADDRESS_KIND), intent(in) :: target_disp
integer, intent(in) :: target_count
integer, intent(in) :: target_datatype
integer, intent(in) :: win
integer, intent(out) :: ierror
end subroutine PMPI_Get
subroutine PMPI_Get_accumulate(origin_addr, origin_count, origin_datatype, result_addr, &
    result_count, result_datatype, target_rank, target_disp, target_count, target_datatype, op, &
    win, ierror)
import
!GCC$ ATTRIBUTES NO_ARG_CHECK :: origin_addr
type(*), dimension(*) :: origin_addr
integer, intent(in) :: origin_count
integer, intent(in) :: origin_datatype
!GCC$ ATTRIBUTES NO_ARG_CHECK :: result_addr
type(*), dimension(*) :: result_addr
integer, intent(in) :: result_count
integer, intent(in) :: result_datatype
integer, intent(in) :: target_rank
integer(kind=MPI_ADDRESS_KIND), intent(in) :: target_disp
integer, intent(in) :: target_count
integer, intent(in) :: target_datatype
integer, intent(in) :: op
integer, intent(in) :: win
integer, intent(out) :: ierror
end subroutine PMPI_Get_accumulate
subroutine PMPI_Get_address(location, address, ierror)
import
!GCC$ ATTRIBUTES NO_ARG_CHECK :: location
type(*), dimension(*) :: location
integer(kind=MPI_ADDRESS_KIND) :: address
integer, intent(out) :: ierror
end subroutine PMPI_Get_address
subroutine PMPI_Get_count(status, datatype, count, ierror)
import
integer, intent(in) :: status(MPI_STATUS_SIZE)
integer, intent(in) :: datatype
integer :: count
integer, intent(out) :: ierror
end subroutine PMPI_Get_count
subroutine PMPI_Get_elements(status, datatype, count, ierror)
import
integer, intent(in) :: status(MPI_STATUS_SIZE)
integer, intent(in) :: datatype
integer :: count
integer, intent(out) :: ierror
end subroutine PMPI_Get_elements
subroutine PMPI_Get_elements_x(status, datatype, count, ierror)
import
integer, intent(in) :: status(MPI_STATUS_SIZE)
integer, intent(in) :: datatype
integer(kind=MPI_COUNT_KIND) :: count
integer, intent(out) :: ierror
end subroutine PMPI_Get_elements_x
subroutine PMPI_Get_library_version(version, resultlen, ierror)
import
character(len=*) :: version
integer :: resultlen
integer, intent(out) :: ierror
end subroutine PMPI_Get_library_version
subroutine PMPI_Get_processor_name(name, resultlen, ierror)
import
character(len=*) :: name
integer :: resultlen
integer, intent(out) :: ierror
end subroutine PMPI_Get_processor_name
subroutine PMPI_Get_version(version, subversion, ierror)
import
integer :: version
integer :: subversion
integer, intent(out) :: ierror
end subroutine PMPI_Get_version
subroutine PMPI_Graphdims_get(comm, nnodes, nedges, ierror)
import
integer, intent(in) :: comm
integer :: nnodes
integer :: nedges
integer, intent(out) :: ierror
end subroutine PMPI_Graphdims_get
subroutine PMPI_Graph_create(comm_old, nnodes, index, edges, reorder, comm_graph, ierror)
import
integer, intent(in) :: comm_old
integer, intent(in) :: nnodes
integer, intent(in) :: index(*)
integer, intent(in) :: edges(*)
logical, intent(in) :: reorder
integer :: comm_graph
integer, intent(out) :: ierror
end subroutine PMPI_Graph_create
subroutine PMPI_Graph_get(comm, maxindex, maxedges, index, edges, ierror)
import
integer, intent(in) :: comm
integer, intent(in) :: maxindex
integer, intent(in) :: maxedges
integer :: index(*)
integer :: edges(*)
integer, intent(out) :: ierror
end subroutine PMPI_Graph_get
subroutine PMPI_Graph_map(comm, nnodes, index, edges, newrank, ierror)
import
integer, intent(in) :: comm
integer, intent(in) :: nnodes
integer, intent(in) :: index(*)
integer, intent(in) :: edges(*)
integer :: newrank
integer, intent(out) :: ierror
end subroutine PMPI_Graph_map
subroutine PMPI_Graph_neighbors(comm, rank, maxneighbors, neighbors, ierror)
import
integer, intent(in) :: comm
integer, intent(in) :: rank
integer, intent(in) :: maxneighbors
integer :: neighbors(*)
integer, intent(out) :: ierror
end subroutine PMPI_Graph_neighbors
subroutine PMPI_Graph_neighbors_count(comm, rank, nneighbors, ierror)
import
integer, intent(in) :: comm
integer, intent(in) :: rank
integer :: nneighbors
integer, intent(out) :: ierror
end subroutine PMPI_Graph_neighbors_count
subroutine PMPI_Grequest_complete(request, ierror)
import
integer, intent(in) :: request
integer, intent(out) :: ierror
end subroutine PMPI_Grequest_complete
subroutine PMPI_Grequest_start(query_fn, free_fn, cancel_fn, extra_state, request, ierror)
import
external :: query_fn
external :: free_fn
external :: cancel_fn
integer(kind=MPI_ADDRESS_KIND), intent(in) :: extra_state
integer :: request
integer, intent(out) :: ierror
end subroutine PMPI_Grequest_start
subroutine PMPI_Group_compare(group1, group2, result, ierror)
import
integer, intent(in) :: group1
integer, intent(in) :: group2
integer :: result
integer, intent(out) :: ierror
end subroutine PMPI_Group_compare
subroutine PMPI_Group_difference(group1, group2, newgroup, ierror)
import
integer, intent(in) :: group1
integer, intent(in) :: group2
integer :: newgroup
integer, intent(out) :: ierror
end subroutine PMPI_Group_difference
subroutine PMPI_Group_excl(group, n, ranks, newgroup, ierror)
import
integer, intent(in) :: group
integer, intent(in) :: n
integer, intent(in) :: ranks(*)
integer :: newgroup
integer, intent(out) :: ierror
end subroutine PMPI_Group_excl
subroutine PMPI_Group_free(group, ierror)
import
integer :: group
integer, intent(out) :: ierror
end subroutine PMPI_Group_free
subroutine PMPI_Group_incl(group, n, ranks, newgroup, ierror)
import
integer, intent(in) :: group
integer, intent(in) :: n
integer, intent(in) :: ranks(*)
integer :: newgroup
integer, intent(out) :: ierror
end subroutine PMPI_Group_incl
subroutine PMPI_Group_intersection(group1, group2, newgroup, ierror)
import
integer, intent(in) :: group1
integer, intent(in) :: group2
integer :: newgroup
integer, intent(out) :: ierror
end subroutine PMPI_Group_intersection
subroutine PMPI_Group_range_excl(group, n, ranges, newgroup, ierror)
import
integer, intent(in) :: group
integer, intent(in) :: n
integer :: ranges(*)
integer :: newgroup
integer, intent(out) :: ierror
end subroutine PMPI_Group_range_excl
subroutine PMPI_Group_range_incl(group, n, ranges, newgroup, ierror)
import
integer, intent(in) :: group
integer, intent(in) :: n
integer :: ranges(*)
integer :: newgroup
integer, intent(out) :: ierror
end subroutine PMPI_Group_range_incl
subroutine PMPI_Group_rank(group, rank, ierror)
import
integer, intent(in) :: group
integer :: rank
integer, intent(out) :: ierror
end subroutine PMPI_Group_rank
subroutine PMPI_Group_size(group, size, ierror)
import
integer, intent(in) :: group
integer :: size
integer, intent(out) :: ierror
end subroutine PMPI_Group_size
subroutine PMPI_Group_translate_ranks(group1, n, ranks1, group2, ranks2, ierror)
import
integer, intent(in) :: group1
integer, intent(in) :: n
integer, intent(in) :: ranks1(*)
integer, intent(in) :: group2
integer :: ranks2(*)
integer, intent(out) :: ierror
end subroutine PMPI_Group_translate_ranks
subroutine PMPI_Group_union(group1, group2, newgroup, ierror)
import
integer, intent(in) :: group1
integer, intent(in) :: group2
integer :: newgroup
integer, intent(out) :: ierror
end subroutine PMPI_Group_union
subroutine PMPI_Iallgather(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm, &
    request, ierror)
import
!GCC$ ATTRIBUTES NO_ARG_CHECK :: sendbuf
type(*), dimension(*) :: sendbuf
integer, intent(in) :: sendcount
integer, intent(in) :: sendtype
!GCC$ ATTRIBUTES NO_ARG_CHECK :: recvbuf
type(*), dimension(*) :: recvbuf
integer, intent(in) :: recvcount
integer, intent(in) :: recvtype
integer, intent(in) :: comm
integer :: request
integer, intent(out) :: ierror
end subroutine PMPI_Iallgather
subroutine PMPI_Iallgatherv(sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, recvtype, &
    comm, request, ierror)
import
!GCC$ ATTRIBUTES NO_ARG_CHECK :: sendbuf
type(*), dimension(*) :: sendbuf
integer, intent(in) :: sendcount
integer, intent(in) :: sendtype
!GCC$ ATTRIBUTES NO_ARG_CHECK :: recvbuf
type(*), dimension(*) :: recvbuf
integer, intent(in) :: recvcounts(*)
integer, intent(in) :: displs(*)
integer, intent(in) :: recvtype
integer, intent(in) :: comm
integer :: request
integer, intent(out) :: ierror
end subroutine PMPI_Iallgatherv
subroutine PMPI_Iallreduce(sendbuf, recvbuf, count, datatype, op, comm, request, ierror)
import
!GCC$ ATTRIBUTES NO_ARG_CHECK :: sendbuf
type(*), dimension(*) :: sendbuf
!GCC$ ATTRIBUTES NO_ARG_CHECK :: recvbuf
type(*), dimension(*) :: recvbuf
integer, intent(in) :: count
integer, intent(in) :: datatype
integer, intent(in) :: op
integer, intent(in) :: comm
integer :: request
integer, intent(out) :: ierror
end subroutine PMPI_Iallreduce
subroutine PMPI_Ialltoall(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm, &
    request, ierror)
import
!GCC$ ATTRIBUTES NO_ARG_CHECK :: sendbuf
type(*), dimension(*) :: sendbuf
integer, intent(in) :: sendcount
integer, intent(in) :: sendtype
!GCC$ ATTRIBUTES NO_ARG_CHECK :: recvbuf
type(*), dimension(*) :: recvbuf
integer, intent(in) :: recvcount
integer, intent(in) :: recvtype
integer, intent(in) :: comm
integer :: request
integer, intent(out) :: ierror
end subroutine PMPI_Ialltoall
subroutine PMPI_Ialltoallv(sendbuf, sendcounts, sdispls, sendtype, recvbuf, recvcounts, rdispls, &
    recvtype, comm, request, ierror)
import
!GCC$ ATTRIBUTES NO_ARG_CHECK :: sendbuf
type(*), dimension(*) :: sendbuf
integer, intent(in) :: sendcounts(*)
integer, intent(in) :: sdispls(*)
integer, intent(in) :: sendtype
!GCC$ ATTRIBUTES NO_ARG_CHECK :: recvbuf
type(*), dimension(*) :: recvbuf
integer, intent(in) :: recvcounts(*)
integer, intent(in) :: rdispls(*)
integer, intent(in) :: recvtype
integer, intent(in) :: comm
integer :: request
integer, intent(out) :: ierror
end subroutine PMPI_Ialltoallv
subroutine PMPI_Ialltoallw(sendbuf, sendcounts, sdispls, sendtypes, recvbuf, recvcounts, rdispls, &
    recvtypes, comm, request, ierror)
import
!GCC$ ATTRIBUTES NO_ARG_CHECK :: sendbuf
type(*), dimension(*) :: sendbuf
integer, intent(in) :: sendcounts(*)
integer, intent(in) :: sdispls(*)
integer, intent(in) :: sendtypes(*)
!GCC$ ATTRIBUTES NO_ARG_CHECK :: recvbuf
type(*), dimension(*) :: recvbuf
integer, intent(in) :: recvcounts(*)
integer, intent(in) :: rdispls(*)
integer, intent(in) :: recvtypes(*)
integer, intent(in) :: comm
integer :: request
integer, intent(out) :: ierror
end subroutine PMPI_Ialltoallw
subroutine PMPI_Ibarrier(comm, request, ierror)
import
integer, intent(in) :: comm
integer :: request
integer, intent(out) :: ierror
end subroutine PMPI_Ibarrier
subroutine PMPI_Ibcast(buffer, count, datatype, root, comm, request, ierror)
import
!GCC$ ATTRIBUTES NO_ARG_CHECK :: buffer
type(*), dimension(*) :: buffer
integer, intent(in) :: count
integer, intent(in) :: datatype
integer, intent(in) :: root
integer, intent(in) :: comm
integer :: request
integer, intent(out) :: ierror
end subroutine PMPI_Ibcast
subroutine PMPI_Ibsend(buf, count, datatype, dest, tag, comm, request, ierror)
import
!GCC$ ATTRIBUTES NO_ARG_CHECK :: buf
type(*), dimension(*) :: buf
integer, intent(in) :: count
integer, intent(in) :: datatype
integer, intent(in) :: dest
integer, intent(in) :: tag
integer, intent(in) :: comm
integer :: request
integer, intent(out) :: ierror
end subroutine PMPI_Ibsend
subroutine PMPI_Iexscan(sendbuf, recvbuf, count, datatype, op, comm, request, ierror)
import
!GCC$ ATTRIBUTES NO_ARG_CHECK :: sendbuf
type(*), dimension(*) :: sendbuf
!GCC$ ATTRIBUTES NO_ARG_CHECK :: recvbuf
type(*), dimension(*) :: recvbuf
integer, intent(in) :: count
integer, intent(in) :: datatype
integer, intent(in) :: op
integer, intent(in) :: comm
integer :: request
integer, intent(out) :: ierror
end subroutine PMPI_Iexscan
subroutine PMPI_Igather(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root, comm, &
    request, ierror)
import
!GCC$ ATTRIBUTES NO_ARG_CHECK :: sendbuf
type(*), dimension(*) :: sendbuf
integer, intent(in) :: sendcount
integer, intent(in) :: sendtype
!GCC$ ATTRIBUTES NO_ARG_CHECK :: recvbuf
type(*), dimension(*) :: recvbuf
integer, intent(in) :: recvcount
integer, intent(in) :: recvtype
integer, intent(in) :: root
integer, intent(in) :: comm
integer :: request
integer, intent(out) :: ierror
end subroutine PMPI_Igather
subroutine PMPI_Igatherv(sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, recvtype, root, &
    comm, request, ierror)
import
!GCC$ ATTRIBUTES NO_ARG_CHECK :: sendbuf
type(*), dimension(*) :: sendbuf
integer, intent(in) :: sendcount
integer, intent(in) :: sendtype
!GCC$ ATTRIBUTES NO_ARG_CHECK :: recvbuf
type(*), dimension(*) :: recvbuf
integer, intent(in) :: recvcounts(*)
integer, intent(in) :: displs(*)
integer, intent(in) :: recvtype
integer, intent(in) :: root
integer, intent(in) :: comm
integer :: request
integer, intent(out) :: ierror
end subroutine PMPI_Igatherv
subroutine PMPI_Improbe(source, tag, comm, flag, message, status, ierror)
import
integer, intent(in) :: source
integer, intent(in) :: tag
integer, intent(in) :: comm
logical :: flag
integer :: message
integer :: status(MPI_STATUS_SIZE)
integer, intent(out) :: ierror
end subroutine PMPI_Improbe
subroutine PMPI_Imrecv(buf, count, datatype, message, request, ierror)
import
!GCC$ ATTRIBUTES NO_ARG_CHECK :: buf
type(*), dimension(*) :: buf
integer, intent(in) :: count
integer, intent(in) :: datatype
integer :: message
integer :: request
integer, intent(out) :: ierror
end subroutine PMPI_Imrecv
subroutine PMPI_Ineighbor_allgather(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, &
    comm, request, ierror)
import
!GCC$ ATTRIBUTES NO_ARG_CHECK :: sendbuf
type(*), dimension(*) :: sendbuf
integer, intent(in) :: sendcount
integer, intent(in) :: sendtype
!GCC$ ATTRIBUTES NO_ARG_CHECK :: recvbuf
type(*), dimension(*) :: recvbuf
integer, intent(in) :: recvcount
integer, intent(in) :: recvtype
integer, intent(in) :: comm
integer :: request
integer, intent(out) :: ierror
end subroutine PMPI_Ineighbor_allgather
subroutine PMPI_Ineighbor_allgatherv(sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, &
    recvtype, comm, request, ierror)
import
!GCC$ ATTRIBUTES NO_ARG_CHECK :: sendbuf
type(*), dimension(*) :: sendbuf
integer, intent(in) :: sendcount
integer, intent(in) :: sendtype
!GCC$ ATTRIBUTES NO_ARG_CHECK :: recvbuf
type(*), dimension(*) :: recvbuf
integer, intent(in) :: recvcounts(*)
integer, intent(in) :: displs(*)
integer, intent(in) :: recvtype
integer, intent(in) :: comm
integer :: request
integer, intent(out) :: ierror
end subroutine PMPI_Ineighbor_allgatherv
subroutine PMPI_Ineighbor_alltoall(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, &
    comm, request, ierror)
import
!GCC$ ATTRIBUTES NO_ARG_CHECK :: sendbuf
type(*), dimension(*) :: sendbuf
integer, intent(in) :: sendcount
integer, intent(in) :: sendtype
!GCC$ ATTRIBUTES NO_ARG_CHECK :: recvbuf
type(*), dimension(*) :: recvbuf
integer, intent(in) :: recvcount
integer, intent(in) :: recvtype
integer, intent(in) :: comm
integer :: request
integer, intent(out) :: ierror
end subroutine PMPI_Ineighbor_alltoall
subroutine PMPI_Ineighbor_alltoallv(sendbuf, sendcounts, sdispls, sendtype, recvbuf, recvcounts, &
    rdispls, recvtype, comm, request, ierror)
import
!GCC$ ATTRIBUTES NO_ARG_CHECK :: sendbuf
type(*), dimension(*) :: sendbuf
integer, intent(in) :: sendcounts(*)
integer, intent(in) :: sdispls(*)
integer, intent(in) :: sendtype
!GCC$ ATTRIBUTES NO_ARG_CHECK :: recvbuf
type(*), dimension(*) :: recvbuf
integer, intent(in) :: recvcounts(*)
integer, intent(in) :: rdispls(*)
integer, intent(in) :: recvtype
integer, intent(in) :: comm
integer :: request
integer, intent(out) :: ierror
end subroutine PMPI_Ineighbor_alltoallv
subroutine PMPI_Ineighbor_alltoallw(sendbuf, sendcounts, sdispls, sendtypes, recvbuf, recvcounts, &
    rdispls, recvtypes, comm, request, ierror)
import
!GCC$ ATTRIBUTES NO_ARG_CHECK :: sendbuf
type(*), dimension(*) :: sendbuf
integer, intent(in) :: sendcounts(*)
integer(kind=MPI_ADDRESS_KIND), intent(in) :: sdispls(*)
integer, intent(in) :: sendtypes(*)
!GCC$ ATTRIBUTES NO_ARG_CHECK :: recvbuf
type(*), dimension(*) :: recvbuf
integer, intent(in) :: recvcounts(*)
integer(kind=MPI_ADDRESS_KIND), intent(in) :: rdispls(*)
integer, intent(in) :: recvtypes(*)
integer, intent(in) :: comm
integer :: request
integer, intent(out) :: ierror
end subroutine PMPI_Ineighbor_alltoallw
subroutine PMPI_Info_create(info, ierror)
import
integer :: info
integer, intent(out) :: ierror
end subroutine PMPI_Info_create
subroutine PMPI_Info_delete(info, key, ierror)
import
integer, intent(in) :: info
character(len=*), intent(in) :: key
integer, intent(out) :: ierror
end subroutine PMPI_Info_delete
subroutine PMPI_Info_dup(info, newinfo, ierror)
import
integer, intent(in) :: info
integer :: newinfo
integer, intent(out) :: ierror
end subroutine PMPI_Info_dup
subroutine PMPI_Info_free(info, ierror)
import
integer :: info
integer, intent(out) :: ierror
end subroutine PMPI_Info_free
subroutine PMPI_Info_get(info, key, valuelen, value, flag, ierror)
import
integer, intent(in) :: info
character(len=*), intent(in) :: key
integer, intent(in) :: valuelen
character(len=*) :: value
logical :: flag
integer, intent(out) :: ierror
end subroutine PMPI_Info_get
subroutine PMPI_Info_get_nkeys(info, nkeys, ierror)
import
integer, intent(in) :: info
integer :: nkeys
integer, intent(out) :: ierror
end subroutine PMPI_Info_get_nkeys
subroutine PMPI_Info_get_nthkey(info, n, key, ierror)
import
integer, intent(in) :: info
integer, intent(in) :: n
character(len=*) :: key
integer, intent(out) :: ierror
end subroutine PMPI_Info_get_nthkey
subroutine PMPI_Info_get_string(info, key, buflen, value, flag, ierror)
import
integer, intent(in) :: info
character(len=*), intent(in) :: key
integer :: buflen
character(len=*) :: value
logical :: flag
integer, intent(out) :: ierror
end subroutine PMPI_Info_get_string
subroutine PMPI_Info_get_valuelen(info, key, valuelen, flag, ierror)
import
integer, intent(in) :: info
character(len=*), intent(in) :: key
integer :: valuelen
logical :: flag
integer, intent(out) :: ierror
end subroutine PMPI_Info_get_valuelen
subroutine PMPI_Info_set(info, key, value, ierror)
import
integer, intent(in) :: info
character(len=*), intent(in) :: key
character(len=*), intent(in) :: value
integer, intent(out) :: ierror
end subroutine PMPI_Info_set
subroutine PMPI_Initialized(flag, ierror)
import
logical :: flag
integer, intent(out) :: ierror
end subroutine PMPI_Initialized
subroutine PMPI_Intercomm_create(local_comm, local_leader, peer_comm, remote_leader, tag, &
    newintercomm, ierror)
import
integer, intent(in) :: local_comm
integer, intent(in) :: local_leader
integer, intent(in) :: peer_comm
integer, intent(in) :: remote_leader
integer, intent(in) :: tag
integer :: newintercomm
integer, intent(out) :: ierror
end subroutine PMPI_Intercomm_create
subroutine PMPI_Intercomm_merge(intercomm, high, newintracomm, ierror)
import
integer, intent(in) :: intercomm
logical, intent(in) :: high
integer :: newintracomm
integer, intent(out) :: ierror
end subroutine PMPI_Intercomm_merge
subroutine PMPI_Iprobe(source, tag, comm, flag, status, ierror)
import
integer, intent(in) :: source
integer, intent(in) :: tag
integer, intent(in) :: comm
logical :: flag
integer :: status(MPI_STATUS_SIZE)
integer, intent(out) :: ierror
end subroutine PMPI_Iprobe
subroutine PMPI_Irecv(buf, count, datatype, source, tag, comm, request, ierror)
import
!GCC$ ATTRIBUTES NO_ARG_CHECK :: buf
type(*), dimension(*) :: buf
integer, intent(in) :: count
integer, intent(in) :: datatype
integer, intent(in) :: source
integer, intent(in) :: tag
integer, intent(in) :: comm
integer :: request
integer, intent(out) :: ierror
end subroutine PMPI_Irecv
subroutine PMPI_Ireduce(sendbuf, recvbuf, count, datatype, op, root, comm, request, ierror)
import
!GCC$ ATTRIBUTES NO_ARG_CHECK :: sendbuf
type(*), dimension(*) :: sendbuf
!GCC$ ATTRIBUTES NO_ARG_CHECK :: recvbuf
type(*), dimension(*) :: recvbuf
integer, intent(in) :: count
integer, intent(in) :: datatype
integer, intent(in) :: op
integer, intent(in) :: root
integer, intent(in) :: comm
integer :: request
integer, intent(out) :: ierror
end subroutine PMPI_Ireduce
subroutine PMPI_Ireduce_scatter(sendbuf, recvbuf, recvcounts, datatype, op, comm, request, ierror)
import
!GCC$ ATTRIBUTES NO_ARG_CHECK :: sendbuf
type(*), dimension(*) :: sendbuf
!GCC$ ATTRIBUTES NO_ARG_CHECK :: recvbuf
type(*), dimension(*) :: recvbuf
integer, intent(in) :: recvcounts(*)
integer, intent(in) :: datatype
integer, intent(in) :: op
integer, intent(in) :: comm
integer :: request
integer, intent(out) :: ierror
end subroutine PMPI_Ireduce_scatter
subroutine PMPI_Ireduce_scatter_block(sendbuf, recvbuf, recvcount, datatype, op, comm, request, &
    ierror)
import
!GCC$ ATTRIBUTES NO_ARG_CHECK :: sendbuf
type(*), dimension(*) :: sendbuf
!GCC$ ATTRIBUTES NO_ARG_CHECK :: recvbuf
type(*), dimension(*) :: recvbuf
integer, intent(in) :: recvcount
integer, intent(in) :: datatype
integer, intent(in) :: op
integer, intent(in) :: comm
integer :: request
integer, intent(out) :: ierror
end subroutine PMPI_Ireduce_scatter_block
subroutine PMPI_Irsend(buf, count, datatype, dest, tag, comm, request, ierror)
import
!GCC$ ATTRIBUTES NO_ARG_CHECK :: buf
type(*), dimension(*) :: buf
integer, intent(in) :: count
integer, intent(in) :: datatype
integer, intent(in) :: dest
integer, intent(in) :: tag
integer, intent(in) :: comm
integer :: request
integer, intent(out) :: ierror
end subroutine PMPI_Irsend
subroutine PMPI_Iscan(sendbuf, recvbuf, count, datatype, op, comm, request, ierror)
import
!GCC$ ATTRIBUTES NO_ARG_CHECK :: sendbuf
type(*), dimension(*) :: sendbuf
!GCC$ ATTRIBUTES NO_ARG_CHECK :: recvbuf
type(*), dimension(*) :: recvbuf
integer, intent(in) :: count
integer, intent(in) :: datatype
integer, intent(in) :: op
integer, intent(in) :: comm
integer :: request
integer, intent(out) :: ierror
end subroutine PMPI_Iscan
subroutine PMPI_Iscatter(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root, comm, &
    request, ierror)
import
!GCC$ ATTRIBUTES NO_ARG_CHECK :: sendbuf
type(*), dimension(*) :: sendbuf
integer, intent(in) :: sendcount
integer, intent(in) :: sendtype
!GCC$ ATTRIBUTES NO_ARG_CHECK :: recvbuf
type(*), dimension(*) :: recvbuf
integer, intent(in) :: recvcount
integer, intent(in) :: recvtype
integer, intent(in) :: root
integer, intent(in) :: comm
integer :: request
integer, intent(out) :: ierror
end subroutine PMPI_Iscatter
subroutine PMPI_Iscatterv(sendbuf, sendcounts, displs, sendtype, recvbuf, recvcount, recvtype, &
    root, comm, request, ierror)
import
!GCC$ ATTRIBUTES NO_ARG_CHECK :: sendbuf
type(*), dimension(*) :: sendbuf
integer, intent(in) :: sendcounts(*)
integer, intent(in) :: displs(*)
integer, intent(in) :: sendtype
!GCC$ ATTRIBUTES NO_ARG_CHECK :: recvbuf
type(*), dimension(*) :: recvbuf
integer, intent(in) :: recvcount
integer, intent(in) :: recvtype
integer, intent(in) :: root
integer, intent(in) :: comm
integer :: request
integer, intent(out) :: ierror
end subroutine PMPI_Iscatterv
subroutine PMPI_Isend(buf, count, datatype, dest, tag, comm, request, ierror)
import
!GCC$ ATTRIBUTES NO_ARG_CHECK :: buf
type(*), dimension(*) :: buf
integer, intent(in) :: count
integer, intent(in) :: datatype
integer, intent(in) :: dest
integer, intent(in) :: tag
integer, intent(in) :: comm
integer :: request
integer, intent(out) :: ierror
end subroutine PMPI_Isend
subroutine PMPI_Issend(buf, count, datatype, dest, tag, comm, request, ierror)
import
!GCC$ ATTRIBUTES NO_ARG_CHECK :: buf
type(*), dimension(*) :: buf
integer, intent(in) :: count
integer, intent(in) :: datatype
integer, intent(in) :: dest
integer, intent(in) :: tag
integer, intent(in) :: comm
integer :: request
integer, intent(out) :: ierror
end subroutine PMPI_Issend
subroutine PMPI_Is_thread_main(flag, ierror)
import
logical :: flag
integer, intent(out) :: ierror
end subroutine PMPI_Is_thread_main
subroutine PMPI_Keyval_create(copy_fn, delete_fn, keyval, extra_state, ierror)
import
external :: copy_fn
external :: delete_fn
integer :: keyval
integer, intent(in) :: extra_state
integer, intent(out) :: ierror
end subroutine PMPI_Keyval_create
subroutine PMPI_Keyval_free(keyval, ierror)
import
integer :: keyval
integer, intent(out) :: ierror
end subroutine PMPI_Keyval_free
subroutine PMPI_Mprobe(source, tag, comm, message, status, ierror)
import
integer, intent(in) :: source
integer, intent(in) :: tag
integer, intent(in) :: comm
integer :: message
integer :: status(MPI_STATUS_SIZE)
integer, intent(out) :: ierror
end subroutine PMPI_Mprobe
subroutine PMPI_Mrecv(buf, count, datatype, message, status, ierror)
import
!GCC$ ATTRIBUTES NO_ARG_CHECK :: buf
type(*), dimension(*) :: buf
integer, intent(in) :: count
integer, intent(in) :: datatype
integer :: message
integer :: status(MPI_STATUS_SIZE)
integer, intent(out) :: ierror
end subroutine PMPI_Mrecv
subroutine PMPI_Neighbor_allgather(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, &
    comm, ierror)
import
!GCC$ ATTRIBUTES NO_ARG_CHECK :: sendbuf
type(*), dimension(*) :: sendbuf
integer, intent(in) :: sendcount
integer, intent(in) :: sendtype
!GCC$ ATTRIBUTES NO_ARG_CHECK :: recvbuf
type(*), dimension(*) :: recvbuf
integer, intent(in) :: recvcount
integer, intent(in) :: recvtype
integer, intent(in) :: comm
integer, intent(out) :: ierror
end subroutine PMPI_Neighbor_allgather
subroutine PMPI_Neighbor_allgatherv(sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, &
    recvtype, comm, ierror)
import
!GCC$ ATTRIBUTES NO_ARG_CHECK :: sendbuf
type(*), dimension(*) :: sendbuf
integer, intent(in) :: sendcount
integer, intent(in) :: sendtype
!GCC$ ATTRIBUTES NO_ARG_CHECK :: recvbuf
type(*), dimension(*) :: recvbuf
integer, intent(in) :: recvcounts(*)
integer, intent(in) :: displs(*)
integer, intent(in) :: recvtype
integer, intent(in) :: comm
integer, intent(out) :: ierror
end subroutine PMPI_Neighbor_allgatherv
subroutine PMPI_Neighbor_allgatherv_init(sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, &
    recvtype, comm, info, request, ierror)
import
!GCC$ ATTRIBUTES NO_ARG_CHECK :: sendbuf
type(*), dimension(*) :: sendbuf
integer, intent(in) :: sendcount
integer, intent(in) :: sendtype
!GCC$ ATTRIBUTES NO_ARG_CHECK :: recvbuf
type(*), dimension(*) :: recvbuf
integer, intent(in) :: recvcounts(*)
integer, intent(in) :: displs(*)
integer, intent(in) :: recvtype
integer, intent(in) :: comm
integer, intent(in) :: info
integer :: request
integer, intent(out) :: ierror
end subroutine PMPI_Neighbor_allgatherv_init
subroutine PMPI_Neighbor_allgather_init(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, &
    comm, info, request, ierror)
import
!GCC$ ATTRIBUTES NO_ARG_CHECK :: sendbuf
type(*), dimension(*) :: sendbuf
integer, intent(in) :: sendcount
integer, intent(in) :: sendtype
!GCC$ ATTRIBUTES NO_ARG_CHECK :: recvbuf
type(*), dimension(*) :: recvbuf
integer, intent(in) :: recvcount
integer, intent(in) :: recvtype
integer, intent(in) :: comm
integer, intent(in) :: info
integer :: request
integer, intent(out) :: ierror
end subroutine PMPI_Neighbor_allgather_init
subroutine PMPI_Neighbor_alltoall(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm, &
    ierror)
import
!GCC$ ATTRIBUTES NO_ARG_CHECK :: sendbuf
type(*), dimension(*) :: sendbuf
integer, intent(in) :: sendcount
integer, intent(in) :: sendtype
!GCC$ ATTRIBUTES NO_ARG_CHECK :: recvbuf
type(*), dimension(*) :: recvbuf
integer, intent(in) :: recvcount
integer, intent(in) :: recvtype
integer, intent(in) :: comm
integer, intent(out) :: ierror
end subroutine PMPI_Neighbor_alltoall
subroutine PMPI_Neighbor_alltoallv(sendbuf, sendcounts, sdispls, sendtype, recvbuf, recvcounts, &
    rdispls, recvtype, comm, ierror)
import
!GCC$ ATTRIBUTES NO_ARG_CHECK :: sendbuf
type(*), dimension(*) :: sendbuf
integer, intent(in) :: sendcounts(*)
integer, intent(in) :: sdispls(*)
integer, intent(in) :: sendtype
!GCC$ ATTRIBUTES NO_ARG_CHECK :: recvbuf
type(*), dimension(*) :: recvbuf
integer, intent(in) :: recvcounts(*)
integer, intent(in) :: rdispls(*)
integer, intent(in) :: recvtype
integer, intent(in) :: comm
integer, intent(out) :: ierror
end subroutine PMPI_Neighbor_alltoallv
subroutine PMPI_Neighbor_alltoallv_init(sendbuf, sendcounts, sdispls, sendtype, recvbuf, &
    recvcounts, rdispls, recvtype, comm, info, request, ierror)
import
!GCC$ ATTRIBUTES NO_ARG_CHECK :: sendbuf
type(*), dimension(*) :: sendbuf
integer, intent(in) :: sendcounts(*)
integer, intent(in) :: sdispls(*)
integer, intent(in) :: sendtype
!GCC$ ATTRIBUTES NO_ARG_CHECK :: recvbuf
type(*), dimension(*) :: recvbuf
integer, intent(in) :: recvcounts(*)
integer, intent(in) :: rdispls(*)
integer, intent(in) :: recvtype
integer, intent(in) :: comm
integer, intent(in) :: info
integer :: request
integer, intent(out) :: ierror
end subroutine PMPI_Neighbor_alltoallv_init
subroutine PMPI_Neighbor_alltoallw(sendbuf, sendcounts, sdispls, sendtypes, recvbuf, recvcounts, &
    rdispls, recvtypes, comm, ierror)
import
!GCC$ ATTRIBUTES NO_ARG_CHECK :: sendbuf
type(*), dimension(*) :: sendbuf
integer, intent(in) :: sendcounts(*)
integer(kind=MPI_ADDRESS_KIND), intent(in) :: sdispls(*)
integer, intent(in) :: sendtypes(*)
!GCC$ ATTRIBUTES NO_ARG_CHECK :: recvbuf
type(*), dimension(*) :: recvbuf
integer, intent(in) :: recvcounts(*)
integer(kind=MPI_ADDRESS_KIND), intent(in) :: rdispls(*)
integer, intent(in) :: recvtypes(*)
integer, intent(in) :: comm
integer, intent(out) :: ierror
end subroutine PMPI_Neighbor_alltoallw
subroutine PMPI_Neighbor_alltoallw_init(sendbuf, sendcounts, sdispls, sendtypes, recvbuf, &
    recvcounts, rdispls, recvtypes, comm, info, request, ierror)
import
!GCC$ ATTRIBUTES NO_ARG_CHECK :: sendbuf
type(*), dimension(*) :: sendbuf
integer, intent(in) :: sendcounts(*)
integer(kind=MPI_ADDRESS_KIND), intent(in) :: sdispls(*)
integer, intent(in) :: sendtypes(*)
!GCC$ ATTRIBUTES NO_ARG_CHECK :: recvbuf
type(*), dimension(*) :: recvbuf
integer, intent(in) :: recvcounts(*)
integer(kind=MPI_ADDRESS_KIND), intent(in) :: rdispls(*)
integer, intent(in) :: recvtypes(*)
integer, intent(in) :: comm
integer, intent(in) :: info
integer :: request
integer, intent(out) :: ierror
end subroutine PMPI_Neighbor_alltoallw_init
subroutine PMPI_Neighbor_alltoall_init(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, &
    comm, info, request, ierror)
import
!GCC$ ATTRIBUTES NO_ARG_CHECK :: sendbuf
type(*), dimension(*) :: sendbuf
integer, intent(in) :: sendcount
integer, intent(in) :: sendtype
!GCC$ ATTRIBUTES NO_ARG_CHECK :: recvbuf
type(*), dimension(*) :: recvbuf
integer, intent(in) :: recvcount
integer, intent(in) :: recvtype
integer, intent(in) :: comm
integer, intent(in) :: info
integer :: request
integer, intent(out) :: ierror
end subroutine PMPI_Neighbor_alltoall_init
subroutine PMPI_Op_commutative(op, commute, ierror)
import
integer, intent(in) :: op
logical :: commute
integer, intent(out) :: ierror
end subroutine PMPI_Op_commutative
subroutine PMPI_Op_create(user_fn, commute, op, ierror)
import
external :: user_fn
logical, intent(in) :: commute
integer :: op
integer, intent(out) :: ierror
end subroutine PMPI_Op_create
subroutine PMPI_Op_free(op, ierror)
import
integer :: op
integer, intent(out) :: ierror
end subroutine PMPI_Op_free
subroutine PMPI_Pack(inbuf, incount, datatype, outbuf, outsize, position, comm, ierror)
import
!GCC$ ATTRIBUTES NO_ARG_CHECK :: inbuf
type(*), dimension(*) :: inbuf
integer, intent(in) :: incount
integer, intent(in) :: datatype
!GCC$ ATTRIBUTES NO_ARG_CHECK :: outbuf
type(*), dimension(*) :: outbuf
integer, intent(in) :: outsize
integer :: position
integer, intent(in) :: comm
integer, intent(out) :: ierror
end subroutine PMPI_Pack
subroutine PMPI_Pack_external(datarep, inbuf, incount, datatype, outbuf, outsize, position, ierror)
import
character(len=*), intent(in) :: datarep
!GCC$ ATTRIBUTES NO_ARG_CHECK :: inbuf
type(*), dimension(*) :: inbuf
integer, intent(in) :: incount
integer, intent(in) :: datatype
!GCC$ ATTRIBUTES NO_ARG_CHECK :: outbuf
type(*), dimension(*) :: outbuf
integer(kind=MPI_ADDRESS_KIND), intent(in) :: outsize
integer(kind=MPI_ADDRESS_KIND) :: position
integer, intent(out) :: ierror
end subroutine PMPI_Pack_external
subroutine PMPI_Pack_external_size(datarep, incount, datatype, size, ierror)
import
character(len=*), intent(in) :: datarep
integer, intent(in) :: incount
integer, intent(in) :: datatype
integer(kind=MPI_ADDRESS_KIND) :: size
integer, intent(out) :: ierror
end subroutine PMPI_Pack_external_size
subroutine PMPI_Pack_size(incount, datatype, comm, size, ierror)
import
integer, intent(in) :: incount
integer, intent(in) :: datatype
integer, intent(in) :: comm
integer :: size
integer, intent(out) :: ierror
end subroutine PMPI_Pack_size
subroutine PMPI_Probe(source, tag, comm, status, ierror)
import
integer, intent(in) :: source
integer, intent(in) :: tag
integer, intent(in) :: comm
integer :: status(MPI_STATUS_SIZE)
integer, intent(out) :: ierror
end subroutine PMPI_Probe
subroutine PMPI_Put(origin_addr, origin_count, origin_datatype, target_rank, target_disp, &
    target_count, target_datatype, win, ierror)
import
!GCC$ ATTRIBUTES NO_ARG_CHECK :: origin_addr
type(*), dimension(*) :: origin_addr
integer, intent(in) :: origin_count
integer, intent(in) :: origin_datatype
integer, intent(in) :: target_rank
integer(kind=MPI_ADDRESS_KIND), intent(in) :: target_disp
integer, intent(in) :: target_count
integer, intent(in) :: target_datatype
integer, intent(in) :: win
integer, intent(out) :: ierror
end subroutine PMPI_Put
subroutine PMPI_Query_thread(provided, ierror)
import
integer :: provided
integer, intent(out) :: ierror
end subroutine PMPI_Query_thread
subroutine PMPI_Raccumulate(origin_addr, origin_count, origin_datatype, target_rank, target_disp, &
    target_count, target_datatype, op, win, request, ierror)
import
!GCC$ ATTRIBUTES NO_ARG_CHECK :: origin_addr
type(*), dimension(*) :: origin_addr
integer, intent(in) :: origin_count
integer, intent(in) :: origin_datatype
integer, intent(in) :: target_rank
integer(kind=MPI_ADDRESS_KIND), intent(in) :: target_disp
integer, intent(in) :: target_count
integer, intent(in) :: target_datatype
integer, intent(in) :: op
integer, intent(in) :: win
integer :: request
integer, intent(out) :: ierror
end subroutine PMPI_Raccumulate
subroutine PMPI_Recv(buf, count, datatype, source, tag, comm, status, ierror)
import
!GCC$ ATTRIBUTES NO_ARG_CHECK :: buf
type(*), dimension(*) :: buf
integer, intent(in) :: count
integer, intent(in) :: datatype
integer, intent(in) :: source
integer, intent(in) :: tag
integer, intent(in) :: comm
integer :: status(MPI_STATUS_SIZE)
integer, intent(out) :: ierror
end subroutine PMPI_Recv
subroutine PMPI_Recv_init(buf, count, datatype, source, tag, comm, request, ierror)
import
!GCC$ ATTRIBUTES NO_ARG_CHECK :: buf
type(*), dimension(*) :: buf
integer, intent(in) :: count
integer, intent(in) :: datatype
integer, intent(in) :: source
integer, intent(in) :: tag
integer, intent(in) :: comm
integer :: request
integer, intent(out) :: ierror
end subroutine PMPI_Recv_init
subroutine PMPI_Reduce(sendbuf, recvbuf, count, datatype, op, root, comm, ierror)
import
!GCC$ ATTRIBUTES NO_ARG_CHECK :: sendbuf
type(*), dimension(*) :: sendbuf
!GCC$ ATTRIBUTES NO_ARG_CHECK :: recvbuf
type(*), dimension(*) :: recvbuf
integer, intent(in) :: count
integer, intent(in) :: datatype
integer, intent(in) :: op
integer, intent(in) :: root
integer, intent(in) :: comm
integer, intent(out) :: ierror
end subroutine PMPI_Reduce
subroutine PMPI_Reduce_init(sendbuf, recvbuf, count, datatype, op, root, comm, info, request, &
    ierror)
import
!GCC$ ATTRIBUTES NO_ARG_CHECK :: sendbuf
type(*), dimension(*) :: sendbuf
!GCC$ ATTRIBUTES NO_ARG_CHECK :: recvbuf
type(*), dimension(*) :: recvbuf
integer, intent(in) :: count
integer, intent(in) :: datatype
integer, intent(in) :: op
integer, intent(in) :: root
integer, intent(in) :: comm
integer, intent(in) :: info
integer :: request
integer, intent(out) :: ierror
end subroutine PMPI_Reduce_init
subroutine PMPI_Reduce_local(inbuf, inoutbuf, count, datatype, op, ierror)
import
!GCC$ ATTRIBUTES NO_ARG_CHECK :: inbuf
type(*), dimension(*) :: inbuf
!GCC$ ATTRIBUTES NO_ARG_CHECK :: inoutbuf
type(*), dimension(*) :: inoutbuf
integer, intent(in) :: count
integer, intent(in) :: datatype
integer, intent(in) :: op
integer, intent(out) :: ierror
end subroutine PMPI_Reduce_local
subroutine PMPI_Reduce_scatter(sendbuf, recvbuf, recvcounts, datatype, op, comm, ierror)
import
!GCC$ ATTRIBUTES NO_ARG_CHECK :: sendbuf
type(*), dimension(*) :: sendbuf
!GCC$ ATTRIBUTES NO_ARG_CHECK :: recvbuf
type(*), dimension(*) :: recvbuf
integer, intent(in) :: recvcounts(*)
integer, intent(in) :: datatype
integer, intent(in) :: op
integer, intent(in) :: comm
integer, intent(out) :: ierror
end subroutine PMPI_Reduce_scatter
subroutine PMPI_Reduce_scatter_block(sendbuf, recvbuf, recvcount, datatype, op, comm, ierror)
import
!GCC$ ATTRIBUTES NO_ARG_CHECK :: sendbuf
type(*), dimension(*) :: sendbuf
!GCC$ ATTRIBUTES NO_ARG_CHECK :: recvbuf
type(*), dimension(*) :: recvbuf
integer, intent(in) :: recvcount
integer, intent(in) :: datatype
integer, intent(in) :: op
integer, intent(in) :: comm
integer, intent(out) :: ierror
end subroutine PMPI_Reduce_scatter_block
subroutine PMPI_Reduce_scatter_block_init(sendbuf, recvbuf, recvcount, datatype, op, comm, info, &
    request, ierror)
import
!GCC$ ATTRIBUTES NO_ARG_CHECK :: sendbuf
type(*), dimension(*) :: sendbuf
!GCC$ ATTRIBUTES NO_ARG_CHECK :: recvbuf
type(*), dimension(*) :: recvbuf
integer, intent(in) :: recvcount
integer, intent(in) :: datatype
integer, intent(in) :: op
integer, intent(in) :: comm
integer, intent(in) :: info
integer :: request
integer, intent(out) :: ierror
end subroutine PMPI_Reduce_scatter_block_init
subroutine PMPI_Reduce_scatter_init(sendbuf, recvbuf, recvcounts, datatype, op, comm, info, &
    request, ierror)
import
!GCC$ ATTRIBUTES NO_ARG_CHECK :: sendbuf
type(*), dimension(*) :: sendbuf
!GCC$ ATTRIBUTES NO_ARG_CHECK :: recvbuf
type(*), dimension(*) :: recvbuf
integer, intent(in) :: recvcounts(*)
integer, intent(in) :: datatype
integer, intent(in) :: op
integer, intent(in) :: comm
integer, intent(in) :: info
integer :: request
integer, intent(out) :: ierror
end subroutine PMPI_Reduce_scatter_init
subroutine PMPI_Request_free(request, ierror)
import
integer :: request
integer, intent(out) :: ierror
end subroutine PMPI_Request_free
subroutine PMPI_Request_get_status(request, flag, status, ierror)
import
integer, intent(in) :: request
logical :: flag
integer :: status(MPI_STATUS_SIZE)
integer, intent(out) :: ierror
end subroutine PMPI_Request_get_status
subroutine PMPI_Rget(origin_addr, origin_count, origin_datatype, target_rank, target_disp, &
    target_count, target_datatype, win, request, ierror)
import
!GCC$ ATTRIBUTES NO_ARG_CHECK :: origin_addr
type(*), dimension(*) :: origin_addr
integer, intent(in) :: origin_count
integer, intent(in) :: origin_datatype
integer, intent(in) :: target_rank
integer(kind=MPI_ADDRESS_KIND), intent(in) :: target_disp
integer, intent(in) :: target_count
integer, intent(in) :: target_datatype
integer, intent(in) :: win
integer :: request
integer, intent(out) :: ierror
end subroutine PMPI_Rget
subroutine PMPI_Rget_accumulate(origin_addr, origin_count, origin_datatype, result_addr, &
    result_count, result_datatype, target_rank, target_disp, target_count, target_datatype, op, &
    win, request, ierror)
import
!GCC$ ATTRIBUTES NO_ARG_CHECK :: origin_addr
type(*), dimension(*) :: origin_addr
integer, intent(in) :: origin_count
integer, intent(in) :: origin_datatype
!GCC$ ATTRIBUTES NO_ARG_CHECK :: result_addr
type(*), dimension(*) :: result_addr
integer, intent(in) :: result_count
integer, intent(in) :: result_datatype
integer, intent(in) :: target_rank
integer(kind=MPI_ADDRESS_KIND), intent(in) :: target_disp
integer, intent(in) :: target_count
integer, intent(in) :: target_datatype
integer, intent(in) :: op
integer, intent(in) :: win
integer :: request
integer, intent(out) :: ierror
end subroutine PMPI_Rget_accumulate
subroutine PMPI_Rput(origin_addr, origin_count, origin_datatype, target_rank, target_disp, &
    target_count, target_datatype, win, request, ierror)
import
!GCC$ ATTRIBUTES NO_ARG_CHECK :: origin_addr
type(*), dimension(*) :: origin_addr
integer, intent(in) :: origin_count
integer, intent(in) :: origin_datatype
integer, intent(in) :: target_rank
integer(kind=MPI_ADDRESS_KIND), intent(in) :: target_disp
integer, intent(in) :: target_count
integer, intent(in) :: target_datatype
integer, intent(in) :: win
integer :: request
integer, intent(out) :: ierror
end subroutine PMPI_Rput
subroutine PMPI_Rsend(buf, count, datatype, dest, tag, comm, ierror)
import
!GCC$ ATTRIBUTES NO_ARG_CHECK :: buf
type(*), dimension(*) :: buf
integer, intent(in) :: count
integer, intent(in) :: datatype
integer, intent(in) :: dest
integer, intent(in) :: tag
integer, intent(in) :: comm
integer, intent(out) :: ierror
end subroutine PMPI_Rsend
subroutine PMPI_Rsend_init(buf, count, datatype, dest, tag, comm, request, ierror)
import
!GCC$ ATTRIBUTES NO_ARG_CHECK :: buf
type(*), dimension(*) :: buf
integer, intent(in) :: count
integer, intent(in) :: datatype
integer, intent(in) :: dest
integer, intent(in) :: tag
integer, intent(in) :: comm
integer :: request
integer, intent(out) :: ierror
end subroutine PMPI_Rsend_init
subroutine PMPI_Scan(sendbuf, recvbuf, count, datatype, op, comm, ierror)
import
!GCC$ ATTRIBUTES NO_ARG_CHECK :: sendbuf
type(*), dimension(*) :: sendbuf
!GCC$ ATTRIBUTES NO_ARG_CHECK :: recvbuf
type(*), dimension(*) :: recvbuf
integer, intent(in) :: count
integer, intent(in) :: datatype
integer, intent(in) :: op
integer, intent(in) :: comm
integer, intent(out) :: ierror
end subroutine PMPI_Scan
subroutine PMPI_Scan_init(sendbuf, recvbuf, count, datatype, op, comm, info, request, ierror)
import
!GCC$ ATTRIBUTES NO_ARG_CHECK :: sendbuf
type(*), dimension(*) :: sendbuf
!GCC$ ATTRIBUTES NO_ARG_CHECK :: recvbuf
type(*), dimension(*) :: recvbuf
integer, intent(in) :: count
integer, intent(in) :: datatype
integer, intent(in) :: op
integer, intent(in) :: comm
integer, intent(in) :: info
integer :: request
integer, intent(out) :: ierror
end subroutine PMPI_Scan_init
subroutine PMPI_Scatter(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root, comm, &
    ierror)
import
!GCC$ ATTRIBUTES NO_ARG_CHECK :: sendbuf
type(*), dimension(*) :: sendbuf
integer, intent(in) :: sendcount
integer, intent(in) :: sendtype
!GCC$ ATTRIBUTES NO_ARG_CHECK :: recvbuf
type(*), dimension(*) :: recvbuf
integer, intent(in) :: recvcount
integer, intent(in) :: recvtype
integer, intent(in) :: root
integer, intent(in) :: comm
integer, intent(out) :: ierror
end subroutine PMPI_Scatter
subroutine PMPI_Scatterv(sendbuf, sendcounts, displs, sendtype, recvbuf, recvcount, recvtype, root, &
    comm, ierror)
import
!GCC$ ATTRIBUTES NO_ARG_CHECK :: sendbuf
type(*), dimension(*) :: sendbuf
integer, intent(in) :: sendcounts(*)
integer, intent(in) :: displs(*)
integer, intent(in) :: sendtype
!GCC$ ATTRIBUTES NO_ARG_CHECK :: recvbuf
type(*), dimension(*) :: recvbuf
integer, intent(in) :: recvcount
integer, intent(in) :: recvtype
integer, intent(in) :: root
integer, intent(in) :: comm
integer, intent(out) :: ierror
end subroutine PMPI_Scatterv
subroutine PMPI_Scatterv_init(sendbuf, sendcounts, displs, sendtype, recvbuf, recvcount, recvtype, &
    root, comm, info, request, ierror)
import
!GCC$ ATTRIBUTES NO_ARG_CHECK :: sendbuf
type(*), dimension(*) :: sendbuf
integer, intent(in) :: sendcounts(*)
integer, intent(in) :: displs(*)
integer, intent(in) :: sendtype
!GCC$ ATTRIBUTES NO_ARG_CHECK :: recvbuf
type(*), dimension(*) :: recvbuf
integer, intent(in) :: recvcount
integer, intent(in) :: recvtype
integer, intent(in) :: root
integer, intent(in) :: comm
integer, intent(in) :: info
integer :: request
integer, intent(out) :: ierror
end subroutine PMPI_Scatterv_init
subroutine PMPI_Scatter_init(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root, &
    comm, info, request, ierror)
import
!GCC$ ATTRIBUTES NO_ARG_CHECK :: sendbuf
type(*), dimension(*) :: sendbuf
integer, intent(in) :: sendcount
integer, intent(in) :: sendtype
!GCC$ ATTRIBUTES NO_ARG_CHECK :: recvbuf
type(*), dimension(*) :: recvbuf
integer, intent(in) :: recvcount
integer, intent(in) :: recvtype
integer, intent(in) :: root
integer, intent(in) :: comm
integer, intent(in) :: info
integer :: request
integer, intent(out) :: ierror
end subroutine PMPI_Scatter_init
subroutine PMPI_Send(buf, count, datatype, dest, tag, comm, ierror)
import
!GCC$ ATTRIBUTES NO_ARG_CHECK :: buf
type(*), dimension(*) :: buf
integer, intent(in) :: count
integer, intent(in) :: datatype
integer, intent(in) :: dest
integer, intent(in) :: tag
integer, intent(in) :: comm
integer, intent(out) :: ierror
end subroutine PMPI_Send
subroutine PMPI_Sendrecv(sendbuf, sendcount, sendtype, dest, sendtag, recvbuf, recvcount, recvtype, &
    source, recvtag, comm, status, ierror)
import
!GCC$ ATTRIBUTES NO_ARG_CHECK :: sendbuf
type(*), dimension(*) :: sendbuf
integer, intent(in) :: sendcount
integer, intent(in) :: sendtype
integer, intent(in) :: dest
integer, intent(in) :: sendtag
!GCC$ ATTRIBUTES NO_ARG_CHECK :: recvbuf
type(*), dimension(*) :: recvbuf
integer, intent(in) :: recvcount
integer, intent(in) :: recvtype
integer, intent(in) :: source
integer, intent(in) :: recvtag
integer, intent(in) :: comm
integer :: status(MPI_STATUS_SIZE)
integer, intent(out) :: ierror
end subroutine PMPI_Sendrecv
subroutine PMPI_Sendrecv_replace(buf, count, datatype, dest, sendtag, source, recvtag, comm, &
    status, ierror)
import
!GCC$ ATTRIBUTES NO_ARG_CHECK :: buf
type(*), dimension(*) :: buf
integer, intent(in) :: count
integer, intent(in) :: datatype
integer, intent(in) :: dest
integer, intent(in) :: sendtag
integer, intent(in) :: source
integer, intent(in) :: recvtag
integer, intent(in) :: comm
integer :: status(MPI_STATUS_SIZE)
integer, intent(out) :: ierror
end subroutine PMPI_Sendrecv_replace
subroutine PMPI_Send_init(buf, count, datatype, dest, tag, comm, request, ierror)
import
!GCC$ ATTRIBUTES NO_ARG_CHECK :: buf
type(*), dimension(*) :: buf
integer, intent(in) :: count
integer, intent(in) :: datatype
integer, intent(in) :: dest
integer, intent(in) :: tag
integer, intent(in) :: comm
integer :: request
integer, intent(out) :: ierror
end subroutine PMPI_Send_init
subroutine PMPI_Ssend(buf, count, datatype, dest, tag, comm, ierror)
import
!GCC$ ATTRIBUTES NO_ARG_CHECK :: buf
type(*), dimension(*) :: buf
integer, intent(in) :: count
integer, intent(in) :: datatype
integer, intent(in) :: dest
integer, intent(in) :: tag
integer, intent(in) :: comm
integer, intent(out) :: ierror
end subroutine PMPI_Ssend
subroutine PMPI_Ssend_init(buf, count, datatype, dest, tag, comm, request, ierror)
import
!GCC$ ATTRIBUTES NO_ARG_CHECK :: buf
type(*), dimension(*) :: buf
integer, intent(in) :: count
integer, intent(in) :: datatype
integer, intent(in) :: dest
integer, intent(in) :: tag
integer, intent(in) :: comm
integer :: request
integer, intent(out) :: ierror
end subroutine PMPI_Ssend_init
subroutine PMPI_Start(request, ierror)
import
integer :: request
integer, intent(out) :: ierror
end subroutine PMPI_Start
subroutine PMPI_Startall(count, requests, ierror)
import
integer, intent(in) :: count
integer :: requests(*)
integer, intent(out) :: ierror
end subroutine PMPI_Startall
subroutine PMPI_Status_set_cancelled(status, flag, ierror)
import
integer :: status(MPI_STATUS_SIZE)
logical, intent(in) :: flag
integer, intent(out) :: ierror
end subroutine PMPI_Status_set_cancelled
subroutine PMPI_Status_set_elements(status, datatype, count, ierror)
import
integer :: status(MPI_STATUS_SIZE)
integer, intent(in) :: datatype
integer, intent(in) :: count
integer, intent(out) :: ierror
end subroutine PMPI_Status_set_elements
subroutine PMPI_Status_set_elements_x(status, datatype, count, ierror)
import
integer :: status(MPI_STATUS_SIZE)
integer, intent(in) :: datatype
integer(kind=MPI_COUNT_KIND), intent(in) :: count
integer, intent(out) :: ierror
end subroutine PMPI_Status_set_elements_x
subroutine PMPI_Test(request, flag, status, ierror)
import
integer :: request
logical :: flag
integer :: status(MPI_STATUS_SIZE)
integer, intent(out) :: ierror
end subroutine PMPI_Test
subroutine PMPI_Testall(count, requests, flag, statuses, ierror)
import
integer, intent(in) :: count
integer :: requests(*)
logical :: flag
integer :: statuses(MPI_STATUS_SIZE, *)
integer, intent(out) :: ierror
end subroutine PMPI_Testall
subroutine PMPI_Testany(count, requests, index, flag, status, ierror)
import
integer, intent(in) :: count
integer :: requests(*)
integer :: index
logical :: flag
integer :: status(MPI_STATUS_SIZE)
integer, intent(out) :: ierror
end subroutine PMPI_Testany
subroutine PMPI_Testsome(incount, requests, outcount, indices, statuses, ierror)
import
integer, intent(in) :: incount
integer :: requests(*)
integer :: outcount
integer :: indices(*)
integer :: statuses(MPI_STATUS_SIZE, *)
integer, intent(out) :: ierror
end subroutine PMPI_Testsome
subroutine PMPI_Test_cancelled(status, flag, ierror)
import
integer, intent(in) :: status(MPI_STATUS_SIZE)
logical :: flag
integer, intent(out) :: ierror
end subroutine PMPI_Test_cancelled
subroutine PMPI_Topo_test(comm, status, ierror)
import
integer, intent(in) :: comm
integer :: status
integer, intent(out) :: ierror
end subroutine PMPI_Topo_test
subroutine PMPI_Type_commit(datatype, ierror)
import
integer :: datatype
integer, intent(out) :: ierror
end subroutine PMPI_Type_commit
subroutine PMPI_Type_contiguous(count, oldtype, newtype, ierror)
import
integer, intent(in) :: count
integer, intent(in) :: oldtype
integer :: newtype
integer, intent(out) :: ierror
end subroutine PMPI_Type_contiguous
subroutine PMPI_Type_create_darray(size, rank, ndims, array_of_gsizes, array_of_distribs, &
    array_of_dargs, array_of_psizes, order, oldtype, newtype, ierror)
import
integer, intent(in) :: size
integer, intent(in) :: rank
integer, intent(in) :: ndims
integer, intent(in) :: array_of_gsizes(*)
integer, intent(in) :: array_of_distribs(*)
integer, intent(in) :: array_of_dargs(*)
integer, intent(in) :: array_of_psizes(*)
integer, intent(in) :: order
integer, intent(in) :: oldtype
integer :: newtype
integer, intent(out) :: ierror
end subroutine PMPI_Type_create_darray
subroutine PMPI_Type_create_f90_complex(p, r, newtype, ierror)
import
integer, intent(in) :: p
integer, intent(in) :: r
integer :: newtype
integer, intent(out) :: ierror
end subroutine PMPI_Type_create_f90_complex
subroutine PMPI_Type_create_f90_integer(r, newtype, ierror)
import
integer, intent(in) :: r
integer :: newtype
integer, intent(out) :: ierror
end subroutine PMPI_Type_create_f90_integer
subroutine PMPI_Type_create_f90_real(p, r, newtype, ierror)
import
integer, intent(in) :: p
integer, intent(in) :: r
integer :: newtype
integer, intent(out) :: ierror
end subroutine PMPI_Type_create_f90_real
subroutine PMPI_Type_create_hindexed(count, blocklengths, displacements, oldtype, newtype, ierror)
import
integer, intent(in) :: count
integer, intent(in) :: blocklengths(*)
integer(kind=MPI_ADDRESS_KIND), intent(in) :: displacements(*)
integer, intent(in) :: oldtype
integer :: newtype
integer, intent(out) :: ierror
end subroutine PMPI_Type_create_hindexed
subroutine PMPI_Type_create_hindexed_block(count, blocklength, displacements, oldtype, newtype, &
    ierror)
import
integer, intent(in) :: count
integer, intent(in) :: blocklength
integer(kind=MPI_ADDRESS_KIND), intent(in) :: displacements(*)
integer, intent(in) :: oldtype
integer :: newtype
integer, intent(out) :: ierror
end subroutine PMPI_Type_create_hindexed_block
subroutine PMPI_Type_create_hvector(count, blocklength, stride, oldtype, newtype, ierror)
import
integer, intent(in) :: count
integer, intent(in) :: blocklength
integer(kind=MPI_ADDRESS_KIND), intent(in) :: stride
integer, intent(in) :: oldtype
integer :: newtype
integer, intent(out) :: ierror
end subroutine PMPI_Type_create_hvector
subroutine PMPI_Type_create_indexed_block(count, blocklength, displacements, oldtype, newtype, &
    ierror)
import
integer, intent(in) :: count
integer, intent(in) :: blocklength
integer, intent(in) :: displacements(*)
integer, intent(in) :: oldtype
integer :: newtype
integer, intent(out) :: ierror
end subroutine PMPI_Type_create_indexed_block
subroutine PMPI_Type_create_keyval(type_copy_attr_fn, type_delete_attr_fn, type_keyval, &
    extra_state, ierror)
import
external :: type_copy_attr_fn
external :: type_delete_attr_fn
integer :: type_keyval
integer(kind=MPI_ADDRESS_KIND), intent(in) :: extra_state
integer, intent(out) :: ierror
end subroutine PMPI_Type_create_keyval
subroutine PMPI_Type_create_resized(oldtype, lb, extent, newtype, ierror)
import
integer, intent(in) :: oldtype
integer(kind=MPI_ADDRESS_KIND), intent(in) :: lb
integer(kind=MPI_ADDRESS_KIND), intent(in) :: extent
integer :: newtype
integer, intent(out) :: ierror
end subroutine PMPI_Type_create_resized
subroutine PMPI_Type_create_struct(count, blocklengths, displacements, types, newtype, ierror)
import
integer, intent(in) :: count
integer, intent(in) :: blocklengths(*)
integer(kind=MPI_ADDRESS_KIND), intent(in) :: displacements(*)
integer, intent(in) :: types(*)
integer :: newtype
integer, intent(out) :: ierror
end subroutine PMPI_Type_create_struct
subroutine PMPI_Type_create_subarray(ndims, sizes, subsizes, starts, order, oldtype, newtype, &
    ierror)
import
integer, intent(in) :: ndims
integer, intent(in) :: sizes(*)
integer, intent(in) :: subsizes(*)
integer, intent(in) :: starts(*)
integer, intent(in) :: order
integer, intent(in) :: oldtype
integer :: newtype
integer, intent(out) :: ierror
end subroutine PMPI_Type_create_subarray
subroutine PMPI_Type_delete_attr(datatype, type_keyval, ierror)
import
integer, intent(in) :: datatype
integer, intent(in) :: type_keyval
integer, intent(out) :: ierror
end subroutine PMPI_Type_delete_attr
subroutine PMPI_Type_dup(oldtype, newtype, ierror)
import
integer, intent(in) :: oldtype
integer :: newtype
integer, intent(out) :: ierror
end subroutine PMPI_Type_dup
subroutine PMPI_Type_free(datatype, ierror)
import
integer :: datatype
integer, intent(out) :: ierror
end subroutine PMPI_Type_free
subroutine PMPI_Type_free_keyval(type_keyval, ierror)
import
integer :: type_keyval
integer, intent(out) :: ierror
end subroutine PMPI_Type_free_keyval
subroutine PMPI_Type_get_attr(datatype, type_keyval, attribute_val, flag, ierror)
import
integer, intent(in) :: datatype
integer, intent(in) :: type_keyval
integer(kind=MPI_ADDRESS_KIND), intent(out) :: attribute_val
logical :: flag
integer, intent(out) :: ierror
end subroutine PMPI_Type_get_attr
subroutine PMPI_Type_get_contents(datatype, max_integers, max_addresses, max_datatypes, &
    array_of_integers, array_of_addresses, array_of_datatypes, ierror)
import
integer, intent(in) :: datatype
integer, intent(in) :: max_integers
integer, intent(in) :: max_addresses
integer, intent(in) :: max_datatypes
integer :: array_of_integers(*)
integer(kind=MPI_ADDRESS_KIND) :: array_of_addresses(*)
integer :: array_of_datatypes(*)
integer, intent(out) :: ierror
end subroutine PMPI_Type_get_contents
subroutine PMPI_Type_get_envelope(datatype, num_integers, num_addresses, num_datatypes, combiner, &
    ierror)
import
integer, intent(in) :: datatype
integer :: num_integers
integer :: num_addresses
integer :: num_datatypes
integer :: combiner
integer, intent(out) :: ierror
end subroutine PMPI_Type_get_envelope
subroutine PMPI_Type_get_extent(datatype, lb, extent, ierror)
import
integer, intent(in) :: datatype
integer(kind=MPI_ADDRESS_KIND) :: lb
integer(kind=MPI_ADDRESS_KIND) :: extent
integer, intent(out) :: ierror
end subroutine PMPI_Type_get_extent
subroutine PMPI_Type_get_extent_x(datatype, lb, extent, ierror)
import
integer, intent(in) :: datatype
integer(kind=MPI_COUNT_KIND) :: lb
integer(kind=MPI_COUNT_KIND) :: extent
integer, intent(out) :: ierror
end subroutine PMPI_Type_get_extent_x
subroutine PMPI_Type_get_name(datatype, type_name, resultlen, ierror)
import
integer, intent(in) :: datatype
character(len=*) :: type_name
integer :: resultlen
integer, intent(out) :: ierror
end subroutine PMPI_Type_get_name
subroutine PMPI_Type_get_true_extent(datatype, true_lb, true_extent, ierror)
import
integer, intent(in) :: datatype
integer(kind=MPI_ADDRESS_KIND) :: true_lb
integer(kind=MPI_ADDRESS_KIND) :: true_extent
integer, intent(out) :: ierror
end subroutine PMPI_Type_get_true_extent
subroutine PMPI_Type_get_true_extent_x(datatype, true_lb, true_extent, ierror)
import
integer, intent(in) :: datatype
integer(kind=MPI_COUNT_KIND) :: true_lb
integer(kind=MPI_COUNT_KIND) :: true_extent
integer, intent(out) :: ierror
end subroutine PMPI_Type_get_true_extent_x
subroutine PMPI_Type_indexed(count, blocklengths, displacements, oldtype, newtype, ierror)
import
integer, intent(in) :: count
integer, intent(in) :: blocklengths(*)
integer, intent(in) :: displacements(*)
integer, intent(in) :: oldtype
integer :: newtype
integer, intent(out) :: ierror
end subroutine PMPI_Type_indexed
subroutine PMPI_Type_match_size(typeclass, size, datatype, ierror)
import
integer, intent(in) :: typeclass
integer, intent(in) :: size
integer :: datatype
integer, intent(out) :: ierror
end subroutine PMPI_Type_match_size
subroutine PMPI_Type_set_attr(datatype, type_keyval, attribute_val, ierror)
import
integer, intent(in) :: datatype
integer, intent(in) :: type_keyval
integer(kind=MPI_ADDRESS_KIND), intent(in) :: attribute_val
integer, intent(out) :: ierror
end subroutine PMPI_Type_set_attr
subroutine PMPI_Type_set_name(datatype, type_name, ierror)
import
integer, intent(in) :: datatype
character(len=*), intent(in) :: type_name
integer, intent(out) :: ierror
end subroutine PMPI_Type_set_name
subroutine PMPI_Type_size(datatype, size, ierror)
import
integer, intent(in) :: datatype
integer :: size
integer, intent(out) :: ierror
end subroutine PMPI_Type_size
subroutine PMPI_Type_size_x(datatype, size, ierror)
import
integer, intent(in) :: datatype
integer(kind=MPI_COUNT_KIND) :: size
integer, intent(out) :: ierror
end subroutine PMPI_Type_size_x
subroutine PMPI_Type_vector(count, blocklength, stride, oldtype, newtype, ierror)
import
integer, intent(in) :: count
integer, intent(in) :: blocklength
integer, intent(in) :: stride
integer, intent(in) :: oldtype
integer :: newtype
integer, intent(out) :: ierror
end subroutine PMPI_Type_vector
subroutine PMPI_Unpack(inbuf, insize, position, outbuf, outcount, datatype, comm, ierror)
import
!GCC$ ATTRIBUTES NO_ARG_CHECK :: inbuf
type(*), dimension(*) :: inbuf
integer, intent(in) :: insize
integer :: position
!GCC$ ATTRIBUTES NO_ARG_CHECK :: outbuf
type(*), dimension(*) :: outbuf
integer, intent(in) :: outcount
integer, intent(in) :: datatype
integer, intent(in) :: comm
integer, intent(out) :: ierror
end subroutine PMPI_Unpack
subroutine PMPI_Unpack_external(datarep, inbuf, insize, position, outbuf, outcount, datatype, &
    ierror)
import
character(len=*), intent(in) :: datarep
!GCC$ ATTRIBUTES NO_ARG_CHECK :: inbuf
type(*), dimension(*) :: inbuf
integer(kind=MPI_ADDRESS_KIND), intent(in) :: insize
integer(kind=MPI_ADDRESS_KIND) :: position
!GCC$ ATTRIBUTES NO_ARG_CHECK :: outbuf
type(*), dimension(*) :: outbuf
integer, intent(in) :: outcount
integer, intent(in) :: datatype
integer, intent(out) :: ierror
end subroutine PMPI_Unpack_external
subroutine PMPI_Wait(request, status, ierror)
import
integer :: request
integer :: status(MPI_STATUS_SIZE)
integer, intent(out) :: ierror
end subroutine PMPI_Wait
subroutine PMPI_Waitall(count, requests, statuses, ierror)
import
integer, intent(in) :: count
integer :: requests(*)
integer :: statuses(MPI_STATUS_SIZE, *)
integer, intent(out) :: ierror
end subroutine PMPI_Waitall
subroutine PMPI_Waitany(count, requests, index, status, ierror)
import
integer, intent(in) :: count
integer :: requests(*)
integer :: index
integer :: status(MPI_STATUS_SIZE)
integer, intent(out) :: ierror
end subroutine PMPI_Waitany
subroutine PMPI_Waitsome(incount, requests, outcount, indices, statuses, ierror)
import
integer, intent(in) :: incount
integer :: requests(*)
integer :: outcount
integer :: indices(*)
integer :: statuses(MPI_STATUS_SIZE, *)
integer, intent(out) :: ierror
end subroutine PMPI_Waitsome
subroutine PMPI_Win_allocate(size, disp_unit, info, comm, baseptr, win, ierror)
import
integer(kind=MPI_ADDRESS_KIND), intent(in) :: size
integer, intent(in) :: disp_unit
integer, intent(in) :: info
integer, intent(in) :: comm
!GCC$ ATTRIBUTES NO_ARG_CHECK :: baseptr
type(*), dimension(*) :: baseptr
integer :: win
integer, intent(out) :: ierror
end subroutine PMPI_Win_allocate
subroutine PMPI_Win_allocate_shared(size, disp_unit, info, comm, baseptr, win, ierror)
import
integer(kind=MPI_ADDRESS_KIND), intent(in) :: size
integer, intent(in) :: disp_unit
integer, intent(in) :: info
integer, intent(in) :: comm
!GCC$ ATTRIBUTES NO_ARG_CHECK :: baseptr
type(*), dimension(*) :: baseptr
integer :: win
integer, intent(out) :: ierror
end subroutine PMPI_Win_allocate_shared
subroutine PMPI_Win_attach(win, base, size, ierror)
import
integer, intent(in) :: win
!GCC$ ATTRIBUTES NO_ARG_CHECK :: base
type(*), dimension(*) :: base
integer(kind=MPI_ADDRESS_KIND), intent(in) :: size
integer, intent(out) :: ierror
end subroutine PMPI_Win_attach
subroutine PMPI_Win_call_errhandler(win, errorcode, ierror)
import
integer, intent(in) :: win
integer, intent(in) :: errorcode
integer, intent(out) :: ierror
end subroutine PMPI_Win_call_errhandler
subroutine PMPI_Win_complete(win, ierror)
import
integer, intent(in) :: win
integer, intent(out) :: ierror
end subroutine PMPI_Win_complete
subroutine PMPI_Win_create(base, size, disp_unit, info, comm, win, ierror)
import
!GCC$ ATTRIBUTES NO_ARG_CHECK :: base
type(*), dimension(*) :: base
integer(kind=MPI_ADDRESS_KIND), intent(in) :: size
integer, intent(in) :: disp_unit
integer, intent(in) :: info
integer, intent(in) :: comm
integer :: win
integer, intent(out) :: ierror
end subroutine PMPI_Win_create
subroutine PMPI_Win_create_dynamic(info, comm, win, ierror)
import
integer, intent(in) :: info
integer, intent(in) :: comm
integer :: win
integer, intent(out) :: ierror
end subroutine PMPI_Win_create_dynamic
subroutine PMPI_Win_create_errhandler(win_errhandler_fn, errhandler, ierror)
import
external :: win_errhandler_fn
integer :: errhandler
integer, intent(out) :: ierror
end subroutine PMPI_Win_create_errhandler
subroutine PMPI_Win_create_keyval(win_copy_attr_fn, win_delete_attr_fn, win_keyval, extra_state, &
    ierror)
import
external :: win_copy_attr_fn
external :: win_delete_attr_fn
integer :: win_keyval
integer(kind=MPI_ADDRESS_KIND), intent(in) :: extra_state
integer, intent(out) :: ierror
end subroutine PMPI_Win_create_keyval
subroutine PMPI_Win_delete_attr(win, win_keyval, ierror)
import
integer, intent(in) :: win
integer, intent(in) :: win_keyval
integer, intent(out) :: ierror
end subroutine PMPI_Win_delete_attr
subroutine PMPI_Win_detach(win, base, ierror)
import
integer, intent(in) :: win
!GCC$ ATTRIBUTES NO_ARG_CHECK :: base
type(*), dimension(*) :: base
integer, intent(out) :: ierror
end subroutine PMPI_Win_detach
subroutine PMPI_Win_fence(assert, win, ierror)
import
integer, intent(in) :: assert
integer, intent(in) :: win
integer, intent(out) :: ierror
end subroutine PMPI_Win_fence
subroutine PMPI_Win_flush(rank, win, ierror)
import
integer, intent(in) :: rank
integer, intent(in) :: win
integer, intent(out) :: ierror
end subroutine PMPI_Win_flush
subroutine PMPI_Win_flush_all(win, ierror)
import
integer, intent(in) :: win
integer, intent(out) :: ierror
end subroutine PMPI_Win_flush_all
subroutine PMPI_Win_flush_local(rank, win, ierror)
import
integer, intent(in) :: rank
integer, intent(in) :: win
integer, intent(out) :: ierror
end subroutine PMPI_Win_flush_local
subroutine PMPI_Win_flush_local_all(win, ierror)
import
integer, intent(in) :: win
integer, intent(out) :: ierror
end subroutine PMPI_Win_flush_local_all
subroutine PMPI_Win_free(win, ierror)
import
integer :: win
integer, intent(out) :: ierror
end subroutine PMPI_Win_free
subroutine PMPI_Win_free_keyval(win_keyval, ierror)
import
integer :: win_keyval
integer, intent(out) :: ierror
end subroutine PMPI_Win_free_keyval
subroutine PMPI_Win_get_attr(win, win_keyval, attribute_val, flag, ierror)
import
integer, intent(in) :: win
integer, intent(in) :: win_keyval
integer(kind=MPI_ADDRESS_KIND), intent(out) :: attribute_val
logical :: flag
integer, intent(out) :: ierror
end subroutine PMPI_Win_get_attr
subroutine PMPI_Win_get_errhandler(win, errhandler, ierror)
import
integer, intent(in) :: win
integer :: errhandler
integer, intent(out) :: ierror
end subroutine PMPI_Win_get_errhandler
subroutine PMPI_Win_get_group(win, group, ierror)
import
integer, intent(in) :: win
integer :: group
integer, intent(out) :: ierror
end subroutine PMPI_Win_get_group
subroutine PMPI_Win_get_info(win, info_used, ierror)
import
integer, intent(in) :: win
integer :: info_used
integer, intent(out) :: ierror
end subroutine PMPI_Win_get_info
subroutine PMPI_Win_get_name(win, win_name, resultlen, ierror)
import
integer, intent(in) :: win
character(len=*) :: win_name
integer :: resultlen
integer, intent(out) :: ierror
end subroutine PMPI_Win_get_name
subroutine PMPI_Win_lock(lock_type, rank, assert, win, ierror)
import
integer, intent(in) :: lock_type
integer, intent(in) :: rank
integer, intent(in) :: assert
integer, intent(in) :: win
integer, intent(out) :: ierror
end subroutine PMPI_Win_lock
subroutine PMPI_Win_lock_all(assert, win, ierror)
import
integer, intent(in) :: assert
integer, intent(in) :: win
integer, intent(out) :: ierror
end subroutine PMPI_Win_lock_all
subroutine PMPI_Win_post(group, assert, win, ierror)
import
integer, intent(in) :: group
integer, intent(in) :: assert
integer, intent(in) :: win
integer, intent(out) :: ierror
end subroutine PMPI_Win_post
subroutine PMPI_Win_set_attr(win, win_keyval, attribute_val, ierror)
import
integer, intent(in) :: win
integer, intent(in) :: win_keyval
integer(kind=MPI_ADDRESS_KIND), intent(in) :: attribute_val
integer, intent(out) :: ierror
end subroutine PMPI_Win_set_attr
subroutine PMPI_Win_set_errhandler(win, errhandler, ierror)
import
integer, intent(in) :: win
integer, intent(in) :: errhandler
integer, intent(out) :: ierror
end subroutine PMPI_Win_set_errhandler
subroutine PMPI_Win_set_info(win, info, ierror)
import
integer, intent(in) :: win
integer, intent(in) :: info
integer, intent(out) :: ierror
end subroutine PMPI_Win_set_info
subroutine PMPI_Win_set_name(win, win_name, ierror)
import
integer, intent(in) :: win
character(len=*), intent(in) :: win_name
integer, intent(out) :: ierror
end subroutine PMPI_Win_set_name
subroutine PMPI_Win_shared_query(win, rank, size, disp_unit, baseptr, ierror)
import
integer, intent(in) :: win
integer, intent(in) :: rank
integer(kind=MPI_ADDRESS_KIND) :: size
integer :: disp_unit
!GCC$ ATTRIBUTES NO_ARG_CHECK :: baseptr
type(*), dimension(*) :: baseptr
integer, intent(out) :: ierror
end subroutine PMPI_Win_shared_query
subroutine PMPI_Win_start(group, assert, win, ierror)
import
integer, intent(in) :: group
integer, intent(in) :: assert
integer, intent(in) :: win
integer, intent(out) :: ierror
end subroutine PMPI_Win_start
subroutine PMPI_Win_sync(win, ierror)
import
integer, intent(in) :: win
integer, intent(out) :: ierror
end subroutine PMPI_Win_sync
subroutine PMPI_Win_test(win, flag, ierror)
import
integer, intent(in) :: win
logical :: flag
integer, intent(out) :: ierror
end subroutine PMPI_Win_test
subroutine PMPI_Win_unlock(rank, win, ierror)
import
integer, intent(in) :: rank
integer, intent(in) :: win
integer, intent(out) :: ierror
end subroutine PMPI_Win_unlock
subroutine PMPI_Win_unlock_all(win, ierror)
import
integer, intent(in) :: win
integer, intent(out) :: ierror
end subroutine PMPI_Win_unlock_all
subroutine PMPI_Win_wait(win, ierror)
import
integer, intent(in) :: win
integer, intent(out) :: ierror
end subroutine PMPI_Win_wait
end interface
EXTERNAL AMPI_GET_PUP_DATA
EXTERNAL AMPI_IALLGATHER
EXTERNAL AMPI_IALLREDUCE
EXTERNAL AMPI_IALLTOALL
EXTERNAL AMPI_IREDUCE
EXTERNAL AMPI_REGISTER_PUP
EXTERNAL MPI_ADDRESS
EXTERNAL MPI_ALLOC_MEM
EXTERNAL MPI_ATTR_GET
EXTERNAL MPI_ATTR_PUT
EXTERNAL MPI_BUFFER_DETACH
EXTERNAL MPI_F_SYNC_REG
EXTERNAL MPI_INFO_CREATE_ENV
EXTERNAL MPI_INIT
EXTERNAL MPI_INIT_THREAD
EXTERNAL MPI_PCONTROL
EXTERNAL MPI_STATUS_F082F
EXTERNAL MPI_STATUS_F2F08
EXTERNAL MPI_TYPE_EXTENT
EXTERNAL MPI_TYPE_HINDEXED
EXTERNAL MPI_TYPE_HVECTOR
EXTERNAL MPI_TYPE_LB
EXTERNAL MPI_TYPE_STRUCT
EXTERNAL MPI_TYPE_UB
EXTERNAL PMPI_ADDRESS
EXTERNAL PMPI_ALLOC_MEM
EXTERNAL PMPI_ATTR_GET
EXTERNAL PMPI_ATTR_PUT
EXTERNAL PMPI_BUFFER_DETACH
EXTERNAL PMPI_COMM_DUP_FN
EXTERNAL PMPI_COMM_NULL_COPY_FN
EXTERNAL PMPI_COMM_NULL_DELETE_FN
EXTERNAL PMPI_DUP_FN
EXTERNAL PMPI_F_SYNC_REG
EXTERNAL PMPI_INFO_CREATE_ENV
EXTERNAL PMPI_INIT
EXTERNAL PMPI_INIT_THREAD
EXTERNAL PMPI_NULL_COPY_FN
EXTERNAL PMPI_NULL_DELETE_FN
EXTERNAL PMPI_PCONTROL
EXTERNAL PMPI_STATUS_F082F
EXTERNAL PMPI_STATUS_F2F08
EXTERNAL PMPI_TYPE_DUP_FN
EXTERNAL PMPI_TYPE_EXTENT
EXTERNAL PMPI_TYPE_HINDEXED
EXTERNAL PMPI_TYPE_HVECTOR
EXTERNAL PMPI_TYPE_LB
EXTERNAL PMPI_TYPE_NULL_COPY_FN
EXTERNAL PMPI_TYPE_NULL_DELETE_FN
EXTERNAL PMPI_TYPE_STRUCT
EXTERNAL PMPI_TYPE_UB
EXTERNAL PMPI_WIN_DUP_FN
EXTERNAL PMPI_WIN_NULL_COPY_FN
EXTERNAL PMPI_WIN_NULL_DELETE_FN
