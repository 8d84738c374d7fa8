//! The torus model as a command line describes it (`arts pdes torus
//! --dims ... --workload ... --mapping ...`): the flags' text turned into
//! checked [`TorusParams`], end time and window, each error one line
//! naming the flag, the bad value and what is accepted.

use arts_util::text::quote;

use super::{AGGREGATE_TRAIN, MappingSpec, PS, Topology, TorusParams, WorkloadSpec, parse_time};

/// The largest file a torus flag names.
const MAX_FILE_BYTES: u64 = 256 << 20;

/// The model's flags as given.
#[derive(Clone, Debug)]
pub struct TorusChoices<'a> {
    /// `--dims XxYxZ`.
    pub dims: &'a str,
    /// `--workload ljs|random|trace:FILE`.
    pub workload: &'a str,
    /// `--mapping ideal|random|file:FILE`.
    pub mapping: &'a str,
    /// `--inject-delay` (bare number: µs).
    pub inject_delay: &'a str,
    /// `--hop-latency` (bare number: ns).
    pub hop_latency: &'a str,
    /// `--link-bandwidth`, MB/s.
    pub link_bandwidth: f64,
    /// `--vc-packets`.
    pub vc_packets: u32,
    /// `--train-packets`.
    pub train_packets: u32,
    /// `--aggregate`.
    pub aggregate: bool,
    /// `--compare-aggregate`.
    pub compare_aggregate: Option<u32>,
    /// `--ljs-atoms`.
    pub ljs_atoms: f64,
    /// `--random-messages`.
    pub random_messages: u32,
    /// `--random-bytes`.
    pub random_bytes: u64,
    /// `--seed`.
    pub seed: u64,
}

/// Parses a time flag with a default unit (seconds per bare unit).
pub fn time_flag(flag: &str, s: &str, unit: f64, unit_name: &str) -> Result<f64, String> {
    match parse_time(s, unit) {
        Some(v) if v.is_finite() && v >= 0.0 => Ok(v),
        _ => Err(format!(
            "{flag} {s}: expected a time >= 0 (a bare number is in {unit_name}; units ns, us, ms, s)"
        )),
    }
}

/// The file a `--workload trace:FILE` or `--mapping file:FILE` names.
fn read_file(flag: &str, path: &str) -> Result<String, String> {
    if path.is_empty() {
        return Err(format!("{flag}: a file name is needed after ':'"));
    }
    arts_util::input_file::read_text(std::path::Path::new(path), MAX_FILE_BYTES)
        .map_err(|e| format!("{flag}: {e}"))
}

impl TorusChoices<'_> {
    /// The model's parameters (reading the files the flags name).
    pub fn params(&self) -> Result<TorusParams, String> {
        let dims = Topology::parse_dims(self.dims).map_err(|e| e.to_string())?;
        let mut p = TorusParams::new(dims);
        p.seed = self.seed;
        p.workload = match self.workload {
            "ljs" => WorkloadSpec::Ljs {
                atoms: self.ljs_atoms,
            },
            "random" => WorkloadSpec::Random {
                messages: self.random_messages,
                bytes: self.random_bytes,
            },
            w => match w.strip_prefix("trace:") {
                Some(path) => WorkloadSpec::Trace {
                    name: path.to_string(),
                    text: read_file("--workload", path)?,
                },
                None => {
                    return Err(format!(
                        "--workload {}: unknown workload; accepted: ljs, random, trace:FILE",
                        quote(w)
                    ));
                }
            },
        };
        p.mapping = match self.mapping {
            "ideal" => MappingSpec::Ideal,
            "random" => MappingSpec::Random,
            m => match m.strip_prefix("file:") {
                Some(path) => MappingSpec::File {
                    name: path.to_string(),
                    text: read_file("--mapping", path)?,
                },
                None => {
                    return Err(format!(
                        "--mapping {}: unknown mapping; accepted: ideal, random, file:FILE",
                        quote(m)
                    ));
                }
            },
        };
        p.inject_delay_s = time_flag("--inject-delay", self.inject_delay, 1e-6, "microseconds")?;
        p.hop_latency_s = time_flag("--hop-latency", self.hop_latency, 1e-9, "nanoseconds")?;
        if !(self.link_bandwidth.is_finite() && self.link_bandwidth > 0.0) {
            return Err(format!(
                "--link-bandwidth {}: must be a positive number of MB/s",
                self.link_bandwidth
            ));
        }
        p.link_bytes_per_s = self.link_bandwidth * 1e6;
        p.vc_packets = self.vc_packets;
        if self.aggregate && self.train_packets != 1 {
            return Err("--aggregate and --train-packets: give only one of them".into());
        }
        p.train_packets = if self.aggregate {
            AGGREGATE_TRAIN
        } else {
            self.train_packets
        };
        if self.compare_aggregate.is_some() && p.train_packets != 1 {
            return Err("--compare-aggregate compares against the per-packet model: do not also give --aggregate or --train-packets".into());
        }
        Ok(p)
    }
}

/// `--end-time` in model time (ps): none is unbounded; a bare number is in
/// seconds.
pub fn end_time(s: Option<&str>) -> Result<f64, String> {
    let Some(s) = s else {
        return Ok(f64::INFINITY);
    };
    let v = time_flag("--end-time", s, 1.0, "seconds")?;
    if v <= 0.0 {
        return Err(format!("--end-time {s}: must be > 0"));
    }
    Ok(v * PS)
}

/// `--window` in model time (ps): `inf` (or `infinity`, `none`) is
/// unbounded; a bare number is in microseconds.
pub fn window(w: &str) -> Result<f64, String> {
    if matches!(w, "inf" | "infinity" | "none") {
        return Ok(f64::INFINITY);
    }
    let v = time_flag("--window", w, 1e-6, "microseconds")?;
    if v <= 0.0 {
        return Err(format!(
            "--window {w}: must be > 0 (or inf for unbounded optimism)"
        ));
    }
    Ok(v * PS)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn choices() -> TorusChoices<'static> {
        TorusChoices {
            dims: "2x2x2",
            workload: "ljs",
            mapping: "ideal",
            inject_delay: "0",
            hop_latency: "100",
            link_bandwidth: 175.0,
            vc_packets: 4,
            train_packets: 1,
            aggregate: false,
            compare_aggregate: None,
            ljs_atoms: 500_000.0,
            random_messages: 6,
            random_bytes: 1000,
            seed: 1,
        }
    }

    #[test]
    fn the_flags_become_the_models_parameters() {
        let p = choices().params().unwrap();
        assert_eq!(p.dims, [2, 2, 2]);
        assert!((p.hop_latency_s - 100e-9).abs() < 1e-18);
        assert_eq!(p.link_bytes_per_s, 175e6);
        let aggregated = TorusChoices {
            aggregate: true,
            ..choices()
        };
        assert_eq!(aggregated.params().unwrap().train_packets, AGGREGATE_TRAIN);
    }

    #[test]
    fn bad_flags_are_named() {
        for (c, expected) in [
            (
                TorusChoices {
                    workload: "bogus",
                    ..choices()
                },
                "--workload bogus: unknown workload",
            ),
            (
                TorusChoices {
                    mapping: "file:",
                    ..choices()
                },
                "--mapping: a file name is needed",
            ),
            (
                TorusChoices {
                    inject_delay: "-1",
                    ..choices()
                },
                "--inject-delay -1: expected a time >= 0",
            ),
            (
                TorusChoices {
                    link_bandwidth: 0.0,
                    ..choices()
                },
                "--link-bandwidth 0: must be",
            ),
            (
                TorusChoices {
                    aggregate: true,
                    train_packets: 4,
                    ..choices()
                },
                "--aggregate and --train-packets",
            ),
            (
                TorusChoices {
                    train_packets: 4,
                    compare_aggregate: Some(8),
                    ..choices()
                },
                "--compare-aggregate compares",
            ),
        ] {
            let e = c.params().unwrap_err();
            assert!(e.starts_with(expected), "{e}");
        }
    }

    #[test]
    fn end_time_and_window_are_in_model_time() {
        assert_eq!(end_time(None), Ok(f64::INFINITY));
        assert_eq!(end_time(Some("10ms")), Ok(1e-2 * PS));
        assert!(end_time(Some("0")).unwrap_err().ends_with("must be > 0"));
        assert_eq!(window("inf"), Ok(f64::INFINITY));
        assert_eq!(window("5"), Ok(5e-6 * PS));
        assert!(
            window("0")
                .unwrap_err()
                .contains("or inf for unbounded optimism")
        );
    }
}
