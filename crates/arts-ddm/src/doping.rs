//! Analytic doping profiles of a device file (`[[doping]]` entries), added to
//! the layers' uniform dopings: uniform over a range, Gaussian, erfc.
//!
//! ```toml
//! [[doping]]
//! kind = "gaussian"      # uniform | gaussian | erfc
//! species = "acceptors"  # donors | acceptors
//! peak_cm3 = 1e18
//! position_nm = 0.0      # gaussian: centre; erfc: the plane it falls off from
//! width_nm = 80.0        # gaussian: N·exp(−((x − position)/width)²); erfc: N·erfc(|x − position|/width)
//! from_nm = 0.0          # optional range it applies to (default: the whole device)
//! to_nm = 500.0
//! ```

use serde::{Deserialize, Serialize};

/// The shape of an analytic profile.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum ProfileKind {
    /// `peak_cm3` everywhere in the range.
    Uniform,
    /// N·exp(−((x − position)/width)²).
    Gaussian,
    /// N·erfc(|x − position|/width) (a profile diffused from the plane at `position`).
    Erfc,
}

/// Which dopant a profile adds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Species {
    /// Donors (N_D).
    Donors,
    /// Acceptors (N_A).
    Acceptors,
}

/// One analytic doping profile (positions from the left contact, nm).
#[derive(Clone, Debug, PartialEq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct DopingProfile {
    /// Shape.
    pub kind: ProfileKind,
    /// Dopant.
    pub species: Species,
    /// Peak density, cm^-3.
    pub peak_cm3: f64,
    /// Centre (Gaussian) or the plane the erfc falls off from, nm.
    #[serde(default)]
    pub position_nm: f64,
    /// Characteristic length (Gaussian, erfc), nm.
    pub width_nm: Option<f64>,
    /// Start of the range the profile applies to, nm (default: no limit).
    pub from_nm: Option<f64>,
    /// End of the range, nm (default: no limit).
    pub to_nm: Option<f64>,
}

impl DopingProfile {
    /// Checks the values; the message names the entry (`index` from 0).
    pub fn validate(&self, index: usize) -> Result<(), String> {
        let at = |msg: String| format!("doping[{index}]: {msg}");
        if !(self.peak_cm3.is_finite() && (0.0..=1e22).contains(&self.peak_cm3)) {
            return Err(at(format!(
                "peak_cm3 = {} must be between 0 and 1e22",
                self.peak_cm3
            )));
        }
        if !self.position_nm.is_finite() {
            return Err(at("position_nm must be finite".into()));
        }
        match (self.kind, self.width_nm) {
            (ProfileKind::Uniform, _) => {}
            (_, Some(w)) if w.is_finite() && w > 0.0 => {}
            (_, w) => {
                return Err(at(format!(
                    "width_nm = {} must be a positive length for a {:?} profile",
                    w.map_or("(missing)".to_string(), |w| w.to_string()),
                    self.kind
                )));
            }
        }
        for v in [self.from_nm, self.to_nm].into_iter().flatten() {
            if !v.is_finite() {
                return Err(at("from_nm and to_nm must be finite".into()));
            }
        }
        if let (Some(a), Some(b)) = (self.from_nm, self.to_nm)
            && a >= b
        {
            return Err(at(format!("from_nm = {a} must be below to_nm = {b}")));
        }
        Ok(())
    }

    /// The density this profile adds at `x_nm`, cm^-3.
    pub fn at(&self, x_nm: f64) -> f64 {
        if self.from_nm.is_some_and(|a| x_nm < a) || self.to_nm.is_some_and(|b| x_nm > b) {
            return 0.0;
        }
        let w = self.width_nm.unwrap_or(1.0);
        let d = (x_nm - self.position_nm) / w;
        self.peak_cm3
            * match self.kind {
                ProfileKind::Uniform => 1.0,
                ProfileKind::Gaussian => (-d * d).exp(),
                ProfileKind::Erfc => erfc(d.abs()),
            }
    }
}

/// Complementary error function (Chebyshev fit of Numerical Recipes' `erfcc`,
/// fractional error below 1.2e-7 everywhere).
pub fn erfc(x: f64) -> f64 {
    let z = x.abs();
    let t = 1.0 / (1.0 + 0.5 * z);
    let poly = -z * z - 1.265_512_23
        + t * (1.000_023_68
            + t * (0.374_091_96
                + t * (0.096_784_18
                    + t * (-0.186_288_06
                        + t * (0.278_868_07
                            + t * (-1.135_203_98
                                + t * (1.488_515_87 + t * (-0.822_152_23 + t * 0.170_872_77))))))));
    let r = t * poly.exp();
    if x >= 0.0 { r } else { 2.0 - r }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn erfc_matches_tabulated_values() {
        for (x, want) in [
            (0.0, 1.0),
            (0.5, 0.479_500_122_186_953_5),
            (1.0, 0.157_299_207_050_285_13),
            (2.0, 0.004_677_734_981_047_266),
            (-1.0, 1.842_700_792_949_715),
        ] {
            assert!((erfc(x) / want - 1.0).abs() < 1.2e-7, "{x}: {}", erfc(x));
        }
    }

    #[test]
    fn profiles_have_their_shape_and_range() {
        let g = DopingProfile {
            kind: ProfileKind::Gaussian,
            species: Species::Donors,
            peak_cm3: 1e18,
            position_nm: 100.0,
            width_nm: Some(50.0),
            from_nm: None,
            to_nm: Some(200.0),
        };
        assert_eq!(g.at(100.0), 1e18);
        assert!((g.at(150.0) / (1e18 * (-1.0f64).exp()) - 1.0).abs() < 1e-12);
        assert_eq!(g.at(250.0), 0.0);
        let e = DopingProfile {
            kind: ProfileKind::Erfc,
            width_nm: Some(10.0),
            ..g.clone()
        };
        assert!((e.at(110.0) / (1e18 * 0.157_299_207) - 1.0).abs() < 1e-6);
        assert!(g.validate(0).is_ok());
        let bad = DopingProfile {
            width_nm: None,
            ..g
        };
        assert!(
            bad.validate(2)
                .unwrap_err()
                .starts_with("doping[2]: width_nm")
        );
    }
}
