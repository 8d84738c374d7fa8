//! Finds the line of a value in a topology file (TOML or JSON) from its
//! path of keys and array indices, so that errors found after parsing can
//! name a line. The file has already parsed, so its values are well formed.

/// One step of a path to a value: a top-level key or an array index.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) enum Step {
    /// A top-level key (`clusters`, `latency_ms`, ...).
    Key(&'static str),
    /// The element at this index of the array reached so far.
    Index(usize),
}

/// The 1-based line of the value at `path` in `text`; as deep along the
/// path as could be followed (line 1 when the first key is not found).
pub(crate) fn line_of(text: &str, path: &[Step]) -> usize {
    let pos = follow(text, path);
    1 + text[..pos].bytes().filter(|&b| b == b'\n').count()
}

/// The 1-based line of byte offset `pos` in `text`.
pub(crate) fn line_at(text: &str, pos: usize) -> usize {
    1 + text[..pos.min(text.len())]
        .bytes()
        .filter(|&b| b == b'\n')
        .count()
}

fn follow(text: &str, path: &[Step]) -> usize {
    let mut pos = 0;
    for (n, step) in path.iter().enumerate() {
        let next = match *step {
            Step::Key(key) if n == 0 => find_key(text, key),
            Step::Key(_) => None,
            Step::Index(i) => nth_element(text.as_bytes(), pos, i),
        };
        match next {
            Some(p) => pos = p,
            None => break,
        }
    }
    pos
}

/// The offset just after `key =` at the start of a line (TOML) or after
/// `"key":` (JSON).
fn find_key(text: &str, key: &str) -> Option<usize> {
    let mut offset = 0;
    for line in text.split_inclusive('\n') {
        let trimmed = line.trim_start();
        for name in [key.to_string(), format!("\"{key}\"")] {
            if let Some(rest) = trimmed.strip_prefix(name.as_str()) {
                let after = rest.trim_start();
                if after.starts_with('=') {
                    return Some(offset + line.len() - after.len() + 1);
                }
            }
        }
        offset += line.len();
    }
    let quoted = format!("\"{key}\"");
    let mut from = 0;
    while let Some(i) = text[from..].find(&quoted) {
        let end = from + i + quoted.len();
        let after = text[end..].trim_start();
        if after.starts_with(':') {
            return Some(text.len() - after.len() + 1);
        }
        from = end;
    }
    None
}

/// Skips blanks, newlines and `#` comments from `pos`.
fn skip_blank(b: &[u8], mut pos: usize) -> usize {
    while pos < b.len() {
        match b[pos] {
            b' ' | b'\t' | b'\r' | b'\n' => pos += 1,
            b'#' => {
                while pos < b.len() && b[pos] != b'\n' {
                    pos += 1;
                }
            }
            _ => break,
        }
    }
    pos
}

/// The start of element `i` of the array whose value starts at `pos`.
fn nth_element(b: &[u8], pos: usize, i: usize) -> Option<usize> {
    let mut pos = skip_blank(b, pos);
    if b.get(pos) != Some(&b'[') {
        return None;
    }
    pos += 1;
    for _ in 0..i {
        pos = skip_value(b, pos)?;
    }
    let pos = skip_blank(b, pos);
    (pos < b.len() && b[pos] != b']').then_some(pos)
}

/// From the start of an array element, the offset just after the comma
/// that ends it; `None` when the array ends first.
fn skip_value(b: &[u8], mut pos: usize) -> Option<usize> {
    let mut depth = 0usize;
    while pos < b.len() {
        match b[pos] {
            b'[' | b'{' => depth += 1,
            b']' | b'}' if depth == 0 => return None,
            b']' | b'}' => depth -= 1,
            b',' if depth == 0 => return Some(pos + 1),
            b'#' => pos = skip_blank(b, pos) - 1,
            b'"' => {
                pos += 1;
                while pos < b.len() && b[pos] != b'"' {
                    pos += if b[pos] == b'\\' { 2 } else { 1 };
                }
            }
            _ => {}
        }
        pos += 1;
    }
    None
}

#[cfg(test)]
mod tests {
    use super::Step::{Index, Key};
    use super::*;

    #[test]
    fn finds_toml_values() {
        let text = "# a comment\nclusters = [\n  [0, 1], # first\n  [2, 3],\n]\nlatency_ms = [[0, 5], [5, 0]]\n";
        assert_eq!(line_of(text, &[Key("clusters")]), 2);
        assert_eq!(line_of(text, &[Key("clusters"), Index(1)]), 4);
        assert_eq!(line_of(text, &[Key("clusters"), Index(1), Index(1)]), 4);
        assert_eq!(line_of(text, &[Key("latency_ms"), Index(1), Index(0)]), 6);
        // Past the end: the deepest value found.
        assert_eq!(line_of(text, &[Key("clusters"), Index(7)]), 2);
        assert_eq!(line_of(text, &[Key("speeds")]), 1);
    }

    #[test]
    fn finds_json_values() {
        let text = "{\n  \"clusters\": [[0],\n    [1, 2]],\n  \"latency_ms\": [\n    [0, 1],\n    [1, 0]\n  ]\n}";
        assert_eq!(line_of(text, &[Key("clusters"), Index(1), Index(0)]), 3);
        assert_eq!(line_of(text, &[Key("latency_ms"), Index(1)]), 6);
        assert_eq!(line_at(text, 2), 2);
    }
}
