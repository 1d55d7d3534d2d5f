// RUN: sluice-opt --split-input-file --iree-stream-emplace-transients=reference-compat=false --verify-diagnostics %s | FileCheck %s
// RUN: sluice-opt --split-input-file --iree-stream-emplace-transients=reference-compat=false --canonicalize --verify-diagnostics %s | FileCheck %s --check-prefix=CANON
// REQUIRES: sluice-opt

// external-transients.md §9.2, the release of a call's slab: the call's
// timepoint arguments become the slab alloca's timepoint (the callee waits on
// the slab), and when every timepoint the callee returns follows one of its
// timepoint arguments the slab is released after the call's results alone,
// without the slab's timepoint. Consecutive calls then chain directly, and
// canonicalize (which flattens nested joins) has no join chain to flatten:
// the IR stays linear in the number of calls.

// Three chained calls: no join at all; each call waits on the previous
// call's result (the slab's await once emplaced) and the transients op on
// the last one.
// CHECK-LABEL: util.func public @chain(
// CHECK-SAME: %[[AWAIT:arg4]]: !stream.timepoint
// CHECK-NOT: stream.timepoint.join
// CHECK: %[[T0:.+]] = util.call @leaf$transients(%arg1, %[[AWAIT]], %{{.+}}, %{{.+}})
// CHECK-NOT: stream.timepoint.join
// CHECK: %[[T1:.+]] = util.call @leaf$transients(%arg1, %[[T0]], %{{.+}}, %{{.+}})
// CHECK-NOT: stream.timepoint.join
// CHECK: %[[T2:.+]] = util.call @leaf$transients(%arg1, %[[T1]], %{{.+}}, %{{.+}})
// CHECK-NOT: stream.timepoint.join
// CHECK: util.return %arg0, %[[T2]]
// CANON-LABEL: util.func public @chain(
// CANON-NOT: stream.timepoint.join
// CANON: util.return
util.func private @leaf(%size: index, %await: !stream.timepoint) -> !stream.timepoint {
  %a, %a_tp = stream.resource.alloca uninitialized await(%await) => !stream.resource<transient>{%size} => !stream.timepoint
  %e = stream.cmd.execute await(%a_tp) => with(%a as %x: !stream.resource<transient>{%size}) {
  } => !stream.timepoint
  %d = stream.resource.dealloca await(%e) => %a : !stream.resource<transient>{%size} => !stream.timepoint
  util.return %d : !stream.timepoint
}
util.func public @chain(%input: !stream.resource<*>, %input_size: index, %storage: !stream.resource<transient>, %storage_size: index, %await: !stream.timepoint) -> (!stream.resource<*>, !stream.timepoint) {
  %t0 = util.call @leaf(%input_size, %await) : (index, !stream.timepoint) -> !stream.timepoint
  %t1 = util.call @leaf(%input_size, %t0) : (index, !stream.timepoint) -> !stream.timepoint
  %t2 = util.call @leaf(%input_size, %t1) : (index, !stream.timepoint) -> !stream.timepoint
  %result, %result_tp = stream.resource.transients await(%t2) => %input : !stream.resource<*>{%input_size} from %storage : !stream.resource<transient>{%storage_size} => !stream.timepoint
  util.return %result, %result_tp : !stream.resource<*>, !stream.timepoint
}

// -----

// Two timepoint arguments: the slab waits on their join, and the callee gets
// that join for both (it waits on each argument no less than before, and
// its work on the slab follows the slab's timepoint). Each of the two
// results follows an argument: the release joins the results only.
// CHECK-LABEL: util.func public @two_awaits(
// CHECK-SAME: %[[A0:arg4]]: !stream.timepoint, %[[A1:arg5]]: !stream.timepoint
// CHECK: %[[J:.+]] = stream.timepoint.join max(%[[A0]], %[[A1]])
// CHECK: %[[R:.+]]:2 = util.call @pair$transients(%arg1, %[[J]], %[[J]], %{{.+}}, %{{.+}})
// CHECK-NEXT: %[[REL:.+]] = stream.timepoint.join max(%[[R]]#0, %[[R]]#1)
// CHECK-NEXT: stream.timepoint.join max(%[[REL]], %[[REL]])
// CHECK-NEXT: util.return
util.func private @pair(%size: index, %await0: !stream.timepoint, %await1: !stream.timepoint) -> (!stream.timepoint, !stream.timepoint) {
  %a, %a_tp = stream.resource.alloca uninitialized await(%await0) => !stream.resource<transient>{%size} => !stream.timepoint
  %e = stream.cmd.execute await(%a_tp) => with(%a as %x: !stream.resource<transient>{%size}) {
  } => !stream.timepoint
  %d = stream.resource.dealloca await(%e) => %a : !stream.resource<transient>{%size} => !stream.timepoint
  %f = stream.cmd.execute await(%await1) => with() {
  } => !stream.timepoint
  util.return %d, %f : !stream.timepoint, !stream.timepoint
}
util.func public @two_awaits(%input: !stream.resource<*>, %input_size: index, %storage: !stream.resource<transient>, %storage_size: index, %await0: !stream.timepoint, %await1: !stream.timepoint) -> (!stream.resource<*>, !stream.timepoint) {
  %t:2 = util.call @pair(%input_size, %await0, %await1) : (index, !stream.timepoint, !stream.timepoint) -> (!stream.timepoint, !stream.timepoint)
  %j = stream.timepoint.join max(%t#0, %t#1) => !stream.timepoint
  %result, %result_tp = stream.resource.transients await(%j) => %input : !stream.resource<*>{%input_size} from %storage : !stream.resource<transient>{%storage_size} => !stream.timepoint
  util.return %result, %result_tp : !stream.resource<*>, !stream.timepoint
}

// -----

// A callee that returns a timepoint following none of its arguments (an
// immediate one beside its work): its results do not imply the slab's
// timepoint, so the release keeps it (the join of the slab's await and the
// results), as before.
// CHECK-LABEL: util.func public @side_result(
// CHECK-SAME: %[[AWAIT:arg4]]: !stream.timepoint
// CHECK: %[[R:.+]]:2 = util.call @loose$transients(%arg1, %[[AWAIT]], %{{.+}}, %{{.+}})
// CHECK-NEXT: %[[REL:.+]] = stream.timepoint.join max(%[[AWAIT]], %[[R]]#0, %[[R]]#1)
// CHECK-NEXT: stream.timepoint.join max(%[[REL]], %[[REL]])
util.func private @loose(%size: index, %await: !stream.timepoint) -> (!stream.timepoint, !stream.timepoint) {
  %a, %a_tp = stream.resource.alloca uninitialized await(%await) => !stream.resource<transient>{%size} => !stream.timepoint
  %e = stream.cmd.execute await(%a_tp) => with(%a as %x: !stream.resource<transient>{%size}) {
  } => !stream.timepoint
  %d = stream.resource.dealloca await(%e) => %a : !stream.resource<transient>{%size} => !stream.timepoint
  %i = stream.timepoint.immediate => !stream.timepoint
  util.return %d, %i : !stream.timepoint, !stream.timepoint
}
util.func public @side_result(%input: !stream.resource<*>, %input_size: index, %storage: !stream.resource<transient>, %storage_size: index, %await: !stream.timepoint) -> (!stream.resource<*>, !stream.timepoint) {
  %t:2 = util.call @loose(%input_size, %await) : (index, !stream.timepoint) -> (!stream.timepoint, !stream.timepoint)
  %j = stream.timepoint.join max(%t#0, %t#1) => !stream.timepoint
  %result, %result_tp = stream.resource.transients await(%j) => %input : !stream.resource<*>{%input_size} from %storage : !stream.resource<transient>{%storage_size} => !stream.timepoint
  util.return %result, %result_tp : !stream.resource<*>, !stream.timepoint
}

// -----

// Nested: @outer returns the result of its call to @leaf, which follows
// @leaf's argument, which is @outer's own argument: @outer's results follow
// its arguments through the call, and its callers release its slab after
// its result alone too.
// CHECK-LABEL: util.func private @outer$transients(
// CHECK-SAME: %{{.+}}: index, %[[OA:[a-z0-9]+]]: !stream.timepoint,
// CHECK: %[[OT:.+]] = util.call @leaf$transients(%{{.+}}, %[[OA]], %{{.+}}, %{{.+}})
// CHECK-NEXT: util.return %[[OT]]
// CHECK-LABEL: util.func public @nested(
// CHECK-NOT: stream.timepoint.join
// CHECK: %[[T:.+]] = util.call @outer$transients(
// CHECK-NOT: stream.timepoint.join
// CHECK: util.return %arg0, %[[T]]
util.func private @leaf(%size: index, %await: !stream.timepoint) -> !stream.timepoint {
  %a, %a_tp = stream.resource.alloca uninitialized await(%await) => !stream.resource<transient>{%size} => !stream.timepoint
  %e = stream.cmd.execute await(%a_tp) => with(%a as %x: !stream.resource<transient>{%size}) {
  } => !stream.timepoint
  %d = stream.resource.dealloca await(%e) => %a : !stream.resource<transient>{%size} => !stream.timepoint
  util.return %d : !stream.timepoint
}
util.func private @outer(%size: index, %await: !stream.timepoint) -> !stream.timepoint {
  %t = util.call @leaf(%size, %await) : (index, !stream.timepoint) -> !stream.timepoint
  util.return %t : !stream.timepoint
}
util.func public @nested(%input: !stream.resource<*>, %input_size: index, %storage: !stream.resource<transient>, %storage_size: index, %await: !stream.timepoint) -> (!stream.resource<*>, !stream.timepoint) {
  %t = util.call @outer(%input_size, %await) : (index, !stream.timepoint) -> !stream.timepoint
  %result, %result_tp = stream.resource.transients await(%t) => %input : !stream.resource<*>{%input_size} from %storage : !stream.resource<transient>{%storage_size} => !stream.timepoint
  util.return %result, %result_tp : !stream.resource<*>, !stream.timepoint
}

// -----

// A chain of calls with canonicalize: every join the pass leaves has at most
// the operands of one call (here none), so the join canonicalization cannot
// build the quadratic flattened joins of the earlier release shape
// (J_k = join(J_{k-1}, r_k) became join(r_1 ... r_k)).
// CANON-LABEL: util.func public @long_chain(
// CANON-NOT: stream.timepoint.join
// CANON: %[[T0:.+]] = util.call @leaf$transients(%arg1, %arg4,
// CANON-NOT: stream.timepoint.join
// CANON: %[[T1:.+]] = util.call @leaf$transients(%arg1, %[[T0]],
// CANON-NOT: stream.timepoint.join
// CANON: %[[T2:.+]] = util.call @leaf$transients(%arg1, %[[T1]],
// CANON-NOT: stream.timepoint.join
// CANON: %[[T3:.+]] = util.call @leaf$transients(%arg1, %[[T2]],
// CANON-NOT: stream.timepoint.join
// CANON: %[[T4:.+]] = util.call @leaf$transients(%arg1, %[[T3]],
// CANON-NOT: stream.timepoint.join
// CANON: util.return %arg0, %[[T4]]
util.func private @leaf(%size: index, %await: !stream.timepoint) -> !stream.timepoint {
  %a, %a_tp = stream.resource.alloca uninitialized await(%await) => !stream.resource<transient>{%size} => !stream.timepoint
  %e = stream.cmd.execute await(%a_tp) => with(%a as %x: !stream.resource<transient>{%size}) {
  } => !stream.timepoint
  %d = stream.resource.dealloca await(%e) => %a : !stream.resource<transient>{%size} => !stream.timepoint
  util.return %d : !stream.timepoint
}
util.func public @long_chain(%input: !stream.resource<*>, %input_size: index, %storage: !stream.resource<transient>, %storage_size: index, %await: !stream.timepoint) -> (!stream.resource<*>, !stream.timepoint) {
  %t0 = util.call @leaf(%input_size, %await) : (index, !stream.timepoint) -> !stream.timepoint
  %t1 = util.call @leaf(%input_size, %t0) : (index, !stream.timepoint) -> !stream.timepoint
  %t2 = util.call @leaf(%input_size, %t1) : (index, !stream.timepoint) -> !stream.timepoint
  %t3 = util.call @leaf(%input_size, %t2) : (index, !stream.timepoint) -> !stream.timepoint
  %t4 = util.call @leaf(%input_size, %t3) : (index, !stream.timepoint) -> !stream.timepoint
  %result, %result_tp = stream.resource.transients await(%t4) => %input : !stream.resource<*>{%input_size} from %storage : !stream.resource<transient>{%storage_size} => !stream.timepoint
  util.return %result, %result_tp : !stream.resource<*>, !stream.timepoint
}

// -----

// A call on side work (its result is not on the timeline of the annotated
// result): its slab stays a real allocation (reported, §9.7). The callee
// still gets the alloca's timepoint for its timepoint argument, so its work
// on the slab waits for the allocation, and the release keeps the alloca's
// timepoint.
// CHECK-LABEL: util.func public @side_call(
// CHECK-SAME: %[[AWAIT:arg4]]: !stream.timepoint
// CHECK: %[[SIZE:.+]] = util.call @leaf$transients_size(%arg1)
// CHECK: %[[SLAB:.+]], %[[SLAB_TP:.+]] = stream.resource.alloca uninitialized await(%[[AWAIT]]) => !stream.resource<transient>{%[[SIZE]]}
// CHECK-NEXT: %[[T:.+]] = util.call @leaf$transients(%arg1, %[[SLAB_TP]], %[[SLAB]], %[[SIZE]])
// CHECK-NEXT: %[[REL:.+]] = stream.timepoint.join max(%[[SLAB_TP]], %[[T]])
// CHECK-NEXT: stream.resource.dealloca await(%[[REL]]) => %[[SLAB]]
util.func private @leaf(%size: index, %await: !stream.timepoint) -> !stream.timepoint {
  %a, %a_tp = stream.resource.alloca uninitialized await(%await) => !stream.resource<transient>{%size} => !stream.timepoint
  %e = stream.cmd.execute await(%a_tp) => with(%a as %x: !stream.resource<transient>{%size}) {
  } => !stream.timepoint
  %d = stream.resource.dealloca await(%e) => %a : !stream.resource<transient>{%size} => !stream.timepoint
  util.return %d : !stream.timepoint
}
util.func public @side_call(%input: !stream.resource<*>, %input_size: index, %storage: !stream.resource<transient>, %storage_size: index, %await: !stream.timepoint) -> (!stream.resource<*>, !stream.timepoint, !stream.timepoint) {
  // expected-warning @+1 {{was not placed in external transient storage: it is not on the timeline of any annotated result}}
  %t = util.call @leaf(%input_size, %await) : (index, !stream.timepoint) -> !stream.timepoint
  %result, %result_tp = stream.resource.transients await(%await) => %input : !stream.resource<*>{%input_size} from %storage : !stream.resource<transient>{%storage_size} => !stream.timepoint
  util.return %result, %result_tp, %t : !stream.resource<*>, !stream.timepoint, !stream.timepoint
}
