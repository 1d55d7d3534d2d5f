// REQUIRES: sluice-opt
// RUN: sluice-opt --split-input-file --iree-stream-encode-host-tensors %s | FileCheck %s

// --iree-stream-encode-host-tensors on sub-byte and odd-width element types
// (stream-passes-1.md §7.2, encoding.md §8.2 item 4, §9.4): i2/i4 are bit
// packed, i1 only with #iree_encoding.packed_storage, other widths are
// widened to their storage type.

// CHECK-LABEL: util.func public @packedI1Constant
util.func public @packedI1Constant() -> !stream.resource<constant> {
  // CHECK: %[[C2:.+]] = arith.constant 2 : index
  // CHECK: stream.async.constant : !stream.resource<constant>{%[[C2]]} = dense<[true, false, true, false, true, false, true, false, true, false, true, false]> : tensor<12xi1>
  %0 = stream.tensor.constant : tensor<12xi1, #iree_encoding.packed_storage> in !stream.resource<constant> = dense<[true, false, true, false, true, false, true, false, true, false, true, false]> : tensor<12xi1>
  util.return %0 : !stream.resource<constant>
}

// -----

// CHECK-LABEL: util.func public @denseI2Constant
util.func public @denseI2Constant() -> !stream.resource<constant> {
  // CHECK: %[[C2:.+]] = arith.constant 2 : index
  // CHECK: stream.async.constant : !stream.resource<constant>{%[[C2]]} = dense<[0, 1, -2, -1, 0, 1, -2, -1]> : tensor<8xi2>
  %0 = stream.tensor.constant : tensor<8xi2> in !stream.resource<constant> = dense<[0, 1, 2, 3, 0, 1, 2, 3]> : tensor<8xi2>
  util.return %0 : !stream.resource<constant>
}

// -----

// CHECK-LABEL: util.func public @denseI3Constant
util.func public @denseI3Constant() -> !stream.resource<constant> {
  // CHECK: %[[C4:.+]] = arith.constant 4 : index
  // CHECK: stream.async.constant : !stream.resource<constant>{%[[C4]]} = dense<[0, 1, 6, 7]> : tensor<4xi8>
  %0 = stream.tensor.constant : tensor<4xi3> in !stream.resource<constant> = dense<[0, 1, 6, 7]> : tensor<4xi3>
  util.return %0 : !stream.resource<constant>
}

// -----

// CHECK-LABEL: util.func public @denseI4Constant
util.func public @denseI4Constant() -> !stream.resource<constant> {
  // CHECK: %[[C4:.+]] = arith.constant 4 : index
  // CHECK: stream.async.constant : !stream.resource<constant>{%[[C4]]} = dense<[0, 1, 2, 3, 4, 5, 6, 7]> : tensor<8xi4>
  %0 = stream.tensor.constant : tensor<8xi4> in !stream.resource<constant> = dense<[0, 1, 2, 3, 4, 5, 6, 7]> : tensor<8xi4>
  util.return %0 : !stream.resource<constant>
}

// -----

// CHECK-LABEL: util.func public @denseI8Constant
util.func public @denseI8Constant() -> !stream.resource<constant> {
  // CHECK: %[[C3:.+]] = arith.constant 3 : index
  // CHECK: stream.async.constant : !stream.resource<constant>{%[[C3]]} = dense<[1, 2, 3]> : tensor<3xi8>
  %0 = stream.tensor.constant : tensor<3xi8> in !stream.resource<constant> = dense<[1, 2, 3]> : tensor<3xi8>
  util.return %0 : !stream.resource<constant>
}

// -----

// CHECK-LABEL: util.func public @denseI4SizeOfDynamic
util.func public @denseI4SizeOfDynamic(%arg0: index) -> index {
  // CHECK: %[[C2:.+]] = arith.constant 2 : index
  // CHECK: %[[SIZE:.+]] = arith.ceildivui %arg0, %[[C2]] : index
  %0 = stream.tensor.sizeof tensor<?xi4>{%arg0} : index
  // CHECK: util.return %[[SIZE]]
  util.return %0 : index
}

// -----

// CHECK-LABEL: util.func public @denseI2SizeOfStatic
util.func public @denseI2SizeOfStatic() -> (index, index) {
  // CHECK-DAG: %[[C3:.+]] = arith.constant 3 : index
  // CHECK-DAG: %[[C4:.+]] = arith.constant 4 : index
  %0 = stream.tensor.sizeof tensor<12xi2> : index
  %1 = stream.tensor.sizeof tensor<2x4xi4> : index
  // CHECK: util.return %[[C3]], %[[C4]]
  util.return %0, %1 : index, index
}

// -----

// CHECK-LABEL: util.func public @denseI1SizeOf
util.func public @denseI1SizeOf() -> index {
  // Without packed storage an i1 is one byte.
  // CHECK: %[[C16:.+]] = arith.constant 16 : index
  %0 = stream.tensor.sizeof tensor<2x8xi1> : index
  // CHECK: util.return %[[C16]]
  util.return %0 : index
}

// -----

// Loads and stores of packed elements are left alone.
// CHECK-LABEL: util.func public @subByteLoadStore
util.func public @subByteLoadStore(%arg0: !stream.resource<staging>, %arg1: index, %arg2: index, %arg3: i1) -> (i4, !stream.resource<staging>) {
  // CHECK: stream.tensor.load
  %0 = stream.tensor.load %arg0[%arg2] : tensor<8xi4> in !stream.resource<staging>{%arg1} -> i4
  // CHECK: stream.tensor.store
  %1 = stream.tensor.store %arg3, %arg0[%arg2] : i1 -> tensor<8xi1, #iree_encoding.packed_storage> in %arg0 as !stream.resource<staging>{%arg1}
  // CHECK-NOT: stream.async.load
  // CHECK-NOT: stream.async.store
  util.return %0, %1 : i4, !stream.resource<staging>
}

// -----

// An unpacked i1 is loaded and stored as a byte.
// CHECK-LABEL: util.func public @i1LoadStore
util.func public @i1LoadStore(%arg0: !stream.resource<staging>, %arg1: index, %arg2: index, %arg3: i1) -> (i1, !stream.resource<staging>) {
  // CHECK: stream.async.load %arg0[%arg2] : !stream.resource<staging>{%arg1} -> i1
  %0 = stream.tensor.load %arg0[%arg2] : tensor<8xi1> in !stream.resource<staging>{%arg1} -> i1
  // CHECK: stream.async.store %arg3, %arg0[%arg2] : i1 -> %arg0 as !stream.resource<staging>{%arg1}
  %1 = stream.tensor.store %arg3, %arg0[%arg2] : i1 -> tensor<8xi1> in %arg0 as !stream.resource<staging>{%arg1}
  util.return %0, %1 : i1, !stream.resource<staging>
}

// -----

// CHECK-LABEL: util.func public @packedI1Splat
util.func public @packedI1Splat(%arg0: i1, %arg1: index, %arg2: index) -> !stream.resource<*> {
  // CHECK-DAG: %[[ONE:.+]] = arith.constant 1 : i8
  // CHECK-DAG: %[[E:.+]] = arith.extui %arg0 : i1 to i8
  // CHECK: %[[S0:.+]] = arith.shli %[[E]], %[[ONE]] : i8
  // CHECK: %[[O0:.+]] = arith.ori %[[S0]], %[[E]] : i8
  // CHECK: %[[S1:.+]] = arith.shli %[[O0]], %[[ONE]] : i8
  // CHECK: %[[O1:.+]] = arith.ori %[[S1]], %[[E]] : i8
  // CHECK: %[[S2:.+]] = arith.shli %[[O1]], %[[ONE]] : i8
  // CHECK: %[[O2:.+]] = arith.ori %[[S2]], %[[E]] : i8
  // CHECK: %[[S3:.+]] = arith.shli %[[O2]], %[[ONE]] : i8
  // CHECK: %[[O3:.+]] = arith.ori %[[S3]], %[[E]] : i8
  // CHECK: %[[S4:.+]] = arith.shli %[[O3]], %[[ONE]] : i8
  // CHECK: %[[O4:.+]] = arith.ori %[[S4]], %[[E]] : i8
  // CHECK: %[[S5:.+]] = arith.shli %[[O4]], %[[ONE]] : i8
  // CHECK: %[[O5:.+]] = arith.ori %[[S5]], %[[E]] : i8
  // CHECK: %[[S6:.+]] = arith.shli %[[O5]], %[[ONE]] : i8
  // CHECK: %[[O6:.+]] = arith.ori %[[S6]], %[[E]] : i8
  // CHECK-NOT: arith.shli
  // CHECK: stream.async.splat %[[O6]] : i8 -> !stream.resource<*>{%arg2}
  %0 = stream.tensor.splat %arg0 : i1 -> tensor<?x16xi1, #iree_encoding.packed_storage>{%arg1} in !stream.resource<*>{%arg2}
  util.return %0 : !stream.resource<*>
}

// -----

// CHECK-LABEL: util.func public @denseI2Splat
util.func public @denseI2Splat(%arg0: i2, %arg1: index, %arg2: index) -> !stream.resource<*> {
  // CHECK-DAG: %[[TWO:.+]] = arith.constant 2 : i8
  // CHECK-DAG: %[[E:.+]] = arith.extui %arg0 : i2 to i8
  // CHECK: %[[S0:.+]] = arith.shli %[[E]], %[[TWO]] : i8
  // CHECK: %[[O0:.+]] = arith.ori %[[S0]], %[[E]] : i8
  // CHECK: %[[S1:.+]] = arith.shli %[[O0]], %[[TWO]] : i8
  // CHECK: %[[O1:.+]] = arith.ori %[[S1]], %[[E]] : i8
  // CHECK: %[[S2:.+]] = arith.shli %[[O1]], %[[TWO]] : i8
  // CHECK: %[[O2:.+]] = arith.ori %[[S2]], %[[E]] : i8
  // CHECK-NOT: arith.shli
  // CHECK: stream.async.splat %[[O2]] : i8 -> !stream.resource<*>{%arg2}
  %0 = stream.tensor.splat %arg0 : i2 -> tensor<?x4xi2>{%arg1} in !stream.resource<*>{%arg2}
  util.return %0 : !stream.resource<*>
}

// -----

// A constant sub-byte splat folds to its packed byte.
// CHECK-LABEL: util.func public @denseI4SplatConstant
util.func public @denseI4SplatConstant(%arg0: index) -> !stream.resource<*> {
  // CHECK: %[[PATTERN:.+]] = arith.constant 85 : i8
  // CHECK: stream.async.splat %[[PATTERN]] : i8 -> !stream.resource<*>{%arg0}
  %c5 = arith.constant 5 : i4
  %0 = stream.tensor.splat %c5 : i4 -> tensor<8xi4> in !stream.resource<*>{%arg0}
  util.return %0 : !stream.resource<*>
}

// -----

// Sluice's fill length: the element count (%arg6 x %arg7) packed 8 per byte.
// CHECK-LABEL: util.func public @denseTensorFillI1Packed
util.func public @denseTensorFillI1Packed(%arg0: i1, %arg1: !stream.resource<*>, %arg2: index, %arg3: index, %arg4: index, %arg5: index, %arg6: index, %arg7: index) -> !stream.resource<*> {
  // CHECK-DAG: %[[C8:.+]] = arith.constant 8 : index
  // CHECK-DAG: %[[C16:.+]] = arith.constant 16 : index
  // CHECK-DAG: %[[ROW:.+]] = arith.muli %arg4, %[[C16]] : index
  // CHECK-DAG: %[[ELEMENT:.+]] = arith.addi %[[ROW]], %arg5 : index
  // CHECK-DAG: %[[OFFSET:.+]] = arith.divui %[[ELEMENT]], %[[C8]] : index
  // CHECK-DAG: %[[COUNT:.+]] = arith.muli %arg6, %arg7 : index
  // CHECK-DAG: %[[LENGTH:.+]] = arith.divui %[[COUNT]], %[[C8]] : index
  // CHECK: %[[END:.+]] = arith.addi %[[OFFSET]], %[[LENGTH]] : index
  // CHECK: stream.async.fill %{{.+}}, %arg1[%[[OFFSET]] to %[[END]] for %[[LENGTH]]] : i8 -> %arg1 as !stream.resource<*>{%arg3}
  %0 = stream.tensor.fill %arg0, %arg1[%arg4, %arg5 for %arg6, %arg7] : i1 -> tensor<?x16xi1, #iree_encoding.packed_storage>{%arg2} in %arg1 as !stream.resource<*>{%arg3}
  util.return %0 : !stream.resource<*>
}

// -----

// CHECK-LABEL: util.func public @denseTensorFillI4
util.func public @denseTensorFillI4(%arg0: i4, %arg1: !stream.resource<*>, %arg2: index, %arg3: index, %arg4: index, %arg5: index, %arg6: index, %arg7: index) -> !stream.resource<*> {
  // CHECK-DAG: %[[C2:.+]] = arith.constant 2 : index
  // CHECK-DAG: %[[COUNT:.+]] = arith.muli %arg6, %arg7 : index
  // CHECK-DAG: %[[LENGTH:.+]] = arith.divui %[[COUNT]], %[[C2]] : index
  // CHECK-DAG: %[[OFFSET:.+]] = arith.divui %{{.+}}, %[[C2]] : index
  // CHECK: stream.async.fill %{{.+}}, %arg1[%[[OFFSET]] to %{{.+}} for %[[LENGTH]]] : i8 -> %arg1 as !stream.resource<*>{%arg3}
  %0 = stream.tensor.fill %arg0, %arg1[%arg4, %arg5 for %arg6, %arg7] : i4 -> tensor<?x16xi4>{%arg2} in %arg1 as !stream.resource<*>{%arg3}
  util.return %0 : !stream.resource<*>
}

// -----

// CHECK-LABEL: util.func public @packedI1Slice
util.func public @packedI1Slice(%arg0: !stream.resource<*>, %arg1: index, %arg2: index, %arg3: index, %arg4: index) -> !stream.resource<*> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  // CHECK-DAG: %[[C8:.+]] = arith.constant 8 : index
  // CHECK: %[[ROW:.+]] = arith.muli %arg4, %[[C8]] : index
  // CHECK: %[[OFFSET:.+]] = arith.divui %[[ROW]], %[[C8]] : index
  // CHECK: %[[END:.+]] = arith.addi %[[OFFSET]], %arg3 : index
  // CHECK: stream.async.slice %arg0[%[[OFFSET]] to %[[END]]] : !stream.resource<*>{%arg2} -> !stream.resource<*>{%arg3}
  %0 = stream.tensor.slice %arg0[%arg4, %c0 for %c1, %c8] : tensor<?x8xi1, #iree_encoding.packed_storage>{%arg1} in !stream.resource<*>{%arg2} -> tensor<1x8xi1, #iree_encoding.packed_storage> in !stream.resource<*>{%arg3}
  util.return %0 : !stream.resource<*>
}

// -----

// CHECK-LABEL: util.func public @denseI4Slice
util.func public @denseI4Slice(%arg0: !stream.resource<*>, %arg1: index, %arg2: index, %arg3: index, %arg4: index) -> !stream.resource<*> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  // CHECK-DAG: %[[C8:.+]] = arith.constant 8 : index
  // CHECK-DAG: %[[C2:.+]] = arith.constant 2 : index
  // CHECK: %[[ROW:.+]] = arith.muli %arg4, %[[C8]] : index
  // CHECK: %[[OFFSET:.+]] = arith.divui %[[ROW]], %[[C2]] : index
  // CHECK: stream.async.slice %arg0[%[[OFFSET]] to %{{.+}}]
  %0 = stream.tensor.slice %arg0[%arg4, %c0 for %c1, %c8] : tensor<?x8xi4>{%arg1} in !stream.resource<*>{%arg2} -> tensor<1x8xi4> in !stream.resource<*>{%arg3}
  util.return %0 : !stream.resource<*>
}

// -----

// CHECK-LABEL: util.func public @packedI1Update
util.func public @packedI1Update(%arg0: !stream.resource<*>, %arg1: index, %arg2: !stream.resource<*>, %arg3: index, %arg4: index, %arg5: index) -> !stream.resource<*> {
  %c0 = arith.constant 0 : index
  // CHECK-DAG: %[[C4:.+]] = arith.constant 4 : index
  // CHECK-DAG: %[[C8:.+]] = arith.constant 8 : index
  // CHECK: %[[ROW:.+]] = arith.muli %arg5, %[[C4]] : index
  // CHECK: %[[OFFSET:.+]] = arith.divui %[[ROW]], %[[C8]] : index
  // CHECK: %[[END:.+]] = arith.addi %[[OFFSET]], %arg1 : index
  // CHECK: stream.async.update %arg0, %arg2[%[[OFFSET]] to %[[END]]] : !stream.resource<*>{%arg1} -> %arg2 as !stream.resource<*>{%arg4}
  %0 = stream.tensor.update %arg0, %arg2[%arg5, %c0] : tensor<2x4xi1, #iree_encoding.packed_storage> in !stream.resource<*>{%arg1} -> tensor<?x4xi1, #iree_encoding.packed_storage>{%arg3} in %arg2 as !stream.resource<*>{%arg4}
  util.return %0 : !stream.resource<*>
}

// -----

// An odd-width splat that cannot be packed needs a new builtin: reported in
// encode_host_tensors_invalid.mlir. i33 constants are widened.
// CHECK-LABEL: util.func public @denseI33Sizes
util.func public @denseI33Sizes(%arg0: index) -> index {
  // CHECK: %[[C8:.+]] = arith.constant 8 : index
  // CHECK: %[[SIZE:.+]] = arith.muli %arg0, %[[C8]] : index
  %0 = stream.tensor.sizeof tensor<?xi33>{%arg0} : index
  // CHECK: util.return %[[SIZE]]
  util.return %0 : index
}
