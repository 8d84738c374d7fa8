/* Device files (a TOML subset, README.md) and the scaled problem. The
 * formulas follow arts' crates/arts-ddm/src/mesh.rs operation by operation,
 * so that both programs round alike. */
#include "device.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_FILE (1 << 20)
#define MAX_ROWS 5000000

static int fail(char *err, size_t n, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err, n, fmt, ap);
    va_end(ap);
    return -1;
}

static const ddm_material BUILTIN[] = {
    {"Si", 11.7, 1400.0, 450.0, 1e-7, 1e-7, 1, 1.0e10, 0, 0, 0, 0},
    {"InP", 12.5, 4600.0, 150.0, 1e-8, 1e-8, 0, 0, 1.344, 4.38, 5.7e17, 1.1e19},
    {"InGaAs", 13.9, 12000.0, 300.0, 1e-7, 1e-7, 0, 0, 0.75, 4.63, 2.1e17, 7.7e18},
    {"InGaAsP", 13.3, 4000.0, 150.0, 1e-8, 1e-8, 0, 0, 0.95, 4.5376, 3.7e17, 9.0e18},
};

/* A material table as written: which keys were given. */
typedef struct {
    char name[DDM_NAME];
    double v[10];
    int given[10];
} mat_spec;

static const char *MAT_KEYS[10] = {"permittivity", "mu_n_cm2_per_vs", "mu_p_cm2_per_vs",
                                   "tau_n_s",      "tau_p_s",         "band_gap_ev",
                                   "affinity_ev",  "nc_cm3",          "nv_cm3",
                                   "ni_cm3"};

typedef enum { SEC_TOP, SEC_CONTACTS, SEC_LAYER, SEC_MATERIAL } section;

/* A value: a string, a number or a one-line array of numbers. */
typedef struct {
    int kind; /* 's', 'n', 'a' */
    char s[DDM_NAME];
    double n;
    size_t len;
    double a[DDM_MAX_BIASES];
} value;

static char *trim(char *s) {
    while (*s == ' ' || *s == '\t') s++;
    size_t n = strlen(s);
    while (n > 0 && (s[n - 1] == ' ' || s[n - 1] == '\t' || s[n - 1] == '\r')) s[--n] = 0;
    return s;
}

/* Parses one number (TOML: digits with optional underscores); returns the end or NULL. */
static const char *number(const char *p, double *out) {
    char buf[64];
    size_t k = 0;
    while (*p && strchr("+-0123456789.eE_", *p) && k + 1 < sizeof buf) {
        if (*p != '_') buf[k++] = *p;
        p++;
    }
    buf[k] = 0;
    if (k == 0) return NULL;
    char *end;
    *out = strtod(buf, &end);
    if (*end != 0) return NULL;
    return p;
}

/* Parses the value text `p` (comment stripped); 0 or -1. */
static int parse_value(const char *p, value *v) {
    if (*p == '"') {
        const char *q = strchr(p + 1, '"');
        if (!q || (size_t)(q - p - 1) >= DDM_NAME || memchr(p + 1, '\\', (size_t)(q - p - 1)))
            return -1;
        v->kind = 's';
        memcpy(v->s, p + 1, (size_t)(q - p - 1));
        v->s[q - p - 1] = 0;
        return *trim((char *)q + 1) == 0 ? 0 : -1;
    }
    if (*p == '[') {
        v->kind = 'a';
        v->len = 0;
        p++;
        for (;;) {
            while (*p == ' ' || *p == '\t') p++;
            if (*p == ']') break;
            if (v->len == DDM_MAX_BIASES) return -1;
            p = number(p, &v->a[v->len]);
            if (!p) return -1;
            v->len++;
            while (*p == ' ' || *p == '\t') p++;
            if (*p == ',') p++;
            else if (*p != ']') return -1;
        }
        return *trim((char *)p + 1) == 0 ? 0 : -1;
    }
    v->kind = 'n';
    p = number(p, &v->n);
    return p && *p == 0 ? 0 : -1;
}

/* Cuts a line at a `#` outside a string. */
static void strip_comment(char *s) {
    int in = 0;
    for (; *s; s++) {
        if (*s == '"') in = !in;
        else if (*s == '#' && !in) {
            *s = 0;
            return;
        }
    }
}

static int want(int line, const char *key, const value *v, int kind, char *err, size_t n) {
    static const char *names[] = {"a string", "a number", "an array of numbers"};
    if (v->kind == kind) return 0;
    int k = kind == 's' ? 0 : kind == 'n' ? 1 : 2;
    return fail(err, n, "device file line %d: `%s` must be %s", line, key, names[k]);
}

static int resolve(const char *name, const mat_spec *user, size_t nuser, ddm_material *out,
                   char *err, size_t n, const char *layer) {
    for (size_t k = 0; k < nuser; k++) {
        if (strcmp(user[k].name, name) != 0) continue;
        const mat_spec *s = &user[k];
        for (int j = 0; j < 5; j++)
            if (!s->given[j])
                return fail(err, n, "material `%s`: missing %s", name, MAT_KEYS[j]);
        for (int j = 0; j < 10; j++)
            if (s->given[j] && j != 6 && !(isfinite(s->v[j]) && s->v[j] > 0))
                return fail(err, n, "material `%s`: %s = %g must be a positive finite number",
                            name, MAT_KEYS[j], s->v[j]);
        int bands = s->given[5] + s->given[6] + s->given[7] + s->given[8];
        memset(out, 0, sizeof *out);
        snprintf(out->name, DDM_NAME, "%s", name);
        out->permittivity = s->v[0];
        out->mu_n = s->v[1];
        out->mu_p = s->v[2];
        out->tau_n = s->v[3];
        out->tau_p = s->v[4];
        if (s->given[9] && bands == 0) {
            out->intrinsic = 1;
            out->ni = s->v[9];
        } else if (!s->given[9] && bands == 4 && isfinite(s->v[6])) {
            out->eg = s->v[5];
            out->chi = s->v[6];
            out->nc = s->v[7];
            out->nv = s->v[8];
        } else {
            return fail(err, n,
                        "material `%s`: give either ni_cm3 alone or all of band_gap_ev, "
                        "affinity_ev, nc_cm3, nv_cm3",
                        name);
        }
        return 0;
    }
    for (size_t k = 0; k < sizeof BUILTIN / sizeof BUILTIN[0]; k++)
        if (strcmp(BUILTIN[k].name, name) == 0) {
            *out = BUILTIN[k];
            return 0;
        }
    return fail(err, n, "layer `%s`: unknown material `%s` (known: Si, InP, InGaAs, InGaAsP%s)",
                layer, name, nuser ? " and the file's [materials.*]" : "");
}

int ddm_device_read(const char *path, ddm_device *d, char *err, size_t en) {
    FILE *f = fopen(path, "rb");
    if (!f) return fail(err, en, "cannot read device file `%s`", path);
    char *text = malloc(MAX_FILE + 1);
    size_t len = fread(text, 1, MAX_FILE + 1, f);
    fclose(f);
    if (len > MAX_FILE) {
        free(text);
        return fail(err, en, "device file `%s` is larger than 1 MiB", path);
    }
    text[len] = 0;
    memset(d, 0, sizeof *d);
    d->temperature_k = 300.0;
    d->nbias = 1;
    d->bias_v[0] = 0.0;
    const char *base = strrchr(path, '/');
    snprintf(d->name, DDM_NAME, "%s", base ? base + 1 : path);
    char *dot = strrchr(d->name, '.');
    if (dot) *dot = 0;
    static mat_spec mats[DDM_MAX_MATERIALS];
    static char layer_mat[DDM_MAX_LAYERS][DDM_NAME];
    static int layer_seen[DDM_MAX_LAYERS][3];
    size_t nmats = 0;
    int spacing_given = 0, rc = 0;
    section sec = SEC_TOP;
    int line = 0;
    char *save = NULL;
    for (char *raw = strtok_r(text, "\n", &save); raw; raw = strtok_r(NULL, "\n", &save)) {
        line++;
        strip_comment(raw);
        char *s = trim(raw);
        if (!*s) continue;
        if (s[0] == '[') {
            if (strcmp(s, "[[layers]]") == 0) {
                if (d->nlayers == DDM_MAX_LAYERS) {
                    rc = fail(err, en, "device file line %d: more than %d layers", line, DDM_MAX_LAYERS);
                    break;
                }
                memset(layer_seen[d->nlayers], 0, sizeof layer_seen[0]);
                d->nlayers++;
                sec = SEC_LAYER;
            } else if (strcmp(s, "[contacts]") == 0) {
                sec = SEC_CONTACTS;
            } else if (strncmp(s, "[materials.", 11) == 0 && s[strlen(s) - 1] == ']' &&
                       strlen(s) - 12 < DDM_NAME && nmats < DDM_MAX_MATERIALS) {
                memset(&mats[nmats], 0, sizeof mats[0]);
                memcpy(mats[nmats].name, s + 11, strlen(s) - 12);
                nmats++;
                sec = SEC_MATERIAL;
            } else if (strcmp(s, "[[doping]]") == 0) {
                rc = fail(err, en,
                          "device file line %d: analytic [[doping]] profiles are not supported "
                          "by the C program (accepted: uniform layer dopings)",
                          line);
                break;
            } else {
                rc = fail(err, en,
                          "device file line %d: unknown table %s (accepted: [contacts], "
                          "[[layers]], [materials.NAME])",
                          line, s);
                break;
            }
            continue;
        }
        char *eq = strchr(s, '=');
        if (!eq) {
            rc = fail(err, en, "device file line %d: expected `key = value`", line);
            break;
        }
        *eq = 0;
        char *key = trim(s);
        value v;
        if (parse_value(trim(eq + 1), &v) != 0) {
            rc = fail(err, en, "device file line %d: cannot read the value of `%s`", line, key);
            break;
        }
        if (sec == SEC_TOP) {
            if (!strcmp(key, "name")) {
                if ((rc = want(line, key, &v, 's', err, en))) break;
                snprintf(d->name, DDM_NAME, "%s", v.s);
            } else if (!strcmp(key, "temperature_k")) {
                if ((rc = want(line, key, &v, 'n', err, en))) break;
                d->temperature_k = v.n;
            } else if (!strcmp(key, "spacing_nm")) {
                if ((rc = want(line, key, &v, 'n', err, en))) break;
                d->spacing_nm = v.n;
                spacing_given = 1;
            } else if (!strcmp(key, "constants")) {
                if ((rc = want(line, key, &v, 's', err, en))) break;
                if (!strcmp(v.s, "tcad")) d->tcad = 1;
                else if (strcmp(v.s, "codata") != 0) {
                    rc = fail(err, en, "unknown constant set `%s` (accepted: codata, tcad)", v.s);
                    break;
                }
            } else if (!strcmp(key, "bias_v")) {
                if ((rc = want(line, key, &v, 'a', err, en))) break;
                d->nbias = v.len;
                memcpy(d->bias_v, v.a, v.len * sizeof(double));
            } else if (!strcmp(key, "q_c") || !strcmp(key, "k_j_per_k") ||
                       !strcmp(key, "eps0_f_per_cm")) {
                if ((rc = want(line, key, &v, 'n', err, en))) break;
                if (!(isfinite(v.n) && v.n > 0)) {
                    rc = fail(err, en, "%s = %g must be a positive number", key, v.n);
                    break;
                }
                *(key[0] == 'q' ? &d->q_over : key[0] == 'k' ? &d->k_over : &d->eps0_over) = v.n;
            } else if (!strcmp(key, "edge_average")) {
                if ((rc = want(line, key, &v, 's', err, en))) break;
                if (!strcmp(v.s, "arithmetic")) d->arithmetic = 1;
                else if (strcmp(v.s, "harmonic") != 0) {
                    rc = fail(err, en, "device file line %d: edge_average `%s` (accepted: harmonic, arithmetic)", line, v.s);
                    break;
                }
            } else if (!strcmp(key, "mesh")) {
                if ((rc = want(line, key, &v, 's', err, en))) break;
                if (strcmp(v.s, "cells") != 0) {
                    rc = fail(err, en, "device file line %d: mesh `%s`: the C program supports mesh = \"cells\" only", line, v.s);
                    break;
                }
            } else if (!strcmp(key, "node_csv")) {
                rc = fail(err, en, "device file line %d: node_csv is not supported by the C program (accepted: uniform layers)", line);
                break;
            } else {
                rc = fail(err, en, "device file line %d: unknown key `%s`", line, key);
                break;
            }
        } else if (sec == SEC_CONTACTS) {
            if ((rc = want(line, key, &v, 's', err, en))) break;
            if (!strcmp(key, "biased") && (!strcmp(v.s, "left") || !strcmp(v.s, "right"))) {
                d->biased_right = !strcmp(v.s, "right");
            } else if ((!strcmp(key, "left") || !strcmp(key, "right")) && !strcmp(v.s, "ohmic")) {
            } else {
                rc = fail(err, en, "device file line %d: contacts.%s = \"%s\" (accepted: left/right = \"ohmic\", biased = \"left\" or \"right\")", line, key, v.s);
                break;
            }
        } else if (sec == SEC_LAYER) {
            ddm_layer *l = &d->layers[d->nlayers - 1];
            size_t li = d->nlayers - 1;
            if (!strcmp(key, "name")) {
                if ((rc = want(line, key, &v, 's', err, en))) break;
                snprintf(l->name, DDM_NAME, "%s", v.s);
                layer_seen[li][0] = 1;
            } else if (!strcmp(key, "material")) {
                if ((rc = want(line, key, &v, 's', err, en))) break;
                snprintf(layer_mat[li], DDM_NAME, "%s", v.s);
                layer_seen[li][1] = 1;
            } else if (!strcmp(key, "thickness_nm")) {
                if ((rc = want(line, key, &v, 'n', err, en))) break;
                l->thickness_nm = v.n;
                layer_seen[li][2] = 1;
            } else if (!strcmp(key, "donors_cm3") || !strcmp(key, "acceptors_cm3")) {
                if ((rc = want(line, key, &v, 'n', err, en))) break;
                *(key[0] == 'd' ? &l->donors : &l->acceptors) = v.n;
            } else {
                rc = fail(err, en, "device file line %d: unknown layer key `%s`", line, key);
                break;
            }
        } else {
            mat_spec *m = &mats[nmats - 1];
            int k = 0;
            while (k < 10 && strcmp(MAT_KEYS[k], key) != 0) k++;
            if (k == 10) {
                rc = fail(err, en, "device file line %d: unknown material key `%s`", line, key);
                break;
            }
            if ((rc = want(line, key, &v, 'n', err, en))) break;
            m->v[k] = v.n;
            m->given[k] = 1;
        }
    }
    free(text);
    if (rc) return rc;
    if (d->temperature_k < 50.0 || d->temperature_k > 1000.0)
        return fail(err, en, "temperature_k = %g: accepted are 50 to 1000 K", d->temperature_k);
    if (!spacing_given || !(isfinite(d->spacing_nm) && d->spacing_nm > 0))
        return fail(err, en, "spacing_nm must be a positive number of nanometres");
    if (d->nbias == 0) return fail(err, en, "bias_v must be a non-empty list of finite voltages");
    for (size_t k = 0; k < d->nbias; k++)
        if (!isfinite(d->bias_v[k]))
            return fail(err, en, "bias_v must be a non-empty list of finite voltages");
    if (d->nlayers == 0) return fail(err, en, "the device has no [[layers]]");
    size_t total = 0;
    int intrinsic = 0;
    for (size_t i = 0; i < d->nlayers; i++) {
        ddm_layer *l = &d->layers[i];
        const char *miss = !layer_seen[i][0] ? "name" : !layer_seen[i][1] ? "material"
                           : !layer_seen[i][2] ? "thickness_nm" : NULL;
        if (miss) return fail(err, en, "layer %zu: missing `%s`", i + 1, miss);
        if (resolve(layer_mat[i], mats, nmats, &l->mat, err, en, l->name) != 0) return -1;
        intrinsic += l->mat.intrinsic;
        if (!(isfinite(l->thickness_nm) && l->thickness_nm > 0))
            return fail(err, en, "layer `%s`: thickness_nm = %g must be positive", l->name, l->thickness_nm);
        if (!(isfinite(l->donors) && l->donors >= 0 && l->donors <= 1e22) ||
            !(isfinite(l->acceptors) && l->acceptors >= 0 && l->acceptors <= 1e22))
            return fail(err, en, "layer `%s`: dopings must be between 0 and 1e22 cm^-3", l->name);
        double exact = l->thickness_nm / d->spacing_nm;
        double rows = round(exact);
        if (rows < 1.0 || fabs(exact - rows) > 1e-6 * (rows > 1.0 ? rows : 1.0))
            return fail(err, en, "layer `%s`: thickness %g nm is not a whole number of %g nm mesh rows",
                        l->name, l->thickness_nm, d->spacing_nm);
        if (rows > MAX_ROWS || total + (size_t)rows > MAX_ROWS)
            return fail(err, en, "the device is more than %d mesh rows", MAX_ROWS);
        l->rows = (size_t)rows;
        total += l->rows;
    }
    if (total < 3) return fail(err, en, "the device has %zu mesh rows; at least 3 are needed", total);
    if (intrinsic != 0 && (size_t)intrinsic != d->nlayers)
        return fail(err, en, "a heterostructure needs band_gap_ev, affinity_ev, nc_cm3 and nv_cm3 for every material");
    return 0;
}

static double *alloc(size_t n) { return calloc(n ? n : 1, sizeof(double)); }

int ddm_mesh_build(const ddm_device *d, ddm_mesh *m, char *err, size_t en) {
    /* Constants: CODATA 2018 or the TCAD set, then the file's replacements. */
    double q = d->tcad ? 1.6e-19 : 1.602176634e-19;
    double k = d->tcad ? 1.3806503e-23 : 1.380649e-23;
    double eps0 = d->tcad ? 8.85e-14 : 8.8541878128e-14;
    if (d->q_over > 0) q = d->q_over;
    if (d->k_over > 0) k = d->k_over;
    if (d->eps0_over > 0) eps0 = d->eps0_over;
    size_t rows = 0;
    for (size_t i = 0; i < d->nlayers; i++) rows += d->layers[i].rows;
    double t = d->temperature_k;
    double vt = k * t / q;
    double h = d->spacing_nm * 1e-7;
    double dos = pow(t / 300.0, 1.5);
    double band[DDM_MAX_LAYERS][4];
    for (size_t i = 0; i < d->nlayers; i++) {
        const ddm_material *mt = &d->layers[i].mat;
        if (mt->intrinsic) {
            band[i][0] = 0.0, band[i][1] = 0.0, band[i][2] = mt->ni, band[i][3] = mt->ni;
        } else {
            band[i][0] = mt->eg, band[i][1] = mt->chi;
            band[i][2] = mt->nc * dos, band[i][3] = mt->nv * dos;
        }
    }
    double eg_r = band[0][0], chi_r = band[0][1], nc_r = band[0][2], nv_r = band[0][3];
    double n_ref = sqrt(nc_r * nv_r) * exp(-eg_r / (2.0 * vt));
    memset(m, 0, sizeof *m);
    m->rows = rows, m->h_cm = h, m->vt = vt, m->n_ref = n_ref, m->q = q;
    m->rho = h * h / vt;
    double **row_arrays[] = {&m->doping, &m->vn,    &m->vp,    &m->e_vn,  &m->e_vp,
                             &m->nie,    &m->nie2,  &m->tau_n, &m->tau_p, &m->psi_eq};
    for (size_t a = 0; a < sizeof row_arrays / sizeof row_arrays[0]; a++) *row_arrays[a] = alloc(rows);
    m->eps = alloc(rows - 1), m->mu_n = alloc(rows - 1), m->mu_p = alloc(rows - 1);
    double *eps_row = alloc(rows), *mun_row = alloc(rows), *mup_row = alloc(rows);
    size_t i = 0;
    for (size_t li = 0; li < d->nlayers; li++) {
        const ddm_layer *l = &d->layers[li];
        double vn = log(band[li][2] / nc_r) + (band[li][1] - chi_r) / vt;
        double vp = log(band[li][3] / nv_r) - (band[li][1] + band[li][0] - chi_r - eg_r) / vt;
        for (size_t r = 0; r < l->rows; r++, i++) {
            double nie = exp(0.5 * (vn + vp));
            double c = (l->donors - l->acceptors) / n_ref;
            double half = 0.5 * c;
            double root = sqrt(half * half + nie * nie);
            double n = c >= 0.0 ? half + root : nie * nie / (root - half);
            m->doping[i] = c;
            m->vn[i] = vn, m->vp[i] = vp;
            m->e_vn[i] = exp(vn), m->e_vp[i] = exp(vp);
            m->nie[i] = nie, m->nie2[i] = nie * nie;
            m->tau_n[i] = l->mat.tau_n, m->tau_p[i] = l->mat.tau_p;
            m->psi_eq[i] = log(n) - vn;
            eps_row[i] = l->mat.permittivity;
            mun_row[i] = l->mat.mu_n, mup_row[i] = l->mat.mu_p;
        }
    }
    double span = ddm_equilibrium_span(m);
    if (!(isfinite(n_ref) && n_ref > 0.0 && isfinite(span) && span < 600.0)) {
        free(eps_row), free(mun_row), free(mup_row);
        ddm_mesh_free(m);
        return fail(err, en, "at %g K the device's densities span more than e^600: not representable; raise temperature_k", t);
    }
    double kk = eps0 * vt / (q * n_ref * h * h);
    for (size_t e = 0; e + 1 < rows; e++) {
        double a, b;
#define AVG(x, y) (d->arithmetic ? 0.5 * ((x) + (y)) : 2.0 * (x) * (y) / ((x) + (y)))
        a = eps_row[e], b = eps_row[e + 1];
        m->eps[e] = kk * AVG(a, b);
        a = mun_row[e], b = mun_row[e + 1];
        m->mu_n[e] = AVG(a, b);
        a = mup_row[e], b = mup_row[e + 1];
        m->mu_p[e] = AVG(a, b);
#undef AVG
    }
    free(eps_row), free(mun_row), free(mup_row);
    return 0;
}

double ddm_equilibrium_span(const ddm_mesh *m) {
    double s = 0.0;
    for (size_t i = 0; i < m->rows; i++) {
        double b = fmax(fabs(m->vn[i]), fabs(m->vp[i]));
        s = fmax(s, fabs(m->psi_eq[i]) + b);
    }
    return s;
}

static int sign(double c) { return c > 0.0 ? 1 : c < 0.0 ? -1 : 0; }

void ddm_bias_weights(const ddm_mesh *m, int left, double *w) {
    size_t n = m->rows, changes = 0, j = 0;
    for (size_t i = 1; i < n; i++) {
        int a = sign(m->doping[i - 1]), b = sign(m->doping[i]);
        int across = i >= 2 && a == 0 && sign(m->doping[i - 2]) == -b;
        if (b != 0 && ((a != 0 && a != b) || across)) {
            changes++;
            j = i;
        }
    }
    for (size_t i = 0; i < n; i++) {
        double from_left = changes == 1 ? (i < j ? 1.0 : 0.0) : 1.0 - (double)i / (double)(n - 1);
        w[i] = left ? from_left : 1.0 - from_left;
    }
}

void ddm_mesh_free(ddm_mesh *m) {
    double *arrays[] = {m->doping, m->vn,     m->vp,   m->e_vn, m->e_vp, m->nie, m->nie2,
                        m->tau_n,  m->tau_p,  m->psi_eq, m->eps, m->mu_n, m->mu_p};
    for (size_t a = 0; a < sizeof arrays / sizeof arrays[0]; a++) free(arrays[a]);
    memset(m, 0, sizeof *m);
}
