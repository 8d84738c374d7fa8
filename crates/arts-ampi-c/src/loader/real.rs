//! The C library's output functions themselves, past the ones the `arts`
//! binary interposes (`super::interpose`): what a rank's line buffer
//! (`super::streams`) writes with, and what the interposed functions call
//! for output that is not a rank's.
//!
//! A leaf: it knows nothing of ranks, so the buffers a rank's state holds
//! can write without reaching back to the state.

use std::ffi::{CStr, c_int, c_void};
use std::sync::atomic::{AtomicPtr, Ordering};

/// `write(2)` itself, past the interposed `write`.
pub(crate) fn sys_write(fd: c_int, bytes: &[u8]) -> isize {
    // SAFETY: `bytes` is a live slice of that many bytes.
    unsafe { libc::syscall(libc::SYS_write, fd, bytes.as_ptr(), bytes.len()) as isize }
}

/// One of the C library's functions, found once past the interposed one.
pub(super) struct Real {
    name: &'static CStr,
    at: AtomicPtr<c_void>,
}

impl Real {
    const fn new(name: &'static CStr) -> Real {
        Real {
            name,
            at: AtomicPtr::new(std::ptr::null_mut()),
        }
    }

    /// The C library's function (null if it has none).
    pub(super) fn get(&self) -> *mut c_void {
        let p = self.at.load(Ordering::Acquire);
        if !p.is_null() {
            return p;
        }
        // SAFETY: looking a symbol up after this object's.
        let p = unsafe { libc::dlsym(libc::RTLD_NEXT, self.name.as_ptr()) };
        self.at.store(p, Ordering::Release);
        p
    }
}

/// The C library's `fwrite`.
pub(super) static REAL_FWRITE: Real = Real::new(c"fwrite");
/// The C library's `fputc`.
pub(super) static REAL_FPUTC: Real = Real::new(c"fputc");
/// The C library's `putc`.
pub(super) static REAL_PUTC: Real = Real::new(c"putc");
/// The C library's `fputs`.
pub(super) static REAL_FPUTS: Real = Real::new(c"fputs");
/// The C library's `puts`.
pub(super) static REAL_PUTS: Real = Real::new(c"puts");
/// The C library's `putchar`.
pub(super) static REAL_PUTCHAR: Real = Real::new(c"putchar");
/// The C library's `fputwc`.
pub(super) static REAL_FPUTWC: Real = Real::new(c"fputwc");
/// The C library's `putwc`.
pub(super) static REAL_PUTWC: Real = Real::new(c"putwc");
/// The C library's `fflush`.
static REAL_FFLUSH: Real = Real::new(c"fflush");

/// Finds every one of the C library's functions now (a fatal signal's
/// handler must not look them up).
pub(super) fn find_all() {
    for r in [
        &REAL_FWRITE,
        &REAL_FPUTC,
        &REAL_PUTC,
        &REAL_FPUTS,
        &REAL_PUTS,
        &REAL_PUTCHAR,
        &REAL_FPUTWC,
        &REAL_PUTWC,
        &REAL_FFLUSH,
    ] {
        r.get();
    }
}

/// The C library's `fflush`, past the interposed one.
pub(crate) fn real_fflush(f: *mut libc::FILE) -> c_int {
    let p = REAL_FFLUSH.get();
    if p.is_null() {
        return libc::EOF;
    }
    // SAFETY: the C library's fflush.
    unsafe {
        let f2: unsafe extern "C" fn(*mut libc::FILE) -> c_int = std::mem::transmute(p);
        f2(f)
    }
}
