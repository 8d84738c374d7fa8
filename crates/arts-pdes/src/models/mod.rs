//! Models that run on the engines. PHOLD is the standard synthetic benchmark;
//! the Blue Gene/L torus network model will live in `torus/`.

pub mod phold;
