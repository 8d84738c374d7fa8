! STOP and ERROR STOP end their rank, not the run:
!   stops stop    every rank: MPI_Finalize, then a plain STOP (success)
!   stops code    rank 1 stops with STOP 3 after MPI_Finalize (the job's code)
!   stops error   rank 1: ERROR STOP 'bad input' before MPI_Finalize
program stops
  use mpi
  implicit none
  integer :: ierr, rank
  character(len=16) :: mode
  call get_command_argument(1, mode)
  call MPI_Init(ierr)
  call MPI_Comm_rank(MPI_COMM_WORLD, rank, ierr)
  call MPI_Barrier(MPI_COMM_WORLD, ierr)
  if (mode == 'error' .and. rank == 1) error stop 'bad input'
  if (rank == 0) print '(a)', 'stops: every rank passed the barrier'
  call MPI_Finalize(ierr)
  if (mode == 'code' .and. rank == 1) stop 3
  stop
end program stops
