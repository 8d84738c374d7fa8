//! Checkpoint and restore through the driver: round trips on other PE
//! counts, and the checks that refuse inconsistent images.

use std::sync::Arc;

use serde::{Deserialize, Serialize};

use crate::*;

/// An element whose state after step `s` depends on every earlier step.
#[derive(Serialize, Deserialize)]
struct Acc {
    x: u64,
    steps: u32,
}

impl Chare for Acc {
    type Msg = u64;
    type Init = u64;
    fn new(i: Index, seed: &u64) -> Self {
        Acc {
            x: seed + i.x() as u64,
            steps: 0,
        }
    }
    fn receive(&mut self, k: u64, ctx: &mut Ctx<'_, Self>) {
        self.x = self.x.wrapping_mul(6364136223846793005).wrapping_add(k);
        self.steps += 1;
        let sum = self.x >> 20;
        ctx.contribute(sum, Reducer::Sum, Callback::main(self.steps));
    }
}

fn pes(n: u32) -> Config {
    Config {
        pes: n,
        ..Config::default()
    }
}

/// Steps `from..to` of `a`, each result.
fn steps(d: &mut Driver, a: &ArrayProxy<Acc>, from: u32, to: u32) -> Vec<u64> {
    (from..to)
        .map(|s| {
            d.broadcast(a, s as u64);
            d.wait_callback::<u64>(s + 1).unwrap()
        })
        .collect()
}

#[test]
fn a_restored_array_continues_on_another_pe_count_with_the_same_results() {
    let shape = Shape::d2(5, 3);
    let ((image, tail), _) = run(&pes(2), |d| {
        let a = d.create_array::<Acc>("acc", shape, Map::Block, 7);
        steps(d, &a, 0, 3);
        let image = d.checkpoint(&a).unwrap();
        (image, steps(d, &a, 3, 6))
    })
    .unwrap();
    assert_eq!(image.len(), 15);
    assert_eq!(image.shape(), shape);
    assert_eq!(image.name(), "acc");
    assert!(image.state_bytes() >= 15 * 12);
    // Through its bytes, as a restart reads it.
    let image = Arc::new(ArrayImage::from_bytes(&image.to_bytes()).unwrap());
    for n in [1, 3] {
        let (again, _) = run(&pes(n), |d| {
            let a = d
                .restore_array::<Acc>("acc", &image, Map::RoundRobin, 7)
                .unwrap();
            steps(d, &a, 3, 6)
        })
        .unwrap();
        assert_eq!(again, tail, "restored on {n} PEs");
    }
}

#[test]
fn an_app_checks_every_restored_element_before_it_runs() {
    let shape = Shape::d1(6);
    let (image, _) = run(&pes(2), |d| {
        let a = d.create_array::<Acc>("acc", shape, Map::Block, 7);
        steps(d, &a, 0, 2);
        d.checkpoint(&a).unwrap()
    })
    .unwrap();
    assert!(
        image
            .check_elements(|_, a: &Acc| if a.steps == 2 {
                Ok(())
            } else {
                Err("no".into())
            })
            .is_ok()
    );
    let e = image
        .check_elements(|i, a: &Acc| match i == 4 && a.steps == 2 {
            true => Err(format!("{} steps", a.steps)),
            false => Ok(()),
        })
        .unwrap_err();
    assert_eq!(e, "element 4: 2 steps");
    // A state that is not an `A` is named too.
    let e = image.check_elements(|_, _: &String| Ok(())).unwrap_err();
    assert!(e.starts_with("element 0: "), "{e}");
}

#[test]
fn an_image_restores_only_its_own_element_type() {
    #[derive(Serialize, Deserialize)]
    struct Other;
    impl Chare for Other {
        type Msg = ();
        type Init = ();
        fn new(_: Index, _: &()) -> Self {
            Other
        }
        fn receive(&mut self, (): (), _: &mut Ctx<'_, Self>) {}
    }
    let (err, _) = run(&pes(1), |d| {
        let a = d.create_array::<Acc>("acc", Shape::d1(2), Map::Block, 0);
        let image = Arc::new(d.checkpoint(&a).unwrap());
        d.restore_array::<Other>("other", &image, Map::Block, ())
            .unwrap_err()
    })
    .unwrap();
    let text = err.to_string();
    assert!(text.contains("Acc") && text.contains("Other"), "{text}");
}

#[test]
fn a_checkpoint_during_a_reduction_is_refused() {
    let (err, _) = run(&pes(2), |d| {
        let a = d.create_array::<Acc>("acc", Shape::d1(4), Map::Block, 0);
        // Only element 1 contributes to reduction 0: it is in progress.
        d.send(a.at(1), 5);
        d.checkpoint(&a).unwrap_err()
    })
    .unwrap();
    let text = err.to_string();
    assert!(text.contains("reduction is in progress"), "{text}");
}

#[test]
fn one_process_share_is_the_whole_image_and_gather_returns_its_bytes() {
    let shape = Shape::d1(6);
    let ((whole, share, gathered), _) = run(&pes(3), |d| {
        let a = d.create_array::<Acc>("acc", shape, Map::RoundRobin, 1);
        steps(d, &a, 0, 2);
        let whole = d.checkpoint(&a).unwrap();
        let share = d.checkpoint_local(&a).unwrap();
        let gathered = d.gather(vec![1, 2, 3]).unwrap();
        (whole, share, gathered)
    })
    .unwrap();
    assert_eq!(whole.len(), 6);
    assert_eq!(ArrayImage::merge(vec![share]).unwrap(), whole);
    assert_eq!(gathered, Some(vec![vec![1, 2, 3]]));
}

/// Element 2 asks for a checkpoint at every step it is told to.
#[derive(Serialize, Deserialize)]
struct Asker;

impl Chare for Asker {
    type Msg = bool;
    type Init = ();
    fn new(_: Index, _: &()) -> Self {
        Asker
    }
    fn receive(&mut self, ask: bool, ctx: &mut Ctx<'_, Self>) {
        if ask && ctx.index().x() == 2 {
            ctx.checkpoint();
        }
        ctx.contribute(1u64, Reducer::Sum, Callback::main(ask));
    }
}

#[test]
fn an_element_asks_the_main_program_for_a_checkpoint() {
    for n in [1, 3] {
        let (asked, _) = run(&pes(n), |d| {
            let a = d.create_array::<Asker>("ask", Shape::d1(4), Map::Block, ());
            let mut asked = vec![d.take_checkpoint_request()];
            // A request that came while the driver waited for a result.
            d.broadcast(&a, true);
            assert_eq!(d.wait_callback::<u64>(true).unwrap(), 4);
            asked.push(d.take_checkpoint_request());
            asked.push(d.take_checkpoint_request());
            d.broadcast(&a, false);
            assert_eq!(d.wait_callback::<u64>(false).unwrap(), 4);
            asked.push(d.take_checkpoint_request());
            asked
        })
        .unwrap();
        assert_eq!(asked, [false, true, false, false], "{n} PEs");
    }
}
