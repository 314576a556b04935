#!/usr/bin/env bash
# run-downstream.sh BUILD_DIR PROJECT_DIR WORK_DIR CMAKE CXX [FLAGS]
# Installs BUILD_DIR into WORK_DIR/prefix, builds PROJECT_DIR against that
# prefix in WORK_DIR/build and runs the result.
set -euo pipefail
build=$1 project=$2 work=$3 cmake=$4 cxx=$5 flags=${6:-}

rm -rf "$work"
mkdir -p "$work"
prefix=$work/prefix

echo "== install into $prefix"
"$cmake" --install "$build" --prefix "$prefix" >"$work/install.log"
for f in bin/plc lib/libplrt.a include/plrt/plrt.h \
         lib/cmake/plc/plcConfig.cmake lib/cmake/plc/plcConfigVersion.cmake \
         lib/cmake/plc/plcTargets.cmake lib/cmake/plc/PlcAddProgram.cmake; do
  [[ -e $prefix/$f ]] || { echo "missing from the install: $f" >&2; exit 1; }
done

echo "== configure the downstream project"
generator=()
command -v ninja >/dev/null && generator=(-G Ninja)
"$cmake" -S "$project" -B "$work/build" "${generator[@]}" \
  -DCMAKE_BUILD_TYPE=Release \
  -DCMAKE_CXX_COMPILER="$cxx" \
  -DCMAKE_CXX_FLAGS="$flags" \
  -DCMAKE_EXE_LINKER_FLAGS="$flags" \
  -DCMAKE_PREFIX_PATH="$prefix" >"$work/configure.log"

# The package must come from the prefix, not from the build tree.
found=$(sed -n 's/^plc_DIR:PATH=//p' "$work/build/CMakeCache.txt")
if [[ $found != "$prefix/lib/cmake/plc" ]]; then
  echo "find_package(plc) found '$found', not the installed package" >&2
  exit 1
fi

echo "== build"
"$cmake" --build "$work/build" -j 2

echo "== run"
"$work/build/chain_app"
