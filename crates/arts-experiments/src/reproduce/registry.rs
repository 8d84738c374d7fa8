//! The registry: every figure and table of the five papers, read from the
//! TOML files in `registry/` (embedded in the binary) or from files a user
//! names, and checked before anything runs.

use std::collections::{BTreeMap, HashSet};
use std::fmt;
use std::path::Path;

use serde::{Deserialize, Serialize};

use super::ReproduceError;

/// The five papers, by the key their ids start with.
pub const PAPERS: &[(&str, &str)] = &[
    (
        "ampi",
        "Adaptive MPI (Huang, Lawlor, Kalé): virtual processors, migration, AMPI's extensions",
    ),
    (
        "grid",
        "Latency masking and topology-aware load balancing on grids (Koenig's thesis)",
    ),
    (
        "ddm",
        "Drift-diffusion on clusters: MOSIX-style, Charm++-style and static MPI load balancing",
    ),
    (
        "pdes",
        "Optimistic PDES of a Blue Gene/L torus network (the LJS workload at 64K nodes)",
    ),
    (
        "hdispatch",
        "H-Dispatch: hungry-pull task dispatch on persistent threads for multicore",
    ),
];

/// The built-in registry files: (name, text).
const BUILT_IN: &[(&str, &str)] = &[
    ("ampi.toml", include_str!("registry/ampi.toml")),
    ("grid-1.toml", include_str!("registry/grid-1.toml")),
    ("grid-2.toml", include_str!("registry/grid-2.toml")),
    ("ddm.toml", include_str!("registry/ddm.toml")),
    ("pdes.toml", include_str!("registry/pdes.toml")),
    ("hdispatch.toml", include_str!("registry/hdispatch.toml")),
];

/// Whether an entry is a figure or a table of its paper.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Kind {
    /// A figure (a plot, or a drawing).
    Figure,
    /// A table.
    Table,
}

/// Where an entry stands, as recorded from our last full run.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum State {
    /// Our run shows what the paper shows (every check passes).
    Reproduced,
    /// Our run differs from the paper; the reason says how and why.
    Differs,
    /// It needs what this machine lacks (a 128-processor machine, a TeraGrid link).
    NotReproducible,
    /// arts has no command for it yet; the reason names the open issue that adds it.
    Missing,
    /// A drawing, not a measurement; the reason says where arts implements it.
    Diagram,
}

impl State {
    /// Every state, in the order reports list them.
    pub const ALL: [State; 5] = [
        State::Reproduced,
        State::Differs,
        State::NotReproducible,
        State::Missing,
        State::Diagram,
    ];

    /// The name used in the registry files, lists and reports.
    pub fn name(self) -> &'static str {
        match self {
            State::Reproduced => "reproduced",
            State::Differs => "differs",
            State::NotReproducible => "not-reproducible",
            State::Missing => "missing",
            State::Diagram => "diagram",
        }
    }
}

impl fmt::Display for State {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// An external program an entry needs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Requirement {
    /// Open MPI's `mpirun`.
    Mpirun,
    /// MPICH (`mpirun.mpich`).
    Mpich,
    /// An MPI C compiler wrapper (`mpicc`).
    Mpicc,
}

impl Requirement {
    /// The program looked for on `PATH`, and what it is.
    pub fn program(self) -> (&'static str, &'static str) {
        match self {
            Requirement::Mpirun => ("mpirun", "Open MPI (apt-get install openmpi-bin)"),
            Requirement::Mpich => ("mpirun.mpich", "MPICH (apt-get install mpich)"),
            Requirement::Mpicc => (
                "mpicc",
                "an MPI C compiler (apt-get install libopenmpi-dev)",
            ),
        }
    }
}

/// Runs the command once per value, appending `[flag, value]`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Sweep {
    /// The flag the value follows.
    pub flag: String,
    /// The values at full size.
    pub values: Vec<String>,
    /// The values with `--quick` (default: `values`).
    pub quick_values: Option<Vec<String>>,
}

/// One way of running an entry's command: its arguments appended, its
/// name the rows' `variant` field (one series each with `group = "variant"`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Variant {
    /// The name (a series name with `group = "variant"`).
    pub name: String,
    /// The arguments appended.
    pub args: Vec<String>,
    /// Run under `mpirun -np N` (instead of the run's own `processes`).
    pub processes: Option<u32>,
}

/// One command line of a run.
#[derive(Clone, Debug, PartialEq)]
pub struct Invocation<'a> {
    /// The variant it runs, if any.
    pub variant: Option<&'a Variant>,
    /// The sweep value it runs with, if any.
    pub sweep: Option<&'a str>,
    /// The arguments of `arts` (without `--json`; `{out}` not yet replaced).
    pub argv: Vec<String>,
    /// Under `mpirun -np N`.
    pub processes: Option<u32>,
}

/// The arts command that reproduces an entry.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Run {
    /// The arguments of `arts` at full size, without `--json`.
    pub args: Vec<String>,
    /// The arguments with `--quick` (default: `args`).
    pub quick: Option<Vec<String>>,
    /// External programs the command needs.
    #[serde(default)]
    pub requires: Vec<Requirement>,
    /// Run once per value of a flag.
    pub sweep: Option<Sweep>,
    /// Run under `mpirun -np N` (needs Open MPI and arts built with `--features mpi`).
    pub processes: Option<u32>,
    /// Run this many times and take the pointwise median (noisy timings).
    pub repeat: Option<u32>,
    /// Run once per variant (each over the whole sweep).
    #[serde(default)]
    pub variants: Vec<Variant>,
}

impl Run {
    /// The arguments and sweep values of the full or the quick size.
    pub fn sized(&self, quick: bool) -> (&[String], Option<(&str, &[String])>) {
        let args = match (&self.quick, quick) {
            (Some(q), true) => q,
            _ => &self.args,
        };
        let sweep = self.sweep.as_ref().map(|s| {
            let values = match (&s.quick_values, quick) {
                (Some(q), true) => q,
                _ => &s.values,
            };
            (s.flag.as_str(), values.as_slice())
        });
        (args, sweep)
    }

    /// Every command line the run is made of, at the full or quick size:
    /// one per variant and sweep value, in that order.
    pub fn invocations(&self, quick: bool) -> Vec<Invocation<'_>> {
        let (args, sweep) = self.sized(quick);
        let variants: Vec<Option<&Variant>> = match self.variants.is_empty() {
            true => vec![None],
            false => self.variants.iter().map(Some).collect(),
        };
        let values: Vec<Option<&str>> = match sweep {
            None => vec![None],
            Some((_, values)) => values.iter().map(|v| Some(v.as_str())).collect(),
        };
        let mut all = Vec::new();
        for variant in &variants {
            for value in &values {
                let mut argv = args.to_vec();
                if let Some(v) = variant {
                    argv.extend(v.args.iter().cloned());
                }
                if let (Some(value), Some((flag, _))) = (value, sweep) {
                    argv.extend([flag.to_string(), value.to_string()]);
                }
                let processes = variant.and_then(|v| v.processes).or(self.processes);
                all.push(Invocation {
                    variant: *variant,
                    sweep: *value,
                    argv,
                    processes,
                });
            }
        }
        all
    }

    /// The command line as a user types it (full size).
    pub fn command(&self) -> String {
        self.command_sized(false)
    }

    /// The command line of the full or the quick size.
    pub fn command_sized(&self, quick: bool) -> String {
        let (args, sweep) = self.sized(quick);
        let mut words = match self.processes {
            Some(n) => vec![format!("mpirun -np {n} arts")],
            None => vec!["arts".to_string()],
        };
        words.extend(args.iter().map(|a| shell_word(a)));
        if !self.variants.is_empty() {
            let each: Vec<String> = self
                .variants
                .iter()
                .map(|v| match v.processes {
                    Some(n) => format!("{} (mpirun -np {n})", v.args.join(" ")),
                    None => v.args.join(" "),
                })
                .collect();
            words.push(format!("{{{}}}", each.join(" | ")));
        }
        if let Some((flag, values)) = sweep {
            words.push(format!("{flag} {{{}}}", values.join(",")));
        }
        words.join(" ")
    }
}

/// `word`, quoted when a shell would split it.
fn shell_word(word: &str) -> String {
    let plain = !word.is_empty()
        && word
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || "-_./,:=+@%".contains(c));
    if plain {
        word.to_string()
    } else {
        format!("'{}'", word.replace('\'', r"'\''"))
    }
}

/// How to read our series out of the command's JSON.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Plot {
    /// A JSON pointer to the array of rows; `None`: the output is one row.
    pub rows: Option<String>,
    /// The x field of a row (a key, or a JSON pointer starting with `/`; `sweep`: the sweep value).
    pub x: String,
    /// The y fields: one series each (or one field split by `group`).
    pub y: Vec<String>,
    /// One series per distinct value of these row fields (a string: one field).
    #[serde(default, deserialize_with = "one_or_many")]
    pub group: Vec<String>,
    /// The series' names, instead of the y fields.
    pub names: Option<Vec<String>>,
    /// Only rows whose fields equal these values.
    #[serde(default)]
    pub filter: BTreeMap<String, serde_json::Value>,
    /// The x axis label.
    pub x_label: String,
    /// The y axis label.
    pub y_label: String,
    /// A logarithmic x axis.
    #[serde(default)]
    pub log_x: bool,
}

/// A list written as one string or as an array of strings.
fn one_or_many<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Vec<String>, D::Error> {
    #[derive(Deserialize)]
    #[serde(untagged)]
    enum OneOrMany {
        One(String),
        Many(Vec<String>),
    }
    Ok(match OneOrMany::deserialize(d)? {
        OneOrMany::One(s) => vec![s],
        OneOrMany::Many(v) => v,
    })
}

/// An x value: a number, or a category (a strategy, a mapping).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum XValue {
    /// A number.
    Num(f64),
    /// A category name.
    Cat(String),
}

impl fmt::Display for XValue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            XValue::Num(v) => write!(f, "{v}"),
            XValue::Cat(c) => f.write_str(c),
        }
    }
}

/// The paper's numbers for one curve or table column.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PaperSeries {
    /// The legend entry (conventionally `paper: ...`).
    pub name: String,
    /// Where in the paper the numbers are.
    pub source: String,
    /// The points `[x, y]`.
    pub points: Vec<(XValue, f64)>,
}

/// The paper's finding, as a test of our series.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
pub enum Check {
    /// `series` < `than` × (1 + margin) at every x both have.
    Below {
        /// The series that should be lower.
        series: String,
        /// The series it is compared with.
        than: String,
        /// The relative slack allowed.
        #[serde(default)]
        margin: f64,
        /// The paper's claim in words.
        note: Option<String>,
    },
    /// `series` ≤ `than` × (1 − by) at one x at least (a gain the paper
    /// finds in a band of x, not everywhere).
    BelowSomewhere {
        /// The series that should be lower somewhere.
        series: String,
        /// The series it is compared with.
        than: String,
        /// The least relative gain.
        by: f64,
        /// The paper's claim in words.
        note: Option<String>,
    },
    /// Every y at most (1 + tolerance) × the one before it.
    Decreasing {
        /// The series.
        series: String,
        /// The relative step the wrong way allowed.
        #[serde(default)]
        tolerance: f64,
        /// The paper's claim in words.
        note: Option<String>,
    },
    /// Every y at least (1 − tolerance) × the one before it.
    Increasing {
        /// The series.
        series: String,
        /// The relative step the wrong way allowed.
        #[serde(default)]
        tolerance: f64,
        /// The paper's claim in words.
        note: Option<String>,
    },
    /// y / y_of in [1/factor, factor] at every x both have.
    Within {
        /// Our series.
        series: String,
        /// The series (ours or the paper's) it should be near.
        of: String,
        /// The ratio allowed either way (≥ 1).
        factor: f64,
        /// The paper's claim in words.
        note: Option<String>,
    },
    /// Every y ≤ value.
    AtMost {
        /// The series.
        series: String,
        /// The bound.
        value: f64,
        /// The paper's claim in words.
        note: Option<String>,
    },
    /// The series is highest at `x` (within `tolerance` of its highest y).
    PeakAt {
        /// The series.
        series: String,
        /// Where the peak should be.
        x: XValue,
        /// The relative shortfall from the highest y allowed at `x`.
        #[serde(default)]
        tolerance: f64,
        /// The paper's claim in words.
        note: Option<String>,
    },
    /// The series is lowest at `x` (within `tolerance` of its lowest y).
    LowestAt {
        /// The series.
        series: String,
        /// Where the minimum should be.
        x: XValue,
        /// The relative excess over the lowest y allowed at `x`.
        #[serde(default)]
        tolerance: f64,
        /// The paper's claim in words.
        note: Option<String>,
    },
    /// Every y ≥ value.
    AtLeast {
        /// The series.
        series: String,
        /// The bound.
        value: f64,
        /// The paper's claim in words.
        note: Option<String>,
    },
    /// The series' last y ≥ factor × its first y (a cost that rises over a run).
    Grows {
        /// The series.
        series: String,
        /// The least ratio of the last y to the first.
        factor: f64,
        /// The paper's claim in words.
        note: Option<String>,
    },
}

impl Check {
    /// The series it names.
    pub fn series_names(&self) -> Vec<&str> {
        match self {
            Check::Below { series, than, .. } | Check::BelowSomewhere { series, than, .. } => {
                vec![series, than]
            }
            Check::Within { series, of, .. } => vec![series, of],
            Check::Decreasing { series, .. }
            | Check::Increasing { series, .. }
            | Check::PeakAt { series, .. }
            | Check::LowestAt { series, .. }
            | Check::AtMost { series, .. }
            | Check::AtLeast { series, .. }
            | Check::Grows { series, .. } => vec![series],
        }
    }
}

/// One figure or table of a paper.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Entry {
    /// `<paper>/fig<N>` or `<paper>/table<N>`.
    pub id: String,
    /// Figure or table.
    pub kind: Kind,
    /// The caption, shortened.
    pub title: String,
    /// Where in the paper.
    pub source: String,
    /// What the paper shows with it.
    pub finding: String,
    /// What the paper ran.
    pub paper_scale: String,
    /// What we run here.
    pub our_scale: String,
    /// The state recorded from our last full run.
    pub state: State,
    /// Why, unless reproduced.
    pub reason: Option<String>,
    /// The command that reproduces it.
    pub run: Option<Run>,
    /// How to read our series from the command's JSON.
    pub plot: Option<Plot>,
    /// The paper's numbers.
    #[serde(default)]
    pub paper_series: Vec<PaperSeries>,
    /// The paper's finding as tests of our series.
    #[serde(default, rename = "check")]
    pub checks: Vec<Check>,
}

impl Entry {
    /// The paper key (the part of the id before `/`).
    pub fn paper(&self) -> &str {
        self.id.split('/').next().unwrap_or("")
    }

    /// The id as a file name (`ampi/fig7` → `ampi-fig7`).
    pub fn file_stem(&self) -> String {
        self.id.replace('/', "-")
    }
}

/// One registry file as written.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RegistryFile {
    paper: String,
    #[serde(default, rename = "entry")]
    entries: Vec<Entry>,
}

/// Every entry, in paper order then file order.
#[derive(Clone, Debug, Default)]
pub struct Registry {
    /// The entries.
    pub entries: Vec<Entry>,
}

impl Registry {
    /// The registry built into arts.
    pub fn built_in() -> Result<Registry, ReproduceError> {
        Registry::parse(BUILT_IN.iter().map(|(n, t)| (n.to_string(), t.to_string())))
    }

    /// The registry of the given files instead of the built-in one.
    pub fn from_files(paths: &[impl AsRef<Path>]) -> Result<Registry, ReproduceError> {
        let mut files = Vec::new();
        for p in paths {
            let p = p.as_ref();
            let text = std::fs::read_to_string(p).map_err(|e| {
                ReproduceError::Registry(format!("cannot read registry {}: {e}", p.display()))
            })?;
            files.push((p.display().to_string(), text));
        }
        Registry::parse(files)
    }

    /// Parses and checks registry files given as (name, text).
    pub fn parse(
        files: impl IntoIterator<Item = (String, String)>,
    ) -> Result<Registry, ReproduceError> {
        let mut entries = Vec::new();
        let mut seen = HashSet::new();
        for (name, text) in files {
            let bad = |msg: String| ReproduceError::Registry(format!("{name}: {msg}"));
            let file: RegistryFile = toml::from_str(&text)
                .map_err(|e| bad(e.message().to_string() + &at_line(&text, e.span())))?;
            if !PAPERS.iter().any(|(k, _)| *k == file.paper) {
                return Err(bad(format!(
                    "paper '{}' is unknown; accepted: {}",
                    file.paper,
                    paper_keys()
                )));
            }
            for e in file.entries {
                check_entry(&e, &file.paper).map_err(|m| bad(format!("entry '{}': {m}", e.id)))?;
                if !seen.insert(e.id.clone()) {
                    return Err(bad(format!("entry '{}' is listed twice", e.id)));
                }
                entries.push(e);
            }
        }
        let order = |e: &Entry| PAPERS.iter().position(|(k, _)| *k == e.paper());
        entries.sort_by_key(order);
        Ok(Registry { entries })
    }

    /// The entry with this id.
    pub fn get(&self, id: &str) -> Option<&Entry> {
        self.entries.iter().find(|e| e.id == id)
    }

    /// The entries named: ids, paper keys (every entry of the paper), or
    /// `all`; an unknown name is refused with the nearest ids.
    pub fn select(&self, names: &[String]) -> Result<Vec<&Entry>, ReproduceError> {
        let mut chosen: Vec<&Entry> = Vec::new();
        for name in names {
            let matched: Vec<&Entry> = if name == "all" {
                self.entries.iter().collect()
            } else if PAPERS.iter().any(|(k, _)| k == name) {
                self.entries.iter().filter(|e| e.paper() == name).collect()
            } else {
                match self.get(name) {
                    Some(e) => vec![e],
                    None => return Err(ReproduceError::UnknownId(name.clone(), self.near(name))),
                }
            };
            for e in matched {
                if !chosen.iter().any(|c| c.id == e.id) {
                    chosen.push(e);
                }
            }
        }
        Ok(chosen)
    }

    /// Up to three ids close to `name`, for an error message.
    fn near(&self, name: &str) -> Vec<String> {
        let mut scored: Vec<(f64, &str)> = self
            .entries
            .iter()
            .map(|e| (strsim::jaro_winkler(name, &e.id), e.id.as_str()))
            .filter(|(s, _)| *s > 0.75)
            .collect();
        scored.sort_by(|a, b| b.0.total_cmp(&a.0));
        scored
            .into_iter()
            .take(3)
            .map(|(_, id)| id.to_string())
            .collect()
    }
}

/// The paper keys, comma-separated.
pub fn paper_keys() -> String {
    PAPERS
        .iter()
        .map(|(k, _)| *k)
        .collect::<Vec<_>>()
        .join(", ")
}

/// " (line N)" for a TOML error span.
fn at_line(text: &str, span: Option<std::ops::Range<usize>>) -> String {
    span.map(|s| {
        format!(
            " (line {})",
            text[..s.start.min(text.len())].lines().count().max(1)
        )
    })
    .unwrap_or_default()
}

/// The rules an entry keeps beyond its types.
fn check_entry(e: &Entry, paper: &str) -> Result<(), String> {
    let rest = e.id.strip_prefix(paper).and_then(|r| r.strip_prefix('/'));
    let number = match (rest, e.kind) {
        (Some(r), Kind::Figure) => r.strip_prefix("fig"),
        (Some(r), Kind::Table) => r.strip_prefix("table"),
        (None, _) => None,
    };
    let numbered = number.is_some_and(|n| {
        !n.is_empty()
            && n.split('.')
                .all(|p| !p.is_empty() && p.bytes().all(|b| b.is_ascii_digit()))
    });
    if !numbered {
        let k = if e.kind == Kind::Figure {
            "fig"
        } else {
            "table"
        };
        return Err(format!(
            "the id must be '{paper}/{k}<number>' (e.g. {paper}/{k}7 or {paper}/{k}5.4)"
        ));
    }
    for (field, v) in [
        ("title", &e.title),
        ("source", &e.source),
        ("finding", &e.finding),
    ] {
        if v.trim().is_empty() {
            return Err(format!("'{field}' is empty"));
        }
    }
    let reason = e.reason.as_deref().map(str::trim).unwrap_or("");
    if e.state != State::Reproduced && reason.is_empty() {
        return Err(format!("state '{}' needs a 'reason'", e.state));
    }
    if e.state == State::Missing && !reason.contains("issue ") {
        return Err(
            "a missing entry's reason names the open issue that adds it ('issue NN')".into(),
        );
    }
    let measured = matches!(e.state, State::Reproduced | State::Differs);
    if measured && (e.run.is_none() || e.checks.is_empty()) {
        return Err(format!(
            "state '{}' needs a [entry.run] and at least one [[entry.check]]",
            e.state
        ));
    }
    if matches!(e.state, State::Missing | State::Diagram) && e.run.is_some() {
        return Err(format!(
            "state '{}' has nothing to run; remove [entry.run]",
            e.state
        ));
    }
    if e.run.is_some() != e.plot.is_some() {
        return Err("[entry.run] and [entry.plot] go together".into());
    }
    if !e.checks.is_empty() && e.run.is_none() {
        return Err("checks test our series: they need [entry.run]".into());
    }
    if let Some(run) = &e.run {
        if run.args.is_empty() {
            return Err("run.args is empty".into());
        }
        if run.processes == Some(0) || run.repeat == Some(0) {
            return Err("run.processes and run.repeat must be at least 1".into());
        }
        if run
            .args
            .iter()
            .chain(run.quick.iter().flatten())
            .any(|a| a == "--json")
        {
            return Err("run.args must not hold --json (the runner adds it)".into());
        }
        if let Some(s) = &run.sweep
            && (s.values.is_empty() || s.quick_values.as_ref().is_some_and(|q| q.is_empty()))
        {
            return Err("sweep.values is empty".into());
        }
    }
    if let Some(p) = &e.plot {
        if p.y.is_empty() {
            return Err("plot.y is empty".into());
        }
        if !p.group.is_empty() && (p.y.len() != 1 || p.names.is_some()) {
            return Err("plot.group takes one y field and no names".into());
        }
        if p.names.as_ref().is_some_and(|n| n.len() != p.y.len()) {
            return Err("plot.names needs one name per y field".into());
        }
        if p.x == "sweep" && e.run.as_ref().is_some_and(|r| r.sweep.is_none()) {
            return Err("plot.x = 'sweep' needs run.sweep".into());
        }
    }
    for c in &e.checks {
        if let Check::Within { factor, .. } = c
            && (factor.is_nan() || *factor < 1.0)
        {
            return Err(format!("check 'within' needs factor >= 1, got {factor}"));
        }
        if let Check::Grows { factor, .. } = c
            && !(factor.is_finite() && *factor > 0.0)
        {
            return Err(format!("check 'grows' needs a factor > 0, got {factor}"));
        }
    }
    for s in &e.paper_series {
        if s.points.iter().any(|(_, y)| !y.is_finite()) {
            return Err(format!(
                "paper series '{}' has a value that is not finite",
                s.name
            ));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(text: &str) -> Result<Registry, ReproduceError> {
        Registry::parse([("t.toml".to_string(), text.to_string())])
    }

    const GOOD: &str = r#"
paper = "ampi"
[[entry]]
id = "ampi/fig7"
kind = "figure"
title = "t"
source = "s"
finding = "f"
paper_scale = "p"
our_scale = "o"
state = "reproduced"
[entry.run]
args = ["ampi", "bench"]
[entry.plot]
x = "sweep"
y = ["a"]
x_label = "x"
y_label = "y"
[[entry.check]]
kind = "decreasing"
series = "a"
"#;

    #[test]
    fn the_built_in_registry_is_valid() {
        let r = Registry::built_in().unwrap();
        let ids: HashSet<_> = r.entries.iter().map(|e| &e.id).collect();
        assert_eq!(ids.len(), r.entries.len());
    }

    #[test]
    fn an_entry_keeps_the_rules() {
        let err = |t: &str| parse(t).unwrap_err().to_string();
        assert!(err(GOOD).contains("needs run.sweep"), "{}", err(GOOD));
        let good = GOOD.replace("x = \"sweep\"", "x = \"n\"");
        assert_eq!(parse(&good).unwrap().entries.len(), 1);
        assert!(
            err(&good.replace("ampi/fig7", "ampi/figure7")).contains("must be 'ampi/fig<number>'")
        );
        assert!(err(&good.replace("\"reproduced\"", "\"differs\"")).contains("needs a 'reason'"));
        assert!(
            err(&good.replace(
                "state = \"reproduced\"",
                "state = \"missing\"\nreason = \"later\""
            ))
            .contains("names the open issue")
        );
        assert!(
            err(&good.replace("kind = \"decreasing\"", "kind = \"falling\"")).contains("falling")
        );
        assert!(err(&good.replace("our_scale", "our_scael")).contains("our_scael"));
        let twice = format!("{good}{}", &good[good.find("[[entry]]").unwrap()..]);
        assert!(err(&twice).contains("listed twice"));
    }

    #[test]
    fn select_takes_ids_papers_and_all_and_names_near_ids() {
        let good = GOOD.replace("x = \"sweep\"", "x = \"n\"");
        let r = parse(&good).unwrap();
        assert_eq!(r.select(&["ampi".into()]).unwrap().len(), 1);
        assert_eq!(
            r.select(&["all".into(), "ampi/fig7".into()]).unwrap().len(),
            1
        );
        match r.select(&["ampi/fig8".into()]) {
            Err(ReproduceError::UnknownId(id, near)) => {
                assert_eq!(id, "ampi/fig8");
                assert_eq!(near, vec!["ampi/fig7".to_string()]);
            }
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn commands_quote_what_a_shell_would_split() {
        let run = Run {
            args: vec!["grid".into(), "sweep".into(), "a b".into()],
            quick: None,
            requires: vec![],
            processes: None,
            repeat: None,
            variants: vec![],
            sweep: Some(Sweep {
                flag: "--pes".into(),
                values: vec!["1".into(), "2".into()],
                quick_values: None,
            }),
        };
        assert_eq!(run.command(), "arts grid sweep 'a b' --pes {1,2}");
    }
}
