//! `mpi.h` against the Rust side: every `#define MPI_x ARTS_MPI_x` names an
//! exported function, every exported function is declared, the constants
//! agree, and the header compiles cleanly as C99 and as C++.

mod common;

use std::collections::BTreeSet;
use std::path::Path;

use arts_ampi_c::abi;

fn header() -> String {
    std::fs::read_to_string(arts_ampi_c::include_dir().join("mpi.h")).unwrap()
}

/// `include/pmpi.h`, the profiling names `mpi.h` includes.
fn profiling_header() -> String {
    std::fs::read_to_string(arts_ampi_c::include_dir().join("pmpi.h")).unwrap()
}

/// `#define NAME VALUE` pairs of the header.
fn defines() -> Vec<(String, String)> {
    header()
        .lines()
        .filter_map(|l| l.strip_prefix("#define "))
        .filter_map(|l| {
            let mut it = l.splitn(2, ' ');
            Some((it.next()?.to_string(), it.next()?.trim().to_string()))
        })
        .collect()
}

/// The calls `mpi.h` defines as function-like macros (`#define
/// MPI_x(args) body`): `x`, the argument list, and whether the body calls
/// arts (it starts on the next line with `ARTS_`) rather than casting.
fn macro_calls() -> Vec<(String, String, bool)> {
    let text = header();
    let lines: Vec<&str> = text.lines().collect();
    lines
        .windows(2)
        .filter_map(|w| {
            let l = w[0].strip_prefix("#define MPI_")?;
            let end = l.find(|c: char| !(c.is_alphanumeric() || c == '_'))?;
            let (call, rest) = l.split_at(end);
            let args = rest.strip_prefix('(')?.split_once(')')?.0;
            let calls_arts = w[0].ends_with('\\') && w[1].trim_start().starts_with("ARTS_");
            Some((call.to_string(), args.to_string(), calls_arts))
        })
        .collect()
}

#[test]
fn every_mapped_name_is_exported_and_every_export_is_mapped() {
    let mapped: BTreeSet<String> = defines()
        .into_iter()
        .filter(|(_, v)| v.starts_with("ARTS_"))
        .map(|(_, v)| v)
        .collect();
    let exported: BTreeSet<String> = arts_ampi_c::exported_names()
        .into_iter()
        .filter(|n| n.starts_with("ARTS_") && !n.starts_with("ARTS_PMPI_"))
        .map(String::from)
        .collect();
    assert_eq!(mapped, exported);
    assert!(exported.len() >= 80, "{}", exported.len());
}

#[test]
fn every_call_has_its_profiling_name_in_c_and_fortran() {
    // pmpi.h, line for line, as mpi.h's `#define MPI_x ARTS_MPI_y` ask:
    // `#define PMPI_x ARTS_PMPI_y`, and each ARTS_PMPI_y declared once.
    let mut expected = Vec::new();
    let mut declared = BTreeSet::new();
    for (name, value) in defines() {
        let (Some(x), Some(y)) = (name.strip_prefix("MPI_"), value.strip_prefix("ARTS_MPI_"))
        else {
            continue;
        };
        expected.push(format!("#define PMPI_{x} ARTS_PMPI_{y}"));
        if declared.insert(y.to_string()) {
            expected.push(format!("extern __typeof__(ARTS_MPI_{y}) ARTS_PMPI_{y};"));
        }
    }
    // The calls mpi.h defines as function-like macros, or inline.
    for (call, args, _) in macro_calls() {
        expected.push(format!("#define PMPI_{call}({args}) MPI_{call}({args})"));
    }
    expected.push("#define PMPI_Pcontrol MPI_Pcontrol".into());
    let profiling = profiling_header();
    let lines: Vec<&str> = profiling
        .lines()
        .filter(|l| l.starts_with("#define PMPI_") || l.starts_with("extern "))
        .collect();
    assert_eq!(lines, expected, "include/pmpi.h and mpi.h disagree");
    // Each declared profiling name is exported, a jump to its call, as
    // is each Fortran call's `pmpi_x_`.
    let exported: BTreeSet<&str> = arts_ampi_c::exported_names().into_iter().collect();
    for y in &declared {
        assert!(exported.contains(format!("ARTS_PMPI_{y}").as_str()), "{y}");
    }
    let fortran = exported.iter().filter(|n| n.starts_with("mpi_"));
    for name in fortran {
        assert!(exported.contains(format!("p{name}").as_str()), "{name}");
    }
}

#[test]
fn constants_agree_with_the_rust_side() {
    let d: std::collections::HashMap<String, String> = defines().into_iter().collect();
    let num = |name: &str| -> i32 {
        let v = d.get(name).unwrap_or_else(|| panic!("{name} not defined"));
        v.trim_matches(|c| c == '(' || c == ')')
            .parse()
            .unwrap_or_else(|_| panic!("{name} = {v}"))
    };
    for (name, h) in abi::DATATYPES.iter().chain(abi::OPS) {
        assert_eq!(num(name), *h, "{name}");
    }
    for (name, c) in abi::COMBINERS {
        assert_eq!(num(name), *c, "{name}");
    }
    for (name, class, _) in abi::ERROR_CLASSES {
        assert_eq!(num(name), *class, "{name}");
    }
    for (name, v) in [
        ("MPI_COMM_WORLD", abi::MPI_COMM_WORLD),
        ("MPI_COMM_SELF", abi::MPI_COMM_SELF),
        ("MPI_COMM_NULL", abi::MPI_COMM_NULL),
        ("MPI_REQUEST_NULL", abi::MPI_REQUEST_NULL),
        ("MPI_ANY_SOURCE", abi::MPI_ANY_SOURCE),
        ("MPI_ANY_TAG", abi::MPI_ANY_TAG),
        ("MPI_PROC_NULL", abi::MPI_PROC_NULL),
        ("MPI_UNDEFINED", abi::MPI_UNDEFINED),
        ("MPI_ERRORS_ARE_FATAL", abi::MPI_ERRORS_ARE_FATAL),
        ("MPI_ERRORS_RETURN", abi::MPI_ERRORS_RETURN),
        ("MPI_THREAD_MULTIPLE", abi::MPI_THREAD_MULTIPLE),
        ("MPI_MAX_ERROR_STRING", abi::MPI_MAX_ERROR_STRING),
        ("MPI_ERR_LASTCODE", abi::MPI_ERR_LASTCODE),
        ("MPI_WIN_BASE", abi::MPI_WIN_BASE),
        ("MPI_MODE_NOSUCCEED", abi::MPI_MODE_NOSUCCEED),
        ("MPI_WIN_SIZE", abi::MPI_WIN_SIZE),
        ("MPI_WIN_DISP_UNIT", abi::MPI_WIN_DISP_UNIT),
        ("MPI_WIN_CREATE_FLAVOR", abi::MPI_WIN_CREATE_FLAVOR),
        ("MPI_WIN_MODEL", abi::MPI_WIN_MODEL),
        ("MPI_WIN_FLAVOR_CREATE", abi::MPI_WIN_FLAVOR_CREATE),
        ("MPI_WIN_FLAVOR_ALLOCATE", abi::MPI_WIN_FLAVOR_ALLOCATE),
        ("MPI_WIN_FLAVOR_SHARED", abi::MPI_WIN_FLAVOR_SHARED),
        ("MPI_WIN_UNIFIED", abi::MPI_WIN_UNIFIED),
    ] {
        assert_eq!(num(name), v, "{name}");
    }
    let last = abi::ERROR_CLASSES.iter().map(|c| c.1).max();
    assert_eq!(last, Some(abi::MPI_ERR_LASTCODE));
    // The datatype, op and class names are all there.
    assert_eq!(abi::DATATYPES.len(), 44);
    assert_eq!(std::mem::size_of::<abi::MpiStatus>(), 24);
}

#[test]
fn the_header_compiles_cleanly_as_c99_and_cxx() {
    let Some(cc) = common::compiler("gcc") else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let src = dir.path().join("all.c");
    std::fs::write(
        &src,
        "#include <mpi.h>\n\
         int main(int argc, char **argv) {\n\
           MPI_Status s; int n;\n\
           MPI_Init(&argc, &argv);\n\
           MPI_Get_count(&s, MPI_DOUBLE, &n);\n\
           PMPI_Get_count(&s, MPI_DOUBLE, &n);\n\
           return MPI_Finalize();\n\
         }\n",
    )
    .unwrap();
    let inc = arts_ampi_c::include_dir();
    let ok = std::process::Command::new(&cc)
        .args([
            "-Wall",
            "-Wextra",
            "-Werror",
            "-std=c99",
            "-fsyntax-only",
            "-I",
        ])
        .arg(&inc)
        .arg(&src)
        .status()
        .unwrap();
    assert!(ok.success(), "mpi.h does not compile cleanly as C99");
    if let Some(cxx) = common::compiler("g++") {
        let cpp = dir.path().join("all.cpp");
        std::fs::copy(&src, &cpp).unwrap();
        let ok = std::process::Command::new(cxx)
            .args(["-Wall", "-Werror", "-fsyntax-only", "-I"])
            .arg(&inc)
            .arg(&cpp)
            .status()
            .unwrap();
        assert!(ok.success(), "mpi.h does not compile cleanly as C++");
    }
}

#[test]
fn a_call_outside_the_subset_fails_at_compile_time() {
    let Some(_) = common::compiler("gcc") else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let src = dir.path().join("shared.c");
    std::fs::write(
        &src,
        "#include <mpi.h>\n\
         int main(int argc, char **argv) {\n\
           MPI_File f = 0;\n\
           char c;\n\
           MPI_Init(&argc, &argv);\n\
           MPI_Comm child;\n\
           MPI_Comm_spawn(\"x\", 0, 1, MPI_INFO_NULL, 0, MPI_COMM_WORLD, &child, 0);\n\
           return MPI_Finalize();\n\
         }\n",
    )
    .unwrap();
    let out = std::process::Command::new("sh")
        .arg(arts_ampi_c::mpicc_path())
        .arg(&src)
        .arg("-o")
        .arg(dir.path().join("shared.so"))
        .output()
        .unwrap();
    assert!(
        !out.status.success(),
        "an undeclared MPI call must not compile"
    );
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("MPI_Comm_spawn"), "{err}");
}

/// `INTEGER NAME` + `PARAMETER (NAME=VALUE)` pairs of `mpif.h`.
fn fortran_parameters() -> Vec<(String, String)> {
    let text = std::fs::read_to_string(arts_ampi_c::include_dir().join("mpif.h")).unwrap();
    text.lines()
        .filter_map(|l| l.trim().strip_prefix("PARAMETER ("))
        .filter_map(|l| {
            let (name, value) = l.strip_suffix(')')?.split_once('=')?;
            Some((name.to_string(), value.to_string()))
        })
        .collect()
}

#[test]
fn mpif_h_agrees_with_mpi_h_and_the_rust_side() {
    let c: std::collections::HashMap<String, String> = defines().into_iter().collect();
    let f = fortran_parameters();
    let mut shared = 0;
    for (name, value) in &f {
        let numeric = c
            .get(name)
            .map(|v| v.trim_matches(|ch| ch == '(' || ch == ')'))
            .filter(|v| v.parse::<i64>().is_ok());
        if let Some(v) = numeric {
            assert_eq!(v, value, "{name}");
            shared += 1;
        }
    }
    assert!(shared >= 80, "{shared} constants in both headers");
    let f: std::collections::HashMap<_, _> = f.into_iter().collect();
    for (name, h, _) in abi::FORTRAN_DATATYPES {
        assert_eq!(f[*name], h.to_string(), "{name}");
    }
    // A status holds a C MPI_Status; the ignore pattern is the binding's.
    assert_eq!(
        f["MPI_STATUS_SIZE"].parse::<usize>().unwrap() * 4,
        std::mem::size_of::<abi::MpiStatus>()
    );
    assert!(f["MPI_STATUS_IGNORE"].starts_with("(/-1999999,-1999998,"));
    // Every line fits fixed form (72 columns).
    let text = std::fs::read_to_string(arts_ampi_c::include_dir().join("mpif.h")).unwrap();
    assert!(text.lines().all(|l| l.len() <= 72));
}

#[test]
fn every_export_is_listed_once() {
    let names = arts_ampi_c::exported_names();
    let unique: BTreeSet<&str> = names.iter().copied().collect();
    assert_eq!(unique.len(), names.len(), "a name is listed twice");
    // The Fortran binding's names are gfortran's: lower case (digits
    // too: `mpi_type_create_f90_real_`), one underscore.
    let fortran: Vec<&str> = names
        .iter()
        .copied()
        .filter(|n| n.starts_with("mpi_") || n.starts_with("ampi_"))
        .collect();
    assert!(fortran.len() >= 150, "{}", fortran.len());
    assert!(fortran.iter().all(|n| {
        n.ends_with('_')
            && !n.ends_with("__")
            && n.chars()
                .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_')
    }));
}

/// The C calls of `mpi.h` that deliberately have no Fortran name, each with
/// its reason (`("mpi_x_", "why")`). Keep it short: a name here is a call a
/// Fortran program of `mpif.h` or `use mpi` cannot make.
const NOT_IN_FORTRAN: &[(&str, &str)] = &[
    (
        "mpi_status_c2f08_",
        "converts a status for mpi_f08, in C: MPI has no Fortran binding",
    ),
    (
        "mpi_status_c2f_",
        "converts a status for Fortran, in C: MPI has no Fortran binding",
    ),
    (
        "mpi_status_f082c_",
        "converts an mpi_f08 status for C: MPI has no Fortran binding",
    ),
    (
        "mpi_status_f2c_",
        "converts a Fortran status for C: MPI has no Fortran binding",
    ),
];

#[test]
fn every_c_call_has_its_fortran_name_but_the_listed_ones() {
    // `#define MPI_x ARTS_...` (and `AMPI_x`), and the calls mpi.h makes
    // macros of another call (`#define MPI_x(...) \` + `ARTS_...`):
    // gfortran's name is `mpi_x_`.
    let calling_arts = macro_calls()
        .into_iter()
        .filter(|m| m.2)
        .map(|(call, _, _)| format!("MPI_{call}"));
    let c: BTreeSet<String> = defines()
        .into_iter()
        .filter(|(name, value)| {
            value.starts_with("ARTS_") && (name.starts_with("MPI_") || name.starts_with("AMPI_"))
        })
        // MPI_T is C's alone (MPI 3.1 §14.3 has no Fortran binding).
        .filter(|(name, _)| !name.starts_with("MPI_T_"))
        .map(|(name, _)| name)
        .chain(calling_arts)
        .map(|name| format!("{}_", name.to_lowercase()))
        .collect();
    let fortran: BTreeSet<String> = arts_ampi_c::exported_names()
        .into_iter()
        .filter(|n| n.starts_with("mpi_") || n.starts_with("ampi_"))
        .map(String::from)
        .collect();
    let missing: Vec<&str> = c.difference(&fortran).map(String::as_str).collect();
    let listed: Vec<&str> = NOT_IN_FORTRAN.iter().map(|(name, _)| *name).collect();
    assert_eq!(missing, listed, "C calls without a Fortran name");
    // And no Fortran name lacks its C call but the predefined attribute
    // callbacks (constants in mpi.h, subroutines in Fortran),
    // `MPI_PCONTROL` (C's is variadic, inline in mpi.h) and Fortran's own
    // `MPI_F_SYNC_REG`.
    let extra: Vec<&str> = fortran.difference(&c).map(String::as_str).collect();
    let mut callbacks: Vec<String> = ["", "comm_", "type_", "win_"]
        .iter()
        .flat_map(|kind| {
            ["dup_fn_", "null_copy_fn_", "null_delete_fn_"].map(|f| format!("mpi_{kind}{f}"))
        })
        .chain(["mpi_pcontrol_", "mpi_f_sync_reg_"].map(String::from))
        .collect();
    callbacks.sort();
    assert_eq!(extra, callbacks, "Fortran names without a C call");
}

/// The names a Fortran include file declares `EXTERNAL`, lower case.
fn fortran_externals(file: &str) -> BTreeSet<String> {
    let text = std::fs::read_to_string(arts_ampi_c::include_dir().join(file)).unwrap();
    text.lines()
        .filter_map(|l| l.trim().strip_prefix("EXTERNAL "))
        .flat_map(|names| names.split(','))
        .map(|n| n.trim().to_lowercase())
        .collect()
}

#[test]
fn the_mpi_module_names_every_fortran_call() {
    // mpif.h and mpif-calls.h (the `use mpi` module's list of calls, see
    // below) together name every Fortran call (gfortran's `x_` is `X`),
    // once, and nothing else.
    let calls = fortran_externals("mpif-calls.h");
    let in_mpif = fortran_externals("mpif.h");
    assert!(calls.is_disjoint(&in_mpif), "named twice");
    let named: BTreeSet<String> = calls.union(&in_mpif).cloned().collect();
    let exported: BTreeSet<String> = arts_ampi_c::exported_names()
        .into_iter()
        .filter(|n| n.ends_with('_') && !n.starts_with("ARTS_"))
        .filter(|n| {
            ["mpi_", "pmpi_", "ampi_", "pampi_"]
                .iter()
                .any(|p| n.starts_with(p))
        })
        .map(|n| n.trim_end_matches('_').to_string())
        .collect();
    let unnamed: Vec<&String> = exported.difference(&named).collect();
    assert!(
        unnamed.is_empty(),
        "calls missing from mpif-calls.h: {unnamed:?}"
    );
    let unknown: Vec<&String> = named.difference(&exported).collect();
    assert!(unknown.is_empty(), "names without a call: {unknown:?}");
}

#[test]
fn the_fortran_interfaces_are_their_scripts_output_and_name_exported_calls() {
    // include/mpi_f08.f90 and include/mpi-interfaces.h are written by
    // scripts/gen-fortran-interfaces.py from the headers: they must be
    // what the script writes from today's headers.
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    match std::process::Command::new("python3")
        .arg(root.join("scripts/gen-fortran-interfaces.py"))
        .arg("--check")
        .output()
    {
        Ok(out) => assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        ),
        Err(e) => eprintln!("not checked against its script: python3: {e}"),
    }
    // Every symbol it binds (and every call its helpers make) is exported.
    let text = std::fs::read_to_string(arts_ampi_c::include_dir().join("mpi_f08.f90")).unwrap();
    let exported: BTreeSet<&str> = arts_ampi_c::exported_names().into_iter().collect();
    let mut bound = 0;
    for line in text.lines() {
        let symbol = if let Some(rest) = line.split("bind(C, name='").nth(1) {
            rest.split('\'').next().unwrap().to_string()
        } else if let Some(rest) = line.strip_prefix("external :: ") {
            // the helpers' binding calls (the other externals are dummies)
            match rest.trim() {
                n if n.starts_with("mpi_") || n.starts_with("pmpi_") || n.starts_with("ampi_") => {
                    format!("{n}_")
                }
                _ => continue,
            }
        } else {
            continue;
        };
        assert!(
            exported.contains(symbol.as_str()),
            "{symbol} is not exported"
        );
        bound += 1;
    }
    assert!(bound > 600, "only {bound} calls bound");
    // The `mpi` module's interfaces name exported calls (gfortran's `x_`),
    // and with its EXTERNALs every call of mpif-calls.h, once.
    let text =
        std::fs::read_to_string(arts_ampi_c::include_dir().join("mpi-interfaces.h")).unwrap();
    let mut named = BTreeSet::new();
    for line in text.lines() {
        let name = match (
            line.strip_prefix("subroutine "),
            line.strip_prefix("EXTERNAL "),
        ) {
            (Some(rest), _) => rest.split('(').next().unwrap().to_lowercase(),
            (_, Some(name)) => name.to_lowercase(),
            _ => continue,
        };
        assert!(
            exported.contains(format!("{name}_").as_str()),
            "{name} is not exported"
        );
        assert!(named.insert(name.clone()), "{name} named twice");
    }
    let calls: BTreeSet<String> = fortran_externals("mpif-calls.h")
        .into_iter()
        .map(|n| n.to_lowercase())
        .collect();
    assert_eq!(
        named, calls,
        "mpi-interfaces.h and mpif-calls.h name different calls"
    );
}
