//! Predictions are the same on the sequential and the optimistic engine, and
//! match hand-computed schedules.

use arts_predict::graph::{Edge, Node};
use arts_predict::machine::torus_dims;
use arts_predict::{
    CostModel, Engine, Graph, Layout, Link, Machine, Network, Prediction, Synthetic, extrapolate,
    predict,
};
use arts_trace::record::{ArrayInfo, Cause, Exec, FORMAT, Header, Recording, Send, VERSION};

fn machine(pes: u32, processes: u32) -> Machine {
    Machine {
        pes,
        processes,
        cpu_speed: 1.0,
        cores: None,
        local: Link::new(0.3, 5000.0).unwrap(),
        network: Network::LatencyBandwidth {
            link: Link::new(2.0, 1000.0).unwrap(),
        },
    }
}

/// Everything but the simulation's wall time.
fn same(a: &Prediction, b: &Prediction) {
    let strip = |p: &Prediction| Prediction {
        sim_wall_s: 0.0,
        ..p.clone()
    };
    assert_eq!(strip(a), strip(b));
}

/// A random message-driven graph: chains of tasks on 8 "objects" that
/// message each other, like a recording with one cause per execution.
fn random_graph(seed: u64, pes: u32) -> Graph {
    let mut g = Graph {
        methods: vec!["a::m".into(), "a::n".into()],
        ..Graph::default()
    };
    let mut x = seed | 1;
    let mut next = || {
        x = arts_pdes::mix64(x);
        x
    };
    let n = 400u32;
    let objects = 8u64;
    let mut edges: Vec<Vec<Edge>> = vec![Vec::new(); n as usize];
    for i in 0..n {
        let obj = (next() % objects) as u32;
        g.nodes.push(Node {
            dur_ns: 100 + next() % 5000,
            pe: obj % pes,
            method: (i % 2),
            needs: 1,
            first_edge: 0,
            edges: 0,
        });
        if i < objects as u32 {
            g.roots.push(i);
        } else {
            let from = (next() % i as u64) as u32;
            let dur = g.nodes[from as usize].dur_ns;
            edges[from as usize].push(Edge {
                to: i,
                offset_ns: next() % (dur + 1),
                bytes: next() % 100_000,
            });
        }
    }
    for (i, e) in edges.into_iter().enumerate() {
        g.set_edges(i, e);
    }
    g
}

#[test]
fn optimistic_equals_sequential_on_random_graphs() {
    for seed in 1..6 {
        let g = random_graph(seed, 4);
        let m = machine(4, 2);
        let seq = predict(&g, &m, Engine::Sequential).unwrap();
        let opt = predict(&g, &m, Engine::Optimistic(2)).unwrap();
        same(&seq, &opt);
        assert_eq!(seq.never_ready, 0);
        assert_eq!(seq.executions, 400);
        assert!(seq.time_ns >= *seq.busy_ns.iter().max().unwrap());
        assert!(seq.critical_path.compute_ns <= seq.time_ns);
    }
}

#[test]
fn optimistic_equals_sequential_on_synthetic_steps() {
    let model = CostModel {
        a_ns_per_byte: 2.0,
        b_ns_per_byte2: 0.0,
        mean_bytes: 4000.0,
        mean_cost_ns: 8000.0,
        messages_per_step: 6.0,
        objects: 1,
        r2: 1.0,
        sizes: vec![3000.0, 5000.0],
    };
    let uniform = Synthetic::new(&model, 64, 3, 1.0, false);
    assert_eq!((uniform.cost_ns, uniform.bytes), (8000, 4000));
    let app = Synthetic::new(&model, 64, 3, 1.0, true);
    assert_eq!((app.cost_ns, app.bytes), (8000, 4000), "the same mean");
    assert_eq!(app.grid, [4, 4, 4]);
    let dims = torus_dims(16);
    let m = Machine {
        network: Network::Torus {
            dims,
            link: Link::new(1.0, 175.0).unwrap(),
            hop_ns: 100.0,
        },
        ..machine(16, 16)
    };
    for how in [
        Layout::Ideal,
        Layout::Random(3),
        Layout::Lb("greedy".into()),
    ] {
        let seq = extrapolate(&app, &m, &how, "x", Engine::Sequential, true).unwrap();
        let opt = extrapolate(&app, &m, &how, "x", Engine::Optimistic(2), false).unwrap();
        // Every object sends 6 messages in each of the first 2 steps; those
        // between objects on different nodes are listed.
        assert!(!seq.traffic.is_empty() && seq.traffic.len() <= 64 * 6 * 2);
        assert!(seq.traffic.windows(2).all(|w| w[0].time_ns <= w[1].time_ns));
        same(&seq.prediction, &opt.prediction);
        assert_eq!(seq.prediction.executions, 64 * 3);
        // Each PE holds 4 objects: at least 3 steps × 4 × 8 µs on average.
        assert!(seq.prediction.time_ns >= 3 * 4 * 8000);
        assert_eq!(seq.prediction.busy_ns.iter().sum::<u64>(), 64 * 3 * 8000);
    }
}

#[test]
fn a_chain_across_two_processes_costs_its_messages() {
    // 0 -> 1 -> 2, alternating PEs in different processes.
    let mut g = Graph {
        methods: vec!["a::m".into()],
        roots: vec![0],
        ..Graph::default()
    };
    for i in 0..3 {
        g.nodes.push(Node {
            dur_ns: 1000,
            pe: i % 2,
            method: 0,
            needs: 1,
            first_edge: 0,
            edges: 0,
        });
    }
    g.set_edges(
        0,
        vec![Edge {
            to: 1,
            offset_ns: 500,
            bytes: 1000,
        }],
    );
    g.set_edges(
        1,
        vec![Edge {
            to: 2,
            offset_ns: 1000,
            bytes: 0,
        }],
    );
    g.set_edges(2, vec![]);
    let p = predict(&g, &machine(2, 2), Engine::Sequential).unwrap();
    // 500 + (2000 + 1000) + 1000 (node 1) + 2000 + 1000 (node 2)
    assert_eq!(p.time_ns, 500 + 3000 + 1000 + 2000 + 1000);
    assert_eq!(p.critical_path.executions, 3);
    assert_eq!(p.critical_path.compute_ns, 3000);
    assert_eq!(p.critical_path.communication_ns, p.time_ns - 3000);
    // On one PE the same chain is just the work, overlapped by the send offsets.
    let mut one = g.clone();
    one.nodes.iter_mut().for_each(|n| n.pe = 0);
    let p = predict(&one, &machine(1, 1), Engine::Sequential).unwrap();
    assert_eq!(p.time_ns, 3000);
    assert_eq!(p.utilization, vec![1.0]);
}

fn recording() -> Recording {
    let exec = |id: u64, element, start_ns, dur_ns, cause| Exec {
        id,
        pe: 0,
        array: 0,
        element,
        method: "step".into(),
        start_ns,
        dur_ns,
        cause,
    };
    let send = |id, from, element, bytes| Send {
        id,
        from,
        at_ns: 0,
        array: 0,
        element,
        bytes,
    };
    Recording {
        header: Header {
            format: FORMAT.into(),
            version: VERSION,
            app: "t".into(),
            options: String::new(),
            pes: 1,
            steps: 1,
            wall_ns: 0,
            arrays: vec![ArrayInfo {
                name: "a".into(),
                elements: 3,
            }],
            executions: 0,
            messages: 0,
        },
        // Objects with message sizes 100, 200, 300 and costs a·N + b·N².
        execs: vec![
            exec(0, 0, 0, 100 * 3 + 100 * 100 / 10, Cause::Driver),
            exec(1, 1, 10_000, 200 * 3 + 200 * 200 / 10, Cause::Msg(0)),
            exec(2, 2, 30_000, 300 * 3 + 300 * 300 / 10, Cause::Msg(1)),
            exec(3, 0, 60_000, 1, Cause::Msg(2)),
        ],
        sends: vec![send(0, 0, 1, 100), send(1, 1, 2, 200), send(2, 2, 0, 300)],
    }
}

#[test]
fn the_cost_model_recovers_a_quadratic() {
    let m = CostModel::fit(&recording()).unwrap();
    assert!((m.a_ns_per_byte - 3.0).abs() < 0.05, "{m:?}");
    assert!((m.b_ns_per_byte2 - 0.1).abs() < 0.001, "{m:?}");
    assert!(m.r2 > 0.999);
    assert_eq!(m.objects, 3);
}

#[test]
fn a_recording_replays_on_one_pe_as_its_work() {
    let rec = recording();
    let timing = arts_predict::Timing {
        cpu_speed: 1.0,
        overhead_ns: 0.0,
    };
    let pe_of = arts_predict::Placement::Block.place(&rec, 1).unwrap();
    let g = Graph::from_recording(&rec, &pe_of, timing);
    assert_eq!(g.roots, vec![0]);
    let p = predict(&g, &machine(1, 1), Engine::Sequential).unwrap();
    assert_eq!(p.time_ns, g.work_ns());
    // Twice the CPU speed halves it.
    let fast = arts_predict::Timing {
        cpu_speed: 2.0,
        ..timing
    };
    let g2 = Graph::from_recording(&rec, &pe_of, fast);
    let p2 = predict(&g2, &machine(1, 1), Engine::Sequential).unwrap();
    assert!(p2.time_ns * 2 <= p.time_ns + 4);
}

#[test]
fn contention_slows_a_random_mapping_and_not_the_ideal_one() {
    let model = CostModel {
        a_ns_per_byte: 1.0,
        b_ns_per_byte2: 0.0,
        mean_bytes: 20_000.0,
        mean_cost_ns: 20_000.0,
        messages_per_step: 6.0,
        objects: 1,
        r2: 1.0,
        sizes: Vec::new(),
    };
    let app = Synthetic::new(&model, 512, 3, 1.0, false);
    let m = Machine {
        network: Network::Torus {
            dims: torus_dims(512),
            link: Link::new(3.0, 175.0).unwrap(),
            hop_ns: 100.0,
        },
        ..machine(512, 512)
    };
    let run = |how| {
        arts_predict::extrapolate::extrapolate_with_contention(
            &app,
            &m,
            &how,
            "x",
            Engine::Sequential,
            false,
        )
        .unwrap()
    };
    let (ideal, random) = (run(Layout::Ideal), run(Layout::Random(1)));
    let (ci, cr) = (ideal.contention.unwrap(), random.contention.unwrap());
    assert_eq!(
        ci.messages,
        512 * 6 * 2,
        "6 neighbours, 2 steps with a next one"
    );
    assert!(ci.excess_ns < 1_000.0, "ideal: +{} ns", ci.excess_ns);
    assert!(
        cr.excess_ns > 10.0 * ci.excess_ns.max(100.0),
        "random: +{} ns",
        cr.excess_ns
    );
    assert!(random.step_time_s > random.step_time_without_contention_s.unwrap());
    assert!(random.step_time_s > ideal.step_time_s);
}
