// REQUIRES: sluice-opt
// RUN: sluice-opt --split-input-file --iree-stream-propagate-timepoints %s | FileCheck %s

// A resource carried through scf.for iter_args becomes a (resource,
// timepoint) pair; the loop body's execute awaits the carried timepoint.

// CHECK-LABEL: @scf_for_pipelined
// CHECK-SAME: (%[[ARG0:[a-zA-Z0-9_]+]]: !stream.resource<external>, %[[ARG1:[a-zA-Z0-9_]+]]: !stream.timepoint, %[[ARG2:[a-zA-Z0-9_]+]]: index) -> (!stream.resource<external>, !stream.timepoint) {
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_]+]] = stream.resource.size %[[ARG0]] : !stream.resource<external>
// CHECK-NEXT: %[[V1:[a-zA-Z0-9_]+]] = stream.timepoint.await %[[ARG1]] => %[[ARG0]] : !stream.resource<external>{%[[V0]]}
// CHECK: %[[V2:[a-zA-Z0-9_]+]]:2 = scf.for %[[ARG3:[a-zA-Z0-9_]+]] = %c0 to %[[ARG2]] step %c1 iter_args(%[[ARG4:[a-zA-Z0-9_]+]] = %[[ARG0]], %[[ARG5:[a-zA-Z0-9_]+]] = %[[ARG1]]) -> (!stream.resource<external>, !stream.timepoint) {
// CHECK-NEXT: %[[RESULTS:[a-zA-Z0-9_]+]], %[[RESULT_TIMEPOINT:[a-zA-Z0-9_]+]] = stream.async.execute await(%[[ARG5]]) => with(%[[ARG4]] as %[[ARG6:[a-zA-Z0-9_]+]]: !stream.resource<external>{%c64}) -> %[[ARG4]]{%c64} {
// CHECK-NEXT: stream.yield %[[ARG6]] : !stream.resource<external>{%c64}
// CHECK-NEXT: } => !stream.timepoint
// CHECK-NEXT: %[[V5:[a-zA-Z0-9_]+]] = stream.timepoint.await %[[RESULT_TIMEPOINT]] => %[[RESULTS]] : !stream.resource<external>{%c64}
// CHECK-NEXT: scf.yield %[[RESULTS]], %[[RESULT_TIMEPOINT]] : !stream.resource<external>, !stream.timepoint
// CHECK-NEXT: }
// CHECK-NEXT: %[[V3:[a-zA-Z0-9_]+]] = stream.resource.size %[[V2]]#0 : !stream.resource<external>
// CHECK-NEXT: %[[V4:[a-zA-Z0-9_]+]] = stream.timepoint.await %[[V2]]#1 => %[[V2]]#0 : !stream.resource<external>{%[[V3]]}
// CHECK-NEXT: util.return %[[V2]]#0, %[[V2]]#1 : !stream.resource<external>, !stream.timepoint
// CHECK-NEXT: }

util.func private @scf_for_pipelined(%arg0: !stream.resource<external>, %n: index) -> !stream.resource<external> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %0 = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %arg0) -> (!stream.resource<external>) {
    %r, %t = stream.async.execute with(%acc as %capture: !stream.resource<external>{%c64}) -> %acc{%c64} {
      stream.yield %capture : !stream.resource<external>{%c64}
    } => !stream.timepoint
    %a = stream.timepoint.await %t => %r : !stream.resource<external>{%c64}
    scf.yield %a : !stream.resource<external>
  }
  util.return %0 : !stream.resource<external>
}

// -----

// An empty loop forwards the pair unchanged.

// CHECK-LABEL: @scf_for_empty_loop
// CHECK-SAME: (%[[ARG0:[a-zA-Z0-9_]+]]: !stream.resource<external>, %[[ARG1:[a-zA-Z0-9_]+]]: !stream.timepoint, %[[ARG2:[a-zA-Z0-9_]+]]: index) -> (!stream.resource<external>, !stream.timepoint) {
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_]+]] = stream.resource.size %[[ARG0]] : !stream.resource<external>
// CHECK-NEXT: %[[V1:[a-zA-Z0-9_]+]] = stream.timepoint.await %[[ARG1]] => %[[ARG0]] : !stream.resource<external>{%[[V0]]}
// CHECK: %[[V2:[a-zA-Z0-9_]+]]:2 = scf.for %[[ARG3:[a-zA-Z0-9_]+]] = %c0 to %[[ARG2]] step %c1 iter_args(%[[ARG4:[a-zA-Z0-9_]+]] = %[[ARG0]], %[[ARG5:[a-zA-Z0-9_]+]] = %[[ARG1]]) -> (!stream.resource<external>, !stream.timepoint) {
// CHECK-NEXT: scf.yield %[[ARG4]], %[[ARG5]] : !stream.resource<external>, !stream.timepoint
// CHECK-NEXT: }
// CHECK-NEXT: %[[V3:[a-zA-Z0-9_]+]] = stream.resource.size %[[V2]]#0 : !stream.resource<external>
// CHECK-NEXT: %[[V4:[a-zA-Z0-9_]+]] = stream.timepoint.await %[[V2]]#1 => %[[V2]]#0 : !stream.resource<external>{%[[V3]]}
// CHECK-NEXT: util.return %[[V2]]#0, %[[V2]]#1 : !stream.resource<external>, !stream.timepoint
// CHECK-NEXT: }

util.func private @scf_for_empty_loop(%arg0: !stream.resource<external>, %n: index) -> !stream.resource<external> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %0 = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %arg0) -> (!stream.resource<external>) {
    scf.yield %acc : !stream.resource<external>
  }
  util.return %0 : !stream.resource<external>
}

// -----

// A loop that only reads a resource from above does not use resources itself:
// it is not expanded and its body is not visited.

// CHECK-LABEL: @scf_for_readonly_resource
// CHECK-SAME: (%[[ARG0:[a-zA-Z0-9_]+]]: !stream.resource<external>, %[[ARG1:[a-zA-Z0-9_]+]]: !stream.timepoint, %[[ARG2:[a-zA-Z0-9_]+]]: index) -> index {
// CHECK: %[[V0:[a-zA-Z0-9_]+]] = stream.timepoint.await %[[ARG1]] => %[[ARG0]] : !stream.resource<external>{%c64}
// CHECK: %[[V1:[a-zA-Z0-9_]+]] = scf.for %[[ARG3:[a-zA-Z0-9_]+]] = %c0 to %[[ARG2]] step %c1 iter_args(%[[ARG4:[a-zA-Z0-9_]+]] = %c0) -> (index) {
// CHECK-NEXT: %[[RESULTS:[a-zA-Z0-9_]+]], %[[RESULT_TIMEPOINT:[a-zA-Z0-9_]+]] = stream.async.execute with(%[[V0]] as %[[ARG5:[a-zA-Z0-9_]+]]: !stream.resource<external>{%c64_0}) -> %[[V0]]{%c64_0} {
// CHECK-NEXT: stream.yield %[[ARG5]] : !stream.resource<external>{%c64_0}
// CHECK-NEXT: } => !stream.timepoint
// CHECK-NEXT: %[[V2:[a-zA-Z0-9_]+]] = arith.addi %[[ARG4]], %c1 : index
// CHECK-NEXT: scf.yield %[[V2]] : index
// CHECK-NEXT: }
// CHECK-NEXT: util.return %[[V1]] : index
// CHECK-NEXT: }

util.func private @scf_for_readonly_resource(%arg0: !stream.resource<external>, %n: index) -> index {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %0 = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %c0) -> (index) {
    %r, %t = stream.async.execute with(%arg0 as %capture: !stream.resource<external>{%c64}) -> %arg0{%c64} {
      stream.yield %capture : !stream.resource<external>{%c64}
    } => !stream.timepoint
    %next = arith.addi %acc, %c1 : index
    scf.yield %next : index
  }
  util.return %0 : index
}

// -----

// A barrier on a loop result uses the timepoint carried out of the loop.

// CHECK-LABEL: @scf_for_result_barrier
// CHECK-SAME: (%[[ARG0:[a-zA-Z0-9_]+]]: !stream.resource<external>, %[[ARG1:[a-zA-Z0-9_]+]]: !stream.timepoint, %[[ARG2:[a-zA-Z0-9_]+]]: index) -> !stream.timepoint {
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_]+]] = stream.resource.size %[[ARG0]] : !stream.resource<external>
// CHECK-NEXT: %[[V1:[a-zA-Z0-9_]+]] = stream.timepoint.await %[[ARG1]] => %[[ARG0]] : !stream.resource<external>{%[[V0]]}
// CHECK: %[[V2:[a-zA-Z0-9_]+]]:2 = scf.for %[[ARG3:[a-zA-Z0-9_]+]] = %c0 to %[[ARG2]] step %c1 iter_args(%[[ARG4:[a-zA-Z0-9_]+]] = %[[ARG0]], %[[ARG5:[a-zA-Z0-9_]+]] = %[[ARG1]]) -> (!stream.resource<external>, !stream.timepoint) {
// CHECK-NEXT: %[[RESULTS:[a-zA-Z0-9_]+]], %[[RESULT_TIMEPOINT:[a-zA-Z0-9_]+]] = stream.async.execute await(%[[ARG5]]) => with(%[[ARG4]] as %[[ARG6:[a-zA-Z0-9_]+]]: !stream.resource<external>{%c64}) -> %[[ARG4]]{%c64} {
// CHECK-NEXT: stream.yield %[[ARG6]] : !stream.resource<external>{%c64}
// CHECK-NEXT: } => !stream.timepoint
// CHECK-NEXT: %[[V5:[a-zA-Z0-9_]+]] = stream.timepoint.await %[[RESULT_TIMEPOINT]] => %[[RESULTS]] : !stream.resource<external>{%c64}
// CHECK-NEXT: scf.yield %[[RESULTS]], %[[RESULT_TIMEPOINT]] : !stream.resource<external>, !stream.timepoint
// CHECK-NEXT: }
// CHECK-NEXT: %[[V3:[a-zA-Z0-9_]+]] = stream.resource.size %[[V2]]#0 : !stream.resource<external>
// CHECK-NEXT: %[[V4:[a-zA-Z0-9_]+]] = stream.timepoint.await %[[V2]]#1 => %[[V2]]#0 : !stream.resource<external>{%[[V3]]}
// CHECK-NEXT: util.return %[[V2]]#1 : !stream.timepoint
// CHECK-NEXT: }

util.func private @scf_for_result_barrier(%arg0: !stream.resource<external>, %n: index) -> !stream.timepoint {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %0 = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %arg0) -> (!stream.resource<external>) {
    %r, %t = stream.async.execute with(%acc as %capture: !stream.resource<external>{%c64}) -> %acc{%c64} {
      stream.yield %capture : !stream.resource<external>{%c64}
    } => !stream.timepoint
    %a = stream.timepoint.await %t => %r : !stream.resource<external>{%c64}
    scf.yield %a : !stream.resource<external>
  }
  %b, %bt = stream.timepoint.barrier %0 : !stream.resource<external>{%c64} => !stream.timepoint
  util.return %bt : !stream.timepoint
}

// -----

// Two loop-carried resources, only one updated: each result keeps its own
// timepoint (no join); the (size, await) pairs after the loop come in reverse
// result order.

// CHECK-LABEL: @scf_for_parallel_selective
// CHECK-SAME: (%[[ARG0:[a-zA-Z0-9_]+]]: !stream.resource<external>, %[[ARG1:[a-zA-Z0-9_]+]]: !stream.timepoint, %[[ARG2:[a-zA-Z0-9_]+]]: !stream.resource<external>, %[[ARG3:[a-zA-Z0-9_]+]]: !stream.timepoint, %[[ARG4:[a-zA-Z0-9_]+]]: index) -> (!stream.resource<external>, !stream.timepoint, !stream.resource<external>, !stream.timepoint) {
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_]+]] = stream.resource.size %[[ARG0]] : !stream.resource<external>
// CHECK-NEXT: %[[V1:[a-zA-Z0-9_]+]] = stream.timepoint.await %[[ARG1]] => %[[ARG0]] : !stream.resource<external>{%[[V0]]}
// CHECK-NEXT: %[[V2:[a-zA-Z0-9_]+]] = stream.resource.size %[[ARG2]] : !stream.resource<external>
// CHECK-NEXT: %[[V3:[a-zA-Z0-9_]+]] = stream.timepoint.await %[[ARG3]] => %[[ARG2]] : !stream.resource<external>{%[[V2]]}
// CHECK: %[[V4:[a-zA-Z0-9_]+]]:4 = scf.for %[[ARG5:[a-zA-Z0-9_]+]] = %c0 to %[[ARG4]] step %c1 iter_args(%[[ARG6:[a-zA-Z0-9_]+]] = %[[ARG0]], %[[ARG7:[a-zA-Z0-9_]+]] = %[[ARG1]], %[[ARG8:[a-zA-Z0-9_]+]] = %[[ARG2]], %[[ARG9:[a-zA-Z0-9_]+]] = %[[ARG3]]) -> (!stream.resource<external>, !stream.timepoint, !stream.resource<external>, !stream.timepoint) {
// CHECK-NEXT: %[[RESULTS:[a-zA-Z0-9_]+]], %[[RESULT_TIMEPOINT:[a-zA-Z0-9_]+]] = stream.async.execute await(%[[ARG7]]) => with(%[[ARG6]] as %[[ARG10:[a-zA-Z0-9_]+]]: !stream.resource<external>{%c64}) -> %[[ARG6]]{%c64} {
// CHECK-NEXT: stream.yield %[[ARG10]] : !stream.resource<external>{%c64}
// CHECK-NEXT: } => !stream.timepoint
// CHECK-NEXT: %[[V9:[a-zA-Z0-9_]+]] = stream.timepoint.await %[[RESULT_TIMEPOINT]] => %[[RESULTS]] : !stream.resource<external>{%c64}
// CHECK-NEXT: scf.yield %[[RESULTS]], %[[RESULT_TIMEPOINT]], %[[ARG8]], %[[ARG9]] : !stream.resource<external>, !stream.timepoint, !stream.resource<external>, !stream.timepoint
// CHECK-NEXT: }
// CHECK-NEXT: %[[V5:[a-zA-Z0-9_]+]] = stream.resource.size %[[V4]]#2 : !stream.resource<external>
// CHECK-NEXT: %[[V6:[a-zA-Z0-9_]+]] = stream.timepoint.await %[[V4]]#3 => %[[V4]]#2 : !stream.resource<external>{%[[V5]]}
// CHECK-NEXT: %[[V7:[a-zA-Z0-9_]+]] = stream.resource.size %[[V4]]#0 : !stream.resource<external>
// CHECK-NEXT: %[[V8:[a-zA-Z0-9_]+]] = stream.timepoint.await %[[V4]]#1 => %[[V4]]#0 : !stream.resource<external>{%[[V7]]}
// CHECK-NEXT: util.return %[[V4]]#0, %[[V4]]#1, %[[V4]]#2, %[[V4]]#3 : !stream.resource<external>, !stream.timepoint, !stream.resource<external>, !stream.timepoint
// CHECK-NEXT: }

util.func private @scf_for_parallel_selective(%arg0: !stream.resource<external>, %arg1: !stream.resource<external>, %n: index) -> (!stream.resource<external>, !stream.resource<external>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %0:2 = scf.for %i = %c0 to %n step %c1 iter_args(%a = %arg0, %b = %arg1) -> (!stream.resource<external>, !stream.resource<external>) {
    %r, %t = stream.async.execute with(%a as %capture: !stream.resource<external>{%c64}) -> %a{%c64} {
      stream.yield %capture : !stream.resource<external>{%c64}
    } => !stream.timepoint
    %w = stream.timepoint.await %t => %r : !stream.resource<external>{%c64}
    scf.yield %w, %b : !stream.resource<external>, !stream.resource<external>
  }
  util.return %0#0, %0#1 : !stream.resource<external>, !stream.resource<external>
}

// -----

// An RNN-style recurrence: the hidden state feeds the next step.

// CHECK-LABEL: @rnn_cell_recurrence
// CHECK-SAME: (%[[ARG0:[a-zA-Z0-9_]+]]: !stream.resource<external>, %[[ARG1:[a-zA-Z0-9_]+]]: !stream.timepoint, %[[ARG2:[a-zA-Z0-9_]+]]: !stream.resource<external>, %[[ARG3:[a-zA-Z0-9_]+]]: !stream.timepoint, %[[ARG4:[a-zA-Z0-9_]+]]: index) -> (!stream.resource<external>, !stream.timepoint) {
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_]+]] = stream.resource.size %[[ARG0]] : !stream.resource<external>
// CHECK-NEXT: %[[V1:[a-zA-Z0-9_]+]] = stream.timepoint.await %[[ARG1]] => %[[ARG0]] : !stream.resource<external>{%[[V0]]}
// CHECK: %[[V2:[a-zA-Z0-9_]+]] = stream.timepoint.await %[[ARG3]] => %[[ARG2]] : !stream.resource<external>{%c64}
// CHECK: %[[V3:[a-zA-Z0-9_]+]]:2 = scf.for %[[ARG5:[a-zA-Z0-9_]+]] = %c0 to %[[ARG4]] step %c1 iter_args(%[[ARG6:[a-zA-Z0-9_]+]] = %[[ARG0]], %[[ARG7:[a-zA-Z0-9_]+]] = %[[ARG1]]) -> (!stream.resource<external>, !stream.timepoint) {
// CHECK-NEXT: %[[V6:[a-zA-Z0-9_]+]] = stream.timepoint.join max(%[[ARG7]], %[[ARG3]]) => !stream.timepoint
// CHECK-NEXT: %[[RESULTS:[a-zA-Z0-9_]+]], %[[RESULT_TIMEPOINT:[a-zA-Z0-9_]+]] = stream.async.execute await(%[[V6]]) => with(%[[ARG6]] as %[[ARG8:[a-zA-Z0-9_]+]]: !stream.resource<external>{%c64_0}, %[[ARG2]] as %[[ARG9:[a-zA-Z0-9_]+]]: !stream.resource<external>{%c64_0}) -> !stream.resource<external>{%c64_0} {
// CHECK-NEXT: %[[V8:[a-zA-Z0-9_]+]] = stream.async.dispatch @ex::@cell[%c1, %c1, %c1](%[[ARG8]][%c0 to %c64_0 for %c64_0], %[[ARG9]][%c0 to %c64_0 for %c64_0]) : (!stream.resource<external>{%c64_0}, !stream.resource<external>{%c64_0}) -> !stream.resource<external>{%c64_0}
// CHECK-NEXT: stream.yield %[[V8]] : !stream.resource<external>{%c64_0}
// CHECK-NEXT: } => !stream.timepoint
// CHECK-NEXT: %[[V7:[a-zA-Z0-9_]+]] = stream.timepoint.await %[[RESULT_TIMEPOINT]] => %[[RESULTS]] : !stream.resource<external>{%c64_0}
// CHECK-NEXT: scf.yield %[[RESULTS]], %[[RESULT_TIMEPOINT]] : !stream.resource<external>, !stream.timepoint
// CHECK-NEXT: }
// CHECK-NEXT: %[[V4:[a-zA-Z0-9_]+]] = stream.resource.size %[[V3]]#0 : !stream.resource<external>
// CHECK-NEXT: %[[V5:[a-zA-Z0-9_]+]] = stream.timepoint.await %[[V3]]#1 => %[[V3]]#0 : !stream.resource<external>{%[[V4]]}
// CHECK-NEXT: util.return %[[V3]]#0, %[[V3]]#1 : !stream.resource<external>, !stream.timepoint
// CHECK-NEXT: }

util.func private @rnn_cell_recurrence(%h0: !stream.resource<external>, %x: !stream.resource<external>, %n: index) -> !stream.resource<external> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %0 = scf.for %i = %c0 to %n step %c1 iter_args(%h = %h0) -> (!stream.resource<external>) {
    %r, %t = stream.async.execute with(%h as %ch: !stream.resource<external>{%c64}, %x as %cx: !stream.resource<external>{%c64}) -> !stream.resource<external>{%c64} {
      %1 = stream.async.dispatch @ex::@cell[%c1, %c1, %c1](%ch[%c0 to %c64 for %c64], %cx[%c0 to %c64 for %c64]) : (!stream.resource<external>{%c64}, !stream.resource<external>{%c64}) -> !stream.resource<external>{%c64}
      stream.yield %1 : !stream.resource<external>{%c64}
    } => !stream.timepoint
    %a = stream.timepoint.await %t => %r : !stream.resource<external>{%c64}
    scf.yield %a : !stream.resource<external>
  }
  util.return %0 : !stream.resource<external>
}

// -----

// Two stages in one loop: the second consumes the first's result.

// CHECK-LABEL: @pipeline_parallelism
// CHECK-SAME: (%[[ARG0:[a-zA-Z0-9_]+]]: !stream.resource<external>, %[[ARG1:[a-zA-Z0-9_]+]]: !stream.timepoint, %[[ARG2:[a-zA-Z0-9_]+]]: index) -> (!stream.resource<external>, !stream.timepoint) {
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_]+]] = stream.resource.size %[[ARG0]] : !stream.resource<external>
// CHECK-NEXT: %[[V1:[a-zA-Z0-9_]+]] = stream.timepoint.await %[[ARG1]] => %[[ARG0]] : !stream.resource<external>{%[[V0]]}
// CHECK: %[[V2:[a-zA-Z0-9_]+]]:2 = scf.for %[[ARG3:[a-zA-Z0-9_]+]] = %c0 to %[[ARG2]] step %c1 iter_args(%[[ARG4:[a-zA-Z0-9_]+]] = %[[ARG0]], %[[ARG5:[a-zA-Z0-9_]+]] = %[[ARG1]]) -> (!stream.resource<external>, !stream.timepoint) {
// CHECK-NEXT: %[[RESULTS:[a-zA-Z0-9_]+]], %[[RESULT_TIMEPOINT:[a-zA-Z0-9_]+]] = stream.async.execute await(%[[ARG5]]) => with(%[[ARG4]] as %[[ARG6:[a-zA-Z0-9_]+]]: !stream.resource<external>{%c64}) -> !stream.resource<external>{%c64} {
// CHECK-NEXT: %[[V7:[a-zA-Z0-9_]+]] = stream.async.dispatch @ex::@stage0[%c1, %c1, %c1](%[[ARG6]][%c0 to %c64 for %c64]) : (!stream.resource<external>{%c64}) -> !stream.resource<external>{%c64}
// CHECK-NEXT: stream.yield %[[V7]] : !stream.resource<external>{%c64}
// CHECK-NEXT: } => !stream.timepoint
// CHECK-NEXT: %[[V5:[a-zA-Z0-9_]+]] = stream.timepoint.await %[[RESULT_TIMEPOINT]] => %[[RESULTS]] : !stream.resource<external>{%c64}
// CHECK-NEXT: %[[RESULTS_0:[a-zA-Z0-9_]+]], %[[RESULT_TIMEPOINT_1:[a-zA-Z0-9_]+]] = stream.async.execute await(%[[RESULT_TIMEPOINT]]) => with(%[[RESULTS]] as %[[ARG6_1:[a-zA-Z0-9_]+]]: !stream.resource<external>{%c64}) -> !stream.resource<external>{%c64} {
// CHECK-NEXT: %[[V7_1:[a-zA-Z0-9_]+]] = stream.async.dispatch @ex::@stage1[%c1, %c1, %c1](%[[ARG6_1]][%c0 to %c64 for %c64]) : (!stream.resource<external>{%c64}) -> !stream.resource<external>{%c64}
// CHECK-NEXT: stream.yield %[[V7_1]] : !stream.resource<external>{%c64}
// CHECK-NEXT: } => !stream.timepoint
// CHECK-NEXT: %[[V6:[a-zA-Z0-9_]+]] = stream.timepoint.await %[[RESULT_TIMEPOINT_1]] => %[[RESULTS_0]] : !stream.resource<external>{%c64}
// CHECK-NEXT: scf.yield %[[RESULTS_0]], %[[RESULT_TIMEPOINT_1]] : !stream.resource<external>, !stream.timepoint
// CHECK-NEXT: }
// CHECK-NEXT: %[[V3:[a-zA-Z0-9_]+]] = stream.resource.size %[[V2]]#0 : !stream.resource<external>
// CHECK-NEXT: %[[V4:[a-zA-Z0-9_]+]] = stream.timepoint.await %[[V2]]#1 => %[[V2]]#0 : !stream.resource<external>{%[[V3]]}
// CHECK-NEXT: util.return %[[V2]]#0, %[[V2]]#1 : !stream.resource<external>, !stream.timepoint
// CHECK-NEXT: }

util.func private @pipeline_parallelism(%arg0: !stream.resource<external>, %n: index) -> !stream.resource<external> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %0 = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %arg0) -> (!stream.resource<external>) {
    %r0, %t0 = stream.async.execute with(%acc as %c: !stream.resource<external>{%c64}) -> !stream.resource<external>{%c64} {
      %1 = stream.async.dispatch @ex::@stage0[%c1, %c1, %c1](%c[%c0 to %c64 for %c64]) : (!stream.resource<external>{%c64}) -> !stream.resource<external>{%c64}
      stream.yield %1 : !stream.resource<external>{%c64}
    } => !stream.timepoint
    %a0 = stream.timepoint.await %t0 => %r0 : !stream.resource<external>{%c64}
    %r1, %t1 = stream.async.execute with(%a0 as %c: !stream.resource<external>{%c64}) -> !stream.resource<external>{%c64} {
      %1 = stream.async.dispatch @ex::@stage1[%c1, %c1, %c1](%c[%c0 to %c64 for %c64]) : (!stream.resource<external>{%c64}) -> !stream.resource<external>{%c64}
      stream.yield %1 : !stream.resource<external>{%c64}
    } => !stream.timepoint
    %a1 = stream.timepoint.await %t1 => %r1 : !stream.resource<external>{%c64}
    scf.yield %a1 : !stream.resource<external>
  }
  util.return %0 : !stream.resource<external>
}

// -----

// Three carried resources, the last updated from the first: no false joins.

// CHECK-LABEL: @multi_resource_selective
// CHECK-SAME: (%[[ARG0:[a-zA-Z0-9_]+]]: !stream.resource<external>, %[[ARG1:[a-zA-Z0-9_]+]]: !stream.timepoint, %[[ARG2:[a-zA-Z0-9_]+]]: !stream.resource<external>, %[[ARG3:[a-zA-Z0-9_]+]]: !stream.timepoint, %[[ARG4:[a-zA-Z0-9_]+]]: !stream.resource<external>, %[[ARG5:[a-zA-Z0-9_]+]]: !stream.timepoint, %[[ARG6:[a-zA-Z0-9_]+]]: index) -> (!stream.resource<external>, !stream.timepoint, !stream.resource<external>, !stream.timepoint, !stream.resource<external>, !stream.timepoint) {
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_]+]] = stream.resource.size %[[ARG0]] : !stream.resource<external>
// CHECK-NEXT: %[[V1:[a-zA-Z0-9_]+]] = stream.timepoint.await %[[ARG1]] => %[[ARG0]] : !stream.resource<external>{%[[V0]]}
// CHECK-NEXT: %[[V2:[a-zA-Z0-9_]+]] = stream.resource.size %[[ARG2]] : !stream.resource<external>
// CHECK-NEXT: %[[V3:[a-zA-Z0-9_]+]] = stream.timepoint.await %[[ARG3]] => %[[ARG2]] : !stream.resource<external>{%[[V2]]}
// CHECK-NEXT: %[[V4:[a-zA-Z0-9_]+]] = stream.resource.size %[[ARG4]] : !stream.resource<external>
// CHECK-NEXT: %[[V5:[a-zA-Z0-9_]+]] = stream.timepoint.await %[[ARG5]] => %[[ARG4]] : !stream.resource<external>{%[[V4]]}
// CHECK: %[[V6:[a-zA-Z0-9_]+]]:6 = scf.for %[[ARG7:[a-zA-Z0-9_]+]] = %c0 to %[[ARG6]] step %c1 iter_args(%[[ARG8:[a-zA-Z0-9_]+]] = %[[ARG0]], %[[ARG9:[a-zA-Z0-9_]+]] = %[[ARG1]], %[[ARG10:[a-zA-Z0-9_]+]] = %[[ARG2]], %[[ARG11:[a-zA-Z0-9_]+]] = %[[ARG3]], %[[ARG12:[a-zA-Z0-9_]+]] = %[[ARG4]], %[[ARG13:[a-zA-Z0-9_]+]] = %[[ARG5]]) -> (!stream.resource<external>, !stream.timepoint, !stream.resource<external>, !stream.timepoint, !stream.resource<external>, !stream.timepoint) {
// CHECK-NEXT: %[[RESULTS:[a-zA-Z0-9_]+]], %[[RESULT_TIMEPOINT:[a-zA-Z0-9_]+]] = stream.async.execute await(%[[ARG9]]) => with(%[[ARG8]] as %[[ARG14:[a-zA-Z0-9_]+]]: !stream.resource<external>{%c64}) -> !stream.resource<external>{%c64} {
// CHECK-NEXT: %[[V14:[a-zA-Z0-9_]+]] = stream.async.dispatch @ex::@f[%c1, %c1, %c1](%[[ARG14]][%c0 to %c64 for %c64]) : (!stream.resource<external>{%c64}) -> !stream.resource<external>{%c64}
// CHECK-NEXT: stream.yield %[[V14]] : !stream.resource<external>{%c64}
// CHECK-NEXT: } => !stream.timepoint
// CHECK-NEXT: %[[V13:[a-zA-Z0-9_]+]] = stream.timepoint.await %[[RESULT_TIMEPOINT]] => %[[RESULTS]] : !stream.resource<external>{%c64}
// CHECK-NEXT: scf.yield %[[ARG8]], %[[ARG9]], %[[ARG10]], %[[ARG11]], %[[RESULTS]], %[[RESULT_TIMEPOINT]] : !stream.resource<external>, !stream.timepoint, !stream.resource<external>, !stream.timepoint, !stream.resource<external>, !stream.timepoint
// CHECK-NEXT: }
// CHECK-NEXT: %[[V7:[a-zA-Z0-9_]+]] = stream.resource.size %[[V6]]#4 : !stream.resource<external>
// CHECK-NEXT: %[[V8:[a-zA-Z0-9_]+]] = stream.timepoint.await %[[V6]]#5 => %[[V6]]#4 : !stream.resource<external>{%[[V7]]}
// CHECK-NEXT: %[[V9:[a-zA-Z0-9_]+]] = stream.resource.size %[[V6]]#2 : !stream.resource<external>
// CHECK-NEXT: %[[V10:[a-zA-Z0-9_]+]] = stream.timepoint.await %[[V6]]#3 => %[[V6]]#2 : !stream.resource<external>{%[[V9]]}
// CHECK-NEXT: %[[V11:[a-zA-Z0-9_]+]] = stream.resource.size %[[V6]]#0 : !stream.resource<external>
// CHECK-NEXT: %[[V12:[a-zA-Z0-9_]+]] = stream.timepoint.await %[[V6]]#1 => %[[V6]]#0 : !stream.resource<external>{%[[V11]]}
// CHECK-NEXT: util.return %[[V6]]#0, %[[V6]]#1, %[[V6]]#2, %[[V6]]#3, %[[V6]]#4, %[[V6]]#5 : !stream.resource<external>, !stream.timepoint, !stream.resource<external>, !stream.timepoint, !stream.resource<external>, !stream.timepoint
// CHECK-NEXT: }

util.func private @multi_resource_selective(%a0: !stream.resource<external>, %b0: !stream.resource<external>, %c0r: !stream.resource<external>, %n: index) -> (!stream.resource<external>, !stream.resource<external>, !stream.resource<external>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %0:3 = scf.for %i = %c0 to %n step %c1 iter_args(%a = %a0, %b = %b0, %c = %c0r) -> (!stream.resource<external>, !stream.resource<external>, !stream.resource<external>) {
    %r, %t = stream.async.execute with(%a as %ca: !stream.resource<external>{%c64}) -> !stream.resource<external>{%c64} {
      %1 = stream.async.dispatch @ex::@f[%c1, %c1, %c1](%ca[%c0 to %c64 for %c64]) : (!stream.resource<external>{%c64}) -> !stream.resource<external>{%c64}
      stream.yield %1 : !stream.resource<external>{%c64}
    } => !stream.timepoint
    %w = stream.timepoint.await %t => %r : !stream.resource<external>{%c64}
    scf.yield %a, %b, %w : !stream.resource<external>, !stream.resource<external>, !stream.resource<external>
  }
  util.return %0#0, %0#1, %0#2 : !stream.resource<external>, !stream.resource<external>, !stream.resource<external>
}

// -----

// Independent executes in one body each await only their own input.

// CHECK-LABEL: @no_false_dependencies
// CHECK-SAME: (%[[ARG0:[a-zA-Z0-9_]+]]: !stream.resource<external>, %[[ARG1:[a-zA-Z0-9_]+]]: !stream.timepoint, %[[ARG2:[a-zA-Z0-9_]+]]: !stream.resource<external>, %[[ARG3:[a-zA-Z0-9_]+]]: !stream.timepoint, %[[ARG4:[a-zA-Z0-9_]+]]: index) -> (!stream.resource<external>, !stream.timepoint, !stream.resource<external>, !stream.timepoint) {
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_]+]] = stream.resource.size %[[ARG0]] : !stream.resource<external>
// CHECK-NEXT: %[[V1:[a-zA-Z0-9_]+]] = stream.timepoint.await %[[ARG1]] => %[[ARG0]] : !stream.resource<external>{%[[V0]]}
// CHECK-NEXT: %[[V2:[a-zA-Z0-9_]+]] = stream.resource.size %[[ARG2]] : !stream.resource<external>
// CHECK-NEXT: %[[V3:[a-zA-Z0-9_]+]] = stream.timepoint.await %[[ARG3]] => %[[ARG2]] : !stream.resource<external>{%[[V2]]}
// CHECK: %[[V4:[a-zA-Z0-9_]+]]:4 = scf.for %[[ARG5:[a-zA-Z0-9_]+]] = %c0 to %[[ARG4]] step %c1 iter_args(%[[ARG6:[a-zA-Z0-9_]+]] = %[[ARG0]], %[[ARG7:[a-zA-Z0-9_]+]] = %[[ARG1]], %[[ARG8:[a-zA-Z0-9_]+]] = %[[ARG2]], %[[ARG9:[a-zA-Z0-9_]+]] = %[[ARG3]]) -> (!stream.resource<external>, !stream.timepoint, !stream.resource<external>, !stream.timepoint) {
// CHECK-NEXT: %[[RESULTS:[a-zA-Z0-9_]+]], %[[RESULT_TIMEPOINT:[a-zA-Z0-9_]+]] = stream.async.execute await(%[[ARG7]]) => with(%[[ARG6]] as %[[ARG10:[a-zA-Z0-9_]+]]: !stream.resource<external>{%c64}) -> %[[ARG6]]{%c64} {
// CHECK-NEXT: stream.yield %[[ARG10]] : !stream.resource<external>{%c64}
// CHECK-NEXT: } => !stream.timepoint
// CHECK-NEXT: %[[RESULTS_0:[a-zA-Z0-9_]+]], %[[RESULT_TIMEPOINT_1:[a-zA-Z0-9_]+]] = stream.async.execute await(%[[ARG9]]) => with(%[[ARG8]] as %[[ARG10_1:[a-zA-Z0-9_]+]]: !stream.resource<external>{%c64}) -> %[[ARG8]]{%c64} {
// CHECK-NEXT: stream.yield %[[ARG10_1]] : !stream.resource<external>{%c64}
// CHECK-NEXT: } => !stream.timepoint
// CHECK-NEXT: %[[V9:[a-zA-Z0-9_]+]] = stream.timepoint.await %[[RESULT_TIMEPOINT]] => %[[RESULTS]] : !stream.resource<external>{%c64}
// CHECK-NEXT: %[[V10:[a-zA-Z0-9_]+]] = stream.timepoint.await %[[RESULT_TIMEPOINT_1]] => %[[RESULTS_0]] : !stream.resource<external>{%c64}
// CHECK-NEXT: scf.yield %[[RESULTS]], %[[RESULT_TIMEPOINT]], %[[RESULTS_0]], %[[RESULT_TIMEPOINT_1]] : !stream.resource<external>, !stream.timepoint, !stream.resource<external>, !stream.timepoint
// CHECK-NEXT: }
// CHECK-NEXT: %[[V5:[a-zA-Z0-9_]+]] = stream.resource.size %[[V4]]#2 : !stream.resource<external>
// CHECK-NEXT: %[[V6:[a-zA-Z0-9_]+]] = stream.timepoint.await %[[V4]]#3 => %[[V4]]#2 : !stream.resource<external>{%[[V5]]}
// CHECK-NEXT: %[[V7:[a-zA-Z0-9_]+]] = stream.resource.size %[[V4]]#0 : !stream.resource<external>
// CHECK-NEXT: %[[V8:[a-zA-Z0-9_]+]] = stream.timepoint.await %[[V4]]#1 => %[[V4]]#0 : !stream.resource<external>{%[[V7]]}
// CHECK-NEXT: util.return %[[V4]]#0, %[[V4]]#1, %[[V4]]#2, %[[V4]]#3 : !stream.resource<external>, !stream.timepoint, !stream.resource<external>, !stream.timepoint
// CHECK-NEXT: }

util.func private @no_false_dependencies(%a0: !stream.resource<external>, %b0: !stream.resource<external>, %n: index) -> (!stream.resource<external>, !stream.resource<external>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %0:2 = scf.for %i = %c0 to %n step %c1 iter_args(%a = %a0, %b = %b0) -> (!stream.resource<external>, !stream.resource<external>) {
    %ra, %ta = stream.async.execute with(%a as %ca: !stream.resource<external>{%c64}) -> %a{%c64} {
      stream.yield %ca : !stream.resource<external>{%c64}
    } => !stream.timepoint
    %rb, %tb = stream.async.execute with(%b as %cb: !stream.resource<external>{%c64}) -> %b{%c64} {
      stream.yield %cb : !stream.resource<external>{%c64}
    } => !stream.timepoint
    %wa = stream.timepoint.await %ta => %ra : !stream.resource<external>{%c64}
    %wb = stream.timepoint.await %tb => %rb : !stream.resource<external>{%c64}
    scf.yield %wa, %wb : !stream.resource<external>, !stream.resource<external>
  }
  util.return %0#0, %0#1 : !stream.resource<external>, !stream.resource<external>
}

// -----

// A chain where only part of the state depends on the previous step.

// CHECK-LABEL: @partial_chained_dependencies
// CHECK-SAME: (%[[ARG0:[a-zA-Z0-9_]+]]: !stream.resource<external>, %[[ARG1:[a-zA-Z0-9_]+]]: !stream.timepoint, %[[ARG2:[a-zA-Z0-9_]+]]: !stream.resource<external>, %[[ARG3:[a-zA-Z0-9_]+]]: !stream.timepoint, %[[ARG4:[a-zA-Z0-9_]+]]: index) -> (!stream.resource<external>, !stream.timepoint, !stream.resource<external>, !stream.timepoint) {
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_]+]] = stream.resource.size %[[ARG0]] : !stream.resource<external>
// CHECK-NEXT: %[[V1:[a-zA-Z0-9_]+]] = stream.timepoint.await %[[ARG1]] => %[[ARG0]] : !stream.resource<external>{%[[V0]]}
// CHECK-NEXT: %[[V2:[a-zA-Z0-9_]+]] = stream.resource.size %[[ARG2]] : !stream.resource<external>
// CHECK-NEXT: %[[V3:[a-zA-Z0-9_]+]] = stream.timepoint.await %[[ARG3]] => %[[ARG2]] : !stream.resource<external>{%[[V2]]}
// CHECK: %[[V4:[a-zA-Z0-9_]+]]:4 = scf.for %[[ARG5:[a-zA-Z0-9_]+]] = %c0 to %[[ARG4]] step %c1 iter_args(%[[ARG6:[a-zA-Z0-9_]+]] = %[[ARG0]], %[[ARG7:[a-zA-Z0-9_]+]] = %[[ARG1]], %[[ARG8:[a-zA-Z0-9_]+]] = %[[ARG2]], %[[ARG9:[a-zA-Z0-9_]+]] = %[[ARG3]]) -> (!stream.resource<external>, !stream.timepoint, !stream.resource<external>, !stream.timepoint) {
// CHECK-NEXT: %[[V9:[a-zA-Z0-9_]+]] = stream.timepoint.join max(%[[ARG7]], %[[ARG9]]) => !stream.timepoint
// CHECK-NEXT: %[[RESULTS:[a-zA-Z0-9_]+]], %[[RESULT_TIMEPOINT:[a-zA-Z0-9_]+]] = stream.async.execute await(%[[V9]]) => with(%[[ARG6]] as %[[ARG10:[a-zA-Z0-9_]+]]: !stream.resource<external>{%c64}, %[[ARG8]] as %[[ARG11:[a-zA-Z0-9_]+]]: !stream.resource<external>{%c64}) -> !stream.resource<external>{%c64} {
// CHECK-NEXT: %[[V11:[a-zA-Z0-9_]+]] = stream.async.dispatch @ex::@f[%c1, %c1, %c1](%[[ARG10]][%c0 to %c64 for %c64], %[[ARG11]][%c0 to %c64 for %c64]) : (!stream.resource<external>{%c64}, !stream.resource<external>{%c64}) -> !stream.resource<external>{%c64}
// CHECK-NEXT: stream.yield %[[V11]] : !stream.resource<external>{%c64}
// CHECK-NEXT: } => !stream.timepoint
// CHECK-NEXT: %[[V10:[a-zA-Z0-9_]+]] = stream.timepoint.await %[[RESULT_TIMEPOINT]] => %[[RESULTS]] : !stream.resource<external>{%c64}
// CHECK-NEXT: scf.yield %[[RESULTS]], %[[RESULT_TIMEPOINT]], %[[ARG8]], %[[ARG9]] : !stream.resource<external>, !stream.timepoint, !stream.resource<external>, !stream.timepoint
// CHECK-NEXT: }
// CHECK-NEXT: %[[V5:[a-zA-Z0-9_]+]] = stream.resource.size %[[V4]]#2 : !stream.resource<external>
// CHECK-NEXT: %[[V6:[a-zA-Z0-9_]+]] = stream.timepoint.await %[[V4]]#3 => %[[V4]]#2 : !stream.resource<external>{%[[V5]]}
// CHECK-NEXT: %[[V7:[a-zA-Z0-9_]+]] = stream.resource.size %[[V4]]#0 : !stream.resource<external>
// CHECK-NEXT: %[[V8:[a-zA-Z0-9_]+]] = stream.timepoint.await %[[V4]]#1 => %[[V4]]#0 : !stream.resource<external>{%[[V7]]}
// CHECK-NEXT: util.return %[[V4]]#0, %[[V4]]#1, %[[V4]]#2, %[[V4]]#3 : !stream.resource<external>, !stream.timepoint, !stream.resource<external>, !stream.timepoint
// CHECK-NEXT: }

util.func private @partial_chained_dependencies(%a0: !stream.resource<external>, %b0: !stream.resource<external>, %n: index) -> (!stream.resource<external>, !stream.resource<external>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %0:2 = scf.for %i = %c0 to %n step %c1 iter_args(%a = %a0, %b = %b0) -> (!stream.resource<external>, !stream.resource<external>) {
    %ra, %ta = stream.async.execute with(%a as %ca: !stream.resource<external>{%c64}, %b as %cb: !stream.resource<external>{%c64}) -> !stream.resource<external>{%c64} {
      %1 = stream.async.dispatch @ex::@f[%c1, %c1, %c1](%ca[%c0 to %c64 for %c64], %cb[%c0 to %c64 for %c64]) : (!stream.resource<external>{%c64}, !stream.resource<external>{%c64}) -> !stream.resource<external>{%c64}
      stream.yield %1 : !stream.resource<external>{%c64}
    } => !stream.timepoint
    %wa = stream.timepoint.await %ta => %ra : !stream.resource<external>{%c64}
    scf.yield %wa, %b : !stream.resource<external>, !stream.resource<external>
  }
  util.return %0#0, %0#1 : !stream.resource<external>, !stream.resource<external>
}

// -----

// Beam search: four carried resources, two updated per step.

// CHECK-LABEL: @beam_search_pattern
// CHECK-SAME: (%[[ARG0:[a-zA-Z0-9_]+]]: !stream.resource<external>, %[[ARG1:[a-zA-Z0-9_]+]]: !stream.timepoint, %[[ARG2:[a-zA-Z0-9_]+]]: !stream.resource<external>, %[[ARG3:[a-zA-Z0-9_]+]]: !stream.timepoint, %[[ARG4:[a-zA-Z0-9_]+]]: !stream.resource<external>, %[[ARG5:[a-zA-Z0-9_]+]]: !stream.timepoint, %[[ARG6:[a-zA-Z0-9_]+]]: !stream.resource<external>, %[[ARG7:[a-zA-Z0-9_]+]]: !stream.timepoint, %[[ARG8:[a-zA-Z0-9_]+]]: index) -> (!stream.resource<external>, !stream.timepoint, !stream.resource<external>, !stream.timepoint, !stream.resource<external>, !stream.timepoint, !stream.resource<external>, !stream.timepoint) {
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_]+]] = stream.resource.size %[[ARG0]] : !stream.resource<external>
// CHECK-NEXT: %[[V1:[a-zA-Z0-9_]+]] = stream.timepoint.await %[[ARG1]] => %[[ARG0]] : !stream.resource<external>{%[[V0]]}
// CHECK-NEXT: %[[V2:[a-zA-Z0-9_]+]] = stream.resource.size %[[ARG2]] : !stream.resource<external>
// CHECK-NEXT: %[[V3:[a-zA-Z0-9_]+]] = stream.timepoint.await %[[ARG3]] => %[[ARG2]] : !stream.resource<external>{%[[V2]]}
// CHECK-NEXT: %[[V4:[a-zA-Z0-9_]+]] = stream.resource.size %[[ARG4]] : !stream.resource<external>
// CHECK-NEXT: %[[V5:[a-zA-Z0-9_]+]] = stream.timepoint.await %[[ARG5]] => %[[ARG4]] : !stream.resource<external>{%[[V4]]}
// CHECK-NEXT: %[[V6:[a-zA-Z0-9_]+]] = stream.resource.size %[[ARG6]] : !stream.resource<external>
// CHECK-NEXT: %[[V7:[a-zA-Z0-9_]+]] = stream.timepoint.await %[[ARG7]] => %[[ARG6]] : !stream.resource<external>{%[[V6]]}
// CHECK: %[[V8:[a-zA-Z0-9_]+]]:8 = scf.for %[[ARG9:[a-zA-Z0-9_]+]] = %c0 to %[[ARG8]] step %c1 iter_args(%[[ARG10:[a-zA-Z0-9_]+]] = %[[ARG0]], %[[ARG11:[a-zA-Z0-9_]+]] = %[[ARG1]], %[[ARG12:[a-zA-Z0-9_]+]] = %[[ARG2]], %[[ARG13:[a-zA-Z0-9_]+]] = %[[ARG3]], %[[ARG14:[a-zA-Z0-9_]+]] = %[[ARG4]], %[[ARG15:[a-zA-Z0-9_]+]] = %[[ARG5]], %[[ARG16:[a-zA-Z0-9_]+]] = %[[ARG6]], %[[ARG17:[a-zA-Z0-9_]+]] = %[[ARG7]]) -> (!stream.resource<external>, !stream.timepoint, !stream.resource<external>, !stream.timepoint, !stream.resource<external>, !stream.timepoint, !stream.resource<external>, !stream.timepoint) {
// CHECK-NEXT: %[[V17:[a-zA-Z0-9_]+]] = stream.timepoint.join max(%[[ARG11]], %[[ARG13]]) => !stream.timepoint
// CHECK-NEXT: %[[RESULTS:[a-zA-Z0-9_]+]]:2, %[[RESULT_TIMEPOINT:[a-zA-Z0-9_]+]] = stream.async.execute await(%[[V17]]) => with(%[[ARG10]] as %[[ARG18:[a-zA-Z0-9_]+]]: !stream.resource<external>{%c64}, %[[ARG12]] as %[[ARG19:[a-zA-Z0-9_]+]]: !stream.resource<external>{%c64}) -> (!stream.resource<external>{%c64}, !stream.resource<external>{%c64}) {
// CHECK-NEXT: %[[V19:[a-zA-Z0-9_]+]] = stream.async.dispatch @ex::@score[%c1, %c1, %c1](%[[ARG18]][%c0 to %c64 for %c64], %[[ARG19]][%c0 to %c64 for %c64]) : (!stream.resource<external>{%c64}, !stream.resource<external>{%c64}) -> !stream.resource<external>{%c64}
// CHECK-NEXT: %[[V20:[a-zA-Z0-9_]+]] = stream.async.dispatch @ex::@topk[%c1, %c1, %c1](%[[V19]][%c0 to %c64 for %c64]) : (!stream.resource<external>{%c64}) -> !stream.resource<external>{%c64}
// CHECK-NEXT: stream.yield %[[V19]], %[[V20]] : !stream.resource<external>{%c64}, !stream.resource<external>{%c64}
// CHECK-NEXT: } => !stream.timepoint
// CHECK-NEXT: %[[V18:[a-zA-Z0-9_]+]]:2 = stream.timepoint.await %[[RESULT_TIMEPOINT]] => %[[RESULTS]]#0, %[[RESULTS]]#1 : !stream.resource<external>{%c64}, !stream.resource<external>{%c64}
// CHECK-NEXT: scf.yield %[[RESULTS]]#0, %[[RESULT_TIMEPOINT]], %[[RESULTS]]#1, %[[RESULT_TIMEPOINT]], %[[ARG14]], %[[ARG15]], %[[ARG16]], %[[ARG17]] : !stream.resource<external>, !stream.timepoint, !stream.resource<external>, !stream.timepoint, !stream.resource<external>, !stream.timepoint, !stream.resource<external>, !stream.timepoint
// CHECK-NEXT: }
// CHECK-NEXT: %[[V9:[a-zA-Z0-9_]+]] = stream.resource.size %[[V8]]#6 : !stream.resource<external>
// CHECK-NEXT: %[[V10:[a-zA-Z0-9_]+]] = stream.timepoint.await %[[V8]]#7 => %[[V8]]#6 : !stream.resource<external>{%[[V9]]}
// CHECK-NEXT: %[[V11:[a-zA-Z0-9_]+]] = stream.resource.size %[[V8]]#4 : !stream.resource<external>
// CHECK-NEXT: %[[V12:[a-zA-Z0-9_]+]] = stream.timepoint.await %[[V8]]#5 => %[[V8]]#4 : !stream.resource<external>{%[[V11]]}
// CHECK-NEXT: %[[V13:[a-zA-Z0-9_]+]] = stream.resource.size %[[V8]]#2 : !stream.resource<external>
// CHECK-NEXT: %[[V14:[a-zA-Z0-9_]+]] = stream.timepoint.await %[[V8]]#3 => %[[V8]]#2 : !stream.resource<external>{%[[V13]]}
// CHECK-NEXT: %[[V15:[a-zA-Z0-9_]+]] = stream.resource.size %[[V8]]#0 : !stream.resource<external>
// CHECK-NEXT: %[[V16:[a-zA-Z0-9_]+]] = stream.timepoint.await %[[V8]]#1 => %[[V8]]#0 : !stream.resource<external>{%[[V15]]}
// CHECK-NEXT: util.return %[[V8]]#0, %[[V8]]#1, %[[V8]]#2, %[[V8]]#3, %[[V8]]#4, %[[V8]]#5, %[[V8]]#6, %[[V8]]#7 : !stream.resource<external>, !stream.timepoint, !stream.resource<external>, !stream.timepoint, !stream.resource<external>, !stream.timepoint, !stream.resource<external>, !stream.timepoint
// CHECK-NEXT: }

util.func private @beam_search_pattern(%s0: !stream.resource<external>, %s1: !stream.resource<external>, %s2: !stream.resource<external>, %s3: !stream.resource<external>, %n: index) -> (!stream.resource<external>, !stream.resource<external>, !stream.resource<external>, !stream.resource<external>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %0:4 = scf.for %i = %c0 to %n step %c1 iter_args(%a = %s0, %b = %s1, %c = %s2, %d = %s3) -> (!stream.resource<external>, !stream.resource<external>, !stream.resource<external>, !stream.resource<external>) {
    %r:2, %t = stream.async.execute with(%a as %ca: !stream.resource<external>{%c64}, %b as %cb: !stream.resource<external>{%c64}) -> (!stream.resource<external>{%c64}, !stream.resource<external>{%c64}) {
      %1 = stream.async.dispatch @ex::@score[%c1, %c1, %c1](%ca[%c0 to %c64 for %c64], %cb[%c0 to %c64 for %c64]) : (!stream.resource<external>{%c64}, !stream.resource<external>{%c64}) -> !stream.resource<external>{%c64}
      %2 = stream.async.dispatch @ex::@topk[%c1, %c1, %c1](%1[%c0 to %c64 for %c64]) : (!stream.resource<external>{%c64}) -> !stream.resource<external>{%c64}
      stream.yield %1, %2 : !stream.resource<external>{%c64}, !stream.resource<external>{%c64}
    } => !stream.timepoint
    %w:2 = stream.timepoint.await %t => %r#0, %r#1 : !stream.resource<external>{%c64}, !stream.resource<external>{%c64}
    scf.yield %w#0, %w#1, %c, %d : !stream.resource<external>, !stream.resource<external>, !stream.resource<external>, !stream.resource<external>
  }
  util.return %0#0, %0#1, %0#2, %0#3 : !stream.resource<external>, !stream.resource<external>, !stream.resource<external>, !stream.resource<external>
}

// -----

// scf.while carries pairs through both regions.

// CHECK-LABEL: @scf_while_bidirectional
// CHECK-SAME: (%[[ARG0:[a-zA-Z0-9_]+]]: !stream.resource<external>, %[[ARG1:[a-zA-Z0-9_]+]]: !stream.timepoint, %[[ARG2:[a-zA-Z0-9_]+]]: index) -> (!stream.resource<external>, !stream.timepoint) {
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_]+]] = stream.resource.size %[[ARG0]] : !stream.resource<external>
// CHECK-NEXT: %[[V1:[a-zA-Z0-9_]+]] = stream.timepoint.await %[[ARG1]] => %[[ARG0]] : !stream.resource<external>{%[[V0]]}
// CHECK: %[[V2:[a-zA-Z0-9_]+]]:3 = scf.while (%[[ARG3:[a-zA-Z0-9_]+]] = %[[ARG0]], %[[ARG4:[a-zA-Z0-9_]+]] = %[[ARG1]], %[[ARG5:[a-zA-Z0-9_]+]] = %c0) : (!stream.resource<external>, !stream.timepoint, index) -> (!stream.resource<external>, !stream.timepoint, index) {
// CHECK-NEXT: %[[V5:[a-zA-Z0-9_]+]] = arith.cmpi slt, %[[ARG5]], %[[ARG2]] : index
// CHECK-NEXT: scf.condition(%[[V5]]) %[[ARG3]], %[[ARG4]], %[[ARG5]] : !stream.resource<external>, !stream.timepoint, index
// CHECK-NEXT: } do {
// CHECK-NEXT: ^bb0(%[[ARG3_1:[a-zA-Z0-9_]+]]: !stream.resource<external>, %[[ARG4_1:[a-zA-Z0-9_]+]]: !stream.timepoint, %[[ARG5_1:[a-zA-Z0-9_]+]]: index):
// CHECK-NEXT: %[[RESULTS:[a-zA-Z0-9_]+]], %[[RESULT_TIMEPOINT:[a-zA-Z0-9_]+]] = stream.async.execute await(%[[ARG4_1]]) => with(%[[ARG3_1]] as %[[ARG6:[a-zA-Z0-9_]+]]: !stream.resource<external>{%c64}) -> %[[ARG3_1]]{%c64} {
// CHECK-NEXT: stream.yield %[[ARG6]] : !stream.resource<external>{%c64}
// CHECK-NEXT: } => !stream.timepoint
// CHECK-NEXT: %[[V5_1:[a-zA-Z0-9_]+]] = stream.timepoint.await %[[RESULT_TIMEPOINT]] => %[[RESULTS]] : !stream.resource<external>{%c64}
// CHECK-NEXT: %[[V6:[a-zA-Z0-9_]+]] = arith.addi %[[ARG5_1]], %c1 : index
// CHECK-NEXT: scf.yield %[[RESULTS]], %[[RESULT_TIMEPOINT]], %[[V6]] : !stream.resource<external>, !stream.timepoint, index
// CHECK-NEXT: }
// CHECK-NEXT: %[[V3:[a-zA-Z0-9_]+]] = stream.resource.size %[[V2]]#0 : !stream.resource<external>
// CHECK-NEXT: %[[V4:[a-zA-Z0-9_]+]] = stream.timepoint.await %[[V2]]#1 => %[[V2]]#0 : !stream.resource<external>{%[[V3]]}
// CHECK-NEXT: util.return %[[V2]]#0, %[[V2]]#1 : !stream.resource<external>, !stream.timepoint
// CHECK-NEXT: }

util.func private @scf_while_bidirectional(%arg0: !stream.resource<external>, %n: index) -> !stream.resource<external> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %0:2 = scf.while (%r = %arg0, %i = %c0) : (!stream.resource<external>, index) -> (!stream.resource<external>, index) {
    %cond = arith.cmpi slt, %i, %n : index
    scf.condition(%cond) %r, %i : !stream.resource<external>, index
  } do {
  ^bb0(%r: !stream.resource<external>, %i: index):
    %e, %t = stream.async.execute with(%r as %c: !stream.resource<external>{%c64}) -> %r{%c64} {
      stream.yield %c : !stream.resource<external>{%c64}
    } => !stream.timepoint
    %a = stream.timepoint.await %t => %e : !stream.resource<external>{%c64}
    %next = arith.addi %i, %c1 : index
    scf.yield %a, %next : !stream.resource<external>, index
  }
  util.return %0#0 : !stream.resource<external>
}

// -----

// An scf.while whose condition region produces work before exiting.

// CHECK-LABEL: @scf_while_early_exit
// CHECK-SAME: (%[[ARG0:[a-zA-Z0-9_]+]]: !stream.resource<external>, %[[ARG1:[a-zA-Z0-9_]+]]: !stream.timepoint, %[[ARG2:[a-zA-Z0-9_]+]]: index) -> (!stream.resource<external>, !stream.timepoint) {
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_]+]] = stream.resource.size %[[ARG0]] : !stream.resource<external>
// CHECK-NEXT: %[[V1:[a-zA-Z0-9_]+]] = stream.timepoint.await %[[ARG1]] => %[[ARG0]] : !stream.resource<external>{%[[V0]]}
// CHECK: %[[V2:[a-zA-Z0-9_]+]]:2 = scf.while (%[[ARG3:[a-zA-Z0-9_]+]] = %[[ARG0]], %[[ARG4:[a-zA-Z0-9_]+]] = %[[ARG1]]) : (!stream.resource<external>, !stream.timepoint) -> (!stream.resource<external>, !stream.timepoint) {
// CHECK-NEXT: %[[RESULTS:[a-zA-Z0-9_]+]], %[[RESULT_TIMEPOINT:[a-zA-Z0-9_]+]] = stream.async.execute await(%[[ARG4]]) => with(%[[ARG3]] as %[[ARG5:[a-zA-Z0-9_]+]]: !stream.resource<external>{%c64}) -> %[[ARG3]]{%c64} {
// CHECK-NEXT: stream.yield %[[ARG5]] : !stream.resource<external>{%c64}
// CHECK-NEXT: } => !stream.timepoint
// CHECK-NEXT: %[[V5:[a-zA-Z0-9_]+]] = stream.timepoint.await %[[RESULT_TIMEPOINT]] => %[[RESULTS]] : !stream.resource<external>{%c64}
// CHECK-NEXT: %[[V6:[a-zA-Z0-9_]+]] = arith.cmpi slt, %c0, %[[ARG2]] : index
// CHECK-NEXT: scf.condition(%[[V6]]) %[[RESULTS]], %[[RESULT_TIMEPOINT]] : !stream.resource<external>, !stream.timepoint
// CHECK-NEXT: } do {
// CHECK-NEXT: ^bb0(%[[ARG3_1:[a-zA-Z0-9_]+]]: !stream.resource<external>, %[[ARG4_1:[a-zA-Z0-9_]+]]: !stream.timepoint):
// CHECK-NEXT: scf.yield %[[ARG3_1]], %[[ARG4_1]] : !stream.resource<external>, !stream.timepoint
// CHECK-NEXT: }
// CHECK-NEXT: %[[V3:[a-zA-Z0-9_]+]] = stream.resource.size %[[V2]]#0 : !stream.resource<external>
// CHECK-NEXT: %[[V4:[a-zA-Z0-9_]+]] = stream.timepoint.await %[[V2]]#1 => %[[V2]]#0 : !stream.resource<external>{%[[V3]]}
// CHECK-NEXT: util.return %[[V2]]#0, %[[V2]]#1 : !stream.resource<external>, !stream.timepoint
// CHECK-NEXT: }

util.func private @scf_while_early_exit(%arg0: !stream.resource<external>, %n: index) -> !stream.resource<external> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %0 = scf.while (%r = %arg0) : (!stream.resource<external>) -> (!stream.resource<external>) {
    %e, %t = stream.async.execute with(%r as %c: !stream.resource<external>{%c64}) -> %r{%c64} {
      stream.yield %c : !stream.resource<external>{%c64}
    } => !stream.timepoint
    %a = stream.timepoint.await %t => %e : !stream.resource<external>{%c64}
    %cond = arith.cmpi slt, %c0, %n : index
    scf.condition(%cond) %a : !stream.resource<external>
  } do {
  ^bb0(%r: !stream.resource<external>):
    scf.yield %r : !stream.resource<external>
  }
  util.return %0 : !stream.resource<external>
}

// -----

// A timeline op in the condition region awaits the carried timepoint.

// CHECK-LABEL: @scf_while_condition_with_timeline_op
// CHECK-SAME: (%[[ARG0:[a-zA-Z0-9_]+]]: !stream.resource<external>, %[[ARG1:[a-zA-Z0-9_]+]]: !stream.timepoint, %[[ARG2:[a-zA-Z0-9_]+]]: index) -> (!stream.resource<external>, !stream.timepoint) {
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_]+]] = stream.resource.size %[[ARG0]] : !stream.resource<external>
// CHECK-NEXT: %[[V1:[a-zA-Z0-9_]+]] = stream.timepoint.await %[[ARG1]] => %[[ARG0]] : !stream.resource<external>{%[[V0]]}
// CHECK: %[[V2:[a-zA-Z0-9_]+]]:2 = scf.while (%[[ARG3:[a-zA-Z0-9_]+]] = %[[ARG0]], %[[ARG4:[a-zA-Z0-9_]+]] = %[[ARG1]]) : (!stream.resource<external>, !stream.timepoint) -> (!stream.resource<external>, !stream.timepoint) {
// CHECK-NEXT: %[[RESULTS:[a-zA-Z0-9_]+]], %[[RESULT_TIMEPOINT:[a-zA-Z0-9_]+]] = stream.test.timeline_op await(%[[ARG4]]) => with(%[[ARG3]]) : (!stream.resource<external>{%c64}) -> !stream.resource<external>{%c64} => !stream.timepoint
// CHECK-NEXT: %[[V5:[a-zA-Z0-9_]+]] = arith.cmpi slt, %c0, %[[ARG2]] : index
// CHECK-NEXT: scf.condition(%[[V5]]) %[[RESULTS]], %[[RESULT_TIMEPOINT]] : !stream.resource<external>, !stream.timepoint
// CHECK-NEXT: } do {
// CHECK-NEXT: ^bb0(%[[ARG3_1:[a-zA-Z0-9_]+]]: !stream.resource<external>, %[[ARG4_1:[a-zA-Z0-9_]+]]: !stream.timepoint):
// CHECK-NEXT: scf.yield %[[ARG3_1]], %[[ARG4_1]] : !stream.resource<external>, !stream.timepoint
// CHECK-NEXT: }
// CHECK-NEXT: %[[V3:[a-zA-Z0-9_]+]] = stream.resource.size %[[V2]]#0 : !stream.resource<external>
// CHECK-NEXT: %[[V4:[a-zA-Z0-9_]+]] = stream.timepoint.await %[[V2]]#1 => %[[V2]]#0 : !stream.resource<external>{%[[V3]]}
// CHECK-NEXT: util.return %[[V2]]#0, %[[V2]]#1 : !stream.resource<external>, !stream.timepoint
// CHECK-NEXT: }

util.func private @scf_while_condition_with_timeline_op(%arg0: !stream.resource<external>, %n: index) -> !stream.resource<external> {
  %c0 = arith.constant 0 : index
  %c64 = arith.constant 64 : index
  %0 = scf.while (%r = %arg0) : (!stream.resource<external>) -> (!stream.resource<external>) {
    %o, %ot = stream.test.timeline_op with(%r) : (!stream.resource<external>{%c64}) -> !stream.resource<external>{%c64} => !stream.timepoint
    %cond = arith.cmpi slt, %c0, %n : index
    scf.condition(%cond) %o : !stream.resource<external>
  } do {
  ^bb0(%r: !stream.resource<external>):
    scf.yield %r : !stream.resource<external>
  }
  util.return %0 : !stream.resource<external>
}

// -----

// scf.if results merge the timepoints of both branches.

// CHECK-LABEL: @scf_if_merge
// CHECK-SAME: (%[[ARG0:[a-zA-Z0-9_]+]]: i1, %[[ARG1:[a-zA-Z0-9_]+]]: !stream.resource<external>, %[[ARG2:[a-zA-Z0-9_]+]]: !stream.timepoint, %[[ARG3:[a-zA-Z0-9_]+]]: !stream.resource<external>, %[[ARG4:[a-zA-Z0-9_]+]]: !stream.timepoint) -> (!stream.resource<external>, !stream.timepoint) {
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_]+]] = stream.resource.size %[[ARG1]] : !stream.resource<external>
// CHECK-NEXT: %[[V1:[a-zA-Z0-9_]+]] = stream.timepoint.await %[[ARG2]] => %[[ARG1]] : !stream.resource<external>{%[[V0]]}
// CHECK-NEXT: %[[V2:[a-zA-Z0-9_]+]] = stream.resource.size %[[ARG3]] : !stream.resource<external>
// CHECK-NEXT: %[[V3:[a-zA-Z0-9_]+]] = stream.timepoint.await %[[ARG4]] => %[[ARG3]] : !stream.resource<external>{%[[V2]]}
// CHECK-NEXT: %[[V4:[a-zA-Z0-9_]+]]:2 = scf.if %[[ARG0]] -> (!stream.resource<external>, !stream.timepoint) {
// CHECK-NEXT: scf.yield %[[ARG1]], %[[ARG2]] : !stream.resource<external>, !stream.timepoint
// CHECK-NEXT: } else {
// CHECK-NEXT: scf.yield %[[ARG3]], %[[ARG4]] : !stream.resource<external>, !stream.timepoint
// CHECK-NEXT: }
// CHECK-NEXT: %[[V5:[a-zA-Z0-9_]+]] = stream.resource.size %[[V4]]#0 : !stream.resource<external>
// CHECK-NEXT: %[[V6:[a-zA-Z0-9_]+]] = stream.timepoint.await %[[V4]]#1 => %[[V4]]#0 : !stream.resource<external>{%[[V5]]}
// CHECK-NEXT: util.return %[[V4]]#0, %[[V4]]#1 : !stream.resource<external>, !stream.timepoint
// CHECK-NEXT: }

util.func private @scf_if_merge(%cond: i1, %a: !stream.resource<external>, %b: !stream.resource<external>) -> !stream.resource<external> {
  %0 = scf.if %cond -> !stream.resource<external> {
    scf.yield %a : !stream.resource<external>
  } else {
    scf.yield %b : !stream.resource<external>
  }
  util.return %0 : !stream.resource<external>
}

// -----

// scf.index_switch results merge the timepoints of every case.

// CHECK-LABEL: @scf_index_switch_merge
// CHECK-SAME: (%[[ARG0:[a-zA-Z0-9_]+]]: index, %[[ARG1:[a-zA-Z0-9_]+]]: !stream.resource<external>, %[[ARG2:[a-zA-Z0-9_]+]]: !stream.timepoint, %[[ARG3:[a-zA-Z0-9_]+]]: !stream.resource<external>, %[[ARG4:[a-zA-Z0-9_]+]]: !stream.timepoint) -> (!stream.resource<external>, !stream.timepoint) {
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_]+]] = stream.resource.size %[[ARG1]] : !stream.resource<external>
// CHECK-NEXT: %[[V1:[a-zA-Z0-9_]+]] = stream.timepoint.await %[[ARG2]] => %[[ARG1]] : !stream.resource<external>{%[[V0]]}
// CHECK-NEXT: %[[V2:[a-zA-Z0-9_]+]] = stream.resource.size %[[ARG3]] : !stream.resource<external>
// CHECK-NEXT: %[[V3:[a-zA-Z0-9_]+]] = stream.timepoint.await %[[ARG4]] => %[[ARG3]] : !stream.resource<external>{%[[V2]]}
// CHECK-NEXT: %[[V4:[a-zA-Z0-9_]+]]:2 = scf.index_switch %[[ARG0]] -> !stream.resource<external>, !stream.timepoint
// CHECK-NEXT: case 0 {
// CHECK-NEXT: scf.yield %[[ARG1]], %[[ARG2]] : !stream.resource<external>, !stream.timepoint
// CHECK-NEXT: }
// CHECK-NEXT: default {
// CHECK-NEXT: scf.yield %[[ARG3]], %[[ARG4]] : !stream.resource<external>, !stream.timepoint
// CHECK-NEXT: }
// CHECK-NEXT: %[[V5:[a-zA-Z0-9_]+]] = stream.resource.size %[[V4]]#0 : !stream.resource<external>
// CHECK-NEXT: %[[V6:[a-zA-Z0-9_]+]] = stream.timepoint.await %[[V4]]#1 => %[[V4]]#0 : !stream.resource<external>{%[[V5]]}
// CHECK-NEXT: util.return %[[V4]]#0, %[[V4]]#1 : !stream.resource<external>, !stream.timepoint
// CHECK-NEXT: }

util.func private @scf_index_switch_merge(%idx: index, %a: !stream.resource<external>, %b: !stream.resource<external>) -> !stream.resource<external> {
  %0 = scf.index_switch %idx -> !stream.resource<external>
  case 0 {
    scf.yield %a : !stream.resource<external>
  }
  default {
    scf.yield %b : !stream.resource<external>
  }
  util.return %0 : !stream.resource<external>
}

// -----

// An await of a block argument (the loop-carried resource) records no
// mapping, so the else branch still forwards the carried timepoint: nothing
// leaks between sibling regions.

// CHECK-LABEL: @scf_if_no_sibling_leakage
// CHECK-SAME: (%[[ARG0:[a-zA-Z0-9_]+]]: i1, %[[ARG1:[a-zA-Z0-9_]+]]: !stream.resource<external>, %[[ARG2:[a-zA-Z0-9_]+]]: !stream.timepoint, %[[ARG3:[a-zA-Z0-9_]+]]: !stream.timepoint, %[[ARG4:[a-zA-Z0-9_]+]]: index) -> (!stream.resource<external>, !stream.timepoint) {
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_]+]] = stream.resource.size %[[ARG1]] : !stream.resource<external>
// CHECK-NEXT: %[[V1:[a-zA-Z0-9_]+]] = stream.timepoint.await %[[ARG2]] => %[[ARG1]] : !stream.resource<external>{%[[V0]]}
// CHECK: %[[V2:[a-zA-Z0-9_]+]]:2 = scf.for %[[ARG5:[a-zA-Z0-9_]+]] = %c0 to %[[ARG4]] step %c1 iter_args(%[[ARG6:[a-zA-Z0-9_]+]] = %[[ARG1]], %[[ARG7:[a-zA-Z0-9_]+]] = %[[ARG2]]) -> (!stream.resource<external>, !stream.timepoint) {
// CHECK-NEXT: %[[V5:[a-zA-Z0-9_]+]]:2 = scf.if %[[ARG0]] -> (!stream.resource<external>, !stream.timepoint) {
// CHECK-NEXT: %[[V8:[a-zA-Z0-9_]+]] = stream.timepoint.await %[[ARG3]] => %[[ARG6]] : !stream.resource<external>{%c64}
// CHECK-NEXT: scf.yield %[[ARG6]], %[[ARG3]] : !stream.resource<external>, !stream.timepoint
// CHECK-NEXT: } else {
// CHECK-NEXT: scf.yield %[[ARG6]], %[[ARG7]] : !stream.resource<external>, !stream.timepoint
// CHECK-NEXT: }
// CHECK-NEXT: %[[V6:[a-zA-Z0-9_]+]] = stream.resource.size %[[V5]]#0 : !stream.resource<external>
// CHECK-NEXT: %[[V7:[a-zA-Z0-9_]+]] = stream.timepoint.await %[[V5]]#1 => %[[V5]]#0 : !stream.resource<external>{%[[V6]]}
// CHECK-NEXT: scf.yield %[[V5]]#0, %[[V5]]#1 : !stream.resource<external>, !stream.timepoint
// CHECK-NEXT: }
// CHECK-NEXT: %[[V3:[a-zA-Z0-9_]+]] = stream.resource.size %[[V2]]#0 : !stream.resource<external>
// CHECK-NEXT: %[[V4:[a-zA-Z0-9_]+]] = stream.timepoint.await %[[V2]]#1 => %[[V2]]#0 : !stream.resource<external>{%[[V3]]}
// CHECK-NEXT: util.return %[[V2]]#0, %[[V2]]#1 : !stream.resource<external>, !stream.timepoint
// CHECK-NEXT: }

util.func private @scf_if_no_sibling_leakage(%cond: i1, %arg0: !stream.resource<external>, %t: !stream.timepoint, %n: index) -> !stream.resource<external> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %0 = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %arg0) -> (!stream.resource<external>) {
    %1 = scf.if %cond -> !stream.resource<external> {
      %w = stream.timepoint.await %t => %acc : !stream.resource<external>{%c64}
      scf.yield %w : !stream.resource<external>
    } else {
      scf.yield %acc : !stream.resource<external>
    }
    scf.yield %1 : !stream.resource<external>
  }
  util.return %0 : !stream.resource<external>
}

// -----

// The map is shared by sibling regions [REF]: an await of a value that is not
// a block argument records a mapping in the then branch that the else branch
// then uses.

// CHECK-LABEL: @scf_if_sibling_mapping_shared
// CHECK-SAME: (%[[ARG0:[a-zA-Z0-9_]+]]: i1, %[[ARG1:[a-zA-Z0-9_]+]]: !stream.resource<external>, %[[ARG2:[a-zA-Z0-9_]+]]: !stream.timepoint, %[[ARG3:[a-zA-Z0-9_]+]]: !stream.timepoint) -> (!stream.resource<external>, !stream.timepoint) {
// CHECK: %[[V0:[a-zA-Z0-9_]+]] = stream.timepoint.await %[[ARG2]] => %[[ARG1]] : !stream.resource<external>{%c64}
// CHECK: %[[V1:[a-zA-Z0-9_]+]]:2 = scf.if %[[ARG0]] -> (!stream.resource<external>, !stream.timepoint) {
// CHECK-NEXT: %[[V4:[a-zA-Z0-9_]+]] = stream.timepoint.await %[[ARG3]] => %[[V0]] : !stream.resource<external>{%c64_0}
// CHECK-NEXT: scf.yield %[[V0]], %[[ARG3]] : !stream.resource<external>, !stream.timepoint
// CHECK-NEXT: } else {
// CHECK-NEXT: scf.yield %[[V0]], %[[ARG3]] : !stream.resource<external>, !stream.timepoint
// CHECK-NEXT: }
// CHECK-NEXT: %[[V2:[a-zA-Z0-9_]+]] = stream.resource.size %[[V1]]#0 : !stream.resource<external>
// CHECK-NEXT: %[[V3:[a-zA-Z0-9_]+]] = stream.timepoint.await %[[V1]]#1 => %[[V1]]#0 : !stream.resource<external>{%[[V2]]}
// CHECK-NEXT: util.return %[[V1]]#0, %[[V1]]#1 : !stream.resource<external>, !stream.timepoint
// CHECK-NEXT: }

util.func private @scf_if_sibling_mapping_shared(%cond: i1, %a: !stream.resource<external>, %t: !stream.timepoint) -> !stream.resource<external> {
  %c64 = arith.constant 64 : index
  %0 = scf.if %cond -> !stream.resource<external> {
    %w = stream.timepoint.await %t => %a : !stream.resource<external>{%c64}
    scf.yield %w : !stream.resource<external>
  } else {
    scf.yield %a : !stream.resource<external>
  }
  util.return %0 : !stream.resource<external>
}

// -----

// An scf.if inside an scf.for.

// CHECK-LABEL: @nested_if_for
// CHECK-SAME: (%[[ARG0:[a-zA-Z0-9_]+]]: i1, %[[ARG1:[a-zA-Z0-9_]+]]: !stream.resource<external>, %[[ARG2:[a-zA-Z0-9_]+]]: !stream.timepoint, %[[ARG3:[a-zA-Z0-9_]+]]: index) -> (!stream.resource<external>, !stream.timepoint) {
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_]+]] = stream.resource.size %[[ARG1]] : !stream.resource<external>
// CHECK-NEXT: %[[V1:[a-zA-Z0-9_]+]] = stream.timepoint.await %[[ARG2]] => %[[ARG1]] : !stream.resource<external>{%[[V0]]}
// CHECK: %[[V2:[a-zA-Z0-9_]+]]:2 = scf.for %[[ARG4:[a-zA-Z0-9_]+]] = %c0 to %[[ARG3]] step %c1 iter_args(%[[ARG5:[a-zA-Z0-9_]+]] = %[[ARG1]], %[[ARG6:[a-zA-Z0-9_]+]] = %[[ARG2]]) -> (!stream.resource<external>, !stream.timepoint) {
// CHECK-NEXT: %[[V5:[a-zA-Z0-9_]+]]:2 = scf.if %[[ARG0]] -> (!stream.resource<external>, !stream.timepoint) {
// CHECK-NEXT: %[[RESULTS:[a-zA-Z0-9_]+]], %[[RESULT_TIMEPOINT:[a-zA-Z0-9_]+]] = stream.async.execute await(%[[ARG6]]) => with(%[[ARG5]] as %[[ARG7:[a-zA-Z0-9_]+]]: !stream.resource<external>{%c64}) -> %[[ARG5]]{%c64} {
// CHECK-NEXT: stream.yield %[[ARG7]] : !stream.resource<external>{%c64}
// CHECK-NEXT: } => !stream.timepoint
// CHECK-NEXT: %[[V8:[a-zA-Z0-9_]+]] = stream.timepoint.await %[[RESULT_TIMEPOINT]] => %[[RESULTS]] : !stream.resource<external>{%c64}
// CHECK-NEXT: scf.yield %[[RESULTS]], %[[RESULT_TIMEPOINT]] : !stream.resource<external>, !stream.timepoint
// CHECK-NEXT: } else {
// CHECK-NEXT: scf.yield %[[ARG5]], %[[ARG6]] : !stream.resource<external>, !stream.timepoint
// CHECK-NEXT: }
// CHECK-NEXT: %[[V6:[a-zA-Z0-9_]+]] = stream.resource.size %[[V5]]#0 : !stream.resource<external>
// CHECK-NEXT: %[[V7:[a-zA-Z0-9_]+]] = stream.timepoint.await %[[V5]]#1 => %[[V5]]#0 : !stream.resource<external>{%[[V6]]}
// CHECK-NEXT: scf.yield %[[V5]]#0, %[[V5]]#1 : !stream.resource<external>, !stream.timepoint
// CHECK-NEXT: }
// CHECK-NEXT: %[[V3:[a-zA-Z0-9_]+]] = stream.resource.size %[[V2]]#0 : !stream.resource<external>
// CHECK-NEXT: %[[V4:[a-zA-Z0-9_]+]] = stream.timepoint.await %[[V2]]#1 => %[[V2]]#0 : !stream.resource<external>{%[[V3]]}
// CHECK-NEXT: util.return %[[V2]]#0, %[[V2]]#1 : !stream.resource<external>, !stream.timepoint
// CHECK-NEXT: }

util.func private @nested_if_for(%cond: i1, %arg0: !stream.resource<external>, %n: index) -> !stream.resource<external> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %0 = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %arg0) -> (!stream.resource<external>) {
    %1 = scf.if %cond -> !stream.resource<external> {
      %e, %t = stream.async.execute with(%acc as %c: !stream.resource<external>{%c64}) -> %acc{%c64} {
        stream.yield %c : !stream.resource<external>{%c64}
      } => !stream.timepoint
      %a = stream.timepoint.await %t => %e : !stream.resource<external>{%c64}
      scf.yield %a : !stream.resource<external>
    } else {
      scf.yield %acc : !stream.resource<external>
    }
    scf.yield %1 : !stream.resource<external>
  }
  util.return %0 : !stream.resource<external>
}

// -----

// Three levels of nesting with two carried resources.

// CHECK-LABEL: @deeply_nested_stress_test
// CHECK-SAME: (%[[ARG0:[a-zA-Z0-9_]+]]: i1, %[[ARG1:[a-zA-Z0-9_]+]]: !stream.resource<external>, %[[ARG2:[a-zA-Z0-9_]+]]: !stream.timepoint, %[[ARG3:[a-zA-Z0-9_]+]]: !stream.resource<external>, %[[ARG4:[a-zA-Z0-9_]+]]: !stream.timepoint, %[[ARG5:[a-zA-Z0-9_]+]]: index) -> (!stream.resource<external>, !stream.timepoint, !stream.resource<external>, !stream.timepoint) {
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_]+]] = stream.resource.size %[[ARG1]] : !stream.resource<external>
// CHECK-NEXT: %[[V1:[a-zA-Z0-9_]+]] = stream.timepoint.await %[[ARG2]] => %[[ARG1]] : !stream.resource<external>{%[[V0]]}
// CHECK-NEXT: %[[V2:[a-zA-Z0-9_]+]] = stream.resource.size %[[ARG3]] : !stream.resource<external>
// CHECK-NEXT: %[[V3:[a-zA-Z0-9_]+]] = stream.timepoint.await %[[ARG4]] => %[[ARG3]] : !stream.resource<external>{%[[V2]]}
// CHECK: %[[V4:[a-zA-Z0-9_]+]]:4 = scf.for %[[ARG6:[a-zA-Z0-9_]+]] = %c0 to %[[ARG5]] step %c1 iter_args(%[[ARG7:[a-zA-Z0-9_]+]] = %[[ARG1]], %[[ARG8:[a-zA-Z0-9_]+]] = %[[ARG2]], %[[ARG9:[a-zA-Z0-9_]+]] = %[[ARG3]], %[[ARG10:[a-zA-Z0-9_]+]] = %[[ARG4]]) -> (!stream.resource<external>, !stream.timepoint, !stream.resource<external>, !stream.timepoint) {
// CHECK-NEXT: %[[V9:[a-zA-Z0-9_]+]]:4 = scf.for %[[ARG11:[a-zA-Z0-9_]+]] = %c0 to %[[ARG5]] step %c1 iter_args(%[[ARG12:[a-zA-Z0-9_]+]] = %[[ARG7]], %[[ARG13:[a-zA-Z0-9_]+]] = %[[ARG8]], %[[ARG14:[a-zA-Z0-9_]+]] = %[[ARG9]], %[[ARG15:[a-zA-Z0-9_]+]] = %[[ARG10]]) -> (!stream.resource<external>, !stream.timepoint, !stream.resource<external>, !stream.timepoint) {
// CHECK-NEXT: %[[V14:[a-zA-Z0-9_]+]]:2 = scf.if %[[ARG0]] -> (!stream.resource<external>, !stream.timepoint) {
// CHECK-NEXT: %[[V17:[a-zA-Z0-9_]+]] = stream.timepoint.join max(%[[ARG13]], %[[ARG15]]) => !stream.timepoint
// CHECK-NEXT: %[[RESULTS:[a-zA-Z0-9_]+]], %[[RESULT_TIMEPOINT:[a-zA-Z0-9_]+]] = stream.async.execute await(%[[V17]]) => with(%[[ARG12]] as %[[ARG16:[a-zA-Z0-9_]+]]: !stream.resource<external>{%c64}, %[[ARG14]] as %[[ARG17:[a-zA-Z0-9_]+]]: !stream.resource<external>{%c64}) -> %[[ARG12]]{%c64} {
// CHECK-NEXT: stream.yield %[[ARG16]] : !stream.resource<external>{%c64}
// CHECK-NEXT: } => !stream.timepoint
// CHECK-NEXT: %[[V18:[a-zA-Z0-9_]+]] = stream.timepoint.await %[[RESULT_TIMEPOINT]] => %[[RESULTS]] : !stream.resource<external>{%c64}
// CHECK-NEXT: scf.yield %[[RESULTS]], %[[RESULT_TIMEPOINT]] : !stream.resource<external>, !stream.timepoint
// CHECK-NEXT: } else {
// CHECK-NEXT: scf.yield %[[ARG12]], %[[ARG13]] : !stream.resource<external>, !stream.timepoint
// CHECK-NEXT: }
// CHECK-NEXT: %[[V15:[a-zA-Z0-9_]+]] = stream.resource.size %[[V14]]#0 : !stream.resource<external>
// CHECK-NEXT: %[[V16:[a-zA-Z0-9_]+]] = stream.timepoint.await %[[V14]]#1 => %[[V14]]#0 : !stream.resource<external>{%[[V15]]}
// CHECK-NEXT: scf.yield %[[V14]]#0, %[[V14]]#1, %[[ARG14]], %[[ARG15]] : !stream.resource<external>, !stream.timepoint, !stream.resource<external>, !stream.timepoint
// CHECK-NEXT: }
// CHECK-NEXT: %[[V10:[a-zA-Z0-9_]+]] = stream.resource.size %[[V9]]#2 : !stream.resource<external>
// CHECK-NEXT: %[[V11:[a-zA-Z0-9_]+]] = stream.timepoint.await %[[V9]]#3 => %[[V9]]#2 : !stream.resource<external>{%[[V10]]}
// CHECK-NEXT: %[[V12:[a-zA-Z0-9_]+]] = stream.resource.size %[[V9]]#0 : !stream.resource<external>
// CHECK-NEXT: %[[V13:[a-zA-Z0-9_]+]] = stream.timepoint.await %[[V9]]#1 => %[[V9]]#0 : !stream.resource<external>{%[[V12]]}
// CHECK-NEXT: scf.yield %[[V9]]#0, %[[V9]]#1, %[[V9]]#2, %[[V9]]#3 : !stream.resource<external>, !stream.timepoint, !stream.resource<external>, !stream.timepoint
// CHECK-NEXT: }
// CHECK-NEXT: %[[V5:[a-zA-Z0-9_]+]] = stream.resource.size %[[V4]]#2 : !stream.resource<external>
// CHECK-NEXT: %[[V6:[a-zA-Z0-9_]+]] = stream.timepoint.await %[[V4]]#3 => %[[V4]]#2 : !stream.resource<external>{%[[V5]]}
// CHECK-NEXT: %[[V7:[a-zA-Z0-9_]+]] = stream.resource.size %[[V4]]#0 : !stream.resource<external>
// CHECK-NEXT: %[[V8:[a-zA-Z0-9_]+]] = stream.timepoint.await %[[V4]]#1 => %[[V4]]#0 : !stream.resource<external>{%[[V7]]}
// CHECK-NEXT: util.return %[[V4]]#0, %[[V4]]#1, %[[V4]]#2, %[[V4]]#3 : !stream.resource<external>, !stream.timepoint, !stream.resource<external>, !stream.timepoint
// CHECK-NEXT: }

util.func private @deeply_nested_stress_test(%cond: i1, %a0: !stream.resource<external>, %b0: !stream.resource<external>, %n: index) -> (!stream.resource<external>, !stream.resource<external>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %0:2 = scf.for %i = %c0 to %n step %c1 iter_args(%a = %a0, %b = %b0) -> (!stream.resource<external>, !stream.resource<external>) {
    %1:2 = scf.for %j = %c0 to %n step %c1 iter_args(%x = %a, %y = %b) -> (!stream.resource<external>, !stream.resource<external>) {
      %2 = scf.if %cond -> !stream.resource<external> {
        %e, %t = stream.async.execute with(%x as %c: !stream.resource<external>{%c64}, %y as %d: !stream.resource<external>{%c64}) -> %x{%c64} {
          stream.yield %c : !stream.resource<external>{%c64}
        } => !stream.timepoint
        %w = stream.timepoint.await %t => %e : !stream.resource<external>{%c64}
        scf.yield %w : !stream.resource<external>
      } else {
        scf.yield %x : !stream.resource<external>
      }
      scf.yield %2, %y : !stream.resource<external>, !stream.resource<external>
    }
    scf.yield %1#0, %1#1 : !stream.resource<external>, !stream.resource<external>
  }
  util.return %0#0, %0#1 : !stream.resource<external>, !stream.resource<external>
}

// -----

// A parameter load inside a loop: its resource result is mapped to its
// timepoint.

// CHECK-LABEL: @parameter_load_in_scf_for
// CHECK-SAME: (%[[ARG0:[a-zA-Z0-9_]+]]: !util.buffer, %[[ARG1:[a-zA-Z0-9_]+]]: !util.buffer, %[[ARG2:[a-zA-Z0-9_]+]]: index) -> (!stream.resource<constant>, !stream.timepoint) {
// CHECK: %[[RESULT:[a-zA-Z0-9_]+]], %[[RESULT_TIMEPOINT:[a-zA-Z0-9_]+]] = stream.async.parameter.load %[[ARG0]]::%[[ARG1]][%c0_i64] : !stream.resource<constant>{%c64} => !stream.timepoint
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_]+]] = stream.timepoint.await %[[RESULT_TIMEPOINT]] => %[[RESULT]] : !stream.resource<constant>{%c64}
// CHECK-NEXT: %[[V1:[a-zA-Z0-9_]+]]:2 = scf.for %[[ARG3:[a-zA-Z0-9_]+]] = %c0 to %[[ARG2]] step %c1 iter_args(%[[ARG4:[a-zA-Z0-9_]+]] = %[[RESULT]], %[[ARG5:[a-zA-Z0-9_]+]] = %[[RESULT_TIMEPOINT]]) -> (!stream.resource<constant>, !stream.timepoint) {
// CHECK-NEXT: %[[RESULT_0:[a-zA-Z0-9_]+]], %[[RESULT_TIMEPOINT_1:[a-zA-Z0-9_]+]] = stream.async.parameter.load %[[ARG0]]::%[[ARG1]][%c0_i64] : !stream.resource<constant>{%c64} => !stream.timepoint
// CHECK-NEXT: %[[V4:[a-zA-Z0-9_]+]] = stream.timepoint.await %[[RESULT_TIMEPOINT_1]] => %[[RESULT_0]] : !stream.resource<constant>{%c64}
// CHECK-NEXT: scf.yield %[[RESULT_0]], %[[RESULT_TIMEPOINT_1]] : !stream.resource<constant>, !stream.timepoint
// CHECK-NEXT: }
// CHECK-NEXT: %[[V2:[a-zA-Z0-9_]+]] = stream.resource.size %[[V1]]#0 : !stream.resource<constant>
// CHECK-NEXT: %[[V3:[a-zA-Z0-9_]+]] = stream.timepoint.await %[[V1]]#1 => %[[V1]]#0 : !stream.resource<constant>{%[[V2]]}
// CHECK-NEXT: util.return %[[V1]]#0, %[[V1]]#1 : !stream.resource<constant>, !stream.timepoint
// CHECK-NEXT: }

util.func private @parameter_load_in_scf_for(%scope: !util.buffer, %key: !util.buffer, %n: index) -> !stream.resource<constant> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %c0_i64 = arith.constant 0 : i64
  %init, %init_t = stream.async.parameter.load %scope::%key[%c0_i64] : !stream.resource<constant>{%c64} => !stream.timepoint
  %i0 = stream.timepoint.await %init_t => %init : !stream.resource<constant>{%c64}
  %0 = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %i0) -> (!stream.resource<constant>) {
    %r, %t = stream.async.parameter.load %scope::%key[%c0_i64] : !stream.resource<constant>{%c64} => !stream.timepoint
    %a = stream.timepoint.await %t => %r : !stream.resource<constant>{%c64}
    scf.yield %a : !stream.resource<constant>
  }
  util.return %0 : !stream.resource<constant>
}

// -----

// A parameter write inside a loop awaits the carried timepoint of its source.

// CHECK-LABEL: @parameter_write_in_scf_for
// CHECK-SAME: (%[[ARG0:[a-zA-Z0-9_]+]]: !util.buffer, %[[ARG1:[a-zA-Z0-9_]+]]: !util.buffer, %[[ARG2:[a-zA-Z0-9_]+]]: !stream.resource<external>, %[[ARG3:[a-zA-Z0-9_]+]]: !stream.timepoint, %[[ARG4:[a-zA-Z0-9_]+]]: index) -> (!stream.resource<external>, !stream.timepoint) {
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_]+]] = stream.resource.size %[[ARG2]] : !stream.resource<external>
// CHECK-NEXT: %[[V1:[a-zA-Z0-9_]+]] = stream.timepoint.await %[[ARG3]] => %[[ARG2]] : !stream.resource<external>{%[[V0]]}
// CHECK: %[[V2:[a-zA-Z0-9_]+]]:2 = scf.for %[[ARG5:[a-zA-Z0-9_]+]] = %c0 to %[[ARG4]] step %c1 iter_args(%[[ARG6:[a-zA-Z0-9_]+]] = %[[ARG2]], %[[ARG7:[a-zA-Z0-9_]+]] = %[[ARG3]]) -> (!stream.resource<external>, !stream.timepoint) {
// CHECK-NEXT: %[[RESULT:[a-zA-Z0-9_]+]], %[[RESULT_TIMEPOINT:[a-zA-Z0-9_]+]] = stream.async.parameter.write await(%[[ARG7]]) %[[ARG6]][%c0 to %c64 for %c64] -> %[[ARG0]]::%[[ARG1]][%c0_i64] : !stream.resource<external>{%c64} => !stream.timepoint
// CHECK-NEXT: %[[V5:[a-zA-Z0-9_]+]] = stream.timepoint.await %[[RESULT_TIMEPOINT]] => %[[RESULT]] : !stream.resource<external>{%c64}
// CHECK-NEXT: scf.yield %[[RESULT]], %[[RESULT_TIMEPOINT]] : !stream.resource<external>, !stream.timepoint
// CHECK-NEXT: }
// CHECK-NEXT: %[[V3:[a-zA-Z0-9_]+]] = stream.resource.size %[[V2]]#0 : !stream.resource<external>
// CHECK-NEXT: %[[V4:[a-zA-Z0-9_]+]] = stream.timepoint.await %[[V2]]#1 => %[[V2]]#0 : !stream.resource<external>{%[[V3]]}
// CHECK-NEXT: util.return %[[V2]]#0, %[[V2]]#1 : !stream.resource<external>, !stream.timepoint
// CHECK-NEXT: }

util.func private @parameter_write_in_scf_for(%scope: !util.buffer, %key: !util.buffer, %arg0: !stream.resource<external>, %n: index) -> !stream.resource<external> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %c0_i64 = arith.constant 0 : i64
  %0 = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %arg0) -> (!stream.resource<external>) {
    %r, %t = stream.async.parameter.write %acc[%c0 to %c64 for %c64] -> %scope::%key[%c0_i64] : !stream.resource<external>{%c64} => !stream.timepoint
    %a = stream.timepoint.await %t => %r : !stream.resource<external>{%c64}
    scf.yield %a : !stream.resource<external>
  }
  util.return %0 : !stream.resource<external>
}

// -----

// A write then a load of the same parameter in one loop body.

// CHECK-LABEL: @parameter_write_then_load_in_scf_for
// CHECK-SAME: (%[[ARG0:[a-zA-Z0-9_]+]]: !util.buffer, %[[ARG1:[a-zA-Z0-9_]+]]: !util.buffer, %[[ARG2:[a-zA-Z0-9_]+]]: !stream.resource<external>, %[[ARG3:[a-zA-Z0-9_]+]]: !stream.timepoint, %[[ARG4:[a-zA-Z0-9_]+]]: index) -> (!stream.resource<external>, !stream.timepoint, !stream.resource<constant>, !stream.timepoint) {
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_]+]] = stream.resource.size %[[ARG2]] : !stream.resource<external>
// CHECK-NEXT: %[[V1:[a-zA-Z0-9_]+]] = stream.timepoint.await %[[ARG3]] => %[[ARG2]] : !stream.resource<external>{%[[V0]]}
// CHECK: %[[RESULT:[a-zA-Z0-9_]+]], %[[RESULT_TIMEPOINT:[a-zA-Z0-9_]+]] = stream.async.parameter.load %[[ARG0]]::%[[ARG1]][%c0_i64] : !stream.resource<constant>{%c64} => !stream.timepoint
// CHECK-NEXT: %[[V2:[a-zA-Z0-9_]+]] = stream.timepoint.await %[[RESULT_TIMEPOINT]] => %[[RESULT]] : !stream.resource<constant>{%c64}
// CHECK-NEXT: %[[V3:[a-zA-Z0-9_]+]]:4 = scf.for %[[ARG5:[a-zA-Z0-9_]+]] = %c0 to %[[ARG4]] step %c1 iter_args(%[[ARG6:[a-zA-Z0-9_]+]] = %[[ARG2]], %[[ARG7:[a-zA-Z0-9_]+]] = %[[ARG3]], %[[ARG8:[a-zA-Z0-9_]+]] = %[[RESULT]], %[[ARG9:[a-zA-Z0-9_]+]] = %[[RESULT_TIMEPOINT]]) -> (!stream.resource<external>, !stream.timepoint, !stream.resource<constant>, !stream.timepoint) {
// CHECK-NEXT: %[[RESULT_0:[a-zA-Z0-9_]+]], %[[RESULT_TIMEPOINT_1:[a-zA-Z0-9_]+]] = stream.async.parameter.write await(%[[ARG7]]) %[[ARG6]][%c0 to %c64 for %c64] -> %[[ARG0]]::%[[ARG1]][%c0_i64] : !stream.resource<external>{%c64} => !stream.timepoint
// CHECK-NEXT: %[[RESULT_2:[a-zA-Z0-9_]+]], %[[RESULT_TIMEPOINT_3:[a-zA-Z0-9_]+]] = stream.async.parameter.load await(%[[RESULT_TIMEPOINT_1]]) %[[ARG0]]::%[[ARG1]][%c0_i64] : !stream.resource<constant>{%c64} => !stream.timepoint
// CHECK-NEXT: %[[V8:[a-zA-Z0-9_]+]] = stream.timepoint.await %[[RESULT_TIMEPOINT_1]] => %[[RESULT_0]] : !stream.resource<external>{%c64}
// CHECK-NEXT: %[[V9:[a-zA-Z0-9_]+]] = stream.timepoint.await %[[RESULT_TIMEPOINT_3]] => %[[RESULT_2]] : !stream.resource<constant>{%c64}
// CHECK-NEXT: scf.yield %[[RESULT_0]], %[[RESULT_TIMEPOINT_1]], %[[RESULT_2]], %[[RESULT_TIMEPOINT_3]] : !stream.resource<external>, !stream.timepoint, !stream.resource<constant>, !stream.timepoint
// CHECK-NEXT: }
// CHECK-NEXT: %[[V4:[a-zA-Z0-9_]+]] = stream.resource.size %[[V3]]#2 : !stream.resource<constant>
// CHECK-NEXT: %[[V5:[a-zA-Z0-9_]+]] = stream.timepoint.await %[[V3]]#3 => %[[V3]]#2 : !stream.resource<constant>{%[[V4]]}
// CHECK-NEXT: %[[V6:[a-zA-Z0-9_]+]] = stream.resource.size %[[V3]]#0 : !stream.resource<external>
// CHECK-NEXT: %[[V7:[a-zA-Z0-9_]+]] = stream.timepoint.await %[[V3]]#1 => %[[V3]]#0 : !stream.resource<external>{%[[V6]]}
// CHECK-NEXT: util.return %[[V3]]#0, %[[V3]]#1, %[[V3]]#2, %[[V3]]#3 : !stream.resource<external>, !stream.timepoint, !stream.resource<constant>, !stream.timepoint
// CHECK-NEXT: }

util.func private @parameter_write_then_load_in_scf_for(%scope: !util.buffer, %key: !util.buffer, %arg0: !stream.resource<external>, %n: index) -> (!stream.resource<external>, !stream.resource<constant>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %c0_i64 = arith.constant 0 : i64
  %l0, %l0t = stream.async.parameter.load %scope::%key[%c0_i64] : !stream.resource<constant>{%c64} => !stream.timepoint
  %l0a = stream.timepoint.await %l0t => %l0 : !stream.resource<constant>{%c64}
  %0:2 = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %arg0, %last = %l0a) -> (!stream.resource<external>, !stream.resource<constant>) {
    %w, %wt = stream.async.parameter.write %acc[%c0 to %c64 for %c64] -> %scope::%key[%c0_i64] : !stream.resource<external>{%c64} => !stream.timepoint
    %l, %lt = stream.async.parameter.load await(%wt) %scope::%key[%c0_i64] : !stream.resource<constant>{%c64} => !stream.timepoint
    %wa = stream.timepoint.await %wt => %w : !stream.resource<external>{%c64}
    %la = stream.timepoint.await %lt => %l : !stream.resource<constant>{%c64}
    scf.yield %wa, %la : !stream.resource<external>, !stream.resource<constant>
  }
  util.return %0#0, %0#1 : !stream.resource<external>, !stream.resource<constant>
}
