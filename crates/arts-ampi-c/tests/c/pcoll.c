/* Persistent collectives (MPI-4: MPI_Allreduce_init ...): each made once
 * and started several times with new data, every result checked against
 * the blocking collective on the same data; MPI_Startall of two at once;
 * freed at the end. (Open MPI 4.1 has no MPI-4 persistent collectives, so
 * this program checks itself.) Prints one line of checks. */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv) {
    MPI_Init(&argc, &argv);
    int rank, n;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &n);
    int ok[5] = {1, 1, 1, 1, 1};

    double x[3], sum[3], want[3];
    MPI_Request ar, bc, br, a2a, sc;
    MPI_Allreduce_init(x, sum, 3, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD, MPI_INFO_NULL, &ar);
    int root_val[2];
    MPI_Bcast_init(root_val, 2, MPI_INT, n - 1, MPI_COMM_WORLD, MPI_INFO_NULL, &bc);
    MPI_Barrier_init(MPI_COMM_WORLD, MPI_INFO_NULL, &br);
    int out[64], in[64], prefix, mine;
    MPI_Alltoall_init(out, 1, MPI_INT, in, 1, MPI_INT, MPI_COMM_WORLD, MPI_INFO_NULL, &a2a);
    MPI_Scan_init(&mine, &prefix, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD, MPI_INFO_NULL, &sc);

    for (int round = 0; round < 4; round++) {
        for (int i = 0; i < 3; i++) x[i] = rank * 10.0 + i + round;
        MPI_Start(&ar);
        MPI_Wait(&ar, MPI_STATUS_IGNORE);
        MPI_Allreduce(x, want, 3, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
        for (int i = 0; i < 3; i++) ok[0] &= sum[i] == want[i];

        if (rank == n - 1) {
            root_val[0] = 7 * round;
            root_val[1] = -round;
        }
        MPI_Start(&bc);
        MPI_Wait(&bc, MPI_STATUS_IGNORE);
        ok[1] &= root_val[0] == 7 * round && root_val[1] == -round;

        MPI_Start(&br);
        MPI_Wait(&br, MPI_STATUS_IGNORE);

        for (int r = 0; r < n; r++) out[r] = 100 * rank + r + round;
        mine = rank + round;
        MPI_Request both[2] = {a2a, sc};
        MPI_Startall(2, both);
        MPI_Waitall(2, both, MPI_STATUSES_IGNORE);
        for (int r = 0; r < n; r++) ok[2] &= in[r] == 100 * r + rank + round;
        ok[3] &= prefix == rank * (rank + 1) / 2 + (rank + 1) * round;
    }
    MPI_Request all[5] = {ar, bc, br, a2a, sc};
    for (int i = 0; i < 5; i++) MPI_Request_free(&all[i]);
    for (int i = 0; i < 5; i++) ok[4] &= all[i] == MPI_REQUEST_NULL;

    int res[5];
    MPI_Reduce(ok, res, 5, MPI_INT, MPI_LAND, 0, MPI_COMM_WORLD);
    if (rank == 0)
        printf("pcoll: allreduce %d bcast %d alltoall %d scan %d free %d\n", res[0], res[1], res[2],
               res[3], res[4]);
    MPI_Finalize();
    return 0;
}
