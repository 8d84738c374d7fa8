//! `arts experiment ljs-profile` end to end: a tiny profile's phases in
//! JSON, and bad input refused with one line.

mod common;
use common::{arts, assert_usage_error, json};

#[test]
fn a_tiny_profile_reports_each_phase_of_each_grid() {
    let v = json(&arts(&[
        "experiment",
        "ljs-profile",
        "--cells",
        "3x3x3,3x3x6",
        "--atoms-per-cell",
        "27",
        "--steps",
        "3",
        "--json",
    ]));
    assert_eq!(v["experiment"], "ljs-profile");
    assert_eq!(v["valid"], true, "{v}");
    assert!(v["counters"]["available"].is_boolean());
    let phases = v["phases"].as_array().unwrap();
    assert_eq!(phases.len(), 2 * 4);
    let fwd = &phases[0];
    assert_eq!(fwd["cells"], "3x3x3");
    assert_eq!(fwd["messages_per_sender_per_step"], 27.0);
    assert!(fwd["bytes_mean"].as_f64().unwrap() > 0.0);
    let big_force = &phases[5];
    assert_eq!(big_force["cells"], "3x3x6");
    assert_eq!(big_force["work_vs_largest"], 1.0);
    assert_eq!(phases[1]["volume_fraction"], 0.5);
}

#[test]
fn bad_grids_and_counts_are_refused_with_one_line() {
    for (args, needle) in [
        (["--cells", "2x3x3"], "at least 3"),
        (["--cells", "3x3"], "--cells"),
        (["--pes", "0"], "--pes"),
        (["--steps", "0"], "--steps"),
    ] {
        let mut all = vec!["experiment", "ljs-profile"];
        all.extend(args);
        assert_usage_error(&arts(&all), needle);
    }
}
