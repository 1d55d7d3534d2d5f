// RUN: sluice-opt --split-input-file --iree-stream-emplace-transients=reference-compat=false --verify-diagnostics %s | FileCheck %s
// RUN: sluice-opt --split-input-file --iree-stream-emplace-transients=reference-compat=false --iree-stream-materialize-transient-size-queries=reference-compat=false --verify-diagnostics %s | FileCheck %s --check-prefix=QUERY
// RUN: sluice-opt --split-input-file --iree-stream-emplace-transients="reference-compat=false statistics=true" --verify-diagnostics %s | FileCheck %s --check-prefix=STATS
// RUN: sluice-opt --split-input-file --iree-stream-emplace-transients="reference-compat=false statistics=true" --iree-stream-dump-statistics=output-file=- --verify-diagnostics %s -o /dev/null | FileCheck %s --check-prefix=PRETTY
// RUN: sluice-opt --split-input-file --iree-stream-emplace-transients="reference-compat=false statistics=true" --iree-stream-dump-statistics="output-file=- output-format=csv" --verify-diagnostics %s -o /dev/null | FileCheck %s --check-prefix=CSV
// REQUIRES: sluice-opt

// §9.7 statistics with several storages: the allocas placed into each
// storage are counted (summed over the storages), the unmatched ones as
// unplaced.
// STATS-LABEL: util.func public @two_storages(
// STATS-SAME:  sluice.transients.statistics = {emplaced = 2 : i64, emplaced_bytes = 1536 : i64, emplaced_dynamic = 0 : i64, unplaced = 0 : i64, unplaced_bytes = 0 : i64, unplaced_dynamic = 0 : i64}
// STATS-LABEL: util.func public @empty_and_unmatched(
// STATS-SAME:  sluice.transients.statistics = {emplaced = 1 : i64, emplaced_bytes = 512 : i64, emplaced_dynamic = 0 : i64, unplaced = 1 : i64, unplaced_bytes = 512 : i64, unplaced_dynamic = 0 : i64}
// STATS-LABEL: util.func public @same_argument_twice(
// STATS-SAME:  sluice.transients.statistics = {emplaced = 1 : i64, emplaced_bytes = 64 : i64, emplaced_dynamic = 0 : i64, unplaced = 0 : i64, unplaced_bytes = 0 : i64, unplaced_dynamic = 0 : i64}
// PRETTY:      // External Transients (per function)
// PRETTY:      // @two_storages: emplaced 2 allocas, 1536 B (0.00 MiB); unplaced 0 allocas, 0 B (0.00 MiB)
// PRETTY:      // External Transients (per function)
// PRETTY:      // @empty_and_unmatched: emplaced 1 alloca, 512 B (0.00 MiB); unplaced 1 alloca, 512 B (0.00 MiB)
// CSV:      "Function","Emplaced","Emplaced Size","Emplaced Dynamic","Unplaced","Unplaced Size","Unplaced Dynamic"
// CSV-NEXT: "@two_storages",2,1536,0,0,0,0
// CSV:      "@empty_and_unmatched",1,512,0,1,512,0

// external-transients.md §9.3 (reference-compat=false): several storage
// arguments, one per affinity. Each storage gets the allocas on its
// affinity, its own pack and its own size check; the query returns one size
// per storage argument, in argument order.

// The allocas (and so the packs) appear in the order b, a; the storages are
// arguments 3 (a) and 5 (b): the query returns the sizes in argument order.
// CHECK-LABEL: util.func public @two_storages(
// CHECK-SAME: %[[A:arg3]]: !stream.resource<transient> {{.+}}, %[[A_SIZE:arg4]]: index, %[[B:arg5]]: !stream.resource<transient> {{.+}}, %[[B_SIZE:arg6]]: index
// CHECK-DAG: %[[C512:.+]] = arith.constant 512 : index
// CHECK-DAG: %[[C1024:.+]] = arith.constant 1024 : index
// CHECK: %[[PB:.+]]:2 = stream.resource.pack on(#hal.device.promise<@dev_b>) slices({
// CHECK-NEXT: [0, 0] = %[[C1024]]
// CHECK-NEXT: }) : index attributes {sluice.transients.storage_arg = 5 : index, stream.experimental.transients}
// CHECK: %[[BASE_B:.+]] = stream.resource.subview %[[B]][%{{.+}}] : !stream.resource<transient>{%[[B_SIZE]]}
// CHECK-NEXT: stream.resource.subview %[[BASE_B]][%[[PB]]#1] {{.+}} -> !stream.resource<transient>{%[[C1024]]}
// CHECK: %[[PA:.+]]:2 = stream.resource.pack on(#hal.device.promise<@dev_a>) slices({
// CHECK-NEXT: [0, 0] = %[[C512]]
// CHECK-NEXT: }) : index attributes {sluice.transients.storage_arg = 3 : index, stream.experimental.transients}
// CHECK: %[[BASE_A:.+]] = stream.resource.subview %[[A]][%{{.+}}] : !stream.resource<transient>{%[[A_SIZE]]}
// CHECK-NEXT: stream.resource.subview %[[BASE_A]][%[[PA]]#1] {{.+}} -> !stream.resource<transient>{%[[C512]]}
// CHECK-NOT: stream.resource.alloca
// CHECK-NOT: stream.resource.transients
// QUERY-LABEL: util.func public @two_storages(
// QUERY-SAME: iree.abi.transients.args = "3,5"
// QUERY-NOT: sluice.transients.storage_arg
// QUERY-LABEL: util.func public @two_storages_transients_size(
// QUERY-SAME: -> (index, index)
// QUERY-NOT: sluice.transients.storage_arg
// QUERY: %[[QA:.+]]:2 = stream.resource.pack on(#hal.device.promise<@dev_a>)
// QUERY: %[[QB:.+]]:2 = stream.resource.pack on(#hal.device.promise<@dev_b>)
// QUERY-NOT: sluice.transients.storage_arg
// QUERY: util.return %[[QA]]#0, %[[QB]]#0 : index, index
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

// -----

// A storage with nothing on its affinity still gets a pack (size 0), so the
// query has one result per storage; an alloca on a third affinity has no
// storage and is reported.
// CHECK-LABEL: util.func public @empty_and_unmatched(
// CHECK: stream.resource.pack on(#hal.device.promise<@dev_a>) slices({
// CHECK-NEXT: [0, 0] =
// CHECK: stream.resource.alloca uninitialized on(#hal.device.promise<@dev_c>)
// CHECK: stream.resource.pack on(#hal.device.promise<@dev_b>) slices({}) : index attributes {sluice.transients.storage_arg = 5 : index, stream.experimental.transients}
// QUERY-LABEL: util.func public @empty_and_unmatched_transients_size(
// QUERY-SAME: -> (index, index)
util.func public @empty_and_unmatched(%input: !stream.resource<*>, %input_size: index, %await: !stream.timepoint,
    %a: !stream.resource<transient>, %a_size: index,
    %b: !stream.resource<transient>, %b_size: index) -> (!stream.resource<*>, !stream.resource<*>, !stream.timepoint) {
  %c512 = arith.constant 512 : index
  %x, %x_tp = stream.resource.alloca uninitialized on(#hal.device.promise<@dev_a>) await(%await) => !stream.resource<transient>{%c512} => !stream.timepoint
  %xd = stream.resource.dealloca on(#hal.device.promise<@dev_a>) await(%x_tp) => %x : !stream.resource<transient>{%c512} => !stream.timepoint
  // expected-warning @+1 {{transient allocation of 512 bytes was not placed in external transient storage: no storage argument matches its affinity #hal.device.promise<@dev_c>}}
  %z, %z_tp = stream.resource.alloca uninitialized on(#hal.device.promise<@dev_c>) await(%xd) => !stream.resource<transient>{%c512} => !stream.timepoint
  %zd = stream.resource.dealloca on(#hal.device.promise<@dev_c>) await(%z_tp) => %z : !stream.resource<transient>{%c512} => !stream.timepoint
  %ra, %ra_tp = stream.resource.transients on(#hal.device.promise<@dev_a>) await(%zd) => %input : !stream.resource<*>{%input_size} from %a : !stream.resource<transient>{%a_size} => !stream.timepoint
  %rb, %rb_tp = stream.resource.transients on(#hal.device.promise<@dev_b>) await(%await) => %input : !stream.resource<*>{%input_size} from %b : !stream.resource<transient>{%b_size} => !stream.timepoint
  %j = stream.timepoint.join max(%ra_tp, %rb_tp) => !stream.timepoint
  util.return %ra, %rb, %j : !stream.resource<*>, !stream.resource<*>, !stream.timepoint
}

// -----

// Storage identity is the argument, not the SSA value: two imports of the
// same buffer (not CSE'd) are one storage, one pack.
// CHECK-LABEL: util.func public @same_argument_twice(
// CHECK-COUNT-1: stream.resource.pack
// CHECK-NOT: stream.resource.pack
util.func public @same_argument_twice(%input: !stream.resource<*>, %input_size: index, %buffer: !hal.buffer, %await: !stream.timepoint) -> (!stream.resource<*>, !stream.resource<*>, !stream.timepoint) {
  %len0 = hal.buffer.length<%buffer : !hal.buffer> : index
  %s0 = stream.tensor.import %buffer : !hal.buffer -> tensor<?xi8>{%len0} in !stream.resource<transient>{%len0}
  %len1 = hal.buffer.length<%buffer : !hal.buffer> : index
  %s1 = stream.tensor.import %buffer : !hal.buffer -> tensor<?xi8>{%len1} in !stream.resource<transient>{%len1}
  %c64 = arith.constant 64 : index
  %x, %x_tp = stream.resource.alloca uninitialized await(%await) => !stream.resource<transient>{%c64} => !stream.timepoint
  %xd = stream.resource.dealloca await(%x_tp) => %x : !stream.resource<transient>{%c64} => !stream.timepoint
  %r0, %r0_tp = stream.resource.transients await(%xd) => %input : !stream.resource<*>{%input_size} from %s0 : !stream.resource<transient>{%len0} => !stream.timepoint
  %r1, %r1_tp = stream.resource.transients await(%await) => %input : !stream.resource<*>{%input_size} from %s1 : !stream.resource<transient>{%len1} => !stream.timepoint
  %j = stream.timepoint.join max(%r0_tp, %r1_tp) => !stream.timepoint
  util.return %r0, %r1, %j : !stream.resource<*>, !stream.resource<*>, !stream.timepoint
}

// -----

// Two storages on the same affinity.
// expected-error @+1 {{multiple iree.abi.transients arguments must have distinct iree.abi.affinity values}}
util.func public @same_affinity(%input: !stream.resource<*>, %input_size: index, %await: !stream.timepoint,
    %a: !stream.resource<transient>, %a_size: index,
    %b: !stream.resource<transient>, %b_size: index) -> (!stream.resource<*>, !stream.resource<*>, !stream.timepoint) {
  %ra, %ra_tp = stream.resource.transients await(%await) => %input : !stream.resource<*>{%input_size} from %a : !stream.resource<transient>{%a_size} => !stream.timepoint
  %rb, %rb_tp = stream.resource.transients await(%await) => %input : !stream.resource<*>{%input_size} from %b : !stream.resource<transient>{%b_size} => !stream.timepoint
  %j = stream.timepoint.join max(%ra_tp, %rb_tp) => !stream.timepoint
  util.return %ra, %rb, %j : !stream.resource<*>, !stream.resource<*>, !stream.timepoint
}

// -----

// The arguments say the same affinity even though the ops differ.
// expected-error @+1 {{multiple iree.abi.transients arguments must have distinct iree.abi.affinity values}}
util.func public @same_argument_affinity(%input: !stream.resource<*>, %input_size: index, %await: !stream.timepoint,
    %a: !stream.resource<transient> {iree.abi.transients}, %a_size: index,
    %b: !stream.resource<transient> {iree.abi.transients}, %b_size: index) -> (!stream.resource<*>, !stream.resource<*>, !stream.timepoint) {
  %ra, %ra_tp = stream.resource.transients on(#hal.device.promise<@dev_a>) await(%await) => %input : !stream.resource<*>{%input_size} from %a : !stream.resource<transient>{%a_size} => !stream.timepoint
  %rb, %rb_tp = stream.resource.transients on(#hal.device.promise<@dev_b>) await(%await) => %input : !stream.resource<*>{%input_size} from %b : !stream.resource<transient>{%b_size} => !stream.timepoint
  %j = stream.timepoint.join max(%ra_tp, %rb_tp) => !stream.timepoint
  util.return %ra, %rb, %j : !stream.resource<*>, !stream.resource<*>, !stream.timepoint
}
