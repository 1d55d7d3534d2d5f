// RUN: sluice-opt --split-input-file --iree-stream-emplace-transients=reference-compat=false --verify-diagnostics %s | FileCheck %s
// RUN: sluice-opt --split-input-file --iree-stream-emplace-transients %s | FileCheck %s --check-prefix=COMPAT
// REQUIRES: sluice-opt

// external-transients.md §9.8: `sluice.abi.transients_wait = <i>` on the
// storage argument makes every emplaced alloca's work also wait on the
// !hal.fence argument i (imported once at the entry), so a caller can hand
// in a workspace that is still in use by an earlier call. The standalone
// reference mode ignores the attribute (§9.0).

// CHECK-LABEL: util.func public @wait_on_fence(
// CHECK-SAME: %[[INPUT:[a-z0-9]+]]: !stream.resource<*>, %[[SIZE:[a-z0-9]+]]: index, %[[STORAGE:[a-z0-9]+]]: !stream.resource<transient> {sluice.abi.transients_wait = 4 : index}, %[[LEN:[a-z0-9]+]]: index, %[[FENCE:[a-z0-9]+]]: !hal.fence, %[[AWAIT:[a-z0-9]+]]: !stream.timepoint)
// CHECK-NEXT: %[[FENCE_TP:.+]] = stream.timepoint.import %[[FENCE]] : (!hal.fence) => !stream.timepoint
// The first alloca awaited %await: it now awaits both.
// CHECK: %[[JOIN:.+]] = stream.timepoint.join max(%[[AWAIT]], %[[FENCE_TP]]) => !stream.timepoint
// CHECK: %[[EXEC0:.+]] = stream.cmd.execute await(%[[JOIN]])
// The second alloca awaited nothing: it now awaits the fence.
// CHECK: %[[EXEC1:.+]] = stream.cmd.execute await(%[[FENCE_TP]])
// CHECK-NOT: stream.resource.alloca
// COMPAT-LABEL: util.func public @wait_on_fence(
// COMPAT-NOT: stream.timepoint.import
// COMPAT: util.return
util.func public @wait_on_fence(%input: !stream.resource<*>, %input_size: index,
    %storage: !stream.resource<transient> {sluice.abi.transients_wait = 4 : index},
    %storage_size: index, %fence: !hal.fence, %await: !stream.timepoint)
    -> (!stream.resource<*>, !stream.timepoint) {
  %c1024 = arith.constant 1024 : index
  %a0, %a0_tp = stream.resource.alloca uninitialized await(%await) => !stream.resource<transient>{%c1024} => !stream.timepoint
  %e0 = stream.cmd.execute await(%a0_tp) => with(%a0 as %r0: !stream.resource<transient>{%c1024}) {
  } => !stream.timepoint
  %d0 = stream.resource.dealloca await(%e0) => %a0 : !stream.resource<transient>{%c1024} => !stream.timepoint
  %a1, %a1_tp = stream.resource.alloca uninitialized : !stream.resource<transient>{%c1024} => !stream.timepoint
  %e1 = stream.cmd.execute await(%a1_tp) => with(%a1 as %r1: !stream.resource<transient>{%c1024}) {
  } => !stream.timepoint
  %d1 = stream.resource.dealloca await(%e1) => %a1 : !stream.resource<transient>{%c1024} => !stream.timepoint
  %j = stream.timepoint.join max(%d0, %d1) => !stream.timepoint
  %result, %result_tp = stream.resource.transients await(%j) => %input : !stream.resource<*>{%input_size} from %storage : !stream.resource<transient>{%storage_size} => !stream.timepoint
  util.return %result, %result_tp : !stream.resource<*>, !stream.timepoint
}

// -----

// Nothing to emplace: no wait is added.
// CHECK-LABEL: util.func public @nothing_to_wait_for(
// CHECK-NOT: stream.timepoint.import
// CHECK: util.return
util.func public @nothing_to_wait_for(%input: !stream.resource<*>, %input_size: index,
    %storage: !stream.resource<transient> {sluice.abi.transients_wait = 4 : index},
    %storage_size: index, %fence: !hal.fence, %await: !stream.timepoint)
    -> (!stream.resource<*>, !stream.timepoint) {
  %result, %result_tp = stream.resource.transients await(%await) => %input : !stream.resource<*>{%input_size} from %storage : !stream.resource<transient>{%storage_size} => !stream.timepoint
  util.return %result, %result_tp : !stream.resource<*>, !stream.timepoint
}

// -----

// The index must name a !hal.fence argument.
// expected-error @+1 {{sluice.abi.transients_wait of argument 2 must be the index of a !hal.fence argument, got 3 : index}}
util.func public @not_a_fence(%input: !stream.resource<*>, %input_size: index,
    %storage: !stream.resource<transient> {sluice.abi.transients_wait = 3 : index},
    %storage_size: index, %fence: !hal.fence, %await: !stream.timepoint)
    -> (!stream.resource<*>, !stream.timepoint) {
  %c1024 = arith.constant 1024 : index
  %a0, %a0_tp = stream.resource.alloca uninitialized await(%await) => !stream.resource<transient>{%c1024} => !stream.timepoint
  %e0 = stream.cmd.execute await(%a0_tp) => with(%a0 as %r0: !stream.resource<transient>{%c1024}) {
  } => !stream.timepoint
  %d0 = stream.resource.dealloca await(%e0) => %a0 : !stream.resource<transient>{%c1024} => !stream.timepoint
  %result, %result_tp = stream.resource.transients await(%d0) => %input : !stream.resource<*>{%input_size} from %storage : !stream.resource<transient>{%storage_size} => !stream.timepoint
  util.return %result, %result_tp : !stream.resource<*>, !stream.timepoint
}

// -----

// expected-error @+1 {{sluice.abi.transients_wait of argument 2 must be the index of a !hal.fence argument, got 9 : index}}
util.func public @out_of_range(%input: !stream.resource<*>, %input_size: index,
    %storage: !stream.resource<transient> {sluice.abi.transients_wait = 9 : index},
    %storage_size: index, %fence: !hal.fence, %await: !stream.timepoint)
    -> (!stream.resource<*>, !stream.timepoint) {
  %c1024 = arith.constant 1024 : index
  %a0, %a0_tp = stream.resource.alloca uninitialized await(%await) => !stream.resource<transient>{%c1024} => !stream.timepoint
  %e0 = stream.cmd.execute await(%a0_tp) => with(%a0 as %r0: !stream.resource<transient>{%c1024}) {
  } => !stream.timepoint
  %d0 = stream.resource.dealloca await(%e0) => %a0 : !stream.resource<transient>{%c1024} => !stream.timepoint
  %result, %result_tp = stream.resource.transients await(%d0) => %input : !stream.resource<*>{%input_size} from %storage : !stream.resource<transient>{%storage_size} => !stream.timepoint
  util.return %result, %result_tp : !stream.resource<*>, !stream.timepoint
}
