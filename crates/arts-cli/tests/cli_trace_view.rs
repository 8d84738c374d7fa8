//! End-to-end tests of `arts trace view`: a real run's trace becomes a page
//! that headless Chromium draws (each view non-blank where the page says it
//! drew it, the page's `data-ready` marker, no script errors), and bad input
//! is one `error:` line with nothing written.
//!
//! Chromium is used when `chromium` is on PATH; `ARTS_REQUIRE_CHROMIUM=1`
//! (set by `scripts/test.sh`, which installs it) makes its absence a failure.

mod common;

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

use common::{arts, assert_usage_error, json, stderr};

/// The page's width and a height that holds every view.
const WINDOW: (u32, u32) = (1100, 5200);

fn run_ok(args: &[&str]) {
    let o = arts(args);
    assert!(o.status.success(), "{args:?}: {}", stderr(&o));
}

/// A small jacobi2d run with greedy load balancing, traced into `dir/t.json`.
fn jacobi_trace(dir: &Path) -> PathBuf {
    let t = dir.join("t.json");
    run_ok(&[
        "run",
        "jacobi2d",
        "--grid",
        "128x128",
        "--objects",
        "4x4",
        "--iters",
        "30",
        "--pes",
        "3",
        "--lb",
        "greedy",
        "--lb-period",
        "10",
        "--trace",
        t.to_str().unwrap(),
    ]);
    t
}

/// An AMPI run whose ranks migrate (every 5 iterations), traced into `dir/a.json`.
fn ampi_trace(dir: &Path) -> PathBuf {
    let t = dir.join("a.json");
    run_ok(&[
        "ampi",
        "run",
        "stencil3d",
        "--vp",
        "8",
        "--pes",
        "4",
        "--size",
        "48",
        "--iters",
        "40",
        "--imbalance",
        "4",
        "--migrate-every",
        "5",
        // rotate moves every rank at every step: migrations whatever the timing.
        "--lb",
        "rotate",
        "--lb-period",
        "1",
        "--trace",
        t.to_str().unwrap(),
    ]);
    t
}

fn view(trace: &Path, out: &Path, extra: &[&str]) -> serde_json::Value {
    let mut args = vec![
        "trace",
        "view",
        trace.to_str().unwrap(),
        "--out",
        out.to_str().unwrap(),
        "--json",
    ];
    args.extend(extra);
    json(&arts(&args))
}

const CHARTS: [&str; 5] = [
    "overview.svg",
    "time-profile.svg",
    "usage-profile.svg",
    "histograms.svg",
    "timeline.svg",
];

fn check_files(out: &Path) {
    let page = std::fs::read_to_string(out.join("index.html")).unwrap();
    assert!(page.contains("<title>arts trace view"));
    // Self-contained: nothing fetched at view time.
    for needle in [
        "<script src",
        "<link",
        "src=\"http",
        "href=\"http",
        "@import",
    ] {
        assert!(!page.contains(needle), "the page loads {needle}");
    }
    for c in CHARTS {
        let svg = std::fs::read_to_string(out.join(c)).unwrap();
        assert!(
            svg.starts_with("<svg") && svg.trim_end().ends_with("</svg>"),
            "{c}"
        );
        assert!(svg.matches("<rect").count() > 5, "{c} draws nothing");
    }
}

#[test]
fn jacobi_view_has_every_view_and_draws_in_chromium() {
    let dir = tempfile::tempdir().unwrap();
    let t = jacobi_trace(dir.path());
    let out = dir.path().join("view");
    let v = view(&t, &out, &[]);
    assert_eq!(v["pes"], 3);
    assert!(v["lb_steps"].as_u64().unwrap() >= 1, "{v}");
    assert!(v["messages"].as_u64().unwrap() > 0, "{v}");
    let groups: Vec<&str> = v["groups"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| g.as_str().unwrap())
        .collect();
    assert!(groups.contains(&"jacobi2d::compute"), "{groups:?}");
    check_files(&out);
    assert!(out.join("communication.svg").exists());
    // `trace summary` still reads the file with its new instant events.
    let s = json(&arts(&["trace", "summary", t.to_str().unwrap(), "--json"]));
    assert_eq!(s["pes"].as_array().unwrap().len(), 3);
    render_in_chromium(
        &out.join("index.html"),
        &[
            "overview-chart",
            "profile-chart",
            "usage-chart",
            "histograms-chart",
            "timeline-chart",
            "communication-chart",
        ],
    );
}

#[test]
fn ampi_view_shows_migrating_ranks() {
    let dir = tempfile::tempdir().unwrap();
    let t = ampi_trace(dir.path());
    let out = dir.path().join("view");
    let v = view(&t, &out, &["--bins", "50"]);
    assert!(v["migrations"].as_u64().unwrap() > 0, "{v}");
    assert_eq!(v["bins"], 50);
    check_files(&out);
    let objects = std::fs::read_to_string(out.join("objects.svg")).unwrap();
    assert!(objects.contains("on PE"), "no object segments");
    render_in_chromium(
        &out.join("index.html"),
        &["overview-chart", "objects-chart"],
    );
}

#[test]
fn timeline_window_and_replacing_a_previous_view() {
    let dir = tempfile::tempdir().unwrap();
    let t = jacobi_trace(dir.path());
    let out = dir.path().join("view");
    let whole = view(&t, &out, &[]);
    // A window from the start of the quarter span to that of the three-quarter
    // one (by start time): at least half of the spans overlap it.
    let data: serde_json::Value =
        serde_json::from_slice(&std::fs::read(out.join("views.json")).unwrap()).unwrap();
    let boxes = data["timeline"]["boxes"].as_array().unwrap();
    assert!(boxes.len() >= 40, "{} spans", boxes.len());
    let start = |i: usize| boxes[i][2].as_f64().unwrap();
    let mid = format!("{}", start(boxes.len() / 4));
    let end = format!("{}", start(boxes.len() * 3 / 4));
    // A previous view is replaced whole.
    std::fs::write(out.join("stale.svg"), "<svg/>").unwrap();
    let half = view(
        &t,
        &out,
        &["--from", &mid, "--to", &end, "--max-boxes", "10"],
    );
    assert!(
        !out.join("stale.svg").exists(),
        "the old view was not replaced"
    );
    assert!(half["timeline_spans"].as_u64().unwrap() < whole["timeline_spans"].as_u64().unwrap());
    assert_eq!(half["timeline_boxes"], 10);
    let page = std::fs::read_to_string(out.join("index.html")).unwrap();
    assert!(
        page.contains("the page has the first 10"),
        "no truncation note"
    );
    // Nothing left beside it.
    let leftovers: Vec<_> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.starts_with('.'))
        .collect();
    assert!(leftovers.is_empty(), "{leftovers:?}");
}

#[test]
fn bad_input_is_one_error_line_and_writes_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let good = jacobi_trace(d);
    let text = std::fs::read(&good).unwrap();
    let files: [(&str, &[u8]); 6] = [
        ("empty.json", b""),
        ("truncated.json", &text[..text.len() * 2 / 3]),
        ("not-json.json", b"PE 0 busy 12%\n"),
        ("foreign.json", br#"{"name":"x","version":[1,2]}"#),
        (
            "other-tool.json",
            br#"{"traceEvents":[{"ph":"X","pid":7,"tid":3,"ts":1,"dur":2,"name":"main"}]}"#,
        ),
        ("array.json", b"[1,2,3]"),
    ];
    let out = d.join("out");
    let o = out.to_str().unwrap();
    for (name, bytes) in files {
        let f = d.join(name);
        std::fs::write(&f, bytes).unwrap();
        let r = arts(&["trace", "view", f.to_str().unwrap(), "--out", o]);
        assert_usage_error(&r, name);
        assert!(!out.exists(), "{name}: output appeared");
    }
    let g = good.to_str().unwrap();
    let cases: [(Vec<&str>, &str); 4] = [
        (vec!["--from", "0.5", "--to", "0.1"], "not before --to"),
        (vec!["--bins", "0"], "--bins"),
        (vec!["--from", "-1"], "--from"),
        (vec!["--max-boxes", "0"], "timeline box"),
    ];
    for (extra, needle) in cases {
        let mut args = vec!["trace", "view", g, "--out", o];
        args.extend(&extra);
        assert_usage_error(&arts(&args), needle);
        assert!(!out.exists(), "{extra:?}: output appeared");
    }
    // --out that is a file, under a file, in a missing directory, or a
    // directory that is not a view: refused, left as it was.
    let file = d.join("a-file");
    std::fs::write(&file, "keep").unwrap();
    let other = d.join("other");
    std::fs::create_dir(&other).unwrap();
    std::fs::write(other.join("notes.txt"), "keep").unwrap();
    for (target, needle) in [
        (file.clone(), "not a directory"),
        (file.join("sub"), "a-file"),
        (d.join("missing/deeper/out"), "missing"),
        (other.clone(), "notes.txt"),
    ] {
        let r = arts(&["trace", "view", g, "--out", target.to_str().unwrap()]);
        assert_usage_error(&r, needle);
    }
    assert_eq!(std::fs::read_to_string(&file).unwrap(), "keep");
    assert_eq!(std::fs::read_dir(&other).unwrap().count(), 1);
    assert!(!d.join("missing").exists());
    let r = arts(&["trace", "view", "/nonexistent/t.json", "--out", o]);
    assert_usage_error(&r, "/nonexistent/t.json");
    let leftovers: Vec<_> = std::fs::read_dir(d)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.starts_with('.'))
        .collect();
    assert!(leftovers.is_empty(), "{leftovers:?}");
}

// ---- headless Chromium ----

/// The Chromium binary, or `None` (failing under `ARTS_REQUIRE_CHROMIUM=1`).
fn chromium() -> Option<&'static str> {
    for name in ["chromium", "chromium-browser"] {
        if common::have(name) {
            return Some(name);
        }
    }
    assert!(
        std::env::var("ARTS_REQUIRE_CHROMIUM").as_deref() != Ok("1"),
        "ARTS_REQUIRE_CHROMIUM=1 but no chromium on PATH"
    );
    eprintln!("skipping the browser check: no chromium on PATH");
    None
}

/// Runs headless Chromium on `page` with `args`; returns stdout and stderr.
fn headless(bin: &str, page: &Path, args: &[&str]) -> (String, String) {
    let profile = tempfile::tempdir().unwrap();
    let url = format!("file://{}", page.canonicalize().unwrap().display());
    let size = format!("--window-size={},{}", WINDOW.0, WINDOW.1);
    // Output goes to files: a pipe left unread would fill and stall it.
    let out_path = profile.path().join("stdout");
    let err_path = profile.path().join("stderr");
    let mut child = Command::new(bin)
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--hide-scrollbars",
            "--enable-logging=stderr",
            "--v=0",
            "--virtual-time-budget=10000",
            &size,
            &format!("--user-data-dir={}", profile.path().display()),
        ])
        .args(args)
        .arg(&url)
        .stdout(std::fs::File::create(&out_path).unwrap())
        .stderr(std::fs::File::create(&err_path).unwrap())
        .spawn()
        .expect("chromium starts");
    let deadline = Instant::now() + Duration::from_secs(90);
    while child.try_wait().unwrap().is_none() {
        if Instant::now() > deadline {
            let _ = child.kill();
            let _ = child.wait();
            panic!("chromium did not finish within 90 s");
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    let read = |p: &Path| String::from_utf8_lossy(&std::fs::read(p).unwrap()).into_owned();
    (read(&out_path), read(&err_path))
}

/// No script error in Chromium's log.
fn assert_no_console_errors(log: &str) {
    for line in log.lines() {
        let console_error = line.contains("CONSOLE") && line.contains("Error");
        assert!(
            !(line.contains("Uncaught") || console_error),
            "console error: {line}"
        );
    }
}

/// Renders `page`: the DOM must carry `data-ready="1"` and the boxes of the
/// views in `expect`; in the screenshot, each box must be drawn (enough
/// pixels that are not the white background).
fn render_in_chromium(page: &Path, expect: &[&str]) {
    let Some(bin) = chromium() else {
        return;
    };
    let (dom, log) = headless(bin, page, &["--dump-dom"]);
    assert_no_console_errors(&log);
    assert!(
        dom.contains("data-ready=\"1\""),
        "the page did not get ready:\n{log}"
    );
    let boxes = dom
        .split("data-boxes=\"")
        .nth(1)
        .and_then(|s| s.split('"').next())
        .expect("data-boxes on body");
    let shot = page.with_file_name("screenshot.png");
    let (_, log) = headless(bin, page, &[&format!("--screenshot={}", shot.display())]);
    assert_no_console_errors(&log);
    let (w, h, rgb) = decode(&shot);
    let mut seen = Vec::new();
    for b in boxes.split(';') {
        let (id, rect) = b.split_once(':').expect("id:x,y,w,h");
        let r: Vec<u32> = rect.split(',').map(|n| n.parse().unwrap()).collect();
        let (x0, y0, bw, bh) = (r[0], r[1], r[2], r[3]);
        assert!(
            y0 + bh <= h && x0 + bw <= w,
            "{id} lies outside the screenshot"
        );
        let mut ink = 0u64;
        for y in y0..y0 + bh {
            for x in x0..x0 + bw {
                let i = ((y * w + x) * 3) as usize;
                if rgb[i..i + 3].iter().any(|&c| c < 235) {
                    ink += 1;
                }
            }
        }
        let share = ink as f64 / (bw as f64 * bh as f64);
        assert!(share > 0.03, "{id} is blank ({:.1}% drawn)", share * 100.0);
        seen.push(id.to_string());
    }
    for id in expect {
        assert!(seen.iter().any(|s| s == id), "{id} was not drawn: {seen:?}");
    }
}

/// A PNG as width, height and RGB bytes.
fn decode(path: &Path) -> (u32, u32, Vec<u8>) {
    let decoder = png::Decoder::new(std::io::BufReader::new(std::fs::File::open(path).unwrap()));
    let mut reader = decoder.read_info().unwrap();
    let mut buf = vec![0; reader.output_buffer_size().unwrap()];
    let info = reader.next_frame(&mut buf).unwrap();
    let channels = info.color_type.samples();
    let rgb = buf[..info.buffer_size()]
        .chunks(channels)
        .flat_map(|p| [p[0], p[1 % channels], p[2 % channels]])
        .collect();
    (info.width, info.height, rgb)
}

#[test]
fn checkpoints_are_marked() {
    let dir = tempfile::tempdir().unwrap();
    let t = dir.path().join("c.json");
    let ck = dir.path().join("ck");
    run_ok(&[
        "run",
        "jacobi2d",
        "--grid",
        "64x64",
        "--objects",
        "2x2",
        "--iters",
        "10",
        "--pes",
        "2",
        "--checkpoint-every",
        "5",
        "--checkpoint-dir",
        ck.to_str().unwrap(),
        "--trace",
        t.to_str().unwrap(),
    ]);
    let v = view(&t, &dir.path().join("view"), &[]);
    // One imaging per PE and checkpoint.
    assert!(v["checkpoints"].as_u64().unwrap() >= 2, "{v}");
    let overview = std::fs::read_to_string(dir.path().join("view/overview.svg")).unwrap();
    assert!(
        overview.contains("checkpoint jacobi2d"),
        "checkpoints not marked"
    );
}
