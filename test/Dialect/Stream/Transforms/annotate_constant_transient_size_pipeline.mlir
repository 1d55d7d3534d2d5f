// RUN: sluice-opt --split-input-file --pass-pipeline='builtin.module(iree-stream-emplace-transients{reference-compat=false},iree-stream-materialize-transient-size-queries{reference-compat=false},util.func(iree-stream-layout-slices),canonicalize,iree-stream-annotate-constant-transient-size{reference-compat=false})' %s | FileCheck %s
// REQUIRES: sluice-opt

// external-transients.md §9.2 item 3, §4: the sizes of specialized callees
// reach the exported function's query and, once LayoutSlices and
// canonicalization have folded it, its constant annotation. Offsets are
// aligned to the default resource config (64 bytes here).

// The caller's 1024 bytes and the callee's 500 (aligned to 512) are both
// live: 1536.
// CHECK-LABEL: util.func public @sum(
// CHECK-SAME: iree.abi.transients.size = @sum_transients_size, iree.abi.transients.size.constant = 1536 : index
// CHECK-LABEL: util.func public @sum_transients_size(
// CHECK-NEXT: %[[C:.+]] = arith.constant 1536 : index
// CHECK-NEXT: util.return %[[C]]
util.func private @callee(%size: index, %await: !stream.timepoint) -> !stream.timepoint {
  %a, %a_tp = stream.resource.alloca uninitialized await(%await) => !stream.resource<transient>{%size} => !stream.timepoint
  %e = stream.cmd.execute await(%a_tp) => with(%a as %x: !stream.resource<transient>{%size}) {
  } => !stream.timepoint
  %d = stream.resource.dealloca await(%e) => %a : !stream.resource<transient>{%size} => !stream.timepoint
  util.return %d : !stream.timepoint
}
util.func public @sum(%input: !stream.resource<*>, %input_size: index, %storage: !stream.resource<transient>, %storage_size: index, %await: !stream.timepoint) -> (!stream.resource<*>, !stream.timepoint) {
  %c1024 = arith.constant 1024 : index
  %c500 = arith.constant 500 : index
  %b, %b_tp = stream.resource.alloca uninitialized await(%await) => !stream.resource<transient>{%c1024} => !stream.timepoint
  %e = stream.cmd.execute await(%b_tp) => with(%b as %x: !stream.resource<transient>{%c1024}) {
  } => !stream.timepoint
  %bd = stream.resource.dealloca await(%e) => %b : !stream.resource<transient>{%c1024} => !stream.timepoint
  %t = util.call @callee(%c500, %bd) : (index, !stream.timepoint) -> !stream.timepoint
  %result, %result_tp = stream.resource.transients await(%t) => %input : !stream.resource<*>{%input_size} from %storage : !stream.resource<transient>{%storage_size} => !stream.timepoint
  util.return %result, %result_tp : !stream.resource<*>, !stream.timepoint
}

// -----

// A call in one branch (256 bytes) and an alloca in the other (512 bytes)
// share a slot: max = 512.
// CHECK-LABEL: util.func public @max(
// CHECK-SAME: iree.abi.transients.size.constant = 512 : index
util.func private @alloc256(%await: !stream.timepoint) -> !stream.timepoint {
  %c256 = arith.constant 256 : index
  %a, %a_tp = stream.resource.alloca uninitialized await(%await) => !stream.resource<transient>{%c256} => !stream.timepoint
  %d = stream.resource.dealloca await(%a_tp) => %a : !stream.resource<transient>{%c256} => !stream.timepoint
  util.return %d : !stream.timepoint
}
util.func public @max(%cond: i1, %input: !stream.resource<*>, %input_size: index, %storage: !stream.resource<transient>, %storage_size: index, %await: !stream.timepoint) -> (!stream.resource<*>, !stream.timepoint) {
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

// Nested: @middle holds 64 bytes and calls @leaf (100 -> 128) twice in a
// row; the exported function calls @middle twice and holds 32 bytes:
// middle = 64 + 128 + 128 = 320; total = 32 -> 64, + 320 + 320 = 704.
// CHECK-LABEL: util.func public @nested(
// CHECK-SAME: iree.abi.transients.size.constant = 704 : index
util.func private @leaf(%await: !stream.timepoint) -> !stream.timepoint {
  %c100 = arith.constant 100 : index
  %a, %a_tp = stream.resource.alloca uninitialized await(%await) => !stream.resource<transient>{%c100} => !stream.timepoint
  %d = stream.resource.dealloca await(%a_tp) => %a : !stream.resource<transient>{%c100} => !stream.timepoint
  util.return %d : !stream.timepoint
}
util.func private @middle(%await: !stream.timepoint) -> !stream.timepoint {
  %c64 = arith.constant 64 : index
  %a, %a_tp = stream.resource.alloca uninitialized await(%await) => !stream.resource<transient>{%c64} => !stream.timepoint
  %t0 = util.call @leaf(%a_tp) : (!stream.timepoint) -> !stream.timepoint
  %t1 = util.call @leaf(%t0) : (!stream.timepoint) -> !stream.timepoint
  %d = stream.resource.dealloca await(%t1) => %a : !stream.resource<transient>{%c64} => !stream.timepoint
  util.return %d : !stream.timepoint
}
util.func public @nested(%input: !stream.resource<*>, %input_size: index, %storage: !stream.resource<transient>, %storage_size: index, %await: !stream.timepoint) -> (!stream.resource<*>, !stream.timepoint) {
  %c32 = arith.constant 32 : index
  %a, %a_tp = stream.resource.alloca uninitialized await(%await) => !stream.resource<transient>{%c32} => !stream.timepoint
  %t0 = util.call @middle(%a_tp) : (!stream.timepoint) -> !stream.timepoint
  %t1 = util.call @middle(%t0) : (!stream.timepoint) -> !stream.timepoint
  %d = stream.resource.dealloca await(%t1) => %a : !stream.resource<transient>{%c32} => !stream.timepoint
  %result, %result_tp = stream.resource.transients await(%d) => %input : !stream.resource<*>{%input_size} from %storage : !stream.resource<transient>{%storage_size} => !stream.timepoint
  util.return %result, %result_tp : !stream.resource<*>, !stream.timepoint
}

// -----

// A callee sized by an argument: the query computes it from the exported
// function's argument, and there is no constant.
// CHECK-LABEL: util.func public @dynamic(
// CHECK-SAME: iree.reflection = {iree.abi.transients.alignment = "64", iree.abi.transients.args = "2", iree.abi.transients.size = @dynamic_transients_size}
// CHECK-LABEL: util.func public @dynamic_transients_size(
// CHECK-SAME: %{{[a-z0-9]+}}: !stream.resource<*>, %[[N:[a-z0-9]+]]: index,
// CHECK-NOT: util.call
// CHECK: arith.muli %[[N]]
// CHECK-NOT: util.call
// CHECK: util.return
util.func private @scaled(%n: index, %await: !stream.timepoint) -> !stream.timepoint {
  %c4 = arith.constant 4 : index
  %s = arith.muli %n, %c4 : index
  %a, %a_tp = stream.resource.alloca uninitialized await(%await) => !stream.resource<transient>{%s} => !stream.timepoint
  %d = stream.resource.dealloca await(%a_tp) => %a : !stream.resource<transient>{%s} => !stream.timepoint
  util.return %d : !stream.timepoint
}
util.func public @dynamic(%input: !stream.resource<*>, %input_size: index, %storage: !stream.resource<transient>, %storage_size: index, %await: !stream.timepoint) -> (!stream.resource<*>, !stream.timepoint) {
  %t = util.call @scaled(%input_size, %await) : (index, !stream.timepoint) -> !stream.timepoint
  %result, %result_tp = stream.resource.transients await(%t) => %input : !stream.resource<*>{%input_size} from %storage : !stream.resource<transient>{%storage_size} => !stream.timepoint
  util.return %result, %result_tp : !stream.resource<*>, !stream.timepoint
}

// -----

// §9.3: two storages; the constants are listed in argument order.
// CHECK-LABEL: util.func public @two_storages(
// CHECK-SAME: iree.abi.transients.args = "3,5", iree.abi.transients.size = @two_storages_transients_size, iree.abi.transients.size.constant = "512,1024"
util.func public @two_storages(%input: !stream.resource<*>, %input_size: index, %await: !stream.timepoint,
    %a: !stream.resource<transient> {iree.abi.transients, iree.abi.affinity = #hal.device.promise<@dev_a>}, %a_size: index,
    %b: !stream.resource<transient> {iree.abi.transients, iree.abi.affinity = #hal.device.promise<@dev_b>}, %b_size: index) -> (!stream.resource<*>, !stream.resource<*>, !stream.timepoint) {
  %c512 = arith.constant 512 : index
  %c1024 = arith.constant 1024 : index
  %y, %y_tp = stream.resource.alloca uninitialized on(#hal.device.promise<@dev_b>) await(%await) => !stream.resource<transient>{%c1024} => !stream.timepoint
  %yd = stream.resource.dealloca on(#hal.device.promise<@dev_b>) await(%y_tp) => %y : !stream.resource<transient>{%c1024} => !stream.timepoint
  %x, %x_tp = stream.resource.alloca uninitialized on(#hal.device.promise<@dev_a>) await(%await) => !stream.resource<transient>{%c512} => !stream.timepoint
  %xd = stream.resource.dealloca on(#hal.device.promise<@dev_a>) await(%x_tp) => %x : !stream.resource<transient>{%c512} => !stream.timepoint
  %rb, %rb_tp = stream.resource.transients on(#hal.device.promise<@dev_b>) await(%yd) => %input : !stream.resource<*>{%input_size} from %b : !stream.resource<transient>{%b_size} => !stream.timepoint
  %ra, %ra_tp = stream.resource.transients on(#hal.device.promise<@dev_a>) await(%xd) => %input : !stream.resource<*>{%input_size} from %a : !stream.resource<transient>{%a_size} => !stream.timepoint
  %j = stream.timepoint.join max(%ra_tp, %rb_tp) => !stream.timepoint
  util.return %ra, %rb, %j : !stream.resource<*>, !stream.resource<*>, !stream.timepoint
}
