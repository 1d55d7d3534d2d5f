// RUN: sluice-opt --split-input-file --iree-stream-emplace-transients --verify-diagnostics %s | FileCheck %s
// REQUIRES: sluice-opt

// Fixes that apply with the default reference-compat=true
// (external-transients.md §9.0, §9.11 rows 1-2).

// Two storages fail the pass (the reference reports and continues).
util.func public @multiple_storages(%input: !stream.resource<*>, %input_size: index, %s0: !stream.resource<transient>, %s1: !stream.resource<transient>, %storage_size: index, %await: !stream.timepoint) -> (!stream.resource<*>, !stream.resource<*>) {
  %r0, %t0 = stream.resource.transients await(%await) => %input : !stream.resource<*>{%input_size} from %s0 : !stream.resource<transient>{%storage_size} => !stream.timepoint
  // expected-error @+1 {{multiple unique storage buffers not supported - all stream.resource.transients ops must use the same storage}}
  %r1, %t1 = stream.resource.transients await(%await) => %input : !stream.resource<*>{%input_size} from %s1 : !stream.resource<transient>{%storage_size} => !stream.timepoint
  util.return %r0, %r1 : !stream.resource<*>, !stream.resource<*>
}

// -----

// A transients op without an await (zero-alloca path): an immediate
// timepoint right before it instead of a null value.
// CHECK-LABEL: util.func public @no_await_zero_allocas
// CHECK-SAME: (%[[INPUT:[^:]+]]: !stream.resource<*>
// CHECK: stream.resource.pack slices({})
// CHECK-NEXT: %[[IMM:.+]] = stream.timepoint.immediate => !stream.timepoint
// CHECK-NEXT: util.return %[[INPUT]], %[[IMM]]
util.func public @no_await_zero_allocas(%input: !stream.resource<*>, %input_size: index, %storage: !stream.resource<transient>, %storage_size: index) -> (!stream.resource<*>, !stream.timepoint) {
  %r, %t = stream.resource.transients %input : !stream.resource<*>{%input_size} from %storage : !stream.resource<transient>{%storage_size} => !stream.timepoint
  util.return %r, %t : !stream.resource<*>, !stream.timepoint
}

// -----

// A dealloca without an await: an immediate timepoint.
// CHECK-LABEL: util.func public @dealloca_without_await
// CHECK: %[[VIEW:.+]] = stream.resource.subview %{{.+}}[%{{.+}}#1]
// CHECK: %[[EXEC:.+]] = stream.cmd.execute await(%{{.+}}) => with(%[[VIEW]]
// CHECK: %[[IMM:.+]] = stream.timepoint.immediate => !stream.timepoint
// CHECK-NEXT: %[[JOIN:.+]] = stream.timepoint.join max(%[[IMM]], %[[EXEC]])
// CHECK-NOT: stream.resource.dealloca
// CHECK: util.return %{{.+}}, %[[JOIN]]
util.func public @dealloca_without_await(%input: !stream.resource<*>, %input_size: index, %storage: !stream.resource<transient>, %storage_size: index, %await: !stream.timepoint) -> (!stream.resource<*>, !stream.timepoint) {
  %c64 = arith.constant 64 : index
  %a, %a_tp = stream.resource.alloca uninitialized await(%await) => !stream.resource<transient>{%c64} => !stream.timepoint
  %e = stream.cmd.execute await(%a_tp) => with(%a as %x: !stream.resource<transient>{%c64}) {
  } => !stream.timepoint
  %d = stream.resource.dealloca %a : !stream.resource<transient>{%c64} => !stream.timepoint
  %j = stream.timepoint.join max(%d, %e) => !stream.timepoint
  %r, %t = stream.resource.transients await(%j) => %input : !stream.resource<*>{%input_size} from %storage : !stream.resource<transient>{%storage_size} => !stream.timepoint
  util.return %r, %t : !stream.resource<*>, !stream.timepoint
}

// -----

// The first failing function stops the pass: the next one is untouched.
// CHECK-NOT: stream.resource.pack
// expected-error @+1 {{only public functions with stream.resource.transients are supported}}
util.func private @stops_first(%input: !stream.resource<*>, %input_size: index, %storage: !stream.resource<transient>, %storage_size: index, %await: !stream.timepoint) -> !stream.resource<*> {
  %r, %t = stream.resource.transients await(%await) => %input : !stream.resource<*>{%input_size} from %storage : !stream.resource<transient>{%storage_size} => !stream.timepoint
  util.return %r : !stream.resource<*>
}
util.func public @stops_second(%input: !stream.resource<*>, %input_size: index, %storage: !stream.resource<transient>, %storage_size: index, %await: !stream.timepoint) -> !stream.resource<*> {
  %r, %t = stream.resource.transients await(%await) => %input : !stream.resource<*>{%input_size} from %storage : !stream.resource<transient>{%storage_size} => !stream.timepoint
  util.return %r : !stream.resource<*>
}

// -----

// Robustness: an unreachable block and a multi-block body.
// CHECK-LABEL: util.func public @multi_block
// CHECK: stream.resource.pack slices({
// CHECK: cf.br ^bb1
util.func public @multi_block(%input: !stream.resource<*>, %input_size: index, %storage: !stream.resource<transient>, %storage_size: index, %await: !stream.timepoint) -> (!stream.resource<*>, !stream.timepoint) {
  %c64 = arith.constant 64 : index
  %a, %a_tp = stream.resource.alloca uninitialized await(%await) => !stream.resource<transient>{%c64} => !stream.timepoint
  %e = stream.cmd.execute await(%a_tp) => with(%a as %x: !stream.resource<transient>{%c64}) {
  } => !stream.timepoint
  %d = stream.resource.dealloca await(%e) => %a : !stream.resource<transient>{%c64} => !stream.timepoint
  cf.br ^bb1(%d : !stream.timepoint)
^bb1(%t0: !stream.timepoint):
  %r, %t = stream.resource.transients await(%t0) => %input : !stream.resource<*>{%input_size} from %storage : !stream.resource<transient>{%storage_size} => !stream.timepoint
  util.return %r, %t : !stream.resource<*>, !stream.timepoint
^bb2:
  %x, %x_tp = stream.resource.alloca uninitialized await(%await) => !stream.resource<transient>{%c64} => !stream.timepoint
  util.return %input, %x_tp : !stream.resource<*>, !stream.timepoint
}
