// REQUIRES: sluice-opt
// RUN: sluice-opt --split-input-file --canonicalize='test-convergence=true' %s | FileCheck %s

// Golden cross-check of stream-folding.md §5.6/§5.8 timepoint ops (§7.2, §8, §9).

// §5.6 timepoint.export folder: export(import) folds.
// CHECK-LABEL: util.func public @export_of_import
util.func public @export_of_import(%sem: !hal.semaphore, %v: index) -> (!hal.semaphore, index) {
  // CHECK-NEXT: util.return %arg0, %arg1 : !hal.semaphore, index
  %tp = stream.timepoint.import %sem, %v : (!hal.semaphore, index) => !stream.timepoint
  %0:2 = stream.timepoint.export %tp => (!hal.semaphore, index)
  util.return %0#0, %0#1 : !hal.semaphore, index
}

// -----

// §5.6 timepoint.export folder negative: mismatching types do not fold.
// CHECK-LABEL: util.func public @export_of_import_type_mismatch
util.func public @export_of_import_type_mismatch(%sem: !hal.semaphore, %v: index) -> (!hal.semaphore, i32) {
  // CHECK-NEXT: %[[TP:.+]] = stream.timepoint.import %arg0, %arg1 : (!hal.semaphore, index) => !stream.timepoint
  // CHECK-NEXT: %[[E:.+]]:2 = stream.timepoint.export %[[TP]] => (!hal.semaphore, i32)
  // CHECK-NEXT: util.return %[[E]]#0, %[[E]]#1 : !hal.semaphore, i32
  %tp = stream.timepoint.import %sem, %v : (!hal.semaphore, index) => !stream.timepoint
  %0:2 = stream.timepoint.export %tp => (!hal.semaphore, i32)
  util.return %0#0, %0#1 : !hal.semaphore, i32
}

// -----

// §5.6 PassThroughChainExternal (spec example): the created fence disappears.
// CHECK-LABEL: util.func public @chain_external_forward
util.func public @chain_external_forward(%in_fence: !hal.fence, %dev: !hal.device) -> !hal.fence {
  // CHECK-NEXT: util.return %arg0 : !hal.fence
  %tp = stream.timepoint.import %in_fence : (!hal.fence) => !stream.timepoint
  %f = hal.fence.create device(%dev : !hal.device) flags("None") : !hal.fence
  stream.timepoint.chain_external %tp => (%f : !hal.fence)
  util.return %f : !hal.fence
}

// -----

// §5.6 PassThroughChainExternal negative: a fence passed as an argument is kept.
// CHECK-LABEL: util.func public @chain_external_arg_fence
util.func public @chain_external_arg_fence(%in_fence: !hal.fence, %f: !hal.fence) -> !hal.fence {
  // CHECK-NEXT: %[[TP:.+]] = stream.timepoint.import %arg0 : (!hal.fence) => !stream.timepoint
  // CHECK-NEXT: stream.timepoint.chain_external %[[TP]] => (%arg1 : !hal.fence)
  // CHECK-NEXT: util.return %arg1 : !hal.fence
  %tp = stream.timepoint.import %in_fence : (!hal.fence) => !stream.timepoint
  stream.timepoint.chain_external %tp => (%f : !hal.fence)
  util.return %f : !hal.fence
}

// -----

// §5.6 join folder: a single-operand join folds to its operand.
// CHECK-LABEL: util.func public @join_single
util.func public @join_single(%a: !stream.timepoint) -> !stream.timepoint {
  // CHECK-NEXT: util.return %arg0 : !stream.timepoint
  %j = stream.timepoint.join max(%a) => !stream.timepoint
  util.return %j : !stream.timepoint
}

// -----

// §5.6 ElideImmediateTimepointJoinOperands (spec example).
// CHECK-LABEL: util.func public @join_drop_immediates
util.func public @join_drop_immediates(%a: !stream.timepoint, %b: !stream.timepoint) -> !stream.timepoint {
  // CHECK-NEXT: %[[J:.+]] = stream.timepoint.join max(%arg0, %arg1) => !stream.timepoint
  // CHECK-NEXT: util.return %[[J]]
  %imm = stream.timepoint.immediate => !stream.timepoint
  %imm2 = stream.timepoint.immediate => !stream.timepoint
  %j = stream.timepoint.join max(%a, %imm, %imm2, %b) => !stream.timepoint
  util.return %j : !stream.timepoint
}

// -----

// §5.6 join folder: all-immediate join -> one immediate.
// CHECK-LABEL: util.func public @join_all_immediate
util.func public @join_all_immediate() -> (!stream.timepoint, !stream.timepoint) {
  // CHECK-NEXT: %[[IMM:.+]] = stream.timepoint.immediate => !stream.timepoint
  // CHECK-NEXT: util.return %[[IMM]], %[[IMM]] : !stream.timepoint, !stream.timepoint
  %imm = stream.timepoint.immediate => !stream.timepoint
  %imm2 = stream.timepoint.immediate => !stream.timepoint
  %j = stream.timepoint.join max(%imm, %imm2) => !stream.timepoint
  util.return %j, %imm : !stream.timepoint, !stream.timepoint
}

// -----

// §5.6 FoldDuplicateTimepointJoinOperands (spec example).
// CHECK-LABEL: util.func public @join_duplicates
util.func public @join_duplicates(%a: !stream.timepoint, %b: !stream.timepoint) -> !stream.timepoint {
  // CHECK-NEXT: %[[J:.+]] = stream.timepoint.join max(%arg0, %arg1) => !stream.timepoint
  // CHECK-NEXT: util.return %[[J]]
  %j = stream.timepoint.join max(%a, %b, %a, %b) => !stream.timepoint
  util.return %j : !stream.timepoint
}

// -----

// §5.6 ExpandTimepointJoinOperands (spec example): nested joins flattened in place.
// CHECK-LABEL: util.func public @join_expand
util.func public @join_expand(%a: !stream.timepoint, %b: !stream.timepoint, %c: !stream.timepoint, %d: !stream.timepoint) -> (!stream.timepoint, !stream.timepoint) {
  // CHECK-NEXT: %[[J0:.+]] = stream.timepoint.join max(%arg0, %arg1) => !stream.timepoint
  // CHECK-NEXT: %[[J1:.+]] = stream.timepoint.join max(%arg2, %arg0, %arg1, %arg3) => !stream.timepoint
  // CHECK-NEXT: util.return %[[J0]], %[[J1]]
  %j0 = stream.timepoint.join max(%a, %b) => !stream.timepoint
  %j1 = stream.timepoint.join max(%c, %j0, %d) => !stream.timepoint
  util.return %j0, %j1 : !stream.timepoint, !stream.timepoint
}

// -----

// §5.6 ElideImmediateBarrier on resource.alloc and tensor.import results.
// CHECK-LABEL: util.func public @barrier_immediate
util.func public @barrier_immediate(%n: index, %buf: !hal.buffer_view) -> (!stream.resource<*>, !stream.timepoint, !stream.resource<external>, !stream.timepoint) {
  // CHECK-NEXT: %[[IMM:.+]] = stream.timepoint.immediate => !stream.timepoint
  // CHECK-NEXT: %[[A:.+]] = stream.resource.alloc : !stream.resource<*>{%arg0}
  // CHECK-NEXT: %[[I:.+]] = stream.tensor.import %arg1 : !hal.buffer_view -> tensor<4xf32> in !stream.resource<external>{%arg0}
  // CHECK-NEXT: util.return %[[A]], %[[IMM]], %[[I]], %[[IMM]]
  %a = stream.resource.alloc : !stream.resource<*>{%n}
  %r0, %t0 = stream.timepoint.barrier %a : !stream.resource<*>{%n} => !stream.timepoint
  %i = stream.tensor.import %buf : !hal.buffer_view -> tensor<4xf32> in !stream.resource<external>{%n}
  %r1, %t1 = stream.timepoint.barrier %i : !stream.resource<external>{%n} => !stream.timepoint
  util.return %r0, %t0, %r1, %t1 : !stream.resource<*>, !stream.timepoint, !stream.resource<external>, !stream.timepoint
}

// -----

// §5.6 ChainTimepoints: a barrier directly on an await result forwards the await.
// CHECK-LABEL: util.func public @barrier_chain
util.func public @barrier_chain(%t: !stream.timepoint, %src: !stream.resource<*>, %n: index) -> (!stream.resource<*>, !stream.timepoint) {
  // CHECK-NEXT: util.return %arg1, %arg0 : !stream.resource<*>, !stream.timepoint
  %r = stream.timepoint.await %t => %src : !stream.resource<*>{%n}
  %r2, %t2 = stream.timepoint.barrier %r : !stream.resource<*>{%n} => !stream.timepoint
  util.return %r2, %t2 : !stream.resource<*>, !stream.timepoint
}

// -----

// §5.6 barrier negatives: a function argument and a sync await result are kept.
// CHECK-LABEL: util.func public @barrier_kept
util.func public @barrier_kept(%t: !stream.timepoint, %src: !stream.resource<*>, %n: index) -> (!stream.resource<*>, !stream.timepoint, !stream.resource<*>, !stream.timepoint) {
  // CHECK-NEXT: %[[R0:.+]], %[[T0:.+]] = stream.timepoint.barrier %arg1 : !stream.resource<*>{%arg2} => !stream.timepoint
  // CHECK-NEXT: %[[W:.+]] = stream.timepoint.await sync %arg0 => %arg1 : !stream.resource<*>{%arg2}
  // CHECK-NEXT: %[[R1:.+]], %[[T1:.+]] = stream.timepoint.barrier %[[W]] : !stream.resource<*>{%arg2} => !stream.timepoint
  // CHECK-NEXT: util.return %[[R0]], %[[T0]], %[[R1]], %[[T1]]
  %r0, %t0 = stream.timepoint.barrier %src : !stream.resource<*>{%n} => !stream.timepoint
  %w = stream.timepoint.await sync %t => %src : !stream.resource<*>{%n}
  %r1, %t1 = stream.timepoint.barrier %w : !stream.resource<*>{%n} => !stream.timepoint
  util.return %r0, %t0, %r1, %t1 : !stream.resource<*>, !stream.timepoint, !stream.resource<*>, !stream.timepoint
}

// -----

// §5.6 await folder: immediate awaits are elided, also sync ones.
// CHECK-LABEL: util.func public @await_immediate
util.func public @await_immediate(%a: !stream.resource<*>, %b: !stream.resource<*>, %n: index) -> (!stream.resource<*>, !stream.resource<*>, !stream.resource<*>) {
  // CHECK-NEXT: util.return %arg0, %arg1, %arg0 :
  %imm = stream.timepoint.immediate => !stream.timepoint
  %0:2 = stream.timepoint.await %imm => %a, %b : !stream.resource<*>{%n}, !stream.resource<*>{%n}
  %1 = stream.timepoint.await sync %imm => %a : !stream.resource<*>{%n}
  util.return %0#0, %0#1, %1 : !stream.resource<*>, !stream.resource<*>, !stream.resource<*>
}

// -----

// §1.3/§5.6: unused awaits are erased (sync ones too, by the driver).
// CHECK-LABEL: util.func public @await_unused
util.func public @await_unused(%t: !stream.timepoint, %a: !stream.resource<*>, %n: index) {
  // CHECK-NEXT: util.return
  %0 = stream.timepoint.await %t => %a : !stream.resource<*>{%n}
  %1 = stream.timepoint.await sync %t => %a : !stream.resource<*>{%n}
  util.return
}

// -----

// §5.6 SinkAwaitToFirstConsumer: uses in two blocks whose common dominator is
// the loop header ^bb1 -> moved right before ^bb1's terminator.
// CHECK-LABEL: util.func public @sink_await_common_dominator
util.func public @sink_await_common_dominator(%t: !stream.timepoint, %r: !stream.resource<staging>, %n: index, %c: i1, %v: f32) -> !stream.resource<staging> {
  // CHECK: cf.br ^bb1
  // CHECK-NEXT: ^bb1:
  // CHECK-NEXT: %[[W:.+]] = stream.timepoint.await %arg0 => %arg1 : !stream.resource<staging>{%arg2}
  // CHECK-NEXT: cf.cond_br %arg3, ^bb2, ^bb3
  // CHECK-NEXT: ^bb2:
  // CHECK-NEXT: stream.resource.store %arg4, %[[W]]
  // CHECK-NEXT: cf.br ^bb1
  // CHECK-NEXT: ^bb3:
  // CHECK-NEXT: util.return %[[W]]
  %c0 = arith.constant 0 : index
  %w = stream.timepoint.await %t => %r : !stream.resource<staging>{%n}
  cf.br ^bb1
^bb1:
  cf.cond_br %c, ^bb2, ^bb3
^bb2:
  stream.resource.store %v, %w[%c0] : f32 -> !stream.resource<staging>{%n}
  cf.br ^bb1
^bb3:
  util.return %w : !stream.resource<staging>
}

// -----

// §5.6 SinkAwaitToFirstConsumer: an await used in one successor moves into it.
// CHECK-LABEL: util.func public @sink_await_into_block
util.func public @sink_await_into_block(%t: !stream.timepoint, %r: !stream.resource<*>, %n: index, %c: i1) -> !stream.resource<*> {
  // CHECK-NEXT: cf.cond_br %arg3, ^bb1, ^bb2
  // CHECK-NEXT: ^bb1:
  // CHECK-NEXT: %[[W:.+]] = stream.timepoint.await %arg0 => %arg1 : !stream.resource<*>{%arg2}
  // CHECK-NEXT: util.return %[[W]]
  // CHECK-NEXT: ^bb2:
  // CHECK-NEXT: util.return %arg1
  %w = stream.timepoint.await %t => %r : !stream.resource<*>{%n}
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  util.return %w : !stream.resource<*>
^bb2:
  util.return %r : !stream.resource<*>
}

// -----

// §5.6 SinkAwaitToFirstConsumer: uses nested in a region op -> before that op.
// CHECK-LABEL: util.func public @sink_await_before_region_op
util.func public @sink_await_before_region_op(%t: !stream.timepoint, %r: !stream.resource<staging>, %n: index, %s: !stream.resource<staging>, %c: i1, %v: f32) {
  // CHECK: stream.resource.store %arg5, %arg3[%{{.+}}] : f32 -> !stream.resource<staging>{%arg2}
  // CHECK-NEXT: %[[W:.+]] = stream.timepoint.await %arg0 => %arg1 : !stream.resource<staging>{%arg2}
  // CHECK-NEXT: scf.if %arg4 {
  // CHECK-NEXT: stream.resource.store %arg5, %[[W]]
  %c0 = arith.constant 0 : index
  %w = stream.timepoint.await %t => %r : !stream.resource<staging>{%n}
  stream.resource.store %v, %s[%c0] : f32 -> !stream.resource<staging>{%n}
  scf.if %c {
    stream.resource.store %v, %w[%c0] : f32 -> !stream.resource<staging>{%n}
  }
  util.return
}

// -----

// §5.6 SinkSubviewsAcrossAwaits (spec example).
// CHECK-LABEL: util.func public @sink_subview_across_await
util.func public @sink_subview_across_await(%t: !stream.timepoint, %r: !stream.resource<*>, %n: index) -> !stream.resource<*> {
  // CHECK-DAG: %[[C128:.+]] = arith.constant 128 : index
  // CHECK-DAG: %[[C256:.+]] = arith.constant 256 : index
  // CHECK: %[[W:.+]] = stream.timepoint.await %arg0 => %arg1 : !stream.resource<*>{%arg2}
  // CHECK-NEXT: %[[V:.+]] = stream.resource.subview %[[W]][%[[C128]]] : !stream.resource<*>{%arg2} -> !stream.resource<*>{%[[C256]]}
  // CHECK-NEXT: util.return %[[V]]
  %c128 = arith.constant 128 : index
  %c256 = arith.constant 256 : index
  %v = stream.resource.subview %r[%c128] : !stream.resource<*>{%n} -> !stream.resource<*>{%c256}
  %w = stream.timepoint.await %t => %v : !stream.resource<*>{%c256}
  util.return %w : !stream.resource<*>
}

// -----

// §5.6 GroupAwaitsByTimepoint (spec example): three awaits -> one :4 await.
// CHECK-LABEL: util.func public @group_awaits
util.func public @group_awaits(%t: !stream.timepoint, %a: !stream.resource<*>, %b: !stream.resource<*>, %c: !stream.resource<*>, %d: !stream.resource<*>, %n: index) -> (!stream.resource<*>, !stream.resource<*>, !stream.resource<*>, !stream.resource<*>) {
  // CHECK-NEXT: %[[W:.+]]:4 = stream.timepoint.await %arg0 => %arg1, %arg2, %arg3, %arg4 : !stream.resource<*>{%arg5}, !stream.resource<*>{%arg5}, !stream.resource<*>{%arg5}, !stream.resource<*>{%arg5}
  // CHECK-NEXT: util.return %[[W]]#0, %[[W]]#1, %[[W]]#2, %[[W]]#3
  %0 = stream.timepoint.await %t => %a : !stream.resource<*>{%n}
  %1 = stream.timepoint.await %t => %b : !stream.resource<*>{%n}
  %2:2 = stream.timepoint.await %t => %c, %d : !stream.resource<*>{%n}, !stream.resource<*>{%n}
  util.return %0, %1, %2#0, %2#1 : !stream.resource<*>, !stream.resource<*>, !stream.resource<*>, !stream.resource<*>
}

// -----

// §8.6 QUIRK: GroupAwaitsByTimepoint drops sync from the grouped await.
// CHECK-LABEL: util.func public @group_awaits_drops_sync
util.func public @group_awaits_drops_sync(%t: !stream.timepoint, %a: !stream.resource<*>, %b: !stream.resource<*>, %n: index) -> (!stream.resource<*>, !stream.resource<*>) {
  // CHECK-NEXT: %[[W:.+]]:2 = stream.timepoint.await %arg0 => %arg1, %arg2 : !stream.resource<*>{%arg3}, !stream.resource<*>{%arg3}
  // CHECK-NEXT: util.return %[[W]]#0, %[[W]]#1
  %0 = stream.timepoint.await sync %t => %a : !stream.resource<*>{%n}
  %1 = stream.timepoint.await %t => %b : !stream.resource<*>{%n}
  util.return %0, %1 : !stream.resource<*>, !stream.resource<*>
}

// -----

// §5.6 GroupAwaitsByTimepoint negative: a later await whose operand is produced
// after the root (by a call consuming the root's result) is not grouped.
util.func private @consume(!stream.resource<*>) -> !stream.resource<*>

// CHECK-LABEL: util.func public @group_awaits_unsafe
util.func public @group_awaits_unsafe(%t: !stream.timepoint, %a: !stream.resource<*>, %n: index) -> !stream.resource<*> {
  // CHECK-NEXT: %[[W0:.+]] = stream.timepoint.await %arg0 => %arg1 : !stream.resource<*>{%arg2}
  // CHECK-NEXT: %[[X:.+]] = util.call @consume(%[[W0]])
  // CHECK-NEXT: %[[W1:.+]] = stream.timepoint.await %arg0 => %[[X]] : !stream.resource<*>{%arg2}
  // CHECK-NEXT: util.return %[[W1]]
  %0 = stream.timepoint.await %t => %a : !stream.resource<*>{%n}
  %x = util.call @consume(%0) : (!stream.resource<*>) -> !stream.resource<*>
  %1 = stream.timepoint.await %t => %x : !stream.resource<*>{%n}
  util.return %1 : !stream.resource<*>
}

// -----

// §5.6 GroupAwaitsByTimepoint negative: awaits in different blocks are not grouped.
util.func private @use(!stream.resource<*>)

// CHECK-LABEL: util.func public @group_awaits_cross_block
util.func public @group_awaits_cross_block(%t: !stream.timepoint, %a: !stream.resource<*>, %b: !stream.resource<*>, %n: index, %c: i1) -> !stream.resource<*> {
  // CHECK-NEXT: %[[W0:.+]] = stream.timepoint.await %arg0 => %arg1 : !stream.resource<*>{%arg3}
  // CHECK-NEXT: util.call @use(%[[W0]])
  // CHECK-NEXT: cf.cond_br %arg4, ^bb1, ^bb2
  // CHECK-NEXT: ^bb1:
  // CHECK-NEXT: %[[W1:.+]] = stream.timepoint.await %arg0 => %arg2 : !stream.resource<*>{%arg3}
  // CHECK-NEXT: util.return %[[W1]]
  // CHECK-NEXT: ^bb2:
  // CHECK-NEXT: util.return %arg2
  %0 = stream.timepoint.await %t => %a : !stream.resource<*>{%n}
  util.call @use(%0) : (!stream.resource<*>) -> ()
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  %1 = stream.timepoint.await %t => %b : !stream.resource<*>{%n}
  util.return %1 : !stream.resource<*>
^bb2:
  util.return %b : !stream.resource<*>
}

// -----

// §5.6 FoldDuplicateAwaitResources (spec example), also keeping sync.
// CHECK-LABEL: util.func public @await_duplicate_resources
util.func public @await_duplicate_resources(%t: !stream.timepoint, %a: !stream.resource<*>, %b: !stream.resource<*>, %n: index, %m: index) -> (!stream.resource<*>, !stream.resource<*>, !stream.resource<*>, !stream.resource<*>) {
  // CHECK-NEXT: %[[W:.+]]:2 = stream.timepoint.await %arg0 => %arg1, %arg2 : !stream.resource<*>{%arg3}, !stream.resource<*>{%arg4}
  // CHECK-NEXT: util.return %[[W]]#0, %[[W]]#1, %[[W]]#0, %[[W]]#0
  %0:4 = stream.timepoint.await %t => %a, %b, %a, %a : !stream.resource<*>{%n}, !stream.resource<*>{%m}, !stream.resource<*>{%n}, !stream.resource<*>{%n}
  util.return %0#0, %0#1, %0#2, %0#3 : !stream.resource<*>, !stream.resource<*>, !stream.resource<*>, !stream.resource<*>
}

// -----

// CHECK-LABEL: util.func public @await_duplicate_resources_sync
util.func public @await_duplicate_resources_sync(%t: !stream.timepoint, %a: !stream.resource<*>, %n: index) -> (!stream.resource<*>, !stream.resource<*>) {
  // CHECK-NEXT: %[[W:.+]] = stream.timepoint.await sync %arg0 => %arg1 : !stream.resource<*>{%arg2}
  // CHECK-NEXT: util.return %[[W]], %[[W]]
  %0:2 = stream.timepoint.await sync %t => %a, %a : !stream.resource<*>{%n}, !stream.resource<*>{%n}
  util.return %0#0, %0#1 : !stream.resource<*>, !stream.resource<*>
}

// -----

// §3.9/§5.8 ChainDependentAwaits on test.timeline_op (§8.1: the op's own await
// is replaced, not joined).
// CHECK-LABEL: util.func public @timeline_op_chain
util.func public @timeline_op_chain(%t0: !stream.timepoint, %u: !stream.timepoint, %r: !stream.resource<external>, %n: index) -> (!stream.resource<external>, !stream.timepoint) {
  // CHECK-NEXT: %[[O:.+]], %[[T:.+]] = stream.test.timeline_op await(%arg0) => with(%arg2) : (!stream.resource<external>{%arg3}) -> !stream.resource<external>{%arg3} => !stream.timepoint
  // CHECK-NEXT: util.return %[[O]], %[[T]]
  %a = stream.timepoint.await %t0 => %r : !stream.resource<external>{%n}
  %out, %t = stream.test.timeline_op await(%u) => with(%a) : (!stream.resource<external>{%n}) -> !stream.resource<external>{%n} => !stream.timepoint
  util.return %out, %t : !stream.resource<external>, !stream.timepoint
}

// -----

// §3.9: sync awaits are not chained.
// CHECK-LABEL: util.func public @timeline_op_no_chain_sync
util.func public @timeline_op_no_chain_sync(%t0: !stream.timepoint, %r: !stream.resource<external>, %n: index) -> (!stream.resource<external>, !stream.timepoint) {
  // CHECK-NEXT: %[[A:.+]] = stream.timepoint.await sync %arg0 => %arg1 : !stream.resource<external>{%arg2}
  // CHECK-NEXT: %[[O:.+]], %[[T:.+]] = stream.test.timeline_op with(%[[A]]) : (!stream.resource<external>{%arg2}) -> !stream.resource<external>{%arg2} => !stream.timepoint
  %a = stream.timepoint.await sync %t0 => %r : !stream.resource<external>{%n}
  %out, %t = stream.test.timeline_op with(%a) : (!stream.resource<external>{%n}) -> !stream.resource<external>{%n} => !stream.timepoint
  util.return %out, %t : !stream.resource<external>, !stream.timepoint
}

// -----

// §3.3 canStablySinkTo with use-def pruning: an unrelated await between the
// await and its consumer does not block sinking; the second await then sinks
// to just before the return.
util.func private @consume(!stream.resource<*>) -> !stream.resource<*>

// CHECK-LABEL: util.func public @sink_await_past_unrelated_await
util.func public @sink_await_past_unrelated_await(%t0: !stream.timepoint, %t1: !stream.timepoint, %a: !stream.resource<*>, %b: !stream.resource<*>, %n: index) -> (!stream.resource<*>, !stream.resource<*>) {
  // CHECK-NEXT: %[[W0:.+]] = stream.timepoint.await %arg0 => %arg2 : !stream.resource<*>{%arg4}
  // CHECK-NEXT: %[[X:.+]] = util.call @consume(%[[W0]])
  // CHECK-NEXT: %[[W1:.+]] = stream.timepoint.await %arg1 => %arg3 : !stream.resource<*>{%arg4}
  // CHECK-NEXT: util.return %[[X]], %[[W1]]
  %0 = stream.timepoint.await %t0 => %a : !stream.resource<*>{%n}
  %1 = stream.timepoint.await %t1 => %b : !stream.resource<*>{%n}
  %x = util.call @consume(%0) : (!stream.resource<*>) -> !stream.resource<*>
  util.return %x, %1 : !stream.resource<*>, !stream.resource<*>
}

// -----

// §3.9/§5.8: test.timeline_op with await_limit not exceeded gets the awaits
// verbatim.
// CHECK-LABEL: util.func public @timeline_op_chain_under_limit
util.func public @timeline_op_chain_under_limit(%t0: !stream.timepoint, %t1: !stream.timepoint, %r: !stream.resource<external>, %s: !stream.resource<external>, %n: index) -> !stream.timepoint {
  // CHECK-NOT: stream.timepoint.join
  // CHECK: stream.test.timeline_op await_limit(2) await(%arg0, %arg1) => with(%arg2, %arg3)
  %a = stream.timepoint.await %t0 => %r : !stream.resource<external>{%n}
  %b = stream.timepoint.await %t1 => %s : !stream.resource<external>{%n}
  %out:2, %t = stream.test.timeline_op await_limit(2) with(%a, %b) : (!stream.resource<external>{%n}, !stream.resource<external>{%n}) -> (!stream.resource<external>{%n}, !stream.resource<external>{%n}) => !stream.timepoint
  util.return %t : !stream.timepoint
}

// -----

// §5.6 join folder: a join with zero operands folds to an immediate.
// CHECK-LABEL: util.func public @join_empty
util.func public @join_empty() -> !stream.timepoint {
  // CHECK-NEXT: %[[IMM:.+]] = stream.timepoint.immediate => !stream.timepoint
  // CHECK-NEXT: util.return %[[IMM]]
  %j = stream.timepoint.join max() => !stream.timepoint
  util.return %j : !stream.timepoint
}

// -----

// §5.6 GroupAwaitsByTimepoint then FoldDuplicateAwaitResources.
// CHECK-LABEL: util.func public @group_then_dedup_awaits
util.func public @group_then_dedup_awaits(%t: !stream.timepoint, %a: !stream.resource<*>, %n: index) -> (!stream.resource<*>, !stream.resource<*>) {
  // CHECK-NEXT: %[[W:.+]] = stream.timepoint.await %arg0 => %arg1 : !stream.resource<*>{%arg2}
  // CHECK-NEXT: util.return %[[W]], %[[W]]
  %0 = stream.timepoint.await %t => %a : !stream.resource<*>{%n}
  %1 = stream.timepoint.await %t => %a : !stream.resource<*>{%n}
  util.return %0, %1 : !stream.resource<*>, !stream.resource<*>
}

// -----

// §5.6 SinkSubviewsAcrossAwaits with a mixed operand list.
// CHECK-LABEL: util.func public @sink_subview_across_await_mixed
util.func public @sink_subview_across_await_mixed(%t: !stream.timepoint, %r: !stream.resource<*>, %q: !stream.resource<*>, %n: index, %m: index) -> (!stream.resource<*>, !stream.resource<*>) {
  // CHECK-DAG: %[[C128:.+]] = arith.constant 128 : index
  // CHECK-DAG: %[[C256:.+]] = arith.constant 256 : index
  // CHECK: %[[W:.+]]:2 = stream.timepoint.await %arg0 => %arg2, %arg1 : !stream.resource<*>{%arg4}, !stream.resource<*>{%arg3}
  // CHECK-NEXT: %[[V:.+]] = stream.resource.subview %[[W]]#1[%[[C128]]] : !stream.resource<*>{%arg3} -> !stream.resource<*>{%[[C256]]}
  // CHECK-NEXT: util.return %[[W]]#0, %[[V]]
  %c128 = arith.constant 128 : index
  %c256 = arith.constant 256 : index
  %v = stream.resource.subview %r[%c128] : !stream.resource<*>{%n} -> !stream.resource<*>{%c256}
  %w:2 = stream.timepoint.await %t => %q, %v : !stream.resource<*>{%m}, !stream.resource<*>{%c256}
  util.return %w#0, %w#1 : !stream.resource<*>, !stream.resource<*>
}

// -----

// §3.8: no ElideImmediateTimepointWait on test.timeline_op.
// CHECK-LABEL: util.func public @timeline_op_immediate_await_kept
util.func public @timeline_op_immediate_await_kept(%r: !stream.resource<external>, %n: index) -> (!stream.resource<external>, !stream.timepoint) {
  // CHECK-NEXT: %[[IMM:.+]] = stream.timepoint.immediate => !stream.timepoint
  // CHECK-NEXT: %{{.+}}, %{{.+}} = stream.test.timeline_op await(%[[IMM]]) => with(%arg0)
  %imm = stream.timepoint.immediate => !stream.timepoint
  %out, %t = stream.test.timeline_op await(%imm) => with(%r) : (!stream.resource<external>{%n}) -> !stream.resource<external>{%n} => !stream.timepoint
  util.return %out, %t : !stream.resource<external>, !stream.timepoint
}

// -----

// §5.6 PassThroughChainExternal negative: a non-allocating producer blocks.
// CHECK-LABEL: util.func public @chain_external_non_alloc_producer
util.func public @chain_external_non_alloc_producer(%in: !stream.timepoint, %a: index, %b: index) -> index {
  // CHECK-NEXT: %[[E:.+]]:2 = stream.timepoint.export %arg0 => (!hal.semaphore, index)
  // CHECK-NEXT: %[[TP:.+]] = stream.timepoint.import %[[E]]#0, %[[E]]#1 : (!hal.semaphore, index) => !stream.timepoint
  // CHECK-NEXT: %[[V:.+]] = arith.addi %arg1, %arg2 : index
  // CHECK-NEXT: stream.timepoint.chain_external %[[TP]] => (%[[E]]#0, %[[V]] : !hal.semaphore, index)
  %sem, %v0 = stream.timepoint.export %in => (!hal.semaphore, index)
  %tp = stream.timepoint.import %sem, %v0 : (!hal.semaphore, index) => !stream.timepoint
  %v = arith.addi %a, %b : index
  stream.timepoint.chain_external %tp => (%sem, %v : !hal.semaphore, index)
  util.return %v : index
}

// -----

// §5.6: two awaits on one timepoint used only in a successor block both sink
// there and are then grouped.
util.func private @use2(!stream.resource<*>, !stream.resource<*>)

// CHECK-LABEL: util.func public @sink_then_group_awaits
util.func public @sink_then_group_awaits(%t: !stream.timepoint, %a: !stream.resource<*>, %b: !stream.resource<*>, %n: index, %c: i1) {
  // CHECK-NEXT: cf.cond_br %arg4, ^bb1, ^bb2
  // CHECK-NEXT: ^bb1:
  // CHECK-NEXT: %[[W:.+]]:2 = stream.timepoint.await %arg0 => %arg1, %arg2 : !stream.resource<*>{%arg3}, !stream.resource<*>{%arg3}
  // CHECK-NEXT: util.call @use2(%[[W]]#0, %[[W]]#1)
  %0 = stream.timepoint.await %t => %a : !stream.resource<*>{%n}
  %1 = stream.timepoint.await %t => %b : !stream.resource<*>{%n}
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  util.call @use2(%0, %1) : (!stream.resource<*>, !stream.resource<*>) -> ()
  util.return
^bb2:
  util.return
}

// -----

// §5.6 SinkAwaitToFirstConsumer: uses inside an scf.for body -> before the loop.
util.func private @use(!stream.resource<*>)
util.func private @other()

// CHECK-LABEL: util.func public @sink_await_before_loop
util.func public @sink_await_before_loop(%t: !stream.timepoint, %a: !stream.resource<*>, %n: index) {
  // CHECK: util.call @other()
  // CHECK-NEXT: %[[W:.+]] = stream.timepoint.await %arg0 => %arg1 : !stream.resource<*>{%arg2}
  // CHECK-NEXT: scf.for
  // CHECK-NEXT: util.call @use(%[[W]])
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %0 = stream.timepoint.await %t => %a : !stream.resource<*>{%n}
  util.call @other() : () -> ()
  scf.for %i = %c0 to %n step %c1 {
    util.call @use(%0) : (!stream.resource<*>) -> ()
  }
  util.return
}

// -----

// §5.6 ChainTimepoints negative: the barrier's resource is produced by a tied
// op on top of the await result (base != resource).
// CHECK-LABEL: util.func public @barrier_through_tied_op_kept
util.func public @barrier_through_tied_op_kept(%t: !stream.timepoint, %src: !stream.resource<*>, %x: !stream.resource<*>, %n: index) -> (!stream.resource<*>, !stream.timepoint) {
  // CHECK: %[[W:.+]] = stream.timepoint.await %arg0 => %arg1 : !stream.resource<*>{%arg3}
  // CHECK-NEXT: %[[U:.+]] = stream.async.update %arg2, %[[W]]
  // CHECK-NEXT: %[[R:.+]], %[[T:.+]] = stream.timepoint.barrier %[[U]] : !stream.resource<*>{%arg3} => !stream.timepoint
  // CHECK-NEXT: util.return %[[R]], %[[T]]
  %c0 = arith.constant 0 : index
  %c8 = arith.constant 8 : index
  %r = stream.timepoint.await %t => %src : !stream.resource<*>{%n}
  %u = stream.async.update %x, %r[%c0 to %c8] : !stream.resource<*>{%c8} -> %r as !stream.resource<*>{%n}
  %r2, %t2 = stream.timepoint.barrier %u : !stream.resource<*>{%n} => !stream.timepoint
  util.return %r2, %t2 : !stream.resource<*>, !stream.timepoint
}

// -----

// §5.6 ExpandTimepointJoinOperands also de-duplicates.
// CHECK-LABEL: util.func public @join_expand_dedup
util.func public @join_expand_dedup(%a: !stream.timepoint, %b: !stream.timepoint) -> (!stream.timepoint, !stream.timepoint) {
  // CHECK-NEXT: %[[J0:.+]] = stream.timepoint.join max(%arg0, %arg1) => !stream.timepoint
  // CHECK-NEXT: %[[J1:.+]] = stream.timepoint.join max(%arg0, %arg1) => !stream.timepoint
  // CHECK-NEXT: util.return %[[J0]], %[[J1]]
  %j0 = stream.timepoint.join max(%a, %b) => !stream.timepoint
  %j1 = stream.timepoint.join max(%j0, %a) => !stream.timepoint
  util.return %j0, %j1 : !stream.timepoint, !stream.timepoint
}
