// RUN: sluice-opt --split-input-file %s | sluice-opt --split-input-file | FileCheck %s
// RUN: sluice-opt --split-input-file --mlir-print-op-generic %s | sluice-opt --split-input-file | FileCheck %s
// REQUIRES: sluice-opt

// CHECK-LABEL: util.func public @tensor_parameter_load
util.func public @tensor_parameter_load(%scope: !util.buffer, %key: !util.buffer, %off: i64, %rows: index, %size: index) -> (!stream.resource<*>, !stream.resource<constant>) {
  // CHECK: %0 = stream.tensor.parameter.load %arg0::%arg1[%arg2] : tensor<?x64xf16>{%arg3} in !stream.resource<*>{%arg4}{{$}}
  %0 = stream.tensor.parameter.load %scope::%key[%off] : tensor<?x64xf16>{%rows} in !stream.resource<*>{%size}
  // CHECK: %1 = stream.tensor.parameter.load on(#hal.device.affinity<@dev>) %arg1[%arg2] : tensor<4xf32> in !stream.resource<constant>{%arg4} attributes {test.attr}{{$}}
  %1 = stream.tensor.parameter.load on(#hal.device.affinity<@dev>) %key[%off] : tensor<4xf32> in !stream.resource<constant>{%size} attributes {test.attr}
  util.return %0, %1 : !stream.resource<*>, !stream.resource<constant>
}

// -----

// The `::` is two tokens: whitespace between them is accepted.
// CHECK-LABEL: util.func public @tensor_parameter_load_spaced_scope
util.func public @tensor_parameter_load_spaced_scope(%scope: !util.buffer, %key: !util.buffer, %off: i64, %size: index) -> !stream.resource<*> {
  // CHECK: %0 = stream.tensor.parameter.load %arg0::%arg1[%arg2] : tensor<4xf32> in !stream.resource<*>{%arg3}{{$}}
  %0 = stream.tensor.parameter.load %scope : : %key[%off] : tensor<4xf32> in !stream.resource<*>{%size}
  util.return %0 : !stream.resource<*>
}

// -----

// CHECK-LABEL: util.func public @tensor_parameter_write
util.func public @tensor_parameter_write(%acc: !stream.resource<*>, %size: index, %scope: !util.buffer, %key: !util.buffer, %off: i64, %d: index) -> (!stream.resource<*>, !stream.resource<*>) {
  // CHECK: %0 = stream.tensor.parameter.write %arg0 -> %arg3[%arg4] : tensor<128xf32> in !stream.resource<*>{%arg1}{{$}}
  %0 = stream.tensor.parameter.write %acc -> %key[%off] : tensor<128xf32> in !stream.resource<*>{%size}
  // CHECK: %1 = stream.tensor.parameter.write on(#hal.device.affinity<@dev>) %0 -> %arg2::%arg3[%arg4] : tensor<?x4xf32>{%arg5} in !stream.resource<*>{%arg1} attributes {test.attr}{{$}}
  %1 = stream.tensor.parameter.write on(#hal.device.affinity<@dev>) %0 -> %scope::%key[%off] : tensor<?x4xf32>{%d} in !stream.resource<*>{%size} attributes {test.attr}
  util.return %0, %1 : !stream.resource<*>, !stream.resource<*>
}
