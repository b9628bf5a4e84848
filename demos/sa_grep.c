/* sa_grep.c - the sa_grep demo: grep-like fixed-string search over a file indexed by sa.h.
 *
 *   sa_grep FILE PATTERN... [--patterns LIST] [--threads T] [--count] [--max K] [--csv]
 *
 * Builds the suffix array of FILE once, then finds every PATTERN (and every line of the file
 * LIST with --patterns) in one sa_search_many call. Prints, per pattern, the lines that contain
 * it (line number:line, at most K lines, default 10; --count: only the number of occurrences).
 * Checks (exit 1 on a failure): every located position really starts the pattern, and for the
 * first 100 patterns the count equals a brute-force scan of the file. Bad arguments exit 2. */
#include "demo_common.h"
#define SA_IMPLEMENTATION
#include "sa.h"

#define USAGE "FILE PATTERN... [--patterns LIST] [--threads T] [--count] [--max K] [--csv]"

int main(int argc, char **argv)
{
    const char *file = NULL, *list = NULL;
    int count_only = 0, csv = 0;
    int64_t maxl = 10;
    sa_options opt;
    memset(&opt, 0, sizeof opt);
    dc_init(argc, argv, USAGE);
    char **pv = (char **)calloc((size_t)argc + 1, sizeof *pv);
    int np = 0;
    for (int i = 1; i < argc; i++) {
        if (dc_is(argv[i], "-h") || dc_is(argv[i], "--help")) dc_help();
        else if (dc_is(argv[i], "--count")) count_only = 1;
        else if (dc_is(argv[i], "--csv")) csv = 1;
        else if (dc_is(argv[i], "--threads")) opt.threads = (int)dc_arg_u64(&i, 0, SA_MAX_THREADS);
        else if (dc_is(argv[i], "--max")) maxl = dc_arg_i64(&i, 0, INT32_MAX);
        else if (dc_is(argv[i], "--patterns")) list = dc_arg_str(&i);
        else if (argv[i][0] == '-' && argv[i][1] != 0) dc_unknown(i);
        else if (!file) file = argv[i];
        else pv[np++] = argv[i];
    }
    if (!file) dc_usage_error("a FILE is required");
    if (np == 0 && !list) dc_usage_error("at least one PATTERN or --patterns LIST is required");
    unsigned char *text, *lt = NULL;
    size_t nz, ln = 0;
    uint64_t nk = dc_file_size(file); /* text (twice while reading), SA, SA-IS's n/4 */
    dc_mem_check(nk * 6 + nk / 4, "the text and its suffix array");
    dc_read_file(file, (size_t)INT32_MAX, &text, &nz);
    if (list) dc_read_file(list, (size_t)1 << 34, &lt, &ln);
    /* patterns: the arguments, then the lines of LIST */
    int64_t npat = np;
    for (size_t i = 0; i < ln; i++) npat += lt[i] == '\n' || i + 1 == ln;
    int64_t *off = (int64_t *)malloc(((size_t)npat + 1) * sizeof *off);
    size_t argbytes = 0;
    for (int i = 0; i < np; i++) argbytes += strlen(pv[i]);
    uint8_t *pats = (uint8_t *)malloc(argbytes + ln + 1);
    int32_t n = (int32_t)nz, *sa = (int32_t *)malloc((nz ? nz : 1) * 4);
    int32_t *lo = (int32_t *)malloc(((size_t)npat + 1) * 4), *cnt = (int32_t *)malloc(((size_t)npat + 1) * 4);
    if (!off || !pats || !sa || !lo || !cnt) { fprintf(stderr, "%s: out of memory\n", dc_prog()); return DC_EXIT_FAIL; }
    int64_t q = 0, k = 0;
    off[0] = 0;
    for (int i = 0; i < np; i++) {
        size_t l = strlen(pv[i]);
        memcpy(pats + q, pv[i], l);
        q += (int64_t)l;
        off[++k] = q;
    }
    for (size_t i = 0, s = 0; i < ln; i++)
        if (lt[i] == '\n' || i + 1 == ln) {
            size_t e = lt[i] == '\n' ? i : i + 1;
            memcpy(pats + q, lt + s, e - s);
            q += (int64_t)(e - s);
            off[++k] = q;
            s = i + 1;
        }
    double t0 = dc_now();
    sa_status st = sa_build(text, sa, n, &opt);
    double t1 = dc_now();
    if (st == SA_OK) st = sa_search_many(text, sa, n, pats, off, npat, lo, cnt, &opt);
    double t2 = dc_now();
    dc_check(st == SA_OK, "sa.h: %s", sa_status_string(st));
    int64_t total = 0;
    for (int64_t i = 0; st == SA_OK && i < npat; i++) {
        const uint8_t *p = pats + off[i];
        int64_t m = off[i + 1] - off[i];
        total += cnt[i];
        for (int32_t j = lo[i]; j < lo[i] + cnt[i]; j++)
            if (!dc_check(sa[j] + m <= n && memcmp(text + sa[j], p, (size_t)m) == 0, "pattern %lld: position %d is not a match",
                          (long long)i, sa[j]))
                break;
        if (i < 100) {
            int64_t c = 0;
            for (int64_t s = 0; s + m <= n; s++) c += memcmp(text + s, p, (size_t)m) == 0;
            dc_check(c == cnt[i], "pattern %lld: count %d, a scan finds %lld", (long long)i, cnt[i], (long long)c);
        }
        if (csv) continue;
        if (count_only || i >= np) { /* list patterns: counts only */
            if (count_only || npat <= 20) printf("%.*s: %d\n", (int)m, (const char *)p, cnt[i]);
            continue;
        }
        /* the lines holding a match, in file order */
        int32_t c = cnt[i];
        int32_t *pos = (int32_t *)malloc(((size_t)c + 1) * 4);
        memcpy(pos, sa + lo[i], (size_t)c * 4);
        for (int32_t a = 1; a < c; a++) { /* insertion sort is fine for a demo's counts; else qsort */
            if (c > 4096) break;
            int32_t x = pos[a], b = a;
            while (b > 0 && pos[b - 1] > x) { pos[b] = pos[b - 1]; b--; }
            pos[b] = x;
        }
        int64_t shown = 0, last_line_end = -1;
        for (int32_t a = 0; a < c && shown < maxl; a++) {
            int64_t s = pos[a], e = pos[a];
            if (s < last_line_end) continue;
            while (s > 0 && text[s - 1] != '\n') s--;
            while (e < n && text[e] != '\n') e++;
            int64_t line = 1;
            for (int64_t z = 0; z < s; z++) line += text[z] == '\n';
            printf("%.*s: %lld:%.*s\n", (int)m, (const char *)p, (long long)line, (int)(e - s), (const char *)text + s);
            last_line_end = e;
            shown++;
        }
        if (c > 0 && shown == maxl) printf("%.*s: ... (%d occurrences)\n", (int)m, (const char *)p, c);
        free(pos);
    }
    if (csv) {
        printf("variant,n,patterns,threads,time_sa_s,time_search_s,occurrences,ok\n");
        printf("sa_grep,%d,%lld,%d,%.6f,%.6f,%lld,%d\n", n, (long long)npat, sa_effective_threads(&opt), t1 - t0, t2 - t1,
               (long long)total, !dc_failed_checks());
    } else
        fprintf(stderr, "sa_grep: %d bytes indexed in %.3f s, %lld patterns searched in %.3f s, %lld occurrences\n", n,
                t1 - t0, (long long)npat, t2 - t1, (long long)total);
    free(text), free(lt), free(pv), free(off), free(pats), free(sa), free(lo), free(cnt);
    return dc_exit_code();
}
