// RUN: sluice-opt --split-input-file %s | sluice-opt --split-input-file | FileCheck %s
// REQUIRES: sluice-opt

// CHECK-LABEL: util.func public @command_buffer_create
util.func public @command_buffer_create(%device: !hal.device, %affinity: i64, %capacity: index) {
  // CHECK: %cmd = hal.command_buffer.create device(%arg0 : !hal.device) mode(OneShot) categories("Transfer|Dispatch") affinity(%arg1) : !hal.command_buffer
  %0 = hal.command_buffer.create device(%device : !hal.device) mode(OneShot) categories("Transfer|Dispatch") affinity(%affinity) : !hal.command_buffer
  // CHECK: %cmd_0 = hal.command_buffer.create device(%arg0 : !hal.device) mode("OneShot|AllowInlineExecution") categories(Transfer) affinity(%arg1) : !hal.command_buffer
  %1 = hal.command_buffer.create device(%device : !hal.device) mode("OneShot|AllowInlineExecution") categories(Transfer) affinity(%affinity) : !hal.command_buffer
  // CHECK: %cmd_1 = hal.command_buffer.create device(%arg0 : !hal.device) mode("None") categories(Dispatch) affinity(%arg1) bindings(%arg2) : !hal.command_buffer
  %2 = hal.command_buffer.create device(%device : !hal.device) mode("None") categories(Dispatch) affinity(%affinity) bindings(%capacity) : !hal.command_buffer
  util.return
}

// -----

// CHECK-LABEL: util.func public @command_buffer_finalize_device
util.func public @command_buffer_finalize_device(%cmd: !hal.command_buffer) -> !hal.device {
  // CHECK: hal.command_buffer.finalize<%arg0 : !hal.command_buffer>
  hal.command_buffer.finalize<%cmd : !hal.command_buffer>
  // CHECK: %{{.+}} = hal.command_buffer.device<%arg0 : !hal.command_buffer> : !hal.device
  %0 = hal.command_buffer.device<%cmd : !hal.command_buffer> : !hal.device
  util.return %0 : !hal.device
}

// -----

// The stage masks print in declaration order.
// CHECK-LABEL: util.func public @command_buffer_execution_barrier
util.func public @command_buffer_execution_barrier(%cmd: !hal.command_buffer) {
  // CHECK: hal.command_buffer.execution_barrier<%arg0 : !hal.command_buffer> source("Dispatch|Transfer|CommandRetire") target("CommandIssue|Dispatch|Transfer") flags("None")
  hal.command_buffer.execution_barrier<%cmd : !hal.command_buffer> source("CommandRetire|Transfer|Dispatch") target("CommandIssue|Transfer|Dispatch") flags("None")
  // CHECK: hal.command_buffer.execution_barrier<%arg0 : !hal.command_buffer> source(Host) target(CommandProcess) flags(Reserved)
  hal.command_buffer.execution_barrier<%cmd : !hal.command_buffer> source(Host) target(CommandProcess) flags(Reserved)
  util.return
}

// -----

// Buffers are bound directly (`!hal.buffer`) or through a slot (`index`).
// CHECK-LABEL: util.func public @command_buffer_fill_copy
util.func public @command_buffer_fill_copy(%cmd: !hal.command_buffer, %buffer: !hal.buffer, %slot: index, %offset: index, %length: index, %pattern: i32, %p8: i8) {
  // CHECK: hal.command_buffer.fill_buffer<%arg0 : !hal.command_buffer> target(%arg1 : !hal.buffer)[%arg3, %arg4] pattern(%arg5 : i32) flags("None")
  hal.command_buffer.fill_buffer<%cmd : !hal.command_buffer> target(%buffer : !hal.buffer)[%offset, %length] pattern(%pattern : i32) flags("None")
  // CHECK: hal.command_buffer.fill_buffer<%arg0 : !hal.command_buffer> target(%arg2 : index)[%arg3, %arg4] pattern(%arg6 : i8) flags("None")
  hal.command_buffer.fill_buffer<%cmd : !hal.command_buffer> target(%slot : index)[%offset, %length] pattern(%p8 : i8) flags("None")
  // CHECK: hal.command_buffer.copy_buffer<%arg0 : !hal.command_buffer> source(%arg1 : !hal.buffer)[%arg3] target(%arg2 : index)[%arg3] length(%arg4) flags("None")
  hal.command_buffer.copy_buffer<%cmd : !hal.command_buffer> source(%buffer : !hal.buffer)[%offset] target(%slot : index)[%offset] length(%length) flags("None")
  util.return
}

// -----

// One binding per line, `, ` separated, `])` on its own line.
// CHECK-LABEL: util.func public @command_buffer_dispatch
util.func public @command_buffer_dispatch(%cmd: !hal.command_buffer, %exe: !hal.executable, %fn: i64, %buffer: !hal.buffer, %x: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c128 = arith.constant 128 : index
  %c4_i32 = arith.constant 4 : i32
  %c5_i32 = arith.constant 5 : i32
  //      CHECK: hal.command_buffer.dispatch<%arg0 : !hal.command_buffer> target(%arg1 : !hal.executable)[%arg2] workgroups([%arg4, %c1, %c1]) constants([%c4_i32, %c5_i32]) bindings([
  // CHECK-NEXT:   (%arg3 : !hal.buffer)[%c0, %c128],{{ $}}
  // CHECK-NEXT:   (%c0 : index)[%c0, %c128]
  // CHECK-NEXT: ]) flags("None")
  hal.command_buffer.dispatch<%cmd : !hal.command_buffer> target(%exe : !hal.executable)[%fn] workgroups([%x, %c1, %c1]) constants([%c4_i32, %c5_i32]) bindings([(%buffer : !hal.buffer)[%c0, %c128], (%c0 : index)[%c0, %c128]]) flags("None")
  //      CHECK: hal.command_buffer.dispatch<%arg0 : !hal.command_buffer> target(%arg1 : !hal.executable)[%arg2] workgroups([%c1, %c1, %c1]) bindings([
  // CHECK-NEXT:   (%arg3 : !hal.buffer)[%c0, %c128]
  // CHECK-NEXT: ]) flags(Reserved)
  hal.command_buffer.dispatch<%cmd : !hal.command_buffer> target(%exe : !hal.executable)[%fn] workgroups([%c1, %c1, %c1]) bindings([
    (%buffer : !hal.buffer)[%c0, %c128]
  ]) flags(Reserved)
  util.return
}

// -----

// CHECK-LABEL: util.func public @command_buffer_collective
util.func public @command_buffer_collective(%cmd: !hal.command_buffer, %channel: !hal.channel, %buffer: !hal.buffer, %slot: index, %param: i32) {
  %c0 = arith.constant 0 : index
  %c64 = arith.constant 64 : index
  %c16 = arith.constant 16 : index
  // CHECK: hal.command_buffer.collective<%arg0 : !hal.command_buffer> channel(%arg1 : !hal.channel) op(<all_reduce with sum : si8>) send(%arg2 : !hal.buffer)[%c0, %c64] recv(%arg3 : index)[%c0, %c64] count(%c16)
  hal.command_buffer.collective<%cmd : !hal.command_buffer> channel(%channel : !hal.channel) op(<all_reduce with sum : si8>) send(%buffer : !hal.buffer)[%c0, %c64] recv(%slot : index)[%c0, %c64] count(%c16)
  // CHECK: hal.command_buffer.collective<%arg0 : !hal.command_buffer> channel(%arg1 : !hal.channel) op(<send : f8E4M3FNUZ>) param(%arg4 : i32) send(%arg2 : !hal.buffer)[%c0, %c64] count(%c16)
  hal.command_buffer.collective<%cmd : !hal.command_buffer> channel(%channel : !hal.channel) op(<send : f8E4M3FNUZ>) param(%param : i32) send(%buffer : !hal.buffer)[%c0, %c64] count(%c16)
  // CHECK: hal.command_buffer.collective<%arg0 : !hal.command_buffer> channel(%arg1 : !hal.channel) op(<recv : bf16>) recv(%arg2 : !hal.buffer)[%c0, %c64] count(%c16)
  hal.command_buffer.collective<%cmd : !hal.command_buffer> channel(%channel : !hal.channel) op(<recv : bf16>) recv(%buffer : !hal.buffer)[%c0, %c64] count(%c16)
  util.return
}
