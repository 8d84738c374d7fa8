//! End-to-end tests of `arts run ddm`, `arts ddm partition` and `arts ddm preset`.

use std::path::Path;

mod common;
use common::{arts, assert_usage_error, json as json_of};

fn s(p: &Path) -> &str {
    p.to_str().unwrap()
}

#[test]
fn run_writes_profiles_and_reports_the_json_contract() {
    let dir = tempfile::tempdir().unwrap();
    let out_dir = dir.path().join("out");
    let out = arts(&[
        "--json",
        "run",
        "ddm",
        "--preset",
        "si-pn",
        "--bias",
        "0,0.4",
        "--out",
        s(&out_dir),
        "--instrument-every",
        "100",
    ]);
    let v = json_of(&out);
    assert_eq!(v["converged"], true);
    assert_eq!(v["valid"], true);
    assert_eq!(v["rows"], 400);
    assert!((v["builtin_potential_v"].as_f64().unwrap() - 0.7143).abs() < 1e-3);
    assert!(v["time_s"].as_f64().unwrap() > 0.0);
    let j = v["terminal_current_a_per_cm2"].as_array().unwrap();
    assert_eq!(j.len(), 2);
    assert!(j[1].as_f64().unwrap() > 1e-4);
    let biases = v["biases"].as_array().unwrap();
    let total: u64 = biases
        .iter()
        .map(|b| b["iterations"].as_u64().unwrap())
        .sum();
    assert_eq!(v["iterations"].as_u64().unwrap(), total);
    for b in biases {
        assert_eq!(b["converged"], true);
        assert!(b["terminal_current_a_per_cm2"].is_number());
        assert!(!b["history"].as_array().unwrap().is_empty());
        for f in b["files"].as_array().unwrap() {
            assert!(out_dir.join(f.as_str().unwrap()).is_file(), "{f}");
        }
    }
    // The profile CSV: header and one line per row, finite numbers.
    let name = biases[1]["files"][0].as_str().unwrap();
    let text = std::fs::read_to_string(out_dir.join(name)).unwrap();
    let mut lines = text.lines();
    assert_eq!(
        lines.next().unwrap(),
        "row,x_um,layer,potential_v,n_cm3,p_cm3,phi_n_v,phi_p_v,field_v_per_cm,jn_a_per_cm2,jp_a_per_cm2,j_a_per_cm2,recombination_cm3_per_s"
    );
    let rows: Vec<&str> = lines.collect();
    assert_eq!(rows.len(), 400);
    assert!(
        rows.iter()
            .all(|l| l.split(',').all(|c| c.parse::<f64>().unwrap().is_finite()))
    );
    assert!(out_dir.join("summary.json").is_file());
    // Nothing temporary left behind.
    assert!(std::fs::read_dir(dir.path()).unwrap().count() == 1);

    // The measured cost profile partitions; the equal-work cut is no worse than equal rows.
    let cost = biases[1]["files"][1].as_str().unwrap();
    assert!(cost.starts_with("cost_rows_"));
    let p = json_of(&arts(&[
        "--json",
        "ddm",
        "partition",
        "--profile",
        s(&out_dir.join(cost)),
        "--pieces",
        "4",
    ]));
    assert_eq!(p["rows"], 400);
    assert_eq!(p["column"], "cost");
    let eq = p["equal_rows"]["max_over_avg"].as_f64().unwrap();
    let ps = p["prefix_sum"]["max_over_avg"].as_f64().unwrap();
    // Each prefix-sum boundary is the row nearest its equal-work mark, so a
    // piece is off by at most one row's cost: against equal rows (as good on
    // a nearly flat measured profile) the cut may lose that much, no more.
    let text = std::fs::read_to_string(out_dir.join(cost)).unwrap();
    let mut lines = text.lines();
    let column = lines
        .next()
        .unwrap()
        .split(',')
        .position(|h| h == "cost")
        .unwrap();
    let costs: Vec<f64> = lines
        .map(|l| l.split(',').nth(column).unwrap().parse().unwrap())
        .collect();
    let total: f64 = costs.iter().sum();
    let row = costs.iter().cloned().fold(0.0, f64::max);
    assert!(ps <= eq + 4.0 * row / total + 1e-12, "{ps} vs {eq}");
    assert!(ps <= 1.0 + 4.0 * row / total + 1e-12, "{ps}");
    assert_eq!(p["fitted"]["starts"].as_array().unwrap().len(), 4);
}

#[test]
fn both_orders_report_their_iterations() {
    let v = json_of(&arts(&[
        "--json",
        "run",
        "ddm",
        "--preset",
        "si-pin",
        "--bias",
        "0",
        "--order",
        "both",
        "--segments",
        "4",
    ]));
    let b = &v["biases"][0];
    let seq = b["iterations"].as_u64().unwrap();
    let rel = b["relaxed"]["iterations"].as_u64().unwrap();
    assert!(seq > 0 && rel > 0 && seq != rel, "{seq} {rel}");
    assert_eq!(b["relaxed"]["segments"], 4);
    // Segments from a partition's starts.
    let v = json_of(&arts(&[
        "--json",
        "run",
        "ddm",
        "--preset",
        "si-pin",
        "--bias",
        "0",
        "--order",
        "relaxed",
        "--segment-starts",
        "0,100,250",
    ]));
    assert_eq!(v["segments"], 3);
    assert_eq!(v["order"], "relaxed");
    assert_usage_error(
        &arts(&[
            "run",
            "ddm",
            "--preset",
            "si-pin",
            "--order",
            "relaxed",
            "--segment-starts",
            "0,300,200",
        ]),
        "holds no interior row",
    );
}

#[test]
fn human_output_has_current_iterations_and_history() {
    let out = arts(&["run", "ddm", "--preset", "si-pn", "--bias", "0.3"]);
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains("built-in potential") && text.contains("history +0.300 V"),
        "{text}"
    );
}

#[test]
fn partition_reads_a_plain_number_list() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("p.txt");
    let mut text = String::from("# one cost per row\n");
    for i in 0..100 {
        text.push_str(&format!("{}\n", if i >= 80 { 10.0 } else { 1.0 }));
    }
    std::fs::write(&path, text).unwrap();
    let v = json_of(&arts(&[
        "--json",
        "ddm",
        "partition",
        "--profile",
        s(&path),
        "--pieces",
        "3",
    ]));
    assert_eq!(v["rows"], 100);
    assert!(
        v["prefix_sum"]["max_over_avg"].as_f64().unwrap()
            < v["equal_rows"]["max_over_avg"].as_f64().unwrap()
    );
    assert!(
        v["fitted"]["max_over_avg"].as_f64().unwrap()
            < v["equal_rows"]["max_over_avg"].as_f64().unwrap()
    );
    let human = arts(&["ddm", "partition", "--profile", s(&path), "--pieces", "3"]);
    assert!(String::from_utf8_lossy(&human.stdout).contains("prefix-sum"));
}

#[test]
fn partition_rejects_bad_input() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("p.csv");
    std::fs::write(&path, "row,cost\n0,1\n1,x\n").unwrap();
    assert_usage_error(
        &arts(&["ddm", "partition", "--profile", s(&path), "--pieces", "2"]),
        "`x` is not a number",
    );
    std::fs::write(&path, "row,cost\n0,1\n1,2\n").unwrap();
    assert_usage_error(
        &arts(&["ddm", "partition", "--profile", s(&path), "--pieces", "3"]),
        "--pieces 3",
    );
    assert_usage_error(
        &arts(&[
            "ddm",
            "partition",
            "--profile",
            s(&path),
            "--pieces",
            "1",
            "--column",
            "ns",
        ]),
        "no column `ns`",
    );
    assert_usage_error(
        &arts(&[
            "ddm",
            "partition",
            "--profile",
            "/nonexistent.csv",
            "--pieces",
            "2",
        ]),
        "cannot read",
    );
}

#[test]
fn preset_prints_a_device_file_that_runs() {
    let out = arts(&["ddm", "preset", "si-pin"]);
    assert!(out.status.success());
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("pin.toml");
    std::fs::write(&path, &out.stdout).unwrap();
    let v = json_of(&arts(&[
        "--json",
        "run",
        "ddm",
        "--device",
        s(&path),
        "--bias",
        "0",
    ]));
    assert_eq!(v["device"], "si-pin");
    // A reverse-bias sweep with negative values after --bias.
    let v = json_of(&arts(&[
        "--json",
        "run",
        "ddm",
        "--device",
        s(&path),
        "--bias",
        "-0.5,-1",
    ]));
    let j = v["terminal_current_a_per_cm2"].as_array().unwrap();
    assert!(j.iter().all(|x| x.as_f64().unwrap() < 0.0), "{j:?}");
    assert_usage_error(
        &arts(&["ddm", "preset", "gan-hemt"]),
        "invalid value 'gan-hemt' for '<NAME>'",
    );
}

fn device_with(dir: &Path, from: &str, to: &str) -> std::path::PathBuf {
    let text = String::from_utf8(arts(&["ddm", "preset", "si-pn"]).stdout).unwrap();
    assert!(text.contains(from), "{from}");
    let path = dir.join("dev.toml");
    std::fs::write(&path, text.replacen(from, to, 1)).unwrap();
    path
}

#[test]
fn bad_device_files_exit_2_and_write_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let out_dir = dir.path().join("out");
    let cases = [
        (
            "material = \"Si\"",
            "material = \"Sillicon\"",
            "unknown material `Sillicon`",
        ),
        (
            "acceptors_cm3 = 1e16",
            "acceptor_cm3 = 1e16",
            "unknown field `acceptor_cm3`",
        ),
        (
            "thickness_nm = 1000.0",
            "thickness_nm = -1000.0",
            "thickness_nm = -1000",
        ),
        (
            "donors_cm3 = 1e16",
            "donors_cm3 = -1e16",
            "donors_cm3 = -10000000000000000",
        ),
        (
            "thickness_nm = 1000.0",
            "thickness_nm = 1002.5",
            "not a whole number",
        ),
    ];
    for (from, to, needle) in cases {
        let dev = device_with(dir.path(), from, to);
        assert_usage_error(
            &arts(&["run", "ddm", "--device", s(&dev), "--out", s(&out_dir)]),
            needle,
        );
        assert!(!out_dir.exists());
    }
    assert_usage_error(
        &arts(&["run", "ddm", "--preset", "si-pnp"]),
        "possible values: apd-sam, si-pn, si-pin",
    );
    assert_usage_error(
        &arts(&["run", "ddm", "--preset", "si-pn", "--constants", "si"]),
        "codata, tcad",
    );
    assert_usage_error(
        &arts(&["run", "ddm", "--preset", "si-pn", "--order", "random"]),
        "sequential, relaxed, both",
    );
    assert_usage_error(
        &arts(&["run", "ddm", "--preset", "si-pn", "--spacing-nm", "3"]),
        "not a whole number",
    );
    assert_usage_error(
        &arts(&["run", "ddm", "--preset", "si-pn", "--omega-phi", "2.5"]),
        "omega_phi",
    );
    assert_usage_error(
        &arts(&["run", "ddm", "--preset", "si-pn", "--bias", "40"]),
        "representable range",
    );
}

#[test]
fn a_non_converging_sweep_exits_1_and_writes_what_converged() {
    let dir = tempfile::tempdir().unwrap();
    let out_dir = dir.path().join("out");
    let out = arts(&[
        "--json",
        "run",
        "ddm",
        "--preset",
        "si-pn",
        "--bias",
        "0,0.5",
        "--max-iterations",
        "700",
        "--out",
        s(&out_dir),
    ]);
    // The input was accepted: a run that fails afterwards exits 1 (one error line).
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert_eq!(err.trim_end().lines().count(), 1, "{err}");
    assert!(
        err.starts_with(
            "error: bias 0.5 V did not converge in 700 Gummel iterations (last residual: potential"
        ),
        "{err}"
    );
    assert!(!err.contains("NaN") && !err.contains("inf"), "{err}");
    // Still one JSON object: converged false, the failure with its last residuals,
    // and the point that converged.
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["converged"], false);
    assert_eq!(v["valid"], false);
    assert_eq!(v["failure"]["bias_v"], 0.5);
    for k in [
        "residual_potential_v",
        "residual_electrons_v",
        "residual_holes_v",
    ] {
        assert!(v["failure"][k].as_f64().unwrap() > 1e-9, "{k}");
    }
    let biases = v["biases"].as_array().unwrap();
    assert_eq!(biases.len(), 1);
    assert_eq!(biases[0]["bias_v"], 0.0);
    // The converged point's files and the summary, and nothing temporary.
    for f in biases[0]["files"].as_array().unwrap() {
        assert!(out_dir.join(f.as_str().unwrap()).is_file(), "{f}");
    }
    let summary: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(out_dir.join("summary.json")).unwrap())
            .unwrap();
    assert_eq!(summary["converged"], false);
    // (profile, cost rows, cost history, its Fig. 14 chart, edges) + summary
    let files = biases[0]["files"].as_array().unwrap().len();
    assert_eq!(files, 5);
    assert_eq!(std::fs::read_dir(&out_dir).unwrap().count(), files + 1);
    assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 1);
}

/// si-pn written as JSON, with the constants given one by one.
const SI_PN_JSON: &str = r#"{"name": "pn-json", "spacing_nm": 5.0,
 "layers": [
   {"name": "p", "material": "Si", "thickness_nm": 1000, "acceptors_cm3": 1e16},
   {"name": "n", "material": "Si", "thickness_nm": 1000, "donors_cm3": 1e16}]}"#;

#[test]
fn json_device_files_constants_and_edge_averaging() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("pn.json");
    std::fs::write(&file, SI_PN_JSON).unwrap();
    let run = |extra: &[&str]| {
        let mut a = vec![
            "--json", "run", "ddm", "--method", "newton", "--bias", "0.4",
        ];
        a.extend_from_slice(extra);
        json_of(&arts(&a))
    };
    // The same device as the preset: the same current.
    let preset = run(&["--preset", "si-pn"]);
    let json = run(&["--device", s(&file)]);
    assert_eq!(json["device"], "pn-json");
    let j = |v: &serde_json::Value| v["terminal_current_a_per_cm2"][0].as_f64().unwrap();
    assert!((j(&json) / j(&preset) - 1.0).abs() < 1e-12);
    // A file without the .json extension is recognised by its content.
    let plain = dir.path().join("pn.dev");
    std::fs::write(&plain, SI_PN_JSON).unwrap();
    assert_eq!(run(&["--device", s(&plain)])["device"], "pn-json");
    // Constants one by one: q = 1.6e-19 alone is the tcad q with codata k, eps0.
    let q = run(&["--device", s(&file), "--q-c", "1.6e-19"]);
    assert_eq!(q["constants_replaced"], serde_json::json!(["q"]));
    assert_eq!(q["constant_values"]["q_c"], 1.6e-19);
    assert_eq!(q["constant_values"]["k_j_per_k"], 1.380649e-23);
    assert!(
        q["builtin_potential_v"].as_f64().unwrap() > json["builtin_potential_v"].as_f64().unwrap()
    );
    // Temperature scales V_T (an n_i-only material keeps its n_i).
    let hot = run(&["--device", s(&file), "--temperature-k", "320"]);
    assert_eq!(hot["temperature_k"], 320.0);
    let vt = 1.380649e-23 * 320.0 / 1.602176634e-19;
    let vbi = vt * (1e32f64 / 1e20).ln();
    assert!((hot["builtin_potential_v"].as_f64().unwrap() - vbi).abs() < 1e-6);
    // Edge averaging is reported (a homogeneous device does not depend on it).
    let ar = run(&["--device", s(&file), "--edge-average", "arithmetic"]);
    assert_eq!(ar["edge_average"], "arithmetic");
    assert!((j(&ar) / j(&json) - 1.0).abs() < 1e-12);
    // Bad JSON: one line with its position, exit 2.
    std::fs::write(
        &file,
        SI_PN_JSON.replace("\"name\": \"n\",", "\"name\": \"n\", \"dopant\": 1,"),
    )
    .unwrap();
    assert_usage_error(
        &arts(&["run", "ddm", "--device", s(&file)]),
        "device file line 4, column",
    );
    assert_usage_error(
        &arts(&["run", "ddm", "--preset", "si-pn", "--k-j-per-k", "0"]),
        "--k-j-per-k = 0",
    );
}

#[test]
fn node_csv_gives_doping_per_row() {
    let dir = tempfile::tempdir().unwrap();
    // si-pn with its doping from a per-row CSV beside the device file.
    let mut csv = String::from("row,donors_cm3,acceptors_cm3\n");
    for i in 0..400 {
        let (nd, na) = if i < 200 { (0.0, 1e16) } else { (1e16, 0.0) };
        csv.push_str(&format!("{i},{nd},{na}\n"));
    }
    std::fs::write(dir.path().join("doping.csv"), csv).unwrap();
    let device = SI_PN_JSON
        .replace(
            "\"spacing_nm\"",
            "\"node_csv\": \"doping.csv\", \"spacing_nm\"",
        )
        .replace(", \"acceptors_cm3\": 1e16", "")
        .replace(", \"donors_cm3\": 1e16", "");
    let file = dir.path().join("pn.json");
    std::fs::write(&file, &device).unwrap();
    let args = |dev: &str| {
        let a = [
            "--json", "run", "ddm", "--method", "newton", "--bias", "0.4",
        ];
        let mut a: Vec<String> = a.iter().map(|x| x.to_string()).collect();
        a.extend(dev.split(' ').map(String::from));
        a
    };
    let run = |dev: &str| {
        let a = args(dev);
        json_of(&arts(&a.iter().map(String::as_str).collect::<Vec<_>>()))
    };
    let nodes = run(&format!("--device {}", s(&file)));
    let preset = run("--preset si-pn");
    let j = |v: &serde_json::Value| v["terminal_current_a_per_cm2"][0].as_f64().unwrap();
    assert!((j(&nodes) / j(&preset) - 1.0).abs() < 1e-12);
    // A CSV that does not fit the mesh is bad input.
    assert_usage_error(
        &arts(&["run", "ddm", "--device", s(&file), "--spacing-nm", "2.5"]),
        "400 data lines; the mesh has 800 rows",
    );
    // Band parameters per row (a graded gap), all four columns or none.
    let mut csv =
        String::from("row,donors_cm3,acceptors_cm3,band_gap_ev,affinity_ev,nc_cm3,nv_cm3\n");
    for i in 0..400 {
        let (nd, na) = if i < 200 { (0.0, 1e16) } else { (1e16, 0.0) };
        let eg = 1.12 - 0.1 * i as f64 / 400.0;
        csv.push_str(&format!("{i},{nd},{na},{eg},4.05,2.8e19,1.04e19\n"));
    }
    std::fs::write(dir.path().join("doping.csv"), &csv).unwrap();
    let graded = run(&format!("--device {}", s(&file)));
    assert_eq!(graded["converged"], true, "{graded}");
    assert!(j(&graded) > 0.0 && j(&graded) != j(&preset));
    std::fs::write(
        dir.path().join("doping.csv"),
        csv.replace(",nv_cm3", ",tau_n_s"),
    )
    .unwrap();
    assert_usage_error(
        &arts(&["run", "ddm", "--device", s(&file)]),
        "come together (missing: nv_cm3)",
    );
    std::fs::remove_file(dir.path().join("doping.csv")).unwrap();
    assert_usage_error(&arts(&["run", "ddm", "--device", s(&file)]), "node_csv");
}

#[test]
fn node_mesh_from_the_file_or_the_flag() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("pn.json");
    std::fs::write(&file, SI_PN_JSON.replacen("{", "{\"mesh\": \"nodes\",", 1)).unwrap();
    let out_dir = dir.path().join("out");
    let base = [
        "--json", "run", "ddm", "--method", "newton", "--bias", "0.4",
    ];
    let with = |extra: &[&str]| {
        let mut a = base.to_vec();
        a.extend_from_slice(extra);
        json_of(&arts(&a))
    };
    let file_nodes = with(&["--device", s(&file), "--out", s(&out_dir)]);
    let flag_nodes = with(&["--preset", "si-pn", "--mesh", "nodes"]);
    let cells = with(&["--preset", "si-pn"]);
    assert_eq!(file_nodes["mesh"], "nodes");
    assert_eq!(file_nodes["rows"], 401);
    assert_eq!(cells["mesh"], "cells");
    let j = |v: &serde_json::Value| v["terminal_current_a_per_cm2"][0].as_f64().unwrap();
    assert_eq!(j(&file_nodes), j(&flag_nodes));
    // A different discretisation of the same diode: close, not equal.
    let rel = (j(&file_nodes) / j(&cells) - 1.0).abs();
    assert!(rel > 0.0 && rel < 0.01, "{rel}");
    // The profile runs from x = 0 to L.
    let prof = std::fs::read_to_string(out_dir.join("profile_00_+0.400V.csv")).unwrap();
    let x: Vec<f64> = prof
        .lines()
        .skip(1)
        .map(|l| l.split(',').nth(1).unwrap().parse().unwrap())
        .collect();
    assert_eq!((x[0], x[400]), (0.0, 2.0));
}
