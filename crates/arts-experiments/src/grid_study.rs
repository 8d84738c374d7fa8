//! The grid thesis' experiments on Jacobi2D (Koenig, chapters 4–7), each a
//! list of validated runs on an emulated grid:
//!
//! - [`latency_sweep`]: step time against cross-cluster latency for Naive,
//!   Block, Block with border-object prioritization, and Naive followed by
//!   a grid balancer, over object counts per PE;
//! - [`heterogeneity`]: two clusters, the second slower, each strategy's
//!   step time against the ideal (total work over total capacity);
//! - [`lb_cost`]: strategy time and whole LB step time against object count.

pub mod experiment;
pub mod schedule;

pub use schedule::Schedule;

use std::sync::Arc;
use std::time::Duration;

use arts_core::{Config, LbConfig, LbPeriod, Map, RunError};
use arts_grid::{Emulation, Topology, mapping};
use arts_lb::GridOptions;
use arts_util::chart::{Chart, Series};
use serde::Serialize;

use arts_apps::jacobi2d::{self, Params};
use arts_apps::report::{is_valid, lb_split, step_time_mean};
use arts_apps::stencil2d::{Outcome, Plain, Problem, Reference};

/// How a run places and balances its objects.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(into = "String")]
pub enum Variant {
    /// Naive mapping, no balancing.
    Naive,
    /// Block mapping, no balancing.
    Block,
    /// Naive mapping with border-object prioritization (the thesis'
    /// "Naive with Prioritization" column).
    NaivePriority,
    /// Block mapping with border-object prioritization.
    BlockPriority,
    /// Naive mapping, then the named strategy (a grid one, usually).
    NaiveLb(String),
    /// Block mapping, then the named strategy.
    BlockLb(String),
}

impl Variant {
    /// Reads `naive`, `block`, `naive+prio`, `block+prio`, `naive+STRATEGY`,
    /// `block+STRATEGY`.
    pub fn parse(s: &str) -> Result<Variant, String> {
        let lb = |name: &str| {
            arts_lb::by_name(name)
                .map(|_| name.to_string())
                .map_err(|e| e.to_string())
        };
        Ok(match s {
            "naive" => Variant::Naive,
            "block" => Variant::Block,
            "naive+prio" => Variant::NaivePriority,
            "block+prio" => Variant::BlockPriority,
            _ => match s.split_once('+') {
                Some(("naive", name)) => Variant::NaiveLb(lb(name)?),
                Some(("block", name)) => Variant::BlockLb(lb(name)?),
                _ => {
                    return Err(format!(
                        "'{s}' is not a variant: give naive, block, naive+prio, \
                         block+prio, naive+STRATEGY or block+STRATEGY"
                    ));
                }
            },
        })
    }

    /// The balancer this variant runs, if any.
    pub fn strategy(&self) -> Option<&str> {
        match self {
            Variant::NaiveLb(s) | Variant::BlockLb(s) => Some(s),
            _ => None,
        }
    }

    /// Whether border objects are served first (`--grid-priority on`).
    fn priority(&self) -> bool {
        matches!(self, Variant::NaivePriority | Variant::BlockPriority)
    }

    fn block(&self) -> bool {
        matches!(
            self,
            Variant::Block | Variant::BlockPriority | Variant::BlockLb(_)
        )
    }
}

impl From<Variant> for String {
    fn from(v: Variant) -> String {
        match v {
            Variant::Naive => "naive".into(),
            Variant::Block => "block".into(),
            Variant::NaivePriority => "naive+prio".into(),
            Variant::BlockPriority => "block+prio".into(),
            Variant::NaiveLb(s) => format!("naive+{s}"),
            Variant::BlockLb(s) => format!("block+{s}"),
        }
    }
}

impl std::fmt::Display for Variant {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&String::from(self.clone()))
    }
}

/// The object grid for `count` objects: the most nearly square `ox × oy`
/// with `oy ≥ ox` (the clusters' slabs are cut across `oy`).
pub fn object_layout(count: u32) -> (u32, u32) {
    let mut ox = (count as f64).sqrt() as u32;
    while ox > 1 && !count.is_multiple_of(ox) {
        ox -= 1;
    }
    let ox = ox.max(1);
    (ox, count / ox)
}

/// The balancing of a grid study's run: `strategy` (the grid ones built
/// with `grid`) every `every` steps; `None` without a strategy.
pub(crate) fn balancing(
    strategy: Option<&str>,
    period: LbPeriod,
    grid: &GridOptions,
) -> Result<Option<LbConfig>, RunError> {
    let Some(name) = strategy else {
        return Ok(None);
    };
    let strategy =
        arts_lb::by_name_with(name, grid).map_err(|e| RunError::Config(e.to_string()))?;
    Ok(Some(LbConfig {
        strategy: Arc::from(strategy),
        period,
        record_inputs: false,
        speeds: None,
    }))
}

/// One run of an experiment.
#[derive(Clone, Debug, Serialize)]
pub struct GridRun {
    /// Interior grid size (square).
    pub grid: usize,
    /// Objects in all.
    pub objects: u32,
    /// Objects per PE.
    pub objects_per_pe: u32,
    /// Mapping and balancing.
    pub variant: Variant,
    /// Cross-cluster one-way latency, ms.
    pub latency_ms: f64,
    /// Median step time (after the first LB step when balancing), s.
    pub step_time_s: f64,
    /// Mean step time over the timed window (every step, the LB steps
    /// included, over the steps), s: what the experiments are judged on.
    pub step_time_mean_s: f64,
    /// Ideal step time: work over capacity (entry time of all PEs, each
    /// scaled by its speed relative to the fastest, over the summed
    /// relative speeds, per step), s.
    pub ideal_step_time_s: f64,
    /// Whether the result equals the sequential reference.
    pub valid: bool,
    /// Load-balancing steps, objects migrated.
    pub lb_steps: usize,
    /// Objects migrated in all.
    pub migrations: u64,
    /// Strategy time of the first LB step, s.
    pub strategy_time_s: Option<f64>,
    /// The whole first LB step at the manager (from every element at sync
    /// to every PE done: gather, strategy, migration), s.
    pub lb_step_time_s: Option<f64>,
    /// Of it, gathering the measurements after every element was at sync
    /// (bookkeeping only, under a millisecond, when they came with the
    /// PEs' `Ready` reports; a `Collect` round, two crossings, otherwise), s.
    pub lb_gather_time_s: Option<f64>,
    /// Of it, from the decision to every PE done (migrations), s.
    pub lb_migration_time_s: Option<f64>,
    /// What the LB steps cost the run: its total time less the steps at
    /// the median step time (every LB step's wait for the protocol's
    /// wide-area crossings and migrations, beyond an ordinary step), s.
    pub lb_overhead_s: f64,
}

/// The common setup of an experiment.
#[derive(Clone, Debug)]
pub struct Setup {
    /// PEs (split into the clusters).
    pub pes: u32,
    /// Clusters.
    pub clusters: u32,
    /// Steps per run.
    pub iters: u32,
    /// When the variants with a strategy balance.
    pub schedule: Schedule,
    /// Relative speed of each cluster (`None`: all full speed).
    pub cluster_speeds: Option<Vec<f64>>,
    /// Runs per cell, interleaved (all cells once, then again, ...); the
    /// run with the median mean step time is reported.
    pub reps: u32,
    /// Bandwidth of every cross-cluster link, bit/s (`None`: unlimited).
    pub bandwidth_bits_per_s: Option<f64>,
    /// Per-message overhead on every cross-cluster link (`None`: none).
    pub per_message_overhead: Option<Duration>,
    /// Options of the grid strategies (tolerance, phases).
    pub grid: GridOptions,
}

impl Setup {
    fn topology(&self, latency_ms: f64) -> Result<Topology, RunError> {
        let latency = Duration::from_secs_f64(latency_ms * 1e-3);
        let mut t = Topology::uniform(self.pes, self.clusters, latency)
            .map_err(|e| RunError::Config(e.to_string()))?
            .with_links(self.bandwidth_bits_per_s, self.per_message_overhead);
        t.validate(self.pes)
            .map_err(|e| RunError::Config(e.to_string()))?;
        if let Some(speeds) = &self.cluster_speeds {
            let of = t.cluster_of_pes();
            t.speeds = Some(of.iter().map(|&c| speeds[c as usize]).collect());
        }
        Ok(t)
    }

    /// Runs one validated Jacobi2D on the emulated grid.
    fn run(
        &self,
        problem: &Problem<Plain>,
        reference: &Arc<Reference>,
        variant: &Variant,
        latency_ms: f64,
    ) -> Result<GridRun, RunError> {
        let topology = self.topology(latency_ms)?;
        let map = if variant.block() {
            mapping::block(&topology)
        } else {
            Map::RoundRobin
        };
        let lb = balancing(variant.strategy(), self.schedule.period(), &self.grid)?;
        let base = Config {
            pes: self.pes,
            lb,
            ..Config::default()
        };
        let mut emulation = Emulation::new(topology);
        emulation.priority = variant.priority();
        let config = emulation.apply(base)?;
        let out = jacobi2d::run(problem, &config, map, Some(reference.clone()))?;
        Ok(self.row(
            problem,
            variant,
            latency_ms,
            &emulation.topology,
            &config,
            &out,
        ))
    }

    fn row(
        &self,
        problem: &Problem<Plain>,
        variant: &Variant,
        latency_ms: f64,
        topology: &Topology,
        config: &Config,
        out: &Outcome,
    ) -> GridRun {
        let steps = out.report.lb_steps();
        let split = lb_split(
            &out.step_times,
            config.lb.as_ref().map(|l| l.period),
            steps.len(),
        );
        // Work in full-speed seconds: each PE's entry time scaled by its
        // speed; capacity in full-speed PEs.
        let speeds = topology
            .speeds
            .clone()
            .unwrap_or_else(|| vec![1.0; self.pes as usize]);
        let max = speeds.iter().copied().fold(0.0, f64::max);
        let work: f64 = out
            .report
            .pes
            .iter()
            .map(|p| p.counters.entry_ns as f64 * 1e-9 * speeds[p.pe as usize] / max)
            .sum();
        let capacity: f64 = speeds.iter().map(|s| s / max).sum();
        let (ox, oy) = problem.layout.objects();
        let objects = ox * oy;
        GridRun {
            grid: problem.layout.rows(),
            objects,
            objects_per_pe: objects / self.pes,
            variant: variant.clone(),
            latency_ms,
            step_time_s: split.after.unwrap_or_else(|| out.step_time_median_s()),
            step_time_mean_s: step_time_mean(&out.step_times),
            ideal_step_time_s: work / capacity / out.step_times.len().max(1) as f64,
            valid: is_valid(out.max_diff),
            lb_steps: steps.len(),
            migrations: steps.iter().map(|s| s.migrations).sum(),
            strategy_time_s: steps.first().map(|s| s.strategy_time_s),
            lb_step_time_s: steps.first().map(|s| s.step_time_s),
            lb_gather_time_s: steps.first().map(|s| s.gather_time_s),
            lb_migration_time_s: steps.first().map(|s| s.migration_time_s),
            lb_overhead_s: if steps.is_empty() {
                0.0
            } else {
                lb_overhead(&out.step_times)
            },
        }
    }
}

/// The time of the steps beyond the median step, in all: with balancing,
/// what the LB steps cost over an ordinary step (a run's mean step is its
/// median plus this over the steps, when the other steps are even).
pub fn lb_overhead(step_times: &[f64]) -> f64 {
    if step_times.is_empty() {
        return 0.0;
    }
    let median = arts_util::stats::median(step_times);
    step_times.iter().sum::<f64>() - median * step_times.len() as f64
}

/// Jacobi2D on a `grid²` mesh cut into `objects` blocks.
pub fn problem(grid: usize, objects: u32, iters: u32) -> Result<Problem<Plain>, RunError> {
    let (objs_x, objs_y) = object_layout(objects);
    Params {
        rows: grid,
        cols: grid,
        objs_x,
        objs_y,
        iters,
    }
    .problem()
    .map_err(|e| RunError::Config(format!("grid {grid} with {objects} objects: {e}")))
}

/// The latency sweep: every grid size × objects per PE × variant × latency,
/// reported to `each` as it finishes.
pub fn latency_sweep(
    setup: &Setup,
    grids: &[usize],
    objects_per_pe: &[u32],
    variants: &[Variant],
    latencies_ms: &[f64],
    mut each: impl FnMut(&GridRun),
) -> Result<Vec<GridRun>, RunError> {
    let mut rows = Vec::new();
    for &grid in grids {
        for &opp in objects_per_pe {
            let p = problem(grid, opp * setup.pes, setup.iters)?;
            let reference = Arc::new(jacobi2d::reference(&p));
            let cells: Vec<(&Variant, f64)> = variants
                .iter()
                .flat_map(|v| latencies_ms.iter().map(move |&l| (v, l)))
                .collect();
            rows.extend(setup.repeat(
                &cells,
                |(v, l)| setup.run(&p, &reference, v, *l),
                &mut each,
            )?);
        }
    }
    Ok(rows)
}

impl Setup {
    /// Runs every cell `reps` times, interleaved, and keeps each cell's
    /// run with the median mean step time (reported to `each` as it is
    /// chosen).
    fn repeat<C>(
        &self,
        cells: &[C],
        run: impl Fn(&C) -> Result<GridRun, RunError>,
        each: &mut impl FnMut(&GridRun),
    ) -> Result<Vec<GridRun>, RunError> {
        let mut runs: Vec<Vec<GridRun>> = cells.iter().map(|_| Vec::new()).collect();
        for _ in 0..self.reps.max(1) {
            for (cell, out) in cells.iter().zip(&mut runs) {
                out.push(run(cell)?);
            }
        }
        Ok(runs
            .into_iter()
            .map(|mut r| {
                r.sort_by(|a, b| a.step_time_mean_s.total_cmp(&b.step_time_mean_s));
                let median = r.swap_remove(r.len() / 2);
                each(&median);
                median
            })
            .collect())
    }
}

/// The heterogeneity experiment: each variant at one latency on `setup`'s
/// cluster speeds.
pub fn heterogeneity(
    setup: &Setup,
    grid: usize,
    objects_per_pe: u32,
    variants: &[Variant],
    latency_ms: f64,
    mut each: impl FnMut(&GridRun),
) -> Result<Vec<GridRun>, RunError> {
    let p = problem(grid, objects_per_pe * setup.pes, setup.iters)?;
    let reference = Arc::new(jacobi2d::reference(&p));
    setup.repeat(
        variants,
        |v| setup.run(&p, &reference, v, latency_ms),
        &mut each,
    )
}

/// The balancing cost table: one LB step of each strategy (from Naive) at
/// each object count on a `grid²` mesh.
pub fn lb_cost(
    setup: &Setup,
    grid: usize,
    object_counts: &[u32],
    strategies: &[String],
    mut each: impl FnMut(&GridRun),
) -> Result<Vec<GridRun>, RunError> {
    let mut rows = Vec::new();
    for &objects in object_counts {
        let p = problem(grid, objects, setup.iters)?;
        let reference = Arc::new(jacobi2d::reference(&p));
        for s in strategies {
            let row = setup.run(&p, &reference, &Variant::NaiveLb(s.clone()), 0.0)?;
            each(&row);
            rows.push(row);
        }
    }
    Ok(rows)
}

/// The charts of an experiment's runs, each with a file name (SVG):
/// mean step time against latency per mesh and object count for a sweep (one
/// line per variant); step time and its ideal per variant for the
/// heterogeneity experiment; strategy and LB step time against object
/// count for the LB cost table (one line per strategy).
pub fn charts(experiment: &str, rows: &[GridRun]) -> Vec<(String, Chart)> {
    let ms = |s: f64| s * 1e3;
    let series_by =
        |rows: &[&GridRun], x: &dyn Fn(&GridRun) -> f64, y: &dyn Fn(&GridRun) -> f64| {
            let mut out: Vec<Series> = Vec::new();
            for r in rows {
                let name = r.variant.to_string();
                let i = match out.iter().position(|s| s.name == name) {
                    Some(i) => i,
                    None => {
                        out.push(Series {
                            name,
                            points: Vec::new(),
                        });
                        out.len() - 1
                    }
                };
                out[i].points.push((x(r), y(r)));
            }
            out
        };
    let mut keys: Vec<(usize, u32)> = rows.iter().map(|r| (r.grid, r.objects_per_pe)).collect();
    keys.dedup();
    match experiment {
        "sweep" => keys
            .into_iter()
            .map(|(grid, opp)| {
                let sel: Vec<&GridRun> = rows
                    .iter()
                    .filter(|r| r.grid == grid && r.objects_per_pe == opp)
                    .collect();
                let chart = Chart {
                    title: format!("Jacobi2D {grid}x{grid}, {opp} objects per PE"),
                    x_label: "cross-cluster latency (ms)".into(),
                    y_label: "mean step time (ms)".into(),
                    log_x: false,
                    series: series_by(&sel, &|r| r.latency_ms, &|r| ms(r.step_time_mean_s)),
                    ..Chart::default()
                };
                (format!("sweep-{grid}-{opp}.svg"), chart)
            })
            .collect(),
        "heterogeneity" => {
            let step = |r: &GridRun| ms(r.step_time_mean_s);
            let ideal = |r: &GridRun| ms(r.ideal_step_time_s);
            let points = |f: &dyn Fn(&GridRun) -> f64| {
                rows.iter()
                    .enumerate()
                    .map(|(i, r)| (i as f64 + 1.0, f(r)))
                    .collect()
            };
            let names: Vec<String> = rows.iter().map(|r| r.variant.to_string()).collect();
            vec![(
                "heterogeneity.svg".into(),
                Chart {
                    title: format!("slow second cluster: {}", names.join(", ")),
                    x_label: "variant (in the order of the title)".into(),
                    y_label: "mean step time (ms)".into(),
                    log_x: false,
                    series: vec![
                        Series {
                            name: "measured (mean)".into(),
                            points: points(&step),
                        },
                        Series {
                            name: "ideal".into(),
                            points: points(&ideal),
                        },
                    ],
                    ..Chart::default()
                },
            )]
        }
        _ => {
            let all: Vec<&GridRun> = rows
                .iter()
                .filter(|r| r.strategy_time_s.is_some())
                .collect();
            let objects = |r: &GridRun| r.objects as f64;
            let chart = |title: &str, y: &dyn Fn(&GridRun) -> f64| Chart {
                title: title.into(),
                x_label: "objects".into(),
                y_label: "time (ms)".into(),
                log_x: true,
                series: series_by(&all, &objects, y),
                ..Chart::default()
            };
            vec![
                (
                    "lb-cost-strategy.svg".into(),
                    chart("strategy time", &|r| ms(r.strategy_time_s.unwrap_or(0.0))),
                ),
                (
                    "lb-cost-step.svg".into(),
                    chart("whole LB step", &|r| ms(r.lb_step_time_s.unwrap_or(0.0))),
                ),
            ]
        }
    }
}

/// The runs as CSV, one line each (a header first).
pub fn to_csv(rows: &[GridRun]) -> String {
    let opt = |v: Option<f64>| v.map_or(String::new(), |v| format!("{v:.6}"));
    let mut s = String::from(
        "grid,objects,objects_per_pe,variant,latency_ms,step_time_s,ideal_step_time_s,\
         valid,lb_steps,migrations,strategy_time_s,lb_step_time_s,step_time_mean_s\n",
    );
    for r in rows {
        s += &format!(
            "{},{},{},{},{},{:.6},{:.6},{},{},{},{},{},{:.6}\n",
            r.grid,
            r.objects,
            r.objects_per_pe,
            r.variant,
            r.latency_ms,
            r.step_time_s,
            r.ideal_step_time_s,
            r.valid,
            r.lb_steps,
            r.migrations,
            opt(r.strategy_time_s),
            opt(r.lb_step_time_s),
            r.step_time_mean_s,
        );
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_lb_overhead_is_the_time_beyond_median_steps() {
        assert_eq!(lb_overhead(&[]), 0.0);
        assert_eq!(lb_overhead(&[1.0, 1.0, 1.0]), 0.0);
        assert!((lb_overhead(&[1.0, 5.0, 1.0, 1.0, 3.0]) - 6.0).abs() < 1e-12);
    }

    #[test]
    fn variants_parse_and_print_back() {
        for s in [
            "naive",
            "block",
            "naive+prio",
            "block+prio",
            "naive+grid-comm",
            "block+greedy",
        ] {
            assert_eq!(Variant::parse(s).unwrap().to_string(), s);
        }
        assert!(Variant::parse("naive+nope").is_err());
        assert!(Variant::parse("square").is_err());
    }

    #[test]
    fn each_sweep_cell_gets_a_chart_with_a_line_per_variant() {
        let run = |opp, variant: &str, latency_ms| GridRun {
            grid: 64,
            objects: 2 * opp,
            objects_per_pe: opp,
            variant: Variant::parse(variant).unwrap(),
            latency_ms,
            step_time_s: 1e-3,
            step_time_mean_s: 2e-3,
            ideal_step_time_s: 1e-3,
            valid: true,
            lb_steps: 0,
            migrations: 0,
            strategy_time_s: None,
            lb_step_time_s: None,
            lb_gather_time_s: None,
            lb_migration_time_s: None,
            lb_overhead_s: 0.0,
        };
        let rows = vec![
            run(4, "naive", 0.0),
            run(4, "naive", 1.0),
            run(4, "block", 0.0),
            run(4, "block", 1.0),
            run(8, "naive", 0.0),
        ];
        let charts = charts("sweep", &rows);
        let names: Vec<&str> = charts.iter().map(|(n, _)| n.as_str()).collect();
        assert_eq!(names, ["sweep-64-4.svg", "sweep-64-8.svg"]);
        assert_eq!(charts[0].1.series.len(), 2);
        // The charts draw the mean (2 ms), not the median (1 ms).
        assert_eq!(charts[0].1.series[1].points, vec![(0.0, 2.0), (1.0, 2.0)]);
        assert!(charts[0].1.svg().unwrap().contains("block"));
    }

    #[test]
    fn object_layouts_are_nearly_square() {
        assert_eq!(object_layout(64), (8, 8));
        assert_eq!(object_layout(2), (1, 2));
        assert_eq!(object_layout(512), (16, 32));
        assert_eq!(object_layout(7), (1, 7));
    }

    #[test]
    fn every_variant_is_valid_on_an_emulated_grid() {
        let setup = Setup {
            pes: 2,
            clusters: 2,
            iters: 6,
            schedule: Schedule::Every(3),
            cluster_speeds: Some(vec![1.0, 0.5]),
            reps: 2,
            bandwidth_bits_per_s: Some(1e9),
            per_message_overhead: Some(Duration::from_micros(20)),
            grid: GridOptions::default(),
        };
        let variants: Vec<Variant> = [
            "naive",
            "block",
            "naive+prio",
            "block+prio",
            "naive+grid-metis",
        ]
        .iter()
        .map(|s| Variant::parse(s).unwrap())
        .collect();
        let rows = latency_sweep(&setup, &[64], &[8], &variants, &[0.0, 1.0], |_| {}).unwrap();
        assert_eq!(rows.len(), 10);
        for r in &rows {
            assert!(r.valid, "{r:?}");
            assert!(r.step_time_s > 0.0 && r.ideal_step_time_s > 0.0);
            assert!(r.step_time_mean_s > 0.0, "{r:?}");
        }
        let balanced = rows
            .iter()
            .find(|r| r.variant.strategy().is_some())
            .unwrap();
        assert!(balanced.lb_steps >= 1 && balanced.strategy_time_s.is_some());
        // The measurements came with the PEs' Ready reports: no round of
        // Collect and Stats across the link, only bookkeeping.
        assert!(balanced.lb_gather_time_s.is_some_and(|t| t < 0.05));
    }
}
