! MPI-1 datatype calls that old Fortran codes still use (Open MPI 4.1 provides them):
! issue 51 (defect 3) reproducer. Builds a struct type of one integer and one double, checks
! its extent, and sends it around a ring. Expected output (any rank count >= 2): "OK extent 16".
program fortran_mpi1_names
  implicit none
  include 'mpif.h'
  integer :: ierr, rank, nprocs, newtype, status(MPI_STATUS_SIZE)
  integer :: blocklens(2), types(2)
  integer(kind=MPI_ADDRESS_KIND) :: ext8
  integer :: disps(2), extent
  integer :: ibuf(4)
  call MPI_Init(ierr)
  call MPI_Comm_rank(MPI_COMM_WORLD, rank, ierr)
  call MPI_Comm_size(MPI_COMM_WORLD, nprocs, ierr)
  blocklens = (/ 1, 1 /)
  types = (/ MPI_INTEGER, MPI_DOUBLE_PRECISION /)
  disps = (/ 0, 8 /)
  call MPI_Type_struct(2, blocklens, disps, types, newtype, ierr)
  call MPI_Type_commit(newtype, ierr)
  call MPI_Type_extent(newtype, extent, ierr)
  ibuf = 0
  ibuf(1) = rank
  if (rank == 0) then
    call MPI_Send(ibuf, 1, newtype, mod(rank + 1, nprocs), 7, MPI_COMM_WORLD, ierr)
    call MPI_Recv(ibuf, 1, newtype, nprocs - 1, 7, MPI_COMM_WORLD, status, ierr)
    if (ibuf(1) == nprocs - 1 .and. extent == 16) then
      print '(A,I0)', 'OK extent ', extent
    else
      print '(A,I0,A,I0)', 'FAIL extent ', extent, ' got ', ibuf(1)
    end if
  else
    call MPI_Recv(ibuf, 1, newtype, rank - 1, 7, MPI_COMM_WORLD, status, ierr)
    ibuf(1) = rank
    call MPI_Send(ibuf, 1, newtype, mod(rank + 1, nprocs), 7, MPI_COMM_WORLD, ierr)
  end if
  call MPI_Type_free(newtype, ierr)
  call MPI_Finalize(ierr)
end program fortran_mpi1_names
