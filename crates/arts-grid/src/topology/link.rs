//! The wide-area link between two clusters beyond its latency: its
//! bandwidth and the time each message occupies it before its bytes (the
//! per-message overhead). Rates and overheads are read here, from a flag
//! (`1Gbit/s`, `50us`) or a topology file (`bandwidth_mbit_s`,
//! `overhead_us`), with one accepted range for both.

use std::time::Duration;

/// The lowest bandwidth accepted, bit/s (1 kbit/s: a 1 MiB message would
/// take over two hours).
pub const MIN_BANDWIDTH_BIT_S: f64 = 1e3;
/// The highest bandwidth accepted, bit/s (1 Tbit/s).
pub const MAX_BANDWIDTH_BIT_S: f64 = 1e12;
/// The longest per-message overhead accepted, µs (1 s).
pub const MAX_OVERHEAD_US: f64 = 1e6;

/// Whether `bits_per_s` is an accepted bandwidth: finite, from
/// [`MIN_BANDWIDTH_BIT_S`] to [`MAX_BANDWIDTH_BIT_S`].
pub fn bandwidth_accepted(bits_per_s: f64) -> bool {
    (MIN_BANDWIDTH_BIT_S..=MAX_BANDWIDTH_BIT_S).contains(&bits_per_s)
}

/// Whether `us` is an accepted per-message overhead, µs: above 0, at most
/// [`MAX_OVERHEAD_US`] (no overhead is given by leaving it out).
pub fn overhead_accepted(us: f64) -> bool {
    us > 0.0 && us <= MAX_OVERHEAD_US
}

/// What a bandwidth accepts, for messages.
pub const BANDWIDTH_ACCEPTED: &str =
    "a rate from 1kbit/s to 1Tbit/s with a unit, like 1Gbit/s, 100Mbit/s or 125MB/s";

/// Units of a rate (longest first): the suffix and bits per unit.
const UNITS: [(&str, f64); 5] = [
    ("bit/s", 1.0),
    ("bps", 1.0),
    ("b/s", 1.0),
    ("B/s", 8.0),
    ("Bps", 8.0),
];

/// Prefixes of a unit (two letters first) and their factor.
const PREFIXES: [(&str, f64); 9] = [
    ("Ki", 1024.0),
    ("Mi", 1_048_576.0),
    ("Gi", 1_073_741_824.0),
    ("Ti", 1_099_511_627_776.0),
    ("k", 1e3),
    ("K", 1e3),
    ("M", 1e6),
    ("G", 1e9),
    ("T", 1e12),
];

/// Parses a bandwidth with a unit into bit/s: `1Gbit/s`, `100Mbit/s`,
/// `125MB/s` (bytes), `10Gbps`, `1GiB/s`; prefixes k/K, M, G, T (powers
/// of 1000) and Ki, Mi, Gi, Ti (powers of 1024); `b`/`bit` are bits and
/// `B` bytes. Refuses zero, negative values, non-numbers and rates outside
/// 1 kbit/s to 1 Tbit/s, with one line saying what is accepted.
pub fn parse_bandwidth(s: &str) -> Result<f64, String> {
    let t = s.trim();
    let Some((rest, per_unit)) = UNITS
        .iter()
        .find_map(|&(u, bits)| t.strip_suffix(u).map(|r| (r, bits)))
    else {
        return Err(format!("'{s}' needs a unit; {BANDWIDTH_ACCEPTED}"));
    };
    let (num, factor) = PREFIXES
        .iter()
        .find_map(|&(p, f)| rest.strip_suffix(p).map(|r| (r, f)))
        .unwrap_or((rest, 1.0));
    let bits = match num.trim().parse::<f64>() {
        Ok(v) if v.is_finite() => v * factor * per_unit,
        _ => {
            return Err(format!(
                "'{s}' is not a number with a unit; {BANDWIDTH_ACCEPTED}"
            ));
        }
    };
    if bandwidth_accepted(bits) {
        Ok(bits)
    } else {
        Err(format!("'{s}' is out of range; {BANDWIDTH_ACCEPTED}"))
    }
}

/// Checks a per-message overhead: above 0 and at most 1 s.
pub fn check_overhead(overhead: Duration) -> Result<Duration, String> {
    let us = overhead.as_secs_f64() * 1e6;
    if overhead_accepted(us) {
        Ok(overhead)
    } else {
        Err(format!(
            "{us} us is out of range; a per-message overhead above 0 and at most 1s accepted \
             (e.g. 50us, 0.2ms)"
        ))
    }
}

/// A bandwidth for humans: `1 Gbit/s`, `100 Mbit/s`, `2.5 kbit/s`.
pub fn format_bandwidth(bits_per_s: f64) -> String {
    let (v, unit) = [
        (1e12, "Tbit/s"),
        (1e9, "Gbit/s"),
        (1e6, "Mbit/s"),
        (1e3, "kbit/s"),
    ]
    .into_iter()
    .find(|&(f, _)| bits_per_s >= f)
    .map_or((bits_per_s, "bit/s"), |(f, u)| (bits_per_s / f, u));
    format!("{} {unit}", (v * 1000.0).round() / 1000.0)
}

/// What one directed cluster pair's link costs a message beyond its
/// latency: it occupies the link for `overhead + bytes × 8 ÷ bandwidth`.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct LinkCost {
    /// Bandwidth, bit/s; `None`: unlimited (bytes cost nothing).
    pub bits_per_s: Option<f64>,
    /// Time every message occupies the link before its bytes.
    pub overhead: Duration,
}

impl LinkCost {
    /// Whether the link costs anything (a bandwidth or an overhead).
    pub fn costs(&self) -> bool {
        self.bits_per_s.is_some() || !self.overhead.is_zero()
    }

    /// How long a message of `bytes` occupies the link, ns.
    pub fn occupancy_ns(&self, bytes: u64) -> u64 {
        let transfer = self
            .bits_per_s
            .map_or(0.0, |b| (bytes as f64 * 8.0 * 1e9 / b).round());
        self.overhead.as_nanos() as u64 + transfer as u64
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rates_take_bits_bytes_and_prefixes() {
        let ok = [
            ("1Gbit/s", 1e9),
            ("100Mbit/s", 1e8),
            ("125MB/s", 1e9),
            (" 10 Gbps ", 1e10),
            ("2.5kbit/s", 2500.0),
            ("1Kb/s", 1000.0),
            ("1GiB/s", 8.0 * 1_073_741_824.0),
            ("1Tbit/s", 1e12),
            ("125GB/s", 1e12),
            ("1000bit/s", 1e3),
        ];
        for (s, bits) in ok {
            assert_eq!(parse_bandwidth(s), Ok(bits), "{s}");
        }
    }

    #[test]
    fn bad_rates_are_refused_saying_what_is_accepted() {
        for (s, why) in [
            ("0Gbit/s", "out of range"),
            ("0bit/s", "out of range"),
            ("-1Gbit/s", "out of range"),
            ("1.1Tbit/s", "out of range"),
            ("1TB/s", "out of range"),
            ("999bit/s", "out of range"),
            ("NaNGbit/s", "not a number"),
            ("infGbit/s", "not a number"),
            ("fastGbit/s", "not a number"),
            ("Gbit/s", "not a number"),
            ("1G", "needs a unit"),
            ("1000", "needs a unit"),
            ("1Gbit", "needs a unit"),
            ("", "needs a unit"),
        ] {
            let err = parse_bandwidth(s).unwrap_err();
            assert!(
                err.contains(why) && err.contains("1kbit/s to 1Tbit/s"),
                "{s}: {err}"
            );
            assert_eq!(err.lines().count(), 1);
        }
    }

    #[test]
    fn overheads_are_positive_and_at_most_a_second() {
        assert!(check_overhead(Duration::from_micros(50)).is_ok());
        assert!(check_overhead(Duration::from_secs(1)).is_ok());
        assert!(check_overhead(Duration::ZERO).is_err());
        let err = check_overhead(Duration::from_millis(1001)).unwrap_err();
        assert!(err.contains("at most 1s"), "{err}");
    }

    #[test]
    fn occupancy_is_overhead_plus_bytes_over_bandwidth() {
        let gbit = LinkCost {
            bits_per_s: Some(1e9),
            overhead: Duration::ZERO,
        };
        // 1 MiB at 1 Gbit/s: 8,388,608 bits, 8.388608 ms.
        assert_eq!(gbit.occupancy_ns(1 << 20), 8_388_608);
        let both = LinkCost {
            overhead: Duration::from_micros(50),
            ..gbit
        };
        assert_eq!(both.occupancy_ns(125), 51_000);
        assert!(!LinkCost::default().costs());
        assert_eq!(LinkCost::default().occupancy_ns(1 << 30), 0);
        assert_eq!(format_bandwidth(1e9), "1 Gbit/s");
        assert_eq!(format_bandwidth(2.5e3), "2.5 kbit/s");
        assert_eq!(format_bandwidth(1e12), "1 Tbit/s");
    }
}
