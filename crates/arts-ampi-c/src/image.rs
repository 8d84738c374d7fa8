//! A C program copied into each rank's isomalloc slot (`--isomalloc`), so
//! that the rank's code and globals move with it, between processes too.
//!
//! The program is `dlopen`ed once per process (its constructors run, the
//! loader binds every symbol: `RTLD_NOW`). [`Image::parse`] reads the
//! file's dynamic relocations (`Elf::read`, which touches only the file's
//! bytes and checks that its section headers list as many relocations as
//! its dynamic section, the loader's own list): together they name every
//! word of the loaded object that holds an absolute address. [`Image::copy`] then copies the
//! loaded segments into a block of the running rank's slot and rewrites
//! those words:
//!
//! * an address inside the object (a relative relocation, or a symbol the
//!   object defines) is moved by the distance between the copy and the
//!   original, so the copy's code and data refer to the copy;
//! * an address of another library's symbol is kept (the libraries are at
//!   the same address in every process: `iso::layout`), except the
//!   `malloc` family, which is pointed at [`crate::malloc`] so that the
//!   program's heap is in its slot too.
//!
//! x86-64 code is position-independent, so the copied text runs as it is.
//! The text pages are made executable and the copy's `.eh_frame` is
//! registered with the unwinder (a fatal MPI error unwinds through the
//! program's frames), here and wherever the slot is restored
//! (`arts_ampi::iso::slot::add_code`). The copy is made when the rank
//! starts and never freed: it goes with the slot.

use std::alloc::Layout;
use std::collections::hash_map::DefaultHasher;
use std::ffi::c_void;
use std::hash::{Hash, Hasher};
use std::ops::Range;

use arts_ampi::iso::{region, slot};
use object::elf;
use object::read::elf::{Dyn, FileHeader, ProgramHeader, Rela, SectionHeader, Sym};

/// The file's header type (64-bit ELF, either byte order).
type Header = elf::FileHeader64<object::Endianness>;

/// How one word of a copy is rewritten.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Fix {
    /// It holds an address inside the object: moved with the copy.
    Shift,
    /// It holds this address (a replacement of a library function).
    Set(usize),
}

/// What one dynamic relocation stores, as far as a copy cares.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Reloc {
    /// An address inside the object (`R_X86_64_RELATIVE`, RELR).
    Relative,
    /// An `ifunc` resolver's result (`R_X86_64_IRELATIVE`).
    Resolved,
    /// A symbol's address: one the object defines, or another library's.
    Symbol { defined: bool, name: Vec<u8> },
}

/// What the file says about copying it: the pure part of [`Image`],
/// read without touching the loaded program (and so safe on any bytes).
#[derive(Debug)]
struct Elf {
    /// Page-aligned address ranges of the loadable segments.
    segments: Vec<Range<usize>>,
    /// The executable ones.
    text: Vec<Range<usize>>,
    /// The `.eh_frame` section, if any.
    eh_frame: Option<usize>,
    /// `main`.
    main: usize,
    /// Every dynamic relocation, by the address of its word.
    relocs: Vec<(usize, Reloc)>,
}

/// The layout of a loaded program and how to copy it.
#[derive(Debug)]
pub(crate) struct Image {
    /// Where the loaded original's addresses start (its load bias).
    bias: usize,
    /// Page-aligned addresses (relative to the bias) spanning every segment.
    span: Range<usize>,
    /// The parts of the span the loader mapped (relative), to copy.
    segments: Vec<Range<usize>>,
    /// Page-aligned executable parts (relative).
    text: Vec<Range<usize>>,
    /// The `.eh_frame` section (relative), if any.
    eh_frame: Option<usize>,
    /// Words to rewrite, by relative address.
    fixes: Vec<(usize, Fix)>,
    /// `main` (relative).
    main: usize,
    /// A hash of the addresses the object's relocations point at outside
    /// it, kept as they are in copies.
    external: u64,
}

/// What a rank's copy gives it: its `main`.
pub(crate) struct Copied {
    /// The copy's `main`.
    pub main: *const c_void,
}

fn page_down(a: usize) -> usize {
    a & !(region::page() - 1)
}

fn page_up(a: usize) -> Option<usize> {
    Some(page_down(a.checked_add(region::page() - 1)?))
}

/// The replacement for library function `name` in copies, if any.
fn replacement(name: &[u8]) -> Option<usize> {
    crate::malloc::REPLACEMENTS
        .iter()
        .find(|(n, _)| n.as_bytes() == name)
        .map(|&(_, f)| f as usize)
}

/// `DT_RELRSZ`: the bytes of the packed relative relocations.
const DT_RELRSZ: u64 = 35;

const TLS: &str = "has thread-local variables (__thread), which a rank's copy cannot \
                   carry; run it without --isomalloc";

impl Elf {
    /// Reads the segments, `main` and the dynamic relocations of `file`.
    fn read(file: &[u8]) -> Result<Elf, String> {
        let bad = |e: object::read::Error| format!("cannot read it as ELF: {e}");
        let header = Header::parse(file).map_err(bad)?;
        let endian = header.endian().map_err(bad)?;
        if header.e_machine(endian) != elf::EM_X86_64 {
            return Err("--isomalloc copies C programs for x86-64 only".into());
        }
        let mut segments = Vec::new();
        let mut text = Vec::new();
        // Bytes of relocations the dynamic section names (what the loader applied).
        let mut applied = 0u64;
        for ph in header.program_headers(endian, file).map_err(bad)? {
            match ph.p_type(endian) {
                elf::PT_TLS => return Err(TLS.into()),
                elf::PT_LOAD => {
                    let at = ph.p_vaddr(endian) as usize;
                    let end = at.checked_add(ph.p_memsz(endian) as usize);
                    let pages = page_down(at)
                        ..end
                            .and_then(page_up)
                            .ok_or("has a segment past the end of memory")?;
                    if ph.p_flags(endian) & elf::PF_X != 0 {
                        text.push(pages.clone());
                    }
                    segments.push(pages);
                }
                elf::PT_DYNAMIC => {
                    for d in ph.dynamic(endian, file).map_err(bad)?.unwrap_or_default() {
                        let tag = d.d_tag(endian);
                        if [elf::DT_RELASZ as u64, elf::DT_PLTRELSZ as u64, DT_RELRSZ]
                            .contains(&tag)
                        {
                            applied = applied.saturating_add(d.d_val(endian));
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
        // A relocation's word, if it lies in a loaded segment.
        let word_at = |at: u64| -> Result<usize, String> {
            let at = at as usize;
            let end = at.saturating_add(size_of::<usize>());
            match segments.iter().any(|s| s.start <= at && end <= s.end) {
                true => Ok(at),
                false => Err(format!(
                    "has a relocation outside its segments (at {at:#x})"
                )),
            }
        };
        let mut relocs = Vec::new();
        let mut listed = 0u64;
        for s in sections.iter() {
            if let Some(relr) = s.relr(endian, file).map_err(bad)? {
                listed = listed.saturating_add(s.sh_size(endian));
                for at in relr {
                    relocs.push((word_at(at)?, Reloc::Relative));
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
                let reloc = match r.r_type(endian, false) {
                    elf::R_X86_64_NONE => continue,
                    elf::R_X86_64_RELATIVE => Reloc::Relative,
                    elf::R_X86_64_IRELATIVE => Reloc::Resolved,
                    elf::R_X86_64_64 | elf::R_X86_64_GLOB_DAT | elf::R_X86_64_JUMP_SLOT => {
                        let sym = dynsym
                            .symbol(object::SymbolIndex(r.r_sym(endian, false) as usize))
                            .map_err(bad)?;
                        Reloc::Symbol {
                            defined: sym.st_shndx(endian) != elf::SHN_UNDEF,
                            name: dynsym.symbol_name(endian, sym).map_err(bad)?.to_vec(),
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
            segments,
            text,
            eh_frame,
            main,
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
    /// `main_at`: the words its relocations name are read there.
    pub unsafe fn parse(file: &[u8], main_at: usize) -> Result<Image, String> {
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
        let inside = |a: usize| (bias + span.start..bias + span.end).contains(&a);
        // SAFETY: every relocation's word lies in a loaded segment
        // (`Elf::read`), and the caller keeps the program loaded.
        let loaded = |rel: usize| unsafe { ((bias + rel) as *const usize).read_unaligned() };
        let mut fixes = Vec::new();
        let mut external = DefaultHasher::new();
        for (at, reloc) in elf.relocs {
            let fix = match reloc {
                Reloc::Relative => Some(Fix::Shift),
                Reloc::Resolved => inside(loaded(at)).then_some(Fix::Shift),
                Reloc::Symbol { defined, name } => {
                    let value = loaded(at);
                    match replacement(&name) {
                        Some(f) if !defined => Some(Fix::Set(f)),
                        _ if inside(value) => Some(Fix::Shift),
                        _ => {
                            (name, value).hash(&mut external);
                            None
                        }
                    }
                }
            };
            fixes.extend(fix.map(|f| (at, f)));
        }
        Ok(Image {
            bias,
            span,
            segments: elf.segments,
            text: elf.text,
            eh_frame: elf.eh_frame,
            fixes,
            main: elf.main,
            external: external.finish(),
        })
    }

    /// A hash of what copies point at outside the program (library
    /// functions and data): equal in two processes when a copy made in one
    /// runs in the other.
    pub fn external(&self) -> u64 {
        self.external
    }

    /// Copies the program into the heap of `slot` (open here; the running
    /// rank's).
    ///
    /// # Safety
    /// The original stays loaded while this runs.
    pub unsafe fn copy(&self, slot: usize) -> Result<Copied, String> {
        let len = self.span.len();
        let layout = Layout::from_size_align(len, region::page()).map_err(|e| e.to_string())?;
        // SAFETY: the caller's slot is open; a block of `len` bytes or null.
        let block = unsafe { slot::alloc(slot, layout) };
        if block.is_null() {
            return Err(format!("no room for a {len}-byte copy of the program"));
        }
        // The copy's address of the original's relative address `rel`.
        let base = block as usize - self.span.start;
        // SAFETY: `block` holds `len` writable bytes; each segment lies in
        // the span and is mapped readable in the original; each fixed word
        // lies in a segment (checked by `parse`).
        unsafe {
            block.write_bytes(0, len);
            for seg in &self.segments {
                std::ptr::copy_nonoverlapping(
                    (self.bias + seg.start) as *const u8,
                    (base + seg.start) as *mut u8,
                    seg.len(),
                );
            }
            for &(at, fix) in &self.fixes {
                let word = (base + at) as *mut usize;
                let value = match fix {
                    Fix::Shift => word
                        .read_unaligned()
                        .wrapping_sub(self.bias)
                        .wrapping_add(base),
                    Fix::Set(f) => f,
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
        Ok(Copied {
            main: (base + self.main) as *const c_void,
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
                .any(|(_, r)| matches!(r, Reloc::Symbol { defined: false, name } if name == n))
        };
        assert!(
            named(b"malloc") && named(b"ARTS_MPI_Init"),
            "{:?}",
            elf.relocs
        );
        assert!(elf.relocs.iter().any(|(_, r)| *r == Reloc::Relative));
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
