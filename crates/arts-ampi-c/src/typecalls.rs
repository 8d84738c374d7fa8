//! The datatype calls: constructors, commit/free, size and extent.

use std::ffi::c_int;

use crate::abi::*;
use crate::state::{Fail, Vp, count, entry, ints, out};
use crate::types::{TypeInfo, from_placements, structure};

fn old(vp: &Vp, h: c_int) -> Result<TypeInfo, Fail> {
    vp.types.get(h).cloned()
}

fn define(vp: &mut Vp, newtype: *mut c_int, t: TypeInfo) -> Result<(), Fail> {
    let out = out(newtype, "newtype")?;
    *out = vp.types.add(t);
    Ok(())
}

/// `MPI_Type_contiguous`.
#[unsafe(no_mangle)]
pub unsafe extern "C-unwind" fn ARTS_MPI_Type_contiguous(
    n: c_int,
    oldtype: c_int,
    newtype: *mut c_int,
) -> c_int {
    entry("MPI_Type_contiguous", MPI_COMM_WORLD, |vp| {
        let n = count(n, "count")?;
        let o = old(vp, oldtype)?;
        let at: Vec<isize> = (0..n).map(|i| i as isize * o.extent).collect();
        define(vp, newtype, from_placements(&o, &at))
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
    let o = old(vp, oldtype)?;
    let mut at = Vec::with_capacity(n * bl);
    for i in 0..n {
        for j in 0..bl {
            at.push(i as isize * stride + j as isize * o.extent);
        }
    }
    Ok(from_placements(&o, &at))
}

/// `MPI_Type_vector` (stride in elements of `oldtype`).
#[unsafe(no_mangle)]
pub unsafe extern "C-unwind" fn ARTS_MPI_Type_vector(
    n: c_int,
    blocklength: c_int,
    stride: c_int,
    oldtype: c_int,
    newtype: *mut c_int,
) -> c_int {
    entry("MPI_Type_vector", MPI_COMM_WORLD, |vp| {
        let ext = old(vp, oldtype)?.extent;
        let t = hvector(vp, n, blocklength, stride as isize * ext, oldtype)?;
        define(vp, newtype, t)
    })
}

/// `MPI_Type_create_hvector` (stride in bytes).
#[unsafe(no_mangle)]
pub unsafe extern "C-unwind" fn ARTS_MPI_Type_create_hvector(
    n: c_int,
    blocklength: c_int,
    stride: isize,
    oldtype: c_int,
    newtype: *mut c_int,
) -> c_int {
    entry("MPI_Type_create_hvector", MPI_COMM_WORLD, |vp| {
        let t = hvector(vp, n, blocklength, stride, oldtype)?;
        define(vp, newtype, t)
    })
}

/// `MPI_Type_indexed` (displacements in elements of `oldtype`).
#[unsafe(no_mangle)]
pub unsafe extern "C-unwind" fn ARTS_MPI_Type_indexed(
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
        define(vp, newtype, from_placements(&o, &at))
    })
}

/// `MPI_Type_create_struct` (byte displacements; the extent is padded to
/// the widest member's alignment, like a C struct).
#[unsafe(no_mangle)]
pub unsafe extern "C-unwind" fn ARTS_MPI_Type_create_struct(
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
        define(vp, newtype, structure(&parts))
    })
}

/// `MPI_Type_create_resized`.
#[unsafe(no_mangle)]
pub unsafe extern "C-unwind" fn ARTS_MPI_Type_create_resized(
    oldtype: c_int,
    lb: isize,
    extent: isize,
    newtype: *mut c_int,
) -> c_int {
    entry("MPI_Type_create_resized", MPI_COMM_WORLD, |vp| {
        let mut t = old(vp, oldtype)?;
        if extent < 0 {
            return Err(Fail::new(ERR_ARG, format!("extent {extent} is negative")));
        }
        t.lb = lb;
        t.extent = extent;
        t.committed = false;
        t.predefined = false;
        define(vp, newtype, t)
    })
}

/// `MPI_Type_commit`.
#[unsafe(no_mangle)]
pub unsafe extern "C-unwind" fn ARTS_MPI_Type_commit(datatype: *mut c_int) -> c_int {
    entry("MPI_Type_commit", MPI_COMM_WORLD, |vp| {
        let h = *out(datatype, "datatype")?;
        vp.types.commit(h)
    })
}

/// `MPI_Type_free`.
#[unsafe(no_mangle)]
pub unsafe extern "C-unwind" fn ARTS_MPI_Type_free(datatype: *mut c_int) -> c_int {
    entry("MPI_Type_free", MPI_COMM_WORLD, |vp| {
        let h = out(datatype, "datatype")?;
        vp.types.free(*h)?;
        *h = MPI_DATATYPE_NULL;
        Ok(())
    })
}

/// `MPI_Type_size`: bytes of data in one element.
#[unsafe(no_mangle)]
pub unsafe extern "C-unwind" fn ARTS_MPI_Type_size(datatype: c_int, size: *mut c_int) -> c_int {
    entry("MPI_Type_size", MPI_COMM_WORLD, |vp| {
        let s = vp.types.get(datatype)?.size;
        *out(size, "size")? = s as c_int;
        Ok(())
    })
}

/// `MPI_Type_get_extent`.
#[unsafe(no_mangle)]
pub unsafe extern "C-unwind" fn ARTS_MPI_Type_get_extent(
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
