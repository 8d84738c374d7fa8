//! The manifest sealed into the data: `main.bin` ends with a copy of every
//! manifest field but `main.bin`'s own entry (which its length and CRC-32
//! check), `[app state][manifest JSON][JSON length: u32 LE][MAGIC]`. Opening
//! a checkpoint compares the manifest with that copy field by field, so an
//! edited `manifest.json` (a grid's `rows`, the `iters` of a run, a file's
//! CRC) is refused naming the field instead of trusted over the data.

use std::path::Path;

use serde_json::Value;

use super::{CheckpointError, MAIN_STATE, MANIFEST, Manifest, invalid};

/// How a sealed `main.bin` ends.
const MAGIC: &[u8; 8] = b"ARTSSEAL";
/// Bytes after the sealed JSON: its length and [`MAGIC`].
const TAIL: usize = 4 + MAGIC.len();
/// The longest value an error quotes, in characters.
const QUOTE: usize = 80;

/// What the seal repeats of `m`: all of it but `main.bin`'s entry.
fn sealed_part(m: &Manifest) -> Manifest {
    let mut m = m.clone();
    m.files.retain(|f| f.name != MAIN_STATE);
    m
}

/// `state` followed by the seal of `manifest`: the bytes of `main.bin`.
pub(super) fn seal(state: &[u8], manifest: &Manifest) -> Vec<u8> {
    let json = serde_json::to_vec(&sealed_part(manifest)).expect("a manifest serializes");
    let len = u32::try_from(json.len()).expect("a manifest under 4 GiB");
    let mut out = Vec::with_capacity(state.len() + json.len() + TAIL);
    out.extend_from_slice(state);
    out.extend_from_slice(&json);
    out.extend_from_slice(&len.to_le_bytes());
    out.extend_from_slice(MAGIC);
    out
}

/// Splits the bytes of `main.bin` (in `dir`) into the app's state and the
/// sealed JSON.
fn split<'a>(dir: &Path, bytes: &'a [u8]) -> Result<(&'a [u8], &'a [u8]), CheckpointError> {
    let no_seal = || {
        invalid(
            &dir.join(MAIN_STATE),
            "does not end with the manifest's seal",
        )
    };
    let body = bytes.strip_suffix(MAGIC.as_slice()).ok_or_else(no_seal)?;
    let (body, len) = body
        .split_at_checked(body.len().wrapping_sub(4))
        .ok_or_else(no_seal)?;
    let len = u32::from_le_bytes(len.try_into().expect("4 bytes")) as usize;
    body.split_at_checked(body.len().wrapping_sub(len))
        .ok_or_else(no_seal)
}

/// The app's state in `bytes`, the contents of `main.bin` in `dir`.
pub(super) fn state(dir: &Path, bytes: &[u8]) -> Result<Vec<u8>, CheckpointError> {
    split(dir, bytes).map(|(state, _)| state.to_vec())
}

/// Checks `manifest` (read from `dir`) against the seal at the end of
/// `bytes`, the contents of its `main.bin`; the error names the first
/// field that differs.
pub(super) fn check(dir: &Path, bytes: &[u8], manifest: &Manifest) -> Result<(), CheckpointError> {
    let (_, json) = split(dir, bytes)?;
    let saved: Manifest = serde_json::from_slice(json).map_err(|e| {
        invalid(
            &dir.join(MAIN_STATE),
            format!("its manifest seal does not parse: {e}"),
        )
    })?;
    let (field, edited, saved) = match difference(&sealed_part(manifest), &saved) {
        Some(d) => d,
        None => return Ok(()),
    };
    Err(invalid(
        &dir.join(MANIFEST),
        format!(
            "field `{field}` is {edited}, but the checkpoint's data says {saved} \
             (the manifest does not describe this checkpoint; was it edited?)"
        ),
    ))
}

/// The first field where `a` and `b` differ: its name and both values,
/// quoted short.
fn difference(a: &Manifest, b: &Manifest) -> Option<(String, String, String)> {
    let value = |m: &Manifest| serde_json::to_value(m).expect("a manifest serializes");
    first_difference(String::new(), &value(a), &value(b))
}

/// The first path under `at` where `a` and `b` differ, with both values
/// (`absent` for a missing key or element).
fn first_difference(at: String, a: &Value, b: &Value) -> Option<(String, String, String)> {
    let join = |key: &str| match at.is_empty() {
        true => key.to_string(),
        false => format!("{at}.{key}"),
    };
    match (a, b) {
        (Value::Object(x), Value::Object(y)) => {
            let mut keys: Vec<&String> = x.keys().chain(y.keys()).collect();
            keys.sort();
            keys.dedup();
            keys.into_iter().find_map(|k| match (x.get(k), y.get(k)) {
                (Some(p), Some(q)) => first_difference(join(k), p, q),
                (p, q) => Some((join(k), quote(p), quote(q))),
            })
        }
        (Value::Array(x), Value::Array(y)) => {
            let n = x.len().max(y.len());
            (0..n).find_map(|i| match (x.get(i), y.get(i)) {
                (Some(p), Some(q)) => first_difference(format!("{at}[{i}]"), p, q),
                (p, q) => Some((format!("{at}[{i}]"), quote(p), quote(q))),
            })
        }
        _ if a == b => None,
        _ => Some((at, quote(Some(a)), quote(Some(b)))),
    }
}

/// `v` as JSON, at most [`QUOTE`] characters.
fn quote(v: Option<&Value>) -> String {
    let Some(v) = v else {
        return "absent".to_string();
    };
    let text = v.to_string();
    match text.char_indices().nth(QUOTE) {
        Some((end, _)) => format!("{}…", &text[..end]),
        None => text,
    }
}

#[cfg(test)]
mod tests {
    use super::super::{FORMAT, FileEntry, VERSION};
    use super::*;

    fn manifest() -> Manifest {
        Manifest {
            format: FORMAT.to_string(),
            version: VERSION,
            app: "jacobi2d".to_string(),
            options: serde_json::json!({"rows": 256, "iters": 20, "objects": [4, 4]}),
            step: 10,
            elements: 16,
            files: vec![
                FileEntry {
                    name: MAIN_STATE.to_string(),
                    len: 9,
                    crc32: 1,
                },
                FileEntry {
                    name: "array-0.p0.bin".to_string(),
                    len: 100,
                    crc32: 2,
                },
            ],
        }
    }

    /// An edit of a manifest and what its refusal says.
    type Edit = (&'static dyn Fn(&mut Manifest), &'static str);

    fn refusal(edit: impl Fn(&mut Manifest)) -> String {
        let dir = Path::new("/c");
        let bytes = seal(b"state", &manifest());
        let mut m = manifest();
        edit(&mut m);
        check(dir, &bytes, &m).unwrap_err().to_string()
    }

    #[test]
    fn the_state_round_trips_and_the_manifest_it_was_sealed_with_passes() {
        let bytes = seal(b"state", &manifest());
        assert_eq!(state(Path::new("/c"), &bytes).unwrap(), b"state");
        // main.bin's own entry is not sealed (its length and CRC change).
        let mut m = manifest();
        m.files[0].len = 99;
        check(Path::new("/c"), &bytes, &m).unwrap();
        assert_eq!(state(Path::new("/c"), &seal(b"", &m)).unwrap(), b"");
    }

    #[test]
    fn every_edited_field_is_named() {
        let cases: [Edit; 8] = [
            (&|m| m.options["rows"] = 512.into(), "`options.rows` is 512"),
            (&|m| m.options["iters"] = 40.into(), "`options.iters` is 40"),
            (
                &|m| m.options["objects"][1] = 8.into(),
                "`options.objects[1]`",
            ),
            (&|m| m.options["extra"] = 1.into(), "`options.extra` is 1"),
            (
                &|m| m.step = 11,
                "`step` is 11, but the checkpoint's data says 10",
            ),
            (&|m| m.elements = 17, "`elements` is 17"),
            (&|m| m.app = "zones".into(), "`app` is \"zones\""),
            (&|m| m.files[1].crc32 = 3, "`files[0].crc32` is 3"),
        ];
        for (edit, words) in cases {
            let e = refusal(edit);
            assert!(e.starts_with("/c/manifest.json: field "), "{e}");
            assert!(e.contains(words), "{words} in {e}");
        }
        let e = refusal(|m| m.files.push(m.files[1].clone()));
        assert!(e.contains("`files[1]` is {"), "{e}");
        assert!(e.contains("data says absent"), "{e}");
    }

    #[test]
    fn long_values_are_quoted_short() {
        let e = refusal(|m| m.options["rows"] = "x".repeat(10_000).into());
        assert!(e.len() < 400, "{e}");
    }

    #[test]
    fn a_main_bin_without_a_seal_is_refused_naming_it() {
        for bytes in [&b""[..], b"ARTSSEAL", b"\xff\xff\xff\xffARTSSEAL", b"state"] {
            let e = state(Path::new("/c"), bytes).unwrap_err().to_string();
            assert_eq!(e, "/c/main.bin: does not end with the manifest's seal");
        }
        let mut bytes = b"not json".to_vec();
        bytes.extend(8u32.to_le_bytes());
        bytes.extend(MAGIC);
        let e = check(Path::new("/c"), &bytes, &manifest()).unwrap_err();
        assert!(e.to_string().contains("seal does not parse"), "{e}");
    }
}
