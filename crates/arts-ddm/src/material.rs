//! Material parameters and the built-in material library.
//!
//! A material is either *band-defined* (band gap, electron affinity and
//! effective densities of states: needed for heterostructures) or *intrinsic*
//! (only the intrinsic density n_i: enough for a homogeneous device). All values
//! are at 300 K; Nc and Nv scale as (T/300)^1.5, band gaps and affinities are
//! taken as temperature independent, and a given n_i is used as is.

use serde::Deserialize;

/// How a material's band structure is given.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Bands {
    /// Band gap (eV), electron affinity (eV) and effective densities of states
    /// of the conduction and valence bands (cm^-3, at 300 K).
    Full {
        /// Band gap Eg in eV.
        band_gap_ev: f64,
        /// Electron affinity χ in eV.
        affinity_ev: f64,
        /// Conduction-band effective density of states Nc at 300 K, cm^-3.
        nc_cm3: f64,
        /// Valence-band effective density of states Nv at 300 K, cm^-3.
        nv_cm3: f64,
    },
    /// Only the intrinsic carrier density n_i (cm^-3) at the device temperature.
    Intrinsic {
        /// Intrinsic density n_i in cm^-3.
        ni_cm3: f64,
    },
}

/// The parameters of one material, validated.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Material {
    /// Relative permittivity εr.
    pub permittivity: f64,
    /// Electron mobility, cm^2/(V s).
    pub mu_n: f64,
    /// Hole mobility, cm^2/(V s).
    pub mu_p: f64,
    /// SRH electron lifetime, s.
    pub tau_n: f64,
    /// SRH hole lifetime, s.
    pub tau_p: f64,
    /// Band structure.
    pub bands: Bands,
}

/// A material table as written in a device file (`[materials.NAME]`).
#[derive(Clone, Debug, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct MaterialSpec {
    /// Relative permittivity εr.
    pub permittivity: f64,
    /// Electron mobility, cm^2/(V s).
    pub mu_n_cm2_per_vs: f64,
    /// Hole mobility, cm^2/(V s).
    pub mu_p_cm2_per_vs: f64,
    /// SRH electron lifetime, s.
    pub tau_n_s: f64,
    /// SRH hole lifetime, s.
    pub tau_p_s: f64,
    /// Band gap, eV (band-defined materials).
    pub band_gap_ev: Option<f64>,
    /// Electron affinity, eV (band-defined materials).
    pub affinity_ev: Option<f64>,
    /// Conduction-band effective density of states at 300 K, cm^-3.
    pub nc_cm3: Option<f64>,
    /// Valence-band effective density of states at 300 K, cm^-3.
    pub nv_cm3: Option<f64>,
    /// Intrinsic density, cm^-3 (intrinsic materials, instead of the four band values).
    pub ni_cm3: Option<f64>,
}

impl MaterialSpec {
    /// Checks ranges and the band-or-n_i choice; `name` is used in the messages.
    pub fn validate(&self, name: &str) -> Result<Material, String> {
        let positive = |what: &str, v: f64| -> Result<f64, String> {
            if v.is_finite() && v > 0.0 {
                Ok(v)
            } else {
                Err(format!(
                    "material `{name}`: {what} = {v} must be a positive finite number"
                ))
            }
        };
        let bands = match (
            self.ni_cm3,
            self.band_gap_ev,
            self.affinity_ev,
            self.nc_cm3,
            self.nv_cm3,
        ) {
            (Some(ni), None, None, None, None) => Bands::Intrinsic {
                ni_cm3: positive("ni_cm3", ni)?,
            },
            (None, Some(eg), Some(chi), Some(nc), Some(nv)) => {
                if !chi.is_finite() {
                    return Err(format!(
                        "material `{name}`: affinity_ev = {chi} must be finite"
                    ));
                }
                Bands::Full {
                    band_gap_ev: positive("band_gap_ev", eg)?,
                    affinity_ev: chi,
                    nc_cm3: positive("nc_cm3", nc)?,
                    nv_cm3: positive("nv_cm3", nv)?,
                }
            }
            _ => {
                return Err(format!(
                    "material `{name}`: give either ni_cm3 alone or all of band_gap_ev, affinity_ev, nc_cm3, nv_cm3"
                ));
            }
        };
        Ok(Material {
            permittivity: positive("permittivity", self.permittivity)?,
            mu_n: positive("mu_n_cm2_per_vs", self.mu_n_cm2_per_vs)?,
            mu_p: positive("mu_p_cm2_per_vs", self.mu_p_cm2_per_vs)?,
            tau_n: positive("tau_n_s", self.tau_n_s)?,
            tau_p: positive("tau_p_s", self.tau_p_s)?,
            bands,
        })
    }
}

/// Names of the built-in materials (see `docs/ddm.md` for sources).
pub const BUILTIN_NAMES: [&str; 4] = ["Si", "InP", "InGaAs", "InGaAsP"];

/// A built-in material by name, or `None`.
///
/// * `Si`: silicon with the classic n_i = 1e10 cm^-3 (intrinsic form).
/// * `InP`, `InGaAs` (In0.53Ga0.47As), `InGaAsP` (In0.72Ga0.28As0.61P0.39,
///   the 1.3 µm quaternary), all lattice matched to InP, band-defined, with
///   affinities giving ΔEc = 0.25 eV at InP/InGaAs and ΔEc/ΔEg = 0.4 at
///   InP/InGaAsP.
pub fn builtin(name: &str) -> Option<Material> {
    let full = |eg, chi, nc, nv| Bands::Full {
        band_gap_ev: eg,
        affinity_ev: chi,
        nc_cm3: nc,
        nv_cm3: nv,
    };
    let m = match name {
        "Si" => Material {
            permittivity: 11.7,
            mu_n: 1400.0,
            mu_p: 450.0,
            tau_n: 1e-7,
            tau_p: 1e-7,
            bands: Bands::Intrinsic { ni_cm3: 1.0e10 },
        },
        "InP" => Material {
            permittivity: 12.5,
            mu_n: 4600.0,
            mu_p: 150.0,
            tau_n: 1e-8,
            tau_p: 1e-8,
            bands: full(1.344, 4.38, 5.7e17, 1.1e19),
        },
        "InGaAs" => Material {
            permittivity: 13.9,
            mu_n: 12000.0,
            mu_p: 300.0,
            tau_n: 1e-7,
            tau_p: 1e-7,
            bands: full(0.75, 4.63, 2.1e17, 7.7e18),
        },
        "InGaAsP" => Material {
            permittivity: 13.3,
            mu_n: 4000.0,
            mu_p: 150.0,
            tau_n: 1e-8,
            tau_p: 1e-8,
            bands: full(0.95, 4.5376, 3.7e17, 9.0e18),
        },
        _ => return None,
    };
    Some(m)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_builtin_name_resolves() {
        for name in BUILTIN_NAMES {
            assert!(builtin(name).is_some(), "{name}");
        }
        assert!(builtin("GaN").is_none());
    }

    #[test]
    fn band_offsets_of_the_apd_materials() {
        let chi = |n| match builtin(n).unwrap().bands {
            Bands::Full { affinity_ev, .. } => affinity_ev,
            Bands::Intrinsic { .. } => unreachable!(),
        };
        assert!((chi("InGaAs") - chi("InP") - 0.25).abs() < 1e-9);
        let dec = chi("InGaAsP") - chi("InP");
        assert!((dec / (1.344 - 0.95) - 0.4).abs() < 1e-3);
    }

    #[test]
    fn spec_needs_ni_or_all_four_band_values() {
        let mut s = MaterialSpec {
            permittivity: 11.7,
            mu_n_cm2_per_vs: 1000.0,
            mu_p_cm2_per_vs: 400.0,
            tau_n_s: 1e-7,
            tau_p_s: 1e-7,
            band_gap_ev: Some(1.1),
            affinity_ev: None,
            nc_cm3: None,
            nv_cm3: None,
            ni_cm3: None,
        };
        assert!(s.validate("X").unwrap_err().contains("either ni_cm3"));
        s.band_gap_ev = None;
        s.ni_cm3 = Some(-1.0);
        assert!(s.validate("X").unwrap_err().contains("ni_cm3"));
        s.ni_cm3 = Some(1e10);
        assert!(s.validate("X").is_ok());
        s.tau_n_s = 0.0;
        assert!(s.validate("X").unwrap_err().contains("tau_n_s"));
    }
}
