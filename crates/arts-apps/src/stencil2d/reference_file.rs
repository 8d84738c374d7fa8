//! The sequential reference kept in a checkpoint root, so that a restarted
//! run validates its final grid against it without recomputing the whole
//! run on one thread first (for jacobi2d 4096², 200 steps, that is most of
//! the time a killed job loses).
//!
//! A run that checkpoints writes [`FILE`] beside its checkpoints once it
//! has computed the reference; a run that resumes reads it back if it was
//! made for the same app with the same options. The file is a JSON header
//! line (format, app, options, lengths), the step times, residuals and the
//! final grid as little-endian `f64`s, and a CRC-32 of all that. A file that
//! is missing, damaged or of another problem is not an error: the reference
//! is computed again (and the file replaced).

use std::io::Write;
use std::path::Path;

use serde::{Deserialize, Serialize};

use super::Reference;
use super::checkpoint::StencilApp;

/// The file's name in a checkpoint root.
pub const FILE: &str = "reference.bin";

/// Its format version.
const FORMAT: u32 = 1;

/// What the first line of the file says.
#[derive(Serialize, Deserialize, PartialEq, Debug)]
struct Header {
    format: u32,
    app: String,
    options: serde_json::Value,
    stride: usize,
    steps: usize,
    cells: usize,
}

impl Header {
    fn of(app: &StencilApp, r: &Reference) -> Header {
        Header {
            format: FORMAT,
            app: app.name().to_string(),
            options: app.options(),
            stride: r.stride,
            steps: r.step_times.len(),
            cells: r.grid.len(),
        }
    }
}

/// The reference of `app` kept in `from`, or `compute`'s when `from` has
/// none of this problem (or none that reads back intact). Computed, it is
/// kept in `to` for a later restart (best effort: a run does not fail
/// because its reference could not be kept). Returns whether it was read
/// back.
pub fn load_or_compute(
    from: Option<&Path>,
    to: Option<&Path>,
    app: &StencilApp,
    compute: impl FnOnce() -> Reference,
) -> (Reference, bool) {
    if let Some(r) = from.and_then(|d| load(d, app)) {
        return (r, true);
    }
    let r = compute();
    if let Some(dir) = to {
        let _ = save(dir, app, &r);
    }
    (r, false)
}

/// The reference of `app` in `dir`, if the file is there, intact and made
/// for `app` with the same options.
pub fn load(dir: &Path, app: &StencilApp) -> Option<Reference> {
    let bytes = std::fs::read(dir.join(FILE)).ok()?;
    let (body, crc) = bytes.split_last_chunk::<4>()?;
    if crc32fast::hash(body) != u32::from_le_bytes(*crc) {
        return None;
    }
    let line = body.iter().position(|&b| b == b'\n')?;
    let header: Header = serde_json::from_slice(&body[..line]).ok()?;
    let expected = (FORMAT, app.name(), app.options());
    if (header.format, header.app.as_str(), header.options.clone()) != expected {
        return None;
    }
    let values = &body[line + 1..];
    let count = header.steps.checked_mul(2)?.checked_add(header.cells)?;
    if values.len() != count.checked_mul(8)? {
        return None;
    }
    let mut floats = values
        .chunks_exact(8)
        .map(|c| f64::from_le_bytes(c.try_into().expect("eight bytes")));
    let mut take = |n: usize| floats.by_ref().take(n).collect::<Vec<f64>>();
    Some(Reference {
        stride: header.stride,
        step_times: take(header.steps),
        residuals: take(header.steps),
        grid: take(header.cells),
    })
}

/// Writes `r`, the reference of `app`, to `dir` (a temporary file renamed
/// into place, so that a reader sees the whole file or none).
pub fn save(dir: &Path, app: &StencilApp, r: &Reference) -> std::io::Result<()> {
    let path = dir.join(FILE);
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.subsec_nanos());
    let temp = dir.join(format!("{FILE}.tmp-{}-{nanos}", std::process::id()));
    let written = (|| {
        let mut out = Summed {
            inner: std::io::BufWriter::with_capacity(1 << 20, std::fs::File::create(&temp)?),
            crc: crc32fast::Hasher::new(),
        };
        serde_json::to_writer(&mut out, &Header::of(app, r))?;
        out.write_all(b"\n")?;
        for v in r.step_times.iter().chain(&r.residuals).chain(&r.grid) {
            out.write_all(&v.to_le_bytes())?;
        }
        let crc = out.crc.finalize().to_le_bytes();
        out.inner.write_all(&crc)?;
        out.inner
            .into_inner()
            .map_err(|e| e.into_error())?
            .sync_all()?;
        std::fs::rename(&temp, &path)
    })();
    if written.is_err() {
        let _ = std::fs::remove_file(&temp);
    }
    written
}

/// A writer that checksums what passes through it.
struct Summed<W> {
    inner: W,
    crc: crc32fast::Hasher,
}

impl<W: Write> Write for Summed<W> {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        let n = self.inner.write(buf)?;
        self.crc.update(&buf[..n]);
        Ok(n)
    }

    fn flush(&mut self) -> std::io::Result<()> {
        self.inner.flush()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::jacobi2d;
    use crate::stencil2d::sequential;

    fn app(iters: u32) -> StencilApp {
        StencilApp::Jacobi2d(jacobi2d::Params {
            rows: 24,
            cols: 20,
            objs_x: 3,
            objs_y: 2,
            iters,
        })
    }

    fn reference(app: &StencilApp) -> Reference {
        let StencilApp::Jacobi2d(p) = app else {
            unreachable!()
        };
        sequential(&p.problem().unwrap())
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
        same(&load(dir.path(), &a).unwrap(), &r);
        let names: Vec<_> = std::fs::read_dir(dir.path()).unwrap().collect();
        assert_eq!(names.len(), 1, "no temporary file is left");
    }

    #[test]
    fn a_reference_of_other_options_is_not_used() {
        let dir = tempfile::tempdir().unwrap();
        save(dir.path(), &app(3), &reference(&app(3))).unwrap();
        assert!(load(dir.path(), &app(4)).is_none());
        let d = Some(dir.path());
        let (r, reused) = load_or_compute(d, d, &app(4), || reference(&app(4)));
        assert!(!reused);
        assert_eq!(r.grid, reference(&app(4)).grid);
        // ... and it replaced the other one.
        assert!(load(dir.path(), &app(4)).is_some());
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
            assert!(load(dir.path(), &a).is_none());
            let computed = std::cell::Cell::new(false);
            let d = Some(dir.path());
            let (_, reused) = load_or_compute(d, d, &a, || {
                computed.set(true);
                reference(&a)
            });
            assert!(computed.get() && !reused);
        }
    }

    #[test]
    fn it_is_read_only_from_and_written_only_to_where_asked() {
        let (dir, other) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
        let (d, o) = (Some(dir.path()), Some(other.path()));
        let a = app(2);
        let (_, reused) = load_or_compute(None, d, &a, || reference(&a));
        assert!(!reused);
        let (_, reused) = load_or_compute(o, None, &a, || reference(&a));
        assert!(!reused, "written only where asked");
        let (_, reused) = load_or_compute(d, None, &a, || unreachable!());
        assert!(reused);
        let (_, reused) = load_or_compute(None, None, &a, || reference(&a));
        assert!(!reused);
    }
}
