//! The LB manager on PE 0: counts elements reaching `at_sync`, gathers the
//! PEs' measurements, runs the strategy, distributes the moves, and resumes
//! the array once every PE has sent and received its elements.

use std::collections::HashMap;
use std::time::Instant;

use arts_lb::{CommEdge, LbInput, Mapping, ObjInfo, PeInfo, balance, evaluate};

use super::calibrate::relative_speeds;
use super::forecast::LoadHistory;
use super::resident::Resident;
use super::restraint::{History, drifted, forecasts_trusted, judge, perfect_balance};
use super::{AUTO_FIRST_SYNC, LbMsg, LbPeriod, LbStepRecord, PeStats};
use crate::PeId;
use crate::envelope::{ArrayId, Body, BroadcastCall, Envelope};
use crate::run_error::RunError;
use crate::services::Services;

/// Calibrated speeds closer than this are treated as equal.
const SPEED_TOLERANCE: f64 = 0.10;

enum Phase {
    /// Counting elements at sync.
    Gathering,
    /// Waiting for the measurements asked with `Collect` (`awaiting`
    /// replies; those that came with `Ready` are in `early`).
    Collecting {
        stats: Vec<PeStats>,
        awaiting: usize,
        early: Vec<PeStats>,
        since: Instant,
    },
    /// Waiting for every PE to finish its migrations.
    Migrating {
        done: u32,
        since: Instant,
        synced_at: Instant,
        record: Box<LbStepRecord>,
    },
}

struct RootArray {
    ready: u64,
    step: u64,
    last_balance: Option<Instant>,
    phase: Phase,
    /// Full syncs since the last balancing step (`Seconds` periods).
    syncs_since: u32,
    /// Steps in the period that ends at the next balancing step (`Auto`).
    period_steps: u32,
    /// The `at_sync` number of the next balancing step (`Auto`).
    next_sync: u32,
    /// What earlier steps measured, for restraint and the `Auto` period.
    history: History,
    /// The objects' loads at the previous balancing step, for forecasts.
    loads: LoadHistory,
    /// Some element called `at_sync`: the array balances at its sync
    /// points, never periodically.
    synced: bool,
    /// The step under way is periodic (elements are not at sync).
    periodic: bool,
    /// Every element reached `at_sync` while a step was under way (a
    /// periodic one, or the last sync step while some PE's migrations were
    /// still going on, its elements already resumed elsewhere): the sync
    /// step starts when it ends.
    deferred_sync: bool,
    /// Measurements that came with `Ready` for the next sync step.
    early: Vec<PeStats>,
    /// Periodic ticks to let pass before the next periodic step: after a
    /// step that measured no load at all, 1, 2, 4, ... up to
    /// [`IDLE_BACKOFF_MAX`] (an idle array is probed ever more rarely, so
    /// that quiescence detection is not kept waiting by probes).
    idle_skip: (u32, u32),
}

/// The most periodic ticks an idle array lets pass between its steps.
const IDLE_BACKOFF_MAX: u32 = 64;

/// State of the LB manager (used on PE 0 only).
#[derive(Default)]
pub(crate) struct LbRoot {
    arrays: HashMap<ArrayId, RootArray>,
    /// Each array's load where its last step put it, background to the others.
    resident: Resident,
    /// Every finished step, in order (`finish` adds one still under way).
    records: Vec<LbStepRecord>,
}

fn post(svc: &mut Services, to: PeId, msg: LbMsg) {
    let env = Envelope {
        prio: 0,
        src: svc.pe,
        body: Body::Lb(msg),
    };
    svc.post(to, env);
}

impl LbRoot {
    /// The manager's state of `array`, new if it has none yet.
    fn state(&mut self, array: ArrayId) -> &mut RootArray {
        self.arrays.entry(array).or_insert(RootArray {
            ready: 0,
            step: 0,
            last_balance: None,
            phase: Phase::Gathering,
            syncs_since: 0,
            period_steps: AUTO_FIRST_SYNC,
            next_sync: AUTO_FIRST_SYNC,
            history: History::default(),
            loads: LoadHistory::default(),
            synced: false,
            periodic: false,
            deferred_sync: false,
            early: Vec::new(),
            idle_skip: (0, 0),
        })
    }

    /// `count` more elements of `array` are waiting in `at_sync`, with
    /// their PE's measurements if it sent them along.
    pub(crate) fn ready(
        &mut self,
        svc: &mut Services,
        array: ArrayId,
        count: u64,
        stats: Option<PeStats>,
    ) {
        let total = svc.array(array).shape.len();
        let st = self.state(array);
        st.synced = true;
        st.ready += count;
        st.early.extend(stats);
        if st.ready < total {
            return;
        }
        if !matches!(st.phase, Phase::Gathering) {
            st.deferred_sync = true;
            return;
        }
        self.start_sync(svc, array);
    }

    /// A periodic tick (`LbPeriod::Periodic`): starts a periodic step for
    /// every array that has elements, never called `at_sync`, and has no
    /// step under way.
    pub(crate) fn tick(&mut self, svc: &mut Services) {
        let arrays: Vec<ArrayId> = (svc.arrays.iter().enumerate())
            .filter_map(|(id, a)| {
                a.as_ref()
                    .filter(|a| !a.shape.is_empty())
                    .map(|_| id as ArrayId)
            })
            .collect();
        for array in arrays {
            let st = self.state(array);
            if st.synced || !matches!(st.phase, Phase::Gathering) {
                continue;
            }
            if st.idle_skip.0 > 0 {
                st.idle_skip.0 -= 1;
                continue;
            }
            st.periodic = true;
            st.step += 1;
            st.phase = Phase::Collecting {
                stats: Vec::with_capacity(svc.num_pes as usize),
                awaiting: svc.num_pes as usize,
                early: Vec::new(),
                since: Instant::now(),
            };
            for pe in 0..svc.num_pes {
                post(svc, pe, LbMsg::Collect { array });
            }
        }
    }

    /// Every element of `array` is at sync: balances, or resumes them if
    /// the period skips this sync.
    fn start_sync(&mut self, svc: &mut Services, array: ArrayId) {
        let elements = svc.array(array).shape.len();
        let st = self.state(array);
        st.ready = 0;
        st.step += 1;
        st.syncs_since += 1;
        let early = std::mem::take(&mut st.early);
        let lb = svc
            .lb
            .clone()
            .expect("at_sync reports only with LB configured");
        if let LbPeriod::Seconds(s) | LbPeriod::Periodic(s) = lb.period
            && st
                .last_balance
                .is_some_and(|t| t.elapsed().as_secs_f64() < s)
        {
            svc.broadcast(array, BroadcastCall::ResumeFromSync, 0);
            return;
        }
        let ask = to_collect(&early, svc.num_pes, elements);
        st.phase = Phase::Collecting {
            stats: Vec::with_capacity(ask.len()),
            awaiting: ask.len(),
            early,
            since: Instant::now(),
        };
        if ask.is_empty() {
            self.decide(svc, array);
            return;
        }
        for pe in ask {
            post(svc, pe, LbMsg::Collect { array });
        }
    }

    /// One PE's measurements arrived (its reply to `Collect`).
    pub(crate) fn stats(&mut self, svc: &mut Services, stats: PeStats) {
        let array = stats.array;
        let Some(st) = self.arrays.get_mut(&array) else {
            return;
        };
        let Phase::Collecting {
            stats: all,
            awaiting,
            ..
        } = &mut st.phase
        else {
            return;
        };
        all.push(stats);
        if all.len() >= *awaiting {
            self.decide(svc, array);
        }
    }

    /// Every PE's measurements are in: runs the strategy and sends every
    /// PE its moves.
    fn decide(&mut self, svc: &mut Services, array: ArrayId) {
        let Some(st) = self.arrays.get_mut(&array) else {
            return;
        };
        let Phase::Collecting {
            stats: replies,
            early,
            since,
            ..
        } = &mut st.phase
        else {
            return;
        };
        let synced_at = *since;
        let gather_time_s = since.elapsed().as_secs_f64();
        let mut all = merge(std::mem::take(early), std::mem::take(replies));
        all.sort_by_key(|s| s.pe);
        let lb = svc.lb.clone().expect("LB configured");
        let clusters = svc
            .grid
            .as_ref()
            .map(|g| all.iter().map(|s| g.cluster_of(s.pe)).collect::<Vec<_>>());
        let mut input = build_input(&all, lb.speeds.as_deref(), clusters.as_deref());
        let walls: Vec<f64> = all.iter().map(|s| s.wall_s).collect();
        self.resident
            .add_others(array, st.last_balance, &mut input, &walls);
        let steps = match lb.period {
            LbPeriod::EverySync => 1,
            LbPeriod::Steps(n) => n.max(1),
            LbPeriod::At(at) => at.period_of(st.step),
            LbPeriod::Seconds(_) | LbPeriod::Periodic(_) => st.syncs_since.max(1),
            LbPeriod::Auto => st.period_steps,
        };
        st.syncs_since = 0;
        let current = input.current_mapping();
        let measured = evaluate(&input, &current);
        let measured_max_s = measured.max_load_s;
        if st.periodic {
            let idle = input.objects.iter().all(|o| o.load_s == 0.0);
            let backoff = if idle {
                (st.idle_skip.1 * 2).clamp(1, IDLE_BACKOFF_MAX)
            } else {
                0
            };
            st.idle_skip = (backoff, backoff);
        }
        let history = st.loads.after(&input.objects, steps);
        let previous = std::mem::replace(&mut st.loads, history);
        // While the load drifts, balance the loads the next period will
        // have, not the last one's, as long as forecasts predict better.
        let mut unused = input.objects.clone();
        previous.forecast(&mut unused, steps);
        let use_forecast = drifted(measured_max_s, steps, &st.history)
            && forecasts_trusted(measured_max_s, steps, &st.history);
        let before = if use_forecast {
            std::mem::swap(&mut input.objects, &mut unused);
            evaluate(&input, &current)
        } else {
            measured
        };
        let restrained = lb.strategy.restrained();
        let may_refine = restrained && !lb.strategy.topology_aware();
        // A full remapping that could not pay for its migrations even if it
        // balanced perfectly is not computed (METIS takes ~0.3 ms of PE 0
        // per step while the other PEs wait); refine is tried instead.
        let hopeless = may_refine
            && st.history.remap_migrations.is_some_and(|m| {
                let ideal = perfect_balance(&before, m, mean_bytes(&input));
                judge(measured_max_s, &before, &ideal, steps, &st.history).keep_current
            });
        let t = Instant::now();
        let mut placement = lb.strategy.name();
        let (mut mapping, mut after, mut judgement) = if hopeless {
            let mut j = judge(measured_max_s, &before, &before, steps, &st.history);
            j.keep_current = true;
            (current.clone(), before.clone(), j)
        } else {
            let mapping = match balance(lb.strategy.as_ref(), &input) {
                Ok(m) => m,
                Err(e) => {
                    let name = svc.array(array).name.to_string();
                    svc.fail(RunError::Lb(format!("array `{name}`: {e}")));
                    return;
                }
            };
            let after = evaluate(&input, &mapping);
            st.history.remap_migrations = Some(after.migrations);
            let mut j = judge(measured_max_s, &before, &after, steps, &st.history);
            j.keep_current &= restrained;
            (mapping, after, j)
        };
        let strategy_time_s = t.elapsed().as_secs_f64();
        if may_refine && (judgement.keep_current || judgement.drifted) {
            // The strategy's remapping does not pay for its migrations, or
            // the load drifts (a remapping from last period's loads goes
            // stale fast): try the incremental one (refine moves few objects
            // from the current placement) and take it if it pays more.
            if let Some((m, a)) = refine_from(&input, &current) {
                let j = judge(measured_max_s, &before, &a, steps, &st.history);
                if !j.keep_current
                    && (judgement.keep_current || j.net_gain_s > judgement.net_gain_s)
                {
                    (mapping, after, judgement) = (m, a, j);
                    placement = "refine";
                }
            }
        }
        if judgement.keep_current {
            after = before.clone();
            mapping = current;
            placement = "current";
        }
        let predicted = after.max_load_s / steps as f64;
        st.history.predicted_max_s = Some(predicted);
        // What the loads not balanced would have predicted, to judge next
        // step whether forecasts earn their use.
        std::mem::swap(&mut input.objects, &mut unused);
        let other = evaluate(&input, &mapping).max_load_s / steps as f64;
        std::mem::swap(&mut input.objects, &mut unused);
        (st.history.forecast_max_s, st.history.persistence_max_s) = if use_forecast {
            (Some(predicted), Some(other))
        } else {
            (Some(other), Some(predicted))
        };
        let auto = lb.period == LbPeriod::Auto;
        if auto {
            st.period_steps = judgement.next_steps;
            st.next_sync += judgement.next_steps;
        }
        let (next_sync, periodic) = (st.next_sync, st.periodic);
        self.resident.record(array, &input, &mapping, &walls);
        let (departures, arrivals) = moves(&input, &mapping, svc.num_pes);
        let told = if periodic {
            vec![Vec::new(); svc.num_pes as usize]
        } else {
            tell(&input, &mapping, svc.num_pes)
        };
        let record = LbStepRecord {
            array: svc.array(array).name.to_string(),
            step: st.step,
            balanced: true,
            migrations: after.migrations as u64,
            before: Some(before),
            after: Some(after),
            migrated_bytes: 0,
            gather_time_s,
            strategy_time_s,
            migration_time_s: 0.0,
            step_time_s: 0.0,
            restrained: judgement.keep_current,
            placement,
            next_period_steps: auto.then_some(judgement.next_steps),
            input: lb.record_inputs.then_some(input),
        };
        st.last_balance = Some(Instant::now());
        st.phase = Phase::Migrating {
            done: 0,
            since: Instant::now(),
            synced_at,
            record: Box::new(record),
        };
        let each = departures.into_iter().zip(arrivals).zip(told);
        for (pe, ((departures, arrivals), told)) in each.enumerate() {
            let msg = LbMsg::Moves {
                array,
                moved: Box::new(crate::control::Moved { departures, told }),
                arrivals,
                next_sync,
                periodic,
            };
            post(svc, pe as PeId, msg);
        }
    }

    /// Every step's record when the run ends, in order. A run may end
    /// before every PE has confirmed the last step's migrations (its
    /// elements resume as their own arrivals are in, and may finish the
    /// program meanwhile): that step is recorded too, its times up to now.
    pub(crate) fn finish(&mut self) -> Vec<LbStepRecord> {
        let mut pending: Vec<LbStepRecord> = Vec::new();
        for st in self.arrays.values_mut() {
            if let Phase::Migrating {
                since,
                synced_at,
                mut record,
                ..
            } = std::mem::replace(&mut st.phase, Phase::Gathering)
            {
                record.migration_time_s = since.elapsed().as_secs_f64();
                record.step_time_s = synced_at.elapsed().as_secs_f64();
                pending.push(*record);
            }
        }
        pending.sort_by(|a, b| (&a.array, a.step).cmp(&(&b.array, b.step)));
        let mut records = std::mem::take(&mut self.records);
        records.extend(pending);
        records
    }

    /// A PE finished its part of the migrations.
    pub(crate) fn done(&mut self, svc: &mut Services, array: ArrayId, bytes_out: u64) {
        let Some(st) = self.arrays.get_mut(&array) else {
            return;
        };
        let Phase::Migrating {
            done,
            since,
            synced_at,
            record,
        } = &mut st.phase
        else {
            return;
        };
        *done += 1;
        record.migrated_bytes += bytes_out;
        if *done < svc.num_pes {
            return;
        }
        record.migration_time_s = since.elapsed().as_secs_f64();
        record.step_time_s = synced_at.elapsed().as_secs_f64();
        st.history.step_cost_s = Some(record.step_time_s);
        if record.migrations > 0 {
            st.history.per_object_s = Some(record.migration_time_s / record.migrations as f64);
        }
        let Phase::Migrating { record, .. } = std::mem::replace(&mut st.phase, Phase::Gathering)
        else {
            unreachable!("matched above")
        };
        if svc.trace.is_some() {
            let kind = arts_trace::SpanKind::LbStep {
                array: svc.array(array).name.clone(),
                step: record.step,
                migrations: record.migrations,
            };
            svc.trace_now((record.step_time_s * 1e9) as u64, kind);
        }
        self.records.push(*record);
        // Nobody waits for this: each PE resumed its elements once its own
        // arrivals were in (a periodic step resumes nobody). A sync step
        // may be due already.
        st.periodic = false;
        if std::mem::take(&mut st.deferred_sync) {
            self.start_sync(svc, array);
        }
    }
}

/// The fraction of the time it wanted the CPU that a PE's thread got. Entry
/// methods are timed by the wall clock (cheap); scaling by this share turns
/// their times into CPU time, so that time taken by other processes on the
/// same core shows up as the PE's background load, not as object load.
fn cpu_share(s: &PeStats) -> f64 {
    let wanted = s.wall_s - s.parked_s;
    if wanted <= 0.0 || s.cpu_s <= 0.0 {
        return 1.0;
    }
    (s.cpu_s / wanted).clamp(0.05, 1.0)
}

/// The strategy's input from every PE's measurements (sorted by PE).
fn build_input(all: &[PeStats], speeds: Option<&[f64]>, clusters: Option<&[u32]>) -> LbInput {
    let speeds = match speeds {
        Some(s) => s.to_vec(),
        None => {
            let raw: Vec<f64> = all.iter().map(|s| s.speed).collect();
            relative_speeds(&raw, SPEED_TOLERANCE)
        }
    };
    let cpu_share: Vec<f64> = all.iter().map(cpu_share).collect();
    let pes = all
        .iter()
        .zip(&speeds)
        .zip(&cpu_share)
        .enumerate()
        .map(|(i, ((s, &speed), &f))| PeInfo {
            speed,
            background_load_s: (s.wall_s - s.idle_s - s.entry_s * f).max(0.0),
            idle_s: s.idle_s,
            cluster: clusters.map(|c| c[i]),
        })
        .collect();
    let mut objects: Vec<ObjInfo> = all
        .iter()
        .zip(&cpu_share)
        .flat_map(|(s, &f)| {
            s.objects.iter().map(move |o| ObjInfo {
                id: o.linear,
                pe: s.pe as usize,
                load_s: if o.given { o.load_s } else { o.load_s * f },
                migratable: o.migratable,
                bytes: o.bytes,
            })
        })
        .collect();
    objects.sort_by_key(|o| o.id);
    let index: HashMap<u64, usize> = objects.iter().enumerate().map(|(i, o)| (o.id, i)).collect();
    let comm = all
        .iter()
        .flat_map(|s| s.comm.iter())
        .filter_map(|&(from, to, messages, bytes)| {
            Some(CommEdge {
                from: *index.get(&from)?,
                to: *index.get(&to)?,
                messages,
                bytes,
            })
        })
        .collect();
    LbInput { pes, objects, comm }
}

/// The PEs to ask for their measurements (`Collect`) when `early` came
/// with the `Ready` reports: none when every element of the array (of
/// `elements`) was reported once and no PE twice, except the PEs that sent
/// none (they host no element, but their background load counts). Every PE
/// otherwise (an element moved, outside a step, after its PE had reported):
/// their replies say where each element is now.
fn to_collect(early: &[PeStats], pes: u32, elements: u64) -> Vec<PeId> {
    let mut reported = vec![false; pes as usize];
    let mut seen = std::collections::HashSet::new();
    let mut consistent = true;
    for s in early {
        let twice = reported.get(s.pe as usize).is_none_or(|&r| r);
        if let Some(r) = reported.get_mut(s.pe as usize) {
            *r = true;
        }
        consistent &= !twice && s.objects.iter().all(|o| seen.insert(o.linear));
    }
    consistent &= seen.len() as u64 == elements;
    (0..pes)
        .filter(|&pe| !consistent || !reported[pe as usize])
        .collect()
}

/// The measurements of a step: the replies to `Collect`, with what came
/// along with `Ready` added (per PE its times; per element its load and
/// messages, where the replies place it).
fn merge(early: Vec<PeStats>, replies: Vec<PeStats>) -> Vec<PeStats> {
    if replies.is_empty() {
        return early;
    }
    let mut out = replies;
    let at: HashMap<u64, (usize, usize)> = (out.iter().enumerate())
        .flat_map(|(i, s)| (s.objects.iter().enumerate()).map(move |(j, o)| (o.linear, (i, j))))
        .collect();
    for mut e in early {
        let Some(i) = out.iter().position(|s| s.pe == e.pe) else {
            e.objects.retain(|o| !at.contains_key(&o.linear));
            out.push(e);
            continue;
        };
        let r = &mut out[i];
        r.wall_s += e.wall_s;
        r.entry_s += e.entry_s;
        r.idle_s += e.idle_s;
        r.parked_s += e.parked_s;
        r.cpu_s += e.cpu_s;
        r.comm.append(&mut e.comm);
        for o in e.objects {
            if let Some(&(a, b)) = at.get(&o.linear) {
                let to = &mut out[a].objects[b];
                to.load_s += o.load_s;
                to.given |= o.given;
            }
        }
    }
    out
}

/// The mean migration size of `input`'s objects, bytes.
fn mean_bytes(input: &LbInput) -> u64 {
    let total: u64 = input.objects.iter().map(|o| o.bytes).sum();
    total / input.objects.len().max(1) as u64
}

/// The `refine` strategy's mapping of `input` and its predicted figures,
/// when it moves anything.
fn refine_from(input: &LbInput, current: &Mapping) -> Option<(Mapping, arts_lb::LbStats)> {
    let refine = arts_lb::by_name("refine").ok()?;
    let m = balance(refine.as_ref(), input).ok()?;
    (m.pe_of != current.pe_of).then(|| {
        let stats = evaluate(input, &m);
        (m, stats)
    })
}

/// Per PE: the elements leaving it (linear, destination) and how many arrive.
fn moves(input: &LbInput, mapping: &Mapping, pes: u32) -> (Vec<Vec<(u64, PeId)>>, Vec<u64>) {
    let mut departures = vec![Vec::new(); pes as usize];
    let mut arrivals = vec![0u64; pes as usize];
    for (o, &to) in input.objects.iter().zip(&mapping.pe_of) {
        if o.pe != to {
            departures[o.pe].push((o.id, to as PeId));
            arrivals[to] += 1;
        }
    }
    (departures, arrivals)
}

/// What each PE is told about the elements that `mapping` moves (the
/// `told` of its `Moves`): an element's destination expects it, and every
/// PE that will host an element that sent it messages in the last period
/// learns where it goes (its old PE learns as it sends it). Not its home
/// as such: the home is on the path of a message that races ahead of the
/// destination's own `Moves`, and told, it would send such a message back
/// to the destination that just forwarded it (location README, rule 6).
/// Per PE, sorted by linear index.
fn tell(input: &LbInput, mapping: &Mapping, pes: u32) -> Vec<Vec<(u64, PeId)>> {
    let mut told = vec![Vec::new(); pes as usize];
    let moved = |i: usize| {
        let (from, to) = (input.objects[i].pe, mapping.pe_of[i]);
        (from != to).then_some((from, to))
    };
    for (i, o) in input.objects.iter().enumerate() {
        if let Some((_, to)) = moved(i) {
            told[to].push((o.id, to as PeId));
        }
    }
    for e in &input.comm {
        if let Some((from, to)) = moved(e.to) {
            let sender = mapping.pe_of[e.from];
            if sender != from && sender != to {
                told[sender].push((input.objects[e.to].id, to as PeId));
            }
        }
    }
    for t in &mut told {
        t.sort_unstable();
        t.dedup();
    }
    told
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::control::ObjStats;

    fn record(array: &str, step: u64) -> LbStepRecord {
        LbStepRecord {
            array: array.into(),
            step,
            balanced: true,
            before: None,
            after: None,
            migrations: 1,
            migrated_bytes: 0,
            gather_time_s: 0.0,
            strategy_time_s: 0.0,
            migration_time_s: 0.0,
            step_time_s: 0.0,
            restrained: false,
            placement: "greedy",
            next_period_steps: None,
            input: None,
        }
    }

    #[test]
    fn a_step_still_confirming_its_migrations_at_the_end_is_recorded() {
        let mut root = LbRoot::default();
        root.records.push(record("a", 1));
        let now = Instant::now();
        root.state(0).phase = Phase::Migrating {
            done: 1,
            since: now,
            synced_at: now,
            record: Box::new(record("a", 2)),
        };
        let steps: Vec<u64> = root.finish().iter().map(|r| r.step).collect();
        assert_eq!(steps, vec![1, 2]);
        assert!(matches!(root.state(0).phase, Phase::Gathering));
        assert!(root.finish().is_empty(), "taken once");
    }

    #[test]
    fn moves_tell_the_destination_and_the_senders_new_pes() {
        // Four PEs; objects 0..4 with ids 10..14 on PEs 0, 1, 2, 3.
        // Object 2 moves 2 → 1; object 3 moves 3 → 2. Object 0 (PE 0) and
        // object 1 (PE 1) send to object 2; object 2 sends to object 3.
        let mut input = LbInput::from_loads(
            vec![PeInfo::default(); 4],
            &[(0, 1.0), (1, 1.0), (2, 1.0), (3, 1.0)],
        );
        for o in &mut input.objects {
            o.id += 10;
        }
        let edge = |from, to| CommEdge {
            from,
            to,
            messages: 1,
            bytes: 8,
        };
        input.comm = vec![edge(0, 2), edge(1, 2), edge(2, 3), edge(3, 0)];
        let mapping = Mapping {
            pe_of: vec![0, 1, 1, 2],
        };
        let told = tell(&input, &mapping, 4);
        assert_eq!(told[0], vec![(12, 1)], "PE 0: 12's sender");
        assert_eq!(
            told[1],
            vec![(12, 1), (13, 2)],
            "PE 1: expects 12; 12 sends to 13"
        );
        assert_eq!(
            told[2],
            vec![(13, 2)],
            "PE 2: expects 13 (it knows 12 left)"
        );
        assert!(told[3].is_empty(), "PE 3: 13's old PE, 12 unknown to it");
    }

    fn report(pe: PeId, linears: &[u64], load_s: f64) -> PeStats {
        PeStats {
            array: 0,
            pe,
            speed: 1.0,
            wall_s: 1.0,
            entry_s: 0.5,
            idle_s: 0.25,
            parked_s: 0.0,
            cpu_s: 0.5,
            objects: (linears.iter())
                .map(|&linear| ObjStats {
                    linear,
                    load_s,
                    given: false,
                    migratable: true,
                    bytes: 8,
                })
                .collect(),
            comm: (linears.first()).map_or(Vec::new(), |&l| vec![(l, l + 1, 1, 8)]),
        }
    }

    #[test]
    fn reports_sent_with_ready_make_collecting_unneeded() {
        let early = [report(0, &[0, 1], 1.0), report(1, &[2, 3], 1.0)];
        assert!(to_collect(&early, 2, 4).is_empty());
        // A PE without elements sends nothing: only it is asked.
        assert_eq!(to_collect(&early, 3, 4), vec![2]);
        // An element missing, reported twice, or a PE twice: ask everyone.
        assert_eq!(to_collect(&early, 2, 5), vec![0, 1]);
        let twice = [report(0, &[0, 1], 1.0), report(1, &[1, 2], 1.0)];
        assert_eq!(to_collect(&twice, 2, 3), vec![0, 1]);
        let pe_twice = [report(0, &[0], 1.0), report(0, &[1], 1.0)];
        assert_eq!(to_collect(&pe_twice, 2, 2), vec![0, 1]);
    }

    #[test]
    fn merged_reports_place_elements_where_the_replies_say() {
        // Element 1 was reported on PE 0 with Ready, then moved to PE 1;
        // the replies to Collect place it there.
        let early = vec![report(0, &[0, 1], 1.0), report(1, &[2], 1.0)];
        let replies = vec![report(0, &[0], 0.5), report(1, &[1, 2], 0.5)];
        let mut all = merge(early, replies);
        all.sort_by_key(|s| s.pe);
        let placed: Vec<Vec<(u64, f64)>> = (all.iter())
            .map(|s| s.objects.iter().map(|o| (o.linear, o.load_s)).collect())
            .collect();
        assert_eq!(placed, vec![vec![(0, 1.5)], vec![(1, 1.5), (2, 1.5)]]);
        assert_eq!((all[0].wall_s, all[1].idle_s), (2.0, 0.5));
        assert_eq!(all[1].comm.len(), 2);
        // Without replies the early reports are the step's.
        let alone = merge(vec![report(0, &[0], 1.0)], Vec::new());
        assert_eq!(alone.len(), 1);
        // A PE asked alone (it hosts nothing) is added to the others.
        let mixed = merge(vec![report(0, &[0], 1.0)], vec![report(1, &[], 0.0)]);
        assert_eq!(mixed.iter().map(|s| s.objects.len()).sum::<usize>(), 1);
    }
}
