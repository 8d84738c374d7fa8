/* The rest of the subset, each result checked and printed by rank 0:
 * Ibcast, Ireduce, Iallreduce, Ibarrier with Test/Testall/Waitany,
 * Probe + Get_count, Sendrecv_replace, Scatter(v), Alltoallv, indexed and
 * struct datatypes (Type_size, Type_get_extent), MPI_PROC_NULL partners,
 * Comm_split with MPI_UNDEFINED, Cart_get/Cart_rank, Wtime/Wtick. */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

struct particle {
    double x, y;
    int id;
};

int main(int argc, char **argv)
{
    int size, rank, i, flag, idx, ok;
    MPI_Init(&argc, &argv);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    /* non-blocking collectives */
    int b = rank == 0 ? 77 : 0, s = 0, as = 0;
    int one = rank + 1;
    MPI_Request r[4];
    MPI_Ibcast(&b, 1, MPI_INT, 0, MPI_COMM_WORLD, &r[0]);
    MPI_Ireduce(&one, &s, 1, MPI_INT, MPI_SUM, 0, MPI_COMM_WORLD, &r[1]);
    MPI_Iallreduce(&one, &as, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD, &r[2]);
    MPI_Ibarrier(MPI_COMM_WORLD, &r[3]);
    int done = 0;
    while (!done)
        MPI_Testall(4, r, &done, MPI_STATUSES_IGNORE);
    int nb_ok = b == 77 && as == size && (rank != 0 || s == size * (size + 1) / 2);

    /* probe for a message of unknown size, then receive it */
    int probe_ok = 1;
    if (size > 1) {
        int right = (rank + 1) % size, left = (rank + size - 1) % size;
        int n = 3 + rank, got, *buf = malloc(sizeof(int) * (3 + size));
        for (i = 0; i < n; i++)
            buf[i] = rank;
        MPI_Request sr;
        MPI_Isend(buf, n, MPI_INT, right, 5, MPI_COMM_WORLD, &sr);
        MPI_Status st;
        MPI_Probe(left, 5, MPI_COMM_WORLD, &st);
        MPI_Get_count(&st, MPI_INT, &got);
        int *in = malloc(sizeof(int) * got);
        MPI_Recv(in, got, MPI_INT, st.MPI_SOURCE, st.MPI_TAG, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        probe_ok = got == 3 + left && in[got - 1] == left && st.MPI_SOURCE == left;
        MPI_Wait(&sr, MPI_STATUS_IGNORE);
        free(in);
        free(buf);
    }

    /* Waitany over receives from every other rank */
    int *vals = malloc(sizeof(int) * size);
    MPI_Request *rr = malloc(sizeof(MPI_Request) * size);
    for (i = 0; i < size; i++)
        rr[i] = MPI_REQUEST_NULL;
    for (i = 0; i < size; i++)
        if (i != rank)
            MPI_Irecv(&vals[i], 1, MPI_INT, i, 6, MPI_COMM_WORLD, &rr[i]);
    for (i = 0; i < size; i++)
        if (i != rank)
            MPI_Send(&rank, 1, MPI_INT, i, 6, MPI_COMM_WORLD);
    int waited = 0, any_ok = 1;
    for (;;) {
        MPI_Waitany(size, rr, &idx, MPI_STATUS_IGNORE);
        if (idx == MPI_UNDEFINED)
            break;
        waited++;
        any_ok &= vals[idx] == idx && rr[idx] == MPI_REQUEST_NULL;
    }
    any_ok &= waited == size - 1;

    /* Sendrecv_replace around a ring; PROC_NULL partners do nothing */
    int token = rank;
    MPI_Sendrecv_replace(&token, 1, MPI_INT, (rank + 1) % size, 7, (rank + size - 1) % size, 7,
                         MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    int ring_ok = token == (rank + size - 1) % size;
    int untouched = 5;
    MPI_Status pst;
    MPI_Send(&untouched, 1, MPI_INT, MPI_PROC_NULL, 0, MPI_COMM_WORLD);
    MPI_Recv(&untouched, 1, MPI_INT, MPI_PROC_NULL, 0, MPI_COMM_WORLD, &pst);
    MPI_Get_count(&pst, MPI_INT, &i);
    int null_ok = untouched == 5 && pst.MPI_SOURCE == MPI_PROC_NULL && i == 0;

    /* Scatterv: rank r gets r+1 values */
    int total = size * (size + 1) / 2, *src = NULL, *cnt = NULL, *dsp = NULL;
    int *mine = malloc(sizeof(int) * (rank + 1));
    if (rank == 0) {
        src = malloc(sizeof(int) * total);
        cnt = malloc(sizeof(int) * size);
        dsp = malloc(sizeof(int) * size);
        for (i = 0; i < total; i++)
            src[i] = i;
        for (i = 0; i < size; i++) {
            cnt[i] = i + 1;
            dsp[i] = i * (i + 1) / 2;
        }
    }
    MPI_Scatterv(src, cnt, dsp, MPI_INT, mine, rank + 1, MPI_INT, 0, MPI_COMM_WORLD);
    int scat_ok = mine[0] == rank * (rank + 1) / 2 && mine[rank] == mine[0] + rank;
    int sc = -1, *sa = malloc(sizeof(int) * size);
    for (i = 0; i < size; i++)
        sa[i] = 100 + i;
    MPI_Scatter(sa, 1, MPI_INT, &sc, 1, MPI_INT, 0, MPI_COMM_WORLD);
    scat_ok &= sc == 100 + rank;

    /* Alltoallv: rank r sends i+1 copies of r to rank i */
    int *sc2 = malloc(sizeof(int) * size), *sd = malloc(sizeof(int) * size);
    int *rc2 = malloc(sizeof(int) * size), *rd = malloc(sizeof(int) * size);
    int sn = 0, rn = 0;
    for (i = 0; i < size; i++) {
        sc2[i] = i + 1;
        sd[i] = sn;
        sn += i + 1;
        rc2[i] = rank + 1;
        rd[i] = rn;
        rn += rank + 1;
    }
    int *sb = malloc(sizeof(int) * sn), *rb = malloc(sizeof(int) * rn);
    for (i = 0; i < sn; i++)
        sb[i] = rank;
    MPI_Alltoallv(sb, sc2, sd, MPI_INT, rb, rc2, rd, MPI_INT, MPI_COMM_WORLD);
    int a2a_ok = 1;
    for (i = 0; i < rn; i++)
        a2a_ok &= rb[i] == i / (rank + 1);

    /* indexed: the diagonal of a 4x4 matrix; struct: particles */
    double m[16], diag[4];
    int bl[4] = {1, 1, 1, 1}, disp[4] = {0, 5, 10, 15};
    MPI_Datatype diag_t, part_t;
    MPI_Type_indexed(4, bl, disp, MPI_DOUBLE, &diag_t);
    MPI_Type_commit(&diag_t);
    for (i = 0; i < 16; i++)
        m[i] = rank == 0 ? i : -1;
    MPI_Bcast(m, 1, diag_t, 0, MPI_COMM_WORLD);
    for (i = 0; i < 4; i++)
        diag[i] = m[5 * i];
    int tsize;
    MPI_Aint lb, ext;
    MPI_Type_size(diag_t, &tsize);
    MPI_Type_get_extent(diag_t, &lb, &ext);
    int idx_ok = diag[3] == 15 && tsize == 32 && ext == 128 && (rank == 0 || m[1] == -1);

    struct particle ps[3], pr[3];
    int pbl[3] = {1, 1, 1};
    MPI_Aint pd[3] = {0, sizeof(double), 2 * sizeof(double)};
    MPI_Datatype pt[3] = {MPI_DOUBLE, MPI_DOUBLE, MPI_INT};
    MPI_Type_create_struct(3, pbl, pd, pt, &part_t);
    MPI_Type_commit(&part_t);
    for (i = 0; i < 3; i++) {
        ps[i].x = rank + i;
        ps[i].y = -i;
        ps[i].id = 10 * rank + i;
    }
    MPI_Sendrecv(ps, 3, part_t, (rank + 1) % size, 8, pr, 3, part_t, (rank + size - 1) % size, 8,
                 MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    MPI_Type_size(part_t, &tsize);
    MPI_Type_get_extent(part_t, &lb, &ext);
    int left = (rank + size - 1) % size;
    int struct_ok = pr[2].id == 10 * left + 2 && pr[1].x == left + 1 && tsize == 20 &&
                    ext == (MPI_Aint)sizeof(struct particle);
    MPI_Type_free(&diag_t);
    MPI_Type_free(&part_t);

    /* split with MPI_UNDEFINED; a periodic 1-D ring */
    MPI_Comm firsts, ring;
    MPI_Comm_split(MPI_COMM_WORLD, rank < 2 ? 0 : MPI_UNDEFINED, rank, &firsts);
    int split_ok = (rank < 2) == (firsts != MPI_COMM_NULL);
    if (firsts != MPI_COMM_NULL)
        MPI_Comm_free(&firsts);
    int dims[1] = {size}, per[1] = {1}, coords[1], d2[1], p2[1], rk;
    MPI_Cart_create(MPI_COMM_WORLD, 1, dims, per, 0, &ring);
    MPI_Cart_get(ring, 1, d2, p2, coords);
    coords[0] += size;
    MPI_Cart_rank(ring, coords, &rk);
    int cart_ok = d2[0] == size && p2[0] == 1 && rk == rank;
    MPI_Comm_free(&ring);
    int clock_ok = MPI_Wtick() > 0 && MPI_Wtime() >= 0;

    int mine_ok = nb_ok && probe_ok && any_ok && ring_ok && null_ok && scat_ok && a2a_ok &&
                  idx_ok && struct_ok && split_ok && cart_ok && clock_ok;
    int flags[12] = {nb_ok, probe_ok, any_ok, ring_ok, null_ok, scat_ok,
                     a2a_ok, idx_ok, struct_ok, split_ok, cart_ok, clock_ok};
    int all[12];
    MPI_Reduce(flags, all, 12, MPI_INT, MPI_LAND, 0, MPI_COMM_WORLD);
    MPI_Allreduce(&mine_ok, &ok, 1, MPI_INT, MPI_LAND, MPI_COMM_WORLD);
    (void)flag;
    if (rank == 0)
        printf("more: nonblocking %d probe %d waitany %d replace %d procnull %d scatter %d "
               "alltoallv %d indexed %d struct %d split %d cart %d clock %d\n",
               all[0], all[1], all[2], all[3], all[4], all[5], all[6], all[7], all[8], all[9],
               all[10], all[11]);
    MPI_Finalize();
    return !ok;
}
