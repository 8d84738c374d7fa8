//! Drift-diffusion device simulation (Gummel iteration on a 1-D mesh).
