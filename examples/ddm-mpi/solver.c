/* The sub-cycles of one Gummel iteration on a segment, and its controller.
 * Operation for operation the formulas of arts' Rust solver
 * (crates/arts-ddm/src/solver/subcycles.rs): compiled without contraction
 * (-ffp-contract=off) both round alike. */
#include "solver.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define INNER_TOL 1e-10
#define MAX_INNER 60

static double *alloc(size_t n) { return calloc(n ? n : 1, sizeof(double)); }

static void rows_alloc(ddm_rows *r, size_t n) {
    r->psi = alloc(n), r->u = alloc(n), r->v = alloc(n), r->ew = alloc(n), r->ez = alloc(n);
}

static void rows_copy(ddm_rows *dst, const ddm_rows *src, size_t a, size_t b) {
    size_t n = (b - a) * sizeof(double);
    memcpy(dst->psi + a, src->psi + a, n);
    memcpy(dst->u + a, src->u + a, n);
    memcpy(dst->v + a, src->v + a, n);
    memcpy(dst->ew + a, src->ew + a, n);
    memcpy(dst->ez + a, src->ez + a, n);
}

void ddm_row_get(const ddm_rows *r, size_t i, double *out) {
    out[0] = r->psi[i], out[1] = r->u[i], out[2] = r->v[i], out[3] = r->ew[i], out[4] = r->ez[i];
}

void ddm_row_set(ddm_rows *r, size_t i, const double *in) {
    r->psi[i] = in[0], r->u[i] = in[1], r->v[i] = in[2], r->ew[i] = in[3], r->ez[i] = in[4];
}

void ddm_segment_init(ddm_segment *s, const ddm_mesh *m, size_t a, size_t b, int biased_left) {
    size_t n = m->rows;
    memset(s, 0, sizeof *s);
    s->a = a, s->b = b;
    rows_alloc(&s->cur, n);
    rows_alloc(&s->old, n);
    s->an = alloc(n - 1), s->ap = alloc(n - 1);
    s->field = alloc(n - 1), s->jn = alloc(n - 1), s->jp = alloc(n - 1);
    s->weights = alloc(n);
    ddm_bias_weights(m, biased_left, s->weights);
    for (size_t i = 0; i < n; i++) {
        double psi = m->psi_eq[i];
        s->cur.psi[i] = psi;
        s->cur.u[i] = 1.0, s->cur.v[i] = 1.0;
        s->cur.ew[i] = exp(psi + m->vn[i]);
        s->cur.ez[i] = exp(m->vp[i] - psi);
    }
    rows_copy(&s->old, &s->cur, 0, n);
}

void ddm_segment_start_bias(ddm_segment *s, const ddm_mesh *m, int biased_left, double bias_v,
                            const ddm_options *o) {
    size_t n = m->rows;
    ddm_rows *r = &s->cur;
    double dv = (bias_v - s->bias_v) / m->vt;
    if (dv != 0.0) {
        for (size_t i = 1; i + 1 < n; i++) {
            double d = s->weights[i] * dv;
            if (d == 0.0) continue;
            double up = exp(d), down = exp(-d);
            r->psi[i] += d;
            r->u[i] *= down;
            r->v[i] *= up;
            r->ew[i] *= up;
            r->ez[i] *= down;
        }
    }
    double ends[2][2] = {{0.0, biased_left ? bias_v : 0.0},
                         {(double)(n - 1), biased_left ? 0.0 : bias_v}};
    for (int k = 0; k < 2; k++) {
        size_t i = (size_t)ends[k][0];
        double b = ends[k][1] / m->vt;
        double psi = m->psi_eq[i] + b;
        r->psi[i] = psi;
        r->u[i] = exp(-b);
        r->v[i] = exp(b);
        r->ew[i] = exp(psi + m->vn[i]);
        r->ez[i] = exp(m->vp[i] - psi);
    }
    rows_copy(&s->old, &s->cur, 0, n);
    s->bias_v = bias_v;
    s->it = 0;
    ddm_control c = {o->omega_phi, o->omega_carriers, 0, INFINITY, 0, 0};
    s->control = c;
}

/* Scharfetter-Gummel edge mean of e^w between two rows. */
static inline double sg_mean(double w0, double e0, double w1, double e1) {
    double d = w1 - w0;
    if (fabs(d) < 1e-3) return (sqrt(e0) * sqrt(e1)) * (1.0 - d * d / 24.0);
    if (d > 0.0) return d * e0 / (1.0 - e0 / e1);
    return -d * e1 / (1.0 - e1 / e0);
}

/* e^(x + t) from e^x for a small t. */
static inline double exp_shift(double ex, double x_plus_t, double t) {
    if (fabs(t) < 1e-4) return ex * (1.0 + t * (1.0 + t * (0.5 + t * (1.0 / 6.0))));
    return exp(x_plus_t);
}

/* Root of lin - esum*x + beta*e^-x - alpha*e^x + c = 0 by damped Newton; e^root in *ex_out. */
static inline double newton_point(double x, double lin, double esum, double alpha, double beta,
                                  double c, double *ex_out) {
    int k = 0;
    for (;;) {
        k++;
        double ex = exp(x);
        double n = alpha * ex;
        double p = beta / ex;
        double f = lin - esum * x + p - n + c;
        double d = f / (esum + p + n);
        if (fabs(d) > 1.0) d = copysign(1.0, d) * (1.0 + log(fabs(d)));
        x += d;
        if (fabs(d) < INNER_TOL || k >= MAX_INNER) {
            *ex_out = exp_shift(ex, x, d);
            return x;
        }
    }
}

static inline double damped(double omega, double x) { return 1.0 + (omega - 1.0) / (1.0 + x * x); }

/* Over-relaxed Slotboom update: SOR for small steps, in the logarithm for large ones. */
static inline double relax(double prev, double star, double omega) {
    double ratio = star / prev;
    if (fabs(ratio - 1.0) <= 0.1) return prev + omega * (star - prev);
    double d = log(ratio);
    return prev * exp(damped(omega, d) * d);
}

/* End rows of a segment (relaxed order) are updated plainly. */
static inline double omega_at(size_t i, size_t a, size_t b, double omega) {
    return (i == a || i + 1 == b) ? 1.0 : omega;
}

static inline double srh(const ddm_mesh *m, size_t i, double ew, double u, double ez, double v) {
    double d = m->tau_p[i] * (ew * u + m->nie[i]) + m->tau_n[i] * (ez * v + m->nie[i]);
    return m->rho * m->nie2[i] / d;
}

static double phi(ddm_segment *s, const ddm_mesh *m, double omega) {
    size_t a = s->a, b = s->b;
    ddm_rows *cur = &s->cur, *old = &s->old;
    double psi_l = old->psi[a - 1], sum = 0.0;
    for (size_t i = a; i < b; i++) {
        double psi_r = i + 1 == b ? old->psi[b] : cur->psi[i + 1];
        double el = m->eps[i - 1], er = m->eps[i];
        double lin = el * psi_l + er * psi_r;
        double alpha = cur->u[i] * m->e_vn[i];
        double beta = cur->v[i] * m->e_vp[i];
        double prev = cur->psi[i], ex_root;
        double x = newton_point(prev, lin, el + er, alpha, beta, m->doping[i], &ex_root);
        double step = x - prev;
        double w = omega_at(i, a, b, omega);
        double nw = prev + damped(w, step) * step;
        double ex = exp_shift(ex_root, nw, nw - x);
        cur->psi[i] = nw;
        cur->ew[i] = ex * m->e_vn[i];
        cur->ez[i] = m->e_vp[i] / ex;
        sum += fabs(nw - prev);
        psi_l = nw;
    }
    return sum;
}

static double electrons(ddm_segment *s, const ddm_mesh *m, double omega) {
    size_t a = s->a, b = s->b, last = m->rows - 1;
    ddm_rows *cur = &s->cur, *old = &s->old;
    double u_l = old->u[a - 1];
    double a_l = m->mu_n[a - 1] * sg_mean(old->psi[a - 1] + m->vn[a - 1], old->ew[a - 1],
                                          cur->psi[a] + m->vn[a], cur->ew[a]);
    double sum = 0.0;
    for (size_t i = a; i < b; i++) {
        double w_r, e_r, u_r;
        if (i + 1 == b) w_r = old->psi[b] + m->vn[b], e_r = old->ew[b], u_r = old->u[b];
        else w_r = cur->psi[i + 1] + m->vn[i + 1], e_r = cur->ew[i + 1], u_r = cur->u[i + 1];
        double e_i = cur->ew[i];
        double a_r = m->mu_n[i] * sg_mean(cur->psi[i] + m->vn[i], e_i, w_r, e_r);
        double ui = cur->u[i], vi = cur->v[i];
        double g = srh(m, i, e_i, ui, cur->ez[i], vi);
        double star = (a_r * u_r + a_l * u_l + g) / (a_r + a_l + g * vi);
        double nw = relax(ui, star, omega_at(i, a, b, omega));
        cur->u[i] = nw;
        s->an[i - 1] = a_l;
        sum += fabs(nw - ui) / nw;
        a_l = a_r;
        u_l = nw;
    }
    if (b == last) s->an[b - 1] = a_l;
    return sum;
}

static double holes(ddm_segment *s, const ddm_mesh *m, double omega) {
    size_t a = s->a, b = s->b, last = m->rows - 1;
    ddm_rows *cur = &s->cur, *old = &s->old;
    double v_l = old->v[a - 1];
    double a_l = m->mu_p[a - 1] * sg_mean(m->vp[a - 1] - old->psi[a - 1], old->ez[a - 1],
                                          m->vp[a] - cur->psi[a], cur->ez[a]);
    double sum = 0.0;
    for (size_t i = a; i < b; i++) {
        double z_r, e_r, v_r;
        if (i + 1 == b) z_r = m->vp[b] - old->psi[b], e_r = old->ez[b], v_r = old->v[b];
        else z_r = m->vp[i + 1] - cur->psi[i + 1], e_r = cur->ez[i + 1], v_r = cur->v[i + 1];
        double e_i = cur->ez[i];
        double a_r = m->mu_p[i] * sg_mean(m->vp[i] - cur->psi[i], e_i, z_r, e_r);
        double ui = cur->u[i], vi = cur->v[i];
        double g = srh(m, i, cur->ew[i], ui, e_i, vi);
        double star = (a_r * v_r + a_l * v_l + g) / (a_r + a_l + g * ui);
        double nw = relax(vi, star, omega_at(i, a, b, omega));
        cur->v[i] = nw;
        s->ap[i - 1] = a_l;
        sum += fabs(nw - vi) / nw;
        a_l = a_r;
        v_l = nw;
    }
    if (b == last) s->ap[b - 1] = a_l;
    return sum;
}

static void field(ddm_segment *s, const ddm_mesh *m) {
    size_t a = s->a, b = s->b;
    double e_scale = -m->vt / m->h_cm;
    double j_scale = m->q * m->vt * m->n_ref / m->h_cm;
    double lp = s->old.psi[a - 1], lu = s->old.u[a - 1], lv = s->old.v[a - 1];
    for (size_t i = a; i <= b; i++) {
        if (i == b && b != m->rows - 1) break;
        double hp = s->cur.psi[i], hu = s->cur.u[i], hv = s->cur.v[i];
        size_t e = i - 1;
        s->field[e] = e_scale * (hp - lp);
        s->jn[e] = j_scale * s->an[e] * (hu - lu);
        s->jp[e] = -j_scale * s->ap[e] * (hv - lv);
        lp = hp, lu = hu, lv = hv;
    }
}

void ddm_segment_iterate(ddm_segment *s, const ddm_mesh *m, double sums[3]) {
    double w_phi = s->control.omega_phi;
    double w_c = s->control.relaxing ? s->control.omega_c : 1.0;
    s->it++;
    rows_copy(&s->old, &s->cur, s->a, s->b);
    sums[0] = phi(s, m, w_phi);
    sums[1] = electrons(s, m, w_c);
    sums[2] = holes(s, m, w_c);
    field(s, m);
}

int ddm_control_observe(ddm_control *c, const ddm_options *o, long it, const double r[3]) {
    if (!(isfinite(r[0]) && isfinite(r[1]) && isfinite(r[2]))) return DDM_DIVERGED;
    double mx = fmax(fmax(r[0], r[1]), r[2]);
    if (it >= 2 && mx <= o->tolerance_v) return DDM_CONVERGED;
    if (!c->relaxing) {
        c->relaxing = mx < o->overrelax_below_v;
    } else if (o->adaptive && it % 100 == 0) {
        if (mx < 0.5 * c->best_r) {
            c->best_r = mx, c->best_it = it;
        } else if (mx > 1e3 * c->best_r || it - c->best_it >= 5000) {
            c->omega_phi = 1.0 + 0.5 * (c->omega_phi - 1.0);
            c->omega_c = 1.0 + 0.5 * (c->omega_c - 1.0);
            c->reductions++;
            c->best_r = mx, c->best_it = it;
        }
    }
    return DDM_CONTINUE;
}

void ddm_segment_free(ddm_segment *s) {
    ddm_rows *rs[2] = {&s->cur, &s->old};
    for (int k = 0; k < 2; k++) free(rs[k]->psi), free(rs[k]->u), free(rs[k]->v), free(rs[k]->ew), free(rs[k]->ez);
    free(s->an), free(s->ap), free(s->field), free(s->jn), free(s->jp), free(s->weights);
}
