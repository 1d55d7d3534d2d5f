// RUN: sluice-opt --split-input-file %s | sluice-opt --split-input-file | FileCheck %s
// REQUIRES: sluice-opt

// CHECK-LABEL: util.func public @buffer_assert
util.func public @buffer_assert(%buffer: !hal.buffer, %allocator: !hal.allocator, %length: index) {
  // CHECK: hal.buffer.assert<%arg0 : !hal.buffer> message("tensor") allocator(%arg1 : !hal.allocator) minimum_length(%arg2) type(DeviceVisible) usage("TransferSource|TransferTarget|Transfer|DispatchStorageRead|DispatchStorageWrite|DispatchStorage")
  hal.buffer.assert<%buffer : !hal.buffer> message("tensor") allocator(%allocator : !hal.allocator) minimum_length(%length) type(DeviceVisible) usage("Transfer|DispatchStorage")
  util.return
}

// -----

// CHECK-LABEL: util.func public @buffer_allocation
util.func public @buffer_allocation(%buffer: !hal.buffer) -> (i1, i1) {
  // CHECK: hal.buffer.allocation.preserve<%arg0 : !hal.buffer>
  hal.buffer.allocation.preserve<%buffer : !hal.buffer>
  // CHECK: %was_terminal = hal.buffer.allocation.discard<%arg0 : !hal.buffer> : i1
  %0 = hal.buffer.allocation.discard<%buffer : !hal.buffer> : i1
  // CHECK: %is_terminal = hal.buffer.allocation.is_terminal<%arg0 : !hal.buffer> : i1
  %1 = hal.buffer.allocation.is_terminal<%buffer : !hal.buffer> : i1
  util.return %0, %1 : i1, i1
}

// -----

// CHECK-LABEL: util.func public @buffer_subspan_length
util.func public @buffer_subspan_length(%buffer: !hal.buffer, %offset: index, %length: index) -> (!hal.buffer, index) {
  // CHECK: %buffer = hal.buffer.subspan<%arg0 : !hal.buffer>[%arg1, %arg2] : !hal.buffer
  %0 = hal.buffer.subspan<%buffer : !hal.buffer>[%offset, %length] : !hal.buffer
  // CHECK: %length = hal.buffer.length<%buffer : !hal.buffer> : index
  %1 = hal.buffer.length<%0 : !hal.buffer> : index
  util.return %0, %1 : !hal.buffer, index
}

// -----

// CHECK-LABEL: util.func public @buffer_load_store
util.func public @buffer_load_store(%buffer: !hal.buffer, %offset: index, %v: vector<4xf32>) -> i32 {
  // CHECK: %[[V:.+]] = hal.buffer.load<%arg0 : !hal.buffer>[%arg1] : i32
  %0 = hal.buffer.load<%buffer : !hal.buffer>[%offset] : i32
  // CHECK: hal.buffer.store<%arg0 : !hal.buffer>[%arg1] value(%[[V]] : i32)
  hal.buffer.store<%buffer : !hal.buffer>[%offset] value(%0 : i32)
  // CHECK: hal.buffer.store<%arg0 : !hal.buffer>[%arg1] value(%arg2 : vector<4xf32>)
  hal.buffer.store<%buffer : !hal.buffer>[%offset] value(%v : vector<4xf32>)
  util.return %0 : i32
}
