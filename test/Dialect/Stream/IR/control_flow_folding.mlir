// REQUIRES: sluice-opt
// RUN: sluice-opt --split-input-file --canonicalize %s | FileCheck %s
// RUN: sluice-opt --split-input-file --canonicalize=region-simplify=disabled %s | FileCheck %s --check-prefix=NOSIMP

// Canonicalization of the await/splat sinking and grouping patterns
// (stream-folding.md §3.3, §5.4, §5.6) and of size folding across blocks on
// control-flow shapes: blocks made unreachable while patterns run, blocks
// without predecessors, unreachable cycles, self-loops, diamonds and
// multi-block nested regions (issue 24).

// Issue 24's reproducer: the inner branch repeats the outer condition, so
// after folding ^dead has no predecessor while the await still has a use in
// it. The await sinks into the taken path.
// CHECK-LABEL: util.func private @sinkIntoUnreachable
// CHECK-NEXT:    %[[C64:.+]] = arith.constant 64 : index
// CHECK-NEXT:    %[[C128:.+]] = arith.constant 128 : index
// CHECK-NEXT:    cf.cond_br %arg0, ^bb1, ^bb2(%arg3 : !stream.resource<external>)
// CHECK-NEXT:  ^bb1:
// CHECK-NEXT:    %[[W:.+]]:2 = stream.timepoint.await %arg4 => %arg1, %arg2 : !stream.resource<constant>{%[[C64]]}, !stream.resource<staging>{%[[C128]]}
// CHECK-NEXT:    %[[T:.+]] = stream.async.clone %[[W]]#0
// CHECK-NEXT:    cf.br ^bb2(%[[T]] : !stream.resource<external>)
// NOSIMP-LABEL: util.func private @sinkIntoUnreachable
// NOSIMP: stream.timepoint.await
util.func private @sinkIntoUnreachable(%cond: i1, %r0: !stream.resource<constant>, %r1: !stream.resource<staging>, %other: !stream.resource<external>, %tp: !stream.timepoint) -> !stream.resource<external> {
  %s0 = arith.constant 64 : index
  %s1 = arith.constant 128 : index
  %ready:2 = stream.timepoint.await %tp => %r0, %r1 : !stream.resource<constant>{%s0}, !stream.resource<staging>{%s1}
  cf.cond_br %cond, ^outer, ^exit(%other : !stream.resource<external>)
^outer:
  cf.cond_br %cond, ^taken, ^dead
^taken:
  %a = stream.async.transfer %ready#0 : !stream.resource<constant>{%s0} -> !stream.resource<external>{%s0}
  cf.br ^exit(%a : !stream.resource<external>)
^dead:
  %b = stream.async.transfer %ready#1 : !stream.resource<staging>{%s1} -> !stream.resource<external>{%s1}
  cf.br ^exit(%b : !stream.resource<external>)
^exit(%r: !stream.resource<external>):
  util.return %r : !stream.resource<external>
}

// -----

// A use in a block without predecessors (the block is erased).
// CHECK-LABEL: util.func private @awaitUsedInBlockWithoutPredecessors
// CHECK-NEXT:    %[[B:.+]] = util.optimization_barrier %arg2 : index
// CHECK-NEXT:    %[[W:.+]] = stream.timepoint.await %arg0 => %arg1 : !stream.resource<*>{%arg2}
// CHECK-NEXT:    util.return %[[W]]
// CHECK-NEXT:  }
util.func private @awaitUsedInBlockWithoutPredecessors(%tp: !stream.timepoint, %r: !stream.resource<*>, %n: index, %v: f32) -> !stream.resource<*> {
  %c0 = arith.constant 0 : index
  %w = stream.timepoint.await %tp => %r : !stream.resource<*>{%n}
  util.optimization_barrier %n : index
  cf.br ^use
^use:
  util.return %w : !stream.resource<*>
^orphan:
  %x = util.optimization_barrier %w : !stream.resource<*>
  util.return %x : !stream.resource<*>
}

// -----

// A use in an unreachable cycle branching into the reachable use's block.
// CHECK-LABEL: util.func private @awaitUsedInUnreachableCycle
// CHECK-NEXT:    %[[B:.+]] = util.optimization_barrier %arg2 : index
// CHECK-NEXT:    %[[W:.+]] = stream.timepoint.await %arg0 => %arg1 : !stream.resource<*>{%arg2}
// CHECK-NEXT:    util.return %[[W]]
// CHECK-NEXT:  }
util.func private @awaitUsedInUnreachableCycle(%tp: !stream.timepoint, %r: !stream.resource<*>, %n: index, %c: i1) -> !stream.resource<*> {
  %w = stream.timepoint.await %tp => %r : !stream.resource<*>{%n}
  util.optimization_barrier %n : index
  cf.br ^use
^use:
  util.return %w : !stream.resource<*>
^u1:
  %x = util.optimization_barrier %w : !stream.resource<*>
  cf.br ^u2
^u2:
  cf.cond_br %c, ^u1, ^use
}

// -----

// Uses in a self-loop and after it: the loop block is their nearest common
// dominator, so the await sinks into it (as the reference does for loops).
// CHECK-LABEL: util.func private @awaitUsedInSelfLoop
// CHECK-NEXT:    util.optimization_barrier %arg2 : index
// CHECK-NEXT:    cf.br ^bb1
// CHECK-NEXT:  ^bb1:
// CHECK-NEXT:    %[[W:.+]] = stream.timepoint.await %arg0 => %arg1 : !stream.resource<*>{%arg2}
// CHECK-NEXT:    util.optimization_barrier %[[W]] : !stream.resource<*>
// CHECK-NEXT:    cf.cond_br %arg3, ^bb1, ^bb2
// CHECK-NEXT:  ^bb2:
// CHECK-NEXT:    util.return %[[W]]
util.func private @awaitUsedInSelfLoop(%tp: !stream.timepoint, %r: !stream.resource<*>, %n: index, %c: i1) -> !stream.resource<*> {
  %w = stream.timepoint.await %tp => %r : !stream.resource<*>{%n}
  util.optimization_barrier %n : index
  cf.br ^loop
^loop:
  %x = util.optimization_barrier %w : !stream.resource<*>
  cf.cond_br %c, ^loop, ^exit
^exit:
  util.return %w : !stream.resource<*>
}

// -----

// Uses in one arm of a diamond and in the join: the entry block is the
// nearest common dominator, the await moves down to its terminator.
// CHECK-LABEL: util.func private @awaitUsedInDiamond
// CHECK-NEXT:    %[[B:.+]] = util.optimization_barrier %arg2 : index
// CHECK-NEXT:    %[[W:.+]] = stream.timepoint.await %arg0 => %arg1 : !stream.resource<*>{%arg2}
// CHECK-NEXT:    cf.cond_br %arg3, ^bb1, ^bb2
// CHECK:       ^bb3:
// CHECK-NEXT:    util.return %[[W]]
util.func private @awaitUsedInDiamond(%tp: !stream.timepoint, %r: !stream.resource<*>, %n: index, %c: i1) -> !stream.resource<*> {
  %w = stream.timepoint.await %tp => %r : !stream.resource<*>{%n}
  %b = util.optimization_barrier %n : index
  cf.cond_br %c, ^then, ^else
^then:
  %x = util.optimization_barrier %w : !stream.resource<*>
  cf.br ^join
^else:
  util.optimization_barrier %b : index
  cf.br ^join
^join:
  util.return %w : !stream.resource<*>
}

// -----

// The await itself is in a block without predecessors.
// CHECK-LABEL: util.func private @awaitInBlockWithoutPredecessors
// CHECK-NEXT:    util.return %arg1
// CHECK-NEXT:  }
util.func private @awaitInBlockWithoutPredecessors(%tp: !stream.timepoint, %r: !stream.resource<*>, %n: index, %c: i1) -> !stream.resource<*> {
  util.return %r : !stream.resource<*>
^orphan:
  %w = stream.timepoint.await %tp => %r : !stream.resource<*>{%n}
  cf.cond_br %c, ^a, ^b
^a:
  %x = util.optimization_barrier %w : !stream.resource<*>
  util.return %x : !stream.resource<*>
^b:
  util.return %w : !stream.resource<*>
}

// -----

// A multi-block region nested in the function (kept by `no_inline`): the
// common dominator is computed in that region.
// CHECK-LABEL: util.func private @awaitInNestedMultiBlockRegion
// CHECK-NEXT:    scf.execute_region -> !stream.resource<*> no_inline {
// CHECK-NEXT:      util.optimization_barrier %arg2 : index
// CHECK-NEXT:      %[[W:.+]] = stream.timepoint.await %arg0 => %arg1 : !stream.resource<*>{%arg2}
// CHECK-NEXT:      cf.cond_br %arg3, ^bb1, ^bb2
// CHECK-NEXT:    ^bb1:
// CHECK-NEXT:      %[[X:.+]] = util.optimization_barrier %[[W]]
// CHECK-NEXT:      scf.yield %[[X]]
// CHECK-NEXT:    ^bb2:
// CHECK-NEXT:      scf.yield %[[W]]
util.func private @awaitInNestedMultiBlockRegion(%tp: !stream.timepoint, %r: !stream.resource<*>, %n: index, %c: i1) -> !stream.resource<*> {
  %res = scf.execute_region -> !stream.resource<*> no_inline {
    %w = stream.timepoint.await %tp => %r : !stream.resource<*>{%n}
    util.optimization_barrier %n : index
    cf.br ^head
  ^head:
    cf.cond_br %c, ^a, ^b
  ^a:
    %x = util.optimization_barrier %w : !stream.resource<*>
    scf.yield %x : !stream.resource<*>
  ^b:
    scf.yield %w : !stream.resource<*>
  }
  util.return %res : !stream.resource<*>
}

// -----

// A constant branch condition makes ^dead unreachable while the patterns run.
// CHECK-LABEL: util.func private @sinkIntoConstantFalseBranch
// CHECK-NEXT:    util.optimization_barrier %arg2 : index
// CHECK-NEXT:    cf.cond_br %arg0, ^bb1, ^bb2(%arg1 : !stream.resource<*>)
// CHECK-NEXT:  ^bb1:
// CHECK-NEXT:    %[[W:.+]] = stream.timepoint.await %arg3 => %arg1 : !stream.resource<*>{%arg2}
// CHECK-NEXT:    %[[X:.+]] = util.optimization_barrier %[[W]]
// CHECK-NEXT:    cf.br ^bb2(%[[X]] : !stream.resource<*>)
util.func private @sinkIntoConstantFalseBranch(%c: i1, %r: !stream.resource<*>, %n: index, %tp: !stream.timepoint) -> !stream.resource<*> {
  %false = arith.constant false
  %w = stream.timepoint.await %tp => %r : !stream.resource<*>{%n}
  util.optimization_barrier %n : index
  cf.cond_br %c, ^outer, ^exit(%r : !stream.resource<*>)
^outer:
  cf.cond_br %false, ^dead, ^taken
^taken:
  %a = util.optimization_barrier %w : !stream.resource<*>
  cf.br ^exit(%a : !stream.resource<*>)
^dead:
  %b = util.optimization_barrier %w : !stream.resource<*>
  cf.br ^exit(%b : !stream.resource<*>)
^exit(%x: !stream.resource<*>):
  util.return %x : !stream.resource<*>
}

// -----

// A self-loop whose back edge folds away.
// CHECK-LABEL: util.func private @loopBackEdgeBecomesDead
// CHECK-NEXT:    util.optimization_barrier %arg1 : index
// CHECK-NEXT:    %[[W:.+]] = stream.timepoint.await %arg2 => %arg0 : !stream.resource<*>{%arg1}
// CHECK-NEXT:    util.optimization_barrier %[[W]]
// CHECK-NEXT:    util.return %[[W]]
util.func private @loopBackEdgeBecomesDead(%r: !stream.resource<*>, %n: index, %tp: !stream.timepoint) -> !stream.resource<*> {
  %false = arith.constant false
  %w = stream.timepoint.await %tp => %r : !stream.resource<*>{%n}
  util.optimization_barrier %n : index
  cf.br ^loop
^loop:
  %a = util.optimization_barrier %w : !stream.resource<*>
  cf.cond_br %false, ^loop, ^exit
^exit:
  util.return %w : !stream.resource<*>
}

// -----

// A switch on a constant leaves two of three users unreachable.
// CHECK-LABEL: util.func private @switchOnConstant
// CHECK-NEXT:    util.optimization_barrier %arg1 : index
// CHECK-NEXT:    %[[W:.+]] = stream.timepoint.await %arg2 => %arg0 : !stream.resource<*>{%arg1}
// CHECK-NEXT:    %[[X:.+]] = util.optimization_barrier %[[W]]
// CHECK-NEXT:    util.return %[[X]]
util.func private @switchOnConstant(%r: !stream.resource<*>, %n: index, %tp: !stream.timepoint) -> !stream.resource<*> {
  %c1 = arith.constant 1 : i32
  %w = stream.timepoint.await %tp => %r : !stream.resource<*>{%n}
  util.optimization_barrier %n : index
  cf.switch %c1 : i32, [
    default: ^d,
    0: ^z,
    1: ^o
  ]
^d:
  %a = util.optimization_barrier %w : !stream.resource<*>
  util.return %a : !stream.resource<*>
^z:
  %b = util.optimization_barrier %w : !stream.resource<*>
  util.return %b : !stream.resource<*>
^o:
  %c = util.optimization_barrier %w : !stream.resource<*>
  util.return %c : !stream.resource<*>
}

// -----

// SinkAllocaLikeOpToConsumers on the reproducer's shape.
// CHECK-LABEL: util.func private @splatIntoUnreachable
// CHECK-NEXT:    util.optimization_barrier %arg2 : index
// CHECK-NEXT:    %[[S:.+]] = stream.async.splat %arg1 : i32 -> !stream.resource<*>{%arg2}
// CHECK-NEXT:    cf.cond_br %arg0, ^bb1, ^bb2(%[[S]] : !stream.resource<*>)
util.func private @splatIntoUnreachable(%c: i1, %v: i32, %n: index) -> !stream.resource<*> {
  %s = stream.async.splat %v : i32 -> !stream.resource<*>{%n}
  util.optimization_barrier %n : index
  cf.cond_br %c, ^outer, ^exit(%s : !stream.resource<*>)
^outer:
  cf.cond_br %c, ^taken, ^dead
^taken:
  %a = util.optimization_barrier %s : !stream.resource<*>
  cf.br ^exit(%a : !stream.resource<*>)
^dead:
  %b = util.optimization_barrier %s : !stream.resource<*>
  cf.br ^exit(%b : !stream.resource<*>)
^exit(%x: !stream.resource<*>):
  util.return %x : !stream.resource<*>
}

// -----

// SinkAllocaLikeOpToConsumers with users in a self-loop and after it.
// CHECK-LABEL: util.func private @splatInSelfLoop
// CHECK-NEXT:    util.optimization_barrier %arg2 : index
// CHECK-NEXT:    cf.br ^bb1
// CHECK-NEXT:  ^bb1:
// CHECK-NEXT:    %[[S:.+]] = stream.async.splat %arg1 : i32 -> !stream.resource<*>{%arg2}
// CHECK-NEXT:    util.optimization_barrier %[[S]]
// CHECK-NEXT:    cf.cond_br %arg0, ^bb1, ^bb2
// CHECK-NEXT:  ^bb2:
// CHECK-NEXT:    util.return %[[S]]
util.func private @splatInSelfLoop(%c: i1, %v: i32, %n: index) -> !stream.resource<*> {
  %s = stream.async.splat %v : i32 -> !stream.resource<*>{%n}
  util.optimization_barrier %n : index
  cf.br ^loop
^loop:
  %a = util.optimization_barrier %s : !stream.resource<*>
  cf.cond_br %c, ^loop, ^exit
^exit:
  util.return %s : !stream.resource<*>
}

// -----

// Awaits are grouped per block only: the two entry awaits sink into the exit
// block and group there; the loop's await stays alone.
// CHECK-LABEL: util.func private @groupAwaitsPerBlock
// CHECK-NEXT:    cf.br ^bb1
// CHECK-NEXT:  ^bb1:
// CHECK-NEXT:    %[[D:.+]] = stream.timepoint.await %arg0 => %arg3 : !stream.resource<*>{%arg4}
// CHECK-NEXT:    util.optimization_barrier %[[D]]
// CHECK-NEXT:    cf.cond_br %arg5, ^bb1, ^bb2
// CHECK-NEXT:  ^bb2:
// CHECK-NEXT:    %[[AB:.+]]:2 = stream.timepoint.await %arg0 => %arg1, %arg2 : !stream.resource<*>{%arg4}, !stream.resource<*>{%arg4}
// CHECK-NEXT:    util.return %[[AB]]#0, %[[AB]]#1, %[[D]]
util.func private @groupAwaitsPerBlock(%tp: !stream.timepoint, %a: !stream.resource<*>, %b: !stream.resource<*>, %d: !stream.resource<*>, %n: index, %c: i1) -> (!stream.resource<*>, !stream.resource<*>, !stream.resource<*>) {
  %wa = stream.timepoint.await %tp => %a : !stream.resource<*>{%n}
  %wb = stream.timepoint.await %tp => %b : !stream.resource<*>{%n}
  cf.br ^loop
^loop:
  %wd = stream.timepoint.await %tp => %d : !stream.resource<*>{%n}
  %x = util.optimization_barrier %wd : !stream.resource<*>
  cf.cond_br %c, ^loop, ^exit
^exit:
  util.return %wa, %wb, %wd : !stream.resource<*>, !stream.resource<*>, !stream.resource<*>
}

// -----

// stream.resource.size folds to a size operand from another block only where
// that block dominates (support-dialects isValueUsableForOp, now answered by
// a local search): in ^a2, not in the sibling ^b nor in the join.
// CHECK-LABEL: util.func private @sizeAcrossBlocks
// CHECK:       ^bb1:
// CHECK-NEXT:    %[[S:.+]] = util.optimization_barrier %arg3 : index
// CHECK-NEXT:    stream.resource.store %arg2, %arg0[%{{.+}}] : f32 -> !stream.resource<staging>{%[[S]]}
// CHECK-NEXT:    cf.br ^bb3(%[[S]] : index)
// CHECK-NEXT:  ^bb2:
// CHECK-NEXT:    %[[SB:.+]] = stream.resource.size %arg0 : !stream.resource<staging>
// CHECK-NEXT:    cf.br ^bb3(%[[SB]] : index)
// CHECK-NEXT:  ^bb3(%[[X:.+]]: index):
// CHECK-NEXT:    %[[SX:.+]] = stream.resource.size %arg0 : !stream.resource<staging>
// CHECK-NEXT:    util.return %[[X]], %[[SX]]
util.func private @sizeAcrossBlocks(%r: !stream.resource<staging>, %c: i1, %v: f32, %m: index) -> (index, index) {
  %c0 = arith.constant 0 : index
  cf.cond_br %c, ^a, ^b
^a:
  %s = util.optimization_barrier %m : index
  stream.resource.store %v, %r[%c0] : f32 -> !stream.resource<staging>{%s}
  cf.br ^a2
^a2:
  %sa = stream.resource.size %r : !stream.resource<staging>
  cf.br ^exit(%sa : index)
^b:
  %sb = stream.resource.size %r : !stream.resource<staging>
  cf.br ^exit(%sb : index)
^exit(%x: index):
  %sx = stream.resource.size %r : !stream.resource<staging>
  util.return %x, %sx : index, index
}

// -----

// A cycle of producers in a graph region (the module body): folding a
// parameter load's subview would move the offset's producers before the load
// (stream-folding.md §4.6); the cycle makes that fail instead of recursing
// forever.
// CHECK-LABEL: module
// CHECK:         %[[SV:.+]] = stream.resource.subview %results[%[[O:.+]]] : !stream.resource<constant>{%c64} -> !stream.resource<constant>{%c16}
// CHECK-NEXT:    %[[O]] = util.optimization_barrier %[[O2:.+]] : index
// CHECK-NEXT:    %[[O2]] = util.optimization_barrier %[[O]] : index
%key = util.buffer.constant : !util.buffer = "key"
%off = arith.constant 0 : i64
%n = arith.constant 64 : index
%l = arith.constant 16 : index
%r, %t = stream.cmd.parameter.load {
  %key[%off] : !stream.resource<constant>{%n}
} => !stream.timepoint
%sv = stream.resource.subview %r[%o] : !stream.resource<constant>{%n} -> !stream.resource<constant>{%l}
%o = util.optimization_barrier %o2 : index
%o2 = util.optimization_barrier %o : index
util.optimization_barrier %sv : !stream.resource<constant>
