//! The `"external32"` data representation (MPI 4.0 §13.5.2): every basic
//! element big-endian at the standard's size, what `MPI_Pack_external`
//! writes and an `"external32"` file view stores.
//!
//! A type's packed bytes here are its type map's basic elements in order
//! ([`TypeInfo::runs`]), so conversion walks those runs element by
//! element. Most elements keep their size and change byte order only;
//! C's `long` is 4 bytes there and `wchar_t` 2 (the standard's table, as
//! MPICH has it; Open MPI keeps `wchar_t` at 4), and a `long double`, x87's
//! 80-bit format on x86-64, is IEEE's binary128 there.
//!
//! [`TypeInfo::runs`]: crate::types::layout::TypeInfo

/// One basic element of a type map: its bytes here and how
/// `"external32"` stores it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Basic {
    /// Bytes here.
    pub size: usize,
    /// Its form in `"external32"`.
    pub wire: Wire,
}

/// How `"external32"` stores a basic element.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Wire {
    /// The same bytes, big-endian by words of this many bytes (a complex
    /// number has two words).
    Swapped(usize),
    /// An integer stored in fewer bytes (C's `long`: 4, `wchar_t`: 2),
    /// sign-extended when read back if `signed`.
    Narrow { bytes: usize, signed: bool },
    /// `long double`s (one, or a complex number's two), each IEEE
    /// binary128.
    Quad,
}

impl Basic {
    /// A number of `size` bytes stored big-endian, one word.
    pub(crate) const fn number(size: usize) -> Basic {
        Basic {
            size,
            wire: Wire::Swapped(size),
        }
    }

    /// Bytes in `"external32"`.
    pub(crate) fn wire_size(self) -> usize {
        match self.wire {
            Wire::Narrow { bytes, .. } => bytes,
            Wire::Swapped(_) | Wire::Quad => self.size,
        }
    }
}

/// The `"external32"` bytes of `count` elements whose basic elements are
/// `runs` (`(element, how many)`, in type-map order).
pub(crate) fn size(runs: &[(Basic, usize)], count: usize) -> usize {
    count * runs.iter().map(|&(b, n)| b.wire_size() * n).sum::<usize>()
}

/// Whether every basic element of `runs` has its size here in
/// `"external32"` too (then a file view lays out alike in both).
pub(crate) fn same_sizes(runs: &[(Basic, usize)]) -> bool {
    runs.iter().all(|&(b, _)| b.wire_size() == b.size)
}

/// Appends to `out` packed elements `native` (whose basic elements are
/// `runs`, over and over) in `"external32"`; stops at the first basic
/// element `native` does not hold whole.
pub(crate) fn encode(runs: &[(Basic, usize)], native: &[u8], out: &mut Vec<u8>) {
    walk(runs, native.len(), |b, at| {
        let here = &native[at..at + b.size];
        match b.wire {
            Wire::Swapped(word) => {
                for w in here.chunks(word) {
                    out.extend(w.iter().rev());
                }
            }
            Wire::Narrow { bytes, .. } => {
                let v = u64::from_le_bytes(widened(here, false));
                out.extend_from_slice(&v.to_be_bytes()[8 - bytes..]);
            }
            Wire::Quad => {
                for q in here.chunks(16) {
                    out.extend_from_slice(&quad::from_native(q).to_be_bytes());
                }
            }
        }
        b.wire_size()
    });
}

/// Converts `"external32"` bytes `wire` into packed elements `native`
/// (whose basic elements are `runs`, over and over), as many basic
/// elements as both hold whole; returns the bytes of `wire` used.
pub(crate) fn decode(runs: &[(Basic, usize)], wire: &[u8], native: &mut [u8]) -> usize {
    let mut used = 0;
    walk(runs, native.len(), |b, at| {
        let n = b.wire_size();
        let Some(from) = wire.get(used..used + n) else {
            return 0;
        };
        let here = &mut native[at..at + b.size];
        match b.wire {
            Wire::Swapped(word) => {
                for (w, f) in here.chunks_mut(word).zip(from.chunks(word)) {
                    w.iter_mut().zip(f.iter().rev()).for_each(|(w, f)| *w = *f);
                }
            }
            Wire::Narrow { signed, .. } => {
                let mut be = from.to_vec();
                be.reverse();
                let v = widened(&be, signed);
                here.copy_from_slice(&v[..b.size]);
            }
            Wire::Quad => {
                for (w, f) in here.chunks_mut(16).zip(from.chunks(16)) {
                    let q = u128::from_be_bytes(f.try_into().expect("16 bytes"));
                    w.copy_from_slice(&quad::to_native(q));
                }
            }
        }
        used += n;
        n
    });
    used
}

/// Calls `each(element, offset)` for every basic element of `runs`, over
/// and over, that lies whole in `len` packed bytes, until it returns 0.
fn walk(runs: &[(Basic, usize)], len: usize, mut each: impl FnMut(Basic, usize) -> usize) {
    if runs.iter().all(|&(b, n)| b.size * n == 0) {
        return;
    }
    let mut at = 0;
    loop {
        for &(b, n) in runs {
            for _ in 0..n {
                if at + b.size > len || each(b, at) == 0 {
                    return;
                }
                at += b.size;
            }
        }
    }
}

/// Little-endian integer `bytes` (at most 8) widened to 8 bytes, with its
/// sign if `signed`.
fn widened(bytes: &[u8], signed: bool) -> [u8; 8] {
    let negative = signed && bytes.last().is_some_and(|&top| top & 0x80 != 0);
    let mut v = [if negative { 0xff } else { 0 }; 8];
    v[..bytes.len()].copy_from_slice(bytes);
    v
}

/// `long double` and IEEE binary128 (the bits of a `u128`).
mod quad {
    /// The binary128 bits of the `long double` in `bytes` (16 here).
    #[cfg(target_arch = "x86_64")]
    pub(super) fn from_native(bytes: &[u8]) -> u128 {
        // x87: a 64-bit significand with its integer bit, then sign and a
        // 15-bit exponent of binary128's bias. A subnormal (exponent 0)
        // keeps its bits: shifted into place they are the same value.
        let mantissa = u64::from_le_bytes(bytes[..8].try_into().expect("8 bytes"));
        let top = u16::from_le_bytes([bytes[8], bytes[9]]);
        let exponent = u128::from(top & 0x7fff);
        let fraction = match exponent {
            0 => u128::from(mantissa) << 49,
            _ => u128::from(mantissa & !(1 << 63)) << 49,
        };
        (u128::from(top >> 15) << 127) | ((exponent << 112) + fraction)
    }

    /// The 16 bytes of the `long double` with binary128 bits `q`
    /// (significand bits beyond x87's 64 are dropped).
    #[cfg(target_arch = "x86_64")]
    pub(super) fn to_native(q: u128) -> [u8; 16] {
        let exponent = ((q >> 112) & 0x7fff) as u16;
        let fraction = q & ((1 << 112) - 1);
        let mut mantissa = (fraction >> 49) as u64;
        if exponent != 0 {
            mantissa |= 1 << 63;
        }
        if exponent == 0x7fff && fraction != 0 && mantissa << 1 == 0 {
            mantissa |= 1 << 62; // a NaN stays one
        }
        let top = exponent | (((q >> 127) as u16) << 15);
        let mut out = [0; 16];
        out[..8].copy_from_slice(&mantissa.to_le_bytes());
        out[8..10].copy_from_slice(&top.to_le_bytes());
        out
    }

    /// The binary128 bits of the `long double` in `bytes` (it is one here).
    #[cfg(not(target_arch = "x86_64"))]
    pub(super) fn from_native(bytes: &[u8]) -> u128 {
        u128::from_le_bytes(bytes.try_into().expect("16 bytes"))
    }

    /// The 16 bytes of the `long double` with binary128 bits `q`.
    #[cfg(not(target_arch = "x86_64"))]
    pub(super) fn to_native(q: u128) -> [u8; 16] {
        q.to_le_bytes()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const INT: Basic = Basic::number(4);
    const LONG: Basic = Basic {
        size: 8,
        wire: Wire::Narrow {
            bytes: 4,
            signed: true,
        },
    };

    fn both_ways(runs: &[(Basic, usize)], native: &[u8]) -> Vec<u8> {
        let mut wire = Vec::new();
        encode(runs, native, &mut wire);
        let mut back = vec![0; native.len()];
        assert_eq!(decode(runs, &wire, &mut back), wire.len());
        assert_eq!(back, native, "read back as it was");
        wire
    }

    #[test]
    fn numbers_go_big_endian_and_long_narrows_to_four_bytes() {
        let mut native = 258i32.to_le_bytes().to_vec();
        native.extend((-2i64).to_le_bytes());
        let wire = both_ways(&[(INT, 1), (LONG, 1)], &native);
        assert_eq!(wire, [0, 0, 1, 2, 0xff, 0xff, 0xff, 0xfe]);
        assert_eq!(size(&[(INT, 1), (LONG, 1)], 3), 24);
        let complex = Basic {
            size: 16,
            wire: Wire::Swapped(8),
        };
        let mut z = 1.0f64.to_le_bytes().to_vec();
        z.extend(2.0f64.to_le_bytes());
        let wire = both_ways(&[(complex, 1)], &z);
        assert_eq!(&wire[..8], &1.0f64.to_be_bytes());
        assert_eq!(&wire[8..], &2.0f64.to_be_bytes());
    }

    #[test]
    fn only_whole_basic_elements_convert() {
        let native: Vec<u8> = (1..=10).collect();
        let mut wire = Vec::new();
        encode(&[(INT, 1)], &native, &mut wire);
        assert_eq!(wire, [4, 3, 2, 1, 8, 7, 6, 5]);
        let mut back = [0u8; 8];
        assert_eq!(decode(&[(INT, 1)], &wire[..6], &mut back), 4);
    }

    #[cfg(target_arch = "x86_64")]
    #[test]
    fn a_long_double_is_binary128_there() {
        // 1.5 in x87's format: significand 0xC000..., exponent 0x3fff.
        let mut x87 = [0u8; 16];
        x87[..8].copy_from_slice(&0xC000_0000_0000_0000u64.to_le_bytes());
        x87[8..10].copy_from_slice(&0x3fffu16.to_le_bytes());
        let q = Basic {
            size: 16,
            wire: Wire::Quad,
        };
        let wire = both_ways(&[(q, 1)], &x87);
        // What MPICH writes for 1.5L.
        assert_eq!(&wire[..3], &[0x3f, 0xff, 0x80]);
        assert!(wire[3..].iter().all(|&b| b == 0));
        // The smallest subnormal, a negative infinity and a NaN round-trip.
        for (mantissa, top) in [(1u64, 0u16), (1 << 63, 0xffff), (0xC000 << 48, 0x7fff)] {
            let mut x = [0u8; 16];
            x[..8].copy_from_slice(&mantissa.to_le_bytes());
            x[8..10].copy_from_slice(&top.to_le_bytes());
            both_ways(&[(q, 1)], &x);
        }
    }
}
