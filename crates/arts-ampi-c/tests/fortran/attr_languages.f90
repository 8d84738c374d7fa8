! Attributes between languages (MPI 4.0 §19.3.7), through arts' C calls
! bound here directly: a value set from Fortran is an integer, which C's
! MPI_Comm_get_attr gives the address of; a pointer set from C comes to
! Fortran as that address. (As MPICH's fandcattrf08 and attrlangf08 ask;
! under Open MPI the C calls have other names, so the line stands alone.)
program attr_languages
  use mpi_f08
  use, intrinsic :: iso_c_binding
  implicit none
  interface
    integer(c_int) function c_get_attr(comm, keyval, val, flag) &
        bind(C, name='ARTS_MPI_Comm_get_attr')
      import :: c_int, c_ptr
      integer(c_int), value :: comm, keyval
      type(c_ptr) :: val
      integer(c_int) :: flag
    end function c_get_attr
    integer(c_int) function c_set_attr(comm, keyval, val) &
        bind(C, name='ARTS_MPI_Comm_set_attr')
      import :: c_int, c_ptr
      integer(c_int), value :: comm, keyval
      type(c_ptr), value :: val
    end function c_set_attr
  end interface
  integer :: key, rank, ok(2), all(2), cflag
  integer(kind=MPI_ADDRESS_KIND) :: val
  integer(c_long), target :: held
  integer(c_long), pointer :: seen
  type(c_ptr) :: got
  logical :: flag
  type(MPI_Comm) :: dup

  call MPI_Init()
  call MPI_Comm_rank(MPI_COMM_WORLD, rank)
  ok = 1
  call MPI_Comm_create_keyval(MPI_COMM_DUP_FN, MPI_COMM_NULL_DELETE_FN, key, 0_MPI_ADDRESS_KIND)
  ! set in Fortran, read in C (also on a duplicate, which copies it)
  call MPI_Comm_set_attr(MPI_COMM_WORLD, key, 5555_MPI_ADDRESS_KIND + rank)
  call MPI_Comm_dup(MPI_COMM_WORLD, dup)
  if (c_get_attr(dup%MPI_VAL, key, got, cflag) /= 0 .or. cflag == 0) then
    ok(1) = 0
  else
    call c_f_pointer(got, seen)
    if (seen /= 5555 + rank) ok(1) = 0
  end if
  call MPI_Comm_get_attr(dup, key, val, flag)
  if (.not. flag .or. val /= 5555 + rank) ok(1) = 0
  call MPI_Comm_free(dup)
  ! set in C, read in Fortran: the pointer itself
  held = 77
  if (c_set_attr(MPI_COMM_WORLD%MPI_VAL, key, c_loc(held)) /= 0) ok(2) = 0
  call MPI_Comm_get_attr(MPI_COMM_WORLD, key, val, flag)
  if (.not. flag .or. val /= transfer(c_loc(held), val)) ok(2) = 0
  call MPI_Comm_delete_attr(MPI_COMM_WORLD, key)
  call MPI_Comm_free_keyval(key)
  call MPI_Allreduce(ok, all, 2, MPI_INTEGER, MPI_MIN, MPI_COMM_WORLD)
  if (rank == 0) write (*, '(a, i1, a, i1)') 'attributes: fortran to c ', all(1), &
      ' c to fortran ', all(2)
  call MPI_Finalize()
end program attr_languages
