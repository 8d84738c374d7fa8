//! Placement of application cells (ranks) on torus nodes: a permutation
//! `node_of[cell]`, one cell per node.
//!
//! * `ideal`: cell `i` on node `i` (the LJS logical grid has the torus's
//!   dimensions, so logical neighbours are physical neighbours);
//! * `random`: a seeded uniform permutation (Fisher–Yates);
//! * `file:FILE`: read from a file, either the JSON that
//!   `arts lb simulate --mapping-out FILE` writes (`{"pe_of": [n0, n1, ...]}`,
//!   entry `i` = node of cell `i`) or plain text with one node per line
//!   (line order = cell order; blank lines and `#` comments skipped).

use crate::rng::LpRng;

use super::TorusError;

/// How cells are placed on nodes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MappingSpec {
    /// Cell `i` on node `i`.
    Ideal,
    /// Seeded random permutation.
    Random,
    /// Read from a file (given here by name, with its contents).
    File {
        /// File name used in error messages.
        name: String,
        /// File contents.
        text: String,
    },
}

/// Salt of the random mapping's stream (so it differs from the workload's).
const SALT: u64 = 0x6d61_7070_696e_6721;

/// Builds the permutation `node_of[cell]` for `nodes` cells.
pub(super) fn build(spec: &MappingSpec, nodes: u32, seed: u64) -> Result<Vec<u32>, TorusError> {
    match spec {
        MappingSpec::Ideal => Ok((0..nodes).collect()),
        MappingSpec::Random => {
            let mut rng = LpRng::new(seed ^ SALT, 0);
            let mut p: Vec<u32> = (0..nodes).collect();
            for i in (1..p.len()).rev() {
                let j = rng.integer(0, i as u64) as usize;
                p.swap(i, j);
            }
            Ok(p)
        }
        MappingSpec::File { name, text } => parse(name, text, nodes),
    }
}

/// One parsed entry: the node and the file line it came from.
struct Entry {
    node: i64,
    line: usize,
}

/// Parses a mapping file (JSON `{"pe_of": [...]}` or one node per line) and
/// checks it is a permutation of `0..nodes`.
pub(super) fn parse(name: &str, text: &str, nodes: u32) -> Result<Vec<u32>, TorusError> {
    let entries = if text.trim_start().starts_with('{') {
        parse_json(name, text)?
    } else {
        parse_lines(name, text)?
    };
    let bad = |line: usize, msg: String| TorusError::Input {
        file: name.to_string(),
        line,
        msg,
    };
    if entries.len() != nodes as usize {
        return Err(TorusError::Input {
            file: name.to_string(),
            line: entries.last().map_or(1, |e| e.line),
            msg: format!(
                "the mapping has {} cells but the torus has {nodes} nodes (one cell per node)",
                entries.len()
            ),
        });
    }
    let mut owner: Vec<u32> = vec![u32::MAX; nodes as usize];
    let mut out = Vec::with_capacity(entries.len());
    for (cell, e) in entries.iter().enumerate() {
        if e.node < 0 || e.node >= nodes as i64 {
            return Err(bad(
                e.line,
                format!(
                    "cell {cell} is placed on node {}, out of range 0..{nodes}",
                    e.node
                ),
            ));
        }
        let n = e.node as usize;
        if owner[n] != u32::MAX {
            let first = owner[n] as usize;
            return Err(bad(
                e.line,
                format!(
                    "cell {cell} is placed on node {n}, which already holds cell {first} (line {}): the mapping is not a permutation",
                    entries[first].line
                ),
            ));
        }
        owner[n] = cell as u32;
        out.push(e.node as u32);
    }
    Ok(out)
}

fn parse_lines(name: &str, text: &str) -> Result<Vec<Entry>, TorusError> {
    let mut out = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let line = raw.split('#').next().unwrap_or("").trim();
        if line.is_empty() {
            continue;
        }
        let node = line.parse::<i64>().map_err(|_| TorusError::Input {
            file: name.to_string(),
            line: i + 1,
            msg: format!("'{line}' is not a node number (one integer per line expected)"),
        })?;
        out.push(Entry { node, line: i + 1 });
    }
    Ok(out)
}

/// Reads the `pe_of` array of a JSON object, keeping each entry's line.
fn parse_json(name: &str, text: &str) -> Result<Vec<Entry>, TorusError> {
    let err = |pos: usize, msg: &str| TorusError::Input {
        file: name.to_string(),
        line: line_of(text, pos),
        msg: msg.to_string(),
    };
    let key = text
        .find("\"pe_of\"")
        .ok_or_else(|| err(0, "JSON mapping without a \"pe_of\" array"))?;
    let bytes = text.as_bytes();
    let mut i = key + "\"pe_of\"".len();
    skip_ws(bytes, &mut i);
    if bytes.get(i) != Some(&b':') {
        return Err(err(i, "expected ':' after \"pe_of\""));
    }
    i += 1;
    skip_ws(bytes, &mut i);
    if bytes.get(i) != Some(&b'[') {
        return Err(err(i, "expected '[' to start the \"pe_of\" array"));
    }
    i += 1;
    let mut out = Vec::new();
    loop {
        skip_ws(bytes, &mut i);
        match bytes.get(i) {
            Some(b']') if out.is_empty() => return Ok(out),
            None => return Err(err(i, "the \"pe_of\" array is not closed")),
            _ => {}
        }
        let start = i;
        while i < bytes.len() && (bytes[i] == b'-' || bytes[i].is_ascii_digit()) {
            i += 1;
        }
        let tok = &text[start..i];
        let node = tok.parse::<i64>().map_err(|_| {
            err(
                start,
                &format!(
                    "pe_of[{}]: not an integer node number near '{}'",
                    out.len(),
                    text[start..].chars().take(12).collect::<String>()
                ),
            )
        })?;
        out.push(Entry {
            node,
            line: line_of(text, start),
        });
        skip_ws(bytes, &mut i);
        match bytes.get(i) {
            Some(b',') => i += 1,
            Some(b']') => return Ok(out),
            _ => return Err(err(i, "expected ',' or ']' in the \"pe_of\" array")),
        }
    }
}

fn skip_ws(bytes: &[u8], i: &mut usize) {
    while *i < bytes.len() && bytes[*i].is_ascii_whitespace() {
        *i += 1;
    }
}

fn line_of(text: &str, pos: usize) -> usize {
    1 + text.as_bytes()[..pos.min(text.len())]
        .iter()
        .filter(|&&b| b == b'\n')
        .count()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn file(text: &str) -> MappingSpec {
        MappingSpec::File {
            name: "m.json".into(),
            text: text.into(),
        }
    }

    #[test]
    fn random_mapping_is_a_seeded_permutation() {
        let a = build(&MappingSpec::Random, 512, 7).unwrap();
        let b = build(&MappingSpec::Random, 512, 7).unwrap();
        let c = build(&MappingSpec::Random, 512, 8).unwrap();
        assert_eq!(a, b);
        assert_ne!(a, c);
        let mut s = a.clone();
        s.sort();
        assert_eq!(s, (0..512).collect::<Vec<_>>());
        assert!(
            a.iter()
                .enumerate()
                .filter(|(i, n)| *i as u32 == **n)
                .count()
                < 10
        );
    }

    #[test]
    fn lb_json_and_text_files_are_read() {
        assert_eq!(
            build(&file("{\"pe_of\":[2,0,1,3]}"), 4, 0).unwrap(),
            vec![2, 0, 1, 3]
        );
        assert_eq!(
            build(&file("{\n \"pe_of\": [\n  1,\n  0\n ]\n}\n"), 2, 0).unwrap(),
            vec![1, 0]
        );
        assert_eq!(
            build(&file("# cell -> node\n3\n\n2\n1 # c\n0\n"), 4, 0).unwrap(),
            vec![3, 2, 1, 0]
        );
    }

    #[test]
    fn non_permutations_name_the_line() {
        let e = build(&file("{\n\"pe_of\": [\n0,\n1,\n1,\n3]}"), 4, 0)
            .unwrap_err()
            .to_string();
        assert!(
            e.contains("m.json line 5") && e.contains("not a permutation"),
            "{e}"
        );
        let e = build(&file("0\n1\n9\n2\n"), 4, 0).unwrap_err().to_string();
        assert!(e.contains("line 3") && e.contains("out of range"), "{e}");
        let e = build(&file("0\n1\n2\n"), 4, 0).unwrap_err().to_string();
        assert!(e.contains("3 cells") && e.contains("4 nodes"), "{e}");
        let e = build(&file("0\nx\n"), 2, 0).unwrap_err().to_string();
        assert!(e.contains("line 2"), "{e}");
        let e = build(&file("{\"pe_of\": [0, -1]}"), 2, 0)
            .unwrap_err()
            .to_string();
        assert!(e.contains("out of range"), "{e}");
        assert!(build(&file("{\"x\": [0]}"), 1, 0).is_err());
        assert!(build(&file("{\"pe_of\": [0, 1"), 2, 0).is_err());
    }
}
