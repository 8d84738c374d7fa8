//! Per-PE utilization over time from a Chrome trace written by `--trace`:
//! the fraction of each time bin a PE spent in entry methods (the ranks'
//! code and their MPI calls up to a wait; a rank waiting for a message
//! leaves its PE idle), as Projections' utilization graphs draw it.

use std::io::{BufRead, BufReader};
use std::path::Path;

use serde::{Deserialize, Serialize};

/// Utilization of every PE in equal time bins of a run.
#[derive(Clone, Debug, Serialize)]
pub struct Utilization {
    /// The bins' width, s.
    pub bin_s: f64,
    /// `per_pe[pe][bin]`: busy fraction of that bin, 0..1.
    pub per_pe: Vec<Vec<f64>>,
    /// Each PE's busy fraction over the whole run.
    pub overall: Vec<f64>,
}

impl Utilization {
    /// The least busy PE's busy fraction over the run, and the busiest
    /// PE's less it (AMPI Fig. 16: balancing raises the one, narrows the
    /// other). `(0, 0)` without PEs.
    pub fn least_and_spread(&self) -> (f64, f64) {
        let (least, most) =
            (self.overall.iter()).fold((f64::INFINITY, 0.0f64), |(l, m), &u| (l.min(u), m.max(u)));
        if least.is_finite() {
            (least, most - least)
        } else {
            (0.0, 0.0)
        }
    }

    /// The mean over PEs of each bin.
    pub fn mean_over_pes(&self) -> Vec<f64> {
        let bins = self.per_pe.first().map_or(0, Vec::len);
        (0..bins)
            .map(|b| self.per_pe.iter().map(|p| p[b]).sum::<f64>() / self.per_pe.len() as f64)
            .collect()
    }
}

/// One trace event (the fields read).
#[derive(Deserialize)]
struct Event {
    #[serde(default)]
    cat: String,
    #[serde(default)]
    ph: String,
    #[serde(default)]
    tid: u32,
    #[serde(default)]
    ts: f64,
    #[serde(default)]
    dur: f64,
}

/// Reads `path` (one event per line, as arts writes it) into `bins` bins.
pub fn utilization_of_trace(path: &Path, bins: u32) -> Result<Utilization, String> {
    let file =
        std::fs::File::open(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    let mut spans: Vec<(u32, f64, f64)> = Vec::new();
    let (mut t0, mut t1) = (f64::INFINITY, f64::NEG_INFINITY);
    for line in BufReader::new(file).lines() {
        let line = line.map_err(|e| format!("cannot read {}: {e}", path.display()))?;
        let text = line.trim().trim_end_matches(',');
        if !text.starts_with('{') || text.starts_with("{\"displayTimeUnit") {
            continue;
        }
        let Ok(e) = serde_json::from_str::<Event>(text) else {
            continue;
        };
        if e.ph != "X" {
            continue;
        }
        t0 = t0.min(e.ts);
        t1 = t1.max(e.ts + e.dur);
        if e.cat == "entry" {
            spans.push((e.tid, e.ts, e.ts + e.dur));
        }
    }
    if spans.is_empty() || t1 <= t0 {
        return Err(format!("{} holds no entry methods", path.display()));
    }
    let pes = spans.iter().map(|s| s.0).max().unwrap_or(0) as usize + 1;
    let n = bins.max(1) as usize;
    let width = (t1 - t0) / n as f64;
    let mut busy = vec![vec![0.0; n]; pes];
    let mut total = vec![0.0; pes];
    for &(pe, a, b) in &spans {
        total[pe as usize] += b - a;
        let first = (((a - t0) / width) as usize).min(n - 1);
        let last = (((b - t0) / width) as usize).min(n - 1);
        for (bin, slot) in busy[pe as usize]
            .iter_mut()
            .enumerate()
            .take(last + 1)
            .skip(first)
        {
            let lo = t0 + bin as f64 * width;
            let hi = lo + width;
            *slot += (b.min(hi) - a.max(lo)).max(0.0);
        }
    }
    Ok(Utilization {
        bin_s: width * 1e-6,
        per_pe: busy
            .into_iter()
            .map(|v| v.into_iter().map(|x| (x / width).min(1.0)).collect())
            .collect(),
        overall: total
            .into_iter()
            .map(|x| (x / (t1 - t0)).min(1.0))
            .collect(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bins_split_spans_and_pes_are_apart() {
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path().join("t.json");
        std::fs::write(
            &p,
            "{\"displayTimeUnit\":\"ns\",\"traceEvents\":[\n\
             {\"cat\":\"entry\",\"dur\":50,\"name\":\"a\",\"ph\":\"X\",\"pid\":0,\"tid\":0,\"ts\":0},\n\
             {\"cat\":\"idle\",\"dur\":50,\"name\":\"idle\",\"ph\":\"X\",\"pid\":0,\"tid\":0,\"ts\":50},\n\
             {\"cat\":\"entry\",\"dur\":100,\"name\":\"b\",\"ph\":\"X\",\"pid\":0,\"tid\":1,\"ts\":0}\n]}\n",
        )
        .unwrap();
        let u = utilization_of_trace(&p, 2).unwrap();
        assert_eq!(u.per_pe, vec![vec![1.0, 0.0], vec![1.0, 1.0]]);
        assert_eq!(u.overall, vec![0.5, 1.0]);
        assert_eq!(u.mean_over_pes(), vec![1.0, 0.5]);
        assert!((u.bin_s - 50e-6).abs() < 1e-12);
        assert_eq!(u.least_and_spread(), (0.5, 0.5));
        let none = Utilization {
            bin_s: 1.0,
            per_pe: Vec::new(),
            overall: Vec::new(),
        };
        assert_eq!(none.least_and_spread(), (0.0, 0.0));
    }
}
