//! Micro-benchmark kernels of the core runtime: ping-pong latency between
//! two elements and back-to-back reductions. The CLI (`arts bench core`)
//! times them; tests check they run to completion.

use std::sync::Arc;
use std::time::Instant;

use arts_core::{Callback, Chare, Config, Ctx, Index, Map, RedValue, Reducer, RunError, Shape};
use serde::{Deserialize, Serialize};

/// Two elements that bounce a counter between them.
#[derive(Serialize, Deserialize)]
pub struct Pong {
    peer: u32,
}

/// Messages of [`Pong`].
#[derive(Clone, Serialize, Deserialize)]
pub enum PongMsg {
    /// The ball, with the number of bounces left.
    Ball(u32),
    /// The game is over.
    Done,
}

impl Chare for Pong {
    type Msg = PongMsg;
    type Init = ();
    fn new(index: Index, _: &()) -> Self {
        Pong {
            peer: 1 - index.x(),
        }
    }
    fn receive(&mut self, msg: PongMsg, ctx: &mut Ctx<'_, Self>) {
        let me = ctx.this_proxy();
        match msg {
            PongMsg::Ball(0) => {
                ctx.send(&me, self.peer, PongMsg::Done);
                ctx.contribute((), Reducer::Sum, Callback::Main(0));
            }
            PongMsg::Ball(n) => ctx.send(&me, self.peer, PongMsg::Ball(n - 1)),
            PongMsg::Done => ctx.contribute((), Reducer::Sum, Callback::Main(0)),
        }
    }
    fn msg_bytes(_: &PongMsg) -> usize {
        8
    }
}

/// One-way time (send + delivery + dispatch of an empty entry method) of a
/// ping-pong of `round_trips` between two elements, in ns. With `same_pe`
/// both live on PE 0; otherwise on PEs 0 and 1.
pub fn pingpong_ns(config: &Config, same_pe: bool, round_trips: u32) -> Result<f64, RunError> {
    let map = if same_pe {
        Map::Custom(Arc::new(|_, _, _| 0))
    } else {
        Map::RoundRobin
    };
    let (ns, _) = arts_core::run(config, |d| -> Result<f64, RunError> {
        let a = d.create_array::<Pong>("pingpong", Shape::d1(2), map, ());
        d.wait_quiescence()?;
        let t = Instant::now();
        d.send(&a, 0, PongMsg::Ball(2 * round_trips));
        d.wait_callback(0)?;
        Ok(t.elapsed().as_nanos() as f64 / (2.0 * round_trips as f64))
    })?;
    ns
}

/// Elements that run `rounds` reductions back to back, each result
/// broadcast to all of them to start the next.
#[derive(Serialize, Deserialize)]
pub struct Reduce;

impl Chare for Reduce {
    type Msg = u32;
    type Init = ();
    fn new(_: Index, _: &()) -> Self {
        Reduce
    }
    fn receive(&mut self, rounds: u32, ctx: &mut Ctx<'_, Self>) {
        self.reduction(rounds, RedValue::Nothing, ctx);
    }
    fn reduction(&mut self, left: u32, _: RedValue, ctx: &mut Ctx<'_, Self>) {
        let cb = if left == 0 {
            Callback::Main(0)
        } else {
            Callback::Broadcast(ctx.this_proxy().id(), left - 1)
        };
        ctx.contribute(1.0, Reducer::Sum, cb);
    }
}

/// Time per reduction (contribute + combine + broadcast of the result) over
/// `elements` elements, in µs, from `rounds` back-to-back reductions.
pub fn reduction_us(config: &Config, elements: u32, rounds: u32) -> Result<f64, RunError> {
    let (us, _) = arts_core::run(config, |d| -> Result<f64, RunError> {
        let a = d.create_array::<Reduce>("reduce", Shape::d1(elements), Map::Block, ());
        d.wait_quiescence()?;
        let t = Instant::now();
        d.broadcast(&a, rounds);
        let v = d.wait_callback(0)?;
        if v != RedValue::F64(elements as f64) {
            return Err(RunError::Internal(format!("reduction produced {v:?}")));
        }
        Ok(t.elapsed().as_secs_f64() * 1e6 / (rounds + 1) as f64)
    })?;
    us
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kernels_complete() {
        let cfg = Config {
            pes: 2,
            ..Config::default()
        };
        assert!(pingpong_ns(&cfg, true, 100).unwrap() > 0.0);
        assert!(pingpong_ns(&cfg, false, 100).unwrap() > 0.0);
        assert!(reduction_us(&cfg, 64, 20).unwrap() > 0.0);
        assert!(bandwidth_bytes_per_s(&cfg, 1 << 16, 5).unwrap() > 0.0);
    }
}

/// Two elements that bounce a byte buffer between them.
#[derive(Serialize, Deserialize)]
pub struct Bulk {
    peer: u32,
}

/// The buffer and how many bounces are left.
#[derive(Clone, Serialize, Deserialize)]
pub struct BulkMsg {
    /// Bounces left.
    pub left: u32,
    /// The payload.
    #[serde(with = "serde_bytes")]
    pub data: Vec<u8>,
}

impl Chare for Bulk {
    type Msg = BulkMsg;
    type Init = ();
    fn new(index: Index, _: &()) -> Self {
        Bulk {
            peer: 1 - index.x(),
        }
    }
    fn receive(&mut self, mut msg: BulkMsg, ctx: &mut Ctx<'_, Self>) {
        let me = ctx.this_proxy();
        if msg.left == 0 {
            ctx.contribute((), Reducer::Sum, Callback::Main(0));
            let done = BulkMsg {
                left: u32::MAX,
                data: Vec::new(),
            };
            ctx.send(&me, self.peer, done);
        } else if msg.left == u32::MAX {
            ctx.contribute((), Reducer::Sum, Callback::Main(0));
        } else {
            msg.left -= 1;
            ctx.send(&me, self.peer, msg);
        }
    }
    fn msg_bytes(msg: &BulkMsg) -> usize {
        8 + msg.data.len()
    }
}

/// Bytes per second moved by bouncing a `bytes`-byte buffer `round_trips`
/// times between two elements on PEs 0 and 1 (one-way bandwidth).
pub fn bandwidth_bytes_per_s(
    config: &Config,
    bytes: usize,
    round_trips: u32,
) -> Result<f64, RunError> {
    let (bw, _) = arts_core::run(config, |d| -> Result<f64, RunError> {
        let a = d.create_array::<Bulk>("bulk", Shape::d1(2), Map::RoundRobin, ());
        d.wait_quiescence()?;
        let t = Instant::now();
        let msg = BulkMsg {
            left: 2 * round_trips,
            data: vec![7u8; bytes],
        };
        d.send(&a, 0, msg);
        d.wait_callback(0)?;
        let one_way = t.elapsed().as_secs_f64() / (2.0 * round_trips as f64);
        Ok(bytes as f64 / one_way)
    })?;
    bw
}
