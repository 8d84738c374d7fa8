! `use mpi` with `only:` lists and renames, as programs and profiling
! layers write it: the module names every call, so both compile. The
! program's own MPI_Send (a wrapper that counts and calls PMPI_Send, the
! module's MPI_Send renamed away inside it) receives the program's sends.
! Prints Open MPI's line.
module counted
  integer :: sends = 0
end module counted

subroutine MPI_Send(buf, count, datatype, dest, tag, comm, ierr)
  use mpi, skip_send => MPI_Send
  use counted
  integer buf(*), count, datatype, dest, tag, comm, ierr
  sends = sends + 1
  call PMPI_Send(buf, count, datatype, dest, tag, comm, ierr)
end subroutine MPI_Send

program module_names
  use mpi, only: MPI_Init, MPI_Comm_rank, MPI_Comm_size, MPI_Send, MPI_Recv, &
      MPI_Allreduce, MPI_Finalize, MPI_COMM_WORLD, MPI_INTEGER, MPI_SUM, MPI_MIN, &
      MPI_STATUS_SIZE
  use counted
  implicit none
  integer :: ierr, rank, size, got(1), mine(1), status(MPI_STATUS_SIZE), ok(2), all(2), total(1)
  integer :: counted_sends(1)
  call MPI_Init(ierr)
  call MPI_Comm_rank(MPI_COMM_WORLD, rank, ierr)
  call MPI_Comm_size(MPI_COMM_WORLD, size, ierr)
  ok = 1
  mine(1) = rank
  ! a ring: each rank sends its rank on, even ranks first
  if (mod(rank, 2) == 0) call MPI_Send(mine, 1, MPI_INTEGER, mod(rank + 1, size), 7, &
      MPI_COMM_WORLD, ierr)
  call MPI_Recv(got, 1, MPI_INTEGER, mod(rank + size - 1, size), 7, MPI_COMM_WORLD, &
      status, ierr)
  if (mod(rank, 2) == 1) call MPI_Send(mine, 1, MPI_INTEGER, mod(rank + 1, size), 7, &
      MPI_COMM_WORLD, ierr)
  if (got(1) /= mod(rank + size - 1, size)) ok(1) = 0
  counted_sends(1) = sends
  call MPI_Allreduce(counted_sends, total, 1, MPI_INTEGER, MPI_SUM, MPI_COMM_WORLD, ierr)
  if (sends /= 1 .or. total(1) /= size) ok(2) = 0
  call MPI_Allreduce(ok, all, 2, MPI_INTEGER, MPI_MIN, MPI_COMM_WORLD, ierr)
  if (rank == 0) write (*, '(a, i1, a, i1)') 'module: only ', all(1), ' wrapped ', all(2)
  call MPI_Finalize(ierr)
end program module_names
