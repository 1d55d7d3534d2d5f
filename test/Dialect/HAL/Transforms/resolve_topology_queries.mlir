// RUN: sluice-opt --split-input-file --iree-hal-resolve-topology-queries --verify-diagnostics %s | FileCheck %s
// RUN: sluice-opt --split-input-file --iree-hal-resolve-topology-queries --iree-hal-external-resources-mappable --verify-diagnostics %s | FileCheck %s --check-prefix=MAPPABLE
// REQUIRES: sluice-opt

// CHECK-LABEL: util.func public @lifetimes
util.func public @lifetimes() -> (i32, i32, i32, i32, i32, i32, i32, i32, i32, i32) {
  // CHECK-DAG: %[[CONST_MT:.+]] = hal.memory_type<"DeviceVisible|DeviceLocal"> : i32
  // CHECK-DAG: %[[CONST_BU:.+]] = hal.buffer_usage<"TransferSource|TransferTarget|Transfer|DispatchStorageRead|DispatchStorageWrite|DispatchStorage|SharingImmutable"> : i32
  %0:2 = hal.allocator.resolve_memory_properties for(#hal.device.affinity<@device>) lifetime(constant) : i32, i32
  // CHECK-DAG: %[[LOCAL_BU:.+]] = hal.buffer_usage<"TransferSource|TransferTarget|Transfer|DispatchStorageRead|DispatchStorageWrite|DispatchStorage"> : i32
  %1:2 = hal.allocator.resolve_memory_properties for(#hal.device.affinity<@device>) lifetime(variable) : i32, i32
  %2:2 = hal.allocator.resolve_memory_properties lifetime(transient) : i32, i32
  // MAPPABLE-DAG: hal.memory_type<"HostVisible|DeviceVisible|DeviceLocal"> : i32
  // MAPPABLE-DAG: hal.buffer_usage<"TransferSource|TransferTarget|Transfer|DispatchStorageRead|DispatchStorageWrite|DispatchStorage|MappingScoped|MappingAccessRandom|Mapping"> : i32
  %3:2 = hal.allocator.resolve_memory_properties lifetime(external) : i32, i32
  // CHECK-DAG: %[[STAGING_MT:.+]] = hal.memory_type<"HostVisible|HostCoherent|HostLocal|DeviceVisible"> : i32
  // CHECK-DAG: %[[STAGING_BU:.+]] = hal.buffer_usage<"TransferSource|TransferTarget|Transfer|DispatchStorageRead|DispatchStorageWrite|DispatchStorage|MappingScoped|MappingAccessRandom|Mapping"> : i32
  %4:2 = hal.allocator.resolve_memory_properties lifetime(staging) : i32, i32
  // CHECK-NOT: hal.allocator.resolve_memory_properties
  // CHECK: util.return %[[CONST_MT]], %[[CONST_BU]]
  util.return %0#0, %0#1, %1#0, %1#1, %2#0, %2#1, %3#0, %3#1, %4#0, %4#1 : i32, i32, i32, i32, i32, i32, i32, i32, i32, i32
}

// -----

// Queries of optimal affinities are left for the runtime.
// CHECK-LABEL: util.func public @optimal
util.func public @optimal() -> (i32, i32) {
  // CHECK: hal.allocator.resolve_memory_properties for(#hal.device.optimal<[#hal.device.affinity<@a>, #hal.device.affinity<@b>]>) lifetime(transient)
  %0:2 = hal.allocator.resolve_memory_properties for(#hal.device.optimal<[#hal.device.affinity<@a>, #hal.device.affinity<@b>]>) lifetime(transient) : i32, i32
  util.return %0#0, %0#1 : i32, i32
}

// -----

util.func public @unknownLifetime() -> (i32, i32) {
  // expected-error @+1 {{'hal.allocator.resolve_memory_properties' op unsupported resource lifetime: *}}
  %0:2 = hal.allocator.resolve_memory_properties lifetime("*") : i32, i32
  util.return %0#0, %0#1 : i32, i32
}
