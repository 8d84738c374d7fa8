//! A C program copied into each rank's isomalloc slot (`--isomalloc`), so
//! that the rank's code and globals move with it, between processes too.
//!
//! The program is `dlopen`ed once per process (its constructors run, the
//! loader binds every symbol: `RTLD_NOW`). [`Image::parse`] reads the
//! file's dynamic relocations: together they name every word of the loaded
//! object that holds an absolute address. [`Image::copy`] then copies the
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
use object::read::elf::{FileHeader, ProgramHeader, Rela, SectionHeader, Sym};

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

fn page_up(a: usize) -> usize {
    page_down(a + region::page() - 1)
}

/// The replacement for library function `name` in copies, if any.
fn replacement(name: &[u8]) -> Option<usize> {
    crate::malloc::REPLACEMENTS
        .iter()
        .find(|(n, _)| n.as_bytes() == name)
        .map(|&(_, f)| f as usize)
}

impl Image {
    /// Reads the layout and relocations of `file` (its bytes), loaded with
    /// `main` at address `main_at`.
    pub fn parse(file: &[u8], main_at: usize) -> Result<Image, String> {
        let bad = |e: object::read::Error| format!("cannot read it as ELF: {e}");
        let header = Header::parse(file).map_err(bad)?;
        let endian = header.endian().map_err(bad)?;
        if header.e_machine(endian) != elf::EM_X86_64 {
            return Err("--isomalloc copies C programs for x86-64 only".into());
        }
        let mut segments = Vec::new();
        let mut text = Vec::new();
        for ph in header.program_headers(endian, file).map_err(bad)? {
            match ph.p_type(endian) {
                elf::PT_TLS => {
                    return Err(
                        "has thread-local variables (__thread), which a rank's copy \
                                cannot carry; run it without --isomalloc"
                            .into(),
                    );
                }
                elf::PT_LOAD => {
                    let at = ph.p_vaddr(endian) as usize;
                    let end = at + ph.p_memsz(endian) as usize;
                    let pages = page_down(at)..page_up(end);
                    if ph.p_flags(endian) & elf::PF_X != 0 {
                        text.push(pages.clone());
                    }
                    segments.push(pages);
                }
                _ => {}
            }
        }
        let (Some(low), Some(high)) = (
            segments.iter().map(|s| s.start).min(),
            segments.iter().map(|s| s.end).max(),
        ) else {
            return Err("has no loadable segment".into());
        };
        let span = low..high;
        let sections = header.sections(endian, file).map_err(bad)?;
        let dynsym = sections
            .symbols(endian, file, elf::SHT_DYNSYM)
            .map_err(bad)?;
        let main = dynsym
            .iter()
            .find(|s| dynsym.symbol_name(endian, s) == Ok(b"main"))
            .map(|s| s.st_value(endian) as usize)
            .ok_or("has no `main` function")?;
        let bias = main_at
            .checked_sub(main)
            .ok_or("its `main` is not where the file says")?;
        let eh_frame = sections
            .section_by_name(endian, b".eh_frame")
            .map(|(_, s)| s.sh_addr(endian) as usize);
        let inside = |a: usize| (bias + span.start..bias + span.end).contains(&a);
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
        let loaded = |rel: usize| {
            // SAFETY: `rel` is a word of a loaded segment (`word_at`), which
            // stays loaded (the caller keeps its handle).
            unsafe { ((bias + rel) as *const usize).read_unaligned() }
        };
        let mut fixes = Vec::new();
        let mut external = DefaultHasher::new();
        for s in sections.iter() {
            if let Some(relr) = s.relr(endian, file).map_err(bad)? {
                for at in relr {
                    fixes.push((word_at(at)?, Fix::Shift));
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
            for r in relas {
                let at = word_at(r.r_offset(endian))?;
                let fix = match r.r_type(endian, false) {
                    elf::R_X86_64_NONE => None,
                    elf::R_X86_64_RELATIVE => Some(Fix::Shift),
                    elf::R_X86_64_IRELATIVE => inside(loaded(at)).then_some(Fix::Shift),
                    elf::R_X86_64_64 | elf::R_X86_64_GLOB_DAT | elf::R_X86_64_JUMP_SLOT => {
                        let sym = dynsym
                            .symbol(object::SymbolIndex(r.r_sym(endian, false) as usize))
                            .map_err(bad)?;
                        let name = dynsym.symbol_name(endian, sym).map_err(bad)?;
                        let value = loaded(at);
                        if sym.st_shndx(endian) == elf::SHN_UNDEF
                            && let Some(f) = replacement(name)
                        {
                            Some(Fix::Set(f))
                        } else if inside(value) {
                            Some(Fix::Shift)
                        } else {
                            (name, value).hash(&mut external);
                            None
                        }
                    }
                    elf::R_X86_64_DTPMOD64 | elf::R_X86_64_DTPOFF64 | elf::R_X86_64_TPOFF64 => {
                        return Err("has thread-local variables (__thread), which a rank's \
                                    copy cannot carry; run it without --isomalloc"
                            .into());
                    }
                    other => {
                        return Err(format!(
                            "has a relocation of type {other} that a rank's copy cannot \
                             follow (compile it with arts-mpicc, which makes \
                             position-independent code)"
                        ));
                    }
                };
                fixes.extend(fix.map(|f| (at, f)));
            }
        }
        Ok(Image {
            bias,
            span,
            segments,
            text,
            eh_frame,
            fixes,
            main,
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
                    Fix::Shift => word.read_unaligned() - self.bias + base,
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
