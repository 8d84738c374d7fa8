//! The slabs' final gather of a bias point. Each slab contributes one
//! piece with [`Reducer::Concat`](arts_core::Reducer::Concat) — slab 0
//! the run's header first, then every slab its moves and its rows and
//! edges ([`Segment::append_piece`]) — so the traffic is the solution's
//! length, not slabs × length as a sum of zero-padded vectors was. The
//! main program lays the joined pieces out as that sum was laid out
//! ([`summed`]): the vector the decoder reads and the checkpoints keep
//! (`main.bin`'s `result`), so its format, and old checkpoints, are
//! unchanged, and the values are the same bits.

use arts_ddm::solver::segment::{Segment, place_piece, solution_len};

use super::{HEADER, from_bits, to_bits};

/// One slab's piece: the run's `header` (slab 0 only), its `moves`, then
/// its segment's rows and edges; as bit patterns.
pub(super) fn piece(
    header: Option<[f64; HEADER]>,
    moves: u32,
    seg: &Segment,
    rows: usize,
) -> Vec<u64> {
    let mut v = Vec::new();
    v.extend(header.iter().flatten());
    v.push(moves as f64);
    seg.append_piece(rows, &mut v);
    to_bits(&v)
}

/// The pieces of `slabs` slabs on a mesh of `rows` rows, joined in slab
/// order, as the vector the slabs' sum used to give: the header, one
/// slot per slab for its moves, one for its first row, then the solution
/// ([`solution_len`]); slots no slab owns are zero. An error says what in
/// the pieces does not fit.
pub(super) fn summed(pieces: &[u64], slabs: usize, rows: usize) -> Result<Vec<u64>, String> {
    let p = from_bits(pieces);
    if p.len() < HEADER {
        return Err(format!("{} values, no header of {HEADER}", p.len()));
    }
    let mut v = vec![0.0; HEADER + 2 * slabs + solution_len(rows)];
    v[..HEADER].copy_from_slice(&p[..HEADER]);
    let (slots, solution) = v.split_at_mut(HEADER + 2 * slabs);
    let mut rest = &p[HEADER..];
    for k in 0..slabs {
        let Some((&moves, tail)) = rest.split_first() else {
            return Err(format!("{k} pieces for {slabs} slabs"));
        };
        slots[HEADER + k] = moves;
        let took = place_piece(rows, tail, solution).map_err(|e| format!("slab {k}: {e}"))?;
        slots[HEADER + slabs + k] = tail[0];
        rest = &tail[took..];
    }
    if !rest.is_empty() {
        return Err(format!(
            "{} values left after {slabs} slabs' pieces",
            rest.len()
        ));
    }
    Ok(to_bits(&v))
}

#[cfg(test)]
mod tests {
    use super::*;
    use arts_ddm::{ConstantSet, Mesh, Side, SolverOptions, presets};

    #[test]
    fn the_joined_pieces_give_the_old_sum_of_padded_vectors_bit_for_bit() {
        let d = presets::preset("si-pn")
            .unwrap()
            .with_spacing(10.0)
            .unwrap();
        let m = Mesh::new(&d, ConstantSet::Codata.constants()).unwrap();
        let opts = SolverOptions::default();
        let cuts = [1, 30, 77, m.rows - 1];
        let header = [0.0, 7.0, 1e-9, -0.0, 3e-7, 1.9, 1.8, 2.0, 5.0];
        let mut pieces = Vec::new();
        let mut old = vec![0u64; HEADER + 2 * 3 + solution_len(m.rows)];
        for (k, w) in cuts.windows(2).enumerate() {
            let mut seg = Segment::new(&m, w[0], w[1], &opts);
            seg.start_bias(&m, Side::Left, 0.2, &opts);
            seg.iterate(&m);
            let h = (k == 0).then_some(header);
            pieces.extend(piece(h, k as u32 + 4, &seg, m.rows));
            // The slabs' former contribution: a zero-padded vector, summed.
            let mut v = vec![0.0; old.len()];
            if let Some(h) = h {
                v[..HEADER].copy_from_slice(&h);
            }
            v[HEADER + k] = (k + 4) as f64;
            v[HEADER + 3 + k] = w[0] as f64;
            seg.write_solution(m.rows, &mut v[HEADER + 6..]);
            for (o, x) in old.iter_mut().zip(to_bits(&v)) {
                *o = o.wrapping_add(x);
            }
        }
        assert!(pieces.len() < old.len(), "no padding travels");
        assert_eq!(summed(&pieces, 3, m.rows).unwrap(), old);
        // Pieces that do not add up are an error naming what is wrong.
        let err = summed(&pieces, 4, m.rows).unwrap_err();
        assert!(err.contains("3 pieces for 4 slabs"), "{err}");
        let err = summed(&pieces, 2, m.rows).unwrap_err();
        assert!(err.contains("left after 2 slabs"), "{err}");
    }
}
