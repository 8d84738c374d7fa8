! Array sections as choice buffers under `use mpi_f08`
! (MPI_SUBARRAYS_SUPPORTED is .FALSE., as in Open MPI's gfortran module):
! a blocking call takes any section (the compiler passes a copy for the
! call); a contiguous one goes to a non-blocking call in place; a
! non-contiguous one given to a non-blocking call is refused with
! MPI_ERR_BUFFER (the copy would be gone before the operation ends).
! With an argument (`fatal`) the refusal meets MPI_COMM_WORLD's default
! handler and ends the job, naming the call.
program f08_sections
  use mpi_f08
  implicit none
  integer :: rank, size, next, prev, i, ierror, class, ok(3), all(3)
  integer :: a(4, 6), got(6)
  type(MPI_Request) :: reqs(2)
  call MPI_Init()
  call MPI_Comm_rank(MPI_COMM_WORLD, rank)
  call MPI_Comm_size(MPI_COMM_WORLD, size)
  next = mod(rank + 1, size)
  prev = mod(rank + size - 1, size)
  ok = 1
  a = reshape([(i + 100 * rank, i = 1, 24)], [4, 6])
  ! a row (stride 4) through a blocking call
  call MPI_Sendrecv(a(2, :), 6, MPI_INTEGER, next, 1, got, 6, MPI_INTEGER, prev, 1, &
      MPI_COMM_WORLD, MPI_STATUS_IGNORE)
  if (any(got /= [(2 + 4 * i + 100 * prev, i = 0, 5)])) ok(1) = 0
  ! a column (contiguous) through non-blocking calls, in place
  call MPI_Irecv(a(:, 6), 4, MPI_INTEGER, prev, 2, MPI_COMM_WORLD, reqs(1))
  call MPI_Isend(a(:, 1), 4, MPI_INTEGER, next, 2, MPI_COMM_WORLD, reqs(2))
  call MPI_Waitall(2, reqs, MPI_STATUSES_IGNORE)
  if (any(a(:, 6) /= [(i + 100 * prev, i = 1, 4)])) ok(2) = 0
  ! a row to a non-blocking call: refused, nothing started
  if (command_argument_count() == 0) then
    call MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN)
  end if
  reqs(1) = MPI_REQUEST_NULL
  call MPI_Isend(a(1, :), 6, MPI_INTEGER, next, 3, MPI_COMM_WORLD, reqs(1), ierror)
  call MPI_Error_class(ierror, class)
  if (class /= MPI_ERR_BUFFER .or. reqs(1) /= MPI_REQUEST_NULL) ok(3) = 0
  call MPI_Allreduce(ok, all, 3, MPI_INTEGER, MPI_MIN, MPI_COMM_WORLD)
  if (rank == 0) write (*, '(a, i1, a, i1, a, i1)') 'sections: blocking ', all(1), &
      ' contiguous ', all(2), ' refused ', all(3)
  call MPI_Finalize()
end program f08_sections
