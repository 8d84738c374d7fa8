//! End-to-end tests of `arts topology probe` and `arts topology show`.

mod common;
use common::{arts, arts_text, assert_usage_error, json};

#[test]
fn probe_on_one_machine_finds_one_cluster() {
    let (code, stdout, err) = arts_text(&["topology", "probe", "--pes", "2", "--rounds", "5"]);
    assert_eq!(code, 0, "{err}");
    assert!(stdout.contains("could not separate clusters"), "{stdout}");
    assert!(stdout.contains("[0, 1],"), "{stdout}");
    // The printed topology is a topology file that `show` accepts.
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("found.toml");
    std::fs::write(&file, &stdout).unwrap();
    let v = json(&arts(&[
        "topology",
        "show",
        "--topology",
        file.to_str().unwrap(),
        "--json",
    ]));
    assert_eq!(v["clusters"], serde_json::json!([[0, 1]]));
}

#[test]
fn probe_json_has_the_matrix_and_writes_out() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("t.toml");
    let o = arts(&[
        "topology",
        "probe",
        "--pes",
        "3",
        "--rounds",
        "5",
        "--json",
        "--out",
        out.to_str().unwrap(),
    ]);
    let v = json(&o);
    let m = v["matrix_ms"].as_array().unwrap();
    assert_eq!(m.len(), 3);
    for (a, row) in m.iter().enumerate() {
        let row = row.as_array().unwrap();
        assert_eq!(row.len(), 3);
        for (b, x) in row.iter().enumerate() {
            let x = x.as_f64().unwrap();
            assert!(x >= 0.0 && (a == b) == (x == 0.0), "{a}->{b}: {x}");
        }
    }
    assert!(v["separated"].is_boolean());
    let listed: usize = v["topology"]["clusters"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c.as_array().unwrap().len())
        .sum();
    assert_eq!(listed, 3);
    let written = std::fs::read_to_string(&out).unwrap();
    assert!(written.contains("clusters = [") && written.contains("latency_ms = ["));
}

#[test]
fn show_prints_a_table() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("grid.json");
    let text = r#"{"clusters": [[0, 1], [2, 3]], "latency_ms": [[0, 8], [8, 0]], "jitter_ms": 1}"#;
    std::fs::write(&file, text).unwrap();
    let (code, stdout, err) =
        arts_text(&["topology", "show", "--topology", file.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    assert!(stdout.contains("2 cluster(s), 4 PE(s)"), "{stdout}");
    assert!(
        stdout.contains("2-3") && stdout.contains("8.000"),
        "{stdout}"
    );
    assert!(stdout.contains("up to 1 ms"), "{stdout}");
}

#[test]
fn bad_topology_files_name_file_and_line() {
    let dir = tempfile::tempdir().unwrap();
    let two = "latency_ms = [[0, 5], [5, 0]]\n";
    let cases = [
        (
            format!("clusters = [\n  [0, 1],\n  [2, 7],\n]\n{two}"),
            3,
            "PE 7",
        ),
        (
            format!("clusters = [\n  [0, 1],\n  [1, 2, 3],\n]\n{two}"),
            3,
            "in clusters 0 and 1",
        ),
        (
            format!("clusters = [\n  [0, 1],\n  [3],\n]\n{two}"),
            1,
            "PE 2 is in no cluster",
        ),
        (
            "clusters = [[0, 1], [2, 3]]\nlatency_ms = [\n [0, -2],\n [-2, 0]]\n".into(),
            3,
            "-2",
        ),
        (
            "clusters = [[0, 1], [2, 3]]\nlatency_ms = [[0, nan], [nan, 0]]\n".into(),
            2,
            "NaN",
        ),
        (
            "clusters = [[0, 1], [2, 3]]\nlatency_ms = [[0, 1], [2, 0]]\n".into(),
            2,
            "asymmetric",
        ),
        (
            format!("clusters = [[0, 1], [2, 3]]\n{two}speeds = [1, 1,\n 0, 1]\n"),
            4,
            "speeds[2]",
        ),
        (
            "clusters = [[0], [1], [2], [3], [4]]\nlatency_ms = []\n".into(),
            1,
            "5 clusters for 4 PEs",
        ),
        ("clusters = [[0, 1]\nlatency_ms = 3\n".into(), 2, "accepted"),
    ];
    for (i, (text, line, what)) in cases.iter().enumerate() {
        let file = dir.path().join(format!("bad{i}.toml"));
        std::fs::write(&file, text).unwrap();
        let name = file.to_str().unwrap();
        let o = arts(&["topology", "show", "--topology", name, "--pes", "4"]);
        assert_usage_error(&o, &format!("{name}:{line}: "));
        assert_usage_error(&o, what);
    }
    let o = arts(&["topology", "show", "--topology", "/nonexistent/t.toml"]);
    assert_usage_error(&o, "/nonexistent/t.toml: cannot read it");
}

#[test]
fn bad_probe_flags_are_usage_errors() {
    assert_usage_error(&arts(&["topology", "probe", "--gap", "1"]), "--gap 1");
    assert_usage_error(&arts(&["topology", "probe", "--pes", "300"]), "--pes 300");
    assert_usage_error(&arts(&["topology", "probe", "--rounds", "0"]), "--rounds");
}
