// RUN: sluice-opt --split-input-file --verify-diagnostics %s
// REQUIRES: sluice-opt

// The verifiers check that the per-row operand lists have matching lengths
// (written in the generic form, which the custom syntax cannot express).

util.func public @load_rows_mismatch(%device: !hal.device, %aff: i64, %wait: !hal.fence, %signal: !hal.fence, %key: !util.buffer, %offset: i64, %length: index, %mem: i32, %use: i32) {
  // expected-error @+1 {{'io_parameters.load' op requires that the source keys, source offsets, and result sizes are all 1:1}}
  %r = "io_parameters.load"(%device, %aff, %wait, %signal, %key, %offset, %offset, %mem, %use, %length) <{operandSegmentSizes = array<i32: 1, 1, 1, 1, 0, 1, 2, 1, 1, 1>}> : (!hal.device, i64, !hal.fence, !hal.fence, !util.buffer, i64, i64, i32, i32, index) -> !hal.buffer
  util.return
}

// -----

util.func public @load_results_mismatch(%device: !hal.device, %aff: i64, %wait: !hal.fence, %signal: !hal.fence, %key: !util.buffer, %offset: i64, %length: index, %mem: i32, %use: i32) {
  // expected-error @+1 {{'io_parameters.load' op requires that the source keys, source offsets, and result sizes are all 1:1}}
  %r:2 = "io_parameters.load"(%device, %aff, %wait, %signal, %key, %offset, %mem, %use, %length) <{operandSegmentSizes = array<i32: 1, 1, 1, 1, 0, 1, 1, 1, 1, 1>}> : (!hal.device, i64, !hal.fence, !hal.fence, !util.buffer, i64, i32, i32, index) -> (!hal.buffer, !hal.buffer)
  util.return
}

// -----

util.func public @gather_rows_mismatch(%device: !hal.device, %aff: i64, %wait: !hal.fence, %signal: !hal.fence, %key: !util.buffer, %offset: i64, %target: !hal.buffer, %toff: index, %length: index) {
  // expected-error @+1 {{'io_parameters.gather' op requires that the source keys, target offsets, and target lengths are all 1:1}}
  "io_parameters.gather"(%device, %aff, %wait, %signal, %key, %offset, %target, %toff, %length, %length) <{operandSegmentSizes = array<i32: 1, 1, 1, 1, 0, 1, 1, 1, 1, 2>}> : (!hal.device, i64, !hal.fence, !hal.fence, !util.buffer, i64, !hal.buffer, index, index, index) -> ()
  util.return
}

// -----

util.func public @scatter_rows_mismatch(%device: !hal.device, %aff: i64, %wait: !hal.fence, %signal: !hal.fence, %key: !util.buffer, %offset: i64, %source: !hal.buffer, %soff: index, %length: index) {
  // expected-error @+1 {{'io_parameters.scatter' op requires that the source offsets, source lengths, and target keys are all 1:1}}
  "io_parameters.scatter"(%device, %aff, %wait, %signal, %source, %soff, %soff, %length, %key, %offset) <{operandSegmentSizes = array<i32: 1, 1, 1, 1, 1, 2, 1, 0, 1, 1>}> : (!hal.device, i64, !hal.fence, !hal.fence, !hal.buffer, index, index, index, !util.buffer, i64) -> ()
  util.return
}

// -----

// Zero rows are legal in the generic form.
util.func public @zero_rows_ok(%device: !hal.device, %aff: i64, %wait: !hal.fence, %signal: !hal.fence, %target: !hal.buffer) {
  "io_parameters.gather"(%device, %aff, %wait, %signal, %target) <{operandSegmentSizes = array<i32: 1, 1, 1, 1, 0, 0, 0, 1, 0, 0>}> : (!hal.device, i64, !hal.fence, !hal.fence, !hal.buffer) -> ()
  util.return
}

// -----

// With key literals the row count is the number of literals.
util.func public @literal_rows_mismatch(%device: !hal.device, %aff: i64, %wait: !hal.fence, %signal: !hal.fence, %offset: i64, %length: index, %mem: i32, %use: i32) {
  // expected-error @+1 {{'io_parameters.load' op requires that the source keys, source offsets, and result sizes are all 1:1}}
  %r = "io_parameters.load"(%device, %aff, %wait, %signal, %offset, %mem, %use, %length) <{operandSegmentSizes = array<i32: 1, 1, 1, 1, 0, 0, 1, 1, 1, 1>, source_key_literals = ["a", "b"]}> : (!hal.device, i64, !hal.fence, !hal.fence, i64, i32, i32, index) -> !hal.buffer
  util.return
}

// -----

util.func public @literal_and_ssa_keys(%device: !hal.device, %aff: i64, %wait: !hal.fence, %signal: !hal.fence, %key: !util.buffer, %offset: i64, %length: index, %mem: i32, %use: i32) {
  // expected-error @+1 {{'io_parameters.load' op cannot mix string-literal and SSA parameter keys}}
  %r = "io_parameters.load"(%device, %aff, %wait, %signal, %key, %offset, %mem, %use, %length) <{operandSegmentSizes = array<i32: 1, 1, 1, 1, 0, 1, 1, 1, 1, 1>, source_key_literals = ["a"]}> : (!hal.device, i64, !hal.fence, !hal.fence, !util.buffer, i64, i32, i32, index) -> !hal.buffer
  util.return
}

// -----

util.func public @literal_keys_ssa_scope(%device: !hal.device, %aff: i64, %wait: !hal.fence, %signal: !hal.fence, %scope: !util.buffer, %offset: i64, %target: !hal.buffer, %toff: index, %length: index) {
  // expected-error @+1 {{'io_parameters.gather' op cannot mix string-literal keys with an SSA scope}}
  "io_parameters.gather"(%device, %aff, %wait, %signal, %scope, %offset, %target, %toff, %length) <{operandSegmentSizes = array<i32: 1, 1, 1, 1, 1, 0, 1, 1, 1, 1>, source_key_literals = ["a"]}> : (!hal.device, i64, !hal.fence, !hal.fence, !util.buffer, i64, !hal.buffer, index, index) -> ()
  util.return
}

// -----

util.func public @scope_literal_without_keys(%device: !hal.device, %aff: i64, %wait: !hal.fence, %signal: !hal.fence, %key: !util.buffer, %offset: i64, %source: !hal.buffer, %soff: index, %length: index) {
  // expected-error @+1 {{'io_parameters.scatter' op scope literal requires key literals}}
  "io_parameters.scatter"(%device, %aff, %wait, %signal, %source, %soff, %length, %key, %offset) <{operandSegmentSizes = array<i32: 1, 1, 1, 1, 1, 1, 1, 0, 1, 1>, target_scope_literal = "s"}> : (!hal.device, i64, !hal.fence, !hal.fence, !hal.buffer, index, index, !util.buffer, i64) -> ()
  util.return
}
