//! Loading a C program (a shared object built by `arts-mpicc`) for the
//! ranks and running its `main` as each rank's body.
//!
//! **Private globals.** Every rank gets its own copy of the program, so
//! globals and statics are per rank with no cost at context switch (a
//! rank's code addresses its own copy; nothing is swapped). Two ways:
//!
//! * [`CProgram::open_ranks`]: the file is copied to a private temporary
//!   file per rank of this process and each copy is `dlopen`ed
//!   (`RTLD_NOW | RTLD_LOCAL`), each with its own data and BSS segments.
//!   The copies are unlinked once opened. Ranks move between the PEs of
//!   their process.
//! * [`CProgram::open_in_slots`] (isomalloc): the program is `dlopen`ed
//!   once and each rank copies it into its isomalloc slot when it starts
//!   (`crate::loader::image`), its `malloc` served from the slot too
//!   (`crate::loader::malloc`). Ranks move between processes, and can be saved
//!   whole (`AMPI_Checkpoint`).
//!
//! `arts-mpicc` links with `-Bsymbolic`, so the program's references to its
//! own globals bind to its own copy even when a name also exists in the
//! host process.

pub(crate) mod exit;
pub(crate) mod heap_account;
pub mod heap_share;
pub(crate) mod image;
pub(crate) mod interpose;
mod libraries;
pub(crate) mod malloc;
mod real;
pub(crate) mod sleep;
pub(crate) mod stdio;
pub(crate) mod streams;
pub(crate) mod tls;

use std::ffi::{CStr, CString, c_char, c_int, c_void};
use std::ops::Range;
use std::panic::{AssertUnwindSafe, catch_unwind, resume_unwind};
use std::path::{Path, PathBuf};
use std::sync::Arc;

use arts_ampi::{AmpiError, AmpiReport, Mpi, MpiError, PerProcess, ProgramFn, RunOptions, Switch};

use crate::fortran::rng::{self, RankRng};
use crate::state::{FortranCommons, Phase, Vp, set_current};
use heap_account::{Heap, HeapLimit};
use image::{Image, InitFn};
use tls::RankTls;

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

/// One loaded copy of the program.
struct Lib {
    handle: *mut c_void,
    main: MainFn,
}

/// How the ranks get their private copies.
enum Copies {
    /// One private file per rank of this process, each `dlopen`ed:
    /// `libs[i]` is rank `first + i`'s.
    Files { first: u32, libs: Vec<Lib> },
    /// The program loaded once; each rank copies it into its isomalloc
    /// slot when it starts (`crate::loader::image`).
    Slots { original: Lib, image: Image },
}

/// A program loaded for the ranks of a run (of this process, under mpirun).
pub struct CProgram {
    path: PathBuf,
    args: Vec<String>,
    /// The ranks of the run.
    ranks: u32,
    copies: Copies,
    /// The program draws with Fortran's `random_number`
    /// (`crate::fortran::rng`).
    draws: bool,
    /// The shared libraries the program brought into the process, which
    /// its ranks share (`libraries`).
    libraries: Vec<String>,
}

// SAFETY: the handles and function pointers are process-wide; each rank
// uses only its own copy, from one thread at a time.
unsafe impl Send for CProgram {}
// SAFETY: as above (nothing is mutated through `&CProgram`).
unsafe impl Sync for CProgram {}

impl Drop for CProgram {
    fn drop(&mut self) {
        close(match &self.copies {
            Copies::Files { libs, .. } => libs,
            Copies::Slots { original, .. } => std::slice::from_ref(original),
        });
    }
}

/// Closes loaded copies that no rank runs any more.
fn close(libs: &[Lib]) {
    for l in libs {
        // SAFETY: each handle came from dlopen and is not used any more.
        unsafe { libc::dlclose(l.handle) };
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

/// The largest program file `arts ampi run` reads (4 GiB).
const MAX_PROGRAM_BYTES: u64 = 4 << 30;

/// Reads `path`, refusing what is not a whole ELF file (a truncated one
/// would fault in `dlopen` when the loader touches a missing page).
fn read_program(path: &Path) -> Result<Vec<u8>, LoadError> {
    // A FIFO or a device would block the read, or never end it.
    let bytes = arts_util::input_file::read(path, MAX_PROGRAM_BYTES).map_err(|e| {
        not_a_program(
            path,
            format!("{}; give the shared object `arts-mpicc` built", e.why),
        )
    })?;
    if !bytes.starts_with(b"\x7fELF") {
        return Err(not_a_program(
            path,
            "not a shared object (not an ELF file); compile the program with \
             `arts-mpicc prog.c -o prog.so`"
                .into(),
        ));
    }
    segments_within(&bytes).map_err(|why| not_a_program(path, why))?;
    Ok(bytes)
}

/// Checks that the ELF header, the program headers and every segment's
/// bytes lie within `file`.
fn segments_within(file: &[u8]) -> Result<(), String> {
    use object::read::elf::{FileHeader, ProgramHeader};
    let bad = |e: object::read::Error| format!("is not a whole ELF file ({e}); rebuild it");
    let header = object::elf::FileHeader64::<object::Endianness>::parse(file).map_err(bad)?;
    let endian = header.endian().map_err(bad)?;
    for ph in header.program_headers(endian, file).map_err(bad)? {
        let end = ph.p_offset(endian).checked_add(ph.p_filesz(endian));
        if end.is_none_or(|e| e > file.len() as u64) {
            return Err(format!(
                "is truncated: a segment ends past its {} bytes; rebuild it",
                file.len()
            ));
        }
    }
    Ok(())
}

fn not_a_program(path: &Path, why: String) -> LoadError {
    LoadError::NotAProgram {
        path: path.display().to_string(),
        why,
    }
}

/// `dlopen`s `file` (a copy of `path`, or `path` itself) and checks it is a
/// program built with `arts-mpicc`; errors name `path`.
fn load(file: &Path, path: &Path) -> Result<Lib, LoadError> {
    let bad = |why: String| not_a_program(path, why);
    // A bare name would be searched for on the library path, not here.
    let file = std::path::absolute(file).unwrap_or_else(|_| file.to_path_buf());
    let c = CString::new(file.as_os_str().as_encoded_bytes())
        .map_err(|_| bad("the path has a NUL byte".into()))?;
    interpose::prepare();
    // SAFETY: dlopen of a file path; constructors of the program run.
    let h = unsafe { libc::dlopen(c.as_ptr(), libc::RTLD_NOW | libc::RTLD_LOCAL) };
    if h.is_null() {
        let e = dlerror().replace(&file.display().to_string(), &path.display().to_string());
        return Err(bad(if e.contains("position-independent executable") {
            "is an executable, not a shared object: compile the program with \
             `arts-mpicc prog.c -o prog.so`"
                .to_string()
        } else {
            format!("cannot load it: {e}")
        }));
    }
    crate::fortran::args::find_real(h);
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
        let v = unsafe { std::mem::transmute::<*mut c_void, extern "C" fn() -> c_int>(marker)() };
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
        return Err(bad(why));
    }
    // SAFETY: `main` is the program's `int main(int, char **)`.
    let main = unsafe { std::mem::transmute::<*mut c_void, MainFn>(main) };
    Ok(Lib { handle: h, main })
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
        let draws = rng::draws(&read_program(path)?);
        let copy_err = |e: std::io::Error| LoadError::Copy {
            path: path.display().to_string(),
            why: e.to_string(),
        };
        // Each copy lies beside the program while it is opened, so that
        // `$ORIGIN` in its library path means the program's folder (in
        // the temporary folder where that one cannot be written).
        let home = std::path::absolute(path)
            .ok()
            .and_then(|p| p.parent().map(Path::to_path_buf))
            .unwrap_or_default();
        let first = here.start;
        let mut libs = Vec::with_capacity(here.len());
        let before = libraries::loaded();
        let mut libraries = Vec::new();
        for r in here {
            let named = tempfile::Builder::new()
                .prefix(&format!(".arts-rank-{r}-"))
                .suffix(".so")
                .tempfile_in(&home)
                .or_else(|_| tempfile::Builder::new().suffix(".so").tempfile())
                .map_err(copy_err)?;
            let copy = named.path().to_path_buf();
            let lib = std::fs::copy(path, &copy)
                .map_err(copy_err)
                .and_then(|_| load(&copy, path));
            if libs.is_empty() && lib.is_ok() {
                libraries = libraries::brought(&before, &libraries::loaded(), &copy);
            }
            drop(named);
            match lib {
                Ok(lib) => libs.push(lib),
                Err(e) => {
                    close(&libs);
                    return Err(e);
                }
            }
        }
        Ok(CProgram {
            path: path.to_path_buf(),
            args,
            ranks,
            copies: Copies::Files { first, libs },
            draws,
            libraries,
        })
    }

    /// Opens `path` once for a run of `ranks` ranks in isomalloc slots
    /// (`RunOptions::isomalloc`): each rank copies the program into its
    /// slot when it starts, so that its code and globals move with it,
    /// between processes too. Any rank may run here.
    pub fn open_in_slots(
        path: &Path,
        ranks: u32,
        args: Vec<String>,
    ) -> Result<CProgram, LoadError> {
        let bytes = read_program(path)?;
        let before = libraries::loaded();
        let original = load(path, path)?;
        let own = std::path::absolute(path).unwrap_or_else(|_| path.to_path_buf());
        let libraries = libraries::brought(&before, &libraries::loaded(), &own);
        // SAFETY: `bytes` is the file just loaded as `original`, which stays
        // loaded as long as the image is used (both live in the program).
        match unsafe { Image::parse(&bytes, original.main as usize) } {
            Ok(image) => {
                arts_ampi::iso::layout::mark_loaded(image.external());
                Ok(CProgram {
                    path: path.to_path_buf(),
                    args,
                    ranks,
                    copies: Copies::Slots { original, image },
                    draws: rng::draws(&bytes),
                    libraries,
                })
            }
            Err(why) => {
                close(&[original]);
                Err(not_a_program(path, why))
            }
        }
    }

    /// The program's file.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// The shared libraries the program brought into this process (its
    /// `-l` libraries but C's, C++'s, Fortran's and OpenMP's runtimes):
    /// loaded once per process, so the ranks here share their globals.
    pub fn shared_libraries(&self) -> &[String] {
        &self.libraries
    }

    /// Number of ranks of the run it was opened for.
    pub fn ranks(&self) -> u32 {
        self.ranks
    }

    /// Whether its ranks copy it into their isomalloc slots
    /// ([`open_in_slots`](CProgram::open_in_slots)).
    pub fn in_slots(&self) -> bool {
        matches!(self.copies, Copies::Slots { .. })
    }

    /// Rank `rank`'s private file copy, if it was opened here.
    fn lib(&self, rank: u32) -> Option<&Lib> {
        match &self.copies {
            Copies::Files { first, libs } => libs.get(rank.checked_sub(*first)? as usize),
            Copies::Slots { .. } => None,
        }
    }

    /// Address of global `name` in rank `rank`'s file copy (null if
    /// absent, and for copies in slots, made when the ranks start), for tests.
    pub fn global_address(&self, rank: u32, name: &CStr) -> *mut c_void {
        self.lib(rank)
            .map_or(std::ptr::null_mut(), |l| sym(l.handle, name))
    }

    /// Rank `rank`'s `main`: its file copy's, or that of a copy made now
    /// in its slot, with the copy's constructors to run first.
    fn start_of(&self, rank: u32) -> Result<Start, MpiError> {
        let Copies::Slots { image, original } = &self.copies else {
            let lib = self.lib(rank).ok_or_else(|| {
                MpiError::Program(format!(
                    "rank {rank}'s copy of the program was not opened in this process"
                ))
            })?;
            let commons = commons_at(|name| sym(lib.handle, name) as usize);
            return Ok(Start {
                main: lib.main,
                init: Vec::new(),
                commons,
                tls: RankTls::of(lib.handle),
                rng: self
                    .draws
                    .then(|| rng::CALLS.map(|name| sym(lib.handle, name) as usize)),
            });
        };
        let Some(slot) = arts_ampi::iso::current() else {
            return Err(MpiError::Program(
                "a program opened for isomalloc slots runs only with isomalloc".into(),
            ));
        };
        let copy = image.copy(slot).map_err(|e| {
            MpiError::Program(format!(
                "cannot copy the program into rank {rank}'s slot: {e}"
            ))
        })?;
        // The copy's `MPI_IN_PLACE` and `MPI_BOTTOM`: the original's, moved
        // by as much as the copy is from the original's load address.
        let in_copy = |p: *mut c_void| load_base(p).map_or(0, |b| copy.base + (p as usize - b));
        let commons = commons_at(|name| in_copy(sym(original.handle, name)));
        let rng = self
            .draws
            .then(|| rng::CALLS.map(|name| in_copy(sym(original.handle, name))));
        Ok(Start {
            // SAFETY: the copy's `main` is the program's `int main(int, char **)`.
            main: unsafe { std::mem::transmute::<*const c_void, MainFn>(copy.main) },
            init: copy.init,
            commons,
            tls: None,
            rng,
        })
    }

    /// Runs rank `mpi.rank()`'s copy of `main` on this rank, its heap
    /// bounded by `heap` (`None`: unbounded).
    fn run_rank(&self, mpi: &mut Mpi<'_>, heap: Option<Arc<HeapLimit>>) -> Result<(), MpiError> {
        let rank = mpi.rank();
        let start = self.start_of(rank as u32)?;
        let argv: Vec<String> = std::iter::once(self.path.display().to_string())
            .chain(self.args.iter().cloned())
            .collect();
        // `self` is not touched past this point: with isomalloc the rank may
        // end in another process, where it is not at this address.
        run_main(start, argv, mpi, heap)
    }
}

/// How a rank's copy of the program starts.
struct Start {
    main: MainFn,
    /// Constructors to run first (copies in slots).
    init: Vec<InitFn>,
    /// The addresses of the copy's Fortran `MPI_IN_PLACE` and `MPI_BOTTOM`.
    commons: FortranCommons,
    /// The copy's thread-local variables (file copies; `None`: none).
    tls: Option<RankTls>,
    /// The addresses of the copy's `fortran::rng::CALLS`, when the
    /// program draws with `random_number`.
    rng: Option<[usize; 4]>,
}

/// The common block of Fortran's `MPI_IN_PLACE` (`mpif.h`).
const FORTRAN_IN_PLACE: &CStr = c"arts_mpi_in_place_";
/// The common block of Fortran's `MPI_BOTTOM` (`mpif.h`).
const FORTRAN_BOTTOM: &CStr = c"arts_mpi_bottom_";

/// A copy's Fortran common blocks, `address` giving each one's place.
fn commons_at(address: impl Fn(&CStr) -> usize) -> FortranCommons {
    FortranCommons {
        in_place: address(FORTRAN_IN_PLACE),
        bottom: address(FORTRAN_BOTTOM),
    }
}

/// The load address of the object holding `p` (`None` for null).
fn load_base(p: *mut c_void) -> Option<usize> {
    if p.is_null() {
        return None;
    }
    // SAFETY: `info` is written by dladdr; `p` is an address of a loaded object.
    let mut info: libc::Dl_info = unsafe { std::mem::zeroed() };
    (unsafe { libc::dladdr(p, &mut info) } != 0).then_some(info.dli_fbase as usize)
}

/// Runs the constructors `init`, then `main` with `argv`, as the running
/// rank (`mpi`), then what the program registered to run at its exit; and
/// turns how it ended into the rank's result. `main` returning `n`,
/// `exit(n)` and Fortran's `STOP n` end the rank with code `n` (the run's
/// exit code is the largest; `mpirun`'s too) after `MPI_Finalize`, and fail
/// it before.
fn run_main(
    start: Start,
    argv: Vec<String>,
    mpi: &mut Mpi<'_>,
    heap: Option<Arc<HeapLimit>>,
) -> Result<(), MpiError> {
    let Start {
        main,
        init,
        commons,
        tls,
        rng,
    } = start;
    let rank = mpi.rank();
    // SAFETY: only the lifetime is erased; `mpi` outlives `main`.
    let mpi_ptr =
        unsafe { std::mem::transmute::<*mut Mpi<'_>, *mut Mpi<'static>>(std::ptr::from_mut(mpi)) };
    let mut vp = Box::new(Vp::new(mpi_ptr, rank));
    vp.fortran = commons;
    vp.heap = Heap::new(heap);
    vp.started(&argv, mpi.size());
    let vp_ptr: *mut Vp = &mut *vp;
    // The rank's own `argv`, freed when it ends (libgfortran keeps a copy of
    // its own: `crate::fortran::args`).
    let cargs: Vec<CString> = argv
        .into_iter()
        .map(|a| CString::new(a.replace('\0', "")).expect("NUL removed"))
        .collect();
    let mut ptrs: Vec<*mut c_char> = cargs.iter().map(|a| a.as_ptr().cast_mut()).collect();
    ptrs.push(std::ptr::null_mut());
    let (argc, argv) = (cargs.len() as c_int, ptrs.as_mut_ptr());
    set_current(vp_ptr);
    thread_state_follows(mpi, tls, rng.and_then(RankRng::new));
    // SAFETY: the program's constructors and `main`, called as the C
    // runtime calls them; its MPI calls find this rank's state through
    // `set_current`, and so do its `atexit` registrations.
    let result = catch_unwind(AssertUnwindSafe(|| unsafe {
        for f in &init {
            f(argc, argv, environ);
        }
        // `exit(n)` and a Fortran `STOP n` end the rank as `main`
        // returning n would.
        let (code, how) = match catch_unwind(AssertUnwindSafe(|| main(argc, argv))) {
            Ok(code) => (code, exit::Ending::Returned),
            Err(p) => exit::ending(p).unwrap_or_else(|p| resume_unwind(p)),
        };
        // `main` may have suspended: the rank's state afresh.
        set_current(vp_ptr);
        while how.runs_at_exit()
            && let Some(f) = (*vp_ptr).at_exit.pop()
        {
            f.run();
        }
        // The code a parent process would see (exit(-1) is 255).
        (code & 0xff, how)
    }));
    // What the rank wrote reaches its destination, a partial last line too.
    vp.stdio.finish();
    set_current(std::ptr::null_mut());
    match result {
        Ok((code, how)) if vp.phase == Phase::Running => {
            Err(MpiError::Program(how.before_finalize(code)))
        }
        Ok((code, _)) => {
            mpi.set_exit_code(code);
            Ok(())
        }
        Err(p) => Err(MpiError::Program(
            exit::failure(p).unwrap_or_else(|p| resume_unwind(p)),
        )),
    }
}

/// Gives the rank its own thread-local variables and Fortran generator
/// state on whatever PE thread it resumes (`tls`, `crate::fortran::rng`).
fn thread_state_follows(mpi: &mut Mpi<'_>, mut tls: Option<RankTls>, mut rng: Option<RankRng>) {
    if tls.is_none() && rng.is_none() {
        return;
    }
    mpi.set_switch_hook(Some(Box::new(move |switch| match switch {
        Switch::Out => {
            if let Some(r) = &mut rng {
                r.save();
            }
        }
        Switch::In => {
            if let Some(t) = &mut tls {
                t.follow();
            }
            if let Some(r) = &mut rng {
                r.restore();
            }
        }
    })));
}

unsafe extern "C" {
    /// The process's environment, as constructors receive it.
    static mut environ: *mut *mut c_char;
}

/// Options of a C program's run beyond the ranks'.
#[derive(Clone, Debug, Default)]
pub struct CRunOptions {
    /// Send what the program writes to stdout to stderr instead (so that
    /// `--json` output stays one JSON object).
    pub program_stdout_to_stderr: bool,
    /// Prefix every line a rank writes with `[1,RANK]<stdout>:` or
    /// `[1,RANK]<stderr>:`, as Open MPI's `mpirun --tag-output`
    /// (`crate::loader::stdio`).
    pub tag_output: bool,
    /// Each rank's bound on its program's heap (`None`: unbounded, nothing
    /// counted), enforced while it runs (`heap_share`).
    pub heap_limit: Option<HeapLimit>,
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
    let heap = c.heap_limit.clone().map(Arc::new);
    let body: Arc<ProgramFn> = match (program.in_slots(), opts.isomalloc) {
        (false, false) => Arc::new(move |mpi| program.run_rank(mpi, heap.clone())),
        // A rank may run in another process, which reaches its own loaded
        // program through the same handle (an `Arc` would be this one's).
        (true, true) => {
            let here = PerProcess::new(program);
            Arc::new(move |mpi| here.get().run_rank(mpi, heap.clone()))
        }
        (true, false) => {
            return Err(AmpiError::Usage(
                "a program opened for isomalloc slots runs with isomalloc".into(),
            ));
        }
        (false, true) => {
            return Err(AmpiError::Usage(
                "with isomalloc a C program is copied into the ranks' slots: open it with \
                 CProgram::open_in_slots"
                    .into(),
            ));
        }
    };
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
    interpose::prepare();
    streams::set_tag_output(c.tag_output);
    arts_ampi::set_fault_flush(stdio::flush_after_fault);
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
