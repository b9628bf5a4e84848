/* pmpi_damage.c - see pmpi_damage.h. Defines MPI_Isend and MPI_Send; the executable's
 * definitions take the calls that would reach the MPI library's, which still serves them
 * through its PMPI_ names (the MPI standard's profiling interface). */
#include "pmpi_damage.h"
#include <mpi.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define DMG_KEEP 64
static int d_rank = -1, d_tag = -1, d_kind = DMG_NONE, d_marker = 0, d_fired = 0;
static long d_k = -1, d_seen = 0;
static void *d_copies[DMG_KEEP];
static int d_ncopies = 0;

void dmg_arm(int rank, long k, dmg_kind kind, int tag, int marker_status)
{
    int i;
    for (i = 0; i < d_ncopies; i++) free(d_copies[i]);
    d_ncopies = 0;
    d_rank = rank;
    d_k = k;
    d_kind = kind;
    d_tag = tag;
    d_marker = marker_status;
    d_fired = 0;
    d_seen = 0;
}

int dmg_fired(void) { return d_fired; }
long dmg_seen(void) { return d_seen; }

const char *dmg_kind_name(dmg_kind kind)
{
    static const char *n[] = {"none", "grow", "grow1", "shrink", "empty", "flip", "marker"};
    return (int)kind >= 0 && kind < DMG_KINDS ? n[kind] : "?";
}

/* The damaged copy of bytes (or the original when this message is not the armed one). */
static const void *dmg_apply(const void *buf, int count, MPI_Datatype dt, int tag, int *ncount, MPI_Datatype *ndt)
{
    int me = -1, es = 0;
    size_t len;
    unsigned char *c = NULL;
    *ncount = count;
    *ndt = dt;
    if (d_kind == DMG_NONE || tag != d_tag) return buf;
    PMPI_Comm_rank(MPI_COMM_WORLD, &me);
    if (me != d_rank) return buf;
    if (d_seen++ != d_k || d_ncopies >= DMG_KEEP) return buf;
    PMPI_Type_size(dt, &es);
    len = (size_t)count * (size_t)es;
    switch (d_kind) {
    case DMG_GROW: case DMG_GROW1: {
        size_t extra = d_kind == DMG_GROW ? 65536 : 1, i;
        c = (unsigned char *)malloc(len + extra);
        if (!c) return buf;
        if (len) memcpy(c, buf, len);
        for (i = 0; i < extra; i++) c[len + i] = (unsigned char)(0xA5 ^ i);
        len += extra;
        break;
    }
    case DMG_SHRINK: case DMG_EMPTY:
        c = (unsigned char *)malloc(len ? len : 1);
        if (!c) return buf;
        if (len) memcpy(c, buf, len);
        len = d_kind == DMG_SHRINK ? len / 2 : 0;
        break;
    case DMG_FLIP:
        c = (unsigned char *)malloc(len ? len : 1);
        if (!c) return buf;
        if (len) memcpy(c, buf, len);
        if (len) c[len - 1] ^= 0x40;
        break;
    case DMG_MARKER: {
        int32_t s = (int32_t)d_marker;
        c = (unsigned char *)malloc(8);
        if (!c) return buf;
        memcpy(c, "CCER", 4);
        memcpy(c + 4, &s, 4);
        len = 8;
        break;
    }
    default: return buf;
    }
    d_copies[d_ncopies++] = c;
    d_fired = 1;
    *ncount = (int)len;
    *ndt = MPI_BYTE;
    return c;
}

int MPI_Isend(const void *buf, int count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm, MPI_Request *request)
{
    int n;
    MPI_Datatype t;
    const void *b = dmg_apply(buf, count, datatype, tag, &n, &t);
    return PMPI_Isend(b, n, t, dest, tag, comm, request);
}

int MPI_Send(const void *buf, int count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm)
{
    int n;
    MPI_Datatype t;
    const void *b = dmg_apply(buf, count, datatype, tag, &n, &t);
    return PMPI_Send(b, n, t, dest, tag, comm);
}
