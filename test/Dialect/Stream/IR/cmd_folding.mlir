// RUN: sluice-opt --split-input-file --canonicalize='test-convergence=true' %s | FileCheck %s
// REQUIRES: sluice-opt

// stream-folding.md §5.5: subviews captured by an execute are re-created inside
// the region and then folded into the range commands (offset 64 + 1000).
// CHECK-LABEL: util.func public @fold_subviews_into_range_cmds
// CHECK-SAME: (%[[BASE:.+]]: !stream.resource<transient>, %[[N:.+]]: index)
util.func public @fold_subviews_into_range_cmds(%base: !stream.resource<transient>, %n: index) -> !stream.timepoint {
  // CHECK-DAG: %[[C2000:.+]] = arith.constant 2000 : index
  // CHECK-DAG: %[[C255:.+]] = arith.constant 255 : i32
  // CHECK-DAG: %[[C1064:.+]] = arith.constant 1064 : index
  %c64 = arith.constant 64 : index
  %c1000 = arith.constant 1000 : index
  %c2000 = arith.constant 2000 : index
  %c3000 = arith.constant 3000 : index
  %c255_i32 = arith.constant 255 : i32
  // CHECK-NOT: stream.resource.subview
  %view = stream.resource.subview %base[%c64] : !stream.resource<transient>{%n} -> !stream.resource<transient>{%c3000}
  // CHECK: stream.cmd.execute with(%[[BASE]] as %[[A:.+]]: !stream.resource<transient>{%[[N]]}) {
  %t = stream.cmd.execute with(%view as %a: !stream.resource<transient>{%c3000}) {
    // CHECK-NEXT: stream.cmd.fill %[[C255]], %[[A]][%[[C1064]] for %[[C2000]]] : i32 -> !stream.resource<transient>{%[[N]]}
    stream.cmd.fill %c255_i32, %a[%c1000 for %c2000] : i32 -> !stream.resource<transient>{%c3000}
    // CHECK-NEXT: stream.cmd.flush %[[A]][%[[C1064]] for %[[C2000]]] : !stream.resource<transient>{%[[N]]}
    stream.cmd.flush %a[%c1000 for %c2000] : !stream.resource<transient>{%c3000}
    // CHECK-NEXT: stream.cmd.invalidate %[[A]][%[[C1064]] for %[[C2000]]] : !stream.resource<transient>{%[[N]]}
    stream.cmd.invalidate %a[%c1000 for %c2000] : !stream.resource<transient>{%c3000}
    // CHECK-NEXT: stream.cmd.discard %[[A]][%[[C1064]] for %[[C2000]]] : !stream.resource<transient>{%[[N]]}
    stream.cmd.discard %a[%c1000 for %c2000] : !stream.resource<transient>{%c3000}
  // CHECK-NEXT: } => !stream.timepoint
  } => !stream.timepoint
  util.return %t : !stream.timepoint
}

// -----

// Without subviews nothing changes (and the fill value is never narrowed).
// CHECK-LABEL: util.func public @no_subview_range_cmds
util.func public @no_subview_range_cmds(%base: !stream.resource<transient>, %n: index) -> !stream.timepoint {
  %c0 = arith.constant 0 : index
  %c0_i32 = arith.constant 0 : i32
  // CHECK: stream.cmd.execute with(%arg0 as %arg2: !stream.resource<transient>{%arg1}) {
  %t = stream.cmd.execute with(%base as %a: !stream.resource<transient>{%n}) {
    // CHECK-NEXT: stream.cmd.fill %c0_i32, %arg2[%c0 for %arg1] : i32 -> !stream.resource<transient>{%arg1}
    stream.cmd.fill %c0_i32, %a[%c0 for %n] : i32 -> !stream.resource<transient>{%n}
    // CHECK-NEXT: stream.cmd.flush %arg2[%c0 for %arg1] : !stream.resource<transient>{%arg1}
    stream.cmd.flush %a[%c0 for %n] : !stream.resource<transient>{%n}
  } => !stream.timepoint
  util.return %t : !stream.timepoint
}

// -----

// stream-folding.md §11.1: two subview captures of one base feeding a copy.
// CHECK-LABEL: util.func public @fold_subviews_into_copy
// CHECK-SAME: (%[[BASE:.+]]: !stream.resource<transient>, %[[N:.+]]: index)
util.func public @fold_subviews_into_copy(%base: !stream.resource<transient>, %n: index) -> !stream.timepoint {
  // CHECK-DAG: %[[C1000:.+]] = arith.constant 1000 : index
  // CHECK-DAG: %[[C1064:.+]] = arith.constant 1064 : index
  // CHECK-DAG: %[[C2128:.+]] = arith.constant 2128 : index
  %c64 = arith.constant 64 : index
  %c128 = arith.constant 128 : index
  %c1000 = arith.constant 1000 : index
  %c2000 = arith.constant 2000 : index
  %c3000 = arith.constant 3000 : index
  %c4000 = arith.constant 4000 : index
  // CHECK-NOT: stream.resource.subview
  %v0 = stream.resource.subview %base[%c64] : !stream.resource<transient>{%n} -> !stream.resource<transient>{%c3000}
  %v1 = stream.resource.subview %base[%c128] : !stream.resource<transient>{%n} -> !stream.resource<transient>{%c4000}
  // CHECK: stream.cmd.execute with(%[[BASE]] as %[[A:.+]]: !stream.resource<transient>{%[[N]]}) {
  %t = stream.cmd.execute with(%v0 as %a: !stream.resource<transient>{%c3000}, %v1 as %b: !stream.resource<transient>{%c4000}) {
    // CHECK-NEXT: stream.cmd.copy %[[A]][%[[C1064]]], %[[A]][%[[C2128]]], %[[C1000]] : !stream.resource<transient>{%[[N]]} -> !stream.resource<transient>{%[[N]]}
    stream.cmd.copy %a[%c1000], %b[%c2000], %c1000 : !stream.resource<transient>{%c3000} -> !stream.resource<transient>{%c4000}
  // CHECK-NEXT: } => !stream.timepoint
  } => !stream.timepoint
  util.return %t : !stream.timepoint
}

// -----

// Only the side that views a subview changes; a dynamic offset is added with
// arith.addi before the execute.
// CHECK-LABEL: util.func public @fold_subview_into_copy_target
// CHECK-SAME: (%[[SRC:.+]]: !stream.resource<transient>, %[[BASE:.+]]: !stream.resource<staging>, %[[N:.+]]: index, %[[OFF:.+]]: index)
util.func public @fold_subview_into_copy_target(%src: !stream.resource<transient>, %base: !stream.resource<staging>, %n: index, %off: index) -> !stream.timepoint {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  // CHECK: %[[NEW_OFF:.+]] = arith.addi %[[OFF]], %c16 : index
  %view = stream.resource.subview %base[%off] : !stream.resource<staging>{%n} -> !stream.resource<staging>{%c32}
  // CHECK-NEXT: stream.cmd.execute with(%[[SRC]] as %[[A:.+]]: !stream.resource<transient>{%[[N]]}, %[[BASE]] as %[[B:.+]]: !stream.resource<staging>{%[[N]]}) {
  %t = stream.cmd.execute with(%src as %a: !stream.resource<transient>{%n}, %view as %b: !stream.resource<staging>{%c32}) {
    // CHECK-NEXT: stream.cmd.copy %[[A]][%c0], %[[B]][%[[NEW_OFF]]], %c16 : !stream.resource<transient>{%[[N]]} -> !stream.resource<staging>{%[[N]]}
    stream.cmd.copy %a[%c0], %b[%c16], %c16 : !stream.resource<transient>{%n} -> !stream.resource<staging>{%c32}
  } => !stream.timepoint
  util.return %t : !stream.timepoint
}

// -----

// CHECK-LABEL: util.func public @fold_subviews_into_dispatch
// CHECK-SAME: (%[[BASE:.+]]: !stream.resource<transient>, %[[N:.+]]: index, %[[OTHER:.+]]: !stream.resource<external>, %[[M:.+]]: index)
util.func public @fold_subviews_into_dispatch(%base: !stream.resource<transient>, %n: index, %other: !stream.resource<external>, %m: index) -> !stream.timepoint {
  %c0 = arith.constant 0 : index
  %c64 = arith.constant 64 : index
  %c1000 = arith.constant 1000 : index
  %c3000 = arith.constant 3000 : index
  // CHECK-NOT: stream.resource.subview
  %v0 = stream.resource.subview %base[%c64] : !stream.resource<transient>{%n} -> !stream.resource<transient>{%c3000}
  %t = stream.cmd.execute with(%v0 as %a: !stream.resource<transient>{%c3000}, %other as %b: !stream.resource<external>{%m}) {
    // Duplicate entry points are removed; a single remaining one prints bare.
    // CHECK: stream.cmd.dispatch @ex::@fn[%c1000] {
    // CHECK-NEXT: ro %{{.+}}[%c1064 for %c1000] : !stream.resource<transient>{%[[N]]},
    // CHECK-NEXT: wo %{{.+}}[%c0 for %[[M]]] : !stream.resource<external>{%[[M]]}
    // CHECK-NEXT: }
    stream.cmd.dispatch {@ex::@fn, @ex::@fn}[%c1000] {
      ro %a[%c1000 for %c1000] : !stream.resource<transient>{%c3000},
      wo %b[%c0 for %m] : !stream.resource<external>{%m}
    }
    // CHECK-NEXT: stream.cmd.dispatch {@ex::@a, @ex::@b} {
    // CHECK-NEXT: rw %{{.+}}[%c64 for %c1000] : !stream.resource<transient>{%[[N]]}
    // CHECK-NEXT: }
    stream.cmd.dispatch {@ex::@a, @ex::@b, @ex::@a} {
      rw %a[%c0 for %c1000] : !stream.resource<transient>{%c3000}
    }
  } => !stream.timepoint
  util.return %t : !stream.timepoint
}

// -----

// CHECK-LABEL: util.func public @fold_subviews_into_collective
// CHECK-SAME: (%[[BASE:.+]]: !stream.resource<transient>, %[[N:.+]]: index, %[[CH:.+]]: !stream.channel)
util.func public @fold_subviews_into_collective(%base: !stream.resource<transient>, %n: index, %ch: !stream.channel) -> !stream.timepoint {
  %c0 = arith.constant 0 : index
  %c64 = arith.constant 64 : index
  %c128 = arith.constant 128 : index
  %c1000 = arith.constant 1000 : index
  %v0 = stream.resource.subview %base[%c64] : !stream.resource<transient>{%n} -> !stream.resource<transient>{%c1000}
  %v1 = stream.resource.subview %base[%c128] : !stream.resource<transient>{%n} -> !stream.resource<transient>{%c1000}
  // CHECK: stream.cmd.execute with(%[[BASE]] as %[[A:.+]]: !stream.resource<transient>{%[[N]]}) {
  %t = stream.cmd.execute with(%v0 as %a: !stream.resource<transient>{%c1000}, %v1 as %b: !stream.resource<transient>{%c1000}) {
    // CHECK-NEXT: stream.cmd.collective<all_gather : f32>[%c1000] channel(%[[CH]]) {
    // CHECK-NEXT: ro %[[A]][%c64 for %c1000] : !stream.resource<transient>{%[[N]]},
    // CHECK-NEXT: wo %[[A]][%c128 for %c1000] : !stream.resource<transient>{%[[N]]}
    // CHECK-NEXT: }
    stream.cmd.collective<all_gather : f32>[%c1000] channel(%ch) {
      ro %a[%c0 for %c1000] : !stream.resource<transient>{%c1000},
      wo %b[%c0 for %c1000] : !stream.resource<transient>{%c1000}
    }
  } => !stream.timepoint
  util.return %t : !stream.timepoint
}

// -----

stream.cmd.func private @hook(%arg0: i32, %arg1[%arg2 for %arg3]: !stream.resource<*>, %arg4[%arg5 for %arg6]: !stream.resource<*>)

// Only resource operands count: the subview is the second resource.
// CHECK-LABEL: util.func public @fold_subviews_into_call
// CHECK-SAME: (%[[X:.+]]: !stream.resource<external>, %[[M:.+]]: index, %[[BASE:.+]]: !stream.resource<transient>, %[[N:.+]]: index, %[[I:.+]]: i32)
util.func public @fold_subviews_into_call(%x: !stream.resource<external>, %m: index, %base: !stream.resource<transient>, %n: index, %i: i32) -> !stream.timepoint {
  %c0 = arith.constant 0 : index
  %c8 = arith.constant 8 : index
  %c32 = arith.constant 32 : index
  %v = stream.resource.subview %base[%c32] : !stream.resource<transient>{%n} -> !stream.resource<transient>{%c32}
  // CHECK: stream.cmd.execute with(%[[X]] as %[[A:.+]]: !stream.resource<external>{%[[M]]}, %[[BASE]] as %[[B:.+]]: !stream.resource<transient>{%[[N]]}) {
  %t = stream.cmd.execute with(%x as %a: !stream.resource<external>{%m}, %v as %b: !stream.resource<transient>{%c32}) {
    // CHECK-NEXT: stream.cmd.call @hook(%[[I]], ro %[[A]][%c0 for %[[M]]], rw %[[B]][%c40 for %c8]) : (i32, !stream.resource<external>{%[[M]]}, !stream.resource<transient>{%[[N]]}) -> ()
    stream.cmd.call @hook(%i, ro %a[%c0 for %m], rw %b[%c8 for %c8]) : (i32, !stream.resource<external>{%m}, !stream.resource<transient>{%c32}) -> ()
  } => !stream.timepoint
  util.return %t : !stream.timepoint
}

// -----

// Outside an execute the offset arithmetic goes right before the op.
// CHECK-LABEL: util.func public @fold_subview_outside_execute
util.func public @fold_subview_outside_execute(%base: !stream.resource<transient>, %n: index, %off: index) {
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  // CHECK: %[[OFF:.+]] = arith.addi %arg2, %c8 : index
  // CHECK-NEXT: stream.cmd.discard %arg0[%[[OFF]] for %c8] : !stream.resource<transient>{%arg1}
  %v = stream.resource.subview %base[%off] : !stream.resource<transient>{%n} -> !stream.resource<transient>{%c16}
  stream.cmd.discard %v[%c8 for %c8] : !stream.resource<transient>{%c16}
  util.return
}

// -----

// CHECK-LABEL: util.func public @elide_immediate_wait
util.func public @elide_immediate_wait(%r: !stream.resource<transient>, %n: index, %w: !stream.timepoint) -> (!stream.timepoint, !stream.timepoint) {
  %c0 = arith.constant 0 : index
  %imm = stream.timepoint.immediate => !stream.timepoint
  // CHECK: stream.cmd.execute with(%arg0 as %{{.+}}: !stream.resource<transient>{%arg1}) {
  %0 = stream.cmd.execute await(%imm) => with(%r as %a: !stream.resource<transient>{%n}) {
    stream.cmd.discard %a[%c0 for %n] : !stream.resource<transient>{%n}
  } => !stream.timepoint
  // A non-immediate await stays.
  // CHECK: stream.cmd.execute await(%arg2) => with(%arg0 as %{{.+}}: !stream.resource<transient>{%arg1}) {
  %1 = stream.cmd.execute await(%w) => with(%r as %a: !stream.resource<transient>{%n}) {
    stream.cmd.discard %a[%c0 for %n] : !stream.resource<transient>{%n}
  } => !stream.timepoint
  util.return %0, %1 : !stream.timepoint, !stream.timepoint
}

// -----

// stream-folding.md §3.9: an awaited capture is chained; the execute's own
// await is replaced (not joined), and two awaits are joined.
// CHECK-LABEL: util.func public @chain_dependent_awaits
// CHECK-SAME: (%[[R0:.+]]: !stream.resource<transient>, %[[R1:.+]]: !stream.resource<transient>, %[[N:.+]]: index, %[[T0:.+]]: !stream.timepoint, %[[T1:.+]]: !stream.timepoint, %[[U:.+]]: !stream.timepoint)
util.func public @chain_dependent_awaits(%r0: !stream.resource<transient>, %r1: !stream.resource<transient>, %n: index, %t0: !stream.timepoint, %t1: !stream.timepoint, %u: !stream.timepoint) -> (!stream.timepoint, !stream.timepoint) {
  %c0 = arith.constant 0 : index
  // CHECK-NOT: stream.timepoint.await
  %a0 = stream.timepoint.await %t0 => %r0 : !stream.resource<transient>{%n}
  %a1 = stream.timepoint.await %t1 => %r1 : !stream.resource<transient>{%n}
  // CHECK: stream.cmd.execute await(%[[T0]]) => with(%[[R0]] as %{{.+}}: !stream.resource<transient>{%[[N]]}) {
  %0 = stream.cmd.execute await(%u) => with(%a0 as %a: !stream.resource<transient>{%n}) {
    stream.cmd.discard %a[%c0 for %n] : !stream.resource<transient>{%n}
  } => !stream.timepoint
  // CHECK: %[[JOIN:.+]] = stream.timepoint.join max(%[[T0]], %[[T1]]) => !stream.timepoint
  // CHECK-NEXT: stream.cmd.execute await(%[[JOIN]]) => with(%[[R0]] as %[[X:.+]]: !stream.resource<transient>{%[[N]]}, %[[R1]] as %[[Y:.+]]: !stream.resource<transient>{%[[N]]}) {
  %1 = stream.cmd.execute with(%a0 as %x: !stream.resource<transient>{%n}, %a1 as %y: !stream.resource<transient>{%n}) {
    stream.cmd.copy %x[%c0], %y[%c0], %n : !stream.resource<transient>{%n} -> !stream.resource<transient>{%n}
  } => !stream.timepoint
  util.return %0, %1 : !stream.timepoint, !stream.timepoint
}

// -----

// A sync await is not chained.
// CHECK-LABEL: util.func public @no_chain_sync_await
util.func public @no_chain_sync_await(%r: !stream.resource<transient>, %n: index, %t: !stream.timepoint) -> !stream.timepoint {
  %c0 = arith.constant 0 : index
  // CHECK: %[[A:.+]] = stream.timepoint.await sync %arg2 => %arg0 : !stream.resource<transient>{%arg1}
  %a = stream.timepoint.await sync %t => %r : !stream.resource<transient>{%n}
  // CHECK-NEXT: stream.cmd.execute with(%[[A]] as
  %0 = stream.cmd.execute with(%a as %x: !stream.resource<transient>{%n}) {
    stream.cmd.discard %x[%c0 for %n] : !stream.resource<transient>{%n}
  } => !stream.timepoint
  util.return %0 : !stream.timepoint
}

// -----

// The captured subview is re-created at the top of the body when its users
// cannot absorb it.
// CHECK-LABEL: util.func public @clone_captured_subview
// CHECK-SAME: (%[[BASE:.+]]: !stream.resource<transient>, %[[N:.+]]: index)
util.func public @clone_captured_subview(%base: !stream.resource<transient>, %n: index) -> !stream.timepoint {
  %c64 = arith.constant 64 : index
  %c128 = arith.constant 128 : index
  %v = stream.resource.subview %base[%c64] : !stream.resource<transient>{%n} -> !stream.resource<transient>{%c128}
  // CHECK: stream.cmd.execute with(%[[BASE]] as %[[A:.+]]: !stream.resource<transient>{%[[N]]}) {
  // CHECK-NEXT: %[[V:.+]] = stream.resource.subview %[[A]][%c64] : !stream.resource<transient>{%[[N]]} -> !stream.resource<transient>{%c128}
  // CHECK-NEXT: stream.resource.retain %[[V]] : !stream.resource<transient>{%c128}
  // CHECK-NEXT: } => !stream.timepoint
  %t = stream.cmd.execute with(%v as %a: !stream.resource<transient>{%c128}) {
    stream.resource.retain %a : !stream.resource<transient>{%c128}
  } => !stream.timepoint
  util.return %t : !stream.timepoint
}

// -----

// An execute with an empty body completes immediately, even if it awaited.
// CHECK-LABEL: util.func public @elide_noop_execute
util.func public @elide_noop_execute(%r: !stream.resource<transient>, %n: index, %w: !stream.timepoint) -> (!stream.timepoint, !stream.timepoint) {
  // CHECK: %[[IMM:.+]] = stream.timepoint.immediate => !stream.timepoint
  // CHECK-NOT: stream.cmd.execute
  // CHECK: util.return %[[IMM]], %[[IMM]]
  %0 = stream.cmd.execute await(%w) => with(%r as %a: !stream.resource<transient>{%n}) {
  } => !stream.timepoint
  %1 = stream.cmd.execute with() {
    stream.cmd.serial {
      stream.cmd.concurrent {
      }
    }
  } => !stream.timepoint
  util.return %0, %1 : !stream.timepoint, !stream.timepoint
}

// -----

// An execute whose timepoint is unused is erased with its body.
// CHECK-LABEL: util.func public @elide_unused_execute
util.func public @elide_unused_execute(%r: !stream.resource<transient>, %n: index) {
  %c0 = arith.constant 0 : index
  // CHECK-NOT: stream.cmd.execute
  %0 = stream.cmd.execute with(%r as %a: !stream.resource<transient>{%n}) {
    stream.cmd.discard %a[%c0 for %n] : !stream.resource<transient>{%n}
  } => !stream.timepoint
  // CHECK: util.return
  util.return
}

// -----

// Unused captures are dropped and duplicate captures merged; `once`, the
// affinity and other attributes survive the rebuild.
// CHECK-LABEL: util.func public @closure_optimization
// CHECK-SAME: (%[[R:.+]]: !stream.resource<transient>, %[[S:.+]]: !stream.resource<external>, %[[N:.+]]: index, %[[W:.+]]: !stream.timepoint)
util.func public @closure_optimization(%r: !stream.resource<transient>, %s: !stream.resource<external>, %n: index, %w: !stream.timepoint) -> !stream.timepoint {
  %c0 = arith.constant 0 : index
  // CHECK: stream.cmd.execute once on(#hal.device.affinity<@dev>) await(%[[W]]) => with(%[[R]] as %[[A:.+]]: !stream.resource<transient>{%[[N]]}) {
  // CHECK-NEXT: stream.cmd.copy %[[A]][%c0], %[[A]][%c0], %[[N]] : !stream.resource<transient>{%[[N]]} -> !stream.resource<transient>{%[[N]]}
  // CHECK-NEXT: } => !stream.timepoint attributes {stream.keep}
  %0 = stream.cmd.execute once on(#hal.device.affinity<@dev>) await(%w) => with(%s as %unused: !stream.resource<external>{%n}, %r as %a: !stream.resource<transient>{%n}, %r as %b: !stream.resource<transient>{%n}) {
    stream.cmd.copy %a[%c0], %b[%c0], %n : !stream.resource<transient>{%n} -> !stream.resource<transient>{%n}
  } => !stream.timepoint attributes {stream.keep}
  util.return %0 : !stream.timepoint
}

// -----

// Empty nested regions are erased; non-empty ones stay.
// CHECK-LABEL: util.func public @elide_empty_cmd_regions
util.func public @elide_empty_cmd_regions(%r: !stream.resource<transient>, %n: index) -> !stream.timepoint {
  %c0 = arith.constant 0 : index
  // CHECK: stream.cmd.execute with(%arg0 as %[[A:.+]]: !stream.resource<transient>{%arg1}) {
  // CHECK-NEXT: stream.cmd.concurrent {
  // CHECK-NEXT: stream.cmd.discard %[[A]][%c0 for %arg1] : !stream.resource<transient>{%arg1}
  // CHECK-NEXT: }
  // CHECK-NEXT: } => !stream.timepoint
  %0 = stream.cmd.execute with(%r as %a: !stream.resource<transient>{%n}) {
    stream.cmd.serial {
      stream.cmd.concurrent {
      }
    }
    stream.cmd.concurrent {
      stream.cmd.serial {
      }
      stream.cmd.discard %a[%c0 for %n] : !stream.resource<transient>{%n}
    }
  } => !stream.timepoint
  util.return %0 : !stream.timepoint
}

// -----

// Subviews fold into commands nested in serial/concurrent regions; the offset
// arithmetic is placed before the execute.
// CHECK-LABEL: util.func public @fold_subview_in_nested_region
// CHECK-SAME: (%[[BASE:.+]]: !stream.resource<transient>, %[[N:.+]]: index, %[[OFF:.+]]: index)
util.func public @fold_subview_in_nested_region(%base: !stream.resource<transient>, %n: index, %off: index) -> !stream.timepoint {
  %c4 = arith.constant 4 : index
  %c16 = arith.constant 16 : index
  %v = stream.resource.subview %base[%off] : !stream.resource<transient>{%n} -> !stream.resource<transient>{%c16}
  // CHECK: %[[ADD:.+]] = arith.addi %[[OFF]], %c4 : index
  // CHECK-NEXT: stream.cmd.execute with(%[[BASE]] as %[[A:.+]]: !stream.resource<transient>{%[[N]]}) {
  // CHECK-NEXT: stream.cmd.serial {
  // CHECK-NEXT: stream.cmd.flush %[[A]][%[[ADD]] for %c4] : !stream.resource<transient>{%[[N]]}
  %0 = stream.cmd.execute with(%v as %a: !stream.resource<transient>{%c16}) {
    stream.cmd.serial {
      stream.cmd.flush %a[%c4 for %c4] : !stream.resource<transient>{%c16}
    }
  } => !stream.timepoint
  util.return %0 : !stream.timepoint
}

// -----

stream.cmd.func private @hook2(%arg0[%arg1 for %arg2]: !stream.resource<*>)

// Without subviews or duplicate entry points nothing changes.
// CHECK-LABEL: util.func public @no_fold_multi_resource_cmds
util.func public @no_fold_multi_resource_cmds(%r: !stream.resource<transient>, %n: index, %ch: !stream.channel) -> !stream.timepoint {
  %c0 = arith.constant 0 : index
  // CHECK: stream.cmd.execute with(%arg0 as %[[A:.+]]: !stream.resource<transient>{%arg1}) {
  %t = stream.cmd.execute with(%r as %a: !stream.resource<transient>{%n}) {
    // CHECK-NEXT: stream.cmd.dispatch {@ex::@a, @ex::@b} {
    // CHECK-NEXT: ro %[[A]][%c0 for %arg1] : !stream.resource<transient>{%arg1}
    // CHECK-NEXT: }
    stream.cmd.dispatch {@ex::@a, @ex::@b} {
      ro %a[%c0 for %n] : !stream.resource<transient>{%n}
    }
    // CHECK-NEXT: stream.cmd.collective<send : f32>[%arg1] channel(%arg2) {
    // CHECK-NEXT: ro %[[A]][%c0 for %arg1] : !stream.resource<transient>{%arg1}
    // CHECK-NEXT: }
    stream.cmd.collective<send : f32>[%n] channel(%ch) {
      ro %a[%c0 for %n] : !stream.resource<transient>{%n}
    }
    // CHECK-NEXT: stream.cmd.call @hook2(rw %[[A]][%c0 for %arg1]) : (!stream.resource<transient>{%arg1}) -> ()
    stream.cmd.call @hook2(rw %a[%c0 for %n]) : (!stream.resource<transient>{%n}) -> ()
    // CHECK-NEXT: stream.cmd.copy %[[A]][%c0], %[[A]][%c0], %arg1 : !stream.resource<transient>{%arg1} -> !stream.resource<transient>{%arg1}
    stream.cmd.copy %a[%c0], %a[%c0], %n : !stream.resource<transient>{%n} -> !stream.resource<transient>{%n}
  // CHECK-NEXT: } => !stream.timepoint
  } => !stream.timepoint
  util.return %t : !stream.timepoint
}
