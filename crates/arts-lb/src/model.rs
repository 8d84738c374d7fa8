//! The load model every strategy and the evaluator share, and the PE heaps
//! the greedy strategies use.
//!
//! An object's *work* is `load_s × speed` of the PE it was measured on
//! (reference seconds). Its predicted time on PE `q` is `work / speed[q]`.
//! A PE's predicted time is its background load plus the time of its objects.

use std::cmp::{Ordering, Reverse};
use std::collections::{BinaryHeap, HashMap};

use crate::input::LbInput;

/// Predicted time of every PE under `pe_of` (background + objects' work / speed).
pub fn pe_times(input: &LbInput, works: &[f64], pe_of: &[usize]) -> Vec<f64> {
    let mut t: Vec<f64> = input.pes.iter().map(|p| p.background_load_s).collect();
    for (i, &pe) in pe_of.iter().enumerate() {
        t[pe] += works[i] / input.pes[pe].speed;
    }
    t
}

/// The ideal predicted time when all work (objects and background) is spread
/// in proportion to speed: `(Σ work + Σ background × speed) / Σ speed`. With
/// equal speeds this is the average PE time.
pub fn ideal_time(input: &LbInput, works: &[f64]) -> f64 {
    let total_speed: f64 = input.pes.iter().map(|p| p.speed).sum();
    let bg: f64 = input
        .pes
        .iter()
        .map(|p| p.background_load_s * p.speed)
        .sum();
    (works.iter().sum::<f64>() + bg) / total_speed
}

/// Per-PE time that no strategy can move: background plus non-migratable objects.
pub fn fixed_times(input: &LbInput, works: &[f64]) -> Vec<f64> {
    let mut t: Vec<f64> = input.pes.iter().map(|p| p.background_load_s).collect();
    for (i, o) in input.objects.iter().enumerate() {
        if !o.migratable {
            t[o.pe] += works[i] / input.pes[o.pe].speed;
        }
    }
    t
}

/// Water-filling: the level `T` such that giving each PE `max(0, T - fixed[q]) × speed[q]`
/// work places exactly `movable` work. Returns `(T, capacity per PE in work units)`.
pub fn water_fill(fixed: &[f64], speeds: &[f64], movable: f64) -> (f64, Vec<f64>) {
    let mut order: Vec<usize> = (0..fixed.len()).collect();
    order.sort_by(|&a, &b| fixed[a].total_cmp(&fixed[b]));
    // Raise the level PE by PE (lowest fixed time first) until the work is placed.
    let mut speed_sum = 0.0;
    let mut weighted = 0.0; // Σ fixed × speed over PEs below the level
    let mut level = order.first().map_or(0.0, |&q| fixed[q]);
    for (k, &q) in order.iter().enumerate() {
        speed_sum += speeds[q];
        weighted += fixed[q] * speeds[q];
        let candidate = (movable + weighted) / speed_sum;
        let next = order.get(k + 1).map(|&n| fixed[n]);
        match next {
            Some(n) if candidate > n => continue,
            _ => {
                level = candidate;
                break;
            }
        }
    }
    let caps = fixed
        .iter()
        .zip(speeds)
        .map(|(&f, &s)| ((level - f).max(0.0)) * s)
        .collect();
    (level, caps)
}

/// A totally ordered f64 (by `total_cmp`) for heaps.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Key(pub f64);

impl Eq for Key {}

impl PartialOrd for Key {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Key {
    fn cmp(&self, other: &Self) -> Ordering {
        self.0.total_cmp(&other.0)
    }
}

/// Relative width of a speed class: PEs whose speeds differ by less than
/// about 1% share one heap.
const SPEED_CLASS_STEP: f64 = 0.01;

/// Min-heaps of PEs by predicted time, one heap per speed class (speeds
/// quantized to ~1% in log space), with lazy deletion. `best(work)` returns
/// the PE on which an object of that work would finish first, looking only at
/// the least-loaded PE of each class: exact when PEs of a class have the same
/// speed, within ~1% of the object's time otherwise. Cost: O(classes + log P)
/// per query, amortized.
pub struct LoadHeaps {
    times: Vec<f64>,
    speeds: Vec<f64>,
    eligible: Vec<bool>,
    heaps: Vec<BinaryHeap<Reverse<(Key, usize)>>>,
    class_of: Vec<usize>,
}

impl LoadHeaps {
    /// Heaps over PEs with the given times and speeds; only PEs with
    /// `eligible[q]` are ever returned.
    pub fn new(times: Vec<f64>, speeds: &[f64], eligible: Vec<bool>) -> Self {
        let mut class_index: HashMap<i64, usize> = HashMap::new();
        let mut class_of = Vec::with_capacity(speeds.len());
        let step = (1.0 + SPEED_CLASS_STEP).ln();
        for &s in speeds {
            let key = (s.ln() / step).round() as i64;
            let next = class_index.len();
            class_of.push(*class_index.entry(key).or_insert(next));
        }
        let mut heaps: Vec<Vec<Reverse<(Key, usize)>>> = vec![Vec::new(); class_index.len()];
        for (q, &t) in times.iter().enumerate() {
            if eligible[q] {
                heaps[class_of[q]].push(Reverse((Key(t), q)));
            }
        }
        LoadHeaps {
            times,
            speeds: speeds.to_vec(),
            eligible,
            heaps: heaps.into_iter().map(BinaryHeap::from).collect(),
            class_of,
        }
    }

    /// Current predicted time of every PE.
    pub fn times(&self) -> &[f64] {
        &self.times
    }

    /// Consumes the heaps, returning the predicted times.
    pub fn into_times(self) -> Vec<f64> {
        self.times
    }

    /// Least-loaded eligible PE of class `c`, dropping stale entries.
    fn top(&mut self, c: usize) -> Option<usize> {
        let heap = &mut self.heaps[c];
        while let Some(&Reverse((Key(t), q))) = heap.peek() {
            if self.eligible[q] && t == self.times[q] {
                return Some(q);
            }
            heap.pop();
        }
        None
    }

    /// The eligible PE where `work` would finish first, and that finish time.
    pub fn best(&mut self, work: f64) -> Option<(usize, f64)> {
        let mut best: Option<(usize, f64)> = None;
        for c in 0..self.heaps.len() {
            if let Some(q) = self.top(c) {
                let finish = self.times[q] + work / self.speeds[q];
                let better = match best {
                    None => true,
                    Some((bq, bf)) => finish < bf || (finish == bf && q < bq),
                };
                if better {
                    best = Some((q, finish));
                }
            }
        }
        best
    }

    /// The least-loaded eligible PE (by time alone) and its time.
    pub fn least_loaded(&mut self) -> Option<(usize, f64)> {
        self.best(0.0)
    }

    /// The eligible PE with the most room below `limit`, in work units
    /// (`(limit - time) × speed`), and that room; `None` if no PE has room.
    pub fn most_room(&mut self, limit: f64) -> Option<(usize, f64)> {
        let mut best: Option<(usize, f64)> = None;
        for c in 0..self.heaps.len() {
            if let Some(q) = self.top(c) {
                let room = (limit - self.times[q]) * self.speeds[q];
                if room > 0.0 && best.is_none_or(|(_, r)| room > r) {
                    best = Some((q, room));
                }
            }
        }
        best
    }

    /// Adds `work` (reference seconds) to PE `q`.
    pub fn add_work(&mut self, q: usize, work: f64) {
        self.times[q] += work / self.speeds[q];
        if self.eligible[q] {
            self.heaps[self.class_of[q]].push(Reverse((Key(self.times[q]), q)));
        }
    }

    /// Removes `work` (reference seconds) from PE `q`.
    pub fn remove_work(&mut self, q: usize, work: f64) {
        self.times[q] -= work / self.speeds[q];
        if self.eligible[q] {
            self.heaps[self.class_of[q]].push(Reverse((Key(self.times[q]), q)));
        }
    }

    /// Makes PE `q` eligible or not for `best`.
    pub fn set_eligible(&mut self, q: usize, eligible: bool) {
        if eligible && !self.eligible[q] {
            self.heaps[self.class_of[q]].push(Reverse((Key(self.times[q]), q)));
        }
        self.eligible[q] = eligible;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn water_fill_levels_and_capacities() {
        // Two equal PEs, one with 2 s fixed: 4 s of work -> level 3, caps 3 and 1.
        let (level, caps) = water_fill(&[0.0, 2.0], &[1.0, 1.0], 4.0);
        assert!((level - 3.0).abs() < 1e-12);
        assert!((caps[0] - 3.0).abs() < 1e-12 && (caps[1] - 1.0).abs() < 1e-12);
        // A PE whose fixed time is above the level gets nothing.
        let (level, caps) = water_fill(&[0.0, 10.0], &[1.0, 1.0], 4.0);
        assert!((level - 4.0).abs() < 1e-12);
        assert_eq!(caps[1], 0.0);
        // Speed 2 gets twice the work.
        let (_, caps) = water_fill(&[0.0, 0.0], &[1.0, 2.0], 3.0);
        assert!((caps[0] - 1.0).abs() < 1e-12 && (caps[1] - 2.0).abs() < 1e-12);
    }

    #[test]
    fn heaps_pick_earliest_finish_across_speed_classes() {
        // PE 0 idle but slow (speed 1), PE 1 busy 1 s but speed 4.
        let mut h = LoadHeaps::new(vec![0.0, 1.0], &[1.0, 4.0], vec![true, true]);
        // 8 s of work: 8 on PE 0, 1 + 2 = 3 on PE 1.
        assert_eq!(h.best(8.0).unwrap().0, 1);
        // Tiny work: PE 0 finishes first.
        assert_eq!(h.best(0.1).unwrap().0, 0);
        h.add_work(0, 10.0);
        assert_eq!(h.least_loaded().unwrap().0, 1);
        h.set_eligible(1, false);
        assert_eq!(h.least_loaded().unwrap().0, 0);
        h.set_eligible(0, false);
        assert!(h.best(1.0).is_none());
    }
}
