! MPI 4.0's info calls in Fortran (Open MPI 4.1 has neither):
! MPI_Info_get_string's lengths (a value's, without a terminator, as
! Fortran counts) and truncation, and MPI_Info_create_env before MPI_Init
! and after MPI_Finalize, as MPI allows.
program info_strings
  use mpi
  implicit none
  integer :: ierr, rank, size, procs, h, env, env_after, buflen, ok(3), nkeys
  character(len=16) :: val
  logical :: flag
  ok = 1
  call MPI_Info_create_env(env, ierr)
  if (ierr /= MPI_SUCCESS) ok(3) = 0
  call MPI_Init(ierr)
  call MPI_Comm_rank(MPI_COMM_WORLD, rank, ierr)
  call MPI_Comm_size(MPI_COMM_WORLD, size, ierr)
  call MPI_Info_create(h, ierr)
  call MPI_Info_set(h, 'sort', '123456', ierr)
  ! buflen 0: the value's length only
  buflen = 0
  val = 'canary'
  call MPI_Info_get_string(h, 'sort', buflen, val, flag, ierr)
  if (.not. flag .or. buflen /= 6 .or. val /= 'canary') ok(1) = 0
  ! buflen 2: two characters, blank-padded; the whole length back
  buflen = 2
  call MPI_Info_get_string(h, 'sort', buflen, val, flag, ierr)
  if (.not. flag .or. buflen /= 6 .or. val /= '12') ok(1) = 0
  buflen = 16
  call MPI_Info_get_string(h, 'sort', buflen, val, flag, ierr)
  if (.not. flag .or. buflen /= 6 .or. val /= '123456') ok(1) = 0
  ! a key not set: nothing changes
  buflen = 16
  val = 'canary'
  call MPI_Info_get_string(h, 'nokey', buflen, val, flag, ierr)
  if (flag .or. buflen /= 16 .or. val /= 'canary') ok(2) = 0
  call MPI_Info_free(h, ierr)
  ! the environment: MPI_INFO_ENV's keys, 'maxprocs' among them
  call MPI_Info_get_nkeys(env, nkeys, ierr)
  buflen = 16
  call MPI_Info_get_string(env, 'maxprocs', buflen, val, flag, ierr)
  if (nkeys < 3 .or. .not. flag .or. buflen /= len_trim(val)) ok(3) = 0
  read (val, *) procs
  if (procs /= size) ok(3) = 0
  call MPI_Finalize(ierr)
  call MPI_Info_create_env(env_after, ierr)
  call MPI_Info_get_nkeys(env_after, nkeys, ierr)
  if (ierr /= MPI_SUCCESS .or. nkeys < 3) ok(3) = 0
  call MPI_Info_free(env_after, ierr)
  call MPI_Info_free(env, ierr)
  if (rank == 0) write (*, '(a, i1, a, i1, a, i1)') 'info: lengths ', ok(1), &
      ' unset ', ok(2), ' env ', ok(3)
end program info_strings
