#!/usr/bin/env bash
# The 1k/10k/100k scaling rows of the execution passes (issue 23; docs/benchmarks-passes.md, section
# "Execution passes"): every pass's own thread CPU time (`--sluice-pass-cpu-time`, median of 3) from
# bench/passes/pass-own-time.py, appended as markdown tables to $1 (default: stdout only).
#
#   bench/passes/exec-scaling.sh [FILE.md] [--sizes 1000,10000,100000] [--reps 3]
#
# Four groups, each measured from the same runs (one sluice-opt run per program and repetition gives
# every listed pass):
#   1. the CPU codegen passes one by one (--sluice-cpu-codegen-pipeline on the `dispatch` level);
#   2. --sluice-link-executables on the `dispatch` level after codegen (prepared, cached);
#   3. phases hal -> native -> llvm of sluice-compile on `cmd --set targets=1` (chain, fanout): the HAL
#      passes, the sluice_rt passes (outline-command-buffers, error edges, reference counting) and
#      host-to-llvm / emit-module-descriptor, in one pipeline as sluice-compile runs them;
#   4. --iree-abi-wrap-entry-points in both invocation models on the `abi` level.
# Run it on a quiet machine (`echo -10 > /proc/$$/autogroup` first on a shared one). About 10-15 min of CPU.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
md=()
if [ $# -gt 0 ] && [[ "$1" != --* ]]; then
  md=(--markdown "$1")
  shift
fi
own() { python3 "$here/pass-own-time.py" --clock cpu --stat median --reps 3 --no-difference "${md[@]}" "$@"; }

own --level dispatch --shapes chain --flags='--sluice-cpu-codegen-pipeline' \
  --pass CPUVerifyDispatchPass,CPULowerDispatchTensorsPass,CPUSelectStrategyPass,CPUTileAndDistributePass,CPUResolveWorkgroupCountPass,CPUPlaceAllocationsPass,CPULowerMathPass,CPULowerInterfacePass,CPUCodegenPipelinePass \
  --title 'CPU codegen passes one by one: dispatch level' "$@"

own --level dispatch --shapes chain --prepare='--sluice-cpu-codegen-pipeline' \
  --flags='--sluice-link-executables' --pass LinkExecutablesPass \
  --title 'sluice-link-executables: dispatch level after codegen' "$@"

own --level cmd --set targets=1 --shapes chain,fanout \
  --flags='--pass-pipeline=builtin.module(iree-hal-materialize-interfaces,sluice-cpu-codegen-pipeline,iree-hal-conversion,any(iree-hal-inline-memoize-regions),iree-hal-resolve-topology-queries,canonicalize,cse,convert-scf-to-cf,sluice-outline-command-buffers,sluice-materialize-error-edges,sluice-materialize-ref-counting,sluice-link-executables,sluice-convert-host-to-llvm,sluice-emit-module-descriptor)' \
  --pass MaterializeInterfacesPass,ConvertToHALPass,InlineMemoizeRegionsPass,ResolveTopologyQueriesPass,OutlineCommandBuffersPass,MaterializeErrorEdgesPass,MaterializeRefCountingPass,ConvertHostToLLVMPass,EmitModuleDescriptorPass \
  --title 'phases hal, native, llvm: cmd level, targets=1' "$@"

own --level abi --shapes chain --flags='--iree-abi-wrap-entry-points' --pass WrapEntryPointsPass \
  --title 'iree-abi-wrap-entry-points (sync): abi level' "$@"
own --level abi --shapes chain --flags='--iree-abi-wrap-entry-points=invocation-model=coarse-fences' \
  --pass WrapEntryPointsPass --title 'iree-abi-wrap-entry-points (coarse-fences): abi level' "$@"
