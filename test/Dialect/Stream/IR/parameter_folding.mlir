// RUN: sluice-opt --split-input-file --canonicalize='test-convergence=true' %s | FileCheck %s
// REQUIRES: sluice-opt

// Unused parameter ops are erased: async.parameter.load and cmd.parameter.load
// are Pure, the others by ElideUnusedOp.

// CHECK-LABEL: util.func public @elide_unused_parameter_ops
util.func public @elide_unused_parameter_ops(%buf: !stream.resource<transient>, %n: index, %key: !util.buffer, %off: i64) {
  // CHECK-NOT: stream.async.parameter
  // CHECK-NOT: stream.cmd.parameter
  // CHECK: util.return
  %0:2 = stream.async.parameter.load %key[%off] : !stream.resource<constant>{%n} => !stream.timepoint
  %1:2 = stream.async.parameter.read %key[%off] -> %buf[%n to %n for %n] : !stream.resource<transient>{%n} => !stream.timepoint
  %2:2 = stream.async.parameter.write %buf[%n to %n for %n] -> %key[%off] : !stream.resource<transient>{%n} => !stream.timepoint
  %3:2 = stream.async.parameter.gather {
    %key[%off] -> %buf[%n to %n for %n] : !stream.resource<transient>{%n}
  } : !stream.resource<transient> => !stream.timepoint
  %4:2 = stream.async.parameter.scatter {
    %buf[%n to %n for %n] : !stream.resource<transient>{%n} -> %key[%off]
  } : !stream.resource<transient> => !stream.timepoint
  %5:2 = stream.cmd.parameter.load {
    %key[%off] : !stream.resource<constant>{%n}
  } => !stream.timepoint
  %6 = stream.cmd.parameter.read %key[%off] -> %buf[%n for %n] : !stream.resource<transient>{%n} => !stream.timepoint
  %7 = stream.cmd.parameter.write %buf[%n for %n] : !stream.resource<transient>{%n} -> %key[%off] => !stream.timepoint
  %8 = stream.cmd.parameter.gather {
    %key[%off] -> %buf[%n for %n] : !stream.resource<transient>{%n}
  } => !stream.timepoint
  %9 = stream.cmd.parameter.scatter {
    %buf[%n for %n] : !stream.resource<transient>{%n} -> %key[%off]
  } => !stream.timepoint
  util.return
}

// -----

// A used result keeps the op.

// CHECK-LABEL: util.func public @keep_used_parameter_ops
util.func public @keep_used_parameter_ops(%buf: !stream.resource<transient>, %n: index, %key: !util.buffer, %off: i64) -> (!stream.timepoint, !stream.resource<transient>, !stream.timepoint) {
  // CHECK: %[[R:.+]], %[[RT:.+]] = stream.async.parameter.read
  %0:2 = stream.async.parameter.read %key[%off] -> %buf[%n to %n for %n] : !stream.resource<transient>{%n} => !stream.timepoint
  // CHECK: %[[W:.+]], %[[WT:.+]] = stream.async.parameter.write
  %1:2 = stream.async.parameter.write %buf[%n to %n for %n] -> %key[%off] : !stream.resource<transient>{%n} => !stream.timepoint
  // CHECK: %[[C:.+]] = stream.cmd.parameter.write
  %2 = stream.cmd.parameter.write %buf[%n for %n] : !stream.resource<transient>{%n} -> %key[%off] => !stream.timepoint
  // CHECK: util.return %[[RT]], %[[W]], %[[C]]
  util.return %0#1, %1#0, %2 : !stream.timepoint, !stream.resource<transient>, !stream.timepoint
}

// -----

// Awaits on an immediate timepoint are dropped; other awaits stay.

// CHECK-LABEL: util.func public @elide_immediate_waits
util.func public @elide_immediate_waits(%buf: !stream.resource<transient>, %n: index, %key: !util.buffer, %off: i64, %t: !stream.timepoint) -> (!stream.resource<constant>, !stream.resource<transient>, !stream.resource<transient>, !stream.resource<transient>, !stream.resource<transient>, !stream.resource<constant>, !stream.timepoint, !stream.timepoint, !stream.timepoint, !stream.timepoint, !stream.resource<constant>) {
  %imm = stream.timepoint.immediate => !stream.timepoint
  // CHECK-NOT: stream.timepoint.immediate
  // CHECK: stream.async.parameter.load %arg2[%arg3] : !stream.resource<constant>{%arg1} => !stream.timepoint
  %0:2 = stream.async.parameter.load await(%imm) %key[%off] : !stream.resource<constant>{%n} => !stream.timepoint
  // CHECK: stream.async.parameter.read %arg2[%arg3] -> %arg0[
  %1:2 = stream.async.parameter.read await(%imm) %key[%off] -> %buf[%n to %n for %n] : !stream.resource<transient>{%n} => !stream.timepoint
  // CHECK: stream.async.parameter.write %arg0[
  %2:2 = stream.async.parameter.write await(%imm) %buf[%n to %n for %n] -> %key[%off] : !stream.resource<transient>{%n} => !stream.timepoint
  // CHECK: stream.async.parameter.gather {
  %3:2 = stream.async.parameter.gather await(%imm) {
    %key[%off] -> %buf[%n to %n for %n] : !stream.resource<transient>{%n}
  } : !stream.resource<transient> => !stream.timepoint
  // CHECK: stream.async.parameter.scatter {
  %4:2 = stream.async.parameter.scatter await(%imm) {
    %buf[%n to %n for %n] : !stream.resource<transient>{%n} -> %key[%off]
  } : !stream.resource<transient> => !stream.timepoint
  // CHECK: stream.cmd.parameter.load {
  %5:2 = stream.cmd.parameter.load await(%imm) => {
    %key[%off] : !stream.resource<constant>{%n}
  } => !stream.timepoint
  // CHECK: stream.cmd.parameter.read %arg2[%arg3] -> %arg0[
  %6 = stream.cmd.parameter.read await(%imm) => %key[%off] -> %buf[%n for %n] : !stream.resource<transient>{%n} => !stream.timepoint
  // CHECK: stream.cmd.parameter.write %arg0[
  %7 = stream.cmd.parameter.write await(%imm) => %buf[%n for %n] : !stream.resource<transient>{%n} -> %key[%off] => !stream.timepoint
  // CHECK: stream.cmd.parameter.gather {
  %8 = stream.cmd.parameter.gather await(%imm) => {
    %key[%off] -> %buf[%n for %n] : !stream.resource<transient>{%n}
  } => !stream.timepoint
  // CHECK: stream.cmd.parameter.scatter {
  %9 = stream.cmd.parameter.scatter await(%imm) => {
    %buf[%n for %n] : !stream.resource<transient>{%n} -> %key[%off]
  } => !stream.timepoint
  // CHECK: stream.async.parameter.load await(%arg4) %arg2[%arg3]
  %10:2 = stream.async.parameter.load await(%t) %key[%off] : !stream.resource<constant>{%n} => !stream.timepoint
  util.return %0#0, %1#0, %2#0, %3#0, %4#0, %5#0, %6, %7, %8, %9, %10#0 : !stream.resource<constant>, !stream.resource<transient>, !stream.resource<transient>, !stream.resource<transient>, !stream.resource<transient>, !stream.resource<constant>, !stream.timepoint, !stream.timepoint, !stream.timepoint, !stream.timepoint, !stream.resource<constant>
}

// -----

// CHECK-LABEL: util.func public @fold_async_parameter_load_subview
util.func public @fold_async_parameter_load_subview(%scope: !util.buffer, %key: !util.buffer, %base: index) -> (!stream.resource<constant>, !stream.timepoint) {
  // CHECK-DAG: %[[C50:.+]] = arith.constant 50 : i64
  // CHECK-DAG: %[[C100:.+]] = arith.constant 100 : index
  // CHECK-DAG: %[[C200:.+]] = arith.constant 200 : index
  %c50_i64 = arith.constant 50 : i64
  %c100 = arith.constant 100 : index
  %c200 = arith.constant 200 : index
  %c500 = arith.constant 500 : index
  // CHECK: %[[O:.+]] = arith.addi %arg2, %[[C100]] : index
  // CHECK-NEXT: %[[I:.+]] = arith.index_cast %[[O]] : index to i64
  // CHECK-NEXT: %[[P:.+]] = arith.addi %[[I]], %[[C50]] : i64
  // CHECK-NEXT: %[[L:.+]], %[[LT:.+]] = stream.async.parameter.load %arg0::%arg1[%[[P]]] : !stream.resource<constant>{%[[C200]]} => !stream.timepoint
  // CHECK-NOT: stream.resource.subview
  // CHECK: util.return %[[L]], %[[LT]]
  %l, %lt = stream.async.parameter.load %scope::%key[%c50_i64] : !stream.resource<constant>{%c500} => !stream.timepoint
  %o = arith.addi %base, %c100 : index
  %v = stream.resource.subview %l[%o] : !stream.resource<constant>{%c500} -> !stream.resource<constant>{%c200}
  util.return %v, %lt : !stream.resource<constant>, !stream.timepoint
}

// -----

// The subview may consume the load through one await.

// CHECK-LABEL: util.func public @fold_async_parameter_load_subview_through_await
util.func public @fold_async_parameter_load_subview_through_await(%key: !util.buffer) -> !stream.resource<constant> {
  // CHECK-DAG: %[[C150:.+]] = arith.constant 150 : i64
  // CHECK-DAG: %[[C200:.+]] = arith.constant 200 : index
  %c50_i64 = arith.constant 50 : i64
  %c100 = arith.constant 100 : index
  %c200 = arith.constant 200 : index
  %c500 = arith.constant 500 : index
  // CHECK: %[[L:.+]], %{{.+}} = stream.async.parameter.load %arg0[%[[C150]]] : !stream.resource<constant>{%[[C200]]} => !stream.timepoint
  // CHECK-NOT: stream.timepoint.await
  // CHECK-NOT: stream.resource.subview
  // CHECK: util.return %[[L]]
  %l, %lt = stream.async.parameter.load %key[%c50_i64] : !stream.resource<constant>{%c500} => !stream.timepoint
  %w = stream.timepoint.await %lt => %l : !stream.resource<constant>{%c500}
  %v = stream.resource.subview %w[%c100] : !stream.resource<constant>{%c500} -> !stream.resource<constant>{%c200}
  util.return %v : !stream.resource<constant>
}

// -----

// A load result with several uses is not narrowed.

// CHECK-LABEL: util.func public @no_fold_async_parameter_load_multi_use
util.func public @no_fold_async_parameter_load_multi_use(%key: !util.buffer) -> (!stream.resource<constant>, !stream.resource<constant>) {
  %c50_i64 = arith.constant 50 : i64
  %c100 = arith.constant 100 : index
  %c200 = arith.constant 200 : index
  %c500 = arith.constant 500 : index
  // CHECK: %[[L:.+]], %{{.+}} = stream.async.parameter.load %arg0[%c50_i64] : !stream.resource<constant>{%c500} => !stream.timepoint
  // CHECK: %[[V:.+]] = stream.resource.subview %[[L]][%c100]
  // CHECK: util.return %[[V]], %[[L]]
  %l, %lt = stream.async.parameter.load %key[%c50_i64] : !stream.resource<constant>{%c500} => !stream.timepoint
  %v = stream.resource.subview %l[%c100] : !stream.resource<constant>{%c500} -> !stream.resource<constant>{%c200}
  util.return %v, %l : !stream.resource<constant>, !stream.resource<constant>
}

// -----

// The subview offset is added to the resource range and (quirk) to the
// parameter offset.

// CHECK-LABEL: util.func public @fold_async_parameter_read_target_subview
util.func public @fold_async_parameter_read_target_subview(%scope: !util.buffer, %key: !util.buffer, %t: !stream.resource<transient>, %tn: index, %o: index) -> (!stream.resource<transient>, !stream.timepoint) {
  // CHECK-DAG: %[[C50:.+]] = arith.constant 50 : i64
  // CHECK-DAG: %[[C100:.+]] = arith.constant 100 : index
  // CHECK-DAG: %[[C200:.+]] = arith.constant 200 : index
  // CHECK-DAG: %[[C300:.+]] = arith.constant 300 : index
  %c50_i64 = arith.constant 50 : i64
  %c100 = arith.constant 100 : index
  %c200 = arith.constant 200 : index
  %c300 = arith.constant 300 : index
  // CHECK-NOT: stream.resource.subview
  // CHECK: %[[I:.+]] = arith.index_cast %arg4 : index to i64
  // CHECK-NEXT: %[[P:.+]] = arith.addi %[[I]], %[[C50]] : i64
  // CHECK-NEXT: %[[B:.+]] = arith.addi %arg4, %[[C100]] : index
  // CHECK-NEXT: %[[E:.+]] = arith.addi %arg4, %[[C300]] : index
  // CHECK-NEXT: stream.async.parameter.read %arg0::%arg1[%[[P]]] -> %arg2[%[[B]] to %[[E]] for %[[C200]]] : !stream.resource<transient>{%arg3} => !stream.timepoint
  %v = stream.resource.subview %t[%o] : !stream.resource<transient>{%tn} -> !stream.resource<transient>{%c300}
  %r, %rt = stream.async.parameter.read %scope::%key[%c50_i64] -> %v[%c100 to %c300 for %c200] : !stream.resource<transient>{%c300} => !stream.timepoint
  util.return %r, %rt : !stream.resource<transient>, !stream.timepoint
}

// -----

// CHECK-LABEL: util.func public @no_fold_async_parameter_read
util.func public @no_fold_async_parameter_read(%key: !util.buffer, %t: !stream.resource<transient>, %tn: index) -> (!stream.resource<transient>, !stream.timepoint) {
  %c50_i64 = arith.constant 50 : i64
  %c100 = arith.constant 100 : index
  %c200 = arith.constant 200 : index
  %c300 = arith.constant 300 : index
  // CHECK: stream.async.parameter.read %arg0[%c50_i64] -> %arg1[%c100 to %c300 for %c200] : !stream.resource<transient>{%arg2} => !stream.timepoint
  %r, %rt = stream.async.parameter.read %key[%c50_i64] -> %t[%c100 to %c300 for %c200] : !stream.resource<transient>{%tn} => !stream.timepoint
  util.return %r, %rt : !stream.resource<transient>, !stream.timepoint
}

// -----

// CHECK-LABEL: util.func public @fold_async_parameter_write_source_subview
util.func public @fold_async_parameter_write_source_subview(%scope: !util.buffer, %key: !util.buffer, %s: !stream.resource<transient>, %sn: index) -> (!stream.resource<transient>, !stream.timepoint) {
  // CHECK-DAG: %[[C114:.+]] = arith.constant 114 : i64
  // CHECK-DAG: %[[C200:.+]] = arith.constant 200 : index
  // CHECK-DAG: %[[C264:.+]] = arith.constant 264 : index
  // CHECK-DAG: %[[C464:.+]] = arith.constant 464 : index
  %c50_i64 = arith.constant 50 : i64
  %c64 = arith.constant 64 : index
  %c200 = arith.constant 200 : index
  %c300 = arith.constant 300 : index
  %c400 = arith.constant 400 : index
  // CHECK-NOT: stream.resource.subview
  // CHECK: stream.async.parameter.write %arg2[%[[C264]] to %[[C464]] for %[[C200]]] -> %arg0::%arg1[%[[C114]]] : !stream.resource<transient>{%arg3} => !stream.timepoint
  %v = stream.resource.subview %s[%c64] : !stream.resource<transient>{%sn} -> !stream.resource<transient>{%c400}
  %r, %rt = stream.async.parameter.write %v[%c200 to %c400 for %c200] -> %scope::%key[%c50_i64] : !stream.resource<transient>{%c400} => !stream.timepoint
  util.return %r, %rt : !stream.resource<transient>, !stream.timepoint
}

// -----

// CHECK-LABEL: util.func public @fold_async_parameter_gather_target_subview
util.func public @fold_async_parameter_gather_target_subview(%scope: !util.buffer, %k0: !util.buffer, %k1: !util.buffer, %t: !stream.resource<transient>, %tn: index, %o: index) -> (!stream.resource<transient>, !stream.timepoint) {
  // CHECK-DAG: %[[C10:.+]] = arith.constant 10 : i64
  // CHECK-DAG: %[[C20:.+]] = arith.constant 20 : i64
  // CHECK-DAG: %[[C16:.+]] = arith.constant 16 : index
  // CHECK-DAG: %[[C32:.+]] = arith.constant 32 : index
  %c10_i64 = arith.constant 10 : i64
  %c20_i64 = arith.constant 20 : i64
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c100 = arith.constant 100 : index
  // CHECK-NOT: stream.resource.subview
  // CHECK: %[[I:.+]] = arith.index_cast %arg5 : index to i64
  // CHECK-NEXT: %[[P0:.+]] = arith.addi %[[I]], %[[C10]] : i64
  // CHECK-NEXT: %[[P1:.+]] = arith.addi %[[I]], %[[C20]] : i64
  // CHECK-NEXT: %[[O1:.+]] = arith.addi %arg5, %[[C16]] : index
  // CHECK-NEXT: %[[E0:.+]] = arith.addi %arg5, %[[C16]] : index
  // CHECK-NEXT: %[[E1:.+]] = arith.addi %arg5, %[[C32]] : index
  // CHECK-NEXT: stream.async.parameter.gather {
  // CHECK-NEXT: %arg0::%arg1[%[[P0]]] -> %arg3[%arg5 to %[[E0]] for %[[C16]]] : !stream.resource<transient>{%arg4},
  // CHECK-NEXT: %arg0::%arg2[%[[P1]]] -> %arg3[%[[O1]] to %[[E1]] for %[[C16]]] : !stream.resource<transient>{%arg4}
  // CHECK-NEXT: } : !stream.resource<transient> => !stream.timepoint
  %v = stream.resource.subview %t[%o] : !stream.resource<transient>{%tn} -> !stream.resource<transient>{%c100}
  %r, %rt = stream.async.parameter.gather {
    %scope::%k0[%c10_i64] -> %v[%c0 to %c16 for %c16] : !stream.resource<transient>{%c100},
    %scope::%k1[%c20_i64] -> %v[%c16 to %c32 for %c16] : !stream.resource<transient>{%c100}
  } : !stream.resource<transient> => !stream.timepoint
  util.return %r, %rt : !stream.resource<transient>, !stream.timepoint
}

// -----

// CHECK-LABEL: util.func public @fold_async_parameter_scatter_source_subview
util.func public @fold_async_parameter_scatter_source_subview(%scope: !util.buffer, %k0: !util.buffer, %k1: !util.buffer, %s: !stream.resource<transient>, %sn: index) -> (!stream.resource<transient>, !stream.timepoint) {
  // CHECK-DAG: %[[C74:.+]] = arith.constant 74 : i64
  // CHECK-DAG: %[[C84:.+]] = arith.constant 84 : i64
  // CHECK-DAG: %[[C16:.+]] = arith.constant 16 : index
  // CHECK-DAG: %[[C64:.+]] = arith.constant 64 : index
  // CHECK-DAG: %[[C80:.+]] = arith.constant 80 : index
  // CHECK-DAG: %[[C96:.+]] = arith.constant 96 : index
  %c10_i64 = arith.constant 10 : i64
  %c20_i64 = arith.constant 20 : i64
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  %c100 = arith.constant 100 : index
  // CHECK-NOT: stream.resource.subview
  // CHECK: stream.async.parameter.scatter {
  // CHECK-NEXT: %arg3[%[[C64]] to %[[C80]] for %[[C16]]] : !stream.resource<transient>{%arg4} -> %arg0::%arg1[%[[C74]]],
  // CHECK-NEXT: %arg3[%[[C80]] to %[[C96]] for %[[C16]]] : !stream.resource<transient>{%arg4} -> %arg0::%arg2[%[[C84]]]
  // CHECK-NEXT: } : !stream.resource<transient> => !stream.timepoint
  %v = stream.resource.subview %s[%c64] : !stream.resource<transient>{%sn} -> !stream.resource<transient>{%c100}
  %r, %rt = stream.async.parameter.scatter {
    %v[%c0 to %c16 for %c16] : !stream.resource<transient>{%c100} -> %scope::%k0[%c10_i64],
    %v[%c16 to %c32 for %c16] : !stream.resource<transient>{%c100} -> %scope::%k1[%c20_i64]
  } : !stream.resource<transient> => !stream.timepoint
  util.return %r, %rt : !stream.resource<transient>, !stream.timepoint
}

// -----

// Each load result viewed by exactly one subview loads only that range.

// CHECK-LABEL: util.func public @fold_cmd_parameter_load_subviews
util.func public @fold_cmd_parameter_load_subviews(%scope: !util.buffer, %k0: !util.buffer, %k1: !util.buffer, %k2: !util.buffer, %off0: index, %len0: index) -> (!stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.timepoint) {
  // CHECK-DAG: %[[C52:.+]] = arith.constant 52 : i64
  // CHECK-DAG: %[[C51:.+]] = arith.constant 51 : i64
  // CHECK-DAG: %[[C300:.+]] = arith.constant 300 : index
  // CHECK-DAG: %[[C20:.+]] = arith.constant 20 : index
  // CHECK-DAG: %[[C10:.+]] = arith.constant 10 : index
  %c50_i64 = arith.constant 50 : i64
  %c51_i64 = arith.constant 51 : i64
  %c52_i64 = arith.constant 52 : i64
  %c10 = arith.constant 10 : index
  %c20 = arith.constant 20 : index
  %c100 = arith.constant 100 : index
  %c200 = arith.constant 200 : index
  %c300 = arith.constant 300 : index
  // CHECK: %[[I:.+]] = arith.index_cast %arg4 : index to i64
  // CHECK-NEXT: %[[P0:.+]] = arith.addi %[[I]], %[[C50:.+]] : i64
  // CHECK-NEXT: %[[R:.+]]:3, %[[RT:.+]] = stream.cmd.parameter.load {
  // CHECK-NEXT: %arg0::%arg1[%[[P0]]] : !stream.resource<constant>{%arg5},
  // CHECK-NEXT: %arg0::%arg2[%[[C51]]] : !stream.resource<constant>{%[[C200:.+]]},
  // CHECK-NEXT: %arg0::%arg3[%[[C52]]] : !stream.resource<constant>{%[[C300]]}
  // CHECK-NEXT: } => !stream.timepoint
  // CHECK-NEXT: %[[V1:.+]] = stream.resource.subview %[[R]]#1[%[[C10]]]
  // CHECK-NEXT: util.return %[[R]]#0, %[[V1]], %[[R]]#1, %[[R]]#2, %[[RT]]
  %r:3, %rt = stream.cmd.parameter.load {
    %scope::%k0[%c50_i64] : !stream.resource<constant>{%c100},
    %scope::%k1[%c51_i64] : !stream.resource<constant>{%c200},
    %scope::%k2[%c52_i64] : !stream.resource<constant>{%c300}
  } => !stream.timepoint
  %v0 = stream.resource.subview %r#0[%off0] : !stream.resource<constant>{%c100} -> !stream.resource<constant>{%len0}
  %v1 = stream.resource.subview %r#1[%c10] : !stream.resource<constant>{%c200} -> !stream.resource<constant>{%c20}
  util.return %v0, %v1, %r#1, %r#2, %rt : !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.timepoint
}

// -----

// Subview offset and size producers defined after the load are moved above it.

// CHECK-LABEL: util.func public @fold_cmd_parameter_load_subview_moves_producers
util.func public @fold_cmd_parameter_load_subview_moves_producers(%key: !util.buffer, %a: index, %b: index) -> !stream.resource<constant> {
  %c50_i64 = arith.constant 50 : i64
  %c100 = arith.constant 100 : index
  // CHECK: %[[O:.+]] = arith.addi %arg1, %arg2 : index
  // CHECK-NEXT: %[[S:.+]] = arith.muli %arg1, %arg2 : index
  // CHECK-NEXT: %[[I:.+]] = arith.index_cast %[[O]] : index to i64
  // CHECK-NEXT: %[[P:.+]] = arith.addi %[[I]], %c50_i64 : i64
  // CHECK-NEXT: %[[R:.+]], %{{.+}} = stream.cmd.parameter.load {
  // CHECK-NEXT: %arg0[%[[P]]] : !stream.resource<constant>{%[[S]]}
  // CHECK-NEXT: } => !stream.timepoint
  // CHECK-NEXT: util.return %[[R]]
  %r, %rt = stream.cmd.parameter.load {
    %key[%c50_i64] : !stream.resource<constant>{%c100}
  } => !stream.timepoint
  %o = arith.addi %a, %b : index
  %s = arith.muli %a, %b : index
  %v = stream.resource.subview %r[%o] : !stream.resource<constant>{%c100} -> !stream.resource<constant>{%s}
  util.return %v : !stream.resource<constant>
}

// -----

// CHECK-LABEL: util.func public @fold_cmd_parameter_read_write_subviews
util.func public @fold_cmd_parameter_read_write_subviews(%scope: !util.buffer, %key: !util.buffer, %t: !stream.resource<transient>, %tn: index) -> (!stream.timepoint, !stream.timepoint) {
  // CHECK-DAG: %[[C114:.+]] = arith.constant 114 : i64
  // CHECK-DAG: %[[C264:.+]] = arith.constant 264 : index
  // CHECK-DAG: %[[C200:.+]] = arith.constant 200 : index
  %c50_i64 = arith.constant 50 : i64
  %c64 = arith.constant 64 : index
  %c200 = arith.constant 200 : index
  %c400 = arith.constant 400 : index
  // CHECK-NOT: stream.resource.subview
  // CHECK: stream.cmd.parameter.read %arg0::%arg1[%[[C114]]] -> %arg2[%[[C264]] for %[[C200]]] : !stream.resource<transient>{%arg3} => !stream.timepoint
  // CHECK: stream.cmd.parameter.write %arg2[%[[C264]] for %[[C200]]] : !stream.resource<transient>{%arg3} -> %arg0::%arg1[%[[C114]]] => !stream.timepoint
  %v = stream.resource.subview %t[%c64] : !stream.resource<transient>{%tn} -> !stream.resource<transient>{%c400}
  %r = stream.cmd.parameter.read %scope::%key[%c50_i64] -> %v[%c200 for %c200] : !stream.resource<transient>{%c400} => !stream.timepoint
  %w = stream.cmd.parameter.write %v[%c200 for %c200] : !stream.resource<transient>{%c400} -> %scope::%key[%c50_i64] => !stream.timepoint
  util.return %r, %w : !stream.timepoint, !stream.timepoint
}

// -----

// The cmd gather/scatter patterns leave the parameter offsets alone.

// CHECK-LABEL: util.func public @fold_cmd_parameter_gather_scatter_subviews
util.func public @fold_cmd_parameter_gather_scatter_subviews(%key: !util.buffer, %t: !stream.resource<transient>, %tn: index) -> (!stream.timepoint, !stream.timepoint) {
  // CHECK-DAG: %[[C50:.+]] = arith.constant 50 : i64
  // CHECK-DAG: %[[C64:.+]] = arith.constant 64 : index
  // CHECK-DAG: %[[C80:.+]] = arith.constant 80 : index
  // CHECK-DAG: %[[C16:.+]] = arith.constant 16 : index
  %c50_i64 = arith.constant 50 : i64
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %c64 = arith.constant 64 : index
  %c400 = arith.constant 400 : index
  // CHECK-NOT: stream.resource.subview
  // CHECK: stream.cmd.parameter.gather {
  // CHECK-NEXT: %arg0[%[[C50]]] -> %arg1[%[[C64]] for %[[C16]]] : !stream.resource<transient>{%arg2},
  // CHECK-NEXT: %arg0[%[[C50]]] -> %arg1[%[[C80]] for %[[C16]]] : !stream.resource<transient>{%arg2}
  // CHECK-NEXT: } => !stream.timepoint
  // CHECK: stream.cmd.parameter.scatter {
  // CHECK-NEXT: %arg1[%[[C64]] for %[[C16]]] : !stream.resource<transient>{%arg2} -> %arg0[%[[C50]]],
  // CHECK-NEXT: %arg1[%[[C80]] for %[[C16]]] : !stream.resource<transient>{%arg2} -> %arg0[%[[C50]]]
  // CHECK-NEXT: } => !stream.timepoint
  %v = stream.resource.subview %t[%c64] : !stream.resource<transient>{%tn} -> !stream.resource<transient>{%c400}
  %g = stream.cmd.parameter.gather {
    %key[%c50_i64] -> %v[%c0 for %c16] : !stream.resource<transient>{%c400},
    %key[%c50_i64] -> %v[%c16 for %c16] : !stream.resource<transient>{%c400}
  } => !stream.timepoint
  %s = stream.cmd.parameter.scatter {
    %v[%c0 for %c16] : !stream.resource<transient>{%c400} -> %key[%c50_i64],
    %v[%c16 for %c16] : !stream.resource<transient>{%c400} -> %key[%c50_i64]
  } => !stream.timepoint
  util.return %g, %s : !stream.timepoint, !stream.timepoint
}

// -----

// Operands that are not subviews are left alone.

// CHECK-LABEL: util.func public @no_fold_cmd_parameter_ops
util.func public @no_fold_cmd_parameter_ops(%key: !util.buffer, %off: i64, %t: !stream.resource<transient>, %tn: index, %o: index) -> (!stream.timepoint, !stream.timepoint, !stream.timepoint, !stream.timepoint) {
  // CHECK: stream.cmd.parameter.read %arg0[%arg1] -> %arg2[%arg4 for %arg4] : !stream.resource<transient>{%arg3}
  // CHECK: stream.cmd.parameter.write %arg2[%arg4 for %arg4] : !stream.resource<transient>{%arg3} -> %arg0[%arg1]
  // CHECK: stream.cmd.parameter.gather {
  // CHECK-NEXT: %arg0[%arg1] -> %arg2[%arg4 for %arg4] : !stream.resource<transient>{%arg3}
  // CHECK: stream.cmd.parameter.scatter {
  // CHECK-NEXT: %arg2[%arg4 for %arg4] : !stream.resource<transient>{%arg3} -> %arg0[%arg1]
  %r = stream.cmd.parameter.read %key[%off] -> %t[%o for %o] : !stream.resource<transient>{%tn} => !stream.timepoint
  %w = stream.cmd.parameter.write %t[%o for %o] : !stream.resource<transient>{%tn} -> %key[%off] => !stream.timepoint
  %g = stream.cmd.parameter.gather {
    %key[%off] -> %t[%o for %o] : !stream.resource<transient>{%tn}
  } => !stream.timepoint
  %s = stream.cmd.parameter.scatter {
    %t[%o for %o] : !stream.resource<transient>{%tn} -> %key[%off]
  } => !stream.timepoint
  util.return %r, %w, %g, %s : !stream.timepoint, !stream.timepoint, !stream.timepoint, !stream.timepoint
}

// -----

// stream-folding.md §11.4: the slice consumes the load through an await; the
// load moves down to the slice and takes its offset and size.

// CHECK-LABEL: util.func public @fold_async_parameter_load_slice_then_await
util.func public @fold_async_parameter_load_slice_then_await(%s: !util.buffer, %k: !util.buffer, %p: i64, %big: index, %o: index, %e: index, %len: index) -> !stream.resource<constant> {
  // CHECK-NOT: stream.async.slice
  // CHECK: %[[I:.+]] = arith.index_cast %arg4 : index to i64
  // CHECK-NEXT: %[[P:.+]] = arith.addi %arg2, %[[I]] : i64
  // CHECK-NEXT: %[[L:.+]], %[[LT:.+]] = stream.async.parameter.load %arg0::%arg1[%[[P]]] : !stream.resource<constant>{%arg6} => !stream.timepoint
  // CHECK-NEXT: %[[F:.+]] = stream.timepoint.await %[[LT]] => %[[L]] : !stream.resource<constant>{%arg6}
  // CHECK-NEXT: util.return %[[F]]
  %l, %lt = stream.async.parameter.load %s::%k[%p] : !stream.resource<constant>{%big} => !stream.timepoint
  %w = stream.timepoint.await %lt => %l : !stream.resource<constant>{%big}
  %v = stream.async.slice %w[%o to %e] : !stream.resource<constant>{%big} -> !stream.resource<constant>{%len}
  %f = stream.timepoint.await %lt => %v : !stream.resource<constant>{%len}
  util.return %f : !stream.resource<constant>
}

// -----

// CHECK-LABEL: util.func public @fold_async_parameter_load_slice
util.func public @fold_async_parameter_load_slice(%k: !util.buffer) -> !stream.resource<constant> {
  // CHECK-DAG: %[[C164:.+]] = arith.constant 164 : i64
  // CHECK-DAG: %[[C64:.+]] = arith.constant 64 : index
  %c100_i64 = arith.constant 100 : i64
  %c64 = arith.constant 64 : index
  %c128 = arith.constant 128 : index
  %c1000 = arith.constant 1000 : index
  // CHECK: %[[L:.+]], %{{.+}} = stream.async.parameter.load %arg0[%[[C164]]] : !stream.resource<constant>{%[[C64]]} => !stream.timepoint
  // CHECK-NOT: stream.async.slice
  // CHECK: util.return %[[L]]
  %l, %lt = stream.async.parameter.load %k[%c100_i64] : !stream.resource<constant>{%c1000} => !stream.timepoint
  %v = stream.async.slice %l[%c64 to %c128] : !stream.resource<constant>{%c1000} -> !stream.resource<constant>{%c64}
  util.return %v : !stream.resource<constant>
}

// -----

// An await whose other results are used is not looked through.

// CHECK-LABEL: util.func public @no_fold_async_parameter_load_slice_shared_await
util.func public @no_fold_async_parameter_load_slice_shared_await(%k: !util.buffer, %r: !stream.resource<constant>, %n: index) -> (!stream.resource<constant>, !stream.resource<constant>) {
  %c100_i64 = arith.constant 100 : i64
  %c64 = arith.constant 64 : index
  %c128 = arith.constant 128 : index
  %c1000 = arith.constant 1000 : index
  // CHECK: stream.async.parameter.load %arg0[%c100_i64] : !stream.resource<constant>{%c1000}
  // CHECK: stream.timepoint.await
  // CHECK: stream.async.slice
  %l, %lt = stream.async.parameter.load %k[%c100_i64] : !stream.resource<constant>{%c1000} => !stream.timepoint
  %w:2 = stream.timepoint.await %lt => %l, %r : !stream.resource<constant>{%c1000}, !stream.resource<constant>{%n}
  %v = stream.async.slice %w#0[%c64 to %c128] : !stream.resource<constant>{%c1000} -> !stream.resource<constant>{%c64}
  util.return %v, %w#1 : !stream.resource<constant>, !stream.resource<constant>
}

// -----

// Operands that are not subviews are left alone.

// CHECK-LABEL: util.func public @no_fold_async_parameter_ops
util.func public @no_fold_async_parameter_ops(%key: !util.buffer, %off: i64, %t: !stream.resource<transient>, %tn: index, %o: index) -> (!stream.resource<transient>, !stream.resource<transient>, !stream.resource<transient>) {
  // CHECK: stream.async.parameter.write %arg2[%arg4 to %arg4 for %arg4] -> %arg0[%arg1] : !stream.resource<transient>{%arg3}
  // CHECK: stream.async.parameter.gather {
  // CHECK-NEXT: %arg0[%arg1] -> %arg2[%arg4 to %arg4 for %arg4] : !stream.resource<transient>{%arg3}
  // CHECK: stream.async.parameter.scatter {
  // CHECK-NEXT: %arg2[%arg4 to %arg4 for %arg4] : !stream.resource<transient>{%arg3} -> %arg0[%arg1]
  %w:2 = stream.async.parameter.write %t[%o to %o for %o] -> %key[%off] : !stream.resource<transient>{%tn} => !stream.timepoint
  %g:2 = stream.async.parameter.gather {
    %key[%off] -> %t[%o to %o for %o] : !stream.resource<transient>{%tn}
  } : !stream.resource<transient> => !stream.timepoint
  %s:2 = stream.async.parameter.scatter {
    %t[%o to %o for %o] : !stream.resource<transient>{%tn} -> %key[%off]
  } : !stream.resource<transient> => !stream.timepoint
  util.return %w#0, %g#0, %s#0 : !stream.resource<transient>, !stream.resource<transient>, !stream.resource<transient>
}

// -----

// The read target is an await result, not a subview: nothing to fold (looking
// through the await can never reach a subview).

// CHECK-LABEL: util.func public @no_fold_async_parameter_read_through_await
util.func public @no_fold_async_parameter_read_through_await(%key: !util.buffer, %off: i64, %t: !stream.resource<transient>, %tn: index, %o: index, %tp: !stream.timepoint) -> !stream.resource<transient> {
  // CHECK: %[[W:.+]] = stream.timepoint.await
  // CHECK: stream.async.parameter.read %arg0[%arg1] -> %[[W]][%arg4 to %arg4 for %arg4] : !stream.resource<transient>{%arg3}
  %w = stream.timepoint.await %tp => %t : !stream.resource<transient>{%tn}
  %r:2 = stream.async.parameter.read %key[%off] -> %w[%o to %o for %o] : !stream.resource<transient>{%tn} => !stream.timepoint
  util.return %r#0 : !stream.resource<transient>
}
