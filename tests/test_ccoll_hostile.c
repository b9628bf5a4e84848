/* test_ccoll_hostile.c - issue 21: ranks that disagree and peers that misbehave. Every case
 * must end with one status on every rank (or the exact answer) well within the time budget;
 * a SIGALRM watchdog names the case that hung. Run at 3 and 4 ranks (2 also works).
 * - settings that differ by rank (eb, REL vs ABS, segment, raw_below, AUTO's model constants,
 *   checksum, codec_plain), for every algorithm: CCOLL_ERR_ARG everywhere and the first
 *   differing field named in ccoll_info.mismatch (ccoll_plan_create_ex);
 * - an intercommunicator: CCOLL_ERR_ARG on every rank;
 * - REL whose rel x (max - min) underflows on data that is not constant: CCOLL_ERR_EB;
 * - the k-th message of one rank damaged by tests/pmpi_damage.c (grown past the slot, grown
 *   by a byte, halved, empty, a flipped byte, a fake error marker), for every algorithm and
 *   the allgather, with and without the checksum. */
#include "pmpi_damage.h"
#define CCOLL_IMPLEMENTATION
#include "ccoll_mpi.h"
#include "check.h"
#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static int P_, R_;
static char t_case[200] = "start";

static void t_alarm(int sig)
{
    static const char m[] = "\ntest_ccoll_hostile: watchdog: hung in case: ";
    (void)sig;
    if (write(2, m, sizeof m - 1) < 0 || write(2, t_case, strlen(t_case)) < 0 || write(2, "\n", 1) < 0) {}
    _exit(3);
}

static void t_allreduce(const void *in, void *out, int n, MPI_Datatype t, MPI_Op op, MPI_Comm c)
{
    MPI_Request r;
    MPI_Iallreduce(in, out, n, t, op, c, &r);
    ccoll__wait(&r, MPI_STATUS_IGNORE);
}

static int all_same_int(int v)
{
    int lo, hi;
    t_allreduce(&v, &lo, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
    t_allreduce(&v, &hi, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
    return lo == hi;
}

typedef struct { ccoll_algo algo; int rpn; uint64_t raw_below; const char *name; } variant;
static const variant VARIANTS[] = {
    {CCOLL_ALGO_AUTO, 0, 0, "auto"},
    {CCOLL_ALGO_RING, 0, 0, "ring"},
    {CCOLL_ALGO_DOC, 0, 0, "doc"},
    {CCOLL_ALGO_HOMCOMP, 0, 0, "homcomp"},
    {CCOLL_ALGO_HOMCOMP_F, 0, 0, "homcomp_f"},
    {CCOLL_ALGO_ARGM, 2, 0, "argm"},
    {CCOLL_ALGO_RECDBL, 0, 1, "recdbl"},
    {CCOLL_ALGO_RECDBL, 0, (uint64_t)1 << 40, "recdbl_raw"},
};
#define NVAR (int)(sizeof VARIANTS / sizeof VARIANTS[0])

static ccoll_config base_cfg(const variant *v)
{
    ccoll_config c = ccoll_config_init(CCOLL_ABS, 1e-3);
    c.algo = v->algo;
    c.ranks_per_node = v->rpn;
    c.raw_below = v->raw_below;
    c.segment = 512;
    c.threads = 1;
    if (v->algo == CCOLL_ALGO_AUTO) { /* fixed constants: no measuring on a busy host */
        c.model.alpha = 1e-6; c.model.beta = 1e-9; c.model.gamma = 1e-10;
        c.model.c = 1e-9; c.model.h = 1e-9; c.model.d = 1e-9;
    }
    return c;
}

/* ---- settings that differ by rank ---------------------------------------------------- */
static void check_mismatch(void)
{
    static const char *fields[] = {"eb", "bound", "segment", "raw_below", "model", "checksum", "codec_plain",
                                   "ranks_per_node", "no_ipc"};
    const int nf = (int)(sizeof fields / sizeof fields[0]);
    const uint64_t n = 3000;
    float x[3000], y[3000];
    for (uint64_t i = 0; i < n; i++) x[i] = (float)sin(0.01 * (double)i + R_);
    for (int vi = 0; vi < NVAR; vi++)
        for (int f = 0; f < nf; f++) {
            const variant *v = &VARIANTS[vi];
            ccoll_config c = base_cfg(v);
            ccoll_plan *P = NULL;
            ccoll_info I;
            int odd = R_ == P_ - 1, st, expect_arg = 1;
            snprintf(t_case, sizeof t_case, "mismatch %s %s", v->name, fields[f]);
            switch (f) {
            case 0: if (odd) c.eb = 2e-3; expect_arg = v->algo != CCOLL_ALGO_RING; break; /* RING ignores eb */
            case 1: if (odd) c.bound = CCOLL_REL; expect_arg = v->algo != CCOLL_ALGO_RING; break;
            case 2: if (odd) c.segment = 1024; break;
            case 3: if (odd) c.raw_below = 7; break;
            case 4: if (odd) c.model.alpha = 2e-6; else c.model.beta = 3e-9; break;
            case 5: if (odd) c.checksum = 1; break;
            case 6: if (odd) c.codec_plain = 1; break;
            case 7: if (odd) c.ranks_per_node = c.ranks_per_node == 1 ? 2 : 1; break;
            case 8: if (odd) c.no_ipc = 1; break; /* what CCOLL_NO_IPC on one rank's environment was */
            }
            memset(&I, 0, sizeof I);
            st = ccoll_plan_create_ex(MPI_COMM_WORLD, n, MPI_FLOAT, &c, &P, &I);
            CHECK(all_same_int(st), "%s: statuses differ across ranks", t_case);
            if (P_ > 1 && expect_arg) {
                CHECK(st == CCOLL_ERR_ARG && !P, "%s: %s", t_case, ccoll_status_string((ccoll_status)st));
                CHECK(I.mismatch && strcmp(I.mismatch, f == 4 ? "model.alpha" : fields[f]) == 0, "%s: mismatch named %s",
                      t_case, I.mismatch ? I.mismatch : "(null)");
            } else {
                CHECK(st == CCOLL_OK && I.mismatch == NULL, "%s: %s", t_case, ccoll_status_string((ccoll_status)st));
                if (st == CCOLL_OK) {
                    st = ccoll_allreduce(P, x, y);
                    CHECK(st == CCOLL_OK && all_same_int(st), "%s allreduce: %s", t_case, ccoll_status_string((ccoll_status)st));
                }
            }
            ccoll_plan_free(P);
        }
    /* what may differ: threads and ranks' own choices that shape no message */
    {
        ccoll_config c = base_cfg(&VARIANTS[4]);
        ccoll_plan *P = NULL;
        int st;
        c.threads = 1 + R_ % 2;
        c.homcomp_qp_whole = R_ % 2;
        snprintf(t_case, sizeof t_case, "threads may differ");
        st = ccoll_plan_create(MPI_COMM_WORLD, n, MPI_FLOAT, &c, &P);
        CHECK(st == CCOLL_OK, "%s: %s", t_case, ccoll_status_string((ccoll_status)st));
        if (st == CCOLL_OK) CHECK(ccoll_allreduce(P, x, y) == CCOLL_OK, "%s allreduce", t_case);
        ccoll_plan_free(P);
    }
}

/* ---- thread counts: above 1024 refused at plan creation, on every rank (issue 21) ------ */
static void check_threads(void)
{
    /* all ranks, one rank (the last, the first), and the largest accepted count */
    static const int bad[] = {100000, 1025, 2147483647, -1};
    const uint64_t n = 3000;
    float x[3000], y[3000];
    for (uint64_t i = 0; i < n; i++) x[i] = (float)cos(0.01 * (double)i + R_);
    CHECK(CCOLL_MAX_THREADS == 1024);
    for (int vi = 0; vi < NVAR; vi++)
        for (int b = 0; b < 4; b++)
            for (int who = 0; who < 3; who++) {
                const variant *v = &VARIANTS[vi];
                ccoll_config c = base_cfg(v);
                ccoll_plan *P = NULL;
                int st;
                if (who == 0 || (who == 1 && R_ == P_ - 1) || (who == 2 && R_ == 0)) c.threads = bad[b];
                snprintf(t_case, sizeof t_case, "threads %d on %s, %s", bad[b], who ? who == 1 ? "the last rank" : "rank 0" : "every rank",
                         v->name);
                st = ccoll_plan_create(MPI_COMM_WORLD, n, MPI_FLOAT, &c, &P);
                CHECK(st == CCOLL_ERR_ARG && !P, "%s: %s", t_case, ccoll_status_string((ccoll_status)st));
                CHECK(all_same_int(st), "%s: statuses differ across ranks", t_case);
                ccoll_plan_free(P);
            }
    {
        ccoll_config c = base_cfg(&VARIANTS[4]);
        ccoll_plan *P = NULL;
        int st;
        c.threads = 1024;
        snprintf(t_case, sizeof t_case, "threads 1024");
        st = ccoll_plan_create(MPI_COMM_WORLD, n, MPI_FLOAT, &c, &P);
        CHECK(st == CCOLL_OK, "%s: %s", t_case, ccoll_status_string((ccoll_status)st));
        if (st == CCOLL_OK) {
            st = ccoll_allreduce(P, x, y);
            CHECK(st == CCOLL_OK && all_same_int(st), "%s allreduce: %s", t_case, ccoll_status_string((ccoll_status)st));
        }
        ccoll_plan_free(P);
    }
}

/* ---- an intercommunicator ------------------------------------------------------------ */
static void check_intercomm(void)
{
    MPI_Comm half, inter;
    ccoll_config c = base_cfg(&VARIANTS[4]);
    ccoll_plan *P = NULL;
    int st, color = R_ % 2;
    if (P_ < 2) return;
    snprintf(t_case, sizeof t_case, "intercommunicator");
    MPI_Comm_split(MPI_COMM_WORLD, color, R_, &half);
    MPI_Intercomm_create(half, 0, MPI_COMM_WORLD, 1 - color, 99, &inter);
    st = ccoll_plan_create(inter, 100, MPI_FLOAT, &c, &P);
    CHECK(st == CCOLL_ERR_ARG && !P, "intercommunicator: %s", ccoll_status_string((ccoll_status)st));
    CHECK(all_same_int(st), "intercommunicator: statuses differ");
    ccoll_plan_free(P);
    MPI_Comm_free(&inter);
    MPI_Comm_free(&half);
}

/* ---- REL underflow ------------------------------------------------------------------- */
static void check_rel_underflow(void)
{
    const uint64_t n = 2000;
    double x[2000], y[2000];
    for (uint64_t i = 0; i < n; i++) x[i] = 1e-298 * (1.0 + sin(0.1 * (double)i + R_));
    for (int vi = 0; vi < NVAR; vi++) {
        const variant *v = &VARIANTS[vi];
        ccoll_config c = base_cfg(v);
        ccoll_plan *P = NULL;
        int st;
        if (v->algo == CCOLL_ALGO_RING || v->raw_below > n) continue; /* raw: no bound */
        c.bound = CCOLL_REL;
        c.eb = 1e-30;
        snprintf(t_case, sizeof t_case, "REL underflow %s", v->name);
        st = ccoll_plan_create(MPI_COMM_WORLD, n, MPI_DOUBLE, &c, &P);
        CHECK(st == CCOLL_OK, "%s create: %s", t_case, ccoll_status_string((ccoll_status)st));
        if (st != CCOLL_OK) continue;
        st = ccoll_allreduce(P, x, y);
        CHECK(st == CCOLL_ERR_EB, "%s: %s", t_case, ccoll_status_string((ccoll_status)st));
        CHECK(all_same_int(st), "%s: statuses differ", t_case);
        st = ccoll_allgather(P, x, NULL);
        ccoll_plan_free(P);
    }
}

/* ---- damaged messages ---------------------------------------------------------------- */
/* One call with message k of rank `victim` damaged as `kind`: the call's status; *any = whether the
 * damage fired on some rank, *I = the plan's info after the call. */
static int damaged_call(ccoll_plan *P, int victim, long k, dmg_kind kind, const float *x, float *y, int allgather,
                        ccoll_info *I, int *any)
{
    int st, fired;
    dmg_arm(victim, k, kind, CCOLL__TAG, CCOLL_ERR_NAN);
    st = allgather ? ccoll_allgather(P, x, y) : ccoll_allreduce(P, x, y);
    fired = dmg_fired();
    dmg_arm(-1, 0, DMG_NONE, 0, 0);
    *any = 0;
    t_allreduce(&fired, any, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
    memset(I, 0, sizeof *I);
    ccoll_plan_info(P, I);
    return st;
}

/* One collective with the k-th message of rank `victim` damaged. Returns 1 when the damage
 * fired somewhere. Checks: the same status on every rank; an error wherever the damage
 * cannot leave the result intact; OK results within the bound of the exact sum. */
static int damage_case(const variant *v, int allgather, int checksum, dmg_kind kind, int victim, long k)
{
    const uint64_t n = 1500; /* segments of 512: 1-3 per block at 3-4 ranks; no 8-byte message */
    static float x[1500], y[1500 * 8];
    static double ref[1500];
    ccoll_config c = base_cfg(v);
    ccoll_plan *P = NULL;
    ccoll_info I;
    int st, any = 0, ok = 1;
    uint64_t i;
    for (i = 0; i < n; i++) x[i] = (float)(sin(0.01 * (double)i + R_) + R_);
    for (i = 0; i < n; i++) {
        double s = 0;
        for (int q = 0; q < P_; q++) s += (float)(sin(0.01 * (double)i + q) + q);
        ref[i] = s;
    }
    c.checksum = checksum;
    snprintf(t_case, sizeof t_case, "damage %s%s checksum=%d %s rank %d message %ld", allgather ? "allgather " : "", v->name,
             checksum, dmg_kind_name(kind), victim, k);
    if (getenv("T_VERBOSE") && R_ == 0) fprintf(stderr, "%s\n", t_case);
    st = ccoll_plan_create(MPI_COMM_WORLD, n, MPI_FLOAT, &c, &P);
    if (!CHECK(st == CCOLL_OK, "%s: create %s", t_case, ccoll_status_string((ccoll_status)st))) return 0;
    if (!allgather) st = ccoll_allreduce(P, x, y); /* AUTO's first call: settled before the damage */
    st = damaged_call(P, victim, k, kind, x, y, allgather, &I, &any);
    CHECK(all_same_int(st), "%s: statuses differ across ranks (%s here)", t_case, ccoll_status_string((ccoll_status)st));
    if (any) {
        /* intact: one extra byte after a compressed stream; a flipped byte without a check */
        /* ArGM's node phases move raw data even though the plan compresses between nodes */
        int raw_msgs = !(I.eb_abs > 0) || I.algo == CCOLL_ALGO_ARGM;
        int may_pass = (kind == DMG_GROW1 && I.eb_abs > 0) || (kind == DMG_FLIP && !(checksum && !raw_msgs));
        if (!may_pass) CHECK(st != CCOLL_OK, "%s: damage not detected", t_case);
        if (st == CCOLL_OK && kind != DMG_FLIP) {
            double tol = P_ * (I.eb_abs > 0 ? I.eb_abs : 0) + 1e-4 * P_;
            for (i = 0; i < n && ok; i++) {
                double got = allgather ? y[(uint64_t)R_ * n + i] : y[i], want = allgather ? x[i] : ref[i];
                ok = CHECK(fabs(got - want) <= (allgather ? I.eb_abs + 1e-6 : tol), "%s: wrong value at %llu", t_case,
                           (unsigned long long)i);
            }
        }
    } else
        CHECK(st == CCOLL_OK, "%s: undamaged call failed: %s", t_case, ccoll_status_string((ccoll_status)st));
    /* the plan still works after the failure */
    st = allgather ? ccoll_allgather(P, x, y) : ccoll_allreduce(P, x, y);
    CHECK(st == CCOLL_OK && all_same_int(st), "%s: next call %s", t_case, ccoll_status_string((ccoll_status)st));
    ccoll_plan_free(P);
    return any;
}

/* A damaged message in the first ring of a guessed HomComp_F call whose step moved (the ring
 * runs again on this call's eb): the first ring's CCOLL_ERR_CORRUPT must survive the re-run
 * (before, the re-run cleared every first-ring failure, so a damaged or stray first-ring
 * message ended in CCOLL_OK). */
static void check_damage_redo(void)
{
    const uint64_t n = 1500;
    static float x[1500], y[1500];
    static const dmg_kind kinds[] = {DMG_SHRINK, DMG_EMPTY};
    variant v = {CCOLL_ALGO_HOMCOMP_F, 0, 0, "homcomp_f"};
    for (int ki = 0; ki < 2; ki++)
        for (int victim = 0; victim < P_; victim += P_ - 1 > 0 ? P_ - 1 : 1) {
            ccoll_config c = base_cfg(&v);
            ccoll_plan *P = NULL;
            ccoll_info I;
            int st, any = 0;
            c.bound = CCOLL_REL;
            c.eb = 1e-4;
            snprintf(t_case, sizeof t_case, "damage redo %s rank %d", dmg_kind_name(kinds[ki]), victim);
            st = ccoll_plan_create(MPI_COMM_WORLD, n, MPI_FLOAT, &c, &P);
            if (!CHECK(st == CCOLL_OK, "%s: create %s", t_case, ccoll_status_string((ccoll_status)st))) continue;
            for (uint64_t i = 0; i < n; i++) x[i] = (float)(sin(0.01 * (double)i + R_) + R_);
            st = ccoll_allreduce(P, x, y); /* the guess for the next call */
            CHECK(st == CCOLL_OK, "%s: first call %s", t_case, ccoll_status_string((ccoll_status)st));
            for (uint64_t i = 0; i < n; i++) x[i] *= 3; /* another step: the ring runs again */
            st = damaged_call(P, victim, 0, kinds[ki], x, y, 0, &I, &any);
            CHECK(all_same_int(st), "%s: statuses differ across ranks (%s here)", t_case, ccoll_status_string((ccoll_status)st));
            CHECK(any, "%s: the damage did not fire", t_case);
            CHECK(st == CCOLL_ERR_CORRUPT, "%s: %s (eb_guess %d), want the first ring's CCOLL_ERR_CORRUPT", t_case,
                  ccoll_status_string((ccoll_status)st), I.eb_guess);
            st = ccoll_allreduce(P, x, y); /* the plan still works */
            CHECK(st == CCOLL_OK && all_same_int(st), "%s: next call %s", t_case, ccoll_status_string((ccoll_status)st));
            ccoll_plan_free(P);
        }
}

static void check_damage(void)
{
    int victims[2] = {0, P_ - 1}, n = 0;
    for (int ag = 0; ag < 2; ag++)
        for (int vi = 0; vi < NVAR; vi++) {
            const variant *v = &VARIANTS[vi];
            if (ag && vi > 1 && vi != 4) continue; /* allgather: RING (raw) and any compressed one */
            for (int cs = 0; cs < 2; cs++)
                for (int kind = 1; kind < DMG_KINDS; kind++, n++) /* victim and message vary with the case */
                    damage_case(v, ag, cs, (dmg_kind)kind, victims[(n / 3) % 2], (long)(n % 5));
        }
}

int main(int argc, char **argv)
{
    double t0;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &R_);
    MPI_Comm_size(MPI_COMM_WORLD, &P_);
    /* MPICH (4.0) raises a request's errors, such as a message longer than its receive slot
     * (MPI_ERR_TRUNCATE), on MPI_COMM_WORLD's handler whatever the request's communicator has:
     * with the default handler the job aborts there (ccoll_mpi.h's manual says so). */
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    check_init(argc, argv);
    signal(SIGALRM, t_alarm);
    alarm(200); /* the whole program; meson's timeout is the backstop */
    t0 = MPI_Wtime();
    check_mismatch();
    check_threads();
    check_intercomm();
    check_rel_underflow();
    if (!R_) fprintf(stderr, "settings done %.2f s\n", MPI_Wtime() - t0);
    check_damage();
    check_damage_redo();
    if (!R_) fprintf(stderr, "damage done %.2f s\n", MPI_Wtime() - t0);
    {
        int fails = (int)check_failures(), all = 0;
        t_allreduce(&fails, &all, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
        CHECK(all == 0, "failures on other ranks: %d", all - fails);
    }
    alarm(0);
    {
        int rc = check_done();
        MPI_Finalize();
        return rc;
    }
}
