// REQUIRES: sluice-opt
// --iree-stream-elide-async-copies with a device topology on the module
// (stream-passes-1.md §10.4, §10.7 elide_async_copies_topology.mlir).

// RUN: sluice-opt --split-input-file --iree-stream-elide-async-copies %s | FileCheck %s

// A unified-memory link elides a cross-device same-lifetime transfer.

// CHECK-LABEL: @unifiedMemoryTransfer
module attributes {stream.topology = #hal.device.topology<links = [(@dev_a -> @dev_b = {unified_memory = true})]>} {
util.func public @unifiedMemoryTransfer(%size: index) -> !stream.resource<*> {
  %c1_i32 = arith.constant 1 : i32
  // CHECK: %[[SPLAT:.+]] = stream.async.splat
  %splat = stream.async.splat on(#hal.device.affinity<@dev_a>) %c1_i32 : i32 -> !stream.resource<*>{%size}
  // CHECK-NOT: stream.async.transfer
  %t = stream.async.transfer %splat : !stream.resource<*>{%size} from(#hal.device.affinity<@dev_a>) -> to(#hal.device.affinity<@dev_b>) !stream.resource<*>{%size}
  // CHECK: util.return %[[SPLAT]]
  util.return %t : !stream.resource<*>
}
}

// -----

// A transparent-access link also allows it.

// CHECK-LABEL: @transparentAccessTransfer
module attributes {stream.topology = #hal.device.topology<links = [(@dev_a -> @dev_b = {transparent_access = true})]>} {
util.func public @transparentAccessTransfer(%size: index) -> !stream.resource<*> {
  %c1_i32 = arith.constant 1 : i32
  %splat = stream.async.splat on(#hal.device.affinity<@dev_a>) %c1_i32 : i32 -> !stream.resource<*>{%size}
  // CHECK-NOT: stream.async.transfer
  %t = stream.async.transfer %splat : !stream.resource<*>{%size} from(#hal.device.affinity<@dev_a>) -> to(#hal.device.affinity<@dev_b>) !stream.resource<*>{%size}
  util.return %t : !stream.resource<*>
}
}

// -----

// The source affinity is inferred from the producer (through an scf.if)
// when the transfer has no `from`.

// CHECK-LABEL: @inferredSourceThroughIf
module attributes {stream.topology = #hal.device.topology<links = [(@dev_a -> @dev_b = {unified_memory = true})]>} {
util.func public @inferredSourceThroughIf(%cond: i1, %size: index) -> !stream.resource<*> {
  %c1_i32 = arith.constant 1 : i32
  %r = scf.if %cond -> !stream.resource<*> {
    %a = stream.async.splat on(#hal.device.affinity<@dev_a>) %c1_i32 : i32 -> !stream.resource<*>{%size}
    scf.yield %a : !stream.resource<*>
  } else {
    %b = stream.async.splat on(#hal.device.affinity<@dev_a>) %c1_i32 : i32 -> !stream.resource<*>{%size}
    scf.yield %b : !stream.resource<*>
  }
  // CHECK-NOT: stream.async.transfer
  %t = stream.async.transfer %r : !stream.resource<*>{%size} -> to(#hal.device.affinity<@dev_b>) !stream.resource<*>{%size}
  util.return %t : !stream.resource<*>
}
}

// -----

// A chain of transfers over unified links collapses.

// CHECK-LABEL: @unifiedChain
module attributes {stream.topology = #hal.device.topology<links = [(@dev_a -> @dev_b = {unified_memory = true}), (@dev_b -> @dev_c = {unified_memory = true})]>} {
util.func public @unifiedChain(%size: index) -> !stream.resource<*> {
  %c1_i32 = arith.constant 1 : i32
  // CHECK: %[[SPLAT:.+]] = stream.async.splat
  %splat = stream.async.splat on(#hal.device.affinity<@dev_a>) %c1_i32 : i32 -> !stream.resource<*>{%size}
  // CHECK-NOT: stream.async.transfer
  %t0 = stream.async.transfer %splat : !stream.resource<*>{%size} from(#hal.device.affinity<@dev_a>) -> to(#hal.device.affinity<@dev_b>) !stream.resource<*>{%size}
  %t1 = stream.async.transfer %t0 : !stream.resource<*>{%size} from(#hal.device.affinity<@dev_b>) -> to(#hal.device.affinity<@dev_c>) !stream.resource<*>{%size}
  // CHECK: util.return %[[SPLAT]]
  util.return %t1 : !stream.resource<*>
}
}

// -----

// The same device on both sides: the keys are equal, always allowed.

// CHECK-LABEL: @sameDevice
module attributes {stream.topology = #hal.device.topology<links = []>} {
util.func public @sameDevice(%size: index) -> !stream.resource<*> {
  %c1_i32 = arith.constant 1 : i32
  %splat = stream.async.splat on(#hal.device.affinity<@dev_a>) %c1_i32 : i32 -> !stream.resource<*>{%size}
  // CHECK-NOT: stream.async.transfer
  %t = stream.async.transfer %splat : !stream.resource<*>{%size} from(#hal.device.affinity<@dev_a>) -> to(#hal.device.affinity<@dev_a>) !stream.resource<*>{%size}
  util.return %t : !stream.resource<*>
}
}

// -----

// A link without unified memory or transparent access keeps the transfer;
// links are directional.

// CHECK-LABEL: @nonUnifiedLink
module attributes {stream.topology = #hal.device.topology<links = [(@dev_a -> @dev_b = {}), (@dev_b -> @dev_a = {unified_memory = true})]>} {
util.func public @nonUnifiedLink(%size: index) -> !stream.resource<*> {
  %c1_i32 = arith.constant 1 : i32
  %splat = stream.async.splat on(#hal.device.affinity<@dev_a>) %c1_i32 : i32 -> !stream.resource<*>{%size}
  // CHECK: stream.async.transfer
  %t = stream.async.transfer %splat : !stream.resource<*>{%size} from(#hal.device.affinity<@dev_a>) -> to(#hal.device.affinity<@dev_b>) !stream.resource<*>{%size}
  util.return %t : !stream.resource<*>
}
}

// -----

// A lifetime change is kept even over a unified link.

// CHECK-LABEL: @unifiedLifetimeChange
module attributes {stream.topology = #hal.device.topology<links = [(@dev_a -> @dev_b = {unified_memory = true})]>} {
util.func public @unifiedLifetimeChange(%size: index) -> !stream.resource<external> {
  %c1_i32 = arith.constant 1 : i32
  %splat = stream.async.splat on(#hal.device.affinity<@dev_a>) %c1_i32 : i32 -> !stream.resource<*>{%size}
  // CHECK: stream.async.transfer {{.+}} -> to(#hal.device.affinity<@dev_b>) !stream.resource<external>
  %t = stream.async.transfer %splat : !stream.resource<*>{%size} from(#hal.device.affinity<@dev_a>) -> to(#hal.device.affinity<@dev_b>) !stream.resource<external>{%size}
  util.return %t : !stream.resource<external>
}
}

// -----

// Without a topology, a same-type transfer without explicit affinities is
// elided, and one with different explicit affinities is kept.

// CHECK-LABEL: @noTopology
util.func public @noTopology(%size: index) -> (!stream.resource<*>, !stream.resource<*>) {
  %c1_i32 = arith.constant 1 : i32
  // CHECK: %[[SPLAT:.+]] = stream.async.splat
  %splat = stream.async.splat on(#hal.device.affinity<@dev_a>) %c1_i32 : i32 -> !stream.resource<*>{%size}
  %t0 = stream.async.transfer %splat : !stream.resource<*>{%size} -> !stream.resource<*>{%size}
  // CHECK: %[[T1:.+]] = stream.async.transfer %[[SPLAT]] {{.+}} from(#hal.device.affinity<@dev_a>) -> to(#hal.device.affinity<@dev_b>)
  %t1 = stream.async.transfer %splat : !stream.resource<*>{%size} from(#hal.device.affinity<@dev_a>) -> to(#hal.device.affinity<@dev_b>) !stream.resource<*>{%size}
  // CHECK: util.return %[[SPLAT]], %[[T1]]
  util.return %t0, %t1 : !stream.resource<*>, !stream.resource<*>
}

// -----

// An unknown source affinity (a public function argument without a default)
// cannot be checked against the topology; the explicit affinities decide.

// CHECK-LABEL: @unknownSourceAffinity
module attributes {stream.topology = #hal.device.topology<links = []>} {
util.func public @unknownSourceAffinity(%arg: !stream.resource<*>, %size: index) -> !stream.resource<*> {
  // CHECK: stream.async.transfer
  %t = stream.async.transfer %arg : !stream.resource<*>{%size} -> to(#hal.device.affinity<@dev_b>) !stream.resource<*>{%size}
  util.return %t : !stream.resource<*>
}
}
