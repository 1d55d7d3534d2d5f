// REQUIRES: sluice-opt
// --iree-stream-elide-async-copies across scf regions (stream-passes-1.md
// §10.7 elide_async_copies_scf.mlir).

// RUN: sluice-opt --split-input-file --iree-stream-elide-async-copies %s | FileCheck %s

// In-place mutation in both branches of an scf.if: no clones.

// CHECK-LABEL: @ifBothBranchesInPlace
util.func public @ifBothBranchesInPlace(%cond: i1, %size: index) -> !stream.resource<*> {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %c1_i32 = arith.constant 1 : i32
  // CHECK: %[[SPLAT:.+]] = stream.async.splat
  %splat = stream.async.splat %c1_i32 : i32 -> !stream.resource<*>{%size}
  // CHECK-NOT: stream.async.clone
  %r = scf.if %cond -> !stream.resource<*> {
    %clone = stream.async.clone %splat : !stream.resource<*>{%size} -> !stream.resource<*>{%size}
    // CHECK: stream.async.fill %c1_i32, %[[SPLAT]]
    %fill = stream.async.fill %c1_i32, %clone[%c0 to %c4 for %c4] : i32 -> %clone as !stream.resource<*>{%size}
    scf.yield %fill : !stream.resource<*>
  } else {
    %clone = stream.async.clone %splat : !stream.resource<*>{%size} -> !stream.resource<*>{%size}
    // CHECK: stream.async.dispatch @ex::@rw(%[[SPLAT]]
    %d = stream.async.dispatch @ex::@rw(%clone[%c0 to %size for %size]) : (!stream.resource<*>{%size}) -> %clone{%size}
    scf.yield %d : !stream.resource<*>
  }
  util.return %r : !stream.resource<*>
}

// -----

// In-place mutation in one branch only.

// CHECK-LABEL: @ifOneBranchInPlace
util.func public @ifOneBranchInPlace(%cond: i1, %size: index) -> !stream.resource<*> {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %c1_i32 = arith.constant 1 : i32
  %splat = stream.async.splat %c1_i32 : i32 -> !stream.resource<*>{%size}
  // CHECK-NOT: stream.async.clone
  %r = scf.if %cond -> !stream.resource<*> {
    %clone = stream.async.clone %splat : !stream.resource<*>{%size} -> !stream.resource<*>{%size}
    %fill = stream.async.fill %c1_i32, %clone[%c0 to %c4 for %c4] : i32 -> %clone as !stream.resource<*>{%size}
    scf.yield %fill : !stream.resource<*>
  } else {
    scf.yield %splat : !stream.resource<*>
  }
  util.return %r : !stream.resource<*>
}

// -----

// The source is used after the scf.if: the clone is kept.

// CHECK-LABEL: @ifSourceUsedAfter
util.func public @ifSourceUsedAfter(%cond: i1, %size: index) -> (!stream.resource<*>, !stream.resource<*>) {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %c1_i32 = arith.constant 1 : i32
  %splat = stream.async.splat %c1_i32 : i32 -> !stream.resource<*>{%size}
  %r = scf.if %cond -> !stream.resource<*> {
    // CHECK: stream.async.clone
    %clone = stream.async.clone %splat : !stream.resource<*>{%size} -> !stream.resource<*>{%size}
    %fill = stream.async.fill %c1_i32, %clone[%c0 to %c4 for %c4] : i32 -> %clone as !stream.resource<*>{%size}
    scf.yield %fill : !stream.resource<*>
  } else {
    scf.yield %splat : !stream.resource<*>
  }
  util.return %r, %splat : !stream.resource<*>, !stream.resource<*>
}

// -----

// A sequence of in-place fills on a loop-carried value: no clones.

// CHECK-LABEL: @forSequence
util.func public @forSequence(%size: index) -> !stream.resource<*> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %c1_i32 = arith.constant 1 : i32
  %splat = stream.async.splat %c1_i32 : i32 -> !stream.resource<*>{%size}
  // CHECK: scf.for {{.+}} iter_args(%[[ACC:.+]] = %{{.+}})
  %r = scf.for %i = %c0 to %c4 step %c1 iter_args(%acc = %splat) -> !stream.resource<*> {
    // CHECK-NOT: stream.async.clone
    // CHECK: %[[FILL0:.+]] = stream.async.fill %c1_i32, %[[ACC]]
    %clone0 = stream.async.clone %acc : !stream.resource<*>{%size} -> !stream.resource<*>{%size}
    %fill0 = stream.async.fill %c1_i32, %clone0[%c0 to %c4 for %c4] : i32 -> %clone0 as !stream.resource<*>{%size}
    // CHECK: stream.async.fill %c1_i32, %[[FILL0]]
    %clone1 = stream.async.clone %fill0 : !stream.resource<*>{%size} -> !stream.resource<*>{%size}
    %fill1 = stream.async.fill %c1_i32, %clone1[%c4 to %c8 for %c4] : i32 -> %clone1 as !stream.resource<*>{%size}
    scf.yield %fill1 : !stream.resource<*>
  }
  util.return %r : !stream.resource<*>
}

// -----

// A chain of in-place dispatches in a loop: no clones.

// CHECK-LABEL: @forChain
util.func public @forChain(%size: index) -> !stream.resource<*> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c1_i32 = arith.constant 1 : i32
  %splat = stream.async.splat %c1_i32 : i32 -> !stream.resource<*>{%size}
  // CHECK-NOT: stream.async.clone
  %r = scf.for %i = %c0 to %c4 step %c1 iter_args(%acc = %splat) -> !stream.resource<*> {
    %clone0 = stream.async.clone %acc : !stream.resource<*>{%size} -> !stream.resource<*>{%size}
    %d0 = stream.async.dispatch @ex::@rw0(%clone0[%c0 to %size for %size]) : (!stream.resource<*>{%size}) -> %clone0{%size}
    %clone1 = stream.async.clone %d0 : !stream.resource<*>{%size} -> !stream.resource<*>{%size}
    %d1 = stream.async.dispatch @ex::@rw1(%clone1[%c0 to %size for %size]) : (!stream.resource<*>{%size}) -> %clone1{%size}
    scf.yield %d1 : !stream.resource<*>
  }
  util.return %r : !stream.resource<*>
}

// -----

// Nested loops carrying the value: no clones.

// CHECK-LABEL: @forNested
util.func public @forNested(%size: index) -> !stream.resource<*> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c1_i32 = arith.constant 1 : i32
  %splat = stream.async.splat %c1_i32 : i32 -> !stream.resource<*>{%size}
  // CHECK-NOT: stream.async.clone
  %r = scf.for %i = %c0 to %c4 step %c1 iter_args(%outer = %splat) -> !stream.resource<*> {
    %inner = scf.for %j = %c0 to %c4 step %c1 iter_args(%acc = %outer) -> !stream.resource<*> {
      %clone = stream.async.clone %acc : !stream.resource<*>{%size} -> !stream.resource<*>{%size}
      %fill = stream.async.fill %c1_i32, %clone[%c0 to %c4 for %c4] : i32 -> %clone as !stream.resource<*>{%size}
      scf.yield %fill : !stream.resource<*>
    }
    scf.yield %inner : !stream.resource<*>
  }
  util.return %r : !stream.resource<*>
}

// -----

// A captured value mutated in every iteration keeps its clone (another
// iteration reads it again).

// CHECK-LABEL: @forCapturedMutated
util.func public @forCapturedMutated(%size: index) -> !stream.resource<*> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c1_i32 = arith.constant 1 : i32
  %splat = stream.async.splat %c1_i32 : i32 -> !stream.resource<*>{%size}
  %r = scf.for %i = %c0 to %c4 step %c1 iter_args(%acc = %splat) -> !stream.resource<*> {
    // CHECK: stream.async.clone
    %clone = stream.async.clone %splat : !stream.resource<*>{%size} -> !stream.resource<*>{%size}
    %fill = stream.async.fill %c1_i32, %clone[%c0 to %c4 for %c4] : i32 -> %clone as !stream.resource<*>{%size}
    scf.yield %fill : !stream.resource<*>
  }
  util.return %r : !stream.resource<*>
}

// -----

// The loop's initial value is used after the loop: the clone is kept.

// CHECK-LABEL: @forSourceUsedAfter
util.func public @forSourceUsedAfter(%size: index) -> (!stream.resource<*>, !stream.resource<*>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c1_i32 = arith.constant 1 : i32
  %splat = stream.async.splat %c1_i32 : i32 -> !stream.resource<*>{%size}
  %r = scf.for %i = %c0 to %c4 step %c1 iter_args(%acc = %splat) -> !stream.resource<*> {
    // CHECK: stream.async.clone
    %clone = stream.async.clone %acc : !stream.resource<*>{%size} -> !stream.resource<*>{%size}
    %fill = stream.async.fill %c1_i32, %clone[%c0 to %c4 for %c4] : i32 -> %clone as !stream.resource<*>{%size}
    scf.yield %fill : !stream.resource<*>
  }
  util.return %r, %splat : !stream.resource<*>, !stream.resource<*>
}

// -----

// A for nested in an if: the source used after the if keeps the clone.

// CHECK-LABEL: @forInIfSourceUsedAfter
util.func public @forInIfSourceUsedAfter(%cond: i1, %size: index) -> (!stream.resource<*>, !stream.resource<*>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c1_i32 = arith.constant 1 : i32
  %splat = stream.async.splat %c1_i32 : i32 -> !stream.resource<*>{%size}
  %r = scf.if %cond -> !stream.resource<*> {
    %f = scf.for %i = %c0 to %c4 step %c1 iter_args(%acc = %splat) -> !stream.resource<*> {
      // CHECK: stream.async.clone
      %clone = stream.async.clone %acc : !stream.resource<*>{%size} -> !stream.resource<*>{%size}
      %fill = stream.async.fill %c1_i32, %clone[%c0 to %c4 for %c4] : i32 -> %clone as !stream.resource<*>{%size}
      scf.yield %fill : !stream.resource<*>
    }
    scf.yield %f : !stream.resource<*>
  } else {
    scf.yield %splat : !stream.resource<*>
  }
  util.return %r, %splat : !stream.resource<*>, !stream.resource<*>
}

// -----

// In-place mutation in a while loop body: no clone.

// CHECK-LABEL: @whileInPlace
util.func public @whileInPlace(%size: index) -> !stream.resource<*> {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %c1_i32 = arith.constant 1 : i32
  %true = arith.constant true
  %splat = stream.async.splat %c1_i32 : i32 -> !stream.resource<*>{%size}
  // CHECK-NOT: stream.async.clone
  %r = scf.while (%arg = %splat) : (!stream.resource<*>) -> !stream.resource<*> {
    scf.condition(%true) %arg : !stream.resource<*>
  } do {
  ^bb0(%body: !stream.resource<*>):
    %clone = stream.async.clone %body : !stream.resource<*>{%size} -> !stream.resource<*>{%size}
    %fill = stream.async.fill %c1_i32, %clone[%c0 to %c4 for %c4] : i32 -> %clone as !stream.resource<*>{%size}
    scf.yield %fill : !stream.resource<*>
  }
  util.return %r : !stream.resource<*>
}

// -----

// The while's initial value is used after the loop: the clone is kept.

// CHECK-LABEL: @whileSourceUsedAfter
util.func public @whileSourceUsedAfter(%size: index) -> (!stream.resource<*>, !stream.resource<*>) {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %c1_i32 = arith.constant 1 : i32
  %true = arith.constant true
  %splat = stream.async.splat %c1_i32 : i32 -> !stream.resource<*>{%size}
  %r = scf.while (%arg = %splat) : (!stream.resource<*>) -> !stream.resource<*> {
    scf.condition(%true) %arg : !stream.resource<*>
  } do {
  ^bb0(%body: !stream.resource<*>):
    // CHECK: stream.async.clone
    %clone = stream.async.clone %body : !stream.resource<*>{%size} -> !stream.resource<*>{%size}
    %fill = stream.async.fill %c1_i32, %clone[%c0 to %c4 for %c4] : i32 -> %clone as !stream.resource<*>{%size}
    scf.yield %fill : !stream.resource<*>
  }
  util.return %r, %splat : !stream.resource<*>, !stream.resource<*>
}

// -----

// A read-only clone in a loop is elided.

// CHECK-LABEL: @forReadOnlyClone
util.func public @forReadOnlyClone(%size: index) -> !stream.resource<*> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c1_i32 = arith.constant 1 : i32
  %splat = stream.async.splat %c1_i32 : i32 -> !stream.resource<*>{%size}
  %init = stream.async.splat %c1_i32 : i32 -> !stream.resource<*>{%size}
  // CHECK-NOT: stream.async.clone
  %r = scf.for %i = %c0 to %c4 step %c1 iter_args(%acc = %init) -> !stream.resource<*> {
    %clone = stream.async.clone %splat : !stream.resource<*>{%size} -> !stream.resource<*>{%size}
    %d = stream.async.dispatch @ex::@read(%clone[%c0 to %size for %size], %acc[%c0 to %size for %size]) : (!stream.resource<*>{%size}, !stream.resource<*>{%size}) -> !stream.resource<*>{%size}
    scf.yield %d : !stream.resource<*>
  }
  util.return %r : !stream.resource<*>
}
