// RUN: sluice-opt --split-input-file --verify-diagnostics %s
// REQUIRES: sluice-opt

util.func public @assert_type(%buffer: !hal.buffer, %allocator: !hal.allocator, %length: index) {
  // expected-error @+1 {{invalid memory_types attribute specification: "Bogus"}}
  hal.buffer.assert<%buffer : !hal.buffer> message("tensor") allocator(%allocator : !hal.allocator) minimum_length(%length) type(Bogus) usage(Transfer)
  util.return
}

// -----

util.func public @load_type(%buffer: !hal.buffer, %offset: index) {
  // expected-error @+1 {{'hal.buffer.load' op result #0 must be}}
  %0 = hal.buffer.load<%buffer : !hal.buffer>[%offset] : !hal.fence
  util.return
}
