// RUN: sluice-opt --split-input-file --iree-hal-conversion %s | FileCheck %s
// REQUIRES: sluice-opt

// A timepoint global loses its immediate initial value.
// CHECK: util.global private mutable @global : !hal.fence
util.global private mutable @global = #stream.timepoint<immediate> : !stream.timepoint

//      CHECK-LABEL: util.func public @timepointImmediate(
//       CHECK-NEXT: %0 = util.null : !hal.fence
//       CHECK-NEXT: util.return %0 : !hal.fence
//       CHECK-NEXT: }
util.func public @timepointImmediate() -> !stream.timepoint {
  %0 = stream.timepoint.immediate => !stream.timepoint
  util.return %0 : !stream.timepoint
}

// -----

//      CHECK-LABEL: util.func public @timepointImportExportFence(
//       CHECK-NEXT: util.return %arg0 : !hal.fence
//       CHECK-NEXT: }
util.func public @timepointImportExportFence(%arg0: !hal.fence) -> !hal.fence {
  %0 = stream.timepoint.import %arg0 : (!hal.fence) => !stream.timepoint
  %1 = stream.timepoint.export %0 => (!hal.fence)
  util.return %1 : !hal.fence
}

// -----

util.global private @device : !hal.device

//      CHECK-LABEL: util.func public @timepointChainExternal(
//       CHECK-NEXT: %device = util.global.load immutable @device : !hal.device
//       CHECK-NEXT: %c-1_i64 = arith.constant -1 : i64
//       CHECK-NEXT: hal.device.queue.barrier<%device : !hal.device> affinity(%c-1_i64) wait(%arg0) signal(%arg1) flags("None")
//       CHECK-NEXT: util.return
//       CHECK-NEXT: }
util.func public @timepointChainExternal(%arg0: !stream.timepoint, %arg1: !hal.fence) {
  stream.timepoint.chain_external on(#hal.device.affinity<@device>) %arg0 => (%arg1 : !hal.fence)
  util.return
}

// -----

//      CHECK-LABEL: util.func public @timepointJoin(
//       CHECK-NEXT: %fence = hal.fence.join at([%arg0, %arg1]) flags("None") -> !hal.fence
//       CHECK-NEXT: util.return %fence : !hal.fence
//       CHECK-NEXT: }
util.func public @timepointJoin(%arg0: !stream.timepoint, %arg1: !stream.timepoint) -> !stream.timepoint {
  %0 = stream.timepoint.join max(%arg0, %arg1) => !stream.timepoint
  util.return %0 : !stream.timepoint
}

// -----

//      CHECK-LABEL: util.func public @timepointBarrier(
//       CHECK-NEXT: %0 = util.null : !hal.fence
//       CHECK-NEXT: util.return %arg0, %0 : !hal.buffer, !hal.fence
//       CHECK-NEXT: }
util.func public @timepointBarrier(%arg0: !stream.resource<external>, %arg1: index) -> (!stream.resource<external>, !stream.timepoint) {
  %r, %t = stream.timepoint.barrier %arg0 : !stream.resource<external>{%arg1} => !stream.timepoint
  util.return %r, %t : !stream.resource<external>, !stream.timepoint
}

// -----

//      CHECK-LABEL: util.func public @timepointAwait(
//       CHECK-NEXT: %c-1_i32 = arith.constant -1 : i32
//       CHECK-NEXT: %status = hal.fence.await until([%arg0]) timeout_millis(%c-1_i32) flags("None") : i32
//       CHECK-NEXT: util.status.check_ok %status, "failed to wait on timepoint"
//       CHECK-NEXT: util.return %arg1, %arg2 : !hal.buffer, !hal.buffer
//       CHECK-NEXT: }
util.func public @timepointAwait(%arg0: !stream.timepoint, %arg1: !stream.resource<staging>, %arg2: !stream.resource<*>, %arg3: index, %arg4: index) -> (!stream.resource<staging>, !stream.resource<*>) {
  %0:2 = stream.timepoint.await %arg0 => %arg1, %arg2 : !stream.resource<staging>{%arg3}, !stream.resource<*>{%arg4}
  util.return %0#0, %0#1 : !stream.resource<staging>, !stream.resource<*>
}

// -----

util.global private @device : !hal.device

// The signal fence of an alloca chained to an external fence is that fence.
//      CHECK-LABEL: util.func public @signalChainedFence(
//       CHECK-NEXT: %memory_types, %buffer_usage = hal.allocator.resolve_memory_properties for(#hal.device.affinity<@device>) lifetime(transient) : i32, i32
//       CHECK-NEXT: %device = util.global.load immutable @device : !hal.device
//       CHECK-NEXT: %c-1_i64 = arith.constant -1 : i64
//       CHECK-NEXT: %0 = util.null : !hal.fence
//       CHECK-NEXT: %c0_i64 = arith.constant 0 : i64
//       CHECK-NEXT: %transient_buffer = hal.device.queue.alloca<%device : !hal.device> affinity(%c-1_i64) wait(%0) signal(%arg1) pool(%c0_i64) type(%memory_types) usage(%buffer_usage) flags("None") : !hal.buffer{%arg0}
//       CHECK-NEXT: util.return %transient_buffer : !hal.buffer
//       CHECK-NEXT: }
util.func public @signalChainedFence(%arg0: index, %arg1: !hal.fence) -> !stream.resource<transient> {
  %0:2 = stream.resource.alloca uninitialized on(#hal.device.affinity<@device>) : !stream.resource<transient>{%arg0} => !stream.timepoint
  stream.timepoint.chain_external on(#hal.device.affinity<@device>) %0#1 => (%arg1 : !hal.fence)
  util.return %0#0 : !stream.resource<transient>
}
