/* A rank's heap, code and globals move with it (arts ampi run --isomalloc):
 * every rank builds data with the malloc family (malloc, calloc, realloc,
 * posix_memalign, strdup), keeps pointers to its globals and to its own
 * functions in that data, and checks all of it after every AMPI_Migrate,
 * also through libc calling back into the program (qsort). Blocks are
 * freed and allocated again after moves.
 *
 *   heap [N] [fail]   N doubles in the big block (default 100000); with
 *                     "fail", rank 1 makes a fatal MPI error after its
 *                     moves (the error unwinds through the moved frames). */
#include <mpi.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct node {
    struct node *next;
    int value;
    int *owner;
    int (*fn)(int);
};

int g_rank = -1;
static double *g_big;
static struct node *g_list;
static const char *g_words[] = {"alpha", "beta", "gamma"};

static int twice(int x) { return 2 * x; }

static int cmp(const void *a, const void *b)
{
    int x = *(const int *)a, y = *(const int *)b;
    return (x > y) - (x < y);
}

static double *fill(size_t n, int rank)
{
    double *p = malloc(n * sizeof *p);
    size_t i;
    for (i = 0; i < n; i++)
        p[i] = rank * 1e6 + (double)i;
    return p;
}

static int check(int rank, size_t n, const char *name, const unsigned char *aligned,
                 const int *sorted, int is_sorted)
{
    int bad = 0, count = 0, i;
    char want[32];
    struct node *e;
    if (g_rank != rank || g_big[0] != rank * 1e6 || g_big[n - 1] != rank * 1e6 + (double)(n - 1))
        bad++;
    for (e = g_list; e; e = e->next, count++)
        if (e->owner != &g_rank || *e->owner != rank || e->fn(e->value) != 2 * e->value)
            bad++;
    if (count != 100)
        bad++;
    snprintf(want, sizeof want, "rank-%d-%s", rank, g_words[rank % 3]);
    if (strcmp(name, want) != 0)
        bad++;
    if ((uintptr_t)aligned % 4096 != 0 || aligned[0] != (rank & 255) || aligned[999] != (rank & 255))
        bad++;
    for (i = 1; is_sorted && i < 1000; i++)
        if (sorted[i - 1] > sorted[i])
            bad++;
    return bad;
}

int main(int argc, char **argv)
{
    int rank, size, i, step, bad = 0, total = 0, moves = 0, pe, last_pe;
    size_t n = argc > 1 ? (size_t)atol(argv[1]) : 100000;
    int fail = argc > 2 && strcmp(argv[2], "fail") == 0;
    char *name;
    void *aligned = NULL;
    int *sorted;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    g_rank = rank;
    g_big = fill(n, rank);
    for (i = 0; i < 100; i++) {
        struct node *e = calloc(1, sizeof *e);
        e->next = g_list;
        e->value = rank + i;
        e->owner = &g_rank;
        e->fn = twice;
        g_list = e;
    }
    name = strdup("rank-");
    name = realloc(name, 64);
    snprintf(name + 5, 59, "%d-%s", rank, g_words[rank % 3]);
    if (posix_memalign(&aligned, 4096, 1000) != 0)
        MPI_Abort(MPI_COMM_WORLD, 1);
    memset(aligned, rank & 255, 1000);
    sorted = malloc(1000 * sizeof *sorted);
    for (i = 0; i < 1000; i++)
        sorted[i] = (i * 7919 + rank) % 1000;
    last_pe = AMPI_My_pe();
    for (step = 0; step < 6; step++) {
        int token = rank, got = -1;
        MPI_Sendrecv(&token, 1, MPI_INT, (rank + 1) % size, 0, &got, 1, MPI_INT,
                     (rank + size - 1) % size, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        if (got != (rank + size - 1) % size)
            bad++;
        AMPI_Migrate(AMPI_INFO_LB_SYNC);
        pe = AMPI_My_pe();
        moves += pe != last_pe;
        last_pe = pe;
        if (step == 1)
            qsort(sorted, 1000, sizeof *sorted, cmp);
        bad += check(rank, n, name, aligned, sorted, step >= 1);
        if (step % 2 == 0) {
            free(g_big);
            g_big = fill(n, rank);
        }
        if (fail && rank == 1 && step == 3)
            MPI_Send(&token, 1, MPI_INT, 0, 0, (MPI_Comm)12345);
    }
    {
        /* AMPI's name for the asynchronous reduction. */
        MPI_Request req;
        AMPI_Iallreduce(&bad, &total, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD, &req);
        MPI_Wait(&req, MPI_STATUS_IGNORE);
    }
    if (rank == 0)
        printf("heap: %d ranks, %d wrong reads\n", size, total);
    printf("rank %d moved %d times\n", rank, moves);
    while (g_list) {
        struct node *e = g_list;
        g_list = e->next;
        free(e);
    }
    free(g_big);
    free(name);
    free(aligned);
    free(sorted);
    MPI_Finalize();
    return bad != 0;
}
