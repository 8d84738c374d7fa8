! `use mpi_f08`: typed handles compared with == and /=, `ierror` left out
! or given, statuses with named fields and MPI_STATUS(ES)_IGNORE, strings
! (a communicator's name), procedures (a user reduction, attribute
! callbacks) and MPI_IN_PLACE, as MPI-3 programs write them. Prints Open
! MPI's line.
module f08_ops
  use mpi_f08
  implicit none
contains
  ! the larger magnitude, element by element
  subroutine absmax(invec, inoutvec, len, datatype)
    use, intrinsic :: iso_c_binding, only: c_ptr, c_f_pointer
    type(c_ptr), value :: invec, inoutvec
    integer :: len
    type(MPI_Datatype) :: datatype
    integer, pointer :: a(:), b(:)
    integer :: i
    call c_f_pointer(invec, a, [len])
    call c_f_pointer(inoutvec, b, [len])
    if (datatype /= MPI_INTEGER) return
    do i = 1, len
      if (abs(a(i)) > abs(b(i))) b(i) = a(i)
    end do
  end subroutine absmax
end module f08_ops

program f08
  use mpi_f08
  use f08_ops
  implicit none
  integer :: rank, size, ierror, i, next, prev, got(2), mine(2), ok(6), all(6), key, n
  integer :: value(1), reduced(1)
  integer(kind=MPI_ADDRESS_KIND) :: attr
  logical :: flag
  character(len=MPI_MAX_OBJECT_NAME) :: name
  character(len=MPI_MAX_ERROR_STRING) :: text
  type(MPI_Comm) :: half, dup
  type(MPI_Request) :: reqs(2)
  type(MPI_Status) :: status, statuses(2)
  type(MPI_Op) :: op
  type(MPI_Datatype) :: pair
  double precision :: t0

  call MPI_Init()
  t0 = MPI_Wtime()
  call MPI_Comm_rank(MPI_COMM_WORLD, rank)
  call MPI_Comm_size(MPI_COMM_WORLD, size, ierror)
  ok = 1
  if (ierror /= MPI_SUCCESS .or. MPI_COMM_WORLD == MPI_COMM_NULL) ok(1) = 0

  ! point to point: a ring, with statuses and without
  next = mod(rank + 1, size)
  prev = mod(rank + size - 1, size)
  mine = [rank, -rank]
  call MPI_Irecv(got, 2, MPI_INTEGER, prev, 5, MPI_COMM_WORLD, reqs(1))
  call MPI_Isend(mine, 2, MPI_INTEGER, next, 5, MPI_COMM_WORLD, reqs(2))
  call MPI_Waitall(2, reqs, statuses)
  call MPI_Get_count(statuses(1), MPI_INTEGER, n)
  if (statuses(1)%MPI_SOURCE /= prev .or. statuses(1)%MPI_TAG /= 5 .or. n /= 2) ok(2) = 0
  if (got(1) /= prev .or. reqs(1) /= MPI_REQUEST_NULL) ok(2) = 0
  call MPI_Sendrecv(mine, 2, MPI_INTEGER, next, 6, got, 2, MPI_INTEGER, prev, 6, &
      MPI_COMM_WORLD, MPI_STATUS_IGNORE)
  call MPI_Type_contiguous(2, MPI_INTEGER, pair)
  call MPI_Type_commit(pair)
  call MPI_Isend(mine, 1, pair, next, 7, MPI_COMM_WORLD, reqs(1))
  call MPI_Recv(got, 1, pair, MPI_ANY_SOURCE, 7, MPI_COMM_WORLD, status)
  call MPI_Wait(reqs(1), MPI_STATUS_IGNORE)
  call MPI_Type_free(pair)
  if (got(2) /= -prev .or. status%MPI_SOURCE /= prev .or. pair /= MPI_DATATYPE_NULL) ok(2) = 0

  ! communicators, with a name
  call MPI_Comm_split(MPI_COMM_WORLD, mod(rank, 2), rank, half)
  call MPI_Comm_set_name(half, 'half')
  call MPI_Comm_get_name(half, name, n)
  if (trim(name) /= 'half' .or. n /= 4) ok(3) = 0
  call MPI_Comm_free(half)
  if (half /= MPI_COMM_NULL) ok(3) = 0

  ! collectives: in place, and a reduction of the program's own
  value(1) = rank + 1
  call MPI_Allreduce(MPI_IN_PLACE, value, 1, MPI_INTEGER, MPI_SUM, MPI_COMM_WORLD)
  if (value(1) /= size * (size + 1) / 2) ok(4) = 0
  call MPI_Op_create(absmax, .true., op)
  value(1) = rank
  if (mod(rank, 2) == 1) value(1) = -rank
  call MPI_Reduce(value, reduced, 1, MPI_INTEGER, op, 0, MPI_COMM_WORLD)
  call MPI_Op_free(op)
  if (rank == 0) then
    i = size - 1
    if (mod(i, 2) == 1) i = -i
    if (reduced(1) /= i) ok(4) = 0
  end if

  ! attributes copied to a duplicate by the predefined callback
  call MPI_Comm_create_keyval(MPI_COMM_DUP_FN, MPI_COMM_NULL_DELETE_FN, key, 0_MPI_ADDRESS_KIND)
  call MPI_Comm_set_attr(MPI_COMM_WORLD, key, 42_MPI_ADDRESS_KIND)
  call MPI_Comm_dup(MPI_COMM_WORLD, dup)
  call MPI_Comm_get_attr(dup, key, attr, flag)
  if (.not. flag .or. attr /= 42) ok(5) = 0
  call MPI_Comm_free(dup)
  call MPI_Comm_free_keyval(key)

  ! an error returned, not fatal, and its string
  call MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN)
  call MPI_Send(mine, 1, MPI_INTEGER, size, 0, MPI_COMM_WORLD, ierror)
  call MPI_Error_class(ierror, i)
  call MPI_Error_string(ierror, text, n)
  if (i /= MPI_ERR_RANK .or. n == 0) ok(6) = 0
  if (MPI_Wtime() < t0 .or. MPI_Wtick() <= 0d0) ok(6) = 0

  call MPI_Allreduce(ok, all, 6, MPI_INTEGER, MPI_MIN, MPI_COMM_WORLD)
  if (rank == 0) write (*, '(a, 5(i1, a), i1)') 'f08: handles ', all(1), ' p2p ', all(2), &
      ' comms ', all(3), ' coll ', all(4), ' attrs ', all(5), ' errors ', all(6)
  call MPI_Finalize()
end program f08
