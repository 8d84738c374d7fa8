//! Communication workloads, as messages between application cells (ranks):
//!
//! * `ljs`: one LJS communication stage (Upchurch et al., sec. 3.2.5): every
//!   cell sends one message to each of its 6 neighbours of the periodic
//!   logical grid (which has the torus's dimensions). Sizes per direction
//!   are the paper's 64-CPU, 200³ table (480,000 / 360,000 B along the first
//!   exchanged dimension, 513,600 / 385,200 along the second, 549,552 /
//!   412,152 along the third; mean 450,084 B ≈ 1,758 packets of 256 B),
//!   scaled by `(atoms / 500,000)^(2/3)` (messages follow the cell surface).
//! * `random`: every cell sends `messages` messages of `bytes` bytes to
//!   uniformly random other cells.
//! * `trace`: a CSV file `time_s,source,destination,bytes` (the format of the
//!   arts runtime's `--comm-trace`), one message per line.

use crate::rng::LpRng;

use super::TorusError;

/// One application message.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct AppMessage {
    /// When the source posts it, in picoseconds.
    pub time_ps: u64,
    /// Source cell.
    pub src: u32,
    /// Destination cell.
    pub dst: u32,
    /// Payload bytes.
    pub bytes: u64,
}

/// Which workload to generate.
#[derive(Clone, Debug, PartialEq)]
pub enum WorkloadSpec {
    /// One LJS communication stage with this many atoms per cell.
    Ljs {
        /// Atoms per cell (the paper traced 500,000).
        atoms: f64,
    },
    /// Uniform random destinations.
    Random {
        /// Messages per cell.
        messages: u32,
        /// Bytes per message.
        bytes: u64,
    },
    /// A communication trace (CSV).
    Trace {
        /// File name used in error messages.
        name: String,
        /// File contents.
        text: String,
    },
}

/// LJS message bytes per logical direction (`+x, -x, +y, -y, +z, -z`) at
/// 500,000 atoms per cell: the paper's 64-CPU table, third / second / first
/// exchanged dimension on x / y / z.
pub const LJS_BYTES: [u64; 6] = [412_152, 549_552, 385_200, 513_600, 360_000, 480_000];

/// Atoms per cell of the traced LJS configuration (50³ × 4).
pub const LJS_ATOMS: f64 = 500_000.0;

/// Largest accepted message (1 TiB), time (1 hour) and message count
/// (the model keeps ~40 bytes per message).
const MAX_BYTES: u64 = 1 << 40;
const MAX_TIME_S: f64 = 3600.0;
/// Most messages a workload may have.
pub(super) const MAX_MESSAGES: u64 = 1 << 26;

/// Salt of the random workload's streams.
const SALT: u64 = 0x776f_726b_6c6f_6164;

/// LJS message sizes for `atoms` atoms per cell.
pub fn ljs_bytes(atoms: f64) -> [u64; 6] {
    let f = (atoms / LJS_ATOMS).powf(2.0 / 3.0);
    LJS_BYTES.map(|b| (b as f64 * f).round().max(1.0) as u64)
}

/// Generates the messages of `spec` for cells laid out on a periodic grid of
/// `dims` (cell id `x + X·(y + Y·z)`).
pub(super) fn generate(
    spec: &WorkloadSpec,
    dims: [u32; 3],
    seed: u64,
) -> Result<Vec<AppMessage>, TorusError> {
    let cells = dims.iter().product::<u32>();
    match spec {
        WorkloadSpec::Ljs { atoms } => {
            if !atoms.is_finite() || *atoms < 1.0 {
                return Err(TorusError::Param(format!(
                    "--ljs-atoms {atoms}: must be a number >= 1"
                )));
            }
            let sizes = ljs_bytes(*atoms);
            let topo = super::topology::Topology::new(dims)?;
            let mut out = Vec::with_capacity(cells as usize * 6);
            for c in 0..cells {
                for (d, &bytes) in sizes.iter().enumerate() {
                    out.push(AppMessage {
                        time_ps: 0,
                        src: c,
                        dst: topo.neighbor(c, d),
                        bytes,
                    });
                }
            }
            Ok(out)
        }
        WorkloadSpec::Random { messages, bytes } => {
            if *bytes > MAX_BYTES {
                return Err(TorusError::Param(format!(
                    "--random-bytes {bytes}: at most {MAX_BYTES}"
                )));
            }
            let total = cells as u64 * *messages as u64;
            if total > MAX_MESSAGES {
                return Err(TorusError::Param(format!(
                    "--random-messages {messages}: {total} messages in all; at most {MAX_MESSAGES}"
                )));
            }
            let mut out = Vec::with_capacity(total as usize);
            for c in 0..cells {
                let mut rng = LpRng::new(seed ^ SALT, c);
                for _ in 0..*messages {
                    // Uniform over the other cells.
                    let mut dst = rng.integer(0, cells as u64 - 2) as u32;
                    if dst >= c {
                        dst += 1;
                    }
                    out.push(AppMessage {
                        time_ps: 0,
                        src: c,
                        dst,
                        bytes: *bytes,
                    });
                }
            }
            Ok(out)
        }
        WorkloadSpec::Trace { name, text } => parse_trace(name, text, cells),
    }
}

/// Parses a CSV trace `time_s,source,destination,bytes` for `cells` cells.
/// The header line is required; blank lines and lines starting with `#` are
/// skipped. Errors name the file line.
pub(super) fn parse_trace(
    name: &str,
    text: &str,
    cells: u32,
) -> Result<Vec<AppMessage>, TorusError> {
    let bad = |line: usize, msg: String| TorusError::Input {
        file: name.to_string(),
        line,
        msg,
    };
    let mut lines = text
        .lines()
        .enumerate()
        .map(|(i, l)| (i + 1, l.trim()))
        .filter(|(_, l)| !l.is_empty() && !l.starts_with('#'));
    let Some((hline, header)) = lines.next() else {
        return Err(bad(
            1,
            "empty trace: expected the header time_s,source,destination,bytes".into(),
        ));
    };
    let cols: Vec<&str> = header.split(',').map(str::trim).collect();
    if cols != ["time_s", "source", "destination", "bytes"] {
        return Err(bad(
            hline,
            format!("header '{header}': expected time_s,source,destination,bytes"),
        ));
    }
    let mut out = Vec::new();
    for (line, l) in lines {
        let f: Vec<&str> = l.split(',').map(str::trim).collect();
        if f.len() != 4 {
            return Err(bad(
                line,
                format!(
                    "{} fields; expected 4 (time_s,source,destination,bytes)",
                    f.len()
                ),
            ));
        }
        let time: f64 = f[0]
            .parse()
            .map_err(|_| bad(line, format!("time_s '{}' is not a number", f[0])))?;
        if !time.is_finite() || !(0.0..=MAX_TIME_S).contains(&time) {
            return Err(bad(
                line,
                format!("time_s {time}: must be between 0 and {MAX_TIME_S} seconds"),
            ));
        }
        let rank = |s: &str, what: &str| -> Result<u32, TorusError> {
            let v: i64 = s
                .parse()
                .map_err(|_| bad(line, format!("{what} '{s}' is not an integer rank")))?;
            if v < 0 || v >= cells as i64 {
                return Err(bad(
                    line,
                    format!("{what} {v} is not a node of this torus (ranks 0..{cells})"),
                ));
            }
            Ok(v as u32)
        };
        let src = rank(f[1], "source")?;
        let dst = rank(f[2], "destination")?;
        let bytes: i64 = f[3]
            .parse()
            .map_err(|_| bad(line, format!("bytes '{}' is not an integer", f[3])))?;
        if bytes < 0 {
            return Err(bad(line, format!("negative message size {bytes}")));
        }
        if bytes as u64 > MAX_BYTES {
            return Err(bad(
                line,
                format!("message size {bytes}: at most {MAX_BYTES}"),
            ));
        }
        out.push(AppMessage {
            time_ps: (time * 1e12).round() as u64,
            src,
            dst,
            bytes: bytes as u64,
        });
        if out.len() as u64 > MAX_MESSAGES {
            return Err(bad(line, format!("more than {MAX_MESSAGES} messages")));
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ljs_matches_the_paper_sizes() {
        let m = generate(&WorkloadSpec::Ljs { atoms: LJS_ATOMS }, [4, 4, 4], 1).unwrap();
        assert_eq!(m.len(), 64 * 6);
        let total: u64 = m.iter().map(|x| x.bytes).sum();
        let mean = total as f64 / m.len() as f64;
        assert!((mean - 450_084.0).abs() < 1.0);
        let packets: u64 = LJS_BYTES.iter().map(|b| b.div_ceil(256)).sum();
        assert!((packets as f64 / 6.0 - 1758.0).abs() < 2.0, "{packets}");
        // Cell 0 sends to its six neighbours.
        let dst: Vec<u32> = m[..6].iter().map(|x| x.dst).collect();
        assert_eq!(dst, vec![1, 3, 4, 12, 16, 48]);
        // Surface scaling: 8x fewer atoms, 4x smaller messages.
        let s = ljs_bytes(LJS_ATOMS / 8.0);
        assert_eq!(s[0], (LJS_BYTES[0] as f64 / 4.0).round() as u64);
    }

    #[test]
    fn random_destinations_are_other_cells() {
        let spec = WorkloadSpec::Random {
            messages: 50,
            bytes: 1000,
        };
        let m = generate(&spec, [4, 4, 2], 3).unwrap();
        assert_eq!(m.len(), 32 * 50);
        assert!(m.iter().all(|x| x.src != x.dst && x.dst < 32));
        assert_eq!(m, generate(&spec, [4, 4, 2], 3).unwrap());
        assert_ne!(m, generate(&spec, [4, 4, 2], 4).unwrap());
    }

    #[test]
    fn traces_are_parsed_and_bad_lines_named() {
        let t = "time_s,source,destination,bytes\n# comment\n0.5e-3,1,2,4096\n\n0,3,0,0\n";
        let m = parse_trace("t.csv", t, 4).unwrap();
        assert_eq!(m.len(), 2);
        assert_eq!(m[0].time_ps, 500_000_000);
        assert_eq!((m[0].src, m[0].dst, m[0].bytes), (1, 2, 4096));
        let err = |text: &str| parse_trace("t.csv", text, 4).unwrap_err().to_string();
        let h = "time_s,source,destination,bytes\n";
        assert!(err(&format!("{h}0,1,7,10\n")).contains("t.csv line 2"));
        assert!(err(&format!("{h}0,1,7,10\n")).contains("not a node"));
        assert!(err(&format!("{h}0,1,2,10\n0,1,2,-5\n")).contains("line 3"));
        assert!(err(&format!("{h}0,1,2,-5\n")).contains("negative"));
        assert!(err(&format!("{h}-1,1,2,5\n")).contains("time_s"));
        assert!(err(&format!("{h}0,1,2\n")).contains("3 fields"));
        assert!(err("a,b,c,d\n").contains("header"));
        assert!(err("").contains("empty"));
    }
}
