//! Energies summed in object order, so that they do not depend on the
//! order the runtime combines contributions in (which varies from run to
//! run and with the PE count): every object contributes its number and
//! value, the reduction only gathers them, and the main program sums them
//! by object number, as the sequential reference does. The energies are
//! then bit-identical to the reference's on any number of PEs, and after a
//! restart.

use arts_core::{RedValue, Reducer};

/// The reducer's name (the same in every process).
const NAME: &str = "leanmd-ordered-sum";

/// Bytes of one contribution: the object's number and the value.
const ENTRY: usize = 12;

/// Gathers contributions (concatenates their bytes).
fn gather(acc: &mut RedValue, other: RedValue) -> Result<(), String> {
    match (acc, other) {
        (RedValue::Bytes(a), RedValue::Bytes(b)) => {
            a.extend_from_slice(&b);
            Ok(())
        }
        _ => Err(format!("{NAME} gathers bytes only")),
    }
}

/// The reducer to contribute [`entry`]s with.
pub fn reducer() -> Reducer {
    Reducer::Custom(NAME, gather)
}

/// Makes the reducer known to this process (also where no object contributes).
pub fn register() {
    arts_core::register_custom(NAME, gather);
}

/// Object `index`'s contribution of `value`.
pub fn entry(index: u32, value: f64) -> Vec<u8> {
    let mut b = Vec::with_capacity(ENTRY);
    b.extend_from_slice(&index.to_le_bytes());
    b.extend_from_slice(&value.to_le_bytes());
    b
}

/// The sum of the gathered contributions `bytes`, in object order from 0.0.
pub fn sum(bytes: &[u8]) -> Result<f64, String> {
    if !bytes.len().is_multiple_of(ENTRY) {
        return Err(format!("{} bytes is not a number of entries", bytes.len()));
    }
    let mut entries: Vec<(u32, f64)> = bytes
        .chunks_exact(ENTRY)
        .map(|e| {
            let index = u32::from_le_bytes(e[..4].try_into().expect("4 bytes"));
            let value = f64::from_le_bytes(e[4..].try_into().expect("8 bytes"));
            (index, value)
        })
        .collect();
    entries.sort_unstable_by_key(|e| e.0);
    Ok(entries.iter().fold(0.0, |s, e| s + e.1))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_sum_is_in_object_order_whatever_the_order_gathered() {
        let values = [1e16, 1.0, -1e16, 3.5];
        let forward: Vec<u8> = (0..4).flat_map(|i| entry(i, values[i as usize])).collect();
        let backward: Vec<u8> = (0..4)
            .rev()
            .flat_map(|i| entry(i, values[i as usize]))
            .collect();
        let plain = values.iter().fold(0.0, |s, v| s + v);
        assert_eq!(sum(&forward).unwrap().to_bits(), plain.to_bits());
        assert_eq!(sum(&backward).unwrap().to_bits(), plain.to_bits());
        let mut acc = RedValue::Bytes(entry(0, 1.0));
        gather(&mut acc, RedValue::Bytes(entry(1, 2.0))).unwrap();
        assert!(gather(&mut acc, RedValue::F64(1.0)).is_err());
        assert!(sum(&[0; 5]).is_err());
    }
}
