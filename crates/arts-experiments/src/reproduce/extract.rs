//! Our series, read out of the JSON a command printed, by an entry's
//! [`Plot`] spec.

use serde_json::Value;

use super::registry::{Plot, XValue};

/// A named curve: ours or the paper's.
#[derive(Clone, Debug, PartialEq)]
pub struct Curve {
    /// The legend entry.
    pub name: String,
    /// The points, in the order read.
    pub points: Vec<(XValue, f64)>,
}

/// One command's output: the sweep value it ran with (if any) and its JSON.
#[derive(Clone, Debug)]
pub struct Output {
    /// The value of the sweep flag.
    pub sweep: Option<String>,
    /// The name of the variant it ran.
    pub variant: Option<String>,
    /// What the command printed.
    pub json: Value,
}

/// The curves `plot` reads from `outputs`; an error names the field that
/// is missing or not a number.
pub fn curves(plot: &Plot, outputs: &[Output]) -> Result<Vec<Curve>, String> {
    let mut curves: Vec<Curve> = Vec::new();
    for out in outputs {
        for row in rows(plot, &out.json)? {
            let row = &tagged(row, out);
            if !plot.filter.iter().all(|(k, v)| kept(field(row, k), v)) {
                continue;
            }
            let x = x_of(field(row, &plot.x).ok_or_else(|| missing(&plot.x, row))?);
            for (i, y_field) in plot.y.iter().enumerate() {
                let y = field(row, y_field).ok_or_else(|| missing(y_field, row))?;
                let y = y
                    .as_f64()
                    .ok_or_else(|| format!("field '{y_field}' is {y}, not a number"))?;
                let name = if !plot.group.is_empty() {
                    let parts = plot
                        .group
                        .iter()
                        .map(|g| field(row, g).map(label).ok_or_else(|| missing(g, row)))
                        .collect::<Result<Vec<_>, _>>()?;
                    parts.join(" / ")
                } else if let Some(names) = &plot.names {
                    names[i].clone()
                } else {
                    y_field.clone()
                };
                match curves.iter_mut().find(|c| c.name == name) {
                    Some(c) => c.points.push((x.clone(), y)),
                    None => curves.push(Curve {
                        name,
                        points: vec![(x.clone(), y)],
                    }),
                }
            }
        }
    }
    if curves.is_empty() {
        return Err("the output has no rows to plot (check plot.rows and plot.filter)".into());
    }
    Ok(curves)
}

/// The row with the fields `sweep` and `variant` of the run it came from.
fn tagged(row: &Value, out: &Output) -> Value {
    let mut row = row.clone();
    if let Value::Object(m) = &mut row {
        for (key, value) in [("sweep", &out.sweep), ("variant", &out.variant)] {
            if let Some(v) = value {
                m.insert(key.to_string(), Value::String(v.clone()));
            }
        }
    }
    row
}

/// Whether a row's field passes a filter value (an array: any of its values).
fn kept(field: Option<&Value>, wanted: &Value) -> bool {
    match (field, wanted) {
        (None, _) => false,
        (Some(f), Value::Array(any)) if !f.is_array() => any.contains(f),
        (Some(f), w) => f == w,
    }
}

/// The pointwise median of the curves of repeated runs (the same curves
/// and points in each).
pub fn median_of(runs: Vec<Vec<Curve>>) -> Result<Vec<Curve>, String> {
    let mut runs = runs.into_iter();
    let mut first = runs.next().ok_or("no run")?;
    let rest: Vec<Vec<Curve>> = runs.collect();
    for c in &mut first {
        for (i, (x, y)) in c.points.iter_mut().enumerate() {
            let mut ys = vec![*y];
            for other in &rest {
                let point = other
                    .iter()
                    .find(|o| o.name == c.name)
                    .and_then(|o| o.points.get(i));
                match point {
                    Some((ox, oy)) if ox == x => ys.push(*oy),
                    _ => {
                        return Err(format!(
                            "the repeats differ in their points of '{}'",
                            c.name
                        ));
                    }
                }
            }
            *y = arts_util::stats::median(&ys);
        }
    }
    Ok(first)
}

/// The rows of one output.
fn rows<'a>(plot: &Plot, json: &'a Value) -> Result<Vec<&'a Value>, String> {
    match &plot.rows {
        None => Ok(vec![json]),
        Some(ptr) => match json.pointer(ptr) {
            Some(Value::Array(a)) => Ok(a.iter().collect()),
            Some(other) => Err(format!("'{ptr}' is {}, not an array of rows", kind(other))),
            None => Err(format!("the output has no '{ptr}' (keys: {})", keys(json))),
        },
    }
}

/// A row's field: a key, or a JSON pointer when it starts with `/`.
fn field<'a>(row: &'a Value, name: &str) -> Option<&'a Value> {
    if name.starts_with('/') {
        row.pointer(name)
    } else {
        row.get(name)
    }
}

/// An x value: a number (a numeric string counts), else a category.
fn x_of(v: &Value) -> XValue {
    match v {
        Value::Number(n) => XValue::Num(n.as_f64().unwrap_or(f64::NAN)),
        Value::String(s) => s
            .trim()
            .parse()
            .map(XValue::Num)
            .unwrap_or_else(|_| XValue::Cat(s.clone())),
        other => XValue::Cat(other.to_string()),
    }
}

/// A series name from a group value.
fn label(v: &Value) -> String {
    match v {
        Value::String(s) => s.clone(),
        other => other.to_string(),
    }
}

fn missing(name: &str, row: &Value) -> String {
    format!("a row has no field '{name}' (keys: {})", keys(row))
}

fn keys(v: &Value) -> String {
    match v {
        Value::Object(m) => m.keys().cloned().collect::<Vec<_>>().join(", "),
        other => format!("none: it is {}", kind(other)),
    }
}

fn kind(v: &Value) -> &'static str {
    match v {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "an array",
        Value::Object(_) => "an object",
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn plot(x: &str, y: &[&str], group: Option<&str>) -> Plot {
        Plot {
            rows: Some("/points".into()),
            x: x.into(),
            y: y.iter().map(|s| s.to_string()).collect(),
            group: group.into_iter().map(Into::into).collect(),
            names: None,
            filter: Default::default(),
            x_label: "x".into(),
            y_label: "y".into(),
            log_x: false,
        }
    }

    fn out(json: Value) -> Output {
        Output {
            sweep: None,
            variant: None,
            json,
        }
    }

    #[test]
    fn groups_split_rows_into_series_and_filters_drop_rows() {
        let json = json!({"points": [
            {"lat": 0, "map": "naive", "ms": 2.0, "lb": "none"},
            {"lat": 0, "map": "block", "ms": 1.0, "lb": "none"},
            {"lat": 8, "map": "naive", "ms": 5.0, "lb": "none"},
            {"lat": 8, "map": "block", "ms": 3.0, "lb": "greedy"},
        ]});
        let c = curves(&plot("lat", &["ms"], Some("map")), &[out(json.clone())]).unwrap();
        assert_eq!(c.len(), 2);
        assert_eq!(c[0].name, "naive");
        assert_eq!(
            c[0].points,
            vec![(XValue::Num(0.0), 2.0), (XValue::Num(8.0), 5.0)]
        );
        let mut p = plot("lat", &["ms"], Some("map"));
        p.filter.insert("lb".into(), json!("none"));
        let c = curves(&p, &[out(json.clone())]).unwrap();
        assert_eq!(c[1].points, vec![(XValue::Num(0.0), 1.0)]);
        p.filter.insert("lb".into(), json!(["none", "greedy"]));
        assert_eq!(curves(&p, &[out(json)]).unwrap()[1].points.len(), 2);
    }

    #[test]
    fn sweeps_give_x_and_pointers_reach_nested_fields() {
        let mut p = plot("sweep", &["/time/mean"], None);
        p.rows = None;
        let outs: Vec<Output> = [("1", 4.0), ("2", 2.5)]
            .iter()
            .map(|(s, t)| Output {
                sweep: Some(s.to_string()),
                variant: Some("v".into()),
                json: json!({"time": {"mean": t}}),
            })
            .collect();
        let c = curves(&p, &outs).unwrap();
        assert_eq!(c[0].name, "/time/mean");
        assert_eq!(
            c[0].points,
            vec![(XValue::Num(1.0), 4.0), (XValue::Num(2.0), 2.5)]
        );
        p.group = vec!["variant".into(), "sweep".into()];
        assert_eq!(curves(&p, &outs).unwrap()[0].name, "v / 1");
    }

    #[test]
    fn repeats_combine_into_the_pointwise_median() {
        let run = |ys: [f64; 2]| {
            vec![Curve {
                name: "a".into(),
                points: vec![(XValue::Num(1.0), ys[0]), (XValue::Num(2.0), ys[1])],
            }]
        };
        let m = median_of(vec![run([1.0, 9.0]), run([3.0, 1.0]), run([2.0, 5.0])]).unwrap();
        assert_eq!(
            m[0].points,
            vec![(XValue::Num(1.0), 2.0), (XValue::Num(2.0), 5.0)]
        );
        let mut odd = run([1.0, 1.0]);
        odd[0].points.pop();
        assert!(median_of(vec![run([1.0, 2.0]), odd]).is_err());
    }

    #[test]
    fn a_missing_field_is_named_with_the_keys_there_are() {
        let e = curves(
            &plot("lat", &["ms"], None),
            &[out(json!({"points": [{"lat": 1}]}))],
        )
        .unwrap_err();
        assert!(e.contains("no field 'ms' (keys: lat)"), "{e}");
        let e = curves(&plot("lat", &["ms"], None), &[out(json!({"rows": []}))]).unwrap_err();
        assert!(e.contains("no '/points' (keys: rows)"), "{e}");
        let e = curves(
            &plot("lat", &["ms"], None),
            &[out(json!({"points": [{"lat": 1, "ms": "x"}]}))],
        )
        .unwrap_err();
        assert!(e.contains("not a number"), "{e}");
    }

    #[test]
    fn string_x_values_are_categories_unless_numeric() {
        let json = json!({"points": [{"s": "greedy", "ms": 1.0}, {"s": "8", "ms": 2.0}]});
        let c = curves(&plot("s", &["ms"], None), &[out(json)]).unwrap();
        assert_eq!(c[0].points[0].0, XValue::Cat("greedy".into()));
        assert_eq!(c[0].points[1].0, XValue::Num(8.0));
    }
}
