// REQUIRES: sluice-opt
// RUN: sluice-opt --split-input-file --iree-util-fold-globals %s | FileCheck %s

// stream-passes-2.md §15.5.

// A global always stored the same constant takes it as its initial value.
// CHECK: util.global public mutable @uniformConstants = 5 : index
util.global mutable @uniformConstants : index
// CHECK: util.func public @foo
util.func @foo() {
  %c5 = arith.constant 5 : index
  // CHECK-NOT: util.global.store
  util.global.store %c5, @uniformConstants : index
  util.return
}
// CHECK: util.func public @bar
util.func @bar() {
  %c5 = arith.constant 5 : index
  // CHECK-NOT: util.global.store
  util.global.store %c5, @uniformConstants : index
  util.return
}

// -----

// Different constants: the stores stay.
// CHECK: util.global public mutable @nonuniformConstants : index
util.global mutable @nonuniformConstants : index
util.func @foo() {
  %c5 = arith.constant 5 : index
  // CHECK: util.global.store %c5, @nonuniformConstants
  util.global.store %c5, @nonuniformConstants : index
  util.return
}
util.func @bar() {
  %c6 = arith.constant 6 : index
  // CHECK: util.global.store %c6, @nonuniformConstants
  util.global.store %c6, @nonuniformConstants : index
  util.return
}

// -----

// A global with an initial value keeps its stores, even of that value.
// CHECK: util.global public mutable @initialized = 5 : index
util.global mutable @initialized = 5 : index
util.func @foo() {
  %c5 = arith.constant 5 : index
  // CHECK: util.global.store %c5, @initialized
  util.global.store %c5, @initialized : index
  util.return
}

// -----

// A global only ever stored another global's value becomes that global.
// CHECK: util.global private @chained0 : index
util.global private mutable @chained0 : index
// CHECK-NOT: @chained1
util.global private mutable @chained1 : index
// CHECK-LABEL: util.func public @chain(
util.func public @chain() -> index {
  // CHECK: %[[V:.+]] = util.global.load immutable @chained0 : index
  %0 = util.global.load @chained0 : index
  util.global.store %0, @chained1 : index
  %1 = util.global.load @chained1 : index
  // CHECK: util.return %[[V]]
  util.return %1 : index
}

// -----

// Globals stored only by initializers become immutable; loads outside
// initializers are marked immutable.
// CHECK: util.global private @immutable : index
util.global private mutable @immutable : index
util.initializer {
  %c6 = arith.constant 6 : index
  %0 = util.call @compute(%c6) : (index) -> index
  util.global.store %0, @immutable : index
  util.return
}
util.func private @compute(%arg0: index) -> index {
  %0 = arith.muli %arg0, %arg0 : index
  util.return %0 : index
}
// CHECK-LABEL: @loader
util.func public @loader() -> index {
  // CHECK: util.global.load immutable @immutable
  %0 = util.global.load @immutable : index
  util.return %0 : index
}

// -----

// A global stored by a public function stays mutable.
// CHECK: util.global private mutable @mutable : index
util.global private mutable @mutable : index
util.func public @store(%arg0: index) {
  util.global.store %arg0, @mutable : index
  util.return
}
// CHECK-LABEL: @loader
util.func public @loader() -> index {
  // CHECK: util.global.load @mutable
  %0 = util.global.load @mutable : index
  util.return %0 : index
}

// -----

// Loads of constant immutable globals become constants; the global goes.
// CHECK-NOT: util.global private @inlined
util.global private @inlined = 5 : index
// CHECK-LABEL: @inlineLoads
util.func public @inlineLoads() -> index {
  // CHECK: %[[C:.+]] = arith.constant 5 : index
  %0 = util.global.load @inlined : index
  // CHECK: util.return %[[C]]
  util.return %0 : index
}

// -----

// #util.inline.never keeps the loads; a public global is kept too.
// CHECK: util.global private @neverInline {inlining_policy = #util.inline.never} = 5 : index
util.global private @neverInline {inlining_policy = #util.inline.never} = 5 : index
// CHECK: util.global public @publicConstant = 6 : index
util.global public @publicConstant = 6 : index
// CHECK-LABEL: @policies
util.func public @policies() -> (index, index) {
  // CHECK-DAG: util.global.load immutable @neverInline
  %0 = util.global.load @neverInline : index
  // CHECK-DAG: arith.constant 6 : index
  %1 = util.global.load @publicConstant : index
  util.return %0, %1 : index, index
}

// -----

// A non-util dialect attribute keeps the loads.
// CHECK: util.global private @attributed {some.attr = 1 : i32} = 5 : index
util.global private @attributed {some.attr = 1 : i32} = 5 : index
util.func public @attributedUse() -> index {
  // CHECK: util.global.load immutable @attributed
  %0 = util.global.load @attributed : index
  util.return %0 : index
}

// -----

// Unused private globals are erased (with their stores).
// CHECK-NOT: @unused
util.global private mutable @unused : index
util.func public @storeOnly(%arg0: index) {
  // CHECK-NOT: util.global.store
  util.global.store %arg0, @unused : index
  util.return
}

// -----

// Constant globals with the same value, type and dialect attributes merge.
// CHECK: util.global private @dupeCst0 {inlining_policy = #util.inline.never} = 5 : index
util.global private @dupeCst0 {inlining_policy = #util.inline.never} = 5 : index
// CHECK-NOT: @dupeCst1
util.global private @dupeCst1 {inlining_policy = #util.inline.never} = 5 : index
// CHECK: util.global private @otherType {inlining_policy = #util.inline.never} = 5 : i32
util.global private @otherType {inlining_policy = #util.inline.never} = 5 : i32
// CHECK-LABEL: @dupes
util.func public @dupes() -> (index, index, i32) {
  // CHECK: %[[A:.+]] = util.global.load immutable @dupeCst0
  %0 = util.global.load @dupeCst0 : index
  // CHECK: %[[B:.+]] = util.global.load immutable @dupeCst0
  %1 = util.global.load @dupeCst1 : index
  %2 = util.global.load @otherType : i32
  // CHECK: util.optimization_barrier {op.attr = @dupeCst0}
  util.optimization_barrier {op.attr = @dupeCst1} %0 : index
  util.return %0, %1, %2 : index, index, i32
}

// -----

// Timepoint globals (the stream test): stored immediates become the initial
// value; an immutable immediate global inlines as stream.timepoint.immediate.
// CHECK: util.global public mutable @tp = #stream.timepoint<immediate>
util.global mutable @tp : !stream.timepoint
util.func @setA() {
  %0 = stream.timepoint.immediate => !stream.timepoint
  // CHECK-NOT: util.global.store
  util.global.store %0, @tp : !stream.timepoint
  util.return
}
util.func @setB() {
  %0 = stream.timepoint.immediate => !stream.timepoint
  util.global.store %0, @tp : !stream.timepoint
  util.return
}
// CHECK-NOT: @tpImmutable
util.global private @tpImmutable = #stream.timepoint<immediate>
// CHECK-LABEL: @useTp
util.func public @useTp() -> !stream.timepoint {
  // CHECK: %[[T:.+]] = stream.timepoint.immediate => !stream.timepoint
  %0 = util.global.load @tpImmutable : !stream.timepoint
  // CHECK: util.return %[[T]]
  util.return %0 : !stream.timepoint
}
