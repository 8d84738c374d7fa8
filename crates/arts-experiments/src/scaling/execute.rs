//! Running one point: the arts binary as a child (`--json`, under `mpirun`
//! for the multi-process rows, cut at the budget's end) or the rayon
//! baseline in this process, and its rows.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use arts_apps::jacobi2d;
use arts_util::stats::median;
use serde_json::{Value, json};

use super::plan::{C_PROGRAM, Exec, Point, Size};
use super::row::{Made, Row, Status};
use crate::reproduce::exec::run_json_under;

/// The shortest time limit a run gets (a prediction can be far off).
const MIN_LIMIT_S: f64 = 30.0;

/// What runs the points.
#[derive(Clone, Debug)]
pub struct Runner {
    /// The arts binary.
    pub exe: PathBuf,
    /// The `mpirun` of the multi-process rows.
    pub mpirun: Option<PathBuf>,
    /// The compiled C program of the AMPI study.
    pub c_program: Option<PathBuf>,
    /// CPU cores.
    pub cores: u32,
    /// When the budget ends.
    pub deadline: Instant,
}

impl Runner {
    /// Runs `point` at `size`, `factor` seconds here per predicted
    /// second; one row per measure.
    pub fn run(&self, point: &Point, size: Size, factor: f64) -> Vec<Row> {
        let processes = match &point.exec {
            Exec::Child { processes, .. } => *processes,
            _ => None,
        };
        let mut made = Made {
            study: point.study,
            pes: point.pes,
            processes,
            size,
            oversubscribed: point.pes > self.cores,
            command: self.command(&point.exec),
            seconds: 0.0,
        };
        let rows_of = |made: &Made, status, reason: &str| {
            point
                .measures
                .iter()
                .map(|m| Row::not_run(m, made, status, reason))
                .collect()
        };
        if let Exec::Skip(why) = &point.exec {
            return rows_of(&made, Status::Skipped, why);
        }
        let predicted = point.cost_s * factor;
        let left = self
            .deadline
            .saturating_duration_since(Instant::now())
            .as_secs_f64();
        if predicted > left {
            return rows_of(
                &made,
                Status::Skipped,
                &format!("budget spent: predicted {predicted:.0} s, {left:.0} s left"),
            );
        }
        let limit = Duration::from_secs_f64(left.min((4.0 * predicted).max(MIN_LIMIT_S)));
        let start = Instant::now();
        let result = self.exec(&point.exec, limit);
        made.seconds = start.elapsed().as_secs_f64();
        match result {
            Ok(json) => point
                .measures
                .iter()
                .map(|m| Row::read(m, &made, &json))
                .collect(),
            Err(why) => rows_of(&made, Status::Failed, &why),
        }
    }

    fn exec(&self, exec: &Exec, limit: Duration) -> Result<Value, String> {
        match exec {
            Exec::Child { args, processes } => {
                let args = self.with_program(args)?;
                let under = match (processes, &self.mpirun) {
                    (None, _) => None,
                    (Some(n), Some(m)) => Some((m.as_path(), *n)),
                    (Some(_), None) => return Err("no mpirun found".into()),
                };
                run_json_under(&self.exe, &args, under, limit)
            }
            Exec::RayonJacobi {
                side,
                iters,
                threads,
            } => rayon_jacobi(*side, *iters, *threads),
            Exec::Skip(why) => Err(why.clone()),
        }
    }

    /// `args` with the C program's path in place of its placeholder.
    fn with_program(&self, args: &[String]) -> Result<Vec<String>, String> {
        args.iter()
            .map(|a| match (a == C_PROGRAM, &self.c_program) {
                (false, _) => Ok(a.clone()),
                (true, Some(p)) => Ok(p.display().to_string()),
                (true, None) => Err("the C program was not compiled".to_string()),
            })
            .collect()
    }

    /// The command line of `exec`, as a person would type it.
    fn command(&self, exec: &Exec) -> String {
        match exec {
            Exec::Child { args, processes } => {
                let mpirun = match (processes, &self.mpirun) {
                    (Some(n), Some(m)) => format!("{} -np {n} ", name_of(m)),
                    (Some(n), None) => format!("mpirun -np {n} "),
                    (None, _) => String::new(),
                };
                format!("{mpirun}arts --json {}", args.join(" "))
            }
            Exec::RayonJacobi {
                side,
                iters,
                threads,
            } => format!(
                "(in process) jacobi2d plain loop on rayon: {side}x{side}, {iters} steps, {threads} threads"
            ),
            Exec::Skip(_) => String::new(),
        }
    }
}

fn name_of(p: &Path) -> String {
    p.file_name().map_or_else(
        || p.display().to_string(),
        |n| n.to_string_lossy().into_owned(),
    )
}

/// The plain jacobi2d loop on a rayon pool of `threads`, beside the plain
/// sequential loop (for its efficiency): the same keys as `arts run jacobi2d`.
fn rayon_jacobi(side: usize, iters: u32, threads: usize) -> Result<Value, String> {
    let params = jacobi2d::Params {
        rows: side,
        cols: side,
        objs_x: 16,
        objs_y: 16,
        iters,
    };
    let problem = params.problem().map_err(|e| e.to_string())?;
    let sequential = median(&jacobi2d::reference(&problem).step_times);
    let rayon = median(&jacobi2d::threaded(&problem, threads));
    Ok(json!({
        "step_time_median_s": rayon,
        "sequential_step_time_median_s": sequential,
        "threads": threads,
    }))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scaling::plan::{Efficiency, Measure, Ratio, Study, Validity};

    fn runner(exe: &Path, secs: u64) -> Runner {
        Runner {
            exe: exe.to_path_buf(),
            mpirun: None,
            c_program: None,
            cores: 2,
            deadline: Instant::now() + Duration::from_secs(secs),
        }
    }

    fn point(exec: Exec, pes: u32, cost_s: f64) -> Point {
        Point {
            study: Study::Jacobi2d,
            pes,
            exec,
            measures: vec![Measure {
                variant: "v".into(),
                metric: "a",
                higher_is_better: false,
                ratio: Ratio::None,
                efficiency: Efficiency::None,
                validity: Validity::Keys(&["valid"]),
            }],
            cost_s,
        }
    }

    fn fake() -> (tempfile::TempDir, PathBuf) {
        let dir = tempfile::tempdir().unwrap();
        let script = dir.path().join("fake");
        std::fs::write(&script, "#!/bin/sh\nshift\neval \"$1\"\n").unwrap();
        std::fs::set_permissions(&script, std::os::unix::fs::PermissionsExt::from_mode(0o755))
            .unwrap();
        (dir, script)
    }

    #[test]
    fn a_crash_is_a_failed_row_and_a_spent_budget_a_skipped_one() {
        let (_dir, exe) = fake();
        let child = |body: &str, processes| Exec::Child {
            args: vec![body.to_string()],
            processes,
        };
        let r = runner(&exe, 60);
        let ok = r.run(
            &point(child("echo '{\"a\": 2, \"valid\": true}'", None), 4, 0.1),
            Size::Tiny,
            1.0,
        );
        assert_eq!(
            (ok[0].status, ok[0].value, ok[0].valid),
            (Status::Ok, Some(2.0), Some(true))
        );
        assert!(ok[0].oversubscribed, "4 PEs on 2 cores");
        let bad = r.run(
            &point(child("echo 'error: boom' >&2; exit 1", None), 1, 0.1),
            Size::Tiny,
            1.0,
        );
        assert_eq!(bad[0].status, Status::Failed);
        assert_eq!(bad[0].reason.as_deref(), Some("exit 1: error: boom"));
        let mpi = r.run(&point(child("true", Some(2)), 2, 0.1), Size::Tiny, 1.0);
        assert_eq!(mpi[0].reason.as_deref(), Some("no mpirun found"));
        let late = r.run(&point(child("true", None), 1, 1000.0), Size::Tiny, 1.0);
        assert_eq!(late[0].status, Status::Skipped);
        assert!(late[0].reason.as_ref().unwrap().starts_with("budget spent"));
        let c = r.run(&point(child(C_PROGRAM, None), 1, 0.1), Size::Tiny, 1.0);
        assert_eq!(
            c[0].reason.as_deref(),
            Some("the C program was not compiled")
        );
    }

    #[test]
    fn the_rayon_baseline_reports_its_step_and_the_sequential_one() {
        let j = rayon_jacobi(64, 3, 2).unwrap();
        assert!(j["step_time_median_s"].as_f64().unwrap() > 0.0);
        assert!(j["sequential_step_time_median_s"].as_f64().unwrap() > 0.0);
    }
}
