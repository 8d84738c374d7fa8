! Each rank's own random_number generator: every rank seeds with
! random_seed(put=) and draws across MPI calls (where the ranks of a PE
! take turns), then draws the same count again from the same seed with no
! MPI call between; the two must agree, as under mpirun, where each rank
! is a process. Unseeded, the ranks' first draws must all differ (each
! process starts from a random state of its own).
program random_streams
  use mpi
  implicit none
  integer :: rank, nranks, ierr, n, i
  integer, allocatable :: seed(:)
  real(8) :: across(3), again(3), first
  real(8), allocatable :: firsts(:)
  call mpi_init(ierr)
  call mpi_comm_rank(mpi_comm_world, rank, ierr)
  call mpi_comm_size(mpi_comm_world, nranks, ierr)
  call random_number(first)
  allocate(firsts(nranks))
  call mpi_allgather(first, 1, mpi_double_precision, firsts, 1, &
                     mpi_double_precision, mpi_comm_world, ierr)
  call random_seed(size=n)
  allocate(seed(n))
  seed = 12345 + 17 * rank
  call random_seed(put=seed)
  do i = 1, 3
    call random_number(across(i))
    call mpi_barrier(mpi_comm_world, ierr)
  end do
  call random_seed(put=seed)
  call random_number(again)
  if (all(across == again)) then
    print '(a,i0,a,3f12.8)', 'rank ', rank, ': same', across
  else
    print '(a,i0,a,3f12.8)', 'rank ', rank, ': differ', across
  end if
  if (rank == 0) then
    do i = 2, nranks
      if (any(firsts(1:i-1) == firsts(i))) then
        print '(a)', 'unseeded: repeated'
        call mpi_finalize(ierr)
        stop
      end if
    end do
    print '(a)', 'unseeded: distinct'
  end if
  call mpi_finalize(ierr)
end program random_streams
