//! The C MPI program's rows of the study (`examples/ddm-mpi`, the paper's
//! MPI version): at each segment count S of the sweep, the program with S
//! ranks under Open MPI and MPICH (S processes), and under arts' AMPI (S
//! ranks on P PEs) without and with `AMPI_Migrate` balancing; with the
//! study's `app` balancing also cut as arts' `app` rows are (`--cut`, the
//! same rows by measured cost: the paper's application-level balancing for
//! every system). Each row is
//! checked against the sequential solver: the program converged and its
//! terminal current agrees (see [`agrees`]). A missing MPI skips its rows
//! with one note; a run that fails or passes the time limit ends its
//! system's sweep (larger S would take longer) with one note.

use std::path::PathBuf;
use std::time::Instant;

use super::{Balancing, Run, System};
use crate::ddm_mpi::programs::{self, Launch, Mpi, Tools};

/// How the C program's rows are run.
#[derive(Clone, Debug)]
pub struct CPlan {
    /// Sources, `arts-mpicc` and the `arts` binary (AMPI).
    pub tools: Tools,
    /// Where the programs are built.
    pub scratch: PathBuf,
    /// The device file the program reads (TOML, its subset).
    pub device: PathBuf,
    /// The systems to run.
    pub systems: Vec<CSystem>,
    /// Seconds one run may take; a run stopped at it ends its system's sweep.
    pub limit_s: u64,
    /// AMPI with balancing: `AMPI_Migrate` every this many iterations.
    pub migrate_every: u64,
    /// AMPI with balancing: arts' load balancer at each `AMPI_Migrate`.
    pub lb: String,
}

/// One system of the C program (`--c-systems`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "clap", derive(clap::ValueEnum))]
pub enum CSystem {
    /// Open MPI, S processes.
    Openmpi,
    /// MPICH, S processes.
    Mpich,
    /// arts' AMPI, S ranks on P PEs, no balancing.
    Ampi,
    /// arts' AMPI, S ranks on P PEs, `AMPI_Migrate` balancing.
    AmpiMigrate,
}

impl CSystem {
    fn mpi(self) -> Mpi {
        match self {
            CSystem::Openmpi => Mpi::OpenMpi,
            CSystem::Mpich => Mpi::Mpich,
            CSystem::Ampi | CSystem::AmpiMigrate => Mpi::Ampi,
        }
    }

    /// Its name in the CSV and legends (the balancing tells the two AMPI
    /// systems apart: `none`, or `system` with `AMPI_Migrate`).
    pub fn name(self) -> &'static str {
        match self {
            CSystem::Openmpi => "c-openmpi",
            CSystem::Mpich => "c-mpich",
            CSystem::Ampi | CSystem::AmpiMigrate => "c-ampi",
        }
    }

    /// Its balancing: `AMPI_Migrate` is system-level balancing; a cut
    /// by measured cost adds the application-level one.
    fn balancing(self, by_cost: bool) -> Balancing {
        match (self, by_cost) {
            (CSystem::AmpiMigrate, false) => Balancing::System,
            (CSystem::AmpiMigrate, true) => Balancing::Both,
            (_, false) => Balancing::None,
            (_, true) => Balancing::App,
        }
    }
}

/// How many builds `systems` need: one per MPI among them.
pub fn builds(systems: &[CSystem]) -> usize {
    (Mpi::ALL.iter())
        .filter(|&&m| systems.iter().any(|s| s.mpi() == m))
        .count()
}

/// The sequential solver's answer the rows are checked against.
#[derive(Clone, Copy, Debug)]
pub struct Reference {
    /// Its terminal current, A/cm².
    pub current: f64,
    /// That current's resolution (the spread of the current over the
    /// device), A/cm².
    pub resolution: f64,
    /// Its seconds (the speed-ups' numerator).
    pub time_s: f64,
}

/// Relative current difference the check accepts (beyond the current's
/// own resolution): the iteration stops at a potential tolerance, and
/// different segmentations stop at different iterates.
pub const CURRENT_TOLERANCE: f64 = 1e-3;

/// Whether a current agrees with the reference: within its resolution or
/// within [`CURRENT_TOLERANCE`] of it, relatively.
pub fn agrees(current: f64, r: &Reference) -> bool {
    let diff = (current - r.current).abs();
    diff <= r.resolution || diff <= CURRENT_TOLERANCE * current.abs().max(r.current.abs())
}

/// What the study passes to the program besides the device.
pub struct Args<'a> {
    /// PEs (AMPI).
    pub pes: u32,
    /// Segment counts, ascending.
    pub segments: &'a [usize],
    /// The bias point, V.
    pub bias_v: f64,
    /// Residual check every K iterations.
    pub check_every: usize,
    /// Tolerance, V.
    pub tolerance_v: f64,
    /// Iteration limit.
    pub max_iterations: usize,
    /// Whether to run on equal rows (the study has a balancing that cuts
    /// equally, or none that cuts by cost).
    pub equal: bool,
    /// With the study's `app` balancing: the first row of each segment
    /// after the first, cut by measured cost, for S segments (the rows of
    /// arts' `app` runs).
    pub cost_cut: Option<&'a dyn Fn(usize) -> Result<Vec<usize>, String>>,
}

/// Runs the C program's rows; pushes them onto `runs` and one note per
/// system skipped or cut short onto `notes`. Returns the wall-clock
/// seconds that are in no row: the builds, and the runs that failed or
/// passed the limit.
pub fn run(
    c: &CPlan,
    a: &Args,
    reference: &Reference,
    runs: &mut Vec<Run>,
    notes: &mut Vec<String>,
    on_run: &mut dyn FnMut(&str),
) -> f64 {
    let build_start = Instant::now();
    if let Err(e) = std::fs::create_dir_all(&c.scratch) {
        notes.push(format!(
            "C program rows skipped: {}: {e}",
            c.scratch.display()
        ));
        return build_start.elapsed().as_secs_f64();
    }
    // The MPIs wanted, each checked and its solver built on its own
    // thread: the builds are set-up, not measured, and overlap.
    let wanted: Vec<(Mpi, Vec<CSystem>)> = (Mpi::ALL.into_iter())
        .map(|mpi| {
            let systems = (c.systems.iter().copied())
                .filter(|s| s.mpi() == mpi)
                .collect::<Vec<_>>();
            (mpi, systems)
        })
        .filter(|(_, systems)| !systems.is_empty())
        .collect();
    for (mpi, _) in &wanted {
        on_run(&format!("build the C program for {}", mpi.name()));
    }
    let outcomes: Vec<Result<PathBuf, String>> = std::thread::scope(|scope| {
        let builds: Vec<_> = (wanted.iter())
            .map(|&(mpi, _)| {
                scope.spawn(move || match mpi.missing(&c.tools) {
                    Some(why) => Err(why),
                    None => programs::build_solver(&c.tools, mpi, &c.scratch),
                })
            })
            .collect();
        (builds.into_iter())
            .map(|b| (b.join()).unwrap_or_else(|_| Err("the build panicked".into())))
            .collect()
    });
    let mut built: Vec<(Mpi, PathBuf)> = Vec::new();
    let mut live: Vec<CSystem> = Vec::new();
    for ((mpi, systems), outcome) in wanted.into_iter().zip(outcomes) {
        match outcome {
            Ok(ddm) => {
                built.push((mpi, ddm));
                live.extend(systems);
            }
            Err(why) => {
                let hint = if mpi == Mpi::Mpich {
                    " (apt-get install mpich)"
                } else {
                    ""
                };
                notes.push(format!("{} rows skipped: {why}{hint}", mpi.name()));
            }
        }
    }
    let program_args = vec![
        "--device".to_string(),
        c.device.display().to_string(),
        "--bias".into(),
        a.bias_v.to_string(),
        "--check-every".into(),
        a.check_every.to_string(),
        "--tolerance".into(),
        a.tolerance_v.to_string(),
        "--max-iterations".into(),
        a.max_iterations.to_string(),
    ];
    let mut unrowed_s = build_start.elapsed().as_secs_f64();
    let migrate = ["--migrate-every".to_string(), c.migrate_every.to_string()];
    for &s in a.segments {
        // Equal rows (as asked; always at S = 1, which has nothing to
        // cut), then (with `app`, S > 1) the cut by measured cost.
        let cuts = ((a.equal || s == 1).then(|| Ok(Vec::new())).into_iter())
            .chain((a.cost_cut.filter(|_| s > 1)).map(|cut| cut(s).map(|rows| cut_args(&rows))));
        for cut in cuts {
            let cut = match cut {
                Ok(args) => args,
                Err(e) => {
                    notes.push(format!("C program S={s} app: {e}; skipped"));
                    continue;
                }
            };
            for system in live.clone() {
                let row_start = Instant::now();
                let balancing = system.balancing(!cut.is_empty());
                let label = format!("{} S={s} {}", system.name(), balancing.name());
                on_run(&label);
                let (mpi, ddm) = (built.iter().find(|b| b.0 == system.mpi())).expect("built above");
                let how = Launch {
                    ranks: s as u32,
                    pes: a.pes,
                    lb: match system {
                        CSystem::AmpiMigrate => c.lb.clone(),
                        _ => "none".into(),
                    },
                    limit_s: c.limit_s,
                };
                let args = match system {
                    CSystem::AmpiMigrate => [&program_args[..], &migrate[..], &cut[..]].concat(),
                    _ => [&program_args[..], &cut[..]].concat(),
                };
                let row = programs::launch(&c.tools, *mpi, ddm, &how, &args)
                    .and_then(|out| row(system, balancing, s, a.pes, &out, reference));
                match row {
                    Ok(r) => runs.push(Run {
                        wall_s: row_start.elapsed().as_secs_f64(),
                        ..r
                    }),
                    Err(e) => {
                        unrowed_s += row_start.elapsed().as_secs_f64();
                        notes.push(format!(
                            "{label}: {e}; its runs at larger S skipped (--c-limit {})",
                            c.limit_s
                        ));
                        live.retain(|&x| x != system);
                    }
                }
            }
        }
    }
    unrowed_s
}

/// The program's `--cut` for segments starting at `rows` (after the first).
fn cut_args(rows: &[usize]) -> Vec<String> {
    let list: Vec<String> = rows.iter().map(usize::to_string).collect();
    vec!["--cut".into(), list.join(",")]
}

/// The row of one run of the program, checked against the reference.
fn row(
    system: CSystem,
    balancing: Balancing,
    segments: usize,
    pes: u32,
    out: &programs::Printed,
    reference: &Reference,
) -> Result<Run, String> {
    let v = &out.program;
    let point = v["biases"]
        .as_array()
        .and_then(|b| b.first())
        .ok_or("the program printed no bias point")?;
    let converged = v["converged"].as_bool() == Some(true);
    let current = point["terminal_current_a_per_cm2"]
        .as_f64()
        .ok_or("the program printed no current")?;
    let time_s = point["time_s"]
        .as_f64()
        .ok_or("the program printed no time")?;
    if converged && !agrees(current, reference) {
        return Err(format!(
            "its current {current:e} A/cm² disagrees with the sequential solver's {:e}",
            reference.current
        ));
    }
    let migrations = out
        .summary
        .as_ref()
        .and_then(|s| s["rank_moves"].as_u64())
        .unwrap_or(0);
    Ok(Run {
        system: System::External(system.name().to_string()),
        segments,
        balancing,
        order: "relaxed",
        converged,
        iterations: point["iterations"].as_u64().unwrap_or(0) as usize,
        time_s,
        speedup: reference.time_s / time_s,
        migrations,
        pes,
        wall_s: 0.0,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn currents_agree_within_the_resolution_or_the_relative_tolerance() {
        let r = Reference {
            current: 2.0,
            resolution: 1e-6,
            time_s: 1.0,
        };
        assert!(agrees(2.0, &r));
        assert!(agrees(2.0 + 1.5e-3, &r));
        assert!(!agrees(2.01, &r));
        let zero = Reference {
            current: 0.0,
            resolution: 1e-19,
            time_s: 1.0,
        };
        assert!(agrees(5e-20, &zero));
        assert!(!agrees(1e-12, &zero));
    }

    #[test]
    fn the_ampi_systems_share_a_name_and_differ_in_balancing() {
        assert_eq!(CSystem::Ampi.name(), CSystem::AmpiMigrate.name());
        assert_eq!(CSystem::Ampi.balancing(false), Balancing::None);
        assert_eq!(CSystem::AmpiMigrate.balancing(false), Balancing::System);
        assert_eq!(CSystem::Openmpi.balancing(true), Balancing::App);
        assert_eq!(CSystem::AmpiMigrate.balancing(true), Balancing::Both);
        assert_eq!(CSystem::Mpich.mpi(), Mpi::Mpich);
    }

    #[test]
    fn a_cut_is_the_rows_after_the_first_segment() {
        assert_eq!(cut_args(&[700, 1300]), ["--cut", "700,1300"]);
    }

    #[test]
    fn the_two_ampi_systems_share_one_build() {
        let all = [
            CSystem::Openmpi,
            CSystem::Mpich,
            CSystem::Ampi,
            CSystem::AmpiMigrate,
        ];
        assert_eq!(builds(&all), 3);
        assert_eq!(builds(&[CSystem::Ampi, CSystem::AmpiMigrate]), 1);
        assert_eq!(builds(&[]), 0);
    }
}

/// The C program's flags of `arts ddm scaling` (clap behind the `clap`
/// feature, flattened into the command).
#[derive(Clone, Debug)]
#[cfg_attr(feature = "clap", derive(clap::Args))]
pub struct CProgramFlags {
    /// The C MPI program's systems (`examples/ddm-mpi`) run at each segment
    /// count: openmpi and mpich (S processes), ampi (S ranks on P PEs) and
    /// ampi-migrate (the same with `AMPI_Migrate` and `--lb`). A missing
    /// MPI skips its rows with one note.
    #[cfg_attr(
        feature = "clap",
        arg(
            long,
            value_enum,
            value_delimiter = ',',
            default_value = "openmpi,mpich,ampi,ampi-migrate"
        )
    )]
    pub c_systems: Vec<CSystem>,
    /// Leave out the C MPI program's rows.
    #[cfg_attr(feature = "clap", arg(long))]
    pub no_c_program: bool,
    /// Seconds one run of the C program may take; a run stopped at it (or
    /// failing) ends that system's sweep with one note.
    #[cfg_attr(feature = "clap", arg(long, default_value_t = 30, value_parser = clap::value_parser!(u64).range(1..)))]
    pub c_limit: u64,
    /// ampi-migrate: `AMPI_Migrate` every this many iterations.
    #[cfg_attr(feature = "clap", arg(long, default_value_t = 1000, value_parser = clap::value_parser!(u64).range(1..)))]
    pub migrate_every: u64,
    /// The arts binary whose AMPI runs the C program (default: this one).
    #[cfg_attr(feature = "clap", arg(long))]
    pub arts: Option<PathBuf>,
}

impl CProgramFlags {
    /// The plan of the C program's rows, or `None` with the note saying
    /// why they are left out: by the flags, or because the study itself
    /// runs under mpirun (`processes` > 1). `device` and `preset` name the
    /// study's device; `lb` is the study's system-level balancer.
    pub fn plan(
        &self,
        device: Option<&std::path::Path>,
        preset: &str,
        scratch: &std::path::Path,
        processes: u32,
        lb: &str,
    ) -> Result<(Option<CPlan>, Option<String>), crate::StudyError> {
        if self.no_c_program || self.c_systems.is_empty() {
            return Ok((None, None));
        }
        if processes > 1 {
            let note =
                "C program rows skipped: the study runs under mpirun (run it in one process)";
            return Ok((None, Some(note.into())));
        }
        let plan = CPlan {
            tools: Tools::of_this_tree(crate::ddm_mpi::arts_binary(self.arts.as_deref())?),
            scratch: scratch.join("build"),
            device: crate::ddm_mpi::device_file(device, preset, scratch)?,
            systems: self.c_systems.clone(),
            limit_s: self.c_limit,
            migrate_every: self.migrate_every,
            lb: lb.to_string(),
        };
        Ok((Some(plan), None))
    }
}
