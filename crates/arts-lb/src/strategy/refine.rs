//! `refine`: move objects only off PEs above `threshold × ideal`, with as few
//! migrations as possible, and never push a receiver above the threshold.
//!
//! Rule (default threshold 1.05): for each overloaded PE (busiest first),
//! while it is above the limit, take the receiver with the most room below
//! the limit and move the *smallest* object that alone brings the donor under
//! the limit and fits the receiver; if no single object does, move the
//! *largest* object that fits, and repeat. A donor whose remaining objects
//! fit nowhere stays overloaded (refine never overloads another PE). On an
//! input with no PE above the limit nothing moves.

use std::collections::BTreeSet;

use super::Strategy;
use crate::error::LbError;
use crate::input::LbInput;
use crate::mapping::Mapping;
use crate::model::{Key, LoadHeaps, ideal_time, pe_times};

/// Refine strategy parameters.
#[derive(Clone, Copy, Debug)]
pub struct Refine {
    /// PEs above `threshold × ideal` shed objects until they are at or below it.
    pub threshold: f64,
}

impl Default for Refine {
    fn default() -> Self {
        Refine { threshold: 1.05 }
    }
}

impl Strategy for Refine {
    fn name(&self) -> &'static str {
        "refine"
    }

    fn map(&self, input: &LbInput) -> Result<Mapping, LbError> {
        let works = input.works();
        let mut pe_of = input.current_mapping().pe_of;
        let mut times = pe_times(input, &works, &pe_of);
        let limit = self.threshold * ideal_time(input, &works);
        let mut donors: Vec<usize> = (0..times.len()).filter(|&q| times[q] > limit).collect();
        if donors.is_empty() {
            return Ok(Mapping { pe_of });
        }
        donors.sort_unstable_by(|&a, &b| times[b].total_cmp(&times[a]).then(a.cmp(&b)));
        let mut donor_slot = vec![usize::MAX; times.len()];
        for (k, &d) in donors.iter().enumerate() {
            donor_slot[d] = k;
        }
        let mut objects: Vec<BTreeSet<(Key, usize)>> = vec![BTreeSet::new(); donors.len()];
        for (i, o) in input.objects.iter().enumerate() {
            if o.migratable && donor_slot[o.pe] != usize::MAX {
                objects[donor_slot[o.pe]].insert((Key(works[i]), i));
            }
        }
        let speeds: Vec<f64> = input.pes.iter().map(|p| p.speed).collect();
        let eligible = times.iter().map(|&t| t < limit).collect();
        let mut receivers = LoadHeaps::new(times.clone(), &speeds, eligible);
        for (k, &d) in donors.iter().enumerate() {
            let own = &mut objects[k];
            while times[d] > limit {
                let Some((r, room)) = receivers.most_room(limit) else {
                    break;
                };
                let need = (times[d] - limit) * speeds[d];
                let one_move = own
                    .range((Key(need), 0)..)
                    .next()
                    .filter(|(w, _)| w.0 <= room)
                    .copied();
                let pick =
                    one_move.or_else(|| own.range(..(Key(room), usize::MAX)).next_back().copied());
                let Some((w, i)) = pick else {
                    break;
                };
                own.remove(&(w, i));
                times[d] -= w.0 / speeds[d];
                receivers.add_work(r, w.0);
                pe_of[i] = r;
            }
        }
        Ok(Mapping { pe_of })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::input::{ObjInfo, PeInfo};
    use crate::stats::evaluate;

    fn input(loads: &[(usize, f64)], pes: usize) -> LbInput {
        LbInput {
            pes: vec![PeInfo::default(); pes],
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
            comm: vec![],
        }
    }

    #[test]
    fn one_well_chosen_move_fixes_a_donor() {
        // PE 0: 1 + 1 + 2 = 4, PE 1: 0. Ideal 2: moving the object of load 2 alone suffices.
        let i = input(&[(0, 1.0), (0, 1.0), (0, 2.0)], 2);
        let m = Refine::default().map(&i).unwrap();
        assert_eq!(m.pe_of, vec![0, 0, 1]);
    }

    #[test]
    fn nothing_moves_when_below_threshold() {
        let i = input(&[(0, 1.0), (1, 1.04)], 2);
        assert_eq!(Refine::default().map(&i).unwrap(), i.current_mapping());
    }

    #[test]
    fn never_overloads_a_receiver() {
        // One huge object: moving it would overload the receiver; it stays.
        let i = input(&[(0, 10.0), (0, 1.0), (1, 1.0)], 2);
        let m = Refine::default().map(&i).unwrap();
        let s = evaluate(&i, &m);
        assert!(s.max_load_s <= 11.0);
        assert_eq!(m.pe_of[0], 0);
    }
}
