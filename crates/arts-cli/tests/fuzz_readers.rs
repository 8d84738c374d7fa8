//! Every input reader, fuzzed through the CLI: mutated LB dumps, Chrome
//! traces, torus traces and mappings, device files and cost profiles.
//! Whatever the bytes, `arts` must not panic, must stay within a memory
//! limit (4 GiB of address space), and must answer bad input with exit
//! code 2 and one `error:` line. Fixed seed and case counts: CI runs the
//! same cases every time (`FUZZ_CASES` scales them up for a longer hunt).

use std::path::Path;
use std::process::Command;

use proptest::prelude::*;
use proptest::test_runner::{Config, RngSeed, TestRunner};

/// One edit of a file's bytes.
#[derive(Clone, Debug)]
enum Edit {
    Flip(prop::sample::Index, u8),
    Delete(prop::sample::Index, u8),
    Insert(prop::sample::Index, Vec<u8>),
    Truncate(prop::sample::Index),
    DuplicateLine(prop::sample::Index),
}

fn edit() -> impl Strategy<Value = Edit> {
    prop_oneof![
        (any::<prop::sample::Index>(), any::<u8>()).prop_map(|(i, b)| Edit::Flip(i, b)),
        (any::<prop::sample::Index>(), 1u8..32).prop_map(|(i, n)| Edit::Delete(i, n)),
        (
            any::<prop::sample::Index>(),
            prop::collection::vec(
                prop_oneof![
                    any::<u8>(),
                    Just(b'9'),
                    Just(b'-'),
                    Just(b'\n'),
                    Just(b','),
                    Just(b'e')
                ],
                1..24
            )
        )
            .prop_map(|(i, v)| Edit::Insert(i, v)),
        any::<prop::sample::Index>().prop_map(Edit::Truncate),
        any::<prop::sample::Index>().prop_map(Edit::DuplicateLine),
    ]
}

fn apply(mut bytes: Vec<u8>, edits: &[Edit]) -> Vec<u8> {
    for e in edits {
        let n = bytes.len().max(1);
        match e {
            Edit::Flip(i, b) => {
                if !bytes.is_empty() {
                    let at = i.index(n);
                    bytes[at] ^= b | 1;
                }
            }
            Edit::Delete(i, k) => {
                let at = i.index(n).min(bytes.len());
                let end = (at + *k as usize).min(bytes.len());
                bytes.drain(at..end);
            }
            Edit::Insert(i, v) => {
                let at = i.index(n).min(bytes.len());
                bytes.splice(at..at, v.iter().copied());
            }
            Edit::Truncate(i) => bytes.truncate(i.index(n)),
            Edit::DuplicateLine(i) => {
                let lines: Vec<&[u8]> = bytes.split(|&b| b == b'\n').collect();
                let pick = i.index(lines.len());
                let mut out = Vec::new();
                for (k, l) in lines.iter().enumerate() {
                    out.extend_from_slice(l);
                    out.push(b'\n');
                    if k == pick {
                        out.extend_from_slice(l);
                        out.push(b'\n');
                    }
                }
                bytes = out;
            }
        }
    }
    bytes
}

/// Runs `arts` with a 4 GiB address-space limit; returns exit code and stderr.
fn arts_limited(args: &[&str]) -> (i32, String) {
    let out = Command::new("sh")
        .arg("-c")
        .arg("ulimit -v 4194304; exec \"$0\" \"$@\"")
        .arg(env!("CARGO_BIN_EXE_arts"))
        .args(args)
        .env_remove("RUST_BACKTRACE")
        .output()
        .expect("arts runs");
    let err = String::from_utf8_lossy(&out.stderr).into_owned();
    (out.status.code().unwrap_or(-1), err)
}

/// Fuzzes the reader behind `args` (where `{}` stands for the file) from
/// the valid `sample`.
fn fuzz(name: &str, sample: &[u8], cases: u32, args: &[&str]) {
    let cases = std::env::var("FUZZ_CASES")
        .ok()
        .and_then(|v| v.parse::<u32>().ok())
        .map_or(cases, |scale| cases * scale.max(1));
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join(name);
    let file = path.to_str().unwrap().to_string();
    let config = Config {
        cases,
        rng_seed: RngSeed::Fixed(0x00a7_5f22),
        failure_persistence: None,
        ..Config::default()
    };
    let mut runner = TestRunner::new(config);
    let result = runner.run(&prop::collection::vec(edit(), 1..5), |edits| {
        let bytes = apply(sample.to_vec(), &edits);
        std::fs::write(&path, &bytes).unwrap();
        let argv: Vec<String> = args.iter().map(|a| a.replace("{}", &file)).collect();
        let argv: Vec<&str> = argv.iter().map(String::as_str).collect();
        let (code, err) = arts_limited(&argv);
        prop_assert!(
            !err.contains("panicked") && !err.contains("memory allocation"),
            "{name}: {err}"
        );
        prop_assert!(matches!(code, 0..=2), "{name}: exit {code}: {err}");
        if code == 2 {
            let lines: Vec<&str> = err.lines().filter(|l| !l.starts_with("note:")).collect();
            prop_assert!(
                lines.len() == 1 && lines[0].starts_with("error: "),
                "{name}: not one error line: {err}"
            );
        }
        Ok(())
    });
    if let Err(e) = result {
        panic!("{e}");
    }
}

fn read(path: &Path) -> Vec<u8> {
    std::fs::read(path).unwrap()
}

fn arts_ok(args: &[&str]) {
    let (code, err) = arts_limited(args);
    assert_eq!(code, 0, "{args:?}: {err}");
}

#[test]
fn lb_dumps() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path().join("d.json");
    let s = d.to_str().unwrap();
    arts_ok(&[
        "lb",
        "generate",
        "--objects",
        "12",
        "--pes",
        "3",
        "--kind",
        "mesh",
        "--out",
        s,
    ]);
    fuzz(
        "dump.json",
        &read(&d),
        150,
        &["lb", "simulate", "--input", "{}", "--strategy", "greedy"],
    );
}

#[test]
fn chrome_traces() {
    let dir = tempfile::tempdir().unwrap();
    let t = dir.path().join("t.json");
    let s = t.to_str().unwrap();
    arts_ok(&[
        "run",
        "jacobi2d",
        "--grid",
        "32x32",
        "--objects",
        "2x2",
        "--iters",
        "2",
        "--pes",
        "1",
        "--trace",
        s,
    ]);
    fuzz("trace.json", &read(&t), 150, &["trace", "summary", "{}"]);
}

#[test]
fn recordings() {
    let dir = tempfile::tempdir().unwrap();
    let r = dir.path().join("r.rec");
    let s = r.to_str().unwrap();
    arts_ok(&[
        "run",
        "jacobi2d",
        "--grid",
        "32x32",
        "--objects",
        "2x2",
        "--iters",
        "2",
        "--pes",
        "1",
        "--record",
        s,
    ]);
    fuzz(
        "r.rec",
        &read(&r),
        150,
        &["predict", "--record", "{}", "--pes", "2"],
    );
}

#[test]
fn torus_traces_and_mappings() {
    let trace = b"time_s,source,destination,bytes\n0,0,5,10000\n1e-5,5,0,10000\n2e-5,31,7,300\n";
    fuzz(
        "comm.csv",
        trace,
        100,
        &[
            "pdes",
            "torus",
            "--workload",
            "trace:{}",
            "--sync",
            "sequential",
        ],
    );
    let ident: String = (0..32).map(|i| format!("{i}\n")).collect();
    fuzz(
        "map.txt",
        ident.as_bytes(),
        100,
        &[
            "pdes",
            "torus",
            "--ljs-atoms",
            "2000",
            "--mapping",
            "file:{}",
            "--sync",
            "sequential",
        ],
    );
}

#[test]
fn device_files_and_cost_profiles() {
    let device = br#"name = "pn"
spacing_nm = 10.0
[[layers]]
name = "p"
material = "Si"
thickness_nm = 200
acceptors_cm3 = 1e16
[[layers]]
name = "n"
material = "Si"
thickness_nm = 200
donors_cm3 = 1e16
"#;
    fuzz(
        "d.toml",
        device,
        40,
        &["run", "ddm", "--device", "{}", "--bias", "0"],
    );
    let profile: String = (0..60).map(|i| format!("{}\n", 1 + i % 7)).collect();
    fuzz(
        "p.txt",
        format!("cost\n{profile}").as_bytes(),
        100,
        &["ddm", "partition", "--profile", "{}", "--pieces", "3"],
    );
}
