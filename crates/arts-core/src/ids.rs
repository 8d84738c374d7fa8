//! The names of arrays and their elements, the lowest plain data the
//! runtime's messages carry (`envelope`, `control`, `reduction`).

/// Identifies an object array within a run (creation order, same on every process).
pub(crate) type ArrayId = u32;

/// The global name of one array element: its array and row-major position.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize, serde::Deserialize,
)]
pub struct ObjId {
    /// The array.
    pub array: ArrayId,
    /// Row-major linear position of the element.
    pub linear: u64,
}
