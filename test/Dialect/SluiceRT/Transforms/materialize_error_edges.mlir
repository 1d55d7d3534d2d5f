// RUN: sluice-opt --split-input-file --sluice-materialize-error-edges %s | FileCheck %s
// RUN: sluice-opt --split-input-file --sluice-materialize-error-edges --sluice-materialize-error-edges %s | FileCheck %s --check-prefix=TWICE
// REQUIRES: sluice-opt

// Fallible ops get a check_status edge to the one error block; results of the
// fallible op stay usable in the continuation. Infallible ops (pure HAL
// queries, hal.fence.await, hal.device.queue.flush, hal.devices.get with a
// constant index) get none.

// CHECK-LABEL: util.func public @fallible
// CHECK: %[[FENCE:.+]] = hal.fence.create
// CHECK-NEXT: sluice_rt.check_status ^[[B1:.+]], ^[[ERR:bb[0-9]+]]
// CHECK-NEXT: ^[[B1]]:
// CHECK-NEXT: %[[V:.+]] = hal.buffer.load<%arg1 : !hal.buffer>[%arg2] : i32
// CHECK-NEXT: sluice_rt.check_status ^[[B2:.+]], ^[[ERR]]
// CHECK-NEXT: ^[[B2]]:
// CHECK-NEXT: hal.device.queue.barrier<%arg0 : !hal.device> affinity(%arg3) wait(%[[FENCE]]) signal(%arg4)
// CHECK-NEXT: sluice_rt.check_status ^[[B3:.+]], ^[[ERR]]
// CHECK-NEXT: ^[[B3]]:
// CHECK-NEXT: hal.device.queue.flush
// CHECK-NEXT: %[[D:.+]] = hal.devices.get %c0
// CHECK: %[[STATUS:.+]] = hal.fence.await
// CHECK-NEXT: sluice_rt.check_code %[[STATUS]], "failed to wait" ^[[B4:.+]], ^[[ERR]]
// CHECK-NEXT: ^[[B4]]:
// CHECK-NEXT: sluice_rt.check_code %[[V]], "" ^[[B5:.+]], ^[[ERR]]
// CHECK-NEXT: ^[[B5]]:
// CHECK-NEXT: util.return %[[V]] : i32
// CHECK-NEXT: ^[[ERR]]:
// CHECK-NEXT: sluice_rt.fail{{$}}
// CHECK-NEXT: }
// TWICE-LABEL: util.func public @fallible
// TWICE-COUNT-3: sluice_rt.check_status
// TWICE-NOT: sluice_rt.check_status
// TWICE-COUNT-1: sluice_rt.fail
// TWICE-NOT: sluice_rt.fail
util.func public @fallible(%device: !hal.device, %buffer: !hal.buffer, %offset: index, %aff: i64, %signal: !hal.fence) -> i32 {
  %c0 = arith.constant 0 : index
  %fence = hal.fence.create device(%device : !hal.device) flags("None") : !hal.fence
  %v = hal.buffer.load<%buffer : !hal.buffer>[%offset] : i32
  hal.device.queue.barrier<%device : !hal.device> affinity(%aff) wait(%fence) signal(%signal) flags("None")
  hal.device.queue.flush<%device : !hal.device> affinity(%aff)
  %d = hal.devices.get %c0 : !hal.device
  %timeout = arith.constant -1 : i32
  %status = hal.fence.await until([%fence]) timeout_millis(%timeout) flags("None") : i32
  util.status.check_ok %status, "failed to wait"
  util.status.check_ok %v
  util.return %v : i32
}

// -----

// Calls and queue executes are fallible; the edges work across existing
// control flow (multi-block functions, loops with block arguments).

util.func private @callee(%arg0: index) -> index
util.func private @cmd() attributes {sluice_rt.command_function} {
  util.return
}
// CHECK-LABEL: util.func public @loop
// TWICE-LABEL: util.func public @loop
// CHECK: ^bb1(%[[I:.+]]: index):
// CHECK-NEXT: %[[R:.+]] = util.call @callee(%[[I]])
// CHECK-NEXT: sluice_rt.check_status ^[[AFTER:.+]], ^[[ERR:bb[0-9]+]]
// CHECK-NEXT: ^[[AFTER]]:
// CHECK-NEXT: %[[C:.+]] = arith.cmpi
// CHECK-NEXT: cf.cond_br %[[C]], ^bb1(%[[R]] : index), ^[[EXIT:.+]]
// CHECK: ^[[EXIT]]:
// CHECK-NEXT: sluice_rt.queue.execute
// CHECK-NEXT: sluice_rt.check_status ^[[DONE:.+]], ^[[ERR]]
// CHECK-NEXT: ^[[DONE]]:
// CHECK-NEXT: util.return
// CHECK-NEXT: ^[[ERR]]:
// CHECK-NEXT: sluice_rt.fail
util.func public @loop(%n: index, %device: !hal.device, %aff: i64, %w: !hal.fence, %s: !hal.fence) {
  %c0 = arith.constant 0 : index
  cf.br ^loop(%c0 : index)
^loop(%i: index):
  %r = util.call @callee(%i) : (index) -> index
  %c = arith.cmpi slt, %r, %n : index
  cf.cond_br %c, ^loop(%r : index), ^exit
^exit:
  sluice_rt.queue.execute<%device : !hal.device> affinity(%aff) wait(%w) signal(%s) call(@cmd()) : ()
  util.return
}

// -----

// Unreachables become sluice_rt.fail with their message; a function without
// fallible ops gets no error block; an initializer gets edges too.

// CHECK-LABEL: util.func public @unreachable
// CHECK: cf.cond_br %arg0, ^bb1, ^bb2
// CHECK: ^bb1:
// CHECK-NEXT: util.return
// CHECK: ^bb2:
// CHECK-NEXT: sluice_rt.fail "impossible"
// CHECK-NOT: ^bb
// CHECK: }
util.func public @unreachable(%c: i1) {
  cf.cond_br %c, ^ok, ^bad
^ok:
  util.return
^bad:
  util.unreachable "impossible"
}

// CHECK-LABEL: util.func public @scf_unreachable
// CHECK-NEXT: sluice_rt.fail "inlined"
// CHECK-NEXT: ^bb1:
// CHECK-NEXT: %[[P:.+]] = ub.poison : i32
// CHECK-NEXT: util.return %[[P]]
util.func public @scf_unreachable() -> i32 {
  util.scf.unreachable "inlined"
  %p = ub.poison : i32
  util.return %p : i32
}

// CHECK-LABEL: util.func public @nothing_fallible
// CHECK-NEXT: arith.addi
// CHECK-NEXT: util.return
// CHECK-NEXT: }
util.func public @nothing_fallible(%a: index) -> index {
  %0 = arith.addi %a, %a : index
  util.return %0 : index
}

// CHECK-LABEL: util.func private @declaration(%arg0: index){{$}}
util.func private @declaration(%a: index)

// CHECK-LABEL: util.initializer
// CHECK: hal.devices.get %{{.+}} : !hal.device
// CHECK-NEXT: sluice_rt.check_status ^bb1, ^bb2
// CHECK: ^bb2:
// CHECK-NEXT: sluice_rt.fail
util.global private @device : !hal.device
util.initializer {
  %i = util.global.load @index : index
  %d = hal.devices.get %i : !hal.device
  util.global.store %d, @device : !hal.device
  util.return
}
util.global private mutable @index = 0 : index
