#!/usr/bin/env bash
# demos/bench/sa_mpi_peer_build.sh - builds the distributed DCX peer's cli (Haag, Kurpicz, Sanders,
# Schimek, ESA 2025: mschimek/distributed_suffix_sorting) for sa_mpi_bench.sh's PEER_BIN, offline,
# from sources already on disk, one compile at a time (a shared 2-core machine: about 45 minutes).
#   PEERS=/work/peers demos/bench/sa_mpi_peer_build.sh      (W=work dir, default /tmp/sa_mpi_peer)
#   J=16 PEERS=... demos/bench/sa_mpi_peer_build.sh          (the 16-core device host: ninja -j16)
# Needs under $PEERS: distributed_suffix_sorting, kamping-04e3ff3 (the pinned 3bb24ce is not among
# the stored sources; newer kampings reject dsss::UIntPair as an MPI type), kassert, kaval, CLI11,
# magic_enum, tlx, ips4o, KaDiS (with external/RBC, ips2pa, ips4o filled). 2026-11-27 22:30 they
# were `git archive`d from the mirrors (fetch tool): kamping 04e3ff3, kassert v1.0.0 (a01c484),
# kaval 1600bda, CLI11 v2.3.2, magic_enum v0.9.7, tlx cf83363, ips4o/ips4o 08a5b92 (mschimek's
# fork eb30352 is not stored), KaDiS ac9c575 (the pinned 6713a37 is not stored) with its
# submodules' commits RBC 2697d4a, ips2pa e8c6bb8, SaschaWitt/ips4o ee7eeec. ips4o 08a5b92 includes
# oneTBB's concurrent_queue even with IPS4O_DISABLE_PARALLEL: without TBB installed this script
# gives it a mutex-and-deque stand-in (only ips4o's parallel scheduler uses it, never run here).
# The peer's sources need <iomanip> in src/util/printing.hpp, and MARCH (default x86-64-v3) for
# its -march=native: both patched in the copy here. CMAKE_POLICY_VERSION_MINIMUM=3.5: CMake 4 (the
# device image's) refuses tlx's and others' cmake_minimum_required below 3.5 without it. MPI_CXX: the MPI C++ wrapper to build with (default
# /usr/bin/mpicxx.openmpi, else mpicxx: a binary linked with Open MPI 4.1's libmpi.so.40 runs where the GPU
# machine's Open MPI 4.1.6 is). On a Debian box that has MPICH as the project's MPI, install Open MPI
# beside it and put every alternative back at once (meson must keep finding MPICH):
#   apt-get install -y openmpi-bin libopenmpi-dev
#   update-alternatives --set mpi /usr/bin/mpicc.mpich
#   update-alternatives --set mpirun /usr/bin/mpirun.mpich
#   update-alternatives --set mpi-x86_64-linux-gnu /usr/include/x86_64-linux-gnu/mpich
# What differs from the peer's own build, and why:
# - the 5-bit and unpacked DC39 variants are stubs that throw (build time; the benchmark's inputs
#   take the 3-bit (ACGT) and 8-bit (headers, random) ones, recursion the 40-bit one);
# - KaDiS's RBC gets tlx in external/tlx (its CMakeLists adds that directory);
# - RBC's Gather.cpp / Gatherv.cpp constructors name recvcount / recvtype only in comments but pass
#   them to MPI_Igather(v) when MPI has nonblocking collectives: the names are restored;
# - the last link by hand: KaDiS defines functions in a header (--allow-multiple-definition) and
#   cmake asks for an -lips4o that does not exist (ips4o is header-only).
# Writes $W/build/cli. Checked 2026-11-27 step by step as written here (the script as a whole was
# assembled from those steps afterwards).
set -euo pipefail
PEERS=${PEERS:-/work/peers}
W=${W:-/tmp/sa_mpi_peer}
J=${J:-1}
MARCH=${MARCH:-x86-64-v3}
if [ -z "${MPI_CXX:-}" ]; then MPI_CXX=/usr/bin/mpicxx.openmpi; [ -x "$MPI_CXX" ] || MPI_CXX=$(command -v mpicxx); fi
MPI_C=${MPI_C:-${MPI_CXX/mpicxx/mpicc}}
mkdir -p "$W"
cd "$W"
rm -rf src KaDiS ips4o
cp -r "$PEERS/distributed_suffix_sorting" src
grep -q '<iomanip>' src/src/util/printing.hpp || sed -i '0,/#include </s//#include <iomanip>\n#include </' src/src/util/printing.hpp
sed -i "s/-march=native/-march=$MARCH/" src/CMakeLists.txt
cp -r "$PEERS/ips4o" ips4o
if [ ! -e /usr/include/tbb/concurrent_queue.h ] && [ ! -e ips4o/include/tbb/concurrent_queue.h ]; then
    mkdir -p ips4o/include/tbb
    cat >ips4o/include/tbb/concurrent_queue.h <<'EOT'
// sa_mpi_peer_build.sh: stand-in for oneTBB's concurrent_queue (ips4o's parallel scheduler only;
// the peer is built with IPS4O_DISABLE_PARALLEL, so this is never on a timed path).
#pragma once
#include <deque>
#include <mutex>
namespace tbb {
template <class T> class concurrent_queue {
    std::deque<T> q_; mutable std::mutex m_;
public:
    void push(const T& v) { std::lock_guard<std::mutex> l(m_); q_.push_back(v); }
    bool try_pop(T& v) { std::lock_guard<std::mutex> l(m_); if (q_.empty()) return false; v = q_.front(); q_.pop_front(); return true; }
    bool empty() const { std::lock_guard<std::mutex> l(m_); return q_.empty(); }
    void clear() { std::lock_guard<std::mutex> l(m_); q_.clear(); }
};
}
EOT
fi
cp -r "$PEERS/KaDiS" KaDiS
rm -rf KaDiS/external/RBC/external/tlx
cp -r "$PEERS/tlx" KaDiS/external/RBC/external/tlx
sed -i 's|void \*recvbuf, int /\*recvcount\*/,|void *recvbuf, int recvcount,|;
        s|MPI_Datatype /\*recvtype\*/, int root, int tag,|MPI_Datatype recvtype, int root, int tag,|' \
    KaDiS/external/RBC/src/RBC/Collectives/Gather.cpp
sed -i 's|MPI_Datatype /\*recvtype\*/,|MPI_Datatype recvtype,|' KaDiS/external/RBC/src/RBC/Collectives/Gatherv.cpp
stub() { # stub VARIANT FILE: the variant's compute_suffix_array throws
    cat >"src/src/dcx/$2" <<EOF
// sa_mpi_peer_build.sh: this variant is not compiled (build time); see the script.
#include <stdexcept>
#include "dcx/dcx_instantiations.hpp"
using namespace dsss::dcx;
template <>
std::vector<$1::index_t>
$1::compute_suffix_array(std::vector<uint8_t>&, kamping::Communicator<>&) {
    throw std::runtime_error("sa_mpi_peer_build.sh: $1 not compiled");
}
EOF
}
stub DC39_u8_5bit pdcx_u8_5bit.cpp
stub DC39_u8 pdcx_u8_unpacked.cpp
P=$PEERS
nice -n 19 cmake -S src -B build -G Ninja -DCMAKE_BUILD_TYPE=Release \
    -DCMAKE_CXX_COMPILER="$MPI_CXX" -DCMAKE_C_COMPILER="$MPI_C" -DMPI_CXX_COMPILER="$MPI_CXX" \
    -DMPI_C_COMPILER="$MPI_C" -DCMAKE_POLICY_VERSION_MINIMUM=3.5 -DFETCHCONTENT_FULLY_DISCONNECTED=ON -DKAMPING_ENABLE_REFLECTION=OFF \
    -DKAMPING_ENABLE_SERIALIZATION=OFF -DDCX_BUILD_EXAMPLES=OFF -DIPS4O_DISABLE_PARALLEL=ON \
    -DKASSERT_ASSERTION_LEVEL=0 -DFETCHCONTENT_SOURCE_DIR_KAVAL="$P/kaval" \
    -DFETCHCONTENT_SOURCE_DIR_KAMPING="$P/kamping-04e3ff3" -DFETCHCONTENT_SOURCE_DIR_CLI11="$P/CLI11" \
    -DFETCHCONTENT_SOURCE_DIR_MAGIC-ENUM="$P/magic_enum" -DFETCHCONTENT_SOURCE_DIR_TLX="$P/tlx" \
    -DFETCHCONTENT_SOURCE_DIR_IPS4O="$W/ips4o" -DFETCHCONTENT_SOURCE_DIR_KADIS="$W/KaDiS" \
    -DFETCHCONTENT_SOURCE_DIR_KASSERT="$P/kassert" -DFETCHCONTENT_SOURCE_DIR_KAMPING_KASSERT="$P/kassert"
cd build
# the three heavy objects first (6-13 minutes each on a loaded 2-core box), then everything else;
# cmake's own link of cli fails (see above) and is redone by hand
if [ "$J" = 1 ]; then
    for t in pdcx_u40_unpacked pdcx_u8_8bit pdcx_u8_3bit; do
        nice -n 19 ninja -j1 "CMakeFiles/dcx_lib.dir/src/dcx/$t.cpp.o"
    done
fi
nice -n 19 ninja -j"$J" cli || true
nice -n 19 "$MPI_CXX" -O3 -DNDEBUG -march="$MARCH" CMakeFiles/cli.dir/src/executables/cli.cpp.o -o cli libdcx.a \
    _deps/kadis-build/libkadis.a _deps/kadis-build/external/RBC/librbc.a _deps/tlx-build/tlx/libtlx.a \
    -Wl,--allow-multiple-definition -Wl,--as-needed
ls -la "$W/build/cli"
