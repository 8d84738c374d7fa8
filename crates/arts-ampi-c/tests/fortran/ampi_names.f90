! The AMPI extensions from Fortran (arts only: Open MPI has none), each
! checked: migration calls, checkpoints of the rank's own state (doing
! nothing without --checkpoint-dir), AMPI's names of the non-blocking
! collectives. Prints one line of checks (1 = right), "extensions: ...".
program ampi_names
  include 'mpif.h'
  integer :: ierr, rank, n, req, ok(3), all(3), state(4), x, sums(2)
  integer(kind=8) :: step, bytes
  logical :: flag

  call MPI_Init(ierr)
  call MPI_Comm_rank(MPI_COMM_WORLD, rank, ierr)
  call MPI_Comm_size(MPI_COMM_WORLD, n, ierr)
  ok = 1

  ! 1. migration: allowed, asked for at the next step, to PE 0
  call AMPI_Setmigratable(MPI_COMM_WORLD, 1, ierr)
  if (ierr /= MPI_SUCCESS) ok(1) = 0
  call AMPI_Async_migrate(ierr)
  if (ierr /= MPI_SUCCESS) ok(1) = 0
  call AMPI_Migrate_to_pe(0, ierr)
  if (ierr /= MPI_SUCCESS .or. AMPI_My_pe() /= 0) ok(1) = 0

  ! 2. checkpoints of the ranks' state: nothing to restore in a fresh run
  state = rank
  call AMPI_Checkpoint_state(1_8, state, 16_8, ierr)
  if (ierr /= MPI_SUCCESS) ok(2) = 0
  call AMPI_MemCheckpoint_state(2_8, state, 16_8, ierr)
  if (ierr /= MPI_SUCCESS) ok(2) = 0
  flag = .true.
  step = -1
  call AMPI_Restored_state(step, state, 16_8, bytes, flag, ierr)
  if (ierr /= MPI_SUCCESS .or. flag) ok(2) = 0
  call AMPI_Checkpoint('', ierr)
  if (ierr /= MPI_SUCCESS) ok(2) = 0
  call AMPI_MemCheckpoint(ierr)
  if (ierr /= MPI_SUCCESS) ok(2) = 0

  ! 3. AMPI_Ireduce, AMPI_Iallreduce, AMPI_Ialltoall
  x = -1
  call AMPI_Ireduce(rank, x, 1, MPI_INTEGER, MPI_SUM, 0, MPI_COMM_WORLD, req, ierr)
  call MPI_Wait(req, MPI_STATUS_IGNORE, ierr)
  if (rank == 0 .and. x /= n * (n - 1) / 2) ok(3) = 0
  x = -1
  call AMPI_Iallreduce(rank, x, 1, MPI_INTEGER, MPI_MAX, MPI_COMM_WORLD, req, ierr)
  call MPI_Wait(req, MPI_STATUS_IGNORE, ierr)
  if (x /= n - 1) ok(3) = 0
  if (n == 2) then
    sums = -1
    call AMPI_Ialltoall((/ 10 * rank, 10 * rank + 1 /), 1, MPI_INTEGER, sums, 1, MPI_INTEGER, &
                        MPI_COMM_WORLD, req, ierr)
    call MPI_Wait(req, MPI_STATUS_IGNORE, ierr)
    if (sums(1) /= rank .or. sums(2) /= 10 + rank) ok(3) = 0
  end if

  call MPI_Allreduce(ok, all, 3, MPI_INTEGER, MPI_MIN, MPI_COMM_WORLD, ierr)
  if (rank == 0) write (*, '(a, 3(a, i1))') 'extensions:', ' migration ', all(1), &
      ' checkpoints ', all(2), ' icoll ', all(3)
  call MPI_Finalize(ierr)
end program ampi_names
