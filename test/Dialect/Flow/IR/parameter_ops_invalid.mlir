// REQUIRES: sluice-opt
// RUN: sluice-opt %s --split-input-file --verify-diagnostics

util.func public @load_dims(%key: !util.buffer, %off: i64) {
  // expected-error @+1 {{value set has 1 dynamic dimensions but only 0 dimension values are attached}}
  %0 = "flow.parameter.load"(%key, %off) <{operandSegmentSizes = array<i32: 0, 1, 1, 0>}> : (!util.buffer, i64) -> tensor<?xf32>
  util.return
}

// -----

util.func public @write_dims(%t: tensor<?xf32>, %key: !util.buffer, %off: i64) {
  // expected-error @+1 {{value set has 1 dynamic dimensions but only 0 dimension values are attached}}
  %0 = "flow.parameter.write"(%t, %key, %off) <{operandSegmentSizes = array<i32: 1, 0, 0, 1, 1>}> : (tensor<?xf32>, !util.buffer, i64) -> tensor<?xf32>
  util.return
}
