// RUN: sluice-opt --split-input-file --iree-stream-emplace-transients --verify-diagnostics %s | FileCheck %s
// REQUIRES: sluice-opt

// A single alloca in a branch gets its pack inside that branch.
// CHECK-LABEL: util.func public @scf_if_transient_in_then
// CHECK-SAME: %[[STORAGE:[a-z0-9]+]]: !stream.resource<transient>
// CHECK: scf.if
// CHECK-NEXT: %[[C256:.+]] = arith.constant 256 : index
// CHECK-NEXT: %[[PACK:.+]]:2 = stream.resource.pack slices({
// CHECK-NEXT: [0, 0] = %[[C256]]
// CHECK-NEXT: }) : index attributes {stream.experimental.transients}
// CHECK-NEXT: arith.constant 0 : index
// CHECK-NEXT: %[[BASE:.+]] = stream.resource.subview %[[STORAGE]]
// CHECK-NEXT: stream.resource.subview %[[BASE]][%[[PACK]]#1]
// CHECK: } else {
util.func public @scf_if_transient_in_then(%cond: i1, %input: !stream.resource<*>, %input_size: index, %storage: !stream.resource<transient>, %storage_size: index, %await: !stream.timepoint) -> (!stream.resource<*>, !stream.timepoint) {
  %c256 = arith.constant 256 : index
  %tp = scf.if %cond -> !stream.timepoint {
    %a, %a_tp = stream.resource.alloca uninitialized await(%await) => !stream.resource<transient>{%c256} => !stream.timepoint
    %e = stream.cmd.execute await(%a_tp) => with(%a as %x: !stream.resource<transient>{%c256}) {
    } => !stream.timepoint
    %d = stream.resource.dealloca await(%e) => %a : !stream.resource<transient>{%c256} => !stream.timepoint
    scf.yield %d : !stream.timepoint
  } else {
    scf.yield %await : !stream.timepoint
  }
  %result, %result_tp = stream.resource.transients await(%tp) => %input : !stream.resource<*>{%input_size} from %storage : !stream.resource<transient>{%storage_size} => !stream.timepoint
  util.return %result, %result_tp : !stream.resource<*>, !stream.timepoint
}

// -----

// One slot shared by both branches; the maxui chain starts with the else
// size twice.
// CHECK-LABEL: util.func public @scf_if_transient_in_both
// CHECK: %[[C256:.+]] = arith.constant 256 : index
// CHECK-NEXT: %[[C512:.+]] = arith.constant 512 : index
// CHECK-NEXT: %[[M0:.+]] = arith.maxui %[[C512]], %[[C512]] : index
// CHECK-NEXT: %[[M1:.+]] = arith.maxui %[[M0]], %[[C256]] : index
// CHECK-NEXT: %[[PACK:.+]]:2 = stream.resource.pack slices({
// CHECK-NEXT: [0, 0] = %[[M1]]
// CHECK-NEXT: }) : index attributes {stream.experimental.transients}
// CHECK-NEXT: arith.constant 0
// CHECK-NEXT: %[[BASE:.+]] = stream.resource.subview
// CHECK-NEXT: scf.if
// CHECK-NEXT: stream.resource.subview %[[BASE]][%[[PACK]]#1] {{.+}}{%[[C256]]}
// CHECK: } else {
// CHECK-NEXT: stream.resource.subview %[[BASE]][%[[PACK]]#1] {{.+}}{%[[C512]]}
util.func public @scf_if_transient_in_both(%cond: i1, %input: !stream.resource<*>, %input_size: index, %storage: !stream.resource<transient>, %storage_size: index, %await: !stream.timepoint) -> (!stream.resource<*>, !stream.timepoint) {
  %c256 = arith.constant 256 : index
  %c512 = arith.constant 512 : index
  %tp = scf.if %cond -> !stream.timepoint {
    %a, %a_tp = stream.resource.alloca uninitialized await(%await) => !stream.resource<transient>{%c256} => !stream.timepoint
    %e = stream.cmd.execute await(%a_tp) => with(%a as %x: !stream.resource<transient>{%c256}) {
    } => !stream.timepoint
    %d = stream.resource.dealloca await(%e) => %a : !stream.resource<transient>{%c256} => !stream.timepoint
    scf.yield %d : !stream.timepoint
  } else {
    %b, %b_tp = stream.resource.alloca uninitialized await(%await) => !stream.resource<transient>{%c512} => !stream.timepoint
    %e = stream.cmd.execute await(%b_tp) => with(%b as %x: !stream.resource<transient>{%c512}) {
    } => !stream.timepoint
    %d = stream.resource.dealloca await(%e) => %b : !stream.resource<transient>{%c512} => !stream.timepoint
    scf.yield %d : !stream.timepoint
  }
  %result, %result_tp = stream.resource.transients await(%tp) => %input : !stream.resource<*>{%input_size} from %storage : !stream.resource<transient>{%storage_size} => !stream.timepoint
  util.return %result, %result_tp : !stream.resource<*>, !stream.timepoint
}

// -----

// The function-level constant moves into the loop body, before the pack.
// CHECK-LABEL: util.func public @scf_for_with_transient
// CHECK: scf.for
// CHECK-NEXT: %[[C128:.+]] = arith.constant 128 : index
// CHECK-NEXT: %[[PACK:.+]]:2 = stream.resource.pack slices({
// CHECK-NEXT: [0, 0] = %[[C128]]
// CHECK: stream.resource.subview %{{.+}}[%[[PACK]]#1]
// CHECK-NEXT: %[[EXEC:.+]] = stream.cmd.execute await(%[[ITER:.+]]) =>
// CHECK: stream.timepoint.join max(%[[EXEC]], %[[ITER]])
util.func public @scf_for_with_transient(%input: !stream.resource<*>, %input_size: index, %storage: !stream.resource<transient>, %storage_size: index, %await: !stream.timepoint) -> (!stream.resource<*>, !stream.timepoint) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c128 = arith.constant 128 : index
  %tp = scf.for %i = %c0 to %c4 step %c1 iter_args(%iter = %await) -> (!stream.timepoint) {
    %a, %a_tp = stream.resource.alloca uninitialized await(%iter) => !stream.resource<transient>{%c128} => !stream.timepoint
    %e = stream.cmd.execute await(%a_tp) => with(%a as %x: !stream.resource<transient>{%c128}) {
    } => !stream.timepoint
    %d = stream.resource.dealloca await(%e) => %a : !stream.resource<transient>{%c128} => !stream.timepoint
    %j = stream.timepoint.join max(%d, %iter) => !stream.timepoint
    scf.yield %j : !stream.timepoint
  }
  %result, %result_tp = stream.resource.transients await(%tp) => %input : !stream.resource<*>{%input_size} from %storage : !stream.resource<transient>{%storage_size} => !stream.timepoint
  util.return %result, %result_tp : !stream.resource<*>, !stream.timepoint
}

// -----

// slot0 = [inner else, inner then]; slot1 = outer else, whose captured size
// moves after the maxui chain.
// CHECK-LABEL: util.func public @nested_scf_if
// CHECK: %[[C512:.+]] = arith.constant 512 : index
// CHECK-NEXT: %[[C1024:.+]] = arith.constant 1024 : index
// CHECK-NEXT: %[[M0:.+]] = arith.maxui %[[C512]], %[[C512]] : index
// CHECK-NEXT: %[[M1:.+]] = arith.maxui %[[M0]], %[[C1024]] : index
// CHECK-NEXT: %[[C128:.+]] = arith.constant 128 : index
// CHECK-NEXT: %[[PACK:.+]]:3 = stream.resource.pack slices({
// CHECK-NEXT: [0, 0] = %[[M1]],
// CHECK-NEXT: [0, 0] = %[[C128]]
// CHECK: stream.resource.subview %{{.+}}[%[[PACK]]#1] {{.+}}{%[[C1024]]}
// CHECK: stream.resource.subview %{{.+}}[%[[PACK]]#1] {{.+}}{%[[C512]]}
// CHECK: stream.resource.subview %{{.+}}[%[[PACK]]#2] {{.+}}{%[[C128]]}
util.func public @nested_scf_if(%c1: i1, %c2: i1, %input: !stream.resource<*>, %input_size: index, %storage: !stream.resource<transient>, %storage_size: index, %await: !stream.timepoint) -> (!stream.resource<*>, !stream.timepoint) {
  %c128 = arith.constant 128 : index
  %c512 = arith.constant 512 : index
  %c1024 = arith.constant 1024 : index
  %tp = scf.if %c1 -> !stream.timepoint {
    %inner = scf.if %c2 -> !stream.timepoint {
      %a, %a_tp = stream.resource.alloca uninitialized await(%await) => !stream.resource<transient>{%c1024} => !stream.timepoint
      %d = stream.resource.dealloca await(%a_tp) => %a : !stream.resource<transient>{%c1024} => !stream.timepoint
      scf.yield %d : !stream.timepoint
    } else {
      %a, %a_tp = stream.resource.alloca uninitialized await(%await) => !stream.resource<transient>{%c512} => !stream.timepoint
      %d = stream.resource.dealloca await(%a_tp) => %a : !stream.resource<transient>{%c512} => !stream.timepoint
      scf.yield %d : !stream.timepoint
    }
    scf.yield %inner : !stream.timepoint
  } else {
    %a, %a_tp = stream.resource.alloca uninitialized await(%await) => !stream.resource<transient>{%c128} => !stream.timepoint
    %d = stream.resource.dealloca await(%a_tp) => %a : !stream.resource<transient>{%c128} => !stream.timepoint
    scf.yield %d : !stream.timepoint
  }
  %result, %result_tp = stream.resource.transients await(%tp) => %input : !stream.resource<*>{%input_size} from %storage : !stream.resource<transient>{%storage_size} => !stream.timepoint
  util.return %result, %result_tp : !stream.resource<*>, !stream.timepoint
}

// -----

// external-transients.md §9.4 (both modes): the before and after regions of
// scf.while both run, so they never share a slot.
// CHECK-LABEL: util.func public @scf_while
// CHECK: %[[PACK:.+]]:3 = stream.resource.pack slices({
// CHECK-NEXT: [0, 0] = %c128,
// CHECK-NEXT: [0, 0] = %c64
// CHECK: scf.while
// CHECK-NEXT: stream.resource.subview %{{.+}}[%[[PACK]]#2] {{.+}}{%c64}
// CHECK: } do {
// CHECK: stream.resource.subview %{{.+}}[%[[PACK]]#1] {{.+}}{%c128}
util.func public @scf_while(%input: !stream.resource<*>, %input_size: index, %storage: !stream.resource<transient>, %storage_size: index, %await: !stream.timepoint, %n: index) -> (!stream.resource<*>, !stream.timepoint) {
  %c64 = arith.constant 64 : index
  %c128 = arith.constant 128 : index
  %tp = scf.while (%iter = %await) : (!stream.timepoint) -> !stream.timepoint {
    %a, %a_tp = stream.resource.alloca uninitialized await(%iter) => !stream.resource<transient>{%c64} => !stream.timepoint
    %d = stream.resource.dealloca await(%a_tp) => %a : !stream.resource<transient>{%c64} => !stream.timepoint
    %cond = arith.cmpi ult, %n, %c128 : index
    scf.condition(%cond) %d : !stream.timepoint
  } do {
  ^bb0(%t: !stream.timepoint):
    %b, %b_tp = stream.resource.alloca uninitialized await(%t) => !stream.resource<transient>{%c128} => !stream.timepoint
    %d = stream.resource.dealloca await(%b_tp) => %b : !stream.resource<transient>{%c128} => !stream.timepoint
    scf.yield %d : !stream.timepoint
  }
  %result, %result_tp = stream.resource.transients await(%tp) => %input : !stream.resource<*>{%input_size} from %storage : !stream.resource<transient>{%storage_size} => !stream.timepoint
  util.return %result, %result_tp : !stream.resource<*>, !stream.timepoint
}

// -----

// An scf.if computing the size is sliced and cloned as one op; the clone
// keeps yielding the outer constants.
// CHECK-LABEL: util.func public @size_in_scf_if_alloca_later
// CHECK: %[[C256:.+]] = arith.constant 256 : index
// CHECK-NEXT: %[[C512:.+]] = arith.constant 512 : index
// CHECK-NEXT: %[[ORIG:.+]] = scf.if
// CHECK: %[[CLONE:.+]] = scf.if %{{.+}} -> (index) {
// CHECK-NEXT: scf.yield %[[C256]] : index
// CHECK-NEXT: } else {
// CHECK-NEXT: scf.yield %[[C512]] : index
// CHECK-NEXT: }
// CHECK-NEXT: %[[PACK:.+]]:2 = stream.resource.pack slices({
// CHECK-NEXT: [0, 0] = %[[CLONE]]
// CHECK: stream.resource.subview %{{.+}}[%[[PACK]]#1] {{.+}}{%[[ORIG]]}
util.func public @size_in_scf_if_alloca_later(%cond: i1, %input: !stream.resource<*>, %input_size: index, %storage: !stream.resource<transient>, %storage_size: index, %await: !stream.timepoint) -> (!stream.resource<*>, !stream.timepoint) {
  %c256 = arith.constant 256 : index
  %c512 = arith.constant 512 : index
  %size = scf.if %cond -> index {
    scf.yield %c256 : index
  } else {
    scf.yield %c512 : index
  }
  %alloca, %alloca_tp = stream.resource.alloca uninitialized await(%await) => !stream.resource<transient>{%size} => !stream.timepoint
  %exec = stream.cmd.execute await(%alloca_tp) => with(%alloca as %a: !stream.resource<transient>{%size}) {
  } => !stream.timepoint
  %dealloca_tp = stream.resource.dealloca await(%exec) => %alloca : !stream.resource<transient>{%size} => !stream.timepoint
  %result, %result_tp = stream.resource.transients await(%dealloca_tp) => %input : !stream.resource<*>{%input_size} from %storage : !stream.resource<transient>{%storage_size} => !stream.timepoint
  util.return %result, %result_tp : !stream.resource<*>, !stream.timepoint
}

// -----

// The function-level muli moves into the loop body.
// CHECK-LABEL: util.func public @alloca_in_scf_for_size_outside
// CHECK: scf.for
// CHECK-NEXT: %[[MUL:.+]] = arith.muli
// CHECK-NEXT: %[[PACK:.+]]:2 = stream.resource.pack slices({
// CHECK-NEXT: [0, 0] = %[[MUL]]
util.func public @alloca_in_scf_for_size_outside(%input: !stream.resource<*>, %input_size: index, %storage: !stream.resource<transient>, %storage_size: index, %await: !stream.timepoint) -> (!stream.resource<*>, !stream.timepoint) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %size = arith.muli %input_size, %c4 : index
  %tp = scf.for %i = %c0 to %c4 step %c1 iter_args(%iter = %await) -> (!stream.timepoint) {
    %a, %a_tp = stream.resource.alloca uninitialized await(%iter) => !stream.resource<transient>{%size} => !stream.timepoint
    %e = stream.cmd.execute await(%a_tp) => with(%a as %x: !stream.resource<transient>{%size}) {
    } => !stream.timepoint
    %d = stream.resource.dealloca await(%e) => %a : !stream.resource<transient>{%size} => !stream.timepoint
    scf.yield %d : !stream.timepoint
  }
  %result, %result_tp = stream.resource.transients await(%tp) => %input : !stream.resource<*>{%input_size} from %storage : !stream.resource<transient>{%storage_size} => !stream.timepoint
  util.return %result, %result_tp : !stream.resource<*>, !stream.timepoint
}

// -----

// The pack goes into the innermost region holding the alloca.
// CHECK-LABEL: util.func public @nested_scf_regions
// CHECK: scf.if
// CHECK-NEXT: scf.for
// CHECK-NEXT: %[[C256:.+]] = arith.constant 256 : index
// CHECK-NEXT: stream.resource.pack slices({
// CHECK-NEXT: [0, 0] = %[[C256]]
util.func public @nested_scf_regions(%cond: i1, %input: !stream.resource<*>, %input_size: index, %storage: !stream.resource<transient>, %storage_size: index, %await: !stream.timepoint) -> (!stream.resource<*>, !stream.timepoint) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c256 = arith.constant 256 : index
  %tp = scf.if %cond -> !stream.timepoint {
    %inner = scf.for %i = %c0 to %c2 step %c1 iter_args(%iter = %await) -> (!stream.timepoint) {
      %a, %a_tp = stream.resource.alloca uninitialized await(%iter) => !stream.resource<transient>{%c256} => !stream.timepoint
      %d = stream.resource.dealloca await(%a_tp) => %a : !stream.resource<transient>{%c256} => !stream.timepoint
      scf.yield %d : !stream.timepoint
    }
    scf.yield %inner : !stream.timepoint
  } else {
    scf.yield %await : !stream.timepoint
  }
  %result, %result_tp = stream.resource.transients await(%tp) => %input : !stream.resource<*>{%input_size} from %storage : !stream.resource<transient>{%storage_size} => !stream.timepoint
  util.return %result, %result_tp : !stream.resource<*>, !stream.timepoint
}

// -----

// The first maxui stays after the constants outside the loop, the second
// moves into the loop before the inner scf.if.
// CHECK-LABEL: util.func public @scf_for_with_nested_if
// CHECK: %[[C256:.+]] = arith.constant 256 : index
// CHECK-NEXT: %[[C512:.+]] = arith.constant 512 : index
// CHECK-NEXT: %[[M0:.+]] = arith.maxui %[[C512]], %[[C512]] : index
// CHECK-NEXT: scf.for
// CHECK-NEXT: %[[M1:.+]] = arith.maxui %[[M0]], %[[C256]] : index
// CHECK-NEXT: %[[PACK:.+]]:2 = stream.resource.pack slices({
// CHECK-NEXT: [0, 0] = %[[M1]]
// CHECK: arith.constant 0
// CHECK-NEXT: stream.resource.subview
// CHECK-NEXT: scf.if
util.func public @scf_for_with_nested_if(%cond: i1, %input: !stream.resource<*>, %input_size: index, %storage: !stream.resource<transient>, %storage_size: index, %await: !stream.timepoint) -> (!stream.resource<*>, !stream.timepoint) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c256 = arith.constant 256 : index
  %c512 = arith.constant 512 : index
  %tp = scf.for %i = %c0 to %c4 step %c1 iter_args(%iter = %await) -> (!stream.timepoint) {
    %inner = scf.if %cond -> !stream.timepoint {
      %a, %a_tp = stream.resource.alloca uninitialized await(%iter) => !stream.resource<transient>{%c256} => !stream.timepoint
      %d = stream.resource.dealloca await(%a_tp) => %a : !stream.resource<transient>{%c256} => !stream.timepoint
      scf.yield %d : !stream.timepoint
    } else {
      %b, %b_tp = stream.resource.alloca uninitialized await(%iter) => !stream.resource<transient>{%c512} => !stream.timepoint
      %d = stream.resource.dealloca await(%b_tp) => %b : !stream.resource<transient>{%c512} => !stream.timepoint
      scf.yield %d : !stream.timepoint
    }
    scf.yield %inner : !stream.timepoint
  }
  %result, %result_tp = stream.resource.transients await(%tp) => %input : !stream.resource<*>{%input_size} from %storage : !stream.resource<transient>{%storage_size} => !stream.timepoint
  util.return %result, %result_tp : !stream.resource<*>, !stream.timepoint
}

// -----

// Position-wise sharing: slot0 = [else[0], then[0]], slot1 = [else[1],
// then[1]]; moving the two final maxui gives this order.
// CHECK-LABEL: util.func public @scf_if_multiple_allocations_per_branch
// CHECK: %[[C128:.+]] = arith.constant 128 : index
// CHECK-NEXT: %[[C256:.+]] = arith.constant 256 : index
// CHECK-NEXT: %[[C512:.+]] = arith.constant 512 : index
// CHECK-NEXT: %[[A0:.+]] = arith.maxui %[[C128]], %[[C128]] : index
// CHECK-NEXT: %[[C1024:.+]] = arith.constant 1024 : index
// CHECK-NEXT: %[[B0:.+]] = arith.maxui %[[C256]], %[[C256]] : index
// CHECK-NEXT: %[[A1:.+]] = arith.maxui %[[A0]], %[[C512]] : index
// CHECK-NEXT: %[[B1:.+]] = arith.maxui %[[B0]], %[[C1024]] : index
// CHECK-NEXT: %[[PACK:.+]]:3 = stream.resource.pack slices({
// CHECK-NEXT: [0, 0] = %[[A1]],
// CHECK-NEXT: [0, 0] = %[[B1]]
// CHECK: scf.if
// CHECK-NEXT: stream.resource.subview %{{.+}}[%[[PACK]]#1] {{.+}}{%[[C512]]}
// CHECK-NEXT: stream.resource.subview %{{.+}}[%[[PACK]]#2] {{.+}}{%[[C1024]]}
// CHECK: } else {
// CHECK-NEXT: stream.resource.subview %{{.+}}[%[[PACK]]#1] {{.+}}{%[[C128]]}
// CHECK-NEXT: stream.resource.subview %{{.+}}[%[[PACK]]#2] {{.+}}{%[[C256]]}
util.func public @scf_if_multiple_allocations_per_branch(%cond: i1, %input: !stream.resource<*>, %input_size: index, %storage: !stream.resource<transient>, %storage_size: index, %await: !stream.timepoint) -> (!stream.resource<*>, !stream.timepoint) {
  %c128 = arith.constant 128 : index
  %c256 = arith.constant 256 : index
  %c512 = arith.constant 512 : index
  %c1024 = arith.constant 1024 : index
  %tp = scf.if %cond -> !stream.timepoint {
    %a, %a_tp = stream.resource.alloca uninitialized await(%await) => !stream.resource<transient>{%c512} => !stream.timepoint
    %b, %b_tp = stream.resource.alloca uninitialized await(%a_tp) => !stream.resource<transient>{%c1024} => !stream.timepoint
    %e = stream.cmd.execute await(%b_tp) => with(%a as %x: !stream.resource<transient>{%c512}, %b as %y: !stream.resource<transient>{%c1024}) {
    } => !stream.timepoint
    %d0 = stream.resource.dealloca await(%e) => %a : !stream.resource<transient>{%c512} => !stream.timepoint
    %d1 = stream.resource.dealloca await(%d0) => %b : !stream.resource<transient>{%c1024} => !stream.timepoint
    scf.yield %d1 : !stream.timepoint
  } else {
    %a, %a_tp = stream.resource.alloca uninitialized await(%await) => !stream.resource<transient>{%c128} => !stream.timepoint
    %b, %b_tp = stream.resource.alloca uninitialized await(%a_tp) => !stream.resource<transient>{%c256} => !stream.timepoint
    %e = stream.cmd.execute await(%b_tp) => with(%a as %x: !stream.resource<transient>{%c128}, %b as %y: !stream.resource<transient>{%c256}) {
    } => !stream.timepoint
    %d0 = stream.resource.dealloca await(%e) => %a : !stream.resource<transient>{%c128} => !stream.timepoint
    %d1 = stream.resource.dealloca await(%d0) => %b : !stream.resource<transient>{%c256} => !stream.timepoint
    scf.yield %d1 : !stream.timepoint
  }
  %result, %result_tp = stream.resource.transients await(%tp) => %input : !stream.resource<*>{%input_size} from %storage : !stream.resource<transient>{%storage_size} => !stream.timepoint
  util.return %result, %result_tp : !stream.resource<*>, !stream.timepoint
}

// -----

// Sizes computed in the branches are cloned before the scf.if, else first.
// CHECK-LABEL: util.func public @scf_if_computed_sizes
// CHECK-SAME: %[[SIZE:arg2]]: index
// CHECK: %[[C3:.+]] = arith.constant 3 : index
// CHECK-NEXT: %[[E:.+]] = arith.muli %[[SIZE]], %[[C3]] : index
// CHECK-NEXT: %[[C2:.+]] = arith.constant 2 : index
// CHECK-NEXT: %[[T:.+]] = arith.muli %[[SIZE]], %[[C2]] : index
// CHECK-NEXT: %[[M0:.+]] = arith.maxui %[[E]], %[[E]] : index
// CHECK-NEXT: %[[M1:.+]] = arith.maxui %[[M0]], %[[T]] : index
// CHECK-NEXT: stream.resource.pack slices({
// CHECK-NEXT: [0, 0] = %[[M1]]
util.func public @scf_if_computed_sizes(%cond: i1, %input: !stream.resource<*>, %input_size: index, %storage: !stream.resource<transient>, %storage_size: index, %await: !stream.timepoint) -> (!stream.resource<*>, !stream.timepoint) {
  %tp = scf.if %cond -> !stream.timepoint {
    %c2 = arith.constant 2 : index
    %s = arith.muli %input_size, %c2 : index
    %a, %a_tp = stream.resource.alloca uninitialized await(%await) => !stream.resource<transient>{%s} => !stream.timepoint
    %d = stream.resource.dealloca await(%a_tp) => %a : !stream.resource<transient>{%s} => !stream.timepoint
    scf.yield %d : !stream.timepoint
  } else {
    %c3 = arith.constant 3 : index
    %s = arith.muli %input_size, %c3 : index
    %a, %a_tp = stream.resource.alloca uninitialized await(%await) => !stream.resource<transient>{%s} => !stream.timepoint
    %d = stream.resource.dealloca await(%a_tp) => %a : !stream.resource<transient>{%s} => !stream.timepoint
    scf.yield %d : !stream.timepoint
  }
  %result, %result_tp = stream.resource.transients await(%tp) => %input : !stream.resource<*>{%input_size} from %storage : !stream.resource<transient>{%storage_size} => !stream.timepoint
  util.return %result, %result_tp : !stream.resource<*>, !stream.timepoint
}

// -----

// slot0 = [level-3 else, level-3 then]; slot1 = level-1 else (64);
// slot2 = level-2 else (128).
// CHECK-LABEL: util.func public @deeply_nested_scf_if
// CHECK: %[[C256:.+]] = arith.constant 256 : index
// CHECK-NEXT: %[[C512:.+]] = arith.constant 512 : index
// CHECK-NEXT: %[[M0:.+]] = arith.maxui %[[C256]], %[[C256]] : index
// CHECK-NEXT: %[[M1:.+]] = arith.maxui %[[M0]], %[[C512]] : index
// CHECK-NEXT: %[[C64:.+]] = arith.constant 64 : index
// CHECK-NEXT: %[[C128:.+]] = arith.constant 128 : index
// CHECK-NEXT: %[[PACK:.+]]:4 = stream.resource.pack slices({
// CHECK-NEXT: [0, 0] = %[[M1]],
// CHECK-NEXT: [0, 0] = %[[C64]],
// CHECK-NEXT: [0, 0] = %[[C128]]
// CHECK: stream.resource.subview %{{.+}}[%[[PACK]]#1] {{.+}}{%[[C512]]}
// CHECK: stream.resource.subview %{{.+}}[%[[PACK]]#1] {{.+}}{%[[C256]]}
// CHECK: stream.resource.subview %{{.+}}[%[[PACK]]#3] {{.+}}{%[[C128]]}
// CHECK: stream.resource.subview %{{.+}}[%[[PACK]]#2] {{.+}}{%[[C64]]}
util.func public @deeply_nested_scf_if(%c1: i1, %c2: i1, %c3: i1, %input: !stream.resource<*>, %input_size: index, %storage: !stream.resource<transient>, %storage_size: index, %await: !stream.timepoint) -> (!stream.resource<*>, !stream.timepoint) {
  %c64 = arith.constant 64 : index
  %c128 = arith.constant 128 : index
  %c256 = arith.constant 256 : index
  %c512 = arith.constant 512 : index
  %tp = scf.if %c1 -> !stream.timepoint {
    %l2 = scf.if %c2 -> !stream.timepoint {
      %l3 = scf.if %c3 -> !stream.timepoint {
        %a, %a_tp = stream.resource.alloca uninitialized await(%await) => !stream.resource<transient>{%c512} => !stream.timepoint
        %d = stream.resource.dealloca await(%a_tp) => %a : !stream.resource<transient>{%c512} => !stream.timepoint
        scf.yield %d : !stream.timepoint
      } else {
        %a, %a_tp = stream.resource.alloca uninitialized await(%await) => !stream.resource<transient>{%c256} => !stream.timepoint
        %d = stream.resource.dealloca await(%a_tp) => %a : !stream.resource<transient>{%c256} => !stream.timepoint
        scf.yield %d : !stream.timepoint
      }
      scf.yield %l3 : !stream.timepoint
    } else {
      %a, %a_tp = stream.resource.alloca uninitialized await(%await) => !stream.resource<transient>{%c128} => !stream.timepoint
      %d = stream.resource.dealloca await(%a_tp) => %a : !stream.resource<transient>{%c128} => !stream.timepoint
      scf.yield %d : !stream.timepoint
    }
    scf.yield %l2 : !stream.timepoint
  } else {
    %a, %a_tp = stream.resource.alloca uninitialized await(%await) => !stream.resource<transient>{%c64} => !stream.timepoint
    %d = stream.resource.dealloca await(%a_tp) => %a : !stream.resource<transient>{%c64} => !stream.timepoint
    scf.yield %d : !stream.timepoint
  }
  %result, %result_tp = stream.resource.transients await(%tp) => %input : !stream.resource<*>{%input_size} from %storage : !stream.resource<transient>{%storage_size} => !stream.timepoint
  util.return %result, %result_tp : !stream.resource<*>, !stream.timepoint
}
