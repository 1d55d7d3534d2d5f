// REQUIRES: sluice-opt
// RUN: sluice-opt %s --split-input-file --verify-diagnostics

util.func public @bad_element_type(%ch: !flow.channel, %t: tensor<4xf32>) {
  // expected-error @+1 {{expected string or keyword containing one of the following enum values for attribute 'element_type' [si8, ui8, si16, ui16, si32, ui32, si64, ui64, f16, f32, f64, bf16]}}
  %0 = flow.collective.all_to_all 7, %t, %t, %ch : (tensor<4xf32>, tensor<4xf32>, !flow.channel) -> %t as tensor<4xf32>
  util.return
}

// -----

util.func public @unknown_element_type(%ch: !flow.channel, %t: tensor<4xf32>) {
  // expected-error @+1 {{invalid element_type attribute specification: "f8"}}
  %0 = flow.collective.all_to_all "f8", %t, %t, %ch : (tensor<4xf32>, tensor<4xf32>, !flow.channel) -> %t as tensor<4xf32>
  util.return
}

// -----

util.func public @unknown_reduction(%ch: !flow.channel, %t: tensor<4xf32>) {
  // expected-error @+1 {{invalid reduction_op attribute specification: "mean"}}
  %0 = flow.collective.all_reduce "mean", f32, %t, %t, %ch : (tensor<4xf32>, tensor<4xf32>, !flow.channel) -> %t as tensor<4xf32>
  util.return
}

// -----

util.func public @all_reduce_types(%ch: !flow.channel, %t: tensor<4xf32>, %s: tensor<8xf32>) {
  // expected-error @+1 {{failed to verify that all of {source, target, result} have same type}}
  %0 = flow.collective.all_reduce sum, f32, %t, %s, %ch : (tensor<4xf32>, tensor<8xf32>, !flow.channel) -> %t as tensor<4xf32>
  util.return
}

// -----

util.func public @collective_dims(%ch: !flow.channel, %t: tensor<?xf32>, %s: tensor<4xf32>) {
  // expected-error @+1 {{value set has 1 dynamic dimensions but only 0 dimension values are attached}}
  %0 = "flow.collective.all_gather"(%t, %s, %ch) <{element_type = 9 : i32}> : (tensor<?xf32>, tensor<4xf32>, !flow.channel) -> tensor<?xf32>
  util.return
}
