/* MPI 4.0's info calls (Open MPI 4.1 has neither): MPI_Info_get_string's
 * lengths (counting the NUL, as C does) and truncation, and
 * MPI_Info_create_env before MPI_Init and after MPI_Finalize, as MPI
 * allows. Prints "info: lengths 1 unset 1 env 1". */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv)
{
    int ok[3] = {1, 1, 1}, all[3], rank, size, flag, buflen, nkeys;
    char val[16];
    MPI_Info h, env, after;
    if (MPI_Info_create_env(argc, argv, &env) != MPI_SUCCESS)
        ok[2] = 0;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    MPI_Info_create(&h);
    MPI_Info_set(h, "sort", "123456");
    /* buflen 0: the length the value needs, its NUL counted */
    buflen = 0;
    strcpy(val, "canary");
    MPI_Info_get_string(h, "sort", &buflen, val, &flag);
    if (!flag || buflen != 7 || strcmp(val, "canary") != 0)
        ok[0] = 0;
    /* buflen 3: two characters and a NUL; the whole length back */
    buflen = 3;
    MPI_Info_get_string(h, "sort", &buflen, val, &flag);
    if (!flag || buflen != 7 || strcmp(val, "12") != 0)
        ok[0] = 0;
    buflen = sizeof val;
    MPI_Info_get_string(h, "sort", &buflen, val, &flag);
    if (!flag || buflen != 7 || strcmp(val, "123456") != 0)
        ok[0] = 0;
    /* a key not set: nothing changes */
    buflen = sizeof val;
    strcpy(val, "canary");
    MPI_Info_get_string(h, "nokey", &buflen, val, &flag);
    if (flag || buflen != (int)sizeof val || strcmp(val, "canary") != 0)
        ok[1] = 0;
    MPI_Info_free(&h);
    /* the environment: MPI_INFO_ENV's keys, 'maxprocs' the job's size */
    buflen = sizeof val;
    MPI_Info_get_nkeys(env, &nkeys);
    MPI_Info_get_string(env, "maxprocs", &buflen, val, &flag);
    if (nkeys < 3 || !flag || atoi(val) != size || buflen != (int)strlen(val) + 1)
        ok[2] = 0;
    MPI_Allreduce(ok, all, 3, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
    MPI_Finalize();
    if (MPI_Info_create_env(0, NULL, &after) != MPI_SUCCESS
        || MPI_Info_get_nkeys(after, &nkeys) != MPI_SUCCESS || nkeys < 3)
        all[2] = 0;
    MPI_Info_free(&after);
    MPI_Info_free(&env);
    if (rank == 0)
        printf("info: lengths %d unset %d env %d\n", all[0], all[1], all[2]);
    return 0;
}
