//! The command line's input contract (issue 17): one `error:` line for
//! every usage error, negative numbers as values, messages that name the
//! flag typed and shorten long inputs, finite times, PE speeds checked
//! always, output paths checked before the run, exit 1 for a failed run.

mod common;
use common::{arts, assert_usage_error, stderr};

/// A Jacobi2D run of a few milliseconds on 2 PEs.
fn small_run() -> Vec<&'static str> {
    "run jacobi2d --grid 32x32 --objects 2x2 --iters 2 --pes 2"
        .split(' ')
        .collect()
}

#[test]
fn clap_usage_errors_are_one_line() {
    assert_usage_error(
        &arts(&["run", "jacobi2d", "--no-such-flag"]),
        "unexpected argument '--no-such-flag'",
    );
    assert_usage_error(&arts(&["run", "jacobi2d", "--pes", "x"]), "--pes");
    assert_usage_error(&arts(&["no-such-command"]), "no-such-command");
}

#[test]
fn help_and_version_still_print_normally() {
    let o = arts(&["--version"]);
    assert!(o.status.success());
    assert!(String::from_utf8_lossy(&o.stdout).starts_with("arts "));
    let o = arts(&["run", "jacobi2d", "--help"]);
    assert!(o.status.success());
    assert!(String::from_utf8_lossy(&o.stdout).contains("Usage: arts run jacobi2d"));
}

#[test]
fn negative_numbers_are_values() {
    // Before: clap took `-1` for a flag ("unexpected argument '-1'").
    assert_usage_error(
        &arts(&["run", "heat3d", "--alpha", "-1"]),
        "--alpha -1 is out of range",
    );
}

#[test]
fn pe_mapping_errors_name_pe_mapping() {
    assert_usage_error(
        &arts(&["pdes", "torus", "--pe-mapping", "diagonal"]),
        "invalid value 'diagonal' for '--pe-mapping",
    );
}

#[test]
fn compare_aggregate_errors_name_compare_aggregate() {
    let o = arts(&[
        "pdes",
        "torus",
        "--dims",
        "2x2x2",
        "--compare-aggregate",
        "0",
    ]);
    assert_usage_error(&o, "--compare-aggregate");
    assert!(!stderr(&o).contains("--train-packets"), "{}", stderr(&o));
}

#[test]
fn long_inputs_are_quoted_shortened() {
    let long = "q".repeat(5000);
    let o = arts(&["pdes", "phold", "--mapping", &long]);
    assert_usage_error(&o, "(5000 characters)");
    assert!(stderr(&o).len() < 300, "{}", stderr(&o));
    let o = arts(&["run", "jacobi2d", "--pes", &long]);
    assert_usage_error(&o, "(5000 characters)");
    assert!(stderr(&o).len() < 300, "{}", stderr(&o));
}

#[test]
fn non_finite_end_times_are_refused() {
    for t in ["inf", "NaN"] {
        assert_usage_error(
            &arts(&["pdes", "phold", "--lps", "4", "--end-time", t]),
            "--end-time",
        );
        assert_usage_error(
            &arts(&["bench", "pdes", "--lps", "4", "--end-time", t]),
            "--end-time",
        );
    }
}

#[test]
fn pe_speeds_are_checked_without_a_balancer() {
    let base = small_run();
    for speeds in ["1,0", "1,-1", "1", "1,1,1"] {
        let mut args = base.clone();
        args.extend(["--pe-speeds", speeds]);
        assert_usage_error(&arts(&args), "--pe-speeds");
    }
    let mut ok = base;
    ok.extend(["--pe-speeds", "1,2"]);
    let o = arts(&ok);
    assert!(o.status.success(), "{}", stderr(&o));
}

#[test]
fn output_paths_are_checked_before_the_run() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path().to_str().unwrap();
    let missing = format!("{d}/missing/t.json");
    for flag in ["--trace", "--comm-trace", "--lb-dump"] {
        for path in [d, missing.as_str()] {
            let mut args = small_run();
            args.extend(["--lb", "greedy", flag, path, "--json"]);
            assert_usage_error(&arts(&args), flag);
        }
    }
    let o = arts(&[
        "lb",
        "generate",
        "--objects",
        "8",
        "--pes",
        "2",
        "--kind",
        "uniform",
        "--out",
        d,
    ]);
    assert_usage_error(&o, "--out");
    assert_eq!(std::fs::read_dir(d).unwrap().count(), 0, "nothing written");
}

#[test]
fn a_ddm_run_that_does_not_converge_exits_1_and_help_says_so() {
    let o = arts(&[
        "run",
        "ddm",
        "--preset",
        "si-pn",
        "--bias",
        "0.5",
        "--max-iterations",
        "5",
    ]);
    let err = stderr(&o);
    assert_eq!(o.status.code(), Some(1), "{err}");
    assert!(
        err.starts_with("error: bias 0.5 V did not converge"),
        "{err}"
    );
    let help = arts(&["run", "--help"]);
    let text = String::from_utf8_lossy(&help.stdout);
    assert!(
        text.contains("does not converge fails the run (exit code 1)"),
        "{text}"
    );
}
