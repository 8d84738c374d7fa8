//! Limits checked before a run starts, so that a request the machine cannot
//! serve fails at once with a message instead of aborting (or swapping)
//! half-way: the PEs one process may host, and the memory a run may use.

use thiserror::Error;

/// The most PEs (threads) one process hosts; more need more processes.
pub const MAX_PES_PER_PROCESS: u32 = 16_000;

/// A request over a limit, with what it would need.
#[derive(Clone, Debug, PartialEq, Error)]
pub enum LimitError {
    /// The run would need more memory than it may use.
    #[error(
        "{what} needs about {} but {} {limit_kind} (set --max-memory to change the limit)",
        human_bytes(*need),
        human_bytes(*limit)
    )]
    Memory {
        /// What was estimated (e.g. "a 100000x100000 grid").
        what: String,
        /// Estimated bytes.
        need: u64,
        /// Bytes it may use.
        limit: u64,
        /// Where the limit comes from ("are available", "is the limit").
        limit_kind: &'static str,
    },
    /// More PEs in one process than [`MAX_PES_PER_PROCESS`].
    #[error(
        "{pes} PEs in one process is too many (1..={MAX_PES_PER_PROCESS} accepted; use more processes)"
    )]
    Pes {
        /// PEs asked for.
        pes: u64,
    },
}

/// The memory the runtime itself holds for a run of `elements` elements on
/// `pes` PEs of this process, beside what the elements keep: the process
/// (40 MiB), each element's slot, measurements, location entry and the
/// messages a step keeps in flight (1.5 KiB; measured 1.0–1.35 KiB with
/// jacobi2d's four halo messages a step), each PE's thread, queues and
/// tables (48 KiB; measured 47 KiB from 500 to 2,000 PEs).
pub fn runtime_bytes(elements: u64, pes: u64) -> u64 {
    mul(&[elements, 1536])
        .saturating_add(mul(&[pes, 48 << 10]))
        .saturating_add(40 << 20)
}

/// The memory a recording (`--record`) or trace (`--trace`) of `events`
/// entry methods holds until it is written: 384 bytes an event (measured:
/// 0.96 M events of jacobi2d, 3,000 steps of 64 blocks, peaked at 333 MB).
pub fn recording_bytes(events: u64) -> u64 {
    mul(&[events, 384])
}

/// The memory a recording holds per execution or message it notes, until
/// it is written (measured: 1,000 steps of jacobi2d's 64 blocks noted
/// 576,064, and raised the peak by 118 MB, 205 bytes each): what bounds
/// a recording while it runs (`Config::record_max_events`).
pub const RECORDING_BYTES_PER_NOTE: u64 = 224;

/// Checks a PE count for one process.
pub fn check_pes(pes: u64) -> Result<(), LimitError> {
    if pes == 0 || pes > MAX_PES_PER_PROCESS as u64 {
        return Err(LimitError::Pes { pes });
    }
    Ok(())
}

/// How much memory a run may use: an explicit limit, or what the machine
/// has available now.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MemoryBudget {
    /// Bytes.
    pub bytes: u64,
    /// Whether the user set it (else it is the memory available now).
    pub explicit: bool,
}

impl MemoryBudget {
    /// `limit` if given, else the memory available now (`MemAvailable` of
    /// `/proc/meminfo`; without it, no limit).
    pub fn new(limit: Option<u64>) -> MemoryBudget {
        match limit {
            Some(bytes) => MemoryBudget {
                bytes,
                explicit: true,
            },
            None => MemoryBudget {
                bytes: available_memory().unwrap_or(u64::MAX),
                explicit: false,
            },
        }
    }

    /// Refuses `need` bytes for `what` if they exceed the budget.
    pub fn check(&self, what: impl Into<String>, need: u64) -> Result<(), LimitError> {
        if need <= self.bytes {
            return Ok(());
        }
        Err(LimitError::Memory {
            what: what.into(),
            need,
            limit: self.bytes,
            limit_kind: if self.explicit {
                "is the limit"
            } else {
                "are available"
            },
        })
    }
}

/// The memory available to new allocations now, in bytes (Linux's
/// `MemAvailable`), or `None` where it cannot be read.
pub fn available_memory() -> Option<u64> {
    let info = std::fs::read_to_string("/proc/meminfo").ok()?;
    parse_mem_available(&info)
}

fn parse_mem_available(meminfo: &str) -> Option<u64> {
    let line = meminfo.lines().find(|l| l.starts_with("MemAvailable:"))?;
    let kib: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    kib.checked_mul(1024)
}

/// Parses a size such as `512M`, `24G`, `1.5GiB` or `1000000` (bytes).
pub fn parse_bytes(s: &str) -> Result<u64, String> {
    let t = s.trim();
    let split = t
        .find(|c: char| !(c.is_ascii_digit() || c == '.'))
        .unwrap_or(t.len());
    let (num, unit) = t.split_at(split);
    let scale: u64 = match unit.trim().to_ascii_lowercase().as_str() {
        "" | "b" => 1,
        "k" | "kb" | "kib" => 1 << 10,
        "m" | "mb" | "mib" => 1 << 20,
        "g" | "gb" | "gib" => 1 << 30,
        "t" | "tb" | "tib" => 1 << 40,
        _ => return Err(format!("`{s}` is not a size (e.g. 512M, 24G, 1000000)")),
    };
    let v: f64 = num
        .parse()
        .map_err(|_| format!("`{s}` is not a size (e.g. 512M, 24G, 1000000)"))?;
    let bytes = v * scale as f64;
    if !(bytes.is_finite() && bytes >= 1.0 && bytes < u64::MAX as f64) {
        return Err(format!("`{s}` is out of range (1 byte to 16 EiB)"));
    }
    Ok(bytes as u64)
}

/// `1536` → `"1.5 KiB"`.
pub fn human_bytes(b: u64) -> String {
    const UNITS: [&str; 6] = ["bytes", "KiB", "MiB", "GiB", "TiB", "PiB"];
    let mut v = b as f64;
    let mut u = 0;
    while v >= 1024.0 && u + 1 < UNITS.len() {
        v /= 1024.0;
        u += 1;
    }
    if u == 0 {
        format!("{b} bytes")
    } else {
        format!("{v:.1} {}", UNITS[u])
    }
}

/// Multiplies sizes, saturating at `u64::MAX` (an estimate that large is
/// refused anyway).
pub fn mul(factors: &[u64]) -> u64 {
    factors.iter().fold(1u64, |a, &b| a.saturating_mul(b))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn budgets_refuse_what_exceeds_them_naming_both_sizes() {
        let b = MemoryBudget::new(Some(1 << 30));
        assert!(b.check("a grid", 1 << 29).is_ok());
        let e = b
            .check("a 100000x100000 grid", 160_000_000_000)
            .unwrap_err();
        let text = e.to_string();
        assert!(
            text.contains("149.0 GiB") && text.contains("1.0 GiB is the limit"),
            "{text}"
        );
        assert!(MemoryBudget::new(None).bytes > 0);
    }

    #[test]
    fn sizes_parse_with_units_and_refuse_nonsense() {
        assert_eq!(parse_bytes("1000").unwrap(), 1000);
        assert_eq!(parse_bytes("512M").unwrap(), 512 << 20);
        assert_eq!(parse_bytes("1.5GiB").unwrap(), 3 << 29);
        for bad in ["", "-1G", "1X", "inf", "0", "1e30G"] {
            assert!(parse_bytes(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn mem_available_is_read_in_bytes() {
        let info = "MemTotal: 100 kB\nMemAvailable:   2048 kB\n";
        assert_eq!(parse_mem_available(info), Some(2 << 20));
        assert_eq!(parse_mem_available("MemTotal: 1 kB\n"), None);
        assert_eq!(mul(&[u64::MAX, 2]), u64::MAX);
    }

    #[test]
    fn pe_counts_have_one_limit() {
        assert!(check_pes(1).is_ok());
        assert!(check_pes(MAX_PES_PER_PROCESS as u64).is_ok());
        let e = check_pes(100_000).unwrap_err().to_string();
        assert!(e.contains("1..=16000"), "{e}");
        assert!(check_pes(0).is_err());
    }
}
