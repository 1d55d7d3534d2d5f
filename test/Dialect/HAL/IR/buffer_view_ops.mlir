// RUN: sluice-opt --split-input-file %s | sluice-opt --split-input-file | FileCheck %s
// RUN: sluice-opt --split-input-file --mlir-print-op-generic %s | FileCheck %s --check-prefix=GENERIC
// REQUIRES: sluice-opt

// CHECK-LABEL: util.func public @buffer_view_dim
util.func public @buffer_view_dim(%view: !hal.buffer_view) -> (index, index) {
  // CHECK: %[[D0:.+]] = hal.buffer_view.dim<%arg0 : !hal.buffer_view>[0] : index
  // GENERIC: "hal.buffer_view.dim"(%{{.+}}) <{index = 0 : index}> : (!hal.buffer_view) -> index
  %d0 = hal.buffer_view.dim<%view : !hal.buffer_view>[0] : index
  // CHECK: hal.buffer_view.dim<%arg0 : !hal.buffer_view>[3] : index attributes {hal.x}
  %d3 = hal.buffer_view.dim<%view : !hal.buffer_view> [3] : index attributes {hal.x}
  util.return %d0, %d3 : index, index
}

// -----

// CHECK-LABEL: util.func public @buffer_view_rank
util.func public @buffer_view_rank(%view: !hal.buffer_view) -> index {
  // CHECK: %[[RANK:.+]] = hal.buffer_view.rank<%arg0 : !hal.buffer_view> : index
  // GENERIC: "hal.buffer_view.rank"(%{{.+}}) : (!hal.buffer_view) -> index
  %rank = hal.buffer_view.rank<%view : !hal.buffer_view> : index
  // CHECK: hal.buffer_view.rank<%arg0 : !hal.buffer_view> : index attributes {hal.x}
  %rank2 = hal.buffer_view.rank<%view : !hal.buffer_view> : index attributes {hal.x}
  util.return %rank : index
}

// -----

// CHECK-LABEL: util.func public @buffer_queries
util.func public @buffer_queries(%view: !hal.buffer_view) -> index {
  // CHECK: %buffer = hal.buffer_view.buffer<%arg0 : !hal.buffer_view> : !hal.buffer
  %buffer = hal.buffer_view.buffer<%view : !hal.buffer_view> : !hal.buffer
  // CHECK: %length = hal.buffer.length<%buffer : !hal.buffer> : index
  %len = hal.buffer.length<%buffer : !hal.buffer> : index
  util.return %len : index
}

// -----

// CHECK-LABEL: util.func public @element_types
util.func public @element_types() -> (i32, i32, i32, i32, i32, i32) {
  // CHECK: %element_type_f32 = hal.element_type<f32> : i32
  // GENERIC: "hal.element_type"() <{type = f32}> : () -> i32
  %0 = hal.element_type<f32> : i32
  // CHECK: %element_type_i1 = hal.element_type<i1> : i32
  %1 = hal.element_type<i1> : i32
  // CHECK: %element_type_ui8 = hal.element_type<ui8> : i32
  %2 = hal.element_type<ui8> : i32
  // CHECK: %element_type_bf16 = hal.element_type<bf16> : i32
  %3 = hal.element_type<bf16> : i32
  // CHECK: %element_type_complex3Cf323E = hal.element_type<complex<f32>> : i32
  %4 = hal.element_type<complex<f32>> : i32
  // CHECK: %element_type_f8E4M3FN = hal.element_type<f8E4M3FN> {hal.x} : i32
  %5 = hal.element_type<f8E4M3FN> {hal.x} : i32
  util.return %0, %1, %2, %3, %4, %5 : i32, i32, i32, i32, i32, i32
}

// -----

// CHECK-LABEL: util.func public @encoding_type
util.func public @encoding_type() -> i32 {
  // CHECK: %dense_row_major = hal.encoding_type<dense_row_major> : i32
  // GENERIC: "hal.encoding_type"() : () -> i32
  %0 = hal.encoding_type<dense_row_major> : i32
  util.return %0 : i32
}

// -----

// The assert HALToStream emits for an imported buffer view.
// CHECK-LABEL: util.func public @buffer_view_assert
util.func public @buffer_view_assert(%view: !hal.buffer_view, %d0: index) {
  %c4 = arith.constant 4 : index
  %element_type_f32 = hal.element_type<f32> : i32
  %dense_row_major = hal.encoding_type<dense_row_major> : i32
  // CHECK: hal.buffer_view.assert<%arg0 : !hal.buffer_view> message("tensor") shape([%arg1, %c4]) type(%element_type_f32) encoding(%dense_row_major)
  hal.buffer_view.assert<%view : !hal.buffer_view> message("tensor") shape([%d0, %c4]) type(%element_type_f32) encoding(%dense_row_major)
  // CHECK: hal.buffer_view.assert<%arg0 : !hal.buffer_view> message("scalar") shape([]) type(%element_type_f32) encoding(%dense_row_major) attributes {hal.x}
  hal.buffer_view.assert<%view : !hal.buffer_view> message("scalar") shape([]) type(%element_type_f32) encoding(%dense_row_major) attributes {hal.x}
  util.return
}

// -----

// CHECK-LABEL: util.func public @buffer_view_create
util.func public @buffer_view_create(%buffer: !hal.buffer, %length: index, %d0: index) -> (!hal.buffer_view, i32, i32) {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %element_type_f32 = hal.element_type<f32> : i32
  %dense_row_major = hal.encoding_type<dense_row_major> : i32
  // CHECK: %view = hal.buffer_view.create buffer(%arg0 : !hal.buffer)[%c0, %arg1] shape([%arg2, %c4]) type(%element_type_f32) encoding(%dense_row_major) : !hal.buffer_view
  %view = hal.buffer_view.create buffer(%buffer : !hal.buffer)[%c0, %length] shape([%d0, %c4]) type(%element_type_f32) encoding(%dense_row_major) : !hal.buffer_view
  // CHECK: hal.buffer_view.element_type<%view : !hal.buffer_view> : i32
  %e = hal.buffer_view.element_type<%view : !hal.buffer_view> : i32
  // CHECK: hal.buffer_view.encoding_type<%view : !hal.buffer_view> : i32
  %t = hal.buffer_view.encoding_type<%view : !hal.buffer_view> : i32
  // CHECK: hal.buffer_view.trace "key" = %view, %view : !hal.buffer_view, !hal.buffer_view
  hal.buffer_view.trace "key" = %view, %view : !hal.buffer_view, !hal.buffer_view
  util.return %view, %e, %t : !hal.buffer_view, i32, i32
}
