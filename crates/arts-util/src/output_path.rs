//! Command-line value parsers for the files and directories a run writes
//! ([`output_file`], [`output_dir`]): they refuse, before any work, a path
//! the run could not write at its end.

use std::path::{Path, PathBuf};

use crate::text::quote;

/// A value parser for an output file: refuses, before any work, a
/// path that names a directory or lies in a directory that is missing or
/// not writable (the file itself is written only when the run succeeds).
pub fn output_file(s: &str) -> Result<PathBuf, String> {
    let path = PathBuf::from(s);
    if s.is_empty() || s.ends_with('/') || path.is_dir() {
        return Err(format!("'{}' is a directory; give a file name", quote(s)));
    }
    probe_dir(parent_of(&path), s)?;
    Ok(path)
}

/// A value parser for an output directory (created at the end of a
/// successful run if missing): refuses an existing non-directory, a missing
/// parent and a parent that is not writable.
pub fn output_dir(s: &str) -> Result<PathBuf, String> {
    let path = PathBuf::from(s);
    if s.is_empty() {
        return Err("an empty directory name".into());
    }
    if path.exists() {
        if !path.is_dir() {
            return Err(format!("'{}' exists and is not a directory", quote(s)));
        }
        probe_dir(&path, s)?;
    } else {
        probe_dir(parent_of(&path), s)?;
    }
    Ok(path)
}

/// The directory a file at `path` goes in.
fn parent_of(path: &Path) -> &Path {
    match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    }
}

/// Checks that a file can be created in `dir` (for output `what`).
fn probe_dir(dir: &Path, what: &str) -> Result<(), String> {
    if !dir.is_dir() {
        return Err(format!(
            "cannot write '{}': directory {} does not exist",
            quote(what),
            quote(&dir.display().to_string())
        ));
    }
    tempfile::Builder::new()
        .prefix(".arts-probe-")
        .tempfile_in(dir)
        .map(drop)
        .map_err(|e| format!("cannot write '{}': {e}", quote(what)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn output_paths() {
        let dir = tempfile::tempdir().unwrap();
        let d = dir.path().to_str().unwrap();
        assert!(output_file(d).unwrap_err().contains("is a directory"));
        assert!(output_file(&format!("{d}/x.json")).is_ok());
        assert!(output_file(&format!("{d}/missing/x.json")).is_err());
        let file = dir.path().join("f");
        std::fs::write(&file, b"").unwrap();
        assert!(output_dir(file.to_str().unwrap()).is_err());
        assert!(output_dir(&format!("{d}/new")).is_ok());
        assert_eq!(
            std::fs::read_dir(d).unwrap().count(),
            1,
            "probes leave nothing"
        );
    }
}
