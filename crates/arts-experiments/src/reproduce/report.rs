//! What a reproduction writes: per entry a CSV and an SVG (ours solid, the
//! paper's dashed), per paper a Markdown page, and the index `report.md`.

use std::collections::BTreeMap;
use std::fmt::Write;

use arts_util::chart::{Chart, Series, csv_text};

use super::extract::Curve;
use super::registry::{Entry, PAPERS, Plot, XValue};
use super::run::{EntryResult, Verdict};

/// The CSV of an entry: one row per point, ours and the paper's.
pub fn csv(ours: &[Curve], paper: &[Curve], paper_sources: &[String]) -> String {
    let mut rows = Vec::new();
    let mut add = |curves: &[Curve], source: &dyn Fn(usize) -> String| {
        for (i, c) in curves.iter().enumerate() {
            for (x, y) in &c.points {
                rows.push(vec![
                    c.name.clone(),
                    source(i),
                    x.to_string(),
                    y.to_string(),
                ]);
            }
        }
    };
    add(ours, &|_| "arts".to_string());
    add(paper, &|i| format!("paper, {}", paper_sources[i]));
    csv_text(&["series", "source", "x", "y"], rows)
}

/// The chart of an entry; categories (string x values) are placed at
/// 1, 2, … in order of appearance and named in the x label.
pub fn chart(entry: &Entry, plot: &Plot, ours: &[Curve], paper: &[Curve]) -> Chart {
    let all = || {
        ours.iter()
            .chain(paper)
            .flat_map(|c| c.points.iter().map(|p| &p.0))
    };
    let categorical = all().any(|x| matches!(x, XValue::Cat(_)));
    let mut categories: Vec<String> = Vec::new();
    if categorical {
        for x in all() {
            let name = x.to_string();
            if !categories.contains(&name) {
                categories.push(name);
            }
        }
    }
    let place = |x: &XValue| match x {
        XValue::Num(v) if !categorical => *v,
        other => {
            1.0 + categories
                .iter()
                .position(|c| *c == other.to_string())
                .unwrap_or(0) as f64
        }
    };
    let series = |curves: &[Curve]| -> Vec<Series> {
        curves
            .iter()
            .map(|c| Series {
                name: c.name.clone(),
                points: c.points.iter().map(|(x, y)| (place(x), *y)).collect(),
            })
            .collect()
    };
    let x_label = if categorical {
        let names: Vec<String> = categories
            .iter()
            .enumerate()
            .map(|(i, c)| format!("{} = {c}", i + 1))
            .collect();
        format!("{} ({})", plot.x_label, names.join(", "))
    } else {
        plot.x_label.clone()
    };
    Chart {
        title: format!("{}: {}", entry.id, entry.title),
        x_label,
        y_label: plot.y_label.clone(),
        log_x: plot.log_x && !categorical,
        series: series(ours),
        reference: series(paper),
        band: None,
        y_range: None,
    }
}

/// The index: counts per verdict and per recorded state, and one line per entry.
pub fn index(results: &[(&Entry, &EntryResult)], seconds: f64) -> String {
    let mut s = String::from("# The papers side by side\n\n");
    let loads: Vec<f64> = results.iter().filter_map(|(_, r)| r.load_average).collect();
    let load = match (
        loads.iter().copied().reduce(f64::min),
        loads.iter().copied().reduce(f64::max),
    ) {
        (Some(lo), Some(hi)) => format!("; the host's load average {lo:.1}-{hi:.1}"),
        _ => String::new(),
    };
    let quick = results.iter().filter(|(_, r)| r.quick).count();
    let _ = writeln!(
        s,
        "Written by `arts reproduce run` (arts {}): {quick} entries at the quick size (`--quick`), {} at the full size; \
         the latest run took {seconds:.0} s{load}. The verdict is the run's: its checks on our numbers; \
         `recorded` is the state the registry keeps from our last full-size run, with its reason. \
         Each paper's page has every entry: the paper's finding, ours, the plot (ours solid, the \
         paper's numbers dashed) and the checks.\n",
        env!("CARGO_PKG_VERSION"),
        results.len() - quick,
    );
    s.push_str("| paper | entries | ");
    let verdicts = Verdict::ALL;
    s.push_str(
        &verdicts
            .iter()
            .map(|v| v.name())
            .collect::<Vec<_>>()
            .join(" | "),
    );
    s.push_str(" |\n|---|---|");
    s.push_str(&"---|".repeat(verdicts.len()));
    s.push('\n');
    for (key, title) in PAPERS {
        let of_paper: Vec<_> = results.iter().filter(|(e, _)| e.paper() == *key).collect();
        if of_paper.is_empty() {
            continue;
        }
        let _ = write!(s, "| [{key}]({key}.md) — {title} | {} |", of_paper.len());
        for v in verdicts {
            let _ = write!(
                s,
                " {} |",
                of_paper.iter().filter(|(_, r)| r.verdict == v).count()
            );
        }
        s.push('\n');
    }
    s.push_str("\n| id | title | verdict | recorded | why |\n|---|---|---|---|---|\n");
    for (e, r) in results {
        let _ = writeln!(
            s,
            "| [{}]({}.md#{}) | {} | {} | {} | {} |",
            e.id,
            e.paper(),
            anchor(&e.id),
            cell(&e.title),
            r.verdict.name(),
            e.state,
            cell(r.why.as_deref().unwrap_or(""))
        );
    }
    s
}

/// One paper's page: every entry of this run with the paper's finding,
/// ours, the plot and the verdict.
pub fn paper_page(key: &str, results: &[(&Entry, &EntryResult)]) -> String {
    let title = PAPERS
        .iter()
        .find(|(k, _)| *k == key)
        .map_or("", |(_, t)| t);
    let mut s = format!("# {title}\n\n[All papers](report.md). Paper: `shared/seeds/`.\n\n");
    let mut counts: BTreeMap<&str, usize> = BTreeMap::new();
    for (_, r) in results {
        *counts.entry(r.verdict.name()).or_default() += 1;
    }
    let summary: Vec<String> = counts.iter().map(|(v, n)| format!("{n} {v}")).collect();
    let _ = writeln!(s, "{} entries: {}.\n", results.len(), summary.join(", "));
    for (e, r) in results {
        let _ = writeln!(s, "## {}\n\n**{}** ({})\n", e.id, e.title, e.source);
        let _ = writeln!(
            s,
            "- **Paper:** {} *Scale:* {}.",
            e.finding.trim(),
            e.paper_scale
        );
        let _ = writeln!(s, "- **Here:** {}.", e.our_scale);
        let verdict = match &r.why {
            Some(why) => format!("{} — {}", r.verdict.name(), why),
            None => r.verdict.name().to_string(),
        };
        let _ = writeln!(s, "- **Verdict:** {verdict}");
        if let (Some(reason), Some(_)) = (&e.reason, &r.command) {
            let _ = writeln!(s, "- **Recorded:** {} — {}", e.state, reason.trim());
        }
        if let Some(cmd) = &r.command {
            let load = r
                .load_average
                .map(|l| format!(", load {l:.1}"))
                .unwrap_or_default();
            let _ = writeln!(s, "- **Command:** `{cmd}` ({:.1} s{load})", r.seconds);
        }
        for c in &r.checks {
            let mark = if c.passed { "holds" } else { "fails" };
            let _ = writeln!(s, "  - {mark}: {} — {}", c.check, c.detail);
        }
        if r.files.iter().any(|f| f.ends_with(".svg")) {
            let _ = writeln!(s, "\n![{}]({}.svg)", e.id, e.file_stem());
        }
        s.push('\n');
    }
    s
}

/// A GitHub-style heading anchor for an id (`ampi/fig7` → `ampifig7`).
fn anchor(id: &str) -> String {
    id.chars()
        .filter(|c| c.is_alphanumeric() || *c == '-')
        .collect::<String>()
        .to_lowercase()
}

/// Text safe inside a Markdown table cell.
fn cell(text: &str) -> String {
    text.replace('|', "/").replace('\n', " ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn categories_are_placed_in_order_and_named() {
        let plot = Plot {
            rows: None,
            x: "s".into(),
            y: vec!["t".into()],
            group: vec![],
            names: None,
            filter: Default::default(),
            x_label: "strategy".into(),
            y_label: "ms".into(),
            log_x: true,
        };
        let ours = [Curve {
            name: "arts".into(),
            points: vec![(XValue::Cat("greedy".into()), 2.0)],
        }];
        let paper = [Curve {
            name: "paper".into(),
            points: vec![
                (XValue::Cat("refine".into()), 3.0),
                (XValue::Cat("greedy".into()), 1.0),
            ],
        }];
        let entry: Entry = toml::from_str(
            "id = 'ampi/fig1'\nkind = 'figure'\ntitle = 't'\nsource = 's'\nfinding = 'f'\npaper_scale = 'p'\nour_scale = 'o'\nstate = 'reproduced'",
        )
        .unwrap();
        let c = chart(&entry, &plot, &ours, &paper);
        assert_eq!(c.x_label, "strategy (1 = greedy, 2 = refine)");
        assert!(!c.log_x);
        assert_eq!(c.reference[0].points, vec![(2.0, 3.0), (1.0, 1.0)]);
        let text = csv(&ours, &paper, &["Table 2".into()]);
        assert!(text.contains("paper,\"paper, Table 2\",refine,3"), "{text}");
        c.svg().unwrap();
    }
}
