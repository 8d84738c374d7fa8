//! `none` (leave everything) and `rotate` (move every migratable object to the
//! next PE: a migration test, not a balancer).

use super::Strategy;
use crate::error::LbError;
use crate::input::LbInput;
use crate::mapping::Mapping;

/// `none`: the current mapping.
#[derive(Clone, Copy, Debug, Default)]
pub struct NoLb;

impl Strategy for NoLb {
    fn name(&self) -> &'static str {
        "none"
    }

    /// Nothing to restrain, and never replaced by another placement:
    /// `none` means nothing moves.
    fn restrained(&self) -> bool {
        false
    }

    fn map(&self, input: &LbInput) -> Result<Mapping, LbError> {
        Ok(input.current_mapping())
    }
}

/// `rotate`: every migratable object to PE `(pe + 1) mod P`; pinned objects stay.
#[derive(Clone, Copy, Debug, Default)]
pub struct Rotate;

impl Strategy for Rotate {
    fn name(&self) -> &'static str {
        "rotate"
    }

    fn restrained(&self) -> bool {
        false
    }

    fn map(&self, input: &LbInput) -> Result<Mapping, LbError> {
        let pes = input.pes.len();
        Ok(Mapping {
            pe_of: input
                .objects
                .iter()
                .map(|o| if o.migratable { (o.pe + 1) % pes } else { o.pe })
                .collect(),
        })
    }
}
