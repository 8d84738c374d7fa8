//! The text forms of a topology: the file (TOML or JSON, same keys) read
//! with line-numbered errors, the TOML written back, and a table.

use std::fmt::Write as _;
use std::path::Path;

use super::link::format_bandwidth;
use super::locate::{line_at, line_of};
use super::{Topology, TopologyError};

/// The largest topology file read.
const MAX_FILE_BYTES: u64 = 16 << 20;

/// What a file holds, appended to syntax errors.
const ACCEPTED: &str = "accepted: keys clusters (PE lists), latency_ms (one row per cluster), \
                        optional jitter_ms, asymmetric, bandwidth_mbit_s and overhead_us (numbers, \
                        one row per cluster), speeds";

impl Topology {
    /// Reads and checks a topology file for a run of `pes` PEs (`None`:
    /// as many PEs as the file's clusters list). JSON when the file ends
    /// in `.json` or its first non-blank character is `{`, TOML otherwise.
    /// Errors name the file and line: `FILE:LINE: what; what is accepted`.
    pub fn from_file(path: &Path, pes: Option<u32>) -> Result<Topology, TopologyError> {
        let file = path.display().to_string();
        let text = arts_util::input_file::read_text(path, MAX_FILE_BYTES).map_err(|e| {
            TopologyError::Read {
                file: file.clone(),
                message: e.why,
            }
        })?;
        let json =
            path.extension().is_some_and(|e| e == "json") || text.trim_start().starts_with('{');
        Topology::parse(&text, &file, json, pes)
    }

    /// Parses and checks the text of a topology file named `file` (for
    /// messages); see [`Topology::from_file`].
    pub fn parse(
        text: &str,
        file: &str,
        json: bool,
        pes: Option<u32>,
    ) -> Result<Topology, TopologyError> {
        let at = |line: usize, message: String| TopologyError::InFile {
            file: file.to_string(),
            line,
            message,
        };
        let topology: Topology = if json {
            serde_json::from_str(text).map_err(|e| {
                let full = e.to_string();
                let what = full.split(" at line ").next().unwrap_or(&full);
                at(e.line().max(1), format!("{}; {ACCEPTED}", one_line(what)))
            })?
        } else {
            toml::from_str(text).map_err(|e| {
                let line = e.span().map_or(1, |s| line_at(text, s.start));
                at(line, format!("{}; {ACCEPTED}", one_line(e.message())))
            })?
        };
        let pes = pes.unwrap_or_else(|| topology.num_pes());
        super::check::check(&topology, pes).map_err(|p| at(line_of(text, &p.at), p.message))?;
        Ok(topology)
    }

    /// The topology in the file form (TOML), one cluster and one latency
    /// row per line; [`Topology::from_file`] reads it back.
    pub fn to_toml(&self) -> String {
        let mut s = format!(
            "# arts grid topology: {} cluster(s), {} PE(s); one-way latency in ms\n",
            self.clusters.len(),
            self.num_pes()
        );
        let list = |v: &mut dyn Iterator<Item = String>| v.collect::<Vec<_>>().join(", ");
        s += "clusters = [\n";
        for c in &self.clusters {
            let _ = writeln!(s, "    [{}],", list(&mut c.iter().map(|p| p.to_string())));
        }
        let matrix = |s: &mut String, key: &str, m: &[Vec<f64>]| {
            let _ = writeln!(s, "]\n{key} = [");
            for row in m {
                let _ = writeln!(
                    s,
                    "    [{}],",
                    list(&mut row.iter().map(|v| format!("{v:?}")))
                );
            }
        };
        matrix(&mut s, "latency_ms", &self.latency_ms);
        if let Some(m) = &self.bandwidth_mbit_s {
            matrix(&mut s, "bandwidth_mbit_s", m);
        }
        if let Some(m) = &self.overhead_us {
            matrix(&mut s, "overhead_us", m);
        }
        s += "]\n";
        if self.jitter_ms != 0.0 {
            let _ = writeln!(s, "jitter_ms = {:?}", self.jitter_ms);
        }
        if self.asymmetric {
            s += "asymmetric = true\n";
        }
        if let Some(speeds) = &self.speeds {
            let _ = writeln!(
                s,
                "speeds = [{}]",
                list(&mut speeds.iter().map(|v| format!("{v:?}")))
            );
        }
        s
    }

    /// A table for humans: one line per cluster with its PEs, their
    /// speeds and its latency row (ms), then the jitter, then the
    /// bandwidth and overhead of the links that have them.
    pub fn table(&self) -> String {
        let k = self.clusters.len();
        let pes: Vec<String> = self.clusters.iter().map(|c| pe_ranges(c)).collect();
        let width = pes.iter().map(String::len).max().unwrap_or(0).max(3);
        let mut s = format!("cluster  {:<width$}  speed     latency_ms to", "PEs");
        for b in 0..k {
            let _ = write!(s, " {b:>9}");
        }
        s += "\n";
        for (c, list) in self.clusters.iter().enumerate() {
            let speed = self.speed_summary(list);
            let _ = write!(s, "{c:<7}  {:<width$}  {speed:<9} {:13}", pes[c], "");
            for v in &self.latency_ms[c] {
                let _ = write!(s, " {v:>9.3}");
            }
            s += "\n";
        }
        let _ = writeln!(
            s,
            "jitter   up to {} ms per cross-cluster message{}",
            self.jitter_ms,
            if self.asymmetric {
                " (asymmetric latency)"
            } else {
                ""
            }
        );
        for (a, b) in (0..k as u32).flat_map(|a| (0..k as u32).map(move |b| (a, b))) {
            let link = self.link(a, b);
            if link.costs() {
                let bandwidth = link.bits_per_s.map_or("unlimited".into(), format_bandwidth);
                let overhead = link.overhead.as_nanos() as f64 / 1e3;
                let _ = writeln!(
                    s,
                    "link     {a} -> {b}: {bandwidth}, {overhead} us per message"
                );
            }
        }
        s
    }

    /// The speed of the PEs of one cluster: one value, or `min-max`.
    fn speed_summary(&self, list: &[arts_core::PeId]) -> String {
        let Some(speeds) = &self.speeds else {
            return "1".into();
        };
        let of = |p: &arts_core::PeId| speeds.get(*p as usize).copied().unwrap_or(1.0);
        let lo = list.iter().map(of).fold(f64::INFINITY, f64::min);
        let hi = list.iter().map(of).fold(f64::NEG_INFINITY, f64::max);
        if lo == hi {
            format!("{lo}")
        } else {
            format!("{lo}-{hi}")
        }
    }
}

/// A parser's message on one line.
fn one_line(message: &str) -> String {
    message.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// PE lists as ranges: `0-3,6,8-9`.
fn pe_ranges(list: &[arts_core::PeId]) -> String {
    let mut out: Vec<String> = Vec::new();
    let mut i = 0;
    while i < list.len() {
        let mut j = i;
        while j + 1 < list.len() && list[j + 1] == list[j] + 1 {
            j += 1;
        }
        out.push(if j == i {
            list[i].to_string()
        } else {
            format!("{}-{}", list[i], list[j])
        });
        i = j + 1;
    }
    out.join(",")
}

/// A topology file as `arts topology show` reports it.
#[derive(Clone, Debug, serde::Serialize)]
pub struct Shown {
    /// The file.
    pub file: String,
    /// The PEs it was checked for.
    pub pes: u32,
    /// What it holds.
    #[serde(flatten)]
    pub topology: Topology,
}

impl Shown {
    /// Reads and checks the topology file at `path` for `pes` PEs (default:
    /// the PEs its clusters list).
    pub fn read(path: &Path, pes: Option<u32>) -> Result<Shown, TopologyError> {
        let topology = Topology::from_file(path, pes)?;
        Ok(Shown {
            file: path.display().to_string(),
            pes: pes.unwrap_or_else(|| topology.num_pes()),
            topology,
        })
    }

    /// The file, its clusters and PEs, then the topology's table.
    pub fn table(&self) -> String {
        format!(
            "{}: {} cluster(s), {} PE(s)\n{}",
            self.file,
            self.topology.clusters.len(),
            self.pes,
            self.topology.table()
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample() -> Topology {
        Topology {
            clusters: vec![vec![0, 1, 2], vec![3], vec![4, 5]],
            latency_ms: vec![
                vec![0.0, 5.0, 20.5],
                vec![7.0, 0.0, 1.0],
                vec![20.5, 1.0, 0.0],
            ],
            jitter_ms: 0.25,
            asymmetric: true,
            bandwidth_mbit_s: None,
            overhead_us: None,
            speeds: Some(vec![1.0, 1.0, 0.5, 2.0, 1.0, 1.0]),
        }
    }

    /// `sample` with a bandwidth and an overhead on every link, one pair
    /// different each way.
    fn with_links() -> Topology {
        let mut t = sample().with_links(Some(1e9), Some(std::time::Duration::from_micros(50)));
        t.bandwidth_mbit_s.as_mut().unwrap()[2][1] = 100.0;
        t.overhead_us.as_mut().unwrap()[0][2] = 7.5;
        t
    }

    #[test]
    fn a_shown_file_names_itself_its_clusters_and_pes() {
        let path = std::env::temp_dir().join(format!("arts-shown-{}.toml", std::process::id()));
        std::fs::write(&path, sample().to_toml()).unwrap();
        let shown = Shown::read(&path, None).unwrap();
        assert_eq!(shown.pes, 6);
        let table = shown.table();
        assert!(table.starts_with(&format!("{}: 3 cluster(s), 6 PE(s)\n", path.display())));
        assert!(table.ends_with(&sample().table()));
        assert!(Shown::read(&path, Some(5)).is_err());
        std::fs::remove_file(&path).unwrap();
    }

    #[test]
    fn toml_and_json_round_trip() {
        let t = sample();
        let back = Topology::parse(&t.to_toml(), "t.toml", false, Some(6)).unwrap();
        assert_eq!(back, t);
        let json = serde_json::to_string_pretty(&t).unwrap();
        assert_eq!(Topology::parse(&json, "t.json", true, None).unwrap(), t);
        let plain = Topology::uniform(4, 2, std::time::Duration::from_millis(3)).unwrap();
        let text = plain.to_toml();
        assert!(!text.contains("jitter_ms") && !text.contains("speeds"));
        assert_eq!(Topology::parse(&text, "u", false, Some(4)).unwrap(), plain);
        let linked = with_links();
        let text = linked.to_toml();
        assert!(text.contains("bandwidth_mbit_s = [") && text.contains("overhead_us = ["));
        assert_eq!(Topology::parse(&text, "l", false, Some(6)).unwrap(), linked);
        let json = serde_json::to_string(&linked).unwrap();
        assert_eq!(
            Topology::parse(&json, "l.json", true, None).unwrap(),
            linked
        );
    }

    #[test]
    fn links_are_read_per_pair_and_listed() {
        let t = with_links();
        assert_eq!(t.link(2, 1).bits_per_s, Some(1e8));
        assert_eq!(t.link(1, 2).bits_per_s, Some(1e9));
        assert_eq!(t.link(0, 2).overhead, std::time::Duration::from_nanos(7500));
        let table = t.table();
        assert!(
            table.contains("link     2 -> 1: 100 Mbit/s, 50 us per message"),
            "{table}"
        );
        assert!(
            table.contains("link     0 -> 2: 1 Gbit/s, 7.5 us per message"),
            "{table}"
        );
        assert_eq!(table.lines().count(), 5 + 6, "{table}");
    }

    #[test]
    fn bad_links_name_the_line_in_either_form() {
        let head = "clusters = [[0, 1], [2, 3]]\nlatency_ms = [[0, 8], [8, 0]]\n";
        let cases = [
            (
                "bandwidth_mbit_s = [[0, 0], [0, 0]]\n",
                3,
                "bandwidth_mbit_s[0][1] = 0 is invalid",
            ),
            (
                "bandwidth_mbit_s = [[0, 1000],\n [-1000, 0]]\n",
                4,
                "bandwidth_mbit_s[1][0] = -1000 is invalid",
            ),
            (
                "bandwidth_mbit_s = [[0, 2e6], [2e6, 0]]\n",
                3,
                "1 kbit/s to 1 Tbit/s",
            ),
            (
                "bandwidth_mbit_s = [[0, nan], [1, 0]]\n",
                3,
                "= NaN is invalid",
            ),
            (
                "bandwidth_mbit_s = [[0, \"1Gbit/s\"], [1, 0]]\n",
                3,
                "invalid type: string",
            ),
            (
                "bandwidth_mbit_s = [[5, 1], [1, 0]]\n",
                3,
                "the diagonal must be 0",
            ),
            (
                "bandwidth_mbit_s = [[0, 1], [2, 0]]\n",
                3,
                "symmetric matrix accepted",
            ),
            ("bandwidth_mbit_s = [[0, 1]]\n", 3, "1 rows for 2 clusters"),
            (
                "overhead_us = [[0, 0], [0, 0]]\n",
                3,
                "overhead_us[0][1] = 0 is invalid; above 0",
            ),
            (
                "overhead_us = [[0, 2e6], [2e6, 0]]\n",
                3,
                "at most 1000000 us",
            ),
            (
                "overhead_us = [[0, -3], [-3, 0]]\n",
                3,
                "overhead_us[0][1] = -3 is invalid",
            ),
        ];
        for (tail, line, what) in cases {
            let err = toml_error(&format!("{head}{tail}"), Some(4));
            assert!(
                err.starts_with(&format!("bad.toml:{line}: ")) && err.contains(what),
                "{tail}: {err}"
            );
            assert_eq!(err.lines().count(), 1, "{err}");
        }
        let json = "{\n\"clusters\": [[0], [1]],\n\"latency_ms\": [[0, 4], [4, 0]],\n\
                    \"overhead_us\": [[0, 50],\n [0, 0]]\n}";
        let err = Topology::parse(json, "b.json", true, None)
            .unwrap_err()
            .to_string();
        assert!(
            err.starts_with("b.json:5: overhead_us[1][0] = 0 is invalid"),
            "{err}"
        );
        let asym = format!("{head}bandwidth_mbit_s = [[0, 1], [2, 0]]\nasymmetric = true\n");
        assert!(Topology::parse(&asym, "a", false, Some(4)).is_ok());
    }

    #[test]
    fn table_lists_clusters_and_latency() {
        let table = sample().table();
        assert!(table.contains("0-2"), "{table}");
        assert!(table.contains("0.5-1"), "{table}");
        assert!(table.contains("20.500"), "{table}");
        assert_eq!(table.lines().count(), 5, "{table}");
        assert_eq!(pe_ranges(&[0, 1, 2, 5, 7, 8]), "0-2,5,7-8");
    }

    /// The error for a TOML text, as printed.
    fn toml_error(text: &str, pes: Option<u32>) -> String {
        Topology::parse(text, "bad.toml", false, pes)
            .unwrap_err()
            .to_string()
    }

    #[test]
    fn bad_files_name_the_line() {
        let head = "# topology\nclusters = [\n  [0, 1],\n";
        let sym = "latency_ms = [[0, 5], [5, 0]]\n";
        let cases = [
            (
                format!("{head}  [2, 9],\n]\n{sym}"),
                4,
                "PE 9 in cluster 1 is not a PE",
            ),
            (
                format!("{head}  [2, 1],\n]\n{sym}"),
                4,
                "PE 1 is in clusters 0 and 1",
            ),
            (
                format!("{head}  [2],\n]\n{sym}"),
                2,
                "PE 3 is in no cluster",
            ),
            (
                format!("{head}  [2, 3],\n]\nlatency_ms = [\n  [0, 5],\n  [-5, 0],\n]\n"),
                8,
                "latency_ms[1][0] = -5",
            ),
            (
                format!("{head}  [2, 3],\n]\nlatency_ms = [[0, nan], [5, 0]]\n"),
                6,
                "latency_ms[0][1] = NaN",
            ),
            (
                format!("{head}  [2, 3],\n]\nlatency_ms = [[0, 4], [5, 0]]\n"),
                6,
                "symmetric matrix accepted",
            ),
            (
                format!("{head}  [2, 3],\n]\n{sym}speeds = [1, 1, 0, 1]\n"),
                7,
                "speeds[2] = 0 is invalid",
            ),
            (
                format!("{head}  [2],\n  [3],\n]\nlatency_ms = [[0,1,1],[1,0,1],[1,1,0]]\n"),
                2,
                "3 clusters for 2 PEs",
            ),
            (
                format!("{head}  [2, 3],\n]\nlatency = 3\n"),
                6,
                "unknown field",
            ),
            (format!("{head}  [2, -3],\n]\n{sym}"), 4, "invalid value"),
        ];
        for (i, (text, line, what)) in cases.iter().enumerate() {
            let pes = if i == 7 { Some(2) } else { Some(4) };
            let err = toml_error(text, pes);
            assert!(
                err.starts_with(&format!("bad.toml:{line}: ")) && err.contains(what),
                "case {i}: {err}"
            );
            assert_eq!(err.lines().count(), 1, "{err}");
        }
    }

    #[test]
    fn asymmetric_and_json_errors() {
        let text = "clusters = [[0], [1]]\nlatency_ms = [[0, 4], [5, 0]]\nasymmetric = true\n";
        assert!(Topology::parse(text, "a", false, Some(2)).is_ok());
        let json = "{\n\"clusters\": [[0], [1]],\n\"latency_ms\": [[0, 4],\n [4, 0.0]],\n\"speeds\": [1, -1]\n}";
        let err = Topology::parse(json, "b.json", true, None)
            .unwrap_err()
            .to_string();
        assert!(err.starts_with("b.json:5: speeds[1] = -1"), "{err}");
        let err = Topology::parse("{\n\"clusters\": [[0]\n", "c.json", true, None)
            .unwrap_err()
            .to_string();
        assert!(err.starts_with("c.json:3: EOF"), "{err}");
        let missing = std::path::Path::new("/nonexistent/topology.toml");
        let err = Topology::from_file(missing, None).unwrap_err().to_string();
        assert!(
            err.starts_with("/nonexistent/topology.toml: cannot read it"),
            "{err}"
        );
    }
}
