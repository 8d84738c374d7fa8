//! The `--lb-dump` file: a versioned JSON document holding a sequence of LB
//! steps, each one [`LbInput`]. Written by the runtime, replayed by
//! `arts lb simulate`, produced synthetically by `arts lb generate`.
//!
//! ```json
//! {"format": "arts-lb-dump", "version": 1,
//!  "steps": [{"step": 0, "input": {"pes": [...], "objects": [...], "comm": [...]}}]}
//! ```
//! Field meanings are documented on [`LbInput`] and in the crate README.

use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::input::LbInput;

/// The `format` string of every dump.
pub const DUMP_FORMAT: &str = "arts-lb-dump";
/// The format version this crate reads and writes.
pub const DUMP_VERSION: u32 = 1;

/// A whole dump file.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LbDump {
    /// Always [`DUMP_FORMAT`].
    pub format: String,
    /// Always [`DUMP_VERSION`] for files this crate writes.
    pub version: u32,
    /// The LB steps, in the order they happened.
    pub steps: Vec<LbStep>,
}

/// One LB step of a dump.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LbStep {
    /// The runtime's LB step number (0 for the first LB of a run).
    pub step: u64,
    /// What the strategy saw at that step.
    pub input: LbInput,
}

/// Why a dump could not be read.
#[derive(Debug, Error)]
pub enum DumpError {
    /// Not valid JSON, or JSON of the wrong shape.
    #[error("{what} at line {line} column {column}{hint}")]
    Parse {
        /// serde_json's description, without its position.
        what: String,
        /// 1-based line.
        line: usize,
        /// 1-based column.
        column: usize,
        /// " (the file looks truncated)" when the input ended early.
        hint: &'static str,
    },
    /// A JSON document that is not an arts LB dump, or of another version.
    #[error("not an arts LB dump of version {DUMP_VERSION}: {0}")]
    Format(String),
    /// The dump holds no step.
    #[error("the dump holds no LB step")]
    NoSteps,
    /// No step has the requested number.
    #[error("no LB step {asked} in the dump (it holds steps {available})")]
    NoSuchStep {
        /// Step asked for.
        asked: u64,
        /// Step numbers present, summarized.
        available: String,
    },
}

/// Only the identifying fields, to explain a parse failure.
#[derive(Deserialize)]
struct Header {
    format: Option<String>,
    version: Option<u32>,
}

impl Default for LbDump {
    fn default() -> Self {
        LbDump {
            format: DUMP_FORMAT.to_string(),
            version: DUMP_VERSION,
            steps: Vec::new(),
        }
    }
}

impl LbDump {
    /// An empty dump of the current version.
    pub fn new() -> Self {
        Self::default()
    }

    /// Appends one LB step.
    pub fn push(&mut self, step: u64, input: LbInput) {
        self.steps.push(LbStep { step, input });
    }

    /// The dump as compact JSON bytes.
    pub fn to_json(&self) -> Vec<u8> {
        serde_json::to_vec(self).expect("LB dump types always serialize")
    }

    /// Parses a dump, checking its format and version. Errors name the line and
    /// column, and say when the file looks truncated. Inputs are not validated
    /// here: call [`LbInput::validate`] (or `strategy::balance`).
    pub fn from_slice(bytes: &[u8]) -> Result<LbDump, DumpError> {
        match serde_json::from_slice::<LbDump>(bytes) {
            Ok(dump) => {
                check_header(Some(&dump.format), Some(dump.version))?;
                if dump.steps.is_empty() {
                    return Err(DumpError::NoSteps);
                }
                Ok(dump)
            }
            Err(err) => {
                // A well-formed document of another format or version explains itself.
                if let Ok(h) = serde_json::from_slice::<Header>(bytes) {
                    check_header(h.format.as_deref(), h.version)?;
                }
                Err(parse_error(&err))
            }
        }
    }

    /// The step numbered `step`, or the first step when `None`.
    pub fn step(&self, step: Option<u64>) -> Result<&LbStep, DumpError> {
        let found = match step {
            None => self.steps.first(),
            Some(k) => self.steps.iter().find(|s| s.step == k),
        };
        found.ok_or_else(|| DumpError::NoSuchStep {
            asked: step.unwrap_or(0),
            available: summarize(self.steps.iter().map(|s| s.step)),
        })
    }
}

fn check_header(format: Option<&str>, version: Option<u32>) -> Result<(), DumpError> {
    match (format, version) {
        (Some(DUMP_FORMAT), Some(DUMP_VERSION)) => Ok(()),
        (Some(DUMP_FORMAT), Some(v)) => Err(DumpError::Format(format!("version is {v}"))),
        (Some(f), _) if f != DUMP_FORMAT => Err(DumpError::Format(format!(
            "format is '{f}', expected '{DUMP_FORMAT}'"
        ))),
        _ => Ok(()),
    }
}

fn parse_error(err: &serde_json::Error) -> DumpError {
    let full = err.to_string();
    let what = match full.rfind(" at line ") {
        Some(pos) => full[..pos].to_string(),
        None => full,
    };
    DumpError::Parse {
        what,
        line: err.line(),
        column: err.column(),
        hint: if err.classify() == serde_json::error::Category::Eof {
            " (the file looks truncated)"
        } else {
            ""
        },
    }
}

/// "0, 1, 2" for a few numbers, "0, 1, ... 99 (100 steps)" for many.
fn summarize(steps: impl Iterator<Item = u64>) -> String {
    let all: Vec<u64> = steps.collect();
    if all.len() <= 6 {
        all.iter()
            .map(u64::to_string)
            .collect::<Vec<_>>()
            .join(", ")
    } else {
        format!(
            "{}, {}, ... {} ({} steps)",
            all[0],
            all[1],
            all[all.len() - 1],
            all.len()
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::input::{ObjInfo, PeInfo};

    fn dump() -> LbDump {
        let mut d = LbDump::new();
        for step in [0, 5] {
            d.push(
                step,
                LbInput {
                    pes: vec![PeInfo::default(); 2],
                    objects: vec![ObjInfo {
                        id: 1,
                        pe: 1,
                        load_s: 0.5,
                        migratable: true,
                        bytes: 8,
                    }],
                    comm: vec![],
                },
            );
        }
        d
    }

    #[test]
    fn round_trips_and_selects_steps() {
        let d = dump();
        let back = LbDump::from_slice(&d.to_json()).unwrap();
        assert_eq!(back, d);
        assert_eq!(back.step(None).unwrap().step, 0);
        assert_eq!(back.step(Some(5)).unwrap().step, 5);
        let err = back.step(Some(3)).unwrap_err().to_string();
        assert!(
            err.contains("no LB step 3") && err.contains("0, 5"),
            "{err}"
        );
    }

    #[test]
    fn truncated_file_names_position_and_truncation() {
        let json = dump().to_json();
        let err = LbDump::from_slice(&json[..json.len() / 2]).unwrap_err();
        let msg = err.to_string();
        assert!(msg.contains("line 1 column"), "{msg}");
        assert!(msg.contains("truncated"), "{msg}");
    }

    #[test]
    fn wrong_shape_names_the_field() {
        let json = br#"{"format":"arts-lb-dump","version":1,
"steps":[{"step":0,"input":{"pes":[{}],"objects":[{"id":1,"pe":0,"load_s":"x"}]}}]}"#;
        let msg = LbDump::from_slice(json).unwrap_err().to_string();
        assert!(msg.contains("line 2"), "{msg}");
        assert!(!msg.contains("truncated"), "{msg}");
    }

    #[test]
    fn other_versions_and_formats_are_named() {
        let msg = LbDump::from_slice(br#"{"format":"arts-lb-dump","version":9,"steps":[]}"#)
            .unwrap_err()
            .to_string();
        assert!(msg.contains("version is 9"), "{msg}");
        let msg = LbDump::from_slice(br#"{"format":"trace","version":1,"steps":[]}"#)
            .unwrap_err()
            .to_string();
        assert!(msg.contains("'trace'"), "{msg}");
        let msg = LbDump::from_slice(br#"{"format":"arts-lb-dump","version":1,"steps":[]}"#)
            .unwrap_err()
            .to_string();
        assert!(msg.contains("no LB step"), "{msg}");
    }
}
