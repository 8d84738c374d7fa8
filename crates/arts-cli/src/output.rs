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

impl From<arts_experiments::StudyError> for CliError {
    fn from(e: arts_experiments::StudyError) -> Self {
        match e {
            arts_experiments::StudyError::Usage(m) => CliError::Usage(m),
            arts_experiments::StudyError::Failed(m) => CliError::Failed(m),
        }
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
        if !crate::world::is_root() {
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

    /// Whether progress is drawn: not with `--json`, not on processes
    /// other than the first, and only when stdout and stderr are both
    /// terminals (a run piped to a file or a script stays silent).
    pub fn shows_progress(&self) -> bool {
        use std::io::IsTerminal;
        !self.json
            && crate::world::is_root()
            && std::io::stdout().is_terminal()
            && std::io::stderr().is_terminal()
    }

    /// A progress bar on stderr for `len` units of work (stages, runs of a
    /// study); hidden unless [`Output::shows_progress`].
    pub fn progress(&self, len: u64, what: &str) -> indicatif::ProgressBar {
        if !self.shows_progress() {
            return indicatif::ProgressBar::hidden();
        }
        let bar = bars().add(indicatif::ProgressBar::new(len));
        bar.set_style(
            indicatif::ProgressStyle::with_template(
                "{msg:>12} [{elapsed_precise}] {wide_bar} {pos}/{len} (eta {eta})",
            )
            .expect("static progress template is valid"),
        );
        bar.set_message(what.to_string());
        bar
    }

    /// Draws the steps the libraries report ([`arts_util::progress`]) as a
    /// bar with steps/s and an ETA, below the command's own bar, when
    /// [`Output::shows_progress`].
    pub fn install_step_progress(&self) {
        if self.shows_progress() {
            arts_util::progress::install(Box::new(StepBar::default()));
        }
    }
}

/// A study's `on_run(what)` callback for `bar`: names the run starting and
/// counts it.
pub fn run_counter(bar: &indicatif::ProgressBar) -> impl FnMut(&str) + '_ {
    move |what| {
        bar.set_message(what.to_string());
        bar.inc(1);
    }
}

/// Every bar of the process, drawn together on stderr.
fn bars() -> &'static indicatif::MultiProgress {
    static BARS: std::sync::OnceLock<indicatif::MultiProgress> = std::sync::OnceLock::new();
    BARS.get_or_init(indicatif::MultiProgress::new)
}

/// The bar of the loop under way (one at a time).
#[derive(Default)]
struct StepBar(std::sync::Mutex<Option<indicatif::ProgressBar>>);

impl arts_util::progress::Sink for StepBar {
    fn begin(&self, what: &str, total: u64) {
        let bar = bars().add(indicatif::ProgressBar::new(total));
        bar.set_style(
            indicatif::ProgressStyle::with_template(
                "{msg:>12} [{elapsed_precise}] {wide_bar} {pos}/{len} {rate} (eta {eta})",
            )
            .expect("static progress template is valid")
            .with_key(
                "rate",
                |s: &indicatif::ProgressState, w: &mut dyn std::fmt::Write| {
                    let _ = write!(w, "{:.1}/s", s.per_sec());
                },
            ),
        );
        bar.set_message(what.to_string());
        *self.0.lock().expect("bar lock") = Some(bar);
    }

    fn advance(&self, done: u64) {
        if let Some(bar) = &*self.0.lock().expect("bar lock") {
            bar.set_position(done);
        }
    }

    fn end(&self) {
        if let Some(bar) = self.0.lock().expect("bar lock").take() {
            bar.finish_and_clear();
        }
    }
}

pub use arts_util::atomic_file::{PendingDir, PendingFile, remove_temporaries, write_atomic};

/// Writes a study's `files` (name, contents) into `pending` (opened before
/// the runs, so a bad directory is refused before any work), makes them
/// appear together, and returns each one's path under `dir`.
pub fn commit_files<N: AsRef<str>, T: AsRef<[u8]>>(
    mut pending: PendingDir,
    dir: &std::path::Path,
    files: impl IntoIterator<Item = (N, T)>,
) -> Result<Vec<String>, CliError> {
    let mut paths = Vec::new();
    for (name, text) in files {
        pending.write(name.as_ref(), text.as_ref())?;
        paths.push(dir.join(name.as_ref()).display().to_string());
    }
    pending.commit()?;
    Ok(paths)
}

impl From<arts_util::atomic_file::WriteError> for CliError {
    fn from(e: arts_util::atomic_file::WriteError) -> Self {
        match e {
            arts_util::atomic_file::WriteError::Refused(m) => CliError::Usage(m),
            arts_util::atomic_file::WriteError::Failed(m) => CliError::Failed(m),
        }
    }
}
