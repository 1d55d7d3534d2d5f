// REQUIRES: sluice-opt
// StreamToParams fences, devices and affinities (io-parameters.md §9): null
// wait and signal fences, a signal fence taken from a chain_external, no
// affinity, default and parent affinities with queue masks, optimal
// affinities, and ops in nested and multi-block regions.

// RUN: sluice-opt --split-input-file --iree-hal-conversion --canonicalize %s | FileCheck %s

util.global private @device : !hal.device

// No await: the wait fence is null. Unused result timepoint: so is the signal.
// CHECK-LABEL: @noAwaitUnusedResult
// CHECK-SAME: (%[[TARGET:.+]]: !hal.buffer)
util.func public @noAwaitUnusedResult(%target: !stream.resource<transient>) {
  // CHECK: %[[NULL:.+]] = util.null : !hal.fence
  // CHECK-NOT: hal.fence.create
  // CHECK: io_parameters.gather<%{{.+}} : !hal.device> affinity(%{{.+}}) wait(%[[NULL]]) signal(%[[NULL]]) {
  %c0_i64 = arith.constant 0 : i64
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %key = util.buffer.constant : !util.buffer = "key"
  %t = stream.cmd.parameter.read on(#hal.device.affinity<@device>) %key[%c0_i64] -> %target[%c0 for %c16] : !stream.resource<transient>{%c16} => !stream.timepoint
  util.return
}

// -----

util.global private @device : !hal.device

// The only use of the result timepoint chains it to a fence argument of the
// (converted) function: that fence is signalled directly, the chain is gone.
// CHECK-LABEL: @signalChainedFence
// CHECK-SAME: (%[[TARGET:.+]]: !hal.buffer, %[[FENCE:.+]]: !hal.fence)
util.func public @signalChainedFence(%target: !stream.resource<transient>, %fence: !hal.fence) {
  // CHECK-NOT: hal.fence.create
  // CHECK: io_parameters.gather<%{{.+}} : !hal.device> affinity(%{{.+}}) wait(%{{.+}}) signal(%[[FENCE]]) {
  // CHECK-NOT: chain_external
  %c0_i64 = arith.constant 0 : i64
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %key = util.buffer.constant : !util.buffer = "key"
  %t = stream.cmd.parameter.read on(#hal.device.affinity<@device>) %key[%c0_i64] -> %target[%c0 for %c16] : !stream.resource<transient>{%c16} => !stream.timepoint
  stream.timepoint.chain_external on(#hal.device.affinity<@device>) %t => (%fence : !hal.fence)
  util.return
}

// -----

// No affinity anywhere: device 0 of the device list, any queue.
// CHECK-LABEL: @noAffinity
util.func public @noAffinity(%target: !stream.resource<transient>) -> !stream.timepoint {
  // CHECK-DAG: %[[C0:.+]] = arith.constant 0 : index
  // CHECK-DAG: %[[ANY:.+]] = arith.constant -1 : i64
  // CHECK: %[[DEVICE:.+]] = hal.devices.get %[[C0]] : !hal.device
  // CHECK: %[[SIGNAL:.+]] = hal.fence.create device(%[[DEVICE]] : !hal.device)
  // CHECK: io_parameters.gather<%[[DEVICE]] : !hal.device> affinity(%[[ANY]]) wait(%{{.+}}) signal(%[[SIGNAL]]) {
  %c0_i64 = arith.constant 0 : i64
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %key = util.buffer.constant : !util.buffer = "key"
  %t = stream.cmd.parameter.read %key[%c0_i64] -> %target[%c0 for %c16] : !stream.resource<transient>{%c16} => !stream.timepoint
  util.return %t : !stream.timepoint
}

// -----

// The module's default affinity and a function's affinity apply to ops
// without their own; queue lists become masks. The default attribute is
// removed once the conversion is done.
// CHECK: module {
module attributes {stream.affinity.default = #hal.device.affinity<@device, [0]>} {
util.global private @device : !hal.device

// CHECK-LABEL: @defaultAffinity
util.func public @defaultAffinity(%target: !stream.resource<transient>) -> !stream.timepoint {
  // CHECK-DAG: %[[QUEUE0:.+]] = arith.constant 1 : i64
  // CHECK-DAG: %[[DEVICE:.+]] = util.global.load immutable @device : !hal.device
  // CHECK: io_parameters.gather<%[[DEVICE]] : !hal.device> affinity(%[[QUEUE0]])
  %c0_i64 = arith.constant 0 : i64
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %key = util.buffer.constant : !util.buffer = "key"
  %t = stream.cmd.parameter.read %key[%c0_i64] -> %target[%c0 for %c16] : !stream.resource<transient>{%c16} => !stream.timepoint
  util.return %t : !stream.timepoint
}

// CHECK-LABEL: @parentAffinity
util.func public @parentAffinity() -> (!stream.resource<constant>, !stream.timepoint) attributes {stream.affinity = #hal.device.affinity<@device, [1, 2]>} {
  // CHECK-DAG: %[[QUEUES:.+]] = arith.constant 6 : i64
  // CHECK-DAG: %[[DEVICE:.+]] = util.global.load immutable @device : !hal.device
  // CHECK-DAG: %[[MT:.+]], %[[BU:.+]] = hal.allocator.resolve_memory_properties for(#hal.device.affinity<@device, [1, 2]>) lifetime(constant) : i32, i32
  // CHECK: io_parameters.load<%[[DEVICE]] : !hal.device> affinity(%[[QUEUES]]) wait(%{{.+}}) signal(%{{.+}}) type(%[[MT]]) usage(%[[BU]])
  %c0_i64 = arith.constant 0 : i64
  %c16 = arith.constant 16 : index
  %key = util.buffer.constant : !util.buffer = "key"
  %r, %t = stream.cmd.parameter.load {
    %key[%c0_i64] : !stream.resource<constant>{%c16}
  } => !stream.timepoint
  util.return %r, %t : !stream.resource<constant>, !stream.timepoint
}
}

// -----

util.global private @device_a : !hal.device
util.global private @device_b : !hal.device

// A load on an optimal affinity selects its device and queue at run time
// among the members, for the resolved memory properties.
// CHECK-LABEL: @optimalLoad
util.func public @optimalLoad() -> (!stream.resource<variable>, !stream.timepoint) {
  // CHECK: %[[MT:.+]], %[[BU:.+]] = hal.allocator.resolve_memory_properties for(#hal.device.optimal<[#hal.device.affinity<@device_a>, #hal.device.affinity<@device_b>]>) lifetime(variable) : i32, i32
  // CHECK: %[[DEVICE_A:.+]] = util.global.load immutable @device_a : !hal.device
  // CHECK: %[[DEVICE_B:.+]] = util.global.load immutable @device_b : !hal.device
  // CHECK: %[[DEVICE:.+]], %[[QUEUE:.+]] = hal.allocator.select from([
  // CHECK-NEXT: (%[[DEVICE_A]], %{{.+}} : !hal.device, i64),
  // CHECK-NEXT: (%[[DEVICE_B]], %{{.+}} : !hal.device, i64)
  // CHECK-NEXT: ]) type(%[[MT]]) usage(%[[BU]]) : !hal.device, i64
  // CHECK: %[[SIGNAL:.+]] = hal.fence.create device(%[[DEVICE]] : !hal.device)
  // CHECK: io_parameters.load<%[[DEVICE]] : !hal.device> affinity(%[[QUEUE]]) wait(%{{.+}}) signal(%[[SIGNAL]]) type(%[[MT]]) usage(%[[BU]])
  %c0_i64 = arith.constant 0 : i64
  %c16 = arith.constant 16 : index
  %key = util.buffer.constant : !util.buffer = "key"
  %r, %t = stream.cmd.parameter.load on(#hal.device.optimal<[#hal.device.affinity<@device_a>, #hal.device.affinity<@device_b>]>) {
    %key[%c0_i64] : !stream.resource<variable>{%c16}
  } => !stream.timepoint
  util.return %r, %t : !stream.resource<variable>, !stream.timepoint
}

// Other ops on an optimal affinity use its first member.
// CHECK-LABEL: @optimalWrite
util.func public @optimalWrite(%source: !stream.resource<transient>) -> !stream.timepoint {
  // CHECK-NOT: hal.allocator.select
  // CHECK: %[[DEVICE_B:.+]] = util.global.load immutable @device_b : !hal.device
  // CHECK: io_parameters.scatter<%[[DEVICE_B]] : !hal.device>
  %c0_i64 = arith.constant 0 : i64
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %key = util.buffer.constant : !util.buffer = "key"
  %t = stream.cmd.parameter.write on(#hal.device.optimal<[#hal.device.affinity<@device_b>, #hal.device.affinity<@device_a>]>) %source[%c0 for %c16] : !stream.resource<transient>{%c16} -> %key[%c0_i64] => !stream.timepoint
  util.return %t : !stream.timepoint
}

// -----

util.global private @device : !hal.device

// Parameter ops in nested regions, in a multi-block function with a loop and
// next to an unreachable block.
// CHECK-LABEL: @regions
util.func public @regions(%cond: i1, %target: !stream.resource<transient>, %wait: !stream.timepoint) -> !stream.timepoint {
  %c0_i64 = arith.constant 0 : i64
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %key = util.buffer.constant : !util.buffer = "key"
  // CHECK: scf.if
  // CHECK: io_parameters.gather
  // CHECK: scf.yield %{{.+}} : !hal.fence
  %t0 = scf.if %cond -> !stream.timepoint {
    %t = stream.cmd.parameter.read on(#hal.device.affinity<@device>) await(%wait) => %key[%c0_i64] -> %target[%c0 for %c16] : !stream.resource<transient>{%c16} => !stream.timepoint
    scf.yield %t : !stream.timepoint
  } else {
    scf.yield %wait : !stream.timepoint
  }
  // CHECK: cf.br ^bb1(%{{.+}} : !hal.fence)
  cf.br ^loop(%t0 : !stream.timepoint)
// CHECK: ^bb1(%[[CARRIED:.+]]: !hal.fence):
^loop(%carried: !stream.timepoint):
  // CHECK: io_parameters.scatter<%{{.+}} : !hal.device> affinity(%{{.+}}) wait(%[[CARRIED]])
  %t1 = stream.cmd.parameter.write on(#hal.device.affinity<@device>) await(%carried) => %target[%c0 for %c16] : !stream.resource<transient>{%c16} -> %key[%c0_i64] => !stream.timepoint
  cf.cond_br %cond, ^loop(%t1 : !stream.timepoint), ^exit
^exit:
  util.return %t1 : !stream.timepoint
^unreachable:
  %t2 = stream.cmd.parameter.read on(#hal.device.affinity<@device>) %key[%c0_i64] -> %target[%c0 for %c16] : !stream.resource<transient>{%c16} => !stream.timepoint
  util.return %t2 : !stream.timepoint
}
