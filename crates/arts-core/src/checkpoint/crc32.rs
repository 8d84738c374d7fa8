//! CRC-32 (IEEE 802.3, the polynomial of zip and PNG), slicing-by-8 over
//! eight tables: the checksum of every file of a checkpoint directory.

/// The reflected IEEE polynomial.
const POLY: u32 = 0xEDB8_8320;

/// `T[0]` is the byte-at-a-time table; `T[k][b]` is the CRC of byte `b`
/// followed by `k` zero bytes. Built at compile time.
const T: [[u32; 256]; 8] = {
    let mut t = [[0u32; 256]; 8];
    let mut i = 0;
    while i < 256 {
        let mut c = i as u32;
        let mut k = 0;
        while k < 8 {
            c = if c & 1 != 0 { POLY ^ (c >> 1) } else { c >> 1 };
            k += 1;
        }
        t[0][i] = c;
        i += 1;
    }
    let mut k = 1;
    while k < 8 {
        let mut i = 0;
        while i < 256 {
            let prev = t[k - 1][i];
            t[k][i] = t[0][(prev & 0xff) as usize] ^ (prev >> 8);
            i += 1;
        }
        k += 1;
    }
    t
};

/// A running CRC-32.
#[derive(Clone, Copy, Debug)]
pub struct Crc32(u32);

impl Default for Crc32 {
    fn default() -> Self {
        Crc32(!0)
    }
}

impl Crc32 {
    /// Adds `bytes` to the checksum.
    pub fn update(&mut self, bytes: &[u8]) {
        let mut c = self.0;
        let mut chunks = bytes.chunks_exact(8);
        for w in &mut chunks {
            let lo = c ^ u32::from_le_bytes([w[0], w[1], w[2], w[3]]);
            let hi = u32::from_le_bytes([w[4], w[5], w[6], w[7]]);
            c = T[7][(lo & 0xff) as usize]
                ^ T[6][((lo >> 8) & 0xff) as usize]
                ^ T[5][((lo >> 16) & 0xff) as usize]
                ^ T[4][(lo >> 24) as usize]
                ^ T[3][(hi & 0xff) as usize]
                ^ T[2][((hi >> 8) & 0xff) as usize]
                ^ T[1][((hi >> 16) & 0xff) as usize]
                ^ T[0][(hi >> 24) as usize];
        }
        for &b in chunks.remainder() {
            c = T[0][((c ^ b as u32) & 0xff) as usize] ^ (c >> 8);
        }
        self.0 = c;
    }

    /// The checksum of everything added so far.
    pub fn finish(self) -> u32 {
        !self.0
    }
}

/// The CRC-32 of `bytes`.
pub fn crc32(bytes: &[u8]) -> u32 {
    let mut c = Crc32::default();
    c.update(bytes);
    c.finish()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn matches_the_standard_check_value_and_is_incremental() {
        // The catalogue's check value of CRC-32/ISO-HDLC.
        assert_eq!(crc32(b"123456789"), 0xCBF4_3926);
        assert_eq!(crc32(b""), 0);
        let mut c = Crc32::default();
        c.update(b"1234");
        c.update(b"56789");
        assert_eq!(c.finish(), 0xCBF4_3926);
        assert_ne!(crc32(b"123456780"), 0xCBF4_3926);
    }

    #[test]
    fn eight_bytes_at_a_time_agree_with_one_at_a_time() {
        let data: Vec<u8> = (0..1000u32).map(|i| (i * 7919 % 251) as u8).collect();
        for split in [0, 1, 7, 8, 9, 500, 999, 1000] {
            let mut bytewise = Crc32::default();
            data.iter()
                .for_each(|b| bytewise.update(std::slice::from_ref(b)));
            let mut c = Crc32::default();
            c.update(&data[..split]);
            c.update(&data[split..]);
            assert_eq!(c.finish(), bytewise.finish(), "split at {split}");
        }
    }
}
