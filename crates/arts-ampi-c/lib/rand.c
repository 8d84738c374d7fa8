/* rand, random and the drand48 family with each rank's own generator.
 *
 * Under mpirun every rank is a process with its own C library; under arts
 * the ranks share one, and with it glibc's one generator: a rank that
 * calls srand(seed + rank) would draw numbers another rank's draws
 * interleave with. arts-mpicc links this file into every program (from
 * an archive, so a program with its own rand keeps it), where, like the
 * program's globals, the state is private to each rank. The numbers are
 * glibc's own: its reentrant functions (random_r, erand48_r, ...) on the
 * rank's state, which starts as glibc's does (initstate(1, ..., 128),
 * drand48's unseeded state).
 */
#define _GNU_SOURCE
#include <stdint.h>
#include <stdlib.h>

/* random()'s state: glibc's default, TYPE_3 in 128 bytes. */
static int32_t table[32];
static struct random_data state;
static int ready;

static struct random_data *generator(void)
{
    if (!ready) {
        initstate_r(1, (char *)table, sizeof table, &state);
        ready = 1;
    }
    return &state;
}

long random(void)
{
    int32_t r;
    random_r(generator(), &r);
    return r;
}

void srandom(unsigned int seed)
{
    srandom_r(seed, generator());
}

int rand(void)
{
    return (int)random();
}

void srand(unsigned int seed)
{
    srandom(seed);
}

char *initstate(unsigned int seed, char *buf, size_t n)
{
    char *old = (char *)(generator()->state - 1);
    return initstate_r(seed, buf, n, &state) < 0 ? NULL : old;
}

char *setstate(char *buf)
{
    char *old = (char *)(generator()->state - 1);
    return setstate_r(buf, &state) < 0 ? NULL : old;
}

/* The drand48 family's state (zero: unseeded, as glibc starts); the
 * calls without a state of their own step the family's, as glibc's do. */
static struct drand48_data d48;

double erand48(unsigned short x[3])
{
    double r;
    erand48_r(x, &d48, &r);
    return r;
}

long nrand48(unsigned short x[3])
{
    long r;
    nrand48_r(x, &d48, &r);
    return r;
}

long jrand48(unsigned short x[3])
{
    long r;
    jrand48_r(x, &d48, &r);
    return r;
}

double drand48(void)
{
    return erand48(d48.__x);
}

long lrand48(void)
{
    return nrand48(d48.__x);
}

long mrand48(void)
{
    return jrand48(d48.__x);
}

void srand48(long seed)
{
    srand48_r(seed, &d48);
}

unsigned short *seed48(unsigned short seed[3])
{
    seed48_r(seed, &d48);
    return d48.__old_x;
}

void lcong48(unsigned short param[7])
{
    lcong48_r(param, &d48);
}
