//! Running registry entries: each entry's command (once per variant and
//! sweep value, `repeat` times), its curves, its checks and its files,
//! written as each entry ends so an interrupted run keeps what finished.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use arts_util::atomic_file::write_atomic;
use serde::{Deserialize, Serialize};

use super::check::{self, Outcome};
use super::exec;
use super::extract::{self, Curve, Output};
use super::registry::{Entry, PAPERS, Registry, Requirement, Run, State};
use super::{ReproduceError, report};

/// The outputs of the commands run so far, by (arguments, processes,
/// repeat): entries that run the same command share one run.
type Cache = std::collections::HashMap<(Vec<String>, Option<u32>, u32), serde_json::Value>;

/// The placeholder for an entry's own output directory in its arguments.
const OUT: &str = "{out}";

/// What one entry's run came to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Verdict {
    /// Every check holds on our numbers.
    Reproduced,
    /// A check fails: ours differ from the paper's finding.
    Differs,
    /// It ran and was plotted; it has no check to decide.
    Measured,
    /// Not run: a program it needs is missing.
    Skipped,
    /// The command failed or its output could not be read.
    Failed,
    /// Nothing to run: arts has no command for it yet.
    Missing,
    /// Nothing to run: it needs a machine we do not have.
    NotReproducible,
    /// Nothing to run: a drawing.
    Diagram,
}

impl Verdict {
    /// Every verdict, in the order reports list them.
    pub const ALL: [Verdict; 8] = [
        Verdict::Reproduced,
        Verdict::Differs,
        Verdict::Measured,
        Verdict::Skipped,
        Verdict::Failed,
        Verdict::Missing,
        Verdict::NotReproducible,
        Verdict::Diagram,
    ];

    /// The name in reports.
    pub fn name(self) -> &'static str {
        match self {
            Verdict::Reproduced => "reproduced",
            Verdict::Differs => "differs",
            Verdict::Measured => "measured",
            Verdict::Skipped => "skipped",
            Verdict::Failed => "failed",
            Verdict::Missing => "missing",
            Verdict::NotReproducible => "not-reproducible",
            Verdict::Diagram => "diagram",
        }
    }
}

/// One entry of a reproduction run.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct EntryResult {
    /// The entry's id.
    pub id: String,
    /// Whether it ran at the quick size.
    pub quick: bool,
    /// The state recorded in the registry.
    pub recorded: State,
    /// What this run found.
    pub verdict: Verdict,
    /// Why (the failing checks, the error, the missing program, the recorded reason).
    pub why: Option<String>,
    /// The command run (at the size run), if any.
    pub command: Option<String>,
    /// Seconds the command(s) took.
    pub seconds: f64,
    /// The host's 1-minute load average when it ended (timings on a loaded
    /// machine are noise).
    pub load_average: Option<f64>,
    /// Each check with its evidence.
    pub checks: Vec<Outcome>,
    /// The files written for it, relative to the output directory.
    pub files: Vec<String>,
}

/// The JSON report of `arts reproduce run`.
#[derive(Clone, Debug, Serialize)]
pub struct RunReport {
    /// The output directory.
    pub out: PathBuf,
    /// Whether the quick sizes ran.
    pub quick: bool,
    /// Seconds the whole run took.
    pub seconds: f64,
    /// Entries per verdict.
    pub counts: BTreeMap<String, usize>,
    /// One result per entry, in registry order.
    pub entries: Vec<EntryResult>,
}

impl RunReport {
    /// A short human table.
    pub fn table(&self) -> String {
        let mut s = String::new();
        for r in &self.entries {
            s += &format!(
                "{:<18} {:<16} {}\n",
                r.id,
                r.verdict.name(),
                r.why.as_deref().unwrap_or("")
            );
        }
        let counts: Vec<String> = self
            .counts
            .iter()
            .filter(|(_, n)| **n > 0)
            .map(|(v, n)| format!("{n} {v}"))
            .collect();
        s + &format!(
            "{} ({:.0} s); report: {}\n",
            counts.join(", "),
            self.seconds,
            self.out.join("report.md").display()
        )
    }
}

/// How to run the entries.
#[derive(Clone, Debug)]
pub struct RunOptions {
    /// The smaller sizes (each entry ≤ 1 minute here).
    pub quick: bool,
    /// Where the files go.
    pub out: PathBuf,
    /// The arts binary that runs each command.
    pub exe: PathBuf,
    /// The most time one command may take.
    pub limit: Duration,
    /// Whether `exe` can run across processes (built with `--features mpi`).
    pub mpi: bool,
}

/// Checks `dir` can hold the outputs (creating it if missing): before any
/// entry runs, so a bad `--out` costs nothing.
fn prepare_out(dir: &Path) -> Result<(), ReproduceError> {
    let refuse = |why: String| ReproduceError::Out(format!("--out {}: {why}", dir.display()));
    if dir.exists() && !dir.is_dir() {
        return Err(refuse("exists and is not a directory".into()));
    }
    std::fs::create_dir_all(dir).map_err(|e| refuse(format!("cannot create it: {e}")))?;
    tempfile::tempfile_in(dir).map_err(|e| refuse(format!("cannot write there: {e}")))?;
    Ok(())
}

/// Runs `entries` (of `registry`), calling `progress` before each; writes
/// each entry's files, the paper pages and `report.md`/`report.json` as it
/// goes. The reports keep the results of other entries an earlier run
/// wrote into the same directory, so one figure can be run again alone.
pub fn run(
    registry: &Registry,
    entries: &[&Entry],
    opts: &RunOptions,
    progress: &mut dyn FnMut(&Entry),
) -> Result<RunReport, ReproduceError> {
    prepare_out(&opts.out)?;
    let earlier: Vec<EntryResult> = earlier_results(&opts.out)
        .into_iter()
        .filter(|r| registry.get(&r.id).is_some() && !entries.iter().any(|e| e.id == r.id))
        .collect();
    let start = Instant::now();
    let mut results = Vec::new();
    let mut cache = Cache::new();
    for e in entries {
        progress(e);
        results.push(run_entry(e, opts, &mut cache)?);
        let mut all: Vec<&EntryResult> = earlier.iter().chain(&results).collect();
        all.sort_by_key(|r| registry.entries.iter().position(|e| e.id == r.id));
        write_reports(registry, &all, opts, start.elapsed().as_secs_f64())?;
    }
    Ok(finish(&results, opts, start.elapsed().as_secs_f64()))
}

/// The results in `dir/report.json`, if an earlier run wrote one.
fn earlier_results(dir: &Path) -> Vec<EntryResult> {
    #[derive(Deserialize)]
    struct Saved {
        entries: Vec<EntryResult>,
    }
    std::fs::read(dir.join("report.json"))
        .ok()
        .and_then(|bytes| serde_json::from_slice::<Saved>(&bytes).ok())
        .map_or_else(Vec::new, |s| s.entries)
}

fn finish(results: &[EntryResult], opts: &RunOptions, seconds: f64) -> RunReport {
    let counts = Verdict::ALL
        .iter()
        .map(|v| {
            (
                v.name().to_string(),
                results.iter().filter(|r| r.verdict == *v).count(),
            )
        })
        .collect();
    RunReport {
        out: opts.out.clone(),
        quick: opts.quick,
        seconds,
        counts,
        entries: results.to_vec(),
    }
}

/// The index, the paper pages of the papers run, and `report.json`, over
/// `results` (in registry order).
fn write_reports(
    registry: &Registry,
    results: &[&EntryResult],
    opts: &RunOptions,
    seconds: f64,
) -> Result<(), ReproduceError> {
    let pairs: Vec<(&Entry, &EntryResult)> = results
        .iter()
        .filter_map(|r| registry.get(&r.id).map(|e| (e, *r)))
        .collect();
    write(&opts.out, "report.md", &report::index(&pairs, seconds))?;
    for (key, _) in PAPERS {
        let of_paper: Vec<_> = pairs
            .iter()
            .filter(|(e, _)| e.paper() == *key)
            .copied()
            .collect();
        if !of_paper.is_empty() {
            write(
                &opts.out,
                &format!("{key}.md"),
                &report::paper_page(key, &of_paper),
            )?;
        }
    }
    let owned: Vec<EntryResult> = results.iter().map(|r| (*r).clone()).collect();
    let json =
        serde_json::to_string_pretty(&finish(&owned, opts, seconds)).expect("a report serializes");
    write(&opts.out, "report.json", &json)
}

fn write(dir: &Path, name: &str, text: &str) -> Result<(), ReproduceError> {
    write_atomic(&dir.join(name), text.as_bytes()).map_err(|e| ReproduceError::Write(e.to_string()))
}

/// Runs one entry; an entry that fails is a result, not an error (only a
/// file that cannot be written stops the run).
fn run_entry(
    e: &Entry,
    opts: &RunOptions,
    cache: &mut Cache,
) -> Result<EntryResult, ReproduceError> {
    let mut result = EntryResult {
        id: e.id.clone(),
        quick: opts.quick,
        recorded: e.state,
        verdict: Verdict::Missing,
        why: e.reason.clone(),
        command: e.run.as_ref().map(|r| r.command_sized(opts.quick)),
        seconds: 0.0,
        load_average: None,
        checks: Vec::new(),
        files: Vec::new(),
    };
    let (Some(run), Some(plot)) = (&e.run, &e.plot) else {
        result.verdict = match e.state {
            State::NotReproducible => Verdict::NotReproducible,
            State::Diagram => Verdict::Diagram,
            _ => Verdict::Missing,
        };
        return Ok(result);
    };
    if let Some(why) = exec::missing_requirement(&run.requires)
        .or_else(|| run.processes.and_then(|_| mpi_unmet(opts)))
    {
        result.verdict = Verdict::Skipped;
        result.why = Some(why);
        return Ok(result);
    }
    // Variants under mpirun that cannot run here are left out, said in `why`.
    let unmet = mpi_unmet(opts);
    let dropped: Vec<&str> = match unmet {
        Some(_) => run
            .variants
            .iter()
            .filter(|v| v.processes.is_some())
            .map(|v| v.name.as_str())
            .collect(),
        None => Vec::new(),
    };
    let skipped_note = unmet
        .filter(|_| !dropped.is_empty())
        .map(|why| format!("left out {}: {why}", dropped.join(", ")));
    let start = Instant::now();
    let stem = e.file_stem();
    let repeats = (0..run.repeat.unwrap_or(1))
        .map(|k| {
            outputs(run, opts, &stem, k, &dropped, cache).and_then(|o| extract::curves(plot, &o))
        })
        .collect::<Result<Vec<_>, String>>();
    result.seconds = start.elapsed().as_secs_f64();
    result.load_average = arts_util::host::load_average();
    let ours = match repeats.and_then(extract::median_of) {
        Ok(c) => c,
        Err(why) => {
            result.verdict = Verdict::Failed;
            result.why = Some(why);
            return Ok(result);
        }
    };
    let paper: Vec<Curve> = e
        .paper_series
        .iter()
        .map(|p| Curve {
            name: p.name.clone(),
            points: p.points.clone(),
        })
        .collect();
    let sources: Vec<String> = e.paper_series.iter().map(|p| p.source.clone()).collect();
    write(
        &opts.out,
        &format!("{stem}.csv"),
        &report::csv(&ours, &paper, &sources),
    )?;
    result.files.push(format!("{stem}.csv"));
    let plot_error = match report::chart(e, plot, &ours, &paper).svg() {
        Ok(svg) => {
            write(&opts.out, &format!("{stem}.svg"), &svg)?;
            result.files.push(format!("{stem}.svg"));
            None
        }
        Err(err) => Some(format!("no plot: {err}")),
    };
    // A check on a series left out is not decided here.
    result.checks = e
        .checks
        .iter()
        .filter(|c| !c.series_names().iter().any(|n| dropped.contains(n)))
        .map(|c| check::evaluate(c, &ours, &paper))
        .collect();
    let failing: Vec<&str> = result
        .checks
        .iter()
        .filter(|c| !c.passed)
        .map(|c| c.check.as_str())
        .collect();
    let (verdict, why) = if result.checks.is_empty() {
        (Verdict::Measured, Some("no check decides it".to_string()))
    } else if failing.is_empty() {
        let recorded = e.reason.as_ref().filter(|_| e.state != State::Reproduced);
        (
            Verdict::Reproduced,
            recorded.map(|r| format!("the checks hold; recorded {}: {r}", e.state)),
        )
    } else {
        (
            Verdict::Differs,
            Some(format!("fails: {}", failing.join("; "))),
        )
    };
    result.verdict = verdict;
    let notes: Vec<String> = [why, plot_error, skipped_note]
        .into_iter()
        .flatten()
        .collect();
    result.why = (!notes.is_empty()).then(|| notes.join("; "));
    Ok(result)
}

/// Why this arts cannot run a command under mpirun, if it cannot.
fn mpi_unmet(opts: &RunOptions) -> Option<String> {
    exec::missing_requirement(&[Requirement::Mpirun]).or_else(|| {
        (!opts.mpi).then(|| {
            "needs arts built with --features mpi (cargo build --release --features mpi)".into()
        })
    })
}

/// The command's outputs: one, or one per sweep value. `{out}` in an
/// argument becomes `DIR/<entry>` (`DIR/<entry>/<value>` in a sweep), a
/// directory for the files the command writes itself.
fn outputs(
    run: &Run,
    opts: &RunOptions,
    stem: &str,
    repeat: u32,
    dropped: &[&str],
    cache: &mut Cache,
) -> Result<Vec<Output>, String> {
    let own = opts.out.join(stem);
    let mut outs = Vec::new();
    for inv in run.invocations(opts.quick) {
        if inv
            .variant
            .is_some_and(|v| dropped.contains(&v.name.as_str()))
        {
            continue;
        }
        let mut dir = own.clone();
        dir.extend(
            inv.variant
                .map(|v| v.name.as_str())
                .into_iter()
                .chain(inv.sweep),
        );
        let uses_out = inv.argv.iter().any(|a| a.contains(OUT));
        if uses_out && let Some(parent) = dir.parent() {
            std::fs::create_dir_all(parent)
                .map_err(|e| format!("cannot create {}: {e}", parent.display()))?;
        }
        let argv: Vec<String> = inv
            .argv
            .iter()
            .map(|a| a.replace(OUT, &dir.display().to_string()))
            .collect();
        let key = (argv.clone(), inv.processes, repeat);
        let json = match cache.get(&key) {
            Some(json) => json.clone(),
            None => {
                let json = exec::run_json(&opts.exe, &argv, inv.processes, opts.limit)
                    .map_err(|e| format!("arts {}: {e}", argv.join(" ")))?;
                cache.entry(key).or_insert(json).clone()
            }
        };
        outs.push(Output {
            sweep: inv.sweep.map(str::to_string),
            variant: inv.variant.map(|v| v.name.clone()),
            json,
        });
    }
    Ok(outs)
}
