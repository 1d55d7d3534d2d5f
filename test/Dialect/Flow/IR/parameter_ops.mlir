// REQUIRES: sluice-opt
// RUN: sluice-opt %s | sluice-opt | FileCheck %s
// RUN: sluice-opt %s --mlir-print-op-generic | sluice-opt | FileCheck %s

// CHECK-LABEL: util.func public @parameter_load
util.func public @parameter_load(%scope: !util.buffer, %key: !util.buffer, %off: i64, %d: index) {
  // CHECK: flow.parameter.load %arg0::%arg1[%arg2] : tensor<?x8xf32>{%arg3}
  %0 = flow.parameter.load %scope::%key[%off] : tensor<?x8xf32>{%d}
  // CHECK: flow.parameter.load %arg1[%arg2] : tensor<4x8xf32> attributes {some.attr}
  %1 = flow.parameter.load %key[%off] : tensor<4x8xf32> attributes {some.attr}
  // CHECK: flow.parameter.write %{{.+}} -> %arg1[%arg2] : tensor<4x8xf32>
  %w = flow.parameter.write %1 -> %key[%off] : tensor<4x8xf32>
  // CHECK: flow.parameter.write %{{.+}} -> %arg0::%arg1[%arg2] : tensor<?x8xf32>{%arg3}
  %v = flow.parameter.write %0 -> %scope::%key[%off] : tensor<?x8xf32>{%d}
  util.return
}
