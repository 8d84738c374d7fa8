//! Micro-benchmark kernels of the core runtime: ping-pong latency between
//! two elements and back-to-back reductions. The CLI (`arts bench core`)
//! times them; tests check they run to completion.

use std::sync::Arc;
use std::time::Instant;

use arts_core::{
    Callback, Chare, Config, Ctx, Index, Map, Reduced, Reducer, RunError, Shape, WireSize, message,
};
use serde::{Deserialize, Serialize};

/// Two elements that bounce a counter between them.
#[derive(Serialize, Deserialize)]
pub struct Pong {
    peer: u32,
}

/// Messages of [`Pong`].
#[message]
#[derive(Clone)]
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
        let peer = ctx.this_proxy().at(self.peer);
        match msg {
            PongMsg::Ball(0) => {
                ctx.send(peer, PongMsg::Done);
                ctx.contribute((), Reducer::Sum, Callback::main(Done));
            }
            PongMsg::Ball(n) => ctx.send(peer, PongMsg::Ball(n - 1)),
            PongMsg::Done => ctx.contribute((), Reducer::Sum, Callback::main(Done)),
        }
    }
}

/// The tag of every kernel's final result.
#[derive(Clone, Copy, Debug, Serialize)]
struct Done;

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
        d.send(a.at(0), PongMsg::Ball(2 * round_trips));
        d.wait_callback::<()>(Done)?;
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
        self.next_round(rounds, ctx);
    }
    fn reduction(&mut self, result: Reduced, ctx: &mut Ctx<'_, Self>) {
        let left = result.tag::<u32>().expect("rounds are counted in u32 tags");
        self.next_round(left, ctx);
    }
}

impl Reduce {
    /// Contributes to the next round: its result goes to every element
    /// (tagged with the rounds left after it), the last one to the main program.
    fn next_round(&mut self, left: u32, ctx: &mut Ctx<'_, Self>) {
        let cb = if left == 0 {
            Callback::main(Done)
        } else {
            Callback::broadcast(&ctx.this_proxy(), left - 1)
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
        let v: f64 = d.wait_callback(Done)?;
        if v != elements as f64 {
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
        assert!(bandwidth_bytes_per_s(&cfg, 1 << 16, 5, true).unwrap() > 0.0);
        assert!(bandwidth_bytes_per_s(&cfg, 1 << 16, 5, false).unwrap() > 0.0);
        let rotate = Config {
            lb: Some(arts_core::LbConfig::new("rotate", arts_core::LbPeriod::EverySync).unwrap()),
            ..cfg
        };
        let (t, moved) = migration_s(&rotate, 1 << 20, 4).unwrap();
        assert!(t > 0.0);
        assert!(moved >= 1 << 20);
    }
}

/// Two elements that bounce a byte buffer between them.
#[derive(Serialize, Deserialize)]
pub struct Bouncer {
    peer: u32,
}

/// How the bounced buffer is carried.
#[derive(Clone, Serialize, Deserialize)]
pub enum Buffer {
    /// In an [`arts_core::Bulk`]: between processes it travels beside the
    /// message frame and is never copied.
    ZeroCopy(arts_core::Bulk),
    /// In a `Vec<u8>` field: serde copies it into and out of the frame.
    Copied(#[serde(with = "arts_core::wire::bytes")] Vec<u8>),
}

impl WireSize for Buffer {
    fn wire_size(&self) -> usize {
        match self {
            Buffer::ZeroCopy(b) => b.wire_size(),
            Buffer::Copied(v) => 8 + v.len(),
        }
    }
}

/// The buffer and how many bounces are left.
#[message]
#[derive(Clone)]
pub struct BounceMsg {
    /// Bounces left.
    pub left: u32,
    /// The payload.
    pub data: Buffer,
}

impl Chare for Bouncer {
    type Msg = BounceMsg;
    type Init = ();
    fn new(index: Index, _: &()) -> Self {
        Bouncer {
            peer: 1 - index.x(),
        }
    }
    fn receive(&mut self, mut msg: BounceMsg, ctx: &mut Ctx<'_, Self>) {
        let peer = ctx.this_proxy().at(self.peer);
        if msg.left == 0 {
            ctx.contribute((), Reducer::Sum, Callback::main(Done));
            let done = BounceMsg {
                left: u32::MAX,
                data: Buffer::Copied(Vec::new()),
            };
            ctx.send(peer, done);
        } else if msg.left == u32::MAX {
            ctx.contribute((), Reducer::Sum, Callback::main(Done));
        } else {
            msg.left -= 1;
            ctx.send(peer, msg);
        }
    }
}

/// Bytes per second moved by bouncing a `bytes`-byte buffer `round_trips`
/// times between two elements on PEs 0 and 1 (one-way bandwidth), carried
/// in an [`arts_core::Bulk`] (`zero_copy`) or in a serde-copied `Vec<u8>`.
pub fn bandwidth_bytes_per_s(
    config: &Config,
    bytes: usize,
    round_trips: u32,
    zero_copy: bool,
) -> Result<f64, RunError> {
    let (bw, _) = arts_core::run(config, |d| -> Result<f64, RunError> {
        let a = d.create_array::<Bouncer>("bounce", Shape::d1(2), Map::RoundRobin, ());
        d.wait_quiescence()?;
        let t = Instant::now();
        let data = vec![7u8; bytes];
        let msg = BounceMsg {
            left: 2 * round_trips,
            data: if zero_copy {
                Buffer::ZeroCopy(data.into())
            } else {
                Buffer::Copied(data)
            },
        };
        d.send(a.at(0), msg);
        d.wait_callback::<()>(Done)?;
        let one_way = t.elapsed().as_secs_f64() / (2.0 * round_trips as f64);
        Ok(bytes as f64 / one_way)
    })?;
    bw
}

/// One element with a large state that joins a load-balancing step over and
/// over: with `rotate` it migrates at every step.
#[derive(Serialize, Deserialize)]
pub struct Heavy {
    #[serde(with = "arts_core::wire::bytes")]
    state: Vec<u8>,
    left: u32,
}

impl Chare for Heavy {
    type Msg = ();
    type Init = (usize, u32);
    fn new(_: Index, &(bytes, steps): &(usize, u32)) -> Self {
        Heavy {
            state: vec![1; bytes],
            left: steps,
        }
    }
    fn receive(&mut self, _: (), ctx: &mut Ctx<'_, Self>) {
        ctx.at_sync();
    }
    fn resume_from_sync(&mut self, ctx: &mut Ctx<'_, Self>) {
        assert!(
            self.state.iter().all(|&b| b == 1),
            "state survives migration"
        );
        if self.left == 0 {
            ctx.contribute((), Reducer::Sum, Callback::main(Done));
        } else {
            self.left -= 1;
            ctx.at_sync();
        }
    }
    fn pup_size(&self) -> usize {
        8 + self.state.len()
    }
}

/// Migrates one element of `bytes` bytes `steps` times between PEs (the
/// config must balance with `rotate` at every sync); returns the median time
/// from the balancing decision to the element's arrival, seconds, and the
/// serialized bytes moved per migration.
pub fn migration_s(config: &Config, bytes: usize, steps: u32) -> Result<(f64, u64), RunError> {
    let ((), report) = arts_core::run(config, |d| -> Result<(), RunError> {
        let a = d.create_array::<Heavy>("heavy", Shape::d1(1), Map::RoundRobin, (bytes, steps));
        d.broadcast(&a, ());
        d.wait_callback::<()>(Done)?;
        Ok(())
    })
    .and_then(|(r, report)| r.map(|()| ((), report)))?;
    let lb = report.lb_steps();
    let times: Vec<f64> = lb.iter().map(|s| s.migration_time_s).collect();
    let moved = lb.first().map_or(0, |s| s.migrated_bytes);
    Ok((arts_util::stats::median(&times), moved))
}
