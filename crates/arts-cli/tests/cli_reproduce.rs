//! End-to-end tests of `arts reproduce`: the built-in registry lists every
//! entry, two entries run at a tiny size and write their files and a
//! verdict, and bad input is one `error:` line with exit code 2.

mod common;
use common::{arts, assert_usage_error, json};

/// Two entries of a small registry: one that runs (PHOLD at two PE
/// counts, its paper-style check, a paper series drawn beside it), one
/// with nothing to run, one that needs a program no machine has.
const REGISTRY: &str = r#"
paper = "pdes"

[[entry]]
id = "pdes/fig2"
kind = "figure"
title = "PHOLD on 1 and 2 PEs"
source = "sec. 5"
finding = "Efficiency stays high."
paper_scale = "Origin 2000"
our_scale = "1-2 PEs"
state = "reproduced"
[entry.run]
args = ["pdes", "phold", "--lps", "32", "--events-per-lp", "2", "--end-time", "10"]
sweep = { flag = "--pes", values = ["1", "2"] }
[entry.plot]
x = "sweep"
y = ["efficiency", "committed_events"]
x_label = "PEs"
y_label = "value"
[[entry.paper_series]]
name = "paper: efficiency"
source = "Figure 1"
points = [[1, 0.9], [2, 0.9]]
[[entry.check]]
kind = "within"
series = "efficiency"
of = "paper: efficiency"
factor = 2.0
[[entry.check]]
kind = "at_least"
series = "committed_events"
value = 1e12
note = "a check that fails"

[[entry]]
id = "pdes/fig1"
kind = "figure"
title = "Bandwidth"
source = "sec. 5"
finding = "81% or better."
paper_scale = "64K nodes"
our_scale = "none"
state = "missing"
reason = "issue 58 adds it"

[[entry]]
id = "pdes/table1"
kind = "table"
title = "Needs a program nobody has"
source = "Table 1"
finding = "f"
paper_scale = "p"
our_scale = "o"
state = "not-reproducible"
reason = "r"
[entry.run]
args = ["pdes", "phold"]
requires = ["mpich"]
[entry.plot]
x = "pes"
y = ["efficiency"]
x_label = "x"
y_label = "y"
"#;

#[test]
fn the_built_in_registry_lists_every_entry_with_a_state() {
    let v = json(&arts(&["--json", "reproduce", "list"]));
    let entries = v["entries"].as_array().unwrap();
    let total: u64 = v["counts"]
        .as_object()
        .unwrap()
        .values()
        .map(|n| n.as_u64().unwrap())
        .sum();
    assert_eq!(total as usize, entries.len());
    for e in entries {
        assert!(e["id"].as_str().unwrap().contains('/'), "{e}");
        assert!(e["state"].is_string(), "{e}");
    }
}

#[test]
fn entries_run_end_to_end_and_write_their_files_and_verdicts() {
    let dir = tempfile::tempdir().unwrap();
    let reg = dir.path().join("r.toml");
    std::fs::write(
        &reg,
        REGISTRY.replace(
            "mpich",
            if which("mpirun.mpich") {
                "mpirun"
            } else {
                "mpich"
            },
        ),
    )
    .unwrap();
    let out = dir.path().join("out");
    let o = arts(&[
        "--json",
        "reproduce",
        "run",
        "--registry",
        reg.to_str().unwrap(),
        "all",
        "--out",
        out.to_str().unwrap(),
    ]);
    let v = json(&o);
    let by_id = |id: &str| {
        v["entries"]
            .as_array()
            .unwrap()
            .iter()
            .find(|e| e["id"] == id)
            .unwrap()
            .clone()
    };
    let fig2 = by_id("pdes/fig2");
    assert_eq!(fig2["verdict"], "differs", "{fig2}");
    assert_eq!(fig2["checks"][0]["passed"], true, "{fig2}");
    assert_eq!(fig2["checks"][1]["passed"], false, "{fig2}");
    assert!(fig2["why"].as_str().unwrap().contains("a check that fails"));
    assert_eq!(by_id("pdes/fig1")["verdict"], "missing");
    let skipped = by_id("pdes/table1");
    if !which("mpirun.mpich") {
        assert_eq!(skipped["verdict"], "skipped");
        assert!(
            skipped["why"].as_str().unwrap().contains("MPICH"),
            "{skipped}"
        );
    }
    let csv = std::fs::read_to_string(out.join("pdes-fig2.csv")).unwrap();
    assert!(
        csv.starts_with("series,source,x,y\nefficiency,arts,1,"),
        "{csv}"
    );
    assert!(
        csv.contains("paper: efficiency,\"paper, Figure 1\",2,0.9"),
        "{csv}"
    );
    assert!(
        std::fs::read_to_string(out.join("pdes-fig2.svg"))
            .unwrap()
            .contains("<svg")
    );
    let page = std::fs::read_to_string(out.join("pdes.md")).unwrap();
    assert!(
        page.contains("fails: committed_events at least 1000000000000 (a check that fails)"),
        "{page}"
    );
    let report = std::fs::read_to_string(out.join("report.md")).unwrap();
    assert!(
        report.contains(
            "| [pdes/fig1](pdes.md#pdesfig1) | Bandwidth | missing | missing | issue 58 adds it |"
        ),
        "{report}"
    );
    let saved: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(out.join("report.json")).unwrap()).unwrap();
    assert_eq!(saved["entries"], v["entries"]);
    // Running one entry again keeps the others' results in the reports.
    let again = [
        "--json",
        "reproduce",
        "run",
        "--registry",
        reg.to_str().unwrap(),
        "pdes/fig1",
        "--out",
        out.to_str().unwrap(),
    ];
    assert_eq!(json(&arts(&again))["entries"].as_array().unwrap().len(), 1);
    let saved: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(out.join("report.json")).unwrap()).unwrap();
    let ids: Vec<&str> = saved["entries"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["id"].as_str().unwrap())
        .collect();
    assert_eq!(ids, ["pdes/fig2", "pdes/fig1", "pdes/table1"]);
    assert!(
        std::fs::read_to_string(out.join("pdes.md"))
            .unwrap()
            .contains("## pdes/fig2")
    );
}

#[test]
fn bad_input_is_one_line_and_runs_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("f");
    std::fs::write(&file, "x").unwrap();
    let out = dir.path().join("out");
    let o = out.to_str().unwrap();
    assert_usage_error(
        &arts(&["reproduce", "run", "pdes/fig99", "--out", o]),
        "no entry 'pdes/fig99'",
    );
    assert!(!out.exists());
    let to_file = ["reproduce", "run", "all", "--out", file.to_str().unwrap()];
    assert_usage_error(&arts(&to_file), "exists and is not a directory");
    let bad = dir.path().join("bad.toml");
    std::fs::write(
        &bad,
        REGISTRY.replace("state = \"missing\"\n", "state = \"missing\"\nfoo = 1\n"),
    )
    .unwrap();
    let list_bad = ["reproduce", "list", "--registry", bad.to_str().unwrap()];
    assert_usage_error(&arts(&list_bad), "unknown field `foo`");
    assert_usage_error(
        &arts(&["reproduce", "list", "nosuchpaper"]),
        "no entry starts with nosuchpaper",
    );
}

fn which(program: &str) -> bool {
    std::env::split_paths(&std::env::var_os("PATH").unwrap_or_default())
        .any(|d| d.join(program).is_file())
}
