// RUN: sluice-opt --split-input-file --iree-stream-schedule-allocation %s | FileCheck %s
// REQUIRES: sluice-opt

// Constants are extracted per lifetime (constant before variable); escaping
// ones replace the results and join after the region.

// CHECK-LABEL: @extractConstants
// CHECK-SAME: (%[[TIMEPOINT:.+]]: !stream.timepoint, %[[OPERAND:.+]]: !stream.resource<transient>, %[[SIZE:.+]]: index)
util.func public @extractConstants(%timepoint: !stream.timepoint, %operand: !stream.resource<transient>, %size: index) -> !stream.timepoint {
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  // CHECK: %[[CST:.+]]:2, %[[CST_TIMEPOINT:.+]] = stream.resource.constants :
  // CHECK-NEXT: !stream.resource<constant>{%c8} = dense<3> : tensor<8xi8>,
  // CHECK-NEXT: !stream.resource<constant>{%c16} = dense<4> : tensor<4x2xi16>
  // CHECK-NEXT: => !stream.timepoint
  // CHECK: %[[VAR:.+]], %[[VAR_TIMEPOINT:.+]] = stream.resource.constants :
  // CHECK-NEXT: !stream.resource<variable>{%c8} = dense<5> : tensor<8xi8>
  // CHECK-NEXT: => !stream.timepoint
  // CHECK: %[[EXECUTE:.+]] = stream.cmd.execute await(%[[TIMEPOINT]]) => with(%[[OPERAND]] as %{{.+}}: !stream.resource<transient>{%[[SIZE]]})
  %results:3, %result_timepoint = stream.async.execute await(%timepoint) => with(%operand as %capture: !stream.resource<transient>{%size}) -> (!stream.resource<constant>{%c8}, !stream.resource<constant>{%c16}, !stream.resource<variable>{%c8}) {
    %0 = stream.async.constant : !stream.resource<constant>{%c8} = dense<3> : tensor<8xi8>
    %1 = stream.async.constant : !stream.resource<constant>{%c16} = dense<4> : tensor<4x2xi16>
    %2 = stream.async.constant : !stream.resource<variable>{%c8} = dense<5> : tensor<8xi8>
    stream.yield %0, %1, %2 : !stream.resource<constant>{%c8}, !stream.resource<constant>{%c16}, !stream.resource<variable>{%c8}
  } => !stream.timepoint
  // CHECK: %[[JOIN:.+]] = stream.timepoint.join max(%[[CST_TIMEPOINT]], %[[VAR_TIMEPOINT]], %[[EXECUTE]])
  // CHECK: util.optimization_barrier %[[CST]]#0
  util.optimization_barrier %results#0 : !stream.resource<constant>
  // CHECK: util.optimization_barrier %[[CST]]#1
  util.optimization_barrier %results#1 : !stream.resource<constant>
  // CHECK: util.optimization_barrier %[[VAR]]
  util.optimization_barrier %results#2 : !stream.resource<variable>
  // CHECK: util.return %[[JOIN]]
  util.return %result_timepoint : !stream.timepoint
}

// -----

// A constant used inside the region is captured: the region awaits it.

// CHECK-LABEL: @capturedConstants
// CHECK-SAME: (%[[OPERAND:.+]]: !stream.resource<transient>, %[[SIZE:.+]]: index)
util.func public @capturedConstants(%operand: !stream.resource<transient>, %size: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  // CHECK: %[[CST:.+]], %[[CST_TIMEPOINT:.+]] = stream.resource.constants :
  // CHECK: stream.cmd.execute await(%[[CST_TIMEPOINT]]) => with(%[[OPERAND]] as %[[CAPTURE:.+]]: !stream.resource<transient>{%[[SIZE]]}, %[[CST]] as %[[CST_CAPTURE:.+]]: !stream.resource<constant>{%c8})
  %result, %result_timepoint = stream.async.execute with(%operand as %capture: !stream.resource<transient>{%size}) -> %operand{%size} {
    %0 = stream.async.constant : !stream.resource<constant>{%c8} = dense<3> : tensor<8xi8>
    // CHECK: stream.cmd.dispatch @ex::@dispatch[%c1] {
    // CHECK-NEXT: ro %[[CST_CAPTURE]][%c0 for %c8] : !stream.resource<constant>{%c8},
    // CHECK-NEXT: rw %[[CAPTURE]][%c0 for %[[SIZE]]] : !stream.resource<transient>{%[[SIZE]]}
    %1 = stream.async.dispatch @ex::@dispatch[%c1](%0[%c0 to %c8 for %c8], %capture[%c0 to %size for %size]) : (!stream.resource<constant>{%c8}, !stream.resource<transient>{%size}) -> %capture{%size}
    stream.yield %1 : !stream.resource<transient>{%size}
  } => !stream.timepoint
  // CHECK-NOT: stream.timepoint.join
  // CHECK: util.optimization_barrier %[[OPERAND]]
  util.optimization_barrier %result : !stream.resource<transient>
  util.return
}

// -----

// Constants are bucketed by the affinity their results are used on.

util.global private @device_a : !hal.device
util.global private @device_b : !hal.device
// CHECK-LABEL: @extractConstantsMultiAffinity
util.func public @extractConstantsMultiAffinity(%timepoint: !stream.timepoint) {
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  // CHECK: %[[CST_A:.+]], %[[CST_A_TIMEPOINT:.+]] = stream.resource.constants on(#hal.device.affinity<@device_a>) :
  // CHECK-NEXT: !stream.resource<constant>{%c8} = dense<3> : tensor<8xi8>
  // CHECK: %[[CST_AB:.+]], %[[CST_AB_TIMEPOINT:.+]] = stream.resource.constants on(#hal.device.optimal<[#hal.device.affinity<@device_a>, #hal.device.affinity<@device_b>]>) :
  // CHECK-NEXT: !stream.resource<constant>{%c16} = dense<4> : tensor<4x2xi16>
  // CHECK: %[[EXECUTE:.+]] = stream.cmd.execute on(#hal.device.affinity<@device_a>) await(%{{.+}}) => with()
  %results:2, %result_timepoint = stream.async.execute on(#hal.device.affinity<@device_a>) await(%timepoint) => with() -> (!stream.resource<constant>{%c8}, !stream.resource<constant>{%c16}) {
    %0 = stream.async.constant : !stream.resource<constant>{%c8} = dense<3> : tensor<8xi8>
    %1 = stream.async.constant : !stream.resource<constant>{%c16} = dense<4> : tensor<4x2xi16>
    stream.yield %0, %1 : !stream.resource<constant>{%c8}, !stream.resource<constant>{%c16}
  } => !stream.timepoint
  // CHECK: %[[JOIN:.+]] = stream.timepoint.join max(%[[CST_A_TIMEPOINT]], %[[CST_AB_TIMEPOINT]], %[[EXECUTE]])
  // CHECK: stream.cmd.execute on(#hal.device.affinity<@device_b>) await(%[[JOIN]]) => with(%[[CST_AB]] as
  %t2 = stream.async.execute on(#hal.device.affinity<@device_b>) await(%result_timepoint) => with(%results#1 as %r1: !stream.resource<constant>{%c16}) {
    stream.yield
  } => !stream.timepoint
  // CHECK: util.optimization_barrier %[[CST_A]]
  util.optimization_barrier %results#0 : !stream.resource<constant>
  util.return
}

// -----

// SA5: result allocas await the execute's original await, not the captured
// constants' timepoint; the region awaits all of them.

// CHECK-LABEL: @allocaAwaitsOriginalAwait
// CHECK-SAME: (%[[AWAIT:.+]]: !stream.timepoint, %[[SIZE:.+]]: index)
util.func public @allocaAwaitsOriginalAwait(%await: !stream.timepoint, %size: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  // CHECK: %[[CST:.+]], %[[CST_TIMEPOINT:.+]] = stream.resource.constants
  // CHECK: %[[ALLOCA:.+]], %[[ALLOCA_TIMEPOINT:.+]] = stream.resource.alloca uninitialized await(%[[AWAIT]]) => !stream.resource<transient>{%[[SIZE]]}
  // CHECK: %[[JOIN:.+]] = stream.timepoint.join max(%[[AWAIT]], %[[CST_TIMEPOINT]], %[[ALLOCA_TIMEPOINT]])
  // CHECK: stream.cmd.execute await(%[[JOIN]]) => with(%[[CST]] as %{{.+}}: !stream.resource<constant>{%c8}, %[[ALLOCA]] as
  %result, %result_timepoint = stream.async.execute await(%await) => with() -> !stream.resource<transient>{%size} {
    %0 = stream.async.constant : !stream.resource<constant>{%c8} = dense<3> : tensor<8xi8>
    %1 = stream.async.dispatch @ex::@dispatch[%c1](%0[%c0 to %c8 for %c8]) : (!stream.resource<constant>{%c8}) -> !stream.resource<transient>{%size}
    stream.yield %1 : !stream.resource<transient>{%size}
  } => !stream.timepoint
  util.optimization_barrier %result : !stream.resource<transient>
  util.return
}

// -----

// Executes in the first block of an initializer run once (SA6: only there).

// CHECK-LABEL: util.initializer
util.initializer {
  %c8 = arith.constant 8 : index
  %c255_i8 = arith.constant 255 : i8
  // CHECK: stream.cmd.execute once
  %result, %result_timepoint = stream.async.execute with() -> !stream.resource<variable>{%c8} {
    %0 = stream.async.splat %c255_i8 : i8 -> !stream.resource<variable>{%c8}
    stream.yield %0 : !stream.resource<variable>{%c8}
  } => !stream.timepoint
  %ready = stream.timepoint.await %result_timepoint => %result : !stream.resource<variable>{%c8}
  util.global.store %ready, @var : !stream.resource<variable>
  cf.br ^bb1
// CHECK: ^bb1:
^bb1:
  // CHECK-NOT: once
  // CHECK: stream.cmd.execute await
  %r2, %t2 = stream.async.execute with() -> !stream.resource<variable>{%c8} {
    %0 = stream.async.splat %c255_i8 : i8 -> !stream.resource<variable>{%c8}
    stream.yield %0 : !stream.resource<variable>{%c8}
  } => !stream.timepoint
  util.return
}
util.global private mutable @var : !stream.resource<variable>

// -----

// Explicitly allocated resources are captured as they are.

// CHECK-LABEL: @explicitAllocs
// CHECK-SAME: (%[[SIZE:.+]]: index)
util.func public @explicitAllocs(%size: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c255_i8 = arith.constant 255 : i8
  // CHECK: %[[ALLOC:.+]] = stream.resource.alloc : !stream.resource<external>{%[[SIZE]]}
  %alloc = stream.resource.alloc : !stream.resource<external>{%size}
  // CHECK-NOT: stream.resource.alloca
  // CHECK: stream.cmd.execute with(%[[ALLOC]] as %[[CAPTURE:.+]]: !stream.resource<external>{%[[SIZE]]})
  %result, %result_timepoint = stream.async.execute with(%alloc as %capture: !stream.resource<external>{%size}) -> %alloc{%size} {
    // CHECK: stream.cmd.fill %c-1_i8, %[[CAPTURE]][%c0 for %c1] : i8 -> !stream.resource<external>{%[[SIZE]]}
    %0 = stream.async.fill %c255_i8, %capture[%c0 to %c1 for %c1] : i8 -> %capture as !stream.resource<external>{%size}
    stream.yield %0 : !stream.resource<external>{%size}
  } => !stream.timepoint
  // CHECK: util.optimization_barrier %[[ALLOC]]
  util.optimization_barrier %result : !stream.resource<external>
  util.return
}

// -----

// A yielded capture is passed through: no allocation.

// CHECK-LABEL: @passthroughOperands
// CHECK-SAME: (%[[OPERAND:.+]]: !stream.resource<external>, %[[SIZE:.+]]: index)
util.func public @passthroughOperands(%operand: !stream.resource<external>, %size: index) {
  // CHECK-NOT: stream.resource.alloca
  // CHECK: stream.cmd.execute with(%[[OPERAND]] as %{{.+}}: !stream.resource<external>{%[[SIZE]]})
  %result, %result_timepoint = stream.async.execute with(%operand as %capture: !stream.resource<external>{%size}) -> !stream.resource<external>{%size} {
    stream.yield %capture : !stream.resource<external>{%size}
  } => !stream.timepoint
  // CHECK: util.optimization_barrier %[[OPERAND]]
  util.optimization_barrier %result : !stream.resource<external>
  util.return
}

// -----

// CHECK-LABEL: @capturedOperands
// CHECK-SAME: (%[[OPERAND0:.+]]: !stream.resource<external>, %[[SIZE0:.+]]: index, %[[OPERAND1:.+]]: !stream.resource<external>, %[[SIZE1:.+]]: index)
util.func public @capturedOperands(%operand0: !stream.resource<external>, %size0: index, %operand1: !stream.resource<external>, %size1: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // CHECK: %[[PACK:.+]]:2 = stream.resource.pack slices({
  // CHECK-NEXT: [0, 0] = %[[SIZE0]]
  // CHECK-NEXT: }) : index
  // CHECK: %[[ALLOCA:.+]], %[[ALLOCA_TIMEPOINT:.+]] = stream.resource.alloca uninitialized : !stream.resource<transient>{%[[PACK]]#0}
  // CHECK: %[[EXECUTE:.+]] = stream.cmd.execute await(%[[ALLOCA_TIMEPOINT]]) => with(%[[OPERAND0]] as %[[CAPTURE0:.+]]: !stream.resource<external>{%[[SIZE0]]}, %[[OPERAND1]] as %[[CAPTURE1:.+]]: !stream.resource<external>{%[[SIZE1]]}, %[[ALLOCA]] as %[[SLAB:.+]]: !stream.resource<transient>{%[[PACK]]#0})
  %result_timepoint = stream.async.execute with(%operand0 as %capture0: !stream.resource<external>{%size0}, %operand1 as %capture1: !stream.resource<external>{%size1}) {
    // CHECK: stream.cmd.dispatch @executable::@dispatch[%c1] {
    // CHECK-NEXT: ro %[[CAPTURE0]][%c0 for %[[SIZE0]]] : !stream.resource<external>{%[[SIZE0]]},
    // CHECK-NEXT: ro %[[CAPTURE1]][%c0 for %[[SIZE1]]] : !stream.resource<external>{%[[SIZE1]]},
    // CHECK-NEXT: wo %[[SLAB]][%[[PACK]]#1 for %[[SIZE0]]] : !stream.resource<transient>{%[[PACK]]#0}
    %0 = stream.async.dispatch @executable::@dispatch[%c1](%capture0[%c0 to %size0 for %size0], %capture1[%c0 to %size1 for %size1]) : (!stream.resource<external>{%size0}, !stream.resource<external>{%size1}) -> !stream.resource<transient>{%size0}
    stream.yield
  } => !stream.timepoint
  // CHECK: %[[DEALLOCA:.+]] = stream.resource.dealloca await(%[[EXECUTE]]) => %[[ALLOCA]] : !stream.resource<transient>{%[[PACK]]#0} => !stream.timepoint
  // CHECK: stream.timepoint.join max(%[[DEALLOCA]], %[[EXECUTE]])
  util.return
}

// -----

// CHECK-LABEL: @tiedOperands
// CHECK-SAME: (%[[OPERAND:.+]]: !stream.resource<external>, %[[SIZE:.+]]: index)
util.func public @tiedOperands(%operand: !stream.resource<external>, %size: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c255_i8 = arith.constant 255 : i8
  // CHECK-NOT: stream.resource.alloca
  // CHECK: stream.cmd.execute with(%[[OPERAND]] as %[[CAPTURE:.+]]: !stream.resource<external>{%[[SIZE]]})
  %result, %result_timepoint = stream.async.execute with(%operand as %capture: !stream.resource<external>{%size}) -> %operand{%size} {
    // CHECK: stream.cmd.fill %c-1_i8, %[[CAPTURE]][%c0 for %c1]
    %0 = stream.async.fill %c255_i8, %capture[%c0 to %c1 for %c1] : i8 -> %capture as !stream.resource<external>{%size}
    stream.yield %0 : !stream.resource<external>{%size}
  } => !stream.timepoint
  // CHECK: util.optimization_barrier %[[OPERAND]]
  util.optimization_barrier %result : !stream.resource<external>
  util.return
}

// -----

// Subviews of a tied capture produce an outer subview at the summed offset.

// CHECK-LABEL: @tiedOperandSubviews
// CHECK-SAME: (%[[OPERAND:.+]]: !stream.resource<external>, %[[SIZE:.+]]: index, %[[OFFSET0:.+]]: index, %[[OFFSET1:.+]]: index, %[[LENGTH0:.+]]: index, %[[LENGTH1:.+]]: index)
util.func public @tiedOperandSubviews(%operand: !stream.resource<external>, %size: index, %offset0: index, %offset1: index, %length0: index, %length1: index) {
  // CHECK: %[[OFFSET:.+]] = arith.addi %[[OFFSET0]], %[[OFFSET1]] : index
  // CHECK-NEXT: %[[SUBVIEW:.+]] = stream.resource.subview %[[OPERAND]][%[[OFFSET]]] : !stream.resource<external>{%[[SIZE]]} -> !stream.resource<external>{%[[LENGTH1]]}
  // CHECK-NEXT: stream.cmd.execute with(%[[OPERAND]] as %{{.+}}: !stream.resource<external>{%[[SIZE]]})
  %result, %result_timepoint = stream.async.execute with(%operand as %capture: !stream.resource<external>{%size}) -> %operand{%length1} {
    %0 = stream.resource.subview %capture[%offset0] : !stream.resource<external>{%size} -> !stream.resource<external>{%length0}
    %1 = stream.resource.subview %0[%offset1] : !stream.resource<external>{%length0} -> !stream.resource<external>{%length1}
    stream.yield %1 : !stream.resource<external>{%length1}
  } => !stream.timepoint
  // CHECK: util.optimization_barrier %[[SUBVIEW]]
  util.optimization_barrier %result : !stream.resource<external>
  util.return
}

// -----

// [SLUICE] Commands on a subview of a subview address the capture at the
// summed offset (the reference leaves them on the erased inner subview).

// CHECK-LABEL: @nestedSubviewCommands
// CHECK-SAME: (%[[OPERAND:.+]]: !stream.resource<external>, %[[SIZE:.+]]: index, %[[OFFSET0:.+]]: index, %[[OFFSET1:.+]]: index, %[[LENGTH0:.+]]: index, %[[LENGTH1:.+]]: index)
util.func public @nestedSubviewCommands(%operand: !stream.resource<external>, %size: index, %offset0: index, %offset1: index, %length0: index, %length1: index) {
  %c0 = arith.constant 0 : index
  %c255_i8 = arith.constant 255 : i8
  // CHECK: %[[OFFSET:.+]] = arith.addi %[[OFFSET0]], %[[OFFSET1]] : index
  // CHECK: stream.cmd.execute with(%[[OPERAND]] as %[[CAPTURE:.+]]: !stream.resource<external>{%[[SIZE]]})
  // CHECK-NEXT: stream.cmd.fill %c-1_i8, %[[CAPTURE]][%[[OFFSET]] for %[[LENGTH1]]] : i8 -> !stream.resource<external>{%[[SIZE]]}
  %result_timepoint = stream.async.execute with(%operand as %capture: !stream.resource<external>{%size}) {
    %0 = stream.resource.subview %capture[%offset0] : !stream.resource<external>{%size} -> !stream.resource<external>{%length0}
    %1 = stream.resource.subview %0[%offset1] : !stream.resource<external>{%length0} -> !stream.resource<external>{%length1}
    %2 = stream.async.fill %c255_i8, %1[%c0 to %length1 for %length1] : i8 -> %1 as !stream.resource<external>{%length1}
    stream.yield
  } => !stream.timepoint
  util.return
}

// -----

// Ranges propagate through subviews and tied results; a zero range offset
// plus the op's zero offset keeps the op's own value.

// CHECK-LABEL: @aliasPropagation
// CHECK-SAME: (%[[OPERAND:.+]]: !stream.resource<external>, %[[SIZE:.+]]: index, %[[OFFSET:.+]]: index, %[[LENGTH:.+]]: index)
util.func public @aliasPropagation(%operand: !stream.resource<external>, %size: index, %offset: index, %length: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // CHECK: stream.cmd.execute with(%[[OPERAND]] as %[[CAPTURE:.+]]: !stream.resource<external>{%[[SIZE]]})
  %result_timepoint = stream.async.execute with(%operand as %capture: !stream.resource<external>{%size}) {
    %0 = stream.resource.subview %capture[%offset] : !stream.resource<external>{%size} -> !stream.resource<external>{%length}
    // CHECK: stream.cmd.dispatch @executable::@dispatch[%c1] {
    // CHECK-NEXT: rw %[[CAPTURE]][%[[OFFSET]] for %[[LENGTH]]] : !stream.resource<external>{%[[SIZE]]}
    %1 = stream.async.dispatch @executable::@dispatch[%c1](%0[%c0 to %length for %length]) : (!stream.resource<external>{%length}) -> %0{%length}
    stream.yield
  } => !stream.timepoint
  util.return
}

// -----

// Results of one lifetime share one queue-ordered alloca.

// CHECK-LABEL: @producedResults
// CHECK-SAME: (%[[SIZE0:.+]]: index, %[[SIZE1:.+]]: index)
util.func public @producedResults(%size0: index, %size1: index) {
  %c254_i8 = arith.constant 254 : i8
  %c255_i8 = arith.constant 255 : i8
  // CHECK: %[[PACK:.+]]:3 = stream.resource.pack slices({
  // CHECK-NEXT: [0, 0] = %[[SIZE0]],
  // CHECK-NEXT: [0, 0] = %[[SIZE1]]
  // CHECK-NEXT: })
  // CHECK-NEXT: %[[ALLOCA:.+]], %[[ALLOCA_TIMEPOINT:.+]] = stream.resource.alloca uninitialized : !stream.resource<transient>{%[[PACK]]#0} => !stream.timepoint
  // CHECK-NEXT: %[[SUBVIEW0:.+]] = stream.resource.subview %[[ALLOCA]][%[[PACK]]#1] : !stream.resource<transient>{%[[PACK]]#0} -> !stream.resource<transient>{%[[SIZE0]]}
  // CHECK-NEXT: %[[SUBVIEW1:.+]] = stream.resource.subview %[[ALLOCA]][%[[PACK]]#2] : !stream.resource<transient>{%[[PACK]]#0} -> !stream.resource<transient>{%[[SIZE1]]}
  // CHECK: stream.cmd.execute await(%[[ALLOCA_TIMEPOINT]]) => with(%[[SUBVIEW0]] as %[[CAPTURE0:.+]]: !stream.resource<transient>{%[[SIZE0]]}, %[[SUBVIEW1]] as %[[CAPTURE1:.+]]: !stream.resource<transient>{%[[SIZE1]]})
  %results:2, %result_timepoint = stream.async.execute with() -> (!stream.resource<transient>{%size0}, !stream.resource<transient>{%size1}) {
    // CHECK-NEXT: stream.cmd.fill %c-2_i8, %[[CAPTURE0]][%c0 for %[[SIZE0]]] : i8 -> !stream.resource<transient>{%[[SIZE0]]}
    %0 = stream.async.splat %c254_i8 : i8 -> !stream.resource<transient>{%size0}
    // CHECK-NEXT: stream.cmd.fill %c-1_i8, %[[CAPTURE1]][%c0 for %[[SIZE1]]] : i8 -> !stream.resource<transient>{%[[SIZE1]]}
    %1 = stream.async.splat %c255_i8 : i8 -> !stream.resource<transient>{%size1}
    stream.yield %0, %1 : !stream.resource<transient>{%size0}, !stream.resource<transient>{%size1}
  } => !stream.timepoint
  // CHECK: util.optimization_barrier %[[SUBVIEW0]]
  util.optimization_barrier %results#0 : !stream.resource<transient>
  // CHECK: util.optimization_barrier %[[SUBVIEW1]]
  util.optimization_barrier %results#1 : !stream.resource<transient>
  util.return
}

// -----

// Results of different lifetimes get one alloca per lifetime, in enum order.

// CHECK-LABEL: @producedResultsLifetimes
util.func public @producedResultsLifetimes(%size: index) {
  %c255_i8 = arith.constant 255 : i8
  // CHECK: %[[EXTERNAL:.+]], %{{.+}} = stream.resource.alloca uninitialized : !stream.resource<external>
  // CHECK: %[[TRANSIENT:.+]], %{{.+}} = stream.resource.alloca uninitialized : !stream.resource<transient>
  // CHECK: stream.timepoint.join max
  // CHECK: stream.cmd.execute await(%{{.+}}) => with(%[[EXTERNAL]] as %{{.+}}: !stream.resource<external>{%{{.+}}}, %[[TRANSIENT]] as
  %results:2, %result_timepoint = stream.async.execute with() -> (!stream.resource<transient>{%size}, !stream.resource<external>{%size}) {
    %0 = stream.async.splat %c255_i8 : i8 -> !stream.resource<transient>{%size}
    %1 = stream.async.splat %c255_i8 : i8 -> !stream.resource<external>{%size}
    stream.yield %0, %1 : !stream.resource<transient>{%size}, !stream.resource<external>{%size}
  } => !stream.timepoint
  // CHECK: util.optimization_barrier %[[TRANSIENT]]
  util.optimization_barrier %results#0 : !stream.resource<transient>
  // CHECK: util.optimization_barrier %[[EXTERNAL]]
  util.optimization_barrier %results#1 : !stream.resource<external>
  util.return
}

// -----

// Values living only inside the region share one transient slab packed by
// liveness; it is released after the region.

// CHECK-LABEL: @locals
// CHECK-SAME: (%[[SIZE0:.+]]: index, %[[SIZE1:.+]]: index, %[[AWAIT_TIMEPOINT:.+]]: !stream.timepoint)
util.func public @locals(%size0: index, %size1: index, %await_timepoint: !stream.timepoint) -> !stream.timepoint {
  %c254_i8 = arith.constant 254 : i8
  %c255_i8 = arith.constant 255 : i8
  // CHECK: %[[SLICES:.+]]:3 = stream.resource.pack slices({
  // CHECK-NEXT: [0, 0] = %[[SIZE0]],
  // CHECK-NEXT: [1, 1] = %[[SIZE1]]
  // CHECK-NEXT: })
  // CHECK-NEXT: %[[ALLOCA:.+]], %[[ALLOCA_TIMEPOINT:.+]] = stream.resource.alloca uninitialized await(%[[AWAIT_TIMEPOINT]]) => !stream.resource<transient>{%[[SLICES]]#0} => !stream.timepoint
  // CHECK-NEXT: %[[AWAIT_JOIN:.+]] = stream.timepoint.join max(%[[AWAIT_TIMEPOINT]], %[[ALLOCA_TIMEPOINT]])
  // CHECK: %[[EXEC_TIMEPOINT:.+]] = stream.cmd.execute await(%[[AWAIT_JOIN]])
  // CHECK-SAME: with(%[[ALLOCA]] as %[[CAPTURE:.+]]: !stream.resource<transient>{%[[SLICES]]#0})
  %result_timepoint = stream.async.execute await(%await_timepoint) => with() {
    // CHECK: stream.cmd.fill %c-2_i8, %[[CAPTURE]][%[[SLICES]]#1 for %[[SIZE0]]] : i8 -> !stream.resource<transient>{%[[SLICES]]#0}
    %0 = stream.async.splat %c254_i8 : i8 -> !stream.resource<transient>{%size0}
    // CHECK: stream.cmd.fill %c-1_i8, %[[CAPTURE]][%[[SLICES]]#2 for %[[SIZE1]]] : i8 -> !stream.resource<transient>{%[[SLICES]]#0}
    %1 = stream.async.splat %c255_i8 : i8 -> !stream.resource<transient>{%size1}
    stream.yield
  } => !stream.timepoint
  // CHECK: %[[DEALLOCA_TIMEPOINT:.+]] = stream.resource.dealloca await(%[[EXEC_TIMEPOINT]]) => %[[ALLOCA]] : !stream.resource<transient>{%[[SLICES]]#0} => !stream.timepoint
  // CHECK: %[[JOIN:.+]] = stream.timepoint.join max(%[[DEALLOCA_TIMEPOINT]], %[[EXEC_TIMEPOINT]]) => !stream.timepoint
  // CHECK: util.return %[[JOIN]]
  util.return %result_timepoint : !stream.timepoint
}

// -----

// Liveness intervals follow uses and alias classes: the tied dispatch shares
// its operand's slot and interval.

// CHECK-LABEL: @localsChain
// CHECK-SAME: (%[[SIZE:.+]]: index)
util.func public @localsChain(%size: index) -> !stream.timepoint {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c255_i8 = arith.constant 255 : i8
  // CHECK: %[[SLICES:.+]]:4 = stream.resource.pack slices({
  // CHECK-NEXT: [0, 1] = %[[SIZE]],
  // CHECK-NEXT: [1, 3] = %[[SIZE]],
  // CHECK-NEXT: [3, 3] = %[[SIZE]]
  // CHECK-NEXT: })
  // CHECK: stream.cmd.execute
  %result_timepoint = stream.async.execute with() {
    // CHECK-NEXT: stream.cmd.fill %c-1_i8, %[[SLAB:.+]][%[[SLICES]]#1 for %[[SIZE]]]
    %0 = stream.async.splat %c255_i8 : i8 -> !stream.resource<transient>{%size}
    // CHECK-NEXT: stream.cmd.dispatch @ex::@a[%c1] {
    // CHECK-NEXT: ro %[[SLAB]][%[[SLICES]]#1 for %[[SIZE]]]
    // CHECK-NEXT: wo %[[SLAB]][%[[SLICES]]#2 for %[[SIZE]]]
    %1 = stream.async.dispatch @ex::@a[%c1](%0[%c0 to %size for %size]) : (!stream.resource<transient>{%size}) -> !stream.resource<transient>{%size}
    // CHECK: stream.cmd.dispatch @ex::@b[%c1] {
    // CHECK-NEXT: rw %[[SLAB]][%[[SLICES]]#2 for %[[SIZE]]]
    %2 = stream.async.dispatch @ex::@b[%c1](%1[%c0 to %size for %size]) : (!stream.resource<transient>{%size}) -> %1{%size}
    // CHECK: stream.cmd.dispatch @ex::@c[%c1] {
    // CHECK-NEXT: ro %[[SLAB]][%[[SLICES]]#2 for %[[SIZE]]]
    // CHECK-NEXT: wo %[[SLAB]][%[[SLICES]]#3 for %[[SIZE]]]
    %3 = stream.async.dispatch @ex::@c[%c1](%2[%c0 to %size for %size]) : (!stream.resource<transient>{%size}) -> !stream.resource<transient>{%size}
    stream.yield
  } => !stream.timepoint
  util.return %result_timepoint : !stream.timepoint
}

// -----

// Concurrent regions need no allocation of their own: their commands address
// the outer captures.

// CHECK-LABEL: @concurrentRegions
// CHECK-SAME: (%[[OPERAND:.+]]: !stream.resource<transient>, %[[SIZE:.+]]: index)
util.func public @concurrentRegions(%operand: !stream.resource<transient>, %size: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c254_i8 = arith.constant 254 : i8
  %c255_i8 = arith.constant 255 : i8
  // CHECK-NOT: stream.resource.alloca
  // CHECK: stream.cmd.execute with(%[[OPERAND]] as %[[CAPTURE:.+]]: !stream.resource<transient>{%[[SIZE]]})
  %result, %result_timepoint = stream.async.execute with(%operand as %capture: !stream.resource<transient>{%size}) -> %operand{%size} {
    // CHECK-NEXT: stream.cmd.concurrent {
    %0 = stream.async.concurrent with(%capture as %concurrent_capture: !stream.resource<transient>{%size}) -> %capture{%size} {
      // CHECK-NEXT: stream.cmd.fill %c-2_i8, %[[CAPTURE]][%c0 for %c1]
      %1 = stream.async.fill %c254_i8, %concurrent_capture[%c0 to %c1 for %c1] : i8 -> %concurrent_capture as !stream.resource<transient>{%size}
      stream.yield %1 : !stream.resource<transient>{%size}
    }
    stream.yield %0 : !stream.resource<transient>{%size}
  } => !stream.timepoint
  // CHECK: util.optimization_barrier %[[OPERAND]]
  util.optimization_barrier %result : !stream.resource<transient>
  util.return
}

// -----

// CHECK-LABEL: @applyAsyncSplatOp
// CHECK-SAME: (%[[SIZE:.+]]: index)
util.func public @applyAsyncSplatOp(%size: index) {
  %c255_i8 = arith.constant 255 : i8
  // CHECK: %[[ALLOCA:.+]], %[[ALLOCA_TIMEPOINT:.+]] = stream.resource.alloca uninitialized : !stream.resource<transient>{%[[SIZE]]}
  // CHECK: stream.cmd.execute await(%[[ALLOCA_TIMEPOINT]]) => with(%[[ALLOCA]] as %[[CAPTURE:.+]]: !stream.resource<transient>{%[[SIZE]]})
  %result, %result_timepoint = stream.async.execute with() -> !stream.resource<transient>{%size} {
    // CHECK-NEXT: stream.cmd.fill %c-1_i8, %[[CAPTURE]][%c0 for %[[SIZE]]] : i8 -> !stream.resource<transient>{%[[SIZE]]}
    %0 = stream.async.splat %c255_i8 : i8 -> !stream.resource<transient>{%size}
    stream.yield %0 : !stream.resource<transient>{%size}
  } => !stream.timepoint
  // CHECK: util.optimization_barrier %[[ALLOCA]]
  util.optimization_barrier %result : !stream.resource<transient>
  util.return
}

// -----

// CHECK-LABEL: @applyAsyncCloneOp
// CHECK-SAME: (%[[OPERAND:.+]]: !stream.resource<transient>, %[[SIZE:.+]]: index)
util.func public @applyAsyncCloneOp(%operand: !stream.resource<transient>, %size: index) {
  // CHECK: %[[ALLOCA:.+]], %{{.+}} = stream.resource.alloca uninitialized : !stream.resource<transient>{%[[SIZE]]}
  // CHECK: stream.cmd.execute await(%{{.+}}) => with(%[[OPERAND]] as %[[SOURCE:.+]]: !stream.resource<transient>{%[[SIZE]]}, %[[ALLOCA]] as %[[TARGET:.+]]: !stream.resource<transient>{%[[SIZE]]})
  %result, %result_timepoint = stream.async.execute with(%operand as %capture: !stream.resource<transient>{%size}) -> !stream.resource<transient>{%size} {
    // CHECK-NEXT: stream.cmd.copy %[[SOURCE]][%c0], %[[TARGET]][%c0], %[[SIZE]] : !stream.resource<transient>{%[[SIZE]]} -> !stream.resource<transient>{%[[SIZE]]}
    %0 = stream.async.clone %capture : !stream.resource<transient>{%size} -> !stream.resource<transient>{%size}
    stream.yield %0 : !stream.resource<transient>{%size}
  } => !stream.timepoint
  util.optimization_barrier %result : !stream.resource<transient>
  util.return
}

// -----

// CHECK-LABEL: @applyAsyncSliceOp
// CHECK-SAME: (%[[OPERAND:.+]]: !stream.resource<transient>, %[[SIZE:.+]]: index)
util.func public @applyAsyncSliceOp(%operand: !stream.resource<transient>, %size: index) {
  %c16 = arith.constant 16 : index
  %c128 = arith.constant 128 : index
  %c112 = arith.constant 112 : index
  // CHECK: %[[ALLOCA:.+]], %{{.+}} = stream.resource.alloca uninitialized : !stream.resource<transient>{%c112}
  // CHECK: stream.cmd.execute await(%{{.+}}) => with(%[[OPERAND]] as %[[SOURCE:.+]]: !stream.resource<transient>{%[[SIZE]]}, %[[ALLOCA]] as %[[TARGET:.+]]: !stream.resource<transient>{%c112})
  %result, %result_timepoint = stream.async.execute with(%operand as %capture: !stream.resource<transient>{%size}) -> !stream.resource<transient>{%c112} {
    // CHECK-NEXT: stream.cmd.copy %[[SOURCE]][%c16], %[[TARGET]][%c0], %c112 : !stream.resource<transient>{%[[SIZE]]} -> !stream.resource<transient>{%c112}
    %0 = stream.async.slice %capture[%c16 to %c128] : !stream.resource<transient>{%size} -> !stream.resource<transient>{%c112}
    stream.yield %0 : !stream.resource<transient>{%c112}
  } => !stream.timepoint
  util.optimization_barrier %result : !stream.resource<transient>
  util.return
}

// -----

// CHECK-LABEL: @applyAsyncFillOp
// CHECK-SAME: (%[[OPERAND:.+]]: !stream.resource<transient>, %[[SIZE:.+]]: index)
util.func public @applyAsyncFillOp(%operand: !stream.resource<transient>, %size: index) {
  %c16 = arith.constant 16 : index
  %c128 = arith.constant 128 : index
  %c112 = arith.constant 112 : index
  %c255_i8 = arith.constant 255 : i8
  // CHECK: stream.cmd.execute with(%[[OPERAND]] as %[[TARGET:.+]]: !stream.resource<transient>{%[[SIZE]]})
  %result, %result_timepoint = stream.async.execute with(%operand as %capture: !stream.resource<transient>{%size}) -> %operand{%size} {
    // CHECK-NEXT: stream.cmd.fill %c-1_i8, %[[TARGET]][%c16 for %c112] : i8 -> !stream.resource<transient>{%[[SIZE]]}
    %0 = stream.async.fill %c255_i8, %capture[%c16 to %c128 for %c112] : i8 -> %capture as !stream.resource<transient>{%size}
    stream.yield %0 : !stream.resource<transient>{%size}
  } => !stream.timepoint
  util.optimization_barrier %result : !stream.resource<transient>
  util.return
}

// -----

// CHECK-LABEL: @applyAsyncUpdateOp
// CHECK-SAME: (%[[OPERAND:.+]]: !stream.resource<transient>, %[[SIZE:.+]]: index, %[[UPDATE:.+]]: !stream.resource<external>, %[[UPDATE_SIZE:.+]]: index)
util.func public @applyAsyncUpdateOp(%operand: !stream.resource<transient>, %size: index, %update: !stream.resource<external>, %update_size: index) {
  %c16 = arith.constant 16 : index
  %c128 = arith.constant 128 : index
  // CHECK: stream.cmd.execute with(%[[UPDATE]] as %[[SOURCE:.+]]: !stream.resource<external>{%[[UPDATE_SIZE]]}, %[[OPERAND]] as %[[TARGET:.+]]: !stream.resource<transient>{%[[SIZE]]})
  %result, %result_timepoint = stream.async.execute with(%update as %captured_update: !stream.resource<external>{%update_size}, %operand as %captured_operand: !stream.resource<transient>{%size}) -> %operand{%size} {
    // CHECK-NEXT: stream.cmd.copy %[[SOURCE]][%c0], %[[TARGET]][%c16], %[[UPDATE_SIZE]] : !stream.resource<external>{%[[UPDATE_SIZE]]} -> !stream.resource<transient>{%[[SIZE]]}
    %0 = stream.async.update %captured_update, %captured_operand[%c16 to %c128] : !stream.resource<external>{%update_size} -> %captured_operand as !stream.resource<transient>{%size}
    stream.yield %0 : !stream.resource<transient>{%size}
  } => !stream.timepoint
  util.optimization_barrier %result : !stream.resource<transient>
  util.return
}

// -----

// CHECK-LABEL: @applyAsyncCopyOp
// CHECK-SAME: (%[[OPERAND:.+]]: !stream.resource<transient>, %[[SIZE:.+]]: index, %[[SOURCE:.+]]: !stream.resource<external>, %[[SOURCE_SIZE:.+]]: index)
util.func public @applyAsyncCopyOp(%operand: !stream.resource<transient>, %size: index, %source: !stream.resource<external>, %source_size: index) {
  %c16 = arith.constant 16 : index
  %c128 = arith.constant 128 : index
  %c112 = arith.constant 112 : index
  // CHECK: stream.cmd.execute with(%[[SOURCE]] as %[[SOURCE_CAPTURE:.+]]: !stream.resource<external>{%[[SOURCE_SIZE]]}, %[[OPERAND]] as %[[TARGET:.+]]: !stream.resource<transient>{%[[SIZE]]})
  %result, %result_timepoint = stream.async.execute with(%source as %captured_source: !stream.resource<external>{%source_size}, %operand as %captured_operand: !stream.resource<transient>{%size}) -> %operand{%size} {
    // CHECK-NEXT: stream.cmd.copy %[[SOURCE_CAPTURE]][%c16], %[[TARGET]][%c16], %c112 : !stream.resource<external>{%[[SOURCE_SIZE]]} -> !stream.resource<transient>{%[[SIZE]]}
    %0 = stream.async.copy %captured_source[%c16 to %c128], %captured_operand[%c16 to %c128], %c112 : !stream.resource<external>{%source_size} -> %captured_operand as !stream.resource<transient>{%size}
    stream.yield %0 : !stream.resource<transient>{%size}
  } => !stream.timepoint
  util.optimization_barrier %result : !stream.resource<transient>
  util.return
}

// -----

// CHECK-LABEL: @applyAsyncCollectiveOpOutOfPlace
// CHECK-SAME: (%[[CHANNEL:.+]]: !stream.channel, %[[SEND:.+]]: !stream.resource<transient>, %[[SEND_SIZE:.+]]: index, %[[RECV_SIZE:.+]]: index, %[[COUNT:.+]]: index)
util.func public @applyAsyncCollectiveOpOutOfPlace(%channel: !stream.channel, %send: !stream.resource<transient>, %send_size: index, %recv_size: index, %count: index) {
  %c0 = arith.constant 0 : index
  // CHECK: %[[ALLOCA:.+]], %{{.+}} = stream.resource.alloca uninitialized : !stream.resource<transient>{%[[RECV_SIZE]]}
  // CHECK: stream.cmd.execute await(%{{.+}}) => with(%[[SEND]] as %[[SEND_CAPTURE:.+]]: !stream.resource<transient>{%[[SEND_SIZE]]}, %[[ALLOCA]] as %[[RECV_CAPTURE:.+]]: !stream.resource<transient>{%[[RECV_SIZE]]})
  %result, %result_timepoint = stream.async.execute with(%send as %captured_send: !stream.resource<transient>{%send_size}) -> !stream.resource<transient>{%recv_size} {
    %0 = stream.async.alloca : !stream.resource<transient>{%recv_size}
    // CHECK-NEXT: stream.cmd.collective<all_gather : f32>[%[[COUNT]]] channel(%[[CHANNEL]]) {
    // CHECK-NEXT: ro %[[SEND_CAPTURE]][%c0 for %[[SEND_SIZE]]] : !stream.resource<transient>{%[[SEND_SIZE]]},
    // CHECK-NEXT: wo %[[RECV_CAPTURE]][%c0 for %[[RECV_SIZE]]] : !stream.resource<transient>{%[[RECV_SIZE]]}
    // CHECK-NEXT: }
    %1 = stream.async.collective<all_gather : f32>[%count] channel(%channel) %captured_send[%c0 to %send_size for %send_size], %0[%c0 to %recv_size for %recv_size] : !stream.resource<transient>{%send_size} -> %0 as !stream.resource<transient>{%recv_size}
    stream.yield %1 : !stream.resource<transient>{%recv_size}
  } => !stream.timepoint
  util.optimization_barrier %result : !stream.resource<transient>
  util.return
}

// -----

// CHECK-LABEL: @applyAsyncCollectiveOpInPlace
// CHECK-SAME: (%[[CHANNEL:.+]]: !stream.channel, %[[BUFFER:.+]]: !stream.resource<transient>, %[[SIZE:.+]]: index, %[[COUNT:.+]]: index)
util.func public @applyAsyncCollectiveOpInPlace(%channel: !stream.channel, %buffer: !stream.resource<transient>, %size: index, %count: index) {
  %c0 = arith.constant 0 : index
  %c64 = arith.constant 64 : index
  %c128 = arith.constant 128 : index
  // CHECK: stream.cmd.execute with(%[[BUFFER]] as %[[CAPTURE:.+]]: !stream.resource<transient>{%[[SIZE]]})
  %result, %result_timepoint = stream.async.execute with(%buffer as %captured: !stream.resource<transient>{%size}) -> %buffer{%size} {
    // CHECK-NEXT: stream.cmd.collective<all_reduce with sum : f32>[%[[COUNT]]] channel(%[[CHANNEL]]) {
    // CHECK-NEXT: ro %[[CAPTURE]][%c0 for %[[SIZE]]] : !stream.resource<transient>{%[[SIZE]]},
    // CHECK-NEXT: wo %[[CAPTURE]][%c64 for %[[SIZE]]] : !stream.resource<transient>{%[[SIZE]]}
    %0 = stream.async.collective<all_reduce with sum : f32>[%count] channel(%channel) %captured[%c0 to %c64 for %c64], %captured[%c64 to %c128 for %c64] : !stream.resource<transient>{%size} -> %captured as !stream.resource<transient>{%size}
    stream.yield %0 : !stream.resource<transient>{%size}
  } => !stream.timepoint
  util.optimization_barrier %result : !stream.resource<transient>
  util.return
}

// -----

// [SLUICE] A send only reads: the command names just its source (a two-range
// send would not verify).

// CHECK-LABEL: @applyAsyncCollectiveOpSend
util.func public @applyAsyncCollectiveOpSend(%channel: !stream.channel, %send: !stream.resource<transient>, %size: index, %count: index, %target: i32) {
  %c0 = arith.constant 0 : index
  // CHECK: stream.cmd.execute with(%{{.+}} as %[[CAPTURE:.+]]: !stream.resource<transient>{%[[SIZE:.+]]})
  %result, %result_timepoint = stream.async.execute with(%send as %captured: !stream.resource<transient>{%size}) -> %send{%size} {
    // CHECK-NEXT: stream.cmd.collective<send : f32>[%{{.+}}] channel(%{{.+}}) param(%{{.+}} : i32) {
    // CHECK-NEXT: ro %[[CAPTURE]][%c0 for %[[SIZE]]] : !stream.resource<transient>{%[[SIZE]]}
    // CHECK-NEXT: }
    %0 = stream.async.collective<send : f32>[%count] channel(%channel) target(%target) %captured[%c0 to %size for %size], %captured[%c0 to %size for %size] : !stream.resource<transient>{%size} -> %captured as !stream.resource<transient>{%size}
    stream.yield %0 : !stream.resource<transient>{%size}
  } => !stream.timepoint
  util.optimization_barrier %result : !stream.resource<transient>
  util.return
}

// -----

// SA2: barriers lower to a copy.

// CHECK-LABEL: @applyAsyncBarrierOp
// CHECK-SAME: (%[[OPERAND:.+]]: !stream.resource<transient>, %[[SIZE:.+]]: index)
util.func public @applyAsyncBarrierOp(%operand: !stream.resource<transient>, %size: index) {
  // CHECK: stream.cmd.execute with(%[[OPERAND]] as %[[CAPTURE:.+]]: !stream.resource<transient>{%[[SIZE]]})
  %result, %result_timepoint = stream.async.execute with(%operand as %capture: !stream.resource<transient>{%size}) -> %operand{%size} {
    // CHECK-NEXT: stream.cmd.copy %[[CAPTURE]][%c0], %[[CAPTURE]][%c0], %[[SIZE]]
    %0 = stream.async.barrier %capture : !stream.resource<transient>{%size}
    stream.yield %0 : !stream.resource<transient>{%size}
  } => !stream.timepoint
  util.optimization_barrier %result : !stream.resource<transient>
  util.return
}

// -----

// A transfer into staging is flushed.

// CHECK-LABEL: @applyAsyncTransferOp
// CHECK-SAME: (%[[OPERAND:.+]]: !stream.resource<transient>, %[[SIZE:.+]]: index)
util.func public @applyAsyncTransferOp(%operand: !stream.resource<transient>, %size: index) {
  // CHECK: %[[ALLOCA:.+]], %{{.+}} = stream.resource.alloca uninitialized : !stream.resource<staging>{%[[SIZE]]}
  // CHECK: stream.cmd.execute await(%{{.+}}) => with(%[[OPERAND]] as %[[SOURCE:.+]]: !stream.resource<transient>{%[[SIZE]]}, %[[ALLOCA]] as %[[TARGET:.+]]: !stream.resource<staging>{%[[SIZE]]})
  %result, %result_timepoint = stream.async.execute with(%operand as %capture: !stream.resource<transient>{%size}) -> !stream.resource<staging>{%size} {
    // CHECK-NEXT: stream.cmd.copy %[[SOURCE]][%c0], %[[TARGET]][%c0], %[[SIZE]] : !stream.resource<transient>{%[[SIZE]]} -> !stream.resource<staging>{%[[SIZE]]}
    // CHECK-NEXT: stream.cmd.flush %[[TARGET]][%c0 for %[[SIZE]]] : !stream.resource<staging>{%[[SIZE]]}
    %0 = stream.async.transfer %capture : !stream.resource<transient>{%size} -> !stream.resource<staging>{%size}
    stream.yield %0 : !stream.resource<staging>{%size}
  } => !stream.timepoint
  util.optimization_barrier %result : !stream.resource<staging>
  util.return
}

// -----

// A transfer out of staging from another device is invalidated first.

util.global private @device_a : !hal.device
util.global private @device_b : !hal.device
// CHECK-LABEL: @applyAsyncTransferIncoming
util.func public @applyAsyncTransferIncoming(%operand: !stream.resource<staging>, %size: index) {
  // CHECK: stream.cmd.execute on(#hal.device.affinity<@device_a>) await(%{{.+}}) => with(%{{.+}} as %[[SOURCE:.+]]: !stream.resource<staging>{%[[SIZE:.+]]}, %{{.+}} as %[[TARGET:.+]]: !stream.resource<transient>{%[[SIZE]]})
  %result, %result_timepoint = stream.async.execute on(#hal.device.affinity<@device_a>) with(%operand as %capture: !stream.resource<staging>{%size}) -> !stream.resource<transient>{%size} {
    // CHECK-NEXT: stream.cmd.invalidate from(#hal.device.affinity<@device_b>) %[[SOURCE]][%c0 for %[[SIZE]]] : !stream.resource<staging>{%[[SIZE]]}
    // CHECK-NEXT: stream.cmd.copy %[[SOURCE]][%c0], %[[TARGET]][%c0], %[[SIZE]]
    // CHECK-NOT: stream.cmd.flush
    %0 = stream.async.transfer %capture : !stream.resource<staging>{%size} from(#hal.device.affinity<@device_b>) -> to(#hal.device.affinity<@device_a>) !stream.resource<transient>{%size}
    stream.yield %0 : !stream.resource<transient>{%size}
  } => !stream.timepoint
  util.optimization_barrier %result : !stream.resource<transient>
  util.return
}

// -----

// Results are allocated on every device that uses them.

util.global private @device_a : !hal.device
util.global private @device_b : !hal.device
// CHECK-LABEL: @applyAsyncTransferMultiScopeOp
util.func public @applyAsyncTransferMultiScopeOp(%operand: !stream.resource<transient>, %size: index) {
  // CHECK: %[[ALLOCA:.+]], %{{.+}} = stream.resource.alloca uninitialized on(#hal.device.optimal<[#hal.device.affinity<@device_a>, #hal.device.affinity<@device_b>]>) : !stream.resource<transient>
  // CHECK: stream.cmd.execute on(#hal.device.affinity<@device_a>) await(%{{.+}}) => with(%{{.+}} as %[[SOURCE:.+]]: !stream.resource<transient>{%[[SIZE:.+]]}, %[[ALLOCA]] as %[[TARGET:.+]]: !stream.resource<transient>{%[[SIZE]]})
  %result, %result_timepoint = stream.async.execute on(#hal.device.affinity<@device_a>) with(%operand as %capture: !stream.resource<transient>{%size}) -> !stream.resource<transient>{%size} {
    // CHECK-NEXT: stream.cmd.copy %[[SOURCE]][%c0], %[[TARGET]][%c0], %[[SIZE]]
    // CHECK-NEXT: stream.cmd.flush to(#hal.device.affinity<@device_b>) %[[TARGET]][%c0 for %[[SIZE]]] : !stream.resource<transient>{%[[SIZE]]}
    %0 = stream.async.transfer %capture : !stream.resource<transient>{%size} from(#hal.device.affinity<@device_a>) -> to(#hal.device.affinity<@device_b>) !stream.resource<transient>{%size}
    stream.yield %0 : !stream.resource<transient>{%size}
  } => !stream.timepoint
  util.optimization_barrier %result : !stream.resource<transient>
  util.return
}

// -----

// A result consumed on another device is allocated where it is produced and
// where it is consumed; an exported result is pinned to the export's device.

util.global private @device_a : !hal.device
util.global private @device_b : !hal.device
// CHECK-LABEL: @multiAffinityTrip
util.func public @multiAffinityTrip(%size: index) -> !stream.resource<external> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // CHECK: %[[A:.+]], %{{.+}} = stream.resource.alloca uninitialized on(#hal.device.optimal<[#hal.device.affinity<@device_a>, #hal.device.affinity<@device_b>]>) : !stream.resource<transient>
  %r0, %t0 = stream.async.execute on(#hal.device.affinity<@device_a>) with() -> !stream.resource<transient>{%size} {
    %0 = stream.async.dispatch @ex::@a[%c1]() : () -> !stream.resource<transient>{%size}
    stream.yield %0 : !stream.resource<transient>{%size}
  } => !stream.timepoint
  // CHECK: %[[B:.+]], %{{.+}} = stream.resource.alloca uninitialized on(#hal.device.affinity<@device_a>) await(%{{.+}}) => !stream.resource<external>
  %r1, %t1 = stream.async.execute on(#hal.device.affinity<@device_b>) await(%t0) => with(%r0 as %capture: !stream.resource<transient>{%size}) -> !stream.resource<external>{%size} {
    %0 = stream.async.transfer %capture : !stream.resource<transient>{%size} from(#hal.device.affinity<@device_b>) -> to(#hal.device.affinity<@device_a>) !stream.resource<external>{%size}
    stream.yield %0 : !stream.resource<external>{%size}
  } => !stream.timepoint
  %ready = stream.timepoint.await %t1 => %r1 : !stream.resource<external>{%size}
  %exported = stream.tensor.export on(#hal.device.affinity<@device_a>) %ready : tensor<4xf32> in !stream.resource<external>{%size} -> !hal.buffer_view
  %back = stream.tensor.import on(#hal.device.affinity<@device_a>) %exported : !hal.buffer_view -> tensor<4xf32> in !stream.resource<external>{%size}
  util.return %back : !stream.resource<external>
}

// -----

// Without any known use or producer affinity the default affinity is used.

util.global private @device : !hal.device
// CHECK-LABEL: @defaultAffinity
util.func public @defaultAffinity(%size: index) -> !stream.resource<transient> attributes {
  stream.affinity.default = #hal.device.affinity<@device>
} {
  %c255_i8 = arith.constant 255 : i8
  // CHECK: stream.resource.alloca uninitialized on(#hal.device.affinity<@device>) : !stream.resource<transient>
  %result, %result_timepoint = stream.async.execute with() -> !stream.resource<transient>{%size} {
    %0 = stream.async.splat %c255_i8 : i8 -> !stream.resource<transient>{%size}
    stream.yield %0 : !stream.resource<transient>{%size}
  } => !stream.timepoint
  %ready = stream.timepoint.await %result_timepoint => %result : !stream.resource<transient>{%size}
  util.return %ready : !stream.resource<transient>
}

// -----

// CHECK-LABEL: @applyAsyncDispatchOp
// CHECK-SAME: (%[[OPERAND:.+]]: !stream.resource<transient>, %[[SIZE:.+]]: index, %[[OFFSET:.+]]: index, %[[END:.+]]: index, %[[LENGTH:.+]]: index)
util.func public @applyAsyncDispatchOp(%operand: !stream.resource<transient>, %size: index, %offset: index, %end: index, %length: index) {
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  // CHECK: %[[ALLOCA:.+]], %{{.+}} = stream.resource.alloca uninitialized : !stream.resource<external>{%[[SIZE]]}
  // CHECK: stream.cmd.execute await(%{{.+}}) => with(%[[OPERAND]] as %[[CAPTURE:.+]]: !stream.resource<transient>{%[[SIZE]]}, %[[ALLOCA]] as %[[RESULT:.+]]: !stream.resource<external>{%[[SIZE]]})
  %results:2, %result_timepoint = stream.async.execute with(%operand as %capture: !stream.resource<transient>{%size}) -> (%operand{%size}, !stream.resource<external>{%size}) {
    // CHECK-NEXT: stream.cmd.dispatch @ex::@dispatch[%c1, %c1, %c1](%c4 : index) {
    // CHECK-NEXT: rw %[[CAPTURE]][%[[OFFSET]] for %[[LENGTH]]] : !stream.resource<transient>{%[[SIZE]]},
    // CHECK-NEXT: wo %[[RESULT]][%c0 for %[[SIZE]]] : !stream.resource<external>{%[[SIZE]]}
    // CHECK-NEXT: } attributes {hal.interface.bindings = [1]}
    %0:2 = stream.async.dispatch @ex::@dispatch[%c1, %c1, %c1](%capture[%offset to %end for %length], %c4) {hal.interface.bindings = [1]} : (!stream.resource<transient>{%size}, index) -> (%capture{%size}, !stream.resource<external>{%size})
    stream.yield %0#0, %0#1 : !stream.resource<transient>{%size}, !stream.resource<external>{%size}
  } => !stream.timepoint
  // CHECK: util.optimization_barrier %[[OPERAND]]
  util.optimization_barrier %results#0 : !stream.resource<transient>
  // CHECK: util.optimization_barrier %[[ALLOCA]]
  util.optimization_barrier %results#1 : !stream.resource<external>
  util.return
}

// -----

// Unused results inside waves still get transient storage.

// CHECK-LABEL: @applyAsyncDispatchUnusedOp
// CHECK-SAME: (%[[OPERAND:.+]]: !stream.resource<transient>, %[[SIZE:.+]]: index)
util.func public @applyAsyncDispatchUnusedOp(%operand: !stream.resource<transient>, %size: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // CHECK: %[[PACK:.+]]:3 = stream.resource.pack slices({
  // CHECK-NEXT: [0, 0] = %[[SIZE]],
  // CHECK-NEXT: [0, 0] = %[[SIZE]]
  // CHECK-NEXT: })
  // CHECK: stream.cmd.execute await(%{{.+}}) => with(%[[OPERAND]] as %[[CAPTURE:.+]]: !stream.resource<transient>{%[[SIZE]]}, %{{.+}} as %[[SLAB:.+]]: !stream.resource<transient>{%[[PACK]]#0})
  %result, %result_timepoint = stream.async.execute with(%operand as %capture: !stream.resource<transient>{%size}) -> %operand{%size} {
    // CHECK-NEXT: stream.cmd.concurrent {
    %0:2 = stream.async.concurrent with(%capture as %inner: !stream.resource<transient>{%size}) -> (%capture{%size}, !stream.resource<transient>{%size}) {
      // CHECK-NEXT: stream.cmd.dispatch @ex::@dispatch[%c1] {
      // CHECK-NEXT: rw %[[CAPTURE]][%c0 for %[[SIZE]]] : !stream.resource<transient>{%[[SIZE]]},
      // CHECK-NEXT: wo %[[SLAB]][%[[PACK]]#1 for %[[SIZE]]] : !stream.resource<transient>{%[[PACK]]#0}
      %1:2 = stream.async.dispatch @ex::@dispatch[%c1](%inner[%c0 to %size for %size]) : (!stream.resource<transient>{%size}) -> (%inner{%size}, !stream.resource<transient>{%size})
      // CHECK: stream.cmd.dispatch @ex::@dispatch[%c1] {
      // CHECK-NEXT: ro %[[CAPTURE]][%c0 for %[[SIZE]]] : !stream.resource<transient>{%[[SIZE]]},
      // CHECK-NEXT: wo %[[SLAB]][%[[PACK]]#2 for %[[SIZE]]] : !stream.resource<transient>{%[[PACK]]#0}
      %2 = stream.async.dispatch @ex::@dispatch[%c1](%inner[%c0 to %size for %size]) : (!stream.resource<transient>{%size}) -> !stream.resource<transient>{%size}
      stream.yield %1#0, %2 : !stream.resource<transient>{%size}, !stream.resource<transient>{%size}
    }
    stream.yield %0#0 : !stream.resource<transient>{%size}
  } => !stream.timepoint
  util.optimization_barrier %result : !stream.resource<transient>
  util.return
}

// -----

// Async functions become command functions: resources expand to
// (resource, offset, length), untied resource results become inputs.

// CHECK: stream.cmd.func private @asyncExtern(%arg0[%arg1 for %arg2]: !stream.resource<*>, %arg3: index, %arg4[%arg5 for %arg6]: !stream.resource<*>)
stream.async.func private @asyncExtern(%arg0: !stream.resource<*>, %arg1: index) -> (%arg0, !stream.resource<*>)

// CHECK-LABEL: @applyAsyncCallOp
// CHECK-SAME: (%[[OPERAND:.+]]: !stream.resource<transient>, %[[SIZE:.+]]: index, %[[OFFSET:.+]]: index, %[[END:.+]]: index, %[[LENGTH:.+]]: index)
util.func public @applyAsyncCallOp(%operand: !stream.resource<transient>, %size: index, %offset: index, %end: index, %length: index) {
  %c4 = arith.constant 4 : index
  // CHECK: %[[ALLOCA:.+]], %{{.+}} = stream.resource.alloca uninitialized : !stream.resource<transient>{%[[SIZE]]}
  // CHECK: stream.cmd.execute await(%{{.+}}) => with(%[[OPERAND]] as %[[CAPTURE:.+]]: !stream.resource<transient>{%[[SIZE]]}, %[[ALLOCA]] as %[[RESULT:.+]]: !stream.resource<transient>{%[[SIZE]]})
  %results:2, %result_timepoint = stream.async.execute with(%operand as %capture: !stream.resource<transient>{%size}) -> (%operand{%size}, !stream.resource<transient>{%size}) {
    // CHECK-NEXT: stream.cmd.call @asyncExtern(rw %[[CAPTURE]][%[[OFFSET]] for %[[LENGTH]]], %c4, wo %[[RESULT]][%c0 for %[[SIZE]]]) : (!stream.resource<transient>{%[[SIZE]]}, index, !stream.resource<transient>{%[[SIZE]]}) -> ()
    %0:2 = stream.async.call @asyncExtern(%capture[%offset to %end for %length], %c4) : (!stream.resource<transient>{%size}, index) -> (%capture{%size}, !stream.resource<transient>{%size})
    stream.yield %0#0, %0#1 : !stream.resource<transient>{%size}, !stream.resource<transient>{%size}
  } => !stream.timepoint
  util.optimization_barrier %results#0 : !stream.resource<transient>
  util.optimization_barrier %results#1 : !stream.resource<transient>
  util.return
}

// -----

// CHECK-LABEL: @asyncLoadStore
// CHECK-SAME: (%[[OPERAND:.+]]: !stream.resource<staging>, %[[SIZE:.+]]: index)
util.func public @asyncLoadStore(%operand: !stream.resource<staging>, %size: index) -> f32 {
  %c0 = arith.constant 0 : index
  %cst = arith.constant 5.4 : f32
  // CHECK: stream.resource.store %cst, %[[OPERAND]][%c0] : f32 -> !stream.resource<staging>{%[[SIZE]]}
  %0 = stream.async.store %cst, %operand[%c0] : f32 -> %operand as !stream.resource<staging>{%size}
  // CHECK: %[[VALUE:.+]] = stream.resource.load %[[OPERAND]][%c0] : !stream.resource<staging>{%[[SIZE]]} -> f32
  %1 = stream.async.load %0[%c0] : !stream.resource<staging>{%size} -> f32
  // CHECK: util.return %[[VALUE]]
  util.return %1 : f32
}

// -----

// Host ops nested in structured control flow are converted too.

// CHECK-LABEL: @scfFor
util.func public @scfFor(%operand: !stream.resource<staging>, %size: index) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %cst = arith.constant 0.0 : f32
  // CHECK: scf.for
  %0 = scf.for %i = %c0 to %c4 step %c1 iter_args(%acc = %cst) -> f32 {
    // CHECK: stream.resource.load
    %1 = stream.async.load %operand[%i] : !stream.resource<staging>{%size} -> f32
    %2 = arith.addf %acc, %1 : f32
    scf.yield %2 : f32
  }
  util.return %0 : f32
}

// -----

// Execution regions nested in structured control flow are allocated in place.

// CHECK-LABEL: @executeInScf
util.func public @executeInScf(%cond: i1, %size: index) -> !stream.timepoint {
  %c255_i8 = arith.constant 255 : i8
  // CHECK: scf.if
  %t = scf.if %cond -> !stream.timepoint {
    // CHECK-NEXT: stream.resource.pack
    // CHECK: stream.resource.alloca
    // CHECK-NEXT: %[[EXECUTE:.+]] = stream.cmd.execute
    %tp = stream.async.execute with() {
      %0 = stream.async.splat %c255_i8 : i8 -> !stream.resource<transient>{%size}
      stream.yield
    } => !stream.timepoint
    // CHECK: %[[DEALLOCA:.+]] = stream.resource.dealloca await(%[[EXECUTE]])
    // CHECK: %[[JOIN:.+]] = stream.timepoint.join max(%[[DEALLOCA]], %[[EXECUTE]])
    // CHECK: scf.yield %[[JOIN]]
    scf.yield %tp : !stream.timepoint
  } else {
    %imm = stream.timepoint.immediate => !stream.timepoint
    scf.yield %imm : !stream.timepoint
  }
  util.return %t : !stream.timepoint
}

// -----

// CHECK-LABEL: @emptyExecute
util.func public @emptyExecute() -> !stream.timepoint {
  // CHECK: %[[EXECUTE:.+]] = stream.cmd.execute with() {
  // CHECK-NEXT: } => !stream.timepoint
  %tp = stream.async.execute with() {
    stream.yield
  } => !stream.timepoint
  // CHECK: util.return %[[EXECUTE]]
  util.return %tp : !stream.timepoint
}

// -----

// Unreachable blocks and self loops are handled like any other block.

// CHECK-LABEL: @unreachableBlock
util.func public @unreachableBlock(%size: index) {
  util.return
// CHECK: ^bb1:
^bb1:
  %c255_i8 = arith.constant 255 : i8
  // CHECK: stream.resource.alloca
  // CHECK: stream.cmd.execute
  %r, %tp = stream.async.execute with() -> !stream.resource<transient>{%size} {
    %0 = stream.async.splat %c255_i8 : i8 -> !stream.resource<transient>{%size}
    stream.yield %0 : !stream.resource<transient>{%size}
  } => !stream.timepoint
  // CHECK: cf.br ^bb1
  cf.br ^bb1
}

// -----

// Functions without bodies are left alone.

// CHECK-LABEL: util.func private @external
util.func private @external(%arg0: !stream.resource<external>) -> !stream.timepoint
