//! `lib/getopt.c` (each rank's own getopt) against glibc's: the same
//! results, argument order and messages, on the cases below and on 300
//! random command lines (a fixed seed).

use std::path::{Path, PathBuf};
use std::process::Command;

/// Builds `tests/rank_libc/getopt_compare.c` into `dir`, with glibc's
/// getopt and with arts' (`None` without a C compiler).
fn build(dir: &Path) -> Option<(PathBuf, PathBuf)> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let harness = root.join("tests/rank_libc/getopt_compare.c");
    let (glibc, arts) = (dir.join("glibc"), dir.join("arts"));
    let cc = |args: &[&std::ffi::OsStr]| Command::new("cc").args(args).status();
    let Ok(status) = cc(&[harness.as_os_str(), "-o".as_ref(), glibc.as_os_str()]) else {
        eprintln!("skipped: no C compiler");
        return None;
    };
    assert!(status.success());
    let ours = root.join("lib/getopt.c");
    let mut renamed: Vec<String> = [
        "getopt",
        "getopt_long",
        "getopt_long_only",
        "optarg",
        "optind",
        "opterr",
        "optopt",
    ]
    .iter()
    .map(|n| format!("-D{n}=arts_{n}"))
    .collect();
    renamed.push("-c".into());
    let object = dir.join("getopt.o");
    let mut args: Vec<&std::ffi::OsStr> = renamed.iter().map(|s| s.as_ref()).collect();
    args.extend([ours.as_os_str(), "-o".as_ref(), object.as_os_str()]);
    assert!(cc(&args).unwrap().success());
    let status = cc(&[
        "-DARTS".as_ref(),
        harness.as_os_str(),
        object.as_os_str(),
        "-o".as_ref(),
        arts.as_os_str(),
    ])
    .unwrap();
    assert!(status.success());
    Some((glibc, arts))
}

/// (mode, option string, arguments, POSIXLY_CORRECT set).
const CASES: &[(&str, &str, &[&str], bool)] = &[
    (
        "short",
        "ab:c::",
        &[
            "-a", "-bval", "-b", "v2", "-cx", "-c", "f", "-ab3", "--", "-a",
        ],
        false,
    ),
    (
        "short",
        "ab:",
        &["x", "-a", "y", "-b", "1", "z", "-a"],
        false,
    ),
    ("short", "ab:", &["x", "-a", "y"], true),
    ("short", "+ab:", &["-a", "x", "-b", "1"], false),
    ("short", "-ab:", &["-a", "x", "-b", "1", "y"], false),
    ("short", "ab:", &["-a", "-b"], false),
    ("short", ":ab:", &["-b"], false),
    ("short", "ab", &["-x", "-a:", "-", "-a"], false),
    ("short", ":ab", &["-x", "q", "-ba"], false),
    ("short", "a", &["-", "-a", "--", "-a"], false),
    ("short", "a", &[], false),
    (
        "long",
        "vn:",
        &[
            "--verbose",
            "in",
            "--name=x",
            "--name",
            "y",
            "-n3",
            "--opt",
            "--opt=z",
            "--flag",
            "--na",
            "--nam=q",
            "--ver",
            "--unknown=1",
            "--verbose=1",
            "--fla",
            "out",
            "--name",
        ],
        false,
    ),
    ("long", ":vn:", &["--name", "--opt", "-n"], false),
    ("long", "vn:", &["--", "--verbose"], false),
    (
        "long_only",
        "vn:ab",
        &[
            "-verbose", "-name", "x", "-a", "-ab", "-nam=y", "-v", "-zzz", "-n", "4", "-o",
        ],
        false,
    ),
];

#[test]
fn arts_getopt_gives_glibcs_results_order_and_messages() {
    let dir = tempfile::tempdir().unwrap();
    let Some((glibc, arts)) = build(dir.path()) else {
        return;
    };
    for &(mode, optstring, args, posix) in CASES {
        same(&glibc, &arts, mode, optstring, args, posix);
    }
}

#[test]
fn arts_getopt_agrees_with_glibcs_on_random_command_lines() {
    let dir = tempfile::tempdir().unwrap();
    let Some((glibc, arts)) = build(dir.path()) else {
        return;
    };
    const TOKENS: &[&str] = &[
        "-a",
        "-b",
        "-c",
        "-ab",
        "-ba",
        "-bx",
        "-cval",
        "-x",
        "-",
        "--",
        "x",
        "y",
        "--verbose",
        "--name=q",
        "--name",
        "--nab",
        "--na",
        "--opt",
        "--opt=v",
        "--flag",
        "--fla",
        "--unknown",
        "--verbose=1",
        "-verbose",
        "-name",
        "-nam=z",
        "-n",
        "3",
        "-v",
        "-vnq",
        "",
    ];
    const OPTSTRINGS: &[&str] = &[
        "ab:c::", "+ab:c", "-ab:", "ab", "vn:ab", "vn:o::", "", "::a",
    ];
    const MODES: &[&str] = &["short", "long", "long_only"];
    // xorshift64, fixed seed: the same 300 command lines every run.
    let mut x: u64 = 0x9e37_79b9_7f4a_7c15;
    let mut next = |n: usize| {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        (x % n as u64) as usize
    };
    for _ in 0..300 {
        let mode = MODES[next(MODES.len())];
        let optstring = OPTSTRINGS[next(OPTSTRINGS.len())];
        let args: Vec<&str> = (0..next(8)).map(|_| TOKENS[next(TOKENS.len())]).collect();
        let posix = next(8) == 0;
        same(&glibc, &arts, mode, optstring, &args, posix);
    }
}

/// Runs both builds on one command line; their output must be the same.
fn same(glibc: &Path, arts: &Path, mode: &str, optstring: &str, args: &[&str], posix: bool) {
    let run = |exe: &Path| {
        let mut c = Command::new(exe);
        c.arg(mode).arg(optstring).args(args);
        if posix {
            c.env("POSIXLY_CORRECT", "1");
        } else {
            c.env_remove("POSIXLY_CORRECT");
        }
        c.output().unwrap()
    };
    let (g, a) = (run(glibc), run(arts));
    let case = format!("{mode} {optstring:?} {args:?} POSIXLY_CORRECT={posix}");
    assert!(g.status.success() && a.status.success(), "{case}");
    assert_eq!(
        String::from_utf8_lossy(&a.stdout),
        String::from_utf8_lossy(&g.stdout),
        "results of {case}"
    );
    assert_eq!(
        String::from_utf8_lossy(&a.stderr),
        String::from_utf8_lossy(&g.stderr),
        "messages of {case}"
    );
}
