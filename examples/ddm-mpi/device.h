/* The device file (the TOML schema of arts' `docs/ddm.md`, the subset
 * listed in README.md) and the scaled discrete problem built from it: the
 * same definitions as arts' Rust solver (crates/arts-ddm, mesh.rs), written
 * again here; nothing is shared but the file format. */
#ifndef DDM_DEVICE_H
#define DDM_DEVICE_H

#include <stddef.h>

#define DDM_MAX_LAYERS 64
#define DDM_MAX_MATERIALS 32
#define DDM_MAX_BIASES 256
#define DDM_NAME 64

/* One material: band-defined (band gap, affinity, Nc, Nv) or intrinsic (n_i). */
typedef struct {
    char name[DDM_NAME];
    double permittivity, mu_n, mu_p, tau_n, tau_p;
    int intrinsic;
    double ni, eg, chi, nc, nv;
} ddm_material;

/* One layer, from the left contact. */
typedef struct {
    char name[DDM_NAME];
    ddm_material mat;
    double thickness_nm, donors, acceptors;
    size_t rows;
} ddm_layer;

/* A parsed, validated device file. */
typedef struct {
    char name[DDM_NAME];
    double temperature_k, spacing_nm;
    int tcad;            /* constants = "tcad" (else codata) */
    double q_over, k_over, eps0_over; /* > 0 where the file replaces a constant */
    int arithmetic;      /* edge_average = "arithmetic" (else harmonic) */
    int biased_right;    /* contacts.biased = "right" */
    size_t nbias;
    double bias_v[DDM_MAX_BIASES];
    size_t nlayers;
    ddm_layer layers[DDM_MAX_LAYERS];
} ddm_device;

/* The scaled problem: per-row and per-edge coefficients (arts' `Mesh`). */
typedef struct {
    size_t rows;
    double h_cm, vt, n_ref, q;
    double *doping, *vn, *vp, *e_vn, *e_vp, *nie, *nie2, *tau_n, *tau_p, *psi_eq;
    double *eps, *mu_n, *mu_p; /* per edge */
    double rho;
} ddm_mesh;

/* Parses device file `path`; on failure writes one line into `err` and returns -1. */
int ddm_device_read(const char *path, ddm_device *d, char *err, size_t errlen);

/* Builds the mesh of `d` with the constant set `tcad` (0: codata; -1: the file's). */
int ddm_mesh_build(const ddm_device *d, ddm_mesh *m, char *err, size_t errlen);

/* Largest |psi_eq| + max(|Vn|, |Vp|) over the rows (thermal voltages). */
double ddm_equilibrium_span(const ddm_mesh *m);

/* The initial-guess weights of a bias step on the left (or right) contact. */
void ddm_bias_weights(const ddm_mesh *m, int left, double *w);

/* Frees the mesh's arrays. */
void ddm_mesh_free(ddm_mesh *m);

#endif
