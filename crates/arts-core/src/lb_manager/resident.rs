//! Other arrays' load as background. Each array is balanced on its own, but
//! a PE runs the elements of every array: an array balanced as if it were
//! alone leaves the PEs as uneven as the other arrays left them, and two
//! arrays balanced against the same stale measurements both correct the
//! same imbalance. So after every balancing step the manager keeps, per PE,
//! the share of its time that the array's elements take where the step put
//! them; the next step of any other array counts those shares as that PE's
//! background load. Arrays that balance at the same sync thus fit around
//! each other in turn: the second sees where the first just went. An
//! array's shares count only for steps of other arrays whose period they
//! overlap (recorded since that array's previous step): an array that
//! stopped balancing (its work done) stops weighing on the others.

use std::collections::HashMap;
use std::time::Instant;

use arts_lb::{LbInput, Mapping};

use crate::envelope::ArrayId;

/// Per array, when its last balancing step was and the share of each
/// PE's time its elements take after it.
#[derive(Default)]
pub(crate) struct Resident {
    shares: HashMap<ArrayId, (Instant, Vec<f64>)>,
}

impl Resident {
    /// Adds the share of PE `q` of every other array that balanced since
    /// `since` (`array`'s previous step; `None`: any), times `walls[q]`
    /// (the seconds `input` was measured over), to `q`'s background load.
    pub(super) fn add_others(
        &self,
        array: ArrayId,
        since: Option<Instant>,
        input: &mut LbInput,
        walls: &[f64],
    ) {
        for (&other, (at, shares)) in &self.shares {
            let stale = since.is_some_and(|s| *at < s);
            if other == array || stale || shares.len() != input.pes.len() {
                continue;
            }
            for ((pe, share), wall) in input.pes.iter_mut().zip(shares).zip(walls) {
                pe.background_load_s += share * wall;
            }
        }
    }

    /// Records where `mapping` puts `array`'s elements of `input` (measured
    /// over `walls` seconds per PE).
    pub(super) fn record(
        &mut self,
        array: ArrayId,
        input: &LbInput,
        mapping: &Mapping,
        walls: &[f64],
    ) {
        let mut shares = vec![0.0; input.pes.len()];
        for (work, &q) in input.works().iter().zip(&mapping.pe_of) {
            shares[q] += work / input.pes[q].speed;
        }
        for (share, &wall) in shares.iter_mut().zip(walls) {
            *share = if wall > 0.0 { *share / wall } else { 0.0 };
        }
        self.shares.insert(array, (Instant::now(), shares));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use arts_lb::PeInfo;

    fn input(loads: &[(usize, f64)], background: f64) -> LbInput {
        let pe = PeInfo {
            background_load_s: background,
            ..PeInfo::default()
        };
        LbInput::from_loads(vec![pe; 2], loads)
    }

    #[test]
    fn another_arrays_placement_becomes_background() {
        let mut r = Resident::default();
        // Array 0: 0.6 s on PE 0 before, moved so each PE holds 0.3 s of a
        // 1 s period; background is not the array's own.
        let a = input(&[(0, 0.3), (0, 0.3)], 0.1);
        r.record(0, &a, &Mapping { pe_of: vec![0, 1] }, &[1.0, 1.0]);
        let mut b = input(&[(0, 0.2)], 0.1);
        r.add_others(1, None, &mut b, &[2.0, 2.0]);
        // 0.1 s own background + 0.3 of a 2 s period.
        assert!((b.pes[0].background_load_s - 0.7).abs() < 1e-12);
        assert!((b.pes[1].background_load_s - 0.7).abs() < 1e-12);
        // An array never counts itself.
        let mut again = input(&[(0, 0.2)], 0.0);
        r.add_others(0, None, &mut again, &[1.0, 1.0]);
        assert_eq!(again.pes[0].background_load_s, 0.0);
    }

    #[test]
    fn unusable_records_are_skipped() {
        let mut r = Resident::default();
        let a = input(&[(0, 0.5)], 0.0);
        // A zero-length period gives no share.
        r.record(0, &a, &Mapping { pe_of: vec![1] }, &[0.0, 0.0]);
        let mut b = input(&[(0, 0.2)], 0.0);
        r.add_others(1, None, &mut b, &[1.0, 1.0]);
        assert_eq!(b.pes[1].background_load_s, 0.0);
        // Shares of another PE count (after a restart on more PEs) are ignored.
        r.shares.insert(2, (Instant::now(), vec![0.5; 3]));
        r.add_others(1, None, &mut b, &[1.0, 1.0]);
        assert_eq!(b.pes[0].background_load_s, 0.0);
    }

    #[test]
    fn an_array_that_stopped_balancing_stops_counting() {
        let mut r = Resident::default();
        let a = input(&[(0, 0.5)], 0.0);
        r.record(0, &a, &Mapping { pe_of: vec![0] }, &[1.0, 1.0]);
        let since = Instant::now();
        let mut b = input(&[(1, 0.2)], 0.0);
        // Array 1's previous step came after array 0's last one.
        r.add_others(1, Some(since), &mut b, &[1.0, 1.0]);
        assert_eq!(b.pes[0].background_load_s, 0.0);
        // Array 0 balanced again since: its share counts.
        r.record(0, &a, &Mapping { pe_of: vec![0] }, &[1.0, 1.0]);
        r.add_others(1, Some(since), &mut b, &[1.0, 1.0]);
        assert_eq!(b.pes[0].background_load_s, 0.5);
    }
}
