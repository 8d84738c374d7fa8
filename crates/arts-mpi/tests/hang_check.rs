//! `Driver::wait_callback`'s hang check across processes
//! (`arts-core/src/qd/README.md`): each test runs itself again under
//! `mpirun -np 2` (the environment variable `CHILD` says which part to
//! run), and the processes print what their main programs saw.

use std::process::Command;
use std::time::{Duration, Instant};

use arts_core::{Callback, Chare, Config, Ctx, Index, Map, Reducer, RunError, Shape};
use serde::{Deserialize, Serialize};

/// Set for the processes `mpirun` starts: the name of the test to run.
const CHILD: &str = "ARTS_HANG_CHECK_CHILD";

#[derive(Clone, Copy, Serialize)]
enum Wait {
    /// Every element contributes, element 0 after `SLOW`.
    Late,
    /// Nobody contributes.
    Never,
}

/// An element that contributes to `Wait::Late` when told; element 0
/// takes its `Init` to do so.
#[derive(Serialize, Deserialize)]
struct Slow(u32);

impl Chare for Slow {
    type Msg = ();
    type Init = Duration;
    fn new(i: Index, _: &Duration) -> Self {
        Slow(i.x())
    }
    fn receive(&mut self, (): (), ctx: &mut Ctx<'_, Self>) {
        if self.0 == 0 {
            std::thread::sleep(*ctx.init());
        }
        ctx.contribute(1.0, Reducer::Sum, Callback::main(Wait::Late));
    }
}

/// The main program of every process: a result that element 0 delays by
/// `slow`, then a wait nobody answers. Process 1's driver enters each wait
/// `lag` after process 0's (it broadcasts to its elements only then).
/// Prints one line per process.
fn child(slow: Duration, lag: Duration) {
    let mpi = arts_mpi::Mpi::init().expect("MPI starts");
    let config = mpi.config(&Config::default(), 2);
    let rank = mpi.rank();
    let ((late, never, waited), _) = arts_core::run(&config, |d| {
        let a = d.create_array::<Slow>("slow", Shape::d1(8), Map::Block, slow);
        if rank == 1 {
            std::thread::sleep(lag);
        }
        d.broadcast(&a, ());
        let late = d.wait_callback::<f64>(Wait::Late);
        if rank == 1 {
            std::thread::sleep(lag);
        }
        // The run is quiescent from here (after `lag` on process 1).
        let quiet = Instant::now();
        let never = d.wait_callback::<f64>(Wait::Never);
        (late, never, quiet.elapsed())
    })
    .expect("the run ends");
    let never = match never {
        Err(RunError::NoResult { tag }) => format!("NoResult {tag}"),
        other => format!("{other:?}"),
    };
    println!(
        "rank {rank}: late {late:?}, never {never}, after {} ms",
        waited.as_millis()
    );
}

/// Runs test `name` under `mpirun -np 2`; its processes' lines.
fn mpirun(name: &str) -> Vec<String> {
    let out = Command::new("timeout")
        .args(["60", "mpirun", "--allow-run-as-root", "--oversubscribe"])
        .args(["-np", "2", "-x", CHILD])
        .arg(std::env::current_exe().unwrap())
        .args(["--exact", name, "--nocapture", "--test-threads=1"])
        .env(CHILD, name)
        .output()
        .expect("mpirun runs");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{stdout}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let mut lines: Vec<String> = stdout
        .lines()
        // A line may follow the test harness's own on its line.
        .filter_map(|l| l.find("rank ").map(|i| l[i..].to_string()))
        .collect();
    lines.sort();
    assert_eq!(lines.len(), 2, "{stdout}");
    lines
}

/// Checks both processes' lines: the late result came (8 elements), the
/// other wait failed naming its tag, within `within` of quiescence on
/// process 0.
fn check(lines: &[String], within: Duration) {
    for (rank, line) in lines.iter().enumerate() {
        let head = format!(r#"rank {rank}: late Ok(8.0), never NoResult "Never", after "#);
        let ms = line
            .strip_prefix(&head)
            .and_then(|rest| rest.strip_suffix(" ms"))
            .and_then(|ms| ms.parse::<u64>().ok())
            .unwrap_or_else(|| panic!("{line}"));
        if rank == 0 {
            assert!(Duration::from_millis(ms) < within, "{line}");
        }
    }
}

#[test]
fn a_wait_nobody_answers_fails_on_both_processes_soon_after_quiescence() {
    let name = "a_wait_nobody_answers_fails_on_both_processes_soon_after_quiescence";
    if std::env::var(CHILD).as_deref() == Ok(name) {
        // Longer than several hang checks: a PE is busy, not quiet.
        return child(Duration::from_millis(700), Duration::ZERO);
    }
    check(&mpirun(name), Duration::from_secs(1));
}

#[test]
fn a_driver_that_enters_the_wait_late_is_waited_for() {
    let name = "a_driver_that_enters_the_wait_late_is_waited_for";
    if std::env::var(CHILD).as_deref() == Ok(name) {
        return child(Duration::ZERO, Duration::from_millis(600));
    }
    // Process 0 is quiescent and waits long before process 1 broadcasts
    // (or enters the second wait): its result must still come, and the
    // error within a second of process 1's entering the wait.
    check(
        &mpirun(name),
        Duration::from_millis(600) + Duration::from_secs(1),
    );
}
