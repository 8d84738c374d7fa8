//! `arts bench mpi`: arts against raw MPI, side by side, under `mpirun`
//! (ping-pong latency, bandwidth, Jacobi2D and zones against their static
//! MPI baselines), and the problems the baselines run.

use std::sync::Arc;

use arts_apps::baselines;
use arts_apps::stencil2d::{Plain, Problem, sequential};
use arts_apps::{jacobi2d, zones};
use arts_core::{Config, LbConfig, LbPeriod, Map, RunError};
use arts_mpi::{Mpi, rawbench};
use arts_util::stats::{mean, median};
use serde::Serialize;

use crate::{StudyError, microbench};

/// The `rows x cols` Jacobi2D in `objs` bands of rows.
pub fn jacobi_problem(
    grid: (usize, usize),
    objs: u32,
    iters: u32,
) -> Result<Problem<Plain>, StudyError> {
    jacobi2d::Params {
        rows: grid.0,
        cols: grid.1,
        objs_x: objs,
        objs_y: 1,
        iters,
    }
    .problem()
    .map_err(|e| StudyError::Usage(format!("--grid: {e}")))
}

/// The zones problem of `zones` (rows x columns) with smallest side `base`.
pub fn zones_problem(
    zones: (usize, usize),
    base: usize,
    iters: u32,
) -> Result<Problem<Plain>, StudyError> {
    let count = |v: usize| {
        u32::try_from(v).map_err(|_| StudyError::Usage(format!("--zones: {v} is too large")))
    };
    zones::Params {
        zones_x: count(zones.0)?,
        zones_y: count(zones.1)?,
        base,
        iters,
        ..zones::Params::default()
    }
    .problem()
    .map_err(|e| StudyError::Usage(format!("zones: {e}")))
}

/// The result of `arts bench mpi` (JSON keys are a contract).
#[derive(Serialize)]
pub struct BenchMpiReport {
    /// Processes (one PE each).
    pub processes: u32,
    /// Interleaved repetitions; medians are reported.
    pub repeat: u32,
    /// Raw MPI's one-way ping-pong time, ns.
    pub raw_pingpong_ns: f64,
    /// arts' one-way ping-pong time, ns.
    pub arts_pingpong_ns: f64,
    /// arts / raw.
    pub pingpong_latency_ratio: f64,
    /// Raw MPI's one-way time with the MPI transport's calls (receives
    /// posted ahead and tested, non-blocking sends), ns: how much of arts'
    /// ping-pong is MPI's own in arts' pattern.
    pub pattern_pingpong_ns: f64,
    /// Raw MPI's 1 MiB bandwidth.
    pub raw_bandwidth_bytes_per_s: f64,
    /// With the buffer in an `arts_core::Bulk` (sent beside the frame).
    pub arts_bandwidth_bytes_per_s: f64,
    /// arts / raw.
    pub bandwidth_ratio: f64,
    /// With the buffer in a `Vec<u8>` field (serde copies it in and out).
    pub arts_copied_bandwidth_bytes_per_s: f64,
    /// copied / raw.
    pub bandwidth_copied_ratio: f64,
    /// Static MPI Jacobi2D's steady step time, s.
    pub static_mpi_jacobi_step_s: f64,
    /// arts Jacobi2D's, s.
    pub arts_jacobi_step_s: f64,
    /// arts / static.
    pub jacobi_vs_static_mpi_ratio: f64,
    /// Static MPI zones' steady step time, s.
    pub static_mpi_zones_step_s: f64,
    /// arts zones' with greedy balancing, s.
    pub arts_zones_greedy_step_s: f64,
    /// arts / static.
    pub zones_vs_static_mpi_ratio: f64,
}

/// Runs `arts bench mpi` on the processes of `mpi` (at least 2):
/// `round_trips` ping-pongs, `iters` (≥ 12) steps of Jacobi2D and zones,
/// every measurement `repeat` times, interleaved.
pub fn bench(
    mpi: &Mpi,
    round_trips: u32,
    iters: u32,
    repeat: u32,
) -> Result<BenchMpiReport, StudyError> {
    let size = mpi.size();
    if size < 2 {
        return Err(StudyError::Usage(
            "bench mpi needs at least 2 ranks (mpirun -np 2)".into(),
        ));
    }
    let failed = |e: RunError| StudyError::Failed(e.to_string());
    let usage = |e: String| StudyError::Usage(e);
    let one_pe = mpi.config(&Config::default(), 1);
    let greedy = LbConfig::new("greedy", LbPeriod::Steps(10))
        .map_err(|e| StudyError::Failed(e.to_string()))?;
    let lb_cfg = mpi.config(
        &Config {
            lb: Some(greedy),
            ..Config::default()
        },
        1,
    );
    let jp = jacobi_problem((4096, 4096), size, iters)?;
    let jref = Arc::new(sequential(&jp));
    let zp = zones_problem((8, 4), 64, iters)?;
    let zref = Arc::new(sequential(&zp));
    let mib = 1 << 20;
    // Every measurement once per repetition, interleaved, so that a burst
    // of load from elsewhere hits all of them alike; medians reported.
    let mut s: [Vec<f64>; 10] = Default::default();
    for _ in 0..repeat {
        s[0].push(rawbench::pingpong_ns(mpi, round_trips));
        s[1].push(microbench::pingpong_ns(&one_pe, false, round_trips).map_err(failed)?);
        s[9].push(rawbench::pattern_pingpong_ns(mpi, round_trips));
        s[2].push(rawbench::bandwidth_bytes_per_s(mpi, mib, 200));
        s[3].push(microbench::bandwidth_bytes_per_s(&one_pe, mib, 200, true).map_err(failed)?);
        s[8].push(microbench::bandwidth_bytes_per_s(&one_pe, mib, 200, false).map_err(failed)?);
        let static_j = baselines::static_bands(mpi.world(), &jp, Some(&jref)).map_err(usage)?;
        let arts_j = jacobi2d::run(&jp, &one_pe, Map::Block, Some(jref.clone())).map_err(failed)?;
        let static_z = baselines::static_bands(mpi.world(), &zp, Some(&zref)).map_err(usage)?;
        let arts_z = zones::run(&zp, &lb_cfg, Map::Block, Some(zref.clone())).map_err(failed)?;
        if [
            static_j.max_diff,
            arts_j.max_diff,
            static_z.max_diff,
            arts_z.max_diff,
        ]
        .iter()
        .any(|d| *d != 0.0)
        {
            return Err(StudyError::Failed(
                "a result differs from the sequential reference".into(),
            ));
        }
        // Steady state: mean step time over steps 10..iters-1 of both.
        // Means, because the driver sees the runtime's steps end in
        // bursts when its thread waits for the core (a median of those
        // intervals flatters the runtime); from step 10, after the
        // warm-up (first-touch page faults, the first balancing step);
        // without the last step, in which the runtime's app compares
        // its grid with the reference (the baseline does so untimed).
        // `iters` is at least 12, so the window is never empty.
        let steady = |t: &[f64]| mean(&t[10..t.len() - 1]);
        s[4].push(steady(&static_j.step_times));
        s[5].push(steady(&arts_j.step_times));
        s[6].push(steady(&static_z.step_times));
        s[7].push(steady(&arts_z.step_times));
    }
    let [
        raw_ns,
        arts_ns,
        raw_bw,
        arts_bw,
        static_j_s,
        arts_j_s,
        static_z_s,
        arts_z_s,
        copied_bw,
        pattern_ns,
    ] = s.map(|v| median(&v));
    Ok(BenchMpiReport {
        processes: size,
        repeat,
        raw_pingpong_ns: raw_ns,
        arts_pingpong_ns: arts_ns,
        pingpong_latency_ratio: arts_ns / raw_ns,
        pattern_pingpong_ns: pattern_ns,
        raw_bandwidth_bytes_per_s: raw_bw,
        arts_bandwidth_bytes_per_s: arts_bw,
        bandwidth_ratio: arts_bw / raw_bw,
        arts_copied_bandwidth_bytes_per_s: copied_bw,
        bandwidth_copied_ratio: copied_bw / raw_bw,
        static_mpi_jacobi_step_s: static_j_s,
        arts_jacobi_step_s: arts_j_s,
        jacobi_vs_static_mpi_ratio: arts_j_s / static_j_s,
        static_mpi_zones_step_s: static_z_s,
        arts_zones_greedy_step_s: arts_z_s,
        zones_vs_static_mpi_ratio: arts_z_s / static_z_s,
    })
}

impl BenchMpiReport {
    /// The human table of the report.
    pub fn table(&self) -> String {
        format!(
            "arts vs raw MPI, {} processes x 1 PE, medians of {} interleaved repetitions\n\
             ping-pong one-way   arts {:.2} us   raw {:.2} us   ratio {:.2} (target <= 1.5)\n\
             ping-pong, transport's MPI calls alone {:.2} us ({:.2} x raw)\n\
             1 MiB bandwidth     arts {:.2} GB/s raw {:.2} GB/s ratio {:.2} (target >= 0.8)\n\
             1 MiB, serde-copied arts {:.2} GB/s              ratio {:.2}\n\
             jacobi2d 4096^2     arts {:.2} ms   static MPI {:.2} ms ratio {:.3} (target <= 1.10)\n\
             zones (greedy)      arts {:.2} ms   static MPI {:.2} ms ratio {:.3} (target <= 0.8)",
            self.processes,
            self.repeat,
            self.arts_pingpong_ns / 1e3,
            self.raw_pingpong_ns / 1e3,
            self.pingpong_latency_ratio,
            self.pattern_pingpong_ns / 1e3,
            self.pattern_pingpong_ns / self.raw_pingpong_ns,
            self.arts_bandwidth_bytes_per_s / 1e9,
            self.raw_bandwidth_bytes_per_s / 1e9,
            self.bandwidth_ratio,
            self.arts_copied_bandwidth_bytes_per_s / 1e9,
            self.bandwidth_copied_ratio,
            self.arts_jacobi_step_s * 1e3,
            self.static_mpi_jacobi_step_s * 1e3,
            self.jacobi_vs_static_mpi_ratio,
            self.arts_zones_greedy_step_s * 1e3,
            self.static_mpi_zones_step_s * 1e3,
            self.zones_vs_static_mpi_ratio,
        )
    }
}
