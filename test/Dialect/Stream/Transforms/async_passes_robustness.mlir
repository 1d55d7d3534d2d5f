// REQUIRES: sluice-opt
// The async-phase passes on awkward control flow: unreachable blocks,
// blocks without predecessors, self-loops, empty and multi-block regions,
// initializers, declarations and unregistered ops. Nothing may crash and
// the IR must stay valid (--verify-each).

// RUN: sluice-opt --split-input-file --verify-each --iree-stream-materialize-copy-on-write %s | FileCheck %s --check-prefix=COW
// RUN: sluice-opt --split-input-file --verify-each --iree-stream-elide-async-copies %s | FileCheck %s --check-prefix=ELIDE
// RUN: sluice-opt --split-input-file --verify-each --iree-stream-refine-usage %s | FileCheck %s --check-prefix=REFINE
// RUN: sluice-opt --split-input-file --verify-each --iree-stream-emplace-allocations %s | FileCheck %s --check-prefix=EMPLACE
// RUN: sluice-opt --split-input-file --verify-each --iree-stream-verify-async-access-ranges %s | FileCheck %s --check-prefix=RANGES
// RUN: sluice-opt --split-input-file --verify-each --iree-stream-place-transfer-executions %s | FileCheck %s --check-prefix=PLACE
// RUN: sluice-opt --split-input-file --verify-each --iree-stream-materialize-builtins --iree-stream-emulate-memset %s | FileCheck %s --check-prefix=BUILTINS

// A self-loop carrying a resource and an unreachable block using it.

// COW-LABEL: @selfLoop
// ELIDE-LABEL: @selfLoop
// REFINE-LABEL: @selfLoop
// EMPLACE-LABEL: @selfLoop
// RANGES-LABEL: @selfLoop
// PLACE-LABEL: @selfLoop
// BUILTINS-LABEL: @selfLoop
util.func private @selfLoop(%cond: i1, %size: index) -> !stream.resource<*> {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %c1_i32 = arith.constant 1 : i32
  %splat = stream.async.splat %c1_i32 : i32 -> !stream.resource<*>{%size}
  cf.br ^loop(%splat : !stream.resource<*>)
^loop(%v: !stream.resource<*>):
  // COW: stream.async.clone
  // ELIDE: stream.async.fill
  // REFINE: stream.async.fill {{.+}} -> {{.+}} as !stream.resource<transient>
  %fill = stream.async.fill %c1_i32, %v[%c0 to %c4 for %c4] : i32 -> %v as !stream.resource<*>{%size}
  cf.cond_br %cond, ^loop(%fill : !stream.resource<*>), ^exit(%fill : !stream.resource<*>)
^exit(%r: !stream.resource<*>):
  util.return %r : !stream.resource<*>
^dead(%d: !stream.resource<*>):
  %d2 = stream.async.dispatch @ex::@d(%d[%c0 to %size for %size]) : (!stream.resource<*>{%size}) -> %d{%size}
  cf.br ^dead(%d2 : !stream.resource<*>)
}

// -----

// Empty function bodies, declarations, initializers and nested modules.

// COW-LABEL: @declared
// ELIDE-LABEL: @declared
// REFINE-LABEL: @declared
// EMPLACE-LABEL: @declared
// RANGES-LABEL: @declared
// PLACE-LABEL: @declared
// BUILTINS-LABEL: @declared
util.func private @declared(%arg: !stream.resource<*>) -> !stream.resource<*>
util.global private mutable @g : !stream.resource<variable>
util.initializer {
  %c16 = arith.constant 16 : index
  %c0_i64 = arith.constant 0 : i64
  %splat = stream.async.splat %c0_i64 : i64 -> !stream.resource<*>{%c16}
  %v = stream.async.transfer %splat : !stream.resource<*>{%c16} -> !stream.resource<variable>{%c16}
  util.global.store %v, @g : !stream.resource<variable>
  util.return
}
util.func public @callsDeclared(%arg: !stream.resource<*>) -> !stream.resource<*> {
  %r = util.call @declared(%arg) : (!stream.resource<*>) -> !stream.resource<*>
  util.return %r : !stream.resource<*>
}
builtin.module @nested {
  util.func private @inner(%size: index) -> !stream.resource<*> {
    %c1_i32 = arith.constant 1 : i32
    %s = stream.async.splat %c1_i32 : i32 -> !stream.resource<*>{%size}
    util.return %s : !stream.resource<*>
  }
}

// -----

// Multi-block scf.execute_region and an scf.while whose body loops back
// without mutating; an empty scf.if else region.

// COW-LABEL: @regions
// ELIDE-LABEL: @regions
// REFINE-LABEL: @regions
// EMPLACE-LABEL: @regions
// RANGES-LABEL: @regions
// PLACE-LABEL: @regions
// BUILTINS-LABEL: @regions
util.func private @regions(%cond: i1, %size: index) -> !stream.resource<*> {
  %c0 = arith.constant 0 : index
  %c1_i32 = arith.constant 1 : i32
  %splat = stream.async.splat %c1_i32 : i32 -> !stream.resource<*>{%size}
  %r = scf.execute_region -> !stream.resource<*> {
    cf.cond_br %cond, ^a, ^b
  ^a:
    %c = stream.async.clone %splat : !stream.resource<*>{%size} -> !stream.resource<*>{%size}
    scf.yield %c : !stream.resource<*>
  ^b:
    scf.yield %splat : !stream.resource<*>
  }
  scf.if %cond {
    %unused = stream.async.dispatch @ex::@d(%r[%c0 to %size for %size]) : (!stream.resource<*>{%size}) -> !stream.resource<*>{%size}
  }
  %w = scf.while (%arg = %r) : (!stream.resource<*>) -> !stream.resource<*> {
    scf.condition(%cond) %arg : !stream.resource<*>
  } do {
  ^bb0(%body: !stream.resource<*>):
    scf.yield %body : !stream.resource<*>
  }
  util.return %w : !stream.resource<*>
}

// -----

// Dispatch + update across blocks (not emplaced) and in an execute region.

// EMPLACE-LABEL: @updateInOtherBlock
util.func private @updateInOtherBlock(%size: index, %target: !stream.resource<*>) -> !stream.resource<*> {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %d = stream.async.dispatch @ex::@d(%target[%c0 to %size for %size]) : (!stream.resource<*>{%size}) -> !stream.resource<*>{%c4}
  cf.br ^next
^next:
  // EMPLACE: stream.async.update
  %u = stream.async.update %d, %target[%c0 to %c4] : !stream.resource<*>{%c4} -> %target as !stream.resource<*>{%size}
  %e:2 = stream.async.execute with(%u as %cap: !stream.resource<*>{%size}) -> %u{%size} {
    %d2 = stream.async.dispatch @ex::@d(%cap[%c0 to %size for %size]) : (!stream.resource<*>{%size}) -> !stream.resource<*>{%c4}
    %u2 = stream.async.update %d2, %cap[%c0 to %c4] : !stream.resource<*>{%c4} -> %cap as !stream.resource<*>{%size}
    stream.yield %u2 : !stream.resource<*>{%size}
  } => !stream.timepoint
  util.return %e#0 : !stream.resource<*>
}
