/* Large messages between ranks on several processes (the rendezvous of
 * blocking sends): every round, each rank passes messages of 65,535 B,
 * 64 KiB, 300,000 B and 1 MiB to its right neighbour in a ring, with
 * MPI_Sendrecv, with a receive posted before MPI_Send, and with MPI_Send
 * and MPI_Recv in pairs (even ranks send first); every byte is checked.
 * Between rounds the ranks call AMPI_Migrate (with --isomalloc and
 * --lb rotate they change process), and rank 0 sends 1 MiB to rank 1 just
 * before it, with MPI_Send and with an MPI_Isend it waits for only after
 * the migration, which rank 1 receives only after it. In the first round a
 * receive too short for a large message returns MPI_ERR_TRUNCATE under
 * MPI_ERRORS_RETURN, and its sender goes on. Each round also has every
 * rank MPI_Isend to both neighbours before it receives (no deadlock: an
 * MPI_Isend read in place by its receiver does not wait), and rank 0 frees
 * the request of a 1 MiB MPI_Isend, reusing its buffer once rank 1
 * confirms. At the end rank 2 frees one more and goes straight on to
 * MPI_Finalize, which completes it, while rank 3 receives it.
 *
 *   large [rounds]   (default 3; an even number of ranks, at least 4)
 *   large unsafe     ranks 0 and 1 both MPI_Send 1 MiB to the other before
 *                    they receive: as under Open MPI, a deadlock (reported)
 *   large lost       rank 0 frees the request of a 1 MiB MPI_Isend that no
 *                    rank receives: MPI_Finalize waits for it (reported)
 *   large ssend      MPI_Ssend of 8 bytes waits for its receive: rank 0
 *                    Ssends to rank 1, which receives it only after a
 *                    message that rank 0 causes after its Ssend returns,
 *                    through rank 2: a deadlock (reported), as under Open
 *                    MPI; then ranks 1 and 2 Ssend to each other with the
 *                    receives posted first (no deadlock) if "ssend ok"
 *
 * Prints "large: N ranks, R rounds, B bad bytes" from rank 0. */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const int sizes[] = {65535, 65536, 300000, 1 << 20};

static unsigned char byte_of(int from, int round, int n, int i)
{
    return (unsigned char)(i * 7 + from * 13 + round * 31 + n);
}

static void fill(unsigned char *b, int from, int round, int n)
{
    int i;
    for (i = 0; i < n; i++)
        b[i] = byte_of(from, round, n, i);
}

static long bad_bytes(const unsigned char *b, int from, int round, int n)
{
    long bad = 0;
    int i;
    for (i = 0; i < n; i++)
        bad += b[i] != byte_of(from, round, n, i);
    return bad;
}

int main(int argc, char **argv)
{
    int rank, size, rounds = argc > 1 ? atoi(argv[1]) : 3, r, k;
    int unsafe = argc > 1 && strcmp(argv[1], "unsafe") == 0;
    int ssend = argc > 1 && strcmp(argv[1], "ssend") == 0;
    int lost = argc > 1 && strcmp(argv[1], "lost") == 0;
    int ssend_ok = ssend && argc > 2 && strcmp(argv[2], "ok") == 0;
    long bad = 0, all = 0;
    unsigned char *out = malloc(1 << 20), *in = malloc(1 << 20), *pending = malloc(1 << 20);
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    if (size < 4 || size % 2) {
        if (rank == 0)
            printf("large: needs an even number of ranks, at least 4\n");
        MPI_Finalize();
        return 1;
    }
    if (unsafe && rank < 2) {
        MPI_Send(out, 1 << 20, MPI_BYTE, 1 - rank, 0, MPI_COMM_WORLD);
        MPI_Recv(in, 1 << 20, MPI_BYTE, 1 - rank, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    }
    if (lost) {
        MPI_Request freed;
        if (rank == 0) {
            MPI_Isend(out, 1 << 20, MPI_BYTE, 1, 90, MPI_COMM_WORLD, &freed);
            MPI_Request_free(&freed);
        }
        MPI_Finalize();
        return 0;
    }
    if (ssend_ok && (rank == 1 || rank == 2)) {
        MPI_Request req;
        long mine = rank, theirs = -1;
        MPI_Irecv(&theirs, 1, MPI_LONG, 3 - rank, 5, MPI_COMM_WORLD, &req);
        MPI_Ssend(&mine, 1, MPI_LONG, 3 - rank, 5, MPI_COMM_WORLD);
        MPI_Wait(&req, MPI_STATUS_IGNORE);
        bad += theirs != 3 - rank;
    } else if (ssend && !ssend_ok) {
        long x = 1, y = 2, z = 3;
        if (rank == 0) {
            MPI_Ssend(&x, 1, MPI_LONG, 1, 6, MPI_COMM_WORLD);
            MPI_Send(&y, 1, MPI_LONG, 2, 7, MPI_COMM_WORLD);
        } else if (rank == 2) {
            MPI_Recv(&y, 1, MPI_LONG, 0, 7, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            MPI_Send(&z, 1, MPI_LONG, 1, 8, MPI_COMM_WORLD);
        } else if (rank == 1) {
            MPI_Recv(&z, 1, MPI_LONG, 2, 8, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            MPI_Recv(&x, 1, MPI_LONG, 0, 6, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        }
    }
    int right = (rank + 1) % size, left = (rank + size - 1) % size;
    for (r = 0; r < rounds; r++) {
        for (k = 0; k < 4; k++) {
            int n = sizes[k];
            MPI_Request req;
            fill(out, rank, r, n);
            MPI_Sendrecv(out, n, MPI_BYTE, right, k, in, n, MPI_BYTE, left, k,
                         MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            bad += bad_bytes(in, left, r, n);
            MPI_Irecv(in, n, MPI_BYTE, left, 10 + k, MPI_COMM_WORLD, &req);
            MPI_Send(out, n, MPI_BYTE, right, 10 + k, MPI_COMM_WORLD);
            MPI_Wait(&req, MPI_STATUS_IGNORE);
            bad += bad_bytes(in, left, r, n);
            if (rank % 2 == 0) {
                MPI_Send(out, n, MPI_BYTE, right, 20 + k, MPI_COMM_WORLD);
                MPI_Recv(in, n, MPI_BYTE, left, 20 + k, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            } else {
                MPI_Recv(in, n, MPI_BYTE, left, 20 + k, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
                MPI_Send(out, n, MPI_BYTE, right, 20 + k, MPI_COMM_WORLD);
            }
            bad += bad_bytes(in, left, r, n);
            MPI_Request two[2];
            MPI_Isend(out, n, MPI_BYTE, right, 50 + k, MPI_COMM_WORLD, &two[0]);
            MPI_Isend(out, n, MPI_BYTE, left, 60 + k, MPI_COMM_WORLD, &two[1]);
            MPI_Recv(in, n, MPI_BYTE, left, 50 + k, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            bad += bad_bytes(in, left, r, n);
            MPI_Recv(in, n, MPI_BYTE, right, 60 + k, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            bad += bad_bytes(in, right, r, n);
            MPI_Waitall(2, two, MPI_STATUSES_IGNORE);
        }
        if (rank == 0) {
            MPI_Request freed;
            long ack = 0;
            fill(out, rank, r, 1 << 20);
            MPI_Isend(out, 1 << 20, MPI_BYTE, 1, 70, MPI_COMM_WORLD, &freed);
            MPI_Request_free(&freed);
            MPI_Recv(&ack, 1, MPI_LONG, 1, 71, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            bad += ack != 1;
        } else if (rank == 1) {
            long ack = 1;
            MPI_Recv(in, 1 << 20, MPI_BYTE, 0, 70, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            bad += bad_bytes(in, 0, r, 1 << 20);
            MPI_Send(&ack, 1, MPI_LONG, 0, 71, MPI_COMM_WORLD);
        }
        if (r == 0) {
            MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
            if (rank == 2) {
                fill(out, rank, r, 200000);
                MPI_Send(out, 200000, MPI_BYTE, 3, 30, MPI_COMM_WORLD);
            } else if (rank == 3) {
                int err = MPI_Recv(in, 100000, MPI_BYTE, 2, 30, MPI_COMM_WORLD,
                                   MPI_STATUS_IGNORE), class;
                MPI_Error_class(err, &class);
                bad += class != MPI_ERR_TRUNCATE;
            }
            MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_ARE_FATAL);
        }
        MPI_Request across = MPI_REQUEST_NULL;
        if (rank == 0) {
            fill(out, rank, r, 1 << 20);
            MPI_Send(out, 1 << 20, MPI_BYTE, 1, 40, MPI_COMM_WORLD);
            fill(pending, rank, r + 100, 1 << 20);
            MPI_Isend(pending, 1 << 20, MPI_BYTE, 1, 41, MPI_COMM_WORLD, &across);
        }
        AMPI_Migrate(AMPI_INFO_LB_SYNC);
        MPI_Wait(&across, MPI_STATUS_IGNORE);
        if (rank == 1) {
            MPI_Recv(in, 1 << 20, MPI_BYTE, 0, 40, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            bad += bad_bytes(in, 0, r, 1 << 20);
            MPI_Recv(in, 1 << 20, MPI_BYTE, 0, 41, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            bad += bad_bytes(in, 0, r + 100, 1 << 20);
        }
    }
    if (rank == 2) {
        MPI_Request freed;
        fill(out, rank, rounds, 1 << 20);
        MPI_Isend(out, 1 << 20, MPI_BYTE, 3, 80, MPI_COMM_WORLD, &freed);
        MPI_Request_free(&freed);
    } else if (rank == 3) {
        MPI_Recv(in, 1 << 20, MPI_BYTE, 2, 80, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        bad += bad_bytes(in, 2, rounds, 1 << 20);
    }
    MPI_Reduce(&bad, &all, 1, MPI_LONG, MPI_SUM, 0, MPI_COMM_WORLD);
    if (rank == 0)
        printf("large: %d ranks, %d rounds, %ld bad bytes\n", size, rounds, all);
    MPI_Finalize();
    free(out);
    free(in);
    free(pending);
    return 0;
}
