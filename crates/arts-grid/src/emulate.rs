//! Turns a run's [`Config`] into a grid run: the delay layer on top of its
//! transport, the clusters the scheduler and the load balancer see, border-
//! object prioritization, and emulated PE speeds.

use std::sync::Arc;

use arts_core::transport::Transport;
use arts_core::{
    Config, DEFAULT_STARVATION_LIMIT, EmulatedSpeeds, GridConfig, RunError, TransportFactory,
};

use crate::{DelayTransport, Topology};

/// How a run emulates a grid.
#[derive(Clone, Debug)]
pub struct Emulation {
    /// Clusters, latencies, jitter and speeds.
    pub topology: Topology,
    /// Border-object prioritization (thesis chapter 6).
    pub priority: bool,
    /// A local message runs after at most this many grid-queue messages.
    pub starvation_limit: u32,
}

impl Emulation {
    /// Emulates `topology` without prioritization.
    pub fn new(topology: Topology) -> Emulation {
        Emulation {
            topology,
            priority: false,
            starvation_limit: DEFAULT_STARVATION_LIMIT,
        }
    }

    /// `config` running on the emulated grid. The topology must cover
    /// exactly `config.pes` PEs.
    pub fn apply(&self, mut config: Config) -> Result<Config, RunError> {
        let pes = self.topology.num_pes();
        if pes != config.pes {
            return Err(RunError::Config(format!(
                "the topology has {pes} PEs but the run has {}",
                config.pes
            )));
        }
        config.grid = Some(GridConfig {
            clusters: Arc::from(self.topology.cluster_of_pes()),
            priority: self.priority,
            starvation_limit: self.starvation_limit,
        });
        if let Some(speeds) = &self.topology.speeds {
            // Relative to the fastest PE, which runs at full speed.
            let max = speeds.iter().copied().fold(0.0, f64::max);
            let relative: Vec<f64> = speeds.iter().map(|s| s / max).collect();
            config.emulated_speeds = Some(EmulatedSpeeds(Arc::from(relative)));
        }
        let inner = config.clone();
        let topology = self.topology.clone();
        config.transport = Some(TransportFactory(Arc::new(move |pes| {
            let (t, rx) = arts_core::connect(&Config {
                pes,
                ..inner.clone()
            })?;
            let delayed: Arc<dyn Transport> = Arc::new(DelayTransport::new(t, &topology));
            Ok((delayed, rx))
        })));
        Ok(config)
    }
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use arts_core::{Callback, Chare, Ctx, Index, Map, Reducer, Shape, message};
    use serde::{Deserialize, Serialize};

    use super::*;

    #[derive(Serialize)]
    enum Tag {
        Done,
    }

    #[message]
    enum Ping {
        /// Bounce `left` more times between elements 0 and 2 (two clusters);
        /// `start`: wall time of the first send (`None`: the first hop).
        Ball { left: u32, start: Option<f64> },
        /// The same between elements 0 and 1 (one cluster).
        Local { left: u32, start: Option<f64> },
        /// Contribute nothing (elements that do not play).
        Idle,
    }

    #[derive(Serialize, Deserialize)]
    struct Player;

    impl Chare for Player {
        type Msg = Ping;
        type Init = ();
        fn new(_: Index, _: &()) -> Self {
            Player
        }
        fn receive(&mut self, msg: Ping, ctx: &mut Ctx<'_, Self>) {
            let me = ctx.index().x();
            let now = ctx.wall_time();
            let (left, start, partner, local) = match msg {
                Ping::Idle => return ctx.contribute(0.0, Reducer::Max, Callback::main(Tag::Done)),
                Ping::Ball { left, start } => (left, start, 2 - me, false),
                Ping::Local { left, start } => (left, start, 1 - me, true),
            };
            let start = start.unwrap_or(now);
            if left == 0 {
                return ctx.contribute(now - start, Reducer::Max, Callback::main(Tag::Done));
            }
            let left = left - 1;
            let next = if local {
                Ping::Local {
                    left,
                    start: Some(start),
                }
            } else {
                Ping::Ball {
                    left,
                    start: Some(start),
                }
            };
            ctx.send(ctx.this_proxy().at(partner), next);
            if left == 0 {
                // The partner ends the game; this player is done too.
                ctx.contribute(0.0, Reducer::Max, Callback::main(Tag::Done));
            }
        }
    }

    /// Element i on PE i of 4, clusters {0,1} and {2,3}; the time of
    /// `msg`'s bounces, measured by the elements.
    fn run_pingpong(latency_ms: f64, msg: Ping, idle: u32) -> Duration {
        let topo =
            Topology::uniform(4, 2, Duration::from_secs_f64(latency_ms * 1e-3)).expect("valid");
        run_pingpong_on(topo, msg, idle)
    }

    /// [`run_pingpong`] on `topo`.
    fn run_pingpong_on(topo: Topology, msg: Ping, idle: u32) -> Duration {
        let base = Config {
            pes: 4,
            ..Config::default()
        };
        let config = Emulation::new(topo).apply(base).expect("4 PEs");
        let (t, _) = arts_core::run(&config, |d| {
            let a = d.create_array::<Player>("p", Shape::d1(4), Map::RoundRobin, ());
            d.send(a.at(0), msg);
            d.send(a.at(idle), Ping::Idle);
            d.send(a.at(3), Ping::Idle);
            d.wait_callback::<f64>(Tag::Done).unwrap()
        })
        .unwrap();
        Duration::from_secs_f64(t)
    }

    #[test]
    fn cross_cluster_messages_wait_their_latency_and_local_ones_do_not() {
        // 4 one-way trips of 5 ms: at least 20 ms.
        let t = run_pingpong(
            5.0,
            Ping::Ball {
                left: 4,
                start: None,
            },
            1,
        );
        assert!(t >= Duration::from_millis(20), "{t:?}");
        // 4 trips within cluster 0: no added latency at all.
        let t = run_pingpong(
            200.0,
            Ping::Local {
                left: 4,
                start: None,
            },
            2,
        );
        assert!(t < Duration::from_millis(100), "{t:?}");
    }

    #[test]
    fn messages_cross_a_link_with_a_bandwidth_serialized_and_in_time() {
        // 10 kbit/s and 2 ms per message: each of 4 one-way trips of a
        // frame of more than its 31-byte header takes 2 ms + over 24.8 ms
        // on the link, then 1 ms on the way.
        let topo = Topology::uniform(4, 2, Duration::from_millis(1))
            .unwrap()
            .with_links(Some(1e4), Some(Duration::from_millis(2)));
        let ball = Ping::Ball {
            left: 4,
            start: None,
        };
        let t = run_pingpong_on(topo.clone(), ball, 1);
        assert!(
            t >= Duration::from_micros(4 * (1000 + 2000 + 24_800)),
            "{t:?}"
        );
        // Within a cluster the link is not used.
        let local = Ping::Local {
            left: 4,
            start: None,
        };
        assert!(run_pingpong_on(topo, local, 2) < Duration::from_millis(100));
    }

    #[derive(Serialize)]
    enum Phase {
        Resumed,
        Timed,
    }

    #[message]
    #[derive(Clone)]
    enum Roam {
        /// Talk to element 3 (element 0 only), then wait at sync.
        Start,
        /// Element 0: send `Hello` stamped now to element 3; everyone
        /// else: contribute nothing.
        Go,
        /// Sent at `sent` (s since the run began), or before the step.
        Hello { sent: Option<f64> },
    }

    #[derive(Serialize, Deserialize)]
    struct Roamer;

    impl Chare for Roamer {
        type Msg = Roam;
        type Init = ();
        fn new(_: Index, _: &()) -> Self {
            Roamer
        }
        fn receive(&mut self, msg: Roam, ctx: &mut Ctx<'_, Self>) {
            let me = ctx.index().x();
            match msg {
                Roam::Start => {
                    if me == 0 {
                        ctx.send(ctx.this_proxy().at(3), Roam::Hello { sent: None });
                    }
                    ctx.at_sync();
                }
                Roam::Go if me == 0 => {
                    let sent = Some(ctx.wall_time());
                    ctx.send(ctx.this_proxy().at(3), Roam::Hello { sent });
                    ctx.contribute(0.0, Reducer::Max, Callback::main(Phase::Timed));
                }
                Roam::Go if me != 3 => {
                    ctx.contribute(0.0, Reducer::Max, Callback::main(Phase::Timed))
                }
                Roam::Go | Roam::Hello { sent: None } => {}
                Roam::Hello { sent: Some(t) } => {
                    let took = ctx.wall_time() - t;
                    ctx.contribute(took, Reducer::Max, Callback::main(Phase::Timed));
                }
            }
        }
        fn resume_from_sync(&mut self, ctx: &mut Ctx<'_, Self>) {
            ctx.contribute(0.0, Reducer::Max, Callback::main(Phase::Resumed));
        }
    }

    #[test]
    fn after_a_balancing_step_a_message_goes_straight_to_the_new_pe() {
        // Element i on PE i of 4, clusters {0,1} and {2,3}, 100 ms apart.
        // Element 0 talks to element 3; `rotate` moves element 0 to PE 1
        // and element 3 (home PE 3) to PE 0. Told with the decision, PE 1
        // sends element 0's next message to element 3 straight to PE 0, in
        // cluster 0 like itself; through element 3's home (PE 3) it would
        // cross the wide-area link there and back (200 ms).
        let topo = Topology::uniform(4, 2, Duration::from_millis(100)).expect("valid");
        let mut lb = arts_core::LbConfig::new("rotate", arts_core::LbPeriod::EverySync).unwrap();
        lb.speeds = Some(vec![1.0; 4]);
        let base = Config {
            pes: 4,
            instrument: true,
            lb: Some(lb),
            ..Config::default()
        };
        let config = Emulation::new(topo).apply(base).expect("4 PEs");
        let (took, _) = arts_core::run(&config, |d| {
            let a = d.create_array::<Roamer>("r", Shape::d1(4), Map::RoundRobin, ());
            d.broadcast(&a, Roam::Start);
            d.wait_callback::<f64>(Phase::Resumed).unwrap();
            d.broadcast(&a, Roam::Go);
            d.wait_callback::<f64>(Phase::Timed).unwrap()
        })
        .unwrap();
        assert!(took < 0.1, "{took} s: crossed the wide-area link");
    }

    #[message]
    #[derive(Clone)]
    enum Hop {
        /// Element 3: move to PE 0 (everyone: contribute nothing).
        Leave,
        /// Element 1: send `Stamp` to element 3, stamped now (everyone
        /// else but element 3: contribute nothing).
        Go,
        /// Sent at this time (s since the run began).
        Stamp(f64),
    }

    #[derive(Serialize, Deserialize)]
    struct Hopper;

    impl Chare for Hopper {
        type Msg = Hop;
        type Init = ();
        fn new(_: Index, _: &()) -> Self {
            Hopper
        }
        fn receive(&mut self, msg: Hop, ctx: &mut Ctx<'_, Self>) {
            match msg {
                Hop::Leave => {
                    if ctx.index().x() == 3 {
                        assert!(ctx.migrate_to(0));
                    }
                    ctx.contribute(0.0, Reducer::Max, Callback::main(Phase::Resumed));
                }
                Hop::Go => {
                    let me = ctx.index().x();
                    if me == 1 {
                        ctx.send(ctx.this_proxy().at(3), Hop::Stamp(ctx.wall_time()));
                    }
                    if me != 3 {
                        ctx.contribute(0.0, Reducer::Max, Callback::main(Phase::Timed));
                    }
                }
                Hop::Stamp(t) => {
                    let took = ctx.wall_time() - t;
                    ctx.contribute(took, Reducer::Max, Callback::main(Phase::Timed));
                }
            }
        }
    }

    #[test]
    fn a_forwarded_message_pays_the_latency_of_each_hop() {
        // Element i on PE i of 4, clusters {0,1} and {2,3}, 100 ms apart.
        // Element 3 moves to PE 0; element 1 (PE 1) does not know and
        // sends to its home, PE 3, which forwards it to PE 0: it crosses
        // the link there and back. (It took 100 ms when the delay layer
        // priced the hop from PE 3 by the message's original sender.)
        let topo = Topology::uniform(4, 2, Duration::from_millis(100)).expect("valid");
        let base = Config {
            pes: 4,
            ..Config::default()
        };
        let config = Emulation::new(topo).apply(base).expect("4 PEs");
        let (took, _) = arts_core::run(&config, |d| {
            let a = d.create_array::<Hopper>("h", Shape::d1(4), Map::RoundRobin, ());
            d.broadcast(&a, Hop::Leave);
            d.wait_callback::<f64>(Phase::Resumed).unwrap();
            d.broadcast(&a, Hop::Go);
            d.wait_callback::<f64>(Phase::Timed).unwrap()
        })
        .unwrap();
        assert!(took >= 0.2, "{took} s: crossed the link once");
    }

    #[test]
    fn the_topology_must_cover_the_run() {
        let topo = Topology::uniform(2, 2, Duration::ZERO).unwrap();
        let config = Config {
            pes: 3,
            ..Config::default()
        };
        assert!(Emulation::new(topo).apply(config).is_err());
    }
}
