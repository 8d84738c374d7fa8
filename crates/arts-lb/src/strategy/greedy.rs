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
//! 4. Keeping must not cost balance: if re-placing every object (rule 3 alone)
//!    predicts a maximum more than [`KEEP_SLACK`] lower, that mapping is taken
//!    instead. Keeping first fit cannot swap: four objects of 3 units on one
//!    PE and four of 1 on another end 9 : 7 kept, 8 : 8 re-placed.
//!
//! With `keep = false` and `tolerance = 0` it is the classic greedy
//! (Charm++ GreedyLB-like), which ignores where objects are now.

use super::Strategy;
use crate::error::LbError;
use crate::input::LbInput;
use crate::mapping::Mapping;
use crate::model::{LoadHeaps, fixed_times, ideal_time, pe_times};

/// How much higher (as a fraction) the predicted maximum of the kept
/// mapping may be than that of re-placing every object before the latter
/// is taken: keeping saves migrations only while it costs balance within this.
pub(super) const KEEP_SLACK: f64 = 0.02;

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
        let max_time = |pe_of: &[usize]| {
            pe_times(input, &works, pe_of)
                .into_iter()
                .fold(0.0, f64::max)
        };
        if self.tolerance > 0.0 && max_time(&current.pe_of) <= self.tolerance * ideal {
            return Ok(current);
        }
        if !self.keep {
            return Ok(Mapping {
                pe_of: place(input, &works, ideal, false)?,
            });
        }
        let kept = place(input, &works, ideal, true)?;
        let kept_max = max_time(&kept);
        // No mapping beats the ideal: within the slack of it, keeping wins.
        if kept_max <= (1.0 + KEEP_SLACK) * ideal {
            return Ok(Mapping { pe_of: kept });
        }
        let replaced = place(input, &works, ideal, false)?;
        let pe_of = if kept_max <= (1.0 + KEEP_SLACK) * max_time(&replaced) {
            kept
        } else {
            replaced
        };
        Ok(Mapping { pe_of })
    }
}

/// Greedy placement (rules 2–3): with `keep`, objects first stay on their
/// PE while it stays within `ideal`; the rest (all, without `keep`),
/// heaviest first, go where they finish first.
fn place(input: &LbInput, works: &[f64], ideal: f64, keep: bool) -> Result<Vec<usize>, LbError> {
    let speeds: Vec<f64> = input.pes.iter().map(|p| p.speed).collect();
    let mut base = fixed_times(input, works);
    let mut pe_of = input.current_mapping().pe_of;
    let order = heaviest_first(works, |i| input.objects[i].migratable);
    let mut pool = Vec::with_capacity(order.len());
    for i in order {
        let q = input.objects[i].pe;
        let t = base[q] + works[i] / speeds[q];
        if keep && t <= ideal {
            base[q] = t;
        } else {
            pool.push(i);
        }
    }
    let mut heaps = LoadHeaps::new(base, &speeds, vec![true; speeds.len()]);
    for i in pool {
        let (q, _) = heaps.best(works[i]).ok_or(LbError::NoPes)?;
        pe_of[i] = q;
        heaps.add_work(q, works[i]);
    }
    Ok(pe_of)
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
    fn keeping_never_costs_more_than_the_slack() {
        // Kept first fit: PE 0 keeps two of its 3s, PE 1 all its 1s, and the
        // other two 3s split, 9 : 7. Re-placing all of them gives 8 : 8.
        let mut loads = vec![(0, 3.0); 4];
        loads.extend([(1, 1.0); 4]);
        let i = input(&loads, &[1.0; 2]);
        let s = evaluate(&i, &Greedy::default().map(&i).unwrap());
        assert_eq!(s.max_avg_ratio, 1.0);
        assert_eq!(s.migrations, 4);
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
