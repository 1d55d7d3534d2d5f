// REQUIRES: sluice-opt
// RUN: sluice-opt --split-input-file --iree-stream-elide-timepoints %s | FileCheck %s

// A join of immediates is immediate: its result becomes an immediate right
// after it.

// CHECK-LABEL: @immediateJoin
// CHECK-SAME: () -> !stream.timepoint {
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_]+]] = stream.timepoint.immediate => !stream.timepoint
// CHECK-NEXT: %[[V1:[a-zA-Z0-9_]+]] = stream.timepoint.immediate => !stream.timepoint
// CHECK-NEXT: %[[V2:[a-zA-Z0-9_]+]] = stream.timepoint.join max(%[[V0]], %[[V1]]) => !stream.timepoint
// CHECK-NEXT: %[[V3:[a-zA-Z0-9_]+]] = stream.timepoint.immediate => !stream.timepoint
// CHECK-NEXT: util.return %[[V3]] : !stream.timepoint
// CHECK-NEXT: }

util.func public @immediateJoin() -> !stream.timepoint {
  %imm0 = stream.timepoint.immediate => !stream.timepoint
  %imm1 = stream.timepoint.immediate => !stream.timepoint
  %join = stream.timepoint.join max(%imm0, %imm1) => !stream.timepoint
  util.return %join : !stream.timepoint
}

// -----

// A join with a non-immediate operand is kept; its immediate operand is
// replaced by a fresh immediate before the join.

// CHECK-LABEL: @nonImmediateJoin
// CHECK-SAME: (%[[ARG0:[a-zA-Z0-9_]+]]: !stream.timepoint) -> !stream.timepoint {
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_]+]] = stream.timepoint.immediate => !stream.timepoint
// CHECK-NEXT: %[[V1:[a-zA-Z0-9_]+]] = stream.timepoint.join max(%[[ARG0]], %[[V0]]) => !stream.timepoint
// CHECK-NEXT: util.return %[[V1]] : !stream.timepoint
// CHECK-NEXT: }

util.func public @nonImmediateJoin(%arg0: !stream.timepoint) -> !stream.timepoint {
  %imm = stream.timepoint.immediate => !stream.timepoint
  %join = stream.timepoint.join max(%arg0, %imm) => !stream.timepoint
  util.return %join : !stream.timepoint
}

// -----

// A select between immediates is immediate.

// CHECK-LABEL: @immediateSelect
// CHECK-SAME: (%[[ARG0:[a-zA-Z0-9_]+]]: i1) -> !stream.timepoint {
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_]+]] = stream.timepoint.immediate => !stream.timepoint
// CHECK-NEXT: %[[V1:[a-zA-Z0-9_]+]] = stream.timepoint.immediate => !stream.timepoint
// CHECK-NEXT: %[[V2:[a-zA-Z0-9_]+]] = arith.select %[[ARG0]], %[[V0]], %[[V1]] : !stream.timepoint
// CHECK-NEXT: %[[V3:[a-zA-Z0-9_]+]] = stream.timepoint.immediate => !stream.timepoint
// CHECK-NEXT: util.return %[[V3]] : !stream.timepoint
// CHECK-NEXT: }

util.func public @immediateSelect(%cond: i1) -> !stream.timepoint {
  %imm0 = stream.timepoint.immediate => !stream.timepoint
  %imm1 = stream.timepoint.immediate => !stream.timepoint
  %select = arith.select %cond, %imm0, %imm1 : !stream.timepoint
  util.return %select : !stream.timepoint
}

// -----

// A select with one non-immediate side is not.

// CHECK-LABEL: @nonImmediateSelect
// CHECK-SAME: (%[[ARG0:[a-zA-Z0-9_]+]]: i1, %[[ARG1:[a-zA-Z0-9_]+]]: !stream.timepoint) -> !stream.timepoint {
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_]+]] = stream.timepoint.immediate => !stream.timepoint
// CHECK-NEXT: %[[V1:[a-zA-Z0-9_]+]] = arith.select %[[ARG0]], %[[V0]], %[[ARG1]] : !stream.timepoint
// CHECK-NEXT: util.return %[[V1]] : !stream.timepoint
// CHECK-NEXT: }

util.func public @nonImmediateSelect(%cond: i1, %arg0: !stream.timepoint) -> !stream.timepoint {
  %imm = stream.timepoint.immediate => !stream.timepoint
  %select = arith.select %cond, %imm, %arg0 : !stream.timepoint
  util.return %select : !stream.timepoint
}

// -----

// A timepoint global with only immediate stores is immediate.

// CHECK: util.global private mutable @uniformGlobal = #stream.timepoint<immediate> : !stream.timepoint
// CHECK-LABEL: @uniformGlobalStore
// CHECK-SAME: () {
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_]+]] = stream.timepoint.immediate => !stream.timepoint
// CHECK-NEXT: util.global.store %[[V0]], @uniformGlobal : !stream.timepoint
// CHECK-NEXT: util.return
// CHECK-NEXT: }
// CHECK-LABEL: @uniformGlobalLoad
// CHECK-SAME: () -> !stream.timepoint {
// CHECK-NEXT: %[[UNIFORMGLOBAL:[a-zA-Z0-9_]+]] = util.global.load @uniformGlobal : !stream.timepoint
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_]+]] = stream.timepoint.immediate => !stream.timepoint
// CHECK-NEXT: util.return %[[V0]] : !stream.timepoint
// CHECK-NEXT: }

util.global private mutable @uniformGlobal = #stream.timepoint<immediate> : !stream.timepoint

util.func public @uniformGlobalStore() {
  %imm = stream.timepoint.immediate => !stream.timepoint
  util.global.store %imm, @uniformGlobal : !stream.timepoint
  util.return
}

util.func public @uniformGlobalLoad() -> !stream.timepoint {
  %0 = util.global.load @uniformGlobal : !stream.timepoint
  util.return %0 : !stream.timepoint
}

// -----

// A global that may hold a non-immediate timepoint is not.

// CHECK: util.global private mutable @nonUniformGlobal = #stream.timepoint<immediate> : !stream.timepoint
// CHECK-LABEL: @nonUniformGlobalStore
// CHECK-SAME: (%[[ARG0:[a-zA-Z0-9_]+]]: !stream.timepoint) {
// CHECK-NEXT: util.global.store %[[ARG0]], @nonUniformGlobal : !stream.timepoint
// CHECK-NEXT: util.return
// CHECK-NEXT: }
// CHECK-LABEL: @nonUniformGlobalLoad
// CHECK-SAME: () -> !stream.timepoint {
// CHECK-NEXT: %[[NONUNIFORMGLOBAL:[a-zA-Z0-9_]+]] = util.global.load @nonUniformGlobal : !stream.timepoint
// CHECK-NEXT: util.return %[[NONUNIFORMGLOBAL]] : !stream.timepoint
// CHECK-NEXT: }

util.global private mutable @nonUniformGlobal = #stream.timepoint<immediate> : !stream.timepoint

util.func public @nonUniformGlobalStore(%arg0: !stream.timepoint) {
  util.global.store %arg0, @nonUniformGlobal : !stream.timepoint
  util.return
}

util.func public @nonUniformGlobalLoad() -> !stream.timepoint {
  %0 = util.global.load @nonUniformGlobal : !stream.timepoint
  util.return %0 : !stream.timepoint
}

// -----

// Call edges: every caller passes an immediate, so the callee's argument and
// result are immediate; the caller's result too.

// CHECK-LABEL: @immediateCallee
// CHECK-SAME: (%[[ARG0:[a-zA-Z0-9_]+]]: !stream.timepoint) -> !stream.timepoint {
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_]+]] = stream.timepoint.immediate => !stream.timepoint
// CHECK-NEXT: util.return %[[V0]] : !stream.timepoint
// CHECK-NEXT: }
// CHECK-LABEL: @immediateCaller
// CHECK-SAME: () -> !stream.timepoint {
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_]+]] = stream.timepoint.immediate => !stream.timepoint
// CHECK-NEXT: %[[V1:[a-zA-Z0-9_]+]] = util.call @immediateCallee(%[[V0]]) : (!stream.timepoint) -> !stream.timepoint
// CHECK-NEXT: %[[V2:[a-zA-Z0-9_]+]] = stream.timepoint.immediate => !stream.timepoint
// CHECK-NEXT: util.return %[[V2]] : !stream.timepoint
// CHECK-NEXT: }

util.func private @immediateCallee(%arg0: !stream.timepoint) -> !stream.timepoint {
  util.return %arg0 : !stream.timepoint
}

util.func public @immediateCaller() -> !stream.timepoint {
  %imm = stream.timepoint.immediate => !stream.timepoint
  %0 = util.call @immediateCallee(%imm) : (!stream.timepoint) -> !stream.timepoint
  util.return %0 : !stream.timepoint
}

// -----

// One caller passes a non-immediate: nothing is immediate.

// CHECK-LABEL: @nonUniformCallee
// CHECK-SAME: (%[[ARG0:[a-zA-Z0-9_]+]]: !stream.timepoint) -> !stream.timepoint {
// CHECK-NEXT: util.return %[[ARG0]] : !stream.timepoint
// CHECK-NEXT: }
// CHECK-LABEL: @nonUniformCaller
// CHECK-SAME: (%[[ARG0:[a-zA-Z0-9_]+]]: !stream.timepoint) -> (!stream.timepoint, !stream.timepoint) {
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_]+]] = stream.timepoint.immediate => !stream.timepoint
// CHECK-NEXT: %[[V1:[a-zA-Z0-9_]+]] = util.call @nonUniformCallee(%[[V0]]) : (!stream.timepoint) -> !stream.timepoint
// CHECK-NEXT: %[[V2:[a-zA-Z0-9_]+]] = util.call @nonUniformCallee(%[[ARG0]]) : (!stream.timepoint) -> !stream.timepoint
// CHECK-NEXT: util.return %[[V1]], %[[V2]] : !stream.timepoint, !stream.timepoint
// CHECK-NEXT: }

util.func private @nonUniformCallee(%arg0: !stream.timepoint) -> !stream.timepoint {
  util.return %arg0 : !stream.timepoint
}

util.func public @nonUniformCaller(%arg0: !stream.timepoint) -> (!stream.timepoint, !stream.timepoint) {
  %imm = stream.timepoint.immediate => !stream.timepoint
  %0 = util.call @nonUniformCallee(%imm) : (!stream.timepoint) -> !stream.timepoint
  %1 = util.call @nonUniformCallee(%arg0) : (!stream.timepoint) -> !stream.timepoint
  util.return %0, %1 : !stream.timepoint, !stream.timepoint
}

// -----

// A call result only passed to another call is never seeded (EL8): neither
// call's operand/result is elided though both are provably immediate.

// CHECK-LABEL: @producer
// CHECK-SAME: () -> !stream.timepoint {
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_]+]] = stream.timepoint.immediate => !stream.timepoint
// CHECK-NEXT: util.return %[[V0]] : !stream.timepoint
// CHECK-NEXT: }
// CHECK-LABEL: @consumer
// CHECK-SAME: (%[[ARG0:[a-zA-Z0-9_]+]]: !stream.timepoint) {
// CHECK-NEXT: util.return
// CHECK-NEXT: }
// CHECK-LABEL: @unseededCallChain
// CHECK-SAME: () {
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_]+]] = util.call @producer() : () -> !stream.timepoint
// CHECK-NEXT: util.call @consumer(%[[V0]]) : (!stream.timepoint) -> ()
// CHECK-NEXT: util.return
// CHECK-NEXT: }

util.func private @producer() -> !stream.timepoint {
  %imm = stream.timepoint.immediate => !stream.timepoint
  util.return %imm : !stream.timepoint
}
util.func private @consumer(%arg0: !stream.timepoint) {
  util.return
}

util.func public @unseededCallChain() {
  %0 = util.call @producer() : () -> !stream.timepoint
  util.call @consumer(%0) : (!stream.timepoint) -> ()
  util.return
}

// -----

// Convergent branch edges carrying immediates: the block argument is
// immediate.

// CHECK-LABEL: @branchConvergent
// CHECK-SAME: (%[[ARG0:[a-zA-Z0-9_]+]]: i1) -> !stream.timepoint {
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_]+]] = stream.timepoint.immediate => !stream.timepoint
// CHECK-NEXT: %[[V1:[a-zA-Z0-9_]+]] = stream.timepoint.immediate => !stream.timepoint
// CHECK-NEXT: cf.cond_br %[[ARG0]], ^bb1(%[[V0]] : !stream.timepoint), ^bb1(%[[V1]] : !stream.timepoint)
// CHECK-NEXT: ^bb1(%[[V2:[a-zA-Z0-9_]+]]: !stream.timepoint):  // 2 preds: ^bb0, ^bb0
// CHECK-NEXT: %[[V3:[a-zA-Z0-9_]+]] = stream.timepoint.immediate => !stream.timepoint
// CHECK-NEXT: util.return %[[V3]] : !stream.timepoint
// CHECK-NEXT: }

util.func public @branchConvergent(%cond: i1) -> !stream.timepoint {
  %imm0 = stream.timepoint.immediate => !stream.timepoint
  %imm1 = stream.timepoint.immediate => !stream.timepoint
  cf.cond_br %cond, ^bb1(%imm0 : !stream.timepoint), ^bb1(%imm1 : !stream.timepoint)
^bb1(%arg: !stream.timepoint):
  util.return %arg : !stream.timepoint
}

// -----

// Divergent: one edge carries a non-immediate.

// CHECK-LABEL: @branchDivergent
// CHECK-SAME: (%[[ARG0:[a-zA-Z0-9_]+]]: i1, %[[ARG1:[a-zA-Z0-9_]+]]: !stream.timepoint) -> !stream.timepoint {
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_]+]] = stream.timepoint.immediate => !stream.timepoint
// CHECK-NEXT: cf.cond_br %[[ARG0]], ^bb1(%[[V0]] : !stream.timepoint), ^bb1(%[[ARG1]] : !stream.timepoint)
// CHECK-NEXT: ^bb1(%[[V1:[a-zA-Z0-9_]+]]: !stream.timepoint):  // 2 preds: ^bb0, ^bb0
// CHECK-NEXT: util.return %[[V1]] : !stream.timepoint
// CHECK-NEXT: }

util.func public @branchDivergent(%cond: i1, %arg0: !stream.timepoint) -> !stream.timepoint {
  %imm = stream.timepoint.immediate => !stream.timepoint
  cf.cond_br %cond, ^bb1(%imm : !stream.timepoint), ^bb1(%arg0 : !stream.timepoint)
^bb1(%arg: !stream.timepoint):
  util.return %arg : !stream.timepoint
}

// -----

// A back edge carrying a join of the loop argument and an immediate keeps
// the loop argument immediate (greatest fixpoint).

// CHECK-LABEL: @branchBackEdgeImmediate
// CHECK-SAME: (%[[ARG0:[a-zA-Z0-9_]+]]: i1) -> !stream.timepoint {
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_]+]] = stream.timepoint.immediate => !stream.timepoint
// CHECK-NEXT: cf.br ^bb1(%[[V0]] : !stream.timepoint)
// CHECK-NEXT: ^bb1(%[[V1:[a-zA-Z0-9_]+]]: !stream.timepoint):  // 2 preds: ^bb0, ^bb1
// CHECK-NEXT: %[[V2:[a-zA-Z0-9_]+]] = stream.timepoint.immediate => !stream.timepoint
// CHECK-NEXT: %[[V3:[a-zA-Z0-9_]+]] = stream.timepoint.immediate => !stream.timepoint
// CHECK-NEXT: %[[V4:[a-zA-Z0-9_]+]] = stream.timepoint.join max(%[[V3]], %[[V2]]) => !stream.timepoint
// CHECK-NEXT: %[[V5:[a-zA-Z0-9_]+]] = stream.timepoint.immediate => !stream.timepoint
// CHECK-NEXT: cf.cond_br %[[ARG0]], ^bb1(%[[V5]] : !stream.timepoint), ^bb2
// CHECK-NEXT: ^bb2:  // pred: ^bb1
// CHECK-NEXT: %[[V6:[a-zA-Z0-9_]+]] = stream.timepoint.immediate => !stream.timepoint
// CHECK-NEXT: util.return %[[V6]] : !stream.timepoint
// CHECK-NEXT: }

util.func public @branchBackEdgeImmediate(%cond: i1) -> !stream.timepoint {
  %imm = stream.timepoint.immediate => !stream.timepoint
  cf.br ^bb1(%imm : !stream.timepoint)
^bb1(%arg: !stream.timepoint):
  %imm2 = stream.timepoint.immediate => !stream.timepoint
  %join = stream.timepoint.join max(%arg, %imm2) => !stream.timepoint
  cf.cond_br %cond, ^bb1(%join : !stream.timepoint), ^bb2
^bb2:
  util.return %arg : !stream.timepoint
}

// -----

// A back edge carrying a non-immediate: nothing is immediate.

// CHECK-LABEL: @branchBackEdgeNonImmediate
// CHECK-SAME: (%[[ARG0:[a-zA-Z0-9_]+]]: i1) -> !stream.timepoint {
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_]+]] = stream.timepoint.immediate => !stream.timepoint
// CHECK-NEXT: cf.br ^bb1(%[[V0]] : !stream.timepoint)
// CHECK-NEXT: ^bb1(%[[V1:[a-zA-Z0-9_]+]]: !stream.timepoint):  // 2 preds: ^bb0, ^bb1
// CHECK-NEXT: %[[V2:[a-zA-Z0-9_]+]] = stream.cmd.execute await(%[[V1]]) => with() {
// CHECK-NEXT: } => !stream.timepoint
// CHECK-NEXT: cf.cond_br %[[ARG0]], ^bb1(%[[V2]] : !stream.timepoint), ^bb2
// CHECK-NEXT: ^bb2:  // pred: ^bb1
// CHECK-NEXT: util.return %[[V1]] : !stream.timepoint
// CHECK-NEXT: }

util.func public @branchBackEdgeNonImmediate(%cond: i1) -> !stream.timepoint {
  %imm = stream.timepoint.immediate => !stream.timepoint
  cf.br ^bb1(%imm : !stream.timepoint)
^bb1(%arg: !stream.timepoint):
  %tp = stream.cmd.execute await(%arg) => with() {} => !stream.timepoint
  cf.cond_br %cond, ^bb1(%tp : !stream.timepoint), ^bb2
^bb2:
  util.return %arg : !stream.timepoint
}

// -----

// scf.if yielding immediates on both sides is immediate.

// CHECK-LABEL: @scfIfConvergent
// CHECK-SAME: (%[[ARG0:[a-zA-Z0-9_]+]]: i1) -> !stream.timepoint {
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_]+]] = scf.if %[[ARG0]] -> (!stream.timepoint) {
// CHECK-NEXT: %[[V2:[a-zA-Z0-9_]+]] = stream.timepoint.immediate => !stream.timepoint
// CHECK-NEXT: scf.yield %[[V2]] : !stream.timepoint
// CHECK-NEXT: } else {
// CHECK-NEXT: %[[V2_1:[a-zA-Z0-9_]+]] = stream.timepoint.immediate => !stream.timepoint
// CHECK-NEXT: scf.yield %[[V2_1]] : !stream.timepoint
// CHECK-NEXT: }
// CHECK-NEXT: %[[V1:[a-zA-Z0-9_]+]] = stream.timepoint.immediate => !stream.timepoint
// CHECK-NEXT: util.return %[[V1]] : !stream.timepoint
// CHECK-NEXT: }

util.func public @scfIfConvergent(%cond: i1) -> !stream.timepoint {
  %0 = scf.if %cond -> !stream.timepoint {
    %imm = stream.timepoint.immediate => !stream.timepoint
    scf.yield %imm : !stream.timepoint
  } else {
    %imm = stream.timepoint.immediate => !stream.timepoint
    scf.yield %imm : !stream.timepoint
  }
  util.return %0 : !stream.timepoint
}

// -----

// scf.if with a non-immediate side is not.

// CHECK-LABEL: @scfIfDivergent
// CHECK-SAME: (%[[ARG0:[a-zA-Z0-9_]+]]: i1, %[[ARG1:[a-zA-Z0-9_]+]]: !stream.timepoint) -> !stream.timepoint {
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_]+]] = scf.if %[[ARG0]] -> (!stream.timepoint) {
// CHECK-NEXT: %[[V1:[a-zA-Z0-9_]+]] = stream.timepoint.immediate => !stream.timepoint
// CHECK-NEXT: scf.yield %[[V1]] : !stream.timepoint
// CHECK-NEXT: } else {
// CHECK-NEXT: scf.yield %[[ARG1]] : !stream.timepoint
// CHECK-NEXT: }
// CHECK-NEXT: util.return %[[V0]] : !stream.timepoint
// CHECK-NEXT: }

util.func public @scfIfDivergent(%cond: i1, %arg0: !stream.timepoint) -> !stream.timepoint {
  %0 = scf.if %cond -> !stream.timepoint {
    %imm = stream.timepoint.immediate => !stream.timepoint
    scf.yield %imm : !stream.timepoint
  } else {
    scf.yield %arg0 : !stream.timepoint
  }
  util.return %0 : !stream.timepoint
}

// -----

// scf.while results are never immediate (EL6).

// CHECK-LABEL: @scfWhileNeverImmediate
// CHECK-SAME: (%[[ARG0:[a-zA-Z0-9_]+]]: index) -> !stream.timepoint {
// CHECK: %[[V0:[a-zA-Z0-9_]+]] = stream.timepoint.immediate => !stream.timepoint
// CHECK-NEXT: %[[V1:[a-zA-Z0-9_]+]] = scf.while (%[[ARG1:[a-zA-Z0-9_]+]] = %[[V0]]) : (!stream.timepoint) -> !stream.timepoint {
// CHECK-NEXT: %[[V2:[a-zA-Z0-9_]+]] = arith.cmpi slt, %c0, %[[ARG0]] : index
// CHECK-NEXT: scf.condition(%[[V2]]) %[[ARG1]] : !stream.timepoint
// CHECK-NEXT: } do {
// CHECK-NEXT: ^bb0(%[[ARG1_1:[a-zA-Z0-9_]+]]: !stream.timepoint):
// CHECK-NEXT: scf.yield %[[ARG1_1]] : !stream.timepoint
// CHECK-NEXT: }
// CHECK-NEXT: util.return %[[V1]] : !stream.timepoint
// CHECK-NEXT: }

util.func public @scfWhileNeverImmediate(%n: index) -> !stream.timepoint {
  %c0 = arith.constant 0 : index
  %imm = stream.timepoint.immediate => !stream.timepoint
  %0 = scf.while (%t = %imm) : (!stream.timepoint) -> (!stream.timepoint) {
    %cond = arith.cmpi slt, %c0, %n : index
    scf.condition(%cond) %t : !stream.timepoint
  } do {
  ^bb0(%t: !stream.timepoint):
    scf.yield %t : !stream.timepoint
  }
  util.return %0 : !stream.timepoint
}

// -----

// An op awaiting an immediate timepoint gets a fresh immediate operand right
// before it; an op whose result is immediate has it replaced after it.

// CHECK-LABEL: @timelineOpImmediateAwait
// CHECK-SAME: (%[[ARG0:[a-zA-Z0-9_]+]]: !stream.resource<external>, %[[ARG1:[a-zA-Z0-9_]+]]: index) -> !stream.timepoint {
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_]+]] = stream.timepoint.immediate => !stream.timepoint
// CHECK-NEXT: %[[V1:[a-zA-Z0-9_]+]] = stream.timepoint.join max(%[[V0]]) => !stream.timepoint
// CHECK-NEXT: %[[V2:[a-zA-Z0-9_]+]] = stream.timepoint.immediate => !stream.timepoint
// CHECK-NEXT: %[[RESULTS:[a-zA-Z0-9_]+]], %[[RESULT_TIMEPOINT:[a-zA-Z0-9_]+]] = stream.test.timeline_op await(%[[V2]]) => with(%[[ARG0]]) : (!stream.resource<external>{%[[ARG1]]}) -> !stream.resource<external>{%[[ARG1]]} => !stream.timepoint
// CHECK-NEXT: util.return %[[RESULT_TIMEPOINT]] : !stream.timepoint
// CHECK-NEXT: }

util.func public @timelineOpImmediateAwait(%arg0: !stream.resource<external>, %size: index) -> !stream.timepoint {
  %imm = stream.timepoint.immediate => !stream.timepoint
  %join = stream.timepoint.join max(%imm) => !stream.timepoint
  %r, %tp = stream.test.timeline_op await(%join) => with(%arg0) : (!stream.resource<external>{%size}) -> !stream.resource<external>{%size} => !stream.timepoint
  util.return %tp : !stream.timepoint
}

// -----

// EL3 fix: a public function's argument covers only itself, even though the
// only known caller passes a timepoint covering %tp0.

// CHECK-LABEL: @publicCallee
// CHECK-SAME: (%[[ARG0:[a-zA-Z0-9_]+]]: !stream.timepoint) -> !stream.timepoint {
// CHECK-NEXT: util.return %[[ARG0]] : !stream.timepoint
// CHECK-NEXT: }
// CHECK-LABEL: @publicCaller
// CHECK-SAME: () -> !stream.timepoint {
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_]+]] = stream.cmd.execute with() {
// CHECK-NEXT: } => !stream.timepoint
// CHECK-NEXT: %[[V1:[a-zA-Z0-9_]+]] = stream.cmd.execute await(%[[V0]]) => with() {
// CHECK-NEXT: } => !stream.timepoint
// CHECK-NEXT: %[[V2:[a-zA-Z0-9_]+]] = util.call @publicCallee(%[[V1]]) : (!stream.timepoint) -> !stream.timepoint
// CHECK-NEXT: %[[V3:[a-zA-Z0-9_]+]] = stream.timepoint.join max(%[[V2]], %[[V0]]) => !stream.timepoint
// CHECK-NEXT: util.return %[[V3]] : !stream.timepoint
// CHECK-NEXT: }

util.func public @publicCallee(%arg0: !stream.timepoint) -> !stream.timepoint {
  util.return %arg0 : !stream.timepoint
}

util.func public @publicCaller() -> !stream.timepoint {
  %tp0 = stream.cmd.execute with() {} => !stream.timepoint
  %tp1 = stream.cmd.execute await(%tp0) => with() {} => !stream.timepoint
  %0 = util.call @publicCallee(%tp1) : (!stream.timepoint) -> !stream.timepoint
  %join = stream.timepoint.join max(%0, %tp0) => !stream.timepoint
  util.return %join : !stream.timepoint
}

// -----

// EL1 fix: two loop arguments that only receive each other's successors
// cover each other (an unreachable loop); the join keeps the first one
// awaited instead of eliding both.

// CHECK-LABEL: @mutualCoverage
// CHECK-SAME: (%[[ARG0:[a-zA-Z0-9_]+]]: i1) {
// CHECK-NEXT: util.return
// CHECK-NEXT: ^bb1(%[[V0:[a-zA-Z0-9_]+]]: !stream.timepoint, %[[V1:[a-zA-Z0-9_]+]]: !stream.timepoint):  // pred: ^bb1
// CHECK-NEXT: %[[V2:[a-zA-Z0-9_]+]] = stream.timepoint.immediate => !stream.timepoint
// CHECK-NEXT: %[[V3:[a-zA-Z0-9_]+]] = stream.timepoint.join max(%[[V0]], %[[V2]]) => !stream.timepoint
// CHECK-NEXT: %[[V4:[a-zA-Z0-9_]+]] = util.optimization_barrier %[[V3]] : !stream.timepoint
// CHECK-NEXT: %[[V5:[a-zA-Z0-9_]+]] = stream.cmd.execute await(%[[V0]]) => with() {
// CHECK-NEXT: } => !stream.timepoint
// CHECK-NEXT: %[[V6:[a-zA-Z0-9_]+]] = stream.cmd.execute await(%[[V1]]) => with() {
// CHECK-NEXT: } => !stream.timepoint
// CHECK-NEXT: cf.br ^bb1(%[[V6]], %[[V5]] : !stream.timepoint, !stream.timepoint)
// CHECK-NEXT: }

util.func public @mutualCoverage(%cond: i1) {
  util.return
^bb1(%a: !stream.timepoint, %b: !stream.timepoint):
  %join = stream.timepoint.join max(%a, %b) => !stream.timepoint
  util.optimization_barrier %join : !stream.timepoint
  %ta = stream.cmd.execute await(%a) => with() {} => !stream.timepoint
  %tb = stream.cmd.execute await(%b) => with() {} => !stream.timepoint
  cf.br ^bb1(%tb, %ta : !stream.timepoint, !stream.timepoint)
}
