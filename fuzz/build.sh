#!/usr/bin/env bash
# Builds the libFuzzer target plc-fuzz with clang++-14: every library of the
# compiler gets coverage instrumentation (-fsanitize=fuzzer-no-link), ASan
# and UBSan, and keeps its asserts (-O1 without NDEBUG).
#   fuzz/build.sh [BUILD_DIR]      (default: ./build-fuzz of the source tree)
# Prints the path of the binary. PLC_JOBS sets the parallelism (default 2).
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build=${1:-$root/build-fuzz}
jobs=${PLC_JOBS:-2}

for tool in clang-14 clang++-14 cmake ninja; do
  command -v $tool >/dev/null || { echo "fuzz/build.sh: $tool not found" >&2; exit 2; }
done

# ANTLR 4.9's headers do not compile with clang (InterpreterData's
# user-provided default constructor needs Vocabulary's deleted one). Build
# against a copy in which that constructor is defaulted; each header is
# marked as a system header, as the original include directory is.
antlr=${PLC_ANTLR_INCLUDE_DIR:-/usr/include/antlr4-runtime}
patched=$build/antlr4-runtime-clang
if [[ ! -f $patched/antlr4-runtime.h ]]; then
  [[ -f $antlr/antlr4-runtime.h ]] ||
    { echo "fuzz/build.sh: no antlr4-runtime.h in $antlr" >&2; exit 2; }
  mkdir -p "$build"
  rm -rf "$patched.tmp"
  cp -r "$antlr" "$patched.tmp"
  # (Some headers start with a byte order mark, which must stay first.)
  find "$patched.tmp" -name '*.h' -exec \
    sed -i -e '1s/^\xEF\xBB\xBF//' -e '1i #pragma clang system_header' {} +
  sed -i 's/InterpreterData() {};/InterpreterData() = default;/' \
    "$patched.tmp/misc/InterpreterDataReader.h"
  mv "$patched.tmp" "$patched"
fi

if [[ ! -f $build/CMakeCache.txt ]]; then
  echo "fuzz/build.sh: configuring $build" >&2
  cmake -S "$root" -B "$build" -G Ninja \
    -DCMAKE_C_COMPILER=clang-14 -DCMAKE_CXX_COMPILER=clang++-14 \
    -DCMAKE_BUILD_TYPE=RelWithDebInfo \
    -DCMAKE_C_FLAGS_RELWITHDEBINFO="-O1 -g" \
    -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O1 -g" \
    -DCMAKE_CXX_FLAGS="-fsanitize=fuzzer-no-link -I$patched" \
    -DPLC_SANITIZE=ON -DPLC_FUZZ=ON \
    -DPLC_BUILD_TESTS=OFF -DPLC_BUILD_BENCH=OFF >/dev/null
fi
cmake --build "$build" -j "$jobs" --target plc-fuzz >&2
echo "$build/bin/plc-fuzz"
