// REQUIRES: sluice-opt
// RUN: sluice-opt %s | sluice-opt | FileCheck %s
// RUN: sluice-opt %s --mlir-print-op-generic | sluice-opt | FileCheck %s

// CHECK-LABEL: util.func public @constants
util.func public @constants() {
  // CHECK: flow.tensor.constant dense<1> : tensor<4xi32>
  %0 = flow.tensor.constant dense<1> : tensor<4xi32>
  // CHECK: flow.tensor.constant {stream.affinity = #hal.device.promise<@a>} dense<1> : tensor<4xi32>
  %1 = flow.tensor.constant {stream.affinity = #hal.device.promise<@a>} dense<1> : tensor<4xi32>
  // CHECK: flow.tensor.constant #flow.parameter.named<"s"::"k"> : tensor<8xf32>
  %2 = flow.tensor.constant #flow.parameter.named<"s"::"k"> : tensor<8xf32>
  // CHECK: flow.tensor.dynamic_constant dense<2> : tensor<2x4xi32> -> tensor<?x?xi32>
  %3 = flow.tensor.dynamic_constant dense<2> : tensor<2x4xi32> -> tensor<?x?xi32>
  util.return
}

// CHECK-LABEL: util.func public @reshape_bitcast
util.func public @reshape_bitcast(%x: tensor<4x?xf32>, %d: index) -> (tensor<?x4xf32>, tensor<?x4xi32>, tensor<16xf32>) {
  // CHECK: flow.tensor.reshape %arg0 : tensor<4x?xf32>{%arg1} -> tensor<?x4xf32>{%arg1}
  %r = flow.tensor.reshape %x : tensor<4x?xf32>{%d} -> tensor<?x4xf32>{%d}
  // CHECK: flow.tensor.bitcast %{{.+}} : tensor<?x4xf32>{%arg1} -> tensor<?x4xi32>{%arg1}
  %b = flow.tensor.bitcast %r : tensor<?x4xf32>{%d} -> tensor<?x4xi32>{%d}
  %c = flow.tensor.constant dense<1.0> : tensor<4x4xf32>
  // CHECK: flow.tensor.reshape %{{.+}} : tensor<4x4xf32> -> tensor<16xf32> attributes {some.attr}
  %s = flow.tensor.reshape %c : tensor<4x4xf32> -> tensor<16xf32> attributes {some.attr}
  util.return %r, %b, %s : tensor<?x4xf32>, tensor<?x4xi32>, tensor<16xf32>
}

// CHECK-LABEL: util.func public @load_store
util.func public @load_store(%t: tensor<2x3xi32>, %u: tensor<?xf32>, %d: index) -> tensor<2x3xi32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // CHECK: %[[V:.+]] = flow.tensor.load %arg0[%c0, %c1] : tensor<2x3xi32>
  %v = flow.tensor.load %t[%c0, %c1] : tensor<2x3xi32>
  // CHECK: flow.tensor.load %arg1[%c0] : tensor<?xf32>{%arg2}
  %w = flow.tensor.load %u[%c0] : tensor<?xf32>{%d}
  %scalar = flow.tensor.constant dense<7> : tensor<i32>
  // CHECK: flow.tensor.load %{{.+}} : tensor<i32>
  %x = flow.tensor.load %scalar : tensor<i32>
  // CHECK: flow.tensor.store %[[V]], %arg0[%c0, %c1] : tensor<2x3xi32>
  %s = flow.tensor.store %v, %t[%c0, %c1] : tensor<2x3xi32>
  // CHECK: flow.tensor.store %{{.+}}, %arg1[%c0] : tensor<?xf32>{%arg2}
  %s2 = flow.tensor.store %w, %u[%c0] : tensor<?xf32>{%d}
  util.return %s : tensor<2x3xi32>
}

// CHECK-LABEL: util.func public @alloc_ops
util.func public @alloc_ops(%d: index, %f: f32) {
  // CHECK: flow.tensor.alloca : tensor<?x4xf32>{%arg0}
  %0 = flow.tensor.alloca : tensor<?x4xf32>{%d}
  // CHECK: flow.tensor.empty : tensor<4xf32>
  %1 = flow.tensor.empty : tensor<4xf32>
  // CHECK: flow.tensor.empty : tensor<?x?xf32>{%arg0, %arg0} attributes {some.attr}
  %2 = flow.tensor.empty : tensor<?x?xf32>{%d, %d} attributes {some.attr}
  // CHECK: flow.tensor.splat %arg1 : tensor<?x8xf32>{%arg0}
  %3 = flow.tensor.splat %f : tensor<?x8xf32>{%d}
  // CHECK: flow.tensor.clone %{{.+}} : tensor<?x8xf32>{%arg0}
  %4 = flow.tensor.clone %3 : tensor<?x8xf32>{%d}
  // CHECK: flow.tensor.encode %{{.+}} : tensor<?x8xf32>{%arg0} -> tensor<?x8xf32, "enc">{%arg0}
  %5 = flow.tensor.encode %4 : tensor<?x8xf32>{%d} -> tensor<?x8xf32, "enc">{%d}
  util.return
}

// CHECK-LABEL: util.func public @barrier_transfer
util.func public @barrier_transfer(%x: tensor<?x8xi8>, %d: index) {
  // CHECK: flow.tensor.barrier %arg0 : tensor<?x8xi8>{%arg1} on #hal.device.affinity<@dev>
  %b = flow.tensor.barrier %x : tensor<?x8xi8>{%d} on #hal.device.affinity<@dev>
  // CHECK: flow.tensor.transfer %{{.+}} : tensor<?x8xi8>{%arg1} to #hal.device.affinity<@dev>
  %m = flow.tensor.transfer %b : tensor<?x8xi8>{%d} to #hal.device.affinity<@dev>
  // CHECK: flow.tensor.transfer %{{.+}} : tensor<?x8xi8>{%arg1} to "anything" attributes {some.attr}
  %n = flow.tensor.transfer %m : tensor<?x8xi8>{%d} to "anything" attributes {some.attr}
  util.return
}

// CHECK-LABEL: util.func public @slice_update
util.func public @slice_update(%big: tensor<4x4xf32>, %patch: tensor<1x2xf32>, %dyn: tensor<?x4xf32>, %d: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  // CHECK: flow.tensor.slice %arg0[%c0, %c1 for %c1, %c2] : tensor<4x4xf32> -> tensor<1x2xf32>
  %s = flow.tensor.slice %big[%c0, %c1 for %c1, %c2] : tensor<4x4xf32> -> tensor<1x2xf32>
  // CHECK: flow.tensor.slice %arg2[%c0, %c0 for %arg3, %c2] : tensor<?x4xf32>{%arg3} -> tensor<?x2xf32>{%arg3}
  %t = flow.tensor.slice %dyn[%c0, %c0 for %d, %c2] : tensor<?x4xf32>{%d} -> tensor<?x2xf32>{%d}
  // CHECK: flow.tensor.update %arg1, %arg0[%c0, %c1] : tensor<1x2xf32> -> %arg0 as tensor<4x4xf32>
  %u = flow.tensor.update %patch, %big[%c0, %c1] : tensor<1x2xf32> -> %big as tensor<4x4xf32>
  // The SSA name before `as` is not checked; a plain type is accepted too.
  // CHECK: flow.tensor.update %arg1, %arg0[%c0, %c1] : tensor<1x2xf32> -> %arg0 as tensor<4x4xf32>
  %v = flow.tensor.update %patch, %big[%c0, %c1] : tensor<1x2xf32> -> tensor<4x4xf32>
  // CHECK: flow.tensor.update %{{.+}}, %arg2[%c0, %c0] : tensor<?x2xf32>{%arg3} -> %arg2 as tensor<?x4xf32>{%arg3}
  %w = flow.tensor.update %t, %dyn[%c0, %c0] : tensor<?x2xf32>{%d} -> %whatever as tensor<?x4xf32>{%d}
  util.return
}

// CHECK-LABEL: util.func public @trace
util.func public @trace(%a: tensor<5xf32>, %b: tensor<?x3xi32>, %n: index) {
  // CHECK: flow.tensor.trace "probe" = [%arg0 : tensor<5xf32>, %arg1 : tensor<?x3xi32>{%arg2}]
  flow.tensor.trace "probe" = [%a : tensor<5xf32>, %b : tensor<?x3xi32>{%n}]
  // CHECK: flow.tensor.trace "empty" = [] attributes {some.attr}
  flow.tensor.trace "empty" = [] attributes {some.attr}
  util.return
}
