// REQUIRES: sluice-opt
// StreamToParams inside --iree-hal-conversion (io-parameters.md §9, §10): the
// seven reference cases, then fence, device and affinity variants.

// RUN: sluice-opt --split-input-file --iree-hal-conversion --canonicalize %s | FileCheck %s

util.global private @device : !hal.device

// CHECK-LABEL: @parameterLoad
// CHECK-SAME: (%[[WAIT:.+]]: !hal.fence) -> (!hal.buffer, !hal.buffer, !hal.fence)
util.func public @parameterLoad(%wait: !stream.timepoint) -> (!stream.resource<constant>, !stream.resource<constant>, !stream.timepoint) {
  // CHECK-DAG: %[[OFFSET0:.+]] = arith.constant 50 : i64
  %c50_i64 = arith.constant 50 : i64
  // CHECK-DAG: %[[OFFSET1:.+]] = arith.constant 51 : i64
  %c51_i64 = arith.constant 51 : i64
  // CHECK-DAG: %[[SIZE0:.+]] = arith.constant 100 : index
  %c100 = arith.constant 100 : index
  // CHECK-DAG: %[[SIZE1:.+]] = arith.constant 101 : index
  %c101 = arith.constant 101 : index
  // CHECK-DAG: %[[SCOPE:.+]] = util.buffer.constant : !util.buffer = "scope"
  %scope = util.buffer.constant : !util.buffer = "scope"
  // CHECK-DAG: %[[KEY0:.+]] = util.buffer.constant : !util.buffer = "key0"
  %key0 = util.buffer.constant : !util.buffer = "key0"
  // CHECK-DAG: %[[KEY1:.+]] = util.buffer.constant : !util.buffer = "key1"
  %key1 = util.buffer.constant : !util.buffer = "key1"
  // CHECK-DAG: %[[DEVICE:.+]] = util.global.load immutable @device : !hal.device
  // CHECK-DAG: %[[AFFINITY:.+]] = arith.constant -1 : i64
  // CHECK-DAG: %[[SIGNAL:.+]] = hal.fence.create device(%[[DEVICE]] : !hal.device) flags("None") : !hal.fence
  // CHECK-DAG: %[[MEMORY_TYPES:.+]], %[[BUFFER_USAGE:.+]] = hal.allocator.resolve_memory_properties for(#hal.device.affinity<@device>) lifetime(constant) : i32, i32
  // CHECK: %[[BUFFERS:.+]]:2 = io_parameters.load<%[[DEVICE]] : !hal.device> affinity(%[[AFFINITY]]) wait(%[[WAIT]]) signal(%[[SIGNAL]]) type(%[[MEMORY_TYPES]]) usage(%[[BUFFER_USAGE]]) {
  // CHECK-NEXT:   %[[SCOPE]]::%[[KEY0]][%[[OFFSET0]]] : !hal.buffer{%[[SIZE0]]},
  // CHECK-NEXT:   %[[SCOPE]]::%[[KEY1]][%[[OFFSET1]]] : !hal.buffer{%[[SIZE1]]}
  // CHECK-NEXT: }
  %results:2, %result_timepoint = stream.cmd.parameter.load on(#hal.device.affinity<@device>) await(%wait) => {
    %scope::%key0[%c50_i64] : !stream.resource<constant>{%c100},
    %scope::%key1[%c51_i64] : !stream.resource<constant>{%c101}
  } => !stream.timepoint
  // CHECK: util.return %[[BUFFERS]]#0, %[[BUFFERS]]#1, %[[SIGNAL]]
  util.return %results#0, %results#1, %result_timepoint : !stream.resource<constant>, !stream.resource<constant>, !stream.timepoint
}

// -----

util.global private @device : !hal.device

// CHECK-LABEL: @parameterLoadNoScope
// CHECK-SAME: (%[[WAIT:.+]]: !hal.fence) -> (!hal.buffer, !hal.fence)
util.func public @parameterLoadNoScope(%wait: !stream.timepoint) -> (!stream.resource<constant>, !stream.timepoint) {
  // CHECK-DAG: %[[OFFSET:.+]] = arith.constant 50 : i64
  %c50_i64 = arith.constant 50 : i64
  // CHECK-DAG: %[[SIZE:.+]] = arith.constant 100 : index
  %c100 = arith.constant 100 : index
  // CHECK-DAG: %[[KEY:.+]] = util.buffer.constant : !util.buffer = "key"
  %key = util.buffer.constant : !util.buffer = "key"
  // CHECK-DAG: %[[DEVICE:.+]] = util.global.load immutable @device : !hal.device
  // CHECK-DAG: %[[AFFINITY:.+]] = arith.constant -1 : i64
  // CHECK-DAG: %[[SIGNAL:.+]] = hal.fence.create device(%[[DEVICE]] : !hal.device) flags("None") : !hal.fence
  // CHECK-DAG: %[[MEMORY_TYPES:.+]], %[[BUFFER_USAGE:.+]] = hal.allocator.resolve_memory_properties for(#hal.device.affinity<@device>) lifetime(constant) : i32, i32
  // CHECK: %[[BUFFER:.+]] = io_parameters.load<%[[DEVICE]] : !hal.device> affinity(%[[AFFINITY]]) wait(%[[WAIT]]) signal(%[[SIGNAL]]) type(%[[MEMORY_TYPES]]) usage(%[[BUFFER_USAGE]]) {
  // CHECK-NEXT:   %[[KEY]][%[[OFFSET]]] : !hal.buffer{%[[SIZE]]}
  // CHECK-NEXT: }
  %result, %result_timepoint = stream.cmd.parameter.load on(#hal.device.affinity<@device>) await(%wait) => {
    %key[%c50_i64] : !stream.resource<constant>{%c100}
  } => !stream.timepoint
  // CHECK: util.return %[[BUFFER]], %[[SIGNAL]]
  util.return %result, %result_timepoint : !stream.resource<constant>, !stream.timepoint
}

// -----

util.global private @device : !hal.device

// CHECK-LABEL: @parameterRead
// CHECK-SAME: (%[[WAIT:.+]]: !hal.fence, %[[TARGET:.+]]: !hal.buffer) -> !hal.fence
util.func public @parameterRead(%wait: !stream.timepoint, %target: !stream.resource<transient>) -> !stream.timepoint {
  // CHECK-DAG: %[[PARAMETER_OFFSET:.+]] = arith.constant 50 : i64
  %c50_i64 = arith.constant 50 : i64
  // CHECK-DAG: %[[TARGET_OFFSET:.+]] = arith.constant 100 : index
  %c100 = arith.constant 100 : index
  // CHECK-DAG: %[[LENGTH:.+]] = arith.constant 200 : index
  %c200 = arith.constant 200 : index
  %c300 = arith.constant 300 : index
  // CHECK-DAG: %[[SCOPE:.+]] = util.buffer.constant : !util.buffer = "scope"
  %scope = util.buffer.constant : !util.buffer = "scope"
  // CHECK-DAG: %[[KEY:.+]] = util.buffer.constant : !util.buffer = "key"
  %key = util.buffer.constant : !util.buffer = "key"
  // CHECK-DAG: %[[DEVICE:.+]] = util.global.load immutable @device : !hal.device
  // CHECK-DAG: %[[AFFINITY:.+]] = arith.constant -1 : i64
  // CHECK-DAG: %[[SIGNAL:.+]] = hal.fence.create device(%[[DEVICE]] : !hal.device) flags("None") : !hal.fence
  // CHECK: io_parameters.gather<%[[DEVICE]] : !hal.device> affinity(%[[AFFINITY]]) wait(%[[WAIT]]) signal(%[[SIGNAL]]) {
  // CHECK-NEXT:   %[[SCOPE]]::%[[KEY]][%[[PARAMETER_OFFSET]]] -> %[[TARGET]][%[[TARGET_OFFSET]] for %[[LENGTH]]] : !hal.buffer
  // CHECK-NEXT: }
  %timepoint = stream.cmd.parameter.read on(#hal.device.affinity<@device>) await(%wait) => %scope::%key[%c50_i64] -> %target[%c100 for %c200] : !stream.resource<transient>{%c300} => !stream.timepoint
  // CHECK: util.return %[[SIGNAL]]
  util.return %timepoint : !stream.timepoint
}

// -----

util.global private @device : !hal.device

// CHECK-LABEL: @parameterWrite
// CHECK-SAME: (%[[WAIT:.+]]: !hal.fence, %[[SOURCE:.+]]: !hal.buffer) -> !hal.fence
util.func public @parameterWrite(%wait: !stream.timepoint, %source: !stream.resource<transient>) -> !stream.timepoint {
  // CHECK-DAG: %[[PARAMETER_OFFSET:.+]] = arith.constant 50 : i64
  %c50_i64 = arith.constant 50 : i64
  // CHECK-DAG: %[[SOURCE_OFFSET:.+]] = arith.constant 100 : index
  %c100 = arith.constant 100 : index
  // CHECK-DAG: %[[LENGTH:.+]] = arith.constant 200 : index
  %c200 = arith.constant 200 : index
  %c300 = arith.constant 300 : index
  // CHECK-DAG: %[[SCOPE:.+]] = util.buffer.constant : !util.buffer = "scope"
  %scope = util.buffer.constant : !util.buffer = "scope"
  // CHECK-DAG: %[[KEY:.+]] = util.buffer.constant : !util.buffer = "key"
  %key = util.buffer.constant : !util.buffer = "key"
  // CHECK-DAG: %[[DEVICE:.+]] = util.global.load immutable @device : !hal.device
  // CHECK-DAG: %[[AFFINITY:.+]] = arith.constant -1 : i64
  // CHECK-DAG: %[[SIGNAL:.+]] = hal.fence.create device(%[[DEVICE]] : !hal.device) flags("None") : !hal.fence
  // CHECK: io_parameters.scatter<%[[DEVICE]] : !hal.device> affinity(%[[AFFINITY]]) wait(%[[WAIT]]) signal(%[[SIGNAL]]) {
  // CHECK-NEXT:   %[[SOURCE]][%[[SOURCE_OFFSET]] for %[[LENGTH]]] : !hal.buffer -> %[[SCOPE]]::%[[KEY]][%[[PARAMETER_OFFSET]]]
  // CHECK-NEXT: }
  %timepoint = stream.cmd.parameter.write on(#hal.device.affinity<@device>) await(%wait) => %source[%c100 for %c200] : !stream.resource<transient>{%c300} -> %scope::%key[%c50_i64] => !stream.timepoint
  // CHECK: util.return %[[SIGNAL]]
  util.return %timepoint : !stream.timepoint
}

// -----

util.global private @device : !hal.device

// CHECK-LABEL: @parameterGather
// CHECK-SAME: (%[[WAIT:.+]]: !hal.fence, %[[TARGET:.+]]: !hal.buffer) -> !hal.fence
util.func public @parameterGather(%wait: !stream.timepoint, %target: !stream.resource<transient>) -> !stream.timepoint {
  // CHECK-DAG: %[[PARAMETER_OFFSET0:.+]] = arith.constant 50 : i64
  %c50_i64 = arith.constant 50 : i64
  // CHECK-DAG: %[[PARAMETER_OFFSET1:.+]] = arith.constant 51 : i64
  %c51_i64 = arith.constant 51 : i64
  // CHECK-DAG: %[[PARAMETER_OFFSET2:.+]] = arith.constant 52 : i64
  %c52_i64 = arith.constant 52 : i64
  // CHECK-DAG: %[[TARGET_OFFSET0:.+]] = arith.constant 100 : index
  %c100 = arith.constant 100 : index
  // CHECK-DAG: %[[TARGET_OFFSET1:.+]] = arith.constant 101 : index
  %c101 = arith.constant 101 : index
  // CHECK-DAG: %[[TARGET_OFFSET2:.+]] = arith.constant 102 : index
  %c102 = arith.constant 102 : index
  // CHECK-DAG: %[[LENGTH0:.+]] = arith.constant 200 : index
  %c200 = arith.constant 200 : index
  // CHECK-DAG: %[[LENGTH1:.+]] = arith.constant 201 : index
  %c201 = arith.constant 201 : index
  // CHECK-DAG: %[[LENGTH2:.+]] = arith.constant 202 : index
  %c202 = arith.constant 202 : index
  %c300 = arith.constant 300 : index
  // CHECK-DAG: %[[SCOPE:.+]] = util.buffer.constant : !util.buffer = "scope"
  %scope = util.buffer.constant : !util.buffer = "scope"
  // CHECK-DAG: %[[KEY0:.+]] = util.buffer.constant : !util.buffer = "key0"
  %key0 = util.buffer.constant : !util.buffer = "key0"
  // CHECK-DAG: %[[KEY1:.+]] = util.buffer.constant : !util.buffer = "key1"
  %key1 = util.buffer.constant : !util.buffer = "key1"
  // CHECK-DAG: %[[KEY2:.+]] = util.buffer.constant : !util.buffer = "key2"
  %key2 = util.buffer.constant : !util.buffer = "key2"
  // CHECK-DAG: %[[DEVICE:.+]] = util.global.load immutable @device : !hal.device
  // CHECK-DAG: %[[AFFINITY:.+]] = arith.constant -1 : i64
  // CHECK-DAG: %[[SIGNAL:.+]] = hal.fence.create device(%[[DEVICE]] : !hal.device) flags("None") : !hal.fence
  // CHECK: io_parameters.gather<%[[DEVICE]] : !hal.device> affinity(%[[AFFINITY]]) wait(%[[WAIT]]) signal(%[[SIGNAL]]) {
  // CHECK-NEXT:   %[[SCOPE]]::%[[KEY0]][%[[PARAMETER_OFFSET0]]] -> %[[TARGET]][%[[TARGET_OFFSET0]] for %[[LENGTH0]]] : !hal.buffer,
  // CHECK-NEXT:   %[[SCOPE]]::%[[KEY1]][%[[PARAMETER_OFFSET1]]] -> %[[TARGET]][%[[TARGET_OFFSET1]] for %[[LENGTH1]]] : !hal.buffer,
  // CHECK-NEXT:   %[[SCOPE]]::%[[KEY2]][%[[PARAMETER_OFFSET2]]] -> %[[TARGET]][%[[TARGET_OFFSET2]] for %[[LENGTH2]]] : !hal.buffer
  // CHECK-NEXT: }
  %timepoint = stream.cmd.parameter.gather on(#hal.device.affinity<@device>) await(%wait) => {
    %scope::%key0[%c50_i64] -> %target[%c100 for %c200] : !stream.resource<transient>{%c300},
    %scope::%key1[%c51_i64] -> %target[%c101 for %c201] : !stream.resource<transient>{%c300},
    %scope::%key2[%c52_i64] -> %target[%c102 for %c202] : !stream.resource<transient>{%c300}
  } => !stream.timepoint
  // CHECK: util.return %[[SIGNAL]]
  util.return %timepoint : !stream.timepoint
}

// -----

util.global private @device : !hal.device

// CHECK-LABEL: @parameterGatherNoScope
// CHECK-SAME: (%[[WAIT:.+]]: !hal.fence, %[[TARGET:.+]]: !hal.buffer) -> !hal.fence
util.func public @parameterGatherNoScope(%wait: !stream.timepoint, %target: !stream.resource<transient>) -> !stream.timepoint {
  // CHECK-DAG: %[[PARAMETER_OFFSET0:.+]] = arith.constant 50 : i64
  %c50_i64 = arith.constant 50 : i64
  // CHECK-DAG: %[[PARAMETER_OFFSET1:.+]] = arith.constant 51 : i64
  %c51_i64 = arith.constant 51 : i64
  // CHECK-DAG: %[[TARGET_OFFSET0:.+]] = arith.constant 100 : index
  %c100 = arith.constant 100 : index
  // CHECK-DAG: %[[TARGET_OFFSET1:.+]] = arith.constant 101 : index
  %c101 = arith.constant 101 : index
  // CHECK-DAG: %[[LENGTH0:.+]] = arith.constant 200 : index
  %c200 = arith.constant 200 : index
  // CHECK-DAG: %[[LENGTH1:.+]] = arith.constant 201 : index
  %c201 = arith.constant 201 : index
  %c300 = arith.constant 300 : index
  // CHECK-DAG: %[[KEY0:.+]] = util.buffer.constant : !util.buffer = "key0"
  %key0 = util.buffer.constant : !util.buffer = "key0"
  // CHECK-DAG: %[[KEY1:.+]] = util.buffer.constant : !util.buffer = "key1"
  %key1 = util.buffer.constant : !util.buffer = "key1"
  // CHECK-DAG: %[[DEVICE:.+]] = util.global.load immutable @device : !hal.device
  // CHECK-DAG: %[[AFFINITY:.+]] = arith.constant -1 : i64
  // CHECK-DAG: %[[SIGNAL:.+]] = hal.fence.create device(%[[DEVICE]] : !hal.device) flags("None") : !hal.fence
  // CHECK: io_parameters.gather<%[[DEVICE]] : !hal.device> affinity(%[[AFFINITY]]) wait(%[[WAIT]]) signal(%[[SIGNAL]]) {
  // CHECK-NEXT:   %[[KEY0]][%[[PARAMETER_OFFSET0]]] -> %[[TARGET]][%[[TARGET_OFFSET0]] for %[[LENGTH0]]] : !hal.buffer,
  // CHECK-NEXT:   %[[KEY1]][%[[PARAMETER_OFFSET1]]] -> %[[TARGET]][%[[TARGET_OFFSET1]] for %[[LENGTH1]]] : !hal.buffer
  // CHECK-NEXT: }
  %timepoint = stream.cmd.parameter.gather on(#hal.device.affinity<@device>) await(%wait) => {
    %key0[%c50_i64] -> %target[%c100 for %c200] : !stream.resource<transient>{%c300},
    %key1[%c51_i64] -> %target[%c101 for %c201] : !stream.resource<transient>{%c300}
  } => !stream.timepoint
  // CHECK: util.return %[[SIGNAL]]
  util.return %timepoint : !stream.timepoint
}

// -----

util.global private @device : !hal.device

// CHECK-LABEL: @parameterScatter
// CHECK-SAME: (%[[WAIT:.+]]: !hal.fence, %[[SOURCE:.+]]: !hal.buffer) -> !hal.fence
util.func public @parameterScatter(%wait: !stream.timepoint, %source: !stream.resource<transient>) -> !stream.timepoint {
  // CHECK-DAG: %[[PARAMETER_OFFSET0:.+]] = arith.constant 50 : i64
  %c50_i64 = arith.constant 50 : i64
  // CHECK-DAG: %[[PARAMETER_OFFSET1:.+]] = arith.constant 51 : i64
  %c51_i64 = arith.constant 51 : i64
  // CHECK-DAG: %[[PARAMETER_OFFSET2:.+]] = arith.constant 52 : i64
  %c52_i64 = arith.constant 52 : i64
  // CHECK-DAG: %[[SOURCE_OFFSET0:.+]] = arith.constant 100 : index
  %c100 = arith.constant 100 : index
  // CHECK-DAG: %[[SOURCE_OFFSET1:.+]] = arith.constant 101 : index
  %c101 = arith.constant 101 : index
  // CHECK-DAG: %[[SOURCE_OFFSET2:.+]] = arith.constant 102 : index
  %c102 = arith.constant 102 : index
  // CHECK-DAG: %[[LENGTH0:.+]] = arith.constant 200 : index
  %c200 = arith.constant 200 : index
  // CHECK-DAG: %[[LENGTH1:.+]] = arith.constant 201 : index
  %c201 = arith.constant 201 : index
  // CHECK-DAG: %[[LENGTH2:.+]] = arith.constant 202 : index
  %c202 = arith.constant 202 : index
  %c300 = arith.constant 300 : index
  // CHECK-DAG: %[[SCOPE:.+]] = util.buffer.constant : !util.buffer = "scope"
  %scope = util.buffer.constant : !util.buffer = "scope"
  // CHECK-DAG: %[[KEY0:.+]] = util.buffer.constant : !util.buffer = "key0"
  %key0 = util.buffer.constant : !util.buffer = "key0"
  // CHECK-DAG: %[[KEY1:.+]] = util.buffer.constant : !util.buffer = "key1"
  %key1 = util.buffer.constant : !util.buffer = "key1"
  // CHECK-DAG: %[[KEY2:.+]] = util.buffer.constant : !util.buffer = "key2"
  %key2 = util.buffer.constant : !util.buffer = "key2"
  // CHECK-DAG: %[[DEVICE:.+]] = util.global.load immutable @device : !hal.device
  // CHECK-DAG: %[[AFFINITY:.+]] = arith.constant -1 : i64
  // CHECK-DAG: %[[SIGNAL:.+]] = hal.fence.create device(%[[DEVICE]] : !hal.device) flags("None") : !hal.fence
  // CHECK: io_parameters.scatter<%[[DEVICE]] : !hal.device> affinity(%[[AFFINITY]]) wait(%[[WAIT]]) signal(%[[SIGNAL]]) {
  // CHECK-NEXT:   %[[SOURCE]][%[[SOURCE_OFFSET0]] for %[[LENGTH0]]] : !hal.buffer -> %[[SCOPE]]::%[[KEY0]][%[[PARAMETER_OFFSET0]]],
  // CHECK-NEXT:   %[[SOURCE]][%[[SOURCE_OFFSET1]] for %[[LENGTH1]]] : !hal.buffer -> %[[SCOPE]]::%[[KEY1]][%[[PARAMETER_OFFSET1]]],
  // CHECK-NEXT:   %[[SOURCE]][%[[SOURCE_OFFSET2]] for %[[LENGTH2]]] : !hal.buffer -> %[[SCOPE]]::%[[KEY2]][%[[PARAMETER_OFFSET2]]]
  // CHECK-NEXT: }
  %timepoint = stream.cmd.parameter.scatter on(#hal.device.affinity<@device>) await(%wait) => {
    %source[%c100 for %c200] : !stream.resource<transient>{%c300} -> %scope::%key0[%c50_i64],
    %source[%c101 for %c201] : !stream.resource<transient>{%c300} -> %scope::%key1[%c51_i64],
    %source[%c102 for %c202] : !stream.resource<transient>{%c300} -> %scope::%key2[%c52_i64]
  } => !stream.timepoint
  // CHECK: util.return %[[SIGNAL]]
  util.return %timepoint : !stream.timepoint
}
