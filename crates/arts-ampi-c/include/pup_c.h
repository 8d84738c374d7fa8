/* Charm++'s PUP C binding, as AMPI programs include it: arts declares it
 * in mpi.h (see "AMPI's PUP interface" there). */
#ifndef ARTS_PUP_C_H
#define ARTS_PUP_C_H
#include "mpi.h"
#endif
