//! Predicted quality of a mapping: balance, migrations, communication cut.

use serde::{Deserialize, Serialize};

use crate::input::LbInput;
use crate::mapping::Mapping;
use crate::model::{ideal_time, pe_times};

/// What a mapping would give, predicted from the measured loads.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct LbStats {
    /// `max_load_s / avg_load_s` (1.0 when there is no load at all).
    pub max_avg_ratio: f64,
    /// Predicted time of the busiest PE, seconds.
    pub max_load_s: f64,
    /// Ideal time: all work spread in proportion to PE speed (the average PE
    /// time when speeds are equal), seconds.
    pub avg_load_s: f64,
    /// Predicted time of the least busy PE, seconds.
    pub min_load_s: f64,
    /// Objects whose PE changes.
    pub migrations: usize,
    /// Bytes those objects carry.
    pub migrated_bytes: u64,
    /// Bytes on communication edges whose ends are on different PEs.
    pub comm_cut_bytes: u64,
    /// Messages on communication edges whose ends are on different PEs.
    pub comm_cut_messages: u64,
    /// Bytes on all communication edges (the cut's denominator).
    pub comm_total_bytes: u64,
    /// Bytes on edges whose ends are in different clusters; `None` unless
    /// every PE has a cluster.
    pub comm_cut_cluster_bytes: Option<u64>,
}

/// Evaluates `mapping` on `input` (which must be valid and match the mapping).
pub fn evaluate(input: &LbInput, mapping: &Mapping) -> LbStats {
    let works = input.works();
    let times = pe_times(input, &works, &mapping.pe_of);
    let avg = ideal_time(input, &works);
    let max = times.iter().copied().fold(0.0, f64::max);
    let min = times.iter().copied().fold(f64::INFINITY, f64::min);
    let (mut migrations, mut migrated_bytes) = (0, 0u64);
    for (o, &pe) in input.objects.iter().zip(&mapping.pe_of) {
        if o.pe != pe {
            migrations += 1;
            migrated_bytes += o.bytes;
        }
    }
    let (mut cut_bytes, mut cut_msgs, mut total_bytes) = (0u64, 0u64, 0u64);
    let clusters: Option<Vec<u32>> = input.pes.iter().map(|p| p.cluster).collect();
    let mut cluster_cut = 0u64;
    for e in &input.comm {
        total_bytes += e.bytes;
        let (a, b) = (mapping.pe_of[e.from], mapping.pe_of[e.to]);
        if a != b {
            cut_bytes += e.bytes;
            cut_msgs += e.messages;
            if clusters.as_ref().is_some_and(|c| c[a] != c[b]) {
                cluster_cut += e.bytes;
            }
        }
    }
    LbStats {
        max_avg_ratio: if avg > 0.0 { max / avg } else { 1.0 },
        max_load_s: max,
        avg_load_s: avg,
        min_load_s: if min.is_finite() { min } else { 0.0 },
        migrations,
        migrated_bytes,
        comm_cut_bytes: cut_bytes,
        comm_cut_messages: cut_msgs,
        comm_total_bytes: total_bytes,
        comm_cut_cluster_bytes: clusters.map(|_| cluster_cut),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::input::{CommEdge, ObjInfo, PeInfo};

    #[test]
    fn stats_of_a_small_mapping() {
        let obj = |id, pe, load_s| ObjInfo {
            id,
            pe,
            load_s,
            migratable: true,
            bytes: 100,
        };
        let input = LbInput {
            pes: vec![PeInfo::default(), PeInfo::with_speed(2.0)],
            objects: vec![obj(0, 0, 2.0), obj(1, 0, 2.0), obj(2, 1, 1.0)],
            comm: vec![
                CommEdge {
                    from: 0,
                    to: 1,
                    messages: 3,
                    bytes: 30,
                },
                CommEdge {
                    from: 1,
                    to: 2,
                    messages: 5,
                    bytes: 50,
                },
            ],
        };
        // Works: 2, 2, 2 (object 2 measured 1 s on a speed-2 PE). Ideal: 6 / 3 = 2.
        let stay = evaluate(&input, &input.current_mapping());
        assert_eq!(stay.max_load_s, 4.0);
        assert_eq!(stay.avg_load_s, 2.0);
        assert_eq!(stay.max_avg_ratio, 2.0);
        assert_eq!(stay.migrations, 0);
        assert_eq!(stay.comm_cut_bytes, 50);
        let moved = evaluate(
            &input,
            &Mapping {
                pe_of: vec![0, 1, 1],
            },
        );
        assert_eq!(moved.max_load_s, 2.0);
        assert_eq!(moved.max_avg_ratio, 1.0);
        assert_eq!((moved.migrations, moved.migrated_bytes), (1, 100));
        assert_eq!((moved.comm_cut_bytes, moved.comm_cut_messages), (30, 3));
        assert_eq!(moved.comm_total_bytes, 80);
        assert_eq!(moved.comm_cut_cluster_bytes, None);
        let mut clustered = input.clone();
        clustered.pes[0].cluster = Some(0);
        clustered.pes[1].cluster = Some(1);
        let s = evaluate(
            &clustered,
            &Mapping {
                pe_of: vec![0, 1, 1],
            },
        );
        assert_eq!(s.comm_cut_cluster_bytes, Some(30));
    }
}
