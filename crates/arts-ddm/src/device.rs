//! Device files: the format (TOML or JSON, the same schema), its parsing and
//! its validation.
//!
//! ```toml
//! name = "si-pn"            # optional
//! temperature_k = 300.0     # optional, default 300
//! spacing_nm = 5.0          # uniform mesh spacing; every layer must be a whole number of rows
//! constants = "codata"      # optional: codata | tcad
//! bias_v = [0.0, 0.2]       # optional default bias sweep, volts on the biased contact
//! q_c = 1.6e-19             # optional single constants replacing the set's
//! k_j_per_k = 1.380649e-23  #   (q in C, k in J/K, eps0 in F/cm)
//! eps0_f_per_cm = 8.85e-14
//! edge_average = "harmonic" # optional: harmonic | arithmetic (edge ε and μ)
//! mesh = "cells"            # optional: cells (rows at (i + ½)h) | nodes (nodes at i·h, 0 … L)
//! node_csv = "nodes.csv"    # optional per-row doping/material columns (see `nodes`),
//!                           #   relative to the device file
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
//!
//! [[doping]]                # optional analytic profiles added to the layers' (see `doping`)
//! kind = "gaussian"
//! species = "acceptors"
//! peak_cm3 = 1e18
//! position_nm = 0.0
//! width_nm = 80.0
//! ```

use std::collections::BTreeMap;

use serde::Deserialize;

use crate::constants::{ConstantOverrides, ConstantSet};
use crate::doping::{DopingProfile, Species};
use crate::error::{DdmError, input};
use crate::material::{self, Bands, Material, MaterialSpec};
use crate::nodes::{NodeColumn, NodeData};

/// The largest node CSV read: a line of about 100 bytes for each of the
/// mesh's most rows ([`crate::mesh::MAX_ROWS`]).
const MAX_NODE_CSV_BYTES: u64 = 512 << 20;

/// How permittivity and mobility are averaged onto the edge between two rows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, Deserialize)]
#[serde(rename_all = "lowercase")]
#[cfg_attr(feature = "clap", derive(clap::ValueEnum))]
pub enum EdgeAverage {
    /// 2ab/(a + b): exact for a piecewise-constant material in series (the default).
    #[default]
    Harmonic,
    /// (a + b)/2.
    Arithmetic,
}

impl EdgeAverage {
    /// The average of two row values.
    pub fn of(self, a: f64, b: f64) -> f64 {
        match self {
            EdgeAverage::Harmonic => 2.0 * a * b / (a + b),
            EdgeAverage::Arithmetic => 0.5 * (a + b),
        }
    }

    /// The name used in device files and on the command line.
    pub fn name(self) -> &'static str {
        match self {
            EdgeAverage::Harmonic => "harmonic",
            EdgeAverage::Arithmetic => "arithmetic",
        }
    }
}

/// Where the mesh points sit.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, Deserialize)]
#[serde(rename_all = "lowercase")]
#[cfg_attr(feature = "clap", derive(clap::ValueEnum))]
pub enum MeshKind {
    /// Cell-centred rows at x = (i + ½)h; each layer a whole number of rows,
    /// the contacts the first and last rows (the default).
    #[default]
    Cells,
    /// Nodes at x = i·h from 0 to L (one more than the cells), contacts on the
    /// end nodes; a node on a layer boundary takes the mean of the two layers'
    /// dopings and the material of the layer to its right, and every edge the
    /// material of the layer it lies in.
    Nodes,
}

impl MeshKind {
    /// The name used in device files and on the command line.
    pub fn name(self) -> &'static str {
        match self {
            MeshKind::Cells => "cells",
            MeshKind::Nodes => "nodes",
        }
    }
}

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
    q_c: Option<f64>,
    k_j_per_k: Option<f64>,
    eps0_f_per_cm: Option<f64>,
    edge_average: Option<EdgeAverage>,
    mesh: Option<MeshKind>,
    node_csv: Option<String>,
    #[serde(default)]
    doping: Vec<DopingProfile>,
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
    /// Single constants replacing those of the set.
    pub constant_overrides: ConstantOverrides,
    /// Edge averaging of permittivity and mobility.
    pub edge_average: EdgeAverage,
    /// Analytic doping profiles added to the layers' uniform dopings.
    pub doping: Vec<DopingProfile>,
    /// Where the mesh points sit.
    pub mesh: MeshKind,
    /// The per-row CSV file the device file names (relative to it).
    pub node_csv: Option<String>,
    /// Its values, once loaded ([`Device::load_node_csv`]).
    pub nodes: Option<NodeData>,
}

/// The format of a device file's text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FileFormat {
    /// TOML.
    Toml,
    /// JSON (the same schema).
    Json,
}

impl FileFormat {
    /// By the file's extension (`.json`, `.toml`), else by its content (JSON
    /// starts with `{`).
    pub fn detect(extension: Option<&str>, text: &str) -> FileFormat {
        match extension.map(|e| e.to_ascii_lowercase()).as_deref() {
            Some("json") => FileFormat::Json,
            Some("toml") => FileFormat::Toml,
            _ if text.trim_start().starts_with('{') => FileFormat::Json,
            _ => FileFormat::Toml,
        }
    }
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

    /// Parses and validates a device file's text in the given format.
    pub fn parse(text: &str, format: FileFormat, fallback_name: &str) -> Result<Device, DdmError> {
        match format {
            FileFormat::Toml => Device::from_toml(text, fallback_name),
            FileFormat::Json => Device::from_json(text, fallback_name),
        }
    }

    /// Parses and validates a JSON device file (the TOML schema written as JSON).
    pub fn from_json(text: &str, fallback_name: &str) -> Result<Device, DdmError> {
        let spec: DeviceSpec = serde_json::from_str(text).map_err(|e| {
            let msg = e.to_string();
            // serde_json appends " at line L column C"; put the position first, as for TOML.
            let msg = msg.split(" at line ").next().unwrap_or(&msg).to_string();
            input(format!(
                "device file line {}, column {}: {msg}",
                e.line(),
                e.column()
            ))
        })?;
        spec.validate(fallback_name)
    }

    /// Reads the `node_csv` file the device names, relative to `base_dir`
    /// (the device file's directory); nothing to do without one.
    pub fn load_node_csv(&mut self, base_dir: &std::path::Path) -> Result<(), DdmError> {
        let Some(name) = &self.node_csv else {
            return Ok(());
        };
        let path = base_dir.join(name);
        let text = arts_util::input_file::read_text(&path, MAX_NODE_CSV_BYTES)
            .map_err(|e| input(format!("node_csv {e}")))?;
        let data = NodeData::parse(&text).map_err(|e| input(format!("{}: {e}", path.display())))?;
        self.nodes = Some(data);
        self.node_values(NodeColumn::Donors).map(|_| ())
    }

    /// A per-row column of the node CSV, checked against the row count.
    pub fn node_values(&self, col: NodeColumn) -> Result<Option<&[f64]>, DdmError> {
        match (&self.node_csv, &self.nodes) {
            (None, _) => Ok(None),
            (Some(name), None) => Err(input(format!(
                "node_csv `{name}` has not been loaded (Device::load_node_csv)"
            ))),
            (Some(name), Some(d)) => {
                let rows = self.rows()?;
                if d.rows != rows {
                    return Err(input(format!(
                        "node_csv `{name}` has {} data lines; the mesh has {rows} rows",
                        d.rows
                    )));
                }
                Ok(d.get(col))
            }
        }
    }

    /// Donor and acceptor density of every row, cm^-3: the layer's uniform
    /// values (or the node CSV's columns) plus the analytic profiles at the
    /// row's position.
    pub fn row_doping(&self) -> Result<Vec<(f64, f64)>, DdmError> {
        let node_nd = self.node_values(NodeColumn::Donors)?;
        let node_na = self.node_values(NodeColumn::Acceptors)?;
        let cells = self.cell_layers()?;
        let layer_doping = |i: usize| {
            let l = &self.layers[cells[i]];
            (l.donors, l.acceptors)
        };
        let mut out = Vec::new();
        for i in 0..self.rows()? {
            let (ld, la) = match self.mesh {
                MeshKind::Cells => layer_doping(i),
                MeshKind::Nodes => {
                    // The node's box is half in each adjacent cell.
                    let (a, b) = (
                        layer_doping(i.saturating_sub(1)),
                        layer_doping(i.min(cells.len() - 1)),
                    );
                    (0.5 * (a.0 + b.0), 0.5 * (a.1 + b.1))
                }
            };
            let x = self.row_x_nm(i);
            let mut nd = node_nd.map_or(ld, |v| v[i]);
            let mut na = node_na.map_or(la, |v| v[i]);
            for p in &self.doping {
                match p.species {
                    Species::Donors => nd += p.at(x),
                    Species::Acceptors => na += p.at(x),
                }
            }
            out.push((nd, na));
        }
        Ok(out)
    }

    /// The same device at another temperature (checked like a file's).
    pub fn with_temperature(&self, temperature_k: f64) -> Result<Device, DdmError> {
        check_temperature(temperature_k)?;
        Ok(Device {
            temperature_k,
            ..self.clone()
        })
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
        let cells: usize = self.layer_rows()?.iter().map(|l| l.rows).sum();
        Ok(match self.mesh {
            MeshKind::Cells => cells,
            MeshKind::Nodes => cells + 1,
        })
    }

    /// The layer index of every cell (`layer_rows` spacing cells, left to right).
    pub fn cell_layers(&self) -> Result<Vec<usize>, DdmError> {
        let mut out = Vec::new();
        for (li, lr) in self.layer_rows()?.iter().enumerate() {
            out.extend(std::iter::repeat_n(li, lr.rows));
        }
        Ok(out)
    }

    /// Position of mesh row `i`, nm.
    pub fn row_x_nm(&self, i: usize) -> f64 {
        match self.mesh {
            MeshKind::Cells => (i as f64 + 0.5) * self.spacing_nm,
            MeshKind::Nodes => i as f64 * self.spacing_nm,
        }
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

/// The lattice temperatures accepted, K: the range the models are defined
/// for. They hold every parameter at 300 K (mobilities, lifetimes, band
/// gaps and affinities taken as temperature independent; Nc and Nv scaled
/// as (T/300)^1.5, `material`), which is a fair model from 50 K, below
/// which dopants freeze out (ionization the models take as complete), to
/// 1000 K, above which silicon is intrinsic at any doping the files give
/// and nears its melting point (1687 K).
pub const TEMPERATURE_RANGE_K: (f64, f64) = (50.0, 1000.0);

fn check_temperature(temperature_k: f64) -> Result<(), DdmError> {
    let (low, high) = TEMPERATURE_RANGE_K;
    if (low..=high).contains(&temperature_k) {
        Ok(())
    } else {
        Err(input(format!(
            "temperature_k = {temperature_k}: accepted are {low} to {high} K, \
             the range the mobility, lifetime and band models are defined for"
        )))
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
        check_temperature(temperature_k)?;
        let constant_overrides = ConstantOverrides {
            q: self.q_c,
            k: self.k_j_per_k,
            eps0: self.eps0_f_per_cm,
        };
        constant_overrides.validate().map_err(input)?;
        for (k, p) in self.doping.iter().enumerate() {
            p.validate(k).map_err(input)?;
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
            constant_overrides,
            edge_average: self.edge_average.unwrap_or_default(),
            doping: self.doping,
            mesh: self.mesh.unwrap_or_default(),
            node_csv: self.node_csv,
            nodes: None,
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

    /// Issue 59, item 16: temperatures the models are not defined for
    /// are refused, from the file and as a replacement.
    #[test]
    fn temperatures_outside_the_models_range_are_refused() {
        let d = Device::from_toml(PN, "pn").unwrap();
        for t in [0.001, 49.9, 1000.5, 1e6, f64::NAN, -300.0] {
            let e = d.with_temperature(t).unwrap_err().to_string();
            assert!(e.contains("accepted are 50 to 1000 K"), "{e}");
            if t.is_finite() {
                let text = PN.replace("spacing_nm", &format!("temperature_k = {t:?}\nspacing_nm"));
                let e = Device::from_toml(&text, "pn").unwrap_err().to_string();
                assert!(e.contains("accepted are 50 to 1000 K"), "{t}: {e}");
            }
        }
        for t in [50.0, 77.0, 300.0, 1000.0] {
            assert_eq!(d.with_temperature(t).unwrap().temperature_k, t);
        }
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
    fn json_files_use_the_same_schema() {
        let json = r#"{"spacing_nm": 5.0, "q_c": 1.6e-19, "edge_average": "arithmetic",
            "layers": [
              {"name": "p", "material": "Si", "thickness_nm": 500, "acceptors_cm3": 1e16},
              {"name": "n", "material": "Si", "thickness_nm": 500, "donors_cm3": 1e16}]}"#;
        assert_eq!(FileFormat::detect(None, json), FileFormat::Json);
        assert_eq!(FileFormat::detect(Some("toml"), json), FileFormat::Toml);
        let d = Device::parse(json, FileFormat::Json, "pn").unwrap();
        let t = Device::from_toml(PN, "pn").unwrap();
        assert_eq!(d.layers, t.layers);
        assert_eq!(d.constant_overrides.q, Some(1.6e-19));
        assert_eq!(d.edge_average, EdgeAverage::Arithmetic);
        let e = Device::from_json(&json.replace("acceptors_cm3", "acceptor_cm3"), "x").unwrap_err();
        let msg = e.to_string();
        assert!(
            msg.contains("acceptor_cm3") && msg.contains("line 3"),
            "{msg}"
        );
        assert!(!msg.contains('\n'));
    }

    #[test]
    fn analytic_profiles_add_to_the_layers() {
        let text = format!(
            "{PN}\n[[doping]]\nkind = \"gaussian\"\nspecies = \"donors\"\npeak_cm3 = 1e18\nposition_nm = 1000\nwidth_nm = 20\n"
        );
        let d = Device::from_toml(&text, "x").unwrap();
        let rows = d.row_doping().unwrap();
        assert_eq!(rows.len(), 200);
        assert_eq!(
            rows[0],
            (0.0 + 1e18 * (-(997.5f64 / 20.0).powi(2)).exp(), 1e16)
        );
        assert!(
            (rows[199].0 / (1e16 + 1e18 * (-(2.5f64 / 20.0).powi(2)).exp()) - 1.0).abs() < 1e-12
        );
        let e = Device::from_toml(&text.replace("width_nm = 20", "width_nm = 0"), "x").unwrap_err();
        assert!(e.to_string().starts_with("doping[0]: width_nm"), "{e}");
    }

    #[test]
    fn node_columns_replace_the_layer_values() {
        let text = format!("node_csv = \"n.csv\"\n{PN}");
        let mut d = Device::from_toml(&text, "x").unwrap();
        assert_eq!(d.node_csv.as_deref(), Some("n.csv"));
        let e = d.row_doping().unwrap_err();
        assert!(e.to_string().contains("has not been loaded"), "{e}");
        let mut csv = String::from("row,acceptors_cm3,mu_n_cm2_per_vs\n");
        for i in 0..200 {
            csv.push_str(&format!(
                "{i},{},{}\n",
                if i < 50 { 1e17 } else { 0.0 },
                1000 + i
            ));
        }
        d.nodes = Some(NodeData::parse(&csv).unwrap());
        let rows = d.row_doping().unwrap();
        assert_eq!(rows[10], (0.0, 1e17));
        assert_eq!(rows[150], (1e16, 0.0));
        let m = crate::Mesh::new(&d, ConstantSet::Codata.constants()).unwrap();
        assert!((m.mu_n[0] - 2.0 * 1000.0 * 1001.0 / 2001.0).abs() < 1e-9);
        // The wrong number of lines for the mesh is named.
        let short = d.with_spacing(2.5).unwrap();
        let e = short.row_doping().unwrap_err();
        assert!(
            e.to_string()
                .contains("200 data lines; the mesh has 400 rows"),
            "{e}"
        );
    }

    #[test]
    fn mixing_intrinsic_and_band_materials_is_rejected() {
        let e = Device::from_toml(&PN.replacen("\"Si\"", "\"InP\"", 1), "x").unwrap_err();
        assert!(e.to_string().contains("heterostructure"), "{e}");
    }
}
