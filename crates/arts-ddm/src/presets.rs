//! Built-in device presets, stored as device files (so they exercise the parser).

use crate::device::Device;
use crate::error::{DdmError, input};

/// Preset names with their device-file text.
pub const PRESETS: [(&str, &str); 3] = [
    ("apd-sam", include_str!("presets/apd-sam.toml")),
    ("si-pn", include_str!("presets/si-pn.toml")),
    ("si-pin", include_str!("presets/si-pin.toml")),
];

/// The device-file text of a preset.
pub fn preset_text(name: &str) -> Result<&'static str, DdmError> {
    PRESETS
        .iter()
        .find(|(n, _)| *n == name)
        .map(|(_, t)| *t)
        .ok_or_else(|| {
            let names: Vec<&str> = PRESETS.iter().map(|(n, _)| *n).collect();
            input(format!(
                "unknown preset `{name}` (accepted: {})",
                names.join(", ")
            ))
        })
}

/// A preset device, parsed and validated.
pub fn preset(name: &str) -> Result<Device, DdmError> {
    Device::from_toml(preset_text(name)?, name)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn presets_parse_with_the_papers_rows() {
        for (name, _) in PRESETS {
            preset(name).unwrap();
        }
        let apd = preset("apd-sam").unwrap();
        let rows = apd.layer_rows().unwrap();
        let firsts: Vec<usize> = rows.iter().map(|r| r.first + 1).collect();
        assert_eq!(firsts, vec![1, 401, 801, 1101, 1201, 1321, 1421]);
        assert_eq!(apd.rows().unwrap(), 1820);
        assert!(preset("gaas").unwrap_err().to_string().contains("si-pn"));
    }
}
