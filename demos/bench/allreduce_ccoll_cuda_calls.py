#!/usr/bin/env python3
"""demos/bench/allreduce_ccoll_cuda_calls.py CALLS.TXT [ESIZE] - issue 28: the spread of every timed call
of the device bench's rows (calls.txt of allreduce_ccoll_cuda_table_run.sh: "calls," lines, ms, and
with BENCH_CALLS=2 "calls_link,"). For each ArGM row, against the NCCL row of the same program run:
median, mean, fastest and slowest call (x NCCL's median), the calls slower than 1.12x the fastest
(the slow mode of the 4-rank 256 MiB rows) and the median GPU phase (info.t_link). A label seen
twice (node_again before 2026-11-28 06:40) is numbered in file order. ESIZE: bytes an element (4:
the node rows' float32; calls.txt gives element counts)."""
import statistics as st
import sys

esize = int(sys.argv[2]) if len(sys.argv) > 2 else 4
runs, order = {}, []
for line in open(sys.argv[1]):
    f = line.strip().split(",")
    if len(f) < 7 or not f[0].startswith("calls"):
        continue
    kind, label, algo, n = f[0], f[1], f[2], int(f[4])
    key, i = (label, algo, n, kind), 0
    while key + (i,) in runs:
        i += 1
    runs[key + (i,)] = [float(x) for x in f[6:]]
    if algo != "nccl" and kind == "calls":
        order.append((label, n, i))
print("| MiB/rank | run | NCCL median ms | ArGM median (x) | mean (x) | fastest / slowest call (x) | calls > 1.12x fastest | GPU phase median |")
print("| --- | --- | --- | --- | --- | --- | --- | --- |")
for label, n, i in sorted(order, key=lambda r: r[1]):
    a, c = runs[(label, "argm", n, "calls", i)], runs.get((label, "nccl", n, "calls", i))
    if not c:
        continue
    m = st.median(c)
    link = runs.get((label, "argm", n, "calls_link", i))
    lk = f"{st.median(link):.3f}" if link else "-"
    slow = sum(x > 1.12 * min(a) for x in a)
    print(f"| {n * esize >> 20} | {label}{'' if i == 0 else ' ' + str(i + 1)} | {m:.3f} | {st.median(a):.3f} ({st.median(a) / m:.2f}x) | "
          f"{st.mean(a):.3f} ({st.mean(a) / m:.2f}x) | {min(a):.3f} / {max(a):.3f} ({min(a) / m:.2f}x / {max(a) / m:.2f}x) | "
          f"{slow} of {len(a)} | {lk} |")
