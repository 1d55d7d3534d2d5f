// RUN: sluice-opt --split-input-file --verify-diagnostics %s | sluice-opt --split-input-file | FileCheck %s
// REQUIRES: sluice-opt

// CHECK-LABEL: util.func public @boundary
util.func public @boundary(%view: !hal.buffer_view, %rows: index, %bytes: index, %c16: index, %r: !stream.resource<external>) -> (!stream.resource<external>, !hal.buffer_view) {
  // CHECK: stream.tensor.import on(#hal.device.affinity<@dev>) consume %arg0 : !hal.buffer_view -> tensor<?x8xf32>{%arg1} in !stream.resource<external>{%arg2}
  %0 = stream.tensor.import on(#hal.device.affinity<@dev>) consume %view : !hal.buffer_view -> tensor<?x8xf32>{%rows} in !stream.resource<external>{%bytes}
  // CHECK: stream.tensor.export %arg4 : tensor<4xi32> in !stream.resource<external>{%arg3} -> !hal.buffer_view
  %1 = stream.tensor.export %r : tensor<4xi32> in !stream.resource<external>{%c16} -> !hal.buffer_view
  util.return %0, %1 : !stream.resource<external>, !hal.buffer_view
}

// -----

// CHECK-LABEL: util.func public @tensor_sizes
util.func public @tensor_sizes(%n: index, %d: index, %c0: index) -> (index, index, !stream.resource<*>) {
  // CHECK: stream.tensor.sizeof on(#hal.device.affinity<@dev>) tensor<?x16xbf16>{%arg0} : index
  %0 = stream.tensor.sizeof on(#hal.device.affinity<@dev>) tensor<?x16xbf16>{%n} : index
  // CHECK: stream.tensor.sizeof tensor<4xf32> : index
  %1 = stream.tensor.sizeof tensor<4xf32> : index
  // CHECK: %empty = stream.tensor.empty : tensor<0x?xf32>{%arg1} in !stream.resource<*>{%arg2}
  %2 = stream.tensor.empty : tensor<0x?xf32>{%d} in !stream.resource<*>{%c0}
  util.return %0, %1, %2 : index, index, !stream.resource<*>
}

// -----

util.func public @import_dims(%view: !hal.buffer_view, %bytes: index) -> !stream.resource<external> {
  // expected-error @+1 {{'stream.tensor.import' op type set has 1 dynamic dimensions but only 0 dimension values are attached}}
  %0 = stream.tensor.import %view : !hal.buffer_view -> tensor<?x8xf32> in !stream.resource<external>{%bytes}
  util.return %0 : !stream.resource<external>
}
