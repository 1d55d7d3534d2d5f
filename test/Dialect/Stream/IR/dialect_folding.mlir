// RUN: sluice-opt --split-input-file --canonicalize %s | FileCheck %s
// REQUIRES: sluice-opt

// unrealized_conversion_cast(resource, size) is stripped: size queries use
// the size, every other use the resource.
// CHECK-LABEL: util.func public @strip_cast
util.func public @strip_cast(%r: !stream.resource<*>, %n: index) -> (!stream.resource<*>, index) {
  // CHECK-NOT: unrealized_conversion_cast
  // CHECK: util.return %arg0, %arg1
  %0 = builtin.unrealized_conversion_cast %r, %n : !stream.resource<*>, index to !stream.resource<*>
  %1 = stream.resource.size %0 : !stream.resource<*>
  util.return %0, %1 : !stream.resource<*>, index
}

// -----

// A cast with a single operand is not a (resource, size) pair: kept.
// CHECK-LABEL: util.func public @keep_cast
util.func public @keep_cast(%r: !stream.resource<external>) -> !stream.resource<*> {
  // CHECK: builtin.unrealized_conversion_cast
  %0 = builtin.unrealized_conversion_cast %r : !stream.resource<external> to !stream.resource<*>
  util.return %0 : !stream.resource<*>
}

// -----

// Subviews of different sources or sizes do not sink across a select.
// CHECK-LABEL: util.func public @select_not_sunk
util.func public @select_not_sunk(%c: i1, %a: !stream.resource<*>, %b: !stream.resource<*>, %n: index, %o: index, %l: index) -> !stream.resource<*> {
  // CHECK: %[[V0:.+]] = stream.resource.subview %arg1
  // CHECK: %[[V1:.+]] = stream.resource.subview %arg2
  // CHECK: arith.select %arg0, %[[V0]], %[[V1]] : !stream.resource<*>
  %v0 = stream.resource.subview %a[%o] : !stream.resource<*>{%n} -> !stream.resource<*>{%l}
  %v1 = stream.resource.subview %b[%o] : !stream.resource<*>{%n} -> !stream.resource<*>{%l}
  %s = arith.select %c, %v0, %v1 : !stream.resource<*>
  util.return %s : !stream.resource<*>
}

// -----

// Sync awaits are not grouped with later awaits, nor sunk.
// CHECK-LABEL: util.func public @sync_await_kept
util.func public @sync_await_kept(%t: !stream.timepoint, %r: !stream.resource<*>, %s: !stream.resource<*>, %n: index, %c: i1) -> (!stream.resource<*>, !stream.resource<*>) {
  // CHECK: %[[A:.+]] = stream.timepoint.await sync %arg0 => %arg1
  // CHECK: %[[B:.+]] = stream.timepoint.await sync %arg0 => %arg2
  // CHECK: cf.cond_br
  %0 = stream.timepoint.await sync %t => %r : !stream.resource<*>{%n}
  %1 = stream.timepoint.await sync %t => %s : !stream.resource<*>{%n}
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  util.return %0, %1 : !stream.resource<*>, !stream.resource<*>
^bb2:
  util.return %r, %s : !stream.resource<*>, !stream.resource<*>
}
