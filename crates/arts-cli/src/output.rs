//! What every subcommand shares: the error type that maps to exit codes, the
//! `--json`-or-table result printer, progress bars, and the all-or-nothing
//! file writes of `arts_util::atomic_file` (a destination that cannot be
//! written is bad input, exit code 2).

use std::fmt::Display;
use std::io::Write;

use serde::Serialize;

/// A failed command. `Usage` is bad input (exit code 2); `Failed` is a run
/// that went wrong after its input was accepted (exit code 1).
#[derive(Debug, thiserror::Error)]
pub enum CliError {
    /// The user's input was rejected: one line saying what was wrong and what is accepted.
    #[error("{0}")]
    Usage(String),
    /// The run itself failed (an app's entry method panicked, a solver diverged, ...).
    #[error("{0}")]
    Failed(String),
    /// The program run ended with a non-zero exit code of its own (an MPI
    /// program's rank called `exit(n)`): the process exits with it.
    #[error("{1}")]
    Exited(i32, String),
}

impl CliError {
    /// Bad input: exit code 2.
    pub fn usage(msg: impl Display) -> Self {
        CliError::Usage(msg.to_string())
    }

    /// Failure after the input was accepted: exit code 1.
    pub fn failed(msg: impl Display) -> Self {
        CliError::Failed(msg.to_string())
    }

    /// The process exit code for this error.
    pub fn exit_code(&self) -> i32 {
        match self {
            CliError::Usage(_) => 2,
            CliError::Failed(_) => 1,
            CliError::Exited(code, _) => *code,
        }
    }
}

/// An input file refused ([`arts_util::input_file`]) is bad input: exit 2.
impl From<arts_util::input_file::InputError> for CliError {
    fn from(e: arts_util::input_file::InputError) -> Self {
        CliError::usage(e)
    }
}

/// Result type of every subcommand.
pub type CliResult = Result<(), CliError>;

/// Where a subcommand's result goes: one JSON object on stdout with `--json`,
/// otherwise a short human-readable table.
#[derive(Clone, Copy, Debug)]
pub struct Output {
    /// `--json` was given.
    pub json: bool,
}

impl Output {
    /// Prints `value` as one JSON object (with `--json`) or the `table` text.
    pub fn emit<T: Serialize>(&self, value: &T, table: impl FnOnce() -> String) -> CliResult {
        if !crate::launch::is_root() {
            return Ok(());
        }
        let mut stdout = std::io::stdout().lock();
        let text = if self.json {
            serde_json::to_string(value).map_err(CliError::failed)?
        } else {
            table()
        };
        writeln!(stdout, "{}", text.trim_end()).map_err(CliError::failed)
    }

    /// A progress bar on stderr for `len` units of work; hidden with `--json`
    /// or when stderr is not a terminal.
    pub fn progress(&self, len: u64, what: &str) -> indicatif::ProgressBar {
        if self.json || !crate::launch::is_root() {
            return indicatif::ProgressBar::hidden();
        }
        let bar = indicatif::ProgressBar::new(len);
        bar.set_style(
            indicatif::ProgressStyle::with_template(
                "{msg:>12} [{elapsed_precise}] {wide_bar} {pos}/{len} (eta {eta})",
            )
            .expect("static progress template is valid"),
        );
        bar.set_message(what.to_string());
        bar
    }
}

pub use arts_util::atomic_file::{PendingDir, PendingFile, remove_temporaries, write_atomic};

impl From<arts_util::atomic_file::WriteError> for CliError {
    fn from(e: arts_util::atomic_file::WriteError) -> Self {
        match e {
            arts_util::atomic_file::WriteError::Refused(m) => CliError::Usage(m),
            arts_util::atomic_file::WriteError::Failed(m) => CliError::Failed(m),
        }
    }
}
