//! Keeps METIS' C `printf` diagnostics off stdout.
//!
//! In degenerate cases (more parts than a subproblem has vertices, e.g. one
//! object heavier than several PEs' shares) METIS prints lines such as
//! `***Cannot bisect a graph with 0 vertices!` with C `printf` and still
//! returns a valid partition. Printed as is, they would corrupt `--json`
//! output. `run` gives C's `stdout` stream a large full buffer and discards
//! whatever METIS left in it (`__fpurge`). Rust's own stdout does not go
//! through C stdio and is untouched; no file descriptor is redirected, so
//! other threads lose nothing. Calls are serialized by a lock.

#[cfg(all(target_os = "linux", any(target_env = "gnu", target_env = "musl")))]
mod imp {
    use std::sync::{Mutex, Once};

    unsafe extern "C" {
        static mut stdout: *mut libc::FILE;
        fn __fpurge(stream: *mut libc::FILE);
    }

    static LOCK: Mutex<()> = Mutex::new(());
    static SETUP: Once = Once::new();
    const BUF_LEN: usize = 1 << 16;

    /// Runs `f`, discarding what it wrote to C's `stdout` stream.
    pub(crate) fn run<T>(f: impl FnOnce() -> T) -> T {
        let _guard = LOCK.lock().unwrap_or_else(|e| e.into_inner());
        // SAFETY: `stdout` is the C library's stream pointer, valid for the
        // whole process; the buffer is leaked, so it outlives the stream's use
        // of it; the lock keeps our own calls from interleaving.
        unsafe {
            let out = stdout;
            libc::fflush(out);
            SETUP.call_once(|| {
                let buf: &'static mut [u8] = Box::leak(vec![0u8; BUF_LEN].into_boxed_slice());
                libc::setvbuf(out, buf.as_mut_ptr().cast(), libc::_IOFBF, BUF_LEN);
            });
        }
        let result = f();
        // SAFETY: as above; discarding buffered output is always allowed.
        unsafe { __fpurge(stdout) };
        result
    }
}

#[cfg(not(all(target_os = "linux", any(target_env = "gnu", target_env = "musl"))))]
mod imp {
    /// Runs `f` (on this platform METIS' diagnostics are not intercepted).
    pub fn run<T>(f: impl FnOnce() -> T) -> T {
        f()
    }
}

pub(crate) use imp::run;
