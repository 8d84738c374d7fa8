//! A C program copied into each rank's isomalloc slot (`--isomalloc`), so
//! that the rank's code and globals move with it, between processes too.
//!
//! The program is `dlopen`ed once per process (the loader binds every
//! symbol: `RTLD_NOW`). [`Image::parse`] reads the file's loadable
//! segments and dynamic relocations (`Elf::read`, which touches only the
//! file's bytes and checks that its section headers list as many
//! relocations as its dynamic section, the loader's own list): together
//! they name every word of the program that holds an absolute address.
//! [`Image::copy`] then lays the segments out as the file has them (the
//! data as initialized, not as the original's constructors left it) in a
//! block of the running rank's slot, and writes those words:
//!
//! * an address inside the program (a relative relocation, or a symbol the
//!   program defines) is the copy's;
//! * an address of another library's symbol is the one the loader bound
//!   for the original (the libraries are at the same address in every
//!   process: `iso::layout`), except the [`REPLACEMENTS`]: the `malloc`
//!   family, pointed at [`crate::loader::malloc`] so that the program's heap is in
//!   its slot too, and `atexit`/`__cxa_atexit`, which register a
//!   destructor with the running rank (it runs when the rank's `main`
//!   returns, not when the process exits).
//!
//! x86-64 code is position-independent, so the copied text runs as it is.
//! The text pages are made executable and the copy's `.eh_frame` is
//! registered with the unwinder (a fatal MPI error unwinds through the
//! program's frames), here and wherever the slot is restored
//! (`arts_ampi::iso::slot::add_code`). The copy's constructors
//! (`DT_INIT`, `.init_array`) then run for the rank, as they would for a
//! program of its own: what they allocate is the rank's. The copy is made
//! when the rank starts and never freed: it goes with the slot.

use std::alloc::Layout;
use std::collections::hash_map::DefaultHasher;
use std::ffi::{c_char, c_int, c_void};
use std::hash::{Hash, Hasher};
use std::ops::Range;

use arts_ampi::iso::{region, slot};
use object::elf;
use object::read::elf::{Dyn, FileHeader, ProgramHeader, Rela, SectionHeader, Sym};

use crate::state::{AtExit, current};

/// The file's header type (64-bit ELF, either byte order).
type Header = elf::FileHeader64<object::Endianness>;

/// How one word of a copy is written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Fix {
    /// The copy's address of this program address.
    Inside(usize),
    /// The copy's address of the program address the file holds there
    /// (RELR's implicit addend).
    Implicit,
    /// This address (another library's, or a replacement).
    Set(usize),
}

/// What one dynamic relocation stores, as far as a copy cares.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Reloc {
    /// The program's address `addend` (`R_X86_64_RELATIVE`).
    Relative(usize),
    /// The program's address the file holds at the word (RELR).
    Implicit,
    /// An `ifunc` resolver's result (`R_X86_64_IRELATIVE`).
    Resolved,
    /// A symbol's address plus `addend`: one the program defines (at
    /// `defined`), or another library's (by `name`).
    Symbol {
        defined: Option<usize>,
        name: Vec<u8>,
        addend: usize,
    },
}

/// One loadable segment as the file has it.
#[derive(Debug)]
struct Load {
    /// Its address in the program.
    at: usize,
    /// Its initialized bytes (the rest of its memory size is zero).
    bytes: Range<usize>,
}

/// What the file says about copying it: the pure part of [`Image`],
/// read without touching the loaded program (and so safe on any bytes).
#[derive(Debug)]
struct Elf {
    /// The loadable segments.
    loads: Vec<Load>,
    /// Page-aligned address ranges of the loadable segments.
    segments: Vec<Range<usize>>,
    /// The executable ones.
    text: Vec<Range<usize>>,
    /// The `.eh_frame` section, if any.
    eh_frame: Option<usize>,
    /// `main`.
    main: usize,
    /// `DT_INIT`, if any.
    init: Option<usize>,
    /// `DT_INIT_ARRAY`: address and number of entries.
    init_array: (usize, usize),
    /// Every dynamic relocation, by the address of its word.
    relocs: Vec<(usize, Reloc)>,
}

/// The layout of a program and how to copy it.
#[derive(Debug)]
pub(crate) struct Image {
    /// Page-aligned addresses spanning every segment.
    span: Range<usize>,
    /// The segments' initialized bytes, by address.
    loads: Vec<(usize, Vec<u8>)>,
    /// Page-aligned executable parts.
    text: Vec<Range<usize>>,
    /// The `.eh_frame` section, if any.
    eh_frame: Option<usize>,
    /// Words to write, by address.
    fixes: Vec<(usize, Fix)>,
    /// `main`.
    main: usize,
    /// `DT_INIT`, if any.
    init: Option<usize>,
    /// `DT_INIT_ARRAY`: address and number of entries.
    init_array: (usize, usize),
    /// A hash of the addresses the program's relocations point at outside
    /// it, the same in every copy.
    external: u64,
}

/// A constructor as `.init_array` holds it.
pub(crate) type InitFn = unsafe extern "C" fn(c_int, *mut *mut c_char, *mut *mut c_char);

/// What a rank's copy gives it.
pub(crate) struct Copied {
    /// The copy's `main`.
    pub main: *const c_void,
    /// Its constructors, in the order they run.
    pub init: Vec<InitFn>,
    /// The copy's address of the program's address 0.
    pub base: usize,
}

fn page_down(a: usize) -> usize {
    a & !(region::page() - 1)
}

fn page_up(a: usize) -> Option<usize> {
    Some(page_down(a.checked_add(region::page() - 1)?))
}

/// `atexit(f)` in a copy: `f` runs when the running rank's `main` returns.
extern "C" fn rank_atexit(f: extern "C" fn()) -> c_int {
    register(AtExit::Plain(f))
}

/// `__cxa_atexit(f, arg, dso)` in a copy (C++ static destructors): `f(arg)`
/// runs when the running rank's `main` returns.
extern "C" fn rank_cxa_atexit(
    f: extern "C" fn(*mut c_void),
    arg: *mut c_void,
    _dso: *mut c_void,
) -> c_int {
    register(AtExit::WithArg(f, arg))
}

/// Keeps `f` for the running rank (dropped outside a rank: a thread the
/// program started has no `main` to return from).
fn register(f: AtExit) -> c_int {
    let p = current();
    if !p.is_null() {
        // SAFETY: the running rank's state, used only by this thread now.
        unsafe { (*p).at_exit.push(f) };
    }
    0
}

/// The library functions a copy of a program calls here instead, by name.
const REPLACEMENTS: &[(&str, *const ())] = &[
    ("atexit", rank_atexit as *const ()),
    ("__cxa_atexit", rank_cxa_atexit as *const ()),
];

/// The replacement for library function `name` in copies, if any.
fn replacement(name: &[u8]) -> Option<usize> {
    (REPLACEMENTS
        .iter()
        .chain(crate::loader::malloc::REPLACEMENTS))
    .find(|(n, _)| n.as_bytes() == name)
    .map(|&(_, f)| f as usize)
}

/// `DT_RELRSZ`: the bytes of the packed relative relocations.
const DT_RELRSZ: u64 = 35;

const TLS: &str = "has thread-local variables (__thread), which a rank's copy cannot \
                   carry; run it without --isomalloc";

impl Elf {
    /// Reads the segments, `main`, the constructors and the dynamic
    /// relocations of `file`.
    fn read(file: &[u8]) -> Result<Elf, String> {
        let bad = |e: object::read::Error| format!("cannot read it as ELF: {e}");
        let header = Header::parse(file).map_err(bad)?;
        let endian = header.endian().map_err(bad)?;
        if header.e_machine(endian) != elf::EM_X86_64 {
            return Err("--isomalloc copies C programs for x86-64 only".into());
        }
        let mut loads = Vec::new();
        let mut segments = Vec::new();
        let mut text = Vec::new();
        let (mut init, mut init_array, mut init_bytes) = (None, 0, 0);
        // Bytes of relocations the dynamic section names (what the loader applied).
        let mut applied = 0u64;
        for ph in header.program_headers(endian, file).map_err(bad)? {
            match ph.p_type(endian) {
                elf::PT_TLS => return Err(TLS.into()),
                elf::PT_LOAD => {
                    let at = ph.p_vaddr(endian) as usize;
                    let (memsz, filesz) = (ph.p_memsz(endian), ph.p_filesz(endian));
                    let end = at.checked_add(memsz as usize);
                    let pages = page_down(at)
                        ..end
                            .and_then(page_up)
                            .ok_or("has a segment past the end of memory")?;
                    let offset = ph.p_offset(endian) as usize;
                    let bytes = offset..offset.saturating_add(filesz as usize);
                    if filesz > memsz || bytes.end > file.len() {
                        return Err("has a segment larger than the file".into());
                    }
                    if ph.p_flags(endian) & elf::PF_X != 0 {
                        text.push(pages.clone());
                    }
                    segments.push(pages);
                    loads.push(Load { at, bytes });
                }
                elf::PT_DYNAMIC => {
                    for d in ph.dynamic(endian, file).map_err(bad)?.unwrap_or_default() {
                        let (tag, value) = (d.d_tag(endian), d.d_val(endian));
                        match tag {
                            t if [elf::DT_RELASZ as u64, elf::DT_PLTRELSZ as u64, DT_RELRSZ]
                                .contains(&t) =>
                            {
                                applied = applied.saturating_add(value)
                            }
                            t if t == elf::DT_INIT as u64 => init = Some(value as usize),
                            t if t == elf::DT_INIT_ARRAY as u64 => init_array = value as usize,
                            t if t == elf::DT_INIT_ARRAYSZ as u64 => init_bytes = value as usize,
                            _ => {}
                        }
                    }
                }
                _ => {}
            }
        }
        let sections = header.sections(endian, file).map_err(bad)?;
        let dynsym = sections
            .symbols(endian, file, elf::SHT_DYNSYM)
            .map_err(bad)?;
        let main = dynsym
            .iter()
            .find(|s| dynsym.symbol_name(endian, s) == Ok(b"main"))
            .map(|s| s.st_value(endian) as usize)
            .ok_or("has no `main` function")?;
        let eh_frame = sections
            .section_by_name(endian, b".eh_frame")
            .map(|(_, s)| s.sh_addr(endian) as usize);
        // `len` bytes at `at`, if they lie in a loaded segment.
        let inside = |at: usize, len: usize| {
            let end = at.saturating_add(len);
            segments.iter().any(|s| s.start <= at && end <= s.end)
        };
        let word_at = |at: u64| -> Result<usize, String> {
            match inside(at as usize, size_of::<usize>()) {
                true => Ok(at as usize),
                false => Err(format!(
                    "has a relocation outside its segments (at {at:#x})"
                )),
            }
        };
        let init_array = (init_array, init_bytes / size_of::<usize>());
        if init_bytes > 0 && !inside(init_array.0, init_bytes)
            || init.is_some_and(|f| !inside(f, 1))
        {
            return Err("has constructors outside its segments".into());
        }
        let mut relocs = Vec::new();
        let mut listed = 0u64;
        for s in sections.iter() {
            if let Some(relr) = s.relr(endian, file).map_err(bad)? {
                listed = listed.saturating_add(s.sh_size(endian));
                for at in relr {
                    relocs.push((word_at(at)?, Reloc::Implicit));
                }
                continue;
            }
            if s.sh_type(endian) == elf::SHT_REL {
                return Err("has REL relocations (not x86-64's RELA)".into());
            }
            let Some((relas, link)) = s.rela(endian, file).map_err(bad)? else {
                continue;
            };
            if link != dynsym.section() {
                continue;
            }
            listed = listed.saturating_add(s.sh_size(endian));
            for r in relas {
                let at = word_at(r.r_offset(endian))?;
                let addend = r.r_addend(endian) as usize;
                let reloc = match r.r_type(endian, false) {
                    elf::R_X86_64_NONE => continue,
                    elf::R_X86_64_RELATIVE => Reloc::Relative(addend),
                    elf::R_X86_64_IRELATIVE => Reloc::Resolved,
                    kind
                    @ (elf::R_X86_64_64 | elf::R_X86_64_GLOB_DAT | elf::R_X86_64_JUMP_SLOT) => {
                        let sym = dynsym
                            .symbol(object::SymbolIndex(r.r_sym(endian, false) as usize))
                            .map_err(bad)?;
                        let section = sym.st_shndx(endian);
                        Reloc::Symbol {
                            defined: (section != elf::SHN_UNDEF && section != elf::SHN_ABS)
                                .then(|| sym.st_value(endian) as usize),
                            name: dynsym.symbol_name(endian, sym).map_err(bad)?.to_vec(),
                            addend: if kind == elf::R_X86_64_64 { addend } else { 0 },
                        }
                    }
                    elf::R_X86_64_DTPMOD64 | elf::R_X86_64_DTPOFF64 | elf::R_X86_64_TPOFF64 => {
                        return Err(TLS.into());
                    }
                    other => {
                        return Err(format!(
                            "has a relocation of type {other} that a rank's copy cannot \
                             follow (compile it with arts-mpicc, which makes \
                             position-independent code)"
                        ));
                    }
                };
                relocs.push((at, reloc));
            }
        }
        if listed != applied {
            return Err(format!(
                "its section headers list {listed} bytes of dynamic relocations, its \
                 dynamic section {applied}: the file is damaged or stripped oddly"
            ));
        }
        Ok(Elf {
            loads,
            segments,
            text,
            eh_frame,
            main,
            init,
            init_array,
            relocs,
        })
    }
}

impl Image {
    /// Reads the layout and relocations of `file` (its bytes), loaded with
    /// `main` at address `main_at`.
    ///
    /// # Safety
    /// `file` is the program loaded (and staying loaded) with its `main` at
    /// `main_at`: the words its relocations name are read there, as the
    /// loader bound them.
    pub(crate) unsafe fn parse(file: &[u8], main_at: usize) -> Result<Image, String> {
        let elf = Elf::read(file)?;
        let (Some(low), Some(high)) = (
            elf.segments.iter().map(|s| s.start).min(),
            elf.segments.iter().map(|s| s.end).max(),
        ) else {
            return Err("has no loadable segment".into());
        };
        let span = low..high;
        let bias = main_at
            .checked_sub(elf.main)
            .ok_or("its `main` is not where the file says")?;
        // SAFETY: every relocation's word lies in a loaded segment
        // (`Elf::read`), and the caller keeps the program loaded.
        let loaded = |at: usize| unsafe { ((bias + at) as *const usize).read_unaligned() };
        let mut fixes = Vec::new();
        let mut external = DefaultHasher::new();
        for (at, reloc) in elf.relocs {
            let fix = match reloc {
                Reloc::Relative(addend) => Fix::Inside(addend),
                Reloc::Implicit => Fix::Implicit,
                Reloc::Resolved => match loaded(at).wrapping_sub(bias) {
                    a if span.contains(&a) => Fix::Inside(a),
                    _ => Fix::Set(loaded(at)),
                },
                Reloc::Symbol {
                    defined: Some(value),
                    addend,
                    ..
                } => Fix::Inside(value.wrapping_add(addend)),
                Reloc::Symbol { name, .. } => match replacement(&name) {
                    Some(f) => Fix::Set(f),
                    None => {
                        let value = loaded(at);
                        (name, value).hash(&mut external);
                        Fix::Set(value)
                    }
                },
            };
            fixes.push((at, fix));
        }
        let loads = elf
            .loads
            .into_iter()
            .map(|l| (l.at, file[l.bytes].to_vec()))
            .collect();
        Ok(Image {
            span,
            loads,
            text: elf.text,
            eh_frame: elf.eh_frame,
            fixes,
            main: elf.main,
            init: elf.init,
            init_array: elf.init_array,
            external: external.finish(),
        })
    }

    /// A hash of what copies point at outside the program (library
    /// functions and data): equal in two processes when a copy made in one
    /// runs in the other.
    pub(crate) fn external(&self) -> u64 {
        self.external
    }

    /// Copies the program into the heap of `slot` (open here; the running
    /// rank's); its constructors are the caller's to run.
    pub(crate) fn copy(&self, slot: usize) -> Result<Copied, String> {
        let len = self.span.len();
        let layout = Layout::from_size_align(len, region::page()).map_err(|e| e.to_string())?;
        // SAFETY: the caller's slot is open; a block of `len` bytes or null.
        let block = unsafe { slot::alloc(slot, layout) };
        if block.is_null() {
            return Err(format!("no room for a {len}-byte copy of the program"));
        }
        // The copy's address of the program's address `at`.
        let base = block as usize - self.span.start;
        // SAFETY: `block` holds `len` writable bytes; each segment and each
        // fixed word lies in the span (checked by `Elf::read`).
        unsafe {
            block.write_bytes(0, len);
            for (at, bytes) in &self.loads {
                let to = (base + at) as *mut u8;
                std::ptr::copy_nonoverlapping(bytes.as_ptr(), to, bytes.len());
            }
            for &(at, fix) in &self.fixes {
                let word = (base + at) as *mut usize;
                let value = match fix {
                    Fix::Inside(a) => base.wrapping_add(a),
                    Fix::Implicit => base.wrapping_add(word.read_unaligned()),
                    Fix::Set(v) => v,
                };
                word.write_unaligned(value);
            }
        }
        let mut eh_frame = self.eh_frame.map_or(0, |e| base + e);
        for t in &self.text {
            // SAFETY: whole pages of the block just written, which stays
            // allocated while the slot lives; the `.eh_frame` is complete.
            unsafe { slot::add_code(slot, base + t.start..base + t.end, eh_frame)? };
            eh_frame = 0;
        }
        let (array, entries) = self.init_array;
        // SAFETY: the constructors' addresses are the copy's: `DT_INIT` in
        // its text, `.init_array`'s entries relocated words of its data.
        let init = unsafe {
            let listed = (0..entries).map(|i| ((base + array) as *const usize).add(i).read());
            (self.init.map(|f| base + f).into_iter())
                .chain(listed)
                .map(|f| std::mem::transmute::<usize, InitFn>(f))
                .collect()
        };
        Ok(Copied {
            main: (base + self.main) as *const c_void,
            init,
            base,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A program built by arts-mpicc (`None` without a C compiler).
    fn program() -> Option<Vec<u8>> {
        let dir = tempfile::tempdir().unwrap();
        let so = dir.path().join("heap.so");
        let src = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/c/heap.c");
        let ok = std::process::Command::new("sh")
            .arg(crate::mpicc_path())
            .args([src.as_os_str(), "-o".as_ref(), so.as_os_str()])
            .status()
            .ok()?;
        ok.success().then(|| std::fs::read(&so).unwrap())
    }

    #[test]
    fn a_program_reads_as_segments_main_and_relocations() {
        let Some(file) = program() else {
            return;
        };
        let elf = Elf::read(&file).unwrap();
        assert!(!elf.text.is_empty() && elf.eh_frame.is_some() && elf.main > 0);
        let named = |n: &[u8]| {
            elf.relocs
                .iter()
                .any(|(_, r)| matches!(r, Reloc::Symbol { defined: None, name, .. } if name == n))
        };
        assert!(
            named(b"__wrap_malloc") && named(b"ARTS_MPI_Init"),
            "{:?}",
            elf.relocs
        );
        let relative = |r: &Reloc| matches!(r, Reloc::Relative(_) | Reloc::Implicit);
        assert!(elf.relocs.iter().any(|(_, r)| relative(r)));
        assert!(
            elf.init_array.1 >= 1,
            "frame_dummy at least: {:?}",
            elf.init_array
        );
        let loaded: usize = elf.loads.iter().map(|l| l.bytes.len()).sum();
        assert!(loaded > 0 && loaded <= file.len());
    }

    #[test]
    fn damaged_files_are_refused_without_a_panic() {
        let Some(file) = program() else {
            return;
        };
        let mut seed = 0x9e37_79b9_7f4a_7c15u64;
        let mut next = move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        for cut in [0, 4, 63, 64, 200, file.len() / 2, file.len() - 1] {
            assert!(Elf::read(&file[..cut]).is_err(), "cut at {cut}");
        }
        for _ in 0..3000 {
            let mut bad = file.clone();
            for _ in 0..1 + next() % 8 {
                // Flips land in the headers and tables half of the time.
                let at = match next() % 2 {
                    0 => next() as usize % 4096.min(bad.len()),
                    _ => next() as usize % bad.len(),
                };
                bad[at] ^= 1 << (next() % 8);
            }
            let _ = Elf::read(&bad);
        }
    }
}
