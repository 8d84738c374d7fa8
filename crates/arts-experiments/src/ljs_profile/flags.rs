//! The flags of `arts experiment ljs-profile` as a command line gives them
//! (`clap` behind the `clap` feature) and the plan they ask for.

use arts_apps::leanmd::Params;
use arts_core::limits::MemoryBudget;

use super::Plan;

/// Flags of `arts experiment ljs-profile`.
#[derive(Clone, Debug)]
#[cfg_attr(feature = "clap", derive(clap::Args))]
pub struct LjsProfileFlags {
    /// Cell grids, comma-separated XxYxZ (each at least 3), one recorded
    /// run each; the work of every phase is set against the largest.
    #[cfg_attr(
        feature = "clap",
        arg(long, value_delimiter = ',', value_parser = cells, default_value = "3x3x3,6x6x6")
    )]
    pub cells: Vec<[u32; 3]>,
    /// Atoms per cell.
    #[cfg_attr(feature = "clap", arg(long, default_value_t = 100, value_parser = clap::value_parser!(u32).range(1..)))]
    pub atoms_per_cell: u32,
    /// Steps recorded per run.
    #[cfg_attr(feature = "clap", arg(long, default_value_t = 10, value_parser = clap::value_parser!(u32).range(1..=1000)))]
    pub steps: u32,
    /// Atoms move to the cell they lie in every this many steps (LJS
    /// re-bins every 20).
    #[cfg_attr(feature = "clap", arg(long, default_value_t = 20, value_parser = clap::value_parser!(u32).range(1..)))]
    pub migrate_every: u32,
    /// PEs of every run.
    #[cfg_attr(feature = "clap", arg(long, default_value_t = 2, value_parser = clap::value_parser!(u32).range(1..=256)))]
    pub pes: u32,
    /// Seed of the initial lattice jitter and velocities.
    #[cfg_attr(feature = "clap", arg(long, default_value_t = 1))]
    pub seed: u64,
}

impl LjsProfileFlags {
    /// The plan these flags ask for, each run within `memory`.
    pub fn plan(&self, memory: MemoryBudget) -> Plan {
        Plan {
            grids: self.cells.clone(),
            params: Params {
                atoms_per_cell: self.atoms_per_cell,
                steps: self.steps,
                migrate_every: self.migrate_every,
                seed: self.seed,
                ..Params::small()
            },
            pes: self.pes,
            memory,
        }
    }
}

/// Three cell counts `XxYxZ` (a clap value parser).
pub fn cells(s: &str) -> Result<[u32; 3], String> {
    let v = arts_util::text::parse_dims(s, 3)?;
    let mut out = [0; 3];
    for (o, d) in out.iter_mut().zip(v) {
        *o = u32::try_from(d).map_err(|_| format!("{d} in '{s}' is too large"))?;
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::cells;

    #[test]
    fn cells_take_three_counts() {
        assert_eq!(cells("3x4x5"), Ok([3, 4, 5]));
        assert!(cells("3x4").is_err());
        assert!(cells("3x4x99999999999").is_err());
    }
}
