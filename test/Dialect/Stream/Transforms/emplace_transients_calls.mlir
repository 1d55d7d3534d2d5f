// RUN: sluice-opt --split-input-file --iree-stream-emplace-transients=reference-compat=false --verify-diagnostics %s | FileCheck %s
// RUN: not sluice-opt --split-input-file --iree-stream-emplace-transients %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=COMPAT
// REQUIRES: sluice-opt

// external-transients.md §9.2 items 2-6 (reference-compat=false): calls to
// callees that perform transient allocations. In compatibility mode every
// call is the §5.1 error.
// COMPAT: emplace_transients_calls.mlir:{{[0-9]+}}:1: error: function contains function calls, which are not supported by EmplaceTransientsPass

// A callee that allocates is cloned as @C$transients with a slab; its allocas
// become subviews of the slab; @C$transients_size returns its pack total and
// keeps only the argument it reads. The caller treats the call like an
// alloca: one slot of its own pack, a subview of its storage passed as the
// slab.
// CHECK-LABEL: util.func private @callee(
// CHECK: stream.resource.alloca
// CHECK-LABEL: util.func private @callee$transients(
// CHECK-SAME: %[[SIZE:[a-z0-9]+]]: index, %[[AWAIT:[a-z0-9]+]]: !stream.timepoint, %[[SLAB:[a-z0-9]+]]: !stream.resource<transient>, %[[SLAB_SIZE:[a-z0-9]+]]: index) -> !stream.timepoint
// CHECK-NEXT: %[[PACK:.+]]:2 = stream.resource.pack slices({
// CHECK-NEXT: [0, 0] = %[[SIZE]]
// CHECK-NEXT: }) : index
// CHECK-NEXT: %[[C0:.+]] = arith.constant 0 : index
// CHECK-NEXT: %[[BASE:.+]] = stream.resource.subview %[[SLAB]][%[[C0]]] : !stream.resource<transient>{%[[SLAB_SIZE]]} -> !stream.resource<transient>{%[[PACK]]#0}
// CHECK-NEXT: %[[VIEW:.+]] = stream.resource.subview %[[BASE]][%[[PACK]]#1] : !stream.resource<transient>{%[[PACK]]#0} -> !stream.resource<transient>{%[[SIZE]]}
// CHECK-NEXT: %[[EXEC:.+]] = stream.cmd.execute await(%[[AWAIT]]) => with(%[[VIEW]] as
// CHECK-NOT: stream.resource.alloca
// CHECK-NOT: stream.resource.dealloca
// CHECK: util.return %[[EXEC]] : !stream.timepoint
// CHECK-LABEL: util.func private @callee$transients_size(
// CHECK-SAME: %[[N:[a-z0-9]+]]: index) -> index
// CHECK-NEXT: %[[SPACK:.+]]:2 = stream.resource.pack slices({
// CHECK-NEXT: [0, 0] = %[[N]]
// CHECK: util.return %[[SPACK]]#0 : index
// CHECK-LABEL: util.func public @caller(
// CHECK-SAME: %[[INPUT_SIZE:arg1]]: index, %[[STORAGE:arg2]]: !stream.resource<transient>, %[[STORAGE_SIZE:arg3]]: index, %[[AWAIT0:arg4]]: !stream.timepoint
// CHECK: %[[C1024:.+]] = arith.constant 1024 : index
// CHECK-NEXT: %[[CSIZE:.+]] = util.call @callee$transients_size(%[[INPUT_SIZE]]) {sluice.transients.size_call} : (index) -> index
// CHECK-NEXT: %[[P:.+]]:3 = stream.resource.pack slices({
// CHECK-NEXT: [0, 0] = %[[C1024]],
// CHECK-NEXT: [0, 0] = %[[CSIZE]]
// CHECK-NEXT: }) : index attributes {stream.experimental.transients}
// CHECK: %[[B:.+]] = stream.resource.subview %[[STORAGE]]
// CHECK: %[[OWN:.+]] = stream.resource.subview %[[B]][%[[P]]#1] {{.+}} -> !stream.resource<transient>{%[[C1024]]}
// CHECK: %[[E:.+]] = stream.cmd.execute await(%[[AWAIT0]])
// CHECK: %[[CSLAB:.+]] = stream.resource.subview %[[B]][%[[P]]#2] : !stream.resource<transient>{%[[P]]#0} -> !stream.resource<transient>{%[[CSIZE]]}
// CHECK-NEXT: %[[T:.+]] = util.call @callee$transients(%[[INPUT_SIZE]], %[[E]], %[[CSLAB]], %[[CSIZE]])
// The callee's result follows its timepoint argument (the slab's
// timepoint, %[[E]] once emplaced): the slab is released after %[[T]] alone,
// no join.
// CHECK-NOT: stream.timepoint.join
// CHECK-NOT: stream.resource.alloca
// CHECK-NOT: stream.resource.dealloca
// CHECK: util.return %{{.+}}, %[[T]]
util.func private @callee(%size: index, %await: !stream.timepoint) -> !stream.timepoint {
  %a, %a_tp = stream.resource.alloca uninitialized await(%await) => !stream.resource<transient>{%size} => !stream.timepoint
  %e = stream.cmd.execute await(%a_tp) => with(%a as %x: !stream.resource<transient>{%size}) {
  } => !stream.timepoint
  %d = stream.resource.dealloca await(%e) => %a : !stream.resource<transient>{%size} => !stream.timepoint
  util.return %d : !stream.timepoint
}
util.func public @caller(%input: !stream.resource<*>, %input_size: index, %storage: !stream.resource<transient>, %storage_size: index, %await: !stream.timepoint) -> (!stream.resource<*>, !stream.timepoint) {
  %c1024 = arith.constant 1024 : index
  %b, %b_tp = stream.resource.alloca uninitialized await(%await) => !stream.resource<transient>{%c1024} => !stream.timepoint
  %e = stream.cmd.execute await(%b_tp) => with(%b as %x: !stream.resource<transient>{%c1024}) {
  } => !stream.timepoint
  %bd = stream.resource.dealloca await(%e) => %b : !stream.resource<transient>{%c1024} => !stream.timepoint
  %t = util.call @callee(%input_size, %bd) : (index, !stream.timepoint) -> !stream.timepoint
  %result, %result_tp = stream.resource.transients await(%t) => %input : !stream.resource<*>{%input_size} from %storage : !stream.resource<transient>{%storage_size} => !stream.timepoint
  util.return %result, %result_tp : !stream.resource<*>, !stream.timepoint
}

// -----

// Nested calls (@middle calls @leaf, both allocate) and a callee called from
// two exported functions: one specialization per callee, shared; @middle's
// slab holds its own alloca and @leaf's slab; its size function calls
// @leaf's.
// CHECK-LABEL: util.func private @leaf$transients(
// CHECK-NOT: util.func private @leaf$transients_0
// CHECK-LABEL: util.func private @leaf$transients_size(
// CHECK-LABEL: util.func private @middle$transients(
// CHECK-SAME: %[[N:[a-z0-9]+]]: index, %{{.+}}: !stream.timepoint, %[[SLAB:[a-z0-9]+]]: !stream.resource<transient>, %{{.+}}: index)
// CHECK: %[[S:.+]] = arith.muli %[[N]]
// CHECK: %[[C64:.+]] = arith.constant 64 : index
// CHECK-NEXT: %[[LSIZE:.+]] = util.call @leaf$transients_size(%[[S]]) {sluice.transients.size_call}
// CHECK-NEXT: %[[P:.+]]:3 = stream.resource.pack slices({
// CHECK-NEXT: [0, 0] = %[[C64]],
// CHECK-NEXT: [0, 0] = %[[LSIZE]]
// CHECK: %[[LSLAB:.+]] = stream.resource.subview %{{.+}}[%[[P]]#2] {{.+}} -> !stream.resource<transient>{%[[LSIZE]]}
// CHECK-NEXT: util.call @leaf$transients(%[[S]], %{{.+}}, %[[LSLAB]], %[[LSIZE]])
// CHECK-LABEL: util.func private @middle$transients_size(
// CHECK-SAME: %[[M:[a-z0-9]+]]: index) -> index
// CHECK: %[[MS:.+]] = arith.muli %[[M]]
// CHECK: util.call @leaf$transients_size(%[[MS]]) {sluice.transients.size_call}
// CHECK: stream.resource.pack
// CHECK-LABEL: util.func public @first(
// CHECK: util.call @middle$transients_size(%arg1)
// CHECK: util.call @middle$transients(
// CHECK-LABEL: util.func public @second(
// CHECK: %[[A:.+]] = util.call @leaf$transients_size(%arg1)
// CHECK-NEXT: %[[B:.+]] = util.call @middle$transients_size(%arg1)
// CHECK-NEXT: stream.resource.pack slices({
// CHECK-NEXT: [0, 0] = %[[A]],
// CHECK-NEXT: [0, 0] = %[[B]]
// CHECK: util.call @leaf$transients(
// CHECK: util.call @middle$transients(
// CHECK-NOT: util.func private @middle$transients_0
util.func private @leaf(%size: index, %await: !stream.timepoint) -> !stream.timepoint {
  %a, %a_tp = stream.resource.alloca uninitialized await(%await) => !stream.resource<transient>{%size} => !stream.timepoint
  %e = stream.cmd.execute await(%a_tp) => with(%a as %x: !stream.resource<transient>{%size}) {
  } => !stream.timepoint
  %d = stream.resource.dealloca await(%e) => %a : !stream.resource<transient>{%size} => !stream.timepoint
  util.return %d : !stream.timepoint
}
util.func private @middle(%n: index, %await: !stream.timepoint) -> !stream.timepoint {
  %c2 = arith.constant 2 : index
  %s = arith.muli %n, %c2 : index
  %c64 = arith.constant 64 : index
  %a, %a_tp = stream.resource.alloca uninitialized await(%await) => !stream.resource<transient>{%c64} => !stream.timepoint
  %e = stream.cmd.execute await(%a_tp) => with(%a as %x: !stream.resource<transient>{%c64}) {
  } => !stream.timepoint
  %t = util.call @leaf(%s, %e) : (index, !stream.timepoint) -> !stream.timepoint
  %d = stream.resource.dealloca await(%t) => %a : !stream.resource<transient>{%c64} => !stream.timepoint
  util.return %d : !stream.timepoint
}
util.func public @first(%input: !stream.resource<*>, %input_size: index, %storage: !stream.resource<transient>, %storage_size: index, %await: !stream.timepoint) -> (!stream.resource<*>, !stream.timepoint) {
  %t = util.call @middle(%input_size, %await) : (index, !stream.timepoint) -> !stream.timepoint
  %result, %result_tp = stream.resource.transients await(%t) => %input : !stream.resource<*>{%input_size} from %storage : !stream.resource<transient>{%storage_size} => !stream.timepoint
  util.return %result, %result_tp : !stream.resource<*>, !stream.timepoint
}
util.func public @second(%input: !stream.resource<*>, %input_size: index, %storage: !stream.resource<transient>, %storage_size: index, %await: !stream.timepoint) -> (!stream.resource<*>, !stream.timepoint) {
  %t0 = util.call @leaf(%input_size, %await) : (index, !stream.timepoint) -> !stream.timepoint
  %t1 = util.call @middle(%input_size, %t0) : (index, !stream.timepoint) -> !stream.timepoint
  %result, %result_tp = stream.resource.transients await(%t1) => %input : !stream.resource<*>{%input_size} from %storage : !stream.resource<transient>{%storage_size} => !stream.timepoint
  util.return %result, %result_tp : !stream.resource<*>, !stream.timepoint
}

// -----

// A call in one branch and an alloca in the other share a slot (§5.3 C):
// the slot is the max of the two sizes.
// CHECK-LABEL: util.func public @call_in_branch(
// CHECK: %[[C512:.+]] = arith.constant 512 : index
// CHECK-NEXT: %[[CSIZE:.+]] = util.call @alloc256$transients_size() {sluice.transients.size_call}
// CHECK-NEXT: %[[M0:.+]] = arith.maxui %[[C512]], %[[C512]]
// CHECK-NEXT: %[[M1:.+]] = arith.maxui %[[M0]], %[[CSIZE]]
// CHECK-NEXT: %[[P:.+]]:2 = stream.resource.pack slices({
// CHECK-NEXT: [0, 0] = %[[M1]]
// The size call runs once, at the entry: the subview, the specialized call
// and its dealloca in the branch read the entry value.
// CHECK: scf.if
// CHECK-NOT: $transients_size
// CHECK: %[[S:.+]] = stream.resource.subview %{{.+}}[%[[P]]#1] : {{.+}} -> !stream.resource<transient>{%[[CSIZE]]}
// CHECK-NEXT: util.call @alloc256$transients(%{{.+}}, %[[S]], %[[CSIZE]])
// CHECK-NOT: $transients_size
// CHECK: } else {
// CHECK-NEXT: stream.resource.subview %{{.+}}[%[[P]]#1] {{.+}}{%[[C512]]}
util.func private @alloc256(%await: !stream.timepoint) -> !stream.timepoint {
  %c256 = arith.constant 256 : index
  %a, %a_tp = stream.resource.alloca uninitialized await(%await) => !stream.resource<transient>{%c256} => !stream.timepoint
  %d = stream.resource.dealloca await(%a_tp) => %a : !stream.resource<transient>{%c256} => !stream.timepoint
  util.return %d : !stream.timepoint
}
util.func public @call_in_branch(%cond: i1, %input: !stream.resource<*>, %input_size: index, %storage: !stream.resource<transient>, %storage_size: index, %await: !stream.timepoint) -> (!stream.resource<*>, !stream.timepoint) {
  %c512 = arith.constant 512 : index
  %tp = scf.if %cond -> !stream.timepoint {
    %t = util.call @alloc256(%await) : (!stream.timepoint) -> !stream.timepoint
    scf.yield %t : !stream.timepoint
  } else {
    %a, %a_tp = stream.resource.alloca uninitialized await(%await) => !stream.resource<transient>{%c512} => !stream.timepoint
    %d = stream.resource.dealloca await(%a_tp) => %a : !stream.resource<transient>{%c512} => !stream.timepoint
    scf.yield %d : !stream.timepoint
  }
  %result, %result_tp = stream.resource.transients await(%tp) => %input : !stream.resource<*>{%input_size} from %storage : !stream.resource<transient>{%storage_size} => !stream.timepoint
  util.return %result, %result_tp : !stream.resource<*>, !stream.timepoint
}

// -----

// A call in a loop body whose callee waits on its timepoint argument and
// whose result is carried to the next iteration: its slot is reused by
// every iteration (§9.4); the pack is in the entry block (§9.5).
// CHECK-LABEL: util.func public @call_in_loop(
// CHECK: %[[CSIZE:.+]] = util.call @alloc128$transients_size()
// CHECK-NEXT: %[[P:.+]]:2 = stream.resource.pack
// The size call is made once, before the loop, not in every iteration.
// CHECK: scf.for
// CHECK-NOT: $transients_size
// CHECK: %[[S:.+]] = stream.resource.subview %{{.+}}[%[[P]]#1] : {{.+}} -> !stream.resource<transient>{%[[CSIZE]]}
// CHECK-NEXT: util.call @alloc128$transients(%{{.+}}, %[[S]], %[[CSIZE]])
// CHECK-NOT: $transients_size
// CHECK: scf.yield
util.func private @alloc128(%await: !stream.timepoint) -> !stream.timepoint {
  %c128 = arith.constant 128 : index
  %a, %a_tp = stream.resource.alloca uninitialized await(%await) => !stream.resource<transient>{%c128} => !stream.timepoint
  %d = stream.resource.dealloca await(%a_tp) => %a : !stream.resource<transient>{%c128} => !stream.timepoint
  util.return %d : !stream.timepoint
}
util.func public @call_in_loop(%input: !stream.resource<*>, %input_size: index, %storage: !stream.resource<transient>, %storage_size: index, %await: !stream.timepoint) -> (!stream.resource<*>, !stream.timepoint) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %tp = scf.for %i = %c0 to %c4 step %c1 iter_args(%iter = %await) -> (!stream.timepoint) {
    %t = util.call @alloc128(%iter) : (!stream.timepoint) -> !stream.timepoint
    scf.yield %t : !stream.timepoint
  }
  %result, %result_tp = stream.resource.transients await(%tp) => %input : !stream.resource<*>{%input_size} from %storage : !stream.resource<transient>{%storage_size} => !stream.timepoint
  util.return %result, %result_tp : !stream.resource<*>, !stream.timepoint
}

// -----

// The callee's alloca waits on nothing: iteration k+1 could start using the
// slab before iteration k is done, so the call in the loop keeps the
// original callee (real allocations) and is reported; the call after the
// loop is placed.
// CHECK-LABEL: util.func public @unordered_call_in_loop(
// CHECK: scf.for
// CHECK-NEXT: util.call @unordered(
// CHECK: util.call @unordered$transients(
util.func private @unordered(%await: !stream.timepoint) -> !stream.timepoint {
  %c128 = arith.constant 128 : index
  %a, %a_tp = stream.resource.alloca uninitialized : !stream.resource<transient>{%c128} => !stream.timepoint
  %d = stream.resource.dealloca await(%a_tp) => %a : !stream.resource<transient>{%c128} => !stream.timepoint
  %j = stream.timepoint.join max(%d, %await) => !stream.timepoint
  util.return %j : !stream.timepoint
}
util.func public @unordered_call_in_loop(%input: !stream.resource<*>, %input_size: index, %storage: !stream.resource<transient>, %storage_size: index, %await: !stream.timepoint) -> (!stream.resource<*>, !stream.timepoint) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %tp = scf.for %i = %c0 to %c4 step %c1 iter_args(%iter = %await) -> (!stream.timepoint) {
    // expected-warning @+1 {{the transient allocations of the call to '@unordered' were not placed in external transient storage: its loop iterations are not ordered on the timeline}}
    %t = util.call @unordered(%iter) : (!stream.timepoint) -> !stream.timepoint
    scf.yield %t : !stream.timepoint
  }
  %t2 = util.call @unordered(%tp) : (!stream.timepoint) -> !stream.timepoint
  %result, %result_tp = stream.resource.transients await(%t2) => %input : !stream.resource<*>{%input_size} from %storage : !stream.resource<transient>{%storage_size} => !stream.timepoint
  util.return %result, %result_tp : !stream.resource<*>, !stream.timepoint
}

// -----

// §9.2 item 4: recursion through an allocating callee.
util.func private @ping(%n: index, %await: !stream.timepoint) -> !stream.timepoint {
  %a, %a_tp = stream.resource.alloca uninitialized await(%await) => !stream.resource<transient>{%n} => !stream.timepoint
  %t = util.call @pong(%n, %a_tp) : (index, !stream.timepoint) -> !stream.timepoint
  %d = stream.resource.dealloca await(%t) => %a : !stream.resource<transient>{%n} => !stream.timepoint
  util.return %d : !stream.timepoint
}
util.func private @pong(%n: index, %await: !stream.timepoint) -> !stream.timepoint {
  // expected-error @+1 {{external transients do not support recursive calls (cycle: @ping -> @pong -> @ping)}}
  %t = util.call @ping(%n, %await) : (index, !stream.timepoint) -> !stream.timepoint
  util.return %t : !stream.timepoint
}
util.func public @recursive(%input: !stream.resource<*>, %input_size: index, %storage: !stream.resource<transient>, %storage_size: index, %await: !stream.timepoint) -> (!stream.resource<*>, !stream.timepoint) {
  %t = util.call @ping(%input_size, %await) : (index, !stream.timepoint) -> !stream.timepoint
  %result, %result_tp = stream.resource.transients await(%t) => %input : !stream.resource<*>{%input_size} from %storage : !stream.resource<transient>{%storage_size} => !stream.timepoint
  util.return %result, %result_tp : !stream.resource<*>, !stream.timepoint
}

// -----

// A function that calls itself.
util.func private @self(%n: index, %await: !stream.timepoint) -> !stream.timepoint {
  %a, %a_tp = stream.resource.alloca uninitialized await(%await) => !stream.resource<transient>{%n} => !stream.timepoint
  // expected-error @+1 {{external transients do not support recursive calls (cycle: @self -> @self)}}
  %t = util.call @self(%n, %a_tp) : (index, !stream.timepoint) -> !stream.timepoint
  %d = stream.resource.dealloca await(%t) => %a : !stream.resource<transient>{%n} => !stream.timepoint
  util.return %d : !stream.timepoint
}
util.func public @self_recursive(%input: !stream.resource<*>, %input_size: index, %storage: !stream.resource<transient>, %storage_size: index, %await: !stream.timepoint) -> (!stream.resource<*>, !stream.timepoint) {
  %t = util.call @self(%input_size, %await) : (index, !stream.timepoint) -> !stream.timepoint
  %result, %result_tp = stream.resource.transients await(%t) => %input : !stream.resource<*>{%input_size} from %storage : !stream.resource<transient>{%storage_size} => !stream.timepoint
  util.return %result, %result_tp : !stream.resource<*>, !stream.timepoint
}

// -----

// §9.2 item 5: the callee's size needs an argument the caller loads from a
// global.
util.global private mutable @g : index
util.func private @sized(%n: index, %await: !stream.timepoint) -> !stream.timepoint {
  %a, %a_tp = stream.resource.alloca uninitialized await(%await) => !stream.resource<transient>{%n} => !stream.timepoint
  %d = stream.resource.dealloca await(%a_tp) => %a : !stream.resource<transient>{%n} => !stream.timepoint
  util.return %d : !stream.timepoint
}
util.func public @impure_size_arg(%input: !stream.resource<*>, %input_size: index, %storage: !stream.resource<transient>, %storage_size: index, %await: !stream.timepoint) -> (!stream.resource<*>, !stream.timepoint) {
  %n = util.global.load @g : index
  // expected-error @+1 {{transient size of call to '@sized' depends on values that cannot be computed before the call}}
  %t = util.call @sized(%n, %await) : (index, !stream.timepoint) -> !stream.timepoint
  %result, %result_tp = stream.resource.transients await(%t) => %input : !stream.resource<*>{%input_size} from %storage : !stream.resource<transient>{%storage_size} => !stream.timepoint
  util.return %result, %result_tp : !stream.resource<*>, !stream.timepoint
}

// -----

// §9.2 item 5: the size depends on a loop induction variable.
util.func private @sized(%n: index, %await: !stream.timepoint) -> !stream.timepoint {
  %a, %a_tp = stream.resource.alloca uninitialized await(%await) => !stream.resource<transient>{%n} => !stream.timepoint
  %d = stream.resource.dealloca await(%a_tp) => %a : !stream.resource<transient>{%n} => !stream.timepoint
  util.return %d : !stream.timepoint
}
util.func public @loop_variant_size_arg(%input: !stream.resource<*>, %input_size: index, %storage: !stream.resource<transient>, %storage_size: index, %await: !stream.timepoint) -> (!stream.resource<*>, !stream.timepoint) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %tp = scf.for %i = %c0 to %c4 step %c1 iter_args(%iter = %await) -> (!stream.timepoint) {
    // expected-error @+1 {{transient size of call to '@sized' depends on values that cannot be computed before the call}}
    %t = util.call @sized(%i, %iter) : (index, !stream.timepoint) -> !stream.timepoint
    scf.yield %t : !stream.timepoint
  }
  %result, %result_tp = stream.resource.transients await(%tp) => %input : !stream.resource<*>{%input_size} from %storage : !stream.resource<transient>{%storage_size} => !stream.timepoint
  util.return %result, %result_tp : !stream.resource<*>, !stream.timepoint
}

// -----

// An error inside the callee is reported where it is.
util.func private @variant(%await: !stream.timepoint, %m: index) -> !stream.timepoint {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  // expected-note @+1 {{defined by this op}}
  %tp = scf.for %i = %c0 to %c4 step %c1 iter_args(%iter = %await) -> (!stream.timepoint) {
    // The value is named as in the specialized copy (two more arguments).
    // The size %i * %m has no upper bound (%m is unknown), so it is an error.
    %s = arith.muli %i, %m : index
    // expected-error @+1 {{transient allocation size depends on loop-variant value %arg4; external transients need loop-invariant or bounded sizes}}
    %a, %a_tp = stream.resource.alloca uninitialized await(%iter) => !stream.resource<transient>{%s} => !stream.timepoint
    %d = stream.resource.dealloca await(%a_tp) => %a : !stream.resource<transient>{%s} => !stream.timepoint
    scf.yield %d : !stream.timepoint
  }
  util.return %tp : !stream.timepoint
}
util.func public @callee_error(%input: !stream.resource<*>, %input_size: index, %storage: !stream.resource<transient>, %storage_size: index, %await: !stream.timepoint, %m: index) -> (!stream.resource<*>, !stream.timepoint) {
  %t = util.call @variant(%await, %m) : (!stream.timepoint, index) -> !stream.timepoint
  %result, %result_tp = stream.resource.transients await(%t) => %input : !stream.resource<*>{%input_size} from %storage : !stream.resource<transient>{%storage_size} => !stream.timepoint
  util.return %result, %result_tp : !stream.resource<*>, !stream.timepoint
}

// -----

// An indirect call: its callee is unknown, so whatever it allocates stays a
// real allocation; reported (§9.7).
// CHECK-LABEL: util.func public @indirect_call(
// CHECK: func.call_indirect
util.func public @indirect_call(%f: (index) -> index, %input: !stream.resource<*>, %input_size: index, %storage: !stream.resource<transient>, %storage_size: index, %await: !stream.timepoint) -> (!stream.resource<*>, !stream.timepoint) {
  // expected-warning @+1 {{the transient allocations of an indirect call were not placed in external transient storage: its callee is not known}}
  %n = func.call_indirect %f(%input_size) : (index) -> index
  %result, %result_tp = stream.resource.transients await(%await) => %input : !stream.resource<*>{%n} from %storage : !stream.resource<transient>{%storage_size} => !stream.timepoint
  util.return %result, %result_tp : !stream.resource<*>, !stream.timepoint
}

// -----

// A callee whose only allocation is side work (not on the timeline of what
// it returns): nothing can be placed, the call stays, the callee's alloca is
// reported.
// CHECK-LABEL: util.func public @side_work_callee(
// CHECK: util.call @side(
// CHECK-NOT: $transients
util.func private @side(%await: !stream.timepoint) -> !stream.timepoint {
  %c64 = arith.constant 64 : index
  // expected-warning @+1 {{transient allocation of 64 bytes was not placed in external transient storage: it is not on the timeline of any annotated result}}
  %a, %a_tp = stream.resource.alloca uninitialized await(%await) => !stream.resource<transient>{%c64} => !stream.timepoint
  %d = stream.resource.dealloca await(%a_tp) => %a : !stream.resource<transient>{%c64} => !stream.timepoint
  util.return %await : !stream.timepoint
}
util.func public @side_work_callee(%input: !stream.resource<*>, %input_size: index, %storage: !stream.resource<transient>, %storage_size: index, %await: !stream.timepoint) -> (!stream.resource<*>, !stream.timepoint) {
  %t = util.call @side(%await) : (!stream.timepoint) -> !stream.timepoint
  %result, %result_tp = stream.resource.transients await(%t) => %input : !stream.resource<*>{%input_size} from %storage : !stream.resource<transient>{%storage_size} => !stream.timepoint
  util.return %result, %result_tp : !stream.resource<*>, !stream.timepoint
}

// -----

// An exported function with its own storage called from another one that
// comes first: the clone drops the callee's transients ops (the caller's
// storage serves it), the original keeps them and is emplaced into its own
// storage later. The existing symbol @inner$transients makes the clone's
// name unique.
// CHECK-LABEL: util.func public @outer(
// CHECK: %[[SIZE:.+]] = util.call @inner$transients_size()
// CHECK: stream.resource.pack slices({
// CHECK-NEXT: [0, 0] = %[[SIZE]]
// CHECK: util.call @inner$transients_0(
// CHECK-LABEL: util.func private @inner$transients(
// CHECK-SAME: %arg0: index)
// CHECK-LABEL: util.func public @inner(
// CHECK: stream.resource.pack slices({
// CHECK: attributes {stream.experimental.transients}
// CHECK-LABEL: util.func private @inner$transients_0(
// CHECK-NOT: stream.resource.transients
// CHECK-NOT: stream.resource.alloca
// CHECK: util.return
// CHECK-LABEL: util.func private @inner$transients_size(
util.func public @outer(%input: !stream.resource<*>, %input_size: index, %storage: !stream.resource<transient>, %storage_size: index, %other: !stream.resource<transient>, %other_size: index, %await: !stream.timepoint) -> (!stream.resource<*>, !stream.timepoint) {
  %r, %t = util.call @inner(%input, %input_size, %other, %other_size, %await) : (!stream.resource<*>, index, !stream.resource<transient>, index, !stream.timepoint) -> (!stream.resource<*>, !stream.timepoint)
  %result, %result_tp = stream.resource.transients await(%t) => %r : !stream.resource<*>{%input_size} from %storage : !stream.resource<transient>{%storage_size} => !stream.timepoint
  util.return %result, %result_tp : !stream.resource<*>, !stream.timepoint
}
util.func private @inner$transients(%arg0: index) {
  util.return
}
util.func public @inner(%input: !stream.resource<*>, %input_size: index, %storage: !stream.resource<transient>, %storage_size: index, %await: !stream.timepoint) -> (!stream.resource<*>, !stream.timepoint) {
  %c32 = arith.constant 32 : index
  %a, %a_tp = stream.resource.alloca uninitialized await(%await) => !stream.resource<transient>{%c32} => !stream.timepoint
  %d = stream.resource.dealloca await(%a_tp) => %a : !stream.resource<transient>{%c32} => !stream.timepoint
  %result, %result_tp = stream.resource.transients await(%d) => %input : !stream.resource<*>{%input_size} from %storage : !stream.resource<transient>{%storage_size} => !stream.timepoint
  util.return %result, %result_tp : !stream.resource<*>, !stream.timepoint
}

// -----

// The same with the callee first: it has placed its allocations into its own
// storage before the caller is visited, so there is nothing left to
// specialize and the call stays (the caller passes the callee a storage).
// CHECK-LABEL: util.func public @inner_first(
// CHECK: attributes {stream.experimental.transients}
// CHECK-LABEL: util.func public @outer_second(
// CHECK: util.call @inner_first(
// CHECK-NOT: $transients
util.func public @inner_first(%input: !stream.resource<*>, %input_size: index, %storage: !stream.resource<transient>, %storage_size: index, %await: !stream.timepoint) -> (!stream.resource<*>, !stream.timepoint) {
  %c32 = arith.constant 32 : index
  %a, %a_tp = stream.resource.alloca uninitialized await(%await) => !stream.resource<transient>{%c32} => !stream.timepoint
  %d = stream.resource.dealloca await(%a_tp) => %a : !stream.resource<transient>{%c32} => !stream.timepoint
  %result, %result_tp = stream.resource.transients await(%d) => %input : !stream.resource<*>{%input_size} from %storage : !stream.resource<transient>{%storage_size} => !stream.timepoint
  util.return %result, %result_tp : !stream.resource<*>, !stream.timepoint
}
util.func public @outer_second(%input: !stream.resource<*>, %input_size: index, %storage: !stream.resource<transient>, %storage_size: index, %other: !stream.resource<transient>, %other_size: index, %await: !stream.timepoint) -> (!stream.resource<*>, !stream.timepoint) {
  %r, %t = util.call @inner_first(%input, %input_size, %other, %other_size, %await) : (!stream.resource<*>, index, !stream.resource<transient>, index, !stream.timepoint) -> (!stream.resource<*>, !stream.timepoint)
  %result, %result_tp = stream.resource.transients await(%t) => %r : !stream.resource<*>{%input_size} from %storage : !stream.resource<transient>{%storage_size} => !stream.timepoint
  util.return %result, %result_tp : !stream.resource<*>, !stream.timepoint
}

// -----

// Multi-block callee with an unreachable block: the alloca is in the entry
// block, the two deallocas on the two paths to the returns.
// CHECK-LABEL: util.func private @multi$transients(
// CHECK: stream.resource.pack
// CHECK: cf.cond_br
// CHECK-NOT: stream.resource.dealloca
// CHECK-LABEL: util.func public @multi_block_callee(
// CHECK: util.call @multi$transients(
util.func private @multi(%c: i1, %await: !stream.timepoint) -> !stream.timepoint {
  %c64 = arith.constant 64 : index
  %a, %a_tp = stream.resource.alloca uninitialized await(%await) => !stream.resource<transient>{%c64} => !stream.timepoint
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  %d = stream.resource.dealloca await(%a_tp) => %a : !stream.resource<transient>{%c64} => !stream.timepoint
  util.return %d : !stream.timepoint
^bb2:
  %d2 = stream.resource.dealloca await(%a_tp) => %a : !stream.resource<transient>{%c64} => !stream.timepoint
  util.return %d2 : !stream.timepoint
^bb3:
  util.return %await : !stream.timepoint
}
util.func public @multi_block_callee(%c: i1, %input: !stream.resource<*>, %input_size: index, %storage: !stream.resource<transient>, %storage_size: index, %await: !stream.timepoint) -> (!stream.resource<*>, !stream.timepoint) {
  %t = util.call @multi(%c, %await) : (i1, !stream.timepoint) -> !stream.timepoint
  %result, %result_tp = stream.resource.transients await(%t) => %input : !stream.resource<*>{%input_size} from %storage : !stream.resource<transient>{%storage_size} => !stream.timepoint
  util.return %result, %result_tp : !stream.resource<*>, !stream.timepoint
}

// -----

// An alloca outside the callee's entry block is placed like one in an
// exported function: the pack goes at the end of the entry block and the
// alloca becomes a subview in its own block.
// CHECK-LABEL: util.func private @late$transients(
// CHECK: stream.resource.pack slices({
// CHECK-NEXT: [0, 0] = %c64
// CHECK: cf.cond_br
// CHECK: ^bb1:
// CHECK: stream.resource.subview
// CHECK-NOT: stream.resource.alloca
// CHECK: util.func private @late$transients_size() -> index
// CHECK-LABEL: util.func public @late_alloca_callee(
// CHECK: util.call @late$transients_size() {sluice.transients.size_call}
util.func private @late(%c: i1, %await: !stream.timepoint) -> !stream.timepoint {
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  %c64 = arith.constant 64 : index
  %a, %a_tp = stream.resource.alloca uninitialized await(%await) => !stream.resource<transient>{%c64} => !stream.timepoint
  %d = stream.resource.dealloca await(%a_tp) => %a : !stream.resource<transient>{%c64} => !stream.timepoint
  util.return %d : !stream.timepoint
^bb2:
  util.return %await : !stream.timepoint
}
util.func public @late_alloca_callee(%c: i1, %input: !stream.resource<*>, %input_size: index, %storage: !stream.resource<transient>, %storage_size: index, %await: !stream.timepoint) -> (!stream.resource<*>, !stream.timepoint) {
  %t = util.call @late(%c, %await) : (i1, !stream.timepoint) -> !stream.timepoint
  %result, %result_tp = stream.resource.transients await(%t) => %input : !stream.resource<*>{%input_size} from %storage : !stream.resource<transient>{%storage_size} => !stream.timepoint
  util.return %result, %result_tp : !stream.resource<*>, !stream.timepoint
}

// -----

// Fuzz finding (2026-12-02): the call before the loop is rewritten (its
// callee @unordered is specialized) and erased, the call in the loop is left
// in place (the callee's alloca does not wait on its argument). The gather
// then walks from the loop's call into @unordered and back to its callers:
// the explorer's call graph must not name the erased call (it was a use
// after free, caught under valgrind/ASan).
// CHECK-LABEL: util.func public @stale_callers(
// CHECK: util.call @unordered$transients(
// CHECK: scf.for
// CHECK-NEXT: util.call @unordered(
util.func private @unordered(%size: index, %await: !stream.timepoint) -> !stream.timepoint {
  %a, %a_tp = stream.resource.alloca uninitialized : !stream.resource<transient>{%size} => !stream.timepoint
  %j = stream.timepoint.join max(%a_tp, %await) => !stream.timepoint
  %e = stream.cmd.execute await(%j) => with(%a as %x: !stream.resource<transient>{%size}) {
  } => !stream.timepoint
  %d = stream.resource.dealloca await(%e) => %a : !stream.resource<transient>{%size} => !stream.timepoint
  util.return %d : !stream.timepoint
}
util.func public @stale_callers(%input: !stream.resource<*>, %input_size: index, %storage: !stream.resource<transient>, %storage_size: index, %await: !stream.timepoint) -> (!stream.resource<*>, !stream.timepoint) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %t0 = util.call @unordered(%input_size, %await) : (index, !stream.timepoint) -> !stream.timepoint
  %r = scf.for %i = %c0 to %c4 step %c1 iter_args(%it = %t0) -> (!stream.timepoint) {
    // expected-warning @+1 {{the transient allocations of the call to '@unordered' were not placed in external transient storage: its loop iterations are not ordered on the timeline}}
    %t = util.call @unordered(%input_size, %it) : (index, !stream.timepoint) -> !stream.timepoint
    scf.yield %t : !stream.timepoint
  }
  %result, %result_tp = stream.resource.transients await(%r) => %input : !stream.resource<*>{%input_size} from %storage : !stream.resource<transient>{%storage_size} => !stream.timepoint
  util.return %result, %result_tp : !stream.resource<*>, !stream.timepoint
}
