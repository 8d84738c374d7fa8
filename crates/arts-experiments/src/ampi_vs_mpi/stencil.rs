//! AMPI paper Tables 1-3: the 3-D 7-point stencil (`stencil3d.c`) under
//! arts' AMPI with a fixed number of ranks (a cube, 27 by default) on PE
//! counts that need not divide it, beside the same program under Open MPI
//! and MPICH with one process per rank; and (Table 3) AMPI with more
//! ranks per PE beside MPICH.

use serde::Serialize;

use super::launch::Start;
use super::{Available, Plan};
use crate::StudyError;
use crate::ddm_mpi::programs::Mpi;

/// What to run.
#[derive(Clone, Debug)]
pub struct StencilPlan {
    /// Tools, scratch folder, repeats.
    pub plan: Plan,
    /// K: the grid is K^3.
    pub size: u32,
    /// Steps per run.
    pub steps: u32,
    /// AMPI: rank counts.
    pub vp: Vec<u32>,
    /// AMPI: PE counts (each with every rank count).
    pub pes: Vec<u32>,
    /// Open MPI and MPICH: process counts (one rank each).
    pub native: Vec<u32>,
}

/// One system at one PE count.
#[derive(Clone, Debug, Serialize)]
pub struct StencilRow {
    /// `ampi`, `openmpi` or `mpich`.
    pub system: String,
    /// PEs (AMPI) or processes (native).
    pub pes: u32,
    /// MPI ranks.
    pub ranks: u32,
    /// The rank grid `MPI_Dims_create` chose.
    pub rank_grid: Vec<u64>,
    /// Median over the repeats of the median step time, s.
    pub step_time_s: f64,
    /// Every repeat's step time, s.
    pub samples_s: Vec<f64>,
    /// Largest relative difference of the checksum from the first row's.
    pub checksum_rel_diff: f64,
}

/// The rows, and the systems skipped.
#[derive(Clone, Debug, Serialize)]
pub struct StencilResult {
    /// One row per system and PE count.
    pub rows: Vec<StencilRow>,
    /// Systems skipped, and why.
    pub notes: Vec<String>,
}

/// Relative difference allowed between two runs' checksums (the sums'
/// order differs with the rank grid).
const CHECKSUM_TOLERANCE: f64 = 1e-9;

/// Runs the study; `progress` is told what runs next.
pub fn run(p: &StencilPlan, progress: &mut dyn FnMut(&str)) -> Result<StencilResult, StudyError> {
    let mut counts = p.vp.iter().chain(&p.pes).chain(&p.native);
    if p.size < 2 || p.steps == 0 || counts.any(|&c| c == 0 || c > 512) {
        return Err(StudyError::Usage(format!(
            "--size {} must be at least 2, --steps at least 1, and --vp, --pes, --native 1 to 512",
            p.size
        )));
    }
    let mut starts = Vec::new();
    for &vp in &p.vp {
        for &pes in &p.pes {
            starts.push(Start::ampi(&format!("ampi vp{vp} pe{pes}"), vp, pes));
        }
    }
    for &np in &p.native {
        starts.push(Start::native(&format!("openmpi np{np}"), Mpi::OpenMpi, np));
        starts.push(Start::native(&format!("mpich np{np}"), Mpi::Mpich, np));
    }
    let mut avail = Available::build(&p.plan, "stencil3d.c", progress)?;
    let args = vec![p.size.to_string(), p.steps.to_string()];
    let samples = avail.alternate(&p.plan, &starts, &args, progress)?;
    let mut rows = Vec::new();
    let mut reference = None;
    for (start, runs) in &samples {
        let times: Vec<f64> = runs
            .iter()
            .filter_map(|r| r["step_time_s"].as_f64())
            .collect();
        let mut diff: f64 = 0.0;
        for r in runs {
            let c = r["checksum"].as_f64().unwrap_or(f64::NAN);
            let base = *reference.get_or_insert(c);
            diff = diff.max((c - base).abs() / base.abs().max(f64::MIN_POSITIVE));
        }
        if diff.is_nan() || diff > CHECKSUM_TOLERANCE {
            return Err(StudyError::Failed(format!(
                "{}: the checksum differs from the first run's by {diff:e} (relative)",
                start.name
            )));
        }
        let first = &runs[0];
        rows.push(StencilRow {
            system: start.mpi.name().trim_start_matches("arts-").to_string(),
            pes: if start.mpi == Mpi::Ampi {
                start.pes
            } else {
                start.processes
            },
            ranks: first["ranks"].as_u64().unwrap_or(0) as u32,
            rank_grid: first["rank_grid"]
                .as_array()
                .map(|g| g.iter().filter_map(|x| x.as_u64()).collect())
                .unwrap_or_default(),
            step_time_s: arts_util::stats::median(&times),
            samples_s: times,
            checksum_rel_diff: diff,
        });
    }
    Ok(StencilResult {
        rows,
        notes: avail.notes,
    })
}

/// The CSV of the rows and the chart: step time against PEs, one line per
/// system and rank count.
pub fn files(result: &StencilResult) -> Result<Vec<(String, String)>, String> {
    use arts_util::chart::{Chart, Series};
    let csv = arts_util::chart::csv_text(
        &[
            "system",
            "pes",
            "ranks",
            "rank_grid",
            "step_time_s",
            "samples_s",
        ],
        result.rows.iter().map(|r| {
            vec![
                r.system.clone(),
                r.pes.to_string(),
                r.ranks.to_string(),
                r.rank_grid
                    .iter()
                    .map(u64::to_string)
                    .collect::<Vec<_>>()
                    .join("x"),
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
    let name = |r: &StencilRow| match r.system.as_str() {
        "ampi" => format!("ampi, {} ranks", r.ranks),
        s => s.to_string(),
    };
    for r in &result.rows {
        if !names.contains(&name(r)) {
            names.push(name(r));
        }
    }
    let chart = Chart {
        title: "3-D stencil step time: AMPI (fixed ranks) against native MPI".into(),
        x_label: "PEs (AMPI) or processes (native MPI)".into(),
        y_label: "step time (s)".into(),
        series: names
            .iter()
            .map(|n| Series {
                name: n.clone(),
                points: result
                    .rows
                    .iter()
                    .filter(|r| name(r) == *n)
                    .map(|r| (r.pes as f64, r.step_time_s))
                    .collect(),
            })
            .collect(),
        ..Chart::default()
    };
    Ok(vec![
        ("stencil.csv".into(), csv),
        (
            "stencil.svg".into(),
            chart.svg().map_err(|e| e.to_string())?,
        ),
    ])
}
