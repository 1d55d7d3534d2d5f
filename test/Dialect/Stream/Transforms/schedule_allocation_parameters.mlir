// RUN: sluice-opt --split-input-file --iree-stream-schedule-allocation %s | FileCheck %s
// REQUIRES: sluice-opt

// Host-side parameter ops become their command forms; `!util.buffer` scope and
// key operands pass through.

// CHECK-LABEL: @parameterLoad
// CHECK-SAME: (%[[WAIT:.+]]: !stream.timepoint, %[[SCOPE:.+]]: !util.buffer, %[[KEY:.+]]: !util.buffer, %[[OFFSET:.+]]: i64, %[[SIZE:.+]]: index)
util.func public @parameterLoad(%wait: !stream.timepoint, %scope: !util.buffer, %key: !util.buffer, %offset: i64, %size: index) -> (!stream.resource<constant>, !stream.timepoint) {
  // CHECK: %[[RESULT:.+]], %[[TIMEPOINT:.+]] = stream.cmd.parameter.load on(#hal.device.affinity<@device>) await(%[[WAIT]]) => {
  // CHECK-NEXT: %[[SCOPE]]::%[[KEY]][%[[OFFSET]]] : !stream.resource<constant>{%[[SIZE]]}
  // CHECK-NEXT: } => !stream.timepoint
  %result, %result_timepoint = stream.async.parameter.load on(#hal.device.affinity<@device>) await(%wait) %scope::%key[%offset] : !stream.resource<constant>{%size} => !stream.timepoint
  // CHECK: util.return %[[RESULT]], %[[TIMEPOINT]]
  util.return %result, %result_timepoint : !stream.resource<constant>, !stream.timepoint
}

// -----

// CHECK-LABEL: @parameterLoadNoScope
// CHECK-SAME: (%[[KEY:.+]]: !util.buffer, %[[OFFSET:.+]]: i64, %[[SIZE:.+]]: index)
util.func public @parameterLoadNoScope(%key: !util.buffer, %offset: i64, %size: index) -> (!stream.resource<constant>, !stream.timepoint) {
  // CHECK: %[[RESULT:.+]], %[[TIMEPOINT:.+]] = stream.cmd.parameter.load {
  // CHECK-NEXT: %[[KEY]][%[[OFFSET]]] : !stream.resource<constant>{%[[SIZE]]}
  // CHECK-NEXT: } => !stream.timepoint
  %result, %result_timepoint = stream.async.parameter.load %key[%offset] : !stream.resource<constant>{%size} => !stream.timepoint
  // CHECK: util.return %[[RESULT]], %[[TIMEPOINT]]
  util.return %result, %result_timepoint : !stream.resource<constant>, !stream.timepoint
}

// -----

// A read fills its target: the result is the target.

// CHECK-LABEL: @parameterRead
// CHECK-SAME: (%[[WAIT:.+]]: !stream.timepoint, %[[SCOPE:.+]]: !util.buffer, %[[KEY:.+]]: !util.buffer, %[[PARAM_OFFSET:.+]]: i64, %[[TARGET:.+]]: !stream.resource<transient>, %[[SIZE:.+]]: index, %[[OFFSET:.+]]: index, %[[END:.+]]: index, %[[LENGTH:.+]]: index)
util.func public @parameterRead(%wait: !stream.timepoint, %scope: !util.buffer, %key: !util.buffer, %param_offset: i64, %target: !stream.resource<transient>, %size: index, %offset: index, %end: index, %length: index) -> (!stream.resource<transient>, !stream.timepoint) {
  // CHECK: %[[TIMEPOINT:.+]] = stream.cmd.parameter.read await(%[[WAIT]]) => %[[SCOPE]]::%[[KEY]][%[[PARAM_OFFSET]]] -> %[[TARGET]][%[[OFFSET]] for %[[LENGTH]]] : !stream.resource<transient>{%[[SIZE]]} => !stream.timepoint
  %result, %result_timepoint = stream.async.parameter.read await(%wait) %scope::%key[%param_offset] -> %target[%offset to %end for %length] : !stream.resource<transient>{%size} => !stream.timepoint
  // CHECK: util.return %[[TARGET]], %[[TIMEPOINT]]
  util.return %result, %result_timepoint : !stream.resource<transient>, !stream.timepoint
}

// -----

// A write returns its source.

// CHECK-LABEL: @parameterWrite
// CHECK-SAME: (%[[WAIT:.+]]: !stream.timepoint, %[[SOURCE:.+]]: !stream.resource<transient>, %[[SIZE:.+]]: index, %[[OFFSET:.+]]: index, %[[END:.+]]: index, %[[LENGTH:.+]]: index, %[[SCOPE:.+]]: !util.buffer, %[[KEY:.+]]: !util.buffer, %[[PARAM_OFFSET:.+]]: i64)
util.func public @parameterWrite(%wait: !stream.timepoint, %source: !stream.resource<transient>, %size: index, %offset: index, %end: index, %length: index, %scope: !util.buffer, %key: !util.buffer, %param_offset: i64) -> (!stream.resource<transient>, !stream.timepoint) {
  // CHECK: %[[TIMEPOINT:.+]] = stream.cmd.parameter.write on(#hal.device.affinity<@device>) await(%[[WAIT]]) => %[[SOURCE]][%[[OFFSET]] for %[[LENGTH]]] : !stream.resource<transient>{%[[SIZE]]} -> %[[SCOPE]]::%[[KEY]][%[[PARAM_OFFSET]]] => !stream.timepoint
  %result, %result_timepoint = stream.async.parameter.write on(#hal.device.affinity<@device>) await(%wait) %source[%offset to %end for %length] -> %scope::%key[%param_offset] : !stream.resource<transient>{%size} => !stream.timepoint
  // CHECK: util.return %[[SOURCE]], %[[TIMEPOINT]]
  util.return %result, %result_timepoint : !stream.resource<transient>, !stream.timepoint
}

// -----

// CHECK-LABEL: @parameterWriteNoScope
// CHECK-SAME: (%[[SOURCE:.+]]: !stream.resource<transient>, %[[SIZE:.+]]: index, %[[OFFSET:.+]]: index, %[[END:.+]]: index, %[[LENGTH:.+]]: index, %[[KEY:.+]]: !util.buffer, %[[PARAM_OFFSET:.+]]: i64)
util.func public @parameterWriteNoScope(%source: !stream.resource<transient>, %size: index, %offset: index, %end: index, %length: index, %key: !util.buffer, %param_offset: i64) -> (!stream.resource<transient>, !stream.timepoint) {
  // CHECK: %[[TIMEPOINT:.+]] = stream.cmd.parameter.write %[[SOURCE]][%[[OFFSET]] for %[[LENGTH]]] : !stream.resource<transient>{%[[SIZE]]} -> %[[KEY]][%[[PARAM_OFFSET]]] => !stream.timepoint
  %result, %result_timepoint = stream.async.parameter.write %source[%offset to %end for %length] -> %key[%param_offset] : !stream.resource<transient>{%size} => !stream.timepoint
  // CHECK: util.return %[[SOURCE]], %[[TIMEPOINT]]
  util.return %result, %result_timepoint : !stream.resource<transient>, !stream.timepoint
}

// -----

// CHECK-LABEL: @parameterGather
// CHECK-SAME: (%[[WAIT:.+]]: !stream.timepoint, %[[SCOPE:.+]]: !util.buffer, %[[KEY0:.+]]: !util.buffer, %[[KEY1:.+]]: !util.buffer, %[[PO0:.+]]: i64, %[[PO1:.+]]: i64, %[[TARGET:.+]]: !stream.resource<transient>, %[[SIZE:.+]]: index, %[[O0:.+]]: index, %[[E0:.+]]: index, %[[L0:.+]]: index, %[[O1:.+]]: index, %[[E1:.+]]: index, %[[L1:.+]]: index)
util.func public @parameterGather(%wait: !stream.timepoint, %scope: !util.buffer, %key0: !util.buffer, %key1: !util.buffer, %po0: i64, %po1: i64, %target: !stream.resource<transient>, %size: index, %o0: index, %e0: index, %l0: index, %o1: index, %e1: index, %l1: index) -> (!stream.resource<transient>, !stream.timepoint) {
  // CHECK: %[[TIMEPOINT:.+]] = stream.cmd.parameter.gather await(%[[WAIT]]) => {
  // CHECK-NEXT: %[[SCOPE]]::%[[KEY0]][%[[PO0]]] -> %[[TARGET]][%[[O0]] for %[[L0]]] : !stream.resource<transient>{%[[SIZE]]},
  // CHECK-NEXT: %[[SCOPE]]::%[[KEY1]][%[[PO1]]] -> %[[TARGET]][%[[O1]] for %[[L1]]] : !stream.resource<transient>{%[[SIZE]]}
  // CHECK-NEXT: } => !stream.timepoint
  %result, %result_timepoint = stream.async.parameter.gather await(%wait) {
    %scope::%key0[%po0] -> %target[%o0 to %e0 for %l0] : !stream.resource<transient>{%size},
    %scope::%key1[%po1] -> %target[%o1 to %e1 for %l1] : !stream.resource<transient>{%size}
  } : !stream.resource<transient> => !stream.timepoint
  // CHECK: util.return %[[TARGET]], %[[TIMEPOINT]]
  util.return %result, %result_timepoint : !stream.resource<transient>, !stream.timepoint
}

// -----

// CHECK-LABEL: @parameterScatter
// CHECK-SAME: (%[[WAIT:.+]]: !stream.timepoint, %[[SOURCE:.+]]: !stream.resource<transient>, %[[SIZE:.+]]: index, %[[O0:.+]]: index, %[[E0:.+]]: index, %[[L0:.+]]: index, %[[O1:.+]]: index, %[[E1:.+]]: index, %[[L1:.+]]: index, %[[SCOPE:.+]]: !util.buffer, %[[KEY0:.+]]: !util.buffer, %[[KEY1:.+]]: !util.buffer, %[[PO0:.+]]: i64, %[[PO1:.+]]: i64)
util.func public @parameterScatter(%wait: !stream.timepoint, %source: !stream.resource<transient>, %size: index, %o0: index, %e0: index, %l0: index, %o1: index, %e1: index, %l1: index, %scope: !util.buffer, %key0: !util.buffer, %key1: !util.buffer, %po0: i64, %po1: i64) -> (!stream.resource<transient>, !stream.timepoint) {
  // CHECK: %[[TIMEPOINT:.+]] = stream.cmd.parameter.scatter on(#hal.device.affinity<@device>) await(%[[WAIT]]) => {
  // CHECK-NEXT: %[[SOURCE]][%[[O0]] for %[[L0]]] : !stream.resource<transient>{%[[SIZE]]} -> %[[SCOPE]]::%[[KEY0]][%[[PO0]]],
  // CHECK-NEXT: %[[SOURCE]][%[[O1]] for %[[L1]]] : !stream.resource<transient>{%[[SIZE]]} -> %[[SCOPE]]::%[[KEY1]][%[[PO1]]]
  // CHECK-NEXT: } => !stream.timepoint
  %result, %result_timepoint = stream.async.parameter.scatter on(#hal.device.affinity<@device>) await(%wait) {
    %source[%o0 to %e0 for %l0] : !stream.resource<transient>{%size} -> %scope::%key0[%po0],
    %source[%o1 to %e1 for %l1] : !stream.resource<transient>{%size} -> %scope::%key1[%po1]
  } : !stream.resource<transient> => !stream.timepoint
  // CHECK: util.return %[[SOURCE]], %[[TIMEPOINT]]
  util.return %result, %result_timepoint : !stream.resource<transient>, !stream.timepoint
}
