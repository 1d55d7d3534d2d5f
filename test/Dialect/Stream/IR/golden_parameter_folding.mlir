// REQUIRES: sluice-opt
// RUN: sluice-opt --split-input-file --canonicalize='test-convergence=true' %s | FileCheck %s

// Golden cross-check of stream-folding.md parameter ops: §5.4 async.parameter.*,
// §5.5 cmd.parameter.*, §7.1, §8.4, §11.4.

// §5.4 FoldAsyncParameterLoadResultSubview (spec example).
// CHECK-LABEL: util.func public @async_load_result_subview
util.func public @async_load_result_subview(%scope: !util.buffer, %key: !util.buffer, %base: index) -> !stream.resource<constant> {
  // CHECK-DAG: %[[C50:.+]] = arith.constant 50 : i64
  // CHECK-DAG: %[[C100:.+]] = arith.constant 100 : index
  // CHECK-DAG: %[[C200:.+]] = arith.constant 200 : index
  // CHECK: %[[O:.+]] = arith.addi %arg2, %[[C100]] : index
  // CHECK-NEXT: %[[I:.+]] = arith.index_cast %[[O]] : index to i64
  // CHECK-NEXT: %[[P:.+]] = arith.addi %[[I]], %[[C50]] : i64
  // CHECK-NEXT: %[[L:.+]], %[[LT:.+]] = stream.async.parameter.load %arg0::%arg1[%[[P]]] : !stream.resource<constant>{%[[C200]]} => !stream.timepoint
  // CHECK-NEXT: %[[W:.+]] = stream.timepoint.await %[[LT]] => %[[L]] : !stream.resource<constant>{%[[C200]]}
  // CHECK-NEXT: util.return %[[W]]
  %c50_i64 = arith.constant 50 : i64
  %c100 = arith.constant 100 : index
  %c200 = arith.constant 200 : index
  %c500 = arith.constant 500 : index
  %l, %lt = stream.async.parameter.load %scope::%key[%c50_i64] : !stream.resource<constant>{%c500} => !stream.timepoint
  %o = arith.addi %base, %c100 : index
  %v = stream.resource.subview %l[%o] : !stream.resource<constant>{%c500} -> !stream.resource<constant>{%c200}
  %w = stream.timepoint.await %lt => %v : !stream.resource<constant>{%c200}
  util.return %w : !stream.resource<constant>
}

// -----

// §11.4 / §5.4 FoldAsyncParameterLoadResultSlice: load -> await -> slice -> await
// collapses to the load + the second await.
// CHECK-LABEL: util.func public @async_load_slice_then_await
util.func public @async_load_slice_then_await(%s: !util.buffer, %k: !util.buffer, %p: i64, %o: index, %e: index, %big: index, %len: index) -> !stream.resource<constant> {
  // CHECK-NEXT: %[[I:.+]] = arith.index_cast %arg3 : index to i64
  // CHECK-NEXT: %[[P2:.+]] = arith.addi %arg2, %[[I]] : i64
  // CHECK-NEXT: %[[L:.+]], %[[LT:.+]] = stream.async.parameter.load %arg0::%arg1[%[[P2]]] : !stream.resource<constant>{%arg6} => !stream.timepoint
  // CHECK-NEXT: %[[F:.+]] = stream.timepoint.await %[[LT]] => %[[L]] : !stream.resource<constant>{%arg6}
  // CHECK-NEXT: util.return %[[F]]
  %l, %lt = stream.async.parameter.load %s::%k[%p] : !stream.resource<constant>{%big} => !stream.timepoint
  %w = stream.timepoint.await %lt => %l : !stream.resource<constant>{%big}
  %v = stream.async.slice %w[%o to %e] : !stream.resource<constant>{%big} -> !stream.resource<constant>{%len}
  %f = stream.timepoint.await %lt => %v : !stream.resource<constant>{%len}
  util.return %f : !stream.resource<constant>
}

// -----

// §5.4 FoldAsyncParameterLoadResultSubview negative: the load result has more
// than one use.
// CHECK-LABEL: util.func public @async_load_multi_use
util.func public @async_load_multi_use(%s: !util.buffer, %k: !util.buffer, %p: i64, %o: index, %big: index, %len: index) -> (!stream.resource<constant>, !stream.resource<constant>, !stream.timepoint) {
  // CHECK-NEXT: %[[L:.+]], %[[LT:.+]] = stream.async.parameter.load %arg0::%arg1[%arg2] : !stream.resource<constant>{%arg4} => !stream.timepoint
  // CHECK-NEXT: %[[V:.+]] = stream.resource.subview %[[L]][%arg3] : !stream.resource<constant>{%arg4} -> !stream.resource<constant>{%arg5}
  // CHECK-NEXT: util.return %[[V]], %[[L]], %[[LT]]
  %l, %lt = stream.async.parameter.load %s::%k[%p] : !stream.resource<constant>{%big} => !stream.timepoint
  %v = stream.resource.subview %l[%o] : !stream.resource<constant>{%big} -> !stream.resource<constant>{%len}
  util.return %v, %l, %lt : !stream.resource<constant>, !stream.resource<constant>, !stream.timepoint
}

// -----

// §3.8 ElideImmediateTimepointWait<async.parameter.load>; unused loads erased.
// CHECK-LABEL: util.func public @async_load_immediate_await
util.func public @async_load_immediate_await(%s: !util.buffer, %k: !util.buffer, %p: i64, %n: index) -> (!stream.resource<constant>, !stream.timepoint) {
  // CHECK-NEXT: %[[L:.+]], %[[LT:.+]] = stream.async.parameter.load %arg0::%arg1[%arg2] : !stream.resource<constant>{%arg3} => !stream.timepoint
  // CHECK-NEXT: util.return %[[L]], %[[LT]]
  %imm = stream.timepoint.immediate => !stream.timepoint
  %l, %lt = stream.async.parameter.load await(%imm) %s::%k[%p] : !stream.resource<constant>{%n} => !stream.timepoint
  %l2, %lt2 = stream.async.parameter.load %s::%k[%p] : !stream.resource<constant>{%n} => !stream.timepoint
  util.return %l, %lt : !stream.resource<constant>, !stream.timepoint
}

// -----

// §5.4 FoldAsyncParameterReadTargetSubview (spec example), §8.4 QUIRK: the
// parameter offset is adjusted too.
// CHECK-LABEL: util.func public @async_read_target_subview
util.func public @async_read_target_subview(%scope: !util.buffer, %key: !util.buffer, %t: !stream.resource<transient>, %tn: index, %o: index) -> (!stream.resource<transient>, !stream.timepoint) {
  // CHECK-DAG: %[[C50:.+]] = arith.constant 50 : i64
  // CHECK-DAG: %[[C100:.+]] = arith.constant 100 : index
  // CHECK-DAG: %[[C200:.+]] = arith.constant 200 : index
  // CHECK-DAG: %[[C300:.+]] = arith.constant 300 : index
  // CHECK: %[[I:.+]] = arith.index_cast %arg4 : index to i64
  // CHECK-NEXT: %[[P:.+]] = arith.addi %[[I]], %[[C50]] : i64
  // CHECK-NEXT: %[[B:.+]] = arith.addi %arg4, %[[C100]] : index
  // CHECK-NEXT: %[[E:.+]] = arith.addi %arg4, %[[C300]] : index
  // CHECK-NEXT: %[[R:.+]], %[[RT:.+]] = stream.async.parameter.read %arg0::%arg1[%[[P]]] -> %arg2[%[[B]] to %[[E]] for %[[C200]]] : !stream.resource<transient>{%arg3} => !stream.timepoint
  // CHECK-NEXT: util.return %[[R]], %[[RT]]
  %c50_i64 = arith.constant 50 : i64
  %c100 = arith.constant 100 : index
  %c200 = arith.constant 200 : index
  %c300 = arith.constant 300 : index
  %v = stream.resource.subview %t[%o] : !stream.resource<transient>{%tn} -> !stream.resource<transient>{%c300}
  %r, %rt = stream.async.parameter.read %scope::%key[%c50_i64] -> %v[%c100 to %c300 for %c200] : !stream.resource<transient>{%c300} => !stream.timepoint
  util.return %r, %rt : !stream.resource<transient>, !stream.timepoint
}

// -----

// §5.4 FoldAsyncParameterWriteSourceSubview, §8.4 QUIRK.
// CHECK-LABEL: util.func public @async_write_source_subview
util.func public @async_write_source_subview(%scope: !util.buffer, %key: !util.buffer, %s: !stream.resource<*>, %sn: index, %o: index) -> (!stream.resource<*>, !stream.timepoint) {
  // CHECK-DAG: %[[C50:.+]] = arith.constant 50 : i64
  // CHECK-DAG: %[[C100:.+]] = arith.constant 100 : index
  // CHECK-DAG: %[[C200:.+]] = arith.constant 200 : index
  // CHECK-DAG: %[[C300:.+]] = arith.constant 300 : index
  // CHECK: %[[B:.+]] = arith.addi %arg4, %[[C100]] : index
  // CHECK-NEXT: %[[E:.+]] = arith.addi %arg4, %[[C300]] : index
  // CHECK-NEXT: %[[I:.+]] = arith.index_cast %arg4 : index to i64
  // CHECK-NEXT: %[[P:.+]] = arith.addi %[[I]], %[[C50]] : i64
  // CHECK-NEXT: %[[W:.+]], %[[WT:.+]] = stream.async.parameter.write %arg2[%[[B]] to %[[E]] for %[[C200]]] -> %arg0::%arg1[%[[P]]] : !stream.resource<*>{%arg3} => !stream.timepoint
  // CHECK-NEXT: util.return %[[W]], %[[WT]]
  %c50_i64 = arith.constant 50 : i64
  %c100 = arith.constant 100 : index
  %c200 = arith.constant 200 : index
  %c300 = arith.constant 300 : index
  %v = stream.resource.subview %s[%o] : !stream.resource<*>{%sn} -> !stream.resource<*>{%c300}
  %w, %wt = stream.async.parameter.write %v[%c100 to %c300 for %c200] -> %scope::%key[%c50_i64] : !stream.resource<*>{%c300} => !stream.timepoint
  util.return %w, %wt : !stream.resource<*>, !stream.timepoint
}

// -----

// §5.4 FoldAsyncParameterGatherTargetSubview, §8.4 QUIRK.
// CHECK-LABEL: util.func public @async_gather_target_subview
util.func public @async_gather_target_subview(%scope: !util.buffer, %k0: !util.buffer, %k1: !util.buffer, %t: !stream.resource<transient>, %tn: index, %o: index) -> (!stream.resource<transient>, !stream.timepoint) {
  // CHECK-DAG: %[[C50:.+]] = arith.constant 50 : i64
  // CHECK-DAG: %[[C51:.+]] = arith.constant 51 : i64
  // CHECK-DAG: %[[C100:.+]] = arith.constant 100 : index
  // CHECK-DAG: %[[C200:.+]] = arith.constant 200 : index
  // CHECK-DAG: %[[C300:.+]] = arith.constant 300 : index
  // CHECK: %[[I:.+]] = arith.index_cast %arg5 : index to i64
  // CHECK-NEXT: %[[S0:.+]] = arith.addi %[[I]], %[[C50]] : i64
  // CHECK-NEXT: %[[S1:.+]] = arith.addi %[[I]], %[[C51]] : i64
  // CHECK-NEXT: %[[O1:.+]] = arith.addi %arg5, %[[C200]] : index
  // CHECK-NEXT: %[[E0:.+]] = arith.addi %arg5, %[[C100]] : index
  // CHECK-NEXT: %[[E1:.+]] = arith.addi %arg5, %[[C300]] : index
  // CHECK-NEXT: %[[G:.+]], %[[GT:.+]] = stream.async.parameter.gather {
  // CHECK-NEXT: %arg0::%arg1[%[[S0]]] -> %arg3[%arg5 to %[[E0]] for %[[C100]]] : !stream.resource<transient>{%arg4},
  // CHECK-NEXT: %arg0::%arg2[%[[S1]]] -> %arg3[%[[O1]] to %[[E1]] for %[[C100]]] : !stream.resource<transient>{%arg4}
  // CHECK-NEXT: } : !stream.resource<transient> => !stream.timepoint
  %c0 = arith.constant 0 : index
  %c50_i64 = arith.constant 50 : i64
  %c51_i64 = arith.constant 51 : i64
  %c100 = arith.constant 100 : index
  %c200 = arith.constant 200 : index
  %c300 = arith.constant 300 : index
  %v = stream.resource.subview %t[%o] : !stream.resource<transient>{%tn} -> !stream.resource<transient>{%c300}
  %g, %gt = stream.async.parameter.gather {
    %scope::%k0[%c50_i64] -> %v[%c0 to %c100 for %c100] : !stream.resource<transient>{%c300},
    %scope::%k1[%c51_i64] -> %v[%c200 to %c300 for %c100] : !stream.resource<transient>{%c300}
  } : !stream.resource<transient> => !stream.timepoint
  util.return %g, %gt : !stream.resource<transient>, !stream.timepoint
}

// -----

// §5.4 FoldAsyncParameterScatterSourceSubview, §8.4 QUIRK.
// CHECK-LABEL: util.func public @async_scatter_source_subview
util.func public @async_scatter_source_subview(%scope: !util.buffer, %k0: !util.buffer, %k1: !util.buffer, %s: !stream.resource<*>, %sn: index, %o: index) -> (!stream.resource<*>, !stream.timepoint) {
  // CHECK-DAG: %[[C50:.+]] = arith.constant 50 : i64
  // CHECK-DAG: %[[C51:.+]] = arith.constant 51 : i64
  // CHECK-DAG: %[[C100:.+]] = arith.constant 100 : index
  // CHECK-DAG: %[[C200:.+]] = arith.constant 200 : index
  // CHECK-DAG: %[[C300:.+]] = arith.constant 300 : index
  // CHECK: %[[O1:.+]] = arith.addi %arg5, %[[C200]] : index
  // CHECK-NEXT: %[[E0:.+]] = arith.addi %arg5, %[[C100]] : index
  // CHECK-NEXT: %[[E1:.+]] = arith.addi %arg5, %[[C300]] : index
  // CHECK-NEXT: %[[I:.+]] = arith.index_cast %arg5 : index to i64
  // CHECK-NEXT: %[[T0:.+]] = arith.addi %[[I]], %[[C50]] : i64
  // CHECK-NEXT: %[[T1:.+]] = arith.addi %[[I]], %[[C51]] : i64
  // CHECK-NEXT: %[[R:.+]], %[[RT:.+]] = stream.async.parameter.scatter {
  // CHECK-NEXT: %arg3[%arg5 to %[[E0]] for %[[C100]]] : !stream.resource<*>{%arg4} -> %arg0::%arg1[%[[T0]]],
  // CHECK-NEXT: %arg3[%[[O1]] to %[[E1]] for %[[C100]]] : !stream.resource<*>{%arg4} -> %arg0::%arg2[%[[T1]]]
  // CHECK-NEXT: } : !stream.resource<*> => !stream.timepoint
  %c0 = arith.constant 0 : index
  %c50_i64 = arith.constant 50 : i64
  %c51_i64 = arith.constant 51 : i64
  %c100 = arith.constant 100 : index
  %c200 = arith.constant 200 : index
  %c300 = arith.constant 300 : index
  %v = stream.resource.subview %s[%o] : !stream.resource<*>{%sn} -> !stream.resource<*>{%c300}
  %r, %rt = stream.async.parameter.scatter {
    %v[%c0 to %c100 for %c100] : !stream.resource<*>{%c300} -> %scope::%k0[%c50_i64],
    %v[%c200 to %c300 for %c100] : !stream.resource<*>{%c300} -> %scope::%k1[%c51_i64]
  } : !stream.resource<*> => !stream.timepoint
  util.return %r, %rt : !stream.resource<*>, !stream.timepoint
}

// -----

// §5.5 FoldParameterLoadTargetSubviews (spec example).
// CHECK-LABEL: util.func public @cmd_load_target_subviews
util.func public @cmd_load_target_subviews(%scope: !util.buffer, %k0: !util.buffer, %k1: !util.buffer, %off0: index, %len0: index, %off1: index, %len1: index) -> (!stream.resource<constant>, !stream.resource<constant>, !stream.timepoint) {
  // CHECK-DAG: %[[C50:.+]] = arith.constant 50 : i64
  // CHECK-DAG: %[[C51:.+]] = arith.constant 51 : i64
  // CHECK: %[[I0:.+]] = arith.index_cast %arg3 : index to i64
  // CHECK-NEXT: %[[P0:.+]] = arith.addi %[[I0]], %[[C50]] : i64
  // CHECK-NEXT: %[[I1:.+]] = arith.index_cast %arg5 : index to i64
  // CHECK-NEXT: %[[P1:.+]] = arith.addi %[[I1]], %[[C51]] : i64
  // CHECK-NEXT: = stream.cmd.parameter.load {
  // CHECK-NEXT: %arg0::%arg1[%[[P0]]] : !stream.resource<constant>{%arg4},
  // CHECK-NEXT: %arg0::%arg2[%[[P1]]] : !stream.resource<constant>{%arg6}
  // CHECK-NEXT: } => !stream.timepoint
  // CHECK-NOT: stream.resource.subview
  %c50_i64 = arith.constant 50 : i64
  %c51_i64 = arith.constant 51 : i64
  %c100 = arith.constant 100 : index
  %c200 = arith.constant 200 : index
  %r0, %r1, %t = stream.cmd.parameter.load {
    %scope::%k0[%c50_i64] : !stream.resource<constant>{%c100},
    %scope::%k1[%c51_i64] : !stream.resource<constant>{%c200}
  } => !stream.timepoint
  %v0 = stream.resource.subview %r0[%off0] : !stream.resource<constant>{%c100} -> !stream.resource<constant>{%len0}
  %v1 = stream.resource.subview %r1[%off1] : !stream.resource<constant>{%c200} -> !stream.resource<constant>{%len1}
  util.return %v0, %v1, %t : !stream.resource<constant>, !stream.resource<constant>, !stream.timepoint
}

// -----

// §5.5 FoldParameterReadTargetSubview, §8.4 QUIRK (parameter offset adjusted).
// CHECK-LABEL: util.func public @cmd_read_target_subview
util.func public @cmd_read_target_subview(%scope: !util.buffer, %key: !util.buffer, %t: !stream.resource<transient>, %tn: index, %o: index) -> !stream.timepoint {
  // CHECK-DAG: %[[C50:.+]] = arith.constant 50 : i64
  // CHECK-DAG: %[[C100:.+]] = arith.constant 100 : index
  // CHECK-DAG: %[[C200:.+]] = arith.constant 200 : index
  // CHECK: %[[I:.+]] = arith.index_cast %arg4 : index to i64
  // CHECK-NEXT: %[[P:.+]] = arith.addi %[[I]], %[[C50]] : i64
  // CHECK-NEXT: %[[B:.+]] = arith.addi %arg4, %[[C100]] : index
  // CHECK-NEXT: %[[R:.+]] = stream.cmd.parameter.read %arg0::%arg1[%[[P]]] -> %arg2[%[[B]] for %[[C200]]] : !stream.resource<transient>{%arg3} => !stream.timepoint
  // CHECK-NEXT: util.return %[[R]]
  %c50_i64 = arith.constant 50 : i64
  %c100 = arith.constant 100 : index
  %c200 = arith.constant 200 : index
  %c300 = arith.constant 300 : index
  %v = stream.resource.subview %t[%o] : !stream.resource<transient>{%tn} -> !stream.resource<transient>{%c300}
  %r = stream.cmd.parameter.read %scope::%key[%c50_i64] -> %v[%c100 for %c200] : !stream.resource<transient>{%c300} => !stream.timepoint
  util.return %r : !stream.timepoint
}

// -----

// §5.5 FoldParameterWriteSourceSubview, §8.4 QUIRK.
// CHECK-LABEL: util.func public @cmd_write_source_subview
util.func public @cmd_write_source_subview(%scope: !util.buffer, %key: !util.buffer, %s: !stream.resource<transient>, %sn: index, %o: index) -> !stream.timepoint {
  // CHECK-DAG: %[[C50:.+]] = arith.constant 50 : i64
  // CHECK-DAG: %[[C100:.+]] = arith.constant 100 : index
  // CHECK-DAG: %[[C200:.+]] = arith.constant 200 : index
  // CHECK: %[[B:.+]] = arith.addi %arg4, %[[C100]] : index
  // CHECK-NEXT: %[[I:.+]] = arith.index_cast %arg4 : index to i64
  // CHECK-NEXT: %[[P:.+]] = arith.addi %[[I]], %[[C50]] : i64
  // CHECK-NEXT: %[[W:.+]] = stream.cmd.parameter.write %arg2[%[[B]] for %[[C200]]] : !stream.resource<transient>{%arg3} -> %arg0::%arg1[%[[P]]] => !stream.timepoint
  // CHECK-NEXT: util.return %[[W]]
  %c50_i64 = arith.constant 50 : i64
  %c100 = arith.constant 100 : index
  %c200 = arith.constant 200 : index
  %c300 = arith.constant 300 : index
  %v = stream.resource.subview %s[%o] : !stream.resource<transient>{%sn} -> !stream.resource<transient>{%c300}
  %w = stream.cmd.parameter.write %v[%c100 for %c200] : !stream.resource<transient>{%c300} -> %scope::%key[%c50_i64] => !stream.timepoint
  util.return %w : !stream.timepoint
}

// -----

// §5.5 FoldCmdParameterGatherTargetSubview: parameter offsets NOT adjusted.
// CHECK-LABEL: util.func public @cmd_gather_target_subview
util.func public @cmd_gather_target_subview(%scope: !util.buffer, %k0: !util.buffer, %k1: !util.buffer, %t: !stream.resource<transient>, %tn: index, %o: index) -> !stream.timepoint {
  // CHECK-DAG: %[[C50:.+]] = arith.constant 50 : i64
  // CHECK-DAG: %[[C51:.+]] = arith.constant 51 : i64
  // CHECK-DAG: %[[C100:.+]] = arith.constant 100 : index
  // CHECK-DAG: %[[C200:.+]] = arith.constant 200 : index
  // CHECK: %[[O1:.+]] = arith.addi %arg5, %[[C100]] : index
  // CHECK-NEXT: %[[G:.+]] = stream.cmd.parameter.gather {
  // CHECK-NEXT: %arg0::%arg1[%[[C50]]] -> %arg3[%arg5 for %[[C100]]] : !stream.resource<transient>{%arg4},
  // CHECK-NEXT: %arg0::%arg2[%[[C51]]] -> %arg3[%[[O1]] for %[[C200]]] : !stream.resource<transient>{%arg4}
  // CHECK-NEXT: } => !stream.timepoint
  %c0 = arith.constant 0 : index
  %c50_i64 = arith.constant 50 : i64
  %c51_i64 = arith.constant 51 : i64
  %c100 = arith.constant 100 : index
  %c200 = arith.constant 200 : index
  %c300 = arith.constant 300 : index
  %v = stream.resource.subview %t[%o] : !stream.resource<transient>{%tn} -> !stream.resource<transient>{%c300}
  %g = stream.cmd.parameter.gather {
    %scope::%k0[%c50_i64] -> %v[%c0 for %c100] : !stream.resource<transient>{%c300},
    %scope::%k1[%c51_i64] -> %v[%c100 for %c200] : !stream.resource<transient>{%c300}
  } => !stream.timepoint
  util.return %g : !stream.timepoint
}

// -----

// §5.5 FoldCmdParameterScatterSourceSubview: parameter offsets NOT adjusted.
// CHECK-LABEL: util.func public @cmd_scatter_source_subview
util.func public @cmd_scatter_source_subview(%scope: !util.buffer, %k0: !util.buffer, %k1: !util.buffer, %s: !stream.resource<transient>, %sn: index, %o: index) -> !stream.timepoint {
  // CHECK-DAG: %[[C50:.+]] = arith.constant 50 : i64
  // CHECK-DAG: %[[C51:.+]] = arith.constant 51 : i64
  // CHECK-DAG: %[[C100:.+]] = arith.constant 100 : index
  // CHECK-DAG: %[[C200:.+]] = arith.constant 200 : index
  // CHECK: %[[O1:.+]] = arith.addi %arg5, %[[C100]] : index
  // CHECK-NEXT: %[[R:.+]] = stream.cmd.parameter.scatter {
  // CHECK-NEXT: %arg3[%arg5 for %[[C100]]] : !stream.resource<transient>{%arg4} -> %arg0::%arg1[%[[C50]]],
  // CHECK-NEXT: %arg3[%[[O1]] for %[[C200]]] : !stream.resource<transient>{%arg4} -> %arg0::%arg2[%[[C51]]]
  // CHECK-NEXT: } => !stream.timepoint
  %c0 = arith.constant 0 : index
  %c50_i64 = arith.constant 50 : i64
  %c51_i64 = arith.constant 51 : i64
  %c100 = arith.constant 100 : index
  %c200 = arith.constant 200 : index
  %c300 = arith.constant 300 : index
  %v = stream.resource.subview %s[%o] : !stream.resource<transient>{%sn} -> !stream.resource<transient>{%c300}
  %r = stream.cmd.parameter.scatter {
    %v[%c0 for %c100] : !stream.resource<transient>{%c300} -> %scope::%k0[%c50_i64],
    %v[%c100 for %c200] : !stream.resource<transient>{%c300} -> %scope::%k1[%c51_i64]
  } => !stream.timepoint
  util.return %r : !stream.timepoint
}

// -----

// §3.8 ElideImmediateTimepointWait on cmd.parameter.read/write; §3.5 unused
// cmd parameter ops are erased.
// CHECK-LABEL: util.func public @cmd_param_immediate_and_unused
util.func public @cmd_param_immediate_and_unused(%scope: !util.buffer, %key: !util.buffer, %p: i64, %t: !stream.resource<transient>, %n: index) -> (!stream.timepoint, !stream.timepoint) {
  // CHECK-NEXT: %[[C0:.+]] = arith.constant 0 : index
  // CHECK-NEXT: %[[R:.+]] = stream.cmd.parameter.read %arg0::%arg1[%arg2] -> %arg3[%[[C0]] for %arg4] : !stream.resource<transient>{%arg4} => !stream.timepoint
  // CHECK-NEXT: %[[W:.+]] = stream.cmd.parameter.write %arg3[%[[C0]] for %arg4] : !stream.resource<transient>{%arg4} -> %arg0::%arg1[%arg2] => !stream.timepoint
  // CHECK-NEXT: util.return %[[R]], %[[W]]
  %c0 = arith.constant 0 : index
  %imm = stream.timepoint.immediate => !stream.timepoint
  %r = stream.cmd.parameter.read await(%imm) => %scope::%key[%p] -> %t[%c0 for %n] : !stream.resource<transient>{%n} => !stream.timepoint
  %w = stream.cmd.parameter.write await(%imm) => %t[%c0 for %n] : !stream.resource<transient>{%n} -> %scope::%key[%p] => !stream.timepoint
  %r2 = stream.cmd.parameter.read %scope::%key[%p] -> %t[%c0 for %n] : !stream.resource<transient>{%n} => !stream.timepoint
  %w2 = stream.cmd.parameter.write %t[%c0 for %n] : !stream.resource<transient>{%n} -> %scope::%key[%p] => !stream.timepoint
  util.return %r, %w : !stream.timepoint, !stream.timepoint
}

// -----

// §4.6 tryMoveProducerBefore: the view's offset producer defined after the
// cmd.parameter.load is hoisted above it.
// CHECK-LABEL: util.func public @cmd_load_hoist_offset_producer
util.func public @cmd_load_hoist_offset_producer(%scope: !util.buffer, %k0: !util.buffer, %x: index, %y: index, %len: index) -> (!stream.resource<constant>, !stream.timepoint) {
  // CHECK-DAG: %[[C50:.+]] = arith.constant 50 : i64
  // CHECK: %[[O:.+]] = arith.addi %arg2, %arg3 : index
  // CHECK-NEXT: %[[I:.+]] = arith.index_cast %[[O]] : index to i64
  // CHECK-NEXT: %[[P:.+]] = arith.addi %[[I]], %[[C50]] : i64
  // CHECK-NEXT: = stream.cmd.parameter.load {
  // CHECK-NEXT: %arg0::%arg1[%[[P]]] : !stream.resource<constant>{%arg4}
  // CHECK-NEXT: } => !stream.timepoint
  // CHECK-NOT: stream.resource.subview
  %c50_i64 = arith.constant 50 : i64
  %c100 = arith.constant 100 : index
  %r0, %t = stream.cmd.parameter.load {
    %scope::%k0[%c50_i64] : !stream.resource<constant>{%c100}
  } => !stream.timepoint
  %o = arith.addi %x, %y : index
  %v0 = stream.resource.subview %r0[%o] : !stream.resource<constant>{%c100} -> !stream.resource<constant>{%len}
  util.return %v0, %t : !stream.resource<constant>, !stream.timepoint
}

// -----

// §5.4 FoldAsyncParameterLoadResultSlice without an await.
// CHECK-LABEL: util.func public @async_load_result_slice
util.func public @async_load_result_slice(%s: !util.buffer, %k: !util.buffer, %p: i64, %o: index, %e: index, %big: index, %len: index) -> (!stream.resource<constant>, !stream.timepoint) {
  // CHECK-NEXT: %[[I:.+]] = arith.index_cast %arg3 : index to i64
  // CHECK-NEXT: %[[P2:.+]] = arith.addi %arg2, %[[I]] : i64
  // CHECK-NEXT: %[[L:.+]], %[[LT:.+]] = stream.async.parameter.load %arg0::%arg1[%[[P2]]] : !stream.resource<constant>{%arg6} => !stream.timepoint
  // CHECK-NEXT: util.return %[[L]], %[[LT]]
  %l, %lt = stream.async.parameter.load %s::%k[%p] : !stream.resource<constant>{%big} => !stream.timepoint
  %v = stream.async.slice %l[%o to %e] : !stream.resource<constant>{%big} -> !stream.resource<constant>{%len}
  util.return %v, %lt : !stream.resource<constant>, !stream.timepoint
}

// -----

// §5.5 FoldParameterLoadTargetSubviews: only single-use subview entries change.
// CHECK-LABEL: util.func public @cmd_load_mixed_entries
util.func public @cmd_load_mixed_entries(%scope: !util.buffer, %k0: !util.buffer, %k1: !util.buffer, %off0: index, %len0: index, %off1: index, %len1: index) -> (!stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.timepoint) {
  // CHECK-DAG: %[[C50:.+]] = arith.constant 50 : i64
  // CHECK-DAG: %[[C51:.+]] = arith.constant 51 : i64
  // CHECK-DAG: %[[C200:.+]] = arith.constant 200 : index
  // CHECK: %[[I0:.+]] = arith.index_cast %arg3 : index to i64
  // CHECK-NEXT: %[[P0:.+]] = arith.addi %[[I0]], %[[C50]] : i64
  // CHECK-NEXT: = stream.cmd.parameter.load {
  // CHECK-NEXT: %arg0::%arg1[%[[P0]]] : !stream.resource<constant>{%arg4},
  // CHECK-NEXT: %arg0::%arg2[%[[C51]]] : !stream.resource<constant>{%[[C200]]}
  // CHECK-NEXT: } => !stream.timepoint
  // CHECK-NEXT: stream.resource.subview %{{.+}}[%arg5] : !stream.resource<constant>{%[[C200]]} -> !stream.resource<constant>{%arg6}
  %c50_i64 = arith.constant 50 : i64
  %c51_i64 = arith.constant 51 : i64
  %c100 = arith.constant 100 : index
  %c200 = arith.constant 200 : index
  %r0, %r1, %t = stream.cmd.parameter.load {
    %scope::%k0[%c50_i64] : !stream.resource<constant>{%c100},
    %scope::%k1[%c51_i64] : !stream.resource<constant>{%c200}
  } => !stream.timepoint
  %v0 = stream.resource.subview %r0[%off0] : !stream.resource<constant>{%c100} -> !stream.resource<constant>{%len0}
  %v1 = stream.resource.subview %r1[%off1] : !stream.resource<constant>{%c200} -> !stream.resource<constant>{%len1}
  util.return %v0, %v1, %r1, %t : !stream.resource<constant>, !stream.resource<constant>, !stream.resource<constant>, !stream.timepoint
}

// -----

// §3.12 + §5.6: a subview behind an await is first sunk below the await by
// SinkSubviewsAcrossAwaits, after which the read target is a direct subview
// and folds (onto the await result).
// CHECK-LABEL: util.func public @async_read_subview_behind_await
util.func public @async_read_subview_behind_await(%scope: !util.buffer, %key: !util.buffer, %t: !stream.resource<transient>, %tn: index, %o: index, %tp: !stream.timepoint) -> (!stream.resource<transient>, !stream.timepoint) {
  // CHECK-DAG: %[[C50:.+]] = arith.constant 50 : i64
  // CHECK-DAG: %[[C100:.+]] = arith.constant 100 : index
  // CHECK-DAG: %[[C200:.+]] = arith.constant 200 : index
  // CHECK-DAG: %[[C300:.+]] = arith.constant 300 : index
  // CHECK: %[[I:.+]] = arith.index_cast %arg4 : index to i64
  // CHECK-NEXT: %[[P:.+]] = arith.addi %[[I]], %[[C50]] : i64
  // CHECK-NEXT: %[[B:.+]] = arith.addi %arg4, %[[C100]] : index
  // CHECK-NEXT: %[[E:.+]] = arith.addi %arg4, %[[C300]] : index
  // The await then sinks to its first consumer.
  // CHECK-NEXT: %[[W:.+]] = stream.timepoint.await %arg5 => %arg2 : !stream.resource<transient>{%arg3}
  // CHECK-NEXT: %[[R:.+]], %[[RT:.+]] = stream.async.parameter.read %arg0::%arg1[%[[P]]] -> %[[W]][%[[B]] to %[[E]] for %[[C200]]] : !stream.resource<transient>{%arg3} => !stream.timepoint
  // CHECK-NEXT: util.return %[[R]], %[[RT]]
  %c50_i64 = arith.constant 50 : i64
  %c100 = arith.constant 100 : index
  %c200 = arith.constant 200 : index
  %c300 = arith.constant 300 : index
  %v = stream.resource.subview %t[%o] : !stream.resource<transient>{%tn} -> !stream.resource<transient>{%c300}
  %w = stream.timepoint.await %tp => %v : !stream.resource<transient>{%c300}
  %r, %rt = stream.async.parameter.read %scope::%key[%c50_i64] -> %w[%c100 to %c300 for %c200] : !stream.resource<transient>{%c300} => !stream.timepoint
  util.return %r, %rt : !stream.resource<transient>, !stream.timepoint
}

// -----

// §3.5 ElideUnusedOp on every parameter op (side effects notwithstanding).
// CHECK-LABEL: util.func public @unused_parameter_ops
util.func public @unused_parameter_ops(%scope: !util.buffer, %key: !util.buffer, %p: i64, %t: !stream.resource<transient>, %n: index) {
  // CHECK-NEXT: util.return
  %c0 = arith.constant 0 : index
  %l, %lt = stream.async.parameter.load %scope::%key[%p] : !stream.resource<constant>{%n} => !stream.timepoint
  %r, %rt = stream.async.parameter.read %scope::%key[%p] -> %t[%c0 to %n for %n] : !stream.resource<transient>{%n} => !stream.timepoint
  %w, %wt = stream.async.parameter.write %t[%c0 to %n for %n] -> %scope::%key[%p] : !stream.resource<transient>{%n} => !stream.timepoint
  %g, %gt = stream.async.parameter.gather {
    %scope::%key[%p] -> %t[%c0 to %n for %n] : !stream.resource<transient>{%n}
  } : !stream.resource<transient> => !stream.timepoint
  %s, %st = stream.async.parameter.scatter {
    %t[%c0 to %n for %n] : !stream.resource<transient>{%n} -> %scope::%key[%p]
  } : !stream.resource<transient> => !stream.timepoint
  %cl, %clt = stream.cmd.parameter.load {
    %scope::%key[%p] : !stream.resource<constant>{%n}
  } => !stream.timepoint
  %cg = stream.cmd.parameter.gather {
    %scope::%key[%p] -> %t[%c0 for %n] : !stream.resource<transient>{%n}
  } => !stream.timepoint
  %cs = stream.cmd.parameter.scatter {
    %t[%c0 for %n] : !stream.resource<transient>{%n} -> %scope::%key[%p]
  } => !stream.timepoint
  util.return
}

// -----

// §3.8 ElideImmediateTimepointWait on async parameter read/write/gather/scatter
// and cmd gather/scatter.
// CHECK-LABEL: util.func public @parameter_immediate_awaits
util.func public @parameter_immediate_awaits(%scope: !util.buffer, %key: !util.buffer, %p: i64, %t: !stream.resource<transient>, %n: index) -> (!stream.timepoint, !stream.timepoint, !stream.timepoint, !stream.timepoint, !stream.timepoint, !stream.timepoint) {
  // CHECK-NOT: await(
  // CHECK: util.return
  %c0 = arith.constant 0 : index
  %imm = stream.timepoint.immediate => !stream.timepoint
  %r, %rt = stream.async.parameter.read await(%imm) %scope::%key[%p] -> %t[%c0 to %n for %n] : !stream.resource<transient>{%n} => !stream.timepoint
  %w, %wt = stream.async.parameter.write await(%imm) %t[%c0 to %n for %n] -> %scope::%key[%p] : !stream.resource<transient>{%n} => !stream.timepoint
  %g, %gt = stream.async.parameter.gather await(%imm) {
    %scope::%key[%p] -> %t[%c0 to %n for %n] : !stream.resource<transient>{%n}
  } : !stream.resource<transient> => !stream.timepoint
  %s, %st = stream.async.parameter.scatter await(%imm) {
    %t[%c0 to %n for %n] : !stream.resource<transient>{%n} -> %scope::%key[%p]
  } : !stream.resource<transient> => !stream.timepoint
  %cg = stream.cmd.parameter.gather await(%imm) => {
    %scope::%key[%p] -> %t[%c0 for %n] : !stream.resource<transient>{%n}
  } => !stream.timepoint
  %cs = stream.cmd.parameter.scatter await(%imm) => {
    %t[%c0 for %n] : !stream.resource<transient>{%n} -> %scope::%key[%p]
  } => !stream.timepoint
  util.return %rt, %wt, %gt, %st, %cg, %cs : !stream.timepoint, !stream.timepoint, !stream.timepoint, !stream.timepoint, !stream.timepoint, !stream.timepoint
}
