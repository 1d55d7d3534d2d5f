// RUN: sluice-opt --sluice-native-pipeline %s | FileCheck %s
// REQUIRES: sluice-opt

// The whole phase on a hal-level program: the recording becomes a command
// function, fallible ops get error edges and the fence is released on every
// path (not on the error edge of its own creation, where it is NULL).

hal.executable private @ex {
  hal.executable.variant public @sluice_native target(<"llvm-cpu", "sluice-native">) {
    hal.executable.export public @add ordinal(0) layout(#hal.pipeline.layout<bindings = [#hal.pipeline.binding<storage_buffer>]>) attributes {sluice.workgroup_cost_ns = 2 : i64}
  }
}

// CHECK-LABEL: util.func private @run$cmd0
// CHECK-SAME: (%[[B:.+]]: !hal.buffer) attributes {sluice_rt.command_function}
// CHECK: sluice_rt.wave {
// CHECK-NEXT: sluice_rt.dispatch @ex::@sluice_native::@add workgroups([%{{.+}}, %{{.+}}, %{{.+}}]) bindings([%[[B]][%{{.+}}, %{{.+}}]])
// CHECK-NOT: sluice_rt.release
// CHECK: util.return

// CHECK-LABEL: util.func public @run
// CHECK: %[[FENCE:.+]] = hal.fence.create
// CHECK-NEXT: sluice_rt.check_status ^[[OK:bb[0-9]+]], ^[[ERR:bb[0-9]+]]
// CHECK-NEXT: ^[[OK]]:
// CHECK-NEXT: sluice_rt.queue.execute<%{{.+}} : !hal.device> affinity(%{{.+}}) wait(%{{.+}}) signal(%[[FENCE]]) call(@run$cmd0(%arg1)) cost(8) : (!hal.buffer)
// CHECK-NEXT: sluice_rt.check_status ^[[OK2:bb[0-9]+]], ^[[E1:bb[0-9]+]]
// CHECK-NEXT: ^[[E1]]:
// CHECK-NEXT: sluice_rt.release %[[FENCE]] : !hal.fence
// CHECK-NEXT: cf.br ^[[ERR]]
// CHECK-NEXT: ^[[OK2]]:
// CHECK: %[[STATUS:.+]] = hal.fence.await until([%[[FENCE]]])
// CHECK-NEXT: sluice_rt.release %[[FENCE]] : !hal.fence
// CHECK-NEXT: sluice_rt.check_code %[[STATUS]], "failed to wait on timepoint" ^[[DONE:bb[0-9]+]], ^[[ERR]]
// CHECK-NEXT: ^[[DONE]]:
// CHECK-NEXT: util.return
// CHECK-NEXT: ^[[ERR]]:
// CHECK-NEXT: sluice_rt.fail
util.func public @run(%device: !hal.device, %b: !hal.buffer) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c64 = arith.constant 64 : index
  %aff = arith.constant -1 : i64
  %null = util.null : !hal.fence
  %fence = hal.fence.create device(%device : !hal.device) flags("None") : !hal.fence
  %cmd = hal.command_buffer.create device(%device : !hal.device) mode("OneShot|AllowInlineExecution") categories(Dispatch) affinity(%aff) : !hal.command_buffer
  %exe = hal.executable.lookup device(%device : !hal.device) executable(@ex) : !hal.executable
  %f = hal.executable.lookup.function target(%exe : !hal.executable) function(@ex::@sluice_native::@add) : i64
  hal.command_buffer.dispatch<%cmd : !hal.command_buffer> target(%exe : !hal.executable)[%f] workgroups([%c4, %c1, %c1]) bindings([
    (%b : !hal.buffer)[%c0, %c64]
  ]) flags("None")
  hal.command_buffer.execution_barrier<%cmd : !hal.command_buffer> source("Dispatch|Transfer|CommandRetire") target("CommandIssue|Dispatch|Transfer") flags("None")
  hal.command_buffer.finalize<%cmd : !hal.command_buffer>
  hal.device.queue.execute<%device : !hal.device> affinity(%aff) wait(%null) signal(%fence) commands(%cmd) flags("None")
  %timeout = arith.constant -1 : i32
  %status = hal.fence.await until([%fence]) timeout_millis(%timeout) flags("None") : i32
  util.status.check_ok %status, "failed to wait on timepoint"
  util.return
}
