// REQUIRES: sluice-opt
// --iree-stream-materialize-copy-on-write (stream-passes-1.md §9).

// RUN: sluice-opt --split-input-file --pass-pipeline="builtin.module(util.func(iree-stream-materialize-copy-on-write))" %s | FileCheck %s

// Block arguments (function arguments included) are always cloned before an
// in-place mutation: nothing is known about their other users.

// CHECK-LABEL: @blockArgsNeedCopies
// CHECK-SAME: (%[[SRC:.+]]: !stream.resource<*>, %[[SIZE:.+]]: index)
util.func public @blockArgsNeedCopies(%src: !stream.resource<*>, %size: index) -> !stream.resource<*> {
  %c0 = arith.constant 0 : index
  %c128 = arith.constant 128 : index
  %c255_i32 = arith.constant 255 : i32
  // CHECK: %[[CLONE:.+]] = stream.async.clone %[[SRC]] : !stream.resource<*>{%[[SIZE]]} -> !stream.resource<*>{%[[SIZE]]}
  // CHECK: %[[FILL:.+]] = stream.async.fill %c255_i32, %[[CLONE]][%c0 to %c128 for %c128] : i32 -> %[[CLONE]] as !stream.resource<*>{%[[SIZE]]}
  %0 = stream.async.fill %c255_i32, %src[%c0 to %c128 for %c128] : i32 -> %src as !stream.resource<*>{%size}
  // CHECK: util.return %[[FILL]]
  util.return %0 : !stream.resource<*>
}

// -----

// A chain of fills on a single-use splat needs no clones.

// CHECK-LABEL: @singleUseTiedOperand
util.func public @singleUseTiedOperand(%size: index) -> !stream.resource<*> {
  %c0 = arith.constant 0 : index
  %c128 = arith.constant 128 : index
  %c256 = arith.constant 256 : index
  %c255_i32 = arith.constant 255 : i32
  %c456_i32 = arith.constant 456 : i32
  // CHECK-NOT: stream.async.clone
  // CHECK: %[[SPLAT:.+]] = stream.async.splat
  %0 = stream.async.splat %c255_i32 : i32 -> !stream.resource<*>{%size}
  // CHECK: %[[FILL0:.+]] = stream.async.fill %c456_i32, %[[SPLAT]]
  %1 = stream.async.fill %c456_i32, %0[%c0 to %c128 for %c128] : i32 -> %0 as !stream.resource<*>{%size}
  // CHECK: %[[FILL1:.+]] = stream.async.fill %c255_i32, %[[FILL0]]
  %2 = stream.async.fill %c255_i32, %1[%c128 to %c256 for %c128] : i32 -> %1 as !stream.resource<*>{%size}
  // CHECK-NOT: stream.async.clone
  // CHECK: util.return %[[FILL1]]
  util.return %2 : !stream.resource<*>
}

// -----

// A value used twice by one op (tied once) needs no clone.

// CHECK-LABEL: @multipleUsesOneUser
util.func public @multipleUsesOneUser(%size: index) -> !stream.resource<*> {
  %c0 = arith.constant 0 : index
  %c255_i32 = arith.constant 255 : i32
  // CHECK: %[[SPLAT:.+]] = stream.async.splat
  %0 = stream.async.splat %c255_i32 : i32 -> !stream.resource<*>{%size}
  // CHECK-NOT: stream.async.clone
  // CHECK: stream.async.dispatch @ex::@entry(%[[SPLAT]][%c0 to %arg0 for %arg0], %[[SPLAT]][%c0 to %arg0 for %arg0]) : (!stream.resource<*>{%arg0}, !stream.resource<*>{%arg0}) -> %[[SPLAT]]{%arg0}
  %1 = stream.async.dispatch @ex::@entry(%0[%c0 to %size for %size], %0[%c0 to %size for %size]) : (!stream.resource<*>{%size}, !stream.resource<*>{%size}) -> %0{%size}
  util.return %1 : !stream.resource<*>
}

// -----

// A function argument used twice by one tied dispatch: one clone, used for
// both operands and the tie.

// CHECK-LABEL: @oneCopyPerOperation
// CHECK-SAME: (%[[ARG:.+]]: !stream.resource<*>, %[[SIZE:.+]]: index)
util.func public @oneCopyPerOperation(%arg: !stream.resource<*>, %size: index) -> !stream.resource<*> {
  %c0 = arith.constant 0 : index
  // CHECK: %[[CLONE:.+]] = stream.async.clone %[[ARG]]
  // CHECK-NOT: stream.async.clone
  // CHECK: stream.async.dispatch @ex::@entry(%[[CLONE]][%c0 to %[[SIZE]] for %[[SIZE]]], %[[CLONE]][%c0 to %[[SIZE]] for %[[SIZE]]]) : (!stream.resource<*>{%[[SIZE]]}, !stream.resource<*>{%[[SIZE]]}) -> %[[CLONE]]{%[[SIZE]]}
  %0 = stream.async.dispatch @ex::@entry(%arg[%c0 to %size for %size], %arg[%c0 to %size for %size]) : (!stream.resource<*>{%size}, !stream.resource<*>{%size}) -> %arg{%size}
  util.return %0 : !stream.resource<*>
}

// -----

// Two fills of one splat: a clone before each.

// CHECK-LABEL: @multiUseTiedOperand
util.func public @multiUseTiedOperand(%size: index) -> (!stream.resource<*>, !stream.resource<*>) {
  %c0 = arith.constant 0 : index
  %c128 = arith.constant 128 : index
  %c256 = arith.constant 256 : index
  %c255_i32 = arith.constant 255 : i32
  %c456_i32 = arith.constant 456 : i32
  %c789_i32 = arith.constant 789 : i32
  // CHECK: %[[SPLAT:.+]] = stream.async.splat
  %0 = stream.async.splat %c255_i32 : i32 -> !stream.resource<*>{%size}
  // CHECK: %[[CLONE0:.+]] = stream.async.clone %[[SPLAT]]
  // CHECK: %[[FILL0:.+]] = stream.async.fill %c456_i32, %[[CLONE0]]
  %1 = stream.async.fill %c456_i32, %0[%c0 to %c128 for %c128] : i32 -> %0 as !stream.resource<*>{%size}
  // CHECK: %[[CLONE1:.+]] = stream.async.clone %[[SPLAT]]
  // CHECK: %[[FILL1:.+]] = stream.async.fill %c789_i32, %[[CLONE1]]
  %2 = stream.async.fill %c789_i32, %0[%c128 to %c256 for %c128] : i32 -> %0 as !stream.resource<*>{%size}
  // CHECK: util.return %[[FILL0]], %[[FILL1]]
  util.return %1, %2 : !stream.resource<*>, !stream.resource<*>
}

// -----

// Only the collective's tied (receive) operand is replaced by the clone; the
// send operand keeps the original value.

// CHECK-LABEL: @tiedCollectivesTODO
// CHECK-SAME: (%[[CHANNEL:.+]]: !stream.channel, %[[SEND_RECV:.+]]: !stream.resource<*>, %[[SEND_SIZE:.+]]: index, %[[RECV_SIZE:.+]]: index, %[[COUNT:.+]]: index)
util.func private @tiedCollectivesTODO(%channel: !stream.channel, %send_recv: !stream.resource<*>, %send_size: index, %recv_size: index, %count: index) -> !stream.resource<*> {
  %c0 = arith.constant 0 : index
  // CHECK: %[[RECV_CLONE:.+]] = stream.async.clone on(#hal.device.affinity<@dev>) %[[SEND_RECV]]
  // CHECK: %[[ALL_GATHER:.+]] = stream.async.collective<all_gather : f32>[%[[COUNT]]] on(#hal.device.affinity<@dev>) channel(%[[CHANNEL]])
  // CHECK-SAME: %[[SEND_RECV]][%c0 to %[[SEND_SIZE]] for %[[SEND_SIZE]]],
  // CHECK-SAME: %[[RECV_CLONE]][%c0 to %[[RECV_SIZE]] for %[[RECV_SIZE]]] :
  // CHECK-SAME: !stream.resource<*>{%[[SEND_SIZE]]} -> %[[RECV_CLONE]] as !stream.resource<*>{%[[RECV_SIZE]]}
  %0 = stream.async.collective<all_gather : f32>[%count] on(#hal.device.affinity<@dev>) channel(%channel)
      %send_recv[%c0 to %send_size for %send_size],
      %send_recv[%c0 to %recv_size for %recv_size] :
      !stream.resource<*>{%send_size} -> %send_recv as !stream.resource<*>{%recv_size}
  // CHECK: util.return %[[ALL_GATHER]]
  util.return %0 : !stream.resource<*>
}

// -----

// A splat mutated by dispatch0 and read by dispatch1 is cloned for dispatch0.

// CHECK-LABEL: @tiedDispatches
util.func private @tiedDispatches() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c40 = arith.constant 40 : index
  %c0_i32 = arith.constant 0 : i32
  %c16 = arith.constant 16 : index
  %c4 = arith.constant 4 : index
  // CHECK: %[[SPLAT0:.+]] = stream.async.splat %c0_i32 : i32 -> !stream.resource<*>{%c40}
  %splat0 = stream.async.splat %c0_i32 : i32 -> !stream.resource<*>{%c40}
  // CHECK: %[[SPLAT1:.+]] = stream.async.splat %c0_i32 : i32 -> !stream.resource<*>{%c16}
  %splat1 = stream.async.splat %c0_i32 : i32 -> !stream.resource<*>{%c16}
  // CHECK: %[[SPLAT0_CLONE:.+]] = stream.async.clone %[[SPLAT0]] : !stream.resource<*>{%c40} -> !stream.resource<*>{%c40}
  // CHECK: %[[DISPATCH0:.+]] = stream.async.dispatch @ex::@dispatch0[%c1, %c1, %c1](%[[SPLAT0_CLONE]][%c0 to %c40 for %c40], %[[SPLAT1]][%c0 to %c16 for %c16]) : (!stream.resource<*>{%c40}, !stream.resource<*>{%c16}) -> %[[SPLAT0_CLONE]]{%c40}
  %dispatch0 = stream.async.dispatch @ex::@dispatch0[%c1, %c1, %c1](%splat0[%c0 to %c40 for %c40], %splat1[%c0 to %c16 for %c16]) : (!stream.resource<*>{%c40}, !stream.resource<*>{%c16}) -> %splat0{%c40}
  // CHECK: %[[DISPATCH1:.+]] = stream.async.dispatch @ex::@dispatch1[%c1, %c1, %c1](%[[SPLAT0]][%c0 to %c40 for %c40]) : (!stream.resource<*>{%c40}) -> !stream.resource<*>{%c4}
  %dispatch1 = stream.async.dispatch @ex::@dispatch1[%c1, %c1, %c1](%splat0[%c0 to %c40 for %c40]) : (!stream.resource<*>{%c40}) -> !stream.resource<*>{%c4}
  util.return
}

// -----

// Fills of block arguments in a loop get clones.

// CHECK-LABEL: @blockArgMove
// CHECK-SAME: (%[[COND:.+]]: i1, %[[SIZE:.+]]: index)
util.func private @blockArgMove(%cond: i1, %size: index) -> (!stream.resource<*>, !stream.resource<*>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c123_i32 = arith.constant 123 : i32
  %c456_i32 = arith.constant 456 : i32
  // CHECK: %[[SPLAT0:.+]] = stream.async.splat %c123_i32
  %splat0 = stream.async.splat %c123_i32 : i32 -> !stream.resource<*>{%size}
  // CHECK: %[[SPLAT1:.+]] = stream.async.splat %c456_i32
  %splat1 = stream.async.splat %c456_i32 : i32 -> !stream.resource<*>{%size}
  // CHECK: cf.br ^bb1(%[[SPLAT0]], %[[SPLAT1]]
  cf.br ^bb1(%splat0, %splat1 : !stream.resource<*>, !stream.resource<*>)
// CHECK: ^bb1(%[[BB1_ARG0:.+]]: !stream.resource<*>, %[[BB1_ARG1:.+]]: !stream.resource<*>):
^bb1(%bb1_0: !stream.resource<*>, %bb1_1: !stream.resource<*>):
  // CHECK: %[[CLONE0:.+]] = stream.async.clone %[[BB1_ARG0]]
  // CHECK: %[[FILL0:.+]] = stream.async.fill %c123_i32, %[[CLONE0]]
  %fill0 = stream.async.fill %c123_i32, %bb1_0[%c0 to %c1 for %c1] : i32 -> %bb1_0 as !stream.resource<*>{%size}
  // CHECK: %[[CLONE1:.+]] = stream.async.clone %[[BB1_ARG1]]
  // CHECK: %[[FILL1:.+]] = stream.async.fill %c456_i32, %[[CLONE1]]
  %fill1 = stream.async.fill %c456_i32, %bb1_1[%c0 to %c1 for %c1] : i32 -> %bb1_1 as !stream.resource<*>{%size}
  // CHECK: %[[SELECT:.+]] = arith.select %[[COND]], %[[FILL0]], %[[FILL1]]
  %bb1_1_new = arith.select %cond, %fill0, %fill1 : !stream.resource<*>
  // CHECK: cf.cond_br %[[COND]], ^bb1(%[[FILL0]], %[[SELECT]]
  // CHECK-SAME: ^bb2(%[[FILL0]], %[[SELECT]]
  cf.cond_br %cond, ^bb1(%fill0, %bb1_1_new : !stream.resource<*>, !stream.resource<*>),
                    ^bb2(%fill0, %bb1_1_new : !stream.resource<*>, !stream.resource<*>)
^bb2(%bb2_0: !stream.resource<*>, %bb2_1: !stream.resource<*>):
  util.return %bb2_0, %bb2_1 : !stream.resource<*>, !stream.resource<*>
}

// -----

// A constant-lifetime value is always cloned, even with a single use; the
// clone takes the mutating op's affinity.

// CHECK-LABEL: @constantNeedsCopy
util.func private @constantNeedsCopy(%size: index) -> !stream.resource<constant> {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %c1_i32 = arith.constant 1 : i32
  // CHECK: %[[CST:.+]] = stream.async.constant
  %cst = stream.async.constant : !stream.resource<constant>{%size} = dense<3> : tensor<8xi32>
  // CHECK: %[[CLONE:.+]] = stream.async.clone on(#hal.device.affinity<@dev>) %[[CST]] : !stream.resource<constant>{%arg0} -> !stream.resource<constant>{%arg0}
  // CHECK: stream.async.fill on(#hal.device.affinity<@dev>) %c1_i32, %[[CLONE]]
  %0 = stream.async.fill on(#hal.device.affinity<@dev>) %c1_i32, %cst[%c0 to %c4 for %c4] : i32 -> %cst as !stream.resource<constant>{%size}
  util.return %0 : !stream.resource<constant>
}

// -----

// Updates, copies and calls clone their tied target; a non-tied operand is
// never cloned; the update source and copy source are not cloned.

// CHECK-LABEL: @updateCopyCall
// CHECK-SAME: (%[[A:.+]]: !stream.resource<*>, %[[B:.+]]: !stream.resource<*>, %[[SIZE:.+]]: index)
stream.async.func private @callee(%arg0: !stream.resource<*>, %arg1: index) -> %arg0
util.func private @updateCopyCall(%a: !stream.resource<*>, %b: !stream.resource<*>, %size: index) -> (!stream.resource<*>, !stream.resource<*>, !stream.resource<*>, !stream.resource<*>) {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  // CHECK: %[[CLONE_A0:.+]] = stream.async.clone %[[A]]
  // CHECK: stream.async.update %[[B]], %[[CLONE_A0]][%c0 to %c4]
  %0 = stream.async.update %b, %a[%c0 to %c4] : !stream.resource<*>{%size} -> %a as !stream.resource<*>{%size}
  // CHECK: %[[CLONE_A1:.+]] = stream.async.clone %[[A]]
  // CHECK: stream.async.copy %[[B]][%c0 to %c4], %[[CLONE_A1]][%c0 to %c4], %c4
  %1 = stream.async.copy %b[%c0 to %c4], %a[%c0 to %c4], %c4 : !stream.resource<*>{%size} -> %a as !stream.resource<*>{%size}
  // CHECK: %[[CLONE_B:.+]] = stream.async.clone %[[B]]
  // CHECK: stream.async.call @callee(%[[CLONE_B]][%c0 to %[[SIZE]] for %[[SIZE]]], %[[SIZE]])
  %2 = stream.async.call @callee(%b[%c0 to %size for %size], %size) : (!stream.resource<*>{%size}, index) -> %b{%size}
  // CHECK-NOT: stream.async.clone
  // CHECK: stream.async.dispatch @ex::@read(%[[A]]
  %3 = stream.async.dispatch @ex::@read(%a[%c0 to %size for %size]) : (!stream.resource<*>{%size}) -> !stream.resource<*>{%size}
  util.return %0, %1, %2, %3 : !stream.resource<*>, !stream.resource<*>, !stream.resource<*>, !stream.resource<*>
}

// -----

// Execute regions: the captured operand tied to a result is cloned before
// the execute (it is also used afterwards); ops inside the region are
// processed before the region's parent.

// CHECK-LABEL: @executeRegion
// CHECK-SAME: (%[[ARG:.+]]: !stream.resource<*>, %[[SIZE:.+]]: index)
util.func private @executeRegion(%arg: !stream.resource<*>, %size: index) -> (!stream.resource<*>, !stream.resource<*>) {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %c1_i32 = arith.constant 1 : i32
  // CHECK: %[[CLONE:.+]] = stream.async.clone %[[ARG]]
  // CHECK: stream.async.execute with(%[[CLONE]] as %[[CAPTURE:.+]]: !stream.resource<*>{%[[SIZE]]})
  %0:2 = stream.async.execute with(%arg as %captured: !stream.resource<*>{%size}) -> %arg{%size} {
    // CHECK: %[[INNER:.+]] = stream.async.clone %[[CAPTURE]]
    // CHECK: stream.async.fill %c1_i32, %[[INNER]]
    %1 = stream.async.fill %c1_i32, %captured[%c0 to %c4 for %c4] : i32 -> %captured as !stream.resource<*>{%size}
    stream.yield %1 : !stream.resource<*>{%size}
  } => !stream.timepoint
  util.return %0#0, %arg : !stream.resource<*>, !stream.resource<*>
}
