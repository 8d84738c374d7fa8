! pupmod.f90 of arts (crate arts-ampi-c): `use pupmod`, AMPI's Fortran PUP
! module (Charm++'s pupmod). arts-mpif90 compiles it once beside the mpi
! module and links it into every Fortran program.
!
!   call pup(p, x)   x: a scalar or an array (rank 1 to 3) of INTEGER
!                    (kinds 2, 4, 8), REAL (4, 8), COMPLEX (4, 8),
!                    LOGICAL, or CHARACTER (a scalar or rank-1 array):
!                    moves its values.
!   call apup(p, a)  a: an ALLOCATABLE or POINTER array (rank 1 to 3) of
!                    those types but CHARACTER: moves whether it is
!                    allocated (associated), its bounds and its values;
!                    unpacking allocates it, a deleting pass deallocates
!                    it (a pointer is nullified when it was not associated).
!
! The fpup_* calls and fpup_is* functions of pupf.h come with it, and
! Charm++'s short names pup_issz, pup_ispk, pup_isupk, pup_isdel, pup_isul.
! (One external takes several types and ranks here: the module is compiled
! with -fallow-argument-mismatch, as mpif.h's choice buffers are.)
module pupmod
  implicit none
  include 'pupf.h'
  private :: pup_put_shape

  interface pup
    module procedure pup_i2_0, pup_i2_1, pup_i2_2, pup_i2_3
    module procedure pup_i4_0, pup_i4_1, pup_i4_2, pup_i4_3
    module procedure pup_i8_0, pup_i8_1, pup_i8_2, pup_i8_3
    module procedure pup_r4_0, pup_r4_1, pup_r4_2, pup_r4_3
    module procedure pup_r8_0, pup_r8_1, pup_r8_2, pup_r8_3
    module procedure pup_z4_0, pup_z4_1, pup_z4_2, pup_z4_3
    module procedure pup_z8_0, pup_z8_1, pup_z8_2, pup_z8_3
    module procedure pup_l_0, pup_l_1, pup_l_2, pup_l_3
    module procedure pup_ch_0, pup_ch_1
  end interface pup
  interface apup
    module procedure apup_i2_1, apupp_i2_1, apup_i2_2, apupp_i2_2
    module procedure apup_i2_3, apupp_i2_3, apup_i4_1, apupp_i4_1
    module procedure apup_i4_2, apupp_i4_2, apup_i4_3, apupp_i4_3
    module procedure apup_i8_1, apupp_i8_1, apup_i8_2, apupp_i8_2
    module procedure apup_i8_3, apupp_i8_3, apup_r4_1, apupp_r4_1
    module procedure apup_r4_2, apupp_r4_2, apup_r4_3, apupp_r4_3
    module procedure apup_r8_1, apupp_r8_1, apup_r8_2, apupp_r8_2
    module procedure apup_r8_3, apupp_r8_3, apup_z4_1, apupp_z4_1
    module procedure apup_z4_2, apupp_z4_2, apup_z4_3, apupp_z4_3
    module procedure apup_z8_1, apupp_z8_1, apup_z8_2, apupp_z8_2
    module procedure apup_z8_3, apupp_z8_3, apup_l_1, apupp_l_1
    module procedure apup_l_2, apupp_l_2, apup_l_3, apupp_l_3
  end interface apup
contains

  logical function pup_issz(p)
    integer :: p
    pup_issz = fpup_issizing(p)
  end function pup_issz

  logical function pup_ispk(p)
    integer :: p
    pup_ispk = fpup_ispacking(p)
  end function pup_ispk

  logical function pup_isupk(p)
    integer :: p
    pup_isupk = fpup_isunpacking(p)
  end function pup_isupk

  logical function pup_isdel(p)
    integer :: p
    pup_isdel = fpup_isdeleting(p)
  end function pup_isdel

  logical function pup_isul(p)
    integer :: p
    pup_isul = fpup_isuserlevel(p)
  end function pup_isul

  ! Moves the allocated flag `have` and, when set, the bounds lo(:r), hi(:r).
  subroutine pup_put_shape(p, have, r, lo, hi)
    integer :: p, r
    integer :: have, lo(r), hi(r)
    call fpup_int(p, have)
    if (have /= 0) then
      call fpup_ints(p, lo, r)
      call fpup_ints(p, hi, r)
    end if
  end subroutine pup_put_shape

  subroutine pup_ch_0(p, x)
    integer :: p
    character(len=*), intent(inout) :: x
    call fpup_chars(p, x, len(x))
  end subroutine pup_ch_0

  subroutine pup_ch_1(p, x)
    integer :: p
    character(len=*), intent(inout) :: x(:)
    call fpup_chars(p, x, len(x) * size(x))
  end subroutine pup_ch_1

  subroutine pup_i2_0(p, x)
    integer :: p
    integer(kind=2), intent(inout) :: x
    call fpup_shorts(p, x, 1)
  end subroutine pup_i2_0

  subroutine pup_i2_1(p, x)
    integer :: p
    integer(kind=2), intent(inout) :: x(:)
    call fpup_shorts(p, x, size(x))
  end subroutine pup_i2_1

  subroutine pup_i2_2(p, x)
    integer :: p
    integer(kind=2), intent(inout) :: x(:,:)
    call fpup_shorts(p, x, size(x))
  end subroutine pup_i2_2

  subroutine pup_i2_3(p, x)
    integer :: p
    integer(kind=2), intent(inout) :: x(:,:,:)
    call fpup_shorts(p, x, size(x))
  end subroutine pup_i2_3

  subroutine apup_i2_1(p, a)
    integer :: p
    integer(kind=2), allocatable, intent(inout) :: a(:)
    integer :: have, lo(1), hi(1)
    have = 0
    lo = 1
    hi = 0
    if (.not. fpup_isunpacking(p)) then
      if (allocated(a)) then
        have = 1
        lo = lbound(a)
        hi = ubound(a)
      end if
    end if
    call pup_put_shape(p, have, 1, lo, hi)
    if (fpup_isunpacking(p)) then
      if (allocated(a)) deallocate(a)
      if (have /= 0) allocate(a(lo(1):hi(1)))
    end if
    if (have /= 0) then
      call fpup_shorts(p, a, size(a))
      if (fpup_isdeleting(p)) deallocate(a)
    end if
  end subroutine apup_i2_1

  subroutine apupp_i2_1(p, a)
    integer :: p
    integer(kind=2), pointer, intent(inout) :: a(:)
    integer :: have, lo(1), hi(1)
    have = 0
    lo = 1
    hi = 0
    if (.not. fpup_isunpacking(p)) then
      if (associated(a)) then
        have = 1
        lo = lbound(a)
        hi = ubound(a)
      end if
    end if
    call pup_put_shape(p, have, 1, lo, hi)
    if (fpup_isunpacking(p)) then
      nullify(a)
      if (have /= 0) allocate(a(lo(1):hi(1)))
    end if
    if (have /= 0) then
      call fpup_shorts(p, a, size(a))
      if (fpup_isdeleting(p)) deallocate(a)
    end if
  end subroutine apupp_i2_1

  subroutine apup_i2_2(p, a)
    integer :: p
    integer(kind=2), allocatable, intent(inout) :: a(:,:)
    integer :: have, lo(2), hi(2)
    have = 0
    lo = 1
    hi = 0
    if (.not. fpup_isunpacking(p)) then
      if (allocated(a)) then
        have = 1
        lo = lbound(a)
        hi = ubound(a)
      end if
    end if
    call pup_put_shape(p, have, 2, lo, hi)
    if (fpup_isunpacking(p)) then
      if (allocated(a)) deallocate(a)
      if (have /= 0) allocate(a(lo(1):hi(1),lo(2):hi(2)))
    end if
    if (have /= 0) then
      call fpup_shorts(p, a, size(a))
      if (fpup_isdeleting(p)) deallocate(a)
    end if
  end subroutine apup_i2_2

  subroutine apupp_i2_2(p, a)
    integer :: p
    integer(kind=2), pointer, intent(inout) :: a(:,:)
    integer :: have, lo(2), hi(2)
    have = 0
    lo = 1
    hi = 0
    if (.not. fpup_isunpacking(p)) then
      if (associated(a)) then
        have = 1
        lo = lbound(a)
        hi = ubound(a)
      end if
    end if
    call pup_put_shape(p, have, 2, lo, hi)
    if (fpup_isunpacking(p)) then
      nullify(a)
      if (have /= 0) allocate(a(lo(1):hi(1),lo(2):hi(2)))
    end if
    if (have /= 0) then
      call fpup_shorts(p, a, size(a))
      if (fpup_isdeleting(p)) deallocate(a)
    end if
  end subroutine apupp_i2_2

  subroutine apup_i2_3(p, a)
    integer :: p
    integer(kind=2), allocatable, intent(inout) :: a(:,:,:)
    integer :: have, lo(3), hi(3)
    have = 0
    lo = 1
    hi = 0
    if (.not. fpup_isunpacking(p)) then
      if (allocated(a)) then
        have = 1
        lo = lbound(a)
        hi = ubound(a)
      end if
    end if
    call pup_put_shape(p, have, 3, lo, hi)
    if (fpup_isunpacking(p)) then
      if (allocated(a)) deallocate(a)
      if (have /= 0) allocate(a(lo(1):hi(1),lo(2):hi(2),lo(3):hi(3)))
    end if
    if (have /= 0) then
      call fpup_shorts(p, a, size(a))
      if (fpup_isdeleting(p)) deallocate(a)
    end if
  end subroutine apup_i2_3

  subroutine apupp_i2_3(p, a)
    integer :: p
    integer(kind=2), pointer, intent(inout) :: a(:,:,:)
    integer :: have, lo(3), hi(3)
    have = 0
    lo = 1
    hi = 0
    if (.not. fpup_isunpacking(p)) then
      if (associated(a)) then
        have = 1
        lo = lbound(a)
        hi = ubound(a)
      end if
    end if
    call pup_put_shape(p, have, 3, lo, hi)
    if (fpup_isunpacking(p)) then
      nullify(a)
      if (have /= 0) allocate(a(lo(1):hi(1),lo(2):hi(2),lo(3):hi(3)))
    end if
    if (have /= 0) then
      call fpup_shorts(p, a, size(a))
      if (fpup_isdeleting(p)) deallocate(a)
    end if
  end subroutine apupp_i2_3

  subroutine pup_i4_0(p, x)
    integer :: p
    integer(kind=4), intent(inout) :: x
    call fpup_ints(p, x, 1)
  end subroutine pup_i4_0

  subroutine pup_i4_1(p, x)
    integer :: p
    integer(kind=4), intent(inout) :: x(:)
    call fpup_ints(p, x, size(x))
  end subroutine pup_i4_1

  subroutine pup_i4_2(p, x)
    integer :: p
    integer(kind=4), intent(inout) :: x(:,:)
    call fpup_ints(p, x, size(x))
  end subroutine pup_i4_2

  subroutine pup_i4_3(p, x)
    integer :: p
    integer(kind=4), intent(inout) :: x(:,:,:)
    call fpup_ints(p, x, size(x))
  end subroutine pup_i4_3

  subroutine apup_i4_1(p, a)
    integer :: p
    integer(kind=4), allocatable, intent(inout) :: a(:)
    integer :: have, lo(1), hi(1)
    have = 0
    lo = 1
    hi = 0
    if (.not. fpup_isunpacking(p)) then
      if (allocated(a)) then
        have = 1
        lo = lbound(a)
        hi = ubound(a)
      end if
    end if
    call pup_put_shape(p, have, 1, lo, hi)
    if (fpup_isunpacking(p)) then
      if (allocated(a)) deallocate(a)
      if (have /= 0) allocate(a(lo(1):hi(1)))
    end if
    if (have /= 0) then
      call fpup_ints(p, a, size(a))
      if (fpup_isdeleting(p)) deallocate(a)
    end if
  end subroutine apup_i4_1

  subroutine apupp_i4_1(p, a)
    integer :: p
    integer(kind=4), pointer, intent(inout) :: a(:)
    integer :: have, lo(1), hi(1)
    have = 0
    lo = 1
    hi = 0
    if (.not. fpup_isunpacking(p)) then
      if (associated(a)) then
        have = 1
        lo = lbound(a)
        hi = ubound(a)
      end if
    end if
    call pup_put_shape(p, have, 1, lo, hi)
    if (fpup_isunpacking(p)) then
      nullify(a)
      if (have /= 0) allocate(a(lo(1):hi(1)))
    end if
    if (have /= 0) then
      call fpup_ints(p, a, size(a))
      if (fpup_isdeleting(p)) deallocate(a)
    end if
  end subroutine apupp_i4_1

  subroutine apup_i4_2(p, a)
    integer :: p
    integer(kind=4), allocatable, intent(inout) :: a(:,:)
    integer :: have, lo(2), hi(2)
    have = 0
    lo = 1
    hi = 0
    if (.not. fpup_isunpacking(p)) then
      if (allocated(a)) then
        have = 1
        lo = lbound(a)
        hi = ubound(a)
      end if
    end if
    call pup_put_shape(p, have, 2, lo, hi)
    if (fpup_isunpacking(p)) then
      if (allocated(a)) deallocate(a)
      if (have /= 0) allocate(a(lo(1):hi(1),lo(2):hi(2)))
    end if
    if (have /= 0) then
      call fpup_ints(p, a, size(a))
      if (fpup_isdeleting(p)) deallocate(a)
    end if
  end subroutine apup_i4_2

  subroutine apupp_i4_2(p, a)
    integer :: p
    integer(kind=4), pointer, intent(inout) :: a(:,:)
    integer :: have, lo(2), hi(2)
    have = 0
    lo = 1
    hi = 0
    if (.not. fpup_isunpacking(p)) then
      if (associated(a)) then
        have = 1
        lo = lbound(a)
        hi = ubound(a)
      end if
    end if
    call pup_put_shape(p, have, 2, lo, hi)
    if (fpup_isunpacking(p)) then
      nullify(a)
      if (have /= 0) allocate(a(lo(1):hi(1),lo(2):hi(2)))
    end if
    if (have /= 0) then
      call fpup_ints(p, a, size(a))
      if (fpup_isdeleting(p)) deallocate(a)
    end if
  end subroutine apupp_i4_2

  subroutine apup_i4_3(p, a)
    integer :: p
    integer(kind=4), allocatable, intent(inout) :: a(:,:,:)
    integer :: have, lo(3), hi(3)
    have = 0
    lo = 1
    hi = 0
    if (.not. fpup_isunpacking(p)) then
      if (allocated(a)) then
        have = 1
        lo = lbound(a)
        hi = ubound(a)
      end if
    end if
    call pup_put_shape(p, have, 3, lo, hi)
    if (fpup_isunpacking(p)) then
      if (allocated(a)) deallocate(a)
      if (have /= 0) allocate(a(lo(1):hi(1),lo(2):hi(2),lo(3):hi(3)))
    end if
    if (have /= 0) then
      call fpup_ints(p, a, size(a))
      if (fpup_isdeleting(p)) deallocate(a)
    end if
  end subroutine apup_i4_3

  subroutine apupp_i4_3(p, a)
    integer :: p
    integer(kind=4), pointer, intent(inout) :: a(:,:,:)
    integer :: have, lo(3), hi(3)
    have = 0
    lo = 1
    hi = 0
    if (.not. fpup_isunpacking(p)) then
      if (associated(a)) then
        have = 1
        lo = lbound(a)
        hi = ubound(a)
      end if
    end if
    call pup_put_shape(p, have, 3, lo, hi)
    if (fpup_isunpacking(p)) then
      nullify(a)
      if (have /= 0) allocate(a(lo(1):hi(1),lo(2):hi(2),lo(3):hi(3)))
    end if
    if (have /= 0) then
      call fpup_ints(p, a, size(a))
      if (fpup_isdeleting(p)) deallocate(a)
    end if
  end subroutine apupp_i4_3

  subroutine pup_i8_0(p, x)
    integer :: p
    integer(kind=8), intent(inout) :: x
    call fpup_longs(p, x, 1)
  end subroutine pup_i8_0

  subroutine pup_i8_1(p, x)
    integer :: p
    integer(kind=8), intent(inout) :: x(:)
    call fpup_longs(p, x, size(x))
  end subroutine pup_i8_1

  subroutine pup_i8_2(p, x)
    integer :: p
    integer(kind=8), intent(inout) :: x(:,:)
    call fpup_longs(p, x, size(x))
  end subroutine pup_i8_2

  subroutine pup_i8_3(p, x)
    integer :: p
    integer(kind=8), intent(inout) :: x(:,:,:)
    call fpup_longs(p, x, size(x))
  end subroutine pup_i8_3

  subroutine apup_i8_1(p, a)
    integer :: p
    integer(kind=8), allocatable, intent(inout) :: a(:)
    integer :: have, lo(1), hi(1)
    have = 0
    lo = 1
    hi = 0
    if (.not. fpup_isunpacking(p)) then
      if (allocated(a)) then
        have = 1
        lo = lbound(a)
        hi = ubound(a)
      end if
    end if
    call pup_put_shape(p, have, 1, lo, hi)
    if (fpup_isunpacking(p)) then
      if (allocated(a)) deallocate(a)
      if (have /= 0) allocate(a(lo(1):hi(1)))
    end if
    if (have /= 0) then
      call fpup_longs(p, a, size(a))
      if (fpup_isdeleting(p)) deallocate(a)
    end if
  end subroutine apup_i8_1

  subroutine apupp_i8_1(p, a)
    integer :: p
    integer(kind=8), pointer, intent(inout) :: a(:)
    integer :: have, lo(1), hi(1)
    have = 0
    lo = 1
    hi = 0
    if (.not. fpup_isunpacking(p)) then
      if (associated(a)) then
        have = 1
        lo = lbound(a)
        hi = ubound(a)
      end if
    end if
    call pup_put_shape(p, have, 1, lo, hi)
    if (fpup_isunpacking(p)) then
      nullify(a)
      if (have /= 0) allocate(a(lo(1):hi(1)))
    end if
    if (have /= 0) then
      call fpup_longs(p, a, size(a))
      if (fpup_isdeleting(p)) deallocate(a)
    end if
  end subroutine apupp_i8_1

  subroutine apup_i8_2(p, a)
    integer :: p
    integer(kind=8), allocatable, intent(inout) :: a(:,:)
    integer :: have, lo(2), hi(2)
    have = 0
    lo = 1
    hi = 0
    if (.not. fpup_isunpacking(p)) then
      if (allocated(a)) then
        have = 1
        lo = lbound(a)
        hi = ubound(a)
      end if
    end if
    call pup_put_shape(p, have, 2, lo, hi)
    if (fpup_isunpacking(p)) then
      if (allocated(a)) deallocate(a)
      if (have /= 0) allocate(a(lo(1):hi(1),lo(2):hi(2)))
    end if
    if (have /= 0) then
      call fpup_longs(p, a, size(a))
      if (fpup_isdeleting(p)) deallocate(a)
    end if
  end subroutine apup_i8_2

  subroutine apupp_i8_2(p, a)
    integer :: p
    integer(kind=8), pointer, intent(inout) :: a(:,:)
    integer :: have, lo(2), hi(2)
    have = 0
    lo = 1
    hi = 0
    if (.not. fpup_isunpacking(p)) then
      if (associated(a)) then
        have = 1
        lo = lbound(a)
        hi = ubound(a)
      end if
    end if
    call pup_put_shape(p, have, 2, lo, hi)
    if (fpup_isunpacking(p)) then
      nullify(a)
      if (have /= 0) allocate(a(lo(1):hi(1),lo(2):hi(2)))
    end if
    if (have /= 0) then
      call fpup_longs(p, a, size(a))
      if (fpup_isdeleting(p)) deallocate(a)
    end if
  end subroutine apupp_i8_2

  subroutine apup_i8_3(p, a)
    integer :: p
    integer(kind=8), allocatable, intent(inout) :: a(:,:,:)
    integer :: have, lo(3), hi(3)
    have = 0
    lo = 1
    hi = 0
    if (.not. fpup_isunpacking(p)) then
      if (allocated(a)) then
        have = 1
        lo = lbound(a)
        hi = ubound(a)
      end if
    end if
    call pup_put_shape(p, have, 3, lo, hi)
    if (fpup_isunpacking(p)) then
      if (allocated(a)) deallocate(a)
      if (have /= 0) allocate(a(lo(1):hi(1),lo(2):hi(2),lo(3):hi(3)))
    end if
    if (have /= 0) then
      call fpup_longs(p, a, size(a))
      if (fpup_isdeleting(p)) deallocate(a)
    end if
  end subroutine apup_i8_3

  subroutine apupp_i8_3(p, a)
    integer :: p
    integer(kind=8), pointer, intent(inout) :: a(:,:,:)
    integer :: have, lo(3), hi(3)
    have = 0
    lo = 1
    hi = 0
    if (.not. fpup_isunpacking(p)) then
      if (associated(a)) then
        have = 1
        lo = lbound(a)
        hi = ubound(a)
      end if
    end if
    call pup_put_shape(p, have, 3, lo, hi)
    if (fpup_isunpacking(p)) then
      nullify(a)
      if (have /= 0) allocate(a(lo(1):hi(1),lo(2):hi(2),lo(3):hi(3)))
    end if
    if (have /= 0) then
      call fpup_longs(p, a, size(a))
      if (fpup_isdeleting(p)) deallocate(a)
    end if
  end subroutine apupp_i8_3

  subroutine pup_r4_0(p, x)
    integer :: p
    real(kind=4), intent(inout) :: x
    call fpup_reals(p, x, 1)
  end subroutine pup_r4_0

  subroutine pup_r4_1(p, x)
    integer :: p
    real(kind=4), intent(inout) :: x(:)
    call fpup_reals(p, x, size(x))
  end subroutine pup_r4_1

  subroutine pup_r4_2(p, x)
    integer :: p
    real(kind=4), intent(inout) :: x(:,:)
    call fpup_reals(p, x, size(x))
  end subroutine pup_r4_2

  subroutine pup_r4_3(p, x)
    integer :: p
    real(kind=4), intent(inout) :: x(:,:,:)
    call fpup_reals(p, x, size(x))
  end subroutine pup_r4_3

  subroutine apup_r4_1(p, a)
    integer :: p
    real(kind=4), allocatable, intent(inout) :: a(:)
    integer :: have, lo(1), hi(1)
    have = 0
    lo = 1
    hi = 0
    if (.not. fpup_isunpacking(p)) then
      if (allocated(a)) then
        have = 1
        lo = lbound(a)
        hi = ubound(a)
      end if
    end if
    call pup_put_shape(p, have, 1, lo, hi)
    if (fpup_isunpacking(p)) then
      if (allocated(a)) deallocate(a)
      if (have /= 0) allocate(a(lo(1):hi(1)))
    end if
    if (have /= 0) then
      call fpup_reals(p, a, size(a))
      if (fpup_isdeleting(p)) deallocate(a)
    end if
  end subroutine apup_r4_1

  subroutine apupp_r4_1(p, a)
    integer :: p
    real(kind=4), pointer, intent(inout) :: a(:)
    integer :: have, lo(1), hi(1)
    have = 0
    lo = 1
    hi = 0
    if (.not. fpup_isunpacking(p)) then
      if (associated(a)) then
        have = 1
        lo = lbound(a)
        hi = ubound(a)
      end if
    end if
    call pup_put_shape(p, have, 1, lo, hi)
    if (fpup_isunpacking(p)) then
      nullify(a)
      if (have /= 0) allocate(a(lo(1):hi(1)))
    end if
    if (have /= 0) then
      call fpup_reals(p, a, size(a))
      if (fpup_isdeleting(p)) deallocate(a)
    end if
  end subroutine apupp_r4_1

  subroutine apup_r4_2(p, a)
    integer :: p
    real(kind=4), allocatable, intent(inout) :: a(:,:)
    integer :: have, lo(2), hi(2)
    have = 0
    lo = 1
    hi = 0
    if (.not. fpup_isunpacking(p)) then
      if (allocated(a)) then
        have = 1
        lo = lbound(a)
        hi = ubound(a)
      end if
    end if
    call pup_put_shape(p, have, 2, lo, hi)
    if (fpup_isunpacking(p)) then
      if (allocated(a)) deallocate(a)
      if (have /= 0) allocate(a(lo(1):hi(1),lo(2):hi(2)))
    end if
    if (have /= 0) then
      call fpup_reals(p, a, size(a))
      if (fpup_isdeleting(p)) deallocate(a)
    end if
  end subroutine apup_r4_2

  subroutine apupp_r4_2(p, a)
    integer :: p
    real(kind=4), pointer, intent(inout) :: a(:,:)
    integer :: have, lo(2), hi(2)
    have = 0
    lo = 1
    hi = 0
    if (.not. fpup_isunpacking(p)) then
      if (associated(a)) then
        have = 1
        lo = lbound(a)
        hi = ubound(a)
      end if
    end if
    call pup_put_shape(p, have, 2, lo, hi)
    if (fpup_isunpacking(p)) then
      nullify(a)
      if (have /= 0) allocate(a(lo(1):hi(1),lo(2):hi(2)))
    end if
    if (have /= 0) then
      call fpup_reals(p, a, size(a))
      if (fpup_isdeleting(p)) deallocate(a)
    end if
  end subroutine apupp_r4_2

  subroutine apup_r4_3(p, a)
    integer :: p
    real(kind=4), allocatable, intent(inout) :: a(:,:,:)
    integer :: have, lo(3), hi(3)
    have = 0
    lo = 1
    hi = 0
    if (.not. fpup_isunpacking(p)) then
      if (allocated(a)) then
        have = 1
        lo = lbound(a)
        hi = ubound(a)
      end if
    end if
    call pup_put_shape(p, have, 3, lo, hi)
    if (fpup_isunpacking(p)) then
      if (allocated(a)) deallocate(a)
      if (have /= 0) allocate(a(lo(1):hi(1),lo(2):hi(2),lo(3):hi(3)))
    end if
    if (have /= 0) then
      call fpup_reals(p, a, size(a))
      if (fpup_isdeleting(p)) deallocate(a)
    end if
  end subroutine apup_r4_3

  subroutine apupp_r4_3(p, a)
    integer :: p
    real(kind=4), pointer, intent(inout) :: a(:,:,:)
    integer :: have, lo(3), hi(3)
    have = 0
    lo = 1
    hi = 0
    if (.not. fpup_isunpacking(p)) then
      if (associated(a)) then
        have = 1
        lo = lbound(a)
        hi = ubound(a)
      end if
    end if
    call pup_put_shape(p, have, 3, lo, hi)
    if (fpup_isunpacking(p)) then
      nullify(a)
      if (have /= 0) allocate(a(lo(1):hi(1),lo(2):hi(2),lo(3):hi(3)))
    end if
    if (have /= 0) then
      call fpup_reals(p, a, size(a))
      if (fpup_isdeleting(p)) deallocate(a)
    end if
  end subroutine apupp_r4_3

  subroutine pup_r8_0(p, x)
    integer :: p
    real(kind=8), intent(inout) :: x
    call fpup_doubles(p, x, 1)
  end subroutine pup_r8_0

  subroutine pup_r8_1(p, x)
    integer :: p
    real(kind=8), intent(inout) :: x(:)
    call fpup_doubles(p, x, size(x))
  end subroutine pup_r8_1

  subroutine pup_r8_2(p, x)
    integer :: p
    real(kind=8), intent(inout) :: x(:,:)
    call fpup_doubles(p, x, size(x))
  end subroutine pup_r8_2

  subroutine pup_r8_3(p, x)
    integer :: p
    real(kind=8), intent(inout) :: x(:,:,:)
    call fpup_doubles(p, x, size(x))
  end subroutine pup_r8_3

  subroutine apup_r8_1(p, a)
    integer :: p
    real(kind=8), allocatable, intent(inout) :: a(:)
    integer :: have, lo(1), hi(1)
    have = 0
    lo = 1
    hi = 0
    if (.not. fpup_isunpacking(p)) then
      if (allocated(a)) then
        have = 1
        lo = lbound(a)
        hi = ubound(a)
      end if
    end if
    call pup_put_shape(p, have, 1, lo, hi)
    if (fpup_isunpacking(p)) then
      if (allocated(a)) deallocate(a)
      if (have /= 0) allocate(a(lo(1):hi(1)))
    end if
    if (have /= 0) then
      call fpup_doubles(p, a, size(a))
      if (fpup_isdeleting(p)) deallocate(a)
    end if
  end subroutine apup_r8_1

  subroutine apupp_r8_1(p, a)
    integer :: p
    real(kind=8), pointer, intent(inout) :: a(:)
    integer :: have, lo(1), hi(1)
    have = 0
    lo = 1
    hi = 0
    if (.not. fpup_isunpacking(p)) then
      if (associated(a)) then
        have = 1
        lo = lbound(a)
        hi = ubound(a)
      end if
    end if
    call pup_put_shape(p, have, 1, lo, hi)
    if (fpup_isunpacking(p)) then
      nullify(a)
      if (have /= 0) allocate(a(lo(1):hi(1)))
    end if
    if (have /= 0) then
      call fpup_doubles(p, a, size(a))
      if (fpup_isdeleting(p)) deallocate(a)
    end if
  end subroutine apupp_r8_1

  subroutine apup_r8_2(p, a)
    integer :: p
    real(kind=8), allocatable, intent(inout) :: a(:,:)
    integer :: have, lo(2), hi(2)
    have = 0
    lo = 1
    hi = 0
    if (.not. fpup_isunpacking(p)) then
      if (allocated(a)) then
        have = 1
        lo = lbound(a)
        hi = ubound(a)
      end if
    end if
    call pup_put_shape(p, have, 2, lo, hi)
    if (fpup_isunpacking(p)) then
      if (allocated(a)) deallocate(a)
      if (have /= 0) allocate(a(lo(1):hi(1),lo(2):hi(2)))
    end if
    if (have /= 0) then
      call fpup_doubles(p, a, size(a))
      if (fpup_isdeleting(p)) deallocate(a)
    end if
  end subroutine apup_r8_2

  subroutine apupp_r8_2(p, a)
    integer :: p
    real(kind=8), pointer, intent(inout) :: a(:,:)
    integer :: have, lo(2), hi(2)
    have = 0
    lo = 1
    hi = 0
    if (.not. fpup_isunpacking(p)) then
      if (associated(a)) then
        have = 1
        lo = lbound(a)
        hi = ubound(a)
      end if
    end if
    call pup_put_shape(p, have, 2, lo, hi)
    if (fpup_isunpacking(p)) then
      nullify(a)
      if (have /= 0) allocate(a(lo(1):hi(1),lo(2):hi(2)))
    end if
    if (have /= 0) then
      call fpup_doubles(p, a, size(a))
      if (fpup_isdeleting(p)) deallocate(a)
    end if
  end subroutine apupp_r8_2

  subroutine apup_r8_3(p, a)
    integer :: p
    real(kind=8), allocatable, intent(inout) :: a(:,:,:)
    integer :: have, lo(3), hi(3)
    have = 0
    lo = 1
    hi = 0
    if (.not. fpup_isunpacking(p)) then
      if (allocated(a)) then
        have = 1
        lo = lbound(a)
        hi = ubound(a)
      end if
    end if
    call pup_put_shape(p, have, 3, lo, hi)
    if (fpup_isunpacking(p)) then
      if (allocated(a)) deallocate(a)
      if (have /= 0) allocate(a(lo(1):hi(1),lo(2):hi(2),lo(3):hi(3)))
    end if
    if (have /= 0) then
      call fpup_doubles(p, a, size(a))
      if (fpup_isdeleting(p)) deallocate(a)
    end if
  end subroutine apup_r8_3

  subroutine apupp_r8_3(p, a)
    integer :: p
    real(kind=8), pointer, intent(inout) :: a(:,:,:)
    integer :: have, lo(3), hi(3)
    have = 0
    lo = 1
    hi = 0
    if (.not. fpup_isunpacking(p)) then
      if (associated(a)) then
        have = 1
        lo = lbound(a)
        hi = ubound(a)
      end if
    end if
    call pup_put_shape(p, have, 3, lo, hi)
    if (fpup_isunpacking(p)) then
      nullify(a)
      if (have /= 0) allocate(a(lo(1):hi(1),lo(2):hi(2),lo(3):hi(3)))
    end if
    if (have /= 0) then
      call fpup_doubles(p, a, size(a))
      if (fpup_isdeleting(p)) deallocate(a)
    end if
  end subroutine apupp_r8_3

  subroutine pup_z4_0(p, x)
    integer :: p
    complex(kind=4), intent(inout) :: x
    call fpup_reals(p, x, 2)
  end subroutine pup_z4_0

  subroutine pup_z4_1(p, x)
    integer :: p
    complex(kind=4), intent(inout) :: x(:)
    call fpup_reals(p, x, 2 * size(x))
  end subroutine pup_z4_1

  subroutine pup_z4_2(p, x)
    integer :: p
    complex(kind=4), intent(inout) :: x(:,:)
    call fpup_reals(p, x, 2 * size(x))
  end subroutine pup_z4_2

  subroutine pup_z4_3(p, x)
    integer :: p
    complex(kind=4), intent(inout) :: x(:,:,:)
    call fpup_reals(p, x, 2 * size(x))
  end subroutine pup_z4_3

  subroutine apup_z4_1(p, a)
    integer :: p
    complex(kind=4), allocatable, intent(inout) :: a(:)
    integer :: have, lo(1), hi(1)
    have = 0
    lo = 1
    hi = 0
    if (.not. fpup_isunpacking(p)) then
      if (allocated(a)) then
        have = 1
        lo = lbound(a)
        hi = ubound(a)
      end if
    end if
    call pup_put_shape(p, have, 1, lo, hi)
    if (fpup_isunpacking(p)) then
      if (allocated(a)) deallocate(a)
      if (have /= 0) allocate(a(lo(1):hi(1)))
    end if
    if (have /= 0) then
      call fpup_reals(p, a, 2 * size(a))
      if (fpup_isdeleting(p)) deallocate(a)
    end if
  end subroutine apup_z4_1

  subroutine apupp_z4_1(p, a)
    integer :: p
    complex(kind=4), pointer, intent(inout) :: a(:)
    integer :: have, lo(1), hi(1)
    have = 0
    lo = 1
    hi = 0
    if (.not. fpup_isunpacking(p)) then
      if (associated(a)) then
        have = 1
        lo = lbound(a)
        hi = ubound(a)
      end if
    end if
    call pup_put_shape(p, have, 1, lo, hi)
    if (fpup_isunpacking(p)) then
      nullify(a)
      if (have /= 0) allocate(a(lo(1):hi(1)))
    end if
    if (have /= 0) then
      call fpup_reals(p, a, 2 * size(a))
      if (fpup_isdeleting(p)) deallocate(a)
    end if
  end subroutine apupp_z4_1

  subroutine apup_z4_2(p, a)
    integer :: p
    complex(kind=4), allocatable, intent(inout) :: a(:,:)
    integer :: have, lo(2), hi(2)
    have = 0
    lo = 1
    hi = 0
    if (.not. fpup_isunpacking(p)) then
      if (allocated(a)) then
        have = 1
        lo = lbound(a)
        hi = ubound(a)
      end if
    end if
    call pup_put_shape(p, have, 2, lo, hi)
    if (fpup_isunpacking(p)) then
      if (allocated(a)) deallocate(a)
      if (have /= 0) allocate(a(lo(1):hi(1),lo(2):hi(2)))
    end if
    if (have /= 0) then
      call fpup_reals(p, a, 2 * size(a))
      if (fpup_isdeleting(p)) deallocate(a)
    end if
  end subroutine apup_z4_2

  subroutine apupp_z4_2(p, a)
    integer :: p
    complex(kind=4), pointer, intent(inout) :: a(:,:)
    integer :: have, lo(2), hi(2)
    have = 0
    lo = 1
    hi = 0
    if (.not. fpup_isunpacking(p)) then
      if (associated(a)) then
        have = 1
        lo = lbound(a)
        hi = ubound(a)
      end if
    end if
    call pup_put_shape(p, have, 2, lo, hi)
    if (fpup_isunpacking(p)) then
      nullify(a)
      if (have /= 0) allocate(a(lo(1):hi(1),lo(2):hi(2)))
    end if
    if (have /= 0) then
      call fpup_reals(p, a, 2 * size(a))
      if (fpup_isdeleting(p)) deallocate(a)
    end if
  end subroutine apupp_z4_2

  subroutine apup_z4_3(p, a)
    integer :: p
    complex(kind=4), allocatable, intent(inout) :: a(:,:,:)
    integer :: have, lo(3), hi(3)
    have = 0
    lo = 1
    hi = 0
    if (.not. fpup_isunpacking(p)) then
      if (allocated(a)) then
        have = 1
        lo = lbound(a)
        hi = ubound(a)
      end if
    end if
    call pup_put_shape(p, have, 3, lo, hi)
    if (fpup_isunpacking(p)) then
      if (allocated(a)) deallocate(a)
      if (have /= 0) allocate(a(lo(1):hi(1),lo(2):hi(2),lo(3):hi(3)))
    end if
    if (have /= 0) then
      call fpup_reals(p, a, 2 * size(a))
      if (fpup_isdeleting(p)) deallocate(a)
    end if
  end subroutine apup_z4_3

  subroutine apupp_z4_3(p, a)
    integer :: p
    complex(kind=4), pointer, intent(inout) :: a(:,:,:)
    integer :: have, lo(3), hi(3)
    have = 0
    lo = 1
    hi = 0
    if (.not. fpup_isunpacking(p)) then
      if (associated(a)) then
        have = 1
        lo = lbound(a)
        hi = ubound(a)
      end if
    end if
    call pup_put_shape(p, have, 3, lo, hi)
    if (fpup_isunpacking(p)) then
      nullify(a)
      if (have /= 0) allocate(a(lo(1):hi(1),lo(2):hi(2),lo(3):hi(3)))
    end if
    if (have /= 0) then
      call fpup_reals(p, a, 2 * size(a))
      if (fpup_isdeleting(p)) deallocate(a)
    end if
  end subroutine apupp_z4_3

  subroutine pup_z8_0(p, x)
    integer :: p
    complex(kind=8), intent(inout) :: x
    call fpup_doubles(p, x, 2)
  end subroutine pup_z8_0

  subroutine pup_z8_1(p, x)
    integer :: p
    complex(kind=8), intent(inout) :: x(:)
    call fpup_doubles(p, x, 2 * size(x))
  end subroutine pup_z8_1

  subroutine pup_z8_2(p, x)
    integer :: p
    complex(kind=8), intent(inout) :: x(:,:)
    call fpup_doubles(p, x, 2 * size(x))
  end subroutine pup_z8_2

  subroutine pup_z8_3(p, x)
    integer :: p
    complex(kind=8), intent(inout) :: x(:,:,:)
    call fpup_doubles(p, x, 2 * size(x))
  end subroutine pup_z8_3

  subroutine apup_z8_1(p, a)
    integer :: p
    complex(kind=8), allocatable, intent(inout) :: a(:)
    integer :: have, lo(1), hi(1)
    have = 0
    lo = 1
    hi = 0
    if (.not. fpup_isunpacking(p)) then
      if (allocated(a)) then
        have = 1
        lo = lbound(a)
        hi = ubound(a)
      end if
    end if
    call pup_put_shape(p, have, 1, lo, hi)
    if (fpup_isunpacking(p)) then
      if (allocated(a)) deallocate(a)
      if (have /= 0) allocate(a(lo(1):hi(1)))
    end if
    if (have /= 0) then
      call fpup_doubles(p, a, 2 * size(a))
      if (fpup_isdeleting(p)) deallocate(a)
    end if
  end subroutine apup_z8_1

  subroutine apupp_z8_1(p, a)
    integer :: p
    complex(kind=8), pointer, intent(inout) :: a(:)
    integer :: have, lo(1), hi(1)
    have = 0
    lo = 1
    hi = 0
    if (.not. fpup_isunpacking(p)) then
      if (associated(a)) then
        have = 1
        lo = lbound(a)
        hi = ubound(a)
      end if
    end if
    call pup_put_shape(p, have, 1, lo, hi)
    if (fpup_isunpacking(p)) then
      nullify(a)
      if (have /= 0) allocate(a(lo(1):hi(1)))
    end if
    if (have /= 0) then
      call fpup_doubles(p, a, 2 * size(a))
      if (fpup_isdeleting(p)) deallocate(a)
    end if
  end subroutine apupp_z8_1

  subroutine apup_z8_2(p, a)
    integer :: p
    complex(kind=8), allocatable, intent(inout) :: a(:,:)
    integer :: have, lo(2), hi(2)
    have = 0
    lo = 1
    hi = 0
    if (.not. fpup_isunpacking(p)) then
      if (allocated(a)) then
        have = 1
        lo = lbound(a)
        hi = ubound(a)
      end if
    end if
    call pup_put_shape(p, have, 2, lo, hi)
    if (fpup_isunpacking(p)) then
      if (allocated(a)) deallocate(a)
      if (have /= 0) allocate(a(lo(1):hi(1),lo(2):hi(2)))
    end if
    if (have /= 0) then
      call fpup_doubles(p, a, 2 * size(a))
      if (fpup_isdeleting(p)) deallocate(a)
    end if
  end subroutine apup_z8_2

  subroutine apupp_z8_2(p, a)
    integer :: p
    complex(kind=8), pointer, intent(inout) :: a(:,:)
    integer :: have, lo(2), hi(2)
    have = 0
    lo = 1
    hi = 0
    if (.not. fpup_isunpacking(p)) then
      if (associated(a)) then
        have = 1
        lo = lbound(a)
        hi = ubound(a)
      end if
    end if
    call pup_put_shape(p, have, 2, lo, hi)
    if (fpup_isunpacking(p)) then
      nullify(a)
      if (have /= 0) allocate(a(lo(1):hi(1),lo(2):hi(2)))
    end if
    if (have /= 0) then
      call fpup_doubles(p, a, 2 * size(a))
      if (fpup_isdeleting(p)) deallocate(a)
    end if
  end subroutine apupp_z8_2

  subroutine apup_z8_3(p, a)
    integer :: p
    complex(kind=8), allocatable, intent(inout) :: a(:,:,:)
    integer :: have, lo(3), hi(3)
    have = 0
    lo = 1
    hi = 0
    if (.not. fpup_isunpacking(p)) then
      if (allocated(a)) then
        have = 1
        lo = lbound(a)
        hi = ubound(a)
      end if
    end if
    call pup_put_shape(p, have, 3, lo, hi)
    if (fpup_isunpacking(p)) then
      if (allocated(a)) deallocate(a)
      if (have /= 0) allocate(a(lo(1):hi(1),lo(2):hi(2),lo(3):hi(3)))
    end if
    if (have /= 0) then
      call fpup_doubles(p, a, 2 * size(a))
      if (fpup_isdeleting(p)) deallocate(a)
    end if
  end subroutine apup_z8_3

  subroutine apupp_z8_3(p, a)
    integer :: p
    complex(kind=8), pointer, intent(inout) :: a(:,:,:)
    integer :: have, lo(3), hi(3)
    have = 0
    lo = 1
    hi = 0
    if (.not. fpup_isunpacking(p)) then
      if (associated(a)) then
        have = 1
        lo = lbound(a)
        hi = ubound(a)
      end if
    end if
    call pup_put_shape(p, have, 3, lo, hi)
    if (fpup_isunpacking(p)) then
      nullify(a)
      if (have /= 0) allocate(a(lo(1):hi(1),lo(2):hi(2),lo(3):hi(3)))
    end if
    if (have /= 0) then
      call fpup_doubles(p, a, 2 * size(a))
      if (fpup_isdeleting(p)) deallocate(a)
    end if
  end subroutine apupp_z8_3

  subroutine pup_l_0(p, x)
    integer :: p
    logical, intent(inout) :: x
    call fpup_logicals(p, x, 1)
  end subroutine pup_l_0

  subroutine pup_l_1(p, x)
    integer :: p
    logical, intent(inout) :: x(:)
    call fpup_logicals(p, x, size(x))
  end subroutine pup_l_1

  subroutine pup_l_2(p, x)
    integer :: p
    logical, intent(inout) :: x(:,:)
    call fpup_logicals(p, x, size(x))
  end subroutine pup_l_2

  subroutine pup_l_3(p, x)
    integer :: p
    logical, intent(inout) :: x(:,:,:)
    call fpup_logicals(p, x, size(x))
  end subroutine pup_l_3

  subroutine apup_l_1(p, a)
    integer :: p
    logical, allocatable, intent(inout) :: a(:)
    integer :: have, lo(1), hi(1)
    have = 0
    lo = 1
    hi = 0
    if (.not. fpup_isunpacking(p)) then
      if (allocated(a)) then
        have = 1
        lo = lbound(a)
        hi = ubound(a)
      end if
    end if
    call pup_put_shape(p, have, 1, lo, hi)
    if (fpup_isunpacking(p)) then
      if (allocated(a)) deallocate(a)
      if (have /= 0) allocate(a(lo(1):hi(1)))
    end if
    if (have /= 0) then
      call fpup_logicals(p, a, size(a))
      if (fpup_isdeleting(p)) deallocate(a)
    end if
  end subroutine apup_l_1

  subroutine apupp_l_1(p, a)
    integer :: p
    logical, pointer, intent(inout) :: a(:)
    integer :: have, lo(1), hi(1)
    have = 0
    lo = 1
    hi = 0
    if (.not. fpup_isunpacking(p)) then
      if (associated(a)) then
        have = 1
        lo = lbound(a)
        hi = ubound(a)
      end if
    end if
    call pup_put_shape(p, have, 1, lo, hi)
    if (fpup_isunpacking(p)) then
      nullify(a)
      if (have /= 0) allocate(a(lo(1):hi(1)))
    end if
    if (have /= 0) then
      call fpup_logicals(p, a, size(a))
      if (fpup_isdeleting(p)) deallocate(a)
    end if
  end subroutine apupp_l_1

  subroutine apup_l_2(p, a)
    integer :: p
    logical, allocatable, intent(inout) :: a(:,:)
    integer :: have, lo(2), hi(2)
    have = 0
    lo = 1
    hi = 0
    if (.not. fpup_isunpacking(p)) then
      if (allocated(a)) then
        have = 1
        lo = lbound(a)
        hi = ubound(a)
      end if
    end if
    call pup_put_shape(p, have, 2, lo, hi)
    if (fpup_isunpacking(p)) then
      if (allocated(a)) deallocate(a)
      if (have /= 0) allocate(a(lo(1):hi(1),lo(2):hi(2)))
    end if
    if (have /= 0) then
      call fpup_logicals(p, a, size(a))
      if (fpup_isdeleting(p)) deallocate(a)
    end if
  end subroutine apup_l_2

  subroutine apupp_l_2(p, a)
    integer :: p
    logical, pointer, intent(inout) :: a(:,:)
    integer :: have, lo(2), hi(2)
    have = 0
    lo = 1
    hi = 0
    if (.not. fpup_isunpacking(p)) then
      if (associated(a)) then
        have = 1
        lo = lbound(a)
        hi = ubound(a)
      end if
    end if
    call pup_put_shape(p, have, 2, lo, hi)
    if (fpup_isunpacking(p)) then
      nullify(a)
      if (have /= 0) allocate(a(lo(1):hi(1),lo(2):hi(2)))
    end if
    if (have /= 0) then
      call fpup_logicals(p, a, size(a))
      if (fpup_isdeleting(p)) deallocate(a)
    end if
  end subroutine apupp_l_2

  subroutine apup_l_3(p, a)
    integer :: p
    logical, allocatable, intent(inout) :: a(:,:,:)
    integer :: have, lo(3), hi(3)
    have = 0
    lo = 1
    hi = 0
    if (.not. fpup_isunpacking(p)) then
      if (allocated(a)) then
        have = 1
        lo = lbound(a)
        hi = ubound(a)
      end if
    end if
    call pup_put_shape(p, have, 3, lo, hi)
    if (fpup_isunpacking(p)) then
      if (allocated(a)) deallocate(a)
      if (have /= 0) allocate(a(lo(1):hi(1),lo(2):hi(2),lo(3):hi(3)))
    end if
    if (have /= 0) then
      call fpup_logicals(p, a, size(a))
      if (fpup_isdeleting(p)) deallocate(a)
    end if
  end subroutine apup_l_3

  subroutine apupp_l_3(p, a)
    integer :: p
    logical, pointer, intent(inout) :: a(:,:,:)
    integer :: have, lo(3), hi(3)
    have = 0
    lo = 1
    hi = 0
    if (.not. fpup_isunpacking(p)) then
      if (associated(a)) then
        have = 1
        lo = lbound(a)
        hi = ubound(a)
      end if
    end if
    call pup_put_shape(p, have, 3, lo, hi)
    if (fpup_isunpacking(p)) then
      nullify(a)
      if (have /= 0) allocate(a(lo(1):hi(1),lo(2):hi(2),lo(3):hi(3)))
    end if
    if (have /= 0) then
      call fpup_logicals(p, a, size(a))
      if (fpup_isdeleting(p)) deallocate(a)
    end if
  end subroutine apupp_l_3

end module pupmod
