// REQUIRES: sluice-opt
// RUN: sluice-opt --split-input-file --iree-util-ipo %s | FileCheck %s
// Every no-change claim (UnchangedIR.h) checked against a fingerprint:
// RUN: sluice-opt --split-input-file --sluice-check-unchanged --iree-util-ipo %s | FileCheck %s

// stream-passes-2.md §15.7.

// Unused arguments and a pass-through result: the callee ends up empty and
// is erased with its calls; the caller uses the passed operand.
// CHECK-NOT: @unusedArg
util.func private @unusedArg(%a: index, %b: index) -> index {
  util.return %b : index
}
// CHECK-LABEL: util.func public @callUnusedArg
util.func public @callUnusedArg(%x: index, %y: index) -> index {
  // CHECK-NOT: util.call
  %0 = util.call @unusedArg(%x, %y) : (index, index) -> index
  // CHECK: util.return %arg1
  util.return %0 : index
}

// -----

// An argument that is the same constant at every call site becomes a
// constant at the function entry (different SSA values, same attribute).
// CHECK-LABEL: util.func private @constArg
// CHECK-SAME: (%[[ARG:.+]]: index) -> index
util.func private @constArg(%a: index, %b: index) -> index {
  // CHECK-NEXT: %[[C5:.+]] = arith.constant 5 : index
  // CHECK-NEXT: arith.addi %[[C5]], %[[ARG]]
  %0 = arith.addi %a, %b : index
  util.return %0 : index
}
// CHECK-LABEL: util.func public @callConstArg
util.func public @callConstArg(%x: index) -> (index, index) {
  %c5 = arith.constant 5 : index
  // CHECK: util.call @constArg(%arg0) : (index) -> index
  %0 = util.call @constArg(%c5, %x) : (index, index) -> index
  %c5b = arith.constant 5 : index
  // CHECK: util.call @constArg(%arg0) : (index) -> index
  %1 = util.call @constArg(%c5b, %x) : (index, index) -> index
  util.return %0, %1 : index, index
}

// -----

// Different constants at different sites: kept.
// CHECK-LABEL: util.func private @nonUniformArg
// CHECK-SAME: (%{{.+}}: index, %{{.+}}: index)
util.func private @nonUniformArg(%a: index, %b: index) -> index {
  %0 = arith.addi %a, %b : index
  util.return %0 : index
}
util.func public @callNonUniformArg(%x: index) -> (index, index) {
  %c5 = arith.constant 5 : index
  %c6 = arith.constant 6 : index
  %0 = util.call @nonUniformArg(%c5, %x) : (index, index) -> index
  %1 = util.call @nonUniformArg(%c6, %x) : (index, index) -> index
  util.return %0, %1 : index, index
}

// -----

// Duplicate arguments (same value at every site) merge into the first.
// CHECK-LABEL: util.func private @dupeArgs
// CHECK-SAME: (%[[A:.+]]: index) -> index
util.func private @dupeArgs(%a: index, %b: index) -> index {
  // CHECK: arith.muli %[[A]], %[[A]]
  %0 = arith.muli %a, %b : index
  util.return %0 : index
}
util.func public @callDupeArgs(%x: index, %y: index) -> (index, index) {
  // CHECK: util.call @dupeArgs(%arg0) : (index) -> index
  %0 = util.call @dupeArgs(%x, %x) : (index, index) -> index
  // CHECK: util.call @dupeArgs(%arg1) : (index) -> index
  %1 = util.call @dupeArgs(%y, %y) : (index, index) -> index
  util.return %0, %1 : index, index
}

// -----

// Duplicate only at some sites ([QUIRK IPO1] fixed): kept.
// CHECK-LABEL: util.func private @partialDupe
// CHECK-SAME: (%{{.+}}: index, %{{.+}}: index)
util.func private @partialDupe(%a: index, %b: index) -> index {
  %0 = arith.muli %a, %b : index
  util.return %0 : index
}
util.func public @callPartialDupe(%x: index, %y: index) -> (index, index) {
  %0 = util.call @partialDupe(%x, %y) : (index, index) -> index
  %1 = util.call @partialDupe(%x, %x) : (index, index) -> index
  util.return %0, %1 : index, index
}

// -----

// Results: (%a, %a, %a) / (%a, %b, %a): result 0 passes %a through, result
// 2 duplicates it; result 1 stays.
// CHECK-LABEL: util.func private @dupeResults
// CHECK-SAME: -> index
util.func private @dupeResults(%a: index, %b: index, %c: i1) -> (index, index, index) {
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  // CHECK: util.return %arg0 : index
  util.return %a, %a, %a : index, index, index
^bb2:
  // CHECK: util.return %arg1 : index
  util.return %a, %b, %a : index, index, index
}
// CHECK-LABEL: util.func public @callDupeResults
util.func public @callDupeResults(%x: index, %y: index, %c: i1) -> (index, index, index) {
  // CHECK: %[[R:.+]] = util.call @dupeResults(%arg0, %arg1, %arg2) : (index, index, i1) -> index
  %0:3 = util.call @dupeResults(%x, %y, %c) : (index, index, i1) -> (index, index, index)
  // CHECK: util.return %arg0, %[[R]], %arg0
  util.return %0#0, %0#1, %0#2 : index, index, index
}

// -----

// Uniform constant results are materialized after each call, one constant
// per result (no CSE).
util.func private @constResults(%c: i1) -> (index, index, index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  util.return %c0, %c0, %c0 : index, index, index
^bb2:
  util.return %c0, %c1, %c0 : index, index, index
}
// CHECK-LABEL: util.func public @callConstResults
util.func public @callConstResults(%c: i1) -> (index, index, index) {
  // CHECK: %[[R:.+]] = util.call @constResults(%arg0) : (i1) -> index
  // CHECK-NEXT: %[[C0A:.+]] = arith.constant 0 : index
  // CHECK-NEXT: %[[C0B:.+]] = arith.constant 0 : index
  %0:3 = util.call @constResults(%c) : (i1) -> (index, index, index)
  // CHECK: util.return %[[C0A]], %[[R]], %[[C0B]]
  util.return %0#0, %0#1, %0#2 : index, index, index
}

// -----

// Results no caller uses are dropped; the call keeps its dialect attributes.
// CHECK-LABEL: util.func private @unusedResult
// CHECK-SAME: -> index
util.func private @unusedResult(%a: index) -> (index, index) {
  %0 = arith.addi %a, %a : index
  %1 = arith.muli %a, %a : index
  util.return %0, %1 : index, index
}
util.func public @callUnusedResult(%x: index) -> index {
  // CHECK: util.call @unusedResult(%arg0) {some.attr = 1 : i32} : (index) -> index
  %0:2 = util.call @unusedResult(%x) {some.attr = 1 : i32} : (index) -> (index, index)
  util.return %0#1 : index
}

// -----

// Immutable global loads count as constants (by symbol).
util.global private @g = 5 : index
// CHECK-LABEL: util.func private @globalArg
// CHECK-NEXT: %[[G:.+]] = util.global.load immutable @g : index
util.func private @globalArg(%a: index) -> index {
  %0 = arith.addi %a, %a : index
  util.return %0 : index
}
util.func public @callGlobalArg() -> (index, index) {
  %g0 = util.global.load immutable @g : index
  // CHECK: util.call @globalArg() : () -> index
  %0 = util.call @globalArg(%g0) : (index) -> index
  %g1 = util.global.load immutable @g : index
  %1 = util.call @globalArg(%g1) : (index) -> index
  util.return %0, %1 : index, index
}

// -----

// Public functions, externals and callees with ties are left alone.
// CHECK-LABEL: util.func public @publicCallee(%arg0: index, %arg1: index)
util.func public @publicCallee(%a: index, %b: index) -> index {
  util.return %b : index
}
// CHECK: util.func private @externalCallee(%arg0: index, %arg1: index) -> index
util.func private @externalCallee(%a: index, %b: index) -> index
// CHECK-LABEL: util.func private @tiedCallee
// CHECK-SAME: (%arg0: !util.buffer, %arg1: index) -> %arg0
util.func private @tiedCallee(%a: !util.buffer, %b: index) -> %a {
  util.return %a : !util.buffer
}
util.func public @callers(%x: index, %y: index, %buf: !util.buffer) -> (index, index, !util.buffer) {
  // CHECK: util.call @publicCallee(%arg0, %arg1)
  %0 = util.call @publicCallee(%x, %y) : (index, index) -> index
  // CHECK: util.call @externalCallee(%arg0, %arg1)
  %1 = util.call @externalCallee(%x, %y) : (index, index) -> index
  // CHECK: util.call @tiedCallee(%arg2, %arg0)
  %2 = util.call @tiedCallee(%buf, %x) : (!util.buffer, index) -> %buf
  util.return %0, %1, %2 : index, index, !util.buffer
}

// -----

// Recursion: the self call is a call site like any other; an argument
// forwarded by the self call is used (and not uniform).
// CHECK-LABEL: util.func private @recursive
// CHECK-SAME: (%arg0: index, %arg1: index) -> index
util.func private @recursive(%a: index, %unused: index) -> index {
  %c1 = arith.constant 1 : index
  %0 = arith.subi %a, %c1 : index
  // CHECK: util.call @recursive(%{{.+}}, %arg1) : (index, index) -> index
  %1 = util.call @recursive(%0, %unused) : (index, index) -> index
  util.return %1 : index
}
util.func public @callRecursive(%x: index, %y: index) -> index {
  // CHECK: util.call @recursive(%arg0, %arg1) : (index, index) -> index
  %0 = util.call @recursive(%x, %y) : (index, index) -> index
  util.return %0 : index
}
