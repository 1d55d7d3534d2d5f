// REQUIRES: sluice-opt
// --iree-stream-emplace-allocations (stream-passes-1.md §12).

// RUN: sluice-opt --split-input-file --pass-pipeline="builtin.module(util.func(iree-stream-emplace-allocations, cse))" %s | FileCheck %s

// The update's end computation moves above the dispatch; the target becomes
// a new tied operand with the update's range.

// CHECK-LABEL: @emplaceDispatch
// CHECK-SAME: (%[[INPUT:.+]]: !stream.resource<*>, %[[INPUT_SIZE:[a-z0-9]+]]: index, %[[UPDATE_SIZE:[a-z0-9]+]]: index, %[[TARGET_SIZE:[a-z0-9]+]]: index)
util.func public @emplaceDispatch(%input: !stream.resource<*>, %input_size: index, %update_size: index, %target_size: index) -> !stream.resource<*> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  // CHECK: %[[UPDATE_END:.+]] = arith.addi %c2, %[[UPDATE_SIZE]]
  // CHECK: %[[TARGET:.+]] = stream.async.alloca : !stream.resource<*>{%[[TARGET_SIZE]]}
  // CHECK: %[[TARGET_UPDATE:.+]] = stream.async.dispatch @ex::@dispatch[%c1, %c1, %c1](%[[INPUT]][%c0 to %[[INPUT_SIZE]] for %[[INPUT_SIZE]]], %c4, %[[TARGET]][%c2 to %[[UPDATE_END]] for %[[UPDATE_SIZE]]]) : (!stream.resource<*>{%[[INPUT_SIZE]]}, index, !stream.resource<*>{%[[TARGET_SIZE]]}) -> %[[TARGET]]{%[[TARGET_SIZE]]}
  %update = stream.async.dispatch @ex::@dispatch[%c1, %c1, %c1](%input[%c0 to %input_size for %input_size], %c4) : (!stream.resource<*>{%input_size}, index) -> !stream.resource<*>{%update_size}
  %target = stream.async.alloca : !stream.resource<*>{%target_size}
  %update_end = arith.addi %c2, %update_size : index
  // CHECK-NOT: stream.async.update
  %target_update = stream.async.update %update, %target[%c2 to %update_end] : !stream.resource<*>{%update_size} -> %target as !stream.resource<*>{%target_size}
  // CHECK: util.return %[[TARGET_UPDATE]]
  util.return %target_update : !stream.resource<*>
}

// -----

// A dispatch with a tied result is left alone.

// CHECK-LABEL: @dontEmplaceTiedDispatch
util.func public @dontEmplaceTiedDispatch(%before: !stream.resource<*>, %update_size: index, %target_size: index) -> !stream.resource<*> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  // CHECK: %[[TIED:.+]] = stream.async.dispatch @ex::@dispatch[%c1, %c1, %c1](%arg0[%c0 to %arg1 for %arg1], %c4) : (!stream.resource<*>{%arg1}, index) -> %arg0{%arg1}
  %tied = stream.async.dispatch @ex::@dispatch[%c1, %c1, %c1](%before[%c0 to %update_size for %update_size], %c4) : (!stream.resource<*>{%update_size}, index) -> %before{%update_size}
  // CHECK: %[[TARGET:.+]] = stream.async.alloca
  %target = stream.async.alloca : !stream.resource<*>{%target_size}
  %update_end = arith.addi %c2, %update_size : index
  // CHECK: %[[UPDATE:.+]] = stream.async.update %[[TIED]], %[[TARGET]]
  %target_update = stream.async.update %tied, %target[%c2 to %update_end] : !stream.resource<*>{%update_size} -> %target as !stream.resource<*>{%target_size}
  // CHECK: util.return %[[UPDATE]]
  util.return %target_update : !stream.resource<*>
}

// -----

// Four dispatch+update pairs of a concat: the target alloca moves to the top
// and the dispatches chain through it.

// CHECK-LABEL: @emplaceDispatchSequence
// CHECK-SAME: (%[[INPUT:.+]]: !stream.resource<*>, %[[INPUT_SIZE:[a-z0-9]+]]: index, %[[UPDATE_SIZE:[a-z0-9]+]]: index, %[[TARGET_SIZE:[a-z0-9]+]]: index)
util.func public @emplaceDispatchSequence(%input: !stream.resource<*>, %input_size: index, %update_size: index, %target_size: index) -> !stream.resource<*> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c1280 = arith.constant 1280 : index
  %c2560 = arith.constant 2560 : index
  %c3840 = arith.constant 3840 : index
  %c5120 = arith.constant 5120 : index
  // CHECK: %[[TARGET:.+]] = stream.async.alloca : !stream.resource<*>{%[[TARGET_SIZE]]}
  // CHECK: %[[TARGET0:.+]] = stream.async.dispatch @ex::@dispatch0[%c1, %c1, %c1](%[[INPUT]][%c0 to %[[INPUT_SIZE]] for %[[INPUT_SIZE]]], %[[TARGET]][%c0 to %c1280 for %[[UPDATE_SIZE]]]) : (!stream.resource<*>{%[[INPUT_SIZE]]}, !stream.resource<*>{%[[TARGET_SIZE]]}) -> %[[TARGET]]{%[[TARGET_SIZE]]}
  %update0 = stream.async.dispatch @ex::@dispatch0[%c1, %c1, %c1](%input[%c0 to %input_size for %input_size]) : (!stream.resource<*>{%input_size}) -> !stream.resource<*>{%update_size}
  // CHECK: %[[TARGET1:.+]] = stream.async.dispatch @ex::@dispatch1[%c1, %c1, %c1](%[[INPUT]][%c0 to %[[INPUT_SIZE]] for %[[INPUT_SIZE]]], %[[TARGET0]][%c1280 to %c2560 for %[[UPDATE_SIZE]]]) : (!stream.resource<*>{%[[INPUT_SIZE]]}, !stream.resource<*>{%[[TARGET_SIZE]]}) -> %[[TARGET0]]{%[[TARGET_SIZE]]}
  %update1 = stream.async.dispatch @ex::@dispatch1[%c1, %c1, %c1](%input[%c0 to %input_size for %input_size]) : (!stream.resource<*>{%input_size}) -> !stream.resource<*>{%update_size}
  // CHECK: %[[TARGET2:.+]] = stream.async.dispatch @ex::@dispatch2[%c1, %c1, %c1](%[[INPUT]][%c0 to %[[INPUT_SIZE]] for %[[INPUT_SIZE]]], %[[TARGET1]][%c2560 to %c3840 for %[[UPDATE_SIZE]]]) : (!stream.resource<*>{%[[INPUT_SIZE]]}, !stream.resource<*>{%[[TARGET_SIZE]]}) -> %[[TARGET1]]{%[[TARGET_SIZE]]}
  %update2 = stream.async.dispatch @ex::@dispatch2[%c1, %c1, %c1](%input[%c0 to %input_size for %input_size]) : (!stream.resource<*>{%input_size}) -> !stream.resource<*>{%update_size}
  // CHECK: %[[TARGET3:.+]] = stream.async.dispatch @ex::@dispatch3[%c1, %c1, %c1](%[[INPUT]][%c0 to %[[INPUT_SIZE]] for %[[INPUT_SIZE]]], %[[TARGET2]][%c3840 to %c5120 for %[[UPDATE_SIZE]]]) : (!stream.resource<*>{%[[INPUT_SIZE]]}, !stream.resource<*>{%[[TARGET_SIZE]]}) -> %[[TARGET2]]{%[[TARGET_SIZE]]}
  %update3 = stream.async.dispatch @ex::@dispatch3[%c1, %c1, %c1](%input[%c0 to %input_size for %input_size]) : (!stream.resource<*>{%input_size}) -> !stream.resource<*>{%update_size}
  %target = stream.async.alloca : !stream.resource<*>{%target_size}
  // CHECK-NOT: stream.async.update
  %target0 = stream.async.update %update0, %target[%c0 to %c1280] : !stream.resource<*>{%update_size} -> %target as !stream.resource<*>{%target_size}
  %target1 = stream.async.update %update1, %target0[%c1280 to %c2560] : !stream.resource<*>{%update_size} -> %target0 as !stream.resource<*>{%target_size}
  %target2 = stream.async.update %update2, %target1[%c2560 to %c3840] : !stream.resource<*>{%update_size} -> %target1 as !stream.resource<*>{%target_size}
  %target3 = stream.async.update %update3, %target2[%c3840 to %c5120] : !stream.resource<*>{%update_size} -> %target2 as !stream.resource<*>{%target_size}
  // CHECK: util.return %[[TARGET3]]
  util.return %target3 : !stream.resource<*>
}

// -----

// A value consumed in place by another dispatch stops emplacement of the
// chain; the updates remain. (func.func: the pass is nested on util.func
// only in this RUN line, so this function is not visited; the result would
// be the same.)

// CHECK-LABEL: @dontEmplaceDispatchWithTiedResults
func.func @dontEmplaceDispatchWithTiedResults(%input: !stream.resource<*>, %input_size: index, %update_size: index, %target_size: index) -> !stream.resource<*> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c1280 = arith.constant 1280 : index
  %c2560 = arith.constant 2560 : index
  // CHECK: %[[UPDATE0:.+]] = stream.async.dispatch @ex::@dispatch0
  %update0 = stream.async.dispatch @ex::@dispatch0[%c1, %c1, %c1](%input[%c0 to %input_size for %input_size]) : (!stream.resource<*>{%input_size}) -> !stream.resource<*>{%update_size}
  // CHECK: stream.async.dispatch @ex::@dispatch1{{.+}} -> %[[UPDATE0]]{%arg2}
  %update1 = stream.async.dispatch @ex::@dispatch1[%c1, %c1, %c1](%update0[%c0 to %update_size for %update_size]) : (!stream.resource<*>{%update_size}) -> %update0{%update_size}
  %target = stream.async.alloca : !stream.resource<*>{%target_size}
  // CHECK: stream.async.update
  %target0 = stream.async.update %update0, %target[%c0 to %c1280] : !stream.resource<*>{%update_size} -> %target as !stream.resource<*>{%target_size}
  // CHECK: stream.async.update
  %target1 = stream.async.update %update1, %target0[%c1280 to %c2560] : !stream.resource<*>{%update_size} -> %target0 as !stream.resource<*>{%target_size}
  return %target1 : !stream.resource<*>
}

// -----

// A two-result dispatch: the emplaced result uses the target, the other gets
// a tied alloca.

// CHECK-LABEL: @emplaceMultiResultDispatchSequence
// CHECK-SAME: (%[[INPUT:.+]]: !stream.resource<*>, %[[INPUT_SIZE:[a-z0-9]+]]: index, %[[UPDATE_SIZE:[a-z0-9]+]]: index, %[[TARGET_SIZE:[a-z0-9]+]]: index)
util.func public @emplaceMultiResultDispatchSequence(%input: !stream.resource<*>, %input_size: index, %update_size: index, %target_size: index) -> (!stream.resource<*>, !stream.resource<*>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c1280 = arith.constant 1280 : index
  %c2560 = arith.constant 2560 : index
  // CHECK: %[[OTHER:.+]] = stream.async.alloca : !stream.resource<*>{%[[UPDATE_SIZE]]}
  // CHECK: %[[TARGET:.+]] = stream.async.alloca : !stream.resource<*>{%[[TARGET_SIZE]]}
  // CHECK: %[[DISPATCH:.+]]:2 = stream.async.dispatch @ex::@dispatch0[%c1, %c1, %c1](%[[INPUT]][%c0 to %[[INPUT_SIZE]] for %[[INPUT_SIZE]]], %[[TARGET]][%c0 to %c1280 for %[[UPDATE_SIZE]]], %[[OTHER]][%c0 to %[[UPDATE_SIZE]] for %[[UPDATE_SIZE]]]) : (!stream.resource<*>{%[[INPUT_SIZE]]}, !stream.resource<*>{%[[TARGET_SIZE]]}, !stream.resource<*>{%[[UPDATE_SIZE]]}) -> (%[[TARGET]]{%[[TARGET_SIZE]]}, %[[OTHER]]{%[[UPDATE_SIZE]]})
  %update0:2 = stream.async.dispatch @ex::@dispatch0[%c1, %c1, %c1](%input[%c0 to %input_size for %input_size]) : (!stream.resource<*>{%input_size}) -> (!stream.resource<*>{%update_size}, !stream.resource<*>{%update_size})
  %target = stream.async.alloca : !stream.resource<*>{%target_size}
  // CHECK-NOT: stream.async.update
  %target0 = stream.async.update %update0#0, %target[%c0 to %c1280] : !stream.resource<*>{%update_size} -> %target as !stream.resource<*>{%target_size}
  // CHECK: util.return %[[DISPATCH]]#0, %[[DISPATCH]]#1
  util.return %target0, %update0#1 : !stream.resource<*>, !stream.resource<*>
}

// -----

// Two results of one dispatch placed into two ranges of the same target.

// CHECK-LABEL: @emplaceMultiResultDispatchInto
// CHECK-SAME: (%[[INPUT:.+]]: !stream.resource<*>, %[[INPUT_SIZE:[a-z0-9]+]]: index, %[[UPDATE_SIZE:[a-z0-9]+]]: index, %[[TARGET_SIZE:[a-z0-9]+]]: index)
util.func public @emplaceMultiResultDispatchInto(%input: !stream.resource<*>, %input_size: index, %update_size: index, %target_size: index) -> !stream.resource<*> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c1280 = arith.constant 1280 : index
  %c2560 = arith.constant 2560 : index
  // CHECK: %[[TARGET:.+]] = stream.async.alloca : !stream.resource<*>{%[[TARGET_SIZE]]}
  // CHECK: %[[DISPATCH:.+]]:2 = stream.async.dispatch @ex::@dispatch0[%c1, %c1, %c1](%[[INPUT]][%c0 to %[[INPUT_SIZE]] for %[[INPUT_SIZE]]], %[[TARGET]][%c0 to %c1280 for %[[UPDATE_SIZE]]], %[[TARGET]][%c1280 to %c2560 for %[[UPDATE_SIZE]]]) : (!stream.resource<*>{%[[INPUT_SIZE]]}, !stream.resource<*>{%[[TARGET_SIZE]]}, !stream.resource<*>{%[[TARGET_SIZE]]}) -> (%[[TARGET]]{%[[TARGET_SIZE]]}, %[[TARGET]]{%[[TARGET_SIZE]]})
  %update0:2 = stream.async.dispatch @ex::@dispatch0[%c1, %c1, %c1](%input[%c0 to %input_size for %input_size]) : (!stream.resource<*>{%input_size}) -> (!stream.resource<*>{%update_size}, !stream.resource<*>{%update_size})
  %target = stream.async.alloca : !stream.resource<*>{%target_size}
  // CHECK-NOT: stream.async.update
  %target0 = stream.async.update %update0#0, %target[%c0 to %c1280] : !stream.resource<*>{%update_size} -> %target as !stream.resource<*>{%target_size}
  %target1 = stream.async.update %update0#1, %target0[%c1280 to %c2560] : !stream.resource<*>{%update_size} -> %target0 as !stream.resource<*>{%target_size}
  // CHECK: util.return %[[DISPATCH]]#1
  util.return %target1 : !stream.resource<*>
}

// -----

// The same with the updates in the other order.

// CHECK-LABEL: @emplaceMultiResultDispatchIntoSwapped
// CHECK-SAME: (%[[INPUT:.+]]: !stream.resource<*>, %[[INPUT_SIZE:[a-z0-9]+]]: index, %[[UPDATE_SIZE:[a-z0-9]+]]: index, %[[TARGET_SIZE:[a-z0-9]+]]: index)
util.func public @emplaceMultiResultDispatchIntoSwapped(%input: !stream.resource<*>, %input_size: index, %update_size: index, %target_size: index) -> !stream.resource<*> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c1280 = arith.constant 1280 : index
  %c2560 = arith.constant 2560 : index
  // CHECK: %[[TARGET:.+]] = stream.async.alloca : !stream.resource<*>{%[[TARGET_SIZE]]}
  // CHECK: %[[DISPATCH:.+]]:2 = stream.async.dispatch @ex::@dispatch0[%c1, %c1, %c1](%[[INPUT]][%c0 to %[[INPUT_SIZE]] for %[[INPUT_SIZE]]], %[[TARGET]][%c1280 to %c2560 for %[[UPDATE_SIZE]]], %[[TARGET]][%c0 to %c1280 for %[[UPDATE_SIZE]]]) : (!stream.resource<*>{%[[INPUT_SIZE]]}, !stream.resource<*>{%[[TARGET_SIZE]]}, !stream.resource<*>{%[[TARGET_SIZE]]}) -> (%[[TARGET]]{%[[TARGET_SIZE]]}, %[[TARGET]]{%[[TARGET_SIZE]]})
  %update0:2 = stream.async.dispatch @ex::@dispatch0[%c1, %c1, %c1](%input[%c0 to %input_size for %input_size]) : (!stream.resource<*>{%input_size}) -> (!stream.resource<*>{%update_size}, !stream.resource<*>{%update_size})
  %target = stream.async.alloca : !stream.resource<*>{%target_size}
  // CHECK-NOT: stream.async.update
  %target0 = stream.async.update %update0#1, %target[%c0 to %c1280] : !stream.resource<*>{%update_size} -> %target as !stream.resource<*>{%target_size}
  %target1 = stream.async.update %update0#0, %target0[%c1280 to %c2560] : !stream.resource<*>{%update_size} -> %target0 as !stream.resource<*>{%target_size}
  // CHECK: util.return %[[DISPATCH]]#0
  util.return %target1 : !stream.resource<*>
}

// -----

// Of three results two are emplaced and one is tied to an alloca.

// CHECK-LABEL: @emplaceSparseMultiResult
// CHECK-SAME: (%[[INPUT:.+]]: !stream.resource<*>, %[[INPUT_SIZE:[a-z0-9]+]]: index, %[[UPDATE_SIZE:[a-z0-9]+]]: index, %[[TARGET_SIZE:[a-z0-9]+]]: index)
util.func public @emplaceSparseMultiResult(%input: !stream.resource<*>, %input_size: index, %update_size: index, %target_size: index) -> (!stream.resource<*>, !stream.resource<*>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c1280 = arith.constant 1280 : index
  %c2560 = arith.constant 2560 : index
  // CHECK: %[[MIDDLE:.+]] = stream.async.alloca : !stream.resource<*>{%[[UPDATE_SIZE]]}
  // CHECK: %[[TARGET:.+]] = stream.async.alloca : !stream.resource<*>{%[[TARGET_SIZE]]}
  // CHECK: %[[DISPATCH:.+]]:3 = stream.async.dispatch @ex::@dispatch0[%c1, %c1, %c1](%[[INPUT]][%c0 to %[[INPUT_SIZE]] for %[[INPUT_SIZE]]], %[[TARGET]][%c0 to %c1280 for %[[UPDATE_SIZE]]], %[[MIDDLE]][%c0 to %[[UPDATE_SIZE]] for %[[UPDATE_SIZE]]], %[[TARGET]][%c1280 to %c2560 for %[[UPDATE_SIZE]]]) : (!stream.resource<*>{%[[INPUT_SIZE]]}, !stream.resource<*>{%[[TARGET_SIZE]]}, !stream.resource<*>{%[[UPDATE_SIZE]]}, !stream.resource<*>{%[[TARGET_SIZE]]}) -> (%[[TARGET]]{%[[TARGET_SIZE]]}, %[[MIDDLE]]{%[[UPDATE_SIZE]]}, %[[TARGET]]{%[[TARGET_SIZE]]})
  %update0:3 = stream.async.dispatch @ex::@dispatch0[%c1, %c1, %c1](%input[%c0 to %input_size for %input_size]) : (!stream.resource<*>{%input_size}) -> (!stream.resource<*>{%update_size}, !stream.resource<*>{%update_size}, !stream.resource<*>{%update_size})
  %target = stream.async.alloca : !stream.resource<*>{%target_size}
  // CHECK-NOT: stream.async.update
  %target0 = stream.async.update %update0#0, %target[%c0 to %c1280] : !stream.resource<*>{%update_size} -> %target as !stream.resource<*>{%target_size}
  %target1 = stream.async.update %update0#2, %target0[%c1280 to %c2560] : !stream.resource<*>{%update_size} -> %target0 as !stream.resource<*>{%target_size}
  // CHECK: util.return %[[DISPATCH]]#2, %[[DISPATCH]]#1
  util.return %target1, %update0#1 : !stream.resource<*>, !stream.resource<*>
}

// -----

// A result reaching the update through util.optimization_barrier is not a
// candidate; the order is preserved.

// CHECK-LABEL: @emplaceDependentDispatchSequence
util.func public @emplaceDependentDispatchSequence(%input: !stream.resource<*>, %input_size: index, %update_size: index, %target_size: index) -> !stream.resource<*> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c1280 = arith.constant 1280 : index
  %c2560 = arith.constant 2560 : index
  // CHECK: %[[UPDATE0:.+]] = stream.async.dispatch @ex::@dispatch0{{.+}} -> !stream.resource<*>{%arg2}
  %update0 = stream.async.dispatch @ex::@dispatch0[%c1, %c1, %c1](%input[%c0 to %input_size for %input_size]) : (!stream.resource<*>{%input_size}) -> !stream.resource<*>{%update_size}
  // CHECK: %[[BARRIER:.+]] = util.optimization_barrier %[[UPDATE0]]
  %barrier = util.optimization_barrier %update0 : !stream.resource<*>
  // CHECK: %[[TARGET:.+]] = stream.async.alloca
  %target = stream.async.alloca : !stream.resource<*>{%target_size}
  // CHECK: %[[TARGET0:.+]] = stream.async.update %[[BARRIER]], %[[TARGET]]
  %target0 = stream.async.update %barrier, %target[%c0 to %c1280] : !stream.resource<*>{%update_size} -> %target as !stream.resource<*>{%target_size}
  util.return %target0 : !stream.resource<*>
}

// -----

// A target that depends on the dispatch itself cannot be moved above it:
// the update stays (the dispatch keeps its speculative tie only when some
// result was emplaced; here none was, so it is rolled back).

// CHECK-LABEL: @emplaceMultiResultDependentDispatchSequence
util.func public @emplaceMultiResultDependentDispatchSequence(%input: !stream.resource<*>, %input_size: index, %update_size: index, %target_size: index) -> !stream.resource<*> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c1280 = arith.constant 1280 : index
  // CHECK: %[[DISPATCH:.+]]:2 = stream.async.dispatch @ex::@dispatch0[%c1, %c1, %c1](%arg0[%c0 to %arg1 for %arg1]) : (!stream.resource<*>{%arg1}) -> (!stream.resource<*>{%arg2}, !stream.resource<*>{%arg3})
  %update0:2 = stream.async.dispatch @ex::@dispatch0[%c1, %c1, %c1](%input[%c0 to %input_size for %input_size]) : (!stream.resource<*>{%input_size}) -> (!stream.resource<*>{%update_size}, !stream.resource<*>{%target_size})
  // CHECK: %[[TARGET:.+]] = stream.async.dispatch @ex::@dispatch1{{.+}}(%[[DISPATCH]]#1
  %target = stream.async.dispatch @ex::@dispatch1[%c1, %c1, %c1](%update0#1[%c0 to %target_size for %target_size]) : (!stream.resource<*>{%target_size}) -> !stream.resource<*>{%target_size}
  // CHECK: stream.async.update %[[DISPATCH]]#0, %[[TARGET]]
  %target0 = stream.async.update %update0#0, %target[%c0 to %c1280] : !stream.resource<*>{%update_size} -> %target as !stream.resource<*>{%target_size}
  util.return %target0 : !stream.resource<*>
}

// -----

// Different affinities: no candidate.

// CHECK-LABEL: @differentAffinities
util.func public @differentAffinities(%input: !stream.resource<*>, %input_size: index, %update_size: index, %target_size: index) -> !stream.resource<*> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c1280 = arith.constant 1280 : index
  // CHECK: %[[UPDATE:.+]] = stream.async.dispatch on(#hal.device.affinity<@dev_a>) @ex::@dispatch0[%c1, %c1, %c1](%arg0[%c0 to %arg1 for %arg1]) : (!stream.resource<*>{%arg1}) -> !stream.resource<*>{%arg2}
  %update0 = stream.async.dispatch on(#hal.device.affinity<@dev_a>) @ex::@dispatch0[%c1, %c1, %c1](%input[%c0 to %input_size for %input_size]) : (!stream.resource<*>{%input_size}) -> !stream.resource<*>{%update_size}
  %target = stream.async.alloca on(#hal.device.affinity<@dev_b>) : !stream.resource<*>{%target_size}
  // CHECK: stream.async.update on(#hal.device.affinity<@dev_b>) %[[UPDATE]]
  %target0 = stream.async.update on(#hal.device.affinity<@dev_b>) %update0, %target[%c0 to %c1280] : !stream.resource<*>{%update_size} -> %target as !stream.resource<*>{%target_size}
  util.return %target0 : !stream.resource<*>
}

// -----

// Matching affinities: the allocas take the dispatch's affinity; a target of
// another lifetime gets a transfer back to the update's type.

// CHECK-LABEL: @affinityAndLifetimeChange
util.func public @affinityAndLifetimeChange(%input: !stream.resource<*>, %input_size: index, %update_size: index, %target_size: index) -> (!stream.resource<transient>, !stream.resource<*>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c1280 = arith.constant 1280 : index
  // CHECK: %[[OTHER:.+]] = stream.async.alloca on(#hal.device.affinity<@dev_a>) : !stream.resource<*>{%arg2}
  // CHECK: %[[TARGET:.+]] = stream.async.alloca on(#hal.device.affinity<@dev_a>) : !stream.resource<transient>{%arg3}
  // CHECK: %[[DISPATCH:.+]]:2 = stream.async.dispatch on(#hal.device.affinity<@dev_a>) @ex::@dispatch0[%c1, %c1, %c1](%arg0[%c0 to %arg1 for %arg1], %[[TARGET]][%c0 to %c1280 for %arg2], %[[OTHER]][%c0 to %arg2 for %arg2]) : (!stream.resource<*>{%arg1}, !stream.resource<transient>{%arg3}, !stream.resource<*>{%arg2}) -> (%[[TARGET]] as !stream.resource<*>{%arg3}, %[[OTHER]]{%arg2})
  // CHECK: %[[TRANSFER:.+]] = stream.async.transfer %[[DISPATCH]]#0 : !stream.resource<*>{%arg3} from(#hal.device.affinity<@dev_a>) -> to(#hal.device.affinity<@dev_a>) !stream.resource<transient>{%arg3}
  %update0:2 = stream.async.dispatch on(#hal.device.affinity<@dev_a>) @ex::@dispatch0[%c1, %c1, %c1](%input[%c0 to %input_size for %input_size]) : (!stream.resource<*>{%input_size}) -> (!stream.resource<*>{%update_size}, !stream.resource<*>{%update_size})
  %target = stream.async.alloca on(#hal.device.affinity<@dev_a>) : !stream.resource<transient>{%target_size}
  %target0 = stream.async.update on(#hal.device.affinity<@dev_a>) %update0#0, %target[%c0 to %c1280] : !stream.resource<*>{%update_size} -> %target as !stream.resource<transient>{%target_size}
  // CHECK: util.return %[[TRANSFER]], %[[DISPATCH]]#1
  util.return %target0, %update0#1 : !stream.resource<transient>, !stream.resource<*>
}

// -----

// [SLUICE] An update in another block (here inside an scf.if) is not a
// candidate: emplacing would make a conditional write unconditional.

// CHECK-LABEL: @updateInNestedRegion
util.func public @updateInNestedRegion(%cond: i1, %input: !stream.resource<*>, %input_size: index, %update_size: index, %target: !stream.resource<*>, %target_size: index) -> !stream.resource<*> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c1280 = arith.constant 1280 : index
  // CHECK: stream.async.dispatch @ex::@dispatch0[%c1, %c1, %c1](%arg1[%c0 to %arg2 for %arg2]) : (!stream.resource<*>{%arg2}) -> !stream.resource<*>{%arg3}
  %update0 = stream.async.dispatch @ex::@dispatch0[%c1, %c1, %c1](%input[%c0 to %input_size for %input_size]) : (!stream.resource<*>{%input_size}) -> !stream.resource<*>{%update_size}
  %result = scf.if %cond -> !stream.resource<*> {
    // CHECK: stream.async.update
    %target0 = stream.async.update %update0, %target[%c0 to %c1280] : !stream.resource<*>{%update_size} -> %target as !stream.resource<*>{%target_size}
    scf.yield %target0 : !stream.resource<*>
  } else {
    scf.yield %target : !stream.resource<*>
  }
  util.return %result : !stream.resource<*>
}

// -----

// Dispatches in nested regions and in non-entry blocks are emplaced too.

// CHECK-LABEL: @nestedAndMultiBlock
util.func public @nestedAndMultiBlock(%cond: i1, %input: !stream.resource<*>, %input_size: index, %update_size: index, %target_size: index) -> !stream.resource<*> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c1280 = arith.constant 1280 : index
  cf.br ^bb1
^bb1:
  // CHECK: scf.if
  %result = scf.if %cond -> !stream.resource<*> {
    // CHECK: %[[TARGET:.+]] = stream.async.alloca
    // CHECK-NEXT: %[[EMPLACED:.+]] = stream.async.dispatch @ex::@dispatch0{{.+}} -> %[[TARGET]]{%arg4}
    // CHECK-NEXT: scf.yield %[[EMPLACED]]
    %update0 = stream.async.dispatch @ex::@dispatch0[%c1, %c1, %c1](%input[%c0 to %input_size for %input_size]) : (!stream.resource<*>{%input_size}) -> !stream.resource<*>{%update_size}
    %target = stream.async.alloca : !stream.resource<*>{%target_size}
    %target0 = stream.async.update %update0, %target[%c0 to %c1280] : !stream.resource<*>{%update_size} -> %target as !stream.resource<*>{%target_size}
    scf.yield %target0 : !stream.resource<*>
  } else {
    scf.yield %input : !stream.resource<*>
  }
  // CHECK: %[[TARGET2:.+]] = stream.async.alloca
  // CHECK-NEXT: %[[EMPLACED2:.+]] = stream.async.dispatch @ex::@dispatch1{{.+}} -> %[[TARGET2]]{%arg4}
  // CHECK-NEXT: util.return %[[EMPLACED2]]
  %update1 = stream.async.dispatch @ex::@dispatch1[%c1, %c1, %c1](%result[%c0 to %input_size for %input_size]) : (!stream.resource<*>{%input_size}) -> !stream.resource<*>{%update_size}
  %target1 = stream.async.alloca : !stream.resource<*>{%target_size}
  %target2 = stream.async.update %update1, %target1[%c0 to %c1280] : !stream.resource<*>{%update_size} -> %target1 as !stream.resource<*>{%target_size}
  util.return %target2 : !stream.resource<*>
^bb2:
  // An unreachable block is processed like any other.
  // CHECK: stream.async.dispatch @ex::@dispatch2{{.+}} -> %{{.+}}{%arg4}
  %update2 = stream.async.dispatch @ex::@dispatch2[%c1, %c1, %c1](%input[%c0 to %input_size for %input_size]) : (!stream.resource<*>{%input_size}) -> !stream.resource<*>{%update_size}
  %target3 = stream.async.alloca : !stream.resource<*>{%target_size}
  %target4 = stream.async.update %update2, %target3[%c0 to %c1280] : !stream.resource<*>{%update_size} -> %target3 as !stream.resource<*>{%target_size}
  util.return %target4 : !stream.resource<*>
}

// -----

// The first result is emplaced into a target of another type, so its uses go
// through a transfer inserted after the dispatch; the second update targets
// that transfer (which depends on the dispatch), so it cannot be emplaced and
// its result keeps the speculative alloca.

// CHECK-LABEL: util.func public @emplaceTypeChangeThenChained
// CHECK-SAME: (%[[INPUT:.+]]: !stream.resource<*>, %[[SIZE:.+]]: index, %[[TARGET:.+]]: !stream.resource<external>, %[[TSIZE:.+]]: index) -> !stream.resource<external> {
util.func public @emplaceTypeChangeThenChained(%input: !stream.resource<*>, %size: index, %target: !stream.resource<external>, %tsize: index) -> !stream.resource<external> {
  // CHECK-NEXT: %[[C0:.+]] = arith.constant 0 : index
  %c0 = arith.constant 0 : index
  // CHECK-NEXT: %[[C64:.+]] = arith.constant 64 : index
  %c64 = arith.constant 64 : index
  // CHECK-NEXT: %[[C128:.+]] = arith.constant 128 : index
  %c128 = arith.constant 128 : index
  // CHECK-NEXT: %[[ALLOCA:.+]] = stream.async.alloca : !stream.resource<*>{%[[C64]]}
  // CHECK-NEXT: %[[R:.+]]:2 = stream.async.dispatch @ex::@two(%[[INPUT]][%[[C0]] to %[[SIZE]] for %[[SIZE]]], %[[TARGET]][%[[C0]] to %[[C64]] for %[[C64]]], %[[ALLOCA]][%[[C0]] to %[[C64]] for %[[C64]]]) : (!stream.resource<*>{%[[SIZE]]}, !stream.resource<external>{%[[TSIZE]]}, !stream.resource<*>{%[[C64]]}) -> (%[[TARGET]] as !stream.resource<*>{%[[TSIZE]]}, %[[ALLOCA]]{%[[C64]]})
  %r:2 = stream.async.dispatch @ex::@two(%input[%c0 to %size for %size]) : (!stream.resource<*>{%size}) -> (!stream.resource<*>{%c64}, !stream.resource<*>{%c64})
  // CHECK-NEXT: %[[T:.+]] = stream.async.transfer %[[R]]#0 : !stream.resource<*>{%[[TSIZE]]} -> !stream.resource<external>{%[[TSIZE]]}
  %u0 = stream.async.update %r#0, %target[%c0 to %c64] : !stream.resource<*>{%c64} -> %target as !stream.resource<external>{%tsize}
  // CHECK-NEXT: %[[U1:.+]] = stream.async.update %[[R]]#1, %[[T]][%[[C64]] to %[[C128]]] : !stream.resource<*>{%[[C64]]} -> %[[T]] as !stream.resource<external>{%[[TSIZE]]}
  %u1 = stream.async.update %r#1, %u0[%c64 to %c128] : !stream.resource<*>{%c64} -> %u0 as !stream.resource<external>{%tsize}
  // CHECK-NEXT: util.return %[[U1]] : !stream.resource<external>
  // CHECK-NEXT: }
  util.return %u1 : !stream.resource<external>
}
