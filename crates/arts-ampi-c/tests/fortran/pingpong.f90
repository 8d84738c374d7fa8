! Ping-pong between ranks 0 and 1 through the Fortran binding, the same
! loop as pingpong.c: one-way latency of an n-byte message.
!   pingpong [bytes=8] [iterations=100000]
program pingpong
  use mpi
  implicit none
  integer :: ierr, rank, bytes, iters, i
  character(len=16) :: arg
  character, allocatable :: buf(:)
  double precision :: t0, t
  call MPI_Init(ierr)
  call MPI_Comm_rank(MPI_COMM_WORLD, rank, ierr)
  bytes = 8
  iters = 100000
  if (command_argument_count() >= 1) then
    call get_command_argument(1, arg)
    read (arg, *) bytes
  end if
  if (command_argument_count() >= 2) then
    call get_command_argument(2, arg)
    read (arg, *) iters
  end if
  allocate (buf(max(bytes, 1)))
  buf = 'x'
  call MPI_Barrier(MPI_COMM_WORLD, ierr)
  t0 = MPI_Wtime()
  do i = 1, iters
    if (rank == 0) then
      call MPI_Send(buf, bytes, MPI_BYTE, 1, 0, MPI_COMM_WORLD, ierr)
      call MPI_Recv(buf, bytes, MPI_BYTE, 1, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE, ierr)
    else if (rank == 1) then
      call MPI_Recv(buf, bytes, MPI_BYTE, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE, ierr)
      call MPI_Send(buf, bytes, MPI_BYTE, 0, 0, MPI_COMM_WORLD, ierr)
    end if
  end do
  t = MPI_Wtime() - t0
  if (rank == 0) write (*, '(a, i0, a, f8.4)') 'pingpong bytes=', bytes, ' latency_us=', &
      t / iters / 2 * 1d6
  call MPI_Finalize(ierr)
end program pingpong
