#!/usr/bin/env bash
# Builds the runtime (no MLIR compiler, no benchmarks) with ASan+UBSan and with TSan in separate
# build directories and runs the runtime and archive unit tests in each: core, I/O, parameters,
# execution (waves, scheduler, the randomized fence-DAG stress test), modules (the hand-written
# test module is built with the same sanitizer and dlopen'ed) and the allocation counters.
#
# Usage: scripts/sanitizers.sh [asan|tsan|all]   (default: all)
# Environment:
#   SLUICE_SANITIZER_JOBS   parallel build jobs (default 1)
#   SLUICE_SANITIZER_TESTS    ctest -R regex (default: every runtime and archive unit test)
#   SLUICE_SANITIZER_TARGETS  space-separated test binaries to build (default: all eight below)
#   SLUICE_SANITIZER_EXEC=1   only the execution/module test binaries (SluiceRuntimeExecTests,
#                             ...ModuleAbiTests, ...ModuleTests, ...AllocationTests) and every
#                             test in their directories (unittests/Runtime/{Exec,Module,
#                             Allocation}); cheaper on a shared machine
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
  echo "=== $name: configuring $build"
  cmake -G Ninja -S "$root" -B "$build" -DCMAKE_BUILD_TYPE=RelWithDebInfo \
    -DSLUICE_BUILD_COMPILER=OFF -DSLUICE_BUILD_BENCHMARKS=OFF "-D$flag=ON" >/dev/null
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

case "$which" in
  asan) run_one asan SLUICE_ENABLE_ASAN ;;
  tsan) run_one tsan SLUICE_ENABLE_TSAN ;;
  all) run_one asan SLUICE_ENABLE_ASAN; run_one tsan SLUICE_ENABLE_TSAN ;;
  *) echo "usage: $0 [asan|tsan|all]" >&2; exit 2 ;;
esac
