! One-sided epochs and shared memory from Fortran: a ring of puts in
! post/start/complete/wait epochs, a shared-memory window among the ranks
! of each process read through MPI_Win_shared_query, a passive-target
! fetch-and-op counter, and ordered writes at the shared file pointer.
! Prints one line, the same under Open MPI's mpif90.
!   epochs FILE
program epochs
  use mpi
  use iso_c_binding
  implicit none
  integer :: ierr, rank, n, left, right, win, world_group, g_left, g_right, node, nrank, nn
  integer :: r, fh, ok(4), all(4), unit, i
  ! Window memory that MPI changes behind the compiler's back.
  integer, volatile :: cells(4)
  integer(kind=MPI_ADDRESS_KIND) :: wsize, disp, base, qsize
  integer, pointer :: seg(:), theirs(:)
  integer(kind=8) :: one8, old8
  integer(kind=8), volatile :: counter(1)
  integer :: swin, cwin
  integer(kind=MPI_OFFSET_KIND) :: zero
  integer :: mine(8), back(64)
  character(len=256) :: path
  call get_command_argument(1, path)
  call MPI_Init(ierr)
  call MPI_Comm_rank(MPI_COMM_WORLD, rank, ierr)
  call MPI_Comm_size(MPI_COMM_WORLD, n, ierr)
  ok = 1
  left = mod(rank + n - 1, n)
  right = mod(rank + 1, n)

  ! Post/start/complete/wait: put my rank into the right neighbour's cells(1).
  cells = -1
  wsize = 16
  call MPI_Win_create(cells, wsize, 4, MPI_INFO_NULL, MPI_COMM_WORLD, win, ierr)
  call MPI_Comm_group(MPI_COMM_WORLD, world_group, ierr)
  call MPI_Group_incl(world_group, 1, (/ left /), g_left, ierr)
  call MPI_Group_incl(world_group, 1, (/ right /), g_right, ierr)
  call MPI_Win_post(g_left, 0, win, ierr)
  call MPI_Win_start(g_right, 0, win, ierr)
  disp = 0
  call MPI_Put(rank, 1, MPI_INTEGER, right, disp, 1, MPI_INTEGER, win, ierr)
  call MPI_Win_complete(win, ierr)
  call MPI_Win_wait(win, ierr)
  if (cells(1) /= left) ok(1) = 0
  call MPI_Win_free(win, ierr)
  call MPI_Group_free(g_left, ierr)
  call MPI_Group_free(g_right, ierr)
  call MPI_Group_free(world_group, ierr)

  ! Shared memory among the ranks of this process: 3 integers each.
  call MPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, 0, MPI_INFO_NULL, node, ierr)
  call MPI_Comm_rank(node, nrank, ierr)
  call MPI_Comm_size(node, nn, ierr)
  wsize = 12
  call MPI_Win_allocate_shared(wsize, 4, MPI_INFO_NULL, node, base, swin, ierr)
  call c_f_pointer(transfer(base, c_null_ptr), seg, (/ 3 /))
  seg = (/ (10 * nrank + i, i = 1, 3) /)
  call MPI_Win_sync(swin, ierr)
  call MPI_Barrier(node, ierr)
  call MPI_Win_sync(swin, ierr)
  do r = 0, nn - 1
    call MPI_Win_shared_query(swin, r, qsize, unit, base, ierr)
    call c_f_pointer(transfer(base, c_null_ptr), theirs, (/ 3 /))
    if (qsize /= 12 .or. unit /= 4 .or. theirs(2) /= 10 * r + 2) ok(2) = 0
  end do
  call MPI_Barrier(node, ierr)
  call MPI_Win_free(swin, ierr)
  call MPI_Comm_free(node, ierr)

  ! A counter at rank 0 under exclusive locks.
  counter = 0
  wsize = 8
  call MPI_Win_create(counter, wsize, 8, MPI_INFO_NULL, MPI_COMM_WORLD, cwin, ierr)
  one8 = 1
  do i = 1, 5
    call MPI_Win_lock(MPI_LOCK_EXCLUSIVE, 0, 0, cwin, ierr)
    disp = 0
    call MPI_Fetch_and_op(one8, old8, MPI_INTEGER8, 0, disp, MPI_SUM, cwin, ierr)
    call MPI_Win_unlock(0, cwin, ierr)
  end do
  call MPI_Barrier(MPI_COMM_WORLD, ierr)
  if (rank == 0 .and. counter(1) /= 5 * n) ok(3) = 0
  call MPI_Win_free(cwin, ierr)

  ! Ordered writes at the shared file pointer: rank r writes r+1 copies of r.
  call MPI_File_open(MPI_COMM_WORLD, path, MPI_MODE_CREATE + MPI_MODE_RDWR &
                     + MPI_MODE_DELETE_ON_CLOSE, MPI_INFO_NULL, fh, ierr)
  mine = rank
  call MPI_File_write_ordered(fh, mine, rank + 1, MPI_INTEGER, MPI_STATUS_IGNORE, ierr)
  call MPI_File_sync(fh, ierr)
  call MPI_Barrier(MPI_COMM_WORLD, ierr)
  call MPI_File_sync(fh, ierr)
  if (rank == 0) then
    zero = 0
    call MPI_File_read_at(fh, zero, back, n * (n + 1) / 2, MPI_INTEGER, MPI_STATUS_IGNORE, ierr)
    i = 0
    do r = 0, n - 1
      if (any(back(i + 1:i + r + 1) /= r)) ok(4) = 0
      i = i + r + 1
    end do
  end if
  call MPI_File_close(fh, ierr)

  call MPI_Allreduce(ok, all, 4, MPI_INTEGER, MPI_MIN, MPI_COMM_WORLD, ierr)
  if (rank == 0) write (*, '(a, 4(a, i1))') 'epochs:', ' pscw ', all(1), ' shared ', all(2), &
      ' counter ', all(3), ' ordered ', all(4)
  call MPI_Finalize(ierr)
end program epochs
