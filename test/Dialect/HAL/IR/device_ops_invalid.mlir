// RUN: sluice-opt --split-input-file --verify-diagnostics %s
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
