//! What a strategy sees: PEs, objects and the object communication graph of
//! one LB step. These types are also the `--lb-dump` JSON format (see
//! `crate::dump` and the crate README).

use serde::{Deserialize, Serialize};

use crate::error::LbError;

/// Smallest accepted PE speed.
pub const MIN_SPEED: f64 = 1e-6;
/// Largest accepted PE speed.
pub const MAX_SPEED: f64 = 1e6;
/// Largest accepted load, background or idle time, seconds.
pub const MAX_SECONDS: f64 = 1e12;

/// The largest byte or message count of one object or edge (2^40); with the
/// totals checked too, no sum of them can overflow.
pub const MAX_COUNT: u64 = 1 << 40;

/// One processing element as measured over the last LB period.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PeInfo {
    /// Relative speed; 1.0 is the reference PE. A PE twice as fast gets twice the work.
    #[serde(default = "one")]
    pub speed: f64,
    /// Seconds the PE was busy outside entry methods (not movable).
    #[serde(default)]
    pub background_load_s: f64,
    /// Seconds the PE was idle (informational; strategies do not need it).
    #[serde(default)]
    pub idle_s: f64,
    /// Cluster of the PE for grid-aware strategies; `None` when unknown.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cluster: Option<u32>,
}

fn one() -> f64 {
    1.0
}

fn yes() -> bool {
    true
}

impl Default for PeInfo {
    fn default() -> Self {
        PeInfo {
            speed: 1.0,
            background_load_s: 0.0,
            idle_s: 0.0,
            cluster: None,
        }
    }
}

impl PeInfo {
    /// A reference-speed PE with no background load.
    pub fn with_speed(speed: f64) -> Self {
        PeInfo {
            speed,
            ..PeInfo::default()
        }
    }
}

/// One migratable (or pinned) object.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ObjInfo {
    /// Opaque key chosen by the runtime; unique within one input.
    pub id: u64,
    /// PE the object is on now.
    pub pe: usize,
    /// CPU seconds measured on its current PE during the last period.
    pub load_s: f64,
    /// `false` pins the object to its current PE.
    #[serde(default = "yes")]
    pub migratable: bool,
    /// Bytes a migration of the object would move.
    #[serde(default)]
    pub bytes: u64,
}

/// Traffic from object `from` to object `to` (indices into `LbInput::objects`)
/// during the last period.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CommEdge {
    /// Sending object index.
    pub from: usize,
    /// Receiving object index.
    pub to: usize,
    /// Messages sent.
    #[serde(default)]
    pub messages: u64,
    /// Payload bytes sent.
    #[serde(default)]
    pub bytes: u64,
}

/// The input of one LB step.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LbInput {
    /// The PEs, indexed 0..P.
    pub pes: Vec<PeInfo>,
    /// The objects, indexed 0..N (indices, not ids, are used by `comm` and `Mapping`).
    pub objects: Vec<ObjInfo>,
    /// The object communication graph (directed; several edges per pair are summed).
    #[serde(default)]
    pub comm: Vec<CommEdge>,
}

impl LbInput {
    /// `pes` and one migratable object per `(pe, load_s)` of `loads` (ids in
    /// order, 1 byte each), without communication: the input of a
    /// load-only balancing problem.
    pub fn from_loads(pes: Vec<PeInfo>, loads: &[(usize, f64)]) -> LbInput {
        LbInput {
            pes,
            objects: loads
                .iter()
                .enumerate()
                .map(|(i, &(pe, load_s))| ObjInfo {
                    id: i as u64,
                    pe,
                    load_s,
                    migratable: true,
                    bytes: 1,
                })
                .collect(),
            comm: Vec::new(),
        }
    }

    /// Checks every invariant the strategies rely on: at least one PE; speeds
    /// in [`MIN_SPEED`, `MAX_SPEED`]; background, idle and load times in
    /// [0, `MAX_SECONDS`] (so no sum of them can overflow); every object on an
    /// existing PE; unique ids; edges between existing objects; byte and
    /// message counts at most [`MAX_COUNT`] each, with totals that fit a `u64`.
    pub fn validate(&self) -> Result<(), LbError> {
        if self.pes.is_empty() {
            return Err(LbError::NoPes);
        }
        for (pe, info) in self.pes.iter().enumerate() {
            if !(MIN_SPEED..=MAX_SPEED).contains(&info.speed) {
                return Err(LbError::BadPe {
                    pe,
                    field: "speed",
                    value: info.speed,
                    accepted: "1e-6 ..= 1e6",
                });
            }
            for (field, value) in [
                ("background_load_s", info.background_load_s),
                ("idle_s", info.idle_s),
            ] {
                if !(0.0..=MAX_SECONDS).contains(&value) {
                    return Err(LbError::BadPe {
                        pe,
                        field,
                        value,
                        accepted: "0 ..= 1e12",
                    });
                }
            }
        }
        let pes = self.pes.len();
        for (index, obj) in self.objects.iter().enumerate() {
            if !(0.0..=MAX_SECONDS).contains(&obj.load_s) {
                return Err(LbError::BadLoad {
                    index,
                    id: obj.id,
                    value: obj.load_s,
                });
            }
            if obj.pe >= pes {
                return Err(LbError::ObjectPeOutOfRange {
                    index,
                    id: obj.id,
                    pe: obj.pe,
                    pes,
                });
            }
        }
        let count = |what: &'static str, index: usize, value: u64| {
            if value > MAX_COUNT {
                return Err(LbError::BadCount { what, index, value });
            }
            Ok(value)
        };
        let total =
            |what: &'static str, sum: Option<u64>| sum.ok_or(LbError::TotalOverflow { what });
        let mut object_bytes = Some(0u64);
        for (index, obj) in self.objects.iter().enumerate() {
            let b = count("object bytes", index, obj.bytes)?;
            object_bytes = object_bytes.and_then(|t| t.checked_add(b));
        }
        total("object bytes", object_bytes)?;
        let (mut edge_bytes, mut edge_messages) = (Some(0u64), Some(0u64));
        for (index, e) in self.comm.iter().enumerate() {
            let b = count("edge bytes", index, e.bytes)?;
            let m = count("edge messages", index, e.messages)?;
            edge_bytes = edge_bytes.and_then(|t| t.checked_add(b));
            edge_messages = edge_messages.and_then(|t| t.checked_add(m));
        }
        total("edge bytes", edge_bytes)?;
        total("edge messages", edge_messages)?;
        let mut ids: Vec<u64> = self.objects.iter().map(|o| o.id).collect();
        ids.sort_unstable();
        if let Some(w) = ids.windows(2).find(|w| w[0] == w[1]) {
            return Err(LbError::DuplicateId { id: w[0] });
        }
        let objects = self.objects.len();
        for (index, e) in self.comm.iter().enumerate() {
            if e.from >= objects || e.to >= objects {
                return Err(LbError::EdgeOutOfRange {
                    index,
                    from: e.from,
                    to: e.to,
                    objects,
                });
            }
        }
        Ok(())
    }

    /// An object's work in reference seconds: `load_s × speed` of its current PE.
    pub fn work(&self, index: usize) -> f64 {
        let o = &self.objects[index];
        o.load_s * self.pes[o.pe].speed
    }

    /// Every object's work in reference seconds (see [`LbInput::work`]).
    pub fn works(&self) -> Vec<f64> {
        (0..self.objects.len()).map(|i| self.work(i)).collect()
    }

    /// The mapping that leaves every object where it is.
    pub fn current_mapping(&self) -> crate::Mapping {
        crate::Mapping {
            pe_of: self.objects.iter().map(|o| o.pe).collect(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn small() -> LbInput {
        LbInput {
            pes: vec![PeInfo::default(), PeInfo::with_speed(2.0)],
            objects: vec![
                ObjInfo {
                    id: 7,
                    pe: 0,
                    load_s: 1.0,
                    migratable: true,
                    bytes: 10,
                },
                ObjInfo {
                    id: 9,
                    pe: 1,
                    load_s: 1.0,
                    migratable: false,
                    bytes: 10,
                },
            ],
            comm: vec![CommEdge {
                from: 0,
                to: 1,
                messages: 1,
                bytes: 8,
            }],
        }
    }

    #[test]
    fn huge_counts_and_overflowing_totals_are_refused() {
        let mut i = small();
        i.comm[0].bytes = u64::MAX;
        assert!(matches!(
            i.validate(),
            Err(LbError::BadCount {
                what: "edge bytes",
                ..
            })
        ));
        let mut i = small();
        i.objects[0].bytes = MAX_COUNT;
        assert!(i.validate().is_ok());
        let edge = i.comm[0].clone();
        i.comm = vec![
            CommEdge {
                messages: MAX_COUNT,
                ..edge
            };
            (1 << 24) + 1
        ];
        assert_eq!(
            i.validate(),
            Err(LbError::TotalOverflow {
                what: "edge messages"
            })
        );
    }

    #[test]
    fn valid_input_passes_and_work_scales_by_speed() {
        let input = small();
        input.validate().unwrap();
        assert_eq!(input.work(0), 1.0);
        assert_eq!(input.work(1), 2.0);
    }

    #[test]
    fn each_invariant_is_checked() {
        let mut i = small();
        i.pes.clear();
        assert_eq!(i.validate(), Err(LbError::NoPes));

        let mut i = small();
        i.pes[1].speed = 0.0;
        assert!(matches!(i.validate(), Err(LbError::BadPe { pe: 1, .. })));

        let mut i = small();
        i.pes[0].background_load_s = f64::NAN;
        assert!(matches!(i.validate(), Err(LbError::BadPe { pe: 0, .. })));

        let mut i = small();
        i.objects[1].load_s = -1.0;
        assert!(matches!(
            i.validate(),
            Err(LbError::BadLoad { index: 1, .. })
        ));
        i.objects[1].load_s = 1e308;
        assert!(matches!(
            i.validate(),
            Err(LbError::BadLoad { index: 1, .. })
        ));
        i.objects[1].load_s = f64::NAN;
        assert!(matches!(
            i.validate(),
            Err(LbError::BadLoad { index: 1, .. })
        ));
        let mut i = small();
        i.pes[0].speed = 1e-300;
        assert!(matches!(i.validate(), Err(LbError::BadPe { pe: 0, .. })));

        let mut i = small();
        i.objects[0].pe = 2;
        assert!(matches!(
            i.validate(),
            Err(LbError::ObjectPeOutOfRange {
                index: 0,
                pe: 2,
                ..
            })
        ));

        let mut i = small();
        i.objects[1].id = 7;
        assert_eq!(i.validate(), Err(LbError::DuplicateId { id: 7 }));

        let mut i = small();
        i.comm[0].to = 5;
        assert!(matches!(
            i.validate(),
            Err(LbError::EdgeOutOfRange { index: 0, .. })
        ));
    }

    #[test]
    fn optional_fields_default() {
        let json = r#"{"pes":[{}],"objects":[{"id":1,"pe":0,"load_s":0.5}]}"#;
        let input: LbInput = serde_json::from_str(json).unwrap();
        assert_eq!(input.pes[0].speed, 1.0);
        assert!(input.objects[0].migratable);
        assert!(input.comm.is_empty());
        input.validate().unwrap();
    }

    #[test]
    fn unknown_fields_are_rejected() {
        let json = r#"{"pes":[{"sped":2.0}],"objects":[]}"#;
        assert!(serde_json::from_str::<LbInput>(json).is_err());
    }
}
