//! Applications on the object runtime, each with a sequential reference.
