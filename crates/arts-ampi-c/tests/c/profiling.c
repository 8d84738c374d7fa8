/* The profiling interface (MPI 4.0 §15.2): a tool built into the program
 * defines MPI_Send, MPI_Recv and MPI_Allreduce, counts their calls and runs
 * them as PMPI_x. The program passes a token three times around a ring,
 * makes calls the tool does not wrap (MPI_Sendrecv, and PMPI_x names
 * directly, which no wrapper sees) and prints the counts over all ranks:
 * the same line as under Open MPI. At least 2 ranks. */
#include <mpi.h>
#include <stdio.h>

static int sends, recvs, allreduces;

int MPI_Send(const void *buf, int count, MPI_Datatype type, int dest, int tag, MPI_Comm comm)
{
    sends++;
    return PMPI_Send(buf, count, type, dest, tag, comm);
}

int MPI_Recv(void *buf, int count, MPI_Datatype type, int source, int tag, MPI_Comm comm,
             MPI_Status *status)
{
    recvs++;
    return PMPI_Recv(buf, count, type, source, tag, comm, status);
}

int MPI_Allreduce(const void *in, void *out, int count, MPI_Datatype type, MPI_Op op,
                  MPI_Comm comm)
{
    allreduces++;
    return PMPI_Allreduce(in, out, count, type, op, comm);
}

int main(int argc, char **argv)
{
    int rank, size, lap, token = 0, got = -1, counts[3], totals[3], handles;
    MPI_Init(&argc, &argv);
    PMPI_Comm_rank(MPI_COMM_WORLD, &rank);
    PMPI_Comm_size(MPI_COMM_WORLD, &size);
    int next = (rank + 1) % size, prev = (rank + size - 1) % size;
    for (lap = 0; lap < 3; lap++) {
        if (rank == 0) {
            MPI_Send(&token, 1, MPI_INT, next, lap, MPI_COMM_WORLD);
            MPI_Recv(&token, 1, MPI_INT, prev, lap, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        } else {
            MPI_Recv(&token, 1, MPI_INT, prev, lap, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            token += rank;
            MPI_Send(&token, 1, MPI_INT, next, lap, MPI_COMM_WORLD);
        }
    }
    /* Not counted: a call the tool does not wrap, and PMPI_x called directly. */
    MPI_Sendrecv(&rank, 1, MPI_INT, next, 9, &got, 1, MPI_INT, prev, 9, MPI_COMM_WORLD,
                 MPI_STATUS_IGNORE);
    PMPI_Send(&rank, 1, MPI_INT, next, 10, MPI_COMM_WORLD);
    PMPI_Recv(&got, 1, MPI_INT, prev, 10, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    PMPI_Barrier(MPI_COMM_WORLD);
    PMPI_Pcontrol(1);
    /* The handle conversions under their PMPI names. */
    handles = PMPI_Comm_f2c(PMPI_Comm_c2f(MPI_COMM_WORLD)) == MPI_COMM_WORLD &&
              PMPI_Message_c2f(MPI_MESSAGE_NULL) == MPI_Message_c2f(MPI_MESSAGE_NULL) &&
              PMPI_Wtick() > 0.0 && got == prev;
    counts[0] = sends;
    counts[1] = recvs;
    counts[2] = handles;
    MPI_Allreduce(counts, totals, 3, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    if (rank == 0)
        printf("profiling: token %d sends %d recvs %d allreduces %d handles %d\n", token,
               totals[0], totals[1], allreduces, totals[2] == size);
    MPI_Finalize();
    return 0;
}
