//! Recordings for trace-driven prediction (`--record FILE`, read by
//! `arts predict`): every entry method a run executed, with its measured
//! duration and the message that triggered it, and every message between
//! elements, with the execution that sent it and its size. Together they
//! give the run's causal graph, which a simulator can replay on another
//! machine.
//!
//! The file is JSON lines: a [`Header`], then `header.executions` lines of
//! [`Exec`] (ids `0..`, by start time), then `header.messages` lines of
//! [`Send`] (ids `0..`). [`read`] checks everything a simulator relies on
//! (ids in order, references that exist, a message reaching the element it
//! was sent to, counts that match the header) and names the line of the
//! first problem.

use std::io::{BufRead, Write};

use serde::{Deserialize, Serialize};

/// The `format` value of every recording.
pub const FORMAT: &str = "arts-record";
/// The version this build writes and reads.
pub const VERSION: u32 = 1;
/// Longest line [`read`] accepts, bytes.
const MAX_LINE: usize = 64 * 1024;
/// Most executions or messages [`read`] accepts.
const MAX_RECORDS: u64 = 50_000_000;
/// Largest time (start or duration, and their sum over executions) [`read`]
/// accepts, ns (about 11.6 days).
const MAX_NS: u64 = 1_000_000_000_000_000;
/// Largest message [`read`] accepts, bytes.
const MAX_BYTES: u64 = 1 << 40;

/// An object array of the recorded run.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ArrayInfo {
    /// Its name.
    pub name: String,
    /// Number of elements.
    pub elements: u64,
}

/// The first line of a recording: what ran, where, and how many records follow.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Header {
    /// Always [`FORMAT`].
    pub format: String,
    /// [`VERSION`] of the writer.
    pub version: u32,
    /// The application (e.g. `jacobi2d`).
    pub app: String,
    /// Its options, as the app prints them.
    pub options: String,
    /// PEs of the recorded run.
    pub pes: u32,
    /// Steps (iterations) the run made.
    pub steps: u64,
    /// Wall time of the run's steps, ns (the app's own measurement).
    pub wall_ns: u64,
    /// The object arrays, by array id.
    pub arrays: Vec<ArrayInfo>,
    /// Number of [`Exec`] lines that follow.
    pub executions: u64,
    /// Number of [`Send`] lines after them.
    pub messages: u64,
}

/// What made an entry method run.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Cause {
    /// A message from the main program (no element sent it).
    Driver,
    /// Element message `id` (a [`Send`]).
    Msg(u64),
    /// Something the recording does not follow (a reduction result, an
    /// element's broadcast, a load-balancing resume): a simulator orders it
    /// after the element's previous execution.
    Other,
}

/// One executed entry method.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Exec {
    /// Its id (its position among the executions).
    pub id: u64,
    /// The PE it ran on.
    pub pe: u32,
    /// Array id.
    pub array: u32,
    /// Element (linear index).
    pub element: u64,
    /// Entry method name.
    pub method: String,
    /// Start, ns since the run started.
    pub start_ns: u64,
    /// Measured duration, ns.
    pub dur_ns: u64,
    /// What triggered it.
    pub cause: Cause,
}

/// One element message.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Send {
    /// Its id (its position among the messages).
    pub id: u64,
    /// The execution that sent it.
    pub from: u64,
    /// When it was sent, ns after that execution started.
    pub at_ns: u64,
    /// Array id of the receiver.
    pub array: u32,
    /// Receiving element (linear index).
    pub element: u64,
    /// Payload bytes.
    pub bytes: u64,
}

/// A whole recording.
#[derive(Clone, Debug, PartialEq)]
pub struct Recording {
    /// What ran.
    pub header: Header,
    /// Executions, by id.
    pub execs: Vec<Exec>,
    /// Messages, by id.
    pub sends: Vec<Send>,
}

/// Why a recording could not be read.
#[derive(Debug, thiserror::Error)]
pub enum RecordError {
    /// Reading failed.
    #[error("{0}")]
    Io(#[from] std::io::Error),
    /// A line is malformed or inconsistent (1-based line number).
    #[error("line {line}: {what}")]
    Bad {
        /// The line.
        line: u64,
        /// What is wrong with it.
        what: String,
    },
}

impl Recording {
    /// Writes the recording as JSON lines (the header's counts are set from
    /// the records).
    pub fn write(&self, out: impl Write) -> std::io::Result<()> {
        let mut w = std::io::BufWriter::new(out);
        let mut header = self.header.clone();
        header.executions = self.execs.len() as u64;
        header.messages = self.sends.len() as u64;
        serde_json::to_writer(&mut w, &header)?;
        writeln!(w)?;
        for e in &self.execs {
            serde_json::to_writer(&mut w, e)?;
            writeln!(w)?;
        }
        for s in &self.sends {
            serde_json::to_writer(&mut w, s)?;
            writeln!(w)?;
        }
        w.flush()
    }

    /// Total measured duration of all executions, ns.
    pub fn busy_ns(&self) -> u64 {
        self.execs.iter().map(|e| e.dur_ns).sum()
    }
}

/// Reads and checks a recording (see the module doc).
pub fn read(input: impl BufRead) -> Result<Recording, RecordError> {
    let mut lines = Lines {
        input,
        buf: String::new(),
        line: 0,
    };
    let header: Header = lines.next_json("the header")?;
    let bad = |line, what: String| RecordError::Bad { line, what };
    if header.format != FORMAT {
        return Err(bad(
            1,
            format!("not an arts recording (format {:?})", header.format),
        ));
    }
    if header.version != VERSION {
        return Err(bad(
            1,
            format!(
                "recording version {} (this arts reads version {VERSION}: record the run again)",
                header.version
            ),
        ));
    }
    if header.pes == 0 || header.arrays.is_empty() {
        return Err(bad(1, "a recording needs pes >= 1 and an array".into()));
    }
    let elements = header
        .arrays
        .iter()
        .fold(0u64, |n, a| n.saturating_add(a.elements));
    if elements > MAX_RECORDS {
        return Err(bad(1, format!("more than {MAX_RECORDS} elements in all")));
    }
    if header.executions > MAX_RECORDS || header.messages > MAX_RECORDS {
        return Err(bad(
            1,
            format!("more than {MAX_RECORDS} executions or messages"),
        ));
    }
    let mut execs: Vec<Exec> = Vec::with_capacity(header.executions.min(1 << 20) as usize);
    let mut busy = 0u64;
    for id in 0..header.executions {
        let e: Exec = lines.next_json("an execution")?;
        let at = lines.line;
        if e.id != id {
            return Err(bad(
                at,
                format!("execution id {} out of order (expected {id})", e.id),
            ));
        }
        check_target(&header, e.array, e.element).map_err(|w| bad(at, w))?;
        if e.pe >= header.pes {
            return Err(bad(at, format!("PE {} of a {}-PE run", e.pe, header.pes)));
        }
        busy = busy.saturating_add(e.dur_ns);
        if e.start_ns > MAX_NS || busy > MAX_NS {
            return Err(bad(at, format!("times beyond {MAX_NS} ns")));
        }
        if let Some(prev) = execs.last()
            && e.start_ns < prev.start_ns
        {
            return Err(bad(at, "executions are not in order of start time".into()));
        }
        execs.push(e);
    }
    let mut sends: Vec<Send> = Vec::with_capacity(header.messages.min(1 << 20) as usize);
    for id in 0..header.messages {
        let s: Send = lines.next_json("a message")?;
        let at = lines.line;
        if s.id != id {
            return Err(bad(
                at,
                format!("message id {} out of order (expected {id})", s.id),
            ));
        }
        check_target(&header, s.array, s.element).map_err(|w| bad(at, w))?;
        if s.bytes > MAX_BYTES {
            return Err(bad(
                at,
                format!("a message of {} bytes (at most {MAX_BYTES})", s.bytes),
            ));
        }
        match execs.get(s.from as usize) {
            None => {
                return Err(bad(
                    at,
                    format!(
                        "sent by execution {}, which is not in the recording",
                        s.from
                    ),
                ));
            }
            Some(e) if s.at_ns > e.dur_ns => {
                return Err(bad(
                    at,
                    format!(
                        "sent {} ns into execution {}, which lasted {} ns",
                        s.at_ns, s.from, e.dur_ns
                    ),
                ));
            }
            Some(_) => {}
        }
        sends.push(s);
    }
    if lines.next_nonblank()? {
        return Err(bad(
            lines.line,
            "more records than the header counts".into(),
        ));
    }
    let first_exec_line = 2;
    for e in &execs {
        if let Cause::Msg(m) = e.cause {
            let at = first_exec_line + e.id;
            let Some(s) = sends.get(m as usize) else {
                return Err(bad(
                    at,
                    format!("caused by message {m}, which is not in the recording"),
                ));
            };
            if (s.array, s.element) != (e.array, e.element) {
                return Err(bad(
                    at,
                    format!("caused by message {m}, which was sent to another element"),
                ));
            }
            if s.from >= e.id {
                return Err(bad(
                    at,
                    format!("caused by message {m}, sent by a later execution"),
                ));
            }
        }
    }
    Ok(Recording {
        header,
        execs,
        sends,
    })
}

/// Whether element `element` of array `array` exists in the recorded run.
fn check_target(header: &Header, array: u32, element: u64) -> Result<(), String> {
    match header.arrays.get(array as usize) {
        None => Err(format!(
            "array {array} of a run with {} arrays",
            header.arrays.len()
        )),
        Some(a) if element >= a.elements => Err(format!(
            "element {element} of array {} with {} elements",
            a.name, a.elements
        )),
        Some(_) => Ok(()),
    }
}

/// Bounded line reading with line numbers.
struct Lines<R> {
    input: R,
    buf: String,
    line: u64,
}

impl<R: BufRead> Lines<R> {
    /// Reads the next line into `buf`; false at the end of the input.
    fn next_line(&mut self) -> Result<bool, RecordError> {
        self.buf.clear();
        let n = std::io::Read::take(&mut self.input, MAX_LINE as u64 + 1)
            .read_line(&mut self.buf)
            .map_err(|e| RecordError::Bad {
                line: self.line + 1,
                what: format!("unreadable: {e}"),
            })?;
        if n == 0 {
            return Ok(false);
        }
        self.line += 1;
        if n > MAX_LINE {
            return Err(RecordError::Bad {
                line: self.line,
                what: format!("longer than {MAX_LINE} bytes"),
            });
        }
        Ok(true)
    }

    /// Whether any non-blank line is left.
    fn next_nonblank(&mut self) -> Result<bool, RecordError> {
        while self.next_line()? {
            if !self.buf.trim().is_empty() {
                return Ok(true);
            }
        }
        Ok(false)
    }

    /// Parses the next line as JSON of type `T` (`what` names it in errors).
    fn next_json<T: serde::de::DeserializeOwned>(&mut self, what: &str) -> Result<T, RecordError> {
        if !self.next_line()? {
            return Err(RecordError::Bad {
                line: self.line + 1,
                what: format!("the file ends where {what} was expected (truncated?)"),
            });
        }
        serde_json::from_str(self.buf.trim_end()).map_err(|e| RecordError::Bad {
            line: self.line,
            what: format!("not {what}: {e}"),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample() -> Recording {
        let exec = |id, element, start_ns, cause| Exec {
            id,
            pe: 0,
            array: 0,
            element,
            method: "step".into(),
            start_ns,
            dur_ns: 100,
            cause,
        };
        Recording {
            header: Header {
                format: FORMAT.into(),
                version: VERSION,
                app: "test".into(),
                options: String::new(),
                pes: 1,
                steps: 1,
                wall_ns: 1000,
                arrays: vec![ArrayInfo {
                    name: "a".into(),
                    elements: 2,
                }],
                executions: 0,
                messages: 0,
            },
            execs: vec![exec(0, 0, 0, Cause::Driver), exec(1, 1, 200, Cause::Msg(0))],
            sends: vec![Send {
                id: 0,
                from: 0,
                at_ns: 50,
                array: 0,
                element: 1,
                bytes: 8,
            }],
        }
    }

    fn text(r: &Recording) -> String {
        let mut out = Vec::new();
        r.write(&mut out).unwrap();
        String::from_utf8(out).unwrap()
    }

    fn error(s: &str) -> String {
        read(s.as_bytes()).unwrap_err().to_string()
    }

    #[test]
    fn round_trips() {
        let r = sample();
        let back = read(text(&r).as_bytes()).unwrap();
        assert_eq!(back.execs, r.execs);
        assert_eq!(back.sends, r.sends);
        assert_eq!(back.header.executions, 2);
    }

    #[test]
    fn truncation_is_found_with_its_line() {
        let t = text(&sample());
        let cut: Vec<&str> = t.lines().take(3).collect();
        let e = error(&cut.join("\n"));
        assert!(e.starts_with("line 4:") && e.contains("truncated"), "{e}");
    }

    #[test]
    fn inconsistent_records_are_named() {
        let mut r = sample();
        r.sends[0].element = 0;
        assert!(error(&text(&r)).contains("sent to another element"));
        let mut r = sample();
        r.header.version = 99;
        assert!(error(&text(&r)).contains("version 99"));
        let mut r = sample();
        r.execs[1].pe = 3;
        assert!(error(&text(&r)).starts_with("line 3: PE 3"));
        let mut r = sample();
        r.sends[0].from = 7;
        assert!(error(&text(&r)).contains("execution 7"));
        let t = text(&sample()) + "{\"junk\":1}\n";
        assert!(error(&t).contains("more records"));
        assert!(error("not json").starts_with("line 1: not the header"));
        assert!(error(&"x".repeat(MAX_LINE + 10)).contains("longer than"));
    }
}
