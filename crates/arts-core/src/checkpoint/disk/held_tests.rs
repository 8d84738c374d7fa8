//! Buddy stores: a store recovers while every file survives in some hold
//! (one lost hold), not when a process and its buddy are both lost; the
//! newest complete checkpoint wins; collective recovery broadcasts what a
//! node lacks and refuses a damaged copy on every process.

use std::path::Path;
use std::sync::{Arc, Barrier, Mutex};

use super::held::{self, Collectives};
use super::tests::{image, share};
use super::*;

/// Elements of process `p` of 3 in an array of 6: two each.
fn owned(p: u32) -> Vec<u64> {
    vec![2 * p as u64, 2 * p as u64 + 1]
}

/// Writes the checkpoint after `step` of 3 processes on `nodes` into the
/// store `root` as a double checkpoint: each process's share in its hold,
/// with a copy of its ward's (the buddy of `p` is `p + 1`, round).
fn write_store(root: &Path, nodes: &[&str], step: u64) {
    let n = nodes.len() as u32;
    let main = format!("main after {step}").into_bytes();
    let contents = Contents {
        app: "demo",
        options: serde_json::json!({"iters": 10}),
        step,
        main_state: &main,
    };
    let bytes = |p: u32| vec![share(6, &owned(p)).to_bytes()];
    let mut shards = Vec::new();
    for p in 0..n {
        let hold = held::hold_dir(root, nodes[p as usize], p);
        let images = [&share(6, &owned(p))];
        let mut s = write_shard_serialized(&hold, step, p, &images, &bytes(p)).unwrap();
        let ward = (p + n - 1) % n;
        s.add_copy(ward, &bytes(ward)).unwrap();
        shards.push(s);
    }
    let manifest = manifest_of(&contents, &shards);
    for (p, shard) in shards.into_iter().enumerate() {
        let hold = held::hold_dir(root, nodes[p], p as u32);
        publish_with(&hold, &main, &manifest, vec![shard], 2).unwrap();
    }
}

#[test]
fn a_copy_damaged_on_its_way_to_the_buddy_is_refused_naming_it() {
    let root = tempfile::tempdir().unwrap();
    let contents = Contents {
        app: "demo",
        options: serde_json::json!({}),
        step: 3,
        main_state: b"main",
    };
    let hold = |p| held::hold_dir(root.path(), "a", p);
    let mine = |p: u32| share(4, &[2 * p as u64, 2 * p as u64 + 1]);
    let own = write_shard(&hold(0), 3, 0, &[&mine(0)]).unwrap();
    let mut kept = write_shard(&hold(1), 3, 1, &[&mine(1)]).unwrap();
    let mut damaged = mine(0).to_bytes();
    *damaged.last_mut().unwrap() ^= 1;
    kept.add_copy(0, &[damaged]).unwrap();
    let manifest = manifest_of(&contents, &[own.clone(), kept.clone()]);
    let e = publish_with(&hold(1), b"main", &manifest, vec![kept], 1).unwrap_err();
    let e = e.to_string();
    assert!(
        e.contains("array-0.p0.bin") && e.contains("buddy's copy"),
        "{e}"
    );
    // Nothing was published in that hold; the owner's is intact.
    assert!(list(&hold(1)).is_empty());
    publish_with(&hold(0), b"main", &manifest, vec![own], 1).unwrap();
    assert_eq!(list(&hold(0)), vec![3]);
}

fn remove_hold(root: &Path, node: &str, p: u32) {
    std::fs::remove_dir_all(held::hold_dir(root, node, p)).unwrap();
}

#[test]
fn a_store_recovers_without_one_hold_but_not_without_a_process_and_its_buddy() {
    let root = tempfile::tempdir().unwrap();
    let nodes = ["a", "b", "c"];
    write_store(root.path(), &nodes, 4);
    assert!(held::is_store(root.path()));
    let c = open(root.path()).unwrap();
    assert_eq!(c.array(0).unwrap(), image(6));
    assert_eq!(c.main_state().unwrap(), b"main after 4");
    // Each hold has its share, its ward's copy and the whole manifest.
    let one = held::held(root.path(), Some("b"));
    assert_eq!(one.len(), 1);
    assert_eq!(one[0].present.len(), 3, "{:?}", one[0].present);
    assert_eq!(one[0].manifest.files.len(), 4);

    remove_hold(root.path(), "b", 1);
    let c = open(root.path()).unwrap();
    assert_eq!(
        c.array(0).unwrap(),
        image(6),
        "process 1's copy is in c's hold"
    );
    // Process 2 (node c) keeps process 1's copy: both lost, nothing is whole.
    remove_hold(root.path(), "c", 2);
    assert!(held::open_store(root.path()).is_none());
    let e = open(root.path()).unwrap_err().to_string();
    assert!(e.contains("cover no checkpoint"), "{e}");
}

#[test]
fn the_newest_complete_checkpoint_is_recovered() {
    let root = tempfile::tempdir().unwrap();
    let nodes = ["a", "b", "c"];
    write_store(root.path(), &nodes, 4);
    write_store(root.path(), &nodes, 8);
    // Process 0's share of step 8 is lost in both places it was kept.
    let lost = held::hold_dir(root.path(), "a", 0).join("ckpt-8/array-0.p0.bin");
    std::fs::remove_file(&lost).unwrap();
    let copy = held::hold_dir(root.path(), "b", 1).join("ckpt-8/array-0.p0.bin");
    std::fs::write(&copy, b"short").unwrap();
    let c = held::open_store(root.path()).unwrap();
    assert_eq!(c.manifest.step, 4);
    assert_eq!(c.array(0).unwrap(), image(6));
}

#[test]
fn another_jobs_checkpoint_of_the_same_step_does_not_mix_in() {
    let root = tempfile::tempdir().unwrap();
    write_store(root.path(), &["a", "b", "c"], 4);
    // A hold of another job, with other options, at the same step.
    let other = tempfile::tempdir().unwrap();
    write_store(other.path(), &["x", "y", "z"], 4);
    let from = held::hold_dir(other.path(), "x", 0);
    let to = held::hold_dir(root.path(), "x", 7);
    std::fs::rename(&from, &to).unwrap();
    let edited = to.join("ckpt-4").join(MANIFEST);
    let text = std::fs::read_to_string(&edited).unwrap();
    std::fs::write(&edited, text.replace("\"iters\": 10", "\"iters\": 11")).unwrap();
    remove_hold(root.path(), "b", 1);
    let c = held::open_store(root.path()).unwrap();
    assert_eq!(c.manifest.options["iters"], 10);
    assert_eq!(c.array(0).unwrap(), image(6));
}

/// Processes as threads: collectives through shared slots.
struct Threads {
    me: u32,
    n: u32,
    slots: Arc<Mutex<Vec<Vec<u8>>>>,
    barrier: Arc<Barrier>,
}

impl Collectives for Threads {
    fn process(&self) -> (u32, u32) {
        (self.me, self.n)
    }

    fn all_gather(&self, mine: Vec<u8>) -> Vec<Vec<u8>> {
        self.slots.lock().unwrap()[self.me as usize] = mine;
        self.barrier.wait();
        let all = self.slots.lock().unwrap().clone();
        self.barrier.wait();
        all
    }

    fn broadcast(&self, root: u32, mine: Vec<u8>) -> Vec<u8> {
        if self.me == root {
            self.slots.lock().unwrap()[0] = mine;
        }
        self.barrier.wait();
        let value = self.slots.lock().unwrap()[0].clone();
        self.barrier.wait();
        value
    }
}

/// What each process of a job on `nodes` recovers from `root`.
fn recover_on(root: &Path, nodes: &[&str]) -> Vec<Result<Option<Checkpoint>, CheckpointError>> {
    let n = nodes.len() as u32;
    let slots = Arc::new(Mutex::new(vec![Vec::new(); n as usize]));
    let barrier = Arc::new(Barrier::new(n as usize));
    std::thread::scope(|s| {
        let handles: Vec<_> = (0..n)
            .map(|me| {
                let c = Threads {
                    me,
                    n,
                    slots: slots.clone(),
                    barrier: barrier.clone(),
                };
                let node = nodes[me as usize];
                s.spawn(move || held::recover(root, node, &c))
            })
            .collect();
        handles.into_iter().map(|h| h.join().unwrap()).collect()
    })
}

#[test]
fn recovery_broadcasts_what_a_node_lacks() {
    let root = tempfile::tempdir().unwrap();
    write_store(root.path(), &["a", "b", "c"], 4);
    remove_hold(root.path(), "b", 1);
    // The survivors, and a process on a new node whose store is empty.
    for nodes in [&["a", "c"][..], &["c", "a", "d"][..]] {
        for (p, r) in recover_on(root.path(), nodes).into_iter().enumerate() {
            let c = r
                .unwrap()
                .unwrap_or_else(|| panic!("process {p} of {nodes:?}"));
            assert_eq!(c.manifest.step, 4);
            assert_eq!(c.main_state().unwrap(), b"main after 4");
            assert_eq!(c.array(0).unwrap(), image(6), "process {p} of {nodes:?}");
        }
    }
    // Nothing complete: every process says so.
    remove_hold(root.path(), "c", 2);
    for r in recover_on(root.path(), &["a", "d"]) {
        assert!(r.unwrap().is_none());
    }
}

#[test]
fn a_damaged_copy_is_refused_on_every_process() {
    let root = tempfile::tempdir().unwrap();
    write_store(root.path(), &["a", "b", "c"], 4);
    remove_hold(root.path(), "b", 1);
    // Process 1's only copy, in c's hold, is modified (same length).
    let copy = held::hold_dir(root.path(), "c", 2).join("ckpt-4/array-0.p1.bin");
    let mut bytes = std::fs::read(&copy).unwrap();
    let last = bytes.len() - 1;
    bytes[last] ^= 0xff;
    std::fs::write(&copy, &bytes).unwrap();
    for r in recover_on(root.path(), &["a", "c"]) {
        let e = r.unwrap_err().to_string();
        assert!(
            e.contains("array-0.p1.bin") && e.contains("checksum"),
            "{e}"
        );
    }
}
