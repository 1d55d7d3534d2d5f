// RUN: sluice-opt --split-input-file %s | sluice-opt --split-input-file | FileCheck %s
// RUN: sluice-opt --split-input-file --mlir-print-op-generic %s | FileCheck %s --check-prefix=GENERIC
// REQUIRES: sluice-opt

// CHECK-LABEL: util.func public @fence_create
util.func public @fence_create(%device: !hal.device) -> (!hal.fence, !hal.fence) {
  // CHECK: %fence = hal.fence.create device(%arg0 : !hal.device) flags("None") : !hal.fence
  // GENERIC: "hal.fence.create"(%{{.+}}) <{flags = 0 : i64}> : (!hal.device) -> !hal.fence
  %0 = hal.fence.create device(%device : !hal.device) flags("None") : !hal.fence
  // CHECK: %fence_0 = hal.fence.create device(%arg0 : !hal.device) flags(Reserved) : !hal.fence attributes {hal.x}
  // GENERIC: "hal.fence.create"(%{{.+}}) <{flags = 1 : i64}> {hal.x} : (!hal.device) -> !hal.fence
  %1 = hal.fence.create device(%device : !hal.device) flags(Reserved) : !hal.fence attributes {hal.x}
  util.return %0, %1 : !hal.fence, !hal.fence
}

// -----

// CHECK-LABEL: util.func public @resolve_memory_properties
util.func public @resolve_memory_properties() -> (i32, i32, i32, i32) {
  // CHECK: %memory_types, %buffer_usage = hal.allocator.resolve_memory_properties for(#hal.device.affinity<@device>) lifetime(constant) : i32, i32
  // GENERIC: "hal.allocator.resolve_memory_properties"() <{affinity = #hal.device.affinity<@device>, lifetime = 5 : i32}> : () -> (i32, i32)
  %mt, %bu = hal.allocator.resolve_memory_properties for(#hal.device.affinity<@device>) lifetime(constant) : i32, i32
  // CHECK: %memory_types_0, %buffer_usage_1 = hal.allocator.resolve_memory_properties lifetime("*") : i32, i32
  // GENERIC: "hal.allocator.resolve_memory_properties"() <{lifetime = 0 : i32}> : () -> (i32, i32)
  %mt2, %bu2 = hal.allocator.resolve_memory_properties lifetime("*") : i32, i32
  util.return %mt, %bu, %mt2, %bu2 : i32, i32, i32, i32
}

// -----

// CHECK-LABEL: util.func public @lifetimes
util.func public @lifetimes() {
  // CHECK: lifetime(external)
  %0:2 = hal.allocator.resolve_memory_properties lifetime("external") : i32, i32
  // CHECK: lifetime(staging)
  %1:2 = hal.allocator.resolve_memory_properties lifetime(staging) : i32, i32
  // CHECK: lifetime(transient)
  %2:2 = hal.allocator.resolve_memory_properties lifetime(transient) : i32, i32
  // CHECK: lifetime(variable)
  %3:2 = hal.allocator.resolve_memory_properties lifetime(variable) : i32, i32
  util.return
}

// -----

// CHECK-LABEL: util.func public @devices
util.func public @devices(%index: index) -> (!hal.device, !hal.allocator, index, i64) {
  // CHECK: %device_count = hal.devices.count : index
  %count = hal.devices.count : index
  // CHECK: %device = hal.devices.get %arg0 : !hal.device
  %device = hal.devices.get %index : !hal.device
  // CHECK: %allocator = hal.device.allocator<%device : !hal.device> : !hal.allocator
  %allocator = hal.device.allocator<%device : !hal.device> : !hal.allocator
  // CHECK: %{{.+}}:3 = hal.device.resolve on(#hal.device.affinity<@dev, [0]>) : !hal.device, !hal.allocator, i64
  %r:3 = hal.device.resolve on(#hal.device.affinity<@dev, [0]>) : !hal.device, !hal.allocator, i64
  // CHECK: hal.device.resolve {hal.x} : !hal.device
  %d = hal.device.resolve {hal.x} : !hal.device
  util.return %r#0, %r#1, %count, %r#2 : !hal.device, !hal.allocator, index, i64
}

// -----

// CHECK-LABEL: util.func public @allocator_select
util.func public @allocator_select(%d0: !hal.device, %q0: i64, %d1: !hal.device, %q1: i64, %mt: i32, %bu: i32) -> (!hal.device, i64) {
  //      CHECK: %device, %queue_affinity = hal.allocator.select from([
  // CHECK-NEXT: {{^}}    (%arg0, %arg1 : !hal.device, i64),{{$}}
  // CHECK-NEXT: {{^}}    (%arg2, %arg3 : !hal.device, i64){{$}}
  // CHECK-NEXT: {{^}}  ]) type(%arg4) usage(%arg5) : !hal.device, i64{{$}}
  %device, %queue = hal.allocator.select from([(%d0, %q0 : !hal.device, i64), (%d1, %q1 : !hal.device, i64)]) type(%mt) usage(%bu) : !hal.device, i64
  //      CHECK: hal.allocator.select from([
  // CHECK-NEXT: {{^}}    (%arg0, %arg1 : !hal.device, i64){{$}}
  // CHECK-NEXT: {{^}}  ]) type(%arg4) usage(%arg5) : !hal.device, i64 attributes {hal.x}{{$}}
  %d, %q = hal.allocator.select from([
    (%d0, %q0 : !hal.device, i64)
  ]) type(%mt) usage(%bu) : !hal.device, i64 attributes {hal.x}
  util.return %device, %queue : !hal.device, i64
}
