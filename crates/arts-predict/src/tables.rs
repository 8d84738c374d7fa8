//! The human tables of `arts predict` (its output without `--json`): what
//! scripts and people read, kept beside the reports they print.

use crate::study::Extrapolation;
use crate::validation::ValidationReport;
use crate::{Network, Replay};

impl Network {
    /// The network's name as `--network` spells it.
    pub fn name(&self) -> &'static str {
        match self {
            Network::LatencyBandwidth { .. } => "latency-bandwidth",
            Network::Torus { .. } => "torus",
            Network::Grid { .. } => "grid",
        }
    }
}

impl Replay {
    /// The replay as a table: the recorded run, the target, the predicted
    /// time, utilization and critical path, the simulation's cost.
    pub fn table(&self) -> String {
        let r = self;
        let p = &r.prediction;
        let cp = &p.critical_path;
        let mut t = format!(
            "{} recorded on {} PE(s): {} steps in {:.4} s ({} executions, {} messages, {} unattributed)\n\
             target                {} PEs in {} process(es), {} network, mapping {}, effective CPU speed {:.3}\n\
             predicted time        {:.4} s (step {:.6} s)\n\
             utilization           {} (mean {:.1}%)\n\
             critical path         {} executions, compute {:.4} s, communication {:.4} s, {} waited for their PE\n",
            r.recorded.app,
            r.recorded.pes,
            r.recorded.steps,
            r.recorded.time_s,
            r.recorded.executions,
            r.recorded.messages,
            r.recorded.unattributed,
            r.machine.pes,
            r.machine.processes,
            r.machine.network.name(),
            r.mapping,
            r.speed,
            r.time_s,
            r.step_time_s,
            p.utilization
                .iter()
                .map(|u| format!("{:.1}%", u * 100.0))
                .collect::<Vec<_>>()
                .join(" "),
            p.utilization_mean * 100.0,
            cp.executions,
            cp.compute_ns as f64 * 1e-9,
            cp.communication_ns as f64 * 1e-9,
            cp.waited_for_pe,
        );
        for e in &cp.top {
            t += &format!(
                "  {:<30} {:>8} × {:.6} s\n",
                e.method,
                e.count,
                e.time_ns as f64 * 1e-9
            );
        }
        t += &format!(
            "simulation            {} events in {:.3} s; overhead per execution {:.0} ns\n",
            p.events, p.sim_wall_s, r.overhead_ns
        );
        t
    }
}

impl Extrapolation {
    /// The study as a table: the fitted model, one row per point, the files.
    pub fn table(&self) -> String {
        let m = &self.model;
        let mut t = format!(
            "{}: cost per object and step = {:.4} ns·N + {:.3e} ns·N² (N = message bytes; R² {:.3}, {} objects, mean N {:.0} B, mean cost {:.0} ns)\n\n\
             PEs       mapping        objects   step(s)       utilization  comm. on path  sim(s)  contention/msg\n",
            self.app,
            m.a_ns_per_byte,
            m.b_ns_per_byte2,
            m.r2,
            m.objects,
            m.mean_bytes,
            m.mean_cost_ns
        );
        for p in &self.points {
            let cp = &p.prediction.critical_path;
            t += &format!(
                "{:<9} {:<14} {:<9} {:<13.6e} {:<12.1} {:<14.1} {:<7.2} {}\n",
                p.pes,
                p.mapping,
                p.app.objects(),
                p.step_time_s,
                p.prediction.utilization_mean * 100.0,
                cp.communication_ns as f64 * 100.0 / cp.length_ns.max(1) as f64,
                p.prediction.sim_wall_s,
                p.contention
                    .map_or("-".into(), |c| format!("+{:.1} µs", c.excess_ns * 1e-3)),
            );
        }
        for f in &self.files {
            t += &format!("wrote {f}\n");
        }
        t
    }
}

impl ValidationReport {
    /// The rows with their errors, how many are within 10%, the chart.
    pub fn table(&self) -> String {
        let mut t = String::from("app        target  measured(s)  predicted(s)  error\n");
        for r in &self.rows {
            t += &format!(
                "{:<10} {:<7} {:>11.3}  {:>12.3}  {:+.1}%\n",
                r.row.app,
                r.row.target,
                r.row.measured_s,
                r.row.predicted_s,
                r.error * 100.0
            );
        }
        t += &format!(
            "{} of {} within 10%",
            self.within_10_percent,
            self.rows.len()
        );
        if let Some(svg) = &self.svg {
            t += &format!("; chart: {svg}");
        }
        t
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_validation_table_has_a_row_per_configuration_and_a_verdict() {
        let rows = crate::validation::parse(
            "app,target,measured_s,predicted_s\njacobi2d,1x2,1.0,0.9\nzones,2x2,1.0,1.5\n",
        )
        .unwrap();
        let t = ValidationReport::new(rows, Some("v.svg".into())).table();
        let lines: Vec<&str> = t.lines().collect();
        assert_eq!(lines.len(), 4, "{t}");
        assert!(lines[1].starts_with("jacobi2d   1x2") && lines[1].ends_with("-10.0%"));
        assert!(lines[2].ends_with("+50.0%"), "{t}");
        assert_eq!(lines[3], "1 of 2 within 10%; chart: v.svg");
    }

    #[test]
    fn networks_are_named_as_the_flag_spells_them() {
        let link = crate::Link::new(1.0, 1000.0).unwrap();
        let nets = [
            Network::LatencyBandwidth { link },
            Network::Torus {
                dims: [2, 2, 2],
                link,
                hop_ns: 1.0,
            },
            Network::Grid {
                clusters: 2,
                intra: link,
                inter: link,
            },
        ];
        let names: Vec<&str> = nets.iter().map(Network::name).collect();
        assert_eq!(names, ["latency-bandwidth", "torus", "grid"]);
    }
}
