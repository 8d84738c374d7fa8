! MPI-IO from Fortran: each rank writes its row of a global n x 4 array
! through a subarray view with MPI_File_write_all, rank 0 reads the whole
! file back with MPI_File_read_at and checks it. Prints one line, the same
! under Open MPI's mpif90.
!   io FILE
program io
  use mpi
  implicit none
  integer :: ierr, rank, n, fh, row, i, j, sizes(2), sub(2), starts(2)
  integer :: mine(4), whole(4, 64), ok
  integer(kind=MPI_OFFSET_KIND) :: zero, size
  character(len=256) :: path
  call get_command_argument(1, path)
  call MPI_Init(ierr)
  call MPI_Comm_rank(MPI_COMM_WORLD, rank, ierr)
  call MPI_Comm_size(MPI_COMM_WORLD, n, ierr)
  call MPI_File_open(MPI_COMM_WORLD, path, MPI_MODE_CREATE + MPI_MODE_RDWR, MPI_INFO_NULL, fh, ierr)
  ! The file holds the array in Fortran order: column j of 4 rows ... here
  ! each rank owns column rank+1 of a 4 x n array.
  sizes = (/ 4, n /)
  sub = (/ 4, 1 /)
  starts = (/ 0, rank /)
  call MPI_Type_create_subarray(2, sizes, sub, starts, MPI_ORDER_FORTRAN, MPI_INTEGER, row, ierr)
  call MPI_Type_commit(row, ierr)
  zero = 0
  call MPI_File_set_view(fh, zero, MPI_INTEGER, row, 'native', MPI_INFO_NULL, ierr)
  mine = (/ (100 * rank + i, i = 1, 4) /)
  call MPI_File_write_all(fh, mine, 4, MPI_INTEGER, MPI_STATUS_IGNORE, ierr)
  call MPI_Type_free(row, ierr)
  call MPI_File_sync(fh, ierr)
  ok = 1
  call MPI_File_set_view(fh, zero, MPI_BYTE, MPI_BYTE, 'native', MPI_INFO_NULL, ierr)
  if (rank == 0) then
    call MPI_File_read_at(fh, zero, whole, 4 * n, MPI_INTEGER, MPI_STATUS_IGNORE, ierr)
    do j = 1, n
      do i = 1, 4
        if (whole(i, j) /= 100 * (j - 1) + i) ok = 0
      end do
    end do
    call MPI_File_get_size(fh, size, ierr)
    if (size /= 16 * n) ok = 0
  end if
  call MPI_File_close(fh, ierr)
  if (rank == 0) then
    call MPI_File_delete(path, MPI_INFO_NULL, ierr)
    write (*, '(a, i1)') 'fortran io: ', ok
  end if
  call MPI_Finalize(ierr)
end program io
