/* The program's error handlers (MPI_Comm_create_errhandler: called with the
 * communicator and the code, may call MPI; MPI_Comm_call_errhandler,
 * MPI_Errhandler_free), info objects (MPI_Info_*), MPI_Request_get_status,
 * MPI_Type_dup, MPI_Type_get_true_extent, MPI_Type_create_hindexed_block
 * and MPI_Get_library_version. Prints one line of checks, the same under
 * Open MPI. */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int calls, last_class;
static MPI_Comm last_comm;

static int file_calls;

/* A file's handler (MPI_File_create_errhandler). */
static void note_file(MPI_File *file, int *code, ...) {
    (void)file;
    file_calls += *code != MPI_SUCCESS;
}

static void note(MPI_Comm *comm, int *code, ...) {
    char text[MPI_MAX_ERROR_STRING];
    int len;
    calls++;
    last_comm = *comm;
    MPI_Error_class(*code, &last_class); /* MPI from inside the handler */
    MPI_Error_string(*code, text, &len);
}

int main(int argc, char **argv) {
    MPI_Init(&argc, &argv);
    int rank, n;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &n);

    /* Error handlers. */
    MPI_Errhandler h;
    MPI_Comm c;
    MPI_Comm_dup(MPI_COMM_WORLD, &c);
    MPI_Comm_create_errhandler(note, &h);
    MPI_Comm_set_errhandler(c, h);
    int x = 1, cls;
    int rc = MPI_Send(&x, 1, MPI_INT, n + 5, 0, c);
    MPI_Error_class(rc, &cls);
    int ok_handler = calls == 1 && last_class == MPI_ERR_RANK && cls == MPI_ERR_RANK;
    int same;
    MPI_Comm_compare(last_comm, c, &same);
    ok_handler &= same == MPI_IDENT;
    MPI_Comm_call_errhandler(c, MPI_ERR_OTHER);
    ok_handler &= calls == 2 && last_class == MPI_ERR_OTHER;
    MPI_Errhandler got;
    MPI_Comm_get_errhandler(c, &got);
    MPI_Errhandler_free(&got);
    MPI_Errhandler_free(&h);
    ok_handler &= h == MPI_ERRHANDLER_NULL;
    rc = MPI_Send(&x, 1, MPI_INT, n + 5, 0, c); /* freed handles: the communicator keeps its handler */
    ok_handler &= calls == 3 && rc != MPI_SUCCESS;
    MPI_Comm_free(&c);
    /* A file handler, the default of files opened from now on; the
     * opening of a file that cannot be calls it. ROMIO's MPIO_Request. */
    MPI_File f;
    MPI_File_create_errhandler(note_file, &h);
    MPI_File_set_errhandler(MPI_FILE_NULL, h);
    rc = MPI_File_open(MPI_COMM_SELF, "/nonexistent/handlers", MPI_MODE_RDONLY, MPI_INFO_NULL, &f);
    ok_handler &= file_calls == 1 && rc != MPI_SUCCESS;
    MPI_File_set_errhandler(MPI_FILE_NULL, MPI_ERRORS_RETURN);
    MPI_Errhandler_free(&h);
    MPIO_Request none = MPI_REQUEST_NULL;
    ok_handler &= MPIO_Wait(&none, MPI_STATUS_IGNORE) == MPI_SUCCESS;
    /* Memory MPI_Alloc_mem cannot give: MPI_ERR_NO_MEM. */
    void *huge = NULL;
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    MPI_Error_class(MPI_Alloc_mem((MPI_Aint)1 << 60, MPI_INFO_NULL, &huge), &cls);
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_ARE_FATAL);
    ok_handler &= cls == MPI_ERR_NO_MEM;

    /* Info objects. */
    MPI_Info info, copy;
    char value[64], key[MPI_MAX_INFO_KEY];
    int flag, nkeys, vlen;
    MPI_Info_create(&info);
    MPI_Info_set(info, "cb_nodes", "4");
    MPI_Info_set(info, "striping_unit", "1048576");
    MPI_Info_set(info, "cb_nodes", "8");
    MPI_Info_get_nkeys(info, &nkeys);
    MPI_Info_get(info, "cb_nodes", sizeof value - 1, value, &flag);
    int ok_info = nkeys == 2 && flag && strcmp(value, "8") == 0;
    MPI_Info_get_nthkey(info, 1, key);
    ok_info &= strcmp(key, "striping_unit") == 0;
    MPI_Info_get_valuelen(info, "striping_unit", &vlen, &flag);
    ok_info &= flag && vlen == 7;
    MPI_Info_get(info, "striping_unit", 3, value, &flag);
    ok_info &= flag && strcmp(value, "104") == 0; /* truncated to valuelen */
    MPI_Info_dup(info, &copy);
    MPI_Info_delete(info, "cb_nodes");
    MPI_Info_get(info, "cb_nodes", sizeof value - 1, value, &flag);
    ok_info &= !flag;
    MPI_Info_get_nkeys(copy, &nkeys);
    ok_info &= nkeys == 2;
    MPI_Info_free(&info);
    MPI_Info_free(&copy);
    ok_info &= info == MPI_INFO_NULL && copy == MPI_INFO_NULL;
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    rc = MPI_Info_get_nkeys(info, &nkeys);
    MPI_Error_class(rc, &cls);
    ok_info &= cls == MPI_ERR_INFO;
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_ARE_FATAL);
    /* MPI_INFO_ENV: how the rank was started (maxprocs: the ranks; the
     * command: this program). */
    int ranks;
    MPI_Comm_size(MPI_COMM_WORLD, &ranks);
    MPI_Info_get(MPI_INFO_ENV, "maxprocs", sizeof value - 1, value, &flag);
    ok_info &= flag && atoi(value) == ranks;
    char command[MPI_MAX_INFO_VAL];
    MPI_Info_get(MPI_INFO_ENV, "command", sizeof command - 1, command, &flag);
    ok_info &= flag && strstr(command, "handlers") != NULL;

    /* MPI_Request_get_status leaves the request to a later wait. */
    int ok_status = 1;
    if (n > 1 && rank < 2) {
        int peer = 1 - rank, in = -1, out = 40 + rank;
        MPI_Request r;
        MPI_Status st;
        MPI_Irecv(&in, 1, MPI_INT, peer, 3, MPI_COMM_WORLD, &r);
        if (rank == 0) {
            MPI_Request_get_status(r, &flag, &st);
            ok_status &= !flag; /* rank 1 sends only after rank 0's next message */
            MPI_Send(&out, 1, MPI_INT, peer, 4, MPI_COMM_WORLD);
            do MPI_Request_get_status(r, &flag, &st);
            while (!flag);
            ok_status &= st.MPI_SOURCE == 1 && st.MPI_TAG == 3 && in == 41 && r != MPI_REQUEST_NULL;
            MPI_Send(&out, 1, MPI_INT, peer, 3, MPI_COMM_WORLD);
        } else {
            int go;
            MPI_Recv(&go, 1, MPI_INT, peer, 4, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            MPI_Send(&out, 1, MPI_INT, peer, 3, MPI_COMM_WORLD);
        }
        MPI_Wait(&r, &st);
        ok_status &= r == MPI_REQUEST_NULL && st.MPI_SOURCE == peer && in == 40 + peer;
    }

    /* Datatypes. */
    MPI_Datatype pairs, resized, dup, blocks;
    MPI_Type_vector(3, 2, 5, MPI_DOUBLE, &pairs);
    MPI_Type_create_resized(pairs, -8, 200, &resized);
    MPI_Aint lb, extent, tlb, textent;
    MPI_Type_get_extent(resized, &lb, &extent);
    MPI_Type_get_true_extent(resized, &tlb, &textent);
    int ok_types = lb == -8 && extent == 200 && tlb == 0 && textent == (2 * 5 + 2) * 8;
    MPI_Type_dup(resized, &dup);
    MPI_Type_get_extent(dup, &lb, &extent);
    int size;
    MPI_Type_size(dup, &size);
    ok_types &= lb == -8 && extent == 200 && size == 6 * 8;
    MPI_Aint displs[3] = {0, 24, 64};
    MPI_Type_create_hindexed_block(3, 2, displs, MPI_INT, &blocks);
    MPI_Type_commit(&blocks);
    MPI_Type_size(blocks, &size);
    MPI_Type_get_true_extent(blocks, &tlb, &textent);
    ok_types &= size == 24 && tlb == 0 && textent == 72;
    int src[18], dst[18];
    for (int i = 0; i < 18; i++) src[i] = i, dst[i] = -1;
    MPI_Sendrecv(src, 1, blocks, rank, 7, dst, 1, blocks, rank, 7, MPI_COMM_WORLD,
                 MPI_STATUS_IGNORE);
    ok_types &= dst[0] == 0 && dst[1] == 1 && dst[6] == 6 && dst[7] == 7 && dst[16] == 16 &&
                dst[17] == 17 && dst[2] == -1;
    MPI_Type_free(&pairs);
    MPI_Type_free(&resized);
    MPI_Type_free(&dup);
    MPI_Type_free(&blocks);

    char version[MPI_MAX_LIBRARY_VERSION_STRING];
    int vl;
    MPI_Get_library_version(version, &vl);
    int ok_version = vl > 0 && strlen(version) > 0;

    int mine[5] = {ok_handler, ok_info, ok_status, ok_types, ok_version}, all[5];
    MPI_Allreduce(mine, all, 5, MPI_INT, MPI_LAND, MPI_COMM_WORLD);
    if (rank == 0)
        printf("handlers: errhandler %d info %d get_status %d types %d version %d\n", all[0],
               all[1], all[2], all[3], all[4]);
    MPI_Finalize();
    return 0;
}
