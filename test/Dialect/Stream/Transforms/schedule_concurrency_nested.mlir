// REQUIRES: sluice-opt
// RUN: sluice-opt --sluice-stream-concurrency-nested --pass-pipeline="builtin.module(util.func(iree-stream-schedule-concurrency))" %s | FileCheck %s

// With --sluice-stream-concurrency-nested, executes nested in structured
// control flow are scheduled too.

// CHECK-LABEL: @nestedExecuteProcessed
// CHECK: scf.if
// CHECK: stream.async.execute
// CHECK-NEXT: %[[WAVE:.+]]:2 = stream.async.concurrent with(%{{.+}} as %[[CAPTURE:.+]]: !stream.resource<external>{%c20})
// CHECK-NEXT: stream.async.dispatch @ex::@read0[%c1, %c1, %c1](%[[CAPTURE]]
// CHECK-NEXT: stream.async.dispatch @ex::@read1[%c1, %c1, %c1](%[[CAPTURE]]
// CHECK: stream.yield %[[WAVE]]#0, %[[WAVE]]#1
util.func public @nestedExecuteProcessed(%cond: i1, %arg0: !stream.resource<external>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c20 = arith.constant 20 : index
  scf.if %cond {
    %results:2, %result_timepoint = stream.async.execute with(%arg0 as %capture0: !stream.resource<external>{%c20}) -> (!stream.resource<external>{%c20}, !stream.resource<external>{%c20}) {
      %0 = stream.async.dispatch @ex::@read0[%c1, %c1, %c1](%capture0[%c0 to %c20 for %c20]) : (!stream.resource<external>{%c20}) -> !stream.resource<external>{%c20}
      %1 = stream.async.dispatch @ex::@read1[%c1, %c1, %c1](%capture0[%c0 to %c20 for %c20]) : (!stream.resource<external>{%c20}) -> !stream.resource<external>{%c20}
      stream.yield %0, %1 : !stream.resource<external>{%c20}, !stream.resource<external>{%c20}
    } => !stream.timepoint
    util.optimization_barrier %result_timepoint : !stream.timepoint
  }
  util.return
}
