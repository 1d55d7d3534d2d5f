// RUN: sluice-opt --split-input-file --iree-hal-conversion %s | FileCheck %s
// REQUIRES: sluice-opt

//      CHECK-LABEL: util.func public @tensorTrace(
//       CHECK-NEXT: %dense_row_major = hal.encoding_type<dense_row_major> : i32
//       CHECK-NEXT: %element_type_f32 = hal.element_type<f32> : i32
//       CHECK-NEXT: %c5 = arith.constant 5 : index
//       CHECK-NEXT: %c0 = arith.constant 0 : index
//       CHECK-NEXT: %view = hal.buffer_view.create buffer(%arg0 : !hal.buffer)[%c0, %arg1] shape([%c5]) type(%element_type_f32) encoding(%dense_row_major) : !hal.buffer_view
//       CHECK-NEXT: %dense_row_major_0 = hal.encoding_type<dense_row_major> : i32
//       CHECK-NEXT: %element_type_i32 = hal.element_type<i32> : i32
//       CHECK-NEXT: %c3 = arith.constant 3 : index
//       CHECK-NEXT: %c0_1 = arith.constant 0 : index
//       CHECK-NEXT: %view_2 = hal.buffer_view.create buffer(%arg2 : !hal.buffer)[%c0_1, %arg3] shape([%arg4, %c3]) type(%element_type_i32) encoding(%dense_row_major_0) : !hal.buffer_view
//       CHECK-NEXT: hal.buffer_view.trace "FOOBAR" = %view, %view_2 : !hal.buffer_view, !hal.buffer_view
//       CHECK-NEXT: util.return
//       CHECK-NEXT: }
util.func public @tensorTrace(%arg0: !stream.resource<staging>, %arg1: index, %arg2: !stream.resource<staging>, %arg3: index, %arg4: index) {
  stream.tensor.trace "FOOBAR" = [
    %arg0 : tensor<5xf32> in !stream.resource<staging>{%arg1},
    %arg2 : tensor<?x3xi32>{%arg4} in !stream.resource<staging>{%arg3}
  ]
  util.return
}
