//! [`WithinGroups`]: any strategy, run separately on each group of
//! consecutive PEs (e.g. the PEs of one process), so that no object leaves
//! its group. For objects that can move between threads but not between
//! processes (AMPI ranks: a coroutine stack holds raw pointers).

use std::sync::Arc;

use super::{Strategy, balance};
use crate::error::LbError;
use crate::input::{CommEdge, LbInput, ObjInfo};
use crate::mapping::Mapping;

/// `inner` applied to each block of `group_size` consecutive PEs on its
/// own: its objects, its PEs and the edges between them.
#[derive(Clone)]
pub struct WithinGroups {
    /// The strategy run in each group.
    pub inner: Arc<dyn Strategy>,
    /// PEs per group (the last group may be smaller); at least 1.
    pub group_size: usize,
}

impl Strategy for WithinGroups {
    fn name(&self) -> &'static str {
        self.inner.name()
    }

    fn restrained(&self) -> bool {
        self.inner.restrained()
    }

    /// True: the runtime must not put a mapping that ignores the groups
    /// (its incremental `refine`) in this one's place.
    fn topology_aware(&self) -> bool {
        true
    }

    fn map(&self, input: &LbInput) -> Result<Mapping, LbError> {
        let mut pe_of: Vec<usize> = input.objects.iter().map(|o| o.pe).collect();
        let size = self.group_size.max(1);
        for first in (0..input.pes.len()).step_by(size) {
            let pes = first..(first + size).min(input.pes.len());
            let members: Vec<usize> = (0..input.objects.len())
                .filter(|&i| pes.contains(&input.objects[i].pe))
                .collect();
            if members.is_empty() {
                continue;
            }
            let mut local = vec![usize::MAX; input.objects.len()];
            for (j, &i) in members.iter().enumerate() {
                local[i] = j;
            }
            let group = LbInput {
                pes: input.pes[pes].to_vec(),
                objects: (members.iter())
                    .map(|&i| ObjInfo {
                        pe: input.objects[i].pe - first,
                        ..input.objects[i].clone()
                    })
                    .collect(),
                comm: (input.comm.iter())
                    .filter(|e| local[e.from] != usize::MAX && local[e.to] != usize::MAX)
                    .map(|e| CommEdge {
                        from: local[e.from],
                        to: local[e.to],
                        ..e.clone()
                    })
                    .collect(),
            };
            let mapped = balance(self.inner.as_ref(), &group)?;
            for (&i, pe) in members.iter().zip(mapped.pe_of) {
                pe_of[i] = first + pe;
            }
        }
        Ok(Mapping { pe_of })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::input::PeInfo;
    use crate::strategy::by_name;

    /// 4 PEs in 2 groups; every object starts on PE 0 or PE 2.
    fn lopsided() -> LbInput {
        let objects = (0..12)
            .map(|i| ObjInfo {
                id: i,
                pe: if i < 8 { 0 } else { 2 },
                load_s: 1.0 + i as f64 * 0.01,
                migratable: true,
                bytes: 0,
            })
            .collect();
        LbInput {
            pes: vec![PeInfo::default(); 4],
            objects,
            comm: vec![
                CommEdge {
                    from: 0,
                    to: 9,
                    messages: 5,
                    bytes: 500,
                },
                CommEdge {
                    from: 1,
                    to: 2,
                    messages: 5,
                    bytes: 500,
                },
            ],
        }
    }

    #[test]
    fn objects_are_balanced_but_never_leave_their_group() {
        let input = lopsided();
        for name in ["greedy", "refine", "rotate", "metis"] {
            let within = WithinGroups {
                inner: Arc::from(by_name(name).unwrap()),
                group_size: 2,
            };
            let m = balance(&within, &input).unwrap();
            for (o, &pe) in input.objects.iter().zip(&m.pe_of) {
                assert_eq!(
                    o.pe / 2,
                    pe / 2,
                    "{name} moved object {} across groups",
                    o.id
                );
            }
            if name != "metis" {
                // Each group's load is spread over both its PEs.
                assert!(
                    m.pe_of.contains(&1) && m.pe_of.contains(&3),
                    "{name}: {m:?}"
                );
            }
        }
        // Without groups, greedy spreads the objects over every PE.
        let all = balance(by_name("greedy").unwrap().as_ref(), &input).unwrap();
        assert!(
            input
                .objects
                .iter()
                .zip(&all.pe_of)
                .any(|(o, &pe)| o.pe / 2 != pe / 2)
        );
    }

    #[test]
    fn a_last_smaller_group_and_pinned_objects_are_kept() {
        let mut input = lopsided();
        input.pes.push(PeInfo::default());
        input.objects[3].pe = 4;
        input.objects[4].migratable = false;
        let within = WithinGroups {
            inner: Arc::from(by_name("rotate").unwrap()),
            group_size: 2,
        };
        let m = balance(&within, &input).unwrap();
        assert_eq!(m.pe_of[3], 4, "alone in its one-PE group");
        assert_eq!(m.pe_of[4], 0, "pinned");
        assert_eq!(m.pe_of[0], 1, "rotated within its group");
        assert_eq!(m.pe_of[8], 3);
        assert_eq!(within.name(), "rotate");
        assert!(!within.restrained());
    }
}
