//! Graph topologies: distributed ones (`MPI_Dist_graph_create_adjacent`),
//! where each rank gives its own edges, and MPI-1's (`MPI_Graph_create`),
//! where every rank gives the whole graph and a rank's neighbors are both
//! its sources and its destinations; what a communicator's topology is
//! (`MPI_Topo_test`), and the neighbor lists of Cartesian and graph
//! topologies that the neighbor collectives use. A distributed graph keeps
//! its edges' weights (`MPI_Dist_graph_neighbors` gives them back);
//! reordering is accepted and ignored.

use arts_ampi::Comm;

use std::ffi::c_int;

use crate::abi::*;
use crate::state::fail::{Fail, comm_of, count, ints, out};
use crate::state::tables::Graph;
use crate::state::{Vp, entry};

/// `MPI_UNWEIGHTED` and `MPI_WEIGHTS_EMPTY` in mpi.h (no weights).
const NO_WEIGHTS: [usize; 2] = [UNWEIGHTED, 3];

/// `MPI_UNWEIGHTED`: the graph has no weights.
const UNWEIGHTED: usize = 2;

/// The `n` weights at `p` (named `what`): `None` for `MPI_UNWEIGHTED`,
/// none for `MPI_WEIGHTS_EMPTY`.
fn weights(p: *const c_int, n: usize, what: &str) -> Result<Option<Vec<c_int>>, Fail> {
    match p as usize {
        UNWEIGHTED => Ok(None),
        3 => Ok(Some(Vec::new())),
        _ if n == 0 => Ok(Some(Vec::new())),
        _ => Ok(Some(ints(p, n, what)?.to_vec())),
    }
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
pub(crate) unsafe extern "C-unwind" fn ARTS_MPI_Dist_graph_create_adjacent(
    comm_old: c_int,
    indegree: c_int,
    sources: *const c_int,
    sourceweights: *const c_int,
    outdegree: c_int,
    destinations: *const c_int,
    destweights: *const c_int,
    _info: c_int,
    _reorder: c_int,
    comm_dist_graph: *mut c_int,
) -> c_int {
    entry("MPI_Dist_graph_create_adjacent", comm_old, |vp| {
        let newcomm = out(comm_dist_graph, "comm_dist_graph")?;
        let size = vp
            .mpi()
            .comm_size(crate::comm::inter::intra(vp, comm_old)?)?;
        let sources = ranks(sources, indegree, "sources", size)?;
        let dests = ranks(destinations, outdegree, "destinations", size)?;
        let into = weights(sourceweights, sources.len(), "sourceweights")?;
        let out_of = weights(destweights, dests.len(), "destweights")?;
        let graph = Graph {
            sources,
            dests,
            whole: None,
            weights: into.zip(out_of),
        };
        *newcomm = with_graph(vp, comm_old, graph)?;
        Ok(())
    })
}

/// A duplicate of `comm_old` (collective) with the distributed graph
/// `graph`; its handle.
fn with_graph(vp: &mut Vp, comm_old: c_int, graph: Graph) -> Result<c_int, Fail> {
    let new = vp.mpi().comm_dup(comm_of(comm_old)?)?.0 as c_int;
    crate::comm::communicators::inherit(vp, comm_old, new);
    vp.graphs.insert(new, graph);
    Ok(new)
}

/// `MPI_Dist_graph_create` (collective): the general form, where each
/// rank names any edges: `n` sources, source `i` with `degrees[i]` edges
/// to the next `degrees[i]` entries of `destinations`. The edges are
/// shared with every rank (an allgather of the lists), and each rank keeps
/// those into it as its sources and those out of it as its destinations,
/// in the order of the ranks that named them.
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn ARTS_MPI_Dist_graph_create(
    comm_old: c_int,
    n: c_int,
    sources: *const c_int,
    degrees: *const c_int,
    destinations: *const c_int,
    weights: *const c_int,
    _info: c_int,
    _reorder: c_int,
    comm_dist_graph: *mut c_int,
) -> c_int {
    entry("MPI_Dist_graph_create", comm_old, |vp| {
        let newcomm = out(comm_dist_graph, "comm_dist_graph")?;
        let c = crate::comm::inter::intra(vp, comm_old)?;
        let (size, me) = (vp.mpi().comm_size(c)?, vp.mpi().comm_rank(c)?);
        let from = ranks(sources, n, "sources", size)?;
        let degrees = ints(degrees, from.len(), "degrees")?;
        let total = degrees.iter().try_fold(0usize, |t, &d| {
            usize::try_from(d)
                .map(|d| t + d)
                .map_err(|_| Fail::new(ERR_ARG, format!("degree {d} is negative")))
        })?;
        let to = ranks(destinations, total as c_int, "destinations", size)?;
        // Every rank passes MPI_UNWEIGHTED, or none does.
        let given = self::weights(weights, total, "weights")?;
        let weighted = given.is_some();
        let given = given.unwrap_or_else(|| vec![1; total]);
        // This rank's edges as (source, destination, weight), flattened.
        let mut mine = Vec::with_capacity(3 * total);
        let mut next = to.iter().zip(&given);
        for (&s, &d) in from.iter().zip(degrees) {
            for (&t, &w) in next.by_ref().take(d as usize) {
                mine.extend([s, t, w]);
            }
        }
        let mut counts = vec![0i32; size as usize];
        vp.mpi().allgather(&[mine.len() as i32], &mut counts, c)?;
        let counts: Vec<usize> = counts.iter().map(|&k| k as usize).collect();
        let mut all = vec![0i32; counts.iter().sum()];
        vp.mpi().allgatherv(&mine, &mut all, &counts, c)?;
        let edges: Vec<&[c_int]> = all.chunks(3).collect();
        let into: Vec<&&[c_int]> = edges.iter().filter(|e| e[1] == me).collect();
        let out_of: Vec<&&[c_int]> = edges.iter().filter(|e| e[0] == me).collect();
        let graph = Graph {
            sources: into.iter().map(|e| e[0]).collect(),
            dests: out_of.iter().map(|e| e[1]).collect(),
            whole: None,
            weights: weighted.then(|| {
                let w = |list: &[&&[c_int]]| list.iter().map(|e| e[2]).collect();
                (w(&into), w(&out_of))
            }),
        };
        *newcomm = with_graph(vp, comm_old, graph)?;
        Ok(())
    })
}

/// `MPI_Dist_graph_neighbors_count`: `*weighted`: whether the graph was
/// made with weights.
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn ARTS_MPI_Dist_graph_neighbors_count(
    comm: c_int,
    indegree: *mut c_int,
    outdegree: *mut c_int,
    weighted: *mut c_int,
) -> c_int {
    entry("MPI_Dist_graph_neighbors_count", comm, |vp| {
        let g = graph(vp, comm)?;
        *out(indegree, "indegree")? = g.sources.len() as c_int;
        *out(outdegree, "outdegree")? = g.dests.len() as c_int;
        *out(weighted, "weighted")? = c_int::from(g.weights.is_some());
        Ok(())
    })
}

/// `MPI_Dist_graph_neighbors`: the first `maxindegree` sources and
/// `maxoutdegree` destinations, and their edges' weights if asked for
/// (1 in a graph made without weights).
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn ARTS_MPI_Dist_graph_neighbors(
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
        let (into, out_of) = g
            .weights
            .clone()
            .unwrap_or_else(|| (vec![1; g.sources.len()], vec![1; g.dests.len()]));
        let fill =
            |list: &[c_int], w: &[c_int], max: c_int, to: *mut c_int, weights: *mut c_int| {
                copy_out(list, max, to, "neighbors")?;
                if !weights.is_null() && !NO_WEIGHTS.contains(&(weights as usize)) {
                    copy_out(w, max, weights, "weights")?;
                }
                Ok::<_, Fail>(())
            };
        fill(&g.sources, &into, maxindegree, sources, sourceweights)?;
        fill(&g.dests, &out_of, maxoutdegree, destinations, destweights)
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

/// `MPI_Topo_test`: `MPI_CART`, `MPI_GRAPH`, `MPI_DIST_GRAPH` or
/// `MPI_UNDEFINED`.
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn ARTS_MPI_Topo_test(
    comm: c_int,
    status: *mut c_int,
) -> c_int {
    entry("MPI_Topo_test", comm, |vp| {
        vp.mpi().comm_size(comm_of(comm)?)?;
        *out(status, "status")? = match (vp.carts.contains_key(&comm), vp.graphs.get(&comm)) {
            (true, _) => MPI_CART,
            (_, Some(g)) if g.whole.is_some() => MPI_GRAPH,
            (_, Some(_)) => MPI_DIST_GRAPH,
            _ => MPI_UNDEFINED,
        };
        Ok(())
    })
}

/// Checks an MPI-1 graph of `nnodes` ranks (`index`: each node's end in
/// `edges`, cumulative), returns it.
fn whole_graph(
    nnodes: c_int,
    index: *const c_int,
    edges: *const c_int,
) -> Result<(Vec<c_int>, Vec<c_int>), Fail> {
    let index = ints(index, count(nnodes, "nnodes")?, "index")?.to_vec();
    if index.windows(2).any(|w| w[1] < w[0]) || index.first().is_some_and(|&i| i < 0) {
        return Err(Fail::new(
            ERR_ARG,
            format!("index {index:?} is not a non-decreasing list of edge counts"),
        ));
    }
    let nedges = index.last().copied().unwrap_or(0);
    let edges = ints(edges, count(nedges, "index")?, "edges")?.to_vec();
    if let Some(bad) = edges.iter().find(|&&e| !(0..nnodes).contains(&e)) {
        return Err(Fail::new(
            ERR_RANK,
            format!("edges lists {bad}, not a node of the graph of {nnodes}"),
        ));
    }
    Ok((index, edges))
}

/// The neighbors of node `r` of an MPI-1 graph.
fn node_neighbors((index, edges): &(Vec<c_int>, Vec<c_int>), r: c_int) -> Result<&[c_int], Fail> {
    let r = usize::try_from(r)
        .ok()
        .filter(|&r| r < index.len())
        .ok_or_else(|| {
            Fail::new(
                ERR_RANK,
                format!("{r} is not a node of the graph of {}", index.len()),
            )
        })?;
    let start = if r == 0 { 0 } else { index[r - 1] as usize };
    Ok(&edges[start..index[r] as usize])
}

/// `MPI_Graph_create` (collective): a communicator of the first `nnodes`
/// ranks of `comm_old` (the others get `MPI_COMM_NULL`), node `r` linked
/// to `edges[index[r-1]..index[r]]`; no reordering.
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn ARTS_MPI_Graph_create(
    comm_old: c_int,
    nnodes: c_int,
    index: *const c_int,
    edges: *const c_int,
    _reorder: c_int,
    comm_graph: *mut c_int,
) -> c_int {
    entry("MPI_Graph_create", comm_old, |vp| {
        let newcomm = out(comm_graph, "comm_graph")?;
        let c = crate::comm::inter::intra(vp, comm_old)?;
        let (size, me) = (vp.mpi().comm_size(c)?, vp.mpi().comm_rank(c)?);
        if nnodes > size {
            return Err(Fail::new(
                ERR_ARG,
                format!("a graph of {nnodes} nodes does not fit the communicator of {size}"),
            ));
        }
        let whole = whole_graph(nnodes, index, edges)?;
        let color = if me < nnodes { 0 } else { arts_ampi::UNDEFINED };
        *newcomm = match vp.mpi().comm_split(c, color, me)? {
            Some(Comm(new)) => {
                let new = new as c_int;
                crate::comm::communicators::inherit(vp, comm_old, new);
                let mine = node_neighbors(&whole, me)?.to_vec();
                let graph = Graph {
                    sources: mine.clone(),
                    dests: mine,
                    whole: Some(whole),
                    weights: None,
                };
                vp.graphs.insert(new, graph);
                new
            }
            None => MPI_COMM_NULL,
        };
        Ok(())
    })
}

/// The MPI-1 graph of `comm`.
fn whole_of(vp: &Vp, comm: c_int) -> Result<(Vec<c_int>, Vec<c_int>), Fail> {
    vp.graphs
        .get(&comm)
        .and_then(|g| g.whole.clone())
        .ok_or_else(|| {
            Fail::new(
                ERR_TOPOLOGY,
                format!("communicator {comm} has no graph topology (MPI_Graph_create)"),
            )
        })
}

/// `MPI_Graphdims_get`: the graph's nodes and edges.
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn ARTS_MPI_Graphdims_get(
    comm: c_int,
    nnodes: *mut c_int,
    nedges: *mut c_int,
) -> c_int {
    entry("MPI_Graphdims_get", comm, |vp| {
        let (index, edges) = whole_of(vp, comm)?;
        *out(nnodes, "nnodes")? = index.len() as c_int;
        *out(nedges, "nedges")? = edges.len() as c_int;
        Ok(())
    })
}

/// Copies the first `max` values of `list` to `to`.
fn copy_out(list: &[c_int], max: c_int, to: *mut c_int, what: &str) -> Result<(), Fail> {
    for (i, &v) in list.iter().take(count(max, what)?).enumerate() {
        // SAFETY: the program passes room for `max` values.
        unsafe { *out(to.add(i), what)? = v };
    }
    Ok(())
}

/// `MPI_Graph_get`: the first `maxindex` of `index` and `maxedges` of `edges`.
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn ARTS_MPI_Graph_get(
    comm: c_int,
    maxindex: c_int,
    maxedges: c_int,
    index: *mut c_int,
    edges: *mut c_int,
) -> c_int {
    entry("MPI_Graph_get", comm, |vp| {
        let (i, e) = whole_of(vp, comm)?;
        copy_out(&i, maxindex, index, "index")?;
        copy_out(&e, maxedges, edges, "edges")
    })
}

/// `MPI_Graph_neighbors_count`: the neighbors of node `rank`.
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn ARTS_MPI_Graph_neighbors_count(
    comm: c_int,
    rank: c_int,
    nneighbors: *mut c_int,
) -> c_int {
    entry("MPI_Graph_neighbors_count", comm, |vp| {
        let whole = whole_of(vp, comm)?;
        *out(nneighbors, "nneighbors")? = node_neighbors(&whole, rank)?.len() as c_int;
        Ok(())
    })
}

/// `MPI_Graph_neighbors`: the first `maxneighbors` neighbors of node `rank`.
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn ARTS_MPI_Graph_neighbors(
    comm: c_int,
    rank: c_int,
    maxneighbors: c_int,
    neighbors: *mut c_int,
) -> c_int {
    entry("MPI_Graph_neighbors", comm, |vp| {
        let whole = whole_of(vp, comm)?;
        copy_out(
            node_neighbors(&whole, rank)?,
            maxneighbors,
            neighbors,
            "neighbors",
        )
    })
}

/// `MPI_Graph_map`: this rank's rank in such a graph (no reordering: its
/// own, or `MPI_UNDEFINED` beyond `nnodes`).
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C-unwind" fn ARTS_MPI_Graph_map(
    comm: c_int,
    nnodes: c_int,
    index: *const c_int,
    edges: *const c_int,
    newrank: *mut c_int,
) -> c_int {
    entry("MPI_Graph_map", comm, |vp| {
        whole_graph(nnodes, index, edges)?;
        let me = vp.mpi().comm_rank(comm_of(comm)?)?;
        *out(newrank, "newrank")? = if me < nnodes { me } else { MPI_UNDEFINED };
        Ok(())
    })
}
