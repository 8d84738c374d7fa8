//! The apps whose runs checkpoint, each registered once with its name and
//! what it can do: `arts launch` runs those whose `arts run` checkpoints
//! and continues with `--resume`, `arts restart` continues a checkpoint
//! through the app named in its manifest.

use arts_core::checkpoint::disk::{self, Checkpoint, CheckpointError};
use arts_core::checkpoint::session::invalid;
use serde::Serialize;

use crate::restartable::not_restartable;
use crate::run::md::{Fracture, FractureReport, Leanmd, LeanmdReport};
use crate::run::stencil::{self, StencilReport};
use crate::run::storm::{Storm, StormReport};
use crate::run::summary::Verdict;
use crate::run::{Error, Setup, Stages};
use crate::stencil2d::saved_state::restartable_app;

/// How an app's checkpoint is continued.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Restart {
    /// By [`App::restart`], in `stages` stages (0: no progress to show).
    Run {
        /// The stages of the restarted run.
        stages: u64,
    },
    /// By the sweep that wrote it (`arts ddm sweep`'s own restart).
    Sweep,
}

/// What an app can do besides running.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Can {
    /// `arts run` of it checkpoints and continues from the newest
    /// checkpoint with `--resume`, so `arts launch` runs it.
    pub launch: bool,
    /// How `arts restart` continues its checkpoints.
    pub restart: Restart,
}

/// The report of a restarted run: the app's own.
#[derive(Serialize)]
#[serde(untagged)]
pub enum Report {
    /// jacobi2d, zones or hotspot.
    Stencil(StencilReport),
    /// leanmd.
    Leanmd(LeanmdReport),
    /// fracture.
    Fracture(FractureReport),
    /// storm.
    Storm(StormReport),
}

impl Report {
    fn verdict(&self) -> &dyn Verdict {
        match self {
            Report::Stencil(r) => r,
            Report::Leanmd(r) => r,
            Report::Fracture(r) => r,
            Report::Storm(r) => r,
        }
    }
}

impl Verdict for Report {
    fn table(&self) -> String {
        self.verdict().table()
    }

    fn stopped(&self) -> Option<(u32, &str)> {
        self.verdict().stopped()
    }

    fn invalid(&self) -> Option<String> {
        self.verdict().invalid()
    }
}

/// A restart read from its checkpoint, to run as a [`Setup`] says.
pub type Continue = Box<dyn FnOnce(&Checkpoint, Setup, Stages) -> Result<Report, Error>>;

/// An app registered in [`APPS`].
pub trait App: Sync {
    /// Its name, as `arts run` spells it and checkpoint manifests record it.
    fn name(&self) -> &'static str;
    /// What it can do.
    fn can(&self) -> Can;
    /// The restart of its checkpoint `c` (`Restart::Run` apps), read and
    /// checked; a checkpoint that does not fit is bad input naming the file.
    fn restart(&self, c: &Checkpoint) -> Result<Continue, Error>;
}

/// A stencil app (jacobi2d, zones, hotspot).
struct StencilRun(&'static str);

impl App for StencilRun {
    fn name(&self) -> &'static str {
        self.0
    }

    fn can(&self) -> Can {
        Can {
            launch: true,
            restart: Restart::Run { stages: 2 },
        }
    }

    fn restart(&self, c: &Checkpoint) -> Result<Continue, Error> {
        let app = restartable_app(c).map_err(Error::usage)?;
        Ok(Box::new(move |c, setup, stages| {
            stencil::restart(c, app, setup, stages).map(Report::Stencil)
        }))
    }
}

/// leanmd.
struct LeanmdRun;

impl App for LeanmdRun {
    fn name(&self) -> &'static str {
        crate::leanmd::saved_state::APP
    }

    fn can(&self) -> Can {
        Can {
            launch: true,
            restart: Restart::Run { stages: 3 },
        }
    }

    fn restart(&self, c: &Checkpoint) -> Result<Continue, Error> {
        let app = Leanmd::restartable(c)?;
        Ok(Box::new(move |c, setup, stages| {
            app.restart(c, setup, stages).map(Report::Leanmd)
        }))
    }
}

/// fracture.
struct FractureRun;

impl App for FractureRun {
    fn name(&self) -> &'static str {
        crate::fracture::saved_state::APP
    }

    fn can(&self) -> Can {
        Can {
            launch: true,
            restart: Restart::Run { stages: 2 },
        }
    }

    fn restart(&self, c: &Checkpoint) -> Result<Continue, Error> {
        let app = Fracture::restartable(c)?;
        Ok(Box::new(move |c, setup, stages| {
            app.restart(c, setup, stages).map(Report::Fracture)
        }))
    }
}

/// storm.
struct StormRun;

impl App for StormRun {
    fn name(&self) -> &'static str {
        crate::storm::saved_state::APP
    }

    fn can(&self) -> Can {
        Can {
            launch: true,
            restart: Restart::Run { stages: 0 },
        }
    }

    fn restart(&self, c: &Checkpoint) -> Result<Continue, Error> {
        let app = Storm::restartable(c)?;
        Ok(Box::new(move |c, setup, _| {
            app.restart(c, setup).map(Report::Storm)
        }))
    }
}

/// A distributed ddm bias sweep (`arts ddm sweep`), continued by the sweep.
struct DdmSweep;

impl App for DdmSweep {
    fn name(&self) -> &'static str {
        crate::ddm::saved_state::APP
    }

    fn can(&self) -> Can {
        Can {
            launch: false,
            restart: Restart::Sweep,
        }
    }

    fn restart(&self, _: &Checkpoint) -> Result<Continue, Error> {
        Err(Error::usage("a ddm sweep continues with its own sweep"))
    }
}

/// Every app that checkpoints, once.
pub static APPS: [&dyn App; 7] = [
    &StencilRun("jacobi2d"),
    &StencilRun("zones"),
    &StencilRun("hotspot"),
    &LeanmdRun,
    &FractureRun,
    &StormRun,
    &DdmSweep,
];

/// The apps `arts launch` runs (their `arts run` checkpoints and resumes).
pub fn launchable() -> impl Iterator<Item = &'static str> {
    APPS.iter().filter(|a| a.can().launch).map(|a| a.name())
}

/// The app that wrote checkpoint `c`, by its manifest; another is bad
/// input naming the manifest.
pub fn of_checkpoint(c: &Checkpoint) -> Result<&'static dyn App, CheckpointError> {
    let name = c.manifest.app.as_str();
    APPS.iter()
        .copied()
        .find(|a| a.name() == name)
        .ok_or_else(|| invalid(c.dir.join(disk::MANIFEST), not_restartable(name)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_app_is_registered_once_and_the_launchable_ones_in_order() {
        let mut names: Vec<_> = APPS.iter().map(|a| a.name()).collect();
        let launched: Vec<_> = launchable().collect();
        // In order, and as the refusals name them (a leaf the apps' own
        // checkpoint code reads).
        assert_eq!(launched, crate::restartable::NAMES);
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), APPS.len());
    }
}
