/*
 * fracture.c -- explicit dynamic fracture with cohesive elements, written as
 * an ordinary MPI program (the same source builds with Open MPI's `mpicc` and
 * with arts' `arts-mpicc`; AMPI extensions under `#ifdef AMPI`).
 *
 * Mechanics (2-D, plane strain, small strain):
 *   - linear triangles (constant-strain, CST), lumped mass, explicit central
 *     differences (velocity-Verlet form), stable step from the smallest
 *     element altitude and the dilatational wave speed;
 *   - J2 plasticity with Voce + linear isotropic hardening, integrated by a
 *     radial return with a local Newton iteration (elements that yield cost
 *     more, as the plastic zone of Fractography3D does);
 *   - extrinsic cohesive elements on the potential crack plane y = y_c:
 *     nodes on the plane are duplicated; a face (edge) of the plane is
 *     "inserted" as a cohesive element when the normal/shear traction from
 *     the stresses of its two triangles exceeds the strength sigma_c; the
 *     law is linear softening (Camacho-Ortiz effective opening), unloading
 *     to the origin, penalty contact in compression. A node pair stays tied
 *     (one node) while any of its plane faces is intact (2-D node splitting);
 *   - load: a pre-notched block pulled apart by a prescribed velocity +-v0 on
 *     its top and bottom edges (the initial velocity is the linear field of
 *     that strain rate, so the load starts without a shock).
 *
 * Parallelism: the mesh (generated for a block, or read from a Gmsh v4 ASCII
 * .msh) is partitioned into one chunk per rank by recursive coordinate
 * bisection of element centroids or by METIS_PartGraphKway on the element
 * dual graph (--partition; the two triangles on either side of a plane face
 * stay together). Each chunk computes its elements' nodal forces;
 * the contributions to nodes shared with other chunks travel with
 * MPI_Isend/MPI_Irecv every step, and every node sums its contributions in
 * the order of the global element numbers, so displacements are
 * bit-identical for any number of chunks. Energies and the stable step are
 * global reductions (MPI_Allreduce). Under AMPI the chunk calls
 * AMPI_Migrate every --migrate steps; all its state is on the heap.
 *
 * Run `fracture --help` for the options.
 */
#include <mpi.h>

#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>

/* METIS: under arts the `arts` binary exports the METIS 5 of its balancers
   (32-bit idx_t and real_t; declared weak: an arts without it is named at
   run time); elsewhere the system's, with -DHAVE_METIS ... -lmetis. */
#if defined(AMPI)
#define FRACTURE_METIS 1
typedef int32_t idx_t;
typedef float real_t;
#define METIS_OK 1
extern int METIS_PartGraphKway(idx_t *nvtxs, idx_t *ncon, idx_t *xadj, idx_t *adjncy, idx_t *vwgt,
                               idx_t *vsize, idx_t *adjwgt, idx_t *nparts, real_t *tpwgts,
                               real_t *ubvec, idx_t *options, idx_t *edgecut, idx_t *part)
    __attribute__((weak));
static int metis_available(void) { return METIS_PartGraphKway != NULL; }
#elif defined(HAVE_METIS)
#define FRACTURE_METIS 1
#include <metis.h>
static int metis_available(void) { return 1; }
#endif

/* ------------------------------------------------------------------ */
/* Parameters                                                          */
/* ------------------------------------------------------------------ */

typedef struct {
    double width, height;   /* block [m] */
    int nx, ny;             /* elements along x and y (2 triangles per cell) */
    double notch;           /* notch length as a fraction of the width */
    double E, nu, rho;      /* elastic constants [Pa], [-], [kg/m^3] */
    double sy0, syinf, hvoce, hlin; /* plasticity: yield, saturation, Voce rate, linear modulus */
    double sigc, deltac, beta; /* cohesive strength [Pa], critical opening [m], shear weight */
    double rate;            /* tension: applied strain rate [1/s]: v0 = rate * height / 2 */
    double v0, ramp;        /* dcb: arm opening velocity [m/s], its ramp time [s] */
    int dcb;                /* load: 1 = double cantilever (arms pulled), 0 = tension */
    double cfl, dt;         /* time step: cfl * stable, or dt given */
    int steps, print, migrate, barrier, checkpoint;
    int crack, plastic;     /* switches */
    int wave;               /* elastic wave-speed test */
    const char *mesh;       /* Gmsh .msh to read instead of the block */
    const char *write_msh;  /* write the generated block as .msh and stop */
    double crack_y;         /* crack plane for a read mesh (default: mid height) */
    int have_crack_y;
    int metis;              /* partition: 1 = METIS, 0 = recursive coordinate bisection */
    double max_mesh_mb;     /* bound on a rank's mesh data in MB (0: none) */
} Params;

static void defaults(Params *p) {
    memset(p, 0, sizeof *p);
    p->width = 0.1;
    p->height = 0.05;
    p->nx = 64;
    p->ny = 32;
    p->notch = 0.2;
    p->E = 200e9;
    p->nu = 0.3;
    p->rho = 7850.0;
    p->sy0 = 250e6;
    p->syinf = 400e6;
    p->hvoce = 60.0;
    p->hlin = 2e9;
    p->sigc = 650e6;
    p->deltac = 20e-6;
    p->beta = 1.0;
    p->rate = 200.0;
    p->v0 = 4.0;
    p->ramp = 10e-6;
    p->dcb = 1;
    p->cfl = 0.5;
    p->steps = 2400;
    p->print = 400;
    p->migrate = 0;
    p->barrier = 0;
    p->crack = 1;
    p->plastic = 1;
}

static int rank_g = 0;

/* One error line from rank 0 (every rank finds the same error). */
static void fail(const char *fmt, ...) {
    if (rank_g == 0) {
        va_list ap;
        va_start(ap, fmt);
        fprintf(stderr, "error: fracture: ");
        vfprintf(stderr, fmt, ap);
        fprintf(stderr, "\n");
        va_end(ap);
    }
}

static void usage(void) {
    if (rank_g != 0)
        return;
    printf("fracture [options]   (explicit 2-D plane-strain FEM with cohesive crack growth)\n"
           "  --nx N --ny N        block cells (2 triangles each; ny even)   [64 32]\n"
           "  --width W --height H block size in m                           [0.1 0.05]\n"
           "  --notch F            pre-notch length / width, 0..0.9          [0.2]\n"
           "  --mesh FILE.msh      read a Gmsh v4 ASCII triangle mesh instead\n"
           "  --crack-y Y          crack plane of a read mesh                [mid height]\n"
           "  --write-msh FILE     write the generated block as .msh and stop\n"
           "  --max-mesh-mb MB     refuse a mesh whose data would take a rank past MB\n"
           "                       (estimated from its counts before reading it) [0: no bound]\n"
           "  --partition rcb|metis  chunks by recursive coordinate bisection, or by\n"
           "                       METIS_PartGraphKway (arts' METIS; mpicc: -DHAVE_METIS -lmetis) [rcb]\n"
           "  --E --nu --rho       elastic constants                         [200e9 0.3 7850]\n"
           "  --sy0 --syinf --hvoce --hlin   J2 hardening                    [250e6 400e6 60 2e9]\n"
           "  --sigc --deltac      cohesive strength, critical opening       [650e6 2e-5]\n"
           "  --load dcb|tension   pull the notch's arms apart (double cantilever) or the\n"
           "                       whole top and bottom edges                [dcb]\n"
           "  --v0 V --ramp T      dcb: opening velocity of each arm, its ramp [4 1e-5]\n"
           "  --rate R             tension: applied strain rate 1/s         [200]\n"
           "  --cfl C | --dt DT    time step (C * stable, C <= 1)            [0.5]\n"
           "  --steps N --print N  steps, energy report interval             [2400 400]\n"
           "  --migrate N          AMPI_Migrate every N steps (AMPI only)    [0: never]\n"
           "  --barrier N          MPI_Barrier every N steps                 [0: never]\n"
           "  --checkpoint N       AMPI_Checkpoint every N steps (AMPI, with arts'\n"
           "                       --isomalloc --checkpoint-dir)             [0: never]\n"
           "  --no-crack --no-plastic   elastic / uncracked runs\n"
           "  --wave               1-D elastic wave test against the wave speed\n");
}

/* Parses argv; returns 0, 1 (help printed) or 2 (error printed). */
static int parse(Params *p, int argc, char **argv) {
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
            usage();
            return 1;
        }
        if (!strcmp(a, "--no-crack")) { p->crack = 0; continue; }
        if (!strcmp(a, "--no-plastic")) { p->plastic = 0; continue; }
        if (!strcmp(a, "--wave")) { p->wave = 1; continue; }
        if (i + 1 >= argc) {
            fail("option %s needs a value (or is unknown; see --help)", a);
            return 2;
        }
        const char *v = argv[++i];
        char *end = NULL;
        double d = strtod(v, &end);
        int num = end != v && *end == '\0' && isfinite(d);
        struct { const char *name; double *dst; } dbl[] = {
            {"--width", &p->width}, {"--height", &p->height}, {"--notch", &p->notch},
            {"--E", &p->E}, {"--nu", &p->nu}, {"--rho", &p->rho}, {"--sy0", &p->sy0},
            {"--syinf", &p->syinf}, {"--hvoce", &p->hvoce}, {"--hlin", &p->hlin},
            {"--sigc", &p->sigc}, {"--deltac", &p->deltac}, {"--rate", &p->rate},
            {"--cfl", &p->cfl}, {"--v0", &p->v0}, {"--ramp", &p->ramp}, {"--dt", &p->dt}, {"--crack-y", &p->crack_y},
            {"--max-mesh-mb", &p->max_mesh_mb},
        };
        struct { const char *name; int *dst; } ints[] = {
            {"--nx", &p->nx}, {"--ny", &p->ny}, {"--steps", &p->steps}, {"--print", &p->print},
            {"--migrate", &p->migrate}, {"--barrier", &p->barrier}, {"--checkpoint", &p->checkpoint},
        };
        int found = 0;
        if (!strcmp(a, "--mesh")) { p->mesh = v; found = 1; }
        if (!strcmp(a, "--write-msh")) { p->write_msh = v; found = 1; }
        if (!strcmp(a, "--partition")) {
            if (strcmp(v, "rcb") && strcmp(v, "metis")) {
                fail("--partition %s is not known; rcb or metis", v);
                return 2;
            }
            p->metis = !strcmp(v, "metis");
            found = 1;
        }
        if (!strcmp(a, "--load")) {
            if (strcmp(v, "dcb") && strcmp(v, "tension")) {
                fail("--load %s is not known; dcb or tension", v);
                return 2;
            }
            p->dcb = !strcmp(v, "dcb");
            found = 1;
        }
        for (size_t k = 0; !found && k < sizeof dbl / sizeof dbl[0]; k++)
            if (!strcmp(a, dbl[k].name)) {
                if (!num) {
                    fail("%s %s is not a number", a, v);
                    return 2;
                }
                *dbl[k].dst = d;
                if (dbl[k].dst == &p->crack_y)
                    p->have_crack_y = 1;
                found = 1;
            }
        for (size_t k = 0; !found && k < sizeof ints / sizeof ints[0]; k++)
            if (!strcmp(a, ints[k].name)) {
                if (!num || d != floor(d) || d < 0 || d > 1e8) {
                    fail("%s %s is not a whole number in 0..1e8", a, v);
                    return 2;
                }
                *ints[k].dst = (int)d;
                found = 1;
            }
        if (!found) {
            fail("unknown option %s (see --help)", a);
            return 2;
        }
    }
    const char *bad = NULL;
    if (p->nx < 2 || p->ny < 2 || p->ny % 2) bad = "--nx must be >= 2 and --ny even and >= 2";
    else if ((double)p->nx * p->ny > 4e6) bad = "--nx * --ny must be at most 4e6 cells";
    else if (!(p->width > 0) || !(p->height > 0)) bad = "--width and --height must be positive";
    else if (!(p->notch >= 0 && p->notch <= 0.9)) bad = "--notch must be in 0..0.9";
    else if (!(p->E > 0) || !(p->rho > 0)) bad = "--E and --rho must be positive";
    else if (!(p->nu >= 0 && p->nu < 0.5)) bad = "--nu must be in [0, 0.5)";
    else if (!(p->sy0 > 0) || !(p->syinf >= p->sy0) || !(p->hvoce >= 0) || !(p->hlin >= 0))
        bad = "hardening needs --sy0 > 0, --syinf >= --sy0, --hvoce >= 0, --hlin >= 0";
    else if (!(p->sigc > 0) || !(p->deltac > 0)) bad = "--sigc and --deltac must be positive";
    else if (!(p->v0 >= 0) || !(p->ramp >= 0) || !(p->rate >= 0))
        bad = "--v0, --ramp and --rate must be >= 0";
    else if (!(p->cfl > 0)) bad = "--cfl must be positive";
    else if (p->dt < 0) bad = "--dt must be positive";
    else if (p->steps < 1) bad = "--steps must be at least 1";
    else if (!(p->max_mesh_mb >= 0)) bad = "--max-mesh-mb must be >= 0 (0: no bound)";
    if (bad) {
        fail("%s", bad);
        return 2;
    }
    if (p->print < 1)
        p->print = p->steps;
    if (p->wave && (p->mesh || p->ny % 4)) {
        fail("--wave runs on the generated block with --ny divisible by 4 (nodes at H/4 and 3H/4)");
        return 2;
    }
    if (p->wave) {
        p->crack = 0;
        p->plastic = 0;
    }
    return 0;
}

/* ------------------------------------------------------------------ */
/* Global mesh                                                         */
/* ------------------------------------------------------------------ */

typedef struct {
    int nn, nt;     /* nodes (after duplication of the plane), triangles */
    double *x;      /* 2 * nn */
    int *tri;       /* 3 * nt, counter-clockwise */
    int nplane;     /* plane nodes; upper copies are nodes nn0 .. nn0+nplane-1 */
    int nn0;        /* nodes before duplication */
    int *partner;   /* nn: the other copy of a plane node, else -1 */
    int ne;         /* plane faces (cohesive sites) */
    int *face;      /* 4 * ne: lower a, lower b, upper a, upper b */
    int *face_tri;  /* 2 * ne: triangle below, triangle above */
    double yc, xmin, xmax, ymin, ymax;
} Mesh;

static void *xmalloc(size_t n) {
    void *p = malloc(n ? n : 1);
    if (!p) {
        fprintf(stderr, "error: fracture: out of memory (%zu bytes)\n", n);
        MPI_Abort(MPI_COMM_WORLD, 1);
    }
    return p;
}
static void *xcalloc(size_t n, size_t s) {
    void *p = calloc(n ? n : 1, s ? s : 1);
    if (!p) {
        fprintf(stderr, "error: fracture: out of memory\n");
        MPI_Abort(MPI_COMM_WORLD, 1);
    }
    return p;
}

static double tri_area(const double *x, const int *t) {
    const double *a = x + 2 * t[0], *b = x + 2 * t[1], *c = x + 2 * t[2];
    return 0.5 * ((b[0] - a[0]) * (c[1] - a[1]) - (c[0] - a[0]) * (b[1] - a[1]));
}

/* The block: (nx+1)(ny+1) nodes, cells split along alternating diagonals. */
static void generate(const Params *p, Mesh *m) {
    int nx = p->nx, ny = p->ny;
    m->nn0 = (nx + 1) * (ny + 1);
    m->nt = 2 * nx * ny;
    m->x = xmalloc(sizeof(double) * 2 * m->nn0);
    m->tri = xmalloc(sizeof(int) * 3 * m->nt);
    for (int j = 0; j <= ny; j++)
        for (int i = 0; i <= nx; i++) {
            m->x[2 * (j * (nx + 1) + i)] = p->width * i / nx;
            m->x[2 * (j * (nx + 1) + i) + 1] = p->height * j / ny;
        }
    int t = 0;
    for (int j = 0; j < ny; j++)
        for (int i = 0; i < nx; i++) {
            int a = j * (nx + 1) + i, b = a + 1, c = a + nx + 1, d = c + 1;
            int *q = m->tri + 3 * t;
            if ((i + j) % 2 == 0) {
                q[0] = a; q[1] = b; q[2] = d;
                q[3] = a; q[4] = d; q[5] = c;
            } else {
                q[0] = a; q[1] = b; q[2] = c;
                q[3] = b; q[4] = d; q[5] = c;
            }
            t += 2;
        }
}

/* A rank's peak bytes for a mesh of `nodes` nodes, `tris` elements and
   node tags up to `maxtag` (0 for the generated block) on `ranks` chunks:
   the larger of reading it (coordinates, tags, the tag index, elements)
   and building its chunk (the global mesh and the node-element incidence
   that every rank holds while it builds, plus its share of the per-node
   and per-element state). The per-item bytes are the program's arrays';
   heaptrack measured a peak of 0.91-0.99 of it (docs/fracture-fem.md). */
static double mesh_bytes(double nodes, double tris, double maxtag, int ranks) {
    double read = 24 * nodes + 4 * (maxtag + 1) + 12 * tris;
    double global = 32 * nodes + 92 * tris;
    double chunk = (132 * nodes + 248 * tris) / ranks;
    return fmax(read, global) + chunk;
}

/* Refuses (2, one line from rank 0) a mesh whose estimated data exceed
   --max-mesh-mb; 0 when it fits or there is no bound. */
static int check_mesh_memory(const Params *p, const char *name, double nodes, double tris, double maxtag,
                             int ranks) {
    if (p->max_mesh_mb <= 0)
        return 0;
    double need = mesh_bytes(nodes, tris, maxtag, ranks) / 1e6;
    if (need <= p->max_mesh_mb)
        return 0;
    fail("%s needs about %.1f MB per rank (%.0f nodes, %.0f elements, %d ranks), above --max-mesh-mb %g; "
         "use a coarser mesh, more ranks or a larger bound",
         name, need, nodes, tris, ranks, p->max_mesh_mb);
    return 2;
}

/* The counts of a Gmsh v4 file's $Nodes and $Elements headers (nodes, max
   node tag, elements), read without storing the mesh; 0 when both were
   found (else the reader names what is wrong). */
static int msh_counts(const char *path, double *nodes, double *maxtag, double *elems) {
    FILE *f = fopen(path, "r");
    if (!f)
        return 2;
    char line[512];
    int found = 0;
    while (found != 3 && fgets(line, sizeof line, f)) {
        long a, b, c, d;
        if (!strncmp(line, "$Nodes", 6) && fgets(line, sizeof line, f) &&
            sscanf(line, "%ld %ld %ld %ld", &a, &b, &c, &d) == 4) {
            *nodes = b;
            *maxtag = d;
            found |= 1;
        } else if (!strncmp(line, "$Elements", 9) && fgets(line, sizeof line, f) &&
                   sscanf(line, "%ld %ld %ld %ld", &a, &b, &c, &d) == 4) {
            *elems = b;
            found |= 2;
        }
    }
    fclose(f);
    return found == 3 ? 0 : 2;
}

/* Gmsh v4 ASCII reader (3-node triangles; other element types skipped). */
static int read_msh(const char *path, Mesh *m) {
    FILE *f = fopen(path, "r");
    if (!f) {
        fail("cannot open mesh %s", path);
        return 2;
    }
    char line[512];
    int have_fmt = 0, have_nodes = 0, have_elems = 0, rc = 2;
    long *tags = NULL;
    long maxtag = -1;
    int *tag2node = NULL;
    m->nn0 = 0;
    m->nt = 0;
    m->x = NULL;
    m->tri = NULL;
    int cap_t = 0;
#define BAD(...) do { fail(__VA_ARGS__); goto done; } while (0)
    while (fgets(line, sizeof line, f)) {
        if (!strncmp(line, "$MeshFormat", 11)) {
            double ver;
            int ft, ds;
            if (!fgets(line, sizeof line, f) || sscanf(line, "%lf %d %d", &ver, &ft, &ds) != 3)
                BAD("%s: malformed $MeshFormat section", path);
            if (ver < 4.0 || ver >= 5.0 || ft != 0)
                BAD("%s: Gmsh format %g (file type %d) is not read; only v4 ASCII (4.x, 0)", path, ver, ft);
            have_fmt = 1;
        } else if (!strncmp(line, "$Nodes", 6)) {
            if (!have_fmt)
                BAD("%s: $Nodes before $MeshFormat (not a Gmsh v4 file)", path);
            long nb, nnodes, mint, maxt;
            if (!fgets(line, sizeof line, f) || sscanf(line, "%ld %ld %ld %ld", &nb, &nnodes, &mint, &maxt) != 4)
                BAD("%s: malformed $Nodes header", path);
            if (nnodes < 3 || nnodes > 20000000 || maxt < 1 || maxt > 100000000 || nb < 1)
                BAD("%s: $Nodes header counts out of range (%ld nodes, max tag %ld)", path, nnodes, maxt);
            maxtag = maxt;
            m->x = xmalloc(sizeof(double) * 2 * nnodes);
            tags = xmalloc(sizeof(long) * nnodes);
            tag2node = xmalloc(sizeof(int) * (maxt + 1));
            for (long k = 0; k <= maxt; k++)
                tag2node[k] = -1;
            long got = 0;
            for (long b = 0; b < nb; b++) {
                int edim, etag, param;
                long cnt;
                if (!fgets(line, sizeof line, f) || sscanf(line, "%d %d %d %ld", &edim, &etag, &param, &cnt) != 4)
                    BAD("%s: malformed or truncated node block %ld", path, b + 1);
                if (param)
                    BAD("%s: parametric nodes are not read", path);
                if (cnt < 0 || got + cnt > nnodes)
                    BAD("%s: node block %ld holds more nodes than the header's %ld", path, b + 1, nnodes);
                for (long k = 0; k < cnt; k++) {
                    if (!fgets(line, sizeof line, f) || sscanf(line, "%ld", &tags[got + k]) != 1)
                        BAD("%s: truncated node tags in block %ld", path, b + 1);
                    if (tags[got + k] < 1 || tags[got + k] > maxt)
                        BAD("%s: node tag %ld outside 1..%ld", path, tags[got + k], maxt);
                }
                for (long k = 0; k < cnt; k++) {
                    double z;
                    if (!fgets(line, sizeof line, f) ||
                        sscanf(line, "%lf %lf %lf", &m->x[2 * (got + k)], &m->x[2 * (got + k) + 1], &z) != 3)
                        BAD("%s: truncated node coordinates in block %ld", path, b + 1);
                    if (tag2node[tags[got + k]] >= 0)
                        BAD("%s: node tag %ld given twice", path, tags[got + k]);
                    tag2node[tags[got + k]] = (int)(got + k);
                }
                got += cnt;
            }
            if (got != nnodes)
                BAD("%s: $Nodes holds %ld nodes, its header says %ld", path, got, nnodes);
            m->nn0 = (int)nnodes;
            have_nodes = 1;
        } else if (!strncmp(line, "$Elements", 9)) {
            if (!have_nodes)
                BAD("%s: $Elements before $Nodes", path);
            long nb, nel, mint, maxt;
            if (!fgets(line, sizeof line, f) || sscanf(line, "%ld %ld %ld %ld", &nb, &nel, &mint, &maxt) != 4)
                BAD("%s: malformed $Elements header", path);
            if (nel < 1 || nel > 40000000 || nb < 1)
                BAD("%s: $Elements header counts out of range", path);
            cap_t = (int)nel;
            m->tri = xmalloc(sizeof(int) * 3 * cap_t);
            long got = 0;
            for (long b = 0; b < nb; b++) {
                int edim, etag, type;
                long cnt;
                if (!fgets(line, sizeof line, f) || sscanf(line, "%d %d %d %ld", &edim, &etag, &type, &cnt) != 4)
                    BAD("%s: malformed or truncated element block %ld", path, b + 1);
                if (cnt < 0 || got + cnt > nel)
                    BAD("%s: element block %ld holds more elements than the header's %ld", path, b + 1, nel);
                for (long k = 0; k < cnt; k++) {
                    long tag, n[3];
                    if (!fgets(line, sizeof line, f))
                        BAD("%s: truncated element block %ld", path, b + 1);
                    if (type != 2)
                        continue;
                    if (sscanf(line, "%ld %ld %ld %ld", &tag, &n[0], &n[1], &n[2]) != 4)
                        BAD("%s: malformed triangle in element block %ld: %.60s", path, b + 1, line);
                    int *t = m->tri + 3 * m->nt;
                    for (int c = 0; c < 3; c++) {
                        if (n[c] < 1 || n[c] > maxtag || tag2node[n[c]] < 0)
                            BAD("%s: triangle %ld names node %ld, which is not in $Nodes", path, tag, n[c]);
                        t[c] = tag2node[n[c]];
                    }
                    if (tri_area(m->x, t) <= 0)
                        BAD("%s: triangle %ld is inverted or degenerate (area %.3g <= 0)", path, tag, tri_area(m->x, t));
                    m->nt++;
                }
                got += cnt;
            }
            if (got != nel)
                BAD("%s: $Elements holds %ld elements, its header says %ld", path, got, nel);
            have_elems = 1;
        }
    }
    if (!have_fmt || !have_nodes || !have_elems)
        BAD("%s: missing %s section (not a complete Gmsh v4 ASCII mesh)", path,
            !have_fmt ? "$MeshFormat" : !have_nodes ? "$Nodes" : "$Elements");
    if (m->nt < 2)
        BAD("%s: fewer than 2 triangles (type 2 elements)", path);
    rc = 0;
done:
#undef BAD
    fclose(f);
    free(tags);
    free(tag2node);
    return rc;
}

static int write_msh(const char *path, const Mesh *m) {
    FILE *f = fopen(path, "w");
    if (!f) {
        fail("cannot write %s", path);
        return 2;
    }
    fprintf(f, "$MeshFormat\n4.1 0 8\n$EndMeshFormat\n$Nodes\n1 %d 1 %d\n2 1 0 %d\n", m->nn0, m->nn0, m->nn0);
    for (int i = 0; i < m->nn0; i++)
        fprintf(f, "%d\n", i + 1);
    for (int i = 0; i < m->nn0; i++)
        fprintf(f, "%.17g %.17g 0\n", m->x[2 * i], m->x[2 * i + 1]);
    fprintf(f, "$EndNodes\n$Elements\n1 %d 1 %d\n2 1 2 %d\n", m->nt, m->nt, m->nt);
    for (int t = 0; t < m->nt; t++)
        fprintf(f, "%d %d %d %d\n", t + 1, m->tri[3 * t] + 1, m->tri[3 * t + 1] + 1, m->tri[3 * t + 2] + 1);
    fprintf(f, "$EndElements\n");
    return fclose(f) ? 2 : 0;
}

static int find_root(int *up, int a) {
    while (up[a] != a) {
        up[a] = up[up[a]];
        a = up[a];
    }
    return a;
}

/* Checks connectivity, duplicates the nodes of the crack plane and finds its faces. */
static int prepare(const Params *p, Mesh *m, const char *name) {
    int nn0 = m->nn0;
    m->xmin = m->ymin = 1e300;
    m->xmax = m->ymax = -1e300;
    for (int i = 0; i < nn0; i++) {
        double x = m->x[2 * i], y = m->x[2 * i + 1];
        m->xmin = fmin(m->xmin, x); m->xmax = fmax(m->xmax, x);
        m->ymin = fmin(m->ymin, y); m->ymax = fmax(m->ymax, y);
    }
    /* Every node used, one connected piece. */
    int *up = xmalloc(sizeof(int) * nn0);
    char *used = xcalloc(nn0, 1);
    for (int i = 0; i < nn0; i++)
        up[i] = i;
    for (int t = 0; t < m->nt; t++)
        for (int c = 0; c < 3; c++) {
            used[m->tri[3 * t + c]] = 1;
            int a = find_root(up, m->tri[3 * t + c]), b = find_root(up, m->tri[3 * t + (c + 1) % 3]);
            if (a != b)
                up[a] = b;
        }
    int pieces = 0, unused = 0;
    for (int i = 0; i < nn0; i++) {
        if (!used[i]) unused++;
        else if (find_root(up, i) == i) pieces++;
    }
    free(up);
    free(used);
    if (unused || pieces != 1) {
        fail("%s: the mesh is disconnected (%d pieces, %d nodes in no triangle); one connected body is needed",
             name, pieces, unused);
        return 2;
    }
    double H = m->ymax - m->ymin;
    m->yc = p->have_crack_y ? p->crack_y : 0.5 * (m->ymin + m->ymax);
    double tol = 1e-9 * H;
    /* Plane nodes and their upper copies. */
    int *upper = xmalloc(sizeof(int) * nn0);
    m->nplane = 0;
    for (int i = 0; i < nn0; i++)
        upper[i] = fabs(m->x[2 * i + 1] - m->yc) < tol ? nn0 + m->nplane++ : -1;
    m->nn = nn0 + m->nplane;
    m->x = realloc(m->x, sizeof(double) * 2 * m->nn);
    m->partner = xmalloc(sizeof(int) * m->nn);
    for (int i = 0; i < m->nn; i++)
        m->partner[i] = -1;
    for (int i = 0; i < nn0; i++)
        if (upper[i] >= 0) {
            m->x[2 * upper[i]] = m->x[2 * i];
            m->x[2 * upper[i] + 1] = m->x[2 * i + 1];
            m->partner[i] = upper[i];
            m->partner[upper[i]] = i;
        }
    /* Triangles above the plane take the upper copies; faces on the plane. */
    int cap = 16;
    m->ne = 0;
    m->face = xmalloc(sizeof(int) * 4 * cap);
    m->face_tri = xmalloc(sizeof(int) * 2 * cap);
    for (int t = 0; t < m->nt; t++) {
        int *q = m->tri + 3 * t;
        double cy = (m->x[2 * q[0] + 1] + m->x[2 * q[1] + 1] + m->x[2 * q[2] + 1]) / 3;
        if (cy > m->yc) {
            for (int c = 0; c < 3; c++)
                if (upper[q[c]] >= 0)
                    q[c] = upper[q[c]];
        } else {
            for (int c = 0; c < 3; c++) {
                int a = q[c], b = q[(c + 1) % 3];
                if (upper[a] >= 0 && upper[b] >= 0) {
                    if (m->ne == cap) {
                        cap *= 2;
                        m->face = realloc(m->face, sizeof(int) * 4 * cap);
                        m->face_tri = realloc(m->face_tri, sizeof(int) * 2 * cap);
                    }
                    int *fc = m->face + 4 * m->ne;
                    fc[0] = a; fc[1] = b; fc[2] = upper[a]; fc[3] = upper[b];
                    m->face_tri[2 * m->ne] = t;
                    m->face_tri[2 * m->ne + 1] = -1;
                    m->ne++;
                }
            }
        }
    }
    /* The triangle above each face: the one holding both upper copies. */
    for (int t = 0; t < m->nt; t++) {
        int *q = m->tri + 3 * t;
        for (int c = 0; c < 3; c++) {
            int a = q[c], b = q[(c + 1) % 3];
            if (a < nn0 || b < nn0)
                continue;
            for (int e = 0; e < m->ne; e++) {
                int *fc = m->face + 4 * e;
                if ((fc[2] == a && fc[3] == b) || (fc[2] == b && fc[3] == a))
                    m->face_tri[2 * e + 1] = t;
            }
        }
    }
    for (int e = 0; e < m->ne; e++)
        if (m->face_tri[2 * e + 1] < 0) {
            fail("%s: face %d of the crack plane y=%g has no triangle above it (the plane must cross the body)",
                 name, e, m->yc);
            free(upper);
            return 2;
        }
    free(upper);
    if (m->ne == 0) {
        fail("%s: no element faces lie on the crack plane y=%g (give --crack-y on a mesh line)", name, m->yc);
        return 2;
    }
    return 0;
}

/* ------------------------------------------------------------------ */
/* Partitioning: recursive coordinate bisection or METIS, of units    */
/* ------------------------------------------------------------------ */

static int cmp_double(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static int cmp_int(const void *a, const void *b) {
    int x = *(const int *)a, y = *(const int *)b;
    return (x > y) - (x < y);
}

typedef struct {
    double c[2];
    int id;
} Unit;

static int sort_axis;
static int cmp_unit(const void *a, const void *b) {
    const Unit *u = a, *v = b;
    if (u->c[sort_axis] != v->c[sort_axis])
        return u->c[sort_axis] < v->c[sort_axis] ? -1 : 1;
    return u->id - v->id;
}

static void rcb(Unit *u, int n, int parts, int first, int *part_of_unit) {
    if (parts == 1) {
        for (int i = 0; i < n; i++)
            part_of_unit[u[i].id] = first;
        return;
    }
    double lo[2] = {1e300, 1e300}, hi[2] = {-1e300, -1e300};
    for (int i = 0; i < n; i++)
        for (int d = 0; d < 2; d++) {
            lo[d] = fmin(lo[d], u[i].c[d]);
            hi[d] = fmax(hi[d], u[i].c[d]);
        }
    sort_axis = (hi[0] - lo[0]) >= (hi[1] - lo[1]) ? 0 : 1;
    qsort(u, n, sizeof *u, cmp_unit);
    int pl = parts / 2;
    int nl = (int)((long)n * pl / parts);
    rcb(u, nl, pl, first, part_of_unit);
    rcb(u + nl, n - nl, parts - pl, first + pl, part_of_unit);
}

/* The partition's units: the triangles, the two of a plane face (and any
   triangle with two plane faces) merged into one, so that every cohesive
   site lies inside one chunk. unit_of[t] for every triangle; returns the
   number of units (numbered 0.. in order of their first face, then of the
   other triangles). */
static int units(const Mesh *m, int *unit_of) {
    for (int t = 0; t < m->nt; t++)
        unit_of[t] = -1;
    int nu = 0;
    for (int e = 0; e < m->ne; e++) {
        int a = m->face_tri[2 * e], b = m->face_tri[2 * e + 1];
        int ua = unit_of[a], ub = unit_of[b];
        if (ua < 0 && ub < 0)
            unit_of[a] = unit_of[b] = nu++;
        else if (ua < 0)
            unit_of[a] = ub;
        else if (ub < 0)
            unit_of[b] = ua;
        else if (ua != ub) /* a triangle with two plane faces: merge */
            for (int t = 0; t < m->nt; t++)
                if (unit_of[t] == ub)
                    unit_of[t] = ua;
    }
    for (int t = 0; t < m->nt; t++)
        if (unit_of[t] < 0)
            unit_of[t] = nu++;
    /* renumber densely, in the same order (merging leaves gaps) */
    int *dense = xcalloc(nu + 1, sizeof(int));
    for (int t = 0; t < m->nt; t++)
        dense[unit_of[t]] = 1;
    int used = 0;
    for (int i = 0; i < nu; i++)
        dense[i] = dense[i] ? used++ : -1;
    for (int t = 0; t < m->nt; t++)
        unit_of[t] = dense[unit_of[t]];
    free(dense);
    return used;
}

/* Recursive coordinate bisection of the units' centroids: part_of_unit. */
static void partition_rcb(const Mesh *m, const int *unit_of, int nu, int parts, int *part_of_unit) {
    Unit *u = xcalloc(nu, sizeof(Unit));
    int *cnt = xcalloc(nu, sizeof(int));
    for (int i = 0; i < nu; i++)
        u[i].id = i;
    for (int t = 0; t < m->nt; t++) {
        const int *q = m->tri + 3 * t;
        int k = unit_of[t];
        for (int c = 0; c < 3; c++)
            for (int d = 0; d < 2; d++)
                u[k].c[d] += m->x[2 * q[c] + d] / 3;
        cnt[k]++;
    }
    for (int i = 0; i < nu; i++) {
        u[i].c[0] /= cnt[i];
        u[i].c[1] /= cnt[i];
    }
    rcb(u, nu, parts, 0, part_of_unit);
    free(u);
    free(cnt);
}

typedef struct {
    int a, b, unit;
} Edge;
static int cmp_edge(const void *x, const void *y) {
    const Edge *e = x, *f = y;
    if (e->a != f->a)
        return e->a < f->a ? -1 : 1;
    if (e->b != f->b)
        return e->b < f->b ? -1 : 1;
    return e->unit - f->unit;
}

/* The units' dual graph in CSR form (METIS's xadj/adjncy): two units are
   neighbours when triangles of theirs share an edge; each unit weighs its
   triangles (vwgt). Returns the number of graph edges (each counted twice). */
static int dual_graph(const Mesh *m, const int *unit_of, int nu, int **xadj, int **adj, int **vwgt) {
    Edge *ed = xmalloc(sizeof(Edge) * 3 * m->nt);
    for (int t = 0; t < m->nt; t++)
        for (int c = 0; c < 3; c++) {
            int a = m->tri[3 * t + c], b = m->tri[3 * t + (c + 1) % 3];
            ed[3 * t + c] = (Edge){a < b ? a : b, a < b ? b : a, unit_of[t]};
        }
    qsort(ed, 3 * m->nt, sizeof(Edge), cmp_edge);
    /* unit pairs (both directions) of every interior edge between two units */
    int *pairs = xmalloc(sizeof(int) * 2 * 3 * m->nt), np = 0;
    for (int i = 0; i + 1 < 3 * m->nt; i++)
        if (ed[i].a == ed[i + 1].a && ed[i].b == ed[i + 1].b && ed[i].unit != ed[i + 1].unit) {
            pairs[2 * np] = ed[i].unit; pairs[2 * np + 1] = ed[i + 1].unit; np++;
            pairs[2 * np] = ed[i + 1].unit; pairs[2 * np + 1] = ed[i].unit; np++;
        }
    free(ed);
    int *x = xcalloc(nu + 1, sizeof(int));
    for (int k = 0; k < np; k++)
        x[pairs[2 * k] + 1]++;
    for (int i = 0; i < nu; i++)
        x[i + 1] += x[i];
    int *fill = xmalloc(sizeof(int) * (nu + 1)), *a = xmalloc(sizeof(int) * (np + 1));
    memcpy(fill, x, sizeof(int) * (nu + 1));
    for (int k = 0; k < np; k++)
        a[fill[pairs[2 * k]]++] = pairs[2 * k + 1];
    free(pairs);
    /* sorted, duplicates (units sharing two edges) dropped */
    int n = 0;
    for (int i = 0; i < nu; i++) {
        int lo = x[i], hi = x[i + 1];
        qsort(a + lo, hi - lo, sizeof(int), cmp_int);
        x[i] = n;
        for (int j = lo; j < hi; j++)
            if (j == lo || a[j] != a[j - 1])
                a[n++] = a[j];
    }
    x[nu] = n;
    free(fill);
    int *w = xcalloc(nu, sizeof(int));
    for (int t = 0; t < m->nt; t++)
        w[unit_of[t]]++;
    *xadj = x;
    *adj = a;
    *vwgt = w;
    return n;
}

/* METIS_PartGraphKway on the units' dual graph, weighted by triangles:
   part_of_unit; returns 0, or 2 with the error printed. The result is
   METIS's (deterministic for a given METIS version: its default seed). */
static int partition_metis(const Mesh *m, const int *unit_of, int nu, int parts, int *part_of_unit) {
#ifdef FRACTURE_METIS
    if (!metis_available()) {
        fail("--partition metis: this arts binary exports no METIS_PartGraphKway; use --partition rcb");
        return 2;
    }
    int *x, *a, *w;
    dual_graph(m, unit_of, nu, &x, &a, &w);
    idx_t nv = nu, ncon = 1, np = parts, cut = 0;
    idx_t *xi = xmalloc(sizeof(idx_t) * (nu + 1)), *ai = xmalloc(sizeof(idx_t) * (x[nu] + 1));
    idx_t *wi = xmalloc(sizeof(idx_t) * nu), *pi = xmalloc(sizeof(idx_t) * nu);
    for (int i = 0; i <= nu; i++)
        xi[i] = x[i];
    for (int j = 0; j < x[nu]; j++)
        ai[j] = a[j];
    for (int i = 0; i < nu; i++)
        wi[i] = w[i];
    int rc = METIS_PartGraphKway(&nv, &ncon, xi, ai, wi, NULL, NULL, &np, NULL, NULL, NULL, &cut, pi);
    for (int i = 0; i < nu; i++)
        part_of_unit[i] = (int)pi[i];
    free(x); free(a); free(w); free(xi); free(ai); free(wi); free(pi);
    if (rc != METIS_OK) {
        fail("METIS_PartGraphKway failed (code %d) on %d units into %d parts; use --partition rcb", rc, nu, parts);
        return 2;
    }
    return 0;
#else
    (void)m; (void)unit_of; (void)nu; (void)parts; (void)part_of_unit;
    fail("--partition metis: this build has no METIS (build with mpicc -DHAVE_METIS ... -lmetis, "
         "or with arts-mpicc); use --partition rcb");
    return 2;
#endif
}

/* part[t] for every triangle into `parts` chunks by p->partition, or NULL
   with the error printed by rank 0. Rank 0 partitions and broadcasts (METIS
   runs once; every rank gets the same chunks). A chunk left without
   triangles is refused. *cut: the unit-graph edges between chunks. */
static int *partition(const Params *p, const Mesh *m, int parts, int rank, int *cut) {
    int *unit_of = xmalloc(sizeof(int) * m->nt);
    int nu = units(m, unit_of);
    int *part_of_unit = xcalloc(nu, sizeof(int));
    int rc = 0;
    if (parts > 1 && rank == 0)
        rc = p->metis ? partition_metis(m, unit_of, nu, parts, part_of_unit)
                      : (partition_rcb(m, unit_of, nu, parts, part_of_unit), 0);
    MPI_Bcast(&rc, 1, MPI_INT, 0, MPI_COMM_WORLD);
    int *part = NULL;
    if (!rc) {
        if (parts > 1)
            MPI_Bcast(part_of_unit, nu, MPI_INT, 0, MPI_COMM_WORLD);
        part = xmalloc(sizeof(int) * m->nt);
        int *size = xcalloc(parts, sizeof(int));
        for (int t = 0; t < m->nt; t++) {
            part[t] = part_of_unit[unit_of[t]];
            size[part[t]]++;
        }
        for (int k = 0; k < parts; k++)
            if (size[k] == 0) {
                fail("the %s partition left chunk %d of %d without triangles (%d triangles, %d units); "
                     "run fewer ranks or use a finer mesh",
                     p->metis ? "METIS" : "RCB", k, parts, m->nt, nu);
                free(part);
                part = NULL;
                break;
            }
        free(size);
        int *x, *a, *w;
        dual_graph(m, unit_of, nu, &x, &a, &w);
        *cut = 0;
        for (int i = 0; i < nu; i++)
            for (int j = x[i]; j < x[i + 1]; j++)
                *cut += part_of_unit[i] != part_of_unit[a[j]];
        *cut /= 2;
        free(x); free(a); free(w);
    }
    free(part_of_unit);
    free(unit_of);
    return part;
}

/* ------------------------------------------------------------------ */
/* The chunk: everything a rank owns, on the heap                      */
/* ------------------------------------------------------------------ */

typedef struct {
    int nbr;          /* neighbour rank */
    int nsend, nrecv; /* contributions */
    int *send_slot;   /* local slots packed for it */
    double *sbuf;
    int rbase;        /* first slot of its contributions in the slot array (received there in place) */
} Link;

typedef struct {
    Params p;
    int rank, size;
    /* nodes */
    int nn;           /* local nodes */
    int *gid;         /* global ids (ascending) */
    double *X;        /* reference coordinates 2*nn */
    double *u, *v, *a, *mass, *fext_prev; /* 2*nn (mass nn) */
    int *partner;     /* local index of the other copy, else -1 */
    int *fix_y;       /* 0 free, +1 top (v=+v0), -1 bottom (v=-v0) */
    int *fix_x;       /* wave test: lateral rollers */
    int nfixed, *fixed; /* the nodes with fix_y or fix_x, ascending */
    int *owned;       /* counts this node in energies */
    int *tied;        /* plane pair tied this step */
    int *slot_start, *slot_list; /* node -> contribution slots, in global element order */
    /* triangles */
    int nt;
    int *tgid, *tn;   /* global id, 3 local nodes */
    double *B;        /* 6 per triangle: shape gradients dN/dx, dN/dy */
    double *area;
    double *eps_p;    /* 4 per triangle: plastic strain xx yy zz xy (tensor) */
    double *alpha;    /* equivalent plastic strain */
    double *sig;      /* 4 per triangle: stress xx yy zz xy */
    double *wel;      /* elastic strain energy per triangle */
    double *dissip;   /* plastic work per triangle */
    int *plastic_now;
    /* cohesive faces */
    int ne;
    int *egid, *en, *etri; /* global id, 4 local nodes, 2 local triangles */
    int *cracked;
    double *len;
    double *dmax;     /* 2 per face */
    double *T, *D;    /* 2 per face x 2 comps: traction, opening at the last step */
    double *ecoh;     /* cohesive work per face */
    /* contributions */
    int nslots_local, nslots;
    double *slot;     /* 3 per slot: fx, fy, tie */
    int nlinks;
    Link *link;
    MPI_Request *req;
    /* globals of the run */
    double dt, v0, lambda, mu, kpen, c_d, dt_stable;
    double work, ke0;
    double t_compute; /* seconds in the element loops this step */
    double *step_cost; /* per step of the current report interval */
    int nstep_cost;
    double cost_total;
} Chunk;

/* Stable step of a triangle: its smallest altitude over the wave speed. */
static double tri_min_altitude(const double *x, const int *t) {
    double A = fabs(tri_area(x, t)), h = 1e300;
    for (int c = 0; c < 3; c++) {
        const double *a = x + 2 * t[c], *b = x + 2 * t[(c + 1) % 3];
        double L = hypot(b[0] - a[0], b[1] - a[1]);
        h = fmin(h, 2 * A / L);
    }
    return h;
}


/* Builds the chunk of rank `me` from the global mesh and partition. */
static Chunk *build_chunk(const Params *p, const Mesh *m, const int *part, int me, int size) {
    Chunk *c = xcalloc(1, sizeof(Chunk));
    c->p = *p;
    c->rank = me;
    c->size = size;
    int NE = m->nt + m->ne; /* global elements: triangles then faces */
    /* owner of every global element */
    int *owner = xmalloc(sizeof(int) * NE);
    for (int t = 0; t < m->nt; t++)
        owner[t] = part[t];
    for (int e = 0; e < m->ne; e++)
        owner[m->nt + e] = part[m->face_tri[2 * e]];
    /* node -> (element, corner) adjacency, in element order */
    int *deg = xcalloc(m->nn + 1, sizeof(int));
    for (int t = 0; t < m->nt; t++)
        for (int k = 0; k < 3; k++)
            deg[m->tri[3 * t + k] + 1]++;
    for (int e = 0; e < m->ne; e++)
        for (int k = 0; k < 4; k++)
            deg[m->face[4 * e + k] + 1]++;
    for (int i = 0; i < m->nn; i++)
        deg[i + 1] += deg[i];
    int *adj = xmalloc(sizeof(int) * 2 * deg[m->nn]);
    int *fill = xcalloc(m->nn, sizeof(int));
    for (int g = 0; g < NE; g++) {
        int k3 = g < m->nt ? 3 : 4;
        const int *nodes = g < m->nt ? m->tri + 3 * g : m->face + 4 * (g - m->nt);
        for (int k = 0; k < k3; k++) {
            int n = nodes[k], at = deg[n] + fill[n]++;
            adj[2 * at] = g;
            adj[2 * at + 1] = k;
        }
    }
    free(fill);
    /* holders of every node: owners of its elements and of its partner's */
    int *hdeg = xcalloc(m->nn + 1, sizeof(int));
    int *hold = xmalloc(sizeof(int) * 2 * deg[m->nn] + 1);
    int *tmp = xmalloc(sizeof(int) * (2 * (deg[m->nn]) + 1));
    int hn = 0;
    for (int n = 0; n < m->nn; n++) {
        int k = 0;
        for (int j = deg[n]; j < deg[n + 1]; j++)
            tmp[k++] = owner[adj[2 * j]];
        int q = m->partner[n];
        if (q >= 0)
            for (int j = deg[q]; j < deg[q + 1]; j++)
                tmp[k++] = owner[adj[2 * j]];
        qsort(tmp, k, sizeof(int), cmp_int);
        hdeg[n] = hn;
        for (int j = 0; j < k; j++)
            if (j == 0 || tmp[j] != tmp[j - 1])
                hold[hn++] = tmp[j];
    }
    hdeg[m->nn] = hn;
    free(tmp);
    /* local nodes: those I hold */
    int *l_of = xmalloc(sizeof(int) * m->nn);
    c->nn = 0;
    for (int n = 0; n < m->nn; n++) {
        l_of[n] = -1;
        for (int j = hdeg[n]; j < hdeg[n + 1]; j++)
            if (hold[j] == me)
                l_of[n] = c->nn++;
    }
    int nn = c->nn;
    c->gid = xmalloc(sizeof(int) * nn);
    c->X = xmalloc(sizeof(double) * 2 * nn);
    c->u = xcalloc(2 * nn, sizeof(double));
    c->v = xcalloc(2 * nn, sizeof(double));
    c->a = xcalloc(2 * nn, sizeof(double));
    c->fext_prev = xcalloc(2 * nn, sizeof(double));
    c->mass = xcalloc(nn, sizeof(double));
    c->partner = xmalloc(sizeof(int) * nn);
    c->fix_y = xcalloc(nn, sizeof(int));
    c->fix_x = xcalloc(nn, sizeof(int));
    c->owned = xcalloc(nn, sizeof(int));
    c->tied = xcalloc(nn, sizeof(int));
    double H = m->ymax - m->ymin, tol = 1e-9 * H;
    double notch_x = m->xmin + p->notch * (m->xmax - m->xmin);
    for (int n = 0; n < m->nn; n++) {
        int i = l_of[n];
        if (i < 0)
            continue;
        c->gid[i] = n;
        c->X[2 * i] = m->x[2 * n];
        c->X[2 * i + 1] = m->x[2 * n + 1];
        c->partner[i] = m->partner[n] >= 0 ? l_of[m->partner[n]] : -1;
        double y = m->x[2 * n + 1], x = m->x[2 * n];
        int loaded = p->wave || !p->dcb || x <= notch_x + tol;
        if (fabs(y - m->ymax) < tol && loaded) c->fix_y[i] = p->wave ? 0 : 1;
        if (fabs(y - m->ymin) < tol && loaded) c->fix_y[i] = -1;
        if (p->wave && (fabs(x - m->xmin) < tol || fabs(x - m->xmax) < tol))
            c->fix_x[i] = 1;
        c->owned[i] = hold[hdeg[n]] == me; /* the lowest holder counts it */
    }
    /* the supported nodes, so that the per-step boundary loops skip the rest */
    c->fixed = xmalloc(sizeof(int) * (nn + 1));
    c->nfixed = 0;
    for (int i = 0; i < nn; i++)
        if (c->fix_y[i] || c->fix_x[i])
            c->fixed[c->nfixed++] = i;
    /* my elements */
    int *tloc = xmalloc(sizeof(int) * m->nt);
    c->nt = 0;
    for (int t = 0; t < m->nt; t++)
        tloc[t] = part[t] == me ? c->nt++ : -1;
    c->tgid = xmalloc(sizeof(int) * c->nt);
    c->tn = xmalloc(sizeof(int) * 3 * c->nt);
    c->B = xmalloc(sizeof(double) * 6 * c->nt);
    c->area = xmalloc(sizeof(double) * c->nt);
    c->eps_p = xcalloc(4 * c->nt, sizeof(double));
    c->alpha = xcalloc(c->nt, sizeof(double));
    c->sig = xcalloc(4 * c->nt, sizeof(double));
    c->wel = xcalloc(c->nt, sizeof(double));
    c->dissip = xcalloc(c->nt, sizeof(double));
    c->plastic_now = xcalloc(c->nt, sizeof(int));
    double hmin = 1e300;
    for (int t = 0; t < m->nt; t++) {
        int i = tloc[t];
        if (i < 0)
            continue;
        const int *q = m->tri + 3 * t;
        c->tgid[i] = t;
        for (int k = 0; k < 3; k++)
            c->tn[3 * i + k] = l_of[q[k]];
        double A = tri_area(m->x, q);
        c->area[i] = A;
        const double *x0 = m->x + 2 * q[0], *x1 = m->x + 2 * q[1], *x2 = m->x + 2 * q[2];
        /* dN_k/dx = (y_{k+1} - y_{k+2}) / 2A, dN_k/dy = (x_{k+2} - x_{k+1}) / 2A */
        double *b = c->B + 6 * i;
        b[0] = (x1[1] - x2[1]) / (2 * A); b[1] = (x2[0] - x1[0]) / (2 * A);
        b[2] = (x2[1] - x0[1]) / (2 * A); b[3] = (x0[0] - x2[0]) / (2 * A);
        b[4] = (x0[1] - x1[1]) / (2 * A); b[5] = (x1[0] - x0[0]) / (2 * A);
    }
    for (int t = 0; t < m->nt; t++)
        hmin = fmin(hmin, tri_min_altitude(m->x, m->tri + 3 * t));
    c->ne = 0;
    for (int e = 0; e < m->ne; e++)
        if (owner[m->nt + e] == me)
            c->ne++;
    c->egid = xmalloc(sizeof(int) * c->ne);
    c->en = xmalloc(sizeof(int) * 4 * c->ne);
    c->etri = xmalloc(sizeof(int) * 2 * c->ne);
    c->cracked = xcalloc(c->ne, sizeof(int));
    c->len = xmalloc(sizeof(double) * c->ne);
    c->dmax = xcalloc(2 * c->ne, sizeof(double));
    c->T = xcalloc(4 * c->ne, sizeof(double));
    c->D = xcalloc(4 * c->ne, sizeof(double));
    c->ecoh = xcalloc(c->ne, sizeof(double));
    int *eloc = xmalloc(sizeof(int) * (m->ne + 1));
    int ei = 0;
    for (int e = 0; e < m->ne; e++) {
        eloc[e] = -1;
        if (owner[m->nt + e] != me)
            continue;
        eloc[e] = ei;
        const int *fc = m->face + 4 * e;
        c->egid[ei] = m->nt + e;
        for (int k = 0; k < 4; k++)
            c->en[4 * ei + k] = l_of[fc[k]];
        c->etri[2 * ei] = tloc[m->face_tri[2 * e]];
        c->etri[2 * ei + 1] = tloc[m->face_tri[2 * e + 1]];
        double xa = m->x[2 * fc[0]], xb = m->x[2 * fc[1]];
        c->len[ei] = fabs(xb - xa);
        if (0.5 * (xa + xb) < notch_x && p->crack) {
            c->cracked[ei] = 1;
            c->dmax[2 * ei] = c->dmax[2 * ei + 1] = p->deltac; /* traction-free */
        }
        ei++;
    }
    /* slots: my elements' corners, then what each neighbour sends */
    c->nslots_local = 3 * c->nt + 4 * c->ne;
    /* neighbours: holders of my nodes */
    int *is_nbr = xcalloc(size, sizeof(int));
    for (int i = 0; i < nn; i++) {
        int n = c->gid[i];
        for (int j = hdeg[n]; j < hdeg[n + 1]; j++)
            if (hold[j] != me)
                is_nbr[hold[j]] = 1;
    }
    c->nlinks = 0;
    for (int q = 0; q < size; q++)
        c->nlinks += is_nbr[q];
    c->link = xcalloc(c->nlinks ? c->nlinks : 1, sizeof(Link));
    c->req = xmalloc(sizeof(MPI_Request) * 2 * (c->nlinks + 1));
    int li = 0, nslots = c->nslots_local;
    /* local slot of (global element g, corner k) owned by me */
    #define LOCAL_SLOT(g, k) ((g) < m->nt ? 3 * tloc[g] + (k) : 3 * c->nt + 4 * eloc[(g) - m->nt] + (k))
    for (int q = 0; q < size; q++) {
        if (!is_nbr[q])
            continue;
        Link *L = &c->link[li++];
        L->nbr = q;
        for (int pass = 0; pass < 2; pass++) {
            int ns = 0, nr = 0;
            for (int i = 0; i < nn; i++) {
                int n = c->gid[i], held = 0;
                for (int j = hdeg[n]; j < hdeg[n + 1]; j++)
                    held |= hold[j] == q;
                if (!held)
                    continue;
                for (int j = deg[n]; j < deg[n + 1]; j++) {
                    int g = adj[2 * j], k = adj[2 * j + 1];
                    if (owner[g] == me) {
                        if (pass)
                            L->send_slot[ns] = LOCAL_SLOT(g, k);
                        ns++;
                    } else if (owner[g] == q)
                        nr++;
                }
            }
            if (!pass) {
                L->nsend = ns;
                L->nrecv = nr;
                L->send_slot = xmalloc(sizeof(int) * (ns + 1));
                L->sbuf = xmalloc(sizeof(double) * 3 * (ns + 1));
                L->rbase = nslots;
                nslots += nr;
            }
        }
    }
    c->nslots = nslots;
    c->slot = xcalloc(3 * nslots, sizeof(double));
    /* node -> slots in global element order */
    c->slot_start = xmalloc(sizeof(int) * (nn + 1));
    int total = 0;
    for (int i = 0; i < nn; i++) {
        int n = c->gid[i];
        c->slot_start[i] = total;
        total += deg[n + 1] - deg[n];
    }
    c->slot_start[nn] = total;
    c->slot_list = xmalloc(sizeof(int) * (total + 1));
    int *rcur = xmalloc(sizeof(int) * (c->nlinks + 1));
    int *link_of = xmalloc(sizeof(int) * size);
    for (int l = 0; l < c->nlinks; l++) {
        rcur[l] = c->link[l].rbase;
        link_of[c->link[l].nbr] = l;
    }
    /* received contributions arrive in the order: my nodes ascending, then
       element order; walk the same order per link */
    for (int i = 0; i < nn; i++) {
        int n = c->gid[i], at = c->slot_start[i];
        for (int j = deg[n]; j < deg[n + 1]; j++) {
            int g = adj[2 * j], k = adj[2 * j + 1];
            if (owner[g] == me)
                c->slot_list[at++] = LOCAL_SLOT(g, k);
            else
                c->slot_list[at++] = rcur[link_of[owner[g]]]++;
        }
    }
    #undef LOCAL_SLOT
    free(rcur);
    free(link_of);
    free(is_nbr);
    free(eloc);
    free(tloc);
    free(l_of);
    free(hold);
    free(hdeg);
    free(adj);
    free(deg);
    free(owner);
    /* material constants, stable step */
    c->lambda = p->E * p->nu / ((1 + p->nu) * (1 - 2 * p->nu));
    c->mu = p->E / (2 * (1 + p->nu));
    c->c_d = sqrt((c->lambda + 2 * c->mu) / p->rho);
    c->dt_stable = hmin / c->c_d;
    c->kpen = p->E / hmin; /* contact penalty: one element's stiffness */
    c->v0 = p->wave || !p->dcb ? p->rate * (m->ymax - m->ymin) / 2 : p->v0;
    return c;
}

/* ------------------------------------------------------------------ */
/* Constitutive update and element forces                              */
/* ------------------------------------------------------------------ */

static double yield_stress(const Params *p, double al) {
    return p->sy0 + (p->syinf - p->sy0) * (1 - exp(-p->hvoce * al)) + p->hlin * al;
}
static double yield_slope(const Params *p, double al) {
    return (p->syinf - p->sy0) * p->hvoce * exp(-p->hvoce * al) + p->hlin;
}

/* Stress of triangle i from its total strain (xx, yy, xy tensor); returns 1 if it yielded. */
static int update_stress(Chunk *c, int i, const double eps[3]) {
    const Params *p = &c->p;
    double *ep = c->eps_p + 4 * i, *s = c->sig + 4 * i;
    double ee[4] = {eps[0] - ep[0], eps[1] - ep[1], -ep[2], eps[2] - ep[3]};
    double tr = ee[0] + ee[1] + ee[2];
    double st[4] = {c->lambda * tr + 2 * c->mu * ee[0], c->lambda * tr + 2 * c->mu * ee[1],
                    c->lambda * tr + 2 * c->mu * ee[2], 2 * c->mu * ee[3]};
    int yielded = 0;
    if (p->plastic) {
        double pm = (st[0] + st[1] + st[2]) / 3;
        double dev[4] = {st[0] - pm, st[1] - pm, st[2] - pm, st[3]};
        double j2 = 0.5 * (dev[0] * dev[0] + dev[1] * dev[1] + dev[2] * dev[2]) + dev[3] * dev[3];
        double q = sqrt(3 * j2);
        double al = c->alpha[i];
        if (q - yield_stress(p, al) > 0) {
            /* radial return, Newton on the consistency condition */
            double dg = 0;
            for (int it = 0; it < 50; it++) {
                double g = q - 3 * c->mu * dg - yield_stress(p, al + dg);
                double dgd = -3 * c->mu - yield_slope(p, al + dg);
                double step = g / dgd;
                dg -= step;
                if (fabs(step) <= 1e-14 * (fabs(dg) + 1e-30))
                    break;
            }
            double f = 1.5 / q;
            double n[4] = {dev[0] * f, dev[1] * f, dev[2] * f, dev[3] * f};
            for (int k = 0; k < 4; k++) {
                ep[k] += dg * n[k];
                st[k] -= 2 * c->mu * dg * n[k];
            }
            c->alpha[i] = al + dg;
            /* plastic work sigma : d eps_p (backward Euler) */
            c->dissip[i] += c->area[i] * dg *
                            (st[0] * n[0] + st[1] * n[1] + st[2] * n[2] + 2 * st[3] * n[3]);
            yielded = 1;
            ee[0] = eps[0] - ep[0];
            ee[1] = eps[1] - ep[1];
            ee[2] = -ep[2];
            ee[3] = eps[2] - ep[3];
        }
    }
    memcpy(s, st, sizeof st);
    c->wel[i] = 0.5 * c->area[i] * (st[0] * ee[0] + st[1] * ee[1] + st[2] * ee[2] + 2 * st[3] * ee[3]);
    return yielded;
}

/* The cohesive traction at one end of a face for opening d (x: shear, y: normal). */
static void cohesive_law(const Chunk *c, double *dmax, const double d[2], double T[2]) {
    const Params *p = &c->p;
    double dn = d[1], ds = d[0], b2 = p->beta * p->beta;
    double del = sqrt(fmax(dn, 0) * fmax(dn, 0) + b2 * ds * ds);
    T[0] = T[1] = 0;
    if (del > *dmax)
        *dmax = del;
    if (del > 0 && *dmax < p->deltac) {
        double teff = p->sigc * (1 - *dmax / p->deltac) * del / *dmax;
        T[0] = teff / del * b2 * ds;
        T[1] = teff / del * fmax(dn, 0);
    }
    if (dn < 0)
        T[1] = c->kpen * dn; /* contact */
}

/* Computes every element's nodal forces into the local slots. */
static void element_forces(Chunk *c) {
    const Params *p = &c->p;
    double t0 = MPI_Wtime();
    for (int i = 0; i < c->nt; i++) {
        const int *n = c->tn + 3 * i;
        const double *b = c->B + 6 * i;
        double eps[3] = {0, 0, 0};
        for (int k = 0; k < 3; k++) {
            double ux = c->u[2 * n[k]], uy = c->u[2 * n[k] + 1];
            eps[0] += b[2 * k] * ux;
            eps[1] += b[2 * k + 1] * uy;
            eps[2] += 0.5 * (b[2 * k + 1] * ux + b[2 * k] * uy);
        }
        c->plastic_now[i] = update_stress(c, i, eps);
        const double *s = c->sig + 4 * i;
        double A = c->area[i];
        for (int k = 0; k < 3; k++) {
            double *f = c->slot + 3 * (3 * i + k);
            f[0] = -A * (b[2 * k] * s[0] + b[2 * k + 1] * s[3]);
            f[1] = -A * (b[2 * k] * s[3] + b[2 * k + 1] * s[1]);
            f[2] = 0;
        }
    }
    for (int e = 0; e < c->ne; e++) {
        double *f = c->slot + 3 * (3 * c->nt + 4 * e);
        const int *n = c->en + 4 * e;
        if (!c->cracked[e] && p->crack) {
            /* insertion: traction on the face from the stresses on both sides */
            const double *s1 = c->sig + 4 * c->etri[2 * e], *s2 = c->sig + 4 * c->etri[2 * e + 1];
            double tn = 0.5 * (s1[1] + s2[1]), ts = 0.5 * (s1[3] + s2[3]);
            double teff = sqrt(fmax(tn, 0) * fmax(tn, 0) + ts * ts / (p->beta * p->beta));
            if (teff >= p->sigc)
                c->cracked[e] = 1;
        }
        if (!c->cracked[e]) {
            for (int k = 0; k < 4; k++) {
                f[3 * k] = f[3 * k + 1] = 0;
                f[3 * k + 2] = 1; /* ties its nodes */
            }
            continue;
        }
        double half = 0.5 * c->len[e];
        for (int end = 0; end < 2; end++) {
            int lo = n[end], up = n[2 + end];
            double d[2] = {c->u[2 * up] - c->u[2 * lo], c->u[2 * up + 1] - c->u[2 * lo + 1]};
            double T[2];
            cohesive_law(c, &c->dmax[2 * e + end], d, T);
            double *Tp = c->T + 4 * e + 2 * end, *Dp = c->D + 4 * e + 2 * end;
            c->ecoh[e] += half * 0.5 * ((Tp[0] + T[0]) * (d[0] - Dp[0]) + (Tp[1] + T[1]) * (d[1] - Dp[1]));
            Tp[0] = T[0]; Tp[1] = T[1];
            Dp[0] = d[0]; Dp[1] = d[1];
            double *fl = f + 3 * end, *fu = f + 3 * (2 + end);
            fl[0] = half * T[0]; fl[1] = half * T[1]; fl[2] = 0;
            fu[0] = -half * T[0]; fu[1] = -half * T[1]; fu[2] = 0;
        }
    }
    c->t_compute += MPI_Wtime() - t0;
}

/* Sends my contributions to shared nodes, receives the others' straight
   into their slots (each link's are contiguous, after my own elements'). */
static void exchange(Chunk *c) {
    int nr = 0;
    for (int l = 0; l < c->nlinks; l++) {
        Link *L = &c->link[l];
        if (L->nrecv)
            MPI_Irecv(c->slot + 3 * L->rbase, 3 * L->nrecv, MPI_DOUBLE, L->nbr, 7, MPI_COMM_WORLD,
                      &c->req[nr++]);
    }
    for (int l = 0; l < c->nlinks; l++) {
        Link *L = &c->link[l];
        for (int k = 0; k < L->nsend; k++)
            memcpy(L->sbuf + 3 * k, c->slot + 3 * L->send_slot[k], 3 * sizeof(double));
        if (L->nsend)
            MPI_Isend(L->sbuf, 3 * L->nsend, MPI_DOUBLE, L->nbr, 7, MPI_COMM_WORLD, &c->req[nr++]);
    }
    MPI_Waitall(nr, c->req, MPI_STATUSES_IGNORE);
}

/* Sums each node's force in global element order; returns tie flags too. */
static void assemble(Chunk *c, double *f) {
    for (int i = 0; i < c->nn; i++) {
        double fx = 0, fy = 0;
        int tie = 0;
        for (int j = c->slot_start[i]; j < c->slot_start[i + 1]; j++) {
            const double *s = c->slot + 3 * c->slot_list[j];
            fx += s[0];
            fy += s[1];
            tie |= s[2] != 0;
        }
        f[2 * i] = fx;
        f[2 * i + 1] = fy;
        c->tied[i] = tie;
    }
}

/* Accelerations from the assembled forces f (tied pairs move as one node). */
static void accelerations(Chunk *c, const double *f) {
    for (int i = 0; i < c->nn; i++) {
        int q = c->partner[i];
        int tied = q >= 0 && (c->tied[i] || c->tied[q]);
        for (int d = 0; d < 2; d++) {
            double fi = f[2 * i + d], mi = c->mass[i];
            if (tied) {
                /* the lower copy first, so both copies compute the same bits */
                int lo = c->gid[i] < c->gid[q] ? i : q, hi = lo == i ? q : i;
                fi = f[2 * lo + d] + f[2 * hi + d];
                mi = c->mass[lo] + c->mass[hi];
            }
            c->a[2 * i + d] = fi / mi;
        }
    }
}

/* ------------------------------------------------------------------ */
/* Time stepping                                                       */
/* ------------------------------------------------------------------ */

enum { E_KE, E_EL, E_PL, E_COH, E_WORK, E_CRACKED, E_PLASTIC, E_ACTIVE, E_N };

/* User + system CPU seconds of this process so far (under arts: every
   rank's, all PEs'; under mpirun: this rank's process). */
static double process_cpu(void) {
    struct rusage r;
    getrusage(RUSAGE_SELF, &r);
    return r.ru_utime.tv_sec + 1e-6 * r.ru_utime.tv_usec + r.ru_stime.tv_sec + 1e-6 * r.ru_stime.tv_usec;
}

/* max/avg of the cost sums of the two halves of the ranks (0..V/2-1 and
   the rest): the PEs' loads from the element loops when arts places the
   ranks in blocks on 2 PEs (its initial placement), so 1 - 1/x is the
   most a balancer could take off those loops' time there (1 for one rank). */
static double halves_ratio(const double *cost, int n) {
    if (n < 2)
        return 1.0;
    double a = 0, b = 0;
    for (int r = 0; r < n; r++)
        *(r < n / 2 ? &a : &b) += cost[r];
    return a + b > 0 ? fmax(a, b) / (0.5 * (a + b)) : 0.0;
}

/* Heaviest and median chunk cost over the steps since the last call, on
   rank 0. A chunk's cost is its median step time in the element loops
   times the steps: robust to the time its thread was descheduled. Also,
   on rank 0: `halves` of this interval's costs and `run` (rank order)
   summed over the run. */
static void chunk_costs(Chunk *c, double *costs, double *heavy, double *median, double *halves, double *run) {
    double mine = 0;
    if (c->nstep_cost) {
        qsort(c->step_cost, c->nstep_cost, sizeof(double), cmp_double);
        int n = c->nstep_cost;
        double med = n % 2 ? c->step_cost[n / 2] : 0.5 * (c->step_cost[n / 2 - 1] + c->step_cost[n / 2]);
        mine = med * n;
    }
    c->nstep_cost = 0;
    MPI_Gather(&mine, 1, MPI_DOUBLE, costs, 1, MPI_DOUBLE, 0, MPI_COMM_WORLD);
    if (c->rank != 0)
        return;
    int n = c->size;
    for (int r = 0; r < n; r++)
        run[r] += costs[r];
    *halves = halves_ratio(costs, n);
    qsort(costs, n, sizeof(double), cmp_double);
    *heavy = costs[n - 1];
    *median = n % 2 ? costs[n / 2] : 0.5 * (costs[n / 2 - 1] + costs[n / 2]);
}

static void energies(Chunk *c, double out[E_N]) {
    double loc[E_N] = {0};
    for (int i = 0; i < c->nn; i++)
        if (c->owned[i])
            loc[E_KE] += 0.5 * c->mass[i] * (c->v[2 * i] * c->v[2 * i] + c->v[2 * i + 1] * c->v[2 * i + 1]);
    for (int i = 0; i < c->nt; i++) {
        loc[E_EL] += c->wel[i];
        loc[E_PL] += c->dissip[i];
        loc[E_PLASTIC] += c->alpha[i] > 0;
        loc[E_ACTIVE] += c->plastic_now[i];
    }
    for (int e = 0; e < c->ne; e++) {
        loc[E_COH] += c->ecoh[e];
        loc[E_CRACKED] += c->cracked[e];
    }
    loc[E_WORK] = c->work;
    MPI_Allreduce(loc, out, E_N, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
}

/* The prescribed velocity of the loaded edges at time t (the top's; the bottom's is its negative). */
static double load_velocity(const Chunk *c, double t) {
    if (c->p.dcb && !c->p.wave && c->p.ramp > 0 && t < c->p.ramp)
        return c->v0 * t / c->p.ramp;
    return c->v0;
}

/* Sets the loaded edges' velocity at time t. */
static void set_load(Chunk *c, double t) {
    double v = load_velocity(c, t);
    for (int j = 0; j < c->nfixed; j++) {
        int i = c->fixed[j];
        if (c->fix_y[i])
            c->v[2 * i + 1] = c->p.wave ? v : c->fix_y[i] * v;
    }
}

/* Prescribed velocities (and their reactions' work) after the forces f. */
static void boundary(Chunk *c, const double *f, int first, double t) {
    /* the loaded edges' acceleration: the ramp's slope while it lasts */
    double acc = c->p.dcb && !c->p.wave && c->p.ramp > 0 && t < c->p.ramp ? c->v0 / c->p.ramp : 0;
    for (int j = 0; j < c->nfixed; j++) {
        int i = c->fixed[j];
        if (c->fix_y[i]) {
            /* the support's force: m a = f + R */
            double R = c->mass[i] * c->fix_y[i] * acc - f[2 * i + 1];
            if (c->owned[i] && !first)
                c->work += 0.5 * (c->fext_prev[2 * i + 1] + R) * c->v[2 * i + 1] * c->dt;
            c->fext_prev[2 * i + 1] = R;
            c->a[2 * i + 1] = 0;
        }
        if (c->fix_x[i]) {
            c->fext_prev[2 * i] = -f[2 * i];
            c->a[2 * i] = 0;
        }
    }
}

static void crack_tip(Chunk *c, double *tip) {
    double loc = -1e300;
    for (int e = 0; e < c->ne; e++)
        if (c->cracked[e]) {
            int lo = c->en[4 * e], hi = c->en[4 * e + 1];
            loc = fmax(loc, fmax(c->X[2 * lo], c->X[2 * hi]));
        }
    MPI_Allreduce(&loc, tip, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
}

/* Ordered checksum of the displacements: gathered by global node on rank 0. */
static void checksum(Chunk *c, int nn_global, double *sum_u, uint64_t *bits) {
    int cnt = 0;
    for (int i = 0; i < c->nn; i++)
        cnt += c->owned[i];
    double *buf = xmalloc(sizeof(double) * 3 * (cnt + 1));
    int k = 0;
    for (int i = 0; i < c->nn; i++)
        if (c->owned[i]) {
            buf[3 * k] = c->gid[i];
            buf[3 * k + 1] = c->u[2 * i];
            buf[3 * k + 2] = c->u[2 * i + 1];
            k++;
        }
    int n3 = 3 * cnt, *counts = NULL, *displs = NULL;
    double *all = NULL, *byg = NULL;
    if (c->rank == 0) {
        counts = xmalloc(sizeof(int) * c->size);
        displs = xmalloc(sizeof(int) * c->size);
    }
    MPI_Gather(&n3, 1, MPI_INT, counts, 1, MPI_INT, 0, MPI_COMM_WORLD);
    if (c->rank == 0) {
        int tot = 0;
        for (int r = 0; r < c->size; r++) {
            displs[r] = tot;
            tot += counts[r];
        }
        all = xmalloc(sizeof(double) * (tot + 1));
    }
    MPI_Gatherv(buf, n3, MPI_DOUBLE, all, counts, displs, MPI_DOUBLE, 0, MPI_COMM_WORLD);
    if (c->rank == 0) {
        byg = xcalloc(2 * nn_global, sizeof(double));
        int tot = displs[c->size - 1] + counts[c->size - 1];
        for (int j = 0; j < tot; j += 3) {
            int g = (int)all[j];
            byg[2 * g] = all[j + 1];
            byg[2 * g + 1] = all[j + 2];
        }
        double s = 0;
        uint64_t h = 1469598103934665603ULL; /* FNV-1a over the bits */
        for (int j = 0; j < 2 * nn_global; j++) {
            s += fabs(byg[j]);
            uint64_t w;
            memcpy(&w, &byg[j], 8);
            for (int b = 0; b < 8; b++) {
                h ^= (w >> (8 * b)) & 0xff;
                h *= 1099511628211ULL;
            }
        }
        *sum_u = s;
        *bits = h;
        free(byg);
        free(all);
        free(counts);
        free(displs);
    }
    free(buf);
}

/* Mean over the nodes on the mid line of the y velocity (wave test). */
static double midline_velocity(Chunk *c, double ymid, double tol) {
    double loc[2] = {0, 0}, out[2];
    for (int i = 0; i < c->nn; i++)
        if (c->owned[i] && fabs(c->X[2 * i + 1] - ymid) < tol) {
            loc[0] += c->v[2 * i + 1];
            loc[1] += 1;
        }
    MPI_Allreduce(loc, out, 2, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
    return out[1] > 0 ? out[0] / out[1] : 0;
}

int main(int argc, char **argv) {
    MPI_Init(&argc, &argv);
    int rank, size;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    rank_g = rank;
    Params p;
    defaults(&p);
    int rc = parse(&p, argc, argv);
    if (rc) {
        MPI_Finalize();
        return rc == 1 ? 0 : 2;
    }
    Mesh m;
    memset(&m, 0, sizeof m);
    const char *name = p.mesh ? p.mesh : "generated block";
    if (p.mesh) {
        double nodes = 0, maxtag = 0, elems = 0;
        if (p.max_mesh_mb > 0 && !msh_counts(p.mesh, &nodes, &maxtag, &elems))
            rc = check_mesh_memory(&p, name, nodes, elems, maxtag, size);
        if (!rc)
            rc = read_msh(p.mesh, &m);
    } else {
        double nodes = (double)(p.nx + 1) * (p.ny + 2), tris = 2.0 * p.nx * p.ny;
        rc = check_mesh_memory(&p, name, nodes, tris, 0, size);
        if (rc) {
            MPI_Finalize();
            return rc;
        }
        generate(&p, &m);
        if (p.write_msh) {
            rc = rank == 0 ? write_msh(p.write_msh, &m) : 0;
            if (rank == 0 && !rc)
                printf("fracture: wrote %s (%d nodes, %d triangles)\n", p.write_msh, m.nn0, m.nt);
            MPI_Finalize();
            return rc;
        }
    }
    if (!rc)
        rc = prepare(&p, &m, name);
    if (!rc && m.nt < size) {
        fail("%s has %d triangles, fewer than the %d ranks", name, m.nt, size);
        rc = 2;
    }
    if (rc) {
        MPI_Finalize();
        return rc;
    }
    int cut = 0;
    int *part = partition(&p, &m, size, rank, &cut);
    if (!part) {
        MPI_Finalize();
        return 2;
    }
    Chunk *c = build_chunk(&p, &m, part, rank, size);
    free(part);
    /* stable step: the global minimum (every rank has the whole mesh, the
       reduction is the program's one source of truth) */
    double dts;
    MPI_Allreduce(&c->dt_stable, &dts, 1, MPI_DOUBLE, MPI_MIN, MPI_COMM_WORLD);
    c->dt_stable = dts;
    if (p.dt > 0 && p.dt > dts) {
        fail("--dt %g s is above the stable time step %.4g s (smallest element altitude / dilatational "
             "wave speed %.0f m/s); use --dt <= %.4g or --cfl <= 1",
             p.dt, dts, c->c_d, dts);
        rc = 2;
    } else if (p.dt == 0 && p.cfl > 1) {
        fail("--cfl %g makes the step %.4g s, above the stable time step %.4g s; --cfl must be <= 1",
             p.cfl, p.cfl * dts, dts);
        rc = 2;
    }
    if (rc) {
        MPI_Finalize();
        return rc;
    }
    c->dt = p.dt > 0 ? p.dt : p.cfl * dts;
    c->step_cost = xmalloc(sizeof(double) * (p.print + 1));
    int nn_global = m.nn;
    double ymin = m.ymin, H = m.ymax - m.ymin, ymid = m.yc;
    int ne_global = m.ne, nt_global = m.nt, nplane = m.nplane;
    free(m.x); free(m.tri); free(m.partner); free(m.face); free(m.face_tri);

    /* lumped masses through the same exchange */
    for (int i = 0; i < c->nt; i++)
        for (int k = 0; k < 3; k++) {
            double *s = c->slot + 3 * (3 * i + k);
            s[0] = p.rho * c->area[i] / 3;
            s[1] = s[2] = 0;
        }
    for (int e = 0; e < c->ne; e++)
        for (int k = 0; k < 4; k++)
            c->slot[3 * (3 * c->nt + 4 * e + k)] = c->slot[3 * (3 * c->nt + 4 * e + k) + 1] =
                c->slot[3 * (3 * c->nt + 4 * e + k) + 2] = 0;
    exchange(c);
    double *f = xcalloc(2 * c->nn, sizeof(double));
    assemble(c, f);
    for (int i = 0; i < c->nn; i++)
        c->mass[i] = f[2 * i];
    /* initial velocity: the linear field of the applied strain rate */
    for (int i = 0; i < c->nn; i++) {
        double y = c->X[2 * i + 1];
        c->v[2 * i + 1] = p.wave || p.dcb ? 0 : c->v0 * (2 * (y - ymin) / H - 1);
    }
    set_load(c, 0);
    element_forces(c);
    exchange(c);
    assemble(c, f);
    accelerations(c, f);
    boundary(c, f, 1, 0);
    double e0[E_N];
    energies(c, e0);
    double ke0 = e0[E_KE];
    c->t_compute = 0;
    if (rank == 0) {
        printf("fracture: 2-D plane strain CST, %d triangles, %d nodes (%d on the crack plane y=%g), "
               "%d cohesive sites, %d chunks\n",
               nt_global, nn_global, nplane, ymid, ne_global, size);
        printf("fracture: partition %s, %d chunks, %d element-graph edges cut\n", p.metis ? "metis" : "rcb",
               size, cut);
        printf("fracture: dt %.4g s (stable %.4g s, c_d %.1f m/s), v0 %.4g m/s, %d steps\n", c->dt, dts,
               c->c_d, c->v0, p.steps);
        printf("%6s %11s %11s %11s %11s %11s %11s %9s %6s %6s %6s %6s %9s\n", "step", "time", "kinetic",
               "elastic", "plastic", "cohesive", "work", "balance", "cracks", "plast", "yield", "imb",
               "wall");
    }
    /* every rank has passed its set-up: energies() reduced over all of them */
    double cpu_start = process_cpu();
    double t_start = MPI_Wtime(), t_arrive[2] = {-1, -1}, vm_prev[2] = {0, 0};
    double max_err = 0, e[E_N] = {0};
    double *costs = rank == 0 ? xmalloc(sizeof(double) * size) : NULL, heavy = 0, median = 0, peak_imb = 0;
    double *run_costs = rank == 0 ? xcalloc(size, sizeof(double)) : NULL, halves = 0;
    for (int step = 1; step <= p.steps; step++) {
        double dt = c->dt;
        set_load(c, (step - 0.5) * dt); /* the loaded edges move at the mid-step velocity */
        for (int i = 0; i < 2 * c->nn; i++) {
            c->v[i] += 0.5 * dt * c->a[i];
            c->u[i] += dt * c->v[i];
        }
        element_forces(c);
        exchange(c);
        assemble(c, f);
        accelerations(c, f);
        boundary(c, f, 0, step * dt);
        for (int i = 0; i < 2 * c->nn; i++)
            c->v[i] += 0.5 * dt * c->a[i];
        set_load(c, step * dt);
        c->step_cost[c->nstep_cost++] = c->t_compute;
        c->t_compute = 0;
        for (int w = 0; p.wave && w < 2; w++)
            if (t_arrive[w] < 0) {
                /* the front (half the step in velocity) passing y = H/4 and 3H/4 */
                double vm = midline_velocity(c, ymin + (0.25 + 0.5 * w) * H, 1e-9 * H);
                if (vm >= 0.5 * c->v0) /* linear between the two steps */
                    t_arrive[w] = (step - 1 + (0.5 * c->v0 - vm_prev[w]) / (vm - vm_prev[w])) * dt;
                vm_prev[w] = vm;
            }
        if (step % p.print == 0 || step == p.steps) {
            energies(c, e);
            chunk_costs(c, costs, &heavy, &median, &halves, run_costs);
            if (median > 0 && heavy / median > peak_imb)
                peak_imb = heavy / median;
            double in = e[E_WORK] + ke0;
            double out = e[E_KE] + e[E_EL] + e[E_PL] + e[E_COH];
            double err = fabs(out - in) / fmax(fabs(in), 1e-300);
            if (err > max_err)
                max_err = err;
            if (rank == 0)
                printf("%6d %11.4e %11.5e %11.5e %11.5e %11.5e %11.5e %9.2e %6d %6d %6d %6.2f %9.4f\n", step,
                       step * dt, e[E_KE], e[E_EL], e[E_PL], e[E_COH], e[E_WORK], err, (int)e[E_CRACKED],
                       (int)e[E_PLASTIC], (int)e[E_ACTIVE], median > 0 ? heavy / median : 0.0,
                       MPI_Wtime() - t_start);
            fflush(stdout);
        }
        if (p.barrier && step % p.barrier == 0)
            MPI_Barrier(MPI_COMM_WORLD);
#ifdef AMPI
        if (p.migrate && step % p.migrate == 0)
            AMPI_Migrate(AMPI_INFO_LB_SYNC);
        /* the whole rank (stack, heap, globals) is saved; a restarted run
           goes on from this call's return */
        if (p.checkpoint && step % p.checkpoint == 0)
            AMPI_Checkpoint(NULL);
#endif
    }
    double t_total = MPI_Wtime() - t_start;
    double tmax;
    MPI_Allreduce(&t_total, &tmax, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
    double cpu_steps = process_cpu() - cpu_start; /* every rank has done its steps */
    double tip;
    crack_tip(c, &tip);
    double sum_u = 0;
    uint64_t bits = 0;
    checksum(c, nn_global, &sum_u, &bits);
    int status = 0;
    if (rank == 0) {
        printf("fracture: energy balance max error %.3e (kinetic+elastic+plastic+cohesive vs initial "
               "kinetic+work)\n", max_err);
        printf("fracture: crack tip x = %.6g m, %d of %d faces cracked, %d plastic elements\n",
               tip > -1e299 ? tip : 0.0, (int)e[E_CRACKED], ne_global, (int)e[E_PLASTIC]);
        printf("fracture: chunk cost of the last %d steps: heaviest %.4g s, median %.4g s, ratio %.2f\n",
               p.steps % p.print ? p.steps % p.print : p.print, heavy, median, median > 0 ? heavy / median : 0.0);
        printf("fracture: largest heaviest/median chunk cost of any report interval %.2f\n", peak_imb);
        printf("fracture: chunk costs of the two halves of the ranks (2 PEs, blocks), max/avg: last %d steps "
               "%.3f, the whole run %.3f\n",
               p.steps % p.print ? p.steps % p.print : p.print, halves, halves_ratio(run_costs, size));
        printf("fracture: checksum sum|u| %.17g bits %016llx\n", sum_u, (unsigned long long)bits);
        printf("fracture: time %.4f s, mean step %.6f s\n", tmax, tmax / p.steps);
        printf("fracture: process cpu of the steps %.4f s, %.3e s a step (rank 0's process: under arts every "
               "rank's)\n", cpu_steps, cpu_steps / p.steps);
        if (p.wave) {
            if (t_arrive[1] < 0) {
                printf("fracture: wave front did not reach y = 3H/4 in %d steps; run more --steps\n", p.steps);
                status = 1;
            } else {
                double speed = 0.5 * H / (t_arrive[1] - t_arrive[0]);
                printf("fracture: wave speed %.2f m/s (front from y=H/4 at %.5g s to 3H/4 at %.5g s), "
                       "analytic c_d %.2f m/s, error %.2f%%\n",
                       speed, t_arrive[0], t_arrive[1], c->c_d, 100 * fabs(speed - c->c_d) / c->c_d);
            }
        }
        fflush(stdout);
        free(costs);
        free(run_costs);
    }
    free(f);
    MPI_Finalize();
    return status;
}
