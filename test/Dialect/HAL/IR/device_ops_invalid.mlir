// RUN: sluice-opt --split-input-file --allow-unregistered-dialect --verify-diagnostics %s
// REQUIRES: sluice-opt

util.func public @fence_flags(%device: !hal.device) {
  // expected-error @+1 {{invalid flags attribute specification: "Bogus"}}
  %0 = hal.fence.create device(%device : !hal.device) flags(Bogus) : !hal.fence
  util.return
}

// -----

util.func public @fence_flags_not_keyword(%device: !hal.device) {
  // expected-error @+1 {{expected string or keyword containing one of the following enum values for attribute 'flags' [None, Reserved]}}
  %0 = hal.fence.create device(%device : !hal.device) flags(1) : !hal.fence
  util.return
}

// -----

util.func public @lifetime_unknown() {
  // expected-error @+1 {{invalid lifetime attribute specification: "Constant"}}
  %0:2 = hal.allocator.resolve_memory_properties lifetime(Constant) : i32, i32
  util.return
}

// -----

util.func public @lifetime_not_keyword() {
  // expected-error @+1 {{expected string or keyword containing one of the following enum values for attribute 'lifetime' [*, external, staging, transient, variable, constant]}}
  %0:2 = hal.allocator.resolve_memory_properties lifetime(5) : i32, i32
  util.return
}

// -----

util.func public @resolve_bad_result() {
  // expected-error @+1 {{'hal.device.resolve' op result #0 must be variadic of}}
  %0 = hal.device.resolve : i32
  util.return
}

// -----

util.func public @resolve_bad_affinity() {
  // expected-error @+1 {{'hal.device.resolve' op attribute 'affinity' failed to satisfy constraint}}
  %0 = hal.device.resolve on(#hal.device.promise<@a>) : !hal.device
  util.return
}

// -----

util.func public @allocator_select_empty(%mt: i32, %bu: i32) {
  // expected-error @+1 {{'hal.allocator.select' op requires at least one device and queue affinity}}
  %d, %q = "hal.allocator.select"(%mt, %bu) : (i32, i32) -> (!hal.device, i64)
  util.return
}

// -----

util.func public @allocator_select_unpaired(%d0: !hal.device, %mt: i32, %bu: i32) {
  // expected-error @+1 {{'hal.allocator.select' op operand #0 must be 32-bit signless integer, but got '!hal.device'}}
  %d, %q = "hal.allocator.select"(%d0, %mt, %bu) : (!hal.device, i32, i32) -> (!hal.device, i64)
  util.return
}

// -----

util.func public @same_fence(%device: !hal.device, %affinity: i64, %fence: !hal.fence) {
  // expected-error @+1 {{'hal.device.queue.barrier' op device queue operations cannot wait and signal on the same fence.}}
  hal.device.queue.barrier<%device : !hal.device> affinity(%affinity) wait(%fence) signal(%fence) flags("None")
  util.return
}

// -----

util.func public @same_fence_execute(%device: !hal.device, %affinity: i64, %fence: !hal.fence, %cmd: !hal.command_buffer) {
  // expected-error @+1 {{'hal.device.queue.execute' op device queue operations cannot wait and signal on the same fence.}}
  hal.device.queue.execute<%device : !hal.device> affinity(%affinity) wait(%fence) signal(%fence) commands(%cmd) flags("None")
  util.return
}

// -----

util.func public @alloca_flags(%device: !hal.device, %affinity: i64, %wait: !hal.fence, %signal: !hal.fence, %pool: i64, %mt: i32, %size: index) {
  // expected-error @+1 {{invalid flags attribute specification: "PreferOrigin"}}
  %0 = hal.device.queue.alloca<%device : !hal.device> affinity(%affinity) wait(%wait) signal(%signal) pool(%pool) type(%mt) usage(%mt) flags(PreferOrigin) : !hal.buffer{%size}
  util.return
}

// -----

util.func public @indirect_sizes(%device: !hal.device, %affinity: i64, %wait: !hal.fence, %signal: !hal.fence, %cmd: !hal.command_buffer, %buffer: !hal.buffer, %c0: index) {
  // expected-error @+1 {{'hal.device.queue.execute.indirect' op requires that binding fields all have the same number of elements}}
  "hal.device.queue.execute.indirect"(%device, %affinity, %wait, %signal, %cmd, %buffer, %c0, %c0, %c0) <{flags = 0 : i64}> : (!hal.device, i64, !hal.fence, !hal.fence, !hal.command_buffer, !hal.buffer, index, index, index) -> ()
  util.return
}

// -----

util.func public @query_default_type(%device: !hal.device) {
  // expected-error @+1 {{'hal.device.query' op type mismatch between result and default value}}
  %ok, %value = hal.device.query<%device : !hal.device> key("sys" :: "foo") : i1, i32 = 1 : i64
  util.return
}

// -----

util.func public @memoize_types(%device: !hal.device, %affinity: i64) {
  %0 = hal.device.memoize<%device : !hal.device> affinity(%affinity) -> i32 {
    %c1 = arith.constant 1 : i64
    // expected-error @+1 {{'hal.return' op returned types must match the memoize result types}}
    hal.return %c1 : i64
  }
  util.return
}

// -----

util.func public @file_access(%device: !hal.device, %affinity: i64, %buffer: !util.buffer, %c0: index, %flags: i32) {
  // expected-error @+1 {{invalid access attribute specification: "Execute"}}
  %0 = hal.ex.file.from_memory device(%device : !hal.device) affinity(%affinity) access(Execute) buffer(%buffer : !util.buffer)[%c0 for %c0] flags(%flags) : !hal.file
  util.return
}

// -----

util.func public @memoize_terminator(%device: !hal.device, %affinity: i64) {
  // expected-error @+1 {{'hal.device.memoize' op region must end in a hal.return}}
  "hal.device.memoize"(%device, %affinity) ({
    "test.terminator"() : () -> ()
  }) : (!hal.device, i64) -> ()
  util.return
}
