// REQUIRES: sluice-opt
// --iree-stream-materialize-builtins (stream-passes-1.md §8.3): splats and
// fills wider than 32 bits (all of them with --iree-stream-emulate-memset)
// become dispatches of builtin executables merged at the top of the module.

// RUN: sluice-opt --split-input-file --iree-stream-materialize-builtins %s | FileCheck %s --check-prefix=NATIVE
// RUN: sluice-opt --split-input-file --iree-stream-materialize-builtins --iree-stream-emulate-memset %s | FileCheck %s --check-prefix=EMULATED

// NATIVE-NOT: stream.executable
// NATIVE-LABEL: @splatI32
// EMULATED: stream.executable private @__builtin_splat_i32 {
// EMULATED-NEXT: stream.executable.export public @__builtin_splat_i32 workgroups(%[[N:.+]]: index) -> (index, index, index) {
// EMULATED-NEXT: iree_tensor_ext.dispatch.workgroup_count_from_slice(%[[N]])
// EMULATED: func.func @__builtin_splat_i32(%[[VALUE:.+]]: i32, %[[COUNT:.+]]: index, %[[BINDING:.+]]: !stream.binding)
// EMULATED: iree_tensor_ext.dispatch.workload.ordinal %[[COUNT]], 0 : index
// EMULATED: stream.binding.subspan %[[BINDING]]
// EMULATED-SAME: -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<?xi32>>
// EMULATED: linalg.fill ins(%[[VALUE]] : i32)
// EMULATED: iree_tensor_ext.dispatch.tensor.store
// EMULATED-LABEL: @splatI32
util.func private @splatI32(%arg0: index, %arg1: i32) -> !stream.resource<*> {
  // NATIVE: %[[RET:.+]] = stream.async.splat %arg1 : i32 -> !stream.resource<*>{%arg0}
  // EMULATED: %[[COUNT:.+]] = arith.divui %arg0, %c4
  // EMULATED: %[[RET:.+]] = stream.async.dispatch @__builtin_splat_i32::@__builtin_splat_i32[%[[COUNT]]](%arg1, %[[COUNT]]) : (i32, index) -> !stream.resource<*>{%arg0}
  %0 = stream.async.splat %arg1 : i32 -> !stream.resource<*>{%arg0}
  // NATIVE: util.return %[[RET]]
  // EMULATED: util.return %[[RET]]
  util.return %0 : !stream.resource<*>
}

// -----

// NATIVE: stream.executable private @__builtin_splat_i64
// NATIVE: func.func @__builtin_splat_i64(%{{.+}}: i64, %{{.+}}: index, %{{.+}}: !stream.binding)
// NATIVE-LABEL: @builtinSplatI64
util.func private @builtinSplatI64(%arg0: index, %arg1: i64) -> !stream.resource<*> {
  // NATIVE: %[[COUNT:.+]] = arith.divui %arg0, %c8
  // NATIVE: %[[RET:.+]] = stream.async.dispatch @__builtin_splat_i64::@__builtin_splat_i64[%[[COUNT]]](%arg1, %[[COUNT]]) : (i64, index) -> !stream.resource<*>{%arg0}
  %0 = stream.async.splat %arg1 : i64 -> !stream.resource<*>{%arg0}
  // NATIVE: util.return %[[RET]]
  util.return %0 : !stream.resource<*>
}

// -----

// NATIVE: stream.executable private @__builtin_fill_i64
// NATIVE-LABEL: @builtinFillI64
util.func private @builtinFillI64(%res: !stream.resource<*>, %res_size: index, %value: i64, %byte_offset: index, %byte_end: index, %byte_length: index) -> !stream.resource<*> {
  // NATIVE: %[[COUNT:.+]] = arith.divui %arg5, %c8
  // NATIVE: %[[RET:.+]] = stream.async.dispatch @__builtin_fill_i64::@__builtin_fill_i64[%[[COUNT]]](%arg0[%arg3 to %arg4 for %arg5], %arg2, %[[COUNT]]) : (!stream.resource<*>{%arg1}, i64, index) -> %arg0{%arg1}
  %0 = stream.async.fill %value, %res[%byte_offset to %byte_end for %byte_length] : i64 -> %res as !stream.resource<*>{%res_size}
  // NATIVE: util.return %[[RET]]
  util.return %0 : !stream.resource<*>
}

// -----

// The element count is computed before the enclosing execute; the dispatch
// stays in the nested concurrent region.

// NATIVE: stream.executable private @__builtin_splat_i64
// NATIVE-LABEL: @builtinSplatI64Nested
util.func private @builtinSplatI64Nested(%arg0: index, %arg1: i64) -> !stream.resource<*> {
  // NATIVE: %[[COUNT:.+]] = arith.divui %arg0, %c8
  // NATIVE: stream.async.execute
  %0:2 = stream.async.execute with() -> !stream.resource<*>{%arg0} {
    // NATIVE: stream.async.concurrent
    %1 = stream.async.concurrent with() -> !stream.resource<*>{%arg0} {
      // NATIVE: stream.async.dispatch @__builtin_splat_i64::@__builtin_splat_i64[%[[COUNT]]](%arg1, %[[COUNT]]) : (i64, index) -> !stream.resource<*>{%arg0}
      %2 = stream.async.splat %arg1 : i64 -> !stream.resource<*>{%arg0}
      stream.yield %2 : !stream.resource<*>{%arg0}
    }
    stream.yield %1 : !stream.resource<*>{%arg0}
  } => !stream.timepoint
  util.return %0#0 : !stream.resource<*>
}

// -----

// Two users (an initializer and a function) share one merged executable.

// NATIVE: stream.executable private @__builtin_splat_i64
// NATIVE-NOT: stream.executable private @__builtin_splat_i64
// NATIVE: util.initializer
util.global private mutable @global : !stream.resource<*>
util.initializer {
  %c128 = arith.constant 128 : index
  %c0_i64 = arith.constant 0 : i64
  // NATIVE: stream.async.dispatch @__builtin_splat_i64::@__builtin_splat_i64[%c16]
  %0 = stream.async.splat %c0_i64 : i64 -> !stream.resource<*>{%c128}
  util.global.store %0, @global : !stream.resource<*>
  util.return
}
// NATIVE-LABEL: @otherUser
util.func private @otherUser() -> !stream.resource<*> {
  %c128 = arith.constant 128 : index
  %c1_i64 = arith.constant 1 : i64
  // NATIVE: stream.async.dispatch @__builtin_splat_i64::@__builtin_splat_i64[%c16]
  %0 = stream.async.splat %c1_i64 : i64 -> !stream.resource<*>{%c128}
  util.return %0 : !stream.resource<*>
}

// -----

// Executables are merged in file-name order (fill before splat); the
// affinity moves to the dispatch; a constant length folds the count.

// NATIVE: stream.executable private @__builtin_fill_i64
// NATIVE: stream.executable private @__builtin_splat_i64
// NATIVE-LABEL: @affinityAndConstants
util.func private @affinityAndConstants(%arg0: i64) -> !stream.resource<*> {
  %c0 = arith.constant 0 : index
  %c64 = arith.constant 64 : index
  %c256 = arith.constant 256 : index
  // NATIVE: %[[C32:.+]] = arith.constant 32 : index
  // NATIVE: %[[SPLAT:.+]] = stream.async.dispatch on(#hal.device.promise<@dev>) @__builtin_splat_i64::@__builtin_splat_i64[%[[C32]]](%arg0, %[[C32]]) : (i64, index) -> !stream.resource<*>{%c256}
  %0 = stream.async.splat on(#hal.device.promise<@dev>) %arg0 : i64 -> !stream.resource<*>{%c256}
  // NATIVE: stream.async.dispatch on(#hal.device.promise<@dev>) @__builtin_fill_i64::@__builtin_fill_i64[%[[C8:.+]]](%[[SPLAT]][%c0 to %c64 for %c64], %arg0, %[[C8]]) : (!stream.resource<*>{%c256}, i64, index) -> %[[SPLAT]]{%c256}
  %1 = stream.async.fill on(#hal.device.promise<@dev>) %arg0, %0[%c0 to %c64 for %c64] : i64 -> %0 as !stream.resource<*>{%c256}
  util.return %1 : !stream.resource<*>
}

// -----

// An 8-bit pattern needs no division (x / 1 folds to x).

// NATIVE-LABEL: @splatI8
// EMULATED: stream.executable private @__builtin_splat_i8
// EMULATED-LABEL: @splatI8
util.func private @splatI8(%arg0: index, %arg1: i8) -> !stream.resource<*> {
  // NATIVE: stream.async.splat
  // EMULATED-NOT: arith.divui
  // EMULATED: stream.async.dispatch @__builtin_splat_i8::@__builtin_splat_i8[%arg0](%arg1, %arg0) : (i8, index) -> !stream.resource<*>{%arg0}
  %0 = stream.async.splat %arg1 : i8 -> !stream.resource<*>{%arg0}
  util.return %0 : !stream.resource<*>
}

// -----

// [SLUICE] A user symbol named like a builtin: the (private) builtin is
// renamed and the dispatch calls the renamed builtin.

// NATIVE: stream.executable private @__builtin_splat_i64_0 {
// NATIVE-NEXT: stream.executable.export public @__builtin_splat_i64 workgroups
// NATIVE: util.func private @__builtin_splat_i64()
util.func private @__builtin_splat_i64() {
  util.return
}
// NATIVE-LABEL: @userSymbolClash
util.func private @userSymbolClash(%arg0: index, %arg1: i64) -> !stream.resource<*> {
  // NATIVE: stream.async.dispatch @__builtin_splat_i64_0::@__builtin_splat_i64[
  %0 = stream.async.splat %arg1 : i64 -> !stream.resource<*>{%arg0}
  util.return %0 : !stream.resource<*>
}

// -----

// Control flow: splats in several blocks and in an scf.if region.

// NATIVE-LABEL: @controlFlow
util.func private @controlFlow(%arg0: i1, %arg1: index, %arg2: i64) -> !stream.resource<*> {
  cf.cond_br %arg0, ^bb1, ^bb2
^bb1:
  // NATIVE: arith.divui %arg1, %c8
  // NATIVE-NEXT: stream.async.dispatch @__builtin_splat_i64
  %0 = stream.async.splat %arg2 : i64 -> !stream.resource<*>{%arg1}
  util.return %0 : !stream.resource<*>
^bb2:
  // NATIVE: scf.if
  %1 = scf.if %arg0 -> !stream.resource<*> {
    // NATIVE: arith.divui %arg1, %c8
    // NATIVE-NEXT: stream.async.dispatch @__builtin_splat_i64
    %2 = stream.async.splat %arg2 : i64 -> !stream.resource<*>{%arg1}
    scf.yield %2 : !stream.resource<*>
  } else {
    %3 = stream.async.splat %arg2 : i64 -> !stream.resource<*>{%arg1}
    scf.yield %3 : !stream.resource<*>
  }
  util.return %1 : !stream.resource<*>
^bb3:
  // NATIVE: stream.async.dispatch @__builtin_splat_i64
  %4 = stream.async.splat %arg2 : i64 -> !stream.resource<*>{%arg1}
  util.return %4 : !stream.resource<*>
}

// -----

// An empty module is left alone.

// NATIVE: module {
// NATIVE-NEXT: }
module {
}
