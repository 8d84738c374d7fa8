! AMPI's PUP interface in Fortran, without isomalloc: each rank keeps its
! state in a derived type with an ALLOCATABLE array (a length per rank),
! registered with AMPI_Register_pup and a routine written with pupf.h's
! fpup_* calls, and a second state (an ALLOCATABLE 2-D array, a POINTER
! array, a counter and a name) whose routine uses pupmod's generic pup
! and apup. A ring relaxation of `steps` steps checkpoints every `every`
! steps; with `stop` > 0 it leaves after checkpointing at step `stop`. A
! run restarted from that checkpoint gets both states back through the
! routines when it registers them, continues, and prints the same
! checksum as an uninterrupted run.
!
!   pup [steps=30] [every=5] [stop=0] [how=file]
!
! how: file  AMPI_Checkpoint('') (into --checkpoint-dir)
!      mem   AMPI_MemCheckpoint
!      over  as file, but the first routine unpacks one INTEGER more
!            than it packed
module pup_state
  implicit none
  type chunk
    integer :: step = 0
    integer :: n = 0
    double precision, allocatable :: v(:)
    integer(kind=8) :: tag = 0
  end type chunk
  type extra
    integer :: exchanges = 0
    double precision, allocatable :: grid(:, :)
    integer, pointer :: marks(:) => null()
    character(len=8) :: name = ''
  end type extra
  logical :: unpack_too_much = .false.
end module pup_state

! The first routine, with pupf.h's calls: allocates before unpacking.
subroutine chunk_pup(p, c)
  use pup_state
  implicit none
  include 'pupf.h'
  integer :: p
  type(chunk) :: c
  integer :: more
  call fpup_int(p, c%step)
  call fpup_int(p, c%n)
  if (fpup_isunpacking(p)) allocate(c%v(c%n))
  call fpup_doubles(p, c%v, c%n)
  call fpup_long(p, c%tag)
  if (unpack_too_much .and. fpup_isunpacking(p)) call fpup_int(p, more)
  if (fpup_isdeleting(p)) deallocate(c%v)
end subroutine chunk_pup

! The second, with pupmod's generic pup and apup (which allocate).
subroutine extra_pup(p, e)
  use pup_state
  use pupmod
  implicit none
  integer :: p
  type(extra) :: e
  call pup(p, e%exchanges)
  call apup(p, e%grid)
  call apup(p, e%marks)
  call pup(p, e%name)
end subroutine extra_pup

program pup
  use mpi
  use pup_state
  implicit none
  external chunk_pup, extra_pup
  type(chunk) :: c
  type(extra) :: e
  integer :: ierr, rank, size, idx, extra_idx, i, steps, every, stop_at
  integer(kind=MPI_ADDRESS_KIND) :: got
  character(len=16) :: arg, how
  character(len=8) :: name
  double precision :: left, right, prev, cur, next, mine, total

  call MPI_Init(ierr)
  call MPI_Comm_size(MPI_COMM_WORLD, size, ierr)
  call MPI_Comm_rank(MPI_COMM_WORLD, rank, ierr)
  steps = 30
  every = 5
  stop_at = 0
  how = 'file'
  if (command_argument_count() >= 1) then
    call get_command_argument(1, arg)
    read (arg, *) steps
  end if
  if (command_argument_count() >= 2) then
    call get_command_argument(2, arg)
    read (arg, *) every
  end if
  if (command_argument_count() >= 3) then
    call get_command_argument(3, arg)
    read (arg, *) stop_at
  end if
  if (command_argument_count() >= 4) call get_command_argument(4, how)
  unpack_too_much = how == 'over'
  write (name, '(a, i0)') 'r', rank

  ! Registered before the data exists: on a restart the routines unpack
  ! it here, and c%v is allocated.
  call AMPI_Register_pup(chunk_pup, c, idx, ierr)
  call AMPI_Register_pup(extra_pup, e, extra_idx, ierr)
  call AMPI_Get_pup_data(extra_idx, got, ierr)
  if (idx /= 0 .or. extra_idx /= 1 .or. got /= loc(e)) then
    print '(a, i0, a)', 'rank ', rank, ': AMPI_Get_pup_data gave another address'
    call MPI_Abort(MPI_COMM_WORLD, 4, ierr)
  end if
  if (.not. allocated(c%v)) then
    c%n = 16 + rank
    allocate(c%v(c%n))
    do i = 1, c%n
      c%v(i) = rank * 100 + i - 1
    end do
    c%tag = 1000 + rank
    allocate(e%grid(2, 0:2))
    e%grid = 0.5d0 * rank
    allocate(e%marks(-1:1))
    e%marks = (/ rank, 2 * rank, 3 * rank /)
    e%name = name
  else
    if (c%tag /= 1000 + rank .or. c%n /= 16 + rank .or. e%exchanges /= c%step &
        .or. e%name /= name .or. .not. associated(e%marks) .or. .not. allocated(e%grid)) then
      print '(a, i0, a)', 'rank ', rank, ': restored the wrong state'
      call MPI_Abort(MPI_COMM_WORLD, 4, ierr)
    end if
    if (lbound(e%marks, 1) /= -1 .or. any(e%marks /= (/ rank, 2 * rank, 3 * rank /)) &
        .or. lbound(e%grid, 2) /= 0 .or. ubound(e%grid, 2) /= 2) then
      print '(a, i0, a)', 'rank ', rank, ': restored the wrong bounds or marks'
      call MPI_Abort(MPI_COMM_WORLD, 4, ierr)
    end if
    if (rank == 0) print '(a, i0)', 'continuing from step ', c%step
  end if

  do while (c%step < steps)
    call MPI_Sendrecv(c%v(1), 1, MPI_DOUBLE_PRECISION, mod(rank + size - 1, size), 0, &
        right, 1, MPI_DOUBLE_PRECISION, mod(rank + 1, size), 0, MPI_COMM_WORLD, &
        MPI_STATUS_IGNORE, ierr)
    call MPI_Sendrecv(c%v(c%n), 1, MPI_DOUBLE_PRECISION, mod(rank + 1, size), 1, &
        left, 1, MPI_DOUBLE_PRECISION, mod(rank + size - 1, size), 1, MPI_COMM_WORLD, &
        MPI_STATUS_IGNORE, ierr)
    e%exchanges = e%exchanges + 1
    prev = left
    do i = 1, c%n
      if (i < c%n) then
        next = c%v(i + 1)
      else
        next = right
      end if
      cur = c%v(i)
      c%v(i) = 0.25d0 * prev + 0.5d0 * cur + 0.25d0 * next
      prev = cur
    end do
    e%grid = e%grid + 0.125d0
    c%step = c%step + 1
    if (every > 0 .and. mod(c%step, every) == 0) then
      if (how == 'mem') then
        call AMPI_MemCheckpoint(ierr)
      else
        call AMPI_Checkpoint('', ierr)
      end if
      if (stop_at > 0 .and. c%step == stop_at) then
        if (rank == 0) print '(a, i0)', 'stopped after saving step ', stop_at
        call MPI_Finalize(ierr)
        stop
      end if
    end if
  end do

  mine = e%exchanges + sum(e%grid) + sum(e%marks)
  do i = 1, c%n
    mine = mine + c%v(i) * i
  end do
  call MPI_Reduce(mine, total, 1, MPI_DOUBLE_PRECISION, MPI_SUM, 0, MPI_COMM_WORLD, ierr)
  if (rank == 0) print '(a, i0, a, es20.12)', 'pup steps=', steps, ' checksum=', total
  deallocate(c%v, e%grid, e%marks)
  call MPI_Finalize(ierr)
end program pup
