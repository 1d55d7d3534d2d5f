// REQUIRES: sluice-opt
// --iree-stream-refine-usage (stream-passes-1.md §11.6).

// RUN: sluice-opt --split-input-file --iree-stream-refine-usage %s | FileCheck %s

// A returned in-place result makes the callee argument, its result and the
// caller's splat external (the caller is public).

// CHECK-LABEL: @propagateFuncCallee
// CHECK-SAME: (%[[ARG:.+]]: !stream.resource<external>, %[[SIZE:.+]]: index) -> !stream.resource<external>
util.func private @propagateFuncCallee(%arg: !stream.resource<*>, %size: index) -> !stream.resource<*> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c123_i32 = arith.constant 123 : i32
  // CHECK: %[[FILL:.+]] = stream.async.fill %c123_i32, %[[ARG]]{{.+}} -> %[[ARG]] as !stream.resource<external>{%[[SIZE]]}
  %fill = stream.async.fill %c123_i32, %arg[%c0 to %c1 for %c1] : i32 -> %arg as !stream.resource<*>{%size}
  // CHECK: util.return %[[FILL]] : !stream.resource<external>
  util.return %fill : !stream.resource<*>
}
// CHECK-LABEL: @propagateFuncCaller
// CHECK-SAME: -> !stream.resource<external>
util.func public @propagateFuncCaller(%size: index) -> !stream.resource<*> {
  %c123_i32 = arith.constant 123 : i32
  // CHECK: %[[SPLAT:.+]] = stream.async.splat %c123_i32 : i32 -> !stream.resource<external>{%arg0}
  %splat = stream.async.splat %c123_i32 : i32 -> !stream.resource<*>{%size}
  // CHECK: %[[RESULT:.+]] = util.call @propagateFuncCallee(%[[SPLAT]], %arg0) : (!stream.resource<external>, index) -> !stream.resource<external>
  %result = util.call @propagateFuncCallee(%splat, %size) : (!stream.resource<*>, index) -> !stream.resource<*>
  // CHECK: util.return %[[RESULT]] : !stream.resource<external>
  util.return %result : !stream.resource<*>
}

// -----

// An export through a tie: the splat becomes external and the transfer is
// left as external -> external (elided later by elide-async-copies).

// CHECK-LABEL: @transitionTypesAcrossTies
util.func public @transitionTypesAcrossTies() -> !hal.buffer_view {
  %c4 = arith.constant 4 : index
  %c255_i32 = arith.constant 255 : i32
  // CHECK: %[[SPLAT:.+]] = stream.async.splat %c255_i32 : i32 -> !stream.resource<external>{%c4}
  %0 = stream.async.splat %c255_i32 : i32 -> !stream.resource<*>{%c4}
  // CHECK: %[[TRANSFER:.+]] = stream.async.transfer %[[SPLAT]] : !stream.resource<external>{%c4} -> !stream.resource<external>{%c4}
  %1 = stream.async.transfer %0 : !stream.resource<*>{%c4} -> !stream.resource<external>{%c4}
  // CHECK: stream.tensor.export %[[TRANSFER]] : tensor<f32> in !stream.resource<external>{%c4} -> !hal.buffer_view
  %2 = stream.tensor.export %1 : tensor<f32> in !stream.resource<external>{%c4} -> !hal.buffer_view
  util.return %2 : !hal.buffer_view
}

// -----

// Usage propagates around branches and selects: one value pinned external
// (the clone, through ^bb2's transfer) widens the select it flows into.
// ^bb2's arguments receive the same values from its single predecessor and
// are dropped by the rewrite driver's region simplification.

// CHECK-LABEL: @propagateBlocks
// CHECK-SAME: (%[[COND:.+]]: i1, %[[SIZE:.+]]: index) -> !stream.resource<external>
util.func private @propagateBlocks(%cond: i1, %size: index) -> !stream.resource<*> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c123_i32 = arith.constant 123 : i32
  %c456_i32 = arith.constant 456 : i32
  // CHECK: %[[SPLAT0:.+]] = stream.async.splat %c123_i32 : i32 -> !stream.resource<external>{%[[SIZE]]}
  %splat0 = stream.async.splat %c123_i32 : i32 -> !stream.resource<*>{%size}
  // CHECK: %[[SPLAT1:.+]] = stream.async.splat %c456_i32 : i32 -> !stream.resource<external>{%[[SIZE]]}
  %splat1 = stream.async.splat %c456_i32 : i32 -> !stream.resource<*>{%size}
  // CHECK: cf.br ^bb1(%[[SPLAT0]], %[[SPLAT1]] : !stream.resource<external>, !stream.resource<external>)
  cf.br ^bb1(%splat0, %splat1 : !stream.resource<*>, !stream.resource<*>)
// CHECK: ^bb1(%[[BB1_0:.+]]: !stream.resource<external>, %[[BB1_1:.+]]: !stream.resource<external>):
^bb1(%bb1_0: !stream.resource<*>, %bb1_1: !stream.resource<*>):
  // CHECK: %[[CLONE:.+]] = stream.async.clone %[[BB1_0]] : !stream.resource<external>{%[[SIZE]]} -> !stream.resource<external>{%[[SIZE]]}
  %clone = stream.async.clone %bb1_0 : !stream.resource<*>{%size} -> !stream.resource<*>{%size}
  // CHECK: %[[FILL:.+]] = stream.async.fill %c123_i32, %[[BB1_1]]{{.+}} -> %[[BB1_1]] as !stream.resource<external>{%[[SIZE]]}
  %fill = stream.async.fill %c123_i32, %bb1_1[%c0 to %c1 for %c1] : i32 -> %bb1_1 as !stream.resource<*>{%size}
  // CHECK: %[[SELECT:.+]] = arith.select %[[COND]], %[[CLONE]], %[[FILL]] : !stream.resource<external>
  %bb1_1_new = arith.select %cond, %clone, %fill : !stream.resource<*>
  // CHECK: cf.cond_br %[[COND]], ^bb1(%[[CLONE]], %[[SELECT]] : !stream.resource<external>, !stream.resource<external>), ^bb2{{$}}
  cf.cond_br %cond, ^bb1(%clone, %bb1_1_new : !stream.resource<*>, !stream.resource<*>),
                    ^bb2(%clone, %bb1_1_new : !stream.resource<*>, !stream.resource<*>)
// CHECK: ^bb2:
^bb2(%bb2_0: !stream.resource<*>, %bb2_1: !stream.resource<*>):
  // CHECK: %[[EXTERNAL:.+]] = stream.async.transfer %[[SELECT]] : !stream.resource<external>{%[[SIZE]]} -> !stream.resource<external>{%[[SIZE]]}
  %external = stream.async.transfer %bb2_1 : !stream.resource<*>{%size} -> !stream.resource<external>{%size}
  %barrier = util.optimization_barrier %external : !stream.resource<external>
  // CHECK: util.return %[[CLONE]] : !stream.resource<external>
  util.return %bb2_0 : !stream.resource<*>
}

// -----

// External wins over transient.

// CHECK-LABEL: @conflictResolution
// CHECK-SAME: -> !stream.resource<external>
util.func private @conflictResolution(%cond: i1, %arg0: !stream.resource<external>, %arg1: !stream.resource<transient>, %size: index) -> !stream.resource<*> {
  // CHECK: %[[ARG0_ANY:.+]] = stream.async.transfer %arg1 : !stream.resource<external>{%arg3} -> !stream.resource<external>{%arg3}
  %arg0_any = stream.async.transfer %arg0 : !stream.resource<external>{%size} -> !stream.resource<*>{%size}
  // CHECK: %[[ARG1_ANY:.+]] = stream.async.transfer %arg2 : !stream.resource<transient>{%arg3} -> !stream.resource<external>{%arg3}
  %arg1_any = stream.async.transfer %arg1 : !stream.resource<transient>{%size} -> !stream.resource<*>{%size}
  // CHECK: %[[SELECT:.+]] = arith.select %arg0, %[[ARG0_ANY]], %[[ARG1_ANY]] : !stream.resource<external>
  %select = arith.select %cond, %arg0_any, %arg1_any : !stream.resource<*>
  // CHECK: util.return %[[SELECT]] : !stream.resource<external>
  util.return %select : !stream.resource<*>
}

// -----

// A constant argument transferred to * and mutated (and returned from a
// public function) becomes constant -> external.

// CHECK-LABEL: @transferResolution
// CHECK-SAME: (%[[ARG0:.+]]: !stream.resource<constant>, %[[SIZE:.+]]: index) -> !stream.resource<external>
util.func public @transferResolution(%arg0: !stream.resource<constant>, %size: index) -> !stream.resource<*> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c123_i32 = arith.constant 123 : i32
  // CHECK: %[[ARG0_EXT:.+]] = stream.async.transfer %[[ARG0]] : !stream.resource<constant>{%[[SIZE]]} -> !stream.resource<external>{%[[SIZE]]}
  %arg0_any = stream.async.transfer %arg0 : !stream.resource<constant>{%size} -> !stream.resource<*>{%size}
  // CHECK: %[[FILL:.+]] = stream.async.fill %c123_i32, %[[ARG0_EXT]]{{.+}} -> %[[ARG0_EXT]] as !stream.resource<external>{%[[SIZE]]}
  %fill = stream.async.fill %c123_i32, %arg0_any[%c0 to %c1 for %c1] : i32 -> %arg0_any as !stream.resource<*>{%size}
  // CHECK: util.return %[[FILL]]
  util.return %fill : !stream.resource<*>
}

// -----

// constant -> * -> external becomes constant -> transient -> external ->
// external: the alloca is analysed as transient, so a constant -> transient
// transfer is inserted after it (its only user still had a * result at that
// point); the first transfer's * result is refined to external; the second
// transfer is left external -> external.

// CHECK-LABEL: @transferElision
util.func private @transferElision(%size: index) -> !stream.resource<external> {
  // CHECK: %[[ALLOCA:.+]] = stream.async.alloca : !stream.resource<constant>{%arg0}
  %alloca = stream.async.alloca : !stream.resource<constant>{%size}
  // CHECK: %[[TRANSIENT:.+]] = stream.async.transfer %[[ALLOCA]] : !stream.resource<constant>{%arg0} -> !stream.resource<transient>{%arg0}
  // CHECK: %[[EXTERNAL0:.+]] = stream.async.transfer %[[TRANSIENT]] : !stream.resource<transient>{%arg0} -> !stream.resource<external>{%arg0}
  %transfer_any = stream.async.transfer %alloca : !stream.resource<constant>{%size} -> !stream.resource<*>{%size}
  // CHECK: %[[EXTERNAL1:.+]] = stream.async.transfer %[[EXTERNAL0]] : !stream.resource<external>{%arg0} -> !stream.resource<external>{%arg0}
  %transfer_external = stream.async.transfer %transfer_any : !stream.resource<*>{%size} -> !stream.resource<external>{%size}
  // CHECK: util.return %[[EXTERNAL1]]
  util.return %transfer_external : !stream.resource<external>
}

// -----

// Loads of a variable global: the same-type transfer is preserved.

util.global private mutable @variable : !stream.resource<variable>
util.global private mutable @variable__size : index
// CHECK-LABEL: @globalLoad
util.func private @globalLoad() {
  // CHECK: %[[VALUE:.+]] = util.global.load @variable : !stream.resource<variable>
  %value = util.global.load @variable : !stream.resource<variable>
  %size = util.global.load @variable__size : index
  // CHECK: %[[LOAD:.+]] = stream.async.transfer %[[VALUE]] : !stream.resource<variable>{{.+}} -> !stream.resource<variable>
  %load = stream.async.transfer %value : !stream.resource<variable>{%size} -> !stream.resource<*>{%size}
  // CHECK: util.optimization_barrier %[[LOAD]] : !stream.resource<variable>
  util.optimization_barrier %load : !stream.resource<*>
  util.return
}

// -----

// Stores into a variable global.

util.global private mutable @variable : !stream.resource<variable>
util.global private mutable @variable__size : index
// CHECK-LABEL: @globalStore
// CHECK-SAME: (%[[ARG0:.+]]: !stream.resource<variable>, %[[SIZE:.+]]: index)
util.func private @globalStore(%arg0: !stream.resource<*>, %size: index) {
  // CHECK: %[[STORE:.+]] = stream.async.transfer %[[ARG0]] : !stream.resource<variable>{%[[SIZE]]} -> !stream.resource<variable>{%[[SIZE]]}
  %store = stream.async.transfer %arg0 : !stream.resource<*>{%size} -> !stream.resource<variable>{%size}
  // CHECK: util.global.store %[[STORE]], @variable : !stream.resource<variable>
  util.global.store %store, @variable : !stream.resource<variable>
  util.global.store %size, @variable__size : index
  util.return
}

// -----

// An allocation exported through the ABI becomes external.

// CHECK-LABEL: @explicitAlloc
util.func public @explicitAlloc() -> !hal.buffer_view {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c123_i32 = arith.constant 123 : i32
  // CHECK: %[[ALLOC:.+]] = stream.async.alloca : !stream.resource<external>{%c1}
  %0 = stream.async.alloca : !stream.resource<*>{%c1}
  // CHECK: %[[FILL:.+]] = stream.async.fill %c123_i32, %[[ALLOC]]{{.+}} -> %[[ALLOC]] as !stream.resource<external>{%c1}
  %1 = stream.async.fill %c123_i32, %0[%c0 to %c1 for %c1] : i32 -> %0 as !stream.resource<*>{%c1}
  // CHECK: stream.async.transfer %[[FILL]] : !stream.resource<external>{%c1} -> !stream.resource<external>{%c1}
  %2 = stream.async.transfer %1 : !stream.resource<*>{%c1} -> !stream.resource<external>{%c1}
  %3 = stream.tensor.export %2 : tensor<f32> in !stream.resource<external>{%c1} -> !hal.buffer_view
  util.return %3 : !hal.buffer_view
}

// -----

// An alloca returned from a public function escapes: external.

// CHECK-LABEL: @escapingAlloca
// CHECK-SAME: -> !stream.resource<external>
util.func public @escapingAlloca(%size: index) -> !stream.resource<*> {
  // CHECK: stream.async.alloca : !stream.resource<external>{%arg0}
  %0 = stream.async.alloca : !stream.resource<*>{%size}
  util.return %0 : !stream.resource<*>
}

// -----

// scf.if results and region values are refined; a staging transfer feeds an
// async.load.

// CHECK-LABEL: @testIf
// CHECK-SAME: -> (!stream.resource<transient>, !stream.resource<staging>, i32)
util.func private @testIf(%cond: i1, %size: index) -> (!stream.resource<*>, !stream.resource<staging>, i32) {
  %c0 = arith.constant 0 : index
  %c123_i32 = arith.constant 123 : i32
  // CHECK: %[[IF:.+]]:2 = scf.if %arg0 -> (!stream.resource<transient>, !stream.resource<transient>)
  %0:2 = scf.if %cond -> (!stream.resource<*>, !stream.resource<*>) {
    // CHECK: stream.async.splat %c123_i32 : i32 -> !stream.resource<transient>{%arg1}
    %a = stream.async.splat %c123_i32 : i32 -> !stream.resource<*>{%size}
    %b = stream.async.splat %c123_i32 : i32 -> !stream.resource<*>{%size}
    // CHECK: scf.yield {{.+}} : !stream.resource<transient>, !stream.resource<transient>
    scf.yield %a, %b : !stream.resource<*>, !stream.resource<*>
  } else {
    %a = stream.async.splat %c123_i32 : i32 -> !stream.resource<*>{%size}
    %b = stream.async.splat %c123_i32 : i32 -> !stream.resource<*>{%size}
    scf.yield %a, %b : !stream.resource<*>, !stream.resource<*>
  }
  // CHECK: %[[STAGING:.+]] = stream.async.transfer %[[IF]]#1 : !stream.resource<transient>{%arg1} -> !stream.resource<staging>{%arg1}
  %staging = stream.async.transfer %0#1 : !stream.resource<*>{%size} -> !stream.resource<staging>{%size}
  // CHECK: stream.async.load %[[STAGING]][%c0] : !stream.resource<staging>{%arg1} -> i32
  %v = stream.async.load %staging[%c0] : !stream.resource<staging>{%size} -> i32
  util.return %0#0, %staging, %v : !stream.resource<*>, !stream.resource<staging>, i32
}

// -----

// scf.while: results, condition and body arguments refined.

// CHECK-LABEL: @testWhile
// CHECK-SAME: -> !stream.resource<transient>
util.func private @testWhile(%size: index) -> !stream.resource<*> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c123_i32 = arith.constant 123 : i32
  %true = arith.constant true
  %init = stream.async.splat %c123_i32 : i32 -> !stream.resource<*>{%size}
  // CHECK: scf.while (%[[ARG:.+]] = %{{.+}}) : (!stream.resource<transient>) -> !stream.resource<transient>
  %r = scf.while (%arg = %init) : (!stream.resource<*>) -> !stream.resource<*> {
    // CHECK: scf.condition(%true) %[[ARG]] : !stream.resource<transient>
    scf.condition(%true) %arg : !stream.resource<*>
  } do {
  // CHECK: ^bb0(%[[BODY:.+]]: !stream.resource<transient>):
  ^bb0(%body: !stream.resource<*>):
    // CHECK: stream.async.fill %c123_i32, %[[BODY]]{{.+}} -> %[[BODY]] as !stream.resource<transient>
    %fill = stream.async.fill %c123_i32, %body[%c0 to %c1 for %c1] : i32 -> %body as !stream.resource<*>{%size}
    scf.yield %fill : !stream.resource<*>
  }
  util.return %r : !stream.resource<*>
}

// -----

// A while loop feeding itself through a recursive call keeps one lifetime.

// CHECK-LABEL: @testWhileRecurse
// CHECK-SAME: (%{{.+}}: !stream.resource<external>, %{{.+}}: index) -> !stream.resource<external>
util.func public @testWhileRecurse(%arg: !stream.resource<*>, %size: index) -> !stream.resource<*> {
  %true = arith.constant true
  // CHECK: scf.while {{.+}} : (!stream.resource<external>) -> !stream.resource<external>
  %r = scf.while (%w = %arg) : (!stream.resource<*>) -> !stream.resource<*> {
    scf.condition(%true) %w : !stream.resource<*>
  } do {
  ^bb0(%body: !stream.resource<*>):
    // CHECK: util.call @testWhileRecurse({{.+}}) : (!stream.resource<external>, index) -> !stream.resource<external>
    %call = util.call @testWhileRecurse(%body, %size) : (!stream.resource<*>, index) -> !stream.resource<*>
    scf.yield %call : !stream.resource<*>
  }
  util.return %r : !stream.resource<*>
}

// -----

// scf.for: results and iteration arguments refined.

// CHECK-LABEL: @testForOp
// CHECK-SAME: -> !stream.resource<transient>
util.func private @testForOp(%size: index) -> !stream.resource<*> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c123_i32 = arith.constant 123 : i32
  // CHECK: %[[INIT:.+]] = stream.async.splat %c123_i32 : i32 -> !stream.resource<transient>{%arg0}
  %init = stream.async.splat %c123_i32 : i32 -> !stream.resource<*>{%size}
  // CHECK: scf.for {{.+}} iter_args(%[[ACC:.+]] = %[[INIT]]) -> (!stream.resource<transient>)
  %r = scf.for %i = %c0 to %c4 step %c1 iter_args(%acc = %init) -> !stream.resource<*> {
    // CHECK: stream.async.fill %c123_i32, %[[ACC]]{{.+}} -> %[[ACC]] as !stream.resource<transient>{%arg0}
    %fill = stream.async.fill %c123_i32, %acc[%c0 to %c1 for %c1] : i32 -> %acc as !stream.resource<*>{%size}
    scf.yield %fill : !stream.resource<*>
  }
  util.return %r : !stream.resource<*>
}

// -----

// A constant global used externally keeps `constant` (GlobalStorage +
// Constant); the export path gets a constant -> external transfer.

util.global private @constant_global : !stream.resource<constant>
util.global private @constant_global__size : index
// CHECK-LABEL: @load_constant_global_external_use
util.func public @load_constant_global_external_use() -> !hal.buffer_view {
  // CHECK: %[[VALUE:.+]] = util.global.load @constant_global : !stream.resource<constant>
  %value = util.global.load @constant_global : !stream.resource<constant>
  %size = util.global.load @constant_global__size : index
  // CHECK: %[[ANY:.+]] = stream.async.transfer %[[VALUE]] : !stream.resource<constant>{{.+}} -> !stream.resource<constant>
  %any = stream.async.transfer %value : !stream.resource<constant>{%size} -> !stream.resource<*>{%size}
  // CHECK: stream.async.transfer %[[ANY]] : !stream.resource<constant>{{.+}} -> !stream.resource<external>
  %ext = stream.async.transfer %any : !stream.resource<*>{%size} -> !stream.resource<external>{%size}
  %export = stream.tensor.export %ext : tensor<4xf32> in !stream.resource<external>{%size} -> !hal.buffer_view
  util.return %export : !hal.buffer_view
}

// -----

// A constant global read through control flow stays constant.

util.global private @constant_global : !stream.resource<constant>
// CHECK-LABEL: @load_constant_global_control_flow
util.func private @load_constant_global_control_flow(%cond: i1, %size: index) -> !stream.resource<*> {
  %c0 = arith.constant 0 : index
  %value = util.global.load @constant_global : !stream.resource<constant>
  // CHECK: %[[ANY:.+]] = stream.async.transfer {{.+}} -> !stream.resource<constant>
  %any = stream.async.transfer %value : !stream.resource<constant>{%size} -> !stream.resource<*>{%size}
  // The block argument receives the same value from both edges and is
  // replaced by it (region simplification).
  // CHECK: cf.cond_br %arg0, ^bb1, ^bb1
  cf.cond_br %cond, ^bb1(%any : !stream.resource<*>), ^bb1(%any : !stream.resource<*>)
^bb1(%arg: !stream.resource<*>):
  // CHECK: stream.async.dispatch @ex::@read(%[[ANY]]{{.+}} : (!stream.resource<constant>{%arg1}) -> !stream.resource<transient>{%arg1}
  %d = stream.async.dispatch @ex::@read(%arg[%c0 to %size for %size]) : (!stream.resource<*>{%size}) -> !stream.resource<*>{%size}
  util.return %d : !stream.resource<*>
}

// -----

// A variable global used externally: the value becomes external.

util.global private mutable @variable_global : !stream.resource<variable>
// CHECK-LABEL: @load_variable_global_external_use
util.func public @load_variable_global_external_use(%size: index) -> !hal.buffer_view {
  %value = util.global.load @variable_global : !stream.resource<variable>
  // CHECK: %[[ANY:.+]] = stream.async.transfer {{.+}} : !stream.resource<variable>{%arg0} -> !stream.resource<external>{%arg0}
  %any = stream.async.transfer %value : !stream.resource<variable>{%size} -> !stream.resource<*>{%size}
  %ext = stream.async.transfer %any : !stream.resource<*>{%size} -> !stream.resource<external>{%size}
  %export = stream.tensor.export %ext : tensor<4xf32> in !stream.resource<external>{%size} -> !hal.buffer_view
  util.return %export : !hal.buffer_view
}

// -----

// A constant not stored to a global and used externally (returned from a
// public function) becomes external.

// CHECK-LABEL: @constant_external_without_global
// CHECK-SAME: -> !stream.resource<external>
util.func public @constant_external_without_global(%size: index) -> !stream.resource<*> {
  // CHECK: stream.async.constant : !stream.resource<external>{%arg0}
  %cst = stream.async.constant : !stream.resource<*>{%size} = dense<1> : tensor<4xi32>
  util.return %cst : !stream.resource<*>
}

// -----

// Exported through an explicit transfer instead, the constant keeps
// `constant`: merging with the exported (mutable, external) side would make
// it constant and mutated, so the transfer converts.

// CHECK-LABEL: @constant_exported_through_transfer
util.func public @constant_exported_through_transfer(%size: index) -> !hal.buffer_view {
  // CHECK: %[[CST:.+]] = stream.async.constant : !stream.resource<constant>{%arg0}
  %cst = stream.async.constant : !stream.resource<*>{%size} = dense<1> : tensor<4xi32>
  // CHECK: stream.async.transfer %[[CST]] : !stream.resource<constant>{%arg0} -> !stream.resource<external>{%arg0}
  %ext = stream.async.transfer %cst : !stream.resource<*>{%size} -> !stream.resource<external>{%size}
  %export = stream.tensor.export %ext : tensor<4xi32> in !stream.resource<external>{%size} -> !hal.buffer_view
  util.return %export : !hal.buffer_view
}

// -----

// A constant stored to a global stays constant even when read externally.

util.global private mutable @constant_global : !stream.resource<constant>
// CHECK-LABEL: @constant_global_with_external_use
util.func public @constant_global_with_external_use(%size: index) -> !hal.buffer_view {
  // CHECK: %[[CST:.+]] = stream.async.constant : !stream.resource<constant>{%arg0}
  %cst = stream.async.constant : !stream.resource<*>{%size} = dense<1> : tensor<4xi32>
  %stored = stream.async.transfer %cst : !stream.resource<*>{%size} -> !stream.resource<constant>{%size}
  util.global.store %stored, @constant_global : !stream.resource<constant>
  // CHECK: stream.async.transfer %[[CST]] : !stream.resource<constant>{%arg0} -> !stream.resource<external>{%arg0}
  %ext = stream.async.transfer %cst : !stream.resource<*>{%size} -> !stream.resource<external>{%size}
  %export = stream.tensor.export %ext : tensor<4xi32> in !stream.resource<external>{%size} -> !hal.buffer_view
  util.return %export : !hal.buffer_view
}

// -----

// A staging read of a constant global inserts a staging transfer rather than
// changing the source.

util.global private @constant_global : !stream.resource<constant>
// CHECK-LABEL: @load_constant_global_staging_use
util.func private @load_constant_global_staging_use(%size: index) -> i32 {
  %c0 = arith.constant 0 : index
  // CHECK: %[[VALUE:.+]] = util.global.load @constant_global : !stream.resource<constant>
  %value = util.global.load @constant_global : !stream.resource<constant>
  // CHECK: %[[STAGING:.+]] = stream.async.transfer %[[VALUE]] : !stream.resource<constant>{%arg0} -> !stream.resource<staging>{%arg0}
  %staging = stream.async.transfer %value : !stream.resource<constant>{%size} -> !stream.resource<staging>{%size}
  // CHECK: stream.async.load %[[STAGING]]
  %v = stream.async.load %staging[%c0] : !stream.resource<staging>{%size} -> i32
  util.return %v : i32
}

// -----

// A clone of an external value whose result is never mutated inherits
// external.

// CHECK-LABEL: @clone_external_immutable
util.func private @clone_external_immutable(%arg: !stream.resource<external>, %size: index) -> !stream.resource<*> {
  %c0 = arith.constant 0 : index
  // CHECK: %[[CLONE:.+]] = stream.async.clone %arg0 : !stream.resource<external>{%arg1} -> !stream.resource<external>{%arg1}
  %clone = stream.async.clone %arg : !stream.resource<external>{%size} -> !stream.resource<*>{%size}
  // CHECK: stream.async.dispatch @ex::@read(%[[CLONE]]{{.+}} : (!stream.resource<external>{%arg1}) -> !stream.resource<transient>{%arg1}
  %d = stream.async.dispatch @ex::@read(%clone[%c0 to %size for %size]) : (!stream.resource<*>{%size}) -> !stream.resource<*>{%size}
  util.return %d : !stream.resource<*>
}

// -----

// A mutated clone of an external value becomes transient.

// CHECK-LABEL: @clone_external_mutated
util.func private @clone_external_mutated(%arg: !stream.resource<external>, %size: index) -> !stream.resource<*> {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %c1_i32 = arith.constant 1 : i32
  // CHECK: %[[CLONE:.+]] = stream.async.clone %arg0 : !stream.resource<external>{%arg1} -> !stream.resource<transient>{%arg1}
  %clone = stream.async.clone %arg : !stream.resource<external>{%size} -> !stream.resource<*>{%size}
  // CHECK: stream.async.fill %c1_i32, %[[CLONE]]
  %fill = stream.async.fill %c1_i32, %clone[%c0 to %c4 for %c4] : i32 -> %clone as !stream.resource<*>{%size}
  util.return %fill : !stream.resource<*>
}

// -----

// Through a cast, a timepoint await or barrier, an async barrier, a
// resource.transients and a parameter write: still never mutated, external.

// CHECK-LABEL: @clone_external_passthroughs
util.func private @clone_external_passthroughs(%arg: !stream.resource<external>, %size: index, %tp: !stream.timepoint, %storage: !stream.resource<transient>, %scope: !util.buffer, %key: !util.buffer) -> !stream.timepoint {
  %c0 = arith.constant 0 : index
  %c0_i64 = arith.constant 0 : i64
  // CHECK: %[[CLONE:.+]] = stream.async.clone %arg0 : !stream.resource<external>{%arg1} -> !stream.resource<external>{%arg1}
  %clone = stream.async.clone %arg : !stream.resource<external>{%size} -> !stream.resource<*>{%size}
  // CHECK: %[[AWAIT:.+]] = stream.timepoint.await %arg2 => %[[CLONE]] : !stream.resource<external>{%arg1}
  %ready = stream.timepoint.await %tp => %clone : !stream.resource<*>{%size}
  // CHECK: %[[BARRIER:.+]], %{{.+}} = stream.timepoint.barrier %[[AWAIT]] : !stream.resource<external>{%arg1} => !stream.timepoint
  %b, %btp = stream.timepoint.barrier %ready : !stream.resource<*>{%size} => !stream.timepoint
  // CHECK: %[[ABARRIER:.+]] = stream.async.barrier %[[BARRIER]] : !stream.resource<external>{%arg1}
  %ab = stream.async.barrier %b : !stream.resource<*>{%size}
  // CHECK: %[[TRANSIENTS:.+]], %{{.+}} = stream.resource.transients %[[ABARRIER]] : !stream.resource<external>{%arg1}
  %tr, %trtp = stream.resource.transients %ab : !stream.resource<*>{%size} from %storage : !stream.resource<transient>{%size} => !stream.timepoint
  // CHECK: stream.async.parameter.write %[[TRANSIENTS]]{{.+}} : !stream.resource<external>{%arg1}
  %w, %wtp = stream.async.parameter.write %tr[%c0 to %size for %size] -> %scope::%key[%c0_i64] : !stream.resource<*>{%size} => !stream.timepoint
  util.return %wtp : !stream.timepoint
}

// -----

// A clone of an external value read through a cast to transient: the cast is
// not a mutation, so the clone inherits external (external wins over the
// cast's transient), and the external -> transient cast becomes a transfer.

// CHECK-LABEL: util.func private @clone_external_through_cast
// CHECK-SAME: (%[[ARG:.+]]: !stream.resource<external>, %[[SIZE:.+]]: index) -> !stream.resource<transient> {
util.func private @clone_external_through_cast(%arg: !stream.resource<external>, %size: index) -> !stream.resource<*> {
  // CHECK-NEXT: %[[C0:.+]] = arith.constant 0 : index
  %c0 = arith.constant 0 : index
  // CHECK-NEXT: %[[CLONE:.+]] = stream.async.clone %[[ARG]] : !stream.resource<external>{%[[SIZE]]} -> !stream.resource<external>{%[[SIZE]]}
  %clone = stream.async.clone %arg : !stream.resource<external>{%size} -> !stream.resource<*>{%size}
  // CHECK-NEXT: %[[T:.+]] = stream.async.transfer %[[CLONE]] : !stream.resource<external>{%[[SIZE]]} -> !stream.resource<transient>{%[[SIZE]]}
  %cast = stream.async.cast %clone : !stream.resource<*>{%size} -> !stream.resource<transient>{%size}
  // CHECK-NEXT: %[[D:.+]] = stream.async.dispatch @ex::@read(%[[T]][%[[C0]] to %[[SIZE]] for %[[SIZE]]]) : (!stream.resource<transient>{%[[SIZE]]}) -> !stream.resource<transient>{%[[SIZE]]}
  %d = stream.async.dispatch @ex::@read(%cast[%c0 to %size for %size]) : (!stream.resource<transient>{%size}) -> !stream.resource<*>{%size}
  // CHECK-NEXT: util.return %[[D]] : !stream.resource<transient>
  // CHECK-NEXT: }
  util.return %d : !stream.resource<*>
}

// -----

// Through a timepoint barrier and a timepoint await (ties that only order
// work): never mutated, external.

// CHECK-LABEL: util.func private @clone_external_through_timepoint
// CHECK-SAME: (%[[ARG:.+]]: !stream.resource<external>, %[[SIZE:.+]]: index, %[[TP:.+]]: !stream.timepoint) -> !stream.resource<transient> {
util.func private @clone_external_through_timepoint(%arg: !stream.resource<external>, %size: index, %tp: !stream.timepoint) -> !stream.resource<*> {
  // CHECK-NEXT: %[[C0:.+]] = arith.constant 0 : index
  %c0 = arith.constant 0 : index
  // CHECK-NEXT: %[[CLONE:.+]] = stream.async.clone %[[ARG]] : !stream.resource<external>{%[[SIZE]]} -> !stream.resource<external>{%[[SIZE]]}
  %clone = stream.async.clone %arg : !stream.resource<external>{%size} -> !stream.resource<*>{%size}
  // CHECK-NEXT: %[[B:.+]], %[[BTP:.+]] = stream.timepoint.barrier %[[CLONE]] : !stream.resource<external>{%[[SIZE]]} => !stream.timepoint
  %b, %btp = stream.timepoint.barrier %clone : !stream.resource<*>{%size} => !stream.timepoint
  // CHECK-NEXT: %[[J:.+]] = stream.timepoint.join max(%[[TP]], %[[BTP]]) => !stream.timepoint
  %j = stream.timepoint.join max(%tp, %btp) => !stream.timepoint
  // CHECK-NEXT: %[[READY:.+]] = stream.timepoint.await %[[J]] => %[[B]] : !stream.resource<external>{%[[SIZE]]}
  %ready = stream.timepoint.await %j => %b : !stream.resource<*>{%size}
  // CHECK-NEXT: %[[D:.+]] = stream.async.dispatch @ex::@read(%[[READY]][%[[C0]] to %[[SIZE]] for %[[SIZE]]]) : (!stream.resource<external>{%[[SIZE]]}) -> !stream.resource<transient>{%[[SIZE]]}
  %d = stream.async.dispatch @ex::@read(%ready[%c0 to %size for %size]) : (!stream.resource<*>{%size}) -> !stream.resource<*>{%size}
  // CHECK-NEXT: util.return %[[D]] : !stream.resource<transient>
  // CHECK-NEXT: }
  util.return %d : !stream.resource<*>
}

// -----

// Through an async barrier: never mutated, external.

// CHECK-LABEL: util.func private @clone_external_through_async_barrier
// CHECK-SAME: (%[[ARG:.+]]: !stream.resource<external>, %[[SIZE:.+]]: index) -> !stream.resource<transient> {
util.func private @clone_external_through_async_barrier(%arg: !stream.resource<external>, %size: index) -> !stream.resource<*> {
  // CHECK-NEXT: %[[C0:.+]] = arith.constant 0 : index
  %c0 = arith.constant 0 : index
  // CHECK-NEXT: %[[CLONE:.+]] = stream.async.clone %[[ARG]] : !stream.resource<external>{%[[SIZE]]} -> !stream.resource<external>{%[[SIZE]]}
  %clone = stream.async.clone %arg : !stream.resource<external>{%size} -> !stream.resource<*>{%size}
  // CHECK-NEXT: %[[AB:.+]] = stream.async.barrier %[[CLONE]] : !stream.resource<external>{%[[SIZE]]}
  %ab = stream.async.barrier %clone : !stream.resource<*>{%size}
  // CHECK-NEXT: %[[D:.+]] = stream.async.dispatch @ex::@read(%[[AB]][%[[C0]] to %[[SIZE]] for %[[SIZE]]]) : (!stream.resource<external>{%[[SIZE]]}) -> !stream.resource<transient>{%[[SIZE]]}
  %d = stream.async.dispatch @ex::@read(%ab[%c0 to %size for %size]) : (!stream.resource<*>{%size}) -> !stream.resource<*>{%size}
  // CHECK-NEXT: util.return %[[D]] : !stream.resource<transient>
  // CHECK-NEXT: }
  util.return %d : !stream.resource<*>
}

// -----

// Through stream.resource.transients (and the await of its timepoint): never
// mutated, external.

// CHECK-LABEL: util.func private @clone_external_through_transients
// CHECK-SAME: (%[[ARG:.+]]: !stream.resource<external>, %[[SIZE:.+]]: index, %[[STORAGE:.+]]: !stream.resource<transient>) -> !stream.resource<transient> {
util.func private @clone_external_through_transients(%arg: !stream.resource<external>, %size: index, %storage: !stream.resource<transient>) -> !stream.resource<*> {
  // CHECK-NEXT: %[[C0:.+]] = arith.constant 0 : index
  %c0 = arith.constant 0 : index
  // CHECK-NEXT: %[[CLONE:.+]] = stream.async.clone %[[ARG]] : !stream.resource<external>{%[[SIZE]]} -> !stream.resource<external>{%[[SIZE]]}
  %clone = stream.async.clone %arg : !stream.resource<external>{%size} -> !stream.resource<*>{%size}
  // CHECK-NEXT: %[[TR:.+]], %[[TRTP:.+]] = stream.resource.transients %[[CLONE]] : !stream.resource<external>{%[[SIZE]]} from %[[STORAGE]] : !stream.resource<transient>{%[[SIZE]]} => !stream.timepoint
  %tr, %trtp = stream.resource.transients %clone : !stream.resource<*>{%size} from %storage : !stream.resource<transient>{%size} => !stream.timepoint
  // CHECK-NEXT: %[[READY:.+]] = stream.timepoint.await %[[TRTP]] => %[[TR]] : !stream.resource<external>{%[[SIZE]]}
  %ready = stream.timepoint.await %trtp => %tr : !stream.resource<*>{%size}
  // CHECK-NEXT: %[[D:.+]] = stream.async.dispatch @ex::@read(%[[READY]][%[[C0]] to %[[SIZE]] for %[[SIZE]]]) : (!stream.resource<external>{%[[SIZE]]}) -> !stream.resource<transient>{%[[SIZE]]}
  %d = stream.async.dispatch @ex::@read(%ready[%c0 to %size for %size]) : (!stream.resource<*>{%size}) -> !stream.resource<*>{%size}
  // CHECK-NEXT: util.return %[[D]] : !stream.resource<transient>
  // CHECK-NEXT: }
  util.return %d : !stream.resource<*>
}

// -----

// Written out to a parameter (a read of the source): never mutated, external.

// CHECK-LABEL: util.func private @clone_external_through_parameter_write
// CHECK-SAME: (%[[ARG:.+]]: !stream.resource<external>, %[[SIZE:.+]]: index, %[[SCOPE:.+]]: !util.buffer, %[[KEY:.+]]: !util.buffer) -> !stream.timepoint {
util.func private @clone_external_through_parameter_write(%arg: !stream.resource<external>, %size: index, %scope: !util.buffer, %key: !util.buffer) -> !stream.timepoint {
  // CHECK-NEXT: %[[C0:.+]] = arith.constant 0 : index
  %c0 = arith.constant 0 : index
  // CHECK-NEXT: %[[C0_I64:.+]] = arith.constant 0 : i64
  %c0_i64 = arith.constant 0 : i64
  // CHECK-NEXT: %[[CLONE:.+]] = stream.async.clone %[[ARG]] : !stream.resource<external>{%[[SIZE]]} -> !stream.resource<external>{%[[SIZE]]}
  %clone = stream.async.clone %arg : !stream.resource<external>{%size} -> !stream.resource<*>{%size}
  // CHECK-NEXT: %{{.+}}, %[[WTP:.+]] = stream.async.parameter.write %[[CLONE]][%[[C0]] to %[[SIZE]] for %[[SIZE]]] -> %[[SCOPE]]::%[[KEY]][%[[C0_I64]]] : !stream.resource<external>{%[[SIZE]]} => !stream.timepoint
  %w, %wtp = stream.async.parameter.write %clone[%c0 to %size for %size] -> %scope::%key[%c0_i64] : !stream.resource<*>{%size} => !stream.timepoint
  // CHECK-NEXT: util.return %[[WTP]] : !stream.timepoint
  // CHECK-NEXT: }
  util.return %wtp : !stream.timepoint
}

// -----

// The mutation check looks at the clone's own uses only (§11.2, "mutating
// tied use"): a fill reached through a timepoint await (a tied passthrough)
// does not make the clone transient, so it inherits external, and the
// mutated value is external too.

// CHECK-LABEL: util.func private @clone_external_mutated_through_await
// CHECK-SAME: (%[[ARG:.+]]: !stream.resource<external>, %[[SIZE:.+]]: index, %[[TP:.+]]: !stream.timepoint) -> !stream.resource<external> {
util.func private @clone_external_mutated_through_await(%arg: !stream.resource<external>, %size: index, %tp: !stream.timepoint) -> !stream.resource<*> {
  // CHECK-NEXT: %[[C0:.+]] = arith.constant 0 : index
  %c0 = arith.constant 0 : index
  // CHECK-NEXT: %[[C4:.+]] = arith.constant 4 : index
  %c4 = arith.constant 4 : index
  // CHECK-NEXT: %[[C1_I32:.+]] = arith.constant 1 : i32
  %c1_i32 = arith.constant 1 : i32
  // CHECK-NEXT: %[[CLONE:.+]] = stream.async.clone %[[ARG]] : !stream.resource<external>{%[[SIZE]]} -> !stream.resource<external>{%[[SIZE]]}
  %clone = stream.async.clone %arg : !stream.resource<external>{%size} -> !stream.resource<*>{%size}
  // CHECK-NEXT: %[[READY:.+]] = stream.timepoint.await %[[TP]] => %[[CLONE]] : !stream.resource<external>{%[[SIZE]]}
  %ready = stream.timepoint.await %tp => %clone : !stream.resource<*>{%size}
  // CHECK-NEXT: %[[FILL:.+]] = stream.async.fill %[[C1_I32]], %[[READY]][%[[C0]] to %[[C4]] for %[[C4]]] : i32 -> %[[READY]] as !stream.resource<external>{%[[SIZE]]}
  %fill = stream.async.fill %c1_i32, %ready[%c0 to %c4 for %c4] : i32 -> %ready as !stream.resource<*>{%size}
  // CHECK-NEXT: util.return %[[FILL]] : !stream.resource<external>
  // CHECK-NEXT: }
  util.return %fill : !stream.resource<*>
}

// -----

// A parameter load refines to constant.

// CHECK-LABEL: @parameter_load_refines_to_constant
util.func private @parameter_load_refines_to_constant(%scope: !util.buffer, %key: !util.buffer, %size: index) -> !stream.resource<*> {
  %c0_i64 = arith.constant 0 : i64
  // CHECK: stream.async.parameter.load {{.+}} : !stream.resource<constant>{%arg2} => !stream.timepoint
  %result, %tp = stream.async.parameter.load %scope::%key[%c0_i64] : !stream.resource<*>{%size} => !stream.timepoint
  %ready = stream.timepoint.await %tp => %result : !stream.resource<*>{%size}
  util.return %ready : !stream.resource<*>
}

// -----

// The external constraint of a cast flows back to the splat; the cast folds
// away once both sides have the same type.

// CHECK-LABEL: @asyncCastPropagation
util.func private @asyncCastPropagation(%size: index) -> !stream.resource<external> {
  %c123_i32 = arith.constant 123 : i32
  // CHECK: %[[SPLAT:.+]] = stream.async.splat %c123_i32 : i32 -> !stream.resource<external>{%arg0}
  %splat = stream.async.splat %c123_i32 : i32 -> !stream.resource<*>{%size}
  // CHECK-NOT: stream.async.cast
  %cast = stream.async.cast %splat : !stream.resource<*>{%size} -> !stream.resource<external>{%size}
  // CHECK: util.return %[[SPLAT]]
  util.return %cast : !stream.resource<external>
}

// -----

// A cast between two different concrete lifetimes becomes a transfer.

// CHECK-LABEL: @asyncCastConcreteMismatchTransfers
util.func private @asyncCastConcreteMismatchTransfers(%arg0: !stream.resource<constant>, %size: index) -> !stream.resource<external> {
  // CHECK: %[[T:.+]] = stream.async.transfer %arg0 : !stream.resource<constant>{%arg1} -> !stream.resource<external>{%arg1}
  %cast = stream.async.cast %arg0 : !stream.resource<constant>{%size} -> !stream.resource<external>{%size}
  // CHECK: util.return %[[T]]
  util.return %cast : !stream.resource<external>
}

// -----

// resource.transients: result and operand refined together.

// CHECK-LABEL: @transients_external_result
util.func public @transients_external_result(%arg: !stream.resource<*>, %size: index, %storage: !stream.resource<transient>) -> !stream.resource<*> {
  // CHECK: stream.resource.transients %arg0 : !stream.resource<external>{%arg1} from %arg2 : !stream.resource<transient>{%arg1} => !stream.timepoint
  %r, %t = stream.resource.transients %arg : !stream.resource<*>{%size} from %storage : !stream.resource<transient>{%size} => !stream.timepoint
  util.return %r : !stream.resource<*>
}

// -----

// Execute regions: captured arguments, yields and results refined.

// CHECK-LABEL: @executeRegion
util.func private @executeRegion(%size: index) -> !stream.resource<*> {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %c1_i32 = arith.constant 1 : i32
  // CHECK: %[[SPLAT:.+]] = stream.async.splat %c1_i32 : i32 -> !stream.resource<transient>
  %splat = stream.async.splat %c1_i32 : i32 -> !stream.resource<*>{%size}
  // CHECK: stream.async.execute with(%[[SPLAT]] as %[[CAPTURE:.+]]: !stream.resource<transient>{%arg0}) -> %[[SPLAT]]{%arg0}
  %r, %tp = stream.async.execute with(%splat as %captured: !stream.resource<*>{%size}) -> %splat{%size} {
    // CHECK: stream.async.fill %c1_i32, %[[CAPTURE]]{{.+}} -> %[[CAPTURE]] as !stream.resource<transient>{%arg0}
    %fill = stream.async.fill %c1_i32, %captured[%c0 to %c4 for %c4] : i32 -> %captured as !stream.resource<*>{%size}
    // CHECK: stream.yield {{.+}} : !stream.resource<transient>{%arg0}
    stream.yield %fill : !stream.resource<*>{%size}
  } => !stream.timepoint
  %ready = stream.timepoint.await %tp => %r : !stream.resource<*>{%size}
  util.return %ready : !stream.resource<*>
}

// -----

// [SLUICE] A value with contradictory usage (constant data mutated in
// place) has an invalid element and is given the conservative `external`
// lifetime (the reference would pick `constant`, which forbids the
// mutation).

// CHECK-LABEL: @contradictoryUsage
// CHECK-SAME: -> !stream.resource<external>
util.func private @contradictoryUsage(%size: index) -> !stream.resource<*> {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %c1_i32 = arith.constant 1 : i32
  // CHECK: %[[CST:.+]] = stream.async.constant : !stream.resource<external>{%arg0}
  %cst = stream.async.constant : !stream.resource<*>{%size} = dense<1> : tensor<4xi32>
  // CHECK: stream.async.fill %c1_i32, %[[CST]]{{.+}} -> %[[CST]] as !stream.resource<external>{%arg0}
  %fill = stream.async.fill %c1_i32, %cst[%c0 to %c4 for %c4] : i32 -> %cst as !stream.resource<*>{%size}
  util.return %fill : !stream.resource<*>
}

// -----

// [SLUICE] A declaration's `*` types become external (everything passed to
// or returned from unknown code is external), so call sites keep matching.

// CHECK-LABEL: util.func private @externalDecl
// CHECK-SAME: (%arg0: !stream.resource<external>, %arg1: index) -> !stream.resource<external>
util.func private @externalDecl(%arg: !stream.resource<*>, %size: index) -> !stream.resource<*>
// CHECK-LABEL: @callsExternalDecl
util.func private @callsExternalDecl(%size: index) -> !stream.resource<*> {
  %c1_i32 = arith.constant 1 : i32
  // CHECK: %[[SPLAT:.+]] = stream.async.splat %c1_i32 : i32 -> !stream.resource<external>{%arg0}
  %splat = stream.async.splat %c1_i32 : i32 -> !stream.resource<*>{%size}
  // CHECK: util.call @externalDecl(%[[SPLAT]], %arg0) : (!stream.resource<external>, index) -> !stream.resource<external>
  %r = util.call @externalDecl(%splat, %size) : (!stream.resource<*>, index) -> !stream.resource<*>
  util.return %r : !stream.resource<*>
}

// -----

// [SLUICE] Other region ops: scf.execute_region and scf.index_switch results
// take the lifetime of the values they yield.

// CHECK-LABEL: @otherRegionOps
util.func private @otherRegionOps(%cond: i1, %index: index, %size: index) -> !stream.resource<*> {
  %c1_i32 = arith.constant 1 : i32
  // CHECK: scf.execute_region -> !stream.resource<transient>
  %r = scf.execute_region -> !stream.resource<*> {
    cf.cond_br %cond, ^a, ^b
  ^a:
    // CHECK: stream.async.splat %c1_i32 : i32 -> !stream.resource<transient>
    %a = stream.async.splat %c1_i32 : i32 -> !stream.resource<*>{%size}
    scf.yield %a : !stream.resource<*>
  ^b:
    %b = stream.async.splat %c1_i32 : i32 -> !stream.resource<*>{%size}
    scf.yield %b : !stream.resource<*>
  }
  // CHECK: scf.index_switch %arg1 -> !stream.resource<transient>
  %s = scf.index_switch %index -> !stream.resource<*>
  case 0 {
    scf.yield %r : !stream.resource<*>
  }
  default {
    %d = stream.async.splat %c1_i32 : i32 -> !stream.resource<*>{%size}
    scf.yield %d : !stream.resource<*>
  }
  util.return %s : !stream.resource<*>
}

// -----

// A value stored to a variable global and also exported: external (a
// variable global used externally is external, unlike a constant one).

util.global private mutable @variable_global : !stream.resource<variable>
// CHECK-LABEL: @variable_global_with_external_use
util.func public @variable_global_with_external_use(%size: index) -> !hal.buffer_view {
  %c1_i32 = arith.constant 1 : i32
  // CHECK: %[[SPLAT:.+]] = stream.async.splat %c1_i32 : i32 -> !stream.resource<external>{%arg0}
  %splat = stream.async.splat %c1_i32 : i32 -> !stream.resource<*>{%size}
  // CHECK: stream.async.transfer %[[SPLAT]] : !stream.resource<external>{%arg0} -> !stream.resource<variable>{%arg0}
  %stored = stream.async.transfer %splat : !stream.resource<*>{%size} -> !stream.resource<variable>{%size}
  util.global.store %stored, @variable_global : !stream.resource<variable>
  // CHECK: stream.async.transfer %[[SPLAT]] : !stream.resource<external>{%arg0} -> !stream.resource<external>{%arg0}
  %ext = stream.async.transfer %splat : !stream.resource<*>{%size} -> !stream.resource<external>{%size}
  %export = stream.tensor.export %ext : tensor<4xi32> in !stream.resource<external>{%size} -> !hal.buffer_view
  util.return %export : !hal.buffer_view
}

// -----

// A constant stored to a global and read back on the host: it stays
// constant and a staging transfer is inserted for the read.

util.global private mutable @constant_global : !stream.resource<constant>
// CHECK-LABEL: @constant_global_with_staging
util.func public @constant_global_with_staging(%size: index) -> i32 {
  %c0 = arith.constant 0 : index
  // CHECK: %[[CST:.+]] = stream.async.constant : !stream.resource<constant>{%arg0}
  %cst = stream.async.constant : !stream.resource<*>{%size} = dense<1> : tensor<4xi32>
  %stored = stream.async.transfer %cst : !stream.resource<*>{%size} -> !stream.resource<constant>{%size}
  util.global.store %stored, @constant_global : !stream.resource<constant>
  // CHECK: %[[STAGING:.+]] = stream.async.transfer %[[CST]] : !stream.resource<constant>{%arg0} -> !stream.resource<staging>{%arg0}
  %staging = stream.async.transfer %cst : !stream.resource<*>{%size} -> !stream.resource<staging>{%size}
  // CHECK: stream.async.load %[[STAGING]][%c0] : !stream.resource<staging>{%arg0} -> i32
  %v = stream.async.load %staging[%c0] : !stream.resource<staging>{%size} -> i32
  util.return %v : i32
}
