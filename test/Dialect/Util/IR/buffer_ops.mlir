// RUN: sluice-opt --split-input-file %s | sluice-opt --split-input-file | FileCheck %s
// REQUIRES: sluice-opt

// CHECK-LABEL: util.func public @buffer_constants
util.func public @buffer_constants() -> (!util.buffer, !util.buffer, !util.buffer) {
  // CHECK: %buffer_cst = util.buffer.constant : !util.buffer = "weights"
  %0 = util.buffer.constant : !util.buffer = "weights"
  // CHECK: %rodata0 = util.buffer.constant "rodata0" {alignment = 64 : index} : !util.buffer = dense<[1, 2, 3]> : tensor<3xi32>
  %1 = util.buffer.constant "rodata0" {alignment = 64 : index} : !util.buffer = dense<[1, 2, 3]> : tensor<3xi32>
  // CHECK: %buffer_cst_0 = util.buffer.constant {mime_type = "text/plain"} : !util.buffer = "x"
  %2 = util.buffer.constant {mime_type = "text/plain"} : !util.buffer = "x"
  util.return %0, %1, %2 : !util.buffer, !util.buffer, !util.buffer
}

// -----

// CHECK-LABEL: util.func public @null
util.func public @null() -> !hal.fence {
  // CHECK: %0 = util.null : !hal.fence
  %0 = util.null : !hal.fence
  util.return %0 : !hal.fence
}
