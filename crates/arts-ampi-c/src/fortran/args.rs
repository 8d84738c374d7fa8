//! The command line libgfortran keeps for `GET_COMMAND_ARGUMENT`.
//!
//! A gfortran `main` first hands its `argc` and `argv` to libgfortran
//! (`_gfortran_set_args`), which keeps the pointer. libgfortran is loaded
//! once for all the ranks of a process, so it keeps the `argv` of the last
//! rank to start and reads it in every rank. A rank's own `argv` may go
//! away before the others read it: with `--isomalloc` it lies in the
//! rank's slot, which leaves with the rank when it ends or moves to another
//! process. So the host exports `_gfortran_set_args` (programs bind to it
//! first, as to `_gfortran_stop_*`) and gives libgfortran a copy made
//! outside every slot, which lives as long as the process.

use std::ffi::{CStr, CString, c_char, c_int, c_void};
use std::sync::Mutex;
use std::sync::atomic::{AtomicPtr, Ordering};

/// libgfortran's own `_gfortran_set_args` (null until a program that uses
/// libgfortran is loaded).
static REAL: AtomicPtr<c_void> = AtomicPtr::new(std::ptr::null_mut());

/// The last command line given to libgfortran: its strings and the
/// NULL-terminated pointer array over them, both never freed.
static KEPT: Mutex<Option<(Vec<CString>, usize)>> = Mutex::new(None);

/// Finds libgfortran's `_gfortran_set_args` among the libraries of the
/// program `handle` (a `dlopen` handle; the host's own export is not among
/// them).
pub(crate) fn find_real(handle: *mut c_void) {
    // SAFETY: a live dlopen handle and a C string.
    let p = unsafe { libc::dlsym(handle, c"_gfortran_set_args".as_ptr()) };
    if !p.is_null() && p != _gfortran_set_args as *mut c_void {
        REAL.store(p, Ordering::Release);
    }
}

/// A copy of the `argc` strings of `argv` that lives as long as the
/// process, out of every slot: the previous one if it holds the same
/// strings (the ranks of a run share their command line).
///
/// # Safety
/// `argv` holds `argc` C strings.
unsafe fn lasting_copy(argc: c_int, argv: *const *const c_char) -> *mut *mut c_char {
    let strings: Vec<CString> = (0..argc.max(0) as usize)
        // SAFETY: the caller's `argc` strings.
        .map(|i| unsafe { CStr::from_ptr(*argv.add(i)) }.to_owned())
        .collect();
    let mut kept = KEPT.lock().unwrap_or_else(|e| e.into_inner());
    match kept.as_ref() {
        Some((same, ptrs)) if *same == strings => *ptrs as *mut *mut c_char,
        _ => {
            let mut ptrs: Vec<*mut c_char> =
                strings.iter().map(|s| s.as_ptr().cast_mut()).collect();
            ptrs.push(std::ptr::null_mut());
            let array = Box::leak(ptrs.into_boxed_slice()).as_mut_ptr();
            // The strings' bytes stay where they are when the Vec moves; a
            // replaced command line is leaked, not freed (libgfortran may
            // still hold it).
            if let Some((old, _)) = kept.replace((strings, array as usize)) {
                std::mem::forget(old);
            }
            array
        }
    }
}

/// gfortran's `_gfortran_set_args`, called by a Fortran `main`: libgfortran
/// gets a lasting copy of the command line (module doc).
///
/// # Safety
/// `argv` holds `argc` C strings.
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C" fn _gfortran_set_args(argc: c_int, argv: *mut *mut c_char) {
    let real = REAL.load(Ordering::Acquire);
    if real.is_null() || argv.is_null() {
        return;
    }
    // SAFETY: the caller's `argc` strings; made outside the running rank's
    // slot, so that it stays in this process.
    let copy = arts_ampi::iso::outside(|| unsafe { lasting_copy(argc, argv.cast()) });
    // SAFETY: libgfortran's function of this signature.
    unsafe {
        let f: unsafe extern "C" fn(c_int, *mut *mut c_char) = std::mem::transmute(real);
        f(argc, copy);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn argv(words: &[&str]) -> (Vec<CString>, Vec<*const c_char>) {
        let s: Vec<CString> = words.iter().map(|w| CString::new(*w).unwrap()).collect();
        let mut p: Vec<*const c_char> = s.iter().map(|c| c.as_ptr()).collect();
        p.push(std::ptr::null());
        (s, p)
    }

    fn read(copy: *mut *mut c_char, argc: usize) -> Vec<String> {
        // SAFETY: `copy` holds `argc` strings and a NULL.
        unsafe {
            assert!((*copy.add(argc)).is_null());
            (0..argc)
                .map(|i| CStr::from_ptr(*copy.add(i)).to_string_lossy().into_owned())
                .collect()
        }
    }

    #[test]
    fn a_copy_outlives_the_ranks_argv_and_is_shared_by_equal_command_lines() {
        let (s, p) = argv(&["prog.so", "7", "11"]);
        // SAFETY: three strings.
        let first = unsafe { lasting_copy(3, p.as_ptr()) };
        drop((s, p));
        assert_eq!(read(first, 3), ["prog.so", "7", "11"]);
        let (_s, p) = argv(&["prog.so", "7", "11"]);
        // SAFETY: three strings.
        assert_eq!(unsafe { lasting_copy(3, p.as_ptr()) }, first);
        let (_s, p) = argv(&["prog.so", "8"]);
        // SAFETY: two strings.
        let other = unsafe { lasting_copy(2, p.as_ptr()) };
        assert_ne!(other, first);
        assert_eq!(read(other, 2), ["prog.so", "8"]);
        // The replaced copy is still readable.
        assert_eq!(read(first, 3), ["prog.so", "7", "11"]);
    }
}
