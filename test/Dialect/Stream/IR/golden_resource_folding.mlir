// REQUIRES: sluice-opt
// RUN: sluice-opt --split-input-file --canonicalize='test-convergence=true' %s | FileCheck %s

// Golden cross-check of stream-folding.md for resource/file/channel ops and the
// dialect cast pattern (§2.4, §5.1, §5.2, §5.7, §8, §9, §11.5).

// §5.1 resource.size folder: a size given by a later resource.load (function
// argument) is usable.
// CHECK-LABEL: util.func public @size_from_later_load
util.func public @size_from_later_load(%r: !stream.resource<staging>, %sz: index, %o: index) -> (index, f32) {
  // CHECK-NOT: stream.resource.size
  // CHECK: %[[L:.+]] = stream.resource.load %arg0[%arg2] : !stream.resource<staging>{%arg1} -> f32
  // CHECK-NEXT: util.return %arg1, %[[L]] : index, f32
  %0 = stream.resource.size %r : !stream.resource<staging>
  %1 = stream.resource.load %r[%o] : !stream.resource<staging>{%sz} -> f32
  util.return %0, %1 : index, f32
}

// -----

// §5.1: a size defined after the size op in the same block is not usable.
// CHECK-LABEL: util.func public @size_defined_later_not_usable
util.func public @size_defined_later_not_usable(%r: !stream.resource<staging>, %a: index, %b: index, %o: index) -> (index, f32) {
  // CHECK: %[[S:.+]] = stream.resource.size %arg0 : !stream.resource<staging>
  // CHECK-NEXT: %[[SZ:.+]] = arith.addi %arg1, %arg2 : index
  // CHECK-NEXT: %[[L:.+]] = stream.resource.load %arg0[%arg3] : !stream.resource<staging>{%[[SZ]]} -> f32
  // CHECK-NEXT: util.return %[[S]], %[[L]] : index, f32
  %0 = stream.resource.size %r : !stream.resource<staging>
  %sz = arith.addi %a, %b : index
  %1 = stream.resource.load %r[%o] : !stream.resource<staging>{%sz} -> f32
  util.return %0, %1 : index, f32
}

// -----

// §5.1 SelectResourceSizeOp.
// CHECK-LABEL: util.func public @size_of_select_of_transfers
util.func public @size_of_select_of_transfers(%c: i1, %x: !stream.resource<staging>, %nx: index, %y: !stream.resource<staging>, %ny: index) -> (!stream.resource<*>, index) {
  // CHECK-DAG: %[[A:.+]] = stream.async.transfer %arg1 : !stream.resource<staging>{%arg2} -> !stream.resource<*>{%arg2}
  // CHECK-DAG: %[[B:.+]] = stream.async.transfer %arg3 : !stream.resource<staging>{%arg4} -> !stream.resource<*>{%arg4}
  // CHECK-DAG: %[[S:.+]] = arith.select %arg0, %[[A]], %[[B]] : !stream.resource<*>
  // CHECK-DAG: %[[N:.+]] = arith.select %arg0, %arg2, %arg4 : index
  // CHECK-NOT: stream.resource.size
  // CHECK: util.return %[[S]], %[[N]] : !stream.resource<*>, index
  %a = stream.async.transfer %x : !stream.resource<staging>{%nx} -> !stream.resource<*>{%nx}
  %b = stream.async.transfer %y : !stream.resource<staging>{%ny} -> !stream.resource<*>{%ny}
  %s = arith.select %c, %a, %b : !stream.resource<*>
  %n = stream.resource.size %s : !stream.resource<*>
  util.return %s, %n : !stream.resource<*>, index
}

// -----

// §5.1 ElideUnusedAllocaOp (spec example).
// CHECK-LABEL: util.func public @elide_unused_alloca
util.func public @elide_unused_alloca(%n: index, %w: !stream.timepoint) -> (!stream.timepoint, !stream.timepoint) {
  // CHECK-NEXT: %[[IMM:.+]] = stream.timepoint.immediate => !stream.timepoint
  // CHECK-NEXT: util.return %[[IMM]], %arg1 : !stream.timepoint, !stream.timepoint
  %r0, %t0 = stream.resource.alloca uninitialized : !stream.resource<transient>{%n} => !stream.timepoint
  %r1, %t1 = stream.resource.alloca uninitialized await(%w) => !stream.resource<transient>{%n} => !stream.timepoint
  util.return %t0, %t1 : !stream.timepoint, !stream.timepoint
}

// -----

// §11.5 alloca/dealloca lifetimes: both timepoints become the alloca's await.
// CHECK-LABEL: util.func public @elide_alloca_dealloca_pair
util.func public @elide_alloca_dealloca_pair(%n: index, %w: !stream.timepoint) -> (!stream.timepoint, !stream.timepoint) {
  // CHECK-NEXT: util.return %arg1, %arg1 : !stream.timepoint, !stream.timepoint
  %a, %ta = stream.resource.alloca uninitialized await(%w) => !stream.resource<transient>{%n} => !stream.timepoint
  %d = stream.resource.dealloca await(%ta) => %a : !stream.resource<transient>{%n} => !stream.timepoint
  util.return %ta, %d : !stream.timepoint, !stream.timepoint
}

// -----

// §5.1 ElideAllocaDeallocaOp without awaits: both become one hoisted immediate.
// CHECK-LABEL: util.func public @elide_alloca_dealloca_no_await
util.func public @elide_alloca_dealloca_no_await(%n: index) -> (!stream.timepoint, !stream.timepoint) {
  // CHECK-NEXT: %[[IMM:.+]] = stream.timepoint.immediate => !stream.timepoint
  // CHECK-NEXT: util.return %[[IMM]], %[[IMM]] : !stream.timepoint, !stream.timepoint
  %a, %ta = stream.resource.alloca uninitialized : !stream.resource<transient>{%n} => !stream.timepoint
  %d = stream.resource.dealloca %a : !stream.resource<transient>{%n} => !stream.timepoint
  util.return %ta, %d : !stream.timepoint, !stream.timepoint
}

// -----

// §5.1 BatchAllocaOps, 4-long alloca chain (§9).
// CHECK-LABEL: util.func public @batch_alloca_chain
util.func public @batch_alloca_chain(%n: index, %w: !stream.timepoint) -> (!stream.resource<transient>, !stream.resource<transient>, !stream.resource<transient>, !stream.resource<transient>, !stream.timepoint) {
  // CHECK-NEXT: %[[A:.+]], %[[TA:.+]] = stream.resource.alloca uninitialized await(%arg1) => !stream.resource<transient>{%arg0} => !stream.timepoint
  // CHECK-NEXT: %[[B:.+]], %[[TB:.+]] = stream.resource.alloca uninitialized await(%arg1) => !stream.resource<transient>{%arg0} => !stream.timepoint
  // CHECK-NEXT: %[[C:.+]], %[[TC:.+]] = stream.resource.alloca uninitialized await(%arg1) => !stream.resource<transient>{%arg0} => !stream.timepoint
  // CHECK-NEXT: %[[D:.+]], %[[TD:.+]] = stream.resource.alloca uninitialized await(%arg1) => !stream.resource<transient>{%arg0} => !stream.timepoint
  // CHECK-NEXT: %[[J:.+]] = stream.timepoint.join max(%[[TA]], %[[TB]], %[[TC]], %[[TD]]) => !stream.timepoint
  // CHECK-NEXT: util.return %[[A]], %[[B]], %[[C]], %[[D]], %[[J]] :
  %a, %ta = stream.resource.alloca uninitialized await(%w) => !stream.resource<transient>{%n} => !stream.timepoint
  %b, %tb = stream.resource.alloca uninitialized await(%ta) => !stream.resource<transient>{%n} => !stream.timepoint
  %c, %tc = stream.resource.alloca uninitialized await(%tb) => !stream.resource<transient>{%n} => !stream.timepoint
  %d, %td = stream.resource.alloca uninitialized await(%tc) => !stream.resource<transient>{%n} => !stream.timepoint
  util.return %a, %b, %c, %d, %td : !stream.resource<transient>, !stream.resource<transient>, !stream.resource<transient>, !stream.resource<transient>, !stream.timepoint
}

// -----

// §5.1 BatchAllocaOps<dealloca>, 4-long dealloca chain (§9).
// CHECK-LABEL: util.func public @batch_dealloca_chain
util.func public @batch_dealloca_chain(%n: index, %w: !stream.timepoint, %r0: !stream.resource<transient>, %r1: !stream.resource<transient>, %r2: !stream.resource<transient>, %r3: !stream.resource<transient>) -> !stream.timepoint {
  // CHECK-NEXT: %[[D0:.+]] = stream.resource.dealloca await(%arg1) => %arg2 : !stream.resource<transient>{%arg0} => !stream.timepoint
  // CHECK-NEXT: %[[D1:.+]] = stream.resource.dealloca await(%arg1) => %arg3 : !stream.resource<transient>{%arg0} => !stream.timepoint
  // CHECK-NEXT: %[[D2:.+]] = stream.resource.dealloca await(%arg1) => %arg4 : !stream.resource<transient>{%arg0} => !stream.timepoint
  // CHECK-NEXT: %[[D3:.+]] = stream.resource.dealloca await(%arg1) => %arg5 : !stream.resource<transient>{%arg0} => !stream.timepoint
  // CHECK-NEXT: %[[J:.+]] = stream.timepoint.join max(%[[D0]], %[[D1]], %[[D2]], %[[D3]]) => !stream.timepoint
  // CHECK-NEXT: util.return %[[J]] : !stream.timepoint
  %d0 = stream.resource.dealloca await(%w) => %r0 : !stream.resource<transient>{%n} => !stream.timepoint
  %d1 = stream.resource.dealloca await(%d0) => %r1 : !stream.resource<transient>{%n} => !stream.timepoint
  %d2 = stream.resource.dealloca await(%d1) => %r2 : !stream.resource<transient>{%n} => !stream.timepoint
  %d3 = stream.resource.dealloca await(%d2) => %r3 : !stream.resource<transient>{%n} => !stream.timepoint
  util.return %d3 : !stream.timepoint
}

// -----

// §3.8 ElideImmediateTimepointWait on alloca and dealloca.
// CHECK-LABEL: util.func public @immediate_wait_alloca_dealloca
util.func public @immediate_wait_alloca_dealloca(%n: index, %r: !stream.resource<transient>) -> (!stream.resource<transient>, !stream.timepoint, !stream.timepoint) {
  // CHECK-NEXT: %[[A:.+]], %[[TA:.+]] = stream.resource.alloca uninitialized : !stream.resource<transient>{%arg0} => !stream.timepoint
  // CHECK-NEXT: %[[D:.+]] = stream.resource.dealloca %arg1 : !stream.resource<transient>{%arg0} => !stream.timepoint
  // CHECK-NEXT: util.return %[[A]], %[[TA]], %[[D]]
  %imm = stream.timepoint.immediate => !stream.timepoint
  %a, %ta = stream.resource.alloca uninitialized await(%imm) => !stream.resource<transient>{%n} => !stream.timepoint
  %d = stream.resource.dealloca await(%imm) => %r : !stream.resource<transient>{%n} => !stream.timepoint
  util.return %a, %ta, %d : !stream.resource<transient>, !stream.timepoint, !stream.timepoint
}

// -----

// §5.1 FoldSubviewIntoLoadOp: subview(128) + load(64) -> load at 192 with the base size.
// CHECK-LABEL: util.func public @subview_into_load
util.func public @subview_into_load(%r: !stream.resource<staging>, %rsz: index) -> f32 {
  // CHECK-NEXT: %[[C192:.+]] = arith.constant 192 : index
  // CHECK-NEXT: %[[L:.+]] = stream.resource.load %arg0[%[[C192]]] : !stream.resource<staging>{%arg1} -> f32
  // CHECK-NEXT: util.return %[[L]]
  %c64 = arith.constant 64 : index
  %c128 = arith.constant 128 : index
  %c256 = arith.constant 256 : index
  %v = stream.resource.subview %r[%c128] : !stream.resource<staging>{%rsz} -> !stream.resource<staging>{%c256}
  %l = stream.resource.load %v[%c64] : !stream.resource<staging>{%c256} -> f32
  util.return %l : f32
}

// -----

// §5.1/§9: across an await the subview is sunk below the await and then folds.
// CHECK-LABEL: util.func public @subview_into_load_across_await
util.func public @subview_into_load_across_await(%r: !stream.resource<staging>, %rsz: index, %t: !stream.timepoint) -> f32 {
  // CHECK-NEXT: %[[C192:.+]] = arith.constant 192 : index
  // CHECK-NEXT: %[[W:.+]] = stream.timepoint.await %arg2 => %arg0 : !stream.resource<staging>{%arg1}
  // CHECK-NEXT: %[[L:.+]] = stream.resource.load %[[W]][%[[C192]]] : !stream.resource<staging>{%arg1} -> f32
  // CHECK-NEXT: util.return %[[L]]
  %c64 = arith.constant 64 : index
  %c128 = arith.constant 128 : index
  %c256 = arith.constant 256 : index
  %v = stream.resource.subview %r[%c128] : !stream.resource<staging>{%rsz} -> !stream.resource<staging>{%c256}
  %w = stream.timepoint.await %t => %v : !stream.resource<staging>{%c256}
  %l = stream.resource.load %w[%c64] : !stream.resource<staging>{%c256} -> f32
  util.return %l : f32
}

// -----

// §5.1 FoldSubviewIntoStoreOp.
// CHECK-LABEL: util.func public @subview_into_store
util.func public @subview_into_store(%r: !stream.resource<staging>, %rsz: index, %x: f32) {
  // CHECK-NEXT: %[[C192:.+]] = arith.constant 192 : index
  // CHECK-NEXT: stream.resource.store %arg2, %arg0[%[[C192]]] : f32 -> !stream.resource<staging>{%arg1}
  // CHECK-NEXT: util.return
  %c64 = arith.constant 64 : index
  %c128 = arith.constant 128 : index
  %c256 = arith.constant 256 : index
  %v = stream.resource.subview %r[%c128] : !stream.resource<staging>{%rsz} -> !stream.resource<staging>{%c256}
  stream.resource.store %x, %v[%c64] : f32 -> !stream.resource<staging>{%c256}
  util.return
}

// -----

// §5.1: store across an await.
// CHECK-LABEL: util.func public @subview_into_store_across_await
util.func public @subview_into_store_across_await(%r: !stream.resource<staging>, %rsz: index, %t: !stream.timepoint, %x: f32) {
  // CHECK-NEXT: %[[C192:.+]] = arith.constant 192 : index
  // CHECK-NEXT: %[[W:.+]] = stream.timepoint.await %arg2 => %arg0 : !stream.resource<staging>{%arg1}
  // CHECK-NEXT: stream.resource.store %arg3, %[[W]][%[[C192]]] : f32 -> !stream.resource<staging>{%arg1}
  // CHECK-NEXT: util.return
  %c64 = arith.constant 64 : index
  %c128 = arith.constant 128 : index
  %c256 = arith.constant 256 : index
  %v = stream.resource.subview %r[%c128] : !stream.resource<staging>{%rsz} -> !stream.resource<staging>{%c256}
  %w = stream.timepoint.await %t => %v : !stream.resource<staging>{%c256}
  stream.resource.store %x, %w[%c64] : f32 -> !stream.resource<staging>{%c256}
  util.return
}

// -----

// §5.1 pack folder: no slices -> constant 0.
// CHECK-LABEL: util.func public @pack_no_slices
util.func public @pack_no_slices() -> index {
  // CHECK-NEXT: %[[C0:.+]] = arith.constant 0 : index
  // CHECK-NEXT: util.return %[[C0]] : index
  %0 = stream.resource.pack slices({}) : index
  util.return %0 : index
}

// -----

// §5.1 pack folder: one slice with a base offset -> (size, offset); §8.13 raw size.
// CHECK-LABEL: util.func public @pack_one_slice
util.func public @pack_one_slice(%s: index, %base: index) -> (index, index, index, index) {
  // CHECK-NEXT: %[[C0:.+]] = arith.constant 0 : index
  // CHECK-NEXT: util.return %arg0, %arg1, %arg0, %[[C0]] : index, index, index, index
  %0:2 = stream.resource.pack offset(%base) slices({[0, 4] = %s}) : index
  %1:2 = stream.resource.pack slices({[0, 4] = %s}) : index
  util.return %0#0, %0#1, %1#0, %1#1 : index, index, index, index
}

// -----

// §5.1 PropagateResourcePackBaseOffset: a zero constant base offset is dropped.
// CHECK-LABEL: util.func public @pack_zero_base_offset
util.func public @pack_zero_base_offset(%s: index, %t: index) -> (index, index, index) {
  // CHECK-NEXT: %[[P:.+]]:3 = stream.resource.pack slices({
  // CHECK-NEXT:   [0, 4] = %arg0,
  // CHECK-NEXT:   [1, 2] = %arg1
  // CHECK-NEXT: }) : index
  // CHECK-NEXT: util.return %[[P]]#0, %[[P]]#1, %[[P]]#2 : index, index, index
  %c0 = arith.constant 0 : index
  %p:3 = stream.resource.pack offset(%c0) slices({[0, 4] = %s, [1, 2] = %t}) : index
  util.return %p#0, %p#1, %p#2 : index, index, index
}

// -----

// §5.1 PropagateResourcePackBaseOffset: dynamic base offset -> addi per slice
// right after the pack; total length not adjusted.
// CHECK-LABEL: util.func public @pack_dynamic_base_offset
util.func public @pack_dynamic_base_offset(%s: index, %t: index, %base: index) -> (index, index, index) {
  // CHECK-NEXT: %[[P:.+]]:3 = stream.resource.pack slices({
  // CHECK-NEXT:   [0, 4] = %arg0,
  // CHECK-NEXT:   [1, 2] = %arg1
  // CHECK-NEXT: }) : index
  // CHECK-NEXT: %[[Q0:.+]] = arith.addi %arg2, %[[P]]#1 : index
  // CHECK-NEXT: %[[Q1:.+]] = arith.addi %arg2, %[[P]]#2 : index
  // CHECK-NEXT: util.return %[[P]]#0, %[[Q0]], %[[Q1]] : index, index, index
  %p:3 = stream.resource.pack offset(%base) slices({[0, 4] = %s, [1, 2] = %t}) : index
  util.return %p#0, %p#1, %p#2 : index, index, index
}

// -----

// §5.1 CanonicalizeResourcePackIntervals: unsorted intervals are re-sorted and
// uses remapped; §8.12 discardable attributes are dropped.
// CHECK-LABEL: util.func public @pack_sort_intervals
util.func public @pack_sort_intervals(%s: index, %t: index) -> (index, index, index) {
  // CHECK-NEXT: %[[P:.+]]:3 = stream.resource.pack slices({
  // CHECK-NEXT:   [0, 4] = %arg1,
  // CHECK-NEXT:   [1, 2] = %arg0
  // CHECK-NEXT: }) : index{{$}}
  // CHECK-NEXT: util.return %[[P]]#0, %[[P]]#2, %[[P]]#1 : index, index, index
  %p:3 = stream.resource.pack slices({[1, 2] = %s, [0, 4] = %t}) : index attributes {test.foo}
  util.return %p#0, %p#1, %p#2 : index, index, index
}

// -----

// §5.1 subview folder: full-size subview folds to its source (offset unchecked).
// CHECK-LABEL: util.func public @subview_full_size
util.func public @subview_full_size(%r: !stream.resource<*>, %n: index, %o: index) -> !stream.resource<*> {
  // CHECK-NEXT: util.return %arg0 : !stream.resource<*>
  %v = stream.resource.subview %r[%o] : !stream.resource<*>{%n} -> !stream.resource<*>{%n}
  util.return %v : !stream.resource<*>
}

// -----

// §5.1 FoldResourceSubviewOps: three nested subviews collapse to one (%c300).
// CHECK-LABEL: util.func public @subview_chain
util.func public @subview_chain(%r: !stream.resource<*>, %rsz: index) -> !stream.resource<*> {
  // CHECK-NEXT: %[[C300:.+]] = arith.constant 300 : index
  // CHECK-NEXT: %[[V:.+]] = stream.resource.subview %arg0[%[[C300]]] : !stream.resource<*>{%arg1} -> !stream.resource<*>{%[[C300]]}
  // CHECK-NEXT: util.return %[[V]]
  %c100 = arith.constant 100 : index
  %c300 = arith.constant 300 : index
  %c400 = arith.constant 400 : index
  %c500 = arith.constant 500 : index
  %0 = stream.resource.subview %r[%c100] : !stream.resource<*>{%rsz} -> !stream.resource<*>{%c500}
  %1 = stream.resource.subview %0[%c100] : !stream.resource<*>{%c500} -> !stream.resource<*>{%c400}
  %2 = stream.resource.subview %1[%c100] : !stream.resource<*>{%c400} -> !stream.resource<*>{%c300}
  util.return %2 : !stream.resource<*>
}

// -----

// §5.1 SinkSubviewAcrossSelectOps (spec example).
// CHECK-LABEL: util.func public @subview_select
util.func public @subview_select(%r: !stream.resource<*>, %cond: i1) -> !stream.resource<*> {
  // CHECK-DAG: %[[C0:.+]] = arith.constant 0 : index
  // CHECK-DAG: %[[C128:.+]] = arith.constant 128 : index
  // CHECK-DAG: %[[C256:.+]] = arith.constant 256 : index
  // CHECK: %[[O:.+]] = arith.select %arg1, %[[C0]], %[[C128]] : index
  // CHECK-NEXT: %[[S:.+]] = stream.resource.subview %arg0[%[[O]]] : !stream.resource<*>{%[[C256]]} -> !stream.resource<*>{%[[C128]]}
  // CHECK-NEXT: util.return %[[S]]
  %c0 = arith.constant 0 : index
  %c128 = arith.constant 128 : index
  %c256 = arith.constant 256 : index
  %v0 = stream.resource.subview %r[%c0] : !stream.resource<*>{%c256} -> !stream.resource<*>{%c128}
  %v1 = stream.resource.subview %r[%c128] : !stream.resource<*>{%c256} -> !stream.resource<*>{%c128}
  %s = arith.select %cond, %v0, %v1 : !stream.resource<*>
  util.return %s : !stream.resource<*>
}

// -----

// §5.1 SinkSubviewAcrossSelectOps negative: different result sizes.
// CHECK-LABEL: util.func public @subview_select_different_sizes
util.func public @subview_select_different_sizes(%r: !stream.resource<*>, %cond: i1, %n: index, %o0: index, %o1: index, %l0: index, %l1: index) -> !stream.resource<*> {
  // CHECK-NEXT: %[[V0:.+]] = stream.resource.subview %arg0[%arg3] : !stream.resource<*>{%arg2} -> !stream.resource<*>{%arg5}
  // CHECK-NEXT: %[[V1:.+]] = stream.resource.subview %arg0[%arg4] : !stream.resource<*>{%arg2} -> !stream.resource<*>{%arg6}
  // CHECK-NEXT: %[[S:.+]] = arith.select %arg1, %[[V0]], %[[V1]] : !stream.resource<*>
  // CHECK-NEXT: util.return %[[S]]
  %v0 = stream.resource.subview %r[%o0] : !stream.resource<*>{%n} -> !stream.resource<*>{%l0}
  %v1 = stream.resource.subview %r[%o1] : !stream.resource<*>{%n} -> !stream.resource<*>{%l1}
  %s = arith.select %cond, %v0, %v1 : !stream.resource<*>
  util.return %s : !stream.resource<*>
}

// -----

// §2.4 StripResourceConversionCastPattern (spec example).
// CHECK-LABEL: util.func public @strip_resource_cast
util.func public @strip_resource_cast(%res: !stream.resource<transient>, %sz: index) -> (!stream.resource<transient>, index) {
  // CHECK-NEXT: util.return %arg0, %arg1 : !stream.resource<transient>, index
  %r = builtin.unrealized_conversion_cast %res, %sz : !stream.resource<transient>, index to !stream.resource<transient>
  %n = stream.resource.size %r : !stream.resource<transient>
  util.return %r, %n : !stream.resource<transient>, index
}

// -----

// §5.1 FoldConsecutiveResourceTransientsOps (spec example): the outer op's
// storage and affinity win.
// CHECK-LABEL: util.func public @consecutive_transients
util.func public @consecutive_transients(%r: !stream.resource<*>, %n: index, %s1: !stream.resource<transient>, %s2: !stream.resource<transient>) -> (!stream.resource<*>, !stream.timepoint) {
  // CHECK-NEXT: %[[R:.+]], %[[T:.+]] = stream.resource.transients on(#hal.device.affinity<@dev>) %arg0 : !stream.resource<*>{%arg1} from %arg3 : !stream.resource<transient>{%arg1} => !stream.timepoint
  // CHECK-NEXT: util.return %[[R]], %[[T]]
  %0, %t0 = stream.resource.transients %r : !stream.resource<*>{%n} from %s1 : !stream.resource<transient>{%n} => !stream.timepoint
  %1, %t1 = stream.resource.transients on(#hal.device.affinity<@dev>) %0 : !stream.resource<*>{%n} from %s2 : !stream.resource<transient>{%n} => !stream.timepoint
  util.return %1, %t1 : !stream.resource<*>, !stream.timepoint
}

// -----

// §5.1/§5.2/§5.7 ElideUnusedOp: unused try_map, load, file.read/write and
// channel ops are erased; an unused alloc survives.
// CHECK-LABEL: util.func public @elide_unused_ops
util.func public @elide_unused_ops(%b: !util.buffer, %n: index, %f: !stream.file, %off: i64, %r: !stream.resource<variable>, %s: !stream.resource<staging>) {
  // CHECK-NEXT: %[[A:.+]] = stream.resource.alloc uninitialized : !stream.resource<transient>{%arg1}
  // CHECK-NEXT: util.return
  %c0 = arith.constant 0 : index
  %ok, %m = stream.resource.try_map %b[%c0] : !util.buffer -> i1, !stream.resource<constant>{%n}
  %l = stream.resource.load %s[%c0] : !stream.resource<staging>{%n} -> f32
  %rd = stream.file.read : %f[%off], %r[%c0], %n : !stream.file -> !stream.resource<variable>{%n} => !stream.timepoint
  %wr = stream.file.write : %r[%c0], %f[%off], %n : !stream.resource<variable>{%n} -> !stream.file => !stream.timepoint
  %ch = stream.channel.create : !stream.channel
  %sp = stream.channel.split %ch, %n, %n : !stream.channel -> !stream.channel
  %a = stream.resource.alloc uninitialized : !stream.resource<transient>{%n}
  util.return
}

// -----

// §5.7 channel.rank / channel.count fold to the create op's operands.
// CHECK-LABEL: util.func public @channel_rank_count
util.func public @channel_rank_count(%r: index, %c: index) -> (!stream.channel, index, index, !stream.channel, index, index) {
  // CHECK-NEXT: %[[CH:.+]] = stream.channel.create rank(%arg0) count(%arg1) : !stream.channel
  // CHECK-NEXT: %[[CH2:.+]] = stream.channel.create : !stream.channel
  // CHECK-NEXT: %[[R2:.+]] = stream.channel.rank %[[CH2]] : index
  // CHECK-NEXT: %[[C2:.+]] = stream.channel.count %[[CH2]] : index
  // CHECK-NEXT: util.return %[[CH]], %arg0, %arg1, %[[CH2]], %[[R2]], %[[C2]]
  %ch = stream.channel.create rank(%r) count(%c) : !stream.channel
  %0 = stream.channel.rank %ch : index
  %1 = stream.channel.count %ch : index
  %ch2 = stream.channel.create : !stream.channel
  %2 = stream.channel.rank %ch2 : index
  %3 = stream.channel.count %ch2 : index
  util.return %ch, %0, %1, %ch2, %2, %3 : !stream.channel, index, index, !stream.channel, index, index
}

// -----

// §9: a size query on an scf.while result: the self update folds to its
// target, the loop result becomes the loop-invariant argument and the query
// stays a resource.size of that argument.
// CHECK-LABEL: util.func public @size_of_while_result
util.func public @size_of_while_result(%r: !stream.resource<*>, %c: i1) -> index {
  // CHECK: %[[S:.+]] = stream.resource.size %arg0 : !stream.resource<*>
  // CHECK-NEXT: util.return %[[S]] : index
  %c0 = arith.constant 0 : index
  %w = scf.while (%a = %r) : (!stream.resource<*>) -> !stream.resource<*> {
    scf.condition(%c) %a : !stream.resource<*>
  } do {
  ^bb0(%b: !stream.resource<*>):
    %sz = stream.resource.size %b : !stream.resource<*>
    %u = stream.async.update %b, %b[%c0 to %sz] : !stream.resource<*>{%sz} -> %b as !stream.resource<*>{%sz}
    scf.yield %u : !stream.resource<*>
  }
  %s = stream.resource.size %w : !stream.resource<*>
  util.return %s : index
}

// -----

// §5.1 SelectResourceSizeOp: arms without a discoverable size become size
// queries of each arm, carrying the affinity.
// CHECK-LABEL: util.func public @size_of_select_of_args
util.func public @size_of_select_of_args(%c: i1, %a: !stream.resource<*>, %b: !stream.resource<*>) -> index {
  // CHECK-NEXT: %[[SA:.+]] = stream.resource.size %arg1 {affinity = #hal.device.affinity<@dev>} : !stream.resource<*>
  // CHECK-NEXT: %[[SB:.+]] = stream.resource.size %arg2 {affinity = #hal.device.affinity<@dev>} : !stream.resource<*>
  // CHECK-NEXT: %[[S:.+]] = arith.select %arg0, %[[SA]], %[[SB]] : index
  // CHECK-NEXT: util.return %[[S]] : index
  %s = arith.select %c, %a, %b : !stream.resource<*>
  %n = stream.resource.size %s {affinity = #hal.device.affinity<@dev>} : !stream.resource<*>
  util.return %n : index
}

// -----

// §5.1 SinkSubviewAcrossSelectOps negative: different sources.
// CHECK-LABEL: util.func public @subview_select_different_sources
util.func public @subview_select_different_sources(%a: !stream.resource<*>, %b: !stream.resource<*>, %cond: i1, %n: index, %o: index, %l: index) -> !stream.resource<*> {
  // CHECK-NEXT: %[[V0:.+]] = stream.resource.subview %arg0[%arg4] : !stream.resource<*>{%arg3} -> !stream.resource<*>{%arg5}
  // CHECK-NEXT: %[[V1:.+]] = stream.resource.subview %arg1[%arg4] : !stream.resource<*>{%arg3} -> !stream.resource<*>{%arg5}
  // CHECK-NEXT: %[[S:.+]] = arith.select %arg2, %[[V0]], %[[V1]] : !stream.resource<*>
  %v0 = stream.resource.subview %a[%o] : !stream.resource<*>{%n} -> !stream.resource<*>{%l}
  %v1 = stream.resource.subview %b[%o] : !stream.resource<*>{%n} -> !stream.resource<*>{%l}
  %s = arith.select %cond, %v0, %v1 : !stream.resource<*>
  util.return %s : !stream.resource<*>
}

// -----

// §5.1 FoldConsecutiveResourceTransientsOps: the outer await is kept.
// CHECK-LABEL: util.func public @consecutive_transients_await
util.func public @consecutive_transients_await(%r: !stream.resource<*>, %n: index, %s1: !stream.resource<transient>, %s2: !stream.resource<transient>, %w: !stream.timepoint) -> (!stream.resource<*>, !stream.timepoint) {
  // CHECK-NEXT: %[[R:.+]], %[[T:.+]] = stream.resource.transients await(%arg4) => %arg0 : !stream.resource<*>{%arg1} from %arg3 : !stream.resource<transient>{%arg1} => !stream.timepoint
  // CHECK-NEXT: util.return %[[R]], %[[T]]
  %0, %t0 = stream.resource.transients on(#hal.device.affinity<@dev>) %r : !stream.resource<*>{%n} from %s1 : !stream.resource<transient>{%n} => !stream.timepoint
  %1, %t1 = stream.resource.transients await(%w) => %0 : !stream.resource<*>{%n} from %s2 : !stream.resource<transient>{%n} => !stream.timepoint
  util.return %1, %t1 : !stream.resource<*>, !stream.timepoint
}

// -----

// §8.8 QUIRK: FoldSubviewIntoLoadOp walks through an intermediate tied op.
// CHECK-LABEL: util.func public @subview_into_load_through_tied
util.func public @subview_into_load_through_tied(%r: !stream.resource<staging>, %rsz: index, %x: i32) -> f32 {
  // CHECK-NEXT: %[[C192:.+]] = arith.constant 192 : index
  // CHECK-NEXT: %[[L:.+]] = stream.resource.load %arg0[%[[C192]]] : !stream.resource<staging>{%arg1} -> f32
  // CHECK-NEXT: util.return %[[L]]
  %c0 = arith.constant 0 : index
  %c8 = arith.constant 8 : index
  %c64 = arith.constant 64 : index
  %c128 = arith.constant 128 : index
  %c256 = arith.constant 256 : index
  %v = stream.resource.subview %r[%c128] : !stream.resource<staging>{%rsz} -> !stream.resource<staging>{%c256}
  %u = stream.async.store %x, %v[%c0] : i32 -> %v as !stream.resource<staging>{%c256}
  %l = stream.resource.load %u[%c64] : !stream.resource<staging>{%c256} -> f32
  util.return %l : f32
}

// -----

// §5.1: nested subviews across an await: the inner subview is sunk below the
// await, then the two fold.
// CHECK-LABEL: util.func public @subview_chain_across_await
util.func public @subview_chain_across_await(%r: !stream.resource<*>, %rsz: index, %t: !stream.timepoint) -> !stream.resource<*> {
  // CHECK-DAG: %[[C200:.+]] = arith.constant 200 : index
  // CHECK-DAG: %[[C300:.+]] = arith.constant 300 : index
  // CHECK: %[[W:.+]] = stream.timepoint.await %arg2 => %arg0 : !stream.resource<*>{%arg1}
  // CHECK-NEXT: %[[V:.+]] = stream.resource.subview %[[W]][%[[C200]]] : !stream.resource<*>{%arg1} -> !stream.resource<*>{%[[C300]]}
  // CHECK-NEXT: util.return %[[V]]
  %c100 = arith.constant 100 : index
  %c300 = arith.constant 300 : index
  %c500 = arith.constant 500 : index
  %v = stream.resource.subview %r[%c100] : !stream.resource<*>{%rsz} -> !stream.resource<*>{%c500}
  %w = stream.timepoint.await %t => %v : !stream.resource<*>{%c500}
  %v2 = stream.resource.subview %w[%c100] : !stream.resource<*>{%c500} -> !stream.resource<*>{%c300}
  util.return %v2 : !stream.resource<*>
}

// -----

// §5.1: dynamic base offset + unsorted intervals: the addis follow the pack
// and are remapped to the re-sorted results.
// CHECK-LABEL: util.func public @pack_offset_and_sort
util.func public @pack_offset_and_sort(%s: index, %t: index, %base: index) -> (index, index, index) {
  // CHECK-NEXT: %[[P:.+]]:3 = stream.resource.pack slices({
  // CHECK-NEXT:   [0, 4] = %arg1,
  // CHECK-NEXT:   [1, 2] = %arg0
  // CHECK-NEXT: }) : index
  // CHECK-NEXT: %[[A:.+]] = arith.addi %arg2, %[[P]]#2 : index
  // CHECK-NEXT: %[[B:.+]] = arith.addi %arg2, %[[P]]#1 : index
  // CHECK-NEXT: util.return %[[P]]#0, %[[A]], %[[B]] : index, index, index
  %p:3 = stream.resource.pack offset(%base) slices({[1, 2] = %s, [0, 4] = %t}) : index
  util.return %p#0, %p#1, %p#2 : index, index, index
}

// -----

// §5.1 CanonicalizeResourcePackIntervals: equal keys keep their order (stable).
// CHECK-LABEL: util.func public @pack_stable_sort
util.func public @pack_stable_sort(%s: index, %t: index) -> (index, index, index) {
  // CHECK-NEXT: %[[P:.+]]:3 = stream.resource.pack slices({
  // CHECK-NEXT:   [0, 4] = %arg0,
  // CHECK-NEXT:   [0, 4] = %arg1
  // CHECK-NEXT: }) : index
  // CHECK-NEXT: util.return %[[P]]#0, %[[P]]#1, %[[P]]#2 : index, index, index
  %p:3 = stream.resource.pack slices({[0, 4] = %s, [0, 4] = %t}) : index
  util.return %p#0, %p#1, %p#2 : index, index, index
}

// -----

// §1.3: ops without effect interfaces / with MemAlloc survive when unused;
// Pure ones disappear.
// CHECK-LABEL: util.func public @not_trivially_dead_resource_ops
util.func public @not_trivially_dead_resource_ops(%r: !stream.resource<transient>, %n: index, %b: !util.buffer, %len: index) {
  // CHECK-NEXT: %[[C0:.+]] = arith.constant 0 : index
  // CHECK-NEXT: %{{.+}} = stream.resource.release %arg0 : !stream.resource<transient>{%arg1}
  // CHECK-NEXT: %{{.+}} = stream.resource.is_terminal %arg0 : !stream.resource<transient>{%arg1}
  // CHECK-NEXT: %{{.+}} = stream.file.constant %arg2[%[[C0]] for %arg3] : !util.buffer{%arg3} -> !stream.file
  // CHECK-NEXT: util.return
  %c0 = arith.constant 0 : index
  %0 = stream.resource.release %r : !stream.resource<transient>{%n}
  %1 = stream.resource.is_terminal %r : !stream.resource<transient>{%n}
  %f = stream.file.constant %b[%c0 for %len] : !util.buffer{%len} -> !stream.file
  %2 = stream.resource.size %r : !stream.resource<transient>
  %3 = stream.resource.subview %r[%c0] : !stream.resource<transient>{%n} -> !stream.resource<transient>{%len}
  util.return
}

// -----

// §3.8: ElideImmediateTimepointWait is not registered on resource.transients
// or file.read: their immediate awaits stay.
// CHECK-LABEL: util.func public @immediate_await_kept
util.func public @immediate_await_kept(%r: !stream.resource<*>, %n: index, %s: !stream.resource<transient>, %f: !stream.file, %off: i64, %v: !stream.resource<variable>) -> (!stream.resource<*>, !stream.timepoint, !stream.timepoint) {
  // CHECK-DAG: %[[IMM:.+]] = stream.timepoint.immediate => !stream.timepoint
  // CHECK-DAG: %[[C0:.+]] = arith.constant 0 : index
  // CHECK: stream.resource.transients await(%[[IMM]]) => %arg0
  // CHECK: stream.file.read await(%[[IMM]]) => %arg3[%arg4], %arg5[%[[C0]]], %arg1
  %c0 = arith.constant 0 : index
  %imm = stream.timepoint.immediate => !stream.timepoint
  %0, %t0 = stream.resource.transients await(%imm) => %r : !stream.resource<*>{%n} from %s : !stream.resource<transient>{%n} => !stream.timepoint
  %t1 = stream.file.read await(%imm) => %f[%off], %v[%c0], %n : !stream.file -> !stream.resource<variable>{%n} => !stream.timepoint
  util.return %0, %t0, %t1 : !stream.resource<*>, !stream.timepoint, !stream.timepoint
}

// -----

// §5.1 ElideAllocaDeallocaOp: the dealloca's own (other) await is forwarded.
// CHECK-LABEL: util.func public @elide_alloca_dealloca_other_await
util.func public @elide_alloca_dealloca_other_await(%n: index, %w: !stream.timepoint, %u: !stream.timepoint) -> (!stream.timepoint, !stream.timepoint) {
  // CHECK-NEXT: util.return %arg1, %arg2 : !stream.timepoint, !stream.timepoint
  %a, %ta = stream.resource.alloca uninitialized await(%w) => !stream.resource<transient>{%n} => !stream.timepoint
  %d = stream.resource.dealloca await(%u) => %a : !stream.resource<transient>{%n} => !stream.timepoint
  util.return %ta, %d : !stream.timepoint, !stream.timepoint
}

// -----

// §5.1 PropagateResourcePackBaseOffset: a non-zero constant base offset is
// added (constant moved to the RHS by arith).
// CHECK-LABEL: util.func public @pack_constant_base_offset
util.func public @pack_constant_base_offset(%s: index, %t: index) -> (index, index, index) {
  // CHECK-NEXT: %[[C16:.+]] = arith.constant 16 : index
  // CHECK-NEXT: %[[P:.+]]:3 = stream.resource.pack slices({
  // CHECK-NEXT:   [0, 4] = %arg0,
  // CHECK-NEXT:   [1, 2] = %arg1
  // CHECK-NEXT: }) : index
  // CHECK-NEXT: %[[Q0:.+]] = arith.addi %[[P]]#1, %[[C16]] : index
  // CHECK-NEXT: %[[Q1:.+]] = arith.addi %[[P]]#2, %[[C16]] : index
  // CHECK-NEXT: util.return %[[P]]#0, %[[Q0]], %[[Q1]] : index, index, index
  %c16 = arith.constant 16 : index
  %p:3 = stream.resource.pack offset(%c16) slices({[0, 4] = %s, [1, 2] = %t}) : index
  util.return %p#0, %p#1, %p#2 : index, index, index
}

// -----

// §4.4: an earlier resource.size of the same resource is reused.
// CHECK-LABEL: util.func public @size_dedup
util.func public @size_dedup(%r: !stream.resource<*>) -> (index, index) {
  // CHECK-NEXT: %[[S:.+]] = stream.resource.size %arg0 : !stream.resource<*>
  // CHECK-NEXT: util.return %[[S]], %[[S]] : index, index
  %0 = stream.resource.size %r : !stream.resource<*>
  %1 = stream.resource.size %r : !stream.resource<*>
  util.return %0, %1 : index, index
}

// -----

// §4.5: a size defined in the function entry block is usable from another
// block; a size defined in a non-dominating block is not.
// CHECK-LABEL: util.func public @size_across_blocks
util.func public @size_across_blocks(%r: !stream.resource<staging>, %q: !stream.resource<staging>, %a: index, %b: index, %o: index, %c: i1) -> (index, f32) {
  // CHECK: %[[S:.+]] = arith.addi %arg2, %arg3 : index
  // CHECK: %[[Q:.+]] = stream.resource.size %arg1 : !stream.resource<staging>
  // CHECK: cf.cond_br
  // CHECK: ^bb1:
  // CHECK-NEXT: util.return %[[S]], %{{.+}} : index, f32
  // CHECK: ^bb2:
  // CHECK-NEXT: %[[T:.+]] = arith.subi %arg2, %arg3 : index
  // CHECK-NEXT: %[[L2:.+]] = stream.resource.load %arg1[%arg4] : !stream.resource<staging>{%[[T]]} -> f32
  // CHECK-NEXT: util.return %[[Q]], %[[L2]] : index, f32
  %s = arith.addi %a, %b : index
  %l = stream.resource.load %r[%o] : !stream.resource<staging>{%s} -> f32
  %qs = stream.resource.size %q : !stream.resource<staging>
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  %0 = stream.resource.size %r : !stream.resource<staging>
  util.return %0, %l : index, f32
^bb2:
  %t = arith.subi %a, %b : index
  %l2 = stream.resource.load %q[%o] : !stream.resource<staging>{%t} -> f32
  util.return %qs, %l2 : index, f32
}

// -----

// §5.1 BatchAllocaOps then ElideUnusedAllocaOp (top-down): the chain is
// batched first, then the unused middle alloca is elided and its timepoint in
// the join is forwarded to its (new) await.
// CHECK-LABEL: util.func public @batch_then_elide_unused_alloca
util.func public @batch_then_elide_unused_alloca(%n: index, %w: !stream.timepoint) -> (!stream.resource<transient>, !stream.resource<transient>, !stream.timepoint) {
  // CHECK-NEXT: %[[A:.+]], %[[TA:.+]] = stream.resource.alloca uninitialized await(%arg1) => !stream.resource<transient>{%arg0} => !stream.timepoint
  // CHECK-NEXT: %[[C:.+]], %[[TC:.+]] = stream.resource.alloca uninitialized await(%arg1) => !stream.resource<transient>{%arg0} => !stream.timepoint
  // CHECK-NEXT: %[[J:.+]] = stream.timepoint.join max(%[[TA]], %arg1, %[[TC]]) => !stream.timepoint
  // CHECK-NEXT: util.return %[[A]], %[[C]], %[[J]]
  %a, %ta = stream.resource.alloca uninitialized await(%w) => !stream.resource<transient>{%n} => !stream.timepoint
  %b, %tb = stream.resource.alloca uninitialized await(%ta) => !stream.resource<transient>{%n} => !stream.timepoint
  %c, %tc = stream.resource.alloca uninitialized await(%tb) => !stream.resource<transient>{%n} => !stream.timepoint
  util.return %a, %c, %tc : !stream.resource<transient>, !stream.resource<transient>, !stream.timepoint
}
