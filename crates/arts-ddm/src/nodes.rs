//! Per-node (per mesh row) doping and material parameters from a CSV file
//! (device file key `node_csv`): a header naming the columns, then one line
//! per mesh row from the left contact. A column given replaces the layer's
//! value on every row (analytic `[[doping]]` profiles are still added to the
//! doping); the four band columns (Eg, χ, Nc, Nv) come together and replace
//! the layers' band parameters (graded alloys); `row`, `x_um` and `x_nm`
//! columns are allowed and ignored.
//!
//! ```text
//! row,donors_cm3,acceptors_cm3,mu_n_cm2_per_vs
//! 0,0,1e16,1350
//! 1,0,1e16,1350
//! ```

use arts_util::input_file::excerpt;

/// The most characters of a cell or column name an error quotes.
pub const QUOTE: usize = 80;

/// A per-node quantity a CSV column can give.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NodeColumn {
    /// Donor density, cm^-3.
    Donors,
    /// Acceptor density, cm^-3.
    Acceptors,
    /// Electron mobility, cm²/(V·s).
    MuN,
    /// Hole mobility, cm²/(V·s).
    MuP,
    /// Electron SRH lifetime, s.
    TauN,
    /// Hole SRH lifetime, s.
    TauP,
    /// Relative permittivity.
    Permittivity,
    /// Band gap Eg, eV.
    BandGap,
    /// Electron affinity χ, eV.
    Affinity,
    /// Conduction-band effective density of states at 300 K, cm^-3.
    Nc,
    /// Valence-band effective density of states at 300 K, cm^-3.
    Nv,
}

/// Every column name with its quantity.
pub const COLUMNS: [(&str, NodeColumn); 11] = [
    ("donors_cm3", NodeColumn::Donors),
    ("acceptors_cm3", NodeColumn::Acceptors),
    ("mu_n_cm2_per_vs", NodeColumn::MuN),
    ("mu_p_cm2_per_vs", NodeColumn::MuP),
    ("tau_n_s", NodeColumn::TauN),
    ("tau_p_s", NodeColumn::TauP),
    ("permittivity", NodeColumn::Permittivity),
    ("band_gap_ev", NodeColumn::BandGap),
    ("affinity_ev", NodeColumn::Affinity),
    ("nc_cm3", NodeColumn::Nc),
    ("nv_cm3", NodeColumn::Nv),
];

/// The band columns, which come together: a row's band edges need all four.
pub const BANDS: [NodeColumn; 4] = [
    NodeColumn::BandGap,
    NodeColumn::Affinity,
    NodeColumn::Nc,
    NodeColumn::Nv,
];

/// Columns allowed and ignored (positions written for the reader's benefit).
const IGNORED: [&str; 3] = ["row", "x_um", "x_nm"];

/// The per-node values read from a CSV file.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct NodeData {
    /// The given columns, each one value per row.
    pub columns: Vec<(NodeColumn, Vec<f64>)>,
    /// Number of rows (data lines).
    pub rows: usize,
}

impl NodeData {
    /// The values of `col` if the file gives it.
    pub fn get(&self, col: NodeColumn) -> Option<&[f64]> {
        self.columns
            .iter()
            .find(|(c, _)| *c == col)
            .map(|(_, v)| v.as_slice())
    }

    /// Parses the CSV text; errors name the 1-based line and column and
    /// quote at most [`QUOTE`] characters of it.
    pub fn parse(text: &str) -> Result<NodeData, String> {
        let mut lines = text
            .lines()
            .enumerate()
            .filter(|(_, l)| !l.trim().is_empty() && !l.trim_start().starts_with('#'));
        let (_, header) = lines.next().ok_or("the node CSV is empty")?;
        // Per header field: the quantity it gives, or None for an ignored column.
        let mut fields: Vec<Option<NodeColumn>> = Vec::new();
        for name in header.split(',').map(str::trim) {
            if IGNORED.contains(&name) {
                fields.push(None);
                continue;
            }
            let col = COLUMNS
                .iter()
                .find(|(n, _)| *n == name)
                .map(|(_, c)| *c)
                .ok_or_else(|| {
                    let known: Vec<&str> = COLUMNS.iter().map(|(n, _)| *n).collect();
                    format!(
                        "node CSV: unknown column `{}` (accepted: {}, and row, x_um, x_nm)",
                        excerpt(name, QUOTE),
                        known.join(", ")
                    )
                })?;
            if fields.contains(&Some(col)) {
                return Err(format!(
                    "node CSV: column `{}` appears twice",
                    excerpt(name, QUOTE)
                ));
            }
            fields.push(Some(col));
        }
        let mut data = NodeData {
            columns: fields.iter().flatten().map(|&c| (c, Vec::new())).collect(),
            rows: 0,
        };
        for (no, line) in lines {
            let cells: Vec<&str> = line.split(',').map(str::trim).collect();
            if cells.len() != fields.len() {
                return Err(format!(
                    "node CSV line {}: {} values, the header has {}",
                    no + 1,
                    cells.len(),
                    fields.len()
                ));
            }
            for (cell, field) in cells.iter().zip(&fields) {
                let Some(col) = field else { continue };
                let v: f64 = cell
                    .parse()
                    .ok()
                    .filter(|v: &f64| v.is_finite())
                    .ok_or_else(|| {
                        let cell = excerpt(cell, QUOTE);
                        format!("node CSV line {}: `{cell}` is not a finite number", no + 1)
                    })?;
                check(*col, v).map_err(|m| format!("node CSV line {}: {m}", no + 1))?;
                if let Some((_, vals)) = data.columns.iter_mut().find(|(c, _)| c == col) {
                    vals.push(v);
                }
            }
            data.rows += 1;
        }
        if data.rows == 0 {
            return Err("node CSV: no data lines after the header".into());
        }
        let given = BANDS.map(|c| data.get(c).is_some());
        if given.contains(&true) && given.contains(&false) {
            let name = |c: NodeColumn| COLUMNS.iter().find(|(_, k)| *k == c).map_or("", |n| n.0);
            let missing: Vec<&str> = BANDS
                .iter()
                .zip(given)
                .filter(|(_, g)| !g)
                .map(|(c, _)| name(*c))
                .collect();
            return Err(format!(
                "node CSV: the band columns band_gap_ev, affinity_ev, nc_cm3 and nv_cm3 come \
                 together (missing: {})",
                missing.join(", ")
            ));
        }
        Ok(data)
    }
}

/// The range of one value.
fn check(col: NodeColumn, v: f64) -> Result<(), String> {
    let name = COLUMNS
        .iter()
        .find(|(_, c)| *c == col)
        .map_or("value", |(n, _)| n);
    match col {
        NodeColumn::Donors | NodeColumn::Acceptors if !(0.0..=1e22).contains(&v) => {
            Err(format!("{name} = {v} must be between 0 and 1e22"))
        }
        NodeColumn::Donors | NodeColumn::Acceptors => Ok(()),
        _ if v > 0.0 => Ok(()),
        _ => Err(format!("{name} = {v} must be positive")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_the_named_columns_and_ignores_positions() {
        let d =
            NodeData::parse("row,x_um,donors_cm3,tau_n_s\n# c\n0,0.1,1e16,1e-7\n1,0.2,2e16,2e-7\n")
                .unwrap();
        assert_eq!(d.rows, 2);
        assert_eq!(d.get(NodeColumn::Donors), Some(&[1e16, 2e16][..]));
        assert_eq!(d.get(NodeColumn::TauN), Some(&[1e-7, 2e-7][..]));
        assert_eq!(d.get(NodeColumn::MuN), None);
    }

    #[test]
    fn bad_files_name_the_line_or_column() {
        let e = NodeData::parse("donors,x\n1\n").unwrap_err();
        assert!(e.contains("unknown column `donors`"), "{e}");
        let e = NodeData::parse("donors_cm3\n1e16\n-1\n").unwrap_err();
        assert!(e.starts_with("node CSV line 3: donors_cm3 = -1"), "{e}");
        let e = NodeData::parse("mu_n_cm2_per_vs,row\n1\n").unwrap_err();
        assert!(e.contains("line 2: 1 values, the header has 2"), "{e}");
        let e = NodeData::parse("tau_p_s\nnan\n").unwrap_err();
        assert!(e.contains("not a finite number"), "{e}");
        let e = NodeData::parse("band_gap_ev,nc_cm3\n1.1,2e19\n").unwrap_err();
        assert!(e.contains("(missing: affinity_ev, nv_cm3)"), "{e}");
        let e = NodeData::parse("band_gap_ev,affinity_ev,nc_cm3,nv_cm3\n0,4,1e19,1e19\n");
        assert!(e.unwrap_err().contains("band_gap_ev = 0 must be positive"));
        assert!(NodeData::parse("tau_p_s\n").is_err());
    }

    /// Issue 59, item 7: a 20 MB one-line file is not echoed whole.
    #[test]
    fn errors_quote_at_most_80_characters() {
        let long = "y".repeat(20 << 20);
        let e = NodeData::parse(&long).unwrap_err();
        assert!(
            e.contains(&format!("`{}…`", "y".repeat(80))) && e.len() < 400,
            "{}",
            e.len()
        );
        let e = NodeData::parse(&format!("donors_cm3\n{long}\n")).unwrap_err();
        assert!(
            e.starts_with("node CSV line 2: `yyy") && e.len() < 200,
            "{}",
            e.len()
        );
    }
}
