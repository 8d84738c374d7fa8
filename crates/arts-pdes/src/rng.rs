//! Per-LP random number streams that roll back with the LP.
//!
//! A stream is counter-based: the `n`-th draw is a fixed function of the stream's
//! key and `n`, so rolling an LP back only means restoring its draw counter. Each
//! LP gets its own stream seeded from the run seed and the LP id (SplitMix64 with a
//! per-stream odd increment, so streams are not shifted copies of each other).

/// The random stream of one LP. Cloning it copies the position in the stream.
#[derive(Clone, Debug)]
pub struct LpRng {
    base: u64,
    gamma: u64,
    draws: u64,
}

const GOLDEN: u64 = 0x9e37_79b9_7f4a_7c15;

/// The SplitMix64 / Stafford variant 13 finalizer.
#[inline]
pub fn mix64(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// An odd increment with enough bit transitions (as in Java's SplittableRandom).
fn mix_gamma(z: u64) -> u64 {
    let mut z = (z ^ (z >> 33)).wrapping_mul(0xff51_afd7_ed55_8ccd);
    z = (z ^ (z >> 33)).wrapping_mul(0xc4ce_b9fe_1a85_ec53);
    z = (z ^ (z >> 33)) | 1;
    if (z ^ (z >> 1)).count_ones() < 24 {
        z ^= 0xaaaa_aaaa_aaaa_aaaa;
    }
    z
}

impl LpRng {
    /// The stream of LP `lp` in a run with seed `seed`.
    pub fn new(seed: u64, lp: u32) -> LpRng {
        let s = mix64(seed ^ GOLDEN);
        let k = mix64(s.wrapping_add((lp as u64 + 1).wrapping_mul(GOLDEN)));
        LpRng {
            base: mix64(k ^ 0x5851_f42d_4c95_7f2d),
            gamma: mix_gamma(k),
            draws: 0,
        }
    }

    /// Next 64 random bits.
    #[inline]
    pub fn next_u64(&mut self) -> u64 {
        self.draws = self.draws.wrapping_add(1);
        mix64(self.base.wrapping_add(self.draws.wrapping_mul(self.gamma)))
    }

    /// Uniform in `[0, 1)`.
    #[inline]
    pub fn unif(&mut self) -> f64 {
        (self.next_u64() >> 11) as f64 * (1.0 / (1u64 << 53) as f64)
    }

    /// Uniform integer in `lo..=hi` (requires `lo <= hi`).
    #[inline]
    pub fn integer(&mut self, lo: u64, hi: u64) -> u64 {
        let span = hi.wrapping_sub(lo).wrapping_add(1);
        if span == 0 {
            return self.next_u64();
        }
        lo + ((self.next_u64() as u128 * span as u128) >> 64) as u64
    }

    /// Exponentially distributed with the given mean (`>= 0`).
    #[inline]
    pub fn exponential(&mut self, mean: f64) -> f64 {
        -mean * (1.0 - self.unif()).ln()
    }

    /// How many draws were made so far: the whole mutable state of the stream.
    #[inline]
    pub fn draws(&self) -> u64 {
        self.draws
    }

    /// Rewinds (or advances) the stream to `draws` draws.
    #[inline]
    pub fn set_draws(&mut self, draws: u64) {
        self.draws = draws;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn streams_are_reproducible_and_distinct() {
        let mut a = LpRng::new(7, 3);
        let mut b = LpRng::new(7, 3);
        let mut c = LpRng::new(7, 4);
        let mut d = LpRng::new(8, 3);
        let va: Vec<u64> = (0..8).map(|_| a.next_u64()).collect();
        let vb: Vec<u64> = (0..8).map(|_| b.next_u64()).collect();
        let vc: Vec<u64> = (0..8).map(|_| c.next_u64()).collect();
        let vd: Vec<u64> = (0..8).map(|_| d.next_u64()).collect();
        assert_eq!(va, vb);
        assert_ne!(va, vc);
        assert_ne!(va, vd);
    }

    #[test]
    fn rewinding_replays_the_same_draws() {
        let mut r = LpRng::new(1, 1);
        r.next_u64();
        let mark = r.draws();
        let x: Vec<f64> = (0..5).map(|_| r.unif()).collect();
        r.set_draws(mark);
        let y: Vec<f64> = (0..5).map(|_| r.unif()).collect();
        assert_eq!(x, y);
    }

    #[test]
    fn distributions_have_the_right_range_and_mean() {
        let mut r = LpRng::new(42, 0);
        let n = 200_000;
        let mut sum = 0.0;
        for _ in 0..n {
            let u = r.unif();
            assert!((0.0..1.0).contains(&u));
            let k = r.integer(3, 5);
            assert!((3..=5).contains(&k));
            sum += r.exponential(2.0);
        }
        let mean = sum / n as f64;
        assert!((mean - 2.0).abs() < 0.05, "exponential mean {mean}");
    }
}
