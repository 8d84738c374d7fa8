//! The scaled discrete problem: per-row and per-edge coefficients on the
//! uniform 1-D mesh, in thermal-voltage and reference-density units.
//!
//! Scaling: potentials ψ = φ / V_T, densities relative to n_ref (the effective
//! intrinsic density of the first layer). The band-parameter formulation puts
//! each row's band edges and densities of states into two numbers,
//!
//!   V_n = ln(Nc/Nc_ref) + (χ − χ_ref)/V_T,
//!   V_p = ln(Nv/Nv_ref) − (χ + Eg − χ_ref − Eg_ref)/V_T,
//!
//! so that n = n_ref·e^(ψ+V_n)·u and p = n_ref·e^(−ψ+V_p)·v with the Slotboom
//! variables u = e^(−ψ_n), v = e^(ψ_p); the effective intrinsic density is
//! n_ie = n_ref·e^((V_n+V_p)/2). Row i is the mesh point at x = (i + ½)·h
//! (cells) or x = i·h (nodes, `MeshKind::Nodes`); edge i joins rows i and i + 1.

use crate::constants::Constants;
use crate::device::{Device, MeshKind};
use crate::error::DdmError;
use crate::material::Bands;
use crate::nodes::{BANDS, NodeColumn};

/// Per-row and per-edge coefficients of the scaled problem.
#[derive(Clone, Debug)]
pub struct Mesh {
    /// Number of rows (mesh points) including the two contact rows.
    pub rows: usize,
    /// Mesh spacing h, cm.
    pub h_cm: f64,
    /// Position of row 0, cm: h/2 on the cell-centred mesh, 0 on the node mesh.
    pub x0_cm: f64,
    /// Thermal voltage V_T, V.
    pub vt: f64,
    /// Reference density n_ref, cm^-3.
    pub n_ref: f64,
    /// The constants used.
    pub constants: Constants,
    /// Layer index of each row.
    pub layer: Vec<u16>,
    /// Net doping (N_D − N_A) / n_ref per row.
    pub doping: Vec<f64>,
    /// V_n per row (thermal voltages).
    pub vn: Vec<f64>,
    /// V_p per row (thermal voltages).
    pub vp: Vec<f64>,
    /// e^(V_n) per row.
    pub e_vn: Vec<f64>,
    /// e^(V_p) per row.
    pub e_vp: Vec<f64>,
    /// n_ie / n_ref per row.
    pub nie: Vec<f64>,
    /// (n_ie / n_ref)^2 per row.
    pub nie2: Vec<f64>,
    /// SRH lifetimes per row, s.
    pub tau_n: Vec<f64>,
    /// SRH hole lifetimes per row, s.
    pub tau_p: Vec<f64>,
    /// Scaled permittivity per edge: ε0·εr·V_T / (q·n_ref·h²), εr the edge average
    /// (`Device::edge_average`, harmonic by default) of the two rows.
    pub eps: Vec<f64>,
    /// Electron mobility per edge (edge average), cm^2/(V s).
    pub mu_n: Vec<f64>,
    /// Hole mobility per edge (edge average), cm^2/(V s).
    pub mu_p: Vec<f64>,
    /// Charge-neutral equilibrium potential per row (thermal voltages).
    pub psi_eq: Vec<f64>,
    /// h² / V_T: scales recombination into the continuity point equations.
    pub rho: f64,
}

/// Largest mesh supported (memory: ~25 arrays of f64 per row).
pub const MAX_ROWS: usize = 5_000_000;

/// Largest |ψ| + |V_n|, |V_p| (thermal voltages) at equilibrium: beyond it the
/// exponentials of the scaled variables leave double range once a bias is added.
pub const MAX_SPAN: f64 = 600.0;

impl Mesh {
    /// Builds the scaled problem of `device` with `constants` (with the
    /// device's single-constant overrides applied).
    pub fn new(device: &Device, constants: Constants) -> Result<Mesh, DdmError> {
        let constants = device.constant_overrides.apply(constants);
        let cell_layer = device.cell_layers()?;
        let rows = device.rows()?;
        if rows > MAX_ROWS {
            return Err(crate::error::input(format!(
                "the device has {rows} mesh rows; at most {MAX_ROWS} are supported (use a coarser spacing_nm)"
            )));
        }
        let t = device.temperature_k;
        let vt = constants.thermal_voltage(t);
        let h_cm = device.spacing_nm * 1e-7;
        let dos = (t / 300.0).powf(1.5);
        // Per-layer band numbers relative to the first layer.
        let band = |b: &Bands| -> (f64, f64, f64, f64) {
            match *b {
                Bands::Full {
                    band_gap_ev,
                    affinity_ev,
                    nc_cm3,
                    nv_cm3,
                } => (band_gap_ev, affinity_ev, nc_cm3 * dos, nv_cm3 * dos),
                Bands::Intrinsic { ni_cm3 } => (0.0, 0.0, ni_cm3, ni_cm3),
            }
        };
        // Per-row band parameters from the node CSV (all four or none).
        let node = |c: NodeColumn| device.node_values(c);
        let mut given = Vec::with_capacity(BANDS.len());
        for c in BANDS {
            given.push(node(c)?);
        }
        let node_bands = match given[..] {
            [Some(eg), Some(chi), Some(nc), Some(nv)] => Some([eg, chi, nc, nv]),
            _ => None,
        };
        let row_band = |i: usize| {
            node_bands.map(|[eg, chi, nc, nv]| (eg[i], chi[i], nc[i] * dos, nv[i] * dos))
        };
        // The reference: row 0's bands, or the first layer's.
        let (eg_r, chi_r, nc_r, nv_r) =
            row_band(0).unwrap_or_else(|| band(&device.layers[0].material.bands));
        let n_ref = (nc_r * nv_r).sqrt() * (-eg_r / (2.0 * vt)).exp();
        let mut m = Mesh {
            rows,
            h_cm,
            x0_cm: match device.mesh {
                MeshKind::Cells => 0.5 * h_cm,
                MeshKind::Nodes => 0.0,
            },
            vt,
            n_ref,
            constants,
            layer: Vec::with_capacity(rows),
            doping: Vec::with_capacity(rows),
            vn: Vec::with_capacity(rows),
            vp: Vec::with_capacity(rows),
            e_vn: Vec::with_capacity(rows),
            e_vp: Vec::with_capacity(rows),
            nie: Vec::with_capacity(rows),
            nie2: Vec::with_capacity(rows),
            tau_n: Vec::with_capacity(rows),
            tau_p: Vec::with_capacity(rows),
            eps: Vec::with_capacity(rows - 1),
            mu_n: Vec::with_capacity(rows - 1),
            mu_p: Vec::with_capacity(rows - 1),
            psi_eq: Vec::with_capacity(rows),
            rho: h_cm * h_cm / vt,
        };
        let row_doping = device.row_doping()?;
        // Per-row material values from the node CSV, where it gives them.
        let (node_eps, node_mun, node_mup) = (
            node(NodeColumn::Permittivity)?,
            node(NodeColumn::MuN)?,
            node(NodeColumn::MuP)?,
        );
        let (node_tn, node_tp) = (node(NodeColumn::TauN)?, node(NodeColumn::TauP)?);
        let pick = |v: Option<&[f64]>, i: usize, default: f64| v.map_or(default, |v| v[i]);
        let mut eps_row = Vec::with_capacity(rows);
        let mut mun_row = Vec::with_capacity(rows);
        let mut mup_row = Vec::with_capacity(rows);
        // V_n and V_p of band parameters, relative to the reference.
        let relative = |(eg, chi, nc, nv): (f64, f64, f64, f64)| {
            let vn = (nc / nc_r).ln() + (chi - chi_r) / vt;
            let vp = (nv / nv_r).ln() - (chi + eg - chi_r - eg_r) / vt;
            (vn, vp)
        };
        let layer_bands: Vec<(f64, f64)> = device
            .layers
            .iter()
            .map(|layer| relative(band(&layer.material.bands)))
            .collect();
        for (i, &(nd, na)) in row_doping.iter().enumerate() {
            // A node on a layer boundary takes the layer to its right.
            let li = cell_layer[i.min(cell_layer.len() - 1)];
            let mat = &device.layers[li].material;
            let (vn, vp) = row_band(i).map_or(layer_bands[li], relative);
            let nie = (0.5 * (vn + vp)).exp();
            let c = (nd - na) / n_ref;
            // Charge-neutral equilibrium: n − p = C, n·p = nie², with u = v = 1.
            let half = 0.5 * c;
            let root = (half * half + nie * nie).sqrt();
            let n = if c >= 0.0 {
                half + root
            } else {
                nie * nie / (root - half)
            };
            m.layer.push(li as u16);
            m.doping.push(c);
            m.vn.push(vn);
            m.vp.push(vp);
            m.e_vn.push(vn.exp());
            m.e_vp.push(vp.exp());
            m.nie.push(nie);
            m.nie2.push(nie * nie);
            m.tau_n.push(pick(node_tn, i, mat.tau_n));
            m.tau_p.push(pick(node_tp, i, mat.tau_p));
            m.psi_eq.push(n.ln() - vn);
            eps_row.push(pick(node_eps, i, mat.permittivity));
            mun_row.push(pick(node_mun, i, mat.mu_n));
            mup_row.push(pick(node_mup, i, mat.mu_p));
        }
        let span = m.equilibrium_span();
        if !(n_ref.is_finite() && n_ref > 0.0 && span.is_finite() && span < MAX_SPAN) {
            return Err(crate::error::input(format!(
                "at {t} K the device's densities span more than e^{MAX_SPAN} (band gaps and dopings against kT): not representable; raise temperature_k"
            )));
        }
        let k = constants.eps0 * vt / (constants.q * n_ref * h_cm * h_cm);
        let avg = device.edge_average;
        for i in 0..rows - 1 {
            let (eps, mu_n, mu_p) = (
                avg.of(eps_row[i], eps_row[i + 1]),
                avg.of(mun_row[i], mun_row[i + 1]),
                avg.of(mup_row[i], mup_row[i + 1]),
            );
            // On the node mesh edge i is cell i, inside one layer: its own
            // material, unless the node CSV gives per-row values.
            let cell = &device.layers[cell_layer[i]].material;
            let own = |node: Option<&[f64]>, row_avg: f64, layer: f64| match device.mesh {
                MeshKind::Nodes if node.is_none() => layer,
                _ => row_avg,
            };
            m.eps.push(k * own(node_eps, eps, cell.permittivity));
            m.mu_n.push(own(node_mun, mu_n, cell.mu_n));
            m.mu_p.push(own(node_mup, mu_p, cell.mu_p));
        }
        Ok(m)
    }

    /// The built-in potential: equilibrium potential of the right contact minus the left one, V.
    pub fn builtin_potential_v(&self) -> f64 {
        self.vt * (self.psi_eq[self.rows - 1] - self.psi_eq[0])
    }

    /// Position of row `i`, µm.
    pub fn x_um(&self, i: usize) -> f64 {
        (self.x0_cm + i as f64 * self.h_cm) * 1e4
    }

    /// Initial-guess weights for a bias step on the `left` (or right) contact:
    /// 1 for rows on that contact's side of the p-n junction, 0 beyond it. A
    /// device without exactly one change of doping type gets a linear ramp.
    pub fn bias_weights(&self, left: bool) -> Vec<f64> {
        let sign = |c: f64| {
            if c > 0.0 {
                1
            } else if c < 0.0 {
                -1
            } else {
                0
            }
        };
        // A change of type between neighbours, or across one neutral row (the
        // boundary node of an abrupt junction on the node mesh).
        let changes: Vec<usize> = (1..self.rows)
            .filter(|&i| {
                let (a, b) = (sign(self.doping[i - 1]), sign(self.doping[i]));
                let across = i >= 2 && a == 0 && sign(self.doping[i - 2]) == -b;
                b != 0 && ((a != 0 && a != b) || across)
            })
            .collect();
        let n = self.rows;
        (0..n)
            .map(|i| {
                let from_left = match changes.as_slice() {
                    [j] => f64::from(u8::from(i < *j)),
                    _ => 1.0 - i as f64 / (n - 1) as f64,
                };
                if left { from_left } else { 1.0 - from_left }
            })
            .collect()
    }

    /// Largest |ψ| + band parameter magnitude at equilibrium (thermal voltages); bounds the bias range.
    pub fn equilibrium_span(&self) -> f64 {
        (0..self.rows)
            .map(|i| self.psi_eq[i].abs() + self.vn[i].abs().max(self.vp[i].abs()))
            .fold(0.0, f64::max)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::constants::ConstantSet;
    use crate::device::Device;
    use crate::presets::preset;

    #[test]
    fn builtin_potential_of_abrupt_pn_matches_formula() {
        let d = preset("si-pn").unwrap();
        for set in [ConstantSet::Codata, ConstantSet::Tcad] {
            let c = set.constants();
            let m = Mesh::new(&d, c).unwrap();
            let vt = c.thermal_voltage(300.0);
            let expect = vt * (1e16f64 * 1e16 / (1e10f64 * 1e10)).ln();
            assert!(
                (m.builtin_potential_v() - expect).abs() < 1e-6,
                "{} vs {expect}",
                m.builtin_potential_v()
            );
        }
    }

    #[test]
    fn node_mesh_puts_contacts_on_the_end_nodes() {
        let d = Device {
            mesh: MeshKind::Nodes,
            ..preset("si-pn").unwrap()
        };
        let m = Mesh::new(&d, ConstantSet::Codata.constants()).unwrap();
        assert_eq!(m.rows, 401);
        assert_eq!(m.x_um(0), 0.0);
        assert!((m.x_um(400) - 2.0).abs() < 1e-12);
        // The junction node is half p, half n: neutral; its neighbours are not.
        assert_eq!(m.doping[200], 0.0);
        assert!(m.doping[199] < 0.0 && m.doping[201] > 0.0);
        // The bias step's guess finds the junction across the neutral node.
        let w = m.bias_weights(true);
        assert_eq!((w[200], w[201]), (1.0, 0.0));
        // The same built-in potential as the cell mesh (contacts in equilibrium).
        let c = Mesh::new(&preset("si-pn").unwrap(), ConstantSet::Codata.constants()).unwrap();
        assert!((m.builtin_potential_v() - c.builtin_potential_v()).abs() < 1e-12);
        // Edges take the material of the layer they lie in (apd: InGaAsP | InGaAs
        // boundary at cell 1200 = node 1200).
        let apd = Device {
            mesh: MeshKind::Nodes,
            ..preset("apd-sam").unwrap()
        };
        let ma = Mesh::new(&apd, ConstantSet::Codata.constants()).unwrap();
        assert_eq!(ma.layer[1200], 4);
        assert!((ma.eps[1199] / ma.eps[1200] - 13.3 / 13.9).abs() < 1e-12);
    }

    #[test]
    fn unrepresentable_devices_are_rejected() {
        let d = preset("apd-sam").unwrap();
        let cold = Device {
            temperature_k: 5.0,
            ..d.clone()
        };
        let e = Mesh::new(&cold, ConstantSet::Codata.constants()).unwrap_err();
        assert!(e.to_string().contains("temperature_k"), "{e}");
        // Too fine a mesh is refused as soon as the rows are counted.
        let e = d.with_spacing(1e-6).unwrap_err();
        assert!(e.to_string().contains("mesh rows"), "{e}");
    }

    /// apd-sam with a node CSV giving every row's band parameters, `eg`
    /// its band gap (eV) from the row's layer's.
    fn with_row_bands(eg: impl Fn(usize, f64) -> f64) -> Device {
        let mut d = preset("apd-sam").unwrap();
        let layers = d.cell_layers().unwrap();
        let mut csv = String::from("row,band_gap_ev,affinity_ev,nc_cm3,nv_cm3\n");
        for (i, &li) in layers.iter().enumerate() {
            let Bands::Full {
                band_gap_ev,
                affinity_ev,
                nc_cm3,
                nv_cm3,
            } = d.layers[li].material.bands
            else {
                panic!("apd-sam has band materials");
            };
            let g = eg(i, band_gap_ev);
            csv.push_str(&format!(
                "{i},{g:e},{affinity_ev:e},{nc_cm3:e},{nv_cm3:e}\n"
            ));
        }
        d.node_csv = Some("bands.csv".into());
        d.nodes = Some(crate::nodes::NodeData::parse(&csv).unwrap());
        d
    }

    #[test]
    fn row_band_parameters_replace_the_layers() {
        let c = ConstantSet::Codata.constants();
        let layered = Mesh::new(&preset("apd-sam").unwrap(), c).unwrap();
        // The layers' own values, row by row: the same problem, bit for bit.
        let same = Mesh::new(&with_row_bands(|_, g| g), c).unwrap();
        assert_eq!(
            (same.vn.clone(), same.vp.clone()),
            (layered.vn.clone(), layered.vp.clone())
        );
        assert_eq!(same.psi_eq, layered.psi_eq);
        // A graded absorption layer (rows 1200..1300 of InGaAs, Eg 0.75 eV):
        // the gap closes linearly to 0.70 eV, and the densities follow.
        let graded = Mesh::new(
            &with_row_bands(|i, g| match i {
                1200..1300 => g - 0.05 * (i - 1200) as f64 / 100.0,
                _ => g,
            }),
            c,
        )
        .unwrap();
        assert_eq!(graded.vn[1250], layered.vn[1250]); // χ and Nc unchanged
        let dvp = graded.vp[1299] - layered.vp[1299];
        assert!(
            (dvp - 0.05 * 99.0 / 100.0 / graded.vt).abs() < 1e-9,
            "{dvp}"
        );
        assert!(graded.nie[1299] > layered.nie[1299]);
        assert_eq!(graded.vp[1100], layered.vp[1100]);
        // Newton solves the graded device at equilibrium and under bias.
        let opts = crate::NewtonOptions::default();
        let side = preset("apd-sam").unwrap().biased;
        let mut solver = crate::NewtonSolver::new(graded, side).unwrap();
        for bias in [0.0, 0.3] {
            let p = solver.solve(bias, &opts).unwrap();
            assert!(p.solution.iterations <= 30, "{bias} V");
        }
    }

    #[test]
    fn heterostructure_band_parameters() {
        let d = preset("apd-sam").unwrap();
        let m = Mesh::new(&d, ConstantSet::Codata.constants()).unwrap();
        // InGaAs (absorption, row 1250) vs InP (row 10): ΔEc = 0.25 eV raises V_n.
        let dvn = m.vn[1250] - m.vn[10];
        let expect = (2.1e17f64 / 5.7e17).ln() + 0.25 / m.vt;
        assert!((dvn - expect).abs() < 1e-9);
        // n_ie of InGaAs from its own band values.
        let ni = (2.1e17f64 * 7.7e18).sqrt() * (-0.75 / (2.0 * m.vt)).exp();
        assert!((m.nie[1250] * m.n_ref / ni - 1.0).abs() < 1e-9);
        // Edge permittivity at the InGaAsP/InGaAs interface is the harmonic mean.
        assert!(m.eps[1199] < m.eps[1250] && m.eps[1199] > m.eps[1150]);
        let e = |m: &Mesh| m.eps[1199] / m.eps[1250] * 13.9;
        assert!((e(&m) - 2.0 * 13.3 * 13.9 / (13.3 + 13.9)).abs() < 1e-9);
        let arith = Device {
            edge_average: crate::device::EdgeAverage::Arithmetic,
            ..d
        };
        let ma = Mesh::new(&arith, ConstantSet::Codata.constants()).unwrap();
        assert!((e(&ma) - 13.6).abs() < 1e-9, "{}", e(&ma));
        assert_eq!(ma.eps[10], m.eps[10]);
    }
}
