//! The first phase of an on-demand checkpoint: every block stops and
//! reports how many steps it has done to one counter element, which
//! contributes the maximum to the main program as [`StencilTag::Held`].
//!
//! A reduction over the blocks cannot carry this answer: reductions are
//! matched by each element's count of contributions, and the blocks are at
//! different steps (so at different counts) when they are asked.

use arts_core::{Callback, Chare, Ctx, Index, Reducer, message};
use serde::{Deserialize, Serialize};

use super::StencilTag;

/// Counts the blocks' answers to one `Hold` and reduces their maximum.
#[derive(Serialize, Deserialize)]
pub struct StepCounter {
    /// Answers to wait for (the number of blocks).
    blocks: u64,
    /// Answers so far.
    heard: u64,
    /// The most steps any block reported.
    most: u64,
}

/// Messages of the counter.
#[message]
#[derive(Clone, Debug)]
pub enum CounterMsg {
    /// A block has done `steps` steps and holds there.
    Done {
        /// Steps the block has done.
        steps: u32,
    },
}

impl Chare for StepCounter {
    type Msg = CounterMsg;
    /// The number of blocks.
    type Init = u64;

    fn new(_: Index, blocks: &u64) -> Self {
        StepCounter {
            blocks: *blocks,
            heard: 0,
            most: 0,
        }
    }

    fn receive(&mut self, msg: CounterMsg, ctx: &mut Ctx<'_, Self>) {
        let CounterMsg::Done { steps } = msg;
        self.heard += 1;
        self.most = self.most.max(steps as u64);
        if self.heard == self.blocks {
            let most = std::mem::take(&mut self.most);
            self.heard = 0;
            ctx.contribute(most, Reducer::Max, Callback::main(StencilTag::Held));
        }
    }
}
