//! End-to-end tests of `arts experiment scaling`: two cheap studies at 1
//! and 2 PEs write their rows, charts and summary, every run validates;
//! bad input is one `error:` line with exit code 2 and leaves nothing.

mod common;
use common::{arts, assert_usage_error, json};

#[test]
fn two_cheap_studies_at_one_and_two_pes_write_valid_rows() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("scaling");
    let out_s = out.to_str().unwrap();
    let run = arts(&[
        "--json",
        "experiment",
        "scaling",
        "--out",
        out_s,
        "--pes",
        "2,1",
        "--budget",
        "300",
        "--studies",
        "heat3d,ampi",
        "--quick",
    ]);
    assert_eq!(run.status.code(), Some(0), "{}", common::stderr(&run));
    let summary = json(&run);
    assert_eq!(summary["pes"], serde_json::json!([1, 2]));
    assert_eq!(summary["sizes"]["heat3d"], "tiny");
    assert_eq!(summary["counts"]["failed"], 0, "{summary}");
    assert_eq!(summary["counts"]["invalid"], 0);
    assert_eq!(summary["all_valid"], true);
    // Without --c-source the C program's rows are skipped, with a note.
    let notes = summary["notes"].to_string();
    assert!(notes.contains("C program"), "{notes}");

    let mut files: Vec<String> = std::fs::read_dir(&out)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    files.sort();
    assert_eq!(
        files,
        ["ddm-ampi.svg", "efficiency.svg", "rows.csv", "summary.json"]
    );
    assert!(files.len() <= 8);
    let on_disk: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(out.join("summary.json")).unwrap()).unwrap();
    assert_eq!(on_disk["counts"], summary["counts"]);

    let csv = std::fs::read_to_string(out.join("rows.csv")).unwrap();
    let mut lines = csv.lines();
    let header: Vec<&str> = lines.next().unwrap().split(',').collect();
    let col = |name: &str| header.iter().position(|h| *h == name).unwrap();
    let rows: Vec<Vec<&str>> = lines.map(|l| l.split(',').collect()).collect();
    // heat3d: 4 executors × 2 PE counts; ampi: 2 stencil3d + 2 C rows × 2.
    assert_eq!(rows.len(), 8 + 8, "{csv}");
    for r in &rows {
        let (study, status, valid) = (r[col("study")], r[col("status")], r[col("valid")]);
        if r[col("variant")].starts_with("stencil2d.c") {
            assert_eq!(status, "skipped", "{r:?}");
            continue;
        }
        assert_eq!((status, valid), ("ok", "true"), "{study} {r:?}");
        assert!(r[col("value")].parse::<f64>().unwrap() > 0.0);
    }
    // Each ratio is against the baseline at the same PE count.
    let hd2 = rows
        .iter()
        .find(|r| r[col("variant")] == "hdispatch" && r[col("pes")] == "2")
        .unwrap();
    assert_eq!(hd2[col("baseline")], "rayon");
    assert!(hd2[col("ratio")].parse::<f64>().unwrap() > 0.0);
    assert!(hd2[col("efficiency")].parse::<f64>().unwrap() > 0.0);
}

#[test]
fn bad_input_exits_2_and_leaves_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("scaling");
    let out_s = out.to_str().unwrap();
    let base = [
        "experiment",
        "scaling",
        "--out",
        out_s,
        "--studies",
        "heat3d",
    ];
    let with = |extra: &[&str]| {
        let mut a: Vec<&str> = base.to_vec();
        a.extend(extra);
        arts(&a)
    };
    assert_usage_error(
        &with(&["--budget", "1", "--pes", "1,2"]),
        "the smallest that fits is --budget",
    );
    assert_usage_error(&with(&["--pes", "0"]), "--pes");
    assert_usage_error(&with(&["--pes", "two"]), "--pes");
    assert_usage_error(&with(&["--studies", "nope"]), "nope");
    assert!(!out.exists());
    let file = dir.path().join("a-file");
    std::fs::write(&file, "x").unwrap();
    assert_usage_error(
        &arts(&["experiment", "scaling", "--out", file.to_str().unwrap()]),
        "not a directory",
    );
    assert_eq!(std::fs::read_to_string(&file).unwrap(), "x");
    // Nothing else appeared beside them (no staging directory left).
    assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 1);
}
