//! Distributed graph topologies (`MPI_Dist_graph_create_adjacent`), what a
//! communicator's topology is (`MPI_Topo_test`), and the neighbor lists of
//! Cartesian and graph topologies that the neighbor collectives use.
//! Edge weights and reordering are accepted and ignored.

use std::ffi::c_int;

use crate::abi::*;
use crate::state::{Fail, Vp, comm_of, count, entry, ints, out};

/// `MPI_UNWEIGHTED` and `MPI_WEIGHTS_EMPTY` in mpi.h (no weights).
const NO_WEIGHTS: [usize; 2] = [2, 3];

/// A rank's edges in a distributed graph.
#[derive(Clone, Debug)]
pub(crate) struct Graph {
    /// Ranks it receives from, in order.
    pub sources: Vec<c_int>,
    /// Ranks it sends to, in order.
    pub dests: Vec<c_int>,
}

/// This rank's neighbors in `comm`'s topology: (sources, destinations).
/// A Cartesian grid gives, per dimension, the rank one step down and one
/// step up (`MPI_PROC_NULL` past a non-periodic edge), both ways.
pub(crate) fn neighbors(vp: &mut Vp, comm: c_int) -> Result<(Vec<c_int>, Vec<c_int>), Fail> {
    if let Some(g) = vp.graphs.get(&comm) {
        return Ok((g.sources.clone(), g.dests.clone()));
    }
    let Some(cart) = vp.carts.get(&comm).cloned() else {
        return Err(Fail::new(
            ERR_TOPOLOGY,
            format!("communicator {comm} has no Cartesian or graph topology"),
        ));
    };
    let me = vp.mpi().comm_rank(comm_of(comm)?)?;
    let here = cart.coords(me);
    let mut list = Vec::with_capacity(2 * here.len());
    for d in 0..here.len() {
        for step in [-1, 1] {
            let mut c = here.clone();
            c[d] += step;
            list.push(cart.rank(&c).unwrap_or(MPI_PROC_NULL));
        }
    }
    Ok((list.clone(), list))
}

/// The `n` ranks at `p` (named `what`), each a rank of a communicator of
/// `size` or `MPI_PROC_NULL`.
fn ranks(p: *const c_int, n: c_int, what: &str, size: i32) -> Result<Vec<c_int>, Fail> {
    let list = ints(p, count(n, what)?, what)?.to_vec();
    match list
        .iter()
        .find(|&&r| r != MPI_PROC_NULL && !(0..size).contains(&r))
    {
        Some(bad) => Err(Fail::new(
            ERR_RANK,
            format!("{what} lists {bad}, not a rank of the communicator of {size}"),
        )),
        None => Ok(list),
    }
}

/// `MPI_Dist_graph_create_adjacent` (collective): a duplicate of
/// `comm_old` where this rank receives from `sources` and sends to
/// `destinations`, in those orders.
#[unsafe(no_mangle)]
pub unsafe extern "C-unwind" fn ARTS_MPI_Dist_graph_create_adjacent(
    comm_old: c_int,
    indegree: c_int,
    sources: *const c_int,
    _sourceweights: *const c_int,
    outdegree: c_int,
    destinations: *const c_int,
    _destweights: *const c_int,
    _info: c_int,
    _reorder: c_int,
    comm_dist_graph: *mut c_int,
) -> c_int {
    entry("MPI_Dist_graph_create_adjacent", comm_old, |vp| {
        let newcomm = out(comm_dist_graph, "comm_dist_graph")?;
        let size = vp.mpi().comm_size(comm_of(comm_old)?)?;
        let graph = Graph {
            sources: ranks(sources, indegree, "sources", size)?,
            dests: ranks(destinations, outdegree, "destinations", size)?,
        };
        let new = vp.mpi().comm_dup(comm_of(comm_old)?)?.0 as c_int;
        crate::comm::inherit(vp, comm_old, new);
        vp.graphs.insert(new, graph);
        *newcomm = new;
        Ok(())
    })
}

/// `MPI_Dist_graph_neighbors_count`: `*weighted` is always false.
#[unsafe(no_mangle)]
pub unsafe extern "C-unwind" fn ARTS_MPI_Dist_graph_neighbors_count(
    comm: c_int,
    indegree: *mut c_int,
    outdegree: *mut c_int,
    weighted: *mut c_int,
) -> c_int {
    entry("MPI_Dist_graph_neighbors_count", comm, |vp| {
        let g = graph(vp, comm)?;
        *out(indegree, "indegree")? = g.sources.len() as c_int;
        *out(outdegree, "outdegree")? = g.dests.len() as c_int;
        *out(weighted, "weighted")? = 0;
        Ok(())
    })
}

/// `MPI_Dist_graph_neighbors`: the first `maxindegree` sources and
/// `maxoutdegree` destinations (weights, if asked for, are 1).
#[unsafe(no_mangle)]
pub unsafe extern "C-unwind" fn ARTS_MPI_Dist_graph_neighbors(
    comm: c_int,
    maxindegree: c_int,
    sources: *mut c_int,
    sourceweights: *mut c_int,
    maxoutdegree: c_int,
    destinations: *mut c_int,
    destweights: *mut c_int,
) -> c_int {
    entry("MPI_Dist_graph_neighbors", comm, |vp| {
        let g = graph(vp, comm)?;
        let fill = |list: &[c_int], max: c_int, to: *mut c_int, weights: *mut c_int| {
            let n = list.len().min(count(max, "maxdegree")?);
            for (i, &r) in list.iter().take(n).enumerate() {
                // SAFETY: the program passes room for `max` entries.
                unsafe { *out(to.add(i), "neighbors")? = r };
                if !weights.is_null() && !NO_WEIGHTS.contains(&(weights as usize)) {
                    // SAFETY: as above.
                    unsafe { *weights.add(i) = 1 };
                }
            }
            Ok::<_, Fail>(())
        };
        fill(&g.sources, maxindegree, sources, sourceweights)?;
        fill(&g.dests, maxoutdegree, destinations, destweights)
    })
}

/// The graph of `comm`.
fn graph(vp: &Vp, comm: c_int) -> Result<Graph, Fail> {
    vp.graphs.get(&comm).cloned().ok_or_else(|| {
        Fail::new(
            ERR_TOPOLOGY,
            format!("communicator {comm} has no distributed graph topology"),
        )
    })
}

/// `MPI_Topo_test`: `MPI_CART`, `MPI_DIST_GRAPH` or `MPI_UNDEFINED`.
#[unsafe(no_mangle)]
pub unsafe extern "C-unwind" fn ARTS_MPI_Topo_test(comm: c_int, status: *mut c_int) -> c_int {
    entry("MPI_Topo_test", comm, |vp| {
        vp.mpi().comm_size(comm_of(comm)?)?;
        *out(status, "status")? = if vp.carts.contains_key(&comm) {
            MPI_CART
        } else if vp.graphs.contains_key(&comm) {
            MPI_DIST_GRAPH
        } else {
            MPI_UNDEFINED
        };
        Ok(())
    })
}
