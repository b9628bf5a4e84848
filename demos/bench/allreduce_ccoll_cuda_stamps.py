#!/usr/bin/env python3
"""demos/bench/allreduce_ccoll_cuda_stamps.py STAMPS.TXT - issue 28: ArGM over IPC's chunk pipeline from
the stamps builds of the device bench (stamps.txt of allreduce_ccoll_cuda_table_run.sh with STAMPS=...:
"stamps,LABEL,ALGO,DATA,N,RANK,CALL,CALL_MS,push=..,sumw=..,sum=..,pullw=..,pull=.."; each point in ms
after an event on the caller's stream just before the call, on that rank's GPU, chunk by chunk).
Per label and size: the calls split into fast (at most 1.12x the fastest call) and slow, and for each
the median over calls and ranks of
  push   the last chunk's pushes done (stream B; an event completes when the work before it is done)
  wait   the sums' waits for the peers' pushes (sumw[c] - sum[c-1]; c = 0: from the call's start,
         the preamble included; summed over chunks)
  sum    the sum kernels (sum[c] - sumw[c], summed)
  sumend the last chunk's sum done
  pullw  the pulls' waits for the peers' sums (pullw[c] - max(this rank's last push, pull[c-1], its
         sum[c]), at least 0, summed: the pulls queue behind the pushes on stream B; with copy
         engines, 2 ranks, point 3 follows the pulls' copies, so this holds the copies and pull is ~0)
  pull   the pull kernels (pull[c] - pullw[c], summed)
  end    the last chunk's pull done (the GPU phase's end on this rank)
and the call's time (the slowest rank, host clock). Which part grows in the slow calls shows what
the slow mode waits on."""
import statistics as st
import sys

rows = {}
for line in open(sys.argv[1]):
    f = line.strip().split(",")
    if len(f) < 13 or f[0] != "stamps":
        continue
    label, algo, n, rank, call, ms = f[1], f[2], int(f[4]), int(f[5]), int(f[6]), float(f[7])
    pts = {}
    for kv in f[8:]:
        k, _, v = kv.partition("=")
        pts[k] = [float(x) for x in v.split("/")] if v else []
    rows.setdefault((label, algo, n), {}).setdefault(call, {})[rank] = (ms, pts)


def parts(p):
    push, sumw, sm, pullw, pull = (p.get(k, []) for k in ("push", "sumw", "sum", "pullw", "pull"))
    if not sm or not pull:
        return None
    wait = sum(sumw[c] - (sm[c - 1] if c else 0.0) for c in range(len(sumw)))
    sums = sum(sm[c] - sumw[c] for c in range(len(sm)))
    pe = push[-1] if push else 0.0
    pw = sum(max(0.0, pullw[c] - max(pe, pull[c - 1] if c else 0.0, sm[c] if c < len(sm) else 0.0)) for c in range(len(pullw)))
    pl = sum(pull[c] - pullw[c] for c in range(len(pull)))
    return {"push": push[-1] if push else 0.0, "wait": wait, "sum": sums, "sumend": sm[-1], "pullw": pw, "pull": pl,
            "end": pull[-1]}


keys = ("push", "wait", "sum", "sumend", "pullw", "pull", "end")
print("| label | elements | calls | call ms | " + " | ".join(keys) + " |")
print("| --- | --- | --- | --- | " + " | ".join("---" for _ in keys) + " |")
for (label, algo, n), calls in sorted(rows.items(), key=lambda r: (r[0][2], r[0][0])):
    if algo == "nccl":
        continue
    fastest = min(next(iter(c.values()))[0] for c in calls.values())
    for name, sel in (("fast", lambda t: t <= 1.12 * fastest), ("slow", lambda t: t > 1.12 * fastest)):
        got = [(next(iter(c.values()))[0], [parts(p) for _, p in c.values()]) for c in calls.values()
               if sel(next(iter(c.values()))[0])]
        if not got:
            continue
        per = [q for _, ps in got for q in ps if q]
        if not per:
            continue
        med = {k: st.median(q[k] for q in per) for k in keys}
        print(f"| {label} | {n} | {name} {len(got)} | {st.median(t for t, _ in got):.3f} | "
              + " | ".join(f"{med[k]:.3f}" for k in keys) + " |")
