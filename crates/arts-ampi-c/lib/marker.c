/* Linked into every program arts-mpicc builds: the marker `arts ampi run`
 * looks for, from mpi.h (which defines it weakly in every file that
 * includes it), so that a program with no file including mpi.h, such as
 * a configure script's test program, is still known as the wrappers'. */
#include "../include/mpi.h"
