/* AMPI's PUP interface without isomalloc: each rank keeps its state in a
 * malloc'd struct holding a malloc'd array (a length per rank), plus a
 * counter in a global, both registered with AMPI_Register_pup. A ring
 * relaxation of `steps` steps checkpoints every `every` steps; with
 * `stop` > 0 it leaves after checkpointing at step `stop` (as if the job
 * were killed). A run restarted from that checkpoint gets its data back
 * through the PUP routines when it registers them, continues, and prints
 * the same checksum as an uninterrupted run.
 *
 *   pup [steps=30] [every=5] [stop=0] [how=file] [dir]
 *
 * how: file  AMPI_Checkpoint(NULL) (into --checkpoint-dir)
 *      mem   AMPI_MemCheckpoint()
 *      info  AMPI_Migrate with ampi_load_balance=sync and
 *            ampi_checkpoint=to_file=<dir>
 *      over  as file, but the routine unpacks one int more than it packed
 *      null  AMPI_Register_pup with a NULL routine (MPI_ERRORS_RETURN)
 *      own   a program's own sizer, packer and unpacker (pup_new_*) */
#include <mpi.h>
#include <pup_c.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    int step;
    int n;
    double *v;
    long tag;
    char name[8];
} chunk;

static int unpack_too_much;
static unsigned long exchanges;

static void chunk_pup(pup_er p, void *data)
{
    chunk **cpp = (chunk **)data;
    if (pup_isUnpacking(p))
        *cpp = malloc(sizeof(chunk));
    chunk *c = *cpp;
    pup_int(p, &c->step);
    pup_int(p, &c->n);
    if (pup_isUnpacking(p))
        c->v = malloc(sizeof(double) * c->n);
    pup_doubles(p, c->v, c->n);
    pup_long(p, &c->tag);
    pup_chars(p, c->name, 8);
    if (unpack_too_much && pup_isUnpacking(p)) {
        int more;
        pup_int(p, &more);
    }
    if (pup_isDeleting(p)) {
        free(c->v);
        free(c);
        *cpp = NULL;
    }
}

static void count_pup(pup_er p, void *data)
{
    pup_ulong(p, (unsigned long *)data);
}

static chunk *fresh(int rank)
{
    chunk *c = malloc(sizeof(chunk));
    c->step = 0;
    c->n = 16 + rank;
    c->v = malloc(sizeof(double) * c->n);
    for (int i = 0; i < c->n; i++)
        c->v[i] = rank * 100 + i;
    c->tag = 1000 + rank;
    snprintf(c->name, sizeof c->name, "r%d", rank);
    return c;
}

/* pup_new_*: the sizer's count is the packer's, and the unpacked copy
 * equals the original. */
static int own_passes(int rank)
{
    chunk *c = fresh(rank), *copy = NULL;
    pup_er sizer = pup_new_sizer();
    chunk_pup(sizer, &c);
    int size = pup_size(sizer);
    pup_destroy(sizer);
    char *buf = malloc(size);
    pup_er packer = pup_new_toMem(buf);
    chunk_pup(packer, &c);
    int packed = pup_size(packer);
    pup_destroy(packer);
    pup_er unpacker = pup_new_fromMem(buf);
    chunk_pup(unpacker, &copy);
    int unpacked = pup_size(unpacker);
    pup_destroy(unpacker);
    int same = copy->n == c->n && copy->tag == c->tag && !strcmp(copy->name, c->name) &&
               !memcmp(copy->v, c->v, sizeof(double) * c->n);
    if (rank == 0)
        printf("own sizer=%d packed=%d unpacked=%d same=%d\n", size, packed, unpacked, same);
    return size == packed && packed == unpacked && same;
}

int main(int argc, char **argv)
{
    int steps = argc > 1 ? atoi(argv[1]) : 30;
    int every = argc > 2 ? atoi(argv[2]) : 5;
    int stop = argc > 3 ? atoi(argv[3]) : 0;
    const char *how = argc > 4 ? argv[4] : "file";
    const char *dir = argc > 5 ? argv[5] : "";
    int size, rank, idx, count_idx, i;
    chunk *c = NULL;
    void *got = NULL;
    MPI_Init(&argc, &argv);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (!strcmp(how, "own")) {
        int ok = own_passes(rank);
        MPI_Finalize();
        return ok ? 0 : 3;
    }
    if (!strcmp(how, "null")) {
        MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
        int rc = AMPI_Register_pup(NULL, &c, &idx), class;
        MPI_Error_class(rc, &class);
        if (rank == 0)
            printf("null routine refused: %d\n", class == MPI_ERR_ARG);
        MPI_Finalize();
        return class == MPI_ERR_ARG ? 0 : 3;
    }
    unpack_too_much = !strcmp(how, "over");
    /* Registered before the data exists: on a restart the routines unpack
     * it here, and c is no longer NULL. */
    AMPI_Register_pup((MPI_PupFn)chunk_pup, &c, &idx);
    AMPI_Register_pup((MPI_PupFn)count_pup, &exchanges, &count_idx);
    AMPI_Get_pup_data(idx, &got);
    if (got != (void *)&c || idx != 0 || count_idx != 1) {
        printf("rank %d: AMPI_Get_pup_data gave %p, not %p\n", rank, got, (void *)&c);
        MPI_Abort(MPI_COMM_WORLD, 4);
    }
    if (c == NULL) {
        c = fresh(rank);
    } else {
        char name[8];
        snprintf(name, sizeof name, "r%d", rank);
        if (c->tag != 1000 + rank || strcmp(c->name, name) || c->n != 16 + rank ||
            exchanges != (unsigned long)c->step) {
            printf("rank %d: restored tag %ld name %s n %d exchanges %lu\n", rank, c->tag,
                   c->name, c->n, exchanges);
            MPI_Abort(MPI_COMM_WORLD, 4);
        }
        if (rank == 0)
            printf("continuing from step %d\n", c->step);
    }
    MPI_Info hints;
    MPI_Info_create(&hints);
    if (!strcmp(how, "info")) {
        char value[4096];
        snprintf(value, sizeof value, "to_file=%s", dir);
        MPI_Info_set(hints, "ampi_load_balance", "sync");
        MPI_Info_set(hints, "ampi_checkpoint", value);
    }
    while (c->step < steps) {
        double left, right, *v = c->v;
        int n = c->n;
        MPI_Sendrecv(&v[0], 1, MPI_DOUBLE, (rank + size - 1) % size, 0, &right, 1, MPI_DOUBLE,
                     (rank + 1) % size, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        MPI_Sendrecv(&v[n - 1], 1, MPI_DOUBLE, (rank + 1) % size, 1, &left, 1, MPI_DOUBLE,
                     (rank + size - 1) % size, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        exchanges++;
        double prev = left, cur;
        for (i = 0; i < n; i++) {
            double next = i + 1 < n ? v[i + 1] : right;
            cur = v[i];
            v[i] = 0.25 * prev + 0.5 * cur + 0.25 * next;
            prev = cur;
        }
        c->step++;
        if (every > 0 && c->step % every == 0) {
            if (!strcmp(how, "mem"))
                AMPI_MemCheckpoint();
            else if (!strcmp(how, "info"))
                AMPI_Migrate(hints);
            else
                AMPI_Checkpoint(NULL);
            if (stop > 0 && c->step == stop) {
                if (rank == 0)
                    printf("stopped after saving step %d\n", stop);
                MPI_Finalize();
                return 0;
            }
        }
    }
    MPI_Info_free(&hints);
    double mine = exchanges, *all = NULL, total = 0.0;
    for (i = 0; i < c->n; i++)
        mine += c->v[i] * (i + 1);
    if (rank == 0)
        all = malloc(sizeof(double) * size);
    MPI_Gather(&mine, 1, MPI_DOUBLE, all, 1, MPI_DOUBLE, 0, MPI_COMM_WORLD);
    if (rank == 0) {
        for (i = 0; i < size; i++)
            total += all[i];
        printf("pup steps=%d checksum=%.12e\n", steps, total);
        free(all);
    }
    free(c->v);
    free(c);
    MPI_Finalize();
    return 0;
}
