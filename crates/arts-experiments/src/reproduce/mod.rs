//! `arts reproduce`: every figure and table of the five papers, with the
//! command that reproduces it, the paper's numbers beside ours, and a
//! verdict that our numbers decide.
//!
//! - [`registry`]: the entries (TOML files in `registry/`, one per paper),
//!   checked when loaded.
//! - [`exec`]: one arts command as a child process, `--json`, a time limit.
//! - [`extract`]: our curves, read from that JSON by an entry's plot spec.
//! - [`check`]: the paper's findings, tested on our curves.
//! - [`report`]: CSV, SVG, the paper pages and the index.
//! - [`run`]: the loop over entries, writing as each one ends.
//!
//! Adding an entry is adding a `[[entry]]` to its paper's file; the
//! schema and the rules are in `registry/README.md`.

pub mod check;
pub mod exec;
pub mod extract;
pub mod registry;
pub mod report;
pub mod run;

use std::collections::BTreeMap;

use serde::Serialize;

pub use registry::{Entry, Registry, State};
pub use run::{RunOptions, RunReport, Verdict};

/// Why a reproduction could not start or go on.
#[derive(Debug, thiserror::Error)]
pub enum ReproduceError {
    /// A registry file is not valid (its name, the entry, the rule).
    #[error("{0}")]
    Registry(String),
    /// An id names no entry; the nearest ids follow.
    #[error("no entry '{0}'{near}; `arts reproduce list` shows every id (or use a paper key: {keys}, or all)", near = near_text(.1), keys = registry::paper_keys())]
    UnknownId(String, Vec<String>),
    /// The output directory cannot be used.
    #[error("{0}")]
    Out(String),
    /// A file could not be written after the run started.
    #[error("{0}")]
    Write(String),
}

fn near_text(near: &[String]) -> String {
    if near.is_empty() {
        String::new()
    } else {
        format!(" (did you mean {}?)", near.join(", "))
    }
}

/// One line of `arts reproduce list`.
#[derive(Clone, Debug, Serialize)]
pub struct ListedEntry {
    /// The id.
    pub id: String,
    /// Figure or table.
    pub kind: registry::Kind,
    /// The caption.
    pub title: String,
    /// The recorded state.
    pub state: State,
    /// Why, unless reproduced.
    pub reason: Option<String>,
    /// The command that reproduces it (full size).
    pub command: Option<String>,
    /// What the paper ran.
    pub paper_scale: String,
    /// What we run here.
    pub our_scale: String,
}

/// The JSON report of `arts reproduce list`.
#[derive(Clone, Debug, Serialize)]
pub struct ListReport {
    /// Entries per recorded state.
    pub counts: BTreeMap<String, usize>,
    /// The entries listed.
    pub entries: Vec<ListedEntry>,
}

impl ListReport {
    /// The entries of `registry` whose id starts with one of `filters`
    /// (every entry when there is none).
    pub fn new(registry: &Registry, filters: &[String]) -> ListReport {
        let chosen: Vec<&Entry> = registry
            .entries
            .iter()
            .filter(|e| filters.is_empty() || filters.iter().any(|f| e.id.starts_with(f.as_str())))
            .collect();
        ListReport {
            counts: State::ALL
                .iter()
                .map(|s| {
                    (
                        s.name().to_string(),
                        chosen.iter().filter(|e| e.state == *s).count(),
                    )
                })
                .collect(),
            entries: chosen
                .iter()
                .map(|e| ListedEntry {
                    id: e.id.clone(),
                    kind: e.kind,
                    title: e.title.clone(),
                    state: e.state,
                    reason: e.reason.clone(),
                    command: e.run.as_ref().map(|r| r.command()),
                    paper_scale: e.paper_scale.clone(),
                    our_scale: e.our_scale.clone(),
                })
                .collect(),
        }
    }

    /// One line per entry, then the counts.
    pub fn table(&self) -> String {
        let mut s = String::new();
        for e in &self.entries {
            let what = match (&e.command, &e.reason) {
                (Some(c), _) if e.state == State::Reproduced => c.clone(),
                (Some(c), Some(r)) => format!("{r} [{c}]"),
                (_, Some(r)) => r.clone(),
                (_, None) => String::new(),
            };
            s += &format!(
                "{:<18} {:<16} {} — {}\n",
                e.id,
                e.state.name(),
                e.title,
                what
            );
        }
        let counts: Vec<String> = self
            .counts
            .iter()
            .filter(|(_, n)| **n > 0)
            .map(|(k, n)| format!("{n} {k}"))
            .collect();
        s + &format!("{} entries: {}\n", self.entries.len(), counts.join(", "))
    }
}
