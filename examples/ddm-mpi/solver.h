/* Gummel's iteration on one segment of rows [a, b) in the relaxed order:
 * the explicit point updates (Korman-Mayergoyz) of arts' Rust solver
 * (crates/arts-ddm/src/solver: subcycles.rs, controller.rs, state.rs),
 * written again in C. No MPI here: ddm.c moves the halos and residuals. */
#ifndef DDM_SOLVER_H
#define DDM_SOLVER_H

#include "device.h"

/* One row's unknowns as exchanged: psi, u, v, e^(psi+Vn), e^(-psi+Vp). */
#define DDM_HALO 5

/* Per-row unknowns (the whole strip is held; only [a, b) and the halos matter). */
typedef struct {
    double *psi, *u, *v, *ew, *ez;
} ddm_rows;

/* Iteration controls (arts' SolverOptions, relaxed order). */
typedef struct {
    double tolerance_v;
    long max_iterations;
    double omega_phi, omega_carriers, overrelax_below_v;
    int adaptive;
    long check_every;
} ddm_options;

/* The over-relaxation schedule and convergence test (arts' Controller). */
typedef struct {
    double omega_phi, omega_c;
    int relaxing;
    double best_r;
    long best_it;
    int reductions;
} ddm_control;

/* What an observed residual means. */
enum { DDM_CONTINUE, DDM_CONVERGED, DDM_DIVERGED };

/* A segment: its rows, its state, its controller. */
typedef struct {
    size_t a, b;
    ddm_rows cur, old;
    double *an, *ap, *field, *jn, *jp; /* per edge */
    double *weights;
    ddm_control control;
    long it;
    double bias_v;
} ddm_segment;

/* A segment of rows [a, b) at the charge-neutral equilibrium guess. */
void ddm_segment_init(ddm_segment *s, const ddm_mesh *m, size_t a, size_t b, int biased_left);

/* Moves to bias `bias_v` (continuation) and restarts the controller. */
void ddm_segment_start_bias(ddm_segment *s, const ddm_mesh *m, int biased_left, double bias_v,
                            const ddm_options *o);

/* Row i's five values into `out`. */
void ddm_row_get(const ddm_rows *r, size_t i, double *out);

/* Sets row i's five values. */
void ddm_row_set(ddm_rows *r, size_t i, const double *in);

/* One iteration (reset, phi, u, v, field); its sums of |dpsi|, |du|/u, |dv|/v. */
void ddm_segment_iterate(ddm_segment *s, const ddm_mesh *m, double sums[3]);

/* Observes the residual (V) of this iteration; a DDM_* verdict. */
int ddm_control_observe(ddm_control *c, const ddm_options *o, long it, const double r[3]);

/* Frees the segment's arrays. */
void ddm_segment_free(ddm_segment *s);

#endif
