! More of the Fortran binding, each checked: non-blocking gather and
! prefix reductions, MPI_Reduce_local, MPI_Comm_split_type, persistent
! requests, matched probes, MPI_Pack, MPI_Request_get_status, an error
! handler subroutine, info objects, MPI_TAG_UB, hvector types (from
! MPI_Get_address, sized by MPI_Type_size_x, its envelope; a darray), groups and
! a put between fences.
! Prints one line of checks (1 = right), the same under Open MPI's mpif90.
module handler_state
  integer :: calls = 0, last_class = -1
end module handler_state

subroutine note(comm, code)
  use mpi
  use handler_state
  implicit none
  integer :: comm, code, ierr
  calls = calls + 1
  call MPI_Error_class(code, last_class, ierr)
end subroutine note

program more
  use mpi
  use handler_state
  implicit none
  external note
  logical :: flag
  integer :: ierr, rank, n, i, req, reqs(2), msg, shared, h, info, nkeys, g, g2, sz
  integer :: status(MPI_STATUS_SIZE), ok(10), all(10), counts(64), displs(64), src(64)
  integer :: a(3), b(3), packed(16), pos, got(2), vec
  integer(kind=MPI_ADDRESS_KIND) :: tag_ub, stride
  character(len=MPI_MAX_OBJECT_NAME) :: text
  integer :: one, win
  integer, volatile :: cells(4)
  integer(kind=MPI_ADDRESS_KIND) :: wsize, disp
  integer(kind=MPI_COUNT_KIND) :: count_size
  ! written by MPI behind the compiler's back (non-blocking calls)
  integer, volatile :: x, inc, exc, gathered(64)

  call MPI_Init(ierr)
  call MPI_Comm_rank(MPI_COMM_WORLD, rank, ierr)
  call MPI_Comm_size(MPI_COMM_WORLD, n, ierr)
  ok = 1

  ! non-blocking gatherv (rank i sends i+1 ints) and prefix sums together
  do i = 1, n
    counts(i) = i
    displs(i) = i * (i - 1) / 2
  end do
  one = rank + 1
  exc = -1
  src = rank
  call MPI_Igatherv(src, rank + 1, MPI_INTEGER, gathered, counts, displs, MPI_INTEGER, 0, &
                    MPI_COMM_WORLD, reqs(1), ierr)
  call MPI_Iscan(one, inc, 1, MPI_INTEGER, MPI_SUM, MPI_COMM_WORLD, reqs(2), ierr)
  call MPI_Waitall(2, reqs, MPI_STATUSES_IGNORE, ierr)
  call MPI_Iexscan(one, exc, 1, MPI_INTEGER, MPI_SUM, MPI_COMM_WORLD, req, ierr)
  call MPI_Wait(req, MPI_STATUS_IGNORE, ierr)
  if (rank == 0) then
    do i = 1, n
      if (any(gathered(displs(i) + 1:displs(i) + i) /= i - 1)) ok(1) = 0
    end do
  end if
  if (inc /= (rank + 1) * (rank + 2) / 2) ok(1) = 0
  if (rank > 0 .and. exc /= rank * (rank + 1) / 2) ok(1) = 0

  ! MPI_Reduce_local and MPI_Comm_split_type
  a = (/ 1, 2, 3 /)
  b = (/ 10, 20, 30 /)
  call MPI_Reduce_local(a, b, 3, MPI_INTEGER, MPI_SUM, ierr)
  if (any(b /= (/ 11, 22, 33 /))) ok(2) = 0
  call MPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, rank, MPI_INFO_NULL, shared, ierr)
  call MPI_Comm_size(shared, sz, ierr)
  if (sz < 1 .or. sz > n) ok(2) = 0
  call MPI_Comm_free(shared, ierr)

  ! persistent requests around a ring, twice
  if (n > 1) then
    call MPI_Send_init(rank, 1, MPI_INTEGER, mod(rank + 1, n), 5, MPI_COMM_WORLD, reqs(1), ierr)
    call MPI_Recv_init(x, 1, MPI_INTEGER, mod(rank + n - 1, n), 5, MPI_COMM_WORLD, reqs(2), ierr)
    do i = 1, 2
      x = -1
      call MPI_Startall(2, reqs, ierr)
      call MPI_Waitall(2, reqs, MPI_STATUSES_IGNORE, ierr)
      if (x /= mod(rank + n - 1, n)) ok(3) = 0
    end do
    call MPI_Request_free(reqs(1), ierr)
    call MPI_Request_free(reqs(2), ierr)
  end if

  ! matched probe and receive; MPI_Request_get_status
  call MPI_Isend(rank * 10, 1, MPI_INTEGER, rank, 6, MPI_COMM_WORLD, req, ierr)
  call MPI_Mprobe(rank, 6, MPI_COMM_WORLD, msg, status, ierr)
  call MPI_Mrecv(x, 1, MPI_INTEGER, msg, status, ierr)
  if (x /= rank * 10 .or. status(MPI_TAG) /= 6 .or. msg /= MPI_MESSAGE_NULL) ok(4) = 0
  flag = .false.
  do while (.not. flag)
    call MPI_Request_get_status(req, flag, status, ierr)
  end do
  call MPI_Wait(req, status, ierr)
  if (req /= MPI_REQUEST_NULL) ok(4) = 0
  ! MPI_Waitsome: indices from 1
  call MPI_Irecv(inc, 1, MPI_INTEGER, rank, 9, MPI_COMM_WORLD, reqs(1), ierr)
  call MPI_Irecv(exc, 1, MPI_INTEGER, rank, 10, MPI_COMM_WORLD, reqs(2), ierr)
  call MPI_Send(rank, 1, MPI_INTEGER, rank, 10, MPI_COMM_WORLD, ierr)
  call MPI_Waitsome(2, reqs, i, counts, MPI_STATUSES_IGNORE, ierr)
  if (i /= 1 .or. counts(1) /= 2 .or. reqs(2) /= MPI_REQUEST_NULL) ok(4) = 0
  call MPI_Send(rank, 1, MPI_INTEGER, rank, 9, MPI_COMM_WORLD, ierr)
  call MPI_Waitsome(2, reqs, i, counts, MPI_STATUSES_IGNORE, ierr)
  if (i /= 1 .or. counts(1) /= 1 .or. reqs(1) /= MPI_REQUEST_NULL) ok(4) = 0

  ! MPI_Pack / MPI_Unpack
  pos = 0
  call MPI_Pack(rank, 1, MPI_INTEGER, packed, 64, pos, MPI_COMM_WORLD, ierr)
  call MPI_Pack(rank + 7, 1, MPI_INTEGER, packed, 64, pos, MPI_COMM_WORLD, ierr)
  pos = 0
  call MPI_Unpack(packed, 64, pos, got, 2, MPI_INTEGER, MPI_COMM_WORLD, ierr)
  if (got(1) /= rank .or. got(2) /= rank + 7 .or. pos /= 8) ok(5) = 0

  ! an error handler subroutine
  call MPI_Comm_create_errhandler(note, h, ierr)
  call MPI_Comm_set_errhandler(MPI_COMM_WORLD, h, ierr)
  call MPI_Send(x, 1, MPI_INTEGER, n + 3, 0, MPI_COMM_WORLD, ierr)
  if (calls /= 1 .or. last_class /= MPI_ERR_RANK .or. ierr == MPI_SUCCESS) ok(6) = 0
  call MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_ARE_FATAL, ierr)
  call MPI_Errhandler_free(h, ierr)

  ! info objects and MPI_TAG_UB
  call MPI_Info_create(info, ierr)
  call MPI_Info_get_nkeys(info, nkeys, ierr)
  if (nkeys /= 0) ok(7) = 0
  call MPI_Info_set(info, 'striping_unit', '1048576', ierr)
  call MPI_Info_set(info, 'cb_nodes', '4', ierr)
  call MPI_Info_get(info, 'striping_unit', 20, text, flag, ierr)
  if (.not. flag .or. trim(text) /= '1048576') ok(7) = 0
  call MPI_Info_get_nthkey(info, 1, text, ierr)
  if (trim(text) /= 'cb_nodes') ok(7) = 0
  call MPI_Info_delete(info, 'cb_nodes', ierr)
  call MPI_Info_get_valuelen(info, 'cb_nodes', nkeys, flag, ierr)
  if (flag) ok(7) = 0
  call MPI_Info_free(info, ierr)
  if (info /= MPI_INFO_NULL) ok(7) = 0
  call MPI_Comm_dup(MPI_COMM_WORLD, shared, ierr)
  call MPI_Comm_set_name(shared, 'halo exchange', ierr)
  call MPI_Comm_get_name(shared, text, i, ierr)
  if (trim(text) /= 'halo exchange' .or. i /= 13) ok(7) = 0
  call MPI_Comm_free(shared, ierr)
  call MPI_Comm_get_attr(MPI_COMM_WORLD, MPI_TAG_UB, tag_ub, flag, ierr)
  if (.not. flag .or. tag_ub < 32767) ok(7) = 0

  ! an hvector: every other integer, strides in bytes (from addresses)
  call MPI_Get_address(packed(1), disp, ierr)
  call MPI_Get_address(packed(3), stride, ierr)
  stride = stride - disp
  call MPI_Type_create_hvector(3, 1, stride, MPI_INTEGER, vec, ierr)
  call MPI_Type_commit(vec, ierr)
  call MPI_Type_size_x(vec, count_size, ierr)
  if (stride /= 8 .or. count_size /= 12) ok(8) = 0
  call MPI_Type_get_envelope(vec, a(1), a(2), a(3), pos, ierr)
  if (pos /= MPI_COMBINER_HVECTOR .or. any(a /= (/ 2, 1, 1 /))) ok(8) = 0
  ! this rank's block of a 1-D array of 2 integers per rank
  call MPI_Type_create_darray(n, rank, 1, (/ 2 * n /), (/ MPI_DISTRIBUTE_BLOCK /), &
                              (/ MPI_DISTRIBUTE_DFLT_DARG /), (/ n /), MPI_ORDER_FORTRAN, &
                              MPI_INTEGER, h, ierr)
  call MPI_Type_size(h, sz, ierr)
  if (sz /= 8) ok(8) = 0
  call MPI_Type_free(h, ierr)
  packed = (/ (i, i = 1, 16) /)
  got = 0
  call MPI_Sendrecv(packed, 1, vec, rank, 8, gathered, 3, MPI_INTEGER, rank, 8, &
                    MPI_COMM_WORLD, MPI_STATUS_IGNORE, ierr)
  if (any(gathered(1:3) /= (/ 1, 3, 5 /))) ok(8) = 0
  call MPI_Type_free(vec, ierr)

  ! groups
  call MPI_Comm_group(MPI_COMM_WORLD, g, ierr)
  call MPI_Group_excl(g, 1, (/ 0 /), g2, ierr)
  call MPI_Group_size(g2, sz, ierr)
  call MPI_Group_rank(g2, i, ierr)
  if (sz /= n - 1) ok(9) = 0
  if (rank == 0 .and. i /= MPI_UNDEFINED) ok(9) = 0
  if (rank > 0 .and. i /= rank - 1) ok(9) = 0
  call MPI_Group_free(g2, ierr)
  call MPI_Group_free(g, ierr)

  ! one-sided: put my rank into the right neighbour's cells(2), fence
  cells = -1
  wsize = 16
  call MPI_Win_create(cells, wsize, 4, MPI_INFO_NULL, MPI_COMM_WORLD, win, ierr)
  call MPI_Win_fence(0, win, ierr)
  disp = 1
  call MPI_Put(rank, 1, MPI_INTEGER, mod(rank + 1, n), disp, 1, MPI_INTEGER, win, ierr)
  call MPI_Win_fence(0, win, ierr)
  if (cells(2) /= mod(rank + n - 1, n) .or. cells(1) /= -1) ok(10) = 0
  ! passive target: every rank adds one to rank 0's cells(3) under its lock
  call MPI_Barrier(MPI_COMM_WORLD, ierr)
  one = 1
  disp = 2
  call MPI_Win_lock(MPI_LOCK_EXCLUSIVE, 0, 0, win, ierr)
  call MPI_Accumulate(one, 1, MPI_INTEGER, 0, disp, 1, MPI_INTEGER, MPI_SUM, win, ierr)
  call MPI_Win_unlock(0, win, ierr)
  call MPI_Barrier(MPI_COMM_WORLD, ierr)
  if (rank == 0 .and. cells(3) /= n - 1) ok(10) = 0
  call MPI_Win_free(win, ierr)

  call MPI_Allreduce(ok, all, 10, MPI_INTEGER, MPI_MIN, MPI_COMM_WORLD, ierr)
  if (rank == 0) write (*, '(a, 10(a, i1))') 'more:', ' icoll ', all(1), ' local ', all(2), &
      ' persistent ', all(3), ' mprobe ', all(4), ' pack ', all(5), ' errhandler ', all(6), &
      ' info ', all(7), ' hvector ', all(8), ' groups ', all(9), ' rma ', all(10)
  call MPI_Finalize(ierr)
end program more
