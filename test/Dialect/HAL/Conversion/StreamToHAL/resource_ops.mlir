// RUN: sluice-opt --split-input-file --iree-hal-conversion %s | FileCheck %s
// REQUIRES: sluice-opt

util.global private @device : !hal.device

//      CHECK-LABEL: util.func public @resourceAlloc(
//       CHECK-NEXT: %memory_types, %buffer_usage = hal.allocator.resolve_memory_properties for(#hal.device.affinity<@device>) lifetime(transient) : i32, i32
//       CHECK-NEXT: %device = util.global.load immutable @device : !hal.device
//       CHECK-NEXT: %c-1_i64 = arith.constant -1 : i64
//       CHECK-NEXT: %allocator = hal.device.allocator<%device : !hal.device> : !hal.allocator
//       CHECK-NEXT: %buffer = hal.allocator.allocate<%allocator : !hal.allocator> affinity(%c-1_i64) type(%memory_types) usage(%buffer_usage) : !hal.buffer{%arg0}
//       CHECK-NEXT: util.return %buffer : !hal.buffer
//       CHECK-NEXT: }
util.func public @resourceAlloc(%arg0: index) -> !stream.resource<transient> {
  %0 = stream.resource.alloc uninitialized on(#hal.device.affinity<@device>) : !stream.resource<transient>{%arg0}
  util.return %0 : !stream.resource<transient>
}

// -----

util.global private @device : !hal.device

//      CHECK-LABEL: util.func public @resourceAlloca(
//       CHECK-NEXT: %memory_types, %buffer_usage = hal.allocator.resolve_memory_properties for(#hal.device.affinity<@device>) lifetime(transient) : i32, i32
//       CHECK-NEXT: %device = util.global.load immutable @device : !hal.device
//       CHECK-NEXT: %c-1_i64 = arith.constant -1 : i64
//       CHECK-NEXT: %0 = util.null : !hal.fence
//       CHECK-NEXT: %fence = hal.fence.create device(%device : !hal.device) flags("None") : !hal.fence
//       CHECK-NEXT: %c0_i64 = arith.constant 0 : i64
//       CHECK-NEXT: %transient_buffer = hal.device.queue.alloca<%device : !hal.device> affinity(%c-1_i64) wait(%0) signal(%fence) pool(%c0_i64) type(%memory_types) usage(%buffer_usage) flags("None") : !hal.buffer{%arg0}
//       CHECK-NEXT: util.return %transient_buffer, %fence : !hal.buffer, !hal.fence
//       CHECK-NEXT: }
util.func public @resourceAlloca(%arg0: index) -> (!stream.resource<transient>, !stream.timepoint) {
  %0:2 = stream.resource.alloca uninitialized on(#hal.device.affinity<@device>) : !stream.resource<transient>{%arg0} => !stream.timepoint
  util.return %0#0, %0#1 : !stream.resource<transient>, !stream.timepoint
}

// -----

util.global private @device : !hal.device

//      CHECK-LABEL: util.func public @resourceAllocaAwait(
//       CHECK-NEXT: %memory_types, %buffer_usage = hal.allocator.resolve_memory_properties for(#hal.device.affinity<@device>) lifetime(transient) : i32, i32
//       CHECK-NEXT: %device = util.global.load immutable @device : !hal.device
//       CHECK-NEXT: %c-1_i64 = arith.constant -1 : i64
//       CHECK-NEXT: %fence = hal.fence.create device(%device : !hal.device) flags("None") : !hal.fence
//       CHECK-NEXT: %c0_i64 = arith.constant 0 : i64
//       CHECK-NEXT: %transient_buffer = hal.device.queue.alloca<%device : !hal.device> affinity(%c-1_i64) wait(%arg1) signal(%fence) pool(%c0_i64) type(%memory_types) usage(%buffer_usage) flags(IndeterminateLifetime) : !hal.buffer{%arg0}
//       CHECK-NEXT: util.return %transient_buffer, %fence : !hal.buffer, !hal.fence
//       CHECK-NEXT: }
util.func public @resourceAllocaAwait(%arg0: index, %arg1: !stream.timepoint) -> (!stream.resource<transient>, !stream.timepoint) {
  %0:2 = stream.resource.alloca uninitialized indeterminate on(#hal.device.affinity<@device>) await(%arg1) => !stream.resource<transient>{%arg0} => !stream.timepoint
  util.return %0#0, %0#1 : !stream.resource<transient>, !stream.timepoint
}

// -----

util.global private @device : !hal.device

//      CHECK-LABEL: util.func public @resourceDealloca(
//       CHECK-NEXT: %memory_types, %buffer_usage = hal.allocator.resolve_memory_properties for(#hal.device.affinity<@device>) lifetime(transient) : i32, i32
//       CHECK-NEXT: %device = util.global.load immutable @device : !hal.device
//       CHECK-NEXT: %c-1_i64 = arith.constant -1 : i64
//       CHECK-NEXT: %fence = hal.fence.create device(%device : !hal.device) flags("None") : !hal.fence
//       CHECK-NEXT: hal.device.queue.dealloca<%device : !hal.device> affinity(%c-1_i64) wait(%arg2) signal(%fence) buffer(%arg1 : !hal.buffer) flags(PreferOrigin)
//       CHECK-NEXT: util.return %fence : !hal.fence
//       CHECK-NEXT: }
util.func public @resourceDealloca(%arg0: index, %arg1: !stream.resource<transient>, %arg2: !stream.timepoint) -> !stream.timepoint {
  %0 = stream.resource.dealloca origin on(#hal.device.affinity<@device>) await(%arg2) => %arg1 : !stream.resource<transient>{%arg0} => !stream.timepoint
  util.return %0 : !stream.timepoint
}

// -----

util.global private @device_a : !hal.device
util.global private @device_b : !hal.device

// An optimal affinity allocates on the device the allocator picks.
//      CHECK-LABEL: util.func public @resourceAllocOptimal(
//       CHECK-NEXT: %memory_types, %buffer_usage = hal.allocator.resolve_memory_properties for(#hal.device.optimal<[#hal.device.affinity<@device_a>, #hal.device.affinity<@device_b>]>) lifetime(transient) : i32, i32
//       CHECK-NEXT: %device_a = util.global.load immutable @device_a : !hal.device
//       CHECK-NEXT: %c-1_i64 = arith.constant -1 : i64
//       CHECK-NEXT: %device_b = util.global.load immutable @device_b : !hal.device
//       CHECK-NEXT: %c-1_i64_0 = arith.constant -1 : i64
//       CHECK-NEXT: %device, %queue_affinity = hal.allocator.select from([
//       CHECK-NEXT:   (%device_a, %c-1_i64 : !hal.device, i64),
//       CHECK-NEXT:   (%device_b, %c-1_i64_0 : !hal.device, i64)
//       CHECK-NEXT: ]) type(%memory_types) usage(%buffer_usage) : !hal.device, i64
//       CHECK-NEXT: %allocator = hal.device.allocator<%device : !hal.device> : !hal.allocator
//       CHECK-NEXT: %buffer = hal.allocator.allocate<%allocator : !hal.allocator> affinity(%queue_affinity) type(%memory_types) usage(%buffer_usage) : !hal.buffer{%arg0}
//       CHECK-NEXT: util.return %buffer : !hal.buffer
//       CHECK-NEXT: }
util.func public @resourceAllocOptimal(%arg0: index) -> !stream.resource<transient> {
  %0 = stream.resource.alloc uninitialized on(#hal.device.optimal<[#hal.device.affinity<@device_a>, #hal.device.affinity<@device_b>]>) : !stream.resource<transient>{%arg0}
  util.return %0 : !stream.resource<transient>
}

// -----

//      CHECK-LABEL: util.func public @resourceOwnership(
//       CHECK-NEXT: hal.buffer.allocation.preserve<%arg0 : !hal.buffer>
//       CHECK-NEXT: %was_terminal = hal.buffer.allocation.discard<%arg0 : !hal.buffer> : i1
//       CHECK-NEXT: %is_terminal = hal.buffer.allocation.is_terminal<%arg0 : !hal.buffer> : i1
//       CHECK-NEXT: %length = hal.buffer.length<%arg0 : !hal.buffer> : index
//       CHECK-NEXT: util.return %was_terminal, %is_terminal, %length : i1, i1, index
//       CHECK-NEXT: }
util.func public @resourceOwnership(%arg0: !stream.resource<transient>, %arg1: index) -> (i1, i1, index) {
  stream.resource.retain %arg0 : !stream.resource<transient>{%arg1}
  %0 = stream.resource.release %arg0 : !stream.resource<transient>{%arg1}
  %1 = stream.resource.is_terminal %arg0 : !stream.resource<transient>{%arg1}
  %2 = stream.resource.size %arg0 : !stream.resource<transient>
  util.return %0, %1, %2 : i1, i1, index
}

// -----

util.global private @device : !hal.device

//      CHECK-LABEL: util.func public @resourceTryMap(
//       CHECK-NEXT: %c0 = arith.constant 0 : index
//       CHECK-NEXT: %c128 = arith.constant 128 : index
//       CHECK-NEXT: %buffer_usage = hal.buffer_usage<"TransferSource|TransferTarget|Transfer|DispatchStorageRead|DispatchStorageWrite|DispatchStorage|SharingImmutable"> : i32
//       CHECK-NEXT: %memory_type = hal.memory_type<"DeviceVisible|DeviceLocal"> : i32
//       CHECK-NEXT: %device = util.global.load immutable @device : !hal.device
//       CHECK-NEXT: %c-1_i64 = arith.constant -1 : i64
//       CHECK-NEXT: %allocator = hal.device.allocator<%device : !hal.device> : !hal.allocator
//       CHECK-NEXT: %did_import, %mapped = hal.allocator.import<%allocator : !hal.allocator> source(%arg0 : !util.buffer)[%c0, %c128] affinity(%c-1_i64) type(%memory_type) usage(%buffer_usage) : i1, !hal.buffer
//       CHECK-NEXT: util.return %did_import, %mapped : i1, !hal.buffer
//       CHECK-NEXT: }
util.func public @resourceTryMap(%arg0: !util.buffer) -> (i1, !stream.resource<constant>) {
  %c0 = arith.constant 0 : index
  %c128 = arith.constant 128 : index
  %did_map, %mapping = stream.resource.try_map on(#hal.device.affinity<@device>) %arg0[%c0] : !util.buffer -> i1, !stream.resource<constant>{%c128}
  util.return %did_map, %mapping : i1, !stream.resource<constant>
}

// -----

//      CHECK-LABEL: util.func public @resourceLoadStore(
//       CHECK-NEXT: %c4 = arith.constant 4 : index
//       CHECK-NEXT: %0 = hal.buffer.load<%arg0 : !hal.buffer>[%c4] : i32
//       CHECK-NEXT: hal.buffer.store<%arg0 : !hal.buffer>[%c4] value(%0 : i32)
//       CHECK-NEXT: util.return %0 : i32
//       CHECK-NEXT: }
util.func public @resourceLoadStore(%arg0: !stream.resource<staging>, %arg1: index) -> i32 {
  %c4 = arith.constant 4 : index
  %0 = stream.resource.load %arg0[%c4] : !stream.resource<staging>{%arg1} -> i32
  stream.resource.store %0, %arg0[%c4] : i32 -> !stream.resource<staging>{%arg1}
  util.return %0 : i32
}

// -----

//      CHECK-LABEL: util.func public @resourceSubview(
//       CHECK-NEXT: %c128 = arith.constant 128 : index
//       CHECK-NEXT: %c256 = arith.constant 256 : index
//       CHECK-NEXT: %buffer = hal.buffer.subspan<%arg0 : !hal.buffer>[%c128, %c256] : !hal.buffer
//       CHECK-NEXT: util.return %buffer : !hal.buffer
//       CHECK-NEXT: }
util.func public @resourceSubview(%arg0: !stream.resource<transient>, %arg1: index) -> !stream.resource<transient> {
  %c128 = arith.constant 128 : index
  %c256 = arith.constant 256 : index
  %0 = stream.resource.subview %arg0[%c128] : !stream.resource<transient>{%arg1} -> !stream.resource<transient>{%c256}
  util.return %0 : !stream.resource<transient>
}

// -----

util.global private @device_a : !hal.device
util.global private @device_b : !hal.device

// An optimal alloca (§2.5.1 order): memory properties, one device lookup per
// member, the select, then the fences and the queue op.
//      CHECK-LABEL: util.func public @resourceAllocaOptimal(
//       CHECK-NEXT: %memory_types, %buffer_usage = hal.allocator.resolve_memory_properties for(#hal.device.optimal<[#hal.device.affinity<@device_a>, #hal.device.affinity<@device_b>]>) lifetime(transient) : i32, i32
//       CHECK-NEXT: %device_a = util.global.load immutable @device_a : !hal.device
//       CHECK-NEXT: %c-1_i64 = arith.constant -1 : i64
//       CHECK-NEXT: %device_b = util.global.load immutable @device_b : !hal.device
//       CHECK-NEXT: %c-1_i64_0 = arith.constant -1 : i64
//       CHECK-NEXT: %device, %queue_affinity = hal.allocator.select from([
//       CHECK-NEXT:   (%device_a, %c-1_i64 : !hal.device, i64),
//       CHECK-NEXT:   (%device_b, %c-1_i64_0 : !hal.device, i64)
//       CHECK-NEXT: ]) type(%memory_types) usage(%buffer_usage) : !hal.device, i64
//       CHECK-NEXT: %0 = util.null : !hal.fence
//       CHECK-NEXT: %fence = hal.fence.create device(%device : !hal.device) flags("None") : !hal.fence
//       CHECK-NEXT: %c0_i64 = arith.constant 0 : i64
//       CHECK-NEXT: %transient_buffer = hal.device.queue.alloca<%device : !hal.device> affinity(%queue_affinity) wait(%0) signal(%fence) pool(%c0_i64) type(%memory_types) usage(%buffer_usage) flags("None") : !hal.buffer{%arg0}
//       CHECK-NEXT: util.return %transient_buffer, %fence : !hal.buffer, !hal.fence
//       CHECK-NEXT: }
util.func public @resourceAllocaOptimal(%arg0: index) -> (!stream.resource<transient>, !stream.timepoint) {
  %0:2 = stream.resource.alloca uninitialized on(#hal.device.optimal<[#hal.device.affinity<@device_a>, #hal.device.affinity<@device_b>]>) : !stream.resource<transient>{%arg0} => !stream.timepoint
  util.return %0#0, %0#1 : !stream.resource<transient>, !stream.timepoint
}

// -----

util.global private @device : !hal.device

// Without `origin` or an await: flags("None") and a null wait fence.
//      CHECK-LABEL: util.func public @resourceDeallocaNoAwait(
//       CHECK-NEXT: %memory_types, %buffer_usage = hal.allocator.resolve_memory_properties for(#hal.device.affinity<@device>) lifetime(transient) : i32, i32
//       CHECK-NEXT: %device = util.global.load immutable @device : !hal.device
//       CHECK-NEXT: %c-1_i64 = arith.constant -1 : i64
//       CHECK-NEXT: %0 = util.null : !hal.fence
//       CHECK-NEXT: %fence = hal.fence.create device(%device : !hal.device) flags("None") : !hal.fence
//       CHECK-NEXT: hal.device.queue.dealloca<%device : !hal.device> affinity(%c-1_i64) wait(%0) signal(%fence) buffer(%arg1 : !hal.buffer) flags("None")
//       CHECK-NEXT: util.return %fence : !hal.fence
//       CHECK-NEXT: }
util.func public @resourceDeallocaNoAwait(%arg0: index, %arg1: !stream.resource<transient>) -> !stream.timepoint {
  %0 = stream.resource.dealloca on(#hal.device.affinity<@device>) %arg1 : !stream.resource<transient>{%arg0} => !stream.timepoint
  util.return %0 : !stream.timepoint
}

// -----

util.global private @device : !hal.device

// try_map of the variable lifetime (stream.resource.try_map does not accept
// staging results, so the staging row of the table cannot be reached).
//      CHECK-LABEL: util.func public @resourceTryMapVariable(
//       CHECK-NEXT: %c0 = arith.constant 0 : index
//       CHECK-NEXT: %c128 = arith.constant 128 : index
//       CHECK-NEXT: %buffer_usage = hal.buffer_usage<"TransferSource|TransferTarget|Transfer|DispatchStorageRead|DispatchStorageWrite|DispatchStorage"> : i32
//       CHECK-NEXT: %memory_type = hal.memory_type<"DeviceVisible|DeviceLocal"> : i32
//       CHECK-NEXT: %device = util.global.load immutable @device : !hal.device
//       CHECK-NEXT: %c-1_i64 = arith.constant -1 : i64
//       CHECK-NEXT: %allocator = hal.device.allocator<%device : !hal.device> : !hal.allocator
//       CHECK-NEXT: %did_import, %mapped = hal.allocator.import<%allocator : !hal.allocator> source(%arg0 : !util.buffer)[%c0, %c128] affinity(%c-1_i64) type(%memory_type) usage(%buffer_usage) : i1, !hal.buffer
//       CHECK-NEXT: util.return %mapped : !hal.buffer
//       CHECK-NEXT: }
util.func public @resourceTryMapVariable(%arg0: !util.buffer) -> !stream.resource<variable> {
  %c0 = arith.constant 0 : index
  %c128 = arith.constant 128 : index
  %ok, %0 = stream.resource.try_map on(#hal.device.affinity<@device>) %arg0[%c0] : !util.buffer -> i1, !stream.resource<variable>{%c128}
  util.return %0 : !stream.resource<variable>
}
