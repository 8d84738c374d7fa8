//! Stack-overflow reports: a rank that runs off its stack touches the
//! guard page below it; a SIGSEGV handler (on the PE thread's alternate
//! signal stack, which Rust sets up for every thread it spawns) checks the
//! faulting address against the guard page of the rank running on this
//! thread and, if it matches, prints one line naming the rank and exits
//! with code 1. Any other fault goes to the handler installed before.

use std::cell::Cell;
use std::sync::{Once, OnceLock};

/// The rank running on this thread: (guard page start, end, rank, stack bytes); zeros when none.
type Running = (usize, usize, u32, usize);

thread_local! {
    static RUNNING: Cell<Running> = const { Cell::new((0, 0, 0, 0)) };
}

/// The SIGSEGV action found when ours was installed.
struct Previous(libc::sigaction);
// SAFETY: a plain C struct (a handler address and flags), only read.
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
    // the previous action is kept for chaining.
    unsafe {
        let mut old: libc::sigaction = std::mem::zeroed();
        let mut new: libc::sigaction = std::mem::zeroed();
        new.sa_sigaction = on_segv as *const () as usize;
        new.sa_flags = libc::SA_SIGINFO | libc::SA_ONSTACK;
        libc::sigemptyset(&mut new.sa_mask);
        if libc::sigaction(libc::SIGSEGV, &new, &mut old) == 0 {
            let _ = PREVIOUS.set(Previous(old));
        }
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

/// The line printed for a stack overflow of `rank` with `size`-byte stacks.
fn message(buf: &mut [u8], rank: u32, size: usize) -> usize {
    let mut at = put(buf, 0, b"error: rank ");
    at = put_number(buf, at, rank as usize);
    at = put(buf, at, b" overflowed its stack of ");
    at = put_number(buf, at, size);
    put(buf, at, b" bytes; raise --stack-size\n")
}

extern "C" fn on_segv(sig: libc::c_int, info: *mut libc::siginfo_t, ctx: *mut libc::c_void) {
    // SAFETY: the kernel passes a valid siginfo for SA_SIGINFO handlers.
    let addr = unsafe { (*info).si_addr() } as usize;
    let (lo, hi, rank, size) = RUNNING.with(Cell::get);
    if hi != 0 && (lo..hi).contains(&addr) {
        // Ranks on two PEs may overflow at once: one line only, and the
        // process ends only once it is written (a second thread that ended
        // it at once could cut the first one's line).
        if REPORTED.swap(true, std::sync::atomic::Ordering::SeqCst) {
            loop {
                // SAFETY: pause is async-signal-safe; the first thread's
                // _exit ends this one.
                unsafe { libc::pause() };
            }
        }
        let mut buf = [0u8; 128];
        let n = message(&mut buf, rank, size);
        // SAFETY: write is async-signal-safe; `buf` holds `n` bytes; _exit
        // is async-signal-safe and ends every thread.
        unsafe {
            libc::write(2, buf.as_ptr().cast(), n);
            libc::_exit(1)
        }
    }
    // SAFETY: chaining to the previous action as the kernel would call it,
    // or restoring the default so that the fault, repeated on return, kills.
    unsafe {
        match PREVIOUS.get().map(|p| p.0) {
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
