//! The drift-diffusion paper's MPI program on three MPIs (`arts experiment
//! ddm-mpi`, `docs/ddm-mpi.md`): the C program of `examples/ddm-mpi`
//! built with Open MPI's, MPICH's and arts' compilers and run beside arts'
//! Rust `--parallel static` solver on the same decomposition (S = P
//! segments), under arts' AMPI also over-decomposed (S = 4P) with
//! `AMPI_Migrate` balancing; and the paper's Fig. 11 pack benchmark on the
//! three. The runs alternate (every system once per repeat) and the
//! medians are compared. A missing MPI (MPICH most often) skips its rows
//! with one note.

pub mod programs;
mod report;

pub use report::DdmMpiReport;

use std::path::PathBuf;

use serde::Serialize;

use crate::StudyError;

use programs::{Launch, Mpi, Tools};

/// What to run.
#[derive(Clone, Debug)]
pub struct Plan {
    /// Sources, `arts-mpicc` and the `arts` binary.
    pub tools: Tools,
    /// Where the programs are built (a scratch folder).
    pub scratch: PathBuf,
    /// The device file (TOML, the subset the C program reads).
    pub device: PathBuf,
    /// Bias points, V (empty: the device file's).
    pub biases: Vec<f64>,
    /// Processes (Open MPI, MPICH, the Rust solver) and PEs (AMPI): P.
    pub pes: u32,
    /// Residual reduction every K iterations (1: the paper's, every step).
    pub check_every: usize,
    /// Convergence tolerance, V.
    pub tolerance_v: f64,
    /// AMPI with S = 4P: `AMPI_Migrate` every this many iterations.
    pub migrate_every: u64,
    /// AMPI with S = 4P: arts' load balancer at each `AMPI_Migrate`.
    pub lb: String,
    /// Times each system is run (alternating); the median is reported.
    pub repeats: usize,
    /// Fig. 11: round trips per timed loop.
    pub pack_iterations: u64,
    /// Fig. 11: timed loops per mode (alternating modes).
    pub pack_rounds: u64,
}

/// One system of the comparison.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum System {
    /// arts' Rust solver, `arts run ddm --parallel static` under `mpirun`.
    #[serde(rename = "rust-static")]
    RustStatic,
    /// The C program under Open MPI.
    #[serde(rename = "c-openmpi")]
    COpenMpi,
    /// The C program under MPICH.
    #[serde(rename = "c-mpich")]
    CMpich,
    /// The C program under arts' AMPI, one rank per PE (S = P).
    #[serde(rename = "c-ampi")]
    CAmpi,
    /// The C program under arts' AMPI, S = 4P ranks, `AMPI_Migrate` balancing.
    #[serde(rename = "c-ampi-4p-migrate")]
    CAmpiMigrate,
}

impl System {
    /// Its name in the rows, CSV and legends.
    pub fn name(self) -> &'static str {
        match self {
            System::RustStatic => "rust-static",
            System::COpenMpi => "c-openmpi",
            System::CMpich => "c-mpich",
            System::CAmpi => "c-ampi",
            System::CAmpiMigrate => "c-ampi-4p-migrate",
        }
    }

    fn mpi(self) -> Option<Mpi> {
        match self {
            System::RustStatic => None,
            System::COpenMpi => Some(Mpi::OpenMpi),
            System::CMpich => Some(Mpi::Mpich),
            System::CAmpi | System::CAmpiMigrate => Some(Mpi::Ampi),
        }
    }
}

/// One system's result: the median of its repeats, the numbers of its
/// last run.
#[derive(Clone, Debug, Serialize)]
pub struct RunRow {
    /// Which system.
    pub system: System,
    /// The MPI library the program reported.
    pub mpi_library: String,
    /// Ranks (segments).
    pub ranks: u32,
    /// PEs / processes.
    pub pes: u32,
    /// Every bias point converged.
    pub converged: bool,
    /// Iterations per bias point.
    pub iterations: Vec<u64>,
    /// Terminal current per bias point, A/cm².
    pub currents_a_per_cm2: Vec<f64>,
    /// Solve time of every repeat (the bias points' times summed), s.
    pub times_s: Vec<f64>,
    /// Their median, s.
    pub time_s: f64,
    /// `time_s` over the Rust solver's (when it ran).
    pub vs_rust_static: Option<f64>,
    /// `time_s` over the C program's under Open MPI (when it ran).
    pub vs_openmpi: Option<f64>,
    /// Largest relative difference of a current from the Rust solver's
    /// (else Open MPI's C run's); 0 where both are 0.
    pub max_current_rel_diff: Option<f64>,
    /// `AMPI_Migrate` every this many iterations (0: never).
    pub migrate_every: u64,
    /// Ranks the balancer moved (AMPI), in the last repeat.
    pub migrations: u64,
}

/// One mode of Fig. 11 on one MPI.
#[derive(Clone, Debug, Serialize)]
pub struct PackRow {
    /// Which MPI.
    pub mpi: Mpi,
    /// `packed`, `vector`, `indexed` or `contiguous`.
    pub mode: String,
    /// Median time per 624-byte message, µs.
    pub median_us: f64,
    /// Over the `packed` mode's on the same MPI.
    pub vs_packed: f64,
    /// Every received boundary held the sent values.
    pub valid: bool,
}

/// The study's rows and notes.
#[derive(Clone, Debug, Serialize)]
pub struct DdmMpiResult {
    /// One row per system that ran.
    pub runs: Vec<RunRow>,
    /// Fig. 11 rows.
    pub pack: Vec<PackRow>,
    /// Systems skipped, and why (one line each).
    pub notes: Vec<String>,
}

/// The device file to run: `device` if given, else preset `preset`
/// written into `scratch`.
pub fn device_file(
    device: Option<&std::path::Path>,
    preset: &str,
    scratch: &std::path::Path,
) -> Result<PathBuf, StudyError> {
    if let Some(d) = device {
        return Ok(d.to_path_buf());
    }
    let text =
        arts_ddm::presets::preset_text(preset).map_err(|e| StudyError::Usage(e.to_string()))?;
    let path = scratch.join(format!("{preset}.toml"));
    std::fs::write(&path, text)
        .map_err(|e| StudyError::Failed(format!("{}: {e}", path.display())))?;
    Ok(path)
}

/// The `arts` binary that runs the Rust solver and AMPI: `given` (`--arts`)
/// if it is a file, else this process's own.
pub fn arts_binary(given: Option<&std::path::Path>) -> Result<PathBuf, StudyError> {
    match given {
        Some(a) if !a.is_file() => Err(StudyError::Usage(format!(
            "--arts {}: no such file",
            a.display()
        ))),
        Some(a) => Ok(a.to_path_buf()),
        None => std::env::current_exe()
            .map_err(|e| StudyError::Failed(format!("cannot find the arts binary: {e}"))),
    }
}

impl Plan {
    /// Checks the options before any work.
    pub fn check(&self) -> Result<(), StudyError> {
        let usage = |m: String| Err(StudyError::Usage(m));
        if self.pes == 0 {
            return usage("--pes must be at least 1".into());
        }
        if self.check_every == 0 || 100 % self.check_every != 0 {
            return usage(format!(
                "--check-every {} must divide 100 (1, 2, 4, 5, 10, 20, 25, 50 or 100)",
                self.check_every
            ));
        }
        if !(self.tolerance_v.is_finite() && self.tolerance_v > 0.0) {
            return usage(format!(
                "--tolerance {} must be a positive number of volts",
                self.tolerance_v
            ));
        }
        if self.repeats == 0 || self.pack_iterations == 0 || self.pack_rounds == 0 {
            return usage(
                "--repeats, --pack-iterations and --pack-rounds must be at least 1".into(),
            );
        }
        if self.biases.iter().any(|b| !b.is_finite()) {
            return usage("--bias takes finite voltages".into());
        }
        if !self.device.is_file() {
            return usage(format!("device file {} not found", self.device.display()));
        }
        if !self.tools.source.join("ddm.c").is_file() {
            return usage(format!(
                "the C sources are not in {} (give --source examples/ddm-mpi)",
                self.tools.source.display()
            ));
        }
        Ok(())
    }

    fn program_args(&self) -> Vec<String> {
        let mut a = vec![
            "--device".to_string(),
            self.device.display().to_string(),
            "--check-every".into(),
            self.check_every.to_string(),
            "--tolerance".into(),
            self.tolerance_v.to_string(),
        ];
        if !self.biases.is_empty() {
            a.push("--bias".into());
            a.push(biases(&self.biases));
        }
        a
    }
}

fn biases(b: &[f64]) -> String {
    b.iter().map(f64::to_string).collect::<Vec<_>>().join(",")
}

/// One run's numbers.
struct Sample {
    library: String,
    converged: bool,
    iterations: Vec<u64>,
    currents: Vec<f64>,
    time_s: f64,
    migrations: u64,
}

/// Reads the per-bias records both JSON forms share (`biases[]` with
/// `iterations`, `terminal_current_a_per_cm2`, `time_s`).
fn sample(v: &serde_json::Value, library: String, migrations: u64) -> Result<Sample, String> {
    let pts = v["biases"]
        .as_array()
        .ok_or("the run printed no bias points")?;
    let f = |p: &serde_json::Value, k: &str| p[k].as_f64();
    Ok(Sample {
        library,
        converged: v["converged"].as_bool() == Some(true),
        iterations: pts
            .iter()
            .map(|p| p["iterations"].as_u64().unwrap_or(0))
            .collect(),
        currents: pts
            .iter()
            .map(|p| f(p, "terminal_current_a_per_cm2").unwrap_or(f64::NAN))
            .collect(),
        time_s: pts.iter().filter_map(|p| f(p, "time_s")).sum(),
        migrations,
    })
}

/// Runs the study; `progress` is told what runs next.
pub fn run(plan: &Plan, progress: &mut dyn FnMut(&str)) -> Result<DdmMpiResult, StudyError> {
    plan.check()?;
    let failed = StudyError::Failed;
    std::fs::create_dir_all(&plan.scratch)
        .map_err(|e| failed(format!("{}: {e}", plan.scratch.display())))?;
    let mut notes = Vec::new();
    let mut built = Vec::new();
    for mpi in Mpi::ALL {
        if let Some(why) = mpi.missing(&plan.tools) {
            let hint = if mpi == Mpi::Mpich {
                " (apt-get install mpich)"
            } else {
                ""
            };
            notes.push(format!("{} rows skipped: {why}{hint}", mpi.name()));
            continue;
        }
        progress(&format!("build for {}", mpi.name()));
        built.push(programs::build(&plan.tools, mpi, &plan.scratch).map_err(failed)?);
    }
    let program = |mpi: Mpi| built.iter().find(|b| b.mpi == mpi);
    let p = plan.pes;
    let args = plan.program_args();
    let mut systems = vec![System::RustStatic];
    for s in [
        System::COpenMpi,
        System::CMpich,
        System::CAmpi,
        System::CAmpiMigrate,
    ] {
        if s.mpi().and_then(program).is_some() {
            systems.push(s);
        }
    }
    let mut samples: Vec<(System, Vec<Sample>)> =
        systems.iter().map(|&s| (s, Vec::new())).collect();
    for rep in 0..plan.repeats {
        for (system, got) in samples.iter_mut() {
            progress(&format!(
                "{} (run {} of {})",
                system.name(),
                rep + 1,
                plan.repeats
            ));
            let one = match system.mpi() {
                None => {
                    let mut a = vec!["--device".to_string(), plan.device.display().to_string()];
                    a.extend(args[2..].iter().cloned());
                    programs::rust_static(&plan.tools, p, &a)
                        .and_then(|v| sample(&v, "arts (Rust, Open MPI transport)".into(), 0))
                }
                Some(mpi) => {
                    let b = program(mpi).expect("built above");
                    let migrate = *system == System::CAmpiMigrate;
                    let how = Launch {
                        ranks: if migrate { 4 * p } else { p },
                        pes: p,
                        lb: if migrate {
                            plan.lb.clone()
                        } else {
                            "none".into()
                        },
                        limit_s: programs::RUN_LIMIT_S,
                    };
                    let mut a = args.clone();
                    if migrate {
                        a.extend(["--migrate-every".into(), plan.migrate_every.to_string()]);
                    }
                    programs::launch(&plan.tools, mpi, &b.ddm, &how, &a).and_then(|out| {
                        let moves = out
                            .summary
                            .as_ref()
                            .and_then(|s| s["rank_moves"].as_u64())
                            .unwrap_or(0);
                        let lib = out.program["mpi_library"]
                            .as_str()
                            .unwrap_or("")
                            .to_string();
                        sample(&out.program, lib, moves)
                    })
                }
            };
            match one {
                Ok(s) => got.push(s),
                Err(e) if *system == System::RustStatic && rep == 0 => {
                    notes.push(format!("rust-static row skipped: {e}"));
                }
                Err(e) => return Err(failed(format!("{}: {e}", system.name()))),
            }
        }
    }
    let runs = rows(plan, samples);
    progress("Fig. 11 pack benchmark");
    let mut pack = Vec::new();
    for b in &built {
        let how = Launch {
            ranks: 2,
            pes: 2,
            lb: "none".into(),
            limit_s: programs::RUN_LIMIT_S,
        };
        let a = vec![
            "--iterations".to_string(),
            plan.pack_iterations.to_string(),
            "--rounds".into(),
            plan.pack_rounds.to_string(),
        ];
        let out = programs::launch(&plan.tools, b.mpi, &b.pack, &how, &a)
            .map_err(|e| failed(format!("pack benchmark on {}: {e}", b.mpi.name())))?;
        pack.extend(pack_rows(b.mpi, &out.program));
    }
    Ok(DdmMpiResult { runs, pack, notes })
}

/// The rows of the samples: medians and ratios.
fn rows(plan: &Plan, samples: Vec<(System, Vec<Sample>)>) -> Vec<RunRow> {
    let mut runs: Vec<RunRow> = samples
        .into_iter()
        .filter(|(_, s)| !s.is_empty())
        .map(|(system, s)| {
            let times: Vec<f64> = s.iter().map(|x| x.time_s).collect();
            let last = s.last().expect("not empty");
            let migrate = system == System::CAmpiMigrate;
            RunRow {
                system,
                mpi_library: last.library.clone(),
                ranks: if migrate { 4 * plan.pes } else { plan.pes },
                pes: plan.pes,
                converged: s.iter().all(|x| x.converged),
                iterations: last.iterations.clone(),
                currents_a_per_cm2: last.currents.clone(),
                time_s: arts_util::stats::median(&times),
                times_s: times,
                vs_rust_static: None,
                vs_openmpi: None,
                max_current_rel_diff: None,
                migrate_every: if migrate { plan.migrate_every } else { 0 },
                migrations: last.migrations,
            }
        })
        .collect();
    let find = |runs: &[RunRow], s: System| runs.iter().find(|r| r.system == s).cloned();
    let rust = find(&runs, System::RustStatic);
    let ompi = find(&runs, System::COpenMpi);
    for r in runs.iter_mut() {
        r.vs_rust_static = rust.as_ref().map(|b| r.time_s / b.time_s);
        r.vs_openmpi = ompi.as_ref().map(|b| r.time_s / b.time_s);
        let base = rust
            .as_ref()
            .or(ompi.as_ref())
            .filter(|b| b.system != r.system);
        r.max_current_rel_diff =
            base.map(|b| current_diff(&r.currents_a_per_cm2, &b.currents_a_per_cm2));
    }
    runs
}

/// Largest |a − b| / max(|a|, |b|) over the bias points (0 where both are 0).
pub fn current_diff(a: &[f64], b: &[f64]) -> f64 {
    if a.len() != b.len() {
        return f64::INFINITY;
    }
    a.iter()
        .zip(b)
        .map(|(x, y)| {
            let scale = x.abs().max(y.abs());
            if scale == 0.0 {
                0.0
            } else {
                (x - y).abs() / scale
            }
        })
        .fold(0.0, f64::max)
}

fn pack_rows(mpi: Mpi, v: &serde_json::Value) -> Vec<PackRow> {
    let modes = v["modes"].as_array().cloned().unwrap_or_default();
    let med = |m: &serde_json::Value| m["median_us"].as_f64().unwrap_or(f64::NAN);
    let packed = modes
        .iter()
        .find(|m| m["mode"] == "packed")
        .map_or(f64::NAN, med);
    modes
        .iter()
        .map(|m| PackRow {
            mpi,
            mode: m["mode"].as_str().unwrap_or("").to_string(),
            median_us: med(m),
            vs_packed: med(m) / packed,
            valid: v["valid"].as_bool() == Some(true),
        })
        .collect()
}

/// The files of a result: `ddm_mpi.csv`, `ddm_mpi_pack.csv`,
/// `ddm_mpi.json` and the charts `ddm_mpi_time.svg`, `ddm_mpi_pack.svg`.
pub fn files(result: &DdmMpiResult) -> Result<Vec<(String, String)>, String> {
    let opt = |x: Option<f64>| x.map_or(String::new(), |v| format!("{v:.4}"));
    let runs = result.runs.iter().map(|r| {
        vec![
            r.system.name().to_string(),
            r.ranks.to_string(),
            r.pes.to_string(),
            r.converged.to_string(),
            r.iterations
                .iter()
                .map(u64::to_string)
                .collect::<Vec<_>>()
                .join(" "),
            r.currents_a_per_cm2
                .iter()
                .map(|c| format!("{c:e}"))
                .collect::<Vec<_>>()
                .join(" "),
            format!("{:.6}", r.time_s),
            opt(r.vs_rust_static),
            opt(r.vs_openmpi),
            r.max_current_rel_diff
                .map_or(String::new(), |d| format!("{d:e}")),
            r.migrations.to_string(),
        ]
    });
    let runs_csv = arts_util::chart::csv_text(
        &[
            "system",
            "ranks",
            "pes",
            "converged",
            "iterations",
            "currents_a_per_cm2",
            "time_s",
            "vs_rust_static",
            "vs_openmpi",
            "max_current_rel_diff",
            "migrations",
        ],
        runs,
    );
    let pack = result.pack.iter().map(|p| {
        vec![
            p.mpi.name().to_string(),
            p.mode.clone(),
            format!("{:.4}", p.median_us),
            format!("{:.4}", p.vs_packed),
            p.valid.to_string(),
        ]
    });
    let pack_csv =
        arts_util::chart::csv_text(&["mpi", "mode", "median_us", "vs_packed", "valid"], pack);
    let json = serde_json::to_string_pretty(result).map_err(|e| e.to_string())?;
    let mut out = vec![
        ("ddm_mpi.csv".to_string(), runs_csv),
        ("ddm_mpi_pack.csv".to_string(), pack_csv),
        ("ddm_mpi.json".to_string(), json),
    ];
    for (name, chart) in charts(result) {
        out.push((name, chart.svg().map_err(|e| e.to_string())?));
    }
    Ok(out)
}

/// The charts: solve time per system (one marker each, the systems at x =
/// 1, 2, …, named in the legend), and Fig. 11 — time per message against
/// the mode (1 packed, 2 vector, 3 indexed, 4 contiguous), one curve per MPI.
pub fn charts(result: &DdmMpiResult) -> Vec<(String, arts_util::chart::Chart)> {
    use arts_util::chart::{Chart, Series};
    let time = Chart {
        title: "DDM solve time per system (median)".into(),
        x_label: "system (see legend)".into(),
        y_label: "seconds".into(),
        series: result
            .runs
            .iter()
            .enumerate()
            .map(|(k, r)| Series {
                name: format!("{} (S={}, P={})", r.system.name(), r.ranks, r.pes),
                points: vec![((k + 1) as f64, r.time_s)],
            })
            .collect(),
        ..Chart::default()
    };
    let modes = ["packed", "vector", "indexed", "contiguous"];
    let mut mpis: Vec<Mpi> = result.pack.iter().map(|p| p.mpi).collect();
    mpis.dedup();
    let pack = Chart {
        title: "Fig. 11: a 3 x 26-double boundary, packed vs derived datatype".into(),
        x_label: "mode (1 MPI_Pack, 2 vector, 3 indexed, 4 contiguous)".into(),
        y_label: "microseconds per message".into(),
        series: mpis
            .iter()
            .map(|&m| Series {
                name: m.name().to_string(),
                points: result
                    .pack
                    .iter()
                    .filter(|p| p.mpi == m && p.median_us.is_finite())
                    .filter_map(|p| {
                        let x = modes.iter().position(|&n| n == p.mode)?;
                        Some(((x + 1) as f64, p.median_us))
                    })
                    .collect(),
            })
            .collect(),
        ..Chart::default()
    };
    vec![
        ("ddm_mpi_time.svg".into(), time),
        ("ddm_mpi_pack.svg".into(), pack),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn current_differences_are_relative_and_zero_for_zero() {
        assert_eq!(current_diff(&[0.0, 2.0], &[0.0, 2.0]), 0.0);
        assert!((current_diff(&[0.0, 2.0], &[0.0, 2.002]) - 0.002 / 2.002).abs() < 1e-15);
        assert_eq!(current_diff(&[1.0], &[1.0, 2.0]), f64::INFINITY);
    }

    #[test]
    fn pack_rows_are_relative_to_the_packed_mode() {
        let v = serde_json::json!({"valid": true, "modes": [
            {"mode": "packed", "median_us": 2.0},
            {"mode": "vector", "median_us": 1.0}]});
        let rows = pack_rows(Mpi::Mpich, &v);
        assert_eq!(rows.len(), 2);
        assert_eq!(rows[1].vs_packed, 0.5);
        assert!(rows.iter().all(|r| r.valid));
    }

    #[test]
    fn a_named_binary_must_exist_and_a_preset_is_written_out() {
        let e = arts_binary(Some(std::path::Path::new("/no/such/arts"))).unwrap_err();
        assert_eq!(e.to_string(), "--arts /no/such/arts: no such file");
        let dir = std::env::temp_dir();
        let path = device_file(None, "si-pn", &dir).unwrap();
        assert!(std::fs::read_to_string(&path).unwrap().contains('['));
        assert!(matches!(
            device_file(None, "bogus", &dir),
            Err(StudyError::Usage(_))
        ));
    }

    #[test]
    fn the_table_has_a_row_per_system_and_the_notes() {
        let v = serde_json::json!({"valid": true, "modes": [{"mode": "packed", "median_us": 2.0}]});
        let result = DdmMpiResult {
            runs: vec![],
            pack: pack_rows(Mpi::Mpich, &v),
            notes: vec!["MPICH: not installed".into()],
        };
        let report = DdmMpiReport {
            device: "d.toml".into(),
            pes: 2,
            check_every: 10,
            result: &result,
            files: vec![],
        };
        let t = report.table();
        assert!(t.starts_with("ddm-mpi  device d.toml  P = 2  reduction every 10 step(s)\n"));
        assert!(t.ends_with("note: MPICH: not installed\n"), "{t}");
        assert_eq!(t.lines().count(), 5, "{t}");
    }

    #[test]
    fn json_names_are_the_row_names() {
        for s in [
            System::RustStatic,
            System::COpenMpi,
            System::CMpich,
            System::CAmpi,
            System::CAmpiMigrate,
        ] {
            assert_eq!(serde_json::to_value(s).unwrap(), s.name());
        }
        for m in Mpi::ALL {
            assert_eq!(serde_json::to_value(m).unwrap(), m.name());
        }
    }

    #[test]
    fn bad_plans_are_refused_before_any_work() {
        let plan = Plan {
            tools: Tools::of_this_tree("arts".into()),
            scratch: std::env::temp_dir(),
            device: "/nonexistent.toml".into(),
            biases: vec![],
            pes: 2,
            check_every: 3,
            tolerance_v: 1e-9,
            migrate_every: 1000,
            lb: "refine".into(),
            repeats: 1,
            pack_iterations: 1,
            pack_rounds: 1,
        };
        let e = plan.check().unwrap_err().to_string();
        assert!(e.contains("--check-every 3"), "{e}");
        let plan = Plan {
            check_every: 10,
            ..plan
        };
        let e = plan.check().unwrap_err().to_string();
        assert!(e.contains("not found"), "{e}");
    }
}
