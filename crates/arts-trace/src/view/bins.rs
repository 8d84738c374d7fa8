//! Bins a parsed trace into what each view draws: every view gets a
//! bounded amount of data, whatever the trace's size (see `README.md`).

use std::collections::BTreeMap;

use serde::Serialize;

use super::ViewOptions;
use super::parse::{IDLE, Trace};

/// Entry methods drawn in their own colour; the rest are "other".
pub(crate) const TOP_METHODS: usize = 11;
/// Histogram bins per decade of duration.
const PER_DECADE: f64 = 4.0;
/// Shortest and longest duration binned, ns (shorter/longer go to the ends).
const HIST_MIN_NS: f64 = 100.0;
const HIST_MAX_NS: f64 = 1e11;
/// Most migrations listed, objects followed and messages drawn on the timeline.
const MAX_MIGRATION_MARKS: usize = 2_000;
const MAX_OBJECTS: usize = 64;
const MAX_TIMELINE_SENDS: usize = 5_000;
/// Most numbers of the per-PE time profile sent to the page.
const MAX_PROFILE_NUMBERS: usize = 4_000_000;
/// Most PEs drawn one per row/column in the communication matrix.
pub(crate) const MAX_MATRIX_PES: usize = 256;

/// Everything the views draw, binned (serialized into the page).
#[derive(Debug, Serialize)]
pub struct Views {
    /// What the file said it holds (a summary trace, spans dropped).
    pub about: Option<crate::TraceAbout>,
    /// Start of the traced interval, s since the run started.
    pub t0_s: f64,
    /// Its end, s.
    pub t1_s: f64,
    /// Width of a time bin, s.
    pub bin_s: f64,
    /// Number of time bins.
    pub bins: usize,
    /// PEs.
    pub pes: u32,
    /// Events read from the file.
    pub events: u64,
    /// Categories of busy time: the 11 entry methods with the
    /// most time, then `other` when there are more. The profiles append
    /// `idle` and `overhead` (time in neither an entry method nor idle).
    pub groups: Vec<String>,
    /// Busy fraction per PE and time bin (`[pe][bin]`).
    pub util: Vec<Vec<f32>>,
    /// Time profile of all PEs: `[category][bin]`, in PEs busy (the sum over
    /// categories is the number of PEs).
    pub profile_all: Vec<Vec<f32>>,
    /// Time profile per PE (`[pe][category][bin]`, fractions of the bin), when
    /// small enough to send.
    pub profile_pe: Option<Vec<Vec<Vec<f32>>>>,
    /// Seconds per PE and category (`[pe][category]`), over the traced interval.
    pub usage: Vec<Vec<f64>>,
    /// Duration histograms.
    pub hist: Histograms,
    /// The timeline window.
    pub timeline: Timeline,
    /// Load-balancing steps, checkpoints and migrations.
    pub marks: Marks,
    /// Messages, when the trace has send events.
    pub comm: Option<Comm>,
    /// Migrated objects and their PE over time.
    pub objects: Vec<ObjectTrack>,
    /// Hardware counter totals and rates per entry method (`--counters`).
    pub counters: Option<crate::counters::CounterSummary>,
}

/// Entry-method durations in logarithmic bins.
#[derive(Debug, Serialize)]
pub struct Histograms {
    /// Bin edges, ns (`edges.len() == counts[g].len() + 1`).
    pub edges_ns: Vec<f64>,
    /// Counts per group (as in [`Views::groups`]) and bin.
    pub counts: Vec<Vec<u64>>,
}

/// The boxes of the timeline window.
#[derive(Debug, Serialize)]
pub struct Timeline {
    /// Window start, s since the run started.
    pub from_s: f64,
    /// Window end, s.
    pub to_s: f64,
    /// `[pe, group (-1: idle), start_s, dur_s]`, by start time.
    pub boxes: Vec<(u32, i32, f64, f64)>,
    /// Spans that overlap the window in all.
    pub total: u64,
    /// Where the boxes sent end (the window's end unless truncated), s.
    pub shown_to_s: f64,
    /// Messages in the window: `[from_pe, to_pe, at_s]` (the first ones).
    pub sends: Vec<(u32, u32, f64)>,
}

/// Events marked on the time axes.
#[derive(Debug, Serialize)]
pub struct Marks {
    /// `[start_s, dur_s, label]` of each load-balancing step.
    pub lb: Vec<(f64, f64, String)>,
    /// `[start_s, dur_s, pe, label]` of each PE's checkpoint imaging.
    pub checkpoints: Vec<(f64, f64, u32, String)>,
    /// `[at_s, from_pe, to_pe, object]` of the first migrations.
    pub migrations: Vec<(f64, u32, u32, String)>,
    /// Migrations in all.
    pub migrations_total: u64,
}

/// Communication between PEs.
#[derive(Debug, Serialize)]
pub struct Comm {
    /// Messages sent in all.
    pub messages: u64,
    /// Bytes sent in all.
    pub bytes: u64,
    /// PEs per matrix row/column (1 unless there are more than 256 PEs).
    pub group: u32,
    /// `bytes[from][to]`.
    pub bytes_matrix: Vec<Vec<u64>>,
    /// `messages[from][to]`.
    pub msgs_matrix: Vec<Vec<u64>>,
    /// Bytes per time bin: to another PE, to the same PE.
    pub bytes_remote: Vec<u64>,
    /// Bytes per time bin sent to the sending PE itself.
    pub bytes_local: Vec<u64>,
    /// Messages per time bin.
    pub msgs_bins: Vec<u64>,
    /// Sends beyond those the reader kept (not counted above).
    pub dropped: u64,
    /// Runs with clusters (`--clusters`): traffic between clusters.
    pub cross: Option<CrossCluster>,
}

/// The traffic of a run with clusters that crossed from one cluster to
/// another (the trace's metadata names each PE's cluster).
#[derive(Debug, Serialize, PartialEq)]
pub struct CrossCluster {
    /// The cluster of every PE.
    pub clusters: Vec<u32>,
    /// Messages between PEs of different clusters.
    pub messages: u64,
    /// Their bytes.
    pub bytes: u64,
    /// `bytes[from_cluster][to_cluster]` (the diagonal: within a cluster).
    pub bytes_matrix: Vec<Vec<u64>>,
    /// `messages[from_cluster][to_cluster]`.
    pub msgs_matrix: Vec<Vec<u64>>,
    /// Bytes per time bin sent to another cluster (part of `bytes_remote`).
    pub bytes_bins: Vec<u64>,
    /// Messages per time bin sent to another cluster.
    pub msgs_bins: Vec<u64>,
}

/// One migrated object's PE over time.
#[derive(Debug, Serialize)]
pub struct ObjectTrack {
    /// `array[element]`.
    pub name: String,
    /// `[from_s, to_s, pe]`.
    pub segments: Vec<(f64, f64, u32)>,
}

fn s(ns: u64) -> f64 {
    ns as f64 / 1e9
}

/// Adds `value` to `row` spread over the bins `[start, end)` ns overlaps.
fn spread(row: &mut [f64], t0: u64, bin_ns: f64, start: u64, end: u64) {
    let n = row.len();
    let a = (start.saturating_sub(t0)) as f64;
    let b = (end.saturating_sub(t0)) as f64;
    let first = ((a / bin_ns) as usize).min(n - 1);
    let last = ((b / bin_ns) as usize).min(n - 1);
    for (i, cell) in row.iter_mut().enumerate().take(last + 1).skip(first) {
        let lo = a.max(i as f64 * bin_ns);
        let hi = b.min((i + 1) as f64 * bin_ns);
        if hi > lo {
            *cell += hi - lo;
        }
    }
}

/// Bins `trace` into the views.
pub(crate) fn bin(trace: &Trace, opts: &ViewOptions) -> Views {
    let t0 = trace.spans.iter().map(|r| r.start).min().unwrap_or(0);
    let t1 = trace
        .spans
        .iter()
        .map(|r| r.start + r.dur)
        .max()
        .unwrap_or(0)
        .max(t0 + 1);
    let bins = opts.bins.max(1);
    let bin_ns = (t1 - t0) as f64 / bins as f64;
    let pes = trace.pes.max(1) as usize;

    // Categories: top methods by total time, then other.
    let mut totals = vec![0u64; trace.names.len()];
    for r in trace.spans.iter().filter(|r| r.name != IDLE) {
        totals[r.name as usize] += r.dur;
    }
    let mut order: Vec<usize> = (0..trace.names.len()).collect();
    order.sort_by(|&a, &b| totals[b].cmp(&totals[a]).then(a.cmp(&b)));
    let mut group_of = vec![0usize; trace.names.len()];
    let mut groups: Vec<String> = Vec::new();
    for (rank, &id) in order.iter().enumerate() {
        if rank < TOP_METHODS {
            group_of[id] = groups.len();
            groups.push(trace.names[id].clone());
        } else {
            group_of[id] = TOP_METHODS;
        }
    }
    if order.len() > TOP_METHODS {
        groups.push("other".into());
    }
    let ng = groups.len();
    let idle_cat = ng;
    let overhead_cat = ng + 1;
    let ncat = ng + 2;

    // Per PE, category and bin: ns.
    let mut prof = vec![vec![vec![0f64; bins]; ncat]; pes];
    let edges_n = ((HIST_MAX_NS / HIST_MIN_NS).log10() * PER_DECADE).round() as usize;
    let mut hist = vec![vec![0u64; edges_n]; ng];
    for r in &trace.spans {
        let cat = if r.name == IDLE {
            idle_cat
        } else {
            group_of[r.name as usize]
        };
        spread(
            &mut prof[r.pe as usize][cat],
            t0,
            bin_ns,
            r.start,
            r.start + r.dur,
        );
        if cat < ng {
            let x = ((r.dur.max(1) as f64 / HIST_MIN_NS).log10() * PER_DECADE).floor();
            let i = (x.max(0.0) as usize).min(edges_n - 1);
            hist[cat][i] += 1;
        }
    }
    // Overhead: what is left of each bin; clamp overlaps (nested or
    // rounding) to a full bin.
    let mut usage = vec![vec![0f64; ncat]; pes];
    let mut util = vec![vec![0f32; bins]; pes];
    for (pe, cats) in prof.iter_mut().enumerate() {
        for b in 0..bins {
            let busy: f64 = (0..ng).map(|c| cats[c][b]).sum();
            let used = busy + cats[idle_cat][b];
            if used > bin_ns {
                let k = bin_ns / used;
                for c in cats.iter_mut().take(ng + 1) {
                    c[b] *= k;
                }
            }
            let used = (busy + cats[idle_cat][b]).min(bin_ns);
            cats[overhead_cat][b] = bin_ns - used;
            util[pe][b] = ((busy / bin_ns).min(1.0)) as f32;
        }
        for (c, row) in cats.iter().enumerate() {
            usage[pe][c] = row.iter().sum::<f64>() / 1e9;
        }
    }
    let frac = |v: f64| ((v / bin_ns) * 1000.0).round() as f32 / 1000.0;
    let profile_all: Vec<Vec<f32>> = (0..ncat)
        .map(|c| {
            (0..bins)
                .map(|b| frac(prof.iter().map(|p| p[c][b]).sum()))
                .collect()
        })
        .collect();
    let profile_pe = (pes * ncat * bins <= MAX_PROFILE_NUMBERS).then(|| {
        prof.iter()
            .map(|cats| {
                cats.iter()
                    .map(|row| row.iter().map(|&v| frac(v)).collect())
                    .collect()
            })
            .collect()
    });
    let edges_ns = (0..=edges_n)
        .map(|i| HIST_MIN_NS * 10f64.powf(i as f64 / PER_DECADE))
        .collect();

    let counts: Vec<crate::counters::PeCounts> = (trace.about.iter())
        .flat_map(|a| a.counters.iter().map(|(_, c)| c.clone()))
        .collect();
    Views {
        counters: crate::counters::CounterSummary::of(&counts),
        about: trace.about.clone(),
        t0_s: s(t0),
        t1_s: s(t1),
        bin_s: bin_ns / 1e9,
        bins,
        pes: pes as u32,
        events: trace.events,
        timeline: timeline(trace, opts, (t0, t1), &group_of),
        marks: marks(trace),
        comm: comm(trace, pes, t0, bin_ns, bins),
        objects: objects(trace, t1),
        groups,
        util,
        profile_all,
        profile_pe,
        usage,
        hist: Histograms {
            edges_ns,
            counts: hist,
        },
    }
}

fn timeline(
    trace: &Trace,
    opts: &ViewOptions,
    (t0, t1): (u64, u64),
    group_of: &[usize],
) -> Timeline {
    let from = opts.from_s.map_or(t0, |f| (f * 1e9) as u64);
    let to = opts.to_s.map_or(t1, |t| (t * 1e9) as u64).max(from);
    let mut inside: Vec<&super::parse::SpanRec> = trace
        .spans
        .iter()
        .filter(|r| r.start < to && r.start + r.dur > from)
        .collect();
    let total = inside.len() as u64;
    let max = opts.max_boxes;
    if inside.len() > max {
        inside.select_nth_unstable_by_key(max, |r| r.start);
        inside.truncate(max);
    }
    inside.sort_by_key(|r| (r.start, r.pe));
    let shown_to = if total as usize > max {
        inside.last().map_or(to, |r| r.start)
    } else {
        to
    };
    let boxes = inside
        .iter()
        .map(|r| {
            let g = if r.name == IDLE {
                -1
            } else {
                group_of[r.name as usize] as i32
            };
            (r.pe, g, s(r.start), s(r.dur))
        })
        .collect();
    let sends = trace
        .sends
        .iter()
        .filter(|m| m.at >= from && m.at < shown_to.max(from + 1))
        .take(MAX_TIMELINE_SENDS)
        .map(|m| (m.from, m.to, s(m.at)))
        .collect();
    Timeline {
        from_s: s(from),
        to_s: s(to),
        boxes,
        total,
        shown_to_s: s(shown_to),
        sends,
    }
}

fn marks(trace: &Trace) -> Marks {
    let mark = |m: &super::parse::MarkRec| (s(m.start), s(m.dur), m.label.clone());
    let mut migrations: Vec<_> = trace.migrations.iter().collect();
    migrations.sort_by_key(|m| m.at);
    Marks {
        lb: trace.lb.iter().map(mark).collect(),
        checkpoints: trace
            .checkpoints
            .iter()
            .map(|m| (s(m.start), s(m.dur), m.pe, m.label.clone()))
            .collect(),
        migrations_total: migrations.len() as u64,
        migrations: migrations
            .iter()
            .take(MAX_MIGRATION_MARKS)
            .map(|m| (s(m.at), m.from, m.to, m.object.clone()))
            .collect(),
    }
}

fn comm(trace: &Trace, pes: usize, t0: u64, bin_ns: f64, bins: usize) -> Option<Comm> {
    if trace.sends.is_empty() {
        return None;
    }
    let group = pes.div_ceil(MAX_MATRIX_PES).max(1);
    let n = pes.div_ceil(group);
    let mut bytes_matrix = vec![vec![0u64; n]; n];
    let mut msgs_matrix = vec![vec![0u64; n]; n];
    let mut bytes_remote = vec![0u64; bins];
    let mut bytes_local = vec![0u64; bins];
    let mut msgs_bins = vec![0u64; bins];
    let mut bytes = 0u64;
    let clusters = (trace.about.as_ref())
        .and_then(|a| a.clusters.clone())
        .filter(|c| c.len() >= pes && !c.is_empty());
    let mut cross = clusters.map(|clusters| {
        let k = clusters.iter().max().map_or(1, |&c| c as usize + 1);
        CrossCluster {
            clusters,
            messages: 0,
            bytes: 0,
            bytes_matrix: vec![vec![0; k]; k],
            msgs_matrix: vec![vec![0; k]; k],
            bytes_bins: vec![0; bins],
            msgs_bins: vec![0; bins],
        }
    });
    for m in &trace.sends {
        let (f, t) = (m.from as usize / group, m.to as usize / group);
        let b = ((m.at.saturating_sub(t0) as f64 / bin_ns) as usize).min(bins - 1);
        if let Some(x) = &mut cross {
            let (cf, ct) = (x.clusters[m.from as usize], x.clusters[m.to as usize]);
            x.bytes_matrix[cf as usize][ct as usize] += m.bytes;
            x.msgs_matrix[cf as usize][ct as usize] += m.count;
            if cf != ct {
                x.messages += m.count;
                x.bytes += m.bytes;
                x.bytes_bins[b] += m.bytes;
                x.msgs_bins[b] += m.count;
            }
        }
        bytes_matrix[f][t] += m.bytes;
        msgs_matrix[f][t] += m.count;
        bytes += m.bytes;
        msgs_bins[b] += m.count;
        if m.from == m.to {
            bytes_local[b] += m.bytes;
        } else {
            bytes_remote[b] += m.bytes;
        }
    }
    Some(Comm {
        messages: trace.sends.iter().map(|m| m.count).sum(),
        bytes,
        group: group as u32,
        bytes_matrix,
        msgs_matrix,
        bytes_remote,
        bytes_local,
        msgs_bins,
        dropped: trace.sends_dropped,
        cross,
    })
}

fn objects(trace: &Trace, t1: u64) -> Vec<ObjectTrack> {
    let mut by_object: BTreeMap<&str, Vec<&super::parse::MigRec>> = BTreeMap::new();
    for m in &trace.migrations {
        by_object.entry(&m.object).or_default().push(m);
    }
    let t0 = trace.spans.iter().map(|r| r.start).min().unwrap_or(0);
    let mut tracks: Vec<ObjectTrack> = by_object
        .into_iter()
        .map(|(name, mut moves)| {
            moves.sort_by_key(|m| m.at);
            let mut segments = Vec::new();
            let mut since = t0;
            for m in &moves {
                segments.push((s(since), s(m.at), m.from));
                since = m.at;
            }
            if let Some(last) = moves.last() {
                segments.push((s(since), s(t1), last.to));
            }
            ObjectTrack {
                name: name.to_string(),
                segments,
            }
        })
        .collect();
    // The objects that moved most first, then by name.
    tracks.sort_by_key(|t| std::cmp::Reverse(t.segments.len()));
    tracks.truncate(MAX_OBJECTS);
    tracks.sort_by_key(|t| natural(&t.name));
    tracks
}

/// Sort key that orders `a[10]` after `a[9]`.
fn natural(name: &str) -> (String, u64) {
    match name.rsplit_once('[') {
        Some((a, rest)) => (
            a.to_string(),
            rest.trim_end_matches(']').parse().unwrap_or(u64::MAX),
        ),
        None => (name.to_string(), 0),
    }
}
