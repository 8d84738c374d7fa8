/* Neighbor collectives: on a 2-D Cartesian grid (periodic in x, not in y:
 * MPI_PROC_NULL neighbors at the y edges, whose receive parts stay as
 * they were) and on a distributed graph where rank r receives from r-1 and
 * r-2 and sends to r+1 and r+2 (mod n); blocking and non-blocking forms,
 * MPI_Topo_test, MPI_Dist_graph_neighbors(_count); and an MPI-1 graph
 * (MPI_Graph_create: a ring, each rank linked to both sides; its queries
 * and a neighbor allgather over it). Then periodic rings of 1 and 2 ranks,
 * where one rank is both neighbors: what it sends up arrives in the part
 * from below (MPICH's ring_neighbor_alltoall). Prints one line of checks,
 * the same under Open MPI. Run on 6 ranks (a 3 x 2 grid). */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv) {
    MPI_Init(&argc, &argv);
    int rank, n;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &n);
    int ok[6] = {1, 1, 1, 1, 1, 1};

    int dims[2] = {0, 0}, periods[2] = {1, 0};
    MPI_Dims_create(n, 2, dims);
    MPI_Comm grid;
    MPI_Cart_create(MPI_COMM_WORLD, 2, dims, periods, 0, &grid);
    int me, status;
    MPI_Comm_rank(grid, &me);
    MPI_Topo_test(grid, &status);
    ok[0] = status == MPI_CART;
    /* The neighbors MPI_Cart_shift names, in the order neighbor collectives use. */
    int nb[4];
    MPI_Cart_shift(grid, 0, 1, &nb[0], &nb[1]);
    MPI_Cart_shift(grid, 1, 1, &nb[2], &nb[3]);
    int got[4] = {-7, -7, -7, -7};
    MPI_Neighbor_allgather(&me, 1, MPI_INT, got, 1, MPI_INT, grid);
    for (int i = 0; i < 4; i++) ok[0] &= got[i] == (nb[i] == MPI_PROC_NULL ? -7 : nb[i]);
    /* All-to-all: part i (10 * me + i) goes to neighbor i; neighbor i sent
     * us its part for the opposite direction (i ^ 1). */
    int parts[4] = {10 * me, 10 * me + 1, 10 * me + 2, 10 * me + 3}, back[4] = {-7, -7, -7, -7};
    MPI_Request r;
    MPI_Ineighbor_alltoall(parts, 1, MPI_INT, back, 1, MPI_INT, grid, &r);
    MPI_Wait(&r, MPI_STATUS_IGNORE);
    for (int i = 0; i < 4; i++)
        ok[1] &= back[i] == (nb[i] == MPI_PROC_NULL ? -7 : 10 * nb[i] + (i ^ 1));
    MPI_Comm_free(&grid);

    /* The graph: from r-1 and r-2, to r+1 and r+2. */
    int from[2] = {(rank + n - 1) % n, (rank + n - 2) % n};
    int to[2] = {(rank + 1) % n, (rank + 2) % n};
    MPI_Comm g;
    MPI_Dist_graph_create_adjacent(MPI_COMM_WORLD, 2, from, MPI_UNWEIGHTED, 2, to, MPI_UNWEIGHTED,
                                   MPI_INFO_NULL, 0, &g);
    int indeg, outdeg, weighted, src[2], dst[2];
    MPI_Dist_graph_neighbors_count(g, &indeg, &outdeg, &weighted);
    MPI_Dist_graph_neighbors(g, 2, src, MPI_UNWEIGHTED, 2, dst, MPI_UNWEIGHTED);
    MPI_Topo_test(g, &status);
    ok[2] = indeg == 2 && outdeg == 2 && !weighted && src[0] == from[0] && src[1] == from[1] &&
            dst[0] == to[0] && dst[1] == to[1] && status == MPI_DIST_GRAPH;
    /* v forms: rank r sends r+1 ints to each; from r-1 they land at 0,
     * from r-2 after a gap of one. */
    int mine[8], in[20], counts[2], displs[2];
    for (int i = 0; i < 8; i++) mine[i] = 100 * rank + i;
    for (int i = 0; i < 20; i++) in[i] = -7;
    counts[0] = from[0] + 1;
    counts[1] = from[1] + 1;
    displs[0] = 0;
    displs[1] = counts[0] + 1;
    MPI_Neighbor_allgatherv(mine, rank + 1, MPI_INT, in, counts, displs, MPI_INT, g);
    for (int k = 0; k < 2; k++)
        for (int i = 0; i < counts[k]; i++) ok[3] &= in[displs[k] + i] == 100 * from[k] + i;
    ok[3] &= in[counts[0]] == -7;
    int scounts[2] = {1, 2}, sdispls[2] = {0, 1}, rcounts[2] = {1, 2}, rdispls[2] = {4, 0};
    int out4[3] = {rank, 1000 + rank, 2000 + rank}, in4[6] = {-7, -7, -7, -7, -7, -7};
    MPI_Neighbor_alltoallv(out4, scounts, sdispls, MPI_INT, in4, rcounts, rdispls, MPI_INT, g);
    /* from r-1 (its part 0, one int) at 4; from r-2 (its part 1, two) at 0. */
    ok[3] &= in4[4] == from[0] && in4[0] == 1000 + from[1] && in4[1] == 2000 + from[1] &&
             in4[2] == -7;
    MPI_Comm_free(&g);

    /* An MPI-1 graph: a ring of all ranks but the last (which gets
     * MPI_COMM_NULL), node r linked to r-1 and r+1. */
    int nodes = n > 1 ? n - 1 : 1, index[64], edges[128];
    for (int r = 0; r < nodes; r++) {
        edges[2 * r] = (r + nodes - 1) % nodes;
        edges[2 * r + 1] = (r + 1) % nodes;
        index[r] = 2 * (r + 1);
    }
    MPI_Comm ring;
    MPI_Graph_create(MPI_COMM_WORLD, nodes, index, edges, 0, &ring);
    if (rank >= nodes) {
        ok[4] = ring == MPI_COMM_NULL;
    } else {
        int topo, nn, ne, cnt, nb[2], gi[64], ge[128], got[2] = {-1, -1};
        MPI_Topo_test(ring, &topo);
        MPI_Graphdims_get(ring, &nn, &ne);
        ok[4] = topo == MPI_GRAPH && nn == nodes && ne == 2 * nodes;
        MPI_Graph_neighbors_count(ring, (rank + 1) % nodes, &cnt);
        MPI_Graph_neighbors(ring, rank, 2, nb);
        ok[4] &= cnt == 2 && nb[0] == (rank + nodes - 1) % nodes && nb[1] == (rank + 1) % nodes;
        MPI_Graph_get(ring, nodes, 2 * nodes, gi, ge);
        for (int i = 0; i < nodes; i++) ok[4] &= gi[i] == index[i];
        for (int i = 0; i < 2 * nodes; i++) ok[4] &= ge[i] == edges[i];
        int me = 10 * rank;
        MPI_Neighbor_allgather(&me, 1, MPI_INT, got, 1, MPI_INT, ring);
        ok[4] &= got[0] == 10 * nb[0] && got[1] == 10 * nb[1];
        MPI_Comm_free(&ring);
    }

    /* Rings of 1 rank (MPI_COMM_SELF) and of 2 (pairs of ranks). */
    int small = 1;
    MPI_Comm pair;
    MPI_Comm_split(MPI_COMM_WORLD, rank / 2, rank, &pair);
    MPI_Comm bases[2] = {MPI_COMM_SELF, pair};
    for (int b = 0; b < 2; b++) {
        int members, period = 1, sbuf[2] = {-1, 1}, rbuf[2] = {0, 0};
        MPI_Comm_size(bases[b], &members);
        MPI_Comm ring;
        MPI_Cart_create(bases[b], 1, &members, &period, 0, &ring);
        MPI_Neighbor_alltoall(sbuf, 1, MPI_INT, rbuf, 1, MPI_INT, ring);
        small &= rbuf[0] == 1 && rbuf[1] == -1;
        MPI_Comm_free(&ring);
    }
    MPI_Comm_free(&pair);
    ok[5] = small;

    int all[6];
    MPI_Allreduce(ok, all, 6, MPI_INT, MPI_LAND, MPI_COMM_WORLD);
    if (rank == 0)
        printf("neighbors: cart allgather %d cart alltoall %d graph %d graph v %d mpi-1 graph %d "
               "small rings %d\n",
               all[0], all[1], all[2], all[3], all[4], all[5]);
    MPI_Finalize();
    return 0;
}
