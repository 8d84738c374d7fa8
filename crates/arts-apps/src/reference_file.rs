//! A run's sequential reference kept in its checkpoint root, so that a
//! restarted run validates against it without recomputing the whole run
//! on one thread first (for jacobi2d 4096², 200 steps, that was most of the
//! time a killed job lost).
//!
//! A run that checkpoints writes [`FILE`] beside its checkpoints once it has
//! computed its reference; a run that resumes reads it back if it was made
//! for the same [`Key`] (app and options). The file is a JSON header line
//! (format, app, options), the reference in the wire format (bincode), and
//! a CRC-32 of both. A file that is missing, damaged or of another problem
//! is not an error: the reference is computed again (and the file
//! replaced).

use arts_util::atomic_file::write_atomic;
use std::path::Path;

use serde::Serialize;
use serde::de::DeserializeOwned;

/// The file's name in a checkpoint root.
pub const FILE: &str = "reference.bin";

/// Its format version.
const FORMAT: u32 = 2;

/// The largest reference file read (a grid of 2^33 cells, its residuals
/// and step times fit easily).
const MAX_BYTES: u64 = 1 << 37;

/// What a reference is of: the app and the options that make its problem
/// (as its checkpoints' manifest records them).
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Key {
    /// The app, as `arts run` spells it.
    pub app: String,
    /// Its options.
    pub options: serde_json::Value,
}

impl Key {
    /// The key of `app` run with `options`.
    pub fn new(app: &str, options: &impl Serialize) -> Key {
        Key {
            app: app.to_string(),
            options: serde_json::to_value(options).expect("options serialize"),
        }
    }
}

/// The first line of the file.
#[derive(serde::Serialize, serde::Deserialize)]
struct Header {
    format: u32,
    #[serde(flatten)]
    key: Key,
}

/// The reference of `key` kept in `from`, or `compute`'s when `from` has
/// none of this problem (or none that reads back intact). Computed, it is
/// kept in `to` for a later restart (best effort: a run does not fail
/// because its reference could not be kept). Returns whether it was read
/// back.
pub fn load_or_compute<T: Serialize + DeserializeOwned, E>(
    from: Option<&Path>,
    to: Option<&Path>,
    key: &Key,
    compute: impl FnOnce() -> Result<T, E>,
) -> Result<(T, bool), E> {
    if let Some(r) = from.and_then(|d| load(d, key)) {
        return Ok((r, true));
    }
    let r = compute()?;
    if let Some(dir) = to {
        let _ = save(dir, key, &r);
    }
    Ok((r, false))
}

/// The reference of `key` in `dir`, if the file is there, intact and made
/// for `key`.
pub fn load<T: DeserializeOwned>(dir: &Path, key: &Key) -> Option<T> {
    // A FIFO or a device there is refused unopened, as a damaged file.
    let bytes = arts_util::input_file::read(&dir.join(FILE), MAX_BYTES).ok()?;
    let (body, crc) = bytes.split_last_chunk::<4>()?;
    if crc32fast::hash(body) != u32::from_le_bytes(*crc) {
        return None;
    }
    let line = body.iter().position(|&b| b == b'\n')?;
    let header: Header = serde_json::from_slice(&body[..line]).ok()?;
    if header.format != FORMAT || header.key != *key {
        return None;
    }
    arts_core::wire::decode(&body[line + 1..]).ok()
}

/// Writes `value`, the reference of `key`, to `dir`, all or nothing
/// (`arts_util::atomic_file`: a reader sees the whole file or none).
pub fn save<T: Serialize>(dir: &Path, key: &Key, value: &T) -> std::io::Result<()> {
    // Not into a FIFO or a device in its place (`write_atomic` streams into
    // those, and nobody reads this one): the reference is not kept then.
    let path = dir.join(FILE);
    if std::fs::symlink_metadata(&path).is_ok_and(|m| !m.is_file()) {
        return Err(std::io::Error::other(format!(
            "{} is not a regular file",
            path.display()
        )));
    }
    let header = Header {
        format: FORMAT,
        key: key.clone(),
    };
    let mut body = serde_json::to_vec(&header)?;
    body.push(b'\n');
    arts_core::wire::encode_into(value, &mut body);
    let crc = crc32fast::hash(&body).to_le_bytes();
    body.extend_from_slice(&crc);
    write_atomic(&path, &body).map_err(std::io::Error::other)
}

#[cfg(test)]
mod tests {
    use std::convert::Infallible;

    use super::*;
    use crate::jacobi2d::{self, Params};
    use crate::stencil2d::Reference;

    fn params(iters: u32) -> Params {
        Params {
            rows: 24,
            cols: 20,
            objs_x: 3,
            objs_y: 2,
            iters,
        }
    }

    fn app(iters: u32) -> Key {
        Key::new("jacobi2d", &params(iters))
    }

    fn reference(key: &Key) -> Reference {
        let p: Params = serde_json::from_value(key.options.clone()).unwrap();
        jacobi2d::reference(&p.problem().unwrap())
    }

    fn computed(key: &Key) -> impl FnOnce() -> Result<Reference, Infallible> + '_ {
        move || Ok(reference(key))
    }

    fn load_or_compute(
        from: Option<&Path>,
        to: Option<&Path>,
        key: &Key,
        compute: impl FnOnce() -> Result<Reference, Infallible>,
    ) -> (Reference, bool) {
        super::load_or_compute(from, to, key, compute).unwrap()
    }

    fn same(a: &Reference, b: &Reference) {
        assert_eq!(a.grid, b.grid);
        assert_eq!(a.stride, b.stride);
        assert_eq!(a.step_times, b.step_times);
        assert_eq!(a.residuals, b.residuals);
    }

    #[test]
    fn a_saved_reference_reads_back_exactly() {
        let dir = tempfile::tempdir().unwrap();
        let a = app(3);
        let r = reference(&a);
        save(dir.path(), &a, &r).unwrap();
        same(&load::<Reference>(dir.path(), &a).unwrap(), &r);
        let names: Vec<_> = std::fs::read_dir(dir.path()).unwrap().collect();
        assert_eq!(names.len(), 1, "no temporary file is left");
    }

    #[test]
    fn a_reference_of_other_options_is_not_used() {
        let dir = tempfile::tempdir().unwrap();
        save(dir.path(), &app(3), &reference(&app(3))).unwrap();
        assert!(load::<Reference>(dir.path(), &app(4)).is_none());
        let d = Some(dir.path());
        let (r, reused) = load_or_compute(d, d, &app(4), computed(&app(4)));
        assert!(!reused);
        assert_eq!(r.grid, reference(&app(4)).grid);
        // ... and it replaced the other one.
        assert!(load::<Reference>(dir.path(), &app(4)).is_some());
    }

    /// Issue 59, item 10: a FIFO in the reference's place (no writer) is
    /// neither read nor written, so a restart does not block on it; the
    /// reference is computed again.
    #[test]
    fn a_fifo_in_place_of_the_file_is_computed_again_without_blocking() {
        use std::os::unix::ffi::OsStrExt;
        use std::os::unix::fs::FileTypeExt;
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join(FILE);
        let c = std::ffi::CString::new(path.as_os_str().as_bytes()).unwrap();
        // SAFETY: a NUL-terminated path that outlives the call.
        assert_eq!(unsafe { libc::mkfifo(c.as_ptr(), 0o600) }, 0);
        assert!(load::<Reference>(dir.path(), &app(3)).is_none());
        let d = Some(dir.path());
        let (_, reused) = load_or_compute(d, d, &app(3), computed(&app(3)));
        assert!(!reused);
        // Not kept either: nothing is written into the FIFO.
        assert!(
            std::fs::symlink_metadata(&path)
                .unwrap()
                .file_type()
                .is_fifo()
        );
    }

    #[test]
    fn a_damaged_or_truncated_file_is_computed_again() {
        let dir = tempfile::tempdir().unwrap();
        let a = app(3);
        save(dir.path(), &a, &reference(&a)).unwrap();
        let path = dir.path().join(FILE);
        let good = std::fs::read(&path).unwrap();
        for damaged in [
            good[..good.len() - 9].to_vec(),
            {
                let mut d = good.clone();
                let i = d.len() / 2;
                d[i] ^= 1;
                d
            },
            Vec::new(),
            b"{}\n".to_vec(),
        ] {
            std::fs::write(&path, &damaged).unwrap();
            assert!(load::<Reference>(dir.path(), &a).is_none());
            let computed = std::cell::Cell::new(false);
            let d = Some(dir.path());
            let (_, reused) = load_or_compute(d, d, &a, || {
                computed.set(true);
                Ok(reference(&a))
            });
            assert!(computed.get() && !reused);
        }
    }

    #[test]
    fn it_is_read_only_from_and_written_only_to_where_asked() {
        let (dir, other) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
        let (d, o) = (Some(dir.path()), Some(other.path()));
        let a = app(2);
        let (_, reused) = load_or_compute(None, d, &a, computed(&a));
        assert!(!reused);
        let (_, reused) = load_or_compute(o, None, &a, computed(&a));
        assert!(!reused, "written only where asked");
        let (_, reused) = load_or_compute(d, None, &a, || unreachable!());
        assert!(reused);
        let (_, reused) = load_or_compute(None, None, &a, computed(&a));
        assert!(!reused);
    }
}
