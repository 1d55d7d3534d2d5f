// REQUIRES: sluice-opt
// RUN: sluice-opt --split-input-file --iree-stream-encode-host-tensors %s | FileCheck %s

// --iree-stream-encode-host-tensors on un-encoded tensors
// (stream-passes-1.md §7.2): sizes, allocations, constants, splats, clones,
// slices, fills (with Sluice's fill length), updates, loads, stores and
// dispatches.

// CHECK-LABEL: util.func public @denseTensorSizeOfStatic
util.func public @denseTensorSizeOfStatic() -> index {
  // CHECK: %[[C32:.+]] = arith.constant 32 : index
  %0 = stream.tensor.sizeof tensor<2x4xf32> : index
  // CHECK: util.return %[[C32]]
  util.return %0 : index
}

// -----

// CHECK-LABEL: util.func public @denseTensorSizeOfDynamic
util.func public @denseTensorSizeOfDynamic(%arg0: index) -> index {
  // CHECK: %[[C20:.+]] = arith.constant 20 : index
  // CHECK: %[[SIZE:.+]] = arith.muli %arg0, %[[C20]] : index
  %0 = stream.tensor.sizeof tensor<?x5xf32>{%arg0} : index
  // CHECK: util.return %[[SIZE]]
  util.return %0 : index
}

// -----

// CHECK-LABEL: util.func public @denseTensorSizeOfTwoDynamic
util.func public @denseTensorSizeOfTwoDynamic(%arg0: index, %arg1: index) -> index {
  // CHECK-DAG: %[[C2:.+]] = arith.constant 2 : index
  // CHECK: %[[M:.+]] = arith.muli %arg0, %[[C2]] : index
  // CHECK: %[[SIZE:.+]] = arith.muli %[[M]], %arg1 : index
  %0 = stream.tensor.sizeof tensor<?x?xf16>{%arg0, %arg1} : index
  // CHECK: util.return %[[SIZE]]
  util.return %0 : index
}

// -----

// CHECK-LABEL: util.func public @denseTensorSizeOfEmpty
util.func public @denseTensorSizeOfEmpty() -> index {
  // CHECK: %[[C0:.+]] = arith.constant 0 : index
  %0 = stream.tensor.sizeof tensor<4x0xf32> : index
  // CHECK: util.return %[[C0]]
  util.return %0 : index
}

// -----

// CHECK-LABEL: util.func public @denseTensorEmpty
util.func public @denseTensorEmpty(%arg0: index, %arg1: index) -> !stream.resource<*> {
  // CHECK: %[[RET:.+]] = stream.async.alloca : !stream.resource<*>{%arg1}
  %0 = stream.tensor.empty : tensor<?x1xf32>{%arg0} in !stream.resource<*>{%arg1}
  // CHECK: util.return %[[RET]]
  util.return %0 : !stream.resource<*>
}

// -----

// CHECK-LABEL: util.func public @denseTensorConstant
util.func public @denseTensorConstant(%arg0: index) -> !stream.resource<constant> {
  // CHECK: %[[C1280:.+]] = arith.constant 1280 : index
  // CHECK: %[[SIZE:.+]] = arith.muli %arg0, %[[C1280]] : index
  // CHECK: %[[RET:.+]] = stream.async.constant : !stream.resource<constant>{%[[SIZE]]} = dense<0.000000e+00> : tensor<1x5x64xf32>
  %0 = stream.tensor.constant : tensor<?x5x64xf32>{%arg0} in !stream.resource<constant> = dense<0.000000e+00> : tensor<1x5x64xf32>
  // CHECK: util.return %[[RET]]
  util.return %0 : !stream.resource<constant>
}

// -----

// i1 is not packed without #iree_encoding.packed_storage: one byte each.
// CHECK-LABEL: util.func public @denseTensorConstantI1
util.func public @denseTensorConstantI1() -> !stream.resource<constant> {
  // CHECK: %[[RET:.+]] = stream.async.constant : !stream.resource<constant>{%c4} = dense<[1, 1, 0, 1]> : tensor<4xi8>
  %0 = stream.tensor.constant : tensor<4xi1> in !stream.resource<constant> = dense<[true, true, false, true]> : tensor<4xi1>
  // CHECK: util.return %[[RET]]
  util.return %0 : !stream.resource<constant>
}

// -----

// An odd-width integer is widened to its storage width.
// CHECK-LABEL: util.func public @denseTensorConstantI33
util.func public @denseTensorConstantI33() -> !stream.resource<constant> {
  // CHECK: stream.async.constant : !stream.resource<constant>{%c16} = dense<[1, 8589934591]> : tensor<2xi64>
  %0 = stream.tensor.constant : tensor<2xi33> in !stream.resource<constant> = dense<[1, -1]> : tensor<2xi33>
  util.return %0 : !stream.resource<constant>
}

// -----

// CHECK-LABEL: util.func public @denseTensorSplatI32
util.func public @denseTensorSplatI32(%arg0: i32, %arg1: index, %arg2: index) -> !stream.resource<*> {
  // CHECK: %[[RET:.+]] = stream.async.splat %arg0 : i32 -> !stream.resource<*>{%arg2}
  %0 = stream.tensor.splat %arg0 : i32 -> tensor<?x1x10xi32>{%arg1} in !stream.resource<*>{%arg2}
  // CHECK: util.return %[[RET]]
  util.return %0 : !stream.resource<*>
}

// -----

// CHECK-LABEL: util.func public @denseTensorSplatI1
util.func public @denseTensorSplatI1(%arg0: i1, %arg1: index, %arg2: index) -> !stream.resource<*> {
  // CHECK: %[[PATTERN:.+]] = arith.extui %arg0 : i1 to i8
  // CHECK: %[[RET:.+]] = stream.async.splat %[[PATTERN]] : i8 -> !stream.resource<*>{%arg2}
  %0 = stream.tensor.splat %arg0 : i1 -> tensor<?x1x10xi1>{%arg1} in !stream.resource<*>{%arg2}
  // CHECK: util.return %[[RET]]
  util.return %0 : !stream.resource<*>
}

// -----

// CHECK-LABEL: util.func public @denseTensorSplatBF16
util.func public @denseTensorSplatBF16(%arg0: bf16, %arg1: index, %arg2: index) -> !stream.resource<*> {
  // CHECK: %[[PATTERN:.+]] = arith.bitcast %arg0 : bf16 to i16
  // CHECK: %[[RET:.+]] = stream.async.splat %[[PATTERN]] : i16 -> !stream.resource<*>{%arg2}
  %0 = stream.tensor.splat %arg0 : bf16 -> tensor<?x1x10xbf16>{%arg1} in !stream.resource<*>{%arg2}
  // CHECK: util.return %[[RET]]
  util.return %0 : !stream.resource<*>
}

// -----

// CHECK-LABEL: util.func public @denseTensorSplatF32
util.func public @denseTensorSplatF32(%arg0: f32, %arg1: index, %arg2: index) -> !stream.resource<*> {
  // CHECK: %[[PATTERN:.+]] = arith.bitcast %arg0 : f32 to i32
  // CHECK: %[[RET:.+]] = stream.async.splat %[[PATTERN]] : i32 -> !stream.resource<*>{%arg2}
  %0 = stream.tensor.splat %arg0 : f32 -> tensor<?x1x10xf32>{%arg1} in !stream.resource<*>{%arg2}
  // CHECK: util.return %[[RET]]
  util.return %0 : !stream.resource<*>
}

// -----

// CHECK-LABEL: util.func public @denseTensorSplatI64
util.func public @denseTensorSplatI64(%arg0: i64, %arg1: index, %arg2: index) -> !stream.resource<*> {
  // CHECK: %[[RET:.+]] = stream.async.splat %arg0 : i64 -> !stream.resource<*>{%arg2}
  %0 = stream.tensor.splat %arg0 : i64 -> tensor<?x1x10xi64>{%arg1} in !stream.resource<*>{%arg2}
  // CHECK: util.return %[[RET]]
  util.return %0 : !stream.resource<*>
}

// -----

// A splat of a float constant is bitcast (and folded) into an integer.
// CHECK-LABEL: util.func public @denseTensorSplatConstantF32
util.func public @denseTensorSplatConstantF32(%arg0: index) -> !stream.resource<*> {
  // CHECK: %[[PATTERN:.+]] = arith.constant 1065353216 : i32
  // CHECK: %[[RET:.+]] = stream.async.splat %[[PATTERN]] : i32 -> !stream.resource<*>{%arg0}
  %cst = arith.constant 1.0 : f32
  %0 = stream.tensor.splat %cst : f32 -> tensor<4xf32> in !stream.resource<*>{%arg0}
  util.return %0 : !stream.resource<*>
}

// -----

// CHECK-LABEL: util.func public @denseTensorSplatConstantComplexF32
util.func public @denseTensorSplatConstantComplexF32(%arg0: index, %arg1: index) -> !stream.resource<*> {
  // CHECK: %[[CPLX:.+]] = complex.constant [3.000000e+00 : f32, 1.000000e+01 : f32] : complex<f32>
  // CHECK: %[[PATTERN:.+]] = complex.bitcast %[[CPLX]] : complex<f32> to i64
  // CHECK: %[[RET:.+]] = stream.async.splat %[[PATTERN]] : i64 -> !stream.resource<*>{%arg1}
  %cst = complex.constant [3.0 : f32, 10.0 : f32] : complex<f32>
  %0 = stream.tensor.splat %cst : complex<f32> -> tensor<?x5xcomplex<f32>>{%arg0} in !stream.resource<*>{%arg1}
  // CHECK: util.return %[[RET]]
  util.return %0 : !stream.resource<*>
}

// -----

// CHECK-LABEL: util.func public @denseTensorSplatDynamicComplexF32
util.func public @denseTensorSplatDynamicComplexF32(%arg0: complex<f32>, %arg1: index, %arg2: index) -> !stream.resource<*> {
  // CHECK: %[[PATTERN:.+]] = complex.bitcast %arg0 : complex<f32> to i64
  // CHECK: %[[RET:.+]] = stream.async.splat %[[PATTERN]] : i64 -> !stream.resource<*>{%arg2}
  %0 = stream.tensor.splat %arg0 : complex<f32> -> tensor<?x5xcomplex<f32>>{%arg1} in !stream.resource<*>{%arg2}
  // CHECK: util.return %[[RET]]
  util.return %0 : !stream.resource<*>
}

// -----

// CHECK-LABEL: util.func public @denseTensorClone
util.func public @denseTensorClone(%arg0: !stream.resource<*>, %arg1: index, %arg2: index) -> (!stream.resource<*>, !stream.resource<*>) {
  // CHECK: %[[RET:.+]] = stream.async.clone %arg0 : !stream.resource<*>{%arg2} -> !stream.resource<*>{%arg2}
  %0 = stream.tensor.clone %arg0 : tensor<?x4xf32>{%arg1} in !stream.resource<*>{%arg2} -> tensor<?x4xf32>{%arg1} in !stream.resource<*>{%arg2}
  // CHECK: util.return %[[RET]], %[[RET]]
  util.return %0, %0 : !stream.resource<*>, !stream.resource<*>
}

// -----

// CHECK-LABEL: util.func public @denseTensorSlice
util.func public @denseTensorSlice(%arg0: !stream.resource<*>, %arg1: index, %arg2: index, %arg3: index, %arg4: index) -> !stream.resource<*> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  // CHECK: %[[C4:.+]] = arith.constant 4 : index
  // CHECK: %[[ROW:.+]] = arith.muli %arg4, %[[C4]] : index
  // CHECK: %[[OFFSET:.+]] = arith.muli %[[ROW]], %[[C4]] : index
  // CHECK: %[[END:.+]] = arith.addi %[[OFFSET]], %arg3 : index
  // CHECK: %[[RET:.+]] = stream.async.slice %arg0[%[[OFFSET]] to %[[END]]] : !stream.resource<*>{%arg2} -> !stream.resource<*>{%arg3}
  %0 = stream.tensor.slice %arg0[%arg4, %c0 for %c2, %c1] : tensor<?x4xf32>{%arg1} in !stream.resource<*>{%arg2} -> tensor<2x1xf32> in !stream.resource<*>{%arg3}
  // CHECK: util.return %[[RET]]
  util.return %0 : !stream.resource<*>
}

// -----

// Sluice's fill length (stream-passes-1.md §7.2): the element count of the
// filled region, here one f32 = 4 bytes (the reference wrote 20).
// CHECK-LABEL: util.func public @denseTensorFillF32
util.func public @denseTensorFillF32(%arg0: f32, %arg1: !stream.resource<*>, %arg2: index, %arg3: index, %arg4: index, %arg5: index) -> !stream.resource<*> {
  %c1 = arith.constant 1 : index
  // CHECK-DAG: %[[C4:.+]] = arith.constant 4 : index
  // CHECK-DAG: %[[PATTERN:.+]] = arith.bitcast %arg0 : f32 to i32
  // CHECK-DAG: %[[ROW:.+]] = arith.muli %arg4, %[[C4]] : index
  // CHECK-DAG: %[[ELEMENT:.+]] = arith.addi %[[ROW]], %arg5 : index
  // CHECK-DAG: %[[OFFSET:.+]] = arith.muli %[[ELEMENT]], %[[C4]] : index
  // CHECK: %[[END:.+]] = arith.addi %[[OFFSET]], %[[C4]] : index
  // CHECK: %[[RET:.+]] = stream.async.fill %[[PATTERN]], %arg1[%[[OFFSET]] to %[[END]] for %[[C4]]] : i32 -> %arg1 as !stream.resource<*>{%arg3}
  %0 = stream.tensor.fill %arg0, %arg1[%arg4, %arg5 for %c1, %c1] : f32 -> tensor<?x4xf32>{%arg2} in %arg1 as !stream.resource<*>{%arg3}
  // CHECK: util.return %[[RET]]
  util.return %0 : !stream.resource<*>
}

// -----

// CHECK-LABEL: util.func public @denseTensorFillI64
util.func public @denseTensorFillI64(%arg0: i64, %arg1: !stream.resource<*>, %arg2: index, %arg3: index, %arg4: index, %arg5: index) -> !stream.resource<*> {
  %c1 = arith.constant 1 : index
  // CHECK-DAG: %[[C8:.+]] = arith.constant 8 : index
  // CHECK: %[[END:.+]] = arith.addi %{{.+}}, %[[C8]] : index
  // CHECK: stream.async.fill %arg0, %arg1[%{{.+}} to %[[END]] for %[[C8]]] : i64 -> %arg1 as !stream.resource<*>{%arg3}
  %0 = stream.tensor.fill %arg0, %arg1[%arg4, %arg5 for %c1, %c1] : i64 -> tensor<?x4xi64>{%arg2} in %arg1 as !stream.resource<*>{%arg3}
  util.return %0 : !stream.resource<*>
}

// -----

// CHECK-LABEL: util.func public @denseTensorFillF64
util.func public @denseTensorFillF64(%arg0: f64, %arg1: !stream.resource<*>, %arg2: index, %arg3: index, %arg4: index, %arg5: index) -> !stream.resource<*> {
  %c1 = arith.constant 1 : index
  // CHECK-DAG: %[[C8:.+]] = arith.constant 8 : index
  // CHECK-DAG: %[[PATTERN:.+]] = arith.bitcast %arg0 : f64 to i64
  // CHECK: stream.async.fill %[[PATTERN]], %arg1[%{{.+}} to %{{.+}} for %[[C8]]] : i64 -> %arg1 as !stream.resource<*>{%arg3}
  %0 = stream.tensor.fill %arg0, %arg1[%arg4, %arg5 for %c1, %c1] : f64 -> tensor<?x4xf64>{%arg2} in %arg1 as !stream.resource<*>{%arg3}
  util.return %0 : !stream.resource<*>
}

// -----

// Whole rows are contiguous: two full rows of 4 f32 are 32 bytes.
// CHECK-LABEL: util.func public @denseTensorFillRows
util.func public @denseTensorFillRows(%arg0: f32, %arg1: !stream.resource<*>, %arg2: index, %arg3: index, %arg4: index) -> !stream.resource<*> {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  // CHECK-DAG: %[[C32:.+]] = arith.constant 32 : index
  // CHECK-DAG: %[[C4:.+]] = arith.constant 4 : index
  // CHECK: %[[ROW:.+]] = arith.muli %arg4, %[[C4]] : index
  // CHECK: %[[OFFSET:.+]] = arith.muli %[[ROW]], %[[C4]] : index
  // CHECK: %[[END:.+]] = arith.addi %[[OFFSET]], %[[C32]] : index
  // CHECK: stream.async.fill %{{.+}}, %arg1[%[[OFFSET]] to %[[END]] for %[[C32]]]
  %0 = stream.tensor.fill %arg0, %arg1[%arg4, %c0 for %c2, %c4] : f32 -> tensor<?x4xf32>{%arg2} in %arg1 as !stream.resource<*>{%arg3}
  util.return %0 : !stream.resource<*>
}

// -----

// A region that is statically not contiguous is left alone.
// CHECK-LABEL: util.func public @denseTensorFillNonContiguous
util.func public @denseTensorFillNonContiguous(%arg0: f32, %arg1: !stream.resource<*>, %arg2: index) -> !stream.resource<*> {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  // CHECK: stream.tensor.fill
  // CHECK-NOT: stream.async.fill
  %0 = stream.tensor.fill %arg0, %arg1[%c0, %c0 for %c2, %c2] : f32 -> tensor<4x4xf32> in %arg1 as !stream.resource<*>{%arg2}
  util.return %0 : !stream.resource<*>
}

// -----

// CHECK-LABEL: util.func public @denseTensorUpdate
util.func public @denseTensorUpdate(%arg0: !stream.resource<*>, %arg1: index, %arg2: !stream.resource<*>, %arg3: index, %arg4: index) -> !stream.resource<*> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // CHECK: %[[C4:.+]] = arith.constant 4 : index
  // CHECK: %[[ELEMENT:.+]] = arith.addi %arg3, %[[C4]] : index
  // CHECK: %[[OFFSET:.+]] = arith.muli %[[ELEMENT]], %[[C4]] : index
  // CHECK: %[[END:.+]] = arith.addi %[[OFFSET]], %arg1 : index
  // CHECK: %[[RET:.+]] = stream.async.update %arg0, %arg2[%[[OFFSET]] to %[[END]]] : !stream.resource<*>{%arg1} -> %arg2 as !stream.resource<*>{%arg4}
  %0 = stream.tensor.update %arg0, %arg2[%c1, %arg3] : tensor<2x2xf32> in !stream.resource<*>{%arg1} -> tensor<?x4xf32>{%arg3} in %arg2 as !stream.resource<*>{%arg4}
  // CHECK: util.return %[[RET]]
  util.return %0 : !stream.resource<*>
}

// -----

// CHECK-LABEL: util.func public @denseTensorLoad
util.func public @denseTensorLoad(%arg0: !stream.resource<staging>, %arg1: index, %arg2: index, %arg3: index) -> f32 {
  // CHECK: %[[C4:.+]] = arith.constant 4 : index
  // CHECK: %[[OFFSET:.+]] = arith.muli %arg3, %[[C4]] : index
  // CHECK: %[[RET:.+]] = stream.async.load %arg0[%[[OFFSET]]] : !stream.resource<staging>{%arg2} -> f32
  %0 = stream.tensor.load %arg0[%arg3] : tensor<?xf32>{%arg1} in !stream.resource<staging>{%arg2} -> f32
  // CHECK: util.return %[[RET]]
  util.return %0 : f32
}

// -----

// CHECK-LABEL: util.func public @denseTensorLoadRank0
util.func public @denseTensorLoadRank0(%arg0: !stream.resource<staging>, %arg1: index) -> f32 {
  // CHECK: %[[C0:.+]] = arith.constant 0 : index
  // CHECK: %[[RET:.+]] = stream.async.load %arg0[%[[C0]]] : !stream.resource<staging>{%arg1} -> f32
  %0 = stream.tensor.load %arg0 : tensor<f32> in !stream.resource<staging>{%arg1} -> f32
  // CHECK: util.return %[[RET]]
  util.return %0 : f32
}

// -----

// A complex element is loaded as an integer and bitcast back.
// CHECK-LABEL: util.func public @denseTensorLoadComplex
util.func public @denseTensorLoadComplex(%arg0: !stream.resource<staging>, %arg1: index, %arg2: index) -> complex<f32> {
  // CHECK: %[[C8:.+]] = arith.constant 8 : index
  // CHECK: %[[OFFSET:.+]] = arith.muli %arg2, %[[C8]] : index
  // CHECK: %[[LOADED:.+]] = stream.async.load %arg0[%[[OFFSET]]] : !stream.resource<staging>{%arg1} -> i64
  // CHECK: %[[RET:.+]] = complex.bitcast %[[LOADED]] : i64 to complex<f32>
  %0 = stream.tensor.load %arg0[%arg2] : tensor<4xcomplex<f32>> in !stream.resource<staging>{%arg1} -> complex<f32>
  // CHECK: util.return %[[RET]]
  util.return %0 : complex<f32>
}

// -----

// CHECK-LABEL: util.func public @denseTensorStore
util.func public @denseTensorStore(%arg0: !stream.resource<staging>, %arg1: index, %arg2: index, %arg3: f32) -> !stream.resource<staging> {
  %c0 = arith.constant 0 : index
  // CHECK: %[[C0:.+]] = arith.constant 0 : index
  // CHECK: %[[RET:.+]] = stream.async.store %arg3, %arg0[%[[C0]]] : f32 -> %arg0 as !stream.resource<staging>{%arg2}
  %0 = stream.tensor.store %arg3, %arg0[%c0] : f32 -> tensor<?xf32>{%arg1} in %arg0 as !stream.resource<staging>{%arg2}
  // CHECK: util.return %[[RET]]
  util.return %0 : !stream.resource<staging>
}

// -----

// CHECK-LABEL: util.func public @denseTensorStoreRank0
util.func public @denseTensorStoreRank0(%arg0: !stream.resource<staging>, %arg1: index, %arg2: f32) -> !stream.resource<staging> {
  // CHECK: %[[C0:.+]] = arith.constant 0 : index
  // CHECK: %[[RET:.+]] = stream.async.store %arg2, %arg0[%[[C0]]] : f32 -> %arg0 as !stream.resource<staging>{%arg1}
  %0 = stream.tensor.store %arg2, %arg0 : f32 -> tensor<f32> in %arg0 as !stream.resource<staging>{%arg1}
  // CHECK: util.return %[[RET]]
  util.return %0 : !stream.resource<staging>
}

// -----

// Dispatches pass whole resources; encodings and dims are dropped.
// CHECK-LABEL: util.func public @denseTensorDispatch
util.func public @denseTensorDispatch(
    %resource0: !stream.resource<transient>, %resource0_size: index,
    %resource1: !stream.resource<external>, %resource1_size: index,
    %tensor0_dim: index, %tensor1_dim: index) -> (!stream.resource<*>, !stream.resource<external>) {
  // CHECK: %[[ZERO:.+]] = arith.constant 0 : index
  // CHECK: %[[RESULTS:.+]]:2 = stream.async.dispatch @ex::@entry
  // CHECK-SAME: (%arg0[%[[ZERO]] to %arg1 for %arg1], %arg2[%[[ZERO]] to %arg3 for %arg3], %arg4)
  // CHECK-SAME: (!stream.resource<transient>{%arg1}, !stream.resource<external>{%arg3}, index) -> (!stream.resource<*>{%arg1}, %arg2{%arg3})
  %results:2 = stream.tensor.dispatch @ex::@entry(%resource0, %resource1, %tensor0_dim) :
      (tensor<4x?xf32>{%tensor0_dim} in !stream.resource<transient>{%resource0_size}, tensor<?xi32>{%tensor1_dim} in !stream.resource<external>{%resource1_size}, index) ->
      (tensor<?x4xf32>{%tensor0_dim} in !stream.resource<*>{%resource0_size}, tensor<?xi32>{%tensor1_dim} in %resource1{%resource1_size})
  // CHECK: util.return %[[RESULTS]]#0, %[[RESULTS]]#1
  util.return %results#0, %results#1 : !stream.resource<*>, !stream.resource<external>
}

// -----

// import and export survive to later phases.
// CHECK-LABEL: util.func public @importExport
util.func public @importExport(%arg0: !hal.buffer_view, %arg1: index, %arg2: !stream.resource<external>) -> (!stream.resource<external>, !hal.buffer_view) {
  // CHECK: stream.tensor.import
  %0 = stream.tensor.import %arg0 : !hal.buffer_view -> tensor<4xf32> in !stream.resource<external>{%arg1}
  // CHECK: stream.tensor.export
  %1 = stream.tensor.export %arg2 : tensor<4xf32> in !stream.resource<external>{%arg1} -> !hal.buffer_view
  util.return %0, %1 : !stream.resource<external>, !hal.buffer_view
}

// -----

// Nested regions, non-entry blocks, self-loops and unreachable blocks.
// CHECK-LABEL: util.func public @controlFlow
util.func public @controlFlow(%arg0: index, %arg1: i1, %arg2: index) -> index {
  // CHECK-NOT: stream.tensor.sizeof
  %0 = scf.if %arg1 -> index {
    %1 = stream.tensor.sizeof tensor<?xf32>{%arg0} : index
    scf.yield %1 : index
  } else {
    scf.yield %arg0 : index
  }
  cf.br ^bb1(%0 : index)
^bb1(%2: index):
  %3 = stream.tensor.sizeof tensor<?xi8>{%2} : index
  cf.cond_br %arg1, ^bb1(%3 : index), ^bb2
^bb2:
  util.return %3 : index
^bb3:
  %4 = stream.tensor.sizeof tensor<4xf32> : index
  util.return %4 : index
}

// -----

// An empty function and a declaration.
// CHECK-LABEL: util.func private @declaration
util.func private @declaration(index) -> index
// CHECK-LABEL: util.func public @empty
util.func public @empty() {
  util.return
}
