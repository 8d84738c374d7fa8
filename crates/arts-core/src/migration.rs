//! What an element's `Serialize` may ask while it is packed: whether it is
//! migrating to a PE of this process, or being imaged for a checkpoint (it
//! stays where it is and goes on). An element holding raw pointers into
//! process memory (an AMPI rank's coroutine) can then leave that memory
//! where it is, copy it out, or image it.

use std::cell::Cell;

/// Why an element is being serialized.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Packing {
    /// Not by the runtime (or not at all).
    Other,
    /// To migrate to a PE of this process.
    Within,
    /// To migrate to a PE of another process.
    Away,
    /// For a checkpoint.
    Image,
}

thread_local! {
    static PACKING: Cell<Packing> = const { Cell::new(Packing::Other) };
}

/// Whether the element being serialized now migrates to a PE of this
/// process: `false` when it goes to another process, and outside a
/// migration (checkpoints, dumps).
pub fn within_process() -> bool {
    PACKING.with(Cell::get) == Packing::Within
}

/// Whether the element being serialized now is imaged for a checkpoint:
/// it stays where it is and goes on, and a restart rebuilds it from the
/// image, in this process or another.
pub fn imaging() -> bool {
    PACKING.with(Cell::get) == Packing::Image
}

/// Runs `pack` with the answers above set for `why`.
fn with<R>(why: Packing, pack: impl FnOnce() -> R) -> R {
    struct Back;
    impl Drop for Back {
        fn drop(&mut self) {
            PACKING.with(|p| p.set(Packing::Other));
        }
    }
    PACKING.with(|p| p.set(why));
    let _back = Back;
    pack()
}

/// Runs `pack`, which serializes an element migrating to a PE of this
/// process if `within`, else to another process.
pub(crate) fn packing<R>(within: bool, pack: impl FnOnce() -> R) -> R {
    with(
        if within {
            Packing::Within
        } else {
            Packing::Away
        },
        pack,
    )
}

/// Runs `image`, which serializes elements for a checkpoint.
pub(crate) fn imaged<R>(image: impl FnOnce() -> R) -> R {
    with(Packing::Image, image)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_answers_hold_while_packing_only() {
        assert!(!within_process() && !imaging());
        assert!(packing(true, within_process));
        assert!(!packing(false, within_process));
        assert!(!packing(false, imaging));
        assert!(imaged(imaging) && !imaged(within_process));
        assert!(!within_process() && !imaging());
    }
}
