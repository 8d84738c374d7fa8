//! `greedy`: heaviest object to the PE where it finishes first, heap-based,
//! O(n log n), with a tolerance that leaves balanced inputs alone.
//!
//! Rule (defaults in brackets):
//! 1. If the current mapping's max/avg is within `tolerance` [1.05], nothing moves.
//! 2. Otherwise every PE keeps its own objects, heaviest first, as long as its
//!    predicted time stays at or below the ideal average (first fit, so a light
//!    object may stay where a heavy one did not fit). Pinned objects and
//!    background load always stay and count first.
//! 3. The remaining objects, heaviest first, each go to the PE where they
//!    would finish first (least-loaded PE per speed class, see `LoadHeaps`).
//!
//! With `keep = false` and `tolerance = 0` it is the classic greedy
//! (Charm++ GreedyLB-like), which ignores where objects are now.

use super::Strategy;
use crate::error::LbError;
use crate::input::LbInput;
use crate::mapping::Mapping;
use crate::model::{LoadHeaps, fixed_times, ideal_time, pe_times};

/// Greedy strategy parameters.
#[derive(Clone, Copy, Debug)]
pub struct Greedy {
    /// Inputs whose max/avg is at or below this are left as they are (0 disables).
    pub tolerance: f64,
    /// Keep objects on their PE while it stays within the ideal average.
    pub keep: bool,
}

impl Default for Greedy {
    fn default() -> Self {
        Greedy {
            tolerance: 1.05,
            keep: true,
        }
    }
}

impl Greedy {
    /// The classic greedy: no tolerance, no keeping (every object is re-placed).
    pub fn classic() -> Self {
        Greedy {
            tolerance: 0.0,
            keep: false,
        }
    }
}

/// Object indices sorted by work, heaviest first (ties by index, for determinism).
pub(crate) fn heaviest_first(works: &[f64], select: impl Fn(usize) -> bool) -> Vec<usize> {
    let mut order: Vec<usize> = (0..works.len()).filter(|&i| select(i)).collect();
    order.sort_unstable_by(|&a, &b| works[b].total_cmp(&works[a]).then(a.cmp(&b)));
    order
}

impl Strategy for Greedy {
    fn name(&self) -> &'static str {
        if self.keep || self.tolerance > 0.0 {
            "greedy"
        } else {
            "greedy-classic"
        }
    }

    fn map(&self, input: &LbInput) -> Result<Mapping, LbError> {
        let works = input.works();
        let current = input.current_mapping();
        let ideal = ideal_time(input, &works);
        if self.tolerance > 0.0 {
            let times = pe_times(input, &works, &current.pe_of);
            let max = times.iter().copied().fold(0.0, f64::max);
            if max <= self.tolerance * ideal {
                return Ok(current);
            }
        }
        let speeds: Vec<f64> = input.pes.iter().map(|p| p.speed).collect();
        let mut base = fixed_times(input, &works);
        let mut pe_of = current.pe_of;
        let order = heaviest_first(&works, |i| input.objects[i].migratable);
        let mut pool = Vec::with_capacity(if self.keep { 0 } else { order.len() });
        if self.keep {
            for &i in &order {
                let q = input.objects[i].pe;
                let t = base[q] + works[i] / speeds[q];
                if t <= ideal {
                    base[q] = t;
                } else {
                    pool.push(i);
                }
            }
        } else {
            pool = order;
        }
        let mut heaps = LoadHeaps::new(base, &speeds, vec![true; speeds.len()]);
        for i in pool {
            let (q, _) = heaps.best(works[i]).ok_or(LbError::NoPes)?;
            pe_of[i] = q;
            heaps.add_work(q, works[i]);
        }
        Ok(Mapping { pe_of })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::input::PeInfo;
    use crate::stats::evaluate;

    fn input(loads: &[(usize, f64)], speeds: &[f64]) -> LbInput {
        LbInput::from_loads(
            speeds.iter().map(|&s| PeInfo::with_speed(s)).collect(),
            loads,
        )
    }

    #[test]
    fn balances_all_on_one_pe() {
        let i = input(&[(0, 1.0); 8], &[1.0; 4]);
        let m = Greedy::default().map(&i).unwrap();
        let s = evaluate(&i, &m);
        assert_eq!(s.max_avg_ratio, 1.0);
        // PE 0 keeps two objects: only six move.
        assert_eq!(s.migrations, 6);
    }

    #[test]
    fn balanced_input_is_left_alone() {
        let i = input(&[(0, 1.0), (1, 1.04), (0, 1.0), (1, 1.0)], &[1.0; 2]);
        let m = Greedy::default().map(&i).unwrap();
        assert_eq!(m, i.current_mapping());
        let classic = Greedy::classic().map(&i).unwrap();
        assert_eq!(
            evaluate(&i, &classic).max_avg_ratio,
            evaluate(&i, &m).max_avg_ratio
        );
    }

    #[test]
    fn faster_pe_gets_proportionally_more() {
        // 30 equal objects, PE 1 three times as fast as PE 0.
        let i = input(&[(0, 1.0); 30], &[1.0, 3.0]);
        let m = Greedy::default().map(&i).unwrap();
        let on1 = m.pe_of.iter().filter(|&&q| q == 1).count();
        assert!((22..=23).contains(&on1), "{on1}");
    }
}
