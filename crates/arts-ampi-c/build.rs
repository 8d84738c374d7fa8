//! Three jobs for the C ABI:
//!
//! * The crate's own test binaries load C programs that call back into the
//!   functions `exports.list` names: export those symbols from them (as
//!   `arts-cli`'s build script does for the `arts` binary).
//! * The table of every exported function (`src/exports.rs`) is generated
//!   from `exports.list`: its patterns (`ARTS_*`, `mpi_*_`, ...) matched
//!   against the identifiers of `src/` (every exported function is named
//!   by its definition, or by the call of the macro that defines it), its
//!   plain names taken as they stand. A function is thus named in one
//!   place in Rust; `mpi.h` stays the C header (a test holds the two
//!   together).
//! * The profiling interface: every `ARTS_MPI_x` also has an `ARTS_PMPI_x`
//!   (`include/pmpi.h`'s `PMPI_x`) and every Fortran `mpi_x_` a `pmpi_x_`,
//!   each a one-instruction jump to the call, generated beside the table.
//! * C's `long double` arithmetic, which Rust lacks, is compiled from
//!   `src/coll/long_double.c`.

use std::collections::BTreeSet;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

fn main() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"));
    let list = dir.join("exports.list");
    println!(
        "cargo:rustc-link-arg-tests=-Wl,--dynamic-list={}",
        list.display()
    );
    println!("cargo:rerun-if-changed=build.rs");
    println!("cargo:rerun-if-changed={}", list.display());
    println!("cargo:rerun-if-changed=src");

    let text = std::fs::read_to_string(&list).expect("exports.list");
    let (patterns, plain) = entries(&text);
    let mut names: BTreeSet<String> = plain.into_iter().collect();
    let mut sources = Vec::new();
    rust_files(&dir.join("src"), &mut sources);
    for file in sources {
        let code = std::fs::read_to_string(&file).expect("a source file");
        names.extend(
            identifiers(&code)
                .into_iter()
                .filter(|id| patterns.iter().any(|p| matches(p, id))),
        );
    }
    cc::Build::new()
        .file(dir.join("src/coll/long_double.c"))
        .compile("arts_long_double");
    let out = PathBuf::from(std::env::var("OUT_DIR").expect("OUT_DIR")).join("exports.rs");
    let code = table(&names) + &profiling(&names);
    std::fs::write(out, code).expect("writing the table");
}

/// The symbol entries of a `--dynamic-list` file (`{ a; b*; };`, C
/// comments): the patterns (with `*`) and the plain names.
fn entries(text: &str) -> (Vec<String>, Vec<String>) {
    let mut rest = text;
    let mut body = String::new();
    while let Some(start) = rest.find("/*") {
        body.push_str(&rest[..start]);
        rest = rest[start..]
            .split_once("*/")
            .map_or("", |(_, after)| after);
    }
    body.push_str(rest);
    let symbols = body
        .split([';', '{', '}'])
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .map(String::from);
    symbols.partition(|s| s.contains('*'))
}

/// Whether `name` matches glob `pattern` (`*`: any run of characters).
fn matches(pattern: &str, name: &str) -> bool {
    match pattern.split_once('*') {
        None => pattern == name,
        Some((head, tail)) => {
            let Some(rest) = name.strip_prefix(head) else {
                return false;
            };
            (0..=rest.len())
                .filter(|&i| rest.is_char_boundary(i))
                .any(|i| matches(tail, &rest[i..]))
        }
    }
}

/// The `.rs` files under `dir`.
fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).expect("src/") {
        let path = entry.expect("a directory entry").path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The identifiers of Rust code, outside comments, strings and characters.
fn identifiers(code: &str) -> Vec<String> {
    let chars: Vec<char> = code.chars().collect();
    let mut ids = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        let next = chars.get(i + 1).copied();
        if c == '/' && next == Some('/') {
            while i < chars.len() && chars[i] != '\n' {
                i += 1;
            }
        } else if c == '/' && next == Some('*') {
            i += 2;
            while i < chars.len() && !(chars[i] == '*' && chars.get(i + 1) == Some(&'/')) {
                i += 1;
            }
            i += 2;
        } else if c == '"' {
            i += 1;
            while i < chars.len() && chars[i] != '"' {
                i += if chars[i] == '\\' { 2 } else { 1 };
            }
            i += 1;
        } else if c == '\'' && (next == Some('\\') || chars.get(i + 2) == Some(&'\'')) {
            // A character literal (a lifetime has no closing quote).
            i += 2;
            while i < chars.len() && chars[i] != '\'' {
                i += if chars[i] == '\\' { 2 } else { 1 };
            }
            i += 1;
        } else if c.is_alphabetic() || c == '_' {
            let start = i;
            while i < chars.len() && (chars[i].is_alphanumeric() || chars[i] == '_') {
                i += 1;
            }
            ids.push(chars[start..i].iter().collect());
        } else {
            i += 1;
        }
    }
    ids
}

/// The profiling name of an exported call: `ARTS_MPI_x` is also
/// `ARTS_PMPI_x`, Fortran's `mpi_x_` also `pmpi_x_`.
fn profiling_name(name: &str) -> Option<String> {
    name.strip_prefix("ARTS_MPI_")
        .map(|x| format!("ARTS_PMPI_{x}"))
        .or_else(|| name.starts_with("mpi_").then(|| format!("p{name}")))
}

/// The Rust source of the profiling names: for each call, a global function
/// that jumps to it (arguments, variadic ones too, and the return value
/// pass untouched), and `PROFILING`, which references them all (so that
/// the linker keeps them, as `EXPORTS` keeps the calls).
fn profiling(names: &BTreeSet<String>) -> String {
    let pairs: Vec<(String, &String)> = names
        .iter()
        .filter_map(|n| Some((profiling_name(n)?, n)))
        .collect();
    let mut s = String::from("\nunsafe extern \"C\" {\n");
    for (p, _) in &pairs {
        writeln!(s, "    fn {p}();").unwrap();
    }
    s.push_str("}\n\n");
    for (p, n) in &pairs {
        writeln!(
            s,
            "core::arch::global_asm!(\n    \
             \".pushsection .text.{p},\\\"ax\\\",@progbits\",\n    \
             \".globl {p}\",\n    \
             \".type {p},@function\",\n    \
             \"{p}:\",\n    \
             jump!(),\n    \
             \".size {p},.-{p}\",\n    \
             \".popsection\",\n    \
             to = sym {n},\n);"
        )
        .unwrap();
    }
    s.push_str(
        "\n/// Every profiling name.\n#[used]\npub(crate) static PROFILING: Exports = Exports(&[\n",
    );
    for (p, _) in &pairs {
        writeln!(s, "    (\"{p}\", {p} as *const ()),").unwrap();
    }
    s.push_str("]);\n");
    s
}

/// The Rust source of the table: a declaration of every symbol, and
/// `EXPORTS`, which references them all.
fn table(names: &BTreeSet<String>) -> String {
    let mut s = String::from(
        "// Generated by build.rs from exports.list and the identifiers of src/.\n\
         unsafe extern \"C\" {\n",
    );
    for n in names {
        writeln!(s, "    fn {n}();").unwrap();
    }
    s.push_str(
        "}\n\n/// Every exported function.\n#[used]\npub static EXPORTS: Exports = Exports(&[\n",
    );
    for n in names {
        writeln!(s, "    (\"{n}\", {n} as *const ()),").unwrap();
    }
    s.push_str("]);\n");
    s
}
