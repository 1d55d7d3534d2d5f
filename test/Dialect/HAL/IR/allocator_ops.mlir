// RUN: sluice-opt --split-input-file %s | sluice-opt --split-input-file | FileCheck %s
// REQUIRES: sluice-opt

// CHECK-LABEL: util.func public @allocator_allocate
util.func public @allocator_allocate(%allocator: !hal.allocator, %size: index) -> !hal.buffer {
  %affinity = arith.constant -1 : i64
  %mt = hal.memory_type<DeviceLocal> : i32
  %bu = hal.buffer_usage<Transfer> : i32
  // CHECK: %buffer = hal.allocator.allocate<%arg0 : !hal.allocator> affinity(%c-1_i64) type(%memory_type) usage(%buffer_usage) : !hal.buffer{%arg1}
  %buffer = hal.allocator.allocate<%allocator : !hal.allocator> affinity(%affinity) type(%mt) usage(%bu) : !hal.buffer{%size}
  util.return %buffer : !hal.buffer
}

// -----

// CHECK-LABEL: util.func public @allocator_import
util.func public @allocator_import(%allocator: !hal.allocator, %source: !util.buffer, %offset: index, %length: index) -> (i1, !hal.buffer) {
  %affinity = arith.constant -1 : i64
  %mt = hal.memory_type<HostVisible> : i32
  %bu = hal.buffer_usage<TransferSource> : i32
  // CHECK: %did_import, %mapped = hal.allocator.import<%arg0 : !hal.allocator> source(%arg1 : !util.buffer)[%arg2, %arg3] affinity(%c-1_i64) type(%memory_type) usage(%buffer_usage) : i1, !hal.buffer
  %ok, %buffer = hal.allocator.import<%allocator : !hal.allocator> source(%source : !util.buffer)[%offset, %length] affinity(%affinity) type(%mt) usage(%bu) : i1, !hal.buffer
  util.return %ok, %buffer : i1, !hal.buffer
}

// -----

// Each candidate pair prints on its own line.
// CHECK-LABEL: util.func public @allocator_select
util.func public @allocator_select(%d0: !hal.device, %d1: !hal.device, %q0: i64, %q1: i64, %mt: i32, %bu: i32) -> (!hal.device, i64) {
  //      CHECK: %device, %queue_affinity = hal.allocator.select from([
  // CHECK-NEXT:   (%arg0, %arg2 : !hal.device, i64),
  // CHECK-NEXT:   (%arg1, %arg3 : !hal.device, i64)
  // CHECK-NEXT: ]) type(%arg4) usage(%arg5) : !hal.device, i64
  %device, %queue = hal.allocator.select from([(%d0, %q0 : !hal.device, i64), (%d1, %q1 : !hal.device, i64)]) type(%mt) usage(%bu) : !hal.device, i64
  util.return %device, %queue : !hal.device, i64
}
