// REQUIRES: sluice-opt
// RUN: sluice-opt %s | sluice-opt | FileCheck %s
// RUN: sluice-opt %s --mlir-print-op-generic | sluice-opt | FileCheck %s

// CHECK: flow.func private @extern(%arg0: tensor<?xf32>, %arg1: index) -> tensor<?xf32>
flow.func private @extern(%arg0: tensor<?xf32>, %arg1: index) -> tensor<?xf32>
// CHECK: flow.func private @inplace(%arg0: tensor<?x4xf32>, %arg1: index) -> %arg0 as tensor<4x?xi32>
flow.func private @inplace(%x: tensor<?x4xf32>, %y: index) -> %x as tensor<4x?xi32>
// CHECK: flow.func private @attrs(%arg0: !hal.device, %arg1: i64) -> (tensor<4x?xi32> {ret.attr})
flow.func private @attrs(%arg0: !hal.device, %arg1: i64) -> (tensor<4x?xi32> {ret.attr})
// CHECK: flow.func private @multi(%arg0: tensor<4xf32> {arg.attr}) -> (%arg0, tensor<4xf32>) attributes {fn.attr}
flow.func private @multi(%arg0: tensor<4xf32> {arg.attr}) -> (%arg0, tensor<4xf32>) attributes {fn.attr}
// CHECK: flow.func public @no_results()
flow.func public @no_results()
// CHECK: flow.func nested @nested(%arg0: i32)
flow.func nested @nested(%arg0: i32)

// CHECK-LABEL: util.func public @calls
util.func public @calls(%t: tensor<?x4xf32>, %u: tensor<?xf32>, %d: index, %a: tensor<4xf32>) {
  // CHECK: flow.call @inplace(%arg0, %arg2) : (tensor<?x4xf32>{%arg2}, index) -> %arg0 as tensor<4x?xi32>{%arg2}
  %0 = flow.call @inplace(%t, %d) : (tensor<?x4xf32>{%d}, index) -> %t as tensor<4x?xi32>{%d}
  // CHECK: flow.call @extern(%arg1, %arg2) {some.attr} : (tensor<?xf32>{%arg2}, index) -> tensor<?xf32>{%arg2}
  %1 = flow.call @extern(%u, %d) {some.attr} : (tensor<?xf32>{%d}, index) -> tensor<?xf32>{%d}
  // CHECK: flow.call @multi(%arg3) : (tensor<4xf32>) -> (%arg3, tensor<4xf32>)
  %2:2 = flow.call @multi(%a) : (tensor<4xf32>) -> (%a, tensor<4xf32>)
  // CHECK: flow.call @no_results() : () -> ()
  flow.call @no_results() : () -> ()
  util.return
}
