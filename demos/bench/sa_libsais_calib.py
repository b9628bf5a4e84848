#!/usr/bin/env python3
"""demos/bench/sa_libsais_calib.py CSV [SEQ [A]] - the default dispatch's calibration table from a
sa_libsais_bench CSV run with --algos default,psais,parallel (1 thread and more): per input and
thread count, SA-IS's one-thread time, parallel SA-IS's and the doubling's measured time as a
fraction of it, the rule's predictions (the doubling's from the default row, parallel SA-IS's
from the default rule's parallel SA-IS ratio with S = SEQ, default 0.27, and A, default 1.67), what the default ran, and whether that was within
5 % of the fastest of the three. Markdown on stdout."""
import csv
import sys

rows = list(csv.DictReader(open(sys.argv[1])))
S = float(sys.argv[2]) if len(sys.argv) > 2 else 0.27
A = float(sys.argv[3]) if len(sys.argv) > 3 else 1.67
sais = {r["dataset"]: float(r["sa_s"]) for r in rows if r["impl"] == "sa.h-default" and r["threads"] == "1"}
print("| input | threads | SA-IS 1 thread | parallel SA-IS (pred.) | doubling (pred.) | default ran | "
      "default s | fastest | default within 5 % |")
print("| --- | --- | --- | --- | --- | --- | --- | --- | --- |")
by = {}
for r in rows:
    by.setdefault((r["dataset"], int(r["threads"])), {})[r["impl"]] = r
for (ds, t), g in sorted(by.items()):
    if t == 1 or ds not in sais or "sa.h-default" not in g:
        continue
    s1 = sais[ds]
    d = g["sa.h-default"]
    cand = {"SA-IS": s1}
    cells = {}
    wp = A * (S + (1 - S) * (1 + 0.06 * (t - 1)) / t)
    for impl, name, pred in (("sa.h-psais", "parallel SA-IS", wp), ("sa.h-parallel", "doubling", float(d["predicted_ratio"]))):
        if impl in g:
            x = float(g[impl]["sa_s"])
            cand[name] = x
            cells[name] = "%.2f s = %.2f (%.2f)" % (x, x / s1, pred)
        else:
            cells[name] = "- (%.2f)" % pred
    best = min(cand, key=cand.get)
    ds_t = float(d["sa_s"])
    ok = ds_t <= 1.05 * cand[best]
    print("| %s | %d | %.2f s | %s | %s | %s | %.2f s | %s %.2f s | %s |" % (
        ds, t, s1, cells["parallel SA-IS"], cells["doubling"], d["ran"], ds_t, best, cand[best],
        "yes" if ok else "**no** (%.2fx)" % (ds_t / cand[best])))
