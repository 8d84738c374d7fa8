//! The master of the centralized (MOSIX-style) version: every slab sends it
//! its boundary rows and residual sums after every iteration; once it has
//! them all, it sends each slab its neighbours' rows, and at a check every
//! slab's sums. All traffic passes through this one object, as in the
//! paper's master–worker program.

use std::collections::BTreeMap;

use arts_core::*;
use arts_ddm::solver::segment::Halo;
use serde::{Deserialize, Serialize};

use super::slab::{Slab, SlabMsg};

/// Messages of the [`Master`].
#[message]
#[derive(Clone)]
pub enum MasterMsg {
    /// Slab `from`'s rows and sums after its iteration `it` of bias `bias`.
    Rows {
        /// The bias point's number.
        bias: u32,
        /// The iteration.
        it: u32,
        /// The slab.
        from: u32,
        /// Its first row.
        first: Halo,
        /// Its last row.
        last: Halo,
        /// Its residual sums.
        sums: [f64; 3],
    },
}

/// One slab's report: first row, last row, sums.
type Report = (Halo, Halo, [f64; 3]);

/// Collects the slabs' rows and relays them.
#[derive(Serialize, Deserialize)]
pub struct Master {
    /// Reports by (bias, iteration), one slot per slab.
    pending: BTreeMap<(u32, u32), Vec<Option<Report>>>,
}

/// What the master needs: the slabs and the check period.
pub struct MasterSetup {
    /// The slab array.
    pub slabs: ArrayProxy<Slab>,
    /// Slabs.
    pub count: u32,
    /// Check every this many iterations.
    pub check_every: usize,
}

impl Chare for Master {
    type Msg = MasterMsg;
    type Init = MasterSetup;

    fn new(_: Index, _: &MasterSetup) -> Self {
        Master {
            pending: BTreeMap::new(),
        }
    }

    fn receive(&mut self, msg: MasterMsg, ctx: &mut Ctx<'_, Self>) {
        let MasterMsg::Rows {
            bias,
            it,
            from,
            first,
            last,
            sums,
        } = msg;
        let s: &MasterSetup = ctx.init();
        let (n, check_every, slabs) = (s.count as usize, s.check_every.max(1), s.slabs);
        let slot = self
            .pending
            .entry((bias, it))
            .or_insert_with(|| vec![None; n]);
        slot[from as usize] = Some((first, last, sums));
        if slot.iter().any(Option::is_none) {
            return;
        }
        let all: Vec<Report> = self
            .pending
            .remove(&(bias, it))
            .expect("present")
            .into_iter()
            .flatten()
            .collect();
        let check = it > 0 && (it as usize).is_multiple_of(check_every);
        let sums: Option<Vec<[f64; 3]>> = check.then(|| all.iter().map(|r| r.2).collect());
        for i in 0..n {
            let msg = SlabMsg::Relay {
                bias,
                it,
                left: i.checked_sub(1).map(|l| all[l].1),
                right: all.get(i + 1).map(|r| r.0),
                sums: sums.clone(),
            };
            ctx.send(slabs.at(i as u32), msg);
        }
    }
}
