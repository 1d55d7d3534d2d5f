// RUN: sluice-opt --split-input-file %s | sluice-opt --split-input-file | FileCheck %s
// RUN: sluice-opt --split-input-file --mlir-print-op-generic %s | FileCheck %s --check-prefix=GENERIC
// REQUIRES: sluice-opt

// Single-bit cases print bare; zero, composite cases and combinations print
// quoted with every case (composites and their components) in declaration order.

// CHECK-LABEL: util.func public @memory_types
util.func public @memory_types() -> (i32, i32, i32, i32, i32, i32) {
  // CHECK: %memory_type = hal.memory_type<HostVisible> : i32
  // GENERIC: "hal.memory_type"() <{type = 2 : i32}> : () -> i32
  %0 = hal.memory_type<HostVisible> : i32
  // CHECK: %memory_type_0 = hal.memory_type<"DeviceVisible|DeviceLocal"> : i32
  // GENERIC: "hal.memory_type"() <{type = 48 : i32}> : () -> i32
  %1 = hal.memory_type<DeviceLocal> : i32
  // CHECK: %memory_type_1 = hal.memory_type<"HostVisible|HostCoherent|HostLocal"> : i32
  // GENERIC: "hal.memory_type"() <{type = 70 : i32}> : () -> i32
  %2 = hal.memory_type<"HostLocal"> : i32
  // CHECK: %memory_type_2 = hal.memory_type<"None"> : i32
  // GENERIC: "hal.memory_type"() <{type = 0 : i32}> : () -> i32
  %3 = hal.memory_type<None> : i32
  // CHECK: %memory_type_3 = hal.memory_type<"HostVisible|HostCoherent"> : i32
  // GENERIC: "hal.memory_type"() <{type = 6 : i32}> : () -> i32
  %4 = hal.memory_type<"HostVisible | HostCoherent"> : i32
  // CHECK: %memory_type_4 = hal.memory_type<"DeviceVisible|DeviceLocal"> : i32
  // GENERIC: "hal.memory_type"() <{type = 48 : i32}> : () -> i32
  %5 = hal.memory_type<"DeviceVisible|DeviceLocal"> : i32
  util.return %0, %1, %2, %3, %4, %5 : i32, i32, i32, i32, i32, i32
}

// -----

// CHECK-LABEL: util.func public @buffer_usages
util.func public @buffer_usages() -> (i32, i32, i32) {
  // CHECK: %buffer_usage = hal.buffer_usage<"TransferSource|TransferTarget|Transfer"> : i32
  %0 = hal.buffer_usage<Transfer> : i32
  // CHECK: %buffer_usage_0 = hal.buffer_usage<"TransferSource|TransferTarget|Transfer|DispatchStorageRead|DispatchStorageWrite|DispatchStorage|SharingImmutable"> : i32
  // GENERIC: "hal.buffer_usage"() <{usage = 527363 : i32}> : () -> i32
  %1 = hal.buffer_usage<"TransferSource|TransferTarget|Transfer|DispatchStorageRead|DispatchStorageWrite|DispatchStorage|SharingImmutable"> : i32
  // CHECK: %buffer_usage_1 = hal.buffer_usage<SharingImmutable> : i32
  %2 = hal.buffer_usage<SharingImmutable> : i32
  util.return %0, %1, %2 : i32, i32, i32
}
