#!/usr/bin/env python3
"""How far any error-bounded codec could take the 2-rank compressed ring on normal noise (issue 28).

The benchmark's normal data is N(0, 1) per element (demos/allreduce_demo.h, make_data), REL 1e-4 means
eb = 1e-4 x (max - min) over all ranks' data, and a codec that keeps every element within eb of its value
must tell apart bins of width 2 eb: its bits a value are at least the entropy of the binned value.
With 2 ranks the ring sends each rank's half block once (reduce-scatter: one rank's values) and the
summed half once (allgather: the sum of 2, sigma sqrt 2), so each rank sends at least
n/2 x (H(x) + H(x + y)) / 8 bytes each way. At the host transport's rate R (bytes a second each way,
allreduce_cuda_wire_probe) the ring can not go under that / R, whatever the GPU does. Any other
2-rank scheme whose ranks end with the same result within p eb = 2 eb of the exact sum (each rank's
contribution crosses one message, errors e0 + e1 <= 2 eb, at best e0 = e1 = eb) sends at least
n x H(x) / 8 bytes each way (printed as "any scheme").
Usage: allreduce_ccoll_cuda_normal_bound.py [RATE_GB_S (3.09)] [STAGED_MS,... per size (65.2,279)]
       [MIB,... per rank (64,256)] [REL (1e-4)]
Prints per size: the range assumed (expected max - min of 2 n normal samples), eb, entropies, the best
compression ratio over the ring's two steps, the fewest bytes, the least time at RATE and the most
speedup over STAGED_MS. Pure Python (no numpy): the binned entropy is summed exactly over the bins."""
import math
import sys


def phi(z):
    return 0.5 * math.erfc(-z / math.sqrt(2))


def binned_entropy(sigma, width):
    """bits of round(x / width) for x ~ N(0, sigma^2)"""
    h, k_max = 0.0, int(9 * sigma / width) + 2
    for k in range(-k_max, k_max + 1):
        p = phi((k + 0.5) * width / sigma) - phi((k - 0.5) * width / sigma)
        if p > 0:
            h -= p * math.log2(p)
    return h


def expected_range(samples):
    """E[max - min] of `samples` standard normals (the extreme-value approximation)"""
    a = math.sqrt(2 * math.log(samples))
    return 2 * (a - (math.log(math.log(samples)) + math.log(4 * math.pi)) / (2 * a))


def main():
    rate = float(sys.argv[1]) * 1e9 if len(sys.argv) > 1 else 3.09e9
    staged = [float(v) for v in (sys.argv[2] if len(sys.argv) > 2 else "65.2,279").split(",")]
    mibs = [int(v) for v in (sys.argv[3] if len(sys.argv) > 3 else "64,256").split(",")]
    rel = float(sys.argv[4]) if len(sys.argv) > 4 else 1e-4
    if len(staged) != len(mibs):
        sys.exit("give one staged time per size")
    print(f"2 ranks, REL {rel:g}, host rate {rate / 1e9:.3g} GB/s each way")
    for mib, st in zip(mibs, staged):
        n = (mib << 20) // 4                      # float32 values per rank
        width = 2 * rel * expected_range(2 * n)  # 2 eb
        hx, hs = binned_entropy(1.0, width), binned_entropy(math.sqrt(2), width)
        nbytes = n / 2 * (hx + hs) / 8
        t = nbytes / rate * 1e3
        t_any = n * hx / 8 / rate * 1e3
        print(f"{mib} MiB/rank: range {width / (2 * rel):.2f}, eb {width / 2:.3g}; H(x) {hx:.2f} b (CR {32 / hx:.2f}), "
              f"H(x+y) {hs:.2f} b (CR {32 / hs:.2f}), ring CR <= {64 / (hx + hs):.2f}; >= {nbytes / 1e6:.1f} MB each way, "
              f">= {t:.1f} ms: <= {st / t:.1f}x staged MPI's {st:g} ms; any scheme >= {n * hx / 8e6:.1f} MB, {t_any:.1f} ms, "
              f"<= {st / t_any:.1f}x")


if __name__ == "__main__":
    main()
