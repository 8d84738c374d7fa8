/* Every message once, in MPI's order, whatever the path: each round every
 * rank sends every other rank 0-3 messages of random sizes (8 to 16 bytes,
 * a few dozen, a few KiB, 16-24 KiB: inline, compact, whole-frame and
 * header-and-body forms across processes) and random tags, from a plan
 * every rank derives from the same seed; then receives them, from its
 * sources in a random order, in one of three styles per round: by source
 * and tag, by source and MPI_ANY_TAG (both must see each source's messages
 * in the order they were sent), or by MPI_ANY_SOURCE and MPI_ANY_TAG (each
 * source's in order; rounds are separated by barriers). Every message
 * carries its sender, receiver, round, number and a pattern over its whole
 * length, all checked. Run with several ranks per PE under mpirun. Prints
 * the messages received and expected and the number of bad ones; exit 0.
 * Arguments: rounds (default 60), seed. */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_PER_PAIR 3
#define MAX_BYTES (24 * 1024)
#define HEAD 2 /* ints: src << 16 | dst, round << 8 | k */

static unsigned long long mix(unsigned long long x) {
    x += 0x9E3779B97F4A7C15ull;
    x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
    x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
    return x ^ (x >> 31);
}

/* The k-th message of `src` to `dst` in `round` (k < count): its tag and size. */
static int count_of(unsigned seed, int round, int src, int dst) {
    return (int)(mix(((unsigned long long)seed << 40) ^ ((unsigned long long)round << 20) ^
                     ((unsigned long long)src << 10) ^ (unsigned long long)dst) %
                 (MAX_PER_PAIR + 1));
}

static void plan_of(unsigned seed, int round, int src, int dst, int k, int *tag, int *size) {
    unsigned long long r = mix(mix(((unsigned long long)seed << 40) ^
                                   ((unsigned long long)round << 20) ^
                                   ((unsigned long long)src << 10) ^ (unsigned long long)dst) +
                               (unsigned long long)k + 1);
    *tag = (int)(r % 4);
    int min = HEAD * (int)sizeof(int);
    switch ((r >> 8) % 4) {
    case 0: *size = min + (int)((r >> 16) % 9); break;                /* inline: 8-16 */
    case 1: *size = min + (int)((r >> 16) % 64); break;               /* small */
    case 2: *size = min + (int)((r >> 16) % 4000); break;             /* one frame */
    default: *size = 16 * 1024 + (int)((r >> 16) % (8 * 1024)); break; /* header + body */
    }
}

static unsigned char pattern(int src, int k, int j) { return (unsigned char)(src * 31 + k * 7 + j); }

static void fill(unsigned char *buf, int src, int dst, int round, int k, int size) {
    int head[HEAD] = {src << 16 | dst, round << 8 | k};
    memcpy(buf, head, sizeof head);
    for (int j = (int)sizeof head; j < size; j++) buf[j] = pattern(src, k, j);
}

/* Whether `buf` (`got` bytes, tag `tag`, from `src`) is message k of src to
 * dst in round. */
static int good(const unsigned char *buf, int got, int tag, int src, int dst, int round, int k,
                unsigned seed) {
    int want_tag, size;
    plan_of(seed, round, src, dst, k, &want_tag, &size);
    int head[HEAD];
    if (got != size || tag != want_tag || got < (int)sizeof head) return 0;
    memcpy(head, buf, sizeof head);
    if (head[0] != (src << 16 | dst) || head[1] != (round << 8 | k)) return 0;
    for (int j = (int)sizeof head; j < size; j++)
        if (buf[j] != pattern(src, k, j)) return 0;
    return 1;
}

int main(int argc, char **argv) {
    MPI_Init(&argc, &argv);
    int me, n;
    MPI_Comm_rank(MPI_COMM_WORLD, &me);
    MPI_Comm_size(MPI_COMM_WORLD, &n);
    int rounds = argc > 1 ? atoi(argv[1]) : 60;
    unsigned seed = argc > 2 ? (unsigned)strtoul(argv[2], NULL, 10) : 12345u;
    if (n < 2 || n > 1000 || rounds < 1 || rounds > 100000) {
        if (me == 0) fprintf(stderr, "p2p_order: 2 to 1000 ranks and 1 to 100000 rounds\n");
        MPI_Abort(MPI_COMM_WORLD, 2);
    }
    unsigned char *out = malloc(MAX_BYTES), *in = malloc(MAX_BYTES);
    int *order = malloc(sizeof(int) * (size_t)n), *next = malloc(sizeof(int) * (size_t)n);
    long received = 0, expected = 0, bad = 0;
    for (int round = 0; round < rounds; round++) {
        for (int dst = 0; dst < n; dst++) {
            if (dst == me) continue;
            for (int k = 0; k < count_of(seed, round, me, dst); k++) {
                int tag, size;
                plan_of(seed, round, me, dst, k, &tag, &size);
                fill(out, me, dst, round, k, size);
                MPI_Send(out, size, MPI_BYTE, dst, tag, MPI_COMM_WORLD);
            }
        }
        /* The sources in a random order (the same plan on every rank). */
        for (int i = 0; i < n; i++) order[i] = i;
        for (int i = n - 1; i > 0; i--) {
            int j = (int)(mix((unsigned long long)seed * 7919 + (unsigned long long)round * 131 +
                              (unsigned long long)me * 17 + (unsigned long long)i) %
                          (unsigned long long)(i + 1));
            int t = order[i];
            order[i] = order[j];
            order[j] = t;
        }
        int style = (int)(mix((unsigned long long)round * 977 + (unsigned long long)me) % 3);
        long total = 0;
        for (int s = 0; s < n; s++) {
            next[s] = 0;
            if (s != me) total += count_of(seed, round, s, me);
        }
        expected += total;
        MPI_Status st;
        int got;
        if (style < 2) {
            for (int i = 0; i < n; i++) {
                int s = order[i];
                if (s == me) continue;
                for (int k = 0; k < count_of(seed, round, s, me); k++) {
                    int tag, size;
                    plan_of(seed, round, s, me, k, &tag, &size);
                    MPI_Recv(in, MAX_BYTES, MPI_BYTE, s, style == 0 ? tag : MPI_ANY_TAG,
                             MPI_COMM_WORLD, &st);
                    MPI_Get_count(&st, MPI_BYTE, &got);
                    if (st.MPI_SOURCE != s || !good(in, got, st.MPI_TAG, s, me, round, k, seed))
                        bad++;
                    received++;
                }
            }
        } else {
            for (long m = 0; m < total; m++) {
                MPI_Recv(in, MAX_BYTES, MPI_BYTE, MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, &st);
                MPI_Get_count(&st, MPI_BYTE, &got);
                int s = st.MPI_SOURCE;
                if (s < 0 || s >= n || s == me ||
                    !good(in, got, st.MPI_TAG, s, me, round, next[s], seed))
                    bad++;
                else
                    next[s]++;
                received++;
            }
        }
        /* No rank sends the next round's messages before every rank has
         * received this round's: a receive from any source takes only these. */
        MPI_Barrier(MPI_COMM_WORLD);
    }
    /* Nothing more may arrive: a duplicate would be found here. */
    int extra = 0;
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_Iprobe(MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, &extra, MPI_STATUS_IGNORE);
    if (extra) bad++;
    long sums[3] = {received, expected, bad}, all[3];
    MPI_Reduce(sums, all, 3, MPI_LONG, MPI_SUM, 0, MPI_COMM_WORLD);
    if (me == 0)
        printf("p2p_order: %d ranks, %d rounds, %ld of %ld messages, %ld bad\n", n, rounds, all[0],
               all[1], all[2]);
    free(out);
    free(in);
    free(order);
    free(next);
    MPI_Finalize();
    return 0;
}
