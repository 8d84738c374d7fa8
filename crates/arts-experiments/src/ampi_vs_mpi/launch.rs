//! Building the C programs of `examples/ampi-vs-mpi` for each MPI and
//! starting them: Open MPI and MPICH under their own `mpirun`, arts' AMPI
//! under `arts ampi run` (one process, or several under Open MPI's
//! `mpirun`); the JSON object each program prints is read back. Open MPI's
//! processes are not bound to cores (`--bind-to none`), as MPICH's and
//! arts' are not.

use std::path::{Path, PathBuf};
use std::process::Command;

use serde::Serialize;

use crate::ddm_mpi::programs::{Mpi, Tools, error_line, first_line};

/// How one system starts a program: which MPI, how many processes, and
/// (AMPI) how many ranks on how many PEs.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Start {
    /// The name in rows and legends (`openmpi`, `ampi-1pe`, ...).
    pub name: String,
    /// The MPI the program is built with.
    pub mpi: Mpi,
    /// OS processes (Open MPI, MPICH: one rank each; AMPI: under `mpirun`
    /// when more than 1).
    pub processes: u32,
    /// AMPI: ranks (virtual processors).
    pub vp: u32,
    /// AMPI: PEs (in one process; under `mpirun`, per process).
    pub pes: u32,
    /// AMPI: extra `arts ampi run` flags (e.g. `--checkpoint-dir DIR`).
    pub ampi_flags: Vec<String>,
}

impl Start {
    /// `np` processes of a native MPI, one rank each.
    pub fn native(name: &str, mpi: Mpi, np: u32) -> Start {
        Start {
            name: name.into(),
            mpi,
            processes: np,
            vp: np,
            pes: 1,
            ampi_flags: vec![],
        }
    }

    /// `vp` AMPI ranks on `pes` PEs of one process.
    pub fn ampi(name: &str, vp: u32, pes: u32) -> Start {
        Start {
            name: name.into(),
            mpi: Mpi::Ampi,
            processes: 1,
            vp,
            pes,
            ampi_flags: vec![],
        }
    }
}

/// The compiler command of an MPI.
fn compiler(mpi: Mpi, tools: &Tools) -> PathBuf {
    match mpi {
        Mpi::OpenMpi => "mpicc".into(),
        Mpi::Mpich => "mpicc.mpich".into(),
        Mpi::Ampi => tools.arts_mpicc.clone(),
    }
}

/// Builds `source` (a file of `tools.source`) for `mpi` into `dir`; the
/// program's path.
pub fn build(tools: &Tools, mpi: Mpi, source: &str, dir: &Path) -> Result<PathBuf, String> {
    let stem = source.trim_end_matches(".c");
    let ext = if mpi == Mpi::Ampi { ".so" } else { "" };
    let out = dir.join(format!("{stem}-{}{ext}", mpi.name()));
    let cc = compiler(mpi, tools);
    let o = Command::new(&cc)
        .args(["-O2", "-o"])
        .arg(&out)
        .arg(tools.source.join(source))
        .arg("-lm")
        .output()
        .map_err(|e| format!("{}: {e}", cc.display()))?;
    if !o.status.success() {
        return Err(format!(
            "{} failed to build {source}: {}",
            cc.display(),
            first_line(&o.stderr)
        ));
    }
    Ok(out)
}

/// Runs `program` as `start` says with `args`, stopped after `limit_s`
/// seconds; the first JSON object it printed.
pub fn run(
    tools: &Tools,
    start: &Start,
    program: &Path,
    args: &[String],
    limit_s: u64,
) -> Result<serde_json::Value, String> {
    let mut cmd = Command::new("timeout");
    cmd.arg(limit_s.to_string());
    let np = start.processes.to_string();
    let root = is_root();
    let openmpi = |cmd: &mut Command| {
        cmd.arg("mpirun");
        if root {
            cmd.arg("--allow-run-as-root");
        }
        // Open MPI binds each process to a core by default; MPICH and arts
        // do not, and the systems compared start alike.
        cmd.args(["--oversubscribe", "--bind-to", "none", "-np", &np]);
    };
    match start.mpi {
        Mpi::OpenMpi => {
            openmpi(&mut cmd);
            cmd.arg(program);
        }
        Mpi::Mpich => {
            cmd.args(["mpirun.mpich", "-np", &np]).arg(program);
        }
        Mpi::Ampi => {
            if start.processes > 1 {
                openmpi(&mut cmd);
            }
            let (vp, pes) = (start.vp.to_string(), start.pes.to_string());
            cmd.arg(&tools.arts).args(["ampi", "run", "--vp", &vp]);
            if start.processes > 1 {
                cmd.args(["--pes-per-process", &pes]);
            } else {
                cmd.args(["--pes", &pes]);
            }
            cmd.args(&start.ampi_flags).arg(program).arg("--");
        }
    }
    let out = cmd
        .args(args)
        .output()
        .map_err(|e| format!("cannot start {}: {e}", start.name))?;
    if !out.status.success() {
        let line = error_line(&out.stderr);
        let why = match out.status.code() {
            Some(124) => format!("stopped after {limit_s} s"),
            Some(c) => format!("exit {c}: {line}"),
            None => format!("killed by a signal: {line}"),
        };
        return Err(format!("{}: {why}", start.name));
    }
    json_line(&out.stdout)
        .or_else(|| json_line(&out.stderr))
        .ok_or_else(|| format!("{}: the program printed no JSON object", start.name))
}

/// Whether this process runs as root (Open MPI's `mpirun` then needs
/// `--allow-run-as-root`).
fn is_root() -> bool {
    // SAFETY: geteuid has no preconditions.
    unsafe { libc::geteuid() == 0 }
}

/// The first line of `bytes` that parses as a JSON object with a
/// `program` key (a C program's, not `arts ampi run`'s summary).
fn json_line(bytes: &[u8]) -> Option<serde_json::Value> {
    String::from_utf8_lossy(bytes)
        .lines()
        .filter(|l| l.starts_with('{'))
        .filter_map(|l| serde_json::from_str::<serde_json::Value>(l).ok())
        .find(|v| v["program"].is_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_program_line_is_found_among_others() {
        let text = b"ampi x  ranks 2\n{\"a\": 1}\n{\"program\":\"p\",\"v\":2}\n";
        assert_eq!(json_line(text).unwrap()["v"], 2);
        assert!(json_line(b"{broken\n").is_none());
        assert_eq!(first_line(b"\n  hello \nworld"), "hello");
    }
}
