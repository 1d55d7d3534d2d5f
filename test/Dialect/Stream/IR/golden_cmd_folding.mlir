// REQUIRES: sluice-opt
// RUN: sluice-opt --split-input-file --canonicalize='test-convergence=true' %s | FileCheck %s

// Golden cross-check of stream-folding.md §5.5 cmd ops (§7.1, §8, §9, §11.1).

// §5.5 FoldSubviewsIntoCmd{Fill,Flush,Invalidate,Discard}Op (spec example):
// offsets %c1064, sizes become the base size, fill value not narrowed.
// CHECK-LABEL: util.func public @range_cmds_subview
util.func public @range_cmds_subview(%r: !stream.resource<transient>, %n: index) -> !stream.timepoint {
  // CHECK-DAG: %[[C255:.+]] = arith.constant 255 : i32
  // CHECK-DAG: %[[C1064:.+]] = arith.constant 1064 : index
  // CHECK-DAG: %[[C2000:.+]] = arith.constant 2000 : index
  // CHECK: %[[X:.+]] = stream.cmd.execute with(%arg0 as %[[A:.+]]: !stream.resource<transient>{%arg1}) {
  // CHECK-NEXT: stream.cmd.fill %[[C255]], %[[A]][%[[C1064]] for %[[C2000]]] : i32 -> !stream.resource<transient>{%arg1}
  // CHECK-NEXT: stream.cmd.flush %[[A]][%[[C1064]] for %[[C2000]]] : !stream.resource<transient>{%arg1}
  // CHECK-NEXT: stream.cmd.invalidate %[[A]][%[[C1064]] for %[[C2000]]] : !stream.resource<transient>{%arg1}
  // CHECK-NEXT: stream.cmd.discard %[[A]][%[[C1064]] for %[[C2000]]] : !stream.resource<transient>{%arg1}
  // CHECK-NEXT: } => !stream.timepoint
  // CHECK-NEXT: util.return %[[X]]
  %c64 = arith.constant 64 : index
  %c1000 = arith.constant 1000 : index
  %c2000 = arith.constant 2000 : index
  %c3000 = arith.constant 3000 : index
  %c255_i32 = arith.constant 255 : i32
  %v = stream.resource.subview %r[%c64] : !stream.resource<transient>{%n} -> !stream.resource<transient>{%c3000}
  %x = stream.cmd.execute with(%v as %a: !stream.resource<transient>{%c3000}) {
    stream.cmd.fill %c255_i32, %a[%c1000 for %c2000] : i32 -> !stream.resource<transient>{%c3000}
    stream.cmd.flush %a[%c1000 for %c2000] : !stream.resource<transient>{%c3000}
    stream.cmd.invalidate %a[%c1000 for %c2000] : !stream.resource<transient>{%c3000}
    stream.cmd.discard %a[%c1000 for %c2000] : !stream.resource<transient>{%c3000}
  } => !stream.timepoint
  util.return %x : !stream.timepoint
}

// -----

// §5.5: cmd.fill has no NarrowFillPattern (0 : i32 stays i32).
// CHECK-LABEL: util.func public @cmd_fill_not_narrowed
util.func public @cmd_fill_not_narrowed(%r: !stream.resource<transient>, %n: index) -> !stream.timepoint {
  // CHECK-DAG: %[[C0:.+]] = arith.constant 0 : index
  // CHECK-DAG: %[[Z:.+]] = arith.constant 0 : i32
  // CHECK: stream.cmd.execute with(%arg0 as %[[A:.+]]: !stream.resource<transient>{%arg1}) {
  // CHECK-NEXT: stream.cmd.fill %[[Z]], %[[A]][%[[C0]] for %arg1] : i32 -> !stream.resource<transient>{%arg1}
  %c0 = arith.constant 0 : index
  %z = arith.constant 0 : i32
  %x = stream.cmd.execute with(%r as %a: !stream.resource<transient>{%n}) {
    stream.cmd.fill %z, %a[%c0 for %n] : i32 -> !stream.resource<transient>{%n}
  } => !stream.timepoint
  util.return %x : !stream.timepoint
}

// -----

// §11.1 two subview captures of one base feeding a cmd.copy.
// CHECK-LABEL: util.func public @copy_two_subview_captures
util.func public @copy_two_subview_captures(%base: !stream.resource<transient>, %n: index) -> !stream.timepoint {
  // CHECK-DAG: %[[C1000:.+]] = arith.constant 1000 : index
  // CHECK-DAG: %[[C1064:.+]] = arith.constant 1064 : index
  // CHECK-DAG: %[[C2128:.+]] = arith.constant 2128 : index
  // CHECK: %[[T:.+]] = stream.cmd.execute with(%arg0 as %[[A:.+]]: !stream.resource<transient>{%arg1}) {
  // CHECK-NEXT: stream.cmd.copy %[[A]][%[[C1064]]], %[[A]][%[[C2128]]], %[[C1000]] : !stream.resource<transient>{%arg1} -> !stream.resource<transient>{%arg1}
  // CHECK-NEXT: } => !stream.timepoint
  // CHECK-NEXT: util.return %[[T]]
  %c64 = arith.constant 64 : index
  %c128 = arith.constant 128 : index
  %c1000 = arith.constant 1000 : index
  %c2000 = arith.constant 2000 : index
  %c3000 = arith.constant 3000 : index
  %c4000 = arith.constant 4000 : index
  %v0 = stream.resource.subview %base[%c64] : !stream.resource<transient>{%n} -> !stream.resource<transient>{%c3000}
  %v1 = stream.resource.subview %base[%c128] : !stream.resource<transient>{%n} -> !stream.resource<transient>{%c4000}
  %t = stream.cmd.execute with(%v0 as %a: !stream.resource<transient>{%c3000}, %v1 as %b: !stream.resource<transient>{%c4000}) {
    stream.cmd.copy %a[%c1000], %b[%c2000], %c1000 : !stream.resource<transient>{%c3000} -> !stream.resource<transient>{%c4000}
  } => !stream.timepoint
  util.return %t : !stream.timepoint
}

// -----

// §5.5 FoldSubviewsIntoDispatchOp<cmd.dispatch> (spec example) and
// DeduplicateCmdDispatchEntryRefs.
// CHECK-LABEL: util.func public @dispatch_subview
util.func public @dispatch_subview(%base: !stream.resource<transient>, %n: index, %o: !stream.resource<external>, %m: index) -> !stream.timepoint {
  // CHECK-DAG: %[[C0:.+]] = arith.constant 0 : index
  // CHECK-DAG: %[[C1000:.+]] = arith.constant 1000 : index
  // CHECK-DAG: %[[C1064:.+]] = arith.constant 1064 : index
  // CHECK: stream.cmd.execute with(%arg0 as %[[A:.+]]: !stream.resource<transient>{%arg1}, %arg2 as %[[B:.+]]: !stream.resource<external>{%arg3}) {
  // CHECK-NEXT: stream.cmd.dispatch {@ex::@a, @ex::@b} {
  // CHECK-NEXT: ro %[[A]][%[[C1064]] for %[[C1000]]] : !stream.resource<transient>{%arg1},
  // CHECK-NEXT: wo %[[B]][%[[C0]] for %arg3] : !stream.resource<external>{%arg3}
  // CHECK-NEXT: }
  // CHECK-NEXT: } => !stream.timepoint
  %c0 = arith.constant 0 : index
  %c64 = arith.constant 64 : index
  %c1000 = arith.constant 1000 : index
  %c3000 = arith.constant 3000 : index
  %v0 = stream.resource.subview %base[%c64] : !stream.resource<transient>{%n} -> !stream.resource<transient>{%c3000}
  %t = stream.cmd.execute with(%v0 as %a: !stream.resource<transient>{%c3000}, %o as %b: !stream.resource<external>{%m}) {
    stream.cmd.dispatch {@ex::@a, @ex::@b, @ex::@a} {
      ro %a[%c1000 for %c1000] : !stream.resource<transient>{%c3000},
      wo %b[%c0 for %m] : !stream.resource<external>{%m}
    }
  } => !stream.timepoint
  util.return %t : !stream.timepoint
}

// -----

// §5.5 FoldSubviewsIntoDispatchOp<cmd.collective>.
// CHECK-LABEL: util.func public @collective_subview
util.func public @collective_subview(%base: !stream.resource<transient>, %n: index, %ch: !stream.channel) -> !stream.timepoint {
  // CHECK-DAG: %[[C128:.+]] = arith.constant 128 : index
  // CHECK-DAG: %[[C64:.+]] = arith.constant 64 : index
  // CHECK-DAG: %[[C192:.+]] = arith.constant 192 : index
  // CHECK: stream.cmd.execute with(%arg0 as %[[A:.+]]: !stream.resource<transient>{%arg1}) {
  // CHECK-NEXT: stream.cmd.collective<all_gather : si32>[%[[C128]]] channel(%arg2) {
  // CHECK-NEXT: ro %[[A]][%[[C64]] for %[[C128]]] : !stream.resource<transient>{%arg1},
  // CHECK-NEXT: wo %[[A]][%[[C192]] for %[[C128]]] : !stream.resource<transient>{%arg1}
  // CHECK-NEXT: }
  %c0 = arith.constant 0 : index
  %c64 = arith.constant 64 : index
  %c128 = arith.constant 128 : index
  %c256 = arith.constant 256 : index
  %v = stream.resource.subview %base[%c64] : !stream.resource<transient>{%n} -> !stream.resource<transient>{%c256}
  %t = stream.cmd.execute with(%v as %a: !stream.resource<transient>{%c256}) {
    stream.cmd.collective<all_gather : si32>[%c128] channel(%ch) {
      ro %a[%c0 for %c128] : !stream.resource<transient>{%c256},
      wo %a[%c128 for %c128] : !stream.resource<transient>{%c256}
    }
  } => !stream.timepoint
  util.return %t : !stream.timepoint
}

// -----

// §5.5 FoldSubviewsIntoCmdCallOp: only resource operands are folded.
stream.cmd.func private @host_hook(%buf[%off for %len]: !stream.resource<*>, %flags: i64)

// CHECK-LABEL: util.func public @call_subview
util.func public @call_subview(%base: !stream.resource<transient>, %n: index, %flags: i64) -> !stream.timepoint {
  // CHECK-DAG: %[[C64:.+]] = arith.constant 64 : index
  // CHECK-DAG: %[[C128:.+]] = arith.constant 128 : index
  // CHECK: stream.cmd.execute with(%arg0 as %[[A:.+]]: !stream.resource<transient>{%arg1}) {
  // CHECK-NEXT: stream.cmd.call @host_hook(rw %[[A]][%[[C64]] for %[[C128]]], %arg2) : (!stream.resource<transient>{%arg1}, i64) -> ()
  %c0 = arith.constant 0 : index
  %c64 = arith.constant 64 : index
  %c128 = arith.constant 128 : index
  %c256 = arith.constant 256 : index
  %v = stream.resource.subview %base[%c64] : !stream.resource<transient>{%n} -> !stream.resource<transient>{%c256}
  %t = stream.cmd.execute with(%v as %a: !stream.resource<transient>{%c256}) {
    stream.cmd.call @host_hook(rw %a[%c0 for %c128], %flags) : (!stream.resource<transient>{%c256}, i64) -> ()
  } => !stream.timepoint
  util.return %t : !stream.timepoint
}

// -----

// §8.8 QUIRK: findSubviewOp and CloneCapturedCmdExecuteSubviewOps skip over an
// intermediate tied (non-timeline) op between the subview and the capture.
// CHECK-LABEL: util.func public @capture_through_tied_op
util.func public @capture_through_tied_op(%r: !stream.resource<*>, %n: index, %x: !stream.resource<*>) -> !stream.timepoint {
  // CHECK-DAG: %[[C255:.+]] = arith.constant 255 : i32
  // CHECK-DAG: %[[C1000:.+]] = arith.constant 1000 : index
  // CHECK-DAG: %[[C1064:.+]] = arith.constant 1064 : index
  // CHECK-NOT: stream.async.update
  // CHECK: stream.cmd.execute with(%arg0 as %[[A:.+]]: !stream.resource<*>{%arg1}) {
  // CHECK-NEXT: stream.cmd.fill %[[C255]], %[[A]][%[[C1064]] for %[[C1000]]] : i32 -> !stream.resource<*>{%arg1}
  %c0 = arith.constant 0 : index
  %c8 = arith.constant 8 : index
  %c64 = arith.constant 64 : index
  %c1000 = arith.constant 1000 : index
  %c3000 = arith.constant 3000 : index
  %c255_i32 = arith.constant 255 : i32
  %v = stream.resource.subview %r[%c64] : !stream.resource<*>{%n} -> !stream.resource<*>{%c3000}
  %u = stream.async.update %x, %v[%c0 to %c8] : !stream.resource<*>{%c8} -> %v as !stream.resource<*>{%c3000}
  %t = stream.cmd.execute with(%u as %a: !stream.resource<*>{%c3000}) {
    stream.cmd.fill %c255_i32, %a[%c1000 for %c1000] : i32 -> !stream.resource<*>{%c3000}
  } => !stream.timepoint
  util.return %t : !stream.timepoint
}

// -----

// §3.8 ElideImmediateTimepointWait<cmd.execute>.
// CHECK-LABEL: util.func public @cmd_execute_immediate_await
util.func public @cmd_execute_immediate_await(%r: !stream.resource<transient>, %n: index) -> !stream.timepoint {
  // CHECK: %[[T:.+]] = stream.cmd.execute with(%arg0 as %{{.+}}: !stream.resource<transient>{%arg1}) {
  %c0 = arith.constant 0 : index
  %c255_i32 = arith.constant 255 : i32
  %imm = stream.timepoint.immediate => !stream.timepoint
  %t = stream.cmd.execute await(%imm) => with(%r as %a: !stream.resource<transient>{%n}) {
    stream.cmd.fill %c255_i32, %a[%c0 for %n] : i32 -> !stream.resource<transient>{%n}
  } => !stream.timepoint
  util.return %t : !stream.timepoint
}

// -----

// §3.9 ChainDependentAwaits<cmd.execute> (spec example).
// CHECK-LABEL: util.func public @cmd_execute_chain_await
util.func public @cmd_execute_chain_await(%t: !stream.timepoint, %res: !stream.resource<transient>, %n: index) -> !stream.timepoint {
  // CHECK-NOT: stream.timepoint.await
  // CHECK: %[[D:.+]] = stream.cmd.execute await(%arg0) => with(%arg1 as %{{.+}}: !stream.resource<transient>{%arg2}) {
  %c0 = arith.constant 0 : index
  %c255_i32 = arith.constant 255 : i32
  %ready = stream.timepoint.await %t => %res : !stream.resource<transient>{%n}
  %done = stream.cmd.execute with(%ready as %x: !stream.resource<transient>{%n}) {
    stream.cmd.fill %c255_i32, %x[%c0 for %n] : i32 -> !stream.resource<transient>{%n}
  } => !stream.timepoint
  util.return %done : !stream.timepoint
}

// -----

// §5.5 ElideNoOpCmdExecuteOp (spec example, §8.5): the await is discarded.
// CHECK-LABEL: util.func public @cmd_execute_noop
util.func public @cmd_execute_noop(%w: !stream.timepoint, %r: !stream.resource<transient>, %n: index) -> !stream.timepoint {
  // CHECK-NEXT: %[[IMM:.+]] = stream.timepoint.immediate => !stream.timepoint
  // CHECK-NEXT: util.return %[[IMM]]
  %t = stream.cmd.execute await(%w) => with(%r as %a: !stream.resource<transient>{%n}) {
  } => !stream.timepoint
  util.return %t : !stream.timepoint
}

// -----

// §5.5 ElideEmptyCmdRegionOp: empty serial/concurrent regions are erased (and
// the now-empty execute becomes immediate).
// CHECK-LABEL: util.func public @cmd_empty_regions
util.func public @cmd_empty_regions(%r: !stream.resource<transient>, %n: index) -> (!stream.timepoint, !stream.timepoint) {
  // CHECK-DAG: %[[IMM:.+]] = stream.timepoint.immediate => !stream.timepoint
  // CHECK-DAG: %[[C0:.+]] = arith.constant 0 : index
  // CHECK-DAG: %[[C255:.+]] = arith.constant 255 : i32
  // CHECK: %[[T:.+]] = stream.cmd.execute with(%arg0 as %[[A:.+]]: !stream.resource<transient>{%arg1}) {
  // CHECK-NEXT: stream.cmd.serial {
  // CHECK-NEXT: stream.cmd.fill %[[C255]], %[[A]][%[[C0]] for %arg1] : i32 -> !stream.resource<transient>{%arg1}
  // CHECK-NEXT: }
  // CHECK-NEXT: } => !stream.timepoint
  // CHECK-NEXT: util.return %[[IMM]], %[[T]]
  %c0 = arith.constant 0 : index
  %c255_i32 = arith.constant 255 : i32
  %0 = stream.cmd.execute with() {
    stream.cmd.serial {
      stream.cmd.concurrent {
      }
    }
  } => !stream.timepoint
  %1 = stream.cmd.execute with(%r as %a: !stream.resource<transient>{%n}) {
    stream.cmd.serial {
      stream.cmd.concurrent {
      }
      stream.cmd.fill %c255_i32, %a[%c0 for %n] : i32 -> !stream.resource<transient>{%n}
    }
  } => !stream.timepoint
  util.return %0, %1 : !stream.timepoint, !stream.timepoint
}

// -----

// §4.1 ClosureOptimizationPattern<cmd.execute>: duplicate captures merge into one
// block argument; unused captures are dropped.
// CHECK-LABEL: util.func public @cmd_execute_closure
util.func public @cmd_execute_closure(%a: !stream.resource<transient>, %b: !stream.resource<transient>, %n: index) -> !stream.timepoint {
  // CHECK-DAG: %[[C0:.+]] = arith.constant 0 : index
  // CHECK-DAG: %[[C4:.+]] = arith.constant 4 : index
  // CHECK: stream.cmd.execute with(%arg0 as %[[X:.+]]: !stream.resource<transient>{%arg2}) {
  // CHECK-NEXT: stream.cmd.copy %[[X]][%[[C0]]], %[[X]][%[[C4]]], %[[C4]] : !stream.resource<transient>{%arg2} -> !stream.resource<transient>{%arg2}
  // CHECK-NEXT: } => !stream.timepoint
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %t = stream.cmd.execute with(%a as %x: !stream.resource<transient>{%n}, %b as %unused: !stream.resource<transient>{%n}, %a as %y: !stream.resource<transient>{%n}) {
    stream.cmd.copy %x[%c0], %y[%c4], %c4 : !stream.resource<transient>{%n} -> !stream.resource<transient>{%n}
  } => !stream.timepoint
  util.return %t : !stream.timepoint
}

// -----

// §4.1 step 2 subtle rule: when the first of two identical captures is unused,
// the first is dropped and the second kept.
// CHECK-LABEL: util.func public @cmd_execute_closure_first_unused
util.func public @cmd_execute_closure_first_unused(%a: !stream.resource<transient>, %n: index) -> !stream.timepoint {
  // CHECK-DAG: %[[C0:.+]] = arith.constant 0 : index
  // CHECK-DAG: %[[C255:.+]] = arith.constant 255 : i32
  // CHECK: stream.cmd.execute with(%arg0 as %[[Y:.+]]: !stream.resource<transient>{%arg1}) {
  // CHECK-NEXT: stream.cmd.fill %[[C255]], %[[Y]][%[[C0]] for %arg1] : i32 -> !stream.resource<transient>{%arg1}
  %c0 = arith.constant 0 : index
  %c255_i32 = arith.constant 255 : i32
  %t = stream.cmd.execute with(%a as %x: !stream.resource<transient>{%n}, %a as %y: !stream.resource<transient>{%n}) {
    stream.cmd.fill %c255_i32, %y[%c0 for %n] : i32 -> !stream.resource<transient>{%n}
  } => !stream.timepoint
  util.return %t : !stream.timepoint
}

// -----

// §5.5 ElideUnusedOp<cmd.execute>: erased regardless of side effects in the body.
// CHECK-LABEL: util.func public @cmd_execute_unused
util.func public @cmd_execute_unused(%r: !stream.resource<transient>, %n: index) {
  // CHECK-NEXT: util.return
  %c0 = arith.constant 0 : index
  %c255_i32 = arith.constant 255 : i32
  %t = stream.cmd.execute with(%r as %a: !stream.resource<transient>{%n}) {
    stream.cmd.fill %c255_i32, %a[%c0 for %n] : i32 -> !stream.resource<transient>{%n}
  } => !stream.timepoint
  util.return
}

// -----

// §3.14: the rebuilt cmd.execute keeps `once`, its affinity and attributes.
// CHECK-LABEL: util.func public @cmd_execute_closure_keeps_once
util.func public @cmd_execute_closure_keeps_once(%a: !stream.resource<transient>, %n: index) -> !stream.timepoint {
  // CHECK: stream.cmd.execute once on(#hal.device.affinity<@a>) with(%arg0 as %[[X:.+]]: !stream.resource<transient>{%arg1}) {
  // CHECK-NEXT: stream.cmd.copy %[[X]][%{{.+}}], %[[X]][%{{.+}}], %{{.+}} : !stream.resource<transient>{%arg1} -> !stream.resource<transient>{%arg1}
  // CHECK-NEXT: } => !stream.timepoint attributes {test.keep}
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %t = stream.cmd.execute once on(#hal.device.affinity<@a>) with(%a as %x: !stream.resource<transient>{%n}, %a as %y: !stream.resource<transient>{%n}) {
    stream.cmd.copy %x[%c0], %y[%c4], %c4 : !stream.resource<transient>{%n} -> !stream.resource<transient>{%n}
  } => !stream.timepoint attributes {test.keep}
  util.return %t : !stream.timepoint
}

// -----

// §3.4/§5.5: dynamic subview offsets: the offset arithmetic is placed before
// the execute, source side first.
// CHECK-LABEL: util.func public @copy_dynamic_subviews
util.func public @copy_dynamic_subviews(%base: !stream.resource<transient>, %n: index, %o0: index, %o1: index) -> !stream.timepoint {
  // CHECK-DAG: %[[C1000:.+]] = arith.constant 1000 : index
  // CHECK-DAG: %[[C2000:.+]] = arith.constant 2000 : index
  // CHECK: %[[A0:.+]] = arith.addi %arg2, %[[C1000]] : index
  // CHECK-NEXT: %[[A1:.+]] = arith.addi %arg3, %[[C2000]] : index
  // CHECK-NEXT: %[[T:.+]] = stream.cmd.execute with(%arg0 as %[[A:.+]]: !stream.resource<transient>{%arg1}) {
  // CHECK-NEXT: stream.cmd.copy %[[A]][%[[A0]]], %[[A]][%[[A1]]], %[[C1000]] : !stream.resource<transient>{%arg1} -> !stream.resource<transient>{%arg1}
  // CHECK-NEXT: } => !stream.timepoint
  %c1000 = arith.constant 1000 : index
  %c2000 = arith.constant 2000 : index
  %c3000 = arith.constant 3000 : index
  %c4000 = arith.constant 4000 : index
  %v0 = stream.resource.subview %base[%o0] : !stream.resource<transient>{%n} -> !stream.resource<transient>{%c3000}
  %v1 = stream.resource.subview %base[%o1] : !stream.resource<transient>{%n} -> !stream.resource<transient>{%c4000}
  %t = stream.cmd.execute with(%v0 as %a: !stream.resource<transient>{%c3000}, %v1 as %b: !stream.resource<transient>{%c4000}) {
    stream.cmd.copy %a[%c1000], %b[%c2000], %c1000 : !stream.resource<transient>{%c3000} -> !stream.resource<transient>{%c4000}
  } => !stream.timepoint
  util.return %t : !stream.timepoint
}

// -----

// §5.5 FoldSubviewsIntoCmdCallOp: only the resource operand that is a subview
// changes; sizes/offsets are indexed among resources only.
stream.cmd.func private @hook2(%a: i32, %b[%o0 for %l0]: !stream.resource<*>, %c: i64, %d[%o1 for %l1]: !stream.resource<*>)

// CHECK-LABEL: util.func public @call_mixed_operands_subview
util.func public @call_mixed_operands_subview(%x: !stream.resource<transient>, %n: index, %base: !stream.resource<transient>, %m: index, %v: i32, %f: i64) -> !stream.timepoint {
  // CHECK-DAG: %[[C0:.+]] = arith.constant 0 : index
  // CHECK-DAG: %[[C64:.+]] = arith.constant 64 : index
  // CHECK-DAG: %[[C128:.+]] = arith.constant 128 : index
  // CHECK: stream.cmd.execute with(%arg0 as %[[A:.+]]: !stream.resource<transient>{%arg1}, %arg2 as %[[B:.+]]: !stream.resource<transient>{%arg3}) {
  // CHECK-NEXT: stream.cmd.call @hook2(%arg4, ro %[[A]][%[[C0]] for %[[C128]]], %arg5, rw %[[B]][%[[C64]] for %[[C128]]]) : (i32, !stream.resource<transient>{%arg1}, i64, !stream.resource<transient>{%arg3}) -> ()
  %c0 = arith.constant 0 : index
  %c64 = arith.constant 64 : index
  %c128 = arith.constant 128 : index
  %c256 = arith.constant 256 : index
  %sv = stream.resource.subview %base[%c64] : !stream.resource<transient>{%m} -> !stream.resource<transient>{%c256}
  %t = stream.cmd.execute with(%x as %a: !stream.resource<transient>{%n}, %sv as %b: !stream.resource<transient>{%c256}) {
    stream.cmd.call @hook2(%v, ro %a[%c0 for %c128], %f, rw %b[%c0 for %c128]) : (i32, !stream.resource<transient>{%n}, i64, !stream.resource<transient>{%c256}) -> ()
  } => !stream.timepoint
  util.return %t : !stream.timepoint
}
