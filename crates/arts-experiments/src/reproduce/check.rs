//! The paper's findings, tested on our curves: each [`Check`] passes or
//! fails with the points that decided it.

use serde::{Deserialize, Serialize};

use super::extract::Curve;
use super::registry::{Check, XValue};

/// The outcome of one check.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Outcome {
    /// The check in words.
    pub check: String,
    /// Whether our numbers keep it.
    pub passed: bool,
    /// The evidence: the worst point, or what was missing.
    pub detail: String,
}

/// Evaluates `check` on `ours` (our curves) and `paper` (the paper's).
pub fn evaluate(check: &Check, ours: &[Curve], paper: &[Curve]) -> Outcome {
    let text = describe(check);
    let result = match check {
        Check::Below {
            series,
            than,
            margin,
            ..
        } => pairs(ours, paper, series, than).map(|pts| {
            let worst = pts
                .iter()
                .max_by(|a, b| (a.1 / a.2).total_cmp(&(b.1 / b.2)));
            let bad = pts.iter().find(|(_, a, b)| *a >= b * (1.0 + margin));
            match (bad, worst) {
                (Some((x, a, b)), _) => (false, format!("at x = {x}: {a:.4} vs {b:.4}")),
                (None, Some((x, a, b))) => (true, format!("closest at x = {x}: {a:.4} vs {b:.4}")),
                (None, None) => (false, "no x in common".into()),
            }
        }),
        Check::BelowSomewhere {
            series, than, by, ..
        } => pairs(ours, paper, series, than).map(|pts| {
            let best = pts
                .iter()
                .min_by(|a, b| (a.1 / a.2).total_cmp(&(b.1 / b.2)));
            match best {
                Some((x, a, b)) => (
                    *a <= b * (1.0 - by),
                    format!(
                        "best at x = {x}: {a:.4} vs {b:.4} ({:+.1}%)",
                        (a / b - 1.0) * 100.0
                    ),
                ),
                None => (false, "no x in common".into()),
            }
        }),
        Check::Decreasing {
            series, tolerance, ..
        } => monotone(ours, series, |prev, y| y <= prev * (1.0 + tolerance)),
        Check::Increasing {
            series, tolerance, ..
        } => monotone(ours, series, |prev, y| y >= prev * (1.0 - tolerance)),
        Check::Within {
            series, of, factor, ..
        } => pairs(ours, paper, series, of).map(|pts| {
            let ratio = |a: f64, b: f64| if b == 0.0 { f64::INFINITY } else { a / b };
            let bad = pts.iter().find(|(_, a, b)| {
                let r = ratio(*a, *b);
                !(r >= 1.0 / factor && r <= *factor)
            });
            match bad {
                Some((x, a, b)) => (
                    false,
                    format!("at x = {x}: {a:.4} / {b:.4} = {:.3}", ratio(*a, *b)),
                ),
                None if pts.is_empty() => (false, "no x in common".into()),
                None => (true, format!("{} points within ×{factor}", pts.len())),
            }
        }),
        Check::PeakAt {
            series,
            x,
            tolerance,
            ..
        } => extreme(ours, series, x, true, *tolerance),
        Check::LowestAt {
            series,
            x,
            tolerance,
            ..
        } => extreme(ours, series, x, false, *tolerance),
        Check::AtMost { series, value, .. } => bound(ours, series, |y| y <= *value),
        Check::AtLeast { series, value, .. } => bound(ours, series, |y| y >= *value),
        Check::Grows { series, factor, .. } => grows(ours, series, *factor),
    };
    let (passed, detail) = result.unwrap_or_else(|missing| (false, missing));
    Outcome {
        check: text,
        passed,
        detail,
    }
}

/// The check in words, with the paper's note when it has one.
pub fn describe(check: &Check) -> String {
    let (what, note) = match check {
        Check::Below {
            series,
            than,
            margin,
            note,
        } if *margin > 0.0 => (
            format!("{series} below {than} (+{:.0}%)", margin * 100.0),
            note,
        ),
        Check::Below {
            series, than, note, ..
        } => (format!("{series} below {than}"), note),
        Check::BelowSomewhere {
            series,
            than,
            by,
            note,
        } => (
            format!(
                "{series} at least {:.0}% below {than} somewhere",
                by * 100.0
            ),
            note,
        ),
        Check::Decreasing { series, note, .. } => (format!("{series} decreasing"), note),
        Check::Increasing { series, note, .. } => (format!("{series} increasing"), note),
        Check::Within {
            series,
            of,
            factor,
            note,
        } => (format!("{series} within ×{factor} of {of}"), note),
        Check::PeakAt {
            series, x, note, ..
        } => (format!("{series} highest at x = {x}"), note),
        Check::LowestAt {
            series, x, note, ..
        } => (format!("{series} lowest at x = {x}"), note),
        Check::AtMost {
            series,
            value,
            note,
        } => (format!("{series} at most {value}"), note),
        Check::AtLeast {
            series,
            value,
            note,
        } => (format!("{series} at least {value}"), note),
        Check::Grows {
            series,
            factor,
            note,
        } => (format!("{series} grows ×{factor} from first to last"), note),
    };
    match note {
        Some(n) => format!("{what} ({n})"),
        None => what,
    }
}

fn find<'a>(curves: &'a [Curve], name: &str) -> Result<&'a Curve, String> {
    curves.iter().find(|c| c.name == name).ok_or_else(|| {
        let names: Vec<&str> = curves.iter().map(|c| c.name.as_str()).collect();
        format!("no series '{name}' (there are: {})", names.join(", "))
    })
}

/// The points of `a` (ours) and `b` (ours or the paper's) at the x both have.
fn pairs(
    ours: &[Curve],
    paper: &[Curve],
    a: &str,
    b: &str,
) -> Result<Vec<(XValue, f64, f64)>, String> {
    let a = find(ours, a)?;
    let b = find(ours, b).or_else(|_| find(paper, b)).map_err(|_| {
        let all: Vec<&str> = ours.iter().chain(paper).map(|c| c.name.as_str()).collect();
        format!("no series '{b}' (there are: {})", all.join(", "))
    })?;
    Ok(a.points
        .iter()
        .filter_map(|(x, ya)| {
            b.points
                .iter()
                .find(|(xb, _)| xb == x)
                .map(|(_, yb)| (x.clone(), *ya, *yb))
        })
        .collect())
}

fn monotone(
    ours: &[Curve],
    series: &str,
    ok: impl Fn(f64, f64) -> bool,
) -> Result<(bool, String), String> {
    let c = find(ours, series)?;
    let bad = c.points.windows(2).find(|w| !ok(w[0].1, w[1].1));
    Ok(match bad {
        Some(w) => (
            false,
            format!(
                "{:.4} at x = {} then {:.4} at x = {}",
                w[0].1, w[0].0, w[1].1, w[1].0
            ),
        ),
        None if c.points.len() < 2 => (false, "fewer than two points".into()),
        None => (true, format!("{} points", c.points.len())),
    })
}

/// Whether the series' highest (`peak`) or lowest y is at `at`, within
/// `tolerance` of it.
fn extreme(
    ours: &[Curve],
    series: &str,
    at: &XValue,
    peak: bool,
    tolerance: f64,
) -> Result<(bool, String), String> {
    let c = find(ours, series)?;
    let word = if peak { "highest" } else { "lowest" };
    let Some((_, y)) = c.points.iter().find(|(x, _)| x == at) else {
        return Ok((false, format!("no point at x = {at}")));
    };
    let better = |a: f64, b: f64| if peak { a > b } else { a < b };
    let (bx, by) = c.points.iter().fold(
        &c.points[0],
        |best, p| if better(p.1, best.1) { p } else { best },
    );
    let close = if peak {
        *y >= by * (1.0 - tolerance)
    } else {
        *y <= by * (1.0 + tolerance)
    };
    Ok((
        close,
        format!("{word} {by:.4} at x = {bx}; {y:.4} at x = {at}"),
    ))
}

/// Whether the series' last y is at least `factor` times its first.
fn grows(ours: &[Curve], series: &str, factor: f64) -> Result<(bool, String), String> {
    let c = find(ours, series)?;
    let (Some((x0, y0)), Some((x1, y1))) = (c.points.first(), c.points.last()) else {
        return Ok((false, "no points".into()));
    };
    if c.points.len() < 2 {
        return Ok((false, "fewer than two points".into()));
    }
    let ratio = if *y0 == 0.0 { f64::INFINITY } else { y1 / y0 };
    Ok((
        ratio >= factor,
        format!("{y0:.4} at x = {x0} to {y1:.4} at x = {x1}: ×{ratio:.3}"),
    ))
}

fn bound(ours: &[Curve], series: &str, ok: impl Fn(f64) -> bool) -> Result<(bool, String), String> {
    let c = find(ours, series)?;
    Ok(match c.points.iter().find(|(_, y)| !ok(*y)) {
        Some((x, y)) => (false, format!("{y:.4} at x = {x}")),
        None => (true, format!("{} points", c.points.len())),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn curve(name: &str, ys: &[(f64, f64)]) -> Curve {
        Curve {
            name: name.into(),
            points: ys.iter().map(|(x, y)| (XValue::Num(*x), *y)).collect(),
        }
    }

    #[test]
    fn below_compares_at_common_x_with_a_margin() {
        let ours = [
            curve("a", &[(1.0, 1.0), (2.0, 2.1)]),
            curve("b", &[(1.0, 2.0), (2.0, 2.0), (3.0, 0.0)]),
        ];
        let below = |margin| Check::Below {
            series: "a".into(),
            than: "b".into(),
            margin,
            note: None,
        };
        let o = evaluate(&below(0.0), &ours, &[]);
        assert!(!o.passed && o.detail.contains("x = 2"), "{o:?}");
        assert!(evaluate(&below(0.1), &ours, &[]).passed);
    }

    #[test]
    fn below_somewhere_needs_one_point_with_the_gain() {
        let ours = [
            curve("a", &[(1.0, 1.0), (2.0, 0.96), (3.0, 1.1)]),
            curve("b", &[(1.0, 1.0), (2.0, 1.0), (3.0, 1.0)]),
        ];
        let somewhere = |by| Check::BelowSomewhere {
            series: "a".into(),
            than: "b".into(),
            by,
            note: None,
        };
        let o = evaluate(&somewhere(0.03), &ours, &[]);
        assert!(
            o.passed && o.detail.contains("x = 2") && o.detail.contains("-4.0%"),
            "{o:?}"
        );
        assert!(!evaluate(&somewhere(0.05), &ours, &[]).passed);
        assert_eq!(
            describe(&somewhere(0.03)),
            "a at least 3% below b somewhere"
        );
    }

    #[test]
    fn grows_compares_the_last_point_with_the_first() {
        let ours = [curve("a", &[(1.0, 1.0), (2.0, 0.5), (3.0, 2.5)])];
        let grows = |factor| Check::Grows {
            series: "a".into(),
            factor,
            note: None,
        };
        let o = evaluate(&grows(2.0), &ours, &[]);
        assert!(o.passed && o.detail.contains("×2.500"), "{o:?}");
        assert!(!evaluate(&grows(3.0), &ours, &[]).passed);
        let one = [curve("a", &[(1.0, 1.0)])];
        assert!(!evaluate(&grows(1.0), &one, &[]).passed);
    }

    #[test]
    fn within_may_name_a_paper_series() {
        let ours = [curve("a", &[(1.0, 1.0), (2.0, 3.0)])];
        let paper = [curve("paper: a", &[(1.0, 1.2), (2.0, 1.0)])];
        let within = Check::Within {
            series: "a".into(),
            of: "paper: a".into(),
            factor: 1.5,
            note: None,
        };
        let o = evaluate(&within, &ours, &paper);
        assert!(!o.passed && o.detail.contains("= 3.000"), "{o:?}");
    }

    #[test]
    fn monotone_and_bounds_and_missing_series() {
        let ours = [curve("a", &[(1.0, 3.0), (2.0, 2.0), (3.0, 2.1)])];
        let dec = |tolerance| Check::Decreasing {
            series: "a".into(),
            tolerance,
            note: None,
        };
        assert!(!evaluate(&dec(0.0), &ours, &[]).passed);
        assert!(evaluate(&dec(0.1), &ours, &[]).passed);
        assert!(
            !evaluate(
                &Check::Increasing {
                    series: "a".into(),
                    tolerance: 0.0,
                    note: None
                },
                &ours,
                &[]
            )
            .passed
        );
        assert!(
            evaluate(
                &Check::AtMost {
                    series: "a".into(),
                    value: 3.0,
                    note: None
                },
                &ours,
                &[]
            )
            .passed
        );
        assert!(
            !evaluate(
                &Check::AtLeast {
                    series: "a".into(),
                    value: 2.05,
                    note: None
                },
                &ours,
                &[]
            )
            .passed
        );
        let peak = |x: f64, tolerance| Check::PeakAt {
            series: "a".into(),
            x: XValue::Num(x),
            tolerance,
            note: None,
        };
        assert!(evaluate(&peak(1.0, 0.0), &ours, &[]).passed);
        assert!(!evaluate(&peak(3.0, 0.0), &ours, &[]).passed);
        assert!(evaluate(&peak(3.0, 0.31), &ours, &[]).passed);
        let low = |x: f64| Check::LowestAt {
            series: "a".into(),
            x: XValue::Num(x),
            tolerance: 0.0,
            note: None,
        };
        assert!(evaluate(&low(2.0), &ours, &[]).passed);
        assert_eq!(evaluate(&low(5.0), &ours, &[]).detail, "no point at x = 5");
        let o = evaluate(
            &Check::AtMost {
                series: "b".into(),
                value: 3.0,
                note: None,
            },
            &ours,
            &[],
        );
        assert_eq!(o.detail, "no series 'b' (there are: a)");
    }
}
