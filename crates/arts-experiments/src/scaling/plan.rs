//! The campaign's table: which studies exist, which runs each makes at a
//! PE count and size, what is read from each run's JSON, and what a run is
//! predicted to cost.

use serde::Serialize;

use super::cost;

/// One study of the campaign (issue 57, item 2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
#[cfg_attr(feature = "clap", derive(clap::ValueEnum))]
pub enum Study {
    /// jacobi2d on the runtime against the plain loop on rayon.
    Jacobi2d,
    /// leanmd efficiency; with a dense region, refine against none.
    Leanmd,
    /// heat3d on H-Dispatch against rayon, static and scatter.
    Heat3d,
    /// PHOLD and the torus LJS stage: optimistic/conservative against sequential.
    Pdes,
    /// zones and hotspot with each balancer (ideal / measured step).
    Balancers,
    /// Two clusters of P/2: Block vs Block + prioritization, grid-hybrid vs
    /// greedy from Naive, intra-cluster latency while cross traffic waits.
    Grid,
    /// The drift-diffusion solver: distributed S = 4P against static MPI S = P.
    Ddm,
    /// AMPI: stencil3d V = 8P against V = P, a C program with and without balancing.
    Ampi,
    /// Across processes: jacobi2d, zones and ping-pong against static and raw MPI.
    Mpi,
}

impl Study {
    /// Every study, in the order the campaign runs them.
    pub const ALL: [Study; 9] = [
        Study::Jacobi2d,
        Study::Leanmd,
        Study::Heat3d,
        Study::Pdes,
        Study::Balancers,
        Study::Grid,
        Study::Ddm,
        Study::Ampi,
        Study::Mpi,
    ];

    /// Its name in files and on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Study::Jacobi2d => "jacobi2d",
            Study::Leanmd => "leanmd",
            Study::Heat3d => "heat3d",
            Study::Pdes => "pdes",
            Study::Balancers => "balancers",
            Study::Grid => "grid",
            Study::Ddm => "ddm",
            Study::Ampi => "ampi",
            Study::Mpi => "mpi",
        }
    }

    /// The study named `name`, if any.
    pub fn parse(name: &str) -> Option<Study> {
        Study::ALL.into_iter().find(|s| s.name() == name)
    }
}

/// How large a study's runs are; the campaign picks one per study to fit
/// its budget.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Size {
    /// Seconds per study on two cores: the check that everything runs.
    Tiny,
    /// Between.
    Small,
    /// The sizes (jacobi2d 8192², leanmd 8×8×8, stencil3d 240³, ...).
    Full,
}

impl Size {
    /// Every size, smallest first.
    pub const ALL: [Size; 3] = [Size::Tiny, Size::Small, Size::Full];

    /// Its name in files.
    pub fn name(self) -> &'static str {
        match self {
            Size::Tiny => "tiny",
            Size::Small => "small",
            Size::Full => "full",
        }
    }

    /// The next larger size.
    pub fn larger(self) -> Option<Size> {
        match self {
            Size::Tiny => Some(Size::Small),
            Size::Small => Some(Size::Full),
            Size::Full => None,
        }
    }

    /// `values[0]`, `[1]` or `[2]` for tiny, small, full.
    fn pick<T: Copy>(self, values: [T; 3]) -> T {
        values[self as usize]
    }
}

/// What the machine offers the campaign.
#[derive(Clone, Debug)]
pub struct Host {
    /// CPU cores (PEs above it are oversubscribed).
    pub cores: u32,
    /// Whether an `mpirun` was found (the multi-process rows need one).
    pub mpirun: bool,
    /// Why the C program of the AMPI study cannot run, if it cannot.
    pub c_program_missing: Option<String>,
}

/// The placeholder for the compiled C program in a point's arguments.
pub const C_PROGRAM: &str = "{c-program}";

/// How one point is run.
#[derive(Clone, Debug, PartialEq)]
pub enum Exec {
    /// `arts --json ARGS…`, under `mpirun -np N` when `processes` is given.
    Child {
        /// The arguments after `--json`.
        args: Vec<String>,
        /// Processes under mpirun.
        processes: Option<u32>,
    },
    /// The plain jacobi2d loop on a rayon pool (no arts command runs it at
    /// a chosen thread count), in this process.
    RayonJacobi {
        /// Grid side.
        side: usize,
        /// Steps.
        iters: u32,
        /// Threads.
        threads: usize,
    },
    /// Not run, and why.
    Skip(String),
}

/// How a row's ratio is formed; a ratio above 1 always means the row's
/// variant did better than what it is compared with.
#[derive(Clone, Debug, PartialEq)]
pub enum Ratio {
    /// No ratio.
    None,
    /// Against another variant of the study at the same PE count.
    Over(String),
    /// Two keys of the same JSON: `first / second`.
    Keys(&'static str, &'static str),
}

/// How a row's parallel efficiency is formed.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Efficiency {
    /// None.
    None,
    /// A key of the JSON.
    Key(&'static str),
    /// A speed-up key of the JSON divided by the PEs.
    SpeedupOverPes(&'static str),
    /// A sequential-time key divided by PEs × the row's value.
    SequentialOverPes(&'static str),
}

/// How a row's validity is read.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Validity {
    /// Every key must be `true`.
    Keys(&'static [&'static str]),
    /// The command exits non-zero when its result differs from its
    /// reference: success is validity.
    BySuccess,
    /// Nothing to validate, and why.
    Unchecked(&'static str),
}

/// One row read from a point's JSON.
#[derive(Clone, Debug, PartialEq)]
pub struct Measure {
    /// The variant's name within the study.
    pub variant: String,
    /// The JSON key (a dotted path; numbers index arrays) of the value.
    pub metric: &'static str,
    /// Whether a larger value is better (events/s) or worse (seconds).
    pub higher_is_better: bool,
    /// The ratio.
    pub ratio: Ratio,
    /// The efficiency.
    pub efficiency: Efficiency,
    /// The validity.
    pub validity: Validity,
}

/// One run of the campaign and the rows it yields.
#[derive(Clone, Debug, PartialEq)]
pub struct Point {
    /// Its study.
    pub study: Study,
    /// PEs (threads, or processes under mpirun).
    pub pes: u32,
    /// How it runs.
    pub exec: Exec,
    /// The rows read from it.
    pub measures: Vec<Measure>,
    /// Predicted seconds on the reference machine (2 cores).
    pub cost_s: f64,
}

fn s(v: impl ToString) -> String {
    v.to_string()
}

fn args(items: &[&str]) -> Vec<String> {
    items.iter().map(|a| a.to_string()).collect()
}

/// A row timed in seconds (lower is better).
fn timed(variant: impl Into<String>, metric: &'static str) -> Measure {
    Measure {
        variant: variant.into(),
        metric,
        higher_is_better: false,
        ratio: Ratio::None,
        efficiency: Efficiency::None,
        validity: Validity::Keys(&["valid"]),
    }
}

impl Measure {
    fn over(mut self, baseline: impl Into<String>) -> Measure {
        self.ratio = Ratio::Over(baseline.into());
        self
    }

    fn efficiency(mut self, e: Efficiency) -> Measure {
        self.efficiency = e;
        self
    }
}

/// The points of `study` at every PE count of `pes`, at `size`.
pub fn points(study: Study, size: Size, pes: &[u32], host: &Host) -> Vec<Point> {
    let mut out = Vec::new();
    for (i, &p) in pes.iter().enumerate() {
        let mut add = |exec: Exec, measures: Vec<Measure>, seq_s: f64, references: f64| {
            let cost_s = match &exec {
                Exec::Skip(_) => 0.0,
                _ => cost::predict(seq_s, references, p, host.cores),
            };
            out.push(Point {
                study,
                pes: p,
                exec,
                measures,
                cost_s,
            });
        };
        match study {
            Study::Jacobi2d => jacobi2d(size, p, &mut add),
            Study::Leanmd => leanmd(size, p, &mut add),
            Study::Heat3d => heat3d(size, p, &mut add),
            Study::Pdes => pdes(size, p, &mut add),
            Study::Balancers => balancers(size, p, &mut add),
            Study::Grid => grid(size, p, i == first_even(pes), &mut add),
            Study::Ddm => ddm(size, p, host, &mut add),
            Study::Ampi => ampi(size, p, host, &mut add),
            Study::Mpi => mpi(size, p, host, &mut add),
        }
    }
    out
}

/// Index of the first even PE count (where the grid delay check runs once).
fn first_even(pes: &[u32]) -> usize {
    pes.iter()
        .position(|p| p.is_multiple_of(2))
        .unwrap_or(usize::MAX)
}

type Add<'a> = dyn FnMut(Exec, Vec<Measure>, f64, f64) + 'a;

fn child(a: Vec<String>) -> Exec {
    Exec::Child {
        args: a,
        processes: None,
    }
}

fn jacobi2d(size: Size, p: u32, add: &mut Add) {
    let side = size.pick([1024usize, 4096, 8192]);
    let iters = 20u32;
    let seq = size.pick([0.4, 4.9, 20.0]);
    let grid = format!("{side}x{side}");
    let mut a = args(&["run", "jacobi2d", "--grid", &grid, "--objects", "16x16"]);
    a.extend([s("--iters"), s(iters), s("--pes"), s(p)]);
    add(
        child(a),
        vec![
            timed("arts", "step_time_median_s")
                .over("rayon")
                .efficiency(Efficiency::Key("parallel_efficiency")),
        ],
        seq,
        1.0,
    );
    add(
        Exec::RayonJacobi {
            side,
            iters,
            threads: p as usize,
        },
        vec![Measure {
            validity: Validity::Unchecked("the rayon loop is the baseline; it reports no result"),
            ..timed("rayon", "step_time_median_s").efficiency(Efficiency::SequentialOverPes(
                "sequential_step_time_median_s",
            ))
        }],
        seq,
        1.0,
    );
}

fn leanmd(size: Size, p: u32, add: &mut Add) {
    let cells = size.pick(["4x4x4", "6x6x6", "8x8x8"]);
    let steps = size.pick([10u32, 20, 30]);
    let seq = size.pick([1.6, 8.0, 27.0]);
    let base = |extra: &[&str]| {
        let mut a = args(&["run", "leanmd", "--cells", cells]);
        a.extend([s("--steps"), s(steps), s("--pes"), s(p)]);
        a.extend(extra.iter().map(|x| x.to_string()));
        a
    };
    add(
        child(base(&[])),
        vec![
            timed("uniform", "step_time_median_s")
                .efficiency(Efficiency::Key("parallel_efficiency")),
        ],
        seq,
        1.0,
    );
    for lb in ["none", "refine"] {
        let m = timed(format!("dense-{lb}"), "step_time_mean_s")
            .efficiency(Efficiency::Key("parallel_efficiency"));
        let m = if lb == "refine" {
            m.over("dense-none")
        } else {
            m
        };
        add(
            child(base(&["--dense-region", "0.125:3", "--lb", lb])),
            vec![m],
            seq * 1.6,
            1.0,
        );
    }
}

fn heat3d(size: Size, p: u32, add: &mut Add) {
    let n = size.pick([64u32, 128, 200]);
    let steps = size.pick([10u32, 20, 30]);
    let seq = size.pick([0.1, 0.75, 4.3]);
    for mode in ["hdispatch", "rayon", "static", "scatter"] {
        let mut a = args(&["run", "heat3d", "--mode", mode]);
        a.extend([s("--n"), s(n), s("--steps"), s(steps), s("--threads"), s(p)]);
        let m = timed(mode, "step_time_median_s")
            .efficiency(Efficiency::SpeedupOverPes("speedup_vs_sequential"));
        let m = if mode == "hdispatch" {
            m.over("rayon")
        } else {
            m
        };
        add(child(a), vec![m], seq, 1.0);
    }
}

fn pdes(size: Size, p: u32, add: &mut Add) {
    let end = size.pick([20u32, 100, 400]);
    let atoms = size.pick([1000u32, 20000, 50000]);
    let phold_seq = size.pick([0.22, 0.95, 3.8]);
    let torus_seq = size.pick([2.0, 11.0, 27.0]);
    let events = |variant: &str, baseline: Option<&str>, validity| Measure {
        variant: variant.to_string(),
        metric: "events_per_s",
        higher_is_better: true,
        ratio: baseline.map_or(Ratio::None, |b| Ratio::Over(b.to_string())),
        efficiency: Efficiency::None,
        validity,
    };
    let oracle = Validity::Unchecked("the sequential engine is the oracle");
    for (model, seq, extra) in [
        (
            "phold",
            phold_seq,
            vec![
                s("pdes"),
                s("phold"),
                s("--lps"),
                s(16384),
                s("--end-time"),
                s(end),
            ],
        ),
        (
            "torus-ljs",
            torus_seq,
            vec![
                s("pdes"),
                s("torus"),
                s("--dims"),
                s("16x16x16"),
                s("--workload"),
                s("ljs"),
                s("--ljs-atoms"),
                s(atoms),
            ],
        ),
    ] {
        let baseline = format!("{model}-sequential");
        let mut a = extra.clone();
        a.extend([s("--sync"), s("sequential")]);
        add(child(a), vec![events(&baseline, None, oracle)], seq, 0.0);
        let syncs: &[&str] = if model == "phold" {
            &["optimistic", "conservative"]
        } else {
            &["optimistic"]
        };
        for sync in syncs {
            let mut a = extra.clone();
            a.extend([s("--sync"), s(sync), s("--pes"), s(p), s("--validate")]);
            add(
                child(a),
                vec![events(
                    &format!("{model}-{sync}"),
                    Some(&baseline),
                    Validity::Keys(&["valid"]),
                )],
                seq,
                1.0,
            );
        }
    }
}

fn balancers(size: Size, p: u32, add: &mut Add) {
    let zones_iters = size.pick([20u32, 60, 100]);
    let hot_grid = size.pick(["1024x1024", "1024x1024", "2048x2048"]);
    let hot_iters = size.pick([20u32, 40, 60]);
    for lb in ["none", "greedy", "refine"] {
        for (app, extra, seq) in [
            (
                "zones",
                vec![s("--iters"), s(zones_iters)],
                0.037 * zones_iters as f64,
            ),
            (
                "hotspot",
                vec![s("--grid"), s(hot_grid), s("--iters"), s(hot_iters)],
                size.pick([1.5, 3.0, 17.5]),
            ),
        ] {
            let mut a = args(&["run", app, "--lb", lb, "--pes"]);
            a.push(s(p));
            a.extend(extra);
            let m = Measure {
                ratio: Ratio::Keys("ideal_step_time_s", "step_time_mean_s"),
                ..timed(format!("{app}-{lb}"), "step_time_mean_s")
                    .efficiency(Efficiency::Key("parallel_efficiency"))
            };
            add(child(a), vec![m], seq, 1.0);
        }
    }
}

/// The grid study's latencies (ms): below, near and past the knee of
/// Block at these sizes.
const GRID_LATENCIES_MS: [u32; 3] = [1, 4, 16];

fn grid(size: Size, p: u32, delay_here: bool, add: &mut Add) {
    if p < 2 || !p.is_multiple_of(2) {
        add(
            Exec::Skip(format!(
                "2 clusters of P/2 PEs need an even P of at least 2 (P = {p})"
            )),
            vec![timed("grid", "step_time_mean_s")],
            0.0,
            0.0,
        );
        return;
    }
    let side = size.pick([1024u32, 2048, 2048]);
    let iters = size.pick([20u32, 30, 60]);
    let seq = size.pick([0.02, 0.1, 0.2]) * iters as f64;
    let base = |extra: &[String]| {
        let mut a = args(&["run", "jacobi2d", "--objects", "16x16", "--clusters", "2"]);
        a.extend([
            s("--grid"),
            format!("{side}x{side}"),
            s("--iters"),
            s(iters),
        ]);
        a.extend([s("--pes"), s(p)]);
        a.extend(extra.iter().cloned());
        a
    };
    for l in GRID_LATENCIES_MS {
        let block = format!("block@{l}ms");
        for prio in [false, true] {
            let mut extra = vec![s("--map"), s("block"), s("--latency"), format!("{l}ms")];
            let m = if prio {
                extra.extend([s("--grid-priority"), s("on")]);
                timed(format!("block+prio@{l}ms"), "step_time_mean_s").over(block.clone())
            } else {
                timed(block.clone(), "step_time_mean_s")
            };
            // The emulated latency adds to every step's wall time.
            add(
                child(base(&extra)),
                vec![m],
                seq + l as f64 * 1e-3 * iters as f64,
                1.0,
            );
        }
    }
    for lb in ["greedy", "grid-hybrid"] {
        let extra = [
            s("--map"),
            s("round-robin"),
            s("--latency"),
            s("8ms"),
            s("--lb"),
            s(lb),
            s("--lb-period"),
            s(10),
        ];
        let m = timed(format!("naive+{lb}@8ms"), "step_time_mean_s");
        let m = if lb == "grid-hybrid" {
            m.over("naive+greedy@8ms")
        } else {
            m
        };
        add(
            child(base(&extra)),
            vec![m],
            seq + 8e-3 * iters as f64 * 2.0,
            1.0,
        );
    }
    if delay_here {
        let trips = size.pick([10u32, 20, 40]);
        let reps = size.pick([3u32, 3, 5]);
        let mut a = args(&[
            "grid",
            "delay",
            "--latencies",
            "8",
            "--cost-reps",
            "0",
            "--link-reps",
            "0",
        ]);
        a.extend([s("--trips"), s(trips), s("--intra-reps"), s(reps)]);
        add(
            child(a),
            vec![Measure {
                validity: Validity::Unchecked(
                    "a latency measurement (runs on its own 2 PEs, whatever P)",
                ),
                ..timed("intra-latency-ratio@8ms", "runs.0.intra_ratio")
            }],
            // Its intra-cluster game runs slowly on a loaded machine (a
            // 40-trip, 5-rep check passed 30 s on 2 busy cores).
            0.1 * trips as f64 + 2.0 * reps as f64,
            0.0,
        );
    }
}

fn ddm(size: Size, p: u32, host: &Host, add: &mut Add) {
    // The paper's device (apd-sam) but at the tiny size, whose run is the
    // small silicon p-n junction. Each run also solves the sequential and
    // relaxed references.
    let preset = size.pick(["si-pn", "apd-sam", "apd-sam"]);
    let tolerance = size.pick(["1e-6", "1e-6", "1e-9"]);
    let seq = size.pick([0.2, 7.0, 12.0]);
    let run = |style: &str, segments: u32| {
        let mut a = args(&[
            "run",
            "ddm",
            "--preset",
            preset,
            "--bias",
            "0",
            "--instrument-every",
            "0",
        ]);
        a.extend([s("--tolerance"), s(tolerance), s("--parallel"), s(style)]);
        a.extend([s("--segments"), s(segments)]);
        a
    };
    let valid = Validity::Keys(&["valid", "parallel.matches_relaxed_solver"]);
    let static_name = "static-mpi-S=P";
    let mut a = run("distributed", 4 * p);
    a.extend([s("--pes"), s(p)]);
    add(
        child(a),
        vec![Measure {
            validity: valid,
            ..timed("distributed-S=4P", "time_s").over(static_name)
        }],
        seq,
        2.0,
    );
    let exec = if host.mpirun {
        Exec::Child {
            args: run("static", p),
            processes: Some(p),
        }
    } else {
        Exec::Skip("no mpirun found (static MPI needs one)".into())
    };
    add(
        exec,
        vec![Measure {
            validity: valid,
            ..timed(static_name, "time_s")
        }],
        seq,
        2.0,
    );
}

fn ampi(size: Size, p: u32, host: &Host, add: &mut Add) {
    let side = size.pick([60u32, 120, 240]);
    let iters = size.pick([10u32, 20, 20]);
    let seq = size.pick([0.12, 0.7, 5.0]);
    for vp in [p, 8 * p] {
        let mut a = args(&["ampi", "run", "stencil3d"]);
        a.extend([
            s("--vp"),
            s(vp),
            s("--pes"),
            s(p),
            s("--size"),
            s(side),
            s("--iters"),
            s(iters),
        ]);
        let m = if vp == p {
            timed("stencil3d-V=P", "step_time_median_s")
        } else {
            timed("stencil3d-V=8P", "step_time_median_s").over("stencil3d-V=P")
        };
        add(child(a), vec![m], seq, 1.0);
    }
    let n = size.pick([256u32, 512, 768]);
    let c_iters = size.pick([40u32, 80, 100]);
    let c_seq = size.pick([0.8, 6.0, 17.0]);
    for lb in ["none", "greedy"] {
        let variant = format!("stencil2d.c-V=8P-{lb}");
        let exec = match &host.c_program_missing {
            Some(why) => Exec::Skip(why.clone()),
            None => {
                let mut a = args(&["ampi", "run", "--lb", lb, "--lb-period", "1"]);
                a.extend([s("--vp"), s(8 * p), s("--pes"), s(p), s(C_PROGRAM), s("--")]);
                // n, iters, heavy (the top half costs 4×), AMPI_Migrate every 10.
                a.extend([s(n), s(c_iters), s(4), s(10)]);
                child(a)
            }
        };
        let m = Measure {
            validity: Validity::BySuccess,
            ..timed(variant, "total_time_s")
        };
        let m = if lb == "greedy" {
            m.over("stencil2d.c-V=8P-none")
        } else {
            m
        };
        add(exec, vec![m], c_seq, 0.0);
    }
}

fn mpi(size: Size, p: u32, host: &Host, add: &mut Add) {
    let by_keys = |variant: &str, metric, baseline| Measure {
        ratio: Ratio::Keys(baseline, metric),
        validity: Validity::BySuccess,
        ..timed(variant, metric)
    };
    let measures = vec![
        by_keys(
            "jacobi2d-vs-static-mpi",
            "arts_jacobi_step_s",
            "static_mpi_jacobi_step_s",
        ),
        by_keys(
            "zones-vs-static-mpi",
            "arts_zones_greedy_step_s",
            "static_mpi_zones_step_s",
        ),
        by_keys("pingpong-vs-raw-mpi", "arts_pingpong_ns", "raw_pingpong_ns"),
    ];
    let exec = if p < 2 {
        Exec::Skip(format!("across processes needs at least 2 (P = {p})"))
    } else if !host.mpirun {
        Exec::Skip("no mpirun found".into())
    } else {
        let trips = size.pick([2000u32, 10000, 20000]);
        let iters = size.pick([12u32, 20, 40]);
        let repeat = size.pick([1u32, 1, 3]);
        let mut a = args(&["bench", "mpi"]);
        a.extend([
            s("--round-trips"),
            s(trips),
            s("--iters"),
            s(iters),
            s("--repeat"),
            s(repeat),
        ]);
        Exec::Child {
            args: a,
            processes: Some(p),
        }
    };
    // Measured: the tiny run took 8.4 s on 2 processes here; the larger
    // ones grow with round trips × repeats.
    let seq = size.pick([16.0, 30.0, 100.0]);
    add(exec, measures, seq, 0.0);
}

#[cfg(test)]
mod tests {
    use super::*;

    fn host(mpirun: bool) -> Host {
        Host {
            cores: 2,
            mpirun,
            c_program_missing: Some("no arts-mpicc".into()),
        }
    }

    #[test]
    fn names_round_trip_and_sizes_grow() {
        for s in Study::ALL {
            assert_eq!(Study::parse(s.name()), Some(s));
        }
        assert_eq!(Study::parse("nope"), None);
        assert_eq!(Size::Tiny.larger(), Some(Size::Small));
        assert_eq!(Size::Full.larger(), None);
    }

    #[test]
    fn every_ratio_names_a_variant_of_its_study_at_the_same_pes() {
        for study in Study::ALL {
            for size in Size::ALL {
                let pts = points(study, size, &[1, 2, 4], &host(true));
                assert!(!pts.is_empty(), "{study:?}");
                for p in &pts {
                    for m in &p.measures {
                        if let Ratio::Over(b) = &m.ratio {
                            assert!(
                                pts.iter().any(|q| q.pes == p.pes
                                    && q.measures.iter().any(|n| &n.variant == b)),
                                "{study:?} {} has no baseline {b} at {}",
                                m.variant,
                                p.pes
                            );
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn larger_sizes_cost_more_and_runs_carry_their_pes() {
        for study in Study::ALL {
            let cost = |size| -> f64 {
                points(study, size, &[2], &host(true))
                    .iter()
                    .map(|p| p.cost_s)
                    .sum()
            };
            assert!(cost(Size::Tiny) < cost(Size::Full), "{study:?}");
        }
        let pts = points(Study::Heat3d, Size::Tiny, &[4], &host(true));
        for p in pts {
            let Exec::Child { args, .. } = p.exec else {
                panic!("heat3d runs as a child")
            };
            let at = args.iter().position(|a| a == "--threads").unwrap();
            assert_eq!(args[at + 1], "4");
        }
    }

    #[test]
    fn without_mpirun_or_odd_pes_the_rows_are_skipped_with_a_reason() {
        let mpi = points(Study::Mpi, Size::Tiny, &[1, 2], &host(false));
        assert!(mpi.iter().all(|p| matches!(p.exec, Exec::Skip(_))));
        let ddm = points(Study::Ddm, Size::Tiny, &[2], &host(false));
        assert!(matches!(&ddm[1].exec, Exec::Skip(w) if w.contains("mpirun")));
        assert!(matches!(ddm[0].exec, Exec::Child { .. }));
        let grid = points(Study::Grid, Size::Tiny, &[1, 3], &host(true));
        assert!(
            grid.iter()
                .all(|p| matches!(&p.exec, Exec::Skip(w) if w.contains("even")))
        );
        // The delay check runs once, at the first even P.
        let grid = points(Study::Grid, Size::Tiny, &[2, 4], &host(true));
        let delays = grid
            .iter()
            .filter(|p| p.measures[0].variant.starts_with("intra"))
            .count();
        assert_eq!(delays, 1);
    }
}
