//! The hash of a checkpoint's part files, computed while a part streams to
//! or from disk (a part is never held as one buffer: a process holds only
//! its LPs' records). The hash is of the whole byte string, eight bytes at
//! a time through `mix64`, seeded with its length.

use std::io::{self, Read, Write};

use crate::rng::mix64;

/// The hash of a byte string whose length is known in advance, fed in
/// pieces of any size.
pub(super) struct Hash64 {
    h: u64,
    /// Bytes of the word being filled.
    word: [u8; 8],
    filled: usize,
}

impl Hash64 {
    /// A hash of `len` bytes to come.
    pub(super) fn new(len: u64) -> Hash64 {
        Hash64 {
            h: 0x6a09_e667_f3bc_c908u64 ^ len,
            word: [0; 8],
            filled: 0,
        }
    }

    /// Feeds `bytes`.
    pub(super) fn update(&mut self, mut bytes: &[u8]) {
        while !bytes.is_empty() {
            let n = (8 - self.filled).min(bytes.len());
            self.word[self.filled..self.filled + n].copy_from_slice(&bytes[..n]);
            self.filled += n;
            bytes = &bytes[n..];
            if self.filled == 8 {
                self.mix();
            }
        }
    }

    fn mix(&mut self) {
        self.h = mix64(self.h ^ u64::from_le_bytes(self.word)).rotate_left(5);
        self.word = [0; 8];
        self.filled = 0;
    }

    /// The hash (a last partial word is padded with zeros).
    pub(super) fn finish(mut self) -> u64 {
        if self.filled > 0 {
            self.mix();
        }
        self.h
    }
}

/// A writer that hashes what passes through it.
pub(super) struct HashingWriter<W> {
    pub(super) inner: W,
    pub(super) hash: Hash64,
}

impl<W: Write> Write for HashingWriter<W> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        let n = self.inner.write(buf)?;
        self.hash.update(&buf[..n]);
        Ok(n)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.inner.flush()
    }
}

/// A reader that hashes what passes through it.
pub(super) struct HashingReader<R> {
    pub(super) inner: R,
    pub(super) hash: Hash64,
}

impl<R: Read> Read for HashingReader<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = self.inner.read(buf)?;
        self.hash.update(&buf[..n]);
        Ok(n)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The hash in one piece, as format 2 defined it.
    fn whole(bytes: &[u8]) -> u64 {
        let mut h = 0x6a09_e667_f3bc_c908u64 ^ bytes.len() as u64;
        for c in bytes.chunks(8) {
            let mut w = [0u8; 8];
            w[..c.len()].copy_from_slice(c);
            h = mix64(h ^ u64::from_le_bytes(w)).rotate_left(5);
        }
        h
    }

    #[test]
    fn pieces_of_any_size_hash_like_the_whole() {
        let bytes: Vec<u8> = (0..1000u32).map(|i| (i * 37 % 251) as u8).collect();
        for len in [0, 1, 7, 8, 9, 100, 1000] {
            let b = &bytes[..len];
            for piece in [1, 3, 8, 13, 1000] {
                let mut h = Hash64::new(len as u64);
                b.chunks(piece).for_each(|c| h.update(c));
                assert_eq!(h.finish(), whole(b), "len {len}, pieces of {piece}");
            }
        }
        // The length is part of the hash: a padding zero is not.
        assert_ne!(whole(&[1]), whole(&[1, 0]));
    }
}
