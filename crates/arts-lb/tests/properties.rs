//! Property tests on every strategy: legal mappings, pinned objects in place,
//! load conservation, the greedy bound, refine never worsening the maximum,
//! and PE speed honoured.

use arts_lb::model::{fixed_times, ideal_time, pe_times, water_fill};
use arts_lb::{CommEdge, LbInput, ObjInfo, PeInfo, STRATEGY_NAMES, balance, by_name, retarget};
use proptest::prelude::*;

fn arb_input() -> impl Strategy<Value = LbInput> {
    (1usize..7, 0usize..60).prop_flat_map(|(pes, objects)| {
        let pe_infos = prop::collection::vec(
            (
                prop::sample::select(vec![0.5, 1.0, 1.0, 2.0, 3.0]),
                prop::bool::weighted(0.3),
                0.0..0.01f64,
                0u32..3,
            ),
            pes,
        );
        let objs = prop::collection::vec(
            (
                0..pes,
                prop::sample::select(vec![0.0, 1e-4, 1e-3]),
                0.0..5e-3f64,
                prop::bool::weighted(0.85),
                0u64..1 << 20,
            ),
            objects,
        );
        let edges = if objects == 0 {
            Just(Vec::new()).boxed()
        } else {
            prop::collection::vec(
                (0..objects, 0..objects, 0u64..10, 0u64..10_000),
                0..2 * objects,
            )
            .boxed()
        };
        (pe_infos, objs, edges).prop_map(|(pe_infos, objs, edges)| LbInput {
            pes: pe_infos
                .into_iter()
                .map(|(speed, busy, bg, cluster)| PeInfo {
                    speed,
                    background_load_s: if busy { bg } else { 0.0 },
                    cluster: Some(cluster),
                    ..PeInfo::default()
                })
                .collect(),
            objects: objs
                .into_iter()
                .enumerate()
                .map(|(i, (pe, base, extra, migratable, bytes))| ObjInfo {
                    id: 1000 + i as u64 * 7,
                    pe,
                    load_s: base + extra,
                    migratable,
                    bytes,
                })
                .collect(),
            comm: edges
                .into_iter()
                .map(|(from, to, messages, bytes)| CommEdge {
                    from,
                    to,
                    messages,
                    bytes,
                })
                .collect(),
        })
    })
}

fn max(v: &[f64]) -> f64 {
    v.iter().copied().fold(0.0, f64::max)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn every_strategy_gives_a_legal_conserving_mapping(input in arb_input()) {
        let works = input.works();
        let total: f64 = works.iter().sum();
        let speeds: Vec<f64> = input.pes.iter().map(|p| p.speed).collect();
        let bg: Vec<f64> = input.pes.iter().map(|p| p.background_load_s).collect();
        let before = pe_times(&input, &works, &input.current_mapping().pe_of);
        let fixed = fixed_times(&input, &works);
        let movable: f64 = (0..works.len()).filter(|&i| input.objects[i].migratable).map(|i| works[i]).sum();
        let (level, _) = water_fill(&fixed, &speeds, movable);
        let w_max = (0..works.len()).filter(|&i| input.objects[i].migratable).map(|i| works[i]).fold(0.0, f64::max);
        let s_min = speeds.iter().copied().fold(f64::INFINITY, f64::min);
        let ideal = ideal_time(&input, &works);
        for name in STRATEGY_NAMES {
            let strategy = by_name(name).unwrap();
            let m = balance(strategy.as_ref(), &input).unwrap();
            // Exactly one valid PE per object; pinned objects in place.
            prop_assert_eq!(m.pe_of.len(), input.objects.len());
            for (o, &pe) in input.objects.iter().zip(&m.pe_of) {
                prop_assert!(pe < input.pes.len());
                if !o.migratable {
                    prop_assert_eq!(pe, o.pe, "{} moved a pinned object", name);
                }
            }
            // Load conservation: the PEs' object work adds up to the total.
            let after = pe_times(&input, &works, &m.pe_of);
            let placed: f64 = (0..after.len()).map(|q| (after[q] - bg[q]) * speeds[q]).sum();
            prop_assert!((placed - total).abs() <= 1e-9 * (1.0 + total), "{}: {} vs {}", name, placed, total);
            let slack = 1e-12 + 1e-9 * level;
            match *name {
                // The greedy bound: nobody ends above the water level plus one object
                // (the speed classes may cost 1% of the object's time).
                "greedy" | "greedy-classic" => {
                    let bound = max(&fixed).max(level + 1.011 * w_max / s_min);
                    prop_assert!(max(&after) <= bound + slack || m == input.current_mapping(),
                        "{}: {} > {}", name, max(&after), bound);
                }
                "greedy-comm" => {
                    let bound = max(&fixed).max(level + 1.011 * w_max / s_min).max(1.05 * ideal);
                    prop_assert!(max(&after) <= bound + slack, "{}: {} > {}", name, max(&after), bound);
                }
                // Refine never makes the busiest PE busier.
                "refine" | "refine-comm" => prop_assert!(max(&after) <= max(&before) + slack),
                "none" => prop_assert_eq!(&m, &input.current_mapping()),
                // Grid-comm never moves an object out of its cluster.
                "grid-comm" => {
                    for (o, &pe) in input.objects.iter().zip(&m.pe_of) {
                        prop_assert_eq!(input.pes[o.pe].cluster, input.pes[pe].cluster);
                    }
                }
                "rotate" => {
                    for (o, &pe) in input.objects.iter().zip(&m.pe_of) {
                        if o.migratable {
                            prop_assert_eq!(pe, (o.pe + 1) % input.pes.len());
                        }
                    }
                }
                _ => {}
            }
        }
    }

    #[test]
    fn retargeting_keeps_objects_and_work(input in arb_input(), pes in 1usize..10) {
        let r = retarget(&input, pes).unwrap();
        r.validate().unwrap();
        prop_assert_eq!(r.pes.len(), pes);
        prop_assert_eq!(r.objects.len(), input.objects.len());
        prop_assert_eq!(&r.comm, &input.comm);
        let (a, b): (f64, f64) = (input.works().iter().sum(), r.works().iter().sum());
        prop_assert!((a - b).abs() <= 1e-12 * (1.0 + a), "{} vs {}", a, b);
        for (o, n) in input.objects.iter().zip(&r.objects) {
            prop_assert_eq!((o.id, o.migratable, o.bytes), (n.id, n.migratable, n.bytes));
            prop_assert_eq!(n.pe, if o.pe < pes { o.pe } else { o.pe % pes });
        }
    }

    #[test]
    fn balancers_honour_pe_speed(speeds in prop::collection::vec(1u32..5, 2..6)) {
        let per_unit = 40;
        let n = per_unit * speeds.iter().sum::<u32>() as usize;
        let input = LbInput {
            pes: speeds.iter().map(|&s| PeInfo::with_speed(s as f64)).collect(),
            objects: (0..n).map(|i| ObjInfo { id: i as u64, pe: 0, load_s: 1e-3 * 1.0 / speeds[0] as f64, migratable: true, bytes: 1 }).collect(),
            comm: (1..n).map(|i| CommEdge { from: i - 1, to: i, messages: 1, bytes: 64 }).collect(),
        };
        let works = input.works();
        let ideal = ideal_time(&input, &works);
        for name in ["greedy", "greedy-classic", "greedy-comm", "refine", "refine-comm", "metis", "metis-messages"] {
            let m = balance(by_name(name).unwrap().as_ref(), &input).unwrap();
            let after = pe_times(&input, &works, &m.pe_of);
            // Equal objects: a PE twice as fast holds twice as many, so every PE
            // finishes near the ideal time.
            let hi = if name.starts_with("metis") { 1.10 } else { 1.06 };
            prop_assert!(max(&after) <= hi * ideal, "{}: {:?} ideal {}", name, after, ideal);
            if !name.starts_with("refine") {
                for &t in &after {
                    prop_assert!(t >= 0.85 * ideal, "{}: {:?} ideal {}", name, after, ideal);
                }
            }
        }
    }
}
