//! The C library's output functions, interposed for the ranks' libraries.
//!
//! `arts-mpicc` wraps the program's own stdio calls (`lib/stdio.c`), but
//! libgfortran (`PRINT`, `WRITE`) and libstdc++ (`std::cout`, `std::cerr`,
//! `std::clog`) write from inside their shared libraries, which the
//! program's link cannot wrap: their bytes would reach `stdout`/`stderr`
//! without a rank's line buffer, cut by other ranks' pieces and without
//! `--tag-output`'s prefix. So the `arts` binary (and the C ABI's test
//! binaries) exports `write`, `writev`, `fwrite`, `fputc`, `putc`,
//! `fputs`, `puts`, `putchar`, `fputwc`, `putwc` and `fflush` under their own names
//! (`exports.list`): a library resolves them to these before the C
//! library's. Called on a rank for descriptor 1 or 2 (or the C library's
//! `stdout`/`stderr`), they hand the bytes to the rank's own line buffer
//! (`super::stdio`), as `lib/stdio.c` does; any other call (another
//! descriptor or stream, a thread that runs no rank, or once a rank's fatal
//! signal is ending the process) goes to the C library unchanged: `write`
//! and `writev` as system calls, the others through the C library's own
//! function (`dlsym(RTLD_NEXT)`, `super::real`).
//!
//! libstdc++'s standard streams in their default mode (synchronised with
//! stdio) hold nothing: each insertion is an `fwrite` or a `putc`, and
//! `std::endl` an `fflush` (the wide streams' insertions are `putwc`s,
//! turned into the locale's bytes here as the C library would). libgfortran keeps one buffer per unit for all
//! the ranks, so the loader makes its preconnected units unbuffered
//! ([`unbuffer_fortran`]): each statement's bytes are written (as
//! `write`s, here) before the statement ends, while its rank runs.

use std::ffi::{CStr, c_char, c_int, c_void};
use std::sync::Once;

use super::real::{
    REAL_FPUTC, REAL_FPUTS, REAL_FPUTWC, REAL_FWRITE, REAL_PUTC, REAL_PUTCHAR, REAL_PUTS,
    REAL_PUTWC, find_all, real_fflush,
};
use super::stdio::{arts_stdio_flush, arts_stdio_write};
use crate::state::current;

unsafe extern "C" {
    /// The C library's standard output.
    static mut stdout: *mut libc::FILE;
    /// The C library's standard error.
    static mut stderr: *mut libc::FILE;
}

/// Whether the caller's output goes to a rank's line buffer: it runs a
/// rank, and no fatal signal is ending the process.
fn on_rank() -> bool {
    !current().is_null() && !arts_ampi::ending_on_fault()
}

/// The caller's rank stream for descriptor `fd` (1: stdout, 2: stderr),
/// or 0: the system's.
fn stream_of_fd(fd: c_int) -> c_int {
    if (fd == 1 || fd == 2) && on_rank() {
        fd
    } else {
        0
    }
}

/// The caller's rank stream for the C library stream `f` (1: stdout, 2:
/// stderr), or 0: the C library's.
fn stream_of_file(f: *mut libc::FILE) -> c_int {
    if f.is_null() || !on_rank() {
        return 0;
    }
    // SAFETY: reading the C library's stream pointers.
    let (out, err) = unsafe { (stdout, stderr) };
    if f == out {
        1
    } else if f == err {
        2
    } else {
        0
    }
}

/// Hands `len` bytes at `p` to the running rank's stream `s`.
fn take(s: c_int, p: *const u8, len: usize) {
    // SAFETY: the caller's `len` bytes at `p`.
    unsafe { arts_stdio_write(s, p.cast::<c_char>(), len) };
}

/// Finds the C library's functions now (a fatal signal's handler must not
/// look them up), and makes libgfortran's preconnected units unbuffered.
pub(crate) fn prepare() {
    static ONCE: Once = Once::new();
    ONCE.call_once(|| {
        find_all();
        unbuffer_fortran();
    });
}

/// Makes libgfortran write its preconnected units (`PRINT`, `WRITE(*,*)`,
/// `WRITE(0,*)`) by each statement, not from one buffer shared by every
/// rank (which another rank's statement would flush, under its name):
/// `GFORTRAN_UNBUFFERED_PRECONNECTED=y`, read when libgfortran is loaded
/// (with the first program that needs it). Set before any program is
/// loaded, whatever the environment said.
fn unbuffer_fortran() {
    // SAFETY: set before the program (and libgfortran) is loaded, while no
    // rank runs; nothing else in arts reads or writes this variable.
    unsafe { std::env::set_var("GFORTRAN_UNBUFFERED_PRECONNECTED", "y") };
}

/// Calls the C library's function `real` (of type `$t`) with `$args`, or
/// returns `$fail` if it has none.
macro_rules! call_real {
    ($real:expr, $t:ty, $fail:expr, $($arg:expr),*) => {{
        let p = $real.get();
        if p.is_null() {
            $fail
        } else {
            // SAFETY: the C library's function of that type.
            unsafe {
                let f: $t = std::mem::transmute::<*mut c_void, $t>(p);
                f($($arg),*)
            }
        }
    }};
}

/// `write(2)`: a rank's bytes for descriptor 1 or 2 go to its line buffer.
///
/// # Safety
/// `buf` holds `count` bytes.
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C" fn write(fd: c_int, buf: *const c_void, count: usize) -> isize {
    let s = stream_of_fd(fd);
    if s == 0 {
        // SAFETY: the caller's buffer, to the system call.
        return unsafe { libc::syscall(libc::SYS_write, fd, buf, count) as isize };
    }
    take(s, buf.cast(), count);
    count as isize
}

/// `writev(2)`: as [`write`], of each piece in turn.
///
/// # Safety
/// `iov` holds `count` buffers, each of its length.
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C" fn writev(fd: c_int, iov: *const libc::iovec, count: c_int) -> isize {
    let s = stream_of_fd(fd);
    if s == 0 || count < 0 {
        // SAFETY: the caller's buffers, to the system call.
        return unsafe { libc::syscall(libc::SYS_writev, fd, iov, count) as isize };
    }
    let mut total = 0usize;
    for i in 0..count as usize {
        // SAFETY: the caller's `count` buffers.
        let v = unsafe { *iov.add(i) };
        take(s, v.iov_base.cast(), v.iov_len);
        total += v.iov_len;
    }
    total as isize
}

/// `fwrite`: a rank's items for `stdout`/`stderr` go to its line buffer.
///
/// # Safety
/// As the C library's: `p` holds `size * n` bytes, `f` is a stream.
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C" fn fwrite(
    p: *const c_void,
    size: usize,
    n: usize,
    f: *mut libc::FILE,
) -> usize {
    let s = stream_of_file(f);
    if s == 0 {
        type F = unsafe extern "C" fn(*const c_void, usize, usize, *mut libc::FILE) -> usize;
        return call_real!(REAL_FWRITE, F, 0, p, size, n, f);
    }
    if size == 0 || n == 0 {
        return 0;
    }
    take(s, p.cast(), size.saturating_mul(n));
    n
}

unsafe extern "C" {
    /// The multibyte bytes of a wide character in the current locale.
    fn wcrtomb(s: *mut c_char, wc: libc::wchar_t, ps: *mut libc::mbstate_t) -> usize;
}

/// `WEOF`.
const WEOF: u32 = u32::MAX;

/// One wide character of a rank to its stream `s`, in the locale's bytes:
/// what `fputwc` returns (`WEOF` for one the locale cannot write).
fn take_wide(s: c_int, wc: u32) -> u32 {
    let mut bytes = [0 as c_char; 16];
    // SAFETY: `bytes` holds MB_LEN_MAX (16 in glibc) bytes; a zeroed state
    // is the initial shift state.
    let n = unsafe {
        let mut state: libc::mbstate_t = std::mem::zeroed();
        wcrtomb(bytes.as_mut_ptr(), wc as libc::wchar_t, &mut state)
    };
    if n == usize::MAX {
        return WEOF;
    }
    take(s, bytes.as_ptr().cast(), n);
    wc
}

/// `fputwc`: a rank's wide character for `stdout`/`stderr` to its line
/// buffer (libstdc++'s `std::wcout` writes with these).
///
/// # Safety
/// As the C library's: `f` is a stream.
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C" fn fputwc(wc: u32, f: *mut libc::FILE) -> u32 {
    let s = stream_of_file(f);
    if s == 0 {
        type F = unsafe extern "C" fn(u32, *mut libc::FILE) -> u32;
        return call_real!(REAL_FPUTWC, F, WEOF, wc, f);
    }
    take_wide(s, wc)
}

/// `putwc`: as [`fputwc`].
///
/// # Safety
/// As the C library's: `f` is a stream.
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C" fn putwc(wc: u32, f: *mut libc::FILE) -> u32 {
    let s = stream_of_file(f);
    if s == 0 {
        type F = unsafe extern "C" fn(u32, *mut libc::FILE) -> u32;
        return call_real!(REAL_PUTWC, F, WEOF, wc, f);
    }
    take_wide(s, wc)
}

/// One character of a rank to its stream `s`: what `putc` returns.
fn take_char(s: c_int, c: c_int) -> c_int {
    let ch = c as u8;
    take(s, &ch, 1);
    c_int::from(ch)
}

/// `fputc`: a rank's character for `stdout`/`stderr` to its line buffer.
///
/// # Safety
/// As the C library's: `f` is a stream.
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C" fn fputc(c: c_int, f: *mut libc::FILE) -> c_int {
    let s = stream_of_file(f);
    if s == 0 {
        type F = unsafe extern "C" fn(c_int, *mut libc::FILE) -> c_int;
        return call_real!(REAL_FPUTC, F, libc::EOF, c, f);
    }
    take_char(s, c)
}

/// `putc`: as [`fputc`].
///
/// # Safety
/// As the C library's: `f` is a stream.
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C" fn putc(c: c_int, f: *mut libc::FILE) -> c_int {
    let s = stream_of_file(f);
    if s == 0 {
        type F = unsafe extern "C" fn(c_int, *mut libc::FILE) -> c_int;
        return call_real!(REAL_PUTC, F, libc::EOF, c, f);
    }
    take_char(s, c)
}

/// `putchar`: as [`fputc`] to `stdout`.
///
/// # Safety
/// As the C library's.
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C" fn putchar(c: c_int) -> c_int {
    let s = stream_of_fd(1);
    if s == 0 {
        type F = unsafe extern "C" fn(c_int) -> c_int;
        return call_real!(REAL_PUTCHAR, F, libc::EOF, c);
    }
    take_char(s, c)
}

/// `fputs`: a rank's string for `stdout`/`stderr` to its line buffer.
///
/// # Safety
/// As the C library's: `text` is a C string, `f` a stream.
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C" fn fputs(text: *const c_char, f: *mut libc::FILE) -> c_int {
    let s = stream_of_file(f);
    if s == 0 {
        type F = unsafe extern "C" fn(*const c_char, *mut libc::FILE) -> c_int;
        return call_real!(REAL_FPUTS, F, libc::EOF, text, f);
    }
    // SAFETY: the caller's C string.
    let bytes = unsafe { CStr::from_ptr(text) }.to_bytes();
    take(s, bytes.as_ptr(), bytes.len());
    1
}

/// `puts`: a rank's line for `stdout` to its line buffer.
///
/// # Safety
/// As the C library's: `text` is a C string.
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C" fn puts(text: *const c_char) -> c_int {
    let s = stream_of_fd(1);
    if s == 0 {
        type F = unsafe extern "C" fn(*const c_char) -> c_int;
        return call_real!(REAL_PUTS, F, libc::EOF, text);
    }
    // SAFETY: the caller's C string.
    let bytes = unsafe { CStr::from_ptr(text) }.to_bytes();
    take(s, bytes.as_ptr(), bytes.len());
    take(s, b"\n".as_ptr(), 1);
    1
}

/// `fflush`: a rank's complete lines of `stdout`/`stderr` (both for a null
/// stream) are written, then the C library's buffer of `f`.
///
/// # Safety
/// As the C library's: `f` is a stream or null.
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C" fn fflush(f: *mut libc::FILE) -> c_int {
    if f.is_null() {
        if on_rank() {
            arts_stdio_flush(0);
        }
    } else {
        let s = stream_of_file(f);
        if s != 0 {
            arts_stdio_flush(s);
        }
    }
    real_fflush(f)
}
