#!/usr/bin/env python3
"""Mutation fuzzer for Sluice's parsers, verifiers, folders, patterns and passes.

Takes every split (`// -----`) of the seed tests of a mode (by default every dialect's tests,
`test/Dialect/**/*.mlir`, plus small programs of every level and shape of the benchmark generator
`bench/passes/gen-program.py`), applies random textual mutations (token delete/duplicate/swap, dropped
operands, type swaps, size-list count changes, removed `{%size}` braces, swapped/emptied regions,
undefined symbols, missing terminators, odd integer literals, SSA use swaps, and the control-flow
mutators of issue 24: repeat another branch's condition, negate a condition (or swap the successors),
replace a condition by a constant, add a block without predecessors that uses values and branches into
live blocks, turn a branch into a loop back edge, split a block) and runs
`sluice-opt --split-input-file <the mode's flags>` on each mutant with a timeout. The modes are the
table `MODES` below: a pass gets a mode by adding one line (its flags and its seed globs).

With `--reference OPT2` the fuzzer is differential: every mutant also runs on a second sluice-opt (say a
saved build of the base commit) and any difference in printed IR, diagnostics or exit status is a finding,
for changes meant to keep the output byte-identical.

A mutant is a *finding* when sluice-opt dies by a signal, reports an ASan/UBSan error, an LLVM/MLIR
assertion or UNREACHABLE, prints a stack dump, or hangs. Parse and verify errors are fine.

Mutants are run in batches (one `// -----` split each); a crashing batch is re-run split by split
to isolate the crashing mutant. Findings are written to OUT/<mode>-<n>.mlir with the log next to it
and deduplicated by a crash signature (sanitizer/assertion message + first sluice frame).

Build sluice-opt with SLUICE_ENABLE_ASAN=ON and assertions (-DCMAKE_CXX_FLAGS_RELEASE=-O1, i.e. no
-DNDEBUG) for the best signal. The script runs it with ASAN_OPTIONS=allow_user_poisoning=0: LLVM's
BumpPtrAllocator poisons memory from header code compiled into our (instrumented) objects while the
prebuilt libMLIR allocates from the same allocator without unpoisoning, a false use-after-poison.

Usage:
  scripts/fuzz-ir.py [--opt build-dev/bin/sluice-opt] [--seconds 600] [--seed N] [--out /tmp/fuzz-ir]
                     [--modes verify,canon] [--tests GLOB[,GLOB...]] [--batch 25] [--timeout 20] [--jobs 1]
  scripts/fuzz-ir.py --list-modes
"""
import argparse
import concurrent.futures
import difflib
import glob
import os
import random
import re
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# Seed globs (relative to the source root) shared by the modes below.
ALL_DIALECT_TESTS = ("test/Dialect/**/*.mlir",)

# mode -> (sluice-opt flags, seed test globs). `--split-input-file` is always added. One line per mode:
# a pass adds e.g. `"elide-timepoints": (["--verify-each", "--iree-stream-elide-timepoints"],
# ("test/Dialect/Stream/Transforms/elide_timepoints*.mlir",) + ALL_DIALECT_TESTS),`.
ENCODING_TESTS = ("test/Dialect/Encoding/**/*.mlir", "test/Dialect/Codegen/**/*.mlir",
                  "test/Dialect/Stream/IR/tensor_encoding*.mlir")
DISPATCH_TESTS = ("test/Dialect/Stream/Transforms/*dispatch*.mlir",
                  "test/Dialect/Stream/Transforms/fold_uniform_operands.mlir")
UTIL_TESTS = ("test/Dialect/Util/Transforms/*.mlir",)

# Command-phase programs: what the memory report and the timeline picture are meant for.
MEMORY_REPORT_SEEDS = ("test/Dialect/Stream/Transforms/memory_report*.mlir",
                       "test/Dialect/Stream/Transforms/dump_timeline.mlir",
                       "test/Dialect/Stream/IR/cmd*.mlir",
                       "test/Dialect/Stream/Transforms/emplace_transients*.mlir",
                       "test/Dialect/Stream/Transforms/materialize_transient_size_queries.mlir")

# Programs with calls through the three external-transients passes (§9.2) and then the memory report and
# the timeline picture, which look into the specialized callees. Seeds: the generated programs of
# `calls_programs` (added for these modes only) and the hand-written call tests.
TRANSIENTS_CALLS_SEEDS = ("test/Dialect/Stream/Transforms/emplace_transients_calls*.mlir",
                          "test/Dialect/Stream/Transforms/annotate_constant_transient_size_pipeline.mlir",
                          "test/Dialect/Stream/Transforms/memory_report_calls.mlir")


def transients_calls_pipeline(emplace_options):
    return ("--pass-pipeline=builtin.module("
            f"iree-stream-emplace-transients{{reference-compat=false {emplace_options}}},"
            "iree-stream-materialize-transient-size-queries{reference-compat=false},"
            "util.func(iree-stream-layout-slices),canonicalize,"
            "iree-stream-annotate-constant-transient-size{reference-compat=false},"
            "sluice-stream-memory-report{output-file=/dev/null format=json},"
            "sluice-stream-dump-timeline{output-file=/dev/null})")


MODES = {
    "verify": (["--verify-each"], ALL_DIALECT_TESTS),
    "canon": (["--verify-each", "--canonicalize"], ALL_DIALECT_TESTS),
    "schedule-execution": (["--verify-each", "--pass-pipeline=builtin.module(util.func(iree-stream-schedule-execution),"
                            "util.initializer(iree-stream-schedule-execution))"],
                           ("test/Dialect/Stream/Transforms/schedule_*.mlir",) + ALL_DIALECT_TESTS),
    "schedule-concurrency": (["--verify-each", "--sluice-stream-concurrency-nested",
                              "--pass-pipeline=builtin.module(util.func(iree-stream-schedule-concurrency),"
                              "util.initializer(iree-stream-schedule-concurrency))"],
                             ("test/Dialect/Stream/Transforms/schedule_*.mlir",) + ALL_DIALECT_TESTS),
    "sync-initializers": (["--verify-each", "--iree-stream-sync-initializers"],
                          ("test/Dialect/Stream/Transforms/sync_initializers.mlir",) + ALL_DIALECT_TESTS),
    "propagate-timepoints": (["--verify-each", "--iree-stream-propagate-timepoints"],
                             ("test/Dialect/Stream/Transforms/propagate_timepoints*.mlir",) + ALL_DIALECT_TESTS),
    "elide-timepoints": (["--verify-each", "--iree-stream-elide-timepoints"],
                         ("test/Dialect/Stream/Transforms/elide_timepoints*.mlir",) + ALL_DIALECT_TESTS),
    # Tensor phase (stream-passes-1.md §3, §4, §6).
    "conversion": (["--verify-each", "--allow-unregistered-dialect", "--iree-stream-conversion"],
                   ("test/Dialect/Stream/Conversion/**/*.mlir", "test/Dialect/Stream/Transforms/convert_to_stream*.mlir",
                    "test/Dialect/Flow/IR/*.mlir", "test/Dialect/HAL/IR/*.mlir")),
    "clone-to-consumers": (["--verify-each", "--iree-stream-clone-to-consumers"],
                           ("test/Dialect/Stream/Transforms/clone_to_consumers*.mlir",
                            "test/Dialect/Stream/Conversion/**/*.mlir", "test/Dialect/Flow/IR/*.mlir")),
    "verify-input": (["--verify-each", "--iree-stream-verify-input"],
                     ("test/Dialect/Stream/Transforms/verify_*.mlir", "test/Dialect/Stream/Conversion/**/*.mlir",
                      "test/Dialect/Flow/IR/*.mlir")),
    "verify-lowering": (["--verify-each", "--iree-stream-verify-lowering-to-async",
                         "--iree-stream-verify-lowering-to-cmd"],
                        ("test/Dialect/Stream/Transforms/verify_*.mlir", "test/Dialect/Stream/IR/*.mlir")),
    "annotate-affinities": (["--verify-each", "--iree-stream-annotate-affinities",
                             "--iree-stream-affinity-solver-max-iterations=8"],
                            ("test/Dialect/Stream/Transforms/*affinit*.mlir",)),
    "verify-affinities": (["--verify-each", "--iree-stream-verify-affinities"],
                          ("test/Dialect/Stream/Transforms/*affinit*.mlir",)),
    # Async phase (stream-passes-1.md §8-§14).
    "materialize-builtins": (["--verify-each", "--iree-stream-materialize-builtins",
                              "--iree-stream-emulate-memset"],
                             ("test/Dialect/Stream/Transforms/materialize_builtins.mlir",
                              "test/Dialect/Stream/IR/async_*.mlir")),
    "copy-on-write": (["--verify-each", "--iree-stream-materialize-copy-on-write"],
                      ("test/Dialect/Stream/Transforms/materialize_copy_on_write.mlir",
                       "test/Dialect/Stream/Transforms/elide_*.mlir", "test/Dialect/Stream/IR/async_*.mlir")),
    "elide-async-copies": (["--verify-each", "--iree-stream-elide-async-copies"],
                           ("test/Dialect/Stream/Transforms/elide_*.mlir",
                            "test/Dialect/Stream/Transforms/e2e/async_copies.mlir",
                            "test/Dialect/Stream/Transforms/materialize_copy_on_write.mlir",
                            "test/Dialect/Stream/Transforms/refine_usage*.mlir")),
    "refine-usage": (["--verify-each", "--iree-stream-refine-usage"],
                     ("test/Dialect/Stream/Transforms/refine_usage*.mlir",
                      "test/Dialect/Stream/Transforms/elide_*.mlir",
                      "test/Dialect/Stream/Transforms/e2e/async_copies.mlir")),
    "emplace-allocations": (["--verify-each", "--iree-stream-emplace-allocations"],
                            ("test/Dialect/Stream/Transforms/emplace_allocations.mlir",
                             "test/Dialect/Stream/IR/async_*.mlir")),
    "verify-async-access-ranges": (["--verify-each", "--iree-stream-verify-async-access-ranges"],
                                   ("test/Dialect/Stream/Transforms/verify_async_access_ranges.mlir",
                                    "test/Dialect/Stream/IR/async_*.mlir")),
    "place-transfer-executions": (["--verify-each", "--iree-stream-place-transfer-executions"],
                                  ("test/Dialect/Stream/Transforms/place_transfer_executions.mlir",
                                   "test/Dialect/Stream/Transforms/elide_async_copies_topology.mlir")),
    "encoding-ir": (["--verify-each"], ENCODING_TESTS),
    "specialize-encodings": (["--verify-each", "--iree-stream-specialize-encodings"],
                             ("test/Dialect/Stream/Transforms/specialize_encodings*.mlir",
                              "test/Dialect/Stream/Transforms/unify_encoding*.mlir")),
    "encode-host-tensors": (["--verify-each", "--iree-stream-encode-host-tensors",
                             "--iree-experimental-vscale-value=2"],
                            ("test/Dialect/Stream/Transforms/encode_host_tensors*.mlir",) + ENCODING_TESTS),
    "encode-device-tensors": (["--verify-each", "--iree-stream-encode-device-tensors"],
                              ("test/Dialect/Stream/Transforms/encode_device_tensors*.mlir",
                               "test/Dialect/Stream/Transforms/materialize_encodings*.mlir")),
    "materialize-encodings": (["--verify-each", "--iree-stream-materialize-encodings"],
                              ("test/Dialect/Stream/Transforms/materialize_encodings*.mlir",
                               "test/Dialect/Stream/IR/tensor_encoding*.mlir")),
    "unify-encoding-for-globals": (["--verify-each", "--iree-stream-unify-encoding-for-globals"],
                                   ("test/Dialect/Stream/Transforms/unify_encoding*.mlir",
                                    "test/Dialect/Stream/Transforms/specialize_encodings*.mlir")),
    # Dispatch optimizations and statistics (stream-passes-2.md §12, §13).
    "fuse-dispatch-bindings": (["--verify-each", "--iree-stream-fuse-dispatch-bindings"], DISPATCH_TESTS),
    "annotate-dispatch-arguments": (["--verify-each", "--iree-stream-annotate-dispatch-arguments"], DISPATCH_TESTS),
    "annotate-dispatch-assumptions": (["--verify-each", "--iree-stream-annotate-dispatch-assumptions"], DISPATCH_TESTS),
    "pack-dispatch-operands": (["--verify-each", "--iree-stream-pack-dispatch-operands"], DISPATCH_TESTS),
    "fold-uniform-operands": (["--verify-each", "--iree-stream-fold-uniform-operands"], DISPATCH_TESTS),
    "specialize-dispatches": (["--verify-each", "--iree-stream-specialize-dispatches"], DISPATCH_TESTS),
    "dump-statistics": (["--iree-stream-dump-statistics=output-format=csv", "-o", "/dev/null"],
                        ("test/Dialect/Stream/Transforms/dump_statistics*.mlir",) + DISPATCH_TESTS),
    # Util passes (stream-passes-2.md §15).
    "verify-initialization-order": (["--verify-each", "--iree-util-verify-initialization-order"], UTIL_TESTS),
    "optimize-int-arithmetic": (["--verify-each", "--iree-util-optimize-int-arithmetic"], UTIL_TESTS),
    # The straight-line walk against the solver (Util/Analysis/IntegerAnalyses.h), per function.
    "integer-analyses": (["--verify-each", "--sluice-integer-analyses=check",
                          "--pass-pipeline=builtin.module(util.func(iree-util-optimize-int-arithmetic),"
                          "func.func(iree-util-optimize-int-arithmetic{narrow-to-i32=true}),"
                          "iree-stream-annotate-dispatch-assumptions)"],
                         UTIL_TESTS + DISPATCH_TESTS + ("test/Dialect/Util/Analysis/*.mlir",
                                                        "test/Dialect/Stream/Transforms/e2e/*.mlir")),
    "simplify-global-accesses": (["--verify-each", "--iree-util-simplify-global-accesses"], UTIL_TESTS),
    "apply-patterns": (["--verify-each", "--iree-util-apply-patterns"], UTIL_TESTS),
    "fold-globals": (["--verify-each", "--iree-util-fold-globals"], UTIL_TESTS),
    "fuse-globals": (["--verify-each", "--iree-util-fuse-globals"], UTIL_TESTS),
    "ipo": (["--verify-each", "--iree-util-ipo"], UTIL_TESTS),
    "combine-initializers": (["--verify-each", "--iree-util-combine-initializers"], UTIL_TESTS),
    "propagate-subranges": (["--verify-each", "--iree-util-propagate-subranges"], UTIL_TESTS),
    # Command phase (stream-passes-2.md §7-§11).
    "schedule-allocation": (["--verify-each", "--iree-stream-schedule-allocation"],
                            ("test/Dialect/Stream/Transforms/schedule_allocation*.mlir",
                             "test/Dialect/Stream/IR/async*.mlir")),
    "pack-constants": (["--verify-each", "--pass-pipeline=builtin.module(util.func(iree-stream-pack-constants))"],
                       ("test/Dialect/Stream/Transforms/pack_constants*.mlir",
                        "test/Dialect/Stream/Transforms/resource_config_flags.mlir")),
    "layout-slices": (["--verify-each", "--pass-pipeline=builtin.module(util.func(iree-stream-layout-slices))"],
                      ("test/Dialect/Stream/Transforms/layout_slices*.mlir",
                       "test/Dialect/Stream/IR/resource*.mlir")),
    "reuse-allocations": (["--verify-each",
                           "--pass-pipeline=builtin.module(util.func(iree-stream-reuse-allocations))"],
                          ("test/Dialect/Stream/Transforms/reuse_allocations.mlir",
                           "test/Dialect/Stream/Transforms/automatic_reference_counting*.mlir")),
    "reference-counting": (["--verify-each", "--iree-stream-automatic-reference-counting"],
                           ("test/Dialect/Stream/Transforms/automatic_reference_counting*.mlir",
                            "test/Dialect/Stream/Transforms/reuse_allocations.mlir",
                            "test/Dialect/Stream/IR/cmd*.mlir")),
    # The whole stream pipeline (issue 19 item 6): flow-level inputs to the cmd phase.
    "pipeline": (["--verify-each", "--iree-stream-transformation-pipeline"],
                 ("examples/flow_*.mlir", "test/Dialect/Stream/Transforms/e2e/*.mlir",
                  "test/Dialect/Stream/Transforms/*pipeline*.mlir", "test/Dialect/Stream/Conversion/**/*.mlir")),
    "pipeline-check-unchanged": (["--verify-each", "--sluice-check-unchanged",
                                  "--iree-stream-transformation-pipeline"],
                                 ("examples/flow_*.mlir", "test/Dialect/Stream/Transforms/e2e/*.mlir",
                                  "test/Dialect/Stream/Transforms/*pipeline*.mlir")),
    "util-check-unchanged": (["--verify-each", "--sluice-check-unchanged",
                              "--pass-pipeline=builtin.module(iree-util-ipo,iree-util-fuse-globals,"
                              "iree-stream-verify-affinities,iree-stream-verify-async-access-ranges)"],
                             UTIL_TESTS),
    # Sluice's --cse (CSE.cpp: MLIR's rewrite behind a guard), checked.
    "cse": (["--verify-each", "--sluice-check-unchanged", "--cse"],
            ("test/Dialect/**/*.mlir",)),
    # Rerun elision (UnchangedIR.h): the cleanup twice over, checked — a run
    # the ledger predicts to change nothing runs and must change nothing.
    "rerun-elision-check": (["--verify-each", "--sluice-check-unchanged",
                             "--pass-pipeline=builtin.module(" + ",".join([
                                 "util.func(canonicalize,cse,iree-util-optimize-int-arithmetic,"
                                 "iree-util-simplify-global-accesses,iree-util-apply-patterns),"
                                 "iree-util-fold-globals,iree-util-fuse-globals,iree-util-ipo,"
                                 "iree-stream-verify-async-access-ranges"] * 2) + ")"],
                            UTIL_TESTS + ("test/Dialect/Stream/IR/async*.mlir",
                                          "test/Dialect/Stream/Transforms/e2e/*.mlir")),
    "pipeline-integer-analyses": (["--verify-each", "--sluice-integer-analyses=check",
                                   "--iree-stream-transformation-pipeline"],
                                  ("examples/flow_*.mlir", "test/Dialect/Stream/Transforms/e2e/*.mlir",
                                   "test/Dialect/Stream/Transforms/*pipeline*.mlir")),
    # Phase native (execution.md §3.5, §3.6, §4.3).
    "outline-command-buffers": (["--verify-each", "--sluice-outline-command-buffers"],
                                ("test/Dialect/SluiceRT/Transforms/*.mlir",)),
    "materialize-error-edges": (["--verify-each", "--sluice-materialize-error-edges"],
                                ("test/Dialect/SluiceRT/Transforms/*.mlir",)),
    "materialize-ref-counting": (["--verify-each", "--sluice-materialize-ref-counting"],
                                 ("test/Dialect/SluiceRT/Transforms/*.mlir",)),
    # CPU dispatch codegen (execution.md §5.1): the whole pipeline on every
    # llvm-cpu variant, and steps 4-5 on bare dispatch functions.
    "codegen": (["--verify-each", "--sluice-cpu-codegen-pipeline"],
                ("test/Codegen/CPU/*.mlir",)),
    "tile-and-distribute": (["--verify-each", "--sluice-cpu-select-strategy", "--sluice-cpu-tile-and-distribute"],
                            ("test/Codegen/CPU/select_strategy.mlir", "test/Codegen/CPU/tile_and_distribute.mlir",
                             "test/Codegen/CPU/place_allocations.mlir")),
    # Phase llvm (execution.md §2.8): host/command functions to LLVM, the descriptor (on converted
    # input), executable linking. Seeds: the phase-llvm lit tests and the hand-written native/hal
    # e2e programs.
    "host-to-llvm": (["--verify-each", "--sluice-convert-host-to-llvm"],
                     ("test/Target/Native/host_to_llvm.mlir", "test/Target/Native/module_descriptor.mlir",
                      "test/e2e/native_elementwise.mlir", "test/e2e/host_*.mlir", "test/e2e/wave_checks.mlir")),
    "emit-module-descriptor": (["--verify-each", "--sluice-convert-host-to-llvm",
                                "--sluice-emit-module-descriptor=module-name=m"],
                               ("test/Target/Native/module_descriptor.mlir", "test/Target/Native/host_to_llvm.mlir",
                                "test/e2e/native_elementwise.mlir", "test/e2e/host_*.mlir")),
    "link-executables": (["--verify-each", "--sluice-link-executables"],
                         ("test/Target/Native/link_executables.mlir",)),
    # The entry-point wrapper (execution.md §2.2, external-transients.md §2.2), both models.
    "wrap-entry-points": (["--verify-each", "--iree-abi-wrap-entry-points"],
                          ("test/Bindings/Native/*.mlir", "test/e2e/*.mlir")),
    "wrap-entry-points-coarse": (["--verify-each", "--iree-abi-wrap-entry-points=invocation-model=coarse-fences"],
                                 ("test/Bindings/Native/*.mlir", "test/e2e/*.mlir")),
    # Phase input (execution.md §2.2): each pass, then the whole pipeline.
    "input-passes": (["--verify-each", "--sluice-verify-input", "--sluice-import-ml-program",
                      "--sluice-import-func", "--sluice-assign-cpu-device", "--sluice-verify-flow-level"],
                     ("test/Input/*.mlir", "test/e2e/*.mlir", "test/Bindings/Native/*.mlir")),
    "input-pipeline": (["--verify-each", "--sluice-input-pipeline"],
                       ("test/Input/*.mlir", "test/e2e/*.mlir", "test/e2e/errors/*.mlir")),
    # External transients (issue 21): both modes of emplace-transients.
    "emplace-transients": (["--verify-each", "--iree-stream-emplace-transients"],
                           ("test/Dialect/Stream/Transforms/emplace_transients*.mlir",)),
    "emplace-transients-sluice": (["--verify-each", "--iree-stream-emplace-transients=reference-compat=false"],
                                  ("test/Dialect/Stream/Transforms/emplace_transients*.mlir",)),
    "materialize-transient-size-queries": (["--verify-each",
                                            "--iree-stream-materialize-transient-size-queries=reference-compat=false"],
                                           ("test/Dialect/Stream/Transforms/materialize_transient_size_queries.mlir",
                                            "test/Dialect/Stream/Transforms/emplace_transients*.mlir")),
    "annotate-constant-transient-size": (["--verify-each",
                                          "--iree-stream-annotate-constant-transient-size=reference-compat=false"],
                                         ("test/Dialect/Stream/Transforms/annotate_constant_transient_size*.mlir",)),
    # Calls (§9.2): emplacement + size queries + constant annotation, then the report and the picture.
    "transients-calls": (["--verify-each", transients_calls_pipeline("unplaced=warn")], TRANSIENTS_CALLS_SEEDS),
    "transients-calls-liveness": (["--verify-each", transients_calls_pipeline("liveness-packing=true statistics=true")],
                                  TRANSIENTS_CALLS_SEEDS),
    # Memory report and timeline picture (issue 21 items 3-4): both read MemoryModel.h.
    "memory-report": (["--verify-each", "--sluice-stream-memory-report=/dev/null"], MEMORY_REPORT_SEEDS),
    "dump-timeline": (["--verify-each", "--sluice-stream-dump-timeline=/dev/null"], MEMORY_REPORT_SEEDS),
    # Parameters through the compiler (issue 20). The encoder module is printed to stdout: harmless.
    "split-parameter-encoder": (["--verify-each", "--iree-stream-split-parameter-encoder"],
                                ("test/Dialect/Stream/Transforms/split_parameter_encoder*.mlir",
                                 "test/Dialect/Stream/IR/async_*.mlir")),
    # Parameter upload pipelining (execution.md §2.4 step 2); chunk-bytes=1 splits wherever it may.
    "pipeline-parameter-uploads": (["--verify-each", "--sluice-pipeline-parameter-uploads=chunk-bytes=1"],
                                   ("test/Dialect/Stream/Transforms/pipeline_parameter_uploads.mlir",
                                    "test/Dialect/Stream/IR/cmd*.mlir",
                                    "test/Dialect/Stream/IR/*parameter*.mlir")),
    "vm-conversion": (["--verify-each", "--iree-vm-conversion"],
                      ("test/Dialect/VM/**/*.mlir", "test/Dialect/IOParameters/Conversion/params_to_vm*.mlir")),
    "vm-ir": (["--verify-each"], ("test/Dialect/VM/**/*.mlir",)),
    # Phase hal (execution.md §2.5, §2.6).
    "hal-ir": (["--verify-each"], ("test/Dialect/HAL/IR/*.mlir",)),
    "hal-conversion": (["--verify-each", "--allow-unregistered-dialect", "--iree-hal-conversion"],
                       ("test/Dialect/HAL/Conversion/**/*.mlir", "test/Dialect/HAL/Transforms/*.mlir",
                        "test/Dialect/IOParameters/Conversion/*.mlir")),
    "hal-materialize-interfaces": (["--verify-each", "--iree-hal-materialize-interfaces"],
                                   ("test/Dialect/HAL/Transforms/materialize_interfaces*.mlir",
                                    "test/Dialect/Stream/IR/cmd_ops*.mlir")),
    "hal-inline-memoize-regions": (["--verify-each",
                                    "--pass-pipeline=builtin.module(util.func(iree-hal-inline-memoize-regions))"],
                                   ("test/Dialect/HAL/Transforms/inline_memoize_regions*.mlir",
                                    "test/Dialect/HAL/IR/device_ops.mlir")),
    "hal-resolve-topology-queries": (["--verify-each", "--iree-hal-resolve-topology-queries"],
                                     ("test/Dialect/HAL/Transforms/resolve_topology_queries*.mlir",
                                      "test/Dialect/HAL/IR/device_ops.mlir")),
}

CRASH_PATTERNS = [
    re.compile(r"ERROR: AddressSanitizer"),
    re.compile(r"runtime error:"),  # UBSan
    re.compile(r"Assertion .* failed"),
    re.compile(r"UNREACHABLE executed"),
    re.compile(r"LLVM ERROR"),
    re.compile(r"Stack dump"),
    re.compile(r"PLEASE submit a bug report"),
    re.compile(r"ERROR: LeakSanitizer"),
    # --sluice-integer-analyses=check: the straight-line walk and the solver differ.
    re.compile(r"straight-line walk disagrees with the solver"),
]

REPLACEMENT_TYPES = [
    "index", "i32", "i64", "i1", "i8", "f16", "f32", "tensor<?xf32>", "tensor<4xi32>", "tensor<?x?xf32>",
    "tensor<f32>", "memref<4xf32>",
    "!stream.resource<*>", "!stream.resource<transient>", "!stream.resource<external>",
    "!stream.resource<constant>", "!stream.resource<staging>", "!stream.resource<variable>",
    "!stream.timepoint", "!stream.binding", "!stream.file", "!stream.channel",
    "!hal.buffer", "!hal.buffer_view", "!hal.fence", "!hal.device", "!util.buffer", "!util.list<?>",
    "!util.ptr<i32>", "!flow.channel", "!iree_tensor_ext.dispatch.tensor<readonly:tensor<4xf32>>",
]
ODD_INTS = ["0", "-1", "1", "2", "7", "-9223372036854775808", "9223372036854775807",
            "18446744073709551615", "4294967296", "100000000000"]
TERMINATORS = re.compile(r"^\s*(stream\.yield|stream\.return|util\.return|scf\.yield|stream\.cmd\.execute|"
                         r"stream\.executable\.end|func\.return|return|flow\.return|hal\.return|"
                         r"cf\.br|cf\.cond_br|cf\.switch|util\.unreachable|scf\.condition)\b")

TOKEN_RE = re.compile(r"""
    (?P<str>"(?:[^"\\]|\\.)*")
  | (?P<ssa>%[A-Za-z0-9_.$-]+(?:\#\d+)?(?::\d+)?)
  | (?P<sym>@[A-Za-z0-9_.$-]+)
  | (?P<dtype>![A-Za-z0-9_.]+)
  | (?P<attr>\#[A-Za-z0-9_.]+)
  | (?P<num>-?\d+(?:\.\d+)?(?:e[+-]?\d+)?)
  | (?P<ident>[A-Za-z_][A-Za-z0-9_.$]*)
  | (?P<ws>\s+)
  | (?P<punct>->|::|.)
""", re.X | re.S)


def split_chunks(path):
    text = open(path).read()
    out = []
    for chunk in re.split(r"^// -----.*$", text, flags=re.M):
        lines = [l for l in chunk.splitlines() if not l.lstrip().startswith("//")]
        body = "\n".join(lines).strip()
        if body:
            out.append((os.path.basename(path), body))
    return out


def tokenize(text):
    """Tokens with dialect types/attrs glued to their balanced <...> body."""
    toks = []
    pos = 0
    while pos < len(text):
        m = TOKEN_RE.match(text, pos)
        kind = m.lastgroup
        end = m.end()
        if kind in ("dtype", "attr") or (kind == "ident" and m.group() in ("tensor", "memref", "vector")):
            if end < len(text) and text[end] == "<":
                depth = 0
                j = end
                while j < len(text):
                    if text[j] == "<":
                        depth += 1
                    elif text[j] == ">" and text[j - 1] != "-":
                        depth -= 1
                        if depth == 0:
                            j += 1
                            break
                    j += 1
                end = j
            if kind == "ident":
                kind = "dtype"
        toks.append((kind, text[pos:end]))
        pos = end
    return toks


def is_type(tok):
    kind, s = tok
    return (kind == "dtype" and s.startswith("!")) or (kind == "dtype" and s.startswith(("tensor", "memref", "vector"))) \
        or (kind == "ident" and re.fullmatch(r"index|i\d+|f\d+|bf16", s))


def find_balanced(text, open_ch, close_ch):
    """All (start, end) spans of balanced open..close groups."""
    spans = []
    stack = []
    for i, c in enumerate(text):
        if c == open_ch:
            stack.append(i)
        elif c == close_ch and stack:
            spans.append((stack.pop(), i + 1))
    return spans


def m_token_edit(text, rng):
    toks = tokenize(text)
    idx = [i for i, t in enumerate(toks) if t[0] != "ws"]
    if not idx:
        return None
    i = rng.choice(idx)
    op = rng.choice(["del", "dup", "swap"])
    if op == "del":
        toks[i] = ("ws", " ")
    elif op == "dup":
        toks.insert(i, toks[i])
    else:
        j = rng.choice(idx)
        toks[i], toks[j] = toks[j], toks[i]
    return "".join(t[1] for t in toks), f"token-{op}"


def m_drop_operand(text, rng):
    toks = tokenize(text)
    idx = [i for i, t in enumerate(toks) if t[0] == "ssa"]
    # Only uses (not the defining `%x =`).
    uses = [i for i in idx if not re.match(r"\s*=", "".join(t[1] for t in toks[i + 1:i + 3]))]
    if not uses:
        return None
    i = rng.choice(uses)
    toks[i] = ("ws", "")
    # Drop an adjacent comma.
    for j in (i + 1, i - 1):
        if 0 <= j < len(toks) and toks[j][1] == ",":
            toks[j] = ("ws", "")
            break
    return "".join(t[1] for t in toks), "drop-operand"


def replace_random_token(text, rng, pick, kind, choices, name):
    """Replaces one random token for which pick(toks, i) holds by a random one of `choices`."""
    toks = tokenize(text)
    idx = [i for i in range(len(toks)) if pick(toks, i)]
    if not idx:
        return None
    i = rng.choice(idx)
    toks[i] = (kind, rng.choice(choices))
    return "".join(t[1] for t in toks), name


def m_change_type(text, rng):
    # Leave `array<i32: ...>` element types alone: upstream MLIR's dense-array parser crashes on
    # `array<index: ...>` (llvm-22), which would drown everything else.
    return replace_random_token(
        text, rng,
        lambda toks, i: is_type(toks[i]) and
        not (i >= 2 and toks[i - 1][1] == "<" and toks[i - 2][1] == "array"),
        "dtype", REPLACEMENT_TYPES, "change-type")


def m_size_list(text, rng):
    spans = [s for s in find_balanced(text, "{", "}") if re.fullmatch(r"\{\s*%[^{}]*\}", text[s[0]:s[1]])]
    if not spans:
        return None
    a, b = rng.choice(spans)
    items = [x.strip() for x in text[a + 1:b - 1].split(",") if x.strip()]
    op = rng.choice(["add", "remove", "empty", "braces"])
    if op == "add":
        items.append(rng.choice(items))
        new = "{" + ", ".join(items) + "}"
    elif op == "remove" and items:
        items.pop(rng.randrange(len(items)))
        new = "{" + ", ".join(items) + "}"
    elif op == "empty":
        new = "{}"
    else:
        new = ""
    return text[:a] + new + text[b:], f"size-list-{op}"


def m_regions(text, rng):
    spans = [s for s in find_balanced(text, "{", "}") if "\n" in text[s[0]:s[1]]]
    if not spans:
        return None
    op = rng.choice(["empty", "swap", "empty-block"])
    if op == "empty" or (op == "swap" and len(spans) < 2):
        a, b = rng.choice(spans)
        return text[:a] + "{\n}" + text[b:], "region-empty"
    if op == "empty-block":
        a, b = rng.choice(spans)
        body = text[a + 1:b - 1]
        # Keep block args / label line if any, drop everything else except the terminator.
        lines = body.split("\n")
        keep = [l for l in lines if TERMINATORS.match(l) or re.match(r"\s*\^", l)]
        return text[:a + 1] + "\n".join(keep) + "\n" + text[b - 1:], "region-only-terminator"
    # swap contents of two non-overlapping regions
    rng.shuffle(spans)
    for i in range(len(spans)):
        for j in range(i + 1, len(spans)):
            (a1, b1), (a2, b2) = sorted([spans[i], spans[j]])
            if b1 <= a2:
                return (text[:a1] + text[a2:b2] + text[b1:a2] + text[a1:b1] + text[b2:]), "region-swap"
    return None


def m_symbol(text, rng):
    toks = tokenize(text)
    idx = [i for i, t in enumerate(toks) if t[0] == "sym"]
    if not idx:
        return None
    i = rng.choice(idx)
    toks[i] = ("sym", rng.choice(["@undefined_sym", "@undefined::@nested", toks[rng.choice(idx)][1]]))
    return "".join(t[1] for t in toks), "symbol"


def m_terminator(text, rng):
    lines = text.split("\n")
    idx = [i for i, l in enumerate(lines) if TERMINATORS.match(l)]
    if not idx:
        return None
    i = rng.choice(idx)
    del lines[i]
    return "\n".join(lines), "drop-terminator"


def m_int(text, rng):
    return replace_random_token(text, rng, lambda toks, i: toks[i][0] == "num", "num", ODD_INTS,
                                "int-literal")


def m_ssa_swap(text, rng):
    toks = tokenize(text)
    idx = [i for i, t in enumerate(toks) if t[0] == "ssa"]
    if len(idx) < 2:
        return None
    i, j = rng.choice(idx), rng.choice(idx)
    toks[i] = toks[j]
    return "".join(t[1] for t in toks), "ssa-swap"


def m_drop_line(text, rng):
    lines = text.split("\n")
    if len(lines) < 3:
        return None
    i = rng.randrange(1, len(lines) - 1)
    op = rng.choice(["drop", "dup"])
    if op == "drop":
        del lines[i]
    else:
        lines.insert(i, lines[i])
    return "\n".join(lines), f"line-{op}"


# --- Control-flow mutators (issue 24): valid-looking control flow that makes folders and patterns meet
# unreachable blocks, blocks without predecessors, repeated/negated/constant conditions, loops and
# multi-block regions.

COND_BR = re.compile(r"^(?P<indent>\s*)cf\.cond_br (?P<cond>%[\w.$#-]+), (?P<rest>.*)$")
BR = re.compile(r"^(?P<indent>\s*)cf\.br (?P<dest>\^[\w.$-]+)(?P<args>\(.*\))?\s*$")
SCF_IF = re.compile(r"^(?P<indent>\s*)(?P<lhs>(?:%[\w.$#:-]+ = )?)scf\.if (?P<cond>%[\w.$#-]+)(?P<rest>.*)$")
LABEL = re.compile(r"^\s*(?P<label>\^[\w.$-]+)(?P<args>\(.*\))?:")
OP_LINE = re.compile(r"^(?P<indent>\s*)(?:%[\w.$#:, -]+ = )?[a-z_]+\.[\w.]+")
DEF = re.compile(r"^(\s*)(%[\w.$-]+)((?::\d+)?(?:, %[\w.$-]+(?::\d+)?)*) = ")


def _conditions(lines):
    """(line index, regex match, kind) of the cf.cond_br and scf.if lines."""
    out = []
    for i, line in enumerate(lines):
        for kind, pat in (("cf", COND_BR), ("scf", SCF_IF)):
            m = pat.match(line)
            if m:
                out.append((i, m, kind))
    return out


def _fresh(text, prefix):
    n = 0
    while f"%{prefix}{n}" in text or f"^{prefix}{n}" in text:
        n += 1
    return f"{prefix}{n}"


def _fresh_many(text, prefix, count):
    names, n = [], 0
    while len(names) < count:
        if f"%{prefix}{n}" not in text:
            names.append(f"{prefix}{n}")
        n += 1
    return names


def _set_condition(lines, i, m, kind, cond):
    if kind == "cf":
        lines[i] = f"{m['indent']}cf.cond_br {cond}, {m['rest']}"
    else:
        lines[i] = f"{m['indent']}{m['lhs']}scf.if {cond}{m['rest']}"


def m_cf_condition(text, rng):
    """Repeats another branch's condition (as issue 24's reproducer does), negates a condition, or
    replaces it by a constant."""
    lines = text.split("\n")
    conds = _conditions(lines)
    if not conds:
        return None
    i, m, kind = rng.choice(conds)
    op = rng.choice(["dup", "negate", "const", "swap"])
    if op == "dup" and len(conds) > 1:
        _, other, _ = rng.choice([c for c in conds if c[0] != i])
        _set_condition(lines, i, m, kind, other["cond"])
        return "\n".join(lines), "cf-cond-dup"
    if op == "swap" and kind == "cf":
        # Swapping the successors negates the branch without a new op.
        parts = split_top_level(m["rest"])
        if len(parts) == 2:
            lines[i] = f"{m['indent']}cf.cond_br {m['cond']}, {parts[1]}, {parts[0]}"
            return "\n".join(lines), "cf-cond-swap"
    name = _fresh(text, "fuzzc")
    if op == "negate":
        true = _fresh(text + name, "fuzzt")
        lines[i:i] = [f"{m['indent']}%{true} = arith.constant true",
                      f"{m['indent']}%{name} = arith.xori {m['cond']}, %{true} : i1"]
        _set_condition(lines, i + 2, m, kind, f"%{name}")
        return "\n".join(lines), "cf-cond-negate"
    lines[i:i] = [f"{m['indent']}%{name} = arith.constant {rng.choice(['true', 'false'])}"]
    _set_condition(lines, i + 1, m, kind, f"%{name}")
    return "\n".join(lines), "cf-cond-const"


def split_top_level(s):
    """Splits `a(b, c), d` at top-level commas."""
    parts, depth, cur = [], 0, ""
    for ch in s:
        if ch in "([{<":
            depth += 1
        elif ch in ")]}>":
            depth -= 1
        if ch == "," and depth == 0:
            parts.append(cur.strip())
            cur = ""
        else:
            cur += ch
    parts.append(cur.strip())
    return parts


def _block_lines(lines):
    """Indices of op lines that are followed by another op line of the same indentation (a place where
    a block can be split) and of terminator lines (after which a block can be added)."""
    splits, terms = [], []
    for i, line in enumerate(lines):
        m = OP_LINE.match(line)
        if not m or line.rstrip().endswith(("{", "[")):
            continue
        if TERMINATORS.match(line) and not line.lstrip().startswith("stream.cmd.execute"):
            terms.append(i)
        elif i + 1 < len(lines) and OP_LINE.match(lines[i + 1]) and \
                len(lines[i + 1]) - len(lines[i + 1].lstrip()) == len(m["indent"]):
            splits.append(i + 1)
    return splits, terms


def _pick_block_line(text, rng, terminator):
    """(lines, index, indentation, terminator indices) for a random split point (or, with `terminator`,
    terminator line) of `text`; None when there is none."""
    lines = text.split("\n")
    splits, terms = _block_lines(lines)
    pool = terms if terminator else splits
    if not pool:
        return None
    i = rng.choice(pool)
    return lines, i, lines[i][:len(lines[i]) - len(lines[i].lstrip())], terms


def _label_line(indent, label):
    """A block label line for ops indented by `indent`."""
    return f"{indent[:-2] if len(indent) >= 2 else ''}{label}:"


def m_cf_split_block(text, rng):
    """Ends a block with `cf.br` to a new block holding the rest of it."""
    picked = _pick_block_line(text, rng, terminator=False)
    if not picked:
        return None
    lines, i, indent, _ = picked
    label = "^" + _fresh(text, "fuzzsplit")
    lines[i:i] = [f"{indent}cf.br {label}", _label_line(indent, label)]
    return "\n".join(lines), "cf-split-block"


def m_cf_unreachable_block(text, rng):
    """Adds a block without predecessors after a terminator: copies of earlier ops (results renamed)
    and of a terminator, so it uses values and branches into live blocks."""
    picked = _pick_block_line(text, rng, terminator=True)
    if not picked:
        return None
    lines, t, indent, terms = picked
    label = "^" + _fresh(text, "fuzzdead")
    body = []
    candidates = [l for l in lines[:t] if OP_LINE.match(l) and not l.rstrip().endswith(("{", "["))
                  and not TERMINATORS.match(l) and l.startswith(indent)]
    for line in rng.sample(candidates, min(len(candidates), rng.randint(0, 3))):
        d = DEF.match(line)
        if d:
            taken = text + "".join(body)
            fresh = iter(_fresh_many(taken, "fuzzv", line[:d.end()].count("%")))
            line = re.sub(r"%[\w.$-]+", lambda _: "%" + next(fresh), line[:d.end()]) + line[d.end():]
        body.append(indent + line.strip())
    term_candidates = [lines[k] for k in terms if lines[k].startswith(indent)]
    body.append(indent + rng.choice(term_candidates).strip())
    lines[t + 1:t + 1] = [_label_line(indent, label)] + body
    return "\n".join(lines), "cf-unreachable-block"


def m_cf_loop(text, rng):
    """Turns a `cf.br` into a conditional back edge to the top of its own block."""
    lines = text.split("\n")
    cands = []
    for i, line in enumerate(lines):
        m = BR.match(line)
        if not m:
            continue
        for j in range(i - 1, -1, -1):
            lm = LABEL.match(lines[j])
            if lm:
                if not lm["args"]:
                    cands.append((i, m, lm["label"]))
                break
            if lines[j].rstrip().endswith("{"):
                break
    if not cands:
        return None
    i, m, label = rng.choice(cands)
    conds = [c[1]["cond"] for c in _conditions(lines)] or [None]
    cond = rng.choice(conds)
    pre = []
    if cond is None:
        cond = "%" + _fresh(text, "fuzzc")
        pre = [f"{m['indent']}{cond} = arith.constant {rng.choice(['true', 'false'])}"]
    lines[i:i + 1] = pre + [f"{m['indent']}cf.cond_br {cond}, {label}, {m['dest']}{m['args'] or ''}"]
    return "\n".join(lines), "cf-loop"


MUTATORS = [
    (m_token_edit, 4), (m_drop_operand, 3), (m_change_type, 4), (m_size_list, 3), (m_regions, 2),
    (m_symbol, 2), (m_terminator, 1), (m_int, 3), (m_ssa_swap, 2), (m_drop_line, 2),
    (m_cf_condition, 2), (m_cf_split_block, 2), (m_cf_unreachable_block, 2), (m_cf_loop, 2),
]


def mutate(text, rng):
    names = []
    n = rng.choice([1, 1, 1, 2, 3])
    funcs, weights = zip(*MUTATORS)
    for _ in range(n):
        for _attempt in range(8):
            f = rng.choices(funcs, weights)[0]
            r = f(text, rng)
            if r is not None:
                text, name = r
                names.append(name)
                break
    return text, names


def generic_seeds(opt, chunks):
    """Generic-form (`--mlir-print-op-generic`) prints of the splits that parse and verify."""
    seeds = []
    by_src = {}
    for src, text in chunks:
        by_src.setdefault(src, []).append(text)
    for src, texts in by_src.items():
        with tempfile.NamedTemporaryFile("w", suffix=".mlir", delete=False) as f:
            f.write("\n// -----\n".join(texts))
            path = f.name
        try:
            p = subprocess.run([opt, "--split-input-file", "--mlir-print-op-generic", path],
                               stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, timeout=120,
                               env=dict(os.environ, ASAN_OPTIONS="detect_leaks=0:allow_user_poisoning=0"))
            for out in re.split(r"^// -----.*$", p.stdout.decode(errors="replace"), flags=re.M):
                out = out.strip()
                if out:
                    seeds.append((src + "(generic)", out))
        except subprocess.TimeoutExpired:
            pass
        finally:
            os.unlink(path)
    return seeds


def generated_seeds(per_shape):
    """Small programs of every level x shape of the shared benchmark generator."""
    if per_shape <= 0:
        return []
    import importlib.util
    spec = importlib.util.spec_from_file_location("gen_program", os.path.join(ROOT, "bench", "passes", "gen-program.py"))
    gen = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(gen)
    seeds = []
    for level in gen.LEVELS:
        for shape in gen.SHAPES:
            if level not in gen.shape_levels(shape):
                continue
            for seed in range(per_shape):
                options = {"payload": "barrier"} if seed % 2 and shape in ("cfchain", "scfif", "scffor", "switch") \
                    else {}
                try:
                    text, _ = gen.generate(level, shape, 60 + 20 * seed, seed, options)
                except SystemExit:
                    continue  # a shape or knob this level cannot spell (e.g. `inplace` outside async)
                seeds.append((f"gen:{level}/{shape}", text.split("\n", 1)[1].strip()))
    return seeds


def calls_program(rng):
    """One random program of allocating helpers called from exported functions (external-transients.md
    §9.2): private helpers `@h<i>` allocate transients (constant sizes or sizes computed from their
    argument) that a command writes and reads, and call earlier helpers (a DAG; in a loop, in a branch, or
    twice in a row); public functions `@e<k>` do the same and end with `stream.resource.transients` on
    their storage argument. Some allocas are side work (not on the result's timeline: unplaced)."""
    lines = []
    helpers = rng.randint(1, 4)

    def body(fn, n, tp, callable_helpers, out):
        count = [0]

        def fresh(p):
            count[0] += 1
            return f"%{p}{count[0]}"
        def call(result, callee, arg, indent="  "):
            return (f"{indent}{result} = util.call {callee}({n}, {arg}) : (index, !stream.timepoint) -> "
                    "!stream.timepoint")
        out.append("  %c0 = arith.constant 0 : index")
        out.append("  %c1 = arith.constant 1 : index")
        out.append("  %c0_i32 = arith.constant 0 : i32")
        for _ in range(rng.randint(1, 4)):
            kind = rng.choice(["alloca", "alloca", "call", "call", "loop", "branch", "side"]
                              if callable_helpers else ["alloca", "alloca", "side"])
            if kind in ("alloca", "side"):
                size = fresh("s")
                if rng.random() < 0.5:
                    out.append(f"  {size} = arith.constant {rng.choice([64, 256, 1024, 4096])} : index")
                else:
                    k = fresh("k")
                    out.append(f"  {k} = arith.constant {rng.choice([1, 2, 4])} : index")
                    out.append(f"  {size} = arith.muli {n}, {k} : index")
                a, atp, e, d = fresh("a"), fresh("atp"), fresh("e"), fresh("d")
                out.append(f"  {a}, {atp} = stream.resource.alloca uninitialized await({tp}) => "
                           f"!stream.resource<transient>{{{size}}} => !stream.timepoint")
                out.append(f"  {e} = stream.cmd.execute await({atp}) => with({a} as %x: "
                           f"!stream.resource<transient>{{{size}}}) {{")
                out.append(f"    stream.cmd.fill %c0_i32, %x[%c0 for {size}] : i32 -> "
                           f"!stream.resource<transient>{{{size}}}")
                out.append(f"    stream.cmd.flush %x[%c0 for {size}] : !stream.resource<transient>{{{size}}}")
                out.append("  } => !stream.timepoint")
                out.append(f"  {d} = stream.resource.dealloca await({e}) => {a} : "
                           f"!stream.resource<transient>{{{size}}} => !stream.timepoint")
                if kind == "alloca":
                    tp = d
            elif kind == "call":
                callee = rng.choice(callable_helpers)
                for _ in range(rng.choice([1, 1, 2])):
                    t = fresh("t")
                    out.append(call(t, callee, tp))
                    tp = t
            elif kind == "loop":
                callee = rng.choice(callable_helpers)
                ub, r = fresh("ub"), fresh("r")
                out.append(f"  {ub} = arith.constant {rng.randint(1, 4)} : index")
                out.append(f"  {r} = scf.for %i = %c0 to {ub} step %c1 iter_args(%it = {tp}) -> (!stream.timepoint) {{")
                out += [call("%lt", callee, "%it", "    "), "    scf.yield %lt : !stream.timepoint"]
                out.append("  }")
                tp = r
            else:  # branch
                callee = rng.choice(callable_helpers)
                cond, r = fresh("cond"), fresh("r")
                out.append(f"  {cond} = arith.cmpi ult, {n}, %c1 : index")
                out.append(f"  {r} = scf.if {cond} -> (!stream.timepoint) {{")
                out += [call("%bt", callee, tp, "    "), "    scf.yield %bt : !stream.timepoint"]
                out.append("  } else {")
                out.append(f"    scf.yield {tp} : !stream.timepoint")
                out.append("  }")
                tp = r
        return tp

    for i in range(helpers):
        out = [f"util.func private @h{i}(%n: index, %await: !stream.timepoint) -> !stream.timepoint {{"]
        tp = body(f"h{i}", "%n", "%await", [f"@h{j}" for j in range(i)], out)
        out.append(f"  util.return {tp} : !stream.timepoint")
        out.append("}")
        lines += out
    for k in range(rng.randint(1, 3)):
        out = [f"util.func public @e{k}(%input: !stream.resource<*>, %input_size: index, "
               "%storage: !stream.resource<transient>, %storage_size: index, %await: !stream.timepoint) -> "
               "(!stream.resource<*>, !stream.timepoint) {"]
        tp = body(f"e{k}", "%input_size", "%await", [f"@h{j}" for j in range(helpers)], out)
        out.append(f"  %result, %result_tp = stream.resource.transients await({tp}) => %input : "
                   "!stream.resource<*>{%input_size} from %storage : !stream.resource<transient>{%storage_size} "
                   "=> !stream.timepoint")
        out.append("  util.return %result, %result_tp : !stream.resource<*>, !stream.timepoint")
        out.append("}")
        lines += out
    return "\n".join(lines)


def calls_seeds(count, seed):
    """`count` programs of `calls_program` (deterministic for `seed`)."""
    rng = random.Random(seed)
    return [("gen:calls", calls_program(rng)) for _ in range(count)]


# Modes whose seeds include the generated programs with calls.
CALLS_MODES = ("transients-calls", "transients-calls-liveness", "emplace-transients-sluice", "memory-report",
               "dump-timeline")


def crash_signature(log):
    sig = []
    for pat in CRASH_PATTERNS:
        m = pat.search(log)
        if m:
            line = log[log.rfind("\n", 0, m.start()) + 1:log.find("\n", m.end())]
            sig.append(re.sub(r"0x[0-9a-f]+|==\d+==", "", line).strip()[:200])
            break
    # First stack frame in Sluice code: ASan frames (`#3 0x.. in fn file:line`) or LLVM's
    # signal-handler frames (`#4 0x.. fn (binary+0x..)`).
    # The innermost named frame past the signal/sanitizer machinery (often upstream MLIR).
    for m in re.finditer(r"^\s*#\d+ 0x[0-9a-f]+ (?:in )?(\S.*)$", log, re.M):
        frame = m.group(1)
        if frame.startswith("(") or re.search(r"PrintStackTrace|SignalHandler|__sanitizer|__asan|__ubsan|"
                                              r"_interceptor_|abort|raise|__assert|libc\.so|pthread_kill", frame):
            continue
        sig.append(re.sub(r"\(/\S+\)$|/\S*/", "", frame).strip()[:120])
        break
    for m in re.finditer(r"^\s*#\d+ 0x[0-9a-f]+ (?:in )?(.*)$", log, re.M):
        frame = m.group(1)
        if "sluice::" in frame:
            fn = re.sub(r"\(/\S+\)$|/\S*/", "", frame).strip()
            sig.append(fn[:160])
            break
    if log.startswith("TIMEOUT"):
        sig.insert(0, "TIMEOUT")
    return " | ".join(sig) or "unknown"


def run(opt, mode, text, timeout, reference=None):
    """Runs `opt` on `text`: (crashed, log, returncode, differs). With `reference` (a second sluice-opt),
    also runs it on the same file and `differs` tells whether the two printed different output,
    diagnostics or exit statuses (differential mode: a change meant to keep the output identical)."""
    with tempfile.NamedTemporaryFile("w", suffix=".mlir", delete=False) as f:
        f.write(text)
        path = f.name
    env = dict(os.environ)
    env.setdefault("ASAN_OPTIONS", "detect_leaks=0:allow_user_poisoning=0:abort_on_error=1:symbolize=1")
    env.setdefault("UBSAN_OPTIONS", "print_stacktrace=1:halt_on_error=1")
    capture = subprocess.PIPE if reference else subprocess.DEVNULL
    try:
        cmd = ["--split-input-file"] + MODES[mode][0] + [path]
        p = subprocess.run([opt] + cmd, stdout=capture, stderr=subprocess.PIPE, timeout=timeout, env=env)
        log = p.stderr.decode(errors="replace")
        crashed = p.returncode < 0 or any(pat.search(log) for pat in CRASH_PATTERNS)
        differs = False
        if reference and not crashed:
            r = subprocess.run([reference] + cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                               timeout=timeout, env=env)
            differs = (r.returncode, r.stdout, r.stderr) != (p.returncode, p.stdout, p.stderr)
            if differs:
                log = (f"DIFFERS from {reference} (exit {r.returncode} vs {p.returncode})\n"
                       + "".join(difflib.unified_diff(
                           (r.stdout + r.stderr).decode(errors="replace").splitlines(True),
                           (p.stdout + p.stderr).decode(errors="replace").splitlines(True),
                           "reference", "opt", n=2)))
        return crashed, log, p.returncode, differs
    except subprocess.TimeoutExpired as e:
        return True, "TIMEOUT (hang)\n" + (e.stderr or b"").decode(errors="replace"), None, False
    finally:
        os.unlink(path)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--opt", default=os.path.join(ROOT, "build-dev", "bin", "sluice-opt"))
    ap.add_argument("--tests", default=None,
                    help="comma-separated seed globs (relative to the source root or absolute) replacing every "
                         "mode's own seed globs")
    ap.add_argument("--seconds", type=float, default=600)
    ap.add_argument("--max-mutants", type=int, default=0, help="stop after this many mutants per mode (0: time only)")
    ap.add_argument("--seed", type=int, default=None)
    ap.add_argument("--out", default="/tmp/fuzz-ir")
    ap.add_argument("--modes", default="verify,canon")
    ap.add_argument("--list-modes", action="store_true", help="print the modes with their flags and seeds")
    ap.add_argument("--gen-seeds", type=int, default=2,
                    help="also seed with this many small programs per level x shape of bench/passes/gen-program.py "
                         "(control flow, awaits, parameters, multi-device; 0: none)")
    ap.add_argument("--calls-seeds", type=int, default=60,
                    help="for the modes with calls (transients-calls, ...), also seed with this many generated "
                         "programs of allocating helpers called from exported functions")
    ap.add_argument("--batch", type=int, default=25)
    ap.add_argument("--jobs", type=int, default=1, help="sluice-opt processes run at once (default 1)")
    ap.add_argument("--timeout", type=float, default=30)
    ap.add_argument("--reference", default=None,
                    help="differential mode: also run every mutant on this second sluice-opt (e.g. a saved build "
                         "of the base commit); a mutant whose output, diagnostics or exit status differ is a "
                         "finding (for changes meant to keep the output byte-identical)")
    ap.add_argument("--generic", action=argparse.BooleanOptionalAction, default=True,
                    help="also seed with the generic-form print of every valid split (reaches verifiers the "
                         "custom parsers would reject first)")
    args = ap.parse_args()

    if args.list_modes:
        for mode, (flags, globs) in MODES.items():
            print(f"{mode}: sluice-opt --split-input-file {' '.join(flags)}  seeds: {' '.join(globs)}")
        return 0
    seed = args.seed if args.seed is not None else int(time.time())
    rng = random.Random(seed)
    os.makedirs(args.out, exist_ok=True)
    modes = args.modes.split(",")
    for mode in modes:
        if mode not in MODES:
            raise SystemExit(f"fuzz-ir: unknown mode '{mode}' (one of {', '.join(MODES)})")
    # Seed splits per distinct glob set (modes usually share one).
    seeds_by_globs = {}
    mode_chunks = {}
    for mode in modes:
        globs = tuple(args.tests.split(",")) if args.tests else MODES[mode][1]
        key = (globs, mode in CALLS_MODES)
        if key not in seeds_by_globs:
            paths = sorted({p for g in globs
                            for p in glob.glob(g if os.path.isabs(g) else os.path.join(ROOT, g), recursive=True)})
            chunks = [c for p in paths for c in split_chunks(p)]
            if args.generic:
                chunks += generic_seeds(args.opt, chunks)
            chunks += generated_seeds(args.gen_seeds)
            if mode in CALLS_MODES:
                chunks += calls_seeds(args.calls_seeds, seed)
            if not chunks:
                raise SystemExit(f"fuzz-ir: no seed splits match {', '.join(globs)}")
            seeds_by_globs[key] = chunks
        mode_chunks[mode] = seeds_by_globs[key]
    print(f"seed={seed} splits={ {m: len(c) for m, c in mode_chunks.items()} } modes={modes} opt={args.opt}",
          flush=True)

    counts = {m: 0 for m in modes}
    seen = {}
    deadline = time.time() + args.seconds
    nfind = 0

    def next_batch(mode):
        batch = []
        for _ in range(args.batch):
            src, chunk = rng.choice(mode_chunks[mode])
            text, names = mutate(chunk, rng)
            if "array<index" in text:  # known upstream parser crash, see m_change_type
                continue
            batch.append((src, names, text))
        return batch

    def triage(mode, batch):
        # A batch crashed: rerun its mutants one by one to find and save the culprits.
        nonlocal nfind
        for src, names, text in batch:
            crashed, log, rc, differs = run(args.opt, mode, text, args.timeout, args.reference)
            if not crashed and not differs:
                continue
            sig = crash_signature(log) if crashed else "DIFFERS"
            seen.setdefault((mode, sig), 0)
            seen[(mode, sig)] += 1
            if seen[(mode, sig)] > 3:
                continue
            nfind += 1
            base = os.path.join(args.out, f"{mode}-{nfind:04d}")
            with open(base + ".mlir", "w") as f:
                f.write(f"// source: {src} mutations: {' '.join(names)} rc={rc}\n{text}\n")
            with open(base + ".log", "w") as f:
                f.write(log)
            print(f"FINDING {base}.mlir [{mode}] {src} {names}: {sig}", flush=True)

    def done():
        if time.time() >= deadline:
            return True
        return args.max_mutants and all(counts[m] >= args.max_mutants for m in modes)

    # Mutants are generated on this thread (deterministic for a seed); batches run in up to --jobs
    # sluice-opt processes at once; crashed batches are triaged here, one at a time.
    mode_cycle = 0
    in_flight = {}
    with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        while in_flight or not done():
            while not done() and len(in_flight) < max(1, args.jobs):
                mode = modes[mode_cycle % len(modes)]
                mode_cycle += 1
                if args.max_mutants and counts[mode] >= args.max_mutants:
                    continue
                batch = next_batch(mode)
                counts[mode] += len(batch)
                text = "\n// -----\n".join(b[2] for b in batch)
                in_flight[pool.submit(run, args.opt, mode, text, args.timeout * 2, args.reference)] = (mode, batch)
            if not in_flight:
                break
            finished, _ = concurrent.futures.wait(in_flight, return_when=concurrent.futures.FIRST_COMPLETED)
            for fut in finished:
                mode, batch = in_flight.pop(fut)
                crashed, _, _, differs = fut.result()
                if crashed or differs:
                    triage(mode, batch)
    print(f"mutants per mode: {counts}", flush=True)
    print(f"distinct signatures: {len(seen)}", flush=True)
    for (mode, sig), n in sorted(seen.items(), key=lambda kv: -kv[1]):
        print(f"  {n:5d} [{mode}] {sig}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
