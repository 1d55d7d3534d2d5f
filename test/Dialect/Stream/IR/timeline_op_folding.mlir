// RUN: sluice-opt --split-input-file %s | sluice-opt --split-input-file | FileCheck %s --check-prefix=ROUNDTRIP
// RUN: sluice-opt --split-input-file --canonicalize %s | FileCheck %s
// REQUIRES: sluice-opt

// ROUNDTRIP-LABEL: util.func public @chain
// ROUNDTRIP: stream.test.timeline_op with(%{{.+}}) : (!stream.resource<external>{%arg2}) -> !stream.resource<external>{%arg2} => !stream.timepoint

// Resources produced by awaits are used directly; the op awaits the awaits'
// timepoints instead (its own await is dropped, a reference quirk).
// CHECK-LABEL: util.func public @chain
util.func public @chain(%t0: !stream.timepoint, %r: !stream.resource<external>, %n: index) -> (!stream.resource<external>, !stream.timepoint) {
  // CHECK-NOT: stream.timepoint.await
  // CHECK: stream.test.timeline_op await(%arg0) => with(%arg1) : (!stream.resource<external>{%arg2}) -> !stream.resource<external>{%arg2} => !stream.timepoint
  %a = stream.timepoint.await %t0 => %r : !stream.resource<external>{%n}
  %out, %t = stream.test.timeline_op with(%a) : (!stream.resource<external>{%n}) -> !stream.resource<external>{%n} => !stream.timepoint
  util.return %out, %t : !stream.resource<external>, !stream.timepoint
}

// -----

// With more awaits than the limit, the op awaits their join.
// CHECK-LABEL: util.func public @chain_limit
util.func public @chain_limit(%t0: !stream.timepoint, %t1: !stream.timepoint, %r: !stream.resource<external>, %s: !stream.resource<external>, %n: index) -> !stream.timepoint {
  // CHECK: %[[J:.+]] = stream.timepoint.join max(%arg0, %arg1) => !stream.timepoint
  // CHECK: stream.test.timeline_op await_limit(1) await(%[[J]]) => with(%arg2, %arg3)
  %a = stream.timepoint.await %t0 => %r : !stream.resource<external>{%n}
  %b = stream.timepoint.await %t1 => %s : !stream.resource<external>{%n}
  %out:2, %t = stream.test.timeline_op await_limit(1) with(%a, %b) : (!stream.resource<external>{%n}, !stream.resource<external>{%n}) -> (!stream.resource<external>{%n}, !stream.resource<external>{%n}) => !stream.timepoint
  util.return %t : !stream.timepoint
}

// -----

// CHECK-LABEL: util.func public @sink_await
util.func public @sink_await(%t: !stream.timepoint, %r: !stream.resource<external>, %n: index, %c: i1) -> !stream.resource<external> {
  %w = stream.timepoint.await %t => %r : !stream.resource<external>{%n}
  // CHECK: cf.cond_br
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  // CHECK: ^bb1:
  // CHECK-NEXT: %[[W:.+]] = stream.timepoint.await %arg0 => %arg1
  // CHECK-NEXT: util.return %[[W]]
  util.return %w : !stream.resource<external>
^bb2:
  util.return %r : !stream.resource<external>
}

// -----

// CHECK-LABEL: util.func public @group_awaits
util.func public @group_awaits(%t: !stream.timepoint, %a: !stream.resource<external>, %b: !stream.resource<external>, %c: !stream.resource<external>, %n: index) -> (!stream.resource<external>, !stream.resource<external>, !stream.resource<external>) {
  // CHECK: %[[W:.+]]:3 = stream.timepoint.await %arg0 => %arg1, %arg2, %arg3
  // CHECK-NOT: stream.timepoint.await
  // CHECK: util.return %[[W]]#0, %[[W]]#1, %[[W]]#2
  %0 = stream.timepoint.await %t => %a : !stream.resource<external>{%n}
  %1 = stream.timepoint.await %t => %b : !stream.resource<external>{%n}
  %2 = stream.timepoint.await %t => %c : !stream.resource<external>{%n}
  util.return %0, %1, %2 : !stream.resource<external>, !stream.resource<external>, !stream.resource<external>
}
