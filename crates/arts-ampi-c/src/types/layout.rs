//! Datatypes: the predefined ones and derived ones (contiguous, vector,
//! hvector, indexed, struct, resized) as a list of byte blocks of one
//! element plus its extent; packing and unpacking to contiguous bytes.

use std::collections::HashMap;
use std::ffi::c_int;
use std::ops::ControlFlow;
use std::sync::Arc;

use crate::abi::*;
use crate::state::fail::Fail;
use crate::types::blocks::Blocks;
use crate::types::external32::{Basic, Wire};

/// The element kind of a homogeneous type, for reductions.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Prim {
    /// Uninterpreted bytes.
    Byte,
    I8,
    U8,
    I16,
    U16,
    I32,
    U32,
    I64,
    U64,
    F32,
    F64,
    /// `MPI_DOUBLE_INT`: packed as 8 + 4 bytes.
    DoubleInt,
    /// `MPI_2INT`.
    TwoInt,
    /// `MPI_FLOAT_INT`.
    FloatInt,
    /// Fortran's `MPI_2REAL`: value and index, both `REAL`.
    TwoReal,
    /// Fortran's `MPI_2DOUBLE_PRECISION`: value and index, both `DOUBLE PRECISION`.
    TwoDouble,
    /// Fortran's `MPI_COMPLEX`: two `REAL`s.
    Complex32,
    /// Fortran's `MPI_DOUBLE_COMPLEX`: two `DOUBLE PRECISION`s.
    Complex64,
    /// C's `long double` (`MPI_LONG_DOUBLE`), whose arithmetic the C
    /// compiler does (`coll/long_double.c`).
    LongDouble,
    /// `MPI_C_LONG_DOUBLE_COMPLEX`: two `long double`s.
    ComplexLongDouble,
    /// `MPI_LONG_INT`: packed as 8 + 4 bytes.
    LongInt,
    /// `MPI_SHORT_INT`: packed as 2 + 4 bytes.
    ShortInt,
    /// `MPI_LONG_DOUBLE_INT`: packed as 16 + 4 bytes.
    LongDoubleInt,
}

/// Bytes of a C `long double` (with its padding, as MPI counts it).
pub(crate) const LONG_DOUBLE: usize = std::mem::size_of::<u128>();

impl Prim {
    /// Every kind, in the order of their codes in one-sided messages.
    pub(crate) const ALL: [Prim; 23] = [
        Prim::Byte,
        Prim::I8,
        Prim::U8,
        Prim::I16,
        Prim::U16,
        Prim::I32,
        Prim::U32,
        Prim::I64,
        Prim::U64,
        Prim::F32,
        Prim::F64,
        Prim::DoubleInt,
        Prim::TwoInt,
        Prim::FloatInt,
        Prim::TwoReal,
        Prim::TwoDouble,
        Prim::Complex32,
        Prim::Complex64,
        Prim::LongDouble,
        Prim::ComplexLongDouble,
        Prim::LongInt,
        Prim::ShortInt,
        Prim::LongDoubleInt,
    ];

    /// Packed bytes of one element.
    pub(crate) fn size(self) -> usize {
        let (value, index) = self.pair_words().unwrap_or((0, 0));
        match self {
            Prim::Byte | Prim::I8 | Prim::U8 => 1,
            Prim::I16 | Prim::U16 => 2,
            Prim::I32 | Prim::U32 | Prim::F32 => 4,
            Prim::I64 | Prim::U64 | Prim::F64 | Prim::Complex32 => 8,
            Prim::Complex64 | Prim::LongDouble => 16,
            Prim::ComplexLongDouble => 2 * LONG_DOUBLE,
            _ => value + index,
        }
    }

    /// The basic elements of one element (a pair has two), as runs.
    fn basics(self) -> Vec<(Basic, usize)> {
        let long = Wire::Narrow {
            bytes: 4,
            signed: true,
        };
        let swapped = |size, word| Basic {
            size,
            wire: Wire::Swapped(word),
        };
        let quads = |size| Basic {
            size,
            wire: Wire::Quad,
        };
        match self {
            Prim::LongInt => vec![
                (
                    Basic {
                        size: 8,
                        wire: long,
                    },
                    1,
                ),
                (Basic::number(4), 1),
            ],
            Prim::LongDoubleInt => vec![(quads(LONG_DOUBLE), 1), (Basic::number(4), 1)],
            Prim::Complex32 => vec![(swapped(8, 4), 1)],
            Prim::Complex64 => vec![(swapped(16, 8), 1)],
            Prim::LongDouble | Prim::ComplexLongDouble => vec![(quads(self.size()), 1)],
            _ => match self.pair_words() {
                Some((v, i)) => vec![(Basic::number(v), 1), (Basic::number(i), 1)],
                None => vec![(Basic::number(self.size()), 1)],
            },
        }
    }

    /// The packed bytes of a value-index pair type's value and index
    /// (`MPI_MAXLOC`'s operands); `None` for the other kinds.
    pub(crate) fn pair_words(self) -> Option<(usize, usize)> {
        Some(match self {
            Prim::DoubleInt | Prim::LongInt => (8, 4),
            Prim::TwoInt | Prim::FloatInt | Prim::TwoReal => (4, 4),
            Prim::TwoDouble => (8, 8),
            Prim::ShortInt => (2, 4),
            Prim::LongDoubleInt => (LONG_DOUBLE, 4),
            _ => return None,
        })
    }
}

/// One datatype.
#[derive(Clone, Debug)]
pub(crate) struct TypeInfo {
    /// Bytes of data in one element.
    pub size: usize,
    /// Lower bound.
    pub lb: isize,
    /// Extent (stride between consecutive elements).
    pub extent: isize,
    /// `(offset, bytes)` of the data of one element, in order, merged
    /// (within a vector's tile).
    pub blocks: Blocks,
    /// The element kind when all data is of one predefined type.
    pub prim: Option<Prim>,
    /// Basic elements in one element (`MPI_Get_elements`: a pair type
    /// such as `MPI_DOUBLE_INT` has two).
    pub elements: usize,
    /// Those basic elements in the type map's order, as runs of
    /// `(element, how many)`: what a partial element holds, and how
    /// `"external32"` stores each.
    pub runs: Arc<[(Basic, usize)]>,
    /// Alignment of the widest member (for struct extents).
    pub align: usize,
    /// Whether it may be used in communication.
    pub committed: bool,
    /// Whether it is predefined (cannot be freed).
    pub predefined: bool,
    /// How it was made, for a datatype the program built
    /// (`MPI_Type_get_envelope`); `None` for the predefined ones.
    pub recipe: Option<Arc<Recipe>>,
}

/// The constructor call that made a datatype and its arguments, as
/// `MPI_Type_get_contents` gives them back.
#[derive(Debug)]
pub(crate) struct Recipe {
    /// `MPI_COMBINER_*`.
    pub combiner: c_int,
    /// The integer arguments, in the standard's order.
    pub ints: Vec<c_int>,
    /// The address-sized arguments.
    pub aints: Vec<isize>,
    /// The datatypes it was made of: the handle given, and the type then
    /// (a derived one may have been freed since).
    pub types: Vec<(c_int, TypeInfo)>,
}

impl TypeInfo {
    fn predefined(prim: Prim) -> TypeInfo {
        let size = prim.size();
        // A pair is C's `struct { value; index; }`: the index follows the
        // value at the next multiple of its size, and the extent is a
        // multiple of the wider word's.
        let (blocks, extent, align) = match prim.pair_words() {
            Some((v, i)) => {
                let at = v.next_multiple_of(i);
                let align = v.max(i);
                let extent = (at + i).next_multiple_of(align) as isize;
                let blocks = if at == v {
                    vec![(0, v + i)]
                } else {
                    vec![(0, v), (at as isize, i)]
                };
                (blocks, extent, align)
            }
            None if matches!(
                prim,
                Prim::Complex32 | Prim::Complex64 | Prim::ComplexLongDouble
            ) =>
            {
                (vec![(0, size)], size as isize, size / 2)
            }
            None => (vec![(0, size)], size as isize, size.max(1)),
        };
        TypeInfo {
            size: blocks.iter().map(|b| b.1).sum(),
            lb: 0,
            extent,
            blocks: blocks.into(),
            prim: Some(prim),
            elements: if prim.pair_words().is_some() { 2 } else { 1 },
            runs: {
                let mut runs = Vec::new();
                push_runs(&mut runs, &prim.basics(), 1);
                runs.into()
            },
            align,
            committed: true,
            predefined: true,
            recipe: None,
        }
    }

    /// Basic elements in `bytes` of this type's data (`MPI_Get_elements`):
    /// those of the whole elements, then those of the last, partial one,
    /// in the type map's order; `None` where the data ends inside a basic
    /// element.
    pub(crate) fn elements_in(&self, bytes: usize) -> Option<usize> {
        if self.size == 0 {
            return Some(0);
        }
        let (whole, mut rest) = (bytes / self.size, bytes % self.size);
        let mut partial = 0;
        for &(Basic { size, .. }, n) in self.runs.iter() {
            if rest == 0 {
                break;
            }
            let taken = (rest / size).min(n);
            partial += taken;
            rest -= taken * size;
            if taken < n {
                break;
            }
        }
        (rest == 0).then_some(whole * self.elements + partial)
    }

    /// The bytes of the first `n` basic elements of copies of this type,
    /// back to back: what [`TypeInfo::elements_in`] counts back to `n`.
    pub(crate) fn bytes_of_elements(&self, n: usize) -> usize {
        if self.elements == 0 {
            return 0;
        }
        let (whole, mut rest) = (n / self.elements, n % self.elements);
        let mut bytes = whole * self.size;
        for &(Basic { size, .. }, count) in self.runs.iter() {
            let taken = rest.min(count);
            bytes += taken * size;
            rest -= taken;
            if rest == 0 {
                break;
            }
        }
        bytes
    }

    /// Whether `count` elements are exactly `count * size` contiguous bytes.
    pub(crate) fn is_contiguous(&self) -> bool {
        self.blocks.single() == Some((0, self.size)) && self.extent == self.size as isize
            || self.size == 0
    }

    /// Whether every byte of data lies at a positive displacement, as it
    /// does where the displacements are absolute addresses: then the
    /// buffer may be `MPI_BOTTOM` (a null pointer).
    pub(crate) fn at_absolute_addresses(&self) -> bool {
        self.blocks.bounds().is_some_and(|(first, _)| first > 0)
    }

    /// Packs `count` elements at `base` into contiguous bytes.
    ///
    /// # Safety
    /// `base` must hold `count` elements of this type.
    pub(crate) unsafe fn pack(&self, base: *const u8, count: usize) -> Vec<u8> {
        if self.size * count == 0 {
            return Vec::new();
        }
        if self.is_contiguous() {
            // SAFETY: per the contract: `count` elements, back to back.
            return unsafe { std::slice::from_raw_parts(displaced(base, 0), self.size * count) }
                .to_vec();
        }
        let mut out = Vec::with_capacity(self.size * count);
        for i in 0..count {
            let start = i as isize * self.extent;
            self.blocks.each(|off, len| {
                // SAFETY: per the contract, the block lies inside element `i`.
                out.extend_from_slice(unsafe {
                    std::slice::from_raw_parts(displaced(base, start + off), len)
                });
                ControlFlow::Continue(())
            });
        }
        out
    }

    /// Unpacks contiguous `data` into elements at `base` (as many as it holds).
    ///
    /// # Safety
    /// `base` must hold enough elements of this type for `data`.
    pub(crate) unsafe fn unpack(&self, data: &[u8], base: *mut u8) {
        if data.is_empty() {
            return;
        }
        if self.is_contiguous() {
            // SAFETY: per the contract: room for `data`, back to back.
            unsafe {
                std::ptr::copy_nonoverlapping(
                    data.as_ptr(),
                    displaced(base, 0).cast_mut(),
                    data.len(),
                )
            };
            return;
        }
        let mut at_data = 0;
        let mut start = 0isize;
        while at_data < data.len() {
            self.blocks.each(|off, len| {
                let n = len.min(data.len() - at_data);
                if n == 0 {
                    return ControlFlow::Break(());
                }
                // SAFETY: per the contract, the block lies inside the element
                // at `start`.
                unsafe {
                    std::ptr::copy_nonoverlapping(
                        data.as_ptr().add(at_data),
                        displaced(base, start + off).cast_mut(),
                        n,
                    )
                };
                at_data += n;
                ControlFlow::Continue(())
            });
            start += self.extent;
        }
    }
}

/// The address `off` bytes from `base`; from `MPI_BOTTOM` (a null
/// `base`), `off` is itself the address (one `MPI_Get_address` gave).
fn displaced(base: *const u8, off: isize) -> *const u8 {
    if base.is_null() {
        std::ptr::with_exposed_provenance(off as usize)
    } else {
        base.wrapping_offset(off)
    }
}

/// The datatypes of one rank (handle = index; 0 unused).
pub(crate) struct TypeTable {
    types: Vec<Option<TypeInfo>>,
    /// By handle: the element size of a committed contiguous type with
    /// data, else 0. Sends and receives read this one word to take their
    /// fast path.
    plain: Vec<usize>,
    /// Datatypes persistent requests use, by handle: how many requests,
    /// and whether the program freed the type meanwhile (it goes when the
    /// last of them is freed, as MPI lets communication that uses a freed
    /// datatype go on).
    held: HashMap<c_int, (usize, bool)>,
    /// The types `MPI_Type_create_f90_*` gave, by combiner and `(p, r)`
    /// (`r` alone for integers): the same arguments give the same handle.
    f90: HashMap<(c_int, c_int, c_int), c_int>,
}

impl TypeTable {
    /// The predefined types.
    pub(crate) fn new() -> TypeTable {
        use Prim::*;
        let (long_s, long_u) = match std::mem::size_of::<std::ffi::c_long>() {
            8 => (I64, U64),
            _ => (I32, U32),
        };
        let prims: [Prim; 60] = [
            I8,        // CHAR
            I8,        // SIGNED_CHAR
            U8,        // UNSIGNED_CHAR
            Byte,      // BYTE
            I16,       // SHORT
            U16,       // UNSIGNED_SHORT
            I32,       // INT
            U32,       // UNSIGNED
            long_s,    // LONG
            long_u,    // UNSIGNED_LONG
            I64,       // LONG_LONG
            U64,       // UNSIGNED_LONG_LONG
            F32,       // FLOAT
            F64,       // DOUBLE
            I8,        // INT8_T
            U8,        // UINT8_T
            I16,       // INT16_T
            U16,       // UINT16_T
            I32,       // INT32_T
            U32,       // UINT32_T
            I64,       // INT64_T
            U64,       // UINT64_T
            U8,        // C_BOOL
            I64,       // AINT
            DoubleInt, // DOUBLE_INT
            TwoInt,    // 2INT
            FloatInt,  // FLOAT_INT
            Byte,      // PACKED
            // Fortran's (handles 29..=42, `mpif.h`)
            I32,       // INTEGER
            F32,       // REAL
            F64,       // DOUBLE_PRECISION
            I32,       // LOGICAL (gfortran: .TRUE. is 1)
            Byte,      // CHARACTER
            Complex32, // COMPLEX
            Complex64, // DOUBLE_COMPLEX
            TwoInt,    // 2INTEGER
            TwoReal,   // 2REAL
            TwoDouble, // 2DOUBLE_PRECISION
            I32,       // INTEGER4
            I64,       // INTEGER8
            F32,       // REAL4
            F64,       // REAL8
            // C's, after Fortran's
            LongDouble,        // LONG_DOUBLE
            LongInt,           // LONG_INT
            ShortInt,          // SHORT_INT
            LongDoubleInt,     // LONG_DOUBLE_INT
            I32,               // WCHAR (glibc's wchar_t)
            I64,               // OFFSET
            I64,               // COUNT
            ComplexLongDouble, // C_LONG_DOUBLE_COMPLEX
            // Fortran's sized ones (handles 51..=54)
            Complex32, // COMPLEX8
            Complex64, // COMPLEX16
            I8,        // INTEGER1
            I16,       // INTEGER2
            // C's and C++'s complex numbers and bool (handles 55..=60)
            Complex32,         // C_COMPLEX (C_FLOAT_COMPLEX)
            Complex64,         // C_DOUBLE_COMPLEX
            Complex32,         // CXX_FLOAT_COMPLEX
            Complex64,         // CXX_DOUBLE_COMPLEX
            ComplexLongDouble, // CXX_LONG_DOUBLE_COMPLEX
            U8,                // CXX_BOOL
        ];
        let mut table = TypeTable {
            types: vec![None],
            plain: vec![0],
            held: HashMap::new(),
            f90: HashMap::new(),
        };
        for prim in prims {
            table.add(TypeInfo::predefined(prim));
        }
        // MPI-1's bound markers (handles 61 and 62): no data, no extent.
        for marker in [MPI_LB, MPI_UB] {
            let h = table.add(TypeInfo {
                size: 0,
                lb: 0,
                extent: 0,
                blocks: Vec::new().into(),
                prim: None,
                elements: 0,
                runs: Arc::new([]),
                align: 1,
                committed: true,
                predefined: true,
                recipe: None,
            });
            debug_assert_eq!(h, marker, "the markers follow the other predefined types");
        }
        // C's `long` and `wchar_t` are narrower in "external32" than here.
        for (h, bytes, signed) in [(9, 4, true), (10, 4, false), (47, 2, false)] {
            let t = table.types[h].as_mut().expect("a predefined type");
            let wire = Wire::Narrow { bytes, signed };
            t.runs = [(Basic { size: t.size, wire }, 1)].into();
        }
        table
    }

    /// The element size of `h` if it is committed, contiguous and not
    /// empty: then `count` elements are `count * size` bytes at the buffer.
    #[inline]
    pub(crate) fn plain_size(&self, h: c_int) -> Option<usize> {
        self.plain.get(h as usize).copied().filter(|&s| s > 0)
    }

    /// Brings `plain[h]` up to date after `types[h]` changed.
    fn update_plain(&mut self, h: usize) {
        self.plain[h] = match &self.types[h] {
            Some(t) if t.committed && t.size > 0 && t.is_contiguous() => t.size,
            _ => 0,
        };
    }

    /// The type behind `h` (committed unless `uncommitted_ok`).
    pub(crate) fn get(&self, h: c_int) -> Result<&TypeInfo, Fail> {
        let t = usize::try_from(h)
            .ok()
            .and_then(|i| self.types.get(i))
            .and_then(Option::as_ref)
            .ok_or_else(|| Fail::new(ERR_TYPE, format!("invalid datatype handle {h}")))?;
        Ok(t)
    }

    /// The committed type behind `h`, for communication.
    pub(crate) fn comm_type(&self, h: c_int) -> Result<TypeInfo, Fail> {
        self.comm_type_ref(h).cloned()
    }

    /// [`TypeTable::comm_type`], borrowed (the fast path of send and receive).
    pub(crate) fn comm_type_ref(&self, h: c_int) -> Result<&TypeInfo, Fail> {
        let t = self.get(h)?;
        if !t.committed {
            return Err(Fail::new(
                ERR_TYPE,
                format!("datatype {h} is not committed (call MPI_Type_commit)"),
            ));
        }
        Ok(t)
    }

    /// Adds a type; returns its handle.
    pub(crate) fn add(&mut self, t: TypeInfo) -> c_int {
        self.types.push(Some(t));
        self.plain.push(0);
        let h = self.types.len() - 1;
        self.update_plain(h);
        h as c_int
    }

    /// The type `MPI_Type_create_f90_*` gives for `combiner` and its
    /// integer arguments `ints` (`[p, r]`, or `[r]`): predefined `base`'s
    /// layout under a handle of its own, made once per arguments, which
    /// cannot be freed and whose envelope is `combiner` and `ints`.
    pub(crate) fn f90(&mut self, combiner: c_int, ints: &[c_int], base: c_int) -> c_int {
        let key = (combiner, ints[0], ints.get(1).copied().unwrap_or(0));
        if let Some(&h) = self.f90.get(&key) {
            return h;
        }
        let t = TypeInfo {
            recipe: Some(Arc::new(Recipe {
                combiner,
                ints: ints.to_vec(),
                aints: Vec::new(),
                types: Vec::new(),
            })),
            ..self.types[base as usize]
                .clone()
                .expect("a predefined type")
        };
        let h = self.add(t);
        self.f90.insert(key, h);
        h
    }

    /// Commits `h`.
    pub(crate) fn commit(&mut self, h: c_int) -> Result<(), Fail> {
        self.get(h)?;
        if let Some(Some(t)) = self.types.get_mut(h as usize) {
            t.committed = true;
        }
        self.update_plain(h as usize);
        Ok(())
    }

    /// Fails unless `h` is a datatype the program may free (not predefined).
    pub(crate) fn freeable(&self, h: c_int) -> Result<(), Fail> {
        if self.get(h)?.predefined {
            return Err(Fail::new(
                ERR_TYPE,
                format!("datatype {h} is predefined and cannot be freed"),
            ));
        }
        Ok(())
    }

    /// Frees `h` (not a predefined type); one that persistent requests
    /// hold goes when the last of them is freed.
    pub(crate) fn free(&mut self, h: c_int) -> Result<(), Fail> {
        self.freeable(h)?;
        match self.held.get_mut(&h) {
            Some((_, freed)) => *freed = true,
            None => self.remove(h),
        }
        Ok(())
    }

    /// Keeps datatype `h` for a persistent request until [`Self::release`].
    pub(crate) fn hold(&mut self, h: c_int) {
        self.held.entry(h).or_insert((0, false)).0 += 1;
    }

    /// Ends one hold of [`Self::hold`]; the type goes if the program freed it.
    pub(crate) fn release(&mut self, h: c_int) {
        let Some((n, freed)) = self.held.get_mut(&h) else {
            return;
        };
        *n -= 1;
        if *n == 0 {
            let freed = *freed;
            self.held.remove(&h);
            if freed {
                self.remove(h);
            }
        }
    }

    fn remove(&mut self, h: c_int) {
        self.types[h as usize] = None;
        self.update_plain(h as usize);
    }
}

/// Appends `n` copies of the basic-element runs `runs`, merging runs of
/// one size.
fn push_runs(out: &mut Vec<(Basic, usize)>, runs: &[(Basic, usize)], n: usize) {
    if let [(basic, count)] = runs {
        return push_run(out, *basic, count * n);
    }
    for _ in 0..n {
        for &(basic, count) in runs {
            push_run(out, basic, count);
        }
    }
}

fn push_run(out: &mut Vec<(Basic, usize)>, basic: Basic, count: usize) {
    match out.last_mut() {
        Some(last) if last.0 == basic => last.1 += count,
        _ if count > 0 => out.push((basic, count)),
        _ => {}
    }
}

/// Appends `blocks` shifted by `at`, merging with the previous block when adjacent.
fn push_blocks(out: &mut Vec<(isize, usize)>, blocks: &Blocks, at: isize) {
    for (off, len) in blocks.iter() {
        let off = off + at;
        if len == 0 {
            continue;
        }
        match out.last_mut() {
            Some(last) if last.0 + last.1 as isize == off => last.1 += len,
            _ => out.push((off, len)),
        }
    }
}

/// `n` copies of `old` one extent apart (`MPI_Type_contiguous`). Copies of
/// a contiguous type are one block, made without a list of `n` places:
/// programs that send more than 2³¹ bytes build a type of 2³¹ − 1 bytes
/// this way (BigMPI's idiom), where the list took 16 GiB.
pub(crate) fn repeated(old: &TypeInfo, n: usize) -> TypeInfo {
    if !old.is_contiguous() || old.size == 0 || n == 0 {
        let at: Vec<isize> = (0..n).map(|i| i as isize * old.extent).collect();
        return from_placements(old, &at);
    }
    let mut runs = Vec::new();
    push_runs(&mut runs, &old.runs, n);
    TypeInfo {
        size: old.size * n,
        lb: old.lb,
        extent: old.extent * n as isize,
        blocks: vec![(0, old.size * n)].into(),
        elements: old.elements * n,
        runs: runs.into(),
        committed: false,
        predefined: false,
        recipe: None,
        ..old.clone()
    }
}

/// A type made of copies of `old` placed at the byte displacements
/// `placements` (each a block start), with lb/ub from the placements.
pub(crate) fn from_placements(old: &TypeInfo, placements: &[isize]) -> TypeInfo {
    let mut blocks = Vec::new();
    let (mut lb, mut ub) = (isize::MAX, isize::MIN);
    for &p in placements {
        push_blocks(&mut blocks, &old.blocks, p);
        lb = lb.min(p + old.lb);
        ub = ub.max(p + old.lb + old.extent);
    }
    if placements.is_empty() {
        (lb, ub) = (0, 0);
    }
    TypeInfo {
        size: old.size * placements.len(),
        lb,
        extent: ub - lb,
        blocks: blocks.into(),
        prim: old.prim,
        elements: old.elements * placements.len(),
        runs: {
            let mut runs = Vec::new();
            push_runs(&mut runs, &old.runs, placements.len());
            runs.into()
        },
        align: old.align,
        committed: false,
        predefined: false,
        recipe: None,
    }
}

/// `n` blocks of `bl` copies of `old`, the blocks `stride` bytes apart
/// (`MPI_Type_vector`, `MPI_Type_create_hvector`): one block's data is
/// kept once with its repetition ([`Blocks::tiled`]), so the type takes no
/// more room for 10⁹ blocks than for one; otherwise as
/// [`from_placements`] of every copy.
pub(crate) fn strided(old: &TypeInfo, n: usize, bl: usize, stride: isize) -> TypeInfo {
    if n == 0 || bl == 0 {
        return from_placements(old, &[]);
    }
    let row = repeated(old, bl);
    let reach = (n as isize - 1) * stride;
    let mut runs = Vec::new();
    push_runs(&mut runs, &row.runs, n);
    TypeInfo {
        size: row.size * n,
        lb: row.lb + reach.min(0),
        extent: row.extent + reach.abs(),
        blocks: Blocks::tiled(row.blocks.iter().collect(), n, stride),
        elements: row.elements * n,
        runs: runs.into(),
        ..row
    }
}

/// `MPI_Type_create_struct`: blocks of different types at byte displacements.
pub(crate) fn structure(parts: &[(usize, isize, TypeInfo)]) -> TypeInfo {
    let mut blocks = Vec::new();
    let (mut lb, mut ub) = (isize::MAX, isize::MIN);
    let mut prim = parts.first().and_then(|p| p.2.prim);
    let mut align = 1;
    let (mut size, mut elements, mut runs) = (0, 0, Vec::new());
    for (n, disp, t) in parts {
        if t.prim != prim {
            prim = None;
        }
        align = align.max(t.align);
        for j in 0..*n {
            let at = disp + j as isize * t.extent;
            push_blocks(&mut blocks, &t.blocks, at);
            lb = lb.min(at + t.lb);
            ub = ub.max(at + t.lb + t.extent);
        }
        size += n * t.size;
        elements += n * t.elements;
        push_runs(&mut runs, &t.runs, *n);
    }
    if lb > ub {
        (lb, ub) = (0, 0);
    }
    // Like C structs, the extent is padded to the widest member's alignment.
    let a = align as isize;
    let extent = (ub - lb + a - 1) / a * a;
    TypeInfo {
        size,
        lb,
        extent,
        blocks: blocks.into(),
        prim,
        elements,
        runs: runs.into(),
        align,
        committed: false,
        predefined: false,
        recipe: None,
    }
}

/// The struct of `parts` (of handles `handles`), bounded as MPI-1 says
/// where some of them are `MPI_LB` or `MPI_UB` markers: the lowest `MPI_LB`
/// displacement is the lower bound, the highest `MPI_UB` one the upper
/// bound (without alignment padding), as a resized type would have them.
pub(crate) fn structure_with_markers(
    parts: &[(usize, isize, TypeInfo)],
    handles: &[c_int],
) -> TypeInfo {
    let marked = |marker: c_int| {
        let at = parts
            .iter()
            .zip(handles)
            .filter(move |(_, h)| **h == marker);
        at.map(|(p, _)| p.1)
    };
    let (lb, ub) = (marked(MPI_LB).min(), marked(MPI_UB).max());
    if lb.is_none() && ub.is_none() {
        return structure(parts);
    }
    let data: Vec<_> = parts
        .iter()
        .zip(handles)
        .filter(|(_, h)| ![MPI_LB, MPI_UB].contains(h))
        .map(|(p, _)| p.clone())
        .collect();
    let t = structure(&data);
    let (lb, ub) = (lb.unwrap_or(t.lb), ub.unwrap_or(t.lb + t.extent));
    TypeInfo {
        lb,
        extent: ub - lb,
        ..t
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_fortran_handles_are_predefined_with_their_sizes() {
        let t = TypeTable::new();
        for &(name, h, bytes) in FORTRAN_DATATYPES {
            let info = t.get(h).unwrap();
            assert_eq!(info.size, bytes, "{name}");
            assert_eq!(info.extent, bytes as isize, "{name}");
            assert!(info.committed && info.predefined, "{name}");
            assert_eq!(t.plain_size(h), Some(bytes), "{name}");
        }
    }

    #[test]
    fn every_predefined_handle_has_its_name_and_c_layout() {
        let t = TypeTable::new();
        let named: Vec<c_int> = DATATYPES
            .iter()
            .map(|d| d.1)
            .chain(FORTRAN_DATATYPES.iter().map(|d| d.1))
            .collect();
        let predefined: Vec<c_int> = (1..)
            .take_while(|&h| t.get(h).is_ok_and(|i| i.predefined))
            .collect();
        assert_eq!(predefined.len(), named.len());
        assert!(predefined.iter().all(|h| named.contains(h)));
        // (name, size, extent) as `sizeof` gives them for
        // `struct { value; int; }`.
        for (name, size, extent) in [
            ("MPI_DOUBLE_INT", 12, 16),
            ("MPI_2INT", 8, 8),
            ("MPI_FLOAT_INT", 8, 8),
            ("MPI_LONG_INT", 12, 16),
            ("MPI_SHORT_INT", 6, 8),
            ("MPI_LONG_DOUBLE_INT", 20, 32),
            ("MPI_LONG_DOUBLE", 16, 16),
        ] {
            let h = DATATYPES.iter().find(|d| d.0 == name).unwrap().1;
            let info = t.get(h).unwrap();
            assert_eq!((info.size, info.extent), (size, extent), "{name}");
            assert_eq!(info.elements_in(size), Some(info.elements), "{name}");
        }
    }

    #[test]
    fn basic_elements_count_partial_elements_of_one_basic_size() {
        let t = TypeTable::new();
        let (double, int) = (t.get(14).unwrap().clone(), t.get(7).unwrap().clone());
        let pair = from_placements(&double, &[0, 8]);
        assert_eq!(pair.elements, 2);
        assert_eq!(pair.elements_in(40), Some(5));
        let mixed = structure(&[(1, 0, double), (1, 8, int.clone())]);
        assert_eq!((mixed.size, mixed.elements), (12, 2));
        assert_eq!(mixed.elements_in(24), Some(4));
        assert_eq!(
            mixed.elements_in(32),
            Some(5),
            "a double of the next element"
        );
        assert_eq!(mixed.elements_in(30), None, "the data ends inside a double");
        // MPICH's getpartelm: an int and 256 chars, of which 17 bytes came.
        let char = t.get(1).unwrap().clone();
        let header = structure(&[(1, 0, int), (256, 4, char)]);
        assert_eq!(header.elements_in(4 + 16), Some(17));
        assert_eq!(header.elements_in(4 + 17), Some(18));
        assert_eq!(t.get(25).unwrap().elements, 2, "MPI_DOUBLE_INT is a pair");
    }

    #[test]
    fn external32_sizes_follow_the_standards_table() {
        let t = TypeTable::new();
        for (name, bytes) in [
            ("MPI_INT", 4),
            ("MPI_LONG", 4),
            ("MPI_UNSIGNED_LONG", 4),
            ("MPI_WCHAR", 2),
            ("MPI_LONG_INT", 8),
            ("MPI_DOUBLE_INT", 12),
            ("MPI_LONG_DOUBLE", 16),
            ("MPI_C_LONG_DOUBLE_COMPLEX", 32),
            ("MPI_C_DOUBLE_COMPLEX", 16),
        ] {
            let h = DATATYPES.iter().find(|d| d.0 == name).unwrap().1;
            let runs = &t.get(h).unwrap().runs;
            assert_eq!(crate::types::external32::size(runs, 1), bytes, "{name}");
        }
        // A long and an int do not merge into one run: they are stored apart.
        let (long, int) = (t.get(9).unwrap().clone(), t.get(7).unwrap().clone());
        let s = structure(&[(2, 0, long), (1, 16, int)]);
        assert_eq!(s.runs.len(), 2);
        assert_eq!(crate::types::external32::size(&s.runs, 3), 36);
    }

    /// Asserts that `a` and `b` lay out their data alike: size, bounds,
    /// the bytes their blocks cover in order, and their basic elements.
    fn assert_same_layout(a: &TypeInfo, b: &TypeInfo) {
        let merged = |t: &TypeInfo| {
            let mut out = Vec::new();
            push_blocks(&mut out, &t.blocks, 0);
            out
        };
        assert_eq!((a.size, a.lb, a.extent), (b.size, b.lb, b.extent));
        assert_eq!((a.elements, a.prim, &a.runs), (b.elements, b.prim, &b.runs));
        assert_eq!(merged(a), merged(b));
    }

    #[test]
    fn a_vector_is_its_placed_copies_kept_as_one_tile() {
        let t = TypeTable::new();
        let (double, int) = (t.get(14).unwrap().clone(), t.get(7).unwrap().clone());
        let gappy = structure(&[(1, 0, double.clone()), (1, 12, int.clone())]);
        for old in [int, double, gappy] {
            let e = old.extent;
            for (n, bl, stride) in [
                (5, 1, 3 * e),
                (4, 2, 5 * e),
                (3, 2, 2 * e),
                (4, 1, -2 * e),
                (3, 2, 0),
            ] {
                let at: Vec<isize> = (0..n)
                    .flat_map(|i| (0..bl).map(move |j| i as isize * stride + j as isize * e))
                    .collect();
                let (tiled, listed) = (strided(&old, n, bl, stride), from_placements(&old, &at));
                assert_same_layout(&tiled, &listed);
                // Packed alike: from a buffer wide enough for either, read
                // around its middle.
                let src: Vec<u8> = (0..2048).map(|i| i as u8).collect();
                // SAFETY: both types reach at most ~700 bytes from byte 1024.
                let base = unsafe { src.as_ptr().add(1024) };
                let packed = unsafe { tiled.pack(base, 2) };
                assert_eq!(packed, unsafe { listed.pack(base, 2) });
                // And unpacked alike, whole elements and a part of one.
                for part in [packed.len(), packed.len() / 2 + 3] {
                    let (mut a, mut b) = (vec![0u8; 2048], vec![0u8; 2048]);
                    // SAFETY: as above.
                    unsafe { tiled.unpack(&packed[..part], a.as_mut_ptr().add(1024)) };
                    unsafe { listed.unpack(&packed[..part], b.as_mut_ptr().add(1024)) };
                    assert!(a == b);
                }
            }
        }
        // MPICH's large_count: a vector of 2³⁰ − 1 blocks of four ints, made
        // and measured at once.
        let four = repeated(t.get(7).unwrap(), 4);
        let n = (i32::MAX / 2) as usize;
        let huge = strided(&four, n, 1, 3 * four.extent);
        assert_eq!(huge.size, 16 * n);
        assert_eq!(huge.extent, 48 * (n as isize - 1) + 16);
        assert_eq!(huge.blocks.len(), n);
        assert_eq!(huge.blocks.bounds(), Some((0, huge.extent)));
        // Its basic elements (ints) count back and forth through bytes.
        let elements = 4 * n;
        assert_eq!(huge.bytes_of_elements(elements), huge.size);
        assert_eq!(huge.elements_in(huge.size), Some(elements));
        let pair = structure(&[
            (1, 0, t.get(14).unwrap().clone()),
            (1, 12, t.get(7).unwrap().clone()),
        ]);
        assert_eq!(
            (pair.bytes_of_elements(3), pair.elements_in(20)),
            (20, Some(3))
        );
    }

    #[test]
    fn copies_of_a_contiguous_type_are_one_block_made_without_a_list() {
        let t = TypeTable::new();
        let (double, int) = (t.get(14).unwrap().clone(), t.get(7).unwrap().clone());
        let pair = structure(&[(1, 0, double.clone()), (1, 12, int)]);
        for old in [double, pair] {
            let at: Vec<isize> = (0..5).map(|i| i * old.extent).collect();
            let (fast, listed) = (repeated(&old, 5), from_placements(&old, &at));
            assert_same_layout(&fast, &listed);
        }
        // 2^31 - 1 chars: one block, at once.
        let big = repeated(t.get(1).unwrap(), i32::MAX as usize);
        assert_eq!(big.blocks.single(), Some((0, i32::MAX as usize)));
        assert_eq!(&big.runs[..], &[(Basic::number(1), i32::MAX as usize)]);
    }

    #[test]
    fn a_vector_packs_a_column_and_unpacks_it_back() {
        let t = TypeTable::new();
        let double = t.get(14).unwrap().clone();
        // 3 rows of a 3x4 row-major matrix: one column.
        let col = from_placements(&double, &[0, 32, 64]);
        assert_eq!(col.size, 24);
        assert_eq!(col.extent, 72);
        let m: Vec<f64> = (0..12).map(f64::from).collect();
        // SAFETY: the matrix holds the column.
        let packed = unsafe { col.pack(m.as_ptr().add(1).cast(), 1) };
        let vals: Vec<f64> = packed
            .chunks(8)
            .map(|c| f64::from_ne_bytes(c.try_into().unwrap()))
            .collect();
        assert_eq!(vals, vec![1.0, 5.0, 9.0]);
        let mut back = vec![0.0f64; 12];
        // SAFETY: as above.
        unsafe { col.unpack(&packed, back.as_mut_ptr().add(2).cast()) };
        assert_eq!((back[2], back[6], back[10]), (1.0, 5.0, 9.0));
        assert!(!col.is_contiguous());
        assert!(from_placements(&double, &[0, 8]).is_contiguous());
    }

    #[test]
    fn a_struct_is_padded_like_c() {
        let t = TypeTable::new();
        let (double, int) = (t.get(14).unwrap().clone(), t.get(7).unwrap().clone());
        let s = structure(&[(1, 0, double), (1, 8, int)]);
        assert_eq!((s.size, s.extent, s.prim), (12, 16, None));
        assert_eq!(t.get(25).unwrap().size, 12);
        assert!(t.get(63).is_err() && t.get(-1).is_err());
    }

    #[test]
    fn mpi_lb_and_ub_markers_bound_a_struct() {
        let t = TypeTable::new();
        let (int, lb, ub) = (
            t.get(7).unwrap(),
            t.get(MPI_LB).unwrap(),
            t.get(MPI_UB).unwrap(),
        );
        assert_eq!((lb.size, lb.extent, ub.size, ub.extent), (0, 0, 0, 0));
        // An int with room for four: the bounds are the markers'.
        let parts = [
            (1, -4, lb.clone()),
            (1, 0, int.clone()),
            (1, 12, ub.clone()),
        ];
        let s = structure_with_markers(&parts, &[MPI_LB, 7, MPI_UB]);
        assert_eq!((s.size, s.lb, s.extent), (4, -4, 16));
        assert_eq!(s.blocks.single(), Some((0, 4)));
        // An upper marker alone: the lower bound is the data's, no padding.
        let s = structure_with_markers(&parts[1..], &[7, MPI_UB]);
        assert_eq!((s.lb, s.extent), (0, 12));
        // Without markers, the struct as before.
        let plain = structure_with_markers(&parts[1..2], &[7]);
        assert_eq!((plain.lb, plain.extent), (0, 4));
    }

    #[test]
    fn the_fast_path_size_follows_commit_and_free() {
        let mut t = TypeTable::new();
        // Predefined: DOUBLE is plain, DOUBLE_INT has a hole, 0 and
        // out-of-range handles are not types.
        assert_eq!(t.plain_size(14), Some(8));
        assert_eq!(t.plain_size(25), None);
        assert_eq!(
            (t.plain_size(0), t.plain_size(-1), t.plain_size(61)),
            (None, None, None)
        );
        let double = t.get(14).unwrap().clone();
        let pair = t.add(from_placements(&double, &[0, 8]));
        let column = t.add(from_placements(&double, &[0, 32]));
        let empty = t.add(from_placements(&double, &[]));
        assert_eq!(t.plain_size(pair), None, "not committed yet");
        for h in [pair, column, empty] {
            t.commit(h).unwrap();
        }
        assert_eq!(t.plain_size(pair), Some(16));
        assert_eq!(t.plain_size(column), None, "strided");
        assert_eq!(t.plain_size(empty), None, "no data");
        t.free(pair).unwrap();
        assert_eq!(t.plain_size(pair), None, "freed");
    }
}
