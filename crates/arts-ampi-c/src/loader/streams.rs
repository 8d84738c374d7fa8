//! A rank's `stdout` and `stderr` lines not yet written ([`Streams`], held
//! in its state), and how they are written: whole lines, each flush one
//! `write(2)` under a process-wide lock, after the C library's own buffer
//! of that stream. When the lines are due is `super::stdio`'s account;
//! what hands a rank's bytes here is there too (`arts_stdio_write`).
//!
//! A leaf: these buffers know nothing of the running rank, so the rank's
//! state holds them without an import circle.

use std::ffi::c_int;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, Ordering};

use super::real::{real_fflush, sys_write};

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
pub(super) enum Which {
    /// `stdout`.
    Out,
    /// `stderr`.
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
    real_fflush(file);
    // SAFETY: asking the descriptor of a C library stream.
    let fd = unsafe { libc::fileno(file) };
    if fd < 0 {
        return;
    }
    while !bytes.is_empty() {
        let n = sys_write(fd, bytes);
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
        let n = sys_write(fd, bytes);
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
    #[inline]
    pub(super) fn write(&mut self, which: Which, bytes: &[u8]) {
        let rank = self.rank;
        self.stream(which).push(rank, bytes);
    }

    /// Writes the complete lines of `which` (`None`: both), as `fflush`.
    pub(super) fn flush(&mut self, which: Option<Which>) {
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

    /// Writes everything, a partial last line too, when a fatal signal
    /// ends the process (`super::stdio::flush_after_fault`): in a signal
    /// handler, so nothing blocks or allocates; skipped when another thread
    /// is writing. The buffers are read, not changed.
    pub(super) fn write_after_fault(&self) {
        let Ok(_held) = WRITING.try_lock() else {
            return;
        };
        let tag = TAG_OUTPUT.load(Ordering::Relaxed);
        for stream in [&self.out, &self.err] {
            let file = stream.which.file();
            if file.is_null() {
                continue;
            }
            // SAFETY: asking a C library stream's descriptor (reads a field).
            let fd = unsafe { libc::fileno(file) };
            for line in stream.buf.split_inclusive(|&b| b == b'\n') {
                if tag {
                    let mut prefix = [0u8; 40];
                    let n = fault_prefix(&mut prefix, self.rank, stream.which);
                    write_all_raw(fd, &prefix[..n]);
                }
                write_all_raw(fd, line);
            }
        }
    }
}

impl Drop for Streams {
    fn drop(&mut self) {
        self.finish();
    }
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
