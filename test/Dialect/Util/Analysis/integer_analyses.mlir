// REQUIRES: sluice-opt
// The two ways the integer range and divisibility analyses run
// (lib/Dialect/Util/Analysis/IntegerAnalyses.cpp): a single walk for a
// straight-line function, the dataflow solver otherwise. `report` names the
// way taken; `check` runs both and fails on any difference; the rewrites are
// the same whichever way runs (the last three RUN lines hide the expected
// remarks, which the first one checks).
// RUN: sluice-opt --split-input-file --verify-diagnostics --sluice-integer-analyses=report --pass-pipeline='builtin.module(util.func(iree-util-optimize-int-arithmetic))' %s -o /dev/null
// RUN: sed -e 's/expected-remark/remark/' %s | sluice-opt --split-input-file --sluice-integer-analyses=check --pass-pipeline='builtin.module(util.func(iree-util-optimize-int-arithmetic))' | FileCheck %s
// RUN: sed -e 's/expected-remark/remark/' %s | sluice-opt --split-input-file --sluice-integer-analyses=solver --pass-pipeline='builtin.module(util.func(iree-util-optimize-int-arithmetic))' | FileCheck %s
// RUN: sed -e 's/expected-remark/remark/' %s | sluice-opt --split-input-file --sluice-integer-analyses=auto --pass-pipeline='builtin.module(util.func(iree-util-optimize-int-arithmetic))' | FileCheck %s

// Ranges and divisibilities through a straight-line body, including an op
// nested in an execute region that reads a value from outside it.
// CHECK-LABEL: @straight_line
// expected-remark @+1 {{integer analyses: straight-line walk}}
util.func public @straight_line(%arg0: index, %arg1: i32) -> (i1, index, index, !stream.resource<*>) {
  %0 = util.assume.int %arg0<umin = 0, umax = 100> : index
  %1 = util.assume.int %arg1<umin = 0, umax = 9> : i32
  %c4 = arith.constant 4 : index
  %c4_i32 = arith.constant 4 : i32
  %c16 = arith.constant 16 : index
  %c200 = arith.constant 200 : index
  // CHECK: %[[TRUE:.+]] = arith.constant true
  %lt = arith.cmpi ult, %0, %c200 : index
  // CHECK: arith.divui
  %div = arith.divsi %0, %c4 : index
  %mul = arith.muli %arg0, %c16 : index
  // CHECK-NOT: arith.remui
  %rem = arith.remui %mul, %c4 : index
  // CHECK: stream.async.execute
  %result, %tp = stream.async.execute with() -> !stream.resource<*>{%c16} {
    // CHECK: arith.divui %{{.+}}, %c4_i32
    %inner = arith.divsi %1, %c4_i32 : i32
    %splat = stream.async.splat %inner : i32 -> !stream.resource<*>{%c16}
    stream.yield %splat : !stream.resource<*>{%c16}
  } => !stream.timepoint
  %ready = stream.timepoint.await %tp => %result : !stream.resource<*>{%c16}
  // CHECK: util.return %[[TRUE]]
  util.return %lt, %div, %rem, %ready : i1, index, index, !stream.resource<*>
}

// -----

// A dimension of a buffer view argument: the transfer function reads the
// non-integer argument's entry state.
// CHECK-LABEL: @dim_of_argument
// expected-remark @+1 {{integer analyses: straight-line walk}}
util.func public @dim_of_argument(%view: !hal.buffer_view) -> i1 {
  %c = arith.constant 9007199254740992 : index
  %dim = hal.buffer_view.dim<%view : !hal.buffer_view>[0] : index
  // CHECK: %[[TRUE:.+]] = arith.constant true
  %lt = arith.cmpi ult, %dim, %c : index
  // CHECK: util.return %[[TRUE]]
  util.return %lt : i1
}

// -----

// A loop: the solver runs.
// CHECK-LABEL: @loop
// expected-remark @+1 {{integer analyses: solver (an op with regions other than a single-region op that always enters and leaves its region with no integer: 'scf.for')}}
util.func public @loop(%arg0: index) -> index {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c8 = arith.constant 8 : index
  // CHECK: scf.for
  %sum = scf.for %i = %c0 to %c8 step %c1 iter_args(%acc = %c0) -> (index) {
    // CHECK: arith.divui
    %q = arith.divsi %i, %c2 : index
    %next = arith.addi %acc, %q : index
    scf.yield %next : index
  }
  util.return %sum : index
}

// -----

// Several blocks: the solver runs.
// CHECK-LABEL: @blocks
// expected-remark @+1 {{integer analyses: solver (the body has several blocks)}}
util.func public @blocks(%arg0: index) -> index {
  %0 = util.assume.int %arg0<umin = 0, umax = 7> : index
  cf.br ^bb1(%0 : index)
^bb1(%1: index):
  %c2 = arith.constant 2 : index
  // CHECK: arith.divui
  %2 = arith.divsi %1, %c2 : index
  util.return %2 : index
}

// -----

// A call: the solver runs (the callee, analysed on its own, is straight-line).
// expected-remark @+1 {{integer analyses: straight-line walk}}
util.func private @callee(%arg0: index) -> index {
  util.return %arg0 : index
}
// CHECK-LABEL: @caller
// expected-remark @+1 {{integer analyses: solver (a call: 'util.call')}}
util.func public @caller(%arg0: index) -> index {
  %0 = util.assume.int %arg0<umin = 0, umax = 7> : index
  %1 = util.call @callee(%0) : (index) -> index
  %c2 = arith.constant 2 : index
  // CHECK: arith.divsi
  %2 = arith.divsi %1, %c2 : index
  util.return %2 : index
}
