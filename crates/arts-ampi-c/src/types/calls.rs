//! The datatype calls: constructors, commit/free, size and extent, and
//! packing into user buffers (`MPI_Pack`, `MPI_Unpack`, `MPI_Pack_size`:
//! the packed form is the elements' bytes in type-map order, no header;
//! `MPI_Pack_external` and its kin: the same in `"external32"`).

use std::ffi::{CStr, c_char, c_int, c_void};
use std::sync::Arc;

use crate::abi::*;
use crate::p2p::buffers::{RecvBuf, byte_len, send_bytes};
use crate::state::fail::{Fail, comm_of, count, ints, out};
use crate::state::object::Object;
use crate::state::{Vp, entry};
use crate::types::external32;
use crate::types::layout::{
    Recipe, TypeInfo, from_placements, repeated, strided, structure_with_markers,
};

fn old(vp: &Vp, h: c_int) -> Result<TypeInfo, Fail> {
    vp.types.get(h).cloned()
}

/// Stores `t`, made as `recipe` says, as a new datatype in `*newtype`.
fn define(vp: &mut Vp, newtype: *mut c_int, t: TypeInfo, recipe: Recipe) -> Result<(), Fail> {
    let out = out(newtype, "newtype")?;
    *out = vp.types.add(TypeInfo {
        recipe: Some(Arc::new(recipe)),
        ..t
    });
    Ok(())
}

/// The recipe of a datatype made by `combiner` from `ints`, `aints` and
/// the datatypes `handles` (`types`: those datatypes).
fn recipe(
    combiner: c_int,
    ints: Vec<c_int>,
    aints: Vec<isize>,
    handles: &[c_int],
    types: Vec<TypeInfo>,
) -> Recipe {
    Recipe {
        combiner,
        ints,
        aints,
        types: handles.iter().copied().zip(types).collect(),
    }
}

/// `MPI_Type_contiguous`.
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn ARTS_MPI_Type_contiguous(
    n: c_int,
    oldtype: c_int,
    newtype: *mut c_int,
) -> c_int {
    entry("MPI_Type_contiguous", MPI_COMM_WORLD, |vp| {
        let n = count(n, "count")?;
        let o = old(vp, oldtype)?;
        let t = repeated(&o, n);
        let made = recipe(
            MPI_COMBINER_CONTIGUOUS,
            vec![n as c_int],
            vec![],
            &[oldtype],
            vec![o],
        );
        define(vp, newtype, t, made)
    })
}

fn hvector(
    vp: &mut Vp,
    n: c_int,
    bl: c_int,
    stride: isize,
    oldtype: c_int,
) -> Result<TypeInfo, Fail> {
    let (n, bl) = (count(n, "count")?, count(bl, "blocklength")?);
    Ok(strided(&old(vp, oldtype)?, n, bl, stride))
}

/// `MPI_Type_vector` (stride in elements of `oldtype`).
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn ARTS_MPI_Type_vector(
    n: c_int,
    blocklength: c_int,
    stride: c_int,
    oldtype: c_int,
    newtype: *mut c_int,
) -> c_int {
    entry("MPI_Type_vector", MPI_COMM_WORLD, |vp| {
        let o = old(vp, oldtype)?;
        let t = hvector(vp, n, blocklength, stride as isize * o.extent, oldtype)?;
        let ints = vec![n, blocklength, stride];
        let made = recipe(MPI_COMBINER_VECTOR, ints, vec![], &[oldtype], vec![o]);
        define(vp, newtype, t, made)
    })
}

/// `MPI_Type_create_hvector` (stride in bytes).
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn ARTS_MPI_Type_create_hvector(
    n: c_int,
    blocklength: c_int,
    stride: isize,
    oldtype: c_int,
    newtype: *mut c_int,
) -> c_int {
    entry("MPI_Type_create_hvector", MPI_COMM_WORLD, |vp| {
        let t = hvector(vp, n, blocklength, stride, oldtype)?;
        let (ints, o) = (vec![n, blocklength], old(vp, oldtype)?);
        let made = recipe(
            MPI_COMBINER_HVECTOR,
            ints,
            vec![stride],
            &[oldtype],
            vec![o],
        );
        define(vp, newtype, t, made)
    })
}

/// `MPI_Type_indexed` (displacements in elements of `oldtype`).
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn ARTS_MPI_Type_indexed(
    n: c_int,
    blocklengths: *const c_int,
    displacements: *const c_int,
    oldtype: c_int,
    newtype: *mut c_int,
) -> c_int {
    entry("MPI_Type_indexed", MPI_COMM_WORLD, |vp| {
        let n = count(n, "count")?;
        let bl = ints(blocklengths, n, "blocklengths")?;
        let ds = ints(displacements, n, "displacements")?;
        let o = old(vp, oldtype)?;
        let mut at = Vec::new();
        for (&b, &d) in bl.iter().zip(ds) {
            for j in 0..count(b, "a block length")? {
                at.push((d as isize + j as isize) * o.extent);
            }
        }
        let t = from_placements(&o, &at);
        let ints = [&[n as c_int][..], bl, ds].concat();
        let made = recipe(MPI_COMBINER_INDEXED, ints, vec![], &[oldtype], vec![o]);
        define(vp, newtype, t, made)
    })
}

/// `MPI_Type_create_struct` (byte displacements; the extent is padded to
/// the widest member's alignment, like a C struct).
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn ARTS_MPI_Type_create_struct(
    n: c_int,
    blocklengths: *const c_int,
    displacements: *const isize,
    types: *const c_int,
    newtype: *mut c_int,
) -> c_int {
    entry("MPI_Type_create_struct", MPI_COMM_WORLD, |vp| {
        let n = count(n, "count")?;
        let bl = ints(blocklengths, n, "blocklengths")?;
        let ts = ints(types, n, "types")?;
        if n > 0 && displacements.is_null() {
            return Err(Fail::new(ERR_ARG, "displacements is a null pointer"));
        }
        let mut parts = Vec::with_capacity(n);
        for i in 0..n {
            // SAFETY: the program passes `n` displacements (checked non-null).
            let d = unsafe { *displacements.add(i) };
            parts.push((count(bl[i], "a block length")?, d, old(vp, ts[i])?));
        }
        let t = structure_with_markers(&parts, ts);
        let ints = [&[n as c_int][..], bl].concat();
        let aints = parts.iter().map(|p| p.1).collect();
        let types = parts.into_iter().map(|p| p.2).collect();
        let made = recipe(MPI_COMBINER_STRUCT, ints, aints, ts, types);
        define(vp, newtype, t, made)
    })
}

/// `MPI_Type_create_resized`.
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn ARTS_MPI_Type_create_resized(
    oldtype: c_int,
    lb: isize,
    extent: isize,
    newtype: *mut c_int,
) -> c_int {
    entry("MPI_Type_create_resized", MPI_COMM_WORLD, |vp| {
        // A negative extent is allowed: copies go down from the first.
        let o = old(vp, oldtype)?;
        let t = TypeInfo {
            lb,
            extent,
            committed: false,
            predefined: false,
            ..o.clone()
        };
        let made = recipe(
            MPI_COMBINER_RESIZED,
            vec![],
            vec![lb, extent],
            &[oldtype],
            vec![o],
        );
        define(vp, newtype, t, made)
    })
}

/// `MPI_Type_commit`.
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn ARTS_MPI_Type_commit(datatype: *mut c_int) -> c_int {
    entry("MPI_Type_commit", MPI_COMM_WORLD, |vp| {
        let h = *out(datatype, "datatype")?;
        vp.types.commit(h)
    })
}

/// `MPI_Type_free`.
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn ARTS_MPI_Type_free(datatype: *mut c_int) -> c_int {
    entry("MPI_Type_free", MPI_COMM_WORLD, |vp| {
        let h = out(datatype, "datatype")?;
        vp.types.freeable(*h)?;
        crate::comm::attrs::delete_all(vp, Object::Type(*h))?;
        vp.types.free(*h)?;
        vp.names.remove(&Object::Type(*h));
        *h = MPI_DATATYPE_NULL;
        Ok(())
    })
}

/// The predefined type `MPI_Type_match_size` gives for (class, bytes):
/// Fortran's where it has one, as Open MPI and MPICH give (handles of
/// `mpi.h`: `MPI_INTEGER1` 53, `MPI_INTEGER2` 54, `MPI_INTEGER` 29,
/// `MPI_INTEGER8` 40, `MPI_REAL` 30, `MPI_REAL8` 42, `MPI_COMPLEX` 34,
/// `MPI_COMPLEX16` 52); C's `long double` ones for 16-byte reals and
/// 32-byte complex (`MPI_LONG_DOUBLE` 43, `MPI_C_LONG_DOUBLE_COMPLEX` 50:
/// arts has no `REAL*16`).
const MATCHES: [(c_int, c_int, c_int); 10] = [
    (1, 1, 53),
    (1, 2, 54),
    (1, 4, 29),
    (1, 8, 40),
    (2, 4, 30),
    (2, 8, 42),
    (2, 16, 43),
    (3, 8, 34),
    (3, 16, 52),
    (3, 32, 50),
];

/// `MPI_Type_match_size`: a predefined type of class `typeclass`
/// (`MPI_TYPECLASS_INTEGER`, `_REAL`, `_COMPLEX`) and `size` bytes.
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn ARTS_MPI_Type_match_size(
    typeclass: c_int,
    size: c_int,
    datatype: *mut c_int,
) -> c_int {
    entry("MPI_Type_match_size", MPI_COMM_WORLD, |_| {
        let out = out(datatype, "datatype")?;
        let found = MATCHES.iter().find(|m| (m.0, m.1) == (typeclass, size));
        *out = found.map(|m| m.2).ok_or_else(|| {
            Fail::new(
                ERR_ARG,
                format!(
                    "no predefined type of class {typeclass} and {size} bytes (integers of 1, 2, \
                     4, 8 bytes, reals of 4, 8, 16, complex of 8, 16, 32)"
                ),
            )
        })?;
        Ok(())
    })
}

/// The bytes of Fortran's smallest real kind of at least `p` decimal
/// digits and exponent range `r` (`MPI_UNDEFINED`: any), as gfortran
/// chooses them; `None` beyond x87's 80-bit `long double` (arts has no
/// 128-bit real).
fn real_bytes(p: c_int, r: c_int) -> Option<c_int> {
    let (p, r) = (p.max(0), r.max(0));
    [(6, 37, 4), (15, 307, 8), (18, 4931, 16)]
        .iter()
        .find(|&&(dp, dr, _)| p <= dp && r <= dr)
        .map(|&(_, _, bytes)| bytes)
}

/// The type `MPI_Type_create_f90_*` stores at `newtype`: the layout of
/// the predefined type of its class and `bytes` (as `MPI_Type_match_size`)
/// under a handle of its own for `combiner` and `ints` (the same handle for
/// the same arguments; predefined, not freed).
fn f90_type(
    vp: &mut Vp,
    (combiner, ints): (c_int, &[c_int]),
    bytes: Option<c_int>,
    newtype: *mut c_int,
    what: String,
) -> Result<(), Fail> {
    let out = out(newtype, "newtype")?;
    let class = match combiner {
        MPI_COMBINER_F90_INTEGER => 1,
        MPI_COMBINER_F90_REAL => 2,
        _ => 3,
    };
    let found = bytes.and_then(|b| MATCHES.iter().find(|m| (m.0, m.1) == (class, b)));
    let base = found.map(|m| m.2).ok_or_else(|| {
        Fail::new(
            ERR_ARG,
            format!("no Fortran kind of {what} (arts has reals up to 18 digits and 4931 exponent range, integers up to 18 digits)"),
        )
    })?;
    *out = vp.types.f90(combiner, ints, base);
    Ok(())
}

/// `MPI_Type_create_f90_real`: the real type of Fortran's
/// `selected_real_kind(p, r)`.
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn ARTS_MPI_Type_create_f90_real(
    p: c_int,
    r: c_int,
    newtype: *mut c_int,
) -> c_int {
    entry("MPI_Type_create_f90_real", MPI_COMM_WORLD, |vp| {
        f90_type(
            vp,
            (MPI_COMBINER_F90_REAL, &[p, r]),
            real_bytes(p, r),
            newtype,
            format!("real with p = {p}, r = {r}"),
        )
    })
}

/// `MPI_Type_create_f90_complex`: the complex type of two reals of
/// `selected_real_kind(p, r)`.
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn ARTS_MPI_Type_create_f90_complex(
    p: c_int,
    r: c_int,
    newtype: *mut c_int,
) -> c_int {
    entry("MPI_Type_create_f90_complex", MPI_COMM_WORLD, |vp| {
        let bytes = real_bytes(p, r).map(|b| 2 * b);
        let what = format!("complex with p = {p}, r = {r}");
        f90_type(
            vp,
            (MPI_COMBINER_F90_COMPLEX, &[p, r]),
            bytes,
            newtype,
            what,
        )
    })
}

/// `MPI_Type_create_f90_integer`: the integer type of Fortran's
/// `selected_int_kind(r)`.
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn ARTS_MPI_Type_create_f90_integer(
    r: c_int,
    newtype: *mut c_int,
) -> c_int {
    entry("MPI_Type_create_f90_integer", MPI_COMM_WORLD, |vp| {
        let bytes = [(2, 1), (4, 2), (9, 4), (18, 8)]
            .iter()
            .find(|&&(digits, _)| r <= digits)
            .map(|&(_, b)| b);
        let what = format!("integer with r = {r}");
        f90_type(vp, (MPI_COMBINER_F90_INTEGER, &[r]), bytes, newtype, what)
    })
}

/// `MPI_Type_size`: bytes of data in one element.
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn ARTS_MPI_Type_size(
    datatype: c_int,
    size: *mut c_int,
) -> c_int {
    entry("MPI_Type_size", MPI_COMM_WORLD, |vp| {
        // A size past `int` is MPI_UNDEFINED (`MPI_Type_size_x` gives it).
        let s = vp.types.get(datatype)?.size;
        *out(size, "size")? = c_int::try_from(s).unwrap_or(MPI_UNDEFINED);
        Ok(())
    })
}

/// `MPI_Type_get_extent`.
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn ARTS_MPI_Type_get_extent(
    datatype: c_int,
    lb: *mut isize,
    extent: *mut isize,
) -> c_int {
    entry("MPI_Type_get_extent", MPI_COMM_WORLD, |vp| {
        let t = vp.types.get(datatype)?.clone();
        *out(lb, "lb")? = t.lb;
        *out(extent, "extent")? = t.extent;
        Ok(())
    })
}

/// The first byte of `t`'s data and the end of its last.
fn true_bounds(t: &TypeInfo) -> (isize, isize) {
    t.blocks.bounds().unwrap_or((0, 0))
}

/// `MPI_Type_get_true_extent`: from the first byte of data to past the
/// last, ignoring the bounds `MPI_Type_create_resized` set.
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn ARTS_MPI_Type_get_true_extent(
    datatype: c_int,
    true_lb: *mut isize,
    true_extent: *mut isize,
) -> c_int {
    entry("MPI_Type_get_true_extent", MPI_COMM_WORLD, |vp| {
        let (first, end) = true_bounds(vp.types.get(datatype)?);
        *out(true_lb, "true_lb")? = first;
        *out(true_extent, "true_extent")? = end - first;
        Ok(())
    })
}

/// `MPI_Type_dup`: a new handle of the same type, committed if it is.
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn ARTS_MPI_Type_dup(
    oldtype: c_int,
    newtype: *mut c_int,
) -> c_int {
    entry("MPI_Type_dup", MPI_COMM_WORLD, |vp| {
        let o = old(vp, oldtype)?;
        let t = TypeInfo {
            predefined: false,
            ..o.clone()
        };
        let made = recipe(MPI_COMBINER_DUP, vec![], vec![], &[oldtype], vec![o]);
        define(vp, newtype, t, made)?;
        let new = *out(newtype, "newtype")?;
        if let Err(fail) = crate::comm::attrs::copy_all(vp, Object::Type(oldtype), new) {
            crate::comm::attrs::undo_dup(vp, Object::Type(new));
            vp.types.free(new)?;
            *out(newtype, "newtype")? = MPI_DATATYPE_NULL;
            return Err(fail);
        }
        Ok(())
    })
}

/// `MPI_Type_get_envelope`: how many integers, addresses and datatypes
/// `MPI_Type_get_contents` gives back, and the constructor
/// (`MPI_COMBINER_NAMED`, and no arguments, for a predefined type).
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn ARTS_MPI_Type_get_envelope(
    datatype: c_int,
    num_integers: *mut c_int,
    num_addresses: *mut c_int,
    num_datatypes: *mut c_int,
    combiner: *mut c_int,
) -> c_int {
    entry("MPI_Type_get_envelope", MPI_COMM_WORLD, |vp| {
        let t = vp.types.get(datatype)?;
        let (c, n) = match &t.recipe {
            Some(r) => (r.combiner, [r.ints.len(), r.aints.len(), r.types.len()]),
            None => (MPI_COMBINER_NAMED, [0; 3]),
        };
        *out(num_integers, "num_integers")? = n[0] as c_int;
        *out(num_addresses, "num_addresses")? = n[1] as c_int;
        *out(num_datatypes, "num_datatypes")? = n[2] as c_int;
        *out(combiner, "combiner")? = c;
        Ok(())
    })
}

/// `MPI_Type_get_contents`: the arguments of the constructor that made
/// `datatype`; a predefined type among them comes back as its handle, a
/// derived one as a new handle (the program frees it).
#[unsafe(no_mangle)]
#[allow(clippy::too_many_arguments)]
pub(crate) unsafe extern "C-unwind" fn ARTS_MPI_Type_get_contents(
    datatype: c_int,
    max_integers: c_int,
    max_addresses: c_int,
    max_datatypes: c_int,
    integers: *mut c_int,
    addresses: *mut isize,
    datatypes: *mut c_int,
) -> c_int {
    entry("MPI_Type_get_contents", MPI_COMM_WORLD, |vp| {
        let recipe = vp.types.get(datatype)?.recipe.clone().ok_or_else(|| {
            Fail::new(
                ERR_TYPE,
                format!("datatype {datatype} is predefined: it has no contents"),
            )
        })?;
        let room = |max: c_int, need: usize, what: &str| {
            if (max as i64) < need as i64 {
                return Err(Fail::new(
                    ERR_ARG,
                    format!("{what} has room for {max}, the contents need {need}"),
                ));
            }
            Ok(())
        };
        room(max_integers, recipe.ints.len(), "array_of_integers")?;
        room(max_addresses, recipe.aints.len(), "array_of_addresses")?;
        room(max_datatypes, recipe.types.len(), "array_of_datatypes")?;
        let put = |to: *mut c_int, from: &[c_int], what: &str| -> Result<(), Fail> {
            if from.is_empty() {
                return Ok(());
            }
            if to.is_null() {
                return Err(Fail::new(ERR_ARG, format!("{what} is a null pointer")));
            }
            // SAFETY: the program's array has room for `max` ≥ `from.len()`
            // entries (checked above; non-null).
            unsafe { std::ptr::copy_nonoverlapping(from.as_ptr(), to, from.len()) };
            Ok(())
        };
        put(integers, &recipe.ints, "array_of_integers")?;
        if !recipe.aints.is_empty() {
            if addresses.is_null() {
                return Err(Fail::new(ERR_ARG, "array_of_addresses is a null pointer"));
            }
            // SAFETY: as above, for the addresses.
            unsafe {
                std::ptr::copy_nonoverlapping(recipe.aints.as_ptr(), addresses, recipe.aints.len())
            };
        }
        let handles: Vec<c_int> = (recipe.types.iter())
            .map(|(h, t)| match t.predefined {
                true => *h,
                false => vp.types.add(t.clone()),
            })
            .collect();
        put(datatypes, &handles, "array_of_datatypes")
    })
}

/// `MPI_Type_get_attr`: the value set under a user key (`crate::comm::attrs`);
/// datatypes have no predefined attributes.
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn ARTS_MPI_Type_get_attr(
    datatype: c_int,
    keyval: c_int,
    attribute_val: *mut c_void,
    flag: *mut c_int,
) -> c_int {
    entry("MPI_Type_get_attr", MPI_COMM_WORLD, |vp| {
        vp.types.get(datatype)?;
        crate::comm::attrs::get_user_attr(vp, Object::Type(datatype), keyval, attribute_val, flag)
    })
}

/// `MPI_Type_create_hindexed_block` (byte displacements, equal blocks).
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn ARTS_MPI_Type_create_hindexed_block(
    n: c_int,
    blocklength: c_int,
    displacements: *const isize,
    oldtype: c_int,
    newtype: *mut c_int,
) -> c_int {
    entry("MPI_Type_create_hindexed_block", MPI_COMM_WORLD, |vp| {
        let n = count(n, "count")?;
        let bl = count(blocklength, "blocklength")?;
        if n > 0 && displacements.is_null() {
            return Err(Fail::new(ERR_ARG, "displacements is a null pointer"));
        }
        let o = old(vp, oldtype)?;
        let mut at = Vec::with_capacity(n * bl);
        // SAFETY: the program passes `n` displacements (checked non-null).
        let ds = unsafe { std::slice::from_raw_parts(displacements, n) };
        for &d in ds {
            at.extend((0..bl).map(|j| d + j as isize * o.extent));
        }
        let t = from_placements(&o, &at);
        let ints = vec![n as c_int, blocklength];
        let made = recipe(
            MPI_COMBINER_HINDEXED_BLOCK,
            ints,
            ds.to_vec(),
            &[oldtype],
            vec![o],
        );
        define(vp, newtype, t, made)
    })
}

/// `MPI_Type_create_hindexed` (byte displacements).
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn ARTS_MPI_Type_create_hindexed(
    n: c_int,
    blocklengths: *const c_int,
    displacements: *const isize,
    oldtype: c_int,
    newtype: *mut c_int,
) -> c_int {
    entry("MPI_Type_create_hindexed", MPI_COMM_WORLD, |vp| {
        let n = count(n, "count")?;
        let bl = ints(blocklengths, n, "blocklengths")?;
        if n > 0 && displacements.is_null() {
            return Err(Fail::new(ERR_ARG, "displacements is a null pointer"));
        }
        let o = old(vp, oldtype)?;
        let mut at = Vec::new();
        // SAFETY: the program passes `n` displacements (checked non-null).
        let ds = unsafe { std::slice::from_raw_parts(displacements, n) };
        for (&b, &d) in bl.iter().zip(ds) {
            for j in 0..count(b, "a block length")? {
                at.push(d + j as isize * o.extent);
            }
        }
        let t = from_placements(&o, &at);
        let ints = [&[n as c_int][..], bl].concat();
        let made = recipe(
            MPI_COMBINER_HINDEXED,
            ints,
            ds.to_vec(),
            &[oldtype],
            vec![o],
        );
        define(vp, newtype, t, made)
    })
}

/// `MPI_Type_create_indexed_block` (displacements in elements of `oldtype`).
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn ARTS_MPI_Type_create_indexed_block(
    n: c_int,
    blocklength: c_int,
    displacements: *const c_int,
    oldtype: c_int,
    newtype: *mut c_int,
) -> c_int {
    entry("MPI_Type_create_indexed_block", MPI_COMM_WORLD, |vp| {
        let n = count(n, "count")?;
        let bl = count(blocklength, "blocklength")?;
        let ds = ints(displacements, n, "displacements")?;
        let o = old(vp, oldtype)?;
        let mut at = Vec::with_capacity(n * bl);
        for &d in ds {
            for j in 0..bl {
                at.push((d as isize + j as isize) * o.extent);
            }
        }
        let t = from_placements(&o, &at);
        let ints = [&[n as c_int, blocklength][..], ds].concat();
        let made = recipe(
            MPI_COMBINER_INDEXED_BLOCK,
            ints,
            vec![],
            &[oldtype],
            vec![o],
        );
        define(vp, newtype, t, made)
    })
}

/// `MPI_Type_create_subarray`: a `subsizes` block at `starts` of an array
/// of `sizes` (row-major for `MPI_ORDER_C`, column-major for
/// `MPI_ORDER_FORTRAN`); its extent is the whole array's.
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn ARTS_MPI_Type_create_subarray(
    ndims: c_int,
    sizes: *const c_int,
    subsizes: *const c_int,
    starts: *const c_int,
    order: c_int,
    oldtype: c_int,
    newtype: *mut c_int,
) -> c_int {
    entry("MPI_Type_create_subarray", MPI_COMM_WORLD, |vp| {
        let n = count(ndims, "ndims")?;
        if n == 0 {
            return Err(Fail::new(ERR_ARG, "ndims must be at least 1"));
        }
        let mut size = ints(sizes, n, "sizes")?.to_vec();
        let mut sub = ints(subsizes, n, "subsizes")?.to_vec();
        let mut start = ints(starts, n, "starts")?.to_vec();
        let given = [&[ndims][..], &size, &sub, &start, &[order]].concat();
        for d in 0..n {
            if size[d] < 1 || sub[d] < 0 || start[d] < 0 || start[d] + sub[d] > size[d] {
                return Err(Fail::new(
                    ERR_ARG,
                    format!(
                        "dimension {d}: a subarray of {} at {} does not fit {} elements",
                        sub[d], start[d], size[d]
                    ),
                ));
            }
        }
        match order {
            0 => {}
            1 => {
                size.reverse();
                sub.reverse();
                start.reverse();
            }
            _ => {
                return Err(Fail::new(
                    ERR_ARG,
                    format!("order {order} is not MPI_ORDER_C or MPI_ORDER_FORTRAN"),
                ));
            }
        }
        let o = old(vp, oldtype)?;
        // Row-major strides of the whole array, in elements.
        let mut stride = vec![1isize; n];
        for d in (0..n - 1).rev() {
            stride[d] = stride[d + 1] * size[d + 1] as isize;
        }
        let cells: usize = sub.iter().map(|&s| s as usize).product();
        let mut at = Vec::with_capacity(cells);
        let mut idx = vec![0isize; n];
        for _ in 0..cells {
            let off: isize = (0..n)
                .map(|d| (start[d] as isize + idx[d]) * stride[d])
                .sum();
            at.push(off * o.extent);
            for d in (0..n).rev() {
                idx[d] += 1;
                if idx[d] < sub[d] as isize {
                    break;
                }
                idx[d] = 0;
            }
        }
        let mut t = from_placements(&o, &at);
        t.lb = 0;
        t.extent = stride[0] * size[0] as isize * o.extent;
        let made = recipe(MPI_COMBINER_SUBARRAY, given, vec![], &[oldtype], vec![o]);
        define(vp, newtype, t, made)
    })
}

/// The global indices along one dimension of `gsize` elements that
/// process coordinate `coord` of `psize` holds under distribution
/// `distrib` with argument `darg` (`MPI_Type_create_darray`).
fn distributed(
    d: usize,
    gsize: c_int,
    distrib: c_int,
    darg: c_int,
    psize: c_int,
    coord: c_int,
) -> Result<Vec<isize>, Fail> {
    let bad = |what: String| Fail::new(ERR_ARG, format!("dimension {d}: {what}"));
    if gsize < 1 || psize < 1 {
        return Err(bad(format!("{gsize} elements on {psize} processes")));
    }
    let (g, p, c) = (gsize as isize, psize as isize, coord as isize);
    match distrib {
        MPI_DISTRIBUTE_NONE if psize == 1 => Ok((0..g).collect()),
        MPI_DISTRIBUTE_NONE => Err(bad(format!(
            "MPI_DISTRIBUTE_NONE over {psize} processes (it needs 1)"
        ))),
        MPI_DISTRIBUTE_BLOCK => {
            let b = match darg {
                MPI_DISTRIBUTE_DFLT_DARG => (g + p - 1) / p,
                b if b >= 1 && b as isize * p >= g => b as isize,
                b => return Err(bad(format!("blocks of {b} do not cover {gsize} elements"))),
            };
            Ok((c * b..((c + 1) * b).min(g)).collect())
        }
        MPI_DISTRIBUTE_CYCLIC => {
            let b = match darg {
                MPI_DISTRIBUTE_DFLT_DARG => 1,
                b if b >= 1 => b as isize,
                b => return Err(bad(format!("cyclic blocks of {b}"))),
            };
            Ok((0..g).filter(|i| (i / b) % p == c).collect())
        }
        other => Err(bad(format!(
            "distribution {other} is not MPI_DISTRIBUTE_BLOCK, CYCLIC or NONE"
        ))),
    }
}

/// `MPI_Type_create_darray`: the elements that process `rank` of a grid of
/// `psizes` processes (row-major) holds of an array of `gsizes` distributed
/// by `distribs` and `dargs`, in the array's order (`MPI_ORDER_C` or
/// `MPI_ORDER_FORTRAN`); its extent is the whole array's.
#[unsafe(no_mangle)]
#[allow(clippy::too_many_arguments)]
pub(crate) unsafe extern "C-unwind" fn ARTS_MPI_Type_create_darray(
    size: c_int,
    rank: c_int,
    ndims: c_int,
    gsizes: *const c_int,
    distribs: *const c_int,
    dargs: *const c_int,
    psizes: *const c_int,
    order: c_int,
    oldtype: c_int,
    newtype: *mut c_int,
) -> c_int {
    entry("MPI_Type_create_darray", MPI_COMM_WORLD, |vp| {
        let n = count(ndims, "ndims")?;
        let (g, dist, darg, p) = (
            ints(gsizes, n, "gsizes")?,
            ints(distribs, n, "distribs")?,
            ints(dargs, n, "dargs")?,
            ints(psizes, n, "psizes")?,
        );
        let grid: i64 = p.iter().map(|&x| i64::from(x)).product();
        if n == 0 || grid != i64::from(size) || !(0..size).contains(&rank) {
            return Err(Fail::new(
                ERR_ARG,
                format!("rank {rank} of {size} does not fit a grid of {p:?} processes"),
            ));
        }
        // The rank's coordinates in the (row-major) process grid.
        let mut coords = vec![0; n];
        let mut r = rank;
        for d in (0..n).rev() {
            coords[d] = r % p[d];
            r /= p[d];
        }
        let mut held = (0..n)
            .map(|d| distributed(d, g[d], dist[d], darg[d], p[d], coords[d]))
            .collect::<Result<Vec<_>, _>>()?;
        // Dimensions from the slowest-varying in memory to the fastest.
        let mut sizes: Vec<isize> = g.iter().map(|&x| x as isize).collect();
        match order {
            0 => {}
            1 => {
                held.reverse();
                sizes.reverse();
            }
            _ => {
                return Err(Fail::new(
                    ERR_ARG,
                    format!("order {order} is not MPI_ORDER_C or MPI_ORDER_FORTRAN"),
                ));
            }
        }
        let mut stride = vec![1isize; n];
        for d in (0..n - 1).rev() {
            stride[d] = stride[d + 1] * sizes[d + 1];
        }
        let o = old(vp, oldtype)?;
        let mut at = vec![0isize];
        for (held, &stride) in held.iter().zip(&stride) {
            at = (at.iter())
                .flat_map(|&a| held.iter().map(move |&i| a + i * stride))
                .collect();
        }
        let at: Vec<isize> = at.into_iter().map(|e| e * o.extent).collect();
        let mut t = from_placements(&o, &at);
        t.lb = 0;
        t.extent = stride[0] * sizes[0] * o.extent;
        let given = [&[size, rank, ndims][..], g, dist, darg, p, &[order]].concat();
        let made = recipe(MPI_COMBINER_DARRAY, given, vec![], &[oldtype], vec![o]);
        define(vp, newtype, t, made)
    })
}

/// `MPI_Pack_size`: the bytes `MPI_Pack` needs for `incount` elements of
/// `datatype` (their packed size: no header).
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn ARTS_MPI_Pack_size(
    incount: c_int,
    datatype: c_int,
    comm: c_int,
    size: *mut c_int,
) -> c_int {
    entry("MPI_Pack_size", comm, |vp| {
        comm_of(comm)?;
        let len = byte_len(
            count(incount, "incount")?,
            vp.types.comm_type_ref(datatype)?,
        )?;
        *out(size, "size")? = c_int::try_from(len)
            .map_err(|_| Fail::new(ERR_COUNT, format!("{len} bytes do not fit in an int")))?;
        Ok(())
    })
}

/// The `len` bytes at position `at` of a buffer of `size` bytes at
/// `buf`, for the packing calls.
fn window<'a>(buf: *mut u8, size: usize, at: usize, len: usize) -> Result<&'a mut [u8], Fail> {
    if at.checked_add(len).is_none_or(|end| end > size) {
        return Err(Fail::new(
            ERR_TRUNCATE,
            format!("{len} bytes at position {at} overflow the buffer of {size} bytes"),
        ));
    }
    if len == 0 {
        return Ok(&mut []);
    }
    if buf.is_null() {
        return Err(Fail::new(ERR_BUFFER, "the packed buffer is a null pointer"));
    }
    // SAFETY: the program passes a buffer of `size` bytes; at + len <= size.
    Ok(unsafe { std::slice::from_raw_parts_mut(buf.add(at), len) })
}

/// `MPI_Pack`: appends `incount` elements of `datatype` at `inbuf` to the
/// packed buffer `outbuf` at `*position`.
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn ARTS_MPI_Pack(
    inbuf: *const c_void,
    incount: c_int,
    datatype: c_int,
    outbuf: *mut c_void,
    outsize: c_int,
    position: *mut c_int,
    comm: c_int,
) -> c_int {
    entry("MPI_Pack", comm, |vp| {
        comm_of(comm)?;
        let position = out(position, "position")?;
        let at = count(*position, "position")?;
        let data = send_bytes(
            inbuf,
            count(incount, "incount")?,
            vp.types.comm_type_ref(datatype)?,
        )?;
        window(outbuf.cast(), count(outsize, "outsize")?, at, data.len())?.copy_from_slice(&data);
        *position = (at + data.len()) as c_int;
        Ok(())
    })
}

/// `MPI_Unpack`: takes `outcount` elements of `datatype` from the packed
/// buffer `inbuf` at `*position` into `outbuf`.
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn ARTS_MPI_Unpack(
    inbuf: *const c_void,
    insize: c_int,
    position: *mut c_int,
    outbuf: *mut c_void,
    outcount: c_int,
    datatype: c_int,
    comm: c_int,
) -> c_int {
    entry("MPI_Unpack", comm, |vp| {
        comm_of(comm)?;
        let position = out(position, "position")?;
        let at = count(*position, "position")?;
        let n = count(outcount, "outcount")?;
        let mut target = RecvBuf::new(outbuf, n, vp.types.comm_type_ref(datatype)?)?;
        let len = target.slice().len();
        let bytes = window(inbuf.cast_mut().cast(), count(insize, "insize")?, at, len)?;
        target.slice().copy_from_slice(bytes);
        target.finish(len);
        *position = (at + len) as c_int;
        Ok(())
    })
}

/// Fails unless `datarep` is `"external32"`, the one representation the
/// external packing calls know.
fn external32_named(datarep: *const c_char) -> Result<(), Fail> {
    // SAFETY: a NUL-terminated string, if not null.
    let rep = (!datarep.is_null()).then(|| unsafe { CStr::from_ptr(datarep) });
    if rep.is_none_or(|r| r.to_bytes() != b"external32") {
        let given = rep.map_or("a null pointer".into(), |r| r.to_string_lossy());
        return Err(Fail::new(
            ERR_UNSUPPORTED_DATAREP,
            format!("data representation {given:?}: only \"external32\" is accepted"),
        ));
    }
    Ok(())
}

/// An `MPI_Aint` byte count or position `v` as a `usize`.
fn aint(v: isize, what: &str) -> Result<usize, Fail> {
    usize::try_from(v).map_err(|_| Fail::new(ERR_ARG, format!("{what} {v} is negative")))
}

/// `MPI_Pack_external_size`: the bytes `MPI_Pack_external` writes for
/// `incount` elements of `datatype` in `datarep` (`"external32"`).
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn ARTS_MPI_Pack_external_size(
    datarep: *const c_char,
    incount: c_int,
    datatype: c_int,
    size: *mut isize,
) -> c_int {
    entry("MPI_Pack_external_size", MPI_COMM_WORLD, |vp| {
        external32_named(datarep)?;
        let t = vp.types.comm_type_ref(datatype)?;
        *out(size, "size")? = external32::size(&t.runs, count(incount, "incount")?) as isize;
        Ok(())
    })
}

/// `MPI_Pack_external`: appends `incount` elements of `datatype` at
/// `inbuf`, in `datarep` (`"external32"`: big-endian, the standard's
/// sizes), to `outbuf` at `*position`.
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn ARTS_MPI_Pack_external(
    datarep: *const c_char,
    inbuf: *const c_void,
    incount: c_int,
    datatype: c_int,
    outbuf: *mut c_void,
    outsize: isize,
    position: *mut isize,
) -> c_int {
    entry("MPI_Pack_external", MPI_COMM_WORLD, |vp| {
        external32_named(datarep)?;
        let position = out(position, "position")?;
        let at = aint(*position, "position")?;
        let t = vp.types.comm_type_ref(datatype)?;
        let native = send_bytes(inbuf, count(incount, "incount")?, t)?;
        let mut wire = Vec::with_capacity(native.len());
        external32::encode(&t.runs, &native, &mut wire);
        window(outbuf.cast(), aint(outsize, "outsize")?, at, wire.len())?.copy_from_slice(&wire);
        *position = (at + wire.len()) as isize;
        Ok(())
    })
}

/// `MPI_Unpack_external`: takes `outcount` elements of `datatype`, in
/// `datarep` (`"external32"`), from `inbuf` at `*position` into `outbuf`.
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn ARTS_MPI_Unpack_external(
    datarep: *const c_char,
    inbuf: *const c_void,
    insize: isize,
    position: *mut isize,
    outbuf: *mut c_void,
    outcount: c_int,
    datatype: c_int,
) -> c_int {
    entry("MPI_Unpack_external", MPI_COMM_WORLD, |vp| {
        external32_named(datarep)?;
        let position = out(position, "position")?;
        let at = aint(*position, "position")?;
        let n = count(outcount, "outcount")?;
        let t = vp.types.comm_type_ref(datatype)?;
        let len = external32::size(&t.runs, n);
        let wire = window(inbuf.cast_mut().cast(), aint(insize, "insize")?, at, len)?;
        let mut target = RecvBuf::new(outbuf, n, t)?;
        let native = target.slice();
        external32::decode(&t.runs, wire, native);
        target.finish(native.len());
        *position = (at + len) as isize;
        Ok(())
    })
}

/// `MPI_Get_address` (and MPI-1's `MPI_Address`): the address of
/// `location`, for the displacements of `MPI_Type_create_struct` and
/// `MPI_BOTTOM`-relative buffers.
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn ARTS_MPI_Get_address(
    location: *const c_void,
    address: *mut isize,
) -> c_int {
    entry("MPI_Get_address", MPI_COMM_WORLD, |_| {
        *out(address, "address")? = location as isize;
        Ok(())
    })
}

/// `MPI_Aint_add`: address `base` moved by `disp` bytes (wrapping, as
/// the C arithmetic on addresses it stands for).
#[unsafe(no_mangle)]
pub(crate) extern "C-unwind" fn ARTS_MPI_Aint_add(base: isize, disp: isize) -> isize {
    base.wrapping_add(disp)
}

/// `MPI_Aint_diff`: the bytes from address `addr2` to `addr1`.
#[unsafe(no_mangle)]
pub(crate) extern "C-unwind" fn ARTS_MPI_Aint_diff(addr1: isize, addr2: isize) -> isize {
    addr1.wrapping_sub(addr2)
}

/// `MPI_Type_size_x`: `MPI_Type_size` as an `MPI_Count`.
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn ARTS_MPI_Type_size_x(
    datatype: c_int,
    size: *mut i64,
) -> c_int {
    entry("MPI_Type_size_x", MPI_COMM_WORLD, |vp| {
        *out(size, "size")? = vp.types.get(datatype)?.size as i64;
        Ok(())
    })
}

/// `MPI_Type_get_extent_x`: `MPI_Type_get_extent` as `MPI_Count`s.
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn ARTS_MPI_Type_get_extent_x(
    datatype: c_int,
    lb: *mut i64,
    extent: *mut i64,
) -> c_int {
    entry("MPI_Type_get_extent_x", MPI_COMM_WORLD, |vp| {
        let t = vp.types.get(datatype)?;
        let (l, e) = (t.lb as i64, t.extent as i64);
        *out(lb, "lb")? = l;
        *out(extent, "extent")? = e;
        Ok(())
    })
}

/// `MPI_Type_get_true_extent_x`: `MPI_Type_get_true_extent` as `MPI_Count`s.
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn ARTS_MPI_Type_get_true_extent_x(
    datatype: c_int,
    true_lb: *mut i64,
    true_extent: *mut i64,
) -> c_int {
    entry("MPI_Type_get_true_extent_x", MPI_COMM_WORLD, |vp| {
        let (first, end) = true_bounds(vp.types.get(datatype)?);
        *out(true_lb, "true_lb")? = first as i64;
        *out(true_extent, "true_extent")? = (end - first) as i64;
        Ok(())
    })
}

/// MPI-1's `MPI_Type_extent`.
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn ARTS_MPI_Type_extent(
    datatype: c_int,
    extent: *mut isize,
) -> c_int {
    entry("MPI_Type_extent", MPI_COMM_WORLD, |vp| {
        *out(extent, "extent")? = vp.types.get(datatype)?.extent;
        Ok(())
    })
}

/// MPI-1's `MPI_Type_lb`: the lower bound.
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn ARTS_MPI_Type_lb(
    datatype: c_int,
    displacement: *mut isize,
) -> c_int {
    entry("MPI_Type_lb", MPI_COMM_WORLD, |vp| {
        *out(displacement, "displacement")? = vp.types.get(datatype)?.lb;
        Ok(())
    })
}

/// MPI-1's `MPI_Type_ub`: the lower bound plus the extent.
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn ARTS_MPI_Type_ub(
    datatype: c_int,
    displacement: *mut isize,
) -> c_int {
    entry("MPI_Type_ub", MPI_COMM_WORLD, |vp| {
        let t = vp.types.get(datatype)?;
        let ub = t.lb + t.extent;
        *out(displacement, "displacement")? = ub;
        Ok(())
    })
}

#[cfg(test)]
mod tests {
    use crate::types::layout::TypeTable;

    #[test]
    fn match_size_gives_types_of_the_size_asked() {
        let t = TypeTable::new();
        for (_, size, h) in super::MATCHES {
            assert_eq!(t.get(h).unwrap().size, size as usize, "handle {h}");
        }
    }
}
