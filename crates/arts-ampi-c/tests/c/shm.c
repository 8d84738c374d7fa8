/* Shared-memory windows: the ranks of each process (MPI_Comm_split_type,
 * MPI_COMM_TYPE_SHARED) allocate one window, each writes its segment with
 * plain stores, and after a barrier reads every other rank's segment with
 * plain loads through MPI_Win_shared_query (also of empty segments); then
 * puts into a neighbour's segment under a fence. Prints one line of checks, the same under Open MPI.
 *
 *   shm [ints per rank = 1000] [world]
 *   world: allocate over MPI_COMM_WORLD instead (errors returned), and
 *   print whether it failed with MPI_ERR_COMM (ranks of several processes) */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
    MPI_Init(&argc, &argv);
    int len = argc > 1 ? atoi(argv[1]) : 1000;
    int world;
    MPI_Comm_rank(MPI_COMM_WORLD, &world);
    if (argc > 2) {
        int *base, cls = MPI_SUCCESS;
        MPI_Win w;
        MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
        int rc = MPI_Win_allocate_shared(64, 1, MPI_INFO_NULL, MPI_COMM_WORLD, &base, &w);
        if (rc == MPI_SUCCESS)
            MPI_Win_free(&w);
        else
            MPI_Error_class(rc, &cls);
        if (world == 0) printf("shm world: %s\n", cls == MPI_ERR_COMM ? "MPI_ERR_COMM" : "ok");
        MPI_Finalize();
        return 0;
    }
    MPI_Comm node;
    MPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, 0, MPI_INFO_NULL, &node);
    int rank, n;
    MPI_Comm_rank(node, &rank);
    MPI_Comm_size(node, &n);
    int ok[3] = {1, 1, 1};

    int *mine;
    MPI_Win win;
    MPI_Win_allocate_shared((MPI_Aint)len * sizeof(int), sizeof(int), MPI_INFO_NULL, node, &mine,
                            &win);
    for (int i = 0; i < len; i++) mine[i] = 1000 * rank + i;
#ifdef AMPI
    /* A balancer may move ranks between PEs of their process (the block
     * stays where it is), not to another process (a rank holding a shared
     * window is pinned there). */
    AMPI_Migrate(AMPI_INFO_LB_SYNC);
#endif
    MPI_Win_sync(win);
    MPI_Barrier(node);
    MPI_Win_sync(win);
    for (int r = 0; r < n; r++) {
        MPI_Aint size;
        int unit, *theirs;
        MPI_Win_shared_query(win, r, &size, &unit, &theirs);
        ok[0] &= size == (MPI_Aint)len * (MPI_Aint)sizeof(int) && unit == sizeof(int);
        for (int i = 0; i < len; i++) ok[0] &= theirs[i] == 1000 * r + i;
    }
    /* MPI_PROC_NULL: the first non-empty segment (rank 0's). */
    MPI_Aint size;
    int unit, *first;
    MPI_Win_shared_query(win, MPI_PROC_NULL, &size, &unit, &first);
    ok[1] = first[0] == 0 && size == (MPI_Aint)len * (MPI_Aint)sizeof(int);

    /* One-sided calls on the same window. */
    MPI_Win_fence(0, win);
    int right = (rank + 1) % n, tag = -rank - 1;
    MPI_Put(&tag, 1, MPI_INT, right, 0, 1, MPI_INT, win);
    MPI_Win_fence(0, win);
    ok[2] = mine[0] == -((rank + n - 1) % n) - 1;

    MPI_Win_free(&win);
    /* Odd ranks give no memory: their segments are empty (the address MPIs
     * give for one differs: NULL in arts and MPICH, the next segment's in
     * Open MPI). */
    int *some;
    MPI_Win_allocate_shared(rank % 2 ? 0 : sizeof(int), sizeof(int), MPI_INFO_NULL, node, &some,
                            &win);
    for (int r = 0; r < n; r++) {
        int unit2, *theirs2;
        MPI_Win_shared_query(win, r, &size, &unit2, &theirs2);
        ok[1] &= r % 2 ? size == 0 : size == sizeof(int) && theirs2 != NULL;
    }
    MPI_Win_free(&win);
    MPI_Comm_free(&node);
    int all[3];
    MPI_Reduce(ok, all, 3, MPI_INT, MPI_LAND, 0, MPI_COMM_WORLD);
    if (world == 0) printf("shm: segments %d query %d put %d\n", all[0], all[1], all[2]);
    MPI_Finalize();
    return 0;
}
