//! The sequential reference: a plain triple loop, written independently of the
//! run-based kernel but with the same arithmetic, so results match bit for bit.

use std::time::{Duration, Instant};

use super::field::Field;

/// Runs `steps` steps on one thread; returns the final grid and step times.
pub fn run_reference(n: usize, steps: usize, alpha: f64) -> (Field, Vec<Duration>) {
    let mut cur = Field::initial(n);
    let mut next = cur.clone();
    let nn = n * n;
    let mut times = Vec::with_capacity(steps);
    for _ in 0..steps {
        let t0 = Instant::now();
        let (src, dst) = (&cur.data, &mut next.data);
        for z in 1..n - 1 {
            for y in 1..n - 1 {
                for x in 1..n - 1 {
                    let i = (z * n + y) * n + x;
                    let u = src[i];
                    let lap = (src[i - 1] + src[i + 1])
                        + (src[i - n] + src[i + n])
                        + (src[i - nn] + src[i + nn])
                        - 6.0 * u;
                    dst[i] = u + alpha * lap;
                }
            }
        }
        std::mem::swap(&mut cur, &mut next);
        times.push(t0.elapsed());
    }
    (cur, times)
}
