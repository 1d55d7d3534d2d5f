// RUN: sluice-opt --split-input-file %s | sluice-opt --split-input-file | FileCheck %s
// RUN: sluice-opt --split-input-file --mlir-print-op-generic %s | FileCheck %s --check-prefix=GENERIC
// REQUIRES: sluice-opt

// CHECK-LABEL: util.func public @tensor_import
util.func public @tensor_import(%view: !hal.buffer_view, %buffer: !hal.buffer, %fence: !hal.fence, %d0: index, %off: index) {
  // CHECK: hal.tensor.import %arg0 : !hal.buffer_view -> tensor<?x4xf32>{%arg3}
  // GENERIC: "hal.tensor.import"(%{{.+}}, %{{.+}}) <{operandSegmentSizes = array<i32: 1, 1, 0, 0>, target_encoding = tensor<?x4xf32>}> : (!hal.buffer_view, index) -> tensor<?x4xf32>
  %0 = hal.tensor.import %view : !hal.buffer_view -> tensor<?x4xf32>{%d0}
  // CHECK: hal.tensor.import on(#hal.device.promise<@a>) wait(%arg2) => %arg0 "input0" : !hal.buffer_view -> tensor<1xi32>
  // GENERIC: "hal.tensor.import"(%{{.+}}, %{{.+}}) <{affinity = #hal.device.promise<@a>, name = "input0", operandSegmentSizes = array<i32: 1, 0, 1, 0>, target_encoding = tensor<1xi32>}> : (!hal.buffer_view, !hal.fence) -> tensor<1xi32>
  %1 = hal.tensor.import on(#hal.device.promise<@a>) wait(%fence) => %view "input0" : !hal.buffer_view -> tensor<1xi32>
  // CHECK: hal.tensor.import %arg0 offset(%arg4) : !hal.buffer_view -> tensor<2xui32> as tensor<4xbf16>
  // GENERIC: "hal.tensor.import"(%{{.+}}, %{{.+}}) <{operandSegmentSizes = array<i32: 1, 0, 0, 1>, target_encoding = tensor<2xui32>}> : (!hal.buffer_view, index) -> tensor<4xbf16>
  %2 = hal.tensor.import %view offset(%off) : !hal.buffer_view -> tensor<2xui32> as tensor<4xbf16>
  // CHECK: hal.tensor.import on(#hal.device.affinity<@dev, [0]>) wait(%arg2) => consume %arg1 offset(%arg4) "in" : !hal.buffer -> tensor<?xf32> as tensor<?xi8>{%arg3} {hal.x}
  // GENERIC: "hal.tensor.import"(%{{.+}}, %{{.+}}, %{{.+}}, %{{.+}}) <{affinity = #hal.device.affinity<@dev, [0]>, consume, name = "in", operandSegmentSizes = array<i32: 1, 1, 1, 1>, target_encoding = tensor<?xf32>}> {hal.x} : (!hal.buffer, index, !hal.fence, index) -> tensor<?xi8>
  %3 = hal.tensor.import on(#hal.device.affinity<@dev, [0]>) wait(%fence) => consume %buffer offset(%off) "in" : !hal.buffer -> tensor<?xf32> as tensor<?xi8>{%d0} {hal.x}
  util.return
}

// -----

// CHECK-LABEL: util.func public @tensor_export
util.func public @tensor_export(%t: tensor<1xi32>, %u: tensor<?x4xf32>, %d0: index) -> (!hal.buffer_view, !hal.buffer) {
  // CHECK: hal.tensor.export on(#hal.device.promise<@b>) %arg0 "output0" : tensor<1xi32> -> !hal.buffer_view
  // GENERIC: "hal.tensor.export"(%{{.+}}) <{affinity = #hal.device.promise<@b>, name = "output0", source_encoding = tensor<1xi32>}> : (tensor<1xi32>) -> !hal.buffer_view
  %v = hal.tensor.export on(#hal.device.promise<@b>) %t "output0" : tensor<1xi32> -> !hal.buffer_view
  // CHECK: hal.tensor.export %arg1 : tensor<?x4xf16> as tensor<?x4xf32>{%arg2} -> !hal.buffer
  %b = hal.tensor.export %u : tensor<?x4xf16> as tensor<?x4xf32>{%d0} -> !hal.buffer
  util.return %v, %b : !hal.buffer_view, !hal.buffer
}

// -----

// CHECK-LABEL: util.func public @tensor_alias
util.func public @tensor_alias(%t: tensor<?x4xf32>, %d: index, %buf: !hal.buffer, %view: !hal.buffer_view, %f: !hal.fence, %s: tensor<4xi32>) -> (tensor<?x4xf32>, tensor<4xi32>) {
  // CHECK: hal.tensor.alias wait(%arg4) => %arg0 : tensor<?x4xf32>{%arg1} to %arg2 : !hal.buffer
  // GENERIC: "hal.tensor.alias"(%{{.+}}, %{{.+}}, %{{.+}}, %{{.+}}) <{operandSegmentSizes = array<i32: 1, 1, 1, 1>}> : (tensor<?x4xf32>, index, !hal.buffer, !hal.fence) -> tensor<?x4xf32>
  %a = hal.tensor.alias wait(%f) => %t : tensor<?x4xf32>{%d} to %buf : !hal.buffer
  // CHECK: hal.tensor.alias on(#hal.device.affinity<@dev>) %arg5 : tensor<4xi32> to %arg3 : !hal.buffer_view
  %b = hal.tensor.alias on(#hal.device.affinity<@dev>) %s : tensor<4xi32> to %view : !hal.buffer_view
  util.return %a, %b : tensor<?x4xf32>, tensor<4xi32>
}

// -----

// CHECK-LABEL: util.func public @tensor_transients
util.func public @tensor_transients(%t: tensor<?x4xf32>, %d: index, %s: !hal.buffer, %v: !hal.buffer_view) -> (tensor<?x4xf32>, tensor<?x4xf32>) {
  // CHECK: hal.tensor.transients %arg0 : tensor<?x4xf32>{%arg1} from %arg2 : !hal.buffer
  // GENERIC: "hal.tensor.transients"(%{{.+}}, %{{.+}}, %{{.+}}) : (tensor<?x4xf32>, index, !hal.buffer) -> tensor<?x4xf32>
  %r = hal.tensor.transients %t : tensor<?x4xf32>{%d} from %s : !hal.buffer
  // CHECK: hal.tensor.transients on(#hal.device.affinity<@dev>) %arg0 : tensor<?x4xf32>{%arg1} from %arg3 : !hal.buffer_view {hal.x}
  %q = hal.tensor.transients on(#hal.device.affinity<@dev>) %t : tensor<?x4xf32>{%d} from %v : !hal.buffer_view {hal.x}
  util.return %r, %q : tensor<?x4xf32>, tensor<?x4xf32>
}

// -----

// CHECK-LABEL: util.func public @tensor_barrier
util.func public @tensor_barrier(%a: tensor<3xf32>, %b: tensor<?xf32>, %fence: !hal.fence) -> (tensor<3xf32>, tensor<?xf32>) {
  // CHECK: %[[R:.+]]:2 = hal.tensor.barrier join(%arg0, %arg1 : tensor<3xf32>, tensor<?xf32>) => %arg2 : !hal.fence
  // GENERIC: "hal.tensor.barrier"(%{{.+}}, %{{.+}}, %{{.+}}) : (tensor<3xf32>, tensor<?xf32>, !hal.fence) -> (tensor<3xf32>, tensor<?xf32>)
  %0:2 = hal.tensor.barrier join(%a, %b : tensor<3xf32>, tensor<?xf32>) => %fence : !hal.fence
  // CHECK: hal.tensor.barrier join(%arg0 : tensor<3xf32>) => %arg2 : !hal.fence attributes {hal.x}
  %1 = hal.tensor.barrier join(%a : tensor<3xf32>) => %fence : !hal.fence attributes {hal.x}
  util.return %0#0, %0#1 : tensor<3xf32>, tensor<?xf32>
}

// -----

// Discardable attributes print after the result type; the `{` that follows
// the type starts the dynamic-dims list only when an SSA value comes next.
// CHECK-LABEL: util.func public @tensor_attrs_after_type
util.func public @tensor_attrs_after_type(%view: !hal.buffer_view, %buffer: !hal.buffer, %d: index) -> (tensor<4xi32>, tensor<?xi32>, !hal.buffer_view, tensor<?xi32>) {
  // CHECK: %[[A:.+]] = hal.tensor.import %arg0 : !hal.buffer_view -> tensor<4xi32> {stream.affinities = [#hal.device.affinity<@dev>]}
  %0 = hal.tensor.import %view : !hal.buffer_view -> tensor<4xi32> {stream.affinities = [#hal.device.affinity<@dev>]}
  // CHECK: %[[B:.+]] = hal.tensor.import %arg0 : !hal.buffer_view -> tensor<?xi32>{%arg2} {hal.x}
  %1 = hal.tensor.import %view : !hal.buffer_view -> tensor<?xi32>{%d} {hal.x}
  // CHECK: hal.tensor.import %arg0 : !hal.buffer_view -> tensor<?xi32>{%arg2} {hal.y}
  %2 = hal.tensor.import %view : !hal.buffer_view -> tensor<?xi32>{ // dims
    %d } {hal.y}
  // CHECK: hal.tensor.export %[[A]] : tensor<4xi32> -> !hal.buffer_view {stream.affinities = [#hal.device.affinity<@dev>]}
  %3 = hal.tensor.export %0 : tensor<4xi32> -> !hal.buffer_view {stream.affinities = [#hal.device.affinity<@dev>]}
  // CHECK: hal.tensor.alias %[[B]] : tensor<?xi32>{%arg2} to %arg1 : !hal.buffer {hal.z}
  %4 = hal.tensor.alias %1 : tensor<?xi32>{%d} to %buffer : !hal.buffer {hal.z}
  util.return %0, %2, %3, %4 : tensor<4xi32>, tensor<?xi32>, !hal.buffer_view, tensor<?xi32>
}
