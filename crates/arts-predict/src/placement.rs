//! Where each recorded object lives on the target machine.

use arts_lb::{CommEdge, LbInput, ObjInfo, PeInfo};
use arts_trace::record::{Cause, Recording};

use crate::PredictError;

/// How objects are placed on the target PEs.
#[derive(Clone, Debug, PartialEq)]
pub enum Placement {
    /// Element `i` of an `n`-element array on PE `i·P/n` (the runtime's
    /// default block map).
    Block,
    /// Element `i` on PE `i mod P`.
    RoundRobin,
    /// The recorded PE, folded onto the target (`pe mod P`).
    Recorded,
    /// What a load-balancing strategy (`arts_lb::by_name`) makes of the
    /// recorded loads and communication, starting from the block map.
    Lb(String),
}

impl Placement {
    /// Parses `block`, `round-robin`, `recorded` or `lb:NAME`.
    pub fn parse(s: &str) -> Result<Placement, PredictError> {
        Ok(match s {
            "block" => Placement::Block,
            "round-robin" => Placement::RoundRobin,
            "recorded" => Placement::Recorded,
            _ => match s.strip_prefix("lb:") {
                Some(name) => {
                    arts_lb::by_name(name).map_err(|e| PredictError::Input(e.to_string()))?;
                    Placement::Lb(name.to_string())
                }
                None => {
                    return Err(PredictError::Input(format!(
                        "mapping '{s}': give block, round-robin, recorded or lb:STRATEGY"
                    )));
                }
            },
        })
    }

    /// The PE of every element of every array (`pe_of[array][element]`) on `pes` PEs.
    pub fn place(&self, rec: &Recording, pes: u32) -> Result<Vec<Vec<u32>>, PredictError> {
        let block = |n: u64| -> Vec<u32> {
            (0..n)
                .map(|i| (i as u128 * pes as u128 / n as u128) as u32)
                .collect()
        };
        let arrays = &rec.header.arrays;
        Ok(match self {
            Placement::Block => arrays.iter().map(|a| block(a.elements)).collect(),
            Placement::RoundRobin => arrays
                .iter()
                .map(|a| (0..a.elements).map(|i| (i % pes as u64) as u32).collect())
                .collect(),
            Placement::Recorded => {
                let mut pe_of: Vec<Vec<u32>> = arrays.iter().map(|a| block(a.elements)).collect();
                let mut seen: Vec<Vec<bool>> = arrays
                    .iter()
                    .map(|a| vec![false; a.elements as usize])
                    .collect();
                for e in &rec.execs {
                    let (a, i) = (e.array as usize, e.element as usize);
                    if !seen[a][i] {
                        seen[a][i] = true;
                        pe_of[a][i] = e.pe % pes;
                    }
                }
                pe_of
            }
            Placement::Lb(name) => balanced(
                rec,
                pes,
                name,
                arrays.iter().map(|a| block(a.elements)).collect(),
            )?,
        })
    }
}

/// Objects of every array numbered one after the other.
fn offsets(rec: &Recording) -> Vec<usize> {
    let mut at = 0;
    rec.header
        .arrays
        .iter()
        .map(|a| {
            let o = at;
            at += a.elements as usize;
            o
        })
        .collect()
}

/// The mapping strategy `name` computes from the recorded loads and
/// communication, starting from `start`.
fn balanced(
    rec: &Recording,
    pes: u32,
    name: &str,
    start: Vec<Vec<u32>>,
) -> Result<Vec<Vec<u32>>, PredictError> {
    let off = offsets(rec);
    let mut objects: Vec<ObjInfo> = Vec::new();
    for (a, pe_of) in start.iter().enumerate() {
        for (i, &pe) in pe_of.iter().enumerate() {
            objects.push(ObjInfo {
                id: (off[a] + i) as u64,
                pe: pe as usize,
                load_s: 0.0,
                migratable: true,
                bytes: 0,
            });
        }
    }
    for e in &rec.execs {
        objects[off[e.array as usize] + e.element as usize].load_s += e.dur_ns as f64 * 1e-9;
    }
    let mut comm = std::collections::HashMap::<(usize, usize), (u64, u64)>::new();
    for s in &rec.sends {
        let from = &rec.execs[s.from as usize];
        let key = (
            off[from.array as usize] + from.element as usize,
            off[s.array as usize] + s.element as usize,
        );
        let c = comm.entry(key).or_default();
        c.0 += 1;
        c.1 += s.bytes;
    }
    let mut comm: Vec<CommEdge> = comm
        .into_iter()
        .map(|((from, to), (messages, bytes))| CommEdge {
            from,
            to,
            messages,
            bytes,
        })
        .collect();
    comm.sort_by_key(|c| (c.from, c.to));
    let input = LbInput {
        pes: vec![PeInfo::default(); pes as usize],
        objects,
        comm,
    };
    let strategy = arts_lb::by_name(name).map_err(|e| PredictError::Input(e.to_string()))?;
    let mapping = arts_lb::balance(strategy.as_ref(), &input)
        .map_err(|e| PredictError::Input(format!("mapping lb:{name}: {e}")))?;
    let mut out = start;
    for (a, pe_of) in out.iter_mut().enumerate() {
        for (i, pe) in pe_of.iter_mut().enumerate() {
            *pe = mapping.pe_of[off[a] + i] as u32;
        }
    }
    Ok(out)
}

/// Whether every execution's cause can be followed (for reports).
pub fn unattributed(rec: &Recording) -> u64 {
    rec.execs.iter().filter(|e| e.cause == Cause::Other).count() as u64
}
