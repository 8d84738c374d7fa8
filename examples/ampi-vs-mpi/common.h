/* Shared by the programs of examples/ampi-vs-mpi: the MPI library's name
 * as one JSON-safe line. */
#ifndef AMPI_VS_MPI_COMMON_H
#define AMPI_VS_MPI_COMMON_H
#include <mpi.h>

/* The first line of MPI_Get_library_version, quotes and controls blanked. */
static void library_name(char *lib)
{
    int len = 0;
    lib[0] = 0;
    MPI_Get_library_version(lib, &len);
    for (char *c = lib; *c; c++) {
        if (*c == '\n') {
            *c = 0;
            break;
        }
        if (*c == '"' || *c == '\\' || (unsigned char)*c < 32)
            *c = ' ';
    }
}
#endif
