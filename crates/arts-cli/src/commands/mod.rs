//! One module per area; each owns its subcommands' arguments and runners.

pub mod core;
pub mod ddm;
pub mod dispatch;
pub mod lb;
pub mod pdes;
pub mod trace;
