//! Hardware counters per entry method (`--counters
//! cycles,instructions,cache-misses,branch-misses`), through Linux perf
//! events: each PE opens one counter group for its own thread, reads it
//! (one `read` call) before and after every entry method it runs, and
//! adds the difference to the method's totals. The totals go into the
//! trace as one `arts_counters` metadata event per PE, which `arts trace
//! summary` and `arts trace view` read back as totals and rates (IPC,
//! misses per 1,000 instructions).
//!
//! Where the kernel refuses (no PMU in a VM: `ENOENT`; `perf_event_paranoid`:
//! `EACCES`), [`probe`] says why and the run goes on without counters.

use std::collections::BTreeMap;
use std::sync::Arc;

use serde::{Deserialize, Serialize};

/// A hardware counter `--counters` accepts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Counter {
    /// CPU cycles.
    Cycles,
    /// Instructions retired.
    Instructions,
    /// Last-level cache misses.
    CacheMisses,
    /// Mispredicted branches.
    BranchMisses,
}

impl Counter {
    /// Every counter, in the order of their bits in a [`CounterSet`].
    pub const ALL: [Counter; 4] = [
        Counter::Cycles,
        Counter::Instructions,
        Counter::CacheMisses,
        Counter::BranchMisses,
    ];

    /// Its name on the command line and in traces.
    pub fn name(self) -> &'static str {
        match self {
            Counter::Cycles => "cycles",
            Counter::Instructions => "instructions",
            Counter::CacheMisses => "cache-misses",
            Counter::BranchMisses => "branch-misses",
        }
    }

    fn bit(self) -> u8 {
        1 << (self as u8)
    }
}

/// A set of counters (`Copy`, so that trace options stay `Copy`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CounterSet(u8);

impl CounterSet {
    /// The counters, in [`Counter::ALL`]'s order.
    pub fn counters(self) -> Vec<Counter> {
        (Counter::ALL.into_iter())
            .filter(|c| self.0 & c.bit() != 0)
            .collect()
    }

    /// Their names.
    pub fn names(self) -> Vec<String> {
        self.counters().iter().map(|c| c.name().into()).collect()
    }

    /// Whether no counter is in the set.
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }
}

/// Parses `--counters`: a comma-separated list of counter names.
pub fn parse_list(s: &str) -> Result<CounterSet, String> {
    let mut set = 0u8;
    for name in s.split(',').map(str::trim) {
        let Some(c) = Counter::ALL.into_iter().find(|c| c.name() == name) else {
            let accepted: Vec<&str> = Counter::ALL.iter().map(|c| c.name()).collect();
            return Err(format!(
                "unknown counter '{name}' (accepted, comma-separated: {})",
                accepted.join(",")
            ));
        };
        set |= c.bit();
    }
    Ok(CounterSet(set))
}

/// The rates of a set of counter totals, where their counters were read.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct Rates {
    /// Instructions per cycle.
    pub ipc: Option<f64>,
    /// Cache misses per 1,000 instructions.
    pub cache_misses_per_kinst: Option<f64>,
    /// Branch misses per 1,000 instructions.
    pub branch_misses_per_kinst: Option<f64>,
}

/// The rates of `values` (one per counter of `names`, as in a trace).
pub fn rates(names: &[String], values: &[u64]) -> Rates {
    let get = |c: Counter| {
        (names.iter().position(|n| n == c.name())).and_then(|i| values.get(i).copied())
    };
    let ratio = |a: Option<u64>, b: Option<u64>, k: f64| match (a, b) {
        (Some(a), Some(b)) if b > 0 => Some(a as f64 * k / b as f64),
        _ => None,
    };
    let inst = get(Counter::Instructions);
    Rates {
        ipc: ratio(inst, get(Counter::Cycles), 1.0),
        cache_misses_per_kinst: ratio(get(Counter::CacheMisses), inst, 1e3),
        branch_misses_per_kinst: ratio(get(Counter::BranchMisses), inst, 1e3),
    }
}

/// Counters open on the calling thread.
pub struct HwCounters {
    group: perf_event::Group,
    counters: Vec<perf_event::Counter>,
}

impl std::fmt::Debug for HwCounters {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "HwCounters({})", self.counters.len())
    }
}

impl HwCounters {
    /// Opens and starts `set` for the calling thread; why not, when the
    /// kernel refuses.
    pub fn open(set: CounterSet) -> Result<HwCounters, String> {
        use perf_event::events::Hardware;
        let why = |e: std::io::Error| {
            let hint = match e.raw_os_error() {
                Some(2) => " (no hardware PMU here, as in most VMs)",
                Some(13) | Some(1) => " (see /proc/sys/kernel/perf_event_paranoid)",
                _ => "",
            };
            format!("perf_event_open: {e}{hint}")
        };
        let mut group = perf_event::Group::new().map_err(why)?;
        let mut counters = Vec::new();
        for c in set.counters() {
            let event = match c {
                Counter::Cycles => Hardware::CPU_CYCLES,
                Counter::Instructions => Hardware::INSTRUCTIONS,
                Counter::CacheMisses => Hardware::CACHE_MISSES,
                Counter::BranchMisses => Hardware::BRANCH_MISSES,
            };
            let counter = perf_event::Builder::new(event)
                .build_with_group(&mut group)
                .map_err(why)?;
            counters.push(counter);
        }
        group.enable().map_err(why)?;
        Ok(HwCounters { group, counters })
    }

    /// The counts so far into `out` (one per counter); false if the read
    /// failed.
    pub fn read(&mut self, out: &mut [u64]) -> bool {
        let Ok(data) = self.group.read() else {
            return false;
        };
        for (o, c) in out.iter_mut().zip(&self.counters) {
            *o = data.get(c).map_or(0, |e| e.value());
        }
        true
    }
}

/// Whether `set` can be counted here: `Err` says why not.
pub fn probe(set: CounterSet) -> Result<(), String> {
    HwCounters::open(set).map(drop)
}

/// One PE's counts per entry method while the run goes on.
#[derive(Debug)]
pub(crate) struct EntryCounts {
    set: CounterSet,
    /// Opened on the PE's thread at its first entry method (`None` until
    /// then, or if it could not be).
    hw: Option<HwCounters>,
    tried: bool,
    start: Vec<u64>,
    end: Vec<u64>,
    /// Whether `start` holds a reading for the entry under way.
    started: bool,
    /// Array, method, totals.
    totals: Vec<(Arc<str>, &'static str, Vec<u64>)>,
}

impl EntryCounts {
    pub(crate) fn new(set: CounterSet) -> EntryCounts {
        let n = set.counters().len();
        EntryCounts {
            set,
            hw: None,
            tried: false,
            start: vec![0; n],
            end: vec![0; n],
            started: false,
            totals: Vec::new(),
        }
    }

    /// An entry method begins on this PE's thread.
    pub(crate) fn begin(&mut self) {
        if !self.tried {
            self.tried = true;
            self.hw = HwCounters::open(self.set).ok();
        }
        self.started = self.hw.as_mut().is_some_and(|hw| hw.read(&mut self.start));
    }

    /// The entry method `array::method` that began last ended.
    pub(crate) fn end(&mut self, array: &Arc<str>, method: &'static str) {
        if !std::mem::take(&mut self.started) {
            return;
        }
        let Some(hw) = &mut self.hw else { return };
        if !hw.read(&mut self.end) {
            return;
        }
        let (start, end) = (&self.start, &self.end);
        let add = |totals: &mut Vec<u64>| {
            for ((t, s), e) in totals.iter_mut().zip(start).zip(end) {
                *t += e.saturating_sub(*s);
            }
        };
        match (self.totals.iter_mut()).find(|t| Arc::ptr_eq(&t.0, array) && t.1 == method) {
            Some(t) => add(&mut t.2),
            None => {
                let mut t = vec![0; start.len()];
                add(&mut t);
                self.totals.push((array.clone(), method, t));
            }
        }
    }

    /// The totals by `array::method` (none if the counters never opened).
    pub(crate) fn finish(self) -> Option<PeCounts> {
        self.hw.as_ref()?;
        let entries = (self.totals.into_iter())
            .map(|(a, m, t)| (format!("{a}::{m}"), t))
            .collect();
        Some(PeCounts {
            names: self.set.names(),
            entries,
        })
    }
}

/// One PE's counter totals per entry method (the `arts_counters` metadata).
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct PeCounts {
    /// The counters, in the order of each total's values.
    pub names: Vec<String>,
    /// `array::method` → totals.
    pub entries: BTreeMap<String, Vec<u64>>,
}

/// Counter totals and rates of one entry method, or of all.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct CounterTotal {
    /// `array::method`, or `all`.
    pub name: String,
    /// Totals, one per counter of [`CounterSummary::names`].
    pub values: Vec<u64>,
    /// Their rates.
    pub rates: Rates,
}

/// What a trace's counters say, over every PE.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct CounterSummary {
    /// The counters.
    pub names: Vec<String>,
    /// All entry methods together.
    pub total: CounterTotal,
    /// Per entry method, by decreasing first counter.
    pub entries: Vec<CounterTotal>,
}

impl CounterSummary {
    /// Adds up PEs' counts (of the same counters; `None` without any).
    pub fn of(pes: &[PeCounts]) -> Option<CounterSummary> {
        let names = pes.first()?.names.clone();
        let n = names.len();
        let mut by_entry: BTreeMap<&str, Vec<u64>> = BTreeMap::new();
        for pe in pes.iter().filter(|p| p.names == names) {
            for (name, values) in &pe.entries {
                let t = by_entry.entry(name).or_insert_with(|| vec![0; n]);
                t.iter_mut().zip(values).for_each(|(t, v)| *t += v);
            }
        }
        let mut all = vec![0u64; n];
        for values in by_entry.values() {
            all.iter_mut().zip(values).for_each(|(t, v)| *t += v);
        }
        let total = |name: &str, values: Vec<u64>| CounterTotal {
            name: name.into(),
            rates: rates(&names, &values),
            values,
        };
        let mut entries: Vec<CounterTotal> = (by_entry.into_iter())
            .map(|(name, v)| total(name, v))
            .collect();
        entries.sort_by_key(|e| std::cmp::Reverse(e.values.first().copied().unwrap_or(0)));
        Some(CounterSummary {
            total: total("all", all),
            names,
            entries,
        })
    }

    /// The table `arts trace summary` prints.
    pub fn table(&self) -> String {
        let f = |v: Option<f64>| v.map_or("-".into(), |v| format!("{v:.3}"));
        let mut t = format!(
            "\nhardware counters ({})\nentry method                      {:<40} IPC     cache-miss/1k-inst  branch-miss/1k-inst\n",
            self.names.join(", "),
            self.names.join(" ")
        );
        for e in std::iter::once(&self.total).chain(&self.entries) {
            let values: Vec<String> = e.values.iter().map(u64::to_string).collect();
            t += &format!(
                "{:<33} {:<40} {:<7} {:<19} {}\n",
                e.name,
                values.join(" "),
                f(e.rates.ipc),
                f(e.rates.cache_misses_per_kinst),
                f(e.rates.branch_misses_per_kinst)
            );
        }
        t
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lists_parse_and_unknown_names_say_what_is_accepted() {
        let set = parse_list("instructions,cycles").unwrap();
        assert_eq!(set.counters(), [Counter::Cycles, Counter::Instructions]);
        assert!(!set.is_empty());
        let e = parse_list("cycles,flops").unwrap_err();
        assert!(
            e.contains("'flops'") && e.contains("cycles,instructions,cache-misses,branch-misses"),
            "{e}"
        );
        assert!(parse_list("").is_err());
    }

    #[test]
    fn rates_are_ipc_and_misses_per_thousand_instructions() {
        let names: Vec<String> = CounterSet(0b1111).names();
        let r = rates(&names, &[2_000, 3_000, 6, 15]);
        assert_eq!(r.ipc, Some(1.5));
        assert_eq!(r.cache_misses_per_kinst, Some(2.0));
        assert_eq!(r.branch_misses_per_kinst, Some(5.0));
        // A counter not read, or nothing to divide by, gives no rate.
        let r = rates(&names[..2], &[0, 10]);
        assert_eq!((r.ipc, r.cache_misses_per_kinst), (None, None));
    }

    #[test]
    fn pes_add_up_per_entry_method() {
        let names = vec!["cycles".to_string(), "instructions".to_string()];
        let pe = |a: u64| PeCounts {
            names: names.clone(),
            entries: [
                ("g::a".to_string(), vec![a, 2 * a]),
                ("g::b".into(), vec![1, 1]),
            ]
            .into_iter()
            .collect(),
        };
        let s = CounterSummary::of(&[pe(10), pe(30)]).unwrap();
        assert_eq!(s.total.values, [42, 82]);
        assert_eq!(s.entries[0].name, "g::a");
        assert_eq!(s.entries[0].rates.ipc, Some(2.0));
        assert!(s.table().contains("g::b"));
        assert!(CounterSummary::of(&[]).is_none());
    }

    #[test]
    fn entry_methods_are_counted_where_the_machine_allows_it() {
        let set = parse_list("cycles,instructions").unwrap();
        let opts = crate::TraceOptions {
            counters: set,
            ..Default::default()
        };
        let mut b = crate::TraceBuffer::new(&opts, 0, 1);
        let array: Arc<str> = "g".into();
        let mut x = 0u64;
        for i in 0..10 {
            b.entry_begins();
            for k in 0..100_000u64 {
                x = std::hint::black_box(x.wrapping_mul(31).wrapping_add(k));
            }
            b.push_entry(0, (i * 10, 5), &array, "work", 0);
        }
        let counted = b.finish().counters;
        match probe(set) {
            Ok(()) => {
                let c = counted.expect("counters opened");
                let v = &c.entries["g::work"];
                assert!(v[1] >= 10 * 100_000, "instructions {v:?}");
                assert!(v[0] > 0, "cycles {v:?}");
                eprintln!("counted: {v:?}, IPC {:?}", rates(&c.names, v).ipc);
            }
            Err(why) => {
                assert!(why.starts_with("perf_event_open: "), "{why}");
                assert!(counted.is_none(), "nothing counted where refused");
            }
        }
    }
}
