// RUN: sluice-opt --split-input-file --canonicalize %s | FileCheck %s
// REQUIRES: sluice-opt

// The bitfield ops are constants: canonicalization uniques equal values.

// CHECK-LABEL: util.func public @unique
util.func public @unique() -> (i32, i32, i32) {
  // CHECK: %[[A:.+]] = hal.memory_type<"DeviceVisible|DeviceLocal"> : i32
  // CHECK-NOT: hal.memory_type
  // CHECK: %[[B:.+]] = hal.buffer_usage<TransferSource> : i32
  // CHECK: util.return %[[A]], %[[A]], %[[B]]
  %0 = hal.memory_type<DeviceLocal> : i32
  %1 = hal.memory_type<"DeviceVisible|DeviceLocal"> : i32
  %2 = hal.buffer_usage<TransferSource> : i32
  util.return %0, %1, %2 : i32, i32, i32
}

// -----

// CHECK-LABEL: util.func public @unused
util.func public @unused() {
  // CHECK-NOT: hal.memory_type
  %0 = hal.memory_type<HostVisible> : i32
  util.return
}
