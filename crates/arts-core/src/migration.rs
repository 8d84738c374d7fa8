//! What an element's `Serialize` may ask while it is packed to migrate:
//! whether its destination PE is in this process. An element holding raw
//! pointers into process memory (an AMPI rank's coroutine) can then leave
//! that memory where it is instead of copying it.

use std::cell::Cell;

thread_local! {
    /// Set while an element is serialized to move to a PE of this process.
    static WITHIN: Cell<bool> = const { Cell::new(false) };
}

/// Whether the element being serialized now migrates to a PE of this
/// process: `false` when it goes to another process, and outside a
/// migration (checkpoints, dumps).
pub fn within_process() -> bool {
    WITHIN.with(Cell::get)
}

/// Runs `pack` (which serializes an element migrating to a PE of this
/// process if `within`) with [`within_process`] answering `within`.
pub(crate) fn packing<R>(within: bool, pack: impl FnOnce() -> R) -> R {
    struct Back;
    impl Drop for Back {
        fn drop(&mut self) {
            WITHIN.with(|w| w.set(false));
        }
    }
    WITHIN.with(|w| w.set(within));
    let _back = Back;
    pack()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_answer_holds_while_packing_only() {
        assert!(!within_process());
        assert!(packing(true, within_process));
        assert!(!packing(false, within_process));
        assert!(!within_process());
    }
}
