//! What a rank writes to `stdout` and `stderr`: whole lines, as under
//! `mpirun`, never a partial line of one rank joined by another's.
//!
//! C ranks are coroutines of one process sharing the C library's `stdout`;
//! a rank that prints `a`, blocks in an MPI call, then prints `b\n` would
//! have its line cut by the ranks that ran meanwhile. `arts-mpicc` links
//! programs with `--wrap=printf,puts,fwrite,...` and `lib/stdio.c`, whose
//! wrappers hand the bytes a rank writes to `stdout`/`stderr` to
//! [`arts_stdio_write`]: they go to the rank's own
//! [`Streams`](super::streams::Streams) (in its `Vp`), which writes
//! complete lines only, each flush one `write(2)` under a process-wide
//! lock, after the C library's own buffer of that stream (what was written
//! outside the ranks) is flushed.
//!
//! When: `stderr` at each newline; `stdout` at each newline when it is a
//! terminal, else (a file, a pipe) whenever a block of
//! [`BLOCK`](super::streams::BLOCK) bytes of complete lines is waiting — as
//! the C library buffers them; and both at `fflush` (complete lines: a
//! partial line waits for its newline) and at the rank's end, whatever the
//! way (`main` returning, `exit`, `_exit`, `abort`, a fatal MPI error,
//! `MPI_Abort`), the partial last line too. A line longer than
//! [`LONGEST_LINE`](super::streams::LONGEST_LINE) is written as it stands.
//! Complete lines are also written before a callback of the program runs
//! inside an MPI call (it writes to the C library) and before the rank is
//! saved whole (a restart would write them again).
//!
//! libgfortran's and libstdc++'s output reaches the same buffers through
//! the C library functions the `arts` binary interposes
//! (`super::interpose`).
//!
//! With `--tag-output` ([`set_tag_output`](super::streams::set_tag_output))
//! each line is prefixed as Open MPI prefixes it: `[1,RANK]<stdout>:` or
//! `[1,RANK]<stderr>:`.

use std::ffi::{c_char, c_int};

use super::streams::Which;
use crate::state::current;

/// Writes what the running rank holds, a partial line too, when a fatal
/// signal ends the process ([`arts_ampi::set_fault_flush`]): in a signal
/// handler, so nothing blocks or allocates; skipped when another thread is
/// writing. Other ranks' buffers are lost, as `mpirun` loses what a killed
/// process had not written.
pub(crate) fn flush_after_fault() {
    let vp = current();
    if vp.is_null() {
        return;
    }
    // SAFETY: the rank faulted on this thread and the process ends after
    // this; its buffers are read, not changed.
    unsafe { (*vp).stdio.write_after_fault() };
}

/// The stream numbered `stream` by `lib/stdio.c` (1: stdout, 2: stderr).
fn which(stream: c_int) -> Option<Which> {
    match stream {
        1 => Some(Which::Out),
        2 => Some(Which::Err),
        _ => None,
    }
}

/// Whether the caller is a rank (whose writes to `stdout`/`stderr` its
/// [`Streams`](super::streams::Streams) take).
#[unsafe(no_mangle)]
pub(crate) extern "C" fn arts_stdio_here() -> c_int {
    c_int::from(!current().is_null())
}

/// The running rank's `len` bytes at `buf` for `stream` (1: stdout, 2:
/// stderr): 1 if taken, 0 if the caller is no rank (the C library's then).
///
/// # Safety
/// `buf` holds `len` bytes (or `len` is 0).
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C" fn arts_stdio_write(
    stream: c_int,
    buf: *const c_char,
    len: usize,
) -> c_int {
    let vp = current();
    let Some(which) = which(stream) else {
        return 0;
    };
    if vp.is_null() {
        return 0;
    }
    if len > 0 {
        // SAFETY: the caller's bytes; the running rank's state (no MPI call
        // of the rank is under way while its program writes).
        unsafe {
            let bytes = std::slice::from_raw_parts(buf.cast::<u8>(), len);
            (*vp).stdio.write(which, bytes);
        }
    }
    1
}

/// `fflush` of the running rank's `stream` (1: stdout, 2: stderr, 0:
/// both): its complete lines written now. 1 if the caller is a rank.
#[unsafe(no_mangle)]
pub(crate) extern "C" fn arts_stdio_flush(stream: c_int) -> c_int {
    let vp = current();
    if vp.is_null() {
        return 0;
    }
    // SAFETY: the running rank's state, as above.
    unsafe { (*vp).stdio.flush(which(stream)) };
    1
}

#[cfg(test)]
mod tests {
    #[test]
    fn arts_mpicc_wraps_exactly_the_functions_lib_stdio_c_defines() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
        let c = std::fs::read_to_string(dir.join("lib/stdio.c")).unwrap();
        let mut defined: Vec<&str> = c
            .lines()
            // Definitions: `type __wrap_NAME(...) {` at the start of a line.
            .filter(|l| !l.starts_with([' ', '/', '*']) && l.ends_with('{'))
            .filter_map(|l| l.split_once(" __wrap_")?.1.split_once('(').map(|(n, _)| n))
            .collect();
        let script = std::fs::read_to_string(dir.join("bin/arts-mpicc")).unwrap();
        let list = script
            .lines()
            .find_map(|l| l.strip_prefix("stdio_names=\""))
            .expect("stdio_names in arts-mpicc");
        let mut wrapped: Vec<&str> = list.trim_end_matches('"').split(' ').collect();
        defined.sort_unstable();
        wrapped.sort_unstable();
        assert_eq!(defined, wrapped);
        assert!(wrapped.contains(&"__printf_chk") && wrapped.contains(&"fwrite"));
    }
}
