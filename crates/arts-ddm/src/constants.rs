//! Physical constant sets. Units: coulomb, joule per kelvin, farad per centimetre
//! (the solver works in centimetres, as device simulators traditionally do).

use std::fmt;
use std::str::FromStr;

/// One set of the three physical constants the model needs.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Constants {
    /// Which set this is.
    pub set: ConstantSet,
    /// Elementary charge q in C.
    pub q: f64,
    /// Boltzmann constant k in J/K.
    pub k: f64,
    /// Vacuum permittivity ε0 in F/cm.
    pub eps0: f64,
}

/// The selectable constant sets.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum ConstantSet {
    /// CODATA 2018 exact/recommended values (q and k exact since the 2019 SI).
    #[default]
    Codata,
    /// The classic TCAD set: q = 1.6e-19 C, k = 1.3806503e-23 J/K, ε0 = 8.85e-14 F/cm.
    Tcad,
}

impl ConstantSet {
    /// The constants of this set.
    pub fn constants(self) -> Constants {
        match self {
            ConstantSet::Codata => Constants {
                set: self,
                q: 1.602_176_634e-19,
                k: 1.380_649e-23,
                eps0: 8.854_187_812_8e-14,
            },
            ConstantSet::Tcad => Constants {
                set: self,
                q: 1.6e-19,
                k: 1.380_650_3e-23,
                eps0: 8.85e-14,
            },
        }
    }

    /// The name used on the command line and in device files.
    pub fn name(self) -> &'static str {
        match self {
            ConstantSet::Codata => "codata",
            ConstantSet::Tcad => "tcad",
        }
    }
}

impl fmt::Display for ConstantSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for ConstantSet {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s {
            "codata" => Ok(ConstantSet::Codata),
            "tcad" => Ok(ConstantSet::Tcad),
            other => Err(format!(
                "unknown constant set `{other}` (accepted: codata, tcad)"
            )),
        }
    }
}

impl Constants {
    /// Thermal voltage kT/q in volts at temperature `t_k` kelvin.
    pub fn thermal_voltage(&self, t_k: f64) -> f64 {
        self.k * t_k / self.q
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn thermal_voltage_at_300k() {
        let vt = ConstantSet::Codata.constants().thermal_voltage(300.0);
        assert!((vt - 0.025_852).abs() < 1e-6, "{vt}");
        let vt2 = ConstantSet::Tcad.constants().thermal_voltage(300.0);
        assert!((vt2 - 1.380_650_3e-23 * 300.0 / 1.6e-19).abs() < 1e-15);
        assert!((vt - vt2).abs() > 1e-5, "the two sets differ");
    }

    #[test]
    fn parse_names() {
        assert_eq!("tcad".parse::<ConstantSet>(), Ok(ConstantSet::Tcad));
        assert!("si".parse::<ConstantSet>().unwrap_err().contains("codata"));
    }
}
