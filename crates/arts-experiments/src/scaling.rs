//! `arts experiment scaling`: every scaling study of issue 57 at the PE
//! counts given, each run against its baseline in the same campaign, sized
//! to fit a time budget, written as at most 8 small plain files
//! (`rows.csv`, one SVG per chart group, `summary.json`) that come back
//! from a lent machine as they are (`docs/scaling.md`).
//!
//! - [`plan`]: the study table (which runs, what each JSON yields).
//! - [`cost`]: predicted seconds, calibration, each study's size.
//! - [`execute`]: one run as a child of the arts binary (or the rayon
//!   baseline in process) and its rows.
//! - [`row`]: a row, its validity and its ratio to its baseline.
//! - [`write`](mod@write): the CSV and the charts.

pub mod cost;
pub mod execute;
pub mod plan;
pub mod row;
pub mod write;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

use arts_util::atomic_file::{PendingDir, WriteError};
use serde::Serialize;

pub use plan::{Size, Study};
pub use row::{Row, Status};

use crate::StudyError;
use crate::reproduce::exec::{on_path, run_json_under};

/// The default budget: a 10-minute command with room to spare.
pub const DEFAULT_BUDGET_S: u64 = 540;

/// What the campaign runs and where it writes.
#[derive(Clone, Debug)]
pub struct Options {
    /// The directory written (all files at once, or none).
    pub out: PathBuf,
    /// Seconds the whole campaign may take.
    pub budget_s: u64,
    /// PE counts.
    pub pes: Vec<u32>,
    /// The studies run (all when empty).
    pub studies: Vec<Study>,
    /// Every study at its tiny size, whatever the budget.
    pub quick: bool,
    /// The arts binary the runs use.
    pub exe: PathBuf,
    /// Whether that binary was built with `--features mpi`.
    pub mpi_build: bool,
    /// The `mpirun` to use (default: the one on PATH).
    pub mpirun: Option<PathBuf>,
    /// `arts-mpicc` (default: the one on PATH).
    pub mpicc: Option<PathBuf>,
    /// The C program of the AMPI study (`stencil2d.c`).
    pub c_source: Option<PathBuf>,
    /// CPU cores of this machine.
    pub cores: u32,
}

/// The run that measures this machine's speed against the reference.
#[derive(Clone, Debug, Serialize)]
pub struct Calibration {
    /// What ran.
    pub command: String,
    /// Its wall seconds here.
    pub measured_s: f64,
    /// Its predicted seconds on the reference machine.
    pub predicted_s: f64,
    /// Seconds here per reference second (bounded), from this run.
    pub factor: f64,
    /// The same, learned from every run of the campaign (what sized the
    /// last study).
    pub final_factor: f64,
}

/// Rows by outcome.
#[derive(Clone, Debug, Default, Serialize)]
pub struct Counts {
    /// Rows in all.
    pub rows: usize,
    /// Ran and read.
    pub ok: usize,
    /// Crashed, timed out or unreadable.
    pub failed: usize,
    /// Not run.
    pub skipped: usize,
    /// Ran and matched their reference.
    pub valid: usize,
    /// Ran and did not match.
    pub invalid: usize,
    /// Ran with nothing to validate.
    pub unchecked: usize,
}

/// A variant at the largest PE count it ran at.
#[derive(Clone, Debug, Serialize)]
pub struct Headline {
    /// The study.
    pub study: Study,
    /// The variant.
    pub variant: String,
    /// PEs.
    pub pes: u32,
    /// The metric.
    pub metric: String,
    /// Its value.
    pub value: Option<f64>,
    /// Against the baseline (above 1: better).
    pub ratio: Option<f64>,
    /// What the ratio compares with.
    pub baseline: Option<String>,
    /// Parallel efficiency.
    pub efficiency: Option<f64>,
    /// Validity.
    pub valid: Option<bool>,
}

/// `summary.json`, also the command's JSON report.
#[derive(Clone, Debug, Serialize)]
pub struct Summary {
    /// The directory written.
    pub out: PathBuf,
    /// The budget, seconds.
    pub budget_s: u64,
    /// Predicted seconds of the runs at the sizes first chosen (each
    /// study's size is chosen again when it starts).
    pub predicted_s: f64,
    /// Wall seconds of the whole campaign.
    pub seconds: f64,
    /// CPU cores here.
    pub cores: u32,
    /// The PE counts.
    pub pes: Vec<u32>,
    /// Whether any PE count exceeds the cores.
    pub oversubscribed: bool,
    /// The `mpirun` used, if any.
    pub mpirun: Option<String>,
    /// Whether every study ran at its tiny size (`--quick`).
    pub quick: bool,
    /// The size each study ran at.
    pub sizes: BTreeMap<String, Size>,
    /// The speed calibration.
    pub calibration: Calibration,
    /// Rows by outcome.
    pub counts: Counts,
    /// No row failed and every row that validates did.
    pub all_valid: bool,
    /// Each variant at the largest PE count it ran at.
    pub headlines: Vec<Headline>,
    /// Notes: rows skipped and why, oversubscription, missing programs.
    pub notes: Vec<String>,
    /// The files written.
    pub files: Vec<String>,
}

impl Summary {
    /// A short human table.
    pub fn table(&self) -> String {
        let f = |v: Option<f64>| v.map_or("-".to_string(), significant);
        let mut s = format!(
            "{:<10} {:<26} {:>4} {:>10} {:>7} {:>6}  valid\n",
            "study", "variant", "pes", "value", "ratio", "eff"
        );
        for h in &self.headlines {
            s += &format!(
                "{:<10} {:<26} {:>4} {:>10} {:>7} {:>6}  {}\n",
                h.study.name(),
                h.variant,
                h.pes,
                f(h.value),
                f(h.ratio),
                f(h.efficiency),
                h.valid.map_or("-".to_string(), |v| v.to_string())
            );
        }
        for n in &self.notes {
            s += &format!("note: {n}\n");
        }
        s + &format!(
            "{} rows: {} ok, {} failed, {} skipped; {} valid, {} invalid; {:.0} s of {} s; {}\n",
            self.counts.rows,
            self.counts.ok,
            self.counts.failed,
            self.counts.skipped,
            self.counts.valid,
            self.counts.invalid,
            self.seconds,
            self.budget_s,
            self.out.display()
        )
    }
}

/// `v` with 4 significant digits (a step of 2.5e-4 s stays readable).
fn significant(v: f64) -> String {
    if v == 0.0 {
        "0.000".to_string()
    } else if (1e-3..1e5).contains(&v.abs()) {
        let decimals = (3 - v.abs().log10().floor() as i32).clamp(0, 6) as usize;
        format!("{v:.decimals$}")
    } else {
        format!("{v:.3e}")
    }
}

/// The PE counts run by default: 1, 2, 4, … up to `cores`, and `cores`.
pub fn default_pes(cores: u32) -> Vec<u32> {
    let mut pes: Vec<u32> = std::iter::successors(Some(1u32), |p| p.checked_mul(2))
        .take_while(|p| *p <= cores.max(1))
        .collect();
    if pes.last() != Some(&cores.max(1)) {
        pes.push(cores.max(1));
    }
    pes
}

/// Runs the campaign: checks the input, calibrates, sizes, runs every
/// point (calling `progress` with each), and writes the files into `out`
/// at once; on any error nothing of `out` is written.
pub fn run(opts: &Options, progress: &mut dyn FnMut(&str)) -> Result<Summary, StudyError> {
    let start = Instant::now();
    let mut pes = opts.pes.clone();
    pes.sort_unstable();
    pes.dedup();
    if pes.is_empty() || pes[0] == 0 {
        return Err(StudyError::Usage(
            "--pes needs PE counts of at least 1, e.g. 1,2,4".into(),
        ));
    }
    if opts.budget_s == 0 {
        return Err(StudyError::Usage(
            "--budget 0 is not accepted: seconds, at least 1".into(),
        ));
    }
    let studies: Vec<Study> = if opts.studies.is_empty() {
        Study::ALL.to_vec()
    } else {
        Study::ALL
            .into_iter()
            .filter(|s| opts.studies.contains(s))
            .collect()
    };
    let mut notes = Vec::new();
    let mpirun = find_mpirun(opts, &mut notes);
    let mut host = plan::Host {
        cores: opts.cores.max(1),
        mpirun: mpirun.is_some(),
        c_program_missing: None,
    };
    // Sizing first (without the C program, which is cheap): a budget too
    // small is refused before anything runs.
    let largest = if opts.quick { Size::Tiny } else { Size::Full };
    let factor_guess = 1.0;
    if let Err(need) = cost::choose(
        &studies,
        &pes,
        &host,
        factor_guess,
        opts.budget_s as f64,
        largest,
    ) {
        return Err(too_small(opts.budget_s, need));
    }
    let mut pending = PendingDir::create(&opts.out)?;
    let deadline = start + Duration::from_secs(opts.budget_s);
    let mut calibration = calibrate(&opts.exe, &host, deadline)?;
    let left = |deadline: Instant| {
        deadline
            .saturating_duration_since(Instant::now())
            .as_secs_f64()
    };
    let choice = cost::choose(
        &studies,
        &pes,
        &host,
        calibration.factor,
        left(deadline),
        largest,
    )
    .map_err(|need| too_small(opts.budget_s, need))?;
    let scratch = tempfile::tempdir()
        .map_err(|e| StudyError::Failed(format!("cannot make a scratch directory: {e}")))?;
    let c_program = if studies.contains(&Study::Ampi) {
        match compile_c(opts, scratch.path()) {
            Ok(p) => Some(p),
            Err(why) => {
                notes.push(format!("AMPI C program rows skipped: {why}"));
                host.c_program_missing = Some(why);
                None
            }
        }
    } else {
        None
    };
    let runner = execute::Runner {
        exe: opts.exe.clone(),
        mpirun: mpirun.clone(),
        c_program,
        cores: host.cores,
        deadline,
    };
    // Each study's size is chosen again when it starts, for the budget
    // left and the speed the runs so far have shown.
    let mut learned = cost::Learned::new(calibration.factor);
    let mut sizes = BTreeMap::new();
    let mut rows = Vec::new();
    for (i, &study) in studies.iter().enumerate() {
        let factor = learned.factor();
        let size = cost::choose(&studies[i..], &pes, &host, factor, left(deadline), largest)
            .map_or(Size::Tiny, |c| c.sizes[&study]);
        sizes.insert(study.name().to_string(), size);
        for point in plan::points(study, size, &pes, &host) {
            progress(&format!("{} P={}", study.name(), point.pes));
            let factor = learned.factor();
            let new = runner.run(&point, size, factor);
            if let Some(r) = new.first().filter(|r| r.status != Status::Skipped) {
                learned.add(r.seconds, point.cost_s);
            }
            rows.extend(new);
        }
    }
    calibration.final_factor = learned.factor();
    row::fill_ratios(&mut rows);
    let oversubscribed = pes.iter().any(|p| *p > host.cores);
    if oversubscribed {
        notes.push(format!(
            "PE counts above the {} cores are oversubscribed (flagged in the rows): their timings are not scaling figures",
            host.cores
        ));
    }
    let skipped_for_budget = rows
        .iter()
        .filter(|r| {
            r.reason
                .as_deref()
                .is_some_and(|w| w.starts_with("budget spent"))
        })
        .count();
    if skipped_for_budget > 0 {
        notes.push(format!(
            "{skipped_for_budget} rows skipped: the budget was spent (the predictions were short)"
        ));
    }
    let counts = count(&rows);
    let mut summary = Summary {
        out: opts.out.clone(),
        budget_s: opts.budget_s,
        predicted_s: choice.predicted_s,
        seconds: 0.0,
        cores: host.cores,
        pes,
        oversubscribed,
        mpirun: mpirun.map(|m| m.display().to_string()),
        quick: opts.quick,
        sizes,
        calibration,
        all_valid: counts.failed == 0 && counts.invalid == 0,
        counts,
        headlines: headlines(&rows),
        notes,
        files: Vec::new(),
    };
    let write_failed = |e: WriteError| StudyError::Failed(e.to_string());
    pending
        .write("rows.csv", write::csv(&rows, host.cores).as_bytes())
        .map_err(write_failed)?;
    summary.files.push("rows.csv".into());
    let charts = write::charts(&rows)
        .map_err(|e| StudyError::Failed(format!("cannot draw the charts: {e}")))?;
    for (name, svg) in charts {
        pending.write(name, svg.as_bytes()).map_err(write_failed)?;
        summary.files.push(name.into());
    }
    summary.files.push("summary.json".into());
    summary.seconds = start.elapsed().as_secs_f64();
    let json = serde_json::to_string_pretty(&summary)
        .map_err(|e| StudyError::Failed(format!("cannot write summary.json: {e}")))?;
    pending
        .write("summary.json", json.as_bytes())
        .map_err(write_failed)?;
    pending.commit().map_err(write_failed)?;
    Ok(summary)
}

fn too_small(budget_s: u64, need: f64) -> StudyError {
    StudyError::Usage(format!(
        "--budget {budget_s} is too small for these studies and PE counts: the smallest that fits is --budget {need:.0}"
    ))
}

/// The `mpirun` of the multi-process rows, or a note saying why none.
fn find_mpirun(opts: &Options, notes: &mut Vec<String>) -> Option<PathBuf> {
    if !opts.mpi_build {
        notes.push("MPI rows skipped: this arts was built without --features mpi".to_string());
        return None;
    }
    let found = match &opts.mpirun {
        Some(p) if p.is_file() => Some(p.clone()),
        Some(p) => {
            notes.push(format!("MPI rows skipped: {} is not a file", p.display()));
            return None;
        }
        None => on_path("mpirun"),
    };
    if found.is_none() {
        notes.push("MPI rows skipped: no mpirun on PATH".to_string());
    }
    found
}

/// Times the tiny jacobi2d run at 1 PE against its prediction.
fn calibrate(exe: &Path, host: &plan::Host, deadline: Instant) -> Result<Calibration, StudyError> {
    let point = plan::points(Study::Jacobi2d, Size::Tiny, &[1], host).remove(0);
    let plan::Exec::Child { args, .. } = &point.exec else {
        unreachable!("the jacobi2d point runs as a child")
    };
    let limit = deadline
        .saturating_duration_since(Instant::now())
        .min(Duration::from_secs(60));
    let start = Instant::now();
    run_json_under(exe, args, None, limit).map_err(|e| {
        StudyError::Failed(format!(
            "the calibration run (arts --json {}) failed: {e}",
            args.join(" ")
        ))
    })?;
    let measured_s = start.elapsed().as_secs_f64();
    Ok(Calibration {
        command: format!("arts --json {}", args.join(" ")),
        measured_s,
        predicted_s: point.cost_s,
        factor: cost::calibration(measured_s, point.cost_s),
        final_factor: cost::calibration(measured_s, point.cost_s),
    })
}

/// Compiles the AMPI study's C program with `arts-mpicc` into `dir`.
fn compile_c(opts: &Options, dir: &Path) -> Result<PathBuf, String> {
    let Some(source) = &opts.c_source else {
        return Err("no C program given (--c-source stencil2d.c)".into());
    };
    if !source.is_file() {
        return Err(format!("{} is not a file", source.display()));
    }
    let Some(mpicc) = opts.mpicc.clone().or_else(|| on_path("arts-mpicc")) else {
        return Err("no arts-mpicc (on PATH or --mpicc)".into());
    };
    let so = dir.join("stencil2d.so");
    let out = Command::new(&mpicc)
        .arg(source)
        .arg("-o")
        .arg(&so)
        .output()
        .map_err(|e| format!("cannot run {}: {e}", mpicc.display()))?;
    if !out.status.success() {
        let err = String::from_utf8_lossy(&out.stderr);
        let line = err
            .lines()
            .rev()
            .find(|l| !l.trim().is_empty())
            .unwrap_or("no message");
        return Err(format!("arts-mpicc failed: {}", line.trim()));
    }
    Ok(so)
}

fn count(rows: &[Row]) -> Counts {
    let mut c = Counts {
        rows: rows.len(),
        ..Counts::default()
    };
    for r in rows {
        match r.status {
            Status::Ok => c.ok += 1,
            Status::Failed => c.failed += 1,
            Status::Skipped => c.skipped += 1,
        }
        if r.status == Status::Ok {
            match r.valid {
                Some(true) => c.valid += 1,
                Some(false) => c.invalid += 1,
                None => c.unchecked += 1,
            }
        }
    }
    c
}

/// Each variant of each study at the largest PE count where it ran.
fn headlines(rows: &[Row]) -> Vec<Headline> {
    let mut out: Vec<Headline> = Vec::new();
    for r in rows.iter().filter(|r| r.status == Status::Ok) {
        let h = Headline {
            study: r.study,
            variant: r.variant.clone(),
            pes: r.pes,
            metric: r.metric.clone(),
            value: r.value,
            ratio: r.ratio,
            baseline: r.baseline.clone(),
            efficiency: r.efficiency,
            valid: r.valid,
        };
        match out
            .iter_mut()
            .find(|o| o.study == r.study && o.variant == r.variant)
        {
            Some(o) if o.pes <= r.pes => *o = h,
            Some(_) => {}
            None => out.push(h),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn table_values_keep_four_significant_digits() {
        assert_eq!(significant(0.0), "0.000");
        assert_eq!(significant(0.012345), "0.01235");
        assert_eq!(significant(2.5), "2.500");
        assert_eq!(significant(1234.5), "1234");
        assert_eq!(significant(2.5e-4), "2.500e-4");
        assert_eq!(significant(3.0e6), "3.000e6");
    }

    #[test]
    fn default_pes_double_up_to_the_cores() {
        assert_eq!(default_pes(1), [1]);
        assert_eq!(default_pes(2), [1, 2]);
        assert_eq!(default_pes(16), [1, 2, 4, 8, 16]);
        assert_eq!(default_pes(12), [1, 2, 4, 8, 12]);
    }
}
