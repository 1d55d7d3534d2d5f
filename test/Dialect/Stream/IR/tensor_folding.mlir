// RUN: sluice-opt --split-input-file --canonicalize='test-convergence=true' %s | FileCheck %s
// REQUIRES: sluice-opt

// CHECK-LABEL: util.func public @constant_static_zero_to_empty
util.func public @constant_static_zero_to_empty(%d: index) -> !stream.resource<constant> {
  // CHECK: %[[SZ:.+]] = stream.tensor.sizeof on(#hal.device.affinity<@dev>) tensor<2x0x?xf32>{%arg0} : index
  // CHECK-NEXT: %[[E:.+]] = stream.tensor.empty on(#hal.device.affinity<@dev>) : tensor<2x0x?xf32>{%arg0} in !stream.resource<constant>{%[[SZ]]}
  // CHECK-NOT: stream.tensor.constant
  // CHECK: util.return %[[E]]
  %0 = stream.tensor.constant on(#hal.device.affinity<@dev>) : tensor<2x0x?xf32>{%d} in !stream.resource<constant> = dense<> : tensor<2x0x4xf32>
  util.return %0 : !stream.resource<constant>
}

// -----

// CHECK-LABEL: util.func public @constant_dynamic_zero_to_empty
util.func public @constant_dynamic_zero_to_empty(%d: index) -> !stream.resource<*> {
  %c0 = arith.constant 0 : index
  // CHECK: %[[C0:.+]] = arith.constant 0 : index
  // CHECK: %[[SZ:.+]] = stream.tensor.sizeof tensor<?x?xf32>{%arg0, %[[C0]]} : index
  // CHECK-NEXT: %[[E:.+]] = stream.tensor.empty : tensor<?x?xf32>{%arg0, %[[C0]]} in !stream.resource<*>{%[[SZ]]}
  // CHECK: util.return %[[E]]
  %0 = stream.tensor.constant : tensor<?x?xf32>{%d, %c0} in !stream.resource<*> = dense<[[1.0, 2.0]]> : tensor<1x2xf32>
  util.return %0 : !stream.resource<*>
}

// -----

// A non-splat constant without zero-sized dimensions stays.
// CHECK-LABEL: util.func public @constant_not_empty
util.func public @constant_not_empty(%d: index) -> !stream.resource<constant> {
  %c1 = arith.constant 1 : index
  // CHECK: %[[C:.+]] = stream.tensor.constant : tensor<?x2xi32>{%c1} in !stream.resource<constant> = dense<{{\[\[}}1, 2]]> : tensor<1x2xi32>
  // CHECK-NOT: stream.tensor.empty
  // CHECK: util.return %[[C]]
  %0 = stream.tensor.constant : tensor<?x2xi32>{%c1} in !stream.resource<constant> = dense<[[1, 2]]> : tensor<1x2xi32>
  util.return %0 : !stream.resource<constant>
}

// -----

// CHECK-LABEL: util.func public @clone_single_use
util.func public @clone_single_use(%r: !stream.resource<*>, %n: index) -> !stream.resource<*> {
  // CHECK-NOT: stream.tensor.clone
  // CHECK: util.return %arg0
  %0 = stream.tensor.clone %r : tensor<2x2xf32> in !stream.resource<*>{%n} -> tensor<4xf32> in !stream.resource<*>{%n}
  util.return %0 : !stream.resource<*>
}

// -----

// CHECK-LABEL: util.func public @clone_untied_uses
util.func public @clone_untied_uses(%r: !stream.resource<*>, %n: index) -> (!stream.resource<*>, !stream.resource<*>) {
  // CHECK-NOT: stream.tensor.clone
  // CHECK: util.return %arg0, %arg0
  %0 = stream.tensor.clone %r : tensor<2x2xf32> in !stream.resource<*>{%n} -> tensor<2x2xf32> in !stream.resource<*>{%n}
  util.return %0, %0 : !stream.resource<*>, !stream.resource<*>
}

// -----

// A clone whose result is tied by a user (here the fill target) is kept.
// CHECK-LABEL: util.func public @clone_tied_use
util.func public @clone_tied_use(%r: !stream.resource<*>, %n: index, %v: i32) -> (!stream.resource<*>, !stream.resource<*>) {
  // CHECK: %[[C:.+]] = stream.tensor.clone %arg0 : tensor<4xi32> in !stream.resource<*>{%arg1} -> tensor<4xi32> in !stream.resource<*>{%arg1}
  // CHECK: %[[F:.+]] = stream.tensor.fill %arg2, %[[C]] : i32 -> tensor<4xi32> in %[[C]] as !stream.resource<*>{%arg1}
  // CHECK: util.return %[[C]], %[[F]]
  %0 = stream.tensor.clone %r : tensor<4xi32> in !stream.resource<*>{%n} -> tensor<4xi32> in !stream.resource<*>{%n}
  %1 = stream.tensor.fill %v, %0 : i32 -> tensor<4xi32> in %0 as !stream.resource<*>{%n}
  util.return %0, %1 : !stream.resource<*>, !stream.resource<*>
}

// -----

// A clone changing the resource type is kept.
// CHECK-LABEL: util.func public @clone_lifetime_change
util.func public @clone_lifetime_change(%r: !stream.resource<external>, %n: index) -> !stream.resource<*> {
  // CHECK: %[[C:.+]] = stream.tensor.clone %arg0 : tensor<2x2xf32> in !stream.resource<external>{%arg1} -> tensor<2x2xf32> in !stream.resource<*>{%arg1}
  // CHECK: util.return %[[C]]
  %0 = stream.tensor.clone %r : tensor<2x2xf32> in !stream.resource<external>{%n} -> tensor<2x2xf32> in !stream.resource<*>{%n}
  util.return %0 : !stream.resource<*>
}

// -----

// CHECK-LABEL: util.func public @encode_same_encoding
util.func public @encode_same_encoding(%r: !stream.resource<*>, %n: index, %m: index, %s0: index, %s1: index) -> !stream.resource<*> {
  // Dims are not compared.
  // CHECK-NOT: stream.tensor.encode
  // CHECK: util.return %arg0
  %0 = stream.tensor.encode %r : tensor<?x4xf32, "enc">{%n} in !stream.resource<*>{%s0} -> tensor<?x4xf32, "enc">{%m} in !stream.resource<*>{%s1}
  util.return %0 : !stream.resource<*>
}

// -----

// CHECK-LABEL: util.func public @encode_identity_layouts
util.func public @encode_identity_layouts(%r: !stream.resource<*>, %n: index, %s0: index, %s1: index) -> !stream.resource<*> {
  // Two unencoded tensor types are both identity layouts, even when shapes differ.
  // CHECK-NOT: stream.tensor.encode
  // CHECK: util.return %arg0
  %0 = stream.tensor.encode %r : tensor<?x4xf32>{%n} in !stream.resource<*>{%s0} -> tensor<2x2xi8> in !stream.resource<*>{%s1}
  util.return %0 : !stream.resource<*>
}

// -----

// CHECK-LABEL: util.func public @encode_unknown_encoding
util.func public @encode_unknown_encoding(%r: !stream.resource<*>, %n: index, %s0: index, %s1: index) -> (!stream.resource<*>, !stream.resource<*>) {
  // CHECK: %[[E0:.+]] = stream.tensor.encode %arg0 : tensor<?x4xf32>{%arg1} in !stream.resource<*>{%arg2} -> tensor<?x4xf32, "enc">{%arg1} in !stream.resource<*>{%arg3}
  %0 = stream.tensor.encode %r : tensor<?x4xf32>{%n} in !stream.resource<*>{%s0} -> tensor<?x4xf32, "enc">{%n} in !stream.resource<*>{%s1}
  // CHECK: %[[E1:.+]] = stream.tensor.encode %arg0 : tensor<4xf32, "a"> in !stream.resource<*>{%arg2} -> tensor<4xf32, "b"> in !stream.resource<*>{%arg3}
  %1 = stream.tensor.encode %r : tensor<4xf32, "a"> in !stream.resource<*>{%s0} -> tensor<4xf32, "b"> in !stream.resource<*>{%s1}
  // CHECK: util.return %[[E0]], %[[E1]]
  util.return %0, %1 : !stream.resource<*>, !stream.resource<*>
}

// -----

// Slice, update and store have no folds.
// CHECK-LABEL: util.func public @no_folds
util.func public @no_folds(%r: !stream.resource<*>, %stg: !stream.resource<staging>, %n: index, %c0: index, %x: f32) -> (!stream.resource<*>, !stream.resource<*>, !stream.resource<staging>) {
  // CHECK: %[[S:.+]] = stream.tensor.slice %arg0[%arg3 for %arg2] : tensor<?xf32>{%arg2} in !stream.resource<*>{%arg2} -> tensor<?xf32>{%arg2} in !stream.resource<*>{%arg2}
  %0 = stream.tensor.slice %r[%c0 for %n] : tensor<?xf32>{%n} in !stream.resource<*>{%n} -> tensor<?xf32>{%n} in !stream.resource<*>{%n}
  // CHECK: %[[U:.+]] = stream.tensor.update %arg0, %arg0[%arg3] : tensor<?xf32>{%arg2} in !stream.resource<*>{%arg2} -> tensor<?xf32>{%arg2} in %arg0 as !stream.resource<*>{%arg2}
  %1 = stream.tensor.update %r, %r[%c0] : tensor<?xf32>{%n} in !stream.resource<*>{%n} -> tensor<?xf32>{%n} in %r as !stream.resource<*>{%n}
  // CHECK: %[[W:.+]] = stream.tensor.store %arg4, %arg1[%arg3] : f32 -> tensor<?xf32>{%arg2} in %arg1 as !stream.resource<staging>{%arg2}
  %2 = stream.tensor.store %x, %stg[%c0] : f32 -> tensor<?xf32>{%n} in %stg as !stream.resource<staging>{%n}
  // CHECK: util.return %[[S]], %[[U]], %[[W]]
  util.return %0, %1, %2 : !stream.resource<*>, !stream.resource<*>, !stream.resource<staging>
}

// -----

// Unused pure tensor ops disappear.
// CHECK-LABEL: util.func public @unused_ops
util.func public @unused_ops(%r: !stream.resource<*>, %stg: !stream.resource<staging>, %n: index, %v: f32) {
  // CHECK-NOT: stream.tensor
  // CHECK: util.return
  %0 = stream.tensor.splat %v : f32 -> tensor<4xf32> in !stream.resource<*>{%n}
  %1 = stream.tensor.slice %r[%n for %n] : tensor<8xf32> in !stream.resource<*>{%n} -> tensor<4xf32> in !stream.resource<*>{%n}
  %2 = stream.tensor.load %stg[%n] : tensor<8xf32> in !stream.resource<staging>{%n} -> f32
  %3 = stream.tensor.store %v, %stg[%n] : f32 -> tensor<8xf32> in %stg as !stream.resource<staging>{%n}
  util.return
}

// -----

// Fill and update are not pure: unused ones stay.
// CHECK-LABEL: util.func public @unused_fill_update
util.func public @unused_fill_update(%r: !stream.resource<*>, %n: index, %v: i64) {
  // CHECK: stream.tensor.fill
  // CHECK: stream.tensor.update
  %0 = stream.tensor.fill %v, %r : i64 -> tensor<4xi64> in %r as !stream.resource<*>{%n}
  %1 = stream.tensor.update %r, %r[%n] : tensor<2xf32> in !stream.resource<*>{%n} -> tensor<4xf32> in %r as !stream.resource<*>{%n}
  util.return
}

// -----

// CHECK-LABEL: util.func public @splat_narrow_pattern
util.func public @splat_narrow_pattern(%n: index) -> (!stream.resource<*>, !stream.resource<*>, !stream.resource<*>) {
  // CHECK-DAG: %[[C0_I8:.+]] = arith.constant 0 : i8
  // CHECK-DAG: %[[AABB:.+]] = arith.constant -21829 : i16
  // CHECK-DAG: %[[ONE:.+]] = arith.constant 1 : i32
  %c0_i64 = arith.constant 0 : i64
  %cst = arith.constant 0xAABBAABB : i32
  %c1_i32 = arith.constant 1 : i32
  // CHECK: stream.tensor.splat %[[C0_I8]] : i8 -> tensor<2x2xf32> in !stream.resource<*>{%arg0}
  %0 = stream.tensor.splat %c0_i64 : i64 -> tensor<2x2xf32> in !stream.resource<*>{%n}
  // CHECK: stream.tensor.splat %[[AABB]] : i16 -> tensor<4xi32> in !stream.resource<*>{%arg0}
  %1 = stream.tensor.splat %cst : i32 -> tensor<4xi32> in !stream.resource<*>{%n}
  // 1 : i32 is not a repeating byte pattern.
  // CHECK: stream.tensor.splat %[[ONE]] : i32 -> tensor<4xi32> in !stream.resource<*>{%arg0}
  %2 = stream.tensor.splat %c1_i32 : i32 -> tensor<4xi32> in !stream.resource<*>{%n}
  util.return %0, %1, %2 : !stream.resource<*>, !stream.resource<*>, !stream.resource<*>
}

// -----

// CHECK-LABEL: util.func public @fill_narrow_pattern
util.func public @fill_narrow_pattern(%t: !stream.resource<*>, %n: index, %c0: index, %c4: index, %v: i32) -> (!stream.resource<*>, !stream.resource<*>) {
  // CHECK-DAG: %[[FF:.+]] = arith.constant -1 : i8
  %cst = arith.constant -1.0 : f32
  %ones = arith.constant 0xFFFFFFFF : i32
  // A float whose bytes do not repeat is kept; a non-constant value is kept.
  // CHECK-DAG: %[[F:.+]] = arith.constant -1.000000e+00 : f32
  // CHECK: %[[A:.+]] = stream.tensor.fill %[[F]], %arg0[%arg2 for %arg3] : f32 -> tensor<16xf32> in %arg0 as !stream.resource<*>{%arg1}
  %0 = stream.tensor.fill %cst, %t[%c0 for %c4] : f32 -> tensor<16xf32> in %t as !stream.resource<*>{%n}
  // CHECK: %[[B:.+]] = stream.tensor.fill %[[FF]], %[[A]] : i8 -> tensor<16xi32> in %[[A]] as !stream.resource<*>{%arg1}
  %1 = stream.tensor.fill %ones, %0 : i32 -> tensor<16xi32> in %0 as !stream.resource<*>{%n}
  // CHECK: stream.tensor.fill %arg4, %[[B]] : i32 -> tensor<16xi32> in %[[B]] as !stream.resource<*>{%arg1}
  %2 = stream.tensor.fill %v, %1 : i32 -> tensor<16xi32> in %1 as !stream.resource<*>{%n}
  util.return %1, %2 : !stream.resource<*>, !stream.resource<*>
}

// -----

// A clone of a splat re-materializes the splat with the clone's type.
// CHECK-LABEL: util.func public @clone_of_splat
util.func public @clone_of_splat(%v: i32, %n: index) -> (!stream.resource<*>, !stream.resource<external>) {
  // CHECK-NOT: stream.tensor.clone
  // CHECK: %[[S0:.+]] = stream.tensor.splat %arg0 : i32 -> tensor<4xi32> in !stream.resource<*>{%arg1}
  // CHECK-NOT: stream.tensor.clone
  // CHECK: %[[S1:.+]] = stream.tensor.splat %arg0 : i32 -> tensor<4xi32> in !stream.resource<external>{%arg1}
  // CHECK: util.return %[[S0]], %[[S1]]
  %0 = stream.tensor.splat %v : i32 -> tensor<4xi32> in !stream.resource<*>{%n}
  %1 = stream.tensor.clone %0 : tensor<4xi32> in !stream.resource<*>{%n} -> tensor<4xi32> in !stream.resource<external>{%n}
  util.return %0, %1 : !stream.resource<*>, !stream.resource<external>
}

// -----

// CHECK-LABEL: util.func public @clone_of_empty
util.func public @clone_of_empty(%n: index) -> !stream.resource<external> {
  // CHECK: %[[E:.+]] = stream.tensor.empty : tensor<0xf32> in !stream.resource<external>{%arg0}
  // CHECK-NEXT: util.return %[[E]]
  %0 = stream.tensor.empty : tensor<0xf32> in !stream.resource<*>{%n}
  %1 = stream.tensor.clone %0 : tensor<0xf32> in !stream.resource<*>{%n} -> tensor<0xf32> in !stream.resource<external>{%n}
  util.return %1 : !stream.resource<external>
}

// -----

// CHECK-LABEL: util.func public @dispatch_dedup_entry_points
util.func public @dispatch_dedup_entry_points(%x: !stream.resource<*>, %n: index) -> (!stream.resource<*>, !stream.resource<*>) {
  // CHECK: stream.tensor.dispatch {@ex::@a, @ex::@b}(%arg0) : (!stream.resource<*>{%arg1}) -> !stream.resource<*>{%arg1}
  %0 = stream.tensor.dispatch {@ex::@a, @ex::@b, @ex::@a}(%x) : (!stream.resource<*>{%n}) -> !stream.resource<*>{%n}
  // CHECK: stream.tensor.dispatch @ex::@a(%arg0) : (!stream.resource<*>{%arg1}) -> !stream.resource<*>{%arg1}
  %1 = stream.tensor.dispatch {@ex::@a, @ex::@a}(%x) : (!stream.resource<*>{%n}) -> !stream.resource<*>{%n}
  util.return %0, %1 : !stream.resource<*>, !stream.resource<*>
}

// -----

// CHECK-LABEL: util.func public @dispatch_unused
util.func public @dispatch_unused(%x: !stream.resource<*>, %n: index) {
  // CHECK-NOT: stream.tensor.dispatch
  // CHECK: util.return
  %0 = stream.tensor.dispatch @ex::@a[%n](%x) : (!stream.resource<*>{%n}) -> !stream.resource<*>{%n}
  stream.tensor.dispatch @ex::@b(%x) : (!stream.resource<*>{%n}) -> ()
  util.return
}

// -----

// stream-folding.md §11.2: a splat constant becomes a splat of the constant's
// resource type (through transfer -> clone -> re-materialization).
// CHECK-LABEL: util.func public @constant_splat_to_splat
util.func public @constant_splat_to_splat() -> !stream.resource<constant> {
  // CHECK-DAG: %[[C7:.+]] = arith.constant 7 : i32
  // CHECK-DAG: %[[SZ:.+]] = stream.tensor.sizeof on(#hal.device.affinity<@dev>) tensor<4xi32> : index
  // CHECK: %[[S:.+]] = stream.tensor.splat on(#hal.device.affinity<@dev>) %[[C7]] : i32 -> tensor<4xi32> in !stream.resource<constant>{%[[SZ]]}
  // CHECK-NOT: stream.async
  // CHECK: util.return %[[S]]
  %0 = stream.tensor.constant on(#hal.device.affinity<@dev>) : tensor<4xi32> in !stream.resource<constant> = dense<7> : tensor<4xi32>
  util.return %0 : !stream.resource<constant>
}

// -----

// CHECK-LABEL: util.func public @constant_splat_float_dynamic
util.func public @constant_splat_float_dynamic(%d: index) -> !stream.resource<*> {
  // CHECK-DAG: %[[CST:.+]] = arith.constant 1.000000e+00 : f32
  // CHECK-DAG: %[[SZ:.+]] = stream.tensor.sizeof tensor<?x2xf32>{%arg0} : index
  // CHECK: %[[S:.+]] = stream.tensor.splat %[[CST]] : f32 -> tensor<?x2xf32>{%arg0} in !stream.resource<*>{%[[SZ]]}
  // CHECK: util.return %[[S]]
  %0 = stream.tensor.constant : tensor<?x2xf32>{%d} in !stream.resource<*> = dense<1.0> : tensor<2x2xf32>
  util.return %0 : !stream.resource<*>
}

// -----

// CHECK-LABEL: util.func public @constant_splat_complex
util.func public @constant_splat_complex() -> !stream.resource<constant> {
  // CHECK-DAG: %[[CST:.+]] = complex.constant [1.000000e+00 : f32, 2.000000e+00 : f32] : complex<f32>
  // CHECK-DAG: %[[SZ:.+]] = stream.tensor.sizeof tensor<2xcomplex<f32>> : index
  // CHECK: %[[S:.+]] = stream.tensor.splat %[[CST]] : complex<f32> -> tensor<2xcomplex<f32>> in !stream.resource<constant>{%[[SZ]]}
  // CHECK: util.return %[[S]]
  %0 = stream.tensor.constant : tensor<2xcomplex<f32>> in !stream.resource<constant> = dense<(1.0, 2.0)> : tensor<2xcomplex<f32>>
  util.return %0 : !stream.resource<constant>
}

// -----

// A zero-sized splat constant becomes an empty (TensorConstantToEmpty runs first).
// CHECK-LABEL: util.func public @constant_zero_sized_splat
util.func public @constant_zero_sized_splat() -> !stream.resource<constant> {
  // CHECK: %[[SZ:.+]] = stream.tensor.sizeof tensor<0x4xf32> : index
  // CHECK: %[[E:.+]] = stream.tensor.empty : tensor<0x4xf32> in !stream.resource<constant>{%[[SZ]]}
  // CHECK-NOT: stream.tensor.splat
  // CHECK: util.return %[[E]]
  %0 = stream.tensor.constant : tensor<0x4xf32> in !stream.resource<constant> = dense<1.0> : tensor<0x4xf32>
  util.return %0 : !stream.resource<constant>
}

// -----

// CHECK-LABEL: util.func public @constant_dense_resource
util.func public @constant_dense_resource() -> !stream.resource<constant> {
  // CHECK: %[[C:.+]] = stream.tensor.constant : tensor<4xi8> in !stream.resource<constant> = dense_resource<blob> : tensor<4xi8>
  // CHECK: util.return %[[C]]
  %0 = stream.tensor.constant : tensor<4xi8> in !stream.resource<constant> = dense_resource<blob> : tensor<4xi8>
  util.return %0 : !stream.resource<constant>
}

{-#
  dialect_resources: {
    builtin: {
      blob: "0x0400000001020304"
    }
  }
#-}

// -----

// CHECK-LABEL: util.func public @clone_into_load
util.func public @clone_into_load(%x: !stream.resource<external>, %n: index, %i: index, %j: index) -> f32 {
  // CHECK-DAG: %[[C1:.+]] = arith.constant 1 : index
  // CHECK-DAG: %[[C0:.+]] = arith.constant 0 : index
  // CHECK: %[[SZ:.+]] = stream.tensor.sizeof tensor<1x1xf32> : index
  // CHECK: %[[SL:.+]] = stream.tensor.slice %arg0[%arg2, %arg3 for %[[C1]], %[[C1]]] : tensor<4x4xf32> in !stream.resource<external>{%arg1} -> tensor<1x1xf32> in !stream.resource<external>{%[[SZ]]}
  // CHECK: %[[T:.+]] = stream.async.transfer %[[SL]] : !stream.resource<external>{%[[SZ]]} -> !stream.resource<staging>{%[[SZ]]}
  // CHECK: %[[L:.+]] = stream.tensor.load %[[T]][%[[C0]], %[[C0]]] : tensor<1x1xf32> in !stream.resource<staging>{%[[SZ]]} -> f32
  // CHECK-NOT: stream.tensor.clone
  // CHECK: util.return %[[L]]
  %0 = stream.tensor.clone %x : tensor<4x4xf32> in !stream.resource<external>{%n} -> tensor<4x4xf32> in !stream.resource<*>{%n}
  %1 = stream.async.transfer %0 : !stream.resource<*>{%n} -> !stream.resource<staging>{%n}
  %2 = stream.tensor.load %1[%i, %j] : tensor<4x4xf32> in !stream.resource<staging>{%n} -> f32
  util.return %2 : f32
}

// -----

// The clone's affinity goes to the sizeof/slice, the transfer keeps its affinities.
// CHECK-LABEL: util.func public @clone_into_load_affinities
util.func public @clone_into_load_affinities(%x: !stream.resource<external>, %n: index, %i: index) -> i32 {
  // CHECK: %[[SZ:.+]] = stream.tensor.sizeof on(#hal.device.affinity<@a>) tensor<1xi32> : index
  // CHECK: %[[SL:.+]] = stream.tensor.slice on(#hal.device.affinity<@a>) %arg0[%arg2 for %c1] : tensor<8xi32> in !stream.resource<external>{%arg1} -> tensor<1xi32> in !stream.resource<external>{%[[SZ]]}
  // CHECK: %[[T:.+]] = stream.async.transfer %[[SL]] : !stream.resource<external>{%[[SZ]]} from(#hal.device.affinity<@a>) -> to(#hal.device.affinity<@b>) !stream.resource<staging>{%[[SZ]]}
  // CHECK: stream.tensor.load %[[T]][%c0] : tensor<1xi32> in !stream.resource<staging>{%[[SZ]]} -> i32
  %0 = stream.tensor.clone on(#hal.device.affinity<@a>) %x : tensor<8xi32> in !stream.resource<external>{%n} -> tensor<8xi32> in !stream.resource<*>{%n}
  %1 = stream.async.transfer %0 : !stream.resource<*>{%n} from(#hal.device.affinity<@a>) -> to(#hal.device.affinity<@b>) !stream.resource<staging>{%n}
  %2 = stream.tensor.load %1[%i] : tensor<8xi32> in !stream.resource<staging>{%n} -> i32
  util.return %2 : i32
}

// -----

// Not applied when the transfer has other uses or the clone changes encodings.
// CHECK-LABEL: util.func public @clone_into_load_negative
util.func public @clone_into_load_negative(%x: !stream.resource<external>, %n: index, %i: index) -> (f32, !stream.resource<staging>, f32) {
  // CHECK: %[[C0:.+]] = stream.tensor.clone %arg0 : tensor<8xf32>
  // CHECK: %[[T0:.+]] = stream.async.transfer %[[C0]]
  // CHECK: stream.tensor.load %[[T0]][%arg2] : tensor<8xf32>
  %0 = stream.tensor.clone %x : tensor<8xf32> in !stream.resource<external>{%n} -> tensor<8xf32> in !stream.resource<*>{%n}
  %1 = stream.async.transfer %0 : !stream.resource<*>{%n} -> !stream.resource<staging>{%n}
  %2 = stream.tensor.load %1[%i] : tensor<8xf32> in !stream.resource<staging>{%n} -> f32
  // CHECK: %[[C1:.+]] = stream.tensor.clone %arg0 : tensor<2x4xf32>
  // CHECK: %[[T1:.+]] = stream.async.transfer %[[C1]]
  // CHECK: stream.tensor.load %[[T1]][%arg2] : tensor<8xf32>
  %3 = stream.tensor.clone %x : tensor<2x4xf32> in !stream.resource<external>{%n} -> tensor<8xf32> in !stream.resource<*>{%n}
  %4 = stream.async.transfer %3 : !stream.resource<*>{%n} -> !stream.resource<staging>{%n}
  %5 = stream.tensor.load %4[%i] : tensor<8xf32> in !stream.resource<staging>{%n} -> f32
  util.return %2, %1, %5 : f32, !stream.resource<staging>, f32
}

// -----

// stream-folding.md §8 quirk 3: the re-materialized producer's result #0 is
// used even when the clone consumed result #1.
// CHECK-LABEL: util.func public @clone_of_second_dispatch_result
util.func public @clone_of_second_dispatch_result(%v: i32, %n: index, %m: index) -> !stream.resource<external> {
  // CHECK: %[[D:.+]]:2 = stream.async.dispatch @ex::@fn(%arg0) : (i32) -> (!stream.resource<external>{%arg1}, !stream.resource<*>{%arg2})
  // CHECK-NOT: stream.tensor.clone
  // CHECK: util.return %[[D]]#0
  %0:2 = stream.async.dispatch @ex::@fn(%v) : (i32) -> (!stream.resource<*>{%n}, !stream.resource<*>{%m})
  %1 = stream.tensor.clone %0#1 : tensor<4xf32> in !stream.resource<*>{%m} -> tensor<4xf32> in !stream.resource<external>{%m}
  util.return %1 : !stream.resource<external>
}
