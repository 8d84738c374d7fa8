! Ranks writing their lines in pieces (non-advancing WRITE), suspending in
! MPI calls between the pieces, on both of Fortran's preconnected units:
! under mpirun each line arrives whole; under arts the ranks share one
! process (and one libgfortran), and each line must still arrive whole,
! prefixed with its own rank under --tag-output.
!
!   lines_f [n=5] [mode]   each rank writes n lines to stdout (PRINT and
!                          WRITE(*,*)) and n to stderr (WRITE(0,*)):
!                          "rank R line I: a b c" and "rank R note I: x y"
!   mode stop              then every rank writes "rank R: bye" without its
!                          newline and ends with STOP after MPI_Finalize
!   mode exit              the same, ending with CALL EXIT(0)
program lines_f
  use mpi
  implicit none
  integer :: ierr, rank, size, i, n
  character(len=16) :: arg, mode
  n = 5
  mode = ''
  if (command_argument_count() >= 1) then
    call get_command_argument(1, arg)
    read (arg, *) n
  end if
  if (command_argument_count() >= 2) call get_command_argument(2, mode)
  call MPI_Init(ierr)
  call MPI_Comm_rank(MPI_COMM_WORLD, rank, ierr)
  call MPI_Comm_size(MPI_COMM_WORLD, size, ierr)
  do i = 0, n - 1
    write (*, '(a,i0,a,i0,a)', advance='no') 'rank ', rank, ' line ', i, ':'
    call others_run()
    write (*, '(a)', advance='no') ' a'
    call others_run()
    write (*, '(a)', advance='no') ' b'
    call others_run()
    print '(a)', ' c'
    write (0, '(a,i0,a,i0,a)', advance='no') 'rank ', rank, ' note ', i, ':'
    call others_run()
    write (0, '(a)', advance='no') ' x'
    call others_run()
    write (0, '(a)') ' y'
  end do
  call MPI_Finalize(ierr)
  if (mode == 'stop' .or. mode == 'exit') then
    write (*, '(a,i0,a)', advance='no') 'rank ', rank, ': bye'
    if (mode == 'exit') call exit(0)
    stop
  end if
contains
  ! Lets the other ranks run: a ring exchange (a blocking MPI call).
  subroutine others_run()
    integer :: token, got, st(MPI_STATUS_SIZE), e
    token = rank
    call MPI_Sendrecv(token, 1, MPI_INTEGER, mod(rank + 1, size), 7, got, 1, &
                      MPI_INTEGER, mod(rank + size - 1, size), 7, MPI_COMM_WORLD, st, e)
    call MPI_Barrier(MPI_COMM_WORLD, e)
  end subroutine others_run
end program lines_f
