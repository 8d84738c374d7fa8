//! An open file as one rank holds it ([`File`]): its view, its pointers.

use std::ffi::c_int;

use arts_ampi::Comm;

use crate::abi::*;
use crate::state::fail::Fail;
use crate::types::layout::TypeInfo;

/// `MPI_BYTE`: the elementary and file type of a file's first view.
pub(crate) const MPI_BYTE: c_int = 4;

/// An open file of one rank.
pub(crate) struct File {
    pub(crate) file: std::fs::File,
    pub(crate) path: std::path::PathBuf,
    pub(crate) comm: c_int,
    pub(crate) amode: c_int,
    pub(crate) view: View,
    /// `MPI_File_set_atomicity`'s mode (`query.rs`).
    pub(crate) atomic: bool,
    /// The individual file pointer, in elementary types of the view.
    pub(crate) pointer: u64,
    /// The shared file pointer (`shared.rs`).
    pub(crate) shared: Shared,
    /// The bytes moved by a split collective begun and not ended yet
    /// (`split.rs`).
    pub(crate) split: Option<usize>,
}

/// Where a file's data is: `filetype` tiles the file from byte `disp`.
pub(crate) struct View {
    pub(crate) disp: u64,
    pub(crate) etype: TypeInfo,
    pub(crate) filetype: TypeInfo,
    /// The handles `MPI_File_set_view` was given: etype, file type.
    pub(crate) handles: [c_int; 2],
    /// Whether the data is stored `"external32"` (else `"native"`).
    pub(crate) external32: bool,
}

impl View {
    /// The file's byte runs of `len` bytes of data starting at elementary
    /// type `start` of the view.
    pub(crate) fn runs(&self, start: u64, len: usize) -> Result<Vec<(u64, usize)>, Fail> {
        let ft = &self.filetype;
        if ft.size == 0 {
            return Err(Fail::new(ERR_ARG, "the view's file type holds no data"));
        }
        let mut pos = start * self.etype.size as u64;
        if ft.is_contiguous() {
            // One stream of bytes from the displacement.
            return Ok(if len == 0 {
                Vec::new()
            } else {
                vec![(self.disp + pos, len)]
            });
        }
        let mut left = len;
        let mut runs: Vec<(u64, usize)> = Vec::new();
        while left > 0 {
            let (tile, mut within) = (pos / ft.size as u64, (pos % ft.size as u64) as usize);
            let base = self.disp as i64 + tile as i64 * ft.extent as i64;
            for (off, blen) in ft.blocks.iter() {
                if within >= blen {
                    within -= blen;
                    continue;
                }
                let n = (blen - within).min(left);
                let at = u64::try_from(base + off as i64 + within as i64)
                    .map_err(|_| Fail::new(ERR_ARG, "the view reaches before the file's start"))?;
                match runs.last_mut() {
                    Some(last) if last.0 + last.1 as u64 == at => last.1 += n,
                    _ => runs.push((at, n)),
                }
                (left, pos, within) = (left - n, pos + n as u64, 0);
                if left == 0 {
                    break;
                }
            }
        }
        Ok(runs)
    }

    /// The elementary types of the view's data that lie before byte `end`
    /// of the file: where `MPI_SEEK_END` puts the pointer in a file of
    /// `end` bytes (an end in a gap of the file type counts the data before
    /// the gap). Each block of the file type, tiled every extent from the
    /// displacement, adds its full tiles before `end` and the part of the
    /// one `end` cuts.
    pub(crate) fn etypes_before(&self, end: u64) -> u64 {
        let ft = &self.filetype;
        let span = end.saturating_sub(self.disp) as i64;
        let extent = ft.extent as i64;
        let bytes: i64 = if extent <= 0 || ft.is_contiguous() {
            span
        } else {
            (ft.blocks.iter())
                .map(|(off, len)| {
                    let (off, len) = (off as i64, len as i64);
                    let full = ((span - off - len).div_euclid(extent) + 1).max(0);
                    let cut = span - (full * extent + off);
                    full * len + cut.clamp(0, len)
                })
                .sum()
        };
        bytes.max(0) as u64 / self.etype.size.max(1) as u64
    }
}

/// The communicators of a file's shared pointer: the active one, whose
/// rank 0 holds it, and the one its answers come on.
#[derive(Clone, Copy)]
pub(crate) struct Shared {
    pub(crate) active: Comm,
    pub(crate) replies: Comm,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::types::layout::{TypeTable, from_placements};

    #[test]
    fn a_view_maps_data_to_the_blocks_its_file_type_tiles() {
        let t = TypeTable::new();
        let int = t.get(7).unwrap().clone();
        // Ints 1 and 3 of every 4 (extent 16 bytes), from byte 100.
        let filetype = from_placements(&int, &[4, 12]);
        let filetype = TypeInfo {
            extent: 16,
            ..filetype
        };
        let view = View {
            disp: 100,
            etype: int,
            filetype,
            handles: [7, 0],
            external32: false,
        };
        // 3 ints from the view's start: tiles 0 and 1.
        assert_eq!(
            view.runs(0, 12).unwrap(),
            vec![(104, 4), (112, 4), (120, 4)]
        );
        // From its 3rd int: tile 1's second block, then tile 2's first.
        assert_eq!(view.runs(3, 8).unwrap(), vec![(128, 4), (136, 4)]);
        // A contiguous view merges its runs.
        let byte = t.get(MPI_BYTE).unwrap().clone();
        let plain = View {
            disp: 8,
            etype: byte.clone(),
            filetype: byte,
            handles: [MPI_BYTE; 2],
            external32: false,
        };
        assert_eq!(plain.runs(2, 5).unwrap(), vec![(10, 5)]);
    }

    #[test]
    fn the_end_of_the_file_is_the_data_of_the_view_before_it() {
        let t = TypeTable::new();
        let int = t.get(7).unwrap().clone();
        // 10 blocks of 20 ints, 30 ints apart (MPI_Type_vector(10, 20,
        // 30)), from byte 1000, as MPICH's `miscfilef` has it.
        let at: Vec<isize> = (0..10)
            .flat_map(|b| (0..20).map(move |i| (b * 30 + i) * 4))
            .collect();
        let view = View {
            disp: 1000,
            etype: int.clone(),
            filetype: from_placements(&int, &at),
            handles: [7, 7],
            external32: false,
        };
        // Ends before the view, in a block, in the first gap (at 25 and 27
        // ints), in the second block, at the file type's extent.
        let ends = [
            (0, 0),
            (1000, 0),
            (1040, 10),
            (1100, 20),
            (1108, 20),
            (1140, 25),
            (2160, 200),
        ];
        for (end, etypes) in ends {
            assert_eq!(view.etypes_before(end), etypes, "end {end}");
        }
        // A plain view: the bytes after the displacement.
        let plain = View {
            filetype: int.clone(),
            ..view
        };
        assert_eq!(plain.etypes_before(1100), 25);
    }
}
