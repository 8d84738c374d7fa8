//! What a rank writes to `stdout` and `stderr`: whole lines, as under
//! `mpirun`, never a partial line of one rank joined by another's.
//!
//! C ranks are coroutines of one process sharing the C library's `stdout`;
//! a rank that prints `a`, blocks in an MPI call, then prints `b\n` would
//! have its line cut by the ranks that ran meanwhile. `arts-mpicc` links
//! programs with `--wrap=printf,puts,fwrite,...` and `lib/stdio.c`, whose
//! wrappers hand the bytes a rank writes to `stdout`/`stderr` to
//! [`arts_stdio_write`]: they go to the rank's own [`Streams`] (in its
//! `Vp`), which writes complete lines only, each flush one `write(2)`
//! under a process-wide lock, after the C library's own buffer of that
//! stream (what was written outside the ranks) is flushed.
//!
//! When: `stderr` at each newline; `stdout` at each newline when it is a
//! terminal, else (a file, a pipe) whenever a block of [`BLOCK`] bytes of
//! complete lines is waiting — as the C library buffers them; and both at
//! `fflush` (complete lines: a partial line waits for its newline) and at
//! the rank's end, whatever the way (`main` returning, `exit`, `_exit`,
//! `abort`, a fatal MPI error, `MPI_Abort`), the partial last line too. A
//! line longer than [`LONGEST_LINE`] is written as it stands. Complete
//! lines are also written before a callback of the program runs inside an
//! MPI call (it writes to the C library) and before the rank is saved
//! whole (a restart would write them again).
//!
//! libgfortran's and libstdc++'s output reaches the same buffers through
//! the C library functions the `arts` binary interposes
//! (`super::interpose`).
//!
//! With `--tag-output` ([`set_tag_output`]) each line is prefixed as Open
//! MPI prefixes it: `[1,RANK]<stdout>:` or `[1,RANK]<stderr>:`.

use std::ffi::{c_char, c_int};
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, Ordering};

use crate::state::current;

/// Bytes of complete lines a `stdout` that is not a terminal keeps before
/// writing them (the C library's block for a file or a pipe).
pub(crate) const BLOCK: usize = 4096;

/// A partial line longer than this is written without waiting for its end.
pub(crate) const LONGEST_LINE: usize = 1 << 20;

/// Whether lines are prefixed with their rank and stream.
static TAG_OUTPUT: AtomicBool = AtomicBool::new(false);

/// Held while a rank's lines are written, so that two PEs' writes (and
/// the C library's flush before them) do not interleave.
static WRITING: Mutex<()> = Mutex::new(());

unsafe extern "C" {
    /// The C library's standard output.
    static mut stdout: *mut libc::FILE;
    /// The C library's standard error.
    static mut stderr: *mut libc::FILE;
}

/// Prefixes every line the ranks write with `[1,RANK]<stdout>:` (or
/// `<stderr>:`), as Open MPI's `mpirun --tag-output`; or not.
pub(crate) fn set_tag_output(on: bool) {
    TAG_OUTPUT.store(on, Ordering::Relaxed);
}

/// Which of the C library's streams.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Which {
    Out,
    Err,
}

impl Which {
    fn file(self) -> *mut libc::FILE {
        // SAFETY: reading the C library's stream pointers.
        unsafe {
            match self {
                Which::Out => stdout,
                Which::Err => stderr,
            }
        }
    }

    fn tag(self) -> &'static str {
        match self {
            Which::Out => "stdout",
            Which::Err => "stderr",
        }
    }
}

/// One stream of one rank: bytes not written yet.
struct Stream {
    which: Which,
    buf: Vec<u8>,
    /// Written at each newline (else by blocks of complete lines).
    line_mode: bool,
}

impl Stream {
    /// Takes `bytes` and writes what is due.
    fn push(&mut self, rank: i32, bytes: &[u8]) {
        self.buf.extend_from_slice(bytes);
        let due = if self.line_mode {
            bytes.contains(&b'\n')
        } else {
            self.buf.len() >= BLOCK
        };
        if due {
            self.flush(rank, false);
        } else if self.buf.len() > LONGEST_LINE && !self.buf.contains(&b'\n') {
            self.flush(rank, true);
        }
    }

    /// Writes the complete lines (and with `all`, a partial last line too).
    fn flush(&mut self, rank: i32, all: bool) {
        let end = if all {
            self.buf.len()
        } else {
            self.buf
                .iter()
                .rposition(|&b| b == b'\n')
                .map_or(0, |i| i + 1)
        };
        if end == 0 {
            return;
        }
        if TAG_OUTPUT.load(Ordering::Relaxed) {
            let tagged = tag_lines(&self.buf[..end], rank, self.which);
            write_out(self.which, &tagged);
        } else {
            write_out(self.which, &self.buf[..end]);
        }
        self.buf.drain(..end);
    }
}

/// `lines` with each line prefixed as Open MPI's `--tag-output` does.
fn tag_lines(lines: &[u8], rank: i32, which: Which) -> Vec<u8> {
    let prefix = format!("[1,{rank}]<{}>:", which.tag());
    let mut out = Vec::with_capacity(lines.len() + 2 * prefix.len());
    for line in lines.split_inclusive(|&b| b == b'\n') {
        out.extend_from_slice(prefix.as_bytes());
        out.extend_from_slice(line);
    }
    out
}

/// Writes `bytes` to `which`'s descriptor in one `write(2)` (more only if
/// the system takes part of it), after what the C library holds for it.
fn write_out(which: Which, mut bytes: &[u8]) {
    let _held = WRITING.lock().unwrap_or_else(|e| e.into_inner());
    let file = which.file();
    if file.is_null() {
        return;
    }
    // Past the interposed `fflush` and `write` (`super::interpose`), which
    // would hand a rank's bytes back to its buffer.
    super::interpose::real_fflush(file);
    // SAFETY: asking the descriptor of a C library stream.
    let fd = unsafe { libc::fileno(file) };
    if fd < 0 {
        return;
    }
    while !bytes.is_empty() {
        let n = super::interpose::sys_write(fd, bytes);
        if n > 0 {
            bytes = &bytes[n as usize..];
        } else if n < 0 && std::io::Error::last_os_error().kind() == std::io::ErrorKind::Interrupted
        {
            continue;
        } else {
            // A closed pipe or a full disk: the C library drops it too.
            return;
        }
    }
}

/// Writes what the running rank holds, a partial line too, when a fatal
/// signal ends the process ([`arts_ampi::set_fault_flush`]): in a signal
/// handler, so nothing blocks or allocates; skipped when another thread is
/// writing. Other ranks' buffers are lost, as `mpirun` loses what a killed
/// process had not written.
pub(crate) fn flush_after_fault() {
    let vp = crate::state::current();
    if vp.is_null() {
        return;
    }
    let Ok(_held) = WRITING.try_lock() else {
        return;
    };
    // SAFETY: the rank faulted on this thread and the process ends after
    // this; its buffers are read, not changed.
    let streams = unsafe { &(*vp).stdio };
    let tag = TAG_OUTPUT.load(Ordering::Relaxed);
    for stream in [&streams.out, &streams.err] {
        let file = stream.which.file();
        if file.is_null() {
            continue;
        }
        // SAFETY: asking a C library stream's descriptor (reads a field).
        let fd = unsafe { libc::fileno(file) };
        for line in stream.buf.split_inclusive(|&b| b == b'\n') {
            if tag {
                let mut prefix = [0u8; 40];
                let n = fault_prefix(&mut prefix, streams.rank, stream.which);
                write_all_raw(fd, &prefix[..n]);
            }
            write_all_raw(fd, line);
        }
    }
}

/// Open MPI's `[1,RANK]<stdout>:` prefix into `buf`, without allocating.
fn fault_prefix(buf: &mut [u8; 40], rank: i32, which: Which) -> usize {
    let mut digits = [0u8; 12];
    let mut r = rank.unsigned_abs();
    let mut d = digits.len();
    loop {
        d -= 1;
        digits[d] = b'0' + (r % 10) as u8;
        r /= 10;
        if r == 0 {
            break;
        }
    }
    let parts: [&[u8]; 5] = [b"[1,", &digits[d..], b"]<", which.tag().as_bytes(), b">:"];
    let mut at = 0;
    for part in parts {
        buf[at..at + part.len()].copy_from_slice(part);
        at += part.len();
    }
    at
}

/// `write(2)` of all of `bytes` to `fd`, giving up on an error.
fn write_all_raw(fd: c_int, mut bytes: &[u8]) {
    while !bytes.is_empty() {
        let n = super::interpose::sys_write(fd, bytes);
        if n <= 0 {
            return;
        }
        bytes = &bytes[n as usize..];
    }
}

/// A rank's `stdout` and `stderr`.
pub(crate) struct Streams {
    rank: i32,
    out: Stream,
    err: Stream,
}

impl Streams {
    /// The streams of rank `rank` (of `MPI_COMM_WORLD`): `stdout` written
    /// by lines if it is a terminal now, else by blocks of lines.
    pub(crate) fn new(rank: i32) -> Streams {
        let file = Which::Out.file();
        // SAFETY: asking whether a C library stream's descriptor is a terminal.
        let tty = !file.is_null() && unsafe { libc::isatty(libc::fileno(file)) } == 1;
        Streams {
            rank,
            out: Stream {
                which: Which::Out,
                buf: Vec::new(),
                line_mode: tty,
            },
            err: Stream {
                which: Which::Err,
                buf: Vec::new(),
                line_mode: true,
            },
        }
    }

    fn stream(&mut self, which: Which) -> &mut Stream {
        match which {
            Which::Out => &mut self.out,
            Which::Err => &mut self.err,
        }
    }

    /// Takes `bytes` the rank wrote to `which`.
    fn write(&mut self, which: Which, bytes: &[u8]) {
        let rank = self.rank;
        self.stream(which).push(rank, bytes);
    }

    /// Writes the complete lines of `which` (`None`: both), as `fflush`.
    fn flush(&mut self, which: Option<Which>) {
        let rank = self.rank;
        for w in [Which::Out, Which::Err] {
            if which.is_none_or(|x| x == w) {
                self.stream(w).flush(rank, false);
            }
        }
    }

    /// Writes the complete lines of both streams (before a callback of the
    /// program, which writes to the C library, and before the rank is
    /// saved whole, so that a restart does not write them again).
    pub(crate) fn flush_lines(&mut self) {
        self.flush(None);
    }

    /// Writes everything, a partial last line too (the rank ends).
    pub(crate) fn finish(&mut self) {
        let rank = self.rank;
        self.out.flush(rank, true);
        self.err.flush(rank, true);
    }
}

impl Drop for Streams {
    fn drop(&mut self) {
        self.finish();
    }
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
/// [`Streams`] take).
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
    use super::*;

    #[test]
    fn tagged_lines_carry_open_mpi_s_prefix_and_a_partial_line_keeps_its_end() {
        let t = tag_lines(b"a\n\nb", 3, Which::Out);
        assert_eq!(
            String::from_utf8(t).unwrap(),
            "[1,3]<stdout>:a\n[1,3]<stdout>:\n[1,3]<stdout>:b"
        );
        let t = tag_lines(b"x\n", 0, Which::Err);
        assert_eq!(String::from_utf8(t).unwrap(), "[1,0]<stderr>:x\n");
    }

    #[test]
    fn a_stream_keeps_a_partial_line_until_its_newline() {
        let mut s = Stream {
            which: Which::Err,
            buf: Vec::new(),
            line_mode: true,
        };
        // Writing to stderr here would show in the test's output: a
        // stream of lines with nothing complete writes nothing.
        s.push(0, b"partial");
        assert_eq!(s.buf, b"partial");
        s.flush(0, false);
        assert_eq!(s.buf, b"partial", "fflush leaves a partial line");
    }

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

    #[test]
    fn the_fault_prefix_is_open_mpis() {
        let mut buf = [0u8; 40];
        let n = fault_prefix(&mut buf, 1234, Which::Err);
        assert_eq!(&buf[..n], b"[1,1234]<stderr>:");
        let n = fault_prefix(&mut buf, 0, Which::Out);
        assert_eq!(
            &buf[..n],
            tag_lines(b"x", 0, Which::Out).strip_suffix(b"x").unwrap()
        );
    }

    #[test]
    fn a_block_stream_keeps_lines_below_a_block() {
        let mut s = Stream {
            which: Which::Out,
            buf: Vec::new(),
            line_mode: false,
        };
        s.push(0, b"one line\n");
        s.push(0, b"and a partial one");
        assert_eq!(s.buf, b"one line\nand a partial one");
    }
}
