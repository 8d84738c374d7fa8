! mpi_f08's status conversions (MPI 4.0; Open MPI 4.1 has neither):
! MPI_Status_f082f and MPI_Status_f2f08 between TYPE(MPI_Status) and
! mpif.h's INTEGER status(MPI_STATUS_SIZE), fields at MPI_SOURCE, MPI_TAG.
program f08_status
  use mpi_f08
  implicit none
  integer :: rank, size, buf(3), fstat(MPI_STATUS_SIZE), n, ok(1), all(1)
  type(MPI_Status) :: status, back
  call MPI_Init()
  call MPI_Comm_rank(MPI_COMM_WORLD, rank)
  call MPI_Comm_size(MPI_COMM_WORLD, size)
  ok = 1
  buf = rank
  call MPI_Sendrecv(buf, 3, MPI_INTEGER, mod(rank + 1, size), 9, buf, 3, MPI_INTEGER, &
      MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, status)
  call MPI_Status_f082f(status, fstat)
  if (fstat(MPI_SOURCE) /= mod(rank + size - 1, size) .or. fstat(MPI_TAG) /= 9) ok = 0
  fstat(MPI_TAG) = 10
  call MPI_Status_f2f08(fstat, back)
  call MPI_Get_count(back, MPI_INTEGER, n)
  if (back%MPI_TAG /= 10 .or. back%MPI_SOURCE /= status%MPI_SOURCE .or. n /= 3) ok = 0
  call MPI_Allreduce(ok, all, 1, MPI_INTEGER, MPI_MIN, MPI_COMM_WORLD)
  if (rank == 0) write (*, '(a, i1)') 'f08 status: conversions ', all(1)
  call MPI_Finalize()
end program f08_status
