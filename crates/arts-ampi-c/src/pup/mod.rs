//! AMPI's PUP interface (Charm++'s `pup_c.h`): a C `pup_er` is a pointer
//! to a [`Pupper`], the state of one pass of a PUP routine over the
//! program's data: *sizing* (counts the bytes), *packing* (copies them
//! into a buffer, in native byte order) or *unpacking* (copies them back
//! out, never past the end of what was packed). `pup_int`, `pup_doubles`,
//! `pup_bytes`, … move one item or an array of each C type;
//! `pup_isSizing`/`isPacking`/`isUnpacking`/`isDeleting`/`isUserlevel`
//! say which pass it is. `registry` serves `AMPI_Register_pup`: the
//! routines arts calls at checkpoints and restarts (each rank's table of
//! them: `table`).
//!
//! A routine that moves more bytes than the pass allows (unpacking more
//! than was packed, packing more than it sized) ends its rank with one
//! message naming the call and the byte counts; nothing is read or
//! written out of bounds.

pub(crate) mod registry;
pub(crate) mod table;

use std::ffi::{c_char, c_int, c_long, c_longlong, c_short, c_uchar, c_uint, c_ulong};
use std::ffi::{c_ulonglong, c_ushort, c_void};
use std::panic::resume_unwind;

use crate::state::Fatal;

/// Marks a live [`Pupper`] (a `pup_er` that is not one is refused).
const MAGIC: u64 = 0x6172_7473_2d70_7570;

/// What a pass of a PUP routine does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Mode {
    /// Counts the bytes the routine moves.
    Sizing,
    /// Copies them into the buffer.
    Packing,
    /// Copies them out of the buffer.
    Unpacking,
}

/// The state behind one C `pup_er`.
#[repr(C)]
pub(crate) struct Pupper {
    magic: u64,
    /// Which pass this is.
    pub(crate) mode: Mode,
    /// The data is freed after this pass (`pup_isDeleting`).
    pub(crate) deleting: bool,
    /// A pass of a checkpoint, not of a migration (`pup_isUserlevel`).
    pub(crate) userlevel: bool,
    /// Packing: where the bytes go; unpacking: where they come from
    /// (null when sizing).
    buf: *mut u8,
    /// How many bytes `buf` holds (`usize::MAX` for a program's own buffer,
    /// whose size arts does not know).
    limit: usize,
    /// Bytes moved so far.
    at: usize,
    /// The pass, for messages ("PUP routine 0 of rank 3").
    what: String,
    /// Made by the program (`pup_new_*`), freed by `pup_destroy`.
    owned: bool,
}

impl Pupper {
    /// A pass in `mode` over `limit` bytes at `buf` (null when sizing),
    /// named `what` in messages.
    pub(crate) fn new(mode: Mode, buf: *mut u8, limit: usize, what: String) -> Pupper {
        Pupper {
            magic: MAGIC,
            mode,
            deleting: false,
            userlevel: false,
            buf,
            limit,
            at: 0,
            what,
            owned: false,
        }
    }

    /// The same, marked as a checkpoint's pass (`pup_isUserlevel`) and, when
    /// packing, whether the data is freed after it (`pup_isDeleting`).
    pub(crate) fn flagged(mut self, userlevel: bool, deleting: bool) -> Pupper {
        self.userlevel = userlevel;
        self.deleting = deleting && self.mode == Mode::Packing;
        self
    }

    /// Bytes sized, packed or unpacked so far.
    pub(crate) fn moved(&self) -> usize {
        self.at
    }

    /// The C handle of this pass.
    pub(crate) fn handle(&mut self) -> *mut c_void {
        (self as *mut Pupper).cast()
    }

    /// Moves `n` bytes at `data` in this pass (`call` names the C function
    /// in messages); ends the rank if the pass has no room for them.
    ///
    /// # Safety
    /// `data` points to `n` readable (packing) or writable (unpacking) bytes.
    unsafe fn transfer(&mut self, call: &str, data: *mut u8, n: usize) {
        if self.mode == Mode::Sizing {
            self.at = self.at.saturating_add(n);
            return;
        }
        if n > 0 && data.is_null() {
            fatal(format!("{call}: {} passed a null pointer", self.what));
        }
        let room = self.limit - self.at;
        if n > room {
            let what = &self.what;
            let (at, limit) = (self.at, self.limit);
            fatal(match self.mode {
                Mode::Unpacking => format!(
                    "{call}: {what} unpacks more than was packed: {n} bytes at byte {at} of \
                     {limit} (its unpacking pass must read what its packing pass wrote)"
                ),
                _ => format!(
                    "{call}: {what} packs more than it sized: {n} bytes at byte {at} of \
                     {limit} (its sizing and packing passes must move the same data)"
                ),
            });
        }
        if n == 0 {
            return;
        }
        // SAFETY: `buf` holds `limit` bytes (checked: `at + n <= limit`);
        // the caller's contract covers `data`.
        unsafe {
            let at = self.buf.add(self.at);
            match self.mode {
                Mode::Packing => std::ptr::copy_nonoverlapping(data, at, n),
                _ => std::ptr::copy_nonoverlapping(at, data, n),
            }
        }
        self.at += n;
    }
}

/// Ends the running rank with `msg` (the run names the rank).
fn fatal(msg: String) -> ! {
    resume_unwind(Box::new(Fatal(msg)))
}

/// The pass behind C handle `p`; ends the rank if it is not one.
///
/// # Safety
/// `p` is null or a handle arts gave the program.
unsafe fn pupper<'a>(call: &str, p: *mut c_void) -> &'a mut Pupper {
    let p = p.cast::<Pupper>();
    // SAFETY: a non-null handle points to a `Pupper` (checked by its magic).
    if p.is_null() || unsafe { (*p).magic } != MAGIC {
        fatal(format!(
            "{call}: the pup_er is not one arts made (null or freed)"
        ));
    }
    // SAFETY: checked above.
    unsafe { &mut *p }
}

/// `n` items of `size` bytes at `data` through handle `p`.
///
/// # Safety
/// `p` as for [`pupper`]; `data` points to `n` items of `size` bytes.
pub(crate) unsafe fn items(call: &str, p: *mut c_void, data: *mut u8, n: c_int, size: usize) {
    // SAFETY: the caller's contract.
    let pup = unsafe { pupper(call, p) };
    let Ok(n) = usize::try_from(n) else {
        fatal(format!(
            "{call}: {} passed {n} items (a count is >= 0)",
            pup.what
        ));
    };
    let Some(bytes) = n.checked_mul(size) else {
        fatal(format!(
            "{call}: {} passed {n} items, too many bytes",
            pup.what
        ));
    };
    // SAFETY: the caller's contract.
    unsafe { pup.transfer(call, data, bytes) }
}

/// Defines `pup_<t>(p, &v)` and `pup_<t>s(p, arr, n)` for C type `$t`.
macro_rules! pup_type {
    ($one:ident, $many:ident, $t:ty) => {
        /// Moves one item of this type through the pass (`pup_er`).
        #[unsafe(no_mangle)]
        pub(crate) unsafe extern "C-unwind" fn $one(p: *mut c_void, v: *mut $t) {
            // SAFETY: the program passes a pup_er and one item.
            unsafe { items(&stringify!($one)[5..], p, v.cast(), 1, size_of::<$t>()) }
        }

        /// Moves an array of `n` items of this type through the pass.
        #[unsafe(no_mangle)]
        pub(crate) unsafe extern "C-unwind" fn $many(p: *mut c_void, v: *mut $t, n: c_int) {
            // SAFETY: the program passes a pup_er and `n` items.
            unsafe { items(&stringify!($many)[5..], p, v.cast(), n, size_of::<$t>()) }
        }
    };
}

pup_type!(ARTS_pup_char, ARTS_pup_chars, c_char);
pup_type!(ARTS_pup_short, ARTS_pup_shorts, c_short);
pup_type!(ARTS_pup_int, ARTS_pup_ints, c_int);
pup_type!(ARTS_pup_long, ARTS_pup_longs, c_long);
pup_type!(ARTS_pup_longlong, ARTS_pup_longlongs, c_longlong);
pup_type!(ARTS_pup_uchar, ARTS_pup_uchars, c_uchar);
pup_type!(ARTS_pup_ushort, ARTS_pup_ushorts, c_ushort);
pup_type!(ARTS_pup_uint, ARTS_pup_uints, c_uint);
pup_type!(ARTS_pup_ulong, ARTS_pup_ulongs, c_ulong);
pup_type!(ARTS_pup_ulonglong, ARTS_pup_ulonglongs, c_ulonglong);
pup_type!(ARTS_pup_float, ARTS_pup_floats, f32);
pup_type!(ARTS_pup_double, ARTS_pup_doubles, f64);
pup_type!(ARTS_pup_bool, ARTS_pup_bools, bool);

/// `pup_bytes(p, ptr, nBytes)`: `nBytes` untyped bytes.
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn ARTS_pup_bytes(p: *mut c_void, v: *mut c_void, n: c_int) {
    // SAFETY: the program passes a pup_er and `n` bytes.
    unsafe { items("pup_bytes", p, v.cast(), n, 1) }
}

/// The flag `f` of pass `p` as C's 0 or 1.
///
/// # Safety
/// As for [`pupper`].
pub(crate) unsafe fn flag(call: &str, p: *mut c_void, f: impl FnOnce(&Pupper) -> bool) -> c_int {
    // SAFETY: the caller's contract.
    c_int::from(f(unsafe { pupper(call, p) }))
}

/// `pup_isSizing(p)`: 1 in a sizing pass.
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn ARTS_pup_isSizing(p: *mut c_void) -> c_int {
    // SAFETY: the program passes a pup_er.
    unsafe { flag("pup_isSizing", p, |u| u.mode == Mode::Sizing) }
}

/// `pup_isPacking(p)`: 1 in a packing pass.
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn ARTS_pup_isPacking(p: *mut c_void) -> c_int {
    // SAFETY: the program passes a pup_er.
    unsafe { flag("pup_isPacking", p, |u| u.mode == Mode::Packing) }
}

/// `pup_isUnpacking(p)`: 1 in an unpacking pass (the routine allocates
/// its data before unpacking into it).
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn ARTS_pup_isUnpacking(p: *mut c_void) -> c_int {
    // SAFETY: the program passes a pup_er.
    unsafe { flag("pup_isUnpacking", p, |u| u.mode == Mode::Unpacking) }
}

/// `pup_isDeleting(p)`: 1 in a packing pass after which the data is
/// dropped (the routine frees it); 0 for a checkpoint, which keeps it.
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn ARTS_pup_isDeleting(p: *mut c_void) -> c_int {
    // SAFETY: the program passes a pup_er.
    unsafe { flag("pup_isDeleting", p, |u| u.deleting) }
}

/// `pup_isUserlevel(p)`: 1 in the passes of a checkpoint or restart.
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn ARTS_pup_isUserlevel(p: *mut c_void) -> c_int {
    // SAFETY: the program passes a pup_er.
    unsafe { flag("pup_isUserlevel", p, |u| u.userlevel) }
}

/// `pup_size(p)`: the bytes the pass has moved so far (the whole size
/// after a sizing pass).
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn ARTS_pup_size(p: *mut c_void) -> c_int {
    // SAFETY: the program passes a pup_er.
    let u = unsafe { pupper("pup_size", p) };
    c_int::try_from(u.at).unwrap_or(c_int::MAX)
}

/// A pass of the program's own, freed with `pup_destroy`.
fn own(mode: Mode, buf: *mut u8, what: &str) -> *mut c_void {
    let mut p = Pupper::new(mode, buf, usize::MAX, format!("the program's {what}"));
    p.owned = true;
    Box::into_raw(Box::new(p)).cast()
}

/// `pup_new_sizer()`: a sizing pass of the program's own.
#[unsafe(no_mangle)]
pub(crate) extern "C-unwind" fn ARTS_pup_new_sizer() -> *mut c_void {
    own(Mode::Sizing, std::ptr::null_mut(), "sizer")
}

/// `pup_new_toMem(buf)`: a packing pass into the program's buffer (as
/// large as a sizer said; arts cannot check it).
#[unsafe(no_mangle)]
pub(crate) extern "C-unwind" fn ARTS_pup_new_toMem(buf: *mut c_void) -> *mut c_void {
    own(Mode::Packing, buf.cast(), "toMem packer")
}

/// `pup_new_fromMem(buf)`: an unpacking pass from the program's buffer.
#[unsafe(no_mangle)]
pub(crate) extern "C-unwind" fn ARTS_pup_new_fromMem(buf: *const c_void) -> *mut c_void {
    own(Mode::Unpacking, buf.cast_mut().cast(), "fromMem unpacker")
}

/// `pup_destroy(p)`: frees a pass made by `pup_new_*`.
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn ARTS_pup_destroy(p: *mut c_void) {
    // SAFETY: the program passes a pup_er.
    let u = unsafe { pupper("pup_destroy", p) };
    if !u.owned {
        fatal(
            "pup_destroy: the pup_er is one arts passed to a PUP routine, not one of pup_new_*"
                .into(),
        );
    }
    u.magic = 0;
    // SAFETY: made by `own` with `Box::into_raw`, freed once (its magic is gone).
    drop(unsafe { Box::from_raw(p.cast::<Pupper>()) });
}

#[cfg(test)]
mod tests {
    use super::*;

    fn caught(f: impl FnOnce()) -> String {
        let e = std::panic::catch_unwind(std::panic::AssertUnwindSafe(f)).unwrap_err();
        e.downcast::<Fatal>().expect("a Fatal").0
    }

    #[test]
    fn sizing_packing_and_unpacking_move_the_same_bytes() {
        let mut xs = [1.5f64, -2.0, 3.25];
        let mut n: c_int = 7;
        let mut tag: c_long = -9;
        let mut sizer = Pupper::new(Mode::Sizing, std::ptr::null_mut(), usize::MAX, "s".into());
        let round = |p: &mut Pupper, xs: &mut [f64; 3], n: &mut c_int, tag: &mut c_long| unsafe {
            let h = p.handle();
            ARTS_pup_int(h, n);
            ARTS_pup_doubles(h, xs.as_mut_ptr(), 3);
            ARTS_pup_long(h, tag);
        };
        round(&mut sizer, &mut xs, &mut n, &mut tag);
        assert_eq!(sizer.moved(), 4 + 24 + 8);
        let mut buf = vec![0u8; sizer.moved()];
        let mut packer = Pupper::new(Mode::Packing, buf.as_mut_ptr(), buf.len(), "p".into());
        round(&mut packer, &mut xs, &mut n, &mut tag);
        assert_eq!(packer.moved(), buf.len(), "sizing == packed length");
        let (mut ys, mut m, mut t) = ([0.0f64; 3], 0, 0);
        let mut unpacker = Pupper::new(Mode::Unpacking, buf.as_mut_ptr(), buf.len(), "u".into());
        round(&mut unpacker, &mut ys, &mut m, &mut t);
        assert_eq!((ys, m, t), (xs, n, tag));
        // SAFETY: live handles.
        unsafe {
            assert_eq!(ARTS_pup_isUnpacking(unpacker.handle()), 1);
            assert_eq!(ARTS_pup_isPacking(unpacker.handle()), 0);
            assert_eq!(ARTS_pup_isSizing(sizer.handle()), 1);
        }
    }

    #[test]
    fn unpacking_past_the_packed_bytes_ends_the_rank_without_reading_them() {
        let mut buf = [1u8, 2, 3, 4, 5, 6];
        let mut u = Pupper::new(Mode::Unpacking, buf.as_mut_ptr(), 4, "PUP routine 0".into());
        let mut x: c_int = 0;
        // SAFETY: live handle, one int.
        unsafe { ARTS_pup_int(u.handle(), &mut x) };
        let msg = caught(|| unsafe { ARTS_pup_int(u.handle(), &mut x) });
        assert!(
            msg.contains("pup_int: PUP routine 0 unpacks more than was packed"),
            "{msg}"
        );
        assert!(msg.contains("4 bytes at byte 4 of 4"), "{msg}");
        let mut p = Pupper::new(Mode::Packing, buf.as_mut_ptr(), 2, "r".into());
        let msg = caught(|| unsafe { ARTS_pup_ints(p.handle(), &mut x, 1) });
        assert!(msg.contains("packs more than it sized"), "{msg}");
        assert_eq!(buf, [1, 2, 3, 4, 5, 6], "nothing written");
        let msg = caught(|| unsafe { ARTS_pup_ints(p.handle(), &mut x, -1) });
        assert!(msg.contains("-1 items"), "{msg}");
        let msg = caught(|| {
            // SAFETY: a null handle is refused before use.
            unsafe { ARTS_pup_isSizing(std::ptr::null_mut()) };
        });
        assert!(msg.contains("not one arts made"), "{msg}");
    }

    #[test]
    fn deleting_is_a_packing_pass_flag() {
        let mut p =
            Pupper::new(Mode::Packing, std::ptr::null_mut(), 0, "p".into()).flagged(false, true);
        let mut u =
            Pupper::new(Mode::Unpacking, std::ptr::null_mut(), 0, "u".into()).flagged(true, true);
        // SAFETY: live handles.
        unsafe {
            assert_eq!(ARTS_pup_isDeleting(p.handle()), 1);
            assert_eq!(ARTS_pup_isDeleting(u.handle()), 0);
            assert_eq!(ARTS_pup_isUserlevel(u.handle()), 1);
        }
    }
}
