/* The drift-diffusion solver as the paper's MPI program (section 3.4): one
 * segment of rows per rank, and at each iteration step
 *   1. block to complete the immediate receives posted in the previous step,
 *   2. post immediate receives for the next step,
 *   3. process the segment with the new boundaries (one Gummel iteration),
 *   4. pack the boundary rows and send them to the neighbours (blocking send),
 *   5. reduce the residual sums over all ranks and test convergence
 *      (every --check-every steps; 1, the paper's, by default).
 * Segments are equal runs of interior rows, or those --cut gives (the first
 * row of each segment after the first: an application-level cut).
 * Under AMPI (arts' mpi.h defines AMPI) --migrate-every N calls
 * AMPI_Migrate every N steps: arts' balancer may move ranks between PEs.
 * See README.md. Output: one JSON object on rank 0's stdout. */
#include <math.h>
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "device.h"
#include "solver.h"

#define TAG_RIGHTWARD 11 /* a rank's last row, to its right neighbour */
#define TAG_LEFTWARD 12  /* a rank's first row, to its left neighbour */

typedef struct {
    const char *device;
    size_t nbias;
    double bias[DDM_MAX_BIASES];
    int bias_given;
    long migrate_every;
    const char *cut; /* --cut R1,...: segment k's first row (k >= 1), or NULL */
    ddm_options o;
} args;

static int usage(int rank, const char *msg) {
    if (rank == 0) fprintf(stderr, "error: %s\n", msg);
    return 2;
}

/* Parses argv; 0, or 2 with one line printed on rank 0. */
static int parse_args(int argc, char **argv, int rank, args *a) {
    ddm_options o = {1e-9, 400000, 1.9, 1.9, 1e-3, 1, 1};
    memset(a, 0, sizeof *a);
    a->o = o;
    char msg[256];
    for (int i = 1; i < argc; i++) {
        const char *k = argv[i];
        if (i + 1 >= argc) {
            snprintf(msg, sizeof msg, "%s needs a value (usage: ddm --device FILE [--bias V,V,...] [--tolerance V] [--max-iterations N] [--check-every K] [--omega-phi W] [--omega-carriers W] [--migrate-every N] [--cut R,R,...])", k);
            return usage(rank, msg);
        }
        const char *v = argv[++i];
        char *end = NULL;
        if (!strcmp(k, "--device")) {
            a->device = v;
        } else if (!strcmp(k, "--cut")) {
            a->cut = v;
        } else if (!strcmp(k, "--bias")) {
            a->bias_given = 1;
            a->nbias = 0;
            const char *p = v;
            for (;;) {
                if (a->nbias == DDM_MAX_BIASES) return usage(rank, "--bias: at most 256 points");
                a->bias[a->nbias++] = strtod(p, &end);
                if (end == p || !isfinite(a->bias[a->nbias - 1]) || (*end && *end != ',')) {
                    snprintf(msg, sizeof msg, "--bias `%s`: expected volts separated by commas, e.g. 0,0.2", v);
                    return usage(rank, msg);
                }
                if (!*end) break;
                p = end + 1;
            }
        } else if (!strcmp(k, "--tolerance") || !strcmp(k, "--omega-phi") || !strcmp(k, "--omega-carriers")) {
            double x = strtod(v, &end);
            int omega = k[2] == 'o';
            if (*end || !(omega ? (x > 0 && x < 2) : (x > 0 && isfinite(x)))) {
                snprintf(msg, sizeof msg, "%s `%s`: accepted %s", k, v, omega ? "a number in (0, 2)" : "a positive number");
                return usage(rank, msg);
            }
            *(!strcmp(k, "--tolerance") ? &a->o.tolerance_v : omega && k[8] == 'p' ? &a->o.omega_phi : &a->o.omega_carriers) = x;
        } else if (!strcmp(k, "--max-iterations") || !strcmp(k, "--check-every") || !strcmp(k, "--migrate-every")) {
            long x = strtol(v, &end, 10);
            int check = k[2] == 'c', migrate = k[2] == 'm' && k[3] == 'i' && k[4] == 'g';
            if (*end || x < (migrate ? 0 : 1) || (check && 100 % x != 0)) {
                snprintf(msg, sizeof msg, "%s `%s`: accepted %s", k, v,
                         check ? "a divisor of 100 (1, 2, 4, 5, 10, 20, 25, 50, 100)"
                               : migrate ? "a count of steps (0: never)" : "a positive count");
                return usage(rank, msg);
            }
            if (check) a->o.check_every = x;
            else if (migrate) a->migrate_every = x;
            else a->o.max_iterations = x;
        } else {
            snprintf(msg, sizeof msg, "unknown option `%s` (accepted: --device, --bias, --tolerance, --max-iterations, --check-every, --omega-phi, --omega-carriers, --migrate-every, --cut)", k);
            return usage(rank, msg);
        }
    }
    if (!a->device) return usage(rank, "--device FILE is required (a device file, e.g. from `arts ddm preset si-pn`)");
#ifndef AMPI
    if (a->migrate_every > 0)
        return usage(rank, "--migrate-every needs AMPI (build with arts-mpicc and run with arts ampi run)");
#endif
    return 0;
}

/* Packs row i (five values from five arrays) and sends it: a standard blocking send. */
static void send_row(const ddm_rows *r, size_t i, int to, int tag, char *buf, int size) {
    int pos = 0;
    double *arrays[DDM_HALO] = {r->psi, r->u, r->v, r->ew, r->ez};
    for (int k = 0; k < DDM_HALO; k++) MPI_Pack(&arrays[k][i], 1, MPI_DOUBLE, buf, size, &pos, MPI_COMM_WORLD);
    MPI_Send(buf, pos, MPI_PACKED, to, tag, MPI_COMM_WORLD);
}

/* Unpacks a received row into `out`. */
static void unpack_row(const char *buf, int size, double *out) {
    int pos = 0;
    MPI_Unpack(buf, size, &pos, out, DDM_HALO, MPI_DOUBLE, MPI_COMM_WORLD);
}

/* The neighbour links of one rank: receive buffers and their requests. */
typedef struct {
    int left, right; /* neighbour ranks or MPI_PROC_NULL */
    int size;        /* packed size of one row */
    char *in[2], *out;
    MPI_Request req[2];
} links;

static void post_receives(links *l) {
    MPI_Irecv(l->in[0], l->size, MPI_PACKED, l->left, TAG_RIGHTWARD, MPI_COMM_WORLD, &l->req[0]);
    MPI_Irecv(l->in[1], l->size, MPI_PACKED, l->right, TAG_LEFTWARD, MPI_COMM_WORLD, &l->req[1]);
}

static void send_boundaries(links *l, const ddm_segment *s) {
    if (l->left != MPI_PROC_NULL) send_row(&s->cur, s->a, l->left, TAG_LEFTWARD, l->out, l->size);
    if (l->right != MPI_PROC_NULL) send_row(&s->cur, s->b - 1, l->right, TAG_RIGHTWARD, l->out, l->size);
}

/* Completes the posted receives; the rows into `left`/`right` (where there is a neighbour). */
static void complete_receives(links *l, double *left, double *right) {
    MPI_Status st[2]; /* not MPI_STATUSES_IGNORE: gcc 12 warns of it with MPICH's mpi.h */
    MPI_Waitall(2, l->req, st);
    if (l->left != MPI_PROC_NULL) unpack_row(l->in[0], l->size, left);
    if (l->right != MPI_PROC_NULL) unpack_row(l->in[1], l->size, right);
}

/* One bias point's record. */
typedef struct {
    double bias_v, current, resolution, r[3], time_s;
    long iterations;
    int verdict, reductions;
} point;

/* The terminal current: J at the edge where it is resolved best, over all ranks.
 * `fl`/`fr`: the neighbours' final rows (contacts or halos). */
static void terminal_current(const ddm_segment *s, const ddm_mesh *m, const double *fl, int size, point *p) {
    double j_scale = m->q * m->vt * m->n_ref / m->h_cm;
    size_t a = s->a, b = s->b, last_edge = b == m->rows - 1 ? b : b - 1;
    double best[3] = {INFINITY, 0.0, 0.0}; /* resolution, edge, current */
    for (size_t e = a - 1; e < last_edge; e++) {
        double u0 = e == a - 1 ? fl[1] : s->cur.u[e], v0 = e == a - 1 ? fl[2] : s->cur.v[e];
        double un = fmax(u0, s->cur.u[e + 1]), vp = fmax(v0, s->cur.v[e + 1]);
        double res = 2.0 * 2.220446049250313e-16 * j_scale * (s->an[e] * un + s->ap[e] * vp);
        if (res < best[0]) best[0] = res, best[1] = (double)e, best[2] = s->jn[e] + s->jp[e];
    }
    double *all = malloc(3 * (size_t)size * sizeof(double));
    MPI_Allgather(best, 3, MPI_DOUBLE, all, 3, MPI_DOUBLE, MPI_COMM_WORLD);
    p->resolution = INFINITY;
    for (int k = 0; k < size; k++)
        if (all[3 * k] < p->resolution) p->resolution = all[3 * k], p->current = all[3 * k + 2];
    free(all);
}

/* Solves one bias point; every rank returns the same record. */
static void solve(ddm_segment *s, const ddm_mesh *m, const ddm_device *d, const args *a, links *l,
                  int size, double bias_v, long *migrations, point *p) {
    memset(p, 0, sizeof *p);
    p->bias_v = bias_v;
    double *sums_all = malloc(3 * (size_t)size * sizeof(double));
    MPI_Barrier(MPI_COMM_WORLD);
    double t0 = MPI_Wtime();
    ddm_segment_start_bias(s, m, !d->biased_right, bias_v, &a->o);
    /* The first step's boundaries: the rows after the bias step. */
    post_receives(l);
    send_boundaries(l, s);
    double halo_l[DDM_HALO], halo_r[DDM_HALO];
    int verdict = DDM_CONTINUE;
    for (;;) {
        complete_receives(l, halo_l, halo_r);                  /* 1 */
        if (l->left != MPI_PROC_NULL) ddm_row_set(&s->old, s->a - 1, halo_l);
        if (l->right != MPI_PROC_NULL) ddm_row_set(&s->old, s->b, halo_r);
        post_receives(l);                                      /* 2 */
        double sums[3];
        ddm_segment_iterate(s, m, sums);                       /* 3 */
        send_boundaries(l, s);                                 /* 4 */
        if (s->it % a->o.check_every == 0) {                   /* 5 */
            MPI_Allgather(sums, 3, MPI_DOUBLE, sums_all, 3, MPI_DOUBLE, MPI_COMM_WORLD);
            double r[3] = {0.0, 0.0, 0.0};
            for (int k = 0; k < size; k++)
                for (int j = 0; j < 3; j++) r[j] += sums_all[3 * k + j];
            for (int j = 0; j < 3; j++) p->r[j] = r[j] * m->vt;
            verdict = ddm_control_observe(&s->control, &a->o, s->it, p->r);
        }
#ifdef AMPI
        if (a->migrate_every > 0 && s->it % a->migrate_every == 0) {
            AMPI_Migrate(AMPI_INFO_LB_SYNC);
            ++*migrations;
        }
#else
        (void)migrations;
#endif
        if (verdict != DDM_CONTINUE || s->it >= a->o.max_iterations) break;
    }
    /* The receives posted in the last step bring the neighbours' final rows. */
    double fl[DDM_HALO];
    complete_receives(l, halo_l, halo_r);
    ddm_row_get(&s->old, s->a - 1, fl);
    if (l->left != MPI_PROC_NULL) memcpy(fl, halo_l, sizeof fl);
    if (verdict == DDM_CONVERGED) terminal_current(s, m, fl, size, p);
    p->time_s = MPI_Wtime() - t0;
    p->iterations = s->it;
    p->verdict = verdict;
    p->reductions = s->control.reductions;
    free(sums_all);
}

static void print_json(const ddm_device *d, const ddm_mesh *m, const args *a, int size, const size_t *starts,
                       const point *pts, size_t npts, long migrations, double total_s) {
    char lib[MPI_MAX_LIBRARY_VERSION_STRING] = "";
    int len = 0;
    MPI_Get_library_version(lib, &len);
    for (char *c = lib; *c; c++)
        if (*c == '\n') {
            *c = 0;
            break;
        } else if (*c == '"' || *c == '\\' || (unsigned char)*c < 32) {
            *c = ' ';
        }
    int converged = npts == (a->bias_given ? a->nbias : d->nbias) && pts[npts - 1].verdict == DDM_CONVERGED;
    long its = 0;
    for (size_t k = 0; k < npts; k++) its += pts[k].iterations;
    printf("{\"program\":\"ddm-mpi\",\"device\":\"%s\",\"mpi_library\":\"%s\",\"ampi\":%s,\"ranks\":%d,"
           "\"rows\":%zu,\"segment_starts\":[",
           d->name, lib,
#ifdef AMPI
           "true",
#else
           "false",
#endif
           size, m->rows);
    for (int k = 0; k < size; k++) printf("%s%zu", k ? "," : "", starts[k]);
    printf("],\"check_every\":%ld,\"migrate_every\":%ld,\"migrations\":%ld,\"tolerance_v\":%.17g,"
           "\"converged\":%s,\"iterations\":%ld,\"time_s\":%.9g,\"biases\":[",
           a->o.check_every, a->migrate_every, migrations, a->o.tolerance_v, converged ? "true" : "false", its,
           total_s);
    for (size_t k = 0; k < npts; k++) {
        const point *p = &pts[k];
        const char *verdict = p->verdict == DDM_CONVERGED ? "converged" : p->verdict == DDM_DIVERGED ? "diverged" : "not converged";
        printf("%s{\"bias_v\":%.17g,\"converged\":%s,\"outcome\":\"%s\",\"iterations\":%ld,", k ? "," : "",
               p->bias_v, p->verdict == DDM_CONVERGED ? "true" : "false", verdict, p->iterations);
        if (p->verdict == DDM_CONVERGED)
            printf("\"terminal_current_a_per_cm2\":%.17g,\"current_resolution_a_per_cm2\":%.17g,",
                   p->current, p->resolution);
        printf("\"residual_potential_v\":%.17g,\"residual_electrons_v\":%.17g,\"residual_holes_v\":%.17g,"
               "\"omega_reductions\":%d,\"time_s\":%.9g}",
               isfinite(p->r[0]) ? p->r[0] : -1.0, isfinite(p->r[1]) ? p->r[1] : -1.0,
               isfinite(p->r[2]) ? p->r[2] : -1.0, p->reductions, p->time_s);
    }
    printf("]}\n");
    fflush(stdout);
}

/* Segment k's first row into starts[k] (starts[size] = rows - 1, the end):
 * equal runs of interior rows, or those `cut` names (size - 1 rows, rising,
 * each segment holding a row at least). 0, or 2 with one line on rank 0. */
static int segment_starts(const char *cut, size_t rows, int size, int rank, size_t *starts) {
    size_t interior = rows - 2;
    starts[0] = 1, starts[size] = rows - 1;
    if (!cut) {
        for (int k = 1; k < size; k++) starts[k] = 1 + (size_t)k * interior / (size_t)size;
        return 0;
    }
    char msg[256];
    const char *p = cut;
    for (int k = 1; k < size; k++) {
        char *end = NULL;
        long r = strtol(p, &end, 10);
        if (end == p || r <= (long)starts[k - 1] || r >= (long)(rows - 1) || (*end != ',' && k + 1 < size) || (*end && k + 1 == size)) {
            snprintf(msg, sizeof msg,
                     "--cut `%s`: expected %d rising rows, separated by commas, between 2 and %zu (the first row of each segment after the first)",
                     cut, size - 1, rows - 2);
            return usage(rank, msg);
        }
        starts[k] = (size_t)r;
        p = end + 1;
    }
    if (size == 1 && *cut) {
        snprintf(msg, sizeof msg, "--cut `%s`: one rank has one segment, nothing to cut", cut);
        return usage(rank, msg);
    }
    return 0;
}

int main(int argc, char **argv) {
    MPI_Init(&argc, &argv);
    int rank, size;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    args a;
    ddm_device *d = malloc(sizeof *d);
    ddm_mesh m;
    char err[512];
    int rc = parse_args(argc, argv, rank, &a);
    if (rc == 0 && (ddm_device_read(a.device, d, err, sizeof err) != 0 || ddm_mesh_build(d, &m, err, sizeof err) != 0))
        rc = usage(rank, err);
    if (rc == 0) {
        size_t interior = m.rows - 2;
        double max_bias = (600.0 - ddm_equilibrium_span(&m));
        max_bias = (max_bias > 0 ? max_bias : 0) * m.vt;
        if ((size_t)size > interior) {
            snprintf(err, sizeof err, "%d ranks: at most one per interior row (%zu)", size, interior);
            rc = usage(rank, err);
        }
        if (!a.bias_given) {
            a.nbias = d->nbias;
            memcpy(a.bias, d->bias_v, d->nbias * sizeof(double));
        }
        for (size_t k = 0; rc == 0 && k < a.nbias; k++)
            if (fabs(a.bias[k]) > max_bias) {
                snprintf(err, sizeof err, "bias %g V is outside the representable range +-%.2f V for this device", a.bias[k], max_bias);
                rc = usage(rank, err);
            }
        if (rc != 0) ddm_mesh_free(&m);
    }
    if (rc != 0) {
        free(d);
        MPI_Finalize();
        return rc;
    }
    /* The decomposition of arts' relaxed order: S equal runs of interior
     * rows (arts' `none`), or the cut given (arts' `app`). */
    size_t *starts = malloc(((size_t)size + 1) * sizeof(size_t));
    if (segment_starts(a.cut, m.rows, size, rank, starts) != 0) {
        free(starts), free(d);
        ddm_mesh_free(&m);
        MPI_Finalize();
        return 2;
    }
    size_t lo = starts[rank], hi = starts[rank + 1];
    ddm_segment s;
    ddm_segment_init(&s, &m, lo, hi, !d->biased_right);
    links l = {rank > 0 ? rank - 1 : MPI_PROC_NULL, rank + 1 < size ? rank + 1 : MPI_PROC_NULL, 0, {0, 0}, 0, {0, 0}};
    MPI_Pack_size(DDM_HALO, MPI_DOUBLE, MPI_COMM_WORLD, &l.size);
    l.in[0] = malloc((size_t)l.size), l.in[1] = malloc((size_t)l.size), l.out = malloc((size_t)l.size);
    point *pts = calloc(a.nbias, sizeof(point));
    size_t npts = 0;
    long migrations = 0;
    double t0 = MPI_Wtime();
    for (size_t k = 0; k < a.nbias; k++) {
        solve(&s, &m, d, &a, &l, size, a.bias[k], &migrations, &pts[npts++]);
        if (pts[npts - 1].verdict != DDM_CONVERGED) break;
    }
    double total = MPI_Wtime() - t0;
    if (rank == 0) print_json(d, &m, &a, size, starts, pts, npts, migrations, total);
    int ok = pts[npts - 1].verdict == DDM_CONVERGED;
    if (rank == 0 && !ok)
        fprintf(stderr, "error: bias %g V did not converge in %ld iterations\n", pts[npts - 1].bias_v, pts[npts - 1].iterations);
    free(l.in[0]), free(l.in[1]), free(l.out), free(pts), free(starts), free(d);
    ddm_segment_free(&s);
    ddm_mesh_free(&m);
    MPI_Finalize();
    return ok ? 0 : 1;
}
