//! Device files: the TOML format, its parsing and its validation.
//!
//! ```toml
//! name = "si-pn"            # optional
//! temperature_k = 300.0     # optional, default 300
//! spacing_nm = 5.0          # uniform mesh spacing; every layer must be a whole number of rows
//! constants = "codata"      # optional: codata | tcad
//! bias_v = [0.0, 0.2]       # optional default bias sweep, volts on the biased contact
//!
//! [contacts]                # optional; both contacts are ohmic
//! left = "ohmic"
//! right = "ohmic"
//! biased = "left"           # the contact the bias is applied to; the other is grounded
//!
//! [materials.MySi]          # optional extra materials (see `MaterialSpec`)
//! permittivity = 11.7
//! ni_cm3 = 1.0e10
//! mu_n_cm2_per_vs = 1400.0
//! mu_p_cm2_per_vs = 450.0
//! tau_n_s = 1e-7
//! tau_p_s = 1e-7
//!
//! [[layers]]                # from the left contact (x = 0) to the right one
//! name = "p"
//! material = "Si"
//! thickness_nm = 1000.0
//! acceptors_cm3 = 1e16      # optional, default 0
//! donors_cm3 = 0.0          # optional, default 0
//! ```

use std::collections::BTreeMap;

use serde::Deserialize;

use crate::constants::ConstantSet;
use crate::error::{DdmError, input};
use crate::material::{self, Bands, Material, MaterialSpec};

/// Which contact carries the applied bias.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Side {
    /// The contact at x = 0 (first layer).
    #[default]
    Left,
    /// The contact at the far end (last layer).
    Right,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, Deserialize)]
#[serde(rename_all = "lowercase")]
enum ContactKind {
    #[default]
    Ohmic,
}

#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct ContactsSpec {
    // Only "ohmic" exists: parsing the kinds rejects anything else.
    #[allow(dead_code)]
    #[serde(default)]
    left: ContactKind,
    #[allow(dead_code)]
    #[serde(default)]
    right: ContactKind,
    #[serde(default)]
    biased: Side,
}

#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct LayerSpec {
    name: String,
    material: String,
    thickness_nm: f64,
    #[serde(default)]
    donors_cm3: f64,
    #[serde(default)]
    acceptors_cm3: f64,
}

#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct DeviceSpec {
    name: Option<String>,
    temperature_k: Option<f64>,
    spacing_nm: f64,
    constants: Option<String>,
    bias_v: Option<Vec<f64>>,
    #[serde(default)]
    contacts: ContactsSpec,
    #[serde(default)]
    materials: BTreeMap<String, MaterialSpec>,
    layers: Vec<LayerSpec>,
}

/// One validated layer.
#[derive(Clone, Debug, PartialEq)]
pub struct Layer {
    /// The layer's name.
    pub name: String,
    /// The material's name.
    pub material_name: String,
    /// The material's parameters.
    pub material: Material,
    /// Thickness, nm.
    pub thickness_nm: f64,
    /// Donor density, cm^-3.
    pub donors: f64,
    /// Acceptor density, cm^-3.
    pub acceptors: f64,
}

/// A validated device: layers, mesh spacing, temperature, contacts, bias sweep.
#[derive(Clone, Debug, PartialEq)]
pub struct Device {
    /// Name (from the file, or the file name).
    pub name: String,
    /// Lattice temperature, K.
    pub temperature_k: f64,
    /// Mesh spacing, nm.
    pub spacing_nm: f64,
    /// The constant set the file asks for, if any.
    pub constants: Option<ConstantSet>,
    /// Default bias sweep, V.
    pub bias_v: Vec<f64>,
    /// The contact the bias is applied to.
    pub biased: Side,
    /// Layers from the left contact to the right one.
    pub layers: Vec<Layer>,
}

/// Where a layer sits on the mesh.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LayerRows {
    /// First row (0-based).
    pub first: usize,
    /// Number of rows.
    pub rows: usize,
}

impl Device {
    /// Parses and validates a device file's text; `fallback_name` names it if the file does not.
    pub fn from_toml(text: &str, fallback_name: &str) -> Result<Device, DdmError> {
        let spec: DeviceSpec = toml::from_str(text).map_err(|e| input(toml_error(text, &e)))?;
        spec.validate(fallback_name)
    }

    /// Rows per layer at the device's spacing; fails if a layer is not a whole number of rows.
    pub fn layer_rows(&self) -> Result<Vec<LayerRows>, DdmError> {
        let mut out = Vec::with_capacity(self.layers.len());
        let mut first = 0;
        for l in &self.layers {
            let exact = l.thickness_nm / self.spacing_nm;
            let rows = exact.round();
            if rows < 1.0 || (exact - rows).abs() > 1e-6 * rows.max(1.0) {
                return Err(input(format!(
                    "layer `{}`: thickness {} nm is not a whole number of {} nm mesh rows ({exact:.4} rows)",
                    l.name, l.thickness_nm, self.spacing_nm
                )));
            }
            // Checked before converting: a float above the limit would
            // saturate and the sum wrap.
            let limit = crate::mesh::MAX_ROWS;
            if rows > limit as f64 || first + rows as usize > limit {
                return Err(input(format!(
                    "layer `{}`: thickness {} nm makes the device more than {limit} mesh rows \
                     (use a coarser spacing_nm or thinner layers)",
                    l.name, l.thickness_nm
                )));
            }
            out.push(LayerRows {
                first,
                rows: rows as usize,
            });
            first += rows as usize;
        }
        if first < 3 {
            return Err(input(format!(
                "the device has {first} mesh rows; at least 3 are needed (two contacts and one interior row)"
            )));
        }
        Ok(out)
    }

    /// Total number of mesh rows.
    pub fn rows(&self) -> Result<usize, DdmError> {
        Ok(self.layer_rows()?.iter().map(|l| l.rows).sum())
    }

    /// The same device on another mesh spacing (checked like a file's spacing).
    pub fn with_spacing(&self, spacing_nm: f64) -> Result<Device, DdmError> {
        check_spacing(spacing_nm)?;
        let d = Device {
            spacing_nm,
            ..self.clone()
        };
        d.layer_rows()?;
        Ok(d)
    }
}

fn check_spacing(spacing_nm: f64) -> Result<(), DdmError> {
    if spacing_nm.is_finite() && spacing_nm > 0.0 {
        Ok(())
    } else {
        Err(input(format!(
            "spacing_nm = {spacing_nm} must be a positive number of nanometres"
        )))
    }
}

impl DeviceSpec {
    fn validate(self, fallback_name: &str) -> Result<Device, DdmError> {
        let temperature_k = self.temperature_k.unwrap_or(300.0);
        if !(temperature_k.is_finite() && temperature_k > 0.0) {
            return Err(input(format!(
                "temperature_k = {temperature_k} must be a positive number of kelvin"
            )));
        }
        check_spacing(self.spacing_nm)?;
        let constants = match &self.constants {
            None => None,
            Some(s) => Some(s.parse::<ConstantSet>().map_err(input)?),
        };
        let bias_v = self.bias_v.unwrap_or_else(|| vec![0.0]);
        if bias_v.is_empty() || bias_v.iter().any(|v| !v.is_finite()) {
            return Err(input("bias_v must be a non-empty list of finite voltages"));
        }
        if self.layers.is_empty() {
            return Err(input("the device has no [[layers]]"));
        }
        let mut user = BTreeMap::new();
        for (name, spec) in &self.materials {
            user.insert(name.clone(), spec.validate(name).map_err(input)?);
        }
        let mut layers = Vec::with_capacity(self.layers.len());
        for l in self.layers {
            let material = match user.get(&l.material).copied() {
                Some(m) => m,
                None => material::builtin(&l.material).ok_or_else(|| {
                    let mut known: Vec<String> = material::BUILTIN_NAMES
                        .iter()
                        .map(|s| s.to_string())
                        .collect();
                    known.extend(user.keys().cloned());
                    input(format!(
                        "layer `{}`: unknown material `{}` (known: {})",
                        l.name,
                        l.material,
                        known.join(", ")
                    ))
                })?,
            };
            if !(l.thickness_nm.is_finite() && l.thickness_nm > 0.0) {
                return Err(input(format!(
                    "layer `{}`: thickness_nm = {} must be positive",
                    l.name, l.thickness_nm
                )));
            }
            for (what, v) in [
                ("donors_cm3", l.donors_cm3),
                ("acceptors_cm3", l.acceptors_cm3),
            ] {
                if !(v.is_finite() && v >= 0.0) {
                    return Err(input(format!(
                        "layer `{}`: {what} = {v} must be zero or positive",
                        l.name
                    )));
                }
                if v > 1e22 {
                    return Err(input(format!(
                        "layer `{}`: {what} = {v:e} exceeds 1e22 cm^-3",
                        l.name
                    )));
                }
            }
            layers.push(Layer {
                name: l.name,
                material_name: l.material,
                material,
                thickness_nm: l.thickness_nm,
                donors: l.donors_cm3,
                acceptors: l.acceptors_cm3,
            });
        }
        let intrinsic = layers
            .iter()
            .filter(|l| matches!(l.material.bands, Bands::Intrinsic { .. }))
            .count();
        if intrinsic != 0 && intrinsic != layers.len() {
            let l = layers
                .iter()
                .find(|l| matches!(l.material.bands, Bands::Intrinsic { .. }))
                .expect("counted above");
            return Err(input(format!(
                "layer `{}`: material `{}` gives only ni_cm3, but other layers are band-defined; a heterostructure needs band_gap_ev, affinity_ev, nc_cm3 and nv_cm3 for every material",
                l.name, l.material_name
            )));
        }
        let device = Device {
            name: self.name.unwrap_or_else(|| fallback_name.to_string()),
            temperature_k,
            spacing_nm: self.spacing_nm,
            constants,
            bias_v,
            biased: self.contacts.biased,
            layers,
        };
        device.layer_rows()?;
        Ok(device)
    }
}

/// One line: "line L, column C: message".
fn toml_error(text: &str, e: &toml::de::Error) -> String {
    let msg = e.message().trim().replace('\n', " ");
    match e.span() {
        Some(span) => {
            let before = &text[..span.start.min(text.len())];
            let line = before.matches('\n').count() + 1;
            let col = before.len() - before.rfind('\n').map_or(0, |p| p + 1) + 1;
            format!("device file line {line}, column {col}: {msg}")
        }
        None => format!("device file: {msg}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const PN: &str = r#"
spacing_nm = 5.0
[[layers]]
name = "p"
material = "Si"
thickness_nm = 500
acceptors_cm3 = 1e16
[[layers]]
name = "n"
material = "Si"
thickness_nm = 500
donors_cm3 = 1e16
"#;

    #[test]
    fn parses_a_minimal_device() {
        let d = Device::from_toml(PN, "pn").unwrap();
        assert_eq!(d.name, "pn");
        assert_eq!(d.temperature_k, 300.0);
        assert_eq!(d.rows().unwrap(), 200);
        assert_eq!(d.layer_rows().unwrap()[1].first, 100);
        assert_eq!(d.bias_v, vec![0.0]);
        assert_eq!(d.biased, Side::Left);
    }

    #[test]
    fn unknown_material_is_named() {
        let err = Device::from_toml(&PN.replacen("\"Si\"", "\"Sii\"", 1), "x").unwrap_err();
        let msg = err.to_string();
        assert!(
            msg.contains("unknown material `Sii`") && msg.contains("InP"),
            "{msg}"
        );
    }

    #[test]
    fn unknown_key_is_rejected_with_its_line() {
        let err = Device::from_toml(&PN.replace("acceptors_cm3", "acceptor_cm3"), "x").unwrap_err();
        let msg = err.to_string();
        assert!(
            msg.contains("acceptor_cm3") && msg.contains("line 7"),
            "{msg}"
        );
        assert!(!msg.contains('\n'));
    }

    #[test]
    fn negative_thickness_and_doping_are_rejected() {
        let e = Device::from_toml(&PN.replacen("500", "-500", 1), "x").unwrap_err();
        assert!(e.to_string().contains("thickness_nm = -500"), "{e}");
        let e = Device::from_toml(&PN.replace("1e16\n[[", "-1e16\n[["), "x").unwrap_err();
        assert!(e.to_string().contains("acceptors_cm3 = -"), "{e}");
    }

    #[test]
    fn absurd_thickness_is_refused_before_allocating() {
        for t in ["1e20", "24999995"] {
            // One layer alone, or the two together, over 5,000,000 rows.
            let e = Device::from_toml(&PN.replacen("500", t, 1), "x")
                .and_then(|d| d.rows())
                .unwrap_err();
            assert!(
                e.to_string().contains("more than 5000000 mesh rows"),
                "{t}: {e}"
            );
        }
    }

    #[test]
    fn fractional_rows_are_rejected() {
        let e = Device::from_toml(&PN.replacen("500", "502", 1), "x").unwrap_err();
        assert!(e.to_string().contains("not a whole number"), "{e}");
        let d = Device::from_toml(PN, "x").unwrap();
        assert!(d.with_spacing(2.5).is_ok());
        assert!(d.with_spacing(3.0).is_err());
        assert!(d.with_spacing(-1.0).is_err());
    }

    #[test]
    fn mixing_intrinsic_and_band_materials_is_rejected() {
        let e = Device::from_toml(&PN.replacen("\"Si\"", "\"InP\"", 1), "x").unwrap_err();
        assert!(e.to_string().contains("heterostructure"), "{e}");
    }
}
