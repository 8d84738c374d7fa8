//! Simulation time and the total order of events.
//!
//! Every event carries a [`Key`]: its timestamp and a tie-break derived from the
//! sending LP and that LP's send sequence number. Keys are unique, so every engine
//! orders an LP's events the same way whatever the PE count or arrival order.

/// Simulation time. Always finite and non-negative inside the engines.
pub type Time = f64;

/// Identifier of a logical process, `0..lp_count`.
pub type LpId = u32;

/// Largest LP count the tie-break encoding supports (2^28: PHOLD at 10^8
/// LPs across processes fits).
pub const MAX_LPS: u32 = 1 << 28;

/// Bits of the tie-break that hold the sender's send sequence number.
const SEQ_BITS: u32 = 36;
const SEQ_MASK: u64 = (1 << SEQ_BITS) - 1;

/// Most events one LP may send in a run (2^36, about 6.9 * 10^10); the
/// next send is a model error ([`crate::EventFault::TooManySends`]), not a
/// silently repeated key.
pub const MAX_SENDS_PER_LP: u64 = 1 << SEQ_BITS;

/// The position of an event in the global order: timestamp first, then the
/// tie-break `(sender LP << 40) | sender's send sequence`.
///
/// Non-negative `f64` values order like their IEEE bit patterns read as `u64`,
/// so the derived lexicographic order on `(time_bits, tie)` is the time order.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Default)]
pub struct Key {
    /// `f64::to_bits` of the (non-negative) timestamp.
    pub time_bits: u64,
    /// Sender LP and its send sequence number.
    pub tie: u64,
}

impl Key {
    /// Smallest possible key.
    pub const MIN: Key = Key {
        time_bits: 0,
        tie: 0,
    };
    /// Larger than every real key (time = +infinity).
    pub const MAX: Key = Key {
        time_bits: u64::MAX,
        tie: u64::MAX,
    };

    /// Builds the key of an event at `time` sent by `src` as its `seq`-th send.
    #[inline]
    pub fn new(time: Time, src: LpId, seq: u64) -> Key {
        debug_assert!(time >= 0.0 && !time.is_nan());
        Key {
            time_bits: time.to_bits(),
            tie: ((src as u64) << SEQ_BITS) | (seq & SEQ_MASK),
        }
    }

    /// The timestamp (`+inf` for [`Key::MAX`]).
    #[inline]
    pub fn time(&self) -> Time {
        if self.time_bits == u64::MAX {
            f64::INFINITY
        } else {
            f64::from_bits(self.time_bits)
        }
    }

    /// The LP that sent the event.
    #[inline]
    pub fn src(&self) -> LpId {
        (self.tie >> SEQ_BITS) as LpId
    }

    /// The sender's send sequence number (low 36 bits).
    #[inline]
    pub fn seq(&self) -> u64 {
        self.tie & SEQ_MASK
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn time_orders_before_tie() {
        let a = Key::new(1.0, 9, 100);
        let b = Key::new(1.5, 0, 0);
        let c = Key::new(1.0, 9, 101);
        let d = Key::new(1.0, 10, 0);
        assert!(a < b && a < c && c < d && d < b);
        assert!(Key::MIN < a && b < Key::MAX);
    }

    #[test]
    fn fields_round_trip() {
        let k = Key::new(3.25, 12345, 77);
        assert_eq!(k.time(), 3.25);
        assert_eq!(k.src(), 12345);
        assert_eq!(k.seq(), 77);
        assert_eq!(Key::MAX.time(), f64::INFINITY);
        let last = Key::new(1.0, MAX_LPS - 1, MAX_SENDS_PER_LP - 1);
        assert_eq!(
            (last.src(), last.seq()),
            (MAX_LPS - 1, MAX_SENDS_PER_LP - 1)
        );
        assert!(last < Key::new(1.0 + f64::EPSILON, 0, 0));
    }

    #[test]
    fn bit_order_matches_numeric_order_for_non_negative_times() {
        let times = [0.0, 1e-300, 0.1, 1.0, 1.0000000000000002, 2.0, 1e300];
        for w in times.windows(2) {
            assert!(Key::new(w[0], 0, 0) < Key::new(w[1], 0, 0));
        }
    }
}
