// RUN: sluice-opt --split-input-file --iree-stream-emplace-transients --verify-diagnostics %s | FileCheck %s
// REQUIRES: sluice-opt
// No transients op: the function is skipped, the alloca stays.
// CHECK-LABEL: util.func public @no_transients
// CHECK: stream.resource.alloca
// CHECK: stream.resource.dealloca
// CHECK-NOT: stream.resource.pack
util.func public @no_transients(%size: index) -> !stream.timepoint {
  %r, %tp = stream.resource.alloca uninitialized : !stream.resource<transient>{%size} => !stream.timepoint
  %d = stream.resource.dealloca await(%tp) => %r : !stream.resource<transient>{%size} => !stream.timepoint
  util.return %d : !stream.timepoint
}

// -----

// Body-less functions are tolerated.
// CHECK-LABEL: util.func private @external(
util.func private @external(%arg0: !stream.resource<transient>, %arg1: index)

// -----

// Nothing to place: an empty marked pack before the transients op, which is
// replaced by its inputs.
// CHECK-LABEL: util.func public @zero_allocations
// CHECK-SAME: (%[[INPUT:[^:]+]]: !stream.resource<*>
// CHECK: %[[EXEC:.+]] = stream.cmd.execute
// CHECK: stream.resource.pack slices({}) : index attributes {stream.experimental.transients}
// CHECK-NOT: stream.resource.transients
// CHECK: util.return %[[INPUT]], %[[EXEC]]
util.func public @zero_allocations(%input: !stream.resource<*>, %input_size: index, %storage: !stream.resource<transient>, %storage_size: index, %await: !stream.timepoint) -> (!stream.resource<*>, !stream.timepoint) {
  %exec = stream.cmd.execute await(%await) => with(%input as %i: !stream.resource<*>{%input_size}) {
  } => !stream.timepoint
  %result, %result_tp = stream.resource.transients await(%exec) => %input : !stream.resource<*>{%input_size} from %storage : !stream.resource<transient>{%storage_size} => !stream.timepoint
  util.return %result, %result_tp : !stream.resource<*>, !stream.timepoint
}

// -----

// The size computed in the alloca's own region is cloned before the pack.
// CHECK-LABEL: util.func public @single_allocation_constant
// CHECK-SAME: (%[[INPUT:[^:]+]]: !stream.resource<*>, %{{.+}}: index, %[[STORAGE:[^:]+]]: !stream.resource<transient>, %[[STORAGE_SIZE:[^:]+]]: index, %[[AWAIT:[^:]+]]: !stream.timepoint)
// CHECK: %[[C1024:.+]] = arith.constant 1024 : index
// CHECK-NEXT: %[[C1024_CLONE:.+]] = arith.constant 1024 : index
// CHECK-NEXT: %[[PACK:.+]]:2 = stream.resource.pack slices({
// CHECK-NEXT: [0, 0] = %[[C1024_CLONE]]
// CHECK-NEXT: }) : index attributes {stream.experimental.transients}
// CHECK-NEXT: %[[C0:.+]] = arith.constant 0 : index
// CHECK-NEXT: %[[BASE:.+]] = stream.resource.subview %[[STORAGE]][%[[C0]]] : !stream.resource<transient>{%[[STORAGE_SIZE]]} -> !stream.resource<transient>{%[[PACK]]#0}
// CHECK-NEXT: %[[VIEW:.+]] = stream.resource.subview %[[BASE]][%[[PACK]]#1] : !stream.resource<transient>{%[[PACK]]#0} -> !stream.resource<transient>{%[[C1024]]}
// CHECK-NEXT: %[[EXEC:.+]] = stream.cmd.execute await(%[[AWAIT]]) => with(%[[VIEW]] as
// CHECK-NOT: stream.resource.alloca
// CHECK-NOT: stream.resource.dealloca
// CHECK-NOT: stream.resource.transients
// CHECK: util.return %[[INPUT]], %[[EXEC]]
util.func public @single_allocation_constant(%input: !stream.resource<*>, %input_size: index, %storage: !stream.resource<transient>, %storage_size: index, %await: !stream.timepoint) -> (!stream.resource<*>, !stream.timepoint) {
  %c1024 = arith.constant 1024 : index
  %alloca, %alloca_tp = stream.resource.alloca uninitialized await(%await) => !stream.resource<transient>{%c1024} => !stream.timepoint
  %exec = stream.cmd.execute await(%alloca_tp) => with(%alloca as %a: !stream.resource<transient>{%c1024}, %input as %i: !stream.resource<*>{%input_size}) {
  } => !stream.timepoint
  %dealloca_tp = stream.resource.dealloca await(%exec) => %alloca : !stream.resource<transient>{%c1024} => !stream.timepoint
  %result, %result_tp = stream.resource.transients await(%dealloca_tp) => %input : !stream.resource<*>{%input_size} from %storage : !stream.resource<transient>{%storage_size} => !stream.timepoint
  util.return %result, %result_tp : !stream.resource<*>, !stream.timepoint
}

// -----

// A size that is a block argument is captured, not cloned.
// CHECK-LABEL: util.func public @single_allocation_dynamic
// CHECK-SAME: (%{{.+}}: !stream.resource<*>, %[[SIZE:[^:]+]]: index
// CHECK-NEXT: %[[PACK:.+]]:2 = stream.resource.pack slices({
// CHECK-NEXT: [0, 0] = %[[SIZE]]
// CHECK: stream.resource.subview %{{.+}}[%[[PACK]]#1] : !stream.resource<transient>{%[[PACK]]#0} -> !stream.resource<transient>{%[[SIZE]]}
util.func public @single_allocation_dynamic(%input: !stream.resource<*>, %input_size: index, %storage: !stream.resource<transient>, %storage_size: index, %await: !stream.timepoint) -> (!stream.resource<*>, !stream.timepoint) {
  %alloca, %alloca_tp = stream.resource.alloca uninitialized await(%await) => !stream.resource<transient>{%input_size} => !stream.timepoint
  %exec = stream.cmd.execute await(%alloca_tp) => with(%alloca as %a: !stream.resource<transient>{%input_size}, %input as %i: !stream.resource<*>{%input_size}) {
  } => !stream.timepoint
  %dealloca_tp = stream.resource.dealloca await(%exec) => %alloca : !stream.resource<transient>{%input_size} => !stream.timepoint
  %result, %result_tp = stream.resource.transients await(%dealloca_tp) => %input : !stream.resource<*>{%input_size} from %storage : !stream.resource<transient>{%storage_size} => !stream.timepoint
  util.return %result, %result_tp : !stream.resource<*>, !stream.timepoint
}

// -----

// Two slots in gather order; the second execute ends up awaiting the first
// (the alloca's await was the first dealloca, whose await is the execute).
// CHECK-LABEL: util.func public @two_allocations
// CHECK-SAME: %[[AWAIT:[^:]+]]: !stream.timepoint)
// CHECK: %[[C256:.+]] = arith.constant 256 : index
// CHECK: %[[C512:.+]] = arith.constant 512 : index
// CHECK: %[[C256_0:.+]] = arith.constant 256 : index
// CHECK-NEXT: %[[C512_0:.+]] = arith.constant 512 : index
// CHECK-NEXT: %[[PACK:.+]]:3 = stream.resource.pack slices({
// CHECK-NEXT: [0, 0] = %[[C256_0]],
// CHECK-NEXT: [0, 0] = %[[C512_0]]
// CHECK-NEXT: }) : index attributes {stream.experimental.transients}
// CHECK: %[[BASE:.+]] = stream.resource.subview
// CHECK-NEXT: %[[V0:.+]] = stream.resource.subview %[[BASE]][%[[PACK]]#1] {{.+}} -> !stream.resource<transient>{%[[C256]]}
// CHECK-NEXT: %[[E0:.+]] = stream.cmd.execute await(%[[AWAIT]]) => with(%[[V0]]
// CHECK: %[[V1:.+]] = stream.resource.subview %[[BASE]][%[[PACK]]#2] {{.+}} -> !stream.resource<transient>{%[[C512]]}
// CHECK-NEXT: %[[E1:.+]] = stream.cmd.execute await(%[[E0]]) => with(%[[V1]]
// CHECK: %[[JOIN:.+]] = stream.timepoint.join max(%[[E0]], %[[E1]])
// CHECK: util.return %{{.+}}, %[[JOIN]]
util.func public @two_allocations(%input: !stream.resource<*>, %input_size: index, %storage: !stream.resource<transient>, %storage_size: index, %await: !stream.timepoint) -> (!stream.resource<*>, !stream.timepoint) {
  %c256 = arith.constant 256 : index
  %c512 = arith.constant 512 : index
  %a0, %a0_tp = stream.resource.alloca uninitialized await(%await) => !stream.resource<transient>{%c256} => !stream.timepoint
  %e0 = stream.cmd.execute await(%a0_tp) => with(%a0 as %x: !stream.resource<transient>{%c256}) {
  } => !stream.timepoint
  %dt0 = stream.resource.dealloca await(%e0) => %a0 : !stream.resource<transient>{%c256} => !stream.timepoint
  %a1, %a1_tp = stream.resource.alloca uninitialized await(%dt0) => !stream.resource<transient>{%c512} => !stream.timepoint
  %e1 = stream.cmd.execute await(%a1_tp) => with(%a1 as %y: !stream.resource<transient>{%c512}, %input as %i: !stream.resource<*>{%input_size}) {
  } => !stream.timepoint
  %dt1 = stream.resource.dealloca await(%e1) => %a1 : !stream.resource<transient>{%c512} => !stream.timepoint
  %join = stream.timepoint.join max(%dt0, %dt1) => !stream.timepoint
  %result, %result_tp = stream.resource.transients await(%join) => %input : !stream.resource<*>{%input_size} from %storage : !stream.resource<transient>{%storage_size} => !stream.timepoint
  util.return %result, %result_tp : !stream.resource<*>, !stream.timepoint
}

// -----

// CHECK-LABEL: util.func public @many_allocations
// CHECK: %[[PACK:.+]]:4 = stream.resource.pack slices({
// CHECK-NEXT: [0, 0] = %c64_0,
// CHECK-NEXT: [0, 0] = %c128_1,
// CHECK-NEXT: [0, 0] = %c256_2
// CHECK: stream.resource.subview %{{.+}}[%[[PACK]]#1] {{.+}}{%c64}
// CHECK: stream.resource.subview %{{.+}}[%[[PACK]]#2] {{.+}}{%c128}
// CHECK: stream.resource.subview %{{.+}}[%[[PACK]]#3] {{.+}}{%c256}
// CHECK: stream.timepoint.join max(%[[E0:.+]], %[[E1:.+]], %[[E2:.+]]) => !stream.timepoint
util.func public @many_allocations(%input: !stream.resource<*>, %input_size: index, %storage: !stream.resource<transient>, %storage_size: index, %await: !stream.timepoint) -> (!stream.resource<*>, !stream.timepoint) {
  %c64 = arith.constant 64 : index
  %c128 = arith.constant 128 : index
  %c256 = arith.constant 256 : index
  %t0, %t0_tp = stream.resource.alloca uninitialized await(%await) => !stream.resource<transient>{%c64} => !stream.timepoint
  %e0 = stream.cmd.execute await(%t0_tp) => with(%t0 as %x: !stream.resource<transient>{%c64}) {
  } => !stream.timepoint
  %dt0 = stream.resource.dealloca await(%e0) => %t0 : !stream.resource<transient>{%c64} => !stream.timepoint
  %t1, %t1_tp = stream.resource.alloca uninitialized await(%await) => !stream.resource<transient>{%c128} => !stream.timepoint
  %e1 = stream.cmd.execute await(%t1_tp) => with(%t1 as %x: !stream.resource<transient>{%c128}) {
  } => !stream.timepoint
  %dt1 = stream.resource.dealloca await(%e1) => %t1 : !stream.resource<transient>{%c128} => !stream.timepoint
  %t2, %t2_tp = stream.resource.alloca uninitialized await(%await) => !stream.resource<transient>{%c256} => !stream.timepoint
  %e2 = stream.cmd.execute await(%t2_tp) => with(%t2 as %x: !stream.resource<transient>{%c256}) {
  } => !stream.timepoint
  %dt2 = stream.resource.dealloca await(%e2) => %t2 : !stream.resource<transient>{%c256} => !stream.timepoint
  %join = stream.timepoint.join max(%dt0, %dt1, %dt2) => !stream.timepoint
  %result, %result_tp = stream.resource.transients await(%join) => %input : !stream.resource<*>{%input_size} from %storage : !stream.resource<transient>{%storage_size} => !stream.timepoint
  util.return %result, %result_tp : !stream.resource<*>, !stream.timepoint
}

// -----

// Any call is an error with the default reference-compat=true.
util.func private @helper(%arg0: index) -> index {
  util.return %arg0 : index
}
// expected-error @+1 {{function contains function calls, which are not supported by EmplaceTransientsPass}}
util.func public @has_function_call(%input: !stream.resource<*>, %input_size: index, %storage: !stream.resource<transient>, %storage_size: index, %await: !stream.timepoint) -> (!stream.resource<*>, !stream.timepoint) {
  %size = util.call @helper(%input_size) : (index) -> index
  %result, %result_tp = stream.resource.transients await(%await) => %input : !stream.resource<*>{%size} from %storage : !stream.resource<transient>{%storage_size} => !stream.timepoint
  util.return %result, %result_tp : !stream.resource<*>, !stream.timepoint
}

// -----

// expected-error @+1 {{only public functions with stream.resource.transients are supported}}
util.func private @private_with_transients(%input: !stream.resource<*>, %input_size: index, %storage: !stream.resource<transient>, %storage_size: index, %await: !stream.timepoint) -> (!stream.resource<*>, !stream.timepoint) {
  %result, %result_tp = stream.resource.transients await(%await) => %input : !stream.resource<*>{%input_size} from %storage : !stream.resource<transient>{%storage_size} => !stream.timepoint
  util.return %result, %result_tp : !stream.resource<*>, !stream.timepoint
}

// -----

// The dealloca of another resource is kept; an alloca without an await gets
// an immediate timepoint at its position.
// CHECK-LABEL: util.func public @dealloca_filtering
// CHECK: %[[VIEW:.+]] = stream.resource.subview %{{.+}}[%{{.+}}#1]
// CHECK-NEXT: %[[IMM:.+]] = stream.timepoint.immediate => !stream.timepoint
// CHECK-NEXT: %[[EXEC:.+]] = stream.cmd.execute await(%[[IMM]]) => with(%[[VIEW]]
// CHECK: %[[KEPT:.+]] = stream.resource.dealloca await(%[[EXEC]]) => %arg4 :
// CHECK-NOT: stream.resource.dealloca
// CHECK: util.return %{{.+}}, %[[KEPT]]
util.func public @dealloca_filtering(%input: !stream.resource<*>, %input_size: index, %storage: !stream.resource<transient>, %storage_size: index, %other: !stream.resource<transient>, %await: !stream.timepoint) -> (!stream.resource<*>, !stream.timepoint) {
  %c1024 = arith.constant 1024 : index
  %alloca, %alloca_tp = stream.resource.alloca uninitialized : !stream.resource<transient>{%c1024} => !stream.timepoint
  %exec = stream.cmd.execute await(%alloca_tp) => with(%alloca as %a: !stream.resource<transient>{%c1024}) {
  } => !stream.timepoint
  %d0 = stream.resource.dealloca await(%exec) => %other : !stream.resource<transient>{%c1024} => !stream.timepoint
  %d1 = stream.resource.dealloca await(%d0) => %alloca : !stream.resource<transient>{%c1024} => !stream.timepoint
  %result, %result_tp = stream.resource.transients await(%d1) => %input : !stream.resource<*>{%input_size} from %storage : !stream.resource<transient>{%storage_size} => !stream.timepoint
  util.return %result, %result_tp : !stream.resource<*>, !stream.timepoint
}

// -----

// The slice is cloned in post-order: constant 4, muli, constant 1024, addi.
// CHECK-LABEL: util.func public @size_with_arith_ops
// CHECK-SAME: (%{{.+}}: !stream.resource<*>, %[[SIZE:[^:]+]]: index
// CHECK: %[[ORIG:.+]] = arith.addi
// CHECK-NEXT: %[[C4:.+]] = arith.constant 4 : index
// CHECK-NEXT: %[[MUL:.+]] = arith.muli %[[SIZE]], %[[C4]] : index
// CHECK-NEXT: %[[C1024:.+]] = arith.constant 1024 : index
// CHECK-NEXT: %[[ADD:.+]] = arith.addi %[[MUL]], %[[C1024]] : index
// CHECK-NEXT: %[[PACK:.+]]:2 = stream.resource.pack slices({
// CHECK-NEXT: [0, 0] = %[[ADD]]
// CHECK: stream.resource.subview %{{.+}}[%[[PACK]]#1] {{.+}} -> !stream.resource<transient>{%[[ORIG]]}
util.func public @size_with_arith_ops(%input: !stream.resource<*>, %input_size: index, %storage: !stream.resource<transient>, %storage_size: index, %await: !stream.timepoint) -> (!stream.resource<*>, !stream.timepoint) {
  %c4 = arith.constant 4 : index
  %mul = arith.muli %input_size, %c4 : index
  %c1024 = arith.constant 1024 : index
  %size = arith.addi %mul, %c1024 : index
  %alloca, %alloca_tp = stream.resource.alloca uninitialized await(%await) => !stream.resource<transient>{%size} => !stream.timepoint
  %exec = stream.cmd.execute await(%alloca_tp) => with(%alloca as %a: !stream.resource<transient>{%size}) {
  } => !stream.timepoint
  %dealloca_tp = stream.resource.dealloca await(%exec) => %alloca : !stream.resource<transient>{%size} => !stream.timepoint
  %result, %result_tp = stream.resource.transients await(%dealloca_tp) => %input : !stream.resource<*>{%input_size} from %storage : !stream.resource<transient>{%storage_size} => !stream.timepoint
  util.return %result, %result_tp : !stream.resource<*>, !stream.timepoint
}
