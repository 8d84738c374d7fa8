//! Where a view goes and what `arts trace view` reports: the output
//! directory it may replace ([`check_out_dir`]) and the report of the files
//! written ([`ViewOutput`]).

use std::path::Path;

use super::{INDEX, ViewFile, ViewReport};

/// What `arts trace view --json` prints.
#[derive(Clone, Debug, serde::Serialize)]
pub struct ViewOutput {
    /// The directory written.
    pub out: String,
    /// The files in it.
    pub files: Vec<String>,
    /// What the view shows.
    #[serde(flatten)]
    pub report: ViewReport,
}

impl ViewOutput {
    /// The report of `files` written into `dir`.
    pub fn new(dir: &Path, files: &[ViewFile], report: ViewReport) -> ViewOutput {
        ViewOutput {
            out: dir.display().to_string(),
            files: files.iter().map(|f| f.0.clone()).collect(),
            report,
        }
    }

    /// The report as two lines: the files, the timeline's contents.
    pub fn table(&self) -> String {
        let r = &self.report;
        let mut t = format!(
            "wrote {}/{INDEX} and {} charts: {} events, {} PEs, {:.6}-{:.6} s\n",
            self.out,
            self.files.iter().filter(|f| f.ends_with(".svg")).count(),
            r.events,
            r.pes,
            r.from_s,
            r.to_s
        );
        t += &format!(
            "timeline: {} of {} spans; {} messages, {} LB steps, {} migrations, {} checkpoint imagings\n",
            r.timeline_boxes, r.timeline_spans, r.messages, r.lb_steps, r.migrations, r.checkpoints
        );
        t
    }
}

/// Accepts a `dir` that does not exist or holds a previous view (which is
/// replaced whole); refuses any other existing path, saying why (`--out
/// DIR ...`).
pub fn check_out_dir(dir: &Path) -> Result<(), String> {
    let meta = match std::fs::symlink_metadata(dir) {
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(()),
        Err(e) => return Err(format!("--out {}: cannot inspect it: {e}", dir.display())),
        Ok(m) => m,
    };
    let refuse = |why: &str| {
        format!(
            "--out {} {why} (give a new directory, or one that holds a previous `arts trace view`)",
            dir.display()
        )
    };
    if !meta.is_dir() {
        return Err(refuse("exists and is not a directory"));
    }
    let entries = std::fs::read_dir(dir).map_err(|e| refuse(&format!("cannot be read: {e}")))?;
    let mut has_index = false;
    for e in entries {
        let e = e.map_err(|e| refuse(&format!("cannot be read: {e}")))?;
        let name = e.file_name().to_string_lossy().into_owned();
        let plain = e.file_type().is_ok_and(|t| t.is_file());
        let ours = name == INDEX || name == "views.json" || name.ends_with(".svg");
        if !(plain && ours) {
            return Err(refuse(&format!(
                "exists and holds {name:?}, which a view does not"
            )));
        }
        has_index |= name == INDEX;
    }
    let head = std::fs::read(dir.join(INDEX)).unwrap_or_default();
    let head = String::from_utf8_lossy(&head[..head.len().min(512)]).into_owned();
    if !has_index || !head.contains("<title>arts trace view") {
        return Err(refuse("exists and does not hold a previous view"));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_a_new_directory_or_a_previous_view_is_accepted() {
        let dir = std::env::temp_dir().join(format!("arts-view-out-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        assert_eq!(check_out_dir(&dir), Ok(()));
        std::fs::create_dir(&dir).unwrap();
        let e = check_out_dir(&dir).unwrap_err();
        assert!(e.ends_with("exists and does not hold a previous view (give a new directory, or one that holds a previous `arts trace view`)"), "{e}");
        std::fs::write(dir.join(INDEX), "<title>arts trace view of x</title>").unwrap();
        std::fs::write(dir.join("overview.svg"), "<svg/>").unwrap();
        assert_eq!(check_out_dir(&dir), Ok(()));
        std::fs::write(dir.join("notes.txt"), "mine").unwrap();
        let e = check_out_dir(&dir).unwrap_err();
        assert!(
            e.contains("holds \"notes.txt\", which a view does not"),
            "{e}"
        );
        let file = dir.join("notes.txt");
        assert!(
            check_out_dir(&file)
                .unwrap_err()
                .contains("is not a directory")
        );
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
