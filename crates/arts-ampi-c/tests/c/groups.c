/* Groups and MPI_Comm_create, MPI_Pack/MPI_Unpack, and the predefined
 * attribute MPI_TAG_UB: group algebra on MPI_COMM_WORLD's group, a
 * communicator of the even ranks and one in reverse order (reductions on
 * both), and a packed message of mixed types (an int, doubles and a matrix
 * column by a vector type) sent to the right neighbour as MPI_PACKED.
 * Rank 0 prints how many checks failed.
 *
 *   groups */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    int rank, size, i, n, r, cmp, sum, want;
    long bad = 0, all = 0;
    MPI_Group world, even, odd, both, none, rest, reversed;
    MPI_Comm ecomm, rcomm;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    int *ranks = malloc(size * sizeof(int)), *back = malloc(size * sizeof(int));

    /* Group algebra. */
    MPI_Comm_group(MPI_COMM_WORLD, &world);
    MPI_Group_size(world, &n);
    MPI_Group_rank(world, &r);
    bad += n != size || r != rank;
    int ne = (size + 1) / 2;
    for (i = 0; i < ne; i++)
        ranks[i] = 2 * i;
    MPI_Group_incl(world, ne, ranks, &even);
    MPI_Group_excl(world, ne, ranks, &odd);
    MPI_Group_size(odd, &n);
    bad += n != size - ne;
    MPI_Group_rank(even, &r);
    bad += r != (rank % 2 == 0 ? rank / 2 : MPI_UNDEFINED);
    MPI_Group_union(odd, even, &both);
    MPI_Group_compare(both, world, &cmp);
    bad += cmp != (size > 1 ? MPI_SIMILAR : MPI_IDENT);
    MPI_Group_intersection(odd, even, &none);
    MPI_Group_size(none, &n);
    MPI_Group_compare(none, MPI_GROUP_EMPTY, &cmp);
    bad += n != 0 || cmp != MPI_IDENT;
    MPI_Group_difference(world, odd, &rest);
    MPI_Group_compare(rest, even, &cmp);
    bad += cmp != MPI_IDENT;
    MPI_Group_compare(odd, even, &cmp);
    bad += cmp != MPI_UNEQUAL;
    for (i = 0; i < ne; i++)
        ranks[i] = i;
    MPI_Group_translate_ranks(even, ne, ranks, world, back);
    for (i = 0; i < ne; i++)
        bad += back[i] != 2 * i;
    ranks[0] = 1 % size;
    ranks[1] = MPI_PROC_NULL;
    MPI_Group_translate_ranks(world, 2, ranks, even, back);
    bad += back[0] != (size > 1 ? MPI_UNDEFINED : 0) || back[1] != MPI_PROC_NULL;
    for (i = 0; i < size; i++)
        ranks[i] = size - 1 - i;
    MPI_Group_incl(world, size, ranks, &reversed);

    /* Communicators of a group's members. */
    MPI_Comm_create(MPI_COMM_WORLD, even, &ecomm);
    if (rank % 2 == 0) {
        MPI_Comm_rank(ecomm, &r);
        MPI_Allreduce(&rank, &sum, 1, MPI_INT, MPI_SUM, ecomm);
        for (want = 0, i = 0; i < size; i += 2)
            want += i;
        bad += r != rank / 2 || sum != want;
        MPI_Comm_free(&ecomm);
    } else {
        bad += ecomm != MPI_COMM_NULL;
    }
    MPI_Comm_create(MPI_COMM_WORLD, reversed, &rcomm);
    MPI_Comm_rank(rcomm, &r);
    bad += r != size - 1 - rank;
    MPI_Allreduce(&r, &sum, 1, MPI_INT, MPI_SUM, rcomm);
    bad += sum != size * (size - 1) / 2;
    MPI_Comm_free(&rcomm);
    MPI_Group *groups[] = {&world, &even, &odd, &both, &none, &rest, &reversed};
    for (i = 0; i < 7; i++) {
        MPI_Group_free(groups[i]);
        bad += *groups[i] != MPI_GROUP_NULL;
    }

    /* A packed message: an int, 3 doubles, column 1 of a 4x4 matrix. */
    int right = (rank + 1) % size, left = (rank + size - 1) % size;
    int m[16], col[16], tag = rank * 10, got_tag, s1, s2, s3, position = 0;
    double d[3] = {rank + 0.5, rank * 2.25, -rank - 1.0}, gd[3];
    MPI_Datatype column;
    MPI_Type_vector(4, 1, 4, MPI_INT, &column);
    MPI_Type_commit(&column);
    for (i = 0; i < 16; i++)
        m[i] = rank * 100 + i;
    MPI_Pack_size(1, MPI_INT, MPI_COMM_WORLD, &s1);
    MPI_Pack_size(3, MPI_DOUBLE, MPI_COMM_WORLD, &s2);
    MPI_Pack_size(1, column, MPI_COMM_WORLD, &s3);
    char *packed = malloc(s1 + s2 + s3), *in = malloc(s1 + s2 + s3);
    MPI_Pack(&tag, 1, MPI_INT, packed, s1 + s2 + s3, &position, MPI_COMM_WORLD);
    MPI_Pack(d, 3, MPI_DOUBLE, packed, s1 + s2 + s3, &position, MPI_COMM_WORLD);
    MPI_Pack(m + 1, 1, column, packed, s1 + s2 + s3, &position, MPI_COMM_WORLD);
    bad += position > s1 + s2 + s3;
    MPI_Sendrecv(packed, position, MPI_PACKED, right, 7, in, s1 + s2 + s3, MPI_PACKED, left, 7,
                 MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    position = 0;
    for (i = 0; i < 16; i++)
        col[i] = -1;
    MPI_Unpack(in, s1 + s2 + s3, &position, &got_tag, 1, MPI_INT, MPI_COMM_WORLD);
    MPI_Unpack(in, s1 + s2 + s3, &position, gd, 3, MPI_DOUBLE, MPI_COMM_WORLD);
    MPI_Unpack(in, s1 + s2 + s3, &position, col + 1, 1, column, MPI_COMM_WORLD);
    bad += got_tag != left * 10 || gd[0] != left + 0.5 || gd[1] != left * 2.25 ||
           gd[2] != -left - 1.0;
    for (i = 0; i < 16; i++)
        bad += col[i] != (i % 4 == 1 ? left * 100 + i : -1);
    MPI_Type_free(&column);

    /* The largest tag: at least 32767 (the standard's minimum). */
    int *tag_ub, flag;
    MPI_Comm_get_attr(MPI_COMM_WORLD, MPI_TAG_UB, &tag_ub, &flag);
    bad += !flag || *tag_ub < 32767;
    MPI_Attr_get(MPI_COMM_WORLD, MPI_TAG_UB, &tag_ub, &flag);
    bad += !flag || *tag_ub < 32767;

    /* An empty group a constructor makes is MPI_GROUP_EMPTY, and freeing it
     * is allowed (Open MPI and MPICH alike). */
    MPI_Group world_group, all_out, none_in;
    MPI_Comm_group(MPI_COMM_WORLD, &world_group);
    for (i = 0; i < size; i++)
        ranks[i] = i;
    MPI_Group_excl(world_group, size, ranks, &all_out);
    MPI_Group_incl(world_group, 0, ranks, &none_in);
    bad += all_out != MPI_GROUP_EMPTY || none_in != MPI_GROUP_EMPTY;
    bad += MPI_Group_free(&all_out) != MPI_SUCCESS || all_out != MPI_GROUP_NULL;
    MPI_Group_free(&none_in);
    MPI_Group_free(&world_group);

    MPI_Reduce(&bad, &all, 1, MPI_LONG, MPI_SUM, 0, MPI_COMM_WORLD);
    if (rank == 0)
        printf("groups: %d ranks, %ld failed checks\n", size, all);
    free(ranks);
    free(back);
    free(packed);
    free(in);
    MPI_Finalize();
    return 0;
}
