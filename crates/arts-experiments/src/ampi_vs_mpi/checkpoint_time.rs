//! AMPI paper Fig. 12: the time of one checkpoint of an FT-like
//! (`ft_ckpt.c`) and an LU-like (`lu_ckpt.c`) kernel under arts' AMPI, to
//! disk (`AMPI_Checkpoint(dir)`, a folder of the scratch directory) against
//! in memory (`AMPI_MemCheckpoint()`, a tmpfs store and a buddy's copy),
//! at each PE count (one rank per PE, as the paper's one per processor).
//! Each kernel's result is checked against a one-rank run without
//! checkpoints.

use std::path::{Path, PathBuf};

use serde::Serialize;

use super::launch::{self, Start};
use super::{Available, Plan};
use crate::StudyError;
use crate::ddm_mpi::programs::Mpi;

/// What to run.
#[derive(Clone, Debug)]
pub struct CheckpointPlan {
    /// Tools, scratch folder, repeats.
    pub plan: Plan,
    /// FT: the complex array is N x N (a power of 2).
    pub ft_size: u32,
    /// LU: the grid is N x N.
    pub lu_size: u32,
    /// Steps per run.
    pub steps: u32,
    /// A checkpoint every this many steps.
    pub every: u32,
    /// PE counts (one rank each).
    pub pes: Vec<u32>,
    /// The in-memory store (a tmpfs, e.g. /dev/shm); a fresh folder is
    /// made in it per run and removed after.
    pub memory_dir: PathBuf,
}

/// One kernel, store and PE count.
#[derive(Clone, Debug, Serialize)]
pub struct CheckpointRow {
    /// `ft` or `lu`.
    pub kernel: String,
    /// `disk` or `memory`.
    pub store: String,
    /// PEs = ranks.
    pub pes: u32,
    /// Bytes each rank registered (saved per checkpoint).
    pub bytes_per_rank: u64,
    /// Median over the repeats of a run's mean checkpoint time, s.
    pub checkpoint_s: f64,
    /// Every checkpoint's time, all repeats, s.
    pub samples_s: Vec<f64>,
    /// Median step time without the checkpoints, s.
    pub step_time_s: f64,
    /// Relative difference of the checksum from the one-rank reference.
    pub checksum_rel_diff: f64,
}

/// The rows, and what was skipped.
#[derive(Clone, Debug, Serialize)]
pub struct CheckpointResult {
    /// One row per kernel, store and PE count.
    pub rows: Vec<CheckpointRow>,
    /// What was skipped, and why.
    pub notes: Vec<String>,
}

/// Relative difference allowed from the one-rank checksum.
const CHECKSUM_TOLERANCE: f64 = 1e-9;

/// The two kernels: (name, source, N).
fn kernels(p: &CheckpointPlan) -> [(&'static str, &'static str, u32); 2] {
    [
        ("ft", "ft_ckpt.c", p.ft_size),
        ("lu", "lu_ckpt.c", p.lu_size),
    ]
}

/// Checks the options before any work.
fn check(p: &CheckpointPlan) -> Result<(), StudyError> {
    let usage = |m: String| Err(StudyError::Usage(m));
    if !p.ft_size.is_power_of_two() || p.ft_size < 2 {
        return usage(format!("--ft-size {} must be a power of 2", p.ft_size));
    }
    if p.lu_size < 2 || p.steps == 0 || p.every == 0 || p.every > p.steps {
        return usage(format!(
            "--lu-size {} must be at least 2, and --every {} from 1 to --steps {}",
            p.lu_size, p.every, p.steps
        ));
    }
    if let Some(bad) = p
        .pes
        .iter()
        .find(|&&q| q == 0 || !p.ft_size.is_multiple_of(q) || !p.lu_size.is_multiple_of(q))
    {
        return usage(format!(
            "--pes {bad} must divide --ft-size {} and --lu-size {}",
            p.ft_size, p.lu_size
        ));
    }
    if !p.memory_dir.is_dir() {
        return usage(format!(
            "--memory-dir {} is not a directory (give a tmpfs such as /dev/shm)",
            p.memory_dir.display()
        ));
    }
    Ok(())
}

/// Runs the study; `progress` is told what runs next.
pub fn run(
    p: &CheckpointPlan,
    progress: &mut dyn FnMut(&str),
) -> Result<CheckpointResult, StudyError> {
    check(p)?;
    let failed = StudyError::Failed;
    let mut rows = Vec::new();
    let mut notes = Vec::new();
    for (kernel, source, n) in kernels(p) {
        let avail = Available::build_for(&p.plan, source, &[Mpi::Ampi], progress)?;
        notes.extend(avail.notes.iter().cloned());
        let Some(program) = avail.program(Mpi::Ampi) else {
            continue;
        };
        let args = |how: &str, dir: &Path| {
            vec![
                n.to_string(),
                p.steps.to_string(),
                p.every.to_string(),
                how.to_string(),
                dir.display().to_string(),
            ]
        };
        progress(&format!("{kernel}: one-rank reference"));
        let none = args("none", Path::new("-"));
        let reference = launch::run(
            &p.plan.tools,
            &Start::ampi("reference", 1, 1),
            program,
            &none,
            p.plan.limit_s,
        )
        .map_err(failed)?;
        let base = reference["checksum"].as_f64().unwrap_or(f64::NAN);
        let mut got: Vec<(u32, &str, Vec<serde_json::Value>)> = Vec::new();
        for &pes in &p.pes {
            for store in ["disk", "memory"] {
                got.push((pes, store, Vec::new()));
            }
        }
        for rep in 0..p.plan.repeats {
            for (pes, store, runs) in got.iter_mut() {
                progress(&format!(
                    "{kernel} {store} {pes} PE(s) (run {} of {})",
                    rep + 1,
                    p.plan.repeats
                ));
                let tag = format!("arts-ampi-vs-mpi-{}-{kernel}-{pes}", std::process::id());
                let (dir, how) = match *store {
                    "disk" => (p.plan.scratch.join(&tag), "disk"),
                    _ => (p.memory_dir.join(&tag), "mem"),
                };
                let mut start = Start::ampi(&format!("{kernel} {store}"), *pes, *pes);
                if how == "mem" {
                    start.ampi_flags = vec!["--checkpoint-dir".into(), dir.display().to_string()];
                }
                let out = launch::run(
                    &p.plan.tools,
                    &start,
                    program,
                    &args(how, &dir),
                    p.plan.limit_s,
                );
                let _ = std::fs::remove_dir_all(&dir);
                runs.push(out.map_err(failed)?);
            }
        }
        for (pes, store, runs) in got {
            rows.push(row(kernel, store, pes, base, &runs)?);
        }
    }
    Ok(CheckpointResult { rows, notes })
}

/// One row from a system's runs, checked against the reference checksum.
fn row(
    kernel: &str,
    store: &str,
    pes: u32,
    base: f64,
    runs: &[serde_json::Value],
) -> Result<CheckpointRow, StudyError> {
    let mut diff: f64 = 0.0;
    for r in runs {
        let c = r["checksum"].as_f64().unwrap_or(f64::NAN);
        diff = diff.max((c - base).abs() / base.abs().max(f64::MIN_POSITIVE));
    }
    if diff.is_nan() || diff > CHECKSUM_TOLERANCE {
        return Err(StudyError::Failed(format!(
            "{kernel} {store} on {pes} PE(s): the checksum differs from the one-rank run's by {diff:e} (relative)"
        )));
    }
    let means: Vec<f64> = runs
        .iter()
        .filter_map(|r| r["checkpoint_mean_s"].as_f64())
        .collect();
    let steps: Vec<f64> = runs
        .iter()
        .filter_map(|r| r["step_time_s"].as_f64())
        .collect();
    Ok(CheckpointRow {
        kernel: kernel.into(),
        store: store.into(),
        pes,
        bytes_per_rank: runs
            .first()
            .and_then(|r| r["bytes_per_rank"].as_u64())
            .unwrap_or(0),
        checkpoint_s: arts_util::stats::median(&means),
        samples_s: runs
            .iter()
            .filter_map(|r| r["checkpoint_times_s"].as_array())
            .flatten()
            .filter_map(|t| t.as_f64())
            .collect(),
        step_time_s: arts_util::stats::median(&steps),
        checksum_rel_diff: diff,
    })
}

/// The CSV of the rows and the chart: checkpoint time against PEs, one
/// line per kernel and store.
pub fn files(result: &CheckpointResult) -> Result<Vec<(String, String)>, String> {
    use arts_util::chart::{Chart, Series};
    let csv = arts_util::chart::csv_text(
        &[
            "kernel",
            "store",
            "pes",
            "bytes_per_rank",
            "checkpoint_s",
            "step_time_s",
            "samples_s",
        ],
        result.rows.iter().map(|r| {
            vec![
                r.kernel.clone(),
                r.store.clone(),
                r.pes.to_string(),
                r.bytes_per_rank.to_string(),
                format!("{:.6}", r.checkpoint_s),
                format!("{:.6}", r.step_time_s),
                r.samples_s
                    .iter()
                    .map(|s| format!("{s:.6}"))
                    .collect::<Vec<_>>()
                    .join(" "),
            ]
        }),
    );
    let mut names: Vec<String> = Vec::new();
    for r in &result.rows {
        let n = format!("{} {}", r.kernel, r.store);
        if !names.contains(&n) {
            names.push(n);
        }
    }
    let chart = Chart {
        title: "Checkpoint time of FT- and LU-like kernels: disk against memory".into(),
        x_label: "PEs (one rank each)".into(),
        y_label: "time per checkpoint (s)".into(),
        series: names
            .iter()
            .map(|n| Series {
                name: n.clone(),
                points: result
                    .rows
                    .iter()
                    .filter(|r| format!("{} {}", r.kernel, r.store) == *n)
                    .map(|r| (r.pes as f64, r.checkpoint_s))
                    .collect(),
            })
            .collect(),
        ..Chart::default()
    };
    Ok(vec![
        ("checkpoint.csv".into(), csv),
        (
            "checkpoint.svg".into(),
            chart.svg().map_err(|e| e.to_string())?,
        ),
    ])
}

#[cfg(test)]
mod tests {
    use super::*;

    fn plan() -> CheckpointPlan {
        CheckpointPlan {
            plan: Plan {
                tools: Plan::tools_of_this_tree("arts".into()),
                scratch: std::env::temp_dir(),
                repeats: 1,
                limit_s: 10,
            },
            ft_size: 64,
            lu_size: 64,
            steps: 4,
            every: 2,
            pes: vec![1, 2],
            memory_dir: std::env::temp_dir(),
        }
    }

    #[test]
    fn bad_sizes_are_refused_before_any_work() {
        let e = |p: CheckpointPlan| check(&p).unwrap_err().to_string();
        assert!(
            e(CheckpointPlan {
                ft_size: 48,
                ..plan()
            })
            .contains("power of 2")
        );
        assert!(
            e(CheckpointPlan {
                pes: vec![3],
                ..plan()
            })
            .contains("--pes 3 must divide")
        );
        assert!(e(CheckpointPlan { every: 5, ..plan() }).contains("--every 5"));
        assert!(check(&plan()).is_ok());
    }

    #[test]
    fn a_checksum_far_from_the_reference_fails_the_row() {
        let runs = [
            serde_json::json!({"checksum": 2.0, "checkpoint_mean_s": 0.5,
            "checkpoint_times_s": [0.4, 0.6], "step_time_s": 0.1, "bytes_per_rank": 8}),
        ];
        let ok = row("ft", "disk", 2, 2.0, &runs).unwrap();
        assert_eq!(ok.checkpoint_s, 0.5);
        assert_eq!(ok.samples_s, vec![0.4, 0.6]);
        assert!(row("ft", "disk", 2, 2.1, &runs).is_err());
    }
}
