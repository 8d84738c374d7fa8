! pupf.h of arts (crate arts-ampi-c): AMPI's PUP interface for Fortran
! (Charm++'s pupf.h), in fixed or free form. A PUP routine is
!   SUBROUTINE r(p, d)   with INTEGER :: p   (only passed on)
! registered with CALL AMPI_Register_pup(r, d, idx, ierr); it moves
! its data with fpup_<t>(p, x) and fpup_<t>s(p, array, n) for t in
! char, short, int, long, real, double, logical (and fpup_bytes),
! and asks which pass it is in with the functions below. `use pupmod`
! adds the generic pup(p, x) and apup(p, allocatable) (pupmod.f90).
      EXTERNAL fpup_char, fpup_chars, fpup_short, fpup_shorts
      EXTERNAL fpup_int, fpup_ints, fpup_long, fpup_longs
      EXTERNAL fpup_real, fpup_reals, fpup_double, fpup_doubles
      EXTERNAL fpup_logical, fpup_logicals, fpup_bytes
      LOGICAL fpup_issizing, fpup_ispacking, fpup_isunpacking
      LOGICAL fpup_isdeleting, fpup_isuserlevel
      EXTERNAL fpup_issizing, fpup_ispacking, fpup_isunpacking
      EXTERNAL fpup_isdeleting, fpup_isuserlevel
