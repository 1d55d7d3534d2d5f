// RUN: sluice-opt --split-input-file --canonicalize %s | FileCheck %s
// REQUIRES: sluice-opt

// import(export(t)) folds to t when types and encodings match.
// CHECK-LABEL: util.func public @fold_import_of_export
// CHECK-SAME: (%[[T:.+]]: tensor<?x4xf32>, %{{.+}}: index)
util.func public @fold_import_of_export(%t: tensor<?x4xf32>, %d: index) -> tensor<?x4xf32> {
  // CHECK-NOT: hal.tensor
  // CHECK: util.return %[[T]]
  %v = hal.tensor.export %t : tensor<?x4xf32>{%d} -> !hal.buffer_view
  %r = hal.tensor.import %v : !hal.buffer_view -> tensor<?x4xf32>{%d}
  util.return %r : tensor<?x4xf32>
}

// -----

// Not folded with a wait fence, consume, an offset or a different encoding.
// CHECK-LABEL: util.func public @no_fold_import_of_export
util.func public @no_fold_import_of_export(%t: tensor<4xf32>, %f: !hal.fence, %off: index) -> (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) {
  %v = hal.tensor.export %t : tensor<4xf32> -> !hal.buffer_view
  // CHECK: hal.tensor.import wait
  %0 = hal.tensor.import wait(%f) => %v : !hal.buffer_view -> tensor<4xf32>
  // CHECK: hal.tensor.import consume
  %1 = hal.tensor.import consume %v : !hal.buffer_view -> tensor<4xf32>
  // CHECK: hal.tensor.import %{{.+}} offset
  %2 = hal.tensor.import %v offset(%off) : !hal.buffer_view -> tensor<4xf32>
  // CHECK: hal.tensor.import %{{.+}} : !hal.buffer_view -> tensor<4xi32> as tensor<4xf32>
  %3 = hal.tensor.import %v : !hal.buffer_view -> tensor<4xi32> as tensor<4xf32>
  util.return %0, %1, %2, %3 : tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>
}

// -----

// export(import(v)) folds to v when types and encodings match.
// CHECK-LABEL: util.func public @fold_export_of_import
// CHECK-SAME: (%[[V:.+]]: !hal.buffer_view)
util.func public @fold_export_of_import(%v: !hal.buffer_view) -> (!hal.buffer_view, !hal.buffer) {
  // CHECK: %[[T:.+]] = hal.tensor.import %[[V]]
  %t = hal.tensor.import %v : !hal.buffer_view -> tensor<4xf32>
  %0 = hal.tensor.export %t : tensor<4xf32> -> !hal.buffer_view
  // The result type differs from the import source: kept.
  // CHECK: %[[B:.+]] = hal.tensor.export %[[T]] : tensor<4xf32> -> !hal.buffer
  %1 = hal.tensor.export %t : tensor<4xf32> -> !hal.buffer
  // CHECK: util.return %[[V]], %[[B]]
  util.return %0, %1 : !hal.buffer_view, !hal.buffer
}

// -----

// Dynamic import dims take the constant every shape-aware consumer agrees on.
// CHECK-LABEL: util.func public @propagate_import_dims
util.func public @propagate_import_dims(%v: !hal.buffer_view, %d0: index, %d1: index) -> !hal.buffer {
  // CHECK: %[[C4:.+]] = arith.constant 4 : index
  // CHECK: %[[T:.+]] = hal.tensor.import %arg0 : !hal.buffer_view -> tensor<?x?xf32>{%[[C4]], %arg2}
  %t = hal.tensor.import %v : !hal.buffer_view -> tensor<?x?xf32>{%d0, %d1}
  %c4 = arith.constant 4 : index
  // CHECK: hal.tensor.export %[[T]] : tensor<?x?xf32>{%[[C4]], %arg2} -> !hal.buffer
  %b = hal.tensor.export %t : tensor<?x?xf32>{%c4, %d1} -> !hal.buffer
  util.return %b : !hal.buffer
}

// -----

// Conflicting constants or a non-constant user keep the dim.
// CHECK-LABEL: util.func public @propagate_import_dims_conflict
util.func public @propagate_import_dims_conflict(%v: !hal.buffer_view, %d0: index, %d1: index) -> (!hal.buffer, !hal.buffer, !hal.buffer) {
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  // CHECK: hal.tensor.import %arg0 : !hal.buffer_view -> tensor<?x?xf32>{%arg1, %arg2}
  %t = hal.tensor.import %v : !hal.buffer_view -> tensor<?x?xf32>{%d0, %d1}
  %0 = hal.tensor.export %t : tensor<?x?xf32>{%c4, %c4} -> !hal.buffer
  %1 = hal.tensor.export %t : tensor<?x?xf32>{%c8, %d1} -> !hal.buffer
  %2 = hal.tensor.export %t : tensor<?x?xf32>{%c4, %d1} -> !hal.buffer
  util.return %0, %1, %2 : !hal.buffer, !hal.buffer, !hal.buffer
}

// -----

// CHECK-LABEL: util.func public @fold_nested_transients
util.func public @fold_nested_transients(%t: tensor<?xf32>, %d: index, %s0: !hal.buffer, %s1: !hal.buffer) -> tensor<?xf32> {
  // CHECK: %[[R:.+]] = hal.tensor.transients %arg0 : tensor<?xf32>{%arg1} from %arg3 : !hal.buffer
  // CHECK: util.return %[[R]]
  %0 = hal.tensor.transients %t : tensor<?xf32>{%d} from %s0 : !hal.buffer
  %1 = hal.tensor.transients %0 : tensor<?xf32>{%d} from %s1 : !hal.buffer
  util.return %1 : tensor<?xf32>
}

// -----

// CHECK-LABEL: util.func public @dedupe_barrier_sources
util.func public @dedupe_barrier_sources(%a: tensor<4xf32>, %b: tensor<2xi32>, %f: !hal.fence) -> (tensor<4xf32>, tensor<2xi32>, tensor<4xf32>) {
  // CHECK: %[[R:.+]]:2 = hal.tensor.barrier join(%arg0, %arg1 : tensor<4xf32>, tensor<2xi32>) => %arg2 : !hal.fence
  // CHECK: util.return %[[R]]#0, %[[R]]#1, %[[R]]#0
  %0:3 = hal.tensor.barrier join(%a, %b, %a : tensor<4xf32>, tensor<2xi32>, tensor<4xf32>) => %f : !hal.fence
  util.return %0#0, %0#1, %0#2 : tensor<4xf32>, tensor<2xi32>, tensor<4xf32>
}

// -----

// The barrier has side effects: it is kept even when unused.
// CHECK-LABEL: util.func public @barrier_kept
util.func public @barrier_kept(%a: tensor<4xf32>, %f: !hal.fence) {
  // CHECK: hal.tensor.barrier
  %0 = hal.tensor.barrier join(%a : tensor<4xf32>) => %f : !hal.fence
  util.return
}
