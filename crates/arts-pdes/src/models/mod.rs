//! Models that run on the engines. PHOLD is the standard synthetic benchmark;
//! `torus` is the Blue Gene/L 3-D torus network model.

pub mod phold;
pub mod torus;
