// REQUIRES: sluice-opt
// RUN: sluice-opt --split-input-file --canonicalize='test-convergence=true' %s | FileCheck %s

// Golden cross-check of stream-folding.md §3 and §5.4 async ops (§4.1, §7.3,
// §7.4, §8, §9, §11.3).

// §3.1 requiredPatternBits / tryNarrowPatternBits table on async.splat.
// CHECK-LABEL: util.func public @narrow_splat_table
util.func public @narrow_splat_table(%n: index) -> (!stream.resource<*>, !stream.resource<*>, !stream.resource<*>, !stream.resource<*>, !stream.resource<*>, !stream.resource<*>, !stream.resource<*>, !stream.resource<*>, !stream.resource<*>, !stream.resource<*>, !stream.resource<*>, !stream.resource<*>, !stream.resource<*>) {
  // CHECK-DAG: %[[Z8:.+]] = arith.constant 0 : i8
  // CHECK-DAG: %[[M1:.+]] = arith.constant -1 : i8
  // CHECK-DAG: %[[AA:.+]] = arith.constant -86 : i8
  // CHECK-DAG: %[[CD:.+]] = arith.constant -51 : i8
  // CHECK-DAG: %[[AABB:.+]] = arith.constant -21829 : i16
  // CHECK-DAG: %[[AABBCCDD:.+]] = arith.constant -1430532899 : i32
  // CHECK-DAG: %[[ONE:.+]] = arith.constant 1 : i32
  // CHECK-DAG: %[[K123:.+]] = arith.constant 123 : i32
  // CHECK-DAG: %[[K1234:.+]] = arith.constant 305419896 : i32
  // CHECK-DAG: %[[I8:.+]] = arith.constant 7 : i8
  // CHECK-DAG: %[[S0:.+]] = stream.async.splat %[[Z8]] : i8 -> !stream.resource<*>{%arg0}
  // CHECK-DAG: %[[S1:.+]] = stream.async.splat %[[M1]] : i8 -> !stream.resource<*>{%arg0}
  // CHECK-DAG: %[[S3:.+]] = stream.async.splat %[[AA]] : i8 -> !stream.resource<*>{%arg0}
  // CHECK-DAG: %[[S4:.+]] = stream.async.splat %[[CD]] : i8 -> !stream.resource<*>{%arg0}
  // CHECK-DAG: %[[S5:.+]] = stream.async.splat %[[AABB]] : i16 -> !stream.resource<*>{%arg0}
  // CHECK-DAG: %[[S7:.+]] = stream.async.splat %[[AABBCCDD]] : i32 -> !stream.resource<*>{%arg0}
  // CHECK-DAG: %[[S8:.+]] = stream.async.splat %[[ONE]] : i32 -> !stream.resource<*>{%arg0}
  // CHECK-DAG: %[[S9:.+]] = stream.async.splat %[[K123]] : i32 -> !stream.resource<*>{%arg0}
  // CHECK-DAG: %[[S10:.+]] = stream.async.splat %[[K1234]] : i32 -> !stream.resource<*>{%arg0}
  // CHECK-DAG: %[[S11:.+]] = stream.async.splat %[[I8]] : i8 -> !stream.resource<*>{%arg0}
  %c0_i64 = arith.constant 0 : i64
  %cm1_i32 = arith.constant -1 : i32
  %cffff_i16 = arith.constant 0xFFFF : i16
  %caa_i32 = arith.constant 0xAAAAAAAA : i32
  %ccd_i16 = arith.constant 0xCDCD : i16
  %caabb_i32 = arith.constant 0xAABBAABB : i32
  %caabb_i64 = arith.constant 0xAABBAABBAABBAABB : i64
  %caabbccdd_i64 = arith.constant 0xAABBCCDDAABBCCDD : i64
  %c1_i32 = arith.constant 1 : i32
  %c123_i32 = arith.constant 123 : i32
  %c1234_i32 = arith.constant 0x12345678 : i32
  %c7_i8 = arith.constant 7 : i8
  %s0 = stream.async.splat %c0_i64 : i64 -> !stream.resource<*>{%n}
  %s1 = stream.async.splat %cm1_i32 : i32 -> !stream.resource<*>{%n}
  %s2 = stream.async.splat %cffff_i16 : i16 -> !stream.resource<*>{%n}
  %s3 = stream.async.splat %caa_i32 : i32 -> !stream.resource<*>{%n}
  %s4 = stream.async.splat %ccd_i16 : i16 -> !stream.resource<*>{%n}
  %s5 = stream.async.splat %caabb_i32 : i32 -> !stream.resource<*>{%n}
  %s6 = stream.async.splat %caabb_i64 : i64 -> !stream.resource<*>{%n}
  %s7 = stream.async.splat %caabbccdd_i64 : i64 -> !stream.resource<*>{%n}
  %s8 = stream.async.splat %c1_i32 : i32 -> !stream.resource<*>{%n}
  %s9 = stream.async.splat %c123_i32 : i32 -> !stream.resource<*>{%n}
  %s10 = stream.async.splat %c1234_i32 : i32 -> !stream.resource<*>{%n}
  %s11 = stream.async.splat %c7_i8 : i8 -> !stream.resource<*>{%n}
  %s12 = stream.async.splat %cm1_i32 : i32 -> !stream.resource<*>{%n}
  util.return %s0, %s1, %s2, %s3, %s4, %s5, %s6, %s7, %s8, %s9, %s10, %s11, %s12 : !stream.resource<*>, !stream.resource<*>, !stream.resource<*>, !stream.resource<*>, !stream.resource<*>, !stream.resource<*>, !stream.resource<*>, !stream.resource<*>, !stream.resource<*>, !stream.resource<*>, !stream.resource<*>, !stream.resource<*>, !stream.resource<*>
}

// -----

// §3.1 NarrowFillPattern (spec example): 0xABABABAB : i32 -> -85 : i8.
// CHECK-LABEL: util.func public @narrow_splat_example
util.func public @narrow_splat_example(%n: index) -> !stream.resource<*> {
  // CHECK-NEXT: %[[P:.+]] = arith.constant -85 : i8
  // CHECK-NEXT: %[[S:.+]] = stream.async.splat %[[P]] : i8 -> !stream.resource<*>{%arg0}
  // CHECK-NEXT: util.return %[[S]]
  %p = arith.constant 0xABABABAB : i32
  %0 = stream.async.splat %p : i32 -> !stream.resource<*>{%n}
  util.return %0 : !stream.resource<*>
}

// -----

// §5.4 SinkAllocaLikeOpToConsumers: uses in ^bb2 and ^bb3 whose common
// dominator is the loop header ^bb1 -> moved before ^bb1's terminator.
util.func private @use(!stream.resource<*>)

// CHECK-LABEL: util.func public @sink_splat_common_dominator
util.func public @sink_splat_common_dominator(%v: i32, %n: index, %c: i1) -> !stream.resource<*> {
  // CHECK-NEXT: cf.br ^bb1
  // CHECK-NEXT: ^bb1:
  // CHECK-NEXT: %[[S:.+]] = stream.async.splat %arg0 : i32 -> !stream.resource<*>{%arg1}
  // CHECK-NEXT: cf.cond_br %arg2, ^bb2, ^bb3
  // CHECK-NEXT: ^bb2:
  // CHECK-NEXT: util.call @use(%[[S]])
  // CHECK-NEXT: cf.br ^bb1
  // CHECK-NEXT: ^bb3:
  // CHECK-NEXT: util.return %[[S]]
  %s = stream.async.splat %v : i32 -> !stream.resource<*>{%n}
  cf.br ^bb1
^bb1:
  cf.cond_br %c, ^bb2, ^bb3
^bb2:
  util.call @use(%s) : (!stream.resource<*>) -> ()
  cf.br ^bb1
^bb3:
  util.return %s : !stream.resource<*>
}

// -----

// §5.4 SinkAllocaLikeOpToConsumers: splats used in both regions of an scf.if
// move right before it (in order); a splat used by the next op stays.
util.func private @use(!stream.resource<*>)
util.func private @use2(!stream.resource<*>, !stream.resource<*>)

// CHECK-LABEL: util.func public @sink_splat_before_if
util.func public @sink_splat_before_if(%v: i32, %w: i32, %n: index, %c: i1) {
  // CHECK-NEXT: %[[C:.+]] = stream.async.splat %arg0 : i32 -> !stream.resource<*>{%arg2}
  // CHECK-NEXT: util.call @use2(%[[C]], %[[C]])
  // CHECK-NEXT: %[[A:.+]] = stream.async.splat %arg0 : i32 -> !stream.resource<*>{%arg2}
  // CHECK-NEXT: %[[B:.+]] = stream.async.splat %arg1 : i32 -> !stream.resource<*>{%arg2}
  // CHECK-NEXT: scf.if %arg3 {
  // CHECK-NEXT: util.call @use2(%[[A]], %[[B]])
  // CHECK-NEXT: } else {
  // CHECK-NEXT: util.call @use2(%[[B]], %[[A]])
  // CHECK-NEXT: }
  // CHECK-NEXT: util.return
  %a = stream.async.splat %v : i32 -> !stream.resource<*>{%n}
  %b = stream.async.splat %w : i32 -> !stream.resource<*>{%n}
  %x = stream.async.splat %v : i32 -> !stream.resource<*>{%n}
  util.call @use2(%x, %x) : (!stream.resource<*>, !stream.resource<*>) -> ()
  scf.if %c {
    util.call @use2(%a, %b) : (!stream.resource<*>, !stream.resource<*>) -> ()
  } else {
    util.call @use2(%b, %a) : (!stream.resource<*>, !stream.resource<*>) -> ()
  }
  util.return
}

// -----

// §5.4 SinkAllocaLikeOpToConsumers: two adjacent splats followed directly by a
// cond_br whose successors both use them are not moved (stable).
// CHECK-LABEL: util.func public @sink_splat_stable
util.func public @sink_splat_stable(%v: i32, %w: i32, %n: index, %c: i1) -> (!stream.resource<*>, !stream.resource<*>) {
  // CHECK-NEXT: %[[A:.+]] = stream.async.splat %arg0 : i32 -> !stream.resource<*>{%arg2}
  // CHECK-NEXT: %[[B:.+]] = stream.async.splat %arg1 : i32 -> !stream.resource<*>{%arg2}
  // CHECK-NEXT: cf.cond_br %arg3, ^bb1, ^bb2
  // CHECK-NEXT: ^bb1:
  // CHECK-NEXT: util.return %[[A]], %[[B]]
  // CHECK-NEXT: ^bb2:
  // CHECK-NEXT: util.return %[[B]], %[[A]]
  %a = stream.async.splat %v : i32 -> !stream.resource<*>{%n}
  %b = stream.async.splat %w : i32 -> !stream.resource<*>{%n}
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  util.return %a, %b : !stream.resource<*>, !stream.resource<*>
^bb2:
  util.return %b, %a : !stream.resource<*>, !stream.resource<*>
}

// -----

// §3.6 PropagateCloneableOps<async.clone> (spec example): lifetime absorbed.
// CHECK-LABEL: util.func public @clone_of_splat
util.func public @clone_of_splat(%v: i32, %n: index) -> !stream.resource<variable> {
  // CHECK-NEXT: %[[S:.+]] = stream.async.splat %arg0 : i32 -> !stream.resource<variable>{%arg1}
  // CHECK-NEXT: util.return %[[S]]
  %s = stream.async.splat %v : i32 -> !stream.resource<transient>{%n}
  %c = stream.async.clone %s : !stream.resource<transient>{%n} -> !stream.resource<variable>{%n}
  util.return %c : !stream.resource<variable>
}

// -----

// §3.6: a clone of a function argument stays.
// CHECK-LABEL: util.func public @clone_of_arg
util.func public @clone_of_arg(%r: !stream.resource<transient>, %n: index) -> !stream.resource<variable> {
  // CHECK-NEXT: %[[C:.+]] = stream.async.clone %arg0 : !stream.resource<transient>{%arg1} -> !stream.resource<variable>{%arg1}
  // CHECK-NEXT: util.return %[[C]]
  %c = stream.async.clone %r : !stream.resource<transient>{%n} -> !stream.resource<variable>{%n}
  util.return %c : !stream.resource<variable>
}

// -----

// §5.4 ConvertSplatConstantsIntoSplats (spec example): await kept.
// CHECK-LABEL: util.func public @splat_constant
util.func public @splat_constant(%w: !stream.timepoint, %n: index) -> !stream.resource<transient> {
  // CHECK-NEXT: %[[C5:.+]] = arith.constant 5 : i32
  // CHECK-NEXT: %[[S:.+]] = stream.async.splat await(%arg0) %[[C5]] : i32 -> !stream.resource<transient>{%arg1}
  // CHECK-NEXT: util.return %[[S]]
  %0 = stream.async.constant await(%w) : !stream.resource<transient>{%n} = dense<5> : tensor<8xi32>
  util.return %0 : !stream.resource<transient>
}

// -----

// §5.4 ConvertSplatConstantsIntoSplats negative: dense_resource and non-splat
// constants are untouched.
// CHECK-LABEL: util.func public @non_splat_constants
util.func public @non_splat_constants(%n: index) -> (!stream.resource<constant>, !stream.resource<constant>) {
  // CHECK-NEXT: %[[A:.+]] = stream.async.constant : !stream.resource<constant>{%arg0} = dense_resource<blob1> : tensor<4xi32>
  // CHECK-NEXT: %[[B:.+]] = stream.async.constant : !stream.resource<constant>{%arg0} = dense<[1, 2, 3, 4]> : tensor<4xi32>
  // CHECK-NEXT: util.return %[[A]], %[[B]]
  %0 = stream.async.constant : !stream.resource<constant>{%n} = dense_resource<blob1> : tensor<4xi32>
  %1 = stream.async.constant : !stream.resource<constant>{%n} = dense<[1, 2, 3, 4]> : tensor<4xi32>
  util.return %0, %1 : !stream.resource<constant>, !stream.resource<constant>
}

{-#
  dialect_resources: {
    builtin: {
      blob1: "0x040000000100000001000000010000000100000001"
    }
  }
#-}

// -----

// §5.4 async.slice folder: a full-size slice folds to its source.
// CHECK-LABEL: util.func public @slice_full_size
util.func public @slice_full_size(%r: !stream.resource<*>, %n: index) -> !stream.resource<*> {
  // CHECK-NEXT: util.return %arg0
  %c0 = arith.constant 0 : index
  %0 = stream.async.slice %r[%c0 to %n] : !stream.resource<*>{%n} -> !stream.resource<*>{%n}
  util.return %0 : !stream.resource<*>
}

// -----

// §5.4 PropagateSplatsThroughSlices (spec example): await kept.
// CHECK-LABEL: util.func public @slice_of_splat
util.func public @slice_of_splat(%w: !stream.timepoint, %v: i32) -> !stream.resource<*> {
  // CHECK-NEXT: %[[C64:.+]] = arith.constant 64 : index
  // CHECK-NEXT: %[[S:.+]] = stream.async.splat await(%arg0) %arg1 : i32 -> !stream.resource<*>{%[[C64]]}
  // CHECK-NEXT: util.return %[[S]]
  %c0 = arith.constant 0 : index
  %c64 = arith.constant 64 : index
  %c128 = arith.constant 128 : index
  %s = stream.async.splat await(%w) %v : i32 -> !stream.resource<*>{%c128}
  %0 = stream.async.slice %s[%c0 to %c64] : !stream.resource<*>{%c128} -> !stream.resource<*>{%c64}
  util.return %0 : !stream.resource<*>
}

// -----

// §5.4 FlattenFullFillToSplat (spec example) and §8.7 (the target splat's
// await is not carried over).
// CHECK-LABEL: util.func public @full_fill_to_splat
util.func public @full_fill_to_splat(%w: !stream.timepoint, %a: i32, %b: i32, %n: index) -> !stream.resource<*> {
  // CHECK-NEXT: %[[S:.+]] = stream.async.splat %arg2 : i32 -> !stream.resource<*>{%arg3}
  // CHECK-NEXT: util.return %[[S]]
  %c0 = arith.constant 0 : index
  %t = stream.async.splat await(%w) %a : i32 -> !stream.resource<*>{%n}
  %0 = stream.async.fill %b, %t[%c0 to %n for %n] : i32 -> %t as !stream.resource<*>{%n}
  util.return %0 : !stream.resource<*>
}

// -----

// §5.4 FlattenFullFillToSplat negative: a target from tensor.import is kept.
// CHECK-LABEL: util.func public @full_fill_of_import
util.func public @full_fill_of_import(%buf: !util.buffer, %b: i32, %n: index) -> !stream.resource<external> {
  // CHECK-NEXT: %[[C0:.+]] = arith.constant 0 : index
  // CHECK-NEXT: %[[I:.+]] = stream.tensor.import %arg0 : !util.buffer -> tensor<4xi32> in !stream.resource<external>{%arg2}
  // CHECK-NEXT: %[[F:.+]] = stream.async.fill %arg1, %[[I]][%[[C0]] to %arg2 for %arg2] : i32 -> %[[I]] as !stream.resource<external>{%arg2}
  // CHECK-NEXT: util.return %[[F]]
  %c0 = arith.constant 0 : index
  %i = stream.tensor.import %buf : !util.buffer -> tensor<4xi32> in !stream.resource<external>{%n}
  %0 = stream.async.fill %b, %i[%c0 to %n for %n] : i32 -> %i as !stream.resource<external>{%n}
  util.return %0 : !stream.resource<external>
}

// -----

// §5.4 ElideRedundantFill (§9): i32 0xCDCDCDCD vs i16 0xCDCD, both -51 : i8.
// CHECK-LABEL: util.func public @redundant_fill
util.func public @redundant_fill() -> !stream.resource<*> {
  // CHECK-DAG: %[[P:.+]] = arith.constant -51 : i8
  // CHECK-DAG: %[[C128:.+]] = arith.constant 128 : index
  // CHECK: %[[S:.+]] = stream.async.splat %[[P]] : i8 -> !stream.resource<*>{%[[C128]]}
  // CHECK-NEXT: util.return %[[S]]
  %c0 = arith.constant 0 : index
  %c64 = arith.constant 64 : index
  %c128 = arith.constant 128 : index
  %p32 = arith.constant 0xCDCDCDCD : i32
  %p16 = arith.constant 0xCDCD : i16
  %s = stream.async.splat %p32 : i32 -> !stream.resource<*>{%c128}
  %0 = stream.async.fill %p16, %s[%c0 to %c64 for %c64] : i16 -> %s as !stream.resource<*>{%c128}
  util.return %0 : !stream.resource<*>
}

// -----

// §5.4 CoalesceAdjacentFills (§9): [4,8) i8 0, [8,12) i32 0, [12,16) i8 0
// -> [%c4 to %c16 for %c12]; the following i8 1 fill stays separate.
// CHECK-LABEL: util.func public @coalesce_fills
util.func public @coalesce_fills(%r: !stream.resource<*>, %n: index) -> !stream.resource<*> {
  // CHECK-DAG: %[[Z:.+]] = arith.constant 0 : i8
  // CHECK-DAG: %[[ONE:.+]] = arith.constant 1 : i8
  // CHECK-DAG: %[[C4:.+]] = arith.constant 4 : index
  // CHECK-DAG: %[[C12:.+]] = arith.constant 12 : index
  // CHECK-DAG: %[[C16:.+]] = arith.constant 16 : index
  // CHECK-DAG: %[[C20:.+]] = arith.constant 20 : index
  // CHECK: %[[F0:.+]] = stream.async.fill %[[Z]], %arg0[%[[C4]] to %[[C16]] for %[[C12]]] : i8 -> %arg0 as !stream.resource<*>{%arg1}
  // CHECK-NEXT: %[[F1:.+]] = stream.async.fill %[[ONE]], %[[F0]][%[[C16]] to %[[C20]] for %[[C4]]] : i8 -> %[[F0]] as !stream.resource<*>{%arg1}
  // CHECK-NEXT: util.return %[[F1]]
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %c12 = arith.constant 12 : index
  %c16 = arith.constant 16 : index
  %c20 = arith.constant 20 : index
  %z8 = arith.constant 0 : i8
  %z32 = arith.constant 0 : i32
  %one = arith.constant 1 : i8
  %0 = stream.async.fill %z8, %r[%c4 to %c8 for %c4] : i8 -> %r as !stream.resource<*>{%n}
  %1 = stream.async.fill %z32, %0[%c8 to %c12 for %c4] : i32 -> %0 as !stream.resource<*>{%n}
  %2 = stream.async.fill %z8, %1[%c12 to %c16 for %c4] : i8 -> %1 as !stream.resource<*>{%n}
  %3 = stream.async.fill %one, %2[%c16 to %c20 for %c4] : i8 -> %2 as !stream.resource<*>{%n}
  util.return %3 : !stream.resource<*>
}

// -----

// §8.2 QUIRK: CoalesceAdjacentFills backward case sums both offsets.
// CHECK-LABEL: util.func public @coalesce_fills_backward
util.func public @coalesce_fills_backward(%r: !stream.resource<*>, %n: index) -> !stream.resource<*> {
  // CHECK-DAG: %[[Z:.+]] = arith.constant 0 : i8
  // CHECK-DAG: %[[C8:.+]] = arith.constant 8 : index
  // CHECK-DAG: %[[C12:.+]] = arith.constant 12 : index
  // CHECK: %[[F:.+]] = stream.async.fill %[[Z]], %arg0[%[[C12]] to %[[C12]] for %[[C8]]] : i8 -> %arg0 as !stream.resource<*>{%arg1}
  // CHECK-NEXT: util.return %[[F]]
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %c12 = arith.constant 12 : index
  %z = arith.constant 0 : i8
  %0 = stream.async.fill %z, %r[%c8 to %c12 for %c4] : i8 -> %r as !stream.resource<*>{%n}
  %1 = stream.async.fill %z, %0[%c4 to %c8 for %c4] : i8 -> %0 as !stream.resource<*>{%n}
  util.return %1 : !stream.resource<*>
}

// -----

// §5.4 async.update folder: full update into a function argument is kept;
// into a local splat -> the update value; self update -> target.
// CHECK-LABEL: util.func public @update_folds
util.func public @update_folds(%x: !stream.resource<*>, %y: !stream.resource<*>, %n: index, %v: i32) -> (!stream.resource<*>, !stream.resource<*>, !stream.resource<*>) {
  // CHECK-NEXT: %[[C0:.+]] = arith.constant 0 : index
  // CHECK-NEXT: %[[U:.+]] = stream.async.update %arg0, %arg1[%[[C0]] to %arg2] : !stream.resource<*>{%arg2} -> %arg1 as !stream.resource<*>{%arg2}
  // CHECK-NEXT: util.return %[[U]], %arg0, %arg1
  %c0 = arith.constant 0 : index
  %0 = stream.async.update %x, %y[%c0 to %n] : !stream.resource<*>{%n} -> %y as !stream.resource<*>{%n}
  %s = stream.async.splat %v : i32 -> !stream.resource<*>{%n}
  %1 = stream.async.update %x, %s[%c0 to %n] : !stream.resource<*>{%n} -> %s as !stream.resource<*>{%n}
  %2 = stream.async.update %y, %y[%c0 to %n] : !stream.resource<*>{%n} -> %y as !stream.resource<*>{%n}
  util.return %0, %1, %2 : !stream.resource<*>, !stream.resource<*>, !stream.resource<*>
}

// -----

// §5.4 ElideInPlaceUpdate (spec example): the reader @g is read-only.
// CHECK-LABEL: util.func public @elide_in_place_update
util.func public @elide_in_place_update(%a: !stream.resource<*>, %n: index) -> (!stream.resource<*>, !stream.resource<*>) {
  // CHECK-NEXT: %[[C0:.+]] = arith.constant 0 : index
  // CHECK-NEXT: %[[D:.+]] = stream.async.dispatch @ex::@fn(%arg0[%[[C0]] to %arg1 for %arg1]) : (!stream.resource<*>{%arg1}) -> %arg0{%arg1}
  // CHECK-NEXT: %[[G:.+]] = stream.async.dispatch @ex::@g(%[[D]][%[[C0]] to %arg1 for %arg1]) : (!stream.resource<*>{%arg1}) -> !stream.resource<*>{%arg1}
  // CHECK-NEXT: util.return %[[D]], %[[G]]
  %c0 = arith.constant 0 : index
  %0 = stream.async.dispatch @ex::@fn(%a[%c0 to %n for %n]) : (!stream.resource<*>{%n}) -> %a{%n}
  %1 = stream.async.update %0, %a[%c0 to %n] : !stream.resource<*>{%n} -> %a as !stream.resource<*>{%n}
  %2 = stream.async.dispatch @ex::@g(%0[%c0 to %n for %n]) : (!stream.resource<*>{%n}) -> !stream.resource<*>{%n}
  util.return %1, %2 : !stream.resource<*>, !stream.resource<*>
}

// -----

// §5.4 ElideInPlaceUpdate negative: another user writes the produced value.
// CHECK-LABEL: util.func public @keep_in_place_update
util.func public @keep_in_place_update(%a: !stream.resource<*>, %n: index) -> (!stream.resource<*>, !stream.resource<*>) {
  // CHECK-NEXT: %[[C0:.+]] = arith.constant 0 : index
  // CHECK-NEXT: %[[D:.+]] = stream.async.dispatch @ex::@fn(%arg0[%[[C0]] to %arg1 for %arg1]) : (!stream.resource<*>{%arg1}) -> %arg0{%arg1}
  // CHECK-NEXT: %[[U:.+]] = stream.async.update %[[D]], %arg0[%[[C0]] to %arg1] : !stream.resource<*>{%arg1} -> %arg0 as !stream.resource<*>{%arg1}
  // CHECK-NEXT: %[[G:.+]] = stream.async.dispatch @ex::@g(%[[D]][%[[C0]] to %arg1 for %arg1]) : (!stream.resource<*>{%arg1}) -> %[[D]]{%arg1}
  // CHECK-NEXT: util.return %[[U]], %[[G]]
  %c0 = arith.constant 0 : index
  %0 = stream.async.dispatch @ex::@fn(%a[%c0 to %n for %n]) : (!stream.resource<*>{%n}) -> %a{%n}
  %1 = stream.async.update %0, %a[%c0 to %n] : !stream.resource<*>{%n} -> %a as !stream.resource<*>{%n}
  %2 = stream.async.dispatch @ex::@g(%0[%c0 to %n for %n]) : (!stream.resource<*>{%n}) -> %0{%n}
  util.return %1, %2 : !stream.resource<*>, !stream.resource<*>
}

// -----

// §5.4 CombineSplatUpdateFromToFill (spec example).
// CHECK-LABEL: util.func public @splat_update_to_fill
util.func public @splat_update_to_fill(%d: !stream.resource<*>, %dn: index, %v: i32) -> !stream.resource<*> {
  // CHECK-DAG: %[[C0:.+]] = arith.constant 0 : index
  // CHECK-DAG: %[[C128:.+]] = arith.constant 128 : index
  // CHECK: %[[F:.+]] = stream.async.fill %arg2, %arg0[%[[C0]] to %[[C128]] for %[[C128]]] : i32 -> %arg0 as !stream.resource<*>{%arg1}
  // CHECK-NEXT: util.return %[[F]]
  %c0 = arith.constant 0 : index
  %c128 = arith.constant 128 : index
  %s = stream.async.splat %v : i32 -> !stream.resource<*>{%c128}
  %0 = stream.async.update %s, %d[%c0 to %c128] : !stream.resource<*>{%c128} -> %d as !stream.resource<*>{%dn}
  util.return %0 : !stream.resource<*>
}

// -----

// §5.4 CombineSliceUpdateFromToCopy.
// CHECK-LABEL: util.func public @slice_update_to_copy
util.func public @slice_update_to_copy(%src: !stream.resource<*>, %ns: index, %d: !stream.resource<*>, %nd: index) -> !stream.resource<*> {
  // CHECK-DAG: %[[C0:.+]] = arith.constant 0 : index
  // CHECK-DAG: %[[C16:.+]] = arith.constant 16 : index
  // CHECK-DAG: %[[C32:.+]] = arith.constant 32 : index
  // CHECK-DAG: %[[C48:.+]] = arith.constant 48 : index
  // CHECK: %[[C:.+]] = stream.async.copy %arg0[%[[C16]] to %[[C48]]], %arg2[%[[C0]] to %[[C32]]], %[[C32]] : !stream.resource<*>{%arg1} -> %arg2 as !stream.resource<*>{%arg3}
  // CHECK-NEXT: util.return %[[C]]
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c48 = arith.constant 48 : index
  %s = stream.async.slice %src[%c16 to %c48] : !stream.resource<*>{%ns} -> !stream.resource<*>{%c32}
  %0 = stream.async.update %s, %d[%c0 to %c32] : !stream.resource<*>{%c32} -> %d as !stream.resource<*>{%nd}
  util.return %0 : !stream.resource<*>
}

// -----

// §5.4 AsyncCopyFullSourceToUpdate (spec example); a partial copy is kept.
// CHECK-LABEL: util.func public @copy_to_update
util.func public @copy_to_update(%s: !stream.resource<*>, %ns: index, %t: !stream.resource<*>, %nt: index) -> (!stream.resource<*>, !stream.resource<*>) {
  // CHECK-DAG: %[[C0:.+]] = arith.constant 0 : index
  // CHECK-DAG: %[[C8:.+]] = arith.constant 8 : index
  // CHECK-DAG: %[[C16:.+]] = arith.constant 16 : index
  // CHECK: %[[U:.+]] = stream.async.update %arg0, %arg2[%[[C0]] to %arg1] : !stream.resource<*>{%arg1} -> %arg2 as !stream.resource<*>{%arg3}
  // CHECK-NEXT: %[[K:.+]] = stream.async.copy %arg0[%[[C16]] to %arg1], %arg2[%[[C0]] to %[[C8]]], %[[C8]] : !stream.resource<*>{%arg1} -> %arg2 as !stream.resource<*>{%arg3}
  // CHECK-NEXT: util.return %[[U]], %[[K]]
  %c0 = arith.constant 0 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %0 = stream.async.copy %s[%c0 to %ns], %t[%c0 to %ns], %ns : !stream.resource<*>{%ns} -> %t as !stream.resource<*>{%nt}
  %1 = stream.async.copy %s[%c16 to %ns], %t[%c0 to %c8], %c8 : !stream.resource<*>{%ns} -> %t as !stream.resource<*>{%nt}
  util.return %0, %1 : !stream.resource<*>, !stream.resource<*>
}

// -----

// §5.4 async.transfer folder (spec example): round trip folds away.
// CHECK-LABEL: util.func public @transfer_round_trip
util.func public @transfer_round_trip(%x: !stream.resource<transient>, %n: index) -> !stream.resource<transient> {
  // CHECK-NEXT: util.return %arg0
  %0 = stream.async.transfer %x : !stream.resource<transient>{%n} -> !stream.resource<staging>{%n}
  %1 = stream.async.transfer %0 : !stream.resource<staging>{%n} -> !stream.resource<transient>{%n}
  util.return %1 : !stream.resource<transient>
}

// -----

// §5.4 IntermediateTransferElision + SameAffinityTransferToClone:
// constant -> staging -> external becomes one clone.
// CHECK-LABEL: util.func public @transfer_chain_to_clone
util.func public @transfer_chain_to_clone(%src: !stream.resource<constant>, %n: index) -> !stream.resource<external> {
  // CHECK-NEXT: %[[C:.+]] = stream.async.clone %arg0 : !stream.resource<constant>{%arg1} -> !stream.resource<external>{%arg1}
  // CHECK-NEXT: util.return %[[C]]
  %0 = stream.async.transfer %src : !stream.resource<constant>{%n} -> !stream.resource<staging>{%n}
  %1 = stream.async.transfer %0 : !stream.resource<staging>{%n} -> !stream.resource<external>{%n}
  util.return %1 : !stream.resource<external>
}

// -----

// §5.4 IntermediateTransferElision with differing affinities (spec example):
// execution affinity preserved, stays a transfer.
// CHECK-LABEL: util.func public @transfer_chain_affinities
util.func public @transfer_chain_affinities(%src: !stream.resource<transient>, %n: index) -> !stream.resource<external> {
  // CHECK-NEXT: %[[T:.+]] = stream.async.transfer on(#hal.device.affinity<@a>) %arg0 : !stream.resource<transient>{%arg1} from(#hal.device.affinity<@b>) -> to(#hal.device.affinity<@a>) !stream.resource<external>{%arg1}
  // CHECK-NEXT: util.return %[[T]]
  %0 = stream.async.transfer %src : !stream.resource<transient>{%n} from(#hal.device.affinity<@b>) -> to(#hal.device.affinity<@a>) !stream.resource<staging>{%n}
  %1 = stream.async.transfer on(#hal.device.affinity<@a>) %0 : !stream.resource<staging>{%n} from(#hal.device.affinity<@a>) -> to(#hal.device.affinity<@a>) !stream.resource<external>{%n}
  util.return %1 : !stream.resource<external>
}

// -----

// §5.4 SameAffinityTransferToClone (spec example) and its staging negative.
// CHECK-LABEL: util.func public @transfer_to_clone
util.func public @transfer_to_clone(%x: !stream.resource<constant>, %n: index) -> (!stream.resource<external>, !stream.resource<staging>) {
  // CHECK-NEXT: %[[C:.+]] = stream.async.clone %arg0 : !stream.resource<constant>{%arg1} -> !stream.resource<external>{%arg1}
  // CHECK-NEXT: %[[T:.+]] = stream.async.transfer %arg0 : !stream.resource<constant>{%arg1} -> !stream.resource<staging>{%arg1}
  // CHECK-NEXT: util.return %[[C]], %[[T]]
  %0 = stream.async.transfer %x : !stream.resource<constant>{%n} -> !stream.resource<external>{%n}
  %1 = stream.async.transfer %x : !stream.resource<constant>{%n} -> !stream.resource<staging>{%n}
  util.return %0, %1 : !stream.resource<external>, !stream.resource<staging>
}

// -----

// §5.4 async.cast: same type folds; round trip folds; chain collapses.
// CHECK-LABEL: util.func public @cast_folds
util.func public @cast_folds(%x: !stream.resource<external>, %n: index) -> (!stream.resource<external>, !stream.resource<external>, !stream.resource<transient>) {
  // CHECK-NEXT: %[[C:.+]] = stream.async.cast %arg0 : !stream.resource<external>{%arg1} -> !stream.resource<transient>{%arg1}
  // CHECK-NEXT: util.return %arg0, %arg0, %[[C]]
  %0 = stream.async.cast %x : !stream.resource<external>{%n} -> !stream.resource<external>{%n}
  %1 = stream.async.cast %x : !stream.resource<external>{%n} -> !stream.resource<*>{%n}
  %2 = stream.async.cast %1 : !stream.resource<*>{%n} -> !stream.resource<external>{%n}
  %3 = stream.async.cast %1 : !stream.resource<*>{%n} -> !stream.resource<transient>{%n}
  util.return %0, %2, %3 : !stream.resource<external>, !stream.resource<external>, !stream.resource<transient>
}

// -----

// §5.4 FoldAsyncLoadBitcast (spec example).
// CHECK-LABEL: util.func public @load_bitcast
util.func public @load_bitcast(%r: !stream.resource<staging>, %n: index) -> f32 {
  // CHECK-NEXT: %[[C0:.+]] = arith.constant 0 : index
  // CHECK-NEXT: %[[L:.+]] = stream.async.load %arg0[%[[C0]]] : !stream.resource<staging>{%arg1} -> f32
  // CHECK-NEXT: util.return %[[L]]
  %c0 = arith.constant 0 : index
  %v = stream.async.load %r[%c0] : !stream.resource<staging>{%n} -> i32
  %f = arith.bitcast %v : i32 to f32
  util.return %f : f32
}

// -----

// §5.4 FoldAsyncStoreBitcast (spec example).
// CHECK-LABEL: util.func public @store_bitcast
util.func public @store_bitcast(%r: !stream.resource<staging>, %n: index, %f: f32) -> !stream.resource<staging> {
  // CHECK-NEXT: %[[C0:.+]] = arith.constant 0 : index
  // CHECK-NEXT: %[[S:.+]] = stream.async.store %arg2, %arg0[%[[C0]]] : f32 -> %arg0 as !stream.resource<staging>{%arg1}
  // CHECK-NEXT: util.return %[[S]]
  %c0 = arith.constant 0 : index
  %i = arith.bitcast %f : f32 to i32
  %0 = stream.async.store %i, %r[%c0] : i32 -> %r as !stream.resource<staging>{%n}
  util.return %0 : !stream.resource<staging>
}

// -----

// §5.4 FoldAsyncCloneIntoLoad (spec example).
// CHECK-LABEL: util.func public @load_through_transfer_clone
util.func public @load_through_transfer_clone(%x: !stream.resource<external>, %n: index, %off: index) -> f32 {
  // CHECK-DAG: %[[C0:.+]] = arith.constant 0 : index
  // CHECK-DAG: %[[C4:.+]] = arith.constant 4 : index
  // CHECK: %[[E:.+]] = arith.addi %arg2, %[[C4]] : index
  // CHECK-NEXT: %[[S:.+]] = stream.async.slice %arg0[%arg2 to %[[E]]] : !stream.resource<external>{%arg1} -> !stream.resource<external>{%[[C4]]}
  // CHECK-NEXT: %[[T:.+]] = stream.async.transfer %[[S]] : !stream.resource<external>{%[[C4]]} -> !stream.resource<staging>{%[[C4]]}
  // CHECK-NEXT: %[[L:.+]] = stream.async.load %[[T]][%[[C0]]] : !stream.resource<staging>{%[[C4]]} -> f32
  // CHECK-NEXT: util.return %[[L]]
  %c = stream.async.clone %x : !stream.resource<external>{%n} -> !stream.resource<*>{%n}
  %t = stream.async.transfer %c : !stream.resource<*>{%n} -> !stream.resource<staging>{%n}
  %v = stream.async.load %t[%off] : !stream.resource<staging>{%n} -> f32
  util.return %v : f32
}

// -----

// §5.4 DeduplicateAsyncDispatchEntryRefs and ElideUnusedOp<async.dispatch>;
// §6.2 an unused async.call survives.
stream.async.func private @ext(%arg0: !stream.resource<*>, %arg1: index) -> !stream.resource<*>

// CHECK-LABEL: util.func public @async_dispatch_entry_refs
util.func public @async_dispatch_entry_refs(%x: !stream.resource<*>, %n: index) -> (!stream.resource<*>, !stream.resource<*>) {
  // CHECK-NEXT: %[[C0:.+]] = arith.constant 0 : index
  // CHECK-NEXT: %[[A:.+]] = stream.async.dispatch {@ex::@a, @ex::@b}(%arg0[%[[C0]] to %arg1 for %arg1]) : (!stream.resource<*>{%arg1}) -> !stream.resource<*>{%arg1}
  // CHECK-NEXT: %[[B:.+]] = stream.async.dispatch @ex::@a(%arg0[%[[C0]] to %arg1 for %arg1]) : (!stream.resource<*>{%arg1}) -> !stream.resource<*>{%arg1}
  // CHECK-NEXT: %{{.+}} = stream.async.call @ext(%arg0[%[[C0]] to %arg1 for %arg1], %arg1) : (!stream.resource<*>{%arg1}, index) -> !stream.resource<*>{%arg1}
  // CHECK-NEXT: util.return %[[A]], %[[B]]
  %c0 = arith.constant 0 : index
  %0 = stream.async.dispatch {@ex::@a, @ex::@b, @ex::@a}(%x[%c0 to %n for %n]) : (!stream.resource<*>{%n}) -> !stream.resource<*>{%n}
  %1 = stream.async.dispatch {@ex::@a, @ex::@a}(%x[%c0 to %n for %n]) : (!stream.resource<*>{%n}) -> !stream.resource<*>{%n}
  %2 = stream.async.dispatch @ex::@c(%x[%c0 to %n for %n]) : (!stream.resource<*>{%n}) -> !stream.resource<*>{%n}
  %3 = stream.async.call @ext(%x[%c0 to %n for %n], %n) : (!stream.resource<*>{%n}, index) -> !stream.resource<*>{%n}
  util.return %0, %1 : !stream.resource<*>, !stream.resource<*>
}

// -----

// §1.3/§5.4: unused async.alloca, splat, clone, slice, fill, update, copy,
// transfer and cast are erased.
// CHECK-LABEL: util.func public @elide_unused_async
util.func public @elide_unused_async(%r: !stream.resource<*>, %n: index, %v: i32) {
  // CHECK-NEXT: util.return
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %0 = stream.async.alloca : !stream.resource<transient>{%n}
  %1 = stream.async.splat %v : i32 -> !stream.resource<*>{%n}
  %2 = stream.async.clone %r : !stream.resource<*>{%n} -> !stream.resource<*>{%n}
  %3 = stream.async.slice %r[%c0 to %c4] : !stream.resource<*>{%n} -> !stream.resource<*>{%c4}
  %4 = stream.async.fill %v, %r[%c0 to %c4 for %c4] : i32 -> %r as !stream.resource<*>{%n}
  %5 = stream.async.update %r, %r[%c0 to %c4] : !stream.resource<*>{%n} -> %r as !stream.resource<*>{%n}
  %6 = stream.async.copy %r[%c0 to %c4], %r[%c4 to %n], %c4 : !stream.resource<*>{%n} -> %r as !stream.resource<*>{%n}
  %7 = stream.async.transfer %r : !stream.resource<*>{%n} -> !stream.resource<staging>{%n}
  %8 = stream.async.cast %r : !stream.resource<*>{%n} -> !stream.resource<external>{%n}
  util.return
}

// -----

// §3.8 ElideImmediateTimepointWait<async.execute>.
// CHECK-LABEL: util.func public @execute_immediate_await
util.func public @execute_immediate_await(%r: !stream.resource<*>, %n: index) -> (!stream.resource<*>, !stream.timepoint) {
  // CHECK-NEXT: %[[C0:.+]] = arith.constant 0 : index
  // CHECK-NEXT: %[[O:.+]], %[[T:.+]] = stream.async.execute with(%arg0 as %[[A:.+]]: !stream.resource<*>{%arg1}) -> %arg0{%arg1} {
  // CHECK-NEXT: %[[D:.+]] = stream.async.dispatch @ex::@f(%[[A]][%[[C0]] to %arg1 for %arg1]) : (!stream.resource<*>{%arg1}) -> %[[A]]{%arg1}
  // CHECK-NEXT: stream.yield %[[D]] : !stream.resource<*>{%arg1}
  // CHECK-NEXT: } => !stream.timepoint
  // CHECK-NEXT: util.return %[[O]], %[[T]]
  %c0 = arith.constant 0 : index
  %imm = stream.timepoint.immediate => !stream.timepoint
  %o, %t = stream.async.execute await(%imm) => with(%r as %a: !stream.resource<*>{%n}) -> %r{%n} {
    %d = stream.async.dispatch @ex::@f(%a[%c0 to %n for %n]) : (!stream.resource<*>{%n}) -> %a{%n}
    stream.yield %d : !stream.resource<*>{%n}
  } => !stream.timepoint
  util.return %o, %t : !stream.resource<*>, !stream.timepoint
}

// -----

// §11.3: await feeding an execute with an immediate already awaited.
// CHECK-LABEL: util.func public @execute_chain_await_immediate
util.func public @execute_chain_await_immediate(%t: !stream.timepoint, %res: !stream.resource<*>, %n: index) -> (!stream.resource<*>, !stream.timepoint) {
  // CHECK-NEXT: %[[C0:.+]] = arith.constant 0 : index
  // CHECK-NEXT: %[[O:.+]], %[[OT:.+]] = stream.async.execute await(%arg0) => with(%arg1 as %[[A:.+]]: !stream.resource<*>{%arg2}) -> %arg1{%arg2} {
  // CHECK-NEXT: %[[D:.+]] = stream.async.dispatch @ex::@f(%[[A]][%[[C0]] to %arg2 for %arg2]) : (!stream.resource<*>{%arg2}) -> %[[A]]{%arg2}
  // CHECK-NEXT: stream.yield %[[D]] : !stream.resource<*>{%arg2}
  // CHECK-NEXT: } => !stream.timepoint
  // CHECK-NEXT: util.return %[[O]], %[[OT]]
  %c0 = arith.constant 0 : index
  %imm = stream.timepoint.immediate => !stream.timepoint
  %r = stream.timepoint.await %t => %res : !stream.resource<*>{%n}
  %o, %ot = stream.async.execute await(%imm) => with(%r as %a: !stream.resource<*>{%n}) -> %r{%n} {
    %d = stream.async.dispatch @ex::@f(%a[%c0 to %n for %n]) : (!stream.resource<*>{%n}) -> %a{%n}
    stream.yield %d : !stream.resource<*>{%n}
  } => !stream.timepoint
  util.return %o, %ot : !stream.resource<*>, !stream.timepoint
}

// -----

// §8.1 QUIRK: ChainDependentAwaits replaces the existing await %u by %t.
// CHECK-LABEL: util.func public @execute_chain_replaces_await
util.func public @execute_chain_replaces_await(%t: !stream.timepoint, %u: !stream.timepoint, %res: !stream.resource<*>, %n: index) -> (!stream.resource<*>, !stream.timepoint) {
  // CHECK-NEXT: %[[C0:.+]] = arith.constant 0 : index
  // CHECK-NEXT: %[[O:.+]], %[[OT:.+]] = stream.async.execute await(%arg0) => with(%arg2 as %[[A:.+]]: !stream.resource<*>{%arg3}) -> %arg2{%arg3} {
  %c0 = arith.constant 0 : index
  %r = stream.timepoint.await %t => %res : !stream.resource<*>{%n}
  %o, %ot = stream.async.execute await(%u) => with(%r as %a: !stream.resource<*>{%n}) -> %r{%n} {
    %d = stream.async.dispatch @ex::@f(%a[%c0 to %n for %n]) : (!stream.resource<*>{%n}) -> %a{%n}
    stream.yield %d : !stream.resource<*>{%n}
  } => !stream.timepoint
  util.return %o, %ot : !stream.resource<*>, !stream.timepoint
}

// -----

// §3.9: two awaited captures -> the execute awaits their join.
// CHECK-LABEL: util.func public @execute_chain_two_awaits
util.func public @execute_chain_two_awaits(%t0: !stream.timepoint, %t1: !stream.timepoint, %a: !stream.resource<*>, %b: !stream.resource<*>, %n: index) -> !stream.timepoint {
  // CHECK-NEXT: %[[C0:.+]] = arith.constant 0 : index
  // CHECK-NEXT: %[[J:.+]] = stream.timepoint.join max(%arg0, %arg1) => !stream.timepoint
  // CHECK-NEXT: %[[O:.+]]:2, %[[OT:.+]] = stream.async.execute await(%[[J]]) => with(%arg2 as %{{.+}}: !stream.resource<*>{%arg4}, %arg3 as %{{.+}}: !stream.resource<*>{%arg4}) -> (%arg2{%arg4}, %arg3{%arg4}) {
  %c0 = arith.constant 0 : index
  %ra = stream.timepoint.await %t0 => %a : !stream.resource<*>{%n}
  %rb = stream.timepoint.await %t1 => %b : !stream.resource<*>{%n}
  %o:2, %ot = stream.async.execute with(%ra as %x: !stream.resource<*>{%n}, %rb as %y: !stream.resource<*>{%n}) -> (%ra{%n}, %rb{%n}) {
    %d:2 = stream.async.dispatch @ex::@f(%x[%c0 to %n for %n], %y[%c0 to %n for %n]) : (!stream.resource<*>{%n}, !stream.resource<*>{%n}) -> (%x{%n}, %y{%n})
    stream.yield %d#0, %d#1 : !stream.resource<*>{%n}, !stream.resource<*>{%n}
  } => !stream.timepoint
  util.return %ot : !stream.timepoint
}

// -----

// §5.4 CloneCapturedAsyncExecuteSubviewOps (spec example).
// CHECK-LABEL: util.func public @execute_captured_subview
util.func public @execute_captured_subview(%r: !stream.resource<*>, %n: index) -> (!stream.resource<*>, !stream.timepoint) {
  // CHECK-DAG: %[[C0:.+]] = arith.constant 0 : index
  // CHECK-DAG: %[[C128:.+]] = arith.constant 128 : index
  // CHECK: %[[O:.+]], %[[T:.+]] = stream.async.execute with(%arg0 as %[[A:.+]]: !stream.resource<*>{%arg1}) -> %arg0{%[[C128]]} {
  // CHECK-NEXT: %[[A2:.+]] = stream.resource.subview %[[A]][%[[C0]]] : !stream.resource<*>{%arg1} -> !stream.resource<*>{%[[C128]]}
  // CHECK-NEXT: %[[D:.+]] = stream.async.dispatch @ex::@f(%[[A2]][%[[C0]] to %[[C128]] for %[[C128]]]) : (!stream.resource<*>{%[[C128]]}) -> !stream.resource<*>{%[[C128]]}
  // CHECK-NEXT: stream.yield %[[D]] : !stream.resource<*>{%[[C128]]}
  // CHECK-NEXT: } => !stream.timepoint
  %c0 = arith.constant 0 : index
  %c128 = arith.constant 128 : index
  %v = stream.resource.subview %r[%c0] : !stream.resource<*>{%n} -> !stream.resource<*>{%c128}
  %o, %t = stream.async.execute with(%v as %a: !stream.resource<*>{%c128}) -> %v{%c128} {
    %d = stream.async.dispatch @ex::@f(%a[%c0 to %c128 for %c128]) : (!stream.resource<*>{%c128}) -> !stream.resource<*>{%c128}
    stream.yield %d : !stream.resource<*>{%c128}
  } => !stream.timepoint
  util.return %o, %t : !stream.resource<*>, !stream.timepoint
}

// -----

// §5.4 ElideNoOpAsyncExecuteOp (spec example) and §8.5 QUIRK: the timepoint
// becomes immediate although the op awaited %w.
// CHECK-LABEL: util.func public @execute_noop
util.func public @execute_noop(%w: !stream.timepoint, %x: !stream.resource<*>, %n: index) -> (!stream.resource<*>, !stream.timepoint) {
  // CHECK-NEXT: %[[IMM:.+]] = stream.timepoint.immediate => !stream.timepoint
  // CHECK-NEXT: util.return %arg1, %[[IMM]]
  %r, %t = stream.async.execute await(%w) => with(%x as %a: !stream.resource<*>{%n}) -> %x{%n} {
    stream.yield %a : !stream.resource<*>{%n}
  } => !stream.timepoint
  util.return %r, %t : !stream.resource<*>, !stream.timepoint
}

// -----

// §3.7 TieRegionResults (spec example).
// CHECK-LABEL: util.func public @execute_tie_results
util.func public @execute_tie_results(%a: !stream.resource<*>, %n: index) -> (!stream.resource<*>, !stream.timepoint) {
  // CHECK: stream.async.execute with(%arg0 as %{{.+}}: !stream.resource<*>{%arg1}) -> %arg0{%arg1} {
  %c0 = arith.constant 0 : index
  %r, %t = stream.async.execute with(%a as %b: !stream.resource<*>{%n}) -> !stream.resource<*>{%n} {
    %d = stream.async.dispatch @ex::@fn(%b[%c0 to %n for %n]) : (!stream.resource<*>{%n}) -> %b{%n}
    stream.yield %d : !stream.resource<*>{%n}
  } => !stream.timepoint
  util.return %r, %t : !stream.resource<*>, !stream.timepoint
}

// -----

// §5.4 ElideUnusedOp<async.execute>: an unused execute is erased.
// CHECK-LABEL: util.func public @execute_unused
util.func public @execute_unused(%a: !stream.resource<*>, %n: index) {
  // CHECK-NEXT: util.return
  %c0 = arith.constant 0 : index
  %r, %t = stream.async.execute with(%a as %b: !stream.resource<*>{%n}) -> !stream.resource<*>{%n} {
    %d = stream.async.dispatch @ex::@fn(%b[%c0 to %n for %n]) : (!stream.resource<*>{%n}) -> %b{%n}
    stream.yield %d : !stream.resource<*>{%n}
  } => !stream.timepoint
  util.return
}

// -----

// §4.1 ClosureOptimizationPattern (spec example): duplicate captures and
// duplicate results merged; result 1 then tied to %a.
// CHECK-LABEL: util.func public @execute_closure_dedup
util.func public @execute_closure_dedup(%a: !stream.resource<*>, %n: index, %m: index, %v: i32) -> (!stream.resource<*>, !stream.resource<*>, !stream.resource<*>, !stream.timepoint) {
  // CHECK-DAG: %[[C0:.+]] = arith.constant 0 : index
  // CHECK-DAG: %[[C4:.+]] = arith.constant 4 : index
  // CHECK: %[[R:.+]]:2, %[[T:.+]] = stream.async.execute with(%arg0 as %[[X:.+]]: !stream.resource<*>{%arg1}) -> (!stream.resource<*>{%arg2}, %arg0{%arg1}) {
  // CHECK-NEXT: %[[D:.+]] = stream.async.dispatch @ex::@f(%[[X]][%[[C0]] to %arg1 for %arg1]) : (!stream.resource<*>{%arg1}) -> !stream.resource<*>{%arg2}
  // CHECK-NEXT: %[[F:.+]] = stream.async.fill %arg3, %[[X]][%[[C0]] to %[[C4]] for %[[C4]]] : i32 -> %[[X]] as !stream.resource<*>{%arg1}
  // CHECK-NEXT: stream.yield %[[D]], %[[F]] : !stream.resource<*>{%arg2}, !stream.resource<*>{%arg1}
  // CHECK-NEXT: } => !stream.timepoint
  // CHECK-NEXT: util.return %[[R]]#0, %[[R]]#1, %[[R]]#0, %[[T]]
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %r:3, %t = stream.async.execute with(%a as %x: !stream.resource<*>{%n}, %a as %y: !stream.resource<*>{%n}) -> (!stream.resource<*>{%m}, !stream.resource<*>{%n}, !stream.resource<*>{%m}) {
    %d = stream.async.dispatch @ex::@f(%x[%c0 to %n for %n]) : (!stream.resource<*>{%n}) -> !stream.resource<*>{%m}
    %f = stream.async.fill %v, %y[%c0 to %c4 for %c4] : i32 -> %y as !stream.resource<*>{%n}
    stream.yield %d, %f, %d : !stream.resource<*>{%m}, !stream.resource<*>{%n}, !stream.resource<*>{%m}
  } => !stream.timepoint
  util.return %r#0, %r#1, %r#2, %t : !stream.resource<*>, !stream.resource<*>, !stream.resource<*>, !stream.timepoint
}

// -----

// §4.1 ClosureOptimizationPattern: an unused capture is dropped.
// CHECK-LABEL: util.func public @execute_unused_capture
util.func public @execute_unused_capture(%a: !stream.resource<*>, %b: !stream.resource<*>, %n: index) -> (!stream.resource<*>, !stream.timepoint) {
  // CHECK: %{{.+}}, %{{.+}} = stream.async.execute with(%arg1 as %[[Y:.+]]: !stream.resource<*>{%arg2}) -> %arg1{%arg2} {
  // CHECK-NEXT: stream.async.dispatch @ex::@f(%[[Y]]
  %c0 = arith.constant 0 : index
  %r, %t = stream.async.execute with(%a as %x: !stream.resource<*>{%n}, %b as %y: !stream.resource<*>{%n}) -> %b{%n} {
    %d = stream.async.dispatch @ex::@f(%y[%c0 to %n for %n]) : (!stream.resource<*>{%n}) -> %y{%n}
    stream.yield %d : !stream.resource<*>{%n}
  } => !stream.timepoint
  util.return %r, %t : !stream.resource<*>, !stream.timepoint
}

// -----

// §8.9 QUIRK: the closure pattern never drops an unused execute result.
// CHECK-LABEL: util.func public @execute_unused_result_kept
util.func public @execute_unused_result_kept(%a: !stream.resource<*>, %n: index) -> (!stream.resource<*>, !stream.timepoint) {
  // CHECK: %[[R:.+]]:2, %[[T:.+]] = stream.async.execute with(%arg0 as %{{.+}}: !stream.resource<*>{%arg1}) -> (!stream.resource<*>{%arg1}, !stream.resource<*>{%arg1}) {
  // CHECK: util.return %[[R]]#0, %[[T]]
  %c0 = arith.constant 0 : index
  %r:2, %t = stream.async.execute with(%a as %x: !stream.resource<*>{%n}) -> (!stream.resource<*>{%n}, !stream.resource<*>{%n}) {
    %d0 = stream.async.dispatch @ex::@f(%x[%c0 to %n for %n]) : (!stream.resource<*>{%n}) -> !stream.resource<*>{%n}
    %d1 = stream.async.dispatch @ex::@g(%x[%c0 to %n for %n]) : (!stream.resource<*>{%n}) -> !stream.resource<*>{%n}
    stream.yield %d0, %d1 : !stream.resource<*>{%n}, !stream.resource<*>{%n}
  } => !stream.timepoint
  util.return %r#0, %t : !stream.resource<*>, !stream.timepoint
}

// -----

// §5.4 async.concurrent: a nested concurrent yielding a dispatch result tied
// to its capture gets tied.
// CHECK-LABEL: util.func public @concurrent_tied
util.func public @concurrent_tied(%a: !stream.resource<*>, %n: index) -> (!stream.resource<*>, !stream.timepoint) {
  // CHECK: stream.async.execute with(%arg0 as %[[X:.+]]: !stream.resource<*>{%arg1}) -> %arg0{%arg1} {
  // CHECK-NEXT: %[[C:.+]] = stream.async.concurrent with(%[[X]] as %[[Y:.+]]: !stream.resource<*>{%arg1}) -> %[[X]]{%arg1} {
  %c0 = arith.constant 0 : index
  %r, %t = stream.async.execute with(%a as %x: !stream.resource<*>{%n}) -> !stream.resource<*>{%n} {
    %c = stream.async.concurrent with(%x as %y: !stream.resource<*>{%n}) -> !stream.resource<*>{%n} {
      %d = stream.async.dispatch @ex::@f(%y[%c0 to %n for %n]) : (!stream.resource<*>{%n}) -> %y{%n}
      stream.yield %d : !stream.resource<*>{%n}
    }
    stream.yield %c : !stream.resource<*>{%n}
  } => !stream.timepoint
  util.return %r, %t : !stream.resource<*>, !stream.timepoint
}

// -----

// §5.4 async.concurrent: a nested concurrent whose only result is unused is
// erased with its body; §8.10 a zero-result concurrent with an unused capture
// is erased too.
// CHECK-LABEL: util.func public @concurrent_unused
util.func public @concurrent_unused(%a: !stream.resource<*>, %n: index) -> (!stream.resource<*>, !stream.timepoint) {
  // CHECK: stream.async.execute with(%arg0 as %[[X:.+]]: !stream.resource<*>{%arg1}) -> %arg0{%arg1} {
  // CHECK-NEXT: %[[E:.+]] = stream.async.dispatch @ex::@g(%[[X]]
  // CHECK-NEXT: stream.yield %[[E]] : !stream.resource<*>{%arg1}
  // CHECK-NEXT: } => !stream.timepoint
  // CHECK-NOT: stream.async.concurrent
  %c0 = arith.constant 0 : index
  %r, %t = stream.async.execute with(%a as %x: !stream.resource<*>{%n}) -> %a{%n} {
    %c = stream.async.concurrent with(%x as %y: !stream.resource<*>{%n}) -> !stream.resource<*>{%n} {
      %d = stream.async.dispatch @ex::@f(%y[%c0 to %n for %n]) : (!stream.resource<*>{%n}) -> !stream.resource<*>{%n}
      stream.yield %d : !stream.resource<*>{%n}
    }
    stream.async.concurrent with(%x as %z: !stream.resource<*>{%n}) {
      stream.yield
    }
    %e = stream.async.dispatch @ex::@g(%x[%c0 to %n for %n]) : (!stream.resource<*>{%n}) -> %x{%n}
    stream.yield %e : !stream.resource<*>{%n}
  } => !stream.timepoint
  util.return %r, %t : !stream.resource<*>, !stream.timepoint
}

// -----

// §5.4 SinkAllocaLikeOpToConsumers: a single user nested in a region -> the
// splat moves into that region right before the user.
util.func private @use(!stream.resource<*>)
util.func private @other()

// CHECK-LABEL: util.func public @sink_splat_into_region
util.func public @sink_splat_into_region(%v: i32, %n: index, %c: i1) {
  // CHECK-NEXT: util.call @other()
  // CHECK-NEXT: scf.if %arg2 {
  // CHECK-NEXT: %[[S:.+]] = stream.async.splat %arg0 : i32 -> !stream.resource<*>{%arg1}
  // CHECK-NEXT: util.call @use(%[[S]])
  // CHECK-NEXT: }
  // CHECK-NEXT: util.return
  %s = stream.async.splat %v : i32 -> !stream.resource<*>{%n}
  util.call @other() : () -> ()
  scf.if %c {
    util.call @use(%s) : (!stream.resource<*>) -> ()
  }
  util.return
}

// -----

// §8.3 QUIRK: PropagateCloneableOps always uses result #0 of the
// re-materialized (multi-result, resource-free) dispatch.
// CHECK-LABEL: util.func public @clone_of_multi_result_dispatch
util.func public @clone_of_multi_result_dispatch(%v: i32, %n: index, %m: index) -> (!stream.resource<*>, !stream.resource<transient>) {
  // CHECK-NEXT: %[[D:.+]]:2 = stream.async.dispatch @ex::@f(%arg0) : (i32) -> (!stream.resource<*>{%arg1}, !stream.resource<*>{%arg2})
  // CHECK-NEXT: %[[E:.+]]:2 = stream.async.dispatch @ex::@f(%arg0) : (i32) -> (!stream.resource<transient>{%arg1}, !stream.resource<*>{%arg2})
  // CHECK-NEXT: util.return %[[D]]#0, %[[E]]#0
  %d:2 = stream.async.dispatch @ex::@f(%v) : (i32) -> (!stream.resource<*>{%n}, !stream.resource<*>{%m})
  %c = stream.async.clone %d#1 : !stream.resource<*>{%m} -> !stream.resource<transient>{%m}
  util.return %d#0, %c : !stream.resource<*>, !stream.resource<transient>
}

// -----

// §5.4 FlattenFullFillToSplat: the target offset is not checked.
// CHECK-LABEL: util.func public @full_fill_offset_unchecked
util.func public @full_fill_offset_unchecked(%a: i32, %b: i32, %n: index) -> !stream.resource<*> {
  // CHECK-NEXT: %[[S:.+]] = stream.async.splat %arg1 : i32 -> !stream.resource<*>{%arg2}
  // CHECK-NEXT: util.return %[[S]]
  %c4 = arith.constant 4 : index
  %t = stream.async.splat %a : i32 -> !stream.resource<*>{%n}
  %0 = stream.async.fill %b, %t[%c4 to %n for %n] : i32 -> %t as !stream.resource<*>{%n}
  util.return %0 : !stream.resource<*>
}

// -----

// §5.4 CombineSliceUpdateFromToCopy negative: the slice is in another block.
// CHECK-LABEL: util.func public @slice_update_other_block
util.func public @slice_update_other_block(%src: !stream.resource<*>, %ns: index, %d: !stream.resource<*>, %nd: index, %c: i1) -> !stream.resource<*> {
  // CHECK: %[[S:.+]] = stream.async.slice %arg0
  // CHECK: cf.cond_br
  // CHECK: stream.async.update %[[S]], %arg2
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c48 = arith.constant 48 : index
  %s = stream.async.slice %src[%c16 to %c48] : !stream.resource<*>{%ns} -> !stream.resource<*>{%c32}
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  %0 = stream.async.update %s, %d[%c0 to %c32] : !stream.resource<*>{%c32} -> %d as !stream.resource<*>{%nd}
  util.return %0 : !stream.resource<*>
^bb2:
  util.return %d : !stream.resource<*>
}

// -----

// §5.4 ElideInPlaceUpdate negative: an unknown user (util.call) blocks.
util.func private @use(!stream.resource<*>)

// CHECK-LABEL: util.func public @in_place_update_unknown_user
util.func public @in_place_update_unknown_user(%a: !stream.resource<*>, %n: index) -> !stream.resource<*> {
  // CHECK: %[[D:.+]] = stream.async.dispatch @ex::@fn
  // CHECK-NEXT: %[[U:.+]] = stream.async.update %[[D]], %arg0
  // CHECK-NEXT: util.call @use(%[[D]])
  // CHECK-NEXT: util.return %[[U]]
  %c0 = arith.constant 0 : index
  %0 = stream.async.dispatch @ex::@fn(%a[%c0 to %n for %n]) : (!stream.resource<*>{%n}) -> %a{%n}
  %1 = stream.async.update %0, %a[%c0 to %n] : !stream.resource<*>{%n} -> %a as !stream.resource<*>{%n}
  util.call @use(%0) : (!stream.resource<*>) -> ()
  util.return %1 : !stream.resource<*>
}

// -----

// §5.4 transfer: an execution affinity blocks the round-trip folder; the chain
// collapses to a same-affinity transfer which becomes a clone.
// CHECK-LABEL: util.func public @transfer_round_trip_exec_affinity
util.func public @transfer_round_trip_exec_affinity(%x: !stream.resource<transient>, %n: index) -> !stream.resource<transient> {
  // CHECK-NEXT: %[[C:.+]] = stream.async.clone %arg0 : !stream.resource<transient>{%arg1} -> !stream.resource<transient>{%arg1}
  // CHECK-NEXT: util.return %[[C]]
  %0 = stream.async.transfer on(#hal.device.affinity<@a>) %x : !stream.resource<transient>{%n} -> !stream.resource<staging>{%n}
  %1 = stream.async.transfer %0 : !stream.resource<staging>{%n} -> !stream.resource<transient>{%n}
  util.return %1 : !stream.resource<transient>
}

// -----

// §5.4 CollapseAsyncCastChain keeps the outer affinity; sizes = inner source size.
// CHECK-LABEL: util.func public @cast_chain_affinity
util.func public @cast_chain_affinity(%x: !stream.resource<external>, %n: index) -> !stream.resource<transient> {
  // CHECK-NEXT: %[[C:.+]] = stream.async.cast on(#hal.device.affinity<@a>) %arg0 : !stream.resource<external>{%arg1} -> !stream.resource<transient>{%arg1}
  // CHECK-NEXT: util.return %[[C]]
  %0 = stream.async.cast on(#hal.device.affinity<@b>) %x : !stream.resource<external>{%n} -> !stream.resource<*>{%n}
  %1 = stream.async.cast on(#hal.device.affinity<@a>) %0 : !stream.resource<*>{%n} -> !stream.resource<transient>{%n}
  util.return %1 : !stream.resource<transient>
}

// -----

// §5.4 FoldAsyncLoadBitcast negative: the loaded value has two uses.
// CHECK-LABEL: util.func public @load_bitcast_two_uses
util.func public @load_bitcast_two_uses(%r: !stream.resource<staging>, %n: index) -> (f32, i32) {
  // CHECK: %[[L:.+]] = stream.async.load %arg0[%{{.+}}] : !stream.resource<staging>{%arg1} -> i32
  // CHECK-NEXT: %[[F:.+]] = arith.bitcast %[[L]] : i32 to f32
  // CHECK-NEXT: util.return %[[F]], %[[L]]
  %c0 = arith.constant 0 : index
  %v = stream.async.load %r[%c0] : !stream.resource<staging>{%n} -> i32
  %f = arith.bitcast %v : i32 to f32
  util.return %f, %v : f32, i32
}

// -----

// §5.4 ElideNoOpAsyncExecuteOp: results map to the captures feeding the
// yielded block arguments (permuted).
// CHECK-LABEL: util.func public @execute_noop_permuted
util.func public @execute_noop_permuted(%x: !stream.resource<*>, %y: !stream.resource<*>, %n: index) -> (!stream.resource<*>, !stream.resource<*>, !stream.timepoint) {
  // CHECK-NEXT: %[[IMM:.+]] = stream.timepoint.immediate => !stream.timepoint
  // CHECK-NEXT: util.return %arg1, %arg0, %[[IMM]]
  %r:2, %t = stream.async.execute with(%x as %a: !stream.resource<*>{%n}, %y as %b: !stream.resource<*>{%n}) -> (!stream.resource<*>{%n}, !stream.resource<*>{%n}) {
    stream.yield %b, %a : !stream.resource<*>{%n}, !stream.resource<*>{%n}
  } => !stream.timepoint
  util.return %r#0, %r#1, %t : !stream.resource<*>, !stream.resource<*>, !stream.timepoint
}

// -----

// §5.4 CoalesceAdjacentFills negative: the first fill has another use.
// CHECK-LABEL: util.func public @coalesce_fills_multi_use
util.func public @coalesce_fills_multi_use(%r: !stream.resource<*>, %n: index) -> (!stream.resource<*>, !stream.resource<*>) {
  // CHECK: %[[F0:.+]] = stream.async.fill %{{.+}}, %arg0[%{{.+}} to %{{.+}} for %{{.+}}] : i8 -> %arg0 as !stream.resource<*>{%arg1}
  // CHECK-NEXT: %[[F1:.+]] = stream.async.fill %{{.+}}, %[[F0]][%{{.+}} to %{{.+}} for %{{.+}}] : i8 -> %[[F0]] as !stream.resource<*>{%arg1}
  // CHECK-NEXT: util.return %[[F0]], %[[F1]]
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %c12 = arith.constant 12 : index
  %z = arith.constant 0 : i8
  %0 = stream.async.fill %z, %r[%c4 to %c8 for %c4] : i8 -> %r as !stream.resource<*>{%n}
  %1 = stream.async.fill %z, %0[%c8 to %c12 for %c4] : i8 -> %0 as !stream.resource<*>{%n}
  util.return %0, %1 : !stream.resource<*>, !stream.resource<*>
}

// -----

// §9: duplicate results merged, tied ones too.
// CHECK-LABEL: util.func public @execute_dup_tied_results
util.func public @execute_dup_tied_results(%a: !stream.resource<*>, %n: index, %m: index, %v: i32) -> (!stream.resource<*>, !stream.resource<*>, !stream.resource<*>) {
  // CHECK: %[[R:.+]]:2, %{{.+}} = stream.async.execute with(%arg0 as %[[X:.+]]: !stream.resource<*>{%arg1}) -> (%arg0{%arg1}, !stream.resource<*>{%arg2}) {
  // CHECK: stream.yield %{{.+}}, %{{.+}} : !stream.resource<*>{%arg1}, !stream.resource<*>{%arg2}
  // CHECK: util.return %[[R]]#0, %[[R]]#1, %[[R]]#0
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %r:3, %t = stream.async.execute with(%a as %x: !stream.resource<*>{%n}) -> (%a{%n}, !stream.resource<*>{%m}, !stream.resource<*>{%n}) {
    %f = stream.async.fill %v, %x[%c0 to %c4 for %c4] : i32 -> %x as !stream.resource<*>{%n}
    %d = stream.async.dispatch @ex::@f(%f[%c0 to %n for %n]) : (!stream.resource<*>{%n}) -> !stream.resource<*>{%m}
    stream.yield %f, %d, %f : !stream.resource<*>{%n}, !stream.resource<*>{%m}, !stream.resource<*>{%n}
  } => !stream.timepoint
  util.return %r#0, %r#1, %r#2 : !stream.resource<*>, !stream.resource<*>, !stream.resource<*>
}

// -----

// §3.9: the capture is result #1 of a multi-resource await -> the await's
// operand #1 is captured.
// CHECK-LABEL: util.func public @execute_chain_multi_resource_await
util.func public @execute_chain_multi_resource_await(%t: !stream.timepoint, %a: !stream.resource<*>, %b: !stream.resource<*>, %n: index) -> (!stream.resource<*>, !stream.resource<*>, !stream.timepoint) {
  // CHECK: %[[O:.+]], %[[OT:.+]] = stream.async.execute await(%arg0) => with(%arg2 as %{{.+}}: !stream.resource<*>{%arg3}) -> %arg2{%arg3} {
  // The await then sinks to its remaining consumer (the return).
  // CHECK: } => !stream.timepoint
  // CHECK-NEXT: %[[W:.+]]:2 = stream.timepoint.await %arg0 => %arg1, %arg2 : !stream.resource<*>{%arg3}, !stream.resource<*>{%arg3}
  // CHECK-NEXT: util.return %[[W]]#0, %[[O]], %[[OT]]
  %c0 = arith.constant 0 : index
  %w:2 = stream.timepoint.await %t => %a, %b : !stream.resource<*>{%n}, !stream.resource<*>{%n}
  %o, %ot = stream.async.execute with(%w#1 as %x: !stream.resource<*>{%n}) -> %w#1{%n} {
    %d = stream.async.dispatch @ex::@f(%x[%c0 to %n for %n]) : (!stream.resource<*>{%n}) -> %x{%n}
    stream.yield %d : !stream.resource<*>{%n}
  } => !stream.timepoint
  util.return %w#0, %o, %ot : !stream.resource<*>, !stream.resource<*>, !stream.timepoint
}

// -----

// §1.4/§4.4: resource.size of async results folds to their sizes.
// CHECK-LABEL: util.func public @size_of_async_results
util.func public @size_of_async_results(%v: i32, %n: index, %x: !stream.resource<*>, %y: !stream.resource<*>, %m: index) -> (!stream.resource<*>, index, !stream.resource<*>, index) {
  // CHECK: util.return %{{.+}}, %arg1, %{{.+}}, %arg4
  %c0 = arith.constant 0 : index
  %s = stream.async.splat %v : i32 -> !stream.resource<*>{%n}
  %0 = stream.resource.size %s : !stream.resource<*>
  %u = stream.async.update %x, %y[%c0 to %n] : !stream.resource<*>{%n} -> %y as !stream.resource<*>{%m}
  %1 = stream.resource.size %u : !stream.resource<*>
  util.return %s, %0, %u, %1 : !stream.resource<*>, index, !stream.resource<*>, index
}

// -----

// §1.3: an unused async.barrier survives; Pure async.load/store disappear.
// CHECK-LABEL: util.func public @not_trivially_dead_async_ops
util.func public @not_trivially_dead_async_ops(%r: !stream.resource<*>, %n: index, %stg: !stream.resource<staging>, %v: i32) {
  // CHECK-NEXT: %{{.+}} = stream.async.barrier %arg0 : !stream.resource<*>{%arg1}
  // CHECK-NEXT: util.return
  %c0 = arith.constant 0 : index
  %0 = stream.async.barrier %r : !stream.resource<*>{%n}
  %1 = stream.async.load %stg[%c0] : !stream.resource<staging>{%n} -> i32
  %2 = stream.async.store %v, %stg[%c0] : i32 -> %stg as !stream.resource<staging>{%n}
  util.return
}

// -----

// §3.8: no ElideImmediateTimepointWait on async.splat / async.constant.
// CHECK-LABEL: util.func public @splat_immediate_await_kept
util.func public @splat_immediate_await_kept(%v: i32, %n: index) -> (!stream.resource<*>, !stream.resource<*>) {
  // CHECK-DAG: %[[IMM:.+]] = stream.timepoint.immediate => !stream.timepoint
  // CHECK-DAG: stream.async.splat await(%[[IMM]]) %arg0 : i32 -> !stream.resource<*>{%arg1}
  // CHECK-DAG: stream.async.constant await(%[[IMM]]) : !stream.resource<*>{%arg1} = dense<[1, 2]> : tensor<2xi32>
  %imm = stream.timepoint.immediate => !stream.timepoint
  %0 = stream.async.splat await(%imm) %v : i32 -> !stream.resource<*>{%n}
  %1 = stream.async.constant await(%imm) : !stream.resource<*>{%n} = dense<[1, 2]> : tensor<2xi32>
  util.return %0, %1 : !stream.resource<*>, !stream.resource<*>
}

// -----

// §5.4 affinities of rebuilt ops: splat-of-slice takes the slice's affinity,
// splat->update fill takes the update's, full fill -> splat takes the fill's,
// copy -> update takes the copy's, constant -> splat keeps its own.
// CHECK-LABEL: util.func public @rebuilt_op_affinities
util.func public @rebuilt_op_affinities(%v: i32, %w: !stream.timepoint, %d: !stream.resource<*>, %dn: index, %s: !stream.resource<*>, %ns: index) -> (!stream.resource<*>, !stream.resource<*>, !stream.resource<*>, !stream.resource<*>, !stream.resource<*>) {
  // CHECK-DAG: stream.async.splat on(#hal.device.affinity<@b>) await(%arg1) %arg0 : i32 -> !stream.resource<*>{%c64}
  // CHECK-DAG: stream.async.fill on(#hal.device.affinity<@c>) %arg0, %arg2[%c0 to %c128 for %c128] : i32 -> %arg2 as !stream.resource<*>{%arg3}
  // CHECK-DAG: stream.async.splat on(#hal.device.affinity<@d>) %arg0 : i32 -> !stream.resource<*>{%arg3}
  // CHECK-DAG: stream.async.update on(#hal.device.affinity<@e>) %arg4, %arg2[%c0 to %arg5] : !stream.resource<*>{%arg5} -> %arg2 as !stream.resource<*>{%arg3}
  // CHECK-DAG: stream.async.splat on(#hal.device.affinity<@f>) await(%arg1) %c5_i32 : i32 -> !stream.resource<*>{%arg3}
  %c0 = arith.constant 0 : index
  %c64 = arith.constant 64 : index
  %c128 = arith.constant 128 : index
  %sp = stream.async.splat on(#hal.device.affinity<@a>) await(%w) %v : i32 -> !stream.resource<*>{%c128}
  %0 = stream.async.slice on(#hal.device.affinity<@b>) %sp[%c0 to %c64] : !stream.resource<*>{%c128} -> !stream.resource<*>{%c64}
  %1 = stream.async.update on(#hal.device.affinity<@c>) %sp, %d[%c0 to %c128] : !stream.resource<*>{%c128} -> %d as !stream.resource<*>{%dn}
  %t = stream.async.alloca : !stream.resource<*>{%dn}
  %2 = stream.async.fill on(#hal.device.affinity<@d>) %v, %t[%c0 to %dn for %dn] : i32 -> %t as !stream.resource<*>{%dn}
  %3 = stream.async.copy on(#hal.device.affinity<@e>) %s[%c0 to %ns], %d[%c0 to %ns], %ns : !stream.resource<*>{%ns} -> %d as !stream.resource<*>{%dn}
  %4 = stream.async.constant on(#hal.device.affinity<@f>) await(%w) : !stream.resource<*>{%dn} = dense<5> : tensor<4xi32>
  util.return %0, %1, %2, %3, %4 : !stream.resource<*>, !stream.resource<*>, !stream.resource<*>, !stream.resource<*>, !stream.resource<*>
}

// -----

// §5.4 SameAffinityTransferToClone with explicit equal affinities -> clone on
// the source affinity.
// CHECK-LABEL: util.func public @transfer_same_affinity_to_clone
util.func public @transfer_same_affinity_to_clone(%x: !stream.resource<*>, %n: index) -> !stream.resource<external> {
  // CHECK-NEXT: %[[C:.+]] = stream.async.clone on(#hal.device.affinity<@a>) %arg0 : !stream.resource<*>{%arg1} -> !stream.resource<external>{%arg1}
  // CHECK-NEXT: util.return %[[C]]
  %0 = stream.async.transfer %x : !stream.resource<*>{%n} from(#hal.device.affinity<@a>) -> to(#hal.device.affinity<@a>) !stream.resource<external>{%n}
  util.return %0 : !stream.resource<external>
}

// -----

// §4.1/§3.14: the rebuilt execute keeps its affinity and discardable attributes.
// CHECK-LABEL: util.func public @execute_closure_keeps_attrs
util.func public @execute_closure_keeps_attrs(%a: !stream.resource<*>, %n: index) -> (!stream.resource<*>, !stream.timepoint) {
  // CHECK: stream.async.execute on(#hal.device.affinity<@a>) with(%arg0 as %{{.+}}: !stream.resource<*>{%arg1}) -> %arg0{%arg1} {
  // CHECK: } => !stream.timepoint attributes {test.keep}
  %c0 = arith.constant 0 : index
  %r, %t = stream.async.execute on(#hal.device.affinity<@a>) with(%a as %x: !stream.resource<*>{%n}, %a as %y: !stream.resource<*>{%n}) -> %a{%n} {
    %d = stream.async.dispatch @ex::@f(%x[%c0 to %n for %n], %y[%c0 to %n for %n]) : (!stream.resource<*>{%n}, !stream.resource<*>{%n}) -> %x{%n}
    stream.yield %d : !stream.resource<*>{%n}
  } => !stream.timepoint attributes {test.keep}
  util.return %r, %t : !stream.resource<*>, !stream.timepoint
}

// -----

// §5.4: a full-range fill of a splat with the same value becomes a new splat
// (FlattenFullFillToSplat first): the original splat's await is lost.
// CHECK-LABEL: util.func public @full_fill_same_value_drops_await
util.func public @full_fill_same_value_drops_await(%w: !stream.timepoint, %v: i32, %n: index) -> !stream.resource<*> {
  // CHECK-NEXT: %[[S:.+]] = stream.async.splat %arg1 : i32 -> !stream.resource<*>{%arg2}
  // CHECK-NEXT: util.return %[[S]]
  %c0 = arith.constant 0 : index
  %t = stream.async.splat await(%w) %v : i32 -> !stream.resource<*>{%n}
  %0 = stream.async.fill %v, %t[%c0 to %n for %n] : i32 -> %t as !stream.resource<*>{%n}
  util.return %0 : !stream.resource<*>
}

// -----

// §5.4 SinkAllocaLikeOpToConsumers<async.alloca>.
util.func private @use(!stream.resource<transient>)
util.func private @other()

// CHECK-LABEL: util.func public @sink_alloca
util.func public @sink_alloca(%n: index) {
  // CHECK-NEXT: util.call @other()
  // CHECK-NEXT: %[[A:.+]] = stream.async.alloca : !stream.resource<transient>{%arg0}
  // CHECK-NEXT: util.call @use(%[[A]])
  %a = stream.async.alloca : !stream.resource<transient>{%n}
  util.call @other() : () -> ()
  util.call @use(%a) : (!stream.resource<transient>) -> ()
  util.return
}

// -----

// §3.9: sync awaits are not chained into an execute.
// CHECK-LABEL: util.func public @execute_no_chain_sync
util.func public @execute_no_chain_sync(%t: !stream.timepoint, %res: !stream.resource<*>, %n: index) -> (!stream.resource<*>, !stream.timepoint) {
  // CHECK: %[[R:.+]] = stream.timepoint.await sync %arg0 => %arg1 : !stream.resource<*>{%arg2}
  // CHECK-NEXT: %{{.+}}, %{{.+}} = stream.async.execute with(%[[R]] as
  %c0 = arith.constant 0 : index
  %r = stream.timepoint.await sync %t => %res : !stream.resource<*>{%n}
  %o, %ot = stream.async.execute with(%r as %a: !stream.resource<*>{%n}) -> %r{%n} {
    %d = stream.async.dispatch @ex::@f(%a[%c0 to %n for %n]) : (!stream.resource<*>{%n}) -> %a{%n}
    stream.yield %d : !stream.resource<*>{%n}
  } => !stream.timepoint
  util.return %o, %ot : !stream.resource<*>, !stream.timepoint
}

// -----

// §4.7/§5.4 FoldAsyncCloneIntoLoad byte widths: vector<4xf32> -> 16, i1 -> 1,
// i23 -> 4.
// CHECK-LABEL: util.func public @load_through_transfer_clone_widths
util.func public @load_through_transfer_clone_widths(%x: !stream.resource<external>, %n: index, %off: index) -> (vector<4xf32>, i1, i23) {
  // CHECK-DAG: %[[C1:.+]] = arith.constant 1 : index
  // CHECK-DAG: %[[C4:.+]] = arith.constant 4 : index
  // CHECK-DAG: %[[C16:.+]] = arith.constant 16 : index
  // CHECK-DAG: stream.async.load %{{.+}}[%{{.+}}] : !stream.resource<staging>{%[[C16]]} -> vector<4xf32>
  // CHECK-DAG: stream.async.load %{{.+}}[%{{.+}}] : !stream.resource<staging>{%[[C1]]} -> i1
  // CHECK-DAG: stream.async.load %{{.+}}[%{{.+}}] : !stream.resource<staging>{%[[C4]]} -> i23
  %c0 = stream.async.clone %x : !stream.resource<external>{%n} -> !stream.resource<*>{%n}
  %t0 = stream.async.transfer %c0 : !stream.resource<*>{%n} -> !stream.resource<staging>{%n}
  %v0 = stream.async.load %t0[%off] : !stream.resource<staging>{%n} -> vector<4xf32>
  %c1 = stream.async.clone %x : !stream.resource<external>{%n} -> !stream.resource<*>{%n}
  %t1 = stream.async.transfer %c1 : !stream.resource<*>{%n} -> !stream.resource<staging>{%n}
  %v1 = stream.async.load %t1[%off] : !stream.resource<staging>{%n} -> i1
  %c2 = stream.async.clone %x : !stream.resource<external>{%n} -> !stream.resource<*>{%n}
  %t2 = stream.async.transfer %c2 : !stream.resource<*>{%n} -> !stream.resource<staging>{%n}
  %v2 = stream.async.load %t2[%off] : !stream.resource<staging>{%n} -> i23
  util.return %v0, %v1, %v2 : vector<4xf32>, i1, i23
}

// -----

// §5.4 IntermediateTransferElision: an intermediate transfer with other uses stays.
// CHECK-LABEL: util.func public @transfer_chain_intermediate_used
util.func public @transfer_chain_intermediate_used(%src: !stream.resource<transient>, %n: index) -> (!stream.resource<staging>, !stream.resource<external>) {
  // CHECK-NEXT: %[[A:.+]] = stream.async.transfer %arg0 : !stream.resource<transient>{%arg1} from(#hal.device.affinity<@b>) -> to(#hal.device.affinity<@a>) !stream.resource<staging>{%arg1}
  // CHECK-NEXT: %[[B:.+]] = stream.async.transfer %arg0 : !stream.resource<transient>{%arg1} from(#hal.device.affinity<@b>) -> to(#hal.device.affinity<@a>) !stream.resource<external>{%arg1}
  // CHECK-NEXT: util.return %[[A]], %[[B]]
  %0 = stream.async.transfer %src : !stream.resource<transient>{%n} from(#hal.device.affinity<@b>) -> to(#hal.device.affinity<@a>) !stream.resource<staging>{%n}
  %1 = stream.async.transfer %0 : !stream.resource<staging>{%n} from(#hal.device.affinity<@a>) -> to(#hal.device.affinity<@a>) !stream.resource<external>{%n}
  util.return %0, %1 : !stream.resource<staging>, !stream.resource<external>
}

// -----

// §3.6: the producer is re-materialized before each user of the clone.
util.func private @use(!stream.resource<transient>)

// CHECK-LABEL: util.func public @clone_of_splat_two_users
util.func public @clone_of_splat_two_users(%v: i32, %n: index) -> !stream.resource<transient> {
  // CHECK-NEXT: %[[S0:.+]] = stream.async.splat %arg0 : i32 -> !stream.resource<transient>{%arg1}
  // CHECK-NEXT: util.call @use(%[[S0]])
  // CHECK-NEXT: %[[S1:.+]] = stream.async.splat %arg0 : i32 -> !stream.resource<transient>{%arg1}
  // CHECK-NEXT: util.return %[[S1]]
  %s = stream.async.splat %v : i32 -> !stream.resource<*>{%n}
  %c = stream.async.clone %s : !stream.resource<*>{%n} -> !stream.resource<transient>{%n}
  util.call @use(%c) : (!stream.resource<transient>) -> ()
  util.return %c : !stream.resource<transient>
}

// -----

// §3.6: a clone of a clone re-materializes the inner clone with the outer type.
// CHECK-LABEL: util.func public @clone_of_clone
util.func public @clone_of_clone(%x: !stream.resource<*>, %n: index) -> !stream.resource<variable> {
  // CHECK-NEXT: %[[C:.+]] = stream.async.clone %arg0 : !stream.resource<*>{%arg1} -> !stream.resource<variable>{%arg1}
  // CHECK-NEXT: util.return %[[C]]
  %c1 = stream.async.clone %x : !stream.resource<*>{%n} -> !stream.resource<transient>{%n}
  %c2 = stream.async.clone %c1 : !stream.resource<transient>{%n} -> !stream.resource<variable>{%n}
  util.return %c2 : !stream.resource<variable>
}

// -----

// §5.4 ElideInPlaceUpdate: timepoint.await users pass (Pure), async.barrier blocks.
// CHECK-LABEL: util.func public @in_place_update_users
util.func public @in_place_update_users(%a: !stream.resource<*>, %b: !stream.resource<*>, %n: index, %t: !stream.timepoint) -> (!stream.resource<*>, !stream.resource<*>, !stream.resource<*>, !stream.resource<*>) {
  // CHECK: %[[D0:.+]] = stream.async.dispatch @ex::@fn(%arg0
  // CHECK-NEXT: %[[D1:.+]] = stream.async.dispatch @ex::@fn(%arg1
  // CHECK-NEXT: %[[U:.+]] = stream.async.update %[[D1]], %arg1
  // CHECK-NEXT: %[[B:.+]] = stream.async.barrier %[[D1]]
  // CHECK-NEXT: %[[W:.+]] = stream.timepoint.await %arg3 => %[[D0]]
  // CHECK-NEXT: util.return %[[D0]], %[[W]], %[[U]], %[[B]]
  %c0 = arith.constant 0 : index
  %0 = stream.async.dispatch @ex::@fn(%a[%c0 to %n for %n]) : (!stream.resource<*>{%n}) -> %a{%n}
  %1 = stream.async.update %0, %a[%c0 to %n] : !stream.resource<*>{%n} -> %a as !stream.resource<*>{%n}
  %2 = stream.timepoint.await %t => %0 : !stream.resource<*>{%n}
  %3 = stream.async.dispatch @ex::@fn(%b[%c0 to %n for %n]) : (!stream.resource<*>{%n}) -> %b{%n}
  %4 = stream.async.update %3, %b[%c0 to %n] : !stream.resource<*>{%n} -> %b as !stream.resource<*>{%n}
  %5 = stream.async.barrier %3 : !stream.resource<*>{%n}
  util.return %1, %2, %4, %5 : !stream.resource<*>, !stream.resource<*>, !stream.resource<*>, !stream.resource<*>
}

// -----

// §5.4 async.update folder rule 1 requires equal update/result types.
// CHECK-LABEL: util.func public @update_type_mismatch_kept
util.func public @update_type_mismatch_kept(%x: !stream.resource<*>, %n: index, %v: i32) -> !stream.resource<transient> {
  // CHECK: %[[S:.+]] = stream.async.splat %arg2 : i32 -> !stream.resource<transient>{%arg1}
  // CHECK-NEXT: %[[U:.+]] = stream.async.update %arg0, %[[S]]
  // CHECK-NEXT: util.return %[[U]]
  %c0 = arith.constant 0 : index
  %s = stream.async.splat %v : i32 -> !stream.resource<transient>{%n}
  %0 = stream.async.update %x, %s[%c0 to %n] : !stream.resource<*>{%n} -> %s as !stream.resource<transient>{%n}
  util.return %0 : !stream.resource<transient>
}

// -----

// §3.12 hasValueSemantics: targets produced by async-phase ops (alloca, untied
// dispatch result) fold to the update value; a tensor-phase producer
// (tensor.splat) or a tied dispatch result does not.
// CHECK-LABEL: util.func public @update_value_semantics
util.func public @update_value_semantics(%x: !stream.resource<*>, %y: !stream.resource<*>, %n: index, %v: i32) -> (!stream.resource<*>, !stream.resource<*>, !stream.resource<*>, !stream.resource<*>) {
  // CHECK-DAG: %[[S:.+]] = stream.tensor.splat %arg3 : i32 -> tensor<4xi32> in !stream.resource<*>{%arg2}
  // CHECK-DAG: %[[U2:.+]] = stream.async.update %arg0, %[[S]]
  // CHECK-DAG: %[[T:.+]] = stream.async.dispatch @ex::@t(%arg1[%{{.+}} to %arg2 for %arg2]) : (!stream.resource<*>{%arg2}) -> %arg1{%arg2}
  // CHECK-DAG: %[[U3:.+]] = stream.async.update %arg0, %[[T]]
  // CHECK: util.return %arg0, %arg0, %[[U2]], %[[U3]]
  %c0 = arith.constant 0 : index
  %a = stream.async.alloca : !stream.resource<*>{%n}
  %0 = stream.async.update %x, %a[%c0 to %n] : !stream.resource<*>{%n} -> %a as !stream.resource<*>{%n}
  %d = stream.async.dispatch @ex::@d(%y[%c0 to %n for %n]) : (!stream.resource<*>{%n}) -> !stream.resource<*>{%n}
  %1 = stream.async.update %x, %d[%c0 to %n] : !stream.resource<*>{%n} -> %d as !stream.resource<*>{%n}
  %s = stream.tensor.splat %v : i32 -> tensor<4xi32> in !stream.resource<*>{%n}
  %2 = stream.async.update %x, %s[%c0 to %n] : !stream.resource<*>{%n} -> %s as !stream.resource<*>{%n}
  %t = stream.async.dispatch @ex::@t(%y[%c0 to %n for %n]) : (!stream.resource<*>{%n}) -> %y{%n}
  %3 = stream.async.update %x, %t[%c0 to %n] : !stream.resource<*>{%n} -> %t as !stream.resource<*>{%n}
  util.return %0, %1, %2, %3 : !stream.resource<*>, !stream.resource<*>, !stream.resource<*>, !stream.resource<*>
}

// -----

// §1.4: constants used inside execution regions are hoisted to the function.
// CHECK-LABEL: util.func public @constants_hoisted_out_of_execute
util.func public @constants_hoisted_out_of_execute(%r: !stream.resource<*>, %n: index) -> (!stream.resource<*>, !stream.timepoint) {
  // CHECK-NEXT: %[[C0:.+]] = arith.constant 0 : index
  // CHECK-NEXT: %{{.+}}, %{{.+}} = stream.async.execute with(%arg0 as %[[A:.+]]: !stream.resource<*>{%arg1}) -> %arg0{%arg1} {
  // CHECK-NEXT: stream.async.dispatch @ex::@f(%[[A]][%[[C0]] to %arg1 for %arg1])
  %o, %t = stream.async.execute with(%r as %a: !stream.resource<*>{%n}) -> %r{%n} {
    %c0 = arith.constant 0 : index
    %d = stream.async.dispatch @ex::@f(%a[%c0 to %n for %n]) : (!stream.resource<*>{%n}) -> %a{%n}
    stream.yield %d : !stream.resource<*>{%n}
  } => !stream.timepoint
  util.return %o, %t : !stream.resource<*>, !stream.timepoint
}

// -----

// §5.4 CoalesceAdjacentFills negative: F's offset is defined after S (not
// usable at S).
// CHECK-LABEL: util.func public @coalesce_fills_offset_not_usable
util.func public @coalesce_fills_offset_not_usable(%r: !stream.resource<*>, %n: index, %x: index, %y: index) -> !stream.resource<*> {
  // CHECK: %[[F0:.+]] = stream.async.fill %{{.+}}, %arg0[%{{.+}} to %{{.+}} for %{{.+}}] : i8 -> %arg0 as !stream.resource<*>{%arg1}
  // CHECK-NEXT: %[[O:.+]] = arith.subi %arg2, %arg3 : index
  // CHECK-NEXT: %[[F1:.+]] = stream.async.fill %{{.+}}, %[[F0]][%[[O]] to %{{.+}} for %{{.+}}] : i8 -> %[[F0]] as !stream.resource<*>{%arg1}
  // CHECK-NEXT: util.return %[[F1]]
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %z = arith.constant 0 : i8
  %0 = stream.async.fill %z, %r[%c4 to %c8 for %c4] : i8 -> %r as !stream.resource<*>{%n}
  %o = arith.subi %x, %y : index
  %1 = stream.async.fill %z, %0[%o to %c4 for %c4] : i8 -> %0 as !stream.resource<*>{%n}
  util.return %1 : !stream.resource<*>
}

// -----

// §5.4 ConvertSplatConstantsIntoSplats negative: parameter-backed constant.
// CHECK-LABEL: util.func public @async_constant_parameter_kept
util.func public @async_constant_parameter_kept(%n: index) -> !stream.resource<constant> {
  // CHECK-NEXT: %[[C:.+]] = stream.async.constant : !stream.resource<constant>{%arg0} = #stream.parameter.named<"scope"::"key"> : tensor<4xf32>
  // CHECK-NEXT: util.return %[[C]]
  %0 = stream.async.constant : !stream.resource<constant>{%n} = #stream.parameter.named<"scope"::"key"> : tensor<4xf32>
  util.return %0 : !stream.resource<constant>
}

// -----

// §3.9 + §5.4 + §5.6 interplay: a subview behind an await captured by an
// execute ends up as a chained await on the base with the subview re-created
// inside the region.
// CHECK-LABEL: util.func public @execute_await_subview_capture
util.func public @execute_await_subview_capture(%t: !stream.timepoint, %r: !stream.resource<*>, %rsz: index) -> (!stream.resource<*>, !stream.timepoint) {
  // CHECK-DAG: %[[C0:.+]] = arith.constant 0 : index
  // CHECK-DAG: %[[C64:.+]] = arith.constant 64 : index
  // CHECK-DAG: %[[C128:.+]] = arith.constant 128 : index
  // CHECK-NOT: stream.timepoint.await
  // CHECK: %{{.+}}, %{{.+}} = stream.async.execute await(%arg0) => with(%arg1 as %[[A:.+]]: !stream.resource<*>{%arg2}) -> !stream.resource<*>{%[[C128]]} {
  // CHECK-NEXT: %[[S:.+]] = stream.resource.subview %[[A]][%[[C64]]] : !stream.resource<*>{%arg2} -> !stream.resource<*>{%[[C128]]}
  // CHECK-NEXT: stream.async.dispatch @ex::@f(%[[S]][%[[C0]] to %[[C128]] for %[[C128]]])
  %c0 = arith.constant 0 : index
  %c64 = arith.constant 64 : index
  %c128 = arith.constant 128 : index
  %v = stream.resource.subview %r[%c64] : !stream.resource<*>{%rsz} -> !stream.resource<*>{%c128}
  %w = stream.timepoint.await %t => %v : !stream.resource<*>{%c128}
  %o, %ot = stream.async.execute with(%w as %a: !stream.resource<*>{%c128}) -> !stream.resource<*>{%c128} {
    %d = stream.async.dispatch @ex::@f(%a[%c0 to %c128 for %c128]) : (!stream.resource<*>{%c128}) -> !stream.resource<*>{%c128}
    stream.yield %d : !stream.resource<*>{%c128}
  } => !stream.timepoint
  util.return %o, %ot : !stream.resource<*>, !stream.timepoint
}

// -----

// §5.4/§3.3: two users in the op's block -> target is the earliest user.
util.func private @use(!stream.resource<*>)
util.func private @other()

// CHECK-LABEL: util.func public @sink_splat_earliest_user
util.func public @sink_splat_earliest_user(%v: i32, %n: index) -> !stream.resource<*> {
  // CHECK-NEXT: util.call @other()
  // CHECK-NEXT: %[[S:.+]] = stream.async.splat %arg0 : i32 -> !stream.resource<*>{%arg1}
  // CHECK-NEXT: util.call @use(%[[S]])
  // CHECK-NEXT: util.return %[[S]]
  %s = stream.async.splat %v : i32 -> !stream.resource<*>{%n}
  util.call @other() : () -> ()
  util.call @use(%s) : (!stream.resource<*>) -> ()
  util.return %s : !stream.resource<*>
}

// -----

// §3.3 use-def pruning: each splat ends right before its own consumer.
util.func private @use(!stream.resource<*>)

// CHECK-LABEL: util.func public @sink_splats_prune_by_use_def
util.func public @sink_splats_prune_by_use_def(%v: i32, %w: i32, %n: index) {
  // CHECK-NEXT: %[[A:.+]] = stream.async.splat %arg0 : i32 -> !stream.resource<*>{%arg2}
  // CHECK-NEXT: util.call @use(%[[A]])
  // CHECK-NEXT: %[[B:.+]] = stream.async.splat %arg1 : i32 -> !stream.resource<*>{%arg2}
  // CHECK-NEXT: util.call @use(%[[B]])
  // CHECK-NEXT: util.return
  %a = stream.async.splat %v : i32 -> !stream.resource<*>{%n}
  %b = stream.async.splat %w : i32 -> !stream.resource<*>{%n}
  util.call @use(%a) : (!stream.resource<*>) -> ()
  util.call @use(%b) : (!stream.resource<*>) -> ()
  util.return
}

// -----

// §3.3: splats whose common consumer uses both are stable (all in producers).
util.func private @use2(!stream.resource<*>, !stream.resource<*>)

// CHECK-LABEL: util.func public @sink_splats_stable_producers
util.func public @sink_splats_stable_producers(%v: i32, %w: i32, %n: index) {
  // CHECK-NEXT: %[[A:.+]] = stream.async.splat %arg0 : i32 -> !stream.resource<*>{%arg2}
  // CHECK-NEXT: %[[B:.+]] = stream.async.splat %arg1 : i32 -> !stream.resource<*>{%arg2}
  // CHECK-NEXT: util.call @use2(%[[A]], %[[B]])
  %a = stream.async.splat %v : i32 -> !stream.resource<*>{%n}
  %b = stream.async.splat %w : i32 -> !stream.resource<*>{%n}
  util.call @use2(%a, %b) : (!stream.resource<*>, !stream.resource<*>) -> ()
  util.return
}

// -----

// §4.1 ClosureOptimizationPattern<async.concurrent>: duplicate captures merge;
// the result is then tied to the surviving capture.
// CHECK-LABEL: util.func public @concurrent_dup_captures
util.func public @concurrent_dup_captures(%a: !stream.resource<*>, %n: index) -> (!stream.resource<*>, !stream.timepoint) {
  // CHECK: stream.async.execute with(%arg0 as %[[X:.+]]: !stream.resource<*>{%arg1}) -> %arg0{%arg1} {
  // CHECK-NEXT: %{{.+}} = stream.async.concurrent with(%[[X]] as %[[Y:.+]]: !stream.resource<*>{%arg1}) -> %[[X]]{%arg1} {
  // CHECK-NEXT: stream.async.dispatch @ex::@f(%[[Y]][%{{.+}} to %arg1 for %arg1], %[[Y]][%{{.+}} to %arg1 for %arg1])
  %c0 = arith.constant 0 : index
  %r, %t = stream.async.execute with(%a as %x: !stream.resource<*>{%n}) -> %a{%n} {
    %c = stream.async.concurrent with(%x as %y: !stream.resource<*>{%n}, %x as %z: !stream.resource<*>{%n}) -> !stream.resource<*>{%n} {
      %d = stream.async.dispatch @ex::@f(%y[%c0 to %n for %n], %z[%c0 to %n for %n]) : (!stream.resource<*>{%n}, !stream.resource<*>{%n}) -> %y{%n}
      stream.yield %d : !stream.resource<*>{%n}
    }
    stream.yield %c : !stream.resource<*>{%n}
  } => !stream.timepoint
  util.return %r, %t : !stream.resource<*>, !stream.timepoint
}

// -----

// §3.6 negative: a dispatch with a resource operand does not prefer cloning.
// CHECK-LABEL: util.func public @clone_of_dispatch_with_resources
util.func public @clone_of_dispatch_with_resources(%x: !stream.resource<*>, %n: index) -> !stream.resource<transient> {
  // CHECK: %[[D:.+]] = stream.async.dispatch @ex::@f(%arg0
  // CHECK-NEXT: %[[C:.+]] = stream.async.clone %[[D]] : !stream.resource<*>{%arg1} -> !stream.resource<transient>{%arg1}
  // CHECK-NEXT: util.return %[[C]]
  %c0 = arith.constant 0 : index
  %d = stream.async.dispatch @ex::@f(%x[%c0 to %n for %n]) : (!stream.resource<*>{%n}) -> !stream.resource<*>{%n}
  %c = stream.async.clone %d : !stream.resource<*>{%n} -> !stream.resource<transient>{%n}
  util.return %c : !stream.resource<transient>
}
