// RUN: sluice-opt --split-input-file --canonicalize %s | FileCheck %s
// REQUIRES: sluice-opt

// CHECK-LABEL: util.func public @export_import
util.func public @export_import(%r: !stream.resource<external>, %d: index, %c20: index) -> !stream.resource<external> {
  // Encodings and dims are deliberately not compared.
  // CHECK: util.return %arg0
  %b = stream.tensor.export %r : tensor<?x5xf32>{%d} in !stream.resource<external>{%c20} -> !util.buffer
  %i = stream.tensor.import %b : !util.buffer -> tensor<1x?x5xf32>{%d} in !stream.resource<external>{%c20}
  util.return %i : !stream.resource<external>
}

// -----

// CHECK-LABEL: util.func public @import_export
util.func public @import_export(%b: !util.buffer, %d: index, %c20: index) -> (!util.buffer, !util.buffer) {
  // CHECK: %[[E:.+]] = stream.tensor.export
  // CHECK: util.return %arg0, %[[E]]
  %r = stream.tensor.import %b : !util.buffer -> tensor<?x5xf32>{%d} in !stream.resource<external>{%c20}
  %0 = stream.tensor.export %r : tensor<?x5xf32>{%d} in !stream.resource<external>{%c20} -> !util.buffer
  // Different encodings prevent the fold.
  %1 = stream.tensor.export %r : tensor<1x?x5xf32>{%d} in !stream.resource<external>{%c20} -> !util.buffer
  util.return %0, %1 : !util.buffer, !util.buffer
}

// -----

// CHECK-LABEL: util.func public @dedup_imports
util.func public @dedup_imports(%b: !util.buffer, %d: index, %c20: index) -> (!stream.resource<external>, !stream.resource<external>, !stream.resource<external>) {
  // CHECK: %[[A:.+]] = stream.tensor.import consume %arg0
  // CHECK: %[[B:.+]] = stream.tensor.import %arg0
  // CHECK-NOT: stream.tensor.import
  // CHECK: util.return %[[A]], %[[A]], %[[B]]
  %0 = stream.tensor.import consume %b : !util.buffer -> tensor<?x5xf32>{%d} in !stream.resource<external>{%c20}
  %1 = stream.tensor.import consume %b : !util.buffer -> tensor<?x5xf32>{%d} in !stream.resource<external>{%c20}
  %2 = stream.tensor.import %b : !util.buffer -> tensor<?x5xf32>{%d} in !stream.resource<external>{%c20}
  util.return %0, %1, %2 : !stream.resource<external>, !stream.resource<external>, !stream.resource<external>
}
