#!/usr/bin/env bash
# Builds the runtime (no MLIR compiler, no benchmarks) with ASan+UBSan and with TSan in separate
# build directories and runs the runtime and archive unit tests in each: core, I/O, parameters,
# execution (waves, scheduler, the randomized fence-DAG stress test), modules (the hand-written
# test module is built with the same sanitizer and dlopen'ed) and the allocation counters.
#
# The e2e mode builds sluice-run, sluice-params and the hand-written test module in the same
# sanitizer build directories (no compiler: sluice-run is AOT-only there) and runs the lit tests
# that call those tools -- test/e2e, test/Tools/sluice-run, ... -- from the normal build (its
# sluice-compile makes the .so files) with lit parameter sanitized_tools_dir, so every AOT
# `sluice-run` and every `sluice-params` of those RUN lines is the sanitized binary and the
# expected outputs are the lit files' own (JIT RUN lines keep the normal build's sluice-run).
# Sanitizer reports go to a log directory; any report fails the run, even from a RUN line that
# expects a failure.
#
# Usage: scripts/sanitizers.sh [asan|tsan|all]       runtime unit tests (default: all)
#        scripts/sanitizers.sh e2e [asan|tsan|all]   e2e programs (default: all)
# Environment:
#   SLUICE_SANITIZER_JOBS   parallel build jobs (default 1)
#   SLUICE_SANITIZER_TESTS    ctest -R regex (default: every runtime and archive unit test)
#   SLUICE_SANITIZER_TARGETS  space-separated test binaries to build (default: all eight below)
#   SLUICE_SANITIZER_EXEC=1   only the execution/module test binaries (SluiceRuntimeExecTests,
#                             ...ModuleAbiTests, ...ModuleTests, ...AllocationTests) and every
#                             test in their directories (unittests/Runtime/{Exec,Module,
#                             Allocation}); cheaper on a shared machine
# e2e mode:
#   SLUICE_SANITIZER_NORMAL_BUILD  the normal build whose sluice-compile/sluice-opt/lit config are
#                                  used (default: build); its tools are brought up to date first
#   SLUICE_SANITIZER_LIT_PATHS     space-separated lit paths relative to the source tree (default:
#                                  every directory/file whose RUN lines call sluice-run or
#                                  sluice-params)
#   SLUICE_SANITIZER_GENERATED=0   do not instrument the generated code (default: sluice-compile
#                                  gets --sluice-sanitize=address / thread, so the .so files are
#                                  instrumented like the sluice-run that loads them)
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
which="${1:-all}"
jobs="${SLUICE_SANITIZER_JOBS:-1}"
tests="${SLUICE_SANITIZER_TESTS:-^(Semaphore|Fence|Buffer|Memory|CApi|Device|DeviceLifetime|Backends|IoEngine|IoPolicy|IoFile|MappedFile|Policies|Provider|ParameterAbi|ModuleTest|ParameterModule|ProviderMemoryFile|ProviderOptions|ProviderStress|ProviderLifetime|ParametersCApi|WriteJournal|WriteJournalNames|Crc32c|Sha256|Testdata|GgufReader|GgufReaderMalformed|IrpaReader|IrpaReaderMalformed|IrpaWriter|Slmd|ParameterIndex|ParameterScopes|SafetensorsReader|SafetensorsReaderMalformed|Wave|Scheduler|DeviceScheduling|FenceDagStress|AbiLayout|BufferViewTest|ImportsTest|ModuleLoadTest|AllocationCount)}"
targets=(SluiceArchiveTests SluiceRuntimeCoreTests SluiceRuntimeIOTests SluiceRuntimeParametersTests
         SluiceRuntimeExecTests SluiceRuntimeModuleAbiTests SluiceRuntimeModuleTests
         SluiceRuntimeAllocationTests)
if [ "${SLUICE_SANITIZER_EXEC:-0}" = 1 ]; then
  targets=(SluiceRuntimeExecTests SluiceRuntimeModuleAbiTests SluiceRuntimeModuleTests
           SluiceRuntimeAllocationTests)
fi
if [ -n "${SLUICE_SANITIZER_TARGETS:-}" ]; then
  read -r -a targets <<<"$SLUICE_SANITIZER_TARGETS"
fi

run_one() {
  local name="$1" flag="$2"
  local build="$root/build-$name"
  local build_targets=() t
  for t in "${targets[@]}"; do
    # The allocation-count test replaces operator new, which TSan's runtime defines too.
    if [ "$name" = tsan ] && [ "$t" = SluiceRuntimeAllocationTests ]; then continue; fi
    build_targets+=("$t")
  done
  configure "$name" "$flag"
  echo "=== $name: building ${build_targets[*]}"
  ninja -C "$build" -j "$jobs" "${build_targets[@]}"
  echo "=== $name: running tests"
  export ASAN_OPTIONS="detect_leaks=1:abort_on_error=1"
  export UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1"
  export TSAN_OPTIONS="halt_on_error=1:second_deadlock_stack=1"
  if [ "${SLUICE_SANITIZER_EXEC:-0}" = 1 ]; then
    local dir
    for dir in Exec Module Allocation; do
      [ "$name" = tsan ] && [ "$dir" = Allocation ] && continue
      ctest --test-dir "$build/unittests/Runtime/$dir" --output-on-failure
    done
  else
    ctest --test-dir "$build" --output-on-failure -R "$tests"
  fi
}

configure() {
  local name="$1" flag="$2"
  echo "=== $name: configuring $root/build-$name"
  cmake -G Ninja -S "$root" -B "$root/build-$name" -DCMAKE_BUILD_TYPE=RelWithDebInfo \
    -DSLUICE_BUILD_COMPILER=OFF -DSLUICE_BUILD_BENCHMARKS=OFF "-D$flag=ON" >/dev/null
}

normal="${SLUICE_SANITIZER_NORMAL_BUILD:-$root/build}"
lit_paths="${SLUICE_SANITIZER_LIT_PATHS:-test/e2e test/Tools/sluice-run test/Tools/sluice-compile/phases.test test/Tools/sluice-params test/Dialect/IOParameters/Transforms}"
lit_bin="${SLUICE_LIT:-/usr/lib/llvm-22/bin/lit}"

prepare_normal() {
  if [ ! -f "$normal/build.ninja" ]; then
    echo "no normal build in $normal (run scripts/build.sh or set SLUICE_SANITIZER_NORMAL_BUILD)" >&2
    exit 2
  fi
  echo "=== normal build: bringing the tools up to date in $normal"
  ninja -C "$normal" -j "$jobs" sluice-compile sluice-opt sluice-params sluice-run sluice_test_module
}

e2e_one() {
  local name="$1" flag="$2"
  local build="$root/build-$name" logs="$root/build-$name/e2e-logs" start end p
  configure "$name" "$flag"
  echo "=== $name: building sluice-run sluice-params sluice_test_module"
  ninja -C "$build" -j "$jobs" sluice-run sluice-params sluice_test_module
  rm -rf "$logs"
  mkdir -p "$logs"
  : >"$logs/runs.txt"
  export ASAN_OPTIONS="detect_leaks=1:abort_on_error=1:log_path=$logs/asan"
  export UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1:log_path=$logs/ubsan"
  export TSAN_OPTIONS="halt_on_error=1:second_deadlock_stack=1:log_path=$logs/tsan"
  local paths=()
  for p in $lit_paths; do paths+=("$normal/$p"); done
  echo "=== $name: lit ${lit_paths} with the sanitized sluice-run/sluice-params"
  start=$(date +%s)
  local status=0 generated=()
  if [ "${SLUICE_SANITIZER_GENERATED:-1}" != 0 ]; then
    generated=(--param "sanitize_generated_code=$([ "$name" = asan ] && echo address || echo thread)")
  fi
  "$lit_bin" -sv -j "$jobs" --param "sanitized_tools_dir=$build/bin" --param "sanitizer_log_dir=$logs" \
    "${generated[@]}" "${paths[@]}" || status=$?
  # The runtime-only build's own lit run: the AOT-only sluice-run (no_jit.test) and the tool tests
  # with the sanitizer-built test module.
  "$lit_bin" -sv -j "$jobs" "$build/test/Tools/sluice-run" || status=$?
  end=$(date +%s)
  local reports
  reports=$(find "$logs" -name 'asan.*' -o -name 'ubsan.*' -o -name 'tsan.*' | sort)
  if [ -n "$reports" ]; then
    echo "=== $name: sanitizer reports:"
    local r
    for r in $reports; do echo "--- $r"; cat "$r"; done
    status=1
  fi
  echo "=== $name: $(grep -c 'sluice-run sanitized' "$logs/runs.txt" || true) sanitized sluice-run runs," \
    "$(grep -c 'sluice-params sanitized' "$logs/runs.txt" || true) sanitized sluice-params runs," \
    "$(grep -c 'sluice-run jit' "$logs/runs.txt" || true) JIT runs (normal build), $((end - start)) s," \
    "$(echo "$reports" | grep -c . || true) sanitizer reports"
  return "$status"
}

case "$which" in
  asan) run_one asan SLUICE_ENABLE_ASAN ;;
  tsan) run_one tsan SLUICE_ENABLE_TSAN ;;
  all) run_one asan SLUICE_ENABLE_ASAN; run_one tsan SLUICE_ENABLE_TSAN ;;
  e2e)
    prepare_normal
    case "${2:-all}" in
      asan) e2e_one asan SLUICE_ENABLE_ASAN ;;
      tsan) e2e_one tsan SLUICE_ENABLE_TSAN ;;
      all) e2e_one asan SLUICE_ENABLE_ASAN; e2e_one tsan SLUICE_ENABLE_TSAN ;;
      *) echo "usage: $0 e2e [asan|tsan|all]" >&2; exit 2 ;;
    esac ;;
  *) echo "usage: $0 [asan|tsan|all] | $0 e2e [asan|tsan|all]" >&2; exit 2 ;;
esac
