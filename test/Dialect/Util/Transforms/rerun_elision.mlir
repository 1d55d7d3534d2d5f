// REQUIRES: sluice-opt
// Rerun elision (UnchangedIR.h): a cleanup pass whose previous run on the op
// changed nothing is skipped while no pass changed anything since. The lit
// suite checks every claim (SLUICE_CHECK_UNCHANGED=1), which runs and checks
// the runs it would skip; these runs turn the check off to skip for real.
//
// canonicalize folds the addition; cse then finds nothing, the second
// canonicalize finds nothing, and the second cse (nothing changed since the
// first) is skipped:
// RUN: env SLUICE_CHECK_UNCHANGED=0 sluice-opt --sluice-report-elided-reruns --pass-pipeline='builtin.module(util.func(canonicalize,cse,canonicalize,cse))' %s -o %t.elided 2>&1 | FileCheck %s --check-prefix=REPORT
// REPORT: sluice-elided-reruns: 1 of 4 runs skipped
// RUN: env SLUICE_CHECK_UNCHANGED=0 sluice-opt --sluice-elide-reruns=false --pass-pipeline='builtin.module(util.func(canonicalize,cse,canonicalize,cse))' %s -o %t.full
// RUN: diff %t.elided %t.full
// RUN: FileCheck %s --input-file=%t.elided
//
// The whole stream pipeline gives the same output with and without it:
// RUN: env SLUICE_CHECK_UNCHANGED=0 sluice-opt --iree-stream-transformation-pipeline %S/../../../../examples/flow_mlp_parameters.mlir -o %t.mlp.elided
// RUN: env SLUICE_CHECK_UNCHANGED=0 sluice-opt --sluice-elide-reruns=false --iree-stream-transformation-pipeline %S/../../../../examples/flow_mlp_parameters.mlir -o %t.mlp.full
// RUN: diff %t.mlp.elided %t.mlp.full
// RUN: env SLUICE_CHECK_UNCHANGED=0 sluice-opt --iree-stream-transformation-pipeline %S/../../../../examples/flow_multi_device.mlir -o %t.md.elided
// RUN: env SLUICE_CHECK_UNCHANGED=0 sluice-opt --sluice-elide-reruns=false --iree-stream-transformation-pipeline %S/../../../../examples/flow_multi_device.mlir -o %t.md.full
// RUN: diff %t.md.elided %t.md.full
// With scf ops, convert-scf-to-cf runs MLIR's conversion (otherwise it says
// "unchanged" and the stretch of skips goes on):
// RUN: env SLUICE_CHECK_UNCHANGED=0 sluice-opt --iree-stream-transformation-pipeline %S/../../../../examples/flow_scf_loop.mlir -o %t.scf.elided
// RUN: env SLUICE_CHECK_UNCHANGED=0 sluice-opt --sluice-elide-reruns=false --iree-stream-transformation-pipeline %S/../../../../examples/flow_scf_loop.mlir -o %t.scf.full
// RUN: diff %t.scf.elided %t.scf.full
// RUN: FileCheck %s --check-prefix=SCF --input-file=%t.scf.elided
// SCF-NOT: scf.
// SCF: cf.cond_br

// CHECK-LABEL: util.func public @fold
// CHECK-NEXT: util.return %arg0
util.func public @fold(%x: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %0 = arith.addi %x, %c0 : i32
  util.return %0 : i32
}
