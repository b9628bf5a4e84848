#!/usr/bin/env python3
"""NCCL's allreduce through PyTorch, the reference line of demos/bench/allreduce_bench_ccoll_cuda.sh
(the library never links NCCL). One process per GPU, float32 sum of SIZES elements per rank
(walk-like data; NCCL does not care), median of ITERS calls timed with a barrier and a
synchronize on every rank, the slowest rank counts. CSV rows like allreduce_cuda's (the
columns it cannot fill are empty). Usage: allreduce_ccoll_cuda_nccl.py NPROC SIZE[,SIZE...] [ITERS]"""
import os, sys, time
os.environ.setdefault("NCCL_NVLS_ENABLE", "0")          # NVLink multicast stays off (KINDS.md)
os.environ.setdefault("TORCH_SYMM_MEM_DISABLE_MULTICAST", "1")
import torch
import torch.distributed as dist
import torch.multiprocessing as mp


def run(rank, world, sizes, iters, port):
    os.environ["MASTER_ADDR"] = "127.0.0.1"
    os.environ["MASTER_PORT"] = str(port)
    torch.cuda.set_device(rank % torch.cuda.device_count())
    dist.init_process_group("nccl", rank=rank, world_size=world)
    for n in sizes:
        x = torch.cumsum(torch.rand(n, device="cuda") - 0.5, 0)
        y = x.clone()
        for _ in range(3):
            y.copy_(x)
            dist.all_reduce(y)
        torch.cuda.synchronize()
        ts = []
        for _ in range(iters):
            y.copy_(x)
            torch.cuda.synchronize()
            dist.barrier()
            t0 = time.perf_counter()
            dist.all_reduce(y)
            torch.cuda.synchronize()
            t = torch.tensor([time.perf_counter() - t0], device="cuda")
            dist.all_reduce(t, op=dist.ReduceOp.MAX)
            ts.append(t.item())
        ts.sort()
        t = ts[len(ts) // 2]
        if rank == 0:
            print(f"nccl,nccl,nccl,{n},{4 * n},f32,{world},{torch.cuda.device_count()},,walk,0,{t:.6g},{4 * n / t / 1e9:.6g},"
                  f",1,,,,,,,,,,,,,,,1", flush=True)
        del x, y
    dist.destroy_process_group()


if __name__ == "__main__":
    world = int(sys.argv[1])
    sizes = [int(s) for s in sys.argv[2].split(",")]
    iters = int(sys.argv[3]) if len(sys.argv) > 3 else 20
    mp.spawn(run, args=(world, sizes, iters, 29500 + os.getpid() % 1000), nprocs=world, join=True)
