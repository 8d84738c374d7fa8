//! Argument value parsers shared by subcommands.

use std::path::{Path, PathBuf};

use crate::usage::quote;

/// Parses `AxB` (or `AxBxC`, ...) with exactly `n` positive integers.
pub fn parse_dims(s: &str, n: usize) -> Result<Vec<usize>, String> {
    let parts: Vec<&str> = s.split(['x', 'X']).collect();
    if parts.len() != n {
        return Err(format!(
            "expected {n} sizes separated by 'x' (e.g. {}), got '{s}'",
            vec!["64"; n].join("x")
        ));
    }
    parts
        .iter()
        .map(|p| match p.trim().parse::<usize>() {
            Ok(0) => Err(format!("sizes must be at least 1, got '{s}'")),
            Ok(v) => Ok(v),
            Err(_) => Err(format!("'{p}' in '{s}' is not a positive integer")),
        })
        .collect()
}

/// A clap value parser for two sizes `AxB`.
pub fn dims2(s: &str) -> Result<(usize, usize), String> {
    let v = parse_dims(s, 2)?;
    Ok((v[0], v[1]))
}

/// A clap value parser for an output file: refuses, before any work, a
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

/// A clap value parser for an output directory (created at the end of a
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

pub use arts_util::text::finite_f64;

/// The number of cores, the default number of PEs.
pub fn default_pes() -> u32 {
    std::thread::available_parallelism().map_or(1, |n| n.get() as u32)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dims() {
        assert_eq!(dims2("8192x4096").unwrap(), (8192, 4096));
        assert!(dims2("8192").is_err());
        assert!(dims2("0x4").is_err());
        assert!(dims2("ax4").is_err());
        assert_eq!(parse_dims("13x13x13", 3).unwrap(), vec![13, 13, 13]);
    }

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
