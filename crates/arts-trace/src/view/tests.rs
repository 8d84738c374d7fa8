use std::sync::Arc;

use super::*;
use crate::{Span, SpanKind, write_chrome};

fn entry(pe: u32, start: u64, dur: u64, method: &'static str) -> Span {
    Span {
        pe,
        start_ns: start,
        dur_ns: dur,
        kind: SpanKind::Entry {
            array: Arc::from("grid"),
            method,
            element: pe as u64,
        },
    }
}

fn instant(pe: u32, at: u64, kind: SpanKind) -> Span {
    Span {
        pe,
        start_ns: at,
        dur_ns: 0,
        kind,
    }
}

/// PE 0 busy 0..3 µs then idle 3..4; PE 1 busy 0..1 and 2..3 µs, a send,
/// a migration and an LB step.
fn sample() -> Vec<u8> {
    let spans = vec![
        entry(0, 0, 3_000, "compute"),
        Span {
            pe: 0,
            start_ns: 3_000,
            dur_ns: 1_000,
            kind: SpanKind::Idle,
        },
        entry(1, 0, 1_000, "ghost"),
        entry(1, 2_000, 1_000, "ghost"),
        instant(
            1,
            500,
            SpanKind::Send {
                to_pe: 0,
                bytes: 800,
            },
        ),
        instant(
            0,
            3_500,
            SpanKind::Migrate {
                array: Arc::from("grid"),
                element: 7,
                to_pe: 1,
            },
        ),
        Span {
            pe: 0,
            start_ns: 3_000,
            dur_ns: 500,
            kind: SpanKind::LbStep {
                array: Arc::from("grid"),
                step: 1,
                migrations: 1,
            },
        },
    ];
    let mut buf = Vec::new();
    write_chrome(&mut buf, 2, &spans, &Default::default()).unwrap();
    buf
}

fn views(bytes: &[u8], opts: &ViewOptions) -> Views {
    let trace = parse::read(bytes).unwrap();
    bins::bin(&trace, opts)
}

#[test]
fn bins_utilization_usage_and_marks() {
    let opts = ViewOptions {
        bins: 4,
        ..ViewOptions::default()
    };
    let v = views(&sample(), &opts);
    assert_eq!(v.pes, 2);
    assert_eq!(v.bins, 4);
    assert_eq!(v.groups, vec!["grid::compute", "grid::ghost"]);
    assert_eq!(v.util[0], vec![1.0, 1.0, 1.0, 0.0]);
    assert_eq!(v.util[1], vec![1.0, 0.0, 1.0, 0.0]);
    // Usage of PE 1: 2 µs ghost, no idle, 2 µs overhead.
    let u = &v.usage[1];
    assert!((u[1] - 2e-6).abs() < 1e-12 && u[2] == 0.0 && (u[3] - 2e-6).abs() < 1e-12);
    // All PEs' profile sums to the PE count in every bin.
    for b in 0..4 {
        let sum: f32 = v.profile_all.iter().map(|r| r[b]).sum();
        assert!((sum - 2.0).abs() < 1e-3, "bin {b}: {sum}");
    }
    assert_eq!(v.hist.counts[1].iter().sum::<u64>(), 2);
    assert_eq!(v.marks.lb.len(), 1);
    assert!(v.marks.lb[0].2.contains("(1 moved)"));
    assert_eq!(v.marks.migrations_total, 1);
    assert_eq!(v.objects.len(), 1);
    assert_eq!(v.objects[0].name, "grid[7]");
    assert_eq!(v.objects[0].segments.last().unwrap().2, 1);
    let c = v.comm.as_ref().unwrap();
    assert_eq!((c.messages, c.bytes), (1, 800));
    assert_eq!(c.bytes_matrix[1][0], 800);
    assert_eq!(v.timeline.total, 4);
}

#[test]
fn timeline_window_and_truncation() {
    let opts = ViewOptions {
        bins: 4,
        from_s: Some(1.5e-6),
        to_s: Some(4e-6),
        max_boxes: 2,
    };
    let v = views(&sample(), &opts);
    // Spans overlapping 1.5..4 µs: compute (0..3), idle (3..4), ghost (2..3).
    assert_eq!(v.timeline.total, 3);
    assert_eq!(v.timeline.boxes.len(), 2);
    assert!(v.timeline.boxes.windows(2).all(|w| w[0].2 <= w[1].2));
}

#[test]
fn render_writes_the_page_and_charts() {
    let r = render(&sample()[..], "t.json", &ViewOptions::default()).unwrap();
    assert_eq!(
        (r.report.messages, r.report.lb_steps, r.report.migrations),
        (1, 1, 1)
    );
    let files = r.files;
    let names: Vec<&str> = files.iter().map(|f| f.0.as_str()).collect();
    for want in [
        "index.html",
        "overview.svg",
        "time-profile.svg",
        "usage-profile.svg",
        "histograms.svg",
        "timeline.svg",
        "communication.svg",
        "objects.svg",
        "views.json",
    ] {
        assert!(names.contains(&want), "{want} missing from {names:?}");
    }
    let page = String::from_utf8(files[0].1.clone()).unwrap();
    assert!(page.contains("dataset.ready"));
    assert!(!page.contains("http://") || !page.contains("src=\"http"));
    assert!(!page.contains("<script src"));
}

#[test]
fn old_traces_without_instants_still_view() {
    // What `--trace` wrote before sends and marks were traced.
    let old = br#"{"displayTimeUnit":"ns","traceEvents":[
{"ph":"M","pid":0,"name":"process_name","args":{"name":"arts"}},
{"ph":"X","pid":0,"tid":0,"cat":"entry","name":"a::b","ts":0.0,"dur":2.0,"args":{"element":0}},
{"ph":"X","pid":0,"tid":0,"cat":"idle","name":"idle","ts":2.0,"dur":1.0}
]}"#;
    let v = views(old, &ViewOptions::default());
    assert!(v.comm.is_none() && v.objects.is_empty());
    let files = render(&old[..], "old.json", &ViewOptions::default())
        .unwrap()
        .files;
    assert!(!files.iter().any(|f| f.0 == "communication.svg"));
}

fn error(bytes: &[u8]) -> String {
    render(bytes, "x", &ViewOptions::default())
        .unwrap_err()
        .to_string()
}

#[test]
fn bad_inputs_are_named() {
    assert!(error(b"").contains("empty"), "{}", error(b""));
    let t = sample();
    let cut = &t[..t.len() / 2];
    assert!(error(cut).contains("truncated"), "{}", error(cut));
    assert!(error(b"hello").contains("not a Chrome trace-event"));
    assert!(error(br#"{"a":1}"#).contains("without \"traceEvents\""));
    assert!(error(b"[1,2]").contains("not a Chrome trace-event"));
    let foreign = br#"{"traceEvents":[{"ph":"X","tid":1,"ts":0,"dur":1,"name":"x"}]}"#;
    assert!(error(foreign).starts_with("not an arts trace"));
    let empty =
        br#"{"traceEvents":[{"ph":"M","pid":0,"name":"process_name","args":{"name":"arts"}}]}"#;
    assert!(error(empty).contains("no complete"));
    let bad_ts = br#"{"traceEvents":[{"ph":"M","name":"process_name","args":{"name":"arts"}},
        {"ph":"X","tid":0,"ts":-5,"dur":1,"name":"x"}]}"#;
    assert!(error(bad_ts).contains("invalid ts"));
    let big_tid = br#"{"traceEvents":[{"ph":"X","tid":99999999,"ts":0,"dur":1,"name":"x"}]}"#;
    assert!(error(big_tid).contains("not a PE number"));
}

#[test]
fn options_are_checked() {
    let bad = |o: ViewOptions| check(&o).unwrap_err().to_string();
    let d = ViewOptions::default;
    assert!(bad(ViewOptions { bins: 0, ..d() }).contains("--bins"));
    assert!(
        bad(ViewOptions {
            from_s: Some(2.0),
            to_s: Some(1.0),
            ..d()
        })
        .contains("not before --to")
    );
    assert!(
        bad(ViewOptions {
            from_s: Some(f64::NAN),
            ..d()
        })
        .contains("--from")
    );
}

#[test]
fn every_prefix_and_byte_change_is_handled_without_panic() {
    let t = sample();
    let opts = ViewOptions::default();
    for n in 0..t.len() {
        // A prefix is valid only once the closing brackets are in.
        let r = render(&t[..n], "x", &opts);
        assert!(r.is_err() || n >= t.len() - 3, "prefix {n} accepted");
    }
    let mut bytes = t.clone();
    for i in 0..t.len() {
        for b in [b'0', b'-', b'"', b'}', b'9', b'e'] {
            bytes[i] = b;
            let _ = render(&bytes[..], "x", &opts);
        }
        bytes[i] = t[i];
    }
}
