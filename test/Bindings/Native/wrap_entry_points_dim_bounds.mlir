// REQUIRES: sluice-opt
// RUN: sluice-opt --split-input-file --iree-abi-wrap-entry-points %s | FileCheck %s
// RUN: sluice-opt --split-input-file --iree-abi-wrap-entry-points=invocation-model=coarse-fences %s | FileCheck %s --check-prefix=ASYNC

// external-transients.md §9.6: `sluice.abi.dim_bounds = [[lo, hi], ...]` on a
// tensor argument becomes one `util.assume.int` over the dims the wrapper
// reads with hal.buffer_view.dim (one pair per dynamic dimension, in order),
// and the import takes the assumed values. The wrapper keeps the attribute
// on its buffer-view argument (it keeps every argument attribute); the
// private original loses it with the other ABI attributes.

// CHECK-LABEL: util.func public @bounded(
// CHECK-SAME: %[[A0:[a-z0-9]+]]: !hal.buffer_view {sluice.abi.dim_bounds = {{\[}}[1, 64], [0, 1000]]}, %[[A1:[a-z0-9]+]]: !hal.buffer_view, %[[S:[a-z0-9]+]]: !hal.buffer {iree.abi.transients})
// CHECK-NEXT: %[[D0:.+]] = hal.buffer_view.dim<%[[A0]] : !hal.buffer_view>[0] : index
// CHECK-NEXT: %[[D2:.+]] = hal.buffer_view.dim<%[[A0]] : !hal.buffer_view>[2] : index
// CHECK-NEXT: %[[B:.+]]:2 = util.assume.int
// CHECK-NEXT: %[[D0]]<umin = 1, umax = 64>,
// CHECK-NEXT: %[[D2]]<umin = 0, umax = 1000>
// CHECK-NEXT: : index, index
// CHECK-NEXT: %[[T0:.+]] = hal.tensor.import %[[A0]] "input0" : !hal.buffer_view -> tensor<?x4x?xf32>{%[[B]]#0, %[[B]]#1}
// An argument without the attribute: no assumption.
// CHECK-NEXT: %[[E:.+]] = hal.buffer_view.dim<%[[A1]] : !hal.buffer_view>[0] : index
// CHECK-NEXT: %[[T1:.+]] = hal.tensor.import %[[A1]] "input1" : !hal.buffer_view -> tensor<?xf32>{%[[E]]}
// CHECK-NEXT: util.call @_bounded(%[[T0]], %[[T1]], %[[S]])
// CHECK: util.func private @_bounded(%arg0: tensor<?x4x?xf32>, %arg1: tensor<?xf32>, %arg2: !hal.buffer)
// ASYNC-LABEL: util.func public @bounded(
// ASYNC: util.assume.int
// ASYNC: hal.tensor.import wait(%{{.+}}) => %{{.+}} "input0" : !hal.buffer_view -> tensor<?x4x?xf32>{%{{.+}}#0, %{{.+}}#1}
util.func public @bounded(%a: tensor<?x4x?xf32> {sluice.abi.dim_bounds = [[1, 64], [0, 1000]]}, %b: tensor<?xf32>, %s: !hal.buffer {iree.abi.transients}) -> tensor<?xf32> {
  util.return %b : tensor<?xf32>
}

// -----

// A static tensor has no dims to bound: `[]` is accepted and emits nothing.
// CHECK-LABEL: util.func public @staticBounds(
// CHECK-NOT: util.assume.int
// CHECK: util.call @_staticBounds
util.func public @staticBounds(%a: tensor<4xf32> {sluice.abi.dim_bounds = []}) -> tensor<4xf32> {
  util.return %a : tensor<4xf32>
}
