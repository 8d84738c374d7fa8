//! The enumerated flags of `arts run ddm` and `arts ddm preset` that have
//! no library enum of their own (the others derive `clap::ValueEnum` in
//! `arts-ddm` and `arts-apps`, feature `clap`).

/// A built-in device (`--preset`, `arts ddm preset NAME`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum PresetArg {
    /// Separate-absorption-multiplication avalanche photodiode.
    ApdSam,
    /// Silicon p-n junction.
    SiPn,
    /// Silicon p-i-n diode.
    SiPin,
}

impl PresetArg {
    /// The preset's name in `arts_ddm::presets`.
    pub fn name(self) -> &'static str {
        match self {
            PresetArg::ApdSam => "apd-sam",
            PresetArg::SiPn => "si-pn",
            PresetArg::SiPin => "si-pin",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::ValueEnum;

    #[test]
    fn preset_names_match_the_library() {
        for p in PresetArg::value_variants() {
            assert_eq!(p.to_possible_value().unwrap().get_name(), p.name());
            assert!(arts_ddm::presets::preset(p.name()).is_ok());
        }
        assert_eq!(
            PresetArg::value_variants().len(),
            arts_ddm::presets::PRESETS.len()
        );
    }
}
