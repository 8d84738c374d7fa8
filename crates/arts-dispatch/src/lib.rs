//! H-Dispatch: hungry-pull task dispatch on persistent threads, and its baselines.
