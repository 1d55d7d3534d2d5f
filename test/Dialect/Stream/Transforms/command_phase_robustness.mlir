// RUN: sluice-opt --split-input-file --verify-each --pass-pipeline='builtin.module(util.func(iree-stream-pack-constants))' %s | FileCheck %s --check-prefix=PC
// RUN: sluice-opt --split-input-file --verify-each --pass-pipeline='builtin.module(util.func(iree-stream-layout-slices))' %s | FileCheck %s --check-prefix=LS
// RUN: sluice-opt --split-input-file --verify-each --sluice-stream-layout-strategy=best --pass-pipeline='builtin.module(util.func(iree-stream-layout-slices))' %s | FileCheck %s --check-prefix=LS
// RUN: sluice-opt --split-input-file --verify-each --pass-pipeline='builtin.module(util.func(iree-stream-reuse-allocations))' %s | FileCheck %s --check-prefix=RA
// RUN: sluice-opt --split-input-file --verify-each --iree-stream-automatic-reference-counting %s | FileCheck %s --check-prefix=ARC
// REQUIRES: sluice-opt

// Shapes of valid IR the command-phase passes must not trip over: ops in an
// unreachable self-looping block, bodiless and empty functions, and ops nested
// in both regions of an scf.while. (schedule-allocation has its own cases in
// schedule_allocation.mlir.)

// An unreachable block that branches to itself is rewritten like any block
// (pack-constants, layout-slices, reuse-allocations); reference counting skips
// the function (more than one block).

// PC-LABEL: @unreachableSelfLoop
// LS-LABEL: @unreachableSelfLoop
// RA-LABEL: @unreachableSelfLoop
// ARC-LABEL: @unreachableSelfLoop
util.func public @unreachableSelfLoop(%size: index) {
  util.return
// PC: ^bb1:
^bb1:
  %c100 = arith.constant 100 : index
  // LS-NOT: stream.resource.pack
  // LS: %[[C0:.+]] = arith.constant 0 : index
  // LS: util.optimization_barrier %c128{{.*}}, %[[C0]], %[[C0]]
  %t:3 = stream.resource.pack slices({
    [0, 1] = %c100,
    [2, 3] = %c100
  }) : index
  util.optimization_barrier %t#0, %t#1, %t#2 : index, index, index
  // PC-NOT: stream.resource.constants
  // PC: stream.resource.try_map
  // PC: %[[IF:.+]]:2 = scf.if
  // PC: %[[VIEW:.+]] = stream.resource.subview %[[IF]]#1
  // PC: stream.resource.dealloca await(%[[IF]]#0) => %[[VIEW]]
  %0:2 = stream.resource.constants :
    !stream.resource<constant>{%c100} = dense<1> : tensor<25xi32>
    => !stream.timepoint
  // RA-NOT: stream.resource.dealloca
  // RA-NOT: stream.resource.alloca uninitialized await
  // ARC-NOT: stream.resource.dealloca origin
  %d = stream.resource.dealloca await(%0#1) => %0#0 : !stream.resource<constant>{%c100} => !stream.timepoint
  %r, %rtp = stream.resource.alloca uninitialized await(%d) => !stream.resource<constant>{%c100} => !stream.timepoint
  // RA: stream.resource.alloca uninitialized : !stream.resource<transient>
  %a, %atp = stream.resource.alloca uninitialized : !stream.resource<transient>{%size} => !stream.timepoint
  // PC: cf.br ^bb1
  // LS: cf.br ^bb1
  // RA: cf.br ^bb1
  // ARC: cf.br ^bb1
  cf.br ^bb1
}

// -----

// Functions without a body and with an empty one are left alone.

// PC-LABEL: util.func private @external
// LS-LABEL: util.func private @external
// RA-LABEL: util.func private @external
// ARC-LABEL: util.func private @external
util.func private @external(%arg0: !stream.resource<external>) -> !stream.timepoint
// PC-LABEL: util.func public @empty
// PC-NEXT: util.return
// LS-LABEL: util.func public @empty
// LS-NEXT: util.return
// RA-LABEL: util.func public @empty
// RA-NEXT: util.return
// ARC-LABEL: util.func public @empty
// ARC-NEXT: util.return
util.func public @empty() {
  util.return
}

// -----

// Ops in both regions of an scf.while are rewritten in place (pack-constants,
// layout-slices); reuse-allocations only visits top-level allocas (RA1) and
// reference counting is conservative for a loop without a timepoint result.

// PC-LABEL: @whileLoop
// LS-LABEL: @whileLoop
// RA-LABEL: @whileLoop
// ARC-LABEL: @whileLoop
util.func public @whileLoop(%size: index, %cond: i1) -> index {
  %c100 = arith.constant 100 : index
  %r = scf.while (%x = %c100) : (index) -> index {
    // LS-NOT: stream.resource.pack
    // LS: %[[ALIGNED:.+]] = util.align %{{.+}}, %c64 : index
    // LS: scf.condition(%{{.+}}) %[[ALIGNED]] : index
    // PC: stream.resource.pack
    %t:2 = stream.resource.pack slices({
      [0, 1] = %x
    }) : index
    scf.condition(%cond) %t#0 : index
  } do {
  ^bb0(%y: index):
    // PC-NOT: stream.resource.constants
    // PC: %[[ALLOC:.+]] = stream.resource.alloc uninitialized : !stream.resource<variable>
    // PC: %[[READ:.+]] = stream.file.read
    // PC: stream.resource.alloca uninitialized await(%[[READ]])
    %0:2 = stream.resource.constants :
      !stream.resource<variable>{%c100} = dense<1> : tensor<25xi32>
      => !stream.timepoint
    // RA: stream.resource.alloca uninitialized await
    // ARC: stream.resource.alloca uninitialized await
    // ARC-NOT: stream.resource.dealloca
    %a, %atp = stream.resource.alloca uninitialized await(%0#1) => !stream.resource<transient>{%size} => !stream.timepoint
    scf.yield %y : index
  }
  util.return %r : index
}
