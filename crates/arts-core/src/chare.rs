//! What users write: a [`Chare`] type (the elements of an object array), and
//! the typed [`ArrayProxy`] through which they address each other.

use std::marker::PhantomData;

use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

use crate::ctx::Ctx;
use crate::envelope::{ArrayId, ObjId};
use crate::index::{Index, Shape};
use crate::reduction::RedValue;

/// An element type of an object array. Elements are created on their home
/// PE by [`Chare::new`], react to messages in entry methods that run to
/// completion, and are `Serialize + Deserialize` so they can migrate.
pub trait Chare: Serialize + DeserializeOwned + Send + 'static {
    /// The messages this element type receives (usually an enum of its entry methods).
    type Msg: Serialize + DeserializeOwned + Send + 'static;
    /// Construction arguments shared by all elements (like a Charm++ constructor's).
    type Init: Send + Sync + 'static;

    /// Creates the element at `index`.
    fn new(index: Index, init: &Self::Init) -> Self;

    /// The entry method: handles one message.
    fn receive(&mut self, msg: Self::Msg, ctx: &mut Ctx<'_, Self>);

    /// Receives a reduction result sent to `Callback::Element` or `Callback::Broadcast`.
    fn reduction(&mut self, tag: u32, value: RedValue, ctx: &mut Ctx<'_, Self>) {
        let _ = (tag, value, ctx);
    }

    /// Called after a load-balancing step that this element joined with `Ctx::at_sync`.
    fn resume_from_sync(&mut self, ctx: &mut Ctx<'_, Self>) {
        let _ = ctx;
    }

    /// The name of the entry method a message invokes (for traces and errors).
    fn entry_name(msg: &Self::Msg) -> &'static str {
        let _ = msg;
        "receive"
    }

    /// The number of bytes migrating this element moves (for the load
    /// balancer's migration cost). The default measures its serialized size;
    /// override it when that is expensive to compute.
    fn pup_size(&self) -> usize {
        crate::wire::size(self)
    }

    /// The size of a message in bytes, for the communication graph. The default
    /// counts its serialized size; override it for a cheaper exact figure.
    fn msg_bytes(msg: &Self::Msg) -> usize {
        crate::wire::size(msg)
    }
}

/// A typed handle to an object array: copyable, sendable in messages and
/// serializable, so elements can keep proxies to other arrays.
#[derive(Serialize, Deserialize)]
#[serde(bound = "")]
pub struct ArrayProxy<A> {
    id: ArrayId,
    shape: Shape,
    #[serde(skip)]
    _marker: PhantomData<fn() -> A>,
}

impl<A> Clone for ArrayProxy<A> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<A> Copy for ArrayProxy<A> {}

impl<A> std::fmt::Debug for ArrayProxy<A> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "ArrayProxy({}, {:?})", self.id, self.shape)
    }
}

impl<A> ArrayProxy<A> {
    pub(crate) fn new(id: ArrayId, shape: Shape) -> Self {
        ArrayProxy {
            id,
            shape,
            _marker: PhantomData,
        }
    }

    /// The array's id.
    pub fn id(&self) -> ArrayId {
        self.id
    }

    /// The array's extent.
    pub fn shape(&self) -> Shape {
        self.shape
    }

    /// The global name of element `index`.
    ///
    /// # Panics
    /// If `index` lies outside the array (a programming error; inside an entry
    /// method the run stops naming the element that did it).
    pub fn obj(&self, index: impl Into<Index>) -> ObjId {
        let index = index.into();
        assert!(
            self.shape.contains(index),
            "index {index} is outside array {} of shape {:?}",
            self.id,
            self.shape.dims()
        );
        ObjId {
            array: self.id,
            linear: self.shape.linear(index),
        }
    }
}
