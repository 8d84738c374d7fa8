//! AMPI paper Figs 7-8: ping-pong time against message size, the same C
//! program (`pingpong_sizes.c`) under Open MPI, MPICH and arts' AMPI (on
//! one PE, on two PEs of one process, and across two processes).

use serde::Serialize;

use super::launch::Start;
use super::{Available, Plan};
use crate::StudyError;
use crate::ddm_mpi::programs::Mpi;

/// What to run.
#[derive(Clone, Debug)]
pub struct PingPongPlan {
    /// Tools, scratch folder, repeats.
    pub plan: Plan,
    /// The largest message, bytes (sizes are 8, 32, ... up to it).
    pub max_bytes: u64,
    /// Round trips per size (fewer above 64 KiB).
    pub iters: u32,
}

/// One system at one message size.
#[derive(Clone, Debug, Serialize)]
pub struct PingPongRow {
    /// `openmpi`, `mpich`, `ampi-1pe`, `ampi-2pe` or `ampi-2proc`.
    pub system: String,
    /// Message size, bytes.
    pub bytes: u64,
    /// Median one-way time over the repeats, µs.
    pub one_way_us: f64,
    /// Every repeat's one-way time, µs.
    pub samples_us: Vec<f64>,
    /// `one_way_us` over Open MPI's at this size.
    pub vs_openmpi: Option<f64>,
    /// The MPI library the program reported.
    pub mpi_library: String,
}

/// The rows, and the systems skipped (one line each).
#[derive(Clone, Debug, Serialize)]
pub struct PingPongResult {
    /// One row per system and size.
    pub rows: Vec<PingPongRow>,
    /// Systems skipped, and why.
    pub notes: Vec<String>,
}

/// The systems compared: two processes of each native MPI, and AMPI's two
/// ranks on one PE, on two PEs of one process, across two processes.
pub fn systems() -> Vec<Start> {
    let mut across = Start::ampi("ampi-2proc", 2, 1);
    across.processes = 2;
    vec![
        Start::native("openmpi", Mpi::OpenMpi, 2),
        Start::native("mpich", Mpi::Mpich, 2),
        Start::ampi("ampi-1pe", 2, 1),
        Start::ampi("ampi-2pe", 2, 2),
        across,
    ]
}

/// Runs the sweep; `progress` is told what runs next.
pub fn run(p: &PingPongPlan, progress: &mut dyn FnMut(&str)) -> Result<PingPongResult, StudyError> {
    if p.max_bytes < 8 || p.max_bytes > 1 << 28 || p.iters == 0 {
        return Err(StudyError::Usage(format!(
            "--max-bytes {} must be 8 to 256M and --iters {} at least 1",
            p.max_bytes, p.iters
        )));
    }
    let mut avail = Available::build(&p.plan, "pingpong_sizes.c", progress)?;
    let args = vec![p.max_bytes.to_string(), p.iters.to_string()];
    let samples = avail.alternate(&p.plan, &systems(), &args, progress)?;
    let mut rows = Vec::new();
    for (start, runs) in &samples {
        let Some(first) = runs.first() else { continue };
        let library = first["mpi_library"].as_str().unwrap_or("").to_string();
        let sizes = first["sizes"].as_array().cloned().unwrap_or_default();
        for (k, s) in sizes.iter().enumerate() {
            let bytes = s["bytes"].as_u64().unwrap_or(0);
            let got: Vec<f64> = runs
                .iter()
                .filter_map(|r| r["sizes"][k]["one_way_us"].as_f64())
                .collect();
            rows.push(PingPongRow {
                system: start.name.clone(),
                bytes,
                one_way_us: arts_util::stats::median(&got),
                samples_us: got,
                vs_openmpi: None,
                mpi_library: library.clone(),
            });
        }
    }
    let base: Vec<(u64, f64)> = rows
        .iter()
        .filter(|r| r.system == "openmpi")
        .map(|r| (r.bytes, r.one_way_us))
        .collect();
    for r in rows.iter_mut() {
        r.vs_openmpi = base
            .iter()
            .find(|(b, _)| *b == r.bytes)
            .map(|(_, t)| r.one_way_us / t);
    }
    Ok(PingPongResult {
        rows,
        notes: avail.notes,
    })
}

/// The CSV of the rows and the chart: one line per system, log-log.
pub fn files(result: &PingPongResult) -> Result<Vec<(String, String)>, String> {
    use arts_util::chart::{Chart, Series};
    let csv = arts_util::chart::csv_text(
        &["system", "bytes", "one_way_us", "vs_openmpi", "samples_us"],
        result.rows.iter().map(|r| {
            vec![
                r.system.clone(),
                r.bytes.to_string(),
                format!("{:.4}", r.one_way_us),
                r.vs_openmpi.map_or(String::new(), |v| format!("{v:.3}")),
                r.samples_us
                    .iter()
                    .map(|s| format!("{s:.4}"))
                    .collect::<Vec<_>>()
                    .join(" "),
            ]
        }),
    );
    let mut names: Vec<&str> = result.rows.iter().map(|r| r.system.as_str()).collect();
    names.dedup();
    let chart = Chart {
        title: "Ping-pong one-way time: AMPI against Open MPI and MPICH".into(),
        x_label: "message size (bytes)".into(),
        y_label: "one-way time (us)".into(),
        log_x: true,
        series: names
            .iter()
            .map(|n| Series {
                name: n.to_string(),
                points: result
                    .rows
                    .iter()
                    .filter(|r| r.system == *n && r.one_way_us > 0.0)
                    .map(|r| (r.bytes as f64, r.one_way_us))
                    .collect(),
            })
            .collect(),
        ..Chart::default()
    };
    Ok(vec![
        ("pingpong.csv".into(), csv),
        (
            "pingpong.svg".into(),
            chart.svg().map_err(|e| e.to_string())?,
        ),
    ])
}
