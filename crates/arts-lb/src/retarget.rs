//! Re-targeting an LB input to another PE count (`arts lb simulate --pes N`).
//!
//! Rule: with fewer PEs, PEs `0..N` keep their measurements and every object
//! on a PE `q >= N` is folded onto PE `q mod N` (pinned objects too: they are
//! pinned to their folded PE); its `load_s` is rescaled so that its work
//! (`load_s × speed`) is unchanged; the background load of removed PEs is
//! dropped, since it belonged to those PEs. With more PEs, the new PEs have
//! speed 1.0, no background or idle time, and no cluster; objects stay where
//! they are. The communication graph is unchanged.

use crate::error::LbError;
use crate::input::{LbInput, PeInfo};

/// The bytes re-targeting to `pes` PEs and balancing there need, estimated
/// before allocating (measured ≈ 80 bytes per PE for the input, a
/// strategy's heaps and the statistics; 128 leaves room for the costlier
/// strategies). Saturates instead of overflowing.
pub fn retarget_memory_bytes(pes: usize) -> u64 {
    (pes as u64).saturating_mul(128)
}

/// `input` re-targeted to `pes` PEs (see the module documentation).
/// `input` must be valid; `pes` must be at least 1.
pub fn retarget(input: &LbInput, pes: usize) -> Result<LbInput, LbError> {
    if pes == 0 {
        return Err(LbError::Retarget {
            pes,
            reason: "at least 1 PE is needed".to_string(),
        });
    }
    let mut out = input.clone();
    if pes >= input.pes.len() {
        out.pes.resize(pes, PeInfo::default());
        return Ok(out);
    }
    out.pes.truncate(pes);
    for o in &mut out.objects {
        if o.pe >= pes {
            let from = input.pes[o.pe].speed;
            o.pe %= pes;
            o.load_s = o.load_s * from / out.pes[o.pe].speed;
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::input::ObjInfo;

    fn input() -> LbInput {
        LbInput {
            pes: vec![
                PeInfo::default(),
                PeInfo::with_speed(2.0),
                PeInfo {
                    speed: 4.0,
                    background_load_s: 3.0,
                    ..PeInfo::default()
                },
            ],
            objects: (0..3)
                .map(|pe| ObjInfo {
                    id: pe as u64,
                    pe,
                    load_s: 1.0,
                    migratable: pe != 2,
                    bytes: 0,
                })
                .collect(),
            comm: vec![],
        }
    }

    #[test]
    fn folding_keeps_work_and_validity() {
        let i = input();
        let r = retarget(&i, 2).unwrap();
        r.validate().unwrap();
        assert_eq!(r.pes.len(), 2);
        // Object 2 (work 4) folds onto PE 0 (speed 1): load 4 s.
        assert_eq!((r.objects[2].pe, r.objects[2].load_s), (0, 4.0));
        let work = |x: &LbInput| x.works().iter().sum::<f64>();
        assert_eq!(work(&i), work(&r));
        assert!(!r.objects[2].migratable);
    }

    #[test]
    fn growing_adds_reference_pes() {
        let r = retarget(&input(), 5).unwrap();
        assert_eq!(r.pes.len(), 5);
        assert_eq!(r.pes[4], PeInfo::default());
        assert_eq!(r.objects, input().objects);
    }

    #[test]
    fn zero_pes_is_an_error() {
        assert!(matches!(
            retarget(&input(), 0),
            Err(LbError::Retarget { pes: 0, .. })
        ));
    }
}
