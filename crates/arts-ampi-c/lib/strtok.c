/* strtok with each rank's own place in its string.
 *
 * glibc's strtok keeps its place in the C library, which the ranks share
 * under arts: a rank that tokenizes a line across an MPI call would go on
 * in another rank's line. arts-mpicc links this file into every program
 * (from an archive, so a program with its own strtok keeps it), where the
 * place is private to each rank.
 */
#define _GNU_SOURCE
#include <string.h>

static char *place;

char *strtok(char *s, const char *delim)
{
    return strtok_r(s, delim, &place);
}
