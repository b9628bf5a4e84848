/* ccoll_mpi.h - compressed MPI collectives (allreduce, allgather), host and GPU buffers - v1.0.0
 *                                             MIT license at the bottom
 *
 * WHAT IT DOES
 *   Allreduce (MPI_SUM) and allgather of float32/float64 host buffers over any MPI
 *   communicator, moving error-bounded compressed bytes (homcomp.cuh's CPU codec) instead of
 *   raw floats, and adding compressed data without decompressing it (homomorphic
 *   compression, seed 6.1-6.2). Pays off where the network is slow relative to the codec
 *   (seed 7: from about 0.4-1 GB per allreduce on InfiniBand); on a fast link it loses, and
 *   the AUTO algorithm uses an alpha-beta-gamma cost model to notice. Compiled with nvcc, the
 *   same collectives work on device buffers (DEVICE PLANS below): the GPU codec, raw data
 *   over NVLink inside a node (CUDA IPC), compressed bytes between nodes, no CUDA-aware MPI.
 *   ccoll_mpi.h includes mpi.h and homcomp.cuh: COPY BOTH HEADERS TOGETHER (homcomp.cuh must
 *   be on the include path; ccoll's implementation also compiles homcomp's unless you
 *   define CCOLL_NO_HOMCOMP_IMPLEMENTATION and provide it yourself).
 *
 * EXAMPLE (run with mpiexec -n 4)
 *   [example:begin]
 *   #define CCOLL_IMPLEMENTATION
 *   #include "ccoll_mpi.h"
 *   #include <math.h>
 *   #include <stdio.h>
 *   #include <stdlib.h>
 *   int main(int argc, char **argv) {
 *       int rank, p, ok = 1, all_ok = 0;
 *       MPI_Init(&argc, &argv);
 *       MPI_Comm_rank(MPI_COMM_WORLD, &rank);
 *       MPI_Comm_size(MPI_COMM_WORLD, &p);
 *       size_t n = 100000;
 *       float *x = (float *)malloc(n * sizeof *x), *sum = (float *)malloc(n * sizeof *sum);
 *       for (size_t i = 0; i < n && x; i++) x[i] = sinf(0.001f * (float)i) + (float)rank;
 *       ccoll_config cfg = ccoll_config_init(CCOLL_ABS, 1e-3);   // |error| <= p x 1e-3
 *       cfg.algo = CCOLL_ALGO_HOMCOMP_F;                         // or AUTO (the default)
 *       ccoll_plan *plan = NULL;
 *       ccoll_status st = (x && sum) ? ccoll_plan_create(MPI_COMM_WORLD, n, MPI_FLOAT, &cfg, &plan)
 *                                    : CCOLL_ERR_NOMEM;
 *       for (int it = 0; it < 3 && st == CCOLL_OK; it++)    // a plan is made once, reused
 *           st = ccoll_allreduce(plan, x, sum);
 *       for (size_t i = 0; i < n && st == CCOLL_OK; i++) {
 *           double exact = p * sin(0.001 * (double)i) + p * (p - 1) / 2.0;
 *           if (fabs(sum[i] - exact) > p * 1e-3 + 1e-5 * fabs(exact)) ok = 0;
 *       }
 *       MPI_Allreduce(&ok, &all_ok, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
 *       if (rank == 0) printf("allreduce: %s, within p x eb: %s\n", ccoll_status_string(st), all_ok ? "yes" : "no");
 *       ccoll_plan_free(plan);
 *       free(x);
 *       free(sum);
 *       MPI_Barrier(MPI_COMM_WORLD);
 *       MPI_Finalize();
 *       return st == CCOLL_OK && all_ok ? 0 : 1;
 *   }
 *   [example:end]
 *
 * COMPILE-TIME OPTIONS (define before the include)
 *   CCOLL_IMPLEMENTATION     in exactly one .c file: compile the implementation
 *   CCOLL_STATIC             make every function static (CCOLL_DEF = static; homcomp's too when
 *                            homcomp.cuh is first included here)
 *   CCOLL_DEF                the storage class of the public functions (define it to override)
 *   CCOLL_MALLOC(sz) / CCOLL_FREE(p)   override the allocator (both or neither)
 *   CCOLL_NO_HOMCOMP_IMPLEMENTATION    do not compile homcomp.cuh's implementation here
 *   CCOLL_NO_SIMD            the host input scan in plain C, not SSE2 (the same results)
 *   CCOLL_TEST_HOOK_SEND(buf, len)     tests only: sees every stream before it is sent
 *   CCOLL_TEST_HOOK_UNPUSH()  tests only: called before a failed device ArGM call releases its
 *                            one-shot waits (a delay there lets a peer's next call come first)
 *   CCOLL_TEST_HOOK_TRACE(what, seconds)  benchmarks only: the device ring's phases one by one
 *                            (what: a string literal; host waits and GPU event times; the
 *                            trace build of allreduce_ccoll_cuda_nccl sums them)
 *   CCOLL_TEST_HOOK_IPC_STAMP(stream, what, chunk)  benchmarks only: device ArGM over IPC
 *                            with copies and events, a point on a stream per chunk (what: 0 after
 *                            the chunk's pushes, 1 sum's waits met, 2 sum done, 3 pull's waits
 *                            met, 4 pull done; an event there completes when the stream's work
 *                            before it is done; with copy engines (2 ranks) 3 follows the pulls'
 *                            copies, so 3 and 4 coincide; the stamps build of
 *                            allreduce_ccoll_cuda_nccl records events)
 *   CCOLL_MAX_THREADS        the largest config.threads accepted (1024; above: CCOLL_ERR_ARG)
 *   CCOLL_IPC_COPY_KERNEL    device ArGM over IPC with 3 to 8 ranks a node: 1 (default) = one
 *                            copy kernel per chunk for all peers, 0 = copy engines (same bytes)
 *   CCOLL_IPC_ONESHOT_BYTES  device ArGM over IPC on one node of d ranks: one-shot (one GPU-to-GPU
 *                            phase) while (d - 1) x the vector's bytes is at most this (8 MiB;
 *                            0 = never); the same bytes either way
 *   CCOLL_IPC_ONESHOT_KERNEL one-shot with 2 to 8 ranks: 1 (default) = one kernel per call (push,
 *                            flags between the GPUs, sum), 0 = copies, IPC events and a sum kernel
 *   CCOLL_IPC_TWOSHOT_KERNEL_BYTES  two-shot on one node of 2 to 8 ranks as one kernel per call
 *                            (push, flags, sum, flags, pull) while the vector has at most this
 *                            many bytes (32 MiB; 0 = never), else copies and IPC events; same bytes
 *   The library reads no environment variable; the demos map CCOLL_RANKS_PER_NODE and
 *   CCOLL_NO_IPC onto config.ranks_per_node and config.no_ipc.
 *
 * API (all return ccoll_status; CCOLL_OK = 0, negative on error, ccoll_status_string())
 *   ccoll_config_init(bound, eb)      a config with the error bound set; zero = defaults else;
 *                                     .memory = CCOLL_MEM_DEVICE and .stream (cudaStream_t; a
 *                                     void * for C) for device buffers (nvcc builds)
 *   ccoll_plan_create(comm, count, dtype, &config, &plan)   collective; count = elements per
 *                                     rank (allreduce: the vector; allgather: each rank's part)
 *   ccoll_plan_create_ex(..., &plan, &info)  the same; info.mismatch names the setting that
 *                                     differed across ranks (AGREEMENT AND FAILURES below)
 *   ccoll_allreduce(plan, send, recv) collective; send may be MPI_IN_PLACE (data in recv)
 *   ccoll_allgather(plan, send, recv) collective; recv holds p x count; send may be MPI_IN_PLACE
 *   ccoll_plan_info(plan, &info)      what the last call ran: algorithm, eb, bytes sent, CR, the
 *                                     time split (host: compress / add / decompress seconds and
 *                                     bytes, t_wire the rest, of which t_wait on messages and
 *                                     t_scan over the input; device: codec, stage, link, wire),
 *                                     whether the previous call's eb was used (eb_guess),
 *                                     device plans: IPC or staged and why
 *   ccoll_plan_free(plan)             collective (frees the duplicated communicator)
 *   ccoll_algo_name(algo), ccoll_status_string(status)
 *
 * ALGORITHMS (config.algo; all reduce-scatter + allgather rings share one ring skeleton:
 *   messages of config.segment elements, non-blocking receives posted one step ahead,
 *   double-buffered sends, each segment's codec work overlapped with the other segments
 *   on the wire)
 *   CCOLL_ALGO_RING        uncompressed ring (the baseline; no error bound needed)
 *   CCOLL_ALGO_DOC         compressed ring that decompresses, adds and recompresses at every
 *                          step (C-Coll's collective computation, seed 5.1)
 *   CCOLL_ALGO_HOMCOMP     HomComp two-kernel: QP of the local block, then a combine with the
 *                          received stream (seed 6.2, eq. 6.4/6.5); config.homcomp_qp_whole = 1
 *                          quantizes the whole buffer up front, 0 one segment ahead of its
 *                          receive (overlapping the wire)
 *   CCOLL_ALGO_HOMCOMP_F   fused add of the received stream and the raw local block at every
 *                          step (seed 6.2, eq. 6.2); the allgather forwards the final
 *                          compressed blocks without recompressing
 *   CCOLL_ALGO_ARGM        hierarchical mixed (seed 6.3): intra-node raw reduce-scatter (one
 *                          Isend per peer, one aggregation), inter-node HomComp_F ring on
 *                          per-local-rank communicators, intra-node raw allgather. Nodes from
 *                          MPI_Comm_split_type(MPI_COMM_TYPE_SHARED), or config.ranks_per_node
 *                          = d (ranks r with the same r / d form a node) so one host can
 *                          simulate several.
 *                          Nodes of unequal size: falls back to HOMCOMP_F on the whole comm
 *                          (ccoll_plan_info then says homcomp_f).
 *   CCOLL_ALGO_RECDBL      Rabenseifner: recursive halving reduce-scatter + recursive doubling
 *                          allgather with homomorphic adds (compressed + raw, then compressed +
 *                          compressed); non-powers of two fold the first 2(p - p') ranks in
 *                          pairs first and out at the end. When the leaf blocks are smaller
 *                          than config.raw_below elements the whole call moves raw data.
 *   CCOLL_ALGO_AUTO        (0, default) the cheapest of RING, raw RECDBL (when its leaves are
 *                          below raw_below) and HOMCOMP_F (vectors of 1 MiB or more) by the
 *                          cost model below, corrected by what it measured on earlier calls.
 *   ccoll_allgather: RING = raw ring; any other = compress own block once, forward the
 *   compressed blocks around the ring, every rank decompresses all p (C-Coll, eq. 5.2).
 *
 * ERROR BOUND AND RESULTS
 *   ccoll_config_init(CCOLL_ABS, eb) or (CCOLL_REL, rel): REL means eb = rel x (max - min)
 *   over ALL ranks' inputs (from the small MPI_Allreduce that starts every call; a second
 *   one ends it), so every rank quantizes with the same eb. Host plans, HOMCOMP_F and AUTO,
 *   from the second compressed call of a plan on: the ring starts at once with the previous
 *   call's eb and takes each input segment's min and max from the codec call that quantizes
 *   it (hc_compress_range, hc_add_raw_range: no second pass over the input; a segment the
 *   codec could not quantize, NaN/Inf or out of range, and what follows it are scanned),
 *   instead of a pass over the whole input first; one more small MPI_Allreduce at the end of
 *   the reduce-scatter agrees the scans. Where this call's eb has the same codec step (a
 *   power of two) the results are bit for bit what a first call gives; where it has not, the
 *   ring runs again with this call's eb (an in-place output is written only after that
 *   check, so MPI_IN_PLACE is fine; a separate output may be written and then rewritten) and
 *   the next call scans first; info.eb_guess tells which. Where
 *   rel x (max - min) underflows to 0 on data that is not constant, that bound is not
 *   representable and every rank returns CCOLL_ERR_EB. Every rank ends with a BITWISE IDENTICAL result: each block's
 *   sum is made on one rank and forwarded (compressed ones are decoded from the same stream
 *   everywhere; on host HomComp_F rings the rank that makes a stream writes its values from
 *   the sum's integers as it encodes them, hc_add_raw_values: the same bytes).
 *   - HOMCOMP, HOMCOMP_F, RECDBL (compressed): within p x eb of the exact sum, plus half a
 *     float32 ulp of the sum for float32 output (homcomp's hc_add bound).
 *   - DOC: recompresses partial sums: p x eb plus one rounding of each partial sum (p-1).
 *   - ARGM: the intra-node sums are raw floating point: N x eb (N nodes) plus the rounding
 *     of d-term partial sums (d ranks per node), plus the half ulp.
 *   - allgather: every value within eb of its input.
 *   - RING and raw RECDBL: MPI_Allreduce's result up to summation order.
 *   - p = 1: compressed algorithms copy the input (exact).
 *   Errors (NaN or Inf in any rank's input for a compressed algorithm, a value or a sum that
 *   does not fit the codec's 31-bit integers, a stream that fails validation) are AGREED:
 *   every rank returns the same status (one MPI_Allreduce at the end of each call; a rank in
 *   error sends small error markers instead of streams so nobody waits forever), recv is
 *   then unspecified. A stream received from another rank is bounded by the plan's
 *   worst-case buffer (MPI truncation otherwise) and validated before use. AUTO screens
 *   for NaN/Inf on every call that compresses and on every call that scans before it
 *   chooses (no eb guess to start from: a plan's first call, the call after a missed
 *   guess); a call that runs a raw algorithm otherwise (settled on it, or picking it under
 *   the eb guess) behaves like RING (NaN is summed, as MPI_Allreduce does).
 *
 * AGREEMENT AND FAILURES (every rank returns the same status, or MPI aborts the job)
 *   Settings every rank must pass alike: count, dtype, algo, memory, bound and eb (not for
 *   RING, which ignores them), codec_plain, checksum, segment, raw_below, ranks_per_node, no_ipc
 *   and every field of model. ccoll_plan_create compares them, resolved (defaults filled in), in
 *   its one agreement allreduce: a difference is CCOLL_ERR_ARG on every rank, and
 *   ccoll_plan_create_ex's info.mismatch names the first ("eb", "segment", "model.alpha",
 *   ...). threads, stream, device_pipeline and homcomp_qp_whole may differ. AUTO decides from
 *   agreed inputs only (the agreed config.model; measured constants: the slowest rank's; the
 *   compression ratio: the smallest; feedback: the slowest rank's time), so every rank runs the
 *   same algorithm. An intercommunicator is CCOLL_ERR_ARG on every rank of both groups.
 *   Every message a call receives is checked: a failed receive, a message of the wrong length,
 *   empty or truncated, an error marker, or a stream that fails validation is recorded, the
 *   call keeps its message pattern (error markers where data would go) and ends with one
 *   agreed status (CCOLL_ERR_CORRUPT, the status a marker carries, or CCOLL_ERR_MPI); the plan
 *   stays usable. A changed byte in a raw message (RING, raw RECDBL, ArGM's node phases) or,
 *   without config.checksum, in a stream's payload can pass unseen.
 *   Left to MPI: plan creation's agreement and MPI_Comm_idup run on the caller's communicator
 *   under its error handler (MPI_ERRORS_ARE_FATAL unless the caller changed it); everything
 *   after runs on the plan's duplicate with MPI_ERRORS_RETURN. A message longer than its
 *   receive slot is MPI_ERR_TRUNCATE, which MPICH 4.0 raises on MPI_COMM_WORLD's handler
 *   whatever the request's communicator: with MPI_ERRORS_RETURN set on MPI_COMM_WORLD ccoll
 *   answers CCOLL_ERR_CORRUPT on every rank, with the default handler the job aborts. A peer
 *   that stops sending (a crashed or hung process) leaves the others waiting.
 *
 * COST MODEL (AUTO; seed 2.5 and 6.4; all per rank, m = count x element size bytes)
 *   ring      : 2(p-1) alpha + 2 (p-1)/p m beta + (p-1)/p m gamma
 *   recdbl raw: 2 log2(p') alpha + 2 (p'-1)/p' m beta + m gamma  (+ 2 (alpha + m beta) to fold)
 *   homcomp_f : 2(p-1) alpha + 2 (p-1)/p m beta / CR + m/p c + (p-1)/p m h + m d (+ m scan on
 *               host plans: the pass over the input that finds the range and NaN/Inf)
 *   alpha (s per message) and beta (s per byte) are measured at plan creation by ring
 *   exchanges (8 B and 1 MiB, all ranks at once, slowest rank), c, h, d (s per input byte of
 *   compress, fused add, decompress) and gamma by timing the codec on a synthetic 1M-element
 *   random walk (all ranks at once: a shared node's contention is included); CR (compression
 *   ratio) by compressing one segment of the call's own data (vectors of 1 MiB or more;
 *   smaller ones only choose between the raw algorithms; re-sampled every 16th call). Host
 *   plans then replace c, h, d and scan by the rates measured INSIDE the last compressed call
 *   (its codec calls' seconds per input byte, info.t_compress / b_compress etc.; slowest
 *   rank, agreed in the next call's preamble): inside the ring the codec shares the caches,
 *   memory and cores with the other ranks and the MPI progress, and runs slower than alone.
 *   A config.model with nonzero fields replaces the measurement (in-ring ones included).
 *   Messages are segmented: alpha counts per segment.
 *   Feedback: each call's time (slowest rank, agreed in the next call's preamble; for a
 *   compressed algorithm from the start of the call, its data scan included) divides the
 *   model's time of the algorithm that ran; later predictions of that algorithm are
 *   multiplied by this correction (host plans: from an algorithm's third measured call on,
 *   the median of its last three such ratios), and an untried candidate within 4x of the best is tried
 *   once (HOMCOMP_F, whose constants are the uncertain ones, on a host plan's first call).
 *   While a raw algorithm is corrected-cheapest, calls skip the data scan and the ratio
 *   sample (every 16th call looks again). So AUTO follows the model at first and what it
 *   measured after that (a plan's first AUTO call prepares every candidate's buffers: no
 *   allocation when it switches; the result bits can change when it switches, never across
 *   ranks).
 *   demos/bench/allreduce_bench_ccoll.sh measures it; allreduce_ccoll_plot.py fits and plots.
 *
 * DEVICE PLANS (the implementation compiled by nvcc; the C API and host plans unchanged)
 *   config.memory = CCOLL_MEM_DEVICE, config.stream = the caller's stream (0 = default): send
 *   and recv are device memory of the GPU current at ccoll_plan_create (keep it current for
 *   every call of the plan). Same algorithms and contract, and the SAME BYTES as a host plan
 *   on the same data and config, on every rank: the GPU codec writes the CPU codec's streams
 *   and raw sums are made in the host's order. A call is ordered after the work queued on
 *   config.stream before it and returns when recv holds the result.
 *   - Codec steps: homcomp's hc_cuda_* on the plan's stream and workspace. The workspace and
 *     device scratch (stream buffers, a segment of floats and of deltas, a second stream and
 *     workspace) are allocated at plan creation; no call allocates device memory after the
 *     first of its kind. Each codec call's status is read back: device plans default to
 *     segments of 1M elements, 4M where count / p holds 8M or more. Ring steps run two
 *     segments deep: segment g's upload and kernels on the caller's stream while g-1's
 *     output goes down on the plan's second stream (and out on the wire) and MPI brings g+1
 *     (config.device_pipeline = -1: one segment at a time; same bytes). Where the host-memory
 *     side (pinned copies and MPI's shared-memory copies of the compressed bytes) is the
 *     limit, both take the same time.
 *   - MPI never sees a device pointer: every stream lives in pinned host slots (downloaded
 *     after the GPU makes it, uploaded before the GPU uses it). info.cuda_aware reports
 *     MPIX_Query_cuda_support (-1 where MPI has none); v0.2 stages either way. Received bytes
 *     are checked as on the host: length from MPI_Get_count within the posted slot, header
 *     parsed from the host copy before any launch (n and dtype are the plan's; the payload
 *     must fit the length), the rest by the kernels, whose status is agreed like any other.
 *   - RING and raw RECDBL: the vector goes down to a pinned copy once, the host algorithm runs
 *     there, the result goes up. HOMCOMP QPs each segment after its stream arrives, with that
 *     stream's step (homcomp_qp_whole is ignored).
 *   - ARGM inside a node: CUDA IPC when every rank of the node has its own GPU, visible here
 *     and peer-accessible (cudaDeviceCanAccessPeer; decided over the whole communicator).
 *     Each rank exports, once (the first ArGM or AUTO call), one plan-owned device buffer of d
 *     piece slots (whole 2 MiB pages) and 2 x 8 interprocess events; the node's ranks map each
 *     other's. Per call, pipelined over chunks of at least 16 MiB (up to 8; a piece of 8 to
 *     32 MiB makes 2 chunks of 4 to 16 MiB) and the plan's two streams: every rank writes its
 *     part of every other rank's piece into that rank's slot (GPU to GPU); each
 *     sums its piece, chunk by chunk as the parts arrive (events, no host round trip per
 *     chunk), in local-rank order with its own part read from its input; HomComp_F between
 *     nodes (compressed, staged); every rank copies every piece from the rank that made it as
 *     its chunks are done. With 3 to 8 ranks in the node each chunk's copies to (and from) all
 *     peers are one kernel, so every link carries traffic at once; with 2, a copy engine.
 *     Node barriers per call (host only): one, or two on the first call. Small vectors on one
 *     node (CCOLL_IPC_ONESHOT_BYTES) go one-shot: every rank writes its whole vector into
 *     every peer's slot and sums the whole vector itself in the same order (the same bytes;
 *     one GPU-to-GPU phase, no node barrier but the first call's); with 2 to 8 ranks all of it
 *     is one kernel per call (CCOLL_IPC_ONESHOT_KERNEL), whose blocks signal each other across
 *     the GPUs through flags in the exported buffers (no event, no host round trip; it holds
 *     up to 64 blocks of the GPU until every peer's part has come). Two-shot on one node up to
 *     CCOLL_IPC_TWOSHOT_KERNEL_BYTES is one such kernel too: each block pushes its part of every
 *     peer's piece, sums its part of its own piece once the peers' flags come, raises its flags
 *     again and reads its part of every peer's finished piece. On one node nothing
 *     is compressed, so the NaN/Inf and range screen is made by the sum kernels from the
 *     terms they read and agreed in the call's last allreduce (same statuses; no scan or
 *     wait before the copies). Ranks that share
 *     a GPU, GPUs without peer access, or config.no_ipc = 1: the host's node phases on a pinned
 *     copy. info.ipc and info.ipc_why say which. One rank per node: the ring on the buffers.
 *   - AUTO: c, h, d measured on the GPU, plus model.stage (pinned copy, s/B), model.launch (a
 *     codec call's fixed cost) and model.link (IPC, s/B); candidates RING (staged), raw RECDBL
 *     (staged), HOMCOMP_F, and ARGM where IPC works. Device terms: raw algorithms + 2 m stage;
 *     HomComp_F + (2(p-1)+1) segments x launch + 4 (p-1)/p m/CR stage; ArGM 2 alpha +
 *     2 (d-1)/d m link (+ HomComp_F's terms on m/d between nodes).
 *   - info.t_codec, t_stage, t_link, t_wire: the last call's time on this rank in codec
 *     kernels, host<->device copies, ArGM's GPU-to-GPU phase, and the rest (MPI waits).
 *   - Memory: device 4 x hc_compress_bound(segment) + (element size + 4) bytes x segment + 2
 *     workspaces; ArGM between nodes the same again for its inter-node plan, and with IPC d
 *     slots of a piece (about one vector, d - 1 vectors one-shot; + a piece between nodes);
 *     pinned host: the stream slots (as a host plan's) and, for raw algorithms, staged ArGM
 *     or AUTO, one copy of the vector (p x count for the raw allgather). CUDA failures: CCOLL_ERR_CUDA, agreed; later calls are not affected (a
 *     sticky error, a kernel fault, ends this process's CUDA context).
 *     Device memory is allocated and freed (cudaMalloc/cudaFree: these wait for the whole
 *     device) only at plan creation, the first ArGM or AUTO call and ccoll_plan_free; pinned
 *     memory on the first call that needs it; every other copy and kernel is on the plan's
 *     two streams.
 *   Timings against NCCL and staged MPI_Allreduce: demos/bench/README.md
 *   (demos/bench/allreduce_bench_ccoll_cuda.sh).
 *
 * MEMORY, THREADS
 *   The plan owns every buffer (about 3-4 x the compressed size of the vector plus two
 *   segments of raw scratch; HOMCOMP whole-buffer QP adds 4 bytes per element), allocated
 *   on the first call of each kind: no CCOLL_MALLOC in any later call, and no HOMCOMP_MALLOC
 *   either as long as each stream the codec handles (a segment, or an allgather block) has at
 *   most 2M elements (homcomp keeps its chunk table on the stack up to HOMCOMP_TABLE_LOCAL;
 *   beyond it, one small table per codec call; the test counts both). A plan is used by one
 *   thread at a time; calls are collective over the plan's communicator (a duplicate of
 *   the user's, so traffic never mixes with the caller's or another plan's). config.threads
 *   (0 = omp_get_max_threads()) is used by ccoll's own loops under OpenMP and by the codec.
 *   Every wait polls MPI_Test and yields the core (sched_yield) in between, and the small
 *   agreement collectives are non-blocking ones waited on that way: with more ranks than
 *   cores a spinning MPI_Wait would starve the very rank it waits for.
 *   Wire format: one message per segment; a receiver posts the plan's worst-case capacity
 *   (hc_compress_bound of a segment) and learns the size from MPI_Get_count, so no size
 *   from another rank ever sizes a buffer; the stream is then validated by the codec (and
 *   its checksum with config.checksum = 1). A message shorter than a stream header is an
 *   error marker ("CCER" + status) from a rank that failed.
 *   Plan creation, ArGM's first call and ccoll_plan_free call MPI_Comm_(i)dup/split/free.
 */
#ifndef CCOLL_MPI_H
#define CCOLL_MPI_H

/* The project version (meson.build's project(version:)); every header carries the same. */
#define CCOLL_VERSION_MAJOR 1
#define CCOLL_VERSION_MINOR 0
#define CCOLL_VERSION_PATCH 0

/* Device ArGM over IPC, 3 to 8 ranks a node: one copy kernel per chunk (1) or copy engines (0) */
#ifndef CCOLL_IPC_COPY_KERNEL
#define CCOLL_IPC_COPY_KERNEL 1
#endif
/* Device ArGM over IPC one-shot with 2 to 8 ranks: one kernel per call that pushes, waits for
 * the peers' flags and sums (1), or copies, interprocess events and a sum kernel (0; same bytes) */
#ifndef CCOLL_IPC_ONESHOT_KERNEL
#define CCOLL_IPC_ONESHOT_KERNEL 1
#endif
/* Device ArGM over IPC on one node: one-shot (every rank sends its whole vector to every peer
 * and sums the whole vector itself) while (ranks of the node - 1) x vector bytes <= this. It
 * moves d - 1 vectors out of each GPU where two-shot moves 2 (d - 1) / d, for one GPU-to-GPU
 * phase instead of two (demos/bench/README.md has where it wins) */
#ifndef CCOLL_IPC_ONESHOT_BYTES
#define CCOLL_IPC_ONESHOT_BYTES 8388608
#endif
/* Device ArGM over IPC on one node of 2 to 8 ranks, above one-shot: two-shot as one kernel per
 * call (ccoll__k_twoshot: flags between the GPUs, no host barrier, no event) while the vector
 * is at most this many bytes, else as chunked copies, sum kernels and interprocess events
 * (same bytes; demos/bench/README.md has where each wins) */
#ifndef CCOLL_IPC_TWOSHOT_KERNEL_BYTES
#define CCOLL_IPC_TWOSHOT_KERNEL_BYTES 33554432
#endif
/* The largest config.threads a plan accepts (as in every header): above it, CCOLL_ERR_ARG. */
#ifndef CCOLL_MAX_THREADS
#define CCOLL_MAX_THREADS 1024
#endif

/* C++ (nvcc): MPI's deprecated C++ bindings are not needed (OpenMPI's trip -Wcast-function-type) */
#if defined(__cplusplus) && !defined(OMPI_SKIP_MPICXX)
#define OMPI_SKIP_MPICXX 1
#endif
#if defined(__cplusplus) && !defined(MPICH_SKIP_MPICXX)
#define MPICH_SKIP_MPICXX 1
#endif
#include <mpi.h>
#include <stddef.h>
#include <stdint.h>

/* CCOLL_STATIC makes the homcomp implementation compiled here static too */
#if defined(CCOLL_STATIC) && !defined(HOMCOMP_H) && !defined(HOMCOMP_STATIC)
#define HOMCOMP_STATIC
#endif
#include "homcomp.cuh"

#if defined(__GNUC__) || defined(__clang__)
#define CCOLL__UNUSED __attribute__((unused))
#else
#define CCOLL__UNUSED
#endif
#ifndef CCOLL_DEF
#ifdef CCOLL_STATIC
#define CCOLL_DEF static CCOLL__UNUSED
#else
#define CCOLL_DEF extern
#endif
#endif

#ifdef __cplusplus
extern "C" {
#endif

typedef enum ccoll_status {
    CCOLL_OK = 0,
    CCOLL_ERR_NULL = -1,      /* a required pointer is NULL */
    CCOLL_ERR_ARG = -2,       /* an invalid value (dtype, algorithm, config not initialised) */
    CCOLL_ERR_SIZE = -3,      /* a size out of range or overflowing */
    CCOLL_ERR_NOMEM = -4,     /* CCOLL_MALLOC failed */
    CCOLL_ERR_CUDA = -5,      /* a CUDA call failed (device plans) */
    CCOLL_ERR_MPI = -6,       /* an MPI call failed */
    CCOLL_ERR_INTERNAL = -7,  /* a bug in ccoll */
    /* The codec's meanings keep homcomp.cuh's numbers (HC_ERR_EB, _NAN, _OVERFLOW, _CORRUPT), so a
     * status crosses from homcomp to ccoll unchanged; ccoll's own codes start at -32. */
    CCOLL_ERR_EB = -16,       /* error bound not finite and > 0 (= HC_ERR_EB) */
    CCOLL_ERR_NAN = -17,      /* NaN or infinity in some rank's input, compressed algorithms (= HC_ERR_NAN) */
    CCOLL_ERR_OVERFLOW = -19, /* a value or a sum too large for the codec at this eb (= HC_ERR_OVERFLOW) */
    CCOLL_ERR_CORRUPT = -22,  /* a received stream failed validation (= HC_ERR_CORRUPT) */
    CCOLL_ERR_CODEC = -32     /* another codec error (ccoll_plan_info's hc_status says which) */
} ccoll_status;

typedef enum ccoll_algo {
    CCOLL_ALGO_AUTO = 0,
    CCOLL_ALGO_RING,
    CCOLL_ALGO_DOC,
    CCOLL_ALGO_HOMCOMP,
    CCOLL_ALGO_HOMCOMP_F,
    CCOLL_ALGO_ARGM,
    CCOLL_ALGO_RECDBL,
    CCOLL_ALGO_COUNT
} ccoll_algo;

typedef enum ccoll_bound { CCOLL_BOUND_UNSET = 0, CCOLL_ABS, CCOLL_REL } ccoll_bound;

/* Where the caller's buffers live. Device plans need the implementation compiled by nvcc. */
typedef enum ccoll_memory { CCOLL_MEM_HOST = 0, CCOLL_MEM_DEVICE } ccoll_memory;

/* config.stream: a cudaStream_t under nvcc, the same pointer as void * for C callers */
#ifdef __CUDACC__
typedef cudaStream_t ccoll_stream;
#else
typedef void *ccoll_stream;
#endif

/* AUTO's cost-model constants; zero fields are measured at plan creation. */
typedef struct ccoll_model {
    double alpha;      /* seconds per message */
    double beta;       /* seconds per byte on the wire */
    double gamma;      /* seconds per input byte of a raw add */
    double c, h, d;    /* seconds per input byte: compress, fused add, decompress */
    double stage;      /* device plans: seconds per byte of a pinned host <-> device copy */
    double launch;     /* device plans: seconds per codec call beyond its bytes (launch + sync) */
    double link;       /* device plans with CUDA IPC: seconds per byte GPU to GPU in a node */
} ccoll_model;

/* Zero-initialised = defaults, except the error bound: use ccoll_config_init(). */
typedef struct ccoll_config {
    ccoll_algo algo;        /* 0 = AUTO */
    ccoll_bound bound;      /* set by ccoll_config_init */
    double eb;              /* ABS: absolute bound; REL: fraction of the global max - min */
    int codec_plain;        /* 1 = homcomp plain blocks only; 0 = outlier blocks where smaller
                             * (cuSZp2; the default: smooth data compresses much better) */
    int checksum;           /* 1 = streams carry homcomp's payload checksum (checked on receipt) */
    int threads;            /* 0 = omp_get_max_threads(); at most CCOLL_MAX_THREADS */
    uint64_t segment;       /* elements per pipelined message (0 = 65536; device plans 1M, 4M
                             * where count / p >= 8M; rounded up to 32) */
    uint64_t raw_below;     /* RECDBL: raw when leaf blocks have fewer elements (0 = 32768) */
    int homcomp_qp_whole;   /* HOMCOMP: 1 = QP the whole buffer up front, 0 = a segment ahead */
    int ranks_per_node;     /* ARGM: ranks r with the same r / d form a node (0 = MPI_COMM_TYPE_SHARED) */
    ccoll_model model;      /* AUTO: constants (0 = measure at plan creation) */
    ccoll_memory memory;    /* CCOLL_MEM_HOST (0) or CCOLL_MEM_DEVICE (nvcc builds) */
    ccoll_stream stream;    /* device plans: the caller's stream (0 = the default stream) */
    int device_pipeline;    /* device plans: 0 = ring steps pipelined over two streams; -1 = one
                             * segment at a time (the v0.2.0 first design, for comparison) */
    int no_ipc;             /* device ARGM: 1 = stage the node phases through the host even where
                             * CUDA IPC would work (0 = IPC where it works) */
} ccoll_config;

/* What the last call on a plan did. */
typedef struct ccoll_info {
    ccoll_algo algo;          /* the algorithm that ran (AUTO resolved) */
    double eb_abs;            /* the absolute error bound used (0 for raw) */
    uint64_t bytes_sent;      /* bytes this rank put on the wire (payload) */
    double ratio;             /* raw bytes / compressed bytes of the streams this rank sent */
    int hc_status;            /* the codec's status behind CCOLL_ERR_CODEC and friends */
    ccoll_model model;        /* AUTO's constants after measurement */
    double predicted[CCOLL_ALGO_COUNT]; /* AUTO: the model's seconds per candidate (0 = not one) */
    /* device plans */
    int device;               /* 1: a device plan */
    int cuda_aware;           /* what MPIX_Query_cuda_support said (-1: not available) */
    int ipc;                  /* ArGM's node phases: 1 = CUDA IPC, 0 = staged through the host */
    const char *ipc_why;      /* why staged: "shared GPU", "no peer access", ... ("" when ipc) */
    double t_codec, t_stage, t_link, t_wire; /* this rank's seconds in the last call: codec
                                 * kernels, host<->device copies, GPU-GPU phase, MPI waits */
    /* host codec (the CPU codec's calls in the last call, this rank): seconds and input bytes
     * per operation, so bytes / seconds is the in-ring codec rate; t_codec is their sum there */
    double t_compress, t_add, t_decompress;
    uint64_t b_compress, b_add, b_decompress;
    /* the same calls' CPU seconds (this process, all its threads: clock()): bytes / CPU
     * seconds is the in-ring rate per core, which a loaded or oversubscribed node does not
     * distort the way it does wall time */
    double c_compress, c_add, c_decompress;
    /* parts of t_wire (every plan): seconds blocked on the collective's own messages (the
     * receives and sends of the ring, recursive doubling and ArGM: the link's time that the
     * codec did not hide, and a slower neighbour), and the host's pass over the input before
     * the eb is known (min, max, NaN/Inf; compressed host calls) */
    double t_wait, t_scan;
    /* host HomComp_F (also AUTO's): 1 = the call quantized with the previous call's eb and
     * took its input's range inside the ring, segment by segment from the codec calls that
     * quantized it (t_scan: only what was scanned apart, in message waits or after a codec
     * failure); the step was checked to be this call's before the allgather; 2 = it was not,
     * and the ring ran again with this call's eb (bytes_sent, ratio, t_compress.. and
     * b_compress.. then add up both rings); 0 = no guess (scan first, as ever; also AUTO's
     * picks other than HomComp_F: raw ones scan nothing, others the whole input first) */
    int eb_guess;
    const char *mismatch;     /* ccoll_plan_create_ex's CCOLL_ERR_ARG because ranks passed different
                               * settings: the first that differed ("eb", "segment", "model.alpha",
                               * ...), the same on every rank; else NULL */
} ccoll_info;

typedef struct ccoll_plan ccoll_plan;

CCOLL_DEF const char *ccoll_status_string(ccoll_status s);
CCOLL_DEF const char *ccoll_algo_name(ccoll_algo a);
CCOLL_DEF ccoll_config ccoll_config_init(ccoll_bound bound, double eb);
CCOLL_DEF ccoll_status ccoll_plan_create(MPI_Comm comm, uint64_t count, MPI_Datatype dtype, const ccoll_config *config,
                                        ccoll_plan **plan);
/* The same; info (may be NULL) says why a creation failed (info->mismatch). */
CCOLL_DEF ccoll_status ccoll_plan_create_ex(MPI_Comm comm, uint64_t count, MPI_Datatype dtype, const ccoll_config *config,
                                           ccoll_plan **plan, ccoll_info *info);
CCOLL_DEF ccoll_status ccoll_allreduce(ccoll_plan *plan, const void *send, void *recv);
CCOLL_DEF ccoll_status ccoll_allgather(ccoll_plan *plan, const void *send, void *recv);
CCOLL_DEF ccoll_status ccoll_plan_info(const ccoll_plan *plan, ccoll_info *info);
CCOLL_DEF void ccoll_plan_free(ccoll_plan *plan);

#ifdef __cplusplus
}
#endif
#endif /* CCOLL_MPI_H */

/* ======================================================================================== */
#if defined(CCOLL_IMPLEMENTATION) && !defined(CCOLL__IMPLEMENTED)
#define CCOLL__IMPLEMENTED

#if !defined(CCOLL_NO_HOMCOMP_IMPLEMENTATION) && !defined(HOMCOMP_IMPLEMENTATION)
#define HOMCOMP_IMPLEMENTATION
#include "homcomp.cuh"
#endif

#include <limits.h>
#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#ifdef _OPENMP
#include <omp.h>
#endif
/* SSE2 (every x86-64) for the host input scan (ccoll__scan_host); CCOLL_NO_SIMD keeps its plain C */
#if defined(__SSE2__) && !defined(CCOLL_NO_SIMD) && !defined(__CUDA_ARCH__)
#include <emmintrin.h>
#define CCOLL__SSE2 1
#endif
#if defined(__unix__) || defined(__APPLE__)
#include <sched.h>
#define CCOLL__YIELD() sched_yield()
#else
#define CCOLL__YIELD() ((void)0)
#endif

#if defined(CCOLL_MALLOC) != defined(CCOLL_FREE)
#error "define both CCOLL_MALLOC and CCOLL_FREE, or neither"
#endif
#ifndef CCOLL_MALLOC
#define CCOLL_MALLOC(sz) malloc(sz)
#define CCOLL_FREE(p) free(p)
#endif

#ifdef _OPENMP
#define CCOLL__PRAGMA(x) _Pragma(#x)
#define CCOLL__OMP(x) CCOLL__PRAGMA(omp x)
#else
#define CCOLL__OMP(x)
#endif

/* Tests only: called on every stream this rank is about to send (to corrupt it). */
#ifndef CCOLL_TEST_HOOK_SEND
#define CCOLL_TEST_HOOK_SEND(buf, len) ((void)0)
#endif

#define CCOLL__TAG 7301
#define CCOLL__MARKER_BYTES 8 /* "CCER" + int32 status: shorter than any stream header */

/* One set of segmented stream slots: nblk blocks x nseg segments, cap bytes each. */
typedef struct {
    unsigned char *mem;
    size_t *len;      /* bytes used per slot */
    uint64_t nblk, nseg;
    size_t cap;
    int pinned;       /* mem from cudaMallocHost (device plans) */
} ccoll__store;

/* ---- the plan, in named parts ----------------------------------------------------------- */
/* What the caller asked for, resolved at plan creation (agreed: the same on every rank). */
typedef struct {
    ccoll_config cfg;   /* the caller's config (raw_below defaulted; device plans: qp_whole 0) */
    uint64_t count;     /* elements per rank */
    int dt;             /* HC_F32 / HC_F64 */
    size_t esize;       /* bytes per element */
    uint64_t seg;       /* elements per segment (message) */
    int device;         /* the memory mode, set once: 1 = the caller's buffers are device memory
                         * (raw algorithms then run on a pinned host copy: their adds are host
                         * code in every plan) */
    hc_options hco;     /* the codec's threads */
} ccoll__settings;

/* Who talks to whom. */
typedef struct {
    MPI_Comm comm;              /* our duplicate of the caller's communicator */
    int rank, p;
    MPI_Comm node_comm, inter_comm; /* ArGM's (first ArGM call, or a device plan's first AUTO) */
    int argm_ok;                /* nodes equal-sized; else ArGM falls back to HOMCOMP_F */
    ccoll_plan *inter;          /* HOMCOMP_F plan over inter_comm for this rank's piece */
} ccoll__topology;

/* Host buffers (pinned in device plans), each made on the first call that needs it. */
typedef struct {
    ccoll__store ring_recv[2], ring_send[2], ring_gather; /* ring (allreduce) streams */
    unsigned char *ring_raw[2]; /* raw scratch for the uncompressed ring's receives */
    unsigned char *tmp;         /* one segment of floats (DOC) / one stream (RECDBL add) */
    int32_t *deltas;            /* HOMCOMP: one segment, or the whole buffer (qp_whole) */
    MPI_Request *req;           /* requests: 4 x (max segments per block) or more */
    uint64_t nreq;
    int ring_ready, homcomp_ready, recdbl_ready, argm_ready, gather_ready, auto_ready;
    ccoll__store ag_store;      /* allgather */
    ccoll__store rd_own, rd_recv; /* recursive doubling */
    unsigned char *rd_raw;      /* raw scratch (count elements) */
    unsigned char *argm_acc;    /* ArGM: one piece, the intra-node sum */
    unsigned char *argm_in;     /* ArGM: d - 1 received pieces */
} ccoll__buffers;

/* AUTO's model state (its constants are info.model): observed / predicted time per algorithm
 * (1 until tried), the last call's algorithm, its model time and its local wall time (agreed
 * one call later), the sampled compression ratio, the last choice. */
typedef struct {
    int measured;
    double corr[CCOLL_ALGO_COUNT];
    /* host plans: each algorithm's last 3 measured / model ratios (ring buffer: the next is
     * written at hpos; nhist of them so far, at most 3); from the third on corr is their
     * median, so one slow call (a busy moment of a shared node) does not flip the next choice */
    double hist[CCOLL_ALGO_COUNT][3];
    int nhist[CCOLL_ALGO_COUNT], hpos[CCOLL_ALGO_COUNT];
    int tried[CCOLL_ALGO_COUNT];
    int last_algo;
    double last_pred, last_time;
    double cr;        /* the last sampled compression ratio (agreed) */
    uint64_t cr_calls;
    /* host plans: this rank's seconds per input byte inside its last compressed call (compress,
     * adds, decompress, the input scan; 0 = none since they were last agreed), agreed in the
     * next call's preamble (slowest rank) and then the model's c, h, d and `scan` */
    double ring[4];
    double scan;      /* the model's seconds per input byte of the input scan (host plans) */
    int pick, raw;    /* AUTO's last choice, and whether it moved raw data */
    int cold;         /* host plans: the last call was the plan's first AUTO call, which made and
                       * first touched every candidate's buffers: its time and in-ring rates are
                       * not fed back (ccoll__preamble) */
} ccoll__auto;

/* CUDA state of a device plan (nvcc builds; see DEVICE PLANS below; zero in host plans). */
typedef struct {
    int gpu;                    /* the device current at plan creation */
    ccoll_stream cst;           /* the caller's stream */
    void *dws;                  /* hc_cuda workspace for one segment */
    size_t dws_bytes, dcap;     /* dcap: bytes of each device stream scratch */
    unsigned char *dsa, *dsb, *dso; /* device scratch: two input streams, one output stream */
    unsigned char *dtmpf;       /* device floats, one segment (DOC) */
    int32_t *ddelta;            /* device deltas, one segment (HOMCOMP) */
    unsigned long long *dscan;  /* min key, max key, NaN/Inf flag of a device vector */
    unsigned char *hres;        /* pinned: codec results and scan words read back (from byte 256:
                                 * the one-shot kernel's, 3 words per block, written by it) */
    void *ev[3];                /* cudaEvent_t: before upload, after upload, after kernels */
    unsigned char *dsoq[2];     /* the ring pipeline's two output slots (dsoq[0] = dso) */
    void *dws2;                 /* workspace for the decodes on the second stream */
    void *cst2;                 /* cudaStream_t: the plan's second stream (downloads, decodes) */
    void *cst3, *sev[2];        /* CCOLL__SUM_PRIO only: ArGM's sums' stream and its fork / join events */
    void *pev[10];              /* cudaEvent_t: 5 per pipeline slot */
    unsigned char *hstage;      /* pinned copy of a whole vector (raw algorithms, staged ArGM) */
    size_t hstage_bytes;
    unsigned char *dacc;        /* device: one ArGM piece (several nodes) */
    unsigned char *ipc_buf;     /* CUDA IPC: d slots of a piece (maxp elements): d - 1 for the node
                                 * peers' parts of this rank's piece (they write them), the last
                                 * for this rank's finished piece (they read it) */
    unsigned char **ipc_peer;   /* the node's ipc_bufs as mapped here (own one at the local rank) */
    int ipc_n;                  /* node ranks (0: no IPC) */
    void **ipc_ev;              /* cudaEvent_t, interprocess: 2 x CCOLL__IPC_CH per node rank
                                 * (chunk c written to its peers, chunk c of its piece summed) */
    int ipc_evn;                /* entries of ipc_ev */
    int ipc_pushed;             /* this call's pushes are issued (before the preamble: ARGM) */
    uint64_t ipc_flag_off;      /* one- and two-shot kernels: where each ipc_buf's flags start (bytes),
                                 * d x CCOLL__OS_NB words, flag[j][b] set by node rank j's block b */
    unsigned ipc_epoch;         /* the flags' value this call (one-shot launches add 1, two-shot 2) */
    int ipc_nb;                 /* the most blocks a one- or two-shot launch uses (agreed on the node) */
    int sum_nb;                 /* CCOLL__SUM_FIT: this GPU's SMs (the sum kernels' grid: SMs x blocks per SM) */
    int scan_late;              /* this call's screen (min, max, NaN/Inf) comes from ArGM's sum
                                 * kernels (one node over IPC) and is agreed in the finish */
    double late[3];             /* this rank's min, max and NaN/Inf flag from those kernels */
} ccoll__device;

struct ccoll_plan {
    ccoll__settings set;
    ccoll__topology top;
    ccoll__buffers buf;
    ccoll__auto au;
    ccoll__device dv;
    /* the current call */
    double eb_abs;
    hc_config hc;
    int lst;                    /* this rank's status in the current call (ccoll_status) */
    int lhc;                    /* this rank's codec status */
    unsigned char mk[CCOLL__MARKER_BYTES]; /* this rank's error marker (raw steps send it) */
    uint64_t sent, raw_sent_streams, comp_sent;
    double t_codec, t_stage, t_link, t_wire; /* this call's time on this rank */
    double t_op[3];             /* host codec: seconds in compress, adds, decompress (this call) */
    double c_op[3];             /* their CPU seconds (process) */
    double t_wait, t_scan;      /* parts of the rest: message waits, the input scan */
    uint64_t b_op[3];           /* and their input bytes */
    /* The eb guess (host HomComp_F rings, ccoll__spec_agree): ok and eb = the last compressed
     * call's agreed eb (the same on every rank); on: this call quantizes with it and scans its
     * input segment by segment inside the ring into mn, mx, bad; factor: the screen's */
    struct {
        int ok, on, factor, bad;
        double eb, mn, mx;
        const unsigned char *own; /* the ring's input (ccoll__spec_upto), else NULL */
        int k;                    /* scanned: blocks k' < k of the reading order, and ... */
        uint64_t koff;            /* ... block k's first koff elements */
        uint64_t folded, scanned; /* this ring's elements whose range came from the codec / a scan */
    } spec;
    ccoll_info info;            /* what the last call did (ccoll_plan_info) */
};

/* ---- small helpers ------------------------------------------------------------------- */
static uint64_t ccoll__min64(uint64_t a, uint64_t b) { return a < b ? a : b; }
static uint64_t ccoll__blk_len(uint64_t n, int p, uint64_t b) { return n / (uint64_t)p + (b < n % (uint64_t)p); }
static uint64_t ccoll__blk_off(uint64_t n, int p, uint64_t b)
{
    return b * (n / (uint64_t)p) + ccoll__min64(b, n % (uint64_t)p);
}
static uint64_t ccoll__nseg(uint64_t len, uint64_t seg) { return (len + seg - 1) / seg; }
static double ccoll__median3(double a, double b, double c)
{
    return a < b ? (b < c ? b : (a < c ? c : a)) : (a < c ? a : (b < c ? c : b));
}
static int ccoll__threads(const ccoll_plan *P)
{
#ifdef _OPENMP
    return P->set.cfg.threads > 0 ? P->set.cfg.threads : omp_get_max_threads();
#else
    (void)P;
    return 1;
#endif
}
static int ccoll__mpi(int rc) { return rc == MPI_SUCCESS ? CCOLL_OK : CCOLL_ERR_MPI; }

/* The shared meanings carry the same numbers in both headers (checked here at compile time), so
 * they pass through unchanged; only the codec statuses ccoll folds into a wider one are mapped. */
typedef char ccoll__same_numbers[(CCOLL_OK == (int)HC_OK && CCOLL_ERR_NOMEM == (int)HC_ERR_NOMEM &&
                                  CCOLL_ERR_EB == (int)HC_ERR_EB && CCOLL_ERR_NAN == (int)HC_ERR_NAN &&
                                  CCOLL_ERR_OVERFLOW == (int)HC_ERR_OVERFLOW &&
                                  CCOLL_ERR_CORRUPT == (int)HC_ERR_CORRUPT) ? 1 : -1];
static ccoll_status ccoll__from_hc(hc_status s)
{
    switch (s) {
    case HC_OK: case HC_ERR_NOMEM: case HC_ERR_EB: case HC_ERR_NAN: case HC_ERR_OVERFLOW: case HC_ERR_CORRUPT:
        return (ccoll_status)s;
    case HC_ERR_INF: return CCOLL_ERR_NAN;
    case HC_ERR_SUM_OVERFLOW: return CCOLL_ERR_OVERFLOW;
    case HC_ERR_FORMAT: case HC_ERR_MISMATCH: case HC_ERR_CHECKSUM: return CCOLL_ERR_CORRUPT;
    default: return CCOLL_ERR_CODEC;
    }
}
static void ccoll__marker(unsigned char *m, int st);
/* Record a local failure (the first one wins; its marker is what raw steps send from now on)
 * and return it. */
static int ccoll__fail(ccoll_plan *P, int st, int hc)
{
    if (P->lst == CCOLL_OK && st != CCOLL_OK) {
        P->lst = st;
        P->lhc = hc;
        ccoll__marker(P->mk, st);
    }
    return st;
}
static int ccoll__hc(ccoll_plan *P, hc_status s) { return s == HC_OK ? CCOLL_OK : ccoll__fail(P, ccoll__from_hc(s), s); }

/* =========================================================================================
 * DEVICE PLANS (nvcc builds). The algorithms below are written once, for host pointers;
 * a device plan changes only what sits behind a few functions. Every compressed stream
 * still lives in (pinned) host memory: that copy is what MPI sends and receives, so MPI
 * never sees a device pointer, and the received bytes are checked exactly as on the host
 * (length from MPI_Get_count, bounded by the posted capacity; the header parsed from the
 * host copy before any launch; the rest by the kernels). A codec step uploads its input
 * stream(s) into device scratch (dsa, dsb), runs the hc_cuda_* call on the plan's stream
 * and workspace, reads the status back and downloads the output stream (dso). The GPU
 * codec writes the CPU codec's bytes, so device and host plans give the same results.
 * Raw algorithms (RING, raw RECDBL) copy the vector to pinned memory once and run the
 * host algorithm there. ArGM's node phases use CUDA IPC where every GPU of the node is
 * distinct and peer-accessible (see ccoll__ipc_setup), else the same host staging.
 * ========================================================================================= */
#ifdef __CUDACC__
#define CCOLL__EV(P, i) ((cudaEvent_t)(P)->dv.ev[i])
/* A failed CUDA call is recorded and its error consumed: left as the thread's last error, it
 * would fail the next launch check (ours or homcomp's cudaGetLastError), in a later call. */
static int ccoll__cu(ccoll_plan *P, cudaError_t e)
{
    if (e == cudaSuccess) return CCOLL_OK;
    cudaGetLastError();
    return ccoll__fail(P, CCOLL_ERR_CUDA, 0);
}

/* Wait for the plan's stream. Polls, and lets MPI progress meanwhile (an MPI_Iprobe on an
 * unused tag): the segments this rank already sent keep moving while its GPU works. */
static int ccoll__dsync(ccoll_plan *P)
{
    cudaError_t e;
    int flag = 0;
    while ((e = cudaStreamQuery(P->dv.cst)) == cudaErrorNotReady) {
        MPI_Iprobe(MPI_ANY_SOURCE, CCOLL__TAG + 99, P->top.comm, &flag, MPI_STATUS_IGNORE);
        CCOLL__YIELD();
    }
    return ccoll__cu(P, e);
}

static void *ccoll__pinned(size_t n)
{
    void *q = NULL;
    if (cudaMallocHost(&q, n ? n : 1) == cudaSuccess) return q;
    cudaGetLastError(); /* not the next launch's error (see ccoll__cu) */
    return NULL;
}
static void ccoll__pinned_free(void *q)
{
    if (q) cudaFreeHost(q);
}
static void ccoll__dfree(void *q)
{
    if (q) cudaFree(q);
}

/* ---- kernels (grid-stride loops) ---- */
template <typename T> static __global__ void ccoll__k_add(T *o, const T *a, const T *b, uint64_t n)
{
    for (uint64_t i = (uint64_t)blockIdx.x * blockDim.x + threadIdx.x; i < n; i += (uint64_t)gridDim.x * blockDim.x)
        o[i] = a[i] + b[i];
}
/* order-preserving keys of doubles, for atomicMin/atomicMax */
static __device__ unsigned long long ccoll__key(double x)
{
    unsigned long long u;
    memcpy(&u, &x, 8);
    return (u >> 63) ? ~u : (u | (1ull << 63));
}
/* a warp's min key, max key and NaN/Inf flag into r[0..2] (every lane calls it) */
static __device__ void ccoll__scan_warp(unsigned long long mn, unsigned long long mx, unsigned long long bad, unsigned long long *r)
{
    for (int o = 16; o > 0; o /= 2) {
        unsigned long long a = __shfl_down_sync(0xffffffffu, mn, o), b = __shfl_down_sync(0xffffffffu, mx, o);
        bad |= __shfl_down_sync(0xffffffffu, bad, o);
        mn = a < mn ? a : mn;
        mx = b > mx ? b : mx;
    }
    if ((threadIdx.x & 31) == 0) {
        if (mn != ~0ull) atomicMin(&r[0], mn);
        if (mx) atomicMax(&r[1], mx);
        if (bad) atomicOr(&r[2], bad);
    }
}
/* ArGM over IPC, one chunk [lo, hi): o = s[0] + s[1] + ... + s[d-1] in that order (the
 * host's order: the same bits); s[k] = slots + (k < self ? k : k - 1) x stride (local rank k's
 * part, written here by k), s[self] = own (this rank's input, read in place); o2 (when not
 * NULL) gets the same sums (the slot node peers read). scan (when not NULL): the preamble's
 * screen of every term read (min, max, NaN/Inf into scan[0..2], as ccoll__k_scan): the
 * node's ranks together read every input element at least once. */
template <typename T>
static __global__ void ccoll__k_sum_own(T *o, T *o2, const T *slots, uint64_t stride, const T *own, int self, int d, uint64_t lo,
                                        uint64_t hi, unsigned long long *scan)
{
    unsigned long long mn = ~0ull, mx = 0, bad = 0;
    for (uint64_t i = lo + (uint64_t)blockIdx.x * blockDim.x + threadIdx.x; i < hi; i += (uint64_t)gridDim.x * blockDim.x) {
        T acc = 0;
        for (int j = 0; j < d; j++) {
            const T v = j == self ? own[i] : slots[(uint64_t)(j < self ? j : j - 1) * stride + i];
            acc = j == 0 ? v : acc + v;
            if (scan) {
                const double x = (double)v;
                if (!(x - x == 0.0)) bad = 1;
                else {
                    const unsigned long long k = ccoll__key(x);
                    mn = k < mn ? k : mn;
                    mx = k > mx ? k : mx;
                }
            }
        }
        o[i] = acc;
        if (o2) o2[i] = acc;
    }
    if (scan) ccoll__scan_warp(mn, mx, bad, scan); /* (scan is the same for the whole grid) */
}
/* ArGM over IPC with 3 to 8 node ranks: one launch moves a chunk to or from every peer at once
 * (blockIdx.y = the peer), so each GPU's NVLinks carry all its peers' traffic together, where
 * one copy-engine copy after another leaves links idle and lets two senders meet at one
 * receiver. Bytes as they are: 16-byte words where source and destination allow, else 4 (the
 * element sizes are 4 and 8). */
#define CCOLL__MC_MAX 7
typedef struct {
    unsigned char *dst[CCOLL__MC_MAX];
    const unsigned char *src[CCOLL__MC_MAX];
    uint64_t bytes[CCOLL__MC_MAX];
} ccoll__mcpy;
/* n bytes from s to d by threads t of nt (ccoll__k_mcopy's body; the one-shot kernel's pushes) */
static __device__ void ccoll__copy_bytes(unsigned char *d, const unsigned char *s, uint64_t n, uint64_t t, uint64_t nt)
{
    uint64_t head = 0, nv = 0, i;
    if (!((((uintptr_t)d ^ (uintptr_t)s) & 15))) { /* co-aligned: a 4-byte head, then 16-byte words */
        head = (16 - ((uintptr_t)d & 15)) & 15;
        if (head > n) head = n;
        nv = (n - head) / 16;
        const uint4 *s4 = (const uint4 *)(s + head);
        uint4 *d4 = (uint4 *)(d + head);
        for (i = t; i < nv; i += 4 * nt) { /* four loads in flight per thread (peer reads are slow to answer) */
            uint4 a[4];
            int u;
            for (u = 0; u < 4; u++)
                if (i + u * nt < nv) a[u] = s4[i + u * nt];
            for (u = 0; u < 4; u++)
                if (i + u * nt < nv) d4[i + u * nt] = a[u];
        }
    }
    /* the head (co-aligned) or everything (not), and the tail, in 4-byte words */
    {
        const uint64_t tail = head + nv * 16;
        for (i = t * 4; i < head; i += nt * 4) *(uint32_t *)(d + i) = *(const uint32_t *)(s + i);
        for (i = tail + t * 4; i < n; i += nt * 4) *(uint32_t *)(d + i) = *(const uint32_t *)(s + i);
    }
}
static __global__ void ccoll__k_mcopy(ccoll__mcpy m)
{
    ccoll__copy_bytes(m.dst[blockIdx.y], m.src[blockIdx.y], m.bytes[blockIdx.y], (uint64_t)blockIdx.x * blockDim.x + threadIdx.x,
                      (uint64_t)gridDim.x * blockDim.x);
}
/* ArGM over IPC one-shot in one kernel (one node of 2 to 8 ranks, see ccoll__argm_kernel):
 * block b of nb takes elements [n b / nb, n (b + 1) / nb) of the vector and
 *   1. writes them from own into this rank's slot on every peer (NVLink stores), then sets its
 *      flag there, flag[self][b] = epoch (the call's number, the same on every node rank);
 *   2. waits until every peer's flag[peer][b] here has reached epoch (their block b wrote its
 *      part of the vector into this rank's slots);
 *   3. sums the part: o = s[0] + ... + s[d-1] in local-rank order (ccoll__k_sum_own's order:
 *      the host's bits), own for s[self]; scan (when not NULL): min key, max key and NaN/Inf
 *      of every term read, block b's into scan[3 b .. 3 b + 2] (pinned host memory).
 * No host round trip and no event: one launch per call. The blocks wait for each other across
 * the GPUs, so a launch never has more blocks than fit on the GPU at once (CCOLL__OS_NB, and
 * the node's smallest SM count). own == NULL (a rank in error): step 1's flags only, no data
 * and no sum, so the peers' waits end. The host ends a wait that can never end (a peer whose
 * launch failed, agreed by MPI) by raising the flags itself (ccoll__k_os_release). Slot data
 * is read through L2 (ld.cg): a peer wrote it after this SM may have cached the last call's. */
#define CCOLL__OS_NB 64
#define CCOLL__OS_THREADS 512
typedef struct {
    unsigned char *slot[CCOLL__MC_MAX]; /* peer k + 1 ((self + k + 1) % d): this rank's slot there */
    unsigned *flag[CCOLL__MC_MAX];      /* and this rank's CCOLL__OS_NB flags there */
} ccoll__os_peers;
/* a block's min key, max key and NaN/Inf flag into r[0..2] (every thread calls it) */
static __device__ void ccoll__scan_block(unsigned long long mn, unsigned long long mx, unsigned long long bad, unsigned long long *r)
{
    __shared__ unsigned long long w[3][32];
    const int lane = threadIdx.x & 31, wid = threadIdx.x >> 5, nw = (blockDim.x + 31) >> 5;
    for (int o = 16; o > 0; o /= 2) {
        unsigned long long a = __shfl_down_sync(0xffffffffu, mn, o), b = __shfl_down_sync(0xffffffffu, mx, o);
        bad |= __shfl_down_sync(0xffffffffu, bad, o);
        mn = a < mn ? a : mn;
        mx = b > mx ? b : mx;
    }
    if (lane == 0) w[0][wid] = mn, w[1][wid] = mx, w[2][wid] = bad;
    __syncthreads();
    if (threadIdx.x == 0) {
        for (int k = 1; k < nw; k++) {
            mn = w[0][k] < mn ? w[0][k] : mn;
            mx = w[1][k] > mx ? w[1][k] : mx;
            bad |= w[2][k];
        }
        r[0] = mn;
        r[1] = mx;
        r[2] = bad;
    }
}
/* The flags of the kernels below: raise this block's flag on every peer to epoch once this
 * block's earlier stores (its data there) are visible system-wide (every thread calls it). */
static __device__ void ccoll__flag_raise(unsigned *const *flag, int npeer, unsigned epoch)
{
    __threadfence_system(); /* this thread's stores reach the peers before the flags below */
    __syncthreads();
    if ((int)threadIdx.x < npeer) *(volatile unsigned *)&flag[threadIdx.x][blockIdx.x] = epoch;
}
/* ... and wait until every peer's flag of this block here (flags[j][blockIdx.x]) has reached
 * epoch (wrap-safe order; every thread calls it) */
static __device__ void ccoll__flag_wait(const unsigned *flags, int self, int d, unsigned epoch)
{
    if ((int)threadIdx.x < d && (int)threadIdx.x != self) {
        const volatile unsigned *f = flags + (uint64_t)threadIdx.x * CCOLL__OS_NB + blockIdx.x;
        while ((int)(*f - epoch) < 0) {
        }
        __threadfence_system();
    }
    __syncthreads();
}
/* Elements [lo, hi) of a sum of d terms in local-rank order (ccoll__k_sum_own's order: the
 * host's bits): term j is own (this rank's, read as it is) for j == self, else slots + (j <
 * self ? j : j - 1) x stride (written by a peer: read through L2, ld.cg, as this SM may hold
 * the last call's). Into o, and into o2 when not NULL; min key, max key and NaN/Inf of every
 * term into *mn, *mx, *bad when scan. 4 elements a thread: 4 loads in flight. */
template <typename T>
static __device__ void ccoll__sum_part(T *o, T *o2, const T *own, const T *slots, uint64_t stride, int self, int d, uint64_t lo,
                                       uint64_t hi, int scan, unsigned long long *mn, unsigned long long *mx, unsigned long long *bad)
{
    for (uint64_t i0 = lo + threadIdx.x; i0 < hi; i0 += 4 * (uint64_t)blockDim.x) {
        T acc[4];
        int u;
        for (int j = 0; j < d; j++) {
            const T *s = j == self ? own : slots + (uint64_t)(j < self ? j : j - 1) * stride;
            T v[4];
#pragma unroll
            for (u = 0; u < 4; u++) {
                const uint64_t i = i0 + (uint64_t)u * blockDim.x;
                v[u] = i >= hi ? (T)0 : j == self ? s[i] : __ldcg(s + i);
            }
#pragma unroll
            for (u = 0; u < 4; u++) {
                acc[u] = j == 0 ? v[u] : acc[u] + v[u];
                if (scan && i0 + (uint64_t)u * blockDim.x < hi) {
                    const double x = (double)v[u];
                    if (!(x - x == 0.0)) *bad = 1;
                    else {
                        const unsigned long long key = ccoll__key(x);
                        *mn = key < *mn ? key : *mn;
                        *mx = key > *mx ? key : *mx;
                    }
                }
            }
        }
#pragma unroll
        for (u = 0; u < 4; u++) {
            const uint64_t i = i0 + (uint64_t)u * blockDim.x;
            if (i < hi) {
                o[i] = acc[u];
                if (o2) o2[i] = acc[u];
            }
        }
    }
}
/* ArGM over IPC (copies and events, 3 to 8 node ranks), chunk [lo, hi): ccoll__k_sum_own's sums
 * (its arguments in its order; the same terms, order and bits, the same screen) by a grid that
 * stays resident beside the copy kernel (CCOLL__SUM_FIT blocks of 256 threads per SM,
 * ccoll__sum_part's 4 loads in flight a thread): block b takes [lo + n b / nb, lo + n (b + 1) / nb) of the n = hi - lo. With
 * ccoll__grid's 2048 blocks (more than fit) the 4-rank 256 MiB calls were bimodal (issue 28;
 * see CCOLL__SUM_FIT). */
template <typename T>
static __global__ void __launch_bounds__(256)
    ccoll__k_sum_fit(T *o, T *o2, const T *slots, uint64_t stride, const T *own, int self, int d, uint64_t lo, uint64_t hi,
                     unsigned long long *scan)
{
    const uint64_t n = hi - lo, a = lo + n * blockIdx.x / gridDim.x, b = lo + n * (blockIdx.x + 1) / gridDim.x;
    unsigned long long mn = ~0ull, mx = 0, bad = 0;
    ccoll__sum_part<T>(o, o2, own, slots, stride, self, d, a, b, scan != NULL, &mn, &mx, &bad);
    if (scan) ccoll__scan_warp(mn, mx, bad, scan);
}
template <typename T>
static __global__ void __launch_bounds__(CCOLL__OS_THREADS)
    ccoll__k_oneshot(ccoll__os_peers pe, const T *own, T *o, const T *slots, const unsigned *flags, uint64_t n, int self, int d,
                     unsigned epoch, unsigned long long *scan)
{
    const uint64_t lo = n * blockIdx.x / gridDim.x, hi = n * (blockIdx.x + 1) / gridDim.x;
    unsigned long long mn = ~0ull, mx = 0, bad = 0;
    int k;
    if (own)
        for (k = 0; k < d - 1; k++)
            ccoll__copy_bytes(pe.slot[k] + lo * sizeof(T), (const unsigned char *)(own + lo), (hi - lo) * sizeof(T), threadIdx.x, blockDim.x);
    ccoll__flag_raise(pe.flag, d - 1, epoch);
    if (!own) return;
    ccoll__flag_wait(flags, self, d, epoch);
    ccoll__sum_part<T>(o, (T *)NULL, own, slots, n, self, d, lo, hi, scan != NULL, &mn, &mx, &bad);
    if (scan) ccoll__scan_block(mn, mx, bad, scan + 3 * (uint64_t)blockIdx.x);
}
/* ArGM over IPC two-shot in one kernel (one node of 2 to 8 ranks, vectors of at most
 * CCOLL_IPC_TWOSHOT_KERNEL_BYTES; see ccoll__argm_kernel): node rank j sums piece j of the
 * vector (ccoll__blk_off / _len); block b of nb takes part b of every piece (elements [l b / nb,
 * l (b + 1) / nb) of a piece of l) and
 *   1. writes part b of each peer's piece from own into this rank's slot on that peer (NVLink
 *      stores; block b starts at peer b mod (d - 1), so the blocks load every link at once),
 *      then raises its flag there to epoch - 1;
 *   2. waits for every peer's flag of block b here to reach epoch - 1, sums part b of its own
 *      piece (ccoll__sum_part) into o and into its last slot (d - 1), then raises its flag on
 *      every peer to epoch;
 *   3. waits for every peer's flag to reach epoch and reads part b of each peer's piece from
 *      that peer's last slot into o.
 * One launch per call, no host round trip, no event; the same slots as the two-shot copies
 * (stride = the largest piece) and the one-shot kernel's flags, launch rule, release and
 * error handling (own == NULL: flags only). In place (o == own) is safe: block b reads only
 * part b of own, before it writes part b of o. */
typedef struct {
    unsigned char *slot[CCOLL__MC_MAX];       /* peer k + 1 ((self + k + 1) % d): this rank's slot there */
    const unsigned char *last[CCOLL__MC_MAX]; /* its last slot (its finished piece) */
    unsigned *flag[CCOLL__MC_MAX];            /* this rank's CCOLL__OS_NB flags there */
    uint64_t off[CCOLL__MC_MAX], len[CCOLL__MC_MAX]; /* its piece in the vector (elements) */
} ccoll__ts_peers;
template <typename T>
static __global__ void __launch_bounds__(CCOLL__OS_THREADS)
    ccoll__k_twoshot(ccoll__ts_peers pe, const T *own, T *o, T *slots, const unsigned *flags, uint64_t stride, uint64_t off,
                     uint64_t len, int self, int d, unsigned epoch, unsigned long long *scan)
{
    const uint64_t b = blockIdx.x, nb = gridDim.x;
    const int np = d - 1;
    unsigned long long mn = ~0ull, mx = 0, bad = 0;
    int k;
    if (own)
        for (k = 0; k < np; k++) {
            const int q = (int)((k + b) % (uint64_t)np);
            const uint64_t lo = pe.len[q] * b / nb, hi = pe.len[q] * (b + 1) / nb;
            ccoll__copy_bytes(pe.slot[q] + lo * sizeof(T), (const unsigned char *)(own + pe.off[q] + lo), (hi - lo) * sizeof(T), threadIdx.x,
                              blockDim.x);
        }
    ccoll__flag_raise(pe.flag, np, epoch - 1);
    if (own) {
        ccoll__flag_wait(flags, self, d, epoch - 1);
        ccoll__sum_part<T>(o + off, slots + (uint64_t)np * stride, own + off, slots, stride, self, d, len * b / nb, len * (b + 1) / nb,
                           scan != NULL, &mn, &mx, &bad);
    }
    ccoll__flag_raise(pe.flag, np, epoch);
    if (!own) return;
    ccoll__flag_wait(flags, self, d, epoch);
    for (k = 0; k < np; k++) {
        const int q = (int)((k + b) % (uint64_t)np);
        const uint64_t lo = pe.len[q] * b / nb, hi = pe.len[q] * (b + 1) / nb;
        ccoll__copy_bytes((unsigned char *)(o + pe.off[q] + lo), pe.last[q] + lo * sizeof(T), (hi - lo) * sizeof(T), threadIdx.x, blockDim.x);
    }
    if (scan) ccoll__scan_block(mn, mx, bad, scan + 3 * (uint64_t)blockIdx.x);
}
/* Tests only: called before a failed call's release below (tests/test_ccoll_cuda.cu delays a rank there) */
#ifndef CCOLL_TEST_HOOK_UNPUSH
#define CCOLL_TEST_HOOK_UNPUSH() ((void)0)
#endif
/* Benchmarks only: a point of the IPC chunk pipeline on a stream (see the top of the file) */
#ifndef CCOLL_TEST_HOOK_IPC_STAMP
#define CCOLL_TEST_HOOK_IPC_STAMP(stream, what, chunk) ((void)0)
#endif
/* every flag of this rank raised to epoch: ends its one- or two-shot kernel's waits (a call that failed).
 * Raised, never set: nothing synchronises the node after a failed call, so a peer that returned
 * first may already have pushed its next call and written epoch + 1 here; a plain store would put
 * it back to epoch and the next call's wait for that peer would never end. */
static __global__ void ccoll__k_os_release(unsigned *flags, int words, unsigned epoch)
{
    for (int i = threadIdx.x; i < words; i += blockDim.x) {
        unsigned f = *(volatile unsigned *)&flags[i], g;
        while ((int)(f - epoch) < 0 && (g = atomicCAS(&flags[i], f, epoch)) != f) f = g; /* wrap-safe order */
    }
    __threadfence_system();
}
static double ccoll__unkey(unsigned long long k)
{
    unsigned long long u = (k >> 63) ? (k & ~(1ull << 63)) : ~k;
    double x;
    memcpy(&x, &u, 8);
    return x;
}
static __global__ void ccoll__k_scan_init(unsigned long long *r)
{
    r[0] = ~0ull;
    r[1] = 0;
    r[2] = 0;
}
/* min and max of the finite values, and a flag for NaN/Inf (the host preamble's scan) */
template <typename T> static __global__ void ccoll__k_scan(const T *x, uint64_t n, unsigned long long *r)
{
    unsigned long long mn = ~0ull, mx = 0, bad = 0;
    for (uint64_t i = (uint64_t)blockIdx.x * blockDim.x + threadIdx.x; i < n; i += (uint64_t)gridDim.x * blockDim.x) {
        double d = (double)x[i];
        if (!(d - d == 0.0)) bad = 1;
        else {
            unsigned long long k = ccoll__key(d);
            mn = k < mn ? k : mn;
            mx = k > mx ? k : mx;
        }
    }
    ccoll__scan_warp(mn, mx, bad, r);
}
static unsigned ccoll__grid(uint64_t n)
{
    uint64_t g = (n + 255) / 256;
    return (unsigned)(g < 1 ? 1 : g > 2048 ? 2048 : g);
}

/* ---- the codec on the device: upload, launch, status, download ---- */
static void ccoll__events(ccoll_plan *P, double *stage, double *codec)
{
    float a = 0, b = 0;
    if (cudaEventElapsedTime(&a, CCOLL__EV(P, 0), CCOLL__EV(P, 1)) == cudaSuccess) *stage += a * 1e-3;
    if (cudaEventElapsedTime(&b, CCOLL__EV(P, 1), CCOLL__EV(P, 2)) == cudaSuccess) *codec += b * 1e-3;
}
/* After the launches of one codec step (s: their host-side status; nres: results read
 * before the last call): the statuses, and the output stream downloaded to hout. */
static int ccoll__d_end(ccoll_plan *P, hc_status s, int nres, void *hout, size_t cap, size_t *sz)
{
    hc_cuda_result *R = (hc_cuda_result *)P->dv.hres;
    int i;
    if (s == HC_OK && hc_cuda_read_result(P->dv.dws, &R[nres], P->dv.cst) != HC_OK) s = HC_ERR_CUDA;
    cudaEventRecord(CCOLL__EV(P, 2), P->dv.cst);
    if (ccoll__dsync(P)) return CCOLL_ERR_CUDA; /* also after a refused launch: earlier ones ran */
    ccoll__events(P, &P->t_stage, &P->t_codec);
    if (s != HC_OK) return ccoll__hc(P, s);
    for (i = 0; i <= nres; i++)
        if (R[i].status != HC_OK) return ccoll__hc(P, (hc_status)R[i].status);
    if (sz) {
        double t0 = MPI_Wtime();
        uint64_t b = R[nres].bytes;
        if (b > cap || b > P->dv.dcap) return ccoll__fail(P, CCOLL_ERR_INTERNAL, 0);
        if (ccoll__cu(P, cudaMemcpyAsync(hout, P->dv.dso, (size_t)b, cudaMemcpyDeviceToHost, P->dv.cst)) || ccoll__dsync(P))
            return CCOLL_ERR_CUDA;
        *sz = (size_t)b;
        P->t_stage += MPI_Wtime() - t0;
    }
    return CCOLL_OK;
}
/* upload a received stream (len <= its slot's capacity <= dcap, checked again here) */
static int ccoll__d_up(ccoll_plan *P, unsigned char *d, const void *h, size_t len)
{
    if (len > P->dv.dcap) return ccoll__fail(P, CCOLL_ERR_CORRUPT, HC_ERR_CORRUPT);
    return ccoll__cu(P, cudaMemcpyAsync(d, h, len, cudaMemcpyHostToDevice, P->dv.cst));
}
static int ccoll__d_compress(ccoll_plan *P, const void *in, uint64_t n, void *out, size_t cap, size_t *sz)
{
    cudaEventRecord(CCOLL__EV(P, 0), P->dv.cst);
    cudaEventRecord(CCOLL__EV(P, 1), P->dv.cst);
    return ccoll__d_end(P, hc_cuda_compress(&P->hc, in, n, P->dv.dso, P->dv.dcap, P->dv.dws, P->dv.dws_bytes, P->dv.cst), 0, out, cap, sz);
}
static int ccoll__d_decompress(ccoll_plan *P, const void *s, size_t len, void *out, uint64_t n)
{
    cudaEventRecord(CCOLL__EV(P, 0), P->dv.cst);
    if (ccoll__d_up(P, P->dv.dsa, s, len)) return P->lst;
    cudaEventRecord(CCOLL__EV(P, 1), P->dv.cst);
    return ccoll__d_end(P, hc_cuda_decompress(P->dv.dsa, len, s, (hc_dtype)P->set.dt, out, n, P->dv.dws, P->dv.dws_bytes, P->dv.cst), 0,
                        NULL, 0, NULL);
}
/* decode the stream the previous device call wrote (still in dso; s is its host copy, for
 * the header): no upload of bytes the GPU already has */
static int ccoll__d_decompress_dso(ccoll_plan *P, const void *s, size_t len, void *out, uint64_t n)
{
    cudaEventRecord(CCOLL__EV(P, 0), P->dv.cst);
    cudaEventRecord(CCOLL__EV(P, 1), P->dv.cst);
    return ccoll__d_end(P, hc_cuda_decompress(P->dv.dso, len, s, (hc_dtype)P->set.dt, out, n, P->dv.dws, P->dv.dws_bytes, P->dv.cst), 0, NULL,
                        0, NULL);
}
static int ccoll__d_add_raw(ccoll_plan *P, const void *c, size_t clen, const void *raw, uint64_t n, void *out, size_t cap,
                            size_t *sz)
{
    cudaEventRecord(CCOLL__EV(P, 0), P->dv.cst);
    if (ccoll__d_up(P, P->dv.dsa, c, clen)) return P->lst;
    cudaEventRecord(CCOLL__EV(P, 1), P->dv.cst);
    return ccoll__d_end(P, hc_cuda_add_raw(P->dv.dsa, clen, c, (hc_dtype)P->set.dt, raw, n, P->dv.dso, P->dv.dcap, P->dv.dws, P->dv.dws_bytes, P->dv.cst),
                        0, out, cap, sz);
}
static int ccoll__d_add(ccoll_plan *P, const void *a, size_t alen, const void *b, size_t blen, uint64_t n, void *out, size_t cap,
                        size_t *sz)
{
    cudaEventRecord(CCOLL__EV(P, 0), P->dv.cst);
    if (ccoll__d_up(P, P->dv.dsa, a, alen) || ccoll__d_up(P, P->dv.dsb, b, blen)) return P->lst;
    cudaEventRecord(CCOLL__EV(P, 1), P->dv.cst);
    return ccoll__d_end(P, hc_cuda_add(P->dv.dsa, alen, P->dv.dsb, blen, a, (hc_dtype)P->set.dt, n, P->dv.dso, P->dv.dcap, P->dv.dws, P->dv.dws_bytes, P->dv.cst),
                        0, out, cap, sz);
}
/* HOMCOMP on the device: QP of the raw segment with the received stream's step (the same
 * step the global eb gives), then the combine; the QP status is read back between them */
static int ccoll__d_add_qp(ccoll_plan *P, const void *c, size_t clen, const void *raw, uint64_t n, void *out, size_t cap,
                           size_t *sz)
{
    hc_status s;
    cudaEventRecord(CCOLL__EV(P, 0), P->dv.cst);
    if (ccoll__d_up(P, P->dv.dsa, c, clen)) return P->lst;
    cudaEventRecord(CCOLL__EV(P, 1), P->dv.cst);
    s = hc_cuda_qp(P->dv.dsa, clen, c, (hc_dtype)P->set.dt, raw, n, P->dv.ddelta, P->dv.dws, P->dv.dws_bytes, P->dv.cst);
    if (s == HC_OK) s = hc_cuda_read_result(P->dv.dws, (hc_cuda_result *)P->dv.hres, P->dv.cst);
    if (s == HC_OK)
        s = hc_cuda_add_qp(P->dv.dsa, clen, c, (hc_dtype)P->set.dt, P->dv.ddelta, n, P->dv.dso, P->dv.dcap, P->dv.dws, P->dv.dws_bytes, P->dv.cst);
    return ccoll__d_end(P, s, 1, out, cap, sz);
}
static int ccoll__d_add_floats(ccoll_plan *P, void *out, const void *a, const void *b, uint64_t n)
{
    cudaEventRecord(CCOLL__EV(P, 0), P->dv.cst);
    cudaEventRecord(CCOLL__EV(P, 1), P->dv.cst);
    if (P->set.dt == HC_F32) ccoll__k_add<float><<<ccoll__grid(n), 256, 0, P->dv.cst>>>((float *)out, (const float *)a, (const float *)b, n);
    else ccoll__k_add<double><<<ccoll__grid(n), 256, 0, P->dv.cst>>>((double *)out, (const double *)a, (const double *)b, n);
    return ccoll__d_end(P, cudaGetLastError() == cudaSuccess ? HC_OK : HC_ERR_CUDA, 0, NULL, 0, NULL);
}
/* min, max and the NaN/Inf flag of a device vector (the preamble's scan) */
static int ccoll__d_scan(ccoll_plan *P, const void *x, uint64_t n, double *mn, double *mx, int *bad)
{
    unsigned long long *h = (unsigned long long *)(P->dv.hres + 128);
    ccoll__k_scan_init<<<1, 1, 0, P->dv.cst>>>(P->dv.dscan);
    if (n && P->set.dt == HC_F32) ccoll__k_scan<float><<<ccoll__grid(n), 256, 0, P->dv.cst>>>((const float *)x, n, P->dv.dscan);
    else if (n) ccoll__k_scan<double><<<ccoll__grid(n), 256, 0, P->dv.cst>>>((const double *)x, n, P->dv.dscan);
    if (ccoll__cu(P, cudaGetLastError()) ||
        ccoll__cu(P, cudaMemcpyAsync(h, P->dv.dscan, 3 * sizeof *h, cudaMemcpyDeviceToHost, P->dv.cst)) || ccoll__dsync(P))
        return CCOLL_ERR_CUDA;
    *bad = h[2] != 0;
    if (h[0] != ~0ull) *mn = ccoll__unkey(h[0]);
    if (h[1] != 0) *mx = ccoll__unkey(h[1]);
    return CCOLL_OK;
}
/* stream-ordered copies (kind from the pointers: unified addressing) */
static int ccoll__d_copy(ccoll_plan *P, void *dst, const void *src, size_t bytes, double *acc)
{
    double t0 = MPI_Wtime();
    int st;
    if (!bytes || dst == src) return CCOLL_OK;
    st = ccoll__cu(P, cudaMemcpyAsync(dst, src, bytes, cudaMemcpyDefault, P->dv.cst));
    if (!st) st = ccoll__dsync(P);
    if (acc) *acc += MPI_Wtime() - t0;
    return st;
}
#else /* not nvcc: host plans only; these are never reached (set.device stays 0) */
static int ccoll__d_fail(ccoll_plan *P) { return ccoll__fail(P, CCOLL_ERR_CUDA, 0); }
#define ccoll__d_compress(P, in, n, out, cap, sz) ccoll__d_fail(P)
#define ccoll__d_decompress(P, s, len, out, n) ccoll__d_fail(P)
#define ccoll__d_decompress_dso(P, s, len, out, n) ccoll__d_fail(P)
#define ccoll__d_add_raw(P, c, clen, raw, n, out, cap, sz) ccoll__d_fail(P)
#define ccoll__d_add(P, a, alen, b, blen, n, out, cap, sz) ccoll__d_fail(P)
#define ccoll__d_add_qp(P, c, clen, raw, n, out, cap, sz) ccoll__d_fail(P)
#define ccoll__d_add_floats(P, out, a, b, n) ccoll__d_fail(P)
#define ccoll__d_scan(P, x, n, mn, mx, bad) ccoll__d_fail(P)
#define ccoll__d_copy(P, dst, src, bytes, acc) ((void)(dst), (void)(src), ccoll__d_fail(P))
static void *ccoll__pinned(size_t n) { (void)n; return NULL; }
static void ccoll__pinned_free(void *q) { (void)q; }
#endif

/* Host buffers of a plan: pinned for device plans (fast, asynchronous copies). */
static void *ccoll__palloc(const ccoll_plan *P, size_t n, int *st)
{
    void *q = P->set.device ? ccoll__pinned(n) : CCOLL_MALLOC(n ? n : 1);
    if (!q && *st == CCOLL_OK) *st = CCOLL_ERR_NOMEM;
    return q;
}
static void ccoll__pfree(const ccoll_plan *P, void *q)
{
    if (P->set.device) ccoll__pinned_free(q);
    else CCOLL_FREE(q);
}

static void ccoll__store_free(ccoll__store *s)
{
    if (s->pinned) ccoll__pinned_free(s->mem);
    else CCOLL_FREE(s->mem);
    CCOLL_FREE(s->len);
    memset(s, 0, sizeof *s);
}
/* pinned = 1 (device plans): the slots are cudaMallocHost memory. What s held goes first
 * (a prepare retried after a failed one would leak it otherwise). */
static int ccoll__store_alloc(ccoll__store *s, uint64_t nblk, uint64_t nseg, size_t cap, int pinned)
{
    uint64_t slots = nblk * nseg;
    ccoll__store_free(s);
    if (slots == 0) return CCOLL_OK;
    if (cap && slots > SIZE_MAX / cap) return CCOLL_ERR_SIZE;
    s->pinned = pinned;
    s->mem = (unsigned char *)(pinned ? ccoll__pinned(slots * cap) : CCOLL_MALLOC(slots * cap));
    s->len = (size_t *)CCOLL_MALLOC(slots * sizeof(size_t));
    if (!s->mem || !s->len) { ccoll__store_free(s); return CCOLL_ERR_NOMEM; }
    s->nblk = nblk;
    s->nseg = nseg;
    s->cap = cap;
    return CCOLL_OK;
}
static unsigned char *ccoll__slot(const ccoll__store *s, uint64_t b, uint64_t g) { return s->mem + (b * s->nseg + g) * s->cap; }
static size_t *ccoll__slen(const ccoll__store *s, uint64_t b, uint64_t g) { return s->len + b * s->nseg + g; }

static void *ccoll__alloc(size_t n, int *st)
{
    void *q = CCOLL_MALLOC(n ? n : 1);
    if (!q && *st == CCOLL_OK) *st = CCOLL_ERR_NOMEM;
    return q;
}

/* dst = src where the step's buffers are (device plans: on the plan's stream; a failure is
 * P->lst, agreed at the end of the call) */
static void ccoll__copy(ccoll_plan *P, void *dst, const void *src, size_t bytes)
{
    if (P->set.device) ccoll__d_copy(P, dst, src, bytes, &P->t_stage);
    else if (dst != src && bytes) memcpy(dst, src, bytes);
}

/* ---- the codec, through one place (homcomp.cuh's CPU API) --------------------------- */
/* Streams are host memory in every plan; raw operands (in, out, raw) are device memory in a
 * device plan (set.device). */
/* this process's CPU seconds, all threads (C's clock(); 0 where it has none) */
static double ccoll__cpu(void)
{
    const clock_t c = clock();
    return c == (clock_t)-1 ? 0 : (double)c / (double)CLOCKS_PER_SEC;
}
/* host codec time and input bytes per operation (0 compress, 1 adds, 2 decompress); t0 and c0
 * from MPI_Wtime and ccoll__cpu just before the call */
static int ccoll__timed(ccoll_plan *P, int op, uint64_t n, double t0, double c0, hc_status s)
{
    double t = MPI_Wtime() - t0;
    P->c_op[op] += ccoll__cpu() - c0;
    P->t_op[op] += t;
    P->t_codec += t;
    P->b_op[op] += n * P->set.esize;
    return ccoll__hc(P, s);
}
/* rg (host plans, the eb guess's scan folded into the codec: ccoll__spec_at): NULL, or where
 * the codec writes its raw input's min and max on success (hc_compress_range, hc_add_raw_range) */
static int ccoll__compress(ccoll_plan *P, const void *in, uint64_t n, void *out, size_t cap, size_t *sz, double *rg)
{
    double t0, c0;
    if (P->set.device) return ccoll__d_compress(P, in, n, out, cap, sz);
    t0 = MPI_Wtime();
    c0 = ccoll__cpu();
    return ccoll__timed(P, 0, n, t0, c0,
                        rg ? hc_compress_range(&P->hc, in, n, out, cap, sz, rg, &P->set.hco)
                           : hc_compress(&P->hc, in, n, out, cap, sz, &P->set.hco));
}
static int ccoll__decompress(ccoll_plan *P, const void *s, size_t len, void *out, uint64_t n)
{
    double t0, c0;
    if (P->set.device) return ccoll__d_decompress(P, s, len, out, n);
    t0 = MPI_Wtime();
    c0 = ccoll__cpu();
    return ccoll__timed(P, 2, n, t0, c0, hc_decompress(s, len, (hc_dtype)P->set.dt, out, n, &P->set.hco));
}
/* decode the stream this rank just made (a device plan still has it on the GPU) */
static int ccoll__decompress_own(ccoll_plan *P, const void *s, size_t len, void *out, uint64_t n)
{
    if (P->set.device) return ccoll__d_decompress_dso(P, s, len, out, n);
    return ccoll__decompress(P, s, len, out, n);
}
static int ccoll__add_raw(ccoll_plan *P, const void *c, size_t clen, const void *raw, uint64_t n, void *out, size_t cap,
                          size_t *sz, double *rg)
{
    double t0, c0;
    if (P->set.device) return ccoll__d_add_raw(P, c, clen, raw, n, out, cap, sz);
    t0 = MPI_Wtime();
    c0 = ccoll__cpu();
    return ccoll__timed(P, 1, n, t0, c0,
                        rg ? hc_add_raw_range(c, clen, (hc_dtype)P->set.dt, raw, n, out, cap, sz, NULL, rg, &P->set.hco)
                           : hc_add_raw(c, clen, (hc_dtype)P->set.dt, raw, n, out, cap, sz, &P->set.hco));
}
/* host plans: the fused add that also writes the sum's values (what decoding its stream gives),
 * for the ring's last reduce-scatter step; timed as an add (info.t_add, b_add, c_add) */
static int ccoll__add_raw_values(ccoll_plan *P, const void *c, size_t clen, const void *raw, uint64_t n, void *out,
                                 size_t cap, size_t *sz, void *values, double *rg)
{
    double t0 = MPI_Wtime(), c0 = ccoll__cpu();
    return ccoll__timed(P, 1, n, t0, c0,
                        rg ? hc_add_raw_range(c, clen, (hc_dtype)P->set.dt, raw, n, out, cap, sz, values, rg, &P->set.hco)
                           : hc_add_raw_values(c, clen, (hc_dtype)P->set.dt, raw, n, out, cap, sz, values, &P->set.hco));
}
static int ccoll__add(ccoll_plan *P, const void *a, size_t alen, const void *b, size_t blen, uint64_t n, void *out,
                      size_t cap, size_t *sz)
{
    double t0, c0;
    if (P->set.device) return ccoll__d_add(P, a, alen, b, blen, n, out, cap, sz);
    t0 = MPI_Wtime();
    c0 = ccoll__cpu();
    return ccoll__timed(P, 1, n, t0, c0, hc_add(a, alen, b, blen, out, cap, sz, &P->set.hco));
}
/* quantize + predict with the call's eb, before any stream of this segment exists */
static int ccoll__qp(ccoll_plan *P, const void *raw, uint64_t n, int32_t *deltas)
{
    const double t0 = MPI_Wtime(), c0 = ccoll__cpu();
    return ccoll__timed(P, 0, n, t0, c0, hc_qp_eb(P->eb_abs, (hc_dtype)P->set.dt, raw, n, deltas, &P->set.hco));
}
static int ccoll__add_qp(ccoll_plan *P, const void *c, size_t clen, const int32_t *deltas, uint64_t n, void *out, size_t cap,
                         size_t *sz)
{
    const double t0 = MPI_Wtime(), c0 = ccoll__cpu();
    return ccoll__timed(P, 1, n, t0, c0, hc_add_qp(c, clen, deltas, n, out, cap, sz, &P->set.hco));
}

/* out = a + b elementwise on host buffers (a may alias out): the raw algorithms' adds, which
 * run on host memory in every plan (device plans stage raw data through a pinned copy). */
static void ccoll__add_floats_host(const ccoll_plan *P, void *out, const void *a, const void *b, uint64_t n)
{
    int64_t i, nn = (int64_t)n;
    int nt = n >= 65536 ? ccoll__threads(P) : 1;
    (void)nt;
    if (P->set.dt == HC_F32) {
        float *o = (float *)out;
        const float *x = (const float *)a, *y = (const float *)b;
        CCOLL__OMP(parallel for num_threads(nt) schedule(static))
        for (i = 0; i < nn; i++) o[i] = x[i] + y[i];
    } else {
        double *o = (double *)out;
        const double *x = (const double *)a, *y = (const double *)b;
        CCOLL__OMP(parallel for num_threads(nt) schedule(static))
        for (i = 0; i < nn; i++) o[i] = x[i] + y[i];
    }
}
/* the same where the plan's buffers are (DOC's decoded segment plus the local one) */
static void ccoll__add_floats(ccoll_plan *P, void *out, const void *a, const void *b, uint64_t n)
{
    if (P->set.device) ccoll__d_add_floats(P, out, a, b, n);
    else ccoll__add_floats_host(P, out, a, b, n);
}

/* ---- error markers: a rank in error sends these instead of streams -------------------- */
static void ccoll__marker(unsigned char *m, int st)
{
    int32_t s = (int32_t)st;
    memcpy(m, "CCER", 4);
    memcpy(m + 4, &s, 4);
}
/* A received message of len bytes: 0 = a stream to use, else the status it carries. */
static int ccoll__check_msg(const unsigned char *m, size_t len)
{
    int32_t s;
    if (len >= HC_HEADER_BYTES) return CCOLL_OK;
    if (len == CCOLL__MARKER_BYTES && memcmp(m, "CCER", 4) == 0) {
        memcpy(&s, m + 4, 4);
        return s < 0 && strcmp(ccoll_status_string((ccoll_status)s), "unknown ccoll status") != 0 ? (int)s
                                                                                                 : CCOLL_ERR_CORRUPT;
    }
    return CCOLL_ERR_CORRUPT;
}

/* ---- point to point: ONE FAILURE PATH. A failed post, a failed or malformed receive (a
 * message longer than its slot, of the wrong length, empty, or an error marker) is recorded
 * as this rank's status (ccoll__fail) and the caller goes on with its message pattern: every
 * receive is still waited for and every send still made (an error marker where data would
 * go), so no peer waits forever; ccoll__finish agrees on one status at the end of the call.
 * No communication loop leaves early. */
static int ccoll__isend(ccoll_plan *P, const void *buf, size_t bytes, int to, MPI_Request *r)
{
    P->sent += bytes;
    if (MPI_Isend((void *)buf, (int)bytes, MPI_BYTE, to, CCOLL__TAG, P->top.comm, r) == MPI_SUCCESS) return CCOLL_OK;
    *r = MPI_REQUEST_NULL;
    return ccoll__fail(P, CCOLL_ERR_MPI, 0);
}
/* A raw message leaves: the data, or this rank's error marker once it is in error (where the
 * marker fits the receiver's slot, which is exactly `bytes` long; a smaller message goes as it
 * is: the call's status is agreed at its end either way). */
static int ccoll__isend_raw(ccoll_plan *P, const void *buf, size_t bytes, int to, MPI_Request *r)
{
    if (P->lst != CCOLL_OK && bytes >= CCOLL__MARKER_BYTES) return ccoll__isend(P, P->mk, CCOLL__MARKER_BYTES, to, r);
    return ccoll__isend(P, buf, bytes, to, r);
}
static int ccoll__irecv(ccoll_plan *P, void *buf, size_t cap, int from, MPI_Request *r)
{
    if (MPI_Irecv(buf, (int)cap, MPI_BYTE, from, CCOLL__TAG, P->top.comm, r) == MPI_SUCCESS) return CCOLL_OK;
    *r = MPI_REQUEST_NULL;
    return ccoll__fail(P, CCOLL_ERR_MPI, 0);
}
/* Waits poll MPI_Test and give the core away between polls: with more ranks than cores
 * (or other work on the node) a spinning MPI_Wait starves the rank it is waiting for.
 * Returns MPI's code (a request that completed in error is freed by MPI_Test). */
static int ccoll__wait_rc(MPI_Request *r, MPI_Status *s)
{
    int done = 0, rc;
    while (*r != MPI_REQUEST_NULL) {
        if ((rc = MPI_Test(r, &done, s)) != MPI_SUCCESS) return rc;
        if (done) return MPI_SUCCESS;
        CCOLL__YIELD();
    }
    return MPI_SUCCESS;
}
static int ccoll__wait(MPI_Request *r, MPI_Status *s)
{
    return ccoll__wait_rc(r, s) == MPI_SUCCESS ? CCOLL_OK : CCOLL_ERR_MPI;
}
/* MPI_Allreduce through MPI_Iallreduce and the yielding wait */
static int ccoll__allreduce(const void *in, void *out, int n, MPI_Datatype t, MPI_Op op, MPI_Comm c)
{
    MPI_Request r;
    if (MPI_Iallreduce(in, out, n, t, op, c, &r) != MPI_SUCCESS) return CCOLL_ERR_MPI;
    return ccoll__wait(&r, MPI_STATUS_IGNORE);
}
/* A call's agreements (preamble, finish) on plan P: ccoll__allreduce, or with
 * CCOLL__IPC_BLOCKING=1 (an A/B build of the benchmark) blocking MPI_Allreduce where ArGM runs
 * over CUDA IPC (every rank has a GPU of its own: not the oversubscribed host runs the yielding
 * wait is for; the same on every rank, so collectives of one kind match). Blocking saved 5-7 us
 * a call at 4 MiB and matched polled at 64 MiB-1 GiB (2 H100, 2026-11-27; the 2-rank slowdown
 * first seen with it on was the IPC buffer's size, CCOLL__IPC_BUF_ALIGN); off by default. */
#ifndef CCOLL__IPC_BLOCKING
#define CCOLL__IPC_BLOCKING 0
#endif
static int ccoll__allreduce_plan(const ccoll_plan *P, const void *in, void *out, int n, MPI_Datatype t, MPI_Op op)
{
    if (CCOLL__IPC_BLOCKING && P->set.device && P->dv.ipc_n)
        return MPI_Allreduce(in, out, n, t, op, P->top.comm) == MPI_SUCCESS ? CCOLL_OK : CCOLL_ERR_MPI;
    return ccoll__allreduce(in, out, n, t, op, P->top.comm);
}
static int ccoll__spec_wait(ccoll_plan *P, MPI_Request *r, MPI_Status *s);
/* Complete a receive; *len = the bytes that came. A failed receive is recorded and reads as
 * empty (0): truncation (a peer sent more than the slot) is CCOLL_ERR_CORRUPT, any other MPI
 * error CCOLL_ERR_MPI. Returns 1 when *len is usable. */
static int ccoll__recv_wait(ccoll_plan *P, MPI_Request *r, size_t *len)
{
    MPI_Status s;
    int c = 0, cls = 0, rc;
    double t0, s0 = P->t_scan;
    *len = 0;
    if (*r == MPI_REQUEST_NULL) return 0; /* its post failed: recorded then */
    memset(&s, 0, sizeof s);
    t0 = MPI_Wtime();
    rc = ccoll__spec_wait(P, r, &s); /* the eb guess's scan meanwhile (its time is t_scan's) */
    if (rc == MPI_SUCCESS) rc = ccoll__wait_rc(r, &s);
    P->t_wait += MPI_Wtime() - t0 - (P->t_scan - s0);
    if (rc != MPI_SUCCESS) {
        if (MPI_Error_class(rc, &cls) != MPI_SUCCESS) cls = MPI_ERR_OTHER;
        ccoll__fail(P, cls == MPI_ERR_TRUNCATE ? CCOLL_ERR_CORRUPT : CCOLL_ERR_MPI, 0);
        return 0;
    }
    if (MPI_Get_count(&s, MPI_BYTE, &c) != MPI_SUCCESS || c < 0) {
        ccoll__fail(P, CCOLL_ERR_MPI, 0);
        return 0;
    }
    *len = (size_t)c;
    return 1;
}
/* A raw message into buf: 1 when exactly `expect` bytes came; else the failure is recorded
 * (the status an error marker carries, or CCOLL_ERR_CORRUPT). */
static int ccoll__recv_raw(ccoll_plan *P, MPI_Request *r, const unsigned char *buf, size_t expect)
{
    size_t len = 0;
    int m;
    if (!ccoll__recv_wait(P, r, &len)) return 0;
    if (len == expect) return 1;
    m = len == CCOLL__MARKER_BYTES ? ccoll__check_msg(buf, len) : CCOLL_ERR_CORRUPT;
    ccoll__fail(P, m ? m : CCOLL_ERR_CORRUPT, 0);
    return 0;
}
/* A compressed message: 1 when it is a stream to use; else recorded (marker, short, failed). */
static int ccoll__recv_stream(ccoll_plan *P, MPI_Request *r, const unsigned char *buf, size_t *len)
{
    int m;
    if (!ccoll__recv_wait(P, r, len)) return 0;
    if (!(m = ccoll__check_msg(buf, *len))) return 1;
    ccoll__fail(P, m, 0);
    return 0;
}
/* Sends complete (a loop of MPI_Wait: MPICH's MPI_Waitall attributes trip gcc's
 * -Wstringop-overflow); a failure is recorded. */
static void ccoll__waitall(ccoll_plan *P, MPI_Request *r, uint64_t n)
{
    const double t0 = MPI_Wtime(), s0 = P->t_scan;
    uint64_t i;
    for (i = 0; i < n; i++) {
        int rc = ccoll__spec_wait(P, &r[i], MPI_STATUS_IGNORE); /* the eb guess's scan meanwhile */
        if (rc != MPI_SUCCESS || ccoll__wait(&r[i], MPI_STATUS_IGNORE) != CCOLL_OK) ccoll__fail(P, CCOLL_ERR_MPI, 0);
    }
    P->t_wait += MPI_Wtime() - t0 - (P->t_scan - s0);
}

/* ---- device plan resources: allocated once, at plan creation (hstage, the IPC buffers and
 * the ArGM piece on the first call that needs them) ---- */
static void ccoll__barrier(MPI_Comm c);
#ifdef __CUDACC__
/* ArGM over IPC: chunks per piece (pipelined: push, sum, pull), up to 8 of at least
 * CCOLL__IPC_CHUNK_MIN bytes, and at least 2 once a piece has CCOLL__IPC_CHUNK_TWO bytes, so
 * that the first chunk's sum runs beside the second chunk's push (4 ranks at 64 MiB: GPU phase
 * 0.349 ms in 2 chunks against 0.381-0.391 in 1; at 256 MiB 8 chunks of 8 MiB gave nothing
 * over 4 of 16; 4 H200, demos/bench/README.md). A benchmark may build with other values. */
#define CCOLL__IPC_CH 8
#ifndef CCOLL__IPC_CHUNK_MIN
#define CCOLL__IPC_CHUNK_MIN 16777216
#endif
#ifndef CCOLL__IPC_CHUNK_TWO
#define CCOLL__IPC_CHUNK_TWO 8388608
#endif
/* ArGM over IPC (copies and events): the copy kernel's most blocks per peer (ccoll__mc_launch;
 * 32 against 16: 4 ranks' GPU phase at 256 MiB-1 GiB 2-8 % shorter, the same at 64 MiB) */
#ifndef CCOLL__MC_BLOCKS
#define CCOLL__MC_BLOCKS 32
#endif
/* The plan's second stream (B: ArGM's IPC copies, the device ring's downloads and decodes) at
 * the device's highest stream priority (1) or the default (0): an A/B of whether the copies
 * stall behind the sum kernels on the caller's stream (issue 28, 4 ranks at 256 MiB) */
#ifndef CCOLL__STREAM_B_PRIO
#define CCOLL__STREAM_B_PRIO 0
#endif
/* ArGM over IPC (copies and events, one node): the sum kernels on a third stream at the
 * device's highest priority (1), forked from and joined back into the caller's stream, or on the
 * caller's stream (0): the other side of the A/B above (with the copies first, every 4-rank
 * 256 MiB call took the slow mode's time). Compiled, not yet run on a GPU. */
#ifndef CCOLL__SUM_PRIO
#define CCOLL__SUM_PRIO 0
#endif
/* ArGM over IPC with copy kernels (3 to 8 node ranks): the sum kernels' blocks of 256 threads
 * per SM (ccoll__k_sum_fit: every block resident beside a copy block; at most 4 for f32, 3 for
 * f64, what an SM's registers hold beside a copy block), or 0: ccoll__k_sum_own with
 * ccoll__grid's up to 2048 blocks (more than fit on an H100 / H200). 2 against 0 on 4 ranks:
 * demos/bench/README.md, "The 4-rank bimodality and the sum kernels' grid". 2 ranks (copy
 * engines) keep ccoll__k_sum_own. CCOLL__SUM_FIT_MOST (tests): at most that many blocks. */
#ifndef CCOLL__SUM_FIT
#define CCOLL__SUM_FIT 2
#endif
#ifndef CCOLL__SUM_FIT_MOST
#define CCOLL__SUM_FIT_MOST 0
#endif
/* ArGM over IPC one-shot (small vectors, one node; see CCOLL_IPC_ONESHOT_BYTES): slot k then
 * holds local rank k's whole vector (k < lr; k - 1 for k > lr) instead of its part of this
 * rank's piece. The same decision on every rank (count, d and the node count are agreed). */
static int ccoll__ipc_oneshot(const ccoll_plan *P, int dn)
{
    return dn >= 2 && P->top.inter && P->top.inter->top.p == 1 &&
           (uint64_t)(dn - 1) * P->set.count <= (uint64_t)CCOLL_IPC_ONESHOT_BYTES / P->set.esize;
}
/* collective over the node when IPC was being set up */
static void ccoll__ipc_free(ccoll_plan *P)
{
    int j;
    if (P->dv.ipc_peer) {
        for (j = 0; j < P->dv.ipc_n; j++)
            if (P->dv.ipc_peer[j] && P->dv.ipc_peer[j] != P->dv.ipc_buf) cudaIpcCloseMemHandle(P->dv.ipc_peer[j]);
        CCOLL_FREE(P->dv.ipc_peer);
    }
    if (P->dv.ipc_ev) {
        for (j = 0; j < P->dv.ipc_evn; j++)
            if (P->dv.ipc_ev[j]) cudaEventDestroy((cudaEvent_t)P->dv.ipc_ev[j]);
        CCOLL_FREE(P->dv.ipc_ev);
    }
    P->dv.ipc_ev = NULL;
    P->dv.ipc_evn = 0;
    /* every peer has unmapped this rank's buffer before it goes (ipc_n: same on the node) */
    if (P->dv.ipc_n && P->top.node_comm != MPI_COMM_NULL) ccoll__barrier(P->top.node_comm);
    ccoll__dfree(P->dv.ipc_buf);
    P->dv.ipc_peer = NULL;
    P->dv.ipc_buf = NULL;
    P->dv.ipc_n = 0;
}
static void ccoll__dev_free(ccoll_plan *P)
{
    int j;
    ccoll__ipc_free(P);
    ccoll__dfree(P->dv.dws);
    ccoll__dfree(P->dv.dsa);
    ccoll__dfree(P->dv.dsb);
    ccoll__dfree(P->dv.dso);
    ccoll__dfree(P->dv.dsoq[1]);
    ccoll__dfree(P->dv.dws2);
    ccoll__dfree(P->dv.dtmpf);
    ccoll__dfree(P->dv.ddelta);
    ccoll__dfree(P->dv.dscan);
    ccoll__dfree(P->dv.dacc);
    ccoll__pinned_free(P->dv.hres);
    ccoll__pinned_free(P->dv.hstage);
    for (j = 0; j < 3; j++)
        if (P->dv.ev[j]) cudaEventDestroy(CCOLL__EV(P, j));
    for (j = 0; j < 10; j++)
        if (P->dv.pev[j]) cudaEventDestroy((cudaEvent_t)P->dv.pev[j]);
    if (P->dv.cst2) cudaStreamDestroy((cudaStream_t)P->dv.cst2);
    for (j = 0; j < 2; j++)
        if (P->dv.sev[j]) cudaEventDestroy((cudaEvent_t)P->dv.sev[j]);
    if (P->dv.cst3) cudaStreamDestroy((cudaStream_t)P->dv.cst3);
}
static int ccoll__dmalloc(void *pp, size_t n, int *st)
{
    if (*st == CCOLL_OK && cudaMalloc((void **)pp, n ? n : 1) != cudaSuccess) {
        cudaGetLastError(); /* not the next launch's error (see ccoll__cu) */
        *st = CCOLL_ERR_CUDA;
    }
    return *st;
}
static int ccoll__dev_init(ccoll_plan *P)
{
    /* every codec call handles one segment at most */
    uint64_t n = ccoll__min64(P->set.seg, P->set.count ? P->set.count : 1);
    int st = CCOLL_OK, j;
    if (cudaGetDevice(&P->dv.gpu) != cudaSuccess) return CCOLL_ERR_CUDA;
    P->dv.cst = P->set.cfg.stream;
    P->dv.dcap = hc_compress_bound(n, (hc_dtype)P->set.dt);
    P->dv.dws_bytes = hc_cuda_workspace_size(n);
    ccoll__dmalloc(&P->dv.dws, P->dv.dws_bytes, &st);
    ccoll__dmalloc(&P->dv.dsa, P->dv.dcap, &st);
    ccoll__dmalloc(&P->dv.dsb, P->dv.dcap, &st);
    ccoll__dmalloc(&P->dv.dso, P->dv.dcap, &st);
    ccoll__dmalloc(&P->dv.dsoq[1], P->dv.dcap, &st);
    ccoll__dmalloc(&P->dv.dws2, P->dv.dws_bytes, &st);
    P->dv.dsoq[0] = P->dv.dso;
    ccoll__dmalloc(&P->dv.dtmpf, n * P->set.esize, &st);
    ccoll__dmalloc(&P->dv.ddelta, hc_qp_count(n) * sizeof(int32_t), &st);
    ccoll__dmalloc(&P->dv.dscan, 4 * sizeof(unsigned long long), &st);
    if (!st && !(P->dv.hres = (unsigned char *)ccoll__pinned(256 + 3 * CCOLL__OS_NB * sizeof(unsigned long long)))) st = CCOLL_ERR_NOMEM;
    for (j = 0; j < 13 && !st; j++) {
        cudaEvent_t e;
        if (cudaEventCreate(&e) != cudaSuccess) st = CCOLL_ERR_CUDA;
        else if (j < 3) P->dv.ev[j] = (void *)e;
        else P->dv.pev[j - 3] = (void *)e;
    }
    if (!st) {
        cudaStream_t s2;
        int plo = 0, phi = 0;
        /* a failed query leaves its error pending: clear it, or the next launch check reports it */
        if (!CCOLL__STREAM_B_PRIO || cudaDeviceGetStreamPriorityRange(&plo, &phi) != cudaSuccess) { (void)cudaGetLastError(); phi = 0; }
        if (cudaStreamCreateWithPriority(&s2, cudaStreamNonBlocking, phi) != cudaSuccess) st = CCOLL_ERR_CUDA;
        else P->dv.cst2 = (void *)s2;
    }
    if (!st && CCOLL__SUM_PRIO) {
        cudaStream_t s3;
        int plo = 0, phi = 0;
        if (cudaDeviceGetStreamPriorityRange(&plo, &phi) != cudaSuccess) { (void)cudaGetLastError(); phi = 0; }
        if (cudaStreamCreateWithPriority(&s3, cudaStreamNonBlocking, phi) != cudaSuccess) st = CCOLL_ERR_CUDA;
        else P->dv.cst3 = (void *)s3;
        for (j = 0; j < 2 && !st; j++) {
            cudaEvent_t e;
            if (cudaEventCreateWithFlags(&e, cudaEventDisableTiming) != cudaSuccess) st = CCOLL_ERR_CUDA;
            else P->dv.sev[j] = (void *)e;
        }
    }
    if (st) cudaGetLastError();
    return st;
}
/* the pinned copy of a whole vector (raw algorithms and staged ArGM run on it) */
static int ccoll__stage_prepare(ccoll_plan *P, size_t bytes)
{
    if (P->dv.hstage_bytes >= bytes && P->dv.hstage) return CCOLL_OK;
    ccoll__pinned_free(P->dv.hstage);
    P->dv.hstage_bytes = 0;
    if (!(P->dv.hstage = (unsigned char *)ccoll__pinned(bytes))) return CCOLL_ERR_NOMEM;
    P->dv.hstage_bytes = bytes;
    return CCOLL_OK;
}
/* AUTO's ratio sample on the device: the compressed size only */
static int ccoll__d_sample(ccoll_plan *P, const void *src, uint64_t n, size_t *len)
{
    hc_cuda_result *R = (hc_cuda_result *)P->dv.hres;
    if (hc_cuda_compress(&P->hc, src, n, P->dv.dso, P->dv.dcap, P->dv.dws, P->dv.dws_bytes, P->dv.cst) != HC_OK ||
        hc_cuda_read_result(P->dv.dws, R, P->dv.cst) != HC_OK || ccoll__dsync(P) || R->status != HC_OK)
        return 0;
    *len = (size_t)R->bytes;
    return 1;
}
static int ccoll__cuda_aware(void)
{
#if defined(MPIX_CUDA_AWARE_SUPPORT) && MPIX_CUDA_AWARE_SUPPORT
    return MPIX_Query_cuda_support();
#elif defined(MPIX_CUDA_AWARE_SUPPORT)
    return 0;
#elif defined(MPICH_NUMVERSION) && MPICH_NUMVERSION >= 40000000
    return MPIX_Query_cuda_support();
#else
    return -1;
#endif
}

/* CUDA IPC inside a node (ArGM). Every rank of the node needs its own GPU, visible here and
 * peer-accessible from this one; the reason when not is agreed over the whole communicator
 * (AUTO's candidates must be the same everywhere). Then each rank exports, once, one
 * plan-owned buffer of d piece slots and 2 x CCOLL__IPC_CH interprocess events; the node's
 * ranks map each other's. */
static const char *const ccoll__ipc_whys[] = {"", "config.no_ipc is set", "one rank per node", "ranks of a node share a GPU",
                                              "a peer GPU is not visible here", "no peer access between the GPUs",
                                              "CUDA IPC setup failed", "not set up (no ArGM call yet)"};
/* The exported buffer's size, rounded up to a multiple of CCOLL__IPC_BUF_ALIGN bytes (2 MiB, the
 * GPU's large page). With the one-shot flags after the slots the buffer was 512 bytes past a
 * multiple of 2 MiB, and 2-rank ArGM (copy engines into and out of the peer's buffer) took 1.3x
 * as long from 64 MiB: 0.315 / 1.22 ms at 64 / 256 MiB against 0.251 / 0.894 rounded (2 H100,
 * NCCL 0.275 / 0.935; bench variant allreduce_ccoll_cuda_nccl_align256 = 256). Why (how the
 * peer maps such a buffer) was not examined. */
#ifndef CCOLL__IPC_BUF_ALIGN
#define CCOLL__IPC_BUF_ALIGN 2097152
#endif
static size_t ccoll__ipc_buf_bytes(uint64_t need)
{
    return (size_t)((need + CCOLL__IPC_BUF_ALIGN - 1) / CCOLL__IPC_BUF_ALIGN * CCOLL__IPC_BUF_ALIGN);
}
static int ccoll__ipc_setup(ccoll_plan *P, int lr, int dn)
{
    char bus[64], *all = NULL;
    cudaIpcMemHandle_t h, *hs = NULL;
    cudaIpcEventHandle_t eh[2 * CCOLL__IPC_CH], *ehs = NULL;
    const int nev = 2 * CCOLL__IPC_CH;
    const uint64_t maxp = (P->set.count + (uint64_t)dn - 1) / (uint64_t)dn;
    const uint64_t slots = ccoll__ipc_oneshot(P, dn) ? (uint64_t)(dn - 1) * P->set.count : 0; /* one-shot's */
    int why = 0, g = 0, j, st = CCOLL_OK;
    memset(bus, 0, sizeof bus);
    memset(&h, 0, sizeof h);
    if (P->set.cfg.no_ipc) why = 1;
    else if (dn < 2) why = 2;
    all = (char *)ccoll__alloc((size_t)dn * 64, &st);
    if (cudaDeviceGetPCIBusId(bus, 64, P->dv.gpu) != cudaSuccess) why = 6;
    /* the bus ids of the node's GPUs (only when every rank has room for them) */
    j = all != NULL;
    if (ccoll__allreduce(&j, &g, 1, MPI_INT, MPI_MIN, P->top.node_comm) != CCOLL_OK || !g ||
        MPI_Allgather(bus, 64, MPI_CHAR, all, 64, MPI_CHAR, P->top.node_comm) != MPI_SUCCESS)
        why = why ? why : 6;
    for (j = 0; j < dn && !why; j++) {
        int can = 0;
        if (j == lr) continue;
        all[j * 64 + 63] = 0;
        if (!strcmp(all + j * 64, bus)) why = 3;
        else if (cudaDeviceGetByPCIBusId(&g, all + j * 64) != cudaSuccess) why = 4;
        else if (cudaDeviceCanAccessPeer(&can, P->dv.gpu, g) != cudaSuccess || !can) why = 5;
    }
    CCOLL_FREE(all);
    cudaGetLastError(); /* a refused query leaves no sticky error */
    if (ccoll__allreduce(&why, &g, 1, MPI_INT, MPI_MAX, P->top.comm) != CCOLL_OK) return CCOLL_ERR_MPI;
    why = g;
    /* export and map the buffers */
    if (!why) {
        int bad = 0, e, sms = 0;
        /* the one-shot kernel's blocks: all resident at once on the node's smallest GPU */
        if (cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, P->dv.gpu) != cudaSuccess || sms < 1) sms = 1;
        P->dv.sum_nb = sms;
        sms = sms < CCOLL__OS_NB ? sms : CCOLL__OS_NB;
        if (ccoll__allreduce(&sms, &P->dv.ipc_nb, 1, MPI_INT, MPI_MIN, P->top.node_comm) != CCOLL_OK) return CCOLL_ERR_MPI;
        hs = (cudaIpcMemHandle_t *)ccoll__alloc((size_t)dn * sizeof h, &st);
        ehs = (cudaIpcEventHandle_t *)ccoll__alloc((size_t)dn * sizeof eh, &st);
        P->dv.ipc_peer = (unsigned char **)ccoll__alloc((size_t)dn * sizeof(unsigned char *), &st);
        if (P->dv.ipc_peer) memset(P->dv.ipc_peer, 0, (size_t)dn * sizeof(unsigned char *));
        P->dv.ipc_ev = (void **)ccoll__alloc((size_t)dn * nev * sizeof(void *), &st);
        if (P->dv.ipc_ev) {
            memset(P->dv.ipc_ev, 0, (size_t)dn * nev * sizeof(void *));
            P->dv.ipc_evn = dn * nev;
        }
        /* the slots, then the one-shot kernel's flags (zero: no call yet) */
        P->dv.ipc_flag_off = ((uint64_t)(dn * maxp > slots ? dn * maxp : slots) * P->set.esize + 255) / 256 * 256;
        P->dv.ipc_epoch = 0;
        ccoll__dmalloc(&P->dv.ipc_buf, ccoll__ipc_buf_bytes(P->dv.ipc_flag_off + (uint64_t)dn * CCOLL__OS_NB * sizeof(unsigned)), &st);
        if (!st && (cudaMemsetAsync(P->dv.ipc_buf + P->dv.ipc_flag_off, 0, (size_t)dn * CCOLL__OS_NB * sizeof(unsigned), P->dv.cst) != cudaSuccess ||
                    cudaStreamSynchronize(P->dv.cst) != cudaSuccess))
            st = CCOLL_ERR_CUDA;
        if (!st && cudaIpcGetMemHandle(&h, P->dv.ipc_buf) != cudaSuccess) st = CCOLL_ERR_CUDA;
        memset(eh, 0, sizeof eh);
        for (e = 0; e < nev && !st; e++) {
            cudaEvent_t x;
            if (cudaEventCreateWithFlags(&x, cudaEventDisableTiming | cudaEventInterprocess) != cudaSuccess) st = CCOLL_ERR_CUDA;
            else {
                P->dv.ipc_ev[lr * nev + e] = (void *)x;
                if (cudaIpcGetEventHandle(&eh[e], x) != cudaSuccess) st = CCOLL_ERR_CUDA;
            }
        }
        bad = st != CCOLL_OK;
        if (ccoll__allreduce(&bad, &g, 1, MPI_INT, MPI_MAX, P->top.comm) != CCOLL_OK) {
            CCOLL_FREE(hs);
            CCOLL_FREE(ehs);
            return CCOLL_ERR_MPI;
        }
        if (!g && (MPI_Allgather(&h, (int)sizeof h, MPI_BYTE, hs, (int)sizeof h, MPI_BYTE, P->top.node_comm) != MPI_SUCCESS ||
                   MPI_Allgather(eh, (int)sizeof eh, MPI_BYTE, ehs, (int)sizeof eh, MPI_BYTE, P->top.node_comm) != MPI_SUCCESS))
            g = 1;
        for (j = 0; j < dn && !g && !bad; j++) {
            if (j == lr) P->dv.ipc_peer[j] = P->dv.ipc_buf;
            else if (cudaIpcOpenMemHandle((void **)&P->dv.ipc_peer[j], hs[j], cudaIpcMemLazyEnablePeerAccess) != cudaSuccess) {
                P->dv.ipc_peer[j] = NULL;
                bad = 1;
            }
            for (e = 0; e < nev && j != lr && !bad; e++) {
                cudaEvent_t x;
                if (cudaIpcOpenEventHandle(&x, ehs[(size_t)j * nev + e]) != cudaSuccess) bad = 1;
                else P->dv.ipc_ev[j * nev + e] = (void *)x;
            }
        }
        CCOLL_FREE(hs);
        CCOLL_FREE(ehs);
        cudaGetLastError();
        if (ccoll__allreduce(&bad, &j, 1, MPI_INT, MPI_MAX, P->top.comm) != CCOLL_OK) return CCOLL_ERR_MPI;
        P->dv.ipc_n = dn; /* ccoll__ipc_free closes what was opened */
        if (g || j) {
            ccoll__ipc_free(P);
            why = 6;
        }
    }
    P->info.ipc = !why;
    P->info.ipc_why = ccoll__ipc_whys[why];
    if (!why) {
        /* the link's speed for AUTO: the fastest of three 4 MiB reads from the next node rank */
        size_t b = ccoll__min64(P->set.count * P->set.esize, (uint64_t)4 << 20);
        double best = 1e30, t, gl = 0;
        int r;
        for (r = 0; r < 3 && b; r++) {
            t = MPI_Wtime();
            if (ccoll__cu(P, cudaMemcpyAsync(P->dv.ipc_buf, P->dv.ipc_peer[(lr + 1) % dn], b, cudaMemcpyDefault, P->dv.cst)) ||
                ccoll__dsync(P))
                break;
            t = MPI_Wtime() - t;
            if (t < best) best = t;
        }
        t = b ? best / (double)b : 0;
        ccoll__barrier(P->top.node_comm); /* nobody copies into its buffer while another reads it */
        if (ccoll__allreduce(&t, &gl, 1, MPI_DOUBLE, MPI_MAX, P->top.comm) != CCOLL_OK) return CCOLL_ERR_MPI;
        P->info.model.link = P->set.cfg.model.link > 0 ? P->set.cfg.model.link : gl;
    }
    return CCOLL_OK;
}
#else
static int ccoll__stage_prepare(ccoll_plan *P, size_t bytes) { (void)P; (void)bytes; return CCOLL_ERR_CUDA; }
#define ccoll__d_sample(P, src, n, len) 0
#endif

/* ---- strings, config ------------------------------------------------------------------ */
CCOLL_DEF const char *ccoll_status_string(ccoll_status s)
{
    switch (s) {
    case CCOLL_OK: return "ok";
    case CCOLL_ERR_NULL: return "a required pointer (plan, config, buffer) is NULL";
    case CCOLL_ERR_ARG: return "invalid argument: dtype must be MPI_FLOAT or MPI_DOUBLE, the algorithm known, the config "
                               "made by ccoll_config_init, threads 0 .. CCOLL_MAX_THREADS, and count/dtype/config equal on every rank";
    case CCOLL_ERR_SIZE: return "count too large: buffer sizes overflow";
    case CCOLL_ERR_NOMEM: return "out of memory (CCOLL_MALLOC failed on some rank)";
    case CCOLL_ERR_CUDA: return "a CUDA call failed (device plans: or the implementation was not compiled by nvcc)";
    case CCOLL_ERR_MPI: return "an MPI call failed";
    case CCOLL_ERR_INTERNAL: return "internal error in ccoll (please report)";
    case CCOLL_ERR_EB: return "error bound must be finite and > 0 (set it with ccoll_config_init)";
    case CCOLL_ERR_NAN: return "NaN or infinity in some rank's input: compressed algorithms cannot carry it";
    case CCOLL_ERR_OVERFLOW: return "a value or a sum is too large for the codec at this error bound: use a larger eb";
    case CCOLL_ERR_CORRUPT: return "a stream received from another rank failed validation";
    case CCOLL_ERR_CODEC: return "the codec failed (ccoll_plan_info's hc_status says why)";
    }
    return "unknown ccoll status";
}

CCOLL_DEF const char *ccoll_algo_name(ccoll_algo a)
{
    static const char *names[] = {"auto", "ring", "doc", "homcomp", "homcomp_f", "argm", "recdbl"};
    return (int)a >= 0 && a < CCOLL_ALGO_COUNT ? names[a] : "unknown";
}

CCOLL_DEF ccoll_config ccoll_config_init(ccoll_bound bound, double eb)
{
    ccoll_config c;
    memset(&c, 0, sizeof c);
    c.bound = bound;
    c.eb = eb;
    return c;
}

/* ---- plan ---------------------------------------------------------------------------- */
static void ccoll__free_buffers(ccoll_plan *P)
{
    int i;
    for (i = 0; i < 2; i++) {
        ccoll__store_free(&P->buf.ring_recv[i]);
        ccoll__store_free(&P->buf.ring_send[i]);
        ccoll__pfree(P, P->buf.ring_raw[i]);
        P->buf.ring_raw[i] = NULL;
    }
    ccoll__store_free(&P->buf.ring_gather);
    ccoll__store_free(&P->buf.ag_store);
    ccoll__store_free(&P->buf.rd_own);
    ccoll__store_free(&P->buf.rd_recv);
    ccoll__pfree(P, P->buf.rd_raw);
    ccoll__pfree(P, P->buf.tmp);
    CCOLL_FREE(P->buf.deltas);
    CCOLL_FREE(P->buf.req);
    ccoll__pfree(P, P->buf.argm_acc);
    ccoll__pfree(P, P->buf.argm_in);
    P->buf.rd_raw = P->buf.tmp = P->buf.argm_acc = P->buf.argm_in = NULL;
    P->buf.deltas = NULL;
    P->buf.req = NULL;
}

CCOLL_DEF void ccoll_plan_free(ccoll_plan *P)
{
    if (!P) return;
    if (P->top.inter) ccoll_plan_free(P->top.inter);
#ifdef __CUDACC__
    if (P->set.device) ccoll__dev_free(P);
#endif
    if (P->top.node_comm != MPI_COMM_NULL) MPI_Comm_free(&P->top.node_comm);
    if (P->top.inter_comm != MPI_COMM_NULL) MPI_Comm_free(&P->top.inter_comm);
    ccoll__free_buffers(P);
    if (P->top.comm != MPI_COMM_NULL) MPI_Comm_free(&P->top.comm);
    CCOLL_FREE(P);
}

static int ccoll__measure(ccoll_plan *P);

/* Agree on a local status over comm: every rank gets the most negative one. */
static int ccoll__agree(MPI_Comm comm, int st)
{
    int all = st;
    if (ccoll__allreduce(&st, &all, 1, MPI_INT, MPI_MIN, comm) != CCOLL_OK) return CCOLL_ERR_MPI;
    return all;
}

/* Elements per segment: device plans default larger (each codec call waits for its status):
 * CCOLL__DEV_SEG, and CCOLL__DEV_SEG_BIG where every rank's ring block (count / p) holds at
 * least two of those. 2 ranks of 2 H200, rank its own node, 64 MiB-1 GiB (demos/bench/README.md):
 * 4M against 1M took walk 29-41 % less time over OpenMPI's shared memory and 1-22 % less over
 * TCP (fewer launches and codec calls, larger messages); normal noise -7 % to +4 % (shared
 * memory) and -14 % to +20 % (TCP, whose repeats spread ~15 %). Messages stay < 2^31 bytes;
 * a multiple of 32 (homcomp's block). */
#ifndef CCOLL__DEV_SEG
#define CCOLL__DEV_SEG ((uint64_t)1 << 20)
#endif
#ifndef CCOLL__DEV_SEG_BIG
#define CCOLL__DEV_SEG_BIG ((uint64_t)1 << 22)
#endif
static uint64_t ccoll__resolve_seg(const ccoll_config *cfg, uint64_t count, int p)
{
    const uint64_t blk = count / (uint64_t)(p > 0 ? p : 1);
    uint64_t seg = cfg->segment ? cfg->segment
                 : cfg->memory == CCOLL_MEM_DEVICE ? (blk >= 2 * (uint64_t)CCOLL__DEV_SEG_BIG ? (uint64_t)CCOLL__DEV_SEG_BIG : (uint64_t)CCOLL__DEV_SEG)
                 : 65536;
    if (seg > ((uint64_t)1 << 24)) seg = (uint64_t)1 << 24;
    return (seg + 31) / 32 * 32;
}
static uint64_t ccoll__resolve_raw_below(const ccoll_config *cfg) { return cfg->raw_below ? cfg->raw_below : 32768; }

/* The settings every rank must share (they change message shapes, arithmetic or the algorithm
 * AUTO picks), resolved (defaults filled in; RING has no error bound). ccoll_plan_create_ex
 * compares them with one allreduce: a difference is CCOLL_ERR_ARG everywhere, and the name of
 * the first differing one goes to info.mismatch. threads, stream, device_pipeline and
 * homcomp_qp_whole may differ (they shape no message). */
#define CCOLL__NDIG 21
static const char *const ccoll__dig_names[CCOLL__NDIG] = {
    "count", "dtype", "algo", "memory", "bound", "eb", "codec_plain", "checksum", "segment", "raw_below",
    "ranks_per_node", "no_ipc", "model.alpha", "model.beta", "model.gamma", "model.c", "model.h", "model.d", "model.stage",
    "model.launch", "model.link"};
static unsigned long long ccoll__dbits(double x)
{
    unsigned long long u = 0;
    if (x != 0.0) memcpy(&u, &x, sizeof u); /* -0.0 and 0.0 alike */
    return u;
}
static void ccoll__digest(const ccoll_config *c, uint64_t count, int dt, int p, unsigned long long *d)
{
    const int bounded = c->algo != CCOLL_ALGO_RING;
    const ccoll_model *m = &c->model;
    d[0] = count;
    d[1] = (unsigned long long)(dt + 1);
    d[2] = (unsigned long long)c->algo;
    d[3] = (unsigned long long)c->memory;
    d[4] = bounded ? (unsigned long long)c->bound : 0;
    d[5] = bounded ? ccoll__dbits(c->eb) : 0;
    d[6] = (unsigned long long)c->codec_plain;
    d[7] = (unsigned long long)c->checksum;
    d[8] = ccoll__resolve_seg(c, count, p);
    d[9] = ccoll__resolve_raw_below(c);
    d[10] = (unsigned long long)c->ranks_per_node;
    d[11] = c->no_ipc != 0;
    d[12] = ccoll__dbits(m->alpha);
    d[13] = ccoll__dbits(m->beta);
    d[14] = ccoll__dbits(m->gamma);
    d[15] = ccoll__dbits(m->c);
    d[16] = ccoll__dbits(m->h);
    d[17] = ccoll__dbits(m->d);
    d[18] = ccoll__dbits(m->stage);
    d[19] = ccoll__dbits(m->launch);
    d[20] = ccoll__dbits(m->link);
}

static int ccoll__plan_make(MPI_Comm comm, uint64_t count, int dt, const ccoll_config *cfg, ccoll_plan **out)
{
    ccoll_plan *P;
    int st = CCOLL_OK;
    P = (ccoll_plan *)CCOLL_MALLOC(sizeof *P);
    if (!P) st = CCOLL_ERR_NOMEM;
    else {
        memset(P, 0, sizeof *P);
        P->top.comm = P->top.node_comm = P->top.inter_comm = MPI_COMM_NULL;
    }
    /* collective even when the allocation failed, so the others do not hang */
    {
        MPI_Comm dup = MPI_COMM_NULL;
        MPI_Request q;
        if (MPI_Comm_idup(comm, &dup, &q) != MPI_SUCCESS || ccoll__wait(&q, MPI_STATUS_IGNORE) != CCOLL_OK)
            st = st ? st : CCOLL_ERR_MPI;
        if (P) P->top.comm = dup;
        else if (dup != MPI_COMM_NULL) MPI_Comm_free(&dup);
    }
    if (P && P->top.comm != MPI_COMM_NULL) {
        MPI_Comm_set_errhandler(P->top.comm, MPI_ERRORS_RETURN);
        MPI_Comm_rank(P->top.comm, &P->top.rank);
        MPI_Comm_size(P->top.comm, &P->top.p);
        P->set.count = count;
        P->set.dt = dt;
        P->set.esize = dt == HC_F32 ? 4 : 8;
        P->set.cfg = *cfg;
        P->set.device = cfg->memory == CCOLL_MEM_DEVICE;
        if (P->set.device) P->set.cfg.homcomp_qp_whole = 0; /* device HOMCOMP QPs each segment after its receive */
        P->set.seg = ccoll__resolve_seg(cfg, count, P->top.p);
        P->set.cfg.raw_below = ccoll__resolve_raw_below(cfg);
        P->info.algo = cfg->algo;
        P->info.ipc_why = "";
        P->set.hco.threads = cfg->threads;
    }
    st = ccoll__agree(comm, st);
#ifdef __CUDACC__
    if (st == CCOLL_OK && P->set.device) {
        st = ccoll__agree(P->top.comm, ccoll__dev_init(P));
        P->info.device = 1;
        P->info.cuda_aware = ccoll__cuda_aware(); /* reported; streams are staged either way */
        P->info.ipc_why = ccoll__ipc_whys[7];
    }
#endif
    if (st == CCOLL_OK && cfg->algo == CCOLL_ALGO_AUTO && P->top.p > 1) st = ccoll__agree(P->top.comm, ccoll__measure(P));
    if (st != CCOLL_OK) {
        ccoll_plan_free(P);
        return st;
    }
    *out = P;
    return CCOLL_OK;
}

CCOLL_DEF ccoll_status ccoll_plan_create_ex(MPI_Comm comm, uint64_t count, MPI_Datatype dtype, const ccoll_config *config,
                                           ccoll_plan **plan, ccoll_info *info)
{
    int st = CCOLL_OK, dt = -1, init = 0, inter = 0, i, np = 1;
    unsigned long long mine[2 * (CCOLL__NDIG + 1)], lo[2 * (CCOLL__NDIG + 1)];
    if (plan) *plan = NULL;
    if (info) memset(info, 0, sizeof *info);
    if (MPI_Initialized(&init) != MPI_SUCCESS || !init) return CCOLL_ERR_MPI;
    if (comm == MPI_COMM_NULL) return CCOLL_ERR_ARG;
    /* an intercommunicator: every rank of both groups sees it, before any collective */
    if (MPI_Comm_test_inter(comm, &inter) != MPI_SUCCESS) return CCOLL_ERR_MPI;
    if (inter) return CCOLL_ERR_ARG;
    if (MPI_Comm_size(comm, &np) != MPI_SUCCESS) return CCOLL_ERR_MPI; /* the default segment's block (count / p) */
    /* local checks; the statuses are agreed below so every rank returns the same */
    if (!plan || !config) st = CCOLL_ERR_NULL;
    else {
        if (dtype == MPI_FLOAT) dt = HC_F32;
        else if (dtype == MPI_DOUBLE) dt = HC_F64;
        if (dt < 0 || (int)config->algo < 0 || config->algo >= CCOLL_ALGO_COUNT || config->codec_plain < 0 ||
            config->codec_plain > 1 || config->threads < 0 || config->threads > CCOLL_MAX_THREADS ||
            config->ranks_per_node < 0 ||
            (config->memory != CCOLL_MEM_HOST && config->memory != CCOLL_MEM_DEVICE))
            st = CCOLL_ERR_ARG;
#ifndef __CUDACC__
        else if (config->memory == CCOLL_MEM_DEVICE)
            st = CCOLL_ERR_ARG; /* device plans need the implementation compiled by nvcc */
#endif
        else if (config->algo != CCOLL_ALGO_RING &&
                 (config->bound != CCOLL_ABS && config->bound != CCOLL_REL))
            st = CCOLL_ERR_ARG; /* the error bound was never set: ccoll_config_init */
        else if (config->algo != CCOLL_ALGO_RING && !(config->eb > 0.0 && config->eb <= DBL_MAX))
            st = CCOLL_ERR_EB;
        else if (count > ((uint64_t)1 << 40))
            st = CCOLL_ERR_SIZE;
    }
    /* every rank must pass the same settings (ccoll__digest), and every local status is heard:
     * one MPI_MIN over the values and their complements gives min and max at once */
    mine[0] = (unsigned long long)(-st);
    if (config) ccoll__digest(config, count, dt, np, mine + 1);
    else memset(mine + 1, 0, CCOLL__NDIG * sizeof *mine);
    for (i = 0; i <= CCOLL__NDIG; i++) mine[CCOLL__NDIG + 1 + i] = ~mine[i];
    if (ccoll__allreduce(mine, lo, 2 * (CCOLL__NDIG + 1), MPI_UNSIGNED_LONG_LONG, MPI_MIN, comm) != CCOLL_OK)
        return CCOLL_ERR_MPI;
    if (~lo[CCOLL__NDIG + 1]) return (ccoll_status)(-(int)~lo[CCOLL__NDIG + 1]); /* the worst local status */
    for (i = 1; i <= CCOLL__NDIG; i++)
        if (lo[i] != ~lo[CCOLL__NDIG + 1 + i]) {
            if (info) info->mismatch = ccoll__dig_names[i - 1];
            return CCOLL_ERR_ARG;
        }
    return (ccoll_status)ccoll__plan_make(comm, count, dt, config, plan);
}

CCOLL_DEF ccoll_status ccoll_plan_create(MPI_Comm comm, uint64_t count, MPI_Datatype dtype, const ccoll_config *config,
                                        ccoll_plan **plan)
{
    return ccoll_plan_create_ex(comm, count, dtype, config, plan, NULL);
}

CCOLL_DEF ccoll_status ccoll_plan_info(const ccoll_plan *P, ccoll_info *info)
{
    if (!P || !info) return CCOLL_ERR_NULL;
    *info = P->info;
    return CCOLL_OK;
}

/* ---- per call: the global eb, NaN/overflow screen, and the final agreement ----------- */
static double ccoll__rel_eb(double rel, double mn, double mx)
{
    double eb, a;
    if (mn > mx) return rel; /* no data anywhere */
    eb = rel * (mx - mn);
    if (eb > 0.0 && eb <= DBL_MAX) return eb;
    if (mx > mn && !(eb > 0.0)) return 0.0; /* rel x (max - min) underflows: CCOLL_ERR_EB */
    a = fabs(mn) > fabs(mx) ? fabs(mn) : fabs(mx);
    eb = rel * a;
    return eb > 0.0 ? eb : rel;
}

/* The screen of agreed g[0] = max, g[1] = -min, g[2] = NaN/Inf flag: NaN, the eb (P->eb_abs,
 * P->hc) and the codec's integer range for a sum of `factor` inputs. */
static void ccoll__use_eb(ccoll_plan *P, double eb)
{
    P->eb_abs = eb;
    P->hc = hc_config_init((hc_dtype)P->set.dt, HC_ABS, eb);
    P->hc.mode = P->set.cfg.codec_plain ? HC_PLAIN : HC_OUTLIER;
    P->hc.checksum = P->set.cfg.checksum;
}
static int ccoll__screen(ccoll_plan *P, const double *g, int factor)
{
    if (g[2] > 0) return CCOLL_ERR_NAN;
    ccoll__use_eb(P, P->set.cfg.bound == CCOLL_REL ? ccoll__rel_eb(P->set.cfg.eb, -g[1], g[0]) : P->set.cfg.eb);
    if (!(P->eb_abs > 0.0 && P->eb_abs <= DBL_MAX)) return CCOLL_ERR_EB;
    {
        /* |x| / step must stay below 2^30 (homcomp's limit); a sum of `factor` inputs too; the
         * step is the codec's (hc_step_exponent: its clamps and its refusal) */
        int e = 0;
        double amax = g[0] > g[1] ? g[0] : g[1], step;
        if (hc_step_exponent(P->eb_abs, (hc_dtype)P->set.dt, &e) != HC_OK) return CCOLL_ERR_EB;
        step = ldexp(1.0, e);
        if (amax > -DBL_MAX && amax * (double)factor / step >= 1073741823.0) return CCOLL_ERR_OVERFLOW;
    }
    return CCOLL_OK;
}

/* The scan of a host vector before the eb is known: min, max and a NaN/Inf flag (min and max
 * mean nothing once the flag is set). Comparisons in the element type are exact.
 * Portable path (CCOLL_NO_SIMD, or no SSE2): plain C in 16 lanes, four groups of four, each
 * group independent, so no one min/max latency chain limits the pass; x - x is 0 for finite x
 * and NaN otherwise, and a NaN stays in the lane's sum. GCC 12 -O3 does not vectorise it (its
 * main loop is 64 scalar minss/maxss/subss/addss with spills: 1.0-1.5 GB/s from L1 on the 2-core
 * box), hence the SSE2 path below (demos/bench/README.md, issue 27). */
#define CCOLL__SCAN_GROUP(T, g)                                                                                  \
    for (k = 0; k < 4; k++) {                                                                                    \
        const T e = x[i + 4 * (g) + k];                                                                          \
        z##g[k] += e - e;                                                                                        \
        lo##g[k] = e < lo##g[k] ? e : lo##g[k];                                                                  \
        hi##g[k] = e > hi##g[k] ? e : hi##g[k];                                                                  \
    }
#define CCOLL__SCAN_FN(NAME, T, BIG)                                                                             \
    static void NAME(const T *x, int64_t n, double *mn, double *mx, int *bad)                                   \
    {                                                                                                            \
        T lo0[4], lo1[4], lo2[4], lo3[4], hi0[4], hi1[4], hi2[4], hi3[4], z0[4], z1[4], z2[4], z3[4];           \
        int64_t i = 0;                                                                                           \
        int k;                                                                                                   \
        for (k = 0; k < 4; k++) {                                                                                \
            lo0[k] = lo1[k] = lo2[k] = lo3[k] = BIG;                                                             \
            hi0[k] = hi1[k] = hi2[k] = hi3[k] = -BIG;                                                            \
            z0[k] = z1[k] = z2[k] = z3[k] = 0;                                                                   \
        }                                                                                                        \
        for (; i + 16 <= n; i += 16) { CCOLL__SCAN_GROUP(T, 0) CCOLL__SCAN_GROUP(T, 1) CCOLL__SCAN_GROUP(T, 2) CCOLL__SCAN_GROUP(T, 3) } \
        for (; i + 4 <= n; i += 4) CCOLL__SCAN_GROUP(T, 0)                                                       \
        for (k = 0; i < n; i++, k++) { /* the last 0-3 elements, one lane each */                              \
            const T e = x[i];                                                                                    \
            z1[k] += e - e;                                                                                      \
            lo1[k] = e < lo1[k] ? e : lo1[k];                                                                    \
            hi1[k] = e > hi1[k] ? e : hi1[k];                                                                    \
        }                                                                                                        \
        for (k = 0; k < 4; k++) {                                                                                \
            const T l[4] = {lo0[k], lo1[k], lo2[k], lo3[k]}, h[4] = {hi0[k], hi1[k], hi2[k], hi3[k]};           \
            int j;                                                                                               \
            for (j = 0; j < 4; j++) {                                                                            \
                if (l[j] < *mn) *mn = l[j];                                                                      \
                if (h[j] > *mx) *mx = h[j];                                                                      \
            }                                                                                                    \
            *bad |= z0[k] != 0 || z1[k] != 0 || z2[k] != 0 || z3[k] != 0;                                        \
        }                                                                                                        \
    }
CCOLL__SCAN_FN(ccoll__scan_f32_c, float, FLT_MAX)
CCOLL__SCAN_FN(ccoll__scan_f64_c, double, DBL_MAX)

#ifdef CCOLL__SSE2
/* SSE2: four independent vectors of lanes, 16 floats (8 doubles) a step. _mm_min_ps(e, lo) is
 * e < lo ? e : lo (a NaN keeps lo), the plain loop's comparison. x - x is +0 (or -0 when
 * rounding down) for finite x and NaN otherwise; OR-ed into z, any NaN leaves z a NaN. The
 * last 0-15 elements go through the plain loop. */
static void ccoll__scan_f32(const float *x, int64_t n, double *mn, double *mx, int *bad)
{
    __m128 lo[4], hi[4], z = _mm_setzero_ps();
    float l[4], h[4];
    int64_t i = 0;
    int k;
    for (k = 0; k < 4; k++) lo[k] = _mm_set1_ps(FLT_MAX), hi[k] = _mm_set1_ps(-FLT_MAX);
    for (; i + 16 <= n; i += 16)
        for (k = 0; k < 4; k++) {
            const __m128 e = _mm_loadu_ps(x + i + 4 * k);
            z = _mm_or_ps(z, _mm_sub_ps(e, e));
            lo[k] = _mm_min_ps(e, lo[k]);
            hi[k] = _mm_max_ps(e, hi[k]);
        }
    for (k = 1; k < 4; k++) lo[0] = _mm_min_ps(lo[k], lo[0]), hi[0] = _mm_max_ps(hi[k], hi[0]);
    _mm_storeu_ps(l, lo[0]);
    _mm_storeu_ps(h, hi[0]);
    for (k = 0; k < 4; k++) {
        if (l[k] < *mn) *mn = l[k];
        if (h[k] > *mx) *mx = h[k];
    }
    *bad |= _mm_movemask_ps(_mm_cmpunord_ps(z, z)) != 0;
    if (i < n) ccoll__scan_f32_c(x + i, n - i, mn, mx, bad);
}
static void ccoll__scan_f64(const double *x, int64_t n, double *mn, double *mx, int *bad)
{
    __m128d lo[4], hi[4], z = _mm_setzero_pd();
    double l[2], h[2];
    int64_t i = 0;
    int k;
    for (k = 0; k < 4; k++) lo[k] = _mm_set1_pd(DBL_MAX), hi[k] = _mm_set1_pd(-DBL_MAX);
    for (; i + 8 <= n; i += 8)
        for (k = 0; k < 4; k++) {
            const __m128d e = _mm_loadu_pd(x + i + 2 * k);
            z = _mm_or_pd(z, _mm_sub_pd(e, e));
            lo[k] = _mm_min_pd(e, lo[k]);
            hi[k] = _mm_max_pd(e, hi[k]);
        }
    for (k = 1; k < 4; k++) lo[0] = _mm_min_pd(lo[k], lo[0]), hi[0] = _mm_max_pd(hi[k], hi[0]);
    _mm_storeu_pd(l, lo[0]);
    _mm_storeu_pd(h, hi[0]);
    for (k = 0; k < 2; k++) {
        if (l[k] < *mn) *mn = l[k];
        if (h[k] > *mx) *mx = h[k];
    }
    *bad |= _mm_movemask_pd(_mm_cmpunord_pd(z, z)) != 0;
    if (i < n) ccoll__scan_f64_c(x + i, n - i, mn, mx, bad);
}
#else
#define ccoll__scan_f32 ccoll__scan_f32_c
#define ccoll__scan_f64 ccoll__scan_f64_c
#endif

/* The scan of n elements on nt threads, in pieces of 16384 elements (*mn, *mx, *bad as
 * initialised by the caller: DBL_MAX, -DBL_MAX, 0; untouched when n = 0); one thread: one pass,
 * no parallel region */
static void ccoll__scan_host(const void *x, uint64_t n, int dt, int nt, double *omn, double *omx, int *obad)
{
    const int64_t piece = 16384, npc = ((int64_t)n + piece - 1) / piece;
    double mn = *omn, mx = *omx;
    int bad = *obad;
    int64_t c;
    if (n == 0) return;
    if (nt <= 1 || npc <= 1) {
        if (dt == HC_F32) ccoll__scan_f32((const float *)x, (int64_t)n, omn, omx, obad);
        else ccoll__scan_f64((const double *)x, (int64_t)n, omn, omx, obad);
        return;
    }
    CCOLL__OMP(parallel for num_threads(nt) schedule(static) reduction(min : mn) reduction(max : mx) reduction(| : bad))
    for (c = 0; c < npc; c++) {
        const int64_t b = c * piece, len = (int64_t)n - b < piece ? (int64_t)n - b : piece;
        if (dt == HC_F32) ccoll__scan_f32((const float *)x + b, len, &mn, &mx, &bad);
        else ccoll__scan_f64((const double *)x + b, len, &mn, &mx, &bad);
    }
    *omn = mn;
    *omx = mx;
    *obad = bad;
}

/* One MPI_Allreduce: global min/max (REL), a NaN/Inf flag, earlier local failures. Sets
 * P->eb_abs and P->hc, returns the agreed status. compressed = 0: only agreement. */
static void ccoll__predict(ccoll_plan *P, double cr);
/* AUTO on the constants measured inside the ring: the previous call's in-ring seconds per
 * byte (g[0..3]: compress, adds, decompress, scan; agreed, slowest rank; 0 = not measured)
 * replace the model's c, h, d (those the caller did not fix in config.model) and its scan
 * term. The previous call's feedback (corr, ccoll__preamble) then compares its time with the
 * model on these constants, so the correction and the constants never count a gap twice. */
static void ccoll__model_from_ring(ccoll_plan *P, const double *g)
{
    ccoll_model *M = &P->info.model;
    const ccoll_model *fix = &P->set.cfg.model;
    int changed = 0;
    if (!P->au.measured || P->set.device) return;
    if (g[0] > 0 && !(fix->c > 0)) M->c = g[0], changed = 1;
    if (g[1] > 0 && !(fix->h > 0)) M->h = g[1], changed = 1;
    if (g[2] > 0 && !(fix->d > 0)) M->d = g[2], changed = 1;
    if (g[3] > 0) P->au.scan = g[3], changed = 1;
    if (changed && P->au.last_algo == CCOLL_ALGO_HOMCOMP_F && P->au.cr > 0) {
        double keep[CCOLL_ALGO_COUNT]; /* the last choice's figures stay what info reports */
        memcpy(keep, P->info.predicted, sizeof keep);
        ccoll__predict(P, P->au.cr);
        P->au.last_pred = P->info.predicted[CCOLL_ALGO_HOMCOMP_F];
        memcpy(P->info.predicted, keep, sizeof keep);
    }
}

static int ccoll__preamble(ccoll_plan *P, const void *x, uint64_t n, int compressed, int factor)
{
    double v[9], g[9];
    double mn = DBL_MAX, mx = -DBL_MAX;
    int bad = 0;
    int nt = n >= 65536 ? ccoll__threads(P) : 1;
    if (compressed && P->set.device) {
        if (ccoll__d_scan(P, x, n, &mn, &mx, &bad)) bad = 0; /* the CUDA error is P->lst, agreed below */
    } else if (compressed && !P->spec.on) {
        const double t0 = MPI_Wtime();
        ccoll__scan_host(x, n, P->set.dt, nt, &mn, &mx, &bad);
        P->t_scan += MPI_Wtime() - t0;
    }
    v[0] = mx;
    v[1] = -mn;
    v[2] = bad;
    v[3] = -(double)P->lst;
    v[4] = P->au.last_time; /* AUTO: this rank's time of the previous call; the slowest counts */
    memcpy(v + 5, P->au.ring, sizeof P->au.ring); /* and its in-ring constants */
    memset(P->au.ring, 0, sizeof P->au.ring);
    if (P->au.cold) { /* (the same on every rank) */
        v[4] = 0;
        memset(v + 5, 0, sizeof P->au.ring);
        P->au.cold = 0;
    }
    if (ccoll__allreduce_plan(P, v, g, 9, MPI_DOUBLE, MPI_MAX) != CCOLL_OK) return CCOLL_ERR_MPI;
    ccoll__model_from_ring(P, g + 5);
    if (P->au.last_algo > 0 && P->au.last_pred > 0 && g[4] > 0) {
        const int a = P->au.last_algo;
        double q = g[4] / P->au.last_pred;
        if (!P->set.device) { /* (the same agreed values on every rank: the same median) */
            double *h = P->au.hist[a];
            h[P->au.hpos[a]] = q;
            P->au.hpos[a] = (P->au.hpos[a] + 1) % 3;
            if (P->au.nhist[a] < 3) P->au.nhist[a]++;
            if (P->au.nhist[a] == 3) q = ccoll__median3(h[0], h[1], h[2]);
        }
        P->au.corr[a] = q;
        P->au.tried[a] = 1;
    }
    P->au.last_algo = 0;
    P->au.last_time = 0;
    if (g[3] > 0) return -(int)g[3];
    if (!compressed) return CCOLL_OK;
    if (P->spec.on) { /* the screen comes later, from the scans inside the ring */
        P->spec.factor = factor;
        P->spec.mn = DBL_MAX;
        P->spec.mx = -DBL_MAX;
        P->spec.bad = 0;
        ccoll__use_eb(P, P->spec.eb);
        return CCOLL_OK;
    }
    return ccoll__screen(P, g, factor);
}

/* The eb guess, scan side: n elements at x scanned into spec.mn, mx, bad (its caller,
 * ccoll__spec_whole, scans the whole input of an AUTO pick other than the HomComp_F ring; the
 * ring's own scan goes piece by piece through ccoll__spec_piece). */
static void ccoll__spec_scan(ccoll_plan *P, const void *x, uint64_t n)
{
    const double t0 = MPI_Wtime();
    ccoll__scan_host(x, n, P->set.dt, n >= 65536 ? ccoll__threads(P) : 1, &P->spec.mn, &P->spec.mx, &P->spec.bad);
    P->t_scan += MPI_Wtime() - t0;
}

/* The eb guess inside the ring: the scan follows the order the reduce-scatter reads this
 * rank's input (block r at step 0, r - 1 at step 1, ..., r + 1: k = 0 .. p - 1, each block from
 * its start). ccoll__spec_upto scans block k up to element `end`; the codec's own range takes
 * the place of that scan where it can (ccoll__spec_at / ccoll__spec_took below);
 * ccoll__spec_wait scans on, a piece at a time, while a receive has not arrived or a send not
 * left, so on a slow link the scan fills time the rank would wait anyway. */
#define CCOLL__SPEC_PIECE 16384
static void ccoll__spec_piece(ccoll_plan *P, uint64_t end, int nt)
{
    const uint64_t b = (uint64_t)((P->top.rank - P->spec.k + P->top.p) % P->top.p), blen = ccoll__blk_len(P->set.count, P->top.p, b);
    const double t0 = MPI_Wtime();
    if (end > blen) end = blen;
    if (end > P->spec.koff) {
        const unsigned char *x = P->spec.own + (ccoll__blk_off(P->set.count, P->top.p, b) + P->spec.koff) * P->set.esize;
        ccoll__scan_host(x, end - P->spec.koff, P->set.dt, end - P->spec.koff >= 65536 ? nt : 1, &P->spec.mn, &P->spec.mx,
                         &P->spec.bad);
        P->spec.scanned += end - P->spec.koff;
        P->spec.koff = end;
    }
    if (P->spec.koff == blen) P->spec.k++, P->spec.koff = 0;
    P->t_scan += MPI_Wtime() - t0;
}
static void ccoll__spec_upto(ccoll_plan *P, int k, uint64_t end)
{
    /* (the reads come in order; this catches up over empty blocks, as where count < p) */
    while (P->spec.k < k) ccoll__spec_piece(P, UINT64_MAX, ccoll__threads(P));
    if (P->spec.k == k) ccoll__spec_piece(P, end, ccoll__threads(P));
}
/* The scan folded into the codec: the ring's codec reads each own segment once (step 0's
 * compress, every later reduce-scatter step's fused add), and homcomp gives the range of what
 * it quantized (hc_compress_range, hc_add_raw_range), so the ring need not read the input a
 * second time. ccoll__spec_at, before the codec call on segment [start, end) of reading-order
 * block k: catches up to start, and returns rg where the scan stands exactly
 * there and the codec will run (P->lst CCOLL_OK), else NULL (the segment was scanned, in part
 * or whole, while a message was awaited: the codec runs plain). ccoll__spec_took, after it: the
 * range of a codec call that succeeded (finite values, no NaN or Inf) is the segment's scan;
 * otherwise (a failed call, or rg NULL) the segment is scanned here, so every own element is scanned once
 * whatever failed (a NaN after an overflow still screens as NaN). */
static double *ccoll__spec_at(ccoll_plan *P, int k, uint64_t start, double *rg)
{
    ccoll__spec_upto(P, k, start);
    if (P->spec.k != k || P->spec.koff != start || P->lst != CCOLL_OK) return NULL;
    return rg;
}
/* ccoll__spec_at gave rg only with P->lst CCOLL_OK, and the codec then ran; P->lst still
 * CCOLL_OK means it succeeded and wrote rg */
static void ccoll__spec_took(ccoll_plan *P, int k, uint64_t end, const double *rg)
{
    if (rg && P->lst == CCOLL_OK && P->spec.k == k) {
        const uint64_t b = (uint64_t)((P->top.rank - k + P->top.p) % P->top.p);
        if (rg[0] < P->spec.mn) P->spec.mn = rg[0];
        if (rg[1] > P->spec.mx) P->spec.mx = rg[1];
        P->spec.folded += end - P->spec.koff;
        P->spec.koff = end;
        if (end == ccoll__blk_len(P->set.count, P->top.p, b)) P->spec.k++, P->spec.koff = 0;
    }
    ccoll__spec_upto(P, k, end);
}
/* MPI_Test's code: a request that completes here with an error (a receive truncated: a peer
 * sent more than the slot) reports it as the wait would */
static int ccoll__spec_wait(ccoll_plan *P, MPI_Request *r, MPI_Status *s)
{
    int done = 0, rc;
    if (!P->spec.on || !P->spec.own) return MPI_SUCCESS;
    while (*r != MPI_REQUEST_NULL && P->spec.k < P->top.p) {
        if ((rc = MPI_Test(r, &done, s)) != MPI_SUCCESS || done) return rc;
        ccoll__spec_piece(P, P->spec.koff + CCOLL__SPEC_PIECE, 1);
    }
    return MPI_SUCCESS;
}

/* The eb guess, check side: agree the scans and screen them as the preamble would have;
 * returns that screen's failure, or CCOLL__SPEC_REDO where this call's eb has another step
 * than the guess (the codec's output depends on the step only), else CCOLL_OK. */
enum { CCOLL__SPEC_REDO = 1 };
/* The codec's step exponent for eb (homcomp's hc_step_exponent: same exponent, same bytes);
 * an eb the codec refuses (float64 below 2^-1023: a step below 2^-1022) gets INT_MIN, unlike any accepted guess's,
 * so the ring runs again on it and fails as an unguessed call does rather than passing under
 * the guess's larger step. */
static int ccoll__step_exp(double eb, int dt)
{
    int k = 0;
    return hc_step_exponent(eb, (hc_dtype)dt, &k) == HC_OK ? k : INT_MIN;
}
static int ccoll__spec_agree(ccoll_plan *P)
{
    const double guess = P->eb_abs;
    double w[3], h[3];
    int st;
    if (P->spec.own) /* whatever the ring has not read yet (none: every own segment was read) */
        while (P->spec.k < P->top.p) ccoll__spec_piece(P, UINT64_MAX, ccoll__threads(P));
    P->spec.on = 0;
    P->spec.own = NULL;
    w[0] = P->spec.mx;
    w[1] = -P->spec.mn;
    w[2] = P->spec.bad;
    if (ccoll__allreduce_plan(P, w, h, 3, MPI_DOUBLE, MPI_MAX) != CCOLL_OK) return CCOLL_ERR_MPI;
    if ((st = ccoll__screen(P, h, P->spec.factor)) != CCOLL_OK) return st;
    if (ccoll__step_exp(guess, P->set.dt) != ccoll__step_exp(P->eb_abs, P->set.dt)) return CCOLL__SPEC_REDO;
    P->info.eb_guess = 1;
    return CCOLL_OK;
}

/* A guessed call whose algorithm is not the HomComp_F ring (AUTO's other picks): the scan of
 * the whole input, then the check (no step to compare: nothing was quantized yet). */
static int ccoll__spec_whole(ccoll_plan *P, const void *x)
{
    int st;
    ccoll__spec_scan(P, x, P->set.count);
    st = ccoll__spec_agree(P);
    P->info.eb_guess = 0;
    return st == CCOLL__SPEC_REDO ? CCOLL_OK : st;
}

/* The end of every call: every rank returns the same status. A call whose screen came late
 * (dv.scan_late: ArGM on one node over IPC) agrees it here, in the same one allreduce, and
 * then returns what its preamble would have (recv is unspecified after an error). */
static int ccoll__finish(ccoll_plan *P, int st)
{
    int v[2], g[2];
    if (P->lst == CCOLL_OK && st != CCOLL_OK) ccoll__fail(P, st, 0);
    if (P->dv.scan_late) {
        double w[5], h[5];
        P->dv.scan_late = 0;
        w[0] = P->dv.late[1];
        w[1] = -P->dv.late[0];
        w[2] = P->dv.late[2];
        w[3] = -(double)P->lst; /* the most negative status and codec status win, as with MIN */
        w[4] = -(double)P->lhc;
        if (ccoll__allreduce_plan(P, w, h, 5, MPI_DOUBLE, MPI_MAX) != CCOLL_OK) return CCOLL_ERR_MPI;
        g[0] = -(int)h[3];
        g[1] = -(int)h[4];
        if (g[0] == CCOLL_OK) g[0] = ccoll__screen(P, h, P->top.p);
    } else {
        v[0] = P->lst;
        v[1] = P->lhc;
        if (ccoll__allreduce_plan(P, v, g, 2, MPI_INT, MPI_MIN) != CCOLL_OK) return CCOLL_ERR_MPI;
    }
    P->info.hc_status = g[1];
    P->info.bytes_sent = P->sent;
    P->info.ratio = P->comp_sent ? (double)P->raw_sent_streams / (double)P->comp_sent : 1.0;
    P->info.eb_abs = P->eb_abs;
    P->lst = CCOLL_OK;
    P->lhc = 0;
    return g[0];
}

/* =========================================================================================
 * THE RING SKELETON (seed 2.5.1; 6.2). Steps t = 0 .. 2(p-1)-1: t < p-1 reduce-scatter,
 * the rest allgather. Every block is cut into segments; every segment is one message and
 * one codec call, so while segment g is being combined, g+1 is on the wire. Receives of
 * step t+1 are posted before step t is processed; sends of step t+1 leave as soon as each
 * segment is ready; step t+1's send slot is reused only after step t-1's sends completed.
 * Messages between two ranks match in posting order (MPI non-overtaking), one tag.
 * ========================================================================================= */
enum { CCOLL__RAW = 0, CCOLL__DOC, CCOLL__HC2, CCOLL__HCF };

typedef struct {
    int mode;           /* CCOLL__RAW.. */
    int allgather;      /* 1: ccoll_allgather (allgather steps only) */
    uint64_t n;         /* elements of the whole vector (allreduce) or per rank (allgather) */
    const unsigned char *own; /* this rank's input (allreduce: whole vector; allgather: its part) */
    unsigned char *out; /* the result (allreduce: n; allgather: p x n) */
    ccoll__store *recv2, *send2, *gather;
    int spec;           /* the eb guess (HomComp_F allreduce): own segments scanned as read, the
                         * final block decoded only after ccoll__spec_agree (ccoll__ring_run) */
    int fuse;           /* host HomComp_F allreduce: the last reduce-scatter step's fused add also
                         * writes the final block's values (hc_add_raw_values), no decode of its
                         * stream; not in place under the eb guess (the input must survive a redo) */
} ccoll__ring;

static uint64_t ccoll__rb_len(const ccoll_plan *P, const ccoll__ring *R, uint64_t b)
{
    return R->allgather ? R->n : ccoll__blk_len(R->n, P->top.p, b);
}
static uint64_t ccoll__rb_off(const ccoll_plan *P, const ccoll__ring *R, uint64_t b)
{
    return R->allgather ? b * R->n : ccoll__blk_off(R->n, P->top.p, b);
}

/* Post the receives of step t (into the slot of t % 2, the gather store or `out`). */
static void ccoll__ring_post(ccoll_plan *P, ccoll__ring *R, int t, uint64_t b, MPI_Request *rq)
{
    const int p = P->top.p, left = (P->top.rank + p - 1) % p, raw = R->mode == CCOLL__RAW;
    uint64_t g, blen = ccoll__rb_len(P, R, b), ns = ccoll__nseg(blen, P->set.seg);
    for (g = 0; g < ns; g++) {
        uint64_t len = ccoll__min64(P->set.seg, blen - g * P->set.seg);
        unsigned char *dst;
        size_t cap = raw ? len * P->set.esize : R->gather->cap;
        if (t < p - 1) dst = raw ? P->buf.ring_raw[t % 2] + g * P->set.seg * P->set.esize : ccoll__slot(&R->recv2[t % 2], 0, g);
        else dst = raw ? R->out + (ccoll__rb_off(P, R, b) + g * P->set.seg) * P->set.esize : ccoll__slot(R->gather, b, g);
        ccoll__irecv(P, dst, cap, left, &rq[g]); /* a failure is recorded; the wait reads it as empty */
    }
}

/* A compressed segment leaves: the stream, or a marker when this rank is in error. */
static int ccoll__send_stream(ccoll_plan *P, unsigned char *buf, size_t *len, uint64_t raw_bytes, int to, MPI_Request *rq)
{
    if (P->lst != CCOLL_OK) {
        ccoll__marker(buf, P->lst);
        *len = CCOLL__MARKER_BYTES;
    } else {
        P->raw_sent_streams += raw_bytes;
        P->comp_sent += *len;
        CCOLL_TEST_HOOK_SEND(buf, *len);
    }
    return ccoll__isend(P, buf, *len, to, rq);
}

#ifdef __CUDACC__
/* =========================================================================================
 * Device plans, compressed ring steps: a two-deep pipeline over the segments of a step.
 * Segment g's upload and kernels run on the plan's stream (A) while the host completes
 * segment g-1: waits for its kernels, then its output stream goes down on the plan's second
 * stream (B) and out on the wire, and (last reduce-scatter step, own allgather part) is
 * decoded into recv on B with a second workspace. Meanwhile the next receive is waited for
 * (MPI's copy runs on the host while the GPU works). Slot k = g % 2 owns dso[k], its results
 * and events; slot k is reused only after its segment completed. Same kernels, same bytes.
 * ========================================================================================= */
enum { CCOLL__PL_NONE = 0, CCOLL__PL_COMPRESS, CCOLL__PL_COMBINE, CCOLL__PL_DECODE };
typedef struct {
    int live, gpu, op, dec; /* a segment; its op launched; decode the output into o after it goes down */
    unsigned char *dst; /* host slot of the output stream (COMPRESS, COMBINE) */
    size_t cap, *dl;
    uint64_t rawb, len;
    unsigned char *o;   /* decode target (device) */
    MPI_Request *sr;    /* send request of the output (NULL: no send) */
} ccoll__pend;
#define CCOLL__PEV(P, k, i) ((cudaEvent_t)(P)->dv.pev[(k) * 5 + (i)]) /* 0,1 upload, 2 kernels, 3 down, 4 decoded */
/* Benchmarks only (the trace build of allreduce_ccoll_cuda_nccl): each phase of the device
 * ring as it ends, by name; nothing by default. */
#ifdef CCOLL_TEST_HOOK_TRACE
#define CCOLL__TRACE 1
#else
#define CCOLL__TRACE 0
#define CCOLL_TEST_HOOK_TRACE(what, seconds) ((void)0)
#endif
/* (default builds: nothing, so no event query runs and no pending CUDA error is cleared) */
static void ccoll__trace_ev(const char *what, cudaEvent_t a, cudaEvent_t b)
{
#if CCOLL__TRACE
    float ms = 0;
    if (cudaEventElapsedTime(&ms, a, b) == cudaSuccess) CCOLL_TEST_HOOK_TRACE(what, ms * 1e-3);
    else cudaGetLastError();
#endif
    (void)what;
    (void)a;
    (void)b;
}

static int ccoll__evwait(ccoll_plan *P, cudaEvent_t e)
{
    cudaError_t x;
    int flag = 0;
    while ((x = cudaEventQuery(e)) == cudaErrorNotReady) {
        const double t0 = MPI_Wtime();
        MPI_Iprobe(MPI_ANY_SOURCE, CCOLL__TAG + 99, P->top.comm, &flag, MPI_STATUS_IGNORE);
        CCOLL_TEST_HOOK_TRACE("evwait_iprobe", MPI_Wtime() - t0);
        (void)t0;
        CCOLL__YIELD();
    }
    return ccoll__cu(P, x);
}

/* Launch one segment's codec step on stream A into slot k (nothing is launched after an error). */
static void ccoll__pl_launch(ccoll_plan *P, int k, int op, int mode, const unsigned char *in, size_t inlen,
                             const unsigned char *raw, uint64_t n, unsigned char *o)
{
    hc_cuda_result *R = (hc_cuda_result *)P->dv.hres + 2 * k;
    unsigned char *out = P->dv.dsoq[k];
    hc_status s = HC_OK;
    cudaStream_t A = P->dv.cst;
    const double tr = MPI_Wtime();
    R[0].status = R[1].status = HC_OK;
    cudaEventRecord(CCOLL__PEV(P, k, 0), A);
    if (in && ccoll__d_up(P, P->dv.dsa, in, inlen)) { /* too long for the slot: recorded, nothing runs */
        cudaEventRecord(CCOLL__PEV(P, k, 1), A);
        cudaEventRecord(CCOLL__PEV(P, k, 2), A);
        return;
    }
    cudaEventRecord(CCOLL__PEV(P, k, 1), A);
    if (op == CCOLL__PL_COMPRESS) s = hc_cuda_compress(&P->hc, raw, n, out, P->dv.dcap, P->dv.dws, P->dv.dws_bytes, A);
    else if (op == CCOLL__PL_DECODE) s = hc_cuda_decompress(P->dv.dsa, inlen, in, (hc_dtype)P->set.dt, o, n, P->dv.dws, P->dv.dws_bytes, A);
    else if (mode == CCOLL__HCF)
        s = hc_cuda_add_raw(P->dv.dsa, inlen, in, (hc_dtype)P->set.dt, raw, n, out, P->dv.dcap, P->dv.dws, P->dv.dws_bytes, A);
    else if (mode == CCOLL__HC2) {
        s = hc_cuda_qp(P->dv.dsa, inlen, in, (hc_dtype)P->set.dt, raw, n, P->dv.ddelta, P->dv.dws, P->dv.dws_bytes, A);
        if (s == HC_OK) s = hc_cuda_read_result(P->dv.dws, &R[0], A);
        if (s == HC_OK) s = hc_cuda_add_qp(P->dv.dsa, inlen, in, (hc_dtype)P->set.dt, P->dv.ddelta, n, out, P->dv.dcap, P->dv.dws, P->dv.dws_bytes, A);
    } else { /* DOC: decode, add, re-encode */
        s = hc_cuda_decompress(P->dv.dsa, inlen, in, (hc_dtype)P->set.dt, P->dv.dtmpf, n, P->dv.dws, P->dv.dws_bytes, A);
        if (s == HC_OK) s = hc_cuda_read_result(P->dv.dws, &R[0], A);
        if (s == HC_OK) {
            if (P->set.dt == HC_F32) ccoll__k_add<float><<<ccoll__grid(n), 256, 0, A>>>((float *)P->dv.dtmpf, (const float *)P->dv.dtmpf, (const float *)raw, n);
            else ccoll__k_add<double><<<ccoll__grid(n), 256, 0, A>>>((double *)P->dv.dtmpf, (const double *)P->dv.dtmpf, (const double *)raw, n);
            s = cudaGetLastError() == cudaSuccess ? HC_OK : HC_ERR_CUDA;
        }
        if (s == HC_OK) s = hc_cuda_compress(&P->hc, P->dv.dtmpf, n, out, P->dv.dcap, P->dv.dws, P->dv.dws_bytes, A);
    }
    if (s == HC_OK) s = hc_cuda_read_result(P->dv.dws, &R[1], A);
    cudaEventRecord(CCOLL__PEV(P, k, 2), A);
    if (s != HC_OK) ccoll__hc(P, s); /* refused before launching: the slot still completes */
    CCOLL_TEST_HOOK_TRACE("launch", MPI_Wtime() - tr);
    (void)tr;
}

/* Complete slot k: statuses, the output down (stream B) and out, its decode (B). */
static int ccoll__pl_complete(ccoll_plan *P, int k, ccoll__pend *q, int right)
{
    hc_cuda_result *R = (hc_cuda_result *)P->dv.hres + 2 * k, *D = (hc_cuda_result *)P->dv.hres + 4 + k;
    cudaStream_t B = (cudaStream_t)P->dv.cst2;
    int st = CCOLL_OK;
    float a = 0, c = 0;
    if (!q->live) return CCOLL_OK;
    q->live = 0;
    double tr = MPI_Wtime();
    if (!q->gpu) goto send; /* this rank was in error already: a marker, in segment order */
    ccoll__evwait(P, CCOLL__PEV(P, k, 2)); /* a CUDA error is P->lst: markers follow */
    CCOLL_TEST_HOOK_TRACE("kern_wait", MPI_Wtime() - tr);
    ccoll__trace_ev("gpu_up", CCOLL__PEV(P, k, 0), CCOLL__PEV(P, k, 1));
    ccoll__trace_ev("gpu_kern", CCOLL__PEV(P, k, 1), CCOLL__PEV(P, k, 2));
    if (cudaEventElapsedTime(&a, CCOLL__PEV(P, k, 0), CCOLL__PEV(P, k, 1)) == cudaSuccess) P->t_stage += a * 1e-3;
    if (cudaEventElapsedTime(&c, CCOLL__PEV(P, k, 1), CCOLL__PEV(P, k, 2)) == cudaSuccess) P->t_codec += c * 1e-3;
    if (P->lst == CCOLL_OK && R[0].status != HC_OK) ccoll__hc(P, (hc_status)R[0].status);
    if (P->lst == CCOLL_OK && R[1].status != HC_OK) ccoll__hc(P, (hc_status)R[1].status);
    if (q->op == CCOLL__PL_DECODE) return CCOLL_OK;
    if (P->lst == CCOLL_OK) {
        uint64_t b = R[1].bytes;
        if (b > q->cap || b > P->dv.dcap) ccoll__fail(P, CCOLL_ERR_INTERNAL, 0);
        else {
            double t0 = MPI_Wtime();
            cudaStreamWaitEvent(B, CCOLL__PEV(P, k, 2), 0);
            if (!ccoll__cu(P, cudaMemcpyAsync(q->dst, P->dv.dsoq[k], (size_t)b, cudaMemcpyDeviceToHost, B)) &&
                !ccoll__cu(P, cudaEventRecord(CCOLL__PEV(P, k, 3), B)) && !ccoll__evwait(P, CCOLL__PEV(P, k, 3))) {
                *q->dl = (size_t)b;
                CCOLL_TEST_HOOK_TRACE("d2h_wait", MPI_Wtime() - t0);
                CCOLL_TEST_HOOK_TRACE("d2h_bytes", (double)b);
                ccoll__trace_ev("gpu_d2h", CCOLL__PEV(P, k, 2), CCOLL__PEV(P, k, 3));
                /* the decode reads the GPU's copy; its header is checked on the host copy, now down */
                D->status = HC_OK;
                if (q->dec) {
                    hc_status s = hc_cuda_decompress(P->dv.dsoq[k], (size_t)b, q->dst, (hc_dtype)P->set.dt, q->o, q->len, P->dv.dws2,
                                                     P->dv.dws_bytes, B);
                    if (s == HC_OK) s = hc_cuda_read_result(P->dv.dws2, D, B);
                    if (s != HC_OK) ccoll__hc(P, s);
                    cudaEventRecord(CCOLL__PEV(P, k, 4), B);
                }
            }
            P->t_stage += MPI_Wtime() - t0;
        }
    }
send:
    tr = MPI_Wtime();
    if (q->sr) st = ccoll__send_stream(P, q->dst, q->dl, q->rawb, right, q->sr);
    CCOLL_TEST_HOOK_TRACE("isend", MPI_Wtime() - tr);
    tr = MPI_Wtime();
    if (q->gpu && q->dec && P->lst == CCOLL_OK && !ccoll__evwait(P, CCOLL__PEV(P, k, 4)) && D->status != HC_OK)
        ccoll__hc(P, (hc_status)D->status);
    if (q->gpu && q->dec) {
        CCOLL_TEST_HOOK_TRACE("dec_wait", MPI_Wtime() - tr);
        ccoll__trace_ev("gpu_dec", CCOLL__PEV(P, k, 3), CCOLL__PEV(P, k, 4));
    }
    (void)tr;
    return st;
}

/* One step of a compressed ring on a device plan (t0: the first step, no receive). */
static int ccoll__ring_step_dev(ccoll_plan *P, ccoll__ring *R, int t, uint64_t b, MPI_Request *rr, MPI_Request *sr0, int first)
{
    const int p = P->top.p, right = (P->top.rank + 1) % p;
    const size_t es = P->set.esize;
    uint64_t g, blen = ccoll__rb_len(P, R, b), ns = ccoll__nseg(blen, P->set.seg), boff = ccoll__rb_off(P, R, b);
    ccoll__pend q[2];
    int st = CCOLL_OK, launched = 0;
    const double tstep = MPI_Wtime();
    memset(q, 0, sizeof q);
    for (g = 0; g <= ns; g++) {
        if (g < ns) {
            const int k = (int)(g & 1);
            uint64_t len = ccoll__min64(P->set.seg, blen - g * P->set.seg), off = boff + g * P->set.seg;
            unsigned char *o = R->out + off * es, *in = NULL;
            ccoll__pend *e = &q[k];
            size_t inlen = 0;
            memset(e, 0, sizeof *e);
            e->live = 1;
            e->o = o;
            e->len = len;
            e->sr = sr0 ? &sr0[g] : NULL;
            if (first) {
                ccoll__store *S = R->allgather ? R->gather : &R->send2[0];
                uint64_t sb = R->allgather ? b : 0;
                const unsigned char *src = R->own + ((R->allgather ? 0 : boff) + g * P->set.seg) * es;
                e->op = CCOLL__PL_COMPRESS;
                e->dec = R->allgather; /* this rank's part is decoded from its own stream, as everywhere */
                e->dst = ccoll__slot(S, sb, g);
                e->dl = ccoll__slen(S, sb, g);
                e->cap = S->cap;
                e->rawb = len * es;
                if (P->lst == CCOLL_OK) ccoll__pl_launch(P, k, e->op, R->mode, NULL, 0, src, len, NULL), e->gpu = launched = 1;
            } else {
                double tr = MPI_Wtime();
                in = t < p - 1 ? ccoll__slot(&R->recv2[t % 2], 0, g) : ccoll__slot(R->gather, b, g);
                ccoll__recv_stream(P, &rr[g], in, &inlen); /* a failure is recorded: markers follow */
                CCOLL_TEST_HOOK_TRACE("recv_wait", MPI_Wtime() - tr);
                CCOLL_TEST_HOOK_TRACE("h2d_bytes", (double)inlen);
                (void)tr;
                if (t < p - 1) { /* reduce-scatter: combine into step t+1's send slot, or the gather slot when final */
                    int last = t == p - 2;
                    ccoll__store *S = last ? R->gather : &R->send2[(t + 1) % 2];
                    uint64_t sb = last ? b : 0;
                    e->op = CCOLL__PL_COMBINE;
                    e->dec = last;
                    e->dst = ccoll__slot(S, sb, g);
                    e->dl = ccoll__slen(S, sb, g);
                    e->cap = S->cap;
                    e->rawb = len * es;
                    if (P->lst == CCOLL_OK) ccoll__pl_launch(P, k, e->op, R->mode, in, inlen, R->own + off * es, len, NULL), e->gpu = launched = 1;
                } else { /* allgather: forward the stream unchanged at once, decode it */
                    size_t *dl = ccoll__slen(R->gather, b, g);
                    *dl = inlen;
                    e->op = CCOLL__PL_DECODE;
                    if (e->sr) {
                        if (P->lst == CCOLL_OK) st = ccoll__isend(P, in, inlen, right, e->sr);
                        else st = ccoll__send_stream(P, in, dl, 0, right, e->sr);
                        e->sr = NULL;
                    }
                    if (P->lst == CCOLL_OK) ccoll__pl_launch(P, k, e->op, R->mode, in, inlen, NULL, len, o), e->gpu = launched = 1;
                }
            }
        }
        if (g > 0) {
            int st2 = ccoll__pl_complete(P, (int)((g - 1) & 1), &q[(g - 1) & 1], right);
            if (!st) st = st2;
        }
    }
    if (launched) { /* nothing of this step runs on after it */
        const double tr = MPI_Wtime();
        ccoll__dsync(P);
        ccoll__cu(P, cudaStreamSynchronize((cudaStream_t)P->dv.cst2));
        CCOLL_TEST_HOOK_TRACE("step_sync", MPI_Wtime() - tr);
        (void)tr;
    }
    CCOLL_TEST_HOOK_TRACE(first ? "step_first" : "step", MPI_Wtime() - tstep);
    (void)tstep;
    return st;
}
#endif

static void ccoll__qp_whole(ccoll_plan *P, const ccoll__ring *R);

/* The block received at step t (and sent on at step t + 1): reduce-scatter r-t-1; allgather
 * fin-(t-(p-1))-1, fin being the block this rank completes (allreduce: r+1; allgather: r). */
static uint64_t ccoll__ring_blk(const ccoll_plan *P, const ccoll__ring *R, int t)
{
    const int p = P->top.p, r = P->top.rank, fin = R->allgather ? r : (r + 1) % p;
    return t < p - 1 ? (uint64_t)((r - t - 1 + 2 * p) % p) : (uint64_t)((fin - (t - (p - 1)) - 1 + 2 * p) % p);
}

/* Step t0's messages: this rank's own block (allreduce: block r, compressed unless raw) or
 * part (allgather: compressed once and decoded from its own stream, as everywhere). */
static void ccoll__ring_first(ccoll_plan *P, ccoll__ring *R, uint64_t b, MPI_Request *sr)
{
    const int right = (P->top.rank + 1) % P->top.p, raw = R->mode == CCOLL__RAW;
    const size_t es = P->set.esize;
    uint64_t g, blen = ccoll__rb_len(P, R, b), ns = ccoll__nseg(blen, P->set.seg);
    uint64_t boff = ccoll__rb_off(P, R, b), src_off = R->allgather ? 0 : boff;
    for (g = 0; g < ns; g++) {
        uint64_t len = ccoll__min64(P->set.seg, blen - g * P->set.seg);
        const unsigned char *src = R->own + (src_off + g * P->set.seg) * es;
        unsigned char *o = R->out + (boff + g * P->set.seg) * es;
        if (raw) {
            if (R->allgather) {
                if (src != o) memcpy(o, src, len * es);
                src = o;
            }
            ccoll__isend_raw(P, src, len * es, right, &sr[g]);
        } else {
            ccoll__store *S = R->allgather ? R->gather : &R->send2[0];
            uint64_t sb = R->allgather ? b : 0;
            unsigned char *dst = ccoll__slot(S, sb, g);
            size_t *dl = ccoll__slen(S, sb, g);
            double rgb[2], *rg = R->spec ? ccoll__spec_at(P, 0, g * P->set.seg, rgb) : NULL;
            if (P->lst == CCOLL_OK) ccoll__compress(P, src, len, dst, S->cap, dl, rg);
            if (R->spec) ccoll__spec_took(P, 0, g * P->set.seg + len, rg);
            ccoll__send_stream(P, dst, dl, len * es, right, &sr[g]);
            if (R->allgather && P->lst == CCOLL_OK) ccoll__decompress_own(P, dst, *dl, o, len);
        }
    }
}

/* Raw ring, one segment (in ring_raw, or already in out's block when allgather): exactly the
 * segment's bytes, else the failure is recorded; add the local segment during the
 * reduce-scatter; send the result on (a marker once in error). */
static void ccoll__ring_seg_raw(ccoll_plan *P, int t, uint64_t g, MPI_Request *rr, const unsigned char *in,
                                const unsigned char *own, unsigned char *o, uint64_t len, MPI_Request *sr)
{
    const size_t es = P->set.esize;
    if (ccoll__recv_raw(P, rr, in, len * es) && P->lst == CCOLL_OK && t < P->top.p - 1)
        ccoll__add_floats_host(P, o, own, P->buf.ring_raw[t % 2] + g * P->set.seg * es, len);
    if (sr) ccoll__isend_raw(P, o, len * es, (P->top.rank + 1) % P->top.p, sr);
}

/* Reduce-scatter, one received stream: combine it with the local segment (DOC, HOMCOMP,
 * HOMCOMP_F) into step t+1's send slot, or the gather slot at the last step; send it on (a
 * marker when this rank is in error); the final block is decoded from that stream. */
static void ccoll__ring_combine(ccoll_plan *P, ccoll__ring *R, int t, uint64_t b, uint64_t g, const unsigned char *in,
                                size_t inlen, const unsigned char *own, unsigned char *o, uint64_t len, const int32_t *qp,
                                MPI_Request *sr)
{
    const int last = t == P->top.p - 2;
    ccoll__store *S = last ? R->gather : &R->send2[(t + 1) % 2];
    uint64_t sb = last ? b : 0;
    unsigned char *dst = ccoll__slot(S, sb, g);
    size_t *dl = ccoll__slen(S, sb, g);
    double rgb[2], *rg = R->spec && R->mode == CCOLL__HCF ? ccoll__spec_at(P, t + 1, g * P->set.seg, rgb) : NULL;
    if (R->spec && !rg) ccoll__spec_upto(P, t + 1, g * P->set.seg + len); /* every own segment, failed call or not */
    if (P->lst == CCOLL_OK) {
        switch (R->mode) {
        case CCOLL__DOC: {
            unsigned char *f = P->set.device ? P->dv.dtmpf : P->buf.tmp; /* floats where the data is */
            if (!ccoll__decompress(P, in, inlen, f, len)) {
                ccoll__add_floats(P, f, f, own, len);
                ccoll__compress(P, f, len, dst, S->cap, dl, NULL);
            }
            break;
        }
        case CCOLL__HC2:
            if (P->set.device) ccoll__d_add_qp(P, in, inlen, own, len, dst, S->cap, dl);
            else ccoll__add_qp(P, in, inlen, qp, len, dst, S->cap, dl);
            break;
        default:
            if (last && R->fuse) ccoll__add_raw_values(P, in, inlen, own, len, dst, S->cap, dl, o, rg);
            else ccoll__add_raw(P, in, inlen, own, len, dst, S->cap, dl, rg);
            break;
        }
    }
    if (rg) ccoll__spec_took(P, t + 1, g * P->set.seg + len, rg);
    ccoll__send_stream(P, dst, dl, len * P->set.esize, (P->top.rank + 1) % P->top.p, sr);
    if (last && P->lst == CCOLL_OK && !R->spec && !R->fuse) ccoll__decompress_own(P, dst, *dl, o, len);
}

/* The final block's segments decoded from their streams (ccoll__ring_combine's last step,
 * deferred under the eb guess: until the guess is checked, an in-place output is not written,
 * so it still holds the input for a second run; with a separate output the fused last add
 * may already have written the final block, which a second run rewrites). */
static void ccoll__ring_final(ccoll_plan *P, ccoll__ring *R)
{
    const uint64_t b = ccoll__ring_blk(P, R, P->top.p - 2), blen = ccoll__rb_len(P, R, b), boff = ccoll__rb_off(P, R, b);
    uint64_t g;
    if (R->fuse) return; /* written by the last step's adds */
    for (g = 0; g < ccoll__nseg(blen, P->set.seg) && P->lst == CCOLL_OK; g++)
        ccoll__decompress_own(P, ccoll__slot(R->gather, b, g), *ccoll__slen(R->gather, b, g),
                              R->out + (boff + g * P->set.seg) * P->set.esize, ccoll__min64(P->set.seg, blen - g * P->set.seg));
}

/* Allgather, one received stream: keep it, forward it unchanged (a marker when this rank is
 * in error), decode it. */
static void ccoll__ring_forward(ccoll_plan *P, ccoll__ring *R, uint64_t b, uint64_t g, unsigned char *in, size_t inlen,
                                unsigned char *o, uint64_t len, MPI_Request *sr)
{
    const int right = (P->top.rank + 1) % P->top.p;
    size_t *dl = ccoll__slen(R->gather, b, g);
    *dl = inlen;
    if (sr) {
        if (P->lst == CCOLL_OK) ccoll__isend(P, in, inlen, right, sr);
        else ccoll__send_stream(P, in, dl, 0, right, sr);
    }
    if (P->lst == CCOLL_OK) ccoll__decompress(P, in, inlen, o, len);
}

/* One segment g of step t (block b): HOMCOMP's QP of the local segment before the wait (seed
 * 6.2, eq. 6.5), the receive, then the raw add, the combine or the forward. */
static void ccoll__ring_seg(ccoll_plan *P, ccoll__ring *R, int t, uint64_t b, uint64_t g, MPI_Request *rr, MPI_Request *sr)
{
    const int p = P->top.p;
    const size_t es = P->set.esize;
    uint64_t blen = ccoll__rb_len(P, R, b), boff = ccoll__rb_off(P, R, b);
    uint64_t len = ccoll__min64(P->set.seg, blen - g * P->set.seg), off = boff + g * P->set.seg;
    unsigned char *o = R->out + off * es, *in;
    const unsigned char *own = R->own + off * es;
    int32_t *qp = NULL;
    size_t inlen = 0;
    if (R->mode == CCOLL__HC2 && t < p - 1 && !P->set.device) {
        /* device plans QP after the wait, with the received stream as the reference */
        qp = P->set.cfg.homcomp_qp_whole ? P->buf.deltas + off : P->buf.deltas;
        if (!P->set.cfg.homcomp_qp_whole && P->lst == CCOLL_OK) ccoll__qp(P, own, len, qp);
    }
    if (R->mode == CCOLL__RAW) {
        in = t < p - 1 ? P->buf.ring_raw[t % 2] + g * P->set.seg * es : o;
        ccoll__ring_seg_raw(P, t, g, &rr[g], in, own, o, len, sr);
        return;
    }
    in = t < p - 1 ? ccoll__slot(&R->recv2[t % 2], 0, g) : ccoll__slot(R->gather, b, g);
    ccoll__recv_stream(P, &rr[g], in, &inlen); /* a failure is recorded: markers follow */
    if (t < p - 1) ccoll__ring_combine(P, R, t, b, g, in, inlen, own, o, len, qp, sr);
    else ccoll__ring_forward(P, R, b, g, in, inlen, o, len, sr);
}

/* Step t: wait for step t-1's sends (their slots are step t+1's), post step t+1's receives,
 * then take block b's segments as they arrive. */
static void ccoll__ring_step(ccoll_plan *P, ccoll__ring *R, int t, MPI_Request *const *rreq, MPI_Request *const *sreq)
{
    const int p = P->top.p, raw = R->mode == CCOLL__RAW, T = 2 * (p - 1);
    const uint64_t NS = P->buf.nreq / 4;
    uint64_t b = ccoll__ring_blk(P, R, t), ns = ccoll__nseg(ccoll__rb_len(P, R, b), P->set.seg), g;
    ccoll__waitall(P, sreq[(t + 1) % 2], NS);
    if (t + 1 < T) {
        /* raw allreduce: the first allgather receive lands in out's block r, which the
         * in-place step-0 send may still be reading */
        if (raw && !R->allgather && t + 1 == p - 1) ccoll__waitall(P, sreq[t % 2], NS);
        ccoll__ring_post(P, R, t + 1, ccoll__ring_blk(P, R, t + 1), rreq[(t + 1) % 2]);
    }
#ifdef __CUDACC__
    if (P->set.device && !raw && P->set.cfg.device_pipeline >= 0) {
        ccoll__ring_step_dev(P, R, t, b, rreq[t % 2], t + 1 < T ? sreq[(t + 1) % 2] : NULL, 0);
        return;
    }
#endif
    for (g = 0; g < ns; g++) ccoll__ring_seg(P, R, t, b, g, rreq[t % 2], t + 1 < T ? &sreq[(t + 1) % 2][g] : NULL);
}

/* The ring: step t0's receives and messages, every step, then every request completed (none
 * may outlive the call). Failures are P->lst (agreed by the caller's ccoll__finish). Under
 * the eb guess (R->spec) the reduce-scatter's end is where the guess is checked: a failed
 * screen or CCOLL__SPEC_REDO ends the ring there (the allgather's first receives complete
 * with the final streams already sent) and is returned; an in-place output is still untouched
 * (a separate one may hold the fused final block, rewritten by the second run). */
static int ccoll__ring_run(ccoll_plan *P, ccoll__ring *R)
{
    const int p = P->top.p, T = 2 * (p - 1), t0 = R->allgather ? p - 1 : 0;
    const uint64_t NS = P->buf.nreq / 4; /* request slots per step and direction */
    const uint64_t own_blk = (uint64_t)P->top.rank; /* allreduce: block r; allgather: part r */
    MPI_Request *rreq[2], *sreq[2];
    int t, st = CCOLL_OK;
    uint64_t g;
    rreq[0] = P->buf.req; rreq[1] = P->buf.req + NS; sreq[0] = P->buf.req + 2 * NS; sreq[1] = P->buf.req + 3 * NS;
    for (g = 0; g < 4 * NS; g++) P->buf.req[g] = MPI_REQUEST_NULL;
    if (R->spec) P->spec.own = R->own, P->spec.k = 0, P->spec.koff = 0, P->spec.folded = P->spec.scanned = 0;
    {
        /* the fused final decode: host HomComp_F allreduce; out is own itself (never under
         * the guess) or apart from it */
        const uintptr_t a = (uintptr_t)R->own, o = (uintptr_t)R->out, nb = (uintptr_t)(R->n * P->set.esize);
        R->fuse = !P->set.device && !R->allgather && R->mode == CCOLL__HCF && p > 1 &&
                  (a == o ? !R->spec : a + nb <= o || o + nb <= a);
    }
    ccoll__ring_post(P, R, t0, ccoll__ring_blk(P, R, t0), rreq[t0 % 2]);
#ifdef __CUDACC__
    if (P->set.device && R->mode != CCOLL__RAW && P->set.cfg.device_pipeline >= 0)
        ccoll__ring_step_dev(P, R, t0, own_blk, NULL, sreq[t0 % 2], 1);
    else
#endif
    ccoll__ring_first(P, R, own_blk, sreq[t0 % 2]);
    if (R->mode == CCOLL__HC2 && P->set.cfg.homcomp_qp_whole) ccoll__qp_whole(P, R);
    for (t = t0; t < T; t++) {
        ccoll__ring_step(P, R, t, rreq, sreq);
        if (R->spec && t == p - 2) {
            if ((st = ccoll__spec_agree(P)) != CCOLL_OK) break;
            ccoll__ring_final(P, R);
        }
    }
    ccoll__waitall(P, P->buf.req, 4 * NS);
    return st;
}

/* Buffers of the ring (first allreduce/allgather call of a plan; never again). */
static int ccoll__ring_prepare(ccoll_plan *P, int allgather, int mode)
{
    int st = CCOLL_OK;
    uint64_t maxblk = allgather ? P->set.count : (P->set.count + (uint64_t)P->top.p - 1) / (uint64_t)P->top.p;
    uint64_t NS = ccoll__nseg(maxblk, P->set.seg), segmax = ccoll__min64(P->set.seg, maxblk ? maxblk : 1);
    size_t cap = hc_compress_bound(segmax, (hc_dtype)P->set.dt);
    int i;
    if (NS == 0) NS = 1;
    if (NS > (uint64_t)INT32_MAX) return CCOLL_ERR_SIZE;
    if (!P->buf.req || P->buf.nreq < 4 * NS) {
        CCOLL_FREE(P->buf.req);
        P->buf.req = (MPI_Request *)ccoll__alloc(4 * NS * sizeof(MPI_Request), &st);
        P->buf.nreq = P->buf.req ? 4 * NS : 0;
        if (st) return st;
    }
    if (allgather) {
        if (!P->buf.gather_ready && mode != CCOLL__RAW) {
            if ((st = ccoll__store_alloc(&P->buf.ag_store, (uint64_t)P->top.p, NS, cap, P->set.device))) return st;
            P->buf.gather_ready = 1;
        }
        return CCOLL_OK;
    }
    if (!P->buf.ring_ready) {
        for (i = 0; i < 2 && !st; i++) {
            st = ccoll__store_alloc(&P->buf.ring_recv[i], 1, NS, cap, P->set.device);
            if (!st) st = ccoll__store_alloc(&P->buf.ring_send[i], 1, NS, cap, P->set.device);
            if (!st && !P->buf.ring_raw[i]) P->buf.ring_raw[i] = (unsigned char *)ccoll__palloc(P, maxblk * P->set.esize, &st);
        }
        if (!st) st = ccoll__store_alloc(&P->buf.ring_gather, (uint64_t)P->top.p, NS, cap, P->set.device);
        /* (a tmp from ccoll__rd_prepare is larger: its segments are of count / p' elements) */
        if (!st && !P->buf.tmp) P->buf.tmp = (unsigned char *)ccoll__palloc(P, cap > segmax * 8 ? cap : segmax * 8, &st);
        if (st) return st;
        P->buf.ring_ready = 1;
    }
    if (mode == CCOLL__HC2 && !P->buf.homcomp_ready && !P->set.device) { /* (device plans QP into ddelta) */
        uint64_t nd = P->set.cfg.homcomp_qp_whole ? P->set.count + HC_BLOCK : P->set.seg; /* hc_qp pads to 32 */
        if (nd > SIZE_MAX / 4) return CCOLL_ERR_SIZE;
        P->buf.deltas = (int32_t *)ccoll__alloc(nd * sizeof(int32_t), &st);
        if (st) return st;
        P->buf.homcomp_ready = 1;
    }
    return CCOLL_OK;
}

/* HOMCOMP whole-buffer variant: QP every block this rank combines, up front (eq. 6.4). */
static void ccoll__qp_whole(ccoll_plan *P, const ccoll__ring *R)
{
    uint64_t b, g;
    for (b = 0; b < (uint64_t)P->top.p && P->lst == CCOLL_OK; b++) {
        uint64_t blen = ccoll__rb_len(P, R, b), boff = ccoll__rb_off(P, R, b);
        if (b == (uint64_t)P->top.rank) continue; /* compressed, not combined */
        for (g = 0; g < ccoll__nseg(blen, P->set.seg) && P->lst == CCOLL_OK; g++)
            ccoll__qp(P, R->own + (boff + g * P->set.seg) * P->set.esize, ccoll__min64(P->set.seg, blen - g * P->set.seg),
                      P->buf.deltas + boff + g * P->set.seg);
    }
}

/* =========================================================================================
 * RECURSIVE HALVING / DOUBLING (Rabenseifner; seed 2.5.2 and "Conclusions"). p' = the
 * largest power of two <= p; ranks r < 2(p - p') fold in pairs first (the even one hands its
 * data to r + 1 and waits for the result). The vector is cut into p' leaf blocks of
 * segments; a rank's region halves each step. Compressed: own data starts raw (fused add
 * with the received stream), then stays compressed (compressed + compressed adds).
 * ========================================================================================= */
static int ccoll__rd_real(int q, int rem) { return q < rem ? 2 * q + 1 : q + rem; }

typedef struct {
    int pp, rem, nr;     /* p', p - p', this rank's rank among the p' (-1: folded out) */
    uint64_t n, NS;      /* elements, segments per leaf */
    const unsigned char *own;
    unsigned char *out;
    int compressed, own_c;
} ccoll__rd;

static uint64_t ccoll__leaf_len(const ccoll__rd *D, uint64_t l) { return ccoll__blk_len(D->n, D->pp, l); }
static uint64_t ccoll__leaf_off(const ccoll__rd *D, uint64_t l) { return ccoll__blk_off(D->n, D->pp, l); }

/* Send leaves [lo, hi) to `to`: raw from out, or streams (compressing raw own data first). */
static void ccoll__rd_send(ccoll_plan *P, ccoll__rd *D, uint64_t lo, uint64_t hi, int to, MPI_Request *rq, uint64_t *k)
{
    uint64_t l, g;
    for (l = lo; l < hi; l++) {
        uint64_t len0 = ccoll__leaf_len(D, l), off0 = ccoll__leaf_off(D, l);
        for (g = 0; g < ccoll__nseg(len0, P->set.seg); g++) {
            uint64_t len = ccoll__min64(P->set.seg, len0 - g * P->set.seg), off = off0 + g * P->set.seg;
            if (!D->compressed) {
                ccoll__isend_raw(P, D->out + off * P->set.esize, len * P->set.esize, to, &rq[(*k)++]);
                continue;
            }
            {
                unsigned char *s = ccoll__slot(&P->buf.rd_own, l, g);
                size_t *sl = ccoll__slen(&P->buf.rd_own, l, g);
                uint64_t rawb = 0;
                if (!D->own_c && P->lst == CCOLL_OK) ccoll__compress(P, D->own + off * P->set.esize, len, s, P->buf.rd_own.cap, sl, NULL);
                if (!D->own_c) rawb = len * P->set.esize;
                if (P->lst == CCOLL_OK && D->own_c) {
                    CCOLL_TEST_HOOK_SEND(s, *sl);
                    ccoll__isend(P, s, *sl, to, &rq[(*k)++]);
                } else
                    ccoll__send_stream(P, s, sl, rawb, to, &rq[(*k)++]);
            }
        }
    }
}

/* Receive leaves [lo, hi) from `from`; combine = 1 adds them to own data (reduce-scatter),
 * 0 stores them as they are (allgather, fold-out). Every receive is posted first and every
 * one waited for; a failed or malformed one is recorded (nothing is combined after that). */
static void ccoll__rd_recv(ccoll_plan *P, ccoll__rd *D, uint64_t lo, uint64_t hi, int from, int combine, MPI_Request *rq,
                           uint64_t *k)
{
    uint64_t l, g, k0 = *k, i;
    const size_t es = P->set.esize;
    for (l = lo; l < hi; l++) {
        uint64_t len0 = ccoll__leaf_len(D, l), off0 = ccoll__leaf_off(D, l);
        for (g = 0; g < ccoll__nseg(len0, P->set.seg); g++) {
            uint64_t len = ccoll__min64(P->set.seg, len0 - g * P->set.seg), off = off0 + g * P->set.seg;
            if (!D->compressed) ccoll__irecv(P, (combine ? P->buf.rd_raw : D->out) + off * es, len * es, from, &rq[(*k)++]);
            else
                ccoll__irecv(P, combine ? ccoll__slot(&P->buf.rd_recv, l - lo, g) : ccoll__slot(&P->buf.rd_own, l, g),
                             P->buf.rd_own.cap, from, &rq[(*k)++]);
        }
    }
    i = k0;
    for (l = lo; l < hi; l++) {
        uint64_t len0 = ccoll__leaf_len(D, l), off0 = ccoll__leaf_off(D, l);
        for (g = 0; g < ccoll__nseg(len0, P->set.seg); g++) {
            uint64_t len = ccoll__min64(P->set.seg, len0 - g * P->set.seg), off = off0 + g * P->set.seg;
            size_t inlen = 0;
            unsigned char *in;
            if (!D->compressed) {
                in = (combine ? P->buf.rd_raw : D->out) + off * es;
                if (ccoll__recv_raw(P, &rq[i++], in, len * es) && combine && P->lst == CCOLL_OK)
                    ccoll__add_floats_host(P, D->out + off * es, D->out + off * es, in, len);
                continue;
            }
            in = combine ? ccoll__slot(&P->buf.rd_recv, l - lo, g) : ccoll__slot(&P->buf.rd_own, l, g);
            ccoll__recv_stream(P, &rq[i++], in, &inlen);
            if (!combine) { *ccoll__slen(&P->buf.rd_own, l, g) = inlen; continue; }
            if (P->lst != CCOLL_OK) continue;
            {
                unsigned char *o = ccoll__slot(&P->buf.rd_own, l, g);
                size_t *ol = ccoll__slen(&P->buf.rd_own, l, g), tl = 0;
                if (!D->own_c) ccoll__add_raw(P, in, inlen, D->own + off * es, len, o, P->buf.rd_own.cap, ol, NULL);
                else if (!ccoll__add(P, o, *ol, in, inlen, len, P->buf.tmp, P->buf.rd_own.cap, &tl)) {
                    memcpy(o, P->buf.tmp, tl);
                    *ol = tl;
                }
            }
        }
    }
}

static int ccoll__rd_prepare(ccoll_plan *P, int compressed)
{
    int st = CCOLL_OK, pp = 1;
    uint64_t NS, segmax, cap;
    while (pp * 2 <= P->top.p) pp *= 2;
    NS = ccoll__nseg((P->set.count + (uint64_t)pp - 1) / (uint64_t)pp, P->set.seg);
    if (NS == 0) NS = 1;
    if (!P->buf.req || P->buf.nreq < 2 * (uint64_t)pp * NS + 4) {
        CCOLL_FREE(P->buf.req);
        P->buf.req = (MPI_Request *)ccoll__alloc((2 * (uint64_t)pp * NS + 4) * sizeof(MPI_Request), &st);
        P->buf.nreq = P->buf.req ? 2 * (uint64_t)pp * NS + 4 : 0;
        if (st) return st;
    }
    if (!compressed) {
        if (!P->buf.rd_raw) P->buf.rd_raw = (unsigned char *)ccoll__palloc(P, P->set.count * P->set.esize, &st);
        return st;
    }
    if (P->buf.recdbl_ready) return CCOLL_OK;
    segmax = ccoll__min64(P->set.seg, (P->set.count + (uint64_t)pp - 1) / (uint64_t)pp);
    cap = hc_compress_bound(segmax ? segmax : 1, (hc_dtype)P->set.dt);
    st = ccoll__store_alloc(&P->buf.rd_own, (uint64_t)pp, NS, cap, P->set.device);
    if (!st) st = ccoll__store_alloc(&P->buf.rd_recv, (uint64_t)pp, NS, cap, P->set.device);
    if (!st && !P->buf.tmp) P->buf.tmp = (unsigned char *)ccoll__palloc(P, cap > segmax * 8 ? cap : segmax * 8, &st);
    if (!st) P->buf.recdbl_ready = 1;
    return st;
}

/* Every phase runs on every rank whatever failed before it (markers then flow); the failure
 * is P->lst, agreed by the caller's ccoll__finish. */
static int ccoll__rd_run(ccoll_plan *P, const unsigned char *own, unsigned char *out, int compressed)
{
    ccoll__rd D;
    const int r = P->top.rank;
    int mask;
    uint64_t lo, hi, k, l, g;
    MPI_Request *rq = P->buf.req;
    memset(&D, 0, sizeof D);
    D.pp = 1;
    while (D.pp * 2 <= P->top.p) D.pp *= 2;
    D.rem = P->top.p - D.pp;
    D.nr = r < 2 * D.rem ? (r % 2 ? r / 2 : -1) : r - D.rem;
    D.n = P->set.count;
    D.own = own;
    D.out = out;
    D.compressed = compressed;
    for (k = 0; k < P->buf.nreq; k++) rq[k] = MPI_REQUEST_NULL;
    if (!compressed && own != out) memcpy(out, own, P->set.count * P->set.esize);
    /* fold in: even r < 2 rem hands everything to r + 1 */
    if (r < 2 * D.rem) {
        k = 0;
        if (D.nr < 0) ccoll__rd_send(P, &D, 0, (uint64_t)D.pp, r + 1, rq, &k);
        else ccoll__rd_recv(P, &D, 0, (uint64_t)D.pp, r - 1, 1, rq, &k);
        ccoll__waitall(P, rq, k);
        if (D.nr >= 0) D.own_c = compressed;
    }
    if (D.nr >= 0) {
        /* reduce-scatter by recursive halving */
        lo = 0;
        hi = (uint64_t)D.pp;
        for (mask = D.pp / 2; mask >= 1; mask /= 2) {
            int partner = ccoll__rd_real(D.nr ^ mask, D.rem);
            uint64_t mid = (lo + hi) / 2, klo, khi, slo, shi, k2 = 0;
            if (D.nr & mask) { klo = mid; khi = hi; slo = lo; shi = mid; }
            else { klo = lo; khi = mid; slo = mid; shi = hi; }
            /* receive requests occupy rq[0 ..), sends rq[nreq / 2 ..); the receives are
             * posted inside rd_recv before any wait, the sends just before it */
            k = 0;
            ccoll__rd_send(P, &D, slo, shi, partner, rq + P->buf.nreq / 2, &k);
            ccoll__rd_recv(P, &D, klo, khi, partner, 1, rq, &k2);
            ccoll__waitall(P, rq + P->buf.nreq / 2, k);
            D.own_c = compressed;
            lo = klo;
            hi = khi;
        }
        /* allgather by recursive doubling: exchange whole regions */
        for (mask = 1; mask < D.pp; mask *= 2) {
            int partner = ccoll__rd_real(D.nr ^ mask, D.rem);
            uint64_t size = hi - lo, plo = (D.nr & mask) ? lo - size : hi, k2 = 0;
            k = 0;
            ccoll__rd_send(P, &D, lo, hi, partner, rq + P->buf.nreq / 2, &k);
            ccoll__rd_recv(P, &D, plo, plo + size, partner, 0, rq, &k2);
            ccoll__waitall(P, rq + P->buf.nreq / 2, k);
            if (plo < lo) lo = plo;
            else hi = plo + size;
        }
    }
    /* fold out: r + 1 hands the result back to even r */
    if (r < 2 * D.rem) {
        k = 0;
        D.own_c = compressed;
        if (D.nr >= 0) ccoll__rd_send(P, &D, 0, (uint64_t)D.pp, r - 1, rq, &k);
        else ccoll__rd_recv(P, &D, 0, (uint64_t)D.pp, r + 1, 0, rq, &k);
        ccoll__waitall(P, rq, k);
    }
    /* compressed: every rank decodes the same streams */
    if (compressed && P->lst == CCOLL_OK) {
        for (l = 0; l < (uint64_t)D.pp && P->lst == CCOLL_OK; l++) {
            uint64_t len0 = ccoll__leaf_len(&D, l), off0 = ccoll__leaf_off(&D, l);
            for (g = 0; g < ccoll__nseg(len0, P->set.seg) && P->lst == CCOLL_OK; g++) {
                const unsigned char *s = ccoll__slot(&P->buf.rd_own, l, g);
                size_t sl = *ccoll__slen(&P->buf.rd_own, l, g);
                int m = ccoll__check_msg(s, sl);
                if (m) ccoll__fail(P, m, 0);
                else ccoll__decompress(P, s, sl, out + (off0 + g * P->set.seg) * P->set.esize, ccoll__min64(P->set.seg, len0 - g * P->set.seg));
            }
        }
    }
    ccoll__waitall(P, rq, P->buf.nreq); /* none outlives the call (all done already) */
    return CCOLL_OK;
}

/* =========================================================================================
 * ArGM, hierarchical mixed allreduce (seed 6.3)
 * ========================================================================================= */
/* Undo a failed ccoll__argm_prepare on every rank (collective: the failure is agreed), so
 * that a later call starts over from the same state everywhere. */
static void ccoll__argm_release(ccoll_plan *P)
{
    if (P->top.inter) ccoll_plan_free(P->top.inter);
    P->top.inter = NULL;
#ifdef __CUDACC__
    if (P->set.device) {
        ccoll__ipc_free(P); /* before node_comm goes: its barrier runs there */
        ccoll__dfree(P->dv.dacc);
        P->dv.dacc = NULL;
        P->info.ipc = 0;
        P->info.ipc_why = ccoll__ipc_whys[7];
    }
#endif
    ccoll__pfree(P, P->buf.argm_acc);
    ccoll__pfree(P, P->buf.argm_in);
    P->buf.argm_acc = P->buf.argm_in = NULL;
    if (P->top.node_comm != MPI_COMM_NULL) MPI_Comm_free(&P->top.node_comm);
    if (P->top.inter_comm != MPI_COMM_NULL) MPI_Comm_free(&P->top.inter_comm);
    P->top.argm_ok = 0;
}

/* ArGM's communicators, buffers and inter-node plan (device plans: CUDA IPC too), once.
 * Returns the status agreed over the plan's communicator; a failure leaves nothing behind. */
static int ccoll__argm_prepare(ccoll_plan *P)
{
    int st = CCOLL_OK, d = P->set.cfg.ranks_per_node, lr = 0, dn = 0, mm[2], g[2], nn = 0;
    if (P->buf.argm_ready) return CCOLL_OK;
    if (d > 0) st = ccoll__mpi(MPI_Comm_split(P->top.comm, P->top.rank / d, P->top.rank, &P->top.node_comm));
    else st = ccoll__mpi(MPI_Comm_split_type(P->top.comm, MPI_COMM_TYPE_SHARED, P->top.rank, MPI_INFO_NULL, &P->top.node_comm));
    if (st) goto done;
    MPI_Comm_rank(P->top.node_comm, &lr);
    MPI_Comm_size(P->top.node_comm, &dn);
    mm[0] = dn;
    mm[1] = -dn;
    if ((st = ccoll__allreduce(mm, g, 2, MPI_INT, MPI_MAX, P->top.comm))) goto done;
    if ((st = ccoll__mpi(MPI_Comm_split(P->top.comm, lr, P->top.rank, &P->top.inter_comm)))) goto done;
    MPI_Comm_size(P->top.inter_comm, &nn);
    P->top.argm_ok = g[0] == -g[1]; /* equal nodes (one rank per node, or one node, work too) */
    if (P->top.argm_ok) {
        uint64_t maxp = (P->set.count + (uint64_t)dn - 1) / (uint64_t)dn, mine = ccoll__blk_len(P->set.count, dn, (uint64_t)lr);
        ccoll_config c = P->set.cfg;
        c.algo = CCOLL_ALGO_HOMCOMP_F;
        c.bound = CCOLL_ABS; /* the outer call's global eb is handed down every call */
        P->buf.argm_acc = (unsigned char *)ccoll__palloc(P, maxp * P->set.esize, &st);
        if (!st) P->buf.argm_in = (unsigned char *)ccoll__palloc(P, maxp * P->set.esize * (uint64_t)(dn - 1), &st);
        if (!st) {
            uint64_t nq = 2 * (uint64_t)(dn - 1) * (ccoll__nseg(maxp, P->set.seg) + 1);
            if (!P->buf.req || P->buf.nreq < nq) {
                CCOLL_FREE(P->buf.req);
                P->buf.req = (MPI_Request *)ccoll__alloc(nq * sizeof(MPI_Request), &st);
                P->buf.nreq = P->buf.req ? nq : 0;
            }
        }
        /* collective over the inter-node communicator: agreed there, then here */
        if (ccoll__plan_make(P->top.inter_comm, mine, P->set.dt, &c, &P->top.inter) != CCOLL_OK && !st) st = CCOLL_ERR_NOMEM;
        if (!st && P->top.inter) st = ccoll__ring_prepare(P->top.inter, 0, CCOLL__HCF);
#ifdef __CUDACC__
        if (P->set.device) {
            int s2 = ccoll__ipc_setup(P, lr, dn); /* collective */
            if (!st) st = s2;
            if (!st && nn > 1) ccoll__dmalloc(&P->dv.dacc, maxp * P->set.esize, &st);
            if (!st && !P->dv.ipc_n && dn > 1) st = ccoll__stage_prepare(P, P->set.count * P->set.esize);
        }
#endif
    }
done:
    st = ccoll__agree(P->top.comm, st);
    if (st) ccoll__argm_release(P);
    else P->buf.argm_ready = 1;
    return st;
}

/* Piece messages, cut in segments (a piece can exceed INT_MAX bytes); requests appended.
 * Sends are raw data, or this rank's error marker once it is in error. */
static void ccoll__argm_xchg(ccoll_plan *P, const unsigned char *sbuf, unsigned char *rbuf, uint64_t n, int peer, int send,
                             uint64_t *k)
{
    uint64_t off;
    const size_t es = P->set.esize;
    for (off = 0; off < n; off += P->set.seg) {
        uint64_t len = ccoll__min64(P->set.seg, n - off);
        MPI_Request *r;
        int rc;
        if (*k >= P->buf.nreq) { ccoll__fail(P, CCOLL_ERR_INTERNAL, 0); return; } /* (sized by argm_prepare) */
        r = &P->buf.req[(*k)++];
        if (send) {
            const int mark = P->lst != CCOLL_OK && len * es >= CCOLL__MARKER_BYTES; /* (as ccoll__isend_raw) */
            const void *b = mark ? (const void *)P->mk : (const void *)(sbuf + off * es);
            int bytes = mark ? CCOLL__MARKER_BYTES : (int)(len * es);
            P->sent += (uint64_t)bytes;
            rc = MPI_Isend((void *)b, bytes, MPI_BYTE, peer, CCOLL__TAG, P->top.node_comm, r);
        } else
            rc = MPI_Irecv(rbuf + off * es, (int)(len * es), MPI_BYTE, peer, CCOLL__TAG, P->top.node_comm, r);
        if (rc != MPI_SUCCESS) {
            *r = MPI_REQUEST_NULL;
            ccoll__fail(P, CCOLL_ERR_MPI, 0);
        }
    }
}
/* Wait for the receives of ccoll__argm_xchg (from request *k on) of a piece of n elements in
 * rbuf, each segment of exactly its length. */
static void ccoll__argm_wait(ccoll_plan *P, unsigned char *rbuf, uint64_t n, uint64_t *k)
{
    uint64_t off;
    for (off = 0; off < n && *k < P->buf.nreq; off += P->set.seg)
        ccoll__recv_raw(P, &P->buf.req[(*k)++], rbuf + off * P->set.esize, ccoll__min64(P->set.seg, n - off) * P->set.esize);
}

/* ArGM phase 1: this rank's piece of the node's sum into argm_acc (host buffers) */
static void ccoll__argm_rs(ccoll_plan *P, const unsigned char *own, int lr, int dn)
{
    int j;
    const size_t es = P->set.esize;
    uint64_t k = 0, kr = 0, off = ccoll__blk_off(P->set.count, dn, (uint64_t)lr), len = ccoll__blk_len(P->set.count, dn, (uint64_t)lr);
    uint64_t maxp = (P->set.count + (uint64_t)dn - 1) / (uint64_t)dn, nr;
    /* intra-node reduce-scatter on raw data: piece j to local rank j, one aggregation */
    for (j = 0; j < dn; j++)
        if (j != lr) ccoll__argm_xchg(P, NULL, P->buf.argm_in + (uint64_t)(j < lr ? j : j - 1) * maxp * es, len, j, 0, &k);
    nr = k;
    for (j = 0; j < dn; j++)
        if (j != lr)
            ccoll__argm_xchg(P, own + ccoll__blk_off(P->set.count, dn, (uint64_t)j) * es, NULL,
                             ccoll__blk_len(P->set.count, dn, (uint64_t)j), j, 1, &k);
    for (j = 0; j < dn; j++) /* every piece arrived (each of its length), every send done */
        if (j != lr) ccoll__argm_wait(P, P->buf.argm_in + (uint64_t)(j < lr ? j : j - 1) * maxp * es, len, &kr);
    ccoll__waitall(P, P->buf.req + nr, k - nr);
    if (P->lst != CCOLL_OK) return;
    /* sum in local-rank order: deterministic, and made on this rank only */
    for (j = 0; j < dn; j++) {
        const unsigned char *src = j == lr ? own + off * es : P->buf.argm_in + (uint64_t)(j < lr ? j : j - 1) * maxp * es;
        if (j == 0) memcpy(P->buf.argm_acc, src, len * es);
        else ccoll__add_floats_host(P, P->buf.argm_acc, P->buf.argm_acc, src, len);
    }
}

/* ArGM phase 2: HomComp_F ring over the ranks with this local rank, with the global eb.
 * acc and piece are where the plan's memory is (the inter plan has the same). A rank already
 * in error takes part with markers (Q starts in its error). */
static void ccoll__argm_inter(ccoll_plan *P, const unsigned char *acc, unsigned char *piece, uint64_t len)
{
    ccoll_plan *Q = P->top.inter;
    ccoll__ring R;
    Q->eb_abs = P->eb_abs;
    Q->hc = P->hc;
    Q->lst = CCOLL_OK;
    ccoll__fail(Q, P->lst, P->lhc);
    Q->sent = Q->comp_sent = Q->raw_sent_streams = 0;
    Q->t_codec = Q->t_stage = Q->t_link = Q->t_wait = 0;
    memset(Q->t_op, 0, sizeof Q->t_op);
    memset(Q->b_op, 0, sizeof Q->b_op);
    memset(Q->c_op, 0, sizeof Q->c_op);
    if (Q->top.p == 1) { /* one node: the node's sum is the sum */
        if (P->lst == CCOLL_OK) ccoll__copy(P, piece, acc, len * P->set.esize);
        return;
    }
    memset(&R, 0, sizeof R);
    R.mode = CCOLL__HCF;
    R.n = len;
    R.own = acc;
    R.out = piece;
    R.recv2 = Q->buf.ring_recv;
    R.send2 = Q->buf.ring_send;
    R.gather = &Q->buf.ring_gather;
    ccoll__ring_run(Q, &R);
    P->sent += Q->sent;
    P->comp_sent += Q->comp_sent;
    P->raw_sent_streams += Q->raw_sent_streams;
    P->t_codec += Q->t_codec;
    P->t_stage += Q->t_stage;
    P->t_wait += Q->t_wait;
    {
        int i;
        for (i = 0; i < 3; i++) { P->t_op[i] += Q->t_op[i]; P->c_op[i] += Q->c_op[i]; P->b_op[i] += Q->b_op[i]; }
    }
    if (Q->lst != CCOLL_OK) ccoll__fail(P, Q->lst, Q->lhc);
}

/* ArGM phase 3: intra-node allgather of the finished pieces (host buffers) */
static void ccoll__argm_ag(ccoll_plan *P, unsigned char *out, int lr, int dn)
{
    int j;
    uint64_t k = 0, kr = 0, nr, off = ccoll__blk_off(P->set.count, dn, (uint64_t)lr), len = ccoll__blk_len(P->set.count, dn, (uint64_t)lr);
    for (j = 0; j < dn; j++)
        if (j != lr)
            ccoll__argm_xchg(P, NULL, out + ccoll__blk_off(P->set.count, dn, (uint64_t)j) * P->set.esize,
                             ccoll__blk_len(P->set.count, dn, (uint64_t)j), j, 0, &k);
    nr = k;
    for (j = 0; j < dn; j++)
        if (j != lr) ccoll__argm_xchg(P, out + off * P->set.esize, NULL, len, j, 1, &k);
    for (j = 0; j < dn; j++)
        if (j != lr)
            ccoll__argm_wait(P, out + ccoll__blk_off(P->set.count, dn, (uint64_t)j) * P->set.esize,
                             ccoll__blk_len(P->set.count, dn, (uint64_t)j), &kr);
    ccoll__waitall(P, P->buf.req + nr, k - nr);
}

/* The three phases run on every rank whatever failed before (the failure is P->lst, agreed
 * by the caller's ccoll__finish). */
static int ccoll__argm_run(ccoll_plan *P, const unsigned char *own, unsigned char *out)
{
    int lr, dn;
    uint64_t off, len;
    MPI_Comm_rank(P->top.node_comm, &lr);
    MPI_Comm_size(P->top.node_comm, &dn);
    off = ccoll__blk_off(P->set.count, dn, (uint64_t)lr);
    len = ccoll__blk_len(P->set.count, dn, (uint64_t)lr);
    ccoll__argm_rs(P, own, lr, dn);
    ccoll__argm_inter(P, P->buf.argm_acc, out + off * P->set.esize, len);
    ccoll__argm_ag(P, out, lr, dn);
    return CCOLL_OK;
}

#ifdef __CUDACC__
/* ArGM over IPC: the push and pull copies as one ccoll__k_mcopy per chunk (3 to 8 node ranks),
 * else copy-engine copies (2 ranks: one peer, a copy engine fills its link) */
static int ccoll__ipc_mc(int dn) { return CCOLL_IPC_COPY_KERNEL && dn >= 3 && dn <= CCOLL__MC_MAX + 1; }
static void ccoll__mc_launch(ccoll_plan *P, const ccoll__mcpy *m, int npeer, uint64_t most, cudaStream_t s)
{
    /* up to CCOLL__MC_BLOCKS (32) blocks of 512 threads per peer, 4 x 16 bytes in flight per
     * thread: enough for the links, and SMs stay free for the sum kernels on the other stream */
    uint64_t gx = (most + 32767) / 32768;
    gx = gx < 1 ? 1 : gx > CCOLL__MC_BLOCKS ? CCOLL__MC_BLOCKS : gx;
    ccoll__k_mcopy<<<dim3((unsigned)gx, (unsigned)npeer), 512, 0, s>>>(*m);
    ccoll__cu(P, cudaGetLastError());
}
/* ArGM over IPC: chunks per piece (the same on every node rank) */
static uint64_t ccoll__ipc_nch(const ccoll_plan *P, int dn)
{
    const uint64_t piece = (P->set.count + (uint64_t)dn - 1) / (uint64_t)dn * P->set.esize;
    uint64_t nch = piece / (uint64_t)CCOLL__IPC_CHUNK_MIN;
    if (nch < 2 && piece >= (uint64_t)CCOLL__IPC_CHUNK_TWO) nch = 2;
    return nch < 1 ? 1 : nch > CCOLL__IPC_CH ? CCOLL__IPC_CH : nch;
}
/* ArGM over IPC, a node barrier inside a call: blocking or polled as ccoll__allreduce_plan */
static void ccoll__ipc_barrier(ccoll_plan *P)
{
    if (CCOLL__IPC_BLOCKING) MPI_Barrier(P->top.node_comm);
    else ccoll__barrier(P->top.node_comm);
}
/* ArGM over IPC as one kernel per call: one-shot (ccoll__k_oneshot) or two-shot
 * (ccoll__k_twoshot), one node of 2 to 8 ranks; where it runs (the same on every node rank) */
static int ccoll__ts_kernel(const ccoll_plan *P, int dn)
{
    return dn >= 2 && dn <= CCOLL__MC_MAX + 1 && P->top.inter && P->top.inter->top.p == 1 && !ccoll__ipc_oneshot(P, dn) &&
           P->set.count * P->set.esize <= (uint64_t)CCOLL_IPC_TWOSHOT_KERNEL_BYTES;
}
static int ccoll__os_kernel(const ccoll_plan *P, int dn)
{
    return (CCOLL_IPC_ONESHOT_KERNEL && dn <= CCOLL__MC_MAX + 1 && ccoll__ipc_oneshot(P, dn)) || ccoll__ts_kernel(P, dn);
}
/* its blocks: one per 16 KiB of the vector, at most ipc_nb (the same on every node rank) */
static unsigned ccoll__os_blocks(const ccoll_plan *P)
{
    const uint64_t nb = (P->set.count * P->set.esize + 16383) / 16384;
    return (unsigned)(nb < 1 ? 1 : nb > (uint64_t)P->dv.ipc_nb ? (uint64_t)P->dv.ipc_nb : nb);
}
/* Launch this call's one-shot or two-shot kernel on stream A (the caller's): out = the node's
 * sum; a rank in error launches it without data (its flags only). scan: the screen's words too.
 * Every node rank launches once per call, so the epochs agree (two-shot takes two: epoch - 1
 * for its pushes, epoch for its sums). */
static void ccoll__os_launch(ccoll_plan *P, const unsigned char *own, unsigned char *out, int scan, int lr, int dn)
{
    const size_t es = P->set.esize;
    const uint64_t n = P->set.count;
    const unsigned nb = ccoll__os_blocks(P);
    const unsigned *fl = (const unsigned *)(P->dv.ipc_buf + P->dv.ipc_flag_off);
    unsigned long long *sc = scan ? (unsigned long long *)(P->dv.hres + 256) : NULL; /* pinned: the GPU writes it */
    const int ok = P->lst == CCOLL_OK;
    cudaStream_t A = P->dv.cst;
    ccoll__os_peers pe;
    unsigned e;
    int k;
    if (ccoll__ts_kernel(P, dn)) {
        const uint64_t maxp = (n + (uint64_t)dn - 1) / (uint64_t)dn, off = ccoll__blk_off(n, dn, (uint64_t)lr),
                       len = ccoll__blk_len(n, dn, (uint64_t)lr);
        ccoll__ts_peers tp;
        memset(&tp, 0, sizeof tp);
        e = P->dv.ipc_epoch += 2;
        for (k = 1; k < dn; k++) {
            const int j = (lr + k) % dn;
            tp.slot[k - 1] = P->dv.ipc_peer[j] + (uint64_t)(lr < j ? lr : lr - 1) * maxp * es;
            tp.last[k - 1] = P->dv.ipc_peer[j] + (uint64_t)(dn - 1) * maxp * es;
            tp.flag[k - 1] = (unsigned *)(P->dv.ipc_peer[j] + P->dv.ipc_flag_off) + (uint64_t)lr * CCOLL__OS_NB;
            tp.off[k - 1] = ccoll__blk_off(n, dn, (uint64_t)j);
            tp.len[k - 1] = ccoll__blk_len(n, dn, (uint64_t)j);
        }
        if (P->set.dt == HC_F32)
            ccoll__k_twoshot<float><<<nb, CCOLL__OS_THREADS, 0, A>>>(tp, ok ? (const float *)own : NULL, (float *)out, (float *)P->dv.ipc_buf, fl,
                                                                     maxp, off, len, lr, dn, e, sc);
        else
            ccoll__k_twoshot<double><<<nb, CCOLL__OS_THREADS, 0, A>>>(tp, ok ? (const double *)own : NULL, (double *)out,
                                                                      (double *)P->dv.ipc_buf, fl, maxp, off, len, lr, dn, e, sc);
        ccoll__cu(P, cudaGetLastError());
        return;
    }
    e = ++P->dv.ipc_epoch;
    memset(&pe, 0, sizeof pe);
    for (k = 1; k < dn; k++) {
        const int j = (lr + k) % dn;
        pe.slot[k - 1] = P->dv.ipc_peer[j] + (uint64_t)(lr < j ? lr : lr - 1) * n * es;
        pe.flag[k - 1] = (unsigned *)(P->dv.ipc_peer[j] + P->dv.ipc_flag_off) + (uint64_t)lr * CCOLL__OS_NB;
    }
    if (P->set.dt == HC_F32)
        ccoll__k_oneshot<float><<<nb, CCOLL__OS_THREADS, 0, A>>>(pe, ok ? (const float *)own : NULL, (float *)out, (const float *)P->dv.ipc_buf,
                                                                 fl, n, lr, dn, e, sc);
    else
        ccoll__k_oneshot<double><<<nb, CCOLL__OS_THREADS, 0, A>>>(pe, ok ? (const double *)own : NULL, (double *)out,
                                                                  (const double *)P->dv.ipc_buf, fl, n, lr, dn, e, sc);
    ccoll__cu(P, cudaGetLastError());
}
/* A call whose pushes were issued ends early (an agreed error): nothing runs on after it. The
 * one- or two-shot kernel's waits are ended here (a peer may not have launched), on stream B. */
static void ccoll__argm_unpush(ccoll_plan *P)
{
    int dn;
    MPI_Comm_size(P->top.node_comm, &dn);
    CCOLL_TEST_HOOK_UNPUSH();
    if (ccoll__os_kernel(P, dn)) {
        ccoll__k_os_release<<<1, 256, 0, (cudaStream_t)P->dv.cst2>>>((unsigned *)(P->dv.ipc_buf + P->dv.ipc_flag_off), dn * CCOLL__OS_NB,
                                                                      P->dv.ipc_epoch);
        cudaStreamSynchronize(P->dv.cst);
    }
    cudaStreamSynchronize((cudaStream_t)P->dv.cst2);
    cudaGetLastError();
    P->dv.ipc_pushed = 0;
}
/* ArGM over IPC, the push stage (see below): issued on stream B, also before the preamble of
 * an ARGM call (ccoll__allreduce_call), so that it overlaps the preamble's scan and allreduce.
 * One-shot: the whole vector to every peer, one chunk; with the one- or two-shot kernel, that
 * kernel (on stream A; scan: it makes the screen's words). */
static void ccoll__argm_push(ccoll_plan *P, const unsigned char *own, unsigned char *out, int scan)
{
    int lr, dn, k, one;
    const size_t es = P->set.esize;
    const int nev = 2 * CCOLL__IPC_CH;
    cudaStream_t A = P->dv.cst, B = (cudaStream_t)P->dv.cst2;
    uint64_t stride, nch, c;
    MPI_Comm_rank(P->top.node_comm, &lr);
    MPI_Comm_size(P->top.node_comm, &dn);
    if (ccoll__os_kernel(P, dn)) {
        ccoll__os_launch(P, own, out, scan, lr, dn);
        return;
    }
    one = ccoll__ipc_oneshot(P, dn);
    stride = one ? P->set.count : (P->set.count + (uint64_t)dn - 1) / (uint64_t)dn;
    nch = one ? 1 : ccoll__ipc_nch(P, dn);
    if (P->lst == CCOLL_OK) { /* B reads the input after the caller's work on A */
        ccoll__cu(P, cudaEventRecord(CCOLL__EV(P, 0), A));
        ccoll__cu(P, cudaStreamWaitEvent(B, CCOLL__EV(P, 0), 0));
    }
    for (c = 0; c < nch && P->lst == CCOLL_OK; c++) {
        ccoll__mcpy m;
        uint64_t most = 0;
        memset(&m, 0, sizeof m);
        for (k = 1; k < dn; k++) {
            const int j = (lr + k) % dn;
            const uint64_t l = one ? P->set.count : ccoll__blk_len(P->set.count, dn, (uint64_t)j);
            const uint64_t o = one ? 0 : ccoll__blk_off(P->set.count, dn, (uint64_t)j), lo = l * c / nch, hi = l * (c + 1) / nch;
            unsigned char *dst = P->dv.ipc_peer[j] + ((uint64_t)(lr < j ? lr : lr - 1) * stride + lo) * es;
            if (ccoll__ipc_mc(dn)) { /* one kernel for all peers, below */
                m.dst[k - 1] = dst;
                m.src[k - 1] = own + (o + lo) * es;
                m.bytes[k - 1] = (hi - lo) * es;
                most = (hi - lo) * es > most ? (hi - lo) * es : most;
            } else if (hi > lo && ccoll__cu(P, cudaMemcpyAsync(dst, own + (o + lo) * es, (hi - lo) * es, cudaMemcpyDeviceToDevice, B)))
                break;
        }
        if (ccoll__ipc_mc(dn) && most) ccoll__mc_launch(P, &m, dn - 1, most, B);
        CCOLL_TEST_HOOK_IPC_STAMP(B, 0, c);
        ccoll__cu(P, cudaEventRecord((cudaEvent_t)P->dv.ipc_ev[lr * nev + (int)c], B));
    }
}
/* ArGM over IPC as one kernel (one- or two-shot): launched before the preamble (ARGM calls after
 * the first), else here, where a node allreduce then ends every rank's wait if any launch failed
 * (a rank in error launches without data). Waits for the kernel; the screen's words, one set
 * per block, into dv.late. */
static void ccoll__argm_kernel(ccoll_plan *P, const unsigned char *own, unsigned char *out, int lr, int dn)
{
    if (!P->dv.ipc_pushed) {
        int bad, any = 1;
        ccoll__os_launch(P, own, out, P->dv.scan_late, lr, dn);
        bad = P->lst != CCOLL_OK;
        if (ccoll__allreduce(&bad, &any, 1, MPI_INT, MPI_MAX, P->top.node_comm) != CCOLL_OK) ccoll__fail(P, CCOLL_ERR_MPI, 0);
        if (any) ccoll__argm_unpush(P);
    }
    P->dv.ipc_pushed = 0;
    ccoll__dsync(P);
    if (P->dv.scan_late && P->lst == CCOLL_OK) {
        const unsigned long long *h = (const unsigned long long *)(P->dv.hres + 256);
        unsigned long long mn = ~0ull, mx = 0, bad = 0;
        unsigned b;
        for (b = 0; b < ccoll__os_blocks(P); b++) {
            mn = h[3 * b] < mn ? h[3 * b] : mn;
            mx = h[3 * b + 1] > mx ? h[3 * b + 1] : mx;
            bad |= h[3 * b + 2];
        }
        if (mn != ~0ull) P->dv.late[0] = ccoll__unkey(mn);
        if (mx != 0) P->dv.late[1] = ccoll__unkey(mx);
        P->dv.late[2] = bad != 0;
    }
}
/* ArGM on device buffers. One rank per node: the inter-node ring on the buffers themselves.
 * CUDA IPC (ccoll__ipc_setup's slots and events), each piece cut in nch chunks, three stages
 * pipelined over the chunks and the plan's two streams, with no host round trip per chunk:
 *   push (stream B): chunk c of every other rank's piece, from the input straight into that
 *     rank's slot for this rank (a copy over NVLink); then event P[c];
 *   sum (stream A): after every peer's P[c], chunk c of this rank's piece = the node ranks'
 *     parts in local-rank order (the host's order: the host's bits), its own part read from
 *     its input, into recv and into its last slot (several nodes: into dacc, then HomComp_F
 *     between nodes writes the last slot); then event S[c];
 *   pull (stream B, after the pushes): after rank j's S[c], chunk c of j's piece from j's
 *     last slot into recv.
 * With 3 to 8 node ranks the copies of a chunk (push: to every peer; pull: from every peer,
 * after all their S[c]) are one ccoll__k_mcopy launch. One node (screen late, see
 * ccoll__allreduce_call): the sum kernels also take min, max and NaN/Inf of their terms, read
 * back with the sums. An event must be recorded before a peer's wait on it is issued: two node
 * barriers (host only: the GPUs keep working; the first is the preamble's allreduce after an
 * ARGM call's early pushes) separate the records from the waits. One-shot (one node, small
 * vectors): the pushes carry the whole vector, each rank sums the whole vector after every
 * P[0] (its own too: in place, the sums overwrite what it pushes), no S events, no pull, no
 * second barrier. At the end both streams are synchronised and ccoll__finish's allreduce
 * follows, so no rank writes a peer's slots (next call) before that peer has finished reading
 * them. One node of 2 to 8 ranks with a one-shot vector, or a two-shot one of at most
 * CCOLL_IPC_TWOSHOT_KERNEL_BYTES: one kernel does it all (ccoll__k_oneshot / _k_twoshot, flags
 * instead of events and barriers; ccoll__argm_kernel). Otherwise the host phases on a pinned
 * copy (staged). */
static int ccoll__argm_run_dev(ccoll_plan *P, const unsigned char *own, unsigned char *out)
{
    int lr, dn, st = CCOLL_OK;
    uint64_t off, len;
    const size_t es = P->set.esize, bytes = P->set.count * es;
    double t0;
    MPI_Comm_rank(P->top.node_comm, &lr);
    MPI_Comm_size(P->top.node_comm, &dn);
    off = ccoll__blk_off(P->set.count, dn, (uint64_t)lr);
    len = ccoll__blk_len(P->set.count, dn, (uint64_t)lr);
    if (dn == 1) {
        ccoll__argm_inter(P, own, out, P->set.count);
        return CCOLL_OK;
    }
    if (P->dv.ipc_n) {
        const uint64_t maxp = (P->set.count + (uint64_t)dn - 1) / (uint64_t)dn;
        const int nev = 2 * CCOLL__IPC_CH, multi = P->top.inter->top.p > 1, one = ccoll__ipc_oneshot(P, dn);
        unsigned char *last = P->dv.ipc_buf + (uint64_t)(dn - 1) * maxp * es; /* this rank's finished piece */
        cudaStream_t A = P->dv.cst, B = (cudaStream_t)P->dv.cst2;
        /* the sums' stream: A, or (CCOLL__SUM_PRIO, one node) the high-priority third stream */
        cudaStream_t S = CCOLL__SUM_PRIO && !multi && P->dv.cst3 ? (cudaStream_t)P->dv.cst3 : A;
        const uint64_t nch = one ? 1 : ccoll__ipc_nch(P, dn);
        /* what this rank sums: its piece, or (one-shot) the whole vector, slot stride alike */
        const uint64_t soff = one ? 0 : off, slen = one ? P->set.count : len, stride = one ? P->set.count : maxp;
        /* one node, screen late (see ccoll__allreduce_call): the sum kernels scan their terms */
        unsigned long long *scan = P->dv.scan_late && !multi ? P->dv.dscan : NULL;
        uint64_t c;
        int k;
#define CCOLL__IPCEV(r, i) ((cudaEvent_t)P->dv.ipc_ev[(r) * nev + (i)])
        t0 = MPI_Wtime();
        if (ccoll__os_kernel(P, dn)) {
            ccoll__argm_kernel(P, own, out, lr, dn);
            P->t_link += MPI_Wtime() - t0;
            return st;
        }
        if (scan && P->lst == CCOLL_OK) {
            ccoll__k_scan_init<<<1, 1, 0, A>>>(scan);
            ccoll__cu(P, cudaGetLastError());
        }
        if (!P->dv.ipc_pushed) {
            ccoll__argm_push(P, own, out, 0);
            ccoll__ipc_barrier(P); /* every rank's pushes and P events are issued */
        } /* else issued before the preamble, whose allreduce came after them on every rank */
        P->dv.ipc_pushed = 0;
        if (S != A) { /* fork: S after the caller's work and the screen's init on A */
            ccoll__cu(P, cudaEventRecord((cudaEvent_t)P->dv.sev[0], A));
            ccoll__cu(P, cudaStreamWaitEvent(S, (cudaEvent_t)P->dv.sev[0], 0));
        }
        for (c = 0; c < nch && P->lst == CCOLL_OK; c++) {
            const uint64_t lo = slen * c / nch, hi = slen * (c + 1) / nch;
            unsigned char *o1 = multi ? P->dv.dacc : out + soff * es, *o2 = multi || one ? NULL : last;
            for (k = 0; k < dn; k++)
                if (k != lr || one) ccoll__cu(P, cudaStreamWaitEvent(S, CCOLL__IPCEV(k, c), 0));
            CCOLL_TEST_HOOK_IPC_STAMP(S, 1, c);
            if (hi > lo && CCOLL__SUM_FIT && ccoll__ipc_mc(dn) && P->dv.sum_nb > 0) { /* a grid that fits beside the copy kernels */
                /* blocks per SM: CCOLL__SUM_FIT, at most what fits beside a copy block (512 x 40
                 * registers) in an SM's 65536: 4 of f32's kernel (256 x 40), 3 of f64's (256 x 48) */
                const uint64_t want = (hi - lo + 1023) / 1024, cap = P->set.dt == HC_F32 ? 4 : 3;
                uint64_t most = (uint64_t)P->dv.sum_nb * ((uint64_t)CCOLL__SUM_FIT < cap ? (uint64_t)CCOLL__SUM_FIT : cap);
                if (CCOLL__SUM_FIT_MOST && most > (uint64_t)CCOLL__SUM_FIT_MOST) most = (uint64_t)CCOLL__SUM_FIT_MOST;
                const unsigned g = (unsigned)(want < most ? want : most < 1 ? 1 : most);
                if (P->set.dt == HC_F32)
                    ccoll__k_sum_fit<float><<<g, 256, 0, S>>>((float *)o1, (float *)o2, (const float *)P->dv.ipc_buf, stride,
                                                              (const float *)(own + soff * es), lr, dn, lo, hi, scan);
                else
                    ccoll__k_sum_fit<double><<<g, 256, 0, S>>>((double *)o1, (double *)o2, (const double *)P->dv.ipc_buf, stride,
                                                               (const double *)(own + soff * es), lr, dn, lo, hi, scan);
                ccoll__cu(P, cudaGetLastError());
            } else if (hi > lo) {
                if (P->set.dt == HC_F32)
                    ccoll__k_sum_own<float><<<ccoll__grid(hi - lo), 256, 0, S>>>((float *)o1, (float *)o2, (const float *)P->dv.ipc_buf, stride,
                                                                             (const float *)(own + soff * es), lr, dn, lo, hi, scan);
                else
                    ccoll__k_sum_own<double><<<ccoll__grid(hi - lo), 256, 0, S>>>((double *)o1, (double *)o2, (const double *)P->dv.ipc_buf,
                                                                              stride, (const double *)(own + soff * es), lr, dn, lo, hi, scan);
                ccoll__cu(P, cudaGetLastError());
            }
            CCOLL_TEST_HOOK_IPC_STAMP(S, 2, c);
            if (!multi && !one) ccoll__cu(P, cudaEventRecord(CCOLL__IPCEV(lr, CCOLL__IPC_CH + c), S));
        }
        if (multi) { /* between nodes: dacc -> last (the inter plan runs on the same stream A) */
            P->t_link += MPI_Wtime() - t0;
            ccoll__argm_inter(P, P->dv.dacc, last, len);
            t0 = MPI_Wtime();
            if (P->lst == CCOLL_OK && len) ccoll__cu(P, cudaMemcpyAsync(out + off * es, last, len * es, cudaMemcpyDeviceToDevice, A));
            for (c = 0; c < nch && P->lst == CCOLL_OK; c++) ccoll__cu(P, cudaEventRecord(CCOLL__IPCEV(lr, CCOLL__IPC_CH + c), A));
        }
        if (scan && P->lst == CCOLL_OK) /* the screen's words come down with the sums */
            ccoll__cu(P, cudaMemcpyAsync(P->dv.hres + 128, P->dv.dscan, 3 * sizeof(unsigned long long), cudaMemcpyDeviceToHost, S));
        if (S != A) { /* join: A (synchronised below) after every sum and the screen's words */
            ccoll__cu(P, cudaEventRecord((cudaEvent_t)P->dv.sev[1], S));
            ccoll__cu(P, cudaStreamWaitEvent(A, (cudaEvent_t)P->dv.sev[1], 0));
        }
        if (!one) ccoll__ipc_barrier(P); /* every rank's S events are issued */
        for (c = 0; c < nch && P->lst == CCOLL_OK && !one; c++) {
            ccoll__mcpy m;
            uint64_t most = 0;
            memset(&m, 0, sizeof m);
            for (k = 1; k < dn; k++) {
                const int j = (lr + dn - k) % dn;
                const uint64_t l = ccoll__blk_len(P->set.count, dn, (uint64_t)j), o = ccoll__blk_off(P->set.count, dn, (uint64_t)j);
                const uint64_t lo = l * c / nch, hi = l * (c + 1) / nch;
                const unsigned char *src = P->dv.ipc_peer[j] + ((uint64_t)(dn - 1) * maxp + lo) * es;
                ccoll__cu(P, cudaStreamWaitEvent(B, CCOLL__IPCEV(j, CCOLL__IPC_CH + c), 0));
                if (ccoll__ipc_mc(dn)) { /* after every peer's event: one kernel, below */
                    m.dst[k - 1] = out + (o + lo) * es;
                    m.src[k - 1] = src;
                    m.bytes[k - 1] = (hi - lo) * es;
                    most = (hi - lo) * es > most ? (hi - lo) * es : most;
                } else if (hi > lo && ccoll__cu(P, cudaMemcpyAsync(out + (o + lo) * es, src, (hi - lo) * es, cudaMemcpyDeviceToDevice, B)))
                    break;
            }
            CCOLL_TEST_HOOK_IPC_STAMP(B, 3, c);
            if (ccoll__ipc_mc(dn) && most && P->lst == CCOLL_OK) ccoll__mc_launch(P, &m, dn - 1, most, B);
            CCOLL_TEST_HOOK_IPC_STAMP(B, 4, c);
        }
#undef CCOLL__IPCEV
        ccoll__cu(P, cudaStreamSynchronize(B));
        ccoll__dsync(P);
        if (scan && P->lst == CCOLL_OK) {
            const unsigned long long *h = (const unsigned long long *)(P->dv.hres + 128);
            if (h[0] != ~0ull) P->dv.late[0] = ccoll__unkey(h[0]);
            if (h[1] != 0) P->dv.late[1] = ccoll__unkey(h[1]);
            P->dv.late[2] = h[2] != 0;
        }
        P->t_link += MPI_Wtime() - t0;
        return st;
    }
    /* staged */
    ccoll__d_copy(P, P->dv.hstage, own, bytes, &P->t_stage);
    ccoll__argm_rs(P, P->dv.hstage, lr, dn);
    if (P->top.inter->top.p > 1) {
        ccoll__d_copy(P, P->dv.dacc, P->buf.argm_acc, len * es, &P->t_stage);
        ccoll__argm_inter(P, P->dv.dacc, out + off * es, len);
        ccoll__d_copy(P, P->dv.hstage + off * es, out + off * es, len * es, &P->t_stage);
    } else
        memcpy(P->dv.hstage + off * es, P->buf.argm_acc, len * es);
    ccoll__argm_ag(P, P->dv.hstage, lr, dn);
    if (P->lst == CCOLL_OK) ccoll__d_copy(P, out, P->dv.hstage, bytes, &P->t_stage);
    return st;
}
#else
#define ccoll__argm_run_dev(P, own, out) ccoll__d_fail(P)
#endif

/* =========================================================================================
 * AUTO: the alpha-beta-gamma model (seed 2.5, 6.4) with constants measured here
 * ========================================================================================= */
static void ccoll__barrier(MPI_Comm c)
{
    MPI_Request q;
    if (MPI_Ibarrier(c, &q) == MPI_SUCCESS) ccoll__wait(&q, MPI_STATUS_IGNORE);
}
static void ccoll__sendrecv(ccoll_plan *P, const void *s, void *r, size_t bytes, int to, int from)
{
    MPI_Request q[2];
    MPI_Irecv(r, (int)bytes, MPI_BYTE, from, CCOLL__TAG + 1, P->top.comm, &q[0]);
    MPI_Isend((void *)s, (int)bytes, MPI_BYTE, to, CCOLL__TAG + 1, P->top.comm, &q[1]);
    ccoll__wait(&q[0], MPI_STATUS_IGNORE);
    ccoll__wait(&q[1], MPI_STATUS_IGNORE);
}

#ifdef __CUDACC__
/* Device plans: the codec's seconds per byte on the GPU (compress, fused add, decompress of
 * the host's 1M-element walk, each with its status read back), a pinned copy's seconds per
 * byte, and a small codec call's fixed cost (launches + waits). Fastest of three. */
static int ccoll__d_measure(ccoll_plan *P, const void *x, uint64_t n, double *v)
{
    unsigned char *dx = NULL, *dy = NULL, *s1 = NULL, *s2 = NULL, *ws = NULL, *h = NULL;
    size_t cap = hc_compress_bound(n, (hc_dtype)P->set.dt), wsb = hc_cuda_workspace_size(n), bytes = n * P->set.esize;
    hc_cuda_result *R = (hc_cuda_result *)P->dv.hres;
    double best[5] = {1e30, 1e30, 1e30, 1e30, 1e30}, t;
    int st = CCOLL_OK, rep, k;
    ccoll__dmalloc(&dx, bytes, &st);
    ccoll__dmalloc(&dy, bytes, &st);
    ccoll__dmalloc(&s1, cap, &st);
    ccoll__dmalloc(&s2, cap, &st);
    ccoll__dmalloc(&ws, wsb, &st);
    if (!st && !(h = (unsigned char *)ccoll__pinned(bytes))) st = CCOLL_ERR_NOMEM;
    if (!st) {
        memcpy(h, x, bytes);
        if (cudaMemcpyAsync(dx, h, bytes, cudaMemcpyHostToDevice, P->dv.cst) != cudaSuccess || ccoll__dsync(P)) st = CCOLL_ERR_CUDA;
    }
    for (rep = 0; rep < 3 && !st; rep++) {
        size_t l1 = 0;
        for (k = 0; k < 4 && !st; k++) {
            hc_status s = HC_OK;
            t = MPI_Wtime();
            if (k == 0) s = hc_cuda_compress(&P->hc, dx, n, s1, cap, ws, wsb, P->dv.cst);
            else if (k == 1) s = hc_cuda_add_raw(s1, l1, NULL, (hc_dtype)P->set.dt, dx, n, s2, cap, ws, wsb, P->dv.cst);
            else if (k == 2) s = hc_cuda_decompress(s1, l1, NULL, (hc_dtype)P->set.dt, dy, n, ws, wsb, P->dv.cst);
            else s = cudaMemcpyAsync(h, dy, bytes, cudaMemcpyDeviceToHost, P->dv.cst) == cudaSuccess ? HC_OK : HC_ERR_CUDA;
            if (s == HC_OK && k < 3) s = hc_cuda_read_result(ws, R, P->dv.cst);
            if (s != HC_OK || ccoll__dsync(P) || (k < 3 && R->status != HC_OK)) st = CCOLL_ERR_INTERNAL;
            t = MPI_Wtime() - t;
            if (k == 0) l1 = (size_t)R->bytes;
            if (t < best[k]) best[k] = t;
        }
        /* a 1024-element compress: what every codec call costs beyond its bytes */
        t = MPI_Wtime();
        if (!st && (hc_cuda_compress(&P->hc, dx, 1024, s1, cap, ws, wsb, P->dv.cst) != HC_OK ||
                    hc_cuda_read_result(ws, R, P->dv.cst) != HC_OK || ccoll__dsync(P)))
            st = CCOLL_ERR_INTERNAL;
        t = MPI_Wtime() - t;
        if (t < best[4]) best[4] = t;
    }
    v[2] = best[0] / (double)bytes;
    v[3] = best[1] / (double)bytes;
    v[4] = best[2] / (double)bytes;
    v[6] = best[3] / (double)bytes;
    v[7] = best[4];
    ccoll__dfree(dx);
    ccoll__dfree(dy);
    ccoll__dfree(s1);
    ccoll__dfree(s2);
    ccoll__dfree(ws);
    ccoll__pinned_free(h);
    cudaGetLastError();
    return st;
}
#else
#define ccoll__d_measure(P, x, n, v) ccoll__d_fail(P)
#endif

static int ccoll__measure(ccoll_plan *P)
{
    const int p = P->top.p, r = P->top.rank, left = (r + p - 1) % p, right = (r + 1) % p;
    const uint64_t n = (uint64_t)1 << 20; /* beyond the caches, like a real call */
    /* 4 MiB probes for vectors that large (small probes see mostly scheduling noise) */
    const size_t big = P->set.count * P->set.esize >= ((uint64_t)4 << 20) ? (size_t)4 << 20 : (size_t)1 << 20;
    unsigned char *buf = NULL, *rbuf = NULL, *x = NULL, *y = NULL, *s1 = NULL, *s2 = NULL;
    size_t cap = hc_compress_bound(n, (hc_dtype)P->set.dt), l1 = 0, l2 = 0;
    double t, v[9], g[9], best[5] = {1e30, 1e30, 1e30, 1e30, 1e30};
    int st = CCOLL_OK, i, rep;
    ccoll_model *M = &P->info.model;
    buf = (unsigned char *)ccoll__alloc(big, &st);
    rbuf = (unsigned char *)ccoll__alloc(big, &st);
    x = (unsigned char *)ccoll__alloc(n * P->set.esize, &st);
    y = (unsigned char *)ccoll__alloc(n * P->set.esize, &st);
    s1 = (unsigned char *)ccoll__alloc(cap, &st);
    s2 = (unsigned char *)ccoll__alloc(cap, &st);
    memset(v, 0, sizeof v);
    st = ccoll__agree(P->top.comm, st); /* nobody starts exchanging unless everybody can */
    if (!st) {
        uint64_t seed = 0x9E3779B97F4A7C15ull * (uint64_t)(r + 1), k;
        double w = 0.0;
        memset(buf, 0, big);
        /* the wire: 8-byte and 1 MiB ring exchanges (MPI_Sendrecv), slowest rank counts */
        /* fastest of several rounds: on a busy node one slow round says nothing about the link */
        v[0] = 1e30;
        for (i = 0; i < 10; i++) {
            ccoll__barrier(P->top.comm);
            t = MPI_Wtime();
            ccoll__sendrecv(P, buf, rbuf, 8, right, left);
            t = MPI_Wtime() - t;
            if (t < v[0]) v[0] = t;
        }
        v[1] = 1e30;
        for (i = 0; i < 3; i++) {
            ccoll__barrier(P->top.comm);
            t = MPI_Wtime();
            ccoll__sendrecv(P, buf, rbuf, big, right, left);
            t = MPI_Wtime() - t;
            if (t < v[1]) v[1] = t;
        }
        v[1] = (v[1] - v[0]) / (double)big;
        if (v[1] < 1e-13) v[1] = 1e-13;
        /* the codec on a synthetic random walk (a smooth field like the demos' default) */
        for (k = 0; k < n; k++) {
            seed = seed * 6364136223846793005ull + 1442695040888963407ull;
            w += ((double)(seed >> 11) * (1.0 / 9007199254740992.0) - 0.5);
            if (P->set.dt == HC_F32) ((float *)x)[k] = (float)w, ((float *)y)[k] = (float)(-w);
            else ((double *)x)[k] = w, ((double *)y)[k] = -w;
        }
        P->hc = hc_config_init((hc_dtype)P->set.dt, HC_REL, 1e-4);
        P->hc.mode = P->set.cfg.codec_plain ? HC_PLAIN : HC_OUTLIER;
        P->hc.checksum = P->set.cfg.checksum;
        for (rep = 0; rep < 3; rep++) {
            t = MPI_Wtime();
            if (hc_compress(&P->hc, x, n, s1, cap, &l1, &P->set.hco) != HC_OK) st = CCOLL_ERR_INTERNAL;
            t = MPI_Wtime() - t;
            if (t < best[0]) best[0] = t;
            t = MPI_Wtime();
            if (!st && hc_add_raw(s1, l1, (hc_dtype)P->set.dt, y, n, s2, cap, &l2, &P->set.hco) != HC_OK) st = CCOLL_ERR_INTERNAL;
            t = MPI_Wtime() - t;
            if (t < best[1]) best[1] = t;
            t = MPI_Wtime();
            if (!st && hc_decompress(s1, l1, (hc_dtype)P->set.dt, y, n, &P->set.hco) != HC_OK) st = CCOLL_ERR_INTERNAL;
            t = MPI_Wtime() - t;
            if (t < best[2]) best[2] = t;
            t = MPI_Wtime();
            ccoll__add_floats_host(P, y, y, x, n);
            t = MPI_Wtime() - t;
            if (t < best[3]) best[3] = t;
            {   /* the input scan every compressed host call makes */
                double mn = DBL_MAX, mx = -DBL_MAX;
                int bad = 0;
                t = MPI_Wtime();
                ccoll__scan_host(x, n, P->set.dt, ccoll__threads(P), &mn, &mx, &bad);
                t = MPI_Wtime() - t;
                if (t < best[4]) best[4] = t;
            }
        }
        for (i = 0; i < 4; i++) v[2 + i] = best[i] / (double)(n * P->set.esize);
        v[8] = best[4] / (double)(n * P->set.esize);
        /* device plans: the codec on the GPU replaces the CPU's c, h, d */
        if (P->set.device && !st) st = ccoll__d_measure(P, x, n, v);
    }
    CCOLL_FREE(buf);
    CCOLL_FREE(rbuf);
    CCOLL_FREE(x);
    CCOLL_FREE(y);
    CCOLL_FREE(s1);
    CCOLL_FREE(s2);
    if (ccoll__agree(P->top.comm, st) != CCOLL_OK) return st ? st : CCOLL_ERR_NOMEM;
    if (ccoll__allreduce(v, g, 9, MPI_DOUBLE, MPI_MAX, P->top.comm) != CCOLL_OK) return CCOLL_ERR_MPI;
    P->au.scan = P->set.device ? 0 : g[8]; /* (device plans scan on the GPU, inside their stage terms) */
    M->alpha = P->set.cfg.model.alpha > 0 ? P->set.cfg.model.alpha : g[0];
    M->beta = P->set.cfg.model.beta > 0 ? P->set.cfg.model.beta : g[1];
    M->c = P->set.cfg.model.c > 0 ? P->set.cfg.model.c : g[2];
    M->h = P->set.cfg.model.h > 0 ? P->set.cfg.model.h : g[3];
    M->d = P->set.cfg.model.d > 0 ? P->set.cfg.model.d : g[4];
    M->gamma = P->set.cfg.model.gamma > 0 ? P->set.cfg.model.gamma : g[5];
    M->stage = P->set.cfg.model.stage > 0 ? P->set.cfg.model.stage : P->set.device ? g[6] : 0;
    M->launch = P->set.cfg.model.launch > 0 ? P->set.cfg.model.launch : P->set.device ? g[7] : 0;
    P->au.measured = 1;
    return CCOLL_OK;
}

/* The model's seconds for each candidate; m bytes per rank, cr compression ratio. */
static void ccoll__predict(ccoll_plan *P, double cr)
{
    const ccoll_model *M = &P->info.model;
    double p = P->top.p, m = (double)P->set.count * (double)P->set.esize, pp = 1, lg = 0;
    double nseg = ceil((double)P->set.count / p / (double)P->set.seg), fold;
    while (pp * 2 <= p) { pp *= 2; lg += 1; }
    fold = pp < p ? 2 * (M->alpha + m * M->beta) + m * M->gamma : 0;
    if (nseg < 1) nseg = 1;
    memset(P->info.predicted, 0, sizeof P->info.predicted);
    P->info.predicted[CCOLL_ALGO_RING] = 2 * (p - 1) * nseg * M->alpha + 2 * (p - 1) / p * m * M->beta + (p - 1) / p * m * M->gamma;
    if ((double)P->set.count / pp < (double)P->set.cfg.raw_below)
        P->info.predicted[CCOLL_ALGO_RECDBL] = 2 * lg * M->alpha + 2 * (pp - 1) / pp * m * M->beta + m * M->gamma + fold;
    if (cr > 0) {
        P->info.predicted[CCOLL_ALGO_HOMCOMP_F] = 2 * (p - 1) * nseg * M->alpha + 2 * (p - 1) / p * m * M->beta / cr +
                                                  m / p * M->c + (p - 1) / p * m * M->h + m * M->d + m * P->au.scan;
        /* Host plans now decode only (p - 1) / p x m (the fused last add writes this rank's
         * block): m x d overstates the decode, twice at 2 ranks. The corrected term was A/B'd
         * (bench README, issue 27, branch ccoll27-model) and not kept: within the run spread. */
    }
    if (P->set.device) {
        /* device plans: raw algorithms copy the vector down and up; every compressed stream
         * crosses PCIe twice (down at its sender, up at its receiver) and every codec call
         * (2(p-1) + 1 per segment) pays a launch and a wait */
        P->info.predicted[CCOLL_ALGO_RING] += 2 * m * M->stage;
        if (P->info.predicted[CCOLL_ALGO_RECDBL] > 0) P->info.predicted[CCOLL_ALGO_RECDBL] += 2 * m * M->stage;
        if (cr > 0)
            P->info.predicted[CCOLL_ALGO_HOMCOMP_F] += (2 * (p - 1) + 1) * nseg * M->launch + 4 * (p - 1) / p * m / cr * M->stage;
        if (P->dv.ipc_n > 1 && M->link > 0) {
            /* ArGM over CUDA IPC: two synchronisations (barriers, or the kernels' flags), each
             * rank reads (d-1)/d of the vector twice over the links; between N nodes a HomComp_F
             * ring on m/d */
            double d = P->dv.ipc_n, N = p / d, md = m / d, ns = ceil(md / N / ((double)P->set.seg * (double)P->set.esize));
            double a = 2 * M->alpha + 2 * (d - 1) / d * m * M->link;
            if (ns < 1) ns = 1;
            if (N > 1 && cr > 0)
                a += 2 * (N - 1) * ns * M->alpha + 2 * (N - 1) / N * md * M->beta / cr + md / N * M->c + (N - 1) / N * md * M->h +
                     md * M->d + (2 * (N - 1) + 1) * ns * M->launch + 4 * (N - 1) / N * md / cr * M->stage;
            if (N == 1 || cr > 0) P->info.predicted[CCOLL_ALGO_ARGM] = a;
        }
    }
}

/* AUTO: sample the compression ratio of one segment of this call's data (after the eb is
 * known), agree on the smallest, and take the cheapest candidate. Same choice everywhere. */
static ccoll_algo ccoll__choose(ccoll_plan *P, const void *x, int *st)
{
    double cr = 0, g = 0, pp = 1;
    int i, best = CCOLL_ALGO_RING, ntried = 0;
    if (P->top.p == 1) return CCOLL_ALGO_RING;
    while (pp * 2 <= P->top.p) pp *= 2;
    if (P->set.count * P->set.esize >= ((uint64_t)1 << 20) && P->eb_abs > 0 && P->au.cr_calls++ % 16 != 0 && P->au.cr > 0)
        cr = P->au.cr; /* the sampled ratio is reused for 16 calls: data changes slowly in a loop */
    else if (P->set.count * P->set.esize >= ((uint64_t)1 << 20) && P->eb_abs > 0) {
        uint64_t n = ccoll__min64(P->set.seg, P->set.count / (uint64_t)P->top.p);
        size_t cap = hc_compress_bound(n, (hc_dtype)P->set.dt), len = 0;
        const unsigned char *src = (const unsigned char *)x + ccoll__blk_off(P->set.count, P->top.p, (uint64_t)P->top.rank) * P->set.esize;
        int ok = 0;
        if (P->set.device) ok = ccoll__d_sample(P, src, n, &len);
        else if (P->buf.ring_ready && P->buf.ring_send[0].cap >= cap) ok = hc_compress(&P->hc, src, n, ccoll__slot(&P->buf.ring_send[0], 0, 0), cap, &len, &P->set.hco) == HC_OK;
        else {
            unsigned char *s = (unsigned char *)CCOLL_MALLOC(cap); /* first AUTO call only, before the ring exists */
            if (s) ok = hc_compress(&P->hc, src, n, s, cap, &len, &P->set.hco) == HC_OK;
            CCOLL_FREE(s);
        }
        cr = ok && len ? (double)(n * P->set.esize) / (double)len : 0;
        if (ccoll__allreduce(&cr, &g, 1, MPI_DOUBLE, MPI_MIN, P->top.comm) != CCOLL_OK) { *st = CCOLL_ERR_MPI; return CCOLL_ALGO_RING; }
        cr = g;
        P->au.cr = cr;
    }
    if (P->set.device && !P->buf.auto_ready) {
        /* device plans: ArGM over CUDA IPC is a candidate where the node allows it */
        if ((*st = ccoll__argm_prepare(P)) != CCOLL_OK) return CCOLL_ALGO_RING;
        if (!P->top.argm_ok) P->dv.ipc_n = 0;
    }
    ccoll__predict(P, cr);
    if (!P->buf.auto_ready) {
        /* every candidate's buffers now, so no later call allocates when AUTO switches */
        int a2 = ccoll__ring_prepare(P, 0, CCOLL__HCF);
        if (!a2 && P->info.predicted[CCOLL_ALGO_RECDBL] > 0) a2 = ccoll__rd_prepare(P, 0);
        if (!a2 && P->set.device) a2 = ccoll__stage_prepare(P, P->set.count * P->set.esize);
        if ((*st = ccoll__agree(P->top.comm, a2)) != CCOLL_OK) return CCOLL_ALGO_RING;
        /* and their first touch now: the first raw call would pay it, and its time would
         * mislead the feedback below */
        if (!P->set.device)
            for (i = 0; i < 2; i++) memset(P->buf.ring_raw[i], 0, ccoll__blk_len(P->set.count, P->top.p, 0) * P->set.esize);
        P->buf.auto_ready = 1;
        P->au.cold = !P->set.device;
    }
    /* the model's times, corrected by what each algorithm really took on this plan */
    for (i = 1; i < CCOLL_ALGO_COUNT; i++) {
        if (P->au.corr[i] <= 0) P->au.corr[i] = 1;
        if (P->info.predicted[i] > 0) P->info.predicted[i] *= P->au.corr[i];
    }
    for (i = 1; i < CCOLL_ALGO_COUNT; i++)
        if (P->info.predicted[i] > 0 && P->info.predicted[i] < P->info.predicted[best]) best = i;
    /* a host plan's first calls run HomComp_F where the model puts it within 4x of the best:
     * its constants are the uncertain ones (the raw ring's are the link probe's). The first
     * call, which allocates and first touches every candidate's buffers, is slow anyway and
     * its time is not fed back (au.cold: fed back, it made AUTO keep the raw ring at 10 Gbit/s
     * with 2 ranks, 1.4x slower); the second one times HomComp_F warm, and later calls decide
     * on that instead of exploring it in the middle of a run */
    for (i = 1; i < CCOLL_ALGO_COUNT; i++) ntried += P->au.tried[i];
    if (!P->set.device && ntried == 0 && P->info.predicted[CCOLL_ALGO_HOMCOMP_F] > 0 &&
        P->info.predicted[CCOLL_ALGO_HOMCOMP_F] < 4 * P->info.predicted[best])
        best = CCOLL_ALGO_HOMCOMP_F;
    /* explore once: an untried candidate the model puts within 4x of the best is timed
     * too (the measured constants can be that far off on a busy node), so a wrong
     * constant costs a call or two, not every call */
    if (P->au.tried[best])
        for (i = 1; i < CCOLL_ALGO_COUNT; i++)
            if (i != best && !P->au.tried[i] && P->info.predicted[i] > 0 && P->info.predicted[i] < 4 * P->info.predicted[best]) {
                best = i;
                break;
            }
    P->au.last_algo = best;
    P->au.last_pred = P->info.predicted[best] / P->au.corr[best];
    P->au.pick = best;
    P->au.raw = best == CCOLL_ALGO_RECDBL && (double)P->set.count / pp < (double)P->set.cfg.raw_below;
    return (ccoll_algo)best;
}

/* ---- the public collectives ----------------------------------------------------------- */
static int ccoll__allreduce_run(ccoll_plan *P, const unsigned char *own, unsigned char *recv, ccoll_algo a);
/* What every collective call starts from: no local error yet, nothing sent, no eb chosen. */
static void ccoll__call_begin(ccoll_plan *P)
{
    P->lst = CCOLL_OK;
    P->lhc = 0;
    P->sent = P->comp_sent = P->raw_sent_streams = 0;
    P->eb_abs = 0;
    P->spec.on = 0;
    P->spec.own = NULL;
    P->info.eb_guess = 0;
    P->t_codec = P->t_stage = P->t_link = P->t_wire = P->t_wait = P->t_scan = 0;
    memset(P->t_op, 0, sizeof P->t_op);
    memset(P->c_op, 0, sizeof P->c_op);
    memset(P->b_op, 0, sizeof P->b_op);
}
/* the call's time split: what was timed, and the rest (MPI waits, agreement) as wire */
static void ccoll__call_end(ccoll_plan *P, double t0)
{
    double t = MPI_Wtime() - t0, w = t - P->t_codec - P->t_stage - P->t_link;
    P->info.t_codec = P->t_codec;
    P->info.t_stage = P->t_stage;
    P->info.t_link = P->t_link;
    P->info.t_wire = w > 0 ? w : 0;
    P->info.t_compress = P->t_op[0];
    P->info.t_add = P->t_op[1];
    P->info.t_decompress = P->t_op[2];
    P->info.b_compress = P->b_op[0];
    P->info.b_add = P->b_op[1];
    P->info.b_decompress = P->b_op[2];
    P->info.c_compress = P->c_op[0];
    P->info.c_add = P->c_op[1];
    P->info.c_decompress = P->c_op[2];
    P->info.t_wait = P->t_wait;
    P->info.t_scan = P->t_scan;
    if (!P->set.device) { /* AUTO's in-ring constants (device plans keep the GPU's) */
        int k;
        for (k = 0; k < 3; k++)
            if (P->b_op[k] > 0 && P->t_op[k] > 0) P->au.ring[k] = P->t_op[k] / (double)P->b_op[k];
        /* the scan term: from calls that scanned their input first (a guessed ring takes most of
         * its range from the codec, whose time is already c's and h's) */
        if (P->t_scan > 0 && P->set.count > 0 && P->info.eb_guess == 0)
            P->au.ring[3] = P->t_scan / ((double)P->set.count * (double)P->set.esize);
    }
}

static ccoll_status ccoll__allreduce_call(ccoll_plan *P, const void *send, void *recv);
CCOLL_DEF ccoll_status ccoll_allreduce(ccoll_plan *P, const void *send, void *recv)
{
    double t0 = MPI_Wtime();
    ccoll_status st;
    if (!P) return CCOLL_ERR_NULL;
    st = ccoll__allreduce_call(P, send, recv);
    ccoll__call_end(P, t0);
    return st;
}
static ccoll_status ccoll__allreduce_call(ccoll_plan *P, const void *send, void *recv)
{
    ccoll_algo a;
    int st = CCOLL_OK, compressed, late = 0;
    const unsigned char *own;
    double t_pre;
    if (!P) return CCOLL_ERR_NULL;
    ccoll__call_begin(P);
    /* a NULL buffer is a local error: agreed in the preamble like any other */
    if ((!send || !recv) && P->set.count) ccoll__fail(P, CCOLL_ERR_NULL, 0);
    own = (const unsigned char *)(send == MPI_IN_PLACE ? recv : send);
    a = P->set.cfg.algo;
    /* AUTO that settled on a raw algorithm, the compressed candidate predicted (or measured) slower:
     * skip the data scan and the ratio sample (they cost as much as a shared-memory ring);
     * every 16th call looks again */
    if (a == CCOLL_ALGO_AUTO && P->au.pick > 0 && (P->au.pick == CCOLL_ALGO_RING || P->au.raw) &&
        P->au.cr_calls % 16 != 0 && P->info.predicted[CCOLL_ALGO_HOMCOMP_F] > P->info.predicted[P->au.pick]) {
        double t0, base = P->info.predicted[P->au.pick] / P->au.corr[P->au.pick];
        P->au.cr_calls++;
        st = ccoll__preamble(P, NULL, 0, 0, 1);
        if (st) { P->lst = CCOLL_OK; P->info.algo = a; return (ccoll_status)st; }
        /* the raw pick's prediction follows its measured times here too (the preamble just
         * agreed the previous call's), so the gate above compares current figures */
        P->info.predicted[P->au.pick] = base * P->au.corr[P->au.pick];
        P->au.last_algo = P->au.pick;
        P->au.last_pred = base;
        t0 = MPI_Wtime();
        st = ccoll__allreduce_run(P, own, (unsigned char *)recv, (ccoll_algo)P->au.pick);
        P->au.last_time = MPI_Wtime() - t0;
        return (ccoll_status)st;
    }
    compressed = a != CCOLL_ALGO_RING;
    if (a == CCOLL_ALGO_RECDBL) {
        int pp = 1;
        while (pp * 2 <= P->top.p) pp *= 2;
        compressed = P->set.count / (uint64_t)pp >= P->set.cfg.raw_below; /* raw: no eb, NaN passes as in MPI */
    }
#ifdef __CUDACC__
    /* ArGM over IPC, set up by an earlier call: its pushes overlap the preamble (the same
     * decision on every rank; a rank in error pushes nothing) */
    if (a == CCOLL_ALGO_ARGM && P->set.device && P->buf.argm_ready && P->top.argm_ok && P->dv.ipc_n && P->top.p > 1 &&
        P->set.count) {
        ccoll__argm_push(P, own, (unsigned char *)recv, P->top.inter->top.p == 1);
        P->dv.ipc_pushed = 1;
        /* one node: nothing is compressed, so the screen (NaN/Inf, the eb's range) need not come
         * first: the sum kernels make it from the terms they read, and the finish agrees it. The
         * preamble then scans nothing and waits for no GPU. */
        late = P->top.inter->top.p == 1;
    }
#endif
    /* the eb guess: a host plan's HomComp_F (or AUTO) call after a compressed call quantizes
     * with that call's eb and scans inside the ring (ccoll__spec_agree checks it); spec.ok is
     * agreed state, so every rank decides the same */
    P->spec.on = P->spec.ok && !P->set.device && P->top.p > 1 && P->set.count > 0 &&
                 (a == CCOLL_ALGO_HOMCOMP_F || a == CCOLL_ALGO_AUTO);
    t_pre = MPI_Wtime();
    st = ccoll__preamble(P, P->lst ? NULL : own, P->lst ? 0 : P->set.count, compressed && !late,
                         a == CCOLL_ALGO_ARGM ? P->top.p : (a == CCOLL_ALGO_AUTO ? 1 : P->top.p));
    if (!st && late) {
        P->dv.scan_late = 1;
        P->dv.late[0] = DBL_MAX; /* no data yet */
        P->dv.late[1] = -DBL_MAX;
        P->dv.late[2] = 0;
    }
#ifdef __CUDACC__
    if (st && P->dv.ipc_pushed) ccoll__argm_unpush(P); /* no call follows the pushes: done before returning */
#endif
    if (st) { P->lst = CCOLL_OK; P->info.algo = a; return (ccoll_status)st; }
    if (a == CCOLL_ALGO_AUTO) {
        double t0, t_ch = MPI_Wtime();
        a = ccoll__choose(P, own, &st);
        if (st) return (ccoll_status)ccoll__finish(P, st);
        /* a compressed pick's time includes the data scan it needs (a raw pick skips it on
         * later calls), so the feedback compares what each choice really costs; not the
         * choice itself (the ratio sample, the first call's buffers) */
        t_ch = MPI_Wtime() - t_ch;
        /* a guessed call (the eb guess) whose pick is raw (the ring, raw RECDBL): no scan at all,
         * as on a call settled on a raw pick (the guess stays for the next compressed call; eb_abs
         * 0, NaN summed as RING does). The whole scan cost about a fifth of a shared-memory ring
         * (4 ranks, 2-core box: 0.02 of 0.09 s) on every call where the noisy feedback put the raw
         * pick's prediction above HomComp_F's for a moment and the call chose again. Another pick
         * that is not the HomComp_F ring: the whole scan and its check here (an unguessed call's
         * preamble scanned before it too) */
        if (P->spec.on && (a == CCOLL_ALGO_RING || P->au.raw)) {
            P->spec.on = 0;
            P->spec.own = NULL;
            P->eb_abs = 0;
            P->info.eb_guess = 0;
        } else if (P->spec.on && a != CCOLL_ALGO_HOMCOMP_F && (st = ccoll__spec_whole(P, own)) != CCOLL_OK) {
            P->info.algo = a;
            return (ccoll_status)ccoll__finish(P, st);
        }
        t0 = a == CCOLL_ALGO_RING || P->au.raw ? MPI_Wtime() : t_pre + t_ch;
        st = ccoll__allreduce_run(P, own, (unsigned char *)recv, a);
        P->au.last_time = MPI_Wtime() - t0;
        return (ccoll_status)st;
    }
    return (ccoll_status)ccoll__allreduce_run(P, own, (unsigned char *)recv, a);
}

/* Everything after the preamble; returns the agreed status. */
static int ccoll__allreduce_body(ccoll_plan *P, const unsigned char *own, unsigned char *recv, ccoll_algo a);
static int ccoll__allreduce_run(ccoll_plan *P, const unsigned char *own, unsigned char *recv, ccoll_algo a)
{
    int st;
    P->info.algo = a;
    if (a == CCOLL_ALGO_RING) P->eb_abs = 0;
    st = ccoll__finish(P, ccoll__allreduce_body(P, own, recv, a));
    P->spec.on = 0;
    if (st == CCOLL_OK && P->eb_abs > 0 && !P->set.device) { /* the next call's guess (agreed values) */
        /* not right after a miss: a range that moves every call then pays 1.5 rings a call on
         * average, not 2 (miss, scan first, guess again) */
        P->spec.ok = P->info.eb_guess != 2;
        P->spec.eb = P->eb_abs;
    }
    return st;
}

/* An allreduce ring in the given mode on the plan's buffers (raw: host buffers). */
static int ccoll__ring_allreduce(ccoll_plan *P, const unsigned char *own, unsigned char *recv, int mode)
{
    ccoll__ring R;
    int st = ccoll__agree(P->top.comm, ccoll__ring_prepare(P, 0, mode));
    if (st) return st;
    memset(&R, 0, sizeof R);
    R.mode = mode;
    R.n = P->set.count;
    R.own = own;
    R.out = recv;
    R.recv2 = P->buf.ring_recv;
    R.send2 = P->buf.ring_send;
    R.gather = &P->buf.ring_gather;
    R.spec = P->spec.on && mode == CCOLL__HCF;
    st = ccoll__ring_run(P, &R);
    if (R.spec && st != CCOLL_OK) {
        /* the guess's run counts for nothing: its failures (a NaN the codec met, say) are the
         * screen's now, and a wrong step means the ring again, on this call's eb */
        if (P->lst != CCOLL_ERR_MPI && P->lst != CCOLL_ERR_CORRUPT) {
            P->lst = CCOLL_OK;
            P->lhc = 0;
        } /* else kept (agreed by ccoll__finish): a transport failure or a damaged or stray
           * message of the first ring (one left unmatched could meet the second ring's
           * receive) must not turn into a wrong sum with CCOLL_OK */
        if (st == CCOLL__SPEC_REDO) {
            P->info.eb_guess = 2;
            R.spec = 0;
            st = ccoll__ring_run(P, &R);
        }
    }
    return st;
}

/* The raw algorithms (RING, RECDBL below raw_below) on host buffers. */
static int ccoll__allreduce_raw(ccoll_plan *P, const unsigned char *own, unsigned char *recv, ccoll_algo a)
{
    int st;
    if (a == CCOLL_ALGO_RING) return ccoll__ring_allreduce(P, own, recv, CCOLL__RAW);
    st = ccoll__agree(P->top.comm, ccoll__rd_prepare(P, 0));
    if (st) return st;
    P->eb_abs = 0;
    return ccoll__rd_run(P, own, recv, 0);
}

/* Device plan, raw algorithm: the host algorithm on a pinned copy of the vector (one copy
 * down, one up; the adds on the host, so the bits are the host plan's). */
static int ccoll__staged(ccoll_plan *P, const unsigned char *own, unsigned char *recv, ccoll_algo a)
{
    size_t bytes = P->set.count * P->set.esize;
    int st = ccoll__agree(P->top.comm, ccoll__stage_prepare(P, bytes));
    if (st) return st;
    ccoll__d_copy(P, P->dv.hstage, own, bytes, &P->t_stage); /* a failure is P->lst: agreed at the end */
    st = ccoll__allreduce_raw(P, P->dv.hstage, P->dv.hstage, a);
    if (!st && P->lst == CCOLL_OK) ccoll__d_copy(P, recv, P->dv.hstage, bytes, &P->t_stage);
    return st;
}

/* The local status (agreed by the caller's ccoll__finish). */
static int ccoll__allreduce_body(ccoll_plan *P, const unsigned char *own, unsigned char *recv, ccoll_algo a)
{
    int st, compressed = 1, mode, pp = 1;
    if (P->top.p == 1 || P->set.count == 0) {
        /* nothing to exchange: the input is the sum (exact, also for compressed algorithms) */
        ccoll__copy(P, recv, own, P->set.count * P->set.esize);
        return CCOLL_OK;
    }
    if (a == CCOLL_ALGO_ARGM) {
        if ((st = ccoll__argm_prepare(P))) return st; /* agreed */
        if (P->top.argm_ok) return P->set.device ? ccoll__argm_run_dev(P, own, recv) : ccoll__argm_run(P, own, recv);
        a = CCOLL_ALGO_HOMCOMP_F; /* nodes of unequal size: documented fallback */
        P->info.algo = a;
    }
    while (pp * 2 <= P->top.p) pp *= 2;
    if (a == CCOLL_ALGO_RECDBL) compressed = P->set.count / (uint64_t)pp >= P->set.cfg.raw_below;
    if (a == CCOLL_ALGO_RING || !compressed)
        return P->set.device ? ccoll__staged(P, own, recv, a) : ccoll__allreduce_raw(P, own, recv, a);
    if (a == CCOLL_ALGO_RECDBL) {
        st = ccoll__agree(P->top.comm, ccoll__rd_prepare(P, 1));
        if (st) return st;
        return ccoll__rd_run(P, own, recv, 1);
    }
    mode = a == CCOLL_ALGO_DOC ? CCOLL__DOC : a == CCOLL_ALGO_HOMCOMP ? CCOLL__HC2 : CCOLL__HCF;
    return ccoll__ring_allreduce(P, own, recv, mode);
}

static ccoll_status ccoll__allgather_call(ccoll_plan *P, const void *send, void *recv);
CCOLL_DEF ccoll_status ccoll_allgather(ccoll_plan *P, const void *send, void *recv)
{
    double t0 = MPI_Wtime();
    ccoll_status st;
    if (!P) return CCOLL_ERR_NULL;
    st = ccoll__allgather_call(P, send, recv);
    ccoll__call_end(P, t0);
    return st;
}
static ccoll_status ccoll__allgather_call(ccoll_plan *P, const void *send, void *recv)
{
    int st, raw;
    const unsigned char *own;
    ccoll__call_begin(P);
    if ((!send || !recv) && P->set.count) ccoll__fail(P, CCOLL_ERR_NULL, 0);
    own = (const unsigned char *)(send == MPI_IN_PLACE && recv ? (const unsigned char *)recv + (uint64_t)P->top.rank * P->set.count * P->set.esize
                                                               : (const unsigned char *)send);
    raw = P->set.cfg.algo == CCOLL_ALGO_RING;
    if (!P->lst) ccoll__ring_prepare(P, 1, raw ? CCOLL__RAW : CCOLL__HCF) ? (void)ccoll__fail(P, CCOLL_ERR_NOMEM, 0) : (void)0;
    /* device plan, raw allgather: the host ring on a pinned copy of the whole result */
    if (!P->lst && P->set.device && raw && P->top.p > 1 && ccoll__stage_prepare(P, (size_t)P->top.p * P->set.count * P->set.esize))
        ccoll__fail(P, CCOLL_ERR_NOMEM, 0);
    st = ccoll__preamble(P, P->lst ? NULL : own, P->lst ? 0 : P->set.count, !raw, 1);
    if (st) { P->lst = CCOLL_OK; return (ccoll_status)st; }
    P->info.algo = raw ? CCOLL_ALGO_RING : CCOLL_ALGO_HOMCOMP_F;
    if (P->set.count == 0) return (ccoll_status)ccoll__finish(P, CCOLL_OK);
    if (P->top.p == 1) {
        ccoll__copy(P, recv, own, P->set.count * P->set.esize);
        return (ccoll_status)ccoll__finish(P, CCOLL_OK);
    }
    {
        ccoll__ring R;
        const size_t part = P->set.count * P->set.esize;
        memset(&R, 0, sizeof R);
        R.mode = raw ? CCOLL__RAW : CCOLL__HCF;
        R.allgather = 1;
        R.n = P->set.count;
        R.own = own;
        R.out = (unsigned char *)recv;
        R.gather = &P->buf.ag_store;
        if (P->set.device && raw) {
            ccoll__d_copy(P, P->dv.hstage + (size_t)P->top.rank * part, own, part, &P->t_stage);
            R.own = P->dv.hstage + (size_t)P->top.rank * part;
            R.out = P->dv.hstage;
            st = ccoll__ring_run(P, &R);
            if (!st && P->lst == CCOLL_OK) ccoll__d_copy(P, recv, P->dv.hstage, (size_t)P->top.p * part, &P->t_stage);
            return (ccoll_status)ccoll__finish(P, st);
        }
        return (ccoll_status)ccoll__finish(P, ccoll__ring_run(P, &R));
    }
}

#endif /* CCOLL_IMPLEMENTATION */

/*
 * REVISION HISTORY
 *   (next) ArGM over IPC one-shot with 2 to 8 ranks is one kernel per call: push, flags
 *          between the GPUs, sum (CCOLL_IPC_ONESHOT_KERNEL=0: the copies, events and sum kernel);
 *          ArGM over IPC with 3 to 8 ranks a node copies each chunk to and from every peer in
 *          one kernel; on one node its NaN/range screen comes from the sum kernels, agreed in
 *          the call's last allreduce (no scan and no GPU wait before the copies); the exported
 *          IPC buffer is whole 2 MiB pages (2-rank ArGM from 64 MiB 1.3x faster than with the
 *          flags 512 bytes past them); a failed one-shot call raises its flags (a peer's next
 *          call may have written them already), not sets them; host HomComp_F and AUTO from a
 *          plan's second compressed call on: the eb guess (the previous call's eb, the input
 *          scanned segment by segment inside the ring, checked before the allgather; a moved
 *          step runs the ring again), info.eb_guess
 *   1.0.0  config.no_ipc and config.ranks_per_node replace CCOLL_NO_IPC / CCOLL_RANKS_PER_NODE
 *          (no getenv; agreed across ranks); threads above CCOLL_MAX_THREADS (1024) refused on
 *          every rank; ArGM over CUDA IPC pipelined over chunks with interprocess events; AUTO's
 *          shared-memory feedback includes the data scan
 *   0.9.0  statuses: EB/NAN/OVERFLOW/CORRUPT take homcomp's numbers (-16/-17/-19/-22), CODEC -32;
 *          CCOLL_DEF (was CCOLLDEF); CCOLL_VERSION_*; the LICENSE text at the end
 *   0.2.1  review fixes: a plan whose call failed (out of memory) works when called again (ArGM's
 *          setup is agreed and undone on failure; no leaked stream slots); a failed CUDA call
 *          no longer fails later calls through the pending cudaGetLastError; no cudaMemcpy on
 *          the legacy stream at setup; manual's memory figures.
 *   0.2.0  device plans (nvcc): every algorithm on GPU buffers with the hc_cuda_* codec,
 *          streams staged through pinned host memory, compressed ring steps pipelined over
 *          two streams, ArGM's node phases over CUDA IPC, AUTO with device terms, the time
 *          split in ccoll_info; config.memory/stream/device_pipeline; MPI's C++ bindings skipped
 *          under C++. Host plans unchanged.
 *   0.1.0  first version: ring (raw, DOC, HomComp, HomComp_F), compressed allgather, ArGM,
 *          Rabenseifner with homomorphic adds, AUTO by a measured cost model.
 */

/*
MIT License

Copyright (c) 2026 The hpc-singlefile authors

Permission is hereby granted, free of charge, to any person obtaining a copy
of this software and associated documentation files (the "Software"), to deal
in the Software without restriction, including without limitation the rights
to use, copy, modify, merge, publish, distribute, sublicense, and/or sell
copies of the Software, and to permit persons to whom the Software is
furnished to do so, subject to the following conditions:

The above copyright notice and this permission notice shall be included in all
copies or substantial portions of the Software.

THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND, EXPRESS OR
IMPLIED, INCLUDING BUT NOT LIMITED TO THE WARRANTIES OF MERCHANTABILITY,
FITNESS FOR A PARTICULAR PURPOSE AND NONINFRINGEMENT. IN NO EVENT SHALL THE
AUTHORS OR COPYRIGHT HOLDERS BE LIABLE FOR ANY CLAIM, DAMAGES OR OTHER
LIABILITY, WHETHER IN AN ACTION OF CONTRACT, TORT OR OTHERWISE, ARISING FROM,
OUT OF OR IN CONNECTION WITH THE SOFTWARE OR THE USE OR OTHER DEALINGS IN THE
SOFTWARE.
*/
