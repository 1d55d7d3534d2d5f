// RUN: sluice-opt --split-input-file %s | sluice-opt --split-input-file | FileCheck %s
// RUN: sluice-opt --split-input-file --mlir-print-op-generic %s | FileCheck %s --check-prefix=GENERIC
// REQUIRES: sluice-opt

// CHECK-LABEL: util.func public @fence_create
util.func public @fence_create(%device: !hal.device) -> (!hal.fence, !hal.fence) {
  // CHECK: %fence = hal.fence.create device(%arg0 : !hal.device) flags("None") : !hal.fence
  // GENERIC: "hal.fence.create"(%{{.+}}) <{flags = 0 : i64}> : (!hal.device) -> !hal.fence
  %0 = hal.fence.create device(%device : !hal.device) flags("None") : !hal.fence
  // CHECK: %fence_0 = hal.fence.create device(%arg0 : !hal.device) flags(Reserved) : !hal.fence attributes {hal.x}
  // GENERIC: "hal.fence.create"(%{{.+}}) <{flags = 1 : i64}> {hal.x} : (!hal.device) -> !hal.fence
  %1 = hal.fence.create device(%device : !hal.device) flags(Reserved) : !hal.fence attributes {hal.x}
  util.return %0, %1 : !hal.fence, !hal.fence
}

// -----

// CHECK-LABEL: util.func public @resolve_memory_properties
util.func public @resolve_memory_properties() -> (i32, i32, i32, i32) {
  // CHECK: %memory_types, %buffer_usage = hal.allocator.resolve_memory_properties for(#hal.device.affinity<@device>) lifetime(constant) : i32, i32
  // GENERIC: "hal.allocator.resolve_memory_properties"() <{affinity = #hal.device.affinity<@device>, lifetime = 5 : i32}> : () -> (i32, i32)
  %mt, %bu = hal.allocator.resolve_memory_properties for(#hal.device.affinity<@device>) lifetime(constant) : i32, i32
  // CHECK: %memory_types_0, %buffer_usage_1 = hal.allocator.resolve_memory_properties lifetime("*") : i32, i32
  // GENERIC: "hal.allocator.resolve_memory_properties"() <{lifetime = 0 : i32}> : () -> (i32, i32)
  %mt2, %bu2 = hal.allocator.resolve_memory_properties lifetime("*") : i32, i32
  util.return %mt, %bu, %mt2, %bu2 : i32, i32, i32, i32
}

// -----

// CHECK-LABEL: util.func public @lifetimes
util.func public @lifetimes() {
  // CHECK: lifetime(external)
  %0:2 = hal.allocator.resolve_memory_properties lifetime("external") : i32, i32
  // CHECK: lifetime(staging)
  %1:2 = hal.allocator.resolve_memory_properties lifetime(staging) : i32, i32
  // CHECK: lifetime(transient)
  %2:2 = hal.allocator.resolve_memory_properties lifetime(transient) : i32, i32
  // CHECK: lifetime(variable)
  %3:2 = hal.allocator.resolve_memory_properties lifetime(variable) : i32, i32
  util.return
}

// -----

// CHECK-LABEL: util.func public @devices
util.func public @devices(%index: index) -> (!hal.device, !hal.allocator, index, i64) {
  // CHECK: %device_count = hal.devices.count : index
  %count = hal.devices.count : index
  // CHECK: %device_n = hal.devices.get %arg0 : !hal.device
  %device = hal.devices.get %index : !hal.device
  // CHECK: %allocator = hal.device.allocator<%device_n : !hal.device> : !hal.allocator
  %allocator = hal.device.allocator<%device : !hal.device> : !hal.allocator
  // CHECK: %{{.+}}:3 = hal.device.resolve on(#hal.device.affinity<@dev, [0]>) : !hal.device, !hal.allocator, i64
  %r:3 = hal.device.resolve on(#hal.device.affinity<@dev, [0]>) : !hal.device, !hal.allocator, i64
  // CHECK: hal.device.resolve {hal.x} : !hal.device
  %d = hal.device.resolve {hal.x} : !hal.device
  util.return %r#0, %r#1, %count, %r#2 : !hal.device, !hal.allocator, index, i64
}

// -----

// CHECK-LABEL: util.func public @allocator_select
util.func public @allocator_select(%d0: !hal.device, %q0: i64, %d1: !hal.device, %q1: i64, %mt: i32, %bu: i32) -> (!hal.device, i64) {
  //      CHECK: %device, %queue_affinity = hal.allocator.select from([
  // CHECK-NEXT: {{^}}    (%arg0, %arg1 : !hal.device, i64),{{$}}
  // CHECK-NEXT: {{^}}    (%arg2, %arg3 : !hal.device, i64){{$}}
  // CHECK-NEXT: {{^}}  ]) type(%arg4) usage(%arg5) : !hal.device, i64{{$}}
  %device, %queue = hal.allocator.select from([(%d0, %q0 : !hal.device, i64), (%d1, %q1 : !hal.device, i64)]) type(%mt) usage(%bu) : !hal.device, i64
  //      CHECK: hal.allocator.select from([
  // CHECK-NEXT: {{^}}    (%arg0, %arg1 : !hal.device, i64){{$}}
  // CHECK-NEXT: {{^}}  ]) type(%arg4) usage(%arg5) : !hal.device, i64 attributes {hal.x}{{$}}
  %d, %q = hal.allocator.select from([
    (%d0, %q0 : !hal.device, i64)
  ]) type(%mt) usage(%bu) : !hal.device, i64 attributes {hal.x}
  util.return %device, %queue : !hal.device, i64
}

// -----

// CHECK-LABEL: util.func public @queue_alloca_dealloca
util.func public @queue_alloca_dealloca(%device: !hal.device, %affinity: i64, %wait: !hal.fence, %signal: !hal.fence, %size: index) -> !hal.buffer {
  %pool = arith.constant 0 : i64
  %mt = hal.memory_type<DeviceLocal> : i32
  %bu = hal.buffer_usage<Transfer> : i32
  // CHECK: %transient_buffer = hal.device.queue.alloca<%arg0 : !hal.device> affinity(%arg1) wait(%arg2) signal(%arg3) pool(%c0_i64) type(%memory_type) usage(%buffer_usage) flags("None") : !hal.buffer{%arg4}
  %0 = hal.device.queue.alloca<%device : !hal.device> affinity(%affinity) wait(%wait) signal(%signal) pool(%pool) type(%mt) usage(%bu) flags("None") : !hal.buffer{%size}
  // CHECK: hal.device.queue.alloca<%arg0 : !hal.device> affinity(%arg1) wait(%arg2) signal(%arg3) pool(%c0_i64) type(%memory_type) usage(%buffer_usage) flags(IndeterminateLifetime) : !hal.buffer{%arg4}
  %1 = hal.device.queue.alloca<%device : !hal.device> affinity(%affinity) wait(%wait) signal(%signal) pool(%pool) type(%mt) usage(%bu) flags(IndeterminateLifetime) : !hal.buffer{%size}
  // CHECK: hal.device.queue.dealloca<%arg0 : !hal.device> affinity(%arg1) wait(%arg2) signal(%arg3) buffer(%transient_buffer : !hal.buffer) flags(PreferOrigin)
  hal.device.queue.dealloca<%device : !hal.device> affinity(%affinity) wait(%wait) signal(%signal) buffer(%0 : !hal.buffer) flags(PreferOrigin)
  util.return %1 : !hal.buffer
}

// -----

// CHECK-LABEL: util.func public @queue_transfers
util.func public @queue_transfers(%device: !hal.device, %affinity: i64, %wait: !hal.fence, %signal: !hal.fence, %src: !hal.buffer, %dst: !hal.buffer, %file: !hal.file, %offset: index, %length: index, %foffset: i64, %pattern: i32) {
  // CHECK: hal.device.queue.fill<%arg0 : !hal.device> affinity(%arg1) wait(%arg2) signal(%arg3) target(%arg5 : !hal.buffer)[%arg7] length(%arg8) pattern(%arg10 : i32) flags("None")
  hal.device.queue.fill<%device : !hal.device> affinity(%affinity) wait(%wait) signal(%signal) target(%dst : !hal.buffer)[%offset] length(%length) pattern(%pattern : i32) flags("None")
  // CHECK: hal.device.queue.copy<%arg0 : !hal.device> affinity(%arg1) wait(%arg2) signal(%arg3) source(%arg4 : !hal.buffer)[%arg7] target(%arg5 : !hal.buffer)[%arg7] length(%arg8) flags("None")
  hal.device.queue.copy<%device : !hal.device> affinity(%affinity) wait(%wait) signal(%signal) source(%src : !hal.buffer)[%offset] target(%dst : !hal.buffer)[%offset] length(%length) flags("None")
  // CHECK: hal.device.queue.read<%arg0 : !hal.device> affinity(%arg1) wait(%arg2) signal(%arg3) source(%arg6 : !hal.file)[%arg9] target(%arg5 : !hal.buffer)[%arg7] length(%arg8) flags("None")
  hal.device.queue.read<%device : !hal.device> affinity(%affinity) wait(%wait) signal(%signal) source(%file : !hal.file)[%foffset] target(%dst : !hal.buffer)[%offset] length(%length) flags("None")
  // CHECK: hal.device.queue.write<%arg0 : !hal.device> affinity(%arg1) wait(%arg2) signal(%arg3) source(%arg4 : !hal.buffer)[%arg7] target(%arg6 : !hal.file)[%arg9] length(%arg8) flags("None")
  hal.device.queue.write<%device : !hal.device> affinity(%affinity) wait(%wait) signal(%signal) source(%src : !hal.buffer)[%offset] target(%file : !hal.file)[%foffset] length(%length) flags("None")
  // CHECK: hal.device.queue.barrier<%arg0 : !hal.device> affinity(%arg1) wait(%arg2) signal(%arg3) flags("None")
  hal.device.queue.barrier<%device : !hal.device> affinity(%affinity) wait(%wait) signal(%signal) flags("None")
  // CHECK: hal.device.queue.flush<%arg0 : !hal.device> affinity(%arg1)
  hal.device.queue.flush<%device : !hal.device> affinity(%affinity)
  util.return
}

// -----

// CHECK-LABEL: util.func public @queue_execute
util.func public @queue_execute(%device: !hal.device, %affinity: i64, %signal: !hal.fence, %cmd: !hal.command_buffer, %buffer: !hal.buffer) {
  %c0 = arith.constant 0 : index
  %c128 = arith.constant 128 : index
  // A null fence may be both the wait and the signal fence.
  %null = util.null : !hal.fence
  // CHECK: hal.device.queue.execute<%arg0 : !hal.device> affinity(%arg1) wait(%0) signal(%0) commands(%arg3) flags("None")
  hal.device.queue.execute<%device : !hal.device> affinity(%affinity) wait(%null) signal(%null) commands(%cmd) flags("None")
  //      CHECK: hal.device.queue.execute.indirect<%arg0 : !hal.device> affinity(%arg1) wait(%0) signal(%arg2) commands(%arg3) bindings([
  // CHECK-NEXT:   (%arg4 : !hal.buffer)[%c0, %c128],{{ $}}
  // CHECK-NEXT:   (%arg4 : !hal.buffer)[%c128, %c128]
  // CHECK-NEXT: ]) flags("None")
  hal.device.queue.execute.indirect<%device : !hal.device> affinity(%affinity) wait(%null) signal(%signal) commands(%cmd) bindings([(%buffer : !hal.buffer)[%c0, %c128], (%buffer : !hal.buffer)[%c128, %c128]]) flags("None")
  util.return
}

// -----

// CHECK-LABEL: util.func public @device_memoize
util.func public @device_memoize(%device: !hal.device, %affinity: i64) -> !hal.command_buffer {
  //      CHECK: %[[MEMO:.+]] = hal.device.memoize<%arg0 : !hal.device> affinity(%arg1) -> !hal.command_buffer {
  // CHECK-NEXT:   %cmd = hal.command_buffer.create device(%arg0 : !hal.device) mode("None") categories(Transfer) affinity(%arg1) : !hal.command_buffer
  // CHECK-NEXT:   hal.command_buffer.finalize<%cmd : !hal.command_buffer>
  // CHECK-NEXT:   hal.return %cmd : !hal.command_buffer
  // CHECK-NEXT: }
  %0 = hal.device.memoize<%device : !hal.device> affinity(%affinity) -> !hal.command_buffer {
    %cmd = hal.command_buffer.create device(%device : !hal.device) mode("None") categories(Transfer) affinity(%affinity) : !hal.command_buffer
    hal.command_buffer.finalize<%cmd : !hal.command_buffer>
    hal.return %cmd : !hal.command_buffer
  }
  util.return %0 : !hal.command_buffer
}

// -----

// CHECK-LABEL: util.func public @device_query
util.func public @device_query(%device: !hal.device) -> (i1, i1, i1, i32) {
  // CHECK: %{{.+}}, %{{.+}} = hal.device.query<%arg0 : !hal.device> key("hal.executable.format" :: "embedded-elf-x86_64") : i1, i1 = false
  %ok, %value = hal.device.query<%device : !hal.device> key("hal.executable.format" :: "embedded-elf-x86_64") : i1, i1 = false
  // CHECK: %{{.+}}, %{{.+}} = hal.device.query<%arg0 : !hal.device> key("sys" :: "foo") : i1, i32
  %ok2, %value2 = hal.device.query<%device : !hal.device> key("sys" :: "foo") : i1, i32
  util.return %ok, %value, %ok2, %value2 : i1, i1, i1, i32
}

// -----

// CHECK-LABEL: util.func public @devices_get_names
util.func public @devices_get_names(%n: index) -> (!hal.device, !hal.device) {
  %c1 = arith.constant 1 : index
  // CHECK: %device_1 = hal.devices.get %c1 : !hal.device
  %0 = hal.devices.get %c1 : !hal.device
  // CHECK: %device_n = hal.devices.get %arg0 : !hal.device
  %1 = hal.devices.get %n : !hal.device
  util.return %0, %1 : !hal.device, !hal.device
}

// -----

// CHECK-LABEL: util.func public @file_from_memory
util.func public @file_from_memory(%device: !hal.device, %affinity: i64, %buffer: !util.buffer, %offset: index, %length: index) -> !hal.file {
  %flags = arith.constant 0 : i32
  // CHECK: %memory_file = hal.ex.file.from_memory device(%arg0 : !hal.device) affinity(%arg1) access(Read) buffer(%arg2 : !util.buffer)[%arg3 for %arg4] flags(%c0_i32) : !hal.file
  %0 = hal.ex.file.from_memory device(%device : !hal.device) affinity(%affinity) access(Read) buffer(%buffer : !util.buffer)[%offset for %length] flags(%flags) : !hal.file
  util.return %0 : !hal.file
}

// -----

// CHECK-LABEL: util.func public @channels
util.func public @channels(%device: !hal.device, %affinity: i64, %id: !util.buffer, %group: !util.buffer, %rank: i32, %count: i32) -> (!hal.channel, i32, i32) {
  // CHECK: %channel = hal.channel.create device(%arg0 : !hal.device) affinity(%arg1) flags("None") id(%arg2) group(%arg3) rank(%arg4) count(%arg5) : !hal.channel
  %0 = hal.channel.create device(%device : !hal.device) affinity(%affinity) flags("None") id(%id) group(%group) rank(%rank) count(%count) : !hal.channel
  // CHECK: %channel_0 = hal.channel.split<%channel : !hal.channel> color(%arg4) key(%arg5) flags("None") : !hal.channel
  %1 = hal.channel.split<%0 : !hal.channel> color(%rank) key(%count) flags("None") : !hal.channel
  // CHECK: %ccl_rank, %ccl_count = hal.channel.rank_and_count<%channel_0 : !hal.channel> : i32, i32
  %r, %c = hal.channel.rank_and_count<%1 : !hal.channel> : i32, i32
  util.return %1, %r, %c : !hal.channel, i32, i32
}
