#!/usr/bin/env python3
"""The table of demos/bench/allreduce_ccoll_cuda_nccl.sh's CSV (ms, median of the slowest rank),
one set per rank count: inside a node (NCCL as it comes, ArGM over CUDA IPC, staged MPI), over the
slow path (NCCL on sockets, HomComp_F with every rank its own node, staged MPI over TCP) and on
simulated nodes (hier: NCCL with NCCL_HOSTID per node, ArGM with --rpn), with the issue-28 ratios.
NCCL and staged MPI rows of the walk data stand for the normal data where only they were run.
Usage: allreduce_ccoll_cuda_nccl_table.py FILE.csv [FILE.csv...] (later rows win)"""
import csv, sys

rows = {}
fails = []
for f in sys.argv[1:]:
    for r in csv.DictReader(open(f)):
        if r.get("label") == "label":
            continue
        rows[(r["label"], r["ran"], r["data"], int(r["bytes_per_rank"]), int(r["ranks"]))] = r
        if r["ok"] != "1":
            fails.append(f"{r['label']} {r['ranks']} ranks {r['ran']} {r['data']} {int(r['bytes_per_rank']) >> 20} MiB")


def f(v):
    return "-" if v is None else (f"{v:.3g}" if v < 100 else f"{v:.0f}")


def x(a, b):
    return "" if a is None or b is None else f" ({a / b:.2f}x)"


for p in sorted({k[4] for k in rows}):
    def ms(label, ran, data, b):
        r = rows.get((label, ran, data, b, p))
        if r is None and ran in ("nccl", "nccl_sockets", "mpi_staged") and data != "walk":
            r = rows.get((label, ran, "walk", b, p))
        return float(r["time_s"]) * 1e3 if r and r["ok"] == "1" and float(r["time_s"]) > 0 else None

    sizes = sorted({k[3] for k in rows if k[4] == p})
    on = lambda lab: [b for b in sizes if any(k[0] == lab and k[3] == b and k[4] == p for k in rows)]
    gpus = next((r["gpus"] for k, r in rows.items() if k[4] == p), "?")
    if on("node"):
        print(f"\n{p} ranks ({gpus} GPUs seen). Inside a node: NCCL as it comes, ArGM over CUDA IPC, MPI_Allreduce staged through pinned memory")
        # node_NAME (VARIANTS of tests/gpu_ccoll_cuda.sh): the bench built another way, with its
        # own NCCL rows from the same program run
        var = sorted({k[0] for k in rows if k[0].startswith("node_") and k[4] == p})
        print("| MiB/rank | NCCL ms | ArGM over IPC ms (x NCCL) | MPI staged ms |" + "".join(f" {v[5:]}: NCCL / ArGM ms (x) |" for v in var)
              + "\n| --- | --- | --- | --- |" + " --- |" * len(var))
        for b in sorted(set(on("node")) | {b for v in var for b in on(v)}):
            n, a, m = ms("node", "nccl", "walk", b), ms("node", "argm", "walk", b), ms("node", "mpi_staged", "walk", b)
            cells = ""
            for v in var:
                n2, a2 = ms(v, "nccl", "walk", b), ms(v, "argm", "walk", b)
                cells += f" {f(n2)} / {f(a2)}{x(a2, n2)} |"
            print(f"| {b >> 20} | {f(n)} | {f(a)}{x(a, n)} | {f(m)} |{cells}")
    if on("slow"):
        print(f"\n{p} ranks. Slow path (loopback TCP): NCCL on sockets vs HomComp_F (rpn=1, OpenMPI over TCP), staged MPI over TCP;"
              " (NCCL/it, staged/it)")
        print("| MiB/rank | NCCL sockets ms | HomComp_F walk ms (NCCL/it, MPI/it) | normal ms (NCCL/it, MPI/it) | MPI staged walk / normal ms | CR walk / normal |")
        print("| --- | --- | --- | --- | --- | --- |")
        for b in on("slow"):
            n = ms("slow", "nccl_sockets", "walk", b)
            cell, cr = [], []
            for d in ("walk", "normal"):
                h, m = ms("slow", "homcomp_f", d, b), ms("slow", "mpi_staged", d, b)
                nn = ms("slow", "nccl_sockets", d, b) or n
                r = rows.get(("slow", "homcomp_f", d, b, p))
                cr.append(f"{float(r['ratio']):.3g}" if r else "-")
                cell.append(f"{f(h)}" + ("" if h is None else f" ({nn / h:.2f}x, {m / h:.1f}x)" if nn and m else ""))
            print(f"| {b >> 20} | {f(n)} | {cell[0]} | {cell[1]} | {f(ms('slow', 'mpi_staged', 'walk', b))} / "
                  f"{f(ms('slow', 'mpi_staged', 'normal', b))} | {cr[0]} / {cr[1]} |")
    # shm, and shm_NAME (the same rows on another transport setting, e.g. shm_cma: vader's single copy cma)
    for lab in sorted({k[0] for k in rows if (k[0] == "shm" or k[0].startswith("shm_")) and k[4] == p}):
        if not any(k[0] == lab and k[1] == "mpi_staged" and k[4] == p for k in rows):
            continue  # HomComp_F alone (a segment A/B): no ratio to print here
        print(f"\n{p} ranks. The staged baseline on shared memory (OpenMPI's defaults, btl vader{'' if lab == 'shm' else '; ' + lab[4:]}):"
              " HomComp_F (rpn=1) vs MPI_Allreduce staged through pinned memory (MPI/it)")
        print("| MiB/rank | MPI staged ms | HomComp_F walk ms (MPI/it) | normal ms (MPI/it) | CR walk / normal |\n| --- | --- | --- | --- | --- |")
        for b in on(lab):
            m = ms(lab, "mpi_staged", "walk", b)
            cell, cr = [], []
            for d in ("walk", "normal"):
                h = ms(lab, "homcomp_f", d, b)
                r = rows.get((lab, "homcomp_f", d, b, p))
                cr.append(f"{float(r['ratio']):.3g}" if r else "-")
                cell.append(f"{f(h)}" + ("" if h is None or m is None else f" ({m / h:.1f}x)"))
            print(f"| {b >> 20} | {f(m)} | {cell[0]} | {cell[1]} | {cr[0]} / {cr[1]} |")
    if on("hier"):
        rpn = next((r["rpn"] for k, r in rows.items() if k[0] == "hier" and k[4] == p), "?")
        print(f"\n{p} ranks as {p // int(rpn) if rpn.isdigit() and int(rpn) else '?'} x {rpn} simulated nodes: NCCL (NCCL_HOSTID per node: NVLink inside,"
              " sockets on lo between) vs ArGM (IPC inside, HomComp_F over TCP between); staged MPI over TCP from the slow rows")
        print("| MiB/rank | NCCL ms | ArGM walk ms (NCCL/it, MPI/it) | ArGM normal ms (NCCL/it, MPI/it) |\n| --- | --- | --- | --- |")
        for b in on("hier"):
            n = ms("hier", "nccl", "walk", b)
            cell = []
            for d in ("walk", "normal"):
                h, m = ms("hier", "argm", d, b), ms("slow", "mpi_staged", d, b)
                cell.append(f"{f(h)}" + ("" if h is None or not n else f" ({n / h:.2f}x" + (f", {m / h:.1f}x)" if m else ")")))
            print(f"| {b >> 20} | {f(n)} | {cell[0]} | {cell[1]} |")
    for lab in sorted({k[0] for k in rows if k[0].startswith("slow_seg") and k[4] == p}):
        print(f"\n{p} ranks, HomComp_F on the slow path with --segment {lab[8:]}: " + ", ".join(
            f"{b >> 20} MiB walk {f(ms(lab, 'homcomp_f', 'walk', b))} / normal {f(ms(lab, 'homcomp_f', 'normal', b))} ms"
            for b in on(lab)))
errs = [float(r["err_over_peb"]) for r in rows.values() if r["ran"] in ("homcomp_f", "argm") and r["err_over_peb"]]
if errs:
    print(f"\nmax error / (p eb) over the compressed rows: {max(errs):.3g}")
print("failed rows: " + (", ".join(fails) if fails else "none"))
