// REQUIRES: sluice-opt
// RUN: sluice-opt --split-input-file --iree-stream-emplace-transients="reference-compat=false liveness-packing=true" %s | FileCheck %s
// RUN: sluice-opt --split-input-file --iree-stream-emplace-transients=reference-compat=false %s | FileCheck %s --check-prefix=OFF
// RUN: sluice-opt --split-input-file --iree-stream-emplace-transients="liveness-packing=true" %s | FileCheck %s --check-prefix=OFF
// RUN: sluice-opt --split-input-file --pass-pipeline="builtin.module(iree-stream-emplace-transients{reference-compat=false liveness-packing=true}, util.func(iree-stream-layout-slices, cse))" %s | FileCheck %s --check-prefix=LAYOUT

// external-transients.md §9.11 row 8, `liveness-packing`: the slots of the
// transients pack get lifetime intervals (TransientLifetimes.h) and the pack
// asks layout-slices for packSlicesBest, so slots with disjoint lifetimes
// share bytes. Off (the default), and with reference-compat=true, every slot
// keeps the reference's [0, 0] and nothing is shared.

// Disjoint lifetimes: the second alloca awaits the first one's dealloca.
// CHECK-LABEL: util.func public @disjoint
// CHECK: stream.resource.pack slices({
// CHECK-NEXT: [0, 0] = %c1024,
// CHECK-NEXT: [1, 1] = %c2048
// CHECK-NEXT: }) : index attributes {sluice.stream.layout = "best", stream.experimental.transients}
// OFF-LABEL: util.func public @disjoint
// OFF: stream.resource.pack slices({
// OFF-NEXT: [0, 0] = %c1024{{(_[0-9]+)?}},
// OFF-NEXT: [0, 0] = %c2048{{(_[0-9]+)?}}
// OFF-NEXT: }) : index attributes {stream.experimental.transients}
// Both slots at offset 0, 2048 bytes in all.
// LAYOUT-LABEL: util.func public @disjoint
// LAYOUT-NOT: stream.resource.pack
// LAYOUT: %[[BASE:.+]] = stream.resource.subview %arg2[%c0] : !stream.resource<transient>{%arg3} -> !stream.resource<transient>{%c2048}
// LAYOUT: stream.resource.subview %[[BASE]][%c0] : !stream.resource<transient>{%c2048} -> !stream.resource<transient>{%c1024}
// LAYOUT: stream.resource.subview %[[BASE]][%c0] : !stream.resource<transient>{%c2048} -> !stream.resource<transient>{%c2048}
util.func public @disjoint(%input: !stream.resource<*>, %input_size: index, %storage: !stream.resource<transient>, %storage_size: index, %await: !stream.timepoint) -> (!stream.resource<*>, !stream.timepoint) {
  %c1024 = arith.constant 1024 : index
  %c2048 = arith.constant 2048 : index
  %a, %a_tp = stream.resource.alloca uninitialized await(%await) => !stream.resource<transient>{%c1024} => !stream.timepoint
  %e = stream.cmd.execute await(%a_tp) => with(%a as %x: !stream.resource<transient>{%c1024}) {
  } => !stream.timepoint
  %d = stream.resource.dealloca await(%e) => %a : !stream.resource<transient>{%c1024} => !stream.timepoint
  %b, %b_tp = stream.resource.alloca uninitialized await(%d) => !stream.resource<transient>{%c2048} => !stream.timepoint
  %f = stream.cmd.execute await(%b_tp) => with(%b as %y: !stream.resource<transient>{%c2048}) {
  } => !stream.timepoint
  %g = stream.resource.dealloca await(%f) => %b : !stream.resource<transient>{%c2048} => !stream.timepoint
  %result, %result_tp = stream.resource.transients await(%g) => %input : !stream.resource<*>{%input_size} from %storage : !stream.resource<transient>{%storage_size} => !stream.timepoint
  util.return %result, %result_tp : !stream.resource<*>, !stream.timepoint
}

// -----

// Overlapping lifetimes: both allocas are live in one execute. The third
// alloca follows both deallocas (through a join) and reuses their bytes.
// CHECK-LABEL: util.func public @overlapping
// CHECK: stream.resource.pack slices({
// CHECK-NEXT: [0, 1] = %c1024,
// CHECK-NEXT: [1, 1] = %c2048,
// CHECK-NEXT: [2, 2] = %c4096
// CHECK-NEXT: }) : index attributes {sluice.stream.layout = "best", stream.experimental.transients}
// OFF-LABEL: util.func public @overlapping
// OFF: stream.resource.pack slices({
// OFF-NEXT: [0, 0] = %c1024{{(_[0-9]+)?}},
// OFF-NEXT: [0, 0] = %c2048{{(_[0-9]+)?}},
// OFF-NEXT: [0, 0] = %c4096{{(_[0-9]+)?}}
// 1024 + 2048 bytes live at once, then 4096 in the same bytes.
// LAYOUT-LABEL: util.func public @overlapping
// LAYOUT: %[[BASE:.+]] = stream.resource.subview %arg2[%c0] : !stream.resource<transient>{%arg3} -> !stream.resource<transient>{%c4096}
// LAYOUT: stream.resource.subview %[[BASE]][%c0] : !stream.resource<transient>{%c4096} -> !stream.resource<transient>{%c1024}
// LAYOUT: stream.resource.subview %[[BASE]][%c1024] : !stream.resource<transient>{%c4096} -> !stream.resource<transient>{%c2048}
// LAYOUT: stream.resource.subview %[[BASE]][%c0] : !stream.resource<transient>{%c4096} -> !stream.resource<transient>{%c4096}
util.func public @overlapping(%input: !stream.resource<*>, %input_size: index, %storage: !stream.resource<transient>, %storage_size: index, %await: !stream.timepoint) -> (!stream.resource<*>, !stream.timepoint) {
  %c1024 = arith.constant 1024 : index
  %c2048 = arith.constant 2048 : index
  %c4096 = arith.constant 4096 : index
  %a, %a_tp = stream.resource.alloca uninitialized await(%await) => !stream.resource<transient>{%c1024} => !stream.timepoint
  %b, %b_tp = stream.resource.alloca uninitialized await(%a_tp) => !stream.resource<transient>{%c2048} => !stream.timepoint
  %e = stream.cmd.execute await(%b_tp) => with(%a as %x: !stream.resource<transient>{%c1024}, %b as %y: !stream.resource<transient>{%c2048}) {
  } => !stream.timepoint
  %da = stream.resource.dealloca await(%e) => %a : !stream.resource<transient>{%c1024} => !stream.timepoint
  %db = stream.resource.dealloca await(%e) => %b : !stream.resource<transient>{%c2048} => !stream.timepoint
  %j = stream.timepoint.join max(%da, %db) => !stream.timepoint
  %c, %c_tp = stream.resource.alloca uninitialized await(%j) => !stream.resource<transient>{%c4096} => !stream.timepoint
  %f = stream.cmd.execute await(%c_tp) => with(%c as %z: !stream.resource<transient>{%c4096}) {
  } => !stream.timepoint
  %dc = stream.resource.dealloca await(%f) => %c : !stream.resource<transient>{%c4096} => !stream.timepoint
  %result, %result_tp = stream.resource.transients await(%dc) => %input : !stream.resource<*>{%input_size} from %storage : !stream.resource<transient>{%storage_size} => !stream.timepoint
  util.return %result, %result_tp : !stream.resource<*>, !stream.timepoint
}

// -----

// Not ordered: the second alloca awaits the first one's work but not its
// dealloca, so the two overlap; the third follows only the second's
// dealloca and must not reuse the first one's bytes, which are released on a
// branch of the timeline it does not wait for.
// CHECK-LABEL: util.func public @partially_ordered
// CHECK: stream.resource.pack slices({
// CHECK-NEXT: [0, 2] = %c1024,
// CHECK-NEXT: [1, 1] = %c2048,
// CHECK-NEXT: [2, 2] = %c4096
// The second and third share bytes above the first: 1024 + 4096.
// LAYOUT-LABEL: util.func public @partially_ordered
// LAYOUT: %[[BASE:.+]] = stream.resource.subview %arg2[%c0] : !stream.resource<transient>{%arg3} -> !stream.resource<transient>{%c5120}
// LAYOUT: stream.resource.subview %[[BASE]][%c0] : !stream.resource<transient>{%c5120} -> !stream.resource<transient>{%c1024}
// LAYOUT: stream.resource.subview %[[BASE]][%c1024] : !stream.resource<transient>{%c5120} -> !stream.resource<transient>{%c2048}
// LAYOUT: stream.resource.subview %[[BASE]][%c1024] : !stream.resource<transient>{%c5120} -> !stream.resource<transient>{%c4096}
util.func public @partially_ordered(%input: !stream.resource<*>, %input_size: index, %storage: !stream.resource<transient>, %storage_size: index, %await: !stream.timepoint) -> (!stream.resource<*>, !stream.timepoint) {
  %c1024 = arith.constant 1024 : index
  %c2048 = arith.constant 2048 : index
  %c4096 = arith.constant 4096 : index
  %a, %a_tp = stream.resource.alloca uninitialized await(%await) => !stream.resource<transient>{%c1024} => !stream.timepoint
  %e = stream.cmd.execute await(%a_tp) => with(%a as %x: !stream.resource<transient>{%c1024}) {
  } => !stream.timepoint
  %da = stream.resource.dealloca await(%e) => %a : !stream.resource<transient>{%c1024} => !stream.timepoint
  %b, %b_tp = stream.resource.alloca uninitialized await(%e) => !stream.resource<transient>{%c2048} => !stream.timepoint
  %f = stream.cmd.execute await(%b_tp) => with(%b as %y: !stream.resource<transient>{%c2048}) {
  } => !stream.timepoint
  %db = stream.resource.dealloca await(%f) => %b : !stream.resource<transient>{%c2048} => !stream.timepoint
  %c, %c_tp = stream.resource.alloca uninitialized await(%db) => !stream.resource<transient>{%c4096} => !stream.timepoint
  %g = stream.cmd.execute await(%c_tp) => with(%c as %z: !stream.resource<transient>{%c4096}) {
  } => !stream.timepoint
  %dc = stream.resource.dealloca await(%g) => %c : !stream.resource<transient>{%c4096} => !stream.timepoint
  %j = stream.timepoint.join max(%da, %dc) => !stream.timepoint
  %result, %result_tp = stream.resource.transients await(%j) => %input : !stream.resource<*>{%input_size} from %storage : !stream.resource<transient>{%storage_size} => !stream.timepoint
  util.return %result, %result_tp : !stream.resource<*>, !stream.timepoint
}

// -----

// An alloca without a dealloca lives until the end; the alloca without an
// await follows nothing.
// CHECK-LABEL: util.func public @no_dealloca
// CHECK: stream.resource.pack slices({
// CHECK-NEXT: [0, 2] = %c1024,
// CHECK-NEXT: [1, 1] = %c2048,
// CHECK-NEXT: [2, 2] = %c4096
util.func public @no_dealloca(%input: !stream.resource<*>, %input_size: index, %storage: !stream.resource<transient>, %storage_size: index, %await: !stream.timepoint) -> (!stream.resource<*>, !stream.timepoint) {
  %c1024 = arith.constant 1024 : index
  %c2048 = arith.constant 2048 : index
  %c4096 = arith.constant 4096 : index
  %a, %a_tp = stream.resource.alloca uninitialized await(%await) => !stream.resource<transient>{%c1024} => !stream.timepoint
  %b, %b_tp = stream.resource.alloca uninitialized await(%a_tp) => !stream.resource<transient>{%c2048} => !stream.timepoint
  %e = stream.cmd.execute await(%b_tp) => with(%a as %x: !stream.resource<transient>{%c1024}, %b as %y: !stream.resource<transient>{%c2048}) {
  } => !stream.timepoint
  %db = stream.resource.dealloca await(%e) => %b : !stream.resource<transient>{%c2048} => !stream.timepoint
  %c, %c_tp = stream.resource.alloca uninitialized await(%db) => !stream.resource<transient>{%c4096} => !stream.timepoint
  %f = stream.cmd.execute await(%c_tp) => with(%a as %x: !stream.resource<transient>{%c1024}, %c as %z: !stream.resource<transient>{%c4096}) {
  } => !stream.timepoint
  %dc = stream.resource.dealloca await(%f) => %c : !stream.resource<transient>{%c4096} => !stream.timepoint
  %result, %result_tp = stream.resource.transients await(%dc) => %input : !stream.resource<*>{%input_size} from %storage : !stream.resource<transient>{%storage_size} => !stream.timepoint
  util.return %result, %result_tp : !stream.resource<*>, !stream.timepoint
}

// -----

// Branches: the two allocas of the scf.if share one slot (exclusive regions)
// that spans every other slot. The entry-block alloca after the scf.if
// awaits its result, which is not looked into: it does not provably follow
// the first one's dealloca, and the two overlap.
// CHECK-LABEL: util.func public @branches
// CHECK: stream.resource.pack slices({
// CHECK-NEXT: [0, 1] = %{{.+}},
// CHECK-NEXT: [0, 1] = %c1024,
// CHECK-NEXT: [1, 1] = %c2048
// OFF-LABEL: util.func public @branches
// OFF: stream.resource.pack slices({
// OFF-NEXT: [0, 0] = %{{.+}},
// OFF-NEXT: [0, 0] = %c1024{{(_[0-9]+)?}},
// OFF-NEXT: [0, 0] = %c2048{{(_[0-9]+)?}}
util.func public @branches(%cond: i1, %input: !stream.resource<*>, %input_size: index, %storage: !stream.resource<transient>, %storage_size: index, %await: !stream.timepoint) -> (!stream.resource<*>, !stream.timepoint) {
  %c256 = arith.constant 256 : index
  %c512 = arith.constant 512 : index
  %c1024 = arith.constant 1024 : index
  %c2048 = arith.constant 2048 : index
  %a, %a_tp = stream.resource.alloca uninitialized await(%await) => !stream.resource<transient>{%c1024} => !stream.timepoint
  %e = stream.cmd.execute await(%a_tp) => with(%a as %x: !stream.resource<transient>{%c1024}) {
  } => !stream.timepoint
  %da = stream.resource.dealloca await(%e) => %a : !stream.resource<transient>{%c1024} => !stream.timepoint
  %if = scf.if %cond -> !stream.timepoint {
    %t, %t_tp = stream.resource.alloca uninitialized await(%da) => !stream.resource<transient>{%c256} => !stream.timepoint
    %dt = stream.resource.dealloca await(%t_tp) => %t : !stream.resource<transient>{%c256} => !stream.timepoint
    scf.yield %dt : !stream.timepoint
  } else {
    %u, %u_tp = stream.resource.alloca uninitialized await(%da) => !stream.resource<transient>{%c512} => !stream.timepoint
    %du = stream.resource.dealloca await(%u_tp) => %u : !stream.resource<transient>{%c512} => !stream.timepoint
    scf.yield %du : !stream.timepoint
  }
  %b, %b_tp = stream.resource.alloca uninitialized await(%if) => !stream.resource<transient>{%c2048} => !stream.timepoint
  %f = stream.cmd.execute await(%b_tp) => with(%b as %y: !stream.resource<transient>{%c2048}) {
  } => !stream.timepoint
  %db = stream.resource.dealloca await(%f) => %b : !stream.resource<transient>{%c2048} => !stream.timepoint
  %result, %result_tp = stream.resource.transients await(%db) => %input : !stream.resource<*>{%input_size} from %storage : !stream.resource<transient>{%storage_size} => !stream.timepoint
  util.return %result, %result_tp : !stream.resource<*>, !stream.timepoint
}

// -----

// A loop: the alloca of the body gets one slot reused by every iteration,
// live across every other slot. The entry-block alloca before the loop is
// released before the one after it starts, but only through the loop's
// result, which is not looked into: the two overlap.
// CHECK-LABEL: util.func public @loop
// CHECK: stream.resource.pack slices({
// CHECK-NEXT: [0, 1] = %c1024,
// CHECK-NEXT: [1, 1] = %c2048,
// CHECK-NEXT: [0, 1] = %c128
util.func public @loop(%input: !stream.resource<*>, %input_size: index, %storage: !stream.resource<transient>, %storage_size: index, %await: !stream.timepoint) -> (!stream.resource<*>, !stream.timepoint) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c128 = arith.constant 128 : index
  %c1024 = arith.constant 1024 : index
  %c2048 = arith.constant 2048 : index
  %a, %a_tp = stream.resource.alloca uninitialized await(%await) => !stream.resource<transient>{%c1024} => !stream.timepoint
  %e = stream.cmd.execute await(%a_tp) => with(%a as %x: !stream.resource<transient>{%c1024}) {
  } => !stream.timepoint
  %da = stream.resource.dealloca await(%e) => %a : !stream.resource<transient>{%c1024} => !stream.timepoint
  %loop = scf.for %i = %c0 to %c4 step %c1 iter_args(%iter = %da) -> (!stream.timepoint) {
    %t, %t_tp = stream.resource.alloca uninitialized await(%iter) => !stream.resource<transient>{%c128} => !stream.timepoint
    %dt = stream.resource.dealloca await(%t_tp) => %t : !stream.resource<transient>{%c128} => !stream.timepoint
    scf.yield %dt : !stream.timepoint
  }
  %b, %b_tp = stream.resource.alloca uninitialized await(%loop) => !stream.resource<transient>{%c2048} => !stream.timepoint
  %f = stream.cmd.execute await(%b_tp) => with(%b as %y: !stream.resource<transient>{%c2048}) {
  } => !stream.timepoint
  %db = stream.resource.dealloca await(%f) => %b : !stream.resource<transient>{%c2048} => !stream.timepoint
  %result, %result_tp = stream.resource.transients await(%db) => %input : !stream.resource<*>{%input_size} from %storage : !stream.resource<transient>{%storage_size} => !stream.timepoint
  util.return %result, %result_tp : !stream.resource<*>, !stream.timepoint
}

// -----

// A dynamic size: the slots are ordered the same way; layout-slices places
// dynamic slices by size value, so only equal sizes share (both here).
// CHECK-LABEL: util.func public @dynamic_sizes
// CHECK: stream.resource.pack slices({
// CHECK-NEXT: [0, 0] = %arg1,
// CHECK-NEXT: [1, 1] = %arg1
// LAYOUT-LABEL: util.func public @dynamic_sizes
// LAYOUT: %[[ALIGNED:.+]] = util.align %arg1, %c64
// LAYOUT-NEXT: %[[BASE:.+]] = stream.resource.subview %arg2[%c0] : !stream.resource<transient>{%arg3} -> !stream.resource<transient>{%[[ALIGNED]]}
// LAYOUT-NEXT: stream.resource.subview %[[BASE]][%c0] : !stream.resource<transient>{%[[ALIGNED]]} -> !stream.resource<transient>{%arg1}
util.func public @dynamic_sizes(%input: !stream.resource<*>, %input_size: index, %storage: !stream.resource<transient>, %storage_size: index, %await: !stream.timepoint) -> (!stream.resource<*>, !stream.timepoint) {
  %a, %a_tp = stream.resource.alloca uninitialized await(%await) => !stream.resource<transient>{%input_size} => !stream.timepoint
  %e = stream.cmd.execute await(%a_tp) => with(%a as %x: !stream.resource<transient>{%input_size}) {
  } => !stream.timepoint
  %d = stream.resource.dealloca await(%e) => %a : !stream.resource<transient>{%input_size} => !stream.timepoint
  %b, %b_tp = stream.resource.alloca uninitialized await(%d) => !stream.resource<transient>{%input_size} => !stream.timepoint
  %f = stream.cmd.execute await(%b_tp) => with(%b as %y: !stream.resource<transient>{%input_size}) {
  } => !stream.timepoint
  %g = stream.resource.dealloca await(%f) => %b : !stream.resource<transient>{%input_size} => !stream.timepoint
  %result, %result_tp = stream.resource.transients await(%g) => %input : !stream.resource<*>{%input_size} from %storage : !stream.resource<transient>{%storage_size} => !stream.timepoint
  util.return %result, %result_tp : !stream.resource<*>, !stream.timepoint
}

// -----

// Robustness: an unreachable block with its own alloca and a self loop; the
// entry-block slot is the only ordered one.
// CHECK-LABEL: util.func public @unreachable_block
// CHECK: stream.resource.pack slices({
// CHECK-NEXT: [0, 0] = %c1024
util.func public @unreachable_block(%input: !stream.resource<*>, %input_size: index, %storage: !stream.resource<transient>, %storage_size: index, %await: !stream.timepoint) -> (!stream.resource<*>, !stream.timepoint) {
  %c1024 = arith.constant 1024 : index
  %a, %a_tp = stream.resource.alloca uninitialized await(%await) => !stream.resource<transient>{%c1024} => !stream.timepoint
  %d = stream.resource.dealloca await(%a_tp) => %a : !stream.resource<transient>{%c1024} => !stream.timepoint
  %result, %result_tp = stream.resource.transients await(%d) => %input : !stream.resource<*>{%input_size} from %storage : !stream.resource<transient>{%storage_size} => !stream.timepoint
  util.return %result, %result_tp : !stream.resource<*>, !stream.timepoint
^dead:
  %x, %x_tp = stream.resource.alloca uninitialized await(%await) => !stream.resource<transient>{%c1024} => !stream.timepoint
  cf.br ^dead
}
