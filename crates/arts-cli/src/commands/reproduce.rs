//! `arts reproduce list|run`: the five papers' figures and tables beside
//! ours (`arts_experiments::reproduce`).

use std::path::PathBuf;
use std::time::Duration;

use arts_experiments::reproduce::{ListReport, Registry, ReproduceError, RunOptions, Verdict, run};

use crate::output::{CliError, CliResult, Output};

/// Subcommands of `arts reproduce`.
#[derive(clap::Subcommand)]
pub enum ReproduceCommand {
    /// Every figure and table of the five papers: id, title, state, the command that reproduces it.
    List {
        /// Only ids starting with these (e.g. `ampi`, `grid/fig7`).
        filters: Vec<String>,
        /// Registry files to use instead of the built-in registry (repeatable).
        #[arg(long)]
        registry: Vec<PathBuf>,
    },
    /// Run entries; write CSV + SVG per entry (the paper's values beside ours),
    /// a page per paper and DIR/report.md with a verdict per entry.
    Run {
        /// Entry ids, paper keys (ampi, grid, ddm, pdes, hdispatch) or `all`.
        #[arg(required = true)]
        ids: Vec<String>,
        /// The smaller sizes: each entry in about a minute here.
        #[arg(long)]
        quick: bool,
        /// The directory to write (created if missing).
        #[arg(long)]
        out: PathBuf,
        /// The most seconds one command may run before it is stopped and the
        /// entry reported as failed [default: 900, or 180 with --quick].
        #[arg(long, value_parser = clap::value_parser!(u64).range(1..=86_400))]
        timeout: Option<u64>,
        /// Registry files to use instead of the built-in registry (repeatable).
        #[arg(long)]
        registry: Vec<PathBuf>,
    },
}

/// Runs `arts reproduce ...`.
pub fn run(command: ReproduceCommand, out: Output) -> CliResult {
    match command {
        ReproduceCommand::List { filters, registry } => {
            let report = ListReport::new(&load(&registry)?, &filters);
            if report.entries.is_empty() && !filters.is_empty() {
                return Err(CliError::usage(format!(
                    "no entry starts with {}; `arts reproduce list` shows every id",
                    filters.join(" or ")
                )));
            }
            out.emit(&report, || report.table())
        }
        ReproduceCommand::Run {
            ids,
            quick,
            out: dir,
            timeout,
            registry,
        } => {
            let registry = load(&registry)?;
            let entries = registry.select(&ids).map_err(CliError::usage)?;
            let exe = std::env::current_exe()
                .map_err(|e| CliError::failed(format!("cannot find the arts binary: {e}")))?;
            let limit = Duration::from_secs(timeout.unwrap_or(if quick { 180 } else { 900 }));
            let mpi = cfg!(feature = "mpi");
            let opts = RunOptions {
                quick,
                out: dir,
                exe,
                limit,
                mpi,
            };
            let bar = out.progress(entries.len() as u64, "reproduce");
            let report = run::run(&registry, &entries, &opts, &mut |e| {
                bar.set_message(e.id.clone());
                bar.inc(1);
            })
            .map_err(|e| match e {
                ReproduceError::Write(_) => CliError::failed(e),
                _ => CliError::usage(e),
            })?;
            bar.finish_and_clear();
            out.emit(&report, || report.table())?;
            let failed: Vec<&str> = report
                .entries
                .iter()
                .filter(|r| r.verdict == Verdict::Failed)
                .map(|r| r.id.as_str())
                .collect();
            if failed.is_empty() {
                Ok(())
            } else {
                Err(CliError::failed(format!(
                    "{} entries failed to run: {}",
                    failed.len(),
                    failed.join(", ")
                )))
            }
        }
    }
}

/// The built-in registry, or the files given.
fn load(files: &[PathBuf]) -> Result<Registry, CliError> {
    let registry = if files.is_empty() {
        Registry::built_in()
    } else {
        Registry::from_files(files)
    };
    registry.map_err(CliError::usage)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every built-in entry's command line, full and quick, with each sweep
    /// value, is one arts accepts (a renamed flag breaks this test, not a
    /// reproduction an hour in).
    #[test]
    fn every_registered_command_parses() {
        for e in Registry::built_in().unwrap().entries {
            let Some(run) = &e.run else { continue };
            for quick in [false, true] {
                for inv in run.invocations(quick) {
                    let line = [vec!["--json".to_string()], inv.argv].concat();
                    if let Err(e2) = crate::parses(&line) {
                        panic!("{}: `arts {}` is refused: {e2}", e.id, line.join(" "));
                    }
                }
            }
        }
    }
}
