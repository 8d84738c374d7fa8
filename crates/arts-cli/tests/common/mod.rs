//! Helpers shared by the CLI end-to-end tests.
#![allow(dead_code)] // each test file uses a subset

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

/// Runs the `arts` binary (panics in entry methods print one error line).
pub fn arts(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_arts"))
        .args(args)
        .env_remove("RUST_BACKTRACE")
        .output()
        .expect("arts runs")
}

/// `PROGRAM ARGS` under Open MPI's `mpirun -np NP` (as root,
/// oversubscribed, stopped after 120 s by `timeout`: its exit code is then
/// 124), to spawn or run.
pub fn open_mpi_cmd(np: u32, program: &Path, args: &[&str]) -> Command {
    let mut c = Command::new("timeout");
    c.args([
        "120",
        "mpirun",
        "--allow-run-as-root",
        "--oversubscribe",
        "-np",
    ])
    .arg(np.to_string())
    .arg(program)
    .args(args);
    c
}

/// `arts ARGS` under `mpirun -np NP` ([`open_mpi_cmd`]).
pub fn mpirun_cmd(np: u32, args: &[&str]) -> Command {
    let mut c = open_mpi_cmd(np, Path::new(env!("CARGO_BIN_EXE_arts")), args);
    c.env_remove("RUST_BACKTRACE");
    c
}

/// Runs `arts ARGS` under `mpirun -np NP` ([`mpirun_cmd`]).
pub fn mpirun(np: u32, args: &[&str]) -> Output {
    mpirun_cmd(np, args).output().expect("mpirun runs")
}

/// The JSON object of a successful `arts ARGS` (which must hold `--json`).
pub fn arts_json(args: &[&str]) -> serde_json::Value {
    json(&arts(args))
}

/// Runs the `arts` binary; returns its exit code (-1 if killed), stdout
/// and stderr as text.
pub fn arts_text(args: &[&str]) -> (i32, String, String) {
    let out = arts(args);
    let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
    (out.status.code().unwrap_or(-1), stdout, stderr(&out))
}

/// The standard error of a run, as text.
pub fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

/// The single JSON object a successful `--json` run printed.
pub fn json(out: &Output) -> serde_json::Value {
    assert!(
        out.status.success(),
        "exit {:?}: {}",
        out.status,
        stderr(out)
    );
    serde_json::from_slice(&out.stdout).unwrap_or_else(|e| {
        panic!(
            "stdout is not one JSON object ({e}): {}",
            String::from_utf8_lossy(&out.stdout)
        )
    })
}

/// Exit code 2, nothing on stdout, one `error:` line on stderr containing `needle`.
pub fn assert_usage_error(out: &Output, needle: &str) {
    let err = stderr(out);
    assert_eq!(out.status.code(), Some(2), "stderr: {err}");
    assert!(out.stdout.is_empty());
    assert_eq!(err.trim_end().lines().count(), 1, "{err}");
    assert!(err.starts_with("error: ") && err.contains(needle), "{err}");
}

/// The C MPI programs of `crates/arts-ampi-c/tests/c`.
pub fn c_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../arts-ampi-c/tests/c")
}

/// The `arts-mpicc` compiler wrapper.
pub fn mpicc() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../arts-ampi-c/bin/arts-mpicc")
}

/// Whether `tool --version` runs.
pub fn have(tool: &str) -> bool {
    Command::new(tool)
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success())
}

/// Builds `crates/arts-ampi-c/tests/c/<name>.c` with arts-mpicc into `dir` (`None`, printing
/// why, without gcc).
pub fn build(name: &str, dir: &Path) -> Option<String> {
    let out = dir.join(format!("{name}.so"));
    wrap(
        "gcc",
        "arts-mpicc",
        &format!("{name}.c"),
        &out,
        &["-Wall", "-Werror"],
    )
}

/// Compiles `tests/c/<name>.cpp` of arts-ampi-c with arts-mpicxx into
/// `dir`; `None` (skipped) without g++.
pub fn build_cxx(name: &str, dir: &Path) -> Option<String> {
    let out = dir.join(format!("{name}_cpp.so"));
    wrap("g++", "arts-mpicxx", &format!("{name}.cpp"), &out, &[])
}

/// The Fortran MPI programs of `crates/arts-ampi-c/tests/fortran`.
pub fn fortran_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../arts-ampi-c/tests/fortran")
}

/// Compiles `tests/fortran/<file>` of arts-ampi-c with arts-mpif90 into
/// `dir` (its `mpi` module there too); `None` (skipped) without gfortran.
pub fn build_fortran(file: &str, dir: &Path) -> Option<String> {
    let stem = Path::new(file).file_stem().unwrap().to_string_lossy();
    let out = dir.join(format!("{stem}.so"));
    let source = fortran_dir().join(file);
    let mods = dir.join("mods");
    wrap_at("gfortran", "arts-mpif90", &source, &out, &[], &mods)
}

/// Compiles `tests/c/<source>` of arts-ampi-c with `wrapper` (and `flags`)
/// into `out`; `None` (skipped, saying so) without `compiler`.
fn wrap(compiler: &str, wrapper: &str, source: &str, out: &Path, flags: &[&str]) -> Option<String> {
    let mods = out.with_extension("mods");
    wrap_at(compiler, wrapper, &c_dir().join(source), out, flags, &mods)
}

/// [`wrap`] of any `source`, with Fortran modules made in `mods`.
fn wrap_at(
    compiler: &str,
    wrapper: &str,
    source: &Path,
    out: &Path,
    flags: &[&str],
    mods: &Path,
) -> Option<String> {
    if !have(compiler) {
        eprintln!("skipped: {compiler} is not installed");
        return None;
    }
    // In the output's folder: a compiler writes Fortran modules there.
    let ok = Command::new("sh")
        .current_dir(out.parent().unwrap_or(Path::new(".")))
        .arg(mpicc().with_file_name(wrapper))
        .env("ARTS_FORTRAN_MODULES", mods)
        .arg("-O2")
        .args(flags)
        .arg(source)
        .arg("-o")
        .arg(out)
        .status()
        .unwrap();
    assert!(ok.success(), "{wrapper} {}", source.display());
    Some(out.display().to_string())
}

/// The program's own lines (the arts summary table follows them).
pub fn program_lines(stdout: &str) -> String {
    stdout
        .lines()
        .take_while(|l| !l.starts_with("ampi "))
        .map(|l| format!("{l}\n"))
        .collect()
}

/// `rotate` moving every rank at every second step (`--lb-period 1`).
pub const ROTATE_EVERY_2: [&str; 6] =
    ["--lb", "rotate", "--lb-period", "1", "--migrate-every", "2"];

/// `arts ampi run stencil3d` with `extra` options: 5 ranks, 9 steps.
pub fn stencil3d(extra: &[&str]) -> Vec<String> {
    let base = [
        "--json",
        "ampi",
        "run",
        "stencil3d",
        "--vp",
        "5",
        "--size",
        "16",
    ];
    let base = [&base[..], &["--iters", "9"]].concat();
    [&base[..], extra]
        .concat()
        .iter()
        .map(|s| s.to_string())
        .collect()
}

/// The arguments as `&str`s, as `arts` and `mpirun` take them.
pub fn strs(v: &[String]) -> Vec<&str> {
    v.iter().map(String::as_str).collect()
}

/// Edits the manifest of the checkpoint directory `dir` with `edit` and
/// seals the edited manifest into its `main.bin` as a writer would
/// (`arts_core::checkpoint::disk` format 3): a checkpoint that other data
/// (another build, other options) wrote consistently.
pub fn edit_manifest_sealed(dir: &Path, edit: impl FnOnce(&mut serde_json::Value)) {
    let (manifest, main) = (dir.join("manifest.json"), dir.join("main.bin"));
    let mut m: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&manifest).unwrap()).unwrap();
    edit(&mut m);
    let bytes = std::fs::read(&main).unwrap();
    let body = bytes.strip_suffix(b"ARTSSEAL").expect("a sealed main.bin");
    let (body, len) = body.split_at(body.len() - 4);
    let state = &body[..body.len() - u32::from_le_bytes(len.try_into().unwrap()) as usize];
    let mut sealed = m.clone();
    sealed["files"].as_array_mut().unwrap().remove(0);
    let json = serde_json::to_vec(&sealed).unwrap();
    let mut out = state.to_vec();
    out.extend_from_slice(&json);
    out.extend_from_slice(&(json.len() as u32).to_le_bytes());
    out.extend_from_slice(b"ARTSSEAL");
    m["files"][0]["len"] = out.len().into();
    m["files"][0]["crc32"] = crc32fast::hash(&out).into();
    std::fs::write(&main, &out).unwrap();
    std::fs::write(&manifest, m.to_string()).unwrap();
}

/// Runs arts with `args`, its output to `stdout` and `stderr`; returns its
/// exit code (-1 when a signal ended it) and its peak resident bytes (from
/// `wait4`).
#[allow(clippy::zombie_processes)] // reaped by `wait4`, which gives its usage
pub fn arts_peak(args: &[&str], stdout: Stdio, stderr: Stdio) -> (i32, u64) {
    let child = Command::new(env!("CARGO_BIN_EXE_arts"))
        .args(args)
        .stdout(stdout)
        .stderr(stderr)
        .spawn()
        .expect("arts starts");
    let mut status = 0;
    // SAFETY: a zeroed rusage for wait4 to fill; `child` is ours, unreaped.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    let pid = unsafe { libc::wait4(child.id() as i32, &mut status, 0, &mut usage) };
    assert_eq!(pid, child.id() as i32);
    let code = if libc::WIFEXITED(status) {
        libc::WEXITSTATUS(status)
    } else {
        -1
    };
    (code, usage.ru_maxrss as u64 * 1024)
}
