//! The human tables of `arts pdes phold` and `arts pdes torus` (their
//! output without `--json`), beside the reports they print.

use super::phold::PholdReport;
use super::torus::TorusReport;

impl PholdReport {
    /// The run as a table: the model, the engine, its counters, the verdict.
    pub fn table(&self) -> String {
        let r = self;
        let run = &r.run;
        let mut t = format!(
            "phold: {} LPs, {} events/LP, delay {} + Exp({}), remote {}, end {}, seed {}\n",
            r.model.lps,
            r.model.events_per_lp,
            r.model.lookahead,
            r.model.mean_delay,
            r.model.remote,
            run.end_time,
            run.seed
        );
        let window = run
            .window
            .map_or_else(|| "inf".to_string(), |w| w.to_string());
        t += &format!(
            "engine            {} on {} PE(s), {} mapping, window {}\n",
            run.sync, run.pes, run.mapping, window
        );
        if run.processes > 1 {
            t += &format!("processes         {}\n", run.processes);
        }
        t += &format!("committed events  {}\n", run.committed_events);
        t += &format!("events/s          {:.3} M\n", run.events_per_s / 1e6);
        t += &format!("processed events  {}\n", run.processed_events);
        t += &format!("rolled back       {}\n", run.rolled_back_events);
        t += &format!("efficiency        {:.4}\n", run.efficiency);
        t += &format!("anti-messages     {}\n", run.anti_messages);
        t += &format!("GVT rounds        {}\n", run.gvt_rounds);
        t += &format!(
            "cross-PE events   {} ({:.2}%)\n",
            run.cross_pe_events,
            100.0 * run.remote_pe_fraction
        );
        t += &format!("peak uncommitted  {}\n", run.peak_uncommitted_events);
        if let Some(rss) = run.peak_rss_bytes {
            t += &format!(
                "peak memory       {:.1} MiB\n",
                rss as f64 / (1 << 20) as f64
            );
        }
        if let Some(rss) = &run.peak_rss_bytes_per_process {
            let mib: Vec<String> = rss
                .iter()
                .map(|b| format!("{:.1}", *b as f64 / (1 << 20) as f64))
                .collect();
            t += &format!("peak memory/proc  {} MiB\n", mib.join(", "));
        }
        if let Some(g) = run.gvt_s {
            t += &format!(
                "GVT time          {:.3} s ({:.1}% of the run, process 0)\n",
                g,
                100.0 * g / run.wall_s.max(1e-9)
            );
        }
        t += &format!("wall time         {:.3} s\n", run.wall_s);
        t += &format!("checksum          {}\n", run.checksum);
        for (k, v) in &run.stats {
            t += &format!("{k:<17} {v}\n");
        }
        if let Some(v) = r.valid {
            t += &format!("valid             {v}\n");
        }
        t
    }
}

impl TorusReport {
    /// The run as a table: the torus, its traffic, the engine, the verdict.
    pub fn table(&self) -> String {
        let r = self;
        let us = |s: f64| format!("{:.3} us", s * 1e6);
        let ms = |s: f64| format!("{:.4} ms", s * 1e3);
        let mut t = format!(
            "torus {}x{}x{} ({} nodes, {} links), workload {}, mapping {}\n",
            r.dims[0], r.dims[1], r.dims[2], r.nodes, r.links, r.workload, r.mapping
        );
        t += &format!(
            "messages          {} ({} local, not sent), {} bytes, {} packets",
            r.messages, r.local_messages, r.bytes, r.packets
        );
        if r.train_packets > 1 {
            t += &format!(" in {} trains of {}", r.units, r.train_packets);
        }
        t += &format!(", {:.2} hops on average\n", r.avg_hops);
        t += &format!(
            "flush time        {} (injection lower bound {})\n",
            ms(r.flush_time_s),
            ms(r.flush_lower_bound_s)
        );
        t += &format!(
            "escapes           {:.2}% of packets ({:.2}% of hops)\n",
            100.0 * r.escape_fraction,
            100.0 * r.escape_hop_fraction
        );
        t += &format!("avg transit       {}\n", us(r.avg_transit_s));
        t += &format!(
            "bandwidth util.   {:.2}%\n",
            100.0 * r.bandwidth_utilization
        );
        t += &format!(
            "messages done     {} (avg latency {}){}\n",
            r.messages_delivered,
            ms(r.avg_message_latency_s),
            if r.complete { "" } else { "  INCOMPLETE" }
        );
        if let Some(c) = r.compute_time_s {
            t += &format!(
                "LJS compute time  {:.4} s per iteration (paper's 1.48 s per 500,000 atoms)\n",
                c
            );
        }
        t += &format!(
            "engine            {} on {} PE(s), {} events, {:.3} M events/s, {:.2} s\n",
            r.sync,
            r.pes,
            r.events,
            r.events_per_s / 1e6,
            r.wall_s
        );
        if r.processes > 1 {
            t += &format!("processes         {}", r.processes);
            if let Some(g) = r.gvt_s {
                t += &format!(", GVT {:.1}% of the run", 100.0 * g / r.wall_s.max(1e-9));
            }
            t += "\n";
        }
        if r.rolled_back_events > 0 {
            t += &format!(
                "rolled back       {} (efficiency {:.4})\n",
                r.rolled_back_events, r.efficiency
            );
        }
        t += &format!("checksum          {}\n", r.checksum);
        if let Some(v) = r.valid {
            t += &format!("valid             {v}\n");
        }
        if let Some(a) = &r.aggregate_comparison {
            t += &format!(
                "aggregated ({} packets/train): {:.2}x faster, flush {} ({:+.2}%), util {:.2}% ({:+.2}%), within 5%: {}\n",
                a.train_packets,
                a.speedup,
                ms(a.flush_time_s),
                100.0 * (a.flush_time_ratio - 1.0),
                100.0 * a.bandwidth_utilization,
                100.0 * (a.utilization_ratio - 1.0),
                a.within_5_percent
            );
        }
        t
    }
}

#[cfg(test)]
mod tests {
    use crate::models::phold::{Phold, PholdParams};
    use crate::models::torus::TorusParams;
    use crate::runs::torus::TorusRun;
    use crate::{RunConfig, SyncMode};

    #[test]
    fn the_phold_table_names_the_engine_and_the_verdict() {
        let model = Phold::new(PholdParams {
            lps: 16,
            ..PholdParams::default()
        })
        .unwrap();
        let cfg = RunConfig::new(SyncMode::Sequential, 1, 10.0, 1);
        let r = crate::runs::phold::run(&model, &cfg, true, &()).unwrap();
        let t = r.table();
        assert!(t.starts_with("phold: 16 LPs, 1 events/LP"), "{t}");
        assert!(t.contains("engine            sequential on 1 PE(s)"), "{t}");
        assert!(t.contains(&format!("checksum          {}\n", r.run.checksum)));
        assert!(t.ends_with("valid             true\n"), "{t}");
    }

    #[test]
    fn the_torus_table_shows_the_comparison_only_when_asked() {
        let mut run = TorusRun {
            params: TorusParams::new([2, 2, 2]),
            config: RunConfig::new(SyncMode::Sequential, 1, f64::INFINITY, 1),
            validate: false,
            compare_aggregate: None,
            plan: None,
        };
        let t = crate::runs::torus::run(&run, &()).unwrap().table();
        assert!(t.starts_with("torus 2x2x2 (8 nodes"), "{t}");
        assert!(!t.contains("valid") && !t.contains("aggregated"), "{t}");
        run.compare_aggregate = Some(4);
        let t = crate::runs::torus::run(&run, &()).unwrap().table();
        assert!(t.contains("aggregated (4 packets/train)"), "{t}");
    }
}
