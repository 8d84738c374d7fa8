//! Helpers of the C ABI tests: finding the compiler, building a test
//! program with `arts-mpicc`, running it on ranks.

#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::sync::Arc;

use arts_ampi::{AmpiError, AmpiReport, RunOptions};
use arts_ampi_c::{CProgram, CRunOptions};

/// `name` if it is on the PATH (else prints why the test is skipped).
pub(crate) fn compiler(name: &str) -> Option<PathBuf> {
    let found = std::process::Command::new(name)
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success());
    if found {
        Some(PathBuf::from(name))
    } else {
        eprintln!("skipped: {name} is not installed");
        None
    }
}

/// The C test programs' folder.
pub(crate) fn c_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/c")
}

/// Compiles `tests/c/<name>.c` with arts-mpicc into `dir`; `None` (skipped) without gcc.
pub(crate) fn build(name: &str, dir: &Path) -> Option<PathBuf> {
    wrap(
        "gcc",
        "arts-mpicc",
        &format!("{name}.c"),
        dir.join(format!("{name}.so")),
    )
}

/// Compiles `tests/c/<name>.cpp` with arts-mpicxx into `dir`; `None`
/// (skipped) without g++.
pub(crate) fn build_cxx(name: &str, dir: &Path) -> Option<PathBuf> {
    wrap(
        "g++",
        "arts-mpicxx",
        &format!("{name}.cpp"),
        dir.join(format!("{name}_cpp.so")),
    )
}

/// Compiles `tests/c/<source>` with `wrapper` into `out`; `None` (skipped)
/// without `compiler`.
fn wrap(compiler_name: &str, wrapper: &str, source: &str, out: PathBuf) -> Option<PathBuf> {
    compiler(compiler_name)?;
    let status = std::process::Command::new("sh")
        .arg(arts_ampi_c::mpicc_path().with_file_name(wrapper))
        .arg(c_dir().join(source))
        .arg("-O2")
        .arg("-o")
        .arg(&out)
        .status()
        .unwrap();
    assert!(status.success(), "{wrapper} failed on {source}");
    Some(out)
}

/// Runs `so` on `vp` ranks over `pes` PEs with `args`.
pub(crate) fn run(so: &Path, vp: u32, pes: u32, args: &[&str]) -> Result<AmpiReport, AmpiError> {
    run_with(so, RunOptions::new(vp, pes), args)
}

/// Runs `so` with `opts`; a rank exiting with a non-zero code (a kernel
/// that found its results wrong) is an error too.
pub(crate) fn run_with(
    so: &Path,
    opts: RunOptions,
    args: &[&str],
) -> Result<AmpiReport, AmpiError> {
    let args = args.iter().map(|s| s.to_string()).collect();
    let prog = CProgram::open(so, opts.vp, args).expect("loads");
    exit_ok(arts_ampi_c::run(
        &opts,
        Arc::new(prog),
        &CRunOptions::default(),
    )?)
}

/// `report`, or an error if a rank exited with a non-zero code.
pub(crate) fn exit_ok(report: AmpiReport) -> Result<AmpiReport, AmpiError> {
    match report.exit_code() {
        Some((code, rank)) => Err(AmpiError::RankFailed(format!(
            "rank {rank} exited with code {code}"
        ))),
        None => Ok(report),
    }
}
