! The Fortran names of issue 51 (defect 3), each checked: MPI-1's datatype
! calls with default INTEGER displacements, strides, extents and addresses;
! names of datatypes and windows, the library version, error strings and
! MPI-1's error handler calls; a file's view and error handler; buffered
! and ready persistent sends; group ranges; non-blocking neighbour
! collectives; statuses made by hand; MPI_Alloc_mem and MPI_Win_allocate;
! adjacent distributed graphs, with and without weights; Fortran's kinds
! as MPI types, MPI_PCONTROL and MPI_COMM_GET_PARENT; the profiling names
! (PMPI_x); MPI_IN_PLACE in the non-blocking and w all-to-alls; MPI_BOTTOM
! and the sized types MPI_INTEGER1, MPI_INTEGER2, MPI_COMPLEX16; a
! generalized request whose callbacks get the program's own extra_state;
! info keys and values with blanks around and inside them; integers packed
! "external32" (big-endian) and back; MPI_F_SYNC_REG; MPI-1's MPI_LB and
! MPI_UB markers bounding an MPI_TYPE_STRUCT.
! Argument: a file name prefix. Prints one line of checks (1 = right), the
! same under Open MPI's mpif90.
module binding_state
  integer :: calls = 0, last_class = -1
end module binding_state

subroutine noted(comm, code)
  use mpi
  use binding_state
  implicit none
  integer :: comm, code, ierr
  calls = calls + 1
  call MPI_Error_class(code, last_class, ierr)
end subroutine noted

subroutine greq_query(extra, status, ierr)
  use mpi
  implicit none
  integer(kind=MPI_ADDRESS_KIND) :: extra
  integer :: status(MPI_STATUS_SIZE), ierr
  call MPI_Status_set_elements(status, MPI_BYTE, 0, ierr)
  call MPI_Status_set_cancelled(status, .false., ierr)
  extra = extra + 10
  ierr = MPI_SUCCESS
end subroutine greq_query

subroutine greq_free(extra, ierr)
  use mpi
  implicit none
  integer(kind=MPI_ADDRESS_KIND) :: extra
  integer :: ierr
  extra = extra - 1
  ierr = MPI_SUCCESS
end subroutine greq_free

subroutine greq_cancel(extra, complete, ierr)
  use mpi
  implicit none
  integer(kind=MPI_ADDRESS_KIND) :: extra
  logical :: complete
  integer :: ierr
  ierr = MPI_SUCCESS
end subroutine greq_cancel

program bindings
  use mpi
  use binding_state
  use iso_c_binding, only: c_f_pointer, c_null_ptr
  implicit none
  external noted, greq_query, greq_free, greq_cancel
  integer, parameter :: nchecks = 18
  integer :: ierr, rank, n, i, t, class, ok(nchecks), all(nchecks)
  integer :: a(8), b(8), lens(2), disps(2), types(2), extent, lb, ub, addr1, addr2
  integer :: h, h2, code, fh, etype, ftype, g, g2, sz, cart, left, right, win
  integer :: reqs(4), status(MPI_STATUS_SIZE), got(4), counts(2), displs(2)
  integer :: bsend_buf(64), graph, indeg, outdeg, srcs(2), dsts(2), ws(2), wd(2)
  integer :: kind_size, parent, prank, psum, n2
  integer :: mlens(3), mdisps(3), mtypes(3), marked, mpacked(3), mpos, msrc(12)
  integer :: xs(16), xc(16), xd(16), xt(16), xnull(16), bot(16)
  ! (in a common block: the compiler then expects any call to change it)
  common /bottom_buffer/ bot
  integer(kind=1) :: i1(2)
  integer(kind=2) :: i2(2)
  complex(kind=8) :: z16
  integer(kind=MPI_ADDRESS_KIND) :: xsize, xpos, xpos2
  integer(kind=1) :: packed(16)
  integer :: xvals(3), xback(3)
  integer(kind=MPI_ADDRESS_KIND) :: gstate
  common /greq_state/ gstate
  integer(kind=MPI_ADDRESS_KIND) :: big, base
  integer(kind=MPI_OFFSET_KIND) :: disp
  integer(kind=MPI_COUNT_KIND) :: count_x
  integer, pointer :: mem(:), cells(:)
  character(len=MPI_MAX_LIBRARY_VERSION_STRING) :: version
  character(len=MPI_MAX_OBJECT_NAME) :: text
  character(len=200) :: prefix
  logical :: arts, flag

  call MPI_Init(ierr)
  call MPI_Comm_rank(MPI_COMM_WORLD, rank, ierr)
  call MPI_Comm_size(MPI_COMM_WORLD, n, ierr)
  call MPI_Get_library_version(version, i, ierr)
  arts = version(1:4) == 'arts' .and. i == len_trim(version)
  ok = 1
  a = (/ (i, i = 1, 8) /)

  ! 1. MPI-1 datatypes: hindexed (bytes 0 and 12), hvector (stride 8 bytes),
  ! struct (an integer and a double), their extents and bounds
  call MPI_Type_hindexed(2, (/ 1, 2 /), (/ 0, 12 /), MPI_INTEGER, t, ierr)
  call MPI_Type_commit(t, ierr)
  b = 0
  call MPI_Sendrecv(a, 1, t, rank, 1, b, 3, MPI_INTEGER, rank, 1, MPI_COMM_WORLD, &
                    MPI_STATUS_IGNORE, ierr)
  if (any(b(1:3) /= (/ 1, 4, 5 /))) ok(1) = 0
  call MPI_Type_extent(t, extent, ierr)
  if (extent /= 20) ok(1) = 0
  call MPI_Type_free(t, ierr)
  call MPI_Type_hvector(3, 1, 8, MPI_INTEGER, t, ierr)
  call MPI_Type_commit(t, ierr)
  b = 0
  call MPI_Sendrecv(a, 1, t, rank, 2, b, 3, MPI_INTEGER, rank, 2, MPI_COMM_WORLD, &
                    MPI_STATUS_IGNORE, ierr)
  if (any(b(1:3) /= (/ 1, 3, 5 /))) ok(1) = 0
  call MPI_Type_extent(t, extent, ierr)
  call MPI_Type_lb(t, lb, ierr)
  call MPI_Type_ub(t, ub, ierr)
  if (extent /= 20 .or. lb /= 0 .or. ub /= 20) ok(1) = 0
  call MPI_Type_free(t, ierr)
  big = -4
  call MPI_Type_create_resized(MPI_INTEGER, big, 16_MPI_ADDRESS_KIND, t, ierr)
  call MPI_Type_lb(t, lb, ierr)
  call MPI_Type_ub(t, ub, ierr)
  call MPI_Type_extent(t, extent, ierr)
  if (lb /= -4 .or. ub /= 12 .or. extent /= 16) ok(1) = 0
  call MPI_Type_free(t, ierr)
  lens = (/ 1, 1 /)
  disps = (/ 0, 8 /)
  types = (/ MPI_INTEGER, MPI_DOUBLE_PRECISION /)
  call MPI_Type_struct(2, lens, disps, types, t, ierr)
  call MPI_Type_size(t, i, ierr)
  call MPI_Type_extent(t, extent, ierr)
  if (i /= 12 .or. extent /= 16 .or. ierr /= MPI_SUCCESS) ok(1) = 0
  call MPI_Type_free(t, ierr)

  ! 2. MPI_Address: an INTEGER address, which under arts fails with
  ! MPI_ERR_ARG where the address does not fit (Open MPI truncates it)
  call MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN, ierr)
  call MPI_Get_address(a(1), big, ierr)
  addr1 = -7
  call MPI_Address(a(1), addr1, ierr)
  if (ierr == MPI_SUCCESS) then
    call MPI_Address(a(3), addr2, ierr)
    if (addr2 - addr1 /= 8) ok(2) = 0
    if (arts .and. int(addr1, MPI_ADDRESS_KIND) /= big) ok(2) = 0
  else
    call MPI_Error_class(ierr, class, i)
    if (.not. arts .or. class /= MPI_ERR_ARG .or. addr1 /= -7) ok(2) = 0
    if (big <= huge(addr1) .and. big >= -huge(addr1)) ok(2) = 0
  end if
  call MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_ARE_FATAL, ierr)

  ! 3. names of a datatype and a window (MPI_Win_allocate's memory), the
  ! library's version, a string for an error code of the program's own
  call MPI_Get_library_version(version, i, ierr)
  if (i <= 0 .or. len_trim(version) == 0 .or. ierr /= MPI_SUCCESS) ok(3) = 0
  call MPI_Type_contiguous(2, MPI_INTEGER, t, ierr)
  call MPI_Type_set_name(t, 'pair of ints', ierr)
  call MPI_Type_get_name(t, text, i, ierr)
  if (trim(text) /= 'pair of ints' .or. i /= 12) ok(3) = 0
  call MPI_Type_free(t, ierr)
  call MPI_Win_allocate(16_MPI_ADDRESS_KIND, 4, MPI_INFO_NULL, MPI_COMM_WORLD, base, win, ierr)
  call c_f_pointer(transfer(base, c_null_ptr), cells, (/ 4 /))
  cells = -1
  call MPI_Win_set_name(win, 'cells', ierr)
  call MPI_Win_get_name(win, text, i, ierr)
  if (trim(text) /= 'cells' .or. i /= 5) ok(3) = 0
  call MPI_Win_fence(0, win, ierr)
  call MPI_Put(rank, 1, MPI_INTEGER, mod(rank + 1, n), 2_MPI_ADDRESS_KIND, 1, MPI_INTEGER, &
               win, ierr)
  call MPI_Win_fence(0, win, ierr)
  if (cells(3) /= mod(rank + n - 1, n) .or. cells(1) /= -1) ok(3) = 0
  call MPI_Win_free(win, ierr)
  call MPI_Add_error_class(class, ierr)
  call MPI_Add_error_code(class, code, ierr)
  call MPI_Add_error_string(code, 'the bindings test''s own error', ierr)
  call MPI_Error_string(code, text, i, ierr)
  if (trim(text) /= 'the bindings test''s own error' .or. i /= 29) ok(3) = 0

  ! 4. MPI-1's error handler calls; a file's error handler and view
  call MPI_Errhandler_create(noted, h, ierr)
  call MPI_Errhandler_set(MPI_COMM_WORLD, h, ierr)
  call MPI_Errhandler_get(MPI_COMM_WORLD, h2, ierr)
  call MPI_Send(a, 1, MPI_INTEGER, n + 3, 0, MPI_COMM_WORLD, ierr)
  if (h2 /= h .or. calls /= 1 .or. last_class /= MPI_ERR_RANK .or. ierr == MPI_SUCCESS) ok(4) = 0
  call MPI_Errhandler_set(MPI_COMM_WORLD, MPI_ERRORS_ARE_FATAL, ierr)
  call MPI_Errhandler_free(h, ierr)
  call get_command_argument(1, prefix)
  write (text, '(a, i0)') '.', rank
  call MPI_File_open(MPI_COMM_SELF, trim(prefix) // trim(text), &
                     MPI_MODE_CREATE + MPI_MODE_RDWR + MPI_MODE_DELETE_ON_CLOSE, &
                     MPI_INFO_NULL, fh, ierr)
  call MPI_File_set_errhandler(fh, MPI_ERRORS_RETURN, ierr)
  call MPI_File_read_at(fh, 0_MPI_OFFSET_KIND, b, -1, MPI_INTEGER, status, ierr)
  if (ierr == MPI_SUCCESS) ok(4) = 0
  call MPI_File_set_view(fh, 8_MPI_OFFSET_KIND, MPI_INTEGER, MPI_INTEGER, 'native', &
                         MPI_INFO_NULL, ierr)
  text = 'x'
  call MPI_File_get_view(fh, disp, etype, ftype, text, ierr)
  if (disp /= 8 .or. etype /= MPI_INTEGER .or. ftype /= MPI_INTEGER) ok(4) = 0
  if (trim(text) /= 'native' .or. ierr /= MPI_SUCCESS) ok(4) = 0
  call MPI_File_close(fh, ierr)

  ! 5. buffered and ready persistent sends to myself, twice
  call MPI_Buffer_attach(bsend_buf, 256, ierr)
  b(1:2) = (/ rank + 100, rank + 200 /)
  call MPI_Bsend_init(b(1), 1, MPI_INTEGER, rank, 11, MPI_COMM_WORLD, reqs(1), ierr)
  call MPI_Rsend_init(b(2), 1, MPI_INTEGER, rank, 12, MPI_COMM_WORLD, reqs(2), ierr)
  do i = 1, 2
    got = -1
    call MPI_Irecv(got(1), 1, MPI_INTEGER, rank, 11, MPI_COMM_WORLD, reqs(3), ierr)
    call MPI_Irecv(got(2), 1, MPI_INTEGER, rank, 12, MPI_COMM_WORLD, reqs(4), ierr)
    call MPI_Startall(2, reqs, ierr)
    call MPI_Waitall(4, reqs, MPI_STATUSES_IGNORE, ierr)
    if (got(1) /= rank + 100 .or. got(2) /= rank + 200) ok(5) = 0
  end do
  call MPI_Request_free(reqs(1), ierr)
  call MPI_Request_free(reqs(2), ierr)
  call MPI_Buffer_detach(bsend_buf, sz, ierr)
  if (sz /= 256) ok(5) = 0

  ! 6. group ranges: the even ranks, and the others
  call MPI_Comm_group(MPI_COMM_WORLD, g, ierr)
  call MPI_Group_range_incl(g, 1, reshape((/ 0, n - 1, 2 /), (/ 3, 1 /)), g2, ierr)
  call MPI_Group_size(g2, sz, ierr)
  call MPI_Group_rank(g2, i, ierr)
  if (sz /= (n + 1) / 2) ok(6) = 0
  if (mod(rank, 2) == 0 .and. i /= rank / 2) ok(6) = 0
  if (mod(rank, 2) == 1 .and. i /= MPI_UNDEFINED) ok(6) = 0
  call MPI_Group_free(g2, ierr)
  call MPI_Group_range_excl(g, 1, reshape((/ 0, n - 1, 2 /), (/ 3, 1 /)), g2, ierr)
  call MPI_Group_size(g2, sz, ierr)
  if (sz /= n / 2) ok(6) = 0
  call MPI_Group_free(g2, ierr)
  call MPI_Group_free(g, ierr)

  ! 7. non-blocking neighbour collectives on a periodic ring (of 3 ranks
  ! or more: the two neighbours are different ranks)
  call MPI_Cart_create(MPI_COMM_WORLD, 1, (/ n /), (/ .true. /), .false., cart, ierr)
  call MPI_Cart_shift(cart, 0, 1, left, right, ierr)
  got = -1
  call MPI_Ineighbor_allgather(rank, 1, MPI_INTEGER, got, 1, MPI_INTEGER, cart, reqs(1), ierr)
  call MPI_Wait(reqs(1), MPI_STATUS_IGNORE, ierr)
  if (got(1) /= left .or. got(2) /= right) ok(7) = 0
  got = -1
  counts = (/ 1, 1 /)
  displs = (/ 2, 0 /)
  call MPI_Ineighbor_allgatherv(rank, 1, MPI_INTEGER, got, counts, displs, MPI_INTEGER, &
                                cart, reqs(1), ierr)
  call MPI_Wait(reqs(1), MPI_STATUS_IGNORE, ierr)
  if (got(3) /= left .or. got(1) /= right) ok(7) = 0
  got = -1
  call MPI_Ineighbor_alltoall((/ 10 * rank, 10 * rank + 1 /), 1, MPI_INTEGER, got, 1, &
                              MPI_INTEGER, cart, reqs(1), ierr)
  call MPI_Wait(reqs(1), MPI_STATUS_IGNORE, ierr)
  if (got(1) /= 10 * left + 1 .or. got(2) /= 10 * right) ok(7) = 0
  got = -1
  call MPI_Ineighbor_alltoallv((/ 10 * rank, 10 * rank + 1 /), counts, (/ 0, 1 /), &
                               MPI_INTEGER, got, counts, displs, MPI_INTEGER, cart, &
                               reqs(1), ierr)
  call MPI_Wait(reqs(1), MPI_STATUS_IGNORE, ierr)
  if (got(3) /= 10 * left + 1 .or. got(1) /= 10 * right) ok(7) = 0
  call MPI_Comm_free(cart, ierr)
  if (n < 3) ok(7) = 1

  ! 8. statuses made by hand (for layered libraries), MPI_Is_thread_main
  call MPI_Status_set_elements(status, MPI_INTEGER, 5, ierr)
  call MPI_Get_elements(status, MPI_INTEGER, i, ierr)
  call MPI_Get_count(status, MPI_INTEGER, sz, ierr)
  if (i /= 5 .or. sz /= 5) ok(8) = 0
  call MPI_Status_set_elements_x(status, MPI_INTEGER, 7_MPI_COUNT_KIND, ierr)
  call MPI_Get_elements_x(status, MPI_INTEGER, count_x, ierr)
  if (count_x /= 7) ok(8) = 0
  call MPI_Status_set_cancelled(status, .true., ierr)
  call MPI_Test_cancelled(status, flag, ierr)
  if (.not. flag) ok(8) = 0
  call MPI_Status_set_cancelled(status, .false., ierr)
  call MPI_Test_cancelled(status, flag, ierr)
  if (flag) ok(8) = 0
  flag = .false.
  call MPI_Is_thread_main(flag, ierr)
  if (.not. flag) ok(8) = 0

  ! 9. MPI_Alloc_mem's block, reached through C_F_POINTER
  call MPI_Alloc_mem(40_MPI_ADDRESS_KIND, MPI_INFO_NULL, base, ierr)
  if (base == 0 .or. ierr /= MPI_SUCCESS) ok(9) = 0
  call c_f_pointer(transfer(base, c_null_ptr), mem, (/ 10 /))
  mem = (/ (i, i = 1, 10) /)
  if (sum(mem) /= 55) ok(9) = 0
  call MPI_Free_mem(mem, ierr)
  if (ierr /= MPI_SUCCESS) ok(9) = 0

  ! 10. a ring as an adjacent distributed graph: unweighted, then weighted
  left = mod(rank + n - 1, n)
  right = mod(rank + 1, n)
  call MPI_Dist_graph_create_adjacent(MPI_COMM_WORLD, 2, (/ left, right /), MPI_UNWEIGHTED, &
                                      2, (/ left, right /), MPI_UNWEIGHTED, MPI_INFO_NULL, &
                                      .false., graph, ierr)
  call MPI_Dist_graph_neighbors_count(graph, indeg, outdeg, flag, ierr)
  if (indeg /= 2 .or. outdeg /= 2 .or. flag) ok(10) = 0
  srcs = -1
  dsts = -1
  call MPI_Dist_graph_neighbors(graph, 2, srcs, MPI_UNWEIGHTED, 2, dsts, MPI_UNWEIGHTED, ierr)
  if (any(srcs /= (/ left, right /)) .or. any(dsts /= (/ left, right /))) ok(10) = 0
  if (ierr /= MPI_SUCCESS) ok(10) = 0
  call MPI_Comm_free(graph, ierr)
  call MPI_Dist_graph_create_adjacent(MPI_COMM_WORLD, 1, (/ left /), (/ 1 /), 1, &
                                      (/ right /), (/ 1 /), MPI_INFO_NULL, .false., graph, &
                                      ierr)
  ws = -1
  wd = -1
  call MPI_Dist_graph_neighbors(graph, 1, srcs, ws, 1, dsts, wd, ierr)
  if (srcs(1) /= left .or. dsts(1) /= right .or. ws(1) /= 1 .or. wd(1) /= 1) ok(10) = 0
  call MPI_Comm_free(graph, ierr)

  ! 11. selected_real_kind(15, 307), selected_int_kind(9) and a complex of
  ! reals of 6 digits as types; no parent; profiling control (no IERROR)
  call MPI_Type_create_f90_real(15, 307, t, ierr)
  call MPI_Type_size(t, kind_size, ierr)
  if (kind_size /= 8 .or. ierr /= MPI_SUCCESS) ok(11) = 0
  call MPI_Type_create_f90_integer(9, t, ierr)
  call MPI_Type_size(t, kind_size, ierr)
  if (kind_size /= 4 .or. ierr /= MPI_SUCCESS) ok(11) = 0
  call MPI_Type_create_f90_complex(6, MPI_UNDEFINED, t, ierr)
  call MPI_Type_size(t, kind_size, ierr)
  if (kind_size /= 8 .or. ierr /= MPI_SUCCESS) ok(11) = 0
  call MPI_Comm_get_parent(parent, ierr)
  if (parent /= MPI_COMM_NULL .or. ierr /= MPI_SUCCESS) ok(11) = 0
  call MPI_Pcontrol(1)

  ! 12. the profiling names run the calls
  call PMPI_Comm_rank(MPI_COMM_WORLD, prank, ierr)
  if (prank /= rank .or. ierr /= MPI_SUCCESS) ok(12) = 0
  call PMPI_Allreduce(1, psum, 1, MPI_INTEGER, MPI_SUM, MPI_COMM_WORLD, ierr)
  call MPI_Comm_size(MPI_COMM_WORLD, sz, ierr)
  if (psum /= sz .or. ierr /= MPI_SUCCESS) ok(12) = 0

  ! 13. in place, part i of each rank goes to rank i - 1
  do i = 1, n
    xs(i) = rank * 100 + i - 1
    xc(i) = 1
    xd(i) = i - 1
    xt(i) = MPI_INTEGER
    xnull(i) = MPI_DATATYPE_NULL
  end do
  call MPI_Ialltoall(MPI_IN_PLACE, 0, MPI_DATATYPE_NULL, xs, 1, MPI_INTEGER, &
                     MPI_COMM_WORLD, reqs(1), ierr)
  call MPI_Wait(reqs(1), MPI_STATUS_IGNORE, ierr)
  do i = 1, n
    if (xs(i) /= (i - 1) * 100 + rank) ok(13) = 0
    xs(i) = rank * 100 + i - 1
  end do
  call MPI_Ialltoallv(MPI_IN_PLACE, xc, xd, MPI_DATATYPE_NULL, xs, xc, xd, MPI_INTEGER, &
                      MPI_COMM_WORLD, reqs(1), ierr)
  call MPI_Wait(reqs(1), MPI_STATUS_IGNORE, ierr)
  do i = 1, n
    if (xs(i) /= (i - 1) * 100 + rank) ok(13) = 0
    xs(i) = rank * 100 + i - 1
    xd(i) = (i - 1) * 4
  end do
  call MPI_Alltoallw(MPI_IN_PLACE, xc, xd, xnull, xs, xc, xd, xt, MPI_COMM_WORLD, ierr)
  do i = 1, n
    if (xs(i) /= (i - 1) * 100 + rank .or. ierr /= MPI_SUCCESS) ok(13) = 0
  end do

  ! 14. a broadcast to absolute addresses from MPI_BOTTOM; the sized types
  bot(1:n) = rank
  call MPI_Get_address(bot(1), big, ierr)
  call MPI_Type_create_hindexed(1, (/ n /), (/ big /), MPI_INTEGER, t, ierr)
  call MPI_Type_commit(t, ierr)
  call MPI_Bcast(MPI_BOTTOM, 1, t, 0, MPI_COMM_WORLD, ierr)
  if (any(bot(1:n) /= 0) .or. ierr /= MPI_SUCCESS) ok(14) = 0
  call MPI_Type_free(t, ierr)
  i1 = int(rank, 1)
  i2 = int(rank, 2)
  z16 = cmplx(rank, 1, kind=8)
  call MPI_Allreduce(MPI_IN_PLACE, i1, 2, MPI_INTEGER1, MPI_SUM, MPI_COMM_WORLD, ierr)
  call MPI_Allreduce(MPI_IN_PLACE, i2, 2, MPI_INTEGER2, MPI_MAX, MPI_COMM_WORLD, ierr)
  call MPI_Allreduce(MPI_IN_PLACE, z16, 1, MPI_COMPLEX16, MPI_SUM, MPI_COMM_WORLD, ierr)
  if (any(i1 /= n * (n - 1) / 2) .or. any(i2 /= n - 1)) ok(14) = 0
  if (z16 /= cmplx(n * (n - 1) / 2, n, kind=8)) ok(14) = 0
  call MPI_Type_size(MPI_INTEGER2, kind_size, ierr)
  if (kind_size /= 2) ok(14) = 0

  ! 15. the callbacks change the program's extra_state: query adds 10,
  ! free takes 1
  ! (gstate is in a common block, which the compiler expects calls to change)
  gstate = 1
  call MPI_Grequest_start(greq_query, greq_free, greq_cancel, gstate, reqs(1), ierr)
  call MPI_Grequest_complete(reqs(1), ierr)
  call MPI_Wait(reqs(1), status, ierr)
  if (gstate /= 10 .or. reqs(1) /= MPI_REQUEST_NULL .or. ierr /= MPI_SUCCESS) ok(15) = 0

  ! 16. blanks around an info key or value are not part of it
  call MPI_Info_create(h, ierr)
  call MPI_Info_set(h, '  a key ', ' a value  ', ierr)
  call MPI_Info_get(h, 'a key', MPI_MAX_OBJECT_NAME, text, flag, ierr)
  if (.not. flag .or. text /= 'a value') ok(16) = 0
  call MPI_Info_get_valuelen(h, ' a key', n2, flag, ierr)
  if (.not. flag .or. n2 /= 7) ok(16) = 0
  call MPI_Info_free(h, ierr)

  ! 17. three integers in "external32": big-endian, and back
  xvals = (/ 1, 258, -2 /)
  call MPI_Pack_external_size('external32', 3, MPI_INTEGER, xsize, ierr)
  if (xsize /= 12 .or. ierr /= MPI_SUCCESS) ok(17) = 0
  xpos = 0
  packed = 0
  call MPI_Pack_external('external32', xvals, 3, MPI_INTEGER, packed, &
                         int(16, MPI_ADDRESS_KIND), xpos, ierr)
  if (xpos /= 12 .or. ierr /= MPI_SUCCESS) ok(17) = 0
  if (packed(4) /= 1 .or. packed(7) /= 1 .or. packed(8) /= 2 .or. packed(12) /= -2) ok(17) = 0
  xpos2 = 0
  xback = 0
  call MPI_Unpack_external('external32', packed, xsize, xpos2, xback, 3, MPI_INTEGER, ierr)
  call MPI_F_sync_reg(xback)
  if (any(xback /= xvals) .or. xpos2 /= 12 .or. ierr /= MPI_SUCCESS) ok(17) = 0

  ! 18. MPI-1's markers: an INTEGER with room for four, its bounds the
  ! markers' displacements; three of them packed are every fourth
  mlens = (/ 1, 1, 1 /)
  mdisps = (/ -4, 0, 12 /)
  mtypes = (/ MPI_LB, MPI_INTEGER, MPI_UB /)
  call MPI_Type_struct(3, mlens, mdisps, mtypes, marked, ierr)
  call MPI_Type_commit(marked, ierr)
  call MPI_Type_extent(marked, extent, ierr)
  call MPI_Type_lb(marked, lb, ierr)
  call MPI_Type_size(marked, sz, ierr)
  if (extent /= 16 .or. lb /= -4 .or. sz /= 4 .or. ierr /= MPI_SUCCESS) ok(18) = 0
  msrc = (/ (i, i = 1, 12) /)
  mpos = 0
  call MPI_Pack(msrc, 3, marked, mpacked, 12, mpos, MPI_COMM_WORLD, ierr)
  if (mpos /= 12 .or. any(mpacked /= (/ 1, 5, 9 /))) ok(18) = 0
  call MPI_Type_get_name(MPI_UB, text, n, ierr)
  if (text(1:n) /= 'MPI_UB') ok(18) = 0
  call MPI_Type_free(marked, ierr)

  call MPI_Allreduce(ok, all, nchecks, MPI_INTEGER, MPI_MIN, MPI_COMM_WORLD, ierr)
  if (rank == 0) write (*, '(a, 18(a, i1))') 'bindings:', ' mpi1 ', all(1), ' address ', &
      all(2), ' names ', all(3), ' errhandlers ', all(4), ' persistent ', all(5), &
      ' ranges ', all(6), ' ineighbor ', all(7), ' statuses ', all(8), ' alloc_mem ', all(9), &
      ' graph ', all(10), ' kinds ', all(11), ' pmpi ', all(12), ' inplace ', all(13), &
      ' bottom ', all(14), ' greq ', all(15), ' info ', all(16), ' external ', all(17), &
      ' markers ', all(18)
  call MPI_Finalize(ierr)
end program bindings
