//! Running one arts command as a child process, with `--json` and a time
//! limit, and finding the external programs an entry needs.

use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::Value;

use super::registry::Requirement;

/// Runs `exe --json args…` (under `mpirun -np N` with `processes`),
/// waiting at most `limit`; returns the JSON it printed, or one line saying
/// why not (its own `error:` line when it refused or failed).
pub fn run_json(
    exe: &Path,
    args: &[String],
    processes: Option<u32>,
    limit: Duration,
) -> Result<Value, String> {
    run_json_under(
        exe,
        args,
        processes.map(|n| (Path::new("mpirun"), n)),
        limit,
    )
}

/// As [`run_json`], with the `mpirun` to use named: `Some((mpirun, N))`
/// runs `mpirun --oversubscribe -np N exe --json args…`.
pub fn run_json_under(
    exe: &Path,
    args: &[String],
    mpirun: Option<(&Path, u32)>,
    limit: Duration,
) -> Result<Value, String> {
    let mut command = match mpirun {
        None => Command::new(exe),
        Some((mpirun, n)) => {
            let mut c = Command::new(mpirun);
            // SAFETY: geteuid has no preconditions.
            if unsafe { libc::geteuid() } == 0 {
                c.arg("--allow-run-as-root");
            }
            c.args(["--oversubscribe", "-np", &n.to_string()]).arg(exe);
            c
        }
    };
    let mut child = command
        .arg("--json")
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| {
            format!(
                "cannot start {}: {e}",
                command.get_program().to_string_lossy()
            )
        })?;
    let drain = |mut pipe: Box<dyn Read + Send>| {
        std::thread::spawn(move || {
            let mut buf = Vec::new();
            let _ = pipe.read_to_end(&mut buf);
            buf
        })
    };
    let stdout = drain(Box::new(child.stdout.take().expect("piped stdout")));
    let stderr = drain(Box::new(child.stderr.take().expect("piped stderr")));
    let start = Instant::now();
    let status = loop {
        match child.try_wait() {
            Ok(Some(status)) => break status,
            Ok(None) if start.elapsed() >= limit => {
                let _ = child.kill();
                let _ = child.wait();
                return Err(format!("timed out after {} s", limit.as_secs()));
            }
            Ok(None) => std::thread::sleep(Duration::from_millis(20)),
            Err(e) => return Err(format!("cannot wait for {}: {e}", exe.display())),
        }
    };
    let out = stdout.join().unwrap_or_default();
    let err = String::from_utf8_lossy(&stderr.join().unwrap_or_default()).into_owned();
    if !status.success() {
        let line = err
            .lines()
            .rev()
            .find(|l| l.starts_with("error:"))
            .or_else(|| err.lines().rev().find(|l| !l.trim().is_empty()))
            .unwrap_or("no message");
        return Err(format!(
            "exit {}: {}",
            status.code().unwrap_or(-1),
            line.trim()
        ));
    }
    serde_json::from_slice(&out).map_err(|e| format!("its output is not one JSON object: {e}"))
}

/// The first requirement not found on `PATH`, as a reason to skip.
pub fn missing_requirement(requires: &[Requirement]) -> Option<String> {
    requires.iter().find_map(|r| {
        let (program, what) = r.program();
        on_path(program)
            .is_none()
            .then(|| format!("needs {program}: {what}"))
    })
}

/// Where `program` is on `PATH`.
pub fn on_path(program: &str) -> Option<PathBuf> {
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path)
        .map(|d| d.join(program))
        .find(|p| p.is_file())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn json_is_read_and_failures_give_their_error_line() {
        // A stand-in for arts: drops `--json`, runs its argument as a script.
        let dir = tempfile::tempdir().unwrap();
        let script = dir.path().join("fake");
        std::fs::write(&script, "#!/bin/sh\nshift\neval \"$1\"\n").unwrap();
        std::fs::set_permissions(&script, std::os::unix::fs::PermissionsExt::from_mode(0o755))
            .unwrap();
        let run = |body: &str, secs| {
            run_json(
                &script,
                &[body.to_string()],
                None,
                Duration::from_secs(secs),
            )
        };
        assert_eq!(run("echo '{\"a\": 1}'", 5).unwrap()["a"], 1);
        let e = run("echo 'error: --pes 0 is not accepted' >&2; exit 2", 5).unwrap_err();
        assert_eq!(e, "exit 2: error: --pes 0 is not accepted");
        assert!(
            run("echo nope", 5)
                .unwrap_err()
                .contains("not one JSON object")
        );
        assert_eq!(run("sleep 10", 1).unwrap_err(), "timed out after 1 s");
    }

    #[test]
    fn a_missing_program_is_named() {
        assert!(on_path("sh").is_some());
        let m = missing_requirement(&[Requirement::Mpich]);
        if on_path("mpirun.mpich").is_none() {
            assert!(m.unwrap().starts_with("needs mpirun.mpich: MPICH"));
        }
    }
}
