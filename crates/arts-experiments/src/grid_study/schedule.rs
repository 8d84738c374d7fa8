//! When the grid studies' balanced runs balance: every N steps
//! (`--lb-every`), or at given steps only (`--lb-at`), the grid thesis'
//! protocol (§8.3: one balancing step early in a long run, the mean taken
//! over the run). The timed window is the whole run either way: the mean
//! step is the total time over the steps, LB steps and the steps before
//! the first one included.

use arts_core::{LbPeriod, LbSteps};
use serde::Serialize;

/// A balancing schedule.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Schedule {
    /// Every this many steps.
    Every(u32),
    /// At these steps only.
    At(LbSteps),
}

impl Schedule {
    /// The runtime's period for it.
    pub fn period(self) -> LbPeriod {
        match self {
            Schedule::Every(n) => LbPeriod::Steps(n),
            Schedule::At(at) => LbPeriod::At(at),
        }
    }

    /// Refuses steps given to balance at from the last of a run of `steps`
    /// steps on (a run syncs after steps 1 to `steps` - 1): one line
    /// naming the flag (every N steps is checked by each study).
    pub fn check(self, steps: u32) -> Result<(), String> {
        match self {
            Schedule::Every(_) => Ok(()),
            Schedule::At(at) => arts_apps::lb_choice::check_lb_at(&at, u64::from(steps)),
        }
    }

    /// `every N` or `at S1,S2`, for tables.
    pub fn label(self) -> String {
        self.fields().label()
    }

    /// The report's fields for it.
    pub fn fields(self) -> ScheduleFields {
        match self {
            Schedule::Every(n) => ScheduleFields {
                lb_every: n,
                lb_at: None,
            },
            Schedule::At(at) => ScheduleFields {
                lb_every: 0,
                lb_at: Some(at.as_slice().to_vec()),
            },
        }
    }
}

/// A schedule as a JSON report gives it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ScheduleFields {
    /// Balancing every this many steps (0: at `lb_at` only).
    pub lb_every: u32,
    /// The steps balanced at (`--lb-at`; absent with `--lb-every`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub lb_at: Option<Vec<u32>>,
}

impl ScheduleFields {
    /// `every N` or `at S1,S2`, for tables.
    pub fn label(&self) -> String {
        match &self.lb_at {
            None => format!("every {}", self.lb_every),
            Some(at) => format!("at {}", join(at)),
        }
    }
}

fn join(steps: &[u32]) -> String {
    steps
        .iter()
        .map(u32::to_string)
        .collect::<Vec<_>>()
        .join(",")
}

/// The schedule flags of `arts grid` and `arts experiment leanmd-grid`
/// (`clap::Args` behind the `clap` feature).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "clap", derive(clap::Args))]
pub struct ScheduleFlags {
    /// Balance every N steps (balanced runs) [default: grid 10; leanmd-grid
    /// 20, --quick 4].
    #[cfg_attr(
        feature = "clap",
        arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..))
    )]
    pub lb_every: Option<u32>,
    /// Balance at these steps only, comma-separated, ascending (e.g. 20:
    /// once, as the grid thesis did); the mean still covers the whole run.
    /// Instead of --lb-every.
    #[cfg_attr(
        feature = "clap",
        arg(long, value_name = "STEP[,STEP...]",
            value_parser = arts_apps::lb_choice::parse_lb_at, conflicts_with = "lb_every")
    )]
    pub lb_at: Option<LbSteps>,
}

impl ScheduleFlags {
    /// The schedule given, else every `default_every` steps.
    pub fn schedule(self, default_every: u32) -> Schedule {
        match (self.lb_at, self.lb_every) {
            (Some(at), _) => Schedule::At(at),
            (None, every) => Schedule::Every(every.unwrap_or(default_every)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_schedule_checks_against_the_run_and_reports_itself() {
        let at = Schedule::At(LbSteps::new(&[10, 200]).unwrap());
        assert_eq!(at.period(), LbPeriod::At(LbSteps::new(&[10, 200]).unwrap()));
        assert!(at.check(201).is_ok());
        assert!(
            at.check(200)
                .unwrap_err()
                .starts_with("--lb-at: step 200 is past")
        );
        assert_eq!(at.label(), "at 10,200");
        assert_eq!(at.fields().lb_at, Some(vec![10, 200]));
        assert_eq!(at.fields().lb_every, 0);
        let every = Schedule::Every(20);
        assert_eq!(every.period(), LbPeriod::Steps(20));
        assert!(every.check(21).is_ok());
        assert_eq!(every.fields().lb_at, None);
        assert_eq!(
            serde_json::to_string(&every.fields()).unwrap(),
            r#"{"lb_every":20}"#
        );
        let flags = ScheduleFlags::default();
        assert_eq!(flags.schedule(10), Schedule::Every(10));
        let flags = ScheduleFlags {
            lb_every: Some(3),
            lb_at: None,
        };
        assert_eq!(flags.schedule(10), Schedule::Every(3));
    }
}

#[cfg(all(test, feature = "clap"))]
mod args_tests {
    use clap::Parser;

    use super::*;

    #[derive(Parser)]
    struct Cmd {
        #[command(flatten)]
        lb: ScheduleFlags,
    }

    fn parse(args: &[&str]) -> Result<Schedule, clap::Error> {
        let cmd = Cmd::try_parse_from(std::iter::once("cmd").chain(args.iter().copied()))?;
        Ok(cmd.lb.schedule(10))
    }

    #[test]
    fn lb_at_and_lb_every_exclude_each_other() {
        assert_eq!(parse(&[]).unwrap(), Schedule::Every(10));
        assert_eq!(parse(&["--lb-every", "4"]).unwrap(), Schedule::Every(4));
        let at = parse(&["--lb-at", "15"]).unwrap();
        assert_eq!(at, Schedule::At(LbSteps::new(&[15]).unwrap()));
        assert!(parse(&["--lb-at", "15", "--lb-every", "4"]).is_err());
        for bad in ["0", "9,3", "x", "2,2"] {
            assert!(parse(&["--lb-at", bad]).is_err(), "{bad}");
        }
        assert!(parse(&["--lb-every", "0"]).is_err());
    }
}
