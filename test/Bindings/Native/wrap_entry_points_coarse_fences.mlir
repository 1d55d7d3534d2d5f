// REQUIRES: sluice-opt
// RUN: sluice-opt --split-input-file --iree-abi-wrap-entry-points=invocation-model=coarse-fences %s | FileCheck %s

// Entry-point wrapping, coarse-fences model (execution.md §2.2 step 4,
// external-transients.md §2.2): imports and aliases wait on the wait fence,
// the storage comes before the fences, a barrier over every tensor result
// signals the signal fence before the exports.

// The order of external-transients.md §2.2: alias -> transients -> barrier
// -> export.
// CHECK-LABEL: util.func public @asyncTransients(
// CHECK-SAME: %[[IN:[^:]+]]: !hal.buffer_view, %[[OUT:[^:]+]]: !hal.buffer {iree.abi.output = 0 : index}, %[[ST:[^:]+]]: !hal.buffer {iree.abi.transients}, %[[WAIT:[^:]+]]: !hal.fence, %[[SIGNAL:[^:]+]]: !hal.fence) -> !hal.buffer_view
// CHECK-SAME: attributes {iree.abi.stub, iree.reflection = {iree.abi.declaration = "async func @asyncTransients(%input0: tensor<4xf32>, %input1: !hal.buffer {iree.abi.output = 0 : index}, %input2: !hal.buffer {iree.abi.transients}) -> (%output0: tensor<4xf32>)", iree.abi.model = "coarse-fences"}} {
// CHECK-NEXT: %[[T:.+]] = hal.tensor.import wait(%[[WAIT]]) => %[[IN]] "input0" : !hal.buffer_view -> tensor<4xf32>
// CHECK-NEXT: %[[R:.+]] = util.call @_asyncTransients(%[[T]], %[[OUT]], %[[ST]]) : (tensor<4xf32>, !hal.buffer, !hal.buffer) -> tensor<4xf32>
// CHECK-NEXT: %[[A:.+]] = hal.tensor.alias wait(%[[WAIT]]) => %[[R]] : tensor<4xf32> to %[[OUT]] : !hal.buffer
// CHECK-NEXT: %[[TR:.+]] = hal.tensor.transients %[[A]] : tensor<4xf32> from %[[ST]] : !hal.buffer
// CHECK-NEXT: %[[READY:.+]] = hal.tensor.barrier join(%[[TR]] : tensor<4xf32>) => %[[SIGNAL]] : !hal.fence
// CHECK-NEXT: %[[V:.+]] = hal.tensor.export %[[READY]] "output0" : tensor<4xf32> -> !hal.buffer_view
// CHECK-NEXT: util.return %[[V]] : !hal.buffer_view
// CHECK-NEXT: }
// CHECK-NEXT: util.func private @_asyncTransients(%arg0: tensor<4xf32>, %arg1: !hal.buffer, %arg2: !hal.buffer) -> tensor<4xf32> {
util.func public @asyncTransients(%in: tensor<4xf32>,
    %out: !hal.buffer {iree.abi.output = 0 : index},
    %st: !hal.buffer {iree.abi.transients}) -> tensor<4xf32> {
  util.return %in : tensor<4xf32>
}

// -----

// Multiple results: one barrier joins every tensor result (non-tensor
// results are not joined); each gets its transients op first.
// CHECK-LABEL: util.func public @asyncMultiple(
// CHECK-SAME: %[[IN:[^:]+]]: !hal.buffer_view, %[[ST:[^:]+]]: !hal.buffer_view {iree.abi.transients}, %[[WAIT:[^:]+]]: !hal.fence, %[[SIGNAL:[^:]+]]: !hal.fence) -> (!hal.buffer_view, index, !hal.buffer_view)
// CHECK-NEXT: %[[D:.+]] = hal.buffer_view.dim<%[[IN]] : !hal.buffer_view>[0] : index
// CHECK-NEXT: %[[T:.+]] = hal.tensor.import wait(%[[WAIT]]) => %[[IN]] "input0" : !hal.buffer_view -> tensor<?xf32>{%[[D]]}
// CHECK-NEXT: %[[R:.+]]:3 = util.call @_asyncMultiple(%[[T]], %[[ST]])
// CHECK-NEXT: %[[C0:.+]] = arith.constant 0 : index
// CHECK-NEXT: %[[RD:.+]] = tensor.dim %[[R]]#0, %[[C0]] : tensor<?xf32>
// CHECK-NEXT: %[[T0:.+]] = hal.tensor.transients %[[R]]#0 : tensor<?xf32>{%[[RD]]} from %[[ST]] : !hal.buffer_view
// CHECK-NEXT: %[[T2:.+]] = hal.tensor.transients %[[R]]#2 : tensor<2xi32> from %[[ST]] : !hal.buffer_view
// CHECK-NEXT: %[[READY:.+]]:2 = hal.tensor.barrier join(%[[T0]], %[[T2]] : tensor<?xf32>, tensor<2xi32>) => %[[SIGNAL]] : !hal.fence
// CHECK: hal.tensor.export %[[READY]]#0 "output0"
// CHECK: hal.tensor.export %[[READY]]#1 "output2"
// CHECK-NEXT: util.return %{{.+}}, %[[R]]#1, %{{.+}} : !hal.buffer_view, index, !hal.buffer_view
util.func public @asyncMultiple(%in: tensor<?xf32>, %st: !hal.buffer_view {iree.abi.transients})
    -> (tensor<?xf32>, index, tensor<2xi32>) {
  %c0 = arith.constant 0 : index
  %c = arith.constant dense<1> : tensor<2xi32>
  util.return %in, %c0, %c : tensor<?xf32>, index, tensor<2xi32>
}

// -----

// Without tensor results the signal fence is signalled directly, and no
// transients op is emitted.
// CHECK-LABEL: util.func public @asyncNoTensorResults(
// CHECK-SAME: %[[A:[^:]+]]: index, %[[ST:[^:]+]]: !hal.buffer {iree.abi.transients}, %[[WAIT:[^:]+]]: !hal.fence, %[[SIGNAL:[^:]+]]: !hal.fence) -> index
// CHECK-NEXT: %[[R:.+]] = util.call @_asyncNoTensorResults(%[[A]], %[[ST]]) : (index, !hal.buffer) -> index
// CHECK-NEXT: hal.fence.signal<%[[SIGNAL]] : !hal.fence>
// CHECK-NEXT: util.return %[[R]] : index
util.func public @asyncNoTensorResults(%a: index, %st: !hal.buffer {iree.abi.transients}) -> index {
  util.return %a : index
}

// -----

// A function whose iree.abi.model says sync stays sync under this option.
// CHECK-LABEL: util.func public @explicitSync(%arg0: !hal.buffer_view) -> !hal.buffer_view
// CHECK-SAME: iree.abi.declaration = "sync func @explicitSync(%input0: tensor<4xf32>) -> (%output0: tensor<4xf32>)"
// CHECK-NOT: iree.abi.model
// CHECK-NOT: hal.tensor.barrier
// CHECK: util.func private @_explicitSync(%arg0: tensor<4xf32>) -> tensor<4xf32> {
util.func public @explicitSync(%a: tensor<4xf32>) -> tensor<4xf32> attributes {iree.abi.model = "sync"} {
  util.return %a : tensor<4xf32>
}
