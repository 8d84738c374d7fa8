//! What users write: a [`Chare`] type (the elements of an object array), and
//! the typed [`ArrayProxy`] and [`Element`] handles through which they
//! address each other.

use std::marker::PhantomData;

use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

use crate::ctx::Ctx;
use crate::envelope::{ArrayId, ObjId};
use crate::index::{Index, Shape};
use crate::message::Message;
use crate::reduction::{Callback, Reduced, Tag};

/// An element type of an object array. Elements are created on their home
/// PE by [`Chare::new`], react to messages in entry methods that run to
/// completion, and are `Serialize + Deserialize` so they can migrate.
pub trait Chare: Serialize + DeserializeOwned + Send + 'static {
    /// The messages this element type receives: usually an enum of its entry
    /// methods marked `#[arts_core::message]`.
    type Msg: Message;
    /// Construction arguments shared by all elements (like a Charm++ constructor's).
    type Init: Send + Sync + 'static;

    /// Creates the element at `index`.
    fn new(index: Index, init: &Self::Init) -> Self;

    /// The entry method: handles one message.
    fn receive(&mut self, msg: Self::Msg, ctx: &mut Ctx<'_, Self>);

    /// Receives a reduction result sent to [`Callback::element`](crate::Callback::element) or
    /// [`Callback::broadcast`](crate::Callback::broadcast).
    fn reduction(&mut self, result: Reduced, ctx: &mut Ctx<'_, Self>) {
        let _ = (result, ctx);
    }

    /// Called after a load-balancing step that this element joined with `Ctx::at_sync`.
    fn resume_from_sync(&mut self, ctx: &mut Ctx<'_, Self>) {
        let _ = ctx;
    }

    /// The number of bytes migrating this element moves (for the load
    /// balancer's migration cost). The default measures its serialized size;
    /// override it when that is expensive to compute.
    fn pup_size(&self) -> usize {
        crate::wire::size(self)
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

    /// A handle to element `index`, to send it messages
    /// (`ctx.send(proxy.at(i), msg)`) or results (`Callback::element`).
    ///
    /// # Panics
    /// If `index` lies outside the array (a programming error; inside an entry
    /// method the run stops naming the element that did it).
    pub fn at(&self, index: impl Into<Index>) -> Element<A> {
        Element::new(self.obj(index))
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

/// A typed handle to one element of an array of `A`: copyable, sendable in
/// messages and serializable, like a Charm++ element proxy
/// (`thisProxy[i]`). Made by [`ArrayProxy::at`] or `Ctx::me`.
#[derive(Serialize, Deserialize)]
#[serde(bound = "")]
pub struct Element<A> {
    obj: ObjId,
    #[serde(skip)]
    _marker: PhantomData<fn() -> A>,
}

impl<A> Element<A> {
    pub(crate) fn new(obj: ObjId) -> Self {
        Element {
            obj,
            _marker: PhantomData,
        }
    }

    /// The element's global name.
    pub fn obj(&self) -> ObjId {
        self.obj
    }
}

impl<A> Clone for Element<A> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<A> Copy for Element<A> {}

impl<A> PartialEq for Element<A> {
    fn eq(&self, other: &Self) -> bool {
        self.obj == other.obj
    }
}
impl<A> Eq for Element<A> {}

impl<A> std::fmt::Debug for Element<A> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Element({}:{})", self.obj.array, self.obj.linear)
    }
}

/// Callbacks to elements and arrays, beside the handles they take (the
/// rest of `Callback` is in `reduction`).
impl Callback {
    /// To `Chare::reduction` of element `to`.
    pub fn element<A>(to: Element<A>, tag: impl Serialize) -> Callback {
        Callback::Element(to.obj(), Tag::new(&tag))
    }

    /// To `Chare::reduction` of every element of `to`.
    pub fn broadcast<A>(to: &ArrayProxy<A>, tag: impl Serialize) -> Callback {
        Callback::Broadcast(to.id(), Tag::new(&tag))
    }
}
