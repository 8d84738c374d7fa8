//! Loading a C program (a shared object built by `arts-mpicc`) once per
//! rank and running its `main` as each rank's body.
//!
//! **Private globals.** Every rank gets its own copy of the program: the
//! file is copied to a private temporary file per rank and each copy is
//! `dlopen`ed (`RTLD_NOW | RTLD_LOCAL`), so each has its own data and BSS
//! segments: globals and statics are per rank with no cost at context
//! switch (a rank's code addresses its own copy; nothing is swapped).
//! `arts-mpicc` links with `-Bsymbolic`, so the program's references to its
//! own globals bind to its own copy even when a name also exists in the
//! host process. The copies are unlinked once opened.

use std::ffi::{CStr, CString, c_char, c_int, c_void};
use std::ops::Range;
use std::panic::{AssertUnwindSafe, catch_unwind, resume_unwind};
use std::path::{Path, PathBuf};
use std::sync::Arc;

use arts_ampi::{AmpiError, AmpiReport, Mpi, MpiError, ProgramFn, RunOptions};

use crate::state::{Fatal, Phase, Vp, set_current};

/// A C `main`.
type MainFn = unsafe extern "C-unwind" fn(c_int, *mut *mut c_char) -> c_int;

/// The ABI version `mpi.h` stamps into programs.
pub const ABI_VERSION: c_int = 1;

/// Why a program could not be loaded.
#[derive(Debug, thiserror::Error)]
pub enum LoadError {
    /// The file is not a program built with `arts-mpicc` (bad input).
    #[error("{path}: {why}")]
    NotAProgram {
        /// The file.
        path: String,
        /// Why.
        why: String,
    },
    /// The private copies could not be made.
    #[error("cannot copy {path} for the ranks: {why}")]
    Copy {
        /// The file.
        path: String,
        /// Why.
        why: String,
    },
}

/// One rank's copy of the program.
struct Lib {
    handle: *mut c_void,
    main: MainFn,
}

/// A program loaded once per rank (per rank of this process, under mpirun).
pub struct CProgram {
    path: PathBuf,
    args: Vec<String>,
    /// The ranks of the run.
    ranks: u32,
    /// The ranks with a copy here: `libs[i]` is rank `first + i`'s.
    first: u32,
    libs: Vec<Lib>,
}

// SAFETY: the handles and function pointers are process-wide; each rank
// uses only its own copy, from one thread at a time.
unsafe impl Send for CProgram {}
// SAFETY: as above (nothing is mutated through `&CProgram`).
unsafe impl Sync for CProgram {}

impl Drop for CProgram {
    fn drop(&mut self) {
        for l in &self.libs {
            // SAFETY: each handle came from dlopen and no rank runs any more.
            unsafe { libc::dlclose(l.handle) };
        }
    }
}

fn dlerror() -> String {
    // SAFETY: dlerror returns null or a C string valid until the next dl call.
    let e = unsafe { libc::dlerror() };
    if e.is_null() {
        "unknown dlopen error".into()
    } else {
        // SAFETY: non-null C string from dlerror.
        unsafe { CStr::from_ptr(e) }.to_string_lossy().into_owned()
    }
}

fn sym(handle: *mut c_void, name: &CStr) -> *mut c_void {
    // SAFETY: `handle` is a live dlopen handle and `name` a C string.
    unsafe { libc::dlsym(handle, name.as_ptr()) }
}

impl CProgram {
    /// Opens `path` once for each of `ranks` ranks; `args` become
    /// `argv[1..]` of every rank's `main`.
    pub fn open(path: &Path, ranks: u32, args: Vec<String>) -> Result<CProgram, LoadError> {
        Self::open_ranks(path, ranks, 0..ranks, args)
    }

    /// Opens `path` once for each rank in `here` of a run of `ranks` ranks
    /// (the ranks of this process: `arts_ampi::ranks_on`); the others
    /// cannot run here.
    pub fn open_ranks(
        path: &Path,
        ranks: u32,
        here: Range<u32>,
        args: Vec<String>,
    ) -> Result<CProgram, LoadError> {
        let shown = path.display().to_string();
        let bad = |why: String| LoadError::NotAProgram {
            path: shown.clone(),
            why,
        };
        let head = std::fs::read(path)
            .map(|b| b.get(..4).map(<[u8]>::to_vec))
            .map_err(|e| bad(format!("cannot read it: {e}")))?;
        if head.as_deref() != Some(b"\x7fELF") {
            return Err(bad(
                "not a shared object (not an ELF file); compile the program with \
                 `arts-mpicc prog.c -o prog.so`"
                    .into(),
            ));
        }
        // Keep the address space sane: a program is opened once per rank.
        let copy_err = |e: std::io::Error| LoadError::Copy {
            path: shown.clone(),
            why: e.to_string(),
        };
        let dir = tempfile::Builder::new()
            .prefix("arts-ampi-c-")
            .tempdir()
            .map_err(copy_err)?;
        let mut libs = Vec::with_capacity(here.len());
        let mut program = CProgram {
            path: path.to_path_buf(),
            args,
            ranks,
            first: here.start,
            libs: Vec::new(),
        };
        for r in here {
            let copy = dir.path().join(format!("rank-{r}.so"));
            std::fs::copy(path, &copy).map_err(copy_err)?;
            let c = CString::new(copy.as_os_str().as_encoded_bytes())
                .map_err(|_| bad("the path has a NUL byte".into()))?;
            // SAFETY: dlopen of a file path; constructors of the program run.
            let h = unsafe { libc::dlopen(c.as_ptr(), libc::RTLD_NOW | libc::RTLD_LOCAL) };
            let _ = std::fs::remove_file(&copy);
            if h.is_null() {
                let e = dlerror().replace(&copy.display().to_string(), &shown);
                program.libs = libs;
                return Err(bad(if e.contains("position-independent executable") {
                    "is an executable, not a shared object: compile the program with \
                     `arts-mpicc prog.c -o prog.so`"
                        .to_string()
                } else {
                    format!("cannot load it: {e}")
                }));
            }
            let marker = sym(h, c"arts_mpi_abi_version");
            let main = sym(h, c"main");
            let lib_err = if marker.is_null() {
                Some(
                    "was not built with arts-mpicc (it has no arts_mpi_abi_version marker \
                     from arts' mpi.h); compile it with `arts-mpicc prog.c -o prog.so`"
                        .to_string(),
                )
            } else if main.is_null() {
                Some("has no `main` function".to_string())
            } else {
                // SAFETY: the marker is `int arts_mpi_abi_version(void)` from mpi.h.
                let v = unsafe {
                    std::mem::transmute::<*mut c_void, extern "C" fn() -> c_int>(marker)()
                };
                (v != ABI_VERSION).then(|| {
                    format!(
                        "was built against mpi.h ABI version {v}, this arts has {ABI_VERSION}; \
                         recompile it with this arts-mpicc"
                    )
                })
            };
            if let Some(why) = lib_err {
                // SAFETY: `h` came from dlopen above.
                unsafe { libc::dlclose(h) };
                program.libs = libs;
                return Err(bad(why));
            }
            // SAFETY: `main` is the program's `int main(int, char **)`.
            let main = unsafe { std::mem::transmute::<*mut c_void, MainFn>(main) };
            libs.push(Lib { handle: h, main });
        }
        program.libs = libs;
        Ok(program)
    }

    /// The program's file.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Number of ranks of the run it was opened for.
    pub fn ranks(&self) -> u32 {
        self.ranks
    }

    /// Rank `rank`'s copy, if it was opened here.
    fn lib(&self, rank: u32) -> Option<&Lib> {
        self.libs.get(rank.checked_sub(self.first)? as usize)
    }

    /// Address of global `name` in rank `rank`'s copy (null if absent), for tests.
    pub fn global_address(&self, rank: u32, name: &CStr) -> *mut c_void {
        self.lib(rank)
            .map_or(std::ptr::null_mut(), |l| sym(l.handle, name))
    }

    /// Runs rank `mpi.rank()`'s copy of `main` on this rank.
    fn run_rank(&self, mpi: &mut Mpi<'_>) -> Result<(), MpiError> {
        let rank = mpi.rank();
        let Some(lib) = self.lib(rank as u32) else {
            return Err(MpiError::Program(format!(
                "rank {rank}'s copy of the program was not opened in this process"
            )));
        };
        // SAFETY: only the lifetime is erased; the handle outlives `main`.
        let mpi_ptr = unsafe {
            std::mem::transmute::<*mut Mpi<'_>, *mut Mpi<'static>>(std::ptr::from_mut(mpi))
        };
        let mut vp = Box::new(Vp::new(mpi_ptr, rank));
        let vp_ptr: *mut Vp = &mut *vp;
        let name = self.path.display().to_string();
        let cargs: Vec<CString> = std::iter::once(name)
            .chain(self.args.iter().cloned())
            .map(|a| CString::new(a.replace('\0', "")).expect("NUL removed"))
            .collect();
        let mut argv: Vec<*mut c_char> = cargs.iter().map(|a| a.as_ptr().cast_mut()).collect();
        argv.push(std::ptr::null_mut());
        set_current(vp_ptr);
        let argc = cargs.len() as c_int;
        // SAFETY: the program's `main`, called as C calls it; its MPI calls
        // find this rank's state through `set_current`.
        let result = catch_unwind(AssertUnwindSafe(|| unsafe {
            (lib.main)(argc, argv.as_mut_ptr())
        }));
        set_current(std::ptr::null_mut());
        match result {
            Ok(0) if vp.phase == Phase::Running => Err(MpiError::Program(
                "main returned without calling MPI_Finalize".into(),
            )),
            Ok(0) => Ok(()),
            Ok(code) => Err(MpiError::Program(format!("main returned {code}"))),
            Err(p) => match p.downcast::<Fatal>() {
                Ok(f) => Err(MpiError::Program(f.0)),
                Err(p) => resume_unwind(p),
            },
        }
    }
}

/// Options of a C program's run beyond the ranks'.
#[derive(Clone, Debug, Default)]
pub struct CRunOptions {
    /// Send what the program writes to stdout to stderr instead (so that
    /// `--json` output stays one JSON object).
    pub program_stdout_to_stderr: bool,
}

/// Runs `program` on `opts.vp` ranks (it must have been opened for at least as many).
pub fn run(
    opts: &RunOptions,
    program: Arc<CProgram>,
    c: &CRunOptions,
) -> Result<AmpiReport, AmpiError> {
    if program.ranks() != opts.vp {
        return Err(AmpiError::Usage(format!(
            "the program was opened for {} ranks, not {}",
            program.ranks(),
            opts.vp
        )));
    }
    let body: Arc<ProgramFn> = Arc::new(move |mpi| program.run_rank(mpi));
    let saved = if c.program_stdout_to_stderr {
        // SAFETY: plain descriptor calls; fd 1 is restored below.
        unsafe {
            libc::fflush(std::ptr::null_mut());
            let saved = libc::dup(1);
            libc::dup2(2, 1);
            Some(saved)
        }
    } else {
        None
    };
    let result = arts_ampi::run(opts, body);
    // SAFETY: flushing every C stream, and restoring fd 1.
    unsafe {
        libc::fflush(std::ptr::null_mut());
        if let Some(fd) = saved.filter(|&fd| fd >= 0) {
            libc::dup2(fd, 1);
            libc::close(fd);
        }
    }
    result
}
