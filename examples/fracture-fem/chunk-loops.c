/* chunk-loops.c: the fracture code's two per-step loops over the same
   bytes cut into few long chunks or many short ones, without MPI or a
   runtime: does the cut alone make the loops slower? (issue 53,
   docs/fracture-fem.md.)

     cc -O2 chunk-loops.c -o /tmp/chunk-loops
     /tmp/chunk-loops ELEMENTS CHUNKS ROW REPS [LINES [POOL_MB]]
     /tmp/chunk-loops 65536 2 256 60     # 2 chunks of 32,768 elements, rows of 256
     /tmp/chunk-loops 65536 64 64 60     # 64 chunks of 1,024, rows of 64
     /tmp/chunk-loops 65536 64 64 60 250 # and 250 foreign cache lines between turns

   Each chunk has K arrays of 6 doubles an element (its per-element state,
   allocated chunk after chunk for each array in turn, interleaved as ranks
   that build at once allocate them) and a contribution array S of 9
   doubles an element. Phase A, every chunk in turn: read the K arrays,
   write S (the element forces). Phase B, every chunk in turn: each node of
   the chunk's strip sums the S entries of the elements around it, from
   two element rows, through an index list (the assembly). Before each
   chunk's turn in either phase, LINES (default 0) cache lines at random in
   a POOL_MB (default 16) pool are written, as a runtime's work between two
   ranks' turns touches memory of its own (message buffers, other ranks'
   state). Prints the best time per element of REPS repetitions of A then
   B, the loops' time only. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define K 6

typedef struct {
    double *x[K], *S, *F;
    int *start, *list;
    int n, nn;
} Chunk;

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + 1e-9 * t.tv_nsec;
}

static int arg(const char *s, const char *what) {
    char *end;
    long v = strtol(s, &end, 10);
    if (*end || v <= 0 || v > 100000000) {
        fprintf(stderr, "error: chunk-loops: %s must be a positive integer, not '%s'\n", what, s);
        exit(2);
    }
    return (int)v;
}

int main(int argc, char **argv) {
    if (argc < 5 || argc > 7) {
        fprintf(stderr, "error: usage: chunk-loops ELEMENTS CHUNKS ROW REPS [LINES [POOL_MB]]\n");
        return 2;
    }
    int total = arg(argv[1], "ELEMENTS"), chunks = arg(argv[2], "CHUNKS"), w = arg(argv[3], "ROW"),
        reps = arg(argv[4], "REPS");
    int lines = argc > 5 && strcmp(argv[5], "0") ? arg(argv[5], "LINES") : 0;
    size_t pool = (size_t)(argc > 6 ? arg(argv[6], "POOL_MB") : 16) << 20;
    int n = total / chunks;
    if (n < w || n % w || w % 2) {
        fprintf(stderr, "error: chunk-loops: a chunk's %d elements must be whole rows of an even ROW (%d)\n", n, w);
        return 2;
    }
    Chunk *c = calloc(chunks, sizeof(Chunk));
    for (int k = 0; k < K; k++)
        for (int q = 0; q < chunks; q++) {
            c[q].x[k] = malloc(sizeof(double) * 6 * n);
            for (int i = 0; i < 6 * n; i++)
                c[q].x[k][i] = i * 1e-9 + k;
        }
    for (int q = 0; q < chunks; q++) {
        Chunk *h = &c[q];
        int rows = n / w, cols = w / 2 + 1, t = 0;
        h->n = n;
        h->nn = (rows + 1) * cols;
        h->S = malloc(sizeof(double) * 9 * n);
        h->F = malloc(sizeof(double) * 2 * h->nn);
        h->start = malloc(sizeof(int) * (h->nn + 1));
        h->list = malloc(sizeof(int) * 6 * h->nn);
        for (int r = 0; r <= rows; r++)
            for (int j = 0; j < cols; j++) {
                h->start[r * cols + j] = t;
                for (int rr = r - 1; rr <= r; rr++)
                    for (int e = 2 * j - 2; rr >= 0 && rr < rows && e <= 2 * j; e++)
                        if (e >= 0 && e < w)
                            h->list[t++] = 3 * (rr * w + e) + (e & 1);
            }
        h->start[h->nn] = t;
    }
    char *foreign = malloc(pool);
    memset(foreign, 1, pool);
    unsigned seed = 1;
#define FOREIGN()                                                                \
    for (int z = 0; z < lines; z++) {                                            \
        seed = seed * 1103515245u + 12345u;                                      \
        foreign[(size_t)(seed % (pool / 64)) * 64] += 1;                         \
    }
    double sum = 0, best = 1e30;
    for (int r = 0; r < reps; r++) {
        double t = 0;
        for (int q = 0; q < chunks; q++) {
            Chunk *h = &c[q];
            FOREIGN()
            double t0 = now();
            for (int i = 0; i < h->n; i++) {
                double e = 0;
                for (int k = 0; k < K; k++)
                    e += h->x[k][6 * i] * h->x[k][6 * i + 3] + h->x[k][6 * i + 5];
                for (int j = 0; j < 9; j++)
                    h->S[9 * i + j] = e * j;
            }
            t += now() - t0;
        }
        for (int q = 0; q < chunks; q++) {
            Chunk *h = &c[q];
            FOREIGN()
            double t0 = now();
            for (int i = 0; i < h->nn; i++) {
                double fx = 0, fy = 0;
                for (int j = h->start[i]; j < h->start[i + 1]; j++) {
                    const double *p = h->S + 3 * h->list[j];
                    fx += p[0];
                    fy += p[1];
                }
                h->F[2 * i] = fx;
                h->F[2 * i + 1] = fy;
                sum += fx;
            }
            t += now() - t0;
        }
        if (t < best)
            best = t;
    }
    printf("%d chunks of %d elements (rows of %d), %d foreign lines a turn: %.2f ns an element (best of %d; sum "
           "%.6g)\n",
           chunks, n, w, lines, best / total * 1e9, reps, sum);
    return 0;
}
