/* MPI_T, the tool information interface, as a tool uses it: the interface
 * before MPI_Init, every variable and category found by name, MPI_T's
 * string rules, a rank's queues and counters against what it did, start,
 * stop, write and reset per handle, its PE before and after it moves, and
 * the errors MPI_T returns (no error handler runs). Rank 0 prints one line
 * of 0/1 checks; a failed check prints its line number. Needs 2 ranks. */
#include <mpi.h>
#include <stdio.h>
#include <string.h>

static int failures = 0;
#define CHECK(c)                                                   \
    do {                                                           \
        if (!(c)) {                                                \
            failures++;                                            \
            printf("rank %d: check failed, line %d\n", me, __LINE__); \
        }                                                          \
    } while (0)

static int me = -1;

static int pvar(const char *name, int klass) {
    int i = -1;
    CHECK(MPI_T_pvar_get_index(name, klass, &i) == MPI_SUCCESS);
    return i;
}

static unsigned long long read_ull(MPI_T_pvar_session s, MPI_T_pvar_handle h) {
    unsigned long long v = 0;
    CHECK(MPI_T_pvar_read(s, h, &v) == MPI_SUCCESS);
    return v;
}

static unsigned read_u(MPI_T_pvar_session s, MPI_T_pvar_handle h) {
    unsigned v = 0;
    CHECK(MPI_T_pvar_read(s, h, &v) == MPI_SUCCESS);
    return v;
}

int main(int argc, char **argv) {
    int provided = -1, n, count;
    /* Before MPI_T_init_thread nothing answers; before MPI_Init MPI_T does. */
    int before = MPI_T_cvar_get_num(&n) == MPI_T_ERR_NOT_INITIALIZED;
    before &= MPI_T_init_thread(MPI_THREAD_MULTIPLE, &provided) == MPI_SUCCESS;
    before &= provided == MPI_THREAD_FUNNELED;
    before &= MPI_T_init_thread(MPI_THREAD_SINGLE, &provided) == MPI_SUCCESS;
    before &= provided == MPI_THREAD_SINGLE;
    before &= MPI_T_pvar_get_num(&n) == MPI_SUCCESS && n >= 8;
    MPI_Init(&argc, &argv);
    int size;
    MPI_Comm_rank(MPI_COMM_WORLD, &me);
    MPI_Comm_size(MPI_COMM_WORLD, &size);

    /* Every variable and category is found by its name, and said whole. */
    int names = 1, num_cvar, num_pvar, num_cat;
    char name[128], desc[512];
    MPI_T_cvar_get_num(&num_cvar);
    MPI_T_pvar_get_num(&num_pvar);
    MPI_T_category_get_num(&num_cat);
    for (int i = 0; i < num_cvar; i++) {
        int len = sizeof name, dlen = sizeof desc, verbosity, bind, scope, index = -1;
        MPI_Datatype type;
        MPI_T_enum e;
        MPI_T_cvar_get_info(i, name, &len, &verbosity, &type, &e, desc, &dlen, &bind, &scope);
        names &= len == (int)strlen(name) + 1 && dlen > 1 && bind == MPI_T_BIND_NO_OBJECT;
        names &= MPI_T_cvar_get_index(name, &index) == MPI_SUCCESS && index == i;
    }
    for (int i = 0; i < num_pvar; i++) {
        int len = sizeof name, klass, ro, cont, atomic, index = -1;
        MPI_T_pvar_get_info(i, name, &len, NULL, &klass, NULL, NULL, NULL, NULL, NULL, &ro, &cont,
                            &atomic);
        names &= MPI_T_pvar_get_index(name, klass, &index) == MPI_SUCCESS && index == i;
        names &= ro == cont && atomic == 1 && (klass == MPI_T_PVAR_CLASS_COUNTER) == !cont;
    }
    int total_cvars = 0, total_pvars = 0;
    for (int i = 0; i < num_cat; i++) {
        int len = sizeof name, nc, np, nk, index = -1, list[16];
        MPI_T_category_get_info(i, name, &len, NULL, NULL, &nc, &np, &nk);
        names &= MPI_T_category_get_index(name, &index) == MPI_SUCCESS && index == i;
        MPI_T_category_get_cvars(i, 16, list);
        for (int k = 0; k < nc; k++) names &= list[k] >= 0 && list[k] < num_cvar;
        MPI_T_category_get_categories(i, 16, list);
        for (int k = 0; k < nk; k++) names &= list[k] > i && list[k] < num_cat;
        total_cvars += nc;
        total_pvars += np;
    }
    names &= total_cvars == num_cvar && total_pvars == num_pvar;

    /* §14.3.3's lengths: zero room or no buffer says the length; a short
     * buffer gets what fits, NUL-terminated; no length leaves it alone. */
    int strings = 1, full = 0, len = 0;
    MPI_T_pvar_get_info(0, NULL, &full, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL);
    strings &= full == (int)strlen("arts_pe") + 1;
    MPI_T_pvar_get_info(0, name, &len, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL);
    strings &= len == full;
    memset(name, 'Z', sizeof name);
    len = 4;
    MPI_T_pvar_get_info(0, name, &len, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL);
    strings &= len == 4 && strcmp(name, "art") == 0 && name[4] == 'Z';
    MPI_T_pvar_get_info(0, name, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL);
    strings &= strcmp(name, "art") == 0;

    /* The control variables: the PEs of the run, an enumeration. */
    int pes = -1, memory = -1, index, nitems = 0, value = -1;
    MPI_T_cvar_handle ch;
    MPI_T_cvar_get_index("arts_pes", &index);
    MPI_T_cvar_handle_alloc(index, NULL, &ch, &count);
    MPI_T_cvar_read(ch, &pes);
    int errors = MPI_T_cvar_write(ch, &pes) == MPI_T_ERR_CVAR_SET_NEVER;
    MPI_T_cvar_handle_free(&ch);
    errors &= ch == MPI_T_CVAR_HANDLE_NULL;
    MPI_T_cvar_get_index("arts_rank_memory", &index);
    MPI_T_enum e;
    MPI_T_cvar_get_info(index, NULL, NULL, NULL, NULL, &e, NULL, NULL, NULL, NULL);
    MPI_T_cvar_handle_alloc(index, NULL, &ch, &count);
    MPI_T_cvar_read(ch, &memory);
    MPI_T_cvar_handle_free(&ch);
    len = sizeof name;
    MPI_T_enum_get_info(e, &nitems, name, &len);
    int enums = nitems == 2 && strcmp(name, "arts_rank_memory") == 0;
    len = sizeof name;
    MPI_T_enum_get_item(e, memory, &value, name, &len);
    enums &= value == memory && strcmp(name, memory ? "isomalloc" : "system") == 0;

    /* Queues: rank 1 holds two unexpected messages of rank 0 (8 bytes),
     * then one posted receive; the other ranks wait, sending nothing. */
    MPI_T_pvar_session s;
    MPI_T_pvar_handle unexpected, posted, bytes, sent, received, pe, resumed;
    MPI_T_pvar_session_create(&s);
    MPI_T_pvar_handle_alloc(s, pvar("arts_unexpected_recvq_length", MPI_T_PVAR_CLASS_LEVEL), NULL,
                            &unexpected, &count);
    MPI_T_pvar_handle_alloc(s, pvar("arts_posted_recvq_length", MPI_T_PVAR_CLASS_LEVEL), NULL,
                            &posted, &count);
    MPI_T_pvar_handle_alloc(s, pvar("arts_unexpected_bytes", MPI_T_PVAR_CLASS_SIZE), NULL, &bytes,
                            &count);
    MPI_T_pvar_handle_alloc(s, pvar("arts_messages_sent", MPI_T_PVAR_CLASS_COUNTER), NULL, &sent,
                            &count);
    MPI_T_pvar_handle_alloc(s, pvar("arts_messages_received", MPI_T_PVAR_CLASS_COUNTER), NULL,
                            &received, &count);
    MPI_T_pvar_handle_alloc(s, pvar("arts_pe", MPI_T_PVAR_CLASS_GENERIC), NULL, &pe, &count);
    MPI_T_pvar_handle_alloc(s, pvar("arts_resumptions", MPI_T_PVAR_CLASS_COUNTER), NULL, &resumed,
                            &count);
    MPI_Barrier(MPI_COMM_WORLD);
    int queues = 1, x[2] = {1, 2}, y[2];
    if (me == 0) {
        MPI_Send(x, 1, MPI_INT, 1, 7, MPI_COMM_WORLD);
        MPI_Send(x + 1, 1, MPI_INT, 1, 7, MPI_COMM_WORLD);
        MPI_Send(x, 0, MPI_INT, 1, 8, MPI_COMM_WORLD);
        MPI_Recv(y, 0, MPI_INT, 1, 9, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        MPI_Send(x, 0, MPI_INT, 1, 10, MPI_COMM_WORLD);
    } else if (me == 1) {
        MPI_Request r;
        /* Past the tag-8 message, rank 0's two before it have arrived. */
        MPI_Recv(y, 0, MPI_INT, 0, 8, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        queues &= read_u(s, unexpected) == 2 && read_ull(s, bytes) == 8 && read_u(s, posted) == 0;
        MPI_Irecv(y, 0, MPI_INT, 0, 10, MPI_COMM_WORLD, &r);
        queues &= read_u(s, posted) == 1;
        MPI_Recv(y, 2, MPI_INT, 0, 7, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        MPI_Recv(y + 1, 1, MPI_INT, 0, 7, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        queues &= y[0] == 1 && y[1] == 2 && read_u(s, unexpected) == 0 && read_ull(s, bytes) == 0;
        MPI_Send(x, 0, MPI_INT, 0, 9, MPI_COMM_WORLD);
        MPI_Wait(&r, MPI_STATUS_IGNORE);
        queues &= read_u(s, posted) == 0;
    }
    for (int r = 2; r < size; r++)
        if (me == 1) MPI_Send(x, 0, MPI_INT, r, 11, MPI_COMM_WORLD);
    if (me >= 2) MPI_Recv(y, 0, MPI_INT, 1, 11, MPI_COMM_WORLD, MPI_STATUS_IGNORE);

    /* Counters count from 0 while started, per handle: rank 0 sends three
     * messages to rank 1 once rank 1 counts what arrives; the others send
     * nothing until rank 1 stopped (rank 0 may hear from it before its own
     * stop). */
    MPI_Barrier(MPI_COMM_WORLD);
    int counters = read_ull(s, sent) == 0;
    if (me == 1) {
        counters &= MPI_T_pvar_start(s, received) == MPI_SUCCESS;
        MPI_Send(x, 0, MPI_INT, 0, 12, MPI_COMM_WORLD);
    }
    counters &= MPI_T_pvar_start(s, MPI_T_PVAR_ALL_HANDLES) == MPI_SUCCESS;
    if (me == 0) MPI_Recv(y, 0, MPI_INT, 1, 12, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    unsigned long long want_sent = me == 0 ? 3 : 0, want_received = me == 1 ? 3 : 0;
    for (int k = 0; k < 3; k++) {
        if (me == 0) MPI_Send(x, 1, MPI_INT, 1, 12, MPI_COMM_WORLD);
        if (me == 1) MPI_Recv(y, 1, MPI_INT, 0, 12, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    }
    counters &= MPI_T_pvar_stop(s, sent) == MPI_SUCCESS && MPI_T_pvar_stop(s, received) == MPI_SUCCESS;
    for (int r = 0; r < size; r++)
        if (me == 1 && r != 1) MPI_Send(x, 0, MPI_INT, r, 13, MPI_COMM_WORLD);
    if (me != 1) MPI_Recv(y, 0, MPI_INT, 1, 13, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    counters &= read_ull(s, sent) == want_sent && (me == 0 || read_ull(s, received) == want_received);
    int next = (me + 1) % size, prev = (me + size - 1) % size;
    unsigned long long v = 0, ten = 10;
    counters &= MPI_T_pvar_readreset(s, sent, &v) == MPI_SUCCESS && v == want_sent && read_ull(s, sent) == 0;
    counters &= MPI_T_pvar_write(s, received, &ten) == MPI_SUCCESS && read_ull(s, received) == 10;
    counters &= MPI_T_pvar_reset(s, MPI_T_PVAR_ALL_HANDLES) == MPI_SUCCESS && read_ull(s, received) == 0;
    /* A second session counts on its own. */
    MPI_T_pvar_session s2;
    MPI_T_pvar_handle sent2;
    MPI_T_pvar_session_create(&s2);
    MPI_T_pvar_handle_alloc(s2, pvar("arts_messages_sent", MPI_T_PVAR_CLASS_COUNTER), NULL, &sent2,
                            &count);
    MPI_T_pvar_start(s2, sent2);
    MPI_Sendrecv(x, 1, MPI_INT, next, 14, y, 1, MPI_INT, prev, 14, MPI_COMM_WORLD,
                 MPI_STATUS_IGNORE);
    counters &= read_ull(s2, sent2) == 1 && read_ull(s, sent) == 0;
    MPI_T_pvar_session_free(&s2);
    counters &= s2 == MPI_T_PVAR_SESSION_NULL;

    /* The PE a rank runs on, before and after it moves to another one. */
    int moved = read_u(s, pe) == (unsigned)AMPI_My_pe();
    MPI_T_pvar_start(s, resumed);
    if (pes > 1) {
        int to = (AMPI_My_pe() + 1) % pes;
        AMPI_Migrate_to_pe(to);
        moved &= read_u(s, pe) == (unsigned)to && AMPI_My_pe() == to;
        moved &= read_ull(s, resumed) >= 1;
    }

    /* MPI_T's own errors, returned (the default error handler is fatal). */
    int bad;
    errors &= MPI_T_pvar_start(s, pe) == MPI_T_ERR_PVAR_NO_STARTSTOP;
    errors &= MPI_T_pvar_write(s, pe, &v) == MPI_T_ERR_PVAR_NO_WRITE;
    errors &= MPI_T_pvar_readreset(s, unexpected, &v) == MPI_T_ERR_PVAR_NO_WRITE;
    errors &= MPI_T_pvar_read(s, MPI_T_PVAR_ALL_HANDLES, &v) == MPI_T_ERR_INVALID_HANDLE;
    errors &= MPI_T_pvar_read(s + 99, pe, &v) == MPI_T_ERR_INVALID_SESSION;
    errors &= MPI_T_pvar_get_info(num_pvar, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL,
                                  NULL, NULL) == MPI_T_ERR_INVALID_INDEX;
    errors &= MPI_T_pvar_get_index("arts_pe", MPI_T_PVAR_CLASS_COUNTER, &bad) ==
              MPI_T_ERR_INVALID_NAME;
    errors &= MPI_T_cvar_get_index("no such variable", &bad) == MPI_T_ERR_INVALID_NAME;
    errors &= MPI_T_enum_get_item(e, 2, &bad, NULL, NULL) == MPI_T_ERR_INVALID_ITEM;
    errors &= MPI_T_cvar_read(ch, &bad) == MPI_T_ERR_INVALID_HANDLE;
    errors &= MPI_T_category_get_cvars(0, -1, &bad) == MPI_T_ERR_INVALID;
    MPI_T_pvar_handle freed = pe;
    MPI_T_pvar_handle_free(s, &pe);
    errors &= pe == MPI_T_PVAR_HANDLE_NULL && MPI_T_pvar_read(s, freed, &v) == MPI_T_ERR_INVALID_HANDLE;
    MPI_T_pvar_session_free(&s);
    /* Two initializations, two finalizations: then nothing answers. */
    errors &= MPI_T_finalize() == MPI_SUCCESS && MPI_T_pvar_get_num(&n) == MPI_SUCCESS;
    errors &= MPI_T_finalize() == MPI_SUCCESS && MPI_T_pvar_get_num(&n) == MPI_T_ERR_NOT_INITIALIZED;
    errors &= MPI_T_finalize() == MPI_T_ERR_NOT_INITIALIZED;

    int mine[8] = {before, names, strings, enums, queues, counters, moved, errors}, all[8];
    MPI_Reduce(mine, all, 8, MPI_INT, MPI_MIN, 0, MPI_COMM_WORLD);
    MPI_Finalize();
    /* After MPI_Finalize the interface may start again. */
    int after = MPI_T_init_thread(MPI_THREAD_SINGLE, &provided) == MPI_SUCCESS;
    after &= MPI_T_cvar_get_num(&n) == MPI_SUCCESS && n == num_cvar && MPI_T_finalize() == MPI_SUCCESS;
    if (me == 0)
        printf("mpi_t: before %d names %d strings %d enums %d queues %d counters %d moved %d "
               "errors %d after %d pes %d failures %d\n",
               all[0], all[1], all[2], all[3], all[4], all[5], all[6], all[7], after, pes, failures);
    return 0;
}
