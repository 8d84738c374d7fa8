//! The grid options every object-runtime app takes (`--clusters`,
//! `--latency`, `--jitter`, `--bandwidth`, `--per-message-overhead`,
//! `--cluster-speeds`, `--grid-priority`, `--grid-starvation`), turned
//! into an [`Emulation`] by `arts-grid`.

use arts_core::Config;
use arts_grid::Emulation;
use arts_grid::choice::{self, GridChoices};

use crate::output::CliError;

/// Grid emulation options: the library's option group, with the run's
/// set-up here (printing, the hosts of the MPI world).
#[derive(clap::Args, Clone, Debug)]
pub struct GridOpts {
    #[command(flatten)]
    choices: GridChoices,
}

impl GridOpts {
    /// Whether any grid option was given.
    pub fn given(&self) -> bool {
        self.choices.given()
    }

    /// `config` (already distributed over the processes) on the grid these
    /// options ask for, if any: its topology printed as a table on stderr
    /// (by the first process, unless the output is `json`) and applied.
    pub fn configure(
        &self,
        config: Config,
        json: bool,
    ) -> Result<(Config, Option<Emulation>), CliError> {
        let Some(e) = self.emulation(&config)? else {
            return Ok((config, None));
        };
        if !json && crate::world::is_root() {
            eprint!("{}", e.topology.table());
        }
        if let Some(note) = choice::slow_note(&e.topology)
            && crate::world::is_root()
        {
            eprintln!("{note}");
        }
        let config = e.apply(config).map_err(CliError::usage)?;
        Ok((config, Some(e)))
    }

    /// The emulation these options ask for on the run `config` (already
    /// distributed over the processes), if any.
    pub fn emulation(&self, config: &Config) -> Result<Option<Emulation>, CliError> {
        let names = crate::world::host_names;
        self.choices
            .emulation(config, names)
            .map_err(CliError::usage)
    }
}
