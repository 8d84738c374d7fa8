//! Cartesian topologies: `MPI_Cart_create` makes a communicator of the
//! first `prod(dims)` ranks (no reordering) and remembers its grid;
//! coordinates are row-major, as in every MPI.

use std::ffi::c_int;

use arts_ampi::Comm;

use crate::abi::*;
use crate::state::fail::{Fail, comm_of, count, ints, out};
use crate::state::tables::Cart;
use crate::state::{Vp, entry};

fn cart_of(vp: &Vp, comm: c_int) -> Result<Cart, Fail> {
    vp.carts.get(&comm).cloned().ok_or_else(|| {
        Fail::new(
            ERR_TOPOLOGY,
            format!("communicator {comm} has no Cartesian topology"),
        )
    })
}

/// `MPI_Dims_create`'s rule: fill the zero entries of `dims` with a
/// balanced factorization of `nnodes / prod(nonzero)`, non-increasing.
pub(crate) fn dims_create(nnodes: c_int, dims: &mut [c_int]) -> Result<(), String> {
    let fixed: c_int = dims.iter().filter(|&&d| d > 0).product();
    if dims.iter().any(|&d| d < 0) {
        return Err("dims has a negative entry".into());
    }
    if fixed == 0 || nnodes % fixed != 0 {
        return Err(format!(
            "{nnodes} nodes do not divide into the fixed dimensions (product {fixed})"
        ));
    }
    let free: Vec<usize> = (0..dims.len()).filter(|&i| dims[i] == 0).collect();
    let mut left = nnodes / fixed;
    if free.is_empty() {
        return if left == 1 {
            Ok(())
        } else {
            Err(format!("the dimensions multiply to {fixed}, not {nnodes}"))
        };
    }
    let mut factors = Vec::new();
    let mut p = 2;
    while left > 1 {
        if p * p > left {
            factors.push(left);
            break;
        }
        while left % p == 0 {
            factors.push(p);
            left /= p;
        }
        p += 1;
    }
    factors.sort_unstable_by(|a, b| b.cmp(a));
    let mut vals = vec![1; free.len()];
    for f in factors {
        let i = (0..vals.len()).min_by_key(|&i| vals[i]).expect("non-empty");
        vals[i] *= f;
    }
    vals.sort_unstable_by(|a, b| b.cmp(a));
    for (i, v) in free.into_iter().zip(vals) {
        dims[i] = v;
    }
    Ok(())
}

/// `MPI_Dims_create`.
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn ARTS_MPI_Dims_create(
    nnodes: c_int,
    ndims: c_int,
    dims: *mut c_int,
) -> c_int {
    entry("MPI_Dims_create", MPI_COMM_WORLD, |_| {
        let n = count(ndims, "ndims")?;
        if nnodes < 1 {
            return Err(Fail::new(ERR_ARG, format!("nnodes {nnodes} is below 1")));
        }
        ints(dims, n, "dims")?;
        // SAFETY: checked above: `n` ints.
        let dims = unsafe { std::slice::from_raw_parts_mut(dims, n) };
        dims_create(nnodes, dims).map_err(|e| Fail::new(ERR_DIMS, e))
    })
}

/// `MPI_Cart_create` (collective; `reorder` is ignored: ranks keep their order).
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn ARTS_MPI_Cart_create(
    comm_old: c_int,
    ndims: c_int,
    dims: *const c_int,
    periods: *const c_int,
    _reorder: c_int,
    comm_cart: *mut c_int,
) -> c_int {
    entry("MPI_Cart_create", comm_old, |vp| {
        let out = out(comm_cart, "comm_cart")?;
        let n = count(ndims, "ndims")?;
        let dims = ints(dims, n, "dims")?.to_vec();
        let periods: Vec<bool> = ints(periods, n, "periods")?
            .iter()
            .map(|&p| p != 0)
            .collect();
        let c = crate::comm::inter::intra(vp, comm_old)?;
        let size = vp.mpi().comm_size(c)?;
        let me = vp.mpi().comm_rank(c)?;
        if dims.iter().any(|&d| d < 1) {
            return Err(Fail::new(
                ERR_DIMS,
                format!("dims {dims:?} has an entry below 1"),
            ));
        }
        let cells: i64 = dims.iter().map(|&d| i64::from(d)).product();
        if cells > i64::from(size) {
            return Err(Fail::new(
                ERR_DIMS,
                format!("a grid of {cells} ranks does not fit the communicator of {size}"),
            ));
        }
        let color = if i64::from(me) < cells {
            0
        } else {
            arts_ampi::UNDEFINED
        };
        *out = match vp.mpi().comm_split(c, color, me)? {
            Some(Comm(new)) => {
                let new = new as c_int;
                crate::comm::communicators::inherit(vp, comm_old, new);
                vp.carts.insert(new, Cart { dims, periods });
                new
            }
            None => MPI_COMM_NULL,
        };
        Ok(())
    })
}

/// `MPI_Cart_coords`.
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn ARTS_MPI_Cart_coords(
    comm: c_int,
    rank: c_int,
    maxdims: c_int,
    coords: *mut c_int,
) -> c_int {
    entry("MPI_Cart_coords", comm, |vp| {
        let cart = cart_of(vp, comm)?;
        let cells: c_int = cart.dims.iter().product();
        if !(0..cells).contains(&rank) {
            return Err(Fail::new(
                ERR_RANK,
                format!("rank {rank} is not in the grid of {cells}"),
            ));
        }
        let n = count(maxdims, "maxdims")?.min(cart.dims.len());
        ints(coords, n, "coords")?;
        // SAFETY: checked above: `n` ints.
        let out = unsafe { std::slice::from_raw_parts_mut(coords, n) };
        out.copy_from_slice(&cart.coords(rank)[..n]);
        Ok(())
    })
}

/// `MPI_Cart_rank`.
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn ARTS_MPI_Cart_rank(
    comm: c_int,
    coords: *const c_int,
    rank: *mut c_int,
) -> c_int {
    entry("MPI_Cart_rank", comm, |vp| {
        let cart = cart_of(vp, comm)?;
        let rank = out(rank, "rank")?;
        let coords = ints(coords, cart.dims.len(), "coords")?;
        *rank = cart.rank(coords).ok_or_else(|| {
            Fail::new(
                ERR_ARG,
                format!(
                    "coordinates {coords:?} are outside the non-periodic grid {:?}",
                    cart.dims
                ),
            )
        })?;
        Ok(())
    })
}

/// `MPI_Cart_shift`: `MPI_PROC_NULL` past a non-periodic edge.
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn ARTS_MPI_Cart_shift(
    comm: c_int,
    direction: c_int,
    disp: c_int,
    source: *mut c_int,
    dest: *mut c_int,
) -> c_int {
    entry("MPI_Cart_shift", comm, |vp| {
        let cart = cart_of(vp, comm)?;
        let (source, dest) = (out(source, "rank_source")?, out(dest, "rank_dest")?);
        let d = usize::try_from(direction)
            .ok()
            .filter(|&d| d < cart.dims.len())
            .ok_or_else(|| {
                Fail::new(
                    ERR_DIMS,
                    format!(
                        "direction {direction} is not a dimension of the {}-D grid",
                        cart.dims.len()
                    ),
                )
            })?;
        let me = vp.mpi().comm_rank(comm_of(comm)?)?;
        let here = cart.coords(me);
        let at = |delta: c_int| {
            let mut c = here.clone();
            c[d] += delta;
            cart.rank(&c).unwrap_or(MPI_PROC_NULL)
        };
        *source = at(-disp);
        *dest = at(disp);
        Ok(())
    })
}

/// `MPI_Cart_get`.
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn ARTS_MPI_Cart_get(
    comm: c_int,
    maxdims: c_int,
    dims: *mut c_int,
    periods: *mut c_int,
    coords: *mut c_int,
) -> c_int {
    entry("MPI_Cart_get", comm, |vp| {
        let cart = cart_of(vp, comm)?;
        let n = count(maxdims, "maxdims")?.min(cart.dims.len());
        let me = vp.mpi().comm_rank(comm_of(comm)?)?;
        let here = cart.coords(me);
        for (p, what) in [(dims, "dims"), (periods, "periods"), (coords, "coords")] {
            ints(p, n, what)?;
        }
        #[allow(clippy::needless_range_loop)]
        for i in 0..n {
            // SAFETY: checked above: `n` ints each.
            unsafe {
                *dims.add(i) = cart.dims[i];
                *periods.add(i) = c_int::from(cart.periods[i]);
                *coords.add(i) = here[i];
            }
        }
        Ok(())
    })
}

/// `MPI_Cartdim_get`.
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn ARTS_MPI_Cartdim_get(
    comm: c_int,
    ndims: *mut c_int,
) -> c_int {
    entry("MPI_Cartdim_get", comm, |vp| {
        let ndims = out(ndims, "ndims")?;
        *ndims = cart_of(vp, comm)?.dims.len() as c_int;
        Ok(())
    })
}

/// `MPI_Cart_sub` (collective): the sub-grids keeping the dimensions
/// flagged in `remain_dims`; ranks in a sub-grid keep their order.
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn ARTS_MPI_Cart_sub(
    comm: c_int,
    remain_dims: *const c_int,
    newcomm: *mut c_int,
) -> c_int {
    entry("MPI_Cart_sub", comm, |vp| {
        let cart = cart_of(vp, comm)?;
        let out = out(newcomm, "newcomm")?;
        let keep: Vec<bool> = ints(remain_dims, cart.dims.len(), "remain_dims")?
            .iter()
            .map(|&k| k != 0)
            .collect();
        let c = comm_of(comm)?;
        let me = vp.mpi().comm_rank(c)?;
        let here = cart.coords(me);
        // The color numbers the sub-grid by the coordinates it drops.
        let mut color = 0;
        for (d, &k) in keep.iter().enumerate() {
            if !k {
                color = color * cart.dims[d] + here[d];
            }
        }
        let Some(Comm(new)) = vp.mpi().comm_split(c, color, me)? else {
            return Err(Fail::new(ERR_INTERN, "the sub-grid has no communicator"));
        };
        let new = new as c_int;
        crate::comm::communicators::inherit(vp, comm, new);
        let (dims, periods) = (0..keep.len())
            .filter(|&d| keep[d])
            .map(|d| (cart.dims[d], cart.periods[d]))
            .unzip();
        vp.carts.insert(new, Cart { dims, periods });
        *out = new;
        Ok(())
    })
}

/// `MPI_Cart_map`: this rank's place in a grid of `dims` over `comm`
/// (without reordering: its own rank), `MPI_UNDEFINED` beyond the grid.
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn ARTS_MPI_Cart_map(
    comm: c_int,
    ndims: c_int,
    dims: *const c_int,
    _periods: *const c_int,
    newrank: *mut c_int,
) -> c_int {
    entry("MPI_Cart_map", comm, |vp| {
        let dims = ints(dims, count(ndims, "ndims")?, "dims")?;
        let nodes = dims.iter().try_fold(1i64, |n, &d| match d {
            d if d > 0 => Ok(n * i64::from(d)),
            d => Err(Fail::new(
                ERR_DIMS,
                format!("dimension {d} is not positive"),
            )),
        })?;
        let me = vp.mpi().comm_rank(comm_of(comm)?)?;
        *out(newrank, "newrank")? = if i64::from(me) < nodes {
            me
        } else {
            MPI_UNDEFINED
        };
        Ok(())
    })
}
