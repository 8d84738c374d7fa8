//! What `arts topology probe` reports: the matrix measured, the clusters
//! found, and why there is one cluster when the probe could not separate any.

use serde::Serialize;

use super::LatencyMatrix;
use super::discover::{Discovery, discover};

/// A probe's result as reported.
#[derive(Clone, Debug, Serialize)]
pub struct ProbeReport {
    /// PEs probed.
    pub pes: u32,
    /// Round trips per pair.
    pub rounds: u32,
    /// Smallest jump between sorted pair latencies that separates clusters.
    pub gap: f64,
    /// The measured one-way latencies, ms.
    pub matrix_ms: Vec<Vec<f64>>,
    /// The clusters found.
    #[serde(flatten)]
    pub discovery: Discovery,
    /// Why the probe found one cluster, when it did.
    pub note: Option<String>,
}

impl ProbeReport {
    /// Clusters `matrix`, measured over `pes` PEs with `rounds` round trips
    /// per pair, at jumps of at least `gap`.
    pub fn new(matrix: LatencyMatrix, pes: u32, rounds: u32, gap: f64) -> ProbeReport {
        let discovery = discover(&matrix, gap);
        let note = note(&discovery, pes, gap);
        ProbeReport {
            pes,
            rounds,
            gap,
            matrix_ms: matrix.ms,
            discovery,
            note,
        }
    }

    /// The topology found, in the `--topology` file format (TOML), the
    /// note as a comment above it.
    pub fn toml(&self) -> String {
        let mut toml = String::new();
        if let Some(n) = &self.note {
            toml += &format!("# {n}\n");
        }
        toml + &self.discovery.topology.to_toml()
    }
}

/// Why the probe found one cluster, when it did.
fn note(d: &Discovery, pes: u32, gap: f64) -> Option<String> {
    if d.separated {
        return None;
    }
    Some(if pes < 3 {
        format!(
            "could not separate clusters: {pes} PE(s) give no latency gap to measure; one cluster"
        )
    } else {
        format!(
            "could not separate clusters: no jump of {gap}x between pair latencies; one cluster"
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn matrix(ms: Vec<Vec<f64>>) -> LatencyMatrix {
        LatencyMatrix { ms }
    }

    #[test]
    fn two_pes_give_no_gap_and_say_so_in_the_toml() {
        let r = ProbeReport::new(matrix(vec![vec![0.0, 0.01], vec![0.01, 0.0]]), 2, 5, 4.0);
        let note = r.note.clone().unwrap();
        assert!(note.contains("2 PE(s) give no latency gap"), "{note}");
        assert!(r.toml().starts_with(&format!("# {note}\n")));
    }

    #[test]
    fn separated_clusters_need_no_note() {
        let (near, far) = (0.01, 1.0);
        let ms: Vec<Vec<f64>> = (0..4)
            .map(|a| {
                (0..4)
                    .map(|b| match (a == b, a / 2 == b / 2) {
                        (true, _) => 0.0,
                        (false, true) => near,
                        (false, false) => far,
                    })
                    .collect()
            })
            .collect();
        let r = ProbeReport::new(matrix(ms), 4, 5, 4.0);
        assert!(r.discovery.separated);
        assert_eq!(r.note, None);
        assert_eq!(r.matrix_ms.len(), 4);
    }
}
