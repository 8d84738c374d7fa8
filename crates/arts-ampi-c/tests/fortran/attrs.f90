! User attributes from Fortran, each checked: keys with the program's copy
! and delete subroutines and with the predefined ones, on communicators,
! windows and datatypes; MPI-1's keys and INTEGER values; the predefined
! attributes of a communicator and a window. Prints one line of checks
! (1 = right), the same under Open MPI's mpif90.
module attr_state
  integer :: copies = 0, deletes = 0, last_deleted = -1
end module attr_state

subroutine plus_one(old, key, extra, val_in, val_out, flag, ierr)
  use mpi
  use attr_state
  implicit none
  integer :: old, key, ierr
  integer(kind=MPI_ADDRESS_KIND) :: extra, val_in, val_out
  logical :: flag
  copies = copies + 1
  val_out = val_in + extra
  flag = .true.
  ierr = MPI_SUCCESS
end subroutine plus_one

subroutine noted(obj, key, val, extra, ierr)
  use mpi
  use attr_state
  implicit none
  integer :: obj, key, ierr
  integer(kind=MPI_ADDRESS_KIND) :: val, extra
  deletes = deletes + 1
  last_deleted = int(val)
  ierr = MPI_SUCCESS
end subroutine noted

! MPI-1's callbacks: default INTEGERs
subroutine plus_extra1(old, key, extra, val_in, val_out, flag, ierr)
  use attr_state
  implicit none
  integer :: old, key, extra, val_in, val_out, ierr
  logical :: flag
  copies = copies + 1
  val_out = val_in + extra
  flag = .true.
  ierr = 0
end subroutine plus_extra1

program attrs
  use mpi
  use attr_state
  implicit none
  external plus_one, noted, plus_extra1
  integer :: ierr, rank, n, key, key2, c1, c2, win, t, t2, ok(4), all(4), v1
  integer(kind=MPI_ADDRESS_KIND) :: v, wsize, base
  integer :: cells(4)
  logical :: flag

  call MPI_Init(ierr)
  call MPI_Comm_rank(MPI_COMM_WORLD, rank, ierr)
  call MPI_Comm_size(MPI_COMM_WORLD, n, ierr)
  ok = 1

  ! 1. a communicator key with the program's callbacks: a dup copies the
  ! value plus the extra state (10); deleting and freeing call back
  call MPI_Comm_create_keyval(plus_one, noted, key, 10_MPI_ADDRESS_KIND, ierr)
  call MPI_Comm_dup(MPI_COMM_WORLD, c1, ierr)
  v = 1000000000000_MPI_ADDRESS_KIND + rank
  call MPI_Comm_set_attr(c1, key, v, ierr)
  v = -1
  call MPI_Comm_get_attr(c1, key, v, flag, ierr)
  if (.not. flag .or. v /= 1000000000000_MPI_ADDRESS_KIND + rank) ok(1) = 0
  call MPI_Comm_dup(c1, c2, ierr)
  call MPI_Comm_get_attr(c2, key, v, flag, ierr)
  if (.not. flag .or. v /= 1000000000010_MPI_ADDRESS_KIND + rank .or. copies /= 1) ok(1) = 0
  call MPI_Comm_set_attr(c1, key, 5_MPI_ADDRESS_KIND, ierr)
  if (deletes /= 1) ok(1) = 0
  call MPI_Comm_delete_attr(c1, key, ierr)
  if (deletes /= 2 .or. last_deleted /= 5) ok(1) = 0
  call MPI_Comm_get_attr(c1, key, v, flag, ierr)
  if (flag) ok(1) = 0
  call MPI_Comm_free_keyval(key, ierr)
  if (key /= MPI_KEYVAL_INVALID) ok(1) = 0
  call MPI_Comm_free(c2, ierr)
  if (deletes /= 3) ok(1) = 0
  call MPI_Comm_free(c1, ierr)
  ! the predefined callbacks: MPI_COMM_DUP_FN copies, the null one does not
  call MPI_Comm_create_keyval(MPI_COMM_DUP_FN, MPI_COMM_NULL_DELETE_FN, key, 0_MPI_ADDRESS_KIND, ierr)
  call MPI_Comm_create_keyval(MPI_COMM_NULL_COPY_FN, MPI_COMM_NULL_DELETE_FN, key2, &
                              0_MPI_ADDRESS_KIND, ierr)
  call MPI_Comm_set_attr(MPI_COMM_WORLD, key, 7_MPI_ADDRESS_KIND, ierr)
  call MPI_Comm_set_attr(MPI_COMM_WORLD, key2, 8_MPI_ADDRESS_KIND, ierr)
  call MPI_Comm_dup(MPI_COMM_WORLD, c1, ierr)
  call MPI_Comm_get_attr(c1, key, v, flag, ierr)
  if (.not. flag .or. v /= 7) ok(1) = 0
  call MPI_Comm_get_attr(c1, key2, v, flag, ierr)
  if (flag) ok(1) = 0
  call MPI_Comm_free(c1, ierr)
  call MPI_Comm_delete_attr(MPI_COMM_WORLD, key, ierr)
  call MPI_Comm_delete_attr(MPI_COMM_WORLD, key2, ierr)
  call MPI_Comm_free_keyval(key, ierr)
  call MPI_Comm_free_keyval(key2, ierr)
  ! predefined: MPI_TAG_UB
  call MPI_Comm_get_attr(MPI_COMM_WORLD, MPI_TAG_UB, v, flag, ierr)
  if (.not. flag .or. v < 32767) ok(1) = 0

  ! 2. MPI-1: INTEGER values and extra state
  copies = 0
  call MPI_Keyval_create(plus_extra1, MPI_NULL_DELETE_FN, key, 3, ierr)
  call MPI_Attr_put(MPI_COMM_WORLD, key, 40 + rank, ierr)
  v1 = -1
  call MPI_Attr_get(MPI_COMM_WORLD, key, v1, flag, ierr)
  if (.not. flag .or. v1 /= 40 + rank) ok(2) = 0
  call MPI_Comm_dup(MPI_COMM_WORLD, c1, ierr)
  call MPI_Attr_get(c1, key, v1, flag, ierr)
  if (.not. flag .or. v1 /= 43 + rank .or. copies /= 1) ok(2) = 0
  call MPI_Comm_free(c1, ierr)
  call MPI_Attr_delete(MPI_COMM_WORLD, key, ierr)
  call MPI_Attr_get(MPI_COMM_WORLD, key, v1, flag, ierr)
  if (flag) ok(2) = 0
  call MPI_Keyval_free(key, ierr)
  if (key /= MPI_KEYVAL_INVALID) ok(2) = 0
  call MPI_Attr_get(MPI_COMM_WORLD, MPI_TAG_UB, v1, flag, ierr)
  if (.not. flag .or. v1 < 32767) ok(2) = 0

  ! 3. a window's attributes: the predefined ones, one of the program's
  deletes = 0
  wsize = 16
  call MPI_Win_create(cells, wsize, 4, MPI_INFO_NULL, MPI_COMM_WORLD, win, ierr)
  call MPI_Win_get_attr(win, MPI_WIN_SIZE, v, flag, ierr)
  if (.not. flag .or. v /= 16) ok(3) = 0
  call MPI_Win_get_attr(win, MPI_WIN_DISP_UNIT, v, flag, ierr)
  if (.not. flag .or. v /= 4) ok(3) = 0
  call MPI_Get_address(cells, base, ierr)
  call MPI_Win_get_attr(win, MPI_WIN_BASE, v, flag, ierr)
  if (.not. flag .or. v /= base) ok(3) = 0
  call MPI_Win_create_keyval(MPI_WIN_NULL_COPY_FN, noted, key, 0_MPI_ADDRESS_KIND, ierr)
  call MPI_Win_set_attr(win, key, 77_MPI_ADDRESS_KIND, ierr)
  call MPI_Win_get_attr(win, key, v, flag, ierr)
  if (.not. flag .or. v /= 77) ok(3) = 0
  call MPI_Win_delete_attr(win, key, ierr)
  if (deletes /= 1 .or. last_deleted /= 77) ok(3) = 0
  call MPI_Win_set_attr(win, key, 78_MPI_ADDRESS_KIND, ierr)
  call MPI_Win_free(win, ierr)
  if (deletes /= 2 .or. last_deleted /= 78) ok(3) = 0
  call MPI_Win_free_keyval(key, ierr)

  ! 4. a datatype's: MPI_TYPE_DUP_FN copies it to the dup
  call MPI_Type_contiguous(2, MPI_INTEGER, t, ierr)
  call MPI_Type_create_keyval(MPI_TYPE_DUP_FN, MPI_TYPE_NULL_DELETE_FN, key, &
                              0_MPI_ADDRESS_KIND, ierr)
  call MPI_Type_set_attr(t, key, 99_MPI_ADDRESS_KIND, ierr)
  call MPI_Type_dup(t, t2, ierr)
  call MPI_Type_get_attr(t2, key, v, flag, ierr)
  if (.not. flag .or. v /= 99) ok(4) = 0
  call MPI_Type_delete_attr(t2, key, ierr)
  call MPI_Type_get_attr(t2, key, v, flag, ierr)
  if (flag) ok(4) = 0
  call MPI_Type_free(t2, ierr)
  call MPI_Type_free(t, ierr)
  call MPI_Type_free_keyval(key, ierr)

  call MPI_Allreduce(ok, all, 4, MPI_INTEGER, MPI_MIN, MPI_COMM_WORLD, ierr)
  if (rank == 0) write (*, '(a, 4(a, i1))') 'attrs:', ' comm ', all(1), ' mpi1 ', all(2), &
      ' win ', all(3), ' type ', all(4)
  call MPI_Finalize(ierr)
end program attrs
