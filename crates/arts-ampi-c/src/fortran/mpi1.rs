//! MPI-1's datatype calls from Fortran (`MPI_TYPE_STRUCT`,
//! `MPI_TYPE_HINDEXED`, `MPI_TYPE_HVECTOR`, `MPI_TYPE_EXTENT`,
//! `MPI_TYPE_LB`, `MPI_TYPE_UB`, `MPI_ADDRESS`): their displacements,
//! strides, extents and addresses are default `INTEGER`s, not
//! `INTEGER(KIND=MPI_ADDRESS_KIND)`. Inputs are widened; an output that
//! does not fit in an `INTEGER` fails the call (`MPI_ERR_ARG`, naming the
//! value) as a C call fails.

use std::ffi::{c_int, c_void};

use super::done;
use crate::abi::{ERR_ARG, MPI_COMM_WORLD};
use crate::state::entry;
use crate::state::fail::Fail;
use crate::types::calls::*;

/// The `n` default `INTEGER`s at `p` widened to addresses (none when `n`
/// is not positive: the C call then judges the count).
fn widen(p: *const c_int, n: c_int) -> Vec<isize> {
    if n <= 0 || p.is_null() {
        return Vec::new();
    }
    // SAFETY: the program passes an array of `n` INTEGERs.
    let ints = unsafe { std::slice::from_raw_parts(p, n as usize) };
    ints.iter().map(|&d| d as isize).collect()
}

/// The C array for widened `v` of the program's `p` (null stays null, so
/// the C call reports it).
fn array(p: *const c_int, v: &[isize]) -> *const isize {
    if p.is_null() {
        std::ptr::null()
    } else {
        v.as_ptr()
    }
}

/// Runs C call `c` writing an address-sized `what` and stores it in the
/// program's `INTEGER` at `to`: a value that does not fit fails as call
/// `call` (`MPI_ERR_ARG`) and `to` is left as it was.
fn narrow(
    call: &'static str,
    what: &str,
    to: *mut c_int,
    ierr: *mut c_int,
    c: impl FnOnce(*mut isize) -> c_int,
) {
    let mut wide: isize = 0;
    let mut rc = c(&raw mut wide);
    if rc == 0 {
        match c_int::try_from(wide) {
            // SAFETY: the program's INTEGER.
            Ok(v) if !to.is_null() => unsafe { *to = v },
            Ok(_) => {}
            Err(_) => {
                rc = entry(call, MPI_COMM_WORLD, |_| {
                    Err(Fail::new(
                        ERR_ARG,
                        format!(
                            "{what} {wide} ({wide:#x}) does not fit in a default INTEGER \
                             (MPI-1's Fortran call; use the MPI-2 one with \
                             INTEGER(KIND=MPI_ADDRESS_KIND))"
                        ),
                    ))
                })
            }
        }
    }
    done(ierr, rc);
}

/// Fortran's `MPI_Type_struct(count, blocklengths, displacements, types,
/// newtype, ierr)`: `MPI_Type_create_struct` with `INTEGER` displacements.
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn mpi_type_struct_(
    count: *const c_int,
    blocklengths: *const c_int,
    displacements: *const c_int,
    types: *const c_int,
    newtype: *mut c_int,
    ierr: *mut c_int,
) {
    // SAFETY: by reference; the widened displacements outlive the call.
    let rc = unsafe {
        let d = widen(displacements, *count);
        ARTS_MPI_Type_create_struct(
            *count,
            blocklengths,
            array(displacements, &d),
            types,
            newtype,
        )
    };
    done(ierr, rc);
}

/// Fortran's `MPI_Type_hindexed(count, blocklengths, displacements,
/// oldtype, newtype, ierr)`: `MPI_Type_create_hindexed` with `INTEGER`
/// displacements (in bytes).
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn mpi_type_hindexed_(
    count: *const c_int,
    blocklengths: *const c_int,
    displacements: *const c_int,
    oldtype: *const c_int,
    newtype: *mut c_int,
    ierr: *mut c_int,
) {
    // SAFETY: as above.
    let rc = unsafe {
        let d = widen(displacements, *count);
        ARTS_MPI_Type_create_hindexed(
            *count,
            blocklengths,
            array(displacements, &d),
            *oldtype,
            newtype,
        )
    };
    done(ierr, rc);
}

/// Fortran's `MPI_Type_hvector(count, blocklength, stride, oldtype,
/// newtype, ierr)`: `MPI_Type_create_hvector` with an `INTEGER` stride.
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn mpi_type_hvector_(
    count: *const c_int,
    blocklength: *const c_int,
    stride: *const c_int,
    oldtype: *const c_int,
    newtype: *mut c_int,
    ierr: *mut c_int,
) {
    // SAFETY: by reference.
    let rc = unsafe {
        ARTS_MPI_Type_create_hvector(*count, *blocklength, *stride as isize, *oldtype, newtype)
    };
    done(ierr, rc);
}

/// Fortran's `MPI_Type_extent(datatype, extent, ierr)`, an `INTEGER` extent.
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn mpi_type_extent_(
    datatype: *const c_int,
    extent: *mut c_int,
    ierr: *mut c_int,
) {
    // SAFETY: by reference.
    narrow("MPI_Type_extent", "extent", extent, ierr, |wide| unsafe {
        ARTS_MPI_Type_extent(*datatype, wide)
    });
}

/// Fortran's `MPI_Type_lb(datatype, displacement, ierr)`, an `INTEGER`.
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn mpi_type_lb_(
    datatype: *const c_int,
    displacement: *mut c_int,
    ierr: *mut c_int,
) {
    // SAFETY: by reference.
    narrow(
        "MPI_Type_lb",
        "lower bound",
        displacement,
        ierr,
        |wide| unsafe { ARTS_MPI_Type_lb(*datatype, wide) },
    );
}

/// Fortran's `MPI_Type_ub(datatype, displacement, ierr)`, an `INTEGER`.
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn mpi_type_ub_(
    datatype: *const c_int,
    displacement: *mut c_int,
    ierr: *mut c_int,
) {
    // SAFETY: by reference.
    narrow(
        "MPI_Type_ub",
        "upper bound",
        displacement,
        ierr,
        |wide| unsafe { ARTS_MPI_Type_ub(*datatype, wide) },
    );
}

/// Fortran's `MPI_Address(location, address, ierr)`: an `INTEGER` address,
/// which fails (`MPI_ERR_ARG`) for a location above 2 GiB — most of a
/// 64-bit process (`MPI_Get_address` gives any).
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn mpi_address_(
    location: *mut c_void,
    address: *mut c_int,
    ierr: *mut c_int,
) {
    // SAFETY: `location` is the program's variable.
    narrow("MPI_Address", "address", address, ierr, |wide| unsafe {
        ARTS_MPI_Get_address(location, wide)
    });
}
