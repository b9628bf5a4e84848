/* pmpi_damage.h - a PMPI interposition layer for tests (tests/pmpi_damage.c, linked into the
 * test executable ahead of the MPI library): the k-th point-to-point message with a chosen tag
 * that one chosen rank (of MPI_COMM_WORLD) sends through MPI_Isend or MPI_Send leaves damaged.
 * The caller's buffer is never touched: a damaged copy is sent (kept until the next arm).
 *   dmg_arm(rank, k, kind, tag, marker_status);  ... the collective ...;  dmg_fired();
 *   dmg_arm(-1, 0, DMG_NONE, 0, 0) disarms (and frees the copies). */
#ifndef PMPI_DAMAGE_H
#define PMPI_DAMAGE_H

typedef enum dmg_kind {
    DMG_NONE = 0,
    DMG_GROW,   /* 64 KiB of extra bytes after the message (past any slot: MPI truncation) */
    DMG_GROW1,  /* one extra byte (fits a compressed slot; the stream itself is intact) */
    DMG_SHRINK, /* the first half only */
    DMG_EMPTY,  /* zero bytes */
    DMG_FLIP,   /* the last byte XOR 0x40 (a stream's payload, a raw value's top byte) */
    DMG_MARKER, /* an 8-byte "CCER" error marker carrying marker_status instead of the message */
    DMG_KINDS
} dmg_kind;

void dmg_arm(int rank, long k, dmg_kind kind, int tag, int marker_status);
int dmg_fired(void);           /* 1 once the armed message went out damaged */
long dmg_seen(void);           /* messages with the tag this rank sent since the last arm */
const char *dmg_kind_name(dmg_kind kind);

#endif
