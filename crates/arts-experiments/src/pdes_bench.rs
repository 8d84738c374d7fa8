//! `arts bench pdes`: PHOLD on the PDES engines and PE counts side by side,
//! each configuration's fastest of several runs, with its rate against the
//! sequential engine of the same run and whether it committed the same
//! results.

use arts_pdes::models::phold::Phold;
use arts_pdes::runs::checksum_hex;
use arts_pdes::runs::phold::PholdModel;
use arts_pdes::{LpMapping, PdesError, Queue, RunConfig, SimReport, SyncMode};
use arts_util::host::load_average;
use serde::Serialize;

/// What to compare (the model aside).
#[derive(Clone, Debug)]
pub struct BenchOptions {
    /// Simulation end time of every run.
    pub end_time: f64,
    /// Seed of every run.
    pub seed: u64,
    /// Engines compared with the sequential baseline.
    pub engines: Vec<SyncMode>,
    /// PE counts of every parallel engine.
    pub pes: Vec<usize>,
    /// LP to PE mapping.
    pub mapping: LpMapping,
    /// Optimism window (`f64::INFINITY`: unbounded).
    pub window: f64,
    /// GVT interval (events per PE).
    pub gvt_interval: u32,
    /// Pending-event sets; the first one's sequential run is the baseline.
    pub queues: Vec<Queue>,
    /// Runs of every configuration; the fastest is reported.
    pub reps: u32,
}

/// One configuration as reported.
#[derive(Clone, Debug, Serialize)]
pub struct BenchRow {
    /// Engine.
    pub sync: &'static str,
    /// Threads.
    pub pes: usize,
    /// Pending-event set.
    pub queue: &'static str,
    /// Committed events per second of the fastest run.
    pub events_per_s: f64,
    /// That rate over the sequential engine's.
    pub ratio_to_sequential: f64,
    /// Committed / processed events.
    pub efficiency: f64,
    /// Event executions undone.
    pub rolled_back_events: u64,
    /// GVT rounds or time windows.
    pub gvt_rounds: u64,
    /// Fraction of committed events sent between PEs.
    pub remote_pe_fraction: f64,
    /// Wall time of the fastest run.
    pub best_wall_s: f64,
    /// Wall time of every run.
    pub walls_s: Vec<f64>,
    /// Same committed results as the baseline.
    pub valid: bool,
}

/// `arts bench pdes` result.
#[derive(Clone, Debug, Serialize)]
pub struct BenchReport {
    /// The model.
    #[serde(flatten)]
    pub model: PholdModel,
    /// Simulation end time.
    pub end_time: f64,
    /// Seed.
    pub seed: u64,
    /// Optimism window (`None`: unbounded).
    pub window: Option<f64>,
    /// Committed events of the baseline.
    pub committed_events: u64,
    /// Checksum of the baseline.
    pub checksum: String,
    /// Host load average before the runs.
    pub load_before: Option<f64>,
    /// Host load average after them.
    pub load_after: Option<f64>,
    /// One row per configuration, the baseline first.
    pub rows: Vec<BenchRow>,
    /// Peak resident set size of this process.
    pub peak_rss_bytes: Option<u64>,
}

/// A checked comparison, ready to run.
pub struct Bench {
    model: Phold,
    options: BenchOptions,
    configs: Vec<RunConfig>,
}

impl Bench {
    /// Lays out the configurations (per queue: the sequential baseline,
    /// then every parallel engine at every PE count) and checks each
    /// against the model (bad ones are [`PdesError::Config`]).
    pub fn new(model: Phold, options: BenchOptions) -> Result<Bench, PdesError> {
        if options.reps == 0 {
            return Err(PdesError::Config("--reps 0: must be at least 1".into()));
        }
        let make = |sync: SyncMode, pes: usize, queue: Queue| RunConfig {
            mapping: options.mapping,
            window: options.window,
            gvt_interval: options.gvt_interval,
            queue,
            ..RunConfig::new(sync, pes, options.end_time, options.seed)
        };
        let mut configs = Vec::new();
        for &queue in &options.queues {
            configs.push(make(SyncMode::Sequential, 1, queue));
            for &sync in options
                .engines
                .iter()
                .filter(|&&s| s != SyncMode::Sequential)
            {
                for &pes in &options.pes {
                    configs.push(make(sync, pes, queue));
                }
            }
        }
        for c in &configs {
            arts_pdes::validate(&model, c)?;
        }
        Ok(Bench {
            model,
            options,
            configs,
        })
    }

    /// The number of runs [`Bench::run`] makes.
    pub fn runs(&self) -> u64 {
        self.configs.len() as u64 * self.options.reps as u64
    }

    /// Runs every configuration `reps` times, calling `tick` after each run.
    pub fn run(&self, mut tick: impl FnMut()) -> Result<BenchReport, PdesError> {
        let load_before = load_average();
        let mut oracle: Option<SimReport> = None;
        let mut rows = Vec::new();
        let mut seq_rate = 0.0;
        for c in &self.configs {
            let mut best: Option<SimReport> = None;
            let mut walls = Vec::new();
            for _ in 0..self.options.reps {
                let r = arts_pdes::run(&self.model, c, None)?;
                walls.push(r.wall_s);
                if best.as_ref().is_none_or(|b| r.wall_s < b.wall_s) {
                    best = Some(r);
                }
                tick();
            }
            let r = best.expect("reps >= 1");
            let valid = oracle.as_ref().is_none_or(|o| o.same_results(&r));
            if c.sync == SyncMode::Sequential && seq_rate == 0.0 {
                seq_rate = r.events_per_s();
            }
            rows.push(BenchRow {
                sync: r.sync.name(),
                pes: r.pes,
                queue: c.queue.name(),
                events_per_s: r.events_per_s(),
                ratio_to_sequential: if seq_rate > 0.0 {
                    r.events_per_s() / seq_rate
                } else {
                    0.0
                },
                efficiency: r.efficiency(),
                rolled_back_events: r.rolled_back_events,
                gvt_rounds: r.gvt_rounds,
                remote_pe_fraction: r.remote_pe_fraction(),
                best_wall_s: r.wall_s,
                walls_s: walls,
                valid,
            });
            if oracle.is_none() {
                oracle = Some(r);
            }
        }
        let oracle = oracle.expect("the sequential baseline always runs");
        let window = self.options.window;
        Ok(BenchReport {
            model: PholdModel::of(&self.model),
            end_time: self.options.end_time,
            seed: self.options.seed,
            window: window.is_finite().then_some(window),
            committed_events: oracle.committed_events,
            checksum: checksum_hex(&oracle),
            load_before,
            load_after: load_average(),
            rows,
            peak_rss_bytes: arts_pdes::mem::peak_rss_bytes(),
        })
    }
}

impl BenchReport {
    /// The comparison as a table: the model, the host load, one row per engine, PE count and queue.
    pub fn table(&self) -> String {
        let r = self;
        let mut t = format!(
            "phold {} LPs, {} events/LP, delay {} + Exp({}), remote {}, end {}: {} committed events, checksum {}\n",
            r.model.lps,
            r.model.events_per_lp,
            r.model.lookahead,
            r.model.mean_delay,
            r.model.remote,
            r.end_time,
            r.committed_events,
            r.checksum
        );
        let load = |l: Option<f64>| l.map_or("?".into(), |l| format!("{l:.2}"));
        t += &format!(
            "load average {} before, {} after\n",
            load(r.load_before),
            load(r.load_after)
        );
        t += "engine        pes  queue      M events/s  vs seq  efficiency  rolled back  GVT rounds  cross-PE  valid\n";
        for row in &r.rows {
            t += &format!(
                "{:<12} {:>4}  {:<8} {:>12.3} {:>7.2} {:>11.4} {:>12} {:>11} {:>8.2}%  {}\n",
                row.sync,
                row.pes,
                row.queue,
                row.events_per_s / 1e6,
                row.ratio_to_sequential,
                row.efficiency,
                row.rolled_back_events,
                row.gvt_rounds,
                100.0 * row.remote_pe_fraction,
                row.valid
            );
        }
        t
    }
}

#[cfg(test)]
mod tests {
    use arts_pdes::models::phold::PholdParams;

    use super::*;

    fn options() -> BenchOptions {
        BenchOptions {
            end_time: 20.0,
            seed: 1,
            engines: vec![SyncMode::Sequential, SyncMode::Optimistic],
            pes: vec![2],
            mapping: LpMapping::Block,
            window: f64::INFINITY,
            gvt_interval: 64,
            queues: vec![Queue::Calendar, Queue::Heap],
            reps: 2,
        }
    }

    fn model() -> Phold {
        Phold::new(PholdParams {
            lps: 32,
            ..PholdParams::default()
        })
        .unwrap()
    }

    #[test]
    fn every_queue_has_its_baseline_and_every_engine_agrees() {
        let bench = Bench::new(model(), options()).unwrap();
        assert_eq!(bench.runs(), 8);
        let mut ticks = 0;
        let r = bench.run(|| ticks += 1).unwrap();
        assert_eq!(ticks, 8);
        let rows: Vec<_> = r.rows.iter().map(|r| (r.sync, r.pes, r.queue)).collect();
        assert_eq!(
            rows,
            [
                ("sequential", 1, "calendar"),
                ("optimistic", 2, "calendar"),
                ("sequential", 1, "heap"),
                ("optimistic", 2, "heap"),
            ]
        );
        assert!(r.rows.iter().all(|r| r.valid && r.walls_s.len() == 2));
        assert_eq!(r.window, None);
        let table = r.table();
        assert_eq!(table.lines().count(), 3 + r.rows.len(), "{table}");
        assert!(
            table
                .lines()
                .nth(4)
                .unwrap()
                .starts_with("optimistic      2  calendar")
        );
    }

    #[test]
    fn no_repetition_and_bad_pe_counts_are_refused() {
        let zero = BenchOptions {
            reps: 0,
            ..options()
        };
        assert!(
            matches!(Bench::new(model(), zero), Err(PdesError::Config(m)) if m == "--reps 0: must be at least 1")
        );
        let no_pes = BenchOptions {
            pes: vec![0],
            ..options()
        };
        assert!(Bench::new(model(), no_pes).is_err());
    }
}
