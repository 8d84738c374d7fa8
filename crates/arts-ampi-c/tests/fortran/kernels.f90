! Fortran MPI kernels, each checked: a ring with statuses, reductions
! (MPI_IN_PLACE, MPI_MAXLOC on MPI_2DOUBLE_PRECISION, a complex sum), broadcast and
! gather, a 1-D Cartesian halo exchange with a derived type, non-blocking
! receives completed by MPI_Waitany (index from 1) and MPI_Waitall, names
! and the clock. Prints one line of checks (1 = right), the same under
! Open MPI's mpif90.
program kernels
  use mpi
  implicit none
  integer :: ierr, rank, n, left, right, i, idx, cart, src, dst, vec, len
  integer :: status(MPI_STATUS_SIZE), reqs(2), ok(10), all(10)
  integer :: imax, gathered(64)
  integer, volatile :: token, got ! written by MPI behind the compiler's back
  double precision :: x, total, pair(2), best(2), t0, halo(0:5)
  complex :: z, zsum
  character(len=MPI_MAX_PROCESSOR_NAME) :: name

  call MPI_Init(ierr)
  call MPI_Comm_rank(MPI_COMM_WORLD, rank, ierr)
  call MPI_Comm_size(MPI_COMM_WORLD, n, ierr)
  ok = 1
  t0 = MPI_Wtime()

  ! ring: each rank passes its rank to the right
  right = mod(rank + 1, n)
  left = mod(rank + n - 1, n)
  token = rank
  call MPI_Sendrecv(token, 1, MPI_INTEGER, right, 7, got, 1, MPI_INTEGER, left, 7, &
                    MPI_COMM_WORLD, status, ierr)
  call MPI_Get_count(status, MPI_INTEGER, i, ierr)
  if (got /= left .or. status(MPI_SOURCE) /= left .or. status(MPI_TAG) /= 7 .or. i /= 1) ok(1) = 0

  ! reductions
  x = rank + 1
  call MPI_Allreduce(x, total, 1, MPI_DOUBLE_PRECISION, MPI_SUM, MPI_COMM_WORLD, ierr)
  call MPI_Allreduce(rank, imax, 1, MPI_INTEGER, MPI_MAX, MPI_COMM_WORLD, ierr)
  if (total /= n * (n + 1) / 2.0d0 .or. imax /= n - 1) ok(2) = 0
  x = rank + 1
  call MPI_Allreduce(MPI_IN_PLACE, x, 1, MPI_DOUBLE_PRECISION, MPI_MAX, MPI_COMM_WORLD, ierr)
  if (x /= n) ok(2) = 0
  pair(1) = mod(rank * 7, 5)
  pair(2) = rank
  call MPI_Allreduce(pair, best, 1, MPI_2DOUBLE_PRECISION, MPI_MAXLOC, MPI_COMM_WORLD, ierr)
  do i = 0, n - 1
    if (mod(i * 7, 5) > best(1)) ok(3) = 0
  end do
  if (mod(nint(best(2)) * 7, 5) /= nint(best(1))) ok(3) = 0
  z = cmplx(rank, -2 * rank)
  call MPI_Allreduce(z, zsum, 1, MPI_COMPLEX, MPI_SUM, MPI_COMM_WORLD, ierr)
  if (zsum /= cmplx(n * (n - 1) / 2, -n * (n - 1))) ok(9) = 0

  ! broadcast and gather
  token = -1
  if (rank == 0) token = 42
  call MPI_Bcast(token, 1, MPI_INTEGER, 0, MPI_COMM_WORLD, ierr)
  if (token /= 42) ok(4) = 0
  if (rank == n - 1) then
    gathered(n) = rank * rank
    call MPI_Gather(MPI_IN_PLACE, 1, MPI_INTEGER, gathered, 1, MPI_INTEGER, n - 1, &
                    MPI_COMM_WORLD, ierr)
  else
    call MPI_Gather(rank * rank, 1, MPI_INTEGER, gathered, 1, MPI_INTEGER, n - 1, &
                    MPI_COMM_WORLD, ierr)
  end if
  if (rank == n - 1) then
    do i = 1, n
      if (gathered(i) /= (i - 1) * (i - 1)) ok(5) = 0
    end do
  end if

  ! 1-D periodic Cartesian halo exchange of every other element (a vector type)
  call MPI_Cart_create(MPI_COMM_WORLD, 1, (/ n /), (/ .true. /), .false., cart, ierr)
  call MPI_Cart_shift(cart, 0, 1, src, dst, ierr)
  call MPI_Type_vector(2, 1, 2, MPI_DOUBLE_PRECISION, vec, ierr)
  call MPI_Type_commit(vec, ierr)
  halo = -1
  halo(1) = rank
  halo(3) = rank + 0.5d0
  call MPI_Sendrecv(halo(1), 1, vec, dst, 1, halo(2), 1, vec, src, 1, cart, MPI_STATUS_IGNORE, ierr)
  if (halo(2) /= src .or. halo(4) /= src + 0.5d0 .or. halo(5) /= -1) ok(6) = 0
  call MPI_Type_free(vec, ierr)
  call MPI_Comm_free(cart, ierr)

  ! non-blocking: two receives, the second one's message sent first
  call MPI_Irecv(got, 1, MPI_INTEGER, left, 1, MPI_COMM_WORLD, reqs(1), ierr)
  call MPI_Irecv(token, 1, MPI_INTEGER, left, 2, MPI_COMM_WORLD, reqs(2), ierr)
  call MPI_Send(rank + 200, 1, MPI_INTEGER, right, 2, MPI_COMM_WORLD, ierr)
  call MPI_Waitany(2, reqs, idx, status, ierr)
  if (idx /= 2 .or. token /= left + 200 .or. reqs(2) /= MPI_REQUEST_NULL) ok(8) = 0
  call MPI_Barrier(MPI_COMM_WORLD, ierr) ! no message of tag 1 before every Waitany returned
  call MPI_Send(rank + 100, 1, MPI_INTEGER, right, 1, MPI_COMM_WORLD, ierr)
  call MPI_Waitall(2, reqs, MPI_STATUSES_IGNORE, ierr)
  if (got /= left + 100 .or. reqs(1) /= MPI_REQUEST_NULL) ok(7) = 0

  ! names and the clock
  call MPI_Get_processor_name(name, len, ierr)
  if (len < 1 .or. len_trim(name) /= len .or. MPI_Wtime() < t0) ok(10) = 0

  call MPI_Allreduce(ok, all, 10, MPI_INTEGER, MPI_MIN, MPI_COMM_WORLD, ierr)
  if (rank == 0) write (*, '(a, 10(a, i1))') 'fortran:', ' ring ', all(1), ' allreduce ', all(2), &
      ' maxloc ', all(3), ' bcast ', all(4), ' gather ', all(5), ' cart ', all(6), &
      ' nonblocking ', all(7), ' waitany ', all(8), ' complex ', all(9), ' name ', all(10)
  call MPI_Finalize(ierr)
end program kernels
