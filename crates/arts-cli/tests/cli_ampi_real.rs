//! Real programs' habits under `arts ampi run`: how a rank's program ends
//! (`exit`, `_exit`, `abort`, a fault, a stack overflow) and the job's exit
//! code (`tests/c/endings.c`); the reproducers of defects found by public
//! MPI benchmark suites (`tests/c/repro/`), each printing what Open MPI
//! prints for it at V = 4 and 8 on 1, 2 and 3 PEs; AMPI users' `ampicc`
//! and `ampirun`.

mod common;
use common::{arts_text, c_dir, have, mpicc, program_lines};

use std::path::Path;
use std::process::Command;

/// Whether `source` is C++ (built with arts-mpicxx and mpicxx).
fn is_cxx(source: &str) -> bool {
    source.ends_with(".cpp")
}

/// Compiles `tests/c/<source>` with arts-mpicc (arts-mpicxx for C++) into
/// `dir` (warnings allowed: a C89 program's own undeclared function only
/// warns); `None` without gcc.
fn build_plain(source: &str, dir: &Path) -> Option<String> {
    if !have("gcc") || (is_cxx(source) && !have("g++")) {
        eprintln!("skipped: gcc or g++ is not installed");
        return None;
    }
    let stem = Path::new(source).file_stem().unwrap().to_string_lossy();
    let out = dir.join(format!("{stem}.so"));
    let wrapper = match is_cxx(source) {
        true => mpicc().with_file_name("arts-mpicxx"),
        false => mpicc(),
    };
    let o = Command::new("sh")
        .arg(wrapper)
        .arg(c_dir().join(source))
        .args(["-O2", "-o"])
        .arg(&out)
        .output()
        .unwrap();
    assert!(o.status.success(), "arts-mpicc {source}: {o:?}");
    Some(out.display().to_string())
}

/// `so` on `vp` ranks over `pes` PEs with `args`: exit code, stdout, stderr.
fn run(so: &str, vp: u32, pes: u32, args: &[&str]) -> (i32, String, String) {
    let (vp, pes) = (vp.to_string(), pes.to_string());
    let mut a = vec!["ampi", "run", "--vp", &vp, "--pes", &pes, so, "--"];
    a.extend_from_slice(args);
    arts_text(&a)
}

/// The lines of `text`, sorted (ranks' lines may come in any order).
fn sorted(text: &str) -> Vec<String> {
    let mut lines: Vec<String> = text.lines().map(String::from).collect();
    lines.sort();
    lines
}

#[test]
fn exit_ends_the_rank_and_the_largest_code_is_the_jobs() {
    let dir = tempfile::tempdir().unwrap();
    let Some(so) = build_plain("endings.c", dir.path()) else {
        return;
    };
    // exit(3) after MPI_Finalize in rank 2: the job's code, named.
    let (code, out, err) = run(&so, 4, 2, &["code"]);
    assert_eq!(code, 3, "{out}\n{err}");
    assert!(out.contains("exit code             3 (rank 2)"), "{out}");
    assert!(err.contains("error: rank 2 exited with code 3"), "{err}");
    let (code, out, _) = arts_text(&["--json", "ampi", "run", "--vp", "4", &so, "--", "code"]);
    assert_eq!(code, 3);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(
        (v["exit_code"].as_i64(), v["exit_rank"].as_u64()),
        (Some(3), Some(2))
    );
    // exit(0) and _exit(0) in every rank: the slow rank still prints.
    for mode in ["late", "quick"] {
        for pes in [1, 2, 3] {
            let (code, out, err) = run(&so, 4, pes, &[mode]);
            assert_eq!(code, 0, "{mode}: {err}");
            assert_eq!(
                program_lines(&out),
                "rank 3: done after the others\n",
                "{mode} on {pes} PEs"
            );
        }
    }
    // exit before MPI_Finalize fails that rank, named; nothing hangs.
    let (code, _, err) = run(&so, 4, 2, &["before"]);
    assert_eq!(code, 1, "{err}");
    assert!(
        err.contains("rank 1: exit(0) called before MPI_Finalize"),
        "{err}"
    );
}

#[test]
fn a_rank_that_aborts_or_faults_is_named_and_the_job_fails() {
    let dir = tempfile::tempdir().unwrap();
    let Some(so) = build_plain("endings.c", dir.path()) else {
        return;
    };
    for (mode, needle) in [
        ("abort", "rank 1: abort() called (SIGABRT)"),
        (
            "segv",
            "error: rank 1 was ended by SIGSEGV (segmentation fault) at address 0x0",
        ),
        (
            "fpe",
            "error: rank 2 was ended by SIGFPE (arithmetic exception)",
        ),
        // 600 KiB of locals on a 256 KiB stack: stack-clash protection
        // makes the frame touch the guard page, never another rank's stack.
        ("vla", "error: rank 0 overflowed its stack of 262144 bytes"),
    ] {
        for _ in 0..3 {
            let (code, out, err) = run(&so, 4, 2, &[mode]);
            assert_eq!(code, 1, "{mode}: {out}\n{err}");
            assert!(err.contains(needle), "{mode}: {err}");
            if mode == "segv" {
                // What the rank printed before its fault is written out.
                assert!(out.contains("rank 1: about to fault\n"), "{out}");
            }
        }
    }
}

/// The stdout of `source` under Open MPI on `np` processes with `args`
/// (`None` when Open MPI is not installed).
fn open_mpi(source: &str, dir: &Path, np: u32, args: &[&str]) -> Option<String> {
    if !have("mpicc") || !have("mpirun") {
        eprintln!("not compared with Open MPI: mpicc/mpirun are not installed");
        return None;
    }
    let exe = dir.join(format!("{}.ompi", source.replace('/', "_")));
    let ok = Command::new(if is_cxx(source) { "mpicxx" } else { "mpicc" })
        .arg(c_dir().join(source))
        .arg("-o")
        .arg(&exe)
        .output()
        .unwrap();
    assert!(ok.status.success(), "mpicc {source}: {ok:?}");
    let out = Command::new("mpirun")
        .args(["--allow-run-as-root", "--oversubscribe", "-np"])
        .arg(np.to_string())
        .arg(&exe)
        .args(args)
        .output()
        .unwrap();
    assert!(out.status.success(), "mpirun {source}: {out:?}");
    Some(String::from_utf8_lossy(&out.stdout).into_owned())
}

/// What `comm_create_disjoint.c` prints on `v` ranks (rows of 2).
fn disjoint_expected(v: u32) -> String {
    let mut s = String::new();
    for r in 0..v {
        let row = r / 2 * 2;
        let col_sum: u32 = (0..v).filter(|q| q % 2 == r % 2).sum();
        s += &format!(
            "world {r}: row rank {}/2 sum {} | col rank {}/{} sum {col_sum}\n",
            r % 2,
            2 * row + 1,
            r / 2,
            v / 2
        );
    }
    s
}

/// What `create_group.c` prints on `v` ranks.
fn create_group_expected(v: u32) -> String {
    let mut s = String::new();
    for r in 0..v {
        let half_sum: u32 = (0..v).filter(|q| q % 2 == r % 2).sum();
        let half_size = (0..v).filter(|q| q % 2 == r % 2).count();
        let (pr, ps, psum) = if r < 2 {
            (1 - r as i32, 2, 1)
        } else {
            (-1, -1, -1)
        };
        s += &format!(
            "world {r}: half {}/{half_size} sum {half_sum} | pair {pr}/{ps} sum {psum}\n",
            r / 2
        );
    }
    s
}

#[test]
fn the_reproducers_print_what_open_mpi_prints() {
    let exit_after = |v: u32| format!("rank {}: done, printing after the others exited\n", v - 1);
    let runs = [(4, &[1, 2, 3][..]), (8, &[1, 2, 3])];
    prints_what_open_mpi_prints("repro/exit_after_finalize.c", &runs, &[], exit_after);
    prints_what_open_mpi_prints(
        "repro/comm_create_disjoint.c",
        &runs,
        &[],
        disjoint_expected,
    );
    prints_what_open_mpi_prints("repro/own_undeclared_function.c", &runs, &[], |_| {
        "OK 42\n".into()
    });
    prints_what_open_mpi_prints("create_group.c", &runs, &[], create_group_expected);
}

/// Builds `source`; for each `(v, pes)` of `runs`, its lines on `v` ranks
/// (in any order) are `expected(v)` under Open MPI (when installed) and
/// under arts on each of `pes` PEs, with `args`.
fn prints_what_open_mpi_prints(
    source: &str,
    runs: &[(u32, &[u32])],
    args: &[&str],
    expected: impl Fn(u32) -> String,
) {
    let dir = tempfile::tempdir().unwrap();
    let Some(so) = build_plain(source, dir.path()) else {
        return;
    };
    for &(v, pes) in runs {
        let expected = sorted(&expected(v));
        if let Some(reference) = open_mpi(source, dir.path(), v, args) {
            assert_eq!(sorted(&reference), expected, "{source}: Open MPI, V={v}");
        }
        for &pes in pes {
            let (code, out, err) = run(&so, v, pes, args);
            assert_eq!(code, 0, "{source} V={v} P={pes}: {err}");
            assert_eq!(
                sorted(&program_lines(&out)),
                expected,
                "{source} V={v} P={pes}"
            );
        }
    }
}

/// glibc's `random()` after `srandom(seed)`: TYPE_3, the additive
/// feedback generator r[i] = r[i-31] + r[i-3], seeded by the minimal
/// standard generator, its first 310 outputs dropped.
fn glibc_random(seed: u32) -> impl Iterator<Item = i64> {
    let mut r = [0i32; 31];
    r[0] = if seed == 0 { 1 } else { seed as i32 };
    for i in 1..31 {
        let w = i64::from(r[i - 1]);
        let next = 16807 * (w % 127773) - 2836 * (w / 127773);
        r[i] = (if next < 0 { next + 2147483647 } else { next }) as i32;
    }
    let (mut front, mut rear) = (3, 0);
    std::iter::from_fn(move || {
        r[front] = r[front].wrapping_add(r[rear]);
        let out = i64::from((r[front] as u32) >> 1);
        (front, rear) = ((front + 1) % 31, (rear + 1) % 31);
        Some(out)
    })
    .skip(310)
}

/// glibc's drand48 family after `srand48(seed)`: the 48-bit linear
/// congruential generator of POSIX; each step's state.
fn lcg48(seed: u64) -> impl Iterator<Item = u64> {
    let mut x = ((seed & 0xffff_ffff) << 16) | 0x330e;
    std::iter::from_fn(move || {
        x = (0x5_deec_e66d_u64.wrapping_mul(x) + 0xb) & ((1 << 48) - 1);
        Some(x)
    })
}

/// What `libc_state.c` prints on `v` ranks with `LIBC_STATE_ARGS`, each
/// process having its own C library (as under mpirun).
fn libc_state_expected(v: u32) -> String {
    let mut s = String::new();
    for r in 0..v {
        s += &format!("rank {r}: options verbose=1 name=alpha count=3 rest=in1,in2\n");
        let first = glibc_random(1).next().unwrap();
        let seeded: Vec<String> = glibc_random(r + 1).take(3).map(|x| x.to_string()).collect();
        s += &format!("rank {r}: rand first={first} seeded={}\n", seeded.join(","));
        let b: Vec<String> = glibc_random(100 + r)
            .take(3)
            .map(|x| x.to_string())
            .collect();
        s += &format!("rank {r}: random {}\n", b.join(","));
        let x: Vec<u64> = lcg48(u64::from(11 + r)).take(3).collect();
        let d = |x: u64| x as f64 / (1u64 << 48) as f64;
        s += &format!(
            "rank {r}: drand48 {:.9},{:.9} lrand48 {}\n",
            d(x[0]),
            d(x[1]),
            x[2] >> 17
        );
        s += &format!("rank {r}: strtok r{r}-x|r{r}-y|r{r}-z|end\n");
    }
    s
}

/// `libc_state.c`'s command line: options after and between non-options.
const LIBC_STATE_ARGS: [&str; 6] = ["-v", "in1", "--name=alpha", "-n", "3", "in2"];

#[test]
fn each_rank_has_its_own_getopt_rand_and_strtok_state() {
    let runs = [(4, &[1, 2][..]), (5, &[3])];
    prints_what_open_mpi_prints("libc_state.c", &runs, &LIBC_STATE_ARGS, libc_state_expected);
}

#[test]
fn an_mpi_call_arts_lacks_fails_the_link_naming_it() {
    if !have("gcc") {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let src = dir.path().join("spawn.c");
    std::fs::write(
        &src,
        "#include <mpi.h>\n\
         int main(int argc, char **argv) {\n\
           MPI_Comm child;\n\
           MPI_Init(&argc, &argv);\n\
           MPI_Comm_spawn(\"x\", 0, 1, MPI_INFO_NULL, 0, MPI_COMM_WORLD, &child, 0);\n\
           return MPI_Finalize();\n\
         }\n",
    )
    .unwrap();
    let so = dir.path().join("spawn.so");
    let o = Command::new("sh")
        .arg(mpicc())
        .arg(&src)
        .arg("-o")
        .arg(&so)
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(!o.status.success(), "{err}");
    assert!(
        err.contains("calls MPI functions arts does not provide: MPI_Comm_spawn"),
        "{err}"
    );
    assert!(!so.exists(), "nothing half-built is left");
}

#[test]
fn configure_link_tests_get_the_answers_mpicc_gives() {
    if !have("gcc") || !have("nm") || std::env::consts::ARCH != "x86_64" {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    // Autoconf's link test of a function, declared without its header.
    let link = |name: &str, libs: &[&str]| {
        std::fs::write(
            dir.path().join("conftest.c"),
            format!("char {name} ();\nint main (void) {{ return {name} (); }}\n"),
        )
        .unwrap();
        let (code, _, err) = script(
            "arts-mpicc",
            dir.path(),
            &[&["-o", "conftest", "conftest.c"], libs].concat(),
        );
        let built = dir.path().join("conftest").exists();
        assert_eq!(code == 0, built, "{name}: {err}");
        (code, err)
    };
    // MPI_Init without mpi.h is arts' MPI_Init (a trampoline to it), as
    // are its profiling name and an MPI-1 name of a renamed call.
    assert_eq!(link("MPI_Init", &[]).0, 0);
    assert_eq!(link("PMPI_Init", &[]).0, 0);
    assert_eq!(link("MPI_Keyval_create", &[]).0, 0);
    // A function no library defines, or libm's without -lm, fails as a
    // link of an executable does; with -lm it links.
    let (code, err) = link("no_such_function", &[]);
    assert_eq!(code, 1);
    assert!(
        err.contains("undefined reference to no_such_function"),
        "{err}"
    );
    assert_eq!(link("cbrt", &[]).0, 1);
    assert_eq!(link("cbrt", &["-lm"]).0, 0);
    // An MPI function arts lacks is still named as one.
    let (code, err) = link("MPI_Comm_spawn_multiple", &[]);
    assert_eq!(code, 1);
    assert!(
        err.contains("arts does not provide: MPI_Comm_spawn_multiple"),
        "{err}"
    );
}

#[test]
fn a_truncated_program_or_a_fifo_is_refused_and_nothing_is_left_behind() {
    let dir = tempfile::tempdir().unwrap();
    let Some(so) = build_plain("endings.c", dir.path()) else {
        return;
    };
    let bytes = std::fs::read(&so).unwrap();
    let cut = dir.path().join("cut.so");
    std::fs::write(&cut, &bytes[..bytes.len() / 2]).unwrap();
    let fifo = dir.path().join("fifo.so");
    assert!(
        Command::new("mkfifo")
            .arg(&fifo)
            .status()
            .unwrap()
            .success()
    );
    let tmp = tempfile::tempdir().unwrap();
    for (file, needle) in [(&cut, "is truncated"), (&fifo, "not a regular file")] {
        let out = Command::new(env!("CARGO_BIN_EXE_arts"))
            .args(["ampi", "run", "--vp", "2"])
            .arg(file)
            .env("TMPDIR", tmp.path())
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{err}");
        assert!(err.starts_with("error: ") && err.contains(needle), "{err}");
        assert_eq!(err.lines().count(), 1, "{err}");
        let left: Vec<_> = std::fs::read_dir(tmp.path()).unwrap().collect();
        assert!(left.is_empty(), "left behind: {left:?}");
    }
}

/// Runs `bin/<script>` of arts-ampi-c with `args` in `dir` (arts: this build's).
fn script(name: &str, dir: &Path, args: &[&str]) -> (i32, String, String) {
    let out = Command::new("sh")
        .arg(mpicc().with_file_name(name))
        .args(args)
        .current_dir(dir)
        .env("ARTS_BIN", env!("CARGO_BIN_EXE_arts"))
        .output()
        .unwrap();
    let text = |b: &[u8]| String::from_utf8_lossy(b).into_owned();
    (
        out.status.code().unwrap_or(-1),
        text(&out.stdout),
        text(&out.stderr),
    )
}

/// What `named_types.c` prints on `v` ranks.
fn named_types_expected(v: u32) -> String {
    let s = f64::from(v * (v - 1) / 2);
    (0..v)
        .map(|r| {
            format!(
                "rank {r}: bxor {} lxor {} integer {} precision {:.1} complex {s:.1}+{:.1}i \
                 {s:.1}+{:.1}i float complex {v}.0+{s:.1}i bool 1 names 1\n",
                (1 << v) - 1,
                v.min(3) % 2,
                v * (v + 1) / 2,
                0.5 * f64::from(v - 1),
                2.0 * s,
                2.0 * s,
            )
        })
        .collect()
}

#[test]
fn fortran_and_complex_datatypes_and_the_xor_operations_reduce_from_c() {
    let runs = [(4, &[1][..]), (5, &[2])];
    prints_what_open_mpi_prints("named_types.c", &runs, &[], named_types_expected);
}

/// What `wide_types.c` prints on `v` ranks.
fn wide_types_expected(v: u32) -> String {
    let mut out = String::new();
    for (name, size, extent, mpi) in [
        ("long double", 16, 16, "LONG_DOUBLE"),
        ("long int", 12, 16, "LONG_INT"),
        ("short int", 6, 8, "SHORT_INT"),
        ("long double int", 20, 32, "LONG_DOUBLE_INT"),
        ("wchar", 4, 4, "WCHAR"),
        ("offset", 8, 8, "OFFSET"),
        ("count", 8, 8, "COUNT"),
        ("long double complex", 32, 32, "C_LONG_DOUBLE_COMPLEX"),
    ] {
        out += &format!("{name}: size {size} extent {extent} name MPI_{mpi}\n");
    }
    let big = 1u64 << 60;
    let last = v - 1;
    for r in 0..v {
        out += &format!(
            "rank {r}: long max {}@1 min {big}@0 short min {}@{last} long double max \
             1+{last}@{last} sum {v}+{v} prod 1+{v} max {last} complex {}+{v}i wchar ranks \
             offset {} count {} bottom {} 2.5 from {}\n",
            big + 1,
            100 - 7 * last,
            v * last / 2,
            (u64::from(v * last) / 2) << 40,
            1u64 << 50,
            42 + (r + v - 1) % v,
            (r + v - 1) % v,
        );
    }
    out
}

#[test]
fn long_double_pair_and_offset_datatypes_and_mpi_bottom_work_from_c() {
    let runs = [(4, &[1, 3][..]), (5, &[2])];
    prints_what_open_mpi_prints("wide_types.c", &runs, &[], wide_types_expected);
}

/// What `f2c.c` prints on `v` ranks.
fn f2c_expected(v: u32) -> String {
    (0..v)
        .map(|r| {
            let parity = (0..v).filter(|q| q % 2 == r % 2);
            let left = (r + v - 1) % v;
            format!(
                "rank {r}: half sum {} of {} got {left} from {left} tag 7 count 1\n",
                parity.clone().sum::<u32>(),
                parity.count(),
            )
        })
        .collect()
}

#[test]
fn fortran_handles_and_statuses_convert_in_c() {
    let runs = [(4, &[1, 2][..]), (5, &[3])];
    prints_what_open_mpi_prints("f2c.c", &runs, &[], f2c_expected);
}

/// What `inline_statics.cpp` prints on `v` ranks.
fn inline_statics_expected(v: u32) -> String {
    (0..v)
        .map(|r| {
            let n = r + 1;
            format!("rank {r}: inline static {n} template thread_local {n} template member {n}\n")
        })
        .collect()
}

#[test]
fn each_rank_has_its_own_cxx_inline_and_template_statics() {
    let runs = [(3, &[1, 2][..]), (4, &[3])];
    prints_what_open_mpi_prints("inline_statics.cpp", &runs, &[], inline_statics_expected);
}

/// What `cxx_streams.cpp` prints on `v` ranks.
fn cxx_streams_expected(v: u32) -> String {
    let mut out =
        String::from("rank 0 pi 3.142e+00 [***7]\nrank 1 held: rank 1 pi 3.14159 [   7]\n");
    for r in 2..v {
        out += &format!("rank {r} pi 3.14159 [   7]\n");
    }
    out
}

#[test]
fn each_rank_has_its_own_cxx_standard_streams() {
    let runs = [(3, &[1, 2][..]), (4, &[3])];
    prints_what_open_mpi_prints("cxx_streams.cpp", &runs, &[], cxx_streams_expected);
    // The wide stream (not beside Open MPI, whose forwarding of wide
    // output joins lines of different ranks).
    let dir = tempfile::tempdir().unwrap();
    let Some(so) = build_plain("wide_streams.cpp", dir.path()) else {
        return;
    };
    for (v, pes) in [(3, 1), (4, 2)] {
        let (code, out, err) = run(&so, v, pes, &[]);
        assert_eq!(code, 0, "V={v} P={pes}: {err}");
        let mut expected = vec!["rank 0 e 2.718e+00".to_string()];
        expected.extend((1..v).map(|r| format!("rank {r} e 2.71828")));
        assert_eq!(sorted(&program_lines(&out)), expected, "V={v} P={pes}");
    }
}

/// A library the program links (found through `$ORIGIN`, the program's
/// folder) is loaded once per process: the run says so.
#[test]
fn a_shared_library_the_ranks_share_is_named_at_the_start() {
    if !have("gcc") {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("count.c"),
        "int counted;\nint count(void) { return ++counted; }\n",
    )
    .unwrap();
    std::fs::write(
        dir.path().join("main.c"),
        "#include <mpi.h>\n#include <stdio.h>\nint count(void);\n\
         int main(int c, char **v) { MPI_Init(&c, &v); int n = count(); \
         MPI_Finalize(); return n > 0 ? 0 : 1; }\n",
    )
    .unwrap();
    let lib = Command::new("gcc")
        .args(["-shared", "-fPIC", "count.c", "-o", "libcount.so"])
        .current_dir(dir.path())
        .status()
        .unwrap();
    assert!(lib.success());
    let (code, _, err) = script(
        "arts-mpicc",
        dir.path(),
        &[
            "main.c",
            "-L.",
            "-lcount",
            "-Wl,-rpath,$ORIGIN",
            "-o",
            "main.so",
        ],
    );
    assert_eq!(code, 0, "{err}");
    let so = dir.path().join("main.so").display().to_string();
    let (code, _, err) = run(&so, 2, 1, &[]);
    assert_eq!(code, 0, "{err}");
    let note: Vec<&str> = err.lines().filter(|l| l.starts_with("note:")).collect();
    assert_eq!(note.len(), 1, "{err}");
    assert!(
        note[0].contains("libcount.so: loaded once per process"),
        "{err}"
    );
    // A program that links no library of its own gets no note.
    let (_, _, err) = run(&build_plain("endings.c", dir.path()).unwrap(), 2, 1, &[]);
    assert!(!err.contains("note:"), "{err}");
}

#[test]
fn a_cxx_object_whose_statics_ranks_would_share_is_refused_at_link() {
    if !have("g++") || !have("nm") {
        return;
    }
    // Compiled by the C wrapper, which passes no -fno-gnu-unique.
    let dir = tempfile::tempdir().unwrap();
    let (code, _, err) = script(
        "arts-mpicc",
        dir.path(),
        &[
            &c_dir().join("inline_statics.cpp").display().to_string(),
            "-lstdc++",
            "-o",
            "statics.so",
        ],
    );
    assert_eq!(code, 1, "{err}");
    assert!(
        err.contains("C++ static variables every rank would share"),
        "{err}"
    );
    assert!(err.contains("_ZZ7countervE1c"), "{err}");
    assert!(!dir.path().join("statics.so").exists());
}

#[test]
fn thread_local_variables_go_with_their_rank_between_pes() {
    let dir = tempfile::tempdir().unwrap();
    let source = "thread_locals.c";
    let Some(so) = build_plain(source, dir.path()) else {
        return;
    };
    let v = 6;
    // 6 steps: mine ends at 106 + rank, sums at 6 * (64 rank + 2016).
    let expected: String = (0..v)
        .map(|r| {
            format!(
                "rank {r}: mine {} sums {} untouched 7\n",
                106 + r,
                6 * (64 * r + 2016)
            )
        })
        .collect();
    if let Some(reference) = open_mpi(source, dir.path(), v, &[]) {
        assert_eq!(sorted(&reference), sorted(&expected), "Open MPI");
    }
    let v = v.to_string();
    let (code, out, err) = arts_text(&[
        "ampi", "run", "--vp", &v, "--pes", "2", "--lb", "rotate", &so,
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("rank moves") && !out.contains(" 0 rank moves"),
        "the ranks moved: {out}"
    );
    assert_eq!(sorted(&program_lines(&out)), sorted(&expected), "{out}");
}

#[test]
fn the_wrapper_ignores_cc_and_answers_the_compilers_queries() {
    if !have("gcc") || !have("timeout") {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let wrapper = mpicc();
    let compile = |var: &str| {
        Command::new("timeout")
            .arg("120")
            .arg("sh")
            .arg(&wrapper)
            .arg(c_dir().join("endings.c"))
            .args(["-o", "e.so"])
            .current_dir(dir.path())
            .env(var, &wrapper)
            .output()
            .unwrap()
    };
    // `make CC=arts-mpicc` exports CC: the wrapper must not run itself.
    let o = compile("CC");
    assert!(o.status.success(), "CC=arts-mpicc: {o:?}");
    assert!(dir.path().join("e.so").exists());
    // A wrapper named as the compiler is refused in one line.
    let o = compile("ARTS_CC");
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert!(
        err.starts_with("error: arts-mpicc: the compiler it runs"),
        "{err}"
    );
    assert_eq!(err.lines().count(), 1, "{err}");
    // --version is the compiler's answer, as with Open MPI's mpicc, and
    // builds nothing.
    let (code, out, err) = script("arts-mpicc", dir.path(), &["--version"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("Free Software Foundation"), "{out}");
    assert!(!dir.path().join("a.out").exists());
    // The command, as build tools ask Open MPI's (-showme, one dash or
    // two) and MPICH's (-show, -compile_info) wrappers for it.
    for ask in ["-showme", "--showme", "-show", "-compile_info"] {
        let (code, out, err) = script("arts-mpicc", dir.path(), &[ask]);
        assert_eq!(code, 0, "{ask}: {err}");
        assert!(out.contains("arts-ampi-c/include"), "{ask}: {out}");
        assert!(!out.contains(ask), "{ask}: {out}");
    }
}

#[test]
fn ampicc_and_ampirun_take_ampi_users_options() {
    if !have("gcc") {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let src = c_dir().join("endings.c").display().to_string();
    // AMPI's own wrapper options are accepted, with one note.
    let (code, _, err) = script(
        "ampicc",
        dir.path(),
        &[
            &src,
            "-module",
            "CommonLBs",
            "-memory",
            "isomalloc",
            "-tlsglobals",
            "-language",
            "ampi",
            "-o",
            "endings",
        ],
    );
    assert_eq!(code, 0, "{err}");
    assert!(
        err.contains("note: arts-mpicc: ignored AMPI options: -module CommonLBs -memory isomalloc -tlsglobals ("),
        "{err}"
    );
    // charmc's other languages are not arts'.
    let (code, _, err) = script("ampicc", dir.path(), &[&src, "-language", "charm++"]);
    assert_eq!(code, 2, "{err}");
    assert!(
        err.starts_with("error: arts-mpicc: -language charm++: arts builds AMPI programs only"),
        "{err}"
    );
    for args in [
        &["+p2", "./endings", "+vp4", "--", "late"][..],
        &[
            "-np",
            "2",
            "endings",
            "+vp",
            "4",
            "+balancer",
            "GreedyLB",
            "+LBPeriod",
            "1",
            "late",
        ],
        &[
            "+p",
            "3",
            "+vp=4",
            "+setcpuaffinity",
            "++quiet",
            "endings",
            "late",
        ],
    ] {
        let (code, out, err) = script("ampirun", dir.path(), args);
        assert_eq!(code, 0, "{args:?}: {err}");
        assert!(out.contains("rank 3: done after the others"), "{out}");
        assert!(out.contains("ranks 4"), "{out}");
    }
    // The program starts itself, as AMPI programs do (x86-64); without
    // Charm++'s options (as configure scripts run their test programs) it
    // runs one rank on one PE, as in AMPI.
    if cfg!(target_arch = "x86_64") {
        let started = |args: &[&str]| {
            let out = Command::new(dir.path().join("endings"))
                .args(args)
                .env("ARTS_BIN", env!("CARGO_BIN_EXE_arts"))
                .output()
                .unwrap();
            assert!(out.status.success(), "{args:?}: {out:?}");
            String::from_utf8_lossy(&out.stdout).into_owned()
        };
        let text = started(&["+vp4", "+p2", "late"]);
        assert!(text.contains("rank 3: done after the others"), "{text}");
        assert!(text.contains("ranks 4  PEs 2"), "{text}");
        let text = started(&[]);
        assert!(text.contains("ranks 1  PEs 1"), "{text}");
    }
    let (_, out, _) = script(
        "ampirun",
        dir.path(),
        &["+p2", "endings", "+vp4", "+balancer", "GreedyLB", "late"],
    );
    assert!(out.contains("load balancing        greedy"), "{out}");
    let (code, _, err) = script(
        "ampirun",
        dir.path(),
        &["+p2", "./endings", "+vp4", "+pes", "3"],
    );
    assert_eq!(code, 2, "{err}");
    assert!(
        err.starts_with("error: unknown option +pes: accepted are +p N"),
        "{err}"
    );
    assert_eq!(err.lines().count(), 1, "{err}");
}

#[test]
fn ranks_beyond_the_memory_map_limit_are_refused_before_starting() {
    let Some(max) = std::fs::read_to_string("/proc/sys/vm/max_map_count")
        .ok()
        .and_then(|s| s.trim().parse::<u64>().ok())
    else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let Some(so) = build_plain("endings.c", dir.path()) else {
        return;
    };
    // Seven maps per C rank: a few more ranks than the limit allows.
    let vp = (max / 7 + 100).to_string();
    let out = common::arts(&["ampi", "run", "--vp", &vp, "--stack-size", "16K", &so]);
    let err = common::stderr(&out);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(
        err.contains("memory maps") && err.contains("vm.max_map_count"),
        "{err}"
    );
    assert_eq!(err.lines().count(), 1, "{err}");
}
