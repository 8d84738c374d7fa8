! The Fortran names of issue 51 (defect 3), each checked: MPI-1's datatype
! calls with default INTEGER displacements, strides, extents and addresses.
! Prints one line of checks (1 = right), the same under Open MPI's mpif90.
program bindings
  use mpi
  implicit none
  integer, parameter :: nchecks = 2
  integer :: ierr, rank, n, i, t, class, ok(nchecks), all(nchecks)
  integer :: a(8), b(8), lens(2), disps(2), types(2), extent, lb, ub, addr1, addr2
  integer(kind=MPI_ADDRESS_KIND) :: big
  character(len=MPI_MAX_LIBRARY_VERSION_STRING) :: version
  logical :: arts

  call MPI_Init(ierr)
  call MPI_Comm_rank(MPI_COMM_WORLD, rank, ierr)
  call MPI_Comm_size(MPI_COMM_WORLD, n, ierr)
  call MPI_Get_library_version(version, i, ierr)
  arts = version(1:4) == 'arts' .and. i == len_trim(version)
  ok = 1
  a = (/ (i, i = 1, 8) /)

  ! 1. MPI-1 datatypes: hindexed (bytes 0 and 12), hvector (stride 8 bytes),
  ! struct (an integer and a double), their extents and bounds
  call MPI_Type_hindexed(2, (/ 1, 2 /), (/ 0, 12 /), MPI_INTEGER, t, ierr)
  call MPI_Type_commit(t, ierr)
  b = 0
  call MPI_Sendrecv(a, 1, t, rank, 1, b, 3, MPI_INTEGER, rank, 1, MPI_COMM_WORLD, &
                    MPI_STATUS_IGNORE, ierr)
  if (any(b(1:3) /= (/ 1, 4, 5 /))) ok(1) = 0
  call MPI_Type_extent(t, extent, ierr)
  if (extent /= 20) ok(1) = 0
  call MPI_Type_free(t, ierr)
  call MPI_Type_hvector(3, 1, 8, MPI_INTEGER, t, ierr)
  call MPI_Type_commit(t, ierr)
  b = 0
  call MPI_Sendrecv(a, 1, t, rank, 2, b, 3, MPI_INTEGER, rank, 2, MPI_COMM_WORLD, &
                    MPI_STATUS_IGNORE, ierr)
  if (any(b(1:3) /= (/ 1, 3, 5 /))) ok(1) = 0
  call MPI_Type_extent(t, extent, ierr)
  call MPI_Type_lb(t, lb, ierr)
  call MPI_Type_ub(t, ub, ierr)
  if (extent /= 20 .or. lb /= 0 .or. ub /= 20) ok(1) = 0
  call MPI_Type_free(t, ierr)
  big = -4
  call MPI_Type_create_resized(MPI_INTEGER, big, 16_MPI_ADDRESS_KIND, t, ierr)
  call MPI_Type_lb(t, lb, ierr)
  call MPI_Type_ub(t, ub, ierr)
  call MPI_Type_extent(t, extent, ierr)
  if (lb /= -4 .or. ub /= 12 .or. extent /= 16) ok(1) = 0
  call MPI_Type_free(t, ierr)
  lens = (/ 1, 1 /)
  disps = (/ 0, 8 /)
  types = (/ MPI_INTEGER, MPI_DOUBLE_PRECISION /)
  call MPI_Type_struct(2, lens, disps, types, t, ierr)
  call MPI_Type_size(t, i, ierr)
  call MPI_Type_extent(t, extent, ierr)
  if (i /= 12 .or. extent /= 16 .or. ierr /= MPI_SUCCESS) ok(1) = 0
  call MPI_Type_free(t, ierr)

  ! 2. MPI_Address: an INTEGER address, which under arts fails with
  ! MPI_ERR_ARG where the address does not fit (Open MPI truncates it)
  call MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN, ierr)
  call MPI_Get_address(a(1), big, ierr)
  addr1 = -7
  call MPI_Address(a(1), addr1, ierr)
  if (ierr == MPI_SUCCESS) then
    call MPI_Address(a(3), addr2, ierr)
    if (addr2 - addr1 /= 8) ok(2) = 0
    if (arts .and. int(addr1, MPI_ADDRESS_KIND) /= big) ok(2) = 0
  else
    call MPI_Error_class(ierr, class, i)
    if (.not. arts .or. class /= MPI_ERR_ARG .or. addr1 /= -7) ok(2) = 0
    if (big <= huge(addr1) .and. big >= -huge(addr1)) ok(2) = 0
  end if
  call MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_ARE_FATAL, ierr)

  call MPI_Allreduce(ok, all, nchecks, MPI_INTEGER, MPI_MIN, MPI_COMM_WORLD, ierr)
  if (rank == 0) write (*, '(a, 2(a, i1))') 'bindings:', ' mpi1 ', all(1), ' address ', all(2)
  call MPI_Finalize(ierr)
end program bindings
