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
#[cfg_attr(feature = "clap", derive(clap::ValueEnum))]
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

/// Single constants that replace those of a set (device file keys `q_c`,
/// `k_j_per_k`, `eps0_f_per_cm`; the CLI's `--q-c`, `--k-j-per-k`, `--eps0-f-per-cm`).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct ConstantOverrides {
    /// Elementary charge, C.
    pub q: Option<f64>,
    /// Boltzmann constant, J/K.
    pub k: Option<f64>,
    /// Vacuum permittivity, F/cm.
    pub eps0: Option<f64>,
}

impl ConstantOverrides {
    /// Each given value must be a positive finite number.
    pub fn validate(&self) -> Result<(), String> {
        for (name, v) in [
            ("q_c", self.q),
            ("k_j_per_k", self.k),
            ("eps0_f_per_cm", self.eps0),
        ] {
            if let Some(v) = v
                && !(v.is_finite() && v > 0.0)
            {
                return Err(format!("{name} = {v} must be a positive number"));
            }
        }
        Ok(())
    }

    /// These values where given, `base`'s otherwise (e.g. the CLI's over a file's).
    pub fn or(self, base: ConstantOverrides) -> ConstantOverrides {
        ConstantOverrides {
            q: self.q.or(base.q),
            k: self.k.or(base.k),
            eps0: self.eps0.or(base.eps0),
        }
    }

    /// `c` with the given values replaced.
    pub fn apply(&self, c: Constants) -> Constants {
        Constants {
            q: self.q.unwrap_or(c.q),
            k: self.k.unwrap_or(c.k),
            eps0: self.eps0.unwrap_or(c.eps0),
            ..c
        }
    }

    /// Names of the replaced constants (`q`, `k`, `eps0`).
    pub fn names(&self) -> Vec<&'static str> {
        [("q", self.q), ("k", self.k), ("eps0", self.eps0)]
            .into_iter()
            .filter_map(|(n, v)| v.map(|_| n))
            .collect()
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
    fn single_constants_replace_the_set_values() {
        let o = ConstantOverrides {
            q: Some(1.6e-19),
            ..Default::default()
        };
        let c = o.apply(ConstantSet::Codata.constants());
        assert_eq!(c.q, 1.6e-19);
        assert_eq!(c.k, 1.380_649e-23);
        assert_eq!(o.names(), ["q"]);
        let cli = ConstantOverrides {
            q: Some(1.7e-19),
            k: Some(1.4e-23),
            eps0: None,
        };
        assert_eq!(cli.or(o).q, Some(1.7e-19));
        let bad = ConstantOverrides {
            eps0: Some(-1.0),
            ..Default::default()
        };
        assert!(bad.validate().unwrap_err().contains("eps0_f_per_cm"));
    }

    #[test]
    fn parse_names() {
        assert_eq!("tcad".parse::<ConstantSet>(), Ok(ConstantSet::Tcad));
        assert!("si".parse::<ConstantSet>().unwrap_err().contains("codata"));
    }
}
