// RUN: sluice-opt --split-input-file --iree-hal-conversion %s | FileCheck %s
// REQUIRES: sluice-opt

util.global private @device : !hal.device

// CHECK-LABEL: @deviceResolveDevice
util.func public @deviceResolveDevice() -> !hal.device {
  // CHECK: %[[DEVICE:.+]] = util.global.load immutable @device : !hal.device
  %device = hal.device.resolve on(#hal.device.affinity<@device>) : !hal.device
  // CHECK: util.return %[[DEVICE]]
  util.return %device : !hal.device
}

// -----

util.global private @device : !hal.device

// CHECK-LABEL: @deviceResolveAllocator
util.func public @deviceResolveAllocator() -> !hal.allocator {
  // CHECK: %[[DEVICE:.+]] = util.global.load immutable @device : !hal.device
  // CHECK: %[[ALLOCATOR:.+]] = hal.device.allocator<%[[DEVICE]] : !hal.device> : !hal.allocator
  %allocator = hal.device.resolve on(#hal.device.affinity<@device>) : !hal.allocator
  // CHECK: util.return %[[ALLOCATOR]]
  util.return %allocator : !hal.allocator
}

// -----

util.global private @device : !hal.device

// CHECK-LABEL: @deviceResolveQueueAffinity
util.func public @deviceResolveQueueAffinity() -> (!hal.device, i64) {
  // CHECK-DAG: %[[DEVICE:.+]] = util.global.load immutable @device : !hal.device
  // CHECK-DAG: %[[AFFINITY:.+]] = arith.constant 48 : i64
  %device, %affinity = hal.device.resolve on(#hal.device.affinity<@device, [4, 5]>) : !hal.device, i64
  // CHECK: util.return %[[DEVICE]], %[[AFFINITY]]
  util.return %device, %affinity : !hal.device, i64
}

// -----

util.global private @device : !hal.device

// CHECK-LABEL: @deviceResolveAll
util.func public @deviceResolveAll() -> (!hal.device, !hal.allocator, i64) {
  // CHECK: %[[DEVICE:.+]] = util.global.load immutable @device : !hal.device
  // CHECK-NEXT: %[[ALLOCATOR:.+]] = hal.device.allocator<%[[DEVICE]] : !hal.device> : !hal.allocator
  // CHECK-NEXT: %[[AFFINITY:.+]] = arith.constant -1 : i64
  %device, %allocator, %affinity = hal.device.resolve on(#hal.device.affinity<@device>) : !hal.device, !hal.allocator, i64
  // CHECK: util.return %[[DEVICE]], %[[ALLOCATOR]], %[[AFFINITY]]
  util.return %device, %allocator, %affinity : !hal.device, !hal.allocator, i64
}

// -----

// Without an affinity: device 0, any queue.
// CHECK-LABEL: @deviceResolveDefault
util.func public @deviceResolveDefault() -> (!hal.device, i64) {
  // CHECK: %[[C0:.+]] = arith.constant 0 : index
  // CHECK-NEXT: %[[DEVICE:.+]] = hal.devices.get %[[C0]] : !hal.device
  // CHECK-NEXT: %[[AFFINITY:.+]] = arith.constant -1 : i64
  %device, %affinity = hal.device.resolve : !hal.device, i64
  // CHECK: util.return %[[DEVICE]], %[[AFFINITY]]
  util.return %device, %affinity : !hal.device, i64
}
