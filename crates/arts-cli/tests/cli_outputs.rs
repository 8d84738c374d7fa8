//! Outputs are all-or-nothing: an interrupted run leaves no temporary
//! files behind, and temporaries of a killed run are removed by the next
//! write into the same directory.

use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

mod common;

fn entries(dir: &std::path::Path) -> Vec<String> {
    let mut v: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    v.sort();
    v
}

/// Starts a large `lb generate` into `out` and waits until its temporary
/// file exists.
fn start_generate(out: &std::path::Path) -> std::process::Child {
    let child = Command::new(env!("CARGO_BIN_EXE_arts"))
        .args([
            "lb",
            "generate",
            "--objects",
            "20000000",
            "--pes",
            "64",
            "--kind",
            "uniform",
        ])
        .arg("--out")
        .arg(out)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let dir = out.parent().unwrap();
    let t = Instant::now();
    while !entries(dir).iter().any(|e| e.starts_with(".arts-tmp-")) {
        assert!(
            t.elapsed() < Duration::from_secs(20),
            "no temporary appeared"
        );
        std::thread::sleep(Duration::from_millis(20));
    }
    child
}

#[test]
fn sigterm_and_sigint_remove_temporaries() {
    for signal in ["-TERM", "-INT"] {
        let dir = tempfile::tempdir().unwrap();
        let mut child = start_generate(&dir.path().join("big.json"));
        let pid = child.id().to_string();
        assert!(
            Command::new("kill")
                .args([signal, &pid])
                .status()
                .unwrap()
                .success()
        );
        let status = child.wait().unwrap();
        assert!(!status.success(), "{signal}");
        assert_eq!(entries(dir.path()), Vec::<String>::new(), "{signal}");
    }
}

#[test]
fn temporaries_of_a_killed_run_go_at_the_next_write() {
    let dir = tempfile::tempdir().unwrap();
    let mut child = start_generate(&dir.path().join("big.json"));
    child.kill().unwrap(); // SIGKILL: no chance to clean up
    child.wait().unwrap();
    assert_eq!(
        entries(dir.path()).len(),
        1,
        "the killed run's temporary stays"
    );
    let small = dir.path().join("small.json");
    let o = common::arts(&[
        "lb",
        "generate",
        "--objects",
        "10",
        "--pes",
        "2",
        "--kind",
        "uniform",
        "--out",
        small.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", common::stderr(&o));
    assert!(
        common::stderr(&o).contains("removed 1 temporary"),
        "{}",
        common::stderr(&o)
    );
    assert_eq!(entries(dir.path()), vec!["small.json".to_string()]);
}
