/* Bad MPI usage, one case per argument, for the error tests:
 *
 *   before-init   MPI_Send before MPI_Init (fatal: the rank fails)
 *   bad-rank      MPI_Send to rank 99 under MPI_ERRORS_RETURN: prints the
 *                 class and string, then again under ERRORS_ARE_FATAL
 *   bad-comm      MPI_Comm_size on an invalid communicator (fatal)
 *   bad-type      MPI_Send with an invalid datatype (fatal)
 *   truncate      a message longer than the receive buffer (fatal)
 *   thread-multiple  MPI_Init_thread(MPI_THREAD_MULTIPLE): prints the level
 *                 provided (arts gives MPI_THREAD_FUNNELED, 1)
 *   mismatch      MPI_Bcast of 4 ints from the root, 2 expected elsewhere
 *   null-requests MPI_Waitall of 2 requests at a null array (ERRORS_RETURN)
 *   groups        MPI_Pack past the end of its buffer, MPI_Comm_create with a
 *                 group not in the communicator (ERRORS_RETURN)
 *   restart       MPI_Start of an active persistent request, and of one
 *                 that is not persistent (ERRORS_RETURN)
 *   topology      a neighbor collective without a topology, a graph edge to
 *                 rank 99, a fence on a window that is not one, a put past
 *                 its target's window (ERRORS_RETURN)
 *   attributes    a window's key used on a datatype, a string for a
 *                 predefined error code, an empty group range stride, the
 *                 contents of a predefined datatype (ERRORS_RETURN)
 *   no-finalize   main returns without MPI_Finalize
 *   abort         MPI_Abort(MPI_COMM_WORLD, 3) from rank 1 */
#include <mpi.h>
#include <stdio.h>
#include <string.h>

int main(int argc, char **argv)
{
    const char *mode = argc > 1 ? argv[1] : "";
    int rank = 0, size, x = 7, provided;
    char msg[MPI_MAX_ERROR_STRING];
    int len, cls;
    if (strcmp(mode, "before-init") == 0)
        MPI_Send(&x, 1, MPI_INT, 0, 0, MPI_COMM_WORLD);
    if (strcmp(mode, "thread-multiple") == 0) {
        MPI_Init_thread(&argc, &argv, MPI_THREAD_MULTIPLE, &provided);
        printf("provided %d\n", provided);
    } else {
        MPI_Init(&argc, &argv);
    }
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    if (strcmp(mode, "bad-rank") == 0 && rank == 0) {
        MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
        int rc = MPI_Send(&x, 1, MPI_INT, 99, 0, MPI_COMM_WORLD);
        MPI_Error_class(rc, &cls);
        MPI_Error_string(rc, msg, &len);
        printf("returned class %d (MPI_ERR_RANK is %d): %s\n", cls, MPI_ERR_RANK, msg);
        MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_ARE_FATAL);
        MPI_Send(&x, 1, MPI_INT, 99, 0, MPI_COMM_WORLD);
        printf("not reached\n");
    }
    if (strcmp(mode, "bad-comm") == 0 && rank == 1)
        MPI_Comm_size(12345, &size);
    if (strcmp(mode, "bad-type") == 0 && rank == 0)
        MPI_Send(&x, 1, 999, 1, 0, MPI_COMM_WORLD);
    if (strcmp(mode, "truncate") == 0) {
        int big[4] = {1, 2, 3, 4};
        if (rank == 0)
            MPI_Send(big, 4, MPI_INT, 1, 0, MPI_COMM_WORLD);
        if (rank == 1)
            MPI_Recv(big, 2, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    }
    if (strcmp(mode, "mismatch") == 0) {
        int four[4] = {1, 2, 3, 4};
        MPI_Bcast(four, rank == 0 ? 4 : 2, MPI_INT, 0, MPI_COMM_WORLD);
    }
    if (strcmp(mode, "null-requests") == 0 && rank == 0) {
        MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
        int rc = MPI_Waitall(2, NULL, MPI_STATUSES_IGNORE);
        MPI_Error_string(rc, msg, &len);
        printf("waitall: %s\n", msg);
    }
    if (strcmp(mode, "groups") == 0 && rank == 0) {
        char packed[8];
        int position = 4;
        MPI_Group world;
        MPI_Comm self;
        MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
        MPI_Error_string(MPI_Pack(&x, 2, MPI_INT, packed, 8, &position, MPI_COMM_WORLD), msg,
                         &len);
        printf("pack: %s\n", msg);
        MPI_Comm_group(MPI_COMM_WORLD, &world);
        MPI_Comm_dup(MPI_COMM_SELF, &self);
        MPI_Comm_set_errhandler(self, MPI_ERRORS_RETURN);
        MPI_Error_string(MPI_Comm_create(self, world, &self), msg, &len);
        printf("comm_create: %s\n", msg);
        MPI_Group_free(&world);
    }
    if (strcmp(mode, "restart") == 0 && rank == 0) {
        MPI_Request persistent, plain;
        MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
        MPI_Recv_init(&x, 1, MPI_INT, 0, 5, MPI_COMM_WORLD, &persistent);
        MPI_Start(&persistent);
        MPI_Error_string(MPI_Start(&persistent), msg, &len);
        printf("start again: %s\n", msg);
        MPI_Irecv(&x, 1, MPI_INT, 0, 6, MPI_COMM_WORLD, &plain);
        MPI_Error_string(MPI_Start(&plain), msg, &len);
        printf("start plain: %s\n", msg);
        MPI_Send(&x, 1, MPI_INT, 0, 5, MPI_COMM_WORLD);
        MPI_Send(&x, 1, MPI_INT, 0, 6, MPI_COMM_WORLD);
        MPI_Wait(&persistent, MPI_STATUS_IGNORE);
        MPI_Wait(&plain, MPI_STATUS_IGNORE);
        MPI_Request_free(&persistent);
    }
    if (strcmp(mode, "topology") == 0) {
        int in[4], nb = 99;
        MPI_Comm g;
        MPI_Win w;
        MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
        MPI_Error_string(MPI_Neighbor_allgather(&x, 1, MPI_INT, in, 1, MPI_INT, MPI_COMM_WORLD),
                         msg, &len);
        if (rank == 0) printf("neighbors: %s\n", msg);
        MPI_Error_string(MPI_Dist_graph_create_adjacent(MPI_COMM_WORLD, 1, &nb, MPI_UNWEIGHTED, 0,
                                                        &nb, MPI_UNWEIGHTED, MPI_INFO_NULL, 0, &g),
                         msg, &len);
        if (rank == 0) printf("graph: %s\n", msg);
        MPI_Error_string(MPI_Win_fence(0, 99), msg, &len);
        if (rank == 0) printf("fence: %s\n", msg);
        MPI_Win_create(in, sizeof in, sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &w);
        MPI_Win_fence(0, w);
        MPI_Error_string(MPI_Put(&x, 1, MPI_INT, 0, 4, 1, MPI_INT, w), msg, &len);
        if (rank == 0) printf("put: %s\n", msg);
        MPI_Win_fence(0, w);
        MPI_Win_free(&w);
    }
    if (strcmp(mode, "attributes") == 0 && rank == 0) {
        int key, ranges[1][3] = {{0, 1, 0}};
        MPI_Group world, part;
        MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
        MPI_Win_create_keyval(MPI_WIN_NULL_COPY_FN, MPI_WIN_NULL_DELETE_FN, &key, NULL);
        MPI_Error_string(MPI_Type_set_attr(MPI_INT, key, &x), msg, &len);
        printf("keyval: %s\n", msg);
        MPI_Error_string(MPI_Add_error_string(MPI_ERR_RANK, "mine"), msg, &len);
        printf("error string: %s\n", msg);
        MPI_Comm_group(MPI_COMM_WORLD, &world);
        MPI_Error_string(MPI_Group_range_incl(world, 1, ranges, &part), msg, &len);
        printf("range: %s\n", msg);
        MPI_Group_free(&world);
        int ints[1];
        MPI_Aint addrs[1];
        MPI_Datatype types[1];
        MPI_Error_string(MPI_Type_get_contents(MPI_INT, 1, 1, 1, ints, addrs, types), msg, &len);
        printf("contents: %s\n", msg);
    }
    if (strcmp(mode, "abort") == 0 && rank == 1)
        MPI_Abort(MPI_COMM_WORLD, 3);
    if (strcmp(mode, "no-finalize") == 0)
        return 0;
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_Finalize();
    return 0;
}
