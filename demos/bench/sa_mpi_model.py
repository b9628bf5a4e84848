#!/usr/bin/env python3
"""demos/bench/sa_mpi_model.py - the cost model of sa.h's distributed DCX (SA_MPI_DIST), fitted on
sa_mpi_bench.sh's CSV (1 to 16 ranks, one node) and used to predict 64 to 4096 ranks on paper.

    python3 demos/bench/sa_mpi_model.py demos/bench/results/sa_mpi_bench.csv

Model of one call's wall time (slowest rank), n input bytes, P ranks:
    T(P) = k * n / P                  local work and on-node exchanges per suffix of the block
                                      (fitted: least squares over the measured one-thread-per-rank runs)
         + v * (n / P) / BW           the all-to-all volume once it leaves the node: v bytes sent per
                                      suffix (measured, independent of P), BW = 5 GB/s per rank (ASSUMED)
         + C * (a * P + s * 64 * P)   C collective calls (measured; the recursion depth does not depend
                                      on P): an all-to-all start-up per peer (a = 2 us, ASSUMED) and the
                                      splitter sample every rank sorts (64 P records, s = 50 ns, ASSUMED)
On one node k and v/BW cannot be told apart (both scale as n / P), hence one fitted constant.
Prints the fit, its residuals and the table for 64..4096 ranks (strong scaling on the measured
n, weak scaling at 16 MB per rank), as markdown."""
import csv
import sys

A_PEER = 2e-6   # seconds per all-to-all peer start-up (assumed; inter-node MPI)
S_REC = 50e-9   # seconds per splitter-sample record sorted (assumed)


def rows(path):
    with open(path) as f:
        for r in csv.DictReader(f):
            if r.get("exit") != "0" or r.get("algo") != "dist":
                continue
            try:
                yield {
                    "ds": r["dataset"], "bin": r["binary"], "n": int(r["n"]), "P": int(r["ranks"]),
                    "t": int(r["threads"]), "sa_only": r.get("sa_only") == "1",
                    "T": float(r["time_total_s"]), "V": float(r["comm_bytes_max"]),
                    "C": float(r["collectives_max"]),
                }
            except (KeyError, ValueError):
                continue


def main():
    data = [r for r in rows(sys.argv[1]) if r["bin"] == "sa_mpi_omp" and r["t"] == 1 and not r["sa_only"]]
    if len(data) < 2:
        print("not enough runs to fit")
        return
    BW = 5e9
    lat = lambda r, P: r["C"] * (A_PEER * P + S_REC * 64 * P)
    num = sum((r["n"] / r["P"]) * (r["T"] - lat(r, r["P"])) for r in data)
    den = sum((r["n"] / r["P"]) ** 2 for r in data)
    k = num / den
    print("fit on %d runs (one thread per rank): k = %.3g s per suffix of the block (on one node)" % (len(data), k))
    print("assumed: %.0f us per all-to-all peer start-up, %.0f ns per splitter record sorted, %.0f GB/s per rank"
          " off the node\n" % (A_PEER * 1e6, S_REC * 1e9, BW / 1e9))
    print("| input | P | measured s | model s | bytes sent per suffix | collectives |")
    print("|---|---|---|---|---|---|")
    for r in data:
        m = k * r["n"] / r["P"] + lat(r, r["P"])
        print("| %s | %d | %.2f | %.2f | %.0f | %d |" % (r["ds"], r["P"], r["T"], m, r["V"] * r["P"] / r["n"], r["C"]))
    ref = max((r for r in data if r["ds"].startswith("headers")), key=lambda r: r["P"], default=data[-1])
    vps = ref["V"] * ref["P"] / ref["n"]  # bytes sent per suffix (whole call)
    C = ref["C"]
    print("\npredictions from %s at P = %d (%.0f bytes sent per suffix, %d collectives):\n" % (ref["ds"], ref["P"], vps, C))
    print("| P | strong: n = %.0f MB, s | of which latency + samples, s | weak: 16 MB per rank, s | weak efficiency |" % (ref["n"] / 1e6))
    print("|---|---|---|---|---|")
    t1 = k * 16e6
    for P in (16, 64, 256, 1024, 4096):
        l = C * (A_PEER * P + S_REC * 64 * P)
        net = vps / BW if P > 16 else 0.0  # one node: the exchanges are in k already
        strong = (k + net) * ref["n"] / P + l
        weak = (k + net) * 16e6 + l
        print("| %d | %.2f | %.2f | %.2f | %.0f %% |" % (P, strong, l, weak, 100 * t1 / weak))


if __name__ == "__main__":
    main()
