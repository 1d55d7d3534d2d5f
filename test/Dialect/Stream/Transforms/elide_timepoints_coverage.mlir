// REQUIRES: sluice-opt
// RUN: sluice-opt --split-input-file --iree-stream-elide-timepoints %s | FileCheck %s

// Initialized timepoint globals are left alone.

// CHECK: util.global private mutable @global0 = #stream.timepoint<immediate> : !stream.timepoint
// CHECK-NEXT: util.global private @global1 = #stream.timepoint<immediate> : !stream.timepoint
// CHECK-LABEL: @initializedGlobals
// CHECK-SAME: () -> (!stream.timepoint, !stream.timepoint) {
// CHECK-NEXT: %[[GLOBAL0:[a-zA-Z0-9_]+]] = util.global.load @global0 : !stream.timepoint
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_]+]] = stream.timepoint.immediate => !stream.timepoint
// CHECK-NEXT: %[[GLOBAL1:[a-zA-Z0-9_]+]] = util.global.load @global1 : !stream.timepoint
// CHECK-NEXT: %[[V1:[a-zA-Z0-9_]+]] = stream.timepoint.immediate => !stream.timepoint
// CHECK-NEXT: util.return %[[V0]], %[[V1]] : !stream.timepoint, !stream.timepoint
// CHECK-NEXT: }

util.global private mutable @global0 = #stream.timepoint<immediate> : !stream.timepoint
util.global private @global1 = #stream.timepoint<immediate> : !stream.timepoint

util.func private @initializedGlobals() -> (!stream.timepoint, !stream.timepoint) {
  %0 = util.global.load @global0 : !stream.timepoint
  %1 = util.global.load @global1 : !stream.timepoint
  util.return %0, %1 : !stream.timepoint, !stream.timepoint
}

// -----

// Non-immediate, uncovered timepoints are kept.

// CHECK-LABEL: @nonImmediate
// CHECK-SAME: () -> !stream.timepoint {
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_]+]] = stream.cmd.execute with() {
// CHECK-NEXT: } => !stream.timepoint
// CHECK-NEXT: %[[V1:[a-zA-Z0-9_]+]] = stream.cmd.execute with() {
// CHECK-NEXT: } => !stream.timepoint
// CHECK-NEXT: %[[V2:[a-zA-Z0-9_]+]] = stream.timepoint.join max(%[[V0]], %[[V1]]) => !stream.timepoint
// CHECK-NEXT: util.return %[[V2]] : !stream.timepoint
// CHECK-NEXT: }

util.func public @nonImmediate() -> !stream.timepoint {
  %0 = stream.cmd.execute with() {} => !stream.timepoint
  %1 = stream.cmd.execute with() {} => !stream.timepoint
  %join = stream.timepoint.join max(%0, %1) => !stream.timepoint
  util.return %join : !stream.timepoint
}

// -----

// %tp0 is covered by %tp1a and %tp1b (both await it): it is replaced by an
// immediate in the join.

// CHECK-LABEL: @joinChained
// CHECK-SAME: () -> !stream.timepoint {
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_]+]] = stream.cmd.execute with() {
// CHECK-NEXT: } => !stream.timepoint
// CHECK-NEXT: %[[V1:[a-zA-Z0-9_]+]] = stream.cmd.execute await(%[[V0]]) => with() {
// CHECK-NEXT: } => !stream.timepoint
// CHECK-NEXT: %[[V2:[a-zA-Z0-9_]+]] = stream.cmd.execute await(%[[V0]]) => with() {
// CHECK-NEXT: } => !stream.timepoint
// CHECK-NEXT: %[[V3:[a-zA-Z0-9_]+]] = stream.timepoint.immediate => !stream.timepoint
// CHECK-NEXT: %[[V4:[a-zA-Z0-9_]+]] = stream.timepoint.join max(%[[V3]], %[[V1]], %[[V2]]) => !stream.timepoint
// CHECK-NEXT: util.return %[[V4]] : !stream.timepoint
// CHECK-NEXT: }

util.func public @joinChained() -> !stream.timepoint {
  %tp0 = stream.cmd.execute with() {} => !stream.timepoint
  %tp1a = stream.cmd.execute await(%tp0) => with() {} => !stream.timepoint
  %tp1b = stream.cmd.execute await(%tp0) => with() {} => !stream.timepoint
  %join = stream.timepoint.join max(%tp0, %tp1a, %tp1b) => !stream.timepoint
  util.return %join : !stream.timepoint
}

// -----

// A select whose both sides cover %tp0 covers it.

// CHECK-LABEL: @selectCovered
// CHECK-SAME: (%[[ARG0:[a-zA-Z0-9_]+]]: i1) -> !stream.timepoint {
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_]+]] = stream.cmd.execute with() {
// CHECK-NEXT: } => !stream.timepoint
// CHECK-NEXT: %[[V1:[a-zA-Z0-9_]+]] = stream.cmd.execute await(%[[V0]]) => with() {
// CHECK-NEXT: } => !stream.timepoint
// CHECK-NEXT: %[[V2:[a-zA-Z0-9_]+]] = stream.cmd.execute await(%[[V0]]) => with() {
// CHECK-NEXT: } => !stream.timepoint
// CHECK-NEXT: %[[V3:[a-zA-Z0-9_]+]] = arith.select %[[ARG0]], %[[V1]], %[[V2]] : !stream.timepoint
// CHECK-NEXT: %[[V4:[a-zA-Z0-9_]+]] = stream.timepoint.immediate => !stream.timepoint
// CHECK-NEXT: %[[V5:[a-zA-Z0-9_]+]] = stream.timepoint.join max(%[[V3]], %[[V4]]) => !stream.timepoint
// CHECK-NEXT: util.return %[[V5]] : !stream.timepoint
// CHECK-NEXT: }

util.func public @selectCovered(%cond: i1) -> !stream.timepoint {
  %tp0 = stream.cmd.execute with() {} => !stream.timepoint
  %tp1a = stream.cmd.execute await(%tp0) => with() {} => !stream.timepoint
  %tp1b = stream.cmd.execute await(%tp0) => with() {} => !stream.timepoint
  %select = arith.select %cond, %tp1a, %tp1b : !stream.timepoint
  %join = stream.timepoint.join max(%select, %tp0) => !stream.timepoint
  util.return %join : !stream.timepoint
}

// -----

// EL2 fix: a select covers only what both sides cover; %tp0 is covered by
// one side only and is kept.

// CHECK-LABEL: @selectPartiallyCovered
// CHECK-SAME: (%[[ARG0:[a-zA-Z0-9_]+]]: i1) -> !stream.timepoint {
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_]+]] = stream.cmd.execute with() {
// CHECK-NEXT: } => !stream.timepoint
// CHECK-NEXT: %[[V1:[a-zA-Z0-9_]+]] = stream.cmd.execute await(%[[V0]]) => with() {
// CHECK-NEXT: } => !stream.timepoint
// CHECK-NEXT: %[[V2:[a-zA-Z0-9_]+]] = stream.cmd.execute with() {
// CHECK-NEXT: } => !stream.timepoint
// CHECK-NEXT: %[[V3:[a-zA-Z0-9_]+]] = arith.select %[[ARG0]], %[[V1]], %[[V2]] : !stream.timepoint
// CHECK-NEXT: %[[V4:[a-zA-Z0-9_]+]] = stream.timepoint.join max(%[[V3]], %[[V0]]) => !stream.timepoint
// CHECK-NEXT: util.return %[[V4]] : !stream.timepoint
// CHECK-NEXT: }

util.func public @selectPartiallyCovered(%cond: i1) -> !stream.timepoint {
  %tp0 = stream.cmd.execute with() {} => !stream.timepoint
  %tp1a = stream.cmd.execute await(%tp0) => with() {} => !stream.timepoint
  %tp1b = stream.cmd.execute with() {} => !stream.timepoint
  %select = arith.select %cond, %tp1a, %tp1b : !stream.timepoint
  %join = stream.timepoint.join max(%select, %tp0) => !stream.timepoint
  util.return %join : !stream.timepoint
}

// -----

// The callee's result covers both of its arguments, so the caller's join
// only needs the call result.

// CHECK-LABEL: @callee
// CHECK-SAME: (%[[ARG0:[a-zA-Z0-9_]+]]: !stream.timepoint, %[[ARG1:[a-zA-Z0-9_]+]]: !stream.timepoint) -> !stream.timepoint {
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_]+]] = stream.timepoint.join max(%[[ARG0]], %[[ARG1]]) => !stream.timepoint
// CHECK-NEXT: util.return %[[V0]] : !stream.timepoint
// CHECK-NEXT: }
// CHECK-LABEL: @caller
// CHECK-SAME: () -> !stream.timepoint {
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_]+]] = stream.cmd.execute with() {
// CHECK-NEXT: } => !stream.timepoint
// CHECK-NEXT: %[[V1:[a-zA-Z0-9_]+]] = stream.cmd.execute with() {
// CHECK-NEXT: } => !stream.timepoint
// CHECK-NEXT: %[[V2:[a-zA-Z0-9_]+]] = util.call @callee(%[[V0]], %[[V1]]) : (!stream.timepoint, !stream.timepoint) -> !stream.timepoint
// CHECK-NEXT: %[[V3:[a-zA-Z0-9_]+]] = stream.timepoint.immediate => !stream.timepoint
// CHECK-NEXT: %[[V4:[a-zA-Z0-9_]+]] = stream.timepoint.immediate => !stream.timepoint
// CHECK-NEXT: %[[V5:[a-zA-Z0-9_]+]] = stream.timepoint.join max(%[[V3]], %[[V2]], %[[V4]]) => !stream.timepoint
// CHECK-NEXT: util.return %[[V5]] : !stream.timepoint
// CHECK-NEXT: }

util.func private @callee(%arg0: !stream.timepoint, %arg1: !stream.timepoint) -> !stream.timepoint {
  %join = stream.timepoint.join max(%arg0, %arg1) => !stream.timepoint
  util.return %join : !stream.timepoint
}

util.func public @caller() -> !stream.timepoint {
  %tp0 = stream.cmd.execute with() {} => !stream.timepoint
  %tp1 = stream.cmd.execute with() {} => !stream.timepoint
  %call = util.call @callee(%tp0, %tp1) : (!stream.timepoint, !stream.timepoint) -> !stream.timepoint
  %join = stream.timepoint.join max(%tp0, %call, %tp1) => !stream.timepoint
  util.return %join : !stream.timepoint
}

// -----

// Duplicate call operands and results are not folded here (IPO does that);
// immediate results become immediates right after the call, in result order.

// CHECK-LABEL: @calleeDupes
// CHECK-SAME: (%[[ARG0:[a-zA-Z0-9_]+]]: !stream.timepoint) -> (!stream.timepoint, !stream.timepoint) {
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_]+]] = stream.timepoint.immediate => !stream.timepoint
// CHECK-NEXT: util.return %[[V0]], %[[V0]] : !stream.timepoint, !stream.timepoint
// CHECK-NEXT: }
// CHECK-LABEL: @callerDupes
// CHECK-SAME: () -> (!stream.timepoint, !stream.timepoint) {
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_]+]] = stream.timepoint.immediate => !stream.timepoint
// CHECK-NEXT: %[[V1:[a-zA-Z0-9_]+]]:2 = util.call @calleeDupes(%[[V0]]) : (!stream.timepoint) -> (!stream.timepoint, !stream.timepoint)
// CHECK-NEXT: %[[V2:[a-zA-Z0-9_]+]] = stream.timepoint.immediate => !stream.timepoint
// CHECK-NEXT: %[[V3:[a-zA-Z0-9_]+]] = stream.timepoint.immediate => !stream.timepoint
// CHECK-NEXT: util.return %[[V2]], %[[V3]] : !stream.timepoint, !stream.timepoint
// CHECK-NEXT: }

util.func private @calleeDupes(%arg0: !stream.timepoint) -> (!stream.timepoint, !stream.timepoint) {
  util.return %arg0, %arg0 : !stream.timepoint, !stream.timepoint
}

util.func public @callerDupes() -> (!stream.timepoint, !stream.timepoint) {
  %imm = stream.timepoint.immediate => !stream.timepoint
  %call:2 = util.call @calleeDupes(%imm) : (!stream.timepoint) -> (!stream.timepoint, !stream.timepoint)
  util.return %call#0, %call#1 : !stream.timepoint, !stream.timepoint
}

// -----

// Two call sites pass different timepoints: the callee's argument covers
// only what both edges cover.

// CHECK-LABEL: @nonUniformCallee
// CHECK-SAME: (%[[ARG0:[a-zA-Z0-9_]+]]: !stream.timepoint) -> !stream.timepoint {
// CHECK-NEXT: util.return %[[ARG0]] : !stream.timepoint
// CHECK-NEXT: }
// CHECK-LABEL: @nonUniformCaller
// CHECK-SAME: () -> (!stream.timepoint, !stream.timepoint) {
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_]+]] = stream.cmd.execute with() {
// CHECK-NEXT: } => !stream.timepoint
// CHECK-NEXT: %[[V1:[a-zA-Z0-9_]+]] = stream.cmd.execute await(%[[V0]]) => with() {
// CHECK-NEXT: } => !stream.timepoint
// CHECK-NEXT: %[[V2:[a-zA-Z0-9_]+]] = stream.cmd.execute with() {
// CHECK-NEXT: } => !stream.timepoint
// CHECK-NEXT: %[[V3:[a-zA-Z0-9_]+]] = util.call @nonUniformCallee(%[[V1]]) : (!stream.timepoint) -> !stream.timepoint
// CHECK-NEXT: %[[V4:[a-zA-Z0-9_]+]] = util.call @nonUniformCallee(%[[V2]]) : (!stream.timepoint) -> !stream.timepoint
// CHECK-NEXT: %[[V5:[a-zA-Z0-9_]+]] = stream.timepoint.join max(%[[V0]], %[[V3]]) => !stream.timepoint
// CHECK-NEXT: %[[V6:[a-zA-Z0-9_]+]] = stream.timepoint.join max(%[[V0]], %[[V4]]) => !stream.timepoint
// CHECK-NEXT: util.return %[[V5]], %[[V6]] : !stream.timepoint, !stream.timepoint
// CHECK-NEXT: }

util.func private @nonUniformCallee(%arg0: !stream.timepoint) -> !stream.timepoint {
  util.return %arg0 : !stream.timepoint
}

util.func public @nonUniformCaller() -> (!stream.timepoint, !stream.timepoint) {
  %tp0 = stream.cmd.execute with() {} => !stream.timepoint
  %tp1 = stream.cmd.execute await(%tp0) => with() {} => !stream.timepoint
  %tp2 = stream.cmd.execute with() {} => !stream.timepoint
  %call0 = util.call @nonUniformCallee(%tp1) : (!stream.timepoint) -> !stream.timepoint
  %call1 = util.call @nonUniformCallee(%tp2) : (!stream.timepoint) -> !stream.timepoint
  %join0 = stream.timepoint.join max(%tp0, %call0) => !stream.timepoint
  %join1 = stream.timepoint.join max(%tp0, %call1) => !stream.timepoint
  util.return %join0, %join1 : !stream.timepoint, !stream.timepoint
}

// -----

// A branch argument covers what its single incoming value covers.

// CHECK-LABEL: @branch
// CHECK-SAME: () -> !stream.timepoint {
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_]+]] = stream.cmd.execute with() {
// CHECK-NEXT: } => !stream.timepoint
// CHECK-NEXT: %[[V1:[a-zA-Z0-9_]+]] = stream.cmd.execute await(%[[V0]]) => with() {
// CHECK-NEXT: } => !stream.timepoint
// CHECK-NEXT: cf.br ^bb1(%[[V1]] : !stream.timepoint)
// CHECK-NEXT: ^bb1(%[[V2:[a-zA-Z0-9_]+]]: !stream.timepoint):  // pred: ^bb0
// CHECK-NEXT: %[[V3:[a-zA-Z0-9_]+]] = stream.timepoint.immediate => !stream.timepoint
// CHECK-NEXT: %[[V4:[a-zA-Z0-9_]+]] = stream.timepoint.join max(%[[V3]], %[[V2]]) => !stream.timepoint
// CHECK-NEXT: util.return %[[V4]] : !stream.timepoint
// CHECK-NEXT: }

util.func public @branch() -> !stream.timepoint {
  %tp0 = stream.cmd.execute with() {} => !stream.timepoint
  %tp1 = stream.cmd.execute await(%tp0) => with() {} => !stream.timepoint
  cf.br ^bb1(%tp1 : !stream.timepoint)
^bb1(%bb1_tp: !stream.timepoint):
  %join = stream.timepoint.join max(%tp0, %bb1_tp) => !stream.timepoint
  util.return %join : !stream.timepoint
}

// -----

// Both forward edges carry timepoints that cover %tp0.

// CHECK-LABEL: @branchConvergentForwardEdge
// CHECK-SAME: (%[[ARG0:[a-zA-Z0-9_]+]]: i1) -> !stream.timepoint {
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_]+]] = stream.cmd.execute with() {
// CHECK-NEXT: } => !stream.timepoint
// CHECK-NEXT: %[[V1:[a-zA-Z0-9_]+]] = stream.cmd.execute await(%[[V0]]) => with() {
// CHECK-NEXT: } => !stream.timepoint
// CHECK-NEXT: %[[V2:[a-zA-Z0-9_]+]] = stream.cmd.execute await(%[[V0]]) => with() {
// CHECK-NEXT: } => !stream.timepoint
// CHECK-NEXT: cf.cond_br %[[ARG0]], ^bb1(%[[V1]] : !stream.timepoint), ^bb1(%[[V2]] : !stream.timepoint)
// CHECK-NEXT: ^bb1(%[[V3:[a-zA-Z0-9_]+]]: !stream.timepoint):  // 2 preds: ^bb0, ^bb0
// CHECK-NEXT: %[[V4:[a-zA-Z0-9_]+]] = stream.timepoint.immediate => !stream.timepoint
// CHECK-NEXT: %[[V5:[a-zA-Z0-9_]+]] = stream.timepoint.join max(%[[V4]], %[[V3]]) => !stream.timepoint
// CHECK-NEXT: util.return %[[V5]] : !stream.timepoint
// CHECK-NEXT: }

util.func public @branchConvergentForwardEdge(%cond: i1) -> !stream.timepoint {
  %tp0 = stream.cmd.execute with() {} => !stream.timepoint
  %tp1a = stream.cmd.execute await(%tp0) => with() {} => !stream.timepoint
  %tp1b = stream.cmd.execute await(%tp0) => with() {} => !stream.timepoint
  cf.cond_br %cond, ^bb1(%tp1a : !stream.timepoint), ^bb1(%tp1b : !stream.timepoint)
^bb1(%bb1_tp: !stream.timepoint):
  %join = stream.timepoint.join max(%tp0, %bb1_tp) => !stream.timepoint
  util.return %join : !stream.timepoint
}

// -----

// Only one forward edge covers %tp0: it is kept.

// CHECK-LABEL: @branchDivergentForwardEdge
// CHECK-SAME: (%[[ARG0:[a-zA-Z0-9_]+]]: i1) -> !stream.timepoint {
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_]+]] = stream.cmd.execute with() {
// CHECK-NEXT: } => !stream.timepoint
// CHECK-NEXT: %[[V1:[a-zA-Z0-9_]+]] = stream.cmd.execute await(%[[V0]]) => with() {
// CHECK-NEXT: } => !stream.timepoint
// CHECK-NEXT: %[[V2:[a-zA-Z0-9_]+]] = stream.cmd.execute with() {
// CHECK-NEXT: } => !stream.timepoint
// CHECK-NEXT: cf.cond_br %[[ARG0]], ^bb1(%[[V1]] : !stream.timepoint), ^bb1(%[[V2]] : !stream.timepoint)
// CHECK-NEXT: ^bb1(%[[V3:[a-zA-Z0-9_]+]]: !stream.timepoint):  // 2 preds: ^bb0, ^bb0
// CHECK-NEXT: %[[V4:[a-zA-Z0-9_]+]] = stream.timepoint.join max(%[[V0]], %[[V3]]) => !stream.timepoint
// CHECK-NEXT: util.return %[[V4]] : !stream.timepoint
// CHECK-NEXT: }

util.func public @branchDivergentForwardEdge(%cond: i1) -> !stream.timepoint {
  %tp0 = stream.cmd.execute with() {} => !stream.timepoint
  %tp1a = stream.cmd.execute await(%tp0) => with() {} => !stream.timepoint
  %tp1b = stream.cmd.execute with() {} => !stream.timepoint
  cf.cond_br %cond, ^bb1(%tp1a : !stream.timepoint), ^bb1(%tp1b : !stream.timepoint)
^bb1(%bb1_tp: !stream.timepoint):
  %join = stream.timepoint.join max(%tp0, %bb1_tp) => !stream.timepoint
  util.return %join : !stream.timepoint
}

// -----

// A loop-carried timepoint: the back edge does not cover the entry value, so
// nothing is elided.

// CHECK-LABEL: @branchDivergentBackEdge
// CHECK-SAME: (%[[ARG0:[a-zA-Z0-9_]+]]: i1) -> !stream.timepoint {
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_]+]] = stream.cmd.execute with() {
// CHECK-NEXT: } => !stream.timepoint
// CHECK-NEXT: %[[V1:[a-zA-Z0-9_]+]] = stream.cmd.execute await(%[[V0]]) => with() {
// CHECK-NEXT: } => !stream.timepoint
// CHECK-NEXT: cf.br ^bb1(%[[V1]] : !stream.timepoint)
// CHECK-NEXT: ^bb1(%[[V2:[a-zA-Z0-9_]+]]: !stream.timepoint):  // 2 preds: ^bb0, ^bb1
// CHECK-NEXT: %[[V3:[a-zA-Z0-9_]+]] = stream.cmd.execute await(%[[V2]]) => with() {
// CHECK-NEXT: } => !stream.timepoint
// CHECK-NEXT: %[[V4:[a-zA-Z0-9_]+]] = stream.timepoint.join max(%[[V0]], %[[V2]]) => !stream.timepoint
// CHECK-NEXT: cf.cond_br %[[ARG0]], ^bb1(%[[V3]] : !stream.timepoint), ^bb2
// CHECK-NEXT: ^bb2:  // pred: ^bb1
// CHECK-NEXT: util.return %[[V4]] : !stream.timepoint
// CHECK-NEXT: }

util.func public @branchDivergentBackEdge(%cond: i1) -> !stream.timepoint {
  %tp0 = stream.cmd.execute with() {} => !stream.timepoint
  %tp1 = stream.cmd.execute await(%tp0) => with() {} => !stream.timepoint
  cf.br ^bb1(%tp1 : !stream.timepoint)
^bb1(%bb1_tp: !stream.timepoint):
  %tp2 = stream.cmd.execute await(%bb1_tp) => with() {} => !stream.timepoint
  %join = stream.timepoint.join max(%tp0, %bb1_tp) => !stream.timepoint
  cf.cond_br %cond, ^bb1(%tp2 : !stream.timepoint), ^bb2
^bb2:
  util.return %join : !stream.timepoint
}

// -----

// Both branches of an scf.if yield timepoints covering %tp0.

// CHECK-LABEL: @scfIfConvergent
// CHECK-SAME: (%[[ARG0:[a-zA-Z0-9_]+]]: i1) -> !stream.timepoint {
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_]+]] = stream.cmd.execute with() {
// CHECK-NEXT: } => !stream.timepoint
// CHECK-NEXT: %[[V1:[a-zA-Z0-9_]+]] = scf.if %[[ARG0]] -> (!stream.timepoint) {
// CHECK-NEXT: %[[V4:[a-zA-Z0-9_]+]] = stream.cmd.execute await(%[[V0]]) => with() {
// CHECK-NEXT: } => !stream.timepoint
// CHECK-NEXT: scf.yield %[[V4]] : !stream.timepoint
// CHECK-NEXT: } else {
// CHECK-NEXT: %[[V4_1:[a-zA-Z0-9_]+]] = stream.cmd.execute await(%[[V0]]) => with() {
// CHECK-NEXT: } => !stream.timepoint
// CHECK-NEXT: scf.yield %[[V4_1]] : !stream.timepoint
// CHECK-NEXT: }
// CHECK-NEXT: %[[V2:[a-zA-Z0-9_]+]] = stream.timepoint.immediate => !stream.timepoint
// CHECK-NEXT: %[[V3:[a-zA-Z0-9_]+]] = stream.timepoint.join max(%[[V2]], %[[V1]]) => !stream.timepoint
// CHECK-NEXT: util.return %[[V3]] : !stream.timepoint
// CHECK-NEXT: }

util.func public @scfIfConvergent(%cond: i1) -> !stream.timepoint {
  %tp0 = stream.cmd.execute with() {} => !stream.timepoint
  %if = scf.if %cond -> !stream.timepoint {
    %tp1a = stream.cmd.execute await(%tp0) => with() {} => !stream.timepoint
    scf.yield %tp1a : !stream.timepoint
  } else {
    %tp1b = stream.cmd.execute await(%tp0) => with() {} => !stream.timepoint
    scf.yield %tp1b : !stream.timepoint
  }
  %join = stream.timepoint.join max(%tp0, %if) => !stream.timepoint
  util.return %join : !stream.timepoint
}

// -----

// A timeline-aware op waiting on an exported timepoint signals a fence whose
// import covers that timepoint.

// CHECK-LABEL: @timelineAwareCallCoverage
// CHECK-SAME: (%[[ARG0:[a-zA-Z0-9_]+]]: !stream.resource<external>, %[[ARG1:[a-zA-Z0-9_]+]]: !stream.test.fence) -> !stream.timepoint {
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_]+]] = stream.cmd.execute with() {
// CHECK-NEXT: } => !stream.timepoint
// CHECK-NEXT: %[[V1:[a-zA-Z0-9_]+]] = stream.timepoint.export %[[V0]] => (!stream.test.fence)
// CHECK-NEXT: %[[V2:[a-zA-Z0-9_]+]] = stream.test.timeline_aware(%[[ARG0]]) waits(%[[V1]]) signals(%[[ARG1]]) : (!stream.resource<external>) -> !stream.resource<external>
// CHECK-NEXT: %[[V3:[a-zA-Z0-9_]+]] = stream.timepoint.import %[[ARG1]] : (!stream.test.fence) => !stream.timepoint
// CHECK-NEXT: %[[V4:[a-zA-Z0-9_]+]] = stream.timepoint.immediate => !stream.timepoint
// CHECK-NEXT: %[[V5:[a-zA-Z0-9_]+]] = stream.timepoint.join max(%[[V4]], %[[V3]]) => !stream.timepoint
// CHECK-NEXT: util.return %[[V5]] : !stream.timepoint
// CHECK-NEXT: }

util.func public @timelineAwareCallCoverage(%arg0: !stream.resource<external>, %signal: !stream.test.fence) -> !stream.timepoint {
  %tp0 = stream.cmd.execute with() {} => !stream.timepoint
  %wait = stream.timepoint.export %tp0 => (!stream.test.fence)
  %out = stream.test.timeline_aware(%arg0) waits(%wait) signals(%signal) : (!stream.resource<external>) -> !stream.resource<external>
  %imported = stream.timepoint.import %signal : (!stream.test.fence) => !stream.timepoint
  %join = stream.timepoint.join max(%tp0, %imported) => !stream.timepoint
  util.return %join : !stream.timepoint
}

// -----

// Coverage chains through two timeline-aware ops.

// CHECK-LABEL: @timelineAwareCallSequence
// CHECK-SAME: (%[[ARG0:[a-zA-Z0-9_]+]]: !stream.resource<external>, %[[ARG1:[a-zA-Z0-9_]+]]: !stream.test.fence, %[[ARG2:[a-zA-Z0-9_]+]]: !stream.test.fence) -> !stream.timepoint {
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_]+]] = stream.cmd.execute with() {
// CHECK-NEXT: } => !stream.timepoint
// CHECK-NEXT: %[[V1:[a-zA-Z0-9_]+]] = stream.timepoint.export %[[V0]] => (!stream.test.fence)
// CHECK-NEXT: %[[V2:[a-zA-Z0-9_]+]] = stream.test.timeline_aware(%[[ARG0]]) waits(%[[V1]]) signals(%[[ARG1]]) : (!stream.resource<external>) -> !stream.resource<external>
// CHECK-NEXT: %[[V3:[a-zA-Z0-9_]+]] = stream.test.timeline_aware(%[[V2]]) waits(%[[ARG1]]) signals(%[[ARG2]]) : (!stream.resource<external>) -> !stream.resource<external>
// CHECK-NEXT: %[[V4:[a-zA-Z0-9_]+]] = stream.timepoint.import %[[ARG2]] : (!stream.test.fence) => !stream.timepoint
// CHECK-NEXT: %[[V5:[a-zA-Z0-9_]+]] = stream.timepoint.immediate => !stream.timepoint
// CHECK-NEXT: %[[V6:[a-zA-Z0-9_]+]] = stream.timepoint.join max(%[[V5]], %[[V4]]) => !stream.timepoint
// CHECK-NEXT: util.return %[[V6]] : !stream.timepoint
// CHECK-NEXT: }

util.func public @timelineAwareCallSequence(%arg0: !stream.resource<external>, %signal0: !stream.test.fence, %signal1: !stream.test.fence) -> !stream.timepoint {
  %tp0 = stream.cmd.execute with() {} => !stream.timepoint
  %wait = stream.timepoint.export %tp0 => (!stream.test.fence)
  %out0 = stream.test.timeline_aware(%arg0) waits(%wait) signals(%signal0) : (!stream.resource<external>) -> !stream.resource<external>
  %out1 = stream.test.timeline_aware(%out0) waits(%signal0) signals(%signal1) : (!stream.resource<external>) -> !stream.resource<external>
  %imported = stream.timepoint.import %signal1 : (!stream.test.fence) => !stream.timepoint
  %join = stream.timepoint.join max(%tp0, %imported) => !stream.timepoint
  util.return %join : !stream.timepoint
}

// -----

// A plain external call bridges nothing.

// CHECK-LABEL: @extern
// CHECK-SAME: (%[[ARG0:[a-zA-Z0-9_]+]]: !stream.test.fence)
// CHECK-LABEL: @nonTimelineAwareCall
// CHECK-SAME: (%[[ARG0:[a-zA-Z0-9_]+]]: !stream.test.fence) -> !stream.timepoint {
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_]+]] = stream.cmd.execute with() {
// CHECK-NEXT: } => !stream.timepoint
// CHECK-NEXT: %[[V1:[a-zA-Z0-9_]+]] = stream.timepoint.export %[[V0]] => (!stream.test.fence)
// CHECK-NEXT: util.call @extern(%[[V1]]) : (!stream.test.fence) -> ()
// CHECK-NEXT: %[[V2:[a-zA-Z0-9_]+]] = stream.timepoint.import %[[ARG0]] : (!stream.test.fence) => !stream.timepoint
// CHECK-NEXT: %[[V3:[a-zA-Z0-9_]+]] = stream.timepoint.join max(%[[V0]], %[[V2]]) => !stream.timepoint
// CHECK-NEXT: util.return %[[V3]] : !stream.timepoint
// CHECK-NEXT: }

util.func private @extern(%arg0: !stream.test.fence)
util.func public @nonTimelineAwareCall(%signal: !stream.test.fence) -> !stream.timepoint {
  %tp0 = stream.cmd.execute with() {} => !stream.timepoint
  %wait = stream.timepoint.export %tp0 => (!stream.test.fence)
  util.call @extern(%wait) : (!stream.test.fence) -> ()
  %imported = stream.timepoint.import %signal : (!stream.test.fence) => !stream.timepoint
  %join = stream.timepoint.join max(%tp0, %imported) => !stream.timepoint
  util.return %join : !stream.timepoint
}
