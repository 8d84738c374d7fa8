//! The checks a topology passes before a run uses it; each failure names
//! the value it is about (for the file's line) and what is accepted.

use super::Topology;
use super::link::{
    MAX_BANDWIDTH_BIT_S, MAX_OVERHEAD_US, MIN_BANDWIDTH_BIT_S, bandwidth_accepted,
    overhead_accepted,
};
use super::locate::Step::{self, Index, Key};

/// The largest latency or jitter accepted, ms (one hour).
pub const MAX_LATENCY_MS: f64 = 3_600_000.0;
/// The slowest relative PE speed accepted.
pub const MIN_SPEED: f64 = 1e-6;
/// The fastest relative PE speed accepted.
pub const MAX_SPEED: f64 = 1e6;

/// Whether `speed` is an accepted relative PE speed, `MIN_SPEED..=MAX_SPEED`:
/// the one range of topology files, `--cluster-speeds` and the studies.
pub fn speed_accepted(speed: f64) -> bool {
    (MIN_SPEED..=MAX_SPEED).contains(&speed)
}

/// A failed check: where (a path to the value) and what was wrong.
#[derive(Debug)]
pub(crate) struct Problem {
    /// The value the problem is about.
    pub at: Vec<Step>,
    /// What was wrong and what is accepted.
    pub message: String,
}

fn problem(at: &[Step], message: String) -> Problem {
    Problem {
        at: at.to_vec(),
        message,
    }
}

/// Every check of a topology for a run of `pes` PEs.
pub(crate) fn check(t: &Topology, pes: u32) -> Result<(), Problem> {
    check_clusters(t, pes)?;
    check_latency(t)?;
    check_links(t)?;
    if !(0.0..=MAX_LATENCY_MS).contains(&t.jitter_ms) {
        return Err(problem(
            &[Key("jitter_ms")],
            format!(
                "jitter_ms = {} is invalid; 0..={MAX_LATENCY_MS} ms accepted",
                t.jitter_ms
            ),
        ));
    }
    if let Some(speeds) = &t.speeds {
        check_speeds(speeds, pes)?;
    }
    Ok(())
}

fn check_clusters(t: &Topology, pes: u32) -> Result<(), Problem> {
    let k = t.clusters.len();
    let at = [Key("clusters")];
    if k == 0 {
        return Err(problem(
            &at,
            "no clusters; give at least one list of PEs".into(),
        ));
    }
    if k > pes as usize {
        return Err(problem(
            &at,
            format!("{k} clusters for {pes} PEs; at most one cluster per PE accepted"),
        ));
    }
    let mut cluster_of: Vec<Option<usize>> = vec![None; pes as usize];
    for (c, list) in t.clusters.iter().enumerate() {
        if list.is_empty() {
            return Err(problem(
                &[Key("clusters"), Index(c)],
                format!("cluster {c} has no PEs; every cluster needs at least one"),
            ));
        }
        for (i, &pe) in list.iter().enumerate() {
            let at = [Key("clusters"), Index(c), Index(i)];
            let Some(slot) = cluster_of.get_mut(pe as usize) else {
                return Err(problem(
                    &at,
                    format!(
                        "PE {pe} in cluster {c} is not a PE of this run; PEs 0..={} accepted",
                        pes - 1
                    ),
                ));
            };
            if let Some(first) = *slot {
                return Err(problem(
                    &at,
                    format!(
                        "PE {pe} is in clusters {first} and {c}; each PE belongs to exactly one cluster"
                    ),
                ));
            }
            *slot = Some(c);
        }
    }
    if let Some(pe) = cluster_of.iter().position(Option::is_none) {
        return Err(problem(
            &at,
            format!(
                "PE {pe} is in no cluster; every PE 0..={} must be in exactly one",
                pes - 1
            ),
        ));
    }
    Ok(())
}

fn check_latency(t: &Topology) -> Result<(), Problem> {
    let accepted = format!("0..={MAX_LATENCY_MS} ms accepted");
    let ok = |v: f64| (0.0..=MAX_LATENCY_MS).contains(&v);
    check_matrix(t, "latency_ms", &t.latency_ms, &ok, &accepted)
}

/// The bandwidth and overhead matrices, when given: shaped like
/// `latency_ms`, every value between clusters in its range.
fn check_links(t: &Topology) -> Result<(), Problem> {
    if let Some(m) = &t.bandwidth_mbit_s {
        let accepted = format!(
            "{}..={} Mbit/s accepted (1 kbit/s to 1 Tbit/s; leave the key out for unlimited)",
            MIN_BANDWIDTH_BIT_S * 1e-6,
            MAX_BANDWIDTH_BIT_S * 1e-6
        );
        let ok = |v: f64| bandwidth_accepted(v * 1e6);
        check_matrix(t, "bandwidth_mbit_s", m, &ok, &accepted)?;
    }
    if let Some(m) = &t.overhead_us {
        let accepted = format!(
            "above 0 and at most {MAX_OVERHEAD_US} us accepted (leave the key out for none)"
        );
        check_matrix(t, "overhead_us", m, &overhead_accepted, &accepted)?;
    }
    Ok(())
}

/// A cluster-pair matrix named `key`: one row per cluster, one value per
/// cluster, each `ok` (`accepted` says what is), 0 on the diagonal
/// (nothing is added within a cluster), symmetric unless `asymmetric`.
fn check_matrix(
    t: &Topology,
    key: &'static str,
    m: &[Vec<f64>],
    ok: &dyn Fn(f64) -> bool,
    accepted: &str,
) -> Result<(), Problem> {
    let k = t.clusters.len();
    if m.len() != k {
        return Err(problem(
            &[Key(key)],
            format!(
                "{key} has {} rows for {k} clusters; one row per cluster accepted",
                m.len()
            ),
        ));
    }
    for (a, row) in m.iter().enumerate() {
        if row.len() != k {
            return Err(problem(
                &[Key(key), Index(a)],
                format!(
                    "{key} row {a} has {} values for {k} clusters; one per cluster accepted",
                    row.len()
                ),
            ));
        }
    }
    for (a, row) in m.iter().enumerate() {
        for (b, &v) in row.iter().enumerate() {
            let at = [Key(key), Index(a), Index(b)];
            let diagonal = a == b && v == 0.0;
            if !diagonal && !ok(v) {
                return Err(problem(
                    &at,
                    format!("{key}[{a}][{b}] = {v} is invalid; {accepted}"),
                ));
            }
            if a == b && v != 0.0 {
                return Err(problem(
                    &at,
                    format!(
                        "{key}[{a}][{a}] = {v}; the diagonal must be 0 (nothing is added within a cluster)"
                    ),
                ));
            }
        }
    }
    for (a, row) in m.iter().enumerate() {
        for (b, &v) in row.iter().enumerate() {
            let at = [Key(key), Index(a), Index(b)];
            if !t.asymmetric && v != m[b][a] {
                return Err(problem(
                    &at,
                    format!(
                        "{key}[{a}][{b}] = {v} but {key}[{b}][{a}] = {}; a symmetric matrix accepted (or set asymmetric = true)",
                        m[b][a]
                    ),
                ));
            }
        }
    }
    Ok(())
}

fn check_speeds(speeds: &[f64], pes: u32) -> Result<(), Problem> {
    if speeds.len() != pes as usize {
        return Err(problem(
            &[Key("speeds")],
            format!(
                "speeds has {} values for {pes} PEs; one per PE accepted",
                speeds.len()
            ),
        ));
    }
    for (p, &s) in speeds.iter().enumerate() {
        if !speed_accepted(s) {
            return Err(problem(
                &[Key("speeds"), Index(p)],
                format!("speeds[{p}] = {s} is invalid; {MIN_SPEED}..={MAX_SPEED} accepted"),
            ));
        }
    }
    Ok(())
}
