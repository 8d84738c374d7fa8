//! How a run's PEs are spread over the processes of a job (`--pes`,
//! `--pes-per-process` under mpirun).

use crate::{RunConfig, SyncMode};

/// Spreads `cfg` over `size` processes: `per` PEs each (`--pes-per-process`;
/// `--pes`, if not 1, must then be the total), or `pes` in total (a
/// multiple of `size`; 1 means one per process). The sequential engine
/// stays whole in every process (each runs it, the oracle the others are
/// checked against). Returns whether the run spans processes, so that the
/// caller sets [`RunConfig::processes`].
pub fn spread(
    cfg: &mut RunConfig,
    pes: usize,
    per: Option<usize>,
    size: u32,
) -> Result<bool, String> {
    let processes = size as usize;
    match per {
        None => {
            if size > 1 && pes != 1 && !pes.is_multiple_of(processes) {
                return Err(format!(
                    "--pes {pes}: not a multiple of the {size} processes; give --pes-per-process K instead"
                ));
            }
            if size > 1 && pes == 1 {
                cfg.pes = processes;
            }
        }
        Some(per) => {
            let total = per * processes;
            if pes != 1 && pes != total {
                return Err(format!(
                    "--pes {pes} does not match {size} processes x --pes-per-process {per}; \
                     give --pes-per-process only"
                ));
            }
            cfg.pes = total;
        }
    }
    if cfg.sync == SyncMode::Sequential {
        cfg.pes = pes;
        return Ok(false);
    }
    Ok(size > 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cfg(sync: SyncMode, pes: usize) -> RunConfig {
        RunConfig::new(sync, pes, 10.0, 1)
    }

    #[test]
    fn pes_are_a_total_or_per_process() {
        let mut c = cfg(SyncMode::Optimistic, 4);
        assert_eq!(spread(&mut c, 4, None, 2), Ok(true));
        assert_eq!(c.pes, 4);
        let mut c = cfg(SyncMode::Optimistic, 1);
        assert_eq!(spread(&mut c, 1, None, 3), Ok(true));
        assert_eq!(c.pes, 3);
        let mut c = cfg(SyncMode::Optimistic, 1);
        assert_eq!(spread(&mut c, 1, Some(2), 3), Ok(true));
        assert_eq!(c.pes, 6);
        let mut c = cfg(SyncMode::Optimistic, 1);
        assert_eq!(spread(&mut c, 1, None, 1), Ok(false));
    }

    #[test]
    fn mismatches_are_refused_and_the_sequential_engine_stays_whole() {
        let mut c = cfg(SyncMode::Optimistic, 3);
        assert!(
            spread(&mut c, 3, None, 2)
                .unwrap_err()
                .contains("not a multiple")
        );
        assert!(
            spread(&mut c, 5, Some(2), 2)
                .unwrap_err()
                .contains("does not match")
        );
        let mut c = cfg(SyncMode::Sequential, 1);
        assert_eq!(spread(&mut c, 1, None, 4), Ok(false));
        assert_eq!(c.pes, 1);
    }
}
