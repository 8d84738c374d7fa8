//! The C programs of `examples/ddm-mpi` on each MPI: finding the MPI,
//! building the programs with its compiler, starting them with its
//! launcher, and reading the JSON object each prints.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use serde::Serialize;

/// Seconds any one program run may take before it is stopped (`timeout`).
pub const RUN_LIMIT_S: u64 = 900;

/// The MPIs a C program is built for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum Mpi {
    /// Open MPI: `mpicc`, `mpirun`.
    #[serde(rename = "openmpi")]
    OpenMpi,
    /// MPICH (Debian's `mpich` package beside Open MPI): `mpicc.mpich`, `mpirun.mpich`.
    #[serde(rename = "mpich")]
    Mpich,
    /// arts' Adaptive MPI: `arts-mpicc`, `arts ampi run --vp S --pes P`.
    #[serde(rename = "arts-ampi")]
    Ampi,
}

impl Mpi {
    /// The three, in the order the study runs them.
    pub const ALL: [Mpi; 3] = [Mpi::OpenMpi, Mpi::Mpich, Mpi::Ampi];

    /// Its name in the rows.
    pub fn name(self) -> &'static str {
        match self {
            Mpi::OpenMpi => "openmpi",
            Mpi::Mpich => "mpich",
            Mpi::Ampi => "arts-ampi",
        }
    }

    /// The compiler command.
    fn compiler(self, tools: &Tools) -> PathBuf {
        match self {
            Mpi::OpenMpi => "mpicc".into(),
            Mpi::Mpich => "mpicc.mpich".into(),
            Mpi::Ampi => tools.arts_mpicc.clone(),
        }
    }

    /// Why this MPI cannot be used here, if it cannot (its compiler or
    /// launcher missing).
    pub fn missing(self, tools: &Tools) -> Option<String> {
        let (cc, run) = match self {
            Mpi::OpenMpi => ("mpicc", "mpirun"),
            Mpi::Mpich => ("mpicc.mpich", "mpirun.mpich"),
            Mpi::Ampi => ("cc", ""),
        };
        if !runs(Path::new(cc)) {
            return Some(format!("{cc} not found"));
        }
        if !run.is_empty() && !runs(Path::new(run)) {
            return Some(format!("{run} not found"));
        }
        if self == Mpi::Ampi && !tools.arts_mpicc.is_file() {
            return Some(format!("{} not found", tools.arts_mpicc.display()));
        }
        None
    }
}

/// Whether `tool --version` runs.
fn runs(tool: &Path) -> bool {
    Command::new(tool)
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success())
}

/// Where the sources and tools are.
#[derive(Clone, Debug)]
pub struct Tools {
    /// The `arts` binary (the AMPI runs, and the Rust solver's row).
    pub arts: PathBuf,
    /// The folder of the C sources (`examples/ddm-mpi`).
    pub source: PathBuf,
    /// The `arts-mpicc` wrapper.
    pub arts_mpicc: PathBuf,
}

impl Tools {
    /// The sources and `arts-mpicc` of the tree this crate was built from,
    /// with the `arts` binary given.
    pub fn of_this_tree(arts: PathBuf) -> Tools {
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
        Tools {
            arts,
            source: root.join("examples/ddm-mpi"),
            arts_mpicc: root.join("crates/arts-ampi-c/bin/arts-mpicc"),
        }
    }
}

/// The two programs, built for one MPI.
#[derive(Clone, Debug)]
pub struct Built {
    /// Which MPI.
    pub mpi: Mpi,
    /// The solver.
    pub ddm: PathBuf,
    /// The Fig. 11 pack benchmark.
    pub pack: PathBuf,
}

/// Builds `ddm` and `pack_bench` for `mpi` into `dir`.
pub fn build(tools: &Tools, mpi: Mpi, dir: &Path) -> Result<Built, String> {
    let ddm = build_solver(tools, mpi, dir)?;
    let pack = dir.join(format!("pack-{}{}", mpi.name(), ext(mpi)));
    compile(tools, mpi, &pack, &["pack_bench.c"])?;
    Ok(Built { mpi, ddm, pack })
}

/// Builds only the solver, `ddm`, for `mpi` into `dir` (what the study
/// runs); its path.
pub fn build_solver(tools: &Tools, mpi: Mpi, dir: &Path) -> Result<PathBuf, String> {
    let ddm = dir.join(format!("ddm-{}{}", mpi.name(), ext(mpi)));
    compile(tools, mpi, &ddm, &["ddm.c", "solver.c", "device.c"])?;
    Ok(ddm)
}

/// The extension of a program built for `mpi` (AMPI's are shared objects).
fn ext(mpi: Mpi) -> &'static str {
    if mpi == Mpi::Ampi { ".so" } else { "" }
}

/// Compiles the sources `files` of `examples/ddm-mpi` with `mpi`'s
/// compiler into `out`.
fn compile(tools: &Tools, mpi: Mpi, out: &Path, files: &[&str]) -> Result<(), String> {
    let cc = mpi.compiler(tools);
    let mut cmd = Command::new(&cc);
    cmd.args(["-O2", "-ffp-contract=off", "-o"]).arg(out);
    for f in files {
        cmd.arg(tools.source.join(f));
    }
    cmd.arg("-lm");
    let o = cmd.output().map_err(|e| format!("{}: {e}", cc.display()))?;
    if o.status.success() {
        Ok(())
    } else {
        Err(format!(
            "{} failed to build {}: {}",
            cc.display(),
            out.display(),
            first_line(&o.stderr)
        ))
    }
}

/// The first non-empty line of a stream, for messages.
pub(crate) fn first_line(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes)
        .lines()
        .find(|l| !l.trim().is_empty())
        .unwrap_or("(no output)")
        .trim()
        .to_string()
}

/// What a failed program said: its first `error:` line, else its first
/// line.
pub(crate) fn error_line(stderr: &[u8]) -> String {
    String::from_utf8_lossy(stderr)
        .lines()
        .find(|l| l.starts_with("error:"))
        .map_or_else(|| first_line(stderr), str::to_string)
}

/// How a program is started.
#[derive(Clone, Debug)]
pub struct Launch {
    /// Ranks (segments).
    pub ranks: u32,
    /// PEs (AMPI) — under Open MPI and MPICH, the ranks are processes.
    pub pes: u32,
    /// AMPI: the load balancer (`none`: no balancing).
    pub lb: String,
    /// Seconds the run may take before it is stopped (then an error
    /// saying so).
    pub limit_s: u64,
}

/// What a launched program printed: its JSON object and, under AMPI, the
/// run summary of `arts ampi run --json`.
pub struct Printed {
    /// The program's JSON object.
    pub program: serde_json::Value,
    /// `arts ampi run`'s JSON summary (AMPI only).
    pub summary: Option<serde_json::Value>,
}

/// Starts `program` on `mpi` with `args`; its JSON once it succeeded.
pub fn launch(
    tools: &Tools,
    mpi: Mpi,
    program: &Path,
    how: &Launch,
    args: &[String],
) -> Result<Printed, String> {
    let mut cmd = Command::new("timeout");
    cmd.arg(how.limit_s.to_string());
    let np = how.ranks.to_string();
    match mpi {
        Mpi::OpenMpi => {
            cmd.args([
                "mpirun",
                "--allow-run-as-root",
                "--oversubscribe",
                "-np",
                &np,
            ]);
            cmd.arg(program);
        }
        Mpi::Mpich => {
            cmd.args(["mpirun.mpich", "-np", &np]).arg(program);
        }
        Mpi::Ampi => {
            let pes = how.pes.to_string();
            cmd.arg(&tools.arts)
                .args(["ampi", "run", "--json", "--vp", &np, "--pes", &pes]);
            if how.lb != "none" {
                cmd.args(["--lb", &how.lb, "--lb-period", "1"]);
            }
            cmd.arg(program).arg("--");
        }
    }
    cmd.args(args);
    let out = cmd
        .output()
        .map_err(|e| format!("cannot start {}: {e}", program.display()))?;
    let (prog_stream, summary) = match mpi {
        Mpi::Ampi => (&out.stderr, Some(&out.stdout)),
        _ => (&out.stdout, None),
    };
    if out.status.code() == Some(124) {
        return Err(format!("stopped after {} s", how.limit_s));
    }
    check(&out, program)?;
    let program_json = json_line(prog_stream)
        .ok_or_else(|| format!("{} printed no JSON object", program.display()))?;
    let summary = match summary {
        Some(s) => Some(
            serde_json::from_slice(s)
                .map_err(|e| format!("arts ampi run's summary is not JSON: {e}"))?,
        ),
        None => None,
    };
    Ok(Printed {
        program: program_json,
        summary,
    })
}

/// Runs `arts run ddm ... --parallel static` under Open MPI's `mpirun` on
/// `ranks` processes; its JSON.
pub fn rust_static(
    tools: &Tools,
    ranks: u32,
    args: &[String],
) -> Result<serde_json::Value, String> {
    let np = ranks.to_string();
    let out = Command::new("timeout")
        .arg(RUN_LIMIT_S.to_string())
        .args([
            "mpirun",
            "--allow-run-as-root",
            "--oversubscribe",
            "-np",
            &np,
        ])
        .arg(&tools.arts)
        .args([
            "run",
            "ddm",
            "--json",
            "--parallel",
            "static",
            "--segments",
            &np,
        ])
        .args(["--warmup-ms", "0"])
        .args(args)
        .output()
        .map_err(|e| format!("cannot start mpirun: {e}"))?;
    check(&out, &tools.arts)?;
    serde_json::from_slice(&out.stdout).map_err(|e| format!("arts run ddm printed no JSON: {e}"))
}

fn check(out: &Output, program: &Path) -> Result<(), String> {
    if out.status.success() {
        return Ok(());
    }
    let line = error_line(&out.stderr);
    Err(format!(
        "{} exited with {}: {line}",
        program.display(),
        out.status
            .code()
            .map_or("a signal".to_string(), |c| format!("code {c}"))
    ))
}

/// The first line of `bytes` that parses as a JSON object.
fn json_line(bytes: &[u8]) -> Option<serde_json::Value> {
    String::from_utf8_lossy(bytes)
        .lines()
        .filter(|l| l.starts_with('{'))
        .find_map(|l| serde_json::from_str(l).ok())
}
