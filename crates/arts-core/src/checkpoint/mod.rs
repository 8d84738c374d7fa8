//! Checkpoints of object arrays: a consistent image of every element of an
//! array taken at quiescence ([`crate::Driver::checkpoint`]) and an array
//! re-created from such an image, placed anew
//! ([`crate::Driver::restore_array`]). `README.md` beside this file
//! describes the protocol; [`disk`] writes images to a checkpoint directory
//! and reads them back.

pub mod buffers;
pub mod disk;
pub mod hold;
pub mod recovery;
pub mod session;
pub mod writer;

use serde::{Deserialize, Serialize};

use crate::envelope::Migrant;
use crate::index::Shape;
use crate::run_error::RunError;

/// One element in an [`ArrayImage`]: its serialized state and the runtime
/// bookkeeping that survives a restart.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ElementImage {
    /// The element's linear index.
    pub(crate) linear: u64,
    /// Its state, serialized with bincode.
    #[serde(with = "crate::wire::bytes")]
    pub(crate) state: Vec<u8>,
    /// The next reduction number it will contribute to.
    pub(crate) red_no: u32,
    /// Whether the load balancer may move it.
    pub(crate) migratable: bool,
    /// How many times it called `at_sync`.
    pub(crate) syncs: u32,
    /// Whether it was waiting in `at_sync` (an image refuses such elements).
    pub(crate) at_sync: bool,
}

impl ElementImage {
    /// The image of element `linear` from its migration form.
    pub(crate) fn new(linear: u64, m: Migrant) -> Self {
        ElementImage {
            linear,
            state: m.state,
            red_no: m.red_no,
            migratable: m.migratable,
            syncs: m.syncs,
            at_sync: m.at_sync,
        }
    }
}

/// Every element of one array at a quiescent moment, independent of the PEs
/// it ran on. Serializable: [`ArrayImage::to_bytes`] / [`ArrayImage::from_bytes`].
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ArrayImage {
    /// The element type (`std::any::type_name`), checked at restore.
    pub(crate) type_name: String,
    /// The array's name.
    pub(crate) name: String,
    /// Its shape.
    pub(crate) shape: Shape,
    /// The reduction number every element contributes to next.
    pub(crate) red_no: u32,
    /// The elements, by linear index.
    pub(crate) elements: Vec<ElementImage>,
}

impl ArrayImage {
    /// Assembles the image of array `name` of element type `type_name` from
    /// the elements every PE sent, checking that each element is there once
    /// and that no reduction or load-balancing step is in progress.
    pub(crate) fn assemble(
        type_name: &str,
        name: &str,
        shape: Shape,
        elements: Vec<ElementImage>,
    ) -> Result<Self, RunError> {
        let image = ArrayImage::shard(type_name, name, shape, elements)?;
        let n = image.elements.len() as u64;
        if n != shape.len() {
            return Err(RunError::Checkpoint(format!(
                "array `{name}`: {n} of {} elements answered (an element was lost)",
                shape.len()
            )));
        }
        Ok(image)
    }

    /// The image of some elements of an array (one process's share, see
    /// [`crate::Driver::checkpoint_local`]): checks that no element is
    /// doubled and that no reduction or load-balancing step is in progress.
    pub(crate) fn shard(
        type_name: &str,
        name: &str,
        shape: Shape,
        mut elements: Vec<ElementImage>,
    ) -> Result<Self, RunError> {
        let fail = |why: String| RunError::Checkpoint(format!("array `{name}`: {why}"));
        elements.sort_unstable_by_key(|e| e.linear);
        if let Some(w) = elements.windows(2).find(|w| w[0].linear == w[1].linear) {
            return Err(fail(format!(
                "element {} answered twice (an element was doubled)",
                w[0].linear
            )));
        }
        if let Some(e) = elements.iter().find(|e| e.linear >= shape.len()) {
            return Err(fail(format!(
                "element {} is outside the array's {} elements",
                e.linear,
                shape.len()
            )));
        }
        let red_no = elements.first().map_or(0, |e| e.red_no);
        if let Some(e) = elements.iter().find(|e| e.red_no != red_no) {
            return Err(fail(format!(
                "a reduction is in progress (element {} contributes to reduction {} next, \
                 element {} to {red_no}); checkpoint between reductions",
                e.linear, e.red_no, elements[0].linear
            )));
        }
        if let Some(e) = elements.iter().find(|e| e.at_sync) {
            return Err(fail(format!(
                "element {} waits in at_sync; checkpoint between load-balancing steps",
                e.linear
            )));
        }
        Ok(ArrayImage {
            type_name: type_name.to_string(),
            name: name.to_string(),
            shape,
            red_no,
            elements,
        })
    }

    /// The whole array's image from the images of its shares (every
    /// process's [`crate::Driver::checkpoint_local`]): they must be of one
    /// array and hold every element once, all at one reduction number.
    pub fn merge(shards: Vec<ArrayImage>) -> Result<Self, RunError> {
        let Some(first) = shards.first() else {
            return Err(RunError::Checkpoint("no image to merge".into()));
        };
        let (type_name, name, shape) = (first.type_name.clone(), first.name.clone(), first.shape);
        if shape.checked_len().is_none() {
            return Err(RunError::Checkpoint(format!(
                "array `{name}` has an impossible shape {shape:?}"
            )));
        }
        if let Some(other) = shards
            .iter()
            .find(|s| s.type_name != type_name || s.name != name || s.shape != shape)
        {
            return Err(RunError::Checkpoint(format!(
                "images of different arrays: `{name}` ({type_name}, {shape:?}) and `{}` ({}, {:?})",
                other.name, other.type_name, other.shape
            )));
        }
        let elements = shards.into_iter().flat_map(|s| s.elements).collect();
        ArrayImage::assemble(&type_name, &name, shape, elements)
    }

    /// The array's name.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The array's shape.
    pub fn shape(&self) -> Shape {
        self.shape
    }

    /// Decodes every element as an `A` and checks it with `check` (its
    /// linear index and state): the restored state an app trusts, checked
    /// before the run rather than asserted in it. The first failure says
    /// which element and why.
    pub fn check_elements<A: serde::de::DeserializeOwned>(
        &self,
        check: impl Fn(u64, &A) -> Result<(), String>,
    ) -> Result<(), String> {
        for e in &self.elements {
            let a: A = crate::wire::decode(&e.state)
                .map_err(|err| format!("element {}: {err}", e.linear))?;
            check(e.linear, &a).map_err(|why| format!("element {}: {why}", e.linear))?;
        }
        Ok(())
    }

    /// Number of elements in the image (0 on the drivers of processes other
    /// than 0 after [`crate::Driver::checkpoint`]; this process's share after
    /// [`crate::Driver::checkpoint_local`]).
    pub fn len(&self) -> usize {
        self.elements.len()
    }

    /// Whether the image holds no element.
    pub fn is_empty(&self) -> bool {
        self.elements.is_empty()
    }

    /// Total bytes of serialized element state.
    pub fn state_bytes(&self) -> u64 {
        self.elements.iter().map(|e| e.state.len() as u64).sum()
    }

    /// Gives the image's element buffers back, once it is written, for the
    /// run's next checkpoint to serialize into (memory already touched is
    /// several times faster to fill than fresh memory; see `buffers.rs`).
    pub fn recycle(self) {
        for e in self.elements {
            buffers::keep(e.state);
        }
    }

    /// The image serialized (bincode), into a kept buffer when one is
    /// large enough (see `buffers.rs`; give it back with `buffers::keep`).
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut bytes = buffers::take(crate::wire::size(self));
        crate::wire::encode_into(self, &mut bytes);
        bytes
    }

    /// Serializes the image into `w` as [`ArrayImage::to_bytes`] would,
    /// without building the bytes in memory.
    pub fn write_to(&self, w: &mut impl std::io::Write) -> std::io::Result<()> {
        // The wire format's configuration, which `from_bytes` reads.
        bincode::serde::encode_into_std_write(self, w, bincode::config::legacy())
            .map(drop)
            .map_err(|e| match e {
                bincode::error::EncodeError::Io { inner, .. } => inner,
                other => std::io::Error::other(other.to_string()),
            })
    }

    /// An image read back from [`ArrayImage::to_bytes`]; the error says what
    /// was wrong with the bytes.
    pub fn from_bytes(bytes: &[u8]) -> Result<Self, crate::wire::WireError> {
        crate::wire::decode(bytes)
    }

    /// Whether the image was taken of an array of `A`, else why not.
    pub(crate) fn check_type<A: 'static>(&self) -> Result<(), RunError> {
        self.type_mismatch::<A>()
            .map_or(Ok(()), |why| Err(RunError::Checkpoint(why)))
    }

    /// Why the image's elements are not of type `A`, if they are not.
    pub(crate) fn type_mismatch<A: 'static>(&self) -> Option<String> {
        let want = std::any::type_name::<A>();
        (self.type_name != want).then(|| {
            format!(
                "the image of array `{}` holds elements of type {}, not {want}",
                self.name, self.type_name
            )
        })
    }
}

#[cfg(test)]
mod tests;
