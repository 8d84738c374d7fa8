! A rank reads its command line after the last rank to start has ended:
! libgfortran, loaded once for all ranks, keeps the command line the last
! rank's main gave it, so what it keeps must outlive that rank (the host
! hands it a copy of its own: src/fortran/args.rs).
!   args_after_end A B   every rank but the last prints "rank R: A B"
program args_after_end
  use mpi
  implicit none
  integer :: ierr, rank, size, a, b, ios1, ios2, r
  integer :: st(MPI_STATUS_SIZE)
  character(len=32) :: arg
  call MPI_Init(ierr)
  call MPI_Comm_rank(MPI_COMM_WORLD, rank, ierr)
  call MPI_Comm_size(MPI_COMM_WORLD, size, ierr)
  if (rank == size - 1) then
    ! Every other rank has started; tell them to go on, and end.
    do r = 0, size - 2
      call MPI_Recv(a, 1, MPI_INTEGER, r, 1, MPI_COMM_WORLD, st, ierr)
    end do
    do r = 0, size - 2
      call MPI_Send(r, 1, MPI_INTEGER, r, 2, MPI_COMM_WORLD, ierr)
    end do
    call MPI_Finalize(ierr)
    stop
  end if
  call MPI_Send(rank, 1, MPI_INTEGER, size - 1, 1, MPI_COMM_WORLD, ierr)
  call MPI_Recv(a, 1, MPI_INTEGER, size - 1, 2, MPI_COMM_WORLD, st, ierr)
  ! On one PE the last rank ran to its end before this rank resumed.
  call get_command_argument(1, arg)
  read (arg, *, iostat=ios1) a
  call get_command_argument(2, arg)
  read (arg, *, iostat=ios2) b
  if (ios1 /= 0 .or. ios2 /= 0) then
    print '(a, i0, a)', 'rank ', rank, ': unreadable arguments'
  else
    print '(a, i0, a, i0, a, i0)', 'rank ', rank, ': ', a, ' ', b
  end if
  call MPI_Finalize(ierr)
end program args_after_end
