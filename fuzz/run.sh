#!/usr/bin/env bash
# Builds plc-fuzz (fuzz/build.sh) and fuzzes for SECONDS, then prints the
# number of executions, the coverage (cov: edges, ft: features), the corpus
# size and the findings of this run.
#   fuzz/run.sh SECONDS [LIBFUZZER_OPTION...]
# The corpus lives in BUILD/corpus and grows from run to run; every run also
# reads the seeds: examples/*.pl and the .pl files under tests/lit and
# tests/bad. Findings (crash-*, timeout-*, oom-*, leak-*) land in
# BUILD/findings. Exit status: 0 no finding, 1 findings, 2 setup error.
#   PLC_FUZZ_BUILD_DIR   build directory (default ./build-fuzz)
#   PLC_FUZZ_KEEP_GOING  1 = fork mode: keep fuzzing after a finding
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
if [[ $# -lt 1 || ! $1 =~ ^[0-9]+$ ]]; then
  sed -n '2,/^set /{/^#/s/^# \{0,1\}//p}' "${BASH_SOURCE[0]}" >&2
  exit 2
fi
seconds=$1
shift
build=${PLC_FUZZ_BUILD_DIR:-$root/build-fuzz}

fuzzer=$("$root/fuzz/build.sh" "$build" | tail -n 1)

seeds=$build/seeds corpus=$build/corpus findings=$build/findings
rm -rf "$seeds"
mkdir -p "$seeds" "$corpus" "$findings"
(cd "$root" && find examples tests/lit tests/bad -name '*.pl' -size -64k 2>/dev/null) |
  while read -r f; do cp "$root/$f" "$seeds/${f//\//_}"; done

log=$build/fuzz-$(date +%Y%m%d-%H%M%S).log
stamp=$build/.fuzz-start
touch "$stamp"
mode=()
[[ ${PLC_FUZZ_KEEP_GOING:-0} == 1 ]] &&
  mode=(-fork=1 -ignore_crashes=1 -ignore_timeouts=1 -ignore_ooms=1)

echo "fuzz: $fuzzer for ${seconds}s (log: $log)"
set +e
ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1} \
UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1} \
  "$fuzzer" "${mode[@]}" -max_total_time="$seconds" -timeout=20 \
    -rss_limit_mb=2048 -max_len=8192 -print_final_stats=1 \
    -dict="$root/fuzz/pl.dict" -artifact_prefix="$findings/" "$@" \
    "$corpus" "$seeds" >"$log" 2>&1
status=$?
set -e

# The last status line: "#<execs> ... cov: <edges> ft: <features> corp: <n>".
last=$(grep -E '^#[0-9]+.*cov: [0-9]+ ft: [0-9]+' "$log" | tail -n 1 || true)
execs=$(sed -nE 's/^#([0-9]+).*/\1/p' <<<"$last")
units=$(sed -nE 's/^stat::number_of_executed_units: *([0-9]+).*/\1/p' "$log" | tail -n 1)
[[ -n $units ]] && execs=$units
cov=$(sed -nE 's/.*cov: ([0-9]+).*/\1/p' <<<"$last")
ft=$(sed -nE 's/.*ft: ([0-9]+).*/\1/p' <<<"$last")
new=$(find "$findings" -type f -newer "$stamp" | sort)
count=$(grep -c . <<<"$new" || true)

echo "fuzz: executions: ${execs:-?}"
echo "fuzz: coverage: cov ${cov:-?} ft ${ft:-?}"
echo "fuzz: corpus: $(find "$corpus" -type f | wc -l) inputs"
echo "fuzz: findings: $count"
[[ -n $new ]] && sed 's/^/fuzz:   /' <<<"$new"
if [[ $count -gt 0 ]] || { [[ $status -ne 0 ]] && [[ ${PLC_FUZZ_KEEP_GOING:-0} != 1 ]]; }; then
  grep -E 'ERROR: |plc-fuzz finding|^SUMMARY' "$log" | head -n 20 || true
  exit 1
fi
