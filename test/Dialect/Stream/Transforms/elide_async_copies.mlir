// REQUIRES: sluice-opt
// --iree-stream-elide-async-copies (stream-passes-1.md §10.7): clones,
// transfers, slices and updates removed when the analysis proves them
// unneeded.

// RUN: sluice-opt --split-input-file --iree-stream-elide-async-copies --cse %s | FileCheck %s

// A * -> * clone whose source has one use is elided.

// CHECK-LABEL: @cloneSameLifetime
util.func private @cloneSameLifetime(%size: index) -> !stream.resource<*> {
  %c123_i32 = arith.constant 123 : i32
  // CHECK: %[[SPLAT:.+]] = stream.async.splat
  %splat = stream.async.splat %c123_i32 : i32 -> !stream.resource<*>{%size}
  // CHECK-NOT: stream.async.clone
  %clone = stream.async.clone %splat : !stream.resource<*>{%size} -> !stream.resource<*>{%size}
  // CHECK: util.return %[[SPLAT]]
  util.return %clone : !stream.resource<*>
}

// -----

// Of two clones of a splat feeding fills, the last one is elided.

// CHECK-LABEL: @multiUseTiedOperand
util.func private @multiUseTiedOperand(%size: index) -> (!stream.resource<*>, !stream.resource<*>) {
  %c0 = arith.constant 0 : index
  %c128 = arith.constant 128 : index
  %c256 = arith.constant 256 : index
  %c123_i32 = arith.constant 123 : i32
  %c456_i32 = arith.constant 456 : i32
  %c789_i32 = arith.constant 789 : i32
  // CHECK: %[[SPLAT:.+]] = stream.async.splat
  %splat = stream.async.splat %c123_i32 : i32 -> !stream.resource<*>{%size}
  // CHECK: %[[CLONE0:.+]] = stream.async.clone %[[SPLAT]]
  %clone0 = stream.async.clone %splat : !stream.resource<*>{%size} -> !stream.resource<*>{%size}
  // CHECK: %[[FILL0:.+]] = stream.async.fill %c456_i32, %[[CLONE0]]
  %fill0 = stream.async.fill %c456_i32, %clone0[%c0 to %c128 for %c128] : i32 -> %clone0 as !stream.resource<*>{%size}
  // CHECK-NOT: stream.async.clone
  %clone1 = stream.async.clone %splat : !stream.resource<*>{%size} -> !stream.resource<*>{%size}
  // CHECK: %[[FILL1:.+]] = stream.async.fill %c789_i32, %[[SPLAT]]
  %fill1 = stream.async.fill %c789_i32, %clone1[%c128 to %c256 for %c128] : i32 -> %clone1 as !stream.resource<*>{%size}
  // CHECK: util.return %[[FILL0]], %[[FILL1]]
  util.return %fill0, %fill1 : !stream.resource<*>, !stream.resource<*>
}

// -----

// A clone of a callee argument passed by value (last use at every call site)
// is elided.

// CHECK-LABEL: @argMoveCallee
// CHECK-SAME: (%[[ARG:.+]]: !stream.resource<*>, %[[SIZE:.+]]: index)
util.func private @argMoveCallee(%arg: !stream.resource<*>, %size: index) -> !stream.resource<*> {
  %c0 = arith.constant 0 : index
  %c128 = arith.constant 128 : index
  %c123_i32 = arith.constant 123 : i32
  // CHECK-NOT: stream.async.clone
  %clone = stream.async.clone %arg : !stream.resource<*>{%size} -> !stream.resource<*>{%size}
  // CHECK: stream.async.fill %c123_i32, %[[ARG]]
  %fill = stream.async.fill %c123_i32, %clone[%c0 to %c128 for %c128] : i32 -> %clone as !stream.resource<*>{%size}
  util.return %fill : !stream.resource<*>
}
// CHECK-LABEL: @argMoveCaller
util.func public @argMoveCaller(%size: index) -> !stream.resource<*> {
  %c123_i32 = arith.constant 123 : i32
  // CHECK: %[[SPLAT:.+]] = stream.async.splat
  %splat = stream.async.splat %c123_i32 : i32 -> !stream.resource<*>{%size}
  // CHECK: util.call @argMoveCallee(%[[SPLAT]], %arg0)
  %result = util.call @argMoveCallee(%splat, %size) : (!stream.resource<*>, index) -> !stream.resource<*>
  util.return %result : !stream.resource<*>
}

// -----

// A clone of an argument used by the caller after the call is kept.

// CHECK-LABEL: @argCopyCallee
util.func private @argCopyCallee(%arg: !stream.resource<*>, %size: index) -> !stream.resource<*> {
  %c0 = arith.constant 0 : index
  %c128 = arith.constant 128 : index
  %c123_i32 = arith.constant 123 : i32
  // CHECK: %[[CLONE:.+]] = stream.async.clone %arg0
  %clone = stream.async.clone %arg : !stream.resource<*>{%size} -> !stream.resource<*>{%size}
  // CHECK: stream.async.fill %c123_i32, %[[CLONE]]
  %fill = stream.async.fill %c123_i32, %clone[%c0 to %c128 for %c128] : i32 -> %clone as !stream.resource<*>{%size}
  util.return %fill : !stream.resource<*>
}
// CHECK-LABEL: @argCopyCaller
util.func public @argCopyCaller(%size: index) -> (!stream.resource<*>, !stream.resource<*>) {
  %c123_i32 = arith.constant 123 : i32
  %splat = stream.async.splat %c123_i32 : i32 -> !stream.resource<*>{%size}
  %result = util.call @argCopyCallee(%splat, %size) : (!stream.resource<*>, index) -> !stream.resource<*>
  util.return %splat, %result : !stream.resource<*>, !stream.resource<*>
}

// -----

// Block arguments threaded through as last uses lose their clones; the one
// forked by a select (its source is also used elsewhere) keeps its clone.

// CHECK-LABEL: @blockArgMove
util.func public @blockArgMove(%cond: i1, %size: index) -> (!stream.resource<*>, !stream.resource<*>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c123_i32 = arith.constant 123 : i32
  %c456_i32 = arith.constant 456 : i32
  // CHECK: %[[SPLAT0:.+]] = stream.async.splat %c123_i32
  %splat0 = stream.async.splat %c123_i32 : i32 -> !stream.resource<*>{%size}
  // CHECK: %[[SPLAT1:.+]] = stream.async.splat %c456_i32
  %splat1 = stream.async.splat %c456_i32 : i32 -> !stream.resource<*>{%size}
  cf.br ^bb1(%splat0, %splat1 : !stream.resource<*>, !stream.resource<*>)
// CHECK: ^bb1(%[[BB1_0:.+]]: !stream.resource<*>, %[[BB1_1:.+]]: !stream.resource<*>):
^bb1(%bb1_0: !stream.resource<*>, %bb1_1: !stream.resource<*>):
  // CHECK: %[[FILL0:.+]] = stream.async.fill %c123_i32, %[[BB1_0]]
  %clone0 = stream.async.clone %bb1_0 : !stream.resource<*>{%size} -> !stream.resource<*>{%size}
  %fill0 = stream.async.fill %c123_i32, %clone0[%c0 to %c1 for %c1] : i32 -> %clone0 as !stream.resource<*>{%size}
  // CHECK: %[[CLONE1:.+]] = stream.async.clone %[[BB1_1]]
  // CHECK: %[[FILL1:.+]] = stream.async.fill %c456_i32, %[[CLONE1]]
  %clone1 = stream.async.clone %bb1_1 : !stream.resource<*>{%size} -> !stream.resource<*>{%size}
  %fill1 = stream.async.fill %c456_i32, %clone1[%c0 to %c1 for %c1] : i32 -> %clone1 as !stream.resource<*>{%size}
  // CHECK: arith.select %arg0, %[[SPLAT1]], %[[FILL1]]
  %bb1_1_new = arith.select %cond, %splat1, %fill1 : !stream.resource<*>
  cf.cond_br %cond, ^bb1(%fill0, %bb1_1_new : !stream.resource<*>, !stream.resource<*>),
                    ^bb2(%fill0, %bb1_1_new : !stream.resource<*>, !stream.resource<*>)
^bb2(%bb2_0: !stream.resource<*>, %bb2_1: !stream.resource<*>):
  util.return %bb2_0, %bb2_1 : !stream.resource<*>, !stream.resource<*>
}

// -----

// A slice returned directly has an unsupported consumer: kept.

// CHECK-LABEL: @slice_unsupported_fold
util.func private @slice_unsupported_fold(%size: index) -> !stream.resource<*> {
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c1_i32 = arith.constant 1 : i32
  %splat = stream.async.splat %c1_i32 : i32 -> !stream.resource<*>{%size}
  // CHECK: %[[SLICE:.+]] = stream.async.slice
  %slice = stream.async.slice %splat[%c16 to %c32] : !stream.resource<*>{%size} -> !stream.resource<*>{%c16}
  // CHECK: util.return %[[SLICE]]
  util.return %slice : !stream.resource<*>
}

// -----

// A slice of a tied result is kept.

// CHECK-LABEL: @slice_unsupported_tied
util.func private @slice_unsupported_tied(%arg: !stream.resource<*>, %size: index) -> !stream.resource<*> {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c1_i32 = arith.constant 1 : i32
  %fill = stream.async.fill %c1_i32, %arg[%c0 to %c16 for %c16] : i32 -> %arg as !stream.resource<*>{%size}
  // CHECK: %[[SLICE:.+]] = stream.async.slice
  %slice = stream.async.slice %fill[%c16 to %c32] : !stream.resource<*>{%size} -> !stream.resource<*>{%c16}
  // CHECK: stream.async.dispatch @ex::@dispatch(%[[SLICE]][%c0 to %c16 for %c16])
  %dispatch = stream.async.dispatch @ex::@dispatch(%slice[%c0 to %c16 for %c16]) : (!stream.resource<*>{%c16}) -> !stream.resource<*>{%c16}
  util.return %dispatch : !stream.resource<*>
}

// -----

// A write that may overlap the sliced bytes keeps the slice.

// CHECK-LABEL: @slice_overlap_preventing
util.func private @slice_overlap_preventing(%size: index) -> (!stream.resource<*>, !stream.resource<*>) {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c1_i32 = arith.constant 1 : i32
  %splat = stream.async.splat %c1_i32 : i32 -> !stream.resource<*>{%size}
  // CHECK: %[[SLICE:.+]] = stream.async.slice
  %slice = stream.async.slice %splat[%c16 to %c32] : !stream.resource<*>{%size} -> !stream.resource<*>{%c16}
  %fill = stream.async.fill %c1_i32, %splat[%c0 to %c32 for %c32] : i32 -> %splat as !stream.resource<*>{%size}
  // CHECK: stream.async.dispatch @ex::@dispatch(%[[SLICE]]
  %dispatch = stream.async.dispatch @ex::@dispatch(%slice[%c0 to %c16 for %c16]) : (!stream.resource<*>{%c16}) -> !stream.resource<*>{%c16}
  util.return %fill, %dispatch : !stream.resource<*>, !stream.resource<*>
}

// -----

// A write ending where the slice starts does not overlap: the slice folds
// into the copy's source range.

// CHECK-LABEL: @slice_overlap_exclusive
util.func private @slice_overlap_exclusive(%size: index) -> (!stream.resource<*>, !stream.resource<*>) {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c48 = arith.constant 48 : index
  %c1_i32 = arith.constant 1 : i32
  // CHECK: %[[SPLAT:.+]] = stream.async.splat
  %splat = stream.async.splat %c1_i32 : i32 -> !stream.resource<*>{%size}
  // CHECK-NOT: stream.async.slice
  %slice = stream.async.slice %splat[%c16 to %c32] : !stream.resource<*>{%size} -> !stream.resource<*>{%c16}
  %fill = stream.async.fill %c1_i32, %splat[%c32 to %c48 for %c16] : i32 -> %splat as !stream.resource<*>{%size}
  %target = stream.async.alloca : !stream.resource<*>{%c48}
  // CHECK: stream.async.copy %[[SPLAT]][%c16 to %c32], %{{.+}}[%c0 to %c16], %c16 : !stream.resource<*>{%arg0}
  %copy = stream.async.copy %slice[%c0 to %c16], %target[%c0 to %c16], %c16 : !stream.resource<*>{%c16} -> %target as !stream.resource<*>{%c48}
  util.return %fill, %copy : !stream.resource<*>, !stream.resource<*>
}

// -----

// Only reads of the sliced bytes: the slice folds (offsets added).

// CHECK-LABEL: @slice_overlap_readonly
util.func private @slice_overlap_readonly(%size: index) -> (!stream.resource<*>, !stream.resource<*>) {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c1_i32 = arith.constant 1 : i32
  // CHECK: %[[SPLAT:.+]] = stream.async.splat
  %splat = stream.async.splat %c1_i32 : i32 -> !stream.resource<*>{%size}
  %slice = stream.async.slice %splat[%c16 to %c32] : !stream.resource<*>{%size} -> !stream.resource<*>{%c16}
  %other = stream.async.dispatch @ex::@read(%splat[%c0 to %c32 for %c32]) : (!stream.resource<*>{%size}) -> !stream.resource<*>{%c16}
  %target = stream.async.alloca : !stream.resource<*>{%c32}
  // CHECK: %[[C20:.+]] = arith.constant 20 : index
  // CHECK: stream.async.copy %[[SPLAT]][%[[C20]] to %c32], %{{.+}}[%c4 to %c16], %c4 : !stream.resource<*>{%arg0}
  %copy = stream.async.copy %slice[%c4 to %c16], %target[%c4 to %c16], %c4 : !stream.resource<*>{%c16} -> %target as !stream.resource<*>{%c32}
  util.return %other, %copy : !stream.resource<*>, !stream.resource<*>
}

// -----

// Slices fold into untied dispatch operands (dynamic offsets added).

// CHECK-LABEL: @slice_dispatch_fold
// CHECK-SAME: (%[[SIZE:.+]]: index, %[[OFFSET:.+]]: index)
util.func private @slice_dispatch_fold(%size: index, %offset: index) -> !stream.resource<*> {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c1_i32 = arith.constant 1 : i32
  // CHECK: %[[SPLAT:.+]] = stream.async.splat
  %splat = stream.async.splat %c1_i32 : i32 -> !stream.resource<*>{%size}
  // CHECK-NOT: stream.async.slice
  %slice = stream.async.slice %splat[%offset to %c32] : !stream.resource<*>{%size} -> !stream.resource<*>{%c16}
  // CHECK-DAG: %[[END1:.+]] = arith.addi %[[OFFSET]], %c16
  // CHECK-DAG: %[[START0:.+]] = arith.addi %[[OFFSET]], %c4
  // CHECK: stream.async.dispatch @ex::@dispatch(%c4, %[[SPLAT]][%[[START0]] to %[[END1]] for %c4], %[[SPLAT]][%[[OFFSET]] to %[[END1]] for %c16]) : (index, !stream.resource<*>{%[[SIZE]]}, !stream.resource<*>{%[[SIZE]]})
  %dispatch = stream.async.dispatch @ex::@dispatch(%c4, %slice[%c4 to %c16 for %c4], %slice[%c0 to %c16 for %c16]) : (index, !stream.resource<*>{%c16}, !stream.resource<*>{%c16}) -> !stream.resource<*>{%c16}
  util.return %dispatch : !stream.resource<*>
}

// -----

// Lifetime-changing clones are kept.

// CHECK-LABEL: @cloneToVariable
util.func private @cloneToVariable(%size: index) -> !stream.resource<variable> {
  %c1_i32 = arith.constant 1 : i32
  %splat = stream.async.splat %c1_i32 : i32 -> !stream.resource<*>{%size}
  // CHECK: stream.async.clone {{.+}} -> !stream.resource<variable>
  %clone = stream.async.clone %splat : !stream.resource<*>{%size} -> !stream.resource<variable>{%size}
  util.return %clone : !stream.resource<variable>
}

// -----

// CHECK-LABEL: @cloneToExternal
util.func private @cloneToExternal(%size: index) -> !stream.resource<external> {
  %c1_i32 = arith.constant 1 : i32
  %splat = stream.async.splat %c1_i32 : i32 -> !stream.resource<*>{%size}
  // CHECK: stream.async.clone {{.+}} -> !stream.resource<external>
  %clone = stream.async.clone %splat : !stream.resource<*>{%size} -> !stream.resource<external>{%size}
  util.return %clone : !stream.resource<external>
}

// -----

// CHECK-LABEL: @constantToGenericPreserved
util.func private @constantToGenericPreserved(%size: index) -> !stream.resource<*> {
  %cst = stream.async.constant : !stream.resource<constant>{%size} = dense<1> : tensor<4xi32>
  // CHECK: stream.async.clone {{.+}} : !stream.resource<constant>{%arg0} -> !stream.resource<*>{%arg0}
  %clone = stream.async.clone %cst : !stream.resource<constant>{%size} -> !stream.resource<*>{%size}
  util.return %clone : !stream.resource<*>
}

// -----

// A constant -> constant clone of a never-mutated value is elided.

// CHECK-LABEL: @constantCloneSingleUse
util.func private @constantCloneSingleUse(%size: index) -> !stream.resource<constant> {
  // CHECK: %[[CST:.+]] = stream.async.constant
  %cst = stream.async.constant : !stream.resource<constant>{%size} = dense<1> : tensor<4xi32>
  // CHECK-NOT: stream.async.clone
  %clone = stream.async.clone %cst : !stream.resource<constant>{%size} -> !stream.resource<constant>{%size}
  // CHECK: util.return %[[CST]]
  util.return %clone : !stream.resource<constant>
}

// -----

// CHECK-LABEL: @constantCloneMultiUse
util.func private @constantCloneMultiUse(%size: index) -> (!stream.resource<*>, !stream.resource<*>) {
  %c0 = arith.constant 0 : index
  // CHECK: %[[CST:.+]] = stream.async.constant
  %cst = stream.async.constant : !stream.resource<constant>{%size} = dense<1> : tensor<4xi32>
  // CHECK-NOT: stream.async.clone
  %clone0 = stream.async.clone %cst : !stream.resource<constant>{%size} -> !stream.resource<constant>{%size}
  %clone1 = stream.async.clone %cst : !stream.resource<constant>{%size} -> !stream.resource<constant>{%size}
  // CHECK: %[[D:.+]] = stream.async.dispatch @ex::@read(%[[CST]]
  %d0 = stream.async.dispatch @ex::@read(%clone0[%c0 to %size for %size]) : (!stream.resource<constant>{%size}) -> !stream.resource<*>{%size}
  %d1 = stream.async.dispatch @ex::@read(%clone1[%c0 to %size for %size]) : (!stream.resource<constant>{%size}) -> !stream.resource<*>{%size}
  // CHECK: util.return %[[D]], %[[D]]
  util.return %d0, %d1 : !stream.resource<*>, !stream.resource<*>
}

// -----

// A constant -> constant clone that is mutated is kept.

// CHECK-LABEL: @constantCloneTiedMutation
util.func private @constantCloneTiedMutation(%size: index) -> (!stream.resource<constant>, !stream.resource<constant>) {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %c1_i32 = arith.constant 1 : i32
  %cst = stream.async.constant : !stream.resource<constant>{%size} = dense<1> : tensor<4xi32>
  // CHECK: %[[CLONE:.+]] = stream.async.clone
  %clone = stream.async.clone %cst : !stream.resource<constant>{%size} -> !stream.resource<constant>{%size}
  // CHECK: stream.async.fill %c1_i32, %[[CLONE]]
  %fill = stream.async.fill %c1_i32, %clone[%c0 to %c4 for %c4] : i32 -> %clone as !stream.resource<constant>{%size}
  util.return %cst, %fill : !stream.resource<constant>, !stream.resource<constant>
}

// -----

// User-provided output storage: the dispatch writes in place into the
// moved argument; no clones remain.

// CHECK-LABEL: @aliasing_user_provided_output_storage
util.func private @aliasing_user_provided_output_storage(%input: !stream.resource<*>, %output: !stream.resource<*>, %size: index) -> !stream.resource<*> {
  %c0 = arith.constant 0 : index
  %clone = stream.async.clone %output : !stream.resource<*>{%size} -> !stream.resource<*>{%size}
  // CHECK-NOT: stream.async.clone
  // CHECK: stream.async.dispatch @ex::@dispatch(%arg0[%c0 to %arg2 for %arg2], %arg1[%c0 to %arg2 for %arg2]) : (!stream.resource<*>{%arg2}, !stream.resource<*>{%arg2}) -> %arg1{%arg2}
  %d = stream.async.dispatch @ex::@dispatch(%input[%c0 to %size for %size], %clone[%c0 to %size for %size]) : (!stream.resource<*>{%size}, !stream.resource<*>{%size}) -> %clone{%size}
  util.return %d : !stream.resource<*>
}
util.func public @aliasing_user_provided_output_caller(%size: index) -> !stream.resource<*> {
  %c1_i32 = arith.constant 1 : i32
  %input = stream.async.splat %c1_i32 : i32 -> !stream.resource<*>{%size}
  %output = stream.async.splat %c1_i32 : i32 -> !stream.resource<*>{%size}
  %r = util.call @aliasing_user_provided_output_storage(%input, %output, %size) : (!stream.resource<*>, !stream.resource<*>, index) -> !stream.resource<*>
  util.return %r : !stream.resource<*>
}

// -----

// The same value read twice by one dispatch: its clone is elided.

// CHECK-LABEL: @dispatch_same_value_twice
util.func private @dispatch_same_value_twice(%size: index) -> !stream.resource<*> {
  %c0 = arith.constant 0 : index
  %c1_i32 = arith.constant 1 : i32
  // CHECK: %[[SPLAT:.+]] = stream.async.splat
  %splat = stream.async.splat %c1_i32 : i32 -> !stream.resource<*>{%size}
  // CHECK-NOT: stream.async.clone
  %clone = stream.async.clone %splat : !stream.resource<*>{%size} -> !stream.resource<*>{%size}
  // CHECK: stream.async.dispatch @ex::@dispatch(%[[SPLAT]][%c0 to %arg0 for %arg0], %[[SPLAT]][%c0 to %arg0 for %arg0]) : (!stream.resource<*>{%arg0}, !stream.resource<*>{%arg0}) -> %[[SPLAT]]{%arg0}
  %d = stream.async.dispatch @ex::@dispatch(%clone[%c0 to %size for %size], %clone[%c0 to %size for %size]) : (!stream.resource<*>{%size}, !stream.resource<*>{%size}) -> %clone{%size}
  util.return %d : !stream.resource<*>
}

// -----

// A splat mutated in place by a dispatch: no clone.

// CHECK-LABEL: @splat_then_inplace_dispatch
util.func private @splat_then_inplace_dispatch(%size: index) -> !stream.resource<*> {
  %c0 = arith.constant 0 : index
  %c1_i32 = arith.constant 1 : i32
  %splat = stream.async.splat %c1_i32 : i32 -> !stream.resource<*>{%size}
  // CHECK-NOT: stream.async.clone
  %clone = stream.async.clone %splat : !stream.resource<*>{%size} -> !stream.resource<*>{%size}
  // CHECK: stream.async.dispatch @ex::@dispatch(%{{.+}}[%c0 to %arg0 for %arg0]) : (!stream.resource<*>{%arg0}) -> %{{.+}}{%arg0}
  %d = stream.async.dispatch @ex::@dispatch(%clone[%c0 to %size for %size]) : (!stream.resource<*>{%size}) -> %clone{%size}
  util.return %d : !stream.resource<*>
}

// -----

// Chained in-place dispatches: no clones.

// CHECK-LABEL: @chained_inplace_dispatches
util.func private @chained_inplace_dispatches(%size: index) -> !stream.resource<*> {
  %c0 = arith.constant 0 : index
  %c1_i32 = arith.constant 1 : i32
  %splat = stream.async.splat %c1_i32 : i32 -> !stream.resource<*>{%size}
  // CHECK-NOT: stream.async.clone
  %clone0 = stream.async.clone %splat : !stream.resource<*>{%size} -> !stream.resource<*>{%size}
  %d0 = stream.async.dispatch @ex::@dispatch0(%clone0[%c0 to %size for %size]) : (!stream.resource<*>{%size}) -> %clone0{%size}
  %clone1 = stream.async.clone %d0 : !stream.resource<*>{%size} -> !stream.resource<*>{%size}
  %d1 = stream.async.dispatch @ex::@dispatch1(%clone1[%c0 to %size for %size]) : (!stream.resource<*>{%size}) -> %clone1{%size}
  // CHECK: util.return
  util.return %d1 : !stream.resource<*>
}

// -----

// A callee called by value from one site and by reference from another
// keeps its clone.

// CHECK-LABEL: @mixedCallee
util.func private @mixedCallee(%arg: !stream.resource<*>, %size: index) -> !stream.resource<*> {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %c1_i32 = arith.constant 1 : i32
  // CHECK: stream.async.clone
  %clone = stream.async.clone %arg : !stream.resource<*>{%size} -> !stream.resource<*>{%size}
  %fill = stream.async.fill %c1_i32, %clone[%c0 to %c4 for %c4] : i32 -> %clone as !stream.resource<*>{%size}
  util.return %fill : !stream.resource<*>
}
// CHECK-LABEL: @mixedSemanticsSameCallee
util.func public @mixedSemanticsSameCallee(%size: index) -> (!stream.resource<*>, !stream.resource<*>, !stream.resource<*>) {
  %c1_i32 = arith.constant 1 : i32
  %a = stream.async.splat %c1_i32 : i32 -> !stream.resource<*>{%size}
  %b = stream.async.splat %c1_i32 : i32 -> !stream.resource<*>{%size}
  %r0 = util.call @mixedCallee(%a, %size) : (!stream.resource<*>, index) -> !stream.resource<*>
  %r1 = util.call @mixedCallee(%b, %size) : (!stream.resource<*>, index) -> !stream.resource<*>
  util.return %r0, %r1, %b : !stream.resource<*>, !stream.resource<*>, !stream.resource<*>
}

// -----

// Same-type transfers are elided, even from by-reference arguments.

// CHECK-LABEL: @transferSameTypeFromArg
util.func public @transferSameTypeFromArg(%arg: !stream.resource<*>, %size: index) -> !stream.resource<*> {
  // CHECK-NOT: stream.async.transfer
  %t = stream.async.transfer %arg : !stream.resource<*>{%size} -> !stream.resource<*>{%size}
  // CHECK: util.return %arg0
  util.return %t : !stream.resource<*>
}

// -----

// CHECK-LABEL: @transferSameTypeMultiUse
util.func public @transferSameTypeMultiUse(%size: index) -> (!stream.resource<*>, !stream.resource<*>, !stream.resource<*>) {
  %c1_i32 = arith.constant 1 : i32
  // CHECK: %[[SPLAT:.+]] = stream.async.splat
  %splat = stream.async.splat %c1_i32 : i32 -> !stream.resource<*>{%size}
  // CHECK-NOT: stream.async.transfer
  %t0 = stream.async.transfer %splat : !stream.resource<*>{%size} -> !stream.resource<*>{%size}
  %t1 = stream.async.transfer %splat : !stream.resource<*>{%size} -> !stream.resource<*>{%size}
  // CHECK: util.return %[[SPLAT]], %[[SPLAT]], %[[SPLAT]]
  util.return %t0, %t1, %splat : !stream.resource<*>, !stream.resource<*>, !stream.resource<*>
}

// -----

// Lifetime-changing transfers are kept.

// CHECK-LABEL: @transferTypeChangingFromArg
util.func public @transferTypeChangingFromArg(%arg: !stream.resource<*>, %size: index) -> !stream.resource<external> {
  // CHECK: stream.async.transfer %arg0 : !stream.resource<*>{%arg1} -> !stream.resource<external>{%arg1}
  %t = stream.async.transfer %arg : !stream.resource<*>{%size} -> !stream.resource<external>{%size}
  util.return %t : !stream.resource<external>
}

// -----

// CHECK-LABEL: @transferChainFromArg
util.func public @transferChainFromArg(%arg: !stream.resource<*>, %size: index) -> !stream.resource<*> {
  // CHECK: %[[T0:.+]] = stream.async.transfer %arg0 : !stream.resource<*>{%arg1} -> !stream.resource<transient>{%arg1}
  %t0 = stream.async.transfer %arg : !stream.resource<*>{%size} -> !stream.resource<transient>{%size}
  // CHECK: %[[T1:.+]] = stream.async.transfer %[[T0]] : !stream.resource<transient>{%arg1} -> !stream.resource<*>{%arg1}
  %t1 = stream.async.transfer %t0 : !stream.resource<transient>{%size} -> !stream.resource<*>{%size}
  // CHECK: util.return %[[T1]]
  util.return %t1 : !stream.resource<*>
}

// -----

// Explicitly different source and target affinities (no topology) keep a
// transfer; equal ones do not.

// CHECK-LABEL: @transferExplicitAffinities
util.func public @transferExplicitAffinities(%arg: !stream.resource<*>, %size: index) -> (!stream.resource<*>, !stream.resource<*>) {
  // CHECK: %[[T0:.+]] = stream.async.transfer %arg0 : !stream.resource<*>{%arg1} from(#hal.device.affinity<@dev_a>) -> to(#hal.device.affinity<@dev_b>)
  %t0 = stream.async.transfer %arg : !stream.resource<*>{%size} from(#hal.device.affinity<@dev_a>) -> to(#hal.device.affinity<@dev_b>) !stream.resource<*>{%size}
  // CHECK-NOT: stream.async.transfer
  %t1 = stream.async.transfer %arg : !stream.resource<*>{%size} from(#hal.device.affinity<@dev_a>) -> to(#hal.device.affinity<@dev_a>) !stream.resource<*>{%size}
  // CHECK: util.return %[[T0]], %arg0
  util.return %t0, %t1 : !stream.resource<*>, !stream.resource<*>
}

// -----

// A clone of a by-reference argument feeding a tied op is kept.

// CHECK-LABEL: @cloneByrefToTied
util.func public @cloneByrefToTied(%arg: !stream.resource<*>, %size: index) -> !stream.resource<*> {
  %c0 = arith.constant 0 : index
  // CHECK: %[[CLONE:.+]] = stream.async.clone %arg0
  %clone = stream.async.clone %arg : !stream.resource<*>{%size} -> !stream.resource<*>{%size}
  // CHECK: stream.async.dispatch @ex::@dispatch(%[[CLONE]]
  %d = stream.async.dispatch @ex::@dispatch(%clone[%c0 to %size for %size]) : (!stream.resource<*>{%size}) -> %clone{%size}
  util.return %d : !stream.resource<*>
}

// -----

// An update whose range is then exactly overwritten by a write-only tied
// fill is elided (the target replaces it: the sizes differ).

// CHECK-LABEL: @updateElisionNoRead
util.func public @updateElisionNoRead(%size: index, %update: !stream.resource<*>, %usize: index) -> !stream.resource<*> {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %c1_i32 = arith.constant 1 : i32
  // CHECK: %[[SPLAT:.+]] = stream.async.splat
  %splat = stream.async.splat %c1_i32 : i32 -> !stream.resource<*>{%size}
  // CHECK-NOT: stream.async.update
  %u = stream.async.update %update, %splat[%c0 to %c16] : !stream.resource<*>{%usize} -> %splat as !stream.resource<*>{%size}
  // CHECK: stream.async.fill %c1_i32, %[[SPLAT]][%c0 to %c16 for %c16]
  %fill = stream.async.fill %c1_i32, %u[%c0 to %c16 for %c16] : i32 -> %u as !stream.resource<*>{%size}
  util.return %fill : !stream.resource<*>
}

// -----

// CHECK-LABEL: @updateElided_chainedSameRegion
util.func public @updateElided_chainedSameRegion(%size: index, %a: !stream.resource<*>, %b: !stream.resource<*>, %usize: index) -> !stream.resource<*> {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %c1_i32 = arith.constant 1 : i32
  // CHECK: %[[SPLAT:.+]] = stream.async.splat
  %splat = stream.async.splat %c1_i32 : i32 -> !stream.resource<*>{%size}
  // CHECK-NEXT: %[[U:.+]] = stream.async.update %arg2, %[[SPLAT]][%c0 to %c16]
  %u0 = stream.async.update %a, %splat[%c0 to %c16] : !stream.resource<*>{%usize} -> %splat as !stream.resource<*>{%size}
  %u1 = stream.async.update %b, %u0[%c0 to %c16] : !stream.resource<*>{%usize} -> %u0 as !stream.resource<*>{%size}
  // CHECK-NEXT: util.return %[[U]]
  util.return %u1 : !stream.resource<*>
}

// -----

// CHECK-LABEL: @updateElided_followedByCopyToSameRegion
util.func public @updateElided_followedByCopyToSameRegion(%size: index, %a: !stream.resource<*>, %b: !stream.resource<*>, %usize: index) -> !stream.resource<*> {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %c1_i32 = arith.constant 1 : i32
  // CHECK: %[[SPLAT:.+]] = stream.async.splat
  %splat = stream.async.splat %c1_i32 : i32 -> !stream.resource<*>{%size}
  // CHECK-NOT: stream.async.update
  %u0 = stream.async.update %a, %splat[%c0 to %c16] : !stream.resource<*>{%usize} -> %splat as !stream.resource<*>{%size}
  // CHECK: stream.async.copy %arg2[%c0 to %c16], %[[SPLAT]][%c0 to %c16], %c16
  %copy = stream.async.copy %b[%c0 to %c16], %u0[%c0 to %c16], %c16 : !stream.resource<*>{%usize} -> %u0 as !stream.resource<*>{%size}
  util.return %copy : !stream.resource<*>
}

// -----

// The updated result is returned: util.return is not an access op, kept.

// CHECK-LABEL: @updateElisionOverwrite
util.func public @updateElisionOverwrite(%size: index, %update: !stream.resource<*>, %usize: index) -> !stream.resource<*> {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %c1_i32 = arith.constant 1 : i32
  %splat = stream.async.splat %c1_i32 : i32 -> !stream.resource<*>{%size}
  // CHECK: %[[U:.+]] = stream.async.update
  %u = stream.async.update %update, %splat[%c0 to %c16] : !stream.resource<*>{%usize} -> %splat as !stream.resource<*>{%size}
  // CHECK: util.return %[[U]]
  util.return %u : !stream.resource<*>
}

// -----

// CHECK-LABEL: @updateFullBuffer
util.func public @updateFullBuffer(%size: index, %update: !stream.resource<*>) -> !stream.resource<*> {
  %c0 = arith.constant 0 : index
  %c1_i32 = arith.constant 1 : i32
  %splat = stream.async.splat %c1_i32 : i32 -> !stream.resource<*>{%size}
  %u = stream.async.update %update, %splat[%c0 to %size] : !stream.resource<*>{%size} -> %splat as !stream.resource<*>{%size}
  // CHECK: util.return
  util.return %u : !stream.resource<*>
}

// -----

// A dispatch reading the updated range keeps the update.

// CHECK-LABEL: @updateNotElided_regionRead
util.func public @updateNotElided_regionRead(%size: index, %update: !stream.resource<*>, %usize: index) -> !stream.resource<*> {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %c1_i32 = arith.constant 1 : i32
  %splat = stream.async.splat %c1_i32 : i32 -> !stream.resource<*>{%size}
  // CHECK: %[[U:.+]] = stream.async.update
  %u = stream.async.update %update, %splat[%c0 to %c16] : !stream.resource<*>{%usize} -> %splat as !stream.resource<*>{%size}
  // CHECK: stream.async.dispatch @ex::@read(%[[U]]
  %d = stream.async.dispatch @ex::@read(%u[%c0 to %c16 for %c16]) : (!stream.resource<*>{%size}) -> !stream.resource<*>{%c16}
  util.return %d : !stream.resource<*>
}

// -----

// A target that is a by-reference argument keeps the update.

// CHECK-LABEL: @updateNotElided_byRefArg
util.func public @updateNotElided_byRefArg(%target: !stream.resource<*>, %size: index, %update: !stream.resource<*>, %usize: index) -> !stream.resource<*> {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %c1_i32 = arith.constant 1 : i32
  // CHECK: stream.async.update
  %u = stream.async.update %update, %target[%c0 to %c16] : !stream.resource<*>{%usize} -> %target as !stream.resource<*>{%size}
  %fill = stream.async.fill %c1_i32, %u[%c0 to %c16 for %c16] : i32 -> %u as !stream.resource<*>{%size}
  util.return %fill : !stream.resource<*>
}

// -----

// A tied dispatch over the same range reads it (Read|Write): kept.

// CHECK-LABEL: @updateNotElided_tiedDispatch
util.func public @updateNotElided_tiedDispatch(%size: index, %update: !stream.resource<*>, %usize: index) -> !stream.resource<*> {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %c1_i32 = arith.constant 1 : i32
  %splat = stream.async.splat %c1_i32 : i32 -> !stream.resource<*>{%size}
  // CHECK: %[[U:.+]] = stream.async.update
  %u = stream.async.update %update, %splat[%c0 to %c16] : !stream.resource<*>{%usize} -> %splat as !stream.resource<*>{%size}
  // CHECK: stream.async.dispatch @ex::@rw(%[[U]]
  %d = stream.async.dispatch @ex::@rw(%u[%c0 to %c16 for %c16]) : (!stream.resource<*>{%size}) -> %u{%size}
  util.return %d : !stream.resource<*>
}

// -----

// A chained update into a different range keeps the first update.

// CHECK-LABEL: @updateNotElided_chainedDifferentRegion
util.func public @updateNotElided_chainedDifferentRegion(%size: index, %a: !stream.resource<*>, %b: !stream.resource<*>, %usize: index) -> !stream.resource<*> {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c1_i32 = arith.constant 1 : i32
  %splat = stream.async.splat %c1_i32 : i32 -> !stream.resource<*>{%size}
  // CHECK: %[[U0:.+]] = stream.async.update %arg1
  %u0 = stream.async.update %a, %splat[%c0 to %c16] : !stream.resource<*>{%usize} -> %splat as !stream.resource<*>{%size}
  // CHECK: stream.async.update %arg2, %[[U0]][%c16 to %c32]
  %u1 = stream.async.update %b, %u0[%c16 to %c32] : !stream.resource<*>{%usize} -> %u0 as !stream.resource<*>{%size}
  util.return %u1 : !stream.resource<*>
}

// -----

// A target with another user keeps the update.

// CHECK-LABEL: @updateNotElided_targetMultipleUsers
util.func public @updateNotElided_targetMultipleUsers(%size: index, %update: !stream.resource<*>, %usize: index) -> (!stream.resource<*>, !stream.resource<*>) {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %c1_i32 = arith.constant 1 : i32
  %splat = stream.async.splat %c1_i32 : i32 -> !stream.resource<*>{%size}
  // CHECK: stream.async.update
  %u = stream.async.update %update, %splat[%c0 to %c16] : !stream.resource<*>{%usize} -> %splat as !stream.resource<*>{%size}
  %fill = stream.async.fill %c1_i32, %u[%c0 to %c16 for %c16] : i32 -> %u as !stream.resource<*>{%size}
  %d = stream.async.dispatch @ex::@read(%splat[%c0 to %size for %size]) : (!stream.resource<*>{%size}) -> !stream.resource<*>{%size}
  util.return %fill, %d : !stream.resource<*>, !stream.resource<*>
}

// -----

// A copy writing a superset of the updated range reads nothing but is not
// an exact overwrite of a tied range: kept.

// CHECK-LABEL: @updateNotElided_copyWritesSupersetRegion
util.func public @updateNotElided_copyWritesSupersetRegion(%size: index, %a: !stream.resource<*>, %b: !stream.resource<*>, %usize: index) -> !stream.resource<*> {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c1_i32 = arith.constant 1 : i32
  %splat = stream.async.splat %c1_i32 : i32 -> !stream.resource<*>{%size}
  // CHECK: stream.async.update
  %u0 = stream.async.update %a, %splat[%c0 to %c16] : !stream.resource<*>{%usize} -> %splat as !stream.resource<*>{%size}
  %copy = stream.async.copy %b[%c0 to %c32], %u0[%c0 to %c32], %c32 : !stream.resource<*>{%usize} -> %u0 as !stream.resource<*>{%size}
  util.return %copy : !stream.resource<*>
}

// -----

// All clones of a never-mutated source are elided; cse then merges the
// identical dispatches.

// CHECK-LABEL: @multiCloneImmutableSource
util.func private @multiCloneImmutableSource(%size: index) -> (!stream.resource<*>, !stream.resource<*>, !stream.resource<*>) {
  %c0 = arith.constant 0 : index
  %c1_i32 = arith.constant 1 : i32
  // CHECK: %[[SPLAT:.+]] = stream.async.splat
  %splat = stream.async.splat %c1_i32 : i32 -> !stream.resource<*>{%size}
  // CHECK-NOT: stream.async.clone
  %clone0 = stream.async.clone %splat : !stream.resource<*>{%size} -> !stream.resource<*>{%size}
  %clone1 = stream.async.clone %splat : !stream.resource<*>{%size} -> !stream.resource<*>{%size}
  %clone2 = stream.async.clone %splat : !stream.resource<*>{%size} -> !stream.resource<*>{%size}
  // CHECK: %[[D:.+]] = stream.async.dispatch @ex::@read(%[[SPLAT]]
  %d0 = stream.async.dispatch @ex::@read(%clone0[%c0 to %size for %size]) : (!stream.resource<*>{%size}) -> !stream.resource<*>{%size}
  %d1 = stream.async.dispatch @ex::@read(%clone1[%c0 to %size for %size]) : (!stream.resource<*>{%size}) -> !stream.resource<*>{%size}
  %d2 = stream.async.dispatch @ex::@read(%clone2[%c0 to %size for %size]) : (!stream.resource<*>{%size}) -> !stream.resource<*>{%size}
  // CHECK: util.return %[[D]], %[[D]], %[[D]]
  util.return %d0, %d1, %d2 : !stream.resource<*>, !stream.resource<*>, !stream.resource<*>
}

// -----

// A mutated clone is kept unless its user is the source's last user.

// CHECK-LABEL: @cloneMutatedNotLastUser
util.func private @cloneMutatedNotLastUser(%size: index) -> (!stream.resource<*>, !stream.resource<*>) {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %c1_i32 = arith.constant 1 : i32
  %splat = stream.async.splat %c1_i32 : i32 -> !stream.resource<*>{%size}
  // CHECK: stream.async.clone
  %clone = stream.async.clone %splat : !stream.resource<*>{%size} -> !stream.resource<*>{%size}
  %fill = stream.async.fill %c1_i32, %clone[%c0 to %c4 for %c4] : i32 -> %clone as !stream.resource<*>{%size}
  %read = stream.async.dispatch @ex::@read(%splat[%c0 to %size for %size]) : (!stream.resource<*>{%size}) -> !stream.resource<*>{%size}
  util.return %fill, %read : !stream.resource<*>, !stream.resource<*>
}

// -----

// CHECK-LABEL: @cloneMutatedLastUser
util.func private @cloneMutatedLastUser(%size: index) -> (!stream.resource<*>, !stream.resource<*>) {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %c1_i32 = arith.constant 1 : i32
  %splat = stream.async.splat %c1_i32 : i32 -> !stream.resource<*>{%size}
  %read = stream.async.dispatch @ex::@read(%splat[%c0 to %size for %size]) : (!stream.resource<*>{%size}) -> !stream.resource<*>{%size}
  // CHECK-NOT: stream.async.clone
  %clone = stream.async.clone %splat : !stream.resource<*>{%size} -> !stream.resource<*>{%size}
  %fill = stream.async.fill %c1_i32, %clone[%c0 to %c4 for %c4] : i32 -> %clone as !stream.resource<*>{%size}
  util.return %fill, %read : !stream.resource<*>, !stream.resource<*>
}

// -----

// The source is mutated elsewhere: the clone is kept.

// CHECK-LABEL: @clonePreservedSourceMutatedElsewhere
util.func private @clonePreservedSourceMutatedElsewhere(%size: index) -> (!stream.resource<*>, !stream.resource<*>) {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %c1_i32 = arith.constant 1 : i32
  %splat = stream.async.splat %c1_i32 : i32 -> !stream.resource<*>{%size}
  // CHECK: stream.async.clone
  %clone = stream.async.clone %splat : !stream.resource<*>{%size} -> !stream.resource<*>{%size}
  %read = stream.async.dispatch @ex::@read(%clone[%c0 to %size for %size]) : (!stream.resource<*>{%size}) -> !stream.resource<*>{%size}
  %fill = stream.async.fill %c1_i32, %splat[%c0 to %c4 for %c4] : i32 -> %splat as !stream.resource<*>{%size}
  util.return %fill, %read : !stream.resource<*>, !stream.resource<*>
}

// -----

// CHECK-LABEL: @clonePreservedSourceMutatedViaTiedDispatch
util.func private @clonePreservedSourceMutatedViaTiedDispatch(%size: index) -> (!stream.resource<*>, !stream.resource<*>) {
  %c0 = arith.constant 0 : index
  %c1_i32 = arith.constant 1 : i32
  %splat = stream.async.splat %c1_i32 : i32 -> !stream.resource<*>{%size}
  // CHECK: stream.async.clone
  %clone = stream.async.clone %splat : !stream.resource<*>{%size} -> !stream.resource<*>{%size}
  %read = stream.async.dispatch @ex::@read(%clone[%c0 to %size for %size]) : (!stream.resource<*>{%size}) -> !stream.resource<*>{%size}
  %rw = stream.async.dispatch @ex::@rw(%splat[%c0 to %size for %size]) : (!stream.resource<*>{%size}) -> %splat{%size}
  util.return %rw, %read : !stream.resource<*>, !stream.resource<*>
}

// -----

// Cross-function mutation keeps the clone; a read-only callee allows it.

// CHECK-LABEL: @mutating_callee
util.func private @mutating_callee(%arg: !stream.resource<*>, %size: index) -> !stream.resource<*> {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %c1_i32 = arith.constant 1 : i32
  %fill = stream.async.fill %c1_i32, %arg[%c0 to %c4 for %c4] : i32 -> %arg as !stream.resource<*>{%size}
  util.return %fill : !stream.resource<*>
}
// CHECK-LABEL: @mutating_caller
util.func public @mutating_caller(%size: index) -> (!stream.resource<*>, !stream.resource<*>) {
  %c0 = arith.constant 0 : index
  %c1_i32 = arith.constant 1 : i32
  %splat = stream.async.splat %c1_i32 : i32 -> !stream.resource<*>{%size}
  // CHECK: %[[CLONE:.+]] = stream.async.clone
  %clone = stream.async.clone %splat : !stream.resource<*>{%size} -> !stream.resource<*>{%size}
  // CHECK: util.call @mutating_callee(%[[CLONE]]
  %result = util.call @mutating_callee(%clone, %size) : (!stream.resource<*>, index) -> !stream.resource<*>
  %read = stream.async.dispatch @ex::@read(%splat[%c0 to %size for %size]) : (!stream.resource<*>{%size}) -> !stream.resource<*>{%size}
  util.return %result, %read : !stream.resource<*>, !stream.resource<*>
}

// -----

// CHECK-LABEL: @reading_callee
util.func private @reading_callee(%arg: !stream.resource<*>, %size: index) -> !stream.resource<*> {
  %c0 = arith.constant 0 : index
  %read = stream.async.dispatch @ex::@read(%arg[%c0 to %size for %size]) : (!stream.resource<*>{%size}) -> !stream.resource<*>{%size}
  util.return %read : !stream.resource<*>
}
// CHECK-LABEL: @reading_caller
util.func public @reading_caller(%size: index) -> (!stream.resource<*>, !stream.resource<*>) {
  %c0 = arith.constant 0 : index
  %c1_i32 = arith.constant 1 : i32
  // CHECK: %[[SPLAT:.+]] = stream.async.splat
  %splat = stream.async.splat %c1_i32 : i32 -> !stream.resource<*>{%size}
  // CHECK-NOT: stream.async.clone
  %clone = stream.async.clone %splat : !stream.resource<*>{%size} -> !stream.resource<*>{%size}
  // CHECK: util.call @reading_callee(%[[SPLAT]]
  %result = util.call @reading_callee(%clone, %size) : (!stream.resource<*>, index) -> !stream.resource<*>
  %read = stream.async.dispatch @ex::@read(%splat[%c0 to %size for %size]) : (!stream.resource<*>{%size}) -> !stream.resource<*>{%size}
  util.return %result, %read : !stream.resource<*>, !stream.resource<*>
}

// -----

// Slice aliasing is not tracked (a slice counts as a read of its source);
// here the clone is kept because it is not the source's last user.

// CHECK-LABEL: @clonePreservedAfterSliceMutation
util.func private @clonePreservedAfterSliceMutation(%size: index) -> (!stream.resource<*>, !stream.resource<*>) {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %c16 = arith.constant 16 : index
  %c1_i32 = arith.constant 1 : i32
  %splat = stream.async.splat %c1_i32 : i32 -> !stream.resource<*>{%size}
  // CHECK: stream.async.clone
  %clone = stream.async.clone %splat : !stream.resource<*>{%size} -> !stream.resource<*>{%size}
  %fill = stream.async.fill %c1_i32, %clone[%c0 to %c4 for %c4] : i32 -> %clone as !stream.resource<*>{%size}
  %slice = stream.async.slice %splat[%c0 to %c16] : !stream.resource<*>{%size} -> !stream.resource<*>{%c16}
  %fill2 = stream.async.fill %c1_i32, %slice[%c0 to %c4 for %c4] : i32 -> %slice as !stream.resource<*>{%c16}
  util.return %fill, %fill2 : !stream.resource<*>, !stream.resource<*>
}

// -----

// external -> * clones are kept by this pass (refine-usage resolves them).

// CHECK-LABEL: @crossLifetimeClonePreserved_external
util.func public @crossLifetimeClonePreserved_external(%arg: !stream.resource<external>, %size: index) -> !stream.resource<*> {
  // CHECK: stream.async.clone %arg0 : !stream.resource<external>{%arg1} -> !stream.resource<*>{%arg1}
  %clone = stream.async.clone %arg : !stream.resource<external>{%size} -> !stream.resource<*>{%size}
  util.return %clone : !stream.resource<*>
}

// -----

// An empty module and a module with only declarations are left alone.

// CHECK-LABEL: util.func private @declaration
util.func private @declaration(%arg: !stream.resource<*>) -> !stream.resource<*>

// -----

// Unreachable blocks and blocks without predecessors are handled.

// CHECK-LABEL: @unreachableBlock
util.func public @unreachableBlock(%size: index) -> !stream.resource<*> {
  %c1_i32 = arith.constant 1 : i32
  %splat = stream.async.splat %c1_i32 : i32 -> !stream.resource<*>{%size}
  // CHECK-NOT: stream.async.clone
  %clone = stream.async.clone %splat : !stream.resource<*>{%size} -> !stream.resource<*>{%size}
  util.return %clone : !stream.resource<*>
^bb1(%dead: !stream.resource<*>):
  // A block without predecessors has no by-reference producers: its
  // argument counts as moved and the single-use clone goes too.
  // CHECK: ^bb1(%[[DEAD:.+]]: !stream.resource<*>):
  // CHECK-NEXT: util.return %[[DEAD]]
  %clone2 = stream.async.clone %dead : !stream.resource<*>{%size} -> !stream.resource<*>{%size}
  util.return %clone2 : !stream.resource<*>
}

// -----

// A splat cloned for a dispatch writing a new output: the clone is elided.

// CHECK-LABEL: @splat_then_new_output_dispatch
util.func private @splat_then_new_output_dispatch(%size: index) -> !stream.resource<*> {
  %c0 = arith.constant 0 : index
  %c1_i32 = arith.constant 1 : i32
  // CHECK: %[[SPLAT:.+]] = stream.async.splat
  %splat = stream.async.splat %c1_i32 : i32 -> !stream.resource<*>{%size}
  // CHECK-NOT: stream.async.clone
  %clone = stream.async.clone %splat : !stream.resource<*>{%size} -> !stream.resource<*>{%size}
  // CHECK: %[[D:.+]] = stream.async.dispatch @ex::@dispatch(%[[SPLAT]][%c0 to %arg0 for %arg0]) : (!stream.resource<*>{%arg0}) -> !stream.resource<*>{%arg0}
  %d = stream.async.dispatch @ex::@dispatch(%clone[%c0 to %size for %size]) : (!stream.resource<*>{%size}) -> !stream.resource<*>{%size}
  // CHECK: util.return %[[D]]
  util.return %d : !stream.resource<*>
}

// -----

// Clones of an immutable source with a mutated copy elsewhere: the read-only
// clones go, the clone mutated in place while the source is still read
// later stays.

// CHECK-LABEL: @multiCloneImmutableSourceMixed
util.func private @multiCloneImmutableSourceMixed(%size: index) -> (!stream.resource<*>, !stream.resource<*>, !stream.resource<*>) {
  %c0 = arith.constant 0 : index
  %c1_i32 = arith.constant 1 : i32
  // CHECK: %[[SPLAT:.+]] = stream.async.splat
  %splat = stream.async.splat %c1_i32 : i32 -> !stream.resource<*>{%size}
  %clone0 = stream.async.clone %splat : !stream.resource<*>{%size} -> !stream.resource<*>{%size}
  // CHECK: %[[CLONE:.+]] = stream.async.clone %[[SPLAT]]
  %clone1 = stream.async.clone %splat : !stream.resource<*>{%size} -> !stream.resource<*>{%size}
  // CHECK-NOT: stream.async.clone
  // CHECK: %[[D0:.+]] = stream.async.dispatch @ex::@read(%[[SPLAT]]
  %d0 = stream.async.dispatch @ex::@read(%clone0[%c0 to %size for %size]) : (!stream.resource<*>{%size}) -> !stream.resource<*>{%size}
  // CHECK: %[[F:.+]] = stream.async.fill %c1_i32, %[[CLONE]]
  %f = stream.async.fill %c1_i32, %clone1[%c0 to %size for %size] : i32 -> %clone1 as !stream.resource<*>{%size}
  // CHECK: %[[D2:.+]] = stream.async.dispatch @ex::@read2(%[[SPLAT]]
  %d2 = stream.async.dispatch @ex::@read2(%splat[%c0 to %size for %size]) : (!stream.resource<*>{%size}) -> !stream.resource<*>{%size}
  // CHECK: util.return %[[D0]], %[[F]], %[[D2]]
  util.return %d0, %f, %d2 : !stream.resource<*>, !stream.resource<*>, !stream.resource<*>
}

// -----

// An update whose result is read by another update (as its update operand)
// and a returned update: both kept.

// CHECK-LABEL: @updateChained
util.func public @updateChained(%size: index, %a: !stream.resource<*>, %usize: index) -> !stream.resource<*> {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %c1_i32 = arith.constant 1 : i32
  // CHECK: %[[S0:.+]] = stream.async.splat
  %splat0 = stream.async.splat %c1_i32 : i32 -> !stream.resource<*>{%size}
  // CHECK: %[[S1:.+]] = stream.async.splat
  %splat1 = stream.async.splat %c1_i32 : i32 -> !stream.resource<*>{%size}
  // CHECK: %[[U0:.+]] = stream.async.update %arg1, %[[S0]][%c0 to %c16]
  %u0 = stream.async.update %a, %splat0[%c0 to %c16] : !stream.resource<*>{%usize} -> %splat0 as !stream.resource<*>{%size}
  // CHECK: %[[U1:.+]] = stream.async.update %[[U0]], %[[S1]][%c0 to %arg0]
  %u1 = stream.async.update %u0, %splat1[%c0 to %size] : !stream.resource<*>{%size} -> %splat1 as !stream.resource<*>{%size}
  // CHECK: util.return %[[U1]]
  util.return %u1 : !stream.resource<*>
}

// -----

// The target is tied back to a by-reference argument: kept.

// CHECK-LABEL: @updateNotElided_tiedChainFromByRef
util.func public @updateNotElided_tiedChainFromByRef(%target: !stream.resource<*>, %size: index, %update: !stream.resource<*>, %usize: index) -> !stream.resource<*> {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %c1_i32 = arith.constant 1 : i32
  // CHECK: %[[F:.+]] = stream.async.fill %c1_i32, %arg0
  %f = stream.async.fill %c1_i32, %target[%c0 to %size for %size] : i32 -> %target as !stream.resource<*>{%size}
  // CHECK: %[[U:.+]] = stream.async.update %arg2, %[[F]][%c0 to %c16]
  %u = stream.async.update %update, %f[%c0 to %c16] : !stream.resource<*>{%usize} -> %f as !stream.resource<*>{%size}
  // CHECK: stream.async.fill %c1_i32, %[[U]][%c0 to %c16 for %c16]
  %fill = stream.async.fill %c1_i32, %u[%c0 to %c16 for %c16] : i32 -> %u as !stream.resource<*>{%size}
  util.return %fill : !stream.resource<*>
}

// -----

// A tied copy writing another range of the result: kept (rule b).

// CHECK-LABEL: @updateNotElided_followedByCopyToDifferentRegion
util.func public @updateNotElided_followedByCopyToDifferentRegion(%size: index, %a: !stream.resource<*>, %b: !stream.resource<*>, %usize: index) -> !stream.resource<*> {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c1_i32 = arith.constant 1 : i32
  // CHECK: %[[SPLAT:.+]] = stream.async.splat
  %splat = stream.async.splat %c1_i32 : i32 -> !stream.resource<*>{%size}
  // CHECK: %[[U:.+]] = stream.async.update %arg1, %[[SPLAT]][%c0 to %c16]
  %u0 = stream.async.update %a, %splat[%c0 to %c16] : !stream.resource<*>{%usize} -> %splat as !stream.resource<*>{%size}
  // CHECK: stream.async.copy %arg2[%c0 to %c16], %[[U]][%c16 to %c32], %c16
  %copy = stream.async.copy %b[%c0 to %c16], %u0[%c16 to %c32], %c16 : !stream.resource<*>{%usize} -> %u0 as !stream.resource<*>{%size}
  util.return %copy : !stream.resource<*>
}

// -----

// A tied dispatch over the whole result: its range is not the updated one
// and it reads: kept.

// CHECK-LABEL: @updateNotElided_followedByTiedDispatch
util.func public @updateNotElided_followedByTiedDispatch(%size: index, %update: !stream.resource<*>, %usize: index) -> !stream.resource<*> {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %c1_i32 = arith.constant 1 : i32
  %splat = stream.async.splat %c1_i32 : i32 -> !stream.resource<*>{%size}
  // CHECK: %[[U:.+]] = stream.async.update
  %u = stream.async.update %update, %splat[%c0 to %c16] : !stream.resource<*>{%usize} -> %splat as !stream.resource<*>{%size}
  // CHECK: stream.async.dispatch @ex::@rw(%[[U]][%c0 to %arg0 for %arg0]) : (!stream.resource<*>{%arg0}) -> %[[U]]{%arg0}
  %d = stream.async.dispatch @ex::@rw(%u[%c0 to %size for %size]) : (!stream.resource<*>{%size}) -> %u{%size}
  util.return %d : !stream.resource<*>
}
