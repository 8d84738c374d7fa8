//! AMPI's PUP interface in Fortran (`pupf.h`, `use pupmod`): gfortran's
//! names of Charm++'s `fpup_*` calls over the C binding's passes
//! (`crate::pup`), and `AMPI_Register_pup(routine, data, idx, ierr)` /
//! `AMPI_Get_pup_data(idx, data, ierr)`.
//!
//! A Fortran PUP routine is `SUBROUTINE r(p, d)` with `INTEGER :: p`:
//! arts calls it with the C `pup_er` as the address of `p`, so `p` is
//! only ever passed on (`CALL fpup_ints(p, a, n)`), never read. `n` is an
//! `INTEGER` by reference; the `fpup_is*` functions return a default
//! `LOGICAL` (`.TRUE.` = 1). The element sizes are gfortran's: `INTEGER`
//! and `LOGICAL` 4 bytes, `INTEGER(KIND=2)` 2, `INTEGER(KIND=8)` 8,
//! `REAL` 4, `DOUBLE PRECISION` 8, `CHARACTER` 1 (its hidden length
//! argument is not used: `fpup_chars(p, s, n)` moves `n` characters).
//! A routine that unpacks more than it packed ends its rank with one
//! line naming the `fpup_*` call, as the C one does.

use std::ffi::{c_char, c_int, c_void};

use crate::pup::registry::{ARTS_AMPI_Get_pup_data, ARTS_AMPI_Register_pup};
use crate::pup::table::PupFn;
use crate::pup::{Mode, flag, items};

/// `*n` for a count passed by reference (a null one is refused as -1
/// items are).
///
/// # Safety
/// `n` is null or points to an `INTEGER`.
unsafe fn count(n: *const c_int) -> c_int {
    if n.is_null() {
        -1
    } else {
        // SAFETY: the caller's contract.
        unsafe { *n }
    }
}

/// Defines `fpup_<t>_(p, d)` and `fpup_<t>s_(p, d, n)` for Fortran type `$t`.
macro_rules! fpup_type {
    ($one:ident, $many:ident, $t:ty) => {
        #[doc = concat!("Fortran's `", stringify!($one), "(p, d)`: one item.")]
        #[unsafe(no_mangle)]
        pub(crate) unsafe extern "C-unwind" fn $one(p: *mut c_void, d: *mut $t) {
            let call = stringify!($one).trim_end_matches('_');
            // SAFETY: the program passes its pup_er and one item.
            unsafe { items(call, p, d.cast(), 1, size_of::<$t>()) }
        }

        #[doc = concat!("Fortran's `", stringify!($many), "(p, d, n)`: `n` items.")]
        #[unsafe(no_mangle)]
        pub(crate) unsafe extern "C-unwind" fn $many(p: *mut c_void, d: *mut $t, n: *const c_int) {
            let call = stringify!($many).trim_end_matches('_');
            // SAFETY: the program passes its pup_er, `n` items and the
            // count by reference.
            unsafe { items(call, p, d.cast(), count(n), size_of::<$t>()) }
        }
    };
}

fpup_type!(fpup_char_, fpup_chars_, c_char);
fpup_type!(fpup_short_, fpup_shorts_, i16);
fpup_type!(fpup_int_, fpup_ints_, i32);
fpup_type!(fpup_long_, fpup_longs_, i64);
fpup_type!(fpup_real_, fpup_reals_, f32);
fpup_type!(fpup_double_, fpup_doubles_, f64);
fpup_type!(fpup_logical_, fpup_logicals_, c_int);

/// Fortran's `fpup_bytes(p, d, n)`: `n` untyped bytes.
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn fpup_bytes_(
    p: *mut c_void,
    d: *mut c_void,
    n: *const c_int,
) {
    // SAFETY: the program passes its pup_er, `n` bytes and the count.
    unsafe { items("fpup_bytes", p, d.cast(), count(n), 1) }
}

/// Fortran's `fpup_issizing(p)`: `.TRUE.` in a sizing pass.
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn fpup_issizing_(p: *mut c_void) -> c_int {
    // SAFETY: the program passes its pup_er.
    unsafe { flag("fpup_issizing", p, |u| u.mode == Mode::Sizing) }
}

/// Fortran's `fpup_ispacking(p)`: `.TRUE.` in a packing pass.
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn fpup_ispacking_(p: *mut c_void) -> c_int {
    // SAFETY: the program passes its pup_er.
    unsafe { flag("fpup_ispacking", p, |u| u.mode == Mode::Packing) }
}

/// Fortran's `fpup_isunpacking(p)`: `.TRUE.` in an unpacking pass (the
/// routine allocates its arrays before unpacking into them).
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn fpup_isunpacking_(p: *mut c_void) -> c_int {
    // SAFETY: the program passes its pup_er.
    unsafe { flag("fpup_isunpacking", p, |u| u.mode == Mode::Unpacking) }
}

/// Fortran's `fpup_isdeleting(p)`: `.TRUE.` in a packing pass after which
/// the data is dropped (the routine deallocates it); `.FALSE.` at a
/// checkpoint, which keeps it.
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn fpup_isdeleting_(p: *mut c_void) -> c_int {
    // SAFETY: the program passes its pup_er.
    unsafe { flag("fpup_isdeleting", p, |u| u.deleting) }
}

/// Fortran's `fpup_isuserlevel(p)`: `.TRUE.` in the passes of a
/// checkpoint or restart.
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn fpup_isuserlevel_(p: *mut c_void) -> c_int {
    // SAFETY: the program passes its pup_er.
    unsafe { flag("fpup_isuserlevel", p, |u| u.userlevel) }
}

/// Fortran's `AMPI_Register_pup(routine, data, idx, ierr)`: registers
/// `SUBROUTINE routine(p, data)` for `data` (any variable, by reference);
/// `idx` is its number. In a restarted run the routine unpacks `data` at
/// once.
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn ampi_register_pup_(
    routine: Option<PupFn>,
    data: *mut c_void,
    idx: *mut c_int,
    ierr: *mut c_int,
) {
    // SAFETY: by reference, as C's call takes them.
    super::done(ierr, unsafe { ARTS_AMPI_Register_pup(routine, data, idx) });
}

/// Fortran's `AMPI_Get_pup_data(idx, data, ierr)`: the address registered
/// as `idx`'s data into `data` (an `INTEGER(KIND=MPI_ADDRESS_KIND)` or a
/// `TYPE(C_PTR)`).
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn ampi_get_pup_data_(
    idx: *const c_int,
    data: *mut c_void,
    ierr: *mut c_int,
) {
    // SAFETY: `idx` by reference (-1, refused, where null); C writes the
    // address into `*data`.
    super::done(ierr, unsafe { ARTS_AMPI_Get_pup_data(count(idx), data) });
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pup::Pupper;
    use crate::state::Fatal;

    #[test]
    fn fortran_calls_move_fortran_sizes_and_name_themselves_when_over() {
        let mut sizer = Pupper::new(Mode::Sizing, std::ptr::null_mut(), usize::MAX, "s".into());
        let (mut i, mut d) = (3i32, [1.0f64, 2.0]);
        let mut l: c_int = 1;
        let mut c: [c_char; 5] = [0; 5];
        let (two, five): (c_int, c_int) = (2, 5);
        // SAFETY: live handles, items of the declared sizes.
        unsafe {
            let h = sizer.handle();
            fpup_int_(h, &mut i);
            fpup_doubles_(h, d.as_mut_ptr(), &two);
            fpup_logical_(h, &mut l);
            fpup_chars_(h, c.as_mut_ptr(), &five);
            assert_eq!(fpup_issizing_(h), 1);
            assert_eq!(fpup_isunpacking_(h), 0);
        }
        assert_eq!(sizer.moved(), 4 + 16 + 4 + 5);
        let mut buf = [0u8; 4];
        let mut u = Pupper::new(Mode::Unpacking, buf.as_mut_ptr(), 4, "PUP routine 0".into());
        // SAFETY: a live handle; one int fits, the doubles do not.
        unsafe { fpup_int_(u.handle(), &mut i) };
        // Called through an opaque pointer, as a program's `.so` calls it:
        // a direct call lets the release profile (4 codegen units,
        // thin-local LTO) inline `fpup_doubles_` and drop this
        // `catch_unwind`'s landing pad, so the unwind escapes the test
        // (rustc 1.95; not with one codegen unit or LTO off).
        let over: unsafe extern "C-unwind" fn(*mut c_void, *mut f64, *const c_int) =
            std::hint::black_box(fpup_doubles_);
        let e = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| unsafe {
            over(u.handle(), d.as_mut_ptr(), &two)
        }))
        .unwrap_err();
        let msg = e.downcast::<Fatal>().expect("a Fatal").0;
        assert!(
            msg.starts_with("fpup_doubles: PUP routine 0 unpacks more than was packed: 16 bytes"),
            "{msg}"
        );
        assert_eq!(
            (i, d),
            (0, [1.0, 2.0]),
            "nothing past the packed bytes read"
        );
    }
}
