// RUN: sluice-opt --split-input-file --iree-hal-conversion --verify-diagnostics %s | FileCheck %s
// REQUIRES: sluice-opt

util.global private @device : !hal.device

//      CHECK-LABEL: util.func public @contextResolveAllocator(
//       CHECK-NEXT: %device = util.global.load immutable @device : !hal.device
//       CHECK-NEXT: %allocator = hal.device.allocator<%device : !hal.device> : !hal.allocator
//       CHECK-NEXT: util.return %allocator : !hal.allocator
//       CHECK-NEXT: }
util.func public @contextResolveAllocator() -> !hal.allocator {
  %allocator = stream.context.resolve on(#hal.device.affinity<@device>) : !hal.allocator
  util.return %allocator : !hal.allocator
}

// -----

util.global private @device : !hal.device

//      CHECK-LABEL: util.func public @contextResolveDevice(
//       CHECK-NEXT: %device = util.global.load immutable @device : !hal.device
//       CHECK-NEXT: %c48_i64 = arith.constant 48 : i64
//       CHECK-NEXT: util.return %device, %c48_i64 : !hal.device, i64
//       CHECK-NEXT: }
util.func public @contextResolveDevice() -> (!hal.device, i64) {
  %device, %affinity = stream.context.resolve on(#hal.device.affinity<@device, [4, 5]>) : !hal.device, i64
  util.return %device, %affinity : !hal.device, i64
}

// -----

util.global private @device : !hal.device

// The affinity comes from the nearest `stream.affinity`.
//      CHECK-LABEL: util.func public @contextResolveInherited(
//       CHECK-NEXT: %device = util.global.load immutable @device : !hal.device
//       CHECK-NEXT: util.return %device : !hal.device
//       CHECK-NEXT: }
util.func public @contextResolveInherited() -> !hal.device attributes {stream.affinity = #hal.device.affinity<@device>} {
  %device = stream.context.resolve : !hal.device
  util.return %device : !hal.device
}

// -----

//      CHECK-LABEL: util.func public @contextResolveDefault(
//       CHECK-NEXT: %c0 = arith.constant 0 : index
//       CHECK-NEXT: %device_0 = hal.devices.get %c0 : !hal.device
//       CHECK-NEXT: %allocator = hal.device.allocator<%device_0 : !hal.device> : !hal.allocator
//       CHECK-NEXT: %c-1_i64 = arith.constant -1 : i64
//       CHECK-NEXT: util.return %device_0, %allocator, %c-1_i64 : !hal.device, !hal.allocator, i64
//       CHECK-NEXT: }
util.func public @contextResolveDefault() -> (!hal.device, !hal.allocator, i64) {
  %0:3 = stream.context.resolve : !hal.device, !hal.allocator, i64
  util.return %0#0, %0#1, %0#2 : !hal.device, !hal.allocator, i64
}

// -----

util.func public @contextResolvePromise() -> !hal.device {
  // expected-error @+2 {{'stream.context.resolve' op failed to resolve affinity: only HAL device affinities are supported}}
  // expected-error @+1 {{failed to legalize operation 'stream.context.resolve' that was explicitly marked illegal}}
  %device = stream.context.resolve on(#hal.device.promise<@device>) : !hal.device
  util.return %device : !hal.device
}
