//! The names of the apps whose checkpoints a run continues, for the
//! messages that refuse another app's checkpoint.
//!
//! A leaf beneath [`crate::registry`]: an app's own checkpoint code (e.g.
//! `stencil2d::saved_state`, which `--resume` reads) names the
//! restartable apps from here without reaching up to the registry, which
//! runs every app. The registry's test checks that this list is the one
//! its table gives ([`crate::registry::launchable`]).

/// The apps whose `arts run` checkpoints and continues with `--resume`
/// (those `arts launch` runs and `arts restart` continues), in the
/// registry's order.
pub const NAMES: [&str; 6] = [
    "jacobi2d", "zones", "hotspot", "leanmd", "fracture", "storm",
];

/// Why a checkpoint written by app `name` cannot be continued.
pub(crate) fn not_restartable(name: &str) -> String {
    format!(
        "written by app {name:?}; restartable apps are {}",
        NAMES.join(", ")
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_refusal_names_the_app_and_every_restartable_one() {
        let m = not_restartable("ddm");
        assert_eq!(
            m,
            "written by app \"ddm\"; restartable apps are jacobi2d, zones, hotspot, leanmd, \
             fracture, storm"
        );
    }
}
