//! Reports of a rank's fatal signal. A rank that runs off its stack
//! touches the guard page below it; a SIGSEGV handler (on the PE thread's
//! alternate signal stack, which Rust sets up for every thread it spawns)
//! checks the faulting address against the guard page of the rank running
//! on this thread and, if it matches, prints one line naming the rank and
//! exits with code 1. Any other SIGSEGV, SIGBUS, SIGFPE, SIGILL or SIGABRT
//! on a thread running a rank (a C program's bad pointer, a division by
//! zero, the C library aborting on a corrupt heap) is named the same way:
//! the rank and the signal, exit code 1, C's stdout flushed if it can be.
//! A fault on another thread goes to the handler installed before.

use std::cell::Cell;
use std::sync::{Once, OnceLock};

/// The rank running on this thread: (guard page start, end, rank, stack bytes); zeros when none.
type Running = (usize, usize, u32, usize);

thread_local! {
    static RUNNING: Cell<Running> = const { Cell::new((0, 0, 0, 0)) };
}

/// The signals reported, with their names and what they mean.
const SIGNALS: [(libc::c_int, &str); 5] = [
    (libc::SIGSEGV, "SIGSEGV (segmentation fault)"),
    (libc::SIGBUS, "SIGBUS (bus error)"),
    (libc::SIGFPE, "SIGFPE (arithmetic exception)"),
    (libc::SIGILL, "SIGILL (illegal instruction)"),
    (libc::SIGABRT, "SIGABRT (aborted)"),
];

/// The actions found when ours were installed, in the order of [`SIGNALS`].
struct Previous([libc::sigaction; SIGNALS.len()]);
// SAFETY: plain C structs (handler addresses and flags), only read.
unsafe impl Sync for Previous {}
unsafe impl Send for Previous {}

static PREVIOUS: OnceLock<Previous> = OnceLock::new();
/// Set by the first overflow reported (an atomic swap is async-signal-safe).
static REPORTED: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);
static INSTALL: Once = Once::new();

/// Marks rank `rank` (stack `limit..limit + size + page`) as running on this
/// thread until the returned guard is dropped.
pub(crate) fn enter(rank: u32, limit: usize, stack_size: usize) -> Entered {
    INSTALL.call_once(install);
    let page = page_size();
    let before = RUNNING.with(|r| r.replace((limit, limit + page, rank, stack_size)));
    Entered(before)
}

/// Restores the previous running rank when dropped.
pub(crate) struct Entered(Running);

impl Drop for Entered {
    fn drop(&mut self) {
        RUNNING.with(|r| r.set(self.0));
    }
}

/// The page size, asked of the system once (every resume needs it).
fn page_size() -> usize {
    static PAGE: OnceLock<usize> = OnceLock::new();
    *PAGE.get_or_init(|| {
        // SAFETY: sysconf has no preconditions.
        let p = unsafe { libc::sysconf(libc::_SC_PAGESIZE) };
        if p > 0 { p as usize } else { 4096 }
    })
}

fn install() {
    // SAFETY: installing a handler with a zeroed, then filled, sigaction;
    // the previous actions are kept for chaining (a failed call leaves
    // the default there, which `chain` restores anyway).
    unsafe {
        let mut new: libc::sigaction = std::mem::zeroed();
        new.sa_sigaction = on_fault as *const () as usize;
        new.sa_flags = libc::SA_SIGINFO | libc::SA_ONSTACK;
        libc::sigemptyset(&mut new.sa_mask);
        let mut old: [libc::sigaction; SIGNALS.len()] = std::mem::zeroed();
        for (i, (sig, _)) in SIGNALS.iter().enumerate() {
            libc::sigaction(*sig, &new, &mut old[i]);
        }
        let _ = PREVIOUS.set(Previous(old));
    }
}

/// Writes `n` in decimal into `buf` at `at`; returns the new end.
fn put_number(buf: &mut [u8], mut at: usize, n: usize) -> usize {
    let mut digits = [0u8; 20];
    let mut len = 0;
    let mut v = n;
    loop {
        digits[len] = b'0' + (v % 10) as u8;
        len += 1;
        v /= 10;
        if v == 0 {
            break;
        }
    }
    for d in digits[..len].iter().rev() {
        if at < buf.len() {
            buf[at] = *d;
            at += 1;
        }
    }
    at
}

fn put(buf: &mut [u8], at: usize, s: &[u8]) -> usize {
    let n = s.len().min(buf.len() - at);
    buf[at..at + n].copy_from_slice(&s[..n]);
    at + n
}

/// Writes `n` in hexadecimal (`0x...`) into `buf` at `at`; returns the new end.
fn put_hex(buf: &mut [u8], at: usize, n: usize) -> usize {
    let mut at = put(buf, at, b"0x");
    let digits = (usize::BITS - n.leading_zeros()).div_ceil(4).max(1);
    for i in (0..digits).rev() {
        let d = (n >> (4 * i)) & 0xf;
        at = put(buf, at, &[b"0123456789abcdef"[d]]);
    }
    at
}

/// The line printed for a stack overflow of `rank` with `size`-byte stacks.
fn message(buf: &mut [u8], rank: u32, size: usize) -> usize {
    let mut at = put(buf, 0, b"error: rank ");
    at = put_number(buf, at, rank as usize);
    at = put(buf, at, b" overflowed its stack of ");
    at = put_number(buf, at, size);
    put(buf, at, b" bytes; raise --stack-size\n")
}

/// The line printed for `rank` receiving signal `name` (a fault at `addr`).
fn signal_message(buf: &mut [u8], rank: u32, name: &str, addr: Option<usize>) -> usize {
    let mut at = put(buf, 0, b"error: rank ");
    at = put_number(buf, at, rank as usize);
    at = put(buf, at, b" was ended by ");
    at = put(buf, at, name.as_bytes());
    if let Some(addr) = addr {
        at = put(buf, at, b" at address ");
        at = put_hex(buf, at, addr);
    }
    put(buf, at, b"\n")
}

/// What a rank's fatal signal writes out before the process ends, beside
/// the C library's `stdout` (see [`set_fault_flush`]).
static FAULT_FLUSH: std::sync::OnceLock<fn()> = std::sync::OnceLock::new();

/// Whether a rank's fatal signal is ending the process: what writes to
/// `stdout`/`stderr` from now on goes straight to the descriptors (the C
/// ABI's interposed output functions must not buffer or allocate then).
pub fn ending_on_fault() -> bool {
    REPORTED.load(std::sync::atomic::Ordering::Relaxed)
}

/// Sets what a rank's fatal signal writes out before the process ends (the
/// C ABI's per-rank output buffers); the first call wins. It runs in the
/// signal handler, after the rank's line: it must not block or allocate.
pub fn set_fault_flush(flush: fn()) {
    let _ = FAULT_FLUSH.set(flush);
}

unsafe extern "C" {
    /// C's standard output stream.
    static mut stdout: *mut libc::FILE;
    fn ftrylockfile(f: *mut libc::FILE) -> libc::c_int;
    fn funlockfile(f: *mut libc::FILE);
}

/// Writes the first `n` bytes of `buf` to stderr and ends the process with
/// code 1, once: ranks on two PEs may fail at once, and the process ends
/// only once the first line is written (a second thread that ended it at
/// once could cut that line).
fn report_and_exit(buf: &[u8], n: usize) -> ! {
    if REPORTED.swap(true, std::sync::atomic::Ordering::SeqCst) {
        loop {
            // SAFETY: pause is async-signal-safe; the first thread's
            // _exit ends this one.
            unsafe { libc::pause() };
        }
    }
    // SAFETY: write and _exit are async-signal-safe; `buf` holds `n` bytes.
    // What the ranks printed is flushed if no other thread holds the stream
    // (not async-signal-safe, so tried only after the line is out).
    unsafe {
        libc::write(2, buf.as_ptr().cast(), n);
        let out = stdout;
        if !out.is_null() && ftrylockfile(out) == 0 {
            libc::fflush(out);
            funlockfile(out);
        }
        if let Some(flush) = FAULT_FLUSH.get() {
            flush();
        }
        libc::_exit(1)
    }
}

extern "C" fn on_fault(sig: libc::c_int, info: *mut libc::siginfo_t, ctx: *mut libc::c_void) {
    let (lo, hi, rank, size) = RUNNING.with(Cell::get);
    let Some(i) = SIGNALS.iter().position(|(s, _)| *s == sig) else {
        return;
    };
    if hi != 0 {
        let mut buf = [0u8; 160];
        let fault = sig == libc::SIGSEGV || sig == libc::SIGBUS;
        // SAFETY: the kernel passes a valid siginfo for SA_SIGINFO handlers.
        let addr = fault.then(|| unsafe { (*info).si_addr() } as usize);
        let n = match addr {
            Some(a) if (lo..hi).contains(&a) => message(&mut buf, rank, size),
            _ => signal_message(&mut buf, rank, SIGNALS[i].1, addr),
        };
        report_and_exit(&buf, n)
    }
    // SAFETY: chaining to the previous action as the kernel would call it,
    // or restoring the default so that the fault, repeated on return (or
    // the abort, raised again), kills.
    unsafe {
        match PREVIOUS.get().map(|p| p.0[i]) {
            Some(p) if p.sa_sigaction != libc::SIG_DFL && p.sa_sigaction != libc::SIG_IGN => {
                if p.sa_flags & libc::SA_SIGINFO != 0 {
                    let f: extern "C" fn(libc::c_int, *mut libc::siginfo_t, *mut libc::c_void) =
                        std::mem::transmute(p.sa_sigaction);
                    f(sig, info, ctx);
                } else {
                    let f: extern "C" fn(libc::c_int) = std::mem::transmute(p.sa_sigaction);
                    f(sig);
                }
            }
            _ => {
                libc::signal(sig, libc::SIG_DFL);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_message_names_rank_and_size() {
        let mut buf = [0u8; 128];
        let n = message(&mut buf, 17, 16384);
        assert_eq!(
            std::str::from_utf8(&buf[..n]).unwrap(),
            "error: rank 17 overflowed its stack of 16384 bytes; raise --stack-size\n"
        );
    }

    #[test]
    fn a_signal_message_names_rank_signal_and_address() {
        let mut buf = [0u8; 160];
        let n = signal_message(&mut buf, 3, SIGNALS[0].1, Some(0x1f0));
        assert_eq!(
            std::str::from_utf8(&buf[..n]).unwrap(),
            "error: rank 3 was ended by SIGSEGV (segmentation fault) at address 0x1f0\n"
        );
        let n = signal_message(&mut buf, 0, SIGNALS[4].1, None);
        assert_eq!(
            std::str::from_utf8(&buf[..n]).unwrap(),
            "error: rank 0 was ended by SIGABRT (aborted)\n"
        );
        let n = put_hex(&mut buf, 0, 0);
        assert_eq!(&buf[..n], b"0x0");
        let n = put_hex(&mut buf, 0, usize::MAX);
        assert_eq!(&buf[..n], b"0xffffffffffffffff");
    }

    #[test]
    fn entering_marks_this_thread_and_leaving_restores() {
        {
            let _g = enter(3, 4096 * 10, 65536);
            assert_eq!(RUNNING.with(Cell::get).2, 3);
            {
                let _h = enter(4, 4096 * 20, 65536);
                assert_eq!(RUNNING.with(Cell::get).2, 4);
            }
            assert_eq!(RUNNING.with(Cell::get).2, 3);
        }
        assert_eq!(RUNNING.with(Cell::get).1, 0);
    }
}
