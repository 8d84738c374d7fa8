//! Where a job continues from: the newest checkpoint in a checkpoint root
//! or, with double checkpoints, the newest one the buddy stores of the
//! surviving processes' nodes cover together ([`held::recover`]), and the
//! buddies a process keeps its copies with. Every function that takes a
//! `world` is collective when it is `Some` (every process of the job calls
//! it); `None` stands for one process alone, which sees every node's holds.

use std::path::Path;

use super::disk::held::{self, Collectives};
use super::disk::{self, Checkpoint, CheckpointError};
use super::session::Buddies;

/// This process's node, for buddy stores: `$ARTS_NODE` when set (so that
/// one machine can stand for several nodes), else the host name. Not
/// collective: each process may set `$ARTS_NODE` or not.
pub fn node_name() -> String {
    match std::env::var("ARTS_NODE") {
        Ok(node) if !node.is_empty() => node,
        _ => host_name(),
    }
}

/// This machine's host name (`localhost` when it cannot be read).
pub fn host_name() -> String {
    std::fs::read_to_string("/proc/sys/kernel/hostname")
        .map(|s| s.trim().to_string())
        .unwrap_or_else(|_| "localhost".into())
}

/// This process's buddies for double checkpoints: every process's node
/// ([`node_name`]) is shared over `world` and [`Buddies::among`] pairs them.
pub fn buddies(world: Option<&dyn Collectives>) -> Buddies {
    let mine = node_name();
    let Some(w) = world else {
        return Buddies::among(&[mine], 0);
    };
    let nodes: Vec<String> = w
        .all_gather(mine.into_bytes())
        .iter()
        .map(|b| String::from_utf8_lossy(b).into_owned())
        .collect();
    Buddies::among(&nodes, w.process().0)
}

/// Whether `dir` is a buddy store on any process's node (a node that has
/// lost its store, or a new one, sees none).
fn any_store(dir: &Path, world: Option<&dyn Collectives>) -> bool {
    let mine = held::is_store(dir);
    match world {
        Some(w) => w
            .all_gather(vec![mine as u8])
            .iter()
            .any(|b| b.first() == Some(&1)),
        None => mine,
    }
}

/// The newest checkpoint in the root `dir`, if there is one (what
/// `--resume` continues): in a buddy store, the newest that the holds on
/// every process's node cover together.
pub fn newest_checkpoint(
    dir: &Path,
    world: Option<&dyn Collectives>,
) -> Result<Option<Checkpoint>, CheckpointError> {
    if any_store(dir, world) {
        return recover_store(dir, world);
    }
    if disk::list(dir).is_empty() {
        return Ok(None);
    }
    disk::open(dir).map(Some)
}

/// The checkpoint at `path` (what `arts restart` continues): a checkpoint
/// directory, a root, or a buddy store ([`newest_checkpoint`]), which must
/// hold one.
pub fn open_checkpoint(
    path: &Path,
    world: Option<&dyn Collectives>,
) -> Result<Checkpoint, CheckpointError> {
    if !any_store(path, world) {
        return disk::open(path);
    }
    recover_store(path, world)?.ok_or_else(|| held::incomplete(path))
}

/// The newest checkpoint the holds of the store `dir` cover together:
/// recovered collectively over `world`, read from every hold here without one.
fn recover_store(
    dir: &Path,
    world: Option<&dyn Collectives>,
) -> Result<Option<Checkpoint>, CheckpointError> {
    match world {
        Some(w) => held::recover(dir, &node_name(), w),
        None => held::open_store(dir).map(Checkpoint::sealed).transpose(),
    }
}

/// The step of the newest checkpoint this node has of the root `dir`, in
/// the root itself or in a hold of a buddy store (what a job started again
/// after a failure continues from, as far as this node can tell).
pub fn newest_step_here(dir: &Path) -> Option<u64> {
    let held = held::held(dir, None).into_iter().map(|h| h.manifest.step);
    disk::list(dir).into_iter().chain(held).max()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Two processes on the nodes `a` and `b`, this one the second.
    struct Two;

    impl Collectives for Two {
        fn process(&self) -> (u32, u32) {
            (1, 2)
        }

        fn all_gather(&self, mine: Vec<u8>) -> Vec<Vec<u8>> {
            vec![b"a".to_vec(), mine]
        }

        fn broadcast(&self, _root: u32, mine: Vec<u8>) -> Vec<u8> {
            mine
        }
    }

    #[test]
    fn a_process_alone_is_its_own_buddy() {
        let b = buddies(None);
        assert_eq!((b.buddy, b.ward), (0, 0));
        assert_eq!(b.node, node_name());
    }

    #[test]
    fn buddies_are_chosen_among_every_process_node() {
        let b = buddies(Some(&Two));
        assert_eq!(b.node, node_name());
        assert_eq!((b.buddy, b.ward), (0, 0));
    }

    #[test]
    fn an_empty_root_has_no_checkpoint_to_continue() {
        let root = tempfile::tempdir().unwrap();
        assert!(newest_checkpoint(root.path(), None).unwrap().is_none());
        assert!(
            newest_checkpoint(root.path(), Some(&Two))
                .unwrap()
                .is_none()
        );
        assert_eq!(newest_step_here(root.path()), None);
        assert!(open_checkpoint(root.path(), None).is_err());
    }
}
