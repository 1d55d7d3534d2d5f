// REQUIRES: sluice-opt
// RUN: sluice-opt --split-input-file --canonicalize='test-convergence=true' %s | FileCheck %s

// Golden cross-check of stream-folding.md §5.3 tensor ops (§7.3, §7.4, §8, §9, §11.2).

// §5.3 tensor.import folder (spec example): encodings/dims are not compared.
// CHECK-LABEL: util.func public @import_of_export
util.func public @import_of_export(%r: !stream.resource<external>, %d: index) -> !stream.resource<external> {
  // CHECK-NEXT: util.return %arg0 : !stream.resource<external>
  %c20 = arith.constant 20 : index
  %b = stream.tensor.export %r : tensor<?x5xf32>{%d} in !stream.resource<external>{%c20} -> !util.buffer
  %i = stream.tensor.import %b : !util.buffer -> tensor<1x?x5xf32>{%d} in !stream.resource<external>{%c20}
  util.return %i : !stream.resource<external>
}

// -----

// §5.3 tensor.import folder negative: differing affinity.
// CHECK-LABEL: util.func public @import_of_export_affinity_mismatch
util.func public @import_of_export_affinity_mismatch(%r: !stream.resource<external>, %d: index, %n: index) -> !stream.resource<external> {
  // CHECK-NEXT: %[[B:.+]] = stream.tensor.export %arg0 : tensor<?x5xf32>{%arg1} in !stream.resource<external>{%arg2} -> !util.buffer
  // CHECK-NEXT: %[[I:.+]] = stream.tensor.import on(#hal.device.affinity<@dev>) %[[B]] : !util.buffer -> tensor<?x5xf32>{%arg1} in !stream.resource<external>{%arg2}
  // CHECK-NEXT: util.return %[[I]]
  %b = stream.tensor.export %r : tensor<?x5xf32>{%d} in !stream.resource<external>{%n} -> !util.buffer
  %i = stream.tensor.import on(#hal.device.affinity<@dev>) %b : !util.buffer -> tensor<?x5xf32>{%d} in !stream.resource<external>{%n}
  util.return %i : !stream.resource<external>
}

// -----

// §5.3 tensor.export folder: all matching -> the import's source.
// CHECK-LABEL: util.func public @export_of_import
util.func public @export_of_import(%buf: !util.buffer, %d: index, %n: index) -> !util.buffer {
  // CHECK-NEXT: util.return %arg0 : !util.buffer
  %r = stream.tensor.import %buf : !util.buffer -> tensor<?x5xf32>{%d} in !stream.resource<external>{%n}
  %b = stream.tensor.export %r : tensor<?x5xf32>{%d} in !stream.resource<external>{%n} -> !util.buffer
  util.return %b : !util.buffer
}

// -----

// §5.3 tensor.export folder negative: differing encodings prevent the fold.
// CHECK-LABEL: util.func public @export_of_import_encoding_mismatch
util.func public @export_of_import_encoding_mismatch(%buf: !util.buffer, %d: index, %n: index) -> !util.buffer {
  // CHECK-NEXT: %[[R:.+]] = stream.tensor.import %arg0 : !util.buffer -> tensor<?x5xf32>{%arg1} in !stream.resource<external>{%arg2}
  // CHECK-NEXT: %[[B:.+]] = stream.tensor.export %[[R]] : tensor<1x?x5xf32>{%arg1} in !stream.resource<external>{%arg2} -> !util.buffer
  // CHECK-NEXT: util.return %[[B]]
  %r = stream.tensor.import %buf : !util.buffer -> tensor<?x5xf32>{%d} in !stream.resource<external>{%n}
  %b = stream.tensor.export %r : tensor<1x?x5xf32>{%d} in !stream.resource<external>{%n} -> !util.buffer
  util.return %b : !util.buffer
}

// -----

// §5.3 DeduplicateTensorOp: identical imports (intervening ops do not block).
util.func private @use(!stream.resource<external>)

// CHECK-LABEL: util.func public @dedup_imports
util.func public @dedup_imports(%buf: !util.buffer, %d: index) -> (!stream.resource<external>, !stream.resource<external>, !stream.resource<external>) {
  // CHECK-NEXT: %[[C20:.+]] = arith.constant 20 : index
  // CHECK-NEXT: %[[A:.+]] = stream.tensor.import consume %arg0 : !util.buffer -> tensor<?x5xf32>{%arg1} in !stream.resource<external>{%[[C20]]}
  // CHECK-NEXT: util.call @use(%[[A]])
  // CHECK-NEXT: %[[C:.+]] = stream.tensor.import %arg0 : !util.buffer -> tensor<?x5xf32>{%arg1} in !stream.resource<external>{%[[C20]]}
  // CHECK-NEXT: util.return %[[A]], %[[A]], %[[C]]
  %c20 = arith.constant 20 : index
  %a = stream.tensor.import consume %buf : !util.buffer -> tensor<?x5xf32>{%d} in !stream.resource<external>{%c20}
  util.call @use(%a) : (!stream.resource<external>) -> ()
  %b = stream.tensor.import consume %buf : !util.buffer -> tensor<?x5xf32>{%d} in !stream.resource<external>{%c20}
  %c = stream.tensor.import %buf : !util.buffer -> tensor<?x5xf32>{%d} in !stream.resource<external>{%c20}
  util.return %a, %b, %c : !stream.resource<external>, !stream.resource<external>, !stream.resource<external>
}

// -----

// §5.3 DeduplicateTensorOp on exports.
// CHECK-LABEL: util.func public @dedup_exports
util.func public @dedup_exports(%r: !stream.resource<external>, %n: index) -> (!util.buffer, !util.buffer) {
  // CHECK-NEXT: %[[A:.+]] = stream.tensor.export %arg0 : tensor<4xf32> in !stream.resource<external>{%arg1} -> !util.buffer
  // CHECK-NEXT: util.return %[[A]], %[[A]]
  %a = stream.tensor.export %r : tensor<4xf32> in !stream.resource<external>{%n} -> !util.buffer
  %b = stream.tensor.export %r : tensor<4xf32> in !stream.resource<external>{%n} -> !util.buffer
  util.return %a, %b : !util.buffer, !util.buffer
}

// -----

// §5.3 DeduplicateTensorOp: only earlier ops of the same block are candidates
// (the import before the scf.if and the first one inside it stay; the two
// inside collapse onto the first of them, and scf.if then merges its equal
// results).
// CHECK-LABEL: util.func public @dedup_same_block_only
util.func public @dedup_same_block_only(%buf: !util.buffer, %d: index, %cond: i1) -> (!stream.resource<external>, !stream.resource<external>, !stream.resource<external>) {
  // CHECK: %[[A:.+]] = stream.tensor.import %arg0
  // CHECK-NEXT: %[[R:.+]] = scf.if %arg2
  // CHECK-NEXT:   %[[B:.+]] = stream.tensor.import %arg0
  // CHECK-NEXT:   scf.yield %[[B]] :
  // CHECK-NEXT: } else {
  // CHECK-NEXT:   scf.yield %[[A]] :
  // CHECK: util.return %[[A]], %[[R]], %[[R]]
  %c20 = arith.constant 20 : index
  %a = stream.tensor.import %buf : !util.buffer -> tensor<?x5xf32>{%d} in !stream.resource<external>{%c20}
  %r:2 = scf.if %cond -> (!stream.resource<external>, !stream.resource<external>) {
    %b = stream.tensor.import %buf : !util.buffer -> tensor<?x5xf32>{%d} in !stream.resource<external>{%c20}
    %c = stream.tensor.import %buf : !util.buffer -> tensor<?x5xf32>{%d} in !stream.resource<external>{%c20}
    scf.yield %b, %c : !stream.resource<external>, !stream.resource<external>
  } else {
    scf.yield %a, %a : !stream.resource<external>, !stream.resource<external>
  }
  util.return %a, %r#0, %r#1 : !stream.resource<external>, !stream.resource<external>, !stream.resource<external>
}

// -----

// §5.3 TensorConstantToEmpty (spec example): a static zero dim.
// CHECK-LABEL: util.func public @constant_to_empty
util.func public @constant_to_empty(%d: index) -> !stream.resource<constant> {
  // CHECK-NEXT: %[[SZ:.+]] = stream.tensor.sizeof tensor<2x0x?xf32>{%arg0} : index
  // CHECK-NEXT: %[[E:.+]] = stream.tensor.empty : tensor<2x0x?xf32>{%arg0} in !stream.resource<constant>{%[[SZ]]}
  // CHECK-NEXT: util.return %[[E]]
  %0 = stream.tensor.constant : tensor<2x0x?xf32>{%d} in !stream.resource<constant> = dense<> : tensor<2x0x4xf32>
  util.return %0 : !stream.resource<constant>
}

// -----

// §5.3 TensorConstantToEmpty: a dynamic dim that is a constant zero.
// CHECK-LABEL: util.func public @constant_to_empty_dynamic
util.func public @constant_to_empty_dynamic() -> !stream.resource<*> {
  // CHECK-NEXT: %[[C0:.+]] = arith.constant 0 : index
  // CHECK-NEXT: %[[SZ:.+]] = stream.tensor.sizeof on(#hal.device.affinity<@dev>) tensor<?x4xf32>{%[[C0]]} : index
  // CHECK-NEXT: %[[E:.+]] = stream.tensor.empty on(#hal.device.affinity<@dev>) : tensor<?x4xf32>{%[[C0]]} in !stream.resource<*>{%[[SZ]]}
  // CHECK-NEXT: util.return %[[E]]
  %c0 = arith.constant 0 : index
  %0 = stream.tensor.constant on(#hal.device.affinity<@dev>) : tensor<?x4xf32>{%c0} in !stream.resource<*> = dense<> : tensor<0x4xf32>
  util.return %0 : !stream.resource<*>
}

// -----

// §5.3 TensorConstantToSplat downstream effect (spec final IR).
// CHECK-LABEL: util.func public @constant_to_splat
util.func public @constant_to_splat() -> !stream.resource<constant> {
  // CHECK-NEXT: %[[CST:.+]] = arith.constant 1.000000e+00 : f32
  // CHECK-NEXT: %[[SZ:.+]] = stream.tensor.sizeof tensor<2x2xf32> : index
  // CHECK-NEXT: %[[S:.+]] = stream.tensor.splat %[[CST]] : f32 -> tensor<2x2xf32> in !stream.resource<constant>{%[[SZ]]}
  // CHECK-NEXT: util.return %[[S]]
  %0 = stream.tensor.constant : tensor<2x2xf32> in !stream.resource<constant> = dense<1.0> : tensor<2x2xf32>
  util.return %0 : !stream.resource<constant>
}

// -----

// §11.2 splat-valued tensor.constant with an affinity; 7 : i32 is not narrowed.
// CHECK-LABEL: util.func public @constant_to_splat_affinity
util.func public @constant_to_splat_affinity() -> !stream.resource<constant> {
  // CHECK-NEXT: %[[C7:.+]] = arith.constant 7 : i32
  // CHECK-NEXT: %[[SZ:.+]] = stream.tensor.sizeof on(#hal.device.affinity<@a>) tensor<4xi32> : index
  // CHECK-NEXT: %[[S:.+]] = stream.tensor.splat on(#hal.device.affinity<@a>) %[[C7]] : i32 -> tensor<4xi32> in !stream.resource<constant>{%[[SZ]]}
  // CHECK-NEXT: util.return %[[S]]
  %c = stream.tensor.constant on(#hal.device.affinity<@a>) : tensor<4xi32> in !stream.resource<constant> = dense<7> : tensor<4xi32>
  util.return %c : !stream.resource<constant>
}

// -----

// §5.3 TensorConstantToSplat negative: non-splat constants are kept.
// CHECK-LABEL: util.func public @constant_non_splat
util.func public @constant_non_splat() -> !stream.resource<constant> {
  // CHECK-NEXT: %[[C:.+]] = stream.tensor.constant : tensor<2xi32> in !stream.resource<constant> = dense<[1, 2]> : tensor<2xi32>
  // CHECK-NEXT: util.return %[[C]]
  %c = stream.tensor.constant : tensor<2xi32> in !stream.resource<constant> = dense<[1, 2]> : tensor<2xi32>
  util.return %c : !stream.resource<constant>
}

// -----

// §5.3 NarrowFillPattern<tensor.splat> (spec example): 0 : i64 -> 0 : i8.
// CHECK-LABEL: util.func public @tensor_splat_narrow
util.func public @tensor_splat_narrow(%n: index) -> !stream.resource<*> {
  // CHECK-NEXT: %[[C0:.+]] = arith.constant 0 : i8
  // CHECK-NEXT: %[[S:.+]] = stream.tensor.splat %[[C0]] : i8 -> tensor<2x2xf32> in !stream.resource<*>{%arg0}
  // CHECK-NEXT: util.return %[[S]]
  %p = arith.constant 0 : i64
  %0 = stream.tensor.splat %p : i64 -> tensor<2x2xf32> in !stream.resource<*>{%n}
  util.return %0 : !stream.resource<*>
}

// -----

// §5.3 NarrowFillPattern<tensor.fill>: 0xAABBAABB : i32 -> -21829 : i16.
// CHECK-LABEL: util.func public @tensor_fill_narrow
util.func public @tensor_fill_narrow(%t: !stream.resource<*>) -> !stream.resource<*> {
  // CHECK-DAG: %[[P:.+]] = arith.constant -21829 : i16
  // CHECK-DAG: %[[C0:.+]] = arith.constant 0 : index
  // CHECK-DAG: %[[C4:.+]] = arith.constant 4 : index
  // CHECK-DAG: %[[C64:.+]] = arith.constant 64 : index
  // CHECK: %[[F:.+]] = stream.tensor.fill %[[P]], %arg0[%[[C0]] for %[[C4]]] : i16 -> tensor<16xi32> in %arg0 as !stream.resource<*>{%[[C64]]}
  // CHECK-NEXT: util.return %[[F]]
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %c64 = arith.constant 64 : index
  %p = arith.constant 0xAABBAABB : i32
  %0 = stream.tensor.fill %p, %t[%c0 for %c4] : i32 -> tensor<16xi32> in %t as !stream.resource<*>{%c64}
  util.return %0 : !stream.resource<*>
}

// -----

// §5.3 tensor.clone folder: single use, same type -> source.
// CHECK-LABEL: util.func public @tensor_clone_single_use
util.func public @tensor_clone_single_use(%r: !stream.resource<*>, %n: index) -> !stream.resource<*> {
  // CHECK-NEXT: util.return %arg0
  %0 = stream.tensor.clone %r : tensor<2x2xf32> in !stream.resource<*>{%n} -> tensor<2x2xf32> in !stream.resource<*>{%n}
  util.return %0 : !stream.resource<*>
}

// -----

// §5.3 ElideUnneededTensorClones (spec example): two readers use %r; a clone
// from external to * is kept.
// CHECK-LABEL: util.func public @tensor_clone_elide
util.func public @tensor_clone_elide(%r: !stream.resource<*>, %e: !stream.resource<external>, %n: index) -> (!stream.resource<*>, !stream.resource<*>, !stream.resource<*>) {
  // CHECK-NEXT: %[[K:.+]] = stream.tensor.clone %arg1 : tensor<2x2xf32> in !stream.resource<external>{%arg2} -> tensor<2x2xf32> in !stream.resource<*>{%arg2}
  // CHECK-NEXT: util.return %arg0, %arg0, %[[K]]
  %0 = stream.tensor.clone %r : tensor<2x2xf32> in !stream.resource<*>{%n} -> tensor<2x2xf32> in !stream.resource<*>{%n}
  %1 = stream.tensor.clone %e : tensor<2x2xf32> in !stream.resource<external>{%n} -> tensor<2x2xf32> in !stream.resource<*>{%n}
  util.return %0, %0, %1 : !stream.resource<*>, !stream.resource<*>, !stream.resource<*>
}

// -----

// §3.6 PropagateCloneableOps<tensor.clone>: a clone of a tensor.splat is
// re-materialized with the clone's type.
// CHECK-LABEL: util.func public @tensor_clone_of_splat
util.func public @tensor_clone_of_splat(%v: i32, %n: index) -> !stream.resource<variable> {
  // CHECK-NEXT: %[[S:.+]] = stream.tensor.splat %arg0 : i32 -> tensor<4xi32> in !stream.resource<variable>{%arg1}
  // CHECK-NEXT: util.return %[[S]]
  %s = stream.tensor.splat %v : i32 -> tensor<4xi32> in !stream.resource<*>{%n}
  %c = stream.tensor.clone %s : tensor<4xi32> in !stream.resource<*>{%n} -> tensor<4xi32> in !stream.resource<variable>{%n}
  util.return %c : !stream.resource<variable>
}

// -----

// §5.3 tensor.encode folder: same encoding type -> source; identity (no
// encoding) tensors fold even with different shapes.
// CHECK-LABEL: util.func public @tensor_encode_fold
util.func public @tensor_encode_fold(%r: !stream.resource<*>, %n: index, %m: index) -> (!stream.resource<*>, !stream.resource<*>) {
  // CHECK-NEXT: util.return %arg0, %arg0
  %0 = stream.tensor.encode %r : tensor<?x4xf32>{%n} in !stream.resource<*>{%m} -> tensor<?x4xf32>{%n} in !stream.resource<*>{%m}
  %1 = stream.tensor.encode %r : tensor<?x4xf32>{%n} in !stream.resource<*>{%m} -> tensor<4x?xf32>{%n} in !stream.resource<*>{%m}
  util.return %0, %1 : !stream.resource<*>, !stream.resource<*>
}

// -----

// §5.3 tensor.encode folder negative: an unknown encoding is not identity.
// CHECK-LABEL: util.func public @tensor_encode_kept
util.func public @tensor_encode_kept(%r: !stream.resource<*>, %n: index, %m: index, %k: index) -> !stream.resource<*> {
  // CHECK-NEXT: %[[E:.+]] = stream.tensor.encode %arg0 : tensor<?x4xf32>{%arg1} in !stream.resource<*>{%arg2} -> tensor<?x4xf32, "enc">{%arg1} in !stream.resource<*>{%arg3}
  // CHECK-NEXT: util.return %[[E]]
  %0 = stream.tensor.encode %r : tensor<?x4xf32>{%n} in !stream.resource<*>{%m} -> tensor<?x4xf32, "enc">{%n} in !stream.resource<*>{%k}
  util.return %0 : !stream.resource<*>
}

// -----

// §5.3 FoldTensorCloneIntoLoad (spec example).
// CHECK-LABEL: util.func public @tensor_load_through_transfer_clone
util.func public @tensor_load_through_transfer_clone(%x: !stream.resource<external>, %n: index, %i: index, %j: index) -> f32 {
  // CHECK-DAG: %[[C0:.+]] = arith.constant 0 : index
  // CHECK-DAG: %[[C1:.+]] = arith.constant 1 : index
  // CHECK: %[[SZ:.+]] = stream.tensor.sizeof tensor<1x1xf32> : index
  // CHECK-NEXT: %[[S:.+]] = stream.tensor.slice %arg0[%arg2, %arg3 for %[[C1]], %[[C1]]] : tensor<4x4xf32> in !stream.resource<external>{%arg1} -> tensor<1x1xf32> in !stream.resource<external>{%[[SZ]]}
  // CHECK-NEXT: %[[T:.+]] = stream.async.transfer %[[S]] : !stream.resource<external>{%[[SZ]]} -> !stream.resource<staging>{%[[SZ]]}
  // CHECK-NEXT: %[[L:.+]] = stream.tensor.load %[[T]][%[[C0]], %[[C0]]] : tensor<1x1xf32> in !stream.resource<staging>{%[[SZ]]} -> f32
  // CHECK-NEXT: util.return %[[L]]
  %0 = stream.tensor.clone %x : tensor<4x4xf32> in !stream.resource<external>{%n} -> tensor<4x4xf32> in !stream.resource<*>{%n}
  %1 = stream.async.transfer %0 : !stream.resource<*>{%n} -> !stream.resource<staging>{%n}
  %2 = stream.tensor.load %1[%i, %j] : tensor<4x4xf32> in !stream.resource<staging>{%n} -> f32
  util.return %2 : f32
}

// -----

// §5.3 DeduplicateTensorDispatchEntryRefs and ElideUnusedOp<tensor.dispatch>.
// CHECK-LABEL: util.func public @tensor_dispatch_entry_refs
util.func public @tensor_dispatch_entry_refs(%x: !stream.resource<*>, %n: index) -> (!stream.resource<*>, !stream.resource<*>) {
  // CHECK-NEXT: %[[A:.+]] = stream.tensor.dispatch {@ex::@a, @ex::@b}(%arg0) : (!stream.resource<*>{%arg1}) -> !stream.resource<*>{%arg1}
  // CHECK-NEXT: %[[B:.+]] = stream.tensor.dispatch @ex::@a(%arg0) : (!stream.resource<*>{%arg1}) -> !stream.resource<*>{%arg1}
  // CHECK-NEXT: util.return %[[A]], %[[B]]
  %0 = stream.tensor.dispatch {@ex::@a, @ex::@b, @ex::@a}(%x) : (!stream.resource<*>{%n}) -> !stream.resource<*>{%n}
  %1 = stream.tensor.dispatch {@ex::@a, @ex::@a}(%x) : (!stream.resource<*>{%n}) -> !stream.resource<*>{%n}
  %2 = stream.tensor.dispatch @ex::@c(%x) : (!stream.resource<*>{%n}) -> !stream.resource<*>{%n}
  util.return %0, %1 : !stream.resource<*>, !stream.resource<*>
}

// -----

// §3.1 tryNarrowPatternBits on floats and odd widths (tensor.splat).
// CHECK-LABEL: util.func public @tensor_splat_narrow_table
util.func public @tensor_splat_narrow_table(%n: index) -> (!stream.resource<*>, !stream.resource<*>, !stream.resource<*>, !stream.resource<*>, !stream.resource<*>, !stream.resource<*>, !stream.resource<*>, !stream.resource<*>) {
  // CHECK-DAG: %[[Z8:.+]] = arith.constant 0 : i8
  // CHECK-DAG: %[[M1:.+]] = arith.constant -1 : i8
  // CHECK-DAG: %[[ONE:.+]] = arith.constant 1.000000e+00 : f32
  // CHECK-DAG: %[[NZ:.+]] = arith.constant -0.000000e+00 : f32
  // CHECK-DAG: %[[TRUE:.+]] = arith.constant true
  // CHECK-DAG: %[[C5:.+]] = arith.constant 5 : i24
  // CHECK-DAG: stream.tensor.splat %[[Z8]] : i8 -> tensor<4xf32> in !stream.resource<*>{%arg0}
  // CHECK-DAG: stream.tensor.splat %[[Z8]] : i8 -> tensor<4xf16> in !stream.resource<*>{%arg0}
  // CHECK-DAG: stream.tensor.splat %[[Z8]] : i8 -> tensor<4xbf16> in !stream.resource<*>{%arg0}
  // CHECK-DAG: stream.tensor.splat %[[ONE]] : f32 -> tensor<4xf32> in !stream.resource<*>{%arg0}
  // CHECK-DAG: stream.tensor.splat %[[NZ]] : f32 -> tensor<4xf32> in !stream.resource<*>{%arg0}
  // CHECK-DAG: stream.tensor.splat %[[TRUE]] : i1 -> tensor<4xi1> in !stream.resource<*>{%arg0}
  // CHECK-DAG: stream.tensor.splat %[[M1]] : i8 -> tensor<4xi24> in !stream.resource<*>{%arg0}
  // CHECK-DAG: stream.tensor.splat %[[C5]] : i24 -> tensor<4xi24> in !stream.resource<*>{%arg0}
  %f0 = arith.constant 0.0 : f32
  %h0 = arith.constant 0.0 : f16
  %b0 = arith.constant 0.0 : bf16
  %f1 = arith.constant 1.0 : f32
  %fm0 = arith.constant -0.0 : f32
  %t = arith.constant true
  %m1 = arith.constant -1 : i24
  %c5 = arith.constant 5 : i24
  %0 = stream.tensor.splat %f0 : f32 -> tensor<4xf32> in !stream.resource<*>{%n}
  %1 = stream.tensor.splat %h0 : f16 -> tensor<4xf16> in !stream.resource<*>{%n}
  %2 = stream.tensor.splat %b0 : bf16 -> tensor<4xbf16> in !stream.resource<*>{%n}
  %3 = stream.tensor.splat %f1 : f32 -> tensor<4xf32> in !stream.resource<*>{%n}
  %4 = stream.tensor.splat %fm0 : f32 -> tensor<4xf32> in !stream.resource<*>{%n}
  %5 = stream.tensor.splat %t : i1 -> tensor<4xi1> in !stream.resource<*>{%n}
  %6 = stream.tensor.splat %m1 : i24 -> tensor<4xi24> in !stream.resource<*>{%n}
  %7 = stream.tensor.splat %c5 : i24 -> tensor<4xi24> in !stream.resource<*>{%n}
  util.return %0, %1, %2, %3, %4, %5, %6, %7 : !stream.resource<*>, !stream.resource<*>, !stream.resource<*>, !stream.resource<*>, !stream.resource<*>, !stream.resource<*>, !stream.resource<*>, !stream.resource<*>
}

// -----

// §5.3 tensor.clone folder: encodings are not compared.
// CHECK-LABEL: util.func public @tensor_clone_encoding_ignored
util.func public @tensor_clone_encoding_ignored(%r: !stream.resource<*>, %n: index) -> !stream.resource<*> {
  // CHECK-NEXT: util.return %arg0
  %0 = stream.tensor.clone %r : tensor<4xf32> in !stream.resource<*>{%n} -> tensor<2x2xf32> in !stream.resource<*>{%n}
  util.return %0 : !stream.resource<*>
}

// -----

// §5.3 TensorConstantToSplat with a complex element type -> complex.constant.
// CHECK-LABEL: util.func public @constant_to_splat_complex
util.func public @constant_to_splat_complex() -> !stream.resource<constant> {
  // CHECK-NEXT: %[[CST:.+]] = complex.constant [1.000000e+00 : f32, 2.000000e+00 : f32] : complex<f32>
  // CHECK-NEXT: %[[SZ:.+]] = stream.tensor.sizeof tensor<2xcomplex<f32>> : index
  // CHECK-NEXT: %[[S:.+]] = stream.tensor.splat %[[CST]] : complex<f32> -> tensor<2xcomplex<f32>> in !stream.resource<constant>{%[[SZ]]}
  // CHECK-NEXT: util.return %[[S]]
  %0 = stream.tensor.constant : tensor<2xcomplex<f32>> in !stream.resource<constant> = dense<(1.0, 2.0)> : tensor<2xcomplex<f32>>
  util.return %0 : !stream.resource<constant>
}

// -----

// §5.3 DeduplicateTensorOp: ops in other blocks are never considered.
// CHECK-LABEL: util.func public @dedup_imports_other_block
util.func public @dedup_imports_other_block(%buf: !util.buffer, %n: index, %c: i1) -> !stream.resource<external> {
  // CHECK: stream.tensor.import %arg0
  // CHECK: cf.cond_br
  // CHECK: ^bb1:
  // CHECK-NEXT: %[[B:.+]] = stream.tensor.import %arg0
  // CHECK-NEXT: util.return %[[B]]
  %a = stream.tensor.import %buf : !util.buffer -> tensor<4xf32> in !stream.resource<external>{%n}
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  %b = stream.tensor.import %buf : !util.buffer -> tensor<4xf32> in !stream.resource<external>{%n}
  util.return %b : !stream.resource<external>
^bb2:
  util.return %a : !stream.resource<external>
}

// -----

// §1.3: unused tensor.fill / tensor.update survive (no effect interface);
// Pure tensor ops disappear.
// CHECK-LABEL: util.func public @not_trivially_dead_tensor_ops
util.func public @not_trivially_dead_tensor_ops(%t: !stream.resource<*>, %p: !stream.resource<*>, %v: i32, %stg: !stream.resource<staging>) {
  // CHECK-DAG: %[[C0:.+]] = arith.constant 0 : index
  // CHECK-DAG: %[[C4:.+]] = arith.constant 4 : index
  // CHECK-DAG: %[[C16:.+]] = arith.constant 16 : index
  // CHECK-DAG: %[[C64:.+]] = arith.constant 64 : index
  // CHECK: stream.tensor.fill %arg2, %arg0[%[[C0]] for %[[C4]]] : i32 -> tensor<16xi32> in %arg0 as !stream.resource<*>{%[[C64]]}
  // CHECK-NEXT: stream.tensor.update %arg1, %arg0[%[[C0]]] : tensor<4xi32> in !stream.resource<*>{%[[C16]]} -> tensor<16xi32> in %arg0 as !stream.resource<*>{%[[C64]]}
  // CHECK-NEXT: util.return
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %c16 = arith.constant 16 : index
  %c64 = arith.constant 64 : index
  %0 = stream.tensor.fill %v, %t[%c0 for %c4] : i32 -> tensor<16xi32> in %t as !stream.resource<*>{%c64}
  %1 = stream.tensor.update %p, %t[%c0] : tensor<4xi32> in !stream.resource<*>{%c16} -> tensor<16xi32> in %t as !stream.resource<*>{%c64}
  %2 = stream.tensor.load %stg[%c0] : tensor<16xi32> in !stream.resource<staging>{%c64} -> i32
  %3 = stream.tensor.store %v, %stg[%c0] : i32 -> tensor<16xi32> in %stg as !stream.resource<staging>{%c64}
  %4 = stream.tensor.slice %t[%c0 for %c4] : tensor<16xi32> in !stream.resource<*>{%c64} -> tensor<4xi32> in !stream.resource<*>{%c16}
  %5 = stream.tensor.sizeof tensor<16xi32> : index
  %6 = stream.tensor.empty : tensor<0xi32> in !stream.resource<*>{%c0}
  %7 = stream.tensor.splat %v : i32 -> tensor<16xi32> in !stream.resource<*>{%c64}
  util.return
}

// -----

// §5.3 ElideUnneededTensorClones negative: a tied use keeps the clone.
// CHECK-LABEL: util.func public @tensor_clone_tied_use
util.func public @tensor_clone_tied_use(%r: !stream.resource<*>, %v: i32) -> (!stream.resource<*>, !stream.resource<*>) {
  // CHECK: %[[C:.+]] = stream.tensor.clone %arg0 : tensor<16xi32> in !stream.resource<*>{%{{.+}}} -> tensor<16xi32> in !stream.resource<*>{%{{.+}}}
  // CHECK-NEXT: %[[F:.+]] = stream.tensor.fill %arg1, %[[C]]
  // CHECK-NEXT: util.return %[[C]], %[[F]]
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %c64 = arith.constant 64 : index
  %c = stream.tensor.clone %r : tensor<16xi32> in !stream.resource<*>{%c64} -> tensor<16xi32> in !stream.resource<*>{%c64}
  %f = stream.tensor.fill %v, %c[%c0 for %c4] : i32 -> tensor<16xi32> in %c as !stream.resource<*>{%c64}
  util.return %c, %f : !stream.resource<*>, !stream.resource<*>
}

// -----

// §5.3 tensor.export folder negative: the import source type differs from the
// export result type.
// CHECK-LABEL: util.func public @export_of_import_type_mismatch
util.func public @export_of_import_type_mismatch(%buf: !util.buffer, %n: index) -> !hal.buffer_view {
  // CHECK-NEXT: %[[R:.+]] = stream.tensor.import %arg0 : !util.buffer -> tensor<4xf32> in !stream.resource<external>{%arg1}
  // CHECK-NEXT: %[[B:.+]] = stream.tensor.export %[[R]] : tensor<4xf32> in !stream.resource<external>{%arg1} -> !hal.buffer_view
  // CHECK-NEXT: util.return %[[B]]
  %r = stream.tensor.import %buf : !util.buffer -> tensor<4xf32> in !stream.resource<external>{%n}
  %b = stream.tensor.export %r : tensor<4xf32> in !stream.resource<external>{%n} -> !hal.buffer_view
  util.return %b : !hal.buffer_view
}

// -----

// §5.3 DeduplicateTensorOp negative: different affinities.
// CHECK-LABEL: util.func public @dedup_imports_affinity
util.func public @dedup_imports_affinity(%buf: !util.buffer, %n: index) -> (!stream.resource<external>, !stream.resource<external>) {
  // CHECK-NEXT: %[[A:.+]] = stream.tensor.import %arg0
  // CHECK-NEXT: %[[B:.+]] = stream.tensor.import on(#hal.device.affinity<@a>) %arg0
  // CHECK-NEXT: util.return %[[A]], %[[B]]
  %a = stream.tensor.import %buf : !util.buffer -> tensor<4xf32> in !stream.resource<external>{%n}
  %b = stream.tensor.import on(#hal.device.affinity<@a>) %buf : !util.buffer -> tensor<4xf32> in !stream.resource<external>{%n}
  util.return %a, %b : !stream.resource<external>, !stream.resource<external>
}

// -----

// §5.3 FoldTensorCloneIntoLoad with affinities.
// CHECK-LABEL: util.func public @tensor_load_clone_affinity
util.func public @tensor_load_clone_affinity(%x: !stream.resource<external>, %n: index, %i: index) -> f32 {
  // CHECK: %[[SZ:.+]] = stream.tensor.sizeof on(#hal.device.affinity<@a>) tensor<1xf32> : index
  // CHECK-NEXT: %[[S:.+]] = stream.tensor.slice on(#hal.device.affinity<@a>) %arg0[%arg2 for %{{.+}}] : tensor<4xf32> in !stream.resource<external>{%arg1} -> tensor<1xf32> in !stream.resource<external>{%[[SZ]]}
  // CHECK-NEXT: %[[T:.+]] = stream.async.transfer %[[S]] : !stream.resource<external>{%[[SZ]]} from(#hal.device.affinity<@a>) -> to(#hal.device.affinity<@b>) !stream.resource<staging>{%[[SZ]]}
  // CHECK-NEXT: stream.tensor.load %[[T]][%{{.+}}] : tensor<1xf32> in !stream.resource<staging>{%[[SZ]]} -> f32
  %0 = stream.tensor.clone on(#hal.device.affinity<@a>) %x : tensor<4xf32> in !stream.resource<external>{%n} -> tensor<4xf32> in !stream.resource<*>{%n}
  %1 = stream.async.transfer on(#hal.device.affinity<@c>) %0 : !stream.resource<*>{%n} from(#hal.device.affinity<@a>) -> to(#hal.device.affinity<@b>) !stream.resource<staging>{%n}
  %2 = stream.tensor.load %1[%i] : tensor<4xf32> in !stream.resource<staging>{%n} -> f32
  util.return %2 : f32
}

// -----

// §5.3 TensorConstantToSplat with a dynamic (non-zero) dim.
// CHECK-LABEL: util.func public @constant_to_splat_dynamic
util.func public @constant_to_splat_dynamic(%d: index) -> !stream.resource<constant> {
  // CHECK-NEXT: %[[C3:.+]] = arith.constant 3 : i32
  // CHECK-NEXT: %[[SZ:.+]] = stream.tensor.sizeof tensor<?xi32>{%arg0} : index
  // CHECK-NEXT: %[[S:.+]] = stream.tensor.splat %[[C3]] : i32 -> tensor<?xi32>{%arg0} in !stream.resource<constant>{%[[SZ]]}
  // CHECK-NEXT: util.return %[[S]]
  %0 = stream.tensor.constant : tensor<?xi32>{%d} in !stream.resource<constant> = dense<3> : tensor<4xi32>
  util.return %0 : !stream.resource<constant>
}

// -----

// §5.3 tensor.encode folder rule 1: identical encoded types fold.
// CHECK-LABEL: util.func public @tensor_encode_same_encoding
util.func public @tensor_encode_same_encoding(%r: !stream.resource<*>, %n: index, %m: index) -> !stream.resource<*> {
  // CHECK-NEXT: util.return %arg0
  %0 = stream.tensor.encode %r : tensor<?x4xf32, "enc">{%n} in !stream.resource<*>{%m} -> tensor<?x4xf32, "enc">{%m} in !stream.resource<*>{%m}
  util.return %0 : !stream.resource<*>
}

// -----

// §5.3 tensor.import folder negative: the sizes are different SSA values.
// CHECK-LABEL: util.func public @import_of_export_size_mismatch
util.func public @import_of_export_size_mismatch(%r: !stream.resource<external>, %n: index, %m: index) -> !stream.resource<external> {
  // CHECK-NEXT: %[[B:.+]] = stream.tensor.export %arg0 : tensor<4xf32> in !stream.resource<external>{%arg1} -> !util.buffer
  // CHECK-NEXT: %[[I:.+]] = stream.tensor.import %[[B]] : !util.buffer -> tensor<4xf32> in !stream.resource<external>{%arg2}
  // CHECK-NEXT: util.return %[[I]]
  %b = stream.tensor.export %r : tensor<4xf32> in !stream.resource<external>{%n} -> !util.buffer
  %i = stream.tensor.import %b : !util.buffer -> tensor<4xf32> in !stream.resource<external>{%m}
  util.return %i : !stream.resource<external>
}

// -----

// §5.3 tensor.export folder negative: encoding dims are different SSA values.
// CHECK-LABEL: util.func public @export_of_import_dims_mismatch
util.func public @export_of_import_dims_mismatch(%buf: !util.buffer, %d: index, %e: index, %n: index) -> !util.buffer {
  // CHECK-NEXT: %[[R:.+]] = stream.tensor.import %arg0 : !util.buffer -> tensor<?x5xf32>{%arg1} in !stream.resource<external>{%arg3}
  // CHECK-NEXT: %[[B:.+]] = stream.tensor.export %[[R]] : tensor<?x5xf32>{%arg2} in !stream.resource<external>{%arg3} -> !util.buffer
  // CHECK-NEXT: util.return %[[B]]
  %r = stream.tensor.import %buf : !util.buffer -> tensor<?x5xf32>{%d} in !stream.resource<external>{%n}
  %b = stream.tensor.export %r : tensor<?x5xf32>{%e} in !stream.resource<external>{%n} -> !util.buffer
  util.return %b : !util.buffer
}

// -----

// §5.3 TensorConstantToSplat negative: parameter-backed constants are kept.
// CHECK-LABEL: util.func public @constant_parameter_kept
util.func public @constant_parameter_kept() -> !stream.resource<constant> {
  // CHECK-NEXT: %[[C:.+]] = stream.tensor.constant : tensor<4xf32> in !stream.resource<constant> = #stream.parameter.named<"scope"::"key"> : tensor<4xf32>
  // CHECK-NEXT: util.return %[[C]]
  %0 = stream.tensor.constant : tensor<4xf32> in !stream.resource<constant> = #stream.parameter.named<"scope"::"key"> : tensor<4xf32>
  util.return %0 : !stream.resource<constant>
}

// -----

// §3.1 more narrowing: index constants are 64-bit; >64-bit values other than
// zero/all-ones are unchanged; complex constants never qualify.
// CHECK-LABEL: util.func public @tensor_splat_narrow_wide
util.func public @tensor_splat_narrow_wide(%n: index) -> (!stream.resource<*>, !stream.resource<*>, !stream.resource<*>, !stream.resource<*>, !stream.resource<*>, !stream.resource<*>, !stream.resource<*>, !stream.resource<*>) {
  // CHECK-DAG: %[[Z8:.+]] = arith.constant 0 : i8
  // CHECK-DAG: %[[M1:.+]] = arith.constant -1 : i8
  // CHECK-DAG: %[[ONE32:.+]] = arith.constant 1 : i32
  // CHECK-DAG: %[[ONE8:.+]] = arith.constant 1 : i8
  // CHECK-DAG: %[[W5:.+]] = arith.constant 5 : i128
  // CHECK-DAG: %[[CPLX:.+]] = complex.constant [0.000000e+00 : f32, 0.000000e+00 : f32] : complex<f32>
  // CHECK-DAG: %[[F64:.+]] = arith.constant 1.000000e+00 : f64
  // CHECK-DAG: stream.tensor.splat %[[Z8]] : i8 -> tensor<4xindex> in !stream.resource<*>{%arg0}
  // CHECK-DAG: stream.tensor.splat %[[ONE32]] : i32 -> tensor<4xindex> in !stream.resource<*>{%arg0}
  // CHECK-DAG: stream.tensor.splat %[[ONE8]] : i8 -> tensor<4xi64> in !stream.resource<*>{%arg0}
  // CHECK-DAG: stream.tensor.splat %[[Z8]] : i8 -> tensor<4xi128> in !stream.resource<*>{%arg0}
  // CHECK-DAG: stream.tensor.splat %[[M1]] : i8 -> tensor<4xi128> in !stream.resource<*>{%arg0}
  // CHECK-DAG: stream.tensor.splat %[[W5]] : i128 -> tensor<4xi128> in !stream.resource<*>{%arg0}
  // CHECK-DAG: stream.tensor.splat %[[CPLX]] : complex<f32> -> tensor<4xcomplex<f32>> in !stream.resource<*>{%arg0}
  // CHECK-DAG: stream.tensor.splat %[[F64]] : f64 -> tensor<4xf64> in !stream.resource<*>{%arg0}
  %i0 = arith.constant 0 : index
  %i1 = arith.constant 4294967297 : index
  %l1 = arith.constant 0x0101010101010101 : i64
  %w0 = arith.constant 0 : i128
  %wm1 = arith.constant -1 : i128
  %w5 = arith.constant 5 : i128
  %cz = complex.constant [0.0 : f32, 0.0 : f32] : complex<f32>
  %d1 = arith.constant 1.0 : f64
  %0 = stream.tensor.splat %i0 : index -> tensor<4xindex> in !stream.resource<*>{%n}
  %1 = stream.tensor.splat %i1 : index -> tensor<4xindex> in !stream.resource<*>{%n}
  %2 = stream.tensor.splat %l1 : i64 -> tensor<4xi64> in !stream.resource<*>{%n}
  %3 = stream.tensor.splat %w0 : i128 -> tensor<4xi128> in !stream.resource<*>{%n}
  %4 = stream.tensor.splat %wm1 : i128 -> tensor<4xi128> in !stream.resource<*>{%n}
  %5 = stream.tensor.splat %w5 : i128 -> tensor<4xi128> in !stream.resource<*>{%n}
  %6 = stream.tensor.splat %cz : complex<f32> -> tensor<4xcomplex<f32>> in !stream.resource<*>{%n}
  %7 = stream.tensor.splat %d1 : f64 -> tensor<4xf64> in !stream.resource<*>{%n}
  util.return %0, %1, %2, %3, %4, %5, %6, %7 : !stream.resource<*>, !stream.resource<*>, !stream.resource<*>, !stream.resource<*>, !stream.resource<*>, !stream.resource<*>, !stream.resource<*>, !stream.resource<*>
}

// -----

// §3.6 PropagateCloneableOps<tensor.clone>: tensor.empty prefers cloning.
// CHECK-LABEL: util.func public @tensor_clone_of_empty
util.func public @tensor_clone_of_empty(%n: index) -> !stream.resource<transient> {
  // CHECK-NEXT: %[[E:.+]] = stream.tensor.empty : tensor<0xf32> in !stream.resource<transient>{%arg0}
  // CHECK-NEXT: util.return %[[E]]
  %e = stream.tensor.empty : tensor<0xf32> in !stream.resource<*>{%n}
  %c = stream.tensor.clone %e : tensor<0xf32> in !stream.resource<*>{%n} -> tensor<0xf32> in !stream.resource<transient>{%n}
  util.return %c : !stream.resource<transient>
}
