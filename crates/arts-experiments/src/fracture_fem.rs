//! `arts experiment fracture-fem`: the papers' Fractography3D figures with
//! the real fracture code of `examples/fracture-fem/fracture.c` (an MPI
//! program built with `arts-mpicc`, run by `arts ampi run` as a child):
//!
//! - the AMPI paper's Figs 15–16: per-PE utilization over time and per PE,
//!   without and with load balancing (from each run's `--trace`);
//! - the grid thesis' §8.3 (Figs 8.2–8.3): mean step time against
//!   cross-cluster latency for each balancer, with the thesis' protocol (a
//!   barrier every 100 steps, balancing at step 500, the mean over steps
//!   600–700), scaled down (one 2-D block, 2 PEs, latencies of the order of
//!   our step time rather than the thesis' milliseconds on 8–128 PEs).

mod output;
mod utilization;

pub use output::{FractureFemReport, GridRow, UtilizationBin, UtilizationRun};
pub use utilization::{Utilization, utilization_of_trace};

use std::path::{Path, PathBuf};
use std::process::Command;

use crate::StudyError;

/// What to run.
#[derive(Clone, Debug)]
pub struct Plan {
    /// The `arts` binary that runs each configuration.
    pub arts: PathBuf,
    /// The program built with `arts-mpicc`; `None`: built from this tree's
    /// `examples/fracture-fem/fracture.c` into a temporary folder.
    pub program: Option<PathBuf>,
    /// Chunks (ranks).
    pub vp: u32,
    /// PEs.
    pub pes: u32,
    /// The program's mesh and material options (e.g. `--nx 64 --ny 32`).
    pub mesh_args: Vec<String>,
    /// Steps of the utilization runs.
    pub steps: u32,
    /// `AMPI_Migrate` every this many steps in the utilization runs.
    pub migrate: u32,
    /// The balancer of the balanced utilization run.
    pub lb: String,
    /// Time bins of the utilization over time.
    pub bins: u32,
    /// Cross-cluster latencies of the grid sweep, ms.
    pub latencies_ms: Vec<f64>,
    /// Balancers of the grid sweep (`none` or a strategy).
    pub balancers: Vec<String>,
    /// Runs of every grid cell (the median is reported).
    pub reps: u32,
}

/// A plan with its program and a folder for the traces.
struct Ready<'a> {
    plan: &'a Plan,
    program: PathBuf,
    scratch: PathBuf,
}

/// The thesis' protocol: a barrier every this many steps.
pub const BARRIER_EVERY: u32 = 100;
/// The step that balances (the only `AMPI_Migrate`).
pub const LB_STEP: u32 = 500;
/// The mean is taken over these steps.
pub const WINDOW: (u32, u32) = (600, 700);

impl Plan {
    /// Checks the plan before any run.
    pub fn check(&self) -> Result<(), StudyError> {
        if self.vp < self.pes || self.pes == 0 {
            return Err(StudyError::Usage(format!(
                "--vp {} must be at least --pes {} (and --pes at least 1)",
                self.vp, self.pes
            )));
        }
        if !self.pes.is_multiple_of(2) {
            return Err(StudyError::Usage(format!(
                "--pes {}: the grid sweep needs an even PE count (two clusters)",
                self.pes
            )));
        }
        if self.migrate == 0 || self.migrate >= self.steps {
            return Err(StudyError::Usage(format!(
                "--migrate {} must be in 1..{} (--steps)",
                self.migrate, self.steps
            )));
        }
        if self.bins == 0 {
            return Err(StudyError::Usage("--bins must be at least 1".into()));
        }
        if let Some(l) = self
            .latencies_ms
            .iter()
            .find(|l| !(l.is_finite() && **l >= 0.0))
        {
            return Err(StudyError::Usage(format!(
                "latency {l} ms: finite values >= 0 accepted"
            )));
        }
        for b in self.balancers.iter().chain([&self.lb]) {
            if b != "none" && arts_lb::by_name(b).is_err() {
                return Err(StudyError::Usage(format!(
                    "balancer '{b}' is not known (none, greedy, refine, grid-comm, grid-metis, grid-hybrid, ...)"
                )));
            }
        }
        if let Some(p) = self.program.as_ref().filter(|p| !p.is_file()) {
            return Err(StudyError::Usage(format!(
                "the program {} does not exist (build examples/fracture-fem/fracture.c with arts-mpicc)",
                p.display()
            )));
        }
        Ok(())
    }

    /// How many runs the plan makes.
    pub fn runs(&self) -> u64 {
        2 + (self.latencies_ms.len() * self.balancers.len()) as u64 * u64::from(self.reps)
    }
}

/// The program's source in this tree.
pub fn source() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../examples/fracture-fem/fracture.c")
}

/// Builds the program with this tree's `arts-mpicc` into `dir`.
pub fn build_program(dir: &Path) -> Result<PathBuf, StudyError> {
    let wrapper = Path::new(env!("CARGO_MANIFEST_DIR")).join("../arts-ampi-c/bin/arts-mpicc");
    let out = dir.join("fracture.so");
    let status = Command::new("sh")
        .arg(&wrapper)
        .arg("-O2")
        .arg(source())
        .arg("-o")
        .arg(&out)
        .arg("-lm")
        .status()
        .map_err(|e| StudyError::Failed(format!("cannot run {}: {e}", wrapper.display())))?;
    if !status.success() {
        return Err(StudyError::Failed(format!(
            "arts-mpicc could not build {}",
            source().display()
        )));
    }
    Ok(out)
}

/// One run's program output, parsed.
#[derive(Clone, Debug, Default)]
pub struct ProgramRun {
    /// Steps.
    pub steps: u32,
    /// Total seconds (the program's `MPI_Wtime`, slowest rank).
    pub total_s: f64,
    /// Rank 0's wall time at each report row: (step, seconds).
    pub wall: Vec<(u32, f64)>,
    /// heaviest ÷ median chunk cost at each report row: (step, ratio).
    pub imbalance: Vec<(u32, f64)>,
    /// The energy balance's largest relative error.
    pub energy_error: f64,
    /// Cracked faces at the end.
    pub cracked: u32,
    /// The displacements' checksum line.
    pub checksum: String,
}

/// Parses the program's stdout.
pub fn parse_program(out: &str) -> Result<ProgramRun, String> {
    let mut run = ProgramRun::default();
    let after = |line: &str, key: &str| -> Option<String> {
        let at = line.find(key)? + key.len();
        line[at..].split_whitespace().next().map(str::to_string)
    };
    let num = |s: Option<String>| s.and_then(|v| v.trim_end_matches(',').parse::<f64>().ok());
    for line in out.lines() {
        let cols: Vec<&str> = line.split_whitespace().collect();
        if cols.len() == 13
            && let Ok(step) = cols[0].parse::<u32>()
        {
            let (imb, wall) = (cols[11].parse::<f64>(), cols[12].parse::<f64>());
            if let (Ok(imb), Ok(wall)) = (imb, wall) {
                run.imbalance.push((step, imb));
                run.wall.push((step, wall));
            }
        } else if line.starts_with("fracture: energy balance") {
            run.energy_error = num(after(line, "max error ")).ok_or("energy line")?;
        } else if line.starts_with("fracture: crack tip") {
            run.cracked = num(after(line, "m, ")).ok_or("crack line")? as u32;
        } else if line.starts_with("fracture: checksum") {
            run.checksum = line.to_string();
        } else if line.starts_with("fracture: time") {
            run.total_s = num(after(line, "time ")).ok_or("time line")?;
        } else if line.starts_with("fracture: dt") {
            run.steps = num(after(line, "m/s, ")).ok_or("dt line")? as u32;
        }
    }
    if run.checksum.is_empty() || run.wall.is_empty() || run.steps == 0 {
        return Err(format!("the program's output lacks its summary: {out}"));
    }
    Ok(run)
}

/// Runs `arts ampi run` with `arts_args` on the program with `args`.
fn run_arts(
    ready: &Ready,
    arts_args: &[String],
    args: &[String],
) -> Result<ProgramRun, StudyError> {
    let plan = ready.plan;
    let out = Command::new(&plan.arts)
        .args([
            "ampi",
            "run",
            "--vp",
            &plan.vp.to_string(),
            "--pes",
            &plan.pes.to_string(),
        ])
        .args(arts_args)
        .arg(&ready.program)
        .arg("--")
        .args(&plan.mesh_args)
        .args(args)
        .output()
        .map_err(|e| StudyError::Failed(format!("cannot run {}: {e}", plan.arts.display())))?;
    let stdout = String::from_utf8_lossy(&out.stdout);
    if !out.status.success() {
        let err = String::from_utf8_lossy(&out.stderr);
        return Err(StudyError::Failed(format!(
            "arts ampi run {} failed: {}",
            arts_args.join(" "),
            err.lines()
                .find(|l| l.starts_with("error"))
                .unwrap_or(err.trim())
        )));
    }
    parse_program(&stdout).map_err(StudyError::Failed)
}

fn strings(v: &[&str]) -> Vec<String> {
    v.iter().map(|s| s.to_string()).collect()
}

/// The utilization runs: `none` and `plan.lb`, each traced.
fn utilization_runs(
    ready: &Ready,
    progress: &mut dyn FnMut(&str),
) -> Result<Vec<UtilizationRun>, StudyError> {
    let plan = ready.plan;
    let mut runs = Vec::new();
    for lb in ["none", plan.lb.as_str()] {
        progress(&format!("utilization, lb {lb}"));
        let trace = ready.scratch.join(format!("trace-{lb}.json"));
        let mut a = strings(&["--trace", trace.to_str().unwrap_or_default()]);
        if lb != "none" {
            a.extend(strings(&["--lb", lb, "--lb-period", "1"]));
        }
        let args = vec![
            "--steps".to_string(),
            plan.steps.to_string(),
            "--migrate".into(),
            plan.migrate.to_string(),
            "--print".into(),
            plan.migrate.min(100).to_string(),
        ];
        let run = run_arts(ready, &a, &args)?;
        let util = utilization_of_trace(&trace, plan.bins).map_err(StudyError::Failed)?;
        let _ = std::fs::remove_file(&trace);
        let (least_busy_pe, busy_spread) = util.least_and_spread();
        runs.push(UtilizationRun {
            lb: lb.to_string(),
            run_mean_step_s: run.total_s / f64::from(run.steps),
            energy_error: run.energy_error,
            checksum: run.checksum,
            imbalance: run.imbalance,
            utilization: util,
            least_busy_pe,
            busy_spread,
        });
    }
    Ok(runs)
}

/// The grid sweep: every latency × balancer, `reps` times interleaved.
fn grid_runs(ready: &Ready, progress: &mut dyn FnMut(&str)) -> Result<Vec<GridRow>, StudyError> {
    let plan = ready.plan;
    let mut samples: Vec<Vec<(f64, f64)>> =
        vec![Vec::new(); plan.latencies_ms.len() * plan.balancers.len()];
    let args = strings(&[
        "--steps",
        &WINDOW.1.to_string(),
        "--print",
        &BARRIER_EVERY.to_string(),
        "--barrier",
        &BARRIER_EVERY.to_string(),
        "--migrate",
        &LB_STEP.to_string(),
    ]);
    for _ in 0..plan.reps {
        for (li, &lat) in plan.latencies_ms.iter().enumerate() {
            for (bi, b) in plan.balancers.iter().enumerate() {
                progress(&format!("grid, {lat} ms, {b}"));
                let mut a = strings(&["--clusters", "2", "--latency", &format!("{lat}ms")]);
                if b != "none" {
                    a.extend(strings(&["--lb", b, "--lb-period", "1"]));
                }
                let run = run_arts(ready, &a, &args)?;
                let at = |s: u32| run.wall.iter().find(|w| w.0 == s).map(|w| w.1);
                let (Some(t0), Some(t1)) = (at(WINDOW.0), at(WINDOW.1)) else {
                    return Err(StudyError::Failed(
                        "the run lacks the rows of steps 600 and 700".into(),
                    ));
                };
                let window = (t1 - t0) / f64::from(WINDOW.1 - WINDOW.0);
                samples[li * plan.balancers.len() + bi]
                    .push((window, run.total_s / f64::from(run.steps)));
            }
        }
    }
    let mut rows = Vec::new();
    for (li, &lat) in plan.latencies_ms.iter().enumerate() {
        for (bi, b) in plan.balancers.iter().enumerate() {
            let mut s = samples[li * plan.balancers.len() + bi].clone();
            s.sort_by(|x, y| x.0.total_cmp(&y.0));
            let (window, mean) = s[s.len() / 2];
            rows.push(GridRow {
                pes: plan.pes,
                latency_ms: lat,
                balancer: b.clone(),
                step_600_700_ms: window * 1e3,
                mean_step_ms: mean * 1e3,
            });
        }
    }
    Ok(rows)
}

/// Runs the experiment.
pub fn run(plan: &Plan, progress: &mut dyn FnMut(&str)) -> Result<FractureFemReport, StudyError> {
    plan.check()?;
    let dir = tempfile::tempdir()
        .map_err(|e| StudyError::Failed(format!("cannot make a temporary folder: {e}")))?;
    let program = match &plan.program {
        Some(p) => p.clone(),
        None => {
            progress("building fracture.so");
            build_program(dir.path())?
        }
    };
    let ready = Ready {
        plan,
        program,
        scratch: dir.path().to_path_buf(),
    };
    let utilization = utilization_runs(&ready, progress)?;
    let grid = grid_runs(&ready, progress)?;
    Ok(FractureFemReport::new(plan, utilization, grid))
}

#[cfg(test)]
mod tests {
    use super::*;

    const OUT: &str = "\
fracture: 2-D plane strain CST, 1024 triangles, 594 nodes (33 on the crack plane y=0.025), 32 cohesive sites, 4 chunks
fracture: dt 1.887e-07 s (stable 3.773e-07 s, c_d 5856.4 m/s), v0 4 m/s, 200 steps
  step        time     kinetic     elastic     plastic    cohesive        work   balance cracks  plast  yield    imb      wall
   100  1.8866e-05 6.87086e+01 1.65110e+02 8.47119e+01 0.00000e+00 3.18520e+02  3.29e-05      6     80     80   1.50    0.0025
   200  3.7732e-05 9.06056e+01 2.54994e+02 5.81086e+02 0.00000e+00 9.26310e+02  4.05e-04      6    168    118   2.25    0.0060
fracture: energy balance max error 4.05e-04 (kinetic+elastic+plastic+cohesive vs initial kinetic+work)
fracture: crack tip x = 0.01875 m, 6 of 32 faces cracked, 168 plastic elements
fracture: checksum sum|u| 0.1 bits 00ff
fracture: time 0.0100 s, mean step 0.000050 s
ampi ./fracture.so  ranks 4  PEs 2
";

    #[test]
    fn the_programs_report_is_read() {
        let r = parse_program(OUT).unwrap();
        assert_eq!(r.steps, 200);
        assert_eq!(r.wall, vec![(100, 0.0025), (200, 0.0060)]);
        assert_eq!(r.imbalance, vec![(100, 1.5), (200, 2.25)]);
        assert_eq!(r.energy_error, 4.05e-4);
        assert_eq!(r.cracked, 6);
        assert_eq!(r.total_s, 0.01);
        assert!(r.checksum.ends_with("bits 00ff"));
        // A run that stopped before its summary is an error, not zeros.
        assert!(parse_program(&OUT[..400]).is_err());
    }

    #[test]
    fn a_plan_with_bad_options_is_refused_before_any_run() {
        let plan = Plan {
            arts: PathBuf::from("arts"),
            program: None,
            vp: 16,
            pes: 2,
            mesh_args: Vec::new(),
            steps: 800,
            migrate: 200,
            lb: "greedy".into(),
            bins: 10,
            latencies_ms: vec![0.0, 1.0],
            balancers: vec!["none".into(), "grid-comm".into()],
            reps: 1,
        };
        assert!(plan.check().is_ok());
        assert_eq!(plan.runs(), 2 + 4);
        let bad = |p: Plan, needle: &str| match p.check() {
            Err(StudyError::Usage(m)) => assert!(m.contains(needle), "{m}"),
            other => panic!("{other:?}"),
        };
        bad(
            Plan {
                pes: 3,
                vp: 16,
                ..plan.clone()
            },
            "even PE count",
        );
        bad(
            Plan {
                migrate: 800,
                ..plan.clone()
            },
            "--migrate 800",
        );
        bad(
            Plan {
                balancers: vec!["fastest".into()],
                ..plan.clone()
            },
            "'fastest' is not known",
        );
        bad(
            Plan {
                latencies_ms: vec![-1.0],
                ..plan.clone()
            },
            "latency -1",
        );
        bad(
            Plan {
                program: Some(PathBuf::from("/nonexistent.so")),
                ..plan
            },
            "does not exist",
        );
    }
}
