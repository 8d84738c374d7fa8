//! The tutorial (`docs/writing-an-app.md`) as a newcomer uses it: its
//! `Cargo.toml` (section 0) and its complete program (section 8) make a
//! crate of their own outside the workspace, which must build and run.
//! The snippet's path to arts is the only thing changed (to this checkout).
//! The first build compiles the dependencies (METIS included) into
//! `target/tutorial`; later runs reuse them.

use std::path::{Path, PathBuf};
use std::process::Command;

/// The text of the first fenced block of `lang` after `heading`.
fn block<'a>(doc: &'a str, heading: &str, lang: &str) -> &'a str {
    let after = doc
        .split_once(heading)
        .unwrap_or_else(|| panic!("the tutorial has a section `{heading}`"))
        .1;
    let fence = format!("```{lang}\n");
    let start = after.split_once(fence.as_str()).expect("a code block").1;
    start.split_once("```").expect("a closed code block").0
}

#[test]
fn the_tutorial_program_builds_and_runs_as_a_crate_outside_the_workspace() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../..")
        .canonicalize()
        .unwrap();
    let doc = std::fs::read_to_string(root.join("docs/writing-an-app.md")).unwrap();
    let manifest = block(&doc, "## 0. Your crate", "toml");
    let program = block(&doc, "## 8. The complete program", "rust");
    let path = "../arts/crates/arts-core";
    assert!(
        manifest.contains(path),
        "section 0 depends on arts-core by {path}"
    );
    let arts_core = root.join("crates/arts-core");
    let manifest = manifest.replace(path, arts_core.to_str().unwrap());

    let dir = tempfile::tempdir().unwrap();
    assert!(
        !dir.path().starts_with(&root),
        "the crate must lie outside the workspace"
    );
    std::fs::create_dir(dir.path().join("src")).unwrap();
    std::fs::write(dir.path().join("Cargo.toml"), manifest).unwrap();
    std::fs::write(dir.path().join("src/main.rs"), program).unwrap();
    // The workspace's versions of the dependencies, already downloaded.
    std::fs::copy(root.join("Cargo.lock"), dir.path().join("Cargo.lock")).unwrap();

    let target: PathBuf = Path::new(env!("CARGO_TARGET_TMPDIR")).join("../tutorial");
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let out = Command::new(cargo)
        .args(["run", "--quiet", "--offline"])
        .current_dir(dir.path())
        .env("CARGO_TARGET_DIR", &target)
        .env_remove("RUSTFLAGS")
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "the tutorial crate failed:\n{stdout}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(
        stdout.contains("equal to the sequential loop") && stdout.contains("migrations"),
        "{stdout}"
    );
}
