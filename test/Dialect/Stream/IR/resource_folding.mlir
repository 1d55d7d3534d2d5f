// RUN: sluice-opt --split-input-file --canonicalize %s | FileCheck %s
// REQUIRES: sluice-opt

// CHECK-LABEL: util.func public @elide_unused_alloca
util.func public @elide_unused_alloca(%n: index, %w: !stream.timepoint) -> (!stream.timepoint, !stream.timepoint) {
  // CHECK: %[[IMM:.+]] = stream.timepoint.immediate => !stream.timepoint
  // CHECK-NOT: stream.resource.alloca
  // CHECK: util.return %[[IMM]], %arg1
  %r0, %t0 = stream.resource.alloca uninitialized : !stream.resource<transient>{%n} => !stream.timepoint
  %r1, %t1 = stream.resource.alloca uninitialized await(%w) => !stream.resource<transient>{%n} => !stream.timepoint
  util.return %t0, %t1 : !stream.timepoint, !stream.timepoint
}

// -----

// CHECK-LABEL: util.func public @elide_alloca_dealloca
util.func public @elide_alloca_dealloca(%n: index, %w: !stream.timepoint) -> !stream.timepoint {
  // CHECK-NOT: stream.resource.alloca
  // CHECK-NOT: stream.resource.dealloca
  // CHECK: util.return %arg1
  %r, %t = stream.resource.alloca uninitialized await(%w) => !stream.resource<transient>{%n} => !stream.timepoint
  %d = stream.resource.dealloca await(%t) => %r : !stream.resource<transient>{%n} => !stream.timepoint
  util.return %d : !stream.timepoint
}

// -----

// CHECK-LABEL: util.func public @batch_allocas
util.func public @batch_allocas(%n: index, %w: !stream.timepoint) -> (!stream.resource<transient>, !stream.resource<transient>, !stream.timepoint) {
  // CHECK: %[[A:.+]], %[[TA:.+]] = stream.resource.alloca uninitialized await(%arg1) => !stream.resource<transient>{%arg0} => !stream.timepoint
  // CHECK: %[[B:.+]], %[[TB:.+]] = stream.resource.alloca uninitialized await(%arg1) => !stream.resource<transient>{%arg0} => !stream.timepoint
  // CHECK: %[[J:.+]] = stream.timepoint.join max(%[[TA]], %[[TB]]) => !stream.timepoint
  // CHECK: util.return %[[A]], %[[B]], %[[J]]
  %a, %ta = stream.resource.alloca uninitialized await(%w) => !stream.resource<transient>{%n} => !stream.timepoint
  %b, %tb = stream.resource.alloca uninitialized await(%ta) => !stream.resource<transient>{%n} => !stream.timepoint
  util.return %a, %b, %tb : !stream.resource<transient>, !stream.resource<transient>, !stream.timepoint
}

// -----

// CHECK-LABEL: util.func public @immediate_wait
util.func public @immediate_wait(%n: index) -> (!stream.resource<transient>, !stream.timepoint) {
  %imm = stream.timepoint.immediate => !stream.timepoint
  // CHECK: stream.resource.alloca uninitialized : !stream.resource<transient>{%arg0} => !stream.timepoint
  %r, %t = stream.resource.alloca uninitialized await(%imm) => !stream.resource<transient>{%n} => !stream.timepoint
  util.return %r, %t : !stream.resource<transient>, !stream.timepoint
}

// -----

// CHECK-LABEL: util.func public @size_folding
util.func public @size_folding(%r: !stream.resource<staging>, %sz: index, %o: index) -> (index, f32) {
  // The size used by a later load is a function argument: usable here.
  // CHECK: util.return %arg1
  %0 = stream.resource.size %r : !stream.resource<staging>
  %1 = stream.resource.load %r[%o] : !stream.resource<staging>{%sz} -> f32
  util.return %0, %1 : index, f32
}

// -----

// CHECK-LABEL: util.func public @size_of_select
util.func public @size_of_select(%c: i1, %a: !stream.resource<*>, %na: index, %b: !stream.resource<*>, %nb: index) -> index {
  %va = stream.resource.subview %a[%na] : !stream.resource<*>{%na} -> !stream.resource<*>{%na}
  %x = stream.resource.subview %a[%nb] : !stream.resource<*>{%na} -> !stream.resource<*>{%nb}
  // CHECK: %[[S:.+]] = arith.select %arg0, %arg2, %arg4 : index
  // CHECK: util.return %[[S]]
  %s = arith.select %c, %va, %x : !stream.resource<*>
  %n = stream.resource.size %s : !stream.resource<*>
  util.return %n : index
}

// -----

// CHECK-LABEL: util.func public @subview_into_load
util.func public @subview_into_load(%r: !stream.resource<staging>, %rsz: index) -> f32 {
  %c64 = arith.constant 64 : index
  %c128 = arith.constant 128 : index
  %c256 = arith.constant 256 : index
  // CHECK: %[[C192:.+]] = arith.constant 192 : index
  // CHECK: stream.resource.load %arg0[%[[C192]]] : !stream.resource<staging>{%arg1} -> f32
  %v = stream.resource.subview %r[%c128] : !stream.resource<staging>{%rsz} -> !stream.resource<staging>{%c256}
  %l = stream.resource.load %v[%c64] : !stream.resource<staging>{%c256} -> f32
  util.return %l : f32
}

// -----

// CHECK-LABEL: util.func public @pack_folds
util.func public @pack_folds(%s: index, %base: index) -> (index, index, index, index) {
  // CHECK: %[[C0:.+]] = arith.constant 0 : index
  // CHECK: util.return %[[C0]], %arg0, %arg1, %arg0
  %0 = stream.resource.pack slices({}) : index
  %1:2 = stream.resource.pack offset(%base) slices({[0, 4] = %s}) : index
  util.return %0, %1#0, %1#1, %s : index, index, index, index
}

// -----

// CHECK-LABEL: util.func public @pack_base_offset_and_sort
util.func public @pack_base_offset_and_sort(%s: index, %t: index, %base: index) -> (index, index, index) {
  // CHECK: %[[P:.+]]:3 = stream.resource.pack slices({
  // CHECK-NEXT: [0, 4] = %arg1,
  // CHECK-NEXT: [1, 2] = %arg0
  // CHECK-NEXT: }) : index
  // CHECK-DAG: %[[A:.+]] = arith.addi %arg2, %[[P]]#2
  // CHECK-DAG: %[[B:.+]] = arith.addi %arg2, %[[P]]#1
  // CHECK: util.return %[[P]]#0, %[[A]], %[[B]]
  %p:3 = stream.resource.pack offset(%base) slices({[1, 2] = %s, [0, 4] = %t}) : index
  util.return %p#0, %p#1, %p#2 : index, index, index
}

// -----

// CHECK-LABEL: util.func public @subview_chains
util.func public @subview_chains(%r: !stream.resource<*>, %rsz: index) -> !stream.resource<*> {
  %c100 = arith.constant 100 : index
  %c300 = arith.constant 300 : index
  %c500 = arith.constant 500 : index
  %c400 = arith.constant 400 : index
  // CHECK: %[[C300:.+]] = arith.constant 300 : index
  // CHECK: stream.resource.subview %arg0[%[[C300]]] : !stream.resource<*>{%arg1} -> !stream.resource<*>{%[[C300]]}
  %0 = stream.resource.subview %r[%c100] : !stream.resource<*>{%rsz} -> !stream.resource<*>{%c500}
  %1 = stream.resource.subview %0[%c100] : !stream.resource<*>{%c500} -> !stream.resource<*>{%c400}
  %2 = stream.resource.subview %1[%c100] : !stream.resource<*>{%c400} -> !stream.resource<*>{%c300}
  util.return %2 : !stream.resource<*>
}

// -----

// CHECK-LABEL: util.func public @consecutive_transients
util.func public @consecutive_transients(%r: !stream.resource<*>, %n: index, %s1: !stream.resource<transient>, %s2: !stream.resource<transient>) -> (!stream.resource<*>, !stream.timepoint) {
  // CHECK: stream.resource.transients on(#hal.device.affinity<@dev>) %arg0 : !stream.resource<*>{%arg1} from %arg3
  // CHECK-NOT: stream.resource.transients
  %0, %t0 = stream.resource.transients %r : !stream.resource<*>{%n} from %s1 : !stream.resource<transient>{%n} => !stream.timepoint
  %1, %t1 = stream.resource.transients on(#hal.device.affinity<@dev>) %0 : !stream.resource<*>{%n} from %s2 : !stream.resource<transient>{%n} => !stream.timepoint
  util.return %1, %t1 : !stream.resource<*>, !stream.timepoint
}

// -----

// CHECK-LABEL: util.func public @unused_file_ops
util.func public @unused_file_ops(%f: !stream.file, %off: i64, %r: !stream.resource<variable>, %n: index) {
  // CHECK-NOT: stream.file.read
  %c0 = arith.constant 0 : index
  %0 = stream.file.read : %f[%off], %r[%c0], %n : !stream.file -> !stream.resource<variable>{%n} => !stream.timepoint
  util.return
}
