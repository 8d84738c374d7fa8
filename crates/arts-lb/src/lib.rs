//! Load balancing for arts: the LB input a runtime measures ([`LbInput`]),
//! strategies as pure functions from it to a [`Mapping`] ([`Strategy`],
//! [`by_name`], [`balance`]), the predicted quality of a mapping
//! ([`evaluate`]), the `--lb-dump` file format ([`dump`]), synthetic inputs
//! ([`generate`]), and application-level weighted partitioning ([`weighted`]).

pub mod dump;
pub mod error;
pub mod generate;
pub mod input;
pub mod mapping;
pub mod model;
pub mod retarget;
pub mod simulate;
pub mod stats;
pub mod strategy;
pub mod weighted;

pub use error::LbError;
pub use input::{CommEdge, LbInput, ObjInfo, PeInfo};
pub use mapping::Mapping;
pub use retarget::{retarget, retarget_memory_bytes};
pub use stats::{LbStats, evaluate};
pub use strategy::{GridOptions, STRATEGY_NAMES, Strategy, balance, by_name, by_name_with};
