//! Checkpoint directories: round trip, rotation, and every way a directory
//! can be wrong, each reported naming the file.

use std::path::Path;

use super::*;
use crate::checkpoint::ArrayImage;
use crate::index::Shape;

pub(super) fn image(n: u64) -> ArrayImage {
    let elements = (0..n)
        .map(|linear| crate::checkpoint::ElementImage {
            linear,
            state: vec![linear as u8; 10],
            red_no: 4,
            migratable: true,
            syncs: 0,
            at_sync: false,
        })
        .collect();
    ArrayImage::assemble("T", "blocks", Shape::d1(n as u32), elements).unwrap()
}

fn save(root: &Path, step: u64, keep: usize) -> PathBuf {
    let a = image(3);
    let contents = Contents {
        app: "demo",
        options: serde_json::json!({"iters": 10}),
        step,
        main_state: b"main",
    };
    write(root, &contents, &[&a], keep).unwrap()
}

fn error_of(path: &Path) -> String {
    let err = open(path).and_then(|c| c.array(0)).unwrap_err();
    err.to_string()
}

#[test]
fn a_checkpoint_reads_back_what_was_written() {
    let root = tempfile::tempdir().unwrap();
    let dir = save(root.path(), 5, 2);
    assert_eq!(dir, root.path().join("ckpt-5"));
    let c = open(root.path()).unwrap();
    assert_eq!(c.dir, dir);
    assert_eq!((c.manifest.app.as_str(), c.manifest.step), ("demo", 5));
    assert_eq!(c.manifest.elements, 3);
    assert_eq!(c.manifest.options["iters"], 10);
    assert_eq!(c.main_state().unwrap(), b"main");
    assert_eq!(c.array(0).unwrap(), image(3));
    // Nothing temporary is left.
    let names: Vec<_> = std::fs::read_dir(root.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .collect();
    assert!(
        names.iter().all(|n| !n.starts_with(".arts-tmp")),
        "{names:?}"
    );
}

#[test]
fn only_the_newest_keep_checkpoints_stay_and_latest_names_the_newest() {
    let root = tempfile::tempdir().unwrap();
    for step in [10, 20, 30, 40] {
        save(root.path(), step, 2);
    }
    assert_eq!(list(root.path()), vec![30, 40]);
    assert_eq!(open(root.path()).unwrap().manifest.step, 40);
    // An older checkpoint opens by its directory.
    assert_eq!(
        open(&root.path().join("ckpt-30")).unwrap().manifest.step,
        30
    );
}

#[test]
fn a_crash_mid_write_keeps_the_previous_checkpoint() {
    let root = tempfile::tempdir().unwrap();
    save(root.path(), 10, 3);
    // A writer killed while staging step 20: a temporary directory with a
    // partial file, no rename, `latest` untouched.
    let tmp = root.path().join(".arts-tmp-999999999-ckpt-20");
    std::fs::create_dir(&tmp).unwrap();
    std::fs::write(tmp.join("main.bin"), b"ma").unwrap();
    let c = open(root.path()).unwrap();
    assert_eq!(c.manifest.step, 10);
    assert_eq!(c.array(0).unwrap(), image(3));
    // The next write removes the dead writer's temporary.
    save(root.path(), 30, 3);
    assert!(!tmp.exists());
    assert_eq!(list(root.path()), vec![10, 30]);
}

#[test]
fn a_truncated_or_modified_file_is_named() {
    let root = tempfile::tempdir().unwrap();
    let dir = save(root.path(), 1, 1);
    let data = dir.join("array-0.p0.bin");
    let bytes = std::fs::read(&data).unwrap();
    std::fs::write(&data, &bytes[..bytes.len() - 3]).unwrap();
    let e = error_of(root.path());
    assert!(
        e.contains("array-0.p0.bin") && e.contains("truncated"),
        "{e}"
    );
    let mut flipped = bytes.clone();
    flipped[7] ^= 1;
    std::fs::write(&data, &flipped).unwrap();
    let e = error_of(root.path());
    assert!(
        e.contains("array-0.p0.bin") && e.contains("checksum"),
        "{e}"
    );
    std::fs::write(&data, [bytes.as_slice(), b"x"].concat()).unwrap();
    let e = error_of(root.path());
    assert!(e.contains("array-0.p0.bin"), "{e}");
}

#[test]
fn a_foreign_or_newer_manifest_is_named() {
    let root = tempfile::tempdir().unwrap();
    let dir = save(root.path(), 1, 1);
    let manifest = dir.join(MANIFEST);
    let text = std::fs::read_to_string(&manifest).unwrap();
    std::fs::write(&manifest, text.replace("\"version\": 3", "\"version\": 9")).unwrap();
    let e = error_of(root.path());
    assert!(
        e.contains("manifest.json") && e.contains("version 9"),
        "{e}"
    );
    std::fs::write(&manifest, "{\"hello\": 1}").unwrap();
    let e = error_of(root.path());
    assert!(
        e.contains("manifest.json") && e.contains("not an arts"),
        "{e}"
    );
    std::fs::write(root.path().join(LATEST), "../etc\n").unwrap();
    let e = error_of(root.path());
    assert!(e.contains("latest"), "{e}");
    let empty = tempfile::tempdir().unwrap();
    let e = error_of(empty.path());
    assert!(e.contains("manifest.json") && e.contains("missing"), "{e}");
}

/// Random damage to a checkpoint (the manifest, or an array file whose
/// checksum is then made to match, so the decoder sees the damage) is an
/// error or a good read: never a panic or an unbounded allocation.
#[test]
fn damaged_checkpoints_are_errors_never_panics() {
    use proptest::prelude::*;
    use proptest::test_runner::{Config, RngSeed, TestRunner};

    let root = tempfile::tempdir().unwrap();
    let dir = save(root.path(), 2, 1);
    let manifest = dir.join(MANIFEST);
    let data = dir.join("array-0.p0.bin");
    let (good_manifest, good_data) = (
        std::fs::read(&manifest).unwrap(),
        std::fs::read(&data).unwrap(),
    );
    let edit = (
        any::<bool>(),
        any::<prop::sample::Index>(),
        0u8..4,
        any::<u8>(),
        1usize..9,
    );
    let mut runner = TestRunner::new(Config {
        cases: 1000,
        rng_seed: RngSeed::Fixed(0x0c4e_c7b0),
        failure_persistence: None,
        ..Config::default()
    });
    let result = runner.run(&prop::collection::vec(edit, 1..4), |edits| {
        let (mut m, mut d) = (good_manifest.clone(), good_data.clone());
        for (in_manifest, at, kind, byte, len) in edits {
            let bytes = if in_manifest { &mut m } else { &mut d };
            let i = at.index(bytes.len().max(1)).min(bytes.len());
            match kind {
                0 => bytes.truncate(i),
                1 => bytes
                    .splice(i..i, std::iter::repeat_n(byte, len))
                    .for_each(drop),
                2 => bytes.drain(i..(i + len).min(bytes.len())).for_each(drop),
                _ => {
                    if let Some(b) = bytes.get_mut(i) {
                        *b ^= byte | 1;
                    }
                }
            }
        }
        // Keep the data file's recorded length and checksum in step, so
        // that damage to it reaches the decoder (when the manifest parses).
        if let Ok(mut parsed) = serde_json::from_slice::<Manifest>(&m)
            && m == good_manifest
            && let Some(f) = parsed.files.get_mut(1)
        {
            f.len = d.len() as u64;
            f.crc32 = crc32fast::hash(&d);
            m = serde_json::to_vec(&parsed).unwrap();
        }
        std::fs::write(&manifest, &m).unwrap();
        std::fs::write(&data, &d).unwrap();
        if let Ok(c) = open(root.path()) {
            let _ = c.main_state();
            let _ = c.array(0);
            let _ = c.array(1);
        }
        Ok(())
    });
    result.unwrap();
}

pub(super) fn share(n: u64, of: &[u64]) -> ArrayImage {
    let whole = image(n);
    let elements = whole
        .elements
        .into_iter()
        .filter(|e| of.contains(&e.linear))
        .collect();
    ArrayImage::shard("T", "blocks", Shape::d1(n as u32), elements).unwrap()
}

#[test]
fn shares_written_by_several_processes_read_back_as_one_image() {
    let root = tempfile::tempdir().unwrap();
    let contents = contents_at(7);
    // Three processes, the last with no element; written in any order.
    let shards = vec![
        write_shard(root.path(), 7, 2, &[&share(5, &[])]).unwrap(),
        write_shard(root.path(), 7, 0, &[&share(5, &[0, 3])]).unwrap(),
        write_shard(root.path(), 7, 1, &[&share(5, &[1, 2, 4])]).unwrap(),
    ];
    assert_eq!(shards.iter().map(|s| s.elements).sum::<u64>(), 5);
    let dir = publish(root.path(), &contents, shards, 1).unwrap();
    let c = open(root.path()).unwrap();
    assert_eq!(c.dir, dir);
    assert_eq!((c.manifest.elements, c.manifest.arrays()), (5, 1));
    assert_eq!(c.array(0).unwrap(), image(5));
    // The staging directories are gone.
    let names: Vec<_> = std::fs::read_dir(root.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .collect();
    assert!(names.iter().all(|n| !n.starts_with(".arts-")), "{names:?}");
}

#[test]
fn shares_that_miss_or_double_an_element_are_refused_naming_a_file() {
    let root = tempfile::tempdir().unwrap();
    let contents = contents_at(1);
    let shards = vec![
        write_shard(root.path(), 1, 0, &[&share(4, &[0, 1])]).unwrap(),
        write_shard(root.path(), 1, 1, &[&share(4, &[1, 2, 3])]).unwrap(),
    ];
    publish(root.path(), &contents, shards, 1).unwrap();
    let e = error_of(root.path());
    assert!(e.contains("array-0.p1.bin") && e.contains("twice"), "{e}");
    let shards = vec![write_shard(root.path(), 2, 0, &[&share(4, &[0, 1])]).unwrap()];
    publish(root.path(), &contents_at(2), shards, 1).unwrap();
    let e = error_of(root.path());
    assert!(e.contains("2 of 4"), "{e}");
}

fn contents_at(step: u64) -> Contents<'static> {
    Contents {
        app: "demo",
        options: serde_json::json!({}),
        step,
        main_state: b"main",
    }
}

#[test]
fn a_staging_directory_of_a_killed_run_is_removed_at_the_next_publish() {
    let root = tempfile::tempdir().unwrap();
    let stale = write_shard(root.path(), 3, 1, &[&share(2, &[1])]).unwrap();
    assert!(stale.dir.exists());
    save(root.path(), 4, 1);
    assert!(!stale.dir.exists());
}

/// The names in `dir`, sorted.
fn names_in(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .collect();
    names.sort();
    names
}

fn inode(path: &Path) -> u64 {
    std::os::unix::fs::MetadataExt::ino(&std::fs::metadata(path).unwrap())
}

#[test]
fn a_retired_checkpoints_array_files_are_overwritten_by_the_next() {
    let root = tempfile::tempdir().unwrap();
    let spare = root.path().join(spare::SPARE);
    let save_image = |step, n| write(root.path(), &contents_at(step), &[&image(n)], 1).unwrap();
    save_image(10, 5);
    assert!(!spare.exists(), "nothing retired yet");
    save_image(20, 5);
    // ckpt-10 is now the spare: its array file only, and no checkpoint.
    assert_eq!(list(root.path()), vec![20]);
    assert_eq!(names_in(&spare), vec!["array-0.p0.bin"]);
    let spared = inode(&spare.join("array-0.p0.bin"));
    // The next checkpoint, smaller, overwrites it and is cut to its length.
    let dir = save_image(30, 2);
    assert_eq!(inode(&dir.join("array-0.p0.bin")), spared);
    let c = open(root.path()).unwrap();
    assert_eq!((c.manifest.step, c.array(0).unwrap()), (30, image(2)));
    // And a larger one grows it.
    let dir = save_image(40, 9);
    assert_eq!(open(&dir).unwrap().array(0).unwrap(), image(9));
    assert_eq!(list(root.path()), vec![40]);
    // The run's end removes the spare directory.
    assert!(spare.exists());
    spare::release();
    assert!(!spare.exists());
    assert_eq!(open(root.path()).unwrap().manifest.step, 40);
}

/// A checkpoint root with checkpoints 10 and 20 (keep 1: 10 is the spare),
/// each of `step / 10` elements.
fn root_at_20() -> tempfile::TempDir {
    let root = tempfile::tempdir().unwrap();
    for step in [10, 20] {
        write(root.path(), &contents_at(step), &[&image(step / 10)], 1).unwrap();
    }
    root
}

/// Writes checkpoint `step` of `n` elements into `root` (keep 1), crashing
/// at its `at`-th point; returns whether it crashed.
fn crash_writing(root: &Path, step: u64, n: u64, at: usize) -> bool {
    crash::arm(Some(at));
    let crashed = std::panic::catch_unwind(|| {
        write(root, &contents_at(step), &[&image(n)], 1).unwrap();
    })
    .is_err();
    crash::arm(None);
    crashed
}

#[test]
fn a_crash_at_any_point_of_a_write_leaves_a_whole_checkpoint() {
    // Checkpoint 30 after 20 (a new step, a spare to overwrite, one to
    // retire), and checkpoint 20 again (replacing one of the same step).
    for (step, n) in [(30, 3), (20, 7)] {
        let points = {
            let root = root_at_20();
            crash::arm(None);
            write(root.path(), &contents_at(step), &[&image(n)], 1).unwrap();
            crash::arm(None)
        };
        assert!(points >= 10, "{points} crash points");
        for at in 0..points {
            let root = root_at_20();
            assert!(crash_writing(root.path(), step, n, at), "point {at}");
            // What `latest` names is whole: the old checkpoint or the new.
            let c = open(root.path()).unwrap_or_else(|e| panic!("point {at}: {e}"));
            let got = (
                c.manifest.step,
                c.array(0).unwrap_or_else(|e| panic!("{at}: {e}")),
            );
            let whole = [(20, image(2)), (step, image(n))];
            assert!(whole.contains(&got), "point {at}: step {}", got.0);
            // And the next write goes through.
            write(root.path(), &contents_at(40), &[&image(4)], 1).unwrap();
            let c = open(root.path()).unwrap();
            assert_eq!((c.manifest.step, c.array(0).unwrap()), (40, image(4)));
            assert_eq!(list(root.path()), vec![40], "point {at}");
        }
        spare::release();
    }
}

#[test]
fn a_spare_directory_left_by_a_killed_run_is_removed_at_the_next_publish() {
    let root = tempfile::tempdir().unwrap();
    save(root.path(), 1, 1);
    let spare = root.path().join(spare::SPARE);
    std::fs::create_dir(&spare).unwrap();
    std::fs::write(spare.join("array-0.p7.bin"), b"left").unwrap();
    save(root.path(), 2, 1);
    // Gone; ckpt-1 is this run's spare now.
    assert_eq!(names_in(&spare), vec!["array-0.p0.bin"]);
    spare::release();
}

#[test]
fn checkpoints_older_than_the_seal_are_refused_clearly() {
    let root = tempfile::tempdir().unwrap();
    let dir = save(root.path(), 1, 1);
    let manifest = dir.join(MANIFEST);
    let text = std::fs::read_to_string(&manifest).unwrap();
    for old in [1, 2] {
        let edited = text.replace("\"version\": 3", &format!("\"version\": {old}"));
        std::fs::write(&manifest, edited).unwrap();
        let e = error_of(root.path());
        assert!(e.contains("manifest.json: format version"), "{e}");
        assert!(e.contains("before manifests were sealed"), "{e}");
    }
}

/// Issue 59, item 2: an edited manifest (a grid's size, the run's length,
/// the step, the element count) is refused naming the file and the field,
/// not trusted over the data.
#[test]
fn an_edited_manifest_is_refused_naming_the_field() {
    let root = tempfile::tempdir().unwrap();
    let dir = save(root.path(), 1, 1);
    let manifest = dir.join(MANIFEST);
    let text = std::fs::read_to_string(&manifest).unwrap();
    let edits = [
        ("\"iters\": 10", "\"iters\": 20", "`options.iters` is 20"),
        ("\"step\": 1,", "\"step\": 2,", "`step` is 2"),
        ("\"elements\": 3", "\"elements\": 4", "`elements` is 4"),
        (
            "\"app\": \"demo\"",
            "\"app\": \"zones\"",
            "`app` is \"zones\"",
        ),
    ];
    for (from, to, words) in edits {
        assert!(text.contains(from), "{from} in {text}");
        std::fs::write(&manifest, text.replace(from, to)).unwrap();
        let e = open(root.path()).unwrap_err().to_string();
        assert!(
            e.contains("manifest.json: field") && e.contains(words),
            "{e}"
        );
    }
    // main.bin's state comes back without the seal.
    std::fs::write(&manifest, &text).unwrap();
    assert_eq!(open(root.path()).unwrap().main_state().unwrap(), b"main");
}

#[test]
fn data_file_names_are_parsed_strictly() {
    assert_eq!(parse_array_file("array-0.bin"), Some((0, 0)));
    assert_eq!(parse_array_file("array-3.p12.bin"), Some((3, 12)));
    for bad in [
        "array-.bin",
        "array-1.p.bin",
        "array-x.p1.bin",
        "array-1.p-1.bin",
        "main.bin",
    ] {
        assert_eq!(parse_array_file(bad), None, "{bad}");
    }
}

#[test]
fn checksums_are_crc32_iso_hdlc() {
    // The catalogue's check value of CRC-32/ISO-HDLC (zip, PNG): the
    // checksum the manifest has recorded since format version 1.
    assert_eq!(crc32fast::hash(b"123456789"), 0xCBF4_3926);
}
