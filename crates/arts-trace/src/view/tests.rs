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

fn send(pe: u32, at: u64, to_pe: u32, bytes: u64) -> Span {
    instant(pe, at, SpanKind::Send { to_pe, bytes })
}

#[test]
fn traffic_between_clusters_is_separated() {
    let spans = vec![
        entry(0, 0, 1_000, "a"),
        entry(3, 0, 2_000, "a"),
        send(0, 100, 1, 10),      // within cluster 0
        send(0, 200, 2, 100),     // 0 -> 1
        send(3, 1_500, 0, 1_000), // 1 -> 0, in the second half
        send(2, 1_600, 2, 5),     // to itself
    ];
    let about = crate::TraceAbout {
        clusters: Some(vec![0, 0, 1, 1]),
        ..Default::default()
    };
    let mut buf = Vec::new();
    write_chrome(&mut buf, 4, &spans, &about).unwrap();
    let opts = ViewOptions {
        bins: 2,
        ..Default::default()
    };
    let v = views(&buf, &opts);
    let c = v.comm.as_ref().unwrap();
    let x = c.cross.as_ref().expect("clusters in the metadata");
    assert_eq!((x.messages, x.bytes), (2, 1_100));
    assert_eq!(x.bytes_matrix, [[10, 100], [1_000, 5]]);
    assert_eq!(x.bytes_bins, [100, 1_000]);
    assert_eq!(x.msgs_bins, [1, 1]);
    assert_eq!(
        c.bytes_remote,
        [110, 1_000],
        "cross-cluster bytes are remote"
    );
    let svg = svg::communication(&v).unwrap();
    assert!(svg.contains("across clusters: 2 messages"), "{svg}");
    assert_eq!(svg.matches("class=\"cluster-edge\"").count(), 2);
    // Without clusters there is no cross-cluster part.
    let mut plain = Vec::new();
    write_chrome(&mut plain, 4, &spans, &Default::default()).unwrap();
    let v = views(&plain, &opts);
    assert!(v.comm.unwrap().cross.is_none());
}

/// One process's file of a 2-process run: PE `pe` busy from `start` ns
/// of its own clock, sending to the other PE.
fn process_file(process: u32, offset_ns: i64, start: u64) -> Vec<u8> {
    let pe = process;
    let spans = vec![
        entry(pe, start, 1_000, "a"),
        send(pe, start + 10, 1 - pe, 8),
    ];
    let about = crate::TraceAbout {
        process: Some(process),
        processes: Some(2),
        clock_offset_ns: Some(offset_ns),
        dropped: 1,
        ..Default::default()
    };
    let mut buf = Vec::new();
    write_chrome(&mut buf, 2, &spans, &about).unwrap();
    buf
}

#[test]
fn per_process_files_merge_on_process_0s_clock() {
    // Process 1's clock runs 5 µs behind process 0's: its span at 1 µs of
    // its clock is at 6 µs of process 0's.
    let p0 = process_file(0, 0, 2_000);
    let p1 = process_file(1, 5_000, 1_000);
    let r = render_many(vec![&p1[..], &p0[..]], "t", &ViewOptions::default()).unwrap();
    assert_eq!((r.report.pes, r.report.files), (2, 2));
    assert_eq!(r.report.dropped, 2, "each file's drops add up");
    assert!(
        (r.report.from_s - 2e-6).abs() < 1e-12,
        "{}",
        r.report.from_s
    );
    assert!((r.report.to_s - 7e-6).abs() < 1e-12, "{}", r.report.to_s);
    assert_eq!(r.report.messages, 2);
    let page = String::from_utf8(r.files[0].1.clone()).unwrap();
    assert!(page.contains("Merged from 2 per-process files"));
    let sum = crate::summarize_many(vec![&p0[..], &p1[..]], 5).unwrap();
    assert!((sum.span_s - 5e-6).abs() < 1e-12, "{}", sum.span_s);
}

#[test]
fn merging_needs_every_process_once() {
    let p0 = process_file(0, 0, 0);
    let e = render_many(vec![&p0[..], &p0[..]], "t", &ViewOptions::default()).unwrap_err();
    assert!(
        e.to_string().contains("processes 0, 0 of a 2-process run"),
        "{e}"
    );
    let whole = sample();
    let e = render_many(vec![&p0[..], &whole[..]], "t", &ViewOptions::default()).unwrap_err();
    assert!(
        e.to_string().contains("file 2: not a per-process trace"),
        "{e}"
    );
}

#[test]
fn a_window_is_said_on_the_page_and_in_the_report() {
    let about = crate::TraceAbout {
        window_steps: Some(3),
        window_unit: Some("steps".into()),
        window_first_step: Some(7),
        window_dropped: 120,
        ..Default::default()
    };
    let mut buf = Vec::new();
    write_chrome(&mut buf, 1, &[entry(0, 0, 10, "a")], &about).unwrap();
    let r = render(&buf[..], "t", &ViewOptions::default()).unwrap();
    assert_eq!(
        (r.report.window_steps, r.report.window_dropped),
        (Some(3), 120)
    );
    let page = String::from_utf8(r.files[0].1.clone()).unwrap();
    assert!(
        page.contains(
            "A window of the last 3 steps</strong> (--trace-window, whole from step 7): 120 earlier"
        ),
        "{page}"
    );
}

#[test]
fn counters_in_the_metadata_become_a_table_of_rates() {
    let counts = crate::counters::PeCounts {
        names: vec!["cycles".into(), "instructions".into()],
        entries: [("grid::a".to_string(), vec![1_000, 2_500])]
            .into_iter()
            .collect(),
    };
    let about = crate::TraceAbout {
        counters: vec![(0, counts.clone()), (1, counts)],
        ..Default::default()
    };
    let mut buf = Vec::new();
    write_chrome(&mut buf, 2, &[entry(0, 0, 10, "a")], &about).unwrap();
    let v = views(&buf, &ViewOptions::default());
    let c = v.counters.as_ref().unwrap();
    assert_eq!(c.total.values, [2_000, 5_000]);
    assert_eq!(c.entries[0].rates.ipc, Some(2.5));
    let r = render(&buf[..], "t", &ViewOptions::default()).unwrap();
    let page = String::from_utf8(r.files[0].1.clone()).unwrap();
    assert!(page.contains("<h2>Hardware counters</h2>") && page.contains("<td>2.500</td>"));
    let s = crate::summarize(&buf[..], 5).unwrap();
    assert_eq!(s.counters.unwrap().total.rates.ipc, Some(2.5));
}
