//! A strategy's answer, and the check that it is a legal one.

use serde::{Deserialize, Serialize};

use crate::error::LbError;
use crate::input::LbInput;

/// The new PE of every object: `pe_of[i]` is the PE of `input.objects[i]`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Mapping {
    /// One PE per object index.
    pub pe_of: Vec<usize>,
}

impl Mapping {
    /// Number of objects whose PE differs from their current one.
    pub fn migrations(&self, input: &LbInput) -> usize {
        self.pe_of
            .iter()
            .zip(&input.objects)
            .filter(|(pe, o)| **pe != o.pe)
            .count()
    }

    /// `input` after the migrations: every object on its new PE with its
    /// measured load rescaled to that PE's speed (work is unchanged). PE
    /// measurements and the communication graph are kept. Lets strategies be
    /// chained offline (`arts lb simulate --out-dump`).
    pub fn apply(&self, input: &LbInput) -> LbInput {
        let mut out = input.clone();
        for (o, &pe) in out.objects.iter_mut().zip(&self.pe_of) {
            if o.pe != pe {
                o.load_s = o.load_s * input.pes[o.pe].speed / input.pes[pe].speed;
                o.pe = pe;
            }
        }
        out
    }

    /// Checks that the mapping is legal for `input`: one PE per object, every
    /// PE in range, and every non-migratable object left where it is.
    /// `strategy` names the producer in the error.
    pub fn check(&self, input: &LbInput, strategy: &str) -> Result<(), LbError> {
        if self.pe_of.len() != input.objects.len() {
            return Err(LbError::MappingLength {
                strategy: strategy.to_string(),
                got: self.pe_of.len(),
                expected: input.objects.len(),
            });
        }
        let pes = input.pes.len();
        for (index, (&pe, obj)) in self.pe_of.iter().zip(&input.objects).enumerate() {
            if pe >= pes {
                return Err(LbError::MappingPeOutOfRange {
                    strategy: strategy.to_string(),
                    index,
                    pe,
                    pes,
                });
            }
            if !obj.migratable && pe != obj.pe {
                return Err(LbError::MovedPinned {
                    strategy: strategy.to_string(),
                    index,
                    id: obj.id,
                    from: obj.pe,
                    to: pe,
                });
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::input::{ObjInfo, PeInfo};

    fn input() -> LbInput {
        LbInput {
            pes: vec![PeInfo::default(); 2],
            objects: vec![
                ObjInfo {
                    id: 1,
                    pe: 0,
                    load_s: 1.0,
                    migratable: true,
                    bytes: 0,
                },
                ObjInfo {
                    id: 2,
                    pe: 1,
                    load_s: 1.0,
                    migratable: false,
                    bytes: 0,
                },
            ],
            comm: vec![],
        }
    }

    #[test]
    fn legal_mapping_passes() {
        let m = Mapping { pe_of: vec![1, 1] };
        m.check(&input(), "t").unwrap();
        assert_eq!(m.migrations(&input()), 1);
    }

    #[test]
    fn apply_moves_objects_and_keeps_work() {
        let mut i = input();
        i.pes[1].speed = 2.0;
        let m = Mapping { pe_of: vec![1, 1] };
        let after = m.apply(&i);
        assert_eq!(after.objects[0].pe, 1);
        assert_eq!(after.objects[0].load_s, 0.5);
        assert_eq!(after.works(), i.works());
        assert_eq!(after.current_mapping(), m);
    }

    #[test]
    fn illegal_mappings_are_errors() {
        let i = input();
        assert!(matches!(
            Mapping { pe_of: vec![0] }.check(&i, "t"),
            Err(LbError::MappingLength { .. })
        ));
        assert!(matches!(
            Mapping { pe_of: vec![2, 1] }.check(&i, "t"),
            Err(LbError::MappingPeOutOfRange { index: 0, .. })
        ));
        assert!(matches!(
            Mapping { pe_of: vec![0, 0] }.check(&i, "t"),
            Err(LbError::MovedPinned {
                index: 1,
                from: 1,
                to: 0,
                ..
            })
        ));
    }
}
